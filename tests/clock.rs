//! The game clock against article 6 and rules 4.1.4, 21.1, 22.1 and 22.5, plus property tests
//! over random event sequences.

use xiangqi_club::clock::{
    format_ms, Bonus, Clock, ClockError, ClockEvent, Control, Flag, Preset, SideReading, Status,
};
use xiangqi_club::rng::Rng;
use xiangqi_club::xiangqi::Color::{Black, Red};

const SEC: u64 = 1_000;
const MIN: u64 = 60 * SEC;

fn control(text: &str) -> Control {
    text.parse().unwrap()
}

/// Both sides move in turn, each taking `think` ms, `plies` presses from `t`; returns the new time.
fn play(c: &mut Clock, mut t: u64, plies: u32, think: u64) -> u64 {
    for _ in 0..plies {
        t += think;
        c.press(t).unwrap();
    }
    t
}

#[test]
fn rule_6_1_forty_moves_in_ninety_minutes_then_ten_every_fifteen() {
    let mut c = Clock::from_preset(Preset::Rule6_1);
    c.start(0, Red).unwrap();
    let r = c.side(0, Red);
    assert_eq!((r.stage, r.stage_number, r.moves_owed), (0, 1, Some(40)));
    assert_eq!(format_ms(r.remaining_ms), "1:30:00");
    assert_eq!(format_ms(c.side(1, Red).remaining_ms), "1:29:59");
    // 39 moves each at 2 minutes: Red has 12 minutes for its 40th move.
    let t = play(&mut c, 0, 78, 2 * MIN);
    let r = c.side(t, Red);
    assert_eq!(
        (r.moves, r.moves_owed, r.remaining_ms),
        (39, Some(1), 12 * MIN)
    );
    // The 40th move with a minute to spare: the next 15 minutes are added, the minute carries over.
    c.press(t + 11 * MIN).unwrap();
    let r = c.side(t + 11 * MIN, Red);
    assert_eq!((r.stage, r.stage_number, r.moves_owed), (1, 2, Some(10)));
    assert_eq!(r.remaining_ms, 16 * MIN);
    // Ten more moves finish the second stage; the third repeats it (直至对局结束).
    let mut t = t + 11 * MIN;
    for _ in 0..10 {
        t = play(&mut c, t, 2, MIN);
    }
    let r = c.side(t, Red);
    assert_eq!((r.stage, r.stage_number, r.moves_owed), (1, 3, Some(10)));
    assert_eq!(r.remaining_ms, 16 * MIN - 10 * MIN + 15 * MIN);
}

#[test]
fn rule_22_1_the_flag_falls_when_the_moves_are_not_made_in_time() {
    // Rule 4.1.4: 40 moves are owed in 90 minutes; 39 are not enough.
    let mut c = Clock::from_preset(Preset::Rule6_1);
    c.start(0, Red).unwrap();
    let t = play(&mut c, 0, 78, 2 * MIN);
    let due = t + 12 * MIN;
    assert_eq!(c.flag_due(), Some(due));
    assert_eq!(c.flag(due - 1), None);
    let flag = Flag {
        side: Red,
        at_ms: due,
    };
    assert_eq!(c.flag(due), Some(flag));
    assert_eq!(c.status(due + 5), Status::Flagged(flag));
    let r = c.side(due + 5 * MIN, Red);
    assert!(r.flagged && !r.running);
    assert_eq!((r.remaining_ms, r.moves_owed), (0, Some(1)));
    assert_eq!(format_ms(r.face_ms()), "0:00.0");
    // A press at or after the fall is too late (rule 22.5).
    assert_eq!(c.press(due), Err(ClockError::FlagFallen(flag)));
    assert_eq!(c.pause(due + 1), Err(ClockError::FlagFallen(flag)));
    assert_eq!(c.running(due), None);
    assert!(!c.side(due, Black).flagged);
}

