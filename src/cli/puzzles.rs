//! `xq puzzles`: cuts puzzles from games with a UCI engine (src/train/generate.rs), one JSON
//! object a line (with `--collection endgames`, every record whose position and moves are legal
//! and whose result is published is kept whole as a study; no engine is asked, and the records
//! dropped are counted by reason); `xq puzzles recheck` adds to puzzles cut before every move
//! that mates as fast as the solution where one other was recorded (`generate::recheck`);
//! `xq puzzles pack` tags them again, drops duplicates and writes the trainer's shards and
//! `index.json` (src/train/shard.rs). `recheck` and `pack` read JSONL or shards.

use super::flags::Flags;
use super::uci_engine::{check_go, Engine, EngineFlags};
use crate::engine::Score;
use crate::text::EncodingRs;
use crate::train::generate::{
    find_puzzles, only_takes_back, recheck, source_of, study_from, Analyst, Dropped, Line,
};
use crate::train::puzzle::{Collection, Puzzle, Theme};
use crate::train::shard::{dataset_credit, pack, Shard};
use crate::train::themes::{seed, tag};
use crate::xiangqi::notation::archive::{self, ArchiveError};
use crate::xiangqi::notation::pgn::PgnErrorKind;
use crate::xiangqi::notation::record::PgnResult;
use crate::xiangqi::{Color, Move, Position};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;
use std::time::Instant;

const USAGE: &str = "usage: xq puzzles [--engine \"CMD [ARGS]\"] [--option NAME=VALUE]... \
[--go \"movetime 300\"] [--scan \"depth 5\"] [--tail PLIES] [--collection games|endgames|mates] \
[--decisive] [--skip GAMES] [--max GAMES] --out FILE.jsonl GAMES...  (files or folders, any game format)
       xq puzzles recheck [--engine \"CMD [ARGS]\"] [--option NAME=VALUE]... [--go \"movetime 300\"] \
--out FILE.jsonl PUZZLES...  (JSONL or shards)
       xq puzzles pack --out DIR PUZZLES...  (JSONL or shards)";

struct Settings {
    engine: EngineFlags,
    scan: String,
    tail: Option<usize>,
    collection: Collection,
    skip: usize,
    max: Option<usize>,
    decisive: bool,
    out: String,
    inputs: Vec<String>,
}

fn parse(args: &[String]) -> Result<Settings, String> {
    let mut s = Settings {
        engine: EngineFlags::new("movetime 300"),
        scan: "depth 5".into(),
        tail: None,
        collection: Collection::Games,
        skip: 0,
        max: None,
        decisive: false,
        out: String::new(),
        inputs: Vec::new(),
    };
    let mut flags = Flags::new(args);
    while let Some(a) = flags.next() {
        if s.engine.take(a, &mut flags)? {
            continue;
        }
        match a {
            "--scan" => {
                s.scan = flags.value(a)?;
                check_go(a, &s.scan)?;
            }
            "--tail" => s.tail = Some(flags.number(a)?),
            "--decisive" => s.decisive = true,
            "--skip" => s.skip = flags.number(a)?,
            "--max" => s.max = Some(flags.number(a)?),
            "--collection" => {
                let v = flags.value(a)?;
                s.collection = Collection::ALL
                    .into_iter()
                    .find(|c| c.id() == v)
                    .ok_or(format!(
                        "--collection: `{v}` is not games, endgames or mates"
                    ))?;
            }
            "--out" => s.out = flags.value(a)?,
            f if !f.starts_with("--") => s.inputs.push(f.to_string()),
            _ => return Err(format!("unknown argument `{a}`")),
        }
    }
    if s.out.is_empty() || s.inputs.is_empty() {
        return Err("--out and at least one games file or folder are needed".into());
    }
    self_engine(&mut s.engine)?;
    super::check_output(&s.out)?;
    Ok(s)
}

/// No `--engine`: this `xq`'s own (`xq uci`).
fn self_engine(engine: &mut EngineFlags) -> Result<(), String> {
    if engine.cmd.is_empty() {
        let me = std::env::current_exe().map_err(|e| format!("cannot find xq itself: {e}"))?;
        engine.cmd = format!("{} uci", me.display());
    }
    Ok(())
}

/// Runs `xq puzzles`; 0 when done, 1 when the engine or a file fails, 2 for bad arguments.
pub fn run(args: &[String]) -> i32 {
    match args.first().map(String::as_str) {
        Some("pack") => return run_pack(&args[1..]),
        Some("recheck") => return run_recheck(&args[1..]),
        _ => {}
    }
    if args.iter().any(|a| a == "-h" || a == "--help") {
        println!("{USAGE}");
        return 0;
    }
    let s = match parse(args) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("xq puzzles: {e}\n{USAGE}");
            return 2;
        }
    };
    match generate(&s) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("xq puzzles: {e}");
            1
        }
    }
}

