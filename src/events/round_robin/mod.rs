//! Round-robin events of the 1999 rules: Berger pairings, results, standings, crosstable, files.
//!
//! A [`Tournament`] holds entrants, the draw and the results. Once numbers are drawn (by a seeded
//! lot or by hand), an entrant's number is its pairing number in the Berger table: entrant `k` is
//! `entrants()[k - 1]`. Everything derived (standings, crosstable, forfeits after a withdrawal) is
//! computed from the stored facts, so a file round-trips exactly.

mod berger;
mod entry;
mod io;
pub mod kept;
mod result;
mod standings;
mod team;
mod words;

pub use berger::{draw_lots, round_of, BergerError, BergerTable, Pairing, MAX_ENTRANTS};
pub use entry::{BoardEntry, PartialResults};
pub use io::{parse_entrant_list, parse_positions, ImportError, PositionsError, FILE_VERSION};
pub use result::{
    match_points, Outcome, ParseOutcomeError, Personal, Scoring, ScoringError, Side, Value,
};
pub use standings::{
    CrossRow, CrossWindow, Crosstable, Place, StandingRow, Standings, TieBreak, TieValue,
};
pub use team::{first_team_color, validate_lineup, BoardOrder, LineupError, MAX_BOARDS};

use crate::events::Details;
use crate::events::Entrant;
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};
use std::fmt;

/// Individual or team event (article 12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Competition {
    /// One game per pairing, scored 1/½/0 or the chosen scheme (14.1).
    Individual,
    /// A match of `boards` games per pairing, scored in game and match points (14.2).
    Team {
        /// Boards per match.
        boards: usize,
        /// How players are put on boards (12.1–12.3).
        order: BoardOrder,
    },
}

impl Competition {
    /// Games per pairing: 1, or the number of boards.
    pub fn boards(&self) -> usize {
        match self {
            Competition::Individual => 1,
            Competition::Team { boards, .. } => *boards,
        }
    }

    /// Whether this is a team event.
    pub fn is_team(&self) -> bool {
        matches!(self, Competition::Team { .. })
    }
}

/// Single (一局制) or double (两局制) round robin (11.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Cycles {
    /// Everyone meets everyone once.
    Single,
    /// Everyone meets everyone twice, colours swapped in the second cycle (13.5).
    Double,
}

/// The result of one pairing: one outcome per board, seen from the first-listed (Red) entrant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchRecord {
    /// Round number, 1-based.
    pub round: usize,
    /// Entrant listed first (Red; in team events Red on odd boards).
    pub red: usize,
    /// Entrant listed second.
    pub black: usize,
    /// Outcome of each board, board 1 first (one entry in individual events).
    pub games: Vec<Outcome>,
    /// Team line-ups (first team, second team) as 1-based roster indices, when recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lineups: Option<(Vec<usize>, Vec<usize>)>,
}

/// The games of one round for the organiser: real pairings, and who has the bye.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundView {
    /// Round number, 1-based.
    pub round: usize,
    /// Pairings by entrant number, first-listed plays Red.
    pub games: Vec<Pairing>,
    /// The entrant without an opponent this round (轮空), in odd fields.
    pub bye: Option<usize>,
}

