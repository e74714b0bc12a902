//! `xq label`: a UCI engine scores every position `xq tune` would tune on, and each game with
//! such a position is written out with its `start_fen`, `moves_iccs`, `result` and a `scores`
//! list (Red's centipawns, `null` where no position was tuned on), so the tuner can learn from a
//! deeper search's judgement as well as from the results.

use super::flags::Flags;
use super::uci_engine::{Engine, EngineFlags};
use crate::engine::tune::samples_from_jsonl;
use crate::xiangqi::{Color, Position};

const USAGE: &str = "usage: xq label --engine \"CMD [ARGS]\" [--option NAME=VALUE]... \
[--go \"nodes 10000\"] [--skip PLIES] [--jobs N] --out OUT.jsonl GAMES.jsonl";

/// A mate, in centipawns: beyond any score the curve tells from a certain result.
const MATE: i32 = 10_000;
/// The most engines run at once.
const MAX_JOBS: usize = 64;

struct Settings {
    engine: EngineFlags,
    skip: usize,
    jobs: usize,
    out: String,
    input: String,
}

fn parse(args: &[String]) -> Result<Settings, String> {
    let mut s = Settings {
        engine: EngineFlags::new("nodes 10000"),
        skip: 10,
        jobs: 1,
        out: String::new(),
        input: String::new(),
    };
    let mut flags = Flags::new(args);
    while let Some(a) = flags.next() {
        if s.engine.take(a, &mut flags)? {
            continue;
        }
        match a {
            "--skip" => s.skip = flags.number(a)?,
            "--jobs" => {
                s.jobs = flags.number::<usize>(a)?.max(1);
                if s.jobs > MAX_JOBS {
                    return Err(format!("--jobs: at most {MAX_JOBS}"));
                }
            }
            "--out" => s.out = flags.value(a)?,
            f if !f.starts_with("--") && s.input.is_empty() => s.input = f.to_string(),
            _ => return Err(format!("unknown argument `{a}`")),
        }
    }
    if s.engine.cmd.is_empty() || s.out.is_empty() || s.input.is_empty() {
        return Err("--engine, --out and a games file are needed".into());
    }
    super::check_output(&s.out)?;
    Ok(s)
}

/// The score for Red from the last `info … score` line before `bestmove`.
fn search(e: &mut Engine, pos: &Position, go: &str) -> Result<i32, String> {
    e.send(&format!("position fen {}", pos.fen()))?;
    e.send(&format!("go {go}"))?;
    let (_, heard) = e.bestmove(go, pos.turn() == Color::Red)?;
    let score = heard.iter().rev().find_map(|l| score_of(l));
    let s = score.ok_or_else(|| format!("{}: no score for {}", e.name, pos.fen()))?;
    Ok(if pos.turn() == Color::Red { s } else { -s })
}

/// The side to move's score in an `info` line: centipawns, or a mate as ±[`MATE`].
fn score_of(line: &str) -> Option<i32> {
    let mut w = line
        .split_whitespace()
        .skip_while(|&t| t != "score")
        .skip(1);
    match (w.next()?, w.next()?.parse::<i32>().ok()?) {
        ("cp", cp) => Some(cp.clamp(-MATE, MATE)),
        ("mate", n) => Some(if n > 0 { MATE } else { -MATE }),
        _ => None,
    }
}

/// Scores `(game line, ply, position)` in order on one engine, starting a new game at each
/// game so a score does not depend on which job searched it.
fn label_all(s: &Settings, work: &[(usize, usize, Position)]) -> Result<Vec<i32>, String> {
    let mut e = Engine::start(&s.engine.cmd, &s.engine.options)?;
    let mut out = Vec::with_capacity(work.len());
    let mut game = 0;
    for (line, _, pos) in work {
        if *line != game {
            game = *line;
            e.send("ucinewgame")?;
            e.ready()?;
        }
        out.push(search(&mut e, pos, &s.engine.go)?);
    }
    Ok(out)
}

