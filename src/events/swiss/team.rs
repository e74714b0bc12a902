//! Team Swiss: registered players, line-ups and board results. The team paired "to move first"
//! has Red on odd boards and Black on even boards (rule 13.3); players sit in their registered
//! order with substitutes allowed (12.2), so board `k` of one team meets board `k` of the other.

use super::EntrantOutcome;
use crate::color::Color;
use crate::events::round_robin::first_team_color;
use crate::events::round_robin::Outcome;
use serde::{Deserialize, Serialize};

/// The colour of the first-move team on each board `1..=boards` (13.3); its opponent has the
/// other colour.
pub fn board_colors(boards: usize) -> Vec<Color> {
    (1..=boards).map(first_team_color).collect()
}

/// One board of a team match as one team played it; the board is the seat's position in the
/// line-up and its colour follows from 13.3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    /// Index of the player in the team's registered members.
    pub member: usize,
    /// This player's result.
    pub outcome: EntrantOutcome,
    /// False for a forfeit (20.4).
    pub played: bool,
}

/// A team match as the arbiter enters it: both line-ups (member indices, board 1 first) and each
/// board's result from the Red player's side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchSheet {
    /// Line-up of the first-move team (Red on odd boards).
    pub first: Vec<usize>,
    /// Line-up of the other team.
    pub second: Vec<usize>,
    /// Board results from Red's side, board 1 first.
    pub results: Vec<Outcome>,
}

impl MatchSheet {
    /// Each team's seats: on odd boards the first team's player is Red (13.3).
    pub fn seats(&self) -> (Vec<Seat>, Vec<Seat>) {
        let mut first = Vec::new();
        let mut second = Vec::new();
        for (k, ((&a, &b), r)) in self
            .first
            .iter()
            .zip(&self.second)
            .zip(&self.results)
            .enumerate()
        {
            let (red, black, played) = r.outcomes();
            let (oa, ob) = match first_team_color(k + 1) {
                Color::Red => (red, black),
                Color::Black => (black, red),
            };
            first.push(Seat {
                member: a,
                outcome: oa,
                played,
            });
            second.push(Seat {
                member: b,
                outcome: ob,
                played,
            });
        }
        (first, second)
    }
}

/// The game points of the first-move team and of the other from the boards decided so far
/// (`None` = no result yet), with the colours of 13.3: shown while a match is entered.
pub fn match_score(results: &[Option<Outcome>]) -> (u32, u32) {
    results
        .iter()
        .enumerate()
        .filter_map(|(k, r)| r.map(|r| (k, r)))
        .fold((0, 0), |(a, b), (k, r)| {
            let (red, black, _) = r.outcomes();
            let (x, y) = match first_team_color(k + 1) {
                Color::Red => (red, black),
                Color::Black => (black, red),
            };
            (a + x.points(), b + y.points())
        })
}

/// Who sat where on one board of a recorded team match, as printed: Red's team and player,
/// Black's team and player, and the result from Red's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardLine {
    /// Board number, 1-based.
    pub board: usize,
    /// Team index with Red on this board.
    pub red_team: usize,
    /// Member index of the Red player.
    pub red: usize,
    /// Team index with Black on this board.
    pub black_team: usize,
    /// Member index of the Black player.
    pub black: usize,
    /// The result from Red's side.
    pub result: Outcome,
}

impl super::Swiss {
    /// The boards of the match `first` (the first-move team) played in `round` (1-based), with
    /// colours by 13.3; empty when that round was not entered board by board.
    pub fn board_lines(&self, round: usize, first: usize) -> Vec<BoardLine> {
        let (Some(a), Some(super::Record::Game { opponent, .. })) = (
            self.entrants.get(first),
            self.entrants
                .get(first)
                .and_then(|e| e.history.get(round.wrapping_sub(1))),
        ) else {
            return Vec::new();
        };
        let empty = Vec::new();
        let mine = a.lineups.get(round - 1).unwrap_or(&empty);
        let theirs = self.entrants[*opponent]
            .lineups
            .get(round - 1)
            .unwrap_or(&empty);
        mine.iter()
            .zip(theirs)
            .enumerate()
            .map(|(k, (x, y))| {
                let red_first = first_team_color(k + 1) == Color::Red;
                let (red_team, red, black_team, black, red_seat, black_seat) = if red_first {
                    (first, x.member, *opponent, y.member, x, y)
                } else {
                    (*opponent, y.member, first, x.member, y, x)
                };
                BoardLine {
                    board: k + 1,
                    red_team,
                    red,
                    black_team,
                    black,
                    result: Outcome::from_red(
                        red_seat.outcome,
                        black_seat.outcome,
                        red_seat.played,
                    ),
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_running_score_counts_each_board_for_its_team() {
        use Outcome::*;
        // Board 1: the first team (Red) wins; board 2: Red (the other team) wins; board 3 open.
        assert_eq!(
            match_score(&[Some(FirstWins), Some(FirstWins), None]),
            (2, 2)
        );
        assert_eq!(
            match_score(&[Some(Draw), Some(SecondWins), Some(DoubleForfeit)]),
            (3, 1)
        );
    }

    #[test]
    fn rule_13_3_first_team_red_on_odd_boards() {
        assert_eq!(
            board_colors(5),
            vec![
                Color::Red,
                Color::Black,
                Color::Red,
                Color::Black,
                Color::Red
            ]
        );
    }
}
