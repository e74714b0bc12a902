//! The solver: a greedy construction from Berger rounds, then simulated annealing over Kempe-chain swaps.
//!
//! Every move keeps the timetable legal (nobody twice in a slot, at most `tables` matches a slot, nobody in a
//! slot they cannot attend); a match that does not fit yet waits in a pool and is inserted by ejecting the
//! matches in its way. The objectives are compared lexicographically; the search stops once every one
//! meets its proven lower bound. It runs in slices (`step`) so a browser can show progress and stop it.

use super::bounds::{fit, Bounds, Fit};
use super::instance::Instance;
use super::model::{Problem, ProblemError};
use super::tables::assign_tables;
use super::timetable::{idle_in, Metrics, Schedule};
use crate::rng::Rng;

const NONE: u32 = u32::MAX;
/// Cost components in lexicographic order: unplaced, run excess, back-to-backs, back-to-back deviation
/// from each entrant's bound (squared), session imbalance (Σk² above its minimum), idle slots.
const PARTS: usize = 6;
type Key = [i64; PARTS];
/// Annealing weights: steep enough to respect the order, shallow enough to let the search move.
const WEIGHTS: Key = [4000, 1000, 100, 20, 10, 1];
/// Iterations `solve` and the CLI use unless told otherwise.
pub const DEFAULT_BUDGET: u64 = 4_000_000;
/// The annealing cools over one cycle of this many iterations, then reheats from the best timetable.
pub const CYCLE: u64 = 250_000;
/// Bounds may be out of reach (they count entrant by entrant, ignoring how entrants share slots): stop
/// after this many iterations without improvement once objectives 1–4 meet their bounds, and after
/// twice as many otherwise.
pub const PATIENCE: u64 = CYCLE;

/// What one slice of solving reached.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    /// Iterations run so far.
    pub iterations: u64,
    /// Share of the budget used, 0..=1 (1 when done early).
    pub fraction: f64,
    /// Metrics of the best timetable so far.
    pub metrics: Metrics,
    /// No more work to do (budget spent, optimum proven, or nothing can fit).
    pub done: bool,
    /// Every objective meets its lower bound.
    pub optimal: bool,
}

/// A finished solve: the best timetable with its metrics and bounds.
#[derive(Clone, Debug)]
pub struct Solution {
    /// Objective (1): fits, or what is short and the changes that fit.
    pub fit: Fit,
    /// The best timetable found (partial when it does not fit).
    pub schedule: Schedule,
    /// Its metrics.
    pub metrics: Metrics,
    /// The lower bounds beside them.
    pub bounds: Bounds,
    /// Iterations used.
    pub iterations: u64,
    /// Every objective meets its bound.
    pub optimal: bool,
}

/// An incremental solver: `new`, then `step` until `done`, reading `best` in between.
#[derive(Clone, Debug)]
pub struct Solver {
    problem: Problem,
    inst: Instance,
    bounds: Bounds,
    fit: Fit,
    rng: Rng,
    budget: u64,
    iter: u64,
    st: State,
    best_slot_of: Vec<u32>,
    best_key: Key,
    target: Key,
    done: bool,
    temp: f64,
    last_gain: u64,
    settled: bool,
    shown: f64,
    /// A re-solve around kept matches: the bounds ignore those, so optimality is never claimed.
    partial: bool,
}

#[derive(Clone, Debug)]
struct State {
    k: usize,
    s: usize,
    /// Matches each slot may still take (tables minus kept placements).
    cap: Vec<usize>,
    run_target: u32,
    lb_b2b: Vec<i64>,
    min_sq: Vec<i64>,
    pairs: Vec<(u32, u32)>,
    slot_of: Vec<u32>,
    slot_list: Vec<Vec<u32>>,
    pos: Vec<u32>,
    occ: Vec<u32>,
    masks: Vec<u64>,
    slot_sess: Vec<u32>,
    slot_idx: Vec<u32>,
    can: Vec<bool>,
    ecost: Vec<Key>,
    comps: Key,
    pool: Vec<u32>,
    pool_pos: Vec<u32>,
    stamp: Vec<u32>,
    clock: u32,
}

