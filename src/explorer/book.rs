//! The built-in book: every distinct game of a collection, in a compact binary form that
//! `xq explorer pack` writes and `xq explorer build` reads.
//!
//! Format, version 1 (every number a LEB128 varint unless said): the magic `XQBOOK` and the
//! version byte `1`; the string table (its count, then each string as its byte length and UTF-8
//! bytes: players, events and dates in the order first used); the game count, then per game the
//! string numbers of Red, Black, the event and the date, then `(ecco + 1) * 4 + outcome` (ecco
//! `(letter - 'A') * 100 + number`, or -1 for none; outcome 0 red win, 1 draw, 2 black win,
//! 3 unknown), the ply count, and one byte per ply: the move's index among the legal moves of
//! the position before it, sorted by (from point, to point). Games start from the initial
//! position; a game given twice (the same moves, Red, Black and date) is kept once.

use super::Outcome;
use crate::xiangqi::ecco::Ecco;
use crate::xiangqi::{Move, Position};
use std::collections::{HashMap, HashSet};
use std::fmt;

const MAGIC: &[u8] = b"XQBOOK";
/// The format's version: a newer one is refused with [`BookError::NewerVersion`].
pub const VERSION: u8 = 1;

/// One game of the book.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookGame {
    /// Red's player (as the source spells it).
    pub red: String,
    /// Black's player.
    pub black: String,
    /// The event.
    pub event: String,
    /// The date as the source gives it (`1955.5`, `2001.10.03`…).
    pub date: String,
    /// The result.
    pub outcome: Outcome,
    /// The opening's ECCO code, as the source tags it.
    pub ecco: Option<Ecco>,
    /// The main line from the initial position.
    pub moves: Vec<Move>,
}

impl BookGame {
    /// The year the game was played, when its date says, or else an event named from its
    /// date (`20090222第二輪…`, `1984年全國…`: many of the dataset's games say it only there).
    pub fn year(&self) -> Option<u16> {
        super::year_of(&self.date).or_else(|| super::year_of(&self.event))
    }
}

/// Why a book does not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BookError {
    /// The file does not start with `XQBOOK`.
    NotABook,
    /// Written by a newer version of the format.
    NewerVersion(u8),
    /// It ends at byte `at` in the middle of something.
    Truncated {
        /// Where it ends.
        at: usize,
    },
    /// A string at byte `at` is not UTF-8, or a string number is past the table.
    BadString {
        /// Where.
        at: usize,
    },
    /// A move index of game `game` (from 1) at ply `ply` (from 1) names no legal move.
    BadMove {
        /// The game.
        game: usize,
        /// The ply.
        ply: usize,
    },
    /// Bytes left after the last game, from `at`.
    Trailing {
        /// Where they start.
        at: usize,
    },
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::NotABook => write!(f, "not a games book (no XQBOOK header)"),
            BookError::NewerVersion(v) => write!(
                f,
                "a book of format version {v}, newer than this program's {VERSION}"
            ),
            BookError::Truncated { at } => write!(f, "cut short at byte {at}"),
            BookError::BadString { at } => write!(f, "a bad name at byte {at}"),
            BookError::BadMove { game, ply } => {
                write!(f, "game {game}, ply {ply}: not a legal move")
            }
            BookError::Trailing { at } => write!(f, "bytes after the last game, at {at}"),
        }
    }
}

impl std::error::Error for BookError {}

/// The legal moves of `pos` in the book's order.
fn sorted_moves(pos: &Position) -> Vec<Move> {
    let mut list = pos.legal_moves().as_slice().to_vec();
    list.sort_unstable();
    list
}

/// The ECCO code's number in the book (0–499).
pub(crate) fn ecco_number(e: Ecco) -> u32 {
    (e.letter() as u32 - 'A' as u32) * 100 + e.number() as u32
}

/// A collection of distinct games from the initial position.
#[derive(Clone, Debug, Default)]
pub struct Book {
    games: Vec<BookGame>,
    seen: HashSet<(Vec<Move>, [String; 3])>,
}

impl Book {
    /// An empty book.
    pub fn new() -> Book {
        Book::default()
    }

    /// The games, in the order added.
    pub fn games(&self) -> &[BookGame] {
        &self.games
    }

    /// Adds `game` unless the book has it (the same moves, Red, Black and date); whether it was
    /// added. Its moves must be legal from the initial position (they are written as indexes).
    pub fn add(&mut self, game: BookGame) -> bool {
        let id = (
            game.moves.clone(),
            [game.red.clone(), game.black.clone(), game.date.clone()],
        );
        if !self.seen.insert(id) {
            return false;
        }
        self.games.push(game);
        true
    }

    /// The book's bytes (see the module's documentation); `None` when a game's move is not legal.
    pub fn write(&self) -> Option<Vec<u8>> {
        let mut strings: Vec<&str> = Vec::new();
        let mut number: HashMap<&str, u32> = HashMap::new();
        let mut body = Vec::new();
        for g in &self.games {
            for s in [&g.red, &g.black, &g.event, &g.date] {
                let n = *number.entry(s.as_str()).or_insert_with(|| {
                    strings.push(s);
                    strings.len() as u32 - 1
                });
                varint(&mut body, n);
            }
            let ecco = g.ecco.map_or(0, |e| ecco_number(e) + 1);
            varint(&mut body, ecco * 4 + g.outcome.code() as u32);
            varint(&mut body, g.moves.len() as u32);
            let mut pos = Position::start();
            for &m in &g.moves {
                let i = sorted_moves(&pos).iter().position(|&l| l == m)?;
                body.push(i as u8);
                pos.play_unchecked(m);
            }
        }
        let mut out = MAGIC.to_vec();
        out.push(VERSION);
        varint(&mut out, strings.len() as u32);
        for s in &strings {
            varint(&mut out, s.len() as u32);
            out.extend_from_slice(s.as_bytes());
        }
        varint(&mut out, self.games.len() as u32);
        out.extend(body);
        Some(out)
    }

