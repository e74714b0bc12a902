//! Elo ratings as FIDE publishes them (FIDE Rating Regulations, effective 1 March 2024, with the
//! amendment of 8.3.1 effective 1 October 2025; handbook.fide.com, chapter B02):
//!
//! - 8.3.1/8.3.2: for each game against a rated opponent, `D` is the player's rating minus the
//!   opponent's, a difference over 400 counted as 400 for players rated below 2650; the score
//!   probability `PD` (table 8.1.2) is `1 / (1 + 10^(-D/400))`; the change is `K × Σ(score − PD)`,
//!   rounded to a whole number with 0.5 away from zero (8.3.4).
//! - 8.3.3: K is 40 until the player has completed 30 rated games, 20 while the rating stays
//!   under 2400, and 10 once the player has reached 2400 (for good).
//! - 7.1.4: a first rating is published once it rests on at least 5 games against rated
//!   opponents, pooled over events. 8.2: an unrated player's zero score in their first event is
//!   disregarded (8.2.1); the first rating is `Ra + dp`, `Ra` the average of the opponents'
//!   ratings with two hypothetical opponents rated 1800 drawn against (8.2.2), `dp` the rating
//!   difference whose probability is the player's percentage (the inverse of table 8.1.2's
//!   formula, ±800 at 100 % and 0 %, table 8.1.1), at most 2200 (8.2.3).
//!
//! FIDE prints the formula as tables rounded to two decimals; this module uses the formula
//! itself, so a change can differ from a hand calculation with the tables by a fraction of a point.
//! Only games against rated opponents count (8.3.1: "each game played against a rated player");
//! an unrated player's games wait until there are enough of them. Left out, as a club has no use
//! for them: the junior K of 40, the cap `K × n ≤ 700` per rating period, and the 1400 floor.

use serde::{Deserialize, Serialize};

/// The difference counted at most (8.3.1).
pub const CAP: i32 = 400;
/// The rating from which the whole difference counts, uncapped (8.3.1 from 1 October 2025).
pub const UNCAPPED: i32 = 2650;
/// Games against rated opponents a first rating needs (7.1.4).
pub const FIRST_RATING_GAMES: usize = 5;
/// The rating of the two hypothetical opponents of a first rating (8.2.2).
pub const HYPOTHETICAL: i32 = 1800;
/// The highest first rating (8.2.3).
pub const MAX_FIRST_RATING: i32 = 2200;
/// Games after which K drops from 40 (8.3.3).
pub const NEW_PLAYER_GAMES: u32 = 30;
/// The rating from which K is 10 (8.3.3).
pub const MASTER: i32 = 2400;

/// A game's score for the player: won, drawn or lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Score {
    /// 1 point.
    Win,
    /// ½ point.
    Draw,
    /// 0 points.
    Loss,
}

impl Score {
    /// The points: 1, 0.5 or 0.
    pub fn points(self) -> f64 {
        match self {
            Score::Win => 1.0,
            Score::Draw => 0.5,
            Score::Loss => 0.0,
        }
    }
    /// The same game seen by the opponent.
    pub fn flipped(self) -> Score {
        match self {
            Score::Win => Score::Loss,
            Score::Draw => Score::Draw,
            Score::Loss => Score::Win,
        }
    }
}

/// One game as the rating sees it: the opponent (name kept so a change can be traced) and score.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Game {
    /// The opponent's name as the event wrote it.
    pub opponent: String,
    /// The opponent's rating before the event; `None` when unrated.
    pub opponent_rating: Option<i32>,
    /// The player's score.
    pub score: Score,
}

/// A player's rating state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    /// The published rating; `None` while unrated.
    pub rating: Option<i32>,
    /// Rated games completed (for the K of 8.3.3).
    pub games: u32,
    /// Whether the rating has ever reached 2400 (K stays 10, 8.3.3).
    pub reached_master: bool,
}

/// The K factor of 8.3.3 for a rated player.
pub fn k_factor(s: &Standing) -> u32 {
    let rating = s.rating.unwrap_or(0);
    if s.reached_master || rating >= MASTER {
        10
    } else if s.games < NEW_PLAYER_GAMES {
        40
    } else {
        20
    }
}

/// The expected score of a player rated `own` against `opponent`, the difference capped at 400
/// for a player rated below 2650.
pub fn expected(own: i32, opponent: i32) -> f64 {
    let d = own - opponent;
    let d = if own < UNCAPPED {
        d.clamp(-CAP, CAP)
    } else {
        d
    } as f64;
    1.0 / (1.0 + 10f64.powf(-d / 400.0))
}

