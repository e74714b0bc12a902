//! The scheduler form as typed: text fields turned into a [`Problem`] with precise errors, and back.

use super::model::{Absence, Format, Problem, ProblemError, Session};
use super::scoring::{EventError, EventScoring};
use crate::dates::{civil_from_days, days_from_civil, parse_date, parse_time};
use crate::events::round_robin::{parse_entrant_list, BoardOrder, Competition, Tournament};
use crate::lang::{Lang, Say};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The form's fields, exactly as typed (so a half-typed form survives a reload).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Draft {
    /// Entrant names, one a line (blank lines ignored).
    pub entrants: String,
    /// `single`, `double` or `groups`.
    pub format: String,
    /// Number of groups when `format` is `groups`.
    pub groups: String,
    /// Tables.
    pub tables: String,
    /// Number of sessions.
    pub sessions: String,
    /// Session length in minutes.
    pub session_minutes: String,
    /// Match length in minutes.
    pub match_minutes: String,
    /// Date of the first session `YYYY-MM-DD`, or empty.
    pub first_date: String,
    /// Days between sessions (used with `first_date`).
    pub every_days: String,
    /// Start time `HH:MM` of every session, or empty.
    pub start: String,
    /// Absences, one a line: `entrant @ session` or `entrant @ session late` (misses the first slot).
    pub absences: String,
    /// The event's name (shown in the rounds view and on every printout).
    #[serde(default)]
    pub name: String,
    /// How results are scored.
    #[serde(default)]
    pub scoring: EventScoring,
    /// Boards per team match (the team scoring only; 12.1).
    #[serde(default = "four")]
    pub boards: String,
    /// How players are put on boards (the team scoring only): 12.1, 12.2 or 12.3; drafts saved
    /// before the choice existed are 12.1.
    #[serde(default = "fixed")]
    pub board_order: BoardOrder,
}

fn four() -> String {
    "4".into()
}

fn fixed() -> BoardOrder {
    BoardOrder::Fixed
}

impl Default for Draft {
    /// The organiser's case: 19 pairs, 7 tables, 8 sessions of 90 minutes, 22-minute matches,
    /// scored as Xiangqi games (this is a Xiangqi club's tool; the menu offers the others, and the
    /// draft kept in the browser remembers the last choice).
    fn default() -> Draft {
        Draft {
            entrants: (1..=19)
                .map(|i| i.to_string())
                .collect::<Vec<_>>()
                .join("\n"),
            format: "single".into(),
            groups: "4".into(),
            tables: "7".into(),
            sessions: "8".into(),
            session_minutes: "90".into(),
            match_minutes: "22".into(),
            first_date: String::new(),
            every_days: "7".into(),
            start: "19:00".into(),
            absences: String::new(),
            name: String::new(),
            scoring: EventScoring::Xiangqi,
            boards: four(),
            board_order: fixed(),
        }
    }
}

/// Most days between two sessions: a year (dates far beyond would overflow the calendar).
pub const MAX_EVERY_DAYS: i64 = 366;

/// A number field of the form, named in a message about what was typed there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DraftField {
    /// The number of groups.
    Groups,
    /// The number of sessions.
    Sessions,
    /// Each session's minutes.
    SessionMinutes,
    /// Days from one session to the next.
    EveryDays,
    /// The number of tables.
    Tables,
    /// A match's (or game's) minutes.
    MatchMinutes,
    /// Boards a team match.
    Boards,
}

/// Why the form does not make a problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DraftError {
    /// A number field holds something else.
    Number {
        /// The field.
        field: DraftField,
        /// What was typed.
        text: String,
    },
    /// The first date is not `YYYY-MM-DD`.
    Date(String),
    /// The start time is not `HH:MM`.
    Time(String),
    /// An absence line cannot be read (line 1-based).
    Absence {
        /// Line number (1-based).
        line: usize,
        /// The line.
        text: String,
    },
    /// An absence names nobody on the list (line 1-based).
    AbsentWho {
        /// Line number (1-based).
        line: usize,
        /// The name or number given.
        who: String,
    },
    /// Days between sessions outside 0 to [`MAX_EVERY_DAYS`] (what was typed).
    Interval(String),
    /// An unknown format.
    Format(String),
    /// The fields read fine but the problem is invalid.
    Problem(ProblemError),
    /// Team matches are played as a round robin (13.2, 15.3), not as groups + knockout.
    TeamGroups,
}

impl fmt::Display for DraftError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DraftError::Number { field, text } => {
                write!(f, "{}: `{text}` is not a whole number", field.say(Lang::En))
            }
            DraftError::Date(t) => write!(f, "`{t}` is not a date like 2026-03-14"),
            DraftError::Time(t) => write!(f, "`{t}` is not a start time like 19:30"),
            DraftError::Absence { line, text } => write!(
                f,
                "absence line {line}: `{text}` should read like `7 @ 3` or `7 @ 3 late`"
            ),
            DraftError::AbsentWho { line, who } => {
                write!(
                    f,
                    "absence line {line}: nobody is called or numbered `{who}`"
                )
            }
            DraftError::Interval(t) => write!(
                f,
                "days between sessions: `{t}` must be from 0 to {MAX_EVERY_DAYS}"
            ),
            DraftError::Format(t) => write!(f, "unknown format `{t}`"),
            DraftError::Problem(e) => write!(f, "{e}"),
            DraftError::TeamGroups => f.write_str(
                "team matches are played as a single or double round robin, not groups + knockout",
            ),
        }
    }
}

