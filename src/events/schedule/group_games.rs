//! Groups + knockout scored as games (Xiangqi 1/½/0 or 2/1/0, or win/draw/loss): each
//! group is a round-robin event of its own, ranked by that scoring's tie-breaks (15.1), and its
//! places fill the crossover knockout (A1–B2, B1–A2, …), whose matches need a winner.

use super::fixtures::{group_letter, snake_groups, Phase};
use super::model::{Format, Problem};
use super::results::Winner;
use super::scoring::{EventError, EventScoring};
use super::seats::fill_seats;
use crate::events::round_robin::{Competition, Cycles, Outcome, Tournament};
use crate::events::Entrant;
use crate::lang::{Lang, Say};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// A game result entered for one fixture, seen from its first-named side (Red, 13.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedGame {
    /// Fixture index.
    pub fixture: usize,
    /// The outcome.
    pub outcome: Outcome,
}

/// Why a game result cannot be entered for a fixture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameEntryError {
    /// No such fixture.
    UnknownFixture(usize),
    /// A knockout match must have a winner: a draw (or both absent) is replayed or decided by a
    /// deciding game before it is entered.
    KnockoutNeedsWinner(usize),
    /// The knockout match's players are not known yet.
    SeatsOpen(usize),
}

impl fmt::Display for GameEntryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.say(Lang::En))
    }
}

impl std::error::Error for GameEntryError {}

/// The winner of a decided game: `None` for a draw or a double forfeit.
fn winner(o: Outcome) -> Option<Winner> {
    match o {
        Outcome::FirstWins | Outcome::FirstByForfeit => Some(Winner::A),
        Outcome::SecondWins | Outcome::SecondByForfeit => Some(Winner::B),
        Outcome::Draw | Outcome::DoubleForfeit => None,
    }
}

/// Each group as a round-robin event named after its letter: its members numbered in seeding order,
/// so group fixture (round r, a, b) is pairing (r + 1, a + 1, b + 1) of the group's Berger table,
/// with `games` recorded and the scoring's tie-breaks. Refused for table tennis and round robins.
///
/// ```
/// use xiangqi_club::events::round_robin::Outcome;
/// use xiangqi_club::events::schedule::{group_events, Format, Problem, SavedGame};
/// use xiangqi_club::events::schedule::EventScoring;
/// let mut p = Problem::round_robin(8, 4, 2, 90, 15, false);
/// p.format = Format::GroupsKnockout { groups: 2 };
/// let games = [SavedGame { fixture: 0, outcome: Outcome::Draw }];
/// let groups = group_events(&p, EventScoring::Xiangqi, &games).unwrap();
/// assert_eq!(groups.len(), 2);
/// assert_eq!(groups[0].counted_results().len(), 1);
/// ```
pub fn group_events(
    p: &Problem,
    scoring: EventScoring,
    games: &[SavedGame],
) -> Result<Vec<Tournament>, EventError> {
    let points = scoring.points().ok_or(EventError::NotGameScoring)?;
    let Format::GroupsKnockout { groups } = p.format else {
        return Err(EventError::NotGroups);
    };
    let members = snake_groups(p.entrants.len(), groups);
    let mut events = Vec::with_capacity(groups);
    for (g, m) in members.iter().enumerate() {
        let name = group_letter(g).to_string();
        let mut t = Tournament::new(&name, Competition::Individual, Cycles::Single, points)?;
        for &e in m {
            t.add_entrant(Entrant::new(&p.entrants[e], 0))?;
        }
        t.set_numbers(&(1..=m.len()).collect::<Vec<_>>())?;
        if let Some(tb) = scoring.tiebreaks() {
            t.set_tiebreaks(tb)?;
        }
        events.push(t);
    }
    let fixtures = p.fixtures();
    for r in games {
        let Some(f) = fixtures.get(r.fixture) else {
            continue;
        };
        let (Phase::Group { group, round }, Some((a, b))) = (&f.stage, f.entrants()) else {
            continue;
        };
        let local = |e: usize| members[*group].iter().position(|&x| x == e).map(|i| i + 1);
        if let (Some(red), Some(black)) = (local(a), local(b)) {
            events[*group].record(round + 1, red, black, vec![r.outcome])?;
        }
    }
    Ok(events)
}

/// Seat name → entrant ("A1", "W SF1", …) for a game-scored groups + knockout event: a group's
/// places once all its games have results (in the order of its standings; a shared place keeps
/// pairing order), then each knockout match's winner and loser.
pub fn game_seat_holders(
    p: &Problem,
    scoring: EventScoring,
    games: &[SavedGame],
) -> BTreeMap<String, usize> {
    let Ok(events) = group_events(p, scoring, games) else {
        return BTreeMap::new();
    };
    let Format::GroupsKnockout { groups } = p.format else {
        return BTreeMap::new();
    };
    let members = snake_groups(p.entrants.len(), groups);
    let fixtures = p.fixtures();
    let outcome = |i: usize| games.iter().find(|g| g.fixture == i).map(|g| g.outcome);
    let order = |g: usize| {
        let complete = fixtures.iter().enumerate().all(|(i, f)| {
            !matches!(f.stage, Phase::Group { group, .. } if group == g) || outcome(i).is_some()
        });
        complete.then(|| {
            events[g]
                .standings()
                .rows
                .iter()
                .map(|row| members[g][row.entrant - 1])
                .collect()
        })
    };
    fill_seats(p, order, |i| outcome(i).and_then(winner))
}

/// Enters (or with `None` clears) the result of `fixture` in `games`: any game outcome in a group,
/// a decided one in the knockout once both players are known.
pub fn enter_game(
    p: &Problem,
    scoring: EventScoring,
    games: &mut Vec<SavedGame>,
    fixture: usize,
    outcome: Option<Outcome>,
) -> Result<(), GameEntryError> {
    let fixtures = p.fixtures();
    let f = fixtures
        .get(fixture)
        .ok_or(GameEntryError::UnknownFixture(fixture))?;
    if let (Some(o), Phase::Knockout { .. }) = (outcome, &f.stage) {
        if winner(o).is_none() {
            return Err(GameEntryError::KnockoutNeedsWinner(fixture));
        }
        let seats = game_seat_holders(p, scoring, games);
        let known = |side: &super::fixtures::Contender| match side {
            super::fixtures::Contender::Entrant(_) => true,
            super::fixtures::Contender::Seat(s) => seats.contains_key(s),
        };
        if !known(&f.a) || !known(&f.b) {
            return Err(GameEntryError::SeatsOpen(fixture));
        }
    }
    games.retain(|g| g.fixture != fixture);
    if let Some(outcome) = outcome {
        games.push(SavedGame { fixture, outcome });
        games.sort_by_key(|g| g.fixture);
    }
    Ok(())
}
