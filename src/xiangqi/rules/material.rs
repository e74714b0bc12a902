//! Material (子力) and its value, article 25.3: the yardstick for "winning material" in a chase.

use crate::xiangqi::{Color, Piece, Position, Role, Square};

/// The value of `piece` standing on `at`, in units where a horse is 5 (25.3: 车 = 2 马 = 2 炮,
/// 马 = 炮, 士 = 相). A crossed pawn counts like an advisor, an uncrossed pawn less (not 子力).
pub fn value(piece: Piece, at: Square) -> i32 {
    match piece.role {
        Role::King => 1000,
        Role::Chariot => 10,
        Role::Horse | Role::Cannon => 5,
        Role::Advisor | Role::Elephant => 2,
        Role::Pawn if crossed(piece.color, at) => 2,
        Role::Pawn => 1,
    }
}

/// Whether a pawn of `color` on `at` has crossed the river (过河兵, 25.3).
pub fn crossed(color: Color, at: Square) -> bool {
    !at.on_own_half(color)
}

/// Whether the piece counts as 子力 (25.3): everything but the king and an uncrossed pawn.
/// Only such pieces can be chased (29.3).
pub fn is_material(piece: Piece, at: Square) -> bool {
    match piece.role {
        Role::King => false,
        Role::Pawn => crossed(piece.color, at),
        _ => true,
    }
}

/// Whether two pieces are 同等子力 for an exchange offer (28.5): same value class.
pub fn equal_value(a: Piece, a_at: Square, b: Piece, b_at: Square) -> bool {
    let class = |p: Piece, s: Square| match p.role {
        Role::Pawn if crossed(p.color, s) => 2,
        _ => value(p, s),
    };
    class(a, a_at) == class(b, b_at)
}

/// Pieces that can ever cross the river and attack: chariot, horse, cannon and pawn (4.2.1).
pub fn is_attacker(role: Role) -> bool {
    matches!(
        role,
        Role::Chariot | Role::Horse | Role::Cannon | Role::Pawn
    )
}

/// The attacking pieces of `color` (chariots, horses, cannons, pawns) in `pos`.
pub fn attackers_of(pos: &Position, color: Color) -> Vec<Role> {
    pos.pieces()
        .filter(|(_, p)| p.color == color && is_attacker(p.role))
        .map(|(_, p)| p.role)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_follow_25_3() {
        let sq = |s| Square::parse(s).unwrap();
        let red = |r| Piece::new(Color::Red, r);
        // 25.3: one chariot equals two horses, two cannons, or a horse and a cannon.
        assert_eq!(
            value(red(Role::Chariot), sq("a0")),
            2 * value(red(Role::Horse), sq("a0"))
        );
        assert_eq!(
            value(red(Role::Horse), sq("a0")),
            value(red(Role::Cannon), sq("a0"))
        );
        assert_eq!(
            value(red(Role::Advisor), sq("d0")),
            value(red(Role::Elephant), sq("c0"))
        );
        assert!(!is_material(red(Role::Pawn), sq("a3")));
        assert!(is_material(red(Role::Pawn), sq("a5")));
        assert!(!is_material(red(Role::King), sq("e0")));
        let black = Piece::new(Color::Black, Role::Pawn);
        assert!(is_material(black, sq("e4")));
        assert!(!is_material(black, sq("e5")));
    }
}
