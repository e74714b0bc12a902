//! The hand-written evaluation: material (a pawn gains value across the river), piece-square
//! tables, king safety, mobility and the classic patterns (空头炮, 沉底炮, 马后炮, connected
//! advisors and elephants). Scores are centipawns from the side to move's point of view.

use crate::xiangqi::{horse_jumps, points, rays, role_of};
use crate::xiangqi::{Color, Position};

pub use super::weights::{Weights, WEIGHTS};

/// Piece values by role index (king, advisor, elephant, horse, chariot, cannon, pawn).
pub const VALUE: [i32; 7] = WEIGHTS.value;
/// The material value of a piece code (1..=14), by its role alone.
#[inline(always)]
pub(crate) fn piece_value(code: u8) -> i32 {
    VALUE[role_of(code) as usize]
}

/// What a pawn is worth once it has crossed the river (it may then move sideways, 2.2.7).
pub const PAWN_CROSSED: i32 = WEIGHTS.pawn_crossed;

const KING: usize = 0;
const ADVISOR: usize = 1;
const ELEPHANT: usize = 2;
const HORSE: usize = 3;
const CHARIOT: usize = 4;
const CANNON: usize = 5;
const PAWN: usize = 6;

/// The hand-set weights the evaluation was written with: where tuning starts.
pub const HAND: Weights = Weights {
    value: [0, 120, 120, 420, 900, 450, 90],
    endgame_value: [0, 0, 0, 0, 0, 0, 0],
    pawn_crossed: 180,
    tempo: 10,
    king_rank: [0, -10, -25],
    king_off_file: -8,
    advisor_centre: 8,
    elephant_centre: 10,
    elephant_river: -5,
    horse_rank: [-20, -8, 4, 10, 14, 20, 28, 30, 22, 4],
    horse_central: 4,
    horse_edge: -12,
    horse_palace: -30,
    chariot_crossed: 12,
    chariot_rib: 6,
    chariot_deep: 8,
    cannon_centre: 18,
    cannon_line: 6,
    pawn_river: 8,
    pawn_rank: [10, 22, 30, 26, -35],
    pawn_central: 5,
    chariot_mobility: 3,
    chariot_base: -15,
    horse_mobility: 6,
    horse_base: -18,
    attack: [3, 2, 2, 1],
    king_danger: 3,
    advisors_connected: 15,
    elephants_connected: 15,
    empty_cannon_centre: 70,
    empty_cannon_side: 35,
    bottom_cannon: 15,
    bottom_cannon_screen: 25,
    horse_cannon: 40,
};

/// Piece-square bonus for `role` on (`file`, `rank`) seen from Red (rank 0 = Red's back rank).
const fn pst_value(w: &Weights, role: usize, f: i32, r: i32) -> i32 {
    let fc = if f > 4 { f - 4 } else { 4 - f };
    match role {
        KING => {
            let rr = if r > 2 { 2 } else { r };
            w.king_rank[rr as usize] + if fc == 0 { 0 } else { w.king_off_file }
        }
        ADVISOR if f == 4 && r == 1 => w.advisor_centre,
        ELEPHANT => {
            if f == 4 && r == 2 {
                w.elephant_centre
            } else if r == 4 {
                w.elephant_river
            } else {
                0
            }
        }
        HORSE => {
            let mut v = w.horse_rank[r as usize] + (4 - fc) * w.horse_central;
            if fc == 4 {
                v += w.horse_edge;
            }
            // 窝心马: a horse on the palace centre blocks its own king.
            if f == 4 && r == 1 {
                v += w.horse_palace;
            }
            v
        }
        CHARIOT => {
            let mut v = if r >= 5 { w.chariot_crossed } else { 0 };
            if fc == 1 {
                v += w.chariot_rib;
            }
            if r == 6 || r == 7 {
                v += w.chariot_deep;
            }
            v
        }
        CANNON => {
            let mut v = if fc == 0 { w.cannon_centre } else { 0 };
            if r == 2 || r == 7 {
                v += w.cannon_line;
            }
            v
        }
        PAWN => {
            if r < 5 {
                if r == 4 {
                    w.pawn_river
                } else {
                    0
                }
            } else {
                w.pawn_rank[(r - 5) as usize] + (4 - fc) * w.pawn_central
            }
        }
        _ => 0,
    }
}

