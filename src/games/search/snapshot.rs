//! A catalogue saved whole, so that the worker opens a database of 40,000 games without
//! decoding every record again (5–7 s natively; the snapshot reads in a fraction of that).
//!
//! Format, version 1 (numbers LEB128 varints unless said; a string is its byte length and its
//! UTF-8 bytes): `XQCAT` and the version byte; the strings; the start positions other than the
//! initial one as FEN; the games, each its id, the string numbers of Red, Black, the event and
//! the date, its year (0: none), `(ecco + 1) * 4 + outcome`, its start's number, its plies and
//! two bytes a ply (from and to points, 0–89), its keys' count and two bytes each (little
//! endian), its captures' count and a byte each (piece kinds, 0–13). Everything is checked on
//! reading: a number past its table is refused, never followed.

use super::{Catalogue, Item};
use crate::explorer::book::ecco_number;
use crate::explorer::Outcome;
use crate::games::fold::fold;
use crate::games::record::{string, varint, Reader, RecordError};
use crate::xiangqi::ecco::Ecco;
use crate::xiangqi::{Move, Square};

const MAGIC: &[u8] = b"XQCAT";
/// The snapshot format's version: a newer one is refused with [`RecordError::NewerVersion`].
const VERSION: u8 = 1;

impl Catalogue {
    /// The catalogue's bytes (see the module's documentation), to save beside the records.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        out.push(VERSION);
        varint(&mut out, self.strings.len() as u32);
        self.strings.iter().for_each(|s| string(&mut out, s));
        varint(&mut out, self.starts.len() as u32 - 1);
        self.starts[1..]
            .iter()
            .for_each(|p| string(&mut out, &p.fen()));
        varint(&mut out, self.items.len() as u32);
        for it in &self.items {
            varint(&mut out, it.id);
            it.names.iter().for_each(|&n| varint(&mut out, n));
            varint(&mut out, it.year.unwrap_or(0) as u32);
            let ecco = it.ecco.map_or(0, |e| ecco_number(e) + 1);
            varint(&mut out, ecco * 4 + it.outcome.code() as u32);
            varint(&mut out, it.start);
            varint(&mut out, it.moves.1);
            for m in Self::slice(&self.moves, it.moves) {
                out.extend([m.from.index() as u8, m.to.index() as u8]);
            }
            varint(&mut out, it.keys.1);
            for k in Self::slice(&self.keys, it.keys) {
                out.extend(k.to_le_bytes());
            }
            varint(&mut out, it.captures.1);
            out.extend(Self::slice(&self.captures, it.captures));
        }
        out
    }

    /// Reads a catalogue written by [`Catalogue::to_bytes`]; a newer version, or a number past
    /// its table, is refused.
    pub fn from_bytes(bytes: &[u8]) -> Result<Catalogue, RecordError> {
        let mut r = Reader::open(bytes, MAGIC, VERSION, RecordError::NotACatalogue)?;
        let mut cat = Catalogue::new();
        let strings = r.varint()?;
        for _ in 0..strings {
            let s = r.string()?;
            cat.folded.push(fold(&s));
            cat.numbers.insert(s.clone(), cat.strings.len() as u32);
            cat.strings.push(s);
        }
        for _ in 0..r.varint()? {
            cat.starts.push(r.fen()?.1);
        }
        for _ in 0..r.varint()? {
            let item = cat.read_item(&mut r)?;
            for n in [item.names[super::RED], item.names[super::BLACK]] {
                *cat.played.entry(n).or_default() += 1;
            }
            cat.items.push(item);
        }
        if r.at != bytes.len() {
            return Err(RecordError::Trailing { at: r.at });
        }
        cat.finish();
        Ok(cat)
    }

    /// One game of a snapshot, its moves, keys and captures added to the tables.
    fn read_item(&mut self, r: &mut Reader) -> Result<Item, RecordError> {
        let id = r.varint()?;
        let mut names = [0; 4];
        for n in &mut names {
            let at = r.at;
            *n = r.varint()?;
            if *n as usize >= self.strings.len() {
                return Err(RecordError::BadString { at });
            }
        }
        let year = u16::try_from(r.varint()?).ok().filter(|&y| y > 0);
        let code = r.varint()?;
        let ecco = (code / 4)
            .checked_sub(1)
            .and_then(|e| Ecco::new((b'A' + (e / 100).min(25) as u8) as char, (e % 100) as u8));
        let at = r.at;
        let start = r.varint()?;
        if start as usize >= self.starts.len() {
            return Err(RecordError::BadString { at });
        }
        let m0 = self.moves.len();
        for ply in 1..=r.varint()? as usize {
            let [from, to] = [r.byte()?, r.byte()?].map(|s| Square::from_index(s as usize));
            let (Some(from), Some(to)) = (from, to) else {
                return Err(RecordError::BadMove { ply });
            };
            self.moves.push(Move { from, to });
        }
        let k0 = self.keys.len();
        for _ in 0..r.varint()? {
            let b = r.take(2)?;
            self.keys.push(u16::from_le_bytes([b[0], b[1]]));
        }
        let c0 = self.captures.len();
        for ply in 1..=r.varint()? as usize {
            let kind = r.byte()?;
            if kind >= 14 {
                return Err(RecordError::BadMove { ply });
            }
            self.captures.push(kind);
        }
        let span = |a: usize, b: usize| (a as u32, (b - a) as u32);
        Ok(Item {
            id,
            names,
            year,
            outcome: Outcome::from_code(code as u8),
            ecco,
            start,
            moves: span(m0, self.moves.len()),
            keys: span(k0, self.keys.len()),
            captures: span(c0, self.captures.len()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::record::{Source, StoredGame};
    use crate::games::search::{Page, Query, Sort};
    use crate::xiangqi::Position;

    #[test]
    fn a_catalogue_reads_back_and_finds_the_same() {
        let mut cat = Catalogue::new();
        let game = |moves: &[&str], red: &str, start: Option<&str>| StoredGame {
            red: red.into(),
            black: "許銀川".into(),
            event: "全國賽".into(),
            date: "1995".into(),
            outcome: Outcome::RedWin,
            ecco: Ecco::parse("C64"),
            start: start.map(String::from),
            moves: moves.iter().map(|m| m.parse().unwrap()).collect(),
            source: Source::default(),
            record: None,
        };
        cat.add(7, &game(&["h2e2", "h9g7", "b2b9", "a9b9"], "呂欽", None));
        let end = "3k5/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1";
        cat.add(9, &game(&["e1d2"], "胡榮華", Some(end)));
        let bytes = cat.to_bytes();
        let back = Catalogue::from_bytes(&bytes).unwrap();
        assert_eq!(back.to_bytes(), bytes);
        let page = Page {
            number: 0,
            size: 10,
        };
        for q in [
            Query {
                player: "吕钦".into(),
                ..Query::default()
            },
            Query {
                fen: Some(end.into()),
                ..Query::default()
            },
            Query {
                fen: Some(Position::start().fen()),
                material: true,
                ..Query::default()
            },
        ] {
            let a = cat.search(&q, Sort::default(), page).unwrap();
            assert_eq!(back.search(&q, Sort::default(), page).unwrap(), a);
            assert_eq!(a.total, 1);
        }
        let mut newer = bytes.clone();
        newer[MAGIC.len()] = VERSION + 1;
        assert_eq!(
            Catalogue::from_bytes(&newer).err(),
            Some(RecordError::NewerVersion(VERSION + 1))
        );
        assert!(Catalogue::from_bytes(&bytes[..bytes.len() - 1]).is_err());
        assert_eq!(
            Catalogue::from_bytes(b"XQG").err(),
            Some(RecordError::NotACatalogue)
        );
    }
}
