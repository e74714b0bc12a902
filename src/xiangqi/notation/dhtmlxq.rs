//! DhtmlXQ / UBB text, as 东萍象棋 (dpxq.com) and Chinese Xiangqi forums embed games:
//! `[DhtmlXQ] [DhtmlXQ_red]…[/DhtmlXQ_red] … [DhtmlXQ_binit]…[/DhtmlXQ_binit]
//! [DhtmlXQ_movelist]77477062…[/DhtmlXQ_movelist] [DhtmlXQ_move_0_2_1]…[/DhtmlXQ_move_0_2_1]
//! [DhtmlXQ_comment3]…[/DhtmlXQ_comment3] [/DhtmlXQ]`.
//!
//! The format, as its writers use it:
//! - a point is two digits `xy`: `x` the file 0–8 from Red's left (ICCS a–i), `y` the row 0–9 from
//!   Black's side (ICCS rank `9 - y`); a move is four digits, from then to;
//! - `binit` places the 32 pieces in the order 车马相仕帅仕相马车炮炮兵兵兵兵兵 for Red then the same
//!   for Black, `99` for a piece not on the board; without it the game starts from the initial
//!   position, and the side to move is the colour of the first move's piece;
//! - `movelist` is the main line (branch 0); `move_A_B_C` is branch `C`, an alternative to the
//!   `B`-th move (from 1) of branch `A`, going on from there;
//! - `commentN` follows the `N`-th move of the main line (`comment0` comes before the first),
//!   `commentC_N` the `N`-th move of the game on branch `C`; `||` is a line break;
//! - other tags (title, event, date, place, round, red, black, result, open, …) are the headers.
//!
//! The tree's drawings and evaluations travel in the comments as PGN commands (`[%cal …]`); NAGs
//! and a comment before a move have no place in the format (the latter joins the comment of the
//! move before).

use super::pgn::{comment_with_variation_notes, split_commands};
use super::record::PgnResult;
use crate::xiangqi::tree::{GameTree, NodeId};
use crate::xiangqi::{Move, Position, Square};
use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};
use std::fmt;

/// Why DhtmlXQ text could not be read to the end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DhtmlXqErrorKind {
    /// No `[DhtmlXQ_…]` tag at all.
    NotDhtmlXq,
    /// A tag is opened and never closed.
    Unclosed {
        /// The tag's name, e.g. `DhtmlXQ_movelist`.
        tag: String,
    },
    /// `binit` is not 64 digits placing a legal position.
    BadStart,
    /// A move list holds something other than groups of four digits.
    BadDigits {
        /// The tag holding it.
        tag: String,
    },
    /// A move is not legal where it stands.
    IllegalMove {
        /// The tag holding it.
        tag: String,
        /// The move's number in the game (from 1).
        ply: usize,
        /// The four digits.
        digits: String,
    },
    /// A branch refers to a branch or a move that does not exist.
    NoParent {
        /// The branch's tag.
        tag: String,
    },
    /// The text opens the `[DhtmlXQ]` envelope and ends before `[/DhtmlXQ]`: it was cut.
    Cut,
}

/// A DhtmlXQ text that stopped: what was read, where (byte offset of the tag) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DhtmlXqError {
    /// Everything read before the failure.
    pub partial: Box<GameTree>,
    /// The byte offset in the text where the faulty tag starts.
    pub offset: usize,
    /// What was wrong.
    pub kind: DhtmlXqErrorKind,
}

