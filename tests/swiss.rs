//! Swiss pairing by the FIDE Dutch system (C.04.3, 2025; the 1999 rules' appendix 2 is absent
//! from the reference): round-one layout, byes (20.2), withdrawals (20.4), late entries, team
//! colours (13.3), agreement with bbpPairings, and properties over thousands of random events.

use xiangqi_club::events::round_robin::Outcome;
use xiangqi_club::events::swiss::{
    board_colors, swiss_standings, Buchholz, EntrantOutcome, Leave, Record, RoundPairing, Swiss,
    SwissError, SwissTieBreak,
};
use xiangqi_club::events::trf::{parse_trf, write_trf};
use xiangqi_club::events::Entrant;
use xiangqi_club::lang::{Lang, Say};
use xiangqi_club::rng::Rng;
use xiangqi_club::xiangqi::Color;

fn event(n: usize, rounds: Option<usize>) -> Swiss {
    let mut ev = Swiss::new(rounds);
    for k in 0..n {
        ev.add_entrant(Entrant::new(format!("P{}", k + 1), 2000 - k as u32));
    }
    ev
}

fn random_results(rng: &mut Rng, p: &RoundPairing) -> Vec<Outcome> {
    p.boards
        .iter()
        .map(|_| match rng.below(100) {
            0..=2 => Outcome::FirstByForfeit,
            3..=5 => Outcome::SecondByForfeit,
            6..=45 => Outcome::FirstWins,
            46..=70 => Outcome::Draw,
            _ => Outcome::SecondWins,
        })
        .collect()
}

#[test]
fn round_one_top_half_meets_bottom_half_with_alternating_colours() {
    // C.04.3: S1 = top half, S2 = bottom half; pairing number 1 gets the colour drawn (white1).
    let ev = event(8, Some(5));
    assert_eq!(ev.pair_next().unwrap().to_string(), "Rd 1: 1-5 6-2 3-7 8-4");
    let mut black = event(8, Some(5));
    black.first_color = Color::Black;
    assert_eq!(
        black.pair_next().unwrap().to_string(),
        "Rd 1: 5-1 2-6 7-3 4-8"
    );
}

#[test]
fn odd_field_gives_the_bye_to_the_lowest_and_never_twice() {
    // 20.2 / C.04.1: an odd field makes one pairing-allocated bye, to the lowest ranked eligible.
    let mut ev = event(5, Some(4));
    let p = ev.pair_next().unwrap();
    assert_eq!(p.to_string(), "Rd 1: 1-3 4-2 5-bye");
    ev.record_round(&p, &[Outcome::FirstWins, Outcome::FirstWins])
        .unwrap();
    let p2 = ev.pair_next().unwrap();
    // Player 5 has 2 points from the bye but may not get it again; someone with 0 gets it.
    let bye = p2.bye.unwrap();
    assert_ne!(bye, 4);
    assert_eq!(ev.entrants[bye].score(), 0);
}

#[test]
fn forfeit_winner_is_not_eligible_for_the_bye() {
    // C.04.1 (2025): a player who scored a win without playing may not receive the bye.
    let mut ev = event(3, Some(3));
    let p = ev.pair_next().unwrap();
    assert_eq!(p.to_string(), "Rd 1: 1-2 3-bye");
    ev.record_round(&p, &[Outcome::SecondByForfeit]).unwrap();
    let p2 = ev.pair_next().unwrap();
    assert!(p2.bye != Some(2) && p2.bye != Some(1), "{p2}");
}

#[test]
fn withdrawal_keeps_results_and_stops_pairing() {
    // 20.4: results stand; the withdrawn player is not paired again.
    let mut ev = event(6, Some(5));
    let mut rng = Rng::new(3);
    for _ in 0..2 {
        let p = ev.pair_next().unwrap();
        let r = random_results(&mut rng, &p);
        ev.record_round(&p, &r).unwrap();
    }
    let before = ev.entrants[0].score();
    ev.withdraw(0);
    let p = ev.pair_next().unwrap();
    assert!(p.boards.iter().all(|b| b.red != 0 && b.black != 0));
    assert!(p.bye.is_some(), "five remain, one bye: {p}");
    let r = random_results(&mut rng, &p);
    ev.record_round(&p, &r).unwrap();
    assert_eq!(ev.entrants[0].score(), before);
    assert_eq!(ev.entrants[0].history[2], Record::Absent(Leave::Zero));
}