impl State {
    fn new(inst: &Instance, bounds: &Bounds) -> State {
        let (n, k, s) = (inst.n, inst.usable, inst.sessions);
        let m = inst.matches.len();
        let mut can = vec![false; n * k];
        for e in 0..n {
            for g in 0..k {
                can[e * k + g] = inst.can_play(e, g);
            }
        }
        let mut st = State {
            k,
            s,
            cap: inst.cap[..k].to_vec(),
            run_target: bounds.max_consecutive as u32,
            lb_b2b: bounds
                .per_entrant
                .iter()
                .map(|b| b.back_to_back as i64)
                .collect(),
            min_sq: bounds
                .per_entrant
                .iter()
                .map(|b| b.balance_sq as i64)
                .collect(),
            pairs: inst
                .matches
                .iter()
                .map(|&(_, a, b)| (a as u32, b as u32))
                .collect(),
            slot_of: vec![NONE; m],
            slot_list: vec![Vec::new(); k],
            pos: vec![NONE; m],
            occ: vec![NONE; n * k],
            masks: inst.base.clone(),
            slot_sess: inst.all_slots[..k]
                .iter()
                .map(|x| x.session as u32)
                .collect(),
            slot_idx: inst.all_slots[..k].iter().map(|x| x.index as u32).collect(),
            can,
            ecost: vec![[0; PARTS]; n],
            comps: [0; PARTS],
            pool: (0..m as u32).collect(),
            pool_pos: (0..m as u32).collect(),
            stamp: vec![0; n],
            clock: 0,
        };
        for e in 0..n {
            st.ecost[e] = st.entrant_cost(e);
            for (c, x) in st.comps[1..].iter_mut().zip(&st.ecost[e][1..]) {
                *c += x;
            }
        }
        st.comps[0] = m as i64;
        st
    }

    fn entrant_cost(&self, e: usize) -> Key {
        let (mut run, mut b2b, mut sq, mut idle) = (0i64, 0i64, 0i64, 0i64);
        for &mask in &self.masks[e * self.s..(e + 1) * self.s] {
            let mut x = mask;
            for _ in 0..self.run_target {
                x &= x << 1;
            }
            run += x.count_ones() as i64;
            b2b += (mask & (mask >> 1)).count_ones() as i64;
            let c = mask.count_ones() as i64;
            sq += c * c;
            idle += idle_in(mask) as i64;
        }
        let dev = b2b - self.lb_b2b[e];
        [0, run, b2b, dev * dev, sq - self.min_sq[e], idle]
    }

    fn fits(&self, m: u32, g: usize) -> bool {
        let (a, b) = self.pairs[m as usize];
        self.can[a as usize * self.k + g] && self.can[b as usize * self.k + g]
    }

    fn remove(&mut self, m: u32) {
        let g = self.slot_of[m as usize];
        if g == NONE {
            return;
        }
        let g = g as usize;
        let p = self.pos[m as usize] as usize;
        let list = &mut self.slot_list[g];
        list.swap_remove(p);
        if let Some(&moved) = list.get(p) {
            self.pos[moved as usize] = p as u32;
        }
        let (a, b) = self.pairs[m as usize];
        let bit = 1u64 << self.slot_idx[g];
        let sess = self.slot_sess[g] as usize;
        for e in [a as usize, b as usize] {
            self.occ[e * self.k + g] = NONE;
            self.masks[e * self.s + sess] &= !bit;
        }
        self.slot_of[m as usize] = NONE;
        self.pos[m as usize] = NONE;
        self.pool_pos[m as usize] = self.pool.len() as u32;
        self.pool.push(m);
        self.comps[0] += 1;
    }

