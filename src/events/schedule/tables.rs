//! Tables for the solver's slots: each entrant spread over the tables, then the knockout.

use super::instance::Instance;
use super::timetable::{Placement, Schedule};

/// How often each entrant has played at each table (`entrant * tables + table`), and how bad a
/// count is for an entrant: its square, and heavily what passes its fair share.
struct TableUse {
    tables: usize,
    count: Vec<usize>,
    fair: Vec<usize>,
}

impl TableUse {
    fn new(inst: &Instance) -> TableUse {
        let t = inst.tables;
        TableUse {
            tables: t,
            count: vec![0; inst.n * t],
            fair: inst.games.iter().map(|g| g.div_ceil(t)).collect(),
        }
    }

    fn penalty(&self, e: usize, table: usize) -> usize {
        let c = self.count[e * self.tables + table];
        c * c + 100 * c.saturating_sub(self.fair[e]).pow(2)
    }

    /// Moves each `(entrant, from, to)` from one table to the other.
    fn shift(&mut self, moves: &[(usize, usize, usize)]) {
        for &(e, from, to) in moves {
            self.count[e * self.tables + from] -= 1;
            self.count[e * self.tables + to] += 1;
        }
    }
}

/// Puts the solver's slot choice on tables so each entrant spreads over the tables, then adds the knockout.
pub(crate) fn assign_tables(inst: &Instance, slot_of: &[u32]) -> Schedule {
    let t = inst.tables;
    let mut per_slot: Vec<Vec<usize>> = vec![Vec::new(); inst.all_slots.len()];
    for (m, &g) in slot_of.iter().enumerate() {
        if g != u32::MAX {
            per_slot[g as usize].push(m);
        }
    }
    let taken = taken_tables(inst);
    let mut uses = TableUse::new(inst);
    let mut table_of = vec![usize::MAX; inst.matches.len()];
    // Greedy: each match takes the free table its two entrants have used least.
    for (g, ms) in per_slot.iter().enumerate() {
        let mut free: Vec<bool> = (0..t).map(|tb| !taken[g * t + tb]).collect();
        for &m in ms {
            let (_, a, b) = inst.matches[m];
            let best = (0..t)
                .filter(|&tb| free[tb])
                .min_by_key(|&tb| (uses.count[a * t + tb] + uses.count[b * t + tb], tb))
                .expect("slot holds at most `tables` matches");
            free[best] = false;
            table_of[m] = best;
            uses.count[a * t + best] += 1;
            uses.count[b * t + best] += 1;
        }
    }
    for _pass in 0..4 {
        if !improve(inst, &per_slot, &taken, &mut table_of, &mut uses) {
            break;
        }
    }
    let mut placements: Vec<Placement> = slot_of
        .iter()
        .enumerate()
        .filter(|&(_, &g)| g != u32::MAX)
        .map(|(m, &g)| Placement {
            fixture: inst.matches[m].0,
            slot: g as usize,
            table: table_of[m],
        })
        .collect();
    if !inst.knockout_overflows() {
        for (fixtures, first, _) in &inst.knockout {
            for (i, &f) in fixtures.iter().enumerate() {
                placements.push(Placement {
                    fixture: f,
                    slot: first + i / t,
                    table: i % t,
                });
            }
        }
    }
    placements.extend(inst.fixed.iter().copied());
    placements.sort_by_key(|p| (p.slot, p.table));
    Schedule { placements }
}

/// The tables no match may take (`slot * tables + table`): kept placements and closed tables.
fn taken_tables(inst: &Instance) -> Vec<bool> {
    let t = inst.tables;
    let mut taken = vec![false; inst.all_slots.len() * t];
    for pl in &inst.fixed {
        taken[pl.slot * t + pl.table] = true;
    }
    for (g, x) in inst.all_slots.iter().enumerate() {
        for tb in 0..t {
            taken[g * t + tb] |= inst.closed[x.session * t + tb];
        }
    }
    taken
}

/// One pass: within a slot, swap two matches' tables (or move one to a free table) where that
/// lowers the penalty. Whether anything changed.
fn improve(
    inst: &Instance,
    per_slot: &[Vec<usize>],
    taken: &[bool],
    table_of: &mut [usize],
    uses: &mut TableUse,
) -> bool {
    let t = inst.tables;
    let mut improved = false;
    for (g, ms) in per_slot.iter().enumerate() {
        let mut holder = vec![usize::MAX; t];
        for &m in ms {
            holder[table_of[m]] = m;
        }
        for x in 0..t {
            for y in x + 1..t {
                let (mx, my) = (holder[x], holder[y]);
                let kept = taken[g * t + x] || taken[g * t + y];
                if kept || (mx == usize::MAX && my == usize::MAX) {
                    continue;
                }
                let ents = |m: usize| -> [usize; 2] {
                    let (_, a, b) = inst.matches[m];
                    [a, b]
                };
                let mut involved: Vec<(usize, usize, usize)> = Vec::new(); // (entrant, from, to)
                if mx != usize::MAX {
                    involved.extend(ents(mx).map(|e| (e, x, y)));
                }
                if my != usize::MAX {
                    involved.extend(ents(my).map(|e| (e, y, x)));
                }
                let cost = |uses: &TableUse| -> usize {
                    involved
                        .iter()
                        .map(|&(e, f, to)| uses.penalty(e, f) + uses.penalty(e, to))
                        .sum()
                };
                let before = cost(uses);
                uses.shift(&involved);
                if cost(uses) < before {
                    holder.swap(x, y);
                    if mx != usize::MAX {
                        table_of[mx] = y;
                    }
                    if my != usize::MAX {
                        table_of[my] = x;
                    }
                    improved = true;
                } else {
                    let back: Vec<_> = involved.iter().map(|&(e, f, to)| (e, to, f)).collect();
                    uses.shift(&back);
                }
            }
        }
    }
    improved
}
