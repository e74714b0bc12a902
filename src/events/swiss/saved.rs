//! The Swiss page's saved state as a versioned file: the event, the round being played and what
//! has been typed for it. Reading, checking, recording a round and writing live here, so that a
//! saved event is tested natively; the page only holds it in a signal and stores the JSON.

use super::{parse_match_points, SwissError};
use super::{Leave, MatchPointsError, MatchSheet, PairingCard, Record, RoundPairing, Seat, Swiss};
use crate::events::knockout::{Bracket, KnockoutError};
use crate::events::round_robin::{Outcome, ParseOutcomeError};
use crate::events::Details;
use crate::events::Entrant;
use crate::lang::{Lang, Say};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The Swiss file's version. Version 2 keeps each entrant as the event-wide [`Entrant`] inside
/// its pairing card; versions 0 (no version field) and 1 are migrated when read.
pub const SWISS_VERSION: u32 = 2;
/// The knockout file's version; files from before versions carry none and read as version 0.
pub const KNOCKOUT_VERSION: u32 = 1;

/// A saved Swiss: the event, its name, and the round paired but not yet recorded.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedSwiss {
    /// The format version ([`SWISS_VERSION`]; 0 for files written before it existed).
    #[serde(default)]
    pub version: u32,
    /// The event's name.
    pub name: String,
    /// Entrants, rounds played, settings.
    pub event: Swiss,
    /// The round paired and being played.
    pub pending: Option<RoundPairing>,
    /// Result codes of the pending boards (individual: `1-0` …; a team without registered
    /// players: game points `5:3`).
    pub results: Vec<String>,
    /// Team matches entered board by board: one sheet per pending board.
    #[serde(default)]
    pub sheets: Vec<SheetDraft>,
    /// Date and organiser (for certificates and the results page); empty in older files.
    #[serde(default)]
    pub details: Details,
}

/// A team match being entered: both line-ups (member indices) and each board's result code.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SheetDraft {
    /// The first-listed team's players, by board.
    pub first: Vec<usize>,
    /// The second-listed team's players, by board.
    pub second: Vec<usize>,
    /// Each board's result code, Red's side first.
    pub results: Vec<String>,
}

/// A saved knockout: entrant names and the bracket.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedKnockout {
    /// The format version ([`KNOCKOUT_VERSION`]; 0 for files written before it existed).
    #[serde(default)]
    pub version: u32,
    /// Entrant names, by seed.
    pub names: Vec<String>,
    /// The bracket with its results.
    pub bracket: Bracket,
    /// Date and organiser (for certificates and the results page); empty in older files.
    #[serde(default)]
    pub details: Details,
}

/// How the pending round's results are entered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    /// One result per board (individual event).
    Games,
    /// Each team match board by board, with line-ups.
    Boards,
    /// Each team match as game-point totals (teams without registered players).
    Totals,
}

/// Why a saved Swiss cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SavedSwissError {
    /// Not the JSON of a saved Swiss (serde's explanation).
    Json(String),
    /// Written by a newer version of the app.
    Version(u32),
    /// Read, but it does not add up (see [`Swiss::check`]).
    Check(SwissError),
}

/// Why a saved knockout cannot be read back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SavedKnockoutError {
    /// Not the JSON of a saved knockout (serde's explanation).
    Json(String),
    /// Written by a newer version of the app.
    Version(u32),
    /// Read, but its bracket does not add up (see [`Bracket::check`]).
    Check(KnockoutError),
}

impl fmt::Display for SavedKnockoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.say(Lang::En))
    }
}

impl std::error::Error for SavedKnockoutError {}

/// Why the pending round cannot be recorded yet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordRoundError {
    /// A board has no result.
    Missing,
    /// A result code that is not one.
    Code(ParseOutcomeError),
    /// A team total that does not fit the boards.
    Points(MatchPointsError),
    /// The event refuses the round (a line-up against 12.2, a pairing that does not fit).
    Event(SwissError),
}

impl SavedKnockout {
    /// A knockout of `names` (by entrant index) played in `bracket`.
    pub fn new(names: Vec<String>, bracket: Bracket, details: Details) -> SavedKnockout {
        SavedKnockout {
            version: KNOCKOUT_VERSION,
            names,
            bracket,
            details,
        }
    }

