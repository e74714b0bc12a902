//! The 230 published game records of tests/data/games (see its README): every move of every record
//! resolves to the verified move, our writer agrees with the archives' own notation (tandem markers
//! included), every game converts to every format and reads back, and the original files (UTF-8,
//! GBK, Big5) import.

// Reads files from disk and decodes with the native tables (encoding_rs): not a wasm32 test.
#![cfg(not(target_arch = "wasm32"))]

use std::path::{Path, PathBuf};
use xiangqi_club::rng::Rng;
use xiangqi_club::text::{EncodingRs, TextEncoding};
use xiangqi_club::xiangqi::notation::decode::{decode, decode_with};
use xiangqi_club::xiangqi::notation::dhtmlxq::{read_dhtmlxq, write_dhtmlxq};
use xiangqi_club::xiangqi::notation::pgn::{
    read_pgn, read_pgn_all, read_tree, read_tree_all, write_move_list, write_pgn, write_tree,
    PgnErrorKind,
};
use xiangqi_club::xiangqi::notation::record::PgnGame;
use xiangqi_club::xiangqi::notation::{chinese, read, read_as, Notation};
use xiangqi_club::xiangqi::{Move, Position};

struct Record {
    id: String,
    source: String,
    start_fen: String,
    chinese: Vec<String>,
    iccs: Vec<Move>,
    wxf: Option<Vec<String>>,
    final_fen: String,
    nonstandard: bool,
    encoding: String,
}

fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/games")
}

fn records() -> Vec<Record> {
    let text = std::fs::read_to_string(data().join("games.jsonl")).expect("games.jsonl");
    text.lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("json");
            let strs = |k: &str| -> Option<Vec<String>> {
                v[k].as_array().map(|a| {
                    a.iter()
                        .map(|s| s.as_str().unwrap_or_default().to_string())
                        .collect()
                })
            };
            Record {
                id: v["id"].as_str().unwrap_or_default().into(),
                source: v["source"].as_str().unwrap_or_default().into(),
                start_fen: v["start_fen"].as_str().unwrap_or_default().into(),
                chinese: strs("moves_chinese").unwrap_or_default(),
                iccs: strs("moves_iccs")
                    .unwrap_or_default()
                    .iter()
                    .map(|s| Move::from_iccs(s).expect("iccs"))
                    .collect(),
                wxf: strs("moves_wxf"),
                final_fen: v["final_fen"].as_str().unwrap_or_default().into(),
                nonstandard: v
                    .get("nonstandard_notation")
                    .is_some_and(|x| !x.is_null() && x != &serde_json::Value::Bool(false)),
                encoding: v["encoding"].as_str().unwrap_or_default().into(),
            }
        })
        .collect()
}

fn board_and_side(fen: &str) -> String {
    fen.split_whitespace().take(2).collect::<Vec<_>>().join(" ")
}

fn game_of(r: &Record) -> PgnGame {
    let mut g = PgnGame::new(Position::from_fen(&r.start_fen).expect("start fen"));
    for &m in &r.iccs {
        g.push(m).expect("legal");
    }
    g
}

#[test]
fn all_230_records_resolve_move_by_move() {
    let recs = records();
    assert_eq!(recs.len(), 230);
    let mut plies = 0;
    for r in &recs {
        let mut pos = Position::from_fen(&r.start_fen).expect("start fen");
        assert_eq!(r.chinese.len(), r.iccs.len(), "{}", r.id);
        for (i, (text, &m)) in r.chinese.iter().zip(&r.iccs).enumerate() {
            assert_eq!(read(&pos, text), Ok(m), "{} ply {} `{text}`", r.id, i + 1);
            if let Some(w) = &r.wxf {
                assert_eq!(
                    read_as(&pos, &w[i], Notation::Wxf),
                    Ok(m),
                    "{} wxf {}",
                    r.id,
                    w[i]
                );
            }
            pos.play(m).expect("legal");
            plies += 1;
        }
        assert_eq!(
            board_and_side(&pos.fen()),
            board_and_side(&r.final_fen),
            "{}",
            r.id
        );
    }
    assert_eq!(plies, 16382);
}

