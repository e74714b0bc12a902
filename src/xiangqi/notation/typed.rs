//! Moves typed on the keyboard (the move box): any of the three notations, read against a
//! position, and completion of what has been typed so far.
//!
//! Input is forgiving the way people type: full-width forms (`ｈ２ｅ２`, `马８进７`) fold to ASCII,
//! spaces go, traditional characters (車馬砲進後) and either numeral style are read as the
//! simplified ones, `h2-e2` is ICCS, `C2=5` WXF. A text that reads names exactly one legal move,
//! or fails with the reason the board would give for the same move.

use super::{chinese, iccs, wxf, Notation, NotationError};
use crate::lang::{Lang, Say};
use crate::xiangqi::{Move, Piece, PlayError, Position, Square};
use std::fmt;

/// The longest text read: anything longer is not a move (and is not scanned further).
pub const MAX_LEN: usize = 32;

/// Why a typed text does not play a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TypedError {
    /// Nothing was typed.
    Empty,
    /// Not a move in any notation.
    NotUnderstood {
        /// The text as typed.
        text: String,
    },
    /// No piece of the side to move fits the description.
    NoSuchPiece {
        /// The text as typed.
        text: String,
    },
    /// Several legal moves fit: the player has to say which (前/后, `+`/`-`, or coordinates).
    Ambiguous {
        /// The text as typed.
        text: String,
        /// The moves that fit.
        moves: Vec<Move>,
    },
    /// The move is against the rules, for the same reason the board gives.
    Illegal {
        /// The text as typed.
        text: String,
        /// The rules' reason.
        reason: PlayError,
    },
}

impl From<NotationError> for TypedError {
    fn from(e: NotationError) -> TypedError {
        match e {
            NotationError::Syntax { text, .. } => TypedError::NotUnderstood { text },
            NotationError::NoSuchPiece { text } => TypedError::NoSuchPiece { text },
            NotationError::Ambiguous { text, moves } => TypedError::Ambiguous { text, moves },
            NotationError::Illegal { text, reason } => TypedError::Illegal { text, reason },
        }
    }
}

impl fmt::Display for TypedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.say(Lang::En))
    }
}

impl std::error::Error for TypedError {}

/// Folds full-width forms to ASCII, traditional characters to simplified, and drops spaces.
pub fn normalize(text: &str) -> String {
    text.chars()
        .take(MAX_LEN * 2)
        .filter(|c| !c.is_whitespace())
        .map(|c| match c {
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            '進' => '进',
            '後' => '后',
            _ => c,
        })
        .collect()
}

/// Reads a typed move in any notation and checks it in `pos`.
///
/// ```
/// use xiangqi_club::xiangqi::notation::typed::{read, TypedError};
/// use xiangqi_club::xiangqi::Position;
/// let pos = Position::start();
/// assert_eq!(read(&pos, "炮二平五").unwrap().to_string(), "h2e2");
/// assert_eq!(read(&pos, "Ｃ２＝５").unwrap().to_string(), "h2e2");
/// assert_eq!(read(&pos, "h2-e2").unwrap().to_string(), "h2e2");
/// assert!(matches!(read(&pos, "马二平三"), Err(TypedError::Illegal { .. })));
/// ```
pub fn read(pos: &Position, text: &str) -> Result<Move, TypedError> {
    let t = normalize(text);
    if t.is_empty() {
        return Err(TypedError::Empty);
    }
    if t.chars().count() > MAX_LEN {
        return Err(TypedError::NotUnderstood {
            text: text.chars().take(MAX_LEN).collect(),
        });
    }
    // The original text in messages, trimmed: what the player sees they typed.
    let shown = text.trim();
    let err = |e: NotationError| -> TypedError {
        match TypedError::from(e) {
            TypedError::NotUnderstood { .. } => TypedError::NotUnderstood { text: shown.into() },
            TypedError::NoSuchPiece { .. } => TypedError::NoSuchPiece { text: shown.into() },
            TypedError::Ambiguous { moves, .. } => TypedError::Ambiguous {
                text: shown.into(),
                moves,
            },
            TypedError::Illegal { reason, .. } => TypedError::Illegal {
                text: shown.into(),
                reason,
            },
            e => e,
        }
    };
    if iccs::looks_like(&t) {
        return iccs::read(pos, &t).map_err(err);
    }
    if t.is_ascii() {
        return wxf::read(pos, &t).map_err(err);
    }
    chinese::read(pos, &t).map_err(err)
}

