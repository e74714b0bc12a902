//! Files: pasted entrant lists, the versioned JSON of a whole event, and standings as CSV.

use super::{Tournament, TournamentError};
use crate::events::csv::field as csv_field;
use crate::events::Entrant;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The current JSON file version; older files would be migrated here, newer ones are refused.
pub const FILE_VERSION: u64 = 1;

/// The `kind` tag every tournament file carries, so other JSON is not mistaken for one.
pub const FILE_KIND: &str = "xiangqi-club/tournament";

/// Parses a pasted list: one entrant per line; blank lines and `#` comments skipped; a leading
/// `12.` or `12)` numbering dropped. In team events `Team: A, B, C` lists the registered players
/// in board order (commas, `，` or `、`; the colon may be `：`).
pub fn parse_entrant_list(text: &str, team: bool) -> Vec<Entrant> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|line| {
            let line = strip_numbering(line);
            let split = if team {
                line.split_once([':', '：'])
            } else {
                None
            };
            match split {
                Some((name, members)) => {
                    let mut e = Entrant::new(name, 0);
                    e.members = members
                        .split([',', '，', '、'])
                        .map(str::trim)
                        .filter(|m| !m.is_empty())
                        .map(str::to_string)
                        .collect();
                    e
                }
                None => Entrant::new(line, 0),
            }
        })
        .collect()
}

fn strip_numbering(line: &str) -> &str {
    let digits = line.len() - line.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits > 0 {
        let rest = &line[digits..];
        if let Some(r) = rest.strip_prefix(['.', ')', '、']) {
            if !r.trim().is_empty() {
                return r.trim();
            }
        }
    }
    line
}

/// Reads a typed list of positions such as `3,1,2` (commas, `，` or spaces): the hand numbering
/// of entrants and the players of a line-up.
pub fn parse_positions(text: &str) -> Result<Vec<usize>, PositionsError> {
    text.split([',', '，', ' '])
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(|p| {
            p.parse::<usize>()
                .map_err(|_| PositionsError(p.to_string()))
        })
        .collect()
}

/// A position list held something that is not a whole number (the text is kept to name it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionsError(pub String);

impl fmt::Display for PositionsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}`: use comma-separated numbers, e.g. 3,1,2", self.0)
    }
}

impl std::error::Error for PositionsError {}

/// Why a file could not be imported; whatever was loaded before stays as it was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ImportError {
    /// Not valid JSON, or a field has the wrong shape.
    Json {
        /// 1-based line of the problem.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What the parser expected.
        message: String,
    },
    /// Valid JSON, but not a tournament file (no `"kind": "xiangqi-club/tournament"`).
    NotATournament,
    /// Written by a newer (or unknown) version of the program.
    UnsupportedVersion(u64),
    /// Well-formed but inconsistent (e.g. a result for a pairing that does not exist).
    Invalid(TournamentError),
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImportError::Json {
                line,
                column,
                message,
            } => write!(f, "line {line}, column {column}: {message}"),
            ImportError::NotATournament => {
                write!(
                    f,
                    "this is not a tournament file (missing \"kind\": \"{FILE_KIND}\")"
                )
            }
            ImportError::UnsupportedVersion(v) => write!(
                f,
                "file version {v} is not supported (this program reads version {FILE_VERSION})"
            ),
            ImportError::Invalid(e) => write!(f, "inconsistent tournament: {e}"),
        }
    }
}

impl std::error::Error for ImportError {}

fn json_error(e: serde_json::Error) -> ImportError {
    ImportError::Json {
        line: e.line(),
        column: e.column(),
        message: e.to_string(),
    }
}

#[derive(Serialize)]
struct FileOut<'a> {
    kind: &'static str,
    version: u64,
    tournament: &'a Tournament,
}

#[derive(Deserialize)]
struct Header {
    kind: Option<String>,
    version: Option<u64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileIn {
    #[allow(dead_code)]
    kind: String,
    #[allow(dead_code)]
    version: u64,
    tournament: Tournament,
}

impl Tournament {
    /// The whole event as pretty JSON, tagged with kind and version.
    pub fn to_json(&self) -> String {
        let file = FileOut {
            kind: FILE_KIND,
            version: FILE_VERSION,
            tournament: self,
        };
        serde_json::to_string(&file).unwrap_or_default()
    }

    /// Reads an event written by [`Tournament::to_json`], checking kind, version and every invariant.
    pub fn from_json(text: &str) -> Result<Tournament, ImportError> {
        let header: Header = serde_json::from_str(text).map_err(json_error)?;
        if header.kind.as_deref() != Some(FILE_KIND) {
            return Err(ImportError::NotATournament);
        }
        match header.version {
            Some(FILE_VERSION) => {}
            Some(v) => return Err(ImportError::UnsupportedVersion(v)),
            None => return Err(ImportError::UnsupportedVersion(0)),
        }
        let file: FileIn = serde_json::from_str(text).map_err(json_error)?;
        file.tournament.validate().map_err(ImportError::Invalid)?;
        Ok(file.tournament)
    }

    /// The standings as CSV: place, number, name, score, games, then one column per tie-break.
    pub fn standings_csv(&self) -> String {
        let s = self.standings();
        let mut out = String::from("place,number,name,score,played,won,drawn,lost");
        for t in &s.columns {
            out.push(',');
            out.push_str(t.key());
        }
        out.push_str(",status\n");
        for r in &s.rows {
            let status = match (r.place, r.withdrawn) {
                (None, _) => "annulled",
                (Some(_), true) => "withdrawn",
                _ => "",
            };
            let mut fields = vec![
                r.place.map(|p| p.to_string()).unwrap_or_default(),
                r.entrant.to_string(),
                csv_field(&r.name),
                r.score.to_string(),
                r.played.to_string(),
                r.won.to_string(),
                r.drawn.to_string(),
                r.lost.to_string(),
            ];
            fields.extend(
                r.tiebreaks
                    .iter()
                    .map(|v| v.map(|v| csv_field(&v.to_string())).unwrap_or_default()),
            );
            fields.push(status.to_string());
            out.push_str(&fields.join(","));
            out.push('\n');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::{Lang, Say};

    #[test]
    fn pasted_lists() {
        let list = parse_entrant_list("1. 王天一\n\n# comment\n2) 郑惟桐\n 许银川 \n", false);
        let names: Vec<&str> = list.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["王天一", "郑惟桐", "许银川"]);
        let teams = parse_entrant_list("北京队：甲，乙、丙, 丁\nShanghai", true);
        assert_eq!(teams[0].name, "北京队");
        assert_eq!(teams[0].members, ["甲", "乙", "丙", "丁"]);
        assert!(teams[1].members.is_empty());
    }

    #[test]
    fn position_lists() {
        assert_eq!(parse_positions("2, 3，4 1"), Ok(vec![2, 3, 4, 1]));
        assert_eq!(parse_positions(" "), Ok(vec![]));
        let e = parse_positions("1,x,3").unwrap_err();
        assert_eq!(e, PositionsError("x".into()));
        assert!(e.say(Lang::Zh).contains("`x`") && e.say(Lang::Zh).contains("逗号"));
        assert!(e.say(Lang::En).starts_with("`x`: use comma-separated"));
        assert!(parse_positions("-1").is_err());
    }

    #[test]
    fn csv_quotes_when_needed() {
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_field("plain"), "plain");
    }
}
