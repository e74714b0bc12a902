//! Integration tests of the match scheduler: hard constraints on random instances, the
//! infeasibility arithmetic, the group + knockout draw, bounds, scoring, exports and the CLI's JSON.

use serde_json::Value;
use std::process::Command;
use xiangqi_club::events::schedule::*;
use xiangqi_club::rng::Rng;

fn nineteen(tables: usize, match_minutes: u32) -> Problem {
    Problem::round_robin(19, tables, 8, 90, match_minutes, false)
}

/// Every pair of entrants meets exactly `times` times in the placed fixtures.
fn assert_pairs(p: &Problem, s: &Schedule, times: usize) {
    let n = p.entrants.len();
    let fixtures = p.fixtures();
    let mut met = vec![0; n * n];
    for pl in &s.placements {
        let (a, b) = fixtures[pl.fixture].entrants().expect("round robin");
        met[a.min(b) * n + a.max(b)] += 1;
    }
    for a in 0..n {
        for b in a + 1..n {
            assert_eq!(met[a * n + b], times, "{a}-{b}");
        }
    }
}

fn random_problem(rng: &mut Rng) -> Problem {
    let n = 3 + rng.below(22);
    let mut p = Problem::round_robin(
        n,
        1 + rng.below(n / 2 + 1),
        1 + rng.below(6),
        30 + rng.below(150) as u32,
        10 + rng.below(30) as u32,
        rng.below(5) == 0,
    );
    if rng.below(4) == 0 && n >= 6 {
        p.format = Format::GroupsKnockout { groups: 2 };
    }
    for _ in 0..rng.below(4) {
        p.absences.push(Absence {
            entrant: rng.below(n),
            session: rng.below(p.sessions.len()),
            first_slot_only: rng.below(2) == 0,
        });
    }
    p
}

#[test]
fn random_instances_keep_every_hard_constraint() {
    let mut rng = Rng::new(2026);
    let (mut solved, mut refused) = (0, 0);
    for case in 0..300 {
        let p = random_problem(&mut rng);
        if p.validate().is_err() {
            continue;
        }
        let sol = solve(&p, case, 20_000).expect("valid problem");
        // Whatever it reached, what is placed is legal: each fixture at most once, nobody twice in a
        // slot, at most `tables` a slot, nobody when absent, knockout after its feeders.
        sol.schedule
            .validate_partial(&p)
            .unwrap_or_else(|v| panic!("case {case}: {v}\n{p:?}"));
        let b = &sol.bounds;
        let m = &sol.metrics;
        match sol.fit {
            Fit::DoesNotFit { .. } => refused += 1,
            Fit::Fits if m.unplaced == 0 => {
                solved += 1;
                sol.schedule.validate(&p).unwrap();
                assert!(m.max_consecutive >= b.max_consecutive, "case {case}");
                assert!(m.back_to_back >= b.back_to_back, "case {case}");
                assert!(m.max_back_to_back >= b.max_back_to_back, "case {case}");
                assert!(m.session_spread >= b.session_spread, "case {case}");
                assert!(m.idle_slots >= b.idle_slots, "case {case}");
                if matches!(p.format, Format::RoundRobin { .. }) {
                    assert!(m.slots_used >= b.slots_used, "case {case}");
                }
            }
            Fit::Fits => {}
        }
        // Nothing placed in a slot beyond `tables` (checked by validate) and the count adds up.
        assert_eq!(m.placed + m.unplaced, p.fixtures().len());
    }
    assert!(solved > 100, "only {solved} solved");
    assert!(refused > 10, "only {refused} refused");
}

#[test]
fn fitting_instances_without_absences_get_everything_placed() {
    let mut rng = Rng::new(7);
    for case in 0..80 {
        let mut p = random_problem(&mut rng);
        p.absences.clear();
        if p.validate().is_err() || fit(&p) != Ok(Fit::Fits) {
            continue;
        }
        let sol = solve(&p, case, 200_000).unwrap();
        assert_eq!(sol.metrics.unplaced, 0, "case {case}: {p:?}");
        sol.schedule.validate(&p).unwrap();
    }
}