impl std::error::Error for DraftError {}

fn number<T: std::str::FromStr>(field: DraftField, text: &str) -> Result<T, DraftError> {
    text.trim().parse().map_err(|_| DraftError::Number {
        field,
        text: text.to_string(),
    })
}

/// Entrant names from text, one a line, trimmed, blank lines skipped.
pub fn parse_entrants(text: &str) -> Vec<String> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect()
}

/// Absences from lines `who @ session [late]`; `who` is a name on the list or a 1-based number.
pub fn parse_absences(text: &str, entrants: &[String]) -> Result<Vec<Absence>, DraftError> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() {
            continue;
        }
        let bad = || DraftError::Absence {
            line: i + 1,
            text: line.to_string(),
        };
        let (who, rest) = line.rsplit_once(['@', '＠']).ok_or_else(bad)?;
        let who = who.trim();
        let mut words = rest.split_whitespace();
        let session: usize = words.next().and_then(|w| w.parse().ok()).ok_or_else(bad)?;
        let first_slot_only = match words.next() {
            None => false,
            Some("late" | "迟到" | "first") => true,
            Some(_) => return Err(bad()),
        };
        if words.next().is_some() || session == 0 {
            return Err(bad());
        }
        let entrant = entrants
            .iter()
            .position(|n| n == who)
            .or_else(|| {
                who.parse::<usize>()
                    .ok()
                    .filter(|&k| (1..=entrants.len()).contains(&k))
                    .map(|k| k - 1)
            })
            .ok_or_else(|| DraftError::AbsentWho {
                line: i + 1,
                who: who.to_string(),
            })?;
        out.push(Absence {
            entrant,
            session: session - 1,
            first_slot_only,
        });
    }
    Ok(out)
}

impl Draft {
    /// Reads the form into a validated problem.
    pub fn to_problem(&self) -> Result<Problem, DraftError> {
        let entrants = if self.scoring.is_team() {
            self.teams().0
        } else {
            parse_entrants(&self.entrants)
        };
        let format = match self.format.as_str() {
            "single" => Format::RoundRobin { double: false },
            "double" => Format::RoundRobin { double: true },
            "groups" if self.scoring.is_team() => return Err(DraftError::TeamGroups),
            "groups" => Format::GroupsKnockout {
                groups: number(DraftField::Groups, &self.groups)?,
            },
            other => return Err(DraftError::Format(other.to_string())),
        };
        let count: usize = number(DraftField::Sessions, &self.sessions)?;
        let minutes: u32 = number(DraftField::SessionMinutes, &self.session_minutes)?;
        let start = match self.start.trim() {
            "" => None,
            t if parse_time(t).is_some() => Some(t.to_string()),
            t => return Err(DraftError::Time(t.to_string())),
        };
        let first = match self.first_date.trim() {
            "" => None,
            d => Some(parse_date(d).ok_or_else(|| DraftError::Date(d.to_string()))?),
        };
        let every: i64 = if first.is_some() {
            number(DraftField::EveryDays, &self.every_days)?
        } else {
            0
        };
        if !(0..=MAX_EVERY_DAYS).contains(&every) {
            return Err(DraftError::Interval(self.every_days.clone()));
        }
        let sessions = (0..count.min(10_000))
            .map(|k| Session {
                minutes,
                date: first.map(|(y, m, d)| {
                    let (y, m, d) = civil_from_days(days_from_civil(y, m, d) + every * k as i64);
                    format!("{y:04}-{m:02}-{d:02}")
                }),
                start: start.clone(),
            })
            .collect();
        let problem = Problem {
            absences: parse_absences(&self.absences, &entrants)?,
            entrants,
            format,
            tables: number(DraftField::Tables, &self.tables)?,
            sessions,
            match_minutes: number(DraftField::MatchMinutes, &self.match_minutes)?,
            closed: Vec::new(),
        };
        problem.validate().map_err(DraftError::Problem)?;
        Ok(problem)
    }

