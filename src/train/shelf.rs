//! The teacher's sets as `#/train` keeps them (a shelf of named [`PuzzleSet`]s, saved as one
//! versioned JSON value), a puzzle made a set's position, and the class view: one position of a
//! set at a time, with "show the move" and "show the line" steps.

use super::puzzle::Puzzle;
use super::set::{Cap, PuzzleSet, SetError, SetItem, MAX_ITEMS};
use crate::xiangqi::{Color, Move, Position};
use serde::{Deserialize, Serialize};

/// The shelf's saved form's version.
pub const SHELF_VERSION: u32 = 1;

/// The teacher's sets, in the order made.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Shelf {
    /// The sets.
    pub sets: Vec<PuzzleSet>,
}

#[derive(Serialize, Deserialize)]
struct RawShelf {
    version: u32,
    /// Each set as its file's text: one reader and one set of checks for files and the shelf.
    sets: Vec<String>,
}

impl Shelf {
    /// Reads the saved shelf: every set checked as a set file is.
    pub fn from_json(text: &str) -> Result<Shelf, SetError> {
        let raw: RawShelf = serde_json::from_str(text)
            .map_err(|e| SetError::Corrupt(super::set::Corruption::NotJson(e.to_string())))?;
        if raw.version > SHELF_VERSION {
            return Err(SetError::NewerVersion {
                found: raw.version,
                supported: SHELF_VERSION,
            });
        }
        let sets = raw
            .sets
            .iter()
            .map(|s| PuzzleSet::from_file(s))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Shelf { sets })
    }

    /// The saved form (sets that fail their checks are left out: they cannot have been made).
    pub fn to_json(&self) -> String {
        let raw = RawShelf {
            version: SHELF_VERSION,
            sets: self.sets.iter().filter_map(|s| s.to_file().ok()).collect(),
        };
        serde_json::to_string(&raw).unwrap_or_default()
    }

    /// Adds `item` to set `set`; refused past [`MAX_ITEMS`].
    pub fn add(&mut self, set: usize, item: SetItem) -> Result<(), SetError> {
        let Some(s) = self.sets.get_mut(set) else {
            return Ok(());
        };
        if s.items.len() >= MAX_ITEMS {
            return Err(SetError::TooBig {
                cap: Cap::Items,
                found: s.items.len() + 1,
            });
        }
        s.items.push(item);
        Ok(())
    }

    /// Moves item `item` of set `set` one place up (`up`) or down; nothing at either end.
    pub fn shift(&mut self, set: usize, item: usize, up: bool) {
        if let Some(s) = self.sets.get_mut(set) {
            let other = if up {
                item.checked_sub(1)
            } else {
                Some(item + 1)
            };
            if let Some(o) = other.filter(|&o| o < s.items.len() && item < s.items.len()) {
                s.items.swap(item, o);
            }
        }
    }
}

/// A puzzle as a set's position: the solver to move (after the opponent's last move) and the
/// solution line from there.
pub fn item_of(puzzle: &Puzzle) -> SetItem {
    let ply = puzzle.opening_plies();
    SetItem {
        fen: puzzle.position_after(ply).fen(),
        moves: puzzle.moves[ply..].to_vec(),
        comment: String::new(),
    }
}

/// The class view of a set: which position is shown and how much of its line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Class {
    /// The set shown.
    pub set: PuzzleSet,
    /// The position shown (from 0).
    pub at: usize,
    /// The plies of its line shown (0: the question).
    pub shown: usize,
}

impl Class {
    /// The first position of `set`, its question.
    pub fn new(set: PuzzleSet) -> Class {
        Class {
            set,
            at: 0,
            shown: 0,
        }
    }

    /// The position shown, with its line played as far as shown; `None` for an empty set or a
    /// position that does not read (a set is checked when read, so only a bad item).
    pub fn position(&self) -> Option<Position> {
        let item = self.set.items.get(self.at)?;
        let mut pos = Position::from_fen(&item.fen).ok()?;
        for m in item.moves.iter().take(self.shown) {
            pos.play(*m).ok()?;
        }
        Some(pos)
    }

    /// The side asked to find the move: the question's side to move, whatever of the line is shown.
    pub fn solver(&self) -> Option<Color> {
        let item = self.set.items.get(self.at)?;
        Position::from_fen(&item.fen).ok().map(|p| p.turn())
    }

    /// The last move shown, for its highlight.
    pub fn last_move(&self) -> Option<Move> {
        let item = self.set.items.get(self.at)?;
        self.shown
            .checked_sub(1)
            .and_then(|i| item.moves.get(i).copied())
    }

