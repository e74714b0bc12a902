//! A classic endgame (残局) played out against the engine: the study's position (after its
//! record's first move when the player is not to move there), the player on the side the record
//! says won (or, in a draw study, the side to move, who must hold the draw), the engine on the
//! other, to the end under the 1999 rules (the game's own verdict: mate, stalemate, perpetual check
//! and chase, the 60-move limit of 4.2.4). The record is the published solution: its next move is
//! the hint while the game still follows it.

use super::puzzle::Puzzle;
use crate::xiangqi::game::{Game, GameResult, Verdict};
use crate::xiangqi::{Color, Move, PlayError};

/// A study being played against the engine.
#[derive(Clone, Debug)]
pub struct Duel {
    puzzle: Puzzle,
    game: Game,
}

/// How a study ended for the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The player won.
    Won,
    /// A draw.
    Drawn,
    /// The engine won.
    Lost,
}

impl Duel {
    /// The study at its position, the record's first move played when the player is not to move.
    pub fn new(puzzle: &Puzzle) -> Duel {
        let mut game = Game::new(puzzle.start());
        // The puzzle's moves were checked legal when it was read.
        for &m in &puzzle.moves[..puzzle.opening_plies()] {
            let _ = game.play(m);
        }
        Duel {
            puzzle: puzzle.clone(),
            game,
        }
    }

    /// The study.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The game so far.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The player's side.
    pub fn player(&self) -> Color {
        self.puzzle.solver()
    }

    /// Whether the engine is to move (and the game goes on).
    pub fn engine_to_move(&self) -> bool {
        self.game.verdict().is_none() && self.game.position().turn() != self.player()
    }

    /// A move of the player; refused while the engine is to move or after the end.
    pub fn play(&mut self, m: Move) -> Result<(), PlayError> {
        if self.game.position().turn() != self.player() {
            return Err(PlayError::NotYourTurn(m.from));
        }
        self.game.play(m)
    }

    /// The engine's move.
    pub fn reply(&mut self, m: Move) -> Result<(), PlayError> {
        if !self.engine_to_move() {
            return Err(PlayError::NotYourTurn(m.from));
        }
        self.game.play(m)
    }

    /// The verdict, once the game is over.
    pub fn verdict(&self) -> Option<&Verdict> {
        self.game.verdict()
    }

