//! Attack geometry by article 2.2, whatever the side to move: which points a piece could capture on.
//!
//! The position's move generator answers "what may the side to move play"; the 棋例 also need
//! "what does this piece hit" for either side (roots, blocking, following), so this is separate.

use crate::xiangqi::{Color, Position, Role, Square};

fn at(f: i32, r: i32) -> Option<Square> {
    if (0..9).contains(&f) && (0..10).contains(&r) {
        Square::new(f as u8, r as u8)
    } else {
        None
    }
}

const ORTHO: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// The points the piece on `from` attacks (own pieces included: that is protection); empty if none.
pub fn attacks(pos: &Position, from: Square) -> Vec<Square> {
    let Some(piece) = pos.piece_at(from) else {
        return Vec::new();
    };
    let (f, r) = (from.file() as i32, from.rank() as i32);
    let c = piece.color;
    let mut out = Vec::new();
    match piece.role {
        Role::King => {
            for (df, dr) in ORTHO {
                if let Some(s) = at(f + df, r + dr).filter(|s| s.in_palace(c)) {
                    out.push(s);
                }
            }
        }
        Role::Advisor => {
            for (df, dr) in DIAG {
                if let Some(s) = at(f + df, r + dr).filter(|s| s.in_palace(c)) {
                    out.push(s);
                }
            }
        }
        Role::Elephant => {
            for (df, dr) in DIAG {
                let (Some(s), Some(eye)) = (at(f + 2 * df, r + 2 * dr), at(f + df, r + dr)) else {
                    continue;
                };
                if s.on_own_half(c) && pos.piece_at(eye).is_none() {
                    out.push(s);
                }
            }
        }
        Role::Horse => {
            for (df, dr) in ORTHO {
                let Some(leg) = at(f + df, r + dr) else {
                    continue;
                };
                if pos.piece_at(leg).is_some() {
                    continue;
                }
                // Two targets per leg: straight on, then one step to either side.
                for side in [-1, 1] {
                    let (tf, tr) = if df == 0 {
                        (f + side, r + 2 * dr)
                    } else {
                        (f + 2 * df, r + side)
                    };
                    if let Some(s) = at(tf, tr) {
                        out.push(s);
                    }
                }
            }
        }
        Role::Chariot | Role::Cannon => {
            for (df, dr) in ORTHO {
                let mut screen = false;
                let (mut nf, mut nr) = (f + df, r + dr);
                while let Some(s) = at(nf, nr) {
                    let occupied = pos.piece_at(s).is_some();
                    if piece.role == Role::Chariot || screen {
                        if occupied || piece.role == Role::Chariot {
                            out.push(s);
                        }
                        if occupied {
                            break;
                        }
                    } else if occupied {
                        screen = true;
                    }
                    nf += df;
                    nr += dr;
                }
            }
        }
        Role::Pawn => {
            let fwd = if c == Color::Red { 1 } else { -1 };
            if let Some(s) = at(f, r + fwd) {
                out.push(s);
            }
            if !from.on_own_half(c) {
                for side in [-1, 1] {
                    if let Some(s) = at(f + side, r) {
                        out.push(s);
                    }
                }
            }
        }
    }
    out
}

/// The points of `color`'s pieces that attack `target` (flying-general lines excluded).
pub fn attackers(pos: &Position, target: Square, color: Color) -> Vec<Square> {
    pos.pieces()
        .filter(|(s, p)| p.color == color && attacks(pos, *s).contains(&target))
        .map(|(s, _)| s)
        .collect()
}

/// Whether the piece on `blocker` stands in the way of a piece of `color` (拦, 28.7): on a
/// chariot's or cannon's line of movement, on a horse's leg or an elephant's eye.
pub fn blocks(pos: &Position, blocker: Square, color: Color) -> bool {
    let (bf, br) = (blocker.file() as i32, blocker.rank() as i32);
    pos.pieces().any(|(s, p)| {
        if p.color != color {
            return false;
        }
        let (f, r) = (s.file() as i32, s.rank() as i32);
        match p.role {
            Role::Horse => (bf - f).abs() + (br - r).abs() == 1,
            Role::Elephant => {
                (bf - f).abs() == 1 && (br - r).abs() == 1 && blocker.on_own_half(color)
            }
            Role::Chariot | Role::Cannon if (bf == f) != (br == r) => {
                // Nothing between the piece and the blocker: the blocker cuts its line.
                let (df, dr) = ((bf - f).signum(), (br - r).signum());
                let (mut nf, mut nr) = (f + df, r + dr);
                while (nf, nr) != (bf, br) {
                    if at(nf, nr).and_then(|s| pos.piece_at(s)).is_some() {
                        return false;
                    }
                    nf += df;
                    nr += dr;
                }
                true
            }
            _ => false,
        }
    })
}

/// The same position with the other side to move (a "null move"), or `None` when that would leave
/// the side that just moved giving check to a king that may not be captured.
pub fn with_turn_passed(pos: &Position) -> Option<Position> {
    // The side that would stop moving is the side to move now: it must not be in check.
    if pos.is_check() {
        return None;
    }
    let mut passed = pos.clone();
    passed.pass_unchecked();
    Some(passed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn attack_geometry_follows_2_2() {
        let pos = Position::start();
        // The red cannon on h2 attacks the horse on h9 over the black cannon on h7.
        assert!(attacks(&pos, sq("h2")).contains(&sq("h9")));
        // Horse b0: leg b1 free, so a2 and c2; the legs a0 and c0 are occupied.
        let mut h = attacks(&pos, sq("b0"));
        h.sort();
        assert_eq!(h, vec![sq("a2"), sq("c2")]);
        // Chariot a0 sees a1..a3 (the pawn on a3 included).
        assert_eq!(
            attacks(&pos, sq("a0")),
            vec![sq("a1"), sq("a2"), sq("a3"), sq("b0")]
        );
        // A pawn before the river attacks only forward.
        assert_eq!(attacks(&pos, sq("e3")), vec![sq("e4")]);
        assert_eq!(attackers(&pos, sq("h9"), Color::Red), vec![sq("h2")]);
    }

    /// Passing the turn is the position rebuilt from its setup with the other side to move, and
    /// refused exactly where that setup is (the side that passed would be in check, 4.1.2).
    #[test]
    fn passing_the_turn_is_the_setup_with_the_other_side_to_move() {
        fn walk(p: &mut Position, depth: u32, refused: &mut usize) {
            let mut setup = p.to_setup();
            setup.turn = setup.turn.other();
            let rebuilt = Position::from_setup(&setup).ok();
            assert_eq!(with_turn_passed(p), rebuilt, "{}", p.fen());
            *refused += rebuilt.is_none() as usize;
            if depth > 0 {
                for m in p.legal_moves().iter().copied() {
                    let u = p.play_unchecked(m);
                    walk(p, depth - 1, refused);
                    p.undo(m, u);
                }
            }
        }
        let data = include_str!("../../../tests/data/perft.tsv");
        let mut refused = 0;
        for fen in data
            .lines()
            .filter(|l| !l.starts_with('#') && !l.starts_with("fen"))
        {
            let fen = fen.split('\t').next().unwrap_or_default();
            walk(&mut Position::from_fen(fen).unwrap(), 2, &mut refused);
        }
        assert!(refused > 100, "only {refused} positions in check met");
    }

    #[test]
    fn null_move_refused_when_in_check() {
        let pos = Position::from_fen("4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1").unwrap();
        assert!(with_turn_passed(&pos).is_none());
        let quiet = Position::from_fen("3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1").unwrap();
        assert_eq!(with_turn_passed(&quiet).unwrap().turn(), Color::Black);
    }
}
