//! What `#/games` and its worker say to each other: JSON strings, as every worker of the app
//! (docs/architecture.md). An import is the one message that is not JSON: the `File`s go as
//! they are, `[IMPORT, files, names, last]` (files an array or a `FileList`; names an array, or
//! null for the files' own paths), since a `File` is not text; or, where the browser has them,
//! `[IMPORT, handles, null, true]`: a folder or files as the browser's handles, a pick whole.

use crate::xiangqi::words::Said;
use serde::{Deserialize, Serialize};

/// The first item of the page's import message.
pub const IMPORT: &str = "import";
/// Games to a page of the list.
pub const PAGE_SIZE: usize = 50;

/// What the page asks the worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Ask {
    /// One page of the games that `Search` finds.
    Search(Search),
    /// The game `id` as `#/play` saves its session, to open it there with its tree.
    Open(u32),
    /// Every game `Search` finds, as one PGN library.
    Save(Search),
    /// Stops the import after the batch it is writing; the files not read are dropped.
    Cancel,
    /// The explorer over the database at a position (its FEN): `#/play`'s panel.
    Explore(String),
}

/// What the results are sorted by.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum SortBy {
    #[default]
    Date,
    /// Red's name, then Black's.
    Players,
    Event,
    Eco,
    Result,
}

/// Which result a search keeps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    #[default]
    Any,
    RedWins,
    Draw,
    BlackWins,
}

/// Where the searched position comes from.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub enum Board {
    #[default]
    None,
    /// The saved `#/play` session (its JSON, which the page reads from localStorage): the
    /// position it shows.
    Play(Option<String>),
    /// A FEN the user pasted.
    Fen(String),
}

/// The search form, its sort and the page asked for.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Search {
    pub player: String,
    pub event: String,
    pub year_from: Option<i32>,
    pub year_to: Option<i32>,
    pub outcome: Outcome,
    pub eco: String,
    pub board: Board,
    pub material: bool,
    pub sort: SortBy,
    pub descending: bool,
    pub page: usize,
}

/// One game of the list: the core's row, as the worker's search gives it.
pub use crate::games::search::Row;

/// A file that could not be read, and why.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Fault {
    pub file: String,
    pub said: Said,
}

/// An import so far: kept in the database's `meta` store, so a reload goes on counting.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Run {
    pub files: usize,
    pub done: usize,
    pub games: usize,
    pub duplicates: usize,
    pub faults: Vec<Fault>,
    /// Milliseconds spent importing (summed over the reloads).
    pub ms: f64,
    /// Whether it was taken up again after a reload.
    pub resumed: bool,
}

impl Run {
    /// Games imported a second.
    pub fn rate(&self) -> u32 {
        if self.ms < 1.0 {
            0
        } else {
            (self.games as f64 * 1000.0 / self.ms).round() as u32
        }
    }

    /// Seconds left, at the pace of the files read so far.
    pub fn seconds_left(&self) -> Option<u32> {
        (self.done > 0 && self.done < self.files).then(|| {
            let per_file = self.ms / self.done as f64;
            ((self.files - self.done) as f64 * per_file / 1000.0).ceil() as u32
        })
    }
}

/// How an import ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ended {
    Finished,
    Cancelled,
    /// Storage full (`QuotaExceededError`): the batch being written was not kept, all before it is.
    Full,
}

/// What the worker tells the page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Told {
    /// The database is open, with `games` games.
    Opened { games: usize },
    /// The database was written by a newer version of the app: not opened, not touched.
    Newer,
    /// The catalogue's saved snapshot did not read (damaged, or a newer version's): it was set
    /// aside, kept, and the catalogue built from the games themselves.
    SetAside,
    /// The browser refused the database (its reason).
    Unavailable(String),
    /// An import going on.
    Progress(Run),
    /// An import ended; the database now holds `games` games.
    Ended { run: Run, how: Ended, games: usize },
    /// A page of results.
    Rows {
        total: usize,
        page: usize,
        rows: Vec<Row>,
    },
    /// A search that cannot run (a FEN that does not read).
    Refused(Said),
    /// A game, as `#/play` saves its session.
    Game(String),
    /// The games found, as a PGN library.
    Saved { text: String, games: usize },
    /// The explorer at the position of key `key`: a shard of that one position, as the static
    /// explorer's (`explorer::shard`), so `#/play`'s panel reads it as it reads those.
    Explored { key: u64, shard: String },
}

impl Told {
    /// The message's JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}
