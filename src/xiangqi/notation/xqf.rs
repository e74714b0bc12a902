//! 象棋演播室 XQF, the binary game file of XQStudio, XQWizard and most Chinese Xiangqi programs.
//!
//! The format, as its writers use it:
//! - a 1024-byte header: `XQ`, the version (10 is XQF 1.0; 11 and later are keyed), the key bytes
//!   3–15, the 32 pieces' points at 16–47 (车马相仕帅仕相马车炮炮兵兵兵兵兵 for Red, then Black; a
//!   point is `x·10 + y`, `x` the file 0–8 from Red's left and `y` the row 0–9 from Red's side;
//!   above 89 a piece off the board), the side to move at 50, the result at 51, the kind of record
//!   at 64, then texts each with a length byte (title, event, date, place, Red, Black, time rule,
//!   each side's time, annotator, author), GBK or Big5;
//! - from byte 1024 the move records, in pre-order: a record, the moves after it, then the
//!   alternatives to it. A record is four bytes (from + 24, to + 32, flags, spare) and its comment.
//!   The first record is not a move: it holds the comment before the first move. Up to version 10
//!   the flags say "more moves follow" in the high nibble and "an alternative follows" in the low
//!   one, and every record has a 4-byte comment length; from version 11 the flags are bits
//!   (0x80 more moves, 0x40 an alternative, 0x20 a comment, whose length then follows);
//! - keyed files (version 11 on) scramble the board, the move points, the comment lengths and the
//!   whole record stream with keys derived from header bytes 12–15; bytes 12–15 sum to 0 modulo
//!   256, which tells a wrongly keyed file. From version 12 the board's slots are also rotated.
//!
//! The side to move is the colour of the first move's piece (byte 50 when there is no move).

use super::chinese;
use super::pgn::{comment_with_variation_notes, split_commands};
use super::record::PgnResult;
use crate::color::Color;
use crate::lang::{Lang, Say};
use crate::text::{Charsets, TextEncoding};
use crate::xiangqi::tree::{GameTree, NodeId, TreeError};
use crate::xiangqi::{Move, Piece, Position, Role, Setup, Square};
use std::fmt;
use std::ops::Range;

/// The header's size: the move records start here.
pub const HEADER_BYTES: usize = 0x400;

/// The first version whose board, moves and comments are keyed (XQF 1.1).
pub const FIRST_KEYED_VERSION: u8 = 11;

/// The slots of the board, in the format's order (the same for Black).
const SLOTS: [Role; 16] = [
    Role::Chariot,
    Role::Horse,
    Role::Elephant,
    Role::Advisor,
    Role::King,
    Role::Advisor,
    Role::Elephant,
    Role::Horse,
    Role::Chariot,
    Role::Cannon,
    Role::Cannon,
    Role::Pawn,
    Role::Pawn,
    Role::Pawn,
    Role::Pawn,
    Role::Pawn,
];

/// The header's texts: the tag each is kept as, the offset of its length byte, its room in bytes.
const TEXTS: [(&str, usize, usize); 11] = [
    ("Title", 0x50, 63),
    ("Event", 0xD0, 63),
    ("Date", 0x110, 15),
    ("Site", 0x120, 15),
    ("Red", 0x130, 15),
    ("Black", 0x140, 15),
    ("TimeControl", 0x150, 63),
    ("RedTime", 0x190, 15),
    ("BlackTime", 0x1A0, 15),
    ("Annotator", 0x1D0, 15),
    ("Author", 0x1E0, 15),
];

/// The side to move (1: Black), the result and the kind of record (全局, 布局, 中局, 残局).
const WHO_PLAYS: usize = 0x32;
const RESULT: usize = 0x33;
const KIND: usize = 0x40;

/// The mask every keyed file's stream key is cut from.
const STREAM_MASK: &[u8; 32] = b"[(C) Copyright Mr. Dong Shiwei.]";

/// What the reader expected where the file ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum XqfPart {
    /// The 1024-byte header.
    Header,
    /// A move record (4 bytes).
    Record,
    /// A comment's length (4 bytes).
    CommentLength,
    /// A comment of this many bytes.
    Comment(usize),
}

