//! Who is entered in an event (a player, a pair or a team) and what the arbiter recorded about
//! them: one type for the round robin, the Swiss and the schedule. A Swiss keeps its pairing
//! record beside it ([`crate::events::swiss::PairingCard`]); everything else is derived.

use serde::{Deserialize, Serialize};

/// One entrant: a player, or a team with its registered players.
///
/// A team's players are two lists, names and ratings, so that a round robin (whose players have
/// no rating) is written exactly as before ratings existed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entrant {
    /// Display name.
    pub name: String,
    /// Rating (0 when unrated): orders a Swiss's pairing numbers before round 1.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub rating: u32,
    /// Team players in registered board order (12.1); empty for an individual entrant.
    #[serde(default)]
    pub members: Vec<String>,
    /// The ratings of `members`, in the same order; empty when none is rated.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub member_ratings: Vec<u32>,
    /// Fouls (犯规) recorded by the arbiter: the last tie-break of 15.1–15.4.
    #[serde(default)]
    pub fouls: u32,
    /// Warnings under 18.1.
    #[serde(default)]
    pub warnings: u32,
    /// Game disqualifications under 18.2.
    #[serde(default)]
    pub disqualifications: u32,
    /// Withdrew (20.3, 20.4) or was expelled (18.3) after this many rounds; `Some(0)` before
    /// round 1. Past results stand or are annulled as the event's rules say.
    #[serde(default)]
    pub withdrawn_after: Option<usize>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl Entrant {
    /// A new entrant with a clean record; the name is trimmed.
    pub fn new(name: impl AsRef<str>, rating: u32) -> Entrant {
        Entrant {
            name: name.as_ref().trim().to_string(),
            rating,
            ..Entrant::default()
        }
    }

    /// A team with its registered players, `(name, rating)` in board order (12.1); its rating is
    /// the mean of the rated players among the first `boards`, so teams are numbered by strength.
    pub fn team(name: impl AsRef<str>, players: Vec<(String, u32)>, boards: usize) -> Entrant {
        let rated: Vec<u32> = players
            .iter()
            .take(boards)
            .map(|p| p.1)
            .filter(|&r| r > 0)
            .collect();
        let rating = match rated.len() {
            0 => 0,
            n => rated.iter().sum::<u32>() / n as u32,
        };
        let (members, ratings): (Vec<String>, Vec<u32>) = players.into_iter().unzip();
        Entrant {
            members,
            member_ratings: if ratings.iter().any(|&r| r > 0) {
                ratings
            } else {
                Vec::new()
            },
            ..Entrant::new(name, rating)
        }
    }

    /// The rating of registered player `i` (0 when unrated).
    pub fn member_rating(&self, i: usize) -> u32 {
        self.member_ratings.get(i).copied().unwrap_or(0)
    }

    /// Whether the entrant has withdrawn (or was expelled).
    pub fn withdrawn(&self) -> bool {
        self.withdrawn_after.is_some()
    }

    /// Whether the arbiter disciplined this entrant (18.1 or 18.2), which counts under 18.4.
    pub fn is_disciplined(&self) -> bool {
        self.warnings > 0 || self.disqualifications > 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_team_is_rated_by_its_rated_players_on_the_boards() {
        let p = |n: &str, r| (n.to_string(), r);
        let t = Entrant::team(
            "红队",
            vec![p("甲", 2000), p("乙", 0), p("丙", 1800), p("丁", 1000)],
            3,
        );
        assert_eq!(t.rating, 1900);
        assert_eq!(t.members, ["甲", "乙", "丙", "丁"]);
        assert_eq!(
            (t.member_rating(0), t.member_rating(1), t.member_rating(9)),
            (2000, 0, 0)
        );
        let unrated = Entrant::team("空", vec![p("甲", 0)], 1);
        assert_eq!((unrated.rating, unrated.member_ratings.len()), (0, 0));
    }

    #[test]
    fn an_entrant_without_ratings_is_written_as_before_ratings() {
        let e = Entrant::new(" 王 ", 0);
        assert_eq!(e.name, "王");
        let json = serde_json::to_string(&e).unwrap();
        assert_eq!(
            json,
            r#"{"name":"王","members":[],"fouls":0,"warnings":0,"disqualifications":0,"withdrawn_after":null}"#
        );
        assert_eq!(serde_json::from_str::<Entrant>(&json).unwrap(), e);
        let rated = Entrant::team("队", vec![("甲".into(), 1850)], 1);
        let back: Entrant = serde_json::from_str(&serde_json::to_string(&rated).unwrap()).unwrap();
        assert_eq!(back, rated);
        assert!(serde_json::from_str::<Entrant>(r#"{"name":"王","history":[]}"#).is_err());
    }

    #[test]
    fn withdrawal_and_discipline_are_read_from_the_record() {
        let mut e = Entrant::new("李", 1500);
        assert!(!e.withdrawn() && !e.is_disciplined());
        e.withdrawn_after = Some(0);
        e.warnings = 1;
        assert!(e.withdrawn() && e.is_disciplined());
    }
}