#[test]
fn rule_6_2_and_6_3_stage_boundaries() {
    let mut c = Clock::from_preset(Preset::Rule6_2);
    c.start(0, Red).unwrap();
    let t = play(&mut c, 0, 60, MIN);
    let r = c.side(t, Red);
    assert_eq!(
        (r.stage, r.moves_owed, r.remaining_ms),
        (1, Some(10), 40 * MIN)
    );
    let mut c = Clock::from_preset(Preset::Rule6_3);
    c.start(0, Red).unwrap();
    let t = play(&mut c, 0, 80, 10 * SEC);
    let r = c.side(t, Black);
    assert_eq!((r.stage, r.moves_owed), (1, Some(30)));
    assert_eq!(r.remaining_ms, 10 * MIN - 40 * 10 * SEC + 5 * MIN);
}

#[test]
fn rule_6_4_thirty_moves_every_five_minutes() {
    let mut c = Clock::from_preset(Preset::Rule6_4);
    c.start(0, Red).unwrap();
    let t = play(&mut c, 0, 60, 9 * SEC);
    let r = c.side(t, Red);
    assert_eq!((r.stage, r.stage_number, r.moves_owed), (0, 2, Some(30)));
    assert_eq!(r.remaining_ms, 5 * MIN - 30 * 9 * SEC + 5 * MIN);
}

#[test]
fn rule_6_5_one_lump_of_time_moves_not_counted() {
    let mut c = Clock::from_preset(Preset::Rule6_5);
    c.start(0, Red).unwrap();
    let t = play(&mut c, 0, 200, 10 * SEC);
    let r = c.side(t, Red);
    assert_eq!((r.stage, r.stage_number, r.moves_owed), (0, 1, None));
    assert_eq!(r.remaining_ms, 60 * MIN - 100 * 10 * SEC);
    assert_eq!(c.flag_due(), Some(t + 60 * MIN - 100 * 10 * SEC));
}

#[test]
fn fischer_increments_come_only_after_a_completed_move() {
    for (preset, base, inc) in [
        (Preset::Fischer120_30, 120 * MIN, 30 * SEC),
        (Preset::Fischer90_30, 90 * MIN, 30 * SEC),
        (Preset::Fischer60_30, 60 * MIN, 30 * SEC),
        (Preset::Fischer15_10, 15 * MIN, 10 * SEC),
        (Preset::Fischer5_3, 5 * MIN, 3 * SEC),
    ] {
        let mut c = Clock::from_preset(preset);
        c.start(0, Red).unwrap();
        assert_eq!(
            c.side(0, Red).remaining_ms,
            base,
            "no increment at the start"
        );
        assert_eq!(c.side(2 * SEC, Red).remaining_ms, base - 2 * SEC);
        c.press(2 * SEC).unwrap();
        let r = c.side(2 * SEC, Red);
        assert_eq!((r.remaining_ms, r.bonus_ms), (base - 2 * SEC + inc, inc));
        assert_eq!(c.side(2 * SEC, Black).remaining_ms, base);
        // Finishing is not a move: no increment.
        c.finish(3 * SEC).unwrap();
        assert_eq!(c.side(3 * SEC, Black).remaining_ms, base - SEC);
    }
}

#[test]
fn ten_minutes_sudden_death() {
    let mut c = Clock::from_preset(Preset::SuddenDeath10);
    c.start(0, Red).unwrap();
    c.press(4 * MIN).unwrap();
    c.press(5 * MIN).unwrap();
    assert_eq!(c.flag_due(), Some(11 * MIN));
    assert_eq!(
        c.status(11 * MIN),
        Status::Flagged(Flag {
            side: Red,
            at_ms: 11 * MIN
        })
    );
    assert_eq!(format_ms(c.side(11 * MIN - 9_400, Red).face_ms()), "0:09.4");
}

