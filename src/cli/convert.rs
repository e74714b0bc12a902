//! `xq convert --to chinese|wxf|iccs|pgn-chinese|pgn-wxf|pgn-iccs [FILE]`: reads one game in any
//! notation (PGN with tags or bare move text; UTF-8, GBK or Big5; stdin when no file) and prints
//! its main line alone, one move per line, or a complete PGN.

use crate::lang::{Lang, Say};
use crate::saved::MAX_IMPORT_BYTES;
use crate::xiangqi::notation::pgn::{
    decode_with, read_pgn, write_move_list, write_pgn, EncodingRs,
};
use crate::xiangqi::notation::Notation;
use std::io::Write;

const USAGE: &str = "usage: xq convert --to chinese|wxf|iccs|pgn-chinese|pgn-wxf|pgn-iccs [FILE]";

/// What `--to` asks for: the notation, and whether a whole PGN or the bare move list.
fn target(name: &str) -> Option<(Notation, bool)> {
    match name.strip_prefix("pgn-") {
        Some(id) => Notation::from_id(id).map(|n| (n, true)),
        None => Notation::from_id(name).map(|n| (n, false)),
    }
}

/// Runs `xq convert`; 0 on success, 1 for unreadable input, 2 for bad arguments.
pub fn run(args: &[String]) -> i32 {
    let mut to = None;
    let mut file = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--to" {
            to = it.next().cloned();
        } else if let Some(v) = a.strip_prefix("--to=") {
            to = Some(v.to_string());
        } else if a == "-h" || a == "--help" {
            println!("{USAGE}");
            return 0;
        } else if a.starts_with("--") || file.is_some() {
            eprintln!("xq convert: unexpected argument `{a}`\n{USAGE}");
            return 2;
        } else {
            file = Some(a.clone());
        }
    }
    let Some((notation, pgn)) = to.as_deref().and_then(target) else {
        eprintln!("xq convert: --to must be one of chinese, wxf, iccs, pgn-chinese, pgn-wxf, pgn-iccs\n{USAGE}");
        return 2;
    };
    let path = file.as_deref().filter(|f| *f != "-");
    let bytes = match super::read_capped(path, MAX_IMPORT_BYTES) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("xq convert: {}: {e}", file.as_deref().unwrap_or("stdin"));
            return 1;
        }
    };
    let decoded = decode_with(&bytes, &EncodingRs);
    if let Some(w) = decoded.warning() {
        eprintln!("xq convert: warning: {w}");
    }
    // No move read from move text is an error (exit 1), never an empty game.
    let game = match read_pgn(&decoded.text) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("xq convert: {e}");
            return 1;
        }
    };
    for notice in &game.notices {
        eprintln!("xq convert: warning: {}", notice.say(Lang::En));
    }
    let out = if pgn {
        write_pgn(&game, notation)
    } else {
        write_move_list(&game, notation)
    };
    let mut stdout = std::io::stdout().lock();
    if stdout.write_all(out.as_bytes()).is_err() {
        return 1;
    }
    0
}
