//! `xq uci` (the Universal Chess Interface as Pikafish speaks it) and `xq bench search`.

use crate::engine::nnue::{Network, FILE_BYTES};
use crate::engine::{Engine, Level, Limits, Outcome, Root, MAX_MULTIPV};
use crate::xiangqi::START_FEN;
use crate::xiangqi::{Color, Move, Position};
use std::cell::RefCell;
use std::io::{BufRead, Read, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::thread::JoinHandle;
use std::time::Instant;

const DEFAULT_HASH_MB: usize = 16;
const MAX_HASH_MB: usize = 1024;
/// The longest command line read: a `position` with a whole game's moves is a few KB.
const MAX_LINE: usize = 1 << 20;

/// Prints one line to stdout at once (the search thread and the loop both speak).
fn say(s: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{s}");
    let _ = out.flush();
}

/// A one-line error on stderr; the loop goes on.
fn complain(s: &str) {
    eprintln!("xq uci: {s}");
}

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

/// A UCI number: whole, negative read as 0 and beyond `u64` as `u64::MAX` (GUIs send both).
fn number(text: &str) -> Option<u64> {
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(match text.starts_with('-') {
        true => 0,
        false => digits.parse().unwrap_or(u64::MAX),
    })
}

/// What `go` asks for.
#[derive(Debug, Default)]
struct Go {
    limits: Limits,
    /// Answer only after `stop`, even if the search ends first (UCI).
    infinite: bool,
    /// The root moves to search (`searchmoves`); empty for all.
    searchmoves: Vec<Move>,
}

/// The words of `go` that are not moves: `searchmoves` takes the moves up to the next of them.
const GO_WORDS: [&str; 12] = [
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
];

/// Parses the arguments of `go` for the side to move (`red` true when Red moves). A limit without
/// a whole number, or `searchmoves` with a word that is not a move, is refused, never ignored.
fn parse_go(args: &[&str], red: bool) -> Result<Go, String> {
    let mut limits = Limits::default();
    let (mut wtime, mut btime, mut winc, mut binc, mut togo) = (None, None, 0, 0, None);
    let mut infinite = false;
    let mut searchmoves = Vec::new();
    let mut it = args.iter().peekable();
    while let Some(&key) = it.next() {
        if key == "searchmoves" {
            while let Some(m) = it.next_if(|w| !GO_WORDS.contains(w)) {
                searchmoves.push(Move::from_iccs(m).ok_or_else(|| {
                    format!("go: searchmoves: `{m}` is not a move; not searching")
                })?);
            }
            if searchmoves.is_empty() {
                return Err("go: searchmoves needs moves; not searching".into());
            }
            continue;
        }
        let mut num = || {
            let v = it.next().copied();
            v.and_then(number).ok_or_else(|| match v {
                Some(v) => format!("go: {key} needs a whole number, not `{v}`; not searching"),
                None => format!("go: {key} needs a number; not searching"),
            })
        };
        match key {
            "depth" => limits.depth = Some(num()?.min(u32::MAX as u64) as u32),
            "nodes" => limits.nodes = Some(num()?),
            "movetime" => limits.movetime_ms = Some(num()?),
            "wtime" => wtime = Some(num()?),
            "btime" => btime = Some(num()?),
            "winc" => winc = num()?,
            "binc" => binc = num()?,
            "movestogo" => togo = Some(num()?),
            "mate" => limits.mate = Some(num()?.clamp(1, u32::MAX as u64) as u32),
            "infinite" => infinite = true,
            _ => {}
        }
    }
    let (time, inc) = if red { (wtime, winc) } else { (btime, binc) };
    if let (Some(t), None) = (time, limits.movetime_ms) {
        let clock = Limits::for_clock(t, inc, togo);
        limits.movetime_ms = clock.movetime_ms;
        limits.soft_ms = clock.soft_ms;
    }
    Ok(Go {
        limits,
        infinite,
        searchmoves,
    })
}

/// What `setoption name <id> [value <x>]` sets.
#[derive(Debug)]
enum Setting {
    Hash(usize),
    Level(Level),
    /// The number asked for, checked against 1..=[`MAX_MULTIPV`] by the loop.
    MultiPv(u64),
    /// A network weights file to evaluate with (empty: the hand-written evaluation).
    EvalFile(String),
}

/// Parses `setoption`: `Ok(None)` for an option this engine does not have (as UCI allows).
fn parse_setoption(args: &[&str]) -> Result<Option<Setting>, String> {
    const USAGE: &str = "setoption needs `name <id> [value <x>]`";
    let Some((&"name", rest)) = args.split_first() else {
        return Err(USAGE.into());
    };
    let v = rest.iter().position(|a| *a == "value");
    let name = rest[..v.unwrap_or(rest.len())].join(" ");
    let value = v.map(|v| rest[v + 1..].join(" "));
    if name.is_empty() {
        return Err(USAGE.into());
    }
    let key = name.to_lowercase();
    if key == "evalfile" {
        let path = value.unwrap_or_default();
        let off = path.is_empty() || path == "<empty>";
        return Ok(Some(Setting::EvalFile(if off {
            String::new()
        } else {
            path
        })));
    }
    if key != "hash" && key != "level" && key != "multipv" {
        return Ok(None);
    }
    let n = match value.as_deref() {
        None => return Err(format!("setoption: {name} needs a value")),
        Some(v) => {
            number(v).ok_or_else(|| format!("setoption: {name} needs a whole number, not `{v}`"))?
        }
    };
    Ok(Some(match key.as_str() {
        "hash" => Setting::Hash(n.clamp(1, MAX_HASH_MB as u64) as usize),
        "multipv" => Setting::MultiPv(n),
        _ => Setting::Level(Level::new(n.min(255) as u8)),
    }))
}

/// The network of the weights file at `path`.
pub(super) fn load_network(path: &str) -> Result<Network, String> {
    let bytes = super::read_capped(Some(path), FILE_BYTES)?;
    Network::from_bytes(&bytes).map_err(|e| e.to_string())
}

/// Reads stdin line by line for the loop. A line that is not UTF-8, or longer than [`MAX_LINE`],
/// is passed on as an error (and the next line read), never the end of input.
fn read_commands(tx: mpsc::Sender<Result<String, String>>) {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    for n in 1u64.. {
        let mut buf = Vec::new();
        match (&mut input)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut buf)
        {
            Ok(0) => return,
            Ok(_) => {}
            Err(e) => {
                let _ = tx.send(Err(format!("cannot read stdin: {e}")));
                return;
            }
        }
        let line = if buf.len() > MAX_LINE && buf.last() != Some(&b'\n') {
            skip_line(&mut input);
            Err(format!(
                "line {n} is longer than {} KB; ignored",
                MAX_LINE / 1024
            ))
        } else {
            while matches!(buf.last(), Some(b'\n' | b'\r')) {
                buf.pop();
            }
            String::from_utf8(buf).map_err(|_| format!("line {n} is not UTF-8 text; ignored"))
        };
        if tx.send(line).is_err() {
            return;
        }
    }
}

