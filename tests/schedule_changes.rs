//! Late changes to a solved timetable: moving an unplayed match to a free table or a
//! new session, re-solving only what is not yet played, and a withdrawal after a chosen session
//! (rules 20.3/20.4, forfeits marked as in 21.4).

use std::collections::BTreeSet;
use xiangqi_club::events::round_robin::Outcome;
use xiangqi_club::events::schedule::EventScoring;
use xiangqi_club::events::schedule::*;
use xiangqi_club::lang::{Lang, Say};

/// 10 entrants, 3 tables, 8 sessions of 3 slots: 45 matches in 72 places.
fn club() -> (Problem, Schedule) {
    let mut p = Problem::round_robin(10, 3, 8, 60, 20, false);
    for (i, s) in p.sessions.iter_mut().enumerate() {
        s.date = Some(format!("2026-12-{:02}", 1 + 3 * i));
        s.start = Some("19:00".into());
    }
    let s = solve(&p, 5, 200_000).unwrap().schedule;
    s.validate(&p).unwrap();
    (p, s)
}

/// Fixtures of sessions before `from`, all played but `skip`.
fn frozen(p: &Problem, s: &Schedule, from: usize, skip: usize) -> Frozen {
    let slots = p.slots();
    Frozen {
        fixtures: s
            .placements
            .iter()
            .filter(|pl| slots[pl.slot].session < from && pl.fixture != skip)
            .map(|pl| pl.fixture)
            .collect(),
        from_session: from,
    }
}

fn placement(s: &Schedule, fixture: usize) -> Placement {
    *s.placements
        .iter()
        .find(|pl| pl.fixture == fixture)
        .unwrap()
}

#[test]
fn an_unplayed_match_moves_to_a_free_table_and_the_rest_is_resolved_around_the_played() {
    let (mut p, mut s) = club();
    let slots = p.slots();
    // One match of session 2 could not be played; sessions 1–2 are over.
    let missed = s
        .placements
        .iter()
        .find(|pl| slots[pl.slot].session == 1)
        .unwrap()
        .fixture;
    let mut frozen = frozen(&p, &s, 2, missed);
    let targets = s.free_targets(&p, missed, &frozen);
    assert!(
        !targets.is_empty(),
        "72 places for 45 matches leave free tables"
    );
    for t in &targets {
        let Target::Slot { slot, .. } = *t else {
            panic!("only slots are listed")
        };
        assert!(slots[slot].session >= 2, "never into a past session");
    }
    let before = s.clone();
    let slot = s.move_match(&mut p, missed, targets[0], &frozen).unwrap();
    assert_eq!(
        Target::Slot {
            slot,
            table: placement(&s, missed).table
        },
        targets[0]
    );
    s.validate(&p).unwrap();
    // Only the moved match changed.
    assert_eq!(
        s.placements
            .iter()
            .filter(|pl| !before.placements.contains(pl))
            .count(),
        1
    );
    frozen.fixtures.insert(missed);
    let again = reschedule(&p, &s, &frozen, 1, RESCHEDULE_BUDGET).unwrap();
    again.validate(&p).unwrap();
    for pl in &s.placements {
        if frozen.keeps(pl, &slots) {
            assert!(again.placements.contains(pl), "kept match {pl:?} moved");
        }
    }
    let rank = |m: Metrics| (m.unplaced, m.max_consecutive, m.back_to_back);
    assert!(rank(again.metrics(&p)) <= rank(s.metrics(&p)));
}

#[test]
fn a_match_moves_to_a_new_session_at_the_end() {
    let (mut p, mut s) = club();
    let frozen = frozen(&p, &s, 1, usize::MAX);
    let unplayed = s
        .placements
        .iter()
        .find(|pl| !frozen.fixtures.contains(&pl.fixture))
        .unwrap()
        .fixture;
    let slot = s
        .move_match(&mut p, unplayed, Target::NewSession, &frozen)
        .unwrap();
    assert_eq!(p.sessions.len(), 9);
    assert_eq!(p.sessions[8].date.as_deref(), Some("2026-12-25"));
    assert_eq!(p.sessions[8].start.as_deref(), Some("19:00"));
    assert_eq!(p.slots()[slot].session, 8);
    s.validate(&p).unwrap();
    // The re-solve may use the new session's other slots too, but never a past one.
    let mut pinned = frozen.clone();
    pinned.fixtures.insert(unplayed);
    let again = reschedule(&p, &s, &pinned, 2, RESCHEDULE_BUDGET).unwrap();
    again.validate(&p).unwrap();
    assert!(again.placements.contains(&placement(&s, unplayed)));
}

