//! Search over the database: a compact in-memory [`Catalogue`] the worker builds from the stored
//! games, a [`Query`] (players, event, years, result, ECCO, position exactly or by material), a
//! sort and a page; and the explorer's counts of the moves played from a position.
//!
//! Per game the catalogue keeps its names as numbers in a string table (each distinct name folded
//! once, so a name query tests each name once, not each game), its main line (2 bytes a move),
//! the top 16 bits of the keys of the positions it reached (sorted, each once: 2 bytes a
//! position) and the pieces it captured (a byte each). A 16-bit key hit is only a candidate: it
//! is confirmed by replaying the game to the position, so no game is found that did not reach it.
//! A game of 100 plies shares a 16-bit key with a random position once in 650 games, so a query
//! replays a few dozen games beside its true hits. The master-games dataset (38,696 distinct
//! games) takes about 15 MB (`xq games search` prints it).

use super::fold::fold;
use super::record::StoredGame;
use crate::explorer::index::{Entry, Tally};
use crate::explorer::shard::{GameInfo, Shard};
use crate::explorer::{key, Outcome};
use crate::xiangqi::ecco::Ecco;
use crate::xiangqi::{Move, Position};
use std::cell::OnceCell;
use std::collections::HashMap;

mod snapshot;

/// The most games one page lists.
pub const MAX_PAGE: usize = 500;
/// How many games the explorer shows for a position (as the static explorer's 3, and more room).
pub const TOP_GAMES: usize = 5;

/// What to look for; an empty field matches every game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Query {
    /// A player on either side, any part of the name (a team prefix such as 廣東呂欽 is found
    /// by 吕钦), in either script.
    pub player: String,
    /// The other side's player, when `player` is given: both must have played the game.
    pub opponent: String,
    /// Any part of the event's name, in either script.
    pub event: String,
    /// The years from and to (both included); games of unknown year are left out when set.
    pub years: Option<(u16, u16)>,
    /// The result.
    pub outcome: Option<Outcome>,
    /// An ECCO code (`C64`), its start (`C6`, `C`), or part of its name in either language.
    pub eco: String,
    /// A position (FEN) the game reached, by any move order, with the same side to move.
    pub fen: Option<String>,
    /// With `fen`: the same pieces anywhere, either side to move (material only).
    pub material: bool,
}

/// Why a query cannot run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QueryError {
    /// Its FEN is not a position (the FEN as given).
    BadFen(String),
}

/// What the games are listed by.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SortKey {
    /// The date (then the year an event gives).
    #[default]
    Date,
    /// Red's name, then Black's.
    Players,
    /// The event's name.
    Event,
    /// The ECCO code (games without one last).
    Ecco,
    /// Red wins, draws, Black wins, unknown.
    Result,
}

/// An order: the key and its direction.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Sort {
    /// What to sort by.
    pub key: SortKey,
    /// Largest first.
    pub descending: bool,
}

/// Which page of the results: its number from 0 and its size (at most [`MAX_PAGE`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Page {
    /// The page's number, from 0.
    pub number: usize,
    /// Games per page.
    pub size: usize,
}

/// One game of a result list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The caller's id of the game (its database key).
    pub id: u32,
    /// Red's player.
    pub red: String,
    /// Black's player.
    pub black: String,
    /// The event.
    pub event: String,
    /// The date as given.
    pub date: String,
    /// The year, if known.
    pub year: Option<u16>,
    /// The result.
    pub outcome: Outcome,
    /// The ECCO code.
    pub ecco: Option<Ecco>,
    /// The main line's length in plies.
    pub plies: usize,
}

/// One page of results and how many games matched in all.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hits {
    /// Every game that matched.
    pub total: usize,
    /// This page's games, in order.
    pub rows: Vec<Row>,
}

/// One game of the catalogue.
#[derive(Clone, Debug)]
struct Item {
    id: u32,
    names: [u32; 4],
    year: Option<u16>,
    outcome: Outcome,
    ecco: Option<Ecco>,
    start: u32,
    moves: (u32, u32),
    keys: (u32, u32),
    captures: (u32, u32),
}

const RED: usize = 0;
const BLACK: usize = 1;
const EVENT: usize = 2;
const DATE: usize = 3;

