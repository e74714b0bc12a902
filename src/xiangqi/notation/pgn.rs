//! PGN as Xiangqi software writes it (`[Game "Chinese Chess"]`, `[Format "Chinese"|"WXF"|"ICCS"]`).
//!
//! Export writes the seven-tag roster, `FEN` when the game does not start from the initial
//! position, `Format`, then the moves in the chosen notation with comments in braces. Import takes
//! what real files contain: UTF-8, GBK or Big5 bytes ([`super::decode`]), any of the notations (detected
//! move by move), move numbers with or without dots, `...` placeholders, `{}` and `;` comments,
//! `()` variations (kept by [`read_tree`], skipped by [`read_pgn`]), NAGs, result tokens, free-text title lines and
//! odd bytes in tag values, and U+FFFD (bytes that did not decode) skipped between moves (comments keep every character). A broken file imports as far as it is valid: the error carries the
//! partial game and says at which move and why reading stopped.

use super::record::{PgnGame, PgnResult};
use super::{chinese, read, write, Notation, NotationError};
use crate::xiangqi::fen::{FenError, START_FEN};
use crate::xiangqi::tree::{nag_of, Arrow, Circle, Eval, GameTree, MarkColor, Node, NodeId};
use crate::xiangqi::{Color, Move, Position, Square};
use std::fmt;

#[cfg(not(target_arch = "wasm32"))]
use super::decode::decode;

/// Where reading a game stopped and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnErrorKind {
    /// The `FEN` tag is not a valid position.
    BadFen {
        /// The tag's value.
        fen: String,
        /// Why it was refused.
        error: FenError,
    },
    /// A move does not resolve to exactly one legal move.
    BadMove {
        /// The move number (回合) as in the record.
        round: u32,
        /// Whose move it was.
        side: Color,
        /// Why it failed.
        error: NotationError,
    },
    /// A `{` comment or `(` variation never closes.
    Unclosed(char),
    /// Nothing resembling a game.
    Empty,
    /// Variations nest deeper than [`MAX_NESTING`].
    TooDeep {
        /// The nesting allowed.
        limit: usize,
    },
    /// The text has move numbers or moves, yet not one move could be read (wrong encoding,
    /// a foreign notation): an error, so that no game is silently replaced by an empty one.
    NoMoves,
}

/// A game that could not be read to the end: the part that was valid, and why it stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    /// The game up to the failing move (tags and comments included).
    pub partial: Box<PgnGame>,
    /// What went wrong.
    pub kind: PgnErrorKind,
    /// The line of the text (from 1) where it stopped: for a move, the move's.
    pub line: usize,
    /// The column (from 1, in characters) where it stopped: for a move, where the move starts.
    pub column: usize,
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            PgnErrorKind::BadFen { fen, error } => write!(f, "bad FEN tag \"{fen}\": {error}"),
            PgnErrorKind::BadMove { round, side, error } => {
                let dots = if *side == Color::Red { "." } else { "..." };
                write!(
                    f,
                    "line {}, column {}: stopped at move {round}{dots} ({}, ply {}): {error}",
                    self.line,
                    self.column,
                    side.english(),
                    self.partial.moves().len() + 1
                )
            }
            PgnErrorKind::Unclosed(c) => write!(
                f,
                "a `{c}` is never closed (after ply {})",
                self.partial.moves().len()
            ),
            PgnErrorKind::Empty => write!(f, "no game found"),
            PgnErrorKind::TooDeep { limit } => {
                write!(f, "variations nest more than {limit} deep")
            }
            PgnErrorKind::NoMoves => write!(f, "the file has move text but no move could be read"),
        }
    }
}

impl std::error::Error for PgnError {}

// --- export -----------------------------------------------------------------------------------

const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "Red", "Black", "Result"];

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The tag section: the seven-tag roster, `FEN` when the start is not the initial position,
/// `Format`, then every other tag in file order.
fn write_tags(
    out: &mut String,
    tags: &[(String, String)],
    start: &Position,
    result: PgnResult,
    notation: Notation,
) {
    let mut tag = |n: &str, v: &str| out.push_str(&format!("[{n} \"{}\"]\n", escape(v)));
    let get = |name: &str| {
        tags.iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    };
    tag("Game", "Chinese Chess");
    for name in ROSTER {
        let v = match name {
            "Result" => result.pgn().to_string(),
            _ => get(name).unwrap_or("").to_string(),
        };
        tag(name, &v);
    }
    let fen = start.fen();
    if fen != START_FEN {
        tag("FEN", &fen);
    }
    tag("Format", notation.name());
    // A roster tag named twice keeps its later values here, as the file had them.
    let mut rostered = [false; ROSTER.len()];
    for (n, v) in tags {
        let first = ROSTER
            .iter()
            .position(|r| r == n)
            .is_some_and(|k| !std::mem::replace(&mut rostered[k], true));
        if !first && n != "Game" && n != "FEN" && n != "Format" {
            tag(n, v);
        }
    }
}

/// Writes `game` as PGN with its moves in `notation` (`[Format]` says which).
pub fn write_pgn(game: &PgnGame, notation: Notation) -> String {
    let mut out = String::new();
    write_tags(&mut out, &game.tags, game.start(), game.result(), notation);
    out.push('\n');
    let comment = |c: &str| comment_pieces(c).join("\n");
    if let Some(c) = game.comment(0) {
        out.push_str(&comment(c));
        out.push('\n');
    }
    let written = game.written_moves(notation);
    let mut pos_turn = game.start().turn();
    let mut round = game.start().fullmoves();
    let mut line = String::new();
    let mut need_number = true;
    for (i, text) in written.iter().enumerate() {
        if pos_turn == Color::Red {
            line = format!("{round}. {text}");
        } else {
            if need_number {
                line = format!("{round}. ... ");
            } else {
                line.push(' ');
            }
            line.push_str(text);
        }
        need_number = false;
        let c = game.comment(i + 1);
        let ends_round = pos_turn == Color::Black || i + 1 == written.len() || c.is_some();
        if ends_round {
            out.push_str(&line);
            out.push('\n');
            line.clear();
            if let Some(c) = c {
                out.push_str(&comment(c));
                out.push('\n');
            }
            need_number = true;
        }
        if pos_turn == Color::Black {
            round += 1;
        }
        pos_turn = pos_turn.other();
    }
    out.push_str(game.result().pgn());
    out.push('\n');
    out
}

/// Writes the main line alone, one move per line, in `notation` (what `xq convert --to wxf` prints).
pub fn write_move_list(game: &PgnGame, notation: Notation) -> String {
    let mut s = String::new();
    for m in game.written_moves(notation) {
        s.push_str(&m);
        s.push('\n');
    }
    s
}