#[test]
fn moves_that_break_the_timetable_are_refused_with_reasons() {
    let (mut p, mut s) = club();
    let slots = p.slots();
    let fixtures = p.fixtures();
    let frozen = frozen(&p, &s, 2, usize::MAX);
    let played = *frozen.fixtures.iter().next().unwrap();
    let open = s
        .placements
        .iter()
        .find(|pl| slots[pl.slot].session >= 2)
        .copied()
        .unwrap();
    let at = |slot, table| Target::Slot { slot, table };
    let original = (p.clone(), s.clone());
    assert_eq!(
        s.move_match(&mut p, played, Target::NewSession, &frozen),
        Err(ChangeError::Played(played))
    );
    assert_eq!(
        s.move_match(&mut p, 999, Target::NewSession, &frozen),
        Err(ChangeError::UnknownFixture(999))
    );
    assert_eq!(
        s.move_match(&mut p, open.fixture, at(0, 0), &frozen),
        Err(ChangeError::PastSession(0))
    );
    assert_eq!(
        s.move_match(&mut p, open.fixture, at(500, 0), &frozen),
        Err(ChangeError::NoSuchSlot(500))
    );
    assert_eq!(
        s.move_match(&mut p, open.fixture, at(open.slot, 3), &frozen),
        Err(ChangeError::NoSuchTable(3))
    );
    // A table another match of a later slot uses, with neither player of ours in it.
    let (a, b) = fixtures[open.fixture].entrants().unwrap();
    let taken = s
        .placements
        .iter()
        .find(|pl| {
            slots[pl.slot].session >= 2
                && s.placements.iter().filter(|q| q.slot == pl.slot).all(|q| {
                    let (c, d) = fixtures[q.fixture].entrants().unwrap();
                    ![c, d].contains(&a) && ![c, d].contains(&b)
                })
        })
        .copied()
        .unwrap();
    assert_eq!(
        s.move_match(&mut p, open.fixture, at(taken.slot, taken.table), &frozen),
        Err(ChangeError::SlotTaken {
            slot: taken.slot,
            table: taken.table
        })
    );
    // A slot where one of the players already plays.
    let busy = s
        .placements
        .iter()
        .find(|pl| {
            pl.fixture != open.fixture
                && slots[pl.slot].session >= 2
                && fixtures[pl.fixture]
                    .entrants()
                    .is_some_and(|(c, d)| [c, d].contains(&a))
        })
        .copied()
        .unwrap();
    let err = s
        .move_match(&mut p, open.fixture, at(busy.slot, 0), &frozen)
        .unwrap_err();
    assert!(
        matches!(err, ChangeError::EntrantBusy { entrant, .. } if entrant == a || entrant == b),
        "{err:?}"
    );
    assert!(
        err.say(Lang::Zh).contains("已有比赛"),
        "{}",
        err.say(Lang::Zh)
    );
    assert!(err.say(Lang::En).contains("already plays"));
    // An absence.
    p.absences.push(Absence {
        entrant: a,
        session: 7,
        first_slot_only: false,
    });
    let last = slots.iter().rposition(|x| x.session == 7).unwrap();
    let free_table = (0..3).find(|&t| {
        !s.placements
            .iter()
            .any(|pl| pl.slot == last && pl.table == t)
    });
    if let Some(t) = free_table {
        assert!(matches!(
            s.move_match(&mut p, open.fixture, at(last, t), &frozen),
            Err(ChangeError::Unavailable { .. } | ChangeError::EntrantBusy { .. })
        ));
    }
    p.absences.clear();
    assert_eq!((p, s), original, "nothing changes on an error");
}

