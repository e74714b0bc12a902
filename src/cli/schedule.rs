//! `xq schedule`: solve a match timetable, print it as JSON or text, or run the benchmark.

use crate::events::round_robin::{parse_entrant_list, BoardOrder, TournamentError, MAX_BOARDS};
use crate::events::schedule::DraftError;
use crate::events::schedule::{board_order_from_key, board_order_key, EventScoring};
use crate::events::schedule::{
    fit, side_name, solve, Bounds, Fit, Format, Metrics, Placement, Problem, ProblemError,
    Solution, DEFAULT_BUDGET, MAX_ENTRANTS, MAX_SESSIONS, MAX_SESSION_MINUTES, MAX_TABLES,
};
use serde_json::{json, Value};
use std::time::Instant;

const USAGE: &str =
    "usage: xq schedule (--entrants N | --entrants-file FILE) --tables T --sessions S \
--session-minutes M --match-minutes K [--double | --groups G] [--seed N] [--budget ITER] [--json]
       [--scoring xiangqi|xiangqi-2-1-0|xiangqi-team|table-tennis|win-draw-loss] [--boards B]
       [--board-order fixed|substitutes|per-match]
       xq schedule --bench";

/// Exit status when the matches cannot fit.
const INFEASIBLE: i32 = 3;

struct Options {
    problem: Problem,
    seed: u64,
    budget: u64,
    json: bool,
    /// How results will be scored (written into the JSON answer; the timetable is the same).
    scoring: EventScoring,
    /// Boards per team match (the team scoring only).
    boards: Option<usize>,
    /// How players are put on boards, 12.1 / 12.2 / 12.3 (the team scoring only).
    board_order: Option<BoardOrder>,
}

fn value<'a>(args: &'a [String], i: &mut usize, flag: &str) -> Result<&'a str, String> {
    *i += 1;
    args.get(*i)
        .map(String::as_str)
        .ok_or_else(|| format!("{flag} needs a value"))
}

fn number<T: std::str::FromStr>(text: &str, flag: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("{flag}: `{text}` is not a whole number"))
}

/// Largest entrants file read: 128 names of 100 bytes fit many times over.
const MAX_ENTRANTS_FILE_BYTES: u64 = 1 << 20;

/// `text` as a number no larger than `max`, checked before anything is sized by it.
fn capped<T>(
    text: &str,
    flag: &str,
    max: T,
    too_many: impl Fn(T) -> ProblemError,
) -> Result<T, String>
where
    T: std::str::FromStr + PartialOrd + Copy,
{
    let n: T = number(text, flag)?;
    if n > max {
        return Err(format!("{flag}: {}", too_many(n)));
    }
    Ok(n)
}

fn need<T>(x: Option<T>, flag: &str) -> Result<T, String> {
    x.ok_or_else(|| format!("{flag} is required"))
}

/// The entrants of a file, one a line (blank lines skipped).
fn entrants_file(path: &str) -> Result<Vec<String>, String> {
    let text = read_capped(path).map_err(|e| format!("--entrants-file {path}: {e}"))?;
    Ok(text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect())
}

/// `text` as a team match's number of boards.
fn boards_of(text: &str, flag: &str) -> Result<usize, String> {
    let b: usize = number(text, flag)?;
    if !(1..=MAX_BOARDS).contains(&b) {
        return Err(format!("{flag}: {}", TournamentError::BadBoards(b)));
    }
    Ok(b)
}

