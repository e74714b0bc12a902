//! The teacher's sets: named lists of positions, each with its answer line and a comment, handed
//! out as a file or as a link (`#/train?set=…`) that needs no server.
//!
//! File: JSON `{"version":1,"name":"…","items":[{"fen":"…","moves":["h2e2",…],"comment":"…"}]}`.
//! Link: base64url (no padding) of a compact binary form: a version byte, the name, then per
//! item the board as a 90-bit occupancy map (bit 90 the side to move) and a 4-bit code per piece,
//! the moves as two point indexes each, and the comment (lengths as LEB128 varints, texts UTF-8).
//! Move counters are not kept in a link (a position opens at move 1).
//!
//! Caps: [`MAX_ITEMS`] positions a set, [`MAX_LINE`] plies a line, [`MAX_NAME`] and
//! [`MAX_COMMENT`] characters, [`MAX_LINK_CHARS`] characters of link (so that a QR code of the
//! whole address still scans), [`MAX_FILE_BYTES`] bytes of file.

use crate::xiangqi::{Color, FenError, Move, Piece, PlayError, Position, Setup, Square};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The set formats' version (file and link): a newer one is refused with
/// [`SetError::NewerVersion`].
pub const SET_VERSION: u32 = 1;
/// The most positions in a set.
pub const MAX_ITEMS: usize = 100;
/// The most plies in one position's line.
pub const MAX_LINE: usize = 40;
/// The longest name, in characters.
pub const MAX_NAME: usize = 100;
/// The longest comment, in characters.
pub const MAX_COMMENT: usize = 500;
/// The longest link payload (after `set=`), in characters: a QR code at medium error correction
/// holds 2,331 bytes, which leaves room for the address before it.
pub const MAX_LINK_CHARS: usize = 2_000;
/// The largest set file, in bytes.
pub const MAX_FILE_BYTES: usize = 1_000_000;
/// The query parameter of a set link: `#/train?set=…`.
pub const SET_PARAM: &str = "set";

/// One position of a set: the class is to move in `fen`; `moves` is the answer line from there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetItem {
    /// The position.
    pub fen: String,
    /// The answer and its line (may be empty: a position to discuss).
    pub moves: Vec<Move>,
    /// The teacher's comment.
    pub comment: String,
}

/// A named set of positions.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PuzzleSet {
    /// Its name.
    pub name: String,
    /// Its positions, in the teacher's order.
    pub items: Vec<SetItem>,
}

/// What limit a set broke.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cap {
    /// [`MAX_ITEMS`].
    Items,
    /// [`MAX_LINE`].
    Line,
    /// [`MAX_NAME`].
    Name,
    /// [`MAX_COMMENT`].
    Comment,
    /// [`MAX_LINK_CHARS`].
    LinkChars,
    /// [`MAX_FILE_BYTES`].
    FileBytes,
}

impl Cap {
    /// The limit's value.
    pub const fn limit(self) -> usize {
        match self {
            Cap::Items => MAX_ITEMS,
            Cap::Line => MAX_LINE,
            Cap::Name => MAX_NAME,
            Cap::Comment => MAX_COMMENT,
            Cap::LinkChars => MAX_LINK_CHARS,
            Cap::FileBytes => MAX_FILE_BYTES,
        }
    }
}

/// How a set's file or link is damaged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Corruption {
    /// The file is not a set's JSON (serde's message).
    NotJson(String),
    /// The link has a character base64url does not use.
    NotBase64,
    /// The link ends in the middle of a set.
    Truncated,
    /// A text in the link is not UTF-8, or a piece code or point is out of range.
    BadBytes,
    /// The link has bytes left after the last position.
    TrailingBytes,
}

