//! Late changes to a solved timetable: a match that could not be played moves to a
//! free table of a later session or to a new session at the end, then the scheduler re-solves
//! only what is not yet played; a withdrawal after a chosen session (rules 20.3/20.4).

use super::model::{Problem, Session, SlotInfo, MAX_SESSIONS};
use super::solver::{Solver, DEFAULT_BUDGET};
use super::timetable::{Metrics, Placement, Schedule, Violation};
use crate::dates::{civil_from_days, days_from_civil, parse_date};
use crate::events::round_robin::{Outcome, Tournament, TournamentError};
use crate::lang::{Lang, Say};
use std::collections::BTreeSet;
use std::fmt;

/// Iterations a re-solve may use: a late change is answered in well under a second.
pub const RESCHEDULE_BUDGET: u64 = DEFAULT_BUDGET / 8;

/// What a late change may not touch: matches with a result (or pinned by the organiser), and every
/// match of a session already past.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Frozen {
    /// Fixtures that stay where they are: played ones, and a match just moved by hand.
    pub fixtures: BTreeSet<usize>,
    /// The first session still to come (0-based): nothing moves into or out of an earlier one
    /// but an unplayed match moved by hand.
    pub from_session: usize,
}

/// Where a match is moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// A free table in an existing slot (global slot index, 0-based table).
    Slot {
        /// Global slot index into [`Problem::slots`].
        slot: usize,
        /// Table (0-based).
        table: usize,
    },
    /// A new session appended at the end, like the last one; the match opens it on table 1.
    NewSession,
}

/// Why a match cannot be moved, or the rest not re-solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChangeError {
    /// No such fixture.
    UnknownFixture(usize),
    /// The match has a result: it stays where it was played.
    Played(usize),
    /// The slot does not exist.
    NoSuchSlot(usize),
    /// The table does not exist (0-based).
    NoSuchTable(usize),
    /// The slot lies in a session already past (0-based session).
    PastSession(usize),
    /// Another match already uses that table in that slot.
    SlotTaken {
        /// Global slot.
        slot: usize,
        /// Table (0-based).
        table: usize,
    },
    /// One of the players already plays in that slot.
    EntrantBusy {
        /// Entrant (0-based).
        entrant: usize,
        /// Global slot.
        slot: usize,
    },
    /// One of the players cannot come then (an absence).
    Unavailable {
        /// Entrant (0-based).
        entrant: usize,
        /// Global slot.
        slot: usize,
    },
    /// A knockout match would come before the matches that decide its players, or a group match
    /// after the knockout has begun.
    KnockoutOrder(usize),
    /// The timetable already has the most sessions supported.
    TooManySessions,
    /// Another hard constraint would break.
    Invalid(Violation),
    /// No session with that number (0-based).
    NoSuchSession(usize),
    /// The table is already closed for that session.
    AlreadyClosed {
        /// Session (0-based).
        session: usize,
        /// Table (0-based).
        table: usize,
    },
    /// The table is closed for that session.
    TableClosed {
        /// Session (0-based).
        session: usize,
        /// Table (0-based).
        table: usize,
    },
    /// No place for this match without moving more than one other: move it to a new session.
    NoRoom(usize),
}

impl fmt::Display for ChangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.say(Lang::En))
    }
}

impl std::error::Error for ChangeError {}

impl Frozen {
    /// Everything decided so far stays: fixtures with a table-tennis score in `results`, or with a
    /// game result in the round-robin `event` (a forfeit by withdrawal included), and every match
    /// before session `from_session`.
    pub fn decided(
        p: &Problem,
        results: &[super::export::SavedResult],
        event: Option<&Tournament>,
        from_session: usize,
    ) -> Frozen {
        let mut fixtures: BTreeSet<usize> = results.iter().map(|r| r.fixture).collect();
        if let Some(t) = event {
            for (i, f) in p.fixtures().iter().enumerate() {
                let Some((round, red, black)) = f.berger_pairing() else {
                    continue;
                };
                let result = t
                    .result(round, red, black)
                    .is_some_and(|m| !m.games.is_empty());
                if result || t.is_forfeit_by_withdrawal(round, red, black) {
                    fixtures.insert(i);
                }
            }
        }
        Frozen {
            fixtures,
            from_session,
        }
    }

