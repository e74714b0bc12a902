//! The position index: for every position that enough games reached, what those games scored
//! and each move played from it, counted once per game however often the game came back to it.

use super::{key, Outcome};
use crate::xiangqi::{Move, Position};
use std::collections::{BTreeMap, HashMap, HashSet};

/// What a set of games scored: how many, Red's wins, draws, Black's wins, and their years (a
/// sum, so that two tallies add up exactly: the book's and a user's own games).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// The games.
    pub games: u32,
    /// Red won.
    pub red: u32,
    /// Drawn.
    pub draws: u32,
    /// Black won.
    pub black: u32,
    /// The sum of the years of the dated games.
    pub year_sum: u64,
    /// How many games have a year.
    pub dated: u32,
}

impl Tally {
    /// Counts one game.
    pub fn add(&mut self, outcome: Outcome, year: Option<u16>) {
        self.games += 1;
        match outcome {
            Outcome::RedWin => self.red += 1,
            Outcome::Draw => self.draws += 1,
            Outcome::BlackWin => self.black += 1,
            Outcome::Unknown => {}
        }
        if let Some(y) = year {
            self.year_sum += y as u64;
            self.dated += 1;
        }
    }

    /// The average year of the dated games, rounded.
    pub fn average_year(&self) -> Option<u16> {
        (self.dated > 0)
            .then(|| ((self.year_sum + self.dated as u64 / 2) / self.dated as u64) as u16)
    }

    /// The shares of Red wins, draws and Black wins among the games with a result, in per
    /// mille (adding up to 1000), or `None` when no game has one.
    pub fn shares(&self) -> Option<[u32; 3]> {
        let n = self.red + self.draws + self.black;
        (n > 0).then(|| {
            let red = (self.red * 1000 + n / 2) / n;
            let black = (self.black * 1000 + n / 2) / n;
            [red, 1000u32.saturating_sub(red + black), black]
        })
    }
}

/// One position of the index.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Entry {
    /// Every game that reached the position.
    pub total: Tally,
    /// The moves played from it, the most played first (then in ICCS order).
    pub moves: Vec<(Move, Tally)>,
    /// The numbers of the games shown for it, best first (at most [`Keep::top`]).
    pub top: Vec<u32>,
}

/// A game as the index counts it.
#[derive(Clone, Copy, Debug)]
pub struct Played<'a> {
    /// The main line from the initial position (legal).
    pub moves: &'a [Move],
    /// The result.
    pub outcome: Outcome,
    /// The year, if known.
    pub year: Option<u16>,
}

impl<'a> Played<'a> {
    /// A game of the master-games book as the index counts it.
    pub fn of(game: &'a super::book::BookGame) -> Played<'a> {
        Played {
            moves: &game.moves,
            outcome: game.outcome,
            year: game.year(),
        }
    }
}

/// Which positions an index keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Keep {
    /// The fewest games that reached it.
    pub min_games: u32,
    /// How deep into a game a position counts (plies from the start).
    pub plies: usize,
    /// How many games a position shows.
    pub top: usize,
}

/// The positions at least [`Index::min_games`] games reached, by [`key`].
#[derive(Clone, Debug, Default)]
pub struct Index {
    entries: BTreeMap<u64, Entry>,
    min_games: u32,
}

/// The keys of the positions of `moves` from the initial position up to ply `plies`, each once,
/// with the move played from it (none at the end).
fn line_keys(moves: &[Move], plies: usize) -> Vec<(u64, Option<Move>)> {
    let mut pos = Position::start();
    let mut seen = HashSet::new();
    let mut out = Vec::with_capacity(moves.len() + 1);
    for i in 0..=moves.len().min(plies) {
        let k = key(&pos);
        if seen.insert(k) {
            out.push((k, moves.get(i).copied()));
        }
        if let Some(&m) = moves.get(i) {
            pos.play_unchecked(m);
        }
    }
    out
}

impl Index {
    /// Indexes `games` (numbered by their place), keeping the positions that at least
    /// `keep.min_games` of them reached within their first `keep.plies` plies; each position's
    /// shown games are those `rank` puts highest (ties: the lower number).
    pub fn build(games: &[Played], keep: Keep, rank: impl Fn(u32) -> u64) -> Index {
        let min_games = keep.min_games;
        let lines: Vec<Vec<(u64, Option<Move>)>> = games
            .iter()
            .map(|g| line_keys(g.moves, keep.plies))
            .collect();
        let mut reached: HashMap<u64, u32> = HashMap::new();
        for line in &lines {
            for (k, _) in line {
                *reached.entry(*k).or_default() += 1;
            }
        }
        let mut entries: HashMap<u64, (Entry, Vec<u32>)> = HashMap::new();
        for (id, (g, line)) in games.iter().zip(&lines).enumerate() {
            for &(k, mv) in line {
                if reached[&k] < min_games {
                    continue;
                }
                let (e, ids) = entries.entry(k).or_default();
                e.total.add(g.outcome, g.year);
                ids.push(id as u32);
                if let Some(m) = mv {
                    match e.moves.iter_mut().find(|(x, _)| *x == m) {
                        Some((_, t)) => t.add(g.outcome, g.year),
                        None => {
                            let mut t = Tally::default();
                            t.add(g.outcome, g.year);
                            e.moves.push((m, t));
                        }
                    }
                }
            }
        }
        let entries = entries
            .into_iter()
            .map(|(k, (mut e, mut ids))| {
                e.moves
                    .sort_by(|a, b| b.1.games.cmp(&a.1.games).then(a.0.cmp(&b.0)));
                ids.sort_by_key(|&id| (std::cmp::Reverse(rank(id)), id));
                ids.truncate(keep.top);
                e.top = ids;
                (k, e)
            })
            .collect();
        Index { entries, min_games }
    }

    /// The fewest games a kept position was reached by.
    pub fn min_games(&self) -> u32 {
        self.min_games
    }

    /// The entry of `key`, if enough games reached it.
    pub fn entry(&self, key: u64) -> Option<&Entry> {
        self.entries.get(&key)
    }

    /// Every entry, by key.
    pub fn entries(&self) -> impl Iterator<Item = (u64, &Entry)> {
        self.entries.iter().map(|(k, e)| (*k, e))
    }

    /// How many positions it holds.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_add_up_and_years_average() {
        let mut t = Tally::default();
        t.add(Outcome::RedWin, Some(1990));
        t.add(Outcome::Draw, Some(1991));
        t.add(Outcome::BlackWin, None);
        t.add(Outcome::Unknown, None);
        assert_eq!(t.games, 4);
        assert_eq!(t.shares(), Some([333, 334, 333]));
        assert_eq!(t.average_year(), Some(1991));
        assert_eq!(Tally::default().shares(), None);
    }
}
