//! The theme tagger: names what a puzzle's solution does, from the moves alone (no engine).
//!
//! Every detector looks at the solver's moves and the final position; the mate patterns only at a
//! final checkmate. Material is counted in rule 25.3's units (a horse or cannon 5, a chariot 10).

use super::puzzle::{seed_rating, Puzzle, Theme};
use crate::xiangqi::rules::attacks::{attackers, attacks};
use crate::xiangqi::rules::material::value;
use crate::xiangqi::{Color, Move, Position, Role, Setup, Square};

/// The most chariots, horses and cannons (both sides together) an endgame has.
pub const ENDGAME_PIECES: usize = 4;
/// The least material the solver must be down, against the start, for a sacrifice.
pub const SACRIFICE: i32 = 4;

/// The themes of `puzzle`, in [`Theme::all`]'s order.
pub fn tag(puzzle: &Puzzle) -> Vec<Theme> {
    let solver = puzzle.solver();
    // positions[k]: after the first k moves (k = 1 is where the solver starts).
    let mut positions = vec![puzzle.start()];
    for &m in &puzzle.moves {
        let mut next = positions[positions.len() - 1].clone();
        next.play_unchecked(m);
        positions.push(next);
    }
    let last = &positions[positions.len() - 1];
    let solver_moves: Vec<(usize, Move)> = puzzle
        .moves
        .iter()
        .copied()
        .enumerate()
        .filter(|(i, _)| i % 2 == 1)
        .collect();
    let mated = last.is_checkmate() || last.is_stalemate();
    let mut themes = Vec::new();
    if mated {
        let n = puzzle.solver_moves().min(usize::from(Theme::MAX_MATE)) as u8;
        themes.push(Theme::MateIn(n));
    } else {
        themes.push(Theme::MaterialWin);
    }
    if mated && last.is_checkmate() {
        themes.extend(mate_patterns(last, solver, &puzzle.moves));
    }
    let fork = solver_moves
        .iter()
        .any(|&(i, m)| forks(&positions[i + 1], m.to, solver));
    if fork {
        themes.push(Theme::Fork);
    }
    if solver_moves
        .iter()
        .any(|&(i, m)| takes_pinned(&positions[i], m, solver))
    {
        themes.push(Theme::Pin);
    }
    if solver_moves
        .iter()
        .any(|&(i, m)| discovers(&positions[i], &positions[i + 1], m, solver))
    {
        themes.push(Theme::DiscoveredAttack);
    }
    let start = balance(&positions[1], solver);
    // After each reply: material the solver gave and the opponent took.
    let gave = (3..positions.len())
        .step_by(2)
        .any(|k| balance(&positions[k], solver) <= start - SACRIFICE);
    if gave {
        themes.push(Theme::Sacrifice);
    }
    let majors = positions[1]
        .pieces()
        .filter(|(_, p)| matches!(p.role, Role::Chariot | Role::Horse | Role::Cannon))
        .count();
    if majors <= ENDGAME_PIECES {
        themes.push(Theme::Endgame);
    }
    themes.sort();
    themes.dedup();
    themes
}

/// A new puzzle's rating from its solution and `themes`: longer is harder ([`seed_rating`]), and
/// a quiet first move (no capture, no check) or a sacrifice harder still.
pub fn seed(puzzle: &Puzzle, themes: &[Theme]) -> f64 {
    let mate = themes.iter().any(|t| matches!(t, Theme::MateIn(_)));
    let mut rating = seed_rating(puzzle.solver_moves(), mate);
    let first = puzzle.position_after(1);
    let m = puzzle.moves[1];
    if first.piece_at(m.to).is_none() && !first.gives_check(m) {
        rating += 150.0;
    }
    if themes.contains(&Theme::Sacrifice) {
        rating += 100.0;
    }
    rating.min(2800.0)
}

/// The solver's material minus the opponent's, kings left out.
fn balance(pos: &Position, solver: Color) -> i32 {
    pos.pieces()
        .filter(|(_, p)| p.role != Role::King)
        .map(|(s, p)| {
            if p.color == solver {
                value(p, s)
            } else {
                -value(p, s)
            }
        })
        .sum()
}

/// The points strictly between two points on one file or rank (empty otherwise).
fn between(a: Square, b: Square) -> Vec<Square> {
    let (af, ar, bf, br) = (
        a.file() as i32,
        a.rank() as i32,
        b.file() as i32,
        b.rank() as i32,
    );
    if af != bf && ar != br {
        return Vec::new();
    }
    let (df, dr) = ((bf - af).signum(), (br - ar).signum());
    let mut out = Vec::new();
    let (mut f, mut r) = (af + df, ar + dr);
    while (f, r) != (bf, br) {
        out.extend(Square::new(f as u8, r as u8));
        f += df;
        r += dr;
    }
    out
}

