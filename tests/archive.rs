//! Game archives through `notation::archive::open`: CBR and CBL (files written here by a writer of
//! our own, tests/support/cbr_writer.rs), CBF (XML written by hand), their damage, and `xq convert`
//! on them. The fixtures in tests/data/cbr are made by `write_fixtures` below.
#![cfg(not(target_arch = "wasm32"))]

#[path = "support/cbr_writer.rs"]
mod cbr_writer;

use cbr_writer::{write_cbl, write_cbr, write_cbr_v1};
use std::path::{Path, PathBuf};
use xiangqi_club::lang::{Lang, Say};
use xiangqi_club::text::EncodingRs;
use xiangqi_club::xiangqi::notation::archive::{
    open, ArchiveError, Format, MAX_GAME_BYTES, MAX_LIBRARY_BYTES,
};
use xiangqi_club::xiangqi::notation::pgn::read_tree;
use xiangqi_club::xiangqi::tree::GameTree;
use xiangqi_club::xiangqi::{Move, Position};

/// A lesson with comments (the start's too) and nested variations.
const LESSON: &str = "[Title \"顺炮与屏风马\"]\n[Event \"俱乐部讲座\"]\n[Red \"红方\"]\n[Black \"黑方\"]\n[Result \"1-0\"]\n\n\
{开局讲解} 1. 炮二平五 {中炮} 马8进7 (1... 炮8平5 {顺炮} 2. 马二进三 (2. 兵七进一 卒7进1) 马8进7 3. 车一平二 {直车}) \
2. 马二进三 车9平8 (2... 卒7进1 3. 车一平二 {好}) 3. 车一平二 马2进3 1-0\n";

/// An endgame: Black to move from a set position.
const ENDGAME: &str = "[Title \"残局\"]\n[FEN \"3k5/4a4/9/9/9/9/9/9/4A4/3RK4 b - - 0 1\"]\n[Result \"*\"]\n\n1... 将4平5 2. 车六进八 *\n";

fn tree(pgn: &str) -> GameTree {
    read_tree(pgn).expect("the test game reads")
}

fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

/// The published games of tests/data/games as trees (their main lines).
fn published() -> Vec<GameTree> {
    let text = std::fs::read_to_string(data().join("games/games.jsonl")).expect("games.jsonl");
    text.lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("json");
            // CBR keeps no move counters: the start is written with 0 and 1.
            let fen: Vec<&str> = v["start_fen"].as_str().unwrap().split(' ').collect();
            let start = Position::from_fen(&format!("{} {} - - 0 1", fen[0], fen[1])).unwrap();
            let mut t = GameTree::new(start);
            for (k, tag) in [("Red", "Red"), ("Black", "Black"), ("Event", "Event")] {
                if let Some(s) = v["tags"][k].as_str().filter(|s| !s.is_empty()) {
                    // CBR keeps 31 characters of each (64 bytes with the closing zero).
                    t.set_tag(tag, s.chars().take(31).collect::<String>().trim());
                }
            }
            let mut at = t.root();
            for m in v["moves_iccs"].as_array().unwrap() {
                at = t
                    .add_move(at, Move::from_iccs(m.as_str().unwrap()).unwrap())
                    .unwrap();
            }
            t
        })
        .collect()
}

fn same(a: &GameTree, b: &GameTree) {
    if let Some(d) = a.first_difference(b) {
        panic!("{d}");
    }
}

#[test]
fn a_cbr_lesson_opens_with_its_variations_comments_and_headers() {
    let lesson = tree(LESSON);
    let lib = open(&write_cbr(&lesson), &EncodingRs).expect("reads");
    assert_eq!(lib.format, Format::Cbr);
    assert!(lib.stopped.is_none());
    let g = &lib.games[0];
    same(g, &lesson);
    assert_eq!(g.tag("Title"), Some("顺炮与屏风马"));
    assert_eq!(g.tag("Result"), Some("1-0"));
    assert_eq!(g.variation_count(), 3);
    assert_eq!(
        g.node(g.root()).unwrap().comment.as_deref(),
        Some("开局讲解")
    );
}

/// A tournament game with every header CBR has room for.
const MATCH: &str = "[Title \"第三轮\"]\n[Event \"全国个人赛\"]\n[Round \"3\"]\n[Board \"12\"]\n\
[Date \"2024-05-01\"]\n[Site \"北京\"]\n[Red \"许银川\"]\n[RedTeam \"广东\"]\n[RedTime \"45分\"]\n\
[Black \"吕钦\"]\n[BlackTeam \"广东\"]\n[BlackTime \"50分\"]\n[Annotator \"评注人\"]\n\
[Author \"记录人\"]\n[Result \"1/2-1/2\"]\n\n1. 炮二平五 马8进7 1/2-1/2\n";

