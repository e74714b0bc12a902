//! A long move list drawn a block at a time (`#/play`'s move list): the main line cut into runs
//! of plies that, with the variations played instead of them, hold about a given number of
//! moves, and the block a node of the tree is drawn in. A game of ordinary size is one block.

use super::tree::{GameTree, NodeId};
use std::ops::Range;

/// A block of the list: some plies of the main line and the moves it draws.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    /// Its plies, as indices into the main line.
    pub plies: Range<usize>,
    /// The moves it draws: its plies and every move of the variations played instead of them.
    pub moves: usize,
}

/// The main line's plies, as indices into `main` (the tree's [`GameTree::main_line`]), cut into
/// blocks of at least `moves` moves each where the plies allow (the last may be smaller),
/// counting every move of the variations played instead of a block's plies. Never empty: a tree
/// without moves is one empty block.
pub fn blocks(tree: &GameTree, main: &[NodeId], moves: usize) -> Vec<Block> {
    let mut out = Vec::new();
    let (mut from, mut held) = (0, 0);
    for (i, &id) in main.iter().enumerate() {
        held += 1 + tree
            .siblings(id)
            .iter()
            .skip(1)
            .map(|&v| moves_from(tree, v))
            .sum::<usize>();
        if held >= moves.max(1) {
            out.push(Block {
                plies: from..i + 1,
                moves: held,
            });
            (from, held) = (i + 1, 0);
        }
    }
    if from < main.len() || out.is_empty() {
        out.push(Block {
            plies: from..main.len(),
            moves: held,
        });
    }
    out
}

/// How many moves the line from `id` holds: `id` and everything played after it, every line.
fn moves_from(tree: &GameTree, id: NodeId) -> usize {
    let mut stack = vec![id];
    let mut n = 0;
    while let Some(at) = stack.pop() {
        n += 1;
        stack.extend_from_slice(tree.children(at));
    }
    n
}

/// The main-line ply (an index into the main line) under which `id` is drawn: its own for a
/// main-line move, else that of the main-line move its variation was played instead of;
/// `None` for the root (drawn before the first move) or a node not in the tree.
pub fn ply_drawn_at(tree: &GameTree, id: NodeId) -> Option<usize> {
    let line = tree.line(id);
    let first_aside = line
        .iter()
        .find(|&&i| tree.siblings(i).first() != Some(&i))
        .or(line.last())?;
    Some(tree.ply(*first_aside)? - 1)
}

/// The block of `blocks` that draws `id` (the first for the root).
pub fn block_of(tree: &GameTree, blocks: &[Block], id: NodeId) -> usize {
    let ply = ply_drawn_at(tree, id).unwrap_or(0);
    blocks
        .partition_point(|b| b.plies.end <= ply)
        .min(blocks.len().saturating_sub(1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::Move;

    fn mv(s: &str) -> Move {
        Move::from_iccs(s).unwrap()
    }

    /// Horses out and back for `plies` plies, with a two-move variation at every ply.
    fn shuffle(plies: usize) -> GameTree {
        let main = ["b0c2", "b9c7", "c2b0", "c7b9"];
        let aside = [
            ["h2e2", "h9g7"],
            ["h7e7", "h0g2"],
            ["h2e2", "h9g7"],
            ["h7e7", "h0g2"],
        ];
        let mut t = GameTree::default();
        let mut at = t.root();
        for i in 0..plies {
            let next = t.add_move(at, mv(main[i % 4])).unwrap();
            let v = t.add_move(at, mv(aside[i % 4][0])).unwrap();
            t.add_move(v, mv(aside[i % 4][1])).unwrap();
            at = next;
        }
        t
    }

    #[test]
    fn blocks_hold_their_plies_and_variations_and_cover_the_main_line() {
        let t = shuffle(10);
        let main = t.main_line();
        let plies = |b: Vec<Block>| {
            b.into_iter()
                .map(|b| (b.plies, b.moves))
                .collect::<Vec<_>>()
        };
        // Each ply holds 3 moves: its own and its variation's two.
        assert_eq!(
            plies(blocks(&t, &main, 7)),
            [(0..3, 9), (3..6, 9), (6..9, 9), (9..10, 3)]
        );
        let each: Vec<_> = (0..10).map(|i| (i..i + 1, 3)).collect();
        assert_eq!(plies(blocks(&t, &main, 3)), each);
        assert_eq!(plies(blocks(&t, &main, 100)), [(0..10, 30)]);
        assert_eq!(blocks(&t, &main, 0).len(), 10);
        let empty = GameTree::default();
        assert_eq!(plies(blocks(&empty, &empty.main_line(), 7)), [(0..0, 0)]);
    }

    #[test]
    fn a_node_is_drawn_in_the_block_of_the_main_line_move_its_variation_replaces() {
        let t = shuffle(10);
        let main = t.main_line();
        let b = blocks(&t, &main, 7);
        assert_eq!(block_of(&t, &b, t.root()), 0);
        assert_eq!(ply_drawn_at(&t, t.root()), None);
        for (i, &id) in main.iter().enumerate() {
            assert_eq!(ply_drawn_at(&t, id), Some(i));
            assert_eq!(block_of(&t, &b, id), i / 3);
            // The variation beside it, and its second move.
            let v = t.siblings(id)[1];
            let deep = t.next(v).unwrap();
            assert_eq!(ply_drawn_at(&t, v), Some(i));
            assert_eq!(ply_drawn_at(&t, deep), Some(i));
            assert_eq!(block_of(&t, &b, deep), i / 3);
        }
        // A variation inside a variation is drawn with the outer one.
        let mut t = t;
        let v = t.siblings(main[4])[1];
        let inner = t.add_move(v, mv("b9c7")).unwrap();
        assert_eq!(ply_drawn_at(&t, inner), Some(4));
    }
}