fn parse(args: &[String]) -> Result<Options, String> {
    let mut entrants: Option<Vec<String>> = None;
    let (mut tables, mut sessions, mut session_minutes, mut match_minutes) =
        (None, None, None, None);
    let (mut double, mut groups) = (false, None);
    let (mut seed, mut budget, mut json) = (1u64, DEFAULT_BUDGET, false);
    let mut scoring = EventScoring::default();
    let mut boards = None;
    let mut board_order = None;
    let mut i = 0;
    while i < args.len() {
        let flag = args[i].as_str();
        match flag {
            "--entrants" => {
                let n: usize = capped(
                    value(args, &mut i, flag)?,
                    flag,
                    MAX_ENTRANTS,
                    ProblemError::TooManyEntrants,
                )?;
                entrants = Some((1..=n).map(|k| k.to_string()).collect());
            }
            "--entrants-file" => entrants = Some(entrants_file(value(args, &mut i, flag)?)?),
            "--tables" => {
                let text = value(args, &mut i, flag)?;
                tables = Some(capped(text, flag, MAX_TABLES, ProblemError::TooManyTables)?)
            }
            "--sessions" => {
                let text = value(args, &mut i, flag)?;
                sessions = Some(capped(
                    text,
                    flag,
                    MAX_SESSIONS,
                    ProblemError::TooManySessions,
                )?)
            }
            "--session-minutes" => {
                let text = value(args, &mut i, flag)?;
                session_minutes = Some(capped(text, flag, MAX_SESSION_MINUTES, |minutes| {
                    ProblemError::SessionOverADay {
                        session: 0,
                        minutes,
                    }
                })?)
            }
            "--match-minutes" => match_minutes = Some(number(value(args, &mut i, flag)?, flag)?),
            "--double" => double = true,
            "--groups" => groups = Some(number(value(args, &mut i, flag)?, flag)?),
            "--seed" => seed = number(value(args, &mut i, flag)?, flag)?,
            "--budget" => budget = number(value(args, &mut i, flag)?, flag)?,
            "--json" => json = true,
            "--scoring" => {
                scoring = value(args, &mut i, flag)?
                    .parse()
                    .map_err(|e: crate::events::schedule::UnknownScoring| e.to_string())?
            }
            "--boards" => boards = Some(boards_of(value(args, &mut i, flag)?, flag)?),
            "--board-order" => {
                let text = value(args, &mut i, flag)?;
                board_order = Some(board_order_from_key(text).ok_or_else(|| {
                    format!("{flag}: `{text}` is not fixed, substitutes or per-match")
                })?);
            }
            other => return Err(format!("unknown option `{other}`")),
        }
        i += 1;
    }
    let mut entrants = entrants.ok_or("--entrants or --entrants-file is required")?;
    if scoring.is_team() {
        if groups.is_some() {
            return Err(DraftError::TeamGroups.to_string());
        }
        // `Team: player, player, …` lines name the team by what comes before the colon.
        entrants = parse_entrant_list(&entrants.join("\n"), true)
            .into_iter()
            .map(|e| e.name)
            .collect();
        boards = boards.or(Some(4));
        board_order = board_order.or(Some(BoardOrder::Fixed));
    } else if boards.is_some() {
        return Err("--boards needs --scoring xiangqi-team".into());
    } else if board_order.is_some() {
        return Err("--board-order needs --scoring xiangqi-team".into());
    }
    let mut problem = Problem::round_robin(
        0,
        need(tables, "--tables")?,
        need(sessions, "--sessions")?,
        need(session_minutes, "--session-minutes")?,
        need(match_minutes, "--match-minutes")?,
        double,
    );
    problem.entrants = entrants;
    if let Some(groups) = groups {
        if double {
            return Err("--double and --groups cannot be combined".into());
        }
        problem.format = Format::GroupsKnockout { groups };
    }
    problem.validate().map_err(|e| e.to_string())?;
    Ok(Options {
        problem,
        seed,
        budget,
        json,
        scoring,
        boards,
        board_order,
    })
}

