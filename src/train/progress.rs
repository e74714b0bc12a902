//! The solver's progress as this browser keeps it: their Glicko-2 rating, each tried puzzle's
//! rating as their attempts moved it, the history of attempts and the best streak; and which
//! puzzle comes next (by rating, by theme, or rising for a streak). A versioned JSON value.

use super::puzzle::{Collection, Puzzle, Theme};
use super::rating::Rating;
use super::shard::{Index, ShardInfo};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// The saved form's version: a newer one is refused, never guessed at.
pub const PROGRESS_VERSION: u32 = 1;
/// The most attempts the history keeps (the oldest go first): about 60 bytes each.
pub const HISTORY_CAP: usize = 2000;

/// One attempt at a puzzle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tried {
    /// The puzzle's id.
    pub puzzle: String,
    /// Solved without a mistake, hint or the solution shown.
    pub solved: bool,
    /// The player's rating after it, rounded.
    pub rating: i32,
    /// When, in milliseconds since 1970.
    pub at_ms: u64,
}

/// What the trainer keeps between visits.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    /// [`PROGRESS_VERSION`].
    pub version: u32,
    /// The player's rating.
    pub player: Rating,
    /// The puzzles tried here, with their ratings after the attempts.
    #[serde(default)]
    pub puzzles: BTreeMap<String, Rating>,
    /// The attempts, oldest first, at most [`HISTORY_CAP`].
    #[serde(default)]
    pub history: Vec<Tried>,
    /// The longest streak run.
    #[serde(default)]
    pub best_streak: u32,
}

impl Default for Progress {
    fn default() -> Progress {
        Progress {
            version: PROGRESS_VERSION,
            player: Rating::default(),
            puzzles: BTreeMap::new(),
            history: Vec::new(),
            best_streak: 0,
        }
    }
}

/// Why saved progress cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProgressError {
    /// Not the JSON of the trainer's progress (serde's message).
    Json(String),
    /// Saved by a newer version of the app.
    NewerVersion(u32),
    /// A rating is not a finite number in 0..=4000 (deviation 0..=350 … the value is damaged).
    BadRating,
}

impl fmt::Display for ProgressError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProgressError::Json(e) => write!(f, "the trainer's progress is damaged: {e}"),
            ProgressError::NewerVersion(v) => write!(
                f,
                "the trainer's progress is version {v}, newer than this app reads ({PROGRESS_VERSION})"
            ),
            ProgressError::BadRating => write!(f, "a rating in the trainer's progress is damaged"),
        }
    }
}

impl std::error::Error for ProgressError {}

fn sane(r: &Rating) -> bool {
    (0.0..=4000.0).contains(&r.rating)
        && (0.0..=1000.0).contains(&r.deviation)
        && (0.0..=1.0).contains(&r.volatility)
}

impl Progress {
    /// Reads the saved value, refusing a newer version and damaged ratings.
    pub fn from_json(text: &str) -> Result<Progress, ProgressError> {
        #[derive(Deserialize)]
        struct Version {
            version: u32,
        }
        let v: Version =
            serde_json::from_str(text).map_err(|e| ProgressError::Json(e.to_string()))?;
        if v.version > PROGRESS_VERSION {
            return Err(ProgressError::NewerVersion(v.version));
        }
        let p: Progress =
            serde_json::from_str(text).map_err(|e| ProgressError::Json(e.to_string()))?;
        if !sane(&p.player) || !p.puzzles.values().all(sane) {
            return Err(ProgressError::BadRating);
        }
        Ok(p)
    }

    /// The saved form.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// The puzzle's rating: as attempts here moved it, else as shipped.
    pub fn rating_of(&self, puzzle: &Puzzle) -> Rating {
        self.puzzles
            .get(&puzzle.id)
            .copied()
            .unwrap_or_else(|| puzzle.glicko())
    }

    /// Whether the puzzle has been tried here.
    pub fn tried(&self, id: &str) -> bool {
        self.puzzles.contains_key(id)
    }

    /// Rates one attempt (Glicko-2, the player against the puzzle) and keeps it in the
    /// history; gives the player's rating change, rounded.
    pub fn record(&mut self, puzzle: &Puzzle, solved: bool, at_ms: u64) -> i32 {
        let before = self.player.rating;
        let (player, rated) = self.player.after_attempt(self.rating_of(puzzle), solved);
        self.player = player;
        self.puzzles.insert(puzzle.id.clone(), rated);
        self.history.push(Tried {
            puzzle: puzzle.id.clone(),
            solved,
            rating: player.rating.round() as i32,
            at_ms,
        });
        if self.history.len() > HISTORY_CAP {
            let extra = self.history.len() - HISTORY_CAP;
            self.history.drain(..extra);
        }
        (player.rating.round() - before.round()) as i32
    }
}

