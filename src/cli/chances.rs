//! `xq chances`: fits the review's curve from centipawns to winning chances
//! ([`crate::engine::review::fit_chance_scale`]) to the scores and results of `xq data`'s
//! positions, so that the review's thresholds mean the same winning chances whatever evaluates.

use crate::engine::nnue::data::read_all;
use crate::engine::review::{fit_chance_scale, CHANCE_SCALE};

const USAGE: &str = "usage: xq chances DATA.xqpos...";

/// The largest positions file read, as `xq train` reads them.
const MAX_DATA_BYTES: usize = 1 << 30;

fn chances_cmd(args: &[String]) -> Result<(), String> {
    if let Some(a) = args.iter().find(|a| a.starts_with("--")) {
        return Err(format!("unknown argument `{a}`"));
    }
    let inputs = args;
    if inputs.is_empty() {
        return Err("a positions file is needed".into());
    }
    let mut samples = Vec::new();
    for f in inputs {
        let bytes = super::read_capped(Some(f), MAX_DATA_BYTES).map_err(|e| format!("{f}: {e}"))?;
        let records = read_all(&bytes).map_err(|e| format!("{f}: {e}"))?;
        samples.extend(
            records
                .iter()
                .map(|r| (i32::from(r.score), f64::from(r.result) / 2.0)),
        );
    }
    let k =
        fit_chance_scale(&samples).ok_or("the positions fix no scale (none, or all at 0 cp)")?;
    let loss = |k: f64| {
        samples
            .iter()
            .map(|&(cp, y)| {
                let p = 1.0 / (1.0 + (-k * f64::from(cp.clamp(-1000, 1000))).exp());
                -(y * p.max(1e-12).ln() + (1.0 - y) * (1.0 - p).max(1e-12).ln())
            })
            .sum::<f64>()
            / samples.len() as f64
    };
    // The centipawns that take an even position to a blunder's loss of winning chances (0.3).
    let blunder_cp = (1.3f64 / 0.7).ln() / k;
    println!(
        "{} positions: scale {k:.8} (log loss {:.6}; the review's {CHANCE_SCALE:.8}: {:.6}); \
         an even position loses a blunder's chances at {blunder_cp:.0} cp",
        samples.len(),
        loss(k),
        loss(CHANCE_SCALE)
    );
    Ok(())
}

/// Runs `xq chances`.
pub fn run(args: &[String]) -> i32 {
    match chances_cmd(args) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("xq chances: {e}\n{USAGE}");
            2
        }
    }
}
