//! Every parser of untrusted text, fed arbitrary bytes and mutated valid inputs: each
//! must answer `Ok` (and then round-trip) or a typed `Err` that can be put into words, never panic
//! or hang. The normal run takes a fast slice ([`FAST`] cases each); the deep run takes
//! [`DEEP`] cases per parser:
//!
//! ```text
//! cargo test --test fuzz_parsers -- --ignored
//! ```
//!
//! Seeds come from this repository's tests/data (230 real games, the perft positions).
#![cfg(not(target_arch = "wasm32"))]
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use std::ffi::OsString;
use std::fmt::Debug;
use std::str::FromStr;
use xiangqi_club::clock::{Clock, Control, Preset};
use xiangqi_club::events::round_robin::{
    parse_entrant_list, Competition, Cycles, Outcome, Scoring, Tournament,
};
use xiangqi_club::events::schedule::{
    parse_absences, parse_entrants, solve, Draft, MatchScore, Problem, SaveFile, SolveRequest,
};
use xiangqi_club::lang::{Lang, Say};
use xiangqi_club::query::{param, percent_decode};
use xiangqi_club::xiangqi::game::{Game, GameRecord};
use xiangqi_club::xiangqi::notation::decode::decode;
use xiangqi_club::xiangqi::notation::pgn::{
    read_pgn, read_pgn_all, read_pgn_bytes, read_tree, read_tree_all, write_tree,
};
use xiangqi_club::xiangqi::notation::{self, chinese, wxf, Notation};
use xiangqi_club::xiangqi::session::PlaySession;
use xiangqi_club::xiangqi::share::SharedGame;
use xiangqi_club::xiangqi::{Move, Position, Square};
use xiangqi_club::xiangqi::{Setup, START_FEN};

/// Cases per parser in the normal `cargo test` run.
const FAST: u32 = 200;
/// Cases per parser in the ignored deep run.
const DEEP: u32 = 100_000;

fn fuzz<S>(cases: u32, strategy: S, check: impl Fn(S::Value))
where
    S: Strategy,
    S::Value: Debug,
{
    let config = Config {
        cases,
        failure_persistence: None,
        max_shrink_iters: 2_000,
        ..Config::default()
    };
    let mut runner = TestRunner::new(config);
    let result = runner.run(&strategy, |v| {
        check(v);
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
}

// ------------------------------------------------------------------------------------ inputs

/// Characters that matter to some parser: separators, digits, notation, quotes, braces, NUL.
const SPICE: &[char] = &[
    '/',
    ' ',
    '-',
    '+',
    '.',
    '=',
    '&',
    '%',
    ',',
    ':',
    ';',
    '@',
    '#',
    '"',
    '\\',
    '{',
    '}',
    '[',
    ']',
    '(',
    ')',
    '\n',
    '\r',
    '\t',
    '\0',
    '0',
    '1',
    '2',
    '5',
    '9',
    'a',
    'e',
    'h',
    'i',
    'k',
    'r',
    'w',
    'b',
    'K',
    'R',
    'C',
    'H',
    '车',
    '马',
    '炮',
    '兵',
    '帅',
    '将',
    '进',
    '退',
    '平',
    '前',
    '后',
    '中',
    '二',
    '五',
    '九',
    '１',
    '９',
    '＠',
    '：',
    '、',
    'é',
    '\u{FFFD}',
    '\u{10FFFF}',
];

/// Numbers and words at the edges of every integer type and date.
const EDGES: &[&str] = &[
    "0",
    "-1",
    "255",
    "256",
    "65536",
    "4294967295",
    "4294967296",
    "-2147483649",
    "9223372036854775807",
    "-9223372036854775808",
    "18446744073709551615",
    "99999999999999999999999",
    "1e999",
    "NaN",
    "null",
    "true",
    "[]",
    "{}",
    "\"\"",
    "9999-12-31",
    "2026-02-29",
    "23:59",
    "24:00",
];

/// One edit of a text: where (as a fraction of its length), what, and with which characters.
fn edits() -> impl Strategy<Value = Vec<(usize, u8, String)>> {
    let piece = prop_oneof![
        3 => proptest::sample::select(SPICE).prop_map(String::from),
        2 => proptest::sample::select(EDGES).prop_map(String::from),
        1 => any::<char>().prop_map(String::from),
    ];
    proptest::collection::vec((any::<usize>(), 0u8..5, piece), 1..8)
}

fn apply(seed: &str, edits: &[(usize, u8, String)]) -> String {
    let mut chars: Vec<char> = seed.chars().collect();
    for (at, kind, piece) in edits {
        let at = *at;
        let i = if chars.is_empty() {
            0
        } else {
            at % (chars.len() + 1)
        };
        match kind {
            0 => {
                for (k, c) in piece.chars().enumerate() {
                    chars.insert(i + k, c);
                }
            }
            1 if i < chars.len() => {
                chars.remove(i);
            }
            // Replace a run of digits or letters (a number, a word) with the piece.
            2 if i < chars.len() => {
                let end = (i..chars.len())
                    .find(|&k| !chars[k].is_alphanumeric())
                    .unwrap_or(chars.len())
                    .max(i + 1);
                chars.splice(i..end, piece.chars());
            }
            // Duplicate a slice: long runs, repeated fields.
            _ => {
                let end = (i + 1 + at % 16).min(chars.len());
                let dup: Vec<char> = chars[i.min(end)..end].to_vec();
                for (k, d) in dup.into_iter().enumerate() {
                    chars.insert(end + k, d);
                }
            }
        }
    }
    chars.into_iter().collect()
}

/// Arbitrary text, arbitrary bytes read lossily, or a valid seed with a few edits.
fn text(seeds: Vec<String>) -> impl Strategy<Value = String> {
    prop_oneof![
        1 => any::<String>(),
        1 => proptest::collection::vec(any::<u8>(), 0..256)
            .prop_map(|b| String::from_utf8_lossy(&b).into_owned()),
        4 => (proptest::sample::select(seeds), edits()).prop_map(|(s, e)| apply(&s, &e)),
    ]
}

/// Arbitrary bytes, or a valid seed file with a few byte edits (so encodings break mid-character).
fn bytes(seeds: Vec<Vec<u8>>) -> impl Strategy<Value = Vec<u8>> {
    let edits = proptest::collection::vec((any::<usize>(), 0u8..3, any::<u8>()), 1..8);
    prop_oneof![
        1 => proptest::collection::vec(any::<u8>(), 0..512),
        4 => (proptest::sample::select(seeds), edits).prop_map(|(mut b, e)| {
            for (at, kind, x) in e {
                let i = if b.is_empty() { 0 } else { at % b.len() };
                match kind {
                    0 => b.insert(i, x),
                    1 if i < b.len() => {
                        b.remove(i);
                    }
                    _ if i < b.len() => b[i] = x,
                    _ => b.push(x),
                }
            }
            b
        }),
    ]
}

/// A typed error must also be sayable in both languages (when it has words of its own).
fn said<E: std::fmt::Display>(e: &E) {
    assert!(!e.to_string().is_empty());
}

fn said_both<E: Say + std::fmt::Display>(e: &E) {
    said(e);
    assert!(!e.say(Lang::Zh).is_empty() && !e.say(Lang::En).is_empty());
}

// ------------------------------------------------------------------------------------ seeds

fn data(path: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(path)
}

fn fen_seeds() -> Vec<String> {
    let mut v = vec![START_FEN.to_string()];
    let perft = std::fs::read_to_string(data("perft.tsv")).unwrap();
    v.extend(
        perft
            .lines()
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| l.split('\t').next())
            .filter(|f| f.contains('/'))
            .take(20)
            .map(str::to_string),
    );
    v
}

fn move_seeds() -> Vec<String> {
    [
        "h2e2",
        "H2-E2",
        "h9g7",
        "炮二平五",
        "马８进７",
        "马2进3",
        "前车进一",
        "后炮平四",
        "兵五进一",
        "C2.5",
        "H8+7",
        "c2=5",
        "+C.5",
        "-R+1",
        "R1.2",
        "炮25",
        "a0a1",
        "e0e1",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

/// A few real game files (bytes as stored: UTF-8, GBK, Big5) and PGN written by the app.
fn pgn_seeds() -> Vec<Vec<u8>> {
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                walk(&p, out);
            } else {
                out.push(p);
            }
        }
    }
    let mut files = Vec::new();
    walk(&data("games/raw"), &mut files);
    // Every 20th file: a spread of sources and encodings.
    let mut v: Vec<Vec<u8>> = files
        .iter()
        .step_by(20)
        .filter_map(|p| std::fs::read(p).ok())
        .filter(|b| b.len() < 64 * 1024)
        .collect();
    assert!(v.len() >= 5, "seed games found: {}", v.len());
    v.push(
        "[Event \"x\"]\n[Format \"ICCS\"]\n1. h2e2 h9g7 2. h0g2 i9h9 *\n"
            .as_bytes()
            .to_vec(),
    );
    v.push(
        "1. 炮二平五 马８进７ 2. 马二进三 车９平８ {comment} 1-0"
            .as_bytes()
            .to_vec(),
    );
    // Trees: nested variations, comments, marks and lichess commands; and the broken shapes
    // (unbalanced `(` and `{`, an illegal move in a variation, nesting 1,000 deep).
    let study =
        "[Event \"课\"]\n{开局} 1. 炮二平五!? {[%cal Gh2e2,Rb0c2] [%csl Ye5] [%eval 0.35] 当头炮} \
        马８进７ $1 ( {顺炮} 1... 炮８平５ 2. 马二进三 ( 2. 炮五进四?? 士４进５ ) 马８进７ ) \
        2. 马二进三 车９平８ 1/2-1/2";
    v.push(study.as_bytes().to_vec());
    v.push("1. h2e2 h9g7 ( 1... h7e7 2. h0g2 ".as_bytes().to_vec());
    v.push("1. h2e2 {open h9g7 2. h0g2 *".as_bytes().to_vec());
    v.push(
        "1. 炮二平五 马８进７ ( 1... 炮８平５ 2. 车一进九 ) 2. 马二进三 *"
            .as_bytes()
            .to_vec(),
    );
    let mut deep = String::from("1. h2e2 h9g7 2. h0g2 ");
    deep.push_str(&"( 2. b0c2 ".repeat(1000));
    deep.push_str(&")".repeat(1000));
    v.push(deep.into_bytes());
    v
}

