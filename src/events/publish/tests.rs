use super::*;
use crate::events::knockout::{Elimination, Seeding};
use crate::events::round_robin::{Competition, Cycles, Outcome, Scoring};
use crate::events::Entrant;
use crate::events::{Details, MAX_DETAIL_CHARS};

const EVIL: &str = "<script>alert('x')</script>&\"";

/// Nothing in the page can run or fetch: no script, no outside address, no event handler, and no
/// raw markup from a name.
fn assert_inert(html: &str) {
    let lower = html
        .to_lowercase()
        .replace("xmlns=\"http://www.w3.org/2000/svg\"", "");
    assert!(!lower.contains("<script"), "script in {html}");
    for bad in [
        "src=", "href=", "url(", "@import", "http://", "https://", "<iframe", "<img", "<link",
    ] {
        assert!(!lower.contains(bad), "{bad} in page");
    }
    // No event handler attribute (` onclick=`).
    for (i, _) in lower.match_indices(" on") {
        let word: String = lower[i + 3..]
            .chars()
            .take_while(char::is_ascii_alphabetic)
            .collect();
        assert!(
            !lower[i + 3 + word.len()..].starts_with('='),
            "handler on{word}"
        );
    }
    assert!(lower.contains("default-src 'none'"));
}

fn finished_round_robin() -> Tournament {
    let mut t = Tournament::new(
        EVIL,
        Competition::Individual,
        Cycles::Single,
        Scoring::CLASSIC,
    )
    .unwrap();
    t.add_entrant_list(&format!("王天一\n{EVIL}\n郑惟桐\n=cmd|' /C calc'!A0"))
        .unwrap();
    t.number_as_listed().unwrap();
    for r in t.rounds().unwrap() {
        for p in &r.games {
            t.record(r.round, p.red, p.black, vec![Outcome::FirstWins])
                .unwrap();
        }
    }
    t
}

#[test]
fn escaping_every_field() {
    assert_eq!(
        escape(EVIL),
        "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;&quot;"
    );
    let page = ResultsPage {
        lang: Lang::En,
        title: EVIL.into(),
        details: EVIL.into(),
        sections: vec![Section {
            heading: EVIL.into(),
            kind: "round",
            head: vec![EVIL.into()],
            rows: vec![vec![EVIL.into()]],
        }],
        address: String::new(),
    };
    let html = page.to_html();
    assert!(!html.contains(EVIL));
    // Title (twice: <title> and <h1>), details, heading, column, cell.
    assert_eq!(html.matches("&lt;script&gt;").count(), 6);
    assert_inert(&html);
}

#[test]
fn a_round_robin_page() {
    let t = finished_round_robin();
    let page = round_robin(&t, Lang::Zh);
    let kinds: Vec<_> = page.sections.iter().map(|s| s.kind).collect();
    assert_eq!(
        kinds,
        ["round", "round", "round", "standings", "crosstable"]
    );
    assert_eq!(page.sections[0].heading, "第 1 轮");
    // Every game has its result.
    for s in &page.sections[..3] {
        assert_eq!(s.rows.len(), 2);
        assert!(s.rows.iter().all(|r| r[2] == "1-0"), "{:?}", s.rows);
    }
    let standings = &page.sections[3];
    assert_eq!(standings.head[0], "名次");
    // The tie-break columns are there, between score and W/D/L.
    assert!(standings.head.len() > 6, "{:?}", standings.head);
    assert_eq!(standings.rows.len(), 4);
    let x = &page.sections[4];
    assert_eq!(x.rows.len(), 4);
    assert_eq!(x.rows[0][2], "×");
    let html = page.to_html();
    assert!(html.starts_with("<!DOCTYPE html>\n<html lang=\"zh-CN\">"));
    assert!(html.contains("王天一"));
    assert!(html.contains("=cmd|&#39; /C calc&#39;!A0"));
    assert!(!html.contains(EVIL));
    assert_inert(&html);
    let en = round_robin(&t, Lang::En).to_html();
    assert!(
        en.contains("<html lang=\"en\">") && en.contains("Standings") && en.contains("Round 1")
    );
}

