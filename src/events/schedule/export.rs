//! Exports: CSV timetable, iCalendar events, and a versioned JSON save file with validated import.

use super::fixtures::{group_letter, side_name, snake_groups};
use super::model::{Format, Problem, ProblemError};
use super::results::{BestOf, MatchScore, MatchVerdict, ScoreError};
use super::scoring::EventScoring;
use super::timetable::{Schedule, Violation};
use crate::dates::{civil_from_days, days_from_civil, parse_date, parse_time};
use crate::events::csv::field as csv_field;
use crate::events::round_robin::{Tournament, TournamentError};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Version written into saved JSON; older or newer files are refused rather than misread.
pub const SAVE_VERSION: u32 = 1;

/// A result entered for one fixture.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedResult {
    /// Fixture index.
    pub fixture: usize,
    /// The score.
    pub score: MatchScore,
}

/// The checked results between known entrants, as `(a, b, verdict)` for [`standings`](super::standings);
/// knockout seats and impossible scores are left out.
pub fn verdicts(p: &Problem, results: &[SavedResult]) -> Vec<(usize, usize, MatchVerdict)> {
    let fixtures = p.fixtures();
    results
        .iter()
        .filter_map(|r| {
            let (a, b) = fixtures.get(r.fixture)?.entrants()?;
            Some((a, b, r.score.verdict().ok()?))
        })
        .collect()
}

/// The tables of a table-tennis event's standings: each group's letter and members (snake
/// seeded), or the whole field under no letter in a round robin.
pub fn standing_groups(p: &Problem) -> Vec<(Option<char>, Vec<usize>)> {
    match p.format {
        Format::GroupsKnockout { groups } => snake_groups(p.entrants.len(), groups)
            .into_iter()
            .enumerate()
            .map(|(g, members)| (Some(group_letter(g)), members))
            .collect(),
        Format::RoundRobin { .. } => vec![(None, (0..p.entrants.len()).collect())],
    }
}

/// Everything the app keeps about one event: problem, timetable, results.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SaveFile {
    /// Format version ([`SAVE_VERSION`]).
    pub version: u32,
    /// The problem.
    pub problem: Problem,
    /// The timetable (may be partial).
    pub schedule: Schedule,
    /// Results entered so far.
    #[serde(default)]
    pub results: Vec<SavedResult>,
    /// Match length for new results (best of 3, 5 or 7).
    #[serde(default = "best_of_five")]
    pub best_of: BestOf,
    /// How results are scored (older files, without it, are table tennis).
    #[serde(default)]
    pub scoring: EventScoring,
    /// The round-robin event holding the results of a game scoring: its key in the app's event
    /// store (the rounds view shows the same event).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event_id: Option<String>,
    /// That event itself, carried in exported files so one file holds timetable and results.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event: Option<Tournament>,
    /// Game results of a game-scored groups + knockout event (no round-robin event holds them).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub games: Vec<super::SavedGame>,
}

fn best_of_five() -> BestOf {
    BestOf::new(5).expect("5 is a valid match length")
}

/// Why an export or import failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExportError {
    /// The text is not JSON of the right shape.
    Json(String),
    /// Saved by another format version.
    Version(u32),
    /// The problem inside is invalid.
    Problem(ProblemError),
    /// The timetable inside breaks a hard constraint.
    Schedule(Violation),
    /// A result names a fixture that does not exist.
    ResultFixture(usize),
    /// Two results for one fixture.
    ResultTwice(usize),
    /// A result's score is impossible.
    Score {
        /// Fixture index.
        fixture: usize,
        /// The fault.
        error: ScoreError,
    },
    /// iCalendar needs a date and start time for this session (0-based).
    MissingDateOrTime(usize),
    /// The event carried in the file is inconsistent.
    Event(TournamentError),
}

