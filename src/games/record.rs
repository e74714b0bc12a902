//! One game as the database keeps it: its headers, its main line one byte a move (the built-in
//! book's encoding) and the whole record text only when it has more than its main line.
//!
//! Format, version 1 (every number a LEB128 varint unless said; a string is its byte length and
//! its UTF-8 bytes): the magic `XQG` and the version byte; the strings Red, Black, event, date,
//! source file; the game's number in its file; `(ecco + 1) * 4 + outcome` as the book writes it;
//! a flags byte (bit 0: a start FEN follows, bit 1: a record text follows); the start FEN; the ply
//! count and one byte per ply, the move's index among the legal moves of the position before it
//! sorted by (from point, to point); the record text (PGN of the whole tree). A plain master
//! game is about 150 bytes, a tenth of its PGN.

use crate::explorer::book::ecco_number;
use crate::explorer::{year_of, Outcome};
use crate::xiangqi::ecco::{self, Ecco};
use crate::xiangqi::notation::pgn::{read_tree, write_tree};
use crate::xiangqi::notation::Notation;
use crate::xiangqi::tree::GameTree;
use crate::xiangqi::{Move, Position, Square};

const MAGIC: &[u8] = b"XQG";
/// The record format's version: a record of a newer one is refused with
/// [`RecordError::NewerVersion`], never misread.
pub const VERSION: u8 = 1;
/// The longest main line kept (plies): a move is one byte, a game of the dataset at most ~400.
pub const MAX_PLIES: usize = 4096;

const HAS_START: u8 = 1;
const HAS_RECORD: u8 = 2;

/// Where a game came from: its file and its number there (from 1), so a list can name it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Source {
    /// The file's name as imported (a zip member: `archive.zip/inner/name.pgn`).
    pub file: String,
    /// The game's number in the file, from 1.
    pub number: u32,
}

/// One game of the database: what a list, a search and the explorer need, compactly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    /// Red's player, as the source spells it.
    pub red: String,
    /// Black's player.
    pub black: String,
    /// The event.
    pub event: String,
    /// The date as the source gives it (`1955.5`, `2001.10.03`…).
    pub date: String,
    /// The result.
    pub outcome: Outcome,
    /// The opening's ECCO code: the record's tag when it has a valid one, else the classifier's.
    pub ecco: Option<Ecco>,
    /// The start position's FEN when it is not the initial position.
    pub start: Option<String>,
    /// The main line from the start.
    pub moves: Vec<Move>,
    /// Where it was imported from.
    pub source: Source,
    /// The whole record as PGN (variations, comments, marks), only when it has more than its
    /// main line and headers: a plain game is rebuilt from the fields above.
    pub record: Option<String>,
}

/// Why bytes are not a stored game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// They do not start with `XQG`.
    NotARecord,
    /// They do not start with `XQCAT` (a saved catalogue, [`super::search::Catalogue::to_bytes`]).
    NotACatalogue,
    /// Written by a newer version of the format (that version): refused, not misread.
    NewerVersion(u8),
    /// They end at byte `at` in the middle of something.
    Truncated {
        /// Where they end.
        at: usize,
    },
    /// A string at byte `at` is not UTF-8, or the start FEN there is not a position.
    BadString {
        /// Where it starts.
        at: usize,
    },
    /// The move at ply `ply` (from 1) names no legal move.
    BadMove {
        /// The ply.
        ply: usize,
    },
    /// Bytes left after the record, from `at`.
    Trailing {
        /// Where they start.
        at: usize,
    },
}

/// Why a game read from a file is not stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// It has no move on its main line.
    NoMoves,
    /// Its main line is longer than [`MAX_PLIES`] (its length).
    TooLong(usize),
}

/// The key two copies of a game share: the built-in book's rule (the same main line, the same
/// Red, Black and date), and the same start. A stable 64-bit FNV-1a hash, so that a database
/// keeps it across versions of the app.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DedupeKey(pub u64);