/// The games, compactly, for search and the explorer.
#[derive(Clone, Debug)]
pub struct Catalogue {
    items: Vec<Item>,
    strings: Vec<String>,
    folded: Vec<String>,
    numbers: HashMap<String, u32>,
    /// Start positions other than the initial one (index 0 is the initial position).
    starts: Vec<Position>,
    moves: Vec<Move>,
    keys: Vec<u16>,
    captures: Vec<u8>,
    /// Games per name, to rank a position's shown games.
    played: HashMap<u32, u32>,
    /// Each string's place in the folded order, made at the first sort after an addition.
    ranks: OnceCell<Vec<u32>>,
}

/// The upper 16 bits of a position's key: what the catalogue keeps.
fn short(key: u64) -> u16 {
    (key >> 48) as u16
}

/// The number of a piece kind (color, role) among 14.
fn kind(p: crate::xiangqi::Piece) -> usize {
    p.color as usize * 7 + p.role as usize
}

/// How many of each piece kind `pos` has.
fn material(pos: &Position) -> [u8; 14] {
    let mut m = [0; 14];
    for (_, p) in pos.pieces() {
        m[kind(p)] += 1;
    }
    m
}

/// An empty catalogue, as [`Catalogue::new`] (the initial position is its start number 0).
impl Default for Catalogue {
    fn default() -> Catalogue {
        Catalogue::new()
    }
}

impl Catalogue {
    /// An empty catalogue.
    pub fn new() -> Catalogue {
        Catalogue {
            items: Vec::new(),
            strings: Vec::new(),
            folded: Vec::new(),
            numbers: HashMap::new(),
            starts: vec![Position::start()],
            moves: Vec::new(),
            keys: Vec::new(),
            captures: Vec::new(),
            played: HashMap::new(),
            ranks: OnceCell::new(),
        }
    }

    /// How many games it holds.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The memory its tables take, in bytes (capacities, not counting the hash map's overhead
    /// beyond its entries).
    pub fn heap_bytes(&self) -> usize {
        let strings: usize = self
            .strings
            .iter()
            .chain(&self.folded)
            .map(|s| s.capacity() + std::mem::size_of::<String>())
            .sum();
        let numbers: usize = self.numbers.keys().map(|s| s.capacity()).sum::<usize>()
            + self.numbers.capacity() * (std::mem::size_of::<(String, u32)>() + 1);
        self.items.capacity() * std::mem::size_of::<Item>()
            + strings
            + numbers
            + self.starts.capacity() * std::mem::size_of::<Position>()
            + self.moves.capacity() * std::mem::size_of::<Move>()
            + self.keys.capacity() * 2
            + self.captures.capacity()
            + self.played.capacity() * 9
    }

    /// Readies the catalogue once a batch of games is added: gives back the room its tables
    /// grew into and orders the names for sorting (else the first sorted search does it).
    pub fn finish(&mut self) {
        self.ranks();
        self.items.shrink_to_fit();
        self.moves.shrink_to_fit();
        self.keys.shrink_to_fit();
        self.captures.shrink_to_fit();
        self.strings.shrink_to_fit();
        self.folded.shrink_to_fit();
    }

    fn number(&mut self, s: &str) -> u32 {
        if let Some(&n) = self.numbers.get(s) {
            return n;
        }
        let n = self.strings.len() as u32;
        self.strings.push(s.to_string());
        self.folded.push(fold(s));
        self.numbers.insert(s.to_string(), n);
        n
    }

    /// Adds `game` under the caller's `id` (its database key, given back in [`Row::id`]).
    pub fn add(&mut self, id: u32, game: &StoredGame) {
        self.ranks = OnceCell::new();
        let names = [&game.red, &game.black, &game.event, &game.date].map(|s| self.number(s));
        for n in [names[RED], names[BLACK]] {
            *self.played.entry(n).or_default() += 1;
        }
        let mut pos = game.start_position();
        let start = match game.start {
            None => 0,
            Some(_) => {
                self.starts.push(pos.clone());
                self.starts.len() as u32 - 1
            }
        };
        let (m0, k0, c0) = (self.moves.len(), self.keys.len(), self.captures.len());
        let mut keys = vec![short(key(&pos))];
        // The moves come legal from the readers and the records; a move of no piece of the side
        // to move (a game built by hand) ends the line there.
        for &m in &game.moves {
            if pos.piece_at(m.from).is_none_or(|p| p.color != pos.turn()) {
                break;
            }
            if let Some(p) = pos.piece_at(m.to) {
                self.captures.push(kind(p) as u8);
            }
            pos.play_unchecked(m);
            self.moves.push(m);
            keys.push(short(key(&pos)));
        }
        keys.sort_unstable();
        keys.dedup();
        self.keys.extend(keys);
        let span = |a: usize, b: usize| (a as u32, (b - a) as u32);
        self.items.push(Item {
            id,
            names,
            year: game.year(),
            outcome: game.outcome,
            ecco: game.ecco,
            start,
            moves: span(m0, self.moves.len()),
            keys: span(k0, self.keys.len()),
            captures: span(c0, self.captures.len()),
        });
    }

