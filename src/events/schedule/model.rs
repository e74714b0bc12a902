//! The problem the scheduler takes: entrants, format, tables, sessions, match length and absences.

use crate::dates::{parse_date, parse_time};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Fewest entrants a round robin makes sense for.
pub const MIN_ENTRANTS: usize = 3;
/// Most entrants accepted (the issue asks for at least 64; double that keeps the solver quick).
pub const MAX_ENTRANTS: usize = 128;
/// Most slots one session may hold: an entrant's session is kept as one 64-bit mask.
pub const MAX_SLOTS_PER_SESSION: usize = 64;
/// Most tables: more than one per pair of the largest field can never be used.
pub const MAX_TABLES: usize = MAX_ENTRANTS / 2;
/// Most sessions: twice what a double round robin of the largest field needs at one table.
pub const MAX_SESSIONS: usize = 512;
/// Longest session, in minutes: one day.
pub const MAX_SESSION_MINUTES: u32 = 24 * 60;

/// How the required matches are drawn up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", try_from = "FormatFields")]
pub enum Format {
    /// Everyone meets everyone once (`double`: twice, ends swapped).
    RoundRobin {
        /// Play each pairing twice.
        double: bool,
    },
    /// Snake-seeded groups with a group round robin, then a crossover knockout (A1–B2, B1–A2, …).
    GroupsKnockout {
        /// Number of groups: a power of two from 2 to 16.
        groups: usize,
    },
}

/// A saved format as read: its tag and every variant's fields. Reading a flat struct and then
/// checking it takes a fraction of the code an internally tagged enum's reader does (that buffers
/// the whole object first), and the schedule page carries every reader.
#[derive(Deserialize)]
struct FormatFields {
    kind: FormatKind,
    double: Option<bool>,
    groups: Option<usize>,
}

#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum FormatKind {
    RoundRobin,
    GroupsKnockout,
}

impl TryFrom<FormatFields> for Format {
    type Error = MissingField;
    fn try_from(f: FormatFields) -> Result<Format, MissingField> {
        Ok(match f.kind {
            FormatKind::RoundRobin => Format::RoundRobin {
                double: f.double.ok_or(MissingField("double"))?,
            },
            FormatKind::GroupsKnockout => Format::GroupsKnockout {
                groups: f.groups.ok_or(MissingField("groups"))?,
            },
        })
    }
}

/// A field a saved variant needs that its object lacks (read through a flat struct).
#[derive(Debug)]
pub(crate) struct MissingField(pub(crate) &'static str);

impl fmt::Display for MissingField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "missing field `{}`", self.0)
    }
}

/// One playing session: its length, and optionally its calendar date and start time.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Session {
    /// Length in minutes.
    pub minutes: u32,
    /// Calendar date `YYYY-MM-DD`, needed for iCalendar export.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    /// Start time `HH:MM` (24-hour clock), shown as clock times on the timetable.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
}

impl Session {
    /// A session of `minutes` with no date or start time.
    pub fn new(minutes: u32) -> Session {
        Session {
            minutes,
            date: None,
            start: None,
        }
    }

    /// Its date and start time as shown on a heading (`2026-12-05 19:00`), empty when neither is set.
    ///
    /// ```
    /// use xiangqi_club::events::schedule::Session;
    /// let mut s = Session::new(90);
    /// assert_eq!(s.when(), "");
    /// s.date = Some("2026-12-05".into());
    /// s.start = Some("19:00".into());
    /// assert_eq!(s.when(), "2026-12-05 19:00");
    /// ```
    pub fn when(&self) -> String {
        [self.date.as_deref(), self.start.as_deref()]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// An entrant who cannot come to a whole session, or only misses its first slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Absence {
    /// Entrant index (0-based).
    pub entrant: usize,
    /// Session index (0-based).
    pub session: usize,
    /// Only the first slot of the session is missed (arrives late).
    #[serde(default)]
    pub first_slot_only: bool,
}

/// A table out of use for one session (a late change: the table is lost, e.g. needed elsewhere).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClosedTable {
    /// Session index (0-based).
    pub session: usize,
    /// Table (0-based).
    pub table: usize,
}

