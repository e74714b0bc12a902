//! A game record — start position, moves, draw offers and other events — and its [`Verdict`].
//!
//! The same [`Game::verdict`] serves the board, the `xq judge` command and the tests: checkmate
//! and stalemate (4.1.1, 4.1.3), resignation (4.1.9), agreed draws with the offer procedure of
//! 23.1 and its fouls (9.1.3, 4.1.8), loss on time (4.1.4), repetition by the 棋例 (24–29), the
//! natural move limit (4.2.4, 23.3) and simple drawn material (4.2.1).

use crate::xiangqi::fen::FenError;
use crate::xiangqi::rules::limits::{
    insufficient_material, move_limit_reached, MoveLimit, DEFAULT_MOVE_LIMIT,
};
use crate::xiangqi::rules::{classify, judge_cycle, ClassifiedMove, CycleRuling};
use crate::xiangqi::{Color, Move, PlayError, Position};
use std::fmt;

/// How a game ended, from Red's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum GameResult {
    /// 红胜.
    RedWins,
    /// 黑胜.
    BlackWins,
    /// 和棋.
    Draw,
}

impl GameResult {
    /// A win for `color`.
    pub fn win_for(color: Color) -> GameResult {
        match color {
            Color::Red => GameResult::RedWins,
            Color::Black => GameResult::BlackWins,
        }
    }

    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn token(self) -> &'static str {
        match self {
            GameResult::RedWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Reason {
    /// 将死 (4.1.1).
    Checkmate,
    /// 困毙, a loss for the stalemated side (4.1.3).
    Stalemate,
    /// 认输 (4.1.9).
    Resign,
    /// 提和被接受 (4.2.2).
    Agreement,
    /// 自然限着 (4.2.4).
    MoveLimit,
    /// 不变作和: a repetition with both sides allowed or both forbidden (24.2, 26.2, 26.3).
    Repetition,
    /// 长将 (24.1, 26.1).
    PerpetualCheck,
    /// 长捉, 长杀 or another forbidden perpetual attack against allowed moves (24.3, 26.4).
    PerpetualChase,
    /// 双方均无可能取胜的简单局势 (4.2.1).
    InsufficientMaterial,
    /// 超时 (4.1.4).
    Timeout,
    /// 三次犯规 (4.1.8).
    Fouls,
}

impl Reason {
    /// The token the CLI and UI use: `checkmate`, `perpetual-check`, `move-limit`, …
    pub fn token(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::Resign => "resign",
            Reason::Agreement => "agreement",
            Reason::MoveLimit => "move-limit",
            Reason::Repetition => "repetition",
            Reason::PerpetualCheck => "perpetual-check",
            Reason::PerpetualChase => "perpetual-chase",
            Reason::InsufficientMaterial => "insufficient-material",
            Reason::Timeout => "timeout",
            Reason::Fouls => "fouls",
        }
    }
}

/// The repeated stretch of a game: from the first of the three equal positions to the last.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Cycle {
    /// The ply of the first of the three occurrences (0 = the start position).
    pub first_ply: usize,
    /// The ply of the third occurrence, where the ruling is made.
    pub last_ply: usize,
    /// Every move in between, classified (27.2's mutual-attack rule already applied).
    pub moves: Vec<ClassifiedMove>,
}

/// The decision on a finished game: result, reason, the clause it rests on and an explanation.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Verdict {
    /// Who won, or a draw.
    pub result: GameResult,
    /// Why.
    pub reason: Reason,
    /// The article of the 1999 rules, e.g. `24.1`.
    pub clause: &'static str,
    /// The ply at which the game ended (0 = before any move).
    pub ply: usize,
    /// The side the reason is about: the loser, the resigning or offering side; none for draws
    /// that concern both.
    pub side: Option<Color>,
    /// The move limit in moves, for a move-limit draw.
    pub move_limit: Option<u32>,
    /// For a repetition, the classified cycle.
    pub cycle: Option<Cycle>,
}

