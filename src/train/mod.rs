//! The puzzle trainer's core: puzzles cut from games, the shipped data's shards, Glicko-2
//! ratings, the teacher's sets, the generator that finds puzzles and the theme tagger.
//! No web crate is reachable here: the `#/train` page is a thin layer over these types.

pub mod duel;
pub mod generate;
pub mod progress;
pub mod puzzle;
pub mod rating;
pub mod session;
pub mod set;
pub mod shard;
pub mod shelf;
pub mod themes;
pub mod words;