#[test]
fn byoyomi_periods_are_kept_by_moving_in_time_and_lost_by_running_out() {
    let mut c = Clock::from_preset(Preset::Byoyomi20m3x30s);
    c.start(0, Red).unwrap();
    // Red uses all 20 minutes and 10 s of the first period, then moves: the period is kept.
    c.press(20 * MIN + 10 * SEC).unwrap();
    let r = c.side(20 * MIN + 10 * SEC, Red);
    assert!(r.in_byoyomi);
    assert_eq!(
        (r.remaining_ms, r.periods_left, r.period_left_ms),
        (0, 3, 30 * SEC)
    );
    let t = play(&mut c, 20 * MIN + 10 * SEC, 1, 5 * SEC);
    // Red thinks 65 s: two periods run out, the third is under way.
    let r = c.side(t + 65 * SEC, Red);
    assert_eq!((r.periods_left, r.period_left_ms), (1, 25 * SEC));
    assert_eq!(format_ms(r.face_ms()), "0:25");
    c.press(t + 65 * SEC).unwrap();
    let t = play(&mut c, t + 65 * SEC, 1, SEC);
    let r = c.side(t, Red);
    assert_eq!(
        (r.periods_left, r.period_left_ms, r.left_ms),
        (1, 30 * SEC, 30 * SEC)
    );
    // The last period runs out: flag.
    assert_eq!(c.flag_due(), Some(t + 30 * SEC));
    assert_eq!(c.side(t + 29_999, Red).face_ms(), 1);
    assert!(c.side(t + 30 * SEC, Red).flagged);
    // Before byo-yomi the face shows main time and the periods wait.
    let b = c.side(t, Black);
    assert!(!b.in_byoyomi);
    assert_eq!((b.periods_left, b.period_left_ms), (3, 30 * SEC));
    assert_eq!(b.left_ms, b.remaining_ms + 90 * SEC);
}

#[test]
fn simple_delay_and_bronstein() {
    let mut c = Clock::new(control("1m delay 5s"));
    c.start(0, Red).unwrap();
    let r = c.side(3 * SEC, Red);
    assert_eq!((r.remaining_ms, r.delay_left_ms), (MIN, 2 * SEC));
    assert_eq!(c.side(8 * SEC, Red).remaining_ms, MIN - 3 * SEC);
    c.press(4 * SEC).unwrap();
    assert_eq!(c.side(4 * SEC, Red).remaining_ms, MIN);
    assert_eq!(c.flag_due(), Some(4 * SEC + 65 * SEC));

    let mut c = Clock::new(control("1m bronstein 5s"));
    c.start(0, Red).unwrap();
    c.press(3 * SEC).unwrap();
    c.press(20 * SEC).unwrap();
    assert_eq!(c.side(20 * SEC, Red).remaining_ms, MIN);
    assert_eq!(c.side(20 * SEC, Black).remaining_ms, MIN - 12 * SEC);
    assert_eq!(c.side(20 * SEC, Black).bonus_ms, 5 * SEC);
}

#[test]
fn handicap_gives_each_side_its_own_control() {
    let mut c = Clock::from_preset(Preset::Handicap);
    c.start(0, Red).unwrap();
    assert_eq!(format_ms(c.side(0, Red).remaining_ms), "5:00");
    assert_eq!(format_ms(c.side(0, Black).remaining_ms), "10:00");
    let mut c = Clock::handicap(control("5m+3s"), control("90m/40, 15m/10"));
    c.start(0, Red).unwrap();
    let t = play(&mut c, 0, 80, SEC);
    assert_eq!(c.side(t, Red).stage, 0);
    assert_eq!(c.side(t, Black).stage, 1);
    assert_eq!(c.side(t, Red).bonus_ms, 40 * 3 * SEC);
}

#[test]
fn rule_21_1_a_late_player_s_clock_runs_from_the_start() {
    // Red arrives 12 minutes late and moves at once: the 12 minutes are Red's.
    let mut c = Clock::from_preset(Preset::Rule6_1);
    c.start(0, Red).unwrap();
    c.press(12 * MIN + 5 * SEC).unwrap();
    assert_eq!(c.side(12 * MIN + 5 * SEC, Red).spent_ms, 12 * MIN + 5 * SEC);
    // Black is late too: Black's clock started at Red's press, so Black pays from there.
    c.press(20 * MIN).unwrap();
    let b = c.side(20 * MIN, Black);
    assert_eq!(b.spent_ms, 20 * MIN - (12 * MIN + 5 * SEC));
    // Starting with Black to move (a game from a position) runs Black's clock.
    let mut c = Clock::from_preset(Preset::SuddenDeath10);
    c.start(0, Black).unwrap();
    assert_eq!(c.running(MIN), Some(Black));
    assert_eq!(c.side(MIN, Red).remaining_ms, 10 * MIN);
}