/// Whether a puzzle is offered under the chosen themes: any of them, or every puzzle when none.
pub fn matches(puzzle: &Puzzle, themes: &BTreeSet<Theme>) -> bool {
    themes.is_empty() || puzzle.themes.iter().any(|t| themes.contains(t))
}

/// The next puzzle to offer from `puzzles`: one under the chosen themes, not tried here and not
/// in `skip`, whose rating is nearest the player's. `None` when every such puzzle is used up.
pub fn next_for(
    puzzles: &[Puzzle],
    themes: &BTreeSet<Theme>,
    progress: &Progress,
    skip: &BTreeSet<String>,
) -> Option<usize> {
    let target = progress.player.rating;
    fresh(puzzles, themes, progress, skip).min_by(|&a, &b| {
        let da = (puzzles[a].rating - target).abs();
        let db = (puzzles[b].rating - target).abs();
        da.total_cmp(&db)
    })
}

/// The next puzzle of a streak: the easiest one rated above `last` (the previous puzzle's
/// rating; 0 to start) and not in `skip` (this streak's), so each is harder than the one
/// before; when none is harder, the hardest left. Puzzles tried before may come again: a streak
/// is a run, not a rating.
pub fn next_in_streak(
    puzzles: &[Puzzle],
    themes: &BTreeSet<Theme>,
    skip: &BTreeSet<String>,
    last: f64,
) -> Option<usize> {
    let by_rating = |a: &usize, b: &usize| puzzles[*a].rating.total_cmp(&puzzles[*b].rating);
    let fresh = || {
        (0..puzzles.len())
            .filter(|&i| matches(&puzzles[i], themes) && !skip.contains(&puzzles[i].id))
    };
    fresh()
        .filter(|&i| puzzles[i].rating > last)
        .min_by(by_rating)
        .or_else(|| fresh().max_by(by_rating))
}

/// The shard of `collection` to fetch next: one not fetched yet, holding a puzzle of the chosen
/// themes (any, when none is chosen), whose rating range is nearest `rating`.
pub fn shard_to_fetch<'a>(
    index: &'a Index,
    collection: Collection,
    themes: &BTreeSet<Theme>,
    rating: f64,
    fetched: &BTreeSet<String>,
) -> Option<&'a ShardInfo> {
    let distance = |s: &ShardInfo| {
        let (lo, hi) = (f64::from(s.min_rating), f64::from(s.max_rating));
        if rating < lo {
            lo - rating
        } else if rating > hi {
            rating - hi
        } else {
            0.0
        }
    };
    index
        .shards_of(collection)
        .filter(|s| !fetched.contains(&s.file))
        .filter(|s| themes.is_empty() || themes.iter().any(|t| s.themes.contains_key(t)))
        .min_by(|a, b| distance(a).total_cmp(&distance(b)))
}