impl fmt::Display for DhtmlXqError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = self.offset;
        match &self.kind {
            DhtmlXqErrorKind::NotDhtmlXq => write!(f, "DhtmlXQ: no [DhtmlXQ_…] tag found"),
            DhtmlXqErrorKind::Unclosed { tag } => {
                write!(f, "DhtmlXQ, byte {at}: [{tag}] is never closed by [/{tag}]")
            }
            DhtmlXqErrorKind::BadStart => write!(
                f,
                "DhtmlXQ, byte {at}: binit must be 64 digits placing the 32 pieces of a legal position"
            ),
            DhtmlXqErrorKind::BadDigits { tag } => {
                write!(f, "DhtmlXQ, byte {at}: [{tag}] must hold moves of four digits")
            }
            DhtmlXqErrorKind::IllegalMove { tag, ply, digits } => write!(
                f,
                "DhtmlXQ, byte {at}: move {ply} `{digits}` of [{tag}] is not legal there"
            ),
            DhtmlXqErrorKind::NoParent { tag } => write!(
                f,
                "DhtmlXQ, byte {at}: [{tag}] branches from a move that does not exist"
            ),
            DhtmlXqErrorKind::Cut => write!(
                f,
                "DhtmlXQ, byte {at}: the text ends too soon (it is cut); expected the rest of the game up to [/DhtmlXQ]"
            ),
        }
    }
}

impl std::error::Error for DhtmlXqError {}

/// The headers DhtmlXQ names, and the PGN tag each is kept as.
const HEADERS: [(&str, &str); 9] = [
    ("title", "Title"),
    ("event", "Event"),
    ("date", "Date"),
    ("place", "Site"),
    ("round", "Round"),
    ("red", "Red"),
    ("black", "Black"),
    ("result", "Result"),
    ("open", "Opening"),
];

/// Tags about the viewer or the format itself, not the game.
const FORMAT_TAGS: [&str; 4] = ["ver", "init", "binit", "movelist"];

/// One `[DhtmlXQ_name]value[/DhtmlXQ_name]`, with the byte offset of its start.
struct Tag<'a> {
    name: &'a str,
    value: &'a str,
    offset: usize,
}

/// The tags of the first `[DhtmlXQ]` block (or of the whole text without one).
fn tags(text: &str) -> Result<Vec<Tag<'_>>, (usize, DhtmlXqErrorKind)> {
    let mut v = Vec::new();
    let mut at = 0;
    while let Some(i) = text[at..].find("[DhtmlXQ_") {
        let start = at + i;
        let rest = &text[start + 1..];
        let Some(close) = rest.find(']') else {
            let tag = rest.chars().take(40).collect();
            return Err((start, DhtmlXqErrorKind::Unclosed { tag }));
        };
        let name = &rest[..close];
        let body = start + 1 + close + 1;
        let end_tag = format!("[/{name}]");
        let Some(len) = text[body..].find(&end_tag) else {
            return Err((start, DhtmlXqErrorKind::Unclosed { tag: name.into() }));
        };
        v.push(Tag {
            name: &name["DhtmlXQ_".len()..],
            value: &text[body..body + len],
            offset: start,
        });
        at = body + len + end_tag.len();
        // One game: the block ends at `[/DhtmlXQ]`.
        if text[at..].trim_start().starts_with("[/DhtmlXQ]") {
            break;
        }
    }
    Ok(v)
}

fn point(x: u8, y: u8) -> Option<Square> {
    (x <= 8 && y <= 9).then(|| Square::new(x, 9 - y)).flatten()
}

fn digits_of(s: Square) -> String {
    format!("{}{}", s.file(), 9 - s.rank())
}

/// The moves of a list, four digits each.
fn moves_of(value: &str) -> Option<Vec<(Move, String)>> {
    let d: Vec<u8> = value
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| c.to_digit(10).map(|d| d as u8))
        .collect::<Option<Vec<u8>>>()?;
    if !d.len().is_multiple_of(4) {
        return None;
    }
    d.chunks(4)
        .map(|c| {
            let m = Move::new(point(c[0], c[1])?, point(c[2], c[3])?);
            Some((m, format!("{}{}{}{}", c[0], c[1], c[2], c[3])))
        })
        .collect()
}

