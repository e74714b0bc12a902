//! Issue 15: a team event made on the timetable page with any board order of article 12 — 12.1
//! 分台定人制 (registered order), 12.2 分台换人制 (substitutes, registered order kept) and 12.3
//! 临时定台制 (line-up chosen before each match) — its results typed in the timetable and its
//! line-ups set in the rounds view keeping each other.

use xiangqi_club::events::round_robin::{BoardOrder, Competition, Outcome, TournamentError};
use xiangqi_club::events::schedule::*;
use xiangqi_club::events::scoring::{
    board_order_from_key, board_order_key, EventScoring, BOARD_ORDERS,
};

/// Four teams, 红星 with a substitute, four boards a match.
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
        xiangqi_club::events::scoring::MatchResult::Boards(b) => b,
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
