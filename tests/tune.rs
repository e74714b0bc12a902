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

/// `xq label` with `xq`'s own engine as the deeper search, then `xq tune` on what it wrote.
#[test]
fn labelled_games_tune_on_a_blend_of_result_and_score() {
    let xq = env!("CARGO_BIN_EXE_xq");
    let dir = std::env::temp_dir().join(format!("xq-label-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let (games, out) = (dir.join("games.jsonl"), dir.join("scored.jsonl"));
    let two: Vec<String> = twenty_games().lines().take(2).map(String::from).collect();
    std::fs::write(&games, two.join("\n")).expect("write");
    let run = |args: &[&str]| {
        let o = std::process::Command::new(xq)
            .args(args)
            .output()
            .expect("xq");
        let text = String::from_utf8_lossy(&o.stdout).to_string();
        assert!(
            o.status.success(),
            "{args:?}: {text}{}",
            String::from_utf8_lossy(&o.stderr)
        );
        text
    };
    let engine = format!("{xq} uci");
    let said = run(&[
        "label",
        "--engine",
        &engine,
        "--go",
        "depth 2",
        "--jobs",
        "2",
        "--out",
        out.to_str().unwrap(),
        games.to_str().unwrap(),
    ]);
    let written = std::fs::read_to_string(&out).expect("scored");
    let samples = samples_from_jsonl(&written, 10).expect("samples");
    // Every position the tuner reads has a score, and only those.
    assert!(
        said.starts_with(&format!("{} positions scored", samples.len())),
        "{said}"
    );
    assert!(samples.iter().all(|s| s.score.is_some()));
    for (l, original) in written.lines().zip(&two) {
        let v: serde_json::Value = serde_json::from_str(l).unwrap();
        let o: serde_json::Value = serde_json::from_str(original).unwrap();
        assert_eq!(v["moves_iccs"], o["moves_iccs"]);
        assert_eq!(v["start_fen"], o["start_fen"]);
        assert_eq!(v["result"], o["result"]);
        let scores = v["scores"].as_array().unwrap();
        assert_eq!(scores.len(), o["moves_iccs"].as_array().unwrap().len());
        assert!(scores[..10].iter().all(|s| s.is_null()));
    }
    let tuned = run(&[
        "tune",
        "--no-test-set",
        "--games",
        out.to_str().unwrap(),
        "--lambda",
        "0.5",
        "--iterations",
        "1",
        "--hold-out",
        "0",
    ]);
    assert!(
        tuned.contains(&format!(
            "{} positions with a score; labels 0.5 result",
            samples.len()
        )),
        "{tuned}"
    );
    assert!(tuned.contains("pass 1: error"), "{tuned}");
    // Games without scores cannot be blended: a clear refusal, not a tuning on nothing.
    let o = std::process::Command::new(xq)
        .args([
            "tune",
            "--no-test-set",
            "--games",
            games.to_str().unwrap(),
            "--lambda",
            "0.5",
        ])
        .output()
        .expect("xq");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("needs games with `scores`"));
    std::fs::remove_dir_all(&dir).ok();
}

/// The scored games the weights were tuned on: a score for every position the tuner reads.
#[test]
fn every_position_the_tuner_reads_in_the_scored_games_has_a_score() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/tuning/scored");
    let mut total = 0;
    for entry in std::fs::read_dir(&dir).expect("scored/") {
        let path = entry.expect("entry").path();
        let text = std::fs::read_to_string(&path).expect("read");
        let samples = samples_from_jsonl(&text, 10).expect("samples");
        assert!(samples.iter().all(|s| s.score.is_some()), "{path:?}");
        total += samples.len();
    }
    // The count tests/data/tuning/README.md gives.
    assert_eq!(total, 75_689);
}
