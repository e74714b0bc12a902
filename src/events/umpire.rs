//! Umpire duty for a timetable: each match gets an idle entrant as umpire (裁判/记录), never one
//! of its players, not someone playing right before or after where that can be avoided, and
//! duties spread as evenly as possible over the event, and (given the run the timetable promises)
//! nobody busy, playing or umpiring, for more slots in a row than that. A pure function over the slots, so any
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
    assign_umpires_within(entrants, slots, session_of, usize::MAX, available)
}

/// [`assign_umpires_in`] where umpiring counts as busy like playing: nobody is given a duty that
/// would make them busy (playing or umpiring) in more than `max_run` slots in a row of one
/// session. A match nobody can umpire within that gets `None` (the arbiter's, or a volunteer's).
pub fn assign_umpires_within(
    entrants: usize,
    slots: &[Vec<(usize, usize)>],
    session_of: &[usize],
    max_run: usize,
    available: impl Fn(usize, usize) -> bool,
) -> Vec<Vec<Option<usize>>> {
    let plays = |e: usize, s: usize| slots[s].iter().any(|&(a, b)| a == e || b == e);
    let same = |s: usize, t: usize| session_of.get(s) == session_of.get(t);
    let mut duties = vec![0usize; entrants];
    let mut out: Vec<Vec<Option<usize>>> = Vec::with_capacity(slots.len());
    for (s, matches) in slots.iter().enumerate() {
        if s < out.len() {
            continue;
        }
        // A session's duties at once, as many as the run allows, when it is small enough.
        if max_run != usize::MAX && (s == 0 || !same(s, s - 1)) {
            let end = (s..slots.len())
                .find(|&t| !same(s, t))
                .unwrap_or(slots.len());
            if let Some(given) = best_session(
                entrants,
                &slots[s..end],
                s,
                max_run,
                &available,
                &mut duties,
            ) {
                out.extend(given);
                continue;
            }
        }
        let adjacent = |e: usize| {
            (s > 0 && same(s, s - 1) && plays(e, s - 1))
                || (s + 1 < slots.len() && same(s, s + 1) && plays(e, s + 1))
        };
        // The busy run a duty here would make: busy slots just before (duties given so far
        // count), this one, and the matches just after (their duties are checked in turn).
        let run = |e: usize| {
            let before = (0..s)
                .rev()
                .take_while(|&t| same(s, t) && (plays(e, t) || out[t].contains(&Some(e))))
                .count();
            let after = (s + 1..slots.len())
                .take_while(|&t| same(s, t) && plays(e, t))
                .count();
            before + 1 + after
        };
        // Idle candidates, fewest duties first (ties by number, so the result is repeatable).
        let mut idle: Vec<usize> = (0..entrants)
            .filter(|&e| !plays(e, s) && available(e, s) && run(e) <= max_run)
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

/// Most state-times-choice steps [`best_session`] takes before leaving a session to the greedy.
const SESSION_WORK: usize = 200_000;

/// The duties of one session (`slots`, the first at global slot `first`) that umpire the most
/// matches with nobody busy more than `max_run` slots in a row, then spread duties (fewest so
/// far first, `duties` updated) and rest the umpires where possible. Exact, by dynamic
/// programming over entrants with the count of umpires per slot as the state; `None` when that
/// is too big (long sessions, many tables).
fn best_session(
    entrants: usize,
    slots: &[Vec<(usize, usize)>],
    first: usize,
    max_run: usize,
    available: &impl Fn(usize, usize) -> bool,
    duties: &mut [usize],
) -> Option<Vec<Vec<Option<usize>>>> {
    let len = slots.len();
    if len > 8 {
        return None;
    }
    let caps: Vec<usize> = slots.iter().map(Vec::len).collect();
    let mut radix = vec![1usize; len + 1];
    for g in 0..len {
        radix[g + 1] = radix[g].checked_mul(caps[g] + 1)?;
    }
    let states = radix[len];
    // Each entrant's choices: sets of idle slots whose busy runs stay within `max_run`.
    let mut choices: Vec<Vec<u16>> = Vec::with_capacity(entrants);
    let mut played: Vec<u16> = Vec::with_capacity(entrants);
    for e in 0..entrants {
        let mut plays = 0u16;
        let mut idle = 0u16;
        for (g, ms) in slots.iter().enumerate() {
            if ms.iter().any(|&(a, b)| a == e || b == e) {
                plays |= 1 << g;
            } else if available(e, first + g) {
                idle |= 1 << g;
            }
        }
        // Only someone playing in the session is at the venue.
        let options: Vec<u16> = if plays == 0 {
            vec![0]
        } else {
            (0..=idle)
                .filter(|d| d & !idle == 0 && fits_run(plays, *d, max_run))
                .collect()
        };
        played.push(plays);
        choices.push(options);
    }
    let work: usize = choices.iter().map(|c| c.len() * states).sum();
    if work > SESSION_WORK {
        return None;
    }
    const NONE: i64 = i64::MIN;
    let mut value = vec![NONE; states];
    value[0] = 0;
    // back[e][state] = (previous state, choice index).
    let mut back: Vec<Vec<(u32, u16)>> = Vec::with_capacity(entrants);
    for e in 0..entrants {
        let mut next = vec![NONE; states];
        let mut from = vec![(0u32, 0u16); states];
        for (st, &v) in value.iter().enumerate() {
            if v == NONE {
                continue;
            }
            for (ci, &d) in choices[e].iter().enumerate() {
                let (mut to, mut gain) = (st, 0i64);
                let mut k = 0i64;
                let mut ok = true;
                for g in 0..len {
                    if d >> g & 1 == 0 {
                        continue;
                    }
                    let count = st / radix[g] % (caps[g] + 1);
                    if count >= caps[g] {
                        ok = false;
                        break;
                    }
                    to += radix[g];
                    // Matches umpired first; then fewest duties so far; then rested umpires.
                    let near = (g > 0 && played[e] >> (g - 1) & 1 == 1)
                        || (g + 1 < len && played[e] >> (g + 1) & 1 == 1);
                    gain += 1_000_000 - 10 * (duties[e] as i64 + k) - i64::from(near);
                    k += 1;
                }
                if ok && v + gain > next[to] {
                    next[to] = v + gain;
                    from[to] = (st as u32, ci as u16);
                }
            }
        }
        value = next;
        back.push(from);
    }
    let mut st = (0..states).max_by_key(|&s| (value[s], std::cmp::Reverse(s)))?;
    let mut given: Vec<Vec<Option<usize>>> = caps.iter().map(|&c| vec![None; c]).collect();
    let mut fill = vec![0usize; len];
    for e in (0..entrants).rev() {
        let (prev, ci) = back[e][st];
        let d = choices[e][ci as usize];
        for g in 0..len {
            if d >> g & 1 == 1 && fill[g] < caps[g] {
                given[g][fill[g]] = Some(e);
                fill[g] += 1;
                duties[e] += 1;
            }
        }
        st = prev as usize;
    }
    Some(given)
}

/// Whether duties `d` beside matches `plays` (bit masks over a session's slots) keep every busy
/// run that holds a duty within `max_run` slots.
fn fits_run(plays: u16, d: u16, max_run: usize) -> bool {
    let busy = plays | d;
    let mut g = 0;
    while g < 16 {
        if busy >> g & 1 == 0 {
            g += 1;
            continue;
        }
        let start = g;
        let mut duty = false;
        while g < 16 && busy >> g & 1 == 1 {
            duty |= d >> g & 1 == 1;
            g += 1;
        }
        if duty && g - start > max_run {
            return false;
        }
    }
    true
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
    fn umpiring_counts_as_busy_within_the_run_allowed() {
        // Entrant 0 plays slots 0 and 2 of one session: umpiring slot 1 would make it busy for 3
        // slots in a row; with at most 2 it is not given the duty, so 4 is.
        let slots = vec![vec![(0, 1)], vec![(2, 3)], vec![(0, 4)]];
        let loose = assign_umpires_within(5, &slots, &[0, 0, 0], 3, |e, _| e != 4);
        assert_eq!(loose[1][0], Some(0));
        let tight = assign_umpires_within(5, &slots, &[0, 0, 0], 2, |_, _| true);
        assert!(matches!(tight[1][0], Some(1 | 4)), "{tight:?}");
        // Nobody else there: no umpire rather than a third busy slot in a row.
        let none =
            assign_umpires_within(5, &slots, &[0, 0, 0], 2, |e, _| e == 0 || e == 2 || e == 3);
        assert_eq!(none[1][0], None);
        // A duty given earlier counts: 4 umpires slot 0, then slot 1 would be its second busy
        // slot and slot 2 (where it plays) its third.
        let chain = vec![vec![(0, 1)], vec![(2, 3)], vec![(4, 0)]];
        let d = assign_umpires_within(5, &chain, &[0, 0, 0], 2, |_, _| true);
        for (s, ms) in chain.iter().enumerate() {
            assert!(d[s][0].is_none_or(|u| ms.iter().all(|&(a, b)| a != u && b != u)));
        }
        let busy = |e: usize, s: usize| {
            chain[s].iter().any(|&(a, b)| a == e || b == e) || d[s][0] == Some(e)
        };
        for e in 0..5 {
            assert!(
                !(0..3).all(|s| busy(e, s)),
                "entrant {e} busy three slots running: {d:?}"
            );
        }
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