#[test]
fn nineteen_pairs_reach_the_proven_optimum() {
    let p = nineteen(7, 22);
    let sol = solve(&p, 1, DEFAULT_BUDGET).unwrap();
    sol.schedule.validate(&p).unwrap();
    assert_pairs(&p, &sol.schedule, 1);
    let m = &sol.metrics;
    assert_eq!(m.unplaced, 0);
    assert_eq!(m.max_consecutive, 2);
    assert_eq!(m.back_to_back, 38);
    assert_eq!(m.max_back_to_back, 2);
    assert_eq!(m.session_spread, 1);
    assert!(m.table_excess <= 1);
}

#[test]
fn bounds_for_nineteen_pairs() {
    let b = Bounds::of(&nineteen(7, 22)).unwrap();
    assert_eq!(
        (
            b.matches,
            b.slots_used,
            b.max_consecutive,
            b.back_to_back,
            b.max_back_to_back,
            b.session_spread
        ),
        (171, 25, 2, 38, 2, 1)
    );
    // 3 slots a session: 18 matches in 24 slots cannot avoid three in a row.
    assert_eq!(Bounds::of(&nineteen(8, 30)).unwrap().max_consecutive, 3);
    // Double round robin of 6 on 3 tables: 30 matches, 3 a slot → 10 slots.
    let d = Problem::round_robin(6, 3, 4, 60, 15, true);
    assert_eq!(Bounds::of(&d).unwrap().slots_used, 10);
    assert_eq!(forced_back_to_backs(3, 4), 1);
    assert_eq!(most_with_runs_of(3, 2), 2);
}

#[test]
fn seven_tables_and_three_slots_do_not_fit() {
    let p = nineteen(7, 30);
    let Ok(Fit::DoesNotFit {
        shortfall,
        suggestions,
    }) = fit(&p)
    else {
        panic!("171 matches cannot fit in 168 places");
    };
    assert_eq!(
        shortfall.to_string(),
        "171 matches > 7 tables × 24 slots = 168"
    );
    let text: Vec<String> = suggestions.iter().map(|s| s.describe(171, 7)).collect();
    assert_eq!(
        text,
        vec![
            "8 tables: 8 × 24 slots = 192 ≥ 171",
            "matches of 22 min (4 slots a session): 7 × 32 = 224 ≥ 171",
            "9 sessions: 7 × 27 slots = 189 ≥ 171",
        ]
    );
    // Each suggestion really fits.
    assert_eq!(fit(&nineteen(8, 30)), Ok(Fit::Fits));
    assert_eq!(fit(&nineteen(7, 22)), Ok(Fit::Fits));
    let sol = solve(&nineteen(8, 30), 3, 400_000).unwrap();
    sol.schedule.validate(&nineteen(8, 30)).unwrap();
}

#[test]
fn an_entrant_missing_too_much_is_reported() {
    let mut p = Problem::round_robin(5, 2, 2, 60, 20, false);
    for s in 0..2 {
        p.absences.push(Absence {
            entrant: 4,
            session: s,
            first_slot_only: s == 0,
        });
    }
    let Ok(Fit::DoesNotFit { shortfall, .. }) = fit(&p) else {
        panic!("entrant 5 has 4 matches and 2 slots");
    };
    assert_eq!(
        shortfall,
        Shortfall::Entrant {
            entrant: 4,
            matches: 4,
            slots: 2
        }
    );
}

#[test]
fn absences_are_respected() {
    let mut p = nineteen(7, 22);
    p.absences = vec![
        Absence {
            entrant: 0,
            session: 0,
            first_slot_only: false,
        },
        Absence {
            entrant: 5,
            session: 3,
            first_slot_only: true,
        },
    ];
    let sol = solve(&p, 9, 600_000).unwrap();
    sol.schedule.validate(&p).unwrap();
    let fixtures = p.fixtures();
    let slots = p.slots();
    for pl in &sol.schedule.placements {
        let (a, b) = fixtures[pl.fixture].entrants().unwrap();
        let s = slots[pl.slot];
        assert!(!((a == 0 || b == 0) && s.session == 0));
        assert!(!((a == 5 || b == 5) && s.session == 3 && s.index == 0));
    }
}

