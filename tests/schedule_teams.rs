//! Xiangqi team matches as a scoring of the timetable (boards in the
//! registered order of 12.1, colours of 13.2, match points of 14.2, tie-breaks of 15.3, forfeits
//! of 21.4), the CSV's result column for every scoring, and the group tables of a game-scored
//! groups + knockout event handed to the bracket; and the other board orders of article 12 — 12.2
//! 分台换人制 (substitutes, registered order kept) and 12.3 临时定台制 (line-up chosen before each
//! match) — their results typed in the timetable and line-ups set in the rounds view keeping each
//! other.

use std::process::Command;
use xiangqi_club::color::Color;
use xiangqi_club::events::knockout::GroupTables;
use xiangqi_club::events::round_robin::{
    first_team_color, BoardOrder, Competition, Outcome, TieBreak, TournamentError, Value,
};
use xiangqi_club::events::schedule::*;
use xiangqi_club::events::schedule::{
    board_order_from_key, board_order_key, EventError, EventScoring, MatchResult, ResultError,
    BOARD_ORDERS,
};
use xiangqi_club::lang::{Lang, Say};

/// Four teams of four players (红星 with a substitute), four boards a match, in board order `order`.
fn four_teams(order: BoardOrder) -> Draft {
    Draft {
        entrants: "红星: 张一, 张二, 张三, 张四, 张五\n\
                   蓝天: 李一, 李二, 李三, 李四\n\
                   青松: 王一, 王二, 王三, 王四\n\
                   白云: 赵一, 赵二, 赵三, 赵四"
            .into(),
        tables: "2".into(),
        sessions: "3".into(),
        session_minutes: "180".into(),
        match_minutes: "180".into(),
        scoring: EventScoring::XiangqiTeam,
        boards: "4".into(),
        board_order: order,
        ..Draft::default()
    }
}

fn boards(text: &str) -> Vec<Outcome> {
    let five = BestOf::new(5).unwrap();
    match EventScoring::XiangqiTeam.parse_result(five, text).unwrap() {
        MatchResult::Boards(b) => b,
        other => panic!("a team result is one outcome a board, got {other:?}"),
    }
}

#[test]
fn team_scoring_is_offered_and_reads_boards() {
    assert!(EventScoring::ALL.contains(&EventScoring::XiangqiTeam));
    assert_eq!(EventScoring::XiangqiTeam.key(), "xiangqi-team");
    assert_eq!(
        "xiangqi-team".parse::<EventScoring>(),
        Ok(EventScoring::XiangqiTeam)
    );
    assert_eq!(
        serde_json::to_string(&EventScoring::XiangqiTeam).unwrap(),
        "\"xiangqi-team\""
    );
    use Outcome::*;
    // 1 / ½ / 0 from the first-named team's side, + and - for forfeits (21.4), any of the
    // rounds view's notations, separated by spaces or commas.
    assert_eq!(
        boards("1 ½ 0 +"),
        [FirstWins, Draw, SecondWins, FirstByForfeit]
    );
    assert_eq!(
        boards("1-0，和、0-1, -/+"),
        [FirstWins, Draw, SecondWins, SecondByForfeit]
    );
    assert_eq!(boards("- 1/2"), [SecondByForfeit, Draw]);
    // A bad board is named by its number, in both languages.
    let five = BestOf::new(5).unwrap();
    let e = EventScoring::XiangqiTeam
        .parse_result(five, "1 2 0 0")
        .unwrap_err();
    assert!(matches!(e, ResultError::Board(2, _)), "{e:?}");
    assert!(
        e.say(Lang::En).starts_with("board 2: "),
        "{}",
        e.say(Lang::En)
    );
    assert!(
        e.say(Lang::Zh).starts_with("第 2 台："),
        "{}",
        e.say(Lang::Zh)
    );
    assert!(!EventScoring::XiangqiTeam.say(Lang::Zh).contains("match"));
    assert!(EventScoring::XiangqiTeam.say(Lang::En).contains("14.2"));
}

