//! The game database's core (#/games, issue 54): stored games and their bytes, duplicates,
//! import of files and zips within the caps, search (names in either script, ECCO, position by
//! any move order or by material, sorting and paging), the explorer over imported games, and a
//! saved selection read back. Data: tests/data/games-db (see its README).

// Reads files from disk and decodes Big5 with the native tables: not a wasm32 test.
#![cfg(not(target_arch = "wasm32"))]

use std::path::Path;
use xiangqi_club::explorer::index::{Index, Keep, Played};
use xiangqi_club::explorer::Outcome;
use xiangqi_club::games::import::{
    check_drop, import_file, Fault, FileImport, MAX_GAMES_PER_FILE, MAX_IMPORT_BYTES,
    MAX_IMPORT_FILES,
};
use xiangqi_club::games::record::{RecordError, StoredGame, VERSION};
use xiangqi_club::games::save::library;
use xiangqi_club::games::search::{Catalogue, Page, Query, Sort, SortKey};
use xiangqi_club::games::zip::{
    Directory, Inflate, InflateGuard, Method, NoInflater, ZipError, MAX_RATIO,
};
use xiangqi_club::lang::{Lang, Say};
use xiangqi_club::text::EncodingRs;
use xiangqi_club::xiangqi::notation::archive;
use xiangqi_club::xiangqi::notation::pgn::read_tree;
use xiangqi_club::xiangqi::{Move, Position};

fn data(name: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/games-db")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn import(name: &str) -> FileImport {
    import_file(name, &data(name), &EncodingRs, &NoInflater)
}

/// The one game of the dataset file `name`.
fn game(name: &str) -> StoredGame {
    let got = import(name);
    assert_eq!(got.errors, [], "{name}");
    assert_eq!(got.games.len(), 1, "{name}");
    got.games.into_iter().next().unwrap()
}

/// A game of `moves` (ICCS) from the initial position.
fn line(moves: &str, red: &str, black: &str, date: &str, outcome: &str) -> StoredGame {
    let pgn = format!(
        "[Red \"{red}\"]\n[Black \"{black}\"]\n[Date \"{date}\"]\n[Event \"Club\"]\n[Result \"{outcome}\"]\n\n{moves} {outcome}\n"
    );
    let got = import_file("made.pgn", pgn.as_bytes(), &EncodingRs, &NoInflater);
    assert_eq!(got.errors, [], "{moves}");
    got.games.into_iter().next().unwrap()
}

fn catalogue(games: &[StoredGame]) -> Catalogue {
    let mut cat = Catalogue::new();
    for (i, g) in games.iter().enumerate() {
        cat.add(i as u32, g);
    }
    cat
}

/// The ids `query` finds, in the order added.
fn found(cat: &Catalogue, query: &Query) -> Vec<u32> {
    let page = Page {
        number: 0,
        size: 500,
    };
    let hits = cat.search(query, Sort::default(), page).unwrap();
    let mut ids: Vec<u32> = hits.rows.iter().map(|r| r.id).collect();
    ids.sort_unstable();
    assert_eq!(hits.total, ids.len());
    ids
}

fn fen_after(moves: &str) -> String {
    let mut pos = Position::start();
    for m in moves.split_whitespace() {
        pos.play(Move::from_iccs(m).unwrap()).unwrap();
    }
    pos.fen()
}

#[test]
fn a_stored_game_reads_back_compactly_and_a_newer_version_is_refused() {
    let g = game("yang-334.pgn");
    assert_eq!(g.red, "廣東呂欽");
    assert_eq!(g.black, "廣東楊官璘");
    assert_eq!(g.outcome, Outcome::Draw);
    assert_eq!(g.ecco.map(|e| e.to_string()).as_deref(), Some("A28"));
    assert_eq!(g.year(), Some(1981));
    assert_eq!(
        (g.source.file.as_str(), g.source.number),
        ("yang-334.pgn", 1)
    );
    assert_eq!(g.record, None, "a plain game keeps no record text");
    let bytes = g.to_bytes();
    assert!(
        bytes.len() * 5 < data("yang-334.pgn").len(),
        "{} bytes stored for a {}-byte PGN",
        bytes.len(),
        data("yang-334.pgn").len()
    );
    assert_eq!(StoredGame::from_bytes(&bytes), Ok(g.clone()));

    let mut newer = bytes.clone();
    newer[3] = VERSION + 1;
    let refused = StoredGame::from_bytes(&newer);
    assert_eq!(refused, Err(RecordError::NewerVersion(VERSION + 1)));
    let said = refused.unwrap_err();
    assert!(said.say(Lang::Zh).contains("新版本"));
    assert!(said.say(Lang::En).contains("newer"));

    // The tree to open on #/play: the main line and the headers.
    let tree = g.to_tree();
    assert_eq!(tree.main_line().len(), g.moves.len());
    assert_eq!(tree.tag("Red"), Some("廣東呂欽"));
    assert_eq!(tree.tag("Result"), Some("1/2-1/2"));
}