    /// The line's length for the position shown.
    pub fn line_len(&self) -> usize {
        self.set.items.get(self.at).map_or(0, |i| i.moves.len())
    }

    /// Shows the answer's first move.
    pub fn show_move(&mut self) {
        self.shown = self.shown.max(1).min(self.line_len());
    }

    /// Shows the whole line.
    pub fn show_line(&mut self) {
        self.shown = self.line_len();
    }

    /// The next position, its question.
    pub fn next_position(&mut self) -> bool {
        self.go(self.at + 1)
    }

    /// The previous position, its question.
    pub fn previous_position(&mut self) -> bool {
        self.at.checked_sub(1).is_some_and(|at| self.go(at))
    }

    fn go(&mut self, at: usize) -> bool {
        if at >= self.set.items.len() {
            return false;
        }
        self.at = at;
        self.shown = 0;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(s: &str) -> Move {
        Move::from_iccs(s).unwrap()
    }

    fn puzzle() -> Puzzle {
        Puzzle::from_json(
            r#"{"fen":"3k5/9/9/9/9/9/9/9/r7r/4K4 w - - 0 1","moves":["e0f0","a1a0"],"source":{"collection":"games"}}"#,
        )
        .unwrap()
    }

    fn set_of(n: usize) -> PuzzleSet {
        PuzzleSet {
            name: "作业".into(),
            items: (0..n)
                .map(|i| SetItem {
                    comment: format!("{i}"),
                    ..item_of(&puzzle())
                })
                .collect(),
        }
    }

    #[test]
    fn the_solver_stays_the_questions_side_when_the_move_is_shown() {
        let mut class = Class::new(set_of(1));
        assert_eq!(class.solver(), Some(Color::Black));
        class.show_move();
        assert_eq!(class.position().map(|p| p.turn()), Some(Color::Red));
        assert_eq!(class.solver(), Some(Color::Black));
    }

    #[test]
    fn a_puzzle_becomes_the_solvers_position_and_the_solution() {
        let item = item_of(&puzzle());
        assert_eq!(item.fen, "3k5/9/9/9/9/9/9/9/r7r/5K3 b - - 1 1");
        assert_eq!(item.moves, vec![mv("a1a0")]);
    }

    #[test]
    fn the_shelf_round_trips_and_refuses_a_newer_or_damaged_value() {
        let shelf = Shelf {
            sets: vec![set_of(2), PuzzleSet::default()],
        };
        assert_eq!(Shelf::from_json(&shelf.to_json()), Ok(shelf.clone()));
        let newer = shelf
            .to_json()
            .replacen("\"version\":1", "\"version\":9", 1);
        assert!(matches!(
            Shelf::from_json(&newer),
            Err(SetError::NewerVersion { found: 9, .. })
        ));
        assert!(matches!(
            Shelf::from_json("[1,2"),
            Err(SetError::Corrupt(_))
        ));
    }

    #[test]
    fn items_are_added_up_to_the_cap_and_reordered() {
        let mut shelf = Shelf {
            sets: vec![set_of(MAX_ITEMS - 1)],
        };
        assert_eq!(shelf.add(0, item_of(&puzzle())), Ok(()));
        assert!(matches!(
            shelf.add(0, item_of(&puzzle())),
            Err(SetError::TooBig {
                cap: Cap::Items,
                ..
            })
        ));
        shelf.shift(0, 1, true);
        assert_eq!(shelf.sets[0].items[0].comment, "1");
        shelf.shift(0, 0, true);
        assert_eq!(shelf.sets[0].items[0].comment, "1");
        let last = MAX_ITEMS - 1;
        shelf.shift(0, last, false);
        assert_eq!(shelf.sets[0].items.len(), MAX_ITEMS);
    }

    #[test]
    fn the_class_view_steps_through_question_move_line_and_positions() {
        let mut set = set_of(2);
        set.items[1] = SetItem {
            fen: "4k4/9/9/9/9/9/9/9/9/R2K5 b - - 0 1".into(),
            moves: vec![mv("e9e8"), mv("d0d1"), mv("e8e7")],
            comment: String::new(),
        };
        let mut c = Class::new(set);
        assert_eq!(c.last_move(), None);
        c.show_move();
        assert_eq!(c.last_move(), Some(mv("a1a0")));
        assert!(c.position().unwrap().is_checkmate());
        assert!(c.next_position());
        assert_eq!(c.shown, 0);
        c.show_move();
        assert_eq!(c.shown, 1);
        c.show_line();
        assert_eq!(c.last_move(), Some(mv("e8e7")));
        assert!(!c.next_position());
        assert!(c.previous_position());
        assert_eq!((c.at, c.shown), (0, 0));
        assert!(!c.previous_position());
    }
}