    /// Whether a placement stays where it is in a re-solve.
    pub fn keeps(&self, pl: &Placement, slots: &[SlotInfo]) -> bool {
        self.fixtures.contains(&pl.fixture)
            || slots
                .get(pl.slot)
                .is_some_and(|x| x.session < self.from_session)
    }
}

/// A session like the last one, a week later when dated (or as far after as the last two are apart).
fn next_session(p: &Problem) -> Session {
    let mut s = p
        .sessions
        .last()
        .cloned()
        .unwrap_or(Session::new(p.match_minutes));
    let day = |s: &Session| {
        let (y, m, d) = parse_date(s.date.as_deref()?)?;
        Some(days_from_civil(y, m, d))
    };
    let n = p.sessions.len();
    let last = p.sessions.last().and_then(day);
    let gap = match (n.checked_sub(2).and_then(|i| day(&p.sessions[i])), last) {
        (Some(a), Some(b)) if b > a => b - a,
        _ => 7,
    };
    s.date = last.map(|d| {
        let (y, m, d) = civil_from_days(d + gap);
        format!("{y:04}-{m:02}-{d:02}")
    });
    s
}

impl Schedule {
    /// Every free table of every slot a match could move to: sessions not yet past, both players
    /// free and able to come, in playing order; never the slot the match is in now.
    pub fn free_targets(&self, p: &Problem, fixture: usize, frozen: &Frozen) -> Vec<Target> {
        let slots = p.slots();
        let Some(f) = p.fixtures().get(fixture).cloned() else {
            return Vec::new();
        };
        let now = self
            .placements
            .iter()
            .find(|pl| pl.fixture == fixture)
            .map(|pl| pl.slot);
        let mut out = Vec::new();
        for (g, x) in slots.iter().enumerate() {
            if x.session < frozen.from_session || Some(g) == now {
                continue;
            }
            for table in 0..p.tables {
                let to = Target::Slot { slot: g, table };
                if self.check_target(p, fixture, &f, to).is_ok() {
                    out.push(to);
                    break;
                }
            }
        }
        out
    }

    fn check_target(
        &self,
        p: &Problem,
        fixture: usize,
        f: &super::fixtures::Fixture,
        to: Target,
    ) -> Result<(), ChangeError> {
        let Target::Slot { slot, table } = to else {
            return Ok(());
        };
        let slots = p.slots();
        let x = slots.get(slot).ok_or(ChangeError::NoSuchSlot(slot))?;
        if table >= p.tables {
            return Err(ChangeError::NoSuchTable(table));
        }
        if !p.table_open(x.session, table) {
            return Err(ChangeError::TableClosed {
                session: x.session,
                table,
            });
        }
        let fixtures = p.fixtures();
        let mut table_free = true;
        for pl in self.placements.iter().filter(|pl| pl.slot == slot) {
            if pl.fixture == fixture {
                continue;
            }
            table_free &= pl.table != table;
            if let (Some((a, b)), Some((c, d))) = (f.entrants(), fixtures[pl.fixture].entrants()) {
                if let Some(&e) = [a, b].iter().find(|&&e| e == c || e == d) {
                    return Err(ChangeError::EntrantBusy { entrant: e, slot });
                }
            }
        }
        if !table_free {
            return Err(ChangeError::SlotTaken { slot, table });
        }
        if let Some((a, b)) = f.entrants() {
            for e in [a, b] {
                if !p.available(e, x.session, x.index) {
                    return Err(ChangeError::Unavailable { entrant: e, slot });
                }
            }
        }
        Ok(())
    }

