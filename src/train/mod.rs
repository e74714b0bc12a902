//! The puzzle trainer's core: puzzles cut from games, the shipped data's shards, Glicko-2
//! ratings, the teacher's sets, the generator that finds puzzles and the theme tagger.
//! No web crate is reachable here: the `#/train` page is a thin layer over these types.

pub mod generate;
pub mod puzzle;
pub mod rating;
pub mod set;
pub mod shard;
pub mod themes;
pub mod words;
