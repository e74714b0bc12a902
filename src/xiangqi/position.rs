//! A legal [`Position`]: move generation per article 2.2, check, mate, stalemate, play and undo.
//!
//! The board is a 90-point mailbox with per-side occupancy bitsets; every move pattern (palace
//! steps, elephant eyes, horse legs, rays, pawn steps) comes from tables computed at compile time.
//! Legality is checked only for the moves that can change the mover's king safety.

use super::board::{Color, Piece, Role, Square};
use super::fen::{FenError, PositionError, Setup};
use std::fmt;

const NONE: u8 = 0xFF;
/// In the table of directions between two points: the second is diagonally next to the first.
const LEG: u8 = 4;

/// The points of a set (bit `i` for point index `i`), lowest first. It steps through the two
/// 64-bit halves in turn: WebAssembly has no 128-bit integers, so each step on a `u128` would
/// cost two and a carry.
pub(crate) fn points(set: u128) -> Points {
    Points {
        lo: set as u64,
        hi: (set >> 64) as u64,
    }
}

/// The iterator of [`points`].
pub(crate) struct Points {
    lo: u64,
    hi: u64,
}

impl Iterator for Points {
    type Item = usize;

    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.lo != 0 {
            let s = self.lo.trailing_zeros() as usize;
            self.lo &= self.lo - 1;
            Some(s)
        } else if self.hi != 0 {
            let s = self.hi.trailing_zeros() as usize;
            self.hi &= self.hi - 1;
            Some(64 + s)
        } else {
            None
        }
    }
}

/// A move from one point to another; whether it captures follows from the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Where the moving piece stands.
    pub from: Square,
    /// Where it goes.
    pub to: Square,
}

impl Move {
    /// A move from `from` to `to`.
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// Parses ICCS coordinates such as `h2e2` (also `H2-E2`); checks only the syntax.
    pub fn from_iccs(s: &str) -> Option<Move> {
        let s: String = s.chars().filter(|c| *c != '-').collect();
        if s.len() != 4 || !s.is_ascii() {
            return None;
        }
        Some(Move {
            from: Square::parse(&s[..2])?,
            to: Square::parse(&s[2..])?,
        })
    }
}

/// Why a text is not a move in coordinates (`h2e2`, or the ICCS file form `H2-E2`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseMoveError {
    /// The text given.
    pub text: String,
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.text.trim().is_empty() {
            write!(f, "an empty move: an ICCS move is written like h2e2")
        } else {
            write!(
                f,
                "`{}` is not an ICCS move: write two points like h2e2 (or H2-E2)",
                self.text
            )
        }
    }
}

impl std::error::Error for ParseMoveError {}

/// Reads a move strictly: `h2e2` (either case), or `H2-E2` as ICCS game files write it.
/// Stray dashes and mixed forms such as `h2-e2` are refused (use [`Move::from_iccs`] to read
/// files leniently).
///
/// ```
/// use xiangqi_club::xiangqi::Move;
/// let m: Move = "h2e2".parse().unwrap();
/// assert_eq!(m, "H2-E2".parse().unwrap());
/// assert_eq!(m.to_string(), "h2e2");
/// assert!("h2-e2".parse::<Move>().is_err());
/// assert!("".parse::<Move>().is_err());
/// ```
impl std::str::FromStr for Move {
    type Err = ParseMoveError;
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let err = || ParseMoveError {
            text: s.to_string(),
        };
        let b = s.as_bytes();
        if !s.is_ascii() {
            return Err(err());
        }
        let (from, to) = match b.len() {
            4 => (&s[..2], &s[2..]),
            5 if b[2] == b'-' && !b.iter().any(u8::is_ascii_lowercase) => (&s[..2], &s[3..]),
            _ => return Err(err()),
        };
        match (from.parse::<Square>(), to.parse::<Square>()) {
            (Ok(from), Ok(to)) => Ok(Move { from, to }),
            _ => Err(err()),
        }
    }
}

impl fmt::Display for Move {
    /// ICCS coordinates, e.g. `h2e2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

/// A fixed-capacity list of moves (no position has more than 128 pseudo-legal moves).
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; 128],
    len: usize,
}

impl MoveList {
    fn new() -> MoveList {
        let z = Square::from_index(0).unwrap_or_else(|| unreachable!());
        MoveList {
            moves: [Move::new(z, z); 128],
            len: 0,
        }
    }

    #[inline(always)]
    fn push(&mut self, from: usize, to: usize) {
        // SAFETY-free: indices come from the tables, always < 90.
        self.moves[self.len] = Move {
            from: sq(from),
            to: sq(to),
        };
        self.len += 1;
    }

    /// Keeps only the moves that pass `keep`, in their order.
    #[inline]
    fn retain(&mut self, mut keep: impl FnMut(Move) -> bool) {
        let mut n = 0;
        for i in 0..self.len {
            let m = self.moves[i];
            if keep(m) {
                self.moves[n] = m;
                n += 1;
            }
        }
        self.len = n;
    }