fn pgn_text_seeds() -> Vec<String> {
    pgn_seeds()
        .iter()
        .map(|b| String::from_utf8_lossy(b).into_owned())
        .collect()
}

fn played() -> PlaySession {
    let mut s = PlaySession::from_position(Position::start());
    for m in ["h2e2", "h9g7", "h0g2", "i9h9"] {
        s.enter(m.parse().unwrap(), false, 0).unwrap();
    }
    s
}

fn tournament() -> Tournament {
    let mut t = Tournament::new(
        "Club",
        Competition::Individual,
        Cycles::Single,
        Scoring::CLASSIC,
    )
    .unwrap();
    t.add_entrant_list("张三\n李四\n王五\nZhao").unwrap();
    t.draw_lots(7).unwrap();
    t
}

fn schedule_save() -> SaveFile {
    let p = Problem::round_robin(5, 2, 3, 60, 20, false);
    let sol = solve(&p, 1, 2_000).unwrap();
    SaveFile {
        version: 1,
        problem: p,
        schedule: sol.schedule,
        results: Vec::new(),
        best_of: xiangqi_club::events::schedule::BestOf::new(5).unwrap(),
        scoring: Default::default(),
        event_id: None,
        event: Some(tournament()),
        games: Vec::new(),
    }
}

// ------------------------------------------------------------------------------------ checks

fn check_fen(s: String) {
    match Setup::from_fen(&s) {
        Ok(setup) => assert_eq!(Setup::from_fen(&setup.to_fen()).as_ref(), Ok(&setup)),
        Err(e) => said(&e),
    }
    match Position::from_fen(&s) {
        Ok(p) => {
            assert_eq!(Position::from_fen(&p.fen()).unwrap().fen(), p.fen());
            let _ = p.legal_moves();
        }
        Err(e) => said(&e),
    }
}

fn check_moves(s: String) {
    let pos = Position::start();
    match Move::from_str(&s) {
        Ok(m) => assert_eq!(m.to_string().parse::<Move>(), Ok(m)),
        Err(e) => said_both(&e),
    }
    let _ = Move::from_iccs(&s);
    match Square::from_str(&s) {
        Ok(sq) => assert_eq!(sq.to_string().parse::<Square>(), Ok(sq)),
        Err(e) => said_both(&e),
    }
    if let Err(e) = notation::read(&pos, &s) {
        said(&e);
    }
    for n in [
        Notation::Chinese,
        Notation::ChineseShort,
        Notation::Wxf,
        Notation::Iccs,
    ] {
        match notation::read_as(&pos, &s, n) {
            Ok(m) => assert!(pos.legal_moves().contains(&m)),
            Err(e) => said(&e),
        }
    }
    let _ = chinese::parse(&s);
    let _ = wxf::parse(&s);
    let _ = s.parse::<Notation>();
}

fn check_pgn_bytes(b: Vec<u8>) {
    match read_pgn_bytes(&b) {
        Ok(g) => {
            // What was read replays and writes back.
            let text = notation::pgn::write_pgn(&g, Notation::Iccs);
            assert_eq!(read_pgn(&text).unwrap().moves(), g.moves());
            if let Ok((s, _)) = PlaySession::from_pgn(&g) {
                assert!(s.game().ply() <= g.moves().len());
            }
        }
        Err(e) => said(&e),
    }
    check_tree(&decode(&b).0);
}

fn check_pgn_text(s: String) {
    if let Err(e) = read_pgn(&s) {
        said(&e);
    }
    for r in read_pgn_all(&s) {
        if let Err(e) = r {
            said(&e);
        }
    }
    check_tree(&s);
    for r in read_tree_all(&s) {
        if let Err(e) = r {
            said_both(&e);
        }
    }
}