fn fresh<'a>(
    puzzles: &'a [Puzzle],
    themes: &'a BTreeSet<Theme>,
    progress: &'a Progress,
    skip: &'a BTreeSet<String>,
) -> impl Iterator<Item = usize> + 'a {
    (0..puzzles.len()).filter(move |&i| {
        let p = &puzzles[i];
        matches(p, themes) && !progress.tried(&p.id) && !skip.contains(&p.id)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn puzzle(id: &str, rating: f64, themes: &[Theme]) -> Puzzle {
        let json = format!(
            r#"{{"id":"{id}","fen":"3k5/9/9/9/9/9/9/9/r7r/4K4 w - - 0 1","moves":["e0f0","a1a0"],"themes":[],"rating":{rating},"deviation":100,"source":{{"collection":"games"}}}}"#
        );
        let mut p = Puzzle::from_json(&json).unwrap_or_else(|e| panic!("{e}"));
        p.themes = themes.to_vec();
        p
    }

    #[test]
    fn progress_round_trips_and_a_newer_or_damaged_value_is_refused() {
        let mut p = Progress::default();
        let pz = puzzle("a", 1500.0, &[]);
        p.record(&pz, true, 1);
        let back = Progress::from_json(&p.to_json()).unwrap();
        // serde_json reads a float back to within its last bit.
        assert_eq!(back.history, p.history);
        assert!((back.player.rating - p.player.rating).abs() < 1e-9);
        assert!((back.puzzles["a"].deviation - p.puzzles["a"].deviation).abs() < 1e-9);
        let newer = p.to_json().replacen("\"version\":1", "\"version\":2", 1);
        assert_eq!(
            Progress::from_json(&newer),
            Err(ProgressError::NewerVersion(2))
        );
        assert!(matches!(
            Progress::from_json("{\"version\":1,\"player\":3}"),
            Err(ProgressError::Json(_))
        ));
        let bad = p.to_json().replacen("\"rating\":1", "\"rating\":-1", 1);
        assert_eq!(Progress::from_json(&bad), Err(ProgressError::BadRating));
    }

    #[test]
    fn a_solve_raises_the_rating_and_a_miss_lowers_it() {
        let mut p = Progress::default();
        let up = p.record(&puzzle("a", 1500.0, &[]), true, 1);
        assert!(up > 0, "{up}");
        assert!(p.tried("a"));
        let down = p.record(&puzzle("b", 1500.0, &[]), false, 2);
        assert!(down < 0, "{down}");
        assert_eq!(p.history.len(), 2);
        assert!(p.history[0].solved && !p.history[1].solved);
        // The puzzle that beat the player rose.
        assert!(p.rating_of(&puzzle("b", 1500.0, &[])).rating > 1500.0);
    }

    #[test]
    fn the_history_keeps_its_cap() {
        let mut p = Progress::default();
        let pz = puzzle("a", 1500.0, &[]);
        for i in 0..HISTORY_CAP + 5 {
            p.record(&pz, i % 2 == 0, i as u64);
        }
        assert_eq!(p.history.len(), HISTORY_CAP);
        assert_eq!(p.history[0].at_ms, 5);
    }

    #[test]
    fn the_next_puzzle_is_the_nearest_rating_under_the_chosen_themes() {
        let all = vec![
            puzzle("low", 900.0, &[Theme::Fork]),
            puzzle("near", 1450.0, &[Theme::Pin]),
            puzzle("high", 2100.0, &[Theme::Fork]),
        ];
        let p = Progress::default();
        let none = BTreeSet::new();
        assert_eq!(next_for(&all, &none, &p, &BTreeSet::new()), Some(1));
        let forks: BTreeSet<Theme> = [Theme::Fork].into();
        assert_eq!(next_for(&all, &forks, &p, &BTreeSet::new()), Some(0));
        let skip: BTreeSet<String> = ["low".to_string()].into();
        assert_eq!(next_for(&all, &forks, &p, &skip), Some(2));
    }

    #[test]
    fn the_shard_fetched_next_is_the_nearest_unread_one_with_a_chosen_theme() {
        // Two and a quarter shards: ratings 800..1600 in the first, 1600..2400 the second, then
        // 2400 on; pins from 2000, forks below.
        let size = super::super::shard::SHARD_SIZE as u32;
        let puzzles: Vec<Puzzle> = (0..size * 9 / 4)
            .map(|i| {
                let rating = 800.0 + f64::from(i) * 800.0 / f64::from(size);
                let theme = if rating < 2000.0 {
                    Theme::Fork
                } else {
                    Theme::Pin
                };
                let mut p = puzzle("x", rating, &[theme]);
                p.fen = format!("3k5/9/9/9/9/9/9/9/r7r/4K4 w - - 0 {}", i + 1);
                p.id = p.make_id();
                p
            })
            .collect();
        let (index, files) = super::super::shard::pack(puzzles, Default::default());
        assert_eq!(files.len(), 3);
        let none = BTreeSet::new();
        let mut fetched = BTreeSet::new();
        let pick = |themes: &BTreeSet<Theme>, r: f64, f: &BTreeSet<String>| {
            shard_to_fetch(&index, Collection::Games, themes, r, f).map(|s| s.file.clone())
        };
        assert_eq!(
            pick(&none, 1500.0, &fetched).as_deref(),
            Some("games-000.json")
        );
        fetched.insert("games-000.json".to_string());
        assert_eq!(
            pick(&none, 1500.0, &fetched).as_deref(),
            Some("games-001.json")
        );
        let pins: BTreeSet<Theme> = [Theme::Pin].into();
        assert_eq!(
            pick(&pins, 0.0, &fetched).as_deref(),
            Some("games-001.json")
        );
        fetched.insert("games-001.json".to_string());
        assert_eq!(
            pick(&pins, 0.0, &fetched).as_deref(),
            Some("games-002.json")
        );
        fetched.insert("games-002.json".to_string());
        assert_eq!(pick(&pins, 0.0, &fetched), None);
        assert_eq!(
            shard_to_fetch(&index, Collection::Endgames, &none, 0.0, &fetched).map(|s| &s.file),
            None
        );
    }

    #[test]
    fn a_streak_rises_in_difficulty() {
        let all = vec![
            puzzle("c", 1700.0, &[]),
            puzzle("a", 800.0, &[]),
            puzzle("b", 1100.0, &[]),
        ];
        let mut skip = BTreeSet::new();
        let mut last = 0.0;
        let mut order = Vec::new();
        while let Some(i) = next_in_streak(&all, &BTreeSet::new(), &skip, last) {
            order.push(all[i].id.clone());
            last = all[i].rating;
            skip.insert(all[i].id.clone());
        }
        assert_eq!(order, ["a", "b", "c"]);
    }
}
