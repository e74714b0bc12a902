//! What a press on a point of the board means, as every board of the app reads it: a piece of
//! the side to move is chosen, pressed again it is let go, and a press elsewhere tries the move.

use super::{Color, Move, Position, Square};

/// What a press on a point means, given the point chosen before.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Press {
    /// The chosen point pressed again: the choice is let go.
    LetGo,
    /// A piece of the side to move is chosen (instead of any chosen before).
    Choose(Square),
    /// From the chosen point to the pressed one: the move to try (the rules judge it).
    Try(Move),
    /// A piece of the side not to move, with nothing chosen: it is this side's turn.
    NotYourTurn(Color),
    /// An empty point with nothing chosen.
    Nothing,
}

/// What pressing `sq` in `pos` means when `chosen` was chosen before.
///
/// ```
/// use xiangqi_club::xiangqi::press::{press, Press};
/// use xiangqi_club::xiangqi::Position;
/// let h2 = "h2".parse().unwrap();
/// assert_eq!(press(&Position::start(), None, h2), Press::Choose(h2));
/// assert_eq!(press(&Position::start(), Some(h2), h2), Press::LetGo);
/// ```
pub fn press(pos: &Position, chosen: Option<Square>, sq: Square) -> Press {
    let own = pos.piece_at(sq).is_some_and(|p| p.color == pos.turn());
    match chosen {
        Some(from) if from == sq => Press::LetGo,
        _ if own => Press::Choose(sq),
        Some(from) => Press::Try(Move::new(from, sq)),
        None if pos.piece_at(sq).is_some() => Press::NotYourTurn(pos.turn()),
        None => Press::Nothing,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn a_piece_of_the_side_to_move_is_chosen_and_let_go() {
        let p = Position::start();
        assert_eq!(press(&p, None, sq("h2")), Press::Choose(sq("h2")));
        assert_eq!(press(&p, Some(sq("h2")), sq("h2")), Press::LetGo);
        // Another own piece takes the choice over.
        assert_eq!(press(&p, Some(sq("h2")), sq("b2")), Press::Choose(sq("b2")));
    }

    #[test]
    fn a_press_elsewhere_tries_the_move_legal_or_not() {
        let p = Position::start();
        assert_eq!(
            press(&p, Some(sq("h2")), sq("e2")),
            Press::Try(Move::new(sq("h2"), sq("e2")))
        );
        // Onto the other side's piece, and nowhere a cannon could go: the rules will say.
        assert_eq!(
            press(&p, Some(sq("h2")), sq("h9")),
            Press::Try(Move::new(sq("h2"), sq("h9")))
        );
        assert_eq!(
            press(&p, Some(sq("h2")), sq("a5")),
            Press::Try(Move::new(sq("h2"), sq("a5")))
        );
    }

    #[test]
    fn with_nothing_chosen_the_other_sides_piece_says_whose_turn_it_is() {
        let p = Position::start();
        assert_eq!(press(&p, None, sq("h7")), Press::NotYourTurn(Color::Red));
        assert_eq!(press(&p, None, sq("e5")), Press::Nothing);
        let black = Position::from_fen("4k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1").unwrap();
        assert_eq!(
            press(&black, None, sq("d0")),
            Press::NotYourTurn(Color::Black)
        );
        assert_eq!(press(&black, None, sq("e9")), Press::Choose(sq("e9")));
    }
}