impl fmt::Display for ExportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExportError::Json(e) => write!(f, "not a schedule save file: {e}"),
            ExportError::Version(v) => {
                write!(
                    f,
                    "save file version {v}; this app reads version {SAVE_VERSION}"
                )
            }
            ExportError::Problem(e) => write!(f, "{e}"),
            ExportError::Schedule(e) => write!(f, "{e}"),
            ExportError::ResultFixture(i) => {
                write!(f, "a result names fixture {i}, which does not exist")
            }
            ExportError::ResultTwice(i) => write!(f, "fixture {i} has two results"),
            ExportError::Score { fixture, error } => write!(f, "fixture {fixture}: {error}"),
            ExportError::MissingDateOrTime(s) => write!(
                f,
                "session {} needs a date and a start time for calendar export",
                s + 1
            ),
            ExportError::Event(e) => write!(f, "the event in the file: {e}"),
        }
    }
}

impl std::error::Error for ExportError {}

impl SaveFile {
    /// The result of fixture `fixture` as entered, in the scoring's own notation: `1-0`, `½-½`,
    /// `+/-` for a game; the boards of a team match board 1 first (`1-0 ½-½ 0-1 +/-`); the games
    /// of a table-tennis match (`11-7 9-11 11-5`, `W/O A`); empty while unplayed.
    pub fn result_text(&self, fixture: usize) -> String {
        if let Some(r) = self.results.iter().find(|r| r.fixture == fixture) {
            return r.score.to_string();
        }
        if let Some(g) = self.games.iter().find(|g| g.fixture == fixture) {
            return g.outcome.notation().to_string();
        }
        let fixtures = self.problem.fixtures();
        let games = fixtures
            .get(fixture)
            .and_then(|f| f.berger_pairing())
            .zip(self.event.as_ref())
            .and_then(|((round, red, black), t)| t.result(round, red, black));
        games.map_or_else(String::new, |m| {
            m.games
                .iter()
                .map(|o| o.notation())
                .collect::<Vec<_>>()
                .join(" ")
        })
    }

    /// The timetable as CSV ([`to_csv`]) with a last column, `result`, holding each match's
    /// [`result_text`](SaveFile::result_text) (empty when unplayed), whatever the scoring.
    pub fn to_csv(&self) -> String {
        csv(
            &self.problem,
            &self.schedule,
            Some(&|f| self.result_text(f)),
        )
    }