#[test]
fn unplayed_game_is_a_forfeit_and_may_be_paired_again() {
    // 20.4: a game the withdrawn side did not play is lost by forfeit; it gives no colour.
    let mut ev = event(2, None);
    let p = ev.pair_next().unwrap();
    ev.record_round(&p, &[Outcome::FirstByForfeit]).unwrap();
    assert_eq!(ev.entrants[0].score(), 2);
    assert_eq!(ev.entrants[1].score(), 0);
    // The two never played, so they may meet (and the forfeit gave no colour history).
    assert_eq!(ev.pair_next().unwrap().to_string(), "Rd 2: 1-2");
}

#[test]
fn late_entry_starts_with_absences_and_is_paired() {
    let mut ev = event(4, Some(4));
    let p = ev.pair_next().unwrap();
    ev.record_round(&p, &[Outcome::FirstWins, Outcome::Draw])
        .unwrap();
    let late = ev.add_entrant(Entrant::new("Late", 1500));
    assert_eq!(ev.entrants[late].history, vec![Record::Absent(Leave::Zero)]);
    let p2 = ev.pair_next().unwrap();
    let seen = p2.bye == Some(late) || p2.boards.iter().any(|b| b.red == late || b.black == late);
    assert!(seen, "{p2}");
}

#[test]
fn half_point_bye_request_is_honoured() {
    let mut ev = event(6, Some(5));
    ev.entrants[1].next = Some(Leave::Half);
    let p = ev.pair_next().unwrap();
    assert!(p.boards.iter().all(|b| b.red != 1 && b.black != 1));
    assert!(p.bye.is_some());
    let r = vec![Outcome::Draw; p.boards.len()];
    ev.record_round(&p, &r).unwrap();
    assert_eq!(ev.entrants[1].history[0], Record::Absent(Leave::Half));
    assert_eq!(ev.entrants[1].score(), 1);
}

#[test]
fn accelerated_first_round_pairs_within_each_half() {
    // Baku acceleration (C.04.5): the top half starts with a virtual win, so 1–10 and 11–20
    // are paired separately in round 1.
    let mut ev = event(20, Some(9));
    ev.accelerated = true;
    let p = ev.pair_next().unwrap();
    for b in &p.boards {
        assert_eq!(b.red < 10, b.black < 10, "{p}");
    }
    assert_eq!(
        p.to_string(),
        "Rd 1: 1-6 7-2 3-8 9-4 5-10 11-16 17-12 13-18 19-14 15-20"
    );
    let mut plain = event(20, Some(9));
    plain.accelerated = false;
    assert_eq!(plain.pair_next().unwrap().boards[0].black, 10);
    assert_eq!(
        Swiss {
            rounds_planned: None,
            ..ev.clone()
        }
        .pair_next(),
        Err(SwissError::AccelerationNeedsRounds)
    );
}

#[test]
fn team_colours_follow_rule_13_3() {
    // 13.3: the team "to move first" has Red on odd boards, Black on even boards.
    assert_eq!(
        board_colors(4),
        vec![Color::Red, Color::Black, Color::Red, Color::Black]
    );
}

#[test]
fn team_swiss_pairs_teams_like_players() {
    // Team Swiss: the Dutch pairing on match points; the Red team is the first-move team.
    let mut ev = event(6, Some(3));
    ev.boards = Some(4);
    let p = ev.pair_next().unwrap();
    assert_eq!(p.to_string(), "Rd 1: 1-4 5-2 3-6");
}

