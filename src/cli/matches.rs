//! `xq match`: two UCI engines play each other from the openings of the test set's games, each
//! opening with both colours, every game judged by the app's own rules ([`Game::verdict`]).

use super::flags::Flags;
use super::uci_engine::{Engine, EngineFlags};
use crate::xiangqi::game::{Game, GameResult};
use crate::xiangqi::{Color, Move, Position};
use std::io::Write;
use std::time::Instant;

const USAGE: &str = "usage: xq match --engine \"CMD [ARGS]\" --engine \"CMD [ARGS]\" \
[--option1|--option2 NAME=VALUE]... [--go \"movetime 100\"] [--go1|--go2 \"nodes 20000\"] \
[--tc MS+INC] [--games N] [--plies N] [--first N] [--games-file FILE] [--max-plies N] \
[--record FILE.jsonl]";

struct Settings {
    /// The two engines, read by the shared [`EngineFlags`].
    sides: [EngineFlags; 2],
    /// Clock: milliseconds and increment (both sides), instead of `go`.
    tc: Option<(u64, u64)>,
    games: usize,
    plies: usize,
    first: usize,
    /// The openings' games; none for the test set (built in).
    games_file: Option<String>,
    max_plies: usize,
    /// Where each finished game is appended as a JSON line (start_fen, moves_iccs, result), the
    /// test set's own keys, so `xq tune` can learn from the games.
    record: Option<String>,
}

fn parse(args: &[String]) -> Result<Settings, String> {
    let mut s = Settings {
        sides: [
            EngineFlags::new("movetime 100"),
            EngineFlags::new("movetime 100"),
        ],
        tc: None,
        games: 40,
        plies: 8,
        first: 0,
        games_file: None,
        max_plies: 300,
        record: None,
    };
    let mut flags = Flags::new(args);
    let mut engines = 0;
    while let Some(a) = flags.next() {
        // A side's own flag as the shared one: `--engine` fills the sides in turn, `--option1`
        // and `--go1` are the first's `--option` and `--go`, `--go` both sides'.
        let (side, name) = match a {
            "--engine" => (engines, a),
            "--option1" | "--go1" | "--go" => (0, a.trim_end_matches('1')),
            "--option2" | "--go2" => (1, a.trim_end_matches('2')),
            _ => (2, a),
        };
        if let Some(engine) = s.sides.get_mut(side) {
            engine.take_as(name, a, &mut flags)?;
            engines += usize::from(a == "--engine");
            if a == "--go" {
                s.sides[1].go = s.sides[0].go.clone();
            }
            continue;
        }
        match a {
            // A third engine: refused below, as before.
            "--engine" => {
                flags.value(a)?;
                engines += 1;
            }
            "--tc" => s.tc = Some(time_control(&flags.value(a)?)?),
            "--games" => s.games = flags.number(a)?,
            "--plies" => s.plies = flags.number(a)?,
            "--first" => s.first = flags.number(a)?,
            "--max-plies" => s.max_plies = flags.number(a)?,
            "--games-file" => s.games_file = Some(flags.value(a)?),
            "--record" => s.record = Some(flags.value(a)?),
            _ => return Err(format!("unknown argument `{a}`")),
        }
    }
    if engines != 2 {
        return Err("two --engine are needed".into());
    }
    if s.games == 0 {
        return Err("--games: at least 1".into());
    }
    if let Some(file) = &s.record {
        super::check_output(file)?;
    }
    Ok(s)
}

/// The most time `--tc` gives a side (6 hours), and the largest increment (10 minutes).
const MAX_TC_MS: u64 = 6 * 3_600_000;
const MAX_INC_MS: u64 = 600_000;
/// `--tc MS+INC` (the increment optional): 1 ms to [`MAX_TC_MS`] a side, at most [`MAX_INC_MS`]
/// more a move.
fn time_control(v: &str) -> Result<(u64, u64), String> {
    let (t, i) = v.split_once('+').unwrap_or((v, "0"));
    let ms = |x: &str| {
        x.parse::<u64>()
            .map_err(|_| format!("--tc: bad `{v}`; give MS+INC, e.g. 60000+1000"))
    };
    let (t, i) = (ms(t)?, ms(i)?);
    if !(1..=MAX_TC_MS).contains(&t) {
        return Err(format!(
            "--tc `{v}`: a side's time is 1 to {MAX_TC_MS} ms (6 hours)"
        ));
    }
    if i > MAX_INC_MS {
        return Err(format!(
            "--tc `{v}`: the increment is at most {MAX_INC_MS} ms (10 minutes)"
        ));
    }
    Ok((t, i))
}

/// The openings: the first `plies` moves of each game of `file` (none: the test set).
fn openings(file: Option<&str>, plies: usize) -> Result<Vec<(Position, Vec<Move>)>, String> {
    let (text, file) = match file {
        Some(f) => (super::read_games(f)?, f),
        None => (super::TEST_SET.to_string(), super::TEST_SET_NAME),
    };
    let mut out = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let g: serde_json::Value =
            serde_json::from_str(line).map_err(|e| format!("{file}: {e}"))?;
        let (Some(fen), Some(moves)) = (g["start_fen"].as_str(), g["moves_iccs"].as_array()) else {
            continue;
        };
        let Ok(mut pos) = Position::from_fen(fen) else {
            continue;
        };
        let start = pos.clone();
        let mut line = Vec::new();
        for m in moves.iter().take(plies) {
            match m.as_str().and_then(Move::from_iccs) {
                Some(m) if pos.play(m).is_ok() => line.push(m),
                _ => break,
            }
        }
        if line.len() == plies {
            out.push((start, line));
        }
    }
    Ok(out)
}

