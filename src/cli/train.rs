//! `xq train`: fits the network ([`crate::engine::nnue`]) to the positions `xq data` wrote and
//! writes its quantised weights, which `xq uci` loads with `setoption name EvalFile value PATH`.

use super::flags::Flags;
use crate::engine::eval::evaluate;
use crate::engine::nnue::data::{read_all, Record};
use crate::engine::nnue::train::{samples, sigmoid, train, Sample, Settings};
use crate::engine::nnue::{FILE_BYTES, HIDDEN, INPUTS};
use std::time::Instant;

const USAGE: &str = "usage: xq train [--epochs N] [--batch N] [--lr R] [--lambda L] [--k K] \
[--seed S] [--threads N] [--hold-out N] [--no-mirror] --out FILE.nnue DATA.xqpos...";

/// The largest positions file read (about 20 million positions).
const MAX_DATA_BYTES: usize = 1 << 30;

/// Every position of `xq data`'s files `inputs`, in order.
pub(super) fn read_positions(inputs: &[String]) -> Result<Vec<Record>, String> {
    let mut records = Vec::new();
    for f in inputs {
        let bytes = super::read_capped(Some(f), MAX_DATA_BYTES).map_err(|e| format!("{f}: {e}"))?;
        records.extend(read_all(&bytes).map_err(|e| format!("{f}: {e}"))?);
    }
    Ok(records)
}

fn train_cmd(args: &[String]) -> Result<(), String> {
    let mut s = Settings::default();
    let (mut out, mut inputs) = (String::new(), Vec::new());
    let mut flags = Flags::new(args);
    while let Some(a) = flags.next() {
        match a {
            "--epochs" => s.epochs = flags.number(a)?,
            "--batch" => s.batch = flags.number::<usize>(a)?.max(1),
            "--lr" => s.lr = flags.number(a)?,
            "--lambda" => {
                s.lambda = flags.number(a)?;
                if !(0.0..=1.0).contains(&s.lambda) {
                    return Err(format!("--lambda: {} is not between 0 and 1", s.lambda));
                }
            }
            "--k" => s.k = flags.number::<f32>(a)?.max(1.0),
            "--seed" => s.seed = flags.number(a)?,
            "--threads" => s.threads = flags.number::<usize>(a)?.max(1),
            "--hold-out" => s.hold_out = flags.number(a)?,
            "--no-mirror" => s.mirror = false,
            "--out" => out = flags.value(a)?,
            f if !f.starts_with("--") => inputs.push(f.to_string()),
            _ => return Err(format!("unknown argument `{a}`")),
        }
    }
    if out.is_empty() || inputs.is_empty() {
        return Err("--out and a positions file are needed".into());
    }
    super::check_output(&out)?;
    let records = read_positions(&inputs)?;
    let (train_set, held) = samples(&records, &s);
    if train_set.is_empty() {
        return Err("no position to train on".into());
    }
    println!(
        "{} positions to train on, {} held out (games numbered a multiple of {}); \
         {INPUTS} inputs -> {HIDDEN} x 2 -> 1, mirrored {}, lambda {}, K {}, batch {}, lr {}, seed {}",
        train_set.len(),
        held.len(),
        s.hold_out,
        s.mirror,
        s.lambda,
        s.k,
        s.batch,
        s.lr,
        s.seed
    );
    let t0 = Instant::now();
    let t = train(&train_set, &held, &s, &mut |i, e| {
        println!(
            "epoch {i}: loss {:.6}, held out {:.6} ({:.1} s)",
            e.train,
            e.validation,
            t0.elapsed().as_secs_f64()
        );
    });
    std::fs::write(&out, t.network.to_bytes()).map_err(|e| format!("{out}: {e}"))?;
    if let Some(hand) = hand_loss(&records, &s) {
        println!("the hand-written evaluation's held-out loss: {hand:.6}");
    }
    println!(
        "epoch {} kept: held out {:.6} as integers; {FILE_BYTES} bytes into {out} in {:.1} s",
        t.best,
        t.quantised_validation,
        t0.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The hand-written evaluation's loss on the held-out positions (what the network must beat).
fn hand_loss(records: &[Record], s: &Settings) -> Option<f64> {
    let held = records
        .iter()
        .filter(|r| s.hold_out > 0 && r.game.is_multiple_of(s.hold_out));
    let (mut total, mut n) = (0.0f64, 0usize);
    for r in held {
        let Ok(pos) = r.position() else { continue };
        let e = evaluate(&pos) as f32;
        let err = sigmoid(e / s.k) - Sample::new(r, s.lambda, s.k).target();
        total += (err * err) as f64;
        n += 1;
    }
    (n > 0).then(|| total / n as f64)
}

/// Runs `xq train`.
pub fn run(args: &[String]) -> i32 {
    match train_cmd(args) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("xq train: {e}\n{USAGE}");
            2
        }
    }
}