/// A tree read from any text writes and reads back to the same tree, in every notation; or the
/// error says where and why in both languages.
fn check_tree(s: &str) {
    match read_tree(s) {
        Ok(t) => {
            for n in [Notation::Chinese, Notation::Wxf, Notation::Iccs] {
                let text = write_tree(&t, n);
                let back = read_tree(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
                // Writing is the fixed point.
                assert_eq!(write_tree(&back, n), text);
                assert_eq!(back.main_line().len(), t.main_line().len());
                assert_eq!(back.variation_count(), t.variation_count());
            }
        }
        Err(e) => {
            said_both(&e);
            assert!(e.line >= 1 && e.depth <= notation::pgn::MAX_NESTING);
        }
    }
}

/// DhtmlXQ text: a tree that writes back to itself, or an error naming the byte, in both languages.
fn check_dhtmlxq(s: String) {
    use xiangqi_club::xiangqi::notation::dhtmlxq::{read_dhtmlxq, write_dhtmlxq};
    match read_dhtmlxq(&s) {
        Ok(t) => {
            let text = write_dhtmlxq(&t);
            let back = read_dhtmlxq(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(write_dhtmlxq(&back), text);
        }
        Err(e) => {
            said_both(&e);
            assert!(e.offset <= s.len());
        }
    }
}

fn dhtmlxq_seeds() -> Vec<String> {
    let binit = "8979695949392919097717866646260600102030405060708012720323436383";
    vec![
        format!(
            "[DhtmlXQ][DhtmlXQ_red]许银川[/DhtmlXQ_red][DhtmlXQ_result]红胜[/DhtmlXQ_result]\
             [DhtmlXQ_binit]{binit}[/DhtmlXQ_binit][DhtmlXQ_movelist]7747706279678070[/DhtmlXQ_movelist]\
             [DhtmlXQ_move_0_2_1]72427967[/DhtmlXQ_move_0_2_1][DhtmlXQ_move_1_3_2]4743[/DhtmlXQ_move_1_3_2]\
             [DhtmlXQ_comment0]开局[/DhtmlXQ_comment0][DhtmlXQ_comment1_2]顺炮||好[/DhtmlXQ_comment1_2][/DhtmlXQ]"
        ),
        "[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist][DhtmlXQ_comment2]\\u597d [%cal Gh2e2][/DhtmlXQ_comment2]".into(),
        "[DhtmlXQ_binit]1234[/DhtmlXQ_binit][DhtmlXQ_movelist]7747".into(),
    ]
}

fn dhtmlxq(n: u32) {
    fuzz(n, text(dhtmlxq_seeds()), check_dhtmlxq);
}

fn check_share(s: String) {
    let _ = percent_decode(&s);
    let _ = param(&s, "fen");
    match SharedGame::parse_prefix(&s) {
        Ok((g, _)) => {
            let again = SharedGame::parse(&g.to_query()).unwrap();
            assert_eq!(again.moves, g.moves);
        }
        Err(e) => said(&e),
    }
}

fn check_saved_json(s: String) {
    match PlaySession::from_json(&s) {
        Ok(p) => assert!(p.view() <= p.game().ply()),
        Err(e) => said(&e),
    }
    if let Ok(r) = serde_json::from_str::<GameRecord>(&s) {
        if let Err(e) = Game::from_record(&r) {
            said(&e);
        }
    }
    let _ = serde_json::from_str::<Game>(&s);
    if let Ok(c) = serde_json::from_str::<Clock>(&s) {
        for now in [0, 1, c.last_event_ms(), u64::MAX / 2, u64::MAX] {
            let _ = c.status(now);
            let _ = c.flag(now);
        }
    }
    match Tournament::from_json(&s) {
        Ok(t) => assert_eq!(Tournament::from_json(&t.to_json()).unwrap(), t),
        Err(e) => said(&e),
    }
    match SaveFile::from_json(&s) {
        Ok(f) => assert_eq!(SaveFile::from_json(&f.to_json()).unwrap(), f),
        Err(e) => said(&e),
    }
    if let Ok(d) = serde_json::from_str::<Draft>(&s) {
        if let Err(e) = d.to_problem() {
            said(&e);
        }
    }
    if let Ok(r) = serde_json::from_str::<SolveRequest>(&s) {
        if let Err(e) = r.problem.validate() {
            said(&e);
        }
    }
}

fn check_imports(s: String) {
    let list = parse_entrant_list(&s, false);
    let teams = parse_entrant_list(&s, true);
    assert!(list.len() <= s.lines().count() && teams.len() <= s.lines().count());
    let mut t = Tournament::new(
        "Club",
        Competition::Individual,
        Cycles::Single,
        Scoring::CLASSIC,
    )
    .unwrap();
    if let Err(e) = t.add_entrant_list(&s) {
        said(&e);
    }
    let names = parse_entrants(&s);
    if let Err(e) = parse_absences(&s, &names) {
        said(&e);
    }
    let mut p = Problem::round_robin(0, 2, 3, 60, 20, false);
    p.entrants = names;
    if let Err(e) = p.validate() {
        said(&e);
    }
    let draft = Draft {
        entrants: s.clone(),
        absences: s.clone(),
        ..Draft::default()
    };
    if let Err(e) = draft.to_problem() {
        said(&e);
    }
}

fn check_small_texts(s: String) {
    let _ = s.parse::<Control>();
    if let Err(e) = s.parse::<Preset>() {
        said_both(&e);
    }
    if let Err(e) = s.parse::<Outcome>() {
        said(&e);
    }
    if let Err(e) = s.parse::<MatchScore>() {
        said(&e);
    }
    let _ = xiangqi_club::events::schedule::MatchScore::parse(
        xiangqi_club::events::schedule::BestOf::new(5).unwrap(),
        &s,
    );
}

fn json_seeds() -> Vec<String> {
    let p = played();
    vec![
        p.to_json(),
        serde_json::to_string(&p.game().record()).unwrap(),
        serde_json::to_string(&Clock::from_preset(Preset::Fischer15_10)).unwrap(),
        tournament().to_json(),
        schedule_save().to_json(),
        serde_json::to_string(&Draft::default()).unwrap(),
        serde_json::to_string(&Draft {
            first_date: "2026-03-14".into(),
            every_days: "7".into(),
            absences: "1 @ 2\n3 @ 1 late".into(),
            ..Draft::default()
        })
        .unwrap(),
    ]
}

fn import_seeds() -> Vec<String> {
    vec![
        "1. 张三\n2. 李四\n3) 王五\n# comment\n\nZhao".to_string(),
        "红队：甲，乙、丙\nBlue: A, B, C\n".to_string(),
        "1 @ 2\n2 @ 1 late\n张三 ＠ 3 迟到".to_string(),
    ]
}

fn small_seeds() -> Vec<String> {
    let mut v: Vec<String> = Preset::ALL.iter().map(|p| p.id().to_string()).collect();
    v.extend(
        [
            "90m+30s",
            "40/90m, 10/15m",
            "11-7 9-11 11-5",
            "11-9 11-9 11-9",
            "1-0",
            "0-1",
            "½-½",
        ]
        .iter()
        .map(|s| s.to_string()),
    );
    v
}

// ------------------------------------------------------------------------------------ TRF

/// Valid TRF files: an individual event with absences and byes, and a team event.
fn trf_seeds() -> Vec<String> {
    use xiangqi_club::events::swiss::{Leave, Swiss};
    use xiangqi_club::events::trf::write_trf;
    use xiangqi_club::events::Entrant;
    let mut ev = Swiss::new(Some(5));
    for k in 0..7u32 {
        ev.add_entrant(Entrant::new(format!("P{k}"), 2000 - k));
    }
    ev.info.name = "Club".into();
    ev.info.round_dates = vec!["26/03/14".into(), "26/03/15".into()];
    for _ in 0..2 {
        let p = ev.pair_next().unwrap();
        let results = vec![Outcome::Draw; p.boards.len()];
        ev.record_round(&p, &results).unwrap();
    }
    ev.entrants[3].next = Some(Leave::Half);
    let mut team = Swiss::new(Some(3));
    team.boards = Some(2);
    for t in 0..4 {
        let line = format!("T{t}: A{t} 1900, B{t} 1800, C{t}");
        let es = xiangqi_club::events::swiss::parse_entrants(&line, Some(2), &[]).unwrap();
        team.add_entrant(es.into_iter().next().unwrap());
    }
    let p = team.pair_next().unwrap();
    let sheets: Vec<_> = p
        .boards
        .iter()
        .map(|_| xiangqi_club::events::swiss::MatchSheet {
            first: vec![0, 1],
            second: vec![0, 2],
            results: vec![Outcome::FirstWins, Outcome::Draw],
        })
        .collect();
    team.record_team_boards(&p, &sheets).unwrap();
    vec![write_trf(&ev), write_trf(&team)]
}

/// Amplifying shapes: many player lines, long round lists, huge XXR/XXB numbers.
fn trf_shapes() -> impl Strategy<Value = String> {
    let entry = proptest::sample::select(vec![
        "   2 w 1", "   1 b 0", "0000 - U", "0000 - Z", "0000 - H", "   3 w =", "   9 b +",
    ]);
    (
        0usize..2_500,
        0usize..400,
        proptest::collection::vec(entry, 1..4),
        0u8..4,
        any::<u64>(),
    )
        .prop_map(|(players, rounds, entries, header, big)| {
            let mut out = match header {
                0 => format!("XXR {big}\n"),
                1 => format!("XXB {}\n", big % 40),
                2 => format!("013 {:<32}   1    2\n", "T"),
                _ => String::new(),
            };
            for k in 1..=players {
                let mut line = format!("{:<89}", format!("001 {:>4}      P{k}", k % 10_000));
                // Long round lists on a few lines only, so a case stays small.
                let r = if k % 97 == 1 { rounds } else { rounds % 12 };
                for i in 0..r {
                    line.push_str("  ");
                    line.push_str(entries[i % entries.len()]);
                }
                out.push_str(&line);
                out.push('\n');
            }
            out
        })
}

fn check_trf(s: String) {
    use xiangqi_club::events::swiss::{MAX_ENTRANTS, MAX_ROUNDS};
    use xiangqi_club::events::trf::{parse_trf, write_trf};
    match parse_trf(&s) {
        Ok(ev) => {
            assert_eq!(ev.check(), Ok(()));
            assert!(!ev.entrants.is_empty() && ev.entrants.len() <= MAX_ENTRANTS);
            assert!(ev.rounds_played() <= MAX_ROUNDS);
            let back = parse_trf(&write_trf(&ev)).unwrap();
            assert_eq!(back.entrants, ev.entrants);
            assert_eq!(back.info, ev.info);
            let _ = xiangqi_club::events::swiss::swiss_standings(
                &ev,
                &xiangqi_club::events::swiss::SwissTieBreak::order(
                    ev.boards.is_some(),
                    ev.buchholz,
                ),
            );
            if ev.entrants.len() <= 12 {
                if let Err(e) = ev.pair_next() {
                    said_both(&e);
                }
            }
        }
        Err(e) => said_both(&e),
    }
}

fn trf(n: u32) {
    fuzz(n, text(trf_seeds()), check_trf);
    // The shapes are large: a tenth as many.
    fuzz(n / 10 + 1, trf_shapes(), check_trf);
}

// ------------------------------------------------------------------------------------ the CLI

/// Argument lists that reach every command's parser; perft depths and solver budgets stay small
/// so a lucky valid mutation finishes quickly.
fn cli_seeds() -> Vec<Vec<String>> {
    let v = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    vec![
        v(&["perft", START_FEN, "2"]),
        v(&["perft", START_FEN, "1", "--divide"]),
        v(&["bench", "1"]),
        v(&["judge", "start", "h2e2", "h9g7"]),
        v(&["judge", START_FEN, "--limit", "3", "h2e2 h9g7"]),
        v(&["pairings", "--players", "6", "--double"]),
        v(&[
            "schedule",
            "--entrants",
            "4",
            "--tables",
            "2",
            "--sessions",
            "2",
            "--session-minutes",
            "60",
            "--match-minutes",
            "20",
            "--budget",
            "200",
            "--json",
        ]),
        v(&["help"]),
    ]
}

/// Tokens a hostile tester types: huge and negative numbers, empty, flags out of place.
const NASTY: &[&str] = &[
    "",
    " ",
    "0",
    "-1",
    "13",
    "30000",
    "4294967296",
    "18446744073709551615",
    "99999999999999999999999",
    "--divide",
    "--limit",
    "--players",
    "--tables",
    "--sessions",
    "--entrants",
    "--groups",
    "--double",
    "--json",
    "h2-e2",
    "h2e2",
    "start",
    "1-0",
    "NaN",
    "9/9",
];

fn cli_args() -> impl Strategy<Value = Vec<OsString>> {
    let token = prop_oneof![
        4 => proptest::sample::select(NASTY).prop_map(str::to_string),
        1 => any::<String>(),
    ];
    let edits = proptest::collection::vec((any::<usize>(), 0u8..3, token), 0..4);
    let bad_utf8 = proptest::option::weighted(0.2, (any::<usize>(), any::<u8>()));
    (proptest::sample::select(cli_seeds()), edits, bad_utf8).prop_map(|(mut args, e, bad)| {
        for (at, kind, tok) in e {
            // The command name (index 0) stays, so no command reads stdin or runs unbounded.
            let i = 1 + at % args.len();
            match kind {
                0 => args.insert(i.min(args.len()), tok),
                1 if i < args.len() => {
                    args.remove(i);
                }
                _ if i < args.len() => args[i] = tok,
                _ => args.push(tok),
            }
        }
        // A schedule run must keep a small budget; perft and bench a small depth.
        args.retain(|a| a != "--budget");
        if args[0] == "schedule" {
            args.extend(["--budget".to_string(), "100".to_string()]);
        }
        let deep = |a: &String| a.parse::<u32>().is_ok_and(|d| (4..=12).contains(&d));
        if args[0] == "perft" || args[0] == "bench" {
            args.retain(|a| !deep(a));
        }
        if args[0] == "bench" && args.len() == 1 {
            args.push("1".to_string());
        }
        let mut os: Vec<OsString> = args.into_iter().map(OsString::from).collect();
        if let Some((at, byte)) = bad {
            use std::os::unix::ffi::OsStringExt;
            let i = at % os.len();
            let mut b = std::mem::take(&mut os[i]).into_vec();
            b.push(0x80 | (byte & 0x3F));
            b.insert(0, 0xFF);
            os[i] = OsString::from_vec(b);
        }
        os
    })
}

fn check_cli(args: Vec<OsString>) {
    let status = xiangqi_club::cli::run(&args);
    assert!((0..=3).contains(&status), "status {status} for {args:?}");
    if args.iter().any(|a| a.to_str().is_none()) {
        assert_eq!(status, 2, "a non-UTF-8 argument is a usage error: {args:?}");
    }
}

// ------------------------------------------------------------------------------------ the runs

fn fen(n: u32) {
    fuzz(n, text(fen_seeds()), check_fen);
}
fn moves(n: u32) {
    fuzz(n, text(move_seeds()), check_moves);
}
fn pgn_bytes(n: u32) {
    fuzz(n, bytes(pgn_seeds()), check_pgn_bytes);
}
fn pgn_text(n: u32) {
    fuzz(n, text(pgn_text_seeds()), check_pgn_text);
}
fn share(n: u32) {
    let seeds = vec![
        played().share_query(),
        "fen=3k5%2F9%2F9%2F9%2F9%2F9%2F9%2F9%2F4R4%2F4K4%20w%20-%20-%200%201&moves=e1e8".into(),
        "moves=h2e2,h9g7 h0g2".into(),
    ];
    fuzz(n, text(seeds), check_share);
}
fn saved_json(n: u32) {
    fuzz(n, text(json_seeds()), check_saved_json);
}
fn imports(n: u32) {
    fuzz(n, text(import_seeds()), check_imports);
}
fn small_texts(n: u32) {
    fuzz(n, text(small_seeds()), check_small_texts);
}
/// The storage helper over arbitrary saved text, keys and file bytes, with a small quota.
fn check_storage((raw, keys, quota): (String, Vec<String>, usize)) {
    use xiangqi_club::saved::{file_text, load_with, rebuild_index, Kept, MemoryStore, Store};
    let mut store = MemoryStore::new(Some(quota));
    let stored = store.set("xq.play.session", &raw).is_ok();
    match load_with(&mut store, "xq.play.session", 7, PlaySession::from_json) {
        Ok(found) => assert_eq!(found.is_some(), stored),
        Err(u) => {
            said_both(&u);
            match u.kept {
                // Never lost: either the copy holds it or the original is untouched.
                Kept::Aside(k) => assert_eq!(store.get(&k), Some(raw.clone())),
                Kept::InPlace => assert_eq!(store.get("xq.play.session"), Some(raw.clone())),
            }
        }
    }
    let ids = rebuild_index(&keys, &keys, "xq.tournament.event.");
    assert!(ids.len() <= keys.len());
    let _ = file_text(raw.into_bytes());
}

fn storage(n: u32) {
    let keys = proptest::collection::vec(
        text(vec![
            "xq.tournament.event.a1".into(),
            "xq.tournament.event.b2.corrupt.5".into(),
        ]),
        0..6,
    );
    fuzz(n, (text(json_seeds()), keys, 0usize..4096), check_storage);
}

fn cli(n: u32) {
    fuzz(n, cli_args(), check_cli);
}

#[test]
fn fen_fast() {
    fen(FAST);
}
#[test]
fn moves_fast() {
    moves(FAST);
}
#[test]
fn pgn_bytes_fast() {
    pgn_bytes(FAST);
}
#[test]
fn pgn_text_fast() {
    pgn_text(FAST);
}
#[test]
fn dhtmlxq_fast() {
    dhtmlxq(FAST);
}
#[test]
fn share_links_fast() {
    share(FAST);
}
#[test]
fn saved_json_fast() {
    saved_json(FAST);
}
#[test]
fn imports_fast() {
    imports(FAST);
}
#[test]
fn scores_presets_controls_fast() {
    small_texts(FAST);
}
#[test]
fn storage_fast() {
    storage(FAST);
}
#[test]
fn cli_fast() {
    cli(FAST);
}
#[test]
fn trf_fast() {
    trf(FAST);
}

#[test]
#[ignore = "deep run: cargo test --test fuzz_parsers -- --ignored"]
fn deep() {
    trf(DEEP);
    fen(DEEP);
    moves(DEEP);
    share(DEEP);
    small_texts(DEEP);
    imports(DEEP);
    pgn_text(DEEP);
    pgn_bytes(DEEP);
    dhtmlxq(DEEP);
    saved_json(DEEP);
    storage(DEEP);
    cli(DEEP);
}

// ------------------------------------------------------------------------------------ found

/// Cases the fuzzing found, kept as plain tests.
#[test]
fn found_cases_answer_with_errors() {
    // A u32::MAX deuce game is a finished game; summing two of them overflowed.
    let huge = "4294967295-4294967293 4294967295-4294967293";
    assert!(huge.parse::<MatchScore>().is_ok());
    // A multi-byte character inside a 4-byte move used to be sliced mid-character.
    assert!("aé1".parse::<Move>().is_err());
    // Days between sessions of i64::MAX overflowed the calendar arithmetic of the form.
    for every in ["9223372036854775807", "-9223372036854775807", "367"] {
        let d = Draft {
            first_date: "2026-01-01".into(),
            every_days: every.into(),
            sessions: "3".into(),
            ..Draft::default()
        };
        assert_eq!(
            d.to_problem(),
            Err(xiangqi_club::events::schedule::DraftError::Interval(
                every.into()
            ))
        );
    }
}

// ------------------------------------------------------------------------------------ the UCI loop

/// Sessions in the normal run, and in the deep run (each is a process with searches in it).
const UCI_FAST: u32 = 12;
const UCI_DEEP: u32 = 2_000;

/// Lines a GUI sends, searches kept short or ended by the lines after them.
const UCI_LINES: &[&str] = &[
    "uci",
    "isready",
    "ucinewgame",
    "stop",
    "position startpos",
    "position startpos moves h2e2 h9g7 h0g2",
    "position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1 moves h9g7",
    "position fen 3k5/9/9/9/9/9/9/9/4R4/4K4 b - - 0 1",
    "position fen 3k5/R8/1R7/9/9/9/9/9/9/4K4 w - - 0 1",
    "go depth 1",
    "go depth 3",
    "go nodes 3000",
    "go movetime 20",
    "go infinite",
    "go",
    "go wtime 300 btime 300 winc 10 binc 10 movestogo 5",
    "setoption name Level value 2",
    "setoption name Hash value 1",
    "setoption name Threads value 1",
    "debug on",
];

/// Tokens a hostile GUI sends.
const UCI_NASTY: &[&str] = &[
    "",
    "-1",
    "0",
    "1e9",
    "4294967295",
    "18446744073709551615",
    "99999999999999999999999",
    "name",
    "value",
    "moves",
    "fen",
    "startpos",
    "infinite",
    "depth",
    "movetime",
    "wtime",
    "winc",
    "movestogo",
    "searchmoves",
    "h2e2",
    "a0a9",
    "w",
    "b",
    "go",
    "stop",
    "quit",
];

/// A session: lines (possibly not UTF-8) each with a pause in milliseconds after it.
#[derive(Clone)]
struct Session(Vec<(Vec<u8>, u8)>);

impl Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let lines: Vec<_> = self
            .0
            .iter()
            .map(|(l, ms)| format!("{} ({ms} ms)", String::from_utf8_lossy(l)))
            .collect();
        write!(f, "{lines:?}")
    }
}

