//! The opening of a game, named by its family: Red's first move (中炮, 仙人指路, 飞相局, 起马局 …)
//! and Black's answer (屏风马, 反宫马, 顺炮, 列炮, 单提马 …), from the positions of the main line's
//! first moves.
//!
//! Openings are mirror-symmetric: 炮二平五 and 炮八平五 are both 中炮. A game is first mirrored so
//! that Red's first move starts on Red's right (files 一 to 四); Black's "left" pieces are then the
//! ones on files 6–9 of Black's numbering (左中炮 is 炮8平5), as Chinese opening names count them.
//! Black's formations (屏风马, 反宫马, 单提马, 三步虎) are recognised from where the pieces stand
//! after each of Black's first four moves, whatever the order they were played in.
//!
//! No ECCO code is given: naming codes needs the published ECCO table, which this is not.

use crate::xiangqi::tree::GameTree;
use crate::xiangqi::{Color, Move, Piece, Position, Role, Square};

/// Red's opening family, from Red's first move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// 中炮: 炮二平五.
    CentralCannon,
    /// 仙人指路: 兵三进一.
    PawnOpening,
    /// 对兵局: 兵三进一 answered by 卒3进1, each side's third pawn.
    TwoPawns,
    /// 飞相局: 相三进五.
    Elephant,
    /// 起马局: 马二进三.
    Horse,
    /// 边马局: 马二进一.
    EdgeHorse,
    /// 仕角炮: 炮二平四, the cannon to its own advisor's corner.
    AdvisorCornerCannon,
    /// 过宫炮: 炮二平六, the cannon across the palace.
    PalaceCannon,
    /// 边炮局: 炮二平一.
    EdgeCannon,
    /// 巡河炮局: 炮二进二.
    RiverCannon,
    /// 过河炮局: 炮二进四.
    CrossRiverCannon,
    /// 上仕局: 仕四进五.
    Advisor,
    /// 中兵局: 兵五进一.
    CentralPawn,
    /// 边兵局: 兵一进一.
    EdgePawn,
}

/// Black's answer, when it is one of the named ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Answer {
    /// 顺炮: 炮8平5 against 炮二平五, both cannons from the same side.
    SameCannons,
    /// 列炮: 炮2平5 against 炮二平五, from opposite sides.
    OppositeCannons,
    /// 半途列炮: 炮2平5 against 炮二平五 after other moves first.
    HalfwayOppositeCannons,
    /// 屏风马: both horses to the inner points (马2进3, 马8进7).
    ScreenHorses,
    /// 反宫马: both horses inner and a cannon at the palace's corner between them.
    ReversePalaceHorses,
    /// 单提马: one horse inner, the other to the edge.
    SingleHorse,
    /// 三步虎: a horse inner and that side's cannon to the edge, the other horse at home.
    ThreeStepTiger,
    /// 左炮封车: 炮8进4, the cannon on Red's third rank, in front of Red's chariot.
    LeftCannonBlocksChariot,
    /// 飞象: 象3进5 or 象7进5.
    Elephant,
    /// 卒底炮: the cannon to the file of Red's advanced pawn (炮8平7 against 兵三进一).
    CannonUnderPawn,
    /// 中炮 against 仙人指路.
    CentralCannon,
    /// 左中炮: 炮8平5 against a non-central opening.
    LeftCentralCannon,
    /// 右中炮: 炮2平5 against a non-central opening.
    RightCentralCannon,
    /// 左过宫炮: 炮8平4.
    LeftPalaceCannon,
    /// 右过宫炮: 炮2平6.
    RightPalaceCannon,
    /// 士角炮: 炮8平6 or 炮2平4.
    AdvisorCornerCannon,
}

/// A game's opening: Red's family and, when named, Black's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Opening {
    /// Red's family.
    pub family: Family,
    /// Black's answer, if it is a named one.
    pub answer: Option<Answer>,
}

/// How many plies are looked at: Black's first four moves and Red's first five.
const PLIES: usize = 9;

fn sq(iccs: &str) -> Square {
    Move::from_iccs(&format!("{iccs}a0"))
        .map(|m| m.from)
        .unwrap_or_else(|| unreachable!("a fixed point"))
}

fn mv(iccs: &str) -> Move {
    Move::from_iccs(iccs).unwrap_or_else(|| unreachable!("a fixed move"))
}

