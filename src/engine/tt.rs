//! The transposition table: search results keyed by the position's Zobrist hash.

use crate::xiangqi::{Move, Square};

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The exact value (a PV node).
    Exact,
    /// At least this (a fail-high).
    Lower,
    /// At most this (a fail-low).
    Upper,
    /// Only the move: the score depended on the line that led here (a repetition ruling).
    Move,
}

/// One stored result.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    key: u64,
    mv: u16,
    score: i16,
    depth: i8,
    bound: u8,
    generation: u8,
}

const NO_MOVE: u16 = u16::MAX;

impl Entry {
    const EMPTY: Entry = Entry {
        key: 0,
        mv: NO_MOVE,
        score: 0,
        depth: -1,
        bound: 0,
        generation: 0,
    };

    /// The best move found, if any.
    pub fn mv(&self) -> Option<Move> {
        if self.mv == NO_MOVE {
            return None;
        }
        let from = Square::from_index((self.mv >> 7) as usize)?;
        let to = Square::from_index((self.mv & 127) as usize)?;
        Some(Move::new(from, to))
    }

    /// The stored score (mate scores relative to the node, see [`Tt::store`]).
    pub fn score(&self) -> i32 {
        self.score as i32
    }

    /// The depth it was searched to.
    pub fn depth(&self) -> i32 {
        self.depth as i32
    }

    /// The kind of bound.
    pub fn bound(&self) -> Bound {
        match self.bound {
            0 => Bound::Exact,
            1 => Bound::Lower,
            2 => Bound::Upper,
            _ => Bound::Move,
        }
    }
}

/// The number of entries in a table of at most `megabytes` MiB: the largest power of two that
/// fits (a slot is the key's low bits), at least 1024.
fn slots(megabytes: usize) -> usize {
    let fit = (megabytes.saturating_mul(1 << 20) / std::mem::size_of::<Entry>()).max(1024);
    1 << (usize::BITS - 1 - fit.leading_zeros())
}

/// A table the memory could not be had for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableTooLarge {
    /// The size asked for, in MiB.
    pub megabytes: usize,
}

impl std::fmt::Display for TableTooLarge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "no memory for a hash table of {} MB", self.megabytes)
    }
}

impl std::error::Error for TableTooLarge {}

/// A fixed-size, always-available table (depth-preferred within a search, newest across searches).
pub struct Tt {
    entries: Vec<Entry>,
    generation: u8,
}

impl Tt {
    /// A table of at most `megabytes` MiB: the largest power of two of entries that fits (at
    /// least 1024 entries).
    pub fn new(megabytes: usize) -> Tt {
        Tt {
            entries: vec![Entry::EMPTY; slots(megabytes)],
            generation: 0,
        }
    }

    /// [`Tt::new`], or an error when the memory cannot be had (instead of ending the process).
    pub fn try_new(megabytes: usize) -> Result<Tt, TableTooLarge> {
        let n = slots(megabytes);
        let mut entries = Vec::new();
        entries
            .try_reserve_exact(n)
            .map_err(|_| TableTooLarge { megabytes })?;
        entries.resize(n, Entry::EMPTY);
        Ok(Tt {
            entries,
            generation: 0,
        })
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.entries.fill(Entry::EMPTY);
        self.generation = 0;
    }

    /// Marks the start of a new search: older entries become the first to replace.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.entries.len() - 1)
    }

    /// The entry for `key`, if stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.entries[self.slot(key)];
        (e.key == key && e.depth >= 0).then_some(e)
    }

    /// Every stored entry with its key.
    #[cfg(test)]
    pub(crate) fn entries(&self) -> impl Iterator<Item = (u64, Entry)> + '_ {
        self.entries
            .iter()
            .filter(|e| e.depth >= 0)
            .map(|e| (e.key, *e))
    }

    /// Stores a result; `score` must already be made node-relative for mates.
    #[inline]
    pub fn store(&mut self, key: u64, mv: Option<Move>, score: i32, depth: i32, bound: Bound) {
        let i = self.slot(key);
        let old = self.entries[i];
        // For the same position, a result four or more plies shallower (a quiescence search's)
        // keeps the deeper one, unless it is exact.
        let replace = if old.key == key {
            bound == Bound::Exact || depth + 4 > old.depth as i32
        } else {
            old.generation != self.generation || depth >= old.depth as i32
        };
        if replace {
            let mv = match mv {
                Some(m) => ((m.from.index() as u16) << 7) | m.to.index() as u16,
                None if old.key == key => old.mv,
                None => NO_MOVE,
            };
            self.entries[i] = Entry {
                key,
                mv,
                score: match bound {
                    Bound::Move => 0,
                    _ => score.clamp(-32000, 32000) as i16,
                },
                depth: depth.clamp(0, 127) as i8,
                bound: match bound {
                    Bound::Exact => 0,
                    Bound::Lower => 1,
                    Bound::Upper => 2,
                    Bound::Move => 3,
                },
                generation: self.generation,
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds() {
        let mut tt = Tt::new(1);
        let m = Move::from_iccs("h2e2").unwrap();
        tt.store(12345, Some(m), -77, 5, Bound::Lower);
        let e = tt.probe(12345).unwrap();
        assert_eq!(
            (e.mv(), e.score(), e.depth(), e.bound()),
            (Some(m), -77, 5, Bound::Lower)
        );
        assert!(tt.probe(54321).is_none());
        tt.clear();
        assert!(tt.probe(12345).is_none());
    }

    #[test]
    fn a_result_without_a_move_keeps_the_move_found_before() {
        // A node where every move failed low has no best move (search.rs); the position's move
        // from an earlier search is still the one to try first.
        let mut tt = Tt::new(1);
        let m = Move::from_iccs("h2e2").unwrap();
        tt.store(777, Some(m), 40, 3, Bound::Lower);
        tt.store(777, None, -12, 5, Bound::Upper);
        let e = tt.probe(777).unwrap();
        assert_eq!(
            (e.mv(), e.score(), e.depth(), e.bound()),
            (Some(m), -12, 5, Bound::Upper)
        );
        tt.store(778, None, 0, 5, Bound::Upper);
        assert_eq!(tt.probe(778).unwrap().mv(), None);
    }

    #[test]
    fn the_table_fills_the_memory_it_is_given() {
        let bytes = |mb| Tt::new(mb).entries.len() * std::mem::size_of::<Entry>();
        assert_eq!(bytes(16), 16 << 20);
        assert_eq!(bytes(1), 1 << 20);
        // Not a power of two: the largest power of two that fits.
        assert_eq!(bytes(24), 16 << 20);
        assert_eq!(
            Tt::try_new(24).unwrap().entries.len(),
            Tt::new(24).entries.len()
        );
    }

    #[test]
    fn a_table_beyond_the_memory_is_an_error_not_an_abort() {
        assert_eq!(
            Tt::try_new(usize::MAX).err(),
            Some(TableTooLarge {
                megabytes: usize::MAX
            })
        );
    }
}
