//! Team events (article 12): boards, board orders and the colour of each board (13.2).

use crate::color::Color;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The most boards a team match may have: generous for clubs, small enough to print.
pub const MAX_BOARDS: usize = 16;

/// How each team's players are put on boards (article 12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BoardOrder {
    /// 12.1 分台定人制: the registered order, board i is the i-th listed player every match.
    Fixed,
    /// 12.2 分台换人制: any choice of registered players per match, keeping their registered order.
    Substitutes,
    /// 12.3 临时定台制: any players in any order, chosen before each match.
    ChosenPerMatch,
}

/// The colour the first-listed team's player has on `board` (1-based): Red on odd boards (13.2).
pub fn first_team_color(board: usize) -> Color {
    if board % 2 == 1 {
        Color::Red
    } else {
        Color::Black
    }
}

/// Why a team's line-up for a match is not allowed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineupError {
    /// The line-up has the wrong number of players.
    WrongLength {
        /// Boards per match.
        boards: usize,
        /// Players given.
        given: usize,
    },
    /// A player index is not on the roster.
    UnknownPlayer {
        /// The 1-based roster index given.
        player: usize,
        /// Roster size.
        roster: usize,
    },
    /// The same player is on two boards.
    Repeated(usize),
    /// 12.1: the fixed order was not kept.
    NotFixedOrder,
    /// 12.2: registered order reversed between boards.
    OrderReversed {
        /// The board with a player registered after the next board's player.
        board: usize,
    },
}

impl fmt::Display for LineupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineupError::WrongLength { boards, given } => {
                write!(f, "a line-up needs {boards} players, got {given}")
            }
            LineupError::UnknownPlayer { player, roster } => {
                write!(f, "player {player} is not on the roster of {roster}")
            }
            LineupError::Repeated(p) => write!(f, "player {p} is on two boards"),
            LineupError::NotFixedOrder => {
                write!(
                    f,
                    "rule 12.1: boards must follow the registered order 1, 2, 3, ..."
                )
            }
            LineupError::OrderReversed { board } => write!(
                f,
                "rule 12.2: board {board} and board {} are in reverse registered order",
                board + 1
            ),
        }
    }
}

impl std::error::Error for LineupError {}

/// Checks a line-up (1-based roster indices, board 1 first) against the board order rule.
pub fn validate_lineup(
    order: BoardOrder,
    boards: usize,
    roster: usize,
    lineup: &[usize],
) -> Result<(), LineupError> {
    if lineup.len() != boards {
        return Err(LineupError::WrongLength {
            boards,
            given: lineup.len(),
        });
    }
    let mut seen = vec![false; roster + 1];
    for &p in lineup {
        if p == 0 || p > roster {
            return Err(LineupError::UnknownPlayer { player: p, roster });
        }
        if std::mem::replace(&mut seen[p], true) {
            return Err(LineupError::Repeated(p));
        }
    }
    match order {
        BoardOrder::Fixed => {
            if lineup.iter().enumerate().any(|(i, &p)| p != i + 1) {
                return Err(LineupError::NotFixedOrder);
            }
        }
        BoardOrder::Substitutes => {
            if let Some(i) = lineup.windows(2).position(|w| w[0] > w[1]) {
                return Err(LineupError::OrderReversed { board: i + 1 });
            }
        }
        BoardOrder::ChosenPerMatch => {}
    }
    Ok(())
}

