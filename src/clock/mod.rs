//! The game clock (article 6, rules 4.1.4, 21.1, 22.1, 22.5): a pure two-sided chess clock.
//!
//! Time is never read here: every event carries `now_ms`, a millisecond timestamp from any
//! monotonic source, and every reading is taken at a given instant. The clock keeps the running
//! side's turn as "elapsed before" plus "running since", so a clock saved while running and
//! restored later charges the time in between to the side to move. The state is a fold over the
//! event history, which is what is saved; undoing a press refolds the history without it.

mod button;
mod control;
mod format;
pub mod link;
mod preset;
mod words;

pub use button::Button;
pub use control::{Bonus, Byoyomi, Control, ControlError, Stage, MAX_TIME_MS};
pub use format::format_ms;
use link::ClockLinkError;
pub use preset::{ParsePresetError, Preset};
pub use words::SideInfo;

use crate::color::Color;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A flag fall: `side` ran out of time at `at_ms` (rules 4.1.4 and 22.1: lost on time).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Flag {
    /// Who ran out.
    pub side: Color,
    /// When the time ran out.
    pub at_ms: u64,
}

/// Something that happened to the clock, with its timestamp; the history is a list of these.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ClockEvent {
    /// The game began; `first`'s clock runs (even if that player is late, rule 21.1).
    Start {
        /// When.
        at_ms: u64,
        /// The side to move first (Red in a game from the opening position).
        first: Color,
    },
    /// The side to move completed a move and pressed.
    Press {
        /// When.
        at_ms: u64,
    },
    /// The arbiter stopped both clocks.
    Pause {
        /// When.
        at_ms: u64,
    },
    /// The arbiter restarted the clock of the side to move.
    Resume {
        /// When.
        at_ms: u64,
    },
    /// The arbiter gave `side` `ms` more main time.
    AddTime {
        /// When.
        at_ms: u64,
        /// Whose time.
        side: Color,
        /// How much.
        ms: u64,
    },
    /// The arbiter set `side`'s main time to `ms`.
    SetTime {
        /// When.
        at_ms: u64,
        /// Whose time.
        side: Color,
        /// The new main time.
        ms: u64,
    },
    /// The game ended on the board (mate, stalemate, resignation, agreed draw): rule 22.5.
    Finish {
        /// When.
        at_ms: u64,
    },
}

impl ClockEvent {
    /// When the event happened.
    pub fn at_ms(&self) -> u64 {
        match *self {
            ClockEvent::Start { at_ms, .. }
            | ClockEvent::Press { at_ms }
            | ClockEvent::Pause { at_ms }
            | ClockEvent::Resume { at_ms }
            | ClockEvent::AddTime { at_ms, .. }
            | ClockEvent::SetTime { at_ms, .. }
            | ClockEvent::Finish { at_ms } => at_ms,
        }
    }
}

/// Why the clock refused an event; the clock is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClockError {
    /// The timestamp is earlier than one the clock has already seen.
    TimeWentBackwards {
        /// The latest timestamp seen.
        last_ms: u64,
        /// The one given.
        now_ms: u64,
    },
    /// Start on a clock that has started.
    AlreadyStarted,
    /// Press, pause, resume, undo or finish before the start.
    NotStarted,
    /// Press or pause while the arbiter has paused the clock.
    Paused,
    /// Resume while the clock is running.
    NotPaused,
    /// Any event after [`Clock::finish`].
    Finished,
    /// The flag of the side to move has fallen; only finish and undo remain.
    FlagFallen(Flag),
    /// Undo with no press to undo.
    NothingToUndo,
    /// An arbiter's time above [`MAX_TIME_MS`].
    TooLong {
        /// The time given.
        ms: u64,
    },
    /// A saved clock whose history does not replay.
    BadHistory {
        /// Index of the first event that fails.
        index: usize,
        /// Why it fails.
        reason: Box<ClockError>,
    },
}