#[test]
fn a_swiss_page() {
    let mut s = Swiss::new(Some(2));
    for (n, r) in [
        ("A", 2000),
        ("B", 1900),
        ("C", 1800),
        (EVIL, 1700),
        ("E", 1600),
    ] {
        s.add_entrant(Entrant::new(n, r));
    }
    for _ in 0..2 {
        let p = s.pair_next().unwrap();
        let results = vec![Outcome::FirstWins; p.boards.len()];
        s.record_round(&p, &results).unwrap();
    }
    let page = swiss(&s, "Swiss", Lang::En);
    let kinds: Vec<_> = page.sections.iter().map(|s| s.kind).collect();
    assert_eq!(kinds, ["round", "round", "standings"]);
    assert_eq!(page.sections[0].rows.len(), 3); // two boards and the bye
    assert_eq!(page.sections[0].rows[0][2], "1-0");
    assert_eq!(page.sections[0].rows[2][2], "bye");
    let st = &page.sections[2];
    assert_eq!(st.rows.len(), 5);
    assert!(st.head.len() >= 4, "{:?}", st.head);
    let html = page.to_html();
    assert!(!html.contains(EVIL));
    assert_inert(&html);
}

#[test]
fn a_bracket_page() {
    let names: Vec<String> = ["A", "B", "C", EVIL].map(String::from).to_vec();
    let mut b = Bracket::new(
        4,
        Elimination::Single { third_place: false },
        &Seeding::Order(vec![0, 1, 2, 3]),
    )
    .unwrap();
    while let Some(&k) = b.ready().first() {
        b.record(k, Side::First).unwrap();
    }
    let page = bracket(&b, &names, "KO", Lang::Zh);
    assert_eq!(page.sections.last().unwrap().heading, "冠军");
    assert_eq!(
        page.sections.last().unwrap().rows,
        vec![vec!["A".to_string()]]
    );
    assert!(page.sections[0].rows.iter().all(|r| !r[3].is_empty()));
    let html = page.to_html();
    assert!(!html.contains(EVIL));
    assert_inert(&html);
}

#[test]
fn a_timetable_from_its_csv() {
    let s = from_csv("T", "timetable", "session,table,red,black\n1,1,\"'=x\",B\n");
    assert_eq!(s.head, ["session", "table", "red", "black"]);
    assert_eq!(s.rows, vec![vec!["1", "1", "=x", "B"]]);
}

#[test]
fn a_qr_code_of_the_address() {
    let svg = qr_svg("https://club.example/results.html").unwrap();
    // Version 3 (29 modules) at level M for 33 bytes, plus the quiet zone: 37.
    assert!(svg.contains("viewBox=\"0 0 37 37\""), "{svg}");
    // The three finder patterns' corners are dark.
    for (x, y) in [(4, 4), (32, 4), (4, 32)] {
        assert!(svg.contains(&format!("M{x},{y}h1v1h-1z")));
    }
    assert!(qr_svg(&"x".repeat(3000)).is_err());
    let mut page = round_robin(&finished_round_robin(), Lang::En);
    page.address = "https://club.example/r.html?a=1&b=\"2\"".into();
    let html = page.to_html();
    assert!(html.contains("<svg") && html.contains("Scan for the results"));
    assert!(html.contains("https://club.example/r.html?a=1&amp;b=&quot;2&quot;"));
}

#[test]
fn certificates_in_both_languages_on_a4_landscape() {
    let c = Certificates {
        event: "2026 春季赛 <b>".into(),
        date: "2026-04-01".into(),
        organiser: "杭州象棋俱乐部".into(),
        awards: vec![
            (1, "王天一".into()),
            (2, EVIL.into()),
            (3, "C".into()),
            (12, "D".into()),
            (21, "E".into()),
        ],
    };
    let html = c.to_html();
    assert!(html.contains("size:A4 landscape"));
    assert_eq!(html.matches("class=\"cert\"").count(), 5);
    for s in [
        "第一名",
        "第二名",
        "第三名",
        "第十二名",
        "第二十一名",
        "1st place",
        "2nd place",
        "3rd place",
        "12th place",
        "21st place",
        "荣誉证书",
        "Certificate of Achievement",
        "2026 春季赛 &lt;b&gt;",
        "杭州象棋俱乐部",
    ] {
        assert!(html.contains(s), "{s}");
    }
    assert!(!html.contains(EVIL));
    assert_inert(&html);
}

