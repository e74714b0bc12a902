//! `xq data`: training positions for the network (`xq train`) from game files, such as the
//! Chinese Chess Practical Dataset's PGN (CC BY 4.0): each game once (the same moves between the
//! same players on the same date, as `xq eco train` dedupes), the games in a seeded order, and
//! from each game every `--every`th position past `--skip` plies that is quiet: not in check, and
//! the engine's best move at `--depth` plies is no capture. Each is labelled with that search's
//! score and the game's result and written in the format of
//! [`crate::engine::nnue::data`] (`XQPOS01\n`, then 53 bytes a position), a block of games at a
//! time so that a long run keeps what it made. `--first-game` passes over the first games of the
//! order (those a network was trained on) and `--eval-file` searches with a network, so that
//! `xq chances` can fit the review's winning chances to unseen games.

use super::flags::Flags;
use crate::engine::nnue::data::{Record, HEADER};
use crate::engine::{Engine, Limits, Root, Score};
use crate::rng::Rng;
use crate::xiangqi::notation::record::PgnResult;
use crate::xiangqi::{Color, Move, Position};
use std::collections::HashSet;
use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

const USAGE: &str = "usage: xq data [--depth D] [--skip PLIES] [--every N] [--jobs N] [--seed S] \
[--first-game N] [--max-games N] [--eval-file NET.nnue] --out FILE.xqpos FILE|DIR...";

/// Games searched between writes (and progress lines).
const BLOCK: usize = 200;
/// Scores are kept within this (a mate is left out, never clamped in).
const MAX_SCORE: i32 = 10_000;

struct Settings {
    depth: u32,
    skip: usize,
    every: usize,
    jobs: usize,
    seed: u64,
    /// Games of the seeded order passed over (those a network was trained on, say).
    first_game: usize,
    max_games: usize,
    /// The network that evaluates in the search; none: the hand-written evaluation.
    eval_file: Option<String>,
    out: String,
    inputs: Vec<String>,
}

fn parse(args: &[String]) -> Result<Settings, String> {
    let mut s = Settings {
        depth: 6,
        skip: 10,
        every: 4,
        jobs: 1,
        seed: 1,
        first_game: 0,
        max_games: usize::MAX,
        eval_file: None,
        out: String::new(),
        inputs: Vec::new(),
    };
    let mut flags = Flags::new(args);
    while let Some(a) = flags.next() {
        match a {
            "--depth" => s.depth = flags.number::<u32>(a)?.clamp(1, 20),
            "--skip" => s.skip = flags.number(a)?,
            "--every" => s.every = flags.number::<usize>(a)?.max(1),
            "--jobs" => s.jobs = flags.number::<usize>(a)?.clamp(1, 64),
            "--seed" => s.seed = flags.number(a)?,
            "--first-game" => s.first_game = flags.number(a)?,
            "--max-games" => s.max_games = flags.number(a)?,
            "--eval-file" => s.eval_file = Some(flags.value(a)?),
            "--out" => s.out = flags.value(a)?,
            f if !f.starts_with("--") => s.inputs.push(f.to_string()),
            _ => return Err(format!("unknown argument `{a}`")),
        }
    }
    if s.out.is_empty() || s.inputs.is_empty() {
        return Err("--out and game files are needed".into());
    }
    super::check_output(&s.out)?;
    Ok(s)
}

/// One game to take positions from.
struct Game {
    start: Position,
    moves: Vec<Move>,
    /// From Red's side: 0 lost, 1 drawn, 2 won.
    result: u8,
}

/// Every finished game of `paths` once; a file that does not read is said on stderr and skipped.
fn read_games(paths: &[String]) -> Result<Vec<Game>, String> {
    let mut seen = HashSet::new();
    let mut games = Vec::new();
    for (_, lib) in super::libraries(super::files_under(paths)?, "data") {
        for tree in &lib.games {
            let result = match tree.result() {
                PgnResult::RedWins => 2,
                PgnResult::Draw => 1,
                PgnResult::BlackWins => 0,
                PgnResult::Unknown => continue,
            };
            let moves = super::eco::main_line(tree);
            let tag = |n: &str| tree.tag(n).unwrap_or("").trim().to_string();
            if seen.insert((moves.clone(), [tag("Red"), tag("Black"), tag("Date")])) {
                games.push(Game {
                    start: tree.start().clone(),
                    moves,
                    result,
                });
            }
        }
    }
    Ok(games)
}