#[test]
fn a_group_match_cannot_move_after_the_knockout() {
    let mut p = Problem::round_robin(8, 4, 3, 90, 15, false);
    p.format = Format::GroupsKnockout { groups: 2 };
    let mut s = solve(&p, 1, 100_000).unwrap().schedule;
    s.validate(&p).unwrap();
    let group_match = s.placements[0].fixture;
    let err = s
        .move_match(&mut p, group_match, Target::NewSession, &Frozen::default())
        .unwrap_err();
    assert!(matches!(err, ChangeError::KnockoutOrder(_)), "{err:?}");
    assert_eq!(p.sessions.len(), 3);
}

#[test]
fn withdrawal_after_a_session_forfeits_every_later_match() {
    let (p, s) = club();
    let slots = p.slots();
    let fixtures = p.fixtures();
    let mut t = EventScoring::Xiangqi.event_for(&p, "Club").unwrap();
    // Sessions 1–5 are played: the first-named side wins every match.
    let cut = 5;
    let session_of = |k: usize| -> Vec<usize> {
        s.placements
            .iter()
            .filter(|pl| {
                let (_, red, black) = fixtures[pl.fixture].berger_pairing().unwrap();
                red == k || black == k
            })
            .map(|pl| slots[pl.slot].session)
            .collect()
    };
    for pl in &s.placements {
        if slots[pl.slot].session < cut {
            let (r, red, black) = fixtures[pl.fixture].berger_pairing().unwrap();
            t.record(r, red, black, vec![Outcome::FirstWins]).unwrap();
        }
    }
    // Someone who met at least half the field (20.3) and still has matches to play.
    let k = (1..=10)
        .find(|&k| {
            let mine = session_of(k);
            mine.iter().filter(|&&x| x < cut).count() >= 5 && mine.iter().any(|&x| x >= cut)
        })
        .unwrap();
    // It cannot withdraw after session 1 when it has results later.
    let early = session_of(k)
        .into_iter()
        .filter(|&x| x >= 1 && x < cut)
        .count();
    if early > 0 {
        assert!(matches!(
            withdraw_after_session(&mut t.clone(), &p, &s, k, 1),
            Err(xiangqi_club::events::round_robin::TournamentError::PlayedAfterWithdrawal { .. })
        ));
    }
    withdraw_after_session(&mut t, &p, &s, k, cut).unwrap();
    assert!(!t.is_annulled(k), "met at least half the field (20.3)");
    let counted = t.counted_results();
    let mut forfeits = BTreeSet::new();
    for pl in &s.placements {
        let (r, red, black) = fixtures[pl.fixture].berger_pairing().unwrap();
        if red != k && black != k {
            continue;
        }
        let m = counted
            .iter()
            .find(|m| (m.round, m.red, m.black) == (r, red, black))
            .expect("every match of the withdrawn entrant counts");
        if slots[pl.slot].session < cut {
            assert_eq!(m.games, vec![Outcome::FirstWins], "played results stand");
        } else {
            let lost = if red == k {
                Outcome::SecondByForfeit
            } else {
                Outcome::FirstByForfeit
            };
            assert_eq!(m.games, vec![lost], "round {r}: a forfeit {k} loses (21.4)");
            forfeits.insert(r);
        }
    }
    assert!(!forfeits.is_empty());
    // The standings show the withdrawal.
    let row = t
        .standings()
        .rows
        .into_iter()
        .find(|r| r.entrant == k)
        .unwrap();
    assert!(row.withdrawn);
}