/// Why an XQF file could not be read to the end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum XqfErrorKind {
    /// The file does not start with `XQ`.
    NotXqf,
    /// The file ends where this was expected.
    Truncated(XqfPart),
    /// Key bytes 12–15 do not sum to 0 modulo 256: damaged, or keyed by a program that got it
    /// wrong; nothing read from it could be trusted.
    WrongKey,
    /// The 32 pieces' points do not make a legal position.
    BadStart,
    /// A comment length below zero (after unkeying).
    BadCommentLength(i64),
    /// A move off the board or not legal in its position: it and the moves recorded after it are
    /// left out, every other line is read (the first such move is reported).
    IllegalMove {
        /// The move's number in the game (from 1).
        ply: usize,
        /// Its from point as read (`x·10 + y`, after unkeying).
        from: u8,
        /// Its to point as read.
        to: u8,
        /// Why it cannot be played there.
        cause: XqfMoveCause,
    },
}

/// Why a move record is not played where it stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum XqfMoveCause {
    /// A point is off the board (not `x·10 + y` with `x` 0–8 and `y` 0–9).
    OffBoard,
    /// The move breaks the rules in its position (a stray record after a line's last move
    /// usually starts from an empty point).
    Rule(crate::xiangqi::PlayError),
}

/// An XQF file that stopped: what was read, where (byte offset) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XqfError {
    /// Everything read before the fault (headers, moves, comments).
    pub partial: Box<GameTree>,
    /// The byte offset in the file where the faulty part starts.
    pub offset: usize,
    /// What was wrong.
    pub kind: XqfErrorKind,
}

impl XqfError {
    /// Whether the fault is in the header, so that nothing of the game was read.
    pub fn in_header(&self) -> bool {
        matches!(
            self.kind,
            XqfErrorKind::NotXqf
                | XqfErrorKind::WrongKey
                | XqfErrorKind::BadStart
                | XqfErrorKind::Truncated(XqfPart::Header)
        )
    }
}

/// A point as ICCS writes it (`e0`), or its number when it is off the board.
pub(crate) fn point_name(p: u8) -> String {
    square(p).map_or_else(|| p.to_string(), |s| s.to_string())
}

impl fmt::Display for XqfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.say(Lang::En))
    }
}

impl std::error::Error for XqfError {}

/// The keys a keyed file derives from its header: one for the board, one for each end of a move,
/// one for comment lengths, and the 32-byte key of the record stream. An unkeyed file has zeros.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Keys {
    board: u8,
    from: u8,
    to: u8,
    comment: i64,
    stream: [u8; 32],
}

/// One step of the key chain: `(54·b² + 221)·by`, modulo 256.
fn chain(b: u8, by: u8) -> u8 {
    let b = u32::from(b);
    (54 * b * b + 221).wrapping_mul(u32::from(by)) as u8
}

/// The keys of a header (its first 16 bytes).
fn keys_of(h: &[u8; 16]) -> Keys {
    let board = chain(h[13], h[13]);
    let from = chain(h[14], board);
    let to = chain(h[15], from);
    let comment = (i64::from(h[12]) * 256 + i64::from(h[13])) % 32000 + 767;
    let mask = h[3];
    let four = [
        (h[12] & mask) | h[8],
        (h[13] & mask) | h[9],
        (h[14] & mask) | h[10],
        (h[15] & mask) | h[11],
    ];
    let mut stream = [0; 32];
    for (i, k) in stream.iter_mut().enumerate() {
        *k = four[i % 4] & STREAM_MASK[i];
    }
    Keys {
        board,
        from,
        to,
        comment,
        stream,
    }
}

/// A point `x·10 + y` as a square; `None` off the board.
fn square(p: u8) -> Option<Square> {
    (p < 90).then(|| Square::new(p / 10, p % 10)).flatten()
}

/// The point of a square.
fn point(s: Square) -> u8 {
    s.file() * 10 + s.rank()
}

/// The piece of slot `i` (0–31).
fn slot_piece(i: usize) -> Piece {
    let color = if i < 16 { Color::Red } else { Color::Black };
    Piece::new(color, SLOTS[i % 16])
}

