//! The shipped puzzle data: `public/puzzles/index.json` and its shards, fetched only by `#/train`.
//!
//! The index gives the count, the counts per theme, per rating band and per collection, the
//! shard list (each shard's file, collection, count, rating range and theme counts, so a page can
//! fetch just the shards it needs) and the dataset's credit. A shard is
//! `{"version":1,"collection":"games","puzzles":[…]}` of at most [`SHARD_SIZE`] puzzles; the
//! games' shards are in rising rating, so a streak reads them in order.

use super::puzzle::{Collection, Puzzle, PuzzleError, RawPuzzle, Theme};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// The data format's version: a newer one is refused with [`DataError::NewerVersion`].
pub const DATA_VERSION: u32 = 1;
/// Puzzles in one shard (about 8 KB of JSON, 3 KB gzipped): a session starts with one, so it
/// weighs on #/train's first visit.
pub const SHARD_SIZE: usize = 20;
/// The width of a rating band in the index.
pub const BAND_WIDTH: u32 = 200;

/// Who made the data the puzzles come from, as its licence asks to be credited.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Credit {
    /// The dataset's name.
    pub dataset: String,
    /// Where it is published.
    pub url: String,
    /// Its licence (e.g. `CC BY 4.0`).
    pub licence: String,
    /// The licence's text.
    pub licence_url: String,
    /// What was changed: cut into puzzles by the engine, converted to simplified ICCS…
    pub changes: String,
}

/// The dataset the shipped puzzles come from.
pub fn dataset_credit() -> Credit {
    Credit {
        dataset: "Chinese Chess Practical Dataset".into(),
        url: "https://github.com/Yvonne761/Chinese-Chess-Practical-Dataset".into(),
        licence: "CC BY 4.0".into(),
        licence_url: "https://creativecommons.org/licenses/by/4.0/".into(),
        changes: "Positions cut into puzzles and checked by this app's engine (xq puzzles); \
                  the endgame studies kept whole with their published moves and result; \
                  moves converted to ICCS; headers kept as the source."
            .into(),
    }
}

/// One shard as the index lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShardInfo {
    /// The file name, beside `index.json` (e.g. `games-003.json`).
    pub file: String,
    /// Its collection.
    pub collection: Collection,
    /// How many puzzles it holds.
    pub count: usize,
    /// The lowest puzzle rating in it (rounded).
    pub min_rating: u32,
    /// The highest puzzle rating in it (rounded).
    pub max_rating: u32,
    /// How many of its puzzles have each theme.
    pub themes: BTreeMap<Theme, usize>,
}

/// A rating band's puzzle count: ratings in `from..from + BAND_WIDTH`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Band {
    /// The band's lowest rating.
    pub from: u32,
    /// Puzzles in it.
    pub count: usize,
}

/// `public/puzzles/index.json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Index {
    /// The format's version ([`DATA_VERSION`]).
    pub version: u32,
    /// All puzzles.
    pub count: usize,
    /// Puzzles per shard at most.
    pub shard_size: usize,
    /// Puzzles per collection.
    pub collections: BTreeMap<Collection, usize>,
    /// Puzzles per theme.
    pub themes: BTreeMap<Theme, usize>,
    /// Puzzles per rating band, lowest first, empty bands left out.
    pub bands: Vec<Band>,
    /// The shards.
    pub shards: Vec<ShardInfo>,
    /// The dataset's credit.
    pub credit: Credit,
}

/// One shard's puzzles.
#[derive(Clone, Debug, PartialEq)]
pub struct Shard {
    /// Its collection.
    pub collection: Collection,
    /// Its puzzles.
    pub puzzles: Vec<Puzzle>,
}

#[derive(Serialize, Deserialize)]
struct RawShard {
    version: u32,
    collection: Collection,
    puzzles: Vec<RawPuzzle>,
}