/// A UCI engine answering the generator, with the scan's and the confirmation's `go`.
struct Uci {
    engine: Engine,
    scan: String,
    go: String,
    multipv: usize,
}

impl Uci {
    fn start(flags: &EngineFlags, scan: &str) -> Result<Uci, String> {
        Ok(Uci {
            engine: Engine::start(&flags.cmd, &flags.options)?,
            scan: scan.into(),
            go: flags.go.clone(),
            multipv: 1,
        })
    }
}

impl Analyst for Uci {
    fn analyse(
        &mut self,
        start: &Position,
        moves: &[Move],
        lines: usize,
        deep: bool,
    ) -> Result<Vec<Line>, String> {
        let e = &mut self.engine;
        if lines != self.multipv {
            e.send(&format!("setoption name MultiPV value {lines}"))?;
            self.multipv = lines;
        }
        let list: Vec<String> = moves.iter().map(|&m| e.coord(m)).collect();
        let mut cmd = format!("position fen {}", start.fen());
        if !list.is_empty() {
            cmd.push_str(" moves ");
            cmd.push_str(&list.join(" "));
        }
        e.send(&cmd)?;
        let go = if deep { &self.go } else { &self.scan };
        e.send(&format!("go {go}"))?;
        let red = (start.turn() == Color::Red) == moves.len().is_multiple_of(2);
        let (_, heard) = e.bestmove(go, red)?;
        let mut found: BTreeMap<usize, Line> = BTreeMap::new();
        for l in &heard {
            if let Some((k, line)) = info_line(e, l) {
                found.insert(k, line);
            }
        }
        Ok(found.into_values().take(lines).collect())
    }
}

/// An `info … multipv K score cp|mate N … pv …` line as (K, line); K is 1 when not given.
fn info_line(e: &Engine, l: &str) -> Option<(usize, Line)> {
    let words: Vec<&str> = l.split_whitespace().collect();
    if words.first() != Some(&"info") {
        return None;
    }
    let at = |key: &str| words.iter().position(|&w| w == key);
    let k = at("multipv")
        .and_then(|i| words.get(i + 1)?.parse::<usize>().ok())
        .unwrap_or(1);
    let s = at("score")?;
    let n: i32 = words.get(s + 2)?.parse().ok()?;
    let score = match *words.get(s + 1)? {
        "cp" => Score::Cp(n),
        "mate" => Score::Mate(n),
        _ => return None,
    };
    let pv: Vec<Move> = words[at("pv")? + 1..]
        .iter()
        .map_while(|w| e.parse(w))
        .collect();
    if pv.is_empty()
        || words
            .iter()
            .any(|&w| w == "lowerbound" || w == "upperbound")
    {
        return None;
    }
    Some((k, Line { score, pv }))
}