/// Why a set cannot be read or written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetError {
    /// The file or link is damaged.
    Corrupt(Corruption),
    /// Made by a newer version of the app.
    NewerVersion {
        /// The version found.
        found: u32,
        /// The newest this build reads.
        supported: u32,
    },
    /// Over a cap.
    TooBig {
        /// Which.
        cap: Cap,
        /// How much there is.
        found: usize,
    },
    /// Position `item` (from 0) is not legal.
    Fen {
        /// The item.
        item: usize,
        /// Why.
        error: FenError,
    },
    /// A move of item `item`'s line is not ICCS.
    BadMove {
        /// The item.
        item: usize,
        /// The ply, from 0.
        ply: usize,
        /// The text found.
        text: String,
    },
    /// A move of item `item`'s line is illegal.
    IllegalMove {
        /// The item.
        item: usize,
        /// The ply, from 0.
        ply: usize,
        /// The move.
        mv: Move,
        /// Why.
        reason: PlayError,
    },
}

impl fmt::Display for SetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetError::Corrupt(c) => {
                let why = match c {
                    Corruption::NotJson(e) => format!("not a set file ({e})"),
                    Corruption::NotBase64 => "the link has characters a set link never has".into(),
                    Corruption::Truncated => "the link is cut short".into(),
                    Corruption::BadBytes => "the link's data is garbled".into(),
                    Corruption::TrailingBytes => "the link has data after its last position".into(),
                };
                write!(f, "the puzzle set is damaged: {why}")
            }
            SetError::NewerVersion { found, supported } => write!(
                f,
                "the puzzle set was made by a newer version of the app (format {found}; this one reads up to {supported}): update the app"
            ),
            SetError::TooBig { cap, found } => {
                let what = match cap {
                    Cap::Items => "positions",
                    Cap::Line => "moves in one line",
                    Cap::Name => "characters in the name",
                    Cap::Comment => "characters in one comment",
                    Cap::LinkChars => "characters of link",
                    Cap::FileBytes => "bytes of file",
                };
                write!(f, "the puzzle set is too big: {found} {what}, at most {}", cap.limit())
            }
            SetError::Fen { item, error } => write!(f, "position {}: {error}", item + 1),
            SetError::BadMove { item, ply, text } => write!(
                f,
                "position {}, move {}: `{text}` is not an ICCS move such as h2e2",
                item + 1,
                ply + 1
            ),
            SetError::IllegalMove { item, ply, mv, reason } => write!(
                f,
                "position {}, move {}: {mv} is illegal: {reason}",
                item + 1,
                ply + 1
            ),
        }
    }
}

impl std::error::Error for SetError {}

#[derive(Serialize, Deserialize)]
struct RawSet {
    version: u32,
    name: String,
    items: Vec<RawItem>,
}

#[derive(Serialize, Deserialize)]
struct RawItem {
    fen: String,
    #[serde(default)]
    moves: Vec<String>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    comment: String,
}

impl SetItem {
    /// Checks the position and the line (`item`: its index, for the error).
    fn check(&self, item: usize) -> Result<Position, SetError> {
        if self.moves.len() > MAX_LINE {
            return Err(SetError::TooBig {
                cap: Cap::Line,
                found: self.moves.len(),
            });
        }
        let chars = self.comment.chars().count();
        if chars > MAX_COMMENT {
            return Err(SetError::TooBig {
                cap: Cap::Comment,
                found: chars,
            });
        }
        let start = Position::from_fen(&self.fen).map_err(|error| SetError::Fen { item, error })?;
        let mut pos = start.clone();
        for (ply, &mv) in self.moves.iter().enumerate() {
            pos.play(mv).map_err(|reason| SetError::IllegalMove {
                item,
                ply,
                mv,
                reason,
            })?;
        }
        Ok(start)
    }
}

impl PuzzleSet {
    /// Checks every cap and every position and move.
    pub fn check(&self) -> Result<(), SetError> {
        let name = self.name.chars().count();
        if name > MAX_NAME {
            return Err(SetError::TooBig {
                cap: Cap::Name,
                found: name,
            });
        }
        if self.items.len() > MAX_ITEMS {
            return Err(SetError::TooBig {
                cap: Cap::Items,
                found: self.items.len(),
            });
        }
        for (i, item) in self.items.iter().enumerate() {
            item.check(i)?;
        }
        Ok(())
    }

