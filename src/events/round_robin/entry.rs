//! Team-match results entered one board at a time: a match counts only once every board has an
//! outcome (rule 14.2 scores the whole match), so the boards entered so far wait here.

use super::result::Outcome;
use super::{Tournament, TournamentError};
use std::collections::HashMap;

/// What entering one board's outcome produced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardEntry {
    /// Every board now has an outcome: record these (board 1 first).
    Complete(Vec<Outcome>),
    /// Some boards are still open: the match has no result yet.
    Incomplete,
}

/// Board outcomes of matches not yet complete, keyed by (round, first-listed entrant, board).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PartialResults(HashMap<(usize, usize, usize), Outcome>);

impl PartialResults {
    /// The outcome waiting on `board` (0-based) of the match of `red` in `round`.
    pub fn get(&self, round: usize, red: usize, board: usize) -> Option<Outcome> {
        self.0.get(&(round, red, board)).copied()
    }

    /// Forgets everything waiting (another event was opened).
    pub fn clear(&mut self) {
        self.0.clear();
    }

    /// Sets (or with `None` clears) `board` (0-based) of a match with `boards` boards, given the
    /// games already recorded for it; returns the full result once every board is known.
    pub fn enter(
        &mut self,
        round: usize,
        red: usize,
        boards: usize,
        recorded: Option<&[Outcome]>,
        board: usize,
        outcome: Option<Outcome>,
    ) -> BoardEntry {
        let mut games: Vec<Option<Outcome>> = match recorded {
            Some(g) if g.len() == boards => g.iter().copied().map(Some).collect(),
            _ => (0..boards).map(|b| self.get(round, red, b)).collect(),
        };
        if let Some(slot) = games.get_mut(board) {
            *slot = outcome;
        }
        if games.iter().all(Option::is_some) {
            self.0.retain(|(r, k, _), _| !(*r == round && *k == red));
            return BoardEntry::Complete(games.into_iter().flatten().collect());
        }
        for (b, g) in games.iter().enumerate() {
            match g {
                Some(o) => {
                    self.0.insert((round, red, b), *o);
                }
                None => {
                    self.0.remove(&(round, red, b));
                }
            }
        }
        BoardEntry::Incomplete
    }

    /// Enters `board` (0-based) of the pairing `red`–`black` of `round` into `t`: the match is
    /// recorded once every board is known, and its result is cleared (line-ups kept) while a
    /// board is open again.
    pub fn enter_board(
        &mut self,
        t: &mut Tournament,
        round: usize,
        (red, black): (usize, usize),
        board: usize,
        outcome: Option<Outcome>,
    ) -> Result<(), TournamentError> {
        let boards = t.format().boards();
        let recorded = t.result(round, red, black).map(|m| m.games.clone());
        match self.enter(round, red, boards, recorded.as_deref(), board, outcome) {
            BoardEntry::Complete(games) => t.record(round, red, black, games),
            BoardEntry::Incomplete => {
                t.clear_games(round, red, black);
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Outcome::*;

    #[test]
    fn boards_entered_into_an_event() {
        use crate::events::round_robin::{BoardOrder, Competition, Cycles, Scoring};
        let format = Competition::Team {
            boards: 2,
            order: BoardOrder::ChosenPerMatch,
        };
        let mut t = Tournament::new("T", format, Cycles::Single, Scoring::CLASSIC).unwrap();
        t.add_entrant_list("A\nB\nC\nD").unwrap();
        t.number_as_listed().unwrap();
        let mut p = PartialResults::default();
        p.enter_board(&mut t, 1, (1, 4), 0, Some(FirstWins))
            .unwrap();
        assert_eq!(
            t.result(1, 1, 4),
            None,
            "one board of two: no result yet (14.2)"
        );
        p.enter_board(&mut t, 1, (1, 4), 1, Some(Draw)).unwrap();
        assert_eq!(t.result(1, 1, 4).unwrap().games, [FirstWins, Draw]);
        // Clearing a board takes the match result back and keeps the other board waiting.
        p.enter_board(&mut t, 1, (1, 4), 1, None).unwrap();
        assert_eq!(t.result(1, 1, 4), None);
        assert_eq!(p.get(1, 1, 0), Some(FirstWins));
        // A pairing that is not in the round is refused.
        p.enter_board(&mut t, 1, (1, 2), 0, Some(Draw)).unwrap();
        assert!(p.enter_board(&mut t, 1, (1, 2), 1, Some(Draw)).is_err());
    }

    #[test]
    fn a_match_counts_once_every_board_is_in() {
        let mut p = PartialResults::default();
        assert_eq!(
            p.enter(1, 3, 2, None, 0, Some(FirstWins)),
            BoardEntry::Incomplete
        );
        assert_eq!(p.get(1, 3, 0), Some(FirstWins));
        assert_eq!(
            p.enter(1, 3, 2, None, 1, Some(Draw)),
            BoardEntry::Complete(vec![FirstWins, Draw])
        );
        assert_eq!(p.get(1, 3, 0), None, "a complete match waits no more");
        // Clearing a board of a recorded match keeps the other board waiting.
        assert_eq!(
            p.enter(1, 3, 2, Some(&[FirstWins, Draw]), 1, None),
            BoardEntry::Incomplete
        );
        assert_eq!(p.get(1, 3, 0), Some(FirstWins));
        assert_eq!(p.get(1, 3, 1), None);
    }
}
