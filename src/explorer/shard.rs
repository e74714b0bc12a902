//! The static explorer: the index cut into [`SHARD_COUNT`] text files by the position's key, so
//! that a query fetches exactly one small file (`explorer/0a3.txt`), which also names the games
//! its positions show.
//!
//! A shard, version 1, is UTF-8 lines: `xq-explorer 1`; then each game its positions show,
//! `G <number> <year|-> <result> <ecco|-> <red>\t<black>\t<event>`; then each position by key,
//! `P <key, 16 hex digits> <tally>`, its moves `M <iccs> <tally>` (the most played first) and
//! its games `T <number>…`; a tally is `<games> <red wins> <draws> <black wins> <year sum>
//! <dated games>`. The bytes depend only on the index: a rebuild can be diffed.

use super::index::{Entry, Index, Tally};
use super::Outcome;
use crate::xiangqi::ecco::Ecco;
use crate::xiangqi::Move;
use std::collections::BTreeMap;
use std::fmt::{self, Write};

/// The format's version: a newer one is refused with [`ShardError::NewerVersion`].
pub const VERSION: u32 = 1;
/// The key's top bits that choose the shard.
pub const SHARD_BITS: u32 = 10;
/// How many shards the explorer has.
pub const SHARD_COUNT: u32 = 1 << SHARD_BITS;
/// The largest a shard may be: one query's download.
pub const MAX_SHARD_BYTES: usize = 64 * 1024;

/// The shard that holds `key`.
pub fn shard_of(key: u64) -> u32 {
    (key >> (64 - SHARD_BITS)) as u32
}

/// The file name of shard `n` (`0a3.txt`).
pub fn file_name(n: u32) -> String {
    format!("{n:03x}.txt")
}

/// A game as a position shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameInfo {
    /// Red's player.
    pub red: String,
    /// Black's player.
    pub black: String,
    /// The event.
    pub event: String,
    /// The year.
    pub year: Option<u16>,
    /// The result.
    pub outcome: Outcome,
    /// The ECCO code its source gives.
    pub ecco: Option<Ecco>,
}

impl GameInfo {
    /// A game of the master-games book as a position shows it.
    pub fn of(game: &super::book::BookGame) -> GameInfo {
        GameInfo {
            red: game.red.clone(),
            black: game.black.clone(),
            event: game.event.clone(),
            year: game.year(),
            outcome: game.outcome,
            ecco: game.ecco,
        }
    }
}

/// One file of the static explorer.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Shard {
    /// The games its positions show, by number.
    pub games: BTreeMap<u32, GameInfo>,
    /// Its positions, by key.
    pub entries: BTreeMap<u64, Entry>,
}

/// Why a shard does not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShardError {
    /// The first line is not `xq-explorer <version>`.
    NotAShard,
    /// Written by a newer version of the format.
    NewerVersion(u32),
    /// Line `line` (from 1) does not read.
    Line {
        /// Which line.
        line: usize,
    },
}

impl fmt::Display for ShardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShardError::NotAShard => write!(f, "not an explorer shard"),
            ShardError::NewerVersion(v) => {
                write!(
                    f,
                    "explorer format {v}, newer than this program's {VERSION}"
                )
            }
            ShardError::Line { line } => write!(f, "line {line} does not read"),
        }
    }
}

impl std::error::Error for ShardError {}

/// A name fit for a tab-separated field.
fn field(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect::<String>()
        .trim()
        .to_string()
}

fn write_tally(out: &mut String, t: &Tally) {
    let _ = write!(
        out,
        "{} {} {} {} {} {}",
        t.games, t.red, t.draws, t.black, t.year_sum, t.dated
    );
}

fn read_tally(words: &[&str]) -> Option<Tally> {
    let [games, red, draws, black, year_sum, dated] = words else {
        return None;
    };
    Some(Tally {
        games: games.parse().ok()?,
        red: red.parse().ok()?,
        draws: draws.parse().ok()?,
        black: black.parse().ok()?,
        year_sum: year_sum.parse().ok()?,
        dated: dated.parse().ok()?,
    })
}

impl Shard {
    /// The entry of the position `key`, if the explorer has it.
    pub fn entry(&self, key: u64) -> Option<&Entry> {
        self.entries.get(&key)
    }

    /// The text of the shard (see the module's documentation).
    pub fn write(&self) -> String {
        let mut out = format!("xq-explorer {VERSION}\n");
        for (n, g) in &self.games {
            let year = g.year.map_or("-".to_string(), |y| y.to_string());
            let ecco = g.ecco.map_or("-".to_string(), |e| e.to_string());
            let _ = writeln!(
                out,
                "G {n} {year} {} {ecco} {}\t{}\t{}",
                g.outcome.token(),
                field(&g.red),
                field(&g.black),
                field(&g.event)
            );
        }
        for (k, e) in &self.entries {
            let _ = write!(out, "P {k:016x} ");
            write_tally(&mut out, &e.total);
            out.push('\n');
            for (m, t) in &e.moves {
                let _ = write!(out, "M {m} ");
                write_tally(&mut out, t);
                out.push('\n');
            }
            if !e.top.is_empty() {
                out.push('T');
                for n in &e.top {
                    let _ = write!(out, " {n}");
                }
                out.push('\n');
            }
        }
        out
    }