/// Writes a whole tree as PGN in `notation`: variations in `( … )`, comments in `{ … }` (with the
/// `[%eval …]`, `[%csl …]` and `[%cal …]` commands lichess writes), NAGs as `$n`. A tree with
/// one line, no marks and no drawings is written exactly as [`write_pgn`] writes its main line.
pub fn write_tree(tree: &GameTree, notation: Notation) -> String {
    let plain = tree.variation_count() == 0
        && tree.ids().filter_map(|i| tree.node(i)).all(|n| {
            n.nags.is_empty()
                && n.before.is_none()
                && n.arrows.is_empty()
                && n.circles.is_empty()
                && n.eval.is_none()
        });
    if plain {
        return write_pgn(&tree.main_line_game(), notation);
    }
    let mut out = String::new();
    write_tags(&mut out, &tree.tags, tree.start(), tree.result(), notation);
    out.push('\n');
    let mut tokens: Vec<String> = Vec::new();
    if let Some(c) = tree.node(tree.root()).and_then(comment_text) {
        tokens.extend(comment_pieces(&c));
    }
    enum Task {
        Move(NodeId),
        Next(NodeId),
        Open,
        Close,
    }
    // An explicit stack, so that no nesting depth can overflow the call stack.
    let mut stack = vec![Task::Next(tree.root())];
    let mut need_number = true;
    while let Some(task) = stack.pop() {
        match task {
            Task::Open => {
                tokens.push("(".into());
                need_number = true;
            }
            Task::Close => {
                tokens.push(")".into());
                need_number = true;
            }
            Task::Next(n) => {
                if let Some(c) = tree.next(n) {
                    stack.push(Task::Move(c));
                }
            }
            Task::Move(n) => {
                let (Some(node), Some(before)) =
                    (tree.node(n), tree.parent(n).and_then(|p| tree.position(p)))
                else {
                    continue;
                };
                let Some(m) = node.mv() else { continue };
                if let Some(b) = &node.before {
                    tokens.extend(comment_pieces(b));
                    need_number = true;
                }
                let round = before.fullmoves();
                let text = write(before, m, notation);
                tokens.push(match (before.turn(), need_number) {
                    (Color::Red, _) => format!("{round}. {text}"),
                    (Color::Black, true) => format!("{round}... {text}"),
                    (Color::Black, false) => text,
                });
                need_number = false;
                tokens.extend(node.nags.iter().map(|g| format!("${g}")));
                if let Some(c) = comment_text(node) {
                    tokens.extend(comment_pieces(&c));
                    need_number = true;
                }
                stack.push(Task::Next(n));
                let siblings = tree.siblings(n);
                if siblings.first() == Some(&n) {
                    for &s in siblings[1..].iter().rev() {
                        stack.push(Task::Close);
                        stack.push(Task::Move(s));
                        stack.push(Task::Open);
                    }
                }
            }
        }
    }
    tokens.push(tree.result().pgn().to_string());
    // Lines of about 80 characters, broken between tokens.
    let mut line = String::new();
    for t in tokens {
        if !line.is_empty() && line.chars().count() + t.chars().count() >= 80 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&t);
        // A `;` comment runs to the end of its line.
        if t.starts_with(';') {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// A comment as PGN carries it: in braces, but each line holding a `}` (which would close them)
/// as a `;` comment, which runs to the end of its line; the pieces read back as the one comment.
fn comment_pieces(c: &str) -> Vec<String> {
    let mut pieces = Vec::new();
    let mut braced: Vec<&str> = Vec::new();
    let close = |braced: &mut Vec<&str>, pieces: &mut Vec<String>| {
        if !braced.is_empty() {
            pieces.push(format!("{{{}}}", braced.join("\n")));
            braced.clear();
        }
    };
    for line in c.split('\n') {
        if line.contains('}') {
            close(&mut braced, &mut pieces);
            pieces.push(format!(";{line}"));
        } else {
            braced.push(line);
        }
    }
    close(&mut braced, &mut pieces);
    pieces
}

// --- import -----------------------------------------------------------------------------------

/// Reads the first game of a PGN (or bare move text); text with neither tags nor moves is
/// [`PgnErrorKind::Empty`]. Variations are skipped (counted in [`PgnGame::variations`]); read
/// them with [`read_tree`].
///
/// ```
/// use xiangqi_club::xiangqi::notation::pgn::{read_pgn, write_pgn};
/// use xiangqi_club::xiangqi::notation::Notation;
/// let game = read_pgn("[Red \"张三\"]\n1. 炮二平五 马８进７ 2. 马二进三 *").unwrap();
/// assert_eq!(game.moves().len(), 3);
/// assert_eq!(game.tag("Red"), Some("张三"));
/// let iccs = write_pgn(&game, Notation::Iccs);
/// assert!(iccs.contains("1. h2e2 h9g7"));
/// assert_eq!(read_pgn(&iccs).unwrap().moves(), game.moves());
/// ```
pub fn read_pgn(text: &str) -> Result<PgnGame, PgnError> {
    let mut r = Reader::new(text);
    main_line(r.game().unwrap_or_else(|| Err(Failure::empty())))
}

/// Decodes bytes ([`super::decode::decode`]) and reads the first game.
#[cfg(not(target_arch = "wasm32"))]
pub fn read_pgn_bytes(bytes: &[u8]) -> Result<PgnGame, PgnError> {
    read_pgn(&decode(bytes).0)
}

/// Reads every game of a multi-game PGN, each whole or with the reason it stopped.
pub fn read_pgn_all(text: &str) -> Vec<Result<PgnGame, PgnError>> {
    let mut r = Reader::new(text);
    let mut games = Vec::new();
    while let Some(g) = r.game() {
        games.push(main_line(g));
    }
    games
}

/// Reads the first game with its whole tree: `( … )` variations nested up to [`MAX_NESTING`]
/// deep, `{ … }` and `;` comments, NAGs (`$1`, or `!`, `?!` … after a move) and the
/// `[%cal …]`, `[%csl …]` and `[%eval …]` commands lichess writes in comments.
///
/// ```
/// use xiangqi_club::xiangqi::notation::pgn::{read_tree, write_tree};
/// use xiangqi_club::xiangqi::notation::Notation;
/// let t = read_tree("1. 炮二平五 马８进７ (1... 炮８平５ {顺炮}) 2. 马二进三! *").unwrap();
/// assert_eq!(t.main_line().len(), 3);
/// assert_eq!(t.variation_count(), 1);
/// let back = read_tree(&write_tree(&t, Notation::Wxf)).unwrap();
/// assert_eq!(back.variation_count(), 1);
/// assert_eq!(back.comment_count(), 1);
/// ```
pub fn read_tree(text: &str) -> Result<GameTree, PgnTreeError> {
    let mut r = Reader::new(text);
    tree_result(r.game().unwrap_or_else(|| Err(Failure::empty())))
}

/// Reads every game of a multi-game PGN as trees.
pub fn read_tree_all(text: &str) -> Vec<Result<GameTree, PgnTreeError>> {
    let mut r = Reader::new(text);
    let mut games = Vec::new();
    while let Some(g) = r.game() {
        games.push(tree_result(g));
    }
    games
}

/// Whether the text holds more than one game: reads the first two, not the whole library.
pub fn holds_several_games(text: &str) -> bool {
    let mut r = Reader::new(text);
    r.game::<GameTree>().is_some() && r.game::<GameTree>().is_some()
}

/// How deep variations may nest: deeper is a [`PgnErrorKind::TooDeep`] (real files nest a few
/// levels; this bounds the work and the writers' stacks).
pub const MAX_NESTING: usize = 100;

/// A game whose tree could not be read to the end: the part read before, where and why it stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnTreeError {
    /// Everything read before the failure (tags, moves, variations, comments).
    pub partial: Box<GameTree>,
    /// What went wrong.
    pub kind: PgnErrorKind,
    /// The line of the text (from 1) where it stopped.
    pub line: usize,
    /// The column (from 1, in characters) where it stopped: for a move, where the move starts.
    pub column: usize,
    /// How deep in variations: 0 on the main line.
    pub depth: usize,
}

impl fmt::Display for PgnTreeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (line, column) = (self.line, self.column);
        let within = match self.depth {
            0 => String::new(),
            1 => ", in a variation".into(),
            d => format!(", in a variation nested {d} deep"),
        };
        match &self.kind {
            PgnErrorKind::BadMove { round, side, error } => {
                let dots = if *side == Color::Red { "." } else { "..." };
                write!(
                    f,
                    "line {line}, column {column}: stopped at move {round}{dots} ({}{within}): {error}",
                    side.english()
                )
            }
            PgnErrorKind::Unclosed(c) => write!(f, "line {line}: a `{c}` is never closed"),
            PgnErrorKind::TooDeep { limit } => {
                write!(f, "line {line}: variations nest more than {limit} deep")
            }
            _ => {
                let e = PgnError {
                    partial: Box::new(self.partial.main_line_game()),
                    kind: self.kind.clone(),
                    line,
                    column,
                };
                write!(f, "{e}")
            }
        }
    }
}