#[test]
fn a_game_with_variations_comments_or_its_own_start_keeps_them() {
    let pgn = "[Red \"甲\"]\n[Black \"乙\"]\n[Result \"1-0\"]\n\n1. 炮二平五 {中炮} 马８进７ (1... 炮８平５ 2. 马二进三) 2. 马二进三 1-0\n";
    let got = import_file("notes.pgn", pgn.as_bytes(), &EncodingRs, &NoInflater);
    let g = &got.games[0];
    assert!(g.record.is_some());
    let back = StoredGame::from_bytes(&g.to_bytes()).unwrap();
    let tree = back.to_tree();
    assert_eq!(tree.variation_count(), 1);
    assert_eq!(tree.comment_count(), 1);
    assert_eq!(back.moves.len(), 3);

    let fen = "3k5/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1";
    let pgn = format!("[FEN \"{fen}\"]\n[Result \"*\"]\n\n1. 仕五进六 *\n");
    let got = import_file("end.pgn", pgn.as_bytes(), &EncodingRs, &NoInflater);
    let g = &got.games[0];
    assert_eq!(g.start.as_deref(), Some(fen));
    let back = StoredGame::from_bytes(&g.to_bytes()).unwrap();
    assert_eq!(&back, g);
    assert_eq!(back.to_tree().start().fen(), fen);
}

#[test]
fn the_same_game_twice_has_one_dedupe_key() {
    let a = game("lv-0001.pgn");
    let b = game("lv-0001-copy.pgn");
    assert_ne!(a.source, b.source);
    assert_eq!(a.dedupe_key(), b.dedupe_key());
    assert_ne!(a.dedupe_key(), game("yang-334.pgn").dedupe_key());
    let x = line("h2e2 h9g7", "甲", "乙", "2001", "1-0");
    let mut y = line("h2e2 h9g7", "甲", "乙", "2001", "0-1");
    assert_eq!(
        x.dedupe_key(),
        y.dedupe_key(),
        "the result is not in the key"
    );
    y = line("h2e2 h9g7", "甲", "乙", "2002", "1-0");
    assert_ne!(x.dedupe_key(), y.dedupe_key());
}

#[test]
fn unreadable_files_and_games_are_said_and_the_import_goes_on() {
    let cut = import("cut.pgn");
    assert_eq!(cut.games.len(), 1, "the part before the cut is kept");
    let [e] = cut.errors.as_slice() else {
        panic!("{:?}", cut.errors)
    };
    assert_eq!(e.file, "cut.pgn");
    let Fault::Unread(why) = &e.fault else {
        panic!("{e:?}")
    };
    assert_eq!(why.format().map(|f| f.name()), Some("PGN"));
    let en = e.say(Lang::En);
    assert!(en.contains("cut.pgn") && en.contains("700"), "{en}");
    assert!(
        e.say(Lang::Zh).contains("第 700 字节"),
        "{}",
        e.say(Lang::Zh)
    );

    let notes = import("notes.txt");
    assert_eq!(notes.games, []);
    assert!(matches!(notes.errors[0].fault, Fault::Unread(_)));

    let empty = import_file("empty.pgn", b"[Red \"x\"]\n\n*\n", &EncodingRs, &NoInflater);
    assert_eq!(empty.games, []);
    assert!(!empty.errors.is_empty());
}

