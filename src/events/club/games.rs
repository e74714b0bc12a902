//! The games of a finished event between two members, as the rating list takes them. Entrants
//! are matched to members by name (the event keeps its own copy of the names). Forfeits are not
//! rated: no game was played (FIDE Rating Regulations 5.1, and rule 21 of the 1999 rules).

use super::{Club, RatedGame};
use crate::events::rating::Score;
use crate::events::round_robin::{Outcome, Tournament};
use crate::events::swiss::{EntrantOutcome, Record, Swiss};

/// The played games of an individual round robin between members (team events rate nobody).
pub fn round_robin_games(club: &Club, t: &Tournament) -> Vec<RatedGame> {
    if t.format().is_team() {
        return Vec::new();
    }
    let id = |k: usize| {
        t.entrants()
            .get(k.wrapping_sub(1))
            .and_then(|e| club.by_name(&e.name))
            .map(|m| m.id)
    };
    t.results()
        .iter()
        .filter_map(|m| {
            let score = match m.games.first()? {
                Outcome::FirstWins => Score::Win,
                Outcome::Draw => Score::Draw,
                Outcome::SecondWins => Score::Loss,
                _ => return None,
            };
            Some(RatedGame {
                first: id(m.red)?,
                second: id(m.black)?,
                score,
            })
        })
        .collect()
}

/// The played games of an individual Swiss between members (each game once).
pub fn swiss_games(club: &Club, s: &Swiss) -> Vec<RatedGame> {
    if s.boards.is_some() {
        return Vec::new();
    }
    let id = |k: usize| {
        s.entrants
            .get(k)
            .and_then(|e| club.by_name(&e.entrant.name))
            .map(|m| m.id)
    };
    let mut games = Vec::new();
    for (i, e) in s.entrants.iter().enumerate() {
        for r in &e.history {
            if let Record::Game {
                opponent,
                outcome,
                played: true,
                ..
            } = *r
            {
                if i < opponent {
                    let (Some(first), Some(second)) = (id(i), id(opponent)) else {
                        continue;
                    };
                    let score = match outcome {
                        EntrantOutcome::Win => Score::Win,
                        EntrantOutcome::Draw => Score::Draw,
                        EntrantOutcome::Loss => Score::Loss,
                    };
                    games.push(RatedGame {
                        first,
                        second,
                        score,
                    });
                }
            }
        }
    }
    games
}

#[cfg(test)]
mod tests {
    use super::super::NewMember;
    use super::*;
    use crate::events::round_robin::{Competition, Cycles, Scoring};
    use crate::events::Entrant;

    fn club(names: &[&str]) -> Club {
        let mut c = Club::new();
        for (i, n) in names.iter().enumerate() {
            c.add(NewMember {
                name: n.to_string(),
                rating: Some(2000 - 50 * i as i32),
                ..NewMember::default()
            })
            .unwrap();
        }
        c
    }

    #[test]
    fn a_round_robin_between_members() {
        let c = club(&["A", "B", "C"]);
        let mut t = Tournament::new(
            "RR",
            Competition::Individual,
            Cycles::Single,
            Scoring::CLASSIC,
        )
        .unwrap();
        t.add_entrant_list("A\nB\nC\nGuest").unwrap();
        t.number_as_listed().unwrap();
        for r in t.rounds().unwrap() {
            for p in &r.games {
                t.record(r.round, p.red, p.black, vec![Outcome::Draw])
                    .unwrap();
            }
        }
        // Six games; the three with the guest rate nobody.
        let games = round_robin_games(&c, &t);
        assert_eq!(games.len(), 3);
        assert!(games.iter().all(|g| g.score == Score::Draw));
        let mut c = c;
        assert_eq!(c.rate_event("rr:x", "RR", "", &games), Ok(3));
        // Equal scores against the field: each member's history holds two games.
        assert!(c.members.iter().all(|m| m.history[0].games.len() == 2));
    }

    #[test]
    fn a_swiss_between_members() {
        let c = club(&["A", "B", "C", "D"]);
        let mut s = Swiss::new(Some(1));
        for n in ["A", "B", "C", "D"] {
            s.add_entrant(Entrant::new(n, 0));
        }
        let p = s.pair_next().unwrap();
        s.record_round(&p, &[Outcome::FirstWins, Outcome::FirstByForfeit])
            .unwrap();
        let games = swiss_games(&c, &s);
        // The forfeit is not rated; the game is counted once.
        assert_eq!(games.len(), 1);
        let b = p.boards[0];
        let red = c.by_name(&s.entrants[b.red].entrant.name).unwrap().id;
        let g = &games[0];
        let red_score = if g.first == red {
            g.score
        } else {
            g.score.flipped()
        };
        assert_eq!(red_score, Score::Win);
    }
}