fn uci_session() -> impl Strategy<Value = Session> {
    let token = prop_oneof![
        4 => proptest::sample::select(UCI_NASTY).prop_map(str::to_string),
        1 => any::<String>(),
    ];
    let edits = proptest::collection::vec((any::<usize>(), 0u8..3, token), 0..3);
    let bad_byte = proptest::option::weighted(0.05, any::<usize>());
    let line = (proptest::sample::select(UCI_LINES), edits, bad_byte).prop_map(|(l, e, bad)| {
        let mut words: Vec<String> = l.split(' ').map(str::to_string).collect();
        for (at, kind, tok) in e {
            let i = at % (words.len() + 1);
            match kind {
                0 => words.insert(i, tok),
                1 if i < words.len() && words.len() > 1 => {
                    words.remove(i);
                }
                _ if i < words.len() => words[i] = tok,
                _ => words.push(tok),
            }
        }
        let mut line = words.join(" ").replace(['\n', '\r'], " ");
        // A bigger table only costs time to clear: the option itself is covered above.
        if line.to_lowercase().contains("hash") {
            line = "setoption name Hash value 2".into();
        }
        let mut bytes = line.into_bytes();
        if let Some(at) = bad {
            bytes.insert(at % (bytes.len() + 1), 0xFF);
        }
        bytes
    });
    proptest::collection::vec((line, 0u8..40), 1..12).prop_map(Session)
}