impl Verdict {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn result_token(&self) -> &'static str {
        self.result.token()
    }

    /// `checkmate`, `perpetual-check`, `repetition`, …
    pub fn reason_token(&self) -> &'static str {
        self.reason.token()
    }

    /// The one-line summary the CLI prints last: `0-1 perpetual-check 24.1`.
    pub fn summary(&self) -> String {
        format!(
            "{} {} {}",
            self.result_token(),
            self.reason_token(),
            self.clause
        )
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.summary())
    }
}

/// Something said or done at the board besides moving.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EventKind {
    /// 提和 (23.1).
    OfferDraw,
    /// 口头拒绝 (23.1).
    DeclineDraw,
    /// 同意作和 (4.2.2).
    AcceptDraw,
    /// 认输 (4.1.9).
    Resign,
    /// The flag fell (4.1.4).
    Timeout,
    /// 犯规: a repeated draw offer after a refusal (9.1.3).
    Foul,
}

/// An event, after the given number of plies, by one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct GameEvent {
    /// How many moves had been played.
    pub ply: usize,
    /// Who.
    pub by: Color,
    /// What.
    pub kind: EventKind,
}

/// Why a draw offer, acceptance, resignation or flag cannot be recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameError {
    /// The game already has a verdict.
    GameOver,
    /// A draw may be offered only right after one's own move (23.1): nobody has moved yet.
    NoMoveYet,
    /// The offer already made stands (it cannot be repeated or withdrawn, 23.1).
    OfferPending,
    /// There is no draw offer to accept or decline.
    NoOffer,
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::GameOver => write!(f, "the game is over"),
            GameError::NoMoveYet => {
                write!(
                    f,
                    "a draw may be offered only after one's own move (rule 23.1)"
                )
            }
            GameError::OfferPending => write!(
                f,
                "a draw offer is already pending and cannot be withdrawn (rule 23.1)"
            ),
            GameError::NoOffer => write!(f, "there is no draw offer to answer"),
        }
    }
}

impl std::error::Error for GameError {}

/// What became of a draw offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OfferOutcome {
    /// The offer stands until the opponent answers (by word or by moving, 23.1).
    Offered,
    /// Offering again after a refusal is a foul (9.1.3); `fouls` is the side's count so far
    /// (three lose, 4.1.8). The offer does not stand.
    Foul {
        /// The offering side's fouls in this game.
        fouls: u32,
    },
}

/// Why a saved game cannot be restored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// The start FEN is invalid.
    Fen(FenError),
    /// A move is not ICCS.
    Notation(String),
    /// A move is illegal at its ply.
    Illegal {
        /// The ply (1-based).
        ply: usize,
        /// The move as written.
        mv: String,
        /// Why it is illegal.
        error: PlayError,
    },
    /// An event refers to a ply beyond the moves.
    GameEvent(usize),
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Fen(e) => write!(f, "{e}"),
            RecordError::Notation(m) => write!(f, "`{m}` is not an ICCS move like h2e2"),
            RecordError::Illegal { ply, mv, error } => {
                write!(f, "move {ply} `{mv}` is illegal: {error}")
            }
            RecordError::GameEvent(ply) => {
                write!(f, "an event at ply {ply} is beyond the last move")
            }
        }
    }
}

impl std::error::Error for RecordError {}

/// A game as it is saved: start FEN, ICCS moves, events and the move-limit setting.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct GameRecord {
    /// The start position.
    pub start: String,
    /// The moves in ICCS.
    pub moves: Vec<String>,
    /// Draw offers and answers, fouls, resignation, flag fall.
    #[serde(default)]
    pub events: Vec<GameEvent>,
    /// The natural move limit in moves (4.2.4).
    #[serde(default = "default_limit")]
    pub move_limit: u32,
}

fn default_limit() -> u32 {
    DEFAULT_MOVE_LIMIT
}