/// Everything the organiser fixes before solving.
///
/// ```
/// use xiangqi_club::events::schedule::{solve, Problem, ProblemError};
/// // 6 entrants, 3 tables, 2 sessions of 60 minutes, 20-minute matches, single round robin.
/// let p = Problem::round_robin(6, 3, 2, 60, 20, false);
/// assert_eq!(p.fixtures().len(), 15);
/// let solution = solve(&p, 1, 20_000).unwrap();
/// assert!(solution.schedule.validate(&p).is_ok());
/// // Sizes are checked before anything is built from them.
/// let huge = Problem::round_robin(6, 100_000, 2, 60, 20, false);
/// assert_eq!(huge.validate(), Err(ProblemError::TooManyTables(100_000)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Problem {
    /// Entrant names, in seeding order (seed 1 first).
    pub entrants: Vec<String>,
    /// Round robin or groups + knockout.
    pub format: Format,
    /// Number of tables (matches at once).
    pub tables: usize,
    /// The sessions, in playing order.
    pub sessions: Vec<Session>,
    /// Length of one match slot in minutes.
    pub match_minutes: u32,
    /// Who cannot come when.
    #[serde(default)]
    pub absences: Vec<Absence>,
    /// Tables out of use for one session.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub closed: Vec<ClosedTable>,
}

/// Why a [`Problem`] cannot be scheduled as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProblemError {
    /// Fewer than [`MIN_ENTRANTS`] entrants.
    TooFewEntrants(usize),
    /// More than [`MAX_ENTRANTS`] entrants.
    TooManyEntrants(usize),
    /// An entrant name is empty (or only spaces); index 0-based.
    EmptyName(usize),
    /// Two entrants share a name, so the timetable would be ambiguous.
    DuplicateName(String),
    /// Zero tables.
    NoTables,
    /// More than [`MAX_TABLES`] tables.
    TooManyTables(usize),
    /// More than [`MAX_SESSIONS`] sessions.
    TooManySessions(usize),
    /// A session longer than [`MAX_SESSION_MINUTES`].
    SessionOverADay {
        /// Session index (0-based).
        session: usize,
        /// Its length in minutes.
        minutes: u32,
    },
    /// Zero sessions.
    NoSessions,
    /// Match length of zero minutes.
    ZeroMatchMinutes,
    /// A session too short for even one match.
    SessionTooShort {
        /// Session index (0-based).
        session: usize,
        /// Its length in minutes.
        minutes: u32,
        /// The match length.
        match_minutes: u32,
    },
    /// A session holds more than [`MAX_SLOTS_PER_SESSION`] slots.
    SessionTooLong {
        /// Session index (0-based).
        session: usize,
        /// Slots it would hold.
        slots: usize,
    },
    /// A date that is not a real `YYYY-MM-DD` day.
    BadDate {
        /// Session index (0-based).
        session: usize,
        /// The text given.
        text: String,
    },
    /// A start time that is not `HH:MM`.
    BadStartTime {
        /// Session index (0-based).
        session: usize,
        /// The text given.
        text: String,
    },
    /// An absence names an entrant that does not exist.
    AbsenceEntrant(usize),
    /// An absence names a session that does not exist.
    AbsenceSession(usize),
    /// A closed table names a session or table that does not exist.
    ClosedTable(ClosedTable),
    /// The group count is not a power of two from 2 to 16, or leaves a group under 3 entrants.
    BadGroupCount {
        /// Groups asked for.
        groups: usize,
        /// Entrants available.
        entrants: usize,
    },
}

impl fmt::Display for ProblemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ProblemError::*;
        match self {
            TooFewEntrants(n) => write!(f, "{n} entrants: at least {MIN_ENTRANTS} are needed"),
            TooManyEntrants(n) => write!(f, "{n} entrants: at most {MAX_ENTRANTS} are supported"),
            EmptyName(i) => write!(f, "entrant {} has an empty name", i + 1),
            DuplicateName(n) => write!(f, "two entrants are both called `{n}`"),
            NoTables => write!(f, "at least one table is needed"),
            TooManyTables(n) => write!(f, "{n} tables: at most {MAX_TABLES} are supported"),
            TooManySessions(n) => {
                write!(f, "{n} sessions: at most {MAX_SESSIONS} are supported")
            }
            SessionOverADay { session, minutes } => write!(
                f,
                "session {} lasts {minutes} min; at most {MAX_SESSION_MINUTES} (one day) are supported",
                session + 1
            ),
            NoSessions => write!(f, "at least one session is needed"),
            ZeroMatchMinutes => write!(f, "the match length must be at least one minute"),
            SessionTooShort {
                session,
                minutes,
                match_minutes,
            } => write!(
                f,
                "session {} lasts {minutes} min, shorter than one {match_minutes}-min match",
                session + 1
            ),
            SessionTooLong { session, slots } => write!(
                f,
                "session {} would hold {slots} slots; at most {MAX_SLOTS_PER_SESSION} are supported",
                session + 1
            ),
            BadDate { session, text } => write!(
                f,
                "session {}: `{text}` is not a date like 2026-03-14",
                session + 1
            ),
            BadStartTime { session, text } => write!(
                f,
                "session {}: `{text}` is not a start time like 19:30",
                session + 1
            ),
            AbsenceEntrant(e) => write!(f, "an absence names entrant {}, who does not exist", e + 1),
            AbsenceSession(s) => write!(f, "an absence names session {}, which does not exist", s + 1),
            ClosedTable(c) => write!(
                f,
                "table {} of session {} is closed, but no such table or session exists",
                c.table + 1,
                c.session + 1
            ),
            BadGroupCount { groups, entrants } => write!(
                f,
                "{groups} groups for {entrants} entrants: use 2, 4, 8 or 16 groups of at least 3"
            ),
        }
    }
}