/// Why an operation on a tournament was refused; the tournament is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentError {
    /// The tournament name is blank.
    EmptyName,
    /// The scoring scheme is unusable.
    Scoring(ScoringError),
    /// A team event needs 1..=MAX_BOARDS boards.
    BadBoards(usize),
    /// An entrant name is blank.
    EmptyEntrantName,
    /// Two entrants share a name.
    DuplicateEntrant(String),
    /// Entrants cannot change once numbers are drawn (20.2: withdraw before the start, then redraw).
    AlreadyDrawn,
    /// Pairings and results need the numbers drawn first.
    NotDrawn,
    /// The field cannot be paired.
    Berger(BergerError),
    /// No entrant has this number.
    UnknownEntrant(usize),
    /// Hand-set numbers are not a permutation of 1..=n.
    BadNumbering(NumberingError),
    /// The draw cannot change once results exist.
    ResultsExist,
    /// The round does not exist.
    NoSuchRound {
        /// Round asked for.
        round: usize,
        /// Rounds in the event.
        rounds: usize,
    },
    /// The table has no such pairing (with these colours) in that round.
    NotPaired {
        /// Round.
        round: usize,
        /// First-listed entrant given.
        red: usize,
        /// Second-listed entrant given.
        black: usize,
    },
    /// The result has the wrong number of boards.
    WrongGameCount {
        /// Boards per pairing.
        expected: usize,
        /// Outcomes given.
        given: usize,
    },
    /// A pairing has two results.
    DuplicateResult {
        /// Round.
        round: usize,
        /// First-listed entrant.
        red: usize,
    },
    /// A team's line-up breaks article 12.
    Lineup {
        /// Team number.
        team: usize,
        /// What is wrong.
        error: LineupError,
    },
    /// Line-ups given for a team without a registered roster, or in an individual event.
    NoRoster(usize),
    /// A team roster has fewer players than boards.
    RosterTooShort {
        /// Team number.
        team: usize,
        /// Boards per match.
        boards: usize,
        /// Registered players.
        roster: usize,
    },
    /// An individual entrant was given team players.
    MembersInIndividual(usize),
    /// A withdrawn entrant has a result after the withdrawal round.
    PlayedAfterWithdrawal {
        /// Entrant.
        entrant: usize,
        /// The round with the result.
        round: usize,
    },
    /// A tie-break that does not apply to this format (e.g. Sonneborn-Berger in a team event).
    TieBreakNotFor(TieBreak),
    /// A tie-break appears twice in the order.
    DuplicateTieBreak(TieBreak),
}

impl fmt::Display for TournamentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use TournamentError::*;
        match self {
            EmptyName => write!(f, "the tournament needs a name"),
            Scoring(e) => write!(f, "{e}"),
            BadBoards(b) => write!(f, "a team match needs 1 to {MAX_BOARDS} boards, got {b}"),
            EmptyEntrantName => write!(f, "an entrant name is blank"),
            DuplicateEntrant(n) => write!(f, "two entrants are called `{n}`"),
            AlreadyDrawn => write!(
                f,
                "numbers are already drawn: clear the draw to change entrants (rule 20.2)"
            ),
            NotDrawn => write!(f, "draw the pairing numbers first"),
            Berger(e) => write!(f, "{e}"),
            UnknownEntrant(n) => write!(f, "no entrant has number {n}"),
            BadNumbering(why) => write!(f, "pairing numbers: {why}"),
            ResultsExist => write!(f, "results are already entered: the draw cannot change"),
            NoSuchRound { round, rounds } => {
                write!(
                    f,
                    "round {round} does not exist (the event has {rounds} rounds)"
                )
            }
            NotPaired { round, red, black } => {
                write!(
                    f,
                    "round {round} has no pairing {red}-{black} (first number Red)"
                )
            }
            WrongGameCount { expected, given } => {
                write!(f, "a result needs {expected} board outcome(s), got {given}")
            }
            DuplicateResult { round, red } => {
                write!(
                    f,
                    "round {round}: the pairing of entrant {red} has two results"
                )
            }
            Lineup { team, error } => write!(f, "team {team}: {error}"),
            NoRoster(t) => write!(f, "entrant {t} has no registered players for a line-up"),
            MembersInIndividual(k) => {
                write!(
                    f,
                    "entrant {k} lists team players, but this is an individual event"
                )
            }
            RosterTooShort {
                team,
                boards,
                roster,
            } => write!(
                f,
                "team {team} registered {roster} players but matches have {boards} boards"
            ),
            PlayedAfterWithdrawal { entrant, round } => write!(
                f,
                "entrant {entrant} withdrew but has a result in round {round} (rule 20.3)"
            ),
            TieBreakNotFor(t) => write!(f, "tie-break `{}` does not apply to this event", t.key()),
            DuplicateTieBreak(t) => write!(f, "tie-break `{}` is listed twice", t.key()),
        }
    }
}

/// Why hand-set pairing numbers are not a permutation of 1..=n.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NumberingError {
    /// Not one number per entrant.
    Count {
        /// The entrants.
        entrants: usize,
        /// The numbers given.
        given: usize,
    },
    /// A number outside 1..=n.
    OutOfRange {
        /// The number.
        number: usize,
        /// The entrants (n).
        entrants: usize,
    },
    /// A number given to two entrants.
    Twice(usize),
}

impl fmt::Display for NumberingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NumberingError::Count { entrants, given } => {
                write!(f, "{entrants} entrants but {given} numbers given")
            }
            NumberingError::OutOfRange { number, entrants } => {
                write!(f, "{number} is not in 1..={entrants}")
            }
            NumberingError::Twice(k) => write!(f, "{k} is given twice"),
        }
    }
}

