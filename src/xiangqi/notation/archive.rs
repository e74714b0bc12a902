//! Any game file, its format recognised from its content (not its name): PGN, DhtmlXQ, XQF,
//! CBR, CBL and CBF, each read into game trees. One entry point, [`open`], serves the CLI
//! (`xq convert`) and the play page's "open file" alike.

use super::decode::{decode_with, Charsets};
use super::dhtmlxq::{self, DhtmlXqError};
use super::pgn::{read_tree_all, PgnTreeError};
use super::xqf::{self, XqfError};
use super::{cbf, cbr};
use crate::lang::{Lang, Say};
use crate::saved::FileTooLarge;
use crate::xiangqi::tree::GameTree;
use std::fmt;

/// A game file's format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// PGN text, one game or many.
    Pgn,
    /// 东萍 DhtmlXQ / UBB text, as Chinese web pages and forums embed it.
    DhtmlXq,
    /// 象棋演播室 XQF, binary (XQWizard and most Chinese programs).
    Xqf,
    /// 象棋桥 CCBridge record: one game, binary.
    Cbr,
    /// 象棋桥 CCBridge library: many games, binary.
    Cbl,
    /// 象棋桥 CCBridge XML record.
    Cbf,
}

/// The largest single-game file read (2 MB); a library may be [`MAX_LIBRARY_BYTES`].
pub const MAX_GAME_BYTES: usize = 2 * 1024 * 1024;
/// The largest library (CBL, or PGN of many games) read: 20 MB.
pub const MAX_LIBRARY_BYTES: usize = 20 * 1024 * 1024;

impl Format {
    /// Every format, in the order a chooser lists them.
    pub const ALL: [Format; 6] = [
        Format::Pgn,
        Format::DhtmlXq,
        Format::Xqf,
        Format::Cbr,
        Format::Cbl,
        Format::Cbf,
    ];

    /// The format's usual name: `PGN`, `DhtmlXQ`, `XQF`, `CBR`, `CBL`, `CBF`.
    pub const fn name(self) -> &'static str {
        match self {
            Format::Pgn => "PGN",
            Format::DhtmlXq => "DhtmlXQ",
            Format::Xqf => "XQF",
            Format::Cbr => "CBR",
            Format::Cbl => "CBL",
            Format::Cbf => "CBF",
        }
    }

    /// The largest file of this format that is read at all.
    pub const fn max_bytes(self) -> usize {
        match self {
            Format::Pgn | Format::Cbl => MAX_LIBRARY_BYTES,
            _ => MAX_GAME_BYTES,
        }
    }

    /// The format of `bytes`, from their content: the binary formats by their magic, the text ones
    /// by their tags; `None` when nothing fits.
    pub fn detect(bytes: &[u8]) -> Option<Format> {
        // A cut XQF is still XQF when its version byte is no text, so that it gets its own error.
        let xqf_version = bytes.get(2).is_some_and(|&v| v < 0x20);
        if bytes.starts_with(b"XQ") && (bytes.len() >= xqf::HEADER_BYTES || xqf_version) {
            return Some(Format::Xqf);
        }
        if bytes.starts_with(b"CCBridge Record\0") {
            return Some(Format::Cbr);
        }
        if bytes.starts_with(b"CCBridgeLibrary\0") {
            return Some(Format::Cbl);
        }
        let head = &bytes[..bytes.len().min(4096)];
        let text = String::from_utf8_lossy(head);
        if text.contains("<ChineseChessRecord") {
            return Some(Format::Cbf);
        }
        if text.contains("[DhtmlXQ") {
            return Some(Format::DhtmlXq);
        }
        // PGN is the text format of last resort: tags or numbered moves.
        let t = text.trim_start_matches('\u{feff}').trim_start();
        (t.starts_with('[') || t.starts_with('{') || t.starts_with("1.") || t.starts_with("1 "))
            .then_some(Format::Pgn)
    }
}

/// What a file held: its format and its games, in file order (a game file holds one; a library
/// many). Games read before a fault are kept, with the fault in `stopped`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Library {
    /// The format recognised.
    pub format: Format,
    /// Every game read, each a tree with its headers as tags.
    pub games: Vec<GameTree>,
    /// Where and why reading stopped early, if it did (the games before it are in `games`).
    pub stopped: Option<ArchiveError>,
}

/// Why a file could not be read (or was read only in part).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArchiveError {
    /// Over the size limit of its format: refused before it was read.
    TooLarge(Format, FileTooLarge),
    /// No format recognised from the content.
    Unknown,
    /// Recognised, but not one game in it (a PGN of tags alone, an empty library).
    NoGame(Format),
    /// A PGN game that stopped (the part read is in the error).
    Pgn(PgnTreeError),
    /// A DhtmlXQ text that stopped (the part read is in the error).
    DhtmlXq(DhtmlXqError),
    /// An XQF file that stopped (the part read is in the error).
    Xqf(XqfError),
    /// A binary or XML file damaged at `offset`: what was expected there.
    Damaged {
        /// The file's format.
        format: Format,
        /// The byte offset where reading stopped.
        offset: usize,
        /// What the reader expected there, in English (`expected_zh` is the Chinese).
        expected: &'static str,
        /// The same in Chinese.
        expected_zh: &'static str,
    },
}

impl fmt::Display for ArchiveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.say(Lang::En))
    }
}

impl std::error::Error for ArchiveError {}