/// Discards input up to and including the next newline, without holding it.
fn skip_line(input: &mut impl BufRead) {
    loop {
        let (used, done) = match input.fill_buf() {
            Ok([]) | Err(_) => return,
            Ok(b) => match b.iter().position(|&c| c == b'\n') {
                Some(i) => (i + 1, true),
                None => (b.len(), false),
            },
        };
        input.consume(used);
        if done {
            return;
        }
    }
}

/// The move for `bestmove` and the one for `ponder`.
type Answer = (Option<Move>, Option<Move>);

/// Runs a search so that `go` always gets its `bestmove`: after a panic in the search (caught
/// with `catch_unwind`) the move is the first of the last reported line, else the first legal
/// move; `Err` carries that fallback.
fn guarded(
    root: &Root,
    last_pv: &RefCell<Vec<Move>>,
    search: impl FnOnce() -> Outcome,
) -> Result<Answer, Answer> {
    match catch_unwind(AssertUnwindSafe(search)) {
        Ok(out) => Ok((out.best, out.ponder)),
        Err(_) => {
            let pv = last_pv.borrow();
            let best = pv
                .first()
                .copied()
                .or_else(|| root.position().legal_moves().iter().next().copied());
            Err((best, pv.get(1).copied().filter(|_| best.is_some())))
        }
    }
}