/// Folds script and digit style so our simplified output compares with any archive's spelling.
fn fold(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            '車' | '俥' => '车',
            '馬' | '傌' => '马',
            '砲' => '炮',
            '帥' => '帅',
            '將' => '将',
            '進' => '进',
            '後' => '后',
            '士' => '仕',
            '象' => '相',
            '1'..='9' => char::from_u32(c as u32 - '1' as u32 + '１' as u32).unwrap_or(c),
            _ => c,
        })
        .collect()
}

#[test]
fn writer_agrees_with_the_archives_including_tandem_markers() {
    // Tandem markers follow the position (XQWizard's usage), so our text equals the source's for
    // every ply except the records flagged `nonstandard_notation` (marker omitted in the source).
    let mut differences = Vec::new();
    let mut tandem_plies = 0;
    for r in records() {
        let mut pos = Position::from_fen(&r.start_fen).expect("start fen");
        for (text, &m) in r.chinese.iter().zip(&r.iccs) {
            let ours = chinese::write(&pos, m);
            if ours.starts_with(['前', '中', '后', '一', '二', '三', '四', '五']) {
                tandem_plies += 1;
            }
            if fold(&ours) != fold(text) {
                differences.push(format!("{} `{text}` vs ours `{ours}`", r.id));
                assert!(r.nonstandard, "{} `{text}` but we write `{ours}`", r.id);
            }
            pos.play(m).expect("legal");
        }
    }
    // g184 g186 g198 g199 g203 g210: the source omits 前/后 where only one piece can move so.
    assert_eq!(differences.len(), 10, "{differences:#?}");
    // The README counts 229 marked plies in the sources; we add the 10 the sources left out.
    assert_eq!(tandem_plies, 229 + 10, "{tandem_plies}");
}

#[test]
fn every_record_converts_to_every_format_and_reads_back() {
    for r in records() {
        let mut g = game_of(&r);
        g.set_tag("Event", "round trip");
        for n in [
            Notation::Chinese,
            Notation::ChineseShort,
            Notation::Wxf,
            Notation::Iccs,
        ] {
            let pgn = write_pgn(&g, n);
            let back = read_pgn(&pgn).unwrap_or_else(|e| panic!("{} {n:?}: {e}", r.id));
            assert_eq!(back.moves(), g.moves(), "{} {n:?}", r.id);
            assert_eq!(back.start(), g.start(), "{} {n:?}", r.id);
            assert_eq!(back.tag("Event"), Some("round trip"));
            let list = write_move_list(&g, n);
            let bare = read_pgn(&format!("[FEN \"{}\"]\n{list}", g.start().fen()))
                .unwrap_or_else(|e| panic!("{} {n:?} list: {e}", r.id));
            assert_eq!(bare.moves(), g.moves(), "{} {n:?} list", r.id);
        }
    }
}

/// The original file of a record, and which game in it (`#k`), when it is a game file we read.
fn raw_file(r: &Record) -> Option<(PathBuf, usize)> {
    let (repo, path) = r.source.split_once(':')?;
    let repo = repo.replace('/', "+");
    let root = data().join("raw").join(repo);
    if let Some((archive, member)) = path.split_once('!') {
        return Some((root.join(format!("{archive}.extracted")).join(member), 0));
    }
    if let Some((file, line)) = path.split_once("#L") {
        // String literals cut out of test code; the PGN ones are whole games.
        let p = root.join(format!("{file}.L{line}.pgn"));
        return p.exists().then_some((p, 0));
    }
    if let Some((file, k)) = path.split_once('#') {
        return Some((root.join(file), k.parse().ok()?));
    }
    Some((root.join(path), 0))
}

#[test]
fn original_files_import_in_their_encodings() {
    let mut imported = 0;
    let mut by_encoding = std::collections::BTreeMap::new();
    for r in records() {
        let Some((path, k)) = raw_file(&r) else {
            continue;
        };
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let (text, enc) = decode(&bytes);
        let expected = match r.encoding.as_str() {
            "gb18030" => TextEncoding::Gbk,
            "big5hkscs" => TextEncoding::Big5,
            _ => TextEncoding::Utf8,
        };
        assert_eq!(enc, expected, "{} {}", r.id, path.display());
        let games = read_pgn_all(&text);
        let g = match games.into_iter().nth(k) {
            Some(Ok(g)) => g,
            Some(Err(e)) => panic!("{} {}: {e}", r.id, path.display()),
            None => panic!("{} {}: no game #{k}", r.id, path.display()),
        };
        assert_eq!(g.moves(), r.iccs.as_slice(), "{} {}", r.id, path.display());
        assert_eq!(
            g.start().fen(),
            Position::from_fen(&r.start_fen).unwrap().fen(),
            "{}",
            r.id
        );
        *by_encoding.entry(format!("{enc:?}")).or_insert(0) += 1;
        imported += 1;
    }
    // All but the 27 C# string literals (several notations of one game per literal).
    assert!(imported >= 200, "{imported} {by_encoding:?}");
    assert!(
        by_encoding.get("Big5").copied().unwrap_or(0) >= 52,
        "{by_encoding:?}"
    );
}

