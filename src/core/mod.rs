//! The pure core: rules, notation, clock, tournament and scheduling. No web crate is reachable here.

pub mod board;
pub mod clock;
pub mod fen;
pub mod game;
pub mod notation;
pub mod perft;
pub mod position;
pub mod rng;
pub mod rules;
pub mod schedule;
pub mod share;
pub mod tournament;

pub use board::{Color, Piece, Role, Square};
pub use fen::{ParseFenError, PositionError, Setup};
pub use position::{Move, MoveList, PlayError, Position};
