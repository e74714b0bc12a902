//! A timetable: which fixture is played in which slot on which table; its legality and its metrics.

use super::fixtures::Fixture;
use super::model::{Problem, ProblemError};
use serde::{Deserialize, Serialize};
use std::fmt;

/// One fixture put on a table in a slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placement {
    /// Index into [`Problem::fixtures`].
    pub fixture: usize,
    /// Global slot index into [`Problem::slots`].
    pub slot: usize,
    /// Table (0-based).
    pub table: usize,
}

/// A (possibly partial) timetable, placements sorted by slot then table.
///
/// ```
/// use xiangqi_club::events::schedule::{solve, Problem, Schedule};
/// let p = Problem::round_robin(4, 2, 1, 60, 20, false);
/// let s: Schedule = solve(&p, 1, 5_000).unwrap().schedule;
/// assert_eq!(s.placements.len(), 6);
/// assert!(s.unplaced(&p).is_empty());
/// // An empty timetable is a valid partial one, not a complete one.
/// assert!(Schedule::default().validate_partial(&p).is_ok());
/// assert!(Schedule::default().validate(&p).is_err());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Schedule {
    /// The placed fixtures.
    pub placements: Vec<Placement>,
}

/// How long an entrant waits before a match, within its session.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gap {
    /// The entrant's first match of the session.
    FirstOfSession,
    /// Straight after the previous match (连打).
    BackToBack,
    /// This many slots of rest since the previous match.
    Rest(usize),
}

/// One match of one entrant, in playing order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntrantMatch {
    /// Fixture index.
    pub fixture: usize,
    /// Global slot.
    pub slot: usize,
    /// Table (0-based).
    pub table: usize,
    /// The opponent (entrant index).
    pub opponent: usize,
    /// The wait before it.
    pub gap: Gap,
}

/// A broken hard constraint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    /// The problem itself is invalid.
    Problem(ProblemError),
    /// A placement names a fixture that does not exist.
    UnknownFixture(usize),
    /// A fixture is placed twice.
    FixtureTwice(usize),
    /// A fixture is not placed.
    FixtureMissing(usize),
    /// A placement is in a slot that does not exist.
    SlotOutOfRange {
        /// The fixture.
        fixture: usize,
        /// The slot given.
        slot: usize,
    },
    /// A placement is on a table that does not exist.
    TableOutOfRange {
        /// The fixture.
        fixture: usize,
        /// The table given (0-based).
        table: usize,
    },
    /// Two matches on one table in one slot.
    TableTwice {
        /// Slot.
        slot: usize,
        /// Table (0-based).
        table: usize,
    },
    /// An entrant plays twice in one slot.
    EntrantTwice {
        /// Slot.
        slot: usize,
        /// Entrant (0-based).
        entrant: usize,
    },
    /// An entrant plays in a slot they cannot attend.
    Unavailable {
        /// Slot.
        slot: usize,
        /// Entrant (0-based).
        entrant: usize,
    },
    /// A knockout match comes before the group stage or the round feeding it has finished.
    KnockoutTooEarly(usize),
    /// A match on a table closed for that session.
    TableClosed {
        /// Slot.
        slot: usize,
        /// Table (0-based).
        table: usize,
    },
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Violation::*;
        match self {
            Problem(e) => write!(f, "{e}"),
            UnknownFixture(i) => write!(f, "fixture {i} does not exist"),
            FixtureTwice(i) => write!(f, "fixture {i} is placed twice"),
            FixtureMissing(i) => write!(f, "fixture {i} is not placed"),
            SlotOutOfRange { fixture, slot } => {
                write!(
                    f,
                    "fixture {fixture} is in slot {slot}, which does not exist"
                )
            }
            TableOutOfRange { fixture, table } => {
                write!(
                    f,
                    "fixture {fixture} is on table {}, which does not exist",
                    table + 1
                )
            }
            TableTwice { slot, table } => {
                write!(f, "slot {slot} has two matches on table {}", table + 1)
            }
            EntrantTwice { slot, entrant } => {
                write!(f, "entrant {} plays twice in slot {slot}", entrant + 1)
            }
            Unavailable { slot, entrant } => {
                write!(f, "entrant {} cannot attend slot {slot}", entrant + 1)
            }
            KnockoutTooEarly(i) => write!(f, "knockout fixture {i} is played before its feeders"),
            TableClosed { slot, table } => {
                write!(f, "slot {slot} uses table {}, which is closed", table + 1)
            }
        }
    }
}

impl std::error::Error for Violation {}