impl std::error::Error for PgnTreeError {}

/// A game the reader stopped in.
struct Failure<R> {
    partial: Box<R>,
    kind: PgnErrorKind,
    line: usize,
    column: usize,
    depth: usize,
    variations: usize,
}

impl<R: Record> Failure<R> {
    fn empty() -> Failure<R> {
        Failure {
            partial: Box::new(R::new(Position::start())),
            kind: PgnErrorKind::Empty,
            line: 1,
            column: 1,
            depth: 0,
            variations: 0,
        }
    }
}

/// A game read, and how many variations were skipped.
struct Read<R> {
    tree: R,
    variations: usize,
}

fn main_line(r: Result<Read<PgnGame>, Failure<PgnGame>>) -> Result<PgnGame, PgnError> {
    match r {
        Ok(r) if r.tree.tags.is_empty() && r.tree.moves().is_empty() => Err(PgnError {
            partial: Box::new(r.tree),
            kind: PgnErrorKind::Empty,
            line: 1,
            column: 1,
        }),
        Ok(mut r) => {
            r.tree.variations = r.variations;
            Ok(r.tree)
        }
        Err(mut f) => {
            f.partial.variations = f.variations;
            Err(PgnError {
                partial: f.partial,
                kind: f.kind,
                line: f.line,
                column: f.column,
            })
        }
    }
}

fn tree_result(r: Result<Read<GameTree>, Failure<GameTree>>) -> Result<GameTree, PgnTreeError> {
    match r {
        Ok(r) if r.tree.tags.is_empty() && r.tree.is_empty() => Err(PgnTreeError {
            partial: Box::new(r.tree),
            kind: PgnErrorKind::Empty,
            line: 1,
            column: 1,
            depth: 0,
        }),
        Ok(r) => Ok(r.tree),
        Err(f) => Err(PgnTreeError {
            partial: f.partial,
            kind: f.kind,
            line: f.line,
            column: f.column,
            depth: f.depth,
        }),
    }
}

/// What the reader builds: the whole tree, or the main line alone, whose reader is all the pages
/// carry (variations skipped, comments kept as written, marks dropped).
trait Record: Sized {
    /// A place in the record.
    type Id: Copy + PartialEq;
    /// Whether variations and lichess commands are read (else skipped / kept as text).
    const TREE: bool;
    fn new(start: Position) -> Self;
    fn tags(&mut self) -> &mut Vec<(String, String)>;
    fn notices(&mut self) -> &mut Vec<PgnNotice>;
    fn root(&self) -> Self::Id;
    fn parent(&self, at: Self::Id) -> Option<Self::Id>;
    fn next(&self, at: Self::Id) -> Option<Self::Id>;
    fn position(&self, at: Self::Id) -> Option<&Position>;
    fn add_move(&mut self, at: Self::Id, m: crate::xiangqi::Move) -> Option<Self::Id>;
    fn add_comment(&mut self, at: Self::Id, text: &str);
    fn add_before(&mut self, at: Self::Id, text: &str);
    fn add_nag(&mut self, at: Self::Id, nag: u8);
    /// A comment, with the lichess commands in it taken apart where they are kept.
    fn add_commands(&mut self, at: Self::Id, text: &str);
    fn has_moves(&self) -> bool;
    fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags().iter_mut().find(|(n, _)| n == name) {
            Some((_, v)) => *v = value.to_string(),
            None => self.tags().push((name.to_string(), value.to_string())),
        }
    }
    fn result_is_set(&mut self) -> bool {
        self.tags()
            .iter()
            .find(|(n, _)| n == "Result")
            .is_some_and(|(_, v)| PgnResult::parse(v).is_some())
    }
}

impl Record for GameTree {
    type Id = NodeId;
    const TREE: bool = true;
    fn new(start: Position) -> Self {
        GameTree::new(start)
    }
    fn tags(&mut self) -> &mut Vec<(String, String)> {
        &mut self.tags
    }
    fn notices(&mut self) -> &mut Vec<PgnNotice> {
        &mut self.notices
    }
    fn root(&self) -> NodeId {
        GameTree::root(self)
    }
    fn parent(&self, at: NodeId) -> Option<NodeId> {
        GameTree::parent(self, at)
    }
    fn next(&self, at: NodeId) -> Option<NodeId> {
        GameTree::next(self, at)
    }
    fn position(&self, at: NodeId) -> Option<&Position> {
        GameTree::position(self, at)
    }
    fn add_move(&mut self, at: NodeId, m: crate::xiangqi::Move) -> Option<NodeId> {
        GameTree::add_move(self, at, m).ok()
    }
    fn add_comment(&mut self, at: NodeId, text: &str) {
        GameTree::add_comment(self, at, text);
    }
    fn add_before(&mut self, at: NodeId, text: &str) {
        if let Some(n) = self.node_mut(at) {
            crate::xiangqi::tree::append(Some(&mut n.before), text);
        }
    }
    fn add_nag(&mut self, at: NodeId, nag: u8) {
        if let Some(n) = self.node_mut(at) {
            n.nags.push(nag);
        }
    }
    fn add_commands(&mut self, at: NodeId, text: &str) {
        let (rest, arrows, circles, eval) = split_commands(text);
        if let Some(n) = self.node_mut(at) {
            n.arrows.extend(arrows);
            n.circles.extend(circles);
            if eval.is_some() {
                n.eval = eval;
            }
        }
        GameTree::add_comment(self, at, &rest);
    }
    fn has_moves(&self) -> bool {
        !self.is_empty()
    }
}