impl std::error::Error for TournamentError {}

impl From<BergerError> for TournamentError {
    fn from(e: BergerError) -> Self {
        TournamentError::Berger(e)
    }
}

/// A round-robin event: settings, entrants, draw and results.
///
/// ```
/// use xiangqi_club::events::round_robin::{Competition, Cycles, Scoring, Tournament};
/// let mut t = Tournament::new("Club", Competition::Individual, Cycles::Single, Scoring::CLASSIC)
///     .unwrap();
/// t.add_entrant_list("1. 张三\n2. 李四\n3. 王五\n4. 赵六").unwrap();
/// t.draw_lots(7).unwrap();
/// let rounds = t.rounds().unwrap();
/// // Berger tables (rule 13.1): n-1 rounds of n/2 games for an even field.
/// assert_eq!(rounds.len(), 3);
/// assert!(rounds.iter().all(|r| r.games.len() == 2 && r.bye.is_none()));
/// assert_eq!(Tournament::from_json(&t.to_json()).unwrap(), t);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tournament {
    name: String,
    format: Competition,
    cycles: Cycles,
    scoring: Scoring,
    tiebreaks: Vec<TieBreak>,
    entrants: Vec<Entrant>,
    drawn: bool,
    results: Vec<MatchRecord>,
    /// Date and organiser; absent from files saved before they were kept (read as empty).
    #[serde(default, skip_serializing_if = "Details::is_empty")]
    details: Details,
}

impl Tournament {
    /// A new event without entrants, tie-breaks in the order of 15.1 or 15.3 with 18.4 first.
    pub fn new(
        name: &str,
        format: Competition,
        cycles: Cycles,
        scoring: Scoring,
    ) -> Result<Tournament, TournamentError> {
        let t = Tournament {
            name: name.trim().to_string(),
            format,
            cycles,
            scoring,
            tiebreaks: TieBreak::defaults(format),
            entrants: Vec::new(),
            drawn: false,
            results: Vec::new(),
            details: Details::default(),
        };
        t.validate_settings()?;
        Ok(t)
    }

    /// The event name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Renames the event.
    pub fn rename(&mut self, name: &str) -> Result<(), TournamentError> {
        if name.trim().is_empty() {
            return Err(TournamentError::EmptyName);
        }
        self.name = name.trim().to_string();
        Ok(())
    }

    /// The event's date and organiser (for its certificates and results page).
    pub fn details(&self) -> &Details {
        &self.details
    }

    /// Sets the date and organiser (cleaned by [`Details::new`]).
    pub fn set_details(&mut self, date: &str, organiser: &str) {
        self.details = Details::new(date, organiser);
    }

    /// Individual or team.
    pub fn format(&self) -> Competition {
        self.format
    }

    /// Single or double round robin.
    pub fn cycles(&self) -> Cycles {
        self.cycles
    }

    /// The points per game.
    pub fn scoring(&self) -> Scoring {
        self.scoring
    }

    /// The tie-break order after the score.
    pub fn tiebreaks(&self) -> &[TieBreak] {
        &self.tiebreaks
    }

    /// Sets the tie-break order (each at most once, each valid for the format).
    pub fn set_tiebreaks(&mut self, order: Vec<TieBreak>) -> Result<(), TournamentError> {
        check_tiebreaks(self.format, &order)?;
        self.tiebreaks = order;
        Ok(())
    }

    /// Entrants; once drawn, entrant number `k` is `entrants()[k - 1]`.
    pub fn entrants(&self) -> &[Entrant] {
        &self.entrants
    }

    /// Entrant with number `k` (1-based).
    pub fn entrant(&self, k: usize) -> Result<&Entrant, TournamentError> {
        k.checked_sub(1)
            .and_then(|i| self.entrants.get(i))
            .ok_or(TournamentError::UnknownEntrant(k))
    }

    /// Whether pairing numbers are drawn.
    pub fn is_drawn(&self) -> bool {
        self.drawn
    }

    /// Recorded results, in the order entered.
    pub fn results(&self) -> &[MatchRecord] {
        &self.results
    }

