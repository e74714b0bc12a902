//! Any game file, its format recognised from its content (not its name): PGN, DhtmlXQ, XQF,
//! CBR, CBL and CBF, each read into game trees. One entry point, [`open`], serves the CLI
//! (`xq convert`) and the play page's "open file" alike.

use super::decode::decode_with;
use super::dhtmlxq::{self, DhtmlXqError, DhtmlXqErrorKind};
use super::pgn::{read_tree_all, PgnErrorKind, PgnTreeError};
use super::xqf::{self, XqfError};
use super::{cbf, cbr};
use crate::lang::{Lang, Say};
use crate::saved::FileTooLarge;
use crate::text::Charsets;
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

    /// The format of `bytes`, from the structure each format starts with (binary magic at offset
    /// 0, an XML root element, PGN tag pairs or move text, the `[DhtmlXQ]` envelope), never from
    /// a name met anywhere inside; `None` when no structure fits.
    pub fn detect(bytes: &[u8]) -> Option<Format> {
        DETECTION_ORDER.into_iter().find(|f| f.fits(bytes).is_ok())
    }

    /// Whether `bytes` start as this format does; where and what it would have there if not.
    pub fn fits(self, bytes: &[u8]) -> Result<(), Mismatch> {
        let magic = |mark: &[u8], en, zh| match bytes.starts_with(mark) {
            true => Ok(()),
            false => Err(Mismatch {
                offset: bytes.iter().zip(mark).take_while(|(a, b)| a == b).count(),
                expected: en,
                expected_zh: zh,
            }),
        };
        match self {
            Format::Xqf => {
                magic(b"XQ", "the mark `XQ`", "文件标记“XQ”")?;
                // A cut XQF is still XQF when its version byte is no text, so that it gets its
                // own error.
                let version = bytes.get(2).is_some_and(|&v| v < 0x20);
                match bytes.len() >= xqf::HEADER_BYTES || version {
                    true => Ok(()),
                    false => Err(Mismatch {
                        offset: 2,
                        expected: "a version byte below 0x20 after the mark `XQ`",
                        expected_zh: "“XQ”之后的版本字节（小于 0x20）",
                    }),
                }
            }
            Format::Cbr => magic(
                cbr::CBR_MAGIC,
                "the mark `CCBridge Record`",
                "“CCBridge Record”标记",
            ),
            Format::Cbl => magic(
                cbr::CBL_MAGIC,
                "the mark `CCBridgeLibrary`",
                "“CCBridgeLibrary”标记",
            ),
            Format::Cbf => {
                let at = xml_root(bytes);
                let rest = &bytes[at..];
                let name = b"<ChineseChessRecord";
                let ends = rest
                    .get(name.len())
                    .is_some_and(|c| c.is_ascii_whitespace() || *c == b'>' || *c == b'/');
                match rest.starts_with(name) && ends {
                    true => Ok(()),
                    false => Err(Mismatch {
                        offset: at,
                        expected: "the XML root element `<ChineseChessRecord>`",
                        expected_zh: "XML 根元素“<ChineseChessRecord>”",
                    }),
                }
            }
            Format::Pgn => {
                let at = text_start(bytes);
                match pgn_start(&bytes[at..]) {
                    true => Ok(()),
                    false => Err(Mismatch {
                        offset: at,
                        expected: "a tag pair `[Name \"value\"]` or move text (`1.`, `{`)",
                        expected_zh: "标签对“[Name \"value\"]”或着法文字（“1.”、“{”）",
                    }),
                }
            }
            Format::DhtmlXq => {
                let at = text_start(bytes);
                let envelope = b"[DhtmlXQ]";
                match bytes[at..].starts_with(b"[DhtmlXQ")
                    || bytes.windows(envelope.len()).any(|w| w == envelope)
                {
                    true => Ok(()),
                    false => Err(Mismatch {
                        offset: at,
                        expected: "the envelope `[DhtmlXQ]`",
                        expected_zh: "“[DhtmlXQ]”外框标签",
                    }),
                }
            }
        }
    }
}

/// The order formats are recognised in: binary magic first, then the XML root, then PGN's start
/// (so that a `[DhtmlXQ]` quoted in a PGN comment is the PGN's), then the DhtmlXQ envelope.
const DETECTION_ORDER: [Format; 6] = [
    Format::Xqf,
    Format::Cbr,
    Format::Cbl,
    Format::Cbf,
    Format::Pgn,
    Format::DhtmlXq,
];