/// Labels the games of `s.input` into `s.out`, which is opened before any engine starts so that
/// an output that cannot be written is refused at once (and removed again if this made it).
fn label_cmd(s: &Settings) -> Result<usize, String> {
    let text = super::read_games(&s.input)?;
    let samples = samples_from_jsonl(&text, s.skip).map_err(|e| format!("{}: {e}", s.input))?;
    let made = !std::path::Path::new(&s.out).exists();
    let out = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .open(&s.out)
        .map_err(|e| format!("{}: {e}", s.out))?;
    let labelled = label_into(s, &text, samples, out);
    if labelled.is_err() && made {
        let _ = std::fs::remove_file(&s.out);
    }
    labelled
}

/// Scores `samples` of the games in `text` and writes each scored game to `file` (emptied only
/// then, so a failed run leaves an earlier file as it was); the number of positions scored.
fn label_into(
    s: &Settings,
    text: &str,
    samples: Vec<crate::engine::tune::Sample>,
    mut file: std::fs::File,
) -> Result<usize, String> {
    let results: std::collections::HashMap<usize, f64> =
        samples.iter().map(|x| (x.game, x.result)).collect();
    let work: Vec<(usize, usize, Position)> = samples
        .into_iter()
        .map(|x| (x.game, x.ply, x.pos))
        .collect();
    // Whole games to each job, so each engine keeps one game's hash.
    let mut parts: Vec<Vec<(usize, usize, Position)>> = vec![Vec::new(); s.jobs];
    for w in work {
        parts[w.0 % s.jobs].push(w);
    }
    let scored = std::thread::scope(|scope| {
        let handles: Vec<_> = parts
            .iter()
            .map(|p| scope.spawn(|| label_all(s, p)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|_| Err("a job failed".into())))
            .collect::<Result<Vec<_>, String>>()
    })?;
    let mut by_game: std::collections::HashMap<usize, Vec<(usize, i32)>> = Default::default();
    for (p, scores) in parts.iter().zip(scored) {
        for ((line, ply, _), score) in p.iter().zip(scores) {
            by_game.entry(*line).or_default().push((*ply, score));
        }
    }
    let mut out = String::new();
    let mut count = 0;
    for (i, l) in text.lines().enumerate() {
        let Some(found) = by_game.get(&(i + 1)) else {
            continue;
        };
        let v: serde_json::Value = serde_json::from_str(l).map_err(|e| e.to_string())?;
        let moves = v["moves_iccs"].as_array().map_or(0, Vec::len);
        let mut scores = vec![serde_json::Value::Null; moves];
        for &(ply, score) in found {
            scores[ply] = score.into();
            count += 1;
        }
        let result = match results.get(&(i + 1)) {
            Some(r) if *r == 1.0 => "1-0",
            Some(r) if *r == 0.0 => "0-1",
            _ => "1/2-1/2",
        };
        let game = serde_json::json!({
            "start_fen": v["start_fen"],
            "moves_iccs": v["moves_iccs"],
            "result": result,
            "scores": scores,
        });
        out.push_str(&game.to_string());
        out.push('\n');
    }
    use std::io::Write;
    file.set_len(0)
        .and_then(|_| file.write_all(out.as_bytes()))
        .map_err(|e| format!("{}: {e}", s.out))?;
    Ok(count)
}

/// Runs `xq label`.
pub fn run(args: &[String]) -> i32 {
    let s = match parse(args) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("xq label: {e}\n{USAGE}");
            return 2;
        }
    };
    match label_cmd(&s) {
        Ok(n) => {
            println!("{n} positions scored into {}", s.out);
            0
        }
        Err(e) => {
            eprintln!("xq label: {e}");
            1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_read_from_info_lines() {
        let info = "info depth 9 seldepth 12 multipv 1 score cp -37 nodes 9871 pv h2e2";
        assert_eq!(score_of(info), Some(-37));
        assert_eq!(score_of("info depth 5 score mate -3 pv a0a1"), Some(-MATE));
        assert_eq!(score_of("info depth 5 score mate 2"), Some(MATE));
        assert_eq!(score_of("info depth 5 score cp 99999"), Some(MATE));
        assert_eq!(score_of("info string hello"), None);
        assert_eq!(score_of("info depth 1 score cp"), None);
    }
}