    /// Reads a saved knockout (`null` once deleted) and checks that its bracket adds up for its
    /// names, so that a damaged file is set aside instead of drawn.
    pub fn from_json(text: &str) -> Result<Option<SavedKnockout>, SavedKnockoutError> {
        let saved: Option<SavedKnockout> =
            serde_json::from_str(text).map_err(|e| SavedKnockoutError::Json(e.to_string()))?;
        let Some(mut k) = saved else {
            return Ok(None);
        };
        if k.version > KNOCKOUT_VERSION {
            return Err(SavedKnockoutError::Version(k.version));
        }
        if k.names.len() != k.bracket.entrants {
            return Err(SavedKnockoutError::Check(KnockoutError::Inconsistent));
        }
        k.bracket.check().map_err(SavedKnockoutError::Check)?;
        // Version 0 differs only in lacking the field.
        k.version = KNOCKOUT_VERSION;
        Ok(Some(k))
    }

    /// The JSON stored for `saved` (`null` for none).
    pub fn to_json(saved: Option<&SavedKnockout>) -> String {
        serde_json::to_string(&saved).unwrap_or_else(|_| "null".into())
    }
}

impl SavedSwiss {
    /// A new event with nothing paired.
    pub fn new(name: String, event: Swiss) -> SavedSwiss {
        SavedSwiss {
            version: SWISS_VERSION,
            name,
            event,
            pending: None,
            results: Vec::new(),
            sheets: Vec::new(),
            details: Details::default(),
        }
    }

    /// Reads a saved Swiss (`null` once deleted) and checks it: anything that does not add up is
    /// an `Err`, so the page sets it aside and starts fresh.
    pub fn from_json(text: &str) -> Result<Option<SavedSwiss>, SavedSwissError> {
        let saved: Option<SavedSwiss> =
            serde_json::from_str(text).map_err(|e| SavedSwissError::Json(e.to_string()))?;
        let Some(mut s) = saved else {
            return Ok(None);
        };
        if s.version > SWISS_VERSION {
            return Err(SavedSwissError::Version(s.version));
        }
        s.check().map_err(SavedSwissError::Check)?;
        // Versions 0 and 1 differ in the cards' layout, which `CardFile` reads.
        s.version = SWISS_VERSION;
        Ok(Some(s))
    }

    /// The JSON stored for `saved` (`null` for none).
    pub fn to_json(saved: Option<&SavedSwiss>) -> String {
        serde_json::to_string(&saved).unwrap_or_else(|_| "null".into())
    }

    /// Whether the next round can be paired: none is being played and rounds remain.
    pub fn can_pair(&self) -> bool {
        self.pending.is_none()
            && (self.event.rounds_planned).is_none_or(|r| self.event.rounds_played() < r)
    }

    /// The rounds planned, once all are recorded: the event is over and nothing more is paired.
    pub fn finished(&self) -> Option<usize> {
        let planned = self.event.rounds_planned?;
        (self.pending.is_none() && self.event.rounds_played() >= planned).then_some(planned)
    }

    /// The last round recorded, when it can be taken back to correct a result (an individual
    /// event with no round being played; it records itself again once complete).
    pub fn reopenable(&self) -> Option<usize> {
        (self.pending.is_none() && self.event.boards.is_none())
            .then(|| self.event.rounds_played())
            .filter(|&r| r > 0)
    }

    /// A freshly paired round: empty results, and each team's first registered players.
    pub fn pend(&mut self, p: RoundPairing) {
        self.results = vec![String::new(); p.boards.len()];
        self.sheets = match self.event.boards {
            Some(b)
                if self
                    .event
                    .entrants
                    .iter()
                    .all(|e| e.entrant.members.len() >= b) =>
            {
                let lineup: Vec<usize> = (0..b).collect();
                p.boards
                    .iter()
                    .map(|_| SheetDraft {
                        first: lineup.clone(),
                        second: lineup.clone(),
                        results: vec![String::new(); b],
                    })
                    .collect()
            }
            _ => Vec::new(),
        };
        self.pending = Some(p);
    }

