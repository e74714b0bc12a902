//! `xq convert --to chinese|wxf|iccs|pgn-chinese|pgn-wxf|pgn-iccs|dhtmlxq|xqf|cbf [--main-line] [FILE]`:
//! reads a game file of any format, recognised by its content (PGN with tags, bare move text,
//! DhtmlXQ, XQF, CBR, CBL, CBF; text in UTF-8, GBK or Big5; stdin when no file) and prints its
//! main line alone, one move per line, a complete PGN with its variations, comments and marks
//! (`--main-line`: without the variations and marks), DhtmlXQ, an XQF file (binary, to
//! stdout), or CBF (its main line and headers: how CBF holds variations is not known). A library (CBL, or PGN of several games) gives every game, one after another.

use crate::lang::{Lang, Say};
use crate::saved::MAX_IMPORT_BYTES;
use crate::text::EncodingRs;
use crate::xiangqi::notation::archive::{self, Format, MAX_LIBRARY_BYTES};
use crate::xiangqi::notation::cbr::CBL_MAGIC;
use crate::xiangqi::notation::decode::decode_with;
use crate::xiangqi::notation::pgn::{
    holds_several_games, read_pgn, read_tree, write_move_list, write_pgn, write_tree,
};
use crate::xiangqi::notation::record::PgnGame;
use crate::xiangqi::notation::{cbf, dhtmlxq, xqf, Notation};
use crate::xiangqi::tree::GameTree;
use std::io::Write;

const USAGE: &str =
    "usage: xq convert --to chinese|wxf|iccs|pgn-chinese|pgn-wxf|pgn-iccs|dhtmlxq|xqf|cbf [--main-line] [FILE]";

/// What `--to` asks for: the notation, and whether a whole PGN or the bare move list.
fn target(name: &str) -> Option<(Notation, bool)> {
    if name == "dhtmlxq" || name == "xqf" || name == "cbf" {
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
    let xml = to.as_deref() == Some("cbf");
    let ubb = binary || xml || to.as_deref() == Some("dhtmlxq");
    let Some((notation, pgn)) = to.as_deref().and_then(target) else {
        eprintln!("xq convert: --to must be one of chinese, wxf, iccs, pgn-chinese, pgn-wxf, pgn-iccs, dhtmlxq, xqf, cbf\n{USAGE}");
        return 2;
    };
    let path = file.as_deref().filter(|f| *f != "-");
    let bytes = match read_input(path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("xq convert: {}: {e}", file.as_deref().unwrap_or("stdin"));
            return 1;
        }
    };
    let out_as = Output {
        binary,
        xml,
        ubb,
        pgn,
        main_line,
        notation,
    };
    // Every format recognised by the one reader the play page uses, which says the format used
    // (on stderr: stdout is the output alone); the binary and XML formats and libraries are
    // written from what it read.
    // UTF-16 text as UTF-8, so that the text readers below read what the archive reader read.
    let bytes = archive::utf16(&bytes).map_or(bytes, String::into_bytes);
    let lib = match archive::open(&bytes, &EncodingRs) {
        Ok(lib) => lib,
        Err(e) => {
            eprintln!("xq convert: {e}");
            return 1;
        }
    };
    eprintln!("xq convert: read as {}", lib.format.name());
    let library = match lib.format {
        Format::Pgn => {
            let text = decode_with(&bytes, &EncodingRs).text;
            holds_several_games(&text)
        }
        Format::DhtmlXq => false,
        _ => true,
    };
    if library {
        return write_library(lib, out_as);
    }
    // One PGN game read whole that the file cuts short (no result, no line's end).
    if let (Format::Pgn, Some(e @ archive::ArchiveError::Cut { .. })) = (lib.format, &lib.stopped) {
        eprintln!("xq convert: warning: {e}; writing what was read before it");
    }
    let decoded = decode_with(&bytes, &EncodingRs);
    if let Some(w) = decoded.warning() {
        eprintln!("xq convert: warning: {w}");
    }
    // DhtmlXQ text (a forum post, a dpxq.com page), as the reader recognised it.
    let out = if lib.format == Format::DhtmlXq {
        let tree = match dhtmlxq::read_dhtmlxq(&decoded.text) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("xq convert: {e}");
                return 1;
            }
        };
        out_as.write(&tree)
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
            Some(Ok(tree)) => out_as.write(&tree),
            Some(Err(e)) => {
                eprintln!("xq convert: warning: {e}; writing the main line only");
                out_as.write_main_line(&game)
            }
            None => out_as.write_main_line(&game),
        }
    };
    print(&out)
}