#[test]
fn teams_are_named_before_the_colon_and_keep_their_players_in_board_order() {
    let d = four_teams(BoardOrder::Fixed);
    let p = d.to_problem().unwrap();
    assert_eq!(p.entrants, ["红星", "蓝天", "青松", "白云"]);
    let t = d.event_for(&p, "团体赛").unwrap();
    // 12.1 分台定人制: the registered order is the board order.
    assert!(matches!(t.format(), Competition::Team { boards: 4, .. }));
    assert_eq!(t.entrant(1).unwrap().members.len(), 5);
    assert_eq!(t.tiebreaks(), TieBreak::defaults(t.format()));
    // The same lines as individual entrants are whole names.
    let solo = Draft {
        scoring: EventScoring::Xiangqi,
        ..four_teams(BoardOrder::Fixed)
    };
    assert!(solo.to_problem().unwrap().entrants[0].contains("张一"));
}

#[test]
fn the_first_named_team_plays_red_on_odd_boards() {
    // 13.2: in a round-robin team event the team listed first in the pairing table has Red on
    // the odd boards and Black on the even ones; the timetable's first-named team is that team.
    let d = four_teams(BoardOrder::Fixed);
    let p = d.to_problem().unwrap();
    let t = d.event_for(&p, "团体赛").unwrap();
    let fixtures = p.fixtures();
    assert_eq!(fixtures.len(), 6);
    for f in &fixtures {
        let (round, red, black) = f.berger_pairing().unwrap();
        let (a, b) = f.entrants().unwrap();
        assert_eq!((red, black), (a + 1, b + 1));
        let rv = t.round(round).unwrap();
        assert!(rv.games.iter().any(|g| g.red == red && g.black == black));
        let names = t.lineup_names(round, red, black).unwrap();
        assert_eq!(names.len(), 4);
        let first = &t.entrant(red).unwrap().members;
        for (board, (x, _)) in names.iter().enumerate() {
            assert_eq!(
                x,
                &first[board],
                "12.1: board {} is the {}th registered",
                board + 1,
                board + 1
            );
        }
    }
    let colours: Vec<Color> = (1..=4).map(first_team_color).collect();
    assert_eq!(
        colours,
        [Color::Red, Color::Black, Color::Red, Color::Black]
    );
}