#[test]
fn a_cbr_keeps_its_date_place_round_teams_and_commentator() {
    let game = tree(MATCH);
    let bytes = write_cbr(&game);
    // Where CCBridge keeps them: UTF-16LE texts at fixed offsets.
    let utf16 = |s: &str| -> Vec<u8> { s.encode_utf16().flat_map(u16::to_le_bytes).collect() };
    for (at, text) in [
        (884, "2024-05-01"),
        (948, "北京"),
        (756, "3"),
        (1140, "广东"),
    ] {
        let b = utf16(text);
        assert_eq!(&bytes[at..at + b.len()], &b[..], "{text} at {at}");
    }
    let lib = open(&bytes, &EncodingRs).expect("reads");
    assert!(lib.stopped.is_none());
    let g = &lib.games[0];
    for (tag, v) in [
        ("Date", "2024-05-01"),
        ("Site", "北京"),
        ("Round", "3"),
        ("Board", "12"),
        ("Event", "全国个人赛"),
        ("RedTeam", "广东"),
        ("BlackTeam", "广东"),
        ("RedTime", "45分"),
        ("BlackTime", "50分"),
        ("Annotator", "评注人"),
        ("Author", "记录人"),
        ("Result", "1/2-1/2"),
    ] {
        assert_eq!(g.tag(tag), Some(v), "{tag}");
    }
    same(g, &game);
}

#[test]
fn a_cbr_endgame_keeps_its_start_and_side_to_move() {
    let end = tree(ENDGAME);
    let lib = open(&write_cbr(&end), &EncodingRs).expect("reads");
    same(&lib.games[0], &end);
    assert_eq!(lib.games[0].start().fen(), end.start().fen());
}

#[test]
fn an_older_version_1_cbr_reads_the_same() {
    // The texts, result, side, board and moves where version 1 keeps them; points as nibbles.
    let (lesson, game, end) = (tree(LESSON), tree(MATCH), tree(ENDGAME));
    for t in [&lesson, &game, &end] {
        let bytes = write_cbr_v1(t);
        assert_eq!((bytes[19], bytes.len() > 1958), (1, true));
        let lib = open(&bytes, &EncodingRs).expect("reads");
        assert!(lib.stopped.is_none(), "{:?}", lib.stopped);
        same(&lib.games[0], t);
    }
    let bytes = write_cbr_v1(&game);
    let date: Vec<u8> = "2024-05-01"
        .encode_utf16()
        .flat_map(u16::to_le_bytes)
        .collect();
    assert_eq!(&bytes[756..756 + date.len()], &date[..]);
    // 炮二平五 (h2e2): the file in the high nibble, the row from Black's side in the low one.
    assert_eq!(&bytes[1958 + 4 + 2..1958 + 4 + 4], &[0x77, 0x47]);
    // Cut inside its shorter header: named as such.
    let e = open(&bytes[..1900], &EncodingRs).unwrap_err();
    assert_eq!(damage(&e), (Format::Cbr, 1900));
    assert!(e.say(Lang::En).contains("1,958-byte header"));
    // A version-1 CBL record reads as well.
    let mut cbl = write_cbl("x", &[]);
    let mut r = write_cbr_v1(&lesson);
    r.resize(4096, 0);
    cbl.extend(r);
    let lib = open(&cbl, &EncodingRs).expect("reads");
    same(&lib.games[0], &lesson);
}

#[test]
fn a_cbr_position_without_moves_takes_its_side_from_byte_2112() {
    // Black to move and no move to tell: the side byte at 2112, and at 2116 the move number as
    // vschess writes it (1, which read as a side would say Red).
    let start = Position::from_fen("3k5/4a4/9/9/9/9/9/9/4A4/3RK4 b - - 0 1").unwrap();
    let mut bytes = write_cbr(&GameTree::new(start.clone()));
    bytes[2112] = 2;
    bytes[2116] = 1;
    let lib = open(&bytes, &EncodingRs).expect("reads");
    assert_eq!(lib.games[0].start().fen(), start.fen());
    // A file that leaves 2112 empty holds the side at 2116 (2 there: Black).
    bytes[2112] = 0;
    bytes[2116] = 2;
    let lib = open(&bytes, &EncodingRs).expect("reads");
    assert_eq!(lib.games[0].start().fen(), start.fen());
}

#[test]
fn every_published_game_reads_back_from_cbr_and_from_one_cbl() {
    let games = published();
    for (i, g) in games.iter().enumerate() {
        let lib = open(&write_cbr(g), &EncodingRs).expect("reads");
        assert!(lib.stopped.is_none(), "game {i}");
        same(&lib.games[0], g);
    }
    let lib = open(&write_cbl("棋谱库", &games), &EncodingRs).expect("reads");
    assert_eq!(lib.format, Format::Cbl);
    assert!(lib.stopped.is_none());
    assert_eq!(lib.games.len(), games.len());
    for (a, b) in lib.games.iter().zip(&games) {
        same(a, b);
    }
}

#[test]
fn a_cbl_opens_as_a_list_and_a_long_game_takes_several_blocks() {
    // A game longer than one 4,096-byte block: every move commented.
    let mut long = tree(LESSON);
    for id in long.ids().collect::<Vec<_>>() {
        long.add_comment(id, &"长注释".repeat(60));
    }
    let games = vec![tree(LESSON), long, tree(ENDGAME)];
    let bytes = write_cbl("讲座", &games);
    assert!(bytes.len() > 101_952 + 3 * 4096);
    let lib = open(&bytes, &EncodingRs).expect("reads");
    assert_eq!(lib.games.len(), 3);
    for (a, b) in lib.games.iter().zip(&games) {
        same(a, b);
    }
    // Each game plays through: its main line replays from its start.
    for g in &lib.games {
        let (game, after) = g.game_to(*g.main_line().last().unwrap()).unwrap();
        assert_eq!((game.ply(), after), (g.main_line().len(), 0));
    }
}

