//! Opening names against the published games of tests/data/games (see its README) that carry an
//! `Opening` header: how often the family (and, where both name one, Black's answer) agrees.
#![cfg(not(target_arch = "wasm32"))]

use std::path::Path;
use xiangqi_club::lang::Lang;
use xiangqi_club::xiangqi::opening::{opening_of, Answer, Family};
use xiangqi_club::xiangqi::{Move, Position};

/// Traditional characters of the headers, simplified, so that one table reads both.
fn simplified(s: &str) -> String {
    const T: &[(char, char)] = &[
        ('飛', '飞'),
        ('對', '对'),
        ('馬', '马'),
        ('順', '顺'),
        ('車', '车'),
        ('橫', '横'),
        ('過', '过'),
        ('邊', '边'),
        ('單', '单'),
        ('風', '风'),
        ('進', '进'),
        ('兌', '兑'),
        ('緩', '缓'),
        ('開', '开'),
        ('宮', '宫'),
        ('當', '当'),
        ('頭', '头'),
        ('兩', '两'),
    ];
    s.chars()
        .map(|c| T.iter().find(|(t, _)| *t == c).map_or(c, |(_, s)| *s))
        .collect()
}

/// Header words that mean our family: 中炮's named forms (五六炮 …, 顺炮, 列炮) are 中炮.
fn family_words(f: Family) -> Vec<&'static str> {
    let name = f.name().get(Lang::Zh).trim_end_matches('局');
    match f {
        Family::CentralCannon => vec![name, "五六炮", "五七炮", "五八炮", "五九炮", "顺炮", "列炮"],
        _ => vec![name],
    }
}

#[test]
fn opening_names_agree_with_the_files_own_headers() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/games/games.jsonl");
    let text = std::fs::read_to_string(path).expect("games.jsonl");
    let (mut games, mut named, mut family_ok, mut answers, mut answer_ok) = (0, 0, 0, 0, 0);
    let mut misses = Vec::new();
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let Some(header) = v["tags"]["Opening"].as_str().filter(|s| !s.is_empty()) else {
            continue;
        };
        let header = simplified(header);
        let start = Position::from_fen(v["start_fen"].as_str().unwrap()).unwrap();
        let moves: Vec<Move> = v["moves_iccs"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| Move::from_iccs(m.as_str().unwrap()).unwrap())
            .collect();
        games += 1;
        let Some(o) = opening_of(&start, &moves) else {
            misses.push(format!("{header}: none"));
            continue;
        };
        named += 1;
        let ours = o.name(Lang::Zh);
        if family_words(o.family).iter().any(|w| header.contains(w)) {
            family_ok += 1;
        } else {
            misses.push(format!("{header}: {ours}"));
        }
        if let Some(a) = o.answer {
            answers += 1;
            let word = match a {
                Answer::HalfwayOppositeCannons => "列炮",
                _ => a.name().get(Lang::Zh),
            };
            if header.contains(word) {
                answer_ok += 1;
            } else {
                misses.push(format!("{header}: {ours}"));
            }
        }
    }
    println!(
        "{games} games with an Opening header; named {named}; family agrees {family_ok}; \
         answers named {answers}, agreeing {answer_ok}"
    );
    for m in &misses {
        println!("  {m}");
    }
    assert!(games >= 90, "{games}");
    // Every game is named, and its family agrees with the header's but for a few.
    assert_eq!(named, games);
    assert!(family_ok * 100 >= games * 95, "{family_ok}/{games}");
    assert!(answer_ok * 100 >= answers * 80, "{answer_ok}/{answers}");
}
