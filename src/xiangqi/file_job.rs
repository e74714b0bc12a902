//! Opening a large game file in a Web Worker (`src/bin/file_worker.rs`): the work in slices with
//! its progress, and the messages between the worker and the page, JSON strings tested natively.
//!
//! The result is handed back small: one game as its tree flattened ([`Handed`], which the page
//! builds a slice at a time), a library as a list of rows (a label and the text searched) in
//! batches, and a game of the library only when it is picked. The page never deserialises
//! thousands of trees.

use super::notation::archive::{self, ArchiveError, Format, Library};
use super::notation::decode::decode_with;
use super::notation::pgn::read_tree_all;
use super::session::{flat_tree_text, APART_MOVES};
use super::tree::{Arrow, Circle, Eval, GameTree, MarkColor, Node, NodeId};
use super::words::Said;
use super::{Move, Position, Square};
use crate::text::Charsets;
use serde::{Deserialize, Serialize};

/// The worker's first message: its handler is set, the file can be sent.
pub const WORKER_READY: &str = "\"ready\"";

/// About how much PGN text is read between two progress reports.
pub const SLICE_BYTES: usize = 256 * 1024;

/// How many rows of a library go in one message: each is read on the page's thread, a few
/// milliseconds a batch (1,000 took 38-50 ms in Chromium on the 2-core machine).
pub const ROWS_PER_BATCH: usize = 250;

/// A request from the page after the file itself (which goes as a `File`, not JSON).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Request {
    /// Game `n` (from 0) of the library read, as [`Report::Picked`].
    Pick(usize),
}

/// How far the reading is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    /// Bytes of the file's text read so far.
    pub read: usize,
    /// Bytes of the file's text in all.
    pub of: usize,
    /// Games read so far.
    pub games: usize,
}

/// A game of a library as the list shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Row {
    /// `12. 许银川 – 吕钦 全国赛 · 2004.11.23`: its place, players, title, event and date.
    pub label: String,
    /// Its players, event, title, game and site, lower case, as a search reads them.
    pub search: String,
}

/// A message from the worker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Report {
    /// Reading.
    Progress(Progress),
    /// The file held one game: its tree, and why reading stopped early if it did.
    Game {
        /// The tree.
        tree: Handed,
        /// Where and why reading stopped (what was read before is in `tree`).
        stopped: Option<Said>,
    },
    /// The next rows of a library's list, in file order.
    Rows(Vec<Row>),
    /// Every row of the library has been sent: `games` in all.
    Library {
        /// How many games.
        games: usize,
        /// Where and why reading stopped (the games before are in the list).
        stopped: Option<Said>,
    },
    /// Game `index` of the library.
    Picked {
        /// Its place in the library.
        index: usize,
        /// Its tree.
        tree: Handed,
    },
    /// Nothing could be read: why.
    Failed(Said),
    /// The file held one game of more than [`APART_MOVES`] moves: its tags, and why reading
    /// stopped early if it did. Its tree follows as [`Report::Flat`].
    Apart {
        /// The tags, in file order.
        tags: Vec<(String, String)>,
        /// Where and why reading stopped (what was read before is in the tree).
        stopped: Option<Said>,
    },
    /// The tree of [`Report::Apart`]'s game in the flat form a large session saves it in
    /// ([`flat_tree_text`]), which the worker posts as the raw text, not as JSON: the page reads
    /// it and keeps it as the session's saved form instead of writing it again.
    Flat(String),
}

/// A game tree as the worker hands it to the page, flat, so that the page builds it a slice at a
/// time ([`Building`]) instead of reading 2 MB of PGN in one task: its tags as the file gave them,
/// its start, every move in preorder (each node's main continuation first), how many moves follow
/// each node, and what is written on the nodes that carry anything.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Handed {
    /// The tags, in file order.
    pub tags: Vec<(String, String)>,
    /// The start position, as FEN.
    pub start: String,
    /// Every move in preorder, in ICCS, four characters each.
    pub moves: String,
    /// How many moves are played after each node: the root first, then the nodes of `moves`.
    pub children: Vec<u32>,
    /// The notes of each node that has any, by its place in `children` (the root is 0).
    pub notes: Vec<(usize, Notes)>,
}

/// What is written on a node of a [`Handed`] tree (see [`Node`](super::tree::Node)).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Notes {
    /// The comment after the move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
    /// The comment before it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub before: Option<String>,
    /// Its NAGs.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub nags: Vec<u8>,
    /// Arrows as PGN's `[%cal]` writes them (`Gh2e2`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub arrows: Vec<String>,
    /// Circles as `[%csl]` writes them (`Re5`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub circles: Vec<String>,
    /// The evaluation: centipawns for Red, or (with `mate`) moves to mate.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub eval: Option<(i32, bool)>,
}

