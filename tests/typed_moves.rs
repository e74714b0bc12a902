//! The move box's reader over every move of the 230 published games of tests/data/games: each
//! ply typed in Chinese (the archive's own text, our full and short forms, traditional script with
//! full-width digits), in WXF and in ICCS (also `H2-E2`) reads back as the recorded move, and
//! completion of each text offers that move.

#![cfg(not(target_arch = "wasm32"))]

use std::path::Path;
use xiangqi_club::xiangqi::notation::typed::{complete, read};
use xiangqi_club::xiangqi::notation::{chinese, iccs, wxf, Notation};
use xiangqi_club::xiangqi::{Move, Position};

struct Record {
    id: String,
    start_fen: String,
    chinese: Vec<String>,
    iccs: Vec<Move>,
}

fn records() -> Vec<Record> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/games/games.jsonl");
    let text = std::fs::read_to_string(path).expect("games.jsonl");
    text.lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("json");
            let strs = |k: &str| -> Vec<String> {
                v[k].as_array()
                    .map(|a| {
                        a.iter()
                            .map(|s| s.as_str().unwrap_or_default().to_string())
                            .collect()
                    })
                    .unwrap_or_default()
            };
            Record {
                id: v["id"].as_str().unwrap_or_default().into(),
                start_fen: v["start_fen"].as_str().unwrap_or_default().into(),
                chinese: strs("moves_chinese"),
                iccs: strs("moves_iccs")
                    .iter()
                    .map(|s| Move::from_iccs(s).expect("iccs"))
                    .collect(),
            }
        })
        .collect()
}

/// Our simplified text as a player of traditional script types it, digits full-width.
fn traditional(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            '车' => '車',
            '马' => '馬',
            '炮' => '砲',
            '进' => '進',
            '后' => '後',
            '1'..='9' => char::from_u32(c as u32 - '1' as u32 + '１' as u32).unwrap_or(c),
            _ => c,
        })
        .collect()
}

#[test]
fn every_ply_of_the_test_games_reads_in_all_three_notations() {
    let recs = records();
    assert_eq!(recs.len(), 230);
    let mut plies = 0;
    for r in &recs {
        let mut pos = Position::from_fen(&r.start_fen).expect("start fen");
        for (i, (archive, &m)) in r.chinese.iter().zip(&r.iccs).enumerate() {
            let full = chinese::write(&pos, m);
            let w = wxf::write(&pos, m);
            let c = iccs::write(m);
            let dashed = format!("{}-{}", &c[..2], &c[2..]).to_uppercase();
            for text in [
                archive.clone(),
                full.clone(),
                chinese::write_short(&pos, m),
                traditional(&full),
                w.clone(),
                w.to_lowercase(),
                c.clone(),
                dashed,
            ] {
                assert_eq!(read(&pos, &text), Ok(m), "{} ply {} `{text}`", r.id, i + 1);
            }
            for (text, n) in [
                (&full, Notation::Chinese),
                (&w, Notation::Wxf),
                (&c, Notation::Iccs),
            ] {
                let offered = complete(&pos, text, n);
                assert!(
                    offered.iter().any(|o| o.mv == m && &o.text == text),
                    "{} ply {} `{text}`: {offered:?}",
                    r.id,
                    i + 1
                );
                // Half of the text typed still offers the move.
                let half: String = text.chars().take(text.chars().count() / 2).collect();
                assert!(
                    complete(&pos, &half, n).iter().any(|o| o.mv == m),
                    "{} `{half}`",
                    r.id
                );
            }
            pos.play(m).expect("legal");
            plies += 1;
        }
    }
    assert_eq!(plies, 16382);
}