    /// Adds an entrant before the draw; returns its provisional number.
    pub fn add_entrant(&mut self, entrant: Entrant) -> Result<usize, TournamentError> {
        if self.drawn {
            return Err(TournamentError::AlreadyDrawn);
        }
        let mut all = self.entrants.clone();
        all.push(entrant);
        check_entrants(self.format, &all)?;
        self.entrants = all;
        Ok(self.entrants.len())
    }

    /// Adds every entrant of a pasted list (see [`parse_entrant_list`]); all or nothing.
    pub fn add_entrant_list(&mut self, text: &str) -> Result<usize, TournamentError> {
        if self.drawn {
            return Err(TournamentError::AlreadyDrawn);
        }
        let mut all = self.entrants.clone();
        all.extend(parse_entrant_list(text, self.format.is_team()));
        check_entrants(self.format, &all)?;
        let added = all.len() - self.entrants.len();
        self.entrants = all;
        Ok(added)
    }

    /// Removes entrant `k` before the draw (20.2).
    pub fn remove_entrant(&mut self, k: usize) -> Result<Entrant, TournamentError> {
        if self.drawn {
            return Err(TournamentError::AlreadyDrawn);
        }
        self.entrant(k)?;
        Ok(self.entrants.remove(k - 1))
    }

    /// Draws pairing numbers by a reproducible lot from `seed`, renumbering the entrants.
    pub fn draw_lots(&mut self, seed: u64) -> Result<(), TournamentError> {
        let numbers = draw_lots(self.entrants.len(), seed);
        // numbers[i] is the new number of current entrant i; invert to "who gets number k".
        let mut order = vec![0; numbers.len()];
        for (i, &n) in numbers.iter().enumerate() {
            order[n - 1] = i + 1;
        }
        self.set_numbers(&order)
    }

    /// Sets pairing numbers by hand: `order[k - 1]` is the current number of the entrant who gets `k`.
    pub fn set_numbers(&mut self, order: &[usize]) -> Result<(), TournamentError> {
        if !self.results.is_empty() {
            return Err(TournamentError::ResultsExist);
        }
        berger::check_size(self.entrants.len())?;
        let n = self.entrants.len();
        if order.len() != n {
            return Err(TournamentError::BadNumbering(NumberingError::Count {
                entrants: n,
                given: order.len(),
            }));
        }
        let mut seen = vec![false; n + 1];
        for &k in order {
            if k == 0 || k > n {
                return Err(TournamentError::BadNumbering(NumberingError::OutOfRange {
                    number: k,
                    entrants: n,
                }));
            }
            if std::mem::replace(&mut seen[k], true) {
                return Err(TournamentError::BadNumbering(NumberingError::Twice(k)));
            }
        }
        self.entrants = order
            .iter()
            .map(|&k| self.entrants[k - 1].clone())
            .collect();
        self.drawn = true;
        Ok(())
    }

    /// Cancels the draw (no results yet), so entrants can change again (20.2).
    pub fn clear_draw(&mut self) -> Result<(), TournamentError> {
        if !self.results.is_empty() {
            return Err(TournamentError::ResultsExist);
        }
        self.drawn = false;
        for e in &mut self.entrants {
            e.withdrawn_after = None;
        }
        Ok(())
    }

    /// Whether the drawn field has a Berger table, without building it.
    fn table_size(&self) -> Result<(), TournamentError> {
        if !self.drawn {
            return Err(TournamentError::NotDrawn);
        }
        Ok(berger::check_size(self.entrants.len())?)
    }

    /// The Berger table of the drawn field.
    pub fn table(&self) -> Result<BergerTable, TournamentError> {
        if !self.drawn {
            return Err(TournamentError::NotDrawn);
        }
        Ok(BergerTable::new(
            self.entrants.len(),
            self.cycles == Cycles::Double,
        )?)
    }

    /// Number of rounds (0 before the draw), counted without building the table.
    pub fn round_count(&self) -> usize {
        if self.drawn && berger::check_size(self.entrants.len()).is_ok() {
            berger::round_count(self.entrants.len(), self.cycles == Cycles::Double)
        } else {
            0
        }
    }

    /// The games and the bye of every round.
    pub fn rounds(&self) -> Result<Vec<RoundView>, TournamentError> {
        self.table()?;
        Ok((1..=self.round_count())
            .filter_map(|r| self.round(r))
            .collect())
    }

