//! What the timetable's pages show, worked out from the event so the views only draw it: pages of
//! whole sessions, and each match's result as its box shows it.

use super::export::SavedResult;
use super::fixtures::Fixture;
use super::group_games::SavedGame;
use super::model::Problem;
use super::timetable::Schedule;
use crate::events::round_robin::Tournament;
use std::ops::Range;

/// Pages of consecutive sessions, each up to `budget` in summed `sizes` (at least one session).
pub fn session_pages(sizes: &[usize], budget: usize) -> Vec<Range<usize>> {
    let mut pages = Vec::new();
    let (mut start, mut sum) = (0, 0);
    for (i, &n) in sizes.iter().enumerate() {
        if i > start && sum + n > budget {
            pages.push(start..i);
            start = i;
            sum = 0;
        }
        sum += n;
    }
    if start < sizes.len() {
        pages.push(start..sizes.len());
    }
    pages
}

/// The matches placed in each session.
pub fn matches_per_session(p: &Problem, s: &Schedule) -> Vec<usize> {
    let slots = p.slots();
    let mut sizes = vec![0; p.sessions.len()];
    for pl in &s.placements {
        sizes[slots[pl.slot].session] += 1;
    }
    sizes
}

/// The cells of each session in the timetable's grid: its slots times the tables.
pub fn cells_per_session(p: &Problem) -> Vec<usize> {
    (0..p.sessions.len())
        .map(|s| p.slots_in(s) * p.tables)
        .collect()
}

/// Where a timetable keeps its results, by its scoring.
#[derive(Clone, Copy, Debug)]
pub enum Kept<'a> {
    /// A game-scored groups + knockout event: one game per match.
    GroupGames(&'a [SavedGame]),
    /// A game-scored round robin: the rounds view's event, when there is one.
    Event(Option<&'a Tournament>),
    /// Any other scoring: the scores typed.
    Scores(&'a [SavedResult]),
}

impl Kept<'_> {
    /// The result of match `fixture` as its box shows it: `1-0`, the boards' `1 ½ 0`, `11-9 11-7`;
    /// empty when there is none.
    pub fn as_typed(self, fixture: usize, f: &Fixture) -> String {
        match self {
            Kept::GroupGames(games) => games
                .iter()
                .find(|g| g.fixture == fixture)
                .map(|g| g.outcome.notation().to_string())
                .unwrap_or_default(),
            Kept::Event(event) => event
                .zip(f.berger_pairing())
                .and_then(|(t, (r, a, b))| t.result(r, a, b))
                .map(|m| {
                    let games: Vec<&str> = m.games.iter().map(|o| o.notation()).collect();
                    games.join(" ")
                })
                .unwrap_or_default(),
            Kept::Scores(results) => results
                .iter()
                .find(|r| r.fixture == fixture)
                .map(|r| r.score.to_string())
                .unwrap_or_default(),
        }
    }
}

/// Whether the match is a forfeit because one side withdrew (20.3): its box takes no result.
pub fn forfeit_by_withdrawal(event: Option<&Tournament>, f: &Fixture) -> bool {
    event
        .zip(f.berger_pairing())
        .is_some_and(|(t, (r, a, b))| t.is_forfeit_by_withdrawal(r, a, b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::events::round_robin::Outcome;
    use crate::events::schedule::{solve, BestOf, EventScoring, MatchScore};

    #[test]
    fn pages_hold_whole_sessions_within_the_budget() {
        assert_eq!(session_pages(&[3, 3, 3, 3], 6), [0..2, 2..4]);
        // A session larger than the budget is a page of its own.
        assert_eq!(session_pages(&[9, 1, 1], 4), [0..1, 1..3]);
        assert_eq!(session_pages(&[], 4), Vec::<Range<usize>>::new());
    }

    #[test]
    fn a_session_has_a_cell_for_each_slot_at_each_table() {
        // 90 minutes of 30-minute matches: three slots at each of 2 tables.
        let p = Problem::round_robin(4, 2, 2, 90, 30, false);
        assert_eq!(cells_per_session(&p), [6, 6]);
    }

    #[test]
    fn each_match_shows_its_result_where_its_scoring_keeps_it() {
        let p = Problem::round_robin(4, 2, 2, 90, 30, false);
        let s = solve(&p, 1, 2_000).unwrap().schedule;
        assert_eq!(matches_per_session(&p, &s).iter().sum::<usize>(), 6);
        let fixtures = p.fixtures();
        let f = &fixtures[0];
        let games = [SavedGame {
            fixture: 0,
            outcome: Outcome::FirstWins,
        }];
        assert_eq!(Kept::GroupGames(&games).as_typed(0, f), "1-0");
        assert_eq!(Kept::GroupGames(&games).as_typed(1, &fixtures[1]), "");
        let score = MatchScore::parse(BestOf::new(3).unwrap(), "11-9 11-7").unwrap();
        let scores = [SavedResult { fixture: 0, score }];
        assert_eq!(Kept::Scores(&scores).as_typed(0, f), "11-9 11-7");
        let mut t = EventScoring::Xiangqi.event_for(&p, "x").unwrap();
        assert_eq!(Kept::Event(Some(&t)).as_typed(0, f), "");
        let (r, a, b) = f.berger_pairing().unwrap();
        t.record(r, a, b, vec![Outcome::Draw]).unwrap();
        assert_eq!(Kept::Event(Some(&t)).as_typed(0, f), "½-½");
        assert_eq!(Kept::Event(None).as_typed(0, f), "");
        assert!(!forfeit_by_withdrawal(Some(&t), f));
        assert!(!forfeit_by_withdrawal(None, f));
    }
}