/// The main line: a place is a ply; moves are only added at the end.
impl Record for PgnGame {
    type Id = usize;
    const TREE: bool = false;
    fn new(start: Position) -> Self {
        PgnGame::new(start)
    }
    fn tags(&mut self) -> &mut Vec<(String, String)> {
        &mut self.tags
    }
    fn notices(&mut self) -> &mut Vec<PgnNotice> {
        &mut self.notices
    }
    fn root(&self) -> usize {
        0
    }
    fn parent(&self, at: usize) -> Option<usize> {
        at.checked_sub(1)
    }
    fn next(&self, at: usize) -> Option<usize> {
        (at < self.moves().len()).then_some(at + 1)
    }
    fn position(&self, at: usize) -> Option<&Position> {
        (at == self.moves().len()).then(|| self.end())
    }
    fn add_move(&mut self, _: usize, m: crate::xiangqi::Move) -> Option<usize> {
        self.push(m).ok().map(|()| self.moves().len())
    }
    fn add_comment(&mut self, at: usize, text: &str) {
        PgnGame::add_comment(self, at, text);
    }
    fn add_before(&mut self, at: usize, text: &str) {
        PgnGame::add_comment(self, at.saturating_sub(1), text);
    }
    fn add_nag(&mut self, _: usize, _: u8) {}
    fn add_commands(&mut self, at: usize, text: &str) {
        PgnGame::add_comment(self, at, text);
    }
    fn has_moves(&self) -> bool {
        !self.moves().is_empty()
    }
}

/// A place in the text: its line and column, from 1.
type Spot = (usize, usize);

/// The text's characters without U+FFFD (see [`is_text`]), counting lines.
#[derive(Clone)]
struct Cursor<'a> {
    rest: std::str::Chars<'a>,
    /// Newlines consumed so far.
    newlines: usize,
    /// Characters consumed on the current line.
    column: usize,
}

impl Iterator for Cursor<'_> {
    type Item = char;
    fn next(&mut self) -> Option<char> {
        loop {
            let c = self.rest.next()?;
            if !is_text(&c) {
                continue;
            }
            if c == '\n' {
                self.newlines += 1;
                self.column = 0;
            } else {
                self.column += 1;
            }
            return Some(c);
        }
    }
}

impl Cursor<'_> {
    /// The next character, U+FFFD too: a comment keeps what it holds, as written.
    fn next_raw(&mut self) -> Option<char> {
        let c = self.rest.next()?;
        if c == '\n' {
            self.newlines += 1;
        }
        Some(c)
    }

    fn peek(&self) -> Option<char> {
        self.rest.clone().find(is_text)
    }

    fn next_if(&mut self, f: impl FnOnce(&char) -> bool) -> Option<char> {
        let c = self.peek()?;
        if f(&c) {
            self.next()
        } else {
            None
        }
    }

    fn next_if_eq(&mut self, want: &char) -> Option<char> {
        self.next_if(|c| c == want)
    }
}

struct Reader<'a> {
    chars: Cursor<'a>,
    /// The initial position, made once for every game of a library that starts from it.
    initial: Position,
}

/// Whether a character is text rather than U+FFFD, the mark of bytes that did not decode: a stray
/// byte is skipped where it stands (the decoding warning names it) so the moves around it stay.
fn is_text(c: &char) -> bool {
    *c != '\u{FFFD}'
}

fn is_result_token(t: &str) -> Option<PgnResult> {
    match t {
        "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*" => PgnResult::parse(t),
        _ => None,
    }
}

/// Whether a token is a move number or placeholder (`12.`, `12`, `...`, `…………`, `12...`).
fn is_number_or_dots(t: &str) -> bool {
    let t = t.trim_start_matches(|c: char| c.is_ascii_digit() || ('０'..='９').contains(&c));
    t.chars()
        .all(|c| matches!(c, '.' | '．' | '…' | '、' | '。'))
}

/// Whether a token is a move number with its dots (`12.`, `3...`), not a bare number.
fn is_move_number(t: &str) -> bool {
    t.starts_with(|c: char| c.is_ascii_digit() || ('０'..='９').contains(&c))
        && t.ends_with(['.', '．', '…', '、'])
}

/// Drops a leading move number glued to a move (`1.炮二平五`).
fn strip_number(t: &str) -> &str {
    let rest = t.trim_start_matches(|c: char| c.is_ascii_digit() || ('０'..='９').contains(&c));
    if rest.len() == t.len() {
        return t;
    }
    let after = rest.trim_start_matches(['.', '．', '…', '、']);
    if after.len() == rest.len() {
        t
    } else {
        after
    }
}

/// A NAG token: `$5`, or a mark written alone (`!?`).
fn nag_token(t: &str) -> Option<u8> {
    match t.strip_prefix('$') {
        Some(n) => n.parse().ok(),
        None => nag_of(t),
    }
}

/// Splits a mark glued to a move (`炮二平五!?`): the move and the mark's NAG.
fn split_mark(t: &str) -> (&str, Option<u8>) {
    let body = t.trim_end_matches(['!', '?']);
    if body.len() == t.len() || body.is_empty() {
        return (t, None);
    }
    match nag_of(&t[body.len()..]) {
        Some(n) => (body, Some(n)),
        None => (t, None),
    }
}

/// Whether a token that is not a valid move still looks like an attempt at one.
fn looks_like_move(t: &str) -> bool {
    if t.chars().any(chinese::is_notation_char) {
        return true;
    }
    let ascii: String = t
        .chars()
        .map(|c| match c {
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            _ => c,
        })
        .collect();
    ascii.is_ascii() && ascii.chars().any(|c| c.is_ascii_digit()) && (3..=6).contains(&ascii.len())
}

/// Whether `t` parses as a move in some notation, without a position.
fn is_move_syntax(t: &str) -> bool {
    super::iccs::looks_like(t)
        || (super::wxf::looks_like(t) && super::wxf::parse(t).is_ok())
        || chinese::parse(t).is_ok()
}