    /// The games and the bye of round `round` (1-based) alone, without building the whole table
    /// (a page shows one round of a 500-entrant event); `None` before the draw or past the end.
    pub fn round(&self, round: usize) -> Option<RoundView> {
        if !self.drawn {
            return None;
        }
        let n = self.entrants.len();
        berger::check_size(n).ok()?;
        let all = berger::round_of(n, self.cycles == Cycles::Double, round)?;
        let bye_slot = n + 1;
        let bye = all.iter().find_map(|p| {
            p.involves(bye_slot)
                .then(|| p.opponent_of(bye_slot))
                .flatten()
        });
        let games = all.into_iter().filter(|p| !p.involves(bye_slot)).collect();
        Some(RoundView { round, games, bye })
    }

    /// Numbers the entrants in the order they were listed (the draw by hand, 1 to n).
    pub fn number_as_listed(&mut self) -> Result<(), TournamentError> {
        let order: Vec<usize> = (1..=self.entrants.len()).collect();
        self.set_numbers(&order)
    }

    /// The result recorded for pairing `red`-`black` of `round`, if any.
    pub fn result(&self, round: usize, red: usize, black: usize) -> Option<&MatchRecord> {
        self.results
            .iter()
            .find(|m| m.round == round && m.red == red && m.black == black)
    }

    /// Records (or replaces) the result of a pairing; outcomes are seen from `red`, board 1 first.
    pub fn record(
        &mut self,
        round: usize,
        red: usize,
        black: usize,
        games: Vec<Outcome>,
    ) -> Result<(), TournamentError> {
        let lineups = self
            .result(round, red, black)
            .and_then(|m| m.lineups.clone());
        self.store(MatchRecord {
            round,
            red,
            black,
            games,
            lineups,
        })
    }

    /// Records the board line-ups of a team match (roster indices, board 1 first), checked per article 12.
    pub fn set_lineups(
        &mut self,
        round: usize,
        red: usize,
        black: usize,
        first: Vec<usize>,
        second: Vec<usize>,
    ) -> Result<(), TournamentError> {
        let games = match self.result(round, red, black) {
            Some(m) => m.games.clone(),
            None => Vec::new(),
        };
        self.store(MatchRecord {
            round,
            red,
            black,
            games,
            lineups: Some((first, second)),
        })
    }

    /// Removes the result and line-ups of a pairing (no error if there was none).
    pub fn clear_result(&mut self, round: usize, red: usize, black: usize) {
        self.results
            .retain(|m| !(m.round == round && m.red == red && m.black == black));
    }

    /// Removes the board outcomes of a pairing but keeps its recorded line-ups.
    pub fn clear_games(&mut self, round: usize, red: usize, black: usize) {
        let keep = self
            .result(round, red, black)
            .and_then(|m| m.lineups.clone());
        self.clear_result(round, red, black);
        if let Some(lineups) = keep {
            self.results.push(MatchRecord {
                round,
                red,
                black,
                games: Vec::new(),
                lineups: Some(lineups),
            });
        }
    }

    fn store(&mut self, record: MatchRecord) -> Result<(), TournamentError> {
        self.check_record(&record)?;
        self.clear_result(record.round, record.red, record.black);
        self.results.push(record);
        Ok(())
    }

    /// Withdraws entrant `k` now (20.3): after the last round in which it has a result, so every
    /// match it has not played becomes a forfeit; returns that round.
    pub fn withdraw_now(&mut self, k: usize) -> Result<usize, TournamentError> {
        let after = self
            .results
            .iter()
            .filter(|m| !m.games.is_empty() && (m.red == k || m.black == k))
            .map(|m| m.round)
            .max()
            .unwrap_or(0);
        self.withdraw(k, after)?;
        Ok(after)
    }

    /// Marks entrant `k` as withdrawn (20.3) or expelled (18.3) after `round` (0 = before round 1).
    pub fn withdraw(&mut self, k: usize, round: usize) -> Result<(), TournamentError> {
        if !self.drawn {
            return Err(TournamentError::NotDrawn);
        }
        let rounds = self.round_count();
        self.entrant(k)?;
        if round > rounds {
            return Err(TournamentError::NoSuchRound { round, rounds });
        }
        if let Some(m) = self
            .results
            .iter()
            .find(|m| m.round > round && (m.red == k || m.black == k))
        {
            return Err(TournamentError::PlayedAfterWithdrawal {
                entrant: k,
                round: m.round,
            });
        }
        self.entrants[k - 1].withdrawn_after = Some(round);
        Ok(())
    }

