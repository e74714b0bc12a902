//! 象棋桥 (CCBridge) binary records: CBR, one game, and CBL, a library of many.
//!
//! The layout, as CCBridge writes it (every number little-endian, every text UTF-16LE ending at a
//! zero character inside its fixed field):
//! - a CBR record starts with `CCBridge Record\0`; its header is 2,214 bytes: the title at 180
//!   (128 bytes), then texts of 64 bytes (32 the table): the event at 692, the round at 756, the
//!   table at 852 (32), the date at 884, the place at 948, Red at 1076, Red's team at 1140, Red's
//!   time at 1204, Black at 1300, Black's team at 1364, Black's time at 1428, the commentator at
//!   1652 and the author at 1780; the result at 2076 (0 unknown, 1 Red wins, 2 Black wins, 3 and 4
//!   a draw), the side to move at 2112 (1 Red, 2 Black; some files leave it 0 and hold it at 2116
//!   instead, 1 Red), and the board at 2120: 90 bytes, row by row from Black's side, `0x11`–`0x17`
//!   Red's 车马相仕帅炮兵 and `0x21`–`0x27` Black's;
//! - then a note on the start position (a non-zero word, its length in bytes, the text), and the
//!   moves in depth-first order, four bytes each: flags, a spare byte, from, to (points numbered as
//!   the board). Flag 1: this line ends after the move; flag 2: an alternative to this move comes
//!   once this move's own line has ended; flag 4: a comment follows (its length, then the text).
//!   Four zero bytes end a line early;
//! - an older record (version 1, the byte at 19; version 2 has 2 there) holds the same texts 128
//!   bytes earlier (the commentator and author 256), the result at 1820, the side at 1856, the
//!   board at 1864 and the moves from 1958, each point a byte of two nibbles: the file, then the
//!   row from Black's side (the layout vschess reads);
//! - a CBL starts with `CCBridgeLibrary\0`, its name at 64 (512 bytes), the number of slots its
//!   index was built for at 60; the index from 66,624, 276 bytes a slot, a slot in use holding 1
//!   at 8 and its record's length in bytes at 12; its games are CBR records from byte 101,952 on
//!   (66,624 + 276 × slots), each starting on a 4,096-byte block (a long game takes several).

use super::archive::{ArchiveError, Format};
use crate::xiangqi::tree::{GameTree, NodeId};
use crate::xiangqi::{Move, Position, Square};

/// The magic of a CBR record.
pub const CBR_MAGIC: &[u8; 16] = b"CCBridge Record\0";
/// The magic of a CBL library.
pub const CBL_MAGIC: &[u8; 16] = b"CCBridgeLibrary\0";
/// The bytes of a CBR header, before the start note and the moves.
pub const CBR_HEADER: usize = 2214;
/// Where a CBL's game records begin.
pub const CBL_RECORDS: usize = 101_952;
/// A CBL record starts on a block of this size.
pub const CBL_BLOCK: usize = 4096;
/// Where a CBL's index starts, and the size of an entry.
const CBL_INDEX: usize = 66_624;
const CBL_ENTRY: usize = 276;