    /// How many moves.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves as a slice.
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// Iterates over the moves.
    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }

    /// Whether `m` is in the list.
    pub fn contains(&self, m: &Move) -> bool {
        self.as_slice().contains(m)
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[inline(always)]
fn sq(i: usize) -> Square {
    Square::from_index(i).unwrap_or_else(|| unreachable!())
}

/// Why a move cannot be played, in words a player understands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// There is no piece on the origin point.
    NoPiece(Square),
    /// The piece on the origin belongs to the side not on move.
    NotYourTurn(Square),
    /// The destination holds one of the mover's own pieces.
    OwnPiece(Square),
    /// The piece never moves that way (article 2.2).
    NotAMoveOf(Role),
    /// The king or an advisor would leave the palace (2.2.1, 2.2.2).
    LeavesPalace,
    /// An elephant may not cross the river (2.2.3).
    CrossesRiver,
    /// The elephant's eye (象眼) is blocked (2.2.3).
    ElephantEyeBlocked,
    /// The horse's leg (马腿) is blocked (2.2.4).
    HorseLegBlocked,
    /// A piece stands in the way of a chariot or cannon.
    PathBlocked,
    /// A cannon captures only by jumping exactly one screen (炮架, 2.2.6).
    CannonNeedsScreen,
    /// A pawn may not move backwards, nor sideways before crossing the river (2.2.7).
    PawnDirection,
    /// The two kings would face each other on an open file (4.1.2).
    KingsWouldFace,
    /// The mover's king is in check and would stay in check (4.1.1).
    KingInCheck,
    /// The mover's king is not in check but the move would expose it (a pinned piece, 4.1.1).
    ExposesKing,
    /// The game is over: nothing can be played.
    GameOver,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::NoPiece(s) => write!(f, "no piece on {s}"),
            PlayError::NotYourTurn(s) => {
                write!(f, "the piece on {s} belongs to the side not on move")
            }
            PlayError::OwnPiece(s) => write!(f, "{s} holds one of your own pieces"),
            PlayError::NotAMoveOf(r) => write!(f, "a {} does not move that way", r.english()),
            PlayError::LeavesPalace => write!(f, "it may not leave the palace"),
            PlayError::CrossesRiver => write!(f, "an elephant may not cross the river"),
            PlayError::ElephantEyeBlocked => write!(f, "elephant eye blocked"),
            PlayError::HorseLegBlocked => write!(f, "horse leg blocked"),
            PlayError::PathBlocked => write!(f, "the path is blocked"),
            PlayError::CannonNeedsScreen => {
                write!(f, "a cannon captures only over exactly one screen")
            }
            PlayError::PawnDirection => write!(
                f,
                "a pawn moves forward, and sideways only after crossing the river"
            ),
            PlayError::KingsWouldFace => write!(f, "would leave the kings facing"),
            PlayError::KingInCheck => write!(f, "king in check"),
            PlayError::ExposesKing => write!(f, "the move would expose the king to capture"),
            PlayError::GameOver => write!(f, "the game is over"),
        }
    }
}

impl std::error::Error for PlayError {}

/// What [`Position::play_unchecked`] needs to undo a move exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    captured: u8,
    halfmoves: u32,
    hash: u64,
}

impl Undo {
    /// The piece the move captured, if any.
    pub fn captured(&self) -> Option<Piece> {
        Piece::from_code(self.captured)
    }
}

/// A legal position: board, side to move and counters, with an incremental Zobrist hash.
///
/// ```
/// use xiangqi_club::xiangqi::{Move, Position};
/// let start = Position::start();
/// assert_eq!(start.legal_moves().len(), 44);
/// let m: Move = "h2e2".parse().unwrap();
/// let after = start.after(m).unwrap();
/// assert_eq!(after.fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
/// assert_eq!(Position::from_fen(&after.fen()).unwrap(), after);
/// // An impossible move or position is an error, never a panic.
/// assert!(start.after("h0h5".parse().unwrap()).is_err());
/// assert!(Position::from_fen("9/9/9 w").is_err());
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    board: [u8; 90],
    occ: [u128; 2],
    kings: [u8; 2],
    turn: Color,
    halfmoves: u32,
    fullmoves: u32,
    hash: u64,
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.fen())
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.fen())
    }
}

impl Default for Position {
    fn default() -> Self {
        Position::start()
    }
}

// ---------------------------------------------------------------------------------------------
// Compile-time tables.

const fn idx(f: i32, r: i32) -> i32 {
    if f < 0 || f > 8 || r < 0 || r > 9 {
        -1
    } else {
        r * 9 + f
    }
}

const fn in_any_palace(f: i32, r: i32) -> bool {
    f >= 3 && f <= 5 && (r <= 2 || r >= 7) && r >= 0 && r <= 9
}

struct Tables {
    king: [[u8; 4]; 90],
    advisor: [[u8; 4]; 90],
    elephant: [[[u8; 2]; 4]; 90],
    horse: [[[u8; 2]; 8]; 90],
    horse_attackers: [[[u8; 2]; 8]; 90],
    pawn: [[[u8; 3]; 90]; 2],
    pawn_attackers: [[[u8; 3]; 90]; 2],
    rays: [[[u8; 9]; 4]; 90],
    /// `dir[a][b]`: the ray index (into `rays[a]`) that leads from `a` to `b` if they share a
    /// line, [`LEG`] if `b` is a diagonal neighbour of `a` (a leg of a horse attacking `a`), else
    /// [`NONE`]: one byte to read where a bit of a 128-bit set would cost a shift.
    dir: [[u8; 90]; 90],
}

/// The random keys of the position hash, by piece code and point, and for Black to move.
struct Zobrist {
    keys: [[u64; 90]; 15],
    side: u64,
}

/// The points seen from `s` in each of the four directions, nearest first; a run ends at the
/// board's edge or at 0xFF (the evaluation's mobility reads them).
pub(crate) fn rays(s: usize) -> &'static [[u8; 9]; 4] {
    &T.rays[s]
}

/// A horse on `s`: its jumps as (target, leg), ending at 0xFF.
pub(crate) fn horse_jumps(s: usize) -> &'static [[u8; 2]; 8] {
    &T.horse[s]
}

/// A horse's eight jumps as (file, rank) steps; its leg is the orthogonal point halfway.
const HORSE_DELTAS: [(i32, i32); 8] = [
    (1, 2),
    (-1, 2),
    (1, -2),
    (-1, -2),
    (2, 1),
    (2, -1),
    (-2, 1),
    (-2, -1),
];
const DIRS: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];

