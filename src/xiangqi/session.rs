//! A game at the board: the record, the ply being shown (for stepping through) and a redo stack.
//!
//! The UI only calls these methods; what "play from an earlier position" or "takeback" means is
//! decided here, so it is tested natively.

use super::game::{Game, GameError, GameRecord, RecordError, Verdict};
use super::notation::record::PgnGame;
use super::position::{Move, PlayError, Position};
use super::share::{LinkError, SharedGame};
use crate::clock::{Clock, Flag, Status};
use crate::query::param;
use std::fmt;

/// How the computer answers a draw offer by its own search's view of the position after `ply`
/// plies: the engine's score answers it (`engine::draw`), so the session needs nothing of the
/// engine.
pub trait DrawJudge {
    /// Whether the computer takes the draw.
    fn accepts_draw(&self, ply: usize) -> bool;
}

/// The board's game: a [`Game`], its clock if timed, the ply shown, and the moves taken back.
///
/// Every method that can change whose time runs takes `now_ms`: the session never reads a clock.
#[derive(Clone, Debug)]
pub struct PlaySession {
    game: Game,
    clock: Option<Clock>,
    view: usize,
    redo: Vec<Move>,
    /// The game file's tags (Event, Red, Black, Round, Result, unknown ones …), kept for export.
    tags: Vec<(String, String)>,
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

/// A game file that goes on after the rules ended the game (players who did not claim the move
/// limit, a repetition the arbiter let pass): the board keeps the game up to the verdict and says
/// how many recorded moves it left out, instead of loading nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovesAfterEnd {
    /// The decision the rules reach, and the ply it falls on.
    pub verdict: Verdict,
    /// Recorded moves after that ply, not played on the board.
    pub unplayed: usize,
}

impl fmt::Display for MovesAfterEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the game ended at ply {} ({}); the {} later recorded moves were not played",
            self.verdict.ply,
            self.verdict.explain_en(),
            self.unplayed
        )
    }
}

impl crate::lang::Say for MovesAfterEnd {
    fn say(&self, lang: crate::lang::Lang) -> String {
        match lang {
            crate::lang::Lang::Zh => format!(
                "对局在第 {} 步已结束（{}），其后记录的 {} 步未载入",
                self.verdict.ply,
                self.verdict.explain_zh(),
                self.unplayed
            ),
            crate::lang::Lang::En => self.to_string(),
        }
    }
}

/// What an imported game file holds that the board does not show: its variations and comments
/// (the file keeps them; the board's export writes the main line with its tags).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotShown {
    /// `( … )` variations, nested ones included.
    pub variations: usize,
    /// Comments on the main line (before the first move included).
    pub comments: usize,
}

impl NotShown {
    /// What of `pgn` the board leaves out; `None` when nothing.
    pub fn of(pgn: &PgnGame) -> Option<NotShown> {
        let comments = (0..=pgn.moves().len())
            .filter(|&i| pgn.comment(i).is_some())
            .count();
        let n = NotShown {
            variations: pgn.variations,
            comments,
        };
        (n.variations + n.comments > 0).then_some(n)
    }
}

impl fmt::Display for NotShown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Not shown on this board: the file's variations ({}) and comments ({}); the file keeps them, and the export here writes the main line with the game's tags",
            self.variations, self.comments
        )
    }
}

impl crate::lang::Say for NotShown {
    fn say(&self, lang: crate::lang::Lang) -> String {
        match lang {
            crate::lang::Lang::Zh => format!(
                "棋盘上未显示文件中的变着（{} 个）和注释（{} 条）；原文件仍保留它们，此处导出只写主线和棋局信息",
                self.variations, self.comments
            ),
            crate::lang::Lang::En => self.to_string(),
        }
    }
}

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
    /// The game clock, when the game is timed.
    #[serde(default)]
    pub clock: Option<Clock>,
    /// The imported file's tags as name, value, name, value … (`Result` included while the moves
    /// are the file's); a flat list of strings, which the page's JSON code already handles.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
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