/// The start position of a `binit` (and the side whose piece makes the first move).
fn start_of(binit: &str, first: Option<Square>) -> Option<Position> {
    const ORDER: &[u8; 32] = b"RNBAKABNRCCPPPPPrnbakabnrccppppp";
    let d: Vec<u8> = binit.trim().bytes().collect();
    if d.len() != 64 || !d.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let mut board = [None; 90];
    for (i, c) in d.chunks(2).enumerate() {
        let (x, y) = (c[0] - b'0', c[1] - b'0');
        if (x, y) == (9, 9) {
            continue;
        }
        let sq = point(x, y)?;
        board[sq.index()] = Some(ORDER[i] as char);
    }
    let mut rows = Vec::new();
    for rank in (0..10).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for file in 0..9 {
            match board[Square::new(file, rank)?.index()] {
                Some(p) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push(p);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    let side = match first.and_then(|s| board[s.index()]) {
        Some(p) if p.is_ascii_lowercase() => "b",
        _ => "w",
    };
    Position::from_fen(&format!("{} {side} - - 0 1", rows.join("/"))).ok()
}

/// A value's lines: `||`, like a line break of any system, is `\n`.
fn lines_of(value: &str) -> String {
    value
        .replace("\r\n", "\n")
        .replace('\r', "\n")
        .replace("||", "\n")
}

/// A comment's text: `||` is a line break, `\uXXXX` a character.
fn comment_of(value: &str) -> String {
    let s = lines_of(value);
    let mut out = String::new();
    let mut rest = s.as_str();
    while let Some(i) = rest.find("\\u") {
        out.push_str(&rest[..i]);
        let hex = rest.get(i + 2..i + 6);
        match hex
            .and_then(|h| u32::from_str_radix(h, 16).ok())
            .and_then(char::from_u32)
        {
            Some(c) => {
                out.push(c);
                rest = &rest[i + 6..];
            }
            None => {
                out.push_str("\\u");
                rest = &rest[i + 2..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// A stop at byte `offset` of the text, with the tree read so far.
fn failed(tree: GameTree, offset: usize, kind: DhtmlXqErrorKind) -> DhtmlXqError {
    DhtmlXqError {
        partial: Box::new(tree),
        offset,
        kind,
    }
}

/// Reads the first DhtmlXQ game of `text` as a tree: headers, start, main line, every branch and
/// comment. A fault stops reading with what was read before it kept.
pub fn read_dhtmlxq(text: &str) -> Result<GameTree, DhtmlXqError> {
    if let Some(open) = text.find("[DhtmlXQ]") {
        if !text[open..].contains("[/DhtmlXQ]") {
            return Err(cut_short(text));
        }
    }
    let tags = tags(text).map_err(|(o, k)| failed(GameTree::default(), o, k))?;
    if tags.is_empty() {
        return Err(failed(GameTree::default(), 0, DhtmlXqErrorKind::NotDhtmlXq));
    }
    let find = |name: &str| tags.iter().find(|t| t.name.eq_ignore_ascii_case(name));
    let main = match find("movelist") {
        Some(t) => moves_of(t.value).ok_or_else(|| {
            let tag = "DhtmlXQ_movelist".into();
            failed(
                GameTree::default(),
                t.offset,
                DhtmlXqErrorKind::BadDigits { tag },
            )
        })?,
        None => Vec::new(),
    };
    let first = main.first().map(|(m, _)| m.from);
    let start = match find("binit").filter(|t| !t.value.trim().is_empty()) {
        Some(t) => start_of(t.value, first)
            .ok_or_else(|| failed(GameTree::default(), t.offset, DhtmlXqErrorKind::BadStart))?,
        None => Position::start(),
    };
    let mut r = Reader::new(GameTree::new(start));
    r.headers(&tags);
    let main_offset = find("movelist").map_or(0, |t| t.offset);
    let root = r.tree.root();
    r.play(root, 0, 1, &main, "DhtmlXQ_movelist", main_offset)?;
    r.branches(&tags)?;
    r.comments(&tags);
    Ok(r.tree)
}

/// A text cut before `[/DhtmlXQ]`: the tags whole before the cut are read (a fault among them
/// said first), and the cut said at the text's end.
fn cut_short(text: &str) -> DhtmlXqError {
    let whole = match tags(text) {
        Err((offset, DhtmlXqErrorKind::Unclosed { .. })) => &text[..offset],
        _ => text,
    };
    let partial = match read_dhtmlxq(&format!("{whole}[/DhtmlXQ]")) {
        Ok(tree) => tree,
        Err(e) if e.kind == DhtmlXqErrorKind::NotDhtmlXq => GameTree::default(),
        Err(e) => return e,
    };
    failed(partial, text.len(), DhtmlXqErrorKind::Cut)
}

/// The tree being read, and its nodes by (branch, move number): the node after that move, on
/// that branch.
struct Reader {
    tree: GameTree,
    nodes: BTreeMap<(u32, usize), NodeId>,
}

impl Reader {
    fn new(tree: GameTree) -> Reader {
        let nodes = BTreeMap::from([((0, 0), tree.root())]);
        Reader { tree, nodes }
    }

    /// Headers first, in the format's order, then the others as they come.
    fn headers(&mut self, tags: &[Tag]) {
        for (key, tag) in HEADERS {
            let Some(t) = tags.iter().find(|t| t.name.eq_ignore_ascii_case(key)) else {
                continue;
            };
            let v = lines_of(t.value);
            let v = v.trim();
            let v = if tag == "Result" {
                PgnResult::parse(v).map_or(v.to_string(), |r| r.pgn().to_string())
            } else {
                v.to_string()
            };
            if !v.is_empty() {
                self.tree.set_tag(tag, &v);
            }
        }
        for t in tags {
            let lower = t.name.to_ascii_lowercase();
            let known = HEADERS.iter().any(|(k, _)| *k == lower)
                || FORMAT_TAGS.contains(&lower.as_str())
                || lower.starts_with("move_")
                || lower.starts_with("comment");
            let v = lines_of(t.value);
            if !known && !v.trim().is_empty() {
                self.tree
                    .tags
                    .push((t.name.to_string(), v.trim().to_string()));
            }
        }
    }

    /// Plays `list` from `at` as branch `branch`, its first move numbered `from_ply`.
    fn play(
        &mut self,
        mut at: NodeId,
        branch: u32,
        from_ply: usize,
        list: &[(Move, String)],
        tag: &str,
        offset: usize,
    ) -> Result<(), DhtmlXqError> {
        for (i, (m, digits)) in list.iter().enumerate() {
            let ply = from_ply + i;
            let Ok(id) = self.tree.add_move(at, *m) else {
                let kind = DhtmlXqErrorKind::IllegalMove {
                    tag: tag.into(),
                    ply,
                    digits: digits.clone(),
                };
                return Err(failed(self.tree.clone(), offset, kind));
            };
            at = id;
            self.nodes.insert((branch, ply), id);
        }
        Ok(())
    }

    /// The node a branch `move_a_b_c` starts from: move `b - 1` of branch `a`.
    fn parent_of(&self, a: u32, b: usize) -> Option<NodeId> {
        match (a, b) {
            (0, 1) => self.nodes.get(&(0, 0)).copied(),
            (_, b) => b
                .checked_sub(1)
                .and_then(|p| self.nodes.get(&(a, p)).copied()),
        }
    }

    /// Branches, each after the one it comes from (files list them in any order): of the
    /// branches whose first move's parent is read, the first in the file goes next. Each waits
    /// under the node it needs, so that the tree is built in one pass over the tags, not one
    /// pass per branch (a file lists tens of thousands, children first as often as not).
    fn branches(&mut self, tags: &[Tag]) -> Result<(), DhtmlXqError> {
        let branches: Vec<(u32, usize, u32, &Tag)> = tags
            .iter()
            .filter_map(|t| {
                let rest = t.name.strip_prefix("move_")?;
                let mut it = rest.split('_').map(|n| n.parse::<u64>().ok());
                let (a, b, c) = (it.next()??, it.next()??, it.next()??);
                Some((
                    u32::try_from(a).ok()?,
                    usize::try_from(b).ok()?,
                    u32::try_from(c).ok()?,
                    t,
                ))
            })
            .collect();
        // The branches that can be played, by their place in the file; the others by the node
        // (branch, move number) they start after.
        let mut ready = BinaryHeap::new();
        let mut waiting: BTreeMap<(u32, usize), Vec<usize>> = BTreeMap::new();
        for (i, &(a, b, _, _)) in branches.iter().enumerate() {
            match b.checked_sub(1) {
                Some(p) if self.nodes.contains_key(&(a, p)) => ready.push(Reverse(i)),
                Some(p) => waiting.entry((a, p)).or_default().push(i),
                // A branch from move 0 has no move before it to start from.
                None => {}
            }
        }
        let mut played = vec![false; branches.len()];
        while let Some(Reverse(k)) = ready.pop() {
            played[k] = true;
            let (a, b, c, t) = branches[k];
            let Some(parent) = self.parent_of(a, b) else {
                continue;
            };
            let tag = format!("DhtmlXQ_{}", t.name);
            let Some(list) = moves_of(t.value) else {
                let kind = DhtmlXqErrorKind::BadDigits { tag };
                return Err(failed(self.tree.clone(), t.offset, kind));
            };
            self.play(parent, c, b, &list, &tag, t.offset)?;
            for ply in b..b + list.len() {
                if let Some(woken) = waiting.remove(&(c, ply)) {
                    ready.extend(woken.into_iter().map(Reverse));
                }
            }
        }
        // What is left branches from a move no branch holds.
        if let Some(k) = played.iter().position(|p| !p) {
            let t = branches[k].3;
            let tag = format!("DhtmlXQ_{}", t.name);
            let tree = std::mem::take(&mut self.tree);
            return Err(failed(tree, t.offset, DhtmlXqErrorKind::NoParent { tag }));
        }
        Ok(())
    }

    /// Comments, on the move they follow, with the marks and evaluation they carry.
    fn comments(&mut self, tags: &[Tag]) {
        for t in tags {
            let Some(key) = t.name.strip_prefix("comment") else {
                continue;
            };
            let (branch, ply) = match key.split_once('_') {
                Some((c, n)) => (c.parse().ok(), n.parse().ok()),
                None => (Some(0), key.parse().ok()),
            };
            let (Some(branch), Some(ply)) = (branch, ply) else {
                continue;
            };
            let at = if ply == 0 {
                Some(self.tree.root())
            } else {
                self.nodes.get(&(branch, ply)).copied()
            };
            let Some(at) = at else { continue };
            let (rest, arrows, circles, eval) = split_commands(&comment_of(t.value));
            if let Some(n) = self.tree.node_mut(at) {
                n.arrows.extend(arrows);
                n.circles.extend(circles);
                if eval.is_some() {
                    n.eval = eval;
                }
            }
            self.tree.add_comment(at, &rest);
        }
    }
}

/// A value or comment as DhtmlXQ carries it: a line break is `||`; the brackets of PGN commands
/// and of text stay as written (only a tag's own end is kept from its value, by its writer).
fn value_of(s: &str) -> String {
    s.replace("\r\n", "\n").replace(['\r', '\n'], "||")
}

/// Writes `tree` as one DhtmlXQ block: headers, `binit` when the start is not the initial
/// position, the main line, a `move_A_B_C` per variation and a `comment` per commented move.
pub fn write_dhtmlxq(tree: &GameTree) -> String {
    let mut out = String::from("[DhtmlXQ]\n");
    let mut tag = |name: &str, value: &str| {
        // A value holding the tag's own end would end there: its `[` is written full-width.
        let end = format!("[/DhtmlXQ_{name}]");
        let value = value.replace(&end, &format!("［/DhtmlXQ_{name}]"));
        out.push_str(&format!("[DhtmlXQ_{name}]{value}{end}\n"));
    };
    for (key, name) in HEADERS {
        let v = match name {
            "Result" => tree.result().chinese().to_string(),
            _ => tree.tag(name).unwrap_or("").to_string(),
        };
        if !v.is_empty() {
            tag(key, &value_of(&v));
        }
    }
    for (n, v) in &tree.tags {
        let lower = n.to_ascii_lowercase();
        // Any name the reader takes: up to the first `]`.
        let plain = !n.is_empty() && !n.contains(']');
        let mapped = HEADERS.iter().any(|(k, t)| t == n || *k == lower)
            || matches!(n.as_str(), "Game" | "FEN" | "Format")
            || FORMAT_TAGS.contains(&lower.as_str())
            || lower.starts_with("comment")
            || lower.starts_with("move_");
        if plain && !mapped && !v.is_empty() {
            tag(n, &value_of(v));
        }
    }
    if tree.start() != &Position::start() {
        tag("binit", &binit(tree.start()));
    }
    // Branch 0 is the main line; each other child starts a branch of its own, numbered in the
    // order met, after the branch its parent is on.
    let mut branch_of: BTreeMap<NodeId, u32> = BTreeMap::new();
    let mut lines: Vec<(u32, usize, u32, Vec<NodeId>)> = Vec::new();
    let mut queue = std::collections::VecDeque::new();
    queue.push_back((0u32, 0usize, 0u32, tree.next(tree.root())));
    branch_of.insert(tree.root(), 0);
    let mut next_branch = 1;
    while let Some((parent_branch, ply, branch, first)) = queue.pop_front() {
        let nodes = first.map_or(Vec::new(), |f| tree.main_line_from(f));
        for &n in &nodes {
            branch_of.insert(n, branch);
        }
        for &n in &nodes {
            for &alt in tree.siblings(n).iter().skip(1) {
                if tree.siblings(n).first() == Some(&n) {
                    let b = tree.ply(alt).unwrap_or(0);
                    queue.push_back((branch, b, next_branch, Some(alt)));
                    next_branch += 1;
                }
            }
        }
        lines.push((parent_branch, ply, branch, nodes));
    }
    for (parent, ply, branch, nodes) in &lines {
        let digits: String = nodes
            .iter()
            .filter_map(|&n| tree.node(n)?.mv())
            .map(|m| format!("{}{}", digits_of(m.from), digits_of(m.to)))
            .collect();
        if *branch == 0 {
            tag("movelist", &digits);
        } else {
            tag(&format!("move_{parent}_{ply}_{branch}"), &digits);
        }
    }
    for id in std::iter::once(tree.root()).chain(lines.iter().flat_map(|l| l.3.iter().copied())) {
        let Some(n) = tree.node(id) else { continue };
        // A comment before a variation's first move goes after the move before it.
        let text = comment_with_variation_notes(tree, id);
        if text.is_empty() {
            continue;
        }
        let ply = n.ply();
        let branch = branch_of.get(&id).copied().unwrap_or(0);
        let key = if branch == 0 || ply == 0 {
            format!("comment{ply}")
        } else {
            format!("comment{branch}_{ply}")
        };
        tag(&key, &value_of(&text));
    }
    out.push_str("[/DhtmlXQ]\n");
    out
}

/// The 64 digits placing `pos`'s pieces in the format's order.
fn binit(pos: &Position) -> String {
    const ORDER: &[u8; 32] = b"RNBAKABNRCCPPPPPrnbakabnrccppppp";
    let mut taken = [false; 90];
    let mut out = String::new();
    for &want in ORDER {
        let found = Square::all().find(|&s| {
            !taken[s.index()] && pos.piece_at(s).is_some_and(|p| p.char() as u8 == want)
        });
        match found {
            Some(s) => {
                taken[s.index()] = true;
                out.push_str(&digits_of(s));
            }
            None => out.push_str("99"),
        }
    }
    out
}
