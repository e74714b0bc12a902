//! A game record as a tree of variations, as a teacher's study or an annotated game keeps it.
//!
//! A [`GameTree`] holds the start position, the PGN tags and a node per move. Every node but the
//! root carries a move; its children are the moves played after it, the first child being the
//! main continuation and the others variations (in the order they are shown). Each node keeps
//! what an annotator writes on the move: a comment after it (the root's comment comes before the
//! first move), a comment before it (only where a variation starts, as PGN's `( {…} move`), NAGs
//! (`$1`–`$6` are the marks ! ? !! ?? !? ?!), arrows and circles drawn on the board (PGN
//! `[%cal …]`/`[%csl …]`), and an engine evaluation (`[%eval …]`).
//!
//! What a move list, a board and an annotation panel need:
//! - walk: [`GameTree::root`], [`GameTree::children`] (main first), [`GameTree::parent`],
//!   [`GameTree::main_line`], [`GameTree::main_line_from`], [`GameTree::line`] (root to a node),
//!   [`GameTree::position`] (after a node's move), [`GameTree::ply`], [`GameTree::is_main_line`];
//! - edit: [`GameTree::add_move`] (an existing child is reused, otherwise a new variation),
//!   [`GameTree::play`] (the same, refused once the line's verdict is reached), [`GameTree::promote`]
//!   (one step up), [`GameTree::make_main_line`], [`GameTree::delete_variation`],
//!   [`GameTree::delete_from`], and [`GameTree::node_mut`] for the comment, marks and drawings;
//! - judge: [`GameTree::verdict`] gives each line's own verdict under the 1999 rules, from the same
//!   [`Game`] the board uses (a variation is judged on its own line only).
//!
//! Node ids stay valid until their node is deleted; a deleted id is refused (`None` / an error),
//! never a panic. Nothing here recurses over the tree's depth, so a line or a nesting of any
//! length is safe.

use super::game::{Game, Verdict};
use super::notation::pgn::PgnNotice;
use super::notation::record::{result_in, set_tag_in, tag_in, PgnGame, PgnResult};
use super::{Move, PlayError, Position, Square};
use std::fmt;

/// A node of a [`GameTree`]; valid until the node is deleted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(usize);

impl NodeId {
    /// The node's number: what a page writes down to find the node again ([`GameTree::node_id`]).
    pub const fn index(self) -> usize {
        self.0
    }
}

/// The colour of a drawn arrow or circle, as lichess writes it (`G`, `R`, `B`, `Y`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MarkColor {
    /// `G`, the default.
    Green,
    /// `R`.
    Red,
    /// `B`.
    Blue,
    /// `Y`.
    Yellow,
}

impl MarkColor {
    /// The letter PGN uses.
    pub const fn letter(self) -> char {
        match self {
            MarkColor::Green => 'G',
            MarkColor::Red => 'R',
            MarkColor::Blue => 'B',
            MarkColor::Yellow => 'Y',
        }
    }

    /// The colour of a letter (either case).
    pub fn from_letter(c: char) -> Option<MarkColor> {
        Some(match c.to_ascii_uppercase() {
            'G' => MarkColor::Green,
            'R' => MarkColor::Red,
            'B' => MarkColor::Blue,
            'Y' => MarkColor::Yellow,
            _ => return None,
        })
    }
}

/// An arrow drawn on the board, from one point to another (`[%cal Gh2e2]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Arrow {
    /// Its colour.
    pub color: MarkColor,
    /// Where it starts.
    pub from: Square,
    /// Where it points.
    pub to: Square,
}

/// A circled point (`[%csl Re5]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Circle {
    /// Its colour.
    pub color: MarkColor,
    /// The point.
    pub at: Square,
}

/// An engine's evaluation of the position after a move, from Red's side (`[%eval 0.35]`,
/// `[%eval #-3]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Eval {
    /// Centipawns for Red (negative: Black is better).
    Centipawns(i32),
    /// Mate in this many moves, positive when Red mates.
    Mate(i32),
}

