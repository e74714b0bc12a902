//! The opening explorer: for a position reached by any move order, the moves played from it in a
//! collection of games, how they scored, and the games themselves.
//!
//! [`book`] is the built-in collection, the master games of the Chinese Chess Practical Dataset in
//! a compact form (`master_games.xqb` beside it, credited in `CREDIT.md`); [`index`] counts the
//! moves played from each position ([`index::Tally`] per move, keyed by [`key`]); [`shard`] writes and
//! reads the static explorer the page fetches, one small file per query. A user's own games
//! (#/games) can be counted by the same [`index::Index`] under the same key.

pub mod book;
pub mod index;
pub mod shard;

use crate::xiangqi::Position;

/// The key of a position in the explorer: the Zobrist hash of board and side to move
/// ([`Position::hash`]), so every move order that reaches a board meets the same entry, and the
/// same board with the other side to move is another. Left-right mirrors are not folded: 炮二平五
/// and 炮八平五 are shown as played.
pub fn key(position: &Position) -> u64 {
    position.hash()
}

/// How a game ended, as the explorer counts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Outcome {
    /// Red won (`1-0`).
    RedWin,
    /// A draw (`1/2-1/2`).
    Draw,
    /// Black won (`0-1`).
    BlackWin,
    /// Not recorded (`*`).
    Unknown,
}

impl Outcome {
    /// The PGN result token: `1-0`, `1/2-1/2`, `0-1` or `*`.
    pub const fn token(self) -> &'static str {
        match self {
            Outcome::RedWin => "1-0",
            Outcome::Draw => "1/2-1/2",
            Outcome::BlackWin => "0-1",
            Outcome::Unknown => "*",
        }
    }

    /// Reads a PGN result token; anything else is [`Outcome::Unknown`].
    pub fn from_token(s: &str) -> Outcome {
        match s.trim() {
            "1-0" => Outcome::RedWin,
            "1/2-1/2" | "½-½" => Outcome::Draw,
            "0-1" => Outcome::BlackWin,
            _ => Outcome::Unknown,
        }
    }

    /// The outcome's code in the compact book (0–3).
    pub(crate) const fn code(self) -> u8 {
        match self {
            Outcome::RedWin => 0,
            Outcome::Draw => 1,
            Outcome::BlackWin => 2,
            Outcome::Unknown => 3,
        }
    }

    /// The outcome of code `c` (see [`Outcome::code`]).
    pub(crate) const fn from_code(c: u8) -> Outcome {
        match c & 3 {
            0 => Outcome::RedWin,
            1 => Outcome::Draw,
            2 => Outcome::BlackWin,
            _ => Outcome::Unknown,
        }
    }
}

/// The year of a PGN date such as `1955.5`, `2001.10.03` or `1987`: its first four digits, when
/// they make a year from 1900 to 2099.
pub fn year_of(date: &str) -> Option<u16> {
    let digits: String = date.trim().chars().take(4).collect();
    let y: u16 = digits.parse().ok().filter(|_| digits.len() == 4)?;
    (1900..2100).contains(&y).then_some(y)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn years_and_outcomes_read() {
        assert_eq!(year_of("1955.5"), Some(1955));
        assert_eq!(year_of("2001.10.03"), Some(2001));
        assert_eq!(year_of("55.5"), None);
        assert_eq!(year_of(""), None);
        assert_eq!(year_of("1850"), None);
        for o in [
            Outcome::RedWin,
            Outcome::Draw,
            Outcome::BlackWin,
            Outcome::Unknown,
        ] {
            assert_eq!(Outcome::from_token(o.token()), o);
            assert_eq!(Outcome::from_code(o.code()), o);
        }
    }
}