/// The error's offset and both languages' words (damage, or the file cut).
fn damage(e: &ArchiveError) -> (Format, usize) {
    let (ArchiveError::Damaged { format, offset, .. } | ArchiveError::Cut { format, offset, .. }) =
        e
    else {
        panic!("not damage: {e:?}");
    };
    let (en, zh) = (e.say(Lang::En), e.say(Lang::Zh));
    assert!(
        en.contains(&format!("byte {offset}")) && en.contains("expected"),
        "{en}"
    );
    assert!(zh.contains(&format!("第 {offset} 字节")), "{zh}");
    assert!(en.starts_with(format.name()) && zh.starts_with(format.name()));
    (*format, *offset)
}

#[test]
fn a_truncated_cbr_keeps_the_moves_before_the_cut() {
    let lesson = tree(LESSON);
    let bytes = write_cbr(&lesson);
    // Cut inside the moves: the game so far, and where it stopped.
    let cut = &bytes[..2214 + 40];
    let lib = open(cut, &EncodingRs).expect("the part read");
    let (f, at) = damage(lib.stopped.as_ref().expect("a fault"));
    assert_eq!(f, Format::Cbr);
    assert!(at <= cut.len() && at >= 2214, "{at}");
    assert!(!lib.games[0].main_line().is_empty());
    assert_eq!(lib.games[0].tag("Red"), Some("红方"));
    // Cut inside the header: nothing to show, the error alone.
    let e = open(&bytes[..1000], &EncodingRs).unwrap_err();
    assert_eq!(damage(&e), (Format::Cbr, 1000));
}

#[test]
fn a_garbled_board_or_move_names_its_byte() {
    let mut bytes = write_cbr(&tree(LESSON));
    let mut bad_piece = bytes.clone();
    bad_piece[2120 + 4] = 0x3F;
    let e = open(&bad_piece, &EncodingRs).unwrap_err();
    assert_eq!(damage(&e), (Format::Cbr, 2124));
    assert!(e.say(Lang::En).contains("piece code"));
    // The second move's destination made illegal: the first move is kept.
    let moves_at = 2214 + 8 + 4 * 2 + 2; // flag, length, the note's four characters and its zero
    let first_len = 4 + 4 + 2 * 2 + 2; // the move, its comment's length, 中炮 and zero
    let at = moves_at + first_len;
    assert_eq!(bytes[at + 2], 7, "the second move starts from h9 (马8)");
    bytes[at + 3] = 80;
    let lib = open(&bytes, &EncodingRs).expect("the first move");
    assert_eq!(damage(lib.stopped.as_ref().unwrap()), (Format::Cbr, at));
    assert_eq!(lib.games[0].main_line().len(), 1);
    assert!(lib.stopped.unwrap().say(Lang::Zh).contains("合规的着法"));
}

#[test]
fn a_truncated_cbl_keeps_the_games_before_the_cut() {
    let games = vec![tree(LESSON), tree(ENDGAME), tree(LESSON)];
    let bytes = write_cbl("x", &games);
    let cut = &bytes[..101_952 + 2 * 4096 + 2214 + 12];
    let lib = open(cut, &EncodingRs).expect("two games and a part");
    assert_eq!(lib.format, Format::Cbl);
    assert_eq!(lib.games.len(), 3);
    same(&lib.games[1], &games[1]);
    assert_eq!(damage(lib.stopped.as_ref().unwrap()).0, Format::Cbl);
}

#[test]
fn a_cbl_cut_on_a_block_edge_is_said_cut_by_its_index() {
    // The third record starts on a 4,096-byte block: cut there, the file ends between records.
    let games = vec![tree(LESSON), tree(ENDGAME), tree(LESSON)];
    let bytes = write_cbl("x", &games);
    let edge = 101_952 + 2 * 4096;
    assert_eq!(&bytes[edge..edge + 15], b"CCBridge Record");
    let lib = open(&bytes[..edge], &EncodingRs).expect("two games");
    assert_eq!(lib.games.len(), 2);
    let e = lib.stopped.expect("said cut");
    assert!(matches!(e, ArchiveError::Cut { format: Format::Cbl, offset, .. } if offset == edge));
    assert!(e.say(Lang::En).contains("its index lists more"), "{e}");
    assert!(
        e.say(Lang::Zh).contains("索引所列棋局多于文件所含"),
        "{}",
        e.say(Lang::Zh)
    );
    // Whole, nothing is said.
    assert_eq!(open(&bytes, &EncodingRs).unwrap().stopped, None);
}

