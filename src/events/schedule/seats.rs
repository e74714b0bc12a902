//! Who fills the knockout seats ("A1", "W QF1", "L SF2") once the results that decide them are in.

use super::export::SavedResult;
use super::fixtures::{group_letter, snake_groups, Contender, Phase};
use super::model::{Format, Problem};
use super::results::{standings, Points, Winner};
use std::collections::BTreeMap;

/// Seat name → entrant, for every seat already decided: a group's places once all its matches have
/// results, then each knockout winner and loser once both its sides are known and it has a result.
pub fn seat_holders(
    p: &Problem,
    results: &[SavedResult],
    points: Points,
) -> BTreeMap<String, usize> {
    let Format::GroupsKnockout { groups } = p.format else {
        return BTreeMap::new();
    };
    let fixtures = p.fixtures();
    let verdict_of = |i: usize| {
        results
            .iter()
            .find(|r| r.fixture == i)
            .and_then(|r| r.score.verdict().ok())
    };
    let members = snake_groups(p.entrants.len(), groups);
    let order = |g: usize| {
        let mut decided = Vec::new();
        for (i, f) in fixtures.iter().enumerate() {
            if !matches!(f.stage, Phase::Group { group, .. } if group == g) {
                continue;
            }
            decided.push((f.entrants()?.0, f.entrants()?.1, verdict_of(i)?));
        }
        Some(
            standings(&members[g], &decided, points)
                .into_iter()
                .map(|row| row.entrant)
                .collect(),
        )
    };
    fill_seats(p, order, |i| verdict_of(i).map(|v| v.winner))
}

/// Seat name → entrant from each complete group's order (`group_order(g)`: entrants, first place
/// first; `None` while matches are missing) and each knockout match's winner, whatever the scoring.
pub(crate) fn fill_seats(
    p: &Problem,
    group_order: impl Fn(usize) -> Option<Vec<usize>>,
    winner: impl Fn(usize) -> Option<Winner>,
) -> BTreeMap<String, usize> {
    let mut seats = BTreeMap::new();
    let Format::GroupsKnockout { groups } = p.format else {
        return seats;
    };
    for g in 0..groups {
        for (place, e) in group_order(g).into_iter().flatten().enumerate() {
            seats.insert(format!("{}{}", group_letter(g), place + 1), e);
        }
    }
    // Knockout fixtures are listed round by round, so feeders are settled before their sequels.
    for (i, f) in p.fixtures().iter().enumerate() {
        let Phase::Knockout { label, .. } = &f.stage else {
            continue;
        };
        let holder = |side: &Contender| match side {
            Contender::Entrant(e) => Some(*e),
            Contender::Seat(s) => seats.get(s).copied(),
        };
        let (Some(a), Some(b), Some(w)) = (holder(&f.a), holder(&f.b), winner(i)) else {
            continue;
        };
        let (w, l) = if w == Winner::A { (a, b) } else { (b, a) };
        seats.insert(format!("W {label}"), w);
        seats.insert(format!("L {label}"), l);
    }
    seats
}

/// A side's name with its holder when decided: "A1 (Li & Wang)".
pub fn side_label(side: &Contender, names: &[String], seats: &BTreeMap<String, usize>) -> String {
    match side {
        Contender::Entrant(e) => names.get(*e).cloned().unwrap_or_default(),
        Contender::Seat(s) => match seats.get(s).and_then(|&e| names.get(e)) {
            Some(name) => format!("{s} ({name})"),
            None => s.clone(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::events::schedule::{BestOf, MatchScore, Problem};

    #[test]
    fn group_places_then_knockout_winners() {
        let mut p = Problem::round_robin(8, 4, 2, 90, 15, false);
        p.format = Format::GroupsKnockout { groups: 2 };
        let fixtures = p.fixtures();
        let five = BestOf::new(3).unwrap();
        let win = |text: &str| MatchScore::parse(five, text).unwrap();
        // Lower seed number always wins its group match.
        let mut results: Vec<SavedResult> = fixtures
            .iter()
            .enumerate()
            .filter_map(|(i, f)| {
                let (a, b) = f.entrants()?;
                let score = if a < b {
                    win("11-1 11-1")
                } else {
                    win("1-11 1-11")
                };
                Some(SavedResult { fixture: i, score })
            })
            .collect();
        let seats = seat_holders(&p, &results, Points::table_tennis());
        // Snake: A = seeds 1, 4, 5, 8 → A1 = seed 1 (index 0), A2 = seed 4 (index 3).
        assert_eq!(seats.get("A1"), Some(&0));
        assert_eq!(seats.get("A2"), Some(&3));
        assert_eq!(seats.get("B1"), Some(&1));
        assert!(!seats.contains_key("W SF1"));
        let sf1 = fixtures
            .iter()
            .position(|f| matches!(&f.stage, Phase::Knockout { label, .. } if label == "SF1"))
            .unwrap();
        results.push(SavedResult {
            fixture: sf1,
            score: win("3-11 3-11"),
        });
        let seats = seat_holders(&p, &results, Points::table_tennis());
        // SF1 is A1–B2: B2 won it.
        assert_eq!(seats.get("W SF1"), seats.get("B2"));
        assert_eq!(seats.get("L SF1"), Some(&0));
        let names: Vec<String> = p.entrants.clone();
        assert_eq!(
            side_label(&Contender::Seat("L SF1".into()), &names, &seats),
            "L SF1 (1)"
        );
        assert_eq!(
            side_label(&Contender::Seat("W F".into()), &names, &seats),
            "W F"
        );
    }
}
