//! Swiss events (积分编排制, rule 11.4): entrants, the record of each round, and the pairing of
//! the next round by the FIDE Dutch system.
//!
//! Appendix 2 of the 1999 rules (附录二 积分编排制) is not in the reference text, so the FIDE Dutch
//! system (FIDE Handbook C.04.3, with the general rules C.04.1 and C.04.2, 2025 edition) is the
//! exact definition used here; the reference implementation it is checked against is bbpPairings.
//! Points are counted as in the 1999 rules (win 2, draw 1, loss 0), which is the FIDE 1-½-0 scale
//! doubled, so pairings are the same.
//!
//! The event stores facts only (who met whom, with which colour, and the result); scores, colour
//! preferences, floats and standings are derived.

mod blossom;
mod dutch;
mod entry;
pub mod saved;
mod standings;
mod team;
mod wide;
mod words;

pub use dutch::pair_round;
pub use entry::{parse_entrants, parse_match_points, EntrantLineError, MatchPointsError};
pub(crate) use entry::{MAX_NAME, MAX_RATING};
pub use standings::Scale;
pub use standings::{swiss_standings, Buchholz, SwissRow, SwissTieBreak};
pub use team::{board_colors, match_score, BoardLine, MatchSheet, Seat};

use crate::color::Color;
use crate::events::round_robin::{validate_lineup, BoardOrder, LineupError, Outcome};
use crate::events::Entrant;
use crate::lang::{Lang, Say};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Points for a win in the 1999 rules (a draw is 1, a loss 0).
pub const WIN: u32 = 2;
/// Points for a draw.
pub const DRAW: u32 = 1;

/// Most entrants of a Swiss. The Dutch pairing solves a matching per fixed pair, so its time grows
/// with about the fourth power of the field; at 64 a round pairs in tens of milliseconds, so the
/// page pairs on its own thread (README, "Limits").
pub const MAX_ENTRANTS: usize = 64;
/// Most rounds of a Swiss (planned or recorded).
pub const MAX_ROUNDS: usize = 30;

/// The result of one game (or team match) for one entrant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EntrantOutcome {
    /// Won: 2 points.
    Win,
    /// Drawn: 1 point.
    Draw,
    /// Lost: 0 points.
    Loss,
}

impl EntrantOutcome {
    /// Points by the 1999 rules.
    pub fn points(self) -> u32 {
        match self {
            EntrantOutcome::Win => WIN,
            EntrantOutcome::Draw => DRAW,
            EntrantOutcome::Loss => 0,
        }
    }

    /// The opponent's outcome.
    pub fn flip(self) -> EntrantOutcome {
        match self {
            EntrantOutcome::Win => EntrantOutcome::Loss,
            EntrantOutcome::Draw => EntrantOutcome::Draw,
            EntrantOutcome::Loss => EntrantOutcome::Win,
        }
    }
}

/// Points granted to an entrant who was not paired in a round (a requested bye or an absence).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Leave {
    /// Absent, withdrawn or not yet entered: no points.
    Zero,
    /// A half-point bye granted by the organiser: a draw's points.
    Half,
    /// A full-point bye granted by the organiser: a win's points.
    Full,
}

impl Leave {
    /// Points by the 1999 rules.
    pub fn points(self) -> u32 {
        match self {
            Leave::Zero => 0,
            Leave::Half => DRAW,
            Leave::Full => WIN,
        }
    }
}

/// What happened to one entrant in one round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Record {
    /// Paired against `opponent` (an entrant index) with `color`.
    Game {
        /// The opponent's index in the event.
        opponent: usize,
        /// This entrant's side (for teams: Red = the team "to move first", 13.3).
        color: Color,
        /// This entrant's result.
        outcome: EntrantOutcome,
        /// False when the game was not played (a forfeit: 20.4, rule 19): no colour, no float
        /// and the two may meet again.
        played: bool,
    },
    /// The pairing-allocated bye (20.2): a win's points, at most once per entrant.
    Bye,
    /// Not paired this round.
    Absent(Leave),
}

impl Record {
    /// Points earned by this record.
    pub fn points(&self) -> u32 {
        match *self {
            Record::Game { outcome, .. } => outcome.points(),
            Record::Bye => WIN,
            Record::Absent(leave) => leave.points(),
        }
    }
}

