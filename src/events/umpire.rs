//! Umpire duty for a timetable: each match gets an idle entrant as umpire (裁判/记录), never one
//! of its players, not someone playing right before or after where that can be avoided, and
//! duties spread as evenly as possible over the event. A pure function over the slots, so any
//! timetable (round robin, groups, knockout) can use it.

/// Umpires for `slots` (each a list of matches `(a, b)` played at the same time, in time order)
/// among entrants `0..entrants`; `available(e, slot)` says whether `e` is at the venue.
/// Returns one umpire per match, `None` when nobody idle is available.
pub fn assign_umpires(
    entrants: usize,
    slots: &[Vec<(usize, usize)>],
    available: impl Fn(usize, usize) -> bool,
) -> Vec<Vec<Option<usize>>> {
    assign_umpires_in(entrants, slots, &vec![0; slots.len()], available)
}

/// [`assign_umpires`] for slots grouped into sessions (`session_of[slot]`): playing in the slot
/// before or after only counts within one session, since a session break is a rest.
pub fn assign_umpires_in(
    entrants: usize,
    slots: &[Vec<(usize, usize)>],
    session_of: &[usize],
    available: impl Fn(usize, usize) -> bool,
) -> Vec<Vec<Option<usize>>> {
    let plays = |e: usize, s: usize| slots[s].iter().any(|&(a, b)| a == e || b == e);
    let same = |s: usize, t: usize| session_of.get(s) == session_of.get(t);
    let mut duties = vec![0usize; entrants];
    let mut out = Vec::with_capacity(slots.len());
    for (s, matches) in slots.iter().enumerate() {
        let adjacent = |e: usize| {
            (s > 0 && same(s, s - 1) && plays(e, s - 1))
                || (s + 1 < slots.len() && same(s, s + 1) && plays(e, s + 1))
        };
        // Idle candidates, fewest duties first (ties by number, so the result is repeatable).
        let mut idle: Vec<usize> = (0..entrants)
            .filter(|&e| !plays(e, s) && available(e, s))
            .collect();
        idle.sort_by_key(|&e| (duties[e], e));
        let mut owner: Vec<Option<usize>> = vec![None; entrants];
        let mut given: Vec<Option<usize>> = vec![None; matches.len()];
        // First as many matches as possible with rested umpires, then the rest with anyone idle.
        for pass_rested in [true, false] {
            for m in 0..matches.len() {
                if given[m].is_some() {
                    continue;
                }
                let mut seen = vec![false; entrants];
                augment(
                    m,
                    &idle,
                    &adjacent,
                    pass_rested,
                    &mut owner,
                    &mut given,
                    &mut seen,
                );
            }
        }
        for u in given.iter().flatten() {
            duties[*u] += 1;
        }
        out.push(given);
    }
    out
}

/// Kuhn's augmenting path: gives match `m` an umpire, moving others along if needed.
fn augment(
    m: usize,
    idle: &[usize],
    adjacent: &impl Fn(usize) -> bool,
    rested_only: bool,
    owner: &mut Vec<Option<usize>>,
    given: &mut Vec<Option<usize>>,
    seen: &mut Vec<bool>,
) -> bool {
    for &e in idle {
        if seen[e] || (rested_only && adjacent(e)) {
            continue;
        }
        seen[e] = true;
        let free = match owner[e] {
            None => true,
            Some(other) => augment(other, idle, adjacent, rested_only, owner, given, seen),
        };
        if free {
            owner[e] = Some(m);
            given[m] = Some(e);
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::events::round_robin::BergerTable;

    fn round_robin_slots(n: usize, tables: usize) -> Vec<Vec<(usize, usize)>> {
        // Berger rounds cut into slots of `tables` matches.
        let table = BergerTable::new(n, false).unwrap();
        let text = table.to_string();
        let mut slots = Vec::new();
        for line in text.lines() {
            let pairs: Vec<(usize, usize)> = line
                .split_whitespace()
                .skip(2)
                .filter_map(|p| {
                    let (a, b) = p.split_once('-')?;
                    Some((a.parse::<usize>().ok()? - 1, b.parse::<usize>().ok()? - 1))
                })
                .collect();
            for chunk in pairs.chunks(tables) {
                slots.push(chunk.to_vec());
            }
        }
        slots
    }

    #[test]
    fn umpires_are_idle_rested_where_possible_and_balanced() {
        for (n, tables) in [(6, 1), (8, 2), (10, 2), (12, 3), (9, 2)] {
            let slots = round_robin_slots(n, tables);
            let duty = assign_umpires(n, &slots, |_, _| true);
            let mut count = vec![0; n];
            for (s, ms) in slots.iter().enumerate() {
                let mut used = Vec::new();
                for (m, &(a, b)) in ms.iter().enumerate() {
                    let u = duty[s][m].expect("someone idle");
                    assert!(u != a && u != b, "own match");
                    assert!(
                        ms.iter().all(|&(x, y)| x != u && y != u),
                        "plays in this slot"
                    );
                    assert!(!used.contains(&u), "two matches at once");
                    used.push(u);
                    count[u] += 1;
                }
            }
            let (lo, hi) = (count.iter().min().unwrap(), count.iter().max().unwrap());
            assert!(hi - lo <= 2, "n={n}: {count:?}");
        }
    }

    #[test]
    fn adjacent_players_are_avoided_when_someone_rested_exists() {
        // Slot 0: 0-1, slot 1: 2-3, slot 2: 4-5; for slot 1, entrants 0,1,4,5 are adjacent and
        // only 6 is rested.
        let slots = vec![vec![(0, 1)], vec![(2, 3)], vec![(4, 5)]];
        let duty = assign_umpires(7, &slots, |_, _| true);
        assert_eq!(duty[1][0], Some(6));
        // Unavailable entrants are never chosen; nobody available gives None.
        let none = assign_umpires(2, &[vec![(0, 1)]], |_, _| true);
        assert_eq!(none[0][0], None);
        let limited = assign_umpires(7, &slots, |e, _| e != 6);
        assert_ne!(limited[1][0], Some(6));
        assert!(limited[1][0].is_some());
    }

    #[test]
    fn a_session_break_is_a_rest() {
        // Slots 0 and 1 are in different sessions: 0 and 1 played before the break, so they
        // count as rested for slot 1 and, being fewest-duty first, take it before 4.
        let slots = vec![vec![(0, 1)], vec![(2, 3)]];
        let across = assign_umpires_in(5, &slots, &[0, 1], |_, _| true);
        assert_eq!(across[1][0], Some(0));
        let within = assign_umpires_in(5, &slots, &[0, 0], |_, _| true);
        assert_eq!(within[1][0], Some(4));
    }
}