    fn slice<T>(v: &[T], (at, len): (u32, u32)) -> &[T] {
        &v[at as usize..(at + len) as usize]
    }

    /// The ply at which `item` first reached `target` (its board and side to move), replaying
    /// its main line: what confirms a 32-bit key hit.
    fn reaches(&self, item: &Item, target: &Position) -> Option<usize> {
        let short_key = short(key(target));
        Self::slice(&self.keys, item.keys)
            .binary_search(&short_key)
            .ok()?;
        let mut pos = self.starts[item.start as usize].clone();
        let same = |p: &Position| {
            p.hash() == target.hash() && p.turn() == target.turn() && p.codes() == target.codes()
        };
        if same(&pos) {
            return Some(0);
        }
        for (i, &m) in Self::slice(&self.moves, item.moves).iter().enumerate() {
            pos.play_unchecked(m);
            if same(&pos) {
                return Some(i + 1);
            }
        }
        None
    }

    /// Whether `item` at some point had exactly the pieces `target` counts: its start's pieces
    /// less a prefix of its captures (pieces are never added in xiangqi).
    fn has_material(&self, item: &Item, target: &[u8; 14]) -> bool {
        let start = material(&self.starts[item.start as usize]);
        let mut missing = [0i16; 14];
        for k in 0..14 {
            missing[k] = start[k] as i16 - target[k] as i16;
            if missing[k] < 0 {
                return false;
            }
        }
        let mut left: i16 = missing.iter().sum();
        if left == 0 {
            return true;
        }
        for &c in Self::slice(&self.captures, item.captures) {
            missing[c as usize] -= 1;
            if missing[c as usize] < 0 {
                return false;
            }
            left -= 1;
            if left == 0 {
                return true;
            }
        }
        false
    }
}

/// A query made ready: names tested once per distinct string, the position read.
struct Ready {
    names: Option<Vec<bool>>,
    opponents: Option<Vec<bool>>,
    events: Option<Vec<bool>>,
    years: Option<(u16, u16)>,
    outcome: Option<Outcome>,
    eco: Option<Vec<bool>>,
    position: Option<Position>,
    material: Option<[u8; 14]>,
}

/// Which of the 500 ECCO codes `text` names: a code or its start (`C6`), else a part of a
/// name in either language; `None` for an empty text.
fn eco_codes(text: &str) -> Option<Vec<bool>> {
    let t = text.trim();
    if t.is_empty() {
        return None;
    }
    let upper = t.to_ascii_uppercase();
    let prefix = upper.len() <= 3
        && upper.starts_with(['A', 'B', 'C', 'D', 'E'])
        && upper[1..].bytes().all(|b| b.is_ascii_digit());
    let wanted = fold(t);
    let codes = (0..500u32).map(|n| {
        let e = Ecco::new((b'A' + (n / 100) as u8) as char, (n % 100) as u8).expect("in range");
        match prefix {
            true => e.to_string().starts_with(&upper),
            false => [crate::lang::Lang::Zh, crate::lang::Lang::En]
                .iter()
                .any(|&l| fold(e.name().get(l)).contains(&wanted)),
        }
    });
    Some(codes.collect())
}

impl Query {
    fn ready(&self, cat: &Catalogue) -> Result<Ready, QueryError> {
        let names = |text: &str| {
            let t = fold(text);
            (!t.is_empty()).then(|| cat.folded.iter().map(|f| f.contains(&t)).collect())
        };
        let position = match &self.fen {
            Some(f) if !f.trim().is_empty() => {
                Some(Position::from_fen(f.trim()).map_err(|_| QueryError::BadFen(f.clone()))?)
            }
            _ => None,
        };
        let material = position.as_ref().filter(|_| self.material).map(material);
        Ok(Ready {
            names: names(&self.player),
            opponents: names(&self.opponent).filter(|_| !fold(&self.player).is_empty()),
            events: names(&self.event),
            years: self.years.map(|(a, b)| (a.min(b), a.max(b))),
            outcome: self.outcome,
            eco: eco_codes(&self.eco),
            position: position.filter(|_| !self.material),
            material,
        })
    }
}