#[test]
fn double_round_robin_meets_twice_with_ends_swapped() {
    let p = Problem::round_robin(6, 3, 4, 60, 15, true);
    let sol = solve(&p, 2, 200_000).unwrap();
    sol.schedule.validate(&p).unwrap();
    assert_pairs(&p, &sol.schedule, 2);
    let f = p.fixtures();
    assert_eq!(f.len(), 30);
    assert_eq!(
        (f[0].a.clone(), f[0].b.clone()),
        (f[15].b.clone(), f[15].a.clone())
    );
}

#[test]
fn groups_and_crossover_knockout_for_nineteen() {
    let mut p = nineteen(7, 22);
    p.format = Format::GroupsKnockout { groups: 4 };
    let groups = snake_groups(19, 4);
    assert_eq!(
        groups.iter().map(Vec::len).collect::<Vec<_>>(),
        vec![5, 5, 5, 4]
    );
    let fixtures = p.fixtures();
    let group_games = fixtures.iter().filter(|f| f.entrants().is_some()).count();
    assert_eq!(group_games, 3 * 10 + 6);
    let ko: Vec<String> = fixtures
        .iter()
        .filter(|f| f.entrants().is_none())
        .map(|f| {
            format!(
                "{} {}-{}",
                f.stage,
                side_name(&f.a, &p.entrants),
                side_name(&f.b, &p.entrants)
            )
        })
        .collect();
    assert_eq!(
        ko,
        vec![
            "QF1 A1-B2",
            "QF2 C1-D2",
            "QF3 B1-A2",
            "QF4 D1-C2",
            "SF1 W QF1-W QF2",
            "SF2 W QF3-W QF4",
            "F W SF1-W SF2",
            "3rd L SF1-L SF2",
        ]
    );
    // Group games only within a group.
    for f in &fixtures {
        if let (Some((a, b)), Phase::Group { group, .. }) = (f.entrants(), &f.stage) {
            assert!(groups[*group].contains(&a) && groups[*group].contains(&b));
        }
    }
    let sol = solve(&p, 1, 300_000).unwrap();
    sol.schedule.validate(&p).unwrap();
    // Knockout rounds come after the whole group stage and after each other.
    let slot_of = |label: &str| {
        sol.schedule
            .placements
            .iter()
            .find(|pl| matches!(&fixtures[pl.fixture].stage, Phase::Knockout { label: l, .. } if l == label))
            .unwrap()
            .slot
    };
    let last_group = sol
        .schedule
        .placements
        .iter()
        .filter(|pl| fixtures[pl.fixture].entrants().is_some())
        .map(|pl| pl.slot)
        .max()
        .unwrap();
    assert!(slot_of("QF1") > last_group);
    assert!(slot_of("SF1") > slot_of("QF4"));
    assert_eq!(slot_of("F"), slot_of("3rd"));
    assert_eq!(slot_of("F"), p.slots().len() - 1);
    // A tampered order is caught.
    let mut bad = sol.schedule.clone();
    let f = bad
        .placements
        .iter()
        .position(|pl| pl.slot == slot_of("F"))
        .unwrap();
    bad.placements[f].slot = 0;
    bad.placements[f].table = 6;
    assert!(bad.validate(&p).is_err());
}

#[test]
fn same_seed_same_timetable() {
    let p = nineteen(7, 22);
    let a = solve(&p, 42, 100_000).unwrap().schedule;
    let b = solve(&p, 42, 100_000).unwrap().schedule;
    assert_eq!(a, b);
}

#[test]
fn incremental_solver_reports_progress_until_done() {
    let p = nineteen(7, 22);
    let mut solver = Solver::new(&p, 5).unwrap();
    let mut last = 0.0;
    let mut steps = 0;
    loop {
        let pr = solver.step(50_000);
        assert!(pr.fraction >= last);
        last = pr.fraction;
        steps += 1;
        if pr.done {
            assert_eq!(pr.fraction, 1.0);
            assert_eq!(pr.metrics.back_to_back, 38);
            break;
        }
        assert!(steps < 200);
    }
    solver.best().validate(&p).unwrap();
}