/// An entrant's pairing card: the entrant and what happened to them round by round, from which
/// scores, colours and floats are derived.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "saved::CardFile")]
pub struct PairingCard {
    /// Who is entered, with the arbiter's record (fouls, withdrawal).
    pub entrant: Entrant,
    /// One record per completed round.
    #[serde(default)]
    pub history: Vec<Record>,
    /// Not to be paired in the next round (a requested bye or an announced absence).
    #[serde(default)]
    pub next: Option<Leave>,
    /// Game points of each team match, in round order (teams only; 15.4 全队总局分).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub game_points: Vec<u32>,
    /// Each round's boards as this team played them (teams entered board by board); empty for a
    /// round without board detail (a bye, an absence, or a match entered as a total).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lineups: Vec<Vec<Seat>>,
}

impl PairingCard {
    /// A card without history.
    pub fn new(entrant: Entrant) -> Self {
        PairingCard {
            entrant,
            history: Vec::new(),
            next: None,
            game_points: Vec::new(),
            lineups: Vec::new(),
        }
    }

    /// Points so far.
    pub fn score(&self) -> u32 {
        self.history.iter().map(Record::points).sum()
    }

    /// Whether the entrant is to be paired in the coming round.
    pub fn pairable(&self) -> bool {
        !self.entrant.withdrawn() && self.next.is_none()
    }

    /// Withdraws the entrant after the rounds recorded so far (20.4), or takes a withdrawal back.
    pub fn set_withdrawn(&mut self, withdrawn: bool) {
        self.entrant.withdrawn_after =
            withdrawn.then(|| self.entrant.withdrawn_after.unwrap_or(self.history.len()));
    }
}

/// A Swiss event: entrants in pairing-number order (entrant `k` has pairing number `k + 1`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Swiss {
    /// Entrants; the index is the pairing number minus one.
    pub entrants: Vec<PairingCard>,
    /// Rounds planned (the last round relaxes colour rules for the leaders, C.04.3 A.7 / C3).
    pub rounds_planned: Option<usize>,
    /// The colour of pairing number 1 in round 1 (drawn by lot before the event).
    pub first_color: Color,
    /// Baku acceleration (C.04.5): the top half gets virtual points in the first rounds.
    #[serde(default)]
    pub accelerated: bool,
    /// Team event: entrants are teams and colours are the "first-move" team of 13.3.
    #[serde(default)]
    pub boards: Option<usize>,
    /// How points are shown: 2/1/0 (the 1999 rules) or 1/½/0 (FIDE); pairings are the same.
    #[serde(default)]
    pub scale: Scale,
    /// The 对手分 variant ranking the standings (and the TRF's ranks).
    #[serde(default)]
    pub buchholz: Buchholz,
    /// The tournament lines of a TRF file.
    #[serde(default)]
    pub info: EventInfo,
}

/// What a TRF-16 file says about the tournament (lines 012–132); free text, kept as written.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct EventInfo {
    /// 012: the tournament's name.
    pub name: String,
    /// 022: city.
    pub city: String,
    /// 032: federation.
    pub federation: String,
    /// 042: date of start (`YYYY/MM/DD`).
    pub start: String,
    /// 052: date of end.
    pub end: String,
    /// 092: type of tournament (e.g. `Individual: Swiss-System`).
    pub kind: String,
    /// 102: chief arbiter.
    pub arbiter: String,
    /// 112: deputy chief arbiter.
    pub deputy: String,
    /// 122: allotted times per moves/game.
    pub time_control: String,
    /// 132: the date of each round (`YY/MM/DD`), round 1 first.
    pub round_dates: Vec<String>,
}

/// One board of a round: `red` moves first (for teams: the team with Red on odd boards).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    /// Entrant index with Red.
    pub red: usize,
    /// Entrant index with Black.
    pub black: usize,
}

/// The pairing of one round, boards in publication order (highest scores first), bye last.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundPairing {
    /// Round number (1-based).
    pub round: usize,
    /// Boards in order.
    pub boards: Vec<Board>,
    /// The entrant given the pairing-allocated bye.
    pub bye: Option<usize>,
}