    /// Takes back a withdrawal entered by mistake.
    pub fn cancel_withdrawal(&mut self, k: usize) -> Result<(), TournamentError> {
        self.entrant(k)?;
        self.entrants[k - 1].withdrawn_after = None;
        Ok(())
    }

    /// Sets entrant `k`'s fouls (犯规), the last tie-break of 15.1/15.3.
    pub fn set_fouls(&mut self, k: usize, fouls: u32) -> Result<(), TournamentError> {
        self.entrant(k)?;
        self.entrants[k - 1].fouls = fouls;
        Ok(())
    }

    /// Sets entrant `k`'s penalties: warnings (18.1) and game disqualifications (18.2).
    pub fn set_discipline(
        &mut self,
        k: usize,
        warnings: u32,
        disqualifications: u32,
    ) -> Result<(), TournamentError> {
        self.entrant(k)?;
        let e = &mut self.entrants[k - 1];
        e.warnings = warnings;
        e.disqualifications = disqualifications;
        Ok(())
    }

    /// Rule 20.3: whether entrant `k` withdrew having met fewer than half the opponents, so that
    /// all results are annulled. Counts games with a result against the games of a full event.
    pub fn is_annulled(&self, k: usize) -> bool {
        let Some(Some(_)) = self.entrant(k).ok().map(|e| e.withdrawn_after) else {
            return false;
        };
        let per_opponent = if self.cycles == Cycles::Double { 2 } else { 1 };
        let total = (self.entrants.len().saturating_sub(1)) * per_opponent;
        let met = self
            .results
            .iter()
            .filter(|m| !m.games.is_empty() && (m.red == k || m.black == k))
            .count();
        met * 2 < total
    }

    /// Rule 20.3 for every entrant at once (index 0 unused): one pass over the results.
    pub(crate) fn annulled_all(&self) -> Vec<bool> {
        let mut met = vec![0usize; self.entrants.len() + 1];
        for m in self.results.iter().filter(|m| !m.games.is_empty()) {
            for k in [m.red, m.black] {
                if let Some(c) = met.get_mut(k) {
                    *c += 1;
                }
            }
        }
        let per_opponent = if self.cycles == Cycles::Double { 2 } else { 1 };
        let total = (self.entrants.len().saturating_sub(1)) * per_opponent;
        (0..=self.entrants.len())
            .map(|k| k > 0 && self.entrants[k - 1].withdrawn_after.is_some() && met[k] * 2 < total)
            .collect()
    }

    /// Whether entrant `k` had withdrawn before `round` (20.3/20.4): its games from then on are
    /// forfeits and take no result.
    pub fn gone_by(&self, k: usize, round: usize) -> bool {
        matches!(self.entrant(k).map(|e| e.withdrawn_after), Ok(Some(w)) if w < round)
    }

    /// Whether the pairing `red`–`black` of `round` is decided by a withdrawal (20.3) rather than
    /// played: then no result is entered for it.
    pub fn is_forfeit_by_withdrawal(&self, round: usize, red: usize, black: usize) -> bool {
        self.gone_by(red, round) || self.gone_by(black, round)
    }

    /// The pairings of `round` among `pairings` decided by a withdrawal (20.3), as (red, black):
    /// they take no result.
    pub fn withdrawal_forfeits(
        &self,
        round: usize,
        pairings: &[Pairing],
    ) -> HashSet<(usize, usize)> {
        pairings
            .iter()
            .filter(|p| self.is_forfeit_by_withdrawal(round, p.red, p.black))
            .map(|p| (p.red, p.black))
            .collect()
    }

    /// The recorded results of one round, keyed by (first-listed, second-listed) entrant.
    pub fn round_results(&self, round: usize) -> HashMap<(usize, usize), &MatchRecord> {
        self.results
            .iter()
            .filter(|m| m.round == round)
            .map(|m| ((m.red, m.black), m))
            .collect()
    }

