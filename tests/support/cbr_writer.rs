//! A test-only CBR / CBL writer, the layout of `notation::cbr` written out, so that the tests (and
//! the fuzzer's seeds) are files we make ourselves.
#![allow(dead_code)]

use xiangqi_club::xiangqi::tree::{GameTree, NodeId};
use xiangqi_club::xiangqi::{Color, Role, Square};

fn utf16(s: &str) -> Vec<u8> {
    s.encode_utf16().flat_map(u16::to_le_bytes).collect()
}

fn put_text(out: &mut [u8], at: usize, len: usize, s: &str) {
    let b = utf16(s);
    let n = b.len().min(len - 2);
    out[at..at + n].copy_from_slice(&b[..n]);
}

/// A text with its length word (bytes, the closing zero included).
fn counted(out: &mut Vec<u8>, s: &str) {
    let mut b = utf16(s);
    b.extend([0, 0]);
    out.extend((b.len() as u32).to_le_bytes());
    out.extend(b);
}

fn code(color: Color, role: Role) -> u8 {
    let r = match role {
        Role::Chariot => 1,
        Role::Horse => 2,
        Role::Elephant => 3,
        Role::Advisor => 4,
        Role::King => 5,
        Role::Cannon => 6,
        Role::Pawn => 7,
    };
    r | if color == Color::Red { 0x10 } else { 0x20 }
}

/// The CBR point of a square: row from Black's side × 9 + file.
pub fn point(s: Square) -> u8 {
    (9 - s.rank()) * 9 + s.file()
}

/// A version-1 point: the file in the high nibble, the row from Black's side in the low one.
pub fn nibble_point(s: Square) -> u8 {
    (s.file() << 4) | (9 - s.rank())
}

fn moves(tree: &GameTree, at: NodeId, pt: fn(Square) -> u8, out: &mut Vec<u8>) {
    let kids = tree.children(at);
    for (i, &c) in kids.iter().enumerate() {
        let n = tree.node(c).unwrap();
        let m = n.mv().unwrap();
        let mut flags = 0u8;
        if tree.children(c).is_empty() {
            flags |= 1;
        }
        if i + 1 < kids.len() {
            flags |= 2;
        }
        if n.comment.is_some() {
            flags |= 4;
        }
        out.extend([flags, 0, pt(m.from), pt(m.to)]);
        if let Some(t) = &n.comment {
            counted(out, t);
        }
        moves(tree, c, pt, out);
    }
}

/// The texts of a version-2 record: (offset, bytes, tag).
const TEXTS_V2: [(usize, usize, &str); 14] = [
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
];

/// The texts of a version-1 record.
const TEXTS_V1: [(usize, usize, &str); 14] = [
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
];

/// A CBR record of `tree` (version 2): the headers CBR has, result, start, the root's comment,
/// every variation and comment; closed by four zero bytes.
pub fn write_cbr(tree: &GameTree) -> Vec<u8> {
    record(tree, 2)
}

/// The same as an older, version-1 record.
pub fn write_cbr_v1(tree: &GameTree) -> Vec<u8> {
    record(tree, 1)
}

fn record(tree: &GameTree, version: u8) -> Vec<u8> {
    // (texts, result, side, board, header length, point coding) of each version.
    let (texts, result_at, side_at, board_at, len, pt): (_, _, _, _, _, fn(Square) -> u8) =
        if version == 1 {
            (TEXTS_V1, 1820, 1856, 1864, 1958, nibble_point)
        } else {
            (TEXTS_V2, 2076, 2112, 2120, 2214, point)
        };
    let mut out = vec![0u8; len];
    out[..16].copy_from_slice(b"CCBridge Record\0");
    out[19] = version;
    for (at, n, tag) in texts {
        if let Some(v) = tree.tag(tag) {
            put_text(&mut out, at, n, v);
        }
    }
    out[result_at] = match tree.tag("Result") {
        Some("1-0") => 1,
        Some("0-1") => 2,
        Some("1/2-1/2") => 3,
        _ => 0,
    };
    let start = tree.start();
    // The side to move where vschess keeps it, and (version 2) where cchess does.
    out[side_at] = if start.turn() == Color::Red { 1 } else { 2 };
    if version == 2 {
        out[2116] = out[side_at];
    }
    for (sq, p) in start.pieces() {
        out[board_at + point(sq) as usize] = code(p.color, p.role);
    }
    match tree.node(tree.root()).unwrap().comment.as_deref() {
        Some(c) => {
            out.extend(1u32.to_le_bytes());
            counted(&mut out, c);
        }
        None => out.extend(0u32.to_le_bytes()),
    }
    moves(tree, tree.root(), pt, &mut out);
    out.extend([0, 0, 0, 0]);
    out
}

/// A CBL library of `games` named `name`: the header, an index of 128 slots (an entry in use for
/// each of the first 128 games: 7, 1 at 8, its record's length at 12), each record on its own
/// 4,096-byte blocks.
pub fn write_cbl(name: &str, games: &[GameTree]) -> Vec<u8> {
    let mut out = vec![0u8; 101_952];
    out[..16].copy_from_slice(b"CCBridgeLibrary\0");
    out[60..64].copy_from_slice(&128u32.to_le_bytes());
    put_text(&mut out, 64, 512, name);
    for (i, g) in games.iter().enumerate() {
        let mut r = write_cbr(g);
        if i < 128 {
            let at = 66_624 + i * 276;
            out[at..at + 4].copy_from_slice(&7u32.to_le_bytes());
            out[at + 8..at + 12].copy_from_slice(&1u32.to_le_bytes());
            out[at + 12..at + 16].copy_from_slice(&(r.len() as u32).to_le_bytes());
        }
        r.resize(r.len().div_ceil(4096) * 4096, 0);
        out.extend(r);
    }
    out
}