/// Material plus piece-square value per piece code (1..=14) and point, both colours.
pub type PstTable = [[i32; 90]; 15];

/// The piece-square tables of `w` (computed once at compile time for the engine's weights, at
/// run time while tuning).
pub const fn build_pst(w: &Weights) -> PstTable {
    let mut t = [[0; 90]; 15];
    let mut role = 0;
    while role < 7 {
        let mut s = 0;
        while s < 90 {
            let f = (s % 9) as i32;
            let r = (s / 9) as i32;
            let mat = if role == PAWN && r >= 5 {
                w.pawn_crossed
            } else {
                w.value[role]
            };
            t[1 + role][s] = mat + pst_value(w, role, f, r);
            let bm = if role == PAWN && r <= 4 {
                w.pawn_crossed
            } else {
                w.value[role]
            };
            t[8 + role][s] = bm + pst_value(w, role, f, 9 - r);
            s += 1;
        }
        role += 1;
    }
    t
}

/// Material plus piece-square value per piece code and point.
pub static PST: PstTable = build_pst(&WEIGHTS);

/// How much each role counts towards the middlegame (king, advisor, …, pawn).
const PHASE: [i32; 7] = [0, 0, 0, 1, 2, 1, 0];

/// Where a run of [`rays`] or [`horse_jumps`] ends.
const END: u8 = 0xFF;

#[inline(always)]
fn at(f: i32, r: i32) -> Option<usize> {
    if (0..9).contains(&f) && (0..10).contains(&r) {
        Some((r * 9 + f) as usize)
    } else {
        None
    }
}

#[inline(always)]
fn side_of(code: u8) -> usize {
    (code > 7) as usize
}

/// The evaluation from the side to move's point of view.
pub fn evaluate(pos: &Position) -> i32 {
    let red = evaluate_red(pos);
    if pos.turn() == Color::Red {
        red + WEIGHTS.tempo
    } else {
        -red + WEIGHTS.tempo
    }
}

/// Recent evaluations by position hash: the search meets the same position again (a
/// transposition, a re-search, quiescence after a cut) and the evaluation is its costliest step.
pub struct EvalCache {
    /// (the hash's upper half, the evaluation) by the hash's low bits.
    slots: Vec<(u32, i32)>,
}

impl EvalCache {
    const SLOTS: usize = 1 << 16;
    const EMPTY: (u32, i32) = (0, i32::MIN);

    /// An empty cache of 65,536 slots (512 KiB).
    pub fn new() -> EvalCache {
        EvalCache {
            slots: vec![Self::EMPTY; Self::SLOTS],
        }
    }

    /// [`evaluate`] of `pos`, from the cache when its hash is there.
    #[inline]
    pub fn evaluate(&mut self, pos: &Position) -> i32 {
        let key = pos.hash();
        let slot = &mut self.slots[key as usize & (Self::SLOTS - 1)];
        let check = (key >> 32) as u32;
        if slot.0 == check && slot.1 != i32::MIN {
            return slot.1;
        }
        let e = evaluate(pos);
        *slot = (check, e);
        e
    }
}

impl Default for EvalCache {
    fn default() -> Self {
        Self::new()
    }
}

/// The evaluation from Red's point of view (what the analysis bar shows).
pub fn evaluate_red(pos: &Position) -> i32 {
    evaluate_red_with(pos, &WEIGHTS, &PST)
}