#[test]
fn validation_catches_each_broken_constraint() {
    let p = Problem::round_robin(5, 2, 2, 60, 20, false);
    let sol = solve(&p, 1, 50_000).unwrap();
    sol.schedule.validate(&p).unwrap();
    let base = sol.schedule;
    let fixtures = p.fixtures();
    // Same table twice.
    let mut s = base.clone();
    let (x, y) = (0..s.placements.len())
        .flat_map(|i| (i + 1..s.placements.len()).map(move |j| (i, j)))
        .find(|&(i, j)| s.placements[i].slot == s.placements[j].slot)
        .unwrap();
    s.placements[y].table = s.placements[x].table;
    assert!(matches!(s.validate(&p), Err(Violation::TableTwice { .. })));
    // Entrant twice in a slot: move a match sharing an entrant into another's slot.
    let mut s = base.clone();
    let (i, j) = (0..s.placements.len())
        .flat_map(|i| (0..s.placements.len()).map(move |j| (i, j)))
        .find(|&(i, j)| {
            let (a, b) = fixtures[base.placements[i].fixture].entrants().unwrap();
            let (c, d) = fixtures[base.placements[j].fixture].entrants().unwrap();
            i != j
                && base.placements[i].slot != base.placements[j].slot
                && (a == c || a == d || b == c || b == d)
        })
        .unwrap();
    s.placements[i].slot = s.placements[j].slot;
    s.placements[i].table = 1 - s.placements[j].table;
    assert!(matches!(
        s.validate(&p),
        Err(Violation::EntrantTwice { .. }) | Err(Violation::TableTwice { .. })
    ));
    // Missing and doubled fixtures.
    let mut s = base.clone();
    let gone = s.placements.pop().unwrap();
    assert_eq!(s.validate(&p), Err(Violation::FixtureMissing(gone.fixture)));
    s.placements.push(gone);
    s.placements.push(gone);
    assert_eq!(s.validate(&p), Err(Violation::FixtureTwice(gone.fixture)));
    // Table out of range.
    let mut s = base.clone();
    s.placements[0].table = 2;
    assert!(matches!(
        s.validate(&p),
        Err(Violation::TableOutOfRange { .. })
    ));
    // Absent entrant.
    let mut q = p.clone();
    let first = base.placements[0];
    let (a, _) = fixtures[first.fixture].entrants().unwrap();
    let info = p.slots()[first.slot];
    q.absences.push(Absence {
        entrant: a,
        session: info.session,
        first_slot_only: false,
    });
    assert!(matches!(
        base.validate(&q),
        Err(Violation::Unavailable { .. })
    ));
}

#[test]
fn scoring_validation() {
    let five = BestOf::new(5).unwrap();
    assert!(MatchScore::parse(five, "11-9 11-13 11-4 12-10").is_ok());
    let err = MatchScore::parse(five, "11-9 11-10 11-4")
        .unwrap_err()
        .to_string();
    assert!(err.contains("game 2"), "{err}");
    assert!(MatchScore::parse(five, "11-9 11-8")
        .unwrap_err()
        .to_string()
        .contains("needs 3"));
    assert!(MatchScore::parse(BestOf::new(3).unwrap(), "11-9 11-8 11-2")
        .unwrap_err()
        .to_string()
        .contains("after the match was won"));
    assert_eq!(game_winner(16, 14), Ok(Winner::A));
    assert!(game_winner(16, 13).is_err());
    assert!(BestOf::new(6).is_err());
}

