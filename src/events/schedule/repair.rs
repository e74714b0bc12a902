//! Late changes that change as little as possible: the match moved (or the matches of a lost
//! table), then the fewest other matches needed to keep the timetable legal; among equally few,
//! the scheduler's objectives decide. A published timetable stays the one people printed.

use super::changes::{ChangeError, Frozen, Target};
use super::model::{ClosedTable, Problem, SlotInfo};
use super::timetable::{idle_in, longest_run, Placement, Schedule, Violation};

/// One match whose time or table a late change moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shift {
    /// Fixture index.
    pub fixture: usize,
    /// Where it was (`None` when it was not placed).
    pub from: Option<Placement>,
    /// Where it goes.
    pub to: Placement,
}

/// A late change worked out but not applied: shown as its [`Shift`]s, then accepted or dropped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The problem after the change (a session added, a table closed).
    pub problem: Problem,
    /// The timetable after the change.
    pub schedule: Schedule,
    /// Every match whose time or table changes, in playing order of the new place.
    pub shifts: Vec<Shift>,
}

/// The matches placed differently in `after` than in `before`, in playing order.
pub fn shifts(before: &Schedule, after: &Schedule) -> Vec<Shift> {
    let mut out: Vec<Shift> = after
        .placements
        .iter()
        .filter(|pl| !before.placements.contains(pl))
        .map(|&to| Shift {
            fixture: to.fixture,
            from: before
                .placements
                .iter()
                .find(|q| q.fixture == to.fixture)
                .copied(),
            to,
        })
        .collect();
    out.sort_by_key(|s| (s.to.slot, s.to.table));
    out
}

fn plan(problem: Problem, before: &Schedule, mut schedule: Schedule) -> Result<Plan, ChangeError> {
    schedule.placements.sort_by_key(|pl| (pl.slot, pl.table));
    match schedule.validate_partial(&problem) {
        Ok(()) => {}
        Err(Violation::KnockoutTooEarly(i)) => return Err(ChangeError::KnockoutOrder(i)),
        Err(v) => return Err(ChangeError::Invalid(v)),
    }
    Ok(Plan {
        shifts: shifts(before, &schedule),
        problem,
        schedule,
    })
}

/// The scheduler's objectives in order (unplaced, longest run, back-to-backs, most back-to-backs
/// of one entrant, session spread, idle slots), as `changes::rank` compares them.
type Rank = [usize; 6];

/// How a place compares: objectives, then whether its time changes, then distance, then table.
type Key = (Rank, bool, usize, usize);

/// The timetable as occupancy grids, for trying places quickly.
struct Grid<'a> {
    p: &'a Problem,
    pairs: Vec<Option<(usize, usize)>>,
    slots: Vec<SlotInfo>,
    n: usize,
    t: usize,
    /// Fixture on each (slot, table).
    seat: Vec<Option<usize>>,
    /// Fixture each entrant plays in each slot (slot * n + entrant).
    busy: Vec<Option<usize>>,
    place: Vec<Option<Placement>>,
    /// Fixtures that may not move: played, in a past session, or already moved by this change.
    pinned: Vec<bool>,
    from_session: usize,
    /// Whether each entrant can come to any slot of each session (entrant * sessions + session).
    attends: Vec<bool>,
}