/// Every original file opens as a tree whose main line is the verified game, and the tree (with
/// the archives' variations and comments) writes and reads back the same in every notation.
#[test]
fn original_files_open_as_trees_and_round_trip() {
    let (mut files, mut with_variations, mut variations) = (0, 0, 0);
    for r in records() {
        let Some((path, k)) = raw_file(&r) else {
            continue;
        };
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let (text, _) = decode(&bytes);
        let tree = match read_tree_all(&text).into_iter().nth(k) {
            Some(Ok(t)) => t,
            Some(Err(e)) => panic!("{} {}: {e}", r.id, path.display()),
            None => panic!("{} {}: no game #{k}", r.id, path.display()),
        };
        let main: Vec<Move> = tree
            .main_line()
            .iter()
            .filter_map(|&i| tree.node(i)?.mv())
            .collect();
        assert_eq!(main, r.iccs, "{} {}", r.id, path.display());
        for n in [Notation::Chinese, Notation::Wxf, Notation::Iccs] {
            let out = write_tree(&tree, n);
            let back = read_tree(&out).unwrap_or_else(|e| panic!("{} {n:?}: {e}\n{out}", r.id));
            assert_eq!(back.first_difference(&tree), None, "{} {n:?}", r.id);
        }
        // And through DhtmlXQ (which has no move numbers, NAGs or comments before a move).
        let ubb = write_dhtmlxq(&tree);
        let back = read_dhtmlxq(&ubb).unwrap_or_else(|e| panic!("{} dhtmlxq: {e}\n{ubb}", r.id));
        assert_eq!(write_dhtmlxq(&back), ubb, "{}", r.id);
        assert_eq!(back.main_line().len(), tree.main_line().len(), "{}", r.id);
        assert_eq!(back.variation_count(), tree.variation_count(), "{}", r.id);
        assert_eq!(back.comment_count(), tree.comment_count(), "{}", r.id);
        files += 1;
        if tree.variation_count() > 0 {
            with_variations += 1;
            variations += tree.variation_count();
        }
    }
    eprintln!("{files} files, {with_variations} with {variations} variations");
    assert!(files >= 200, "{files}");
    // The annotated 五羊杯 files (XQWizard's layout) and others carry variations.
    assert_eq!((with_variations, variations), (14, 67));
}

#[test]
fn wxf_sources_import_as_files_too() {
    let path = data().join("raw/maksimKorzh+wukong-xiangqi/xqdb/games_pgn/xqdb_international.pgn");
    let text = std::fs::read_to_string(path).expect("file");
    let games = read_pgn_all(&text);
    let recs = records();
    let mut checked = 0;
    for (k, g) in games.iter().enumerate() {
        let g = g.as_ref().unwrap_or_else(|e| panic!("game {k}: {e}"));
        let source = format!("maksimKorzh/wukong-xiangqi:xqdb/games_pgn/xqdb_traditional.pgn#{k}");
        if let Some(r) = recs.iter().find(|r| r.source == source) {
            assert_eq!(g.moves(), r.iccs.as_slice(), "{source}");
            checked += 1;
        }
    }
    assert_eq!(checked, 15);
}