    /// Moves an unplayed match (`frozen` holds the played ones) to `to`; a new session is appended
    /// to `p`. Returns the match's new slot. Nothing changes on an error.
    ///
    /// ```
    /// use xiangqi_club::events::schedule::{solve, ChangeError, Frozen, Problem, Target};
    /// let mut p = Problem::round_robin(6, 3, 2, 60, 20, false);
    /// let mut s = solve(&p, 1, 20_000).unwrap().schedule;
    /// let played = Frozen { fixtures: [0].into(), from_session: 0 };
    /// assert_eq!(s.move_match(&mut p, 0, Target::NewSession, &played), Err(ChangeError::Played(0)));
    /// let slot = s.move_match(&mut p, 1, Target::NewSession, &played).unwrap();
    /// assert_eq!((p.sessions.len(), p.slots()[slot].session), (3, 2));
    /// assert!(s.validate(&p).is_ok());
    /// ```
    pub fn move_match(
        &mut self,
        p: &mut Problem,
        fixture: usize,
        to: Target,
        frozen: &Frozen,
    ) -> Result<usize, ChangeError> {
        let fixtures = p.fixtures();
        let f = fixtures
            .get(fixture)
            .ok_or(ChangeError::UnknownFixture(fixture))?;
        if frozen.fixtures.contains(&fixture) {
            return Err(ChangeError::Played(fixture));
        }
        let mut q = p.clone();
        let (slot, table) = match to {
            Target::Slot { slot, table } => {
                let x = q.slots().get(slot).copied();
                if let Some(x) = x.filter(|x| x.session < frozen.from_session) {
                    return Err(ChangeError::PastSession(x.session));
                }
                self.check_target(&q, fixture, f, to)?;
                (slot, table)
            }
            Target::NewSession => {
                if q.sessions.len() >= MAX_SESSIONS {
                    return Err(ChangeError::TooManySessions);
                }
                let first = q.slots().len();
                q.sessions.push(next_session(&q));
                (first, 0)
            }
        };
        let mut moved = self.clone();
        moved.placements.retain(|pl| pl.fixture != fixture);
        moved.placements.push(Placement {
            fixture,
            slot,
            table,
        });
        moved.placements.sort_by_key(|pl| (pl.slot, pl.table));
        match moved.validate_partial(&q) {
            Ok(()) => {}
            Err(Violation::KnockoutTooEarly(i)) => return Err(ChangeError::KnockoutOrder(i)),
            Err(v) => return Err(ChangeError::Invalid(v)),
        }
        *p = q;
        *self = moved;
        Ok(slot)
    }
}

/// The order in which timetables are compared: the scheduler's objectives, most important first.
fn rank(m: &Metrics) -> [usize; 6] {
    [
        m.unplaced,
        m.max_consecutive,
        m.back_to_back,
        m.max_back_to_back,
        m.session_spread,
        m.idle_slots,
    ]
}

/// Re-solves what `frozen` does not hold (unplayed matches of sessions still to come) around the
/// kept ones, and returns the better of that and `s` itself: kept placements never move.
pub fn reschedule(
    p: &Problem,
    s: &Schedule,
    frozen: &Frozen,
    seed: u64,
    budget: u64,
) -> Result<Schedule, ChangeError> {
    let slots = p.slots();
    let mut solver = Solver::keeping(
        p,
        s,
        |pl| frozen.keeps(pl, &slots),
        frozen.from_session,
        seed,
    )
    .map_err(|e| ChangeError::Invalid(Violation::Problem(e)))?
    .with_budget(budget);
    while !solver.step(1 << 16).done {}
    Ok(better_of(p, s.clone(), solver.best()))
}

/// The re-solved timetable `fresh` if it is legal and better than `kept` by the scheduler's
/// objectives, else `kept` (a re-solve never makes a timetable worse).
pub fn better_of(p: &Problem, kept: Schedule, fresh: Schedule) -> Schedule {
    let better =
        fresh.validate_partial(p).is_ok() && rank(&fresh.metrics(p)) < rank(&kept.metrics(p));
    if better {
        fresh
    } else {
        kept
    }
}