/// Cleans a tag value: XQF converters leave Pascal length bytes and control characters in it.
fn clean_value(v: &str) -> String {
    v.chars()
        .filter(|c| !c.is_control())
        .collect::<String>()
        .trim()
        .to_string()
}

/// Something the reader had to assume to read a file: kept with the game and told to the user,
/// never silent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnNotice {
    /// The `FEN` tag's side-to-move field is missing or unreadable: `side` moves first, read from
    /// the move text (`1. ...` means Black) or else Red.
    TurnAssumed {
        /// The tag's value.
        fen: String,
        /// The side taken to move first.
        side: Color,
    },
}

/// Whether the move text ahead starts with Black's move (`1. ... 炮8平5`, `1...`, `1. …`), the
/// way PGN writers mark a game that starts with Black to move.
fn black_first(ahead: impl Iterator<Item = char>) -> bool {
    let text: String = ahead.take(400).collect();
    let mut rest = text.trim_start();
    // Comments before the first move (a title, a problem's name).
    while let Some(after) = rest.strip_prefix('{') {
        rest = after.split_once('}').map_or("", |(_, r)| r).trim_start();
    }
    let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit());
    let rest = rest.strip_prefix('.').unwrap_or(rest).trim_start();
    rest.starts_with("..") || rest.starts_with('…')
}

/// Reads a FEN tag leniently: a side field other than w/r/b (e.g. `-b`, or none) is taken as
/// `black_first`'s answer and reported as a [`PgnNotice::TurnAssumed`]. The counters follow the
/// one rule of [`Position::from_fen`]: absent is `0 1`, anything but a number up to the limit is
/// its typed error, never a silent `0 1`.
fn lenient_fen(fen: &str, black_first: bool) -> Result<(Position, Option<PgnNotice>), FenError> {
    match Position::from_fen(fen) {
        Ok(p) => Ok((p, None)),
        Err(first) => {
            let fields: Vec<&str> = fen.split_whitespace().collect();
            let Some(board) = fields.first() else {
                return Err(first);
            };
            let named = fields
                .get(1)
                .is_some_and(|s| matches!(s.to_ascii_lowercase().as_str(), "w" | "r" | "b"));
            if named {
                // The side is readable: the fault is elsewhere, and stands.
                return Err(first);
            }
            let side = if black_first { "b" } else { "w" };
            let counters = fields.get(4..).unwrap_or_default().join(" ");
            let fixed = format!("{board} {side} - - {counters}");
            let position = Position::from_fen(fixed.trim_end())?;
            let notice = PgnNotice::TurnAssumed {
                fen: fen.to_string(),
                side: position.turn(),
            };
            Ok((position, Some(notice)))
        }
    }
}

/// Where the reader is in the tree.
struct Place<I> {
    /// The last move read on the current line (the root before any).
    at: I,
    /// For each open `(`: the node to go back to at its `)`.
    open: Vec<I>,
    /// A comment read right after `(`, for the variation's first move.
    before: Option<String>,
    /// Just after `(`: no move of the variation read yet.
    starting: bool,
}

/// What reading a game's moves keeps track of besides the tree.
struct Body<I> {
    place: Place<I>,
    /// Variations skipped (by a reader that keeps only the main line).
    variations: usize,
    /// Move numbers seen: the text meant to have moves.
    numbered: bool,
}

