//! Glicko-2 ratings for the player and for each puzzle (Glickman, "Example of the Glicko-2
//! system", 2013), computed by the `skillratings` crate: each attempt is one game between the
//! player and the puzzle, the puzzle winning when it is failed.
//!
//! Constants: τ = [`TAU`] (0.5, the paper's example value; Glickman advises 0.3–1.2), a new
//! player starts at [`DEFAULT_RATING`] 1500 with deviation [`DEFAULT_DEVIATION`] 350 and
//! volatility [`DEFAULT_VOLATILITY`] 0.06; a new puzzle starts at its seed rating
//! ([`seed_rating`](super::puzzle::seed_rating)) with deviation [`PUZZLE_DEVIATION`] 250.

use serde::{Deserialize, Serialize};
use skillratings::glicko2::{glicko2, glicko2_rating_period, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

/// The system constant τ: how fast volatility may change.
pub const TAU: f64 = 0.5;
/// A new player's rating.
pub const DEFAULT_RATING: f64 = 1500.0;
/// A new player's rating deviation.
pub const DEFAULT_DEVIATION: f64 = 350.0;
/// A new rating's volatility σ.
pub const DEFAULT_VOLATILITY: f64 = 0.06;
/// A new puzzle's rating deviation: its seed rating is an estimate, not a guess.
pub const PUZZLE_DEVIATION: f64 = 250.0;

/// A Glicko-2 rating on the usual (Elo-like) scale.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    /// The rating r.
    pub rating: f64,
    /// The rating deviation RD.
    pub deviation: f64,
    /// The volatility σ.
    pub volatility: f64,
}

impl Default for Rating {
    /// A new player: 1500, 350, 0.06.
    fn default() -> Rating {
        Rating {
            rating: DEFAULT_RATING,
            deviation: DEFAULT_DEVIATION,
            volatility: DEFAULT_VOLATILITY,
        }
    }
}

impl From<Rating> for Glicko2Rating {
    fn from(r: Rating) -> Glicko2Rating {
        Glicko2Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

impl From<Glicko2Rating> for Rating {
    fn from(r: Glicko2Rating) -> Rating {
        Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

fn config() -> Glicko2Config {
    Glicko2Config {
        tau: TAU,
        ..Glicko2Config::default()
    }
}

fn outcome(won: bool) -> Outcomes {
    if won {
        Outcomes::WIN
    } else {
        Outcomes::LOSS
    }
}

impl Rating {
    /// The player's and the puzzle's new ratings after one attempt (`solved` or not).
    pub fn after_attempt(self, puzzle: Rating, solved: bool) -> (Rating, Rating) {
        let (p, q) = glicko2(&self.into(), &puzzle.into(), &outcome(solved), &config());
        (p.into(), q.into())
    }

    /// The rating after a whole rating period of games (`true`: won), as in Glickman's paper.
    pub fn after_period(self, games: &[(Rating, bool)]) -> Rating {
        let results: Vec<(Glicko2Rating, Outcomes)> = games
            .iter()
            .map(|&(r, won)| (r.into(), outcome(won)))
            .collect();
        glicko2_rating_period(&self.into(), &results, &config()).into()
    }

    /// The rating as shown: rounded, with a `?` while still provisional (RD over 110, as lichess).
    pub fn shown(&self) -> String {
        let r = self.rating.round() as i64;
        if self.deviation > 110.0 {
            format!("{r}?")
        } else {
            r.to_string()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rated(rating: f64, deviation: f64) -> Rating {
        Rating {
            rating,
            deviation,
            ..Rating::default()
        }
    }

    /// Glickman, "Example of the Glicko-2 system" (glicko2.pdf, 2013): a 1500/200/0.06 player
    /// beats a 1400/30 player and loses to 1550/100 and 1700/300: r′ = 1464.06, RD′ = 151.52,
    /// σ′ = 0.05999 (τ = 0.5).
    #[test]
    fn glickmans_worked_example() {
        let player = rated(1500.0, 200.0);
        let after = player.after_period(&[
            (rated(1400.0, 30.0), true),
            (rated(1550.0, 100.0), false),
            (rated(1700.0, 300.0), false),
        ]);
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn solving_raises_the_player_and_lowers_the_puzzle() {
        let player = Rating::default();
        let puzzle = rated(1500.0, PUZZLE_DEVIATION);
        let (p, q) = player.after_attempt(puzzle, true);
        assert!(p.rating > 1500.0 && q.rating < 1500.0);
        assert!(p.deviation < DEFAULT_DEVIATION);
        let (p, q) = player.after_attempt(puzzle, false);
        assert!(p.rating < 1500.0 && q.rating > 1500.0);
    }

    #[test]
    fn shows_provisional_ratings_with_a_question_mark() {
        assert_eq!(Rating::default().shown(), "1500?");
        assert_eq!(rated(1623.4, 80.0).shown(), "1623");
    }
}