/// Why a file's start is not of a format: where, and what that format has there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The byte offset where the format's structure is missing.
    pub offset: usize,
    /// What the format has there, in English.
    pub expected: &'static str,
    /// The same in Chinese.
    pub expected_zh: &'static str,
}

/// The offset of a text's first character: after a UTF-8 byte-order mark and white space.
fn text_start(bytes: &[u8]) -> usize {
    let bom = if bytes.starts_with(b"\xEF\xBB\xBF") {
        3
    } else {
        0
    };
    bom + bytes[bom..]
        .iter()
        .take_while(|c| c.is_ascii_whitespace())
        .count()
}

/// The offset of an XML text's first element: after the declaration, comments and doctype.
fn xml_root(bytes: &[u8]) -> usize {
    let mut at = text_start(bytes);
    loop {
        let rest = &bytes[at..];
        let skip = [(&b"<?"[..], &b"?>"[..]), (b"<!--", b"-->"), (b"<!", b">")]
            .into_iter()
            .find(|(open, _)| rest.starts_with(open))
            .and_then(|(open, close)| {
                let body = &rest[open.len()..];
                body.windows(close.len())
                    .position(|w| w == close)
                    .map(|i| open.len() + i + close.len())
            });
        let Some(len) = skip else { return at };
        at += len;
        at += bytes[at..]
            .iter()
            .take_while(|c| c.is_ascii_whitespace())
            .count();
    }
}

