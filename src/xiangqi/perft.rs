//! Perft: the number of leaf nodes of the legal-move tree, the standard check of a move generator.

use super::position::{Move, Position};

/// The deepest perft accepted from outside: each ply is one stack frame, and depth 9 from the
/// start position already counts about 10^13 nodes (hours), so deeper asks are mistakes.
pub const MAX_DEPTH: u32 = 12;

/// Counts the leaf nodes `depth` plies below `pos` (bulk-counting the last ply).
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for &m in &moves {
        let undo = pos.play_unchecked(m);
        nodes += perft(pos, depth - 1);
        pos.undo(m, undo);
    }
    nodes
}

/// Perft split by root move, in move-generation order: `(move, leaf count below it)`.
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    let moves = pos.legal_moves();
    let mut out = Vec::with_capacity(moves.len());
    for &m in &moves {
        let undo = pos.play_unchecked(m);
        out.push((m, perft(pos, depth.saturating_sub(1))));
        pos.undo(m, undo);
    }
    out
}