#[test]
fn a_pgn_cut_between_moves_is_said_cut() {
    let cut = |text: &str| {
        let lib = open(text.as_bytes(), &EncodingRs).expect("reads");
        match lib.stopped {
            Some(ArchiveError::Cut {
                format: Format::Pgn,
                offset,
                ..
            }) => {
                assert_eq!(offset, text.len(), "{text:?}");
                true
            }
            None => false,
            Some(e) => panic!("{text:?}: {e}"),
        }
    };
    let head = "[Event \"Club\"]\n[Red \"A\"]\n[Black \"B\"]\n\n";
    // Cut after a move number, after a move, in the tags: no result, no line's end.
    for tail in [
        "1. 炮二平五 马８进７ 2.",
        "1. 炮二平五 马８进７",
        "1. h2e2 h9g7 2. h0g2",
    ] {
        assert!(cut(&format!("{head}{tail}")), "{tail}");
    }
    // Cut inside the tags: no game at all, an error.
    assert!(open(b"[Event \"Club\"]\n[Red \"A", &EncodingRs).is_err());
    // The second game of a library cut: both games kept, the cut said.
    let two = format!("{head}1. h2e2 h9g7 1-0\n\n{head}1. h2e2");
    assert!(cut(&two));
    assert_eq!(open(two.as_bytes(), &EncodingRs).unwrap().games.len(), 2);
    let e = open(format!("{head}1. h2e2").as_bytes(), &EncodingRs)
        .unwrap()
        .stopped
        .unwrap();
    assert!(
        e.say(Lang::En)
            .contains("the file ends too soon (it is cut)"),
        "{e}"
    );
    assert!(e.say(Lang::Zh).contains("直到结果"), "{}", e.say(Lang::Zh));
    // Whole: a result, or the last line ended; bare move text is not judged.
    for whole in [
        format!("{head}1. h2e2 h9g7 *"),
        format!("{head}1. h2e2 h9g7 1/2-1/2"),
        format!("{head}1. h2e2 h9g7\n"),
        format!("{head}1. h2e2 h9g7 2.\r\n"),
        "1. h2e2 h9g7".to_string(),
        "1. 炮二平五 马８进７ 2.".to_string(),
    ] {
        assert!(!cut(&whole), "{whole:?}");
    }
}