impl<'a> Reader<'a> {
    fn new(text: &'a str) -> Reader<'a> {
        Reader {
            chars: Cursor {
                rest: text.chars(),
                newlines: 0,
                column: 0,
            },
            initial: Position::start(),
        }
    }

    /// The line and column (from 1) of the next character.
    fn spot(&self) -> Spot {
        (self.chars.newlines + 1, self.chars.column + 1)
    }

    fn skip_ws(&mut self) {
        while self.chars.next_if(|c| c.is_whitespace()).is_some() {}
    }

    /// Reads `[Name "value"]` after the `[`; returns None when it is not a tag.
    fn tag(&mut self) -> Option<(String, String)> {
        let mut name = String::new();
        while let Some(c) = self
            .chars
            .next_if(|c| !c.is_whitespace() && *c != ']' && *c != '"')
        {
            name.push(c);
        }
        self.skip_ws();
        let mut value = String::new();
        if self.chars.next_if_eq(&'"').is_some() {
            while let Some(c) = self.chars.next() {
                match c {
                    '\\' => {
                        if let Some(n) = self.chars.next() {
                            value.push(n);
                        }
                    }
                    '"' if matches!(self.chars.peek(), Some(']') | Some(' ') | Some('\t')) => break,
                    '"' => {
                        // A quote not followed by `]`: keep it unless the line ends.
                        if matches!(self.chars.peek(), Some('\r') | Some('\n') | None) {
                            break;
                        }
                        value.push(c);
                    }
                    _ => value.push(c),
                }
            }
        }
        // Skip to the closing bracket (or the line's end).
        for c in self.chars.by_ref() {
            if c == ']' || c == '\n' {
                break;
            }
        }
        (!name.is_empty()).then(|| (name, clean_value(&value)))
    }

    /// The text up to `close` (consumed), every character kept; `None` when it never comes.
    fn until(&mut self, close: char) -> Option<String> {
        let mut s = String::new();
        while let Some(c) = self.chars.next_raw() {
            if c == close {
                return Some(s);
            }
            s.push(c);
        }
        None
    }

    /// Skips a `(...)` variation after its `(`, nested ones and their comments included; the
    /// number of variations skipped, or `None` when one never closes.
    fn skip_variation(&mut self) -> Option<usize> {
        let mut depth = 1;
        let mut count = 1;
        while let Some(c) = self.chars.next() {
            match c {
                '(' => {
                    depth += 1;
                    count += 1;
                }
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(count);
                    }
                }
                '{' if self.until('}').is_none() => return None,
                _ => {}
            }
        }
        None
    }

    fn token(&mut self) -> String {
        let mut t = String::new();
        while let Some(c) = self
            .chars
            .next_if(|c| !c.is_whitespace() && !matches!(c, '{' | '(' | ')' | ';' | '['))
        {
            t.push(c);
        }
        t
    }

    /// Files a comment where it belongs: before a variation's first move, else after the last
    /// move read (the root's comment before the first move).
    fn comment<R: Record>(tree: &mut R, place: &mut Place<R::Id>, text: &str) {
        if place.starting {
            crate::xiangqi::tree::append(Some(&mut place.before), text);
            return;
        }
        tree.add_commands(place.at, text);
    }

    /// Reads one game; `None` at the end of the text.
    fn game<R: Record>(&mut self) -> Option<Result<Read<R>, Failure<R>>> {
        let tags = self.tags();
        self.chars.peek()?;
        let mut game = match self.start::<R>(tags) {
            Ok(game) => game,
            Err(failure) => return Some(Err(failure)),
        };
        let mut body = Body {
            place: Place {
                at: game.root(),
                open: Vec::new(),
                before: None,
                starting: false,
            },
            variations: 0,
            numbered: false,
        };
        let read = self.movetext(&mut game, &mut body).and_then(|()| {
            if !body.place.open.is_empty() {
                Err((PgnErrorKind::Unclosed('('), self.spot()))
            } else if body.numbered && !game.has_moves() {
                Err((PgnErrorKind::NoMoves, self.spot()))
            } else {
                Ok(())
            }
        });
        Some(match read {
            Ok(()) => Ok(Read {
                tree: game,
                variations: body.variations,
            }),
            Err((kind, (line, column))) => Err(Failure {
                partial: Box::new(game),
                kind,
                line,
                column,
                depth: body.place.open.len(),
                variations: body.variations,
            }),
        })
    }

    /// The tag pairs before a game's moves.
    fn tags(&mut self) -> Vec<(String, String)> {
        let mut tags = Vec::new();
        self.skip_ws();
        while self.chars.next_if_eq(&'[').is_some() {
            if let Some(t) = self.tag() {
                tags.push(t);
            }
            self.skip_ws();
        }
        tags
    }

    /// A game with its tags, from the position its `FEN` tag gives (the start position without).
    fn start<R: Record>(&mut self, tags: Vec<(String, String)>) -> Result<R, Failure<R>> {
        let (start, notice) = match tags.iter().find(|(n, _)| n.eq_ignore_ascii_case("FEN")) {
            Some((_, fen)) if !fen.is_empty() => {
                match lenient_fen(fen, black_first(self.chars.clone())) {
                    Ok(found) => found,
                    Err(error) => {
                        let mut g = R::new(self.initial.clone());
                        *g.tags() = tags.clone();
                        let fen = fen.clone();
                        let (line, column) = self.spot();
                        self.skip_game();
                        return Err(Failure {
                            partial: Box::new(g),
                            kind: PgnErrorKind::BadFen { fen, error },
                            line,
                            column,
                            depth: 0,
                            variations: 0,
                        });
                    }
                }
            }
            _ => (self.initial.clone(), None),
        };
        let mut game = R::new(start);
        game.notices().extend(notice);
        for (n, v) in tags {
            if n == "Result" {
                let r = PgnResult::parse(&v).map_or(v, |r| r.pgn().to_string());
                game.set_tag(&n, &r);
            } else {
                game.tags().push((n, v));
            }
        }
        Ok(game)
    }

    /// Reads the moves, comments, marks and variations up to the result or the next game's tags;
    /// an error comes with its line.
    fn movetext<R: Record>(
        &mut self,
        game: &mut R,
        body: &mut Body<R::Id>,
    ) -> Result<(), (PgnErrorKind, Spot)> {
        loop {
            self.skip_ws();
            let Some(c) = self.chars.peek() else {
                return Ok(());
            };
            match c {
                '[' => return Ok(()),
                '{' => {
                    self.chars.next();
                    match self.until('}') {
                        Some(text) => Self::comment(game, &mut body.place, &text),
                        None => return Err((PgnErrorKind::Unclosed('{'), self.spot())),
                    }
                }
                ';' => {
                    self.chars.next();
                    let mut text = String::new();
                    while self.chars.rest.clone().next().is_some_and(|c| c != '\n') {
                        text.extend(self.chars.next_raw());
                    }
                    Self::comment(game, &mut body.place, &text);
                }
                '(' => self.open_variation(game, body)?,
                ')' => {
                    self.chars.next();
                    let place = &mut body.place;
                    if let Some(back) = place.open.pop() {
                        if let Some(b) = place.before.take() {
                            game.add_comment(place.at, &b);
                        }
                        place.at = back;
                        place.starting = false;
                    }
                }
                _ => {
                    let tok = self.token();
                    if let Some(r) = is_result_token(&tok) {
                        if !body.place.open.is_empty() {
                            continue;
                        }
                        if !game.result_is_set() {
                            game.set_tag("Result", r.pgn());
                        }
                        self.skip_game();
                        return Ok(());
                    }
                    self.move_token(game, body, &tok)?;
                }
            }
        }
    }

    /// A `(`: a variation of the last move read starts from the position before it (one before
    /// any move, or in a reader that keeps one line, is skipped).
    fn open_variation<R: Record>(
        &mut self,
        game: &mut R,
        body: &mut Body<R::Id>,
    ) -> Result<(), (PgnErrorKind, Spot)> {
        let place = &mut body.place;
        self.chars.next();
        match game.parent(place.at).filter(|_| R::TREE) {
            Some(parent) => {
                if place.open.len() >= MAX_NESTING {
                    let spot = self.spot();
                    self.skip_game();
                    return Err((PgnErrorKind::TooDeep { limit: MAX_NESTING }, spot));
                }
                place.open.push(place.at);
                place.at = parent;
                place.starting = true;
            }
            None => match self.skip_variation() {
                Some(n) => body.variations += n,
                None => return Err((PgnErrorKind::Unclosed('('), self.spot())),
            },
        }
        Ok(())
    }

    /// A token of the movetext that is not a result: a move number, a NAG, a move (perhaps with
    /// its number or a mark glued on, or two moves glued together) or free text kept as a comment.
    fn move_token<R: Record>(
        &mut self,
        game: &mut R,
        body: &mut Body<R::Id>,
        tok: &str,
    ) -> Result<(), (PgnErrorKind, Spot)> {
        let place = &mut body.place;
        let length = tok.chars().count();
        if tok.is_empty() || is_number_or_dots(tok) {
            body.numbered |= is_move_number(tok);
            return Ok(());
        }
        if let Some(nag) = nag_token(tok) {
            if place.at != game.root() && !place.starting {
                game.add_nag(place.at, nag);
            }
            return Ok(());
        }
        let (tok, mark) = split_mark(tok);
        let mut parts: Vec<String> = Vec::new();
        // Checked once for the token as it is, again only when a number was taken off it.
        let whole = is_move_syntax(tok);
        let t = if whole { tok } else { strip_number(tok) };
        body.numbered |= t.len() != tok.len();
        if whole || (t.len() != tok.len() && is_move_syntax(t)) {
            parts.push(t.to_string());
        } else if let Some((a, b)) = split_glued(t) {
            parts.extend([a, b]);
        } else if !game.has_moves() || !looks_like_move(t) {
            // Free text: a title before the moves, or a remark between them.
            Self::comment(game, place, t);
            return Ok(());
        } else {
            parts.push(t.to_string());
        }
        for p in parts {
            let Some(pos) = game.position(place.at) else {
                break;
            };
            match read(pos, &p) {
                Ok(m) => Self::add_move(game, place, m),
                Err(error) => {
                    let (round, side) = (pos.fullmoves(), pos.turn());
                    // Where the move's token starts: it lies on one line, just read.
                    let (line, end) = self.spot();
                    let spot = (line, end.saturating_sub(length).max(1));
                    self.skip_game();
                    return Err((PgnErrorKind::BadMove { round, side, error }, spot));
                }
            }
        }
        if let Some(nag) = mark {
            game.add_nag(place.at, nag);
        }
        Ok(())
    }

    /// Plays a move read (legal: `read` resolved it) on the current line.
    fn add_move<R: Record>(game: &mut R, place: &mut Place<R::Id>, m: Move) {
        let Some(id) = game.add_move(place.at, m) else {
            unreachable!("resolved moves are legal")
        };
        if let Some(b) = place.before.take() {
            // Only a variation's first move has a comment before it; a variation that repeats
            // the main move joins the main line.
            if game.next(place.at) == Some(id) {
                game.add_comment(place.at, &b);
            } else {
                game.add_before(id, &b);
            }
        }
        place.at = id;
        place.starting = false;
    }

    /// Skips to the next game's tags (a `[` at the start of a line).
    fn skip_game(&mut self) {
        let mut line_start = false;
        while let Some(c) = self.chars.peek() {
            if c == '[' && line_start {
                return;
            }
            if c == '\n' {
                line_start = true;
            } else if !c.is_whitespace() {
                line_start = false;
            }
            self.chars.next();
        }
    }
}