impl fmt::Display for RoundPairing {
    /// `Rd 5: 3-8 12-1 7-bye` (pairing numbers, Red first), as `xq pairings` prints.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Rd {}:", self.round)?;
        for b in &self.boards {
            write!(f, " {}-{}", b.red + 1, b.black + 1)?;
        }
        if let Some(b) = self.bye {
            write!(f, " {}-bye", b + 1)?;
        }
        Ok(())
    }
}

/// Why an event cannot be paired or a round cannot be recorded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SwissError {
    /// Fewer than two entrants can be paired.
    TooFewEntrants,
    /// No pairing satisfies the absolute criteria (no rematch, colour limits, one bye).
    NoValidPairing,
    /// Entrants have histories of different lengths.
    RaggedHistory {
        /// Pairing number of the first entrant whose history length differs.
        entrant: usize,
    },
    /// A record names an opponent that does not exist or does not name it back.
    InconsistentRecord {
        /// Pairing number.
        entrant: usize,
        /// Round number.
        round: usize,
    },
    /// Results were given for a different number of boards than the pairing has.
    ResultCount {
        /// Boards paired.
        boards: usize,
        /// Results given.
        results: usize,
    },
    /// The event already played all planned rounds.
    EventFinished,
    /// Baku acceleration needs the number of rounds.
    AccelerationNeedsRounds,
    /// The field is too large for the pairing weights.
    TooLarge,
    /// Board line-ups were given for an individual event.
    NotTeamEvent,
    /// A team's line-up breaks article 12 (pairing number of the team and why).
    LineUp {
        /// Pairing number of the team.
        team: usize,
        /// What is wrong.
        error: LineupError,
    },
    /// A match sheet has a different number of board results than the event has boards.
    BoardCount {
        /// Boards per match.
        boards: usize,
        /// Results given.
        results: usize,
    },
    /// More entrants than [`MAX_ENTRANTS`].
    TooManyEntrants {
        /// Entrants given.
        entrants: usize,
    },
    /// More rounds (planned or recorded) than [`MAX_ROUNDS`].
    TooManyRounds {
        /// Rounds given.
        rounds: usize,
    },
    /// A team record that does not fit the event: boards outside 1..=16, or a line-up naming a
    /// player the team does not have.
    BadTeamRecord {
        /// Pairing number.
        entrant: usize,
    },
    /// A paired round that is not the next one, or names an entrant twice or one that does not
    /// exist.
    BadPairing,
}

impl fmt::Display for SwissError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.say(Lang::En))
    }
}

impl std::error::Error for SwissError {}

impl Swiss {
    /// An empty individual event.
    pub fn new(rounds_planned: Option<usize>) -> Self {
        Swiss {
            entrants: Vec::new(),
            rounds_planned,
            first_color: Color::Red,
            accelerated: false,
            boards: None,
            scale: Scale::default(),
            buchholz: Buchholz::default(),
            info: EventInfo::default(),
        }
    }

    /// Rounds recorded so far.
    pub fn rounds_played(&self) -> usize {
        self.entrants
            .iter()
            .map(|e| e.history.len())
            .max()
            .unwrap_or(0)
    }

    /// Adds an entrant; after round 1 it is a late entry with zero-point absences so far.
    pub fn add_entrant(&mut self, entrant: Entrant) -> usize {
        let mut card = PairingCard::new(entrant);
        card.history = vec![Record::Absent(Leave::Zero); self.rounds_played()];
        self.entrants.push(card);
        self.entrants.len() - 1
    }

    /// Orders entrants by rating (highest first, then name) so pairing numbers follow strength;
    /// only before round 1.
    pub fn seed_by_rating(&mut self) {
        if self.rounds_played() == 0 {
            self.entrants.sort_by(|a, b| {
                let (a, b) = (&a.entrant, &b.entrant);
                b.rating.cmp(&a.rating).then_with(|| a.name.cmp(&b.name))
            });
        }
    }