/// The board of a header, unkeyed; `None` when two pieces share a point.
fn board_of(h: &[u8], version: u8, keys: &Keys) -> Option<[Option<Piece>; 90]> {
    let mut points = [0xFFu8; 32];
    for (i, &raw) in h[0x10..0x30].iter().enumerate() {
        let slot = if version >= 12 {
            (usize::from(keys.board) + i + 1) % 32
        } else {
            i
        };
        points[slot] = raw.wrapping_sub(keys.board);
    }
    let mut board = [None; 90];
    for (i, &p) in points.iter().enumerate() {
        let Some(sq) = square(p) else { continue };
        if board[sq.index()].is_some() {
            return None;
        }
        board[sq.index()] = Some(slot_piece(i));
    }
    Some(board)
}

/// One record of the stream.
struct Record {
    from: u8,
    to: u8,
    next: bool,
    alternative: bool,
    comment: Option<Range<usize>>,
}

/// The unkeyed record stream and where reading is in it.
#[derive(Clone, Copy)]
struct Records<'a> {
    s: &'a [u8],
    at: usize,
    version: u8,
    keys: Keys,
}

type Fault = (usize, XqfErrorKind);

impl Records<'_> {
    fn length(&mut self) -> Option<i64> {
        let b = self.s.get(self.at..self.at + 4)?;
        self.at += 4;
        Some(i64::from(i32::from_le_bytes([b[0], b[1], b[2], b[3]])))
    }

    fn read(&mut self) -> Result<Record, Fault> {
        let Some(&[a, b, flags, _]) = self.s.get(self.at..self.at + 4) else {
            return Err((
                HEADER_BYTES + self.at,
                XqfErrorKind::Truncated(XqfPart::Record),
            ));
        };
        self.at += 4;
        let from = a.wrapping_sub(0x18).wrapping_sub(self.keys.from);
        let to = b.wrapping_sub(0x20).wrapping_sub(self.keys.to);
        let length_at = HEADER_BYTES + self.at;
        let truncated = (length_at, XqfErrorKind::Truncated(XqfPart::CommentLength));
        let (next, alternative, len) = if self.version < FIRST_KEYED_VERSION {
            let (next, alternative) = (flags & 0xF0 != 0, flags & 0x0F != 0);
            match self.length() {
                Some(n) => (next, alternative, n),
                // Some writers save a position without moves as the bare first record.
                None if !next && !alternative && self.s.len() == 4 => (false, false, 0),
                None => return Err(truncated),
            }
        } else {
            let (next, alternative) = (flags & 0x80 != 0, flags & 0x40 != 0);
            let len = if flags & 0x20 != 0 {
                self.length().ok_or(truncated)? - self.keys.comment
            } else {
                0
            };
            (next, alternative, len)
        };
        let left = self.s.len() - self.at;
        let len = match usize::try_from(len) {
            Ok(n) if n <= left => n,
            Ok(n) => {
                return Err((
                    HEADER_BYTES + self.at,
                    XqfErrorKind::Truncated(XqfPart::Comment(n)),
                ))
            }
            Err(_) => return Err((length_at, XqfErrorKind::BadCommentLength(len))),
        };
        let comment = (len > 0).then(|| self.at..self.at + len);
        self.at += len;
        Ok(Record {
            from,
            to,
            next,
            alternative,
            comment,
        })
    }
}

/// How much a reading of a file's texts looks like Xiangqi text: notation characters (车马炮进退…)
/// count most, then other CJK characters and punctuation; replaced bytes and stray scripts (what
/// Big5 read as GBK turns into: kana, Greek, private use) count against it.
fn text_score(text: &str) -> i64 {
    text.chars()
        .map(|c| match c {
            c if chinese::is_notation_char(c) => 3,
            c if c.is_ascii() => 0,
            '\u{4E00}'..='\u{9FFF}' | '\u{3000}'..='\u{303F}' | '\u{FF00}'..='\u{FFEF}' => 1,
            '\u{FFFD}' => -8,
            _ => -2,
        })
        .sum()
}