/// A game record with its positions and its verdict, kept current as moves are played or undone.
///
/// ```
/// use xiangqi_club::xiangqi::game::Game;
/// use xiangqi_club::xiangqi::{Color, Position};
/// let mut game = Game::new(Position::start());
/// game.play("h2e2".parse().unwrap()).unwrap();
/// game.play("h9g7".parse().unwrap()).unwrap();
/// assert_eq!(game.ply(), 2);
/// assert!(game.verdict().is_none());
/// game.resign(Color::Red).unwrap();
/// let v = game.verdict().unwrap();
/// assert_eq!((v.result_token(), v.clause), ("0-1", "4.1.9"));
/// // A finished game takes no more moves (rule 4.1.9: resignation ends it).
/// assert!(game.play("h0g2".parse().unwrap()).is_err());
/// ```
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
#[serde(into = "GameRecord", try_from = "GameRecord")]
pub struct Game {
    positions: Vec<Position>,
    moves: Vec<Move>,
    /// Whether each move gave check (for the move-limit count of 23.3).
    checks: Vec<bool>,
    events: Vec<GameEvent>,
    move_limit: u32,
    verdict: Option<Verdict>,
}

impl Game {
    /// A game from `start` with no moves yet, and the 60-move limit of 4.2.4.
    pub fn new(start: Position) -> Game {
        let mut g = Game {
            positions: vec![start],
            moves: Vec::new(),
            checks: Vec::new(),
            events: Vec::new(),
            move_limit: DEFAULT_MOVE_LIMIT,
            verdict: None,
        };
        g.refresh();
        g
    }

    /// A game from a FEN and ICCS moves (what `xq judge` reads). Moves after a verdict are refused.
    pub fn from_iccs(fen: &str, moves: &[&str]) -> Result<Game, RecordError> {
        let start = Position::from_fen(fen).map_err(RecordError::Fen)?;
        let mut g = Game::new(start);
        for (i, s) in moves.iter().enumerate() {
            let m = Move::from_iccs(s).ok_or_else(|| RecordError::Notation(s.to_string()))?;
            g.play(m).map_err(|error| RecordError::Illegal {
                ply: i + 1,
                mv: s.to_string(),
                error,
            })?;
        }
        Ok(g)
    }

    /// Sets the natural move limit in moves (4.2.4: "也可根据比赛等级酌减"); at least 1.
    pub fn set_move_limit(&mut self, moves: u32) {
        self.move_limit = moves.max(1);
        self.refresh();
    }

    /// Sets the natural move limit from a board's setting (1–200 moves, [`MoveLimit`]).
    pub fn set_limit(&mut self, limit: MoveLimit) {
        self.set_move_limit(limit.moves());
    }

    /// The natural move limit in moves.
    pub fn move_limit(&self) -> u32 {
        self.move_limit
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.positions[self.moves.len()]
    }

    /// The position after `ply` moves, if there are that many.
    pub fn position_at(&self, ply: usize) -> Option<&Position> {
        self.positions.get(ply)
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// How many moves have been played.
    pub fn ply(&self) -> usize {
        self.moves.len()
    }

    /// The events (offers, answers, fouls, resignation, flag) so far.
    pub fn events(&self) -> &[GameEvent] {
        &self.events
    }

    /// The decision at the current ply, if the game is over.
    pub fn verdict(&self) -> Option<&Verdict> {
        self.verdict.as_ref()
    }

    /// The decision the game had after `ply` moves (events included up to then).
    pub fn verdict_at(&self, ply: usize) -> Option<Verdict> {
        if ply >= self.moves.len() {
            return self.verdict.clone();
        }
        let mut g = self.clone();
        while g.moves.len() > ply {
            g.undo();
        }
        g.verdict
    }

    /// Plays a legal move; refused once the game has a verdict. A pending draw offer is declined
    /// by the move (23.1).
    pub fn play(&mut self, m: Move) -> Result<(), PlayError> {
        if self.verdict.is_some() {
            return Err(PlayError::GameOver);
        }
        let next = self.position().after(m)?;
        self.checks.push(next.is_check());
        self.positions.push(next);
        self.moves.push(m);
        self.refresh();
        Ok(())
    }

    /// Takes back the last move (with any event recorded after it); returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.positions.pop();
        self.checks.pop();
        let ply = self.moves.len();
        self.events.retain(|e| e.ply <= ply);
        // An ending at the new ply (resignation, agreement, flag) belongs to the later game.
        self.events.retain(|e| {
            e.ply < ply
                || !matches!(
                    e.kind,
                    EventKind::Resign | EventKind::Timeout | EventKind::AcceptDraw
                )
        });
        self.refresh();
        Some(m)
    }