/// The file's text, refused unread when larger than [`MAX_ENTRANTS_FILE_BYTES`].
fn read_capped(path: &str) -> Result<String, String> {
    use std::io::Read;
    let file = super::open_file(path, MAX_ENTRANTS_FILE_BYTES as usize)?;
    let mut bytes = Vec::new();
    file.take(MAX_ENTRANTS_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > MAX_ENTRANTS_FILE_BYTES {
        return Err(format!(
            "larger than {} KB; an entrants file holds one name per line",
            MAX_ENTRANTS_FILE_BYTES / 1024
        ));
    }
    String::from_utf8(bytes).map_err(|_| "not UTF-8 text".to_string())
}

fn metrics_json(m: &Metrics) -> Value {
    json!({
        "slots_used": m.slots_used,
        "unplaced": m.unplaced,
        "max_consecutive": m.max_consecutive,
        "back_to_back": m.back_to_back,
        "max_back_to_back": m.max_back_to_back,
        "session_spread": m.session_spread,
        "idle_slots": m.idle_slots,
        "table_excess": m.table_excess,
    })
}

fn bounds_json(b: &Bounds) -> Value {
    json!({
        "matches": b.matches,
        "slots_used": b.slots_used,
        "max_consecutive": b.max_consecutive,
        "back_to_back": b.back_to_back,
        "max_back_to_back": b.max_back_to_back,
        "session_spread": b.session_spread,
        "idle_slots": b.idle_slots,
        "table_excess": b.table_excess,
    })
}

/// The whole answer as one JSON object (the CLI's stable output).
fn answer_json(p: &Problem, sol: &Solution, seed: u64) -> Value {
    let mut out = json!({
        "entrants": p.entrants,
        "seed": seed,
        "bounds": bounds_json(&sol.bounds),
    });
    match &sol.fit {
        Fit::DoesNotFit {
            shortfall,
            suggestions,
        } => {
            out["feasible"] = json!(false);
            out["reason"] = json!(shortfall.to_string());
            out["shortfall"] = json!(shortfall);
            let matches = p.fixtures().len();
            out["suggestions"] = suggestions
                .iter()
                .map(|s| {
                    let mut v = json!(s);
                    v["text"] = json!(s.describe(matches, p.tables));
                    v
                })
                .collect();
        }
        Fit::Fits if sol.metrics.unplaced > 0 => {
            out["feasible"] = json!(false);
            out["reason"] = json!(format!(
                "no legal timetable found: {} matches left over (try another seed or a larger budget)",
                sol.metrics.unplaced
            ));
            out["suggestions"] = json!([]);
        }
        Fit::Fits => {
            let fixtures = p.fixtures();
            let slots = p.slots();
            let mut per_slot: Vec<Vec<Value>> = vec![Vec::new(); slots.len()];
            let umpires = sol.schedule.umpires(p);
            for (pl, umpire) in sol.schedule.placements.iter().zip(umpires) {
                let f = &fixtures[pl.fixture];
                per_slot[pl.slot].push(json!({
                    "table": pl.table + 1,
                    "a": side_name(&f.a, &p.entrants),
                    "b": side_name(&f.b, &p.entrants),
                    "stage": f.stage.to_string(),
                    "umpire": umpire.map(|u| p.entrants[u].clone()),
                }));
            }
            out["feasible"] = json!(true);
            out["optimal"] = json!(sol.optimal);
            out["iterations"] = json!(sol.iterations);
            out["slots"] = slots
                .iter()
                .zip(per_slot)
                .map(|(s, matches)| {
                    json!({
                        "session": s.session + 1,
                        "slot": s.index + 1,
                        "start_minute": s.start_minute,
                        "matches": matches,
                    })
                })
                .collect();
            out["metrics"] = metrics_json(&sol.metrics);
        }
    }
    out
}

fn print_text(p: &Problem, sol: &Solution) {
    if let Fit::DoesNotFit {
        shortfall,
        suggestions,
    } = &sol.fit
    {
        println!("does not fit: {shortfall}");
        let matches = p.fixtures().len();
        for s in suggestions {
            println!("  would fit with {}", s.describe(matches, p.tables));
        }
        return;
    }
    let fixtures = p.fixtures();
    let slots = p.slots();
    let umpires = sol.schedule.umpires(p);
    for (g, s) in slots.iter().enumerate() {
        let here: Vec<(&Placement, Option<usize>)> = sol
            .schedule
            .placements
            .iter()
            .zip(umpires.iter().copied())
            .filter(|(pl, _)| pl.slot == g)
            .collect();
        let line: Vec<String> = here
            .iter()
            .map(|(pl, _)| {
                let f = &fixtures[pl.fixture];
                format!(
                    "T{} {}-{}",
                    pl.table + 1,
                    side_name(&f.a, &p.entrants),
                    side_name(&f.b, &p.entrants)
                )
            })
            .collect();
        println!(
            "session {} slot {} (+{} min): {}",
            s.session + 1,
            s.index + 1,
            s.start_minute,
            line.join("  ")
        );
        // Umpire duty on a line of its own, so the match lines read as before.
        let duty: Vec<String> = here
            .iter()
            .filter_map(|(pl, u)| Some(format!("T{} {}", pl.table + 1, p.entrants[(*u)?])))
            .collect();
        if !duty.is_empty() {
            println!("  umpires: {}", duty.join("  "));
        }
    }
    println!("{}", metric_line(&sol.metrics, &sol.bounds));
}

fn metric_line(m: &Metrics, b: &Bounds) -> String {
    format!(
        "unplaced {} | slots {} (≥{}) | max run {} (≥{}) | back-to-backs {} (≥{}), most {} (≥{}) | spread {} (≥{}) | idle {} (≥{}) | table excess {} (≥{})",
        m.unplaced,
        m.slots_used,
        b.slots_used,
        m.max_consecutive,
        b.max_consecutive,
        m.back_to_back,
        b.back_to_back,
        m.max_back_to_back,
        b.max_back_to_back,
        m.session_spread,
        b.session_spread,
        m.idle_slots,
        b.idle_slots,
        m.table_excess,
        b.table_excess
    )
}

/// Runs `xq schedule` with `args`; returns the exit status.
pub fn run(args: &[String]) -> i32 {
    if args.iter().any(|a| a == "--bench") {
        return bench();
    }
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return 0;
    }
    let opts = match parse(args) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("xq schedule: {e}\n{USAGE}");
            return 2;
        }
    };
    let sol = match solve(&opts.problem, opts.seed, opts.budget) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("xq schedule: {e}");
            return 2;
        }
    };
    if opts.json {
        let mut answer = answer_json(&opts.problem, &sol, opts.seed);
        answer["scoring"] = json!(opts.scoring.key());
        if let Some(b) = opts.boards {
            answer["boards"] = json!(b);
        }
        if let Some(o) = opts.board_order {
            answer["board_order"] = json!(board_order_key(o));
        }
        println!("{answer}");
    } else {
        print_text(&opts.problem, &sol);
    }
    let feasible = matches!(sol.fit, Fit::Fits) && sol.metrics.unplaced == 0;
    if feasible {
        0
    } else {
        INFEASIBLE
    }
}