    fn place(&mut self, m: u32, g: usize) {
        debug_assert_eq!(self.slot_of[m as usize], NONE);
        let p = self.pool_pos[m as usize] as usize;
        self.pool.swap_remove(p);
        if let Some(&moved) = self.pool.get(p) {
            self.pool_pos[moved as usize] = p as u32;
        }
        self.pool_pos[m as usize] = NONE;
        self.comps[0] -= 1;
        let (a, b) = self.pairs[m as usize];
        let bit = 1u64 << self.slot_idx[g];
        let sess = self.slot_sess[g] as usize;
        for e in [a as usize, b as usize] {
            debug_assert_eq!(self.occ[e * self.k + g], NONE);
            self.occ[e * self.k + g] = m;
            self.masks[e * self.s + sess] |= bit;
        }
        self.slot_of[m as usize] = g as u32;
        self.pos[m as usize] = self.slot_list[g].len() as u32;
        self.slot_list[g].push(m);
    }

    /// Re-costs the entrants of `moved` matches; returns the weighted delta and the old costs to undo.
    fn recost(&mut self, moved: &[u32], undo: &mut Vec<(usize, Key)>) -> i64 {
        self.clock = self.clock.wrapping_add(1);
        if self.clock == 0 {
            self.stamp.fill(0);
            self.clock = 1;
        }
        undo.clear();
        let mut delta = 0;
        for &m in moved {
            let (a, b) = self.pairs[m as usize];
            for e in [a as usize, b as usize] {
                if self.stamp[e] == self.clock {
                    continue;
                }
                self.stamp[e] = self.clock;
                let new = self.entrant_cost(e);
                let old = std::mem::replace(&mut self.ecost[e], new);
                for i in 1..PARTS {
                    self.comps[i] += new[i] - old[i];
                    delta += WEIGHTS[i] * (new[i] - old[i]);
                }
                undo.push((e, old));
            }
        }
        delta
    }

    fn undo_costs(&mut self, undo: &[(usize, Key)]) {
        for &(e, old) in undo {
            let new = std::mem::replace(&mut self.ecost[e], old);
            for i in 1..PARTS {
                self.comps[i] += old[i] - new[i];
            }
        }
    }
}

impl Solver {
    /// A solver for `problem` whose whole run is fixed by `seed`.
    pub fn new(problem: &Problem, seed: u64) -> Result<Solver, ProblemError> {
        let fit = fit(problem)?;
        Ok(Solver::of(
            problem,
            Instance::new(problem),
            fit,
            seed,
            false,
        ))
    }

    /// A solver that re-solves only the matches `keep` does not hold, and nothing before session
    /// `from_session`; the kept placements stay where they are in every timetable it returns.
    pub fn keeping(
        problem: &Problem,
        schedule: &Schedule,
        keep: impl Fn(&super::timetable::Placement) -> bool,
        from_session: usize,
        seed: u64,
    ) -> Result<Solver, ProblemError> {
        problem.validate()?;
        let inst = Instance::keeping(problem, schedule, keep, from_session);
        Ok(Solver::of(problem, inst, Fit::Fits, seed, true))
    }

    fn of(problem: &Problem, inst: Instance, fit: Fit, seed: u64, partial: bool) -> Solver {
        let bounds = Bounds::of_instance(&inst);
        let mut st = State::new(&inst, &bounds);
        construct(&mut st);
        let target = [
            0,
            0,
            bounds.back_to_back as i64,
            0,
            0,
            bounds.idle_slots as i64,
        ];
        let done = !matches!(fit, Fit::Fits) || inst.matches.is_empty();
        let mut s = Solver {
            problem: problem.clone(),
            best_slot_of: st.slot_of.clone(),
            best_key: st.comps,
            inst,
            bounds,
            fit,
            rng: Rng::new(seed),
            budget: DEFAULT_BUDGET,
            iter: 0,
            st,
            target,
            done,
            temp: 0.0,
            last_gain: 0,
            settled: false,
            shown: 0.0,
            partial,
        };
        s.done |= s.optimal();
        s
    }