    /// The results that count: recorded ones minus annulled entrants' games, plus the forfeits
    /// (20.3) of games a withdrawn entrant will not play.
    pub fn counted_results(&self) -> Vec<MatchRecord> {
        if !self.drawn || berger::check_size(self.entrants.len()).is_err() {
            return Vec::new();
        }
        let annulled = self.annulled_all();
        let mut out: Vec<MatchRecord> = self
            .results
            .iter()
            .filter(|m| !m.games.is_empty() && !annulled[m.red] && !annulled[m.black])
            .cloned()
            .collect();
        let gone_by = |k: usize, round: usize| self.gone_by(k, round);
        let boards = self.format.boards();
        let recorded: HashSet<(usize, usize, usize)> = self
            .results
            .iter()
            .map(|m| (m.round, m.red, m.black))
            .collect();
        // Forfeits start after the earliest withdrawal: no round is walked when nobody withdrew.
        let first = self
            .entrants
            .iter()
            .filter_map(|e| e.withdrawn_after)
            .min()
            .map_or(usize::MAX, |w| w + 1);
        for round in first..=self.round_count() {
            let Some(view) = self.round(round) else {
                continue;
            };
            for p in view.games {
                if annulled[p.red] || annulled[p.black] {
                    continue;
                }
                let outcome = match (gone_by(p.red, round), gone_by(p.black, round)) {
                    (false, false) => continue,
                    (true, true) => Outcome::DoubleForfeit,
                    (true, false) => Outcome::SecondByForfeit,
                    (false, true) => Outcome::FirstByForfeit,
                };
                if !recorded.contains(&(round, p.red, p.black)) {
                    out.push(MatchRecord {
                        round,
                        red: p.red,
                        black: p.black,
                        games: vec![outcome; boards],
                        lineups: None,
                    });
                }
            }
        }
        out.sort_by_key(|m| (m.round, m.red));
        out
    }

    /// Checks every invariant: what an imported file must satisfy.
    pub fn validate(&self) -> Result<(), TournamentError> {
        self.validate_settings()?;
        check_entrants(self.format, &self.entrants)?;
        if !self.drawn {
            if !self.results.is_empty() {
                return Err(TournamentError::NotDrawn);
            }
            return Ok(());
        }
        self.table_size()?;
        let rounds = self.round_count();
        for (i, e) in self.entrants.iter().enumerate() {
            if let Some(w) = e.withdrawn_after {
                if w > rounds {
                    return Err(TournamentError::NoSuchRound { round: w, rounds });
                }
                if let Some(m) = self
                    .results
                    .iter()
                    .find(|m| m.round > w && (m.red == i + 1 || m.black == i + 1))
                {
                    return Err(TournamentError::PlayedAfterWithdrawal {
                        entrant: i + 1,
                        round: m.round,
                    });
                }
            }
        }
        let mut seen = HashSet::with_capacity(self.results.len());
        for m in &self.results {
            self.check_record(m)?;
            if !seen.insert((m.round, m.red, m.black)) {
                return Err(TournamentError::DuplicateResult {
                    round: m.round,
                    red: m.red,
                });
            }
        }
        Ok(())
    }

    fn validate_settings(&self) -> Result<(), TournamentError> {
        if self.name.trim().is_empty() {
            return Err(TournamentError::EmptyName);
        }
        self.scoring.validate().map_err(TournamentError::Scoring)?;
        if let Competition::Team { boards, .. } = self.format {
            if boards == 0 || boards > MAX_BOARDS {
                return Err(TournamentError::BadBoards(boards));
            }
        }
        check_tiebreaks(self.format, &self.tiebreaks)
    }

    fn check_record(&self, m: &MatchRecord) -> Result<(), TournamentError> {
        if !self.drawn {
            return Err(TournamentError::NotDrawn);
        }
        let n = self.entrants.len();
        let double = self.cycles == Cycles::Double;
        let Some(round_pairings) = berger::round_of(n, double, m.round) else {
            return Err(TournamentError::NoSuchRound {
                round: m.round,
                rounds: self.round_count(),
            });
        };
        let pairing = Pairing {
            red: m.red,
            black: m.black,
        };
        if pairing.red > n || pairing.black > n || !round_pairings.contains(&pairing) {
            return Err(TournamentError::NotPaired {
                round: m.round,
                red: m.red,
                black: m.black,
            });
        }
        let expected = self.format.boards();
        // An empty list is allowed only for a line-up entered before the result.
        if m.games.len() != expected && !(m.games.is_empty() && m.lineups.is_some()) {
            return Err(TournamentError::WrongGameCount {
                expected,
                given: m.games.len(),
            });
        }
        for k in [m.red, m.black] {
            if let Some(w) = self.entrants[k - 1].withdrawn_after {
                if m.round > w {
                    return Err(TournamentError::PlayedAfterWithdrawal {
                        entrant: k,
                        round: m.round,
                    });
                }
            }
        }
        if let Some((first, second)) = &m.lineups {
            let Competition::Team { boards, order } = self.format else {
                return Err(TournamentError::NoRoster(m.red));
            };
            for (team, lineup) in [(m.red, first), (m.black, second)] {
                let roster = self.entrants[team - 1].members.len();
                if roster == 0 {
                    return Err(TournamentError::NoRoster(team));
                }
                validate_lineup(order, boards, roster, lineup)
                    .map_err(|error| TournamentError::Lineup { team, error })?;
            }
        }
        Ok(())
    }
}