#[test]
fn match_points_board_points_and_the_15_3_tie_breaks() {
    let d = four_teams(BoardOrder::Fixed);
    let p = d.to_problem().unwrap();
    let mut t = d.event_for(&p, "团体赛").unwrap();
    let fixtures = p.fixtures();
    let pairing = |a: usize, b: usize| {
        fixtures
            .iter()
            .find_map(|f| {
                let (x, y) = f.entrants()?;
                let (r, red, black) = f.berger_pairing()?;
                if (x, y) == (a, b) {
                    Some((r, red, black, false))
                } else if (x, y) == (b, a) {
                    Some((r, red, black, true))
                } else {
                    None
                }
            })
            .unwrap()
    };
    // Results typed from team `a`'s side; reversed when the timetable names `b` first.
    let mut enter = |a: usize, b: usize, text: &str| {
        let (r, red, black, flip) = pairing(a, b);
        let mut games = boards(text);
        if flip {
            games = games.into_iter().map(Outcome::reversed).collect();
        }
        t.record(r, red, black, games).unwrap();
    };
    // 红星 2½:1½ 蓝天 (a draw on board 2), 青松 2:2 白云, 红星 2:2 青松, 蓝天 4:0 白云 (all
    // four boards forfeited by 白云: 21.4, the team "+" is worth 2 match points),
    // 红星 1½:2½ 白云, 蓝天 2:2 青松.
    enter(0, 1, "1 ½ 0 1");
    enter(2, 3, "1 1 0 0");
    enter(0, 2, "0 1 1 0");
    enter(1, 3, "+ + + +");
    enter(0, 3, "½ 1 0 0");
    enter(1, 2, "1 0 0 1");
    let s = t.standings();
    assert!(s.score_label_in(Lang::En).contains("Match"));
    let row = |k: usize| s.rows.iter().find(|r| r.entrant == k).unwrap();
    // 14.2: match points win 2, draw 1, loss 0.
    // 红星 W D L = 3, 蓝天 L W D = 3, 青松 D D D = 3, 白云 D L W = 3.
    for k in 1..=4 {
        assert_eq!(row(k).score, Value::whole(3), "{}", row(k).name);
    }
    // 15.3: tied on match points, then total game points 全队总局分: 蓝天 1½+4+2 = 7½,
    // 红星 2½+2+1½ = 6, 青松 2+2+2 = 6, 白云 2+0+2½ = 4½.
    let col = s
        .columns
        .iter()
        .position(|c| *c == TieBreak::GamePoints)
        .unwrap();
    let gp = |k: usize| row(k).tiebreaks[col].map(|v| v.to_string());
    assert_eq!(gp(2).as_deref(), Some("7.5"));
    assert_eq!(gp(1).as_deref(), Some("6"));
    assert_eq!(gp(3).as_deref(), Some("6"));
    assert_eq!(gp(4).as_deref(), Some("4.5"));
    let order: Vec<&str> = s.rows.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(order[0], "蓝天");
    assert_eq!(order[3], "白云");
    // 红星 and 青松 are tied on game points too; boards won (全队胜局) decide: 红星 2+2+1 = 5,
    // 青松 2+2+2 = 6, so 青松 is ahead.
    assert_eq!(order[1..3], ["青松", "红星"]);
    // A match needs every board (14.2 scores the whole match).
    let (r, red, black, _) = pairing(0, 1);
    assert!(matches!(
        t.record(r, red, black, boards("1 1")),
        Err(TournamentError::WrongGameCount {
            expected: 4,
            given: 2
        })
    ));
}

#[test]
fn team_events_are_round_robins_and_errors_are_typed() {
    let d = Draft {
        format: "groups".into(),
        ..four_teams(BoardOrder::Fixed)
    };
    assert_eq!(d.to_problem(), Err(DraftError::TeamGroups));
    assert!(DraftError::TeamGroups.say(Lang::Zh).contains("团体赛"));
    assert!(DraftError::TeamGroups.say(Lang::En).contains("round robin"));
    let d = Draft {
        boards: "四".into(),
        ..four_teams(BoardOrder::Fixed)
    };
    let p = d.to_problem().unwrap();
    let e = d.event_for(&p, "x").unwrap_err();
    assert!(matches!(
        e,
        DraftEventError::Draft(DraftError::Number {
            field: DraftField::Boards,
            ..
        })
    ));
    assert!(e.say(Lang::Zh).contains("每场台数"), "{}", e.say(Lang::Zh));
    // More boards than a team has players (12.1 needs one player a board).
    let d = Draft {
        boards: "5".into(),
        ..four_teams(BoardOrder::Fixed)
    };
    let p = d.to_problem().unwrap();
    assert!(matches!(
        d.event_for(&p, "x"),
        Err(DraftEventError::Event(EventError::Tournament(_)))
    ));
    // Without boards and rosters there is no team event.
    assert_eq!(
        EventScoring::XiangqiTeam.event_for(&p, "x").unwrap_err(),
        EventError::TeamsNeedBoards
    );
    assert!(EventError::TeamsNeedBoards.say(Lang::Zh).contains("台数"));
}

/// A small solved timetable and its save file with `scoring`.
fn saved(d: &Draft) -> SaveFile {
    let p = d.to_problem().unwrap();
    let sol = solve(&p, 1, 20_000).unwrap();
    assert!(sol.schedule.unplaced(&p).is_empty());
    SaveFile {
        version: SAVE_VERSION,
        problem: p,
        schedule: sol.schedule,
        results: Vec::new(),
        best_of: BestOf::new(5).unwrap(),
        scoring: d.scoring,
        event_id: None,
        event: None,
        games: Vec::new(),
    }
}