/// Takes lichess's `[%cal …]`, `[%csl …]` and `[%eval …]` out of a comment: the rest of the text
/// and what they say. A command that does not read (or spans lines) stays in the text.
pub(crate) fn split_commands(text: &str) -> (String, Vec<Arrow>, Vec<Circle>, Option<Eval>) {
    let mut rest = String::new();
    let (mut arrows, mut circles, mut eval) = (Vec::new(), Vec::new(), None);
    let mut s = text;
    while let Some(i) = s.find("[%") {
        rest.push_str(&s[..i]);
        let after = &s[i..];
        let Some(end) = after.find(']') else {
            s = after;
            break;
        };
        let body = &after[2..end];
        let (name, args) = body.split_once(char::is_whitespace).unwrap_or((body, ""));
        let args = args.trim();
        // A command is on one line: `[%` on one line and `]` on a later one are text (comments
        // read as pieces are joined by line breaks, and must read the same when joined).
        let name = if body.contains('\n') { "" } else { name };
        let understood = match name {
            "cal" => parse_list(args, |x| {
                let mut c = x.chars();
                let color = MarkColor::from_letter(c.next()?)?;
                let sq = c.as_str();
                let from = Square::parse(sq.get(..2)?)?;
                let to = Square::parse(sq.get(2..)?)?;
                Some(Arrow { color, from, to })
            })
            .map(|v| arrows.extend(v)),
            "csl" => parse_list(args, |x| {
                let mut c = x.chars();
                let color = MarkColor::from_letter(c.next()?)?;
                let at = Square::parse(c.as_str())?;
                Some(Circle { color, at })
            })
            .map(|v| circles.extend(v)),
            "eval" => parse_eval(args).map(|e| eval = Some(e)),
            _ => None,
        };
        if understood.is_none() {
            rest.push_str(&after[..=end]);
        }
        s = &after[end + 1..];
    }
    rest.push_str(s);
    (rest, arrows, circles, eval)
}

fn parse_list<T>(args: &str, one: impl Fn(&str) -> Option<T>) -> Option<Vec<T>> {
    args.split(',')
        .map(|x| one(x.trim()))
        .collect::<Option<Vec<T>>>()
}

/// `0.35`, `-1`, `+2.5` (pawns, for Red) or `#3`, `#-3` (mate): read in whole numbers, so that no
/// floating-point parser is compiled into the pages.
fn parse_eval(args: &str) -> Option<Eval> {
    let a = args.split(',').next()?.trim();
    if let Some(m) = a.strip_prefix('#') {
        return m.parse().ok().map(Eval::Mate);
    }
    let (negative, a) = match a.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, a.strip_prefix('+').unwrap_or(a)),
    };
    let (whole, fraction) = a.split_once('.').unwrap_or((a, ""));
    let digits = |s: &str| !s.is_empty() && s.len() <= 7 && s.bytes().all(|b| b.is_ascii_digit());
    if !(digits(whole) || (whole.is_empty() && digits(fraction))) {
        return None;
    }
    if !fraction.is_empty() && !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let whole: i32 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    let f = fraction.as_bytes();
    let digit = |i: usize| f.get(i).map_or(0, |b| i32::from(b - b'0'));
    // Centipawns, rounded half up on the third decimal.
    let cp = whole * 100 + digit(0) * 10 + digit(1) + i32::from(digit(2) >= 5);
    Some(Eval::Centipawns(if negative { -cp } else { cp }))
}

/// Centipawns as pawns with two decimals (`-0.05`), in whole numbers.
fn pawns(cp: i32) -> String {
    let sign = if cp < 0 { "-" } else { "" };
    let a = cp.unsigned_abs();
    format!("{sign}{}.{:02}", a / 100, a % 100)
}

/// The comment of node `id` for formats with no comment before a move (XQF, DhtmlXQ): its own,
/// then the comments written before each of its variations' first moves.
pub(crate) fn comment_with_variation_notes(tree: &GameTree, id: NodeId) -> String {
    let Some(n) = tree.node(id) else {
        return String::new();
    };
    let mut text = comment_text(n).unwrap_or_default();
    for &c in tree.children(id).iter().skip(1) {
        if let Some(b) = tree.node(c).and_then(|c| c.before.as_deref()) {
            if !text.is_empty() {
                text.push('\n');
            }
            text.push_str(b);
        }
    }
    text
}

/// The comment PGN carries for a node: its commands, then its text.
pub(crate) fn comment_text(n: &Node) -> Option<String> {
    let mut parts: Vec<String> = Vec::new();
    if let Some(e) = n.eval {
        parts.push(match e {
            Eval::Centipawns(cp) => format!("[%eval {}]", pawns(cp)),
            Eval::Mate(m) => format!("[%eval #{m}]"),
        });
    }
    if !n.circles.is_empty() {
        let v: Vec<String> = n
            .circles
            .iter()
            .map(|c| format!("{}{}", c.color.letter(), c.at))
            .collect();
        parts.push(format!("[%csl {}]", v.join(",")));
    }
    if !n.arrows.is_empty() {
        let v: Vec<String> = n
            .arrows
            .iter()
            .map(|a| format!("{}{}{}", a.color.letter(), a.from, a.to))
            .collect();
        parts.push(format!("[%cal {}]", v.join(",")));
    }
    if let Some(c) = &n.comment {
        parts.push(c.clone());
    }
    (!parts.is_empty()).then(|| parts.join(" "))
}

