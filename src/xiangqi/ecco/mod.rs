//! ECCO opening codes (A00–E99, 中国象棋开局分类编号) of a game or of the board at any moment.
//!
//! The code system sorts openings by the formations both sides build in their first ten moves
//! (A: openings other than the central cannon and 仙人指路; B: 中炮 against defences other than
//! 屏风马; C: 中炮 against 屏风马; D: 顺炮 and 列炮; E: 仙人指路), mostly whatever the order the
//! moves were played in. The classifier is a decision tree over exactly that knowledge: "this
//! move was played at ply n" and "this side played this move within its first k moves", on the
//! game mirrored so that Red's first move starts on Red's right. The tree (`tree.txt`) was
//! learned by [`learn`] from the ECCO tags of the Chinese Chess Practical Dataset's master games
//! (CC BY 4.0; `xq eco train`), and is checked against them by `xq eco check`
//! (docs/benchmarks.md).

#[cfg(not(target_arch = "wasm32"))]
pub mod learn;
mod words;

use crate::xiangqi::{Color, Move, Position, Square};
use std::fmt;
use std::sync::OnceLock;

pub use words::group_name;

/// How many plies of a game the code depends on: ten moves a side.
pub const PLIES: usize = 20;

/// An ECCO code such as `C64`: a letter A–E and a number 00–99.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Ecco {
    letter: u8,
    number: u8,
}

impl Ecco {
    /// The code `letter` (A–E) and `number` (0–99), if both are in range.
    pub fn new(letter: char, number: u8) -> Option<Ecco> {
        ('A'..='E')
            .contains(&letter)
            .then_some(())
            .filter(|_| number < 100)
            .map(|_| Ecco {
                letter: letter as u8,
                number,
            })
    }

    /// Reads a code such as `C64` (upper case, three characters).
    pub fn parse(s: &str) -> Option<Ecco> {
        let b = s.as_bytes();
        if b.len() != 3 || !b[1].is_ascii_digit() || !b[2].is_ascii_digit() {
            return None;
        }
        Ecco::new(b[0] as char, (b[1] - b'0') * 10 + (b[2] - b'0'))
    }

    /// The letter A–E.
    pub fn letter(self) -> char {
        self.letter as char
    }

    /// The number 0–99.
    pub fn number(self) -> u8 {
        self.number
    }

    /// The name of the code's group of ten (`C6x`: 五七炮对屏风马), in Chinese and in English.
    pub fn name(self) -> crate::lang::Text {
        group_name(self)
    }
}

impl fmt::Display for Ecco {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{:02}", self.letter as char, self.number)
    }
}

/// One question the tree asks of a game's first [`PLIES`] plies (mirrored).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Test {
    /// The move at ply `n` (0 = Red's first move) is this one.
    Ply(u8, Move),
    /// `color` played this move within its first `k` moves.
    Within(Color, u8, Move),
    /// At least `n` plies have been played (a game still in its opening, or past ply n).
    Length(u8),
}

impl Test {
    /// Whether the game (as [`normalise`] gives it) answers yes.
    pub fn holds(&self, plies: &[Move]) -> bool {
        match *self {
            Test::Length(n) => plies.len() >= n as usize,
            Test::Ply(n, m) => plies.get(n as usize) == Some(&m),
            Test::Within(color, k, m) => {
                let first = if color == Color::Red { 0 } else { 1 };
                plies
                    .iter()
                    .skip(first)
                    .step_by(2)
                    .take(k as usize)
                    .any(|&p| p == m)
            }
        }
    }
}

/// A node of the tree: a question with its two answers, or a code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node {
    /// Ask `test`; go to node `yes` or `no`.
    Split {
        /// The question.
        test: Test,
        /// The node when it holds.
        yes: u32,
        /// The node when it does not.
        no: u32,
    },
    /// The code of every game reaching here, and how many of the learnt games did.
    Leaf(Ecco, u32),
}