/// The king's orthogonal neighbours inside its palace.
fn palace_steps(king: Square, color: Color) -> Vec<Square> {
    let (f, r) = (king.file() as i32, king.rank() as i32);
    [(0, 1), (0, -1), (1, 0), (-1, 0)]
        .into_iter()
        .filter_map(|(df, dr)| {
            let (nf, nr) = (f + df, r + dr);
            if !(0..9).contains(&nf) || !(0..10).contains(&nr) {
                return None;
            }
            Square::new(nf as u8, nr as u8).filter(|s| s.in_palace(color))
        })
        .collect()
}

/// The named mates of a checkmate `last` given by `solver` after `moves`.
fn mate_patterns(last: &Position, solver: Color, moves: &[Move]) -> Vec<Theme> {
    let loser = solver.other();
    let king = last.king(loser);
    let own_king = last.king(solver);
    let checkers = attackers(last, king, solver);
    let mut themes = Vec::new();
    let role = |s: Square| last.piece_at(s).map(|p| p.role);
    for &c in &checkers {
        match role(c) {
            Some(Role::Cannon) => {
                let screens: Vec<Square> = between(c, king)
                    .into_iter()
                    .filter(|&s| last.piece_at(s).is_some())
                    .collect();
                let screen = screens.first().and_then(|&s| last.piece_at(s));
                match screen {
                    Some(p) if p.color == solver && p.role == Role::Horse => {
                        themes.push(Theme::HorseCannon)
                    }
                    Some(p) if p.color == solver && p.role == Role::Cannon => {
                        themes.push(Theme::DoubleCannon)
                    }
                    _ => {}
                }
                let steps = palace_steps(king, loser);
                let hemmed = steps
                    .iter()
                    .all(|&s| last.piece_at(s).is_some_and(|p| p.color == loser));
                let advisor = steps
                    .iter()
                    .any(|&s| last.piece_at(s).is_some_and(|p| p.role == Role::Advisor));
                if hemmed && advisor {
                    themes.push(Theme::Smothered);
                }
            }
            Some(Role::Horse) => {
                // The trough points: two files off the centre, on the palace's river-side rank.
                let rank = if loser == Color::Black { 7 } else { 2 };
                if c.rank() == rank && (c.file() == 2 || c.file() == 6) {
                    themes.push(Theme::TroughHorse);
                }
            }
            Some(Role::Chariot) => {
                let centre_cannon = last
                    .pieces()
                    .any(|(s, p)| p.color == solver && p.role == Role::Cannon && s.file() == 4);
                if centre_cannon && (king.file() == 3 || king.file() == 5) {
                    themes.push(Theme::IronBolt);
                }
                let chariots = last
                    .pieces()
                    .filter(|(_, p)| p.color == solver && p.role == Role::Chariot)
                    .count();
                // The last two solver moves made by two different chariots, both checking.
                let solver_moves: Vec<Move> = moves.iter().skip(1).step_by(2).copied().collect();
                if chariots >= 2 && solver_moves.len() >= 2 {
                    let a = solver_moves[solver_moves.len() - 2];
                    let b = solver_moves[solver_moves.len() - 1];
                    let a_piece = chariot_moved(moves, a);
                    if a_piece && b.from != a.to {
                        themes.push(Theme::DoubleChariot);
                    }
                }
            }
            _ => {}
        }
    }
    // The own king holds a point of the mated king's palace along its open file.
    let faces = palace_steps(king, loser).into_iter().any(|s| {
        s.file() == own_king.file()
            && last.piece_at(s).is_none()
            && between(own_king, s)
                .iter()
                .all(|&b| last.piece_at(b).is_none())
    }) || (king.file() == own_king.file()
        && between(own_king, king)
            .iter()
            .all(|&b| last.piece_at(b).is_none()));
    if faces {
        themes.push(Theme::FacingKings);
    }
    themes
}

/// Whether solver move `m` of `moves` moved a chariot that checked (replayed from the start is
/// not needed: a chariot ends where the move ends, so look at who stands there at the end).
fn chariot_moved(moves: &[Move], m: Move) -> bool {
    // The piece that made `m` is the one standing on `m.to` unless it moved again later.
    let idx = moves.iter().position(|&x| x == m).unwrap_or(0);
    !moves[idx + 1..].iter().any(|x| x.from == m.to) || moves.last() == Some(&m)
}

/// Whether the piece now on `at` attacks two or more of the opponent's king, chariots, horses and
/// cannons.
fn forks(after: &Position, at: Square, solver: Color) -> bool {
    let targets = attacks(after, at)
        .into_iter()
        .filter(|&s| {
            after.piece_at(s).is_some_and(|p| {
                p.color != solver
                    && matches!(
                        p.role,
                        Role::King | Role::Chariot | Role::Horse | Role::Cannon
                    )
            })
        })
        .count();
    targets >= 2
}

