//! A game at the board: the record, the ply being shown (for stepping through) and a redo stack.
//!
//! The UI only calls these methods; what "play from an earlier position" or "takeback" means is
//! decided here, so it is tested natively.

use super::game::{Game, GameRecord, RecordError};
use super::position::{Move, PlayError, Position};
use std::fmt;

/// The board's game: a [`Game`], the ply shown, and the moves taken back (for redo).
#[derive(Clone, Debug)]
pub struct Session {
    game: Game,
    view: usize,
    redo: Vec<Move>,
}

/// What happened when a move was entered on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entered {
    /// The move was played at the end of the game.
    Played,
    /// The move was the game's next move from the shown ply: the view stepped forward.
    SteppedForward,
    /// Later moves were cut and the move was played.
    CutAndPlayed,
}

/// Why a move entered on the board was not played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EnterError {
    /// The move is illegal in the shown position.
    Illegal(PlayError),
    /// An earlier position is shown and `later` moves would be cut: ask the user first.
    WouldCut {
        /// How many plies would be removed.
        later: usize,
    },
}

impl fmt::Display for EnterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EnterError::Illegal(e) => write!(f, "{e}"),
            EnterError::WouldCut { later } => {
                write!(f, "playing here removes the {later} later moves")
            }
        }
    }
}

impl std::error::Error for EnterError {}

/// The saved form of a session (localStorage, versioned).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SavedSession {
    /// Format version, currently 1.
    pub version: u32,
    /// The game record.
    pub game: GameRecord,
    /// The ply shown.
    pub view: usize,
    /// Moves taken back, in ICCS, last taken back last.
    #[serde(default)]
    pub redo: Vec<String>,
}

/// Why a saved session cannot be restored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RestoreError {
    /// The text is not the JSON of a saved session.
    Json(String),
    /// A version this app does not know.
    Version(u32),
    /// The game in it does not replay.
    Record(RecordError),
}

impl fmt::Display for RestoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RestoreError::Json(e) => write!(f, "the saved game is not readable: {e}"),
            RestoreError::Version(v) => write!(f, "the saved game has unknown format version {v}"),
            RestoreError::Record(e) => write!(f, "the saved game does not replay: {e}"),
        }
    }
}

impl std::error::Error for RestoreError {}

impl Session {
    /// A session over `game`, showing its last position.
    pub fn new(game: Game) -> Session {
        let view = game.ply();
        Session {
            game,
            view,
            redo: Vec::new(),
        }
    }

    /// A new game from `start`.
    pub fn from_position(start: Position) -> Session {
        Session::new(Game::new(start))
    }

    /// The game record.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game, for actions that are not moves (draw offers, resignation, time-out).
    pub fn game_mut(&mut self) -> &mut Game {
        &mut self.game
    }

    /// The ply shown (0 = start position).
    pub fn view(&self) -> usize {
        self.view
    }

    /// Whether the last position is shown.
    pub fn at_end(&self) -> bool {
        self.view == self.game.ply()
    }

    /// The position shown.
    pub fn shown(&self) -> &Position {
        self.game
            .position_at(self.view)
            .unwrap_or_else(|| self.game.position())
    }

    /// The move that led to the shown position.
    pub fn last_move(&self) -> Option<Move> {
        self.view
            .checked_sub(1)
            .and_then(|i| self.game.moves().get(i).copied())
    }

    /// Shows ply `ply` (clamped to the game).
    pub fn go_to(&mut self, ply: usize) {
        self.view = ply.min(self.game.ply());
    }

    /// One ply back; false at the start.
    pub fn back(&mut self) -> bool {
        let moved = self.view > 0;
        self.view = self.view.saturating_sub(1);
        moved
    }

    /// One ply forward; false at the end.
    pub fn forward(&mut self) -> bool {
        let moved = self.view < self.game.ply();
        self.go_to(self.view + 1);
        moved
    }

    /// Enters `m` on the shown position. From an earlier position, the game's own next move just
    /// steps forward; any other move needs `cut_confirmed`, then cuts the later moves.
    pub fn enter(&mut self, m: Move, cut_confirmed: bool) -> Result<Entered, EnterError> {
        if !self.at_end() {
            if self.game.moves().get(self.view) == Some(&m) {
                self.view += 1;
                return Ok(Entered::SteppedForward);
            }
            self.shown().clone().play(m).map_err(EnterError::Illegal)?;
            let later = self.game.ply() - self.view;
            if !cut_confirmed {
                return Err(EnterError::WouldCut { later });
            }
            while self.game.ply() > self.view {
                self.game.undo();
            }
            self.game.play(m).map_err(EnterError::Illegal)?;
            self.view = self.game.ply();
            self.redo.clear();
            return Ok(Entered::CutAndPlayed);
        }
        self.game.play(m).map_err(EnterError::Illegal)?;
        self.view = self.game.ply();
        self.redo.clear();
        Ok(Entered::Played)
    }

