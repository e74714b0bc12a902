//! The files the organiser hands on (standings and timetable CSV, the timetable's iCalendar) stay
//! inert whatever a player's name holds: no spreadsheet formula, no broken calendar line.

use xiangqi_club::events::round_robin::{Competition, Cycles, Scoring, Tournament};
use xiangqi_club::events::schedule::*;
use xiangqi_club::events::Entrant;

/// Names a spreadsheet would run as formulas (OWASP's CSV injection examples), and a harmless one.
const HOSTILE: [&str; 4] = [
    "+cmd|' /C calc'!A0",
    "=HYPERLINK(\"http://evil.example\",\"click\")",
    "-2+3+cmd|' /C calc'!A0",
    "@SUM(1+1)*cmd|' /C calc'!A0",
];

/// Every cell of a CSV text (RFC 4180: quoted cells may hold commas and doubled quotes).
fn cells(csv: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cell = String::new();
    let (mut quoted, mut chars) = (false, csv.chars().peekable());
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                chars.next();
                cell.push('"');
            }
            ('"', _) => quoted = !quoted,
            (',' | '\n', false) => out.push(std::mem::take(&mut cell)),
            _ => cell.push(c),
        }
    }
    out
}

/// No cell starts as a formula; each hostile name is there, behind a `'`.
fn assert_inert(csv: &str) {
    let cells = cells(csv);
    for c in &cells {
        assert!(
            !c.starts_with(['=', '+', '-', '@', '\t', '\r']),
            "a formula cell {c:?} in\n{csv}"
        );
    }
    for name in HOSTILE {
        assert!(cells.contains(&format!("'{name}")), "{name} in\n{csv}");
    }
}

fn hostile_problem() -> (Problem, Schedule) {
    let mut p = Problem::round_robin(4, 2, 2, 90, 20, false);
    p.entrants = HOSTILE.iter().map(|s| s.to_string()).collect();
    for s in &mut p.sessions {
        s.date = Some("2026-12-01".into());
        s.start = Some("19:00".into());
    }
    let sol = solve(&p, 1, 20_000).unwrap();
    assert!(sol.schedule.unplaced(&p).is_empty());
    (p, sol.schedule)
}

#[test]
fn tournament_standings_csv_neutralises_formula_names() {
    let mut t = Tournament::new(
        "t",
        Competition::Individual,
        Cycles::Single,
        Scoring::CLASSIC,
    )
    .unwrap();
    for name in HOSTILE {
        t.add_entrant(Entrant::new(name, 0)).unwrap();
    }
    assert_inert(&t.standings_csv());
}

#[test]
fn timetable_csv_neutralises_formula_names() {
    let (p, s) = hostile_problem();
    assert_inert(&to_csv(&p, &s));
    // The printout's CSV (with the result column) is the same writer.
    let file = SaveFile {
        version: SAVE_VERSION,
        problem: p,
        schedule: s,
        results: Vec::new(),
        best_of: BestOf::new(5).unwrap(),
        scoring: Default::default(),
        event_id: None,
        event: None,
        games: Vec::new(),
    };
    assert_inert(&file.to_csv());
}

#[test]
fn ics_escapes_a_bare_carriage_return_in_a_name() {
    let (mut p, s) = hostile_problem();
    p.entrants[0] = "Li\rSUMMARY:fake\r\nDTSTART:19990101T000000".into();
    p.entrants[1] = "Wang\nBEGIN:VEVENT\u{0}".into();
    let ics = to_ics(&p, &s, 1_780_000_000_000).unwrap();
    // Every line ends in CRLF and is a property of ours: no CR or LF of a name starts a line.
    assert!(ics.ends_with("\r\n"));
    for line in ics.split("\r\n").filter(|l| !l.is_empty()) {
        assert!(!line.contains(['\r', '\n', '\u{0}']), "{line:?}");
        let name = line.split([':', ';']).next().unwrap();
        assert!(
            [
                "BEGIN",
                "END",
                "VERSION",
                "PRODID",
                "CALSCALE",
                "UID",
                "DTSTAMP",
                "DTSTART",
                "DTEND",
                "SUMMARY",
                "LOCATION",
                "DESCRIPTION"
            ]
            .contains(&name),
            "{line:?}"
        );
    }
    assert_eq!(
        ics.matches("\r\nBEGIN:VEVENT\r\n").count(),
        s.placements.len()
    );
    assert_eq!(ics.matches("\r\nDTSTART:").count(), s.placements.len());
    assert!(
        ics.contains("Li\\nSUMMARY:fake\\nDTSTART:19990101T000000"),
        "{ics}"
    );
}