    /// The set as a file (pretty JSON), after [`PuzzleSet::check`].
    pub fn to_file(&self) -> Result<String, SetError> {
        self.check()?;
        let raw = RawSet {
            version: SET_VERSION,
            name: self.name.clone(),
            items: self
                .items
                .iter()
                .map(|i| RawItem {
                    fen: i.fen.clone(),
                    moves: i.moves.iter().map(Move::to_string).collect(),
                    comment: i.comment.clone(),
                })
                .collect(),
        };
        Ok(serde_json::to_string_pretty(&raw).unwrap_or_else(|_| unreachable!()))
    }

    /// Reads a set file.
    pub fn from_file(text: &str) -> Result<PuzzleSet, SetError> {
        if text.len() > MAX_FILE_BYTES {
            return Err(SetError::TooBig {
                cap: Cap::FileBytes,
                found: text.len(),
            });
        }
        let corrupt = |e: serde_json::Error| SetError::Corrupt(Corruption::NotJson(e.to_string()));
        #[derive(Deserialize)]
        struct Versioned {
            version: u32,
        }
        let v: Versioned = serde_json::from_str(text).map_err(corrupt)?;
        if v.version > SET_VERSION {
            return Err(SetError::NewerVersion {
                found: v.version,
                supported: SET_VERSION,
            });
        }
        let raw: RawSet = serde_json::from_str(text).map_err(corrupt)?;
        let mut items = Vec::with_capacity(raw.items.len().min(MAX_ITEMS));
        for (item, r) in raw.items.into_iter().enumerate() {
            let mut moves = Vec::with_capacity(r.moves.len());
            for (ply, text) in r.moves.iter().enumerate() {
                let mv = Move::from_iccs(text).ok_or_else(|| SetError::BadMove {
                    item,
                    ply,
                    text: text.clone(),
                })?;
                moves.push(mv);
            }
            items.push(SetItem {
                fen: r.fen,
                moves,
                comment: r.comment,
            });
        }
        let set = PuzzleSet {
            name: raw.name,
            items,
        };
        set.check()?;
        Ok(set)
    }

    /// The link payload (the value of `set=`), after [`PuzzleSet::check`]; too long a set is
    /// [`SetError::TooBig`] with [`Cap::LinkChars`] (hand it out as a file instead).
    pub fn to_link(&self) -> Result<String, SetError> {
        self.check()?;
        let mut b = vec![SET_VERSION as u8];
        put_text(&mut b, &self.name);
        put_varint(&mut b, self.items.len());
        for item in &self.items {
            let pos = Position::from_fen(&item.fen).unwrap_or_else(|_| unreachable!("checked"));
            let mut occupancy = [0u8; 12];
            let mut codes = Vec::new();
            for sq in Square::all() {
                if let Some(p) = pos.piece_at(sq) {
                    occupancy[sq.index() / 8] |= 1 << (sq.index() % 8);
                    codes.push(p.code());
                }
            }
            if pos.turn() == Color::Black {
                occupancy[90 / 8] |= 1 << (90 % 8);
            }
            b.extend_from_slice(&occupancy);
            for pair in codes.chunks(2) {
                b.push(pair[0] | pair.get(1).map_or(0, |c| c << 4));
            }
            put_varint(&mut b, item.moves.len());
            for m in &item.moves {
                b.push(m.from.index() as u8);
                b.push(m.to.index() as u8);
            }
            put_text(&mut b, &item.comment);
        }
        let link = base64url(&b);
        if link.len() > MAX_LINK_CHARS {
            return Err(SetError::TooBig {
                cap: Cap::LinkChars,
                found: link.len(),
            });
        }
        Ok(link)
    }