/// Why the index or a shard cannot be read.
#[derive(Clone, Debug, PartialEq)]
pub enum DataError {
    /// Not the JSON of an index or shard (serde's message).
    Json(String),
    /// Written by a newer version of the app.
    NewerVersion {
        /// The file's version.
        found: u32,
        /// The newest this build reads.
        supported: u32,
    },
    /// Puzzle number `index` (from 0) is broken.
    Puzzle {
        /// Its index in the shard.
        index: usize,
        /// What is wrong.
        error: PuzzleError,
    },
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DataError::Json(e) => write!(f, "the puzzle data is damaged: {e}"),
            DataError::NewerVersion { found, supported } => write!(
                f,
                "the puzzle data is version {found}, newer than this app reads ({supported}): reload the page"
            ),
            DataError::Puzzle { index, error } => write!(f, "puzzle {}: {error}", index + 1),
        }
    }
}

impl std::error::Error for DataError {}

/// The `version` field alone, read first so that a newer file gets its own error.
fn version_of(text: &str) -> Result<u32, DataError> {
    #[derive(Deserialize)]
    struct Versioned {
        version: u32,
    }
    let v: Versioned = serde_json::from_str(text).map_err(|e| DataError::Json(e.to_string()))?;
    if v.version > DATA_VERSION {
        return Err(DataError::NewerVersion {
            found: v.version,
            supported: DATA_VERSION,
        });
    }
    Ok(v.version)
}

impl Index {
    /// Reads `index.json`.
    pub fn parse(text: &str) -> Result<Index, DataError> {
        version_of(text)?;
        serde_json::from_str(text).map_err(|e| DataError::Json(e.to_string()))
    }

    /// The index as compact JSON: it is part of #/train's first visit.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| unreachable!())
    }

    /// The shards of `collection`, in file order (rising rating for the games).
    pub fn shards_of(&self, collection: Collection) -> impl Iterator<Item = &ShardInfo> {
        self.shards
            .iter()
            .filter(move |s| s.collection == collection)
    }
}