impl std::error::Error for ProblemError {}

/// One slot of the timetable: which session, its position there, and its start minute.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SlotInfo {
    /// Session index (0-based).
    pub session: usize,
    /// Position within the session (0-based).
    pub index: usize,
    /// Minutes from the session start.
    pub start_minute: u32,
}

impl Problem {
    /// A round robin for entrants named `1..=n` with `sessions` equal sessions.
    pub fn round_robin(
        n: usize,
        tables: usize,
        sessions: usize,
        session_minutes: u32,
        match_minutes: u32,
        double: bool,
    ) -> Problem {
        Problem {
            entrants: (1..=n).map(|i| i.to_string()).collect(),
            format: Format::RoundRobin { double },
            tables,
            sessions: vec![Session::new(session_minutes); sessions],
            match_minutes,
            absences: Vec::new(),
            closed: Vec::new(),
        }
    }

    /// Checks every field; the solver and exports only take a validated problem.
    pub fn validate(&self) -> Result<(), ProblemError> {
        let n = self.entrants.len();
        if n < MIN_ENTRANTS {
            return Err(ProblemError::TooFewEntrants(n));
        }
        if n > MAX_ENTRANTS {
            return Err(ProblemError::TooManyEntrants(n));
        }
        let mut seen: Vec<&str> = Vec::with_capacity(n);
        for (i, name) in self.entrants.iter().enumerate() {
            let name = name.trim();
            if name.is_empty() {
                return Err(ProblemError::EmptyName(i));
            }
            if seen.contains(&name) {
                return Err(ProblemError::DuplicateName(name.to_string()));
            }
            seen.push(name);
        }
        if self.tables == 0 {
            return Err(ProblemError::NoTables);
        }
        if self.tables > MAX_TABLES {
            return Err(ProblemError::TooManyTables(self.tables));
        }
        if self.sessions.is_empty() {
            return Err(ProblemError::NoSessions);
        }
        if self.sessions.len() > MAX_SESSIONS {
            return Err(ProblemError::TooManySessions(self.sessions.len()));
        }
        if self.match_minutes == 0 {
            return Err(ProblemError::ZeroMatchMinutes);
        }
        for (i, s) in self.sessions.iter().enumerate() {
            if s.minutes > MAX_SESSION_MINUTES {
                return Err(ProblemError::SessionOverADay {
                    session: i,
                    minutes: s.minutes,
                });
            }
            let slots = (s.minutes / self.match_minutes) as usize;
            if slots == 0 {
                return Err(ProblemError::SessionTooShort {
                    session: i,
                    minutes: s.minutes,
                    match_minutes: self.match_minutes,
                });
            }
            if slots > MAX_SLOTS_PER_SESSION {
                return Err(ProblemError::SessionTooLong { session: i, slots });
            }
            if let Some(d) = &s.date {
                if parse_date(d).is_none() {
                    return Err(ProblemError::BadDate {
                        session: i,
                        text: d.clone(),
                    });
                }
            }
            if let Some(t) = &s.start {
                if parse_time(t).is_none() {
                    return Err(ProblemError::BadStartTime {
                        session: i,
                        text: t.clone(),
                    });
                }
            }
        }
        for a in &self.absences {
            if a.entrant >= n {
                return Err(ProblemError::AbsenceEntrant(a.entrant));
            }
            if a.session >= self.sessions.len() {
                return Err(ProblemError::AbsenceSession(a.session));
            }
        }
        for &c in &self.closed {
            if c.session >= self.sessions.len() || c.table >= self.tables {
                return Err(ProblemError::ClosedTable(c));
            }
        }
        if let Format::GroupsKnockout { groups } = self.format {
            if !(2..=16).contains(&groups) || !groups.is_power_of_two() || n < 3 * groups {
                return Err(ProblemError::BadGroupCount {
                    groups,
                    entrants: n,
                });
            }
        }
        Ok(())
    }