    /// The form that gives back `p` (dates as first date plus a fixed interval).
    pub fn from_problem(p: &Problem) -> Draft {
        let (format, groups) = match p.format {
            Format::RoundRobin { double: false } => ("single", 4),
            Format::RoundRobin { double: true } => ("double", 4),
            Format::GroupsKnockout { groups } => ("groups", groups),
        };
        let day = |s: Option<&Session>| {
            s.and_then(|s| s.date.as_deref())
                .and_then(parse_date)
                .map(|(y, m, d)| days_from_civil(y, m, d))
        };
        let every = match (day(p.sessions.first()), day(p.sessions.get(1))) {
            (Some(a), Some(b)) => b - a,
            _ => 7,
        };
        let absences = p
            .absences
            .iter()
            .map(|a| {
                format!(
                    "{} @ {}{}",
                    p.entrants.get(a.entrant).cloned().unwrap_or_default(),
                    a.session + 1,
                    if a.first_slot_only { " late" } else { "" }
                )
            })
            .collect::<Vec<_>>()
            .join("\n");
        Draft {
            entrants: p.entrants.join("\n"),
            format: format.into(),
            groups: groups.to_string(),
            tables: p.tables.to_string(),
            sessions: p.sessions.len().to_string(),
            session_minutes: p.sessions.first().map_or(90, |s| s.minutes).to_string(),
            match_minutes: p.match_minutes.to_string(),
            first_date: p
                .sessions
                .first()
                .and_then(|s| s.date.clone())
                .unwrap_or_default(),
            every_days: every.to_string(),
            start: p
                .sessions
                .first()
                .and_then(|s| s.start.clone())
                .unwrap_or_default(),
            absences,
            name: String::new(),
            scoring: EventScoring::Xiangqi,
            boards: four(),
            board_order: fixed(),
        }
    }

    /// The teams as listed for the team scoring, `Team: player, player, …` one a line (the
    /// rounds view's syntax): (names, rosters in registered board order, 12.1).
    pub fn teams(&self) -> (Vec<String>, Vec<Vec<String>>) {
        parse_entrant_list(&self.entrants, true)
            .into_iter()
            .map(|e| (e.name, e.members))
            .unzip()
    }

    /// Takes the boards, board order and rosters of a team event `t` (made by
    /// [`Draft::event_for`]) back into the form, so a reload shows and re-solves the same event;
    /// an individual event changes nothing.
    pub fn take_team(&mut self, t: &Tournament) {
        let Competition::Team { boards, order } = t.format() else {
            return;
        };
        self.boards = boards.to_string();
        self.board_order = order;
        self.entrants = t
            .entrants()
            .iter()
            .map(|e| {
                if e.members.is_empty() {
                    e.name.clone()
                } else {
                    format!("{}: {}", e.name, e.members.join(", "))
                }
            })
            .collect::<Vec<_>>()
            .join("\n");
    }

    /// The rounds view's event of this form's problem `p`: a team event with the form's boards,
    /// board order and rosters for the team scoring, else [`EventScoring::event_for`].
    pub fn event_for(&self, p: &Problem, name: &str) -> Result<Tournament, DraftEventError> {
        if !self.scoring.is_team() {
            return Ok(self.scoring.event_for(p, name)?);
        }
        let boards = number(DraftField::Boards, &self.boards)?;
        Ok(self
            .scoring
            .team_event_for(p, name, boards, self.board_order, &self.teams().1)?)
    }
}

/// Why the form's event cannot be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DraftEventError {
    /// The boards field is not a number.
    Draft(DraftError),
    /// The event refused the problem, boards or rosters.
    Event(EventError),
}

impl From<DraftError> for DraftEventError {
    fn from(e: DraftError) -> Self {
        DraftEventError::Draft(e)
    }
}

impl From<EventError> for DraftEventError {
    fn from(e: EventError) -> Self {
        DraftEventError::Event(e)
    }
}

impl fmt::Display for DraftEventError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.say(Lang::En))
    }
}

impl std::error::Error for DraftEventError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_is_the_organisers_case() {
        let p = Draft::default().to_problem().unwrap();
        assert_eq!(p.entrants.len(), 19);
        assert_eq!(p.slots().len(), 32);
        assert_eq!(p.sessions[0].start.as_deref(), Some("19:00"));
    }

    #[test]
    fn dates_step_by_interval_and_round_trip() {
        let mut d = Draft {
            first_date: "2026-12-28".into(),
            every_days: "3".into(),
            absences: "5 @ 2\n7 @ 3 late".into(),
            ..Draft::default()
        };
        let p = d.to_problem().unwrap();
        assert_eq!(p.sessions[1].date.as_deref(), Some("2026-12-31"));
        assert_eq!(p.sessions[2].date.as_deref(), Some("2027-01-03"));
        assert_eq!(
            p.absences[1],
            Absence {
                entrant: 6,
                session: 2,
                first_slot_only: true
            }
        );
        assert_eq!(Draft::from_problem(&p), d);
        d.tables = "seven".into();
        assert_eq!(
            d.to_problem(),
            Err(DraftError::Number {
                field: DraftField::Tables,
                text: "seven".into()
            })
        );
    }

    #[test]
    fn absence_errors_name_the_line() {
        let names: Vec<String> = vec!["Li".into(), "Wang".into(), "Zhao".into()];
        assert_eq!(parse_absences("Wang @ 1", &names).unwrap()[0].entrant, 1);
        assert!(matches!(
            parse_absences("\nWang 1", &names),
            Err(DraftError::Absence { line: 2, .. })
        ));
        assert!(matches!(
            parse_absences("Sun @ 1", &names),
            Err(DraftError::AbsentWho { line: 1, .. })
        ));
        assert!(matches!(
            parse_absences("Li @ 1 early", &names),
            Err(DraftError::Absence { .. })
        ));
    }
}