#[test]
fn rule_22_5_a_result_on_the_board_stands_though_the_flag_then_falls() {
    let mut c = Clock::from_preset(Preset::SuddenDeath10);
    c.start(0, Red).unwrap();
    c.press(9 * MIN).unwrap();
    c.press(10 * MIN).unwrap();
    // Red mates with 1 ms to spare but presses late: the mate stands.
    assert_eq!(c.finish(10 * MIN + MIN - 1), Ok(None));
    let later = 30 * MIN;
    assert_eq!(c.flag(later), None);
    assert_eq!(c.side(later, Red).remaining_ms, 1);
    assert!(!c.side(later, Red).running);
    assert_eq!(
        c.status(later),
        Status::Finished {
            at_ms: 11 * MIN - 1,
            flag: None
        }
    );
    // Without a result before the fall, the fall decides (rule 22.1).
    let mut c = Clock::from_preset(Preset::SuddenDeath10);
    c.start(0, Red).unwrap();
    let flag = Flag {
        side: Red,
        at_ms: 10 * MIN,
    };
    assert_eq!(c.finish(12 * MIN), Ok(Some(flag)));
    assert_eq!(c.side(12 * MIN, Red).spent_ms, 10 * MIN);
    assert_eq!(c.flag(13 * MIN), Some(flag));
}

#[test]
fn pause_stops_both_clocks() {
    let mut c = Clock::from_preset(Preset::Fischer5_3);
    c.start(0, Red).unwrap();
    c.pause(10 * SEC).unwrap();
    assert_eq!(c.status(MIN), Status::Paused(Red));
    assert_eq!(c.side(MIN, Red).remaining_ms, 5 * MIN - 10 * SEC);
    assert!(!c.side(MIN, Red).running);
    assert_eq!(c.flag_due(), None);
    c.resume(2 * MIN).unwrap();
    assert_eq!(c.side(2 * MIN + SEC, Red).remaining_ms, 5 * MIN - 11 * SEC);
    c.press(2 * MIN + SEC).unwrap();
    assert_eq!(c.side(2 * MIN + SEC, Red).spent_ms, 11 * SEC);
}

#[test]
fn the_arbiter_adds_and_sets_time() {
    let mut c = Clock::from_preset(Preset::Fischer5_3);
    c.start(0, Red).unwrap();
    c.add_time(MIN, Red, 2 * MIN).unwrap();
    assert_eq!(c.side(MIN, Red).remaining_ms, 6 * MIN);
    assert_eq!(c.side(2 * MIN, Red).remaining_ms, 5 * MIN);
    c.set_time(2 * MIN, Black, 7 * MIN).unwrap();
    c.set_time(2 * MIN, Red, 30 * SEC).unwrap();
    assert_eq!(c.flag_due(), Some(2 * MIN + 30 * SEC));
    c.press(2 * MIN + 10 * SEC).unwrap();
    assert_eq!(c.side(2 * MIN + 10 * SEC, Red).remaining_ms, 23 * SEC);
    assert_eq!(c.side(2 * MIN + 10 * SEC, Black).remaining_ms, 7 * MIN);
    // In byo-yomi, added time is main time again and the period under way restarts.
    let mut c = Clock::from_preset(Preset::Byoyomi20m3x30s);
    c.start(0, Red).unwrap();
    c.add_time(20 * MIN + 40 * SEC, Red, MIN).unwrap();
    let r = c.side(20 * MIN + 40 * SEC, Red);
    assert_eq!(
        (r.in_byoyomi, r.remaining_ms, r.periods_left),
        (false, MIN, 2)
    );
    assert_eq!(r.left_ms, MIN + 60 * SEC);
}