    /// Takes back the last move of the game (it can be redone); false if there is none.
    pub fn takeback(&mut self) -> bool {
        match self.game.undo() {
            Some(m) => {
                self.redo.push(m);
                self.view = self.game.ply();
                true
            }
            None => false,
        }
    }

    /// Replays the last move taken back; false if there is none (or it no longer applies).
    pub fn redo(&mut self) -> bool {
        let Some(m) = self.redo.pop() else {
            return false;
        };
        if self.game.play(m).is_err() {
            self.redo.clear();
            return false;
        }
        self.view = self.game.ply();
        true
    }

    /// Whether a takeback can be redone.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// The saved form.
    pub fn save(&self) -> SavedSession {
        SavedSession {
            version: 1,
            game: self.game.record(),
            view: self.view,
            redo: self.redo.iter().map(|m| m.to_string()).collect(),
        }
    }

    /// The saved form as JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.save()).unwrap_or_default()
    }

    /// Restores a session from its JSON; any defect is an `Err`, never a panic.
    pub fn from_json(json: &str) -> Result<Session, RestoreError> {
        let saved: SavedSession =
            serde_json::from_str(json).map_err(|e| RestoreError::Json(e.to_string()))?;
        if saved.version != 1 {
            return Err(RestoreError::Version(saved.version));
        }
        let game = Game::from_record(&saved.game).map_err(RestoreError::Record)?;
        let redo = saved
            .redo
            .iter()
            .filter_map(|s| Move::from_iccs(s))
            .collect();
        let view = saved.view.min(game.ply());
        Ok(Session { game, view, redo })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(s: &str) -> Move {
        Move::from_iccs(s).unwrap()
    }

    fn session(moves: &[&str]) -> Session {
        let mut s = Session::from_position(Position::start());
        for m in moves {
            assert_eq!(s.enter(mv(m), false), Ok(Entered::Played));
        }
        s
    }

    #[test]
    fn stepping_and_playing_from_an_earlier_position() {
        let mut s = session(&["h2e2", "h9g7", "h0g2"]);
        assert!(s.back() && s.back());
        assert_eq!(s.view(), 1);
        assert_eq!(s.last_move(), Some(mv("h2e2")));
        // The game's own next move only steps forward.
        assert_eq!(s.enter(mv("h9g7"), false), Ok(Entered::SteppedForward));
        s.back();
        // Another move asks before cutting the two later moves.
        assert_eq!(
            s.enter(mv("b9c7"), false),
            Err(EnterError::WouldCut { later: 2 })
        );
        assert_eq!(s.game().ply(), 3);
        assert_eq!(s.enter(mv("b9c7"), true), Ok(Entered::CutAndPlayed));
        assert_eq!(s.game().ply(), 2);
        assert!(s.at_end());
        assert!(matches!(
            s.enter(mv("a0a5"), false),
            Err(EnterError::Illegal(PlayError::PathBlocked))
        ));
    }

    #[test]
    fn takeback_and_redo() {
        let mut s = session(&["h2e2", "h9g7"]);
        assert!(s.takeback());
        assert_eq!(s.game().ply(), 1);
        assert!(s.can_redo());
        assert!(s.redo());
        assert_eq!(s.game().moves().last(), Some(&mv("h9g7")));
        assert!(!s.redo());
        s.takeback();
        s.enter(mv("b9c7"), false).unwrap();
        assert!(!s.can_redo(), "a new move clears the redo stack");
    }

    #[test]
    fn saves_and_restores_and_rejects_corrupt_state() {
        let mut s = session(&["h2e2", "h9g7", "h0g2"]);
        s.back();
        let restored = Session::from_json(&s.to_json()).unwrap();
        assert_eq!(restored.view(), 2);
        assert_eq!(restored.game().moves(), s.game().moves());
        assert!(matches!(
            Session::from_json("{not json"),
            Err(RestoreError::Json(_))
        ));
        let future = s.to_json().replace("\"version\":1", "\"version\":9");
        assert_eq!(
            Session::from_json(&future).unwrap_err(),
            RestoreError::Version(9)
        );
        let bad = s.to_json().replace("h0g2", "h0h5");
        assert!(matches!(
            Session::from_json(&bad),
            Err(RestoreError::Record(_))
        ));
    }
}
