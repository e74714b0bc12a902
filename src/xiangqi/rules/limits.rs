//! Draws that need no repetition: the natural move limit (4.2.4 with 23.3) and simple material (4.2.1).

use super::material::attackers_of;
use crate::xiangqi::{Color, Position, Role};

/// The natural move limit of 4.2.4: 60 moves (回合) by both sides without a capture.
pub const DEFAULT_MOVE_LIMIT: u32 = 60;

/// A natural move limit as a competition may set it (4.2.4: 60 moves, "可根据比赛等级酌减"):
/// a whole number of moves from [`MoveLimitError::MIN`] to [`MoveLimitError::MAX`].
///
/// ```
/// use xiangqi_club::xiangqi::rules::limits::MoveLimit;
/// assert_eq!("40".parse::<MoveLimit>().map(MoveLimit::moves), Ok(40));
/// assert!("0".parse::<MoveLimit>().is_err() && "201".parse::<MoveLimit>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveLimit(u32);

/// A move limit outside 1–200 moves, or not a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveLimitError;

impl MoveLimitError {
    /// The smallest limit.
    pub const MIN: u32 = 1;
    /// The largest limit a setting offers (more would never be reached in practice).
    pub const MAX: u32 = 200;
}

impl std::fmt::Display for MoveLimitError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the move limit must be a whole number of moves from {} to {}",
            Self::MIN,
            Self::MAX
        )
    }
}

impl std::error::Error for MoveLimitError {}

impl MoveLimit {
    /// The limit of `moves` moves, if within range.
    pub fn new(moves: u32) -> Result<MoveLimit, MoveLimitError> {
        (MoveLimitError::MIN..=MoveLimitError::MAX)
            .contains(&moves)
            .then_some(MoveLimit(moves))
            .ok_or(MoveLimitError)
    }

    /// The limit in moves.
    pub const fn moves(self) -> u32 {
        self.0
    }
}

impl Default for MoveLimit {
    fn default() -> Self {
        MoveLimit(DEFAULT_MOVE_LIMIT)
    }
}

impl std::str::FromStr for MoveLimit {
    type Err = MoveLimitError;

    fn from_str(s: &str) -> Result<MoveLimit, MoveLimitError> {
        s.trim()
            .parse::<u32>()
            .map_err(|_| MoveLimitError)
            .and_then(MoveLimit::new)
    }
}

/// 23.3: when the count is checked, at most this many checking moves of the claiming side count.
pub const MAX_COUNTED_CHECKS: u32 = 10;

/// Counts toward the move limit for one claimant, per 23.3.
///
/// `plies` are the plies since the last capture and `claimant_checks` how many of them were
/// checks given by the claiming side; every check beyond the tenth is not counted.
pub fn counted_plies(plies: u32, claimant_checks: u32) -> u32 {
    plies - claimant_checks.saturating_sub(MAX_COUNTED_CHECKS)
}

/// Whether the move limit (in moves of both sides, 4.2.4) is reached for some claimant (23.3).
///
/// `checks` holds the checks given since the last capture by Red and by Black. Either side may
/// claim, and the arbiter may count without a claim (23.3), so the draw stands as soon as one
/// side's count reaches the limit.
pub fn move_limit_reached(limit_moves: u32, plies: u32, checks: [u32; 2]) -> bool {
    let needed = limit_moves.saturating_mul(2);
    [Color::Red, Color::Black]
        .iter()
        .any(|c| counted_plies(plies, checks[c.index()]) >= needed)
}

/// 4.2.1 at its plainest: neither side keeps a piece that can cross the river (chariot, horse,
/// cannon or pawn), so neither can ever win.
pub fn insufficient_material(pos: &Position) -> bool {
    attackers_of(pos, Color::Red).is_empty() && attackers_of(pos, Color::Black).is_empty()
}

/// A 简明和棋 for 27.3: insufficient material, or each side keeps exactly one attacking piece of
/// the same kind (chariot against chariot, horse against horse, cannon against cannon) and no
/// pawn — book draws whatever the advisors and elephants.
pub fn simple_draw(pos: &Position) -> bool {
    if insufficient_material(pos) {
        return true;
    }
    let (red, black) = (
        attackers_of(pos, Color::Red),
        attackers_of(pos, Color::Black),
    );
    red.len() == 1 && black.len() == 1 && red[0] == black[0] && red[0] != Role::Pawn
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counting_excludes_checks_beyond_ten() {
        // 23.3: 120 plies with 14 checks by the claimant count as 116.
        assert_eq!(counted_plies(120, 14), 116);
        assert_eq!(counted_plies(120, 10), 120);
        assert!(!move_limit_reached(60, 119, [0, 0]));
        assert!(move_limit_reached(60, 120, [0, 0]));
        // Red checked 15 times, but Black (who checked at most 10 times) can claim.
        assert!(move_limit_reached(60, 120, [15, 3]));
        // Both sides checked too often: neither claim is good yet.
        assert!(!move_limit_reached(60, 120, [12, 11]));
        assert!(move_limit_reached(60, 122, [12, 11]));
        // The limit may be lowered for a lesser event (4.2.4: 可根据比赛等级酌减).
        assert!(move_limit_reached(40, 80, [0, 0]));
    }

    #[test]
    fn simple_draws_of_4_2_1() {
        let bare = Position::from_fen("3ak4/4a4/4b4/9/9/9/9/4B4/4A4/3AK4 w - - 0 1").unwrap();
        assert!(insufficient_material(&bare));
        let pawn = Position::from_fen("3ak4/9/9/9/9/9/4P4/9/9/4K4 w - - 0 1").unwrap();
        assert!(!insufficient_material(&pawn));
        let rooks = Position::from_fen("3ak4/4a4/4b4/9/9/9/r8/4B4/4A4/R2AK4 w - - 0 1").unwrap();
        assert!(simple_draw(&rooks));
        assert!(!insufficient_material(&rooks));
    }
}