/// [`evaluate_red`] with any weights and their tables (`pst` = `build_pst(w)`): what the tuner
/// scores. Inlined so the engine's own call folds its constant weights.
#[inline(always)]
pub fn evaluate_red_with(pos: &Position, w: &Weights, pst: &PstTable) -> i32 {
    let b = pos.codes();
    let mut score = [0i32; 2];
    let mut defenders = [0i32; 2];
    let mut attack = [0i32; 2];
    let mut advisors: [[usize; 2]; 2] = [[0; 2]; 2];
    let mut elephants: [[usize; 2]; 2] = [[0; 2]; 2];
    let mut n_adv = [0usize; 2];
    let mut n_ele = [0usize; 2];
    // Chariots count two, horses and cannons one: 16 at the start, 0 in a pawn ending.
    let mut phase = 0;
    let mut endgame = [0i32; 2];
    let kings = [pos.king(Color::Red).index(), pos.king(Color::Black).index()];
    for s in points(pos.occupied(Color::Red) | pos.occupied(Color::Black)) {
        let code = b[s];
        let side = side_of(code);
        let role = role_of(code) as usize;
        score[side] += pst[code as usize][s];
        phase += PHASE[role];
        endgame[side] += w.endgame_value[role];
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        // Rank seen from this side: 0 = own back rank.
        let own_r = if side == 0 { r } else { 9 - r };
        let enemy_king = kings[side ^ 1];
        match role {
            ADVISOR => {
                defenders[side] += 1;
                advisors[side][n_adv[side].min(1)] = s;
                n_adv[side] += 1;
            }
            ELEPHANT => {
                defenders[side] += 1;
                elephants[side][n_ele[side].min(1)] = s;
                n_ele[side] += 1;
            }
            CHARIOT => {
                let mut mob = 0;
                for ray in rays(s) {
                    for &t in ray.iter().take_while(|&&t| t != END) {
                        let t = b[t as usize];
                        if t == 0 {
                            mob += 1;
                        } else {
                            mob += (side_of(t) != side) as i32;
                            break;
                        }
                    }
                }
                score[side] += mob * w.chariot_mobility + w.chariot_base;
                if own_r >= 5 || f as usize == enemy_king % 9 {
                    attack[side] += w.attack[0];
                }
            }
            HORSE => {
                let mut mob = 0;
                for &[t, leg] in horse_jumps(s).iter().take_while(|j| j[0] != END) {
                    let t = b[t as usize];
                    if b[leg as usize] == 0 && (t == 0 || side_of(t) != side) {
                        mob += 1;
                    }
                }
                score[side] += mob * w.horse_mobility + w.horse_base;
                if own_r >= 5 {
                    attack[side] += w.attack[1];
                }
                score[side] += horse_behind_cannon(b, s, side, enemy_king, w);
            }
            CANNON => {
                if own_r >= 5 || f as usize == enemy_king % 9 {
                    attack[side] += w.attack[2];
                }
                score[side] += cannon_patterns(b, s, side, enemy_king, w);
            }
            PAWN if own_r >= 5 => attack[side] += w.attack[3],
            _ => {}
        }
    }
    let bare = 16 - phase.min(16);
    for side in 0..2 {
        score[side] += endgame[side] * bare / 16;
        // King safety: enemy attackers against missing defenders.
        let shield = defenders[side].min(4);
        let danger = attack[side ^ 1];
        score[side] -= danger * (6 - shield) * w.king_danger;
        // Connected advisors: both present, one on the palace centre.
        if n_adv[side] == 2 {
            let centre = if side == 0 { 13 } else { 76 };
            if advisors[side].contains(&centre) {
                score[side] += w.advisors_connected;
            }
        }
        // Connected elephants: both present and guarding each other across an open eye.
        if n_ele[side] == 2 {
            let (a, e) = (elephants[side][0], elephants[side][1]);
            let (df, dr) = (
                (a % 9) as i32 - (e % 9) as i32,
                (a / 9) as i32 - (e / 9) as i32,
            );
            if df.abs() == 2 && dr.abs() == 2 {
                let eye = (a + e) / 2;
                if b[eye] == 0 {
                    score[side] += w.elephants_connected;
                }
            }
        }
    }
    score[0] - score[1]
}

/// 空头炮 (a cannon on the enemy king's file with nothing between) and 沉底炮 (a cannon on the enemy
/// back rank, deadly with a screen towards the king).
fn cannon_patterns(b: &[u8; 90], s: usize, side: usize, king: usize, w: &Weights) -> i32 {
    let mut v = 0;
    let (f, r) = (s % 9, s / 9);
    let (kf, kr) = (king % 9, king / 9);
    if f == kf {
        let (lo, hi) = (s.min(king), s.max(king));
        let between = (lo + 9..hi).step_by(9).filter(|&i| b[i] != 0).count();
        if between == 0 {
            v += if kf == 4 {
                w.empty_cannon_centre
            } else {
                w.empty_cannon_side
            };
        }
    }
    let back = if side == 0 { 9 } else { 0 };
    if r == back {
        v += w.bottom_cannon;
        if kr == back {
            let (lo, hi) = (s.min(king), s.max(king));
            let between = (lo + 1..hi).filter(|&i| b[i] != 0).count();
            if between == 1 {
                v += w.bottom_cannon_screen;
            }
        }
    }
    v
}