impl super::Tournament {
    /// The players on each board of a team match, (first team, second team) board 1 first: the
    /// recorded line-ups, or the registered order when it is fixed (12.1); `None` when nothing
    /// is known yet or a team has no roster.
    pub fn lineup_names(
        &self,
        round: usize,
        red: usize,
        black: usize,
    ) -> Option<Vec<(String, String)>> {
        let super::Competition::Team { boards, order } = self.format() else {
            return None;
        };
        let (first, second) = (
            &self.entrant(red).ok()?.members,
            &self.entrant(black).ok()?.members,
        );
        let (fl, sl) = match self
            .result(round, red, black)
            .and_then(|m| m.lineups.clone())
        {
            Some(l) => l,
            None if order == BoardOrder::Fixed => ((1..=boards).collect(), (1..=boards).collect()),
            None => return None,
        };
        let get = |m: &[String], i: usize| m.get(i.wrapping_sub(1)).cloned().unwrap_or_default();
        Some(
            fl.iter()
                .zip(&sl)
                .map(|(f, s)| (get(first, *f), get(second, *s)))
                .collect(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::events::round_robin::{Competition, Cycles, Scoring, Tournament};

    fn teams(order: BoardOrder) -> Tournament {
        let format = Competition::Team { boards: 2, order };
        let mut t = Tournament::new("T", format, Cycles::Single, Scoring::CLASSIC).unwrap();
        t.add_entrant_list("A: a1, a2, a3\nB: b1, b2\nC: c1, c2\nD: d1, d2")
            .unwrap();
        t.number_as_listed().unwrap();
        t
    }

    #[test]
    fn lineup_names_follow_the_board_order() {
        // 12.1: the registered order is known before any line-up is entered.
        let fixed = teams(BoardOrder::Fixed);
        let names = fixed.lineup_names(1, 1, 4).unwrap();
        assert_eq!(
            names,
            [("a1".into(), "d1".into()), ("a2".into(), "d2".into())]
        );
        // 12.2: nothing until the line-ups are set, then the chosen players.
        let mut subs = teams(BoardOrder::Substitutes);
        assert_eq!(subs.lineup_names(1, 1, 4), None);
        subs.set_lineups(1, 1, 4, vec![1, 3], vec![1, 2]).unwrap();
        let names = subs.lineup_names(1, 1, 4).unwrap();
        assert_eq!(names[1], ("a3".to_string(), "d2".to_string()));
        // Individual events have no line-ups.
        let mut solo = Tournament::new(
            "S",
            Competition::Individual,
            Cycles::Single,
            Scoring::CLASSIC,
        )
        .unwrap();
        solo.add_entrant_list("x\ny").unwrap();
        solo.number_as_listed().unwrap();
        assert_eq!(solo.lineup_names(1, 1, 2), None);
    }

    #[test]
    fn odd_boards_red_for_first_team() {
        assert_eq!(first_team_color(1), Color::Red);
        assert_eq!(first_team_color(2), Color::Black);
        assert_eq!(first_team_color(3), Color::Red);
        assert_eq!(first_team_color(4), Color::Black);
    }

    /// How many line-ups 12.2 allows: choose `boards` of `roster` players, order kept (C(roster, boards)).
    fn substitute_lineups(roster: usize, boards: usize) -> u64 {
        if boards > roster {
            return 0;
        }
        (0..boards as u64).fold(1u64, |acc, i| acc * (roster as u64 - i) / (i + 1))
    }

    #[test]
    fn rule_12_2_example_has_fifteen_orders() {
        // 12.2: four boards and two substitutes: 1-2-3-4 ... 3-4-5-6, fifteen orders.
        assert_eq!(substitute_lineups(6, 4), 15);
        assert!(validate_lineup(BoardOrder::Substitutes, 4, 6, &[1, 2, 3, 5]).is_ok());
        assert!(validate_lineup(BoardOrder::Substitutes, 4, 6, &[3, 4, 5, 6]).is_ok());
        assert_eq!(
            validate_lineup(BoardOrder::Substitutes, 4, 6, &[1, 3, 2, 4]),
            Err(LineupError::OrderReversed { board: 2 })
        );
    }

    #[test]
    fn fixed_and_free_orders() {
        assert!(validate_lineup(BoardOrder::Fixed, 4, 4, &[1, 2, 3, 4]).is_ok());
        assert_eq!(
            validate_lineup(BoardOrder::Fixed, 4, 5, &[1, 2, 3, 5]),
            Err(LineupError::NotFixedOrder)
        );
        assert!(validate_lineup(BoardOrder::ChosenPerMatch, 3, 5, &[5, 1, 3]).is_ok());
        assert_eq!(
            validate_lineup(BoardOrder::ChosenPerMatch, 3, 5, &[5, 1, 5]),
            Err(LineupError::Repeated(5))
        );
        assert!(matches!(
            validate_lineup(BoardOrder::ChosenPerMatch, 3, 5, &[6, 1, 2]),
            Err(LineupError::UnknownPlayer { .. })
        ));
    }
}
