//! Team Swiss entered board by board: line-ups (12.2), colours per board (13.3), match results
//! from game points (14.2), forfeits (20.4) and the 15.4 columns.

use super::*;
use crate::events::Entrant;

/// Five teams of five registered players (four boards, one substitute each).
pub(crate) fn team_event() -> Swiss {
    let mut ev = Swiss::new(Some(3));
    ev.boards = Some(4);
    for t in 0..5u32 {
        let members = (0..5u32)
            .map(|m| (format!("T{t}P{m}"), 2400 - 50 * t - 10 * m))
            .collect();
        ev.add_entrant(Entrant::team(format!("Team {t}"), members, 4));
    }
    ev
}

fn sheet(first: [usize; 4], second: [usize; 4], results: [&str; 4]) -> MatchSheet {
    MatchSheet {
        first: first.to_vec(),
        second: second.to_vec(),
        results: results.iter().map(|r| r.parse().unwrap()).collect(),
    }
}

#[test]
fn board_results_add_up_to_the_match_and_follow_rule_13_3() {
    let mut ev = team_event();
    let p = ev.pair_next().unwrap();
    assert_eq!(p.to_string(), "Rd 1: 1-3 4-2 5-bye");
    // Board 1: Red (team 1) wins; board 2: team 1 has Black and wins; board 3 drawn; board 4:
    // team 3's player has Red and wins. Team 1: 2 + 2 + 1 + 0 = 5 game points, team 3: 3.
    let a = sheet([0, 1, 2, 3], [0, 1, 2, 4], ["1-0", "0-1", "½-½", "1-0"]);
    let b = sheet([0, 1, 2, 3], [1, 2, 3, 4], ["0-1", "+/-", "0-1", "½-½"]);
    ev.record_team_boards(&p, &[a, b]).unwrap();
    assert_eq!(ev.entrants[0].game_points, vec![5]);
    assert_eq!(ev.entrants[2].game_points, vec![3]);
    assert!(matches!(
        ev.entrants[0].history[0],
        Record::Game {
            outcome: EntrantOutcome::Win,
            color: Color::Red,
            played: true,
            ..
        }
    ));
    // Match 2, team 4 first: Black wins boards 1 and 3 (team 2), team 2 has Red on board 2 and
    // wins it by forfeit, board 4 drawn.
    assert_eq!(ev.entrants[3].game_points, vec![1]);
    assert_eq!(ev.entrants[1].game_points, vec![7]);
    assert_eq!(ev.entrants[4].history[0], Record::Bye);
    // 13.3: on the printed boards the first-move team is Red on 1 and 3, Black on 2 and 4.
    let lines = ev.board_lines(1, 0);
    let reds: Vec<usize> = lines.iter().map(|l| l.red_team).collect();
    assert_eq!(reds, vec![0, 2, 0, 2]);
    assert_eq!(
        lines[1].red, 1,
        "team 3's second board player has Red on board 2"
    );
    assert_eq!(lines[1].black, 1);
    assert_eq!(
        lines
            .iter()
            .map(|l| l.result.to_string())
            .collect::<Vec<_>>(),
        vec!["1-0", "0-1", "½-½", "1-0"]
    );
    assert!(ev.validate().is_ok());
}

#[test]
fn line_ups_keep_the_registered_order() {
    let mut ev = team_event();
    let p = ev.pair_next().unwrap();
    let good = sheet([0, 1, 2, 3], [0, 1, 2, 3], ["1-0"; 4]);
    let reversed = sheet([0, 2, 1, 3], [0, 1, 2, 3], ["1-0"; 4]);
    assert_eq!(
        ev.record_team_boards(&p, &[reversed, good.clone()]),
        Err(SwissError::LineUp {
            team: 1,
            error: LineupError::OrderReversed { board: 2 }
        })
    );
    let unknown = sheet([0, 1, 2, 3], [0, 1, 2, 9], ["1-0"; 4]);
    assert!(matches!(
        ev.record_team_boards(&p, &[good.clone(), unknown]),
        Err(SwissError::LineUp {
            team: 2,
            error: LineupError::UnknownPlayer { .. }
        })
    ));
    let mut short = good.clone();
    short.results.pop();
    assert_eq!(
        ev.record_team_boards(&p, &[good.clone(), short]),
        Err(SwissError::BoardCount {
            boards: 4,
            results: 3
        })
    );
    assert_eq!(ev.rounds_played(), 0, "nothing recorded after an error");
    let mut solo = Swiss::new(None);
    solo.add_entrant(Entrant::new("A", 0));
    solo.add_entrant(Entrant::new("B", 0));
    let p = solo.pair_next().unwrap();
    assert_eq!(
        solo.record_team_boards(&p, &[good]),
        Err(SwissError::NotTeamEvent)
    );
    assert_eq!(
        SwissError::LineUp {
            team: 3,
            error: LineupError::Repeated(2)
        }
        .say(Lang::Zh)
        .chars()
        .next(),
        Some('3')
    );
}

