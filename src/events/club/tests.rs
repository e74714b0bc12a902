use super::*;
use crate::lang::{Lang, Say};
use crate::text::EncodingRs;

const SHEET: &str = "姓名,拼音,单位,出生年份,性别,等级分,FIDE ID\r\n\
王天一,Wang Tianyi,杭州,1989,男,2650,8600001\r\n\
\"Li, Na\",Li Na,\"Club \"\"A\"\"\",2001-05-03,女,,\r\n\
郑惟桐,Zheng Weitong,四川,1989,M,2600,8600002\r\n";

/// The day the games of these tests are recorded on (the edge gives the real one).
const TODAY: (i32, u32, u32) = (2026, 12, 31);

fn member(name: &str) -> NewMember {
    NewMember {
        name: name.into(),
        ..NewMember::default()
    }
}

fn preview(club: &Club, bytes: &[u8]) -> Preview {
    let (text, _) = decode(bytes, &EncodingRs).unwrap();
    Preview::new(club, &parse_table(&text)).unwrap()
}

#[test]
fn a_sheet_in_utf8_with_and_without_bom() {
    let club = Club::new();
    for bytes in [SHEET.as_bytes().to_vec(), {
        let mut b = b"\xEF\xBB\xBF".to_vec();
        b.extend(SHEET.as_bytes());
        b
    }] {
        let (text, enc) = decode(&bytes, &EncodingRs).unwrap();
        assert_eq!(enc, Encoding::Utf8);
        let p = Preview::new(&club, &parse_table(&text)).unwrap();
        assert_eq!(p.rows.len(), 3);
        let li = &p.rows[1].member;
        assert_eq!(li.name, "Li, Na");
        assert_eq!(li.club, "Club \"A\"");
        assert_eq!(li.birth_year, Some(2001));
        assert_eq!(li.sex, Some(Sex::F));
        assert_eq!(li.rating, None);
        let wang = &p.rows[0].member;
        assert_eq!(wang.romanised, "Wang Tianyi");
        assert_eq!(wang.rating, Some(2650));
        assert_eq!(wang.fide_id, "8600001");
        assert_eq!(p.rows[2].member.sex, Some(Sex::M));
        assert_eq!(p.new_count(), 3);
    }
}

#[test]
fn a_sheet_in_gbk() {
    let (bytes, _, bad) = encoding_rs::GBK.encode(SHEET);
    assert!(!bad);
    let (text, enc) = decode(&bytes, &EncodingRs).unwrap();
    assert_eq!(enc, Encoding::Gbk);
    assert_eq!(text, SHEET);
    let p = preview(&Club::new(), &bytes);
    assert_eq!(p.rows[0].member.name, "王天一");
    assert_eq!(p.rows[0].member.club, "杭州");
}

#[test]
fn a_sheet_in_utf16_with_bom_tab_separated() {
    // Excel's "Unicode text": UTF-16 LE with a byte-order mark, tabs between cells.
    let tsv = "姓名\t单位\t等级分\r\n许银川\t广东\t2580\r\n";
    let mut le = vec![0xFF, 0xFE];
    le.extend(tsv.encode_utf16().flat_map(u16::to_le_bytes));
    let mut be = vec![0xFE, 0xFF];
    be.extend(tsv.encode_utf16().flat_map(u16::to_be_bytes));
    for (bytes, want) in [(le, Encoding::Utf16Le), (be, Encoding::Utf16Be)] {
        let (text, enc) = decode(&bytes, &EncodingRs).unwrap();
        assert_eq!(enc, want);
        let p = Preview::new(&Club::new(), &parse_table(&text)).unwrap();
        assert_eq!(p.rows.len(), 1);
        assert_eq!(p.rows[0].member.name, "许银川");
        assert_eq!(p.rows[0].member.club, "广东");
        assert_eq!(p.rows[0].member.rating, Some(2580));
    }
}