    /// Checks that histories line up: same length, and each game names its opponent back.
    pub fn validate(&self) -> Result<(), SwissError> {
        let played = self.rounds_played();
        for (i, e) in self.entrants.iter().enumerate() {
            if e.history.len() != played {
                return Err(SwissError::RaggedHistory { entrant: i + 1 });
            }
            for (r, rec) in e.history.iter().enumerate() {
                if let Record::Game {
                    opponent,
                    color,
                    outcome,
                    played,
                } = *rec
                {
                    let back = self.entrants.get(opponent).and_then(|o| o.history.get(r));
                    let ok = opponent != i
                        && matches!(back, Some(Record::Game { opponent: o, color: c, outcome: x, played: p })
                            if *o == i && *c == color.other() && *p == played
                                && (*x == outcome.flip() || (!played && *x == EntrantOutcome::Loss && outcome == EntrantOutcome::Loss)));
                    if !ok {
                        return Err(SwissError::InconsistentRecord {
                            entrant: i + 1,
                            round: r + 1,
                        });
                    }
                }
            }
        }
        Ok(())
    }

    /// Everything a saved or imported event must satisfy before any page or command uses it: the
    /// caps ([`MAX_ENTRANTS`], [`MAX_ROUNDS`]), histories that line up ([`Swiss::validate`]), and
    /// team records that fit the boards and rosters.
    pub fn check(&self) -> Result<(), SwissError> {
        if self.entrants.len() > MAX_ENTRANTS {
            return Err(SwissError::TooManyEntrants {
                entrants: self.entrants.len(),
            });
        }
        let played = self.rounds_played();
        for rounds in [played, self.rounds_planned.unwrap_or(0)] {
            if rounds > MAX_ROUNDS {
                return Err(SwissError::TooManyRounds { rounds });
            }
        }
        self.validate()?;
        let boards = self.boards.unwrap_or(0);
        if self
            .boards
            .is_some_and(|b| b == 0 || b > crate::events::round_robin::MAX_BOARDS)
        {
            return Err(SwissError::BadTeamRecord { entrant: 1 });
        }
        for (i, e) in self.entrants.iter().enumerate() {
            let fits = e.game_points.len() <= played
                && e.lineups.len() <= played
                && e.lineups.iter().all(|l| {
                    l.len() <= boards && l.iter().all(|seat| seat.member < e.entrant.members.len())
                });
            if !fits {
                return Err(SwissError::BadTeamRecord { entrant: i + 1 });
            }
        }
        Ok(())
    }

    /// Checks that `pairing` is a pairing of the next round of this event: every entrant named
    /// exists and is named once.
    pub fn check_pairing(&self, pairing: &RoundPairing) -> Result<(), SwissError> {
        let mut seen = vec![false; self.entrants.len()];
        let named = pairing
            .boards
            .iter()
            .flat_map(|b| [b.red, b.black])
            .chain(pairing.bye);
        for i in named {
            match seen.get_mut(i) {
                Some(s) if !*s => *s = true,
                _ => return Err(SwissError::BadPairing),
            }
        }
        if pairing.round != self.rounds_played() + 1 {
            return Err(SwissError::BadPairing);
        }
        Ok(())
    }

    /// Pairs the next round by the Dutch system.
    pub fn pair_next(&self) -> Result<RoundPairing, SwissError> {
        pair_round(self)
    }

    /// Records a round: `results[i]` is the result of `pairing.boards[i]`. Entrants not in the
    /// pairing are recorded absent with their requested leave (zero if withdrawn), and their
    /// `next` is cleared.
    pub fn record_round(
        &mut self,
        pairing: &RoundPairing,
        results: &[Outcome],
    ) -> Result<(), SwissError> {
        if results.len() != pairing.boards.len() {
            return Err(SwissError::ResultCount {
                boards: pairing.boards.len(),
                results: results.len(),
            });
        }
        self.check_pairing(pairing)?;
        let played = self.rounds_played();
        let mut recs: Vec<Option<Record>> = vec![None; self.entrants.len()];
        for (b, r) in pairing.boards.iter().zip(results) {
            let (red, black, played) = r.outcomes();
            recs[b.red] = Some(Record::Game {
                opponent: b.black,
                color: Color::Red,
                outcome: red,
                played,
            });
            recs[b.black] = Some(Record::Game {
                opponent: b.red,
                color: Color::Black,
                outcome: black,
                played,
            });
        }
        if let Some(b) = pairing.bye {
            recs[b] = Some(Record::Bye);
        }
        for (e, rec) in self.entrants.iter_mut().zip(recs) {
            while e.history.len() < played {
                e.history.push(Record::Absent(Leave::Zero));
            }
            let leave = if e.entrant.withdrawn() {
                Leave::Zero
            } else {
                e.next.unwrap_or(Leave::Zero)
            };
            e.history.push(rec.unwrap_or(Record::Absent(leave)));
            e.next = None;
        }
        Ok(())
    }

