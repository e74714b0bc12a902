//! XQF files of every version (unkeyed 1.0, keyed 1.1–1.8) read into game trees with their
//! variations, comments and headers; written back so that they read into the same tree; bad files
//! answered with a typed error naming the byte, keeping what was read before it.
#![cfg(not(target_arch = "wasm32"))]

use std::process::Command;
use xiangqi_club::lang::{Lang, Say};
use xiangqi_club::text::EncodingRs;
use xiangqi_club::xiangqi::notation::archive::{self, ArchiveError, Format};
use xiangqi_club::xiangqi::notation::pgn::read_tree;
use xiangqi_club::xiangqi::notation::xqf::{
    read_xqf, write_xqf, write_xqf_with, GbkEncoder, XqfErrorKind, XqfKeys, XqfMoveCause, XqfPart,
    HEADER_BYTES,
};
use xiangqi_club::xiangqi::tree::GameTree;
use xiangqi_club::xiangqi::{Move, PlayError};

/// A lesson: headers, a comment before the first move, comments, variations inside variations.
const STUDY: &str = "[Event \"全国象棋个人赛\"]
[Site \"北京\"]
[Date \"2026年12月1日\"]
[Red \"许银川\"]
[Black \"吕钦\"]
[Title \"中炮对屏风马\"]
[Result \"1-0\"]

{红方先行，本局讲中炮。}
1. 炮二平五 {中炮，最常见的开局。} 马8进7
(1... 炮8平5 {顺炮} 2. 马二进三 (2. 马八进七 {另一路}) 马8进7)
(1... 马2进3)
2. 马二进三 车9平8 (2... 马2进3 {屏风马} 3. 车一平二) 3. 车一平二 {出车} 马2进3 1-0
";

fn study() -> GameTree {
    read_tree(STUDY).expect("the study reads")
}

fn same(a: &GameTree, b: &GameTree) {
    if let Some(d) = a.first_difference(b) {
        panic!("the trees differ: {d}");
    }
}

/// Keys of every shape: each keyed version, masks and or-bytes that leave the stream key whole
/// or cut, board keys that rotate the slots.
fn keyings() -> Vec<XqfKeys> {
    let mut v = vec![XqfKeys {
        version: 10,
        ..XqfKeys::PLAIN
    }];
    for (i, version) in [11u8, 12, 13, 15, 16, 18].into_iter().enumerate() {
        let i = i as u8;
        v.push(XqfKeys {
            version,
            mask: [0xFF, 0x00, 0xA5, 0x5A, 0x0F, 0xF3][usize::from(i)],
            or: [0x12 ^ i, 0x34, 0x56 + i, 0x78],
            xy: 0x9Cu8.wrapping_add(37u8.wrapping_mul(i)),
            from: 0x3D ^ (i * 11),
            to: 0xE1 - 5 * i,
        });
    }
    v.push(XqfKeys::PLAIN);
    v
}

#[test]
fn every_version_reads_back_the_same_tree() {
    let tree = study();
    assert_eq!(tree.variation_count(), 4);
    for key in keyings() {
        let bytes = write_xqf_with(&tree, &EncodingRs, key);
        assert_eq!(bytes[2], key.version);
        let back = read_xqf(&bytes, &EncodingRs)
            .unwrap_or_else(|e| panic!("version {}: {e}", key.version));
        same(&tree, &back);
        assert_eq!(back.tag("Title"), Some("中炮对屏风马"));
        assert_eq!(back.tag("Site"), Some("北京"));
        let root = back.node(back.root()).and_then(|n| n.comment.clone());
        assert_eq!(root.as_deref(), Some("红方先行，本局讲中炮。"));
    }
}

#[test]
fn keyed_files_are_scrambled_and_do_not_read_as_plain() {
    let tree = study();
    let plain = write_xqf_with(&tree, &EncodingRs, keyings()[0]);
    for key in keyings()
        .into_iter()
        .filter(|k| k.version >= 11 && k.xy != 0)
    {
        let keyed = write_xqf_with(&tree, &EncodingRs, key);
        // Neither the board nor the move records are the plain bytes.
        assert_ne!(keyed[0x10..0x30], plain[0x10..0x30]);
        assert_ne!(
            keyed[HEADER_BYTES..HEADER_BYTES + 16],
            plain[HEADER_BYTES..HEADER_BYTES + 16]
        );
        // Read as an unkeyed file, the same bytes are not the game.
        let mut as_plain = keyed.clone();
        as_plain[2] = 10;
        let misread = match read_xqf(&as_plain, &EncodingRs) {
            Ok(t) => t,
            Err(e) => *e.partial,
        };
        assert!(misread.first_difference(&tree).is_some());
    }
}

#[test]
fn round_trip_xqf_tree_xqf_gives_the_same_bytes() {
    for key in keyings() {
        let first = write_xqf_with(&study(), &EncodingRs, key);
        let tree = read_xqf(&first, &EncodingRs).expect("reads");
        assert_eq!(write_xqf_with(&tree, &EncodingRs, key), first);
    }
}

/// Big5 for traditional-character files, through the same writer.
struct Big5;

impl GbkEncoder for Big5 {
    fn gbk(&self, c: char) -> Option<[u8; 2]> {
        let mut buf = [0; 4];
        let (b, _, bad) = encoding_rs::BIG5.encode(c.encode_utf8(&mut buf));
        match (&*b, bad) {
            (&[x, y], false) => Some([x, y]),
            _ => None,
        }
    }
}

/// The study in traditional characters, as a Big5 file holds it (Big5 has no simplified ones).
fn traditional() -> GameTree {
    let mut tree = study();
    tree.set_tag("Event", "全國象棋個人賽");
    tree.set_tag("Site", "北京");
    tree.set_tag("Red", "許銀川");
    tree.set_tag("Black", "呂欽");
    tree.set_tag("Title", "中炮對屏風馬");
    let ids: Vec<_> = tree.ids().collect();
    for id in ids {
        tree.node_mut(id).expect("a node").comment = None;
    }
    let first = tree.next(tree.root()).expect("a first move");
    tree.node_mut(first).expect("the move").comment = Some("紅方車馬砲配合，黑方應對".into());
    tree.node_mut(tree.root()).expect("the root").comment = Some("紅方先行".into());
    tree
}

#[test]
fn gbk_and_big5_texts_are_each_read_in_their_own_encoding() {
    let tree = traditional();
    for key in [XqfKeys::PLAIN, keyings()[2]] {
        for bytes in [
            write_xqf_with(&tree, &EncodingRs, key),
            write_xqf_with(&tree, &Big5, key),
        ] {
            let back = read_xqf(&bytes, &EncodingRs).expect("reads");
            same(&back, &tree);
            assert_eq!(back.tag("Red"), Some("許銀川"));
        }
    }
    // The two files differ: the Big5 one is not GBK.
    assert_ne!(
        write_xqf(&tree, &EncodingRs),
        write_xqf_with(&tree, &Big5, XqfKeys::PLAIN)
    );
}

/// XQF 1.0 as its format description publishes it: a header of texts and the 16 moves of
/// 柳大华–吕钦, 1997, one 8-byte record each after the empty move 0.
fn published_example() -> Vec<u8> {
    let gbk = |s: &str| encoding_rs::GBK.encode(s).0.into_owned();
    let mut b = vec![0u8; HEADER_BYTES];
    b[..3].copy_from_slice(b"XQ\x0A");
    let board = [
        80, 70, 60, 50, 40, 30, 20, 10, 0, 72, 12, 83, 63, 43, 23, 3, 9, 19, 29, 39, 49, 59, 69,
        79, 89, 17, 77, 6, 26, 46, 66, 86,
    ];
    b[0x10..0x30].copy_from_slice(&board);
    b[0x33] = 2;
    for (at, text) in [
        (0x50, "仙人指路对起马局"),
        (0xD0, "\"中立杯\"象棋电视快棋赛"),
        (0x110, "1997年11月16日"),
        (0x120, "北京"),
        (0x130, "柳大华"),
        (0x140, "吕  钦"),
        (0x1D0, "刘殿中"),
        (0x1E0, "过河象"),
    ] {
        let t = gbk(text);
        b[at] = t.len() as u8;
        b[at + 1..at + 1 + t.len()].copy_from_slice(&t);
    }
    b.extend([0x18, 0x20, 0xF0, 0xFF, 0, 0, 0, 0]);
    let moves: [[u8; 2]; 16] = [
        [0x2F, 0x38],
        [0x67, 0x63],
        [0x57, 0x60],
        [0x29, 0x3B],
        [0x2C, 0x4A],
        [0x2B, 0x27],
        [0x22, 0x36],
        [0x21, 0x33],
        [0x18, 0x2A],
        [0x2B, 0x2F],
        [0x24, 0x22],
        [0x27, 0x6B],
        [0x60, 0x6D],
        [0x33, 0x6D],
        [0x5E, 0x5E],
        [0x71, 0x6F],
    ];
    for (i, m) in moves.iter().enumerate() {
        let last = i == moves.len() - 1;
        b.extend([m[0], m[1], if last { 0 } else { 0xF0 }, 0, 0, 0, 0, 0]);
    }
    b
}

#[test]
fn the_published_xqf_1_0_example_reads_as_printed() {
    let bytes = published_example();
    assert_eq!(bytes.len(), 0x488, "the description's file is 1160 bytes");
    let tree = read_xqf(&bytes, &EncodingRs).expect("reads");
    for (tag, value) in [
        ("Title", "仙人指路对起马局"),
        ("Event", "\"中立杯\"象棋电视快棋赛"),
        ("Date", "1997年11月16日"),
        ("Site", "北京"),
        ("Red", "柳大华"),
        ("Black", "吕  钦"),
        ("Result", "0-1"),
        ("Annotator", "刘殿中"),
        ("Author", "过河象"),
    ] {
        assert_eq!(tree.tag(tag), Some(value), "{tag}");
    }
    let iccs: Vec<String> = tree
        .moves_to(*tree.main_line().last().expect("moves"))
        .iter()
        .map(Move::to_string)
        .collect();
    // 兵七进一 马８进７ 兵三进一 炮２平３ 相七进五 马２进１ 马八进七 车１平２
    // 车九平八 车２进４ 炮八平九 车２平８ 炮二进五 炮３平８ 马二进三 车９平８
    assert_eq!(
        iccs.join(" "),
        "c3c4 h9g7 g3g4 b7c7 c0e2 b9a7 b0c2 a9b9 a0b0 b9b5 b2a2 b5h5 h2h7 c7h7 h0g2 i9h9"
    );
    assert_eq!(tree.variation_count(), 0);
}

#[test]
fn truncated_at_every_offset_is_a_typed_error_keeping_what_came_before() {
    for key in [keyings()[0], keyings()[3]] {
        let whole = write_xqf_with(&study(), &EncodingRs, key);
        let full = read_xqf(&whole, &EncodingRs).expect("the whole file reads");
        let mut last_moves = 0;
        for len in 0..whole.len() {
            let e = read_xqf(&whole[..len], &EncodingRs).expect_err("a cut file is an error");
            assert!(e.offset <= len, "offset {} past the cut {len}", e.offset);
            assert!(matches!(
                e.kind,
                XqfErrorKind::Truncated(_) | XqfErrorKind::NotXqf
            ));
            let moves = e.partial.len();
            assert!(moves >= last_moves, "the part read shrank at {len}");
            assert!(moves <= full.len());
            last_moves = moves;
            for lang in [Lang::En, Lang::Zh] {
                let said = e.say(lang);
                assert!(said.starts_with("XQF") && said.contains(&e.offset.to_string()));
            }
        }
        // Cut inside the last record, everything but the last move was read.
        assert_eq!(last_moves, full.len() - 1);
    }
    let e = read_xqf(&published_example()[..600], &EncodingRs).unwrap_err();
    assert_eq!(e.kind, XqfErrorKind::Truncated(XqfPart::Header));
    assert!(e.say(Lang::Zh).contains("文件头"), "{}", e.say(Lang::Zh));
}

#[test]
fn a_wrongly_keyed_file_is_refused_at_its_key() {
    let mut bytes = write_xqf_with(&study(), &EncodingRs, keyings()[4]);
    bytes[14] ^= 0x40;
    let e = read_xqf(&bytes, &EncodingRs).unwrap_err();
    assert_eq!((e.offset, e.kind.clone()), (12, XqfErrorKind::WrongKey));
    assert!(e.say(Lang::Zh).contains("密钥"), "{}", e.say(Lang::Zh));
    assert!(e.say(Lang::En).contains("key"), "{e}");
}

#[test]
fn a_garbled_move_is_left_out_with_its_line_and_the_rest_is_read() {
    let tree = study();
    for key in [keyings()[0], XqfKeys::PLAIN] {
        let mut bytes = write_xqf_with(&tree, &EncodingRs, key);
        let keyed = key.version >= 11;
        // Walk the records to the fourth move of the main line (1. 炮二平五 马8进7 2. 马二进三 …
        // with the variations of move 2 in between, so find it by its from point).
        let mut at = HEADER_BYTES;
        let mut records = Vec::new();
        while at + 4 <= bytes.len() {
            records.push(at);
            let flags = bytes[at + 2];
            at += 4;
            let len = if keyed {
                if flags & 0x20 != 0 {
                    let l = i32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
                    at += 4;
                    (l - 767) as usize
                } else {
                    0
                }
            } else {
                let l = i32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
                at += 4;
                l as usize
            };
            at += len;
        }
        // Record 0 is the start; 1 is 炮二平五, 2 is 马8进7: make 马8进7 jump off the board.
        bytes[records[2] + 1] = 0x20 + 95;
        let e = read_xqf(&bytes, &EncodingRs).unwrap_err();
        assert_eq!(e.offset, records[2]);
        assert!(matches!(
            e.kind,
            XqfErrorKind::IllegalMove {
                ply: 2,
                cause: XqfMoveCause::OffBoard,
                ..
            }
        ));
        // Why, in both languages.
        assert!(
            e.say(Lang::Zh).contains("落点不在棋盘上"),
            "{}",
            e.say(Lang::Zh)
        );
        assert!(e.say(Lang::En).contains("a point off the board"), "{e}");
        // 炮二平五 was read; 马8进7 is left out with the moves after it, its alternatives read
        // (1... 炮8平5 2. 马二进三 (2. 马八进七) 马8进7, and 1... 马2进3).
        assert_eq!(e.partial.len(), 6);
        assert_eq!(e.partial.children(e.partial.root()).len(), 1);
        assert!(e.say(Lang::Zh).contains("第 2 步"), "{}", e.say(Lang::Zh));
    }
}

#[test]
fn archive_open_recognises_xqf_and_keeps_the_part_before_a_fault() {
    let bytes = write_xqf(&study(), &EncodingRs);
    assert_eq!(Format::detect(&bytes), Some(Format::Xqf));
    let lib = archive::open(&bytes, &EncodingRs).expect("reads");
    assert_eq!(lib.format, Format::Xqf);
    same(&lib.games[0], &study());
    assert!(lib.stopped.is_none());
    // Cut in the move records: the game so far, and why it stopped.
    let cut = &bytes[..bytes.len() - 3];
    let lib = archive::open(cut, &EncodingRs).expect("the part read");
    assert_eq!(lib.games.len(), 1);
    assert!(lib.games[0].len() > 5);
    let why = lib.stopped.expect("the fault");
    assert!(matches!(why, ArchiveError::Xqf(_)));
    assert!(
        why.say(Lang::Zh).starts_with("XQF，第"),
        "{}",
        why.say(Lang::Zh)
    );
    // Cut in the header: nothing to show, and an XQF error rather than "unknown format".
    let e = archive::open(&bytes[..100], &EncodingRs).unwrap_err();
    assert!(matches!(e, ArchiveError::Xqf(_)), "{e}");
}

#[test]
fn xq_convert_writes_xqf_that_reads_back_the_same_tree() {
    let dir = std::env::temp_dir().join(format!("xq-xqf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("study.pgn");
    std::fs::write(&pgn, STUDY).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_xq"))
        .args(["convert", "--to", "xqf"])
        .arg(&pgn)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stdout.starts_with(b"XQ\x12"));
    same(
        &read_xqf(&out.stdout, &EncodingRs).expect("reads"),
        &study(),
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// The files under tests/data/xqf, made with this writer (see the test below), one per shape.
fn fixtures() -> Vec<(&'static str, XqfKeys, bool)> {
    let k = keyings();
    vec![
        ("study-v10.xqf", k[0], false),
        ("study-v12-keyed.xqf", k[2], false),
        ("study-v18.xqf", XqfKeys::PLAIN, false),
        ("study-v16-keyed-big5.xqf", k[5], true),
    ]
}

#[test]
fn the_committed_fixtures_are_what_the_writer_makes_and_read_as_the_study() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/xqf");
    for (name, key, big5) in fixtures() {
        let (tree, made) = if big5 {
            let t = traditional();
            let b = write_xqf_with(&t, &Big5, key);
            (t, b)
        } else {
            (study(), write_xqf_with(&study(), &EncodingRs, key))
        };
        let path = dir.join(name);
        if std::env::var_os("XQF_WRITE_FIXTURES").is_some() {
            std::fs::write(&path, &made).unwrap();
        }
        let file = std::fs::read(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(file, made, "{name}");
        same(&read_xqf(&file, &EncodingRs).expect("reads"), &tree);
    }
}

/// Every line of `t`, start to end, in ICCS, sorted.
fn lines(t: &GameTree) -> Vec<String> {
    let mut v: Vec<String> = t
        .ids()
        .filter(|&i| i != t.root() && t.children(i).is_empty())
        .map(|i| {
            let moves: Vec<String> = t.moves_to(i).iter().map(|m| m.to_string()).collect();
            moves.join(" ")
        })
        .collect();
    v.sort();
    v
}

/// Keyed XQF 1.8 files laid out as two public ones that stopped mid-tree (BadMoveTest3.xqf and
/// WildHouse.xqf of walker8088/cchess): the main line's last move says a move follows, and what
/// follows is a stray record (one, or a chain of three with a stray alternative), then the
/// variations. Written by tests/data/xqf/junk.py; the lines expected are those `cchess` 1.25.5
/// reads from them.
#[test]
fn a_stray_record_after_a_line_is_left_out_and_every_variation_is_read() {
    for name in ["junk-leaf-v18.xqf", "junk-chain-v18.xqf"] {
        let path = format!("{}/tests/data/xqf/{name}", env!("CARGO_MANIFEST_DIR"));
        let bytes = std::fs::read(path).unwrap();
        assert_eq!(bytes[2], 18);
        let e = read_xqf(&bytes, &EncodingRs).unwrap_err();
        assert_eq!(
            lines(&e.partial),
            ["h2e2 h7e7 h0g2", "h2e2 h9g7 h0g2 i9h9"],
            "{name}"
        );
        assert!(
            matches!(
                e.kind,
                XqfErrorKind::IllegalMove {
                    ply: 5,
                    from: 45,
                    to: 46,
                    cause: XqfMoveCause::Rule(PlayError::NoPiece(_)),
                }
            ),
            "{name}: {e}"
        );
        // The stray record's cause, said in both languages: it starts from an empty point.
        assert!(e.say(Lang::Zh).contains("没有棋子"), "{}", e.say(Lang::Zh));
        assert!(
            e.say(Lang::En).contains("is not legal there: no piece on"),
            "{e}"
        );
        assert!(
            e.say(Lang::Zh).contains("其余变着均已读入"),
            "{}",
            e.say(Lang::Zh)
        );
        assert!(e.say(Lang::En).contains("every other line is read"), "{e}");
    }
}

/// A match record with what XQF has no field for, values longer than its fields, a mark and a
/// character GBK lacks.
const MATCH: &str =
    "[Event \"2026年全国象棋甲级联赛第一阶段第十轮北京威凯建设对上海金外滩队第二台\"]
[Round \"10\"]
[Board \"1\"]
[Date \"2026年12月1日\"]
[Site \"北京\"]
[RedTeam \"北京威凯建设\"]
[Red \"许银川（广东碧桂园）\"]
[BlackTeam \"上海金外滩\"]
[Black \"吕钦\"]
[ECCO \"C98\"]
[Opening \"中炮对屏风马\"]
[Result \"1-0\"]

1. 炮二平五! {好棋 \u{1F600}} 马8进7 1-0
";

#[test]
fn the_writer_says_what_xqf_leaves_out_or_shortens() {
    use xiangqi_club::xiangqi::notation::xqf::{left_out, XqfLeftOut};
    let tree = read_tree(MATCH).expect("reads");
    let event = "2026年全国象棋甲级联赛第一阶段第十轮北京威凯建设对上海金外滩队第二台";
    // 63 bytes of GBK: the four digits and 29 characters of two bytes each.
    let kept_event: String = event.chars().take(4 + 29).collect();
    let l = left_out(&tree, &EncodingRs).expect("something is left out");
    assert_eq!(
        l,
        XqfLeftOut {
            tags: ["Round", "Board", "RedTeam", "BlackTeam", "ECCO", "Opening"]
                .map(String::from)
                .to_vec(),
            shortened: vec![
                ("Event".into(), 63, kept_event.clone()),
                ("Red".into(), 15, "许银川（广东碧".into()),
            ],
            marks: 1,
            unwritable: 1,
        }
    );
    // What has a field is kept, shortened as said.
    let back = read_xqf(&write_xqf(&tree, &EncodingRs), &EncodingRs).expect("reads");
    for (tag, v) in [
        ("Event", kept_event.as_str()),
        ("Red", "许银川（广东碧"),
        ("Black", "吕钦"),
        ("Date", "2026年12月1日"),
        ("Site", "北京"),
        ("Result", "1-0"),
    ] {
        assert_eq!(back.tag(tag), Some(v), "{tag}");
    }
    // A game that fits loses nothing, and nothing is said.
    assert_eq!(left_out(&study(), &EncodingRs), None);

    // `xq convert --to xqf` says it, as `--to cbf` says what CBF leaves out.
    let dir = std::env::temp_dir().join(format!("xq-xqf-left-out-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (name, text) in [("match.pgn", MATCH), ("study.pgn", STUDY)] {
        let file = dir.join(name);
        std::fs::write(&file, text).unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_xq"))
            .args(["convert", "--to", "xqf"])
            .arg(&file)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{err}");
        if name == "study.pgn" {
            // Only the format read is said (issue 57.1): nothing is left out.
            assert_eq!(err.trim_end(), "xq convert: read as PGN", "{err}");
            continue;
        }
        for said in [
            "no field for Round, Board, RedTeam, BlackTeam, ECCO, Opening (left out)",
            &format!("Event cut to its 63 bytes: \"{kept_event}\""),
            "Red cut to its 15 bytes: \"许银川（广东碧\"",
            "1 mark(s) left out",
            "1 character(s) GBK cannot write",
        ] {
            assert!(err.contains(said), "{said}: {err}");
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}