/// The engine between commands: a search runs on its own thread while the loop reads on.
struct Uci {
    engine: Option<Engine>,
    hash_mb: usize,
    root: Root,
    level: Level,
    /// Lines searched and reported per depth (`setoption name MultiPV`).
    multipv: usize,
    /// The network that evaluates (`setoption name EvalFile`); none: the hand-written evaluation.
    network: Option<Arc<Network>>,
    stop: Arc<AtomicBool>,
    running: Option<JoinHandle<Engine>>,
}

impl Uci {
    /// Stops a running search (it answers `bestmove`) and takes its engine back.
    fn halt(&mut self) {
        if let Some(h) = self.running.take() {
            self.stop.store(true, Ordering::Relaxed);
            // A search thread that died outside the guard leaves a fresh engine, not none.
            self.engine = Some(h.join().unwrap_or_else(|_| Engine::new(self.hash_mb)));
        }
    }

    fn go(&mut self, args: &[&str]) {
        let red = self.root.position().turn() == Color::Red;
        let Go {
            limits,
            infinite,
            searchmoves,
        } = match parse_go(args, red) {
            Ok(g) => g,
            Err(e) => return complain(&e),
        };
        let mut root = self.root.clone();
        if let Err(m) = root.search_only(&searchmoves) {
            return complain(&format!(
                "go: searchmoves: {m} is not legal here; not searching"
            ));
        }
        self.halt();
        let hash_mb = self.hash_mb;
        let mut e = self.engine.take().unwrap_or_else(|| Engine::new(hash_mb));
        self.stop.store(false, Ordering::Relaxed);
        let stop = self.stop.clone();
        e.set_level(self.level, 0);
        e.set_multipv(self.multipv);
        e.set_network(self.network.clone());
        self.running = Some(std::thread::spawn(move || {
            let t0 = Instant::now();
            let now = move || t0.elapsed().as_secs_f64() * 1000.0;
            let last_pv = RefCell::new(Vec::new());
            let answer = guarded(&root, &last_pv, || {
                e.think(&root, limits, &now, &stop, &mut |i| {
                    if i.multipv == 1 {
                        *last_pv.borrow_mut() = i.pv.clone();
                    }
                    let pv: Vec<String> = i.pv.iter().map(|m| m.to_string()).collect();
                    say(&format!(
                        "info depth {} seldepth {} multipv {} score {} nodes {} nps {} time {} pv {}",
                        i.depth,
                        i.seldepth,
                        i.multipv,
                        i.score.uci(),
                        i.nodes,
                        i.nps(),
                        i.time_ms,
                        pv.join(" ")
                    ));
                })
            });
            let (best, ponder) = answer.unwrap_or_else(|fallback| {
                // The tables may be half written: start afresh (the old ones freed first).
                drop(std::mem::replace(&mut e, Engine::new(1)));
                e = Engine::new(hash_mb);
                fallback
            });
            while infinite && !stop.load(Ordering::Relaxed) {
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
            match (best, ponder) {
                (Some(b), Some(p)) => say(&format!("bestmove {b} ponder {p}")),
                (Some(b), None) => say(&format!("bestmove {b}")),
                (None, _) => say("bestmove (none)"),
            }
            e
        }));
    }

    /// Obeys one command line; `false` on `quit`.
    fn command(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&cmd, args)) = words.split_first() else {
            return true;
        };
        match cmd {
            "uci" => {
                say("id name xq (xiangqi-club)");
                say("id author xiangqi-club");
                say(&format!(
                    "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"
                ));
                say("option name Level type spin default 8 min 1 max 8");
                say(&format!(
                    "option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"
                ));
                say("option name EvalFile type string default <empty>");
                say("uciok");
            }
            "isready" => say("readyok"),
            // Commands that change what the search works on stop it first, as Stockfish does.
            "setoption" => match parse_setoption(args) {
                Ok(Some(Setting::Hash(mb))) => {
                    self.halt();
                    // The old table is freed first: two large tables at once may not fit.
                    self.engine = None;
                    match Engine::try_new(mb) {
                        Ok(e) => {
                            self.engine = Some(e);
                            self.hash_mb = mb;
                        }
                        Err(e) => {
                            say(&format!("info string {e}; Hash stays {} MB", self.hash_mb));
                            self.engine = Some(Engine::new(self.hash_mb));
                        }
                    }
                }
                Ok(Some(Setting::Level(l))) => {
                    self.halt();
                    self.level = l;
                }
                Ok(Some(Setting::MultiPv(n))) if (1..=MAX_MULTIPV as u64).contains(&n) => {
                    self.halt();
                    self.multipv = n as usize;
                }
                Ok(Some(Setting::EvalFile(path))) => {
                    self.halt();
                    self.network = None;
                    if !path.is_empty() {
                        match load_network(&path) {
                            Ok(net) => {
                                self.network = Some(Arc::new(net));
                                say(&format!("info string EvalFile {path}: the network evaluates"));
                            }
                            Err(e) => say(&format!(
                                "info string EvalFile {path}: {e}; the hand-written evaluation stays"
                            )),
                        }
                    }
                }
                Ok(Some(Setting::MultiPv(n))) => say(&format!(
                    "info string MultiPV must be 1 to {MAX_MULTIPV}, not {n}; it stays {}",
                    self.multipv
                )),
                Ok(None) => {
                    let v = args
                        .iter()
                        .position(|a| *a == "value")
                        .unwrap_or(args.len());
                    let key = args[1..v].join(" ").to_lowercase();
                    say(&format!("info string unknown option {key}"));
                }
                Err(e) => complain(&e),
            },
            "ucinewgame" => {
                self.halt();
                if let Some(e) = self.engine.as_mut() {
                    e.clear();
                }
            }
            "position" => {
                self.halt();
                match parse_position(args) {
                    Ok(r) => self.root = r,
                    Err(e) => say(&format!("info string {e}")),
                }
            }
            "go" => self.go(args),
            "stop" => self.halt(),
            "quit" => return false,
            _ => say(&format!("info string unknown command {cmd}")),
        }
        true
    }
}