const DIAGONALS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// The points one step away along `deltas` that stay inside the palace of (`f`, `r`).
const fn palace_steps(f: i32, r: i32, deltas: [(i32, i32); 4]) -> [u8; 4] {
    let mut out = [NONE; 4];
    let (mut n, mut d) = (0, 0);
    while d < 4 {
        let (nf, nr) = (f + deltas[d].0, r + deltas[d].1);
        if in_any_palace(nf, nr) && ((nr <= 2) == (r <= 2)) {
            out[n] = idx(nf, nr) as u8;
            n += 1;
        }
        d += 1;
    }
    out
}

const fn leg_of(df: i32, dr: i32) -> (i32, i32) {
    if dr == 2 || dr == -2 {
        (0, dr / 2)
    } else {
        (df / 2, 0)
    }
}

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn build_tables() -> Tables {
    let mut t = Tables {
        king: [[NONE; 4]; 90],
        advisor: [[NONE; 4]; 90],
        elephant: [[[NONE; 2]; 4]; 90],
        horse: [[[NONE; 2]; 8]; 90],
        horse_attackers: [[[NONE; 2]; 8]; 90],
        pawn: [[[NONE; 3]; 90]; 2],
        pawn_attackers: [[[NONE; 3]; 90]; 2],
        rays: [[[NONE; 9]; 4]; 90],
        dir: [[NONE; 90]; 90],
    };
    let mut s = 0;
    while s < 90 {
        let f = (s % 9) as i32;
        let r = (s / 9) as i32;
        // King: orthogonal steps, advisor: diagonal steps, both inside the same palace.
        if in_any_palace(f, r) {
            t.king[s] = palace_steps(f, r, DIRS);
            t.advisor[s] = palace_steps(f, r, DIAGONALS);
        }
        // Elephant: two diagonal points, eye between, never across the river.
        let mut n = 0;
        let mut d = 0;
        while d < 4 {
            let (nf, nr) = (f + 2 * DIAGONALS[d].0, r + 2 * DIAGONALS[d].1);
            let to = idx(nf, nr);
            if to >= 0 && ((nr <= 4) == (r <= 4)) {
                t.elephant[s][n] = [to as u8, idx(f + DIAGONALS[d].0, r + DIAGONALS[d].1) as u8];
                n += 1;
            }
            d += 1;
        }
        // Horse: its moves with their legs, and the horses that attack this point.
        let mut n = 0;
        let mut na = 0;
        let mut d = 0;
        while d < 8 {
            let (df, dr) = HORSE_DELTAS[d];
            let (lf, lr) = leg_of(df, dr);
            let to = idx(f + df, r + dr);
            if to >= 0 {
                t.horse[s][n] = [to as u8, idx(f + lf, r + lr) as u8];
                n += 1;
            }
            let from = idx(f - df, r - dr);
            if from >= 0 {
                t.horse_attackers[s][na] = [from as u8, idx(f - df + lf, r - dr + lr) as u8];
                na += 1;
            }
            d += 1;
        }
        t.pawn[0][s] = pawn_steps(0, f, r);
        t.pawn[1][s] = pawn_steps(1, f, r);
        // Rays in the four directions, nearest point first.
        let mut d = 0;
        while d < 4 {
            let (mut nf, mut nr) = (f + DIRS[d].0, r + DIRS[d].1);
            let mut n = 0;
            while idx(nf, nr) >= 0 {
                t.rays[s][d][n] = idx(nf, nr) as u8;
                t.dir[s][idx(nf, nr) as usize] = d as u8;
                n += 1;
                nf += DIRS[d].0;
                nr += DIRS[d].1;
            }
            d += 1;
        }
        let mut d = 0;
        while d < 4 {
            let to = idx(f + DIAGONALS[d].0, r + DIAGONALS[d].1);
            if to >= 0 {
                t.dir[s][to as usize] = LEG;
            }
            d += 1;
        }
        s += 1;
    }
    t.pawn_attackers = [pawn_attackers(&t.pawn[0]), pawn_attackers(&t.pawn[1])];
    t
}

/// A pawn's steps from `(f, r)` for colour `c` (0 Red, 1 Black): forward, and sideways once
/// across the river.
const fn pawn_steps(c: usize, f: i32, r: i32) -> [u8; 3] {
    let mut steps = [NONE; 3];
    let fwd = if c == 0 { 1 } else { -1 };
    let crossed = if c == 0 { r >= 5 } else { r <= 4 };
    let mut n = 0;
    let to = idx(f, r + fwd);
    if to >= 0 {
        steps[n] = to as u8;
        n += 1;
    }
    if crossed {
        let mut side = -1;
        while side <= 1 {
            let to = idx(f + side, r);
            if to >= 0 {
                steps[n] = to as u8;
                n += 1;
            }
            side += 2;
        }
    }
    steps
}

/// The pawns that attack each point: the inverse of one colour's pawn table.
const fn pawn_attackers(pawn: &[[u8; 3]; 90]) -> [[u8; 3]; 90] {
    let mut attackers = [[NONE; 3]; 90];
    let mut count = [0usize; 90];
    let mut from = 0;
    while from < 90 {
        let mut k = 0;
        while k < 3 {
            let to = pawn[from][k];
            if to != NONE {
                attackers[to as usize][count[to as usize]] = from as u8;
                count[to as usize] += 1;
            }
            k += 1;
        }
        from += 1;
    }
    attackers
}

const fn build_zobrist() -> Zobrist {
    let mut z = Zobrist {
        keys: [[0; 90]; 15],
        side: 0,
    };
    let mut state = 0x5851_F42D_4C95_7F2D_u64;
    let mut p = 1;
    while p < 15 {
        let mut s = 0;
        while s < 90 {
            let (ns, v) = splitmix(state);
            state = ns;
            z.keys[p][s] = v;
            s += 1;
        }
        p += 1;
    }
    z.side = splitmix(state).1;
    z
}