fn mirror(m: Move) -> Move {
    let f = |s: Square| Square::new(8 - s.file(), s.rank()).unwrap_or(s);
    Move::new(f(m.from), f(m.to))
}

fn has(p: &Position, at: &str, color: Color, role: Role) -> bool {
    p.piece_at(sq(at)) == Some(Piece::new(color, role))
}

/// The opening of `tree`'s main line, when it starts from the initial position and Red's first
/// move is one of the families named here.
pub fn opening(tree: &GameTree) -> Option<Opening> {
    let moves: Vec<Move> = tree
        .main_line()
        .iter()
        .filter_map(|&id| tree.node(id).and_then(|n| n.mv()))
        .collect();
    opening_of(tree.start(), &moves)
}

/// The opening of the game `moves` from `start` (see [`opening`]).
pub fn opening_of(start: &Position, moves: &[Move]) -> Option<Opening> {
    let initial = Position::start();
    if start.codes() != initial.codes() || start.turn() != Color::Red {
        return None;
    }
    let first = *moves.first()?;
    // Red's first move on Red's right: files f–i (一 to 四); the centre stays.
    let flip = first.from.file() < 4;
    let moves: Vec<Move> = moves
        .iter()
        .take(PLIES)
        .map(|&m| if flip { mirror(m) } else { m })
        .collect();
    let family = match moves[0] {
        m if m == mv("h2e2") => Family::CentralCannon,
        m if m == mv("g3g4") => Family::PawnOpening,
        m if m == mv("g0e2") => Family::Elephant,
        m if m == mv("h0g2") => Family::Horse,
        m if m == mv("h0i2") => Family::EdgeHorse,
        m if m == mv("h2f2") => Family::AdvisorCornerCannon,
        m if m == mv("h2d2") => Family::PalaceCannon,
        m if m == mv("h2i2") => Family::EdgeCannon,
        m if m == mv("h2h4") => Family::RiverCannon,
        m if m == mv("h2h6") => Family::CrossRiverCannon,
        m if m == mv("f0e1") => Family::Advisor,
        m if m == mv("e3e4") => Family::CentralPawn,
        m if m == mv("i3i4") => Family::EdgePawn,
        _ => return None,
    };
    // The positions after each of Black's moves (while the moves are legal).
    let mut p = initial;
    let mut after_black = Vec::new();
    for (i, &m) in moves.iter().enumerate() {
        p = p.after(m).ok()?;
        if i % 2 == 1 {
            after_black.push(p.clone());
        }
    }
    let black: Vec<Move> = moves.iter().skip(1).step_by(2).copied().collect();
    let reply = black.first().copied();
    let is = |m: Option<Move>, s: &str| m == Some(mv(s));
    let (family, answer) = match family {
        Family::CentralCannon => (family, central_cannon_answer(&black, &after_black)),
        Family::PawnOpening if is(reply, "c6c5") => (Family::TwoPawns, None),
        Family::PawnOpening => (
            family,
            match reply {
                r if is(r, "h7g7") => Some(Answer::CannonUnderPawn),
                r if is(r, "c9e7") || is(r, "g9e7") => Some(Answer::Elephant),
                r if is(r, "h7e7") || is(r, "b7e7") => Some(Answer::CentralCannon),
                _ => None,
            },
        ),
        _ => (
            family,
            match reply {
                r if is(r, "h7e7") => Some(Answer::LeftCentralCannon),
                r if is(r, "b7e7") => Some(Answer::RightCentralCannon),
                r if is(r, "h7d7") => Some(Answer::LeftPalaceCannon),
                r if is(r, "b7f7") => Some(Answer::RightPalaceCannon),
                r if is(r, "h7f7") || is(r, "b7d7") => Some(Answer::AdvisorCornerCannon),
                _ => None,
            },
        ),
    };
    Some(Opening { family, answer })
}