/// One legal move offered while typing: the move and how it is written in the chosen notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completion {
    /// The move.
    pub mv: Move,
    /// The move in the chosen notation.
    pub text: String,
}

/// A key for prefix matching: one symbol per sign, whatever script or digit style was used.
fn key(text: &str) -> String {
    normalize(text)
        .chars()
        .filter_map(|c| {
            if let Some(r) = chinese::role_of_char(c) {
                return Some(wxf::letter(r));
            }
            if let Some(n) = chinese::digit_value(c) {
                return Some((b'0' + n) as char);
            }
            Some(match c {
                '进' => '+',
                '退' => '-',
                '平' | '=' => '.',
                '前' => '<',
                '中' => '|',
                '后' => '>',
                chinese::UNDER_LINE | chinese::OVER_LINE => return None,
                _ => c.to_ascii_uppercase(),
            })
        })
        .map(|c| match c {
            'B' => 'E',
            'N' => 'H',
            c => c,
        })
        .collect()
}

/// The legal moves in `pos` that what has been typed (`prefix`) can still become, in any
/// notation, each written in `notation`, sorted by that text. An empty prefix lists every move.
///
/// ```
/// use xiangqi_club::xiangqi::notation::typed::complete;
/// use xiangqi_club::xiangqi::notation::Notation;
/// use xiangqi_club::xiangqi::Position;
/// let pos = Position::start();
/// let c = complete(&pos, "炮二", Notation::Wxf);
/// assert!(c.iter().any(|c| c.text == "C2.5"));
/// assert!(c.iter().all(|c| c.text.starts_with("C2")));
/// ```
pub fn complete(pos: &Position, prefix: &str, notation: Notation) -> Vec<Completion> {
    if prefix.chars().count() > MAX_LEN {
        return Vec::new();
    }
    let want = key(prefix);
    // ICCS with a dash: `h2-` still completes to `h2e2`.
    let want_iccs: String = normalize(prefix)
        .chars()
        .filter(|&c| c != '-')
        .map(|c| c.to_ascii_lowercase())
        .collect();
    let mut v: Vec<Completion> = pos
        .legal_moves()
        .iter()
        .copied()
        .filter(|&m| {
            want.is_empty()
                || m.to_string().starts_with(&want_iccs)
                || key(&chinese::write(pos, m)).starts_with(&want)
                || key(&wxf::write(pos, m)).starts_with(&want)
        })
        .map(|m| Completion {
            mv: m,
            text: super::write(pos, m, notation),
        })
        .collect();
    v.sort_by(|a, b| a.text.cmp(&b.text));
    v
}

/// How a point is announced: its piece in the page's language, then its coordinates
/// ("红车 a0" / "Red chariot a0"; an empty point is its coordinates alone).
///
/// ```
/// use xiangqi_club::lang::Lang;
/// use xiangqi_club::xiangqi::notation::typed::point_name;
/// use xiangqi_club::xiangqi::{Position, Square};
/// let pos = Position::start();
/// let a0: Square = "a0".parse().unwrap();
/// assert_eq!(point_name(pos.piece_at(a0), a0, Lang::Zh), "红车 a0");
/// assert_eq!(point_name(pos.piece_at(a0), a0, Lang::En), "Red chariot a0");
/// ```
pub fn point_name(piece: Option<Piece>, sq: Square, lang: Lang) -> String {
    match piece {
        Some(p) => format!("{} {sq}", piece_name(p, lang)),
        None => sq.to_string(),
    }
}