/// The move tables, shipped in the binary: they compress well, and a table built on first use
/// would cost the browser a check of its state at every read in the move generator.
static T: Tables = build_tables();

#[cfg(not(target_arch = "wasm32"))]
static Z: Zobrist = build_zobrist();

/// In the browser the Zobrist keys are built on first use instead of shipped in the `.wasm`:
/// their 10 kB of random numbers, which no compression shrinks, would cost every page's first
/// visit more than the code that builds them.
#[cfg(target_arch = "wasm32")]
static Z: std::sync::LazyLock<Zobrist> = std::sync::LazyLock::new(build_zobrist);

const fn code(c: Color, r: Role) -> u8 {
    Piece::new(c, r).code()
}

/// The role of each piece code (a table: cheaper than the division).
const ROLE_OF: [Role; 16] = {
    let mut t = [Role::King; 16];
    let mut c = 1;
    while c < 15 {
        t[c] = Role::ALL[(c - 1) % 7];
        c += 1;
    }
    t
};

/// The role of a piece code (1..=14); the evaluation's hot loop reads it too.
#[inline(always)]
pub(crate) fn role_of(code: u8) -> Role {
    ROLE_OF[(code & 15) as usize]
}

#[inline(always)]
fn color_of(p: u8) -> usize {
    (p > 7) as usize
}

// ---------------------------------------------------------------------------------------------

impl Position {
    /// The standard starting position.
    pub fn start() -> Position {
        Position::from_setup(&Setup::start())
            .unwrap_or_else(|_| unreachable!("the start position is legal"))
    }