/// A decision tree; node 0 is the root.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tree {
    nodes: Vec<Node>,
}

/// Why a tree's text does not read (the shipped tree always reads: a test checks it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeError {
    /// The line (1-based) that does not read.
    pub line: usize,
}

impl fmt::Display for TreeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the ECCO tree does not read at line {}", self.line)
    }
}

impl std::error::Error for TreeError {}

impl Tree {
    /// A tree from its nodes (node 0 the root); `None` when a split points past the end or back.
    pub fn from_nodes(nodes: Vec<Node>) -> Option<Tree> {
        let n = nodes.len() as u32;
        let ok = !nodes.is_empty()
            && nodes.iter().enumerate().all(|(i, node)| match node {
                Node::Split { yes, no, .. } => {
                    *yes < n && *no < n && *yes > i as u32 && *no > i as u32
                }
                Node::Leaf(..) => true,
            });
        ok.then_some(Tree { nodes })
    }

    /// The code of a game given as [`normalise`] gives it. A game still in its opening gets the
    /// code most of the master games through the same moves were given (the tree learnt
    /// prefixes of games too: [`learn`]).
    pub fn code(&self, plies: &[Move]) -> Ecco {
        let mut i = 0usize;
        loop {
            match &self.nodes[i] {
                Node::Leaf(code, _) => return *code,
                Node::Split { test, yes, no } => {
                    // Children always lie after their parent (checked on building), so this ends.
                    i = if test.holds(plies) { *yes } else { *no } as usize;
                }
            }
        }
    }

    /// How many nodes the tree has.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the tree has no node (never: a tree has at least its root).
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The tree as text, one node a line in index order: `L C64 120` (120 games learnt), or
    /// `P 3 h0g2 7 12` (ply 3 is h0g2: yes → node 7, no → node 12), or `R 5 b0c2 …` / `B 5 …`
    /// (Red / Black within 5 moves), or `N 12 7 12` (at least 12 plies played).
    pub fn write(&self) -> String {
        let mut out = String::new();
        for node in &self.nodes {
            match node {
                Node::Leaf(code, games) => out.push_str(&format!("L {code} {games}\n")),
                Node::Split { test, yes, no } => {
                    let (kind, n, m) = match *test {
                        Test::Ply(n, m) => ('P', n, Some(m)),
                        Test::Within(Color::Red, k, m) => ('R', k, Some(m)),
                        Test::Within(Color::Black, k, m) => ('B', k, Some(m)),
                        Test::Length(n) => ('N', n, None),
                    };
                    let m = m.map_or(String::new(), |m| format!(" {m}"));
                    out.push_str(&format!("{kind} {n}{m} {yes} {no}\n"));
                }
            }
        }
        out
    }

    /// Reads [`Tree::write`]'s text.
    pub fn parse(text: &str) -> Result<Tree, TreeError> {
        let mut nodes = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let bad = TreeError { line: i + 1 };
            let f: Vec<&str> = line.split_whitespace().collect();
            let node = match f.as_slice() {
                ["L", code, games] => Node::Leaf(
                    Ecco::parse(code).ok_or(bad.clone())?,
                    games.parse().map_err(|_| bad.clone())?,
                ),
                ["N", n, yes, no] => Node::Split {
                    test: Test::Length(n.parse().map_err(|_| bad.clone())?),
                    yes: yes.parse().map_err(|_| bad.clone())?,
                    no: no.parse().map_err(|_| bad.clone())?,
                },
                [kind, n, m, yes, no] => {
                    let n: u8 = n.parse().map_err(|_| bad.clone())?;
                    let m = Move::from_iccs(m).ok_or(bad.clone())?;
                    let test = match *kind {
                        "P" => Test::Ply(n, m),
                        "R" => Test::Within(Color::Red, n, m),
                        "B" => Test::Within(Color::Black, n, m),
                        _ => return Err(bad),
                    };
                    Node::Split {
                        test,
                        yes: yes.parse().map_err(|_| bad.clone())?,
                        no: no.parse().map_err(|_| bad.clone())?,
                    }
                }
                _ => return Err(bad),
            };
            nodes.push(node);
        }
        let last = nodes.len();
        Tree::from_nodes(nodes).ok_or(TreeError { line: last.max(1) })
    }
}