/// The rating difference whose expected score is `p` (the inverse of [`expected`]), ±800 at the
/// ends as FIDE's table 8.1.1 gives.
pub fn dp(p: f64) -> f64 {
    if p >= 1.0 {
        800.0
    } else if p <= 0.0 {
        -800.0
    } else {
        (400.0 * (p / (1.0 - p)).log10()).clamp(-800.0, 800.0)
    }
}

/// What one event did to one player's rating: enough to trace the change to its games.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Change {
    /// The event (or `#/play` game) that caused it.
    pub event: String,
    /// Its date as the organiser wrote it (may be empty).
    pub date: String,
    /// The rating before; `None` for a first rating.
    pub before: Option<i32>,
    /// The rating after; `None` while still unrated (the games wait, see `pending`).
    pub after: Option<i32>,
    /// The K used (0 for a first rating).
    pub k: u32,
    /// The games that counted.
    pub games: Vec<Game>,
}

impl Change {
    /// The games that counted, as a rating list traces them: `name (rating) 1; name (-) ½`.
    pub fn games_text(&self) -> String {
        self.games
            .iter()
            .map(|g| {
                let score = match g.score {
                    Score::Win => "1",
                    Score::Draw => "½",
                    Score::Loss => "0",
                };
                let rating = g.opponent_rating.map_or("-".into(), |r| r.to_string());
                format!("{} ({rating}) {score}", g.opponent)
            })
            .collect::<Vec<_>>()
            .join("; ")
    }
}

/// The outcome of rating one player's games of one event.
#[derive(Clone, Debug, PartialEq)]
pub struct Rated {
    /// The player's new state.
    pub standing: Standing,
    /// The record of the change (empty `games` when nothing counted).
    pub change: Change,
    /// An unrated player's games against rated opponents still waiting for a first rating.
    pub pending: Vec<Game>,
}

/// Rates one player's games of one event. `pending` holds an unrated player's earlier games
/// against rated opponents; the opponents' ratings are those before the event.
pub fn rate(
    standing: Standing,
    pending: &[Game],
    games: &[Game],
    event: &str,
    date: &str,
) -> Rated {
    let counted: Vec<Game> = games
        .iter()
        .filter(|g| g.opponent_rating.is_some())
        .cloned()
        .collect();
    let mut change = Change {
        event: event.to_string(),
        date: date.to_string(),
        before: standing.rating,
        after: standing.rating,
        k: 0,
        games: counted.clone(),
    };
    match standing.rating {
        Some(r) => {
            let k = k_factor(&standing);
            let sum: f64 = counted
                .iter()
                .map(|g| g.score.points() - expected(r, g.opponent_rating.unwrap_or(r)))
                .sum();
            let after = r + (k as f64 * sum).round() as i32;
            let games = standing.games + counted.len() as u32;
            change.after = Some(after);
            change.k = k;
            Rated {
                standing: Standing {
                    rating: Some(after),
                    games,
                    reached_master: standing.reached_master || after >= MASTER,
                },
                change,
                pending: Vec::new(),
            }
        }
        None => {
            // 8.2.1: a zero score in the first event is disregarded.
            if pending.is_empty() && counted.iter().all(|g| g.score == Score::Loss) {
                change.games.clear();
                return Rated {
                    standing,
                    change,
                    pending: Vec::new(),
                };
            }
            let mut all: Vec<Game> = pending.to_vec();
            all.extend(counted);
            match first_rating(&all) {
                Some(first) => {
                    change.after = Some(first);
                    change.games = all.clone();
                    Rated {
                        standing: Standing {
                            rating: Some(first),
                            games: all.len() as u32,
                            reached_master: first >= MASTER,
                        },
                        change,
                        pending: Vec::new(),
                    }
                }
                None => Rated {
                    standing,
                    change,
                    pending: all,
                },
            }
        }
    }
}