#[test]
fn standings_count_two_one_zero() {
    let three = BestOf::new(3).unwrap();
    let v = |text: &str| MatchScore::parse(three, text).unwrap().verdict().unwrap();
    let wo_b = MatchScore {
        best_of: three,
        outcome: MatchOutcome::Walkover { winner: Winner::B },
    }
    .verdict()
    .unwrap();
    // 1 beats 0 head to head; both end on 5 points.
    let results = vec![
        (0, 1, v("5-11 5-11")),
        (0, 2, v("11-5 11-5")),
        (0, 3, v("11-5 11-5")),
        (1, 2, v("5-11 5-11")),
        (1, 3, v("11-5 11-5")),
        (2, 3, wo_b),
    ];
    let t = standings(&[0, 1, 2, 3], &results, Points::table_tennis());
    let order: Vec<(usize, u32)> = t.iter().map(|r| (r.entrant, r.points)).collect();
    // 2: played loss 1 + win 2 + walkover loss 0; 3: two played losses + walkover win.
    assert_eq!(order, vec![(1, 5), (0, 5), (3, 4), (2, 3)]);
    assert_eq!((t[3].won, t[3].lost), (1, 2));
}

#[test]
fn json_save_round_trip_and_rejects_bad_files() {
    let mut p = nineteen(7, 22);
    for (i, s) in p.sessions.iter_mut().enumerate() {
        s.date = Some(format!("2026-12-{:02}", i + 1));
        s.start = Some("19:00".into());
    }
    let sol = solve(&p, 1, 50_000).unwrap();
    let save = SaveFile {
        version: SAVE_VERSION,
        problem: p.clone(),
        schedule: sol.schedule.clone(),
        results: vec![SavedResult {
            fixture: 0,
            score: MatchScore::parse(BestOf::new(5).unwrap(), "11-3 11-3 11-3").unwrap(),
        }],
        best_of: BestOf::new(5).unwrap(),
        scoring: Default::default(),
        event_id: None,
        event: None,
        games: Vec::new(),
    };
    let text = save.to_json();
    assert_eq!(SaveFile::from_json(&text), Ok(save.clone()));
    // The page's own save: the same file, compact and without the umpires.
    let saved = save.to_saved_json();
    assert_eq!(SaveFile::from_json(&saved), Ok(save.clone()));
    assert!(!saved.contains("umpires") && !saved.contains('\n'));
    assert!(
        saved.len() < text.len(),
        "{} vs {}",
        saved.len(),
        text.len()
    );
    assert!(matches!(
        SaveFile::from_json("{}"),
        Err(ExportError::Json(_))
    ));
    let v2 = text.replacen("\"version\":1", "\"version\":2", 1);
    assert_eq!(SaveFile::from_json(&v2), Err(ExportError::Version(2)));
    let mut bad = save.clone();
    bad.schedule.placements[1].slot = bad.schedule.placements[0].slot;
    bad.schedule.placements[1].table = bad.schedule.placements[0].table;
    assert!(matches!(
        SaveFile::from_json(&bad.to_json()),
        Err(ExportError::Schedule(_))
    ));
    let mut bad = save.clone();
    bad.results[0].score.outcome = MatchOutcome::Played {
        games: vec![(11, 10)],
    };
    assert!(matches!(
        SaveFile::from_json(&bad.to_json()),
        Err(ExportError::Score { fixture: 0, .. })
    ));

    let csv = to_csv(&p, &sol.schedule);
    assert_eq!(csv.lines().count(), 1 + 171);
    assert!(
        csv.starts_with("session,date,slot,start,table,stage,a,b,umpire\n1,2026-12-01,1,19:00,")
    );
    // Every row names an umpire who is not one of its players (5 sit out each slot of 7 matches,
    // so some rows have none).
    let rows: Vec<Vec<&str>> = csv
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .collect();
    assert!(rows
        .iter()
        .all(|r| r.len() == 9 && r[8] != r[6] && r[8] != r[7]));
    assert!(rows.iter().filter(|r| !r[8].is_empty()).count() > 100);
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert!(json["umpires"].as_array().unwrap().len() > 100);
    let ics = to_ics(&p, &sol.schedule, 1_780_000_000_000).unwrap();
    assert_eq!(ics.matches("BEGIN:VEVENT").count(), 171);
    assert!(ics.contains("DTSTART:20261201T190000\r\n"));
    assert!(ics.contains("DTEND:20261201T192200\r\n"));
    p.sessions[2].start = None;
    assert_eq!(
        to_ics(&p, &sol.schedule, 0),
        Err(ExportError::MissingDateOrTime(2))
    );
}

