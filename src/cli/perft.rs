//! `xq perft` and `xq bench`: move-generator counts and speed.

use crate::xiangqi::perft::{divide, perft as count, MAX_DEPTH};
use crate::xiangqi::Position;
use crate::xiangqi::START_FEN;
use std::time::Instant;

/// `xq perft "<FEN>" <depth> [--divide]`: prints the node count as its last line.
pub fn perft(args: &[String]) -> i32 {
    let divide_flag = args.iter().any(|a| a == "--divide");
    let rest: Vec<&String> = args.iter().filter(|a| *a != "--divide").collect();
    let (fen, depth) = match rest.as_slice() {
        [fen, depth] => (fen.as_str(), depth.as_str()),
        [depth] if depth.parse::<u32>().is_ok() => (START_FEN, depth.as_str()),
        _ => {
            eprintln!("usage: xq perft \"<FEN>\" <depth> [--divide]");
            return 2;
        }
    };
    let depth = match depth_arg(depth) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("xq perft: {e}");
            return 2;
        }
    };
    let mut pos = match Position::from_fen(fen) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("xq perft: {e}");
            return 1;
        }
    };
    if divide_flag && depth > 0 {
        let split = divide(&mut pos, depth);
        for (m, n) in &split {
            println!("{m} {n}");
        }
        println!("{}", split.iter().map(|(_, n)| n).sum::<u64>());
    } else {
        println!("{}", count(&mut pos, depth));
    }
    0
}

/// `xq bench [depth]`: perft from the start position (default depth 5), timed.
pub fn bench(args: &[String]) -> i32 {
    let depth = match args.first().map(|d| depth_arg(d)) {
        None => 5,
        Some(Ok(d)) => d,
        Some(Err(e)) => {
            eprintln!("xq bench: {e}\nusage: xq bench [depth]");
            return 2;
        }
    };
    let mut pos = Position::start();
    let t = Instant::now();
    let nodes = count(&mut pos, depth);
    let secs = t.elapsed().as_secs_f64();
    println!("perft {depth} start position: {nodes} nodes in {secs:.3} s");
    println!("{:.0} nodes/s", nodes as f64 / secs.max(1e-9));
    0
}

/// A depth from 0 to [`MAX_DEPTH`]; deeper would only exhaust the stack or the afternoon.
fn depth_arg(text: &str) -> Result<u32, String> {
    match text.parse::<u32>() {
        Ok(d) if d <= MAX_DEPTH => Ok(d),
        Ok(d) => Err(format!("depth {d} is above the limit of {MAX_DEPTH}")),
        Err(_) => Err(format!("depth must be a whole number, got `{text}`")),
    }
}