#[test]
fn undo_takes_back_a_press_as_if_it_never_happened() {
    let mut c = Clock::from_preset(Preset::Fischer5_3);
    c.start(0, Red).unwrap();
    c.press(10 * SEC).unwrap();
    c.press(30 * SEC).unwrap();
    // Red presses by mistake at 40 s; noticed at 50 s.
    c.press(40 * SEC).unwrap();
    c.undo_press(50 * SEC).unwrap();
    let r = c.side(50 * SEC, Red);
    assert!(r.running);
    assert_eq!((r.moves, r.spent_ms, r.bonus_ms), (1, 30 * SEC, 3 * SEC));
    let b = c.side(50 * SEC, Black);
    assert_eq!((b.moves, b.spent_ms), (1, 20 * SEC));
    assert_eq!(c.history().len(), 3);
    // Twice more back to the start; a fourth has nothing to undo.
    c.undo_press(50 * SEC).unwrap();
    c.undo_press(50 * SEC).unwrap();
    assert_eq!(c.side(50 * SEC, Red).spent_ms, 50 * SEC);
    assert_eq!(c.undo_press(50 * SEC), Err(ClockError::NothingToUndo));
    assert_eq!(
        c.undo_press(40 * SEC),
        Err(ClockError::TimeWentBackwards {
            last_ms: 50 * SEC,
            now_ms: 40 * SEC
        })
    );
}

#[test]
fn undo_keeps_later_arbiter_events_and_can_reveal_a_flag() {
    let mut c = Clock::from_preset(Preset::SuddenDeath10);
    c.start(0, Red).unwrap();
    c.press(9 * MIN).unwrap();
    c.pause(9 * MIN + 10 * SEC).unwrap();
    c.resume(9 * MIN + 70 * SEC).unwrap();
    // Undone at 10:30 of clock time: Black's 20 s of running go to Red, who had 1 minute.
    c.undo_press(9 * MIN + 80 * SEC).unwrap();
    let r = c.side(9 * MIN + 80 * SEC, Red);
    assert_eq!(r.remaining_ms, 40 * SEC);
    assert_eq!(c.history().len(), 3);
    // The same after a longer wait: Red's flag falls when it would have.
    let mut c = Clock::from_preset(Preset::SuddenDeath10);
    c.start(0, Red).unwrap();
    c.press(9 * MIN).unwrap();
    c.pause(10 * MIN + 30 * SEC).unwrap();
    c.undo_press(11 * MIN).unwrap();
    let flag = Flag {
        side: Red,
        at_ms: 10 * MIN,
    };
    assert_eq!(c.status(11 * MIN), Status::Flagged(flag));
    // The pause stays in the history but, after the fall, does nothing.
    assert_eq!(c.history().len(), 2);
    assert_eq!(c.side(11 * MIN, Red).spent_ms, 10 * MIN);
}

// ---------------------------------------------------------------------------------------------
// Property tests over random event sequences.

/// Stage index, stage number and moves made in the stage after `moves` moves.
fn expected_stage(c: &Control, moves: u32) -> (usize, u32, u32) {
    let (mut stage, mut number, mut in_stage) = (0, 1, 0);
    for _ in 0..moves {
        in_stage += 1;
        if c.stage(stage).moves == Some(in_stage) {
            stage = c.next_index(stage);
            number += 1;
            in_stage = 0;
        }
    }
    (stage, number, in_stage)
}

/// Fischer time earned by `moves` moves (each move earns its own stage's increment).
fn expected_increments(c: &Control, moves: u32) -> u64 {
    let mut total = 0;
    for m in 0..moves {
        if let Bonus::Increment(ms) = c.stage(expected_stage(c, m).0).bonus {
            total += ms;
        }
    }
    total
}

/// Stage time given by the stages entered so far.
fn stage_time(c: &Control, stage_number: u32) -> u64 {
    let mut stage = 0;
    let mut total = 0;
    for _ in 0..stage_number {
        total += c.stage(stage).time_ms;
        stage = c.next_index(stage);
    }
    total
}