impl fmt::Display for ClockError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClockError::TimeWentBackwards { last_ms, now_ms } => write!(
                f,
                "time went backwards: {now_ms} ms is before the last event at {last_ms} ms"
            ),
            ClockError::AlreadyStarted => write!(f, "the clock has already started"),
            ClockError::NotStarted => write!(f, "the clock has not started"),
            ClockError::Paused => write!(f, "the clock is paused; resume it first"),
            ClockError::NotPaused => write!(f, "the clock is not paused"),
            ClockError::Finished => write!(f, "the game is over; the clock is stopped"),
            ClockError::FlagFallen(flag) => write!(
                f,
                "{}'s flag fell at {} ms: lost on time (rule 22.1)",
                flag.side.english(),
                flag.at_ms
            ),
            ClockError::NothingToUndo => write!(f, "there is no press to undo"),
            ClockError::TooLong { ms } => write!(
                f,
                "{ms} ms is more than the {} hours a clock may hold",
                MAX_TIME_MS / 3_600_000
            ),
            ClockError::BadHistory { index, reason } => {
                write!(f, "saved clock history fails at event {index}: {reason}")
            }
        }
    }
}

impl std::error::Error for ClockError {}

/// Where the clock is at an instant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Set up, not started.
    NotStarted,
    /// `0`'s time is running.
    Running(Color),
    /// The arbiter paused the clock during `0`'s turn.
    Paused(Color),
    /// A flag has fallen and the game was not finished before it.
    Flagged(Flag),
    /// Stopped by [`Clock::finish`]; `flag` is a fall before the finish, which then decides the game.
    Finished {
        /// When the game ended.
        at_ms: u64,
        /// A flag that fell before that, if any.
        flag: Option<Flag>,
    },
}

impl Status {
    /// A game is under way (running or paused): the clock must not be replaced or reset.
    ///
    /// ```
    /// use xiangqi_club::{clock::Status, color::Color};
    /// assert!(Status::Paused(Color::Red).in_play());
    /// assert!(!Status::NotStarted.in_play());
    /// ```
    pub const fn in_play(self) -> bool {
        matches!(self, Status::Running(_) | Status::Paused(_))
    }
}

/// One side's clock face and counters at an instant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SideReading {
    /// Main time left (0 once in byo-yomi).
    pub remaining_ms: u64,
    /// Simple delay still to run before the main time counts down this turn.
    pub delay_left_ms: u64,
    /// Whether the main time is gone and byo-yomi periods are counting.
    pub in_byoyomi: bool,
    /// Byo-yomi periods left, the current one included.
    pub periods_left: u32,
    /// Time left in the current byo-yomi period (a full period before byo-yomi starts).
    pub period_left_ms: u64,
    /// All the time left before the flag falls: delay, main time and byo-yomi periods.
    pub left_ms: u64,
    /// Whether this side's time is running now.
    pub running: bool,
    /// Whether this side's flag has fallen.
    pub flagged: bool,
    /// Moves completed (presses).
    pub moves: u32,
    /// Index of the current stage in this side's [`Control`].
    pub stage: usize,
    /// Which stage this is counting repeats of the last one, from 1.
    pub stage_number: u32,
    /// Moves still owed in the stage before its time runs out (rule 22.1); `None` in sudden death.
    pub moves_owed: Option<u32>,
    /// Total thinking time charged to this side.
    pub spent_ms: u64,
    /// Total increment and Bronstein time received.
    pub bonus_ms: u64,
}

impl SideReading {
    /// What the face shows: the main time, or the current byo-yomi period once in byo-yomi.
    pub fn face_ms(&self) -> u64 {
        if self.in_byoyomi {
            self.period_left_ms
        } else {
            self.remaining_ms
        }
    }
}

/// A side's counters between turns.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Side {
    /// Main time at the start of the turn (arbiter changes folded in).
    remaining: u64,
    periods: u32,
    moves: u32,
    stage: usize,
    stage_number: u32,
    stage_moves: u32,
    spent: u64,
    bonus: u64,
}