#[test]
fn a_match_with_no_board_played_is_a_forfeit() {
    let mut ev = team_event();
    let p = ev.pair_next().unwrap();
    let forfeit = sheet([0, 1, 2, 3], [0, 1, 2, 3], ["+/-", "-/+", "+/-", "-/+"]);
    let played = sheet([0, 1, 2, 3], [0, 1, 2, 3], ["½-½"; 4]);
    ev.record_team_boards(&p, &[forfeit, played]).unwrap();
    // Team 1 has Red on boards 1 and 3 and Black on 2 and 4: every board won by forfeit.
    assert_eq!(ev.entrants[0].game_points, vec![8]);
    assert!(matches!(
        ev.entrants[0].history[0],
        Record::Game {
            outcome: EntrantOutcome::Win,
            played: false,
            ..
        }
    ));
    assert!(matches!(
        ev.entrants[3].history[0],
        Record::Game {
            outcome: EntrantOutcome::Draw,
            played: true,
            ..
        }
    ));
}

#[test]
fn a_team_event_ranks_by_rule_15_4() {
    let mut ev = team_event();
    let results = [
        [["1-0", "0-1", "1-0", "½-½"], ["½-½", "½-½", "½-½", "½-½"]],
        [["0-1", "1-0", "1-0", "1-0"], ["1-0", "½-½", "0-1", "0-1"]],
        [["½-½", "½-½", "1-0", "0-1"], ["1-0", "1-0", "½-½", "½-½"]],
    ];
    for round in results {
        let p = ev.pair_next().unwrap();
        let sheets: Vec<MatchSheet> = round
            .iter()
            .map(|r| sheet([0, 1, 2, 3], [1, 2, 3, 4], *r))
            .collect();
        ev.record_team_boards(&p, &sheets).unwrap();
    }
    let order = SwissTieBreak::order(true, Buchholz::Full);
    let rows = swiss_standings(&ev, &order);
    // Match points by 14.2 (2 / 1 / 0) add up: two matches a round, two points each, plus the
    // bye's two.
    let total: u32 = rows.iter().map(|r| r.points).sum();
    assert_eq!(total, 3 * (2 * 2 + 2));
    for row in &rows {
        let e = &ev.entrants[row.entrant];
        // 全队总局分 is the sum of the board results as entered.
        let boards: u32 = e.lineups.iter().flatten().map(|s| s.outcome.points()).sum();
        assert_eq!(row.ties[1], boards as i64, "{}", e.entrant.name);
        // 全队胜场: matches won.
        let won = e
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
            .count();
        assert_eq!(row.ties[2], won as i64);
    }
    // Equal match points are split by 团体对手分, then 全队总局分.
    for w in rows.windows(2) {
        assert!(
            (w[0].points, w[0].ties[0], w[0].ties[1]) >= (w[1].points, w[1].ties[0], w[1].ties[1])
        );
    }
}

#[test]
fn result_codes_are_the_round_robin_codes() {
    for code in ["1-0", "½-½", "0-1", "+/-", "-/+", "-/-"] {
        let r: Outcome = code.parse().unwrap();
        assert_eq!(r.to_string(), code);
        let (red, black, played) = r.outcomes();
        assert_eq!(Outcome::from_red(red, black, played), r);
    }
    assert_eq!("+-".parse(), Ok(Outcome::FirstByForfeit));
    assert_eq!("和".parse(), Ok(Outcome::Draw));
    assert!("2-0".parse::<Outcome>().is_err());
}

#[test]
fn a_knockout_after_the_swiss_is_seeded_by_its_standings() {
    let mut ev = team_event();
    let p = ev.pair_next().unwrap();
    let a = sheet([0, 1, 2, 3], [0, 1, 2, 4], ["1-0", "0-1", "½-½", "1-0"]);
    let b = sheet([0, 1, 2, 3], [1, 2, 3, 4], ["0-1", "+/-", "0-1", "½-½"]);
    ev.record_team_boards(&p, &[a, b]).unwrap();
    let (names, order) = ev.by_standing();
    assert_eq!(names, ["Team 0", "Team 1", "Team 2", "Team 3", "Team 4"]);
    let rows = swiss_standings(&ev, &SwissTieBreak::order(true, Buchholz::Full));
    assert_eq!(order, rows.iter().map(|r| r.entrant).collect::<Vec<_>>());
}