    /// Takes back a resignation or an agreed draw made at the current ply (the game goes on, its
    /// moves untouched); returns the event, or `None` when the game did not end that way.
    pub fn retract_ending(&mut self) -> Option<GameEvent> {
        let ply = self.moves.len();
        let i = self.events.iter().rposition(|e| {
            e.ply == ply && matches!(e.kind, EventKind::Resign | EventKind::AcceptDraw)
        })?;
        let e = self.events.remove(i);
        self.refresh();
        Some(e)
    }

    /// The side whose draw offer awaits an answer, if any.
    pub fn pending_offer(&self) -> Option<Color> {
        let ply = self.moves.len();
        let mut pending = None;
        for e in self.events.iter().filter(|e| e.ply == ply) {
            match e.kind {
                EventKind::OfferDraw => pending = Some(e.by),
                EventKind::DeclineDraw | EventKind::AcceptDraw => pending = None,
                _ => {}
            }
        }
        pending
    }

    /// How many fouls `color` has committed (三次犯规判负, 4.1.8).
    pub fn fouls(&self, color: Color) -> u32 {
        self.events
            .iter()
            .filter(|e| e.by == color && e.kind == EventKind::Foul)
            .count() as u32
    }

    /// The side that may offer a draw now: the one that has just moved (23.1), if any move was made.
    pub fn offerer(&self) -> Option<Color> {
        (!self.moves.is_empty()).then(|| self.position().turn().other())
    }

    /// Whether a draw offer now would be a foul (9.1.3): the side that just moved made the last
    /// offer, and it was refused. The board warns before recording it.
    pub fn offer_is_foul(&self) -> bool {
        self.offerer().is_some_and(|by| self.offer_by_is_foul(by))
    }

    /// Whether an offer by `by` would be a foul (9.1.3): it made the last offer, and it was refused.
    pub fn offer_by_is_foul(&self, by: Color) -> bool {
        self.events
            .iter()
            .rev()
            .find(|e| e.kind == EventKind::OfferDraw)
            .is_some_and(|e| e.by == by)
    }

    /// The side that just moved offers a draw (23.1: only after one's own move, and offers must
    /// alternate). Offering again after one's own offer was refused is a foul (9.1.3).
    pub fn offer_draw(&mut self) -> Result<OfferOutcome, GameError> {
        if self.verdict.is_some() {
            return Err(GameError::GameOver);
        }
        if self.moves.is_empty() {
            return Err(GameError::NoMoveYet);
        }
        if self.pending_offer().is_some() {
            return Err(GameError::OfferPending);
        }
        let by = self.position().turn().other();
        let ply = self.moves.len();
        if self.offer_is_foul() {
            self.events.push(GameEvent {
                ply,
                by,
                kind: EventKind::Foul,
            });
            self.refresh();
            return Ok(OfferOutcome::Foul {
                fouls: self.fouls(by),
            });
        }
        self.events.push(GameEvent {
            ply,
            by,
            kind: EventKind::OfferDraw,
        });
        Ok(OfferOutcome::Offered)
    }

    /// The side to move accepts the pending offer: a draw (4.2.2).
    pub fn accept_draw(&mut self) -> Result<(), GameError> {
        self.answer(EventKind::AcceptDraw)
    }