/// The move marks and their NAGs: ! ? !! ?? !? ?! are `$1`–`$6`.
pub const MARKS: [(u8, &str); 6] = [
    (1, "!"),
    (2, "?"),
    (3, "!!"),
    (4, "??"),
    (5, "!?"),
    (6, "?!"),
];

/// The mark of NAG `nag` (`!` for 1), if it is one of [`MARKS`].
pub fn mark_of(nag: u8) -> Option<&'static str> {
    MARKS.iter().find(|(n, _)| *n == nag).map(|(_, s)| *s)
}

/// The NAG of a mark (`!?` → 5).
pub fn nag_of(mark: &str) -> Option<u8> {
    MARKS.iter().find(|(_, s)| *s == mark).map(|(n, _)| *n)
}

/// One move of the tree and what is written on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    parent: Option<NodeId>,
    children: Vec<NodeId>,
    mv: Option<Move>,
    position: Position,
    ply: usize,
    /// The comment after the move (the root's: before the first move).
    pub comment: Option<String>,
    /// A comment before the move, where a variation starts (`( {…} 1... 炮8平5 )`).
    pub before: Option<String>,
    /// Numeric annotation glyphs (`$1` = !, …), in file order.
    pub nags: Vec<u8>,
    /// Arrows drawn with this move shown.
    pub arrows: Vec<Arrow>,
    /// Circled points drawn with this move shown.
    pub circles: Vec<Circle>,
    /// The engine's evaluation of the position after the move.
    pub eval: Option<Eval>,
}

impl Node {
    /// The move that leads here; `None` at the root.
    pub fn mv(&self) -> Option<Move> {
        self.mv
    }

    /// The position after the move.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The moves from the start to here.
    pub fn ply(&self) -> usize {
        self.ply
    }

    /// Whether the node carries any annotation (comment, mark, drawing or evaluation).
    pub fn is_annotated(&self) -> bool {
        self.comment.is_some()
            || self.before.is_some()
            || !self.nags.is_empty()
            || !self.arrows.is_empty()
            || !self.circles.is_empty()
            || self.eval.is_some()
    }
}

/// A line taken out of a [`GameTree`] ([`GameTree::remove`]), kept so that a deletion can be
/// undone ([`GameTree::restore`]) as lichess allows until the next edit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Removed {
    parent: NodeId,
    place: usize,
    head: NodeId,
    nodes: Vec<(NodeId, Node)>,
}

impl Removed {
    /// The node the removed line hung from.
    pub fn parent(&self) -> NodeId {
        self.parent
    }

    /// How many moves were removed.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether nothing was removed (never, for a line taken by [`GameTree::remove`]).
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }
}

/// Why a tree edit was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TreeError {
    /// The node does not exist (deleted, or from another tree).
    NoSuchNode,
    /// The root has no move to delete or promote.
    Root,
    /// The node is on the main line: it has no variation to delete.
    MainLine,
    /// The move is illegal, or the line's verdict is reached ([`PlayError::GameOver`]).
    Play(PlayError),
}

impl fmt::Display for TreeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TreeError::NoSuchNode => write!(f, "no such move in the game"),
            TreeError::Root => write!(f, "the start position has no move"),
            TreeError::MainLine => write!(f, "the move is on the main line, not in a variation"),
            TreeError::Play(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for TreeError {}

/// A game with its variations, comments, marks and evaluations; see the module documentation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameTree {
    /// PGN tags in file order (name, value), `Result` included.
    pub tags: Vec<(String, String)>,
    /// What the reader assumed to read the file.
    pub notices: Vec<PgnNotice>,
    nodes: Vec<Option<Node>>,
}

impl Default for GameTree {
    fn default() -> Self {
        GameTree::new(Position::start())
    }
}

impl GameTree {
    /// A tree with no moves from `start`.
    pub fn new(start: Position) -> GameTree {
        GameTree {
            tags: Vec::new(),
            notices: Vec::new(),
            nodes: vec![Some(Node {
                parent: None,
                children: Vec::new(),
                mv: None,
                position: start,
                ply: 0,
                comment: None,
                before: None,
                nags: Vec::new(),
                arrows: Vec::new(),
                circles: Vec::new(),
                eval: None,
            })],
        }
    }