fn check_entrants(format: Competition, entrants: &[Entrant]) -> Result<(), TournamentError> {
    let mut names: Vec<&str> = Vec::with_capacity(entrants.len());
    for (i, e) in entrants.iter().enumerate() {
        if e.name.trim().is_empty() {
            return Err(TournamentError::EmptyEntrantName);
        }
        if names.contains(&e.name.as_str()) {
            return Err(TournamentError::DuplicateEntrant(e.name.clone()));
        }
        names.push(&e.name);
        match format {
            Competition::Individual if !e.members.is_empty() => {
                return Err(TournamentError::MembersInIndividual(i + 1));
            }
            Competition::Team { boards, .. }
                if !e.members.is_empty() && e.members.len() < boards =>
            {
                return Err(TournamentError::RosterTooShort {
                    team: i + 1,
                    boards,
                    roster: e.members.len(),
                });
            }
            _ => {}
        }
    }
    if entrants.len() > berger::MAX_ENTRANTS {
        return Err(BergerError::TooManyEntrants(entrants.len()).into());
    }
    Ok(())
}

fn check_tiebreaks(format: Competition, order: &[TieBreak]) -> Result<(), TournamentError> {
    for (i, t) in order.iter().enumerate() {
        if !t.applies_to(format) {
            return Err(TournamentError::TieBreakNotFor(*t));
        }
        if order[..i].contains(t) {
            return Err(TournamentError::DuplicateTieBreak(*t));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn drawn(n: usize, cycles: Cycles) -> Tournament {
        let mut t =
            Tournament::new("R", Competition::Individual, cycles, Scoring::CLASSIC).unwrap();
        let names: Vec<String> = (1..=n).map(|k| format!("p{k}")).collect();
        t.add_entrant_list(&names.join("\n")).unwrap();
        t.number_as_listed().unwrap();
        t
    }

    #[test]
    fn one_round_at_a_time_agrees_with_the_table() {
        for n in [2, 3, 6, 7, 30] {
            for cycles in [Cycles::Single, Cycles::Double] {
                let t = drawn(n, cycles);
                let table = t.table().unwrap();
                assert_eq!(t.round_count(), table.round_count());
                for r in 1..=t.round_count() {
                    let view = t.round(r).unwrap();
                    assert_eq!(view.games, table.games(r), "{n} entrants, round {r}");
                    let bye = table.bye().and_then(|b| {
                        table
                            .round(r)
                            .unwrap()
                            .iter()
                            .find_map(|p| p.opponent_of(b))
                    });
                    assert_eq!(view.bye, bye);
                }
                assert_eq!(t.round(0), None);
                assert_eq!(t.round(t.round_count() + 1), None);
            }
        }
        let mut undrawn = drawn(4, Cycles::Single);
        undrawn.clear_draw().unwrap();
        assert_eq!((undrawn.round(1), undrawn.round_count()), (None, 0));
    }

    #[test]
    fn a_late_withdrawal_forfeits_only_the_rounds_after_it() {
        let mut t = drawn(6, Cycles::Single);
        for r in 1..=3 {
            for p in t.round(r).unwrap().games {
                t.record(r, p.red, p.black, vec![Outcome::Draw]).unwrap();
            }
        }
        assert_eq!(
            t.counted_results().len(),
            9,
            "nobody withdrew: only the games played"
        );
        t.withdraw(2, 3).unwrap();
        let counted = t.counted_results();
        // Rounds 4 and 5: entrant 2's two games are forfeits (20.3), nothing else is added.
        let forfeits: Vec<&MatchRecord> = counted.iter().filter(|m| m.round > 3).collect();
        assert_eq!(forfeits.len(), 2);
        assert!(forfeits.iter().all(|m| m.red == 2 || m.black == 2));
        assert!(forfeits.iter().all(|m| m.games[0] != Outcome::Draw));
    }
}
