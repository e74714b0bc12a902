//! How an event's matches are scored, one choice for both views (rounds and timetable): Xiangqi
//! games (1/½/0 by rule 14.1, or 2/1/0) with the 1999 tie-breaks, Xiangqi team matches (boards
//! by 12.1, colours by 13.2, match points by 14.2, tie-breaks by 15.3), table-tennis matches
//! (best of 3/5/7 to 11, ITTF tie-break among the tied), or a plain win/draw/loss.

mod words;

use super::{BestOf, Format, MatchScore, ParseScoreError, Problem};
use crate::events::round_robin::{
    BoardOrder, Competition, Cycles, Outcome, ParseOutcomeError, Scoring, TieBreak, Tournament,
    TournamentError,
};
use crate::events::Entrant;
use crate::lang::{Lang, Say};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The scoring of an event.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EventScoring {
    /// Table tennis: games to 11 won by 2; league points 2/1/0 (walkover loss 0).
    #[default]
    TableTennis,
    /// Xiangqi, win 1, draw ½, loss 0 (14.1), tie-breaks of 15.1.
    Xiangqi,
    /// Xiangqi, win 2, draw 1, loss 0, tie-breaks of 15.1.
    #[serde(rename = "xiangqi-2-1-0")]
    Xiangqi210,
    /// Any other game: win 2, draw 1, loss 0, ties split by the direct encounter only.
    WinDrawLoss,
    /// Xiangqi team matches: every entrant a team, each match played on a number of boards in
    /// the registered order (12.1), board games 1/½/0 (14.1) adding up to match points 2/1/0
    /// (14.2), tie-breaks of 15.3.
    XiangqiTeam,
}

/// A result typed for one match, checked against the event's scoring.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchResult {
    /// A game outcome (Xiangqi or win/draw/loss), first-named side's view.
    Game(Outcome),
    /// A table-tennis match score.
    Rally(MatchScore),
    /// A team match: one outcome per board, board 1 first, first-named team's view.
    Boards(Vec<Outcome>),
}

/// Why a typed result was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResultError {
    /// Not a game outcome.
    Outcome(ParseOutcomeError),
    /// Not a valid table-tennis score.
    Score(ParseScoreError),
    /// A board of a team match (1-based) is not a game outcome.
    Board(usize, ParseOutcomeError),
}

impl EventScoring {
    /// Every scoring, in the order offered.
    pub const ALL: [EventScoring; 5] = [
        EventScoring::Xiangqi,
        EventScoring::Xiangqi210,
        EventScoring::XiangqiTeam,
        EventScoring::TableTennis,
        EventScoring::WinDrawLoss,
    ];

    /// The key used in files, the CLI (`--scoring`) and the page's select.
    pub const fn key(self) -> &'static str {
        match self {
            EventScoring::TableTennis => "table-tennis",
            EventScoring::Xiangqi => "xiangqi",
            EventScoring::Xiangqi210 => "xiangqi-2-1-0",
            EventScoring::WinDrawLoss => "win-draw-loss",
            EventScoring::XiangqiTeam => "xiangqi-team",
        }
    }

    /// Whether entrants are teams and each match is played on several boards (article 12).
    pub fn is_team(self) -> bool {
        self == EventScoring::XiangqiTeam
    }

    /// Whether results are game outcomes kept by a round-robin [`Tournament`](crate::events::round_robin::Tournament).
    pub fn is_game(self) -> bool {
        self != EventScoring::TableTennis
    }

    /// The points scheme of a game scoring (`None` for table tennis).
    pub fn points(self) -> Option<Scoring> {
        match self {
            EventScoring::TableTennis => None,
            EventScoring::Xiangqi | EventScoring::XiangqiTeam => Some(Scoring::CLASSIC),
            EventScoring::Xiangqi210 | EventScoring::WinDrawLoss => Some(Scoring::TWO_ONE_ZERO),
        }
    }

    /// The tie-breaks of a game scoring: the 1999 rules' for Xiangqi, the direct encounter else.
    pub fn tiebreaks(self) -> Option<Vec<TieBreak>> {
        match self {
            EventScoring::TableTennis => None,
            EventScoring::WinDrawLoss => Some(vec![TieBreak::DirectEncounter]),
            _ => None,
        }
    }

    /// Reads a typed result: `1-0`, `½`, `和`, `+/-` for games; one outcome a board for a team
    /// match (`1 ½ 0 +`, also `1-0 和 0-1 +/-`; the count is checked by the event);
    /// `11-7 9-11 11-5` or `W/O A` for table tennis (best of `best_of`).
    pub fn parse_result(self, best_of: BestOf, text: &str) -> Result<MatchResult, ResultError> {
        if self.is_team() {
            text.split(|c: char| c.is_whitespace() || matches!(c, ',' | '，' | '、' | ';' | '；'))
                .filter(|t| !t.is_empty())
                .enumerate()
                .map(|(i, t)| board_outcome(t).map_err(|e| ResultError::Board(i + 1, e)))
                .collect::<Result<Vec<_>, _>>()
                .map(MatchResult::Boards)
        } else if self.is_game() {
            text.parse::<Outcome>()
                .map(MatchResult::Game)
                .map_err(ResultError::Outcome)
        } else {
            MatchScore::parse(best_of, text)
                .map(MatchResult::Rally)
                .map_err(ResultError::Score)
        }
    }
}