#[test]
fn agrees_with_bbp_pairings_on_recorded_cases() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/swiss-bbp");
    let expected = std::fs::read_to_string(format!("{dir}/expected.txt")).unwrap();
    let mut n = 0;
    for line in expected.lines() {
        let (name, want) = line.split_once(' ').unwrap();
        let text = std::fs::read_to_string(format!("{dir}/{name}.trf")).unwrap();
        let ev = parse_trf(&text).unwrap();
        assert_eq!(ev.pair_next().unwrap().to_string(), want, "{name}");
        // The file written back pairs the same.
        let again = parse_trf(&write_trf(&ev)).unwrap();
        assert_eq!(
            again.pair_next().unwrap().to_string(),
            want,
            "{name} after round trip"
        );
        n += 1;
    }
    assert_eq!(n, 20);
}

/// Colour sequence of played games.
fn colours(ev: &Swiss, i: usize) -> Vec<Color> {
    ev.entrants[i]
        .history
        .iter()
        .filter_map(|r| match r {
            Record::Game {
                color,
                played: true,
                ..
            } => Some(*color),
            _ => None,
        })
        .collect()
}

#[test]
fn thousands_of_random_events_keep_the_absolute_criteria() {
    // C.04.3 C1–C3 with rounds not planned (so the last-round relaxation never applies): no
    // rematch, no colour three times in a row, colour difference at most two, one bye each,
    // everyone present paired or bye'd exactly once a round.
    let mut rng = Rng::new(2026);
    let (mut events, mut rounds, mut stopped) = (0, 0, 0);
    while events < 2000 {
        let n = 2 + rng.below(23);
        let total = 1 + rng.below(9.min(n));
        let mut ev = event(n, None);
        events += 1;
        for _ in 0..total {
            for e in ev.entrants.iter_mut() {
                match rng.below(100) {
                    0..=2 => e.next = Some(Leave::Zero),
                    3 => e.next = Some(Leave::Half),
                    4 if !e.history.is_empty() => e.set_withdrawn(true),
                    _ => {}
                }
            }
            let present: Vec<usize> = (0..n).filter(|&i| ev.entrants[i].pairable()).collect();
            let p = match ev.pair_next() {
                Ok(p) => p,
                Err(SwissError::NoValidPairing) | Err(SwissError::TooFewEntrants) => {
                    stopped += 1;
                    break;
                }
                Err(e) => panic!("{e}"),
            };
            let mut seen = vec![0; n];
            for b in &p.boards {
                seen[b.red] += 1;
                seen[b.black] += 1;
                let met = ev.entrants[b.red].history.iter().any(|r| {
                    matches!(r, Record::Game { opponent, played: true, .. } if *opponent == b.black)
                });
                assert!(!met, "rematch {} {}", b.red + 1, b.black + 1);
            }
            if let Some(b) = p.bye {
                seen[b] += 1;
                assert!(!ev.entrants[b].history.contains(&Record::Bye), "second bye");
            }
            for (i, count) in seen.iter().enumerate() {
                assert_eq!(*count, present.contains(&i) as usize, "entrant {}", i + 1);
            }
            let r = random_results(&mut rng, &p);
            ev.record_round(&p, &r).unwrap();
            rounds += 1;
            for i in 0..n {
                let c = colours(&ev, i);
                assert!(
                    !c.windows(3).any(|w| w[0] == w[1] && w[1] == w[2]),
                    "{:?}",
                    c
                );
                let red = c.iter().filter(|&&x| x == Color::Red).count();
                assert!(red.abs_diff(c.len() - red) <= 2, "{:?}", c);
            }
        }
    }
    assert!(rounds > 5000, "{rounds} rounds");
    assert!(
        stopped < events / 4,
        "{stopped} of {events} events had no valid pairing"
    );
}

