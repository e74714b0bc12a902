//! Ruling on a repeated cycle (待判局面, article 24) by the general principles of article 26.

use super::classify::{Chased, ClassifiedMove, IdleKind, MoveKind};
use crate::xiangqi::Color;

/// The ruling on a cycle of classified moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum CycleRuling {
    /// 24.1 / 26.1: one side checked on every move (长将) and the other did not: it loses.
    PerpetualCheck {
        /// The side that checked perpetually.
        loser: Color,
    },
    /// 24.3 / 26.4: one side attacked on every move (长打: 长捉, 长杀, 一将一捉 …), the other made
    /// allowed moves: the attacking side loses.
    Forbidden {
        /// The side whose moves were all forbidden.
        loser: Color,
    },
    /// 24.2 / 26.2 / 26.3: both sides allowed, or both forbidden (mutual perpetual check
    /// included): draw.
    Draw {
        /// Whether both sides attacked throughout (26.3) rather than both being allowed (26.2).
        both_forbidden: bool,
    },
}

impl CycleRuling {
    /// The clause the ruling rests on.
    pub fn clause(&self) -> &'static str {
        match self {
            CycleRuling::PerpetualCheck { .. } => "24.1",
            CycleRuling::Forbidden { .. } => "26.4",
            CycleRuling::Draw {
                both_forbidden: true,
            } => "26.3",
            CycleRuling::Draw {
                both_forbidden: false,
            } => "26.2",
        }
    }
}

/// Whether `side`'s moves in the cycle are all forbidden (25.2): every move an attack (打), and
/// its chases aimed at one piece or the same pieces throughout (28.12: 连续追捉一子或数子 — a
/// chase switching between different pieces is not a perpetual chase of any of them).
///
/// `count_pawns` counts a pawn's own attacks as chases (27.2's second sentence, 细则 11).
fn forbidden(moves: &[ClassifiedMove], side: Color, count_pawns: bool) -> bool {
    let as_attack = |k: &MoveKind| {
        k.is_attack() || (count_pawns && matches!(k, MoveKind::Idle(IdleKind::PawnChase(_))))
    };
    let own: Vec<&ClassifiedMove> = moves.iter().filter(|m| m.mover == side).collect();
    if own.is_empty() || !own.iter().all(|m| as_attack(&m.kind)) {
        return false;
    }
    // Follow every piece through the cycle: ids are the points the pieces stood on at its start.
    let mut id_at: Vec<Option<usize>> = (0..90).map(Some).collect();
    let mut common: Option<Vec<usize>> = None;
    for m in moves {
        if m.mover == side {
            let targets: Vec<Chased> = match &m.kind {
                MoveKind::Chase(t) => t.clone(),
                MoveKind::Idle(IdleKind::PawnChase(t)) => vec![*t],
                _ => Vec::new(),
            };
            if !targets.is_empty() {
                let ids: Vec<usize> = targets
                    .iter()
                    .filter_map(|t| id_at[t.square.index()])
                    .collect();
                common = Some(match common {
                    None => ids,
                    Some(prev) => prev.into_iter().filter(|i| ids.contains(i)).collect(),
                });
            }
        }
        id_at[m.mv.to.index()] = id_at[m.mv.from.index()].take();
    }
    common.is_none_or(|c| !c.is_empty())
}

/// Rules on a cycle whose moves (both sides') are classified, applying 27.2's second sentence and
/// 细则 11 first: when both sides attack throughout, a pawn's attacks count as chases.
///
/// Returns the ruling and the moves with pawn attacks re-classified where 细则 11 applies.
pub fn judge_cycle(moves: &[ClassifiedMove]) -> (CycleRuling, Vec<ClassifiedMove>) {
    let sides = [Color::Red, Color::Black];
    let mut moves = moves.to_vec();
    let has_pawn_chase = moves
        .iter()
        .any(|m| matches!(m.kind, MoveKind::Idle(IdleKind::PawnChase(_))));
    // 27.2, 细则 11: mutual attacks throughout (长打对长打) turn pawn attacks into chases.
    if has_pawn_chase && sides.iter().all(|&c| forbidden(&moves, c, true)) {
        for m in &mut moves {
            if let MoveKind::Idle(IdleKind::PawnChase(t)) = m.kind {
                m.kind = MoveKind::Chase(vec![t]);
            }
        }
    }
    let checks = sides.map(|c| {
        let mut own = moves.iter().filter(|m| m.mover == c).peekable();
        own.peek().is_some() && own.all(|m| m.kind == MoveKind::Check)
    });
    let forbidden = sides.map(|c| forbidden(&moves, c, false));
    let ruling = match (checks, forbidden) {
        // 26.1: one-sided perpetual check is never allowed, whatever the other side does.
        ([true, false], _) => CycleRuling::PerpetualCheck { loser: Color::Red },
        ([false, true], _) => CycleRuling::PerpetualCheck {
            loser: Color::Black,
        },
        // 26.4: forbidden against allowed.
        (_, [true, false]) => CycleRuling::Forbidden { loser: Color::Red },
        (_, [false, true]) => CycleRuling::Forbidden {
            loser: Color::Black,
        },
        // 26.3 (mutual perpetual check included: it is not one-sided) and 26.2.
        (_, [a, b]) => CycleRuling::Draw {
            both_forbidden: a && b,
        },
    };
    (ruling, moves)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::{Move, Piece, Role, Square};

    fn m(mover: Color, from: &str, to: &str, kind: MoveKind) -> ClassifiedMove {
        ClassifiedMove {
            ply: 0,
            mover,
            mv: Move::new(Square::parse(from).unwrap(), Square::parse(to).unwrap()),
            piece: Piece::new(mover, Role::Chariot),
            kind,
        }
    }

    fn horse_on(s: &str) -> Chased {
        Chased {
            piece: Piece::new(Color::Black, Role::Horse),
            square: Square::parse(s).unwrap(),
        }
    }

    #[test]
    fn a_chase_must_follow_the_same_piece() {
        let idle = MoveKind::Idle(IdleKind::Plain);
        // The black horse moves a9 -> b7 and back; Red's chases follow it: 长捉.
        let same = [
            m(
                Color::Red,
                "a0",
                "a1",
                MoveKind::Chase(vec![horse_on("a9")]),
            ),
            m(Color::Black, "a9", "b7", idle.clone()),
            m(
                Color::Red,
                "a1",
                "a0",
                MoveKind::Chase(vec![horse_on("b7")]),
            ),
            m(Color::Black, "b7", "a9", idle.clone()),
        ];
        assert_eq!(
            judge_cycle(&same).0,
            CycleRuling::Forbidden { loser: Color::Red }
        );
        // Two different pieces in turn: not a perpetual chase of either (28.12).
        let other = [
            m(
                Color::Red,
                "a0",
                "a1",
                MoveKind::Chase(vec![horse_on("a9")]),
            ),
            m(Color::Black, "i9", "i8", idle.clone()),
            m(
                Color::Red,
                "a1",
                "a0",
                MoveKind::Chase(vec![horse_on("g9")]),
            ),
            m(Color::Black, "i8", "i9", idle),
        ];
        assert_eq!(judge_cycle(&other).0.clause(), "26.2");
    }
}
