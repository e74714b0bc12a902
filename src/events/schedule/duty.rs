//! Umpire duty on a timetable: each match gets an entrant who is at the venue that
//! session but not playing in that slot, rested where possible, duties balanced over the event.

use super::model::Problem;
use super::timetable::Schedule;
use crate::events::umpire::assign_umpires_within;

impl Schedule {
    /// One umpire per placement, in the order of `placements` (entrant index; `None` when nobody
    /// idle is there, or the players are not known yet). Candidates are entrants who play in that
    /// session (so they are at the venue), can attend the slot and are not playing in it; playing
    /// in the slot just before or after is avoided where someone else is free. Umpiring counts as
    /// busy: nobody plays or umpires more slots in a row than the timetable's longest run of
    /// matches (its `max_consecutive`), so the rest the figures promise holds with duty too.
    ///
    /// ```
    /// use xiangqi_club::events::schedule::{solve, Problem};
    /// let p = Problem::round_robin(6, 1, 1, 300, 20, false);
    /// let s = solve(&p, 1, 20_000).unwrap().schedule;
    /// let fixtures = p.fixtures();
    /// // One match at a time and nobody plays twice running: nobody is busy twice running either,
    /// // so some matches go without an entrant umpire (8 of 15 here; the arbiter takes those).
    /// assert_eq!(s.metrics(&p).max_consecutive, 1);
    /// let duty = s.umpires(&p);
    /// let busy = |e: usize, i: usize| {
    ///     let (a, b) = fixtures[s.placements[i].fixture].entrants().unwrap();
    ///     a == e || b == e || duty[i] == Some(e)
    /// };
    /// for (i, u) in duty.iter().enumerate() {
    ///     let (a, b) = fixtures[s.placements[i].fixture].entrants().unwrap();
    ///     if let Some(u) = *u {
    ///         assert!(u != a && u != b);
    ///         assert!(i == 0 || !busy(u, i - 1));
    ///     }
    /// }
    /// assert!(duty.iter().flatten().count() >= 8);
    /// ```
    pub fn umpires(&self, p: &Problem) -> Vec<Option<usize>> {
        let fixtures = p.fixtures();
        let slots = p.slots();
        let n = p.entrants.len();
        let sessions = p.sessions.len();
        let mut matches: Vec<Vec<(usize, usize)>> = vec![Vec::new(); slots.len()];
        let mut index: Vec<Option<(usize, usize)>> = vec![None; self.placements.len()];
        let mut present = vec![false; n * sessions];
        for (i, pl) in self.placements.iter().enumerate() {
            let (Some(f), Some(x)) = (fixtures.get(pl.fixture), slots.get(pl.slot)) else {
                continue;
            };
            if let Some((a, b)) = f.entrants() {
                index[i] = Some((pl.slot, matches[pl.slot].len()));
                matches[pl.slot].push((a, b));
                present[a * sessions + x.session] = true;
                present[b * sessions + x.session] = true;
            }
        }
        let session_of: Vec<usize> = slots.iter().map(|x| x.session).collect();
        let promised = self.metrics(p).max_consecutive.max(1);
        let duty = assign_umpires_within(n, &matches, &session_of, promised, |e, g| {
            let x = slots[g];
            present[e * sessions + x.session] && p.available(e, x.session, x.index)
        });
        index
            .into_iter()
            .map(|at| at.and_then(|(g, m)| duty[g][m]))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use crate::events::schedule::{solve, Absence, Problem};

    #[test]
    fn umpires_are_present_idle_and_balanced() {
        let mut p = Problem::round_robin(19, 7, 8, 90, 22, false);
        p.absences.push(Absence {
            entrant: 3,
            session: 2,
            first_slot_only: false,
        });
        let s = solve(&p, 1, 200_000).unwrap().schedule;
        let fixtures = p.fixtures();
        let slots = p.slots();
        let duty = s.umpires(&p);
        assert_eq!(duty.len(), s.placements.len());
        let mut count = [0usize; 19];
        for (pl, u) in s.placements.iter().zip(&duty) {
            let Some(u) = *u else { continue };
            let x = slots[pl.slot];
            assert!(p.available(u, x.session, x.index));
            // Not playing in that slot, but playing somewhere in that session.
            let plays_at = |g: usize| {
                s.placements.iter().any(|q| {
                    q.slot == g
                        && fixtures[q.fixture]
                            .entrants()
                            .is_some_and(|(a, b)| a == u || b == u)
                })
            };
            assert!(!plays_at(pl.slot));
            assert!((0..slots.len()).any(|g| slots[g].session == x.session && plays_at(g)));
            count[u] += 1;
        }
        // 19 entrants, 7 tables: 5 sit out each slot, so most matches get an umpire when any
        // idle entrant at the venue may umpire.
        let mut by_slot: Vec<Vec<(usize, usize)>> = vec![Vec::new(); slots.len()];
        for pl in &s.placements {
            by_slot[pl.slot].push(fixtures[pl.fixture].entrants().unwrap());
        }
        let session_of: Vec<usize> = slots.iter().map(|x| x.session).collect();
        let at_venue = |e: usize, g: usize| {
            p.available(e, slots[g].session, slots[g].index)
                && (0..slots.len()).any(|h| {
                    session_of[h] == session_of[g]
                        && by_slot[h].iter().any(|&(a, b)| a == e || b == e)
                })
        };
        let anyone = crate::events::umpire::assign_umpires_in(19, &by_slot, &session_of, at_venue);
        let given = anyone.iter().flatten().flatten().count();
        assert!(given * 10 >= duty.len() * 6, "{given} of {}", duty.len());
        // Within the promised run fewer can: as many as the rests allow (the assignment is exact
        // per session), still over half.
        let rested = duty.iter().flatten().count();
        assert!(
            rested * 100 >= duty.len() * 55,
            "{rested} of {}",
            duty.len()
        );
        let (lo, hi) = (count.iter().min().unwrap(), count.iter().max().unwrap());
        assert!(hi - lo <= 3, "{count:?}");
        // Playing or umpiring, nobody is busy for more slots in a row than the timetable promises.
        let promised = s.metrics(&p).max_consecutive;
        assert_eq!(promised, 2);
        for e in 0..19 {
            let mut run = 0;
            for (g, x) in slots.iter().enumerate() {
                if g > 0 && slots[g - 1].session != x.session {
                    run = 0;
                }
                let busy = s.placements.iter().zip(&duty).any(|(pl, u)| {
                    pl.slot == g
                        && (*u == Some(e)
                            || fixtures[pl.fixture]
                                .entrants()
                                .is_some_and(|(a, b)| a == e || b == e))
                });
                run = if busy { run + 1 } else { 0 };
                assert!(
                    run <= promised,
                    "entrant {} busy {run} slots running at slot {g}",
                    e + 1
                );
            }
        }
    }
}
