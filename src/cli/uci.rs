//! `xq uci` (the Universal Chess Interface as Pikafish speaks it) and `xq bench search`.

use crate::engine::{Engine, Level, Limits, Root};
use crate::xiangqi::fen::START_FEN;
use crate::xiangqi::{Move, Position};
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::thread::JoinHandle;
use std::time::Instant;

const DEFAULT_HASH_MB: usize = 16;

/// Parses `position startpos|fen <FEN> [moves m1 m2 ...]`.
fn parse_position(args: &[&str]) -> Result<Root, String> {
    let (fen, rest) = match args.first() {
        Some(&"startpos") => (START_FEN.to_string(), &args[1..]),
        Some(&"fen") => {
            let end = args
                .iter()
                .position(|a| *a == "moves")
                .unwrap_or(args.len());
            (args[1..end].join(" "), &args[end..])
        }
        _ => return Err("position needs `startpos` or `fen`".into()),
    };
    let start = Position::from_fen(&fen).map_err(|e| format!("bad FEN: {e}"))?;
    let mut moves = Vec::new();
    if rest.first() == Some(&"moves") {
        for s in &rest[1..] {
            moves.push(Move::from_iccs(s).ok_or_else(|| format!("bad move `{s}`"))?);
        }
    }
    Root::new(start, &moves).map_err(|(m, e)| format!("illegal move {m}: {e}"))
}

/// Parses the arguments of `go` for the side to move (`red` true when Red moves).
fn parse_go(args: &[&str], red: bool) -> Limits {
    let mut limits = Limits::default();
    let (mut wtime, mut btime, mut winc, mut binc, mut togo) = (None, None, 0, 0, None);
    let mut it = args.iter();
    while let Some(&key) = it.next() {
        let mut num = || {
            it.next()
                .and_then(|v| v.parse::<i64>().ok())
                .map(|v| v.max(0) as u64)
        };
        match key {
            "depth" => limits.depth = num().map(|d| d as u32),
            "nodes" => limits.nodes = num(),
            "movetime" => limits.movetime_ms = num(),
            "wtime" => wtime = num(),
            "btime" => btime = num(),
            "winc" => winc = num().unwrap_or(0),
            "binc" => binc = num().unwrap_or(0),
            "movestogo" => togo = num(),
            _ => {}
        }
    }
    let (time, inc) = if red { (wtime, winc) } else { (btime, binc) };
    if let (Some(t), None) = (time, limits.movetime_ms) {
        limits.movetime_ms = Limits::from_clock(t, inc, togo).movetime_ms;
    }
    limits
}