#[test]
fn withdrawal_before_half_the_field_annuls_its_results() {
    let (p, s) = club();
    let slots = p.slots();
    let fixtures = p.fixtures();
    let mut t = EventScoring::Xiangqi.event_for(&p, "Club").unwrap();
    for pl in &s.placements {
        if slots[pl.slot].session < 1 {
            let (r, red, black) = fixtures[pl.fixture].berger_pairing().unwrap();
            t.record(r, red, black, vec![Outcome::Draw]).unwrap();
        }
    }
    let k = fixtures[s.placements[0].fixture]
        .berger_pairing()
        .unwrap()
        .1;
    withdraw_after_session(&mut t, &p, &s, k, 1).unwrap();
    assert!(t.is_annulled(k), "fewer than half met: 20.3 annuls");
    assert!(t
        .counted_results()
        .iter()
        .all(|m| m.red != k && m.black != k));
}

/// Groups + knockout scored as Xiangqi games: group places by the scoring's
/// tie-breaks, the crossover seats, and knockout matches that need a winner.
#[test]
fn groups_and_knockout_scored_as_games() {
    let mut p = Problem::round_robin(8, 4, 3, 90, 15, false);
    p.format = Format::GroupsKnockout { groups: 2 };
    let fixtures = p.fixtures();
    let find = |x: usize, y: usize| {
        fixtures
            .iter()
            .position(|f| {
                f.entrants()
                    .is_some_and(|(a, b)| (a, b) == (x, y) || (a, b) == (y, x))
            })
            .unwrap()
    };
    // Outcome of "x against y" put from the fixture's first-named side.
    let game = |x: usize, y: usize, o: Outcome| {
        let i = find(x, y);
        let first = fixtures[i].entrants().unwrap().0 == x;
        SavedGame {
            fixture: i,
            outcome: if first { o } else { o.reversed() },
        }
    };
    // Group A (snake: 1, 4, 5, 8 → indices 0, 3, 4, 7): 0 beats 3 and 7, 4 beats 0, 3 draws 4,
    // 3 beats 7, 7 beats 4. Scores 0: 2, 4: 1½, 3: 1½, 7: 1.
    let mut games = vec![
        game(0, 3, Outcome::FirstWins),
        game(0, 7, Outcome::FirstWins),
        game(4, 0, Outcome::FirstWins),
        game(3, 4, Outcome::Draw),
        game(3, 7, Outcome::FirstWins),
    ];
    let seats = game_seat_holders(&p, EventScoring::Xiangqi, &games);
    assert!(seats.is_empty(), "group A is not complete yet");
    games.push(game(7, 4, Outcome::FirstWins));
    // Group B (indices 1, 2, 5, 6): the lower index wins every game.
    for (x, y) in [(1, 2), (1, 5), (1, 6), (2, 5), (2, 6), (5, 6)] {
        games.push(game(x, y, Outcome::FirstWins));
    }
    let seats = game_seat_holders(&p, EventScoring::Xiangqi, &games);
    assert_eq!(seats["A1"], 0);
    // 4 and 3 tie on 1½; Sonneborn-Berger (15.1) puts 4 first (2¾ against 1¾).
    assert_eq!(seats["A2"], 4);
    assert_eq!(seats["A3"], 3);
    assert_eq!((seats["B1"], seats["B2"]), (1, 2));
    // Win/draw/loss splits ties only by the direct encounter, a draw here: pairing order.
    let plain = game_seat_holders(&p, EventScoring::WinDrawLoss, &games);
    assert_eq!(plain["A2"], 3);
    let groups = group_events(&p, EventScoring::Xiangqi, &games).unwrap();
    assert_eq!(groups[0].standings().rows[1].name, "5");
    assert!(group_events(&p, EventScoring::TableTennis, &games).is_err());

    let label = |l: &str| {
        fixtures
            .iter()
            .position(|f| matches!(&f.stage, Phase::Knockout { label, .. } if label == l))
            .unwrap()
    };
    let (sf1, sf2, fin) = (label("SF1"), label("SF2"), label("F"));
    assert_eq!(
        enter_game(
            &p,
            EventScoring::Xiangqi,
            &mut games,
            sf1,
            Some(Outcome::Draw)
        ),
        Err(GameEntryError::KnockoutNeedsWinner(sf1))
    );
    assert_eq!(
        enter_game(
            &p,
            EventScoring::Xiangqi,
            &mut games,
            fin,
            Some(Outcome::FirstWins)
        ),
        Err(GameEntryError::SeatsOpen(fin))
    );
    let e = GameEntryError::KnockoutNeedsWinner(sf1);
    assert!(e.say(Lang::Zh).contains("淘汰赛"));
    // SF1 is A1–B2: B2 (index 2) wins; SF2 is B1–A2: A2 (index 4) wins by forfeit.
    enter_game(
        &p,
        EventScoring::Xiangqi,
        &mut games,
        sf1,
        Some(Outcome::SecondWins),
    )
    .unwrap();
    enter_game(
        &p,
        EventScoring::Xiangqi,
        &mut games,
        sf2,
        Some(Outcome::SecondByForfeit),
    )
    .unwrap();
    let seats = game_seat_holders(&p, EventScoring::Xiangqi, &games);
    assert_eq!((seats["W SF1"], seats["L SF1"]), (2, 0));
    assert_eq!((seats["W SF2"], seats["L SF2"]), (4, 1));
    enter_game(
        &p,
        EventScoring::Xiangqi,
        &mut games,
        fin,
        Some(Outcome::FirstWins),
    )
    .unwrap();
    assert_eq!(
        game_seat_holders(&p, EventScoring::Xiangqi, &games)["W F"],
        2
    );
    // Clearing a result takes its seats away again.
    enter_game(&p, EventScoring::Xiangqi, &mut games, sf1, None).unwrap();
    let seats = game_seat_holders(&p, EventScoring::Xiangqi, &games);
    assert!(!seats.contains_key("W SF1") && !seats.contains_key("W F"));
}