/// Something the user must be told when the board opens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpenNotice {
    /// The saved game could not be restored (its text is to be set aside, never lost).
    Corrupt(RestoreError),
    /// The link's position is invalid: the link was not opened.
    LinkRefused(LinkError),
    /// The link's moves stop at a bad one: the game opened with the `kept` moves before it.
    LinkCut {
        /// How many moves were opened.
        kept: usize,
        /// What is wrong with the next one.
        error: LinkError,
    },
}

/// What the board opens: from the link when it names a game, else the saved game, else a new one.
#[derive(Clone, Debug)]
pub struct Opened {
    /// The game to show.
    pub session: PlaySession,
    /// The saved game a link replaced, when it had moves: to be kept restorable.
    pub replaced: Option<PlaySession>,
    /// What went wrong, in order.
    pub notices: Vec<OpenNotice>,
}

impl PlaySession {
    /// Opens the board for the hash query `query` (`fen=…&moves=…`, see [`SharedGame`]) with the
    /// saved session's JSON `saved`. A link equal to the saved game keeps the saved session (its
    /// clock, events and view); a bad link or save is reported, never silently dropped.
    pub fn open(query: &str, saved: Option<&str>) -> Opened {
        let mut notices = Vec::new();
        let saved = saved.and_then(|json| match PlaySession::from_json(json) {
            Ok(s) => Some(s),
            Err(e) => {
                notices.push(OpenNotice::Corrupt(e));
                None
            }
        });
        let fresh = || PlaySession::from_position(Position::start());
        if param(query, "fen").is_none() && param(query, "moves").is_none() {
            return Opened {
                session: saved.unwrap_or_else(fresh),
                replaced: None,
                notices,
            };
        }
        match SharedGame::parse_prefix(query) {
            Err(e) => {
                notices.push(OpenNotice::LinkRefused(e));
                Opened {
                    session: saved.unwrap_or_else(fresh),
                    replaced: None,
                    notices,
                }
            }
            Ok((shared, err)) => {
                if let Some(error) = err {
                    notices.push(OpenNotice::LinkCut {
                        kept: shared.moves.len(),
                        error,
                    });
                }
                let same = |s: &PlaySession| {
                    s.game.start() == &shared.start && s.game.moves() == shared.moves
                };
                if let Some(s) = saved.as_ref().filter(|s| same(s)) {
                    return Opened {
                        session: s.clone(),
                        replaced: None,
                        notices,
                    };
                }
                let mut game = Game::new(shared.start.clone());
                for &m in &shared.moves {
                    // Every move of a parsed link was legal in turn.
                    let _ = game.play(m);
                }
                Opened {
                    session: PlaySession::new(game),
                    replaced: saved.filter(|s| s.game.ply() > 0),
                    notices,
                }
            }
        }
    }

    /// A session over `game`, showing its last position.
    pub fn new(game: Game) -> PlaySession {
        let view = game.ply();
        PlaySession {
            game,
            clock: None,
            view,
            redo: Vec::new(),
            tags: Vec::new(),
        }
    }

    /// A new game from `start`.
    pub fn from_position(start: Position) -> PlaySession {
        PlaySession::new(Game::new(start))
    }

    /// The game record.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game, for actions that are not moves (draw offers, resignation, time-out).
    pub fn game_mut(&mut self) -> &mut Game {
        &mut self.game
    }

    /// The game clock, if the game is timed.
    pub fn clock(&self) -> Option<&Clock> {
        self.clock.as_ref()
    }

    /// Times the game with `clock` (or untimes it); only before the first move, as a game's
    /// time control is fixed when it starts (article 6).
    pub fn set_clock(&mut self, clock: Option<Clock>) -> bool {
        if self.game.ply() > 0 {
            return false;
        }
        self.clock = clock;
        true
    }