impl Shard {
    /// Reads a shard, checking every puzzle.
    pub fn parse(text: &str) -> Result<Shard, DataError> {
        version_of(text)?;
        let raw: RawShard =
            serde_json::from_str(text).map_err(|e| DataError::Json(e.to_string()))?;
        let puzzles = raw
            .puzzles
            .into_iter()
            .enumerate()
            .map(|(index, p)| {
                Puzzle::from_raw(p).map_err(|error| DataError::Puzzle { index, error })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Shard {
            collection: raw.collection,
            puzzles,
        })
    }

    /// The shard as JSON: one puzzle a line, so that diffs of the data stay readable.
    pub fn to_json(&self) -> String {
        let lines: Vec<String> = self.puzzles.iter().map(Puzzle::to_json).collect();
        format!(
            "{{\"version\":{DATA_VERSION},\"collection\":\"{}\",\"puzzles\":[\n{}\n]}}\n",
            self.collection.id(),
            lines.join(",\n")
        )
    }
}

/// Splits puzzles into shards and makes their index: per collection (in [`Collection::ALL`]
/// order), games sorted by rising rating, others kept in their order; duplicates (same id) are
/// dropped. Returns the index and `(file name, shard)` pairs.
pub fn pack(puzzles: Vec<Puzzle>, credit: Credit) -> (Index, Vec<(String, Shard)>) {
    let mut seen = std::collections::HashSet::new();
    let puzzles: Vec<Puzzle> = puzzles
        .into_iter()
        .filter(|p| seen.insert(p.id.clone()))
        .collect();
    let mut index = Index {
        version: DATA_VERSION,
        count: puzzles.len(),
        shard_size: SHARD_SIZE,
        collections: BTreeMap::new(),
        themes: BTreeMap::new(),
        bands: Vec::new(),
        shards: Vec::new(),
        credit,
    };
    let mut bands: BTreeMap<u32, usize> = BTreeMap::new();
    for p in &puzzles {
        *index.collections.entry(p.source.collection).or_default() += 1;
        for &t in &p.themes {
            *index.themes.entry(t).or_default() += 1;
        }
        let r = p.rating.round().max(0.0) as u32;
        *bands.entry(r / BAND_WIDTH * BAND_WIDTH).or_default() += 1;
    }
    index.bands = bands
        .into_iter()
        .map(|(from, count)| Band { from, count })
        .collect();
    let mut files = Vec::new();
    for collection in Collection::ALL {
        let mut these: Vec<Puzzle> = puzzles
            .iter()
            .filter(|p| p.source.collection == collection)
            .cloned()
            .collect();
        if collection == Collection::Games {
            these.sort_by(|a, b| a.rating.total_cmp(&b.rating).then_with(|| a.id.cmp(&b.id)));
        }
        for (n, chunk) in these.chunks(SHARD_SIZE).enumerate() {
            let file = format!("{}-{n:03}.json", collection.id());
            let mut themes = BTreeMap::new();
            for p in chunk {
                for &t in &p.themes {
                    *themes.entry(t).or_default() += 1;
                }
            }
            let rounded = |p: &Puzzle| p.rating.round().max(0.0) as u32;
            index.shards.push(ShardInfo {
                file: file.clone(),
                collection,
                count: chunk.len(),
                min_rating: chunk.iter().map(rounded).min().unwrap_or(0),
                max_rating: chunk.iter().map(rounded).max().unwrap_or(0),
                themes,
            });
            files.push((
                file,
                Shard {
                    collection,
                    puzzles: chunk.to_vec(),
                },
            ));
        }
    }
    (index, files)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 450 copies of a mate in 1 under different ids, rated 800 up in steps of 3.
    fn some() -> Vec<Puzzle> {
        (0..450)
            .map(|i| {
                let line = format!(
                    r#"{{"id":"id{i:05}","fen":"3k5/9/3P5/p8/9/9/9/9/9/4K2R1 b - - 0 1","moves":["a6a5","h0h9"],"themes":["mate_in_1"],"rating":{}}}"#,
                    800 + 3 * i
                );
                Puzzle::from_json(&line).unwrap()
            })
            .collect()
    }

    #[test]
    fn packs_into_rated_shards_and_reads_them_back() {
        let mut all = some();
        all.push(all[0].clone());
        let (index, files) = pack(all, dataset_credit());
        assert_eq!(index.count, 450, "the duplicate is dropped");
        assert_eq!(files.len(), 450_usize.div_ceil(SHARD_SIZE));
        assert_eq!(index.shards[0].file, "games-000.json");
        assert_eq!(
            index.shards.last().unwrap().count,
            450 - (files.len() - 1) * SHARD_SIZE
        );
        assert_eq!(index.shards[0].min_rating, 800);
        assert!(index.shards[0].max_rating < index.shards[1].min_rating);
        assert_eq!(index.themes[&Theme::MateIn(1)], 450);
        assert_eq!(index.bands.iter().map(|b| b.count).sum::<usize>(), 450);
        assert_eq!(Index::parse(&index.to_json()).unwrap(), index);
        let shard = Shard::parse(&files[1].1.to_json()).unwrap();
        assert_eq!(shard, files[1].1);
    }

    #[test]
    fn bad_data_is_a_typed_error() {
        let (index, files) = pack(some(), dataset_credit());
        let newer = index
            .to_json()
            .replacen("\"version\":1", "\"version\":2", 1);
        assert_eq!(
            Index::parse(&newer),
            Err(DataError::NewerVersion {
                found: 2,
                supported: 1
            })
        );
        assert!(matches!(
            Index::parse("{\"version\":1}"),
            Err(DataError::Json(_))
        ));
        assert!(matches!(Shard::parse("[1,2"), Err(DataError::Json(_))));
        let mut lines: Vec<String> = files[0].1.to_json().lines().map(String::from).collect();
        lines[2] = lines[2].replace("\"h0h9\"", "\"h0g8\"");
        let broken = lines.join("\n");
        assert!(matches!(
            Shard::parse(&broken),
            Err(DataError::Puzzle {
                index: 1,
                error: PuzzleError::IllegalMove { index: 1, .. }
            })
        ));
    }
}
