//! The hall display: for every table, the match now playing and the next one up, at a moment the
//! caller gives (time is injected: the page reads the clock, this module only counts minutes from
//! the session start times and the minutes per match).
//!
//! ```
//! use xiangqi_club::events::hall::{calls, session_on, Moment};
//! use xiangqi_club::events::schedule::{solve, Problem};
//!
//! let mut p = Problem::round_robin(6, 3, 1, 90, 30, false);
//! p.sessions[0].date = Some("2026-12-05".into());
//! p.sessions[0].start = Some("19:00".into());
//! let s = solve(&p, 1, 20_000).unwrap().schedule;
//! let at = Moment { date: Some("2026-12-05"), minute: 19 * 60 + 40 };
//! assert_eq!(session_on(&p, &at), Some(0));
//! // 19:40 is in the second slot (19:30–20:00): its matches are on now.
//! let board = calls(&p, &s, 0, Some(at.minute));
//! assert!(board.iter().all(|t| t.now.is_none_or(|m| p.slots()[m.slot].index == 1)));
//! ```

use super::schedule::{Placement, Problem, Schedule};
use crate::dates::parse_time;

/// A moment in the hall: the day (`YYYY-MM-DD`) and minutes after midnight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Moment<'a> {
    /// Today's date, if known.
    pub date: Option<&'a str>,
    /// Minutes after midnight.
    pub minute: u32,
}

/// One table's board: the match on now and the next one, within one session.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableCall {
    /// Table (0-based).
    pub table: usize,
    /// The match being played now, if any.
    pub now: Option<Placement>,
    /// The next match to start on this table in the session, if any.
    pub next: Option<Placement>,
}

/// The session held on the moment's date: the one under way, else the next to start that day,
/// else the day's last one; `None` when no session has that date.
pub fn session_on(p: &Problem, at: &Moment) -> Option<usize> {
    let date = at.date?;
    let today: Vec<usize> = (0..p.sessions.len())
        .filter(|&s| p.sessions[s].date.as_deref() == Some(date))
        .collect();
    let start = |s: usize| p.sessions[s].start.as_deref().and_then(parse_time);
    today
        .iter()
        .copied()
        .find(|&s| start(s).is_some_and(|st| (st..st + p.sessions[s].minutes).contains(&at.minute)))
        .or_else(|| {
            today
                .iter()
                .copied()
                .find(|&s| start(s).is_some_and(|st| st > at.minute))
        })
        .or_else(|| today.last().copied())
}

/// Every table's now/next in `session` at `minute` after midnight. Without a minute (or without a
/// start time for the session) nothing is on yet and each table's first match is next.
pub fn calls(p: &Problem, s: &Schedule, session: usize, minute: Option<u32>) -> Vec<TableCall> {
    let slots = p.slots();
    let start = p
        .sessions
        .get(session)
        .and_then(|x| x.start.as_deref())
        .and_then(parse_time);
    let length = p.sessions.get(session).map_or(0, |x| x.minutes);
    // Minutes into the session; None before it starts.
    let into = match (start, minute) {
        (Some(st), Some(m)) if m >= st => Some(m - st),
        _ => None,
    };
    let over = into.is_some_and(|i| i >= length);
    let current = into
        .filter(|_| !over)
        .map(|i| (i / p.match_minutes.max(1)) as usize);
    (0..p.tables)
        .map(|table| {
            let mut mine: Vec<Placement> = s
                .placements
                .iter()
                .filter(|pl| {
                    pl.table == table && slots.get(pl.slot).is_some_and(|x| x.session == session)
                })
                .copied()
                .collect();
            mine.sort_by_key(|pl| pl.slot);
            let index = |pl: &Placement| slots[pl.slot].index;
            let now = current.and_then(|c| mine.iter().find(|pl| index(pl) == c).copied());
            let next = if over {
                None
            } else {
                mine.iter()
                    .find(|pl| current.is_none_or(|c| index(pl) > c))
                    .copied()
            };
            TableCall { table, now, next }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::events::schedule::{solve, Problem};

    fn evening() -> (Problem, Schedule) {
        // 19 entrants, 7 tables, 8 sessions of 90 min, 22-min matches: slots at 19:00, :22, :44, 20:06.
        let mut p = Problem::round_robin(19, 7, 8, 90, 22, false);
        for (i, s) in p.sessions.iter_mut().enumerate() {
            s.date = Some(format!("2026-12-{:02}", 5 + i));
            s.start = Some("19:00".into());
        }
        let s = solve(&p, 1, 20_000).unwrap().schedule;
        (p, s)
    }

    #[test]
    fn the_session_is_the_one_on_todays_date() {
        let (p, _) = evening();
        let at = |date, minute| Moment {
            date: Some(date),
            minute,
        };
        assert_eq!(session_on(&p, &at("2026-12-07", 19 * 60 + 30)), Some(2));
        assert_eq!(
            session_on(&p, &at("2026-12-07", 8 * 60)),
            Some(2),
            "later that day"
        );
        assert_eq!(
            session_on(&p, &at("2026-12-07", 23 * 60)),
            Some(2),
            "after it, still the day's"
        );
        assert_eq!(session_on(&p, &at("2027-01-01", 19 * 60)), None);
        assert_eq!(
            session_on(
                &p,
                &Moment {
                    date: None,
                    minute: 0
                }
            ),
            None
        );
    }

    #[test]
    fn now_follows_the_clock_and_next_is_the_tables_following_match() {
        let (p, s) = evening();
        let slots = p.slots();
        // 19:30 is in slot 2 (19:22–19:44) of the session.
        let board = calls(&p, &s, 0, Some(19 * 60 + 30));
        assert_eq!(board.len(), 7);
        for t in &board {
            let on = s
                .placements
                .iter()
                .find(|pl| pl.table == t.table && pl.slot == 1)
                .copied();
            assert_eq!(t.now, on, "table {}", t.table);
            if let Some(n) = t.next {
                assert!(slots[n.slot].session == 0 && slots[n.slot].index > 1);
                assert!(!s
                    .placements
                    .iter()
                    .any(|pl| pl.table == t.table && pl.slot > 1 && pl.slot < n.slot));
            }
        }
        assert!(board.iter().any(|t| t.now.is_some()));
    }

    #[test]
    fn before_the_start_nothing_is_on_and_after_the_end_nothing_is_next() {
        let (p, s) = evening();
        let before = calls(&p, &s, 0, Some(18 * 60));
        assert!(before.iter().all(|t| t.now.is_none()));
        let first: Vec<_> = before.iter().filter_map(|t| t.next).collect();
        assert!(
            !first.is_empty()
                && first
                    .iter()
                    .all(|pl| pl.slot == 0 || p.slots()[pl.slot].session == 0)
        );
        assert_eq!(
            before,
            calls(&p, &s, 0, None),
            "no clock: the first matches are next"
        );
        let after = calls(&p, &s, 0, Some(21 * 60));
        assert!(after.iter().all(|t| t.now.is_none() && t.next.is_none()));
    }
}