/// The CSV's rows as (first-named, second-named, result), checking the header.
fn csv_results(file: &SaveFile) -> Vec<(String, String, String)> {
    let csv = file.to_csv();
    let mut lines = csv.lines();
    assert_eq!(
        lines.next(),
        Some("session,date,slot,start,table,stage,a,b,umpire,result")
    );
    lines
        .map(|l| {
            let r: Vec<&str> = l.split(',').collect();
            assert_eq!(r.len(), 10, "{l}");
            (r[6].to_string(), r[7].to_string(), r[9].to_string())
        })
        .collect()
}

#[test]
fn csv_result_column_for_every_scoring() {
    // Team matches: the boards as entered, board 1 first; empty while unplayed.
    let d = four_teams(BoardOrder::Fixed);
    let mut file = saved(&d);
    let mut t = d.event_for(&file.problem, "团体赛").unwrap();
    let f = file.problem.fixtures();
    let first = file.schedule.placements[0].fixture;
    let (r, red, black) = f[first].berger_pairing().unwrap();
    t.record(r, red, black, boards("1 ½ 0 +")).unwrap();
    file.event = Some(t);
    let rows = csv_results(&file);
    assert_eq!(rows[0].2, "1-0 ½-½ 0-1 +/-");
    assert!(rows[1..].iter().all(|r| r.2.is_empty()));
    assert_eq!(file.result_text(first), "1-0 ½-½ 0-1 +/-");

    // Individual Xiangqi: the game's notation.
    let d = Draft {
        entrants: "甲\n乙\n丙\n丁".into(),
        scoring: EventScoring::Xiangqi,
        ..four_teams(BoardOrder::Fixed)
    };
    let mut file = saved(&d);
    let mut t = d.event_for(&file.problem, "个人赛").unwrap();
    let f = file.problem.fixtures();
    let first = file.schedule.placements[0].fixture;
    let (r, red, black) = f[first].berger_pairing().unwrap();
    t.record(r, red, black, vec![Outcome::Draw]).unwrap();
    file.event = Some(t);
    let rows = csv_results(&file);
    assert_eq!(rows[0].2, "½-½");
    assert_eq!(rows.iter().filter(|r| !r.2.is_empty()).count(), 1);

    // Table tennis: the games as entered; a walkover.
    let d = Draft {
        entrants: "甲\n乙\n丙\n丁".into(),
        scoring: EventScoring::TableTennis,
        ..four_teams(BoardOrder::Fixed)
    };
    let mut file = saved(&d);
    let five = BestOf::new(5).unwrap();
    let (a, b) = (
        file.schedule.placements[0].fixture,
        file.schedule.placements[1].fixture,
    );
    file.results = vec![
        SavedResult {
            fixture: a,
            score: MatchScore::parse(five, "11-7 9-11 11-5 11-8").unwrap(),
        },
        SavedResult {
            fixture: b,
            score: MatchScore::parse(five, "W/O B").unwrap(),
        },
    ];
    let rows = csv_results(&file);
    assert_eq!(rows[0].2, file.result_text(a));
    assert!(rows[0].2.contains("11-7"), "{}", rows[0].2);
    assert!(!rows[1].2.is_empty());
    assert!(rows[2..].iter().all(|r| r.2.is_empty()));
    // The timetable-only CSV keeps its nine columns.
    assert!(to_csv(&file.problem, &file.schedule)
        .lines()
        .all(|l| l.split(',').count() == 9));

    // Game-scored groups + knockout: group games are saved with the timetable.
    let d = Draft {
        entrants: (1..=8).map(|i| format!("P{i}\n")).collect(),
        format: "groups".into(),
        groups: "2".into(),
        tables: "4".into(),
        sessions: "4".into(),
        match_minutes: "60".into(),
        scoring: EventScoring::Xiangqi,
        ..four_teams(BoardOrder::Fixed)
    };
    let mut file = saved(&d);
    let f = file.schedule.placements[0].fixture;
    enter_game(
        &file.problem,
        d.scoring,
        &mut file.games,
        f,
        Some(Outcome::SecondByForfeit),
    )
    .unwrap();
    assert_eq!(csv_results(&file)[0].2, "-/+");
}