impl Side {
    fn new(control: &Control) -> Side {
        let first = control.stage(0);
        Side {
            remaining: first.time_ms,
            periods: first.byoyomi.map_or(0, |b| b.periods),
            moves: 0,
            stage: 0,
            stage_number: 1,
            stage_moves: 0,
            spent: 0,
            bonus: 0,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    NotStarted,
    Running { since: u64 },
    Paused,
    Finished { at: u64, flag: Option<Flag> },
}

/// The folded state: both sides, whose turn, and how much of the turn has run.
#[derive(Clone, Debug, PartialEq, Eq)]
struct State {
    sides: [Side; 2],
    turn: Color,
    /// Running time of the current turn before `since` (pauses excluded).
    used: u64,
    phase: Phase,
}

/// A turn's accounting after `e` ms of thinking.
struct Charge {
    remaining: u64,
    delay_left: u64,
    in_byoyomi: bool,
    periods: u32,
    period_left: u64,
}

impl State {
    fn new(controls: &[Control; 2]) -> State {
        State {
            sides: [Side::new(&controls[0]), Side::new(&controls[1])],
            turn: Color::Red,
            used: 0,
            phase: Phase::NotStarted,
        }
    }

    /// Thinking time the turn may take before the flag falls.
    fn budget(&self, controls: &[Control; 2]) -> u64 {
        self.budget_of(controls, self.turn)
    }

    /// Thinking time `color`'s turn may take, counted from the turn's start.
    fn budget_of(&self, controls: &[Control; 2], color: Color) -> u64 {
        let side = &self.sides[color.index()];
        let stage = controls[color.index()].stage(side.stage);
        let byo = stage.byoyomi.map_or(0, |b| b.period_ms) * u64::from(side.periods);
        stage.delay_ms() + side.remaining + byo
    }

    /// When the flag of the side to move falls, if its time is running.
    fn flag_time(&self, controls: &[Control; 2]) -> Option<Flag> {
        match self.phase {
            Phase::Running { since } => Some(Flag {
                side: self.turn,
                at_ms: since.saturating_add(self.budget(controls).saturating_sub(self.used)),
            }),
            _ => None,
        }
    }

    /// A fallen flag at `now` (a running clock past its budget, or one recorded at finish).
    fn flag(&self, controls: &[Control; 2], now: u64) -> Option<Flag> {
        match self.phase {
            Phase::Finished { flag, .. } => flag,
            _ => self.flag_time(controls).filter(|f| f.at_ms <= now),
        }
    }

    /// Thinking time of the current turn at `now`, capped at the flag fall.
    fn elapsed(&self, controls: &[Control; 2], now: u64) -> u64 {
        let e = match self.phase {
            Phase::NotStarted => 0,
            Phase::Running { since } => self.used + now.saturating_sub(since),
            Phase::Paused | Phase::Finished { .. } => self.used,
        };
        e.min(self.budget(controls))
    }

    /// The turn's accounting for `color` after `e` ms of thinking (0 if it is not its turn).
    fn charge(&self, controls: &[Control; 2], color: Color, e: u64) -> Charge {
        let side = &self.sides[color.index()];
        let stage = controls[color.index()].stage(side.stage);
        let period = stage.byoyomi.map_or(0, |b| b.period_ms);
        let delay = stage.delay_ms();
        let thinking = e.saturating_sub(delay);
        let mut c = Charge {
            remaining: side.remaining.saturating_sub(thinking),
            delay_left: delay.saturating_sub(e),
            in_byoyomi: false,
            periods: side.periods,
            period_left: if side.periods > 0 { period } else { 0 },
        };
        if thinking >= side.remaining && side.periods > 0 {
            let over = thinking - side.remaining;
            let lost = over / period;
            c.in_byoyomi = true;
            if lost >= u64::from(side.periods) {
                c.periods = 0;
                c.period_left = 0;
            } else {
                c.periods = side.periods - lost as u32;
                c.period_left = period - over % period;
            }
        }
        c
    }

    /// Sets `color`'s main time as shown at `now` to `ms`; a byo-yomi period under way restarts.
    fn set_main(&mut self, controls: &[Control; 2], color: Color, ms: u64, now: u64) {
        let on_turn = color == self.turn && self.phase != Phase::NotStarted;
        let e = if on_turn {
            self.elapsed(controls, now)
        } else {
            0
        };
        let c = self.charge(controls, color, e);
        let delay = controls[color.index()]
            .stage(self.sides[color.index()].stage)
            .delay_ms();
        let side = &mut self.sides[color.index()];
        side.periods = c.periods;
        // Main time counts down from the turn's start, so what has been thought is added back.
        side.remaining = e.saturating_sub(delay) + ms;
    }

    /// Applies `ev` if it is allowed now; on error nothing changes.
    fn apply(&mut self, controls: &[Control; 2], ev: &ClockEvent) -> Result<(), ClockError> {
        let now = ev.at_ms();
        if let ClockEvent::Start { first, .. } = *ev {
            if self.phase != Phase::NotStarted {
                return Err(match self.phase {
                    Phase::Finished { .. } => ClockError::Finished,
                    _ => ClockError::AlreadyStarted,
                });
            }
            self.turn = first;
            self.used = 0;
            self.phase = Phase::Running { since: now };
            return Ok(());
        }
        if let Phase::Finished { .. } = self.phase {
            return Err(ClockError::Finished);
        }
        if let ClockEvent::Finish { .. } = ev {
            let flag = self.flag(controls, now);
            self.phase = match self.phase {
                Phase::NotStarted => return Err(ClockError::NotStarted),
                Phase::Running { since } => {
                    let end = flag.map_or(now, |f| f.at_ms);
                    self.used += end.saturating_sub(since);
                    Phase::Finished { at: now, flag }
                }
                _ => Phase::Finished { at: now, flag },
            };
            return Ok(());
        }
        if let Some(flag) = self.flag(controls, now) {
            return Err(ClockError::FlagFallen(flag));
        }
        match *ev {
            ClockEvent::Press { .. } => {
                let since = match self.phase {
                    Phase::Running { since } => since,
                    Phase::Paused => return Err(ClockError::Paused),
                    _ => return Err(ClockError::NotStarted),
                };
                self.complete_move(controls, self.used + now.saturating_sub(since));
                self.turn = self.turn.other();
                self.used = 0;
                self.phase = Phase::Running { since: now };
            }
            ClockEvent::Pause { .. } => match self.phase {
                Phase::Running { since } => {
                    self.used += now.saturating_sub(since);
                    self.phase = Phase::Paused;
                }
                Phase::Paused => return Err(ClockError::Paused),
                _ => return Err(ClockError::NotStarted),
            },
            ClockEvent::Resume { .. } => match self.phase {
                Phase::Paused => self.phase = Phase::Running { since: now },
                Phase::Running { .. } => return Err(ClockError::NotPaused),
                _ => return Err(ClockError::NotStarted),
            },
            ClockEvent::AddTime { side, ms, .. } => {
                if ms > MAX_TIME_MS {
                    return Err(ClockError::TooLong { ms });
                }
                let e = if side == self.turn {
                    self.elapsed(controls, now)
                } else {
                    0
                };
                let shown = self.charge(controls, side, e).remaining;
                self.set_main(controls, side, shown + ms, now);
            }
            ClockEvent::SetTime { side, ms, .. } => {
                if ms > MAX_TIME_MS {
                    return Err(ClockError::TooLong { ms });
                }
                self.set_main(controls, side, ms, now);
            }
            ClockEvent::Start { .. } | ClockEvent::Finish { .. } => {}
        }
        Ok(())
    }

    /// The state after `history`. Events after a flag fall are moot and skipped: they were
    /// accepted before an undone press moved the fall earlier, and count again if a further undo
    /// moves it back.
    fn fold(controls: &[Control; 2], history: &[ClockEvent]) -> Result<State, ClockError> {
        let mut state = State::new(controls);
        let mut last = 0;
        for (index, ev) in history.iter().enumerate() {
            let bad = |reason| ClockError::BadHistory {
                index,
                reason: Box::new(reason),
            };
            if ev.at_ms() < last {
                return Err(bad(ClockError::TimeWentBackwards {
                    last_ms: last,
                    now_ms: ev.at_ms(),
                }));
            }
            last = ev.at_ms();
            match state.apply(controls, ev) {
                Ok(()) | Err(ClockError::FlagFallen(_)) => {}
                Err(reason) => return Err(bad(reason)),
            }
        }
        Ok(state)
    }

    /// Charges the side to move `e` ms for a completed move, then adds its bonus and, at the
    /// stage's move count, the next stage's time (unused time carries over).
    fn complete_move(&mut self, controls: &[Control; 2], e: u64) {
        let color = self.turn;
        let c = self.charge(controls, color, e);
        let control = &controls[color.index()];
        let side = &mut self.sides[color.index()];
        let stage = *control.stage(side.stage);
        side.remaining = c.remaining;
        side.periods = c.periods;
        side.spent += e;
        side.moves += 1;
        side.stage_moves += 1;
        let bonus = match stage.bonus {
            Bonus::Increment(ms) => ms,
            Bonus::Bronstein(ms) => ms.min(e),
            Bonus::None | Bonus::Delay(_) => 0,
        };
        side.remaining = side.remaining.saturating_add(bonus);
        side.bonus += bonus;
        if stage.moves == Some(side.stage_moves) {
            side.stage = control.next_index(side.stage);
            side.stage_number += 1;
            side.stage_moves = 0;
            let next = control.stage(side.stage);
            side.remaining = side.remaining.saturating_add(next.time_ms);
            side.periods = next.byoyomi.map_or(0, |b| b.periods);
        }
    }
}

/// A two-sided game clock. Build it from each side's [`Control`], feed it events with their
/// timestamps, and read it at any instant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Record", into = "Record")]
pub struct Clock {
    controls: [Control; 2],
    history: Vec<ClockEvent>,
    last_ms: u64,
    state: State,
}

/// What is saved: the controls and the history; the state is refolded (and so checked) on load.
#[derive(Serialize, Deserialize)]
struct Record {
    red: Control,
    black: Control,
    history: Vec<ClockEvent>,
    last_ms: u64,
}

impl From<Clock> for Record {
    fn from(c: Clock) -> Record {
        let [red, black] = c.controls;
        Record {
            red,
            black,
            history: c.history,
            last_ms: c.last_ms,
        }
    }
}

impl TryFrom<Record> for Clock {
    type Error = ClockError;
    fn try_from(r: Record) -> Result<Clock, ClockError> {
        let controls = [r.red, r.black];
        let state = State::fold(&controls, &r.history)?;
        let last = r.history.last().map_or(0, ClockEvent::at_ms);
        if r.last_ms < last {
            return Err(ClockError::TimeWentBackwards {
                last_ms: last,
                now_ms: r.last_ms,
            });
        }
        Ok(Clock {
            controls,
            state,
            history: r.history,
            last_ms: r.last_ms,
        })
    }
}

impl Clock {
    /// A clock giving both sides `control`.
    pub fn new(control: Control) -> Clock {
        Clock::handicap(control.clone(), control)
    }

    /// A clock with a different control for each side (time handicap).
    pub fn handicap(red: Control, black: Control) -> Clock {
        let controls = [red, black];
        Clock {
            state: State::new(&controls),
            controls,
            history: Vec::new(),
            last_ms: 0,
        }
    }

    /// A clock set to `preset`.
    pub fn from_preset(preset: Preset) -> Clock {
        let [red, black] = preset.controls();
        Clock::handicap(red, black)
    }

    /// `side`'s control.
    pub fn control(&self, side: Color) -> &Control {
        &self.controls[side.index()]
    }

    /// Every event accepted so far, in order (an undone press is gone; events after a flag fall
    /// that an undo brought forward stay, without effect).
    pub fn history(&self) -> &[ClockEvent] {
        &self.history
    }

    /// The latest timestamp the clock has seen; later events must not be earlier. A caller whose
    /// time source may step back (a wall clock after a reload) takes the larger of the two.
    pub fn last_event_ms(&self) -> u64 {
        self.last_ms
    }

    /// The side whose turn it is (whether or not its time runs).
    pub fn turn(&self) -> Color {
        self.state.turn
    }

    /// Starts the game with `first` to move; its time runs from now even if that player is late
    /// (rule 21.1).
    pub fn start(&mut self, now_ms: u64, first: Color) -> Result<(), ClockError> {
        self.record(ClockEvent::Start {
            at_ms: now_ms,
            first,
        })
    }

    /// The side to move has completed a move: charge it, add its bonus, start the other side.
    pub fn press(&mut self, now_ms: u64) -> Result<(), ClockError> {
        self.record(ClockEvent::Press { at_ms: now_ms })
    }

    /// The arbiter stops the clock.
    pub fn pause(&mut self, now_ms: u64) -> Result<(), ClockError> {
        self.record(ClockEvent::Pause { at_ms: now_ms })
    }

    /// The arbiter restarts the clock of the side to move.
    pub fn resume(&mut self, now_ms: u64) -> Result<(), ClockError> {
        self.record(ClockEvent::Resume { at_ms: now_ms })
    }

    /// The arbiter gives `side` `ms` more main time.
    pub fn add_time(&mut self, now_ms: u64, side: Color, ms: u64) -> Result<(), ClockError> {
        self.record(ClockEvent::AddTime {
            at_ms: now_ms,
            side,
            ms,
        })
    }

    /// The arbiter sets `side`'s main time to `ms`.
    pub fn set_time(&mut self, now_ms: u64, side: Color, ms: u64) -> Result<(), ClockError> {
        self.record(ClockEvent::SetTime {
            at_ms: now_ms,
            side,
            ms,
        })
    }

    /// Stops the clock for good because the game ended on the board (mate, stalemate,
    /// resignation, agreed draw). A flag that falls later does not count (rule 22.5); one that
    /// fell before is returned, and then the game is lost on time.
    pub fn finish(&mut self, now_ms: u64) -> Result<Option<Flag>, ClockError> {
        self.record(ClockEvent::Finish { at_ms: now_ms })?;
        Ok(self.state.flag(&self.controls, now_ms))
    }

    /// Takes back the last press, as if it had never happened: the side that pressed is on turn
    /// again and is charged all the running time since its turn began (it was still thinking).
    /// Should that exhaust its time, its flag has fallen when it would have, and later events
    /// lose their effect.
    pub fn undo_press(&mut self, now_ms: u64) -> Result<(), ClockError> {
        self.check_time(now_ms)?;
        match self.state.phase {
            Phase::NotStarted => return Err(ClockError::NotStarted),
            Phase::Finished { .. } => return Err(ClockError::Finished),
            _ => {}
        }
        let undone = self
            .history
            .iter()
            .rposition(|e| matches!(e, ClockEvent::Press { .. }))
            .ok_or(ClockError::NothingToUndo)?;
        let mut history = self.history.clone();
        history.remove(undone);
        self.state = State::fold(&self.controls, &history)?;
        self.history = history;
        self.last_ms = now_ms;
        Ok(())
    }

    /// Where the clock is at `now_ms`.
    pub fn status(&self, now_ms: u64) -> Status {
        let now = now_ms.max(self.last_ms);
        match self.state.phase {
            Phase::NotStarted => Status::NotStarted,
            Phase::Paused => Status::Paused(self.state.turn),
            Phase::Finished { at, flag } => Status::Finished { at_ms: at, flag },
            Phase::Running { .. } => match self.state.flag(&self.controls, now) {
                Some(flag) => Status::Flagged(flag),
                None => Status::Running(self.state.turn),
            },
        }
    }

    /// The side whose time runs at `now_ms`, if any.
    pub fn running(&self, now_ms: u64) -> Option<Color> {
        match self.status(now_ms) {
            Status::Running(side) => Some(side),
            _ => None,
        }
    }

    /// A flag that has fallen by `now_ms` and counts (not after a finish: rule 22.5).
    pub fn flag(&self, now_ms: u64) -> Option<Flag> {
        self.state.flag(&self.controls, now_ms.max(self.last_ms))
    }

    /// When the running side's flag will fall if it does not press; `None` when no time runs.
    pub fn flag_due(&self) -> Option<u64> {
        self.state.flag_time(&self.controls).map(|f| f.at_ms)
    }

    /// `side`'s clock at `now_ms` (instants before the last event read as the last event).
    pub fn side(&self, now_ms: u64, side: Color) -> SideReading {
        let now = now_ms.max(self.last_ms);
        let st = &self.state;
        let on_turn = side == st.turn && st.phase != Phase::NotStarted;
        let e = if on_turn {
            st.elapsed(&self.controls, now)
        } else {
            0
        };
        let c = st.charge(&self.controls, side, e);
        let s = &st.sides[side.index()];
        let stage = self.controls[side.index()].stage(s.stage);
        let flagged = self.flag(now).is_some_and(|f| f.side == side);
        SideReading {
            remaining_ms: c.remaining,
            delay_left_ms: c.delay_left,
            in_byoyomi: c.in_byoyomi,
            periods_left: c.periods,
            period_left_ms: c.period_left,
            left_ms: st.budget_of(&self.controls, side).saturating_sub(e),
            running: on_turn && self.running(now) == Some(side),
            flagged,
            moves: s.moves,
            stage: s.stage,
            stage_number: s.stage_number,
            moves_owed: stage.moves.map(|n| n.saturating_sub(s.stage_moves)),
            spent_ms: s.spent + e,
            bonus_ms: s.bonus,
        }
    }

    fn check_time(&self, now_ms: u64) -> Result<(), ClockError> {
        if now_ms < self.last_ms {
            return Err(ClockError::TimeWentBackwards {
                last_ms: self.last_ms,
                now_ms,
            });
        }
        Ok(())
    }

    fn record(&mut self, ev: ClockEvent) -> Result<(), ClockError> {
        self.check_time(ev.at_ms())?;
        self.state.apply(&self.controls, &ev)?;
        self.history.push(ev);
        self.last_ms = ev.at_ms();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MIN: u64 = 60_000;

    fn ten_minutes() -> Clock {
        Clock::new(Control::sudden_death(10 * MIN).unwrap())
    }

    #[test]
    fn each_refusal_names_its_reason_and_changes_nothing() {
        let mut c = ten_minutes();
        assert_eq!(c.press(5), Err(ClockError::NotStarted));
        assert_eq!(c.pause(5), Err(ClockError::NotStarted));
        assert_eq!(c.resume(5), Err(ClockError::NotStarted));
        assert_eq!(c.undo_press(5), Err(ClockError::NotStarted));
        assert_eq!(c.finish(5), Err(ClockError::NotStarted));
        c.start(1_000, Color::Red).unwrap();
        assert_eq!(c.start(1_000, Color::Red), Err(ClockError::AlreadyStarted));
        assert_eq!(
            c.press(999),
            Err(ClockError::TimeWentBackwards {
                last_ms: 1_000,
                now_ms: 999
            })
        );
        assert_eq!(c.resume(2_000), Err(ClockError::NotPaused));
        assert_eq!(c.undo_press(2_000), Err(ClockError::NothingToUndo));
        c.pause(3_000).unwrap();
        assert_eq!(c.pause(3_000), Err(ClockError::Paused));
        assert_eq!(c.press(3_000), Err(ClockError::Paused));
        assert_eq!(
            c.add_time(3_000, Color::Red, MAX_TIME_MS + 1),
            Err(ClockError::TooLong {
                ms: MAX_TIME_MS + 1
            })
        );
        let before = c.clone();
        assert!(c.set_time(3_000, Color::Black, u64::MAX).is_err());
        assert_eq!(c, before);
        c.finish(4_000).unwrap();
        for r in [
            c.press(5_000),
            c.pause(5_000),
            c.resume(5_000),
            c.add_time(5_000, Color::Red, 1),
            c.undo_press(5_000),
            c.start(5_000, Color::Red),
            c.finish(5_000).map(|_| ()),
        ] {
            assert_eq!(r, Err(ClockError::Finished));
        }
        assert_eq!(c.history().len(), 3);
    }

    #[test]
    fn errors_read_as_sentences() {
        let flag = Flag {
            side: Color::Black,
            at_ms: 7,
        };
        let all = [
            ClockError::TimeWentBackwards {
                last_ms: 2,
                now_ms: 1,
            },
            ClockError::AlreadyStarted,
            ClockError::NotStarted,
            ClockError::Paused,
            ClockError::NotPaused,
            ClockError::Finished,
            ClockError::FlagFallen(flag),
            ClockError::NothingToUndo,
            ClockError::TooLong { ms: 1 },
            ClockError::BadHistory {
                index: 0,
                reason: Box::new(ClockError::NotStarted),
            },
        ];
        for e in all {
            assert!(e.to_string().len() > 10, "{e:?}");
        }
        assert_eq!(
            ClockError::FlagFallen(flag).to_string(),
            "Black's flag fell at 7 ms: lost on time (rule 22.1)"
        );
    }

    #[test]
    fn a_saved_running_clock_charges_the_reload_gap_to_the_side_to_move() {
        let mut c = Clock::from_preset(Preset::Fischer5_3);
        c.start(10_000, Color::Red).unwrap();
        c.press(20_000).unwrap();
        let json = serde_json::to_string(&c).unwrap();
        let back: Clock = serde_json::from_str(&json).unwrap();
        assert_eq!(back, c);
        // Closed for 60 s: Black was to move, so Black pays it all.
        let black = back.side(80_000, Color::Black);
        assert_eq!(black.remaining_ms, 5 * MIN - 60_000);
        assert!(black.running);
        assert_eq!(back.side(80_000, Color::Red).remaining_ms, 5 * MIN - 7_000);
    }

    #[test]
    fn a_tampered_save_is_refused() {
        let mut c = ten_minutes();
        c.start(0, Color::Red).unwrap();
        c.press(100).unwrap();
        let json = serde_json::to_string(&c).unwrap();
        let bad = json.replace("\"Press\":{\"at_ms\":100}", "\"Resume\":{\"at_ms\":100}");
        assert_ne!(bad, json);
        let err = serde_json::from_str::<Clock>(&bad).unwrap_err().to_string();
        assert!(err.contains("event 1"), "{err}");
        let late = json.replace("\"last_ms\":100", "\"last_ms\":50");
        assert!(serde_json::from_str::<Clock>(&late).is_err());
    }

    #[test]
    fn timestamps_near_the_end_of_u64_do_not_overflow() {
        let mut c = ten_minutes();
        c.start(u64::MAX - 5, Color::Red).unwrap();
        assert_eq!(c.flag_due(), Some(u64::MAX));
        assert_eq!(c.side(u64::MAX, Color::Red).remaining_ms, 10 * MIN - 5);
        c.press(u64::MAX - 1).unwrap();
        assert!(c.side(u64::MAX - 1, Color::Black).running);
    }

    #[test]
    fn readings_before_the_last_event_read_as_the_last_event() {
        let mut c = ten_minutes();
        c.start(0, Color::Red).unwrap();
        c.press(1_000).unwrap();
        assert_eq!(c.side(0, Color::Red), c.side(1_000, Color::Red));
    }
}