    /// The root: the start position, before any move.
    pub fn root(&self) -> NodeId {
        NodeId(0)
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.nodes[0]
            .as_ref()
            .unwrap_or_else(|| unreachable!("the root is never deleted"))
            .position
    }

    /// A node, if it exists.
    pub fn node(&self, id: NodeId) -> Option<&Node> {
        self.nodes.get(id.0).and_then(Option::as_ref)
    }

    /// A node to annotate (its comment, marks, drawings, evaluation).
    pub fn node_mut(&mut self, id: NodeId) -> Option<&mut Node> {
        self.nodes.get_mut(id.0).and_then(Option::as_mut)
    }

    /// The position after `id`'s move (the start position at the root).
    pub fn position(&self, id: NodeId) -> Option<&Position> {
        self.node(id).map(|n| &n.position)
    }

    /// The moves played to reach `id`.
    pub fn ply(&self, id: NodeId) -> Option<usize> {
        self.node(id).map(|n| n.ply)
    }

    /// The node before `id`; `None` at the root.
    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        self.node(id).and_then(|n| n.parent)
    }

    /// The moves after `id`: the main continuation first, then its variations.
    pub fn children(&self, id: NodeId) -> &[NodeId] {
        self.node(id).map_or(&[], |n| n.children.as_slice())
    }

    /// The main continuation after `id`.
    pub fn next(&self, id: NodeId) -> Option<NodeId> {
        self.children(id).first().copied()
    }

    /// The other moves played instead of `id`'s (its siblings), main first, `id` included.
    pub fn siblings(&self, id: NodeId) -> &[NodeId] {
        match self.parent(id) {
            Some(p) => self.children(p),
            None => &[],
        }
    }

    /// The live node numbered `index` ([`NodeId::index`]), if there is one.
    pub fn node_id(&self, index: usize) -> Option<NodeId> {
        self.nodes.get(index)?.as_ref().map(|_| NodeId(index))
    }

    /// Every live node, root first, in no particular order after it.
    pub fn ids(&self) -> impl Iterator<Item = NodeId> + '_ {
        self.nodes
            .iter()
            .enumerate()
            .filter(|(_, n)| n.is_some())
            .map(|(i, _)| NodeId(i))
    }

    /// How many moves the tree holds (every line).
    pub fn len(&self) -> usize {
        self.ids().count() - 1
    }

    /// Whether the tree has no move.
    pub fn is_empty(&self) -> bool {
        self.children(self.root()).is_empty()
    }

    /// The path from the root to `id`: every node after the root, `id` last (empty for the root).
    pub fn line(&self, id: NodeId) -> Vec<NodeId> {
        let mut v = Vec::new();
        let mut at = Some(id).filter(|&i| self.node(i).is_some());
        while let Some(i) = at {
            if i == self.root() {
                break;
            }
            v.push(i);
            at = self.parent(i);
        }
        v.reverse();
        v
    }

    /// The moves from the start to `id`.
    pub fn moves_to(&self, id: NodeId) -> Vec<Move> {
        self.line(id)
            .iter()
            .filter_map(|&i| self.node(i)?.mv)
            .collect()
    }

    /// `id` and the main continuation after it, to the end of that line.
    pub fn main_line_from(&self, id: NodeId) -> Vec<NodeId> {
        let mut v = Vec::new();
        let mut at = Some(id).filter(|&i| self.node(i).is_some());
        while let Some(i) = at {
            v.push(i);
            at = self.next(i);
        }
        v
    }

    /// The main line: every first child from the root (the root excluded).
    pub fn main_line(&self) -> Vec<NodeId> {
        let mut v = self.main_line_from(self.root());
        v.remove(0);
        v
    }

    /// The whole line through `id`: the path to it, then its main continuation.
    pub fn line_through(&self, id: NodeId) -> Vec<NodeId> {
        let mut v = self.line(id);
        let mut rest = self.main_line_from(id);
        if !rest.is_empty() {
            rest.remove(0);
        }
        v.extend(rest);
        v
    }

    /// Whether `id` is on the main line (the root is).
    pub fn is_main_line(&self, id: NodeId) -> bool {
        self.node(id).is_some()
            && self
                .line(id)
                .iter()
                .all(|&i| self.siblings(i).first() == Some(&i))
    }

    /// How many variations the tree holds (every child that is not a main continuation).
    pub fn variation_count(&self) -> usize {
        self.ids()
            .map(|i| self.children(i).len().saturating_sub(1))
            .sum()
    }

    /// How many comments the tree holds (before and after moves).
    pub fn comment_count(&self) -> usize {
        self.ids()
            .filter_map(|i| self.node(i))
            .map(|n| usize::from(n.comment.is_some()) + usize::from(n.before.is_some()))
            .sum()
    }

    /// Plays `m` after `at`: the existing child with that move if there is one, otherwise a new
    /// variation (the main continuation when `at` had none). Only the position's legality is
    /// checked; [`GameTree::play`] also applies the rules' verdict.
    pub fn add_move(&mut self, at: NodeId, m: Move) -> Result<NodeId, TreeError> {
        let node = self.node(at).ok_or(TreeError::NoSuchNode)?;
        if let Some(&c) = node
            .children
            .iter()
            .find(|&&c| self.node(c).and_then(|n| n.mv) == Some(m))
        {
            return Ok(c);
        }
        let position = node.position.after(m).map_err(TreeError::Play)?;
        let id = NodeId(self.nodes.len());
        let ply = node.ply + 1;
        self.nodes.push(Some(Node {
            parent: Some(at),
            children: Vec::new(),
            mv: Some(m),
            position,
            ply,
            comment: None,
            before: None,
            nags: Vec::new(),
            arrows: Vec::new(),
            circles: Vec::new(),
            eval: None,
        }));
        if let Some(n) = self.node_mut(at) {
            n.children.push(id);
        }
        Ok(id)
    }

    /// Plays `m` after `at` as the board does: refused with [`PlayError::GameOver`] once the line
    /// to `at` has a verdict (rule 4: a decided game takes no more moves).
    pub fn play(&mut self, at: NodeId, m: Move) -> Result<NodeId, TreeError> {
        if self.node(at).is_none() {
            return Err(TreeError::NoSuchNode);
        }
        if self.verdict(at).is_some() {
            return Err(TreeError::Play(PlayError::GameOver));
        }
        self.add_move(at, m)
    }

    /// The line from the start to `id` as a [`Game`] (draw offers and clocks are the board's), and
    /// how many of its moves come after the rules ended it.
    pub fn game_to(&self, id: NodeId) -> Option<(Game, usize)> {
        self.node(id)?;
        let mut game = Game::new(self.start().clone());
        let moves = self.moves_to(id);
        for (i, &m) in moves.iter().enumerate() {
            if game.play(m).is_err() {
                return Some((game, moves.len() - i));
            }
        }
        Some((game, 0))
    }

    /// The verdict the rules reach on the line from the start to `id` (each variation is judged on
    /// its own moves only): checkmate, stalemate, repetition (rules 24–29), the move limit
    /// (4.2.4), drawn material (4.2.1). Its `ply` says where, when the line went on after it.
    pub fn verdict(&self, id: NodeId) -> Option<Verdict> {
        self.game_to(id).and_then(|(g, _)| g.verdict().cloned())
    }

    /// The head of the variation holding `id`: the nearest node on its path, `id` included, that
    /// is not a main continuation; the main line has none.
    fn variation_of(&self, id: NodeId) -> Result<NodeId, TreeError> {
        self.node(id).ok_or(TreeError::NoSuchNode)?;
        if id == self.root() {
            return Err(TreeError::Root);
        }
        self.line(id)
            .into_iter()
            .rev()
            .find(|&i| self.siblings(i).first() != Some(&i))
            .ok_or(TreeError::MainLine)
    }

    /// Moves the variation holding `id` one place up among its siblings (to main line when it
    /// was the first variation); the variation is the nearest node on `id`'s path, `id`
    /// included, that is not a main continuation.
    pub fn promote(&mut self, id: NodeId) -> Result<(), TreeError> {
        let v = self.variation_of(id)?;
        let p = self.parent(v).ok_or(TreeError::Root)?;
        if let Some(n) = self.node_mut(p) {
            if let Some(k) = n.children.iter().position(|&c| c == v) {
                n.children.swap(k, k - 1);
            }
        }
        self.fold_before(p);
        Ok(())
    }

    /// A main continuation has no comment of its own before it: PGN reads one there as the
    /// comment after the move before, so it is moved there.
    fn fold_before(&mut self, parent: NodeId) {
        let Some(first) = self.next(parent) else {
            return;
        };
        if let Some(b) = self.node_mut(first).and_then(|n| n.before.take()) {
            self.add_comment(parent, &b);
        }
    }

    /// Makes the line through `id` the main line (every node on its path becomes the first child).
    pub fn make_main_line(&mut self, id: NodeId) -> Result<(), TreeError> {
        self.node(id).ok_or(TreeError::NoSuchNode)?;
        for i in self.line(id) {
            let Some(p) = self.parent(i) else { continue };
            if let Some(n) = self.node_mut(p) {
                if let Some(k) = n.children.iter().position(|&c| c == i) {
                    let c = n.children.remove(k);
                    n.children.insert(0, c);
                }
            }
            self.fold_before(p);
        }
        Ok(())
    }

    /// Deletes `id`, its move and everything played after it; returns the node before it.
    pub fn delete_from(&mut self, id: NodeId) -> Result<NodeId, TreeError> {
        self.remove(id).map(|r| r.parent)
    }

    /// Deletes `id` and everything played after it, as [`GameTree::delete_from`], keeping what
    /// was removed so that [`GameTree::restore`] can put it back.
    pub fn remove(&mut self, id: NodeId) -> Result<Removed, TreeError> {
        self.node(id).ok_or(TreeError::NoSuchNode)?;
        let parent = self.parent(id).ok_or(TreeError::Root)?;
        let place = self.siblings(id).iter().position(|&c| c == id).unwrap_or(0);
        if let Some(n) = self.node_mut(parent) {
            n.children.retain(|&c| c != id);
        }
        let mut nodes = Vec::new();
        let mut stack = vec![id];
        while let Some(i) = stack.pop() {
            if let Some(n) = self.nodes.get_mut(i.0).and_then(Option::take) {
                stack.extend(n.children.iter().copied());
                nodes.push((i, n));
            }
        }
        Ok(Removed {
            parent,
            place,
            head: id,
            nodes,
        })
    }

    /// Puts back what [`GameTree::remove`] took, at its old place among its siblings, with the
    /// same node ids; returns its first node. Refused when the node it hung from is gone, or
    /// when its move has been played there since (the tree would hold the move twice).
    pub fn restore(&mut self, removed: Removed) -> Result<NodeId, TreeError> {
        let Removed {
            parent,
            place,
            head,
            nodes,
        } = removed;
        self.node(parent).ok_or(TreeError::NoSuchNode)?;
        let mv = nodes
            .iter()
            .find(|(i, _)| *i == head)
            .and_then(|(_, n)| n.mv);
        let taken = self
            .children(parent)
            .iter()
            .any(|&c| self.node(c).and_then(|n| n.mv) == mv);
        let free = nodes
            .iter()
            .all(|(i, _)| self.nodes.get(i.0).is_some_and(Option::is_none));
        if taken || !free {
            return Err(TreeError::NoSuchNode);
        }
        for (i, n) in nodes {
            self.nodes[i.0] = Some(n);
        }
        if let Some(n) = self.node_mut(parent) {
            let at = place.min(n.children.len());
            n.children.insert(at, head);
        }
        self.fold_before(parent);
        Ok(head)
    }

    /// Deletes the variation holding `id` (from the nearest node on its path that is not a main
    /// continuation); the main line has none. Returns the node the variation branched from.
    pub fn delete_variation(&mut self, id: NodeId) -> Result<NodeId, TreeError> {
        self.remove_variation(id).map(|r| r.parent)
    }

    /// Deletes the variation holding `id`, as [`GameTree::delete_variation`], keeping what was
    /// removed for [`GameTree::restore`].
    pub fn remove_variation(&mut self, id: NodeId) -> Result<Removed, TreeError> {
        let v = self.variation_of(id)?;
        self.remove(v)
    }

    /// The value of tag `name` (case-sensitive, as PGN), if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        tag_in(&self.tags, name)
    }

    /// Sets tag `name`, keeping its place if it exists.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        set_tag_in(&mut self.tags, name, value);
    }

    /// The result the `Result` tag states.
    pub fn result(&self) -> PgnResult {
        result_in(&self.tags)
    }

    /// The main line as a [`PgnGame`]: tags, moves and their comments (a comment before a move
    /// joins the comment after the move before it); variations, NAGs, drawings and evaluations
    /// are left out (the pages' own reader keeps lichess commands in the comment text as written).
    pub fn main_line_game(&self) -> PgnGame {
        let mut g = PgnGame::new(self.start().clone());
        g.tags = self.tags.clone();
        g.notices = self.notices.clone();
        if let Some(c) = self.node(self.root()).and_then(|n| n.comment.as_deref()) {
            g.add_comment(0, c);
        }
        for (i, id) in self.main_line().into_iter().enumerate() {
            let Some(n) = self.node(id) else { break };
            if let Some(b) = n.before.as_deref() {
                g.add_comment(i, b);
            }
            let Some(m) = n.mv else { break };
            if g.push(m).is_err() {
                break;
            }
            if let Some(c) = n.comment.as_deref() {
                g.add_comment(i + 1, c);
            }
        }
        g
    }

    /// A tree holding `game`'s main line, tags and comments.
    pub fn from_game(game: &PgnGame) -> GameTree {
        let mut t = GameTree::new(game.start().clone());
        t.tags = game.tags.clone();
        t.notices = game.notices.clone();
        let mut at = t.root();
        if let Some(c) = game.comment(0) {
            t.add_comment(at, c);
        }
        for (i, &m) in game.moves().iter().enumerate() {
            match t.add_move(at, m) {
                Ok(id) => at = id,
                Err(_) => break,
            }
            if let Some(c) = game.comment(i + 1) {
                t.add_comment(at, c);
            }
        }
        t
    }

    /// The tags that say something about the game, by name: none empty, and not those a writer
    /// makes (`Game`, `Format`, `FEN`, `Result`: see [`GameTree::result`]).
    pub fn informative_tags(&self) -> Vec<(&str, &str)> {
        let mut v: Vec<(&str, &str)> = self
            .tags
            .iter()
            .filter(|(n, v)| {
                !v.is_empty() && !matches!(n.as_str(), "Game" | "Format" | "FEN" | "Result")
            })
            .map(|(n, v)| (n.as_str(), v.as_str()))
            .collect();
        v.sort();
        v
    }

    /// Where this tree and `other` first differ (informative tags, result, start, a move, its
    /// annotations or its variations), walking both in order; `None` when they hold the same
    /// game. Node ids and tag order do not matter.
    pub fn first_difference(&self, other: &GameTree) -> Option<String> {
        let (a, b) = (self.informative_tags(), other.informative_tags());
        if a != b || self.result() != other.result() {
            return Some(format!("tags {:?} vs {:?}", self.tags, other.tags));
        }
        let mut stack = vec![(self.root(), other.root())];
        while let Some((a, b)) = stack.pop() {
            let (Some(x), Some(y)) = (self.node(a), other.node(b)) else {
                return Some("a missing node".into());
            };
            let same = x.mv == y.mv
                && x.position == y.position
                && x.comment == y.comment
                && x.before == y.before
                && x.nags == y.nags
                && x.arrows == y.arrows
                && x.circles == y.circles
                && x.eval == y.eval
                && x.children.len() == y.children.len();
            if !same {
                let line: Vec<String> = self.moves_to(a).iter().map(|m| m.to_string()).collect();
                return Some(format!("after {}: {x:?} vs {y:?}", line.join(" ")));
            }
            stack.extend(x.children.iter().copied().zip(y.children.iter().copied()));
        }
        None
    }

    /// Appends `text` to `id`'s comment after the move, on a new line (blank text is ignored).
    pub fn add_comment(&mut self, id: NodeId, text: &str) {
        append(self.node_mut(id).map(|n| &mut n.comment), text);
    }
}