/// One board of a team match as typed: `1`, `½`, `0`, `+` and `-` (21.4) besides every way
/// [`Outcome`] reads (`1-0`, `和`, `+/-`, …).
fn board_outcome(token: &str) -> Result<Outcome, ParseOutcomeError> {
    match token {
        "1" => Ok(Outcome::FirstWins),
        "0" => Ok(Outcome::SecondWins),
        "+" => Ok(Outcome::FirstByForfeit),
        "-" => Ok(Outcome::SecondByForfeit),
        t => t.parse(),
    }
}

/// Why a timetable cannot carry a game-scored event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EventError {
    /// Game scorings keep results in a round robin; groups + knockout are scored as table tennis.
    NotRoundRobin,
    /// Table tennis keeps its results with the timetable, not in a round-robin event.
    NotGameScoring,
    /// The round-robin event refused the entrants or settings.
    Tournament(TournamentError),
    /// Group events exist only for a groups + knockout format.
    NotGroups,
    /// Boards and rosters belong to the team scoring only.
    NotTeamScoring,
    /// A team event is made with its boards and rosters ([`EventScoring::team_event_for`]).
    TeamsNeedBoards,
}

impl fmt::Display for EventError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.say(Lang::En))
    }
}

impl std::error::Error for EventError {}

impl From<TournamentError> for EventError {
    fn from(e: TournamentError) -> EventError {
        EventError::Tournament(e)
    }
}

impl EventScoring {
    /// The round-robin event (rounds view) of a timetable problem: the same entrants numbered as
    /// listed, so fixture `(round r, a, b)` is pairing `(r + 1, a + 1, b + 1)` of its Berger table.
    pub fn event_for(self, p: &Problem, name: &str) -> Result<Tournament, EventError> {
        let points = self.points().ok_or(EventError::NotGameScoring)?;
        if self.is_team() {
            return Err(EventError::TeamsNeedBoards);
        }
        let cycles = match p.format {
            Format::RoundRobin { double: false } => Cycles::Single,
            Format::RoundRobin { double: true } => Cycles::Double,
            Format::GroupsKnockout { .. } => return Err(EventError::NotRoundRobin),
        };
        let mut t = Tournament::new(name, Competition::Individual, cycles, points)?;
        for n in &p.entrants {
            t.add_entrant(Entrant::new(n, 0))?;
        }
        self.number_and_break_ties(t, p)
    }

    /// The rounds view of a timetable of team matches on `boards` boards: team `i` of the problem
    /// with the players of `rosters[i]` in registered order, put on boards by `order` (12.1,
    /// 12.2 or 12.3; an empty roster is allowed, the boards are then unnamed). The first-named
    /// team of a fixture plays Red on the odd boards (13.2).
    pub fn team_event_for(
        self,
        p: &Problem,
        name: &str,
        boards: usize,
        order: BoardOrder,
        rosters: &[Vec<String>],
    ) -> Result<Tournament, EventError> {
        let points = self.points().ok_or(EventError::NotGameScoring)?;
        if !self.is_team() {
            return Err(EventError::NotTeamScoring);
        }
        let cycles = match p.format {
            Format::RoundRobin { double: false } => Cycles::Single,
            Format::RoundRobin { double: true } => Cycles::Double,
            Format::GroupsKnockout { .. } => return Err(EventError::NotRoundRobin),
        };
        let format = Competition::Team { boards, order };
        let mut t = Tournament::new(name, format, cycles, points)?;
        for (i, n) in p.entrants.iter().enumerate() {
            let mut e = Entrant::new(n, 0);
            e.members = rosters.get(i).cloned().unwrap_or_default();
            t.add_entrant(e)?;
        }
        t.validate()?;
        self.number_and_break_ties(t, p)
    }