#[test]
fn the_caps_refuse_a_drop_before_any_file_is_read() {
    assert_eq!(check_drop(53_893, 213 << 20), Ok(()));
    let many = check_drop(10_000_000, 10_000_000).unwrap_err();
    assert_eq!(many.fault, Fault::TooManyFiles(10_000_000));
    assert!(many.say(Lang::En).contains(&MAX_IMPORT_FILES.to_string()));
    assert!(many.say(Lang::Zh).contains("分批"));
    let big = check_drop(3, MAX_IMPORT_BYTES + 1).unwrap_err();
    assert_eq!(big.fault, Fault::TooManyBytes(MAX_IMPORT_BYTES + 1));
    assert!(big.say(Lang::En).contains("1024 MB"));

    let games = "[Event \"x\"]\n\n1. 炮二平五 马８进７ *\n\n".repeat(MAX_GAMES_PER_FILE + 2);
    let got = import_file("many.pgn", games.as_bytes(), &EncodingRs, &NoInflater);
    assert_eq!(got.games.len(), MAX_GAMES_PER_FILE);
    assert!(got
        .errors
        .iter()
        .any(|e| e.fault == Fault::TooManyGames(MAX_GAMES_PER_FILE + 2)));
}

/// Raw deflate through `miniz_oxide`, stopped by the guard where a browser's stream would be.
struct Miniz;

impl Inflate for Miniz {
    fn inflate(&self, deflated: &[u8], guard: &mut InflateGuard) -> Result<Vec<u8>, ZipError> {
        let room = guard.room() as usize;
        match miniz_oxide::inflate::decompress_to_vec_with_limit(deflated, room + 1) {
            Ok(out) => guard.take(out.len()).map(|_| out),
            Err(e) if e.status == miniz_oxide::inflate::TINFLStatus::HasMoreOutput => {
                guard.take(room + 1).map(|_| Vec::new())
            }
            Err(_) => Err(guard.bad_deflate()),
        }
    }
}

/// Where the central directory entry of member `n` (from 0) starts in `zip`.
fn central(zip: &[u8], n: usize) -> usize {
    (0..zip.len() - 4)
        .filter(|&i| zip[i..i + 4] == [0x50, 0x4b, 1, 2])
        .nth(n)
        .unwrap()
}

#[test]
fn a_real_zip_imports_its_stored_and_deflated_members() {
    let zip = data("games.zip");
    let dir = Directory::read(&zip, &EncodingRs).unwrap();
    let members: Vec<(&str, Method)> = dir
        .members
        .iter()
        .map(|m| (m.name.as_str(), m.method))
        .collect();
    assert_eq!(
        members,
        [
            ("club/yang-334.pgn", Method::Deflate),
            ("club/hu.pgn", Method::Deflate),
            ("xu.pgn", Method::Stored)
        ]
    );
    let got = import_file("games.zip", &zip, &EncodingRs, &Miniz);
    assert_eq!(got.errors, []);
    let files: Vec<&str> = got.games.iter().map(|g| g.source.file.as_str()).collect();
    assert_eq!(
        files,
        [
            "games.zip/club/yang-334.pgn",
            "games.zip/club/hu.pgn",
            "games.zip/xu.pgn"
        ]
    );
    assert_eq!(got.games[0].moves, game("yang-334.pgn").moves);

    // Without an inflater (the command line), the stored member still imports.
    let stored = import_file("games.zip", &zip, &EncodingRs, &NoInflater);
    assert_eq!(stored.games.len(), 1);
    assert_eq!(stored.errors.len(), 2);
}