    /// Reads a shard written by [`Shard::write`].
    pub fn parse(text: &str) -> Result<Shard, ShardError> {
        let mut lines = text.lines();
        let version = lines
            .next()
            .and_then(|l| l.strip_prefix("xq-explorer "))
            .and_then(|v| v.trim().parse::<u32>().ok())
            .ok_or(ShardError::NotAShard)?;
        if version > VERSION {
            return Err(ShardError::NewerVersion(version));
        }
        let mut shard = Shard::default();
        let mut current: Option<(u64, Entry)> = None;
        for (i, line) in lines.enumerate() {
            let bad = ShardError::Line { line: i + 2 };
            let (tag, rest) = line.split_once(' ').unwrap_or((line, ""));
            match tag {
                "G" => {
                    let (n, g) = read_game(rest).ok_or(bad)?;
                    shard.games.insert(n, g);
                }
                "P" => {
                    let words: Vec<&str> = rest.split(' ').collect();
                    let k = u64::from_str_radix(words.first().ok_or(bad.clone())?, 16)
                        .map_err(|_| bad.clone())?;
                    let total = read_tally(&words[1..]).ok_or(bad)?;
                    if let Some((k, e)) = current.replace((
                        k,
                        Entry {
                            total,
                            ..Entry::default()
                        },
                    )) {
                        shard.entries.insert(k, e);
                    }
                }
                "M" => {
                    let words: Vec<&str> = rest.split(' ').collect();
                    let m = words.first().and_then(|w| Move::from_iccs(w));
                    let t = read_tally(words.get(1..).unwrap_or(&[]));
                    match (m, t, current.as_mut()) {
                        (Some(m), Some(t), Some((_, e))) => e.moves.push((m, t)),
                        _ => return Err(bad),
                    }
                }
                "T" => {
                    let top: Option<Vec<u32>> = rest.split(' ').map(|w| w.parse().ok()).collect();
                    match (top, current.as_mut()) {
                        (Some(top), Some((_, e))) => e.top = top,
                        _ => return Err(bad),
                    }
                }
                "" => {}
                _ => return Err(bad),
            }
        }
        if let Some((k, e)) = current {
            shard.entries.insert(k, e);
        }
        Ok(shard)
    }
}

/// A `G` line after its tag: the game's number and what is shown of it.
fn read_game(rest: &str) -> Option<(u32, GameInfo)> {
    let mut head = rest.splitn(5, ' ');
    let n = head.next()?.parse().ok()?;
    let year = match head.next()? {
        "-" => None,
        y => Some(y.parse().ok()?),
    };
    let outcome = Outcome::from_token(head.next()?);
    let ecco = match head.next()? {
        "-" => None,
        e => Some(Ecco::parse(e)?),
    };
    let mut names = head.next()?.split('\t');
    let [red, black, event] = [(); 3].map(|_| names.next().unwrap_or("").to_string());
    Some((
        n,
        GameInfo {
            red,
            black,
            event,
            year,
            outcome,
            ecco,
        },
    ))
}

/// Cuts `index` into its shards (only those that hold a position), each naming the games its
/// positions show through `info`.
pub fn shards(index: &Index, info: impl Fn(u32) -> GameInfo) -> BTreeMap<u32, Shard> {
    let mut out: BTreeMap<u32, Shard> = BTreeMap::new();
    for (k, e) in index.entries() {
        let shard = out.entry(shard_of(k)).or_default();
        for &n in &e.top {
            shard.games.entry(n).or_insert_with(|| info(n));
        }
        shard.entries.insert(k, e.clone());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shard_file_is_named_by_the_keys_top_bits() {
        assert_eq!(shard_of(0), 0);
        assert_eq!(shard_of(u64::MAX), SHARD_COUNT - 1);
        assert_eq!(file_name(0xa3), "0a3.txt");
    }

    #[test]
    fn bad_shards_say_which_line() {
        assert_eq!(Shard::parse("hello"), Err(ShardError::NotAShard));
        assert_eq!(
            Shard::parse("xq-explorer 9"),
            Err(ShardError::NewerVersion(9))
        );
        assert_eq!(
            Shard::parse("xq-explorer 1\nM h2e2 1 1 0 0 0 0"),
            Err(ShardError::Line { line: 2 })
        );
        assert_eq!(
            Shard::parse("xq-explorer 1\nP zz 1 1 0 0 0 0"),
            Err(ShardError::Line { line: 2 })
        );
    }
}