/// The key of the duplicate rule for a main line, its `[red, black, date]` and its start FEN
/// (`None`: the initial position): a game's own and a catalogue's games' keys are one hash.
pub fn dedupe_key(moves: &[Move], names: [&str; 3], start: Option<&str>) -> DedupeKey {
    let mut h = Fnv::default();
    for m in moves {
        h.write(m.to_string().as_bytes());
    }
    for s in names {
        h.write(&[0xff]);
        h.write(s.as_bytes());
    }
    h.write(&[0xfe]);
    h.write(start.unwrap_or("").as_bytes());
    DedupeKey(h.0)
}

impl StoredGame {
    /// The game `tree` (number `number` of `file`) as stored: headers from its tags, the main
    /// line, the ECCO code, and its record text when it has variations, comments or marks.
    pub fn from_tree(tree: &GameTree, file: &str, number: u32) -> Result<StoredGame, GameError> {
        let tag = |n: &str| tree.tag(n).unwrap_or("").trim().to_string();
        let moves: Vec<Move> = tree
            .main_line()
            .iter()
            .filter_map(|&id| tree.node(id).and_then(|n| n.mv()))
            .collect();
        if moves.is_empty() {
            return Err(GameError::NoMoves);
        }
        if moves.len() > MAX_PLIES {
            return Err(GameError::TooLong(moves.len()));
        }
        let initial = ecco::is_initial(tree.start());
        let ecco = Ecco::parse(&tag("ECCO")).or_else(|| ecco::classify(tree.start(), &moves));
        let annotated = tree.variation_count() > 0
            || tree
                .ids()
                .filter_map(|i| tree.node(i))
                .any(|n| n.is_annotated());
        Ok(StoredGame {
            red: tag("Red"),
            black: tag("Black"),
            event: tag("Event"),
            date: tag("Date"),
            outcome: Outcome::from_token(&tag("Result")),
            ecco,
            start: (!initial).then(|| tree.start().fen()),
            moves,
            source: Source {
                file: file.to_string(),
                number,
            },
            record: annotated.then(|| write_tree(tree, Notation::Iccs)),
        })
    }

    /// The game to open on #/play: its whole record when kept, else its main line with its
    /// headers as tags.
    pub fn to_tree(&self) -> GameTree {
        if let Some(tree) = self.record.as_deref().and_then(|r| read_tree(r).ok()) {
            return tree;
        }
        let mut tree = GameTree::new(self.start_position());
        let mut at = tree.root();
        for &m in &self.moves {
            match tree.add_move(at, m) {
                Ok(next) => at = next,
                Err(_) => break,
            }
        }
        for (name, value) in [
            ("Event", self.event.as_str()),
            ("Date", &self.date),
            ("Red", &self.red),
            ("Black", &self.black),
            ("Result", self.outcome.token()),
        ] {
            tree.set_tag(name, value);
        }
        if let Some(e) = self.ecco {
            tree.set_tag("ECCO", &e.to_string());
        }
        tree
    }

    /// The position the game starts from.
    pub fn start_position(&self) -> Position {
        self.start
            .as_deref()
            .and_then(|f| Position::from_fen(f).ok())
            .unwrap_or_else(Position::start)
    }

    /// The year the game was played, from its date or else from an event named by its date
    /// (as [`crate::explorer::book::BookGame::year`]).
    pub fn year(&self) -> Option<u16> {
        year_of(&self.date).or_else(|| year_of(&self.event))
    }

    /// The key of the duplicate rule (see [`DedupeKey`]).
    pub fn dedupe_key(&self) -> DedupeKey {
        dedupe_key(
            &self.moves,
            [&self.red, &self.black, &self.date],
            self.start.as_deref(),
        )
    }

