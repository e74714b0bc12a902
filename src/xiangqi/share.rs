//! Share links: a position and its moves as the query `fen=<url-encoded FEN>&moves=<ICCS list>`.
//!
//! The move list is comma-separated ICCS (`h2e2,h9g7`); spaces are accepted on input.

use super::fen::FenError;
use super::position::{Move, PlayError, Position};
use crate::query::{param, percent_encode};
use std::fmt;

/// What a share link holds: where the game starts and the moves played from there.
///
/// ```
/// use xiangqi_club::xiangqi::share::SharedGame;
/// let game = SharedGame::parse("moves=h2e2,h9g7").unwrap();
/// assert_eq!(game.moves.len(), 2);
/// assert_eq!(game.to_query(), "moves=h2e2,h9g7");
/// // A bad move names its ply; the legal moves before it can still be opened.
/// assert!(SharedGame::parse("moves=h2e2,h2e2").is_err());
/// let (prefix, err) = SharedGame::parse_prefix("moves=h2e2,h2e2").unwrap();
/// assert_eq!((prefix.moves.len(), err.is_some()), (1, true));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SharedGame {
    /// The starting position.
    pub start: Position,
    /// The moves, all legal in turn from `start`.
    pub moves: Vec<Move>,
}

/// Why a share link cannot be opened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// The `fen` parameter is not a legal position.
    Fen(FenError),
    /// Move number `index` (1-based ply) is not ICCS.
    BadMove {
        /// The ply, from 1.
        ply: usize,
        /// The text found.
        text: String,
    },
    /// Move number `ply` is not legal in the position reached.
    IllegalMove {
        /// The ply, from 1.
        ply: usize,
        /// The move.
        mv: Move,
        /// Why it is illegal.
        reason: PlayError,
    },
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkError::Fen(e) => write!(f, "{e}"),
            LinkError::BadMove { ply, text } => {
                write!(f, "move {ply} `{text}` is not an ICCS move such as h2e2")
            }
            LinkError::IllegalMove { ply, mv, reason } => {
                write!(f, "move {ply} {mv} is illegal: {reason}")
            }
        }
    }
}

impl std::error::Error for LinkError {}

impl SharedGame {
    /// Reads a query string (`fen=…&moves=…`, either part optional); the start position by default.
    ///
    /// On an illegal move the error says which; the caller may still open the game up to there
    /// with [`SharedGame::parse_prefix`].
    pub fn parse(query: &str) -> Result<SharedGame, LinkError> {
        let (game, err) = SharedGame::parse_prefix(query)?;
        match err {
            None => Ok(game),
            Some(e) => Err(e),
        }
    }

    /// Like [`SharedGame::parse`], but keeps the legal moves before a bad one and returns its error.
    pub fn parse_prefix(query: &str) -> Result<(SharedGame, Option<LinkError>), LinkError> {
        let start = match param(query, "fen") {
            Some(fen) if !fen.trim().is_empty() => {
                Position::from_fen(&fen).map_err(LinkError::Fen)?
            }
            _ => Position::start(),
        };
        let mut pos = start.clone();
        let mut moves = Vec::new();
        let list = param(query, "moves").unwrap_or_default();
        for (i, text) in list.split([',', ' ']).filter(|t| !t.is_empty()).enumerate() {
            let ply = i + 1;
            let Some(mv) = Move::from_iccs(text) else {
                let e = LinkError::BadMove {
                    ply,
                    text: text.to_string(),
                };
                return Ok((SharedGame { start, moves }, Some(e)));
            };
            if let Err(reason) = pos.play(mv) {
                return Ok((
                    SharedGame { start, moves },
                    Some(LinkError::IllegalMove { ply, mv, reason }),
                ));
            }
            moves.push(mv);
        }
        Ok((SharedGame { start, moves }, None))
    }

    /// The query string for this game: `fen=…` only when not the start position, `moves=…` when any.
    pub fn to_query(&self) -> String {
        let mut parts = Vec::new();
        if self.start != Position::start() {
            parts.push(format!("fen={}", percent_encode(&self.start.fen())));
        }
        if !self.moves.is_empty() {
            let list: Vec<String> = self.moves.iter().map(|m| m.to_string()).collect();
            parts.push(format!("moves={}", list.join(",")));
        }
        parts.join("&")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_a_game_from_a_custom_position() {
        let start = Position::from_fen("3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1").unwrap();
        let moves = vec![
            Move::from_iccs("e1f1").unwrap(),
            Move::from_iccs("d9d8").unwrap(),
        ];
        let game = SharedGame { start, moves };
        let q = game.to_query();
        assert!(q.starts_with("fen=3k5%2F9"), "{q}");
        assert_eq!(SharedGame::parse(&q).unwrap(), game);
    }

    #[test]
    fn start_position_and_no_moves_is_an_empty_query() {
        let g = SharedGame::parse("").unwrap();
        assert_eq!(g.start, Position::start());
        assert_eq!(g.to_query(), "");
        assert_eq!(SharedGame::parse("moves=h2e2 h9g7").unwrap().moves.len(), 2);
    }

    #[test]
    fn bad_links_say_what_and_where() {
        let e = SharedGame::parse("fen=xyz").unwrap_err();
        assert!(matches!(e, LinkError::Fen(_)));
        let e = SharedGame::parse("moves=h2e2,zz").unwrap_err();
        assert_eq!(
            e,
            LinkError::BadMove {
                ply: 2,
                text: "zz".into()
            }
        );
        let (g, e) = SharedGame::parse_prefix("moves=h2e2,h2e2").unwrap();
        assert_eq!(g.moves.len(), 1);
        assert!(e.unwrap().to_string().starts_with("move 2 h2e2 is illegal"));
    }
}