fn xq(args: &[&str]) -> (i32, Value) {
    let out = Command::new(env!("CARGO_BIN_EXE_xq"))
        .args(args)
        .output()
        .expect("xq runs");
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 1, "one JSON object on one line");
    (
        out.status.code().unwrap(),
        serde_json::from_str(&text).unwrap(),
    )
}

#[test]
fn cli_json_for_nineteen_pairs() {
    let (code, v) = xq(&[
        "schedule",
        "--entrants",
        "19",
        "--tables",
        "7",
        "--sessions",
        "8",
        "--session-minutes",
        "90",
        "--match-minutes",
        "22",
        "--seed",
        "3",
        "--json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(v["feasible"], true);
    let names: Vec<String> = v["entrants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap().to_string())
        .collect();
    assert_eq!(names, (1..=19).map(|i| i.to_string()).collect::<Vec<_>>());
    let slots = v["slots"].as_array().unwrap();
    assert_eq!(slots.len(), 32);
    assert_eq!(slots[1]["session"], 1);
    assert_eq!(slots[1]["slot"], 2);
    assert_eq!(slots[1]["start_minute"], 22);
    let mut met = std::collections::BTreeSet::new();
    for s in slots {
        let matches = s["matches"].as_array().unwrap();
        assert!(matches.len() <= 7);
        let mut busy = std::collections::BTreeSet::new();
        for m in matches {
            let (a, b) = (m["a"].as_str().unwrap(), m["b"].as_str().unwrap());
            assert!(busy.insert(a.to_string()) && busy.insert(b.to_string()));
            assert!(met.insert((a.min(b).to_string(), a.max(b).to_string())));
            let t = m["table"].as_u64().unwrap();
            assert!((1..=7).contains(&t));
            // The umpire (16.4) is idle in that slot: not one of this slot's players.
            if let Some(u) = m["umpire"].as_str() {
                assert!(matches.iter().all(|x| x["a"] != u && x["b"] != u), "{u}");
            }
        }
    }
    assert_eq!(met.len(), 171);
    let m = &v["metrics"];
    assert_eq!(m["max_consecutive"], 2);
    assert_eq!(m["back_to_back"], 38);
    assert_eq!(m["max_back_to_back"], 2);
    assert_eq!(m["session_spread"], 1);
    assert_eq!(v["bounds"]["back_to_back"], 38);
    assert_eq!(v["bounds"]["slots_used"], 25);
    assert!(m["slots_used"].as_u64().unwrap() >= 25);
    assert!(m["idle_slots"].is_u64());
}

#[test]
fn cli_json_when_it_cannot_fit() {
    let (code, v) = xq(&[
        "schedule",
        "--entrants",
        "19",
        "--tables",
        "7",
        "--sessions",
        "8",
        "--session-minutes",
        "90",
        "--match-minutes",
        "30",
        "--json",
    ]);
    assert_eq!(code, 3);
    assert_eq!(v["feasible"], false);
    assert!(v.get("slots").is_none());
    assert_eq!(v["reason"], "171 matches > 7 tables × 24 slots = 168");
    let s = v["suggestions"].as_array().unwrap();
    assert_eq!(s[0]["change"], "tables");
    assert_eq!(s[0]["tables"], 8);
    assert_eq!(s[1]["change"], "match_minutes");
    assert_eq!(s[1]["slots_per_session"], 4);
    assert_eq!(s[2]["sessions"], 9);
}

#[test]
fn cli_reads_names_and_refuses_bad_input() {
    let dir = std::env::temp_dir().join(format!("xq-schedule-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("pairs.txt");
    std::fs::write(&file, "Li & Wang\nZhao & Qian\n\nSun & Zhou\nWu & Zheng\n").unwrap();
    let (code, v) = xq(&[
        "schedule",
        "--entrants-file",
        file.to_str().unwrap(),
        "--tables",
        "2",
        "--sessions",
        "2",
        "--session-minutes",
        "60",
        "--match-minutes",
        "20",
        "--double",
        "--json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(v["entrants"][0], "Li & Wang");
    let total: usize = v["slots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["matches"].as_array().unwrap().len())
        .sum();
    assert_eq!(total, 12);
    let out = Command::new(env!("CARGO_BIN_EXE_xq"))
        .args([
            "schedule",
            "--entrants",
            "2",
            "--tables",
            "1",
            "--sessions",
            "1",
            "--session-minutes",
            "60",
            "--match-minutes",
            "20",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("at least 3"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn cli_scoring_adds_a_field_and_keeps_the_schema() {
    let args = |scoring: Option<&'static str>| -> Vec<&'static str> {
        let mut a = vec![
            "schedule",
            "--entrants",
            "19",
            "--tables",
            "7",
            "--sessions",
            "8",
            "--session-minutes",
            "90",
            "--match-minutes",
            "22",
            "--seed",
            "3",
            "--json",
        ];
        if let Some(s) = scoring {
            a.extend(["--scoring", s]);
        }
        a
    };
    let (_, plain) = xq(&args(None));
    assert_eq!(plain["scoring"], "table-tennis");
    for s in ["xiangqi", "xiangqi-2-1-0", "table-tennis", "win-draw-loss"] {
        let (code, v) = xq(&args(Some(s)));
        assert_eq!(code, 0);
        assert_eq!(v["scoring"], s);
        // The same timetable: the scoring only decides how results count.
        assert_eq!(v["slots"], plain["slots"]);
    }
    let out = Command::new(env!("CARGO_BIN_EXE_xq"))
        .args(["schedule", "--entrants", "5", "--scoring", "chess"])
        .output()
        .expect("xq runs");
    assert_ne!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown scoring"));
}

// ---- one event, two views

use xiangqi_club::events::round_robin::{Outcome, Tournament};
use xiangqi_club::events::schedule::{EventError, EventScoring, MatchResult};

/// The organiser's Xiangqi club night: 19 members, 7 boards, 8 evenings of 90 minutes.
fn club_night() -> (Problem, Schedule) {
    let p = Problem::round_robin(19, 7, 8, 90, 22, false);
    let sol = solve(&p, 3, 50_000).unwrap();
    assert!(sol.schedule.unplaced(&p).is_empty());
    (p, sol.schedule)
}

/// A result for every fixture, from the fixture index alone (draws, both colours winning, forfeits).
fn typed(i: usize) -> &'static str {
    ["1-0", "0-1", "和", "1/2", "+/-", "1-0", "0-1"][i % 7]
}

#[test]
fn timetable_and_rounds_view_give_identical_standings() {
    let (p, s) = club_night();
    let fixtures = p.fixtures();
    let five = BestOf::new(5).unwrap();
    // Through the timetable view: results typed per placed match, in playing order.
    let mut by_timetable = EventScoring::Xiangqi.event_for(&p, "周三晚").unwrap();
    for pl in &s.placements {
        let (round, red, black) = fixtures[pl.fixture].berger_pairing().unwrap();
        let MatchResult::Game(o) = EventScoring::Xiangqi
            .parse_result(five, typed(pl.fixture))
            .unwrap()
        else {
            panic!("a Xiangqi result is a game outcome")
        };
        by_timetable.record(round, red, black, vec![o]).unwrap();
    }
    // Through the rounds view: the same results entered round by round from the Berger table.
    let mut by_rounds = EventScoring::Xiangqi.event_for(&p, "周三晚").unwrap();
    for rv in by_rounds.rounds().unwrap() {
        for g in rv.games {
            let i = fixtures
                .iter()
                .position(|f| f.berger_pairing() == Some((rv.round, g.red, g.black)))
                .expect("every pairing of the rounds view is a timetable fixture");
            let o: Outcome = typed(i).parse().unwrap();
            by_rounds.record(rv.round, g.red, g.black, vec![o]).unwrap();
        }
    }
    assert_eq!(by_timetable.standings(), by_rounds.standings());
    assert_eq!(by_timetable.crosstable(), by_rounds.crosstable());
    assert_eq!(by_rounds.results().len(), fixtures.len());
}

#[test]
fn one_event_scored_as_xiangqi_and_as_table_tennis() {
    let (p, s) = club_night();
    let five = BestOf::new(5).unwrap();
    let first = s.placements[0].fixture;
    // Xiangqi: `1-0` is a result, table-tennis games are refused with a message in either language.
    assert!(EventScoring::Xiangqi.parse_result(five, "1-0").is_ok());
    let e = EventScoring::Xiangqi
        .parse_result(five, "11-7 11-5 11-3")
        .unwrap_err();
    assert!(!e.to_string().contains("a game is won at 11"));
    // Table tennis: the reverse.
    let e = EventScoring::TableTennis
        .parse_result(five, "1-0")
        .unwrap_err();
    assert!(e.to_string().contains("11"), "{e}");
    let MatchResult::Rally(score) = EventScoring::TableTennis
        .parse_result(five, "11-7 11-5 11-3")
        .unwrap()
    else {
        panic!("a table-tennis result is a rally score")
    };
    let results = vec![SavedResult {
        fixture: first,
        score,
    }];
    let v = verdicts(&p, &results);
    let table = standings(&(0..19).collect::<Vec<_>>(), &v, Points::table_tennis());
    assert_eq!(table[0].points, 2);
    // Xiangqi standings of the same first match: 1 point (14.1) for the winner.
    let mut t = EventScoring::Xiangqi.event_for(&p, "club").unwrap();
    let (round, red, black) = p.fixtures()[first].berger_pairing().unwrap();
    t.record(round, red, black, vec![Outcome::FirstWins])
        .unwrap();
    let row = &t.standings().rows[0];
    assert_eq!((row.entrant, row.score.to_string()), (red, "1".to_string()));
    // 2/1/0 doubles it; groups + knockout cannot carry a game-scored event.
    let mut t2 = EventScoring::Xiangqi210.event_for(&p, "club").unwrap();
    t2.record(round, red, black, vec![Outcome::FirstWins])
        .unwrap();
    assert_eq!(t2.standings().rows[0].score.to_string(), "2");
    let mut groups = p.clone();
    groups.format = Format::GroupsKnockout { groups: 4 };
    assert_eq!(
        EventScoring::Xiangqi.event_for(&groups, "x"),
        Err(EventError::NotRoundRobin)
    );
}

#[test]
fn old_exports_of_both_pages_still_import() {
    // A schedule file from before scoring was saved: no scoring, no event → table tennis, as it was.
    let (p, s) = club_night();
    let old = serde_json::json!({
        "version": SAVE_VERSION,
        "problem": p,
        "schedule": s,
        "results": [],
        "best_of": 5,
    });
    let file = SaveFile::from_json(&old.to_string()).unwrap();
    assert_eq!(file.scoring, EventScoring::TableTennis);
    assert_eq!(file.event, None);
    // A new file carries its scoring and the event with the results; it reads back equal.
    let mut t = EventScoring::Xiangqi.event_for(&p, "club").unwrap();
    let g = t.rounds().unwrap()[0].games[0];
    t.record(1, g.red, g.black, vec![Outcome::Draw]).unwrap();
    let new = SaveFile {
        scoring: EventScoring::Xiangqi,
        event: Some(t.clone()),
        ..file
    };
    assert_eq!(SaveFile::from_json(&new.to_json()), Ok(new.clone()));
    // The rounds view's own export still reads as before.
    assert_eq!(Tournament::from_json(&t.to_json()), Ok(t));
    // Old draft forms (no name, no scoring) still load.
    let draft: Draft = serde_json::from_value(serde_json::json!({
        "entrants": "a\nb\nc", "format": "single", "groups": "4", "tables": "1", "sessions": "1",
        "session_minutes": "90", "match_minutes": "20", "first_date": "", "every_days": "7",
        "start": "", "absences": ""
    }))
    .unwrap();
    assert_eq!(draft.scoring, EventScoring::TableTennis);
}