#[test]
fn standings_use_rule_15_2_in_order_each_in_its_own_column() {
    // 15.2: points, then 对手分, 胜局, 犯规.
    let mut ev = event(4, Some(3));
    // Round 1: 1-3 (1 wins), 4-2 (draw); round 2: pair and record.
    let p = ev.pair_next().unwrap();
    assert_eq!(p.to_string(), "Rd 1: 1-3 4-2");
    ev.record_round(&p, &[Outcome::FirstWins, Outcome::Draw])
        .unwrap();
    let p = ev.pair_next().unwrap();
    let r = vec![Outcome::Draw; p.boards.len()];
    ev.record_round(&p, &r).unwrap();
    ev.entrants[1].entrant.fouls = 1;
    let order = SwissTieBreak::order(false, Buchholz::Full);
    assert_eq!(
        order.iter().map(|t| t.say(Lang::Zh)).collect::<Vec<_>>(),
        vec!["对手分", "胜局", "犯规"]
    );
    let rows = swiss_standings(&ev, &order);
    assert_eq!(rows[0].entrant, 0);
    assert_eq!(rows[0].points, 3);
    // Columns: opponents' scores sum equals the sum of the opponents' points.
    for row in &rows {
        let sum: i64 = ev.entrants[row.entrant]
            .history
            .iter()
            .filter_map(|r| match r {
                Record::Game { opponent, .. } => Some(ev.entrants[*opponent].score() as i64),
                _ => None,
            })
            .sum();
        assert_eq!(row.ties[0], sum);
        let wins = ev.entrants[row.entrant]
            .history
            .iter()
            .filter(|r| {
                matches!(
                    r,
                    Record::Game {
                        outcome: EntrantOutcome::Win,
                        ..
                    }
                )
            })
            .count() as i64;
        assert_eq!(row.ties[1], wins);
    }
    // Places never decrease and ties share a place.
    assert!(rows.windows(2).all(|w| w[0].place <= w[1].place));
}

#[test]
fn buchholz_variants_drop_the_lowest_and_highest() {
    let mut ev = event(8, Some(4));
    let mut rng = Rng::new(9);
    for _ in 0..4 {
        let p = ev.pair_next().unwrap();
        let r: Vec<Outcome> = p
            .boards
            .iter()
            .map(|_| match rng.below(3) {
                0 => Outcome::FirstWins,
                1 => Outcome::Draw,
                _ => Outcome::SecondWins,
            })
            .collect();
        ev.record_round(&p, &r).unwrap();
    }
    let full = swiss_standings(&ev, &[SwissTieBreak::OpponentScores(Buchholz::Full)]);
    let cut = swiss_standings(&ev, &[SwissTieBreak::OpponentScores(Buchholz::Cut1)]);
    let med = swiss_standings(&ev, &[SwissTieBreak::OpponentScores(Buchholz::Median)]);
    for i in 0..8 {
        let mut opp: Vec<i64> = ev.entrants[i]
            .history
            .iter()
            .filter_map(|r| match r {
                Record::Game { opponent, .. } => Some(ev.entrants[*opponent].score() as i64),
                _ => None,
            })
            .collect();
        opp.sort();
        let get = |rows: &[xiangqi_club::events::swiss::SwissRow]| {
            rows.iter().find(|r| r.entrant == i).unwrap().ties[0]
        };
        assert_eq!(get(&full), opp.iter().sum::<i64>());
        assert_eq!(get(&cut), opp[1..].iter().sum::<i64>());
        assert_eq!(get(&med), opp[1..opp.len() - 1].iter().sum::<i64>());
    }
}

#[test]
fn errors_say_themselves_in_both_languages() {
    let e = SwissError::NoValidPairing;
    assert!(e.say(Lang::Zh).contains("编排"));
    assert!(e.say(Lang::En).contains("pairing"));
    assert_eq!(event(1, None).pair_next(), Err(SwissError::TooFewEntrants));
}

#[test]
fn team_standings_use_rule_15_4() {
    // 15.4: match points, then 团体对手分, 全队总局分, 全队胜场, 全队犯规.
    let mut ev = event(4, Some(2));
    ev.boards = Some(4);
    let p = ev.pair_next().unwrap();
    assert_eq!(p.to_string(), "Rd 1: 1-3 4-2");
    ev.record_team_round(&p, &[(5, 3), (4, 4)]).unwrap();
    let p = ev.pair_next().unwrap();
    ev.record_team_round(&p, &[(6, 2), (1, 7)]).unwrap();
    let order = SwissTieBreak::order(true, Buchholz::Full);
    assert_eq!(
        order.iter().map(|t| t.say(Lang::Zh)).collect::<Vec<_>>(),
        vec!["团体对手分", "全队总局分", "全队胜场", "全队犯规"]
    );
    let rows = swiss_standings(&ev, &order);
    for row in &rows {
        let e = &ev.entrants[row.entrant];
        assert_eq!(row.ties[1], e.game_points.iter().sum::<u32>() as i64);
    }
    assert!(rows.windows(2).all(|w| w[0].points >= w[1].points));
}