#[test]
fn game_scored_groups_hand_their_tables_to_the_bracket() {
    // The hand-over reads who holds each group place, whichever scoring filled it.
    let p = Draft {
        entrants: (1..=8).map(|i| format!("P{i}\n")).collect(),
        format: "groups".into(),
        groups: "2".into(),
        scoring: EventScoring::Xiangqi,
        ..Draft::default()
    }
    .to_problem()
    .unwrap();
    let scoring = EventScoring::Xiangqi;
    let mut games = Vec::new();
    let fixtures = p.fixtures();
    let group_fixtures: Vec<usize> = (0..fixtures.len())
        .filter(|&i| fixtures[i].knockout_round().is_none())
        .collect();
    assert_eq!(group_fixtures.len(), 12);
    let (mut drawn, mut forfeited) = (false, false);
    for &i in &group_fixtures {
        // Not before every group game is in.
        assert!(GroupTables::from_seats(&p, &game_seat_holders(&p, scoring, &games)).is_err());
        let (a, b) = fixtures[i].entrants().unwrap();
        // The earlier-listed wins; one draw among the last places, one forfeit (21.4).
        let o = if a.min(b) >= 4 && !std::mem::replace(&mut drawn, true) {
            Outcome::Draw
        } else if a.min(b) >= 2 && !std::mem::replace(&mut forfeited, true) {
            if a < b {
                Outcome::FirstByForfeit
            } else {
                Outcome::SecondByForfeit
            }
        } else if a < b {
            Outcome::FirstWins
        } else {
            Outcome::SecondWins
        };
        enter_game(&p, scoring, &mut games, i, Some(o)).unwrap();
    }
    assert!(drawn && forfeited);
    let tables = GroupTables::from_seats(&p, &game_seat_holders(&p, scoring, &games)).unwrap();
    let text = tables.to_text().unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2);
    assert!(lines[0].starts_with("A: P1, "), "{text}");
    assert!(lines[1].starts_with("B: P2, "), "{text}");
}

#[test]
fn cli_team_scoring_adds_boards_and_keeps_the_timetable() {
    let plain = answer(xq(&["--scoring", "xiangqi"]));
    let team = answer(xq(&["--scoring", "xiangqi-team", "--boards", "3"]));
    assert_eq!(team["scoring"], "xiangqi-team");
    assert_eq!(team["boards"], 3);
    assert_eq!(team["slots"], plain["slots"]);
    assert!(
        plain.get("boards").is_none(),
        "new field only with the team scoring"
    );
    assert_eq!(answer(xq(&["--scoring", "xiangqi-team"]))["boards"], 4);
    let refused = xq(&["--scoring", "xiangqi-team", "--groups", "2"]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("round robin"));
    let refused = xq(&["--boards", "3"]);
    assert_eq!(refused.status.code(), Some(2));
    let refused = xq(&["--scoring", "xiangqi-team", "--boards", "17"]);
    assert_eq!(refused.status.code(), Some(2));
}

fn xq(extra: &[&str]) -> std::process::Output {
    let mut args = vec![
        "schedule",
        "--entrants",
        "8",
        "--tables",
        "4",
        "--sessions",
        "8",
        "--session-minutes",
        "180",
        "--match-minutes",
        "180",
        "--seed",
        "2",
        "--json",
    ];
    args.extend(extra);
    Command::new(env!("CARGO_BIN_EXE_xq"))
        .args(&args)
        .output()
        .expect("xq runs")
}