/// 马后炮: our horse next to the enemy king's line as the screen of our cannon behind it.
fn horse_behind_cannon(b: &[u8; 90], s: usize, side: usize, king: usize, w: &Weights) -> i32 {
    let (hf, hr) = ((s % 9) as i32, (s / 9) as i32);
    let (kf, kr) = ((king % 9) as i32, (king / 9) as i32);
    let cannon = if side == 0 { 6 } else { 13 };
    if (hf == kf && (hr - kr).abs() <= 2) || (hr == kr && (hf - kf).abs() <= 2) {
        let (df, dr) = ((hf - kf).signum(), (hr - kr).signum());
        // Between king and horse must be empty for the horse to be the cannon's screen.
        let (mut x, mut y) = (kf + df, kr + dr);
        while (x, y) != (hf, hr) {
            match at(x, y) {
                Some(t) if b[t] == 0 => {}
                _ => return 0,
            }
            x += df;
            y += dr;
        }
        let (mut x, mut y) = (hf + df, hr + dr);
        while let Some(t) = at(x, y) {
            if b[t] != 0 {
                return if b[t] == cannon { w.horse_cannon } else { 0 };
            }
            x += df;
            y += dr;
        }
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_is_balanced() {
        let p = Position::start();
        assert_eq!(evaluate_red(&p), 0);
    }

    #[test]
    fn mirrored_positions_score_opposite() {
        // Red up a chariot, then the same with colours swapped.
        let a = Position::from_fen(
            "rnbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        )
        .unwrap();
        let b = Position::from_fen(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN1 b - - 0 1",
        )
        .unwrap();
        assert!(evaluate_red(&a) > 600);
        assert_eq!(evaluate_red(&a), -evaluate_red(&b));
        assert_eq!(evaluate(&a), evaluate(&b));
    }

    #[test]
    fn endgame_values_grow_as_the_attackers_leave() {
        let score = |p: &Position, w: &Weights| evaluate_red_with(p, w, &build_pst(w));
        let mut base = WEIGHTS;
        base.endgame_value = [0; 7];
        let mut w = base;
        w.endgame_value[HORSE] = 80;
        // One horse left of the sixteen attacking units: fifteen sixteenths of its endgame value.
        let p = Position::from_fen("4k4/9/9/9/9/9/9/2N6/9/3K5 w - - 0 1").unwrap();
        assert_eq!(score(&p, &w) - score(&p, &base), 75);
        // With every attacker on the board (a pawn down), no change.
        let full = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P2/1C5C1/9/RNBAKABNR w - - 0 1";
        let full = Position::from_fen(full).unwrap();
        assert_eq!(score(&full, &w), score(&full, &base));
    }

    #[test]
    fn the_cache_gives_the_evaluation_of_every_position_it_meets() {
        let mut cache = EvalCache::new();
        let mut p = Position::start();
        let mut seen = 0;
        for _ in 0..2 {
            for m in p.legal_moves().iter().copied() {
                let u = p.play_unchecked(m);
                for r in p.legal_moves().iter().copied() {
                    let v = p.play_unchecked(r);
                    assert_eq!(cache.evaluate(&p), evaluate(&p), "{}", p.fen());
                    seen += 1;
                    p.undo(r, v);
                }
                p.undo(m, u);
            }
        }
        // Two passes over the 1,920 positions two plies deep (perft 2), the second from the cache.
        assert_eq!(seen, 2 * 1920);
    }

    #[test]
    fn a_pawn_gains_value_across_the_river() {
        let home = Position::from_fen("4k4/9/9/9/9/9/4P4/9/9/4K4 w - - 0 1").unwrap();
        let crossed = Position::from_fen("4k4/9/9/4P4/9/9/9/9/9/4K4 w - - 0 1").unwrap();
        assert!(evaluate_red(&crossed) > evaluate_red(&home) + 60);
    }
}
