//! Round-robin events under the 1999 rules: Berger tables (13.1, 13.5, 附录一), scoring (14.1, 14.2,
//! 21.4), tie-breaks (15.1, 15.3, 18.4), withdrawals (20.3), team events (12, 13.2) and files.
//! Every expected number below was worked out by hand; the working is in the comments.

use std::collections::{HashMap, HashSet};
use std::process::Command;
use xiangqi_club::events::round_robin::*;
use xiangqi_club::events::Entrant;

// ---------------------------------------------------------------- helpers

fn individual(names: &[&str], cycles: Cycles, scoring: Scoring) -> Tournament {
    let mut t = Tournament::new(
        "Club championship",
        Competition::Individual,
        cycles,
        scoring,
    )
    .unwrap();
    t.add_entrant_list(&names.join("\n")).unwrap();
    // Numbers by hand in entry order, so entrant k is the k-th name.
    let order: Vec<usize> = (1..=names.len()).collect();
    t.set_numbers(&order).unwrap();
    t
}

/// Records `a`'s result against `b` (`1-0` means a won), wherever the table pairs them.
fn play(t: &mut Tournament, a: usize, b: usize, result: &str) {
    play_boards(t, a, b, &[result]);
}

fn play_boards(t: &mut Tournament, a: usize, b: usize, results: &[&str]) {
    let round = find_round(t, a, b);
    let outcomes: Vec<Outcome> = results.iter().map(|r| r.parse().unwrap()).collect();
    let red_first = t.rounds().unwrap()[round - 1]
        .games
        .iter()
        .any(|p| p.red == a && p.black == b);
    if red_first {
        t.record(round, a, b, outcomes).unwrap();
    } else {
        let flipped = outcomes.iter().map(|o| o.reversed()).collect();
        t.record(round, b, a, flipped).unwrap();
    }
}

fn find_round(t: &Tournament, a: usize, b: usize) -> usize {
    t.rounds()
        .unwrap()
        .iter()
        .find(|r| r.games.iter().any(|p| p.involves(a) && p.involves(b)))
        .map(|r| r.round)
        .expect("pair meets")
}

fn order(s: &Standings) -> Vec<usize> {
    s.rows.iter().map(|r| r.entrant).collect()
}

fn row(s: &Standings, k: usize) -> &StandingRow {
    s.rows.iter().find(|r| r.entrant == k).unwrap()
}

fn column(s: &Standings, k: usize, tb: TieBreak) -> Option<String> {
    let i = s.columns.iter().position(|c| *c == tb).unwrap();
    row(s, k).tiebreaks[i].map(|v| v.to_string())
}

fn places(s: &Standings) -> Vec<String> {
    s.rows
        .iter()
        .map(|r| r.place.map(|p| p.to_string()).unwrap_or_else(|| "-".into()))
        .collect()
}

// ---------------------------------------------------------------- Berger tables (13.1, 13.5)

/// The FIDE tables from tests/data (FIDE Handbook C.05 Annex 1), by number of players.
fn fide_tables() -> Vec<(usize, String)> {
    let text = include_str!("data/tournament-berger-fide.txt");
    let mut tables: Vec<(usize, String)> = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        if let Some(n) = line.strip_prefix("players ") {
            tables.push((n.parse().unwrap(), String::new()));
        } else if let Some(last) = tables.last_mut() {
            last.1.push_str(line);
            last.1.push('\n');
        }
    }
    tables
}

#[test]
fn berger_rows_equal_the_fide_tables() {
    let tables = fide_tables();
    assert_eq!(tables.len(), 5);
    for (n, expected) in tables {
        assert_eq!(
            BergerTable::new(n, false).unwrap().to_string(),
            expected,
            "n={n}"
        );
        // An odd field uses the same table, the highest number being the bye.
        let odd = BergerTable::new(n - 1, false).unwrap().to_string();
        assert_eq!(
            odd,
            expected
                .replace(&format!("-{n} "), "-bye ")
                .replace(&format!(" {n}-"), " bye-")
                .replace(&format!("-{n}\n"), "-bye\n"),
            "n={}",
            n - 1
        );
    }
}

#[test]
fn berger_properties_for_3_to_16_entrants() {
    for n in 3..=16 {
        for double in [false, true] {
            let t = BergerTable::new(n, double).unwrap();
            let slots = n + n % 2;
            let cycles = if double { 2 } else { 1 };
            assert_eq!(t.round_count(), (slots - 1) * cycles, "n={n}");
            let mut met: HashMap<(usize, usize), Vec<(usize, usize)>> = HashMap::new();
            let mut red = vec![0i32; slots + 1];
            let mut black = vec![0i32; slots + 1];
            for (i, round) in t.rounds().iter().enumerate() {
                assert_eq!(round.len(), slots / 2);
                let mut seen = HashSet::new();
                for p in round {
                    assert!(
                        seen.insert(p.red) && seen.insert(p.black),
                        "n={n} round {} twice",
                        i + 1
                    );
                    let (lo, hi) = (p.red.min(p.black), p.red.max(p.black));
                    met.entry((lo, hi)).or_default().push((p.red, p.black));
                    if !t.is_bye(p.red) && !t.is_bye(p.black) {
                        red[p.red] += 1;
                        black[p.black] += 1;
                    }
                }
                assert_eq!(seen.len(), slots, "everyone in every round");
            }
            for a in 1..=slots {
                for b in a + 1..=slots {
                    let games = &met[&(a, b)];
                    assert_eq!(games.len(), cycles, "n={n}: {a} and {b}");
                    if double {
                        // 13.5: the second game has the colours of the first swapped.
                        assert_eq!(games[1], (games[0].1, games[0].0));
                    }
                }
            }
            for k in 1..=n {
                let diff = (red[k] - black[k]).abs();
                let allowed = if double || n % 2 == 1 { 0 } else { 1 };
                assert!(
                    diff <= allowed,
                    "n={n} double={double}: entrant {k} has {}R {}B",
                    red[k],
                    black[k]
                );
            }
        }
    }
}