fn bench_case(name: &str, p: &Problem, seed: u64) -> Option<(Solution, f64)> {
    let start = Instant::now();
    let sol = match solve(p, seed, DEFAULT_BUDGET) {
        Ok(s) => s,
        Err(e) => {
            println!("{name}: invalid problem: {e}");
            return None;
        }
    };
    let secs = start.elapsed().as_secs_f64();
    let valid = sol.schedule.validate(p).is_ok();
    match &sol.fit {
        Fit::DoesNotFit {
            shortfall,
            suggestions,
        } => {
            let matches = p.fixtures().len();
            let list: Vec<String> = suggestions
                .iter()
                .map(|s| s.describe(matches, p.tables))
                .collect();
            println!(
                "{name}: infeasible in {:.3} s: {shortfall}; fits with {}",
                secs,
                list.join(" | ")
            );
        }
        Fit::Fits => println!(
            "{name}: valid {valid} optimal {} in {:.3} s, {} iterations\n  {}",
            sol.optimal,
            secs,
            sol.iterations,
            metric_line(&sol.metrics, &sol.bounds)
        ),
    }
    Some((sol, secs))
}

/// The benchmark cases, with their pass criteria.
fn bench() -> i32 {
    let mut ok = true;
    let p = Problem::round_robin(19, 7, 8, 90, 22, false);
    if let Some((sol, secs)) = bench_case("19 pairs, 7 tables, 8x90 min, 22-min matches", &p, 1) {
        let m = &sol.metrics;
        let pass = sol.schedule.validate(&p).is_ok()
            && m.max_consecutive <= 2
            && m.back_to_back == 38
            && m.max_back_to_back == 2
            && m.session_spread <= 1
            && secs < 1.0;
        println!(
            "  target (valid, run ≤2, 38 back-to-backs, 2 each, spread ≤1, < 1 s): {}",
            verdict(pass)
        );
        ok &= pass;
    }
    let p = Problem::round_robin(19, 7, 8, 90, 30, false);
    if bench_case("19 pairs, 7 tables, 8x90 min, 30-min matches", &p, 1).is_some() {
        let pass = matches!(fit(&p), Ok(Fit::DoesNotFit { .. }));
        println!("  target (infeasible with suggestions): {}", verdict(pass));
        ok &= pass;
    }
    let p = Problem::round_robin(19, 8, 8, 90, 30, false);
    if let Some((sol, _)) = bench_case("19 pairs, 8 tables, 8x90 min, 30-min matches", &p, 1) {
        let pass = sol.schedule.validate(&p).is_ok();
        println!("  target (valid): {}", verdict(pass));
        ok &= pass;
    }
    let mut p = Problem::round_robin(19, 7, 8, 90, 22, false);
    p.format = Format::GroupsKnockout { groups: 4 };
    if let Some((sol, _)) = bench_case(
        "19 pairs in groups 5/5/5/4 + knockout, 7 tables, 8x90/22",
        &p,
        1,
    ) {
        let pass = sol.schedule.validate(&p).is_ok();
        println!("  target (valid): {}", verdict(pass));
        ok &= pass;
    }
    let p = Problem::round_robin(64, 16, 24, 120, 20, false);
    if let Some((sol, _)) = bench_case("64 entrants, 16 tables, 24x120 min, 20-min matches", &p, 1)
    {
        let pass = sol.schedule.validate(&p).is_ok();
        println!("  target (valid): {}", verdict(pass));
        ok &= pass;
    }
    if ok {
        0
    } else {
        1
    }
}

fn verdict(pass: bool) -> &'static str {
    if pass {
        "pass"
    } else {
        "FAIL"
    }
}