#[test]
fn semicolons_and_english_headers() {
    let t = parse_table("Name;English name;Team;Rating\nA;a;T;1500\n");
    let p = Preview::new(&Club::new(), &t).unwrap();
    assert_eq!(
        p.columns.0,
        vec![
            Some(Field::Name),
            Some(Field::Romanised),
            Some(Field::Club),
            Some(Field::Rating)
        ]
    );
    assert_eq!(p.rows[0].member.rating, Some(1500));
}

#[test]
fn a_header_without_a_name_column_is_refused() {
    let t = parse_table("单位,等级分\n杭州,2000\n");
    assert!(matches!(
        Preview::new(&Club::new(), &t),
        Err(ImportError::NoNameColumn(_))
    ));
    // The organiser can pick the column by hand.
    let p = Preview::with_columns(
        &Club::new(),
        &t,
        Columns(vec![Some(Field::Name), Some(Field::Rating)]),
        2,
    )
    .unwrap();
    assert_eq!(p.rows[0].member.name, "杭州");
    assert!(matches!(
        Preview::new(&Club::new(), &[]),
        Err(ImportError::Empty)
    ));
}

#[test]
fn files_over_2_mb_and_too_many_rows_are_refused() {
    let big = vec![b'a'; MAX_FILE_BYTES + 1];
    assert_eq!(
        decode(&big, &EncodingRs),
        Err(ImportError::TooLarge(MAX_FILE_BYTES + 1))
    );
    let mut text = String::from("name\n");
    for i in 0..5000 {
        text.push_str(&format!("P{i}\n"));
    }
    assert_eq!(
        Preview::new(&Club::new(), &parse_table(&text)),
        Err(ImportError::TooManyRows(5000))
    );
}

#[test]
fn duplicates_by_name_and_id_are_found_before_adding() {
    let mut club = Club::new();
    club.add(NewMember {
        name: "王天一".into(),
        fide_id: "8600001".into(),
        ..NewMember::default()
    })
    .unwrap();
    // By name (spaces aside), by id, and within the file.
    assert_eq!(
        club.add(member(" 王 天一 ")),
        Err(ClubError::Duplicate("王天一".into()))
    );
    let t = parse_table("name,id\nWang T,8600001\nB,\nb,\nC,77\nD,77\n");
    let p = Preview::new(&club, &t).unwrap();
    let status: Vec<_> = p.rows.iter().map(|r| r.status.clone()).collect();
    assert_eq!(
        status,
        vec![
            RowStatus::Duplicate("王天一".into()),
            RowStatus::New,
            RowStatus::Duplicate("b".into()),
            RowStatus::New,
            RowStatus::Duplicate("D".into()),
        ]
    );
    assert_eq!(club.add_preview(&p), Ok(2));
    assert_eq!(club.members.len(), 3);
}

#[test]
fn bad_rows_are_marked_not_stored() {
    let long = "長".repeat(200);
    let t = parse_table(&format!(
        "name,rating,born\n{long},,\nA,abc,\nB,,1700\nC,1800,1990\n"
    ));
    let p = Preview::new(&Club::new(), &t).unwrap();
    assert_eq!(
        p.rows[0].status,
        RowStatus::Invalid(ClubError::NameTooLong(200))
    );
    assert_eq!(
        p.rows[1].status,
        RowStatus::Invalid(ClubError::OutOfRange(Field::Rating))
    );
    assert_eq!(
        p.rows[2].status,
        RowStatus::Invalid(ClubError::OutOfRange(Field::Birth))
    );
    assert_eq!(p.rows[3].status, RowStatus::New);
    let mut club = Club::new();
    assert_eq!(club.add_preview(&p), Ok(1));
    assert_eq!(club.add(member(&long)), Err(ClubError::NameTooLong(200)));
    assert_eq!(club.add(member("  ")), Err(ClubError::EmptyName));
}