fn generate(s: &Settings) -> Result<(), String> {
    let paths = super::files_under(&s.inputs)?;
    let mut out = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&s.out)
        .map_err(|e| format!("{}: {e}", s.out))?;
    let mut uci = Uci::start(&s.engine, &s.scan)?;
    let t0 = Instant::now();
    let (mut games, mut scanned, mut kept, mut unread) = (0usize, 0usize, 0usize, 0usize);
    let mut dropped: BTreeMap<Dropped, usize> = BTreeMap::new();
    let mut seen = 0usize;
    'files: for path in &paths {
        let bytes = match std::fs::read(path) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("xq puzzles: {}: {e}", path.display());
                unread += 1;
                continue;
            }
        };
        let lib = match archive::open(&bytes, &EncodingRs) {
            // A study must be read whole: a record that stops is dropped, saying why.
            Ok(l) if s.collection == Collection::Endgames && l.stopped.is_some() => Err(l.stopped),
            Ok(l) => Ok(l),
            Err(e) => Err(Some(e)),
        };
        let lib = match lib {
            Ok(l) => l,
            Err(e) => {
                let e = e.unwrap_or(ArchiveError::Empty);
                eprintln!("xq puzzles: {}: {e}", path.display());
                if s.collection == Collection::Endgames {
                    *dropped.entry(study_fault(&e)).or_default() += 1;
                }
                unread += 1;
                continue;
            }
        };
        let title = path
            .file_stem()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        for tree in &lib.games {
            seen += 1;
            if seen <= s.skip {
                continue;
            }
            if s.max.is_some_and(|m| games >= m) {
                break 'files;
            }
            // A drawn game seldom ends in a missed win: `--decisive` saves its scan.
            if s.decisive && !matches!(tree.result(), PgnResult::RedWins | PgnResult::BlackWins) {
                continue;
            }
            games += 1;
            let moves: Vec<Move> = tree
                .main_line()
                .iter()
                .filter_map(|&id| tree.node(id).and_then(|n| n.mv()))
                .collect();
            let source = source_of(tree, s.collection, &title);
            if s.collection == Collection::Endgames {
                scanned += 1;
                match study_from(tree.start(), &moves, tree.result(), source) {
                    Ok(study) => {
                        writeln!(out, "{}", study.to_json())
                            .map_err(|e| format!("{}: {e}", s.out))?;
                        kept += 1;
                    }
                    Err(d) => *dropped.entry(d).or_default() += 1,
                }
                continue;
            }
            uci.engine.send("ucinewgame")?;
            let found = find_puzzles(&mut uci, tree.start(), &moves, &source, s.tail)?;
            scanned += found.scanned;
            for d in found.dropped {
                *dropped.entry(d).or_default() += 1;
            }
            for p in &found.puzzles {
                writeln!(out, "{}", p.to_json()).map_err(|e| format!("{}: {e}", s.out))?;
                kept += 1;
            }
            if games % 20 == 0 {
                eprintln!(
                    "xq puzzles: {games} games, {scanned} positions, {kept} puzzles, {:.0} s",
                    t0.elapsed().as_secs_f64()
                );
            }
        }
    }
    out.flush().map_err(|e| format!("{}: {e}", s.out))?;
    println!(
        "{games} games ({} files, {unread} unread), {scanned} positions scanned, {kept} puzzles kept, {:.0} s",
        paths.len(),
        t0.elapsed().as_secs_f64()
    );
    let reasons: &[Dropped] = if s.collection == Collection::Endgames {
        &Dropped::STUDIES
    } else {
        &Dropped::ALL
    };
    for &d in reasons {
        println!(
            "dropped, {}: {}",
            d.name(),
            dropped.get(&d).copied().unwrap_or(0)
        );
    }
    Ok(())
}

/// Why a study's file was not read: its position, a move of its solution, or the file itself.
fn study_fault(e: &ArchiveError) -> Dropped {
    match e {
        ArchiveError::Pgn(p) => match p.kind {
            PgnErrorKind::BadFen { .. } => Dropped::IllegalPosition,
            PgnErrorKind::BadMove { .. } => Dropped::IllegalMove,
            _ => Dropped::Unreadable,
        },
        ArchiveError::Unread(all) => all
            .iter()
            .map(study_fault)
            .find(|&d| d != Dropped::Unreadable)
            .unwrap_or(Dropped::Unreadable),
        _ => Dropped::Unreadable,
    }
}

/// `xq puzzles pack --out DIR FILE.jsonl...`: tags, de-duplicates and shards the puzzles.
fn run_pack(args: &[String]) -> i32 {
    let mut out = None;
    let mut inputs = Vec::new();
    let mut flags = Flags::new(args);
    while let Some(a) = flags.next() {
        match a {
            "--out" => out = flags.next().map(String::from),
            f if !f.starts_with("--") => inputs.push(f.to_string()),
            _ => {
                eprintln!("xq puzzles pack: unknown argument `{a}`\n{USAGE}");
                return 2;
            }
        }
    }
    let Some(out) = out.filter(|_| !inputs.is_empty()) else {
        eprintln!("xq puzzles pack: --out DIR and at least one FILE.jsonl are needed\n{USAGE}");
        return 2;
    };
    match pack_files(&out, &inputs) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("xq puzzles pack: {e}");
            1
        }
    }
}