#[test]
fn a_timetable_page_with_its_event() {
    use crate::events::schedule::{solve, BestOf, Problem, SaveFile, SAVE_VERSION};
    let mut p = Problem::round_robin(4, 2, 2, 90, 20, false);
    p.entrants = ["A", "B", "C", EVIL].map(String::from).to_vec();
    let sol = solve(&p, 1, 20_000).unwrap();
    let file = SaveFile {
        version: SAVE_VERSION,
        problem: p,
        schedule: sol.schedule,
        results: Vec::new(),
        best_of: BestOf::new(5).unwrap(),
        scoring: Default::default(),
        event_id: None,
        event: Some(finished_round_robin()),
        games: Vec::new(),
    };
    let page = timetable(&file, Lang::En);
    assert_eq!(page.sections[0].kind, "timetable");
    // Six matches of four entrants, one row each.
    assert_eq!(page.sections[0].rows.len(), 6);
    assert!(page.sections.iter().any(|s| s.kind == "crosstable"));
    let html = page.to_html();
    assert!(!html.contains(EVIL));
    assert_inert(&html);
}

#[test]
fn a_round_robin_keeps_its_date_and_organiser() {
    let mut t = finished_round_robin();
    t.set_details(" 2026-12-01 ", "杭州\u{7}象棋   俱乐部");
    assert_eq!(
        t.details(),
        &Details {
            date: "2026-12-01".into(),
            organiser: "杭州 象棋 俱乐部".into(),
        }
    );
    // Saved and read back with the event.
    let back = Tournament::from_json(&t.to_json()).unwrap();
    assert_eq!(back.details(), t.details());
    // The results page carries them, escaped.
    t.set_details("2026-12-01", EVIL);
    let page = round_robin(&t, Lang::Zh);
    assert_eq!(page.details, format!("2026-12-01 · {EVIL}"));
    let html = page.to_html();
    assert!(html.contains("2026-12-01 · &lt;script&gt;"));
    assert!(!html.contains(EVIL));
    assert_inert(&html);
}

#[test]
fn a_round_robin_saved_before_details_still_loads() {
    // A file as the app wrote it before the date and organiser were kept: no `details` key.
    let t = finished_round_robin();
    let old = t.to_json();
    assert!(!old.contains("details"), "empty details are not written");
    let back = Tournament::from_json(&old).unwrap();
    assert_eq!(back, t);
    assert!(back.details().is_empty());
    assert_eq!(round_robin(&back, Lang::En).details, "");
}

#[test]
fn a_swiss_keeps_its_date_and_organiser_and_old_saves_load() {
    use crate::events::swiss::saved::SavedSwiss;
    let mut s = Swiss::new(Some(3));
    for n in ["A", "B", "C", "D"] {
        s.add_entrant(Entrant::new(n, 0));
    }
    let mut saved = SavedSwiss::new("Open".into(), s);
    // Version 1 as written before the details were kept.
    let old = SavedSwiss::to_json(Some(&saved))
        .replace(",\"details\":{\"date\":\"\",\"organiser\":\"\"}", "");
    assert!(!old.contains("details"));
    let back = SavedSwiss::from_json(&old).unwrap().unwrap();
    assert!(back.details.is_empty());
    saved.details = Details::new("2026-12-02", "Club");
    let back = SavedSwiss::from_json(&SavedSwiss::to_json(Some(&saved)))
        .unwrap()
        .unwrap();
    assert_eq!(back.details.line(), "2026-12-02 · Club");
}

#[test]
fn details_are_cut_at_their_length() {
    let long = "日".repeat(300);
    let d = Details::new(&long, &long);
    assert_eq!(d.date.chars().count(), MAX_DETAIL_CHARS);
    assert_eq!(d.organiser.chars().count(), MAX_DETAIL_CHARS);
    assert_eq!(Details::new("", "Org").line(), "Org");
    assert!(Details::new(" \t", "").is_empty());
}