#[test]
fn a_zip_bomb_zip64_a_lying_header_and_a_cut_zip_are_refused() {
    let zip = data("games.zip");
    // Member 0 declares 101 times its compressed size: refused before inflating, the rest read.
    let mut bomb = zip.clone();
    let at = central(&bomb, 0);
    let compressed = u32::from_le_bytes(bomb[at + 20..at + 24].try_into().unwrap());
    let declared = compressed * (MAX_RATIO as u32 + 1);
    bomb[at + 24..at + 28].copy_from_slice(&declared.to_le_bytes());
    let got = import_file("bomb.zip", &bomb, &EncodingRs, &Miniz);
    assert_eq!(got.games.len(), 2);
    let [e] = got.errors.as_slice() else {
        panic!("{:?}", got.errors)
    };
    assert!(
        matches!(&e.fault, Fault::Zip(ZipError::Bomb { name, .. }) if name == "club/yang-334.pgn")
    );
    assert!(e.say(Lang::Zh).contains("zip 炸弹"));

    // A header that declares less than the member inflates to: stopped while inflating.
    let mut liar = zip.clone();
    let at = central(&liar, 0);
    liar[at + 24..at + 28].copy_from_slice(&1000u32.to_le_bytes());
    let got = import_file("liar.zip", &liar, &EncodingRs, &Miniz);
    assert!(got
        .errors
        .iter()
        .any(|e| matches!(&e.fault, Fault::Zip(ZipError::Overflow { size: 1000, .. }))));

    // Zip64: the end record's count at 0xFFFF, or a Zip64 locator before it.
    let mut zip64 = zip.clone();
    let end = zip64.len() - 22;
    zip64[end + 10..end + 12].copy_from_slice(&[0xff, 0xff]);
    assert_eq!(Directory::read(&zip64, &EncodingRs), Err(ZipError::Zip64));
    let mut located = zip[..end].to_vec();
    located.extend_from_slice(&[0x50, 0x4b, 6, 7]);
    located.extend_from_slice(&[0; 16]);
    located.extend_from_slice(&zip[end..]);
    assert_eq!(Directory::read(&located, &EncodingRs), Err(ZipError::Zip64));
    assert!(ZipError::Zip64.say(Lang::En).contains("Zip64"));

    // Cut: no end record; cut in the directory: damaged where it stops.
    let cut = import_file("cut.zip", &zip[..zip.len() / 2], &EncodingRs, &Miniz);
    assert_eq!(cut.games, []);
    assert!(matches!(cut.errors[0].fault, Fault::Zip(ZipError::NotZip)));
    let mut lost = zip.clone();
    let beyond = (zip.len() as u32).to_le_bytes();
    lost[end + 16..end + 20].copy_from_slice(&beyond);
    let damaged = Directory::read(&lost, &EncodingRs).unwrap_err();
    assert!(matches!(damaged, ZipError::Damaged { at, .. } if at == zip.len() as u64));
    assert!(damaged.say(Lang::Zh).contains("中央目录项"));
}

fn names_dataset() -> Vec<StoredGame> {
    let mut games: Vec<StoredGame> = ["yang-334.pgn", "lv-0001.pgn", "hu.pgn", "xu.pgn"]
        .iter()
        .map(|n| game(n))
        .collect();
    games.push(line("h2e2 h9g7", "吕钦", "许银川", "1995.3", "1-0"));
    games
}

#[test]
fn names_are_found_in_either_script_and_behind_a_team() {
    let games = names_dataset();
    let cat = catalogue(&games);
    let by = |player: &str| {
        found(
            &cat,
            &Query {
                player: player.into(),
                ..Query::default()
            },
        )
    };
    // 吕钦 finds 廣東呂欽 (two dataset games) and the simplified 吕钦.
    assert_eq!(by("吕钦"), [0, 1, 4]);
    assert_eq!(by("呂欽"), [0, 1, 4]);
    assert_eq!(by("杨官璘"), [0]);
    assert_eq!(by("許銀川"), [3, 4]);
    assert_eq!(by("nobody"), Vec::<u32>::new());
    let pair = Query {
        player: "许银川".into(),
        opponent: "呂欽".into(),
        ..Query::default()
    };
    assert_eq!(found(&cat, &pair), [4]);
    let event = Query {
        event: "五羊杯".into(),
        ..Query::default()
    };
    assert_eq!(found(&cat, &event), [3]);
    let years = Query {
        years: Some((1960, 1990)),
        ..Query::default()
    };
    assert_eq!(found(&cat, &years), [0, 2]);
    let draws = Query {
        outcome: Some(Outcome::Draw),
        ..Query::default()
    };
    assert_eq!(found(&cat, &draws), [0]);
}