/// Black's answer to 中炮 (Red's cannon from h2, after mirroring).
fn central_cannon_answer(black: &[Move], after: &[Position]) -> Option<Answer> {
    let b = Color::Black;
    match black.first() {
        Some(&m) if m == mv("h7e7") => return Some(Answer::SameCannons),
        Some(&m) if m == mv("b7e7") => return Some(Answer::OppositeCannons),
        _ => {}
    }
    if black.iter().skip(1).any(|&m| m == mv("b7e7")) {
        return Some(Answer::HalfwayOppositeCannons);
    }
    let horse = |p: &Position, at: &str| has(p, at, b, Role::Horse);
    let cannon = |p: &Position, at: &str| has(p, at, b, Role::Cannon);
    let both_inner = |p: &Position| horse(p, "c7") && horse(p, "g7");
    if after
        .iter()
        .any(|p| both_inner(p) && (cannon(p, "d7") || cannon(p, "f7")))
    {
        return Some(Answer::ReversePalaceHorses);
    }
    if after.iter().any(both_inner) {
        return Some(Answer::ScreenHorses);
    }
    if after
        .iter()
        .any(|p| (horse(p, "c7") && horse(p, "i7")) || (horse(p, "g7") && horse(p, "a7")))
    {
        return Some(Answer::SingleHorse);
    }
    if after.iter().any(|p| {
        (horse(p, "g7") && cannon(p, "i7") && horse(p, "b9"))
            || (horse(p, "c7") && cannon(p, "a7") && horse(p, "h9"))
    }) {
        return Some(Answer::ThreeStepTiger);
    }
    if black.iter().take(3).any(|&m| m == mv("h7h3")) {
        return Some(Answer::LeftCannonBlocksChariot);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Lang;

    fn of(iccs: &str) -> Option<Opening> {
        let moves: Vec<Move> = iccs.split_whitespace().map(mv).collect();
        opening_of(&Position::start(), &moves)
    }

    fn named(iccs: &str) -> String {
        of(iccs).map(|o| o.name(Lang::Zh)).unwrap_or_default()
    }

    #[test]
    fn families_from_either_side() {
        assert_eq!(named("h2e2"), "中炮");
        assert_eq!(named("b2e2"), "中炮");
        assert_eq!(named("c3c4"), "仙人指路");
        assert_eq!(named("c0e2"), "飞相局");
        assert_eq!(named("b0c2"), "起马局");
        assert_eq!(named("h2d2"), "过宫炮");
        assert_eq!(named("b2f2"), "过宫炮");
        assert_eq!(named("b2d2"), "仕角炮");
        assert_eq!(named("a0a1"), "");
    }

    #[test]
    fn cannons_from_the_same_or_opposite_side() {
        assert_eq!(named("h2e2 h7e7"), "顺炮");
        assert_eq!(named("b2e2 b7e7"), "顺炮");
        assert_eq!(named("h2e2 b7e7"), "列炮");
        assert_eq!(named("b2e2 h7e7"), "列炮");
        assert_eq!(named("h2e2 h9g7 h0g2 b7e7"), "中炮对半途列炮");
    }

    #[test]
    fn formations_whatever_the_move_order() {
        // 屏风马 either horse first, and mirrored.
        assert_eq!(named("h2e2 h9g7 h0g2 b9c7"), "中炮对屏风马");
        assert_eq!(named("h2e2 b9c7 h0g2 h9g7"), "中炮对屏风马");
        assert_eq!(named("b2e2 b9c7 b0c2 h9g7"), "中炮对屏风马");
        assert_eq!(named("b2e2 h9g7 b0c2 b7d7 a0a1 b9c7"), "中炮对反宫马");
        assert_eq!(named("h2e2 b9c7 h0g2 h9i7"), "中炮对单提马");
        assert_eq!(
            of("h2e2 h9g7 h0g2 i9h9 g3g4 h7i7").unwrap().name(Lang::En),
            "Central Cannon vs Three-step Tiger"
        );
    }

    #[test]
    fn answers_to_the_other_families() {
        assert_eq!(named("g3g4 c6c5"), "对兵局");
        assert_eq!(named("c3c4 b7c7"), "仙人指路对卒底炮");
        assert_eq!(named("g0e2 h7e7"), "飞相对左中炮");
        assert_eq!(named("b2f2 b7e7"), "过宫炮对左中炮");
        assert_eq!(named("c0e2 b7f7"), "飞相对左过宫炮");
    }

    #[test]
    fn a_set_position_has_no_opening() {
        let p = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1").unwrap();
        assert_eq!(opening_of(&p, &[mv("e0d0")]), None);
    }
}