/// The game results of a groups + knockout event travel in the save file (and its JSON export);
/// a file saved before they existed still loads, and a result for no fixture is refused.
#[test]
fn group_games_are_saved_with_the_timetable() {
    let mut p = Problem::round_robin(8, 4, 3, 90, 15, false);
    p.format = Format::GroupsKnockout { groups: 2 };
    let schedule = solve(&p, 1, 50_000).unwrap().schedule;
    let mut games = Vec::new();
    enter_game(
        &p,
        EventScoring::Xiangqi,
        &mut games,
        0,
        Some(Outcome::Draw),
    )
    .unwrap();
    enter_game(
        &p,
        EventScoring::Xiangqi,
        &mut games,
        1,
        Some(Outcome::SecondByForfeit),
    )
    .unwrap();
    let file = SaveFile {
        version: SAVE_VERSION,
        problem: p.clone(),
        schedule,
        results: Vec::new(),
        best_of: BestOf::new(5).unwrap(),
        scoring: EventScoring::Xiangqi,
        event_id: None,
        event: None,
        games,
    };
    let text = file.to_json();
    assert!(text.contains("\"games\""), "{text}");
    assert_eq!(SaveFile::from_json(&text), Ok(file.clone()));
    // Before group games were kept the file had no `games`: it loads with none.
    let old = SaveFile {
        games: Vec::new(),
        ..file.clone()
    };
    let old_text = old.to_json();
    assert!(!old_text.contains("\"games\""));
    assert_eq!(SaveFile::from_json(&old_text).unwrap().games, Vec::new());
    let count = p.fixtures().len();
    let bad = SaveFile {
        games: vec![SavedGame {
            fixture: count,
            outcome: Outcome::Draw,
        }],
        ..file.clone()
    };
    assert_eq!(
        SaveFile::from_json(&bad.to_json()),
        Err(ExportError::ResultFixture(count))
    );
    let twice = SaveFile {
        games: vec![file.games[0], file.games[0]],
        ..file
    };
    assert_eq!(
        SaveFile::from_json(&twice.to_json()),
        Err(ExportError::ResultTwice(0))
    );
}