/// How long the clock ran up to `end` by the start, pause and resume events of `history`.
fn running_time(history: &[ClockEvent], end: u64) -> u64 {
    let (mut total, mut since) = (0, None);
    for ev in history.iter().take_while(|e| e.at_ms() <= end) {
        match *ev {
            ClockEvent::Start { at_ms, .. } | ClockEvent::Resume { at_ms } => since = Some(at_ms),
            ClockEvent::Pause { at_ms } => total += since.take().map_or(0, |s| at_ms - s),
            _ => {}
        }
    }
    total + since.map_or(0, |s| end - s)
}

fn pools() -> Vec<(Control, Control)> {
    let mut v: Vec<(Control, Control)> = Preset::ALL
        .iter()
        .map(|p| (p.control(Red), p.control(Black)))
        .collect();
    for (r, b) in [
        ("20s/3, 10s/2", "20s/3, 10s/2"),
        ("30s+2s", "30s+2s"),
        ("15s/4+1s, 10s/2+3s, 5s+500ms", "40s"),
        ("10s byo 3x4s", "0s byo 2x3s"),
        ("20s delay 3s", "20s bronstein 2s"),
        ("1m", "20s/5, 8s/3+1s"),
    ] {
        v.push((control(r), control(b)));
    }
    v
}

fn side(c: &Clock, t: u64) -> [SideReading; 2] {
    [c.side(t, Red), c.side(t, Black)]
}

fn plain(c: &Control) -> bool {
    c.stages()
        .iter()
        .all(|s| s.byoyomi.is_none() && matches!(s.bonus, Bonus::None | Bonus::Increment(_)))
}

fn check_stage_and_bonus(clock: &Clock, r: &[SideReading; 2], adjust: &[Option<i128>; 2]) {
    for color in [Red, Black] {
        let s = &r[color.index()];
        let ctl = clock.control(color);
        let (stage, number, in_stage) = expected_stage(ctl, s.moves);
        assert_eq!(
            (s.stage, s.stage_number),
            (stage, number),
            "stage at {} moves",
            s.moves
        );
        assert_eq!(s.moves_owed, ctl.stage(stage).moves.map(|n| n - in_stage));
        if plain(ctl) {
            assert_eq!(s.bonus_ms, expected_increments(ctl, s.moves));
            // Conservation: time left plus time spent is all time ever given.
            if let Some(adj) = adjust[color.index()] {
                let given = stage_time(ctl, number) as i128 + s.bonus_ms as i128 + adj;
                assert_eq!(s.remaining_ms as i128 + s.spent_ms as i128, given);
            }
        }
    }
}

