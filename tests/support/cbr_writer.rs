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

fn moves(tree: &GameTree, at: NodeId, out: &mut Vec<u8>) {
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
        out.extend([flags, 0, point(m.from), point(m.to)]);
        if let Some(t) = &n.comment {
            counted(out, t);
        }
        moves(tree, c, out);
    }
}

/// A CBR record of `tree`: the headers CBR has, result, start, the root's comment, every
/// variation and comment; closed by four zero bytes.
pub fn write_cbr(tree: &GameTree) -> Vec<u8> {
    let mut out = vec![0u8; 2214];
    out[..16].copy_from_slice(b"CCBridge Record\0");
    // The record's version: 2, the layout written here.
    out[19] = 2;
    for (at, len, tag) in [
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
    ] {
        if let Some(v) = tree.tag(tag) {
            put_text(&mut out, at, len, v);
        }
    }
    out[2076] = match tree.tag("Result") {
        Some("1-0") => 1,
        Some("0-1") => 2,
        Some("1/2-1/2") => 3,
        _ => 0,
    };
    let start = tree.start();
    // The side to move where vschess keeps it, and where cchess does.
    out[2112] = if start.turn() == Color::Red { 1 } else { 2 };
    out[2116] = out[2112];
    for (sq, p) in start.pieces() {
        out[2120 + point(sq) as usize] = code(p.color, p.role);
    }
    match tree.node(tree.root()).unwrap().comment.as_deref() {
        Some(c) => {
            out.extend(1u32.to_le_bytes());
            counted(&mut out, c);
        }
        None => out.extend(0u32.to_le_bytes()),
    }
    moves(tree, tree.root(), &mut out);
    out.extend([0, 0, 0, 0]);
    out
}

/// A CBL library of `games` named `name`: the header, the index area left empty, each record on
/// its own 4,096-byte blocks.
pub fn write_cbl(name: &str, games: &[GameTree]) -> Vec<u8> {
    let mut out = vec![0u8; 101_952];
    out[..16].copy_from_slice(b"CCBridgeLibrary\0");
    out[60..64].copy_from_slice(&(games.len() as u32).to_le_bytes());
    put_text(&mut out, 64, 512, name);
    for g in games {
        let mut r = write_cbr(g);
        r.resize(r.len().div_ceil(4096) * 4096, 0);
        out.extend(r);
    }
    out
}