impl Notes {
    fn of(n: &Node) -> Option<Notes> {
        n.is_annotated().then(|| Notes {
            comment: n.comment.clone(),
            before: n.before.clone(),
            nags: n.nags.clone(),
            arrows: n
                .arrows
                .iter()
                .map(|a| format!("{}{}{}", a.color.letter(), a.from, a.to))
                .collect(),
            circles: n
                .circles
                .iter()
                .map(|c| format!("{}{}", c.color.letter(), c.at))
                .collect(),
            eval: n.eval.map(|e| match e {
                Eval::Centipawns(cp) => (cp, false),
                Eval::Mate(m) => (m, true),
            }),
        })
    }

    /// Writes these notes on `n`; `None` when a drawing does not read.
    fn write_on(&self, n: &mut Node) -> Option<()> {
        let color = |s: &str| MarkColor::from_letter(s.chars().next()?);
        n.comment.clone_from(&self.comment);
        n.before.clone_from(&self.before);
        n.nags.clone_from(&self.nags);
        n.arrows = (self.arrows.iter())
            .map(|a| {
                Some(Arrow {
                    color: color(a)?,
                    from: Square::parse(a.get(1..3)?)?,
                    to: Square::parse(a.get(3..)?)?,
                })
            })
            .collect::<Option<_>>()?;
        n.circles = (self.circles.iter())
            .map(|c| {
                Some(Circle {
                    color: color(c)?,
                    at: Square::parse(c.get(1..)?)?,
                })
            })
            .collect::<Option<_>>()?;
        n.eval = self.eval.map(|(v, mate)| {
            if mate {
                Eval::Mate(v)
            } else {
                Eval::Centipawns(v)
            }
        });
        Some(())
    }
}

/// Why a [`Handed`] tree does not build: the worker's message was not one it writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotHanded;

impl std::fmt::Display for NotHanded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the game file worker sent a tree that does not read")
    }
}

impl std::error::Error for NotHanded {}

impl Handed {
    /// `tree` to hand over.
    pub fn of(tree: &GameTree) -> Handed {
        let mut h = Handed {
            tags: tree.tags.clone(),
            start: tree.start().fen(),
            moves: String::new(),
            children: Vec::new(),
            notes: Vec::new(),
        };
        // Preorder without recursion: the tree may be deep.
        let mut stack = vec![tree.root()];
        while let Some(id) = stack.pop() {
            let Some(n) = tree.node(id) else { continue };
            if let Some(m) = n.mv() {
                h.moves.push_str(&m.to_string());
            }
            if let Some(notes) = Notes::of(n) {
                h.notes.push((h.children.len(), notes));
            }
            let children = tree.children(id);
            h.children.push(children.len() as u32);
            stack.extend(children.iter().rev());
        }
        h
    }

    /// Its JSON: the form a large session's tree is saved in (`session::SavedSession`), which
    /// [`Handed::read`] reads back and [`Building`] builds a slice at a time.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// A tree's flat form read back from [`Handed::to_json`].
    pub fn read(json: &str) -> Result<Handed, NotHanded> {
        serde_json::from_str(json).map_err(|_| NotHanded)
    }

    /// The tree handed over, built at once (a game of a library: small).
    pub fn tree(self) -> Result<GameTree, NotHanded> {
        let mut b = Building::new(self)?;
        while !b.step(usize::MAX)? {}
        Ok(b.done())
    }
}

/// A [`Handed`] tree being built a slice at a time, so that the page can yield between slices.
pub struct Building {
    handed: Handed,
    tree: GameTree,
    /// The nodes that still have moves to come after them, with how many.
    open: Vec<(NodeId, u32)>,
    /// How many moves are placed.
    placed: usize,
    /// The next of `handed.notes` to write.
    note: usize,
}

impl Building {
    /// Starts building `handed`: its start position and tags, and the root's notes.
    pub fn new(handed: Handed) -> Result<Building, NotHanded> {
        let start = Position::from_fen(&handed.start).map_err(|_| NotHanded)?;
        let mut tree = GameTree::new(start);
        tree.tags.clone_from(&handed.tags);
        let root = tree.root();
        let first = *handed.children.first().ok_or(NotHanded)?;
        let mut b = Building {
            handed,
            tree,
            open: vec![(root, first)],
            placed: 0,
            note: 0,
        };
        b.write_notes(0, root)?;
        Ok(b)
    }

    /// How many moves are placed, and how many there are.
    pub fn progress(&self) -> (usize, usize) {
        (self.placed, self.handed.moves.len() / 4)
    }

