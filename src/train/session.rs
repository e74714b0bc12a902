//! One puzzle at the board: the opponent's last move first, then the solver's moves checked
//! against the solution, the replies played by themselves, hints and the solution on request.
//! The page only shows it; every decision (right, wrong, solved, what the hint points at) is here.

use super::puzzle::Puzzle;
use crate::xiangqi::{Move, PlayError, Position, Square};

/// Where a puzzle stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Before the opponent's last move is played (the page plays it after a short pause).
    Intro,
    /// The solver is to move.
    Solving,
    /// The solver's last move was wrong; the position shows it. [`Solving::retry`] takes it back.
    Wrong(Move),
    /// Every move of the solution has been played (or a move that mates at once).
    Solved,
}

/// What a move of the solver did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Attempt {
    /// The right move; the reply (if any) is to be played by the page after a pause.
    Right,
    /// The right move, and the last one: the puzzle is solved.
    Solved,
    /// A legal move that is not the solution.
    Wrong,
    /// Not a legal move here (nothing changes).
    Illegal(PlayError),
    /// No move is expected now (the reply is pending, or the puzzle is over).
    NotNow,
}

/// A puzzle being solved: the line, how far it has been played, and what the solver did.
#[derive(Clone, Debug)]
pub struct Solving {
    puzzle: Puzzle,
    start: Position,
    line: Vec<Move>,
    /// Moves of the line on the board.
    played: usize,
    position: Position,
    stage: Stage,
    /// Wrong moves made.
    pub mistakes: u32,
    /// The hint was asked for.
    pub hinted: bool,
    /// The solution was shown.
    pub revealed: bool,
}

impl Solving {
    /// The puzzle at its start, before the opponent's last move (its moves are checked legal
    /// when it is read).
    pub fn new(puzzle: &Puzzle) -> Solving {
        let start = puzzle.start();
        Solving {
            puzzle: puzzle.clone(),
            position: start.clone(),
            start,
            line: puzzle.moves.clone(),
            played: 0,
            stage: Stage::Intro,
            mistakes: 0,
            hinted: false,
            revealed: false,
        }
    }

    /// The puzzle.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The position on the board.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The stage reached.
    pub fn stage(&self) -> Stage {
        self.stage
    }

    /// The side that solves (the one to move after the opponent's move).
    pub fn solver(&self) -> crate::xiangqi::Color {
        self.start.turn().other()
    }

    /// The last move on the board (for its highlight).
    pub fn last_move(&self) -> Option<Move> {
        match self.stage {
            Stage::Wrong(m) => Some(m),
            _ => self.played.checked_sub(1).map(|i| self.line[i]),
        }
    }

    /// Whether the page should now play the line's next move by itself (the opening move, or
    /// the opponent's reply to a right move).
    pub fn reply_due(&self) -> bool {
        self.stage != Stage::Solved
            && !matches!(self.stage, Stage::Wrong(_))
            && self.played.is_multiple_of(2)
            && self.played < self.line.len()
    }

    /// Plays the line's next move when it is the opponent's (see [`Solving::reply_due`]).
    pub fn play_reply(&mut self) -> Option<Move> {
        if !self.reply_due() {
            return None;
        }
        let m = self.line[self.played];
        self.position.play_unchecked(m);
        self.played += 1;
        self.stage = Stage::Solving;
        Some(m)
    }

    /// The solver's move: right, wrong, or not legal. A move other than the solution's that
    /// mates at once is right too (the generator accepts every move that wins as fast).
    pub fn try_move(&mut self, m: Move) -> Attempt {
        if self.stage != Stage::Solving || self.played.is_multiple_of(2) {
            return Attempt::NotNow;
        }
        if !self.position.is_legal(m) {
            return Attempt::Illegal(self.position.why_illegal(m));
        }
        let expected = self.line[self.played];
        let Ok(after) = self.position.after(m) else {
            return Attempt::NotNow;
        };
        if !self.puzzle.accepts(self.played, m) && !after.is_checkmate() {
            self.position = after;
            self.mistakes += 1;
            self.stage = Stage::Wrong(m);
            return Attempt::Wrong;
        }
        self.position = after;
        self.played += 1;
        if m != expected || self.played == self.line.len() {
            self.played = self.line.len();
            self.stage = Stage::Solved;
            return Attempt::Solved;
        }
        Attempt::Right
    }

    /// Takes a wrong move back, to try again.
    pub fn retry(&mut self) {
        if let Stage::Wrong(_) = self.stage {
            self.position = self.replayed(self.played);
            self.stage = Stage::Solving;
        }
    }

    /// The position after the first `n` moves of the line.
    fn replayed(&self, n: usize) -> Position {
        let mut pos = self.start.clone();
        for m in &self.line[..n] {
            pos.play_unchecked(*m);
        }
        pos
    }

    /// The point of the piece to move now (the hint); counts as help.
    pub fn hint(&mut self) -> Option<Square> {
        let m = self.next_move()?;
        if !self.hinted {
            self.hinted = true;
        }
        Some(m.from)
    }

    /// The solver's move the solution expects now, if the solver is to move.
    pub fn next_move(&self) -> Option<Move> {
        (self.stage == Stage::Solving && !self.played.is_multiple_of(2))
            .then(|| self.line[self.played])
    }