    /// Reads a link payload (the value of `set=`).
    pub fn from_link(text: &str) -> Result<PuzzleSet, SetError> {
        let text = text.trim();
        if text.len() > MAX_LINK_CHARS {
            return Err(SetError::TooBig {
                cap: Cap::LinkChars,
                found: text.len(),
            });
        }
        let bytes = from_base64url(text).ok_or(SetError::Corrupt(Corruption::NotBase64))?;
        let mut r = Reader {
            bytes: &bytes,
            at: 0,
        };
        let version = u32::from(r.byte()?);
        if version > SET_VERSION {
            return Err(SetError::NewerVersion {
                found: version,
                supported: SET_VERSION,
            });
        }
        if version == 0 {
            return Err(SetError::Corrupt(Corruption::BadBytes));
        }
        let name = r.text(MAX_NAME, Cap::Name)?;
        let count = r.varint()?;
        if count > MAX_ITEMS {
            return Err(SetError::TooBig {
                cap: Cap::Items,
                found: count,
            });
        }
        let mut items = Vec::with_capacity(count);
        for item in 0..count {
            let occupancy = r.take(12)?;
            let occupied: Vec<usize> = (0..90)
                .filter(|&i| occupancy[i / 8] & (1 << (i % 8)) != 0)
                .collect();
            let black = occupancy[90 / 8] & (1 << (90 % 8)) != 0;
            let packed = r.take(occupied.len().div_ceil(2))?;
            let mut setup = Setup::empty();
            setup.turn = if black { Color::Black } else { Color::Red };
            for (k, &i) in occupied.iter().enumerate() {
                let code = (packed[k / 2] >> (4 * (k % 2))) & 0x0f;
                let piece =
                    Piece::from_code(code).ok_or(SetError::Corrupt(Corruption::BadBytes))?;
                setup.board[i] = Some(piece);
            }
            let plies = r.varint()?;
            if plies > MAX_LINE {
                return Err(SetError::TooBig {
                    cap: Cap::Line,
                    found: plies,
                });
            }
            let mut moves = Vec::with_capacity(plies);
            for _ in 0..plies {
                let pair = r.take(2)?;
                let sq = |i: u8| {
                    Square::from_index(usize::from(i))
                        .ok_or(SetError::Corrupt(Corruption::BadBytes))
                };
                moves.push(Move::new(sq(pair[0])?, sq(pair[1])?));
            }
            let comment = r.text(MAX_COMMENT, Cap::Comment)?;
            let fen = match Position::from_setup(&setup) {
                Ok(pos) => pos.fen(),
                Err(e) => {
                    return Err(SetError::Fen {
                        item,
                        error: FenError::Position(e),
                    })
                }
            };
            items.push(SetItem {
                fen,
                moves,
                comment,
            });
        }
        if r.at != bytes.len() {
            return Err(SetError::Corrupt(Corruption::TrailingBytes));
        }
        let set = PuzzleSet { name, items };
        set.check()?;
        Ok(set)
    }
}

fn put_varint(b: &mut Vec<u8>, mut n: usize) {
    loop {
        let byte = (n & 0x7f) as u8;
        n >>= 7;
        if n == 0 {
            b.push(byte);
            return;
        }
        b.push(byte | 0x80);
    }
}

fn put_text(b: &mut Vec<u8>, s: &str) {
    put_varint(b, s.len());
    b.extend_from_slice(s.as_bytes());
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], SetError> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or(SetError::Corrupt(Corruption::Truncated))?;
        let s = &self.bytes[self.at..end];
        self.at = end;
        Ok(s)
    }

    fn byte(&mut self) -> Result<u8, SetError> {
        Ok(self.take(1)?[0])
    }

    fn varint(&mut self) -> Result<usize, SetError> {
        let mut n: usize = 0;
        for shift in (0..28).step_by(7) {
            let b = self.byte()?;
            n |= usize::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Ok(n);
            }
        }
        Err(SetError::Corrupt(Corruption::BadBytes))
    }

    /// A text of at most `max` characters (4 bytes each at most, so longer byte counts are refused
    /// before reading).
    fn text(&mut self, max: usize, cap: Cap) -> Result<String, SetError> {
        let len = self.varint()?;
        if len > max * 4 {
            return Err(SetError::TooBig { cap, found: len });
        }
        let s = std::str::from_utf8(self.take(len)?)
            .map_err(|_| SetError::Corrupt(Corruption::BadBytes))?;
        Ok(s.to_string())
    }
}

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Base64url without padding (RFC 4648 §5).
fn base64url(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(B64[(n >> (18 - 6 * i) & 0x3f) as usize] as char);
        }
    }
    out
}

