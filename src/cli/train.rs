//! `xq train`: fits the network ([`crate::engine::nnue`]) to the positions `xq data` wrote and
//! writes its quantised weights, which `xq uci` loads with `setoption name EvalFile value PATH`.

use super::flags::Flags;
use crate::engine::nnue::data::read_all;
use crate::engine::nnue::train::{samples, train, Settings};
use crate::engine::nnue::{FILE_BYTES, HIDDEN, INPUTS};
use std::time::Instant;

const USAGE: &str = "usage: xq train [--epochs N] [--batch N] [--lr R] [--lambda L] [--k K] \
[--seed S] [--threads N] [--hold-out N] --out FILE.nnue DATA.xqpos...";

/// The largest positions file read (about 20 million positions).
const MAX_DATA_BYTES: usize = 1 << 30;

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
            "--out" => out = flags.value(a)?,
            f if !f.starts_with("--") => inputs.push(f.to_string()),
            _ => return Err(format!("unknown argument `{a}`")),
        }
    }
    if out.is_empty() || inputs.is_empty() {
        return Err("--out and a positions file are needed".into());
    }
    super::check_output(&out)?;
    let mut records = Vec::new();
    for f in &inputs {
        let bytes = super::read_capped(Some(f), MAX_DATA_BYTES).map_err(|e| format!("{f}: {e}"))?;
        records.extend(read_all(&bytes).map_err(|e| format!("{f}: {e}"))?);
    }
    let (train_set, held) = samples(&records, &s);
    if train_set.is_empty() {
        return Err("no position to train on".into());
    }
    println!(
        "{} positions to train on, {} held out (games numbered a multiple of {}); \
         {INPUTS} inputs -> {HIDDEN} x 2 -> 1, lambda {}, K {}, batch {}, lr {}, seed {}",
        train_set.len(),
        held.len(),
        s.hold_out,
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
    println!(
        "epoch {} kept: held out {:.6} as integers; {FILE_BYTES} bytes into {out} in {:.1} s",
        t.best,
        t.quantised_validation,
        t0.elapsed().as_secs_f64()
    );
    Ok(())
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