/// Whether `m` captures a chariot, horse or cannon that could not have moved away: without it,
/// its king would stand in check (or face the other king).
fn takes_pinned(before: &Position, m: Move, solver: Color) -> bool {
    let Some(victim) = before.piece_at(m.to) else {
        return false;
    };
    if victim.color == solver || !matches!(victim.role, Role::Chariot | Role::Horse | Role::Cannon)
    {
        return false;
    }
    let mut setup: Setup = before.to_setup();
    setup.board[m.to.index()] = None;
    setup.turn = victim.color;
    match Position::from_setup(&setup) {
        Ok(p) => p.is_king_attacked(victim.color),
        Err(_) => true,
    }
}

/// Whether `m` uncovers a check: a chariot or cannon of the solver checks after it and not
/// before, and `m` left the line between that piece and the king.
fn discovers(before: &Position, after: &Position, m: Move, solver: Color) -> bool {
    let king = after.king(solver.other());
    let was: Vec<Square> = attackers(before, king, solver);
    attackers(after, king, solver).into_iter().any(|c| {
        c != m.to
            && !was.contains(&c)
            && matches!(
                after.piece_at(c).map(|p| p.role),
                Some(Role::Chariot | Role::Cannon)
            )
            && between(c, king).contains(&m.from)
            && !between(c, king).contains(&m.to)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A puzzle from a FEN and its moves (the opponent's last move first).
    fn puzzle(fen: &str, moves: &[&str]) -> Puzzle {
        let list: Vec<String> = moves.iter().map(|m| format!("\"{m}\"")).collect();
        Puzzle::from_json(&format!(
            r#"{{"fen":"{fen}","moves":[{}]}}"#,
            list.join(",")
        ))
        .unwrap()
    }

    fn has(p: &Puzzle, t: Theme) -> bool {
        tag(p).contains(&t)
    }

    #[test]
    fn mate_in_one_by_a_chariot_on_the_back_rank_with_the_kings_facing() {
        // Red's pawn d7 takes d8, the e-file is Red's king's: 对面笑; few pieces: an endgame.
        let p = puzzle("3k5/9/3P5/p8/9/9/9/9/9/4K2R1 b - - 0 1", &["a6a5", "h0h9"]);
        let t = tag(&p);
        assert!(t.contains(&Theme::MateIn(1)), "{t:?}");
        assert!(t.contains(&Theme::FacingKings), "{t:?}");
        assert!(t.contains(&Theme::Endgame), "{t:?}");
        assert!(!t.contains(&Theme::MaterialWin), "{t:?}");
    }

    #[test]
    fn horse_and_cannon_mate() {
        // 马后炮: the horse e7 takes d9 and f9 and screens the cannon's check on the e-file.
        let p = puzzle("3k5/9/4N4/9/9/9/9/9/5K3/5C3 b - - 0 1", &["d9e9", "f0e0"]);
        let t = tag(&p);
        assert!(t.contains(&Theme::HorseCannon), "{t:?}");
        assert!(!t.contains(&Theme::DoubleCannon), "{t:?}");
    }

    #[test]
    fn double_cannon_mate() {
        // 重炮: the rear cannon mates over the front one; pawns d8 and f8 take the king's sides.
        let p = puzzle(
            "4k4/3P1P3/9/p8/4C4/9/9/9/9/3K1C3 b - - 0 1",
            &["a6a5", "f0e0"],
        );
        let t = tag(&p);
        assert!(t.contains(&Theme::DoubleCannon), "{t:?}");
        assert!(!t.contains(&Theme::HorseCannon), "{t:?}");
        assert!(
            !t.contains(&Theme::FacingKings),
            "the pawn on d8 shuts the d-file: {t:?}"
        );
    }

    #[test]
    fn smothered_mate() {
        // 闷宫: the king on d8 walled in by its advisors d9, d7 and its horse e8; the cannon
        // mates along rank 8 over the pawn b8.
        let p = puzzle(
            "3a5/1P1kn4/3a5/8p/9/9/9/9/9/C4K3 b - - 0 1",
            &["i6i5", "a0a8"],
        );
        let t = tag(&p);
        assert!(t.contains(&Theme::Smothered), "{t:?}");
        assert!(t.contains(&Theme::MateIn(1)), "{t:?}");
    }

    #[test]
    fn trough_horse_mate() {
        // 卧槽马: the horse on c7 mates the king on d9 (d8 held by the chariot a8, e9 by the king).
        let p = puzzle("3k5/R8/9/8p/1N7/9/9/9/9/4K4 b - - 0 1", &["i6i5", "b5c7"]);
        let t = tag(&p);
        assert!(t.contains(&Theme::TroughHorse), "{t:?}");
        assert!(t.contains(&Theme::FacingKings), "{t:?}");
        assert!(!t.contains(&Theme::Sacrifice), "{t:?}");
    }

    #[test]
    fn iron_bolt_mate() {
        // 铁门栓: the central cannon (over the elephant e7) holds e9; the chariot mates on the f-file.
        let p = puzzle("5k3/9/4b4/8p/9/9/9/4C4/R8/3K5 b - - 0 1", &["i6i5", "a1f1"]);
        let t = tag(&p);
        assert!(t.contains(&Theme::IronBolt), "{t:?}");
        assert!(t.contains(&Theme::MateIn(1)), "{t:?}");
    }

    #[test]
    fn double_chariot_mate() {
        // 双车错: one chariot checks on rank 9, the other mates on rank 8.
        let p = puzzle(
            "3k5/9/2P6/8p/9/9/9/1R7/R8/4K4 b - - 0 1",
            &["i6i5", "a1a9", "d9d8", "b2b8"],
        );
        let t = tag(&p);
        assert!(t.contains(&Theme::DoubleChariot), "{t:?}");
        assert!(t.contains(&Theme::MateIn(2)), "{t:?}");
        let one = puzzle("5k3/9/4b4/8p/9/9/9/4C4/R8/3K5 b - - 0 1", &["i6i5", "a1f1"]);
        assert!(!tag(&one).contains(&Theme::DoubleChariot));
    }

    #[test]
    fn fork() {
        // The horse checks from c7 and attacks the chariot a8, then takes it.
        let p = puzzle(
            "3k5/r8/9/8p/1N7/9/9/9/9/5K3 b - - 0 1",
            &["i6i5", "b5c7", "d9e9", "c7a8"],
        );
        let t = tag(&p);
        assert!(t.contains(&Theme::Fork), "{t:?}");
        assert!(t.contains(&Theme::MaterialWin), "{t:?}");
        assert!(!t.contains(&Theme::Pin), "{t:?}");
    }

    #[test]
    fn pin() {
        // The horse e7 cannot leave the e-file (the chariot would take the king): it is taken.
        let p = puzzle("4k4/9/4n4/8p/9/9/9/9/4R4/3K5 b - - 0 1", &["i6i5", "e1e7"]);
        let t = tag(&p);
        assert!(t.contains(&Theme::Pin), "{t:?}");
        assert!(!t.contains(&Theme::Fork), "{t:?}");
    }

    #[test]
    fn discovered_attack() {
        // The horse leaves the e-file and uncovers the chariot's check.
        let p = puzzle("4k4/9/9/8p/4N4/9/9/9/4R4/3K5 b - - 0 1", &["i6i5", "e5g6"]);
        assert!(has(&p, Theme::DiscoveredAttack), "{:?}", tag(&p));
        let pin = puzzle("4k4/9/4n4/8p/9/9/9/9/4R4/3K5 b - - 0 1", &["i6i5", "e1e7"]);
        assert!(!has(&pin, Theme::DiscoveredAttack));
    }

    #[test]
    fn sacrifice() {
        // The chariot is given up on i9 before the horse mates from the trough.
        let p = puzzle(
            "3k3r1/R8/9/p8/1N7/9/9/9/8R/4K4 b - - 0 1",
            &["a6a5", "i1i9", "h9i9", "b5c7"],
        );
        let t = tag(&p);
        assert!(t.contains(&Theme::Sacrifice), "{t:?}");
        assert!(t.contains(&Theme::TroughHorse), "{t:?}");
        assert!(t.contains(&Theme::MateIn(2)), "{t:?}");
    }

    #[test]
    fn quiet_moves_and_sacrifices_seed_higher_ratings() {
        let check = puzzle("3k5/R8/9/8p/1N7/9/9/9/9/4K4 b - - 0 1", &["i6i5", "b5c7"]);
        let sacrifice = puzzle(
            "3k3r1/R8/9/p8/1N7/9/9/9/8R/4K4 b - - 0 1",
            &["a6a5", "i1i9", "h9i9", "b5c7"],
        );
        assert_eq!(seed(&check, &tag(&check)), seed_rating(1, true));
        // Two moves, the first quiet, and a sacrifice: 150 + 150 + 100 over a mate in 1.
        assert_eq!(
            seed(&sacrifice, &tag(&sacrifice)),
            seed_rating(1, true) + 400.0
        );
    }

    #[test]
    fn endgame_only_with_few_pieces() {
        let full = puzzle(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            &["h2e2", "h9g7"],
        );
        assert!(!has(&full, Theme::Endgame));
        let few = puzzle("4k4/9/4n4/8p/9/9/9/9/4R4/3K5 b - - 0 1", &["i6i5", "e1e7"]);
        assert!(has(&few, Theme::Endgame));
    }
}