/// The reported quality of a timetable, objective by objective.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Metrics {
    /// Fixtures placed.
    pub placed: usize,
    /// Fixtures not placed (objective 1: zero when everything fits).
    pub unplaced: usize,
    /// Slots with at least one match.
    pub slots_used: usize,
    /// Longest run of consecutive matches of any entrant within a session (objective 2).
    pub max_consecutive: usize,
    /// Back-to-backs in all: an entrant playing two consecutive slots of a session (objective 3).
    pub back_to_back: usize,
    /// Most back-to-backs of one entrant.
    pub max_back_to_back: usize,
    /// Worst max − min matches per attended session of one entrant (objective 4).
    pub session_spread: usize,
    /// Idle slots inside sessions between an entrant's first and last match (objective 5).
    pub idle_slots: usize,
    /// Most uses of one table by one entrant beyond ⌈matches / tables⌉ (objective 6).
    pub table_excess: usize,
}

/// Longest run of set bits.
pub(crate) fn longest_run(mut mask: u64) -> usize {
    let mut r = 0;
    while mask != 0 {
        mask &= mask << 1;
        r += 1;
    }
    r
}

/// Idle slots between the first and last set bit.
pub(crate) fn idle_in(mask: u64) -> usize {
    if mask == 0 {
        return 0;
    }
    let span = 64 - mask.leading_zeros() - mask.trailing_zeros();
    (span - mask.count_ones()) as usize
}

impl Schedule {
    /// Entrant `e`'s matches between known entrants, in playing order, with the rest before each.
    pub fn entrant_matches(&self, p: &Problem, e: usize) -> Vec<EntrantMatch> {
        let fixtures = p.fixtures();
        let slots = p.slots();
        let mut placed: Vec<&Placement> = self
            .placements
            .iter()
            .filter(|pl| {
                fixtures
                    .get(pl.fixture)
                    .and_then(Fixture::entrants)
                    .is_some_and(|(a, b)| a == e || b == e)
            })
            .collect();
        placed.sort_by_key(|pl| (pl.slot, pl.table));
        let mut out: Vec<EntrantMatch> = Vec::with_capacity(placed.len());
        for pl in placed {
            let Some((a, b)) = fixtures[pl.fixture].entrants() else {
                continue;
            };
            let x = slots[pl.slot];
            let gap = match out.last().map(|m| slots[m.slot]) {
                Some(prev) if prev.session == x.session => match x.index - prev.index - 1 {
                    0 => Gap::BackToBack,
                    n => Gap::Rest(n),
                },
                _ => Gap::FirstOfSession,
            };
            out.push(EntrantMatch {
                fixture: pl.fixture,
                slot: pl.slot,
                table: pl.table,
                opponent: if a == e { b } else { a },
                gap,
            });
        }
        out
    }

    /// The fixtures not placed, in fixture order.
    pub fn unplaced(&self, p: &Problem) -> Vec<usize> {
        let mut placed = vec![false; p.fixtures().len()];
        for pl in &self.placements {
            if let Some(x) = placed.get_mut(pl.fixture) {
                *x = true;
            }
        }
        (0..placed.len()).filter(|&i| !placed[i]).collect()
    }

    /// Checks every hard constraint, including that every fixture is placed.
    pub fn validate(&self, p: &Problem) -> Result<(), Violation> {
        self.validate_partial(p)?;
        match self.unplaced(p).first() {
            Some(&i) => Err(Violation::FixtureMissing(i)),
            None => Ok(()),
        }
    }

    /// Checks every hard constraint on what is placed (fixtures may be missing).
    pub fn validate_partial(&self, p: &Problem) -> Result<(), Violation> {
        p.validate().map_err(Violation::Problem)?;
        let fixtures = p.fixtures();
        let slots = p.slots();
        let n = p.entrants.len();
        let mut seen = vec![false; fixtures.len()];
        let mut table_used = vec![false; slots.len() * p.tables];
        let mut busy = vec![false; slots.len() * n];
        let mut last_group_slot = None;
        let mut round_last: Vec<Option<usize>> = Vec::new();
        for pl in &self.placements {
            let f = fixtures
                .get(pl.fixture)
                .ok_or(Violation::UnknownFixture(pl.fixture))?;
            if std::mem::replace(&mut seen[pl.fixture], true) {
                return Err(Violation::FixtureTwice(pl.fixture));
            }
            let Some(info) = slots.get(pl.slot) else {
                return Err(Violation::SlotOutOfRange {
                    fixture: pl.fixture,
                    slot: pl.slot,
                });
            };
            if pl.table >= p.tables {
                return Err(Violation::TableOutOfRange {
                    fixture: pl.fixture,
                    table: pl.table,
                });
            }
            if !p.table_open(info.session, pl.table) {
                return Err(Violation::TableClosed {
                    slot: pl.slot,
                    table: pl.table,
                });
            }
            if std::mem::replace(&mut table_used[pl.slot * p.tables + pl.table], true) {
                return Err(Violation::TableTwice {
                    slot: pl.slot,
                    table: pl.table,
                });
            }
            if let Some((a, b)) = f.entrants() {
                for e in [a, b] {
                    if std::mem::replace(&mut busy[pl.slot * n + e], true) {
                        return Err(Violation::EntrantTwice {
                            slot: pl.slot,
                            entrant: e,
                        });
                    }
                    if !p.available(e, info.session, info.index) {
                        return Err(Violation::Unavailable {
                            slot: pl.slot,
                            entrant: e,
                        });
                    }
                }
                last_group_slot = last_group_slot.max(Some(pl.slot));
            } else if let Some(r) = f.knockout_round() {
                if round_last.len() <= r {
                    round_last.resize(r + 1, None);
                }
                round_last[r] = round_last[r].max(Some(pl.slot));
            }
        }
        // Knockout order: each round strictly after the group stage and after the previous round.
        for pl in &self.placements {
            let Some(r) = fixtures[pl.fixture].knockout_round() else {
                continue;
            };
            let floor = if r == 0 {
                last_group_slot
            } else {
                round_last.get(r - 1).copied().flatten()
            };
            if floor.is_some_and(|f| pl.slot <= f) {
                return Err(Violation::KnockoutTooEarly(pl.fixture));
            }
        }
        Ok(())
    }