    /// Sets the iteration budget (the annealing cools over it).
    pub fn with_budget(mut self, iterations: u64) -> Solver {
        self.budget = iterations.max(1);
        self
    }

    /// The problem being solved.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// Objective (1): whether it fits.
    pub fn fit(&self) -> &Fit {
        &self.fit
    }

    /// The proven lower bounds.
    pub fn bounds(&self) -> &Bounds {
        &self.bounds
    }

    /// The iteration at which the best timetable last improved (a cheap "has it changed?" check).
    pub fn best_found_at(&self) -> u64 {
        self.last_gain
    }

    /// The best timetable found so far, on tables.
    pub fn best(&self) -> Schedule {
        assign_tables(&self.inst, &self.best_slot_of)
    }

    /// The bounds again, with the idle-slot bound taken given the back-to-backs `schedule` reached
    /// (each entrant's `k − b` runs need `k − b − 1` gaps in each session they play).
    pub fn bounds_for(&self, schedule: &Schedule) -> Bounds {
        let mut b = self.bounds.clone();
        let b2b = schedule.back_to_backs(&self.problem);
        b.idle_slots = b
            .per_entrant
            .iter()
            .zip(b2b)
            .map(|(e, got)| {
                e.matches
                    .saturating_sub(got.max(e.back_to_back) + e.sessions)
            })
            .sum();
        b
    }

    /// Objectives 1–4 meet their bounds (the per-entrant back-to-back spread is checked exactly
    /// only when its stand-in is not already zero).
    fn at_bounds_1_to_4(&self) -> bool {
        let k = &self.best_key;
        let t = &self.target;
        let basic = k[0] == 0 && k[1] <= t[1] && k[2] <= t[2] && k[4] <= t[4];
        basic
            && (k[3] == 0
                || self.best().metrics(&self.problem).max_back_to_back
                    <= self.bounds.max_back_to_back)
    }

    fn optimal(&self) -> bool {
        !self.partial && self.best_key[5] <= self.target[5] && self.at_bounds_1_to_4()
    }

    fn progress(&self) -> Progress {
        Progress {
            iterations: self.iter,
            fraction: if self.done { 1.0 } else { self.shown },
            metrics: self.best().metrics(&self.problem),
            done: self.done,
            optimal: self.optimal(),
        }
    }

    /// Runs up to `iterations` more moves and reports the best so far.
    pub fn step(&mut self, iterations: u64) -> Progress {
        let end = self.iter.saturating_add(iterations).min(self.budget);
        let mut undo = Vec::new();
        let mut moved: Vec<u32> = Vec::new();
        let mut back: Vec<(u32, u32)> = Vec::new();
        let (t0, t1) = (40.0f64, 0.3f64);
        while !self.done && self.iter < end {
            self.iter += 1;
            if self.iter - self.last_gain == PATIENCE {
                self.settled = self.at_bounds_1_to_4();
            }
            let patience = if self.settled { PATIENCE } else { 4 * PATIENCE };
            if self.iter - self.last_gain > patience {
                self.done = true;
                break;
            }
            if self.iter.is_multiple_of(CYCLE) {
                self.restore_best();
            }
            if self.iter % 1024 == 1 || self.temp == 0.0 {
                let frac = (self.iter % CYCLE) as f64 / CYCLE as f64;
                self.temp = t0 * (t1 / t0).powf(frac);
            }
            let delta = if !self.st.pool.is_empty() && self.rng.below(4) == 0 {
                self.insert_move(&mut moved, &mut back, &mut undo)
            } else {
                self.kempe_move(&mut moved, &mut back, &mut undo)
            };
            let Some(delta) = delta else { continue };
            let accept = delta <= 0 || self.rng.unit() < (-(delta as f64) / self.temp).exp();
            if accept {
                if self.st.comps < self.best_key {
                    self.best_key = self.st.comps;
                    self.best_slot_of.copy_from_slice(&self.st.slot_of);
                    self.last_gain = self.iter;
                    if self.optimal() {
                        self.done = true;
                    }
                }
            } else {
                self.st.undo_costs(&undo);
                for &(m, _) in &back {
                    self.st.remove(m);
                }
                for &(m, g) in &back {
                    if g != NONE {
                        self.st.place(m, g as usize);
                    }
                }
            }
        }
        if self.iter >= self.budget {
            self.done = true;
        }
        // Progress towards whichever stop comes first: the budget, or the patience running out.
        let patience = if self.settled { PATIENCE } else { 4 * PATIENCE };
        let by_budget = self.iter as f64 / self.budget as f64;
        let by_patience = (self.iter - self.last_gain) as f64 / patience as f64;
        self.shown = self.shown.max(by_budget).max(by_patience.min(0.99));
        self.progress()
    }