/// The texts of a file decoded together, so that one encoding is chosen for the whole file: GBK,
/// Big5 or UTF-8, whichever reads most like Xiangqi text (GBK on a tie: XQF programs write it;
/// short GBK texts are often valid UTF-8 too). Each part's NUL bytes are dropped.
fn decode_texts(parts: &[&[u8]], charsets: &dyn Charsets) -> Vec<String> {
    let mut joined = Vec::with_capacity(parts.iter().map(|p| p.len() + 1).sum());
    for p in parts {
        joined.extend(p.iter().filter(|&&b| b != 0));
        joined.push(0);
    }
    let mut best = charsets.decode(TextEncoding::Gbk, &joined);
    let mut best_score = text_score(&best);
    let others = [
        Some(charsets.decode(TextEncoding::Big5, &joined)),
        std::str::from_utf8(&joined).ok().map(str::to_string),
    ];
    for text in others.into_iter().flatten() {
        let score = text_score(&text);
        if score > best_score {
            best = text;
            best_score = score;
        }
    }
    best.split('\0')
        .take(parts.len())
        .map(|s| s.replace("\r\n", "\n").replace('\r', "\n"))
        .collect()
}

/// A header text's bytes: its length byte, at most its room, up to the first NUL.
fn header_text(h: &[u8], at: usize, room: usize) -> &[u8] {
    let len = usize::from(h[at]).min(room);
    let s = &h[at + 1..at + 1 + len];
    s.iter().position(|&b| b == 0).map_or(s, |end| &s[..end])
}

/// Reads an XQF file of any version (unkeyed up to 10, keyed from 11) as a tree: headers as tags
/// (Title, Event, Date, Site, Red, Black, Result, TimeControl, RedTime, BlackTime, Annotator,
/// Author), the start position, every variation and comment (GBK or Big5, chosen per file as for
/// text files). A fault stops reading with what was read before it kept in the error.
pub fn read_xqf(bytes: &[u8], charsets: &dyn Charsets) -> Result<GameTree, XqfError> {
    let fail = |tree: GameTree, offset, kind| XqfError {
        partial: Box::new(tree),
        offset,
        kind,
    };
    if !bytes.starts_with(b"XQ") {
        return Err(fail(GameTree::default(), 0, XqfErrorKind::NotXqf));
    }
    let Some(h) = bytes.get(..HEADER_BYTES) else {
        let kind = XqfErrorKind::Truncated(XqfPart::Header);
        return Err(fail(GameTree::default(), bytes.len(), kind));
    };
    let version = h[2];
    let keys = file_keys(h, version).map_err(|kind| fail(GameTree::default(), 12, kind))?;
    let board = board_of(h, version, &keys)
        .ok_or_else(|| fail(GameTree::default(), 0x10, XqfErrorKind::BadStart))?;
    let stream: Vec<u8> = bytes[HEADER_BYTES..]
        .iter()
        .enumerate()
        .map(|(i, &b)| b.wrapping_sub(keys.stream[i % 32]))
        .collect();
    let mut records = Records {
        s: &stream,
        at: 0,
        version,
        keys,
    };
    let first = records.read();
    let start = start_position(h, board, &first, records)
        .ok_or_else(|| fail(GameTree::default(), 0x10, XqfErrorKind::BadStart))?;
    let mut tree = GameTree::new(start);
    let result = match h[RESULT] {
        1 => Some(PgnResult::RedWins),
        2 => Some(PgnResult::BlackWins),
        3 | 4 => Some(PgnResult::Draw),
        _ => None,
    };
    if let Some(r) = result {
        tree.set_tag("Result", r.pgn());
    }
    let (comments, stopped) = match first {
        Err(e) => (Vec::new(), Some(e)),
        Ok(root) => read_moves(&mut tree, root, records),
    };
    add_texts(&mut tree, h, &stream, &comments, charsets);
    match stopped {
        Some((offset, kind)) => Err(fail(tree, offset, kind)),
        None => Ok(tree),
    }
}

/// The keys of a keyed file (version 11 and later), checked by their sum; none before.
fn file_keys(h: &[u8], version: u8) -> Result<Keys, XqfErrorKind> {
    if version < FIRST_KEYED_VERSION {
        return Ok(Keys::default());
    }
    if h[12..16].iter().fold(0u8, |a, &b| a.wrapping_add(b)) != 0 {
        return Err(XqfErrorKind::WrongKey);
    }
    let mut first = [0; 16];
    first.copy_from_slice(&h[..16]);
    Ok(keys_of(&first))
}

