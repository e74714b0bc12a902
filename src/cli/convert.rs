//! `xq convert --to chinese|wxf|iccs|pgn-chinese|pgn-wxf|pgn-iccs|dhtmlxq|xqf [--main-line] [FILE]`:
//! reads one game in any notation (PGN with tags, bare move text or DhtmlXQ; UTF-8, GBK or Big5;
//! stdin when no file) and prints its main line alone, one move per line, a complete PGN with its
//! variations, comments and marks (`--main-line`: without the variations and marks), DhtmlXQ, or
//! an XQF file (binary, to stdout).

use crate::lang::{Lang, Say};
use crate::saved::MAX_IMPORT_BYTES;
use crate::xiangqi::notation::pgn::{
    decode_with, read_pgn, read_tree, write_move_list, write_pgn, write_tree, EncodingRs,
};
use crate::xiangqi::notation::{dhtmlxq, xqf, Notation};
use crate::xiangqi::tree::GameTree;
use std::io::Write;

const USAGE: &str =
    "usage: xq convert --to chinese|wxf|iccs|pgn-chinese|pgn-wxf|pgn-iccs|dhtmlxq|xqf [--main-line] [FILE]";

/// What `--to` asks for: the notation, and whether a whole PGN or the bare move list.
fn target(name: &str) -> Option<(Notation, bool)> {
    if name == "dhtmlxq" || name == "xqf" {
        return Some((Notation::Chinese, false));
    }
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
    let binary = to.as_deref() == Some("xqf");
    let ubb = binary || to.as_deref() == Some("dhtmlxq");
    // The whole tree as DhtmlXQ text or an XQF file.
    let whole = |tree: &GameTree| -> Vec<u8> {
        if binary {
            xqf::write_xqf(tree, &EncodingRs)
        } else {
            dhtmlxq::write_dhtmlxq(tree).into_bytes()
        }
    };
    let Some((notation, pgn)) = to.as_deref().and_then(target) else {
        eprintln!("xq convert: --to must be one of chinese, wxf, iccs, pgn-chinese, pgn-wxf, pgn-iccs, dhtmlxq, xqf\n{USAGE}");
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
    // DhtmlXQ text (a forum post, a dpxq.com page) is recognised by its tags.
    let out = if dhtmlxq::looks_like(&decoded.text) {
        let tree = match dhtmlxq::read_dhtmlxq(&decoded.text) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("xq convert: {e}");
                return 1;
            }
        };
        match (ubb, pgn, main_line) {
            (true, ..) => whole(&tree),
            (_, true, false) => write_tree(&tree, notation).into_bytes(),
            (_, true, true) => write_pgn(&tree.main_line_game(), notation).into_bytes(),
            _ => write_move_list(&tree.main_line_game(), notation).into_bytes(),
        }
    } else {
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
        // The whole tree unless only the main line is asked for; a variation that does not
        // read is said, and the main line (which reads) is written.
        let tree = ((pgn || ubb) && !main_line).then(|| read_tree(&decoded.text));
        match tree {
            Some(Ok(tree)) if ubb => whole(&tree),
            Some(Ok(tree)) => write_tree(&tree, notation).into_bytes(),
            Some(Err(e)) => {
                eprintln!("xq convert: warning: {e}; writing the main line only");
                if ubb {
                    whole(&GameTree::from_game(&game))
                } else {
                    write_pgn(&game, notation).into_bytes()
                }
            }
            None if ubb => whole(&GameTree::from_game(&game)),
            None if pgn => write_pgn(&game, notation).into_bytes(),
            None => write_move_list(&game, notation).into_bytes(),
        }
    };
    let mut stdout = std::io::stdout().lock();
    if stdout.write_all(&out).is_err() {
        return 1;
    }
    0
}