    /// Back-to-backs of each entrant (two consecutive slots of one session).
    pub fn back_to_backs(&self, p: &Problem) -> Vec<usize> {
        let fixtures = p.fixtures();
        let slots = p.slots();
        let mut out = vec![0; p.entrants.len()];
        let mut at = vec![false; p.entrants.len() * slots.len()];
        for pl in &self.placements {
            if let Some((a, b)) = fixtures.get(pl.fixture).and_then(Fixture::entrants) {
                for e in [a, b] {
                    if let Some(x) = at.get_mut(e * slots.len() + pl.slot) {
                        *x = true;
                    }
                }
            }
        }
        for (e, count) in out.iter_mut().enumerate() {
            for g in 1..slots.len() {
                let same = slots[g].session == slots[g - 1].session;
                if same && at[e * slots.len() + g] && at[e * slots.len() + g - 1] {
                    *count += 1;
                }
            }
        }
        out
    }

    /// The reported metrics of this timetable.
    pub fn metrics(&self, p: &Problem) -> Metrics {
        let fixtures = p.fixtures();
        let slots = p.slots();
        let n = p.entrants.len();
        let sessions = p.sessions.len();
        let tables = p.tables.max(1);
        let mut masks = vec![0u64; n * sessions];
        let mut on_table = vec![0usize; n * tables];
        let mut games = vec![0usize; n];
        let mut used = vec![false; slots.len()];
        for pl in &self.placements {
            let (Some(f), Some(info)) = (fixtures.get(pl.fixture), slots.get(pl.slot)) else {
                continue;
            };
            used[pl.slot] = true;
            if let Some((a, b)) = f.entrants() {
                for e in [a, b] {
                    masks[e * sessions + info.session] |= 1 << info.index;
                    games[e] += 1;
                    if pl.table < tables {
                        on_table[e * tables + pl.table] += 1;
                    }
                }
            }
        }
        let mut m = Metrics {
            placed: self.placements.len(),
            unplaced: fixtures.len().saturating_sub(self.placements.len()),
            slots_used: used.iter().filter(|&&u| u).count(),
            ..Metrics::default()
        };
        for e in 0..n {
            let mut b2b = 0;
            let (mut hi, mut lo) = (0, usize::MAX);
            for s in 0..sessions {
                let mask = masks[e * sessions + s];
                m.max_consecutive = m.max_consecutive.max(longest_run(mask));
                b2b += (mask & (mask >> 1)).count_ones() as usize;
                m.idle_slots += idle_in(mask);
                let attends = (0..p.slots_in(s)).any(|i| p.available(e, s, i));
                if attends {
                    let k = mask.count_ones() as usize;
                    hi = hi.max(k);
                    lo = lo.min(k);
                }
            }
            m.back_to_back += b2b;
            m.max_back_to_back = m.max_back_to_back.max(b2b);
            if lo != usize::MAX {
                m.session_spread = m.session_spread.max(hi - lo);
            }
            let fair = games[e].div_ceil(tables);
            for t in 0..tables {
                m.table_excess = m
                    .table_excess
                    .max(on_table[e * tables + t].saturating_sub(fair));
            }
        }
        m
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bit_helpers() {
        assert_eq!(longest_run(0b1101110), 3);
        assert_eq!(longest_run(0), 0);
        assert_eq!(idle_in(0b1001), 2);
        assert_eq!(idle_in(0b110), 0);
    }
}