#[test]
fn a_full_list_takes_nothing_half_way() {
    let mut club = Club::new();
    for i in 0..MAX_MEMBERS - 1 {
        club.add(member(&format!("P{i}"))).unwrap();
    }
    let t = parse_table("name\nX\nY\n");
    let p = Preview::new(&club, &t).unwrap();
    let before = club.clone();
    assert_eq!(
        club.add_preview(&p),
        Err(ClubError::TooMany(MAX_MEMBERS + 1))
    );
    assert_eq!(club, before);
    club.add(member("X")).unwrap();
    assert_eq!(
        club.add(member("Y")),
        Err(ClubError::TooMany(MAX_MEMBERS + 1))
    );
}

#[test]
fn formula_looking_names_are_neutralised_in_the_csv() {
    let mut club = Club::new();
    club.add(member("=cmd|' /C calc'!A0")).unwrap();
    club.add(NewMember {
        name: "+SUM(A1)".into(),
        club: "@x".into(),
        rating: Some(1500),
        ..NewMember::default()
    })
    .unwrap();
    let csv = club.rating_csv();
    assert!(csv.contains("\"'=cmd|' /C calc'!A0\""), "{csv}");
    assert!(csv.contains("1,\"'+SUM(A1)\",,\"'@x\",,,,1500,0"), "{csv}");
    for line in csv.lines() {
        for cell in line.split(',') {
            assert!(!cell.starts_with(['=', '+', '@']), "{cell}");
        }
    }
}