/// `xq uci`: reads commands from stdin until `quit` (or end of input); `stop` works mid-search.
pub fn run(_args: &[String]) -> i32 {
    let (tx, rx) = mpsc::channel::<String>();
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut engine = Some(Engine::new(DEFAULT_HASH_MB));
    let mut root = Root::new(Position::start(), &[]).unwrap_or_else(|_| unreachable!());
    let stop = Arc::new(AtomicBool::new(false));
    let mut running: Option<JoinHandle<Engine>> = None;
    let mut level = Level::FULL;
    let say = |s: &str| {
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{s}");
        let _ = out.flush();
    };
    let finish = |running: &mut Option<JoinHandle<Engine>>, engine: &mut Option<Engine>| {
        if let Some(h) = running.take() {
            *engine = h.join().ok();
        }
    };
    for line in rx {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&cmd, args)) = words.split_first() else {
            continue;
        };
        match cmd {
            "uci" => {
                say("id name xq (xiangqi-club)");
                say("id author xiangqi-club");
                say(&format!(
                    "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max 1024"
                ));
                say("option name Level type spin default 8 min 1 max 8");
                say("uciok");
            }
            "isready" => say("readyok"),
            "setoption" => {
                finish(&mut running, &mut engine);
                let name = args.iter().position(|a| *a == "name");
                let value = args.iter().position(|a| *a == "value");
                if let (Some(n), Some(v)) = (name, value) {
                    let key = args[n + 1..v].join(" ").to_lowercase();
                    let val = args.get(v + 1).and_then(|v| v.parse::<usize>().ok());
                    match (key.as_str(), val) {
                        ("hash", Some(mb)) => engine = Some(Engine::new(mb.clamp(1, 1024))),
                        ("level", Some(l)) => level = Level::new(l.min(255) as u8),
                        _ => say(&format!("info string unknown option {key}")),
                    }
                }
            }
            "ucinewgame" => {
                finish(&mut running, &mut engine);
                if let Some(e) = engine.as_mut() {
                    e.clear();
                }
            }
            "position" => {
                finish(&mut running, &mut engine);
                match parse_position(args) {
                    Ok(r) => root = r,
                    Err(e) => say(&format!("info string {e}")),
                }
            }
            "go" => {
                finish(&mut running, &mut engine);
                let Some(mut e) = engine.take() else { continue };
                let limits = parse_go(args, root.position().turn() == crate::xiangqi::Color::Red);
                // `go infinite` answers only after `stop`, even if the search ends first (UCI).
                let infinite = args.contains(&"infinite");
                let root = root.clone();
                stop.store(false, Ordering::Relaxed);
                let stop = stop.clone();
                e.set_level(level, 0);
                running = Some(std::thread::spawn(move || {
                    let t0 = Instant::now();
                    let now = move || t0.elapsed().as_secs_f64() * 1000.0;
                    let out = e.think(&root, limits, &now, &stop, &mut |i| {
                        let pv: Vec<String> = i.pv.iter().map(|m| m.to_string()).collect();
                        say(&format!(
                            "info depth {} seldepth {} score {} nodes {} nps {} time {} pv {}",
                            i.depth,
                            i.seldepth,
                            i.score.uci(),
                            i.nodes,
                            i.nps(),
                            i.time_ms,
                            pv.join(" ")
                        ));
                    });
                    while infinite && !stop.load(Ordering::Relaxed) {
                        std::thread::sleep(std::time::Duration::from_millis(5));
                    }
                    match (out.best, out.ponder) {
                        (Some(b), Some(p)) => say(&format!("bestmove {b} ponder {p}")),
                        (Some(b), None) => say(&format!("bestmove {b}")),
                        (None, _) => say("bestmove (none)"),
                    }
                    e
                }));
            }
            "stop" => {
                stop.store(true, Ordering::Relaxed);
                finish(&mut running, &mut engine);
            }
            "quit" => break,
            _ => say(&format!("info string unknown command {cmd}")),
        }
    }
    stop.store(true, Ordering::Relaxed);
    finish(&mut running, &mut engine);
    0
}

/// The fixed positions of `xq bench search`: opening, middlegames and endgames.
const BENCH: [&str; 6] = [
    START_FEN,
    "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 0 1",
    "r2akab2/9/2n1b1nc1/p1p1p3p/6p2/2P6/P3P1P1P/1CN1B1N2/4A4/1R1AK1B2 w - - 0 1",
    "2bak4/4a4/4b4/p3C4/9/2p6/P8/4B4/4A4/2BAK4 w - - 0 1",
    "3k5/4a4/4ba3/9/2n6/9/9/4B4/4A4/3AK1R2 w - - 0 1",
    "4k4/9/3a5/9/9/9/4p4/3AB4/4A4/3K5 b - - 0 1",
];

/// `xq bench search [depth]`: a fixed search of fixed positions; the node count is deterministic.
pub fn bench(args: &[String]) -> i32 {
    let depth = match args.first().map(|d| d.parse::<u32>()) {
        None => 9,
        Some(Ok(d)) if d > 0 => d,
        _ => {
            eprintln!("usage: xq bench search [depth]");
            return 2;
        }
    };
    let stop = AtomicBool::new(false);
    let (mut total, t0) = (0u64, Instant::now());
    for (i, fen) in BENCH.iter().enumerate() {
        let Ok(pos) = Position::from_fen(fen) else {
            eprintln!("xq bench search: bad built-in FEN {fen}");
            return 1;
        };
        let root = Root::new(pos, &[]).unwrap_or_else(|_| unreachable!());
        let mut engine = Engine::new(DEFAULT_HASH_MB);
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        let out = engine.think(&root, limits, &|| 0.0, &stop, &mut |_| {});
        total += out.info.nodes;
        let best = out.best.map_or("(none)".to_string(), |m| m.to_string());
        println!(
            "position {}: depth {depth} nodes {} score {} bestmove {best}",
            i + 1,
            out.info.nodes,
            out.info.score.uci()
        );
    }
    let secs = t0.elapsed().as_secs_f64();
    println!("search bench depth {depth}: {total} nodes in {secs:.3} s");
    println!("{:.0} nodes/s", total as f64 / secs.max(1e-9));
    0
}