    /// JSON for download, with each match's umpire added (`"umpires": [{"fixture": 0, "umpire":
    /// 4}, …]`, entrant indices) for other programs; the umpires follow from the timetable, so
    /// reading a file ignores them. Compact, through the same serialiser as the page's saves: a
    /// second (pretty or `Value`) one doubled the serialising code of the scheduler's bundle.
    pub fn to_json(&self) -> String {
        #[derive(Serialize)]
        struct Duty {
            fixture: usize,
            umpire: usize,
        }
        #[derive(Serialize)]
        struct Export<'a> {
            #[serde(flatten)]
            file: &'a SaveFile,
            #[serde(skip_serializing_if = "Vec::is_empty")]
            umpires: Vec<Duty>,
        }
        let umpires = if self.problem.validate().is_ok() {
            let duty = self.schedule.umpires(&self.problem);
            self.schedule
                .placements
                .iter()
                .zip(duty)
                .filter_map(|(pl, u)| {
                    Some(Duty {
                        fixture: pl.fixture,
                        umpire: u?,
                    })
                })
                .collect()
        } else {
            Vec::new()
        };
        serde_json::to_string(&Export {
            file: self,
            umpires,
        })
        .expect("plain data always serialises")
    }

    /// Compact JSON without the umpires, for the page's own saves (read back by [`Self::from_json`]):
    /// working out 8,128 umpires and pretty-printing took most of a 100–190 ms task at every save
    /// of a 128-entrant event.
    pub fn to_saved_json(&self) -> String {
        serde_json::to_string(self).expect("plain data always serialises")
    }

    /// Reads and checks a save file: version, problem, hard constraints, every score.
    pub fn from_json(text: &str) -> Result<SaveFile, ExportError> {
        #[derive(Deserialize)]
        struct Head {
            version: u32,
        }
        let head: Head =
            serde_json::from_str(text).map_err(|e| ExportError::Json(e.to_string()))?;
        if head.version != SAVE_VERSION {
            return Err(ExportError::Version(head.version));
        }
        let save: SaveFile =
            serde_json::from_str(text).map_err(|e| ExportError::Json(e.to_string()))?;
        save.problem.validate().map_err(ExportError::Problem)?;
        save.schedule
            .validate_partial(&save.problem)
            .map_err(ExportError::Schedule)?;
        let count = save.problem.fixtures().len();
        let mut seen = vec![false; count];
        for r in &save.results {
            if r.fixture >= count {
                return Err(ExportError::ResultFixture(r.fixture));
            }
            if std::mem::replace(&mut seen[r.fixture], true) {
                return Err(ExportError::ResultTwice(r.fixture));
            }
            r.score.verdict().map_err(|error| ExportError::Score {
                fixture: r.fixture,
                error,
            })?;
        }
        let mut seen = vec![false; count];
        for g in &save.games {
            if g.fixture >= count {
                return Err(ExportError::ResultFixture(g.fixture));
            }
            if std::mem::replace(&mut seen[g.fixture], true) {
                return Err(ExportError::ResultTwice(g.fixture));
            }
        }
        if let Some(t) = &save.event {
            t.validate().map_err(ExportError::Event)?;
        }
        Ok(save)
    }
}

/// The timetable as CSV: one row per match, in playing order, with its umpire (empty when none).
pub fn to_csv(p: &Problem, schedule: &Schedule) -> String {
    csv(p, schedule, None)
}

/// [`to_csv`]'s rows with `result(fixture)` as a last column named `result`.
fn csv(p: &Problem, schedule: &Schedule, result: Option<&dyn Fn(usize) -> String>) -> String {
    let fixtures = p.fixtures();
    let slots = p.slots();
    let umpires = schedule.umpires(p);
    let mut out = String::from("session,date,slot,start,table,stage,a,b,umpire");
    out.push_str(if result.is_some() { ",result\n" } else { "\n" });
    for (pl, umpire) in schedule.placements.iter().zip(umpires) {
        let (Some(f), Some(s)) = (fixtures.get(pl.fixture), slots.get(pl.slot)) else {
            continue;
        };
        let date = p.sessions[s.session].date.clone().unwrap_or_default();
        let start = p.clock(s).unwrap_or_else(|| format!("+{}", s.start_minute));
        let row = [
            (s.session + 1).to_string(),
            date,
            (s.index + 1).to_string(),
            start,
            (pl.table + 1).to_string(),
            f.stage.to_string(),
            side_name(&f.a, &p.entrants),
            side_name(&f.b, &p.entrants),
            umpire
                .and_then(|u| p.entrants.get(u).cloned())
                .unwrap_or_default(),
        ];
        let mut row: Vec<String> = row.iter().map(|x| csv_field(x)).collect();
        if let Some(result) = result {
            row.push(csv_field(&result(pl.fixture)));
        }
        out.push_str(&row.join(","));
        out.push('\n');
    }
    out
}

/// `YYYYMMDDTHHMMSS` for a day count and minutes after its midnight (minutes may run past a day).
fn ics_time(day: i64, minutes: i64) -> String {
    let (y, m, d) = civil_from_days(day + minutes.div_euclid(1440));
    let t = minutes.rem_euclid(1440);
    format!("{y:04}{m:02}{d:02}T{:02}{:02}00", t / 60, t % 60)
}