/// The start position: the board, with the side to move being the colour of the first move's
/// piece (byte 50 when there is no move); `None` when it is not a legal position.
fn start_position(
    h: &[u8],
    board: [Option<Piece>; 90],
    first: &Result<Record, Fault>,
    mut peek: Records,
) -> Option<Position> {
    let first_piece = match first {
        Ok(r) if r.next => peek
            .read()
            .ok()
            .and_then(|m| square(m.from))
            .and_then(|s| board[s.index()]),
        _ => None,
    };
    let turn = match first_piece {
        Some(p) => p.color,
        None if h[WHO_PLAYS] == 1 => Color::Black,
        None => Color::Red,
    };
    let setup = Setup {
        board,
        turn,
        halfmoves: 0,
        fullmoves: 1,
    };
    match Position::from_setup(&setup) {
        Ok(p) => Some(p),
        // A set-up with no move whose side to move could capture the other king is the other
        // side's turn (puzzles are saved so, with byte 50 left at Red).
        Err(_) if first_piece.is_none() => Position::from_setup(&Setup {
            turn: turn.other(),
            ..setup
        })
        .ok(),
        Err(_) => None,
    }
}

/// Reads the move records after the root's into the tree, alternatives as variations; the
/// comments' places in the stream, and the first fault, if any. A record that is not a legal move
/// where it stands (a stray record some writers leave after a line's last move) is left out with
/// the moves recorded after it, as XQStudio and `cchess` skip it; its alternatives and every
/// other line are still read, and the fault is reported. A fault in the stream itself stops.
fn read_moves(
    tree: &mut GameTree,
    root: Record,
    mut records: Records,
) -> (Vec<(NodeId, Range<usize>)>, Option<Fault>) {
    let mut comments: Vec<(NodeId, Range<usize>)> = Vec::new();
    if let Some(c) = root.comment {
        comments.push((tree.root(), c));
    }
    let mut fault = None;
    // Where the next record is played: `None` inside a line left out.
    let mut parent = Some(tree.root());
    // The places whose alternatives are still to come, deepest last.
    let mut pending: Vec<Option<NodeId>> = Vec::new();
    let mut more = root.next;
    while more {
        let at = HEADER_BYTES + records.at;
        let r = match records.read() {
            Ok(r) => r,
            Err(e) => return (comments, fault.or(Some(e))),
        };
        let node = parent.and_then(|p| {
            let played = match square(r.from).zip(square(r.to)) {
                None => Err(XqfMoveCause::OffBoard),
                Some((f, t)) => tree.add_move(p, Move::new(f, t)).map_err(|e| match e {
                    TreeError::Play(e) => XqfMoveCause::Rule(e),
                    // `p` is a node of this tree: only the rules refuse a move there.
                    _ => XqfMoveCause::OffBoard,
                }),
            };
            if let (Err(cause), None) = (played, &fault) {
                let (ply, from, to) = (tree.ply(p).unwrap_or(0) + 1, r.from, r.to);
                fault = Some((
                    at,
                    XqfErrorKind::IllegalMove {
                        ply,
                        from,
                        to,
                        cause,
                    },
                ));
            }
            played.ok()
        });
        if let (Some(n), Some(c)) = (node, r.comment) {
            comments.push((n, c));
        }
        if r.alternative {
            pending.push(parent);
        }
        if r.next {
            parent = node;
        } else if let Some(p) = pending.pop() {
            parent = p;
        } else {
            more = false;
        }
    }
    (comments, fault)
}

/// The header's texts as tags and the comments on their moves (with the drawings and evaluations
/// they carry), all decoded in the one charset that reads them best.
fn add_texts(
    tree: &mut GameTree,
    h: &[u8],
    stream: &[u8],
    comments: &[(NodeId, Range<usize>)],
    charsets: &dyn Charsets,
) {
    let mut parts: Vec<&[u8]> = TEXTS
        .iter()
        .map(|&(_, at, room)| header_text(h, at, room))
        .collect();
    parts.extend(comments.iter().map(|(_, r)| &stream[r.clone()]));
    let texts = decode_texts(&parts, charsets);
    for (&(tag, _, _), value) in TEXTS.iter().zip(&texts) {
        // A text cut at its room can end in half a character.
        let v = value.trim_end_matches('\u{FFFD}').trim();
        if !v.is_empty() {
            tree.set_tag(tag, v);
        }
    }
    for ((id, _), text) in comments.iter().zip(texts.iter().skip(TEXTS.len())) {
        let (rest, arrows, circles, eval) = split_commands(text);
        if let Some(n) = tree.node_mut(*id) {
            n.arrows.extend(arrows);
            n.circles.extend(circles);
            if eval.is_some() {
                n.eval = eval;
            }
        }
        tree.add_comment(*id, &rest);
    }
}