fn xq_swiss(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_xq"))
        .arg("swiss")
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn cli_prints_the_next_round_and_plays_random_events() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/swiss-bbp");
    let (code, out, _) = xq_swiss(&[&format!("{dir}/case07.trf")]);
    assert_eq!(code, 0);
    assert_eq!(
        out.trim(),
        "Rd 6: 7-17 19-2 6-21 14-12 23-13 9-25 1-4 8-3 11-15 5-22 20-24 18-10 16-bye"
    );
    let trf = std::env::temp_dir().join(format!("xq-swiss-{}.trf", std::process::id()));
    let trf = trf.to_str().unwrap();
    let args = [
        "--players",
        "11",
        "--rounds",
        "5",
        "--random-results",
        "4",
        "--out",
        trf,
    ];
    let (code, out, _) = xq_swiss(&args);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5);
    assert!(lines
        .iter()
        .enumerate()
        .all(|(k, l)| l.starts_with(&format!("Rd {}: ", k + 1))));
    // Same seed, same event; the file holds all five rounds.
    assert_eq!(xq_swiss(&args).1, out);
    let ev = parse_trf(&std::fs::read_to_string(trf).unwrap()).unwrap();
    assert_eq!(ev.rounds_played(), 5);
    let _ = std::fs::remove_file(trf);
    let (code, _, err) = xq_swiss(&["--rounds", "3"]);
    assert_eq!(code, 2);
    assert!(err.contains("usage"));
}

#[test]
fn recorded_rounds_can_be_listed_again() {
    let (ev, p) = with_a_round(7, 3);
    assert_eq!(ev.round_pairing(1), Some(p));
    assert_eq!(ev.round_pairing(2), None);
}

#[test]
fn cli_pairs_a_team_file_by_teams() {
    // A team event entered board by board, written with its 013 team lines: `xq swiss` reads the
    // teams back and pairs them (team pairing numbers, Red = the first-move team of 13.3).
    use xiangqi_club::events::swiss::MatchSheet;
    let mut ev = Swiss::new(Some(5));
    ev.boards = Some(2);
    for t in 0..6u32 {
        let members = (0..3u32)
            .map(|m| (format!("T{t}-{m}"), 2200 - 20 * t - m))
            .collect();
        ev.add_entrant(Entrant::team(format!("Team {t}"), members, 2));
    }
    for _ in 0..2 {
        let p = ev.pair_next().unwrap();
        let sheets: Vec<MatchSheet> = p
            .boards
            .iter()
            .map(|_| MatchSheet {
                first: vec![0, 1],
                second: vec![0, 2],
                results: vec![Outcome::FirstWins, Outcome::Draw],
            })
            .collect();
        ev.record_team_boards(&p, &sheets).unwrap();
    }
    let path = std::env::temp_dir().join(format!("xq-swiss-team-{}.trf", std::process::id()));
    std::fs::write(&path, write_trf(&ev)).unwrap();
    let (code, out, err) = xq_swiss(&[path.to_str().unwrap()]);
    std::fs::remove_file(&path).ok();
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), ev.pair_next().unwrap().to_string());
    assert!(out.starts_with("Rd 3:"));
}

// ------------------------------------------------------------------- saved state, caps, TRF

/// An event of `players` with its first round recorded (won, drawn, lost, board by board), and
/// that round's pairing.
fn with_a_round(players: usize, rounds: usize) -> (Swiss, RoundPairing) {
    let mut ev = event(players, Some(rounds));
    let p = ev.pair_next().unwrap();
    ev.record_round(
        &p,
        &[Outcome::FirstWins, Outcome::Draw, Outcome::SecondWins],
    )
    .unwrap();
    (ev, p)
}