/// Withdraws entrant `k` (1-based) of the round-robin event `t` after the first `after` sessions of
/// the timetable (20.3): its matches from then on are forfeits it loses. Returns how many forfeits
/// were entered by hand.
///
/// The event counts withdrawals by Berger round, but a timetable plays rounds out of order: the
/// withdrawal is placed after the last round `k` played by then, and its unplayed matches of
/// earlier rounds, due after the withdrawal, are entered as forfeits (`-` for `k`, 21.4) unless
/// 20.3 annuls all of `k`'s results.
pub fn withdraw_after_session(
    t: &mut Tournament,
    p: &Problem,
    s: &Schedule,
    k: usize,
    after: usize,
) -> Result<usize, TournamentError> {
    t.entrant(k)?;
    let fixtures = p.fixtures();
    let slots = p.slots();
    let session_of = |fixture: usize| {
        s.placements
            .iter()
            .find(|pl| pl.fixture == fixture)
            .map(|pl| slots[pl.slot].session)
    };
    // Every match of k: (round, red, black, due before the withdrawal, has a result).
    let mine: Vec<(usize, usize, usize, bool, bool)> = fixtures
        .iter()
        .enumerate()
        .filter_map(|(i, f)| {
            let (round, red, black) = f.berger_pairing()?;
            (red == k || black == k).then(|| {
                let before = session_of(i).is_some_and(|x| x < after);
                let done = t
                    .result(round, red, black)
                    .is_some_and(|m| !m.games.is_empty());
                (round, red, black, before, done)
            })
        })
        .collect();
    if let Some(&(round, ..)) = mine.iter().find(|m| m.4 && !m.3) {
        return Err(TournamentError::PlayedAfterWithdrawal { entrant: k, round });
    }
    let last = mine
        .iter()
        .filter(|m| m.3 || m.4)
        .map(|m| m.0)
        .max()
        .unwrap_or(0);
    t.withdraw(k, last)?;
    let mut entered = 0;
    // Under half the field met: 20.3 annuls every result of k, so no forfeit is owed (and one
    // entered would count as a game met).
    if t.is_annulled(k) {
        return Ok(0);
    }
    for &(round, red, black, before, done) in &mine {
        if round > last || before || done {
            continue;
        }
        let other = if red == k { black } else { red };
        let outcome = match (t.gone_by(other, round), red == k) {
            (true, _) => Outcome::DoubleForfeit,
            (false, true) => Outcome::SecondByForfeit,
            (false, false) => Outcome::FirstByForfeit,
        };
        t.record(round, red, black, vec![outcome])?;
        entered += 1;
    }
    Ok(entered)
}

/// Works out a withdrawal after session `after` on a copy of the event (20.3/20.4): the event as
/// it would be, and the matches whose result it decides (forfeits entered or owed, or results
/// annulled by 20.3). No match changes time or table: a forfeit keeps its place, freed.
pub fn plan_withdrawal(
    t: &Tournament,
    p: &Problem,
    s: &Schedule,
    k: usize,
    after: usize,
) -> Result<(Tournament, Vec<usize>), TournamentError> {
    let mut next = t.clone();
    withdraw_after_session(&mut next, p, s, k, after)?;
    let state = |t: &Tournament, round, red, black| {
        (
            t.result(round, red, black).map(|m| m.games.clone()),
            t.is_forfeit_by_withdrawal(round, red, black),
        )
    };
    let annulled = next.is_annulled(k) && !t.is_annulled(k);
    let decided = p
        .fixtures()
        .iter()
        .enumerate()
        .filter_map(|(i, f)| {
            let (round, red, black) = f.berger_pairing()?;
            let mine = red == k || black == k;
            let changed = state(t, round, red, black) != state(&next, round, red, black);
            (changed || (annulled && mine)).then_some(i)
        })
        .collect();
    Ok((next, decided))
}

/// What the late-changes controls offer, worked out from the event (the page only words it).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChangeChoices {
    /// Sessions over, within the event's.
    pub over: usize,
    /// The session whose matches are listed (0-based).
    pub listed: usize,
    /// Its matches still to be played, in timetable order.
    pub movable: Vec<Placement>,
    /// The match chosen to move, while it is one of them.
    pub chosen: Option<usize>,
    /// Where the chosen match could go, a free table per slot: (global slot, table).
    pub targets: Vec<(usize, usize)>,
    /// The session and table (0-based) to take out of use: one still to come.
    pub lost: (usize, usize),
}