    /// Whether this saved state can be shown and played on: the event passes [`Swiss::check`] and
    /// the round being played is one of its pairings, with one result (or sheet) per board.
    pub fn check(&self) -> Result<(), SwissError> {
        self.event.check()?;
        let Some(p) = &self.pending else {
            return match self.results.is_empty() && self.sheets.is_empty() {
                true => Ok(()),
                false => Err(SwissError::BadPairing),
            };
        };
        self.event.check_pairing(p)?;
        let boards = p.boards.len();
        let rosters_fit = self.sheets.iter().zip(&p.boards).all(|(d, b)| {
            let fits = |lineup: &[usize], team: usize| {
                let roster = self.event.entrants[team].entrant.members.len();
                lineup.iter().all(|&m| m < roster)
            };
            fits(&d.first, b.red) && fits(&d.second, b.black)
        });
        if self.results.len() != boards
            || !(self.sheets.is_empty() || self.sheets.len() == boards)
            || !rosters_fit
        {
            return Err(SwissError::BadPairing);
        }
        Ok(())
    }

    /// Whether replacing this event would lose results (recorded rounds or a round being played).
    pub fn has_results(&self) -> bool {
        self.event.rounds_played() > 0 || self.pending.is_some()
    }

    /// `3 王天一`: pairing number and name.
    pub fn entrant_name(&self, i: usize) -> String {
        format!("{} {}", i + 1, self.event.entrants[i].entrant.name)
    }

    /// How the pending round's results are entered.
    pub fn entry(&self) -> Entry {
        match self.event.boards {
            None => Entry::Games,
            Some(_) if self.sheets.is_empty() => Entry::Totals,
            Some(_) => Entry::Boards,
        }
    }

    /// Whether every board of the pending round has a result (and so the round can be recorded).
    pub fn complete(&self) -> bool {
        let filled = |codes: &[String]| codes.iter().all(|c| !c.trim().is_empty());
        self.pending.is_some()
            && match self.entry() {
                Entry::Games | Entry::Totals => filled(&self.results),
                Entry::Boards => self.sheets.iter().all(|d| filled(&d.results)),
            }
    }

    /// Records the pending round from what was entered; nothing changes on an `Err`.
    pub fn record(&mut self) -> Result<(), RecordRoundError> {
        let Some(p) = self.pending.clone() else {
            return Ok(());
        };
        match self.entry() {
            Entry::Games => {
                let results = self
                    .results
                    .iter()
                    .map(|c| code(c))
                    .collect::<Result<Vec<_>, _>>()?;
                self.event.record_round(&p, &results)?;
            }
            Entry::Totals => {
                let boards = self.event.boards.unwrap_or(1);
                let scores = self
                    .results
                    .iter()
                    .map(|c| match c.trim() {
                        "" => Err(RecordRoundError::Missing),
                        c => parse_match_points(c, boards).map_err(RecordRoundError::Points),
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                self.event.record_team_round(&p, &scores)?;
            }
            Entry::Boards => {
                let sheets = self
                    .sheets
                    .iter()
                    .map(|d| {
                        Ok(MatchSheet {
                            first: d.first.clone(),
                            second: d.second.clone(),
                            results: d
                                .results
                                .iter()
                                .map(|c| code(c))
                                .collect::<Result<_, _>>()?,
                        })
                    })
                    .collect::<Result<Vec<_>, RecordRoundError>>()?;
                self.event.record_team_boards(&p, &sheets)?;
            }
        }
        self.pending = None;
        self.results.clear();
        self.sheets.clear();
        Ok(())
    }
}

/// A pairing card as a file holds it. Version 2 nests the [`Entrant`]; versions 0 and 1 kept its
/// name, rating, players and fouls beside the record, with a `withdrawn` flag. Fields it does not
/// know are skipped, as the version 1 reader did.
#[derive(Deserialize)]
pub(super) struct CardFile {
    entrant: Option<Entrant>,
    #[serde(default)]
    name: String,
    #[serde(default)]
    rating: u32,
    #[serde(default)]
    members: Vec<PlayerFile>,
    #[serde(default)]
    fouls: u32,
    #[serde(default)]
    withdrawn: bool,
    #[serde(default)]
    history: Vec<Record>,
    #[serde(default)]
    next: Option<Leave>,
    #[serde(default)]
    game_points: Vec<u32>,
    #[serde(default)]
    lineups: Vec<Vec<Seat>>,
}

/// A team's registered player in a version 1 card.
#[derive(Deserialize)]
pub(super) struct PlayerFile {
    name: String,
    #[serde(default)]
    rating: u32,
}

impl From<CardFile> for PairingCard {
    /// An old card's withdrawal comes after the rounds up to its last result: later rounds were
    /// recorded as zero-point absences.
    fn from(f: CardFile) -> PairingCard {
        let entrant = f.entrant.unwrap_or_else(|| {
            let zero = Record::Absent(Leave::Zero);
            let played = f
                .history
                .iter()
                .rposition(|r| *r != zero)
                .map_or(0, |i| i + 1);
            let players = f.members.into_iter().map(|p| (p.name, p.rating)).collect();
            Entrant {
                fouls: f.fouls,
                withdrawn_after: f.withdrawn.then_some(played),
                rating: f.rating,
                ..Entrant::team(f.name, players, 0)
            }
        });
        PairingCard {
            entrant,
            history: f.history,
            next: f.next,
            game_points: f.game_points,
            lineups: f.lineups,
        }
    }
}

/// A board's result code, or why it is none.
fn code(c: &str) -> Result<Outcome, RecordRoundError> {
    match c.trim() {
        "" => Err(RecordRoundError::Missing),
        c => c.parse().map_err(RecordRoundError::Code),
    }
}

impl From<SwissError> for RecordRoundError {
    fn from(e: SwissError) -> Self {
        RecordRoundError::Event(e)
    }
}

impl fmt::Display for RecordRoundError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.say(Lang::En))
    }
}