/// One game; `red` is the index of the engine playing Red. The result and how it ended.
fn play(
    engines: &mut [Engine; 2],
    s: &Settings,
    start: &Position,
    opening: &[Move],
    red: usize,
) -> Result<(GameResult, String, Vec<Move>), String> {
    let mut game = Game::new(start.clone());
    for &m in opening {
        game.play(m).map_err(|e| format!("opening: {e}"))?;
    }
    for e in engines.iter_mut() {
        e.send("ucinewgame")?;
        e.ready()?;
    }
    // `--tc` is capped (`time_control`): the clock fits an i64.
    let mut clock = s.tc.map(|(t, _)| [t as i64, t as i64]);
    loop {
        if let Some(v) = game.verdict() {
            return Ok((
                v.result,
                v.reason_token().to_string(),
                game.moves().to_vec(),
            ));
        }
        if game.ply() >= s.max_plies {
            return Ok((GameResult::Draw, "ply-cap".into(), game.moves().to_vec()));
        }
        let turn = game.position().turn();
        let side = if turn == Color::Red { red } else { 1 - red };
        let e = &mut engines[side];
        let moves: Vec<String> = game.moves().iter().map(|&m| e.coord(m)).collect();
        e.send(&format!(
            "position fen {} moves {}",
            game.start().fen(),
            moves.join(" ")
        ))?;
        let go = match (clock, s.tc) {
            (Some(c), Some((_, inc))) => {
                let (w, b) = (c[0].max(0), c[1].max(0));
                format!("wtime {w} btime {b} winc {inc} binc {inc}")
            }
            _ => s.sides[side].go.clone(),
        };
        e.send(&format!("go {go}"))?;
        let t0 = Instant::now();
        let best = e.bestmove(&go, turn == Color::Red)?.0;
        let used = t0.elapsed().as_millis() as i64;
        if let (Some(c), Some((_, inc))) = (clock.as_mut(), s.tc) {
            let i = (turn == Color::Black) as usize;
            c[i] -= used;
            if c[i] < 0 {
                return Ok((
                    GameResult::win_for(turn.other()),
                    "flag".into(),
                    game.moves().to_vec(),
                ));
            }
            c[i] += inc as i64;
        }
        let m = e.parse(&best).filter(|&m| game.position().is_legal(m));
        match m {
            Some(m) => game.play(m).map_err(|e| e.to_string())?,
            None => {
                let name = e.name.clone();
                return Ok((
                    GameResult::win_for(turn.other()),
                    format!("illegal move `{best}` by {name}"),
                    game.moves().to_vec(),
                ));
            }
        }
    }
}

/// Appends one game to `file` as a JSON line with the test set's keys.
fn record(file: &str, start: &Position, moves: &[Move], result: GameResult) -> std::io::Result<()> {
    let line = serde_json::json!({
        "start_fen": start.fen(),
        "moves_iccs": moves.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
        "result": result.token(),
    });
    let mut f = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(file)?;
    writeln!(f, "{line}")
}

/// Runs `xq match`; prints one line a game and the first engine's score with its 95 % margin.
pub fn run(args: &[String]) -> i32 {
    let s = match parse(args) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("xq match: {e}\n{USAGE}");
            return 2;
        }
    };
    let openings = match openings(s.games_file.as_deref(), s.plies) {
        Ok(o) if !o.is_empty() => o,
        Ok(_) => {
            eprintln!("xq match: no opening of {} plies", s.plies);
            return 1;
        }
        Err(e) => {
            eprintln!("xq match: {e}");
            return 1;
        }
    };
    let start = |i: usize| Engine::start(&s.sides[i].cmd, &s.sides[i].options);
    let mut engines = match (start(0), start(1)) {
        (Ok(a), Ok(b)) => [a, b],
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("xq match: {e}");
            return 1;
        }
    };
    let mut points = Vec::new();
    let (mut w, mut d, mut l) = (0, 0, 0);
    for g in 0..s.games {
        let (start, line) = &openings[(s.first % openings.len() + g / 2) % openings.len()];
        let red = g % 2;
        let (result, why, moves) = match play(&mut engines, &s, start, line, red) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("xq match: game {}: {e}", g + 1);
                return 1;
            }
        };
        if let Some(file) = &s.record {
            if let Err(e) = record(file, start, &moves, result) {
                eprintln!("xq match: {file}: {e}");
                return 1;
            }
        }
        let first_wins = match result {
            GameResult::Draw => None,
            GameResult::RedWins => Some(red == 0),
            GameResult::BlackWins => Some(red == 1),
        };
        let p = match first_wins {
            Some(true) => {
                w += 1;
                1.0
            }
            Some(false) => {
                l += 1;
                0.0
            }
            None => {
                d += 1;
                0.5
            }
        };
        points.push(p);
        println!(
            "game {} opening {} first engine {}: {} {why}",
            g + 1,
            s.first.saturating_add(g / 2 + 1),
            if red == 0 { "red" } else { "black" },
            result.token()
        );
    }
    let n = points.len() as f64;
    let mean = points.iter().sum::<f64>() / n;
    let var = points.iter().map(|p| (p - mean).powi(2)).sum::<f64>() / n;
    let margin = 1.96 * (var / n).sqrt();
    println!(
        "{} vs {}: +{w} ={d} -{l}, {:.1}/{} = {:.1} % ± {:.1} %",
        engines[0].name,
        engines[1].name,
        mean * n,
        points.len(),
        mean * 100.0,
        margin * 100.0
    );
    0
}