/// A 6-player event with one recorded round (the shape of the saved `xq.swiss.event`).
fn six_with_a_round() -> Swiss {
    with_a_round(6, 5).0
}

#[test]
fn a_saved_event_that_does_not_add_up_is_refused_not_ranked() {
    let good = six_with_a_round();
    assert_eq!(good.check(), Ok(()));
    // An opponent number past the field: standings used to index out of bounds.
    let mut far = good.clone();
    if let Record::Game { opponent, .. } = &mut far.entrants[0].history[0] {
        *opponent = 999;
    }
    assert_eq!(
        far.check(),
        Err(SwissError::InconsistentRecord {
            entrant: 1,
            round: 1
        })
    );
    // The last player removed: the one who met them names a player that is gone.
    let mut short = good.clone();
    short.entrants.pop();
    assert!(matches!(
        short.check(),
        Err(SwissError::InconsistentRecord { round: 1, .. })
    ));
    // Ragged histories, too many rounds, a line-up naming a player the team lacks.
    let mut ragged = good.clone();
    ragged.entrants[2].history.clear();
    assert_eq!(
        ragged.check(),
        Err(SwissError::RaggedHistory { entrant: 3 })
    );
    let mut long = good.clone();
    long.rounds_planned = Some(31);
    assert_eq!(long.check(), Err(SwissError::TooManyRounds { rounds: 31 }));
    let mut lineup = good.clone();
    lineup.entrants[0].lineups = vec![vec![xiangqi_club::events::swiss::Seat {
        member: 3,
        outcome: EntrantOutcome::Win,
        played: true,
    }]];
    assert_eq!(
        lineup.check(),
        Err(SwissError::BadTeamRecord { entrant: 1 })
    );
    // A pending pairing must name each entrant of this event at most once, for the next round.
    let next = good.pair_next().unwrap();
    assert_eq!(good.check_pairing(&next), Ok(()));
    let mut bad = next.clone();
    bad.boards[0].black = 999;
    assert_eq!(good.check_pairing(&bad), Err(SwissError::BadPairing));
    let mut twice = next.clone();
    twice.boards[1].red = twice.boards[0].red;
    assert_eq!(good.check_pairing(&twice), Err(SwissError::BadPairing));
    // Recording such a pairing is refused instead of indexing past the field.
    let mut ev = good.clone();
    assert_eq!(
        ev.record_round(&bad, &[Outcome::Draw; 3]),
        Err(SwissError::BadPairing)
    );
    for e in [
        SwissError::TooManyRounds { rounds: 31 },
        SwissError::TooManyEntrants { entrants: 65 },
        SwissError::BadTeamRecord { entrant: 1 },
        SwissError::BadPairing,
    ] {
        assert!(!e.say(Lang::Zh).is_empty() && !e.say(Lang::En).is_empty());
    }
}

#[test]
fn a_trf_without_players_is_an_error_not_an_empty_event() {
    use xiangqi_club::events::trf::TrfError;
    for text in ["", "\0\0\0\0", "XXR 5\n", "012 Club Swiss\nXXR 5\n"] {
        assert_eq!(parse_trf(text), Err(TrfError::NoPlayers), "{text:?}");
    }
    assert_eq!(
        TrfError::NoPlayers.say(Lang::Zh),
        "文件中没有选手行（001），未导入任何内容"
    );
}