    /// The side to move declines the pending offer by word (23.1).
    pub fn decline_draw(&mut self) -> Result<(), GameError> {
        self.answer(EventKind::DeclineDraw)
    }

    fn answer(&mut self, kind: EventKind) -> Result<(), GameError> {
        if self.verdict.is_some() {
            return Err(GameError::GameOver);
        }
        if self.pending_offer().is_none() {
            return Err(GameError::NoOffer);
        }
        self.events.push(GameEvent {
            ply: self.moves.len(),
            by: self.position().turn(),
            kind,
        });
        self.refresh();
        Ok(())
    }

    /// `color` resigns (4.1.9).
    pub fn resign(&mut self, color: Color) -> Result<(), GameError> {
        self.end_by(color, EventKind::Resign)
    }

    /// `color`'s flag fell (4.1.4); the UI's clock reports it.
    pub fn time_out(&mut self, color: Color) -> Result<(), GameError> {
        self.end_by(color, EventKind::Timeout)
    }

    fn end_by(&mut self, by: Color, kind: EventKind) -> Result<(), GameError> {
        if self.verdict.is_some() {
            return Err(GameError::GameOver);
        }
        self.events.push(GameEvent {
            ply: self.moves.len(),
            by,
            kind,
        });
        self.refresh();
        Ok(())
    }

    /// The record to save (start FEN, ICCS moves, events, move limit).
    pub fn record(&self) -> GameRecord {
        GameRecord {
            start: self.start().fen(),
            moves: self.moves.iter().map(Move::to_string).collect(),
            events: self.events.clone(),
            move_limit: self.move_limit,
        }
    }

    /// Restores a saved game, replaying and re-checking every move and event.
    pub fn from_record(r: &GameRecord) -> Result<Game, RecordError> {
        let start = Position::from_fen(&r.start).map_err(RecordError::Fen)?;
        let mut g = Game::new(start);
        g.move_limit = r.move_limit.max(1);
        for (i, s) in r.moves.iter().enumerate() {
            // Events recorded before this move (offers, declines, fouls) are replayed in order.
            g.events
                .extend(r.events.iter().filter(|e| e.ply == i).copied());
            g.refresh();
            let m = Move::from_iccs(s).ok_or_else(|| RecordError::Notation(s.clone()))?;
            g.play(m).map_err(|error| RecordError::Illegal {
                ply: i + 1,
                mv: s.clone(),
                error,
            })?;
        }
        let n = r.moves.len();
        if let Some(e) = r.events.iter().find(|e| e.ply > n) {
            return Err(RecordError::GameEvent(e.ply));
        }
        g.events
            .extend(r.events.iter().filter(|e| e.ply == n).copied());
        g.refresh();
        Ok(g)
    }

    /// Recomputes the verdict at the current ply.
    fn refresh(&mut self) {
        self.verdict = self.compute();
    }

