//! `xq chances`: fits the review's curve from centipawns to winning chances
//! ([`crate::engine::review::fit_chance_scale`]) to the scores and results of `xq data`'s
//! positions, so that the review's thresholds mean the same winning chances whatever evaluates.

use crate::engine::review::{chance_log_loss, fit_chance_scale, CHANCE_SCALE};

const USAGE: &str = "usage: xq chances DATA.xqpos...";

fn chances_cmd(args: &[String]) -> Result<(), String> {
    if let Some(a) = args.iter().find(|a| a.starts_with("--")) {
        return Err(format!("unknown argument `{a}`"));
    }
    if args.is_empty() {
        return Err("a positions file is needed".into());
    }
    let samples: Vec<(i32, f64)> = super::train::read_positions(args)?
        .iter()
        .map(|r| (i32::from(r.score), f64::from(r.result) / 2.0))
        .collect();
    let k =
        fit_chance_scale(&samples).ok_or("the positions fix no scale (none, or all at 0 cp)")?;
    // The centipawns that take an even position to a blunder's loss of winning chances (0.3).
    let blunder_cp = (1.3f64 / 0.7).ln() / k;
    println!(
        "{} positions: scale {k:.8} (log loss {:.6}; the review's {CHANCE_SCALE:.8}: {:.6}); \
         an even position loses a blunder's chances at {blunder_cp:.0} cp",
        samples.len(),
        chance_log_loss(&samples, k),
        chance_log_loss(&samples, CHANCE_SCALE)
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