    /// Reads a book written by [`Book::write`].
    pub fn read(bytes: &[u8]) -> Result<Book, BookError> {
        let rest = bytes.strip_prefix(MAGIC).ok_or(BookError::NotABook)?;
        let mut r = Reader {
            bytes,
            at: bytes.len() - rest.len(),
        };
        let version = r.byte()?;
        if version > VERSION {
            return Err(BookError::NewerVersion(version));
        }
        let count = r.varint()? as usize;
        let mut strings = Vec::with_capacity(count.min(1 << 20));
        for _ in 0..count {
            let len = r.varint()? as usize;
            let at = r.at;
            let s = std::str::from_utf8(r.take(len)?).map_err(|_| BookError::BadString { at })?;
            strings.push(s.to_string());
        }
        let games = r.varint()? as usize;
        let mut book = Book::new();
        for n in 1..=games {
            let game = r.game(&strings, n)?;
            book.add(game);
        }
        if r.at != bytes.len() {
            return Err(BookError::Trailing { at: r.at });
        }
        Ok(book)
    }
}

fn varint(out: &mut Vec<u8>, mut v: u32) {
    while v >= 0x80 {
        out.push(v as u8 | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// A cursor over a book's bytes.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], BookError> {
        let end = self
            .at
            .checked_add(n)
            .filter(|&e| e <= self.bytes.len())
            .ok_or(BookError::Truncated {
                at: self.bytes.len(),
            })?;
        let s = &self.bytes[self.at..end];
        self.at = end;
        Ok(s)
    }

    fn byte(&mut self) -> Result<u8, BookError> {
        Ok(self.take(1)?[0])
    }

    fn varint(&mut self) -> Result<u32, BookError> {
        let mut v: u64 = 0;
        for shift in (0..35).step_by(7) {
            let b = self.byte()?;
            v |= ((b & 0x7f) as u64) << shift;
            if b < 0x80 {
                return u32::try_from(v).map_err(|_| BookError::Truncated { at: self.at });
            }
        }
        Err(BookError::Truncated { at: self.at })
    }

    fn string(&mut self, strings: &[String]) -> Result<String, BookError> {
        let at = self.at;
        let n = self.varint()? as usize;
        strings.get(n).cloned().ok_or(BookError::BadString { at })
    }

    /// Game number `n` (from 1).
    fn game(&mut self, strings: &[String], n: usize) -> Result<BookGame, BookError> {
        let [red, black, event, date] = [(); 4].map(|_| self.string(strings));
        let code = self.varint()?;
        let ecco = (code / 4)
            .checked_sub(1)
            .and_then(|e| Ecco::new((b'A' + (e / 100) as u8) as char, (e % 100) as u8));
        let plies = self.varint()? as usize;
        let mut moves = Vec::with_capacity(plies.min(1024));
        let mut pos = Position::start();
        for ply in 1..=plies {
            let i = self.byte()? as usize;
            let m = *sorted_moves(&pos)
                .get(i)
                .ok_or(BookError::BadMove { game: n, ply })?;
            pos.play_unchecked(m);
            moves.push(m);
        }
        Ok(BookGame {
            red: red?,
            black: black?,
            event: event?,
            date: date?,
            outcome: Outcome::from_code(code as u8),
            ecco,
            moves,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(moves: &[&str], red: &str, date: &str) -> BookGame {
        BookGame {
            red: red.into(),
            black: "楊官璘".into(),
            event: "全國賽".into(),
            date: date.into(),
            outcome: Outcome::Draw,
            ecco: Ecco::parse("C84"),
            moves: moves.iter().map(|m| m.parse().unwrap()).collect(),
        }
    }

    #[test]
    fn a_book_reads_back_what_it_wrote_once_each() {
        let mut book = Book::new();
        assert!(book.add(game(&["h2e2", "h9g7"], "胡榮華", "1960")));
        assert!(!book.add(game(&["h2e2", "h9g7"], "胡榮華", "1960")));
        assert!(book.add(game(&["h2e2", "h9g7"], "胡榮華", "1961")));
        assert!(book.add(game(&[], "王嘉良", "")));
        let bytes = book.write().unwrap();
        let back = Book::read(&bytes).unwrap();
        assert_eq!(back.games(), book.games());
        assert_eq!(back.games()[0].year(), Some(1960));
    }

    #[test]
    fn bad_books_are_refused_with_where() {
        let mut book = Book::new();
        book.add(game(&["h2e2", "h9g7"], "胡榮華", "1960"));
        let bytes = book.write().unwrap();
        assert_eq!(Book::read(b"PGN").err(), Some(BookError::NotABook));
        let mut newer = bytes.clone();
        newer[MAGIC.len()] = VERSION + 1;
        assert_eq!(
            Book::read(&newer).err(),
            Some(BookError::NewerVersion(VERSION + 1))
        );
        assert!(matches!(
            Book::read(&bytes[..bytes.len() - 1]),
            Err(BookError::Truncated { .. })
        ));
        let mut bad = bytes.clone();
        *bad.last_mut().unwrap() = 200;
        assert_eq!(
            Book::read(&bad).err(),
            Some(BookError::BadMove { game: 1, ply: 2 })
        );
        let mut long = bytes;
        long.push(0);
        assert!(matches!(Book::read(&long), Err(BookError::Trailing { .. })));
    }
}