    /// The record's bytes (see the module's documentation).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        out.push(VERSION);
        for s in [
            &self.red,
            &self.black,
            &self.event,
            &self.date,
            &self.source.file,
        ] {
            string(&mut out, s);
        }
        varint(&mut out, self.source.number);
        let ecco = self.ecco.map_or(0, |e| ecco_number(e) + 1);
        varint(&mut out, ecco * 4 + self.outcome.code() as u32);
        let flags = u8::from(self.start.is_some()) * HAS_START
            + u8::from(self.record.is_some()) * HAS_RECORD;
        out.push(flags);
        if let Some(fen) = &self.start {
            string(&mut out, fen);
        }
        varint(&mut out, self.moves.len() as u32);
        let mut pos = self.start_position();
        for &m in &self.moves {
            // Moves come legal from the readers; an illegal one ends the line here.
            let Some(i) = move_index(&pos, m) else {
                break;
            };
            out.push(i);
            pos.play_unchecked(m);
        }
        if let Some(r) = &self.record {
            string(&mut out, r);
        }
        out
    }

    /// Reads a record written by [`StoredGame::to_bytes`]; a newer version is refused.
    pub fn from_bytes(bytes: &[u8]) -> Result<StoredGame, RecordError> {
        read_record(bytes, None)
    }

    /// The game as one of the browser's workers hands it to another: its record's length and
    /// bytes, then its main line as it is, two bytes a move (from point, to point), so that
    /// [`StoredGame::from_handed`] rebuilds it without the legal moves of every ply that
    /// [`StoredGame::from_bytes`] generates. Passed between workers of one build, never stored.
    pub fn to_handed(&self) -> Vec<u8> {
        let record = self.to_bytes();
        let mut out = Vec::with_capacity(record.len() + 5 + 2 * self.moves.len());
        varint(&mut out, record.len() as u32);
        out.extend_from_slice(&record);
        for m in &self.moves {
            out.extend([m.from.index() as u8, m.to.index() as u8]);
        }
        out
    }

    /// Reads [`StoredGame::to_handed`]'s bytes: the game, and its record's bytes as stored.
    pub fn from_handed(bytes: &[u8]) -> Result<(StoredGame, &[u8]), RecordError> {
        let mut r = Reader { bytes, at: 0 };
        let len = r.varint()? as usize;
        let record = r.take(len)?;
        let game = read_record(record, Some(&bytes[r.at..]))?;
        Ok((game, record))
    }
}

/// Reads a record; its main line from its bytes (each move's index among the legal ones), or
/// from `line` (two bytes a move, [`StoredGame::to_handed`]) when given.
fn read_record(bytes: &[u8], line: Option<&[u8]>) -> Result<StoredGame, RecordError> {
    let mut r = Reader::open(bytes, MAGIC, VERSION, RecordError::NotARecord)?;
    let [red, black, event, date, file] = [(); 5].map(|_| r.string());
    let number = r.varint()?;
    let code = r.varint()?;
    let ecco = (code / 4)
        .checked_sub(1)
        .and_then(|e| Ecco::new((b'A' + (e / 100).min(25) as u8) as char, (e % 100) as u8));
    let flags = r.byte()?;
    let start = match flags & HAS_START {
        0 => None,
        _ => Some(r.fen()?),
    };
    let mut pos = start
        .as_ref()
        .map_or_else(Position::start, |(_, p)| p.clone());
    let plies = r.varint()? as usize;
    if plies > MAX_PLIES {
        return Err(RecordError::BadMove { ply: MAX_PLIES + 1 });
    }
    let moves = match line {
        Some(line) => {
            r.take(plies)?;
            handed_line(line, plies)?
        }
        None => {
            let mut moves = Vec::with_capacity(plies);
            for ply in 1..=plies {
                let i = r.byte()? as usize;
                let m = move_at(&pos, i).ok_or(RecordError::BadMove { ply })?;
                pos.play_unchecked(m);
                moves.push(m);
            }
            moves
        }
    };
    let record = match flags & HAS_RECORD {
        0 => None,
        _ => Some(r.string()?),
    };
    if r.at != bytes.len() {
        return Err(RecordError::Trailing { at: r.at });
    }
    Ok(StoredGame {
        red: red?,
        black: black?,
        event: event?,
        date: date?,
        outcome: Outcome::from_code(code as u8),
        ecco,
        start: start.map(|(f, _)| f),
        moves,
        source: Source {
            file: file?,
            number,
        },
        record,
    })
}

/// The first `plies` moves of a handed line, two bytes a move.
fn handed_line(line: &[u8], plies: usize) -> Result<Vec<Move>, RecordError> {
    let raw = line
        .get(..2 * plies)
        .ok_or(RecordError::Truncated { at: line.len() })?;
    raw.chunks(2)
        .enumerate()
        .map(|(i, p)| {
            let point = |b: u8| Square::from_index(b as usize);
            match (point(p[0]), point(p[1])) {
                (Some(from), Some(to)) => Ok(Move { from, to }),
                _ => Err(RecordError::BadMove { ply: i + 1 }),
            }
        })
        .collect()
}