/// Every session ends: each `go` gets exactly one `bestmove` or a one-line refusal on stderr,
/// `isready` is answered after all of it, nothing panics, and the process exits 0.
fn check_uci(session: Session) {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    use std::sync::mpsc;
    use std::time::{Duration, Instant};
    let mut child = Command::new(env!("CARGO_BIN_EXE_xq"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let drain = |r: Box<dyn std::io::Read + Send>| {
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut r = BufReader::new(r);
            let mut buf = Vec::new();
            while r.read_until(b'\n', &mut buf).is_ok_and(|n| n > 0) {
                let _ = tx.send(String::from_utf8_lossy(&buf).trim_end().to_string());
                buf.clear();
            }
        });
        rx
    };
    let out = drain(Box::new(child.stdout.take().unwrap()));
    let err = drain(Box::new(child.stderr.take().unwrap()));
    let mut stdin = child.stdin.take().unwrap();
    let (mut gos, mut quit) = (0, false);
    for (line, pause) in &session.0 {
        let _ = stdin.write_all(line).and_then(|_| stdin.write_all(b"\n"));
        let _ = stdin.flush();
        let words: Vec<&str> = std::str::from_utf8(line)
            .map(|l| l.split_whitespace().collect())
            .unwrap_or_default();
        match words.first() {
            Some(&"go") => gos += 1,
            Some(&"quit") => {
                quit = true;
                break;
            }
            _ => {}
        }
        std::thread::sleep(Duration::from_millis(*pause as u64));
    }
    let patience = Duration::from_secs(20);
    let mut said = Vec::new();
    if !quit {
        let _ = writeln!(stdin, "isready");
        let _ = stdin.flush();
        let deadline = Instant::now() + patience;
        loop {
            match out.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
                Ok(l) if l == "readyok" => break,
                Ok(l) => said.push(l),
                Err(_) => {
                    let _ = child.kill();
                    panic!("no readyok after {session:?}: {said:?}");
                }
            }
        }
    }
    drop(stdin);
    let t0 = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if t0.elapsed() > patience {
            let _ = child.kill();
            panic!("xq uci did not exit after {session:?}");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    assert!(status.success(), "{status} after {session:?}");
    said.extend(out.iter());
    let complaints: Vec<String> = err.iter().collect();
    for c in &complaints {
        assert!(
            c.starts_with("xq uci: ") && !c.contains("internal error"),
            "{c} after {session:?}"
        );
    }
    let answers: Vec<&String> = said.iter().filter(|l| l.starts_with("bestmove")).collect();
    for a in &answers {
        let w: Vec<&str> = a.split(' ').collect();
        let moves_ok = match w.as_slice() {
            ["bestmove", "(none)"] => true,
            ["bestmove", m] => Move::from_iccs(m).is_some(),
            ["bestmove", m, "ponder", p] => {
                Move::from_iccs(m).is_some() && Move::from_iccs(p).is_some()
            }
            _ => false,
        };
        assert!(moves_ok, "{a}");
    }
    if !quit {
        let refused = complaints
            .iter()
            .filter(|c| c.ends_with("; not searching"))
            .count();
        assert_eq!(
            answers.len(),
            gos - refused,
            "{gos} go, {refused} refused, after {session:?}: {said:?} {complaints:?}"
        );
    }
}

