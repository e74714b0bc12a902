//! The `xq` command line: each subcommand lives in its own module and returns the exit status.

mod bench_files;
mod convert;
mod judge;
mod label;
mod matches;
mod pairings;
mod perft;
mod schedule;
mod swiss;
mod tune;
mod uci;
mod uci_engine;

use std::ffi::OsString;

/// Runs `xq` with `args` (without the program name, as the OS gave them); returns the exit
/// status. An argument that is not UTF-8 is refused with status 2, never a panic.
pub fn run(args: &[OsString]) -> i32 {
    let args = match utf8_args(args) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("xq: {e}");
            return 2;
        }
    };
    let Some((cmd, rest)) = args.split_first() else {
        eprintln!("{USAGE}");
        return 2;
    };
    match cmd.as_str() {
        "perft" => perft::perft(rest),
        "bench" if rest.first().is_some_and(|a| a == "search") => uci::bench(&rest[1..]),
        "bench" if rest.first().is_some_and(|a| a == "files") => bench_files::run(&rest[1..]),
        "bench" => perft::bench(rest),
        "uci" => uci::run(rest),
        "judge" => judge::run(rest),
        "match" => matches::run(rest),
        "convert" => convert::run(rest),
        "pairings" => pairings::run(rest),
        "schedule" => schedule::run(rest),
        "swiss" => swiss::run(rest),
        "tune" => tune::run(rest),
        "label" => label::run(rest),
        "help" | "--help" | "-h" => {
            println!("{USAGE}");
            0
        }
        other => {
            eprintln!("xq: unknown command `{other}`\n{USAGE}");
            2
        }
    }
}

/// The arguments as text; names the first one that is not valid UTF-8 (shown lossily).
fn utf8_args(args: &[OsString]) -> Result<Vec<String>, String> {
    args.iter()
        .enumerate()
        .map(|(i, a)| {
            a.clone().into_string().map_err(|bad| {
                format!(
                    "argument {} `{}` is not valid UTF-8 text",
                    i + 1,
                    bad.to_string_lossy()
                )
            })
        })
        .collect()
}

/// The bytes of `path` (stdin for none), refused once past `max`: a device such as
/// /dev/zero or an endless pipe is never read beyond the cap.
fn read_capped(path: Option<&str>, max: usize) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let mut bytes = Vec::new();
    let cap = max as u64 + 1;
    match path {
        None => std::io::stdin().lock().take(cap).read_to_end(&mut bytes),
        Some(p) => std::fs::File::open(p).and_then(|f| f.take(cap).read_to_end(&mut bytes)),
    }
    .map_err(|e| e.to_string())?;
    if bytes.len() > max {
        return Err(format!(
            "larger than the limit of {} KB; it was not read",
            max / 1024
        ));
    }
    Ok(bytes)
}

const USAGE: &str = "usage: xq <command> [args]
  perft \"<FEN>\" <depth> [--divide]   count leaf nodes of the legal-move tree
  bench                              perft 5 from the start position, nodes per second
  bench search [depth]               fixed engine search of fixed positions: nodes, nodes per second
  bench files DIR                    write large game files to time `xq convert` on (docs/benchmarks.md)
  uci                                the engine over UCI (as Pikafish speaks it) on stdin/stdout
  match --engine CMD --engine CMD    two UCI engines play the test set's openings, both colours
  judge \"<FEN>\" <ICCS moves...>      the verdict of a game record under the 1999 rules
  convert --to <format> [FILE]       convert a game between notations and PGN
  pairings --players N [--double]    Berger round-robin tables
  schedule --entrants N ... --json   solve a match timetable
  swiss FILE.trf [--rounds N --random-results SEED]   next Swiss round (FIDE Dutch)
  tune [--games FILE.jsonl]... [--lambda L] [--only NAMES] [--emit FILE.rs]   fit the evaluation's weights to game results
  label --engine CMD --out OUT.jsonl GAMES.jsonl   add a UCI engine's score of each position to tune on";
