//! `xq puzzles` end to end: a PGN file through the default engine (`xq uci`) into JSONL, then
//! `xq puzzles pack` into shards the trainer reads.

use std::process::Command;
use xiangqi_club::train::puzzle::{Puzzle, Theme};
use xiangqi_club::train::shard::{Index, Shard};

fn xq(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_xq"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// 高鄭生 v 呂欽, 1981 (Chinese Chess Practical Dataset, CC BY 4.0), from move 47: after Red's
/// 相 g0e2 Black mates in 3; here Black plays a pawn move instead.
const GAME: &str = r#"[Event "1981年全國象棋團體賽"]
[Red "高鄭生"]
[Black "呂欽"]
[Date "1981.05.08"]
[Result "0-1"]
[FEN "4kab2/4a4/4b4/p2P4p/9/9/P4R3/2r5B/4p4/2NK2B2 w - - 7 47"]

47. g0e2 a6a5 0-1
"#;

#[test]
fn cuts_a_missed_mate_from_a_pgn_file_and_packs_it() {
    let dir = std::env::temp_dir().join(format!("xq-train-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("game.pgn");
    std::fs::write(&pgn, GAME).unwrap();
    let jsonl = dir.join("p.jsonl");
    let _ = std::fs::remove_file(&jsonl);
    let (code, out, err) = xq(&[
        "puzzles",
        "--go",
        "depth 8",
        "--scan",
        "depth 5",
        "--out",
        jsonl.to_str().unwrap(),
        pgn.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("1 games") && out.contains("1 puzzles kept"),
        "{out}"
    );
    let text = std::fs::read_to_string(&jsonl).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 1, "{text}");
    let p = Puzzle::from_json(lines[0]).unwrap();
    assert!(p.themes.contains(&Theme::MateIn(3)), "{:?}", p.themes);
    assert_eq!(
        (p.source.red.as_str(), p.source.black.as_str()),
        ("高鄭生", "呂欽")
    );
    assert_eq!(p.source.event, "1981年全國象棋團體賽");
    assert_eq!(p.source.move_number, 47);

    let shards = dir.join("out");
    let (code, out, err) = xq(&[
        "puzzles",
        "pack",
        "--out",
        shards.to_str().unwrap(),
        jsonl.to_str().unwrap(),
        jsonl.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("1 duplicates dropped, 1 kept in 1 shards"),
        "{out}"
    );
    let index = Index::parse(&std::fs::read_to_string(shards.join("index.json")).unwrap()).unwrap();
    assert_eq!(index.count, 1);
    assert_eq!(index.credit.licence, "CC BY 4.0");
    let file = &index.shards[0].file;
    let shard = Shard::parse(&std::fs::read_to_string(shards.join(file)).unwrap()).unwrap();
    assert_eq!(shard.puzzles[0].id, p.id);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A shipped puzzle as the set cut with only the engine's second line had it (甘立民 v 梁俊生,
/// 1974, Chinese Chess Practical Dataset, CC BY 4.0): Red's chariot on f8 uncovers the cannons'
/// double check from any square of its file, and only f8f9 was recorded beside f8f6.
const ONE_ALTERNATIVE: &str = r#"{"id":"0bevbjx6","fen":"2b2a1C1/1N1kaRC2/2n1b4/4p3p/3n2P2/2p6/P3P3P/4B1N2/3rA4/1cBAK4 b - - 4 36","moves":["c4b4","f8f6","e8d9","h9h8"],"themes":["mate_in_2","double_cannon","discovered_attack"],"alternatives":[{"ply":1,"move":"f8f9"}],"rating":1250.0,"deviation":250.0,"source":{"collection":"games","game":"00002219","event":"1974年全國棋賽 第119局 馬回頭徒勞無益","red":"甘立民","black":"梁俊生","move_number":37}}"#;

#[test]
fn recheck_adds_every_equally_fast_mate_to_a_packed_puzzle() {
    let dir = std::env::temp_dir().join(format!("xq-train-recheck-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let jsonl = dir.join("old.jsonl");
    std::fs::write(&jsonl, format!("{ONE_ALTERNATIVE}\n")).unwrap();
    let shards = dir.join("old");
    let (code, out, err) = xq(&[
        "puzzles",
        "pack",
        "--out",
        shards.to_str().unwrap(),
        jsonl.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}{err}");
    // The shard as shipped is read back, checked and written as JSONL.
    let again = dir.join("new.jsonl");
    let (code, out, err) = xq(&[
        "puzzles",
        "recheck",
        "--go",
        "depth 6",
        "--out",
        again.to_str().unwrap(),
        shards.join("games-000.json").to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("1 puzzles read (0 unreadable), 1 with an alternative checked, 7 alternatives added to 1"), "{out}");
    let text = std::fs::read_to_string(&again).unwrap();
    let old = Puzzle::from_json(ONE_ALTERNATIVE).unwrap();
    let new = Puzzle::from_json(text.trim()).unwrap();
    let mut files: Vec<String> = new.alternatives.iter().map(|a| a.mv.to_string()).collect();
    files.sort();
    assert_eq!(
        files,
        ["f8f0", "f8f1", "f8f2", "f8f3", "f8f4", "f8f5", "f8f7", "f8f9"],
        "every chariot move along the f-file mates in 2"
    );
    assert!(new.alternatives.iter().all(|a| a.ply == 1));
    assert_eq!(
        (&new.id, new.rating, &new.moves),
        (&old.id, old.rating, &old.moves)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_arguments_are_usage_errors() {
    let (code, _, err) = xq(&["puzzles", "--go", "fast", "--out", "x.jsonl", "g.pgn"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--go"), "{err}");
    let (code, _, err) = xq(&["puzzles", "--collection", "studies", "--out", "x", "g"]);
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = xq(&["puzzles", "pack", "p.jsonl"]);
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = xq(&["puzzles", "recheck", "p.jsonl"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--out FILE.jsonl"), "{err}");
    let (code, _, err) = xq(&["puzzles", "recheck", "--go", "fast", "--out", "x", "p"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--go"), "{err}");
}