#[test]
fn the_ecco_filter_takes_a_code_its_start_or_its_name() {
    let games = names_dataset();
    let cat = catalogue(&games);
    let eco = |text: &str| {
        found(
            &cat,
            &Query {
                eco: text.into(),
                ..Query::default()
            },
        )
    };
    let codes: Vec<String> = games.iter().map(|g| g.ecco.unwrap().to_string()).collect();
    assert_eq!(codes[0], "A28");
    assert_eq!(eco("A28"), [0]);
    assert_eq!(eco("a2"), [0]);
    assert_eq!(eco("飛相局"), [0], "a name in traditional characters");
    assert_eq!(eco("Elephant"), [0]);
    let all_c: Vec<u32> = (0..5)
        .filter(|&i| codes[i].starts_with('C'))
        .map(|i| i as u32)
        .collect();
    assert_eq!(eco("C"), all_c);
}

#[test]
fn a_position_is_found_by_any_move_order_and_only_with_its_side_to_move() {
    let games = vec![
        line("h2e2 h9g7 b0c2 i9h9", "甲", "乙", "2001", "1-0"),
        line("b0c2 h9g7 h2e2 i9h9", "丙", "丁", "2002", "0-1"),
        line("h2e2 h9g7 h0g2", "戊", "己", "2003", "1/2-1/2"),
    ];
    let cat = catalogue(&games);
    let at = |fen: String| {
        found(
            &cat,
            &Query {
                fen: Some(fen),
                ..Query::default()
            },
        )
    };
    let after3 = fen_after("h2e2 h9g7 b0c2");
    assert_eq!(at(after3.clone()), [0, 1], "a transposition finds both");
    assert_eq!(at(fen_after("h2e2 h9g7")), [0, 2]);
    // The same board with Red to move was never reached.
    let red_to_move = after3.replace(" b ", " w ");
    assert_ne!(red_to_move, after3);
    assert_eq!(at(red_to_move), Vec::<u32>::new());
    let bad = cat.search(
        &Query {
            fen: Some("not a fen".into()),
            ..Query::default()
        },
        Sort::default(),
        Page {
            number: 0,
            size: 10,
        },
    );
    assert!(bad.unwrap_err().say(Lang::Zh).contains("不是合法的局面"));
}

#[test]
fn material_search_finds_the_same_pieces_anywhere() {
    // Game 0 trades Red's cannon for Black's horse: 炮八进七 takes b9, 车9平8 takes back.
    let games = vec![
        line("b2b9 a9b9 h2e2", "甲", "乙", "2001", "1-0"),
        line("h2e2 h9g7", "丙", "丁", "2002", "0-1"),
    ];
    let cat = catalogue(&games);
    let after = fen_after("b2b9 a9b9");
    // The same pieces (a red cannon and a black horse gone) placed otherwise, Red to move.
    let moved = fen_after("b2b9 a9b9 h2e2 h9g7 h0g2");
    let exact = |fen: &str, material: bool| {
        found(
            &cat,
            &Query {
                fen: Some(fen.into()),
                material,
                ..Query::default()
            },
        )
    };
    assert_eq!(exact(&after, false), [0]);
    assert_eq!(exact(&moved, false), Vec::<u32>::new());
    assert_eq!(exact(&moved, true), [0]);
    assert_eq!(exact(&Position::start().fen(), true), [0, 1]);
    // Fewer pieces than either game ever had: none.
    assert_eq!(
        exact("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", true),
        Vec::<u32>::new()
    );
}