impl Ready {
    fn matches(&self, cat: &Catalogue, item: &Item) -> bool {
        let has = |set: &Option<Vec<bool>>, n: usize| set.as_ref().is_none_or(|s| s[n]);
        let [red, black, event, _] = item.names.map(|n| n as usize);
        let players = match &self.opponents {
            None => has(&self.names, red) || has(&self.names, black),
            Some(_) => {
                (has(&self.names, red) && has(&self.opponents, black))
                    || (has(&self.names, black) && has(&self.opponents, red))
            }
        };
        let eco = match (&self.eco, item.ecco) {
            (None, _) => true,
            (Some(set), Some(e)) => set[crate::explorer::book::ecco_number(e) as usize],
            (Some(_), None) => false,
        };
        players
            && has(&self.events, event)
            && eco
            && self
                .years
                .is_none_or(|(a, b)| item.year.is_some_and(|y| (a..=b).contains(&y)))
            && self.outcome.is_none_or(|o| o == item.outcome)
            && self.material.is_none_or(|m| cat.has_material(item, &m))
            && self
                .position
                .as_ref()
                .is_none_or(|p| cat.reaches(item, p).is_some())
    }
}

impl Catalogue {
    /// The games `query` finds, sorted by `sort` (ties in the order added), page `page`.
    pub fn search(&self, query: &Query, sort: Sort, page: Page) -> Result<Hits, QueryError> {
        let ready = query.ready(self)?;
        let mut hits: Vec<u32> = (0..self.items.len() as u32)
            .filter(|&i| ready.matches(self, &self.items[i as usize]))
            .collect();
        self.sort(&mut hits, sort);
        let size = page.size.clamp(1, MAX_PAGE);
        let rows = hits
            .iter()
            .skip(page.number.saturating_mul(size))
            .take(size)
            .map(|&i| self.row(&self.items[i as usize]))
            .collect();
        Ok(Hits {
            total: hits.len(),
            rows,
        })
    }

    /// Each string's place in the folded order (then as written).
    fn ranks(&self) -> &[u32] {
        self.ranks.get_or_init(|| self.make_ranks())
    }

    fn make_ranks(&self) -> Vec<u32> {
        let mut order: Vec<u32> = (0..self.strings.len() as u32).collect();
        order.sort_by(|&a, &b| {
            let (a, b) = (a as usize, b as usize);
            self.folded[a]
                .cmp(&self.folded[b])
                .then_with(|| self.strings[a].cmp(&self.strings[b]))
        });
        let mut rank = vec![0; order.len()];
        for (r, &s) in order.iter().enumerate() {
            rank[s as usize] = r as u32;
        }
        rank
    }