/// `xq uci`: reads commands from stdin until `quit` (or end of input). Stdin is read on its own
/// thread, so `stop`, `isready` and `quit` are heard mid-search.
pub fn run(_args: &[String]) -> i32 {
    std::panic::set_hook(Box::new(|info| {
        let what = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        let at = info
            .location()
            .map(|l| format!(" at {l}"))
            .unwrap_or_default();
        complain(&format!("internal error{at}: {}", what.replace('\n', " ")));
    }));
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || read_commands(tx));
    let mut uci = Uci {
        engine: Some(Engine::new(DEFAULT_HASH_MB)),
        hash_mb: DEFAULT_HASH_MB,
        root: Root::new(Position::start(), &[]).unwrap_or_else(|_| unreachable!()),
        level: Level::FULL,
        multipv: 1,
        network: None,
        stop: Arc::new(AtomicBool::new(false)),
        running: None,
    };
    for line in rx {
        match line {
            Ok(line) => {
                if !uci.command(&line) {
                    break;
                }
            }
            Err(e) => complain(&e),
        }
    }
    uci.halt();
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

/// The deepest `xq bench search`, as for `xq perft` and `xq bench`.
const MAX_BENCH_DEPTH: u32 = crate::xiangqi::perft::MAX_DEPTH;