/// An iCalendar TEXT value (RFC 5545 3.3.11): backslash, `;` and `,` escaped, every line break (LF,
/// CRLF or a bare CR, which would end the content line early) written `\n`, other controls dropped.
fn ics_text(s: &str) -> String {
    s.replace("\r\n", "\n")
        .replace('\r', "\n")
        .replace('\\', "\\\\")
        .replace(';', "\\;")
        .replace(',', "\\,")
        .replace('\n', "\\n")
        .replace(|c: char| c.is_control() && c != '\t', "")
}

/// The timetable as iCalendar: one event per match, in floating local time.
///
/// Every session needs a date and a start time. `now_ms` (Unix milliseconds) stamps the events (DTSTAMP).
pub fn to_ics(p: &Problem, schedule: &Schedule, now_ms: u64) -> Result<String, ExportError> {
    let mut starts = Vec::new();
    for (i, s) in p.sessions.iter().enumerate() {
        let date = s.date.as_deref().and_then(parse_date);
        let time = s.start.as_deref().and_then(parse_time);
        let (Some((y, m, d)), Some(t)) = (date, time) else {
            return Err(ExportError::MissingDateOrTime(i));
        };
        starts.push((days_from_civil(y, m, d), t as i64));
    }
    let fixtures = p.fixtures();
    let slots = p.slots();
    let secs = (now_ms / 1000) as i64;
    let stamp = format!(
        "{}Z",
        ics_time(secs.div_euclid(86_400), secs.rem_euclid(86_400) / 60)
    );
    let mut out = String::from(
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//xiangqi-club//match scheduler//EN\r\nCALSCALE:GREGORIAN\r\n",
    );
    for pl in &schedule.placements {
        let (Some(f), Some(s)) = (fixtures.get(pl.fixture), slots.get(pl.slot)) else {
            continue;
        };
        let (day, start) = starts[s.session];
        let begin = start + s.start_minute as i64;
        let summary = format!(
            "{} v {} (table {})",
            side_name(&f.a, &p.entrants),
            side_name(&f.b, &p.entrants),
            pl.table + 1
        );
        out.push_str("BEGIN:VEVENT\r\n");
        out.push_str(&format!(
            "UID:match-{}-slot-{}@xiangqi-club\r\n",
            pl.fixture, pl.slot
        ));
        out.push_str(&format!("DTSTAMP:{stamp}\r\n"));
        out.push_str(&format!("DTSTART:{}\r\n", ics_time(day, begin)));
        out.push_str(&format!(
            "DTEND:{}\r\n",
            ics_time(day, begin + p.match_minutes as i64)
        ));
        out.push_str(&format!("SUMMARY:{}\r\n", ics_text(&summary)));
        out.push_str(&format!(
            "LOCATION:{}\r\n",
            ics_text(&format!("Table {}", pl.table + 1))
        ));
        out.push_str(&format!(
            "DESCRIPTION:{}\r\n",
            ics_text(&format!(
                "Session {}, slot {}, {}",
                s.session + 1,
                s.index + 1,
                f.stage
            ))
        ));
        out.push_str("END:VEVENT\r\n");
    }
    out.push_str("END:VCALENDAR\r\n");
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ics_time_runs_past_midnight_into_the_next_year() {
        assert_eq!(
            ics_time(days_from_civil(2026, 12, 31), 23 * 60 + 70),
            "20270101T001000"
        );
    }

    #[test]
    fn standings_are_tabled_by_group_or_as_one_field() {
        let mut p = Problem::round_robin(5, 2, 3, 120, 30, false);
        assert_eq!(standing_groups(&p), vec![(None, vec![0, 1, 2, 3, 4])]);
        p.format = Format::GroupsKnockout { groups: 2 };
        assert_eq!(
            standing_groups(&p),
            vec![(Some('A'), vec![0, 3, 4]), (Some('B'), vec![1, 2])]
        );
    }

    #[test]
    fn csv_quotes_commas() {
        assert_eq!(csv_field("Li, Wang"), "\"Li, Wang\"");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_field("plain"), "plain");
    }
}