/// The organiser's case (19 entrants, 7 tables, 8 sessions of 90 min, 22-min matches) with two
/// sessions over: a late change changes as few matches as it must. Re-solving the rest moved 128.
#[test]
fn reschedule_figure_for_nineteen() {
    let p = Problem::round_robin(19, 7, 8, 90, 22, false);
    let s = solve(&p, 1, 200_000).unwrap().schedule;
    let frozen = frozen(&p, &s, 2, usize::MAX);
    let slots = p.slots();
    let open: Vec<Placement> = s
        .placements
        .iter()
        .filter(|pl| slots[pl.slot].session >= 2)
        .copied()
        .collect();
    let unchanged_but = |plan: &Plan, moved: &[usize]| {
        for pl in &s.placements {
            if !moved.contains(&pl.fixture) {
                assert!(plan.schedule.placements.contains(pl), "{pl:?} moved");
            }
        }
    };
    // A match of session 3 to a new session: that match only.
    let t0 = std::time::Instant::now();
    let m = open[0].fixture;
    let plan = plan_move(&p, &s, m, Target::NewSession, &frozen).unwrap();
    plan.schedule.validate(&plan.problem).unwrap();
    assert_eq!(plan.shifts.len(), 1, "{:?}", plan.shifts);
    assert_eq!(plan.shifts[0].fixture, m);
    unchanged_but(&plan, &[m]);
    // To a free table of a later slot: that match only.
    let free = s.free_targets(&p, m, &frozen);
    let plan = plan_move(&p, &s, m, free[free.len() / 2], &frozen).unwrap();
    plan.schedule.validate(&plan.problem).unwrap();
    assert_eq!(plan.shifts.len(), 1);
    // Onto a table another match holds: that match moves out of the way, and little else.
    let held = *open
        .iter()
        .rev()
        .find(|pl| pl.slot != open[0].slot)
        .unwrap();
    let to = Target::Slot {
        slot: held.slot,
        table: held.table,
    };
    let taken = plan_move(&p, &s, m, to, &frozen).unwrap();
    taken.schedule.validate(&taken.problem).unwrap();
    assert!((2..=5).contains(&taken.shifts.len()), "{:?}", taken.shifts);
    assert!(taken.shifts.iter().any(|x| x.fixture == held.fixture));
    // Table 1 lost for session 3: its matches there move, each to a free table of the same slot
    // where one is free, and at most one other match per lost one.
    let lost: Vec<usize> = s
        .placements
        .iter()
        .filter(|pl| pl.table == 0 && slots[pl.slot].session == 2)
        .map(|pl| pl.fixture)
        .collect();
    let table = plan_table_lost(&p, &s, 2, 0, &frozen).unwrap();
    table.schedule.validate(&table.problem).unwrap();
    assert!(!table.problem.table_open(2, 0));
    assert!(table.shifts.len() >= lost.len() && table.shifts.len() <= 2 * lost.len());
    for x in &lost {
        assert!(table.shifts.iter().any(|m| m.fixture == *x));
    }
    assert!(table
        .schedule
        .placements
        .iter()
        .all(|pl| pl.table != 0 || slots[pl.slot].session != 2));
    let ms = t0.elapsed().as_secs_f64() * 1000.0;
    // A withdrawal after session 4: forfeits, but no match changes time or table.
    let mut t = EventScoring::Xiangqi.event_for(&p, "Club").unwrap();
    let fixtures = p.fixtures();
    for pl in &s.placements {
        if slots[pl.slot].session < 4 {
            let (r, red, black) = fixtures[pl.fixture].berger_pairing().unwrap();
            t.record(r, red, black, vec![Outcome::Draw]).unwrap();
        }
    }
    let (after, decided) = plan_withdrawal(&t, &p, &s, 5, 4).unwrap();
    assert!(!decided.is_empty());
    assert!(after.entrant(5).unwrap().withdrawn_after.is_some());
    eprintln!(
        "19 entrants, 2 of 8 sessions over: a move changes {} match (onto a taken table {}), \
         table 1 lost for session 3 changes {} ({} were on it), a withdrawal after session 4 \
         changes 0 and decides {} as forfeits; plans worked out in {ms:.1} ms",
        plan.shifts.len(),
        taken.shifts.len(),
        table.shifts.len(),
        lost.len(),
        decided.len()
    );
}

