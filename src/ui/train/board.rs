//! What `#/train`'s boards draw from the position shown and how a click picks a piece: one way
//! for the puzzles, the endgames and the class view.

use crate::xiangqi::{Move, Position, Setup, Square};
use leptos::prelude::*;

/// The memos a board draws from the position shown (none: an empty board).
pub(super) struct Shown {
    pub(super) setup: Memo<Setup>,
    /// The king in check, marked.
    pub(super) check: Memo<Option<Square>>,
    /// Where the picked piece may go.
    pub(super) targets: Memo<Vec<Square>>,
    /// The last move played, highlighted.
    pub(super) last: Memo<Option<(Square, Square)>>,
}

/// What gives the last move played (boxed: one copy of [`shown`] serves every board).
pub(super) type LastMove = Box<dyn Fn() -> Option<Move> + Send + Sync>;

/// The memos of `pos`, with the targets of the piece on `selected` and the move `last` gives.
pub(super) fn shown(
    pos: Memo<Option<Position>>,
    selected: RwSignal<Option<Square>>,
    last: LastMove,
) -> Shown {
    Shown {
        last: Memo::new(move |_| last().map(|m| (m.from, m.to))),
        setup: Memo::new(move |_| {
            pos.with(|p| p.as_ref().map_or_else(Setup::empty, Position::to_setup))
        }),
        check: Memo::new(move |_| {
            pos.with(|p| {
                p.as_ref()
                    .and_then(|p| p.is_check().then(|| p.king(p.turn())))
            })
        }),
        targets: Memo::new(move |_| {
            let from = selected.get();
            pos.with(|p| match (p, from) {
                (Some(p), Some(sq)) => p.legal_moves_from(sq).iter().map(|m| m.to).collect(),
                _ => Vec::new(),
            })
        }),
    }
}

/// A click on `sq` of `pos`: picks up a piece of the side to move, puts the picked one back, or
/// moves it with `play`.
pub(super) fn pick(
    selected: RwSignal<Option<Square>>,
    pos: &Position,
    sq: Square,
    play: impl FnOnce(Move),
) {
    let own = pos.piece_at(sq).is_some_and(|p| p.color == pos.turn());
    match selected.get_untracked() {
        Some(from) if from == sq => selected.set(None),
        _ if own => selected.set(Some(sq)),
        Some(from) => play(Move::new(from, sq)),
        None => {}
    }
}