    fn write_notes(&mut self, place: usize, id: NodeId) -> Result<(), NotHanded> {
        if let Some((at, notes)) = self.handed.notes.get(self.note) {
            if *at == place {
                let node = self.tree.node_mut(id).ok_or(NotHanded)?;
                notes.write_on(node).ok_or(NotHanded)?;
                self.note += 1;
            }
        }
        Ok(())
    }

    /// Places up to `moves` more moves; true when the tree is whole.
    pub fn step(&mut self, moves: usize) -> Result<bool, NotHanded> {
        for _ in 0..moves {
            while self.open.last().is_some_and(|&(_, left)| left == 0) {
                self.open.pop();
            }
            let Some((parent, left)) = self.open.last_mut() else {
                break;
            };
            *left -= 1;
            let parent = *parent;
            let i = self.placed;
            let m = (self.handed.moves.get(4 * i..4 * i + 4))
                .and_then(Move::from_iccs)
                .ok_or(NotHanded)?;
            let id = self.tree.add_move(parent, m).map_err(|_| NotHanded)?;
            self.placed += 1;
            self.write_notes(i + 1, id)?;
            let after = *self.handed.children.get(i + 1).ok_or(NotHanded)?;
            self.open.push((id, after));
        }
        self.open.retain(|&(_, left)| left > 0);
        if !self.open.is_empty() {
            return Ok(false);
        }
        // Whole: every move and note of the message placed.
        let whole = 4 * self.placed == self.handed.moves.len()
            && self.handed.children.len() == self.placed + 1
            && self.note == self.handed.notes.len();
        whole.then_some(true).ok_or(NotHanded)
    }

    /// The tree built (whole once [`Building::step`] said so).
    pub fn done(self) -> GameTree {
        self.tree
    }
}

impl Report {
    /// The message's JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// A message read back; `None` when it is none of the worker's.
    pub fn from_json(text: &str) -> Option<Report> {
        serde_json::from_str(text).ok()
    }
}

/// Reads a game file as [`archive::open`] does (the same games, the same fault), a PGN in slices
/// of about [`SLICE_BYTES`] cut between games, telling `progress` after each.
pub fn open_in_slices(
    bytes: &[u8],
    charsets: &dyn Charsets,
    progress: &mut dyn FnMut(Progress),
) -> Result<Library, ArchiveError> {
    open_sliced(bytes, charsets, SLICE_BYTES, progress)
}

/// [`open_in_slices`] with slices of about `size` bytes.
fn open_sliced(
    bytes: &[u8],
    charsets: &dyn Charsets,
    size: usize,
    progress: &mut dyn FnMut(Progress),
) -> Result<Library, ArchiveError> {
    if Format::detect(bytes) != Some(Format::Pgn) || bytes.len() > Format::Pgn.max_bytes() {
        progress(Progress {
            read: 0,
            of: bytes.len(),
            games: 0,
        });
        return archive::open(bytes, charsets);
    }
    let text = decode_with(bytes, charsets).text;
    let mut games = Vec::new();
    let mut from = 0;
    progress(Progress {
        read: 0,
        of: text.len(),
        games: 0,
    });
    for to in slices(&text, size) {
        for r in read_tree_all(&text[from..to]) {
            match r {
                Ok(tree) => games.push(tree),
                // A fault: the whole file again, so that the games and the fault (its line
                // counted from the top) are exactly those of `archive::open`.
                Err(_) => return archive::open(bytes, charsets),
            }
        }
        from = to;
        progress(Progress {
            read: to,
            of: text.len(),
            games: games.len(),
        });
    }
    if games.is_empty() {
        return archive::open(bytes, charsets);
    }
    Ok(Library {
        format: Format::Pgn,
        games,
        stopped: archive::pgn_cut(&text, bytes.len()),
    })
}

/// The ends of slices of `text` of about `size` bytes each, the last at its end, each cut where
/// the PGN reader starts a game, so that each slice reads as the same games as the whole.
fn slices(text: &str, size: usize) -> Vec<usize> {
    let mut ends = Vec::new();
    let mut from = 0;
    for at in game_starts(text) {
        if at - from >= size {
            ends.push(at);
            from = at;
        }
    }
    ends.push(text.len());
    ends
}

