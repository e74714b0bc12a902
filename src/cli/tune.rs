//! `xq tune`: Texel tuning of the evaluation's weights on game records (the test set's games and
//! any JSON-lines games file, e.g. one `xq match --record` wrote); prints the error as it falls and
//! the weights that moved, and writes the tuned weights as the engine's data file with `--emit`.
//! With `--lambda` below 1 it tunes on the positions `xq label` scored, each labelled with that
//! share of its game's result and the rest from its score.

use super::flags::Flags;
use crate::engine::eval::WEIGHTS;
use crate::engine::tune::{blend, free_weights, hold_out, samples_from_jsonl, tune};
use crate::engine::weights::Weights;

const USAGE: &str = "usage: xq tune [--games FILE.jsonl]... [--no-test-set] [--skip PLIES] \
[--iterations N] [--step CP] [--hold-out N] [--lambda L] [--only NAME,NAME...] [--emit FILE.rs|-]";

/// Runs `xq tune`.
pub fn run(args: &[String]) -> i32 {
    match tune_cmd(args) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("xq tune: {e}\n{USAGE}");
            2
        }
    }
}

fn tune_cmd(args: &[String]) -> Result<(), String> {
    let mut files = Vec::new();
    let mut test_set = true;
    let (mut skip, mut iterations, mut step, mut emit) = (10usize, 20usize, 4i32, None);
    let mut every = 5usize;
    let mut only = String::new();
    let mut lambda = 1.0f64;
    let mut flags = Flags::new(args);
    while let Some(a) = flags.next() {
        match a {
            "--games" => files.push(flags.value(a)?),
            "--no-test-set" => test_set = false,
            "--skip" => skip = flags.number(a)?,
            "--iterations" => iterations = flags.number(a)?,
            "--step" => step = flags.number::<i32>(a)?.max(1),
            "--emit" => emit = Some(flags.value(a)?),
            "--hold-out" => every = flags.number(a)?,
            "--only" => only = flags.value(a)?,
            "--lambda" => {
                lambda = flags.number(a)?;
                if !(0.0..=1.0).contains(&lambda) {
                    return Err(format!("--lambda: {lambda} is not between 0 and 1"));
                }
            }
            _ => return Err(format!("unknown argument `{a}`")),
        }
    }
    let free = if only.is_empty() {
        Vec::new()
    } else {
        free_weights(&only.split(',').map(str::trim).collect::<Vec<_>>())?
    };
    if let Some(path) = emit.as_deref().filter(|&p| p != "-") {
        super::check_output(path)?;
    }
    let mut samples = Vec::new();
    // The test set is built in; other games are read from their files.
    let built_in = test_set.then_some((super::TEST_SET_NAME, Some(super::TEST_SET)));
    for (f, text) in built_in
        .into_iter()
        .chain(files.iter().map(|f| (f.as_str(), None)))
    {
        let read;
        let text = match text {
            Some(t) => t,
            None => {
                read = super::read_games(f)?;
                read.as_str()
            }
        };
        let s = samples_from_jsonl(text, skip).map_err(|e| format!("{f}: {e}"))?;
        println!("{f}: {} positions", s.len());
        samples.extend(s);
    }
    if lambda < 1.0 {
        let k = blend(&mut samples, lambda)
            .ok_or("--lambda below 1 needs games with `scores` (xq label)")?;
        println!(
            "{} positions with a score; labels {lambda} result, {} score (its K {k:.3})",
            samples.len(),
            1.0 - lambda
        );
    }
    if samples.is_empty() {
        return Err("no position of a finished game to tune on".into());
    }
    let (train, validation) = hold_out(samples, every);
    println!(
        "{} positions to tune on, {} held out (every {every}th game)",
        train.len(),
        validation.len()
    );
    let t = tune(
        &train,
        &validation,
        WEIGHTS,
        &free,
        iterations,
        step,
        |i, e, v| {
            println!("pass {i}: error {e:.6}, held out {v:.6}");
        },
    );
    let (w, k) = (t.weights, t.k);
    println!(
        "K {k:.3}: error {:.6} -> {:.6}, held out {:.6} -> {:.6}",
        t.train.0, t.train.1, t.validation.0, t.validation.1
    );
    let names = Weights::names();
    for ((n, old), new) in names.iter().zip(WEIGHTS.params()).zip(w.params()) {
        if old != new {
            println!("  {n}: {old} -> {new}");
        }
    }
    match emit.as_deref() {
        Some("-") => print!("{}", w.to_rust()),
        Some(path) => std::fs::write(path, w.to_rust()).map_err(|e| format!("{path}: {e}"))?,
        None => {}
    }
    Ok(())
}