    /// Ends the game on time if a flag has fallen by `now_ms` (4.1.4, 22.1), and freezes the
    /// clock once the game is over by any means (22.5). Returns the flag that decided the game.
    pub fn tick(&mut self, now_ms: u64) -> Option<Flag> {
        let clock = self.clock.as_mut()?;
        if self.game.verdict().is_some() {
            if !matches!(
                clock.status(now_ms),
                Status::Finished { .. } | Status::NotStarted
            ) {
                let _ = clock.finish(now_ms.max(clock.last_event_ms()));
            }
            return None;
        }
        let flag = clock.flag(now_ms)?;
        self.game.time_out(flag.side).ok()?;
        let _ = clock.finish(now_ms.max(clock.last_event_ms()));
        Some(flag)
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

    /// Enters `m` on the shown position at `now_ms`. From an earlier position, the game's own next
    /// move just steps forward; any other move needs `cut_confirmed`, then cuts the later moves.
    /// A timed game first checks the mover's flag, and presses the clock after the move.
    pub fn enter(
        &mut self,
        m: Move,
        cut_confirmed: bool,
        now_ms: u64,
    ) -> Result<Entered, EnterError> {
        if self.tick(now_ms).is_some() {
            return Err(EnterError::Illegal(PlayError::GameOver));
        }
        let entered = self.enter_move(m, cut_confirmed)?;
        if entered != Entered::SteppedForward {
            if let Some(clock) = self.clock.as_mut() {
                let t = now_ms.max(clock.last_event_ms());
                if clock.status(t) == Status::NotStarted {
                    // The first move starts the clock: the mover's press hands the time over.
                    let _ = clock.start(t, self.game.position().turn().other());
                }
                let _ = clock.press(t);
            }
            self.tick(now_ms);
        }
        Ok(entered)
    }

    fn enter_move(&mut self, m: Move, cut_confirmed: bool) -> Result<Entered, EnterError> {
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
            self.drop_stated_result();
            return Ok(Entered::CutAndPlayed);
        }
        self.game.play(m).map_err(EnterError::Illegal)?;
        self.view = self.game.ply();
        self.redo.clear();
        self.drop_stated_result();
        Ok(Entered::Played)
    }

    /// The computer, the side to move, answers the pending draw offer (rule 23.1: by word, before
    /// its move) by its own search's judgement `own` ([`DrawJudge`]): `Ok(true)` when the
    /// game is drawn by agreement (4.2.2), `Ok(false)` when it declined and plays on. A timed game's
    /// clock stops at the agreement (22.5).
    pub fn computer_answers_offer(
        &mut self,
        own: impl DrawJudge,
        now_ms: u64,
    ) -> Result<bool, GameError> {
        if self.game.pending_offer() != Some(self.game.position().turn().other()) {
            return Err(GameError::NoOffer);
        }
        if own.accepts_draw(self.game.ply()) {
            self.game.accept_draw()?;
            self.tick(now_ms);
            Ok(true)
        } else {
            self.game.decline_draw()?;
            Ok(false)
        }
    }

    /// A file's `Result` describes its own moves: once they change, it no longer applies.
    fn drop_stated_result(&mut self) {
        self.tags.retain(|(n, _)| n != "Result");
    }