/// A piece's name: 红车 / Red chariot.
pub fn piece_name(p: Piece, lang: Lang) -> String {
    p.say(lang)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(s: &str) -> Move {
        Move::from_iccs(s).unwrap()
    }

    #[test]
    fn reads_every_notation_and_variant() {
        let pos = Position::start();
        for t in [
            "炮二平五",
            "砲二平五",
            "炮2平5",
            "炮２平５",
            " 炮 二 平 五 ",
            "C2.5",
            "C2=5",
            "c2.5",
            "Ｃ２＝５",
            "h2e2",
            "H2-E2",
            "ｈ２ｅ２",
        ] {
            assert_eq!(read(&pos, t), Ok(mv("h2e2")), "{t}");
        }
        let black = pos.after(mv("h2e2")).unwrap();
        for t in ["马８进７", "马8進7", "馬８進７", "H8+7", "h9g7", "h9-g7"] {
            assert_eq!(read(&black, t), Ok(mv("h9g7")), "{t}");
        }
        // Two red chariots on one file: 前车 / 後車 / +R / -R.
        let pos = Position::from_fen("4k4/9/9/9/9/6R2/9/6R2/9/3K5 w - - 0 1").unwrap();
        assert_eq!(read(&pos, "前车平六"), Ok(mv("g4d4")));
        assert_eq!(read(&pos, "後車進一"), Ok(mv("g2g3")));
        assert_eq!(read(&pos, "后车进一"), Ok(mv("g2g3")));
        assert_eq!(read(&pos, "+R.6"), Ok(mv("g4d4")));
        assert_eq!(read(&pos, "-R+1"), Ok(mv("g2g3")));
    }

    #[test]
    fn errors_name_the_reason() {
        let pos = Position::start();
        assert_eq!(read(&pos, "  "), Err(TypedError::Empty));
        assert!(matches!(
            read(&pos, "hello world"),
            Err(TypedError::NotUnderstood { .. })
        ));
        assert!(matches!(
            read(&pos, "炮三平五"),
            Err(TypedError::NoSuchPiece { .. })
        ));
        // The same reason the board gives for h0h2 (rule: the horse moves one point then one
        // diagonally, not along a file).
        let e = read(&pos, "h0h2").unwrap_err();
        assert_eq!(
            e,
            TypedError::Illegal {
                text: "h0h2".into(),
                reason: pos.why_illegal(mv("h0h2")),
            }
        );
        assert_eq!(e.say(Lang::Zh), pos.why_illegal(mv("h0h2")).say(Lang::Zh));
        let tandem = Position::from_fen("4k4/9/9/9/9/6R2/9/6R2/9/3K5 w - - 0 1").unwrap();
        let e = read(&tandem, "车三平六").unwrap_err();
        assert!(matches!(e, TypedError::Ambiguous { ref moves, .. } if moves.len() == 2));
        assert!(e.say(Lang::En).contains("several"));
        assert!(e.say(Lang::Zh).contains("前后"));
        assert!(matches!(
            read(&pos, &"车".repeat(100)),
            Err(TypedError::NotUnderstood { .. })
        ));
    }

    #[test]
    fn completion_matches_any_notation_and_writes_the_chosen_one() {
        let pos = Position::start();
        assert_eq!(complete(&pos, "", Notation::Iccs).len(), 44);
        let c = complete(&pos, "炮二", Notation::Chinese);
        assert!(c.iter().all(|c| c.text.starts_with("炮二")), "{c:?}");
        assert!(c.iter().any(|c| c.text == "炮二平五"));
        assert_eq!(
            complete(&pos, "砲2平", Notation::Chinese),
            complete(&pos, "炮二平", Notation::Chinese)
        );
        let w = complete(&pos, "c2", Notation::Wxf);
        assert!(w.iter().any(|c| c.text == "C2.5"));
        let dash = complete(&pos, "h2-", Notation::Iccs);
        assert_eq!(dash.len(), 12, "{dash:?}");
        assert!(dash.iter().all(|c| c.text.starts_with("h2")));
        // `h2` is also WXF's horse on file 2 (H2+3): both readings are offered.
        let h2 = complete(&pos, "h2", Notation::Iccs);
        assert!(h2.iter().any(|c| c.text == "h0g2") && h2.iter().any(|c| c.text == "h2e2"));
        assert!(complete(&pos, "x", Notation::Iccs).is_empty());
        assert_eq!(
            complete(&pos, "h2e2", Notation::Chinese),
            vec![Completion {
                mv: mv("h2e2"),
                text: "炮二平五".into()
            }]
        );
    }

    #[test]
    fn points_are_named_in_both_languages() {
        let pos = Position::start();
        let e9: Square = "e9".parse().unwrap();
        assert_eq!(point_name(pos.piece_at(e9), e9, Lang::Zh), "黑将 e9");
        assert_eq!(point_name(pos.piece_at(e9), e9, Lang::En), "Black king e9");
        let e4: Square = "e4".parse().unwrap();
        assert_eq!(point_name(pos.piece_at(e4), e4, Lang::En), "e4");
    }
}