/// As [`fuzz`], with little shrinking: a hung session costs the whole patience per step, and the
/// failure already names the session.
fn fuzz_uci(cases: u32) {
    let config = Config {
        cases,
        failure_persistence: None,
        max_shrink_iters: 8,
        ..Config::default()
    };
    if let Err(e) = TestRunner::new(config).run(&uci_session(), |s| {
        check_uci(s);
        Ok(())
    }) {
        panic!("{e}");
    }
}

#[test]
fn uci_sessions_fast() {
    fuzz_uci(UCI_FAST);
}

#[test]
#[ignore = "deep run: cargo test --test fuzz_parsers -- --ignored"]
fn uci_sessions_deep() {
    fuzz_uci(UCI_DEEP);
}

// ------------------------------------------------------------------------------------ archives

#[path = "support/cbr_writer.rs"]
mod cbr_writer;

use xiangqi_club::text::EncodingRs;
use xiangqi_club::xiangqi::notation::archive::{self, ArchiveError};

/// Game files of every archive format: files our writer made (a lesson with variations and
/// comments, an endgame, a library of both), mutated, and random bytes behind each format's mark.
fn archive_bytes(seeds: Vec<Vec<u8>>, mark: &'static [u8]) -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        1 => proptest::collection::vec(any::<u8>(), 0..4096).prop_map(move |b| {
            let mut v = mark.to_vec();
            v.extend(b);
            v
        }),
        4 => bytes(seeds),
    ]
}

fn archive_trees() -> Vec<xiangqi_club::xiangqi::tree::GameTree> {
    let lesson =
        "[Title \"讲座\"]\n[Red \"红\"]\n[Result \"1-0\"]\n\n{开局} 1. 炮二平五 {中炮} 马8进7 \
        (1... 炮8平5 {顺炮} 2. 马二进三 (2. 兵七进一 卒7进1) 马8进7) 2. 马二进三 车9平8 1-0\n";
    let endgame = "[FEN \"3k5/4a4/9/9/9/9/9/9/4A4/3RK4 b - - 0 1\"]\n\n1... 将4平5 2. 车六进八 *\n";
    vec![read_tree(lesson).unwrap(), read_tree(endgame).unwrap()]
}

/// An archive answers with games or a typed fault in both languages; what it holds is bounded by
/// the file's size (four bytes a move at least, one 4,096-byte block a library game at least).
fn check_archive(b: Vec<u8>) {
    match archive::open(&b, &EncodingRs) {
        Ok(lib) => {
            let most = match lib.format {
                archive::Format::Cbl => b.len() / 4096 + 1,
                archive::Format::Cbr | archive::Format::Cbf => 1,
                _ => b.len(),
            };
            assert!(
                lib.games.len() <= most,
                "{:?}: {}",
                lib.format,
                lib.games.len()
            );
            for g in &lib.games {
                assert!(g.len() <= b.len() / 4 + 1);
                let text = write_tree(g, Notation::Iccs);
                assert_eq!(read_tree(&text).map(|t| t.len()).ok(), Some(g.len()));
                // The PGN written opens as PGN, whatever formats the game's words name.
                let back = archive::open(text.as_bytes(), &EncodingRs).expect("the PGN written");
                assert_eq!(back.format, archive::Format::Pgn, "{text}");
                assert_eq!(back.games[0].len(), g.len(), "{text}");
            }
            if let Some(e) = lib.stopped {
                said_archive(&e, b.len());
            }
        }
        Err(e) => said_archive(&e, b.len()),
    }
}

/// Said in both languages; a binary file's fault lies within the file.
fn said_archive(e: &ArchiveError, len: usize) {
    assert!(!e.say(Lang::En).is_empty() && !e.say(Lang::Zh).is_empty());
    if let ArchiveError::Damaged { format, offset, .. } | ArchiveError::Cut { format, offset, .. } =
        e
    {
        if matches!(format, archive::Format::Cbr | archive::Format::Cbl) {
            assert!(*offset <= len, "{offset} > {len}");
        }
    }
    if let ArchiveError::Unread(tried) = e {
        for t in tried {
            said_archive(t, len);
        }
    }
}

fn cbr_archives(n: u32) {
    // Both versions of the record: their headers and points differ.
    let trees = archive_trees();
    let seeds = trees
        .iter()
        .map(cbr_writer::write_cbr)
        .chain(trees.iter().map(cbr_writer::write_cbr_v1))
        .collect();
    fuzz(n, archive_bytes(seeds, b"CCBridge Record\0"), check_archive);
}

fn cbl_archives(n: u32) {
    let seeds = vec![cbr_writer::write_cbl("库", &archive_trees())];
    fuzz(n, archive_bytes(seeds, b"CCBridgeLibrary\0"), check_archive);
}

fn cbf_archives(n: u32) {
    let cbf = r#"<?xml version="1.0" encoding="UTF-8"?>
<ChineseChessRecord Version="1.0"><Head><Name>局</Name><Red>红</Red><RecordResult>1</RecordResult>
<FEN>rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1</FEN></Head>
<MoveList><Move value="00-00" comment="开局"/><Move value="77-47"/><Move value="70-62"><Comment>马</Comment></Move>
<Move value="79-67" end="1"/></MoveList></ChineseChessRecord>"#;
    fuzz(n, text(vec![cbf.into()]), check_cbf);
}

/// A CBF reads as any archive does, and every game read writes back to a CBF that reads without
/// a fault to the same start and main line.
fn check_cbf(s: String) {
    use xiangqi_club::xiangqi::notation::cbf::{read_cbf, write_cbf};
    check_archive(s.clone().into_bytes());
    let Ok(lib) = archive::open(s.as_bytes(), &EncodingRs) else {
        return;
    };
    for g in &lib.games {
        let (back, fault) = read_cbf(&write_cbf(g));
        assert_eq!(fault, None);
        let back = back.expect("a game");
        assert_eq!(back.start(), g.start());
        let line = |t: &xiangqi_club::xiangqi::tree::GameTree| {
            t.main_line()
                .last()
                .map(|&id| t.moves_to(id))
                .unwrap_or_default()
        };
        assert_eq!(line(&back), line(g));
    }
}

#[test]
fn cbr_fast() {
    cbr_archives(FAST);
}
#[test]
fn cbl_fast() {
    cbl_archives(FAST);
}
#[test]
fn cbf_fast() {
    cbf_archives(FAST);
}

#[test]
#[ignore = "deep run: cargo test --test fuzz_parsers -- --ignored"]
fn archives_deep() {
    cbr_archives(DEEP);
    cbf_archives(DEEP);
    cbl_archives(DEEP);
}

// ------------------------------------------------ every reader: formats named inside, cut files

/// Words that name the other formats, as a comment or a header may quote them.
const NAMES: &[&str] = &[
    "<ChineseChessRecord Version=\"1.0\">",
    "<?xml version=\"1.0\"?><ChineseChessRecord>",
    "[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]",
    "[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]",
    "[Event \"x\"] 1. h2e2 h9g7 *",
    "CCBridge Record",
    "CCBridgeLibrary",
    "XQ\u{a}",
];

/// `tree` written as `format` (a library of it and the endgame for CBL).
fn written(format: archive::Format, tree: &xiangqi_club::xiangqi::tree::GameTree) -> Vec<u8> {
    use archive::Format;
    use xiangqi_club::xiangqi::notation::{cbf::write_cbf, dhtmlxq::write_dhtmlxq, xqf::write_xqf};
    match format {
        Format::Pgn => write_tree(tree, Notation::Chinese).into_bytes(),
        Format::DhtmlXq => write_dhtmlxq(tree).into_bytes(),
        Format::Xqf => write_xqf(tree, &EncodingRs),
        Format::Cbr => cbr_writer::write_cbr(tree),
        Format::Cbl => cbr_writer::write_cbl("库", &[tree.clone(), archive_trees()[1].clone()]),
        Format::Cbf => write_cbf(tree).into_bytes(),
    }
}

/// The main line's moves: what every format carries.
fn line_of(t: &xiangqi_club::xiangqi::tree::GameTree) -> Vec<Move> {
    t.main_line()
        .last()
        .map(|&id| t.moves_to(id))
        .unwrap_or_default()
}