// ------------------------------------------------------------------------------------ writing

/// Encodes text as GBK for the files XQWizard reads. The tables are not ours: natively
/// `encoding_rs`'s, in the browser an inverse of its own `TextDecoder` (see `ui::files`).
pub trait GbkEncoder {
    /// The two GBK bytes of a character outside ASCII, if GBK has it.
    fn gbk(&self, c: char) -> Option<[u8; 2]>;
}

#[cfg(not(target_arch = "wasm32"))]
impl GbkEncoder for crate::text::EncodingRs {
    fn gbk(&self, c: char) -> Option<[u8; 2]> {
        let mut buf = [0; 4];
        let (bytes, _, unmappable) = encoding_rs::GBK.encode(c.encode_utf8(&mut buf));
        match (&*bytes, unmappable) {
            (&[a, b], false) => Some([a, b]),
            _ => None,
        }
    }
}

/// Text as GBK, `?` for a character GBK lacks, cut to `room` bytes between characters.
fn gbk_text(text: &str, enc: &dyn GbkEncoder, room: usize) -> Vec<u8> {
    gbk_fit(text, enc, room).bytes
}

/// Text as the writer puts it in GBK: the bytes, how many characters of the text they hold, and
/// how many of those GBK has no code for (written `?`; a NUL is dropped).
struct Fit {
    bytes: Vec<u8>,
    chars: usize,
    unwritable: usize,
}

fn gbk_fit(text: &str, enc: &dyn GbkEncoder, room: usize) -> Fit {
    let mut fit = Fit {
        bytes: Vec::with_capacity(text.len().min(room)),
        chars: 0,
        unwritable: 0,
    };
    for c in text.chars() {
        let mut two = [0; 2];
        let code: &[u8] = match c {
            '\0' => &[],
            c if c.is_ascii() => {
                two[0] = c as u8;
                &two[..1]
            }
            c => match enc.gbk(c) {
                Some(g) => {
                    two = g;
                    &two
                }
                None => b"?",
            },
        };
        if fit.bytes.len() + code.len() > room {
            break;
        }
        fit.bytes.extend_from_slice(code);
        fit.chars += 1;
        fit.unwritable += usize::from(c == '\0' || (!c.is_ascii() && code == b"?"));
    }
    fit
}

/// What an XQF file written from a tree does not hold as the tree has it, so that the writer can
/// say so (as the CBF writer does): XQF has a header field for the title, event, date, site,
/// players, time rule, times, annotator, author and result, and none for anything else.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct XqfLeftOut {
    /// Tags the header has no field for (ECCO, Opening, RedTeam, BlackTeam, Round, Board, …).
    pub tags: Vec<String>,
    /// Tags cut to their field's width: the name, the field's room in bytes, and the value kept.
    pub shortened: Vec<(String, usize, String)>,
    /// Marks (NAGs: !, ?, …), which have no place in the format.
    pub marks: usize,
    /// Characters GBK has no code for, written `?` (or a NUL, dropped).
    pub unwritable: usize,
}

/// What [`write_xqf`] leaves out of `tree` or shortens; `None` when the file holds it all.
pub fn left_out(tree: &GameTree, enc: &dyn GbkEncoder) -> Option<XqfLeftOut> {
    let mut l = XqfLeftOut::default();
    for (name, value) in &tree.tags {
        let value = value.trim();
        let held = TEXTS.iter().find(|(tag, _, _)| tag == name);
        match held {
            Some(&(_, _, room)) => {
                let fit = gbk_fit(value, enc, room);
                l.unwritable += fit.unwritable;
                if fit.chars < value.chars().count() {
                    let kept = value.chars().take(fit.chars).collect();
                    l.shortened.push((name.clone(), room, kept));
                }
            }
            // The result, the start and the writers' own tags are the file's too.
            None if matches!(name.as_str(), "Result" | "FEN" | "Game" | "Format") => {}
            None if !value.is_empty() => l.tags.push(name.clone()),
            None => {}
        }
    }
    for id in tree.ids() {
        l.marks += tree.node(id).map_or(0, |n| n.nags.len());
        let text = comment_with_variation_notes(tree, id);
        l.unwritable += gbk_fit(&text, enc, usize::MAX).unwritable;
    }
    (l != XqfLeftOut::default()).then_some(l)
}

