//! The game of Xiangqi: board, FEN, positions and legal moves, the game record and its verdict under
//! the 1999 rules (棋例 included), notation, perft, share links and the board's play session.
//! No web crate is reachable here.

mod board;
pub mod ecco;
mod fen;
pub mod file_job;
pub mod game;
pub mod list_blocks;
pub mod notation;
pub mod opening;
pub mod perft;
mod position;
pub mod press;
pub mod rules;
pub mod session;
pub mod share;
pub mod study;
pub mod tree;
pub mod words;

pub use board::{Color, ParseSquareError, Piece, Role, Square};
pub use fen::{FenError, ParseFenError, PositionError, Setup, START_FEN};
pub(crate) use position::{horse_jumps, points, rays, role_of};
pub use position::{Move, MoveList, ParseMoveError, PlayError, Position, Undo};
