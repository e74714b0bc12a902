//! The computer's answer to a draw offer (rule 23.1): taken only when its own search finds it
//! worse, and never in the opening.

use super::Score;
use crate::xiangqi::session::DrawJudge;

/// The computer takes a draw only once both sides have made ten moves: an offer in the opening is
/// a way to end a game unplayed.
pub const COMPUTER_DRAW_MIN_PLIES: usize = 20;

/// The computer takes a draw only when its own search finds it at least half a pawn worse (its
/// score from its own side, in centipawns, at most this).
pub const COMPUTER_DRAW_MAX_CP: i32 = -50;

/// Whether the computer, whose search scores the position `own` from its own side, accepts a draw
/// offered after `ply` plies: only when it stands worse and past the opening; a mate it is
/// suffering counts as worse, a mate it is giving never does.
pub fn computer_accepts_draw(own: Score, ply: usize) -> bool {
    let worse = match own {
        Score::Cp(cp) => cp <= COMPUTER_DRAW_MAX_CP,
        Score::Mate(m) => m < 0,
    };
    worse && ply >= COMPUTER_DRAW_MIN_PLIES
}

impl DrawJudge for Score {
    fn accepts_draw(&self, ply: usize) -> bool {
        computer_accepts_draw(*self, ply)
    }
}