/// The real game files (tests/data/games/raw: PGN from many programs, with and without a final
/// line break) are never said cut, and `xq convert` says a cut single game.
#[test]
fn no_real_pgn_file_is_said_cut_and_convert_says_a_cut_game() {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, out);
            } else {
                out.push(p);
            }
        }
    }
    let mut files = Vec::new();
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/games/raw"),
        &mut files,
    );
    let mut pgn = 0;
    for f in &files {
        let bytes = std::fs::read(f).unwrap();
        if let Ok(lib) = open(&bytes, &EncodingRs) {
            if lib.format == Format::Pgn {
                pgn += 1;
                assert!(
                    !matches!(lib.stopped, Some(ArchiveError::Cut { .. })),
                    "{f:?}"
                );
            }
        }
    }
    assert!(pgn >= 200, "{pgn} PGN files");
    let dir = std::env::temp_dir().join(format!("xq-cut-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cut = dir.join("cut.pgn");
    std::fs::write(
        &cut,
        "[Red \"A\"]\n[Black \"B\"]\n\n1. 炮二平五 马８进７ 2.",
    )
    .unwrap();
    let (code, out, err) = xq(&["convert", "--to", "pgn-iccs", cut.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("h2e2 h9g7"), "{out}");
    assert!(
        err.contains(
            "the file ends too soon (it is cut); expected the rest of the game up to its result"
        ),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn oversized_files_are_refused_unread() {
    let mut cbr = b"CCBridge Record\0".to_vec();
    cbr.resize(MAX_GAME_BYTES + 1, 0);
    assert!(matches!(
        open(&cbr, &EncodingRs),
        Err(ArchiveError::TooLarge(Format::Cbr, _))
    ));
    let mut cbl = b"CCBridgeLibrary\0".to_vec();
    cbl.resize(MAX_LIBRARY_BYTES + 1, 0);
    assert!(matches!(
        open(&cbl, &EncodingRs),
        Err(ArchiveError::TooLarge(Format::Cbl, _))
    ));
    // A library within 20 MB is read (this one holds no game, and says so).
    cbl.truncate(MAX_GAME_BYTES + 10);
    assert!(matches!(
        open(&cbl, &EncodingRs),
        Err(ArchiveError::NoGame(Format::Cbl))
    ));
}

const CBF: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<ChineseChessRecord Version="1.0">
 <Head>
  <Name>中炮对屏风马</Name>
  <Contest>全国个人赛</Contest>
  <Round>3</Round>
  <Date>2024-05-01</Date>
  <Site>北京</Site>
  <Red>许银川</Red>
  <Black>吕钦</Black>
  <ECCO>C00</ECCO>
  <RecordResult>2</RecordResult>
  <FEN>rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1</FEN>
 </Head>
 <MoveList>
  <Move value="00-00" comment="开局 &amp; 布局"/>
  <Move value="77-47" comment="中炮"/>
  <Move value="70-62"/>
  <Move value="79-67"><Comment>跳马</Comment></Move>
  <Move value="10-22" end="1"/>
 </MoveList>
</ChineseChessRecord>
"#;

#[test]
fn a_cbf_opens_with_its_headers_start_and_comments() {
    let lib = open(CBF.as_bytes(), &EncodingRs).expect("reads");
    assert_eq!(lib.format, Format::Cbf);
    assert!(lib.stopped.is_none(), "{:?}", lib.stopped);
    let g = &lib.games[0];
    let want = "[Title \"中炮对屏风马\"]\n[Event \"全国个人赛\"]\n[Round \"3\"]\n[Date \"2024-05-01\"]\n[Site \"北京\"]\n\
        [Red \"许银川\"]\n[Black \"吕钦\"]\n[ECCO \"C00\"]\n[Result \"0-1\"]\n\n\
        {开局 & 布局} 1. 炮二平五 {中炮} 马8进7 2. 马二进三 {跳马} 马2进3 0-1\n";
    same(g, &tree(want));
}

#[test]
fn a_damaged_cbf_names_the_byte_and_keeps_the_moves_before() {
    let bad_move = CBF.replace("79-67", "79-6x");
    let lib = open(bad_move.as_bytes(), &EncodingRs).expect("the part read");
    let at = bad_move.find("<Move value=\"79-6x\"").unwrap();
    assert_eq!(damage(lib.stopped.as_ref().unwrap()), (Format::Cbf, at));
    assert_eq!(lib.games[0].main_line().len(), 2);
    let illegal = CBF.replace("70-62", "70-22");
    let lib = open(illegal.as_bytes(), &EncodingRs).expect("the part read");
    assert!(lib.stopped.unwrap().say(Lang::En).contains("a legal move"));
    // Cut mid-tag: what came before it is kept.
    let cut = &CBF[..CBF.find("<Move value=\"10-22\"").unwrap() + 9];
    let lib = open(cut.as_bytes(), &EncodingRs).expect("the part read");
    assert_eq!(lib.games[0].main_line().len(), 3);
    assert_eq!(damage(lib.stopped.as_ref().unwrap()).0, Format::Cbf);
    let bad_fen = CBF.replace("RNBAKABNR w", "RNBAKABNRR w");
    let e = open(bad_fen.as_bytes(), &EncodingRs).unwrap_err();
    assert_eq!(damage(&e).1, bad_fen.find("rnbakabnr/").unwrap());
}

#[test]
fn moves_after_a_cbf_main_line_are_said_not_silently_dropped() {
    // Whatever they mean (a variation's encoding is not known), they are not read as moves.
    let more = CBF.replace(
        "<Move value=\"10-22\" end=\"1\"/>",
        "<Move value=\"10-22\" end=\"1\"/>\n  <Move value=\"79-67\"/>\n  <Move value=\"19-27\" end=\"1\"/>",
    );
    let lib = open(more.as_bytes(), &EncodingRs).expect("the main line");
    same(
        &lib.games[0],
        &open(CBF.as_bytes(), &EncodingRs).unwrap().games[0],
    );
    let e = lib.stopped.expect("said");
    let at = more.find("<Move value=\"79-67\"/>").unwrap();
    assert_eq!(damage(&e), (Format::Cbf, at));
    assert!(
        e.say(Lang::En).contains("the moves after it are not read"),
        "{e}"
    );
    assert!(e.say(Lang::Zh).contains("其后的着法未读取"));
}

/// A CBF as CCBridge lays one out: every head element, the main line ending with `end`.
const MATCH_CBF: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<ChineseChessRecord Version="1.0">
 <Head>
  <Name>第三轮</Name>
  <URL />
  <From />
  <ContestType />
  <Contest>全国个人赛</Contest>
  <Round>3</Round>
  <Group />
  <Table />
  <Date>2024-05-01</Date>
  <Site>北京</Site>
  <TimeRule />
  <Red>许银川</Red>
  <RedTeam>广东</RedTeam>
  <RedTime>45分</RedTime>
  <RedRating />
  <Black>吕钦</Black>
  <BlackTeam>广东</BlackTeam>
  <BlackTime>50分</BlackTime>
  <BlackRating />
  <Referee />
  <Recorder />
  <Commentator>评注人</Commentator>
  <CommentatorURL />
  <Creator />
  <CreatorURL />
  <DateCreated />
  <DateModified />
  <ECCO>C00</ECCO>
  <RecordType>1</RecordType>
  <RecordKind />
  <RecordResult>3</RecordResult>
  <ResultType />
  <FEN>rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1</FEN>
 </Head>
 <MoveList>
  <Move value="00-00" />
  <Move value="77-47" />
  <Move value="70-62" />
  <Move value="79-67" />
  <Move value="10-22" end="1" />
 </MoveList>
</ChineseChessRecord>
"#;

#[test]
fn xq_convert_to_cbf_writes_what_reads_back_the_same() {
    let dir = std::env::temp_dir().join(format!("xq-cbf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("match.cbf");
    std::fs::write(&file, MATCH_CBF).unwrap();
    let (code, out, err) = xq(&["convert", "--to", "cbf", &file.to_string_lossy()]);
    assert_eq!(code, 0, "{err}");
    // The format read is said, and nothing else: no warning.
    assert_eq!(err, "xq convert: read as CBF\n");
    let first = open(MATCH_CBF.as_bytes(), &EncodingRs).expect("reads");
    let again = open(out.as_bytes(), &EncodingRs).expect("reads");
    same(&again.games[0], &first.games[0]);
    for (tag, v) in [
        ("RedTime", "45分"),
        ("Annotator", "评注人"),
        ("Result", "1/2-1/2"),
    ] {
        assert_eq!(again.games[0].tag(tag), Some(v), "{tag}");
    }
    // Written twice, the same text.
    std::fs::write(dir.join("out.cbf"), &out).unwrap();
    let (_, twice, _) = xq(&[
        "convert",
        "--to",
        "cbf",
        &dir.join("out.cbf").to_string_lossy(),
    ]);
    assert_eq!(twice, out);
    // A lesson with variations: its main line, and what was left out said.
    std::fs::write(dir.join("lesson.pgn"), LESSON).unwrap();
    let (code, out, err) = xq(&[
        "convert",
        "--to",
        "cbf",
        &dir.join("lesson.pgn").to_string_lossy(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("3 variation(s)"), "{err}");
    let lib = open(out.as_bytes(), &EncodingRs).expect("reads");
    let lesson = tree(LESSON);
    assert_eq!(
        lib.games[0].moves_to(*lib.games[0].main_line().last().unwrap()),
        lesson.moves_to(*lesson.main_line().last().unwrap())
    );
    assert_eq!(lib.games[0].tag("Title"), Some("顺炮与屏风马"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The fixture files: made here, committed, read by the tests below and by cchess outside.
fn fixtures() -> Vec<(&'static str, Vec<u8>)> {
    vec![
        ("lesson.cbr", write_cbr(&tree(LESSON))),
        ("endgame.cbr", write_cbr(&tree(ENDGAME))),
        ("match.cbr", write_cbr(&tree(MATCH))),
        (
            "club.cbl",
            write_cbl("俱乐部", &[tree(LESSON), tree(ENDGAME)]),
        ),
        ("game.cbf", CBF.as_bytes().to_vec()),
        ("match.cbf", MATCH_CBF.as_bytes().to_vec()),
    ]
}

#[test]
#[ignore = "writes tests/data/cbr: cargo test --test archive -- --ignored write_fixtures"]
fn write_fixtures() {
    let dir = data().join("cbr");
    std::fs::create_dir_all(&dir).unwrap();
    for (name, bytes) in fixtures() {
        std::fs::write(dir.join(name), bytes).unwrap();
    }
}

#[test]
fn the_committed_fixtures_are_what_the_writer_makes_and_they_read() {
    for (name, bytes) in fixtures() {
        let file = std::fs::read(data().join("cbr").join(name)).expect(name);
        assert_eq!(file, bytes, "{name}: rerun write_fixtures");
        let lib = open(&file, &EncodingRs).expect(name);
        assert!(lib.stopped.is_none(), "{name}");
    }
}

fn xq(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_xq"))
        .args(args)
        .output()
        .expect("xq runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn xq_convert_recognises_cbr_cbl_and_cbf_by_content() {
    let dir = std::env::temp_dir().join(format!("xq-archive-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (name, bytes) in fixtures() {
        // Named .dat: the content decides, not the name.
        std::fs::write(dir.join(format!("{name}.dat")), bytes).unwrap();
    }
    let path = |n: &str| dir.join(format!("{n}.dat")).to_string_lossy().into_owned();
    let (code, out, err) = xq(&["convert", "--to", "pgn-chinese", &path("lesson.cbr")]);
    assert_eq!(code, 0, "{err}");
    same(&tree(&out), &tree(LESSON));
    // A library: one multi-game PGN, every game in it.
    let (code, out, err) = xq(&["convert", "--to", "pgn-iccs", &path("club.cbl")]);
    assert_eq!(code, 0, "{err}");
    let games: Vec<_> = xiangqi_club::xiangqi::notation::pgn::read_tree_all(&out)
        .into_iter()
        .map(|r| r.expect("reads"))
        .collect();
    assert_eq!(games.len(), 2);
    same(&games[0], &tree(LESSON));
    same(&games[1], &tree(ENDGAME));
    let (code, out, _) = xq(&["convert", "--to", "iccs", &path("game.cbf")]);
    assert_eq!((code, out.as_str()), (0, "h2e2\nh9g7\nh0g2\nb9c7\n"));
    let (code, out, _) = xq(&["convert", "--to", "dhtmlxq", &path("endgame.cbr")]);
    assert_eq!(code, 0);
    assert!(out.contains("[DhtmlXQ_movelist]"), "{out}");
    // Damage: the part read is written, and the fault said.
    let bytes = std::fs::read(path("lesson.cbr")).unwrap();
    std::fs::write(dir.join("cut.cbr"), &bytes[..2214 + 40]).unwrap();
    let (code, out, err) = xq(&[
        "convert",
        "--to",
        "iccs",
        &dir.join("cut.cbr").to_string_lossy(),
    ]);
    assert_eq!(code, 0);
    assert!(out.starts_with("h2e2\n"), "{out}");
    assert!(err.contains("CBR, byte"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn xq_convert_writes_every_game_of_a_pgn_library() {
    let dir = std::env::temp_dir().join(format!("xq-archive-pgn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("two.pgn");
    std::fs::write(&file, format!("{LESSON}\n{ENDGAME}")).unwrap();
    let (code, out, err) = xq(&["convert", "--to", "iccs", &file.to_string_lossy()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "h2e2\nh9g7\nh0g2\ni9h9\ni0h0\nb9c7\n\nd9e9\nd0d8\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
#[ignore = "writes the published games as CBR and CBL files under $TMPDIR/xq-published, for cchess"]
fn write_published_for_cchess() {
    let dir = std::env::temp_dir().join("xq-published");
    std::fs::create_dir_all(&dir).unwrap();
    let games = published();
    for (i, g) in games.iter().enumerate() {
        std::fs::write(dir.join(format!("g{i:03}.cbr")), write_cbr(g)).unwrap();
    }
    std::fs::write(dir.join("all.cbl"), write_cbl("published", &games)).unwrap();
}

#[test]
fn a_dhtmlxq_of_29640_branches_listed_children_first_is_built_in_one_pass() {
    use std::sync::mpsc;
    use std::time::Duration;
    use xiangqi_club::xiangqi::notation::stress::nested_dhtmlxq;
    // The 2 MB file of the benchmark (xq bench files): 29,640 branch tags nesting 14,820 moves
    // deep, the deepest listed first. Building the tree took one scan of the branches left per
    // branch placed: 8-17 s of CPU for this file alone in an optimised build; in one pass both
    // files read in under half a second. The deadline only guards against the quadratic build:
    // speed is the benchmark's (docs/benchmarks.md).
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let read = |children_first| {
            let text = nested_dhtmlxq(29_640, children_first);
            assert!(text.len() <= MAX_GAME_BYTES);
            open(text.as_bytes(), &EncodingRs).expect("reads")
        };
        tx.send((read(true), read(false))).ok();
    });
    let (children_first, in_order) = rx
        .recv_timeout(Duration::from_secs(5))
        .expect("read within 5 s");
    assert_eq!(children_first.format, Format::DhtmlXq);
    assert!(children_first.stopped.is_none());
    let tree = &children_first.games[0];
    assert_eq!(tree.main_line().len(), 14_821);
    assert_eq!(tree.variation_count(), 14_820);
    // The order of the tags changes nothing.
    same(tree, &in_order.games[0]);
}

// ------------------------------------------------------------------ recognising, cuts, messages

/// A PGN whose comment names other formats: the CBF root element, a whole DhtmlXQ block.
const PGN_NAMING_OTHERS: &str = "[Event \"讲座\"]\n[Result \"*\"]\n\n\
{Saved from <ChineseChessRecord Version=\"1.0\"> and [DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]}\n\
1. 炮二平五 马8进7 2. 马二进三 车9平8 *\n";

#[test]
fn a_format_named_in_a_pgn_comment_does_not_take_over() {
    for (text, named) in [
        (PGN_NAMING_OTHERS.to_string(), "both"),
        (
            PGN_NAMING_OTHERS.replace(
                " and [DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]",
                "",
            ),
            "CBF",
        ),
        (
            PGN_NAMING_OTHERS.replace("<ChineseChessRecord Version=\"1.0\">", "a page"),
            "DhtmlXQ",
        ),
    ] {
        assert_eq!(
            Format::detect(text.as_bytes()),
            Some(Format::Pgn),
            "{named}"
        );
        let lib = open(text.as_bytes(), &EncodingRs).expect(named);
        assert_eq!(lib.format, Format::Pgn, "{named}");
        assert!(lib.stopped.is_none(), "{named}: {:?}", lib.stopped);
        assert_eq!(lib.games[0].main_line().len(), 4, "{named}");
    }
    // A CBF quoting PGN and DhtmlXQ in its XML comment is still the CBF.
    let cbf = CBF.replacen(
        "<ChineseChessRecord",
        "<!-- [Event \"x\"] 1. h2e2 [DhtmlXQ][/DhtmlXQ] -->\n<ChineseChessRecord",
        1,
    );
    let lib = open(cbf.as_bytes(), &EncodingRs).expect("the CBF");
    assert_eq!(
        (lib.format, lib.games[0].main_line().len()),
        (Format::Cbf, 4)
    );
}

#[test]
fn xq_convert_reads_a_pgn_naming_other_formats_as_pgn_and_says_so() {
    let dir = std::env::temp_dir().join(format!("xq-named-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("named.pgn");
    std::fs::write(&file, PGN_NAMING_OTHERS).unwrap();
    let (code, out, err) = xq(&["convert", "--to", "iccs", &file.to_string_lossy()]);
    assert_eq!(
        (code, out.as_str()),
        (0, "h2e2\nh9g7\nh0g2\ni9h9\n"),
        "{err}"
    );
    assert_eq!(err, "xq convert: read as PGN\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Every cut of `bytes` short of its end reads as the whole file did, or says it is cut (or
/// damaged): never fewer moves or games in silence. `from` skips cuts the format cannot tell.
fn every_cut_is_said(name: &str, bytes: &[u8], from: usize) {
    let whole = open(bytes, &EncodingRs).expect(name);
    assert!(whole.stopped.is_none(), "{name}: {:?}", whole.stopped);
    let mut said = 0;
    for k in from..bytes.len() {
        match open(&bytes[..k], &EncodingRs) {
            Err(e) => {
                assert!(!e.say(Lang::En).is_empty() && !e.say(Lang::Zh).is_empty());
                said += 1;
            }
            Ok(lib) if lib.stopped.is_some() => said += 1,
            Ok(lib) => {
                assert_eq!(lib.games.len(), whole.games.len(), "{name} cut at {k}");
                for (a, b) in lib.games.iter().zip(&whole.games) {
                    if let Some(d) = a.first_difference(b) {
                        panic!(
                            "{name} cut at {k} of {} reads without a word: {d}",
                            bytes.len()
                        );
                    }
                }
            }
        }
    }
    assert!(said > 0, "{name}");
}

#[test]
fn a_cut_cbf_says_so_at_every_offset() {
    let cut = &CBF.as_bytes()[..544];
    let lib = open(cut, &EncodingRs).expect("the part read");
    let e = lib.stopped.expect("said");
    assert_eq!(damage(&e).0, Format::Cbf);
    assert!(e.say(Lang::En).contains("the file ends too soon"), "{e}");
    assert!(
        e.say(Lang::Zh).contains("文件提前结束"),
        "{}",
        e.say(Lang::Zh)
    );
    every_cut_is_said("game.cbf", CBF.as_bytes(), 0);
    every_cut_is_said("match.cbf", MATCH_CBF.as_bytes(), 0);
}

#[test]
fn a_cut_dhtmlxq_says_so_at_every_offset() {
    use xiangqi_club::xiangqi::notation::dhtmlxq::write_dhtmlxq;
    let study = write_dhtmlxq(&tree(LESSON));
    let lib = open(&study.as_bytes()[..200], &EncodingRs).expect("the part read");
    let e = lib.stopped.expect("said");
    assert!(e.say(Lang::En).contains("the text ends too soon"), "{e}");
    assert!(e.say(Lang::Zh).contains("文本提前结束"));
    // The moves before the cut are kept.
    let at = study.find("[DhtmlXQ_move_").unwrap();
    let lib = open(&study.as_bytes()[..at + 5], &EncodingRs).expect("the part read");
    assert_eq!(lib.games[0].main_line().len(), 6);
    assert!(lib.stopped.is_some());
    every_cut_is_said("lesson DhtmlXQ", study.as_bytes(), 0);
}

#[test]
fn a_cut_cbr_or_cbl_says_so_at_every_offset() {
    for (name, bytes) in [
        ("lesson.cbr", write_cbr(&tree(LESSON))),
        ("endgame.cbr", write_cbr(&tree(ENDGAME))),
        ("lesson v1", write_cbr_v1(&tree(LESSON))),
        (
            "a position",
            write_cbr(&GameTree::new(tree(ENDGAME).start().clone())),
        ),
    ] {
        for k in 2214..2220.min(bytes.len()) {
            let e = open(&bytes[..k], &EncodingRs).map_or_else(Some, |l| l.stopped);
            let e = e.unwrap_or_else(|| panic!("{name} cut at {k}: nothing said"));
            assert!(e.say(Lang::En).contains("the file ends too soon"), "{e}");
        }
        every_cut_is_said(name, &bytes, 0);
    }
    // A library cut inside its last game's record.
    let games = vec![tree(LESSON), tree(ENDGAME)];
    let cbl = write_cbl("x", &games);
    let last = 101_952 + 4096;
    // (A cut on a block's edge leaves whole records: nothing tells it from a shorter library.)
    every_cut_is_said(
        "club.cbl",
        &cbl[..last + write_cbr(&games[1]).len()],
        last + 1,
    );
    let e = open(&cbl[..50_000], &EncodingRs).unwrap_err();
    assert_eq!(damage(&e), (Format::Cbl, 50_000));
}

#[test]
fn an_unread_file_says_each_format_tried_and_why() {
    let utf16: Vec<u8> = [0xFF, 0xFE]
        .into_iter()
        .chain(LESSON.encode_utf16().flat_map(u16::to_le_bytes))
        .collect();
    let lib = open(&utf16, &EncodingRs).expect("UTF-16 reads");
    same(&lib.games[0], &tree(LESSON));
    let e = open(&[], &EncodingRs).unwrap_err();
    assert!(
        e.say(Lang::En).contains("the file is empty (0 bytes)"),
        "{e}"
    );
    let e = open(&[0xFF; 100], &EncodingRs).unwrap_err();
    for f in Format::ALL {
        let (en, zh) = (e.say(Lang::En), e.say(Lang::Zh));
        assert!(
            en.contains(&format!("{}, byte 0: not {}", f.name(), f.name())),
            "{en}"
        );
        assert!(zh.contains(&format!("{}，第 0 字节", f.name())), "{zh}");
    }
    let dir = std::env::temp_dir().join(format!("xq-unread-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("ff.bin");
    std::fs::write(&file, [0xFF; 100]).unwrap();
    let (code, out, err) = xq(&["convert", "--to", "iccs", &file.to_string_lossy()]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(
        err.contains("PGN, byte 0: not PGN; expected a tag pair"),
        "{err}"
    );
    assert!(err.contains("CBF, byte 0: not CBF"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_pgn_move_error_names_its_line_and_column() {
    let text = "[Event \"x\"]\n\n1. 炮二平五 马8进7\n2. 马二进三   车1进9 *\n";
    let lib = open(text.as_bytes(), &EncodingRs).expect("the part read");
    assert_eq!(lib.games[0].main_line().len(), 3);
    let e = lib.stopped.expect("said");
    assert!(
        e.say(Lang::En)
            .contains("line 4, column 11: stopped at move 2..."),
        "{e}"
    );
    assert!(
        e.say(Lang::Zh).contains("第 4 行第 11 列"),
        "{}",
        e.say(Lang::Zh)
    );
    let e = xiangqi_club::xiangqi::notation::pgn::read_pgn(text).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("line 4, column 11: stopped at move 2... (Black, ply 4)"),
        "{e}"
    );
    assert!(
        e.say(Lang::Zh).starts_with("第 4 行第 11 列："),
        "{}",
        e.say(Lang::Zh)
    );
}
