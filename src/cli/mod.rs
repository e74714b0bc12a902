//! The `xq` command line: each subcommand lives in its own module and returns the exit status.

mod bench_files;
mod chances;
mod convert;
mod data;
mod eco;
mod explorer;
mod flags;
mod games;
mod judge;
mod label;
mod matches;
mod pairings;
mod perft;
mod puzzles;
mod schedule;
mod swiss;
mod train;
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
        "eco" => eco::run(rest),
        "explorer" => explorer::run(rest),
        "games" => games::run(rest),
        "pairings" => pairings::run(rest),
        "schedule" => schedule::run(rest),
        "swiss" => swiss::run(rest),
        "tune" => tune::run(rest),
        "label" => label::run(rest),
        "data" => data::run(rest),
        "train" => train::run(rest),
        "chances" => chances::run(rest),
        "puzzles" => puzzles::run(rest),
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
        Some(p) => open_file(p, max)?.take(cap).read_to_end(&mut bytes),
    }
    .map_err(|e| e.to_string())?;
    if bytes.len() > max {
        return Err(too_large(max));
    }
    Ok(bytes)
}

fn too_large(max: usize) -> String {
    format!(
        "larger than the limit of {} KB; it was not read",
        max / 1024
    )
}

/// Opens the file at `path` to read, refusing at once what is not a regular file (a FIFO
/// would wait for a writer forever, a device may never end) or is larger than `max` bytes.
fn open_file(path: &str, max: usize) -> Result<std::fs::File, String> {
    let meta = std::fs::metadata(path).map_err(|e| e.to_string())?;
    if !meta.is_file() {
        return Err("not a regular file (give a file, or - for stdin)".into());
    }
    if meta.len() > max as u64 {
        return Err(too_large(max));
    }
    std::fs::File::open(path).map_err(|e| e.to_string())
}

/// The most of a JSON-lines games file `xq match`, `xq label` and `xq tune` read.
const MAX_GAMES_FILE_BYTES: usize = 32 << 20;

/// The text of the games file at `path`, at most [`MAX_GAMES_FILE_BYTES`].
fn read_games(path: &str) -> Result<String, String> {
    let bytes =
        read_capped(Some(path), MAX_GAMES_FILE_BYTES).map_err(|e| format!("{path}: {e}"))?;
    String::from_utf8(bytes).map_err(|_| format!("{path}: not UTF-8 text"))
}

/// The test set's games, built in so that `xq match` and `xq tune` work from any directory.
const TEST_SET: &str = include_str!("../../tests/data/games/games.jsonl");
/// The name the test set goes by in messages and options.
const TEST_SET_NAME: &str = "tests/data/games/games.jsonl";

/// Refuses at once an output `path` that exists and is not a file to write in: a directory, or a
/// FIFO or socket (opening one waits for a reader forever).
fn check_output(path: &str) -> Result<(), String> {
    match std::fs::metadata(path) {
        Ok(m) if m.is_dir() => Err(format!("{path}: is a directory")),
        #[cfg(unix)]
        Ok(m)
            if {
                use std::os::unix::fs::FileTypeExt;
                m.file_type().is_fifo() || m.file_type().is_socket()
            } =>
        {
            Err(format!("{path}: a pipe or socket, not a file"))
        }
        _ => Ok(()),
    }
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
  eco [check|train] FILE|DIR...       ECCO opening codes of games; agreement with their tags
  explorer pack|build|query ...      the master-games book, the static opening explorer, a position's moves
  games import|search|explore ...   the game database: import files, search, a position's moves
  pairings --players N [--double]    Berger round-robin tables
  schedule --entrants N ... --json   solve a match timetable
  swiss FILE.trf [--rounds N --random-results SEED]   next Swiss round (FIDE Dutch)
  tune [--games FILE.jsonl]... [--lambda L] [--only NAMES] [--emit FILE.rs]   fit the evaluation's weights to game results
  label --engine CMD --out OUT.jsonl GAMES.jsonl   add a UCI engine's score of each position to tune on
  data [--depth D] --out FILE.xqpos FILE|DIR...   quiet positions of games, scored, for the network
  chances DATA.xqpos...                fit the review's centipawns-to-winning-chances scale to the positions' results
  train --out FILE.nnue DATA.xqpos...    train the network (NNUE) on `xq data`'s positions
  puzzles [--engine CMD] [--go GO] --out FILE.jsonl GAMES...   cut puzzles from games (pack --out DIR: shard them)";

/// The library of each of `files` that reads, with its file's name; one that does not is said on
/// stderr as `xq TOOL: file: why` and skipped.
pub(crate) fn libraries(
    files: Vec<std::path::PathBuf>,
    tool: &'static str,
) -> impl Iterator<Item = (String, crate::xiangqi::notation::archive::Library)> {
    use crate::xiangqi::notation::archive::{self, MAX_LIBRARY_BYTES};
    files.into_iter().filter_map(move |f| {
        let name = f.display().to_string();
        let lib = read_capped(Some(&name), MAX_LIBRARY_BYTES).and_then(|bytes| {
            archive::open(&bytes, &crate::text::EncodingRs).map_err(|e| e.to_string())
        });
        match lib {
            Ok(lib) => Some((name, lib)),
            Err(e) => {
                eprintln!("xq {tool}: {name}: {e}");
                None
            }
        }
    })
}

/// Every file under the paths given (folders walked in name order, so that runs repeat).
pub(crate) fn files_under(inputs: &[String]) -> Result<Vec<std::path::PathBuf>, String> {
    fn walk(p: &std::path::Path, out: &mut Vec<std::path::PathBuf>) -> Result<(), String> {
        if p.is_dir() {
            let mut entries: Vec<std::path::PathBuf> = std::fs::read_dir(p)
                .map_err(|e| format!("{}: {e}", p.display()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .collect();
            entries.sort();
            for e in entries {
                walk(&e, out)?;
            }
        } else {
            out.push(p.to_path_buf());
        }
        Ok(())
    }
    let mut out = Vec::new();
    for i in inputs {
        walk(std::path::Path::new(i), &mut out)?;
    }
    Ok(out)
}