    /// Records a team round: `scores[i]` is the game points (2 a win, 1 a draw per board) of the
    /// Red (first-move, 13.3) and Black team of `pairing.boards[i]`; more game points wins the
    /// match (14.2), equal is a drawn match.
    pub fn record_team_round(
        &mut self,
        pairing: &RoundPairing,
        scores: &[(u32, u32)],
    ) -> Result<(), SwissError> {
        let results: Vec<Outcome> = scores
            .iter()
            .map(|&(r, b)| team_match_result(r, b, true))
            .collect();
        self.record_round(pairing, &results)?;
        let round = self.rounds_played() - 1;
        for e in self.entrants.iter_mut() {
            e.game_points.resize(round + 1, 0);
        }
        for (b, &(r, k)) in pairing.boards.iter().zip(scores) {
            self.entrants[b.red].game_points[round] = r;
            self.entrants[b.black].game_points[round] = k;
        }
        Ok(())
    }

    /// Records a team round board by board: `sheets[i]` holds the line-ups and board results of
    /// `pairing.boards[i]`. Line-ups follow 12.2 (registered players, registered order kept);
    /// colours per board follow 13.3; the board results add up to each team's game points and
    /// the match result (14.2). A match where no board was played is a forfeit (20.4).
    pub fn record_team_boards(
        &mut self,
        pairing: &RoundPairing,
        sheets: &[MatchSheet],
    ) -> Result<(), SwissError> {
        let boards = self.boards.ok_or(SwissError::NotTeamEvent)?;
        if sheets.len() != pairing.boards.len() {
            return Err(SwissError::ResultCount {
                boards: pairing.boards.len(),
                results: sheets.len(),
            });
        }
        let mut seats = Vec::with_capacity(sheets.len());
        let mut results = Vec::with_capacity(sheets.len());
        for (b, sheet) in pairing.boards.iter().zip(sheets) {
            for (team, lineup) in [(b.red, &sheet.first), (b.black, &sheet.second)] {
                let roster = self
                    .entrants
                    .get(team)
                    .map_or(0, |e| e.entrant.members.len());
                let one_based: Vec<usize> = lineup.iter().map(|&m| m + 1).collect();
                validate_lineup(BoardOrder::Substitutes, boards, roster, &one_based).map_err(
                    |error| SwissError::LineUp {
                        team: team + 1,
                        error,
                    },
                )?;
            }
            if sheet.results.len() != boards {
                return Err(SwissError::BoardCount {
                    boards,
                    results: sheet.results.len(),
                });
            }
            let (first, second) = sheet.seats();
            let points = |s: &[Seat]| s.iter().map(|x| x.outcome.points()).sum::<u32>();
            let played = first.iter().any(|x| x.played);
            results.push(team_match_result(points(&first), points(&second), played));
            seats.push((first, second));
        }
        self.record_round(pairing, &results)?;
        let round = self.rounds_played() - 1;
        for e in self.entrants.iter_mut() {
            e.game_points.resize(round + 1, 0);
            e.lineups.resize(round + 1, Vec::new());
        }
        for (b, (first, second)) in pairing.boards.iter().zip(seats) {
            for (team, s) in [(b.red, first), (b.black, second)] {
                let e = &mut self.entrants[team];
                e.game_points[round] = s.iter().map(|x| x.outcome.points()).sum();
                e.lineups[round] = s;
            }
        }
        Ok(())
    }

    /// The pairing of recorded round `round` (1-based), rebuilt from the records: boards ordered
    /// by the scores before that round, higher first, bye last.
    pub fn round_pairing(&self, round: usize) -> Option<RoundPairing> {
        if round == 0 || round > self.rounds_played() {
            return None;
        }
        let before = |i: usize| -> u32 {
            self.entrants[i].history[..round - 1]
                .iter()
                .map(Record::points)
                .sum()
        };
        let mut boards = Vec::new();
        let mut bye = None;
        for (i, e) in self.entrants.iter().enumerate() {
            match e.history[round - 1] {
                Record::Game {
                    opponent,
                    color: Color::Red,
                    ..
                } => boards.push(Board {
                    red: i,
                    black: opponent,
                }),
                Record::Bye => bye = Some(i),
                _ => {}
            }
        }
        boards.sort_by_key(|b| {
            let (r, k) = (before(b.red), before(b.black));
            (
                std::cmp::Reverse(r.max(k)),
                std::cmp::Reverse(r.min(k)),
                b.red.min(b.black),
            )
        });
        Some(RoundPairing { round, boards, bye })
    }