/// Byte offsets where the PGN reader (`notation::pgn`) starts a game after the first: the `[` of
/// its first tag. It follows the reader's steps (tags, then the move text: comments, variations,
/// the result, after which it skips to a `[` opening a line, or a `[` ending the move text), and
/// stops looking where the reader's two ways of reading a variation could differ (a `;` comment
/// or a `[` inside one): an offset missed only makes a slice longer.
fn game_starts(text: &str) -> Vec<usize> {
    let mut starts = Vec::new();
    let mut s = Scan { text, at: 0 };
    loop {
        // The tags.
        s.skip_ws();
        while s.peek() == Some('[') {
            s.bump();
            s.tag();
            s.skip_ws();
        }
        if s.peek().is_none() {
            return starts;
        }
        // The move text, up to the next game.
        let mut depth = 0usize;
        loop {
            s.skip_ws();
            match s.peek() {
                None => return starts,
                Some('[') if depth == 0 => break,
                Some('[') => return starts,
                Some('{') => {
                    s.bump();
                    if !s.skip_past('}') {
                        return starts;
                    }
                }
                Some(';') if depth == 0 => {
                    while s.peek().is_some_and(|c| c != '\n') {
                        s.bump();
                    }
                }
                Some(';') => return starts,
                Some('(') => {
                    s.bump();
                    depth += 1;
                }
                Some(')') => {
                    s.bump();
                    depth = depth.saturating_sub(1);
                }
                Some(_) => {
                    let token = s.token();
                    if depth == 0 && matches!(token, "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*") {
                        if !s.skip_game() {
                            return starts;
                        }
                        break;
                    }
                }
            }
        }
        starts.push(s.at);
    }
}

/// A cursor over PGN text that reads as `notation::pgn`'s reader does.
struct Scan<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Scan<'a> {
    fn peek(&self) -> Option<char> {
        self.text[self.at..].chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += c.len_utf8();
        Some(c)
    }

    fn skip_ws(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }

    /// Past the next `close`; false at the end of the text.
    fn skip_past(&mut self, close: char) -> bool {
        while let Some(c) = self.bump() {
            if c == close {
                return true;
            }
        }
        false
    }

    /// A tag after its `[`: the name, a quoted value (`\` escapes; a quote ends it before `]`,
    /// a blank or the line's end), then on to the `]` or the line's end.
    fn tag(&mut self) {
        while self
            .peek()
            .is_some_and(|c| !c.is_whitespace() && c != ']' && c != '"')
        {
            self.bump();
        }
        self.skip_ws();
        if self.peek() == Some('"') {
            self.bump();
            while let Some(c) = self.bump() {
                match c {
                    '\\' => {
                        self.bump();
                    }
                    '"' if matches!(self.peek(), Some(']' | ' ' | '\t' | '\r' | '\n') | None) => {
                        break
                    }
                    _ => {}
                }
            }
        }
        while let Some(c) = self.bump() {
            if c == ']' || c == '\n' {
                break;
            }
        }
    }

    /// A token of the move text: up to a blank or one of `{ ( ) ; [`.
    fn token(&mut self) -> &'a str {
        let from = self.at;
        while self
            .peek()
            .is_some_and(|c| !c.is_whitespace() && !matches!(c, '{' | '(' | ')' | ';' | '['))
        {
            self.bump();
        }
        &self.text[from..self.at]
    }

    /// After a result: on to a `[` opening a line; false at the end of the text.
    fn skip_game(&mut self) -> bool {
        let mut line_start = false;
        while let Some(c) = self.peek() {
            if c == '[' && line_start {
                return true;
            }
            if c == '\n' {
                line_start = true;
            } else if !c.is_whitespace() {
                line_start = false;
            }
            self.bump();
        }
        false
    }
}

fn tag<'a>(t: &'a GameTree, name: &str) -> &'a str {
    t.tag(name).unwrap_or("")
}

/// A library's rows, in file order: each game's place, players, title, event and date, and the
/// headers a search looks in.
pub fn library_rows(games: &[GameTree]) -> Vec<Row> {
    let joined = |parts: &[&str], sep: &str| {
        parts
            .iter()
            .filter(|s| !s.is_empty())
            .copied()
            .collect::<Vec<_>>()
            .join(sep)
    };
    games
        .iter()
        .enumerate()
        .map(|(i, g)| {
            let head = joined(&[tag(g, "Red"), tag(g, "Black")], " – ");
            let rest = joined(&[tag(g, "Title"), tag(g, "Event"), tag(g, "Date")], " · ");
            let search = ["Red", "Black", "Event", "Title", "Game", "Site"]
                .iter()
                .map(|n| tag(g, n).to_lowercase())
                .collect::<Vec<_>>()
                .join("\n");
            Row {
                label: format!("{}. {head} {rest}", i + 1),
                search,
            }
        })
        .collect()
}