#[test]
fn a_small_trf_that_would_take_gigabytes_is_refused_before_allocating() {
    use xiangqi_club::events::swiss::{MAX_ENTRANTS, MAX_ROUNDS};
    use xiangqi_club::events::trf::{TrfError, MAX_TRF_PLAYERS};
    let player = |no: usize| format!("{:<89}  {:>4} w 1", format!("001 {no:>4}      P{no}"), 0);
    let mut lines: Vec<String> = (1..=2000)
        .map(|k| format!("001 {k:>4}      P{k}{}", " ".repeat(80)))
        .collect();
    // One line of 100,000 absent rounds (1.2 MB).
    lines[0] = format!("{:<89}{}", "001    1      P1", "  0000 - Z".repeat(100_000));
    let text = lines.join("\n");
    let started = std::time::Instant::now();
    assert_eq!(parse_trf(&text), Err(TrfError::TooManyRounds { line: 1 }));
    assert!(started.elapsed().as_secs() < 5);
    // 2,000 players: the reading stops at the first player line past any Swiss (teams included).
    lines[0] = format!("001    1      P1{}", " ".repeat(80));
    assert_eq!(
        parse_trf(&lines.join("\n")),
        Err(TrfError::TooManyPlayers {
            line: MAX_TRF_PLAYERS + 1
        })
    );
    // Without team lines, one player past the entrant cap.
    let over: String = (1..=MAX_ENTRANTS + 1)
        .map(|k| format!("001 {k:>4}      P{k}{}\n", " ".repeat(80)))
        .collect();
    assert_eq!(
        parse_trf(&over),
        Err(TrfError::Event(SwissError::TooManyEntrants {
            entrants: MAX_ENTRANTS + 1
        }))
    );
    // Planned rounds and boards past their caps.
    assert_eq!(
        parse_trf(&format!("XXR {}\n{}\n", MAX_ROUNDS + 1, player(1))),
        Err(TrfError::TooManyRounds { line: 1 })
    );
    assert_eq!(parse_trf("XXB 17\n"), Err(TrfError::BadHeader { line: 1 }));
    // At the caps the file reads.
    let full: String = (1..=MAX_ENTRANTS)
        .map(|k| format!("001 {k:>4}      P{k}{}\n", " ".repeat(80)))
        .collect();
    let ev = parse_trf(&format!("XXR {MAX_ROUNDS}\n{full}")).unwrap();
    assert_eq!(ev.entrants.len(), MAX_ENTRANTS);
}

#[test]
fn swiss_size_is_capped_in_the_pairing_and_the_cli() {
    use xiangqi_club::events::swiss::{MAX_ENTRANTS, MAX_ROUNDS};
    // At the cap a round pairs (the first, with every score equal, is the largest bracket).
    assert!(event(MAX_ENTRANTS, Some(MAX_ROUNDS)).pair_next().is_ok());
    let big = event(MAX_ENTRANTS + 1, Some(5));
    assert_eq!(
        big.pair_next(),
        Err(SwissError::TooManyEntrants {
            entrants: MAX_ENTRANTS + 1
        })
    );
    for args in [
        vec!["--players".to_string(), "10000".to_string()],
        vec!["--players".into(), "18446744073709551615".into()],
        vec!["--players".into(), (MAX_ENTRANTS + 1).to_string()],
        vec![
            "--players".into(),
            "10".into(),
            "--rounds".into(),
            (MAX_ROUNDS + 1).to_string(),
            "--random-results".into(),
            "1".into(),
        ],
    ] {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let started = std::time::Instant::now();
        let (code, out, err) = xq_swiss(&args);
        assert_eq!(code, 2, "{args:?}: {out}");
        assert!(err.contains("at most"), "{err}");
        assert!(started.elapsed().as_secs() < 5);
    }
}