/// The bytes of a base64url text (padding `=` tolerated); `None` for another character.
fn from_base64url(text: &str) -> Option<Vec<u8>> {
    let text = text.trim_end_matches('=');
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let mut acc = 0u32;
    let mut bits = 0;
    for c in text.bytes() {
        let v = B64.iter().position(|&b| b == c)? as u32;
        acc = acc << 6 | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    if text.len() % 4 == 1 {
        return None;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn homework() -> PuzzleSet {
        let m = |s: &str| Move::from_iccs(s).unwrap();
        PuzzleSet {
            name: "第一课：马后炮".into(),
            items: vec![
                SetItem {
                    fen: crate::xiangqi::START_FEN.into(),
                    moves: vec![m("h2e2"), m("h9g7")],
                    comment: "中炮开局 — the central cannon".into(),
                },
                SetItem {
                    fen: "3k5/9/3P5/9/9/9/9/9/9/4K2R1 w - - 0 1".into(),
                    moves: vec![m("h0h9")],
                    comment: String::new(),
                },
                SetItem {
                    fen: "4k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1".into(),
                    moves: vec![],
                    comment: "Black to move".into(),
                },
            ],
        }
    }

    #[test]
    fn file_round_trip() {
        let set = homework();
        let file = set.to_file().unwrap();
        assert!(file.contains("\"version\": 1"));
        assert_eq!(PuzzleSet::from_file(&file).unwrap(), set);
    }

    #[test]
    fn link_round_trip() {
        let set = homework();
        let link = set.to_link().unwrap();
        assert!(link.bytes().all(|b| B64.contains(&b)), "{link}");
        assert!(link.len() < 200, "{} characters", link.len());
        assert_eq!(PuzzleSet::from_link(&link).unwrap(), set);
    }

    #[test]
    fn base64url_round_trips_every_length() {
        for n in 0..20u8 {
            let bytes: Vec<u8> = (0..n)
                .map(|i| i.wrapping_mul(97).wrapping_add(250))
                .collect();
            assert_eq!(from_base64url(&base64url(&bytes)).unwrap(), bytes);
        }
        assert_eq!(base64url(b"\xfb\xff"), "-_8");
    }

    #[test]
    fn corrupt_newer_and_too_big_sets_are_typed_errors() {
        let set = homework();
        let link = set.to_link().unwrap();
        assert_eq!(
            PuzzleSet::from_link("abc$"),
            Err(SetError::Corrupt(Corruption::NotBase64))
        );
        assert_eq!(
            PuzzleSet::from_link(&link[..link.len() - 8]),
            Err(SetError::Corrupt(Corruption::Truncated))
        );
        let mut newer = from_base64url(&link).unwrap();
        newer[0] = 2;
        assert_eq!(
            PuzzleSet::from_link(&base64url(&newer)),
            Err(SetError::NewerVersion {
                found: 2,
                supported: 1
            })
        );
        let file = set.to_file().unwrap();
        assert!(matches!(
            PuzzleSet::from_file(&file.replace("\"version\": 1", "\"version\": 7")),
            Err(SetError::NewerVersion { found: 7, .. })
        ));
        assert!(matches!(
            PuzzleSet::from_file(&file[..file.len() / 2]),
            Err(SetError::Corrupt(Corruption::NotJson(_)))
        ));
        assert!(matches!(
            PuzzleSet::from_file(&file.replace("h9g7", "h9h7")),
            Err(SetError::IllegalMove {
                item: 0,
                ply: 1,
                ..
            })
        ));
        let mut big = set.clone();
        big.items = vec![set.items[1].clone(); MAX_ITEMS + 1];
        assert_eq!(
            big.to_file(),
            Err(SetError::TooBig {
                cap: Cap::Items,
                found: MAX_ITEMS + 1
            })
        );
        let mut long = set.clone();
        long.items = vec![set.items[0].clone(); 60];
        assert!(matches!(
            long.to_link(),
            Err(SetError::TooBig {
                cap: Cap::LinkChars,
                ..
            })
        ));
        assert!(
            long.to_file().is_ok(),
            "a set too long for a link still goes as a file"
        );
        assert!(matches!(
            PuzzleSet::from_link(&"A".repeat(MAX_LINK_CHARS + 1)),
            Err(SetError::TooBig {
                cap: Cap::LinkChars,
                ..
            })
        ));
    }
}