    /// Plays the solver's expected move for them (the solution, a move at a time); the reply
    /// then comes as after a right move.
    pub fn show_move(&mut self) -> Option<Move> {
        self.retry();
        let m = self.next_move()?;
        self.revealed = true;
        self.position.play_unchecked(m);
        self.played += 1;
        if self.played == self.line.len() {
            self.stage = Stage::Solved;
        }
        Some(m)
    }

    /// Whether the puzzle was solved without a mistake, a hint or the solution.
    pub fn clean(&self) -> bool {
        self.stage == Stage::Solved && self.mistakes == 0 && !self.hinted && !self.revealed
    }

    /// The whole line, in ICCS order (the opponent's move first).
    pub fn line(&self) -> &[Move] {
        &self.line
    }

    /// The position the puzzle starts from (before the opponent's move).
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The position the solver faces at the start (after the opponent's move): where a wrong
    /// move's refutation is searched from is [`Solving::position`] instead.
    pub fn first_problem(&self) -> Position {
        self.replayed(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn puzzle(fen: &str, moves: &str) -> Puzzle {
        let moves: Vec<String> = moves
            .split_whitespace()
            .map(|m| format!("\"{m}\""))
            .collect();
        let json = format!(
            r#"{{"fen":"{fen}","moves":[{}],"source":{{"collection":"games"}}}}"#,
            moves.join(",")
        );
        Puzzle::from_json(&json).unwrap_or_else(|e| panic!("{e}"))
    }

    fn mv(s: &str) -> Move {
        Move::from_iccs(s).unwrap()
    }

    /// Black chariots on a1 and i1, Red's king on e0 alone: its only move is e0f0 (d0 faces
    /// Black's king, e1 is attacked), after which a1a0 and i1i0 both mate.
    const TWO_MATES: &str = "3k5/9/9/9/9/9/9/9/r7r/4K4 w - - 0 1";
    /// Kings only, and Red's chariot: a line of king steps to follow (the session follows the
    /// line; the generator has judged it).
    const WALK: &str = "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1";

    #[test]
    fn the_opponents_move_comes_first_then_the_hint_names_the_piece() {
        let mut s = Solving::new(&puzzle(TWO_MATES, "e0f0 a1a0"));
        assert_eq!(s.stage(), Stage::Intro);
        assert!(s.reply_due());
        assert_eq!(s.play_reply(), Some(mv("e0f0")));
        assert_eq!(s.stage(), Stage::Solving);
        assert_eq!(s.solver(), crate::xiangqi::Color::Black);
        assert!(!s.reply_due());
        assert_eq!(s.hint(), Square::parse("a1"));
        assert!(s.hinted);
    }

    #[test]
    fn a_wrong_move_is_shown_then_taken_back() {
        let mut s = Solving::new(&puzzle(TWO_MATES, "e0f0 a1a0"));
        s.play_reply();
        let wrong = mv("d9d8");
        assert_eq!(s.try_move(wrong), Attempt::Wrong);
        assert_eq!(s.stage(), Stage::Wrong(wrong));
        assert_eq!(s.last_move(), Some(wrong));
        assert_eq!(s.try_move(mv("a1a0")), Attempt::NotNow);
        s.retry();
        assert_eq!(s.stage(), Stage::Solving);
        assert_eq!(s.try_move(mv("a1a0")), Attempt::Solved);
        assert!(!s.clean());
        assert_eq!(s.mistakes, 1);
    }

    #[test]
    fn an_illegal_move_changes_nothing() {
        let mut s = Solving::new(&puzzle(TWO_MATES, "e0f0 a1a0"));
        s.play_reply();
        let before = s.position().fen();
        assert!(matches!(s.try_move(mv("d9c7")), Attempt::Illegal(_)));
        assert_eq!(s.position().fen(), before);
        assert_eq!(s.stage(), Stage::Solving);
    }

    #[test]
    fn the_reply_comes_after_a_right_move_and_a_clean_solve_counts() {
        let mut s = Solving::new(&puzzle(WALK, "d0d1 e9e8 d1d2 e8e7"));
        s.play_reply();
        assert_eq!(s.try_move(mv("e9e8")), Attempt::Right);
        assert!(s.reply_due());
        assert_eq!(s.play_reply(), Some(mv("d1d2")));
        assert_eq!(s.try_move(mv("e8e7")), Attempt::Solved);
        assert!(s.clean());
        assert!(!s.reply_due());
    }

    #[test]
    fn showing_the_solution_plays_it_and_marks_the_result() {
        let mut s = Solving::new(&puzzle(WALK, "d0d1 e9e8 d1d2 e8e7"));
        s.play_reply();
        assert_eq!(s.show_move(), Some(mv("e9e8")));
        assert_eq!(s.play_reply(), Some(mv("d1d2")));
        assert_eq!(s.show_move(), Some(mv("e8e7")));
        assert_eq!(s.stage(), Stage::Solved);
        assert!(s.revealed && !s.clean());
    }

    #[test]
    fn another_move_that_mates_at_once_is_right() {
        let mut s = Solving::new(&puzzle(TWO_MATES, "e0f0 i1i0"));
        s.play_reply();
        assert!(s.position().after(mv("a1a0")).unwrap().is_checkmate());
        assert_eq!(s.try_move(mv("a1a0")), Attempt::Solved);
        assert!(s.clean());
    }
}