#[test]
fn results_sort_both_ways_and_page() {
    let games = vec![
        line("h2e2", "乙", "甲", "2003", "1-0"),
        line("h2e2 h9g7", "甲", "丙", "1999", "0-1"),
        line("h2e2 h9g7 h0g2", "丙", "乙", "2001", "1/2-1/2"),
        line("c3c4", "甲", "乙", "", "*"),
        line("b2e2", "丁", "甲", "2001", "1-0"),
    ];
    let cat = catalogue(&games);
    let ids = |key: SortKey, descending: bool, number: usize, size: usize| -> Vec<u32> {
        let sort = Sort { key, descending };
        let hits = cat
            .search(&Query::default(), sort, Page { number, size })
            .unwrap();
        assert_eq!(hits.total, 5);
        hits.rows.iter().map(|r| r.id).collect()
    };
    // By date: 1999, 2001 (in the order added), 2001, 2003, then the undated.
    assert_eq!(ids(SortKey::Date, false, 0, 10), [1, 2, 4, 0, 3]);
    assert_eq!(ids(SortKey::Date, true, 0, 10), [3, 0, 2, 4, 1]);
    let pages: Vec<u32> = (0..3)
        .flat_map(|n| ids(SortKey::Date, false, n, 2))
        .collect();
    assert_eq!(pages, [1, 2, 4, 0, 3]);
    assert_eq!(ids(SortKey::Date, false, 3, 2), Vec::<u32>::new());
    assert_eq!(ids(SortKey::Result, false, 0, 10), [0, 4, 2, 1, 3]);
    let players = ids(SortKey::Players, false, 0, 10);
    let reds: Vec<&str> = players
        .iter()
        .map(|&i| games[i as usize].red.as_str())
        .collect();
    let mut sorted = reds.clone();
    sorted.sort();
    assert_eq!(reds, sorted);
    let ecco = ids(SortKey::Ecco, true, 0, 10);
    let codes: Vec<_> = ecco.iter().map(|&i| games[i as usize].ecco).collect();
    assert!(codes.windows(2).all(|w| w[0] >= w[1]), "{codes:?}");
}

#[test]
fn the_explorer_over_imported_games_counts_as_the_built_in_one() {
    let mut games = names_dataset();
    games.push(line("h2e2 h9g7 b0c2", "甲", "乙", "2001", "0-1"));
    games.push(line("b0c2 h9g7 h2e2 b9c7", "丙", "丁", "1990", "1/2-1/2"));
    let cat = catalogue(&games);
    let played: Vec<Played> = games
        .iter()
        .map(|g| Played {
            moves: &g.moves,
            outcome: g.outcome,
            year: g.year(),
        })
        .collect();
    let keep = Keep {
        min_games: 1,
        plies: 400,
        top: 3,
    };
    let index = Index::build(&played, keep, |_| 0);
    for fen in [
        Position::start().fen(),
        fen_after("h2e2"),
        fen_after("h2e2 h9g7 b0c2"),
    ] {
        let pos = Position::from_fen(&fen).unwrap();
        let ours = cat.explore(&pos);
        let theirs = index.entry(xiangqi_club::explorer::key(&pos)).unwrap();
        assert_eq!(ours.total, theirs.total, "{fen}");
        assert_eq!(ours.moves, theirs.moves, "{fen}");
        assert!(!ours.top.is_empty());
    }
    let after3 = cat.explore(&Position::from_fen(&fen_after("h2e2 h9g7 b0c2")).unwrap());
    assert_eq!(after3.total.games, 2, "by any move order");
    assert_eq!(after3.moves.len(), 1);
}

#[test]
fn a_saved_selection_reads_back_with_its_trees() {
    let mut games = names_dataset();
    let pgn = "[Red \"甲\"]\n[Black \"乙\"]\n[Result \"1-0\"]\n\n1. 炮二平五 {中炮} 马８进７ (1... 炮８平５ 2. 马二进三) 2. 马二进三 1-0\n";
    games.extend(import_file("notes.pgn", pgn.as_bytes(), &EncodingRs, &NoInflater).games);
    let text = library(&games);
    let lib = archive::open(text.as_bytes(), &EncodingRs).unwrap();
    assert_eq!(lib.stopped, None);
    assert_eq!(lib.games.len(), games.len());
    for (tree, g) in lib.games.iter().zip(&games) {
        let back = StoredGame::from_tree(tree, "saved.pgn", 1).unwrap();
        assert_eq!(back.moves, g.moves);
        assert_eq!(
            (&back.red, &back.black, &back.date),
            (&g.red, &g.black, &g.date)
        );
        assert_eq!(back.outcome, g.outcome);
        assert_eq!(back.ecco, g.ecco);
        assert_eq!(back.dedupe_key(), g.dedupe_key());
    }
    let last = lib.games.last().unwrap();
    assert_eq!(last.variation_count(), 1);
    assert_eq!(last.comment_count(), 1);
    // And the stored record text itself reads as PGN.
    assert!(read_tree(games.last().unwrap().record.as_deref().unwrap()).is_ok());
}
