//! Whole-game review of a real game from the test set (g169, 60 moves, World Xiangqi
//! Championships 1997), through the worker's JSON protocol at the default limits with the shipped
//! network, as the app reviews: every position
//! evaluated, both sides' moves judged, the tree annotated without touching its main line, the
//! review kept through a PGN round trip so that reopening searches nothing.

use std::path::Path;
use std::time::Instant;
use xiangqi_club::engine::job::{run_job, Weights};
use xiangqi_club::engine::review::{
    annotate, missing, summarize, Analysis, Judgement, ReviewReport, ReviewRequest, Summary,
    DEFAULT_LIMITS,
};
use xiangqi_club::engine::Engine;
use xiangqi_club::xiangqi::notation::pgn::{read_tree, write_tree};
use xiangqi_club::xiangqi::notation::Notation;
use xiangqi_club::xiangqi::tree::GameTree;
use xiangqi_club::xiangqi::{Color, Move, Position};

/// The record `id` of the test set: its start FEN and moves.
fn record(id: &str) -> (String, Vec<String>) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/games/games.jsonl");
    let text = std::fs::read_to_string(path).expect("games.jsonl");
    for l in text.lines() {
        let v: serde_json::Value = serde_json::from_str(l).expect("json");
        if v["id"] == id {
            let moves = v["moves_iccs"]
                .as_array()
                .expect("moves")
                .iter()
                .map(|m| m.as_str().expect("iccs").to_string())
                .collect();
            return (v["start_fen"].as_str().expect("fen").into(), moves);
        }
    }
    panic!("no record {id}");
}

fn tree_of(fen: &str, moves: &[String]) -> GameTree {
    let mut t = GameTree::new(Position::from_fen(fen).unwrap());
    let mut at = t.root();
    for m in moves {
        at = t.add_move(at, Move::from_iccs(m).unwrap()).unwrap();
    }
    t
}

/// Runs the review request through the worker's entry point; returns the analyses by ply.
fn review(fen: &str, moves: &[String], plies: Option<Vec<usize>>) -> Vec<(usize, Analysis)> {
    let req = ReviewRequest {
        review: 1,
        fen: fen.into(),
        moves: moves.to_vec(),
        plies,
        limits: DEFAULT_LIMITS,
        network: true,
    };
    let net = std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("public/engine/ccpd.nnue"))
        .expect("the shipped network");
    let weights = Weights::of_bytes(&net);
    assert!(matches!(weights, Weights::Loaded(_)));
    let mut engine = Engine::new(32);
    let t0 = Instant::now();
    let mut reports: Vec<ReviewReport> = Vec::new();
    run_job(
        &mut engine,
        &serde_json::to_string(&req).unwrap(),
        &weights,
        &mut |s| reports.push(serde_json::from_str(&s).unwrap()),
        &|| t0.elapsed().as_secs_f64() * 1000.0,
    );
    eprintln!(
        "reviewed {} positions in {} ms",
        reports.len(),
        t0.elapsed().as_millis()
    );
    assert!(reports.last().is_some_and(ReviewReport::is_last));
    reports
        .iter()
        .map(|r| (r.ply, r.analysis().expect("no error")))
        .collect()
}

#[test]
fn a_real_game_is_reviewed_for_both_sides_and_the_review_survives_its_pgn() {
    let (fen, moves) = record("g169");
    assert_eq!(moves.len(), 120);
    let analyses = review(&fen, &moves, None);
    assert_eq!(analyses.len(), 121);
    let mut tree = tree_of(&fen, &moves);
    let main = tree.main_line();
    let summary = annotate(&mut tree, &analyses);
    assert_eq!(tree.main_line(), main, "the main line is never changed");
    assert!(summary.is_complete() && missing(&tree).is_empty());
    for side in [Color::Red, Color::Black] {
        let n: usize = Judgement::ALL.iter().map(|&j| summary.count(side, j)).sum();
        eprintln!(
            "{side:?}: {:?}",
            Judgement::ALL.map(|j| summary.count(side, j))
        );
        assert!(n > 0, "{side:?} made no inaccuracy in a 60-move game?");
    }
    // Black won (0-1): the graph ends on Black's side.
    assert!(summary.chances.last().unwrap().unwrap() < 0.0);
    // Every judged move carries its mark (none was set before), and every one whose better move
    // differs has it drawn before it and its line as a variation.
    let mut lines = 0;
    for j in &summary.judged {
        assert_eq!(tree.node(j.node).unwrap().nags, vec![j.judgement.nag()]);
        let before = tree.parent(j.node).unwrap();
        let best = analyses[j.ply - 1].1.best.unwrap();
        if Some(best) != tree.node(j.node).unwrap().mv() {
            let var = tree.children(before)[1];
            assert_eq!(tree.node(var).unwrap().mv(), Some(best), "ply {}", j.ply);
            let arrows = &tree.node(before).unwrap().arrows;
            assert!(arrows
                .iter()
                .any(|a| (a.from, a.to) == (best.from, best.to)));
            lines += 1;
        }
    }
    assert!(lines > 0);
    assert_eq!(tree.variation_count(), lines);

    // Reopened from its PGN (each notation): the same tree, nothing left to search, the same review.
    for n in [Notation::Chinese, Notation::Wxf, Notation::Iccs] {
        let text = write_tree(&tree, n);
        assert!(text.contains("[%eval "), "{n:?}");
        let mut back = read_tree(&text).unwrap();
        assert_eq!(back.first_difference(&tree), None, "{n:?}");
        assert!(missing(&back).is_empty());
        let key = |s: &Summary| -> Vec<_> {
            s.judged
                .iter()
                .map(|j| (j.ply, j.mover, j.judgement))
                .collect()
        };
        assert_eq!(key(&annotate(&mut back, &[])), key(&summarize(&tree)));
        assert_eq!(back.first_difference(&tree), None);
    }
}

#[test]
fn a_review_cut_short_asks_only_for_what_is_missing() {
    let (fen, moves) = record("g169");
    let moves = &moves[..10];
    let mut tree = tree_of(&fen, moves);
    let first = review(&fen, moves, Some((0..6).collect()));
    annotate(&mut tree, &first);
    assert_eq!(missing(&tree), (6..=10).collect::<Vec<_>>());
    let rest = review(&fen, moves, Some(missing(&tree)));
    assert_eq!(
        rest.iter().map(|(p, _)| *p).collect::<Vec<_>>(),
        missing(&tree)
    );
    annotate(&mut tree, &rest);
    assert!(missing(&tree).is_empty());
}