fn pack_files(dir: &str, inputs: &[String]) -> Result<(), String> {
    let mut puzzles = Vec::new();
    let mut bad = 0;
    let mut recaptures = 0;
    for path in inputs {
        for mut p in read_puzzles("pack", path, &mut bad)? {
            // A study is kept as the generator wrote it.
            if p.player.is_none() {
                p.themes = tag(&p);
                p.rating = seed(&p, &p.themes);
                // Lines cut before the generator dropped recaptures are dropped here.
                if p.themes.contains(&Theme::MaterialWin)
                    && only_takes_back(p.moves[0], &p.moves[1..])
                {
                    recaptures += 1;
                    continue;
                }
            }
            puzzles.push(p);
        }
    }
    let read = puzzles.len() + recaptures;
    // The same position and first solver move is one puzzle, wherever it was found.
    let mut seen = std::collections::HashSet::new();
    puzzles.retain(|p| {
        let ply = p.opening_plies();
        let fen = p.position_after(ply).fen();
        let board: Vec<&str> = fen.split(' ').take(2).collect();
        seen.insert((board.join(" "), p.moves[ply]))
    });
    let (index, shards) = pack(puzzles, dataset_credit());
    let dir = Path::new(dir);
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut bytes = 0;
    for (name, shard) in &shards {
        let text = shard.to_json();
        bytes += text.len();
        std::fs::write(dir.join(name), text).map_err(|e| format!("{name}: {e}"))?;
    }
    let index_text = index.to_json();
    bytes += index_text.len();
    std::fs::write(dir.join("index.json"), index_text).map_err(|e| format!("index.json: {e}"))?;
    println!(
        "{read} puzzles read ({bad} unreadable), {recaptures} recaptures and {} duplicates dropped, {} kept in {} shards, {bytes} bytes",
        read - recaptures - index.count,
        index.count,
        shards.len()
    );
    for (c, n) in &index.collections {
        println!("{}: {n}", c.id());
    }
    for (t, n) in &index.themes {
        println!("{}: {n}", t.id());
    }
    Ok(())
}

/// The puzzles of `path`: a shard as `pack` writes them (`{"version":…`), read whole, or JSONL,
/// one a line, where a broken line is said on stderr (as `xq puzzles COMMAND: FILE:LINE: …`) and
/// counted in `bad`.
fn read_puzzles(command: &str, path: &str, bad: &mut usize) -> Result<Vec<Puzzle>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    if text.starts_with("{\"version\"") {
        return Shard::parse(&text)
            .map(|s| s.puzzles)
            .map_err(|e| format!("{path}: {e}"));
    }
    let mut out = Vec::new();
    for (n, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        match Puzzle::from_json(line) {
            Ok(p) => out.push(p),
            Err(e) => {
                eprintln!("xq puzzles {command}: {path}:{}: {e}", n + 1);
                *bad += 1;
            }
        }
    }
    Ok(out)
}

/// `xq puzzles recheck --out FILE.jsonl PUZZLES...`: every puzzle read, written again with
/// the alternatives [`recheck`] adds.
fn run_recheck(args: &[String]) -> i32 {
    let mut engine = EngineFlags::new("movetime 300");
    let mut out = String::new();
    let mut inputs = Vec::new();
    let parsed = (|| {
        let mut flags = Flags::new(args);
        while let Some(a) = flags.next() {
            if engine.take(a, &mut flags)? {
                continue;
            }
            match a {
                "--out" => out = flags.value(a)?,
                f if !f.starts_with("--") => inputs.push(f.to_string()),
                _ => return Err(format!("unknown argument `{a}`")),
            }
        }
        if out.is_empty() || inputs.is_empty() {
            return Err("--out FILE.jsonl and at least one puzzle file are needed".to_string());
        }
        self_engine(&mut engine)?;
        super::check_output(&out)
    })();
    if let Err(e) = parsed {
        eprintln!("xq puzzles recheck: {e}\n{USAGE}");
        return 2;
    }
    match recheck_files(&engine, &out, &inputs) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("xq puzzles recheck: {e}");
            1
        }
    }
}

fn recheck_files(engine: &EngineFlags, out: &str, inputs: &[String]) -> Result<(), String> {
    let t0 = Instant::now();
    let mut bad = 0;
    let mut all = Vec::new();
    for path in inputs {
        all.extend(read_puzzles("recheck", path, &mut bad)?);
    }
    let mut uci = Uci::start(engine, &engine.go)?;
    let (mut checked, mut changed, mut added) = (0usize, 0usize, 0usize);
    let count = all.len();
    for (n, p) in all.iter_mut().enumerate() {
        if p.alternatives.is_empty() {
            continue;
        }
        uci.engine.send("ucinewgame")?;
        let more = recheck(&mut uci, p)?;
        checked += 1;
        changed += usize::from(more > 0);
        added += more;
        if checked % 20 == 0 {
            eprintln!(
                "xq puzzles recheck: {} of {} puzzles, {checked} checked, {added} alternatives added, {:.0} s",
                n + 1,
                count,
                t0.elapsed().as_secs_f64()
            );
        }
    }
    let mut text = String::new();
    for p in &all {
        text.push_str(&p.to_json());
        text.push('\n');
    }
    std::fs::write(out, text).map_err(|e| format!("{out}: {e}"))?;
    println!(
        "{} puzzles read ({bad} unreadable), {checked} with an alternative checked, {added} alternatives added to {changed}, {:.0} s",
        all.len(),
        t0.elapsed().as_secs_f64()
    );
    Ok(())
}