    fn number_and_break_ties(
        self,
        mut t: Tournament,
        p: &Problem,
    ) -> Result<Tournament, EventError> {
        let order: Vec<usize> = (1..=p.entrants.len()).collect();
        t.set_numbers(&order)?;
        if let Some(tb) = self.tiebreaks() {
            t.set_tiebreaks(tb)?;
        }
        Ok(t)
    }
}

/// The board orders of article 12 with their keys (files, `--board-order`, the page's select).
pub const BOARD_ORDERS: [(BoardOrder, &str); 3] = [
    (BoardOrder::Fixed, "fixed"),
    (BoardOrder::Substitutes, "substitutes"),
    (BoardOrder::ChosenPerMatch, "per-match"),
];

/// The key of a board order: `fixed` (12.1), `substitutes` (12.2) or `per-match` (12.3).
pub fn board_order_key(order: BoardOrder) -> &'static str {
    BOARD_ORDERS
        .iter()
        .find(|(o, _)| *o == order)
        .map_or("fixed", |(_, k)| k)
}

/// The board order of a key (see [`board_order_key`]), `None` for anything else.
pub fn board_order_from_key(key: &str) -> Option<BoardOrder> {
    BOARD_ORDERS
        .iter()
        .find(|(_, k)| *k == key.trim())
        .map(|(o, _)| *o)
}

impl fmt::Display for EventScoring {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// A `--scoring` value that names no scoring.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownScoring(pub String);

impl fmt::Display for UnknownScoring {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown scoring `{}` (use xiangqi, xiangqi-2-1-0, xiangqi-team, table-tennis or win-draw-loss)",
            self.0
        )
    }
}

impl std::error::Error for UnknownScoring {}

impl FromStr for EventScoring {
    type Err = UnknownScoring;
    fn from_str(s: &str) -> Result<EventScoring, UnknownScoring> {
        EventScoring::ALL
            .into_iter()
            .find(|k| k.key() == s.trim())
            .ok_or_else(|| UnknownScoring(s.to_string()))
    }
}

impl fmt::Display for ResultError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.say(Lang::En))
    }
}

impl std::error::Error for ResultError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xiangqi_results_are_games_and_table_tennis_results_are_rallies() {
        let five = BestOf::new(5).unwrap();
        let x = EventScoring::Xiangqi;
        assert_eq!(
            x.parse_result(five, "1-0"),
            Ok(MatchResult::Game(Outcome::FirstWins))
        );
        assert_eq!(
            x.parse_result(five, "和"),
            Ok(MatchResult::Game(Outcome::Draw))
        );
        assert_eq!(
            x.parse_result(five, "1/2"),
            Ok(MatchResult::Game(Outcome::Draw))
        );
        assert_eq!(
            x.parse_result(five, "+/-"),
            Ok(MatchResult::Game(Outcome::FirstByForfeit))
        );
        let e = x.parse_result(five, "11-7").unwrap_err();
        assert!(e.say(Lang::Zh).contains("无法识别"), "{}", e.say(Lang::Zh));
        let t = EventScoring::TableTennis;
        assert!(matches!(
            t.parse_result(five, "11-7 11-5 11-3"),
            Ok(MatchResult::Rally(_))
        ));
        assert!(t.parse_result(five, "1-0").is_err());
    }

    #[test]
    fn keys_round_trip() {
        for s in EventScoring::ALL {
            assert_eq!(s.key().parse::<EventScoring>(), Ok(s));
            assert_eq!(
                serde_json::to_string(&s).unwrap(),
                format!("\"{}\"", s.key())
            );
        }
        assert!("chess".parse::<EventScoring>().is_err());
        assert!(EventScoring::Xiangqi.key().contains("xiangqi"));
    }
}