impl std::error::Error for RecordRoundError {}

impl fmt::Display for SavedSwissError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.say(Lang::En))
    }
}

impl std::error::Error for SavedSwissError {}

#[cfg(test)]
mod tests {
    use super::*;

    /// Four players, round 1 paired.
    fn paired() -> SavedSwiss {
        let mut event = Swiss::new(Some(3));
        for k in 0..4 {
            event.add_entrant(Entrant::new(format!("P{}", k + 1), 2000 - k));
        }
        let mut s = SavedSwiss::new("Club Swiss".into(), event);
        let p = s.event.pair_next().expect("round 1 pairs");
        s.pend(p);
        s
    }

    /// Round 1 recorded, P4 withdrawn after it, round 2 recorded, round 3 paired.
    fn withdrawn_after_round_one() -> SavedSwiss {
        let mut s = paired();
        s.results = vec!["1-0".into(), "1/2-1/2".into()];
        s.record().unwrap();
        s.event.withdraw(3);
        let p = s.event.pair_next().unwrap();
        s.pend(p);
        s.results = vec!["0-1".into()];
        s.record().unwrap();
        let p = s.event.pair_next().unwrap();
        s.pend(p);
        s
    }

    /// [`withdrawn_after_round_one`] as version 1 of the app saved it: the entrant's fields
    /// beside its record, and a `withdrawn` flag.
    const VERSION_1: &str = r#"{"version":1,"name":"Club Swiss","event":{"entrants":[
        {"name":"P1","rating":2000,"history":[{"Game":{"opponent":2,"color":"Red","outcome":"Win","played":true}},{"Game":{"opponent":1,"color":"Black","outcome":"Win","played":true}}],"next":null,"withdrawn":false,"fouls":0,"game_points":[]},
        {"name":"P2","rating":1999,"history":[{"Game":{"opponent":3,"color":"Black","outcome":"Draw","played":true}},{"Game":{"opponent":0,"color":"Red","outcome":"Loss","played":true}}],"next":null,"withdrawn":false,"fouls":0,"game_points":[]},
        {"name":"P3","rating":1998,"history":[{"Game":{"opponent":0,"color":"Black","outcome":"Loss","played":true}},"Bye"],"next":null,"withdrawn":false,"fouls":0,"game_points":[]},
        {"name":"P4","rating":1997,"history":[{"Game":{"opponent":1,"color":"Red","outcome":"Draw","played":true}},{"Absent":"Zero"}],"next":null,"withdrawn":true,"fouls":0,"game_points":[]}],
        "rounds_planned":3,"first_color":"Red","accelerated":false,"boards":null,"scale":"TwoOneZero","buchholz":"Full"},
        "pending":{"round":3,"boards":[{"red":2,"black":1}],"bye":0},"results":[""],"sheets":[],"details":{"date":"","organiser":""}}"#;

    #[test]
    fn a_version_1_file_loads_with_each_withdrawal_after_its_last_result() {
        let read = SavedSwiss::from_json(VERSION_1).unwrap().unwrap();
        assert_eq!(read, withdrawn_after_round_one());
        assert_eq!(read.event.entrants[3].entrant.withdrawn_after, Some(1));
        assert!(SavedSwiss::to_json(Some(&read)).contains("\"version\":2"));
        let v0 = VERSION_1.replacen("\"version\":1,", "", 1);
        assert_eq!(SavedSwiss::from_json(&v0), Ok(Some(read.clone())));
        // The version 1 reader skipped fields it did not know; so does this one.
        let extra = VERSION_1.replacen("\"fouls\":0,", "\"fouls\":0,\"note\":\"x\",", 1);
        assert_eq!(SavedSwiss::from_json(&extra), Ok(Some(read)));
    }

    #[test]
    fn a_saved_swiss_reads_back_as_written() {
        let s = withdrawn_after_round_one();
        let text = SavedSwiss::to_json(Some(&s));
        assert_eq!(SavedSwiss::from_json(&text), Ok(Some(s)));
    }

    #[test]
    fn a_knockout_saved_before_it_had_details_loads_with_none() {
        use crate::events::knockout::{Elimination, Seeding};
        let bracket = Bracket::new(4, Elimination::Double, &Seeding::Lot(1)).unwrap();
        let old = serde_json::json!({ "names": ["A", "B", "C", "D"], "bracket": bracket });
        let read = SavedKnockout::from_json(&old.to_string()).unwrap().unwrap();
        assert_eq!(read.details, Details::default());
        assert_eq!(read.version, KNOCKOUT_VERSION);
        let mut kept = read.clone();
        kept.details = Details::new("2026-12-03", "Club");
        let back = SavedKnockout::from_json(&SavedKnockout::to_json(Some(&kept))).unwrap();
        assert_eq!(back, Some(kept));
    }

    /// A four-entrant single-elimination knockout with its first semi-final played.
    fn semi_played() -> SavedKnockout {
        use crate::events::knockout::{Elimination, Seeding};
        use crate::events::round_robin::Side;
        let kind = Elimination::Single { third_place: true };
        let mut bracket = Bracket::new(4, kind, &Seeding::Lot(7)).unwrap();
        let k = bracket.ready()[0];
        bracket.record(k, Side::First).unwrap();
        let names = ["A", "B", "C", "D"].map(String::from).to_vec();
        SavedKnockout::new(names, bracket, Details::default())
    }

    #[test]
    fn a_saved_knockout_reads_back_as_written() {
        let k = semi_played();
        let text = SavedKnockout::to_json(Some(&k));
        assert!(text.contains("\"version\":1"));
        assert_eq!(SavedKnockout::from_json(&text), Ok(Some(k)));
        assert_eq!(SavedKnockout::to_json(None), "null");
        assert_eq!(SavedKnockout::from_json("null"), Ok(None));
    }

    #[test]
    fn a_damaged_or_newer_knockout_is_refused_in_both_languages() {
        let good = semi_played();
        let refused =
            |k: &SavedKnockout| SavedKnockout::from_json(&SavedKnockout::to_json(Some(k)));
        // A name missing for an entrant of the bracket.
        let mut short = good.clone();
        short.names.pop();
        assert_eq!(
            refused(&short),
            Err(SavedKnockoutError::Check(KnockoutError::Inconsistent))
        );
        // A final won before either semi-final was played.
        let mut early = good.clone();
        let last = early.bracket.matches.len() - 1;
        early.bracket.matches[last].winner = Some(crate::events::round_robin::Side::First);
        assert!(matches!(refused(&early), Err(SavedKnockoutError::Check(_))));
        // A side fed by a match that does not exist (would index out of the bracket).
        let mut dangling = good.clone();
        dangling.bracket.matches[last].a = crate::events::knockout::Source::WinnerOf(99);
        assert!(matches!(
            refused(&dangling),
            Err(SavedKnockoutError::Check(_))
        ));
        let mut newer = good.clone();
        newer.version = KNOCKOUT_VERSION + 1;
        let e = refused(&newer).unwrap_err();
        assert_eq!(e, SavedKnockoutError::Version(KNOCKOUT_VERSION + 1));
        assert!(e.say(Lang::Zh).contains("淘汰赛"));
        assert!(e.say(Lang::En).contains("knockout"));
        let garbage = SavedKnockout::from_json("{\"names\": 3}").unwrap_err();
        assert!(garbage.say(Lang::Zh).starts_with("保存的淘汰赛无法读取"));
        assert!(garbage
            .say(Lang::En)
            .starts_with("the saved knockout cannot be read"));
    }

    #[test]
    fn a_deleted_event_is_null_and_reads_back_as_none() {
        assert_eq!(SavedSwiss::to_json(None), "null");
        assert_eq!(SavedSwiss::from_json("null"), Ok(None));
    }

    #[test]
    fn a_newer_file_or_garbage_is_refused_in_both_languages() {
        let mut s = paired();
        s.version = SWISS_VERSION + 1;
        let e = SavedSwiss::from_json(&SavedSwiss::to_json(Some(&s))).unwrap_err();
        assert_eq!(e, SavedSwissError::Version(SWISS_VERSION + 1));
        assert!(e.say(Lang::Zh).contains("第 3 版"));
        assert!(e.say(Lang::En).contains("version 3"));
        assert!(matches!(
            SavedSwiss::from_json("{\"name\":"),
            Err(SavedSwissError::Json(_))
        ));
    }

    #[test]
    fn a_pending_round_that_does_not_fit_is_refused() {
        let mut s = paired();
        s.results.push("1-0".into());
        let text = SavedSwiss::to_json(Some(&s));
        assert_eq!(
            SavedSwiss::from_json(&text),
            Err(SavedSwissError::Check(SwissError::BadPairing))
        );
    }

    #[test]
    fn a_round_is_recorded_once_every_board_has_a_valid_result() {
        let mut s = paired();
        assert_eq!(s.entry(), Entry::Games);
        assert!(!s.complete());
        assert_eq!(s.record(), Err(RecordRoundError::Missing));
        s.results = vec!["1-0".into(), "x".into()];
        assert!(s.complete());
        let before = s.clone();
        assert!(matches!(s.record(), Err(RecordRoundError::Code(_))));
        assert_eq!(s, before, "a refused round changes nothing");
        s.results[1] = "½-½".into();
        assert_eq!(s.record(), Ok(()));
        assert_eq!(s.event.rounds_played(), 1);
        assert!(s.pending.is_none() && s.results.is_empty());
        assert!(s.has_results());
    }

    #[test]
    fn a_round_is_paired_corrected_or_the_event_over_as_its_rounds_stand() {
        let mut event = Swiss::new(Some(1));
        for k in 0..4 {
            event.add_entrant(Entrant::new(format!("P{}", k + 1), 2000 - k));
        }
        let mut s = SavedSwiss::new("One round".into(), event);
        assert!(s.can_pair());
        assert_eq!((s.finished(), s.reopenable()), (None, None));
        let p = s.event.pair_next().unwrap();
        s.pend(p);
        assert!(!s.can_pair(), "a round is being played");
        assert_eq!((s.finished(), s.reopenable()), (None, None));
        s.results = vec!["1-0".into(), "0-1".into()];
        s.record().unwrap();
        assert!(!s.can_pair(), "the one planned round is played");
        assert_eq!((s.finished(), s.reopenable()), (Some(1), Some(1)));
        s.event.rounds_planned = None;
        assert!(s.can_pair(), "an open number of rounds goes on");
        assert_eq!(s.finished(), None);
        s.event.boards = Some(4);
        assert_eq!(s.reopenable(), None, "a team round is not taken back");
    }
}