    /// Reads and validates a FEN.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let setup = Setup::from_fen(fen)?;
        Ok(Position::from_setup(&setup)?)
    }

    /// Validates an unchecked setup into a position (see [`PositionError`] for what is refused).
    pub fn from_setup(setup: &Setup) -> Result<Position, PositionError> {
        setup.validate()?;
        let mut pos = Position {
            board: [0; 90],
            occ: [0; 2],
            kings: [0; 2],
            turn: setup.turn,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves.max(1),
            hash: 0,
        };
        for s in Square::all() {
            if let Some(p) = setup.board[s.index()] {
                let c = p.code();
                pos.board[s.index()] = c;
                pos.occ[p.color.index()] |= 1u128 << s.index();
                pos.hash ^= Z.keys[c as usize][s.index()];
                if p.role == Role::King {
                    pos.kings[p.color.index()] = s.index() as u8;
                }
            }
        }
        if setup.turn == Color::Black {
            pos.hash ^= Z.side;
        }
        let them = setup.turn.other();
        if attacked(&pos.board, pos.kings[them.index()] as usize, setup.turn) {
            return Err(PositionError::OpponentInCheck(setup.turn));
        }
        Ok(pos)
    }

    /// The unchecked setup of this position (for editing or printing).
    pub fn to_setup(&self) -> Setup {
        let mut board = [None; 90];
        for (i, &p) in self.board.iter().enumerate() {
            board[i] = Piece::from_code(p);
        }
        Setup {
            board,
            turn: self.turn,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }

    /// The canonical FEN.
    pub fn fen(&self) -> String {
        self.to_setup().to_fen()
    }

    /// The piece on `s`, if any.
    #[inline]
    pub fn piece_at(&self, s: Square) -> Option<Piece> {
        Piece::from_code(self.board[s.index()])
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Plies since the last capture.
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The move number (starts at 1, increases after Black's move).
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The Zobrist hash of board and side to move (counters excluded): equal positions, equal hash.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Where `color`'s king stands.
    pub fn king(&self, color: Color) -> Square {
        sq(self.kings[color.index()] as usize)
    }

    /// Every piece with its point, a0 first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.board
            .iter()
            .enumerate()
            .filter_map(|(i, &p)| Piece::from_code(p).map(|p| (sq(i), p)))
    }

    /// Whether the side to move is in check (将军).
    pub fn is_check(&self) -> bool {
        attacked(
            &self.board,
            self.kings[self.turn.index()] as usize,
            self.turn.other(),
        )
    }

    /// Whether `color`'s king is attacked, whoever is to move.
    pub fn is_king_attacked(&self, color: Color) -> bool {
        attacked(
            &self.board,
            self.kings[color.index()] as usize,
            color.other(),
        )
    }

    /// Checkmate (将死): in check with no legal move — a loss for the side to move (4.1.1).
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && self.legal_moves().is_empty()
    }

    /// Stalemate (困毙): not in check, no legal move — also a loss for the side to move (4.1.3).
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && self.legal_moves().is_empty()
    }

    /// Whether point `target` is attacked by a piece of `by` (counting flying-general lines).
    pub fn is_attacked(&self, target: Square, by: Color) -> bool {
        attacked(&self.board, target.index(), by)
    }

    /// Whether the legal move `m` checks the opponent, without playing it: only the lines through
    /// `from` and `to`, the horses (a leg freed or a horse moved) and a moved pawn can change.
    #[inline(always)]
    pub fn gives_check(&self, m: Move) -> bool {
        let us = self.turn;
        let k = self.kings[us.other().index()] as usize;
        let (from, to) = (m.from.index(), m.to.index());
        let piece = self.board[from];
        let (dir_from, dir_to) = (T.dir[k][from], T.dir[k][to]);
        let from_line = dir_from < LEG;
        let to_line = dir_to < LEG;
        let horse = piece == code(us, Role::Horse) || dir_from == LEG;
        let pawn = piece == code(us, Role::Pawn);
        if !(from_line || to_line || horse || pawn) {
            return false;
        }
        let mut b = self.board;
        b[to] = piece;
        b[from] = 0;
        (from_line && ray_attacked(&b, k, dir_from, us))
            || (to_line && ray_attacked(&b, k, dir_to, us))
            || (horse && horse_attacked(&b, k, us))
            || (pawn && T.pawn_attackers[us.index()][k].contains(&(to as u8)))
    }

    /// Whether the opponent attacks the point `m` moves to once `m` is played (the engine's
    /// exchange test), without playing it.
    pub fn attacked_after(&self, m: Move) -> bool {
        let (from, to) = (m.from.index(), m.to.index());
        let mut b = self.board;
        b[to] = b[from];
        b[from] = 0;
        attacked(&b, to, self.turn.other())
    }

    /// Every legal move of the side to move.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.gen_pseudo(&mut list, u128::MAX);
        self.retain_legal(&mut list);
        list
    }

    /// The legal moves of the piece on `from` (empty if it is not the mover's piece).
    pub fn legal_moves_from(&self, from: Square) -> MoveList {
        let mut list = MoveList::new();
        self.gen_pseudo(&mut list, 1u128 << from.index());
        self.retain_legal(&mut list);
        list
    }

    /// How many legal moves the side to move has (what perft counts at its last ply).
    pub fn count_legal(&self) -> usize {
        self.legal_moves().len()
    }

    /// Whether `m` is legal here.
    pub fn is_legal(&self, m: Move) -> bool {
        self.legal_moves_from(m.from).contains(&m)
    }

    /// Plays a legal move, or explains why it cannot be played.
    pub fn play(&mut self, m: Move) -> Result<Undo, PlayError> {
        if self.is_legal(m) {
            Ok(self.play_unchecked(m))
        } else {
            Err(self.why_illegal(m))
        }
    }

    /// The position after a legal move `m`, or why it is illegal.
    pub fn after(&self, m: Move) -> Result<Position, PlayError> {
        let mut p = self.clone();
        p.play(m)?;
        Ok(p)
    }

    /// Plays `m` without checking it; `m` must be legal (or at least pseudo-legal for the mover).
    #[inline(always)]
    pub fn play_unchecked(&mut self, m: Move) -> Undo {
        let (from, to) = (m.from.index(), m.to.index());
        let piece = self.board[from];
        let captured = self.board[to];
        let undo = Undo {
            captured,
            halfmoves: self.halfmoves,
            hash: self.hash,
        };
        let us = self.turn.index();
        self.board[to] = piece;
        self.board[from] = 0;
        self.occ[us] ^= (1u128 << from) | (1u128 << to);
        let z = &Z.keys[piece as usize];
        self.hash ^= z[from] ^ z[to] ^ Z.side;
        if captured != 0 {
            self.occ[us ^ 1] ^= 1u128 << to;
            self.hash ^= Z.keys[captured as usize][to];
            self.halfmoves = 0;
        } else {
            self.halfmoves += 1;
        }
        if piece == code(Color::Red, Role::King) || piece == code(Color::Black, Role::King) {
            self.kings[us] = to as u8;
        }
        if self.turn == Color::Black {
            self.fullmoves += 1;
        }
        self.turn = self.turn.other();
        undo
    }

    /// Takes back `m`, which must be the last move played, with the `undo` it returned.
    #[inline(always)]
    pub fn undo(&mut self, m: Move, undo: Undo) {
        let (from, to) = (m.from.index(), m.to.index());
        self.turn = self.turn.other();
        if self.turn == Color::Black {
            self.fullmoves -= 1;
        }
        let us = self.turn.index();
        let piece = self.board[to];
        self.board[from] = piece;
        self.board[to] = undo.captured;
        self.occ[us] ^= (1u128 << from) | (1u128 << to);
        if undo.captured != 0 {
            self.occ[us ^ 1] ^= 1u128 << to;
        }
        if piece == code(Color::Red, Role::King) || piece == code(Color::Black, Role::King) {
            self.kings[us] = from as u8;
        }
        self.halfmoves = undo.halfmoves;
        self.hash = undo.hash;
    }

    /// Passes the turn (a null move, for the engine's null-move pruning); undone by calling it again.
    ///
    /// The hash flips its side key like a real move; counters are left alone.
    #[inline]
    pub fn pass_unchecked(&mut self) {
        self.turn = self.turn.other();
        self.hash ^= Z.side;
    }

    /// The raw board, one piece code per point (see [`Piece::code`]); the engine's evaluation reads it.
    #[inline]
    pub fn codes(&self) -> &[u8; 90] {
        &self.board
    }

    /// The points holding `color`'s pieces, bit `i` for point index `i`.
    #[inline]
    pub fn occupied(&self, color: Color) -> u128 {
        self.occ[color.index()]
    }

    /// The legal captures of the side to move (the tuner's test of a quiet position).
    pub fn legal_captures(&self) -> MoveList {
        let mut list = self.pseudo_legal_captures();
        self.retain_legal(&mut list);
        list
    }

    /// The captures the pieces can make, the mover's king's safety not yet checked (see
    /// [`Position::keeps_king_safe`]).
    pub fn pseudo_legal_captures(&self) -> MoveList {
        let mut list = self.pseudo_legal_moves();
        // A pseudo-legal move never lands on the mover's own piece.
        list.retain(|m| self.board[m.to.index()] != 0);
        list
    }

    /// The legal moves of the side to move that capture nothing and give check (the quiescence
    /// search's checks): the check test runs first, as it rejects most moves cheaply.
    pub fn legal_quiet_checks(&self) -> MoveList {
        self.legal_where(|m| self.board[m.to.index()] == 0 && self.gives_check(m))
    }

    /// The legal moves that pass `keep`, a test run before the costlier legality filter.
    fn legal_where(&self, keep: impl Fn(Move) -> bool) -> MoveList {
        let mut list = self.pseudo_legal_moves();
        list.retain(keep);
        self.retain_legal(&mut list);
        list
    }

    /// Recomputes the hash from scratch (tests compare it with the incremental one).
    pub fn hash_from_scratch(&self) -> u64 {
        let mut h = if self.turn == Color::Black { Z.side } else { 0 };
        for (i, &p) in self.board.iter().enumerate() {
            if p != 0 {
                h ^= Z.keys[p as usize][i];
            }
        }
        h
    }

    /// Explains why `m` is not legal, in the terms of article 2.2 and chapter 4.
    pub fn why_illegal(&self, m: Move) -> PlayError {
        let (from, to) = (m.from.index(), m.to.index());
        let Some(piece) = Piece::from_code(self.board[from]) else {
            return PlayError::NoPiece(m.from);
        };
        if piece.color != self.turn {
            return PlayError::NotYourTurn(m.from);
        }
        if self.board[to] != 0 && color_of(self.board[to]) == self.turn.index() {
            return PlayError::OwnPiece(m.to);
        }
        let (df, dr) = (
            m.to.file() as i32 - m.from.file() as i32,
            m.to.rank() as i32 - m.from.rank() as i32,
        );
        let pseudo = {
            let mut l = MoveList::new();
            self.gen_pseudo(&mut l, 1u128 << from);
            l.contains(&m)
        };
        if !pseudo {
            return match piece.role {
                Role::King | Role::Advisor => {
                    let shape_ok = if piece.role == Role::King {
                        df.abs() + dr.abs() == 1
                    } else {
                        df.abs() == 1 && dr.abs() == 1
                    };
                    if shape_ok {
                        PlayError::LeavesPalace
                    } else {
                        PlayError::NotAMoveOf(piece.role)
                    }
                }
                Role::Elephant => {
                    if df.abs() == 2 && dr.abs() == 2 {
                        if !m.to.on_own_half(piece.color) {
                            PlayError::CrossesRiver
                        } else {
                            PlayError::ElephantEyeBlocked
                        }
                    } else {
                        PlayError::NotAMoveOf(piece.role)
                    }
                }
                Role::Horse => {
                    if (df.abs() == 1 && dr.abs() == 2) || (df.abs() == 2 && dr.abs() == 1) {
                        PlayError::HorseLegBlocked
                    } else {
                        PlayError::NotAMoveOf(piece.role)
                    }
                }
                Role::Chariot | Role::Cannon => {
                    if df != 0 && dr != 0 {
                        PlayError::NotAMoveOf(piece.role)
                    } else if piece.role == Role::Cannon && self.board[to] != 0 {
                        PlayError::CannonNeedsScreen
                    } else {
                        PlayError::PathBlocked
                    }
                }
                Role::Pawn => {
                    if df.abs() + dr.abs() == 1 {
                        PlayError::PawnDirection
                    } else {
                        PlayError::NotAMoveOf(piece.role)
                    }
                }
            };
        }
        let mut b = self.board;
        b[to] = b[from];
        b[from] = 0;
        let k = if piece.role == Role::King {
            to
        } else {
            self.kings[self.turn.index()] as usize
        };
        let ek = self.kings[self.turn.other().index()] as usize;
        if k % 9 == ek % 9 && {
            let (lo, hi) = (k.min(ek), k.max(ek));
            (lo + 9..hi).step_by(9).all(|i| b[i] == 0)
        } {
            return PlayError::KingsWouldFace;
        }
        if self.is_check() {
            PlayError::KingInCheck
        } else {
            PlayError::ExposesKing
        }
    }

    /// Pseudo-legal moves of the mover's pieces on the points of `mask`.
    fn gen_pseudo(&self, list: &mut MoveList, mask: u128) {
        let us = self.turn;
        let mine = self.occ[us.index()];
        let b = &self.board;
        let not_mine = |t: usize| b[t] == 0 || color_of(b[t]) != us.index();
        for s in points(mine & mask) {
            let role = role_of(b[s]);
            match role {
                Role::Chariot => {
                    for ray in &T.rays[s] {
                        for &t in ray {
                            if t == NONE {
                                break;
                            }
                            let t = t as usize;
                            if b[t] == 0 {
                                list.push(s, t);
                            } else {
                                if color_of(b[t]) != us.index() {
                                    list.push(s, t);
                                }
                                break;
                            }
                        }
                    }
                }
                Role::Cannon => {
                    for ray in &T.rays[s] {
                        let mut screen = false;
                        for &t in ray {
                            if t == NONE {
                                break;
                            }
                            let t = t as usize;
                            if !screen {
                                if b[t] == 0 {
                                    list.push(s, t);
                                } else {
                                    screen = true;
                                }
                            } else if b[t] != 0 {
                                if color_of(b[t]) != us.index() {
                                    list.push(s, t);
                                }
                                break;
                            }
                        }
                    }
                }
                Role::Horse => {
                    for &[t, leg] in &T.horse[s] {
                        if t == NONE {
                            break;
                        }
                        if b[leg as usize] == 0 && not_mine(t as usize) {
                            list.push(s, t as usize);
                        }
                    }
                }
                Role::Pawn => {
                    for &t in &T.pawn[us.index()][s] {
                        if t == NONE {
                            break;
                        }
                        if not_mine(t as usize) {
                            list.push(s, t as usize);
                        }
                    }
                }
                Role::Elephant => {
                    for &[t, eye] in &T.elephant[s] {
                        if t == NONE {
                            break;
                        }
                        if b[eye as usize] == 0 && not_mine(t as usize) {
                            list.push(s, t as usize);
                        }
                    }
                }
                Role::Advisor => {
                    for &t in &T.advisor[s] {
                        if t == NONE {
                            break;
                        }
                        if not_mine(t as usize) {
                            list.push(s, t as usize);
                        }
                    }
                }
                Role::King => {
                    for &t in &T.king[s] {
                        if t == NONE {
                            break;
                        }
                        if not_mine(t as usize) {
                            list.push(s, t as usize);
                        }
                    }
                }
            }
        }
    }

    /// Drops the pseudo-legal moves that leave the mover's king attacked or the kings facing.
    fn retain_legal(&self, list: &mut MoveList) {
        let in_check = self.is_check();
        list.retain(|m| self.keeps_king_safe(m, in_check));
    }

    /// Every move the pieces can make, the mover's king's safety not yet checked: the engine
    /// checks [`Position::keeps_king_safe`] only for the moves its search reaches.
    pub fn pseudo_legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.gen_pseudo(&mut list, u128::MAX);
        list
    }

    /// Whether the pseudo-legal move `m` leaves the mover's king unattacked and the kings not
    /// facing; `in_check` says whether the mover is in check now.
    ///
    /// Out of check, a move can only expose the king if it leaves or enters the king's file or
    /// rank (chariot, cannon and flying-general lines) or unblocks a horse leg next to the king;
    /// only those moves are played out on a scratch board.
    #[inline(always)]
    pub fn keeps_king_safe(&self, m: Move, in_check: bool) -> bool {
        let them = self.turn.other();
        let k = self.kings[self.turn.index()] as usize;
        let (from, to) = (m.from.index(), m.to.index());
        if from == k || in_check {
            let mut b = self.board;
            b[to] = b[from];
            b[from] = 0;
            return !attacked(&b, if from == k { to } else { k }, them);
        }
        let (dir_from, dir_to) = (T.dir[k][from], T.dir[k][to]);
        let from_line = dir_from < LEG;
        let to_line = dir_to < LEG;
        let from_leg = dir_from == LEG;
        if !(from_line || to_line || from_leg) {
            return true;
        }
        // Only the lines through `from` and `to` and the horse legs can have changed.
        let mut b = self.board;
        b[to] = b[from];
        b[from] = 0;
        !((from_line && ray_attacked(&b, k, dir_from, them))
            || (to_line && ray_attacked(&b, k, dir_to, them))
            || (from_leg && horse_attacked(&b, k, them)))
    }
}