    /// Starts the next cooling cycle from the best timetable so far.
    fn restore_best(&mut self) {
        let st = &mut self.st;
        for m in 0..st.pairs.len() as u32 {
            st.remove(m);
        }
        for (m, &g) in self.best_slot_of.iter().enumerate() {
            if g != NONE {
                st.place(m as u32, g as usize);
            }
        }
        st.comps[1..].fill(0);
        for e in 0..st.ecost.len() {
            st.ecost[e] = st.entrant_cost(e);
            for (c, x) in st.comps[1..].iter_mut().zip(&st.ecost[e][1..]) {
                *c += x;
            }
        }
        debug_assert_eq!(st.comps, self.best_key);
    }

    /// Moves a Kempe chain between two slots; `back` records (match, old slot) for undo.
    fn kempe_move(
        &mut self,
        moved: &mut Vec<u32>,
        back: &mut Vec<(u32, u32)>,
        undo: &mut Vec<(usize, Key)>,
    ) -> Option<i64> {
        let st = &mut self.st;
        let m0 = self.rng.below(st.pairs.len()) as u32;
        let g1 = st.slot_of[m0 as usize];
        if g1 == NONE || st.k < 2 {
            return None;
        }
        let g1 = g1 as usize;
        let mut g2 = self.rng.below(st.k - 1);
        if g2 >= g1 {
            g2 += 1;
        }
        // Grow the chain: matches of the two slots linked by a shared entrant.
        moved.clear();
        moved.push(m0);
        let (mut in1, mut in2) = (1usize, 0usize);
        let mut i = 0;
        while i < moved.len() {
            let m = moved[i];
            let here = st.slot_of[m as usize] as usize;
            let other = if here == g1 { g2 } else { g1 };
            if !st.fits(m, other) {
                return None;
            }
            let (a, b) = st.pairs[m as usize];
            for e in [a, b] {
                let x = st.occ[e as usize * st.k + other];
                if x != NONE && !moved.contains(&x) {
                    moved.push(x);
                    if other == g1 {
                        in1 += 1;
                    } else {
                        in2 += 1;
                    }
                }
            }
            i += 1;
        }
        if st.slot_list[g1].len() - in1 + in2 > st.cap[g1]
            || st.slot_list[g2].len() - in2 + in1 > st.cap[g2]
        {
            return None;
        }
        back.clear();
        for &m in moved.iter() {
            back.push((m, st.slot_of[m as usize]));
            st.remove(m);
        }
        for &(m, g) in back.iter() {
            st.place(m, if g as usize == g1 { g2 } else { g1 });
        }
        Some(st.recost(moved, undo))
    }