/// A game whose title, comments and (in CBF) an XML comment name other formats, written as one
/// format: it opens as that format with its main line.
fn check_named((format, seed, names, at): (archive::Format, usize, Vec<&str>, usize)) {
    let mut tree = archive_trees()[seed].clone();
    let said = names.join(" ");
    tree.set_tag("Title", &said);
    tree.set_tag("Event", names[0]);
    let ids: Vec<_> = tree.ids().collect();
    tree.add_comment(ids[at % ids.len()], &said);
    tree.add_comment(tree.root(), names[names.len() - 1]);
    let mut bytes = written(format, &tree);
    if format == archive::Format::Cbf {
        let line = bytes.iter().position(|&b| b == b'\n').unwrap_or(0);
        let note = format!("\n<!-- {} -->", said.replace("--", "- -"));
        bytes.splice(line..line, note.into_bytes());
    }
    assert_eq!(archive::Format::detect(&bytes), Some(format), "{said}");
    let lib = archive::open(&bytes, &EncodingRs).unwrap_or_else(|e| panic!("{format:?}: {e}"));
    assert_eq!(lib.format, format);
    assert!(lib.stopped.is_none(), "{format:?}: {:?}", lib.stopped);
    assert_eq!(line_of(&lib.games[0]), line_of(&tree), "{format:?}: {said}");
    check_archive(bytes);
}

fn named(n: u32) {
    let names = proptest::collection::vec(proptest::sample::select(NAMES), 1..4);
    let shape = (
        proptest::sample::select(archive::Format::ALL.to_vec()),
        0..archive_trees().len(),
        names,
        any::<usize>(),
    );
    fuzz(n, shape, check_named);
}

/// A file of each format, cut at any offset: what reads is the whole file's game (or, for a
/// library, its first games whole), or the cut is said (damage or an error); never fewer moves
/// in silence. PGN cannot tell a cut between moves: its cut game is the whole one's beginning.
fn check_cut((format, seed, at): (archive::Format, usize, usize)) {
    let bytes = written(format, &archive_trees()[seed]);
    let whole = archive::open(&bytes, &EncodingRs).expect("the whole file");
    assert!(whole.stopped.is_none());
    let cut = &bytes[..at % bytes.len()];
    let Ok(lib) = archive::open(cut, &EncodingRs) else {
        return check_archive(cut.to_vec());
    };
    if lib.stopped.is_some() {
        return check_archive(cut.to_vec());
    }
    match format {
        archive::Format::Pgn => {
            let (part, all) = (line_of(&lib.games[0]), line_of(&whole.games[0]));
            assert!(
                all.starts_with(&part),
                "cut at {} of {}",
                cut.len(),
                bytes.len()
            );
        }
        archive::Format::Cbl => {
            for (a, b) in lib.games.iter().zip(&whole.games) {
                assert_eq!(a.first_difference(b), None, "cut at {}", cut.len());
            }
        }
        _ => {
            assert_eq!(lib.games.len(), 1, "{format:?} cut at {}", cut.len());
            let d = lib.games[0].first_difference(&whole.games[0]);
            assert_eq!(
                d,
                None,
                "{format:?} cut at {} of {}",
                cut.len(),
                bytes.len()
            );
        }
    }
}

fn cuts(n: u32) {
    let shape = (
        proptest::sample::select(archive::Format::ALL.to_vec()),
        0..archive_trees().len(),
        any::<usize>(),
    );
    fuzz(n, shape, check_cut);
}

#[test]
fn formats_named_inside_fast() {
    named(FAST);
}

#[test]
fn cut_files_fast() {
    cuts(FAST);
}

#[test]
#[ignore = "deep run: cargo test --test fuzz_parsers -- --ignored"]
fn names_and_cuts_deep() {
    named(DEEP);
    cuts(DEEP);
}

// ------------------------------------------------------------------------------------ XQF

/// XQF files: the fixtures and the writer's files (unkeyed, keyed, keyed with rotated slots) of
/// the PGN seeds that read as trees, so that edits land in headers, keys, boards and records.
fn xqf_seeds() -> Vec<Vec<u8>> {
    use xiangqi_club::text::EncodingRs;
    use xiangqi_club::xiangqi::notation::xqf::{write_xqf_with, XqfKeys};
    let mut v: Vec<Vec<u8>> = std::fs::read_dir(data("xqf"))
        .map(|d| {
            d.flatten()
                .filter_map(|e| std::fs::read(e.path()).ok())
                .collect()
        })
        .unwrap_or_default();
    assert!(v.len() >= 4, "XQF fixtures found: {}", v.len());
    let keys = [
        XqfKeys {
            version: 10,
            ..XqfKeys::PLAIN
        },
        XqfKeys {
            version: 12,
            mask: 0xA5,
            or: [1, 2, 3, 4],
            xy: 0x9C,
            from: 0x3D,
            to: 0xE1,
        },
        XqfKeys::PLAIN,
    ];
    for (i, b) in pgn_seeds().iter().enumerate() {
        if let Ok(tree) = read_tree(&decode(b).0) {
            v.push(write_xqf_with(&tree, &EncodingRs, keys[i % keys.len()]));
        }
    }
    v
}

/// Every line of a tree, root to leaf, in order: what an XQF file must carry unchanged.
fn xqf_lines(t: &xiangqi_club::xiangqi::tree::GameTree) -> Vec<Vec<Move>> {
    t.ids()
        .filter(|&id| t.children(id).is_empty())
        .map(|id| t.moves_to(id))
        .collect()
}

fn check_xqf(b: Vec<u8>) {
    use xiangqi_club::text::EncodingRs;
    use xiangqi_club::xiangqi::notation::archive;
    use xiangqi_club::xiangqi::notation::xqf::{read_xqf, write_xqf};
    match read_xqf(&b, &EncodingRs) {
        Ok(t) => {
            // Whatever reads is written and read back with its start and every line.
            let w = write_xqf(&t, &EncodingRs);
            let back = read_xqf(&w, &EncodingRs).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(back.start(), t.start());
            assert_eq!(xqf_lines(&back), xqf_lines(&t));
        }
        Err(e) => {
            said_both(&e);
            assert!(e.offset <= b.len(), "{e}");
        }
    }
    match archive::open(&b, &EncodingRs) {
        // An XQF that opens has its game (other formats have their own checks above).
        Ok(lib) => assert!(lib.format != archive::Format::Xqf || lib.games.len() == 1),
        Err(e) => said_both(&e),
    }
}

fn xqf(n: u32) {
    fuzz(n, bytes(xqf_seeds()), check_xqf);
}

#[test]
fn xqf_fast() {
    xqf(FAST);
}

#[test]
#[ignore = "deep run: cargo test --test fuzz_parsers -- --ignored"]
fn xqf_deep() {
    xqf(DEEP);
}

// ------------------------------------------------------------------------------------ the move box

fn typed_seeds() -> Vec<String> {
    let mut v = move_seeds();
    v.extend(
        [
            "砲二平五",
            "馬８進７",
            "後車進一",
            "ｈ２－ｅ２",
            "Ｃ２＝５",
            "+R+1",
            "h2-",
            "炮二",
            "中兵平四",
            "一兵进一",
            "25.6",
        ]
        .map(str::to_string),
    );
    v
}

/// A typed move reads as a legal move or a typed error said in both languages; every completion
/// is legal and its text reads back as the same move.
fn check_typed(s: String) {
    use xiangqi_club::xiangqi::notation::typed::{complete, read};
    let tandem = Position::from_fen("4k4/9/9/9/9/6R2/9/6R2/9/3K5 w - - 0 1").unwrap();
    for pos in [Position::start(), tandem] {
        match read(&pos, &s) {
            Ok(m) => assert!(pos.legal_moves().contains(&m)),
            Err(e) => said_both(&e),
        }
        for n in Notation::ALL {
            for c in complete(&pos, &s, n) {
                assert!(pos.legal_moves().contains(&c.mv));
                assert_eq!(read(&pos, &c.text), Ok(c.mv), "{} from `{s}`", c.text);
            }
        }
    }
}

fn typed(n: u32) {
    fuzz(n, text(typed_seeds()), check_typed);
}

#[test]
fn typed_moves_fast() {
    typed(FAST);
}

#[test]
#[ignore = "deep run: cargo test --test fuzz_parsers -- --ignored"]
fn typed_moves_deep() {
    typed(DEEP);
}