/// The index of `m` among the legal moves of `pos` sorted by (from, to), as the book writes a
/// move; `None` when it is not legal. Counted, not sorted: this runs once a ply of every game.
fn move_index(pos: &Position, m: Move) -> Option<u8> {
    let list = pos.legal_moves();
    list.contains(&m)
        .then(|| list.iter().filter(|&&l| l < m).count() as u8)
}

/// The legal move of `pos` at `index` in (from, to) order (see [`move_index`]).
fn move_at(pos: &Position, index: usize) -> Option<Move> {
    let list = pos.legal_moves();
    let n = list.len();
    if index >= n {
        return None;
    }
    let mut moves = [list.as_slice()[0]; 128];
    moves[..n].copy_from_slice(list.as_slice());
    Some(*moves[..n].select_nth_unstable(index).1)
}

/// FNV-1a, 64 bits: stable across builds and platforms, unlike the standard library's hasher.
struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

pub(super) fn varint(out: &mut Vec<u8>, mut v: u32) {
    while v >= 0x80 {
        out.push(v as u8 | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

pub(super) fn string(out: &mut Vec<u8>, s: &str) {
    varint(out, s.len() as u32);
    out.extend_from_slice(s.as_bytes());
}

/// A cursor over a record's bytes (and a catalogue's: [`super::search::Catalogue::from_bytes`]).
pub(super) struct Reader<'a> {
    pub(super) bytes: &'a [u8],
    pub(super) at: usize,
}

impl<'a> Reader<'a> {
    /// A reader just past `magic` and a version byte no newer than `version` (this build's);
    /// `missing` when the bytes do not start with `magic`.
    pub(super) fn open(
        bytes: &'a [u8],
        magic: &[u8],
        version: u8,
        missing: RecordError,
    ) -> Result<Reader<'a>, RecordError> {
        if !bytes.starts_with(magic) {
            return Err(missing);
        }
        let mut r = Reader {
            bytes,
            at: magic.len(),
        };
        let found = r.byte()?;
        if found > version {
            return Err(RecordError::NewerVersion(found));
        }
        Ok(r)
    }

    pub(super) fn take(&mut self, n: usize) -> Result<&'a [u8], RecordError> {
        let end = self
            .at
            .checked_add(n)
            .filter(|&e| e <= self.bytes.len())
            .ok_or(RecordError::Truncated {
                at: self.bytes.len(),
            })?;
        let s = &self.bytes[self.at..end];
        self.at = end;
        Ok(s)
    }

    pub(super) fn byte(&mut self) -> Result<u8, RecordError> {
        Ok(self.take(1)?[0])
    }

    pub(super) fn varint(&mut self) -> Result<u32, RecordError> {
        let mut v: u64 = 0;
        for shift in (0..35).step_by(7) {
            let b = self.byte()?;
            v |= ((b & 0x7f) as u64) << shift;
            if b < 0x80 {
                return u32::try_from(v).map_err(|_| RecordError::Truncated { at: self.at });
            }
        }
        Err(RecordError::Truncated { at: self.at })
    }

    pub(super) fn string(&mut self) -> Result<String, RecordError> {
        let len = self.varint()? as usize;
        let at = self.at;
        let bytes = self.take(len)?;
        String::from_utf8(bytes.to_vec()).map_err(|_| RecordError::BadString { at })
    }

    /// A start FEN and its position.
    pub(super) fn fen(&mut self) -> Result<(String, Position), RecordError> {
        let at = self.at;
        let fen = self.string()?;
        let pos = Position::from_fen(&fen).map_err(|_| RecordError::BadString { at })?;
        Ok((fen, pos))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game() -> StoredGame {
        StoredGame {
            red: "呂欽".into(),
            black: "許銀川".into(),
            event: "全國個人賽".into(),
            date: "1995.10.03".into(),
            outcome: Outcome::Draw,
            ecco: Ecco::parse("C64"),
            start: None,
            moves: ["h2e2", "h9g7", "h0g2"]
                .iter()
                .map(|m| m.parse().unwrap())
                .collect(),
            source: Source {
                file: "a.pgn".into(),
                number: 3,
            },
            record: None,
        }
    }

    #[test]
    fn a_game_handed_between_workers_reads_back_with_its_record_as_stored() {
        let mut g = game();
        g.start = Some("3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1".into());
        g.moves = vec!["e1d2".parse().unwrap(), "d9d8".parse().unwrap()];
        g.record = Some("1. A5+4 {a comment} 1... K5+1".into());
        for g in [game(), g] {
            let handed = g.to_handed();
            let (back, record) = StoredGame::from_handed(&handed).unwrap();
            assert_eq!(back, g);
            assert_eq!(record, &g.to_bytes()[..]);
        }
    }

    #[test]
    fn a_handed_game_cut_short_or_off_the_board_is_an_error() {
        let handed = game().to_handed();
        let cut = &handed[..handed.len() - 1];
        assert!(matches!(
            StoredGame::from_handed(cut),
            Err(RecordError::Truncated { .. })
        ));
        let mut off = handed.clone();
        let last = off.len() - 1;
        off[last] = 90;
        assert_eq!(
            StoredGame::from_handed(&off),
            Err(RecordError::BadMove { ply: 3 })
        );
        assert!(StoredGame::from_handed(&handed[..3]).is_err());
    }

    #[test]
    fn a_plain_game_is_small_and_reads_back() {
        let g = game();
        let bytes = g.to_bytes();
        // The names (43 bytes of UTF-8) and 3 moves, and 16 bytes of framing.
        assert_eq!(bytes.len(), 62);
        assert_eq!(StoredGame::from_bytes(&bytes), Ok(g));
    }

    #[test]
    fn damaged_records_are_refused_with_where() {
        let bytes = game().to_bytes();
        assert_eq!(StoredGame::from_bytes(b"PGN"), Err(RecordError::NotARecord));
        let mut newer = bytes.clone();
        newer[MAGIC.len()] = VERSION + 1;
        assert_eq!(
            StoredGame::from_bytes(&newer),
            Err(RecordError::NewerVersion(VERSION + 1))
        );
        assert!(matches!(
            StoredGame::from_bytes(&bytes[..bytes.len() - 1]),
            Err(RecordError::Truncated { .. })
        ));
        let mut bad = bytes.clone();
        *bad.last_mut().unwrap() = 250;
        assert_eq!(
            StoredGame::from_bytes(&bad),
            Err(RecordError::BadMove { ply: 3 })
        );
        let mut long = bytes;
        long.push(0);
        assert!(matches!(
            StoredGame::from_bytes(&long),
            Err(RecordError::Trailing { .. })
        ));
    }

    #[test]
    fn moves_are_numbered_as_the_book_numbers_them() {
        use crate::explorer::book::{Book, BookGame};
        let g = game();
        let mut book = Book::new();
        book.add(BookGame {
            red: g.red.clone(),
            black: g.black.clone(),
            event: g.event.clone(),
            date: g.date.clone(),
            outcome: g.outcome,
            ecco: g.ecco,
            moves: g.moves.clone(),
        });
        let written = book.write().unwrap();
        let ours = g.to_bytes();
        let plies = &ours[ours.len() - g.moves.len()..];
        assert!(written.ends_with(plies), "{written:?} {plies:?}");
        let mut pos = Position::start();
        for &m in &g.moves {
            let i = move_index(&pos, m).unwrap();
            assert_eq!(move_at(&pos, i as usize), Some(m));
            pos.play_unchecked(m);
        }
    }

    #[test]
    fn the_dedupe_key_is_the_books_rule() {
        let a = game();
        let mut b = game();
        b.event = "another event".into();
        b.source.number = 9;
        assert_eq!(a.dedupe_key(), b.dedupe_key());
        b.date = "1995".into();
        assert_ne!(a.dedupe_key(), b.dedupe_key());
        let mut c = game();
        c.moves.pop();
        assert_ne!(a.dedupe_key(), c.dedupe_key());
    }
}
