//! Property tests over random playouts: unmake restores everything, FEN round-trips, and no
//! generated move leaves the mover's king attacked or the kings facing (article 4.1.2).

use xiangqi_club::rng::Rng;
use xiangqi_club::xiangqi::{Color, Position, Role};

fn starts() -> Vec<Position> {
    include_str!("data/perft.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("fen\t"))
        .map(|l| l.split('\t').next().unwrap())
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .map(|f| Position::from_fen(f).unwrap())
        .collect()
}

fn kings_facing(p: &Position) -> bool {
    let (r, b) = (p.king(Color::Red), p.king(Color::Black));
    r.file() == b.file()
        && (r.rank() + 1..b.rank()).all(|rank| {
            p.piece_at(xiangqi_club::xiangqi::Square::new(r.file(), rank).unwrap())
                .is_none()
        })
}

#[test]
fn random_playouts_keep_every_invariant() {
    let mut rng = Rng::new(20261129);
    let mut plies = 0;
    for start in starts() {
        for _ in 0..8 {
            let mut pos = start.clone();
            let mut history = Vec::new();
            for _ in 0..120 {
                let moves = pos.legal_moves();
                for &m in &moves {
                    let mover = pos.turn();
                    let after = pos.after(m).expect("generated moves are legal");
                    assert!(
                        !after.is_king_attacked(mover),
                        "{m} leaves the king attacked in {pos}"
                    );
                    assert!(
                        !kings_facing(&after),
                        "{m} leaves the kings facing in {pos}"
                    );
                    assert_ne!(after.piece_at(m.to).map(|p| p.role), None);
                }
                if moves.is_empty() {
                    assert!(pos.is_checkmate() || pos.is_stalemate());
                    break;
                }
                let m = moves.as_slice()[rng.below(moves.len())];
                let before = pos.clone();
                let undo = pos.play_unchecked(m);
                assert_eq!(
                    pos.hash(),
                    pos.hash_from_scratch(),
                    "incremental hash after {m}"
                );
                let reparsed = Position::from_fen(&pos.fen())
                    .expect("every reachable position prints a valid FEN");
                assert_eq!(reparsed, pos, "FEN round trip of {}", pos.fen());
                let mut back = pos.clone();
                back.undo(m, undo);
                assert_eq!(back, before, "undo of {m}");
                history.push((m, undo));
                plies += 1;
                if pos.pieces().all(|(_, p)| p.role == Role::King) {
                    break;
                }
            }
            // Unwinding the whole playout returns to the start exactly.
            while let Some((m, u)) = history.pop() {
                pos.undo(m, u);
            }
            assert_eq!(pos, start);
        }
    }
    assert!(plies > 10_000, "only {plies} plies were exercised");
}

#[test]
fn legal_moves_from_agrees_with_legal_moves() {
    let mut rng = Rng::new(7);
    for start in starts().into_iter().take(40) {
        let mut pos = start;
        for _ in 0..30 {
            let all = pos.legal_moves();
            if all.is_empty() {
                break;
            }
            let mut total = 0;
            for (sq, _) in pos.pieces().collect::<Vec<_>>() {
                let from = pos.legal_moves_from(sq);
                assert!(from.iter().all(|m| m.from == sq && all.contains(m)));
                total += from.len();
            }
            assert_eq!(total, all.len());
            for m in &all {
                assert!(pos.is_legal(*m));
            }
            let m = all.as_slice()[rng.below(all.len())];
            pos.play(m).unwrap();
        }
    }
}