fn run_sequence(seed: u64, with_undo: bool) -> (u32, u32) {
    let mut rng = Rng::new(seed);
    let pool = pools();
    let (red, black) = pool[rng.below(pool.len())].clone();
    // A typical thinking time: a 120th of the first stage, so games run long before a fall.
    let scale = (red.stage(0).time_ms.max(black.stage(0).time_ms) / 120).max(SEC);
    let mut clock = Clock::handicap(red, black);
    let mut t = rng.below(1_000_000) as u64;
    let first = if rng.below(4) == 0 { Black } else { Red };
    clock.start(t, first).unwrap();
    // Net arbiter time per side (unknown once an undo refolds an adjustment).
    let mut adjust: [Option<i128>; 2] = [Some(0), Some(0)];
    let mut clock_time = 0u64; // running time of the clock, by the test's own count
    let (mut presses, mut flags) = (0, 0);
    // Each side's spent time when its current turn began (for Bronstein).
    let mut turn_start_spent = [0u64; 2];
    let mut after_flag = 0;
    for _ in 0..rng.below(250) + 10 {
        if clock.flag(t).is_some() {
            after_flag += 1;
            if after_flag > 8 {
                break;
            }
        }
        let before = side(&clock, t);
        let status = clock.status(t);
        let dt = match rng.below(10) {
            0 => 0,
            1..=8 => rng.below(2 * scale as usize + 1) as u64,
            _ => rng.below(12 * scale as usize + 1) as u64,
        };
        t += dt;
        let now = side(&clock, t);
        // Between events: the running side loses exactly the time that passes, to zero;
        // the other side does not change at all.
        for color in [Red, Black] {
            let (b, n) = (&before[color.index()], &now[color.index()]);
            if status == Status::Running(color) {
                assert_eq!(n.left_ms, b.left_ms.saturating_sub(dt));
                assert_eq!(n.spent_ms, b.spent_ms + dt.min(b.left_ms));
                assert_eq!(n.flagged, dt >= b.left_ms);
                assert!(n.remaining_ms <= b.remaining_ms && n.periods_left <= b.periods_left);
                clock_time += dt.min(b.left_ms);
                if n.flagged {
                    let f = clock.flag(t).unwrap();
                    assert_eq!((f.side, f.at_ms), (color, t - dt + b.left_ms));
                    flags += 1;
                }
            } else {
                assert_eq!(n, b);
            }
            let by = clock.control(color).stage(n.stage).byoyomi;
            let periods_ms = by.map_or(0, |b| b.period_ms) * u64::from(n.periods_left);
            let face_sum = if n.in_byoyomi {
                let l = by.unwrap().period_ms;
                n.delay_left_ms + n.period_left_ms + periods_ms.saturating_sub(l)
            } else {
                n.delay_left_ms + n.remaining_ms + periods_ms
            };
            assert_eq!(
                face_sum, n.left_ms,
                "the face parts add up to the time left"
            );
        }
        let total = now[0].spent_ms + now[1].spent_ms;
        assert_eq!(total, clock_time, "spent time is exactly the running time");
        let status = clock.status(t);
        let mut k = rng.below(100);
        if (82..=83).contains(&k) && rng.below(8) != 0 {
            k = 0; // finishing ends the sequence: keep it rare
        }
        if matches!(status, Status::Paused(_)) && rng.below(2) == 0 {
            k = 60; // resume soon
        }
        match k {
            0..=59 => {
                let res = clock.press(t);
                match status {
                    Status::Running(mover) => {
                        res.unwrap();
                        presses += 1;
                        let after = side(&clock, t);
                        let (b, a) = (&now[mover.index()], &after[mover.index()]);
                        assert_eq!(a.moves, b.moves + 1);
                        let ctl = clock.control(mover);
                        let stage = ctl.stage(b.stage);
                        let inc = match stage.bonus {
                            Bonus::Increment(ms) => ms,
                            Bonus::Bronstein(ms) => {
                                // Bronstein returns the time used this turn, up to its cap.
                                let used = b.spent_ms - turn_start_spent[mover.index()];
                                ms.min(used)
                            }
                            _ => 0,
                        };
                        assert_eq!(a.bonus_ms, b.bonus_ms + inc);
                        let next = if b.moves_owed == Some(1) {
                            assert_eq!(a.stage_number, b.stage_number + 1);
                            ctl.stage(ctl.next_index(b.stage)).time_ms
                        } else {
                            assert_eq!(a.stage_number, b.stage_number);
                            0
                        };
                        assert_eq!(a.remaining_ms, b.remaining_ms + inc + next);
                        assert_eq!(a.spent_ms, b.spent_ms);
                        assert_eq!(
                            after[mover.other().index()].moves,
                            now[mover.other().index()].moves
                        );
                        assert_eq!(clock.running(t), Some(mover.other()));
                        let other = mover.other().index();
                        turn_start_spent[other] = after[other].spent_ms;
                    }
                    Status::Paused(_) => assert_eq!(res, Err(ClockError::Paused)),
                    Status::Flagged(f) => assert_eq!(res, Err(ClockError::FlagFallen(f))),
                    _ => unreachable!(),
                }
            }
            60..=69 => {
                let res = if matches!(status, Status::Paused(_)) {
                    clock.resume(t)
                } else {
                    clock.pause(t)
                };
                match status {
                    Status::Flagged(f) => assert_eq!(res, Err(ClockError::FlagFallen(f))),
                    _ => res.unwrap(),
                }
                // Only whether the time runs changes.
                let mut after = side(&clock, t);
                for (a, n) in after.iter_mut().zip(&now) {
                    a.running = n.running;
                }
                assert_eq!(after, now);
            }
            70..=81 if !with_undo => {
                let color = if rng.below(2) == 0 { Red } else { Black };
                let ms = rng.below(60 * scale as usize) as u64;
                let set = rng.below(3) == 0;
                let res = if set {
                    clock.set_time(t, color, ms)
                } else {
                    clock.add_time(t, color, ms)
                };
                if let Status::Flagged(f) = status {
                    assert_eq!(res, Err(ClockError::FlagFallen(f)));
                    continue;
                }
                res.unwrap();
                let (b, a) = (&now[color.index()], &side(&clock, t)[color.index()]);
                let want = if set { ms } else { b.remaining_ms + ms };
                assert_eq!(a.remaining_ms, want);
                assert_eq!((a.spent_ms, a.moves), (b.spent_ms, b.moves));
                if let Some(adj) = adjust[color.index()].as_mut() {
                    *adj += a.remaining_ms as i128 - b.remaining_ms as i128;
                }
            }
            70..=81 => {
                let had = clock
                    .history()
                    .iter()
                    .any(|e| matches!(e, ClockEvent::Press { .. }));
                let res = clock.undo_press(t);
                if !had {
                    assert_eq!(res, Err(ClockError::NothingToUndo));
                    continue;
                }
                res.unwrap();
                let after = side(&clock, t);
                let moves = |r: &[SideReading; 2]| r[0].moves + r[1].moves;
                assert_eq!(moves(&after), moves(&now) - 1);
                // Running time moves between the sides: the refold runs the clock through the
                // same running intervals, up to its own flag fall if one comes.
                let total_after = after[0].spent_ms + after[1].spent_ms;
                let end = clock.flag(t).map_or(t, |f| f.at_ms);
                let h = clock.history();
                assert_eq!(total_after, running_time(h, end));
                // The side on turn again began its turn at the press before (or the start).
                let began = h
                    .iter()
                    .rev()
                    .find(|e| matches!(e, ClockEvent::Press { .. } | ClockEvent::Start { .. }))
                    .map_or(0, ClockEvent::at_ms);
                let mover = clock.turn().index();
                turn_start_spent[mover] =
                    after[mover].spent_ms - (running_time(h, end) - running_time(h, began));
                if !matches!(status, Status::Flagged(_)) && clock.flag(t).is_none() {
                    assert_eq!(total_after, total, "no time is created or lost");
                }
                clock_time = total_after;
            }
            82..=83 => {
                let res = clock.finish(t);
                let flag = clock.flag(t);
                assert_eq!(res, Ok(flag));
                if let Status::Flagged(f) = status {
                    assert_eq!(flag, Some(f));
                }
                // Frozen for good: no later flag (rule 22.5), no more events.
                let frozen = side(&clock, t);
                assert_eq!(side(&clock, t + 10 * scale), frozen);
                assert_eq!(clock.flag(t + 10 * scale), flag);
                assert_eq!(clock.press(t + 1), Err(ClockError::Finished));
                check_stage_and_bonus(&clock, &frozen, &adjust);
                break;
            }
            _ => {
                // A save and reload later: the same clock.
                let json = serde_json::to_string(&clock).unwrap();
                let back: Clock = serde_json::from_str(&json).unwrap();
                assert_eq!(back, clock);
            }
        }
        check_stage_and_bonus(&clock, &side(&clock, t), &adjust);
    }
    (presses, flags)
}

#[test]
fn random_sequences_keep_time_exact() {
    let (mut presses, mut flags) = (0, 0);
    for seed in 0..500 {
        let (p, f) = run_sequence(seed, false);
        presses += p;
        flags += f;
    }
    // The sequences reach the interesting places.
    assert!(presses > 5_000, "{presses}");
    assert!(flags > 50, "{flags}");
}

#[test]
fn random_sequences_with_undo_keep_time_exact() {
    let (mut presses, mut flags) = (0, 0);
    for seed in 1_000..1_500 {
        let (p, f) = run_sequence(seed, true);
        presses += p;
        flags += f;
    }
    assert!(presses > 5_000, "{presses}");
    assert!(flags > 50, "{flags}");
}
