//! The computer opponent: a search over [`Position`](crate::xiangqi::Position) that plays, hints
//! and analyses, natively (`xq uci`) and in the browser's Web Worker from the same source.
//!
//! [`search`] holds the alpha-beta search and strength levels, [`eval`] the evaluation, [`tt`] the
//! transposition table, [`job`] the worker's JSON protocol, [`review`] the whole-game review and
//! [`nnue`] the learned evaluation (the app's default; `xq uci` loads it with `EvalFile`).

pub mod draw;
pub mod eval;
pub mod job;
pub mod nnue;
pub mod review;
mod search;
pub mod tt;
pub mod tune;
mod tuned;
pub mod weights;
mod words;

pub use search::{Engine, Info, Level, Limits, Outcome, Root, Score, MATE, MAX_MULTIPV};