/// Withdrawal plans leave the event alone; a table already closed, a past session and a session
/// that does not exist are refused with reasons.
#[test]
fn late_change_plans_are_refused_with_reasons() {
    let (p, s) = club();
    let frozen = frozen(&p, &s, 2, usize::MAX);
    assert_eq!(
        plan_table_lost(&p, &s, 1, 0, &frozen),
        Err(ChangeError::PastSession(1))
    );
    assert_eq!(
        plan_table_lost(&p, &s, 9, 0, &frozen),
        Err(ChangeError::NoSuchSession(9))
    );
    assert_eq!(
        plan_table_lost(&p, &s, 3, 5, &frozen),
        Err(ChangeError::NoSuchTable(5))
    );
    let plan = plan_table_lost(&p, &s, 3, 2, &frozen).unwrap();
    let again = plan_table_lost(&plan.problem, &plan.schedule, 3, 2, &frozen);
    assert_eq!(
        again,
        Err(ChangeError::AlreadyClosed {
            session: 3,
            table: 2
        })
    );
    assert!(again.unwrap_err().say(Lang::Zh).contains("停用"));
    // Nothing can be moved onto the closed table.
    let slot = p.slots().iter().position(|x| x.session == 3).unwrap();
    let m = s
        .placements
        .iter()
        .find(|pl| p.slots()[pl.slot].session == 5)
        .unwrap()
        .fixture;
    assert_eq!(
        plan_move(
            &plan.problem,
            &plan.schedule,
            m,
            Target::Slot { slot, table: 2 },
            &frozen
        ),
        Err(ChangeError::TableClosed {
            session: 3,
            table: 2
        })
    );
    // The closed table travels in the save file and a re-solve keeps off it.
    let json = serde_json::to_string(&plan.problem).unwrap();
    let back: Problem = serde_json::from_str(&json).unwrap();
    assert_eq!(back, plan.problem);
    let mut keep = frozen.clone();
    keep.fixtures.clear();
    let again = reschedule(&plan.problem, &plan.schedule, &keep, 1, 50_000).unwrap();
    again.validate(&plan.problem).unwrap();
    let t = EventScoring::Xiangqi.event_for(&p, "Club").unwrap();
    let before = t.clone();
    plan_withdrawal(&t, &p, &s, 3, 0).unwrap();
    assert_eq!(t, before, "a plan changes nothing");
}

#[test]
fn decided_matches_are_those_with_a_result_in_either_scoring() {
    let (p, _) = club();
    let fixtures = p.fixtures();
    let results = vec![SavedResult {
        fixture: 3,
        score: MatchScore::parse(BestOf::new(3).unwrap(), "11-3 11-4").unwrap(),
    }];
    assert_eq!(
        Frozen::decided(&p, &results, None, 2).fixtures,
        BTreeSet::from([3])
    );
    let mut t = EventScoring::Xiangqi.event_for(&p, "Club").unwrap();
    let (r, red, black) = fixtures[5].berger_pairing().unwrap();
    t.record(r, red, black, vec![Outcome::Draw]).unwrap();
    let frozen = Frozen::decided(&p, &[], Some(&t), 0);
    assert_eq!(frozen.fixtures, BTreeSet::from([5]));
    // A withdrawal before round 1 decides all of that entrant's matches.
    t.clear_result(r, red, black);
    t.withdraw(1, 0).unwrap();
    let frozen = Frozen::decided(&p, &[], Some(&t), 0);
    assert_eq!(frozen.fixtures.len(), 9);
}

/// `?changes` offered a match's own slot as a place to move it to (issue 55.9).
#[test]
fn a_match_is_never_offered_its_own_slot() {
    let (p, s) = club();
    let frozen = Frozen {
        fixtures: BTreeSet::new(),
        from_session: 0,
    };
    for pl in &s.placements {
        let targets = s.free_targets(&p, pl.fixture, &frozen);
        for t in targets {
            let Target::Slot { slot, .. } = t else {
                panic!("only slots are listed")
            };
            assert_ne!(slot, pl.slot, "match {} offered its own slot", pl.fixture);
        }
    }
}