/// Reads a game file of any format, recognised from `bytes` (text decoded through `charsets`:
/// UTF-8, GBK or Big5). `Err` only when nothing at all could be read; a file that stops part-way
/// gives the games before the fault and the fault in [`Library::stopped`].
pub fn open(bytes: &[u8], charsets: &dyn Charsets) -> Result<Library, ArchiveError> {
    let format = Format::detect(bytes).ok_or(ArchiveError::Unknown)?;
    FileTooLarge::check(bytes.len() as u64, format.max_bytes())
        .map_err(|e| ArchiveError::TooLarge(format, e))?;
    match format {
        Format::Pgn => {
            let text = decode_with(bytes, charsets).text;
            let mut games = Vec::new();
            let mut stopped = None;
            for r in read_tree_all(&text) {
                match r {
                    Ok(tree) => games.push(tree),
                    Err(e) => {
                        games.push((*e.partial).clone());
                        stopped = Some(ArchiveError::Pgn(e));
                        break;
                    }
                }
            }
            library(format, games, stopped)
        }
        Format::DhtmlXq => {
            let text = decode_with(bytes, charsets).text;
            match dhtmlxq::read_dhtmlxq(&text) {
                Ok(tree) => library(format, vec![tree], None),
                Err(e) => library(
                    format,
                    vec![(*e.partial).clone()],
                    Some(ArchiveError::DhtmlXq(e)),
                ),
            }
        }
        Format::Cbr => {
            let (tree, fault) = cbr::read_cbr(bytes);
            library(format, tree.into_iter().collect(), fault)
        }
        Format::Cbl => {
            let (games, fault) = cbr::read_cbl(bytes);
            library(format, games, fault)
        }
        Format::Cbf => {
            let text = decode_with(bytes, charsets).text;
            let (tree, fault) = cbf::read_cbf(&text);
            library(format, tree.into_iter().collect(), fault)
        }
        Format::Xqf => match xqf::read_xqf(bytes, charsets) {
            Ok(tree) => library(format, vec![tree], None),
            // A fault in the header leaves no game to show.
            Err(e) if e.in_header() => Err(ArchiveError::Xqf(e)),
            Err(e) => library(
                format,
                vec![(*e.partial).clone()],
                Some(ArchiveError::Xqf(e)),
            ),
        },
    }
}

/// The library read, or the fault alone when not one game came out of it.
fn library(
    format: Format,
    games: Vec<GameTree>,
    stopped: Option<ArchiveError>,
) -> Result<Library, ArchiveError> {
    match (games.is_empty(), stopped) {
        (true, Some(e)) => Err(e),
        (true, None) => Err(ArchiveError::NoGame(format)),
        (_, stopped) => Ok(Library {
            format,
            games,
            stopped,
        }),
    }
}

// Native only: the tests decode with encoding_rs, which the browser build leaves out.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::xiangqi::notation::decode::EncodingRs;

    #[test]
    fn formats_are_recognised_by_content() {
        let mut xqf = b"XQ".to_vec();
        xqf.resize(1024, 0);
        assert_eq!(Format::detect(&xqf), Some(Format::Xqf));
        assert_eq!(Format::detect(b"CCBridge Record\0rest"), Some(Format::Cbr));
        assert_eq!(Format::detect(b"CCBridgeLibrary\0rest"), Some(Format::Cbl));
        assert_eq!(
            Format::detect(b"<?xml version=\"1.0\"?>\n<ChineseChessRecord Version=\"1.0\">"),
            Some(Format::Cbf)
        );
        assert_eq!(
            Format::detect(b"<p>[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]"),
            Some(Format::DhtmlXq)
        );
        assert_eq!(
            Format::detect("\u{feff}[Game \"Chinese Chess\"]\n1. 炮二平五".as_bytes()),
            Some(Format::Pgn)
        );
        assert_eq!(Format::detect(b"\x00\x01garbage"), None);
        assert_eq!(Format::detect(b""), None);
    }

    #[test]
    fn a_pgn_library_opens_as_its_games() {
        let text = "[Red \"A\"]\n1. 炮二平五 马8进7 *\n\n[Red \"B\"]\n1. 相三进五 *\n";
        let lib = open(text.as_bytes(), &EncodingRs).expect("two games");
        assert_eq!(lib.format, Format::Pgn);
        assert_eq!(lib.games.len(), 2);
        assert_eq!(lib.games[1].tag("Red"), Some("B"));
        assert!(lib.stopped.is_none());
    }

    #[test]
    fn a_game_that_stops_keeps_what_came_before() {
        let text = "[Red \"A\"]\n1. 炮二平五 马8进7 2. 车九进九 *\n";
        let lib = open(text.as_bytes(), &EncodingRs).expect("the part read");
        assert_eq!(lib.games[0].main_line().len(), 2);
        let why = lib.stopped.expect("the fault").say(Lang::Zh);
        assert!(why.starts_with("PGN："), "{why}");
    }

    #[test]
    fn a_file_without_a_game_is_an_error_not_an_empty_library() {
        let e = open(b"[", &EncodingRs).unwrap_err();
        assert_eq!(e, ArchiveError::NoGame(Format::Pgn));
        assert_eq!(e.say(Lang::Zh), "PGN 文件中没有棋局");
        assert_eq!(e.say(Lang::En), "the PGN file holds no game");
    }

    #[test]
    fn garbage_is_a_clear_error_in_both_languages() {
        let e = open(b"\x00\x01\x02", &EncodingRs).unwrap_err();
        assert_eq!(e, ArchiveError::Unknown);
        assert!(e.say(Lang::Zh).contains("无法识别"));
        assert!(e.say(Lang::En).contains("not a game file"));
    }

    #[test]
    fn an_oversized_file_is_refused_unread() {
        let mut big = b"XQ".to_vec();
        big.resize(MAX_GAME_BYTES + 1, 0);
        assert!(matches!(
            open(&big, &EncodingRs),
            Err(ArchiveError::TooLarge(Format::Xqf, _))
        ));
    }
}