fn answer(out: std::process::Output) -> serde_json::Value {
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn cli_board_order_for_team_scoring_only() {
    let team = ["--scoring", "xiangqi-team"];
    let plain = answer(xq(&team));
    assert_eq!(plain["board_order"], "fixed", "12.1 unless told");
    for key in ["fixed", "substitutes", "per-match"] {
        let a = answer(xq(&[team[0], team[1], "--board-order", key]));
        assert_eq!(a["board_order"], key);
        assert_eq!(a["slots"], plain["slots"], "the timetable is the same");
    }
    assert!(
        answer(xq(&["--scoring", "xiangqi"]))
            .get("board_order")
            .is_none(),
        "new field only with the team scoring"
    );
    let refused = xq(&["--scoring", "xiangqi", "--board-order", "per-match"]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("xiangqi-team"));
    let refused = xq(&[team[0], team[1], "--board-order", "12.3"]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("per-match"));
}

#[test]
fn drafts_saved_before_the_board_order_load_as_12_1() {
    let mut old = serde_json::to_value(four_teams(BoardOrder::Fixed)).unwrap();
    old.as_object_mut().unwrap().remove("board_order");
    let d: Draft = serde_json::from_value(old).unwrap();
    assert_eq!(d.board_order, BoardOrder::Fixed);
    assert_eq!(Draft::default().board_order, BoardOrder::Fixed);
    let chosen = four_teams(BoardOrder::ChosenPerMatch);
    let back: Draft = serde_json::from_str(&serde_json::to_string(&chosen).unwrap()).unwrap();
    assert_eq!(back, chosen);
}

#[test]
fn board_order_keys_round_trip() {
    assert_eq!(BOARD_ORDERS.len(), 3);
    for (order, key) in BOARD_ORDERS {
        assert_eq!(board_order_key(order), key);
        assert_eq!(board_order_from_key(key), Some(order));
    }
    assert_eq!(
        board_order_from_key("per-match"),
        Some(BoardOrder::ChosenPerMatch)
    );
    assert_eq!(board_order_from_key("12.3"), None);
}

#[test]
fn the_event_is_built_with_each_board_order() {
    for (order, _) in BOARD_ORDERS {
        let d = four_teams(order);
        let p = d.to_problem().unwrap();
        let t = d.event_for(&p, "团体赛").unwrap();
        assert_eq!(t.format(), Competition::Team { boards: 4, order });
        let (round, red, black) = p.fixtures()[0].berger_pairing().unwrap();
        // 12.1 knows the boards before the match; 12.2 and 12.3 wait for the line-ups.
        assert_eq!(
            t.lineup_names(round, red, black).is_some(),
            order == BoardOrder::Fixed,
            "{order:?}"
        );
    }
}

#[test]
fn a_result_typed_in_the_timetable_keeps_the_line_up_set_in_the_rounds_view() {
    let d = four_teams(BoardOrder::ChosenPerMatch);
    let p = d.to_problem().unwrap();
    let mut t = d.event_for(&p, "团体赛").unwrap();
    // The match of 红星 (1) in the timetable, as the timetable names it.
    let (round, red, black) = p
        .fixtures()
        .iter()
        .filter_map(|f| f.berger_pairing())
        .find(|&(_, red, black)| red == 1 || black == 1)
        .unwrap();
    let (first, second) = if red == 1 {
        (vec![5, 3, 1, 2], vec![4, 3, 2, 1])
    } else {
        (vec![4, 3, 2, 1], vec![5, 3, 1, 2])
    };
    // 12.3: any players in any order, set in the rounds view before the match.
    t.set_lineups(round, red, black, first.clone(), second.clone())
        .unwrap();
    let before = t.lineup_names(round, red, black).unwrap();
    // The result typed in the timetable is recorded as the timetable page does (`record`).
    let games = match EventScoring::XiangqiTeam
        .parse_result(BestOf::new(5).unwrap(), "1 ½ 0 1")
        .unwrap()
    {
        xiangqi_club::events::schedule::MatchResult::Boards(b) => b,
        other => panic!("{other:?}"),
    };
    t.record(round, red, black, games.clone()).unwrap();
    let m = t.result(round, red, black).unwrap();
    assert_eq!(m.games, games);
    assert_eq!(m.lineups, Some((first.clone(), second.clone())));
    assert_eq!(t.lineup_names(round, red, black).unwrap(), before);
    // The other way: a line-up changed after the result keeps the result.
    let swapped = vec![first[1], first[0], first[2], first[3]];
    t.set_lineups(round, red, black, swapped.clone(), second.clone())
        .unwrap();
    let m = t.result(round, red, black).unwrap();
    assert_eq!(m.games, games);
    assert_eq!(m.lineups, Some((swapped, second)));
    // Both survive the event's file (the storage both views read).
    let again = xiangqi_club::events::round_robin::Tournament::from_json(&t.to_json()).unwrap();
    assert_eq!(again.result(round, red, black), t.result(round, red, black));
    // A 12.3 match without a line-up still takes its result from the timetable.
    let other = p
        .fixtures()
        .iter()
        .filter_map(|f| f.berger_pairing())
        .find(|&(_, r, b)| r != 1 && b != 1)
        .unwrap();
    t.record(other.0, other.1, other.2, vec![Outcome::Draw; 4])
        .unwrap();
    assert_eq!(t.result(other.0, other.1, other.2).unwrap().lineups, None);
}

#[test]
fn substitutes_keep_the_registered_order() {
    let d = four_teams(BoardOrder::Substitutes);
    let p = d.to_problem().unwrap();
    let mut t = d.event_for(&p, "团体赛").unwrap();
    let (round, red, black) = p
        .fixtures()
        .iter()
        .filter_map(|f| f.berger_pairing())
        .find(|&(_, red, _)| red == 1)
        .unwrap();
    // 12.2: 张五 may come in for 张二, the order kept; reversing two players is refused.
    t.set_lineups(round, red, black, vec![1, 3, 4, 5], vec![1, 2, 3, 4])
        .unwrap();
    assert!(matches!(
        t.set_lineups(round, red, black, vec![1, 3, 5, 4], vec![1, 2, 3, 4]),
        Err(TournamentError::Lineup { .. })
    ));
    t.record(round, red, black, vec![Outcome::FirstWins; 4])
        .unwrap();
    let names = t.lineup_names(round, red, black).unwrap();
    assert_eq!(names[3].0, "张五");
}

#[test]
fn a_reloaded_form_takes_the_team_event_back() {
    // The page rebuilds its form from the saved timetable; a team event gives back its boards,
    // board order and rosters, so re-solving makes the same event.
    let mut d = four_teams(BoardOrder::ChosenPerMatch);
    d.boards = "3".into();
    let p = d.to_problem().unwrap();
    let t = d.event_for(&p, "团体赛").unwrap();
    let mut back = Draft::from_problem(&p);
    back.scoring = EventScoring::XiangqiTeam;
    assert_eq!(back.board_order, BoardOrder::Fixed);
    back.take_team(&t);
    assert_eq!(back.board_order, BoardOrder::ChosenPerMatch);
    assert_eq!(back.boards, "3");
    assert_eq!(back.teams(), d.teams());
    assert_eq!(back.to_problem().unwrap().entrants, p.entrants);
    // An individual event leaves the form as it is.
    let solo = Draft {
        scoring: EventScoring::Xiangqi,
        entrants: "甲\n乙\n丙".into(),
        ..Draft::default()
    };
    let sp = solo.to_problem().unwrap();
    let st = solo.event_for(&sp, "个人赛").unwrap();
    let mut same = solo.clone();
    same.take_team(&st);
    assert_eq!(same, solo);
}