#[test]
fn save_load_and_versions() {
    let mut club = Club::new();
    club.add(member("A")).unwrap();
    let id = club.add(member("B")).unwrap();
    club.remove(id).unwrap();
    let back = Club::from_json(&club.to_json()).unwrap();
    assert_eq!(back, club);
    // A removed member's number is not given again.
    let mut back = back;
    assert_eq!(back.add(member("C")), Ok(3));
    assert_eq!(
        Club::from_json(r#"{"version":2,"members":[],"next_id":1}"#),
        Err(ClubError::Version(2))
    );
    assert!(matches!(Club::from_json("{oops"), Err(ClubError::Json(_))));
    // A hand-edited file whose next number is behind its members is mended.
    let c =
        Club::from_json(r#"{"version":1,"members":[{"id":7,"name":"A"}],"next_id":1}"#).unwrap();
    assert_eq!(c.next_id, 8);
    assert_eq!(c.members[0].standing.rating, None);
}

#[test]
fn an_event_copies_names_and_edits_do_not_reach_back() {
    let mut club = Club::new();
    let a = club.add(member("王天一")).unwrap();
    let b = club
        .add(NewMember {
            name: "郑惟桐".into(),
            rating: Some(2600),
            ..NewMember::default()
        })
        .unwrap();
    assert_eq!(club.entrant_lines(&[b, a], true), "郑惟桐, 2600\n王天一");
    assert_eq!(club.pick_lines(), "王天一\t\t\n郑惟桐\t2600\t\n");
    // A tab or line break typed in a name cannot break the picker's lines.
    let c = club.add(member("Li\tNa\nX")).unwrap();
    assert_eq!(club.member(c).unwrap().name, "Li Na X");
    let lines = club.entrant_lines(&[b, a], false);
    assert_eq!(lines, "郑惟桐\n王天一");
    club.edit(a, member("王天一 (杭州)")).unwrap();
    assert_eq!(lines, "郑惟桐\n王天一");
    assert_eq!(
        club.edit(a, member("郑惟桐")),
        Err(ClubError::Duplicate("郑惟桐".into()))
    );
}

#[test]
fn an_event_rates_members_and_keeps_the_games() {
    let mut club = Club::new();
    let rated = |name: &str, r: i32| NewMember {
        name: name.into(),
        rating: Some(r),
        ..NewMember::default()
    };
    let a = club.add(rated("A", 2000)).unwrap();
    let b = club.add(rated("B", 1900)).unwrap();
    let c = club.add(member("C")).unwrap();
    let games = [
        RatedGame {
            first: a,
            second: b,
            score: Score::Win,
        },
        RatedGame {
            first: c,
            second: a,
            score: Score::Draw,
        },
    ];
    assert_eq!(
        club.rate_event("rr:1", "Spring", "2026-04-01", &games),
        Ok(2)
    );
    // A (K 40, new): 40 × (1 − 0.64006) = 14.40: 2014; the unrated C does not count for A.
    let am = club.member(a).unwrap();
    assert_eq!(am.standing.rating, Some(2014));
    assert_eq!(am.history.len(), 1);
    assert_eq!(am.history[0].games.len(), 1);
    assert_eq!(am.history[0].games[0].opponent, "B");
    // B: 40 × (0 − 0.35994) = −14.40: 1886.
    assert_eq!(club.member(b).unwrap().standing.rating, Some(1886));
    // C waits for a first rating, its game kept.
    let cm = club.member(c).unwrap();
    assert_eq!(cm.standing.rating, None);
    assert_eq!(cm.pending.len(), 1);
    assert!(cm.history.is_empty());
    assert_eq!(club.rating_list()[0].name, "A");
    assert_eq!(
        club.rate_event(
            "",
            "x",
            "",
            &[RatedGame {
                first: a,
                second: a,
                score: Score::Win
            }]
        ),
        Err(ClubError::SamePlayer)
    );
    assert_eq!(
        club.rate_event(
            "",
            "x",
            "",
            &[RatedGame {
                first: a,
                second: 99,
                score: Score::Win
            }]
        ),
        Err(ClubError::NoSuchMember(99))
    );
    // Not twice, and not an event without games.
    assert_eq!(
        club.rate_event("rr:1", "Spring", "", &games),
        Err(ClubError::AlreadyRated("Spring".into()))
    );
    assert_eq!(
        club.rate_event("rr:2", "x", "", &[]),
        Err(ClubError::NothingToRate)
    );
    assert_eq!(club.member(a).unwrap().standing.rating, Some(2014));
}

fn rated_pair(a: i32, b: i32) -> Club {
    let mut c = Club::new();
    for (n, r) in [("红方", a), ("黑方", b)] {
        c.add(NewMember {
            name: n.into(),
            rating: Some(r),
            ..NewMember::default()
        })
        .unwrap();
    }
    c
}

#[test]
fn a_single_game_changes_both_ratings_by_the_formula() {
    // 2000 beats 1900, both new (K 40, FIDE 8.3.3). D = 100: E = 1/(1+10^-0.25) = 0.64006 for
    // Red, 0.35994 for Black (8.3.2 with the formula behind table 8.1.2).
    // Red: 40 × (1 − 0.64006) = +14.40, 2014. Black: 40 × (0 − 0.35994) = −14.40, 1886.
    let mut c = rated_pair(2000, 1900);
    assert_eq!(
        c.record_game(1, 2, GameEnd::RedWins, "2026-12-03", TODAY, false),
        Ok(2)
    );
    assert_eq!(c.member(1).unwrap().standing.rating, Some(2014));
    assert_eq!(c.member(2).unwrap().standing.rating, Some(1886));
    // Each change is traced to the game: date, opponent (with the rating before) and result.
    let h = &c.member(2).unwrap().history[0];
    assert_eq!(h.date, "2026-12-03");
    assert_eq!(h.event, "红方 – 黑方");
    assert_eq!((h.before, h.after, h.k), (Some(1900), Some(1886), 40));
    assert_eq!(
        h.games,
        vec![Game {
            opponent: "红方".into(),
            opponent_rating: Some(2000),
            score: Score::Loss,
        }]
    );
    // A draw the other way round: 2014 v 1886 with Black the higher: D = 128,
    // E(1886) = 1/(1+10^0.32) = 0.32370: Red (1886) 40 × 0.17630 = +7.05, 1893;
    // Black (2014) 40 × (0.5 − 0.67626) = −7.05, 2007.
    assert_eq!(
        c.record_game(2, 1, GameEnd::Draw, "2026-12-04", TODAY, false),
        Ok(2)
    );
    assert_eq!(c.member(2).unwrap().standing.rating, Some(1893));
    assert_eq!(c.member(1).unwrap().standing.rating, Some(2007));
    // Saved and read back with the list (older lists, without games, read as none).
    let back = Club::from_json(&c.to_json()).unwrap();
    assert_eq!(back.games.len(), 2);
    assert_eq!(back, c);
}

#[test]
fn the_rating_list_traces_each_members_ratings_and_games() {
    let mut c = rated_pair(2000, 1900);
    c.add(member("新手")).unwrap();
    c.record_game(1, 2, GameEnd::RedWins, "2026-12-03", TODAY, false)
        .unwrap();
    c.record_game(2, 1, GameEnd::Draw, "2026-12-04", TODAY, false)
        .unwrap();
    // The unrated newcomer is left off; the rated by rating, highest first.
    assert_eq!(c.rated_ids(), [1, 2]);
    let black = c.member(2).unwrap();
    assert_eq!(black.rating_path(), [1900, 1886, 1893]);
    assert_eq!(black.history[0].games_text(), "红方 (2000) 0");
    assert_eq!(black.history[1].games_text(), "红方 (2014) ½");
    assert_eq!(c.member(3).unwrap().rating_path(), Vec::<i32>::new());
}

#[test]
fn the_same_game_twice_needs_a_confirmation() {
    let mut c = rated_pair(2000, 1900);
    c.record_game(1, 2, GameEnd::Draw, "2026-12-03", TODAY, false)
        .unwrap();
    let after_one = c.clone();
    // The same two members on the same date, either colour: refused, nothing changed.
    for (red, black) in [(1, 2), (2, 1)] {
        assert_eq!(
            c.record_game(red, black, GameEnd::RedWins, " 2026-12-03", TODAY, false),
            Err(ClubError::AlreadyRecorded(
                c.member(red).unwrap().name.clone(),
                c.member(black).unwrap().name.clone(),
                "2026-12-03".into()
            ))
        );
        assert_eq!(c, after_one);
    }
    // Confirmed, it is a second game and is rated.
    assert_eq!(
        c.record_game(1, 2, GameEnd::RedWins, "2026-12-03", TODAY, true),
        Ok(2)
    );
    assert_eq!(c.games.len(), 2);
    assert_eq!(c.member(1).unwrap().history.len(), 2);
    // Another date is another game.
    assert!(c
        .record_game(1, 2, GameEnd::Draw, "2026-12-10", TODAY, false)
        .is_ok());
}

#[test]
fn an_unfinished_game_cannot_be_rated() {
    let mut c = rated_pair(2000, 1900);
    let before = c.clone();
    assert_eq!(
        c.record_game(1, 2, GameEnd::Unfinished, "2026-12-03", TODAY, true),
        Err(ClubError::Unfinished)
    );
    assert_eq!(
        c.record_game(1, 1, GameEnd::Draw, "", TODAY, false),
        Err(ClubError::SamePlayer)
    );
    assert_eq!(
        c.record_game(1, 9, GameEnd::Draw, "", TODAY, false),
        Err(ClubError::NoSuchMember(9))
    );
    assert_eq!(
        c.record_game(1, 2, GameEnd::Draw, &"9".repeat(61), TODAY, false),
        Err(ClubError::NotADate("9".repeat(61)))
    );
    assert_eq!(c, before);
    assert_eq!(
        ClubError::Unfinished.say(Lang::Zh),
        "未完成的对局不能计算等级分"
    );
}

#[test]
fn a_pgns_tags_name_the_game() {
    let pgn = "\u{feff}[Game \"Chinese Chess\"]\n[Red \"王 \\\"天一\\\"\"]\n[Black \"郑惟桐\"]\n\
[Date \"2026.12.03\"]\n[Result \"0-1\"]\n[Format \"ICCS\"]\n\n1. h2e2 h9g7 [Result \"1-0\"] 0-1\n";
    let t = PgnTags::read(pgn);
    assert_eq!(t.red, "王 \"天一\"");
    assert_eq!(t.black, "郑惟桐");
    assert_eq!(t.date, "2026.12.03");
    assert_eq!(t.result, Some(GameEnd::BlackWins));
    assert_eq!(
        PgnTags::read("[Result \"*\"]\n1. h2e2 *").result,
        Some(GameEnd::Unfinished)
    );
    assert_eq!(PgnTags::read("not a pgn").result, None);
    assert_eq!(GameEnd::parse("½-½"), Some(GameEnd::Draw));
}

#[test]
fn a_game_is_dated_by_a_real_day_not_after_today() {
    // Regression: 2026-13-45, "yesterday" and 2030-01-01 were each recorded and rated.
    let mut c = rated_pair(2000, 1900);
    let before = c.clone();
    let today = (2026, 12, 6);
    for bad in [
        "2026-13-45",
        "yesterday",
        "2026-02-29",
        "2026-12-1",
        "2026.12.01",
        "",
    ] {
        assert_eq!(
            c.record_game(1, 2, GameEnd::RedWins, bad, today, false),
            Err(ClubError::NotADate(bad.into())),
            "{bad}"
        );
    }
    for later in ["2026-12-07", "2027-01-01", "2030-01-01"] {
        assert_eq!(
            c.record_game(1, 2, GameEnd::RedWins, later, today, false),
            Err(ClubError::FutureDate(later.into())),
            "{later}"
        );
    }
    assert_eq!(c, before, "nothing recorded, no rating changed");
    // Today and any earlier real day are taken (2028 is a leap year).
    assert_eq!(
        c.record_game(1, 2, GameEnd::Draw, "2026-12-06", today, false),
        Ok(2)
    );
    assert!(c
        .record_game(1, 2, GameEnd::Draw, "2024-02-29", today, false)
        .is_ok());
    assert_eq!(
        c.record_game(1, 2, GameEnd::Draw, "2028-02-29", (2028, 2, 29), false),
        Ok(2)
    );
    // Said in both languages.
    let e = ClubError::NotADate("2026-13-45".into());
    assert!(e.say(Lang::Zh).contains("不是有效日期") && e.say(Lang::Zh).contains("2026-13-45"));
    assert!(e.say(Lang::En).contains("is not a date"));
    assert_eq!(
        ClubError::NotADate(String::new()).say(Lang::Zh),
        "等级分对局须填写日期（年-月-日）"
    );
    let e = ClubError::FutureDate("2030-01-01".into());
    assert_eq!(e.say(Lang::Zh), "2030-01-01 晚于今天：对局须在下完后记录");
    assert!(e.say(Lang::En).starts_with("2030-01-01 is after today"));
}

#[test]
fn a_saved_list_past_its_caps_is_refused_whole() {
    // Regression: 2,000 members with 1,000-character names loaded unchecked.
    let mut club = Club::new();
    for i in 0..MAX_MEMBERS {
        club.add(member(&format!("{i:0>60}"))).unwrap();
    }
    let text = club.to_json();
    assert_eq!(
        Club::from_json(&text).map(|c| c.members.len()),
        Ok(MAX_MEMBERS)
    );
    let long = text.replacen(&format!("{:0>60}", 7), &"7".repeat(1000), 1);
    assert_eq!(Club::from_json(&long), Err(ClubError::NameTooLong(1000)));
    let wide = Club::from_json(&text.replacen(
        "\"club\":\"\"",
        &format!("\"club\":\"{}\"", "x".repeat(61)),
        1,
    ));
    assert_eq!(wide, Err(ClubError::FieldTooLong(Field::Club)));
    let nameless = r#"{"version":1,"members":[{"id":1,"name":""}],"next_id":2}"#;
    assert_eq!(Club::from_json(nameless), Err(ClubError::EmptyName));
    // One member more than the cap.
    let mut over: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut extra = over["members"][0].clone();
    extra["id"] = serde_json::json!(5000);
    extra["name"] = serde_json::json!("one too many");
    over["members"].as_array_mut().unwrap().push(extra);
    assert_eq!(
        Club::from_json(&over.to_string()),
        Err(ClubError::TooMany(MAX_MEMBERS + 1))
    );
}

#[test]
fn a_saved_list_past_its_caps_is_set_aside_not_lost() {
    use crate::saved::{load_with, Kept, MemoryStore, Store};
    let mut s = MemoryStore::new(None);
    let raw = format!(
        r#"{{"version":1,"members":[{{"id":1,"name":"{}"}}],"next_id":2}}"#,
        "长".repeat(1000)
    );
    s.set("xq.club", &raw).unwrap();
    let u = load_with(&mut s, "xq.club", 42, Club::from_json).unwrap_err();
    assert_eq!(u.kept, Kept::Aside("xq.club.corrupt.42".into()));
    assert_eq!(s.get("xq.club.corrupt.42"), Some(raw));
    assert_eq!(s.get("xq.club"), None);
}

#[test]
fn a_pasted_list_is_numbered_by_its_own_lines() {
    // Regression: eight pasted names were shown as lines 2 to 9 (the header given them counted).
    let names = [
        "王天一",
        "郑惟桐",
        "蒋川",
        "许银川",
        "吕钦",
        "赵鑫鑫",
        "洪智",
        "汪洋",
    ];
    let (t, first) = pasted_table(&names.join("\n"));
    let p = Preview::with_columns(&Club::new(), &t, Columns::from_header(&t[0]), first).unwrap();
    let lines: Vec<usize> = p.rows.iter().map(|r| r.line).collect();
    assert_eq!(lines, (1..=8).collect::<Vec<_>>());
    assert_eq!(p.rows[7].member.name, "汪洋");
    // A pasted table with its own header keeps the file's numbering: the header is line 1.
    let (t, first) = pasted_table("姓名\t等级分\n王天一\t2650\n郑惟桐\t2600");
    let p = Preview::with_columns(&Club::new(), &t, Columns::from_header(&t[0]), first).unwrap();
    assert_eq!(p.rows.iter().map(|r| r.line).collect::<Vec<_>>(), [2, 3]);
    // So does a one-column list whose first line names the column.
    let (t, first) = pasted_table("name\nA\nB");
    assert_eq!((t.len(), first), (3, 2));
}

#[test]
fn a_long_list_is_drawn_a_screenful_at_a_time() {
    // 2,000 rows of 36 px in a 540 px box: 16 on screen, 20 spare either side.
    assert_eq!(rows_in_view(2000, 0.0, 540.0, 36.0, 20), 0..36);
    assert_eq!(
        rows_in_view(2000, 36.0 * 1000.0, 540.0, 36.0, 20),
        980..1036
    );
    assert_eq!(
        rows_in_view(2000, 36.0 * 1995.0, 540.0, 36.0, 20),
        1964..2000
    );
    // A short list is drawn whole; a scroll past the end draws the last rows.
    assert_eq!(rows_in_view(30, 0.0, 540.0, 36.0, 20), 0..30);
    assert_eq!(rows_in_view(30, 1e9, 540.0, 36.0, 20), 0..30);
    assert_eq!(rows_in_view(2000, 1e9, 540.0, 36.0, 20), 1964..2000);
    assert_eq!(rows_in_view(0, 0.0, 540.0, 36.0, 20), 0..0);
    assert_eq!(rows_in_view(10, -50.0, -1.0, 36.0, 0), 0..1);
}