    /// Puts a waiting match into a slot, ejecting whatever stands in its way.
    fn insert_move(
        &mut self,
        moved: &mut Vec<u32>,
        back: &mut Vec<(u32, u32)>,
        undo: &mut Vec<(usize, Key)>,
    ) -> Option<i64> {
        let st = &mut self.st;
        let u = st.pool[self.rng.below(st.pool.len())];
        let g = self.rng.below(st.k);
        if !st.fits(u, g) {
            return None;
        }
        let (a, b) = st.pairs[u as usize];
        moved.clear();
        back.clear();
        for e in [a, b] {
            let x = st.occ[e as usize * st.k + g];
            if x != NONE && !moved.contains(&x) {
                moved.push(x);
            }
        }
        if st.slot_list[g].len() - moved.len() >= st.cap[g] {
            let others: Vec<u32> = st.slot_list[g]
                .iter()
                .copied()
                .filter(|x| !moved.contains(x))
                .collect();
            if others.is_empty() {
                return None;
            }
            moved.push(others[self.rng.below(others.len())]);
        }
        for &m in moved.iter() {
            back.push((m, g as u32));
            st.remove(m);
        }
        st.place(u, g);
        back.push((u, NONE));
        moved.push(u);
        // The pool grew by the ejected matches and shrank by one.
        Some(st.recost(moved, undo) + WEIGHTS[0] * (moved.len() as i64 - 2))
    }
}

/// Greedy start: each match, in Berger-round order, into the first slot where it is legal.
fn construct(st: &mut State) {
    for m in 0..st.pairs.len() as u32 {
        let (a, b) = st.pairs[m as usize];
        let free = |st: &State, g: usize| {
            st.fits(m, g)
                && st.occ[a as usize * st.k + g] == NONE
                && st.occ[b as usize * st.k + g] == NONE
                && st.slot_list[g].len() < st.cap[g]
        };
        if let Some(g) = (0..st.k).find(|&g| free(st, g)) {
            st.place(m, g);
        }
    }
    st.comps[1..].fill(0);
    for e in 0..st.ecost.len() {
        st.ecost[e] = st.entrant_cost(e);
        for (c, x) in st.comps[1..].iter_mut().zip(&st.ecost[e][1..]) {
            *c += x;
        }
    }
}

/// Solves in one call with an iteration `budget`.
pub fn solve(problem: &Problem, seed: u64, budget: u64) -> Result<Solution, ProblemError> {
    let mut solver = Solver::new(problem, seed)?.with_budget(budget);
    let mut progress = solver.step(0);
    while !progress.done {
        progress = solver.step(1 << 16);
    }
    let schedule = solver.best();
    Ok(Solution {
        metrics: schedule.metrics(problem),
        bounds: solver.bounds_for(&schedule),
        schedule,
        fit: solver.fit.clone(),
        iterations: progress.iterations,
        optimal: progress.optimal,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The incremental bookkeeping equals a recount from scratch after many accepted and undone moves.
    #[test]
    fn incremental_costs_match_a_recount() {
        let mut p = Problem::round_robin(11, 3, 4, 100, 20, false);
        p.absences.push(super::super::model::Absence {
            entrant: 2,
            session: 1,
            first_slot_only: true,
        });
        let mut s = Solver::new(&p, 9).unwrap().with_budget(30_000);
        s.step(30_000);
        let st = &s.st;
        let mut comps = [0i64; PARTS];
        comps[0] = st.pool.len() as i64;
        for e in 0..st.ecost.len() {
            let c = st.entrant_cost(e);
            assert_eq!(c, st.ecost[e]);
            for i in 1..PARTS {
                comps[i] += c[i];
            }
        }
        assert_eq!(comps, st.comps);
        for (g, list) in st.slot_list.iter().enumerate() {
            assert!(list.len() <= st.cap[g]);
            for &m in list {
                assert_eq!(st.slot_of[m as usize] as usize, g);
                let (a, b) = st.pairs[m as usize];
                assert_eq!(st.occ[a as usize * st.k + g], m);
                assert_eq!(st.occ[b as usize * st.k + g], m);
            }
        }
        s.best().validate(&p).unwrap();
    }

    #[test]
    fn small_instance_proves_optimal_and_stops() {
        let p = Problem::round_robin(4, 2, 1, 60, 20, false);
        let sol = solve(&p, 1, 1_000_000).unwrap();
        assert!(sol.optimal);
        assert!(sol.iterations < 1_000_000);
        assert_eq!(sol.metrics.slots_used, 3);
    }
}