#[test]
fn double_round_robin_repeats_with_colours_swapped() {
    let t = BergerTable::new(4, true).unwrap();
    let lines: Vec<String> = t.to_string().lines().map(String::from).collect();
    assert_eq!(
        lines,
        [
            "Rd 1: 1-4 2-3",
            "Rd 2: 4-3 1-2",
            "Rd 3: 2-4 3-1",
            "Rd 4: 4-1 3-2",
            "Rd 5: 3-4 2-1",
            "Rd 6: 4-2 1-3",
        ]
    );
}

fn xq(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_xq"))
        .arg("pairings")
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
fn cli_prints_one_line_per_round() {
    let (code, out, _) = xq(&["--players", "8"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().next(), Some("Rd 1: 1-8 2-7 3-6 4-5"));
    assert_eq!(out.lines().count(), 7);
    let (_, out, _) = xq(&["--players", "3"]);
    assert_eq!(out, "Rd 1: 1-bye 2-3\nRd 2: bye-3 1-2\nRd 3: 2-bye 3-1\n");
    let (code, out, _) = xq(&["--players", "6", "--double"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 10);
    assert_eq!(lines[5], "Rd 6: 6-1 5-2 4-3");
    for (n, expected) in fide_tables() {
        assert_eq!(xq(&["--players", &n.to_string()]).1, expected);
    }
}

#[test]
fn cli_rejects_bad_arguments() {
    for args in [
        &[][..],
        &["--players"][..],
        &["--players", "1"][..],
        &["--players", "-3"][..],
        &["--players", "ten"][..],
        &["--players", "6", "--triple"][..],
    ] {
        let (code, out, err) = xq(args);
        assert_ne!(code, 0, "{args:?}");
        assert!(out.is_empty() && !err.is_empty(), "{args:?}");
    }
}

// ---------------------------------------------------------------- the draw

#[test]
fn seeded_draw_is_reproducible_and_hand_numbers_are_checked() {
    let names = ["甲", "乙", "丙", "丁", "戊", "己"];
    let mut a = Tournament::new(
        "t",
        Competition::Individual,
        Cycles::Single,
        Scoring::CLASSIC,
    )
    .unwrap();
    a.add_entrant_list(&names.join("\n")).unwrap();
    let mut b = a.clone();
    a.draw_lots(2026).unwrap();
    b.draw_lots(2026).unwrap();
    assert_eq!(a, b);
    let drawn: HashSet<&str> = a.entrants().iter().map(|e| e.name.as_str()).collect();
    assert_eq!(drawn, names.iter().copied().collect());
    // Entrants cannot change after the draw (20.2: clear the draw and draw again).
    assert_eq!(
        a.add_entrant(Entrant::new("庚", 0)),
        Err(TournamentError::AlreadyDrawn)
    );
    a.clear_draw().unwrap();
    a.add_entrant(Entrant::new("庚", 0)).unwrap();

    let mut c = Tournament::new(
        "t",
        Competition::Individual,
        Cycles::Single,
        Scoring::CLASSIC,
    )
    .unwrap();
    c.add_entrant_list("A\nB\nC").unwrap();
    assert!(matches!(
        c.set_numbers(&[1, 1, 2]),
        Err(TournamentError::BadNumbering(_))
    ));
    assert!(matches!(
        c.set_numbers(&[1, 2]),
        Err(TournamentError::BadNumbering(_))
    ));
    assert_eq!(c.rounds(), Err(TournamentError::NotDrawn));
    c.set_numbers(&[3, 1, 2]).unwrap();
    let names: Vec<&str> = c.entrants().iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names, ["C", "A", "B"]);
    let r1 = &c.rounds().unwrap()[0];
    assert_eq!(r1.games, [Pairing { red: 2, black: 3 }]);
    assert_eq!(r1.bye, Some(1));
    assert_eq!(
        c.add_entrant_list("X\nX").err(),
        Some(TournamentError::AlreadyDrawn)
    );
}

#[test]
fn results_are_validated() {
    let mut t = individual(&["A", "B", "C", "D"], Cycles::Single, Scoring::CLASSIC);
    // Round 1 is 1-4 2-3 (13.1: first number Red).
    assert_eq!(
        t.record(1, 4, 1, vec![Outcome::FirstWins]),
        Err(TournamentError::NotPaired {
            round: 1,
            red: 4,
            black: 1
        })
    );
    assert_eq!(
        t.record(4, 1, 2, vec![Outcome::FirstWins]),
        Err(TournamentError::NoSuchRound {
            round: 4,
            rounds: 3
        })
    );
    assert_eq!(
        t.record(1, 1, 4, vec![]),
        Err(TournamentError::WrongGameCount {
            expected: 1,
            given: 0
        })
    );
    t.record(1, 1, 4, vec![Outcome::FirstWins]).unwrap();
    t.record(1, 1, 4, vec![Outcome::Draw]).unwrap();
    assert_eq!(t.results().len(), 1, "a second entry replaces the first");
    assert_eq!(
        t.set_numbers(&[1, 2, 3, 4]),
        Err(TournamentError::ResultsExist)
    );
    assert!("3-0".parse::<Outcome>().is_err());
}

// ---------------------------------------------------------------- 15.1 tie-breaks

/// Six players; all fifteen games (a beat b unless noted):
///   1>2, 1>3, 2=3, 1=4, 5>1, 6>1, 2>4, 2>5, 6>2, 3>4, 3>5, 6>3, 5>4, 4>6, 5>6.
/// Points: 1: W W D L L = 2½; 2: L D W W L = 2½; 3: L D W W L = 2½; 4: D L L L W = 1½;
///         5: W L L W W = 3; 6: W W W L L = 3.
/// 小分 (SB): 1: 2½+2½+½·1½ = 5.75; 2: 1½+3+½·2½ = 5.75; 3: 1½+3+½·2½ = 5.75;
///            4: ½·2½+3 = 4.25; 5: 2½+1½+3 = 7; 6: 2½·3 = 7.5.
/// 5 and 6 tie on 3 points: SB 7.5 > 7 puts 6 first.
/// 1, 2, 3 tie on points, SB and wins (2 each). Their mini-table: 1 beat 2 and 3, 2 drew 3:
/// direct encounter 1: 2, 2: ½, 3: ½, so 1 is third; 2 and 3 stay tied and share 4th.
fn three_way_tie(scoring: Scoring) -> Tournament {
    let mut t = individual(
        &["一", "二", "三", "四", "五", "六"],
        Cycles::Single,
        scoring,
    );
    for (a, b, r) in [
        (1, 2, "1-0"),
        (1, 3, "1-0"),
        (2, 3, "½-½"),
        (1, 4, "½-½"),
        (5, 1, "1-0"),
        (6, 1, "1-0"),
        (2, 4, "1-0"),
        (2, 5, "1-0"),
        (6, 2, "1-0"),
        (3, 4, "1-0"),
        (3, 5, "1-0"),
        (6, 3, "1-0"),
        (5, 4, "1-0"),
        (4, 6, "1-0"),
        (5, 6, "1-0"),
    ] {
        play(&mut t, a, b, r);
    }
    t
}

#[test]
fn three_way_tie_split_by_direct_encounter_mini_table() {
    let t = three_way_tie(Scoring::CLASSIC);
    let s = t.standings();
    assert_eq!(order(&s), [6, 5, 1, 2, 3, 4]);
    assert_eq!(places(&s), ["1", "2", "3", "4=", "4=", "6"]);
    let score: Vec<String> = s.rows.iter().map(|r| r.score.to_string()).collect();
    assert_eq!(score, ["3", "3", "2.5", "2.5", "2.5", "1.5"]);
    for (k, sb) in [
        (1, "5.75"),
        (2, "5.75"),
        (3, "5.75"),
        (4, "4.25"),
        (5, "7"),
        (6, "7.5"),
    ] {
        assert_eq!(
            column(&s, k, TieBreak::SonnebornBerger).unwrap(),
            sb,
            "SB of {k}"
        );
    }
    assert_eq!(column(&s, 1, TieBreak::Wins).unwrap(), "2");
    // Direct encounter is shown only where it was used, with the mini-table score.
    assert_eq!(
        column(&s, 1, TieBreak::DirectEncounter).as_deref(),
        Some("2")
    );
    assert_eq!(
        column(&s, 2, TieBreak::DirectEncounter).as_deref(),
        Some("0.5")
    );
    assert_eq!(
        column(&s, 3, TieBreak::DirectEncounter).as_deref(),
        Some("0.5")
    );
    assert_eq!(column(&s, 6, TieBreak::DirectEncounter), None);
    assert_eq!(column(&s, 4, TieBreak::DirectEncounter), None);
}

#[test]
fn fouls_split_what_direct_encounter_left_tied() {
    let mut t = three_way_tie(Scoring::CLASSIC);
    t.set_fouls(2, 1).unwrap();
    let s = t.standings();
    assert_eq!(order(&s), [6, 5, 1, 3, 2, 4]);
    assert_eq!(places(&s), ["1", "2", "3", "4", "5", "6"]);
    assert_eq!(column(&s, 2, TieBreak::Fouls).as_deref(), Some("1"));
}

#[test]
fn tie_break_order_is_configurable() {
    let mut t = three_way_tie(Scoring::CLASSIC);
    // Wins alone first: 5 and 6 (3 wins) still above; then fouls only, so 1, 2, 3 share a place.
    t.set_tiebreaks(vec![TieBreak::Wins, TieBreak::Fouls])
        .unwrap();
    let s = t.standings();
    assert_eq!(places(&s), ["1=", "1=", "3=", "3=", "3=", "6"]);
    assert_eq!(
        t.set_tiebreaks(vec![TieBreak::GamePoints]),
        Err(TournamentError::TieBreakNotFor(TieBreak::GamePoints))
    );
    assert_eq!(
        t.set_tiebreaks(vec![TieBreak::Wins, TieBreak::Wins]),
        Err(TournamentError::DuplicateTieBreak(TieBreak::Wins))
    );
}

#[test]
fn two_one_zero_scheme_scores_whole_numbers() {
    // The same games, 2/1/0 per game: points double, SB = Σ game points × opponent points.
    let s = three_way_tie(Scoring::TWO_ONE_ZERO).standings();
    assert_eq!(order(&s), [6, 5, 1, 2, 3, 4]);
    assert_eq!(row(&s, 1).score.to_string(), "5");
    assert_eq!(row(&s, 6).score.to_string(), "6");
    // 1: 2·5 + 2·5 + 1·3 = 23.
    assert_eq!(
        column(&s, 1, TieBreak::SonnebornBerger).as_deref(),
        Some("23")
    );
    assert_eq!(
        column(&s, 1, TieBreak::DirectEncounter).as_deref(),
        Some("4")
    );
}

#[test]
fn crosstable_and_csv_of_the_tie() {
    let t = three_way_tie(Scoring::CLASSIC);
    let x = t.crosstable();
    assert_eq!(x.cell(1, 2), "1");
    assert_eq!(x.cell(2, 1), "0");
    assert_eq!(x.cell(2, 3), "½");
    assert_eq!(x.cell(1, 1), "");
    assert_eq!(
        x.to_string().lines().next(),
        Some("1 一 | × | 1 | 1 | ½ | 0 | 0 | = 2.5")
    );
    assert_eq!(
        t.standings_csv(),
        "place,number,name,score,played,won,drawn,lost,discipline,sb,wins,direct,fouls,status\n\
         1,6,六,3,5,3,0,2,0,7.5,3,,0,\n\
         2,5,五,3,5,3,0,2,0,7,3,,0,\n\
         3,1,一,2.5,5,2,1,2,0,5.75,2,2,0,\n\
         4=,2,二,2.5,5,2,1,2,0,5.75,2,0.5,0,\n\
         4=,3,三,2.5,5,2,1,2,0,5.75,2,0.5,0,\n\
         6,4,四,1.5,5,1,1,3,0,4.25,1,,0,\n"
    );
}

// ---------------------------------------------------------------- 18.4 discipline, shared places

#[test]
fn disciplined_players_go_last_among_equals() {
    // Four players, every game drawn: all on 1½ points, identical tie-breaks.
    let mut t = individual(&["A", "B", "C", "D"], Cycles::Single, Scoring::CLASSIC);
    for (a, b) in [(1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)] {
        play(&mut t, a, b, "½-½");
    }
    assert_eq!(places(&t.standings()), ["1=", "1=", "1=", "1="]);
    // 18.4: B was disqualified from a game (18.2), A warned (18.1): heavier penalty, lower place.
    t.set_discipline(1, 1, 0).unwrap();
    t.set_discipline(2, 0, 1).unwrap();
    let s = t.standings();
    assert_eq!(order(&s), [3, 4, 1, 2]);
    assert_eq!(places(&s), ["1=", "1=", "3", "4"]);
    assert_eq!(
        column(&s, 2, TieBreak::Discipline).as_deref(),
        Some("18.2×1")
    );
    assert_eq!(
        column(&s, 1, TieBreak::Discipline).as_deref(),
        Some("18.1×1")
    );
    // Only among equals: a disciplined player with more points stays ahead.
    play(&mut t, 2, 3, "1-0");
    let s = t.standings();
    assert_eq!(order(&s)[0], 2);
}

// ---------------------------------------------------------------- 21.4 forfeits

#[test]
fn forfeits_and_double_forfeit() {
    let mut t = individual(&["A", "B", "C", "D"], Cycles::Single, Scoring::CLASSIC);
    // Round 1: 1-4 2-3. D is absent: + for A. B and C both absent: nothing for either (21.3).
    t.record(1, 1, 4, vec![Outcome::FirstByForfeit]).unwrap();
    t.record(1, 2, 3, vec![Outcome::DoubleForfeit]).unwrap();
    let s = t.standings();
    assert_eq!(row(&s, 1).score.to_string(), "1");
    for k in [2, 3, 4] {
        assert_eq!(row(&s, k).score.to_string(), "0");
    }
    assert_eq!(
        (row(&s, 1).won, row(&s, 4).lost, row(&s, 2).lost),
        (1, 1, 1)
    );
    let x = t.crosstable();
    assert_eq!((x.cell(1, 4).as_str(), x.cell(4, 1).as_str()), ("+", "-"));
    assert_eq!((x.cell(2, 3).as_str(), x.cell(3, 2).as_str()), ("-", "-"));
}

// ---------------------------------------------------------------- 20.3 withdrawals

/// Six players, table of 附录一: Rd1 1-6 2-5 3-4; Rd2 6-4 5-3 1-2; Rd3 2-6 3-1 4-5;
/// Rd4 6-5 1-4 2-3; Rd5 3-6 4-2 5-1. Results (Red first) apart from games of player 6 after
/// the withdrawal: Rd1 1-0 ½ 0-1; Rd2 1-0 0-1 ½; Rd3 0-1 ½ 1-0; Rd4 · 1-0 0-1; Rd5 · ½ 0-1.
fn six_with_withdrawal(after: usize) -> Tournament {
    let mut t = individual(
        &["1", "2", "3", "4", "5", "6"],
        Cycles::Single,
        Scoring::CLASSIC,
    );
    let games: [(usize, usize, usize, &str); 15] = [
        (1, 1, 6, "1-0"),
        (1, 2, 5, "½-½"),
        (1, 3, 4, "0-1"),
        (2, 6, 4, "1-0"),
        (2, 5, 3, "0-1"),
        (2, 1, 2, "½-½"),
        (3, 2, 6, "0-1"),
        (3, 3, 1, "½-½"),
        (3, 4, 5, "1-0"),
        (4, 6, 5, "1-0"),
        (4, 1, 4, "1-0"),
        (4, 2, 3, "0-1"),
        (5, 3, 6, "1-0"),
        (5, 4, 2, "½-½"),
        (5, 5, 1, "0-1"),
    ];
    for (round, red, black, r) in games {
        if (red == 6 || black == 6) && round > after {
            continue;
        }
        t.record(round, red, black, vec![r.parse().unwrap()])
            .unwrap();
    }
    t.withdraw(6, after).unwrap();
    t
}

#[test]
fn withdrawal_before_half_annuls_all_results() {
    // 6 met 1 and 4 only: 2 of 5 opponents, fewer than half, so both games are struck out.
    let t = six_with_withdrawal(2);
    assert!(t.is_annulled(6));
    let s = t.standings();
    // 1: ½+½+1+1 = 3; 4: 1+1+0+½ = 2½ (SB 2½+½+½·1½ = 3.75); 3: 0+1+½+1 = 2½ (SB ½+1½+1½ = 3.5);
    // 2: ½+½+0+½ = 1½; 5: ½+0+0+0 = ½. 6 has no place.
    assert_eq!(order(&s), [1, 4, 3, 2, 5, 6]);
    assert_eq!(places(&s), ["1", "2", "3", "4", "5", "-"]);
    let score: Vec<String> = s.rows.iter().map(|r| r.score.to_string()).collect();
    assert_eq!(score, ["3", "2.5", "2.5", "1.5", "0.5", "0"]);
    assert_eq!(
        column(&s, 4, TieBreak::SonnebornBerger).as_deref(),
        Some("3.75")
    );
    assert_eq!(
        column(&s, 3, TieBreak::SonnebornBerger).as_deref(),
        Some("3.5")
    );
    assert_eq!(row(&s, 1).played, 4);
    assert!(t.crosstable().cell(1, 6).is_empty());
    assert!(t
        .standings_csv()
        .ends_with(",6,6,0,0,0,0,0,0,0,0,,0,annulled\n"));
}

#[test]
fn withdrawal_after_half_keeps_results_and_forfeits_the_rest() {
    // 6 met 1, 4 and 2: 3 of 5, at least half, so results stand; 6-5 (Rd 4) and 3-6 (Rd 5)
    // become forfeits won by 5 and 3.
    let t = six_with_withdrawal(3);
    assert!(!t.is_annulled(6));
    let s = t.standings();
    // 1: 1+½+½+1+1 = 4; 3: 0+1+½+1+1(+) = 3½; 4: 1+0+1+0+½ = 2½; 6: 0+1+1+0+0 = 2;
    // 2: ½+½+0+0+½ = 1½ (SB ½·1½+½·4+½·2½ = 4); 5: ½+0+0+1(+)+0 = 1½ (SB ½·1½+1·2 = 2.75).
    assert_eq!(order(&s), [1, 3, 4, 6, 2, 5]);
    let score: Vec<String> = s.rows.iter().map(|r| r.score.to_string()).collect();
    assert_eq!(score, ["4", "3.5", "2.5", "2", "1.5", "1.5"]);
    assert_eq!(
        column(&s, 2, TieBreak::SonnebornBerger).as_deref(),
        Some("4")
    );
    assert_eq!(
        column(&s, 5, TieBreak::SonnebornBerger).as_deref(),
        Some("2.75")
    );
    assert!(row(&s, 6).withdrawn);
    let x = t.crosstable();
    assert_eq!((x.cell(5, 6).as_str(), x.cell(6, 5).as_str()), ("+", "-"));
    assert_eq!((x.cell(3, 6).as_str(), x.cell(6, 3).as_str()), ("+", "-"));
    assert_eq!(x.cell(6, 2), "1");
}

#[test]
fn the_rounds_after_a_withdrawal_list_its_games_as_forfeits() {
    // 6 withdrew after round 3: its round 4 game (6-5) is a forfeit, 1-4 is played.
    let t = six_with_withdrawal(3);
    let round4 = [Pairing { red: 6, black: 5 }, Pairing { red: 1, black: 4 }];
    assert_eq!(t.withdrawal_forfeits(4, &round4), HashSet::from([(6, 5)]));
    assert!(t
        .withdrawal_forfeits(3, &[Pairing { red: 2, black: 6 }])
        .is_empty());
}

#[test]
fn withdrawal_is_checked_against_results() {
    let mut t = six_with_withdrawal(3);
    t.cancel_withdrawal(6).unwrap();
    t.record(4, 6, 5, vec![Outcome::Draw]).unwrap();
    assert_eq!(
        t.withdraw(6, 3),
        Err(TournamentError::PlayedAfterWithdrawal {
            entrant: 6,
            round: 4
        })
    );
    t.clear_result(4, 6, 5);
    t.withdraw(6, 3).unwrap();
    assert_eq!(
        t.record(5, 3, 6, vec![Outcome::FirstWins]),
        Err(TournamentError::PlayedAfterWithdrawal {
            entrant: 6,
            round: 5
        })
    );
}

#[test]
fn exactly_half_the_opponents_means_results_stand() {
    // Five players (6 is the bye): Rd1 1-bye 2-5 3-4; Rd2 bye-4 5-3 1-2; Rd3 2-bye 3-1 4-5;
    // Rd4 bye-5 1-4 2-3; Rd5 3-bye 4-2 5-1. Player 5 has 4 opponents.
    let mut t = individual(&["A", "B", "C", "D", "E"], Cycles::Single, Scoring::CLASSIC);
    t.record(1, 2, 5, vec![Outcome::Draw]).unwrap();
    let mut early = t.clone();
    early.withdraw(5, 1).unwrap();
    assert!(early.is_annulled(5), "1 of 4 is fewer than half");
    t.record(2, 5, 3, vec![Outcome::Draw]).unwrap();
    t.withdraw(5, 2).unwrap();
    assert!(!t.is_annulled(5), "2 of 4 reaches half (20.3 达到)");
    // The games left, 4-5 (Rd3) and 5-1 (Rd5), are forfeits won by 4 and 1.
    let counted = t.counted_results();
    let forfeits: Vec<(usize, usize, usize, Outcome)> = counted
        .iter()
        .filter(|m| m.red == 5 || m.black == 5)
        .map(|m| (m.round, m.red, m.black, m.games[0]))
        .collect();
    assert_eq!(
        forfeits,
        [
            (1, 2, 5, Outcome::Draw),
            (2, 5, 3, Outcome::Draw),
            (3, 4, 5, Outcome::FirstByForfeit),
            (5, 5, 1, Outcome::SecondByForfeit),
        ]
    );
    let s = t.standings();
    assert_eq!(row(&s, 5).score.to_string(), "1");
    assert_eq!(row(&s, 1).score.to_string(), "1");
}

// ---------------------------------------------------------------- team events (12, 13.2, 14.2, 15.3)

fn team_event() -> Tournament {
    let format = Competition::Team {
        boards: 4,
        order: BoardOrder::Substitutes,
    };
    let mut t = Tournament::new("Club teams", format, Cycles::Single, Scoring::CLASSIC).unwrap();
    t.add_entrant_list(
        "红队: a1, a2, a3, a4, a5, a6\n黑队: b1, b2, b3, b4\n炮队: c1, c2, c3, c4, c5\n马队: d1, d2, d3, d4",
    )
    .unwrap();
    t.set_numbers(&[1, 2, 3, 4]).unwrap();
    t
}

/// Four teams, four boards; table Rd1 1-4 2-3, Rd2 4-3 1-2, Rd3 2-4 3-1. Board results are
/// from the first-listed team's side:
///   Rd1 1-4: 1-0 ½ 1-0 0-1 → 2½:1½, match points 2:0.   2-3: ½ ½ 0-1 1-0 → 2:2, 1:1.
///   Rd2 4-3: 1-0 0-1 ½ ½ → 2:2, 1:1.   1-2: team 2 absent, +/- on every board → 4:0, 2:0 (21.4).
///   Rd3 2-4: 0-1 ½ ½ 1-0 → 2:2, 1:1.   3-1: both absent, -/- on every board → 0:0, nothing.
/// Match points: 1: 2+2+0 = 4; 2: 1+0+1 = 2; 3: 1+1+0 = 2; 4: 0+1+1 = 2.
/// Game points: 2: 2+0+2 = 4; 3: 2+2+0 = 4; 4: 1½+2+2 = 5½ → 4 is second.
/// Game wins: 2: board 4 (Rd1) + board 4 (Rd3) = 2; 3: board 3 (Rd1) + board 2 (Rd2) = 2.
/// Direct encounter 2 v 3: drawn match, 1:1. Fouls: team 3 has 2, so team 2 is third.
fn played_team_event() -> Tournament {
    let mut t = team_event();
    t.set_lineups(1, 1, 4, vec![1, 2, 3, 5], vec![1, 2, 3, 4])
        .unwrap();
    play_boards(&mut t, 1, 4, &["1-0", "½-½", "1-0", "0-1"]);
    play_boards(&mut t, 2, 3, &["½-½", "½-½", "0-1", "1-0"]);
    play_boards(&mut t, 4, 3, &["1-0", "0-1", "½-½", "½-½"]);
    play_boards(&mut t, 1, 2, &["+/-"; 4]);
    play_boards(&mut t, 2, 4, &["0-1", "½-½", "½-½", "1-0"]);
    play_boards(&mut t, 3, 1, &["-/-"; 4]);
    t.set_fouls(3, 2).unwrap();
    t
}

#[test]
fn team_event_with_four_boards() {
    // 13.2: the first-listed team has Red on boards 1 and 3, Black on 2 and 4.
    let colours: Vec<_> = (1..=4).map(first_team_color).collect();
    use xiangqi_club::xiangqi::Color::{Black, Red};
    assert_eq!(colours, [Red, Black, Red, Black]);

    let t = played_team_event();
    let s = t.standings();
    assert_eq!(s.columns, TieBreak::defaults(t.format()));
    assert_eq!(order(&s), [1, 4, 2, 3]);
    assert_eq!(places(&s), ["1", "2", "3", "4"]);
    let score: Vec<String> = s.rows.iter().map(|r| r.score.to_string()).collect();
    assert_eq!(score, ["4", "2", "2", "2"]);
    for (k, gp, wins) in [
        (1, "6.5", "6"),
        (2, "4", "2"),
        (3, "4", "2"),
        (4, "5.5", "3"),
    ] {
        assert_eq!(
            column(&s, k, TieBreak::GamePoints).as_deref(),
            Some(gp),
            "team {k}"
        );
        assert_eq!(
            column(&s, k, TieBreak::GameWins).as_deref(),
            Some(wins),
            "team {k}"
        );
    }
    assert_eq!(
        column(&s, 2, TieBreak::DirectEncounter).as_deref(),
        Some("1")
    );
    assert_eq!(
        column(&s, 3, TieBreak::DirectEncounter).as_deref(),
        Some("1")
    );
    assert_eq!(column(&s, 3, TieBreak::Fouls).as_deref(), Some("2"));
    // Matches: team 1 won two, the double forfeit counts as lost for both.
    assert_eq!((row(&s, 1).won, row(&s, 1).lost), (2, 1));
    let x = t.crosstable();
    assert_eq!(
        (x.cell(1, 4).as_str(), x.cell(4, 1).as_str()),
        ("2.5", "1.5")
    );
    assert_eq!((x.cell(1, 2).as_str(), x.cell(2, 1).as_str()), ("+", "-"));
    assert_eq!((x.cell(1, 3).as_str(), x.cell(3, 1).as_str()), ("-", "-"));
}

#[test]
fn team_lineups_follow_article_12() {
    let mut t = played_team_event();
    // 12.2: substitutes allowed, registered order kept.
    assert_eq!(
        t.set_lineups(2, 4, 3, vec![1, 2, 3, 4], vec![2, 1, 3, 4]),
        Err(TournamentError::Lineup {
            team: 3,
            error: LineupError::OrderReversed { board: 1 }
        })
    );
    t.set_lineups(2, 4, 3, vec![1, 2, 3, 4], vec![1, 2, 4, 5])
        .unwrap();
    assert_eq!(t.result(2, 4, 3).unwrap().games.len(), 4, "results kept");
    // Clearing the boards keeps the line-ups; the match then counts for nobody.
    t.clear_games(2, 4, 3);
    let m = t.result(2, 4, 3).unwrap();
    assert!(m.games.is_empty());
    assert_eq!(m.lineups, Some((vec![1, 2, 3, 4], vec![1, 2, 4, 5])));
    assert_eq!(
        t.standings()
            .rows
            .iter()
            .find(|r| r.entrant == 4)
            .unwrap()
            .played,
        2
    );
    assert_eq!(Tournament::from_json(&t.to_json()).unwrap(), t);
    assert!(matches!(
        t.record(1, 1, 4, vec![Outcome::Draw]),
        Err(TournamentError::WrongGameCount {
            expected: 4,
            given: 1
        })
    ));
    // A roster shorter than the boards is refused at entry.
    let mut u = team_event();
    u.clear_draw().unwrap();
    assert_eq!(
        u.add_entrant_list("兵队: e1, e2"),
        Err(TournamentError::RosterTooShort {
            team: 5,
            boards: 4,
            roster: 2
        })
    );
}

// ---------------------------------------------------------------- double round robin

#[test]
fn double_round_robin_counts_both_games_in_direct_encounter() {
    let mut t = individual(&["A", "B", "C"], Cycles::Double, Scoring::CLASSIC);
    assert_eq!(t.round_count(), 6);
    // Rd1 2-3, Rd2 1-2, Rd3 3-1, Rd4 3-2, Rd5 2-1, Rd6 1-3 (second cycle swapped, 13.5).
    t.record(1, 2, 3, vec![Outcome::FirstWins]).unwrap();
    t.record(2, 1, 2, vec![Outcome::FirstWins]).unwrap();
    t.record(3, 3, 1, vec![Outcome::FirstWins]).unwrap();
    t.record(4, 3, 2, vec![Outcome::FirstWins]).unwrap();
    t.record(5, 2, 1, vec![Outcome::Draw]).unwrap();
    t.record(6, 1, 3, vec![Outcome::Draw]).unwrap();
    // A: 1+0+½+½ = 2; B: 1+0+0+½ = 1½; C: 0+1+1+½ = 2½.
    let s = t.standings();
    assert_eq!(order(&s), [3, 1, 2]);
    assert_eq!(t.crosstable().cell(1, 2), "1 ½");
}

// ---------------------------------------------------------------- JSON and CSV files

#[test]
fn json_round_trip_keeps_everything() {
    let t = played_team_event();
    let json = t.to_json();
    assert!(json.contains("\"version\":1"));
    let back = Tournament::from_json(&json).unwrap();
    assert_eq!(back, t);
    assert_eq!(back.standings(), t.standings());
    let w = six_with_withdrawal(3);
    assert_eq!(Tournament::from_json(&w.to_json()).unwrap(), w);
}

#[test]
fn the_shared_entrant_keeps_the_file_as_version_1_wrote_it() {
    // A round robin's entrants have no ratings: a team's players are written as their names, and
    // no field an older reader would refuse is added.
    let json = played_team_event().to_json();
    let file: serde_json::Value = serde_json::from_str(&json).unwrap();
    let first = &file["tournament"]["entrants"][0];
    let mut keys: Vec<&str> = first
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        [
            "disqualifications",
            "fouls",
            "members",
            "name",
            "warnings",
            "withdrawn_after"
        ]
    );
    assert!(first["members"][0].is_string());
}

#[test]
fn bad_files_are_refused_precisely() {
    // The file as a person may have re-indented it (the reader takes any white space); the
    // cases below edit it by its pretty-printed text.
    let compact = played_team_event().to_json();
    let value: serde_json::Value = serde_json::from_str(&compact).unwrap();
    let good = serde_json::to_string_pretty(&value).unwrap();
    let current = three_way_tie(Scoring::CLASSIC);
    let mut kept = current.clone();
    type Check = fn(&ImportError) -> bool;
    let cases: Vec<(String, Check)> = vec![
        ("{ \"kind\": ".to_string(), |e| {
            matches!(e, ImportError::Json { line: 1, .. })
        }),
        ("[1, 2]".to_string(), |e| {
            matches!(e, ImportError::Json { .. })
        }),
        ("{}".to_string(), |e| *e == ImportError::NotATournament),
        (good.replace("\"version\": 1", "\"version\": 2"), |e| {
            *e == ImportError::UnsupportedVersion(2)
        }),
        (good.replace("\"boards\": 4", "\"boards\": 40"), |e| {
            *e == ImportError::Invalid(TournamentError::BadBoards(40))
        }),
        (good.replacen("\"round\": 1", "\"round\": 9", 1), |e| {
            matches!(
                e,
                ImportError::Invalid(TournamentError::NoSuchRound { round: 9, .. })
            )
        }),
        (
            good.replace("\"FirstByForfeit\"", "\"Win\""),
            |e| matches!(e, ImportError::Json { line, .. } if *line > 1),
        ),
        (
            good.replace("\"drawn\": true", "\"drawn\": true, \"extra\": 1"),
            |e| matches!(e, ImportError::Json { .. }),
        ),
    ];
    for (text, expected) in cases {
        // What the UI does: replace the current event only on success.
        let imported = Tournament::from_json(&text);
        if let Ok(t) = &imported {
            kept = t.clone();
        }
        let e = imported.expect_err(&text);
        assert!(expected(&e), "unexpected error {e:?}");
        assert!(!e.to_string().is_empty());
    }
    assert_eq!(kept, current, "a failed import changes nothing");
}

#[test]
fn duplicate_result_in_a_file_is_refused() {
    let t = six_with_withdrawal(3);
    let json = t.to_json();
    let mut value: serde_json::Value = serde_json::from_str(&json).unwrap();
    let results = value["tournament"]["results"].as_array_mut().unwrap();
    let first = results[0].clone();
    results.push(first);
    let text = serde_json::to_string(&value).unwrap();
    assert!(matches!(
        Tournament::from_json(&text),
        Err(ImportError::Invalid(TournamentError::DuplicateResult {
            round: 1,
            ..
        }))
    ));
}

#[test]
fn withdrawing_now_is_after_the_entrants_last_result() {
    // 20.3: 6 played rounds 1–3 (its round-4 and round-5 games are unplayed): it withdraws after 3.
    let mut t = six_with_withdrawal(3);
    let mut fresh = individual(
        &["A", "B", "C", "D", "E", "F"],
        Cycles::Single,
        Scoring::CLASSIC,
    );
    assert_eq!(
        fresh.withdraw_now(6),
        Ok(0),
        "no result yet: before round 1"
    );
    assert_eq!(t.withdraw_now(6), Ok(3));
    assert!(t.gone_by(6, 4));
    assert!(!t.gone_by(6, 3));
    assert!(t.withdraw_now(7).is_err(), "no such entrant");
}