impl fmt::Display for XqfLeftOut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if !self.tags.is_empty() {
            parts.push(format!("no field for {} (left out)", self.tags.join(", ")));
        }
        for (name, room, kept) in &self.shortened {
            parts.push(format!("{name} cut to its {room} bytes: \"{kept}\""));
        }
        if self.marks > 0 {
            parts.push(format!("{} mark(s) left out", self.marks));
        }
        if self.unwritable > 0 {
            parts.push(format!(
                "{} character(s) GBK cannot write, written as ?",
                self.unwritable
            ));
        }
        write!(f, "XQF: {}", parts.join("; "))
    }
}

/// The key bytes of a file to write: its version (10 or less writes an unkeyed file) and header
/// bytes 3 and 8–15 (byte 12 is chosen so that bytes 12–15 check).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct XqfKeys {
    /// The version byte: 10 for XQF 1.0 (unkeyed), 11 and later keyed.
    pub version: u8,
    /// Byte 3, the mask of the stream key.
    pub mask: u8,
    /// Bytes 8–11, or-ed into the stream key.
    pub or: [u8; 4],
    /// Byte 13, the board's key.
    pub xy: u8,
    /// Byte 14, the from points' key.
    pub from: u8,
    /// Byte 15, the to points' key.
    pub to: u8,
}

impl XqfKeys {
    /// Version 18 (XQF 1.8, as XQWizard writes) with zero keys: keyed in form, every program's
    /// reader takes it, and its bytes are plain to read.
    pub const PLAIN: XqfKeys = XqfKeys {
        version: 18,
        mask: 0,
        or: [0; 4],
        xy: 0,
        from: 0,
        to: 0,
    };
}

/// Writes `tree` as an XQF file that XQWizard and cchess read: version 18 with zero keys (see
/// [`XqfKeys::PLAIN`]), texts in GBK.
pub fn write_xqf(tree: &GameTree, enc: &dyn GbkEncoder) -> Vec<u8> {
    write_xqf_with(tree, enc, XqfKeys::PLAIN)
}