    /// The game file's tags kept with the game (Event, Site, Date, Round, Red, Black, Result,
    /// Opening and any other), in file order.
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// Takes back the last thing done at the board: a resignation or agreed draw alone when the
    /// game ended so (its moves stay), else the last move (it can be redone); false if there is
    /// nothing. A timed game takes back the clock press too.
    pub fn takeback(&mut self, now_ms: u64) -> bool {
        if self.at_end() && self.game.retract_ending().is_some() {
            return true;
        }
        match self.game.undo() {
            Some(m) => {
                self.drop_stated_result();
                if let Some(clock) = self.clock.as_mut() {
                    let _ = clock.undo_press(now_ms.max(clock.last_event_ms()));
                }
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

    /// The game as a PGN record: its moves, the imported file's tags, and its result: the
    /// rules' verdict when the game has ended, else the file's stated result while its moves are
    /// unchanged (a resignation the record does not show), else `*`.
    pub fn to_pgn(&self) -> PgnGame {
        let mut pgn = PgnGame::new(self.game.start().clone());
        pgn.tags = self.tags.clone();
        for &m in self.game.moves() {
            // The moves were legal when played, so they replay.
            let _ = pgn.push(m);
        }
        if let Some(v) = self.game.verdict() {
            pgn.set_tag("Result", v.result_token());
        }
        pgn
    }

    /// A session for an imported PGN game. A record read as PGN has legal moves only, so every
    /// file the scoresheet accepts loads here too: moves recorded after the rules ended the game
    /// are left out and reported as [`MovesAfterEnd`]. `Err` names a move the rules refuse.
    pub fn from_pgn(pgn: &PgnGame) -> Result<(PlaySession, Option<MovesAfterEnd>), RecordError> {
        let mut game = Game::new(pgn.start().clone());
        for (i, &m) in pgn.moves().iter().enumerate() {
            if let Some(v) = game.verdict() {
                let after = MovesAfterEnd {
                    verdict: v.clone(),
                    unplayed: pgn.moves().len() - i,
                };
                return Ok((PlaySession::new(game).with_tags(pgn), Some(after)));
            }
            game.play(m).map_err(|error| RecordError::Illegal {
                ply: i + 1,
                mv: m.to_string(),
                error,
            })?;
        }
        Ok((PlaySession::new(game).with_tags(pgn), None))
    }

    /// Keeps `pgn`'s tags but those the writer makes from the game itself (Game, FEN, Format).
    fn with_tags(mut self, pgn: &PgnGame) -> PlaySession {
        self.tags = pgn
            .tags
            .iter()
            .filter(|(n, _)| !matches!(n.as_str(), "Game" | "FEN" | "Format"))
            .cloned()
            .collect();
        self
    }

    /// The share-link query for the whole game (`fen=…&moves=…`, see [`SharedGame`]).
    pub fn share_query(&self) -> String {
        SharedGame {
            start: self.game.start().clone(),
            moves: self.game.moves().to_vec(),
        }
        .to_query()
    }

    /// The saved form.
    pub fn save(&self) -> SavedSession {
        SavedSession {
            version: 1,
            game: self.game.record(),
            view: self.view,
            redo: self.redo.iter().map(|m| m.to_string()).collect(),
            clock: self.clock.clone(),
            tags: self
                .tags
                .iter()
                .flat_map(|(n, v)| [n.clone(), v.clone()])
                .collect(),
        }
    }

    /// The saved form as JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.save()).unwrap_or_default()
    }

    /// Restores a session from its JSON; any defect is an `Err`, never a panic.
    pub fn from_json(json: &str) -> Result<PlaySession, RestoreError> {
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
        Ok(PlaySession {
            game,
            clock: saved.clock,
            view,
            redo,
            tags: saved
                .tags
                .chunks_exact(2)
                .map(|p| (p[0].clone(), p[1].clone()))
                .collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::draw::computer_accepts_draw;
    use crate::engine::Score;
    use crate::xiangqi::Color;

    fn mv(s: &str) -> Move {
        Move::from_iccs(s).unwrap()
    }

    fn session(moves: &[&str]) -> PlaySession {
        let mut s = PlaySession::from_position(Position::start());
        for m in moves {
            assert_eq!(s.enter(mv(m), false, 0), Ok(Entered::Played));
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
        assert_eq!(s.enter(mv("h9g7"), false, 0), Ok(Entered::SteppedForward));
        s.back();
        // Another move asks before cutting the two later moves.
        assert_eq!(
            s.enter(mv("b9c7"), false, 0),
            Err(EnterError::WouldCut { later: 2 })
        );
        assert_eq!(s.game().ply(), 3);
        assert_eq!(s.enter(mv("b9c7"), true, 0), Ok(Entered::CutAndPlayed));
        assert_eq!(s.game().ply(), 2);
        assert!(s.at_end());
        assert!(matches!(
            s.enter(mv("a0a5"), false, 0),
            Err(EnterError::Illegal(PlayError::PathBlocked))
        ));
    }

    #[test]
    fn takeback_after_a_resignation_removes_only_the_resignation() {
        let mut s = session(&["h2e2", "h9g7"]);
        s.game_mut().resign(Color::Red).unwrap();
        assert!(s.game().verdict().is_some());
        assert!(s.takeback(0));
        assert!(s.game().verdict().is_none());
        assert_eq!(s.game().ply(), 2, "the moves stay");
        assert!(s.takeback(0));
        assert_eq!(s.game().ply(), 1);
    }

    /// A game of `plies` moves that never repeats a position nor ends: each side plays its first
    /// legal move to a new position.
    fn quiet_game(plies: usize) -> PlaySession {
        let mut s = PlaySession::from_position(Position::start());
        let mut seen = vec![s.shown().hash()];
        for _ in 0..plies {
            let m = s
                .shown()
                .legal_moves()
                .iter()
                .copied()
                .find(|&m| {
                    let next = s.shown().after(m).unwrap();
                    !seen.contains(&next.hash()) && !next.legal_moves().is_empty()
                })
                .unwrap();
            s.enter(m, false, 0).unwrap();
            seen.push(s.shown().hash());
        }
        assert!(s.game().verdict().is_none());
        s
    }

    #[test]
    fn the_computer_answers_an_offer_by_its_score_and_the_game_length() {
        // Rule 23.1: the human offers after their own move; the computer, to move, answers.
        let mut s = quiet_game(19);
        assert_eq!(s.game().ply(), 19);
        s.game_mut().offer_draw().unwrap();
        // Past the opening only: at ply 19 even a lost computer plays on.
        assert!(!computer_accepts_draw(Score::Cp(-500), 19));
        assert_eq!(s.computer_answers_offer(Score::Cp(-500), 0), Ok(false));
        assert_eq!(s.game().pending_offer(), None);
        assert!(s.game().verdict().is_none());
        assert_eq!(
            s.computer_answers_offer(Score::Cp(-500), 0),
            Err(GameError::NoOffer)
        );
        // Half a pawn worse or a mate against it: a draw; level or better: no.
        for (own, takes) in [
            (Score::Cp(-50), true),
            (Score::Cp(-49), false),
            (Score::Cp(0), false),
            (Score::Cp(300), false),
            (Score::Mate(-3), true),
            (Score::Mate(2), false),
        ] {
            assert_eq!(computer_accepts_draw(own, 20), takes, "{own:?}");
        }
        let mut s = quiet_game(21);
        s.game_mut().offer_draw().unwrap();
        assert_eq!(s.computer_answers_offer(Score::Cp(-120), 0), Ok(true));
        let v = s.game().verdict().unwrap();
        assert_eq!(
            (v.result_token(), v.reason_token()),
            ("1/2-1/2", "agreement")
        );
    }

    #[test]
    fn takeback_and_redo() {
        let mut s = session(&["h2e2", "h9g7"]);
        assert!(s.takeback(0));
        assert_eq!(s.game().ply(), 1);
        assert!(s.can_redo());
        assert!(s.redo());
        assert_eq!(s.game().moves().last(), Some(&mv("h9g7")));
        assert!(!s.redo());
        s.takeback(0);
        s.enter(mv("b9c7"), false, 0).unwrap();
        assert!(!s.can_redo(), "a new move clears the redo stack");
    }

    #[test]
    fn a_timed_game_presses_on_each_move_and_ends_on_time() {
        use crate::clock::{Clock, Control};
        let mut s = PlaySession::from_position(Position::start());
        assert!(s.set_clock(Some(Clock::new(Control::sudden_death(60_000).unwrap()))));
        s.enter(mv("h2e2"), false, 1_000).unwrap();
        s.enter(mv("h9g7"), false, 5_000).unwrap();
        assert!(
            !s.set_clock(None),
            "the control is fixed once the game has started"
        );
        let c = s.clock().unwrap();
        assert_eq!(c.side(5_000, Color::Black).moves, 1);
        // Red thinks past its minute: the flag falls and Red loses on time (4.1.4).
        assert_eq!(s.tick(70_000).map(|f| f.side), Some(Color::Red));
        let v = s.game().verdict().unwrap();
        assert_eq!((v.result_token(), v.reason_token()), ("0-1", "timeout"));
        assert!(matches!(
            s.enter(mv("h0g2"), false, 71_000),
            Err(EnterError::Illegal(PlayError::GameOver))
        ));
        let restored = PlaySession::from_json(&s.to_json()).unwrap();
        assert_eq!(restored.clock(), s.clock());
    }

    #[test]
    fn a_mate_before_the_flag_stands() {
        use crate::clock::{Clock, Control};
        let mut s =
            PlaySession::from_position(Position::from_fen("3k5/R8/1R7/9/9/9/9/9/9/4K4 w").unwrap());
        s.set_clock(Some(Clock::new(Control::sudden_death(10_000).unwrap())));
        s.enter(mv("b7b9"), false, 1_000).unwrap();
        // Rule 22.5: the clock is frozen by the mate, so no later flag changes the result.
        assert_eq!(s.tick(1_000_000), None);
        assert_eq!(s.game().verdict().unwrap().reason_token(), "checkmate");
    }

    #[test]
    fn pgn_round_trip_keeps_moves_and_result() {
        let s = session(&["h2e2", "h9g7"]);
        let pgn = s.to_pgn();
        assert_eq!(pgn.moves(), s.game().moves());
        let (back, after_end) = PlaySession::from_pgn(&pgn).unwrap();
        assert_eq!(back.game().moves(), s.game().moves());
        assert_eq!(after_end, None);
        let mut mated =
            PlaySession::from_position(Position::from_fen("3k5/R8/1R7/9/9/9/9/9/9/4K4 w").unwrap());
        mated.enter(mv("b7b9"), false, 0).unwrap();
        assert_eq!(mated.to_pgn().tag("Result"), Some("1-0"));
    }

    #[test]
    fn an_imported_game_keeps_its_tags_and_result_through_a_save_and_export() {
        use crate::lang::{Lang, Say};
        use crate::xiangqi::notation::pgn::{read_pgn, write_pgn};
        use crate::xiangqi::notation::Notation;
        let text = "[Event \"全国赛\"]\n[Site \"北京\"]\n[Date \"2024.05.01\"]\n[Round \"3\"]\n\
            [Red \"许银川\"]\n[Black \"吕钦\"]\n[Result \"1-0\"]\n[Opening \"中炮\"]\n[Annotator \"X\"]\n\
            {赛前} 1. 炮二平五 {好} 马８进７ (1... 炮８平５ (1... 马２进３)) 2. 马二进三 1-0";
        let pgn = read_pgn(text).unwrap();
        let (s, _) = PlaySession::from_pgn(&pgn).unwrap();
        let restored = PlaySession::from_json(&s.to_json()).unwrap();
        let out = write_pgn(&restored.to_pgn(), Notation::Chinese);
        for tag in [
            "[Event \"全国赛\"]",
            "[Site \"北京\"]",
            "[Date \"2024.05.01\"]",
            "[Round \"3\"]",
            "[Red \"许银川\"]",
            "[Black \"吕钦\"]",
            "[Result \"1-0\"]",
            "[Opening \"中炮\"]",
            "[Annotator \"X\"]",
        ] {
            assert!(out.contains(tag), "{tag} missing:\n{out}");
        }
        assert!(out.trim_end().ends_with("1-0"), "{out}");
        assert_eq!(out.matches("[Format").count(), 1, "{out}");
        // What the board leaves out is said, in both languages.
        let n = NotShown::of(&pgn).unwrap();
        assert_eq!((n.variations, n.comments), (2, 2));
        assert!(
            n.say(Lang::En).contains("variations (2) and comments (2)"),
            "{n}"
        );
        assert!(
            n.say(Lang::Zh).contains("变着（2 个）和注释（2 条）"),
            "{}",
            n.say(Lang::Zh)
        );
        assert_eq!(NotShown::of(&read_pgn("1. 炮二平五 *").unwrap()), None);
        // A new move makes the file's result stale; the other tags stay.
        let mut played = restored.clone();
        played.enter(mv("i9h9"), false, 0).unwrap();
        let pgn = played.to_pgn();
        assert_eq!(pgn.tag("Result"), None);
        assert_eq!(pgn.tag("Red"), Some("许银川"));
        let mut back = restored;
        assert!(back.takeback(0));
        assert_eq!(back.to_pgn().tag("Result"), None);
        assert_eq!(back.to_pgn().tag("Event"), Some("全国赛"));
    }

    #[test]
    fn opening_links_and_saves() {
        let saved = session(&["h2e2", "h9g7"]).to_json();
        // No link: the saved game.
        let o = PlaySession::open("", Some(&saved));
        assert_eq!(o.session.game().ply(), 2);
        assert!(o.notices.is_empty() && o.replaced.is_none());
        // A link to another game replaces it and keeps it restorable.
        let o = PlaySession::open("moves=b2e2", Some(&saved));
        assert_eq!(o.session.game().moves(), &[mv("b2e2")]);
        assert_eq!(o.replaced.map(|s| s.game().ply()), Some(2));
        // A bad FEN opens nothing new and says so.
        let o = PlaySession::open("fen=garbage", Some(&saved));
        assert_eq!(o.session.game().ply(), 2);
        assert!(matches!(o.notices[..], [OpenNotice::LinkRefused(_)]));
        // A bad move keeps the moves before it and says so.
        let o = PlaySession::open("moves=h2e2,zzzz,h9g7", None);
        assert_eq!(o.session.game().moves(), &[mv("h2e2")]);
        assert!(matches!(
            o.notices[..],
            [OpenNotice::LinkCut {
                kept: 1,
                error: LinkError::BadMove { ply: 2, .. }
            }]
        ));
        // A corrupt save is reported, and the board opens.
        let o = PlaySession::open("", Some("{oops"));
        assert_eq!(o.session.game().ply(), 0);
        assert!(matches!(o.notices[..], [OpenNotice::Corrupt(_)]));
    }

    #[test]
    fn saves_and_restores_and_rejects_corrupt_state() {
        let mut s = session(&["h2e2", "h9g7", "h0g2"]);
        s.back();
        let restored = PlaySession::from_json(&s.to_json()).unwrap();
        assert_eq!(restored.view(), 2);
        assert_eq!(restored.game().moves(), s.game().moves());
        assert!(matches!(
            PlaySession::from_json("{not json"),
            Err(RestoreError::Json(_))
        ));
        let future = s.to_json().replace("\"version\":1", "\"version\":9");
        assert_eq!(
            PlaySession::from_json(&future).unwrap_err(),
            RestoreError::Version(9)
        );
        let bad = s.to_json().replace("h0g2", "h0h5");
        assert!(matches!(
            PlaySession::from_json(&bad),
            Err(RestoreError::Record(_))
        ));
    }

    #[test]
    fn a_record_longer_than_the_game_loads_up_to_the_verdict() {
        // Regression: a 20,000-ply PGN was accepted by the scoresheet but refused by the play page
        // ("the game is over"), and nothing loaded. Horses shuffling without a capture reach a
        // repetition or the 60-move limit (rule 4.2.4) long before 20,000 plies.
        let cycle = [
            "h0g2", "h9g7", "g2h0", "g7h9", "b0c2", "b9c7", "c2b0", "c7b9",
        ];
        let moves: Vec<&str> = cycle.iter().copied().cycle().take(20_000).collect();
        let mut text = String::new();
        for (i, m) in moves.iter().enumerate() {
            if i % 2 == 0 {
                text.push_str(&format!("{}. ", i / 2 + 1));
            }
            text.push_str(m);
            text.push(' ');
        }
        let pgn = crate::xiangqi::notation::pgn::read_pgn(&text).unwrap();
        assert_eq!(pgn.moves().len(), 20_000);
        let (s, after_end) = PlaySession::from_pgn(&pgn).unwrap();
        let after_end = after_end.expect("the rules end this game early");
        let ended = s.game().verdict().unwrap().ply;
        assert_eq!(ended, s.game().ply());
        assert_eq!(after_end.verdict.ply, ended);
        assert_eq!(ended + after_end.unplayed, 20_000);
        use crate::lang::{Lang, Say};
        assert!(after_end.say(Lang::Zh).contains("未载入"));
        assert!(after_end.say(Lang::En).contains("not played"));
    }
}