/// The rows whose headers hold `query` (any case; every row when it is blank), each with its
/// place in the library, at most `limit` of them, and how many match in all.
pub fn find<'r>(rows: &'r [Row], query: &str, limit: usize) -> (Vec<(usize, &'r Row)>, usize) {
    let q = query.trim().to_lowercase();
    let mut found = Vec::new();
    let mut total = 0;
    for (i, r) in rows.iter().enumerate() {
        if q.is_empty() || r.search.contains(&q) {
            total += 1;
            if found.len() < limit {
                found.push((i, r));
            }
        }
    }
    (found, total)
}

/// The reports that hand an opened file to the page, in order: one game, or a library's rows in
/// batches then its size, or why nothing could be read.
pub fn hand_back(opened: &Result<Library, ArchiveError>, post: &mut dyn FnMut(Report)) {
    match opened {
        Err(e) => post(Report::Failed(Said::of(e))),
        Ok(lib) => {
            let stopped = lib.stopped.as_ref().map(|e| Said::of(e));
            if let [game] = lib.games.as_slice() {
                if game.len() > APART_MOVES {
                    post(Report::Apart {
                        tags: game.tags.clone(),
                        stopped,
                    });
                    post(Report::Flat(flat_tree_text(game)));
                    return;
                }
                post(Report::Game {
                    tree: Handed::of(game),
                    stopped,
                });
                return;
            }
            for batch in lib.games.chunks(ROWS_PER_BATCH) {
                post(Report::Rows(library_rows(batch)));
            }
            post(Report::Library {
                games: lib.games.len(),
                stopped,
            });
        }
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::lang::{Lang, Say};
    use crate::text::EncodingRs;
    use crate::xiangqi::notation::pgn::read_tree;

    /// `n` games, each with a comment holding a blank line and a tag-like line; the one before
    /// last has a `;` comment in a variation, after which no cut is made.
    fn library(n: usize) -> String {
        (0..n)
            .map(|i| {
                let aside = if i + 2 == n { "; aside\n" } else { "" };
                format!(
                    "[Event \"Club {}\"]\n[Red \"Red {i}\"]\n[Black \"Black {i}\"]\n\
                     1. 炮二平五 {{a comment\n\n[Event \"not a tag\"]}} 马８进７ (1... 炮８平５ {aside}) 2. 马二进三 *\n\n",
                    i % 7
                )
            })
            .collect()
    }

    fn opened(text: &str) -> (Vec<usize>, Result<Library, ArchiveError>) {
        let mut seen = Vec::new();
        let got = open_in_slices(text.as_bytes(), &EncodingRs, &mut |p| seen.push(p.games));
        (seen, got)
    }

    #[test]
    fn a_library_read_in_slices_is_the_library_read_whole() {
        let text = library(6000);
        let whole = archive::open(text.as_bytes(), &EncodingRs).unwrap();
        let (counts, sliced) = opened(&text);
        assert_eq!(sliced.unwrap(), whole);
        assert_eq!(whole.games.len(), 6000);
        // Progress after each slice, the games growing to all of them.
        assert!(counts.len() > 3, "{counts:?}");
        assert!(counts.windows(2).all(|w| w[0] <= w[1]));
        assert_eq!(counts.last(), Some(&6000));
    }

    #[test]
    fn slices_are_cut_only_where_the_reader_starts_a_game() {
        // The comment with a blank line and a tag-like line, and the `;` comment in a variation,
        // are not places to cut; the games after the variation's `;` are not cut at all.
        let text = library(50);
        for size in [1, 100, 1000] {
            for end in slices(&text, size) {
                assert!(
                    end == text.len() || text[end..].starts_with("[Event \"Club"),
                    "{end}"
                );
            }
        }
        assert_eq!(game_starts(&text).len(), 48);
        let plain = "[Red \"A\"]\n1. 炮二平五 *\n\n[Red \"B\"]\n1. 相三进五 1-0 [Red \"x\"]\n[Red \"C\"]\n1. 兵七进一\n[Red \"D\"]\n1. 马二进三 *\n";
        let starts: Vec<&str> = game_starts(plain)
            .into_iter()
            .map(|at| &plain[at..at + 9])
            .collect();
        assert_eq!(starts, ["[Red \"B\"]", "[Red \"C\"]", "[Red \"D\"]"]);
    }

    #[test]
    fn a_fault_is_the_fault_of_the_whole_file_with_the_games_before_it() {
        let mut text = library(2000);
        text.push_str("[Red \"Bad\"]\n1. 炮二平五 马８进７ 2. 车九进九 *\n");
        text.push_str(&library(10));
        let whole = archive::open(text.as_bytes(), &EncodingRs).unwrap();
        let sliced = open_in_slices(text.as_bytes(), &EncodingRs, &mut |_| {}).unwrap();
        assert_eq!(sliced, whole);
        assert_eq!(sliced.games.len(), 2001);
        assert!(sliced.stopped.is_some());
    }

    #[test]
    fn the_real_pgn_files_read_in_the_smallest_slices_as_whole() {
        let mut files: Vec<_> = walk(std::path::Path::new("tests/data/games/raw"))
            .into_iter()
            .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
            .collect();
        files.sort();
        assert!(files.len() >= 40, "{}", files.len());
        let mut all = Vec::new();
        for f in &files {
            let bytes = std::fs::read(f).unwrap();
            for size in [1, 200] {
                let sliced = open_sliced(&bytes, &EncodingRs, size, &mut |_| {});
                assert_eq!(sliced, archive::open(&bytes, &EncodingRs), "{f:?}");
            }
            // A game without tags would run on from the one before: only those with tags.
            let tagged = String::from_utf8_lossy(&bytes)
                .trim_start()
                .starts_with('[');
            if tagged && archive::open(&bytes, &EncodingRs).is_ok_and(|l| l.stopped.is_none()) {
                // As UTF-8: the files are in GBK and UTF-8.
                all.extend_from_slice(decode_with(&bytes, &EncodingRs).text.as_bytes());
                all.extend_from_slice(b"\n\n");
            }
        }
        let whole = archive::open(&all, &EncodingRs).unwrap();
        assert!(whole.games.len() >= 20, "{}", whole.games.len());
        let mut cuts = 0;
        let sliced = open_sliced(&all, &EncodingRs, 1, &mut |_| cuts += 1);
        assert_eq!(sliced.unwrap(), whole);
        assert!(cuts > 20, "{cuts}");
    }

    fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
        std::fs::read_dir(dir)
            .unwrap()
            .flatten()
            .flat_map(|e| {
                let p = e.path();
                if p.is_dir() {
                    walk(&p)
                } else {
                    vec![p]
                }
            })
            .collect()
    }

    #[test]
    fn a_library_cut_between_moves_is_said_cut_as_archive_open_says_it() {
        let mut text = library(3000);
        text.push_str("[Red \"Cut\"]\n1. 炮二平五 马８进７ 2.");
        let whole = archive::open(text.as_bytes(), &EncodingRs).unwrap();
        assert!(matches!(whole.stopped, Some(ArchiveError::Cut { .. })));
        assert_eq!(
            open_in_slices(text.as_bytes(), &EncodingRs, &mut |_| {}).unwrap(),
            whole
        );
    }

    #[test]
    fn other_formats_and_errors_read_as_archive_open_reads_them() {
        for bytes in [
            &b"\x00\x01\x02"[..],
            b"[",
            b"[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]",
        ] {
            let sliced = open_in_slices(bytes, &EncodingRs, &mut |_| {});
            assert_eq!(sliced, archive::open(bytes, &EncodingRs));
        }
    }

    #[test]
    fn a_library_goes_back_as_rows_in_batches_and_a_game_as_its_pgn() {
        let text = library(2500);
        let lib = archive::open(text.as_bytes(), &EncodingRs);
        let mut sent = Vec::new();
        hand_back(&lib, &mut |r| {
            sent.push(Report::from_json(&r.to_json()).unwrap())
        });
        let sizes: Vec<usize> = sent
            .iter()
            .filter_map(|r| match r {
                Report::Rows(rows) => Some(rows.len()),
                _ => None,
            })
            .collect();
        assert_eq!(sizes, [250; 10]);
        assert_eq!(
            sent.last(),
            Some(&Report::Library {
                games: 2500,
                stopped: None
            })
        );
        let Report::Rows(rows) = &sent[0] else {
            panic!("{:?}", sent[0]);
        };
        assert_eq!(rows[0].label, "1. Red 0 – Black 0 Club 0");

        let one = "[Red \"许银川\"]\n{开局} 1. 炮二平五 {中炮} 马８进７ (1... 炮８平５ {顺炮}) *\n";
        let lib = archive::open(one.as_bytes(), &EncodingRs);
        let mut sent = Vec::new();
        hand_back(&lib, &mut |r| sent.push(r));
        let [Report::Game {
            tree,
            stopped: None,
        }] = sent.as_slice()
        else {
            panic!("{sent:?}");
        };
        assert_eq!(tree.clone().tree().unwrap(), lib.unwrap().games[0]);
    }

    #[test]
    fn a_fault_goes_back_in_both_languages() {
        let mut sent = Vec::new();
        hand_back(&archive::open(b"\x00\x01", &EncodingRs), &mut |r| {
            sent.push(r)
        });
        let [Report::Failed(said)] = sent.as_slice() else {
            panic!("{sent:?}");
        };
        assert!(said.say(Lang::Zh).contains("无法识别"));
        assert!(said.say(Lang::En).contains("not a game file"));
    }

    #[test]
    fn a_search_finds_players_events_and_titles_and_counts_beyond_the_limit() {
        let text = library(30);
        let rows = library_rows(&archive::open(text.as_bytes(), &EncodingRs).unwrap().games);
        let (found, total) = find(&rows, "RED 1", 5);
        assert_eq!(total, 11); // Red 1, Red 10 … Red 19
        assert_eq!(found.len(), 5);
        assert_eq!(found[0].0, 1);
        assert_eq!(find(&rows, "club 3", 100).1, 4);
        assert_eq!(find(&rows, "  ", 100).1, 30);
        assert_eq!(find(&rows, "nobody", 100).1, 0);
    }

    #[test]
    fn messages_read_back() {
        for r in [
            Report::Progress(Progress {
                read: 5,
                of: 10,
                games: 2,
            }),
            Report::Picked {
                index: 3,
                tree: Handed::of(
                    &read_tree("[Red \"许银川\"]\n1. 炮二平五 {中炮 [%cal Gh2e2]} *").unwrap(),
                ),
            },
        ] {
            assert_eq!(Report::from_json(&r.to_json()), Some(r));
        }
        assert_eq!(Report::from_json(WORKER_READY), None);
        let pick: Request = serde_json::from_str("{\"pick\":7}").unwrap();
        assert_eq!(pick, Request::Pick(7));
    }

    /// Builds `handed` in slices of `moves`, counting them.
    fn built(handed: Handed, moves: usize) -> (Result<GameTree, NotHanded>, usize) {
        let mut slices = 0;
        let b = Building::new(handed).and_then(|mut b| loop {
            slices += 1;
            if b.step(moves)? {
                return Ok(b.done());
            }
        });
        (b, slices)
    }

    #[test]
    fn a_tree_handed_over_builds_in_slices_as_it_was_with_every_note() {
        let text = "[Event \"课\"]\n[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\"]\n\
            {开局} 1. 炮二平五 $1 {中炮 [%cal Gh2e2,Rb0c2] [%csl Ye5] [%eval 0.35]} 马８进７ \
            (1... ({顺炮} 1... 炮８平５ $5 {[%eval #-3]} 2. 马二进三) 1... 卒７进１) \
            2. 马二进三 (2. 兵七进一 车９平８ (2... 炮８进４)) 车９平８ *";
        let tree = read_tree(text).unwrap();
        assert!(tree.variation_count() >= 3 && tree.comment_count() >= 3);
        for moves in [1, 2, 5, usize::MAX] {
            let handed = Report::from_json(
                &Report::Game {
                    tree: Handed::of(&tree),
                    stopped: None,
                }
                .to_json(),
            );
            let Some(Report::Game { tree: handed, .. }) = handed else {
                panic!()
            };
            let (back, slices) = built(handed, moves);
            // The same tree (its nodes numbered in the order they were handed).
            let back = back.unwrap();
            assert_eq!(back.first_difference(&tree), None, "{moves}");
            assert_eq!(back.tags, tree.tags);
            assert_eq!(slices, tree.len().div_ceil(moves.min(tree.len())));
        }
        // The 2 MB file's shape, small: a line of 400 moves with one beside each.
        let nested = crate::xiangqi::notation::dhtmlxq::read_dhtmlxq(
            &crate::xiangqi::notation::stress::nested_dhtmlxq(800, true),
        )
        .unwrap();
        let back = built(Handed::of(&nested), 100).0.unwrap();
        assert_eq!(back.first_difference(&nested), None);
    }

    /// A game of more than `APART_MOVES` moves comes back as its tags, then its tree's flat form
    /// as raw text: the text the session saves apart, so the page keeps it instead of writing it
    /// again, and the tree built from it is the file's.
    #[test]
    fn a_large_game_is_handed_back_in_the_flat_form_its_session_saves() {
        use crate::xiangqi::notation::{dhtmlxq::read_dhtmlxq, stress::nested_dhtmlxq};
        use crate::xiangqi::session::{PlaySession, TreeStamp};
        let mut game = read_dhtmlxq(&nested_dhtmlxq(6_000, true)).unwrap();
        game.set_tag("Red", "甲");
        assert!(game.len() > APART_MOVES);
        let lib = Ok(Library {
            format: Format::DhtmlXq,
            games: vec![game.clone()],
            stopped: None,
        });
        let mut sent = Vec::new();
        hand_back(&lib, &mut |r| sent.push(r));
        let [Report::Apart {
            tags,
            stopped: None,
        }, Report::Flat(text)] = sent.as_slice()
        else {
            panic!(
                "{:?}",
                sent.iter().map(|r| r.to_json().len()).collect::<Vec<_>>()
            );
        };
        assert_eq!(tags, &game.tags);
        let mut handed = Handed::read(text).unwrap();
        handed.tags = tags.clone();
        let back = built(handed, 500).0.unwrap();
        assert_eq!(back.first_difference(&game), None);
        // What the session would write apart is that very text: kept, not written again.
        let (s, _) = PlaySession::from_tree_flat(back.clone(), text.clone());
        let (fresh, _) = PlaySession::from_tree(back);
        let stamp = TreeStamp::of(text);
        assert_eq!(s.to_json_apart().1, Some((stamp, text.as_str())));
        assert_eq!(fresh.to_json_apart().1, Some((stamp, text.as_str())));
        assert_eq!(s.to_json_apart().0, fresh.to_json_apart().0);
        // A small game still comes whole in one report.
        let small = Ok(Library {
            format: Format::Pgn,
            games: vec![read_tree("1. 炮二平五 马８进７ *").unwrap()],
            stopped: None,
        });
        let mut sent = Vec::new();
        hand_back(&small, &mut |r| sent.push(r));
        assert!(matches!(sent.as_slice(), [Report::Game { .. }]));
    }

    #[test]
    fn a_tree_that_does_not_read_is_refused_not_built_wrong() {
        let tree = read_tree("1. 炮二平五 {中炮} 马８进７ (1... 炮８平５) *").unwrap();
        let good = Handed::of(&tree);
        let mut bad = Vec::new();
        bad.push(Handed {
            start: "x".into(),
            ..good.clone()
        });
        bad.push(Handed {
            moves: good.moves.replace("h2e2", "h2h9"),
            ..good.clone()
        });
        bad.push(Handed {
            moves: good.moves[..8].into(),
            ..good.clone()
        });
        bad.push(Handed {
            moves: format!("{}a0a1", good.moves),
            ..good.clone()
        });
        bad.push(Handed {
            children: good.children[..2].into(),
            ..good.clone()
        });
        bad.push(Handed {
            children: vec![],
            ..good.clone()
        });
        let mut drawn = good.clone();
        drawn.notes[0].1.arrows.push("Xz9z9".into());
        bad.push(drawn);
        let mut late = good.clone();
        late.notes.push((99, Notes::default()));
        bad.push(late);
        for h in bad {
            assert_eq!(built(h.clone(), 1).0, Err(NotHanded), "{h:?}");
        }
        assert_eq!(built(good, 1).0.unwrap().first_difference(&tree), None);
    }

    /// The page's costs natively: `cargo test --release --lib file_job::tests::costs -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn costs() {
        use crate::xiangqi::notation::pgn::write_tree;
        use crate::xiangqi::notation::Notation;
        use std::time::Instant;
        for (name, text) in crate::xiangqi::notation::stress::files()
            .into_iter()
            .take(1)
        {
            let tree = archive::open(text.as_bytes(), &EncodingRs)
                .unwrap()
                .games
                .remove(0);
            let t = Instant::now();
            let pgn = write_tree(&tree, Notation::Iccs);
            println!("{name}: {} moves; write_tree {:?}", tree.len(), t.elapsed());
            let t = Instant::now();
            let _ = read_tree(&pgn).unwrap();
            println!("read_tree {:?}", t.elapsed());
            let t = Instant::now();
            let json = Report::Game {
                tree: Handed::of(&tree),
                stopped: None,
            }
            .to_json();
            println!("hand over {:?} ({} bytes)", t.elapsed(), json.len());
            let t = Instant::now();
            let Some(Report::Game { tree: h, .. }) = Report::from_json(&json) else {
                panic!()
            };
            println!("json read {:?}", t.elapsed());
            let t = Instant::now();
            let back = h.tree().unwrap();
            println!("built {:?}", t.elapsed());
            let t = Instant::now();
            let (s, _) = crate::xiangqi::session::PlaySession::from_tree(back);
            println!("session {:?}", t.elapsed());
            let t = Instant::now();
            let (j, flat) = s.to_json_apart();
            let flat = flat.map_or(0, |(_, text)| text.len());
            println!(
                "session json {:?} ({} bytes, the tree apart {flat})",
                t.elapsed(),
                j.len()
            );
            let t = Instant::now();
            let (j, _) = s.to_json_apart();
            println!("again (a step) {:?} ({} bytes)", t.elapsed(), j.len());
        }
    }
}