    /// The end for the player, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        let v = self.game.verdict()?;
        Some(match (v.result, self.player()) {
            (GameResult::Draw, _) => Outcome::Drawn,
            (GameResult::RedWins, Color::Red) | (GameResult::BlackWins, Color::Black) => {
                Outcome::Won
            }
            _ => Outcome::Lost,
        })
    }

    /// Whether the study's goal was met once it is over: the win, or in a draw study the draw held
    /// (a win too).
    pub fn goal_met(&self) -> Option<bool> {
        Some(match self.outcome()? {
            Outcome::Won => true,
            Outcome::Drawn => self.puzzle.draw,
            Outcome::Lost => false,
        })
    }

    /// The published solution's next move for the player, while the game so far is the record's
    /// and the player is to move: the hint.
    pub fn record_move(&self) -> Option<Move> {
        let played = self.game.moves();
        let on_record = self.puzzle.moves.starts_with(played);
        let to_move = self.game.verdict().is_none() && self.game.position().turn() == self.player();
        if !on_record || !to_move {
            return None;
        }
        self.puzzle.moves.get(played.len()).copied()
    }

    /// The published solution from the study's position, one text a move in Chinese notation
    /// (红方 moves and 黑方 moves alike, as the record gives them).
    pub fn solution(&self) -> Vec<String> {
        let mut pos = self.puzzle.start();
        self.puzzle
            .moves
            .iter()
            .map(|&m| {
                let text = crate::xiangqi::notation::chinese::write(&pos, m);
                pos.play_unchecked(m);
                text
            })
            .collect()
    }

    /// What the engine is asked: the start position and the moves since, ICCS (it needs them
    /// for repetitions).
    pub fn request(&self) -> (String, Vec<String>) {
        (
            self.game.start().fen(),
            self.game.moves().iter().map(|m| m.to_string()).collect(),
        )
    }

    /// Back to the study's position.
    pub fn restart(&mut self) {
        *self = Duel::new(&self.puzzle);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(s: &str) -> Move {
        Move::from_iccs(s).unwrap()
    }

    fn study() -> Puzzle {
        Puzzle::from_json(
            r#"{"fen":"3k5/9/9/9/9/9/9/9/r7r/4K4 w - - 0 1","moves":["e0f0","a1a0"],"source":{"collection":"endgames"}}"#,
        )
        .unwrap()
    }

    #[test]
    fn a_study_whose_winner_is_to_move_starts_at_its_own_position() {
        let mut p = Puzzle::from_json(
            r#"{"fen":"3k5/9/9/9/9/9/9/9/r7r/4K4 b - - 0 1","moves":["a1a2","e0f0","a2a0"],"source":{"collection":"endgames"},"player":"Black"}"#,
        )
        .unwrap();
        let d = Duel::new(&p);
        assert_eq!((d.player(), d.game().ply()), (Color::Black, 0));
        assert!(!d.engine_to_move());
        p.player = Some(Color::Red);
        let d = Duel::new(&p);
        assert_eq!(
            d.game().moves(),
            &[mv("a1a2")],
            "the record's move for the side not played"
        );
        assert_eq!(d.player(), Color::Red);
    }

    #[test]
    fn the_player_takes_the_side_to_move_after_the_records_move() {
        let mut d = Duel::new(&study());
        assert_eq!(d.player(), Color::Black);
        assert_eq!(d.game().moves(), &[mv("e0f0")]);
        assert!(!d.engine_to_move());
        assert!(d.reply(mv("f0e0")).is_err(), "not the engine's turn");
        assert!(d.play(mv("d9c7")).is_err(), "illegal");
        d.play(mv("d9d8")).unwrap();
        assert!(d.engine_to_move());
        assert!(d.play(mv("d8d9")).is_err(), "the engine's turn");
        d.reply(mv("f0e0")).unwrap();
        assert_eq!(d.request().1, ["e0f0", "d9d8", "f0e0"]);
        d.restart();
        assert_eq!(d.game().ply(), 1);
    }

    #[test]
    fn a_mate_ends_it_as_a_win_for_the_player() {
        let mut d = Duel::new(&study());
        assert_eq!(d.outcome(), None);
        d.play(mv("a1a0")).unwrap();
        assert_eq!(d.outcome(), Some(Outcome::Won));
        assert!(!d.engine_to_move());
        assert!(d.play(mv("d9d8")).is_err());
    }

    #[test]
    fn the_hint_is_the_records_next_move_while_the_game_follows_it() {
        let mut d = Duel::new(&study());
        assert_eq!(d.record_move(), Some(mv("a1a0")));
        assert_eq!(d.solution().len(), 2);
        assert_eq!(d.solution()[0], "帅五平四");
        d.play(mv("d9d8")).unwrap();
        assert_eq!(d.record_move(), None, "the engine's turn");
        d.reply(mv("f0e0")).unwrap();
        assert_eq!(d.record_move(), None, "off the record");
    }

    #[test]
    fn a_draw_study_is_met_by_the_draw_and_a_win_study_is_not() {
        // Red's king takes the chariot: two bare kings, a draw.
        let json = r#"{"fen":"3k5/9/9/9/9/9/9/9/4r4/4K4 w - - 0 1","moves":["e0e1"],"source":{"collection":"endgames"},"player":"Red"DRAW}"#;
        for (draw, met) in [(true, true), (false, false)] {
            let text = json.replace("DRAW", if draw { r#","draw":true"# } else { "" });
            let mut d = Duel::new(&Puzzle::from_json(&text).unwrap());
            assert_eq!((d.puzzle().draw, d.goal_met()), (draw, None));
            d.play(mv("e0e1")).unwrap();
            assert_eq!(d.outcome(), Some(Outcome::Drawn));
            assert_eq!(d.goal_met(), Some(met), "draw study: {draw}");
        }
    }
}