/// Appends trimmed `text` to a comment on a new line.
pub(crate) fn append(slot: Option<&mut Option<String>>, text: &str) {
    let t = text.trim();
    let Some(c) = slot else { return };
    if t.is_empty() {
        return;
    }
    match c {
        Some(old) => {
            old.push('\n');
            old.push_str(t);
        }
        None => *c = Some(t.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(s: &str) -> Move {
        Move::from_iccs(s).unwrap()
    }

    #[test]
    fn a_move_from_an_earlier_node_starts_a_variation_and_reuses_existing_ones() {
        let mut t = GameTree::default();
        let a = t.add_move(t.root(), mv("h2e2")).unwrap();
        let b = t.add_move(a, mv("h9g7")).unwrap();
        let c = t.add_move(a, mv("h7e7")).unwrap();
        assert_eq!(t.children(a), &[b, c]);
        assert_eq!(t.add_move(a, mv("h7e7")), Ok(c));
        assert_eq!(t.main_line(), vec![a, b]);
        assert!(t.is_main_line(b) && !t.is_main_line(c));
        assert_eq!(t.variation_count(), 1);
        assert!(matches!(t.add_move(a, mv("e0e2")), Err(TreeError::Play(_))));
    }
    #[test]
    fn a_node_is_found_again_by_its_number_while_it_lives() {
        let mut t = GameTree::default();
        let a = t.add_move(t.root(), mv("h2e2")).unwrap();
        let v = t.add_move(t.root(), mv("b2e2")).unwrap();
        assert_eq!(t.node_id(a.index()), Some(a));
        assert_eq!(t.node_id(t.root().index()), Some(t.root()));
        t.delete_from(v).unwrap();
        assert_eq!(t.node_id(v.index()), None);
        assert_eq!(t.node_id(99), None);
    }

    #[test]
    fn a_deleted_line_comes_back_where_it_was_with_its_notes() {
        let mut t = GameTree::default();
        let a = t.add_move(t.root(), mv("h2e2")).unwrap();
        let main = t.add_move(a, mv("h9g7")).unwrap();
        let v1 = t.add_move(a, mv("h7e7")).unwrap();
        let v2 = t.add_move(a, mv("b9c7")).unwrap();
        let deep = t.add_move(v1, mv("h0g2")).unwrap();
        t.node_mut(deep).unwrap().comment = Some("中炮".into());
        t.node_mut(v1).unwrap().nags.push(5);
        let before = t.clone();

        // Delete variation, then put it back: the same tree, ids and order.
        let r = t.remove_variation(deep).unwrap();
        assert_eq!((r.parent(), r.len()), (a, 2));
        assert_eq!(t.children(a), &[main, v2]);
        assert_eq!(t.node(deep), None);
        assert_eq!(t.restore(r), Ok(v1));
        assert_eq!(t, before);

        // Delete from a main-line move (the main continuation itself), then undo.
        let r = t.remove(main).unwrap();
        assert_eq!(t.children(a), &[v1, v2]);
        assert_eq!(t.restore(r), Ok(main));
        assert_eq!(t, before);
        assert_eq!(t.main_line(), vec![a, main]);

        // A line cannot come back where its node is gone, nor where its move was played again.
        let r = t.remove(deep).unwrap();
        let again = t.add_move(v1, mv("h0g2")).unwrap();
        assert_ne!(again, deep);
        assert_eq!(t.restore(r.clone()), Err(TreeError::NoSuchNode));
        t.delete_from(v1).unwrap();
        assert_eq!(t.restore(r), Err(TreeError::NoSuchNode));
        assert_eq!(t.remove(t.root()), Err(TreeError::Root));
    }
}