    /// Takes the last recorded round back to correct it (an individual event): its pairing and
    /// results, each absentee's leave restored as their request for that round. `None` for a team
    /// event or before round 1.
    pub fn reopen_last_round(&mut self) -> Option<(RoundPairing, Vec<Outcome>)> {
        if self.boards.is_some() {
            return None;
        }
        let round = self.rounds_played();
        let pairing = self.round_pairing(round)?;
        let outcome = |e: &PairingCard| match e.history[round - 1] {
            Record::Game {
                outcome, played, ..
            } => Some((outcome, played)),
            _ => None,
        };
        let results = pairing
            .boards
            .iter()
            .map(|b| {
                let (red, played) = outcome(&self.entrants[b.red])?;
                let (black, _) = outcome(&self.entrants[b.black])?;
                Some(Outcome::from_red(red, black, played))
            })
            .collect::<Option<Vec<_>>>()?;
        for e in &mut self.entrants {
            if let Some(Record::Absent(leave)) = e.history.pop() {
                if !e.entrant.withdrawn() {
                    e.next = Some(leave);
                }
            }
        }
        Some((pairing, results))
    }

    /// Withdraws entrant `i` (20.4): results stand; if it was paired in the round now being
    /// played, record that game as a forfeit win for the opponent.
    pub fn withdraw(&mut self, i: usize) {
        if let Some(e) = self.entrants.get_mut(i) {
            e.set_withdrawn(true);
        }
    }
}

/// A team match's result from its game points (14.2: more game points wins, equal draws), as a
/// forfeit when no board was played.
fn team_match_result(first: u32, second: u32, played: bool) -> Outcome {
    use std::cmp::Ordering::*;
    match (first.cmp(&second), played) {
        (Greater, true) => Outcome::FirstWins,
        (Equal, true) => Outcome::Draw,
        (Less, true) => Outcome::SecondWins,
        (Greater, false) => Outcome::FirstByForfeit,
        (Less, false) => Outcome::SecondByForfeit,
        (Equal, false) => Outcome::DoubleForfeit,
    }
}

/// A game's outcome as the Swiss records it: one [`EntrantOutcome`] per side.
impl Outcome {
    /// Each side's outcome and whether the game was played (a forfeit is not: rule 20.4).
    pub fn outcomes(self) -> (EntrantOutcome, EntrantOutcome, bool) {
        match self {
            Outcome::FirstWins => (EntrantOutcome::Win, EntrantOutcome::Loss, true),
            Outcome::Draw => (EntrantOutcome::Draw, EntrantOutcome::Draw, true),
            Outcome::SecondWins => (EntrantOutcome::Loss, EntrantOutcome::Win, true),
            Outcome::FirstByForfeit => (EntrantOutcome::Win, EntrantOutcome::Loss, false),
            Outcome::SecondByForfeit => (EntrantOutcome::Loss, EntrantOutcome::Win, false),
            Outcome::DoubleForfeit => (EntrantOutcome::Loss, EntrantOutcome::Loss, false),
        }
    }

    /// The result from the Red side's outcome (Black's follows, a double forfeit when neither
    /// played and both lost).
    pub fn from_red(red: EntrantOutcome, black: EntrantOutcome, played: bool) -> Outcome {
        match (red, played) {
            (EntrantOutcome::Win, true) => Outcome::FirstWins,
            (EntrantOutcome::Draw, _) => Outcome::Draw,
            (EntrantOutcome::Loss, true) => Outcome::SecondWins,
            (EntrantOutcome::Win, false) => Outcome::FirstByForfeit,
            (EntrantOutcome::Loss, false) if black == EntrantOutcome::Win => {
                Outcome::SecondByForfeit
            }
            (EntrantOutcome::Loss, false) => Outcome::DoubleForfeit,
        }
    }
}

#[cfg(test)]
mod tests;