// ------------------------------------------------------------------------------------ round trips

/// PGN: a tree read, written in each notation and read again, is the same tree (comments with
/// U+FFFD and control characters included).
fn check_pgn_round_trip(s: String) {
    let Ok(t) = read_tree(&s) else { return };
    for n in [Notation::Chinese, Notation::Wxf, Notation::Iccs] {
        let text = write_tree(&t, n);
        let back = read_tree(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        if let Some(d) = back.first_difference(&t) {
            panic!("{n:?}: {d}\n{s:?}\n{text}");
        }
    }
}

/// XQF: a file read, written and read again is the same tree, whenever the writer says it
/// leaves nothing out (a text GBK cannot write, read from a Big5 or UTF-8 file, is said).
fn check_xqf_round_trip(b: Vec<u8>) {
    use xiangqi_club::text::EncodingRs;
    use xiangqi_club::xiangqi::notation::xqf::{left_out, read_xqf, write_xqf};
    let Ok(t) = read_xqf(&b, &EncodingRs) else {
        return;
    };
    if left_out(&t, &EncodingRs).is_some() {
        return;
    }
    let back = read_xqf(&write_xqf(&t, &EncodingRs), &EncodingRs).unwrap_or_else(|e| panic!("{e}"));
    if let Some(d) = back.first_difference(&t) {
        panic!("{d}");
    }
}

/// DhtmlXQ: a text read, written and read again is the same tree.
fn check_dhtmlxq_round_trip(s: String) {
    use xiangqi_club::xiangqi::notation::dhtmlxq::{read_dhtmlxq, write_dhtmlxq};
    let Ok(t) = read_dhtmlxq(&s) else { return };
    let text = write_dhtmlxq(&t);
    let back = read_dhtmlxq(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    if let Some(d) = back.first_difference(&t) {
        panic!("{d}\n{s:?}\n{text}");
    }
}

fn round_trips(n: u32) {
    let mut pgn = pgn_text_seeds();
    pgn.push("1. 炮二平五 {a\u{FFFD}b\u{1}\u{1f}c} 马8进7 ;d\u{FFFD}\u{7}e\n2. 马二进三 *".into());
    fuzz(n, text(pgn), check_pgn_round_trip);
    fuzz(n, bytes(xqf_seeds()), check_xqf_round_trip);
    fuzz(n, text(dhtmlxq_seeds()), check_dhtmlxq_round_trip);
}

#[test]
fn read_write_read_is_the_identity_fast() {
    round_trips(FAST);
}

#[test]
#[ignore = "deep run: cargo test --test fuzz_parsers -- --ignored"]
fn read_write_read_is_the_identity_deep() {
    round_trips(DEEP);
}

// ---------------------------------------------------------------------------- the opening explorer

/// A small book and the shard text of its index: the explorer's two formats.
fn explorer_seeds() -> (Vec<u8>, String) {
    use xiangqi_club::explorer::book::{Book, BookGame};
    use xiangqi_club::explorer::index::{Index, Keep, Played};
    use xiangqi_club::explorer::shard::{self, GameInfo};
    let lines = [
        "h2e2 h9g7 h0g2 i9h9",
        "h2e2 h9g7 h0g2 b9c7",
        "c3c4 g6g5 h2e2",
    ];
    let mut book = Book::new();
    for (i, l) in lines.iter().enumerate() {
        book.add(BookGame {
            red: format!("红{i}"),
            black: "黑".into(),
            event: "赛".into(),
            date: format!("19{i}0"),
            outcome: xiangqi_club::explorer::Outcome::from_token(["1-0", "0-1", "*"][i]),
            ecco: None,
            moves: l.split(' ').map(|m| m.parse().unwrap()).collect(),
        });
    }
    let played: Vec<Played> = book.games().iter().map(Played::of).collect();
    let keep = Keep {
        min_games: 1,
        plies: 10,
        top: 2,
    };
    let index = Index::build(&played, keep, |_| 0);
    let shards = shard::shards(&index, |n| GameInfo {
        red: book.games()[n as usize].red.clone(),
        black: "黑".into(),
        event: "赛\t事".into(),
        year: Some(1990),
        outcome: book.games()[n as usize].outcome,
        ecco: None,
    });
    let text: String = shards.values().map(|s| s.write()).collect();
    (book.write().unwrap(), text)
}

fn check_book(b: Vec<u8>) {
    use xiangqi_club::explorer::book::Book;
    match Book::read(&b) {
        Ok(book) => {
            let again = Book::read(&book.write().unwrap()).unwrap();
            assert_eq!(again.games(), book.games());
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
}

fn check_shard(s: String) {
    use xiangqi_club::explorer::shard::Shard;
    match Shard::parse(&s) {
        Ok(shard) => {
            let text = shard.write();
            assert_eq!(Shard::parse(&text).unwrap().write(), text);
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
}

fn explorer(n: u32) {
    let (book, shard) = explorer_seeds();
    fuzz(n, bytes(vec![book]), check_book);
    fuzz(n, text(vec![shard]), check_shard);
}

#[test]
fn explorer_formats_fast() {
    explorer(FAST);
}

#[test]
#[ignore = "deep run: cargo test --test fuzz_parsers -- --ignored"]
fn explorer_formats_deep() {
    explorer(DEEP);
}

/// The game database's parsers of outside bytes (#/games): a stored game's record, a saved
/// catalogue and a zip's central directory.
fn games_db_seeds() -> (Vec<u8>, Vec<u8>, Vec<u8>) {
    use xiangqi_club::games::import::import_file;
    use xiangqi_club::games::zip::NoInflater;
    use xiangqi_club::text::EncodingRs;
    let pgn = std::fs::read(data("games-db/yang-334.pgn")).unwrap();
    let got = import_file("yang-334.pgn", &pgn, &EncodingRs, &NoInflater);
    let record = got.games[0].to_bytes();
    let mut cat = xiangqi_club::games::search::Catalogue::new();
    cat.add(1, &got.games[0]);
    let zip = std::fs::read(data("games-db/games.zip")).unwrap();
    (record, cat.to_bytes(), zip)
}

fn check_catalogue(b: Vec<u8>) {
    use xiangqi_club::games::search::{Catalogue, Page, Query, Sort};
    match Catalogue::from_bytes(&b) {
        Ok(cat) => {
            let again = cat.to_bytes();
            assert_eq!(Catalogue::from_bytes(&again).unwrap().to_bytes(), again);
            let page = Page { number: 0, size: 5 };
            let start = Some(Position::start().fen());
            for q in [
                Query::default(),
                Query {
                    fen: start.clone(),
                    ..Query::default()
                },
                Query {
                    fen: start,
                    material: true,
                    ..Query::default()
                },
            ] {
                cat.search(&q, Sort::default(), page).unwrap();
            }
            cat.explore(&Position::start());
        }
        Err(e) => said_both(&e),
    }
}

fn check_stored_game(b: Vec<u8>) {
    use xiangqi_club::games::record::StoredGame;
    match StoredGame::from_bytes(&b) {
        Ok(g) => assert_eq!(StoredGame::from_bytes(&g.to_bytes()), Ok(g)),
        Err(e) => said_both(&e),
    }
}

fn check_zip(b: Vec<u8>) {
    use xiangqi_club::games::zip::{Directory, NoInflater};
    use xiangqi_club::text::EncodingRs;
    match Directory::read(&b, &EncodingRs) {
        Ok(dir) => {
            dir.refused.iter().for_each(said_both);
            for m in &dir.members {
                if let Err(e) = m.bytes(&b, &NoInflater) {
                    said_both(&e);
                }
            }
        }
        Err(e) => said_both(&e),
    }
}

fn games_db(n: u32) {
    let (record, cat, zip) = games_db_seeds();
    fuzz(n, bytes(vec![record]), check_stored_game);
    fuzz(n, bytes(vec![cat]), check_catalogue);
    fuzz(n, bytes(vec![zip]), check_zip);
}

#[test]
fn games_db_formats_fast() {
    games_db(FAST);
}

#[test]
#[ignore = "deep run: cargo test --test fuzz_parsers -- --ignored"]
fn games_db_formats_deep() {
    games_db(DEEP);
}