/// The tree learned from the dataset (`xq eco train`), read once.
fn shipped() -> Option<&'static Tree> {
    static TREE: OnceLock<Option<Tree>> = OnceLock::new();
    TREE.get_or_init(|| Tree::parse(include_str!("tree.txt")).ok())
        .as_ref()
}

fn mirror(m: Move) -> Move {
    let f = |s: Square| Square::new(8 - s.file(), s.rank()).unwrap_or(s);
    Move::new(f(m.from), f(m.to))
}

/// A game's first [`PLIES`] plies as the tree reads them: mirrored when Red's first move off
/// the centre file starts on Red's left (files a–d), since 炮八平五 is the same 中炮 as 炮二平五.
pub fn normalise(moves: &[Move]) -> Vec<Move> {
    let flip = moves
        .iter()
        .step_by(2)
        .find(|m| m.from.file() != 4)
        .is_some_and(|m| m.from.file() < 4);
    moves
        .iter()
        .take(PLIES)
        .map(|&m| if flip { mirror(m) } else { m })
        .collect()
}

/// The ECCO code of the game `moves` from `start`; `None` unless it starts from the initial
/// position with Red to move and at least one move was played (ECCO names openings only).
pub fn classify(start: &Position, moves: &[Move]) -> Option<Ecco> {
    if !is_initial(start) || moves.is_empty() {
        return None;
    }
    let plies = normalise(moves);
    if let [first] = plies[..] {
        return Some(first_move_code(first));
    }
    Some(shipped()?.code(&plies))
}

/// The code of the board after Red's first move alone: the first code of the family that move
/// opens, as the code system names it. The tree, learnt from whole games and their longer
/// prefixes, would answer with the commonest deep code of the games through it (C49 after
/// 炮二平五), a formation one move has not built.
fn first_move_code(first: Move) -> Ecco {
    let family = [
        ("h2e2", 'B', 0),  // 炮二平五: 中炮局
        ("g3g4", 'E', 0),  // 兵七进一 (mirrored): 仙人指路
        ("g0e2", 'A', 10), // 相三进五: 飞相局
        ("h0g2", 'A', 40), // 马二进三: 起马局
        ("h2f2", 'A', 50), // 炮二平四: 仕角炮局
        ("h2d2", 'A', 60), // 炮二平六: 过宫炮局
    ];
    let (letter, number) = family
        .iter()
        .find(|(iccs, ..)| Move::from_iccs(iccs) == Some(first))
        .map_or(('A', 0), |&(_, l, n)| (l, n));
    Ecco {
        letter: letter as u8,
        number,
    }
}