#[test]
fn trf_ranks_are_the_standings_and_the_tournament_lines_read_back() {
    // 16 players, 3 rounds: the file's rank column (86–89) is the place on screen (points, then
    // 15.2's 对手分, 胜局, 犯规), not the points alone.
    let mut ev = event(16, Some(3));
    let mut rng = Rng::new(29);
    for _ in 0..3 {
        let p = ev.pair_next().unwrap();
        let results = random_results(&mut rng, &p);
        ev.record_round(&p, &results).unwrap();
    }
    ev.entrants[5].entrant.fouls = 1;
    for buchholz in [Buchholz::Full, Buchholz::Cut1, Buchholz::Median] {
        ev.buchholz = buchholz;
        let order = SwissTieBreak::order(false, buchholz);
        let rows = swiss_standings(&ev, &order);
        let text = write_trf(&ev);
        let ranks: Vec<usize> = text
            .lines()
            .filter(|l| l.starts_with("001"))
            .map(|l| l[85..89].trim().parse().unwrap())
            .collect();
        for row in &rows {
            assert_eq!(
                ranks[row.entrant],
                row.place,
                "{buchholz:?}: entrant {}",
                row.entrant + 1
            );
        }
    }
    // Fouls are not a TRF field.
    ev.entrants[5].entrant.fouls = 0;
    // Before: ranks by points alone disagreed with the tie-breaks somewhere in this event.
    let by_points = |i: usize| {
        1 + ev
            .entrants
            .iter()
            .filter(|e| e.score() > ev.entrants[i].score())
            .count()
    };
    let rows = swiss_standings(&ev, &SwissTieBreak::order(false, ev.buchholz));
    assert!(rows.iter().any(|r| r.place != by_points(r.entrant)));

    ev.info = xiangqi_club::events::swiss::EventInfo {
        name: "周末积分编排赛".into(),
        city: "上海".into(),
        federation: "CHN".into(),
        start: "2026/03/14".into(),
        end: "2026/03/15".into(),
        kind: "Individual: Swiss-System".into(),
        arbiter: "张裁判".into(),
        deputy: "Li Deputy".into(),
        time_control: "90'+30\"".into(),
        round_dates: vec!["26/03/14".into(), "26/03/14".into(), "26/03/15".into()],
    };
    let text = write_trf(&ev);
    for line in [
        "012 周末积分编排赛",
        "022 上海",
        "032 CHN",
        "042 2026/03/14",
        "052 2026/03/15",
        "062 16",
        "072 16",
        "092 Individual: Swiss-System",
        "102 张裁判",
        "112 Li Deputy",
        "122 90'+30\"",
    ] {
        assert!(text.lines().any(|l| l == line), "{line} in\n{text}");
    }
    let dates = text.lines().find(|l| l.starts_with("132")).unwrap();
    let chars: Vec<char> = dates.chars().collect();
    // TRF-16: the date of round r at columns 92 + 10(r-1), like the rounds of a player line.
    assert_eq!(chars[91..99].iter().collect::<String>(), "26/03/14");
    assert_eq!(chars[111..119].iter().collect::<String>(), "26/03/15");
    let back = parse_trf(&text).unwrap();
    assert_eq!(back.info, ev.info);
    assert_eq!(back.entrants, ev.entrants);
}

#[test]
fn the_last_round_reopens_for_a_correction_and_records_again() {
    let mut ev = event(7, Some(3));
    ev.entrants[6].next = Some(Leave::Half);
    let p1 = ev.pair_next().unwrap();
    ev.record_round(&p1, &[Outcome::Draw; 3]).unwrap();
    let before = ev.clone();
    let p2 = ev.pair_next().unwrap();
    let results = vec![Outcome::FirstWins, Outcome::SecondByForfeit, Outcome::Draw];
    ev.record_round(&p2, &results).unwrap();
    let (pairing, back) = ev.reopen_last_round().unwrap();
    assert_eq!(pairing.round, 2);
    assert_eq!(ev.rounds_played(), 1);
    // The same games and results come back (boards in publication order).
    let mut got: Vec<(usize, usize, Outcome)> = pairing
        .boards
        .iter()
        .zip(&back)
        .map(|(b, r)| (b.red, b.black, *r))
        .collect();
    let mut want: Vec<(usize, usize, Outcome)> = p2
        .boards
        .iter()
        .zip(&results)
        .map(|(b, r)| (b.red, b.black, *r))
        .collect();
    got.sort_by_key(|g| (g.0, g.1));
    want.sort_by_key(|g| (g.0, g.1));
    assert_eq!(got, want);
    assert_eq!(pairing.bye, p2.bye);
    assert_eq!(ev.entrants, before.entrants);
    // Corrected and recorded again.
    ev.record_round(&pairing, &vec![Outcome::Draw; back.len()])
        .unwrap();
    assert_eq!(ev.rounds_played(), 2);
    assert_eq!(ev.check(), Ok(()));
}