/// What one game gave: its quiet positions and how many positions were searched.
struct Made {
    records: Vec<Record>,
    searched: usize,
}

/// The quiet positions of game number `n`, each searched to `depth` on `engine`.
fn positions_of(engine: &mut Engine, game: &Game, n: u32, s: &Settings) -> Made {
    let stop = AtomicBool::new(false);
    let mut made = Made {
        records: Vec::new(),
        searched: 0,
    };
    engine.clear();
    let mut root = match Root::new(game.start.clone(), &[]) {
        Ok(r) => r,
        Err(_) => return made,
    };
    // Which plies are taken turns with the game, so that every ply is sampled across games.
    let offset = n as usize % s.every;
    for (ply, &m) in game.moves.iter().enumerate() {
        let pos = root.position().clone();
        if ply >= s.skip && (ply + offset).is_multiple_of(s.every) && !pos.is_check() {
            made.searched += 1;
            let limits = Limits {
                depth: Some(s.depth),
                ..Limits::default()
            };
            let out = engine.think(&root, limits, &|| 0.0, &stop, &mut |_| {});
            let quiet = out.best.is_some_and(|b| pos.piece_at(b.to).is_none());
            if let (true, Score::Cp(cp)) = (quiet, out.info.score) {
                let red = if pos.turn() == Color::Red { cp } else { -cp };
                let score = red.clamp(-MAX_SCORE, MAX_SCORE) as i16;
                made.records.push(Record::new(&pos, score, game.result, n));
            }
        }
        if root.push(m).is_err() {
            break;
        }
    }
    made
}

fn data_cmd(s: &Settings) -> Result<(), String> {
    let t0 = Instant::now();
    let network = match &s.eval_file {
        Some(path) => Some(Arc::new(super::uci::load_network(path)?)),
        None => None,
    };
    let mut games = read_games(&s.inputs)?;
    Rng::new(s.seed).shuffle(&mut games);
    games.truncate(s.first_game.saturating_add(s.max_games));
    let games = games.split_off(s.first_game.min(games.len()));
    eprintln!(
        "xq data: {} games once each, read in {:.1} s",
        games.len(),
        t0.elapsed().as_secs_f64()
    );
    let mut file = std::fs::File::create(&s.out).map_err(|e| format!("{}: {e}", s.out))?;
    file.write_all(HEADER)
        .map_err(|e| format!("{}: {e}", s.out))?;
    let mut engines: Vec<Engine> = (0..s.jobs)
        .map(|_| {
            let mut e = Engine::new(4);
            e.set_network(network.clone());
            e
        })
        .collect();
    let (mut kept, mut searched) = (0usize, 0usize);
    let t1 = Instant::now();
    for (b, block) in games.chunks(BLOCK).enumerate() {
        let first = s.first_game + b * BLOCK;
        let made: Vec<Vec<(usize, Made)>> = std::thread::scope(|scope| {
            let handles: Vec<_> = engines
                .iter_mut()
                .enumerate()
                .map(|(j, engine)| {
                    scope.spawn(move || {
                        (j..block.len())
                            .step_by(s.jobs)
                            .map(|i| {
                                let n = (first + i) as u32;
                                (i, positions_of(engine, &block[i], n, s))
                            })
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .collect()
        });
        let mut made: Vec<(usize, Made)> = made.into_iter().flatten().collect();
        made.sort_by_key(|(i, _)| *i);
        let mut bytes = Vec::new();
        for (_, m) in &made {
            searched += m.searched;
            kept += m.records.len();
            for r in &m.records {
                r.write(&mut bytes);
            }
        }
        file.write_all(&bytes)
            .map_err(|e| format!("{}: {e}", s.out))?;
        let secs = t1.elapsed().as_secs_f64();
        eprintln!(
            "xq data: {} games, {searched} positions searched, {kept} quiet kept, {:.0} a second",
            first - s.first_game + block.len(),
            kept as f64 / secs.max(1e-9)
        );
    }
    println!(
        "{kept} positions into {} ({searched} searched at depth {}, {:.1} s)",
        s.out,
        s.depth,
        t1.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Runs `xq data`.
pub fn run(args: &[String]) -> i32 {
    let s = match parse(args) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("xq data: {e}\n{USAGE}");
            return 2;
        }
    };
    match data_cmd(&s) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("xq data: {e}");
            1
        }
    }
}
