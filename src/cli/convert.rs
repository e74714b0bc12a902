//! `xq convert --to chinese|wxf|iccs|pgn-chinese|pgn-wxf|pgn-iccs [--main-line] [FILE]`: reads one
//! game in any notation (PGN with tags or bare move text; UTF-8, GBK or Big5; stdin when no file)
//! and prints its main line alone, one move per line, or a complete PGN with its variations,
//! comments and marks (`--main-line`: without the variations and marks).

use crate::lang::{Lang, Say};
use crate::xiangqi::notation::pgn::{
    decode_with, read_pgn, read_tree, write_move_list, write_pgn, write_tree, EncodingRs,
};
use crate::xiangqi::notation::Notation;
use std::io::{Read, Write};

const USAGE: &str =
    "usage: xq convert --to chinese|wxf|iccs|pgn-chinese|pgn-wxf|pgn-iccs [--main-line] [FILE]";

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
    let mut main_line = false;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--to" {
            to = it.next().cloned();
        } else if let Some(v) = a.strip_prefix("--to=") {
            to = Some(v.to_string());
        } else if a == "--main-line" {
            main_line = true;
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
    let mut bytes = Vec::new();
    let read = match file.as_deref() {
        None | Some("-") => std::io::stdin().read_to_end(&mut bytes).map(|_| ()),
        Some(path) => std::fs::read(path).map(|b| bytes = b),
    };
    if let Err(e) = read {
        eprintln!("xq convert: {}: {e}", file.as_deref().unwrap_or("stdin"));
        return 1;
    }
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
    // The whole tree unless only the main line is asked for; a variation that does not read
    // is said, and the main line (which reads) is written.
    let tree = (pgn && !main_line).then(|| read_tree(&decoded.text));
    let out = if let Some(Ok(tree)) = &tree {
        write_tree(tree, notation)
    } else if pgn {
        if let Some(Err(e)) = &tree {
            eprintln!("xq convert: warning: {e}; writing the main line only");
        }
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