impl<'a> Grid<'a> {
    fn new(p: &'a Problem, s: &Schedule, frozen: &Frozen) -> Grid<'a> {
        let fixtures = p.fixtures();
        let slots = p.slots();
        let (n, t) = (p.entrants.len(), p.tables);
        let sessions = p.sessions.len();
        let mut attends = vec![false; n * sessions];
        for e in 0..n {
            for x in &slots {
                attends[e * sessions + x.session] |= p.available(e, x.session, x.index);
            }
        }
        let mut g = Grid {
            p,
            pairs: fixtures.iter().map(|f| f.entrants()).collect(),
            seat: vec![None; slots.len() * t],
            busy: vec![None; slots.len() * n],
            place: vec![None; fixtures.len()],
            pinned: fixtures
                .iter()
                .enumerate()
                .map(|(i, _)| frozen.fixtures.contains(&i))
                .collect(),
            slots,
            n,
            t,
            from_session: frozen.from_session,
            attends,
        };
        for pl in &s.placements {
            let past = g
                .slots
                .get(pl.slot)
                .is_some_and(|x| x.session < frozen.from_session);
            if let Some(x) = g.pinned.get_mut(pl.fixture) {
                *x |= past;
            }
            g.put(*pl);
        }
        g
    }

    fn put(&mut self, pl: Placement) {
        self.seat[pl.slot * self.t + pl.table] = Some(pl.fixture);
        if let Some((a, b)) = self.pairs[pl.fixture] {
            self.busy[pl.slot * self.n + a] = Some(pl.fixture);
            self.busy[pl.slot * self.n + b] = Some(pl.fixture);
        }
        self.place[pl.fixture] = Some(pl);
    }

    fn take(&mut self, fixture: usize) -> Option<Placement> {
        let pl = self.place[fixture].take()?;
        self.seat[pl.slot * self.t + pl.table] = None;
        if let Some((a, b)) = self.pairs[fixture] {
            self.busy[pl.slot * self.n + a] = None;
            self.busy[pl.slot * self.n + b] = None;
        }
        Some(pl)
    }

    fn schedule(&self) -> Schedule {
        Schedule {
            placements: self.place.iter().flatten().copied().collect(),
        }
    }

    /// Both players can come to slot `g` (ignoring who else plays then).
    fn can_come(&self, f: usize, g: usize) -> bool {
        let x = self.slots[g];
        x.session >= self.from_session
            && self.pairs[f].is_none_or(|(a, b)| {
                self.p.available(a, x.session, x.index) && self.p.available(b, x.session, x.index)
            })
    }

    /// A free open table in slot `g`, `prefer` first.
    fn free_table(&self, g: usize, prefer: Option<usize>) -> Option<usize> {
        let session = self.slots[g].session;
        let free =
            |tb: usize| self.seat[g * self.t + tb].is_none() && self.p.table_open(session, tb);
        prefer
            .filter(|&tb| tb < self.t && free(tb))
            .or_else(|| (0..self.t).find(|&tb| free(tb)))
    }

    /// Every place `f` can take without moving anything: one table per slot.
    fn direct(&self, f: usize, was: Option<Placement>) -> Vec<Placement> {
        (0..self.slots.len())
            .filter(|&g| self.can_come(f, g))
            .filter(|&g| {
                self.pairs[f].is_none_or(|(a, b)| {
                    self.busy[g * self.n + a].is_none() && self.busy[g * self.n + b].is_none()
                })
            })
            .filter_map(|g| {
                let table = self.free_table(g, was.map(|w| w.table))?;
                Some(Placement {
                    fixture: f,
                    slot: g,
                    table,
                })
            })
            .collect()
    }

    fn rank(&self) -> Rank {
        let sessions = self.p.sessions.len();
        let mut masks = vec![0u64; self.n * sessions];
        let mut r = [0usize; 6];
        for (f, pl) in self.place.iter().enumerate() {
            let Some(pl) = pl else {
                r[0] += 1;
                continue;
            };
            if let Some((a, b)) = self.pairs[f] {
                let x = self.slots[pl.slot];
                masks[a * sessions + x.session] |= 1 << x.index;
                masks[b * sessions + x.session] |= 1 << x.index;
            }
        }
        for e in 0..self.n {
            let (mut b2b, mut hi, mut lo) = (0, 0, usize::MAX);
            for s in 0..sessions {
                let mask = masks[e * sessions + s];
                r[1] = r[1].max(longest_run(mask));
                b2b += (mask & (mask >> 1)).count_ones() as usize;
                r[5] += idle_in(mask);
                if self.attends[e * sessions + s] {
                    let k = mask.count_ones() as usize;
                    hi = hi.max(k);
                    lo = lo.min(k);
                }
            }
            r[2] += b2b;
            r[3] = r[3].max(b2b);
            if lo != usize::MAX {
                r[4] = r[4].max(hi - lo);
            }
        }
        r
    }

    /// How a place for `f` compares: objectives first, then keeping its time, then nearness.
    fn key(&mut self, to: Placement, was: Option<Placement>) -> Key {
        self.put(to);
        let rank = self.rank();
        self.take(to.fixture);
        let (moved_in_time, distance) = match was {
            Some(w) => (w.slot != to.slot, w.slot.abs_diff(to.slot)),
            None => (true, 0),
        };
        (rank, moved_in_time, distance, to.table)
    }

    /// The best place for `f` that moves nothing else, if any.
    fn best_direct(&mut self, f: usize, was: Option<Placement>) -> Option<Placement> {
        let options = self.direct(f, was);
        options.into_iter().min_by_key(|&to| self.key(to, was))
    }

    /// Places `f` (taken off the grid, formerly at `was`) moving as few other matches as
    /// possible: none, else one ejected match that itself moves nothing else.
    fn settle(&mut self, f: usize, was: Option<Placement>) -> Result<(), ChangeError> {
        if let Some(to) = self.best_direct(f, was) {
            self.put(to);
            self.pinned[f] = true;
            return Ok(());
        }
        // One match ejected: the one in the way of a player, or on the table `f` would take.
        let mut best: Option<(Key, Placement, Placement)> = None;
        for g in 0..self.slots.len() {
            if !self.can_come(f, g) {
                continue;
            }
            let mut blockers: Vec<usize> = Vec::new();
            if let Some((a, b)) = self.pairs[f] {
                for e in [a, b] {
                    if let Some(x) = self.busy[g * self.n + e] {
                        if !blockers.contains(&x) {
                            blockers.push(x);
                        }
                    }
                }
            }
            let candidates: Vec<usize> = match blockers.len() {
                0 => (0..self.t)
                    .filter_map(|tb| self.seat[g * self.t + tb])
                    .collect(),
                1 => blockers,
                _ => continue,
            };
            for x in candidates {
                if self.pinned[x] {
                    continue;
                }
                let Some(xwas) = self.take(x) else { continue };
                if let Some(table) = self.free_table(g, was.map(|w| w.table)) {
                    let to = Placement {
                        fixture: f,
                        slot: g,
                        table,
                    };
                    self.put(to);
                    self.pinned[f] = true;
                    if let Some(xto) = self.best_direct(x, Some(xwas)) {
                        self.put(xto);
                        let key = (
                            self.rank(),
                            xwas.slot != xto.slot,
                            g.abs_diff(xwas.slot),
                            table,
                        );
                        self.take(x);
                        if best.as_ref().is_none_or(|b| key < b.0) {
                            best = Some((key, to, xto));
                        }
                    }
                    self.pinned[f] = false;
                    self.take(f);
                }
                self.put(xwas);
            }
        }
        let Some((_, to, xto)) = best else {
            return Err(ChangeError::NoRoom(f));
        };
        self.take(xto.fixture);
        self.put(to);
        self.put(xto);
        self.pinned[f] = true;
        self.pinned[xto.fixture] = true;
        Ok(())
    }
}

/// Works out moving unplayed `fixture` to `to`, changing as few other matches as possible: to a
/// free table it is the only change; to a taken table or a slot where one of its players plays,
/// the matches in the way move too, each to the best place that moves nothing more.
///
/// ```
/// use xiangqi_club::events::schedule::{plan_move, solve, Frozen, Problem, Target};
/// let p = Problem::round_robin(6, 3, 2, 60, 20, false);
/// let s = solve(&p, 1, 20_000).unwrap().schedule;
/// let plan = plan_move(&p, &s, 1, Target::NewSession, &Frozen::default()).unwrap();
/// assert_eq!((plan.shifts.len(), plan.problem.sessions.len()), (1, 3));
/// assert!(plan.schedule.validate(&plan.problem).is_ok());
/// ```
pub fn plan_move(
    p: &Problem,
    s: &Schedule,
    fixture: usize,
    to: Target,
    frozen: &Frozen,
) -> Result<Plan, ChangeError> {
    let (mut q, mut moved) = (p.clone(), s.clone());
    let first = match moved.move_match(&mut q, fixture, to, frozen) {
        Ok(_) => return plan(q, s, moved),
        Err(e @ (ChangeError::SlotTaken { .. } | ChangeError::EntrantBusy { .. })) => e,
        Err(e) => return Err(e),
    };
    let Target::Slot { slot, table } = to else {
        return Err(first);
    };
    let mut grid = Grid::new(p, s, frozen);
    if let Some((a, b)) = grid.pairs[fixture] {
        let x = grid.slots[slot];
        if let Some(e) = [a, b]
            .into_iter()
            .find(|&e| !p.available(e, x.session, x.index))
        {
            return Err(ChangeError::Unavailable { entrant: e, slot });
        }
    }
    grid.take(fixture);
    let mut blockers: Vec<usize> = grid.seat[slot * grid.t + table].into_iter().collect();
    if let Some((a, b)) = grid.pairs[fixture] {
        for e in [a, b] {
            if let Some(x) = grid.busy[slot * grid.n + e] {
                if !blockers.contains(&x) {
                    blockers.push(x);
                }
            }
        }
    }
    if blockers.iter().any(|&x| grid.pinned[x]) {
        return Err(first);
    }
    let olds: Vec<Option<Placement>> = blockers.iter().map(|&x| grid.take(x)).collect();
    grid.put(Placement {
        fixture,
        slot,
        table,
    });
    grid.pinned[fixture] = true;
    for (&x, &old) in blockers.iter().zip(&olds) {
        grid.settle(x, old)?;
    }
    plan(p.clone(), s, grid.schedule())
}

/// Works out losing `table` for `session`: its matches there move, each to the best place that
/// moves nothing else (another table of the same slot when one is free), else with one other
/// match moved out of its way.
///
/// ```
/// use xiangqi_club::events::schedule::{plan_table_lost, solve, Frozen, Problem};
/// let p = Problem::round_robin(6, 3, 3, 60, 20, false);
/// let s = solve(&p, 1, 20_000).unwrap().schedule;
/// let plan = plan_table_lost(&p, &s, 1, 0, &Frozen::default()).unwrap();
/// assert!(plan.shifts.iter().all(|m| m.to.table != 0 || !(3..6).contains(&m.to.slot)));
/// assert!(plan.schedule.validate(&plan.problem).is_ok());
/// assert_eq!(plan.problem.sessions.len(), 3);
/// ```
pub fn plan_table_lost(
    p: &Problem,
    s: &Schedule,
    session: usize,
    table: usize,
    frozen: &Frozen,
) -> Result<Plan, ChangeError> {
    if session >= p.sessions.len() {
        return Err(ChangeError::NoSuchSession(session));
    }
    if table >= p.tables {
        return Err(ChangeError::NoSuchTable(table));
    }
    if session < frozen.from_session {
        return Err(ChangeError::PastSession(session));
    }
    if !p.table_open(session, table) {
        return Err(ChangeError::AlreadyClosed { session, table });
    }
    let mut q = p.clone();
    q.closed.push(ClosedTable { session, table });
    let mut grid = Grid::new(&q, s, frozen);
    let lost: Vec<Placement> = s
        .placements
        .iter()
        .filter(|pl| pl.table == table && grid.slots[pl.slot].session == session)
        .copied()
        .collect();
    if let Some(pl) = lost.iter().find(|pl| frozen.fixtures.contains(&pl.fixture)) {
        return Err(ChangeError::Played(pl.fixture));
    }
    for pl in &lost {
        grid.take(pl.fixture);
    }
    let mut homeless = Vec::new();
    for pl in &lost {
        match grid.settle(pl.fixture, Some(*pl)) {
            Ok(()) => {}
            Err(ChangeError::NoRoom(f)) => homeless.push(f),
            Err(e) => return Err(e),
        }
    }
    let after = grid.schedule();
    if homeless.is_empty() {
        return plan(q, s, after);
    }
    // No room anywhere without moving more: a session like the last one is added for them.
    let mut with_new = q.clone();
    let mut placed = after.clone();
    let first = with_new.slots().len();
    let mut first_move = true;
    for f in homeless {
        let to = if first_move {
            first_move = false;
            Target::NewSession
        } else {
            Target::Slot {
                slot: first,
                table: 0,
            }
        };
        let mut keep = frozen.clone();
        keep.fixtures.clear();
        match placed.move_match(&mut with_new, f, to, &keep) {
            Ok(_) => {}
            Err(ChangeError::SlotTaken { .. } | ChangeError::EntrantBusy { .. }) => {
                let grid = Grid::new(&with_new, &placed, &keep);
                let to = (first..grid.slots.len())
                    .flat_map(|g| {
                        grid.direct(f, None)
                            .into_iter()
                            .filter(move |x| x.slot == g)
                    })
                    .next()
                    .ok_or(ChangeError::NoRoom(f))?;
                placed.placements.push(to);
                placed.placements.sort_by_key(|pl| (pl.slot, pl.table));
            }
            Err(e) => return Err(e),
        }
    }
    plan(with_new, s, placed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::events::schedule::solve;

    /// The quick rank equals the metrics' objectives.
    #[test]
    fn the_quick_rank_is_the_metrics() {
        let mut p = Problem::round_robin(11, 3, 4, 100, 20, false);
        p.absences.push(crate::events::schedule::Absence {
            entrant: 2,
            session: 1,
            first_slot_only: false,
        });
        let s = solve(&p, 3, 20_000).unwrap().schedule;
        let m = s.metrics(&p);
        let g = Grid::new(&p, &s, &Frozen::default());
        assert_eq!(
            g.rank(),
            [
                m.unplaced,
                m.max_consecutive,
                m.back_to_back,
                m.max_back_to_back,
                m.session_spread,
                m.idle_slots
            ]
        );
    }

    /// Every place taken: the lost table's matches open a new session.
    #[test]
    fn a_full_timetable_losing_a_table_gets_a_new_session() {
        let p = Problem::round_robin(6, 3, 2, 60, 20, false);
        let s = solve(&p, 1, 20_000).unwrap().schedule;
        let on_it = s
            .placements
            .iter()
            .filter(|pl| pl.table == 0 && pl.slot >= 3)
            .count();
        let plan = plan_table_lost(&p, &s, 1, 0, &Frozen::default()).unwrap();
        plan.schedule.validate(&plan.problem).unwrap();
        assert_eq!(plan.problem.sessions.len(), 3);
        assert!(plan.shifts.len() >= on_it && on_it > 0);
        assert!(
            plan.shifts.iter().any(|m| m.to.slot >= 6),
            "{:?}",
            plan.shifts
        );
    }

    /// A taken table: the match in the way moves too, and nothing else.
    #[test]
    fn a_move_onto_a_taken_table_moves_the_match_in_the_way() {
        let p = Problem::round_robin(10, 3, 8, 60, 20, false);
        let s = solve(&p, 5, 100_000).unwrap().schedule;
        let mover = s.placements[0];
        let target = *s
            .placements
            .iter()
            .find(|pl| pl.slot > 6 && pl.slot != mover.slot)
            .unwrap();
        let to = Target::Slot {
            slot: target.slot,
            table: target.table,
        };
        let plan = plan_move(&p, &s, mover.fixture, to, &Frozen::default()).unwrap();
        plan.schedule.validate(&plan.problem).unwrap();
        assert!(plan.shifts.len() <= 3, "{:?}", plan.shifts);
        assert!(plan.shifts.iter().any(|m| m.fixture == mover.fixture));
    }
}
