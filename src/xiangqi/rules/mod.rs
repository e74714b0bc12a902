//! The 1999 Chinese rules (中国象棋竞赛规则) for ending a game: 棋例 (chapters 6–7), move limit, simple draws.
//!
//! Every function cites the clause it implements. [`classify`] names each move of a repetition
//! cycle (将, 杀, 捉 or 闲), [`repetition`] rules on the cycle by articles 24 and 26, and
//! [`limits`] covers the natural move limit (4.2.4, 23.3) and simple drawn material (4.2.1).

pub mod attacks;
mod classify;
pub mod limits;
pub mod material;
mod repetition;

pub use classify::{classify, Chased, ClassifiedMove, IdleKind, MoveKind};
pub use repetition::{judge_cycle, CycleRuling};