    fn compute(&self) -> Option<Verdict> {
        let ply = self.moves.len();
        let verdict = |result, reason, clause, side| Verdict {
            result,
            reason,
            clause,
            ply,
            side,
            move_limit: None,
            cycle: None,
        };
        // Events end the game where they happen.
        for c in [Color::Red, Color::Black] {
            if self.fouls(c) >= 3 {
                let v = verdict(
                    GameResult::win_for(c.other()),
                    Reason::Fouls,
                    "4.1.8",
                    Some(c),
                );
                return Some(v);
            }
        }
        for e in self.events.iter().filter(|e| e.ply == ply) {
            let win = GameResult::win_for(e.by.other());
            match e.kind {
                EventKind::Resign => {
                    return Some(verdict(win, Reason::Resign, "4.1.9", Some(e.by)))
                }
                EventKind::Timeout => {
                    return Some(verdict(win, Reason::Timeout, "4.1.4", Some(e.by)))
                }
                EventKind::AcceptDraw => {
                    let offerer = Some(e.by.other());
                    return Some(verdict(
                        GameResult::Draw,
                        Reason::Agreement,
                        "4.2.2",
                        offerer,
                    ));
                }
                _ => {}
            }
        }
        let pos = self.position();
        let mover = pos.turn();
        if pos.legal_moves().is_empty() {
            let win = GameResult::win_for(mover.other());
            return Some(if pos.is_check() {
                verdict(win, Reason::Checkmate, "4.1.1", Some(mover))
            } else {
                verdict(win, Reason::Stalemate, "4.1.3", Some(mover))
            });
        }
        if let Some(v) = self.repetition() {
            return Some(v);
        }
        let since_capture = (pos.halfmoves() as usize).min(ply);
        let mut checks = [0u32; 2];
        for j in ply - since_capture..ply {
            if self.checks[j] {
                checks[self.positions[j].turn().index()] += 1;
            }
        }
        if move_limit_reached(self.move_limit, pos.halfmoves(), checks) {
            let mut v = verdict(GameResult::Draw, Reason::MoveLimit, "4.2.4", None);
            v.move_limit = Some(self.move_limit);
            return Some(v);
        }
        if insufficient_material(pos) {
            return Some(verdict(
                GameResult::Draw,
                Reason::InsufficientMaterial,
                "4.2.1",
                None,
            ));
        }
        None
    }

    /// The third occurrence of the current position, if this is one, with its classified cycle and
    /// the ruling of articles 24 and 26.
    ///
    /// "Three times" counts occurrences of the same position with the same side to move since the
    /// last capture; the cycle is every move from the first to the third occurrence, both sides'.
    /// The ruling is made at the third occurrence. 24.3 has an arbiter order the forbidden side to
    /// change and rule the loss if the cycle comes once more; with no arbiter at the board, the
    /// second full cycle stands for that repeat, as both reference engines rule (and the shared
    /// test data asserts).
    fn repetition(&self) -> Option<Verdict> {
        let ply = self.moves.len();
        let pos = self.position();
        let window = (pos.halfmoves() as usize).min(ply);
        let mut seen: Vec<usize> = (ply - window..=ply)
            .rev()
            .step_by(2)
            .filter(|&i| self.positions[i].hash() == pos.hash())
            .collect();
        if seen.len() < 3 {
            return None;
        }
        seen.truncate(3);
        let first = seen[2];
        let classified: Vec<ClassifiedMove> = (first + 1..=ply)
            .map(|j| {
                let before = &self.positions[j - 1];
                let mv = self.moves[j - 1];
                ClassifiedMove {
                    ply: j,
                    mover: before.turn(),
                    mv,
                    piece: before
                        .piece_at(mv.from)
                        .unwrap_or_else(|| unreachable!("a played move has a piece")),
                    kind: classify(before, mv)
                        .unwrap_or_else(|| unreachable!("a played move is legal")),
                }
            })
            .collect();
        let (ruling, moves) = judge_cycle(&classified);
        let (result, reason, side) = match ruling {
            CycleRuling::PerpetualCheck { loser } => (
                GameResult::win_for(loser.other()),
                Reason::PerpetualCheck,
                Some(loser),
            ),
            CycleRuling::Forbidden { loser } => (
                GameResult::win_for(loser.other()),
                Reason::PerpetualChase,
                Some(loser),
            ),
            CycleRuling::Draw { .. } => (GameResult::Draw, Reason::Repetition, None),
        };
        Some(Verdict {
            result,
            reason,
            clause: ruling.clause(),
            ply,
            side,
            move_limit: None,
            cycle: Some(Cycle {
                first_ply: first,
                last_ply: ply,
                moves,
            }),
        })
    }
}

impl From<Game> for GameRecord {
    fn from(g: Game) -> GameRecord {
        g.record()
    }
}

impl TryFrom<GameRecord> for Game {
    type Error = RecordError;

