//! What the buttons of a standalone clock do, by the clock's state: a player's half starts the
//! opponent's time before the game and ends the player's own turn during it; pressing the other
//! half does nothing, as on a real clock.

use super::{Clock, ClockError, Status};
use crate::color::Color;

/// A control of the standalone clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Button {
    /// A side's half (or its Shift key).
    Press(Color),
    /// The space bar: the running side presses; before the game, Red's time starts.
    Space,
    /// The arbiter pauses, or resumes a paused clock.
    PauseOrResume,
    /// Takes back the last press.
    Undo,
    /// The game is over: the clock stops (rule 22.5).
    Finish,
}

impl Button {
    /// Applies the button to `clock` at `now_ms`.
    ///
    /// ```
    /// use xiangqi_club::clock::{Button, Clock, Preset, Status};
    /// use xiangqi_club::xiangqi::Color;
    /// let mut c = Clock::from_preset(Preset::Fischer5_3);
    /// Button::Press(Color::Black).apply(&mut c, 0).unwrap(); // Black presses: Red's time runs
    /// assert_eq!(c.status(1), Status::Running(Color::Red));
    /// Button::Press(Color::Black).apply(&mut c, 2).unwrap(); // not Black's turn: nothing
    /// assert_eq!(c.status(3), Status::Running(Color::Red));
    /// ```
    pub fn apply(self, c: &mut Clock, now_ms: u64) -> Result<(), ClockError> {
        let t = now_ms;
        match (self, c.status(t)) {
            (Button::Press(side), Status::NotStarted) => c.start(t, side.other()),
            (Button::Space, Status::NotStarted) => c.start(t, Color::Red),
            (Button::Press(side), Status::Running(s)) if s == side => c.press(t),
            (Button::Space, Status::Running(_)) => c.press(t),
            (Button::Press(_) | Button::Space, _) => Ok(()),
            (Button::PauseOrResume, Status::Paused(_)) => c.resume(t),
            (Button::PauseOrResume, _) => c.pause(t),
            (Button::Undo, _) => c.undo_press(t),
            (Button::Finish, _) => c.finish(t).map(|_| ()),
        }
    }
}