/// The bytes of `path` (stdin for none): 2 MB at most, or 20 MB for a CBL library; a larger
/// input (or an endless device) is never read past the cap.
fn read_input(path: Option<&str>) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let mut input: Box<dyn Read> = match path {
        None => Box::new(std::io::stdin().lock()),
        Some(p) => Box::new(super::open_file(p, MAX_LIBRARY_BYTES)?),
    };
    let mut bytes = Vec::new();
    let mut fill = |cap: usize, bytes: &mut Vec<u8>| {
        let more = (cap + 1).saturating_sub(bytes.len()) as u64;
        input
            .by_ref()
            .take(more)
            .read_to_end(bytes)
            .map_err(|e| e.to_string())
    };
    fill(MAX_IMPORT_BYTES, &mut bytes)?;
    let cap = if bytes.starts_with(CBL_MAGIC) {
        fill(MAX_LIBRARY_BYTES, &mut bytes)?;
        MAX_LIBRARY_BYTES
    } else {
        MAX_IMPORT_BYTES
    };
    if bytes.len() > cap {
        return Err(format!(
            "larger than the limit of {} KB; it was not read",
            cap / 1024
        ));
    }
    Ok(bytes)
}

fn print(out: &[u8]) -> i32 {
    let mut stdout = std::io::stdout().lock();
    if stdout.write_all(out).is_err() {
        return 1;
    }
    0
}

/// What the output is: DhtmlXQ, a PGN (whole or its main line) or a bare move list.
#[derive(Clone, Copy)]
struct Output {
    /// XQF (binary).
    binary: bool,
    /// CBF (XML).
    xml: bool,
    ubb: bool,
    pgn: bool,
    main_line: bool,
    notation: Notation,
}

impl Output {
    /// One game written as asked.
    fn write(self, tree: &GameTree) -> Vec<u8> {
        if self.xml {
            if let Some((variations, comments)) = cbf::left_out(tree) {
                eprintln!(
                    "xq convert: warning: CBF gets the main line only: {variations} variation(s) and {comments} comment(s) left out"
                );
            }
            return cbf::write_cbf(tree).into_bytes();
        }
        match (self.binary, self.ubb, self.pgn, self.main_line) {
            (true, ..) => {
                if let Some(l) = xqf::left_out(tree, &EncodingRs) {
                    eprintln!("xq convert: warning: {l}");
                }
                xqf::write_xqf(tree, &EncodingRs)
            }
            (_, true, ..) => dhtmlxq::write_dhtmlxq(tree).into_bytes(),
            (_, _, true, false) => write_tree(tree, self.notation).into_bytes(),
            (_, _, true, true) => write_pgn(&tree.main_line_game(), self.notation).into_bytes(),
            _ => write_move_list(&tree.main_line_game(), self.notation).into_bytes(),
        }
    }

    /// A game read as its main line only (no tree asked for, or its variations did not read).
    fn write_main_line(self, game: &PgnGame) -> Vec<u8> {
        match (self.ubb, self.pgn) {
            (true, _) => self.write(&GameTree::from_game(game)),
            (_, true) => write_pgn(game, self.notation).into_bytes(),
            _ => write_move_list(game, self.notation).into_bytes(),
        }
    }
}

/// Every game of a file read through `archive::open`, one after another (a blank line between);
/// a file that stops part-way gives what was read, and says where it stopped.
fn write_library(lib: archive::Library, out_as: Output) -> i32 {
    if let Some(e) = &lib.stopped {
        eprintln!("xq convert: warning: {e}; writing what was read before it");
    }
    let games: Vec<Vec<u8>> = lib.games.iter().map(|g| out_as.write(g)).collect();
    print(&games.join(&b"\n"[..]))
}