    fn try_from(r: GameRecord) -> Result<Game, RecordError> {
        Game::from_record(&r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(s: &str) -> Move {
        Move::from_iccs(s).unwrap()
    }

    #[test]
    fn play_undo_and_verdict_at() {
        let mut g = Game::new(Position::start());
        for m in ["h0g2", "h9g7", "g2h0", "g7h9"] {
            g.play(mv(m)).unwrap();
        }
        assert_eq!(g.ply(), 4);
        assert!(g.verdict().is_none());
        assert_eq!(
            g.play(mv("e0e2")),
            Err(PlayError::NotAMoveOf(crate::xiangqi::Role::King))
        );
        assert_eq!(g.undo(), Some(mv("g7h9")));
        assert_eq!(g.position().fen(), g.position_at(3).unwrap().fen());
        for m in ["g7h9", "h0g2", "h9g7", "g2h0", "g7h9"] {
            g.play(mv(m)).unwrap();
        }
        // The start position appears for the third time: both sides idle, 26.2.
        assert_eq!(g.verdict().unwrap().summary(), "1/2-1/2 repetition 26.2");
        assert!(g.verdict_at(7).is_none());
        assert_eq!(g.verdict_at(8).unwrap().reason, Reason::Repetition);
        g.undo();
        assert!(g.verdict().is_none());
    }

    #[test]
    fn a_move_declines_a_pending_offer() {
        let mut g = Game::new(Position::start());
        g.play(mv("b2e2")).unwrap();
        assert_eq!(g.offer_draw(), Ok(OfferOutcome::Offered));
        g.play(mv("b9c7")).unwrap();
        assert_eq!(g.pending_offer(), None);
        assert_eq!(g.decline_draw(), Err(GameError::NoOffer));
        // Undoing Black's move brings the offer back: it was made at ply 1.
        g.undo();
        assert_eq!(g.pending_offer(), Some(Color::Red));
    }

    #[test]
    fn records_round_trip_and_refuse_bad_input() {
        let mut g = Game::new(Position::start());
        g.set_move_limit(40);
        g.play(mv("h2e2")).unwrap();
        g.offer_draw().unwrap();
        let r = g.record();
        assert_eq!(r.moves, vec!["h2e2"]);
        let back = Game::from_record(&r).unwrap();
        assert_eq!(back.pending_offer(), Some(Color::Red));
        assert_eq!(back.move_limit(), 40);
        let mut bad = r.clone();
        bad.moves.push("e0e2".into());
        assert!(matches!(
            Game::from_record(&bad),
            Err(RecordError::Illegal { ply: 2, .. })
        ));
        bad.moves = vec!["zz".into()];
        assert!(matches!(
            Game::from_record(&bad),
            Err(RecordError::Notation(_))
        ));
        bad.start = "nonsense".into();
        assert!(matches!(Game::from_record(&bad), Err(RecordError::Fen(_))));
        let json = serde_json::to_string(&r).unwrap();
        assert!(serde_json::from_str::<Game>(&json).is_ok());
        assert!(serde_json::from_str::<Game>("{\"start\":\"x\",\"moves\":[]}").is_err());
    }

    #[test]
    fn tokens_match_the_cli_and_ui() {
        assert_eq!(GameResult::RedWins.token(), "1-0");
        assert_eq!(GameResult::Draw.token(), "1/2-1/2");
        let all = [
            (Reason::Checkmate, "checkmate"),
            (Reason::Stalemate, "stalemate"),
            (Reason::Timeout, "timeout"),
            (Reason::Resign, "resign"),
            (Reason::Agreement, "agreement"),
            (Reason::MoveLimit, "move-limit"),
            (Reason::Repetition, "repetition"),
            (Reason::PerpetualCheck, "perpetual-check"),
            (Reason::PerpetualChase, "perpetual-chase"),
            (Reason::InsufficientMaterial, "insufficient-material"),
            (Reason::Fouls, "fouls"),
        ];
        for (r, t) in all {
            assert_eq!(r.token(), t);
        }
    }
}