#[test]
fn cli_converts_files_and_reports_bad_input() {
    use std::process::{Command, Stdio};
    let xq = env!("CARGO_BIN_EXE_xq");
    let file = data()
        .join("raw/liangqi+xqwizard/XQWIZARD/橘中秘(繁体)/1.得先/1-04.顺炮横车破直车用马.PGN");
    let out = Command::new(xq)
        .args(["convert", "--to", "iccs"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(out.status.success());
    let iccs = String::from_utf8(out.stdout).unwrap();
    assert_eq!(iccs.lines().next(), Some("h2e2"));
    for to in ["chinese", "wxf", "pgn-chinese", "pgn-wxf", "pgn-iccs"] {
        let out = Command::new(xq)
            .args(["convert", "--to", to])
            .arg(&file)
            .output()
            .unwrap();
        assert!(out.status.success(), "{to}");
        // Converting the output back to ICCS gives the same moves.
        let mut child = Command::new(xq)
            .args(["convert", "--to", "iccs"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        use std::io::Write;
        child.stdin.take().unwrap().write_all(&out.stdout).unwrap();
        let back = child.wait_with_output().unwrap();
        assert_eq!(String::from_utf8(back.stdout).unwrap(), iccs, "{to}");
    }
    let mut bad = Command::new(xq)
        .args(["convert", "--to", "wxf"])
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    bad.stdin
        .take()
        .unwrap()
        .write_all("1. 炮二平五 马８进７ 2. 马二进三 马８进７".as_bytes())
        .unwrap();
    let out = bad.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("move 2") && err.contains("no such piece"),
        "{err}"
    );
    let usage = Command::new(xq)
        .args(["convert", "--to", "png"])
        .output()
        .unwrap();
    assert_eq!(usage.status.code(), Some(2));
}

#[test]
fn cli_keeps_variations_and_comments_unless_main_line_is_asked() {
    use std::process::Command;
    let xq = env!("CARGO_BIN_EXE_xq");
    let file = data().join(
        "raw/hbsxcjp+cchess_c/chessManual/示例文件.pgn_zh/第21届五羊杯赛对局选（评注版）/3、第一轮 柳大华　红先和 吕钦 2001.1.pgn_zh",
    );
    let tree = read_tree(&decode(&std::fs::read(&file).unwrap()).0).unwrap();
    assert!(tree.variation_count() > 0 && tree.comment_count() > 0);
    for (to, n) in [
        ("pgn-chinese", Notation::Chinese),
        ("pgn-wxf", Notation::Wxf),
        ("pgn-iccs", Notation::Iccs),
    ] {
        let run = |extra: &[&str]| {
            let out = Command::new(xq)
                .args(["convert", "--to", to])
                .args(extra)
                .arg(&file)
                .output()
                .unwrap();
            assert!(out.status.success(), "{to}");
            String::from_utf8(out.stdout).unwrap()
        };
        let whole = read_tree(&run(&[])).unwrap();
        assert_eq!(whole.first_difference(&tree), None, "{to}");
        let main = run(&["--main-line"]);
        assert!(!main.contains('('), "{main}");
        assert_eq!(main, write_pgn(&tree.main_line_game(), n));
    }
    // To DhtmlXQ and back: the input's format is recognised by its content.
    let ubb = Command::new(xq)
        .args(["convert", "--to", "dhtmlxq"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(ubb.status.success());
    let mut child = Command::new(xq)
        .args(["convert", "--to", "pgn-iccs"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child.stdin.take().unwrap().write_all(&ubb.stdout).unwrap();
    let back =
        read_tree(&String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap()).unwrap();
    assert_eq!(back.main_line().len(), tree.main_line().len());
    assert_eq!(back.variation_count(), tree.variation_count());
    assert_eq!(back.comment_count(), tree.comment_count());
}

// --- damaged UTF-8 (one stray byte used to turn the file into GBK mojibake) ----------

/// Byte offsets where a character starts (a stray byte inserted there damages nothing else).
fn char_starts(bytes: &[u8]) -> Vec<usize> {
    (0..=bytes.len())
        .filter(|&i| i == bytes.len() || (bytes[i] & 0xC0) != 0x80)
        .collect()
}

/// Reads game `k` of damaged UTF-8 `bytes`: the moves read, whether it read to the end, and the
/// decoding (it must be UTF-8 with the damage named).
fn read_damaged(bytes: &[u8], k: usize, id: &str) -> (Vec<Move>, bool, usize) {
    let d = decode_with(bytes, &EncodingRs);
    assert_eq!(d.encoding, TextEncoding::Utf8, "{id}");
    let w = d.warning().unwrap_or_else(|| panic!("{id}: no warning"));
    assert!(w.to_string().contains("line "), "{id}: {w}");
    let first = d.damage[0].byte.expect("UTF-8 damage has a byte offset");
    match read_pgn_all(&d.text).into_iter().nth(k) {
        Some(Ok(g)) => (g.moves().to_vec(), true, first),
        Some(Err(e)) => {
            assert_ne!(e.kind, PgnErrorKind::Empty, "{id}");
            (e.partial.moves().to_vec(), false, first)
        }
        None => panic!("{id}: no game #{k}"),
    }
}

/// Every game as its own UTF-8 PGN, and every original UTF-8 file: (id, bytes, game index, moves).
fn utf8_files() -> Vec<(String, Vec<u8>, usize, Vec<Move>)> {
    let mut files = Vec::new();
    for r in records() {
        let g = game_of(&r);
        files.push((
            r.id.clone(),
            write_pgn(&g, Notation::Chinese).into_bytes(),
            0,
            r.iccs.clone(),
        ));
        if r.encoding != "gb18030" && r.encoding != "big5hkscs" {
            if let Some((path, k)) = raw_file(&r) {
                let bytes = std::fs::read(&path).expect("raw file");
                files.push((
                    format!("{} {}", r.id, path.display()),
                    bytes,
                    k,
                    r.iccs.clone(),
                ));
            }
        }
    }
    files
}

#[test]
fn a_stray_byte_in_utf8_loses_no_move() {
    let mut rng = Rng::new(12);
    let files = utf8_files();
    assert!(files.len() >= 230 + 19, "{}", files.len());
    for (id, bytes, k, moves) in &files {
        let starts = char_starts(bytes);
        // At a seeded place, and right where the first move starts.
        let first_move = bytes.windows(2).position(|w| w == b"1.").unwrap_or(0);
        for at in [starts[rng.below(starts.len())], first_move] {
            let mut damaged = bytes.clone();
            damaged.insert(at, 0xFF);
            let (read, whole, byte) = read_damaged(&damaged, *k, id);
            assert_eq!(byte, at, "{id}");
            assert!(whole, "{id}: stray byte at {at} stopped the reading");
            assert_eq!(&read, moves, "{id}: stray byte at {at}");
        }
    }
}

#[test]
fn utf8_cut_mid_character_keeps_the_moves_before_the_cut() {
    for (id, bytes, k, moves) in &utf8_files() {
        // Cut inside the last multi-byte character (a move, a comment or a name).
        let Some(lead) = bytes.iter().rposition(|&b| b >= 0xC0) else {
            continue;
        };
        let cut = &bytes[..lead + 1];
        let (read, _, _) = read_damaged(cut, *k, id);
        assert!(moves.starts_with(&read), "{id}: {read:?}");
        // Our own PGN ends with a Chinese move then the result: only the cut move is lost.
        if !id.contains(' ') {
            assert!(
                read.len() + 1 >= moves.len(),
                "{id}: {} of {}",
                read.len(),
                moves.len()
            );
        }
    }
}

/// Runs `xq convert --to iccs` on `input` (stdin): exit code, stdout, stderr.
fn convert_iccs(input: &[u8]) -> (Option<i32>, String, String) {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_xq"))
        .args(["convert", "--to", "iccs"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    let out = child.wait_with_output().unwrap();
    let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
    (out.status.code(), text(out.stdout), text(out.stderr))
}

#[test]
fn cli_reads_damaged_utf8_with_a_warning_and_refuses_zero_moves() {
    let mut damaged = "[Event \"e\"]\n1. 炮二平五 马８进７\n2. 马二进"
        .as_bytes()
        .to_vec();
    damaged.insert(15, 0xFF);
    damaged.extend("三 车９平８\n*\n".as_bytes());
    let (code, out, err) = convert_iccs(&damaged);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out, "h2e2\nh9g7\nh0g2\ni9h9\n");
    assert!(
        err.contains("warning") && err.contains("line 2 (byte 15)"),
        "{err}"
    );
    // Move text whose moves cannot be read (here UTF-8 seen as GBK): an error, not 0 moves.
    let (mojibake, _, _) = encoding_rs::GB18030.decode("1. 炮二平五 马８进７\n".as_bytes());
    let (code, out, err) = convert_iccs(mojibake.as_bytes());
    assert_eq!(code, Some(1), "{out}");
    assert!(err.contains("no move could be read"), "{err}");
}