/// `xq bench search [depth] [--eval-file FILE]`: a fixed search of fixed positions (with the
/// network of FILE instead of the hand-written evaluation); the node count is deterministic.
pub fn bench(args: &[String]) -> i32 {
    let (args, network) = match args.iter().position(|a| a == "--eval-file") {
        None => (args, None),
        Some(i) => match args.get(i + 1).map(|p| load_network(p)) {
            Some(Ok(net)) => (&args[..i], Some(Arc::new(net))),
            Some(Err(e)) => {
                eprintln!("xq bench search: --eval-file: {e}");
                return 1;
            }
            None => {
                eprintln!("usage: xq bench search [depth] [--eval-file FILE]");
                return 2;
            }
        },
    };
    let depth = match args.first().map(|d| d.parse::<u32>()) {
        None => 9,
        Some(Ok(d)) if d > MAX_BENCH_DEPTH => {
            eprintln!("xq bench search: depth {d} is above the limit of {MAX_BENCH_DEPTH}\nusage: xq bench search [depth]");
            return 2;
        }
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
        engine.set_network(network.clone());
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panicking_search_still_answers_with_a_legal_move() {
        let root = Root::new(Position::start(), &[]).unwrap();
        let none = RefCell::new(Vec::new());
        let (best, ponder) = guarded(&root, &none, || panic!("a search bug")).unwrap_err();
        assert!(root.position().is_legal(best.unwrap()));
        assert_eq!(ponder, None);
        // The last reported line is the better fallback.
        let line: Vec<Move> = ["h2e2", "h9g7"]
            .iter()
            .map(|m| m.parse().unwrap())
            .collect();
        let seen = RefCell::new(line.clone());
        let answer = guarded(&root, &seen, || panic!("a search bug")).unwrap_err();
        assert_eq!(answer, (Some(line[0]), Some(line[1])));
        // Mated: no move to give.
        let mated = Position::from_fen("3k5/3R5/3R5/9/9/9/9/9/9/4K4 b - - 0 1").unwrap();
        let root = Root::new(mated, &[]).unwrap();
        assert_eq!(
            guarded(&root, &none, || panic!()).unwrap_err(),
            (None, None)
        );
    }

    #[test]
    fn go_refuses_a_limit_that_is_not_a_whole_number() {
        let go = |s: &str| parse_go(&s.split(' ').collect::<Vec<_>>(), true);
        assert!(go("movetime 1e9").unwrap_err().contains("`1e9`"));
        assert!(go("depth").unwrap_err().contains("depth needs a number"));
        assert_eq!(
            go("depth 99999999999").unwrap().limits.depth,
            Some(u32::MAX)
        );
        assert_eq!(go("movetime -5").unwrap().limits.movetime_ms, Some(0));
        let g = go("wtime 1000 winc 9223372036854775807").unwrap();
        assert_eq!((g.limits.movetime_ms, g.infinite), (Some(316), false));
        assert!(go("infinite").unwrap().infinite);
        assert!(go("mate x").unwrap_err().contains("`x`"));
        assert_eq!(go("mate 3").unwrap().limits.mate, Some(3));
    }

    #[test]
    fn searchmoves_takes_the_moves_up_to_the_next_word() {
        let go = |s: &str| parse_go(&s.split(' ').collect::<Vec<_>>(), true);
        let g = go("searchmoves h2e2 b0c2 depth 3").unwrap();
        let moves: Vec<String> = g.searchmoves.iter().map(|m| m.to_string()).collect();
        assert_eq!(
            (moves.join(" "), g.limits.depth),
            ("h2e2 b0c2".into(), Some(3))
        );
        assert_eq!(go("depth 2 searchmoves a3a4").unwrap().searchmoves.len(), 1);
        assert!(go("searchmoves depth 3")
            .unwrap_err()
            .contains("needs moves"));
        assert!(go("searchmoves h2e2 x9").unwrap_err().contains("`x9`"));
    }

    #[test]
    fn setoption_refuses_what_it_cannot_read() {
        let set = |s: &str| parse_setoption(&s.split(' ').collect::<Vec<_>>());
        assert!(set("value 5 name Hash").is_err());
        assert!(set("name").is_err());
        assert!(set("name Hash").unwrap_err().contains("needs a value"));
        assert!(set("name Hash value x").unwrap_err().contains("`x`"));
        assert!(matches!(
            set("name Hash value 4294967296"),
            Ok(Some(Setting::Hash(MAX_HASH_MB)))
        ));
        assert!(matches!(set("name Clear Hash"), Ok(None)));
        assert!(
            matches!(set("name level value 3"), Ok(Some(Setting::Level(l))) if l.number() == 3)
        );
        assert!(matches!(
            set("name MultiPV value 3"),
            Ok(Some(Setting::MultiPv(3)))
        ));
        assert!(set("name MultiPV value three")
            .unwrap_err()
            .contains("`three`"));
    }
}