/// Whether side `by` attacks point `k` along the one ray `dir` (chariot, cannon, or facing king).
#[inline(always)]
fn ray_attacked(b: &[u8; 90], k: usize, dir: u8, by: Color) -> bool {
    let ray = &T.rays[k][dir as usize];
    let mut i = 0;
    while i < 9 && ray[i] != NONE {
        let p = b[ray[i] as usize];
        if p != 0 {
            if p == code(by, Role::Chariot) || p == code(by, Role::King) {
                return true;
            }
            break;
        }
        i += 1;
    }
    i += 1;
    while i < 9 && ray[i] != NONE {
        let p = b[ray[i] as usize];
        if p != 0 {
            return p == code(by, Role::Cannon);
        }
        i += 1;
    }
    false
}

/// Whether a horse of side `by` attacks point `k` (its leg free).
#[inline(always)]
fn horse_attacked(b: &[u8; 90], k: usize, by: Color) -> bool {
    let horse = code(by, Role::Horse);
    for &[h, leg] in &T.horse_attackers[k] {
        if h == NONE {
            break;
        }
        if b[h as usize] == horse && b[leg as usize] == 0 {
            return true;
        }
    }
    false
}

/// Whether point `k` is attacked by side `by` on board `b`; the `by` king counts as a chariot,
/// which is exactly the flying-general rule (4.1.2) since kings only meet on a file.
#[inline]
fn attacked(b: &[u8; 90], k: usize, by: Color) -> bool {
    (0..4).any(|d| ray_attacked(b, k, d, by))
        || horse_attacked(b, k, by)
        || T.pawn_attackers[by.index()][k]
            .iter()
            .take_while(|&&p| p != NONE)
            .any(|&p| b[p as usize] == code(by, Role::Pawn))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(s: &str) -> Move {
        Move::from_iccs(s).unwrap()
    }

    /// Every legal move two plies deep from each perft position: `gives_check` and
    /// `attacked_after` say what playing the move and asking `is_check` and `is_attacked` say.
    #[test]
    fn checks_and_attacks_foreseen_agree_with_playing_the_move() {
        fn walk(p: &mut Position, depth: u32, checks: &mut usize) {
            for m in p.legal_moves().iter().copied() {
                let predicted = p.gives_check(m);
                let attacked = p.attacked_after(m);
                let quiet = p.codes()[m.to.index()] == 0;
                assert_eq!(quiet && predicted, p.legal_quiet_checks().contains(&m));
                let u = p.play_unchecked(m);
                assert_eq!(predicted, p.is_check(), "{} {}", p.fen(), m);
                assert_eq!(attacked, p.is_attacked(m.to, p.turn()), "{} {}", p.fen(), m);
                *checks += predicted as usize;
                if depth > 1 {
                    walk(p, depth - 1, checks);
                }
                p.undo(m, u);
            }
        }
        let mut checks = 0;
        for fen in perft_fens() {
            walk(&mut Position::from_fen(fen).unwrap(), 2, &mut checks);
        }
        assert!(checks > 1000, "only {checks} checking moves seen");
    }

    /// The distinct positions of the perft table (`tests/data/perft.tsv`).
    fn perft_fens() -> Vec<&'static str> {
        let data = include_str!("../../tests/data/perft.tsv");
        let mut fens: Vec<&str> = data
            .lines()
            .filter(|l| !l.starts_with('#') && !l.starts_with("fen"))
            .filter_map(|l| l.split('\t').next())
            .collect();
        fens.dedup();
        fens
    }

    #[test]
    fn the_points_of_a_set_are_its_bits_lowest_first_across_both_halves() {
        for set in [
            0u128,
            1,
            1 << 63,
            1 << 64,
            (1 << 89) | (1 << 64) | (1 << 63) | 5,
            (1 << 90) - 1,
        ] {
            let bits: Vec<usize> = (0..128).filter(|&i| (set >> i) & 1 == 1).collect();
            assert_eq!(points(set).collect::<Vec<_>>(), bits, "{set:#x}");
        }
    }

    #[test]
    fn a_pseudo_legal_move_is_legal_exactly_when_it_keeps_the_king_safe() {
        fn walk(p: &mut Position, depth: u32, illegal: &mut usize) {
            let (legal, in_check, mover) = (p.legal_moves(), p.is_check(), p.turn());
            let pseudo = p.pseudo_legal_moves();
            let captures: Vec<Move> = pseudo
                .iter()
                .copied()
                .filter(|m| p.piece_at(m.to).is_some())
                .collect();
            assert_eq!(
                p.pseudo_legal_captures().as_slice(),
                &captures[..],
                "{}",
                p.fen()
            );
            for m in pseudo.iter().copied() {
                let safe = p.keeps_king_safe(m, in_check);
                assert_eq!(safe, legal.contains(&m), "{} {}", p.fen(), m);
                let u = p.play_unchecked(m);
                // Rule 4.1.2: the mover's king is neither attacked nor facing the other.
                assert_eq!(safe, !p.is_king_attacked(mover), "{} {}", p.fen(), m);
                if safe && depth > 1 {
                    walk(p, depth - 1, illegal);
                }
                p.undo(m, u);
                *illegal += !safe as usize;
            }
        }
        let mut illegal = 0;
        for fen in perft_fens() {
            walk(&mut Position::from_fen(fen).unwrap(), 2, &mut illegal);
        }
        assert!(
            illegal > 1000,
            "only {illegal} illegal pseudo-legal moves seen"
        );
    }

    #[test]
    fn start_has_44_moves() {
        assert_eq!(Position::start().legal_moves().len(), 44);
    }

    #[test]
    fn opponent_in_check_is_refused() {
        // Red to move with the black king on d9 attacked by the red chariot on d0's file.
        let e = Position::from_fen("3k5/9/9/9/9/9/9/9/9/3RK4 w").unwrap_err();
        assert_eq!(
            e,
            FenError::Position(PositionError::OpponentInCheck(Color::Red))
        );
    }

    #[test]
    fn flying_general_forbids_opening_the_file() {
        // The red advisor on e1 screens the kings; moving it off the file would face them (4.1.2).
        let p = Position::from_fen("3ak4/9/9/9/9/9/9/9/4C4/4K4 w").unwrap();
        assert_eq!(p.why_illegal(mv("e1a1")), PlayError::KingsWouldFace);
        assert!(!p.legal_moves().contains(&mv("e1a1")));
        assert!(p.legal_moves().contains(&mv("e1e2")));
    }

    #[test]
    fn reasons_for_illegal_moves() {
        let sq = |s| Square::parse(s).unwrap();
        let p = Position::start();
        assert_eq!(
            p.why_illegal(mv("b0b1")),
            PlayError::NotAMoveOf(Role::Horse)
        );
        assert_eq!(p.why_illegal(mv("b2b7")), PlayError::CannonNeedsScreen);
        assert_eq!(p.why_illegal(mv("a0a5")), PlayError::PathBlocked);
        assert_eq!(p.why_illegal(mv("a3b3")), PlayError::PawnDirection);
        assert_eq!(p.why_illegal(mv("a9a8")), PlayError::NotYourTurn(sq("a9")));
        assert_eq!(p.why_illegal(mv("a5a6")), PlayError::NoPiece(sq("a5")));
        assert_eq!(p.why_illegal(mv("a0a3")), PlayError::OwnPiece(sq("a3")));
        let horse = Position::from_fen("4k4/9/9/9/9/9/9/9/5N3/3K1N3 w").unwrap();
        assert_eq!(horse.why_illegal(mv("f0g2")), PlayError::HorseLegBlocked);
        let eleph = Position::from_fen("4k4/9/9/9/9/9/9/9/3N5/2BK5 w").unwrap();
        assert_eq!(eleph.why_illegal(mv("c0e2")), PlayError::ElephantEyeBlocked);
        let river = Position::from_fen("4k4/9/9/9/9/2B6/9/9/9/3K5 w").unwrap();
        assert_eq!(river.why_illegal(mv("c4e6")), PlayError::CrossesRiver);
        let palace = Position::from_fen("4k4/9/9/9/9/9/9/9/9/3K5 w").unwrap();
        assert_eq!(palace.why_illegal(mv("d0c0")), PlayError::LeavesPalace);
        let check = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K3r w").unwrap();
        assert_eq!(check.why_illegal(mv("e0f0")), PlayError::KingInCheck);
        assert!(check.is_check());
        // A pinned chariot: the king is not in check, the move would expose it.
        let pinned = Position::from_fen("4k4/9/9/9/9/9/9/4r4/4R4/4K4 w").unwrap();
        assert_eq!(pinned.why_illegal(mv("e1d1")), PlayError::ExposesKing);
    }

    #[test]
    fn play_undo_restores_everything() {
        let mut p = Position::start();
        let before = p.clone();
        let u = p.play(mv("h2e2")).unwrap();
        assert_eq!(p.turn(), Color::Black);
        assert_eq!(p.hash(), p.hash_from_scratch());
        p.undo(mv("h2e2"), u);
        assert_eq!(p, before);
    }
}
