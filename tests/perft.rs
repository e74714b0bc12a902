//! Perft against published counts (tests/data/perft.tsv, agreed by Fairy-Stockfish and Pikafish).
//! Depths 1–3 run always; the deeper rows run with `cargo test --release -- --ignored`.

use xiangqi_club::xiangqi::perft::{divide, perft};
use xiangqi_club::xiangqi::Position;

struct Case {
    fen: String,
    depth: u32,
    nodes: u64,
}

fn cases() -> Vec<Case> {
    include_str!("data/perft.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("fen\t"))
        .map(|l| {
            let cols: Vec<&str> = l.split('\t').collect();
            Case {
                fen: cols[0].to_string(),
                depth: cols[1].parse().unwrap(),
                nodes: cols[2].parse().unwrap(),
            }
        })
        .collect()
}

fn check(filter: impl Fn(u32) -> bool) -> usize {
    let mut checked = 0;
    for c in cases().into_iter().filter(|c| filter(c.depth)) {
        let mut pos = Position::from_fen(&c.fen).unwrap_or_else(|e| panic!("{}: {e}", c.fen));
        assert_eq!(
            perft(&mut pos, c.depth),
            c.nodes,
            "perft {} of {}",
            c.depth,
            c.fen
        );
        checked += 1;
    }
    checked
}

#[test]
fn perft_up_to_depth_3_matches_published_counts() {
    assert_eq!(check(|d| d <= 3), 228);
}

#[test]
#[ignore = "deep perft: minutes in release mode"]
fn perft_deep_matches_published_counts() {
    assert_eq!(check(|d| d >= 4), 155);
}

#[test]
fn start_position_counts() {
    let mut pos = Position::start();
    assert_eq!([1, 2, 3].map(|d| perft(&mut pos, d)), [44, 1920, 79666]);
}

#[test]
fn divide_sums_to_perft_and_names_moves_in_iccs() {
    let mut pos = Position::start();
    let split = divide(&mut pos, 2);
    assert_eq!(split.len(), 44);
    assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 1920);
    assert!(split.iter().any(|(m, n)| m.to_string() == "h2e2" && *n > 0));
}