/// A first rating from games against rated opponents (8.2): `None` with fewer than 5 (7.1.4).
pub fn first_rating(games: &[Game]) -> Option<i32> {
    let rated: Vec<(i32, f64)> = games
        .iter()
        .filter_map(|g| Some((g.opponent_rating?, g.score.points())))
        .collect();
    if rated.len() < FIRST_RATING_GAMES {
        return None;
    }
    // Two hypothetical draws against 1800 (8.2.2).
    let n = rated.len() as f64 + 2.0;
    let average = (rated.iter().map(|g| g.0 as f64).sum::<f64>() + 2.0 * HYPOTHETICAL as f64) / n;
    let p = (rated.iter().map(|g| g.1).sum::<f64>() + 1.0) / n;
    Some(((average + dp(p)).round() as i32).min(MAX_FIRST_RATING))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(opponent_rating: i32, score: Score) -> Game {
        Game {
            opponent: format!("{opponent_rating}"),
            opponent_rating: Some(opponent_rating),
            score,
        }
    }

    fn rated(rating: i32, games: u32) -> Standing {
        Standing {
            rating: Some(rating),
            games,
            reached_master: false,
        }
    }

    // Every expected value below is worked by hand from the formula behind table 8.1.2,
    // E = 1/(1+10^(-D/400)); K by 8.3.3, rounding by 8.3.4.

    #[test]
    fn expected_score_follows_the_formula() {
        // D = 0: ½. D = 100: 1/(1+10^-0.25) = 1/1.56234 = 0.64006.
        assert!((expected(2000, 2000) - 0.5).abs() < 1e-12);
        assert!((expected(2000, 1900) - 0.64006).abs() < 1e-5);
        assert!((expected(1900, 2000) - 0.35994).abs() < 1e-5);
        // FIDE's table 8.1.2 gives .64/.36 for D = 99..106: the formula agrees.
    }

    #[test]
    fn a_difference_over_400_counts_as_400() {
        // 8.3.1: D = 600 is counted as 400, E = 1/(1+10^-1) = 10/11 = 0.90909.
        assert!((expected(2000, 1400) - 10.0 / 11.0).abs() < 1e-12);
        assert_eq!(expected(2000, 1400), expected(2000, 1600));
        assert!((expected(1400, 2000) - 1.0 / 11.0).abs() < 1e-12);
        // A 2000 player (K 20) beating a 1400: 20 × (1 − 0.90909) = 1.82, so +2 (uncapped it
        // would be 20 × (1 − 0.96934) = 0.61, +1).
        let r = rate(rated(2000, 50), &[], &[g(1400, Score::Win)], "Club", "");
        assert_eq!(r.standing.rating, Some(2002));
    }

    #[test]
    fn k_factor_by_the_rule() {
        assert_eq!(k_factor(&rated(1600, 0)), 40);
        assert_eq!(k_factor(&rated(2300, 29)), 40);
        assert_eq!(k_factor(&rated(2300, 30)), 20);
        assert_eq!(k_factor(&rated(2399, 200)), 20);
        assert_eq!(k_factor(&rated(2400, 200)), 10);
        // Once 2400 was reached, K stays 10 below it.
        let fallen = Standing {
            rating: Some(2380),
            games: 200,
            reached_master: true,
        };
        assert_eq!(k_factor(&fallen), 10);
    }

    #[test]
    fn an_event_of_a_rated_player() {
        // A player rated 2000 with 40 games (K 20) scores 2½ of 4 (beats the 1900, draws with 2100, 2000 and 2250):
        // E = 0.64006 + 0.35994 + 0.5 + 0.19168 (D = −250: 1/(1+10^0.625) = 1/5.21697) = 1.69168.
        // ΔR = 20 × (2.5 − 1.69168) = 16.17, so 2016.
        let games = [
            g(1900, Score::Win),
            g(2100, Score::Draw),
            g(2000, Score::Draw),
            g(2250, Score::Draw),
        ];
        let r = rate(rated(2000, 40), &[], &games, "Spring", "2026-04-01");
        assert_eq!(r.standing.rating, Some(2016));
        assert_eq!(r.standing.games, 44);
        assert_eq!(r.change.before, Some(2000));
        assert_eq!(r.change.after, Some(2016));
        assert_eq!(r.change.k, 20);
        assert_eq!(r.change.games, games.to_vec());
        // K 40 for a new player doubles it: 40 × 0.80832 = 32.33, so 2032.
        let r = rate(rated(2000, 3), &[], &games, "Spring", "");
        assert_eq!(r.standing.rating, Some(2032));
    }

    #[test]
    fn reaching_2400_sets_k_10_for_good() {
        // 2390, K 20, beats a 2390: 20 × ½ = 10, so 2400.
        let r = rate(rated(2390, 100), &[], &[g(2390, Score::Win)], "e", "");
        assert_eq!(r.standing.rating, Some(2400));
        assert!(r.standing.reached_master);
        // Then loses to a 2400: 10 × (0 − ½) = −5, 2395, K still 10.
        let r = rate(r.standing, &[], &[g(2400, Score::Loss)], "e", "");
        assert_eq!(r.standing.rating, Some(2395));
        assert_eq!(k_factor(&r.standing), 10);
    }

    #[test]
    fn unrated_opponents_do_not_count() {
        let games = [
            Game {
                opponent: "new".into(),
                opponent_rating: None,
                score: Score::Loss,
            },
            g(1800, Score::Draw),
        ];
        let r = rate(rated(1800, 50), &[], &games, "e", "");
        assert_eq!(r.standing.rating, Some(1800));
        assert_eq!(r.standing.games, 51);
        assert_eq!(r.change.games.len(), 1);
    }

    #[test]
    fn a_first_rating_from_five_games() {
        // 3 of 5 against 1700, 1800, 1900, 2000, 2100, with two hypothetical draws against 1800
        // (8.2.2): Ra = 13100 / 7 = 1871.43, p = 4 / 7 = 0.5714,
        // dp = 400 × log10(0.5714 / 0.4286) = 400 × log10(4/3) = 49.98: Ru = 1921.41, so 1921.
        let games = [
            g(1700, Score::Win),
            g(1800, Score::Loss),
            g(1900, Score::Win),
            g(2000, Score::Draw),
            g(2100, Score::Draw),
        ];
        assert_eq!(first_rating(&games), Some(1921));
        assert_eq!(first_rating(&games[..4]), None);
        // 5 of 5 against five 1500s: Ra = (7500 + 3600) / 7 = 1585.71, p = 6/7 = 0.857,
        // dp = 400 × log10(6) = 311.26: 1896.97, so 1897.
        assert_eq!(first_rating(&vec![g(1500, Score::Win); 5]), Some(1897));
    }

    #[test]
    fn an_unrated_players_games_wait_for_the_fifth() {
        let unrated = Standing::default();
        let first = [
            g(1700, Score::Win),
            g(1800, Score::Loss),
            g(1900, Score::Win),
        ];
        let r = rate(unrated, &[], &first, "A", "");
        assert_eq!(r.standing.rating, None);
        assert_eq!(r.change.after, None);
        assert_eq!(r.pending.len(), 3);
        let second = [g(2000, Score::Draw), g(2100, Score::Draw)];
        let r = rate(r.standing, &r.pending, &second, "B", "");
        assert_eq!(r.standing.rating, Some(1921));
        assert_eq!(r.standing.games, 5);
        assert_eq!(r.change.games.len(), 5);
        assert!(r.pending.is_empty());
    }

    #[test]
    fn dp_is_the_inverse_of_the_expected_score() {
        for d in [-350, -100, 0, 50, 300] {
            let p = expected(2000 + d, 2000);
            assert!((dp(p) - d as f64).abs() < 1e-9, "{d}");
        }
        assert_eq!(dp(1.0), 800.0);
        assert_eq!(dp(0.0), -800.0);
    }

    #[test]
    fn from_2650_the_whole_difference_counts() {
        // 8.3.1 as amended from 1 October 2025: a 2700 beating a 2200 (D = 500) expects
        // 1/(1+10^-1.25) = 0.94676, not the capped 10/11; K 10: +0.53, so +1, 2701.
        assert!((expected(2700, 2200) - 0.946_76).abs() < 1e-5);
        let r = rate(rated(2700, 500), &[], &[g(2200, Score::Win)], "e", "");
        assert_eq!(r.standing.rating, Some(2701));
        // Capped it would have been 10 × (1 − 0.90909) = 0.91, also +1; a draw shows the
        // difference: 10 × (0.5 − 0.94676) = −4.47, 2696 (capped: −4.09, 2696 too), a loss
        // −9.47, 2691 (capped: −9.09, 2691): so compare the expectation directly.
        assert!(expected(2700, 2200) > expected(2649, 2149));
        // The 2200 still has the cap: 1/11.
        assert!((expected(2200, 2700) - 1.0 / 11.0).abs() < 1e-12);
    }

    #[test]
    fn a_first_rating_is_at_most_2200() {
        // 5 of 5 against five 2100s: Ra = (10500 + 3600) / 7 = 2014.29, p = 6/7,
        // dp = 400 × log10(6) = 311.26: 2325.54, limited to 2200 (8.2.3).
        assert_eq!(first_rating(&vec![g(2100, Score::Win); 5]), Some(2200));
    }

    #[test]
    fn a_zero_score_in_the_first_event_is_disregarded() {
        // 8.2.1: five losses in the first event leave no trace; the next event starts afresh.
        let zero = vec![g(1900, Score::Loss); 5];
        let r = rate(Standing::default(), &[], &zero, "A", "");
        assert_eq!(r.standing, Standing::default());
        assert!(r.pending.is_empty());
        assert!(r.change.games.is_empty());
        // Once the player has games waiting, a later zero counts (only the first is set aside).
        let pending = [g(1800, Score::Draw)];
        let r = rate(Standing::default(), &pending, &zero[..4], "B", "");
        // 5 games: ½ of 5, Ra = (1800 + 4 × 1900 + 3600) / 7 = 1857.14, p = 1.5 / 7 = 0.2143,
        // dp = 400 × log10(0.2143 / 0.7857) = −225.7: 1631.
        assert_eq!(r.standing.rating, Some(1631));
    }
}