/// Writes `tree` as an XQF file of the version and keys given: headers, start position, every
/// variation and comment (drawings and evaluations as PGN commands in the comment; NAGs have no
/// place, and a comment before a variation joins the comment of the move before it).
pub fn write_xqf_with(tree: &GameTree, enc: &dyn GbkEncoder, key: XqfKeys) -> Vec<u8> {
    let keyed = key.version >= FIRST_KEYED_VERSION;
    let mut h = vec![0u8; HEADER_BYTES];
    h[..3].copy_from_slice(&[b'X', b'Q', key.version]);
    let keys = if keyed {
        h[3] = key.mask;
        h[8..12].copy_from_slice(&key.or);
        let sum = key.xy.wrapping_add(key.from).wrapping_add(key.to);
        h[12..16].copy_from_slice(&[0u8.wrapping_sub(sum), key.xy, key.from, key.to]);
        let mut first = [0; 16];
        first.copy_from_slice(&h[..16]);
        keys_of(&first)
    } else {
        Keys::default()
    };
    // The board: each piece in the first free slot of its kind.
    let start = tree.start();
    let mut points = [0xFFu8; 32];
    let mut taken = [false; 32];
    for (sq, piece) in start.pieces() {
        if let Some(i) = (0..32).find(|&i| !taken[i] && slot_piece(i) == piece) {
            taken[i] = true;
            points[i] = point(sq);
        }
    }
    for i in 0..32 {
        let slot = if key.version >= 12 {
            (usize::from(keys.board) + i + 1) % 32
        } else {
            i
        };
        h[0x10 + i] = points[slot].wrapping_add(keys.board);
    }
    h[WHO_PLAYS] = u8::from(start.turn() == Color::Black);
    h[RESULT] = match tree.result() {
        PgnResult::RedWins => 1,
        PgnResult::BlackWins => 2,
        PgnResult::Draw => 3,
        PgnResult::Unknown => 0,
    };
    // 全局 from the initial position, else 中局 or 残局 (some readers ignore the board of 全局).
    h[KIND] = if start.to_setup().board == Position::start().to_setup().board {
        0
    } else if start.pieces().count() >= 24 {
        2
    } else {
        3
    };
    for (tag, at, room) in TEXTS {
        let v = tree.tag(tag).unwrap_or("").trim();
        let b = gbk_text(v, enc, room);
        h[at] = b.len() as u8;
        h[at + 1..at + 1 + b.len()].copy_from_slice(&b);
    }
    let mut s: Vec<u8> = Vec::new();
    let record = |s: &mut Vec<u8>, mv: Option<Move>, next: bool, alt: bool, text: String| {
        let (from, to) = mv.map_or((0, 0), |m| (point(m.from), point(m.to)));
        let comment = gbk_text(&text.replace('\n', "\r\n"), enc, i32::MAX as usize / 2);
        s.push(from.wrapping_add(0x18).wrapping_add(keys.from));
        s.push(to.wrapping_add(0x20).wrapping_add(keys.to));
        if keyed {
            let flags = if next { 0x80 } else { 0 }
                | if alt { 0x40 } else { 0 }
                | if comment.is_empty() { 0 } else { 0x20 };
            s.extend([flags, 0]);
            if !comment.is_empty() {
                let len = comment.len() as i64 + keys.comment;
                s.extend((len as i32).to_le_bytes());
            }
        } else {
            let flags = if next { 0xF0 } else { 0 } | if alt { 0x0F } else { 0 };
            s.extend([flags, if mv.is_none() { 0xFF } else { 0 }]);
            s.extend((comment.len() as i32).to_le_bytes());
        }
        s.extend(comment);
    };
    // A comment before a variation's first move goes after the move before it.
    let text_of = |id: NodeId| comment_with_variation_notes(tree, id);
    let root = tree.root();
    record(
        &mut s,
        None,
        tree.next(root).is_some(),
        false,
        text_of(root),
    );
    // Pre-order: a move, the moves after it, then the alternatives to it.
    let mut stack: Vec<NodeId> = tree.next(root).into_iter().collect();
    while let Some(id) = stack.pop() {
        let siblings = tree.siblings(id);
        let later = siblings
            .iter()
            .position(|&c| c == id)
            .and_then(|k| siblings.get(k + 1))
            .copied();
        let first_child = tree.next(id);
        let mv = tree.node(id).and_then(|n| n.mv());
        record(
            &mut s,
            mv,
            first_child.is_some(),
            later.is_some(),
            text_of(id),
        );
        stack.extend(later);
        stack.extend(first_child);
    }
    for (i, b) in s.iter_mut().enumerate() {
        *b = b.wrapping_add(keys.stream[i % 32]);
    }
    h.extend(s);
    h
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::text::EncodingRs;

    #[test]
    fn the_key_chain_is_the_published_polynomial() {
        // (((((b·b)·3 + 9)·3 + 8)·2 + 1)·3 + 8)·b, as XQStudio's own description writes it.
        for b in 0..=255u8 {
            let x = u32::from(b);
            let long = (((((x * x) * 3 + 9) * 3 + 8) * 2 + 1) * 3 + 8) * x;
            assert_eq!(chain(b, b), long as u8);
        }
    }

    #[test]
    fn an_empty_game_round_trips_with_its_turn() {
        let start =
            Position::from_fen("3k5/9/9/9/9/9/9/9/4R4/4K4 b - - 0 1").expect("a legal position");
        let tree = GameTree::new(start.clone());
        for key in [
            XqfKeys::PLAIN,
            XqfKeys {
                version: 10,
                ..XqfKeys::PLAIN
            },
        ] {
            let bytes = write_xqf_with(&tree, &EncodingRs, key);
            let back = read_xqf(&bytes, &EncodingRs).expect("reads back");
            assert_eq!(back.start(), &start);
        }
    }
}
