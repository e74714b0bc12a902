//! The Texel tuner on a small part of the test set: its error falls, and the weights it writes
//! are Rust the engine's data file accepts.

// Reads the games file from disk: not a wasm32 test.
#![cfg(not(target_arch = "wasm32"))]

use std::path::Path;
use xiangqi_club::engine::eval::WEIGHTS;
use xiangqi_club::engine::tune::{error, fit_k, hold_out, samples_from_jsonl, tune};
use xiangqi_club::engine::weights::Weights;

/// The first 20 finished games of the test set.
fn twenty_games() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/games/games.jsonl");
    let text = std::fs::read_to_string(path).expect("games.jsonl");
    text.lines()
        .filter(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("json");
            v["result"].as_str().is_some_and(|r| r != "*")
        })
        .take(20)
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn two_passes_lower_the_error_on_twenty_games() {
    let samples = samples_from_jsonl(&twenty_games(), 10).expect("samples");
    assert!(samples.len() > 300, "{} positions", samples.len());
    let k = fit_k(&samples, &WEIGHTS);
    assert!(k > 0.05 && k < 4.0, "K {k}");
    // K is the best fit: a curve a little steeper or flatter predicts worse.
    let e = error(&samples, &WEIGHTS, k);
    assert!(e <= error(&samples, &WEIGHTS, k * 1.2));
    assert!(e <= error(&samples, &WEIGHTS, k / 1.2));
    let mut passes = Vec::new();
    let t = tune(&samples, &[], WEIGHTS, &[], 2, 4, |i, e, v| {
        passes.push((i, e, v))
    });
    let (w, (before, after)) = (t.weights, t.train);
    assert_eq!(t.k, k);
    assert_eq!(before, e);
    assert_eq!(passes.len(), 2);
    assert!(after < before - 1e-4, "{before} -> {after}");
    assert!(passes[1].1 <= passes[0].1);
    assert_eq!(after, error(&samples, &w, k));
    assert_ne!(w, WEIGHTS);
    // What --emit writes names every weight with its tuned value.
    let src = w.to_rust();
    assert!(src.contains("pub const WEIGHTS: Weights = Weights {"));
    for (name, v) in Weights::names().iter().zip(w.params()) {
        if !name.contains('[') {
            assert!(src.contains(&format!("    {name}: {v},\n")), "{name}");
        }
    }
}

#[test]
fn held_out_games_stop_the_tuning_before_their_error_rises() {
    let samples = samples_from_jsonl(&twenty_games(), 10).expect("samples");
    let n = samples.len();
    let (train, validation) = hold_out(samples, 4);
    assert_eq!(train.len() + validation.len(), n);
    assert!(!validation.is_empty() && !train.is_empty());
    // No game is split between the two sets.
    assert!(train
        .iter()
        .all(|t| validation.iter().all(|v| v.game != t.game)));
    let mut passes = Vec::new();
    let t = tune(&train, &validation, WEIGHTS, &[], 6, 8, |i, e, v| {
        passes.push((i, e, v))
    });
    let (v_before, v_after) = t.validation;
    assert_eq!(v_before, error(&validation, &WEIGHTS, t.k));
    assert_eq!(v_after, error(&validation, &t.weights, t.k));
    assert!(v_after <= v_before);
    // The kept weights are those of the best held-out pass.
    let best = passes.iter().map(|p| p.2).fold(v_before, f64::min);
    assert_eq!(v_after, best);
}