/// Where a record's version keeps each part (the byte at 19 says which: 1 or 2).
struct Layout {
    /// Header texts: (offset, bytes, tag), each kept under its PGN tag name.
    texts: [(usize, usize, &'static str); 14],
    result_at: usize,
    /// The side to move: a byte (1 Red, 2 Black), as vschess writes and reads it.
    side_at: usize,
    /// Where files that leave that byte 0 keep the side, as a word (1 Red), as cchess reads it.
    side_word_at: Option<usize>,
    board_at: usize,
    /// Where the start note, then the moves, begin: the header's length.
    moves_at: usize,
    /// The header's length said in an error, in English and Chinese.
    header: (&'static str, &'static str),
    /// Points as a nibble each (file, then row from Black's side) rather than row × 9 + file.
    nibbles: bool,
}

/// Version 2, the records CCBridge writes now.
const V2: Layout = Layout {
    texts: [
        (180, 128, "Title"),
        (692, 64, "Event"),
        (756, 64, "Round"),
        (852, 32, "Board"),
        (884, 64, "Date"),
        (948, 64, "Site"),
        (1076, 64, "Red"),
        (1140, 64, "RedTeam"),
        (1204, 64, "RedTime"),
        (1300, 64, "Black"),
        (1364, 64, "BlackTeam"),
        (1428, 64, "BlackTime"),
        (1652, 64, "Annotator"),
        (1780, 64, "Author"),
    ],
    result_at: 2076,
    side_at: 2112,
    side_word_at: Some(2116),
    board_at: 2120,
    moves_at: CBR_HEADER,
    header: (
        "the rest of the 2,214-byte header",
        "2214 字节文件头的其余部分",
    ),
    nibbles: false,
};

/// Version 1, older records (as vschess reads them): the same parts, earlier, and points
/// written as nibbles.
const V1: Layout = Layout {
    texts: [
        (52, 128, "Title"),
        (564, 64, "Event"),
        (628, 64, "Round"),
        (724, 32, "Board"),
        (756, 64, "Date"),
        (820, 64, "Site"),
        (948, 64, "Red"),
        (1012, 64, "RedTeam"),
        (1076, 64, "RedTime"),
        (1172, 64, "Black"),
        (1236, 64, "BlackTeam"),
        (1300, 64, "BlackTime"),
        (1396, 64, "Annotator"),
        (1524, 64, "Author"),
    ],
    result_at: 1820,
    side_at: 1856,
    side_word_at: None,
    board_at: 1864,
    moves_at: 1958,
    header: (
        "the rest of the 1,958-byte header",
        "1958 字节文件头的其余部分",
    ),
    nibbles: true,
};

/// The byte that holds a record's version.
const VERSION_AT: usize = 19;

const FLAG_LINE_ENDS: u8 = 1;
const FLAG_ALTERNATIVE: u8 = 2;
const FLAG_COMMENT: u8 = 4;

/// The file ends at `offset` where `expected` was still to come.
fn cut(
    format: Format,
    offset: usize,
    expected: &'static str,
    expected_zh: &'static str,
) -> ArchiveError {
    ArchiveError::Cut {
        format,
        offset,
        expected,
        expected_zh,
    }
}

fn damaged(
    format: Format,
    offset: usize,
    expected: &'static str,
    expected_zh: &'static str,
) -> ArchiveError {
    ArchiveError::Damaged {
        format,
        offset,
        expected,
        expected_zh,
    }
}

/// UTF-16LE text up to the first zero character (an odd last byte is dropped).
pub fn utf16_text(bytes: &[u8]) -> String {
    let units = bytes
        .chunks_exact(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .take_while(|&u| u != 0);
    char::decode_utf16(units)
        .map(|r| r.unwrap_or(char::REPLACEMENT_CHARACTER))
        .collect::<String>()
        .trim()
        .to_string()
}

/// The FEN letter of a CBR piece code.
fn piece_letter(code: u8) -> Option<char> {
    const ROLES: &[u8; 7] = b"RNBAKCP";
    let role = *ROLES.get(usize::from(code & 0x0F).checked_sub(1)?)? as char;
    match code >> 4 {
        1 => Some(role),
        2 => Some(role.to_ascii_lowercase()),
        _ => None,
    }
}

/// A point numbered as the CBR board (row from Black's side × 9 + file).
fn point(p: u8) -> Option<Square> {
    (p < 90).then(|| Square::new(p % 9, 9 - p / 9)).flatten()
}

/// A point as version 1 writes it: the file in the high nibble, the row from Black's side in
/// the low one.
fn nibble_point(p: u8) -> Option<Square> {
    let (file, row) = (p >> 4, p & 0x0F);
    (row <= 9).then(|| Square::new(file, 9 - row)).flatten()
}

impl Layout {
    fn point(&self, p: u8) -> Option<Square> {
        if self.nibbles {
            nibble_point(p)
        } else {
            point(p)
        }
    }
}

fn word(bytes: &[u8], at: usize) -> Option<u32> {
    let b = bytes.get(at..at.checked_add(4)?)?;
    Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

/// A text of `len` bytes at `at`, if the record holds it.
fn text_at(bytes: &[u8], at: usize, len: u32) -> Option<String> {
    let end = at.checked_add(usize::try_from(len).ok()?)?;
    bytes.get(at..end).map(utf16_text)
}

/// Reads one CBR record at the start of `bytes` (`base`: its offset in the file, for errors;
/// `format`: the file's format, named in errors). The tree read, if the header was whole, and the
/// fault that stopped the moves, if one did.
pub fn read_record(
    bytes: &[u8],
    base: usize,
    format: Format,
) -> (Option<GameTree>, Option<ArchiveError>) {
    let fail = |at: usize, en, zh| damaged(format, base + at, en, zh);
    if !bytes.starts_with(CBR_MAGIC) {
        return (
            None,
            Some(fail(
                0,
                "the mark `CCBridge Record`",
                "“CCBridge Record”标记",
            )),
        );
    }
    let layout = if bytes.get(VERSION_AT) == Some(&1) {
        &V1
    } else {
        &V2
    };
    if bytes.len() < layout.moves_at {
        let (en, zh) = layout.header;
        return (None, Some(cut(format, base + bytes.len(), en, zh)));
    }
    // The start position; its side is the first move's piece's (the stored side otherwise).
    let mut rows = Vec::with_capacity(10);
    let board = &bytes[layout.board_at..layout.board_at + 90];
    for (r, row) in board.chunks(9).enumerate() {
        let mut s = String::new();
        let mut empty = 0;
        for (f, &code) in row.iter().enumerate() {
            if code == 0 {
                empty += 1;
                continue;
            }
            let Some(c) = piece_letter(code) else {
                return (
                    None,
                    Some(fail(
                        layout.board_at + r * 9 + f,
                        "a piece code (0x11–0x17, 0x21–0x27) or 0",
                        "棋子代码（0x11–0x17、0x21–0x27）或 0",
                    )),
                );
            };
            if empty > 0 {
                s.push(char::from(b'0' + empty));
                empty = 0;
            }
            s.push(c);
        }
        if empty > 0 {
            s.push(char::from(b'0' + empty));
        }
        rows.push(s);
    }
    let stored_red = match bytes[layout.side_at] {
        1 => true,
        2 => false,
        _ => layout
            .side_word_at
            .is_none_or(|w| u16::from_le_bytes([bytes[w], bytes[w + 1]]) == 1),
    };
    let first_from = note_end(bytes, layout.moves_at)
        .and_then(|at| bytes.get(at..at.checked_add(4)?))
        .filter(|step| *step != [0, 0, 0, 0])
        .and_then(|step| layout.point(step[2]))
        .map(|sq| usize::from((9 - sq.rank()) * 9 + sq.file()))
        .and_then(|i| board.get(i).copied())
        .and_then(piece_letter);
    let red = first_from.map_or(stored_red, |c| c.is_ascii_uppercase());
    let fen = format!("{} {} - - 0 1", rows.join("/"), if red { "w" } else { "b" });
    let Ok(start) = Position::from_fen(&fen) else {
        return (
            None,
            Some(fail(
                layout.board_at,
                "a legal start position",
                "合规的开始局面",
            )),
        );
    };
    let mut tree = GameTree::new(start);
    for (at, len, tag) in layout.texts {
        let v = utf16_text(&bytes[at..at + len]);
        if !v.is_empty() {
            tree.set_tag(tag, &v);
        }
    }
    let result = match bytes[layout.result_at] {
        1 => "1-0",
        2 => "0-1",
        3 | 4 => "1/2-1/2",
        _ => "*",
    };
    tree.set_tag("Result", result);
    let fault = read_moves(bytes, layout, &mut tree).map(|((at, en, zh), ends)| match ends {
        true => cut(format, base + at, en, zh),
        false => fail(at, en, zh),
    });
    (Some(tree), fault)
}

/// Where the moves start: after the start note.
fn note_end(bytes: &[u8], moves_at: usize) -> Option<usize> {
    match word(bytes, moves_at)? {
        0 => Some(moves_at + 4),
        _ => {
            let len = usize::try_from(word(bytes, moves_at + 4)?).ok()?;
            (moves_at + 8).checked_add(len)
        }
    }
}

/// Where and what was expected (the offset in the record, in English and Chinese), and whether
/// the record ends there (a cut file) rather than holding something else.
type Fault = ((usize, &'static str, &'static str), bool);

/// Reads the start note and the moves into `tree`; the fault (offset in the record) if one stops
/// it. Every record ends its lines (a move flagged as the line's end, or four zero bytes), so a
/// record that ends before is cut, even right after its header.
fn read_moves(bytes: &[u8], layout: &Layout, tree: &mut GameTree) -> Option<Fault> {
    let root = tree.root();
    let mut at = layout.moves_at;
    let ends = |at: usize, en, zh| Some(((at.min(bytes.len()), en, zh), true));
    let Some(flag) = word(bytes, at) else {
        return ends(
            at,
            "the start note's mark (4 bytes), then the moves",
            "开局注释标记（4 字节）及其后的着法",
        );
    };
    at += 4;
    if flag != 0 {
        let Some(len) = word(bytes, at) else {
            return ends(
                at,
                "the start note's length (4 bytes)",
                "开局注释的长度（4 字节）",
            );
        };
        let Some(note) = text_at(bytes, at + 4, len) else {
            return ends(
                at + 4,
                "the rest of the start note, as long as its length says",
                "开局注释的其余部分（按其长度）",
            );
        };
        tree.add_comment(root, &note);
        at += 4 + len as usize;
    }
    // Depth first: `parent` is where the next move is played; `pending` the nodes whose
    // alternatives are still to come (the latest first).
    let mut parent = root;
    let mut pending: Vec<NodeId> = Vec::new();
    loop {
        let Some(step) = bytes.get(at..at + 4) else {
            return ends(
                at,
                "a move (four bytes), or four zero bytes ending the moves",
                "着法（四字节），或结束着法的四个零字节",
            );
        };
        let (flags, from, to) = (step[0], step[2], step[3]);
        let step_at = at;
        at += 4;
        let ends_line = if step == [0, 0, 0, 0] {
            true
        } else {
            let (Some(f), Some(t)) = (layout.point(from), layout.point(to)) else {
                return Some(((step_at + 2, "points on the board", "棋盘上的点位"), false));
            };
            let comment = if flags & FLAG_COMMENT != 0 {
                let Some(len) = word(bytes, at) else {
                    return ends(at, "a comment's length (4 bytes)", "注释的长度（4 字节）");
                };
                let Some(text) = text_at(bytes, at + 4, len) else {
                    return ends(
                        at + 4,
                        "the rest of a comment, as long as its length says",
                        "注释的其余部分（按其长度）",
                    );
                };
                at += 4 + len as usize;
                Some(text)
            } else {
                None
            };
            let Ok(id) = tree.add_move(parent, Move::new(f, t)) else {
                return Some(((step_at, "a legal move", "合规的着法"), false));
            };
            if let Some(c) = comment {
                tree.add_comment(id, &c);
            }
            if flags & FLAG_ALTERNATIVE != 0 {
                pending.push(parent);
            }
            parent = id;
            flags & FLAG_LINE_ENDS != 0
        };
        if ends_line {
            match pending.pop() {
                Some(p) => parent = p,
                None => return None,
            }
        }
    }
}

/// Reads a CBR file: its one game, and the fault that stopped it if one did.
pub fn read_cbr(bytes: &[u8]) -> (Option<GameTree>, Option<ArchiveError>) {
    read_record(bytes, 0, Format::Cbr)
}

/// A CBL library's name (empty if it has none).
pub fn library_name(bytes: &[u8]) -> String {
    bytes.get(64..576).map(utf16_text).unwrap_or_default()
}

/// Reads a CBL file: its games in order, and the fault that stopped reading if one did (the
/// game it stopped in is kept, as far as it was read).
pub fn read_cbl(bytes: &[u8]) -> (Vec<GameTree>, Option<ArchiveError>) {
    let mut games = Vec::new();
    if !bytes.starts_with(CBL_MAGIC) {
        let e = damaged(
            Format::Cbl,
            0,
            "the mark `CCBridgeLibrary`",
            "“CCBridgeLibrary”标记",
        );
        return (games, Some(e));
    }
    if bytes.len() < 576 {
        let e = cut(
            Format::Cbl,
            bytes.len(),
            "the rest of the library's 576-byte header",
            "棋谱库 576 字节文件头的其余部分",
        );
        return (games, Some(e));
    }
    if bytes.len() < CBL_RECORDS {
        let e = cut(
            Format::Cbl,
            bytes.len(),
            "the rest of the library's index, up to its games at byte 101,952",
            "棋谱库索引的其余部分（棋局从第 101952 字节开始）",
        );
        return (games, Some(e));
    }
    let records = &bytes[CBL_RECORDS..];
    let Some(first) = find(records, CBR_MAGIC) else {
        return (games, None);
    };
    let mut at = CBL_RECORDS + first;
    while at < bytes.len() {
        let rest = &bytes[at..];
        if rest.starts_with(CBR_MAGIC) {
            let (tree, fault) = read_record(rest, at, Format::Cbl);
            games.extend(tree);
            if fault.is_some() {
                return (games, fault);
            }
        } else if rest.len() < CBR_MAGIC.len() && CBR_MAGIC.starts_with(rest) {
            // A record's mark cut short: the file ends inside it.
            let e = cut(
                Format::Cbl,
                bytes.len(),
                "the rest of a game record's mark `CCBridge Record`",
                "棋局记录标记“CCBridge Record”的其余部分",
            );
            return (games, Some(e));
        }
        at += CBL_BLOCK;
    }
    // A file cut on a block's edge ends between records: its index tells.
    let listed = indexed_games(bytes, CBL_RECORDS + first);
    if listed > games.len() {
        let e = cut(
            Format::Cbl,
            bytes.len(),
            "the rest of the library's games (its index lists more than the file holds)",
            "棋谱库其余的棋局（索引所列棋局多于文件所含）",
        );
        return (games, Some(e));
    }
    (games, None)
}

/// How many games a CBL's index lists: the entries in use (1 at 8, a record longer than its mark
/// at 12) of the slots its header gives, up to where the records start (`end`).
fn indexed_games(bytes: &[u8], end: usize) -> usize {
    let word = |at: usize| {
        bytes
            .get(at..at + 4)
            .map_or(0, |b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
    };
    let slots = word(60);
    (0..slots)
        .map(|i| CBL_INDEX + i * CBL_ENTRY)
        .take_while(|&at| at + CBL_ENTRY <= end)
        .filter(|&at| word(at + 8) == 1 && word(at + 12) > CBR_MAGIC.len())
        .count()
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_count_rows_from_blacks_side() {
        assert_eq!(point(0), Square::new(0, 9));
        assert_eq!(point(89), Square::new(8, 0));
        assert_eq!(point(90), None);
        assert_eq!(piece_letter(0x15), Some('K'));
        assert_eq!(piece_letter(0x27), Some('p'));
        assert_eq!(piece_letter(0x18), None);
        assert_eq!(piece_letter(0x10), None);
    }

    #[test]
    fn utf16_text_stops_at_zero_and_replaces_lone_halves() {
        let mut b: Vec<u8> = "许银川".encode_utf16().flat_map(u16::to_le_bytes).collect();
        b.extend([0, 0, b'x', 0]);
        assert_eq!(utf16_text(&b), "许银川");
        assert_eq!(utf16_text(&[0x00, 0xD8, b'a', 0]), "\u{FFFD}a");
    }

    #[test]
    fn a_short_or_unmarked_record_is_damaged_at_its_end() {
        let (t, e) = read_cbr(b"CCBridge Record\0abc");
        assert!(t.is_none());
        assert!(matches!(e, Some(ArchiveError::Cut { offset: 19, .. })));
        let (g, e) = read_cbl(b"CCBridgeLibrary\0");
        assert!(g.is_empty());
        assert!(matches!(e, Some(ArchiveError::Cut { offset: 16, .. })));
    }
}