    /// Slots a session holds: ⌊session length / match length⌋.
    pub fn slots_in(&self, session: usize) -> usize {
        (self.sessions[session].minutes / self.match_minutes.max(1)) as usize
    }

    /// Every slot of the timetable in playing order.
    pub fn slots(&self) -> Vec<SlotInfo> {
        let mut out = Vec::new();
        for s in 0..self.sessions.len() {
            for i in 0..self.slots_in(s) {
                out.push(SlotInfo {
                    session: s,
                    index: i,
                    start_minute: i as u32 * self.match_minutes,
                });
            }
        }
        out
    }

    /// Whether `entrant` can play in slot `index` of `session` given the absences.
    pub fn available(&self, entrant: usize, session: usize, index: usize) -> bool {
        !self.absences.iter().any(|a| {
            a.entrant == entrant && a.session == session && (!a.first_slot_only || index == 0)
        })
    }

    /// Whether `table` is in use in `session` (not closed by a late change).
    pub fn table_open(&self, session: usize, table: usize) -> bool {
        !self
            .closed
            .iter()
            .any(|c| c.session == session && c.table == table)
    }

    /// Tables in use in `session`.
    pub fn open_tables(&self, session: usize) -> usize {
        (0..self.tables)
            .filter(|&t| self.table_open(session, t))
            .count()
    }

    /// Clock time `HH:MM` of a slot when its session has a start time.
    pub fn clock(&self, slot: &SlotInfo) -> Option<String> {
        let start = parse_time(self.sessions.get(slot.session)?.start.as_deref()?)?;
        let t = (start + slot.start_minute) % (24 * 60);
        Some(format!("{:02}:{:02}", t / 60, t % 60))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_follow_floor_of_length_over_match() {
        let p = Problem::round_robin(19, 7, 8, 90, 22, false);
        assert_eq!(p.slots_in(0), 4);
        assert_eq!(p.slots().len(), 32);
        assert_eq!(p.slots()[5].start_minute, 22);
        let p = Problem::round_robin(19, 7, 8, 90, 30, false);
        assert_eq!(p.slots().len(), 24);
    }

    #[test]
    fn validation_names_the_fault() {
        let mut p = Problem::round_robin(19, 7, 8, 90, 22, false);
        assert_eq!(p.validate(), Ok(()));
        p.entrants[3] = "1".into();
        assert_eq!(p.validate(), Err(ProblemError::DuplicateName("1".into())));
        let mut p = Problem::round_robin(2, 7, 8, 90, 22, false);
        assert_eq!(p.validate(), Err(ProblemError::TooFewEntrants(2)));
        p = Problem::round_robin(5, 0, 8, 90, 22, false);
        assert_eq!(p.validate(), Err(ProblemError::NoTables));
        p = Problem::round_robin(5, 2, 2, 20, 22, false);
        assert!(matches!(
            p.validate(),
            Err(ProblemError::SessionTooShort { .. })
        ));
        p = Problem::round_robin(5, 2, 2, 90, 22, false);
        p.sessions[1].date = Some("2026-02-30".into());
        assert!(matches!(
            p.validate(),
            Err(ProblemError::BadDate { session: 1, .. })
        ));
        p.sessions[1].date = Some("2028-02-29".into());
        p.sessions[0].start = Some("24:00".into());
        assert!(matches!(
            p.validate(),
            Err(ProblemError::BadStartTime { session: 0, .. })
        ));
        p.sessions[0].start = Some("9:05".into());
        assert_eq!(p.validate(), Ok(()));
        p.format = Format::GroupsKnockout { groups: 3 };
        assert!(matches!(
            p.validate(),
            Err(ProblemError::BadGroupCount { .. })
        ));
    }

    #[test]
    fn clock_adds_slot_offsets() {
        let mut p = Problem::round_robin(5, 2, 1, 90, 22, false);
        p.sessions[0].start = Some("19:30".into());
        let s = p.slots();
        assert_eq!(p.clock(&s[0]).as_deref(), Some("19:30"));
        assert_eq!(p.clock(&s[2]).as_deref(), Some("20:14"));
    }

    #[test]
    fn absence_of_first_slot_only() {
        let mut p = Problem::round_robin(5, 2, 2, 90, 22, false);
        p.absences.push(Absence {
            entrant: 1,
            session: 1,
            first_slot_only: true,
        });
        assert!(!p.available(1, 1, 0));
        assert!(p.available(1, 1, 1));
        assert!(p.available(1, 0, 0));
    }
}