impl ChangeChoices {
    /// The choices after `over` sessions, listing `session`, with `fixture` chosen to move and
    /// `lost` asked to be taken out of use (each kept within the event).
    pub fn new(
        p: &Problem,
        s: &Schedule,
        frozen: &Frozen,
        over: usize,
        session: usize,
        fixture: Option<usize>,
        lost: (usize, usize),
    ) -> ChangeChoices {
        let slots = p.slots();
        let listed = session.min(p.sessions.len().saturating_sub(1));
        let movable: Vec<Placement> = (s.placements.iter())
            .filter(|pl| slots[pl.slot].session == listed)
            .filter(|pl| !frozen.fixtures.contains(&pl.fixture))
            .copied()
            .collect();
        let chosen = fixture.filter(|f| movable.iter().any(|pl| pl.fixture == *f));
        let targets = chosen
            .map(|f| s.free_targets(p, f, frozen))
            .unwrap_or_default()
            .into_iter()
            .filter_map(|t| match t {
                Target::Slot { slot, table } => Some((slot, table)),
                Target::NewSession => None,
            })
            .collect();
        let over = over.min(p.sessions.len());
        ChangeChoices {
            over,
            listed,
            movable,
            chosen,
            targets,
            lost: lost_within(lost, over, p),
        }
    }
}

/// A session and table to take out of use, kept within the sessions still to come and the tables.
pub fn lost_within((session, table): (usize, usize), over: usize, p: &Problem) -> (usize, usize) {
    (
        session.max(over).min(p.sessions.len().saturating_sub(1)),
        table.min(p.tables.saturating_sub(1)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_session_follows_the_dates() {
        let mut p = Problem::round_robin(5, 2, 2, 90, 30, false);
        assert_eq!(next_session(&p).date, None);
        p.sessions[0].date = Some("2026-12-01".into());
        p.sessions[1].date = Some("2026-12-03".into());
        p.sessions[1].start = Some("19:00".into());
        let s = next_session(&p);
        assert_eq!(s.date.as_deref(), Some("2026-12-05"));
        assert_eq!(s.start.as_deref(), Some("19:00"));
        p.sessions[0].date = None;
        assert_eq!(next_session(&p).date.as_deref(), Some("2026-12-10"));
    }

    #[test]
    fn the_choices_list_the_session_s_unplayed_matches_and_where_one_can_go() {
        let p = Problem::round_robin(5, 2, 2, 90, 30, false);
        let s = crate::events::schedule::solve(&p, 1, 2_000)
            .unwrap()
            .schedule;
        let slots = p.slots();
        let in_first: Vec<Placement> = (s.placements.iter())
            .filter(|pl| slots[pl.slot].session == 0)
            .copied()
            .collect();
        let played = in_first[0].fixture;
        let frozen = Frozen {
            fixtures: [played].into(),
            from_session: 0,
        };
        let c = ChangeChoices::new(&p, &s, &frozen, 0, 9, Some(played), (0, 7));
        // The session asked is past the last: the last is listed.
        assert_eq!(c.listed, 1);
        let c = ChangeChoices::new(&p, &s, &frozen, 5, 0, Some(played), (0, 7));
        assert_eq!(c.over, 2, "no more sessions over than there are");
        assert_eq!(
            c.movable,
            in_first[1..].to_vec(),
            "the played match is not offered"
        );
        assert_eq!(c.chosen, None, "a played match is not chosen");
        assert!(c.targets.is_empty());
        assert_eq!(
            c.lost,
            (1, 1),
            "the lost table within the event's last session and tables"
        );
        let moving = in_first[1].fixture;
        let c = ChangeChoices::new(&p, &s, &frozen, 0, 0, Some(moving), (0, 0));
        assert_eq!(c.chosen, Some(moving));
        let free: Vec<(usize, usize)> = (s.free_targets(&p, moving, &frozen).into_iter())
            .filter_map(|t| match t {
                Target::Slot { slot, table } => Some((slot, table)),
                Target::NewSession => None,
            })
            .collect();
        assert_eq!(c.targets, free);
        assert!(c.targets.iter().all(|&(slot, _)| slot != in_first[1].slot));
    }
}