    fn sort(&self, hits: &mut [u32], sort: Sort) {
        let rank = match sort.key {
            SortKey::Players | SortKey::Event | SortKey::Date => self.ranks(),
            _ => &[],
        };
        let key = |i: u32| -> (u64, u32) {
            let it = &self.items[i as usize];
            let r = |n: usize| rank[it.names[n] as usize] as u64;
            let k = match sort.key {
                SortKey::Date => (it.year.unwrap_or(u16::MAX) as u64) << 32 | r(DATE),
                SortKey::Players => r(RED) << 32 | r(BLACK),
                SortKey::Event => r(EVENT),
                SortKey::Ecco => it
                    .ecco
                    .map_or(u64::MAX, |e| crate::explorer::book::ecco_number(e) as u64),
                SortKey::Result => it.outcome.code() as u64,
            };
            (k, i)
        };
        let mut keyed: Vec<(u64, u32)> = hits.iter().map(|&i| key(i)).collect();
        match sort.descending {
            // Largest first, ties still in the order added.
            true => keyed.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1))),
            false => keyed.sort_unstable(),
        }
        for (h, (_, i)) in hits.iter_mut().zip(keyed) {
            *h = i;
        }
    }

    /// [`Catalogue::explore`] as a one-position [`Shard`] of the static explorer: the entry
    /// under the position's key and its shown games by id, so that the panel that draws the
    /// built-in explorer's shards draws the imported games' too.
    pub fn explore_shard(&self, position: &Position) -> Shard {
        let entry = self.explore(position);
        let mut shard = Shard::default();
        for r in self.rows(&entry.top) {
            let info = GameInfo {
                red: r.red,
                black: r.black,
                event: r.event,
                year: r.year,
                outcome: r.outcome,
                ecco: r.ecco,
            };
            shard.games.insert(r.id, info);
        }
        if entry.total.games > 0 {
            shard.entries.insert(key(position), entry);
        }
        shard
    }

    /// The rows of the games with these ids, in that order (an id not in the catalogue left
    /// out): the explorer's shown games ([`Entry::top`]) as a list draws them.
    pub fn rows(&self, ids: &[u32]) -> Vec<Row> {
        ids.iter()
            .filter_map(|&id| self.items.iter().find(|it| it.id == id))
            .map(|it| self.row(it))
            .collect()
    }

    fn row(&self, it: &Item) -> Row {
        let s = |n: usize| self.strings[it.names[n] as usize].clone();
        Row {
            id: it.id,
            red: s(RED),
            black: s(BLACK),
            event: s(EVENT),
            date: s(DATE),
            year: it.year,
            outcome: it.outcome,
            ecco: it.ecco,
            plies: it.moves.1 as usize,
        }
    }

    /// The explorer over the catalogue's games at `position` (its board and side to move, by
    /// any move order): every game that reached it, each move played from it (counted at the
    /// game's first visit, as the built-in explorer counts), and the ids of the games to show,
    /// those of the most-played players first, then the latest.
    pub fn explore(&self, position: &Position) -> Entry {
        let mut entry = Entry::default();
        let mut shown: Vec<(u64, u32)> = Vec::new();
        for it in &self.items {
            let Some(ply) = self.reaches(it, position) else {
                continue;
            };
            entry.total.add(it.outcome, it.year);
            if let Some(&m) = Self::slice(&self.moves, it.moves).get(ply) {
                match entry.moves.iter_mut().find(|(x, _)| *x == m) {
                    Some((_, t)) => t.add(it.outcome, it.year),
                    None => {
                        let mut t = Tally::default();
                        t.add(it.outcome, it.year);
                        entry.moves.push((m, t));
                    }
                }
            }
            let played = |n: usize| *self.played.get(&it.names[n]).unwrap_or(&0) as u64;
            let unnamed = |n: usize| self.strings[it.names[n] as usize].is_empty();
            let weight = [RED, BLACK]
                .iter()
                .filter(|&&n| !unnamed(n))
                .map(|&n| played(n))
                .sum::<u64>();
            shown.push((weight << 16 | it.year.unwrap_or(0) as u64, it.id));
        }
        entry
            .moves
            .sort_by(|a, b| b.1.games.cmp(&a.1.games).then(a.0.cmp(&b.0)));
        shown.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        entry.top = shown.iter().take(TOP_GAMES).map(|&(_, id)| id).collect();
        entry
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::record::Source;

    #[test]
    fn a_key_hit_is_confirmed_by_replaying_the_game() {
        let game = StoredGame {
            red: "甲".into(),
            black: "乙".into(),
            event: String::new(),
            date: String::new(),
            outcome: Outcome::Draw,
            ecco: None,
            start: None,
            moves: ["h2e2", "h9g7"]
                .iter()
                .map(|m| m.parse().unwrap())
                .collect(),
            source: Source::default(),
            record: None,
        };
        // Default is new: the initial position is there for the game to start from.
        let mut cat = Catalogue::default();
        cat.add(1, &game);
        let mut never = Position::start();
        never.play_unchecked("b2e2".parse().unwrap());
        let query = Query {
            fen: Some(never.fen()),
            ..Query::default()
        };
        let page = Page { number: 0, size: 5 };
        assert_eq!(cat.search(&query, Sort::default(), page).unwrap().total, 0);
        // The game's kept keys made to collide with the position it never reached: still none.
        let item = cat.items[0].clone();
        let at = item.keys.0 as usize;
        cat.keys[at] = short(key(&never));
        cat.keys[at..at + item.keys.1 as usize].sort_unstable();
        assert!(Catalogue::slice(&cat.keys, item.keys).contains(&short(key(&never))));
        assert_eq!(cat.search(&query, Sort::default(), page).unwrap().total, 0);
        assert_eq!(cat.explore(&never).total.games, 0);
        assert_eq!(cat.explore_shard(&never), Shard::default());
        let start = Position::start();
        let shard = cat.explore_shard(&start);
        let entry = shard.entry(key(&start)).unwrap();
        assert_eq!(entry.total.draws, 1);
        assert_eq!(entry.top, [1]);
        assert_eq!(shard.games[&1].red, "甲");
    }
}