/// Whether `start` is the initial position with Red to move, where openings are named from.
pub fn is_initial(start: &Position) -> bool {
    start.codes() == Position::start().codes() && start.turn() == Color::Red
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(iccs: &str) -> Vec<Move> {
        iccs.split_whitespace()
            .map(|m| Move::from_iccs(m).unwrap())
            .collect()
    }

    #[test]
    fn codes_read_and_print() {
        assert_eq!(Ecco::parse("C64").unwrap().to_string(), "C64");
        assert_eq!(Ecco::parse("A00").unwrap().to_string(), "A00");
        for bad in ["F10", "c64", "C6", "C644", "Cx4", ""] {
            assert_eq!(Ecco::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_shipped_tree_reads_and_round_trips() {
        let tree = shipped().expect("tree.txt reads");
        assert!(tree.len() > 100);
        assert_eq!(Tree::parse(&tree.write()).as_ref(), Ok(tree));
    }

    #[test]
    fn a_damaged_tree_says_its_line() {
        assert_eq!(
            Tree::parse("P 0 h2e2 1 2\nL C00 5\nX"),
            Err(TreeError { line: 3 })
        );
        // A split pointing back at itself would never end.
        assert!(Tree::parse("P 0 h2e2 0 1\nL C00 1").is_err());
        assert!(Tree::parse("P 0 h2e2 1 2\nL C00 x\nL D00 1").is_err());
        assert!(Tree::parse("").is_err());
    }

    #[test]
    fn mirrored_openings_get_the_same_code() {
        let start = Position::start();
        // 中炮对屏风马 from either cannon.
        let right = line("h2e2 h9g7 h0g2 i9h9 i0h0 b9c7");
        let left = line("b2e2 b9c7 b0c2 a9b9 a0b0 h9g7");
        assert_eq!(classify(&start, &right), classify(&start, &left));
    }

    #[test]
    fn classic_openings_get_their_letters() {
        let start = Position::start();
        let code = |s: &str| classify(&start, &line(s)).unwrap();
        // 中炮 against 屏风马: C.
        assert_eq!(
            code("h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 h0h6 c6c5").letter(),
            'C'
        );
        // 顺炮 (Black's cannon to the centre from the same side): D.
        assert_eq!(code("h2e2 h7e7 h0g2 h9g7").letter(), 'D');
        // 仙人指路: E.
        assert_eq!(code("g3g4 c6c5 h2e2 b9c7").letter(), 'E');
        // 飞相局: A.
        assert_eq!(code("c0e2 h7e7 h0g2 h9g7").letter(), 'A');
        // 中炮 against 反宫马: B.
        assert_eq!(code("h2e2 b9c7 h0g2 h7f7 i0h0 h9g7").letter(), 'B');
    }

    #[test]
    fn a_game_still_in_its_opening_gets_the_commonest_code_of_games_through_it() {
        let start = Position::start();
        // In the dataset, all ten games through these moves are C19 (中炮过河车对屏风马).
        let code = classify(&start, &line("h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 h0h6")).unwrap();
        assert_eq!(code.to_string()[..2], *"C1", "{code}");
        // 中炮 against 屏风马, three moves each: a C code, not a B one.
        let code = classify(&start, &line("h2e2 h9g7 h0g2 i9h9 i0h0 b9c7")).unwrap();
        assert_eq!(code.letter(), 'C', "{code}");
    }

    #[test]
    fn the_board_after_red_first_move_alone_gets_its_family_first_code() {
        let start = Position::start();
        let code = |s: &str| classify(&start, &line(s)).unwrap().to_string();
        // 炮二平五 alone is 中炮局 (B00), not a code of a formation not yet built (C49).
        assert_eq!(code("h2e2"), "B00");
        assert_eq!(code("b2e2"), "B00", "炮八平五, mirrored");
        assert_eq!(code("c3c4"), "E00", "仙人指路");
        assert_eq!(code("g3g4"), "E00");
        assert_eq!(code("c0e2"), "A10", "飞相局");
        assert_eq!(code("b0c2"), "A40", "起马局");
        assert_eq!(code("h2f2"), "A50", "仕角炮");
        assert_eq!(code("h2d2"), "A60", "过宫炮");
        assert_eq!(code("a3a4"), "A00", "an uncommon first move");
        // From Black's first reply on, the tree answers.
        assert_eq!(code("h2e2 h7e7 h0g2 h9g7").as_bytes()[0], b'D');
    }

    #[test]
    fn only_games_from_the_initial_position_have_a_code() {
        let endgame = Position::from_fen("4k4/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1").unwrap();
        assert_eq!(classify(&endgame, &line("d0e0")), None);
        assert_eq!(classify(&Position::start(), &[]), None);
    }
}