/// Whether a text starts as PGN does: a tag pair `[Name "`, a comment, or a move number.
fn pgn_start(t: &[u8]) -> bool {
    match t.first() {
        Some(b'[') => {
            let name = t[1..]
                .iter()
                .take_while(|c| c.is_ascii_alphanumeric() || **c == b'_')
                .count();
            let gap = t[1 + name..]
                .iter()
                .take_while(|c| c.is_ascii_whitespace())
                .count();
            name > 0 && t.get(1 + name + gap) == Some(&b'"')
        }
        Some(b'{' | b';') => true,
        Some(c) if c.is_ascii_digit() => {
            let digits = t.iter().take_while(|c| c.is_ascii_digit()).count();
            t.get(digits)
                .is_some_and(|c| *c == b'.' || c.is_ascii_whitespace())
        }
        _ => false,
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
    /// The file is empty: 0 bytes.
    Empty,
    /// Not one format read a game: why each refused, in the order of [`Format::ALL`].
    Unread(Vec<ArchiveError>),
    /// Not of this format: its start lacks the format's structure.
    NotFormat(Format, Mismatch),
    /// The file ends at `offset` (its length) where more was still to come: it was cut.
    Cut {
        /// The file's format.
        format: Format,
        /// The byte offset where the file ends.
        offset: usize,
        /// What the reader expected there, in English (`expected_zh` is the Chinese).
        expected: &'static str,
        /// The same in Chinese.
        expected_zh: &'static str,
    },
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
/// UTF-8, GBK or Big5; UTF-16 with its byte-order mark or its zero bytes). `Err` only when
/// nothing at all could be read; a file that stops part-way gives the games before the fault and
/// the fault in [`Library::stopped`]. The formats whose structure fits are read first; one that
/// finds no game hands the file to the others, and when none reads, each one's refusal is said.
pub fn open(bytes: &[u8], charsets: &dyn Charsets) -> Result<Library, ArchiveError> {
    if bytes.is_empty() {
        return Err(ArchiveError::Empty);
    }
    if let Some(text) = utf16(bytes) {
        return open(text.as_bytes(), charsets);
    }
    let mut refused: Vec<ArchiveError> = Vec::new();
    for format in DETECTION_ORDER {
        if format.fits(bytes).is_err() {
            continue;
        }
        // A binary file's magic settles its format; text may have been taken for the wrong one.
        let text = matches!(format, Format::Pgn | Format::DhtmlXq | Format::Cbf);
        match read(format, bytes, charsets) {
            Err(e) if text && e.is_empty() => refused.push(e),
            r => return r,
        }
    }
    // The text readers as a last resort: PGN reads bare move text, DhtmlXQ tags without their
    // envelope; a refusal for want of a game is said as the structure missing.
    for format in [Format::Pgn, Format::DhtmlXq] {
        if format.fits(bytes).is_ok() {
            continue;
        }
        match read(format, bytes, charsets) {
            Ok(lib) if lib.games.iter().any(|g| !g.is_empty()) => return Ok(lib),
            Ok(Library {
                stopped: Some(e), ..
            }) => refused.push(e),
            Err(e) if !e.is_empty() => refused.push(e),
            _ => {}
        }
    }
    for format in Format::ALL {
        if let (Err(m), false) = (
            format.fits(bytes),
            refused.iter().any(|e| e.format() == Some(format)),
        ) {
            refused.push(ArchiveError::NotFormat(format, m));
        }
    }
    refused.sort_by_key(|e| {
        e.format()
            .and_then(|f| Format::ALL.iter().position(|&a| a == f))
    });
    Err(ArchiveError::Unread(refused))
}

/// UTF-16 text as a string: with a byte-order mark, or zero bytes beside the first two
/// characters (ASCII written in UTF-16); `None` for anything else or what does not decode.
pub fn utf16(bytes: &[u8]) -> Option<String> {
    let (le, body) = match bytes {
        [0xFF, 0xFE, rest @ ..] => (true, rest),
        [0xFE, 0xFF, rest @ ..] => (false, rest),
        [a, 0, b, 0, ..] if *a != 0 && *b != 0 => (true, bytes),
        [0, a, 0, b, ..] if *a != 0 && *b != 0 => (false, bytes),
        _ => return None,
    };
    if !body.len().is_multiple_of(2) {
        return None;
    }
    let units = body.chunks_exact(2).map(|c| match le {
        true => u16::from_le_bytes([c[0], c[1]]),
        false => u16::from_be_bytes([c[0], c[1]]),
    });
    char::decode_utf16(units)
        .collect::<Result<String, _>>()
        .ok()
}

/// Reads `bytes` as `format` (its size checked first).
fn read(format: Format, bytes: &[u8], charsets: &dyn Charsets) -> Result<Library, ArchiveError> {
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
            // Nothing but an empty game that stopped at once: no game.
            if let ([g], Some(ArchiveError::Pgn(e))) = (games.as_slice(), &stopped) {
                if g.is_empty() && g.tags.is_empty() && e.kind == PgnErrorKind::Empty {
                    return Err(ArchiveError::NoGame(format));
                }
            }
            if stopped.is_none() && !games.is_empty() {
                stopped = pgn_cut(&text, bytes.len());
            }
            library(format, games, stopped)
        }
        Format::DhtmlXq => {
            let text = decode_with(bytes, charsets).text;
            match dhtmlxq::read_dhtmlxq(&text) {
                Ok(tree) => library(format, vec![tree], None),
                Err(e) if e.kind == DhtmlXqErrorKind::NotDhtmlXq => {
                    Err(ArchiveError::NoGame(format))
                }
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

/// A PGN text cut short: it opens with a tag pair, its last line has no line break, and its last
/// token is not a game termination marker (`1-0`, `0-1`, `1/2-1/2`, `½-½`, `*`). Every program
/// ends each game of a PGN with a marker (PGN standard 8.2.6) and ends its last line, so a file
/// that stops mid-line without one (after a move number, a move, a tag) stopped in a copy or
/// download. Bare move text, as typed or pasted, need not have a result and is not judged.
/// `bytes` is the file's length, the place said.
pub fn pgn_cut(text: &str, bytes: usize) -> Option<ArchiveError> {
    let tagged = text
        .trim_start_matches(|c: char| c.is_whitespace() || c == '\u{FEFF}')
        .starts_with('[');
    let last_line_ends = text.ends_with(['\n', '\r']);
    let last = text
        .trim_end()
        .rsplit(|c: char| c.is_whitespace() || c == '}' || c == ')')
        .next()
        .unwrap_or("");
    let marker = matches!(last, "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*");
    (tagged && !last_line_ends && !marker).then_some(ArchiveError::Cut {
        format: Format::Pgn,
        offset: bytes,
        expected: "the rest of the game up to its result (1-0, 0-1, 1/2-1/2 or *)",
        expected_zh: "对局的其余部分，直到结果（1-0、0-1、1/2-1/2 或 *）",
    })
}

impl ArchiveError {
    /// The format the fault is of, if one.
    pub fn format(&self) -> Option<Format> {
        match self {
            ArchiveError::TooLarge(f, _)
            | ArchiveError::NotFormat(f, _)
            | ArchiveError::NoGame(f)
            | ArchiveError::Cut { format: f, .. }
            | ArchiveError::Damaged { format: f, .. } => Some(*f),
            ArchiveError::Pgn(_) => Some(Format::Pgn),
            ArchiveError::DhtmlXq(_) => Some(Format::DhtmlXq),
            ArchiveError::Xqf(_) => Some(Format::Xqf),
            ArchiveError::Empty | ArchiveError::Unread(_) => None,
        }
    }

    /// Whether the reader found no game at all (so that the file is tried as the other formats).
    fn is_empty(&self) -> bool {
        matches!(self, ArchiveError::NoGame(_))
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
    use crate::text::EncodingRs;

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
    fn a_format_named_inside_another_does_not_take_over() {
        let pgn = "[Event \"x\"]\n{<ChineseChessRecord Version=\"1.0\"> [DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]}\n1. h2e2 h9g7 *\n";
        assert_eq!(Format::detect(pgn.as_bytes()), Some(Format::Pgn));
        let cbf = "<?xml version=\"1.0\"?>\n<!-- [Event \"x\"] [DhtmlXQ] -->\n<ChineseChessRecord Version=\"1.0\"/>";
        assert_eq!(Format::detect(cbf.as_bytes()), Some(Format::Cbf));
        let web =
            "<html><p>[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]</p></html>";
        assert_eq!(Format::detect(web.as_bytes()), Some(Format::DhtmlXq));
        let lib = open(pgn.as_bytes(), &EncodingRs).expect("the PGN");
        assert_eq!(
            (lib.format, lib.games[0].main_line().len()),
            (Format::Pgn, 2)
        );
    }

    #[test]
    fn a_file_one_reader_finds_empty_is_read_by_another() {
        // Tag-like text before a DhtmlXQ block without its envelope: PGN finds no game in it.
        let text = "{note} [DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]";
        let lib = open(text.as_bytes(), &EncodingRs).expect("the DhtmlXQ");
        assert_eq!(
            (lib.format, lib.games[0].main_line().len()),
            (Format::DhtmlXq, 2)
        );
    }

    #[test]
    fn utf16_text_is_read() {
        let pgn = "[Red \"甲\"]\n1. 炮二平五 马8进7 *\n";
        let le: Vec<u8> = [0xFF, 0xFE]
            .into_iter()
            .chain(pgn.encode_utf16().flat_map(u16::to_le_bytes))
            .collect();
        let be: Vec<u8> = pgn.encode_utf16().flat_map(u16::to_be_bytes).collect();
        for bytes in [le, be] {
            let lib = open(&bytes, &EncodingRs).expect("reads");
            assert_eq!(
                (lib.format, lib.games[0].main_line().len()),
                (Format::Pgn, 2)
            );
        }
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
        let e = open(b"{a comment alone}", &EncodingRs).unwrap_err();
        let ArchiveError::Unread(tried) = &e else {
            panic!("{e:?}")
        };
        assert_eq!(tried[0], ArchiveError::NoGame(Format::Pgn));
        assert!(
            e.say(Lang::Zh).contains("PGN 文件中没有棋局"),
            "{}",
            e.say(Lang::Zh)
        );
        assert!(
            e.say(Lang::En).contains("the PGN file holds no game"),
            "{e}"
        );
    }

    #[test]
    fn garbage_is_a_clear_error_in_both_languages() {
        let e = open(b"\x00\x01\x02", &EncodingRs).unwrap_err();
        assert!(matches!(e, ArchiveError::Unread(_)));
        assert!(e.say(Lang::Zh).contains("无法识别"));
        assert!(e.say(Lang::En).contains("not a game file"));
    }

    #[test]
    fn an_unread_file_says_each_format_tried_why_and_where() {
        assert_eq!(open(b"", &EncodingRs).unwrap_err(), ArchiveError::Empty);
        assert!(ArchiveError::Empty
            .say(Lang::En)
            .contains("empty (0 bytes)"));
        assert!(ArchiveError::Empty.say(Lang::Zh).contains("空的（0 字节）"));
        let e = open(&[0xFF; 64], &EncodingRs).unwrap_err();
        let ArchiveError::Unread(tried) = &e else {
            panic!("{e:?}")
        };
        let formats: Vec<_> = tried.iter().map(|t| t.format()).collect();
        assert_eq!(formats, Format::ALL.map(Some).to_vec());
        let en = e.say(Lang::En);
        for want in [
            "PGN, byte 0: not PGN; expected a tag pair",
            "DhtmlXQ, byte 0: not DhtmlXQ; expected the envelope `[DhtmlXQ]`",
            "XQF, byte 0: not XQF; expected the mark `XQ`",
            "CBR, byte 0: not CBR; expected the mark `CCBridge Record`",
            "CBL, byte 0: not CBL; expected the mark `CCBridgeLibrary`",
            "CBF, byte 0: not CBF; expected the XML root element `<ChineseChessRecord>`",
        ] {
            assert!(en.contains(want), "{want}\n{en}");
        }
        assert!(e.say(Lang::Zh).contains("CBR，第 0 字节：不是 CBR 文件"));
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