/// Splits two moves written without a space (`炮二平五马８进７`).
fn split_glued(t: &str) -> Option<(String, String)> {
    let chars: Vec<char> = t.chars().collect();
    if chars.len() != 8 {
        return None;
    }
    let a: String = chars[..4].iter().collect();
    let b: String = chars[4..].iter().collect();
    (chinese::parse(&a).is_ok() && chinese::parse(&b).is_ok()).then_some((a, b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::Move;

    fn mv(s: &str) -> Move {
        Move::from_iccs(s).unwrap()
    }

    #[test]
    fn reads_xqbase_layout_with_comments_and_black_lines() {
        let text = "[Game \"Chinese Chess\"]\n[Result \"*\"]\n{ title }\n  1. 炮二平五\n{（一本）\n}\n  1.          炮８平５\n  2. 马二进三 马８进７\n*\n";
        let g = read_pgn(text).unwrap();
        assert_eq!(g.moves(), &[mv("h2e2"), mv("h7e7"), mv("h0g2"), mv("h9g7")]);
        assert_eq!(g.comment(0), Some("title"));
        assert_eq!(g.comment(1), Some("（一本）"));
    }

    #[test]
    fn skips_variations_and_reads_bare_numbers() {
        let text = "1 炮二平五 马8进7 (1. ... 炮８平５ {顺炮} 2. 马二进三) 2 马二进三 车9平8 1-0";
        let g = read_pgn(text).unwrap();
        assert_eq!(g.moves().len(), 4);
        assert_eq!(g.result(), PgnResult::RedWins);
    }

    #[test]
    fn garbled_file_stops_with_the_move_and_reason() {
        let text = "1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一进九 车１进１";
        let e = read_pgn(text).unwrap_err();
        assert_eq!(e.partial.moves().len(), 4);
        match &e.kind {
            PgnErrorKind::BadMove { round, side, error } => {
                assert_eq!((*round, *side), (3, Color::Red));
                assert!(matches!(error, NotationError::Illegal { .. }));
            }
            k => panic!("unexpected {k:?}"),
        }
        assert!(e.to_string().contains("move 3."), "{e}");
    }

    #[test]
    fn export_round_trips_in_every_format() {
        let mut g = PgnGame::default();
        g.set_tag("Red", "许银川");
        g.set_tag("Event", "测试 \"quoted\"");
        for m in ["h2e2", "h9g7", "h0g2", "i9h9"] {
            g.push(mv(m)).unwrap();
        }
        g.set_comment(2, "屏风马 {braces}");
        g.set_tag("Result", "1/2-1/2");
        for n in [
            Notation::Chinese,
            Notation::Wxf,
            Notation::Iccs,
            Notation::ChineseShort,
        ] {
            let text = write_pgn(&g, n);
            let back = read_pgn(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(back.moves(), g.moves(), "{text}");
            assert_eq!(back.tag("Red"), Some("许银川"));
            assert_eq!(back.tag("Event"), Some("测试 \"quoted\""));
            // A line with a `}` goes as a `;` comment: read back as it was.
            assert_eq!(back.comment(2), Some("屏风马 {braces}"));
            assert_eq!(back.result(), PgnResult::Draw);
        }
        assert!(write_pgn(&g, Notation::Wxf).contains("[Format \"WXF\"]"));
    }

    #[test]
    fn evals_read_and_write_in_whole_centipawns() {
        for (text, cp) in [
            ("0.35", 35),
            ("-1", -100),
            ("+2.5", 250),
            ("-.5", -50),
            ("0.005", 1),
            ("-0.05", -5),
            ("12.345", 1235),
        ] {
            assert_eq!(parse_eval(text), Some(Eval::Centipawns(cp)), "{text}");
            assert_eq!(parse_eval(&pawns(cp)), Some(Eval::Centipawns(cp)), "{text}");
        }
        assert_eq!(parse_eval("#-3"), Some(Eval::Mate(-3)));
        for bad in ["1e5", ".", "", "abc", "1.2.3", "99999999"] {
            assert_eq!(parse_eval(bad), None, "{bad}");
        }
        assert_eq!(pawns(-5), "-0.05");
        assert_eq!(pawns(1234), "12.34");
    }

    #[test]
    fn text_without_a_game_is_empty() {
        for text in ["", "   \n", "hello world", "{only a comment}"] {
            assert_eq!(
                read_pgn(text).unwrap_err().kind,
                PgnErrorKind::Empty,
                "{text}"
            );
        }
    }

    #[test]
    #[cfg(not(target_arch = "wasm32"))]
    fn numbered_text_without_a_readable_move_is_an_error() {
        // UTF-8 炮二平五 马８进７ read as GBK: numbers survive, moves become mojibake.
        let (mojibake, _, _) = encoding_rs::GB18030.decode("1. 炮二平五 马８进７\n".as_bytes());
        for text in [
            mojibake.as_ref(),
            "1. xyz 2. abc",
            "[Event \"e\"]\n1.炮十平五",
        ] {
            let e = read_pgn(text).unwrap_err();
            assert_eq!(e.kind, PgnErrorKind::NoMoves, "{text}");
        }
        // A position with no moves yet, or a title with a number, is still a game.
        let study = "[FEN \"3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1\"]\n{第1题} *";
        assert!(read_pgn(study).unwrap().moves().is_empty());
    }

    #[test]
    fn fen_tag_with_a_broken_side_field_means_red() {
        let text =
            "[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR -b\"]\n1. 炮二平五";
        let game = read_pgn(text).unwrap();
        assert_eq!(game.moves(), &[mv("h2e2")]);
        // Said, not silent: the user is told which side was assumed.
        assert!(matches!(
            game.notices.as_slice(),
            [PgnNotice::TurnAssumed {
                side: Color::Red,
                ..
            }]
        ));
    }

    #[test]
    fn fen_tag_without_a_side_takes_it_from_the_move_text() {
        let board = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";
        let black = format!("[FEN \"{board}\"]\n{{开局}} 1. ... 炮8平5 2. 炮二平五");
        let game = read_pgn(&black).unwrap();
        assert_eq!(game.moves(), &[mv("h7e7"), mv("h2e2")]);
        assert_eq!(
            game.notices,
            vec![PgnNotice::TurnAssumed {
                fen: board.to_string(),
                side: Color::Black
            }]
        );
        let red = read_pgn(&format!("[FEN \"{board}\"]\n1. 炮二平五")).unwrap();
        assert!(matches!(
            red.notices.as_slice(),
            [PgnNotice::TurnAssumed {
                side: Color::Red,
                ..
            }]
        ));
        // A complete FEN tag reads without a notice.
        let full = read_pgn(&format!("[FEN \"{board} w - - 0 1\"]\n1. 炮二平五")).unwrap();
        assert!(full.notices.is_empty());
    }
}
