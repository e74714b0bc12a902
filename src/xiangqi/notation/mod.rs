//! Move notation (article 7.5): Chinese (full 炮二平五 and short 炮25), WXF (`C2.5`) and ICCS (`h2e2`).
//!
//! Chinese and WXF share one model, [`Descriptor`]: which piece (its file, or a tandem marker such
//! as 前/后), and what it does (进/退/平 with a distance or a destination file). Writing computes the
//! descriptor the position calls for; reading resolves a descriptor against the legal moves of the
//! position, so that every written move names exactly one legal move or fails with a reason.

pub mod archive;
pub mod cbf;
pub mod cbr;
pub mod chinese;
pub mod decode;
pub mod dhtmlxq;
pub mod iccs;
pub mod pgn;
pub mod record;
pub mod stress;
pub mod typed;
pub mod wxf;
pub mod xqf;

use super::{Color, Move, PlayError, Position, Role, Square};
use std::fmt;

/// A notation a move can be written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Notation {
    /// 炮二平五 / 马８进７: the full Chinese form (article 7.5, 完整记录).
    Chinese,
    /// 炮25 / 马87: the short Chinese form (article 7.5, 简写记录); it may be ambiguous on reading.
    ChineseShort,
    /// `C2.5` / `H8+7`: the World Xiangqi Federation's letters.
    Wxf,
    /// `h2e2`: coordinates, files a–i from Red's left and ranks 0–9 from Red's side.
    Iccs,
}

impl Notation {
    /// Every notation, in the order a chooser lists them.
    pub const ALL: [Notation; 4] = [
        Notation::Chinese,
        Notation::ChineseShort,
        Notation::Wxf,
        Notation::Iccs,
    ];

    /// The stable id the CLI (`xq convert --to`) and the board's settings use: `chinese`,
    /// `short`, `wxf`, `iccs`.
    pub const fn id(self) -> &'static str {
        match self {
            Notation::Chinese => "chinese",
            Notation::ChineseShort => "short",
            Notation::Wxf => "wxf",
            Notation::Iccs => "iccs",
        }
    }

    /// The notation with this id.
    pub fn from_id(id: &str) -> Option<Notation> {
        Notation::ALL.into_iter().find(|n| n.id() == id)
    }

    /// The name used by PGN's `[Format "..."]` tag and the CLI.
    pub const fn name(self) -> &'static str {
        match self {
            Notation::Chinese => "Chinese",
            Notation::ChineseShort => "ChineseShort",
            Notation::Wxf => "WXF",
            Notation::Iccs => "ICCS",
        }
    }
}

/// Why a text names no notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseNotationError {
    /// The text given.
    pub text: String,
}

impl fmt::Display for ParseNotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a notation: use Chinese, ChineseShort, WXF or ICCS",
            self.text
        )
    }
}

impl std::error::Error for ParseNotationError {}

/// Reads a notation by its [`Notation::name`], in any case (`short` also names the short form).
///
/// ```
/// use xiangqi_club::xiangqi::notation::Notation;
/// assert_eq!("WXF".parse(), Ok(Notation::Wxf));
/// assert_eq!("iccs".parse(), Ok(Notation::Iccs));
/// assert_eq!("short".parse(), Ok(Notation::ChineseShort));
/// assert!("png".parse::<Notation>().is_err());
/// ```
impl std::str::FromStr for Notation {
    type Err = ParseNotationError;
    fn from_str(s: &str) -> Result<Notation, ParseNotationError> {
        let all = [
            Notation::Chinese,
            Notation::ChineseShort,
            Notation::Wxf,
            Notation::Iccs,
        ];
        if s.eq_ignore_ascii_case("short") {
            return Ok(Notation::ChineseShort);
        }
        all.into_iter()
            .find(|n| n.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| ParseNotationError {
                text: s.to_string(),
            })
    }
}

/// Why a written move does not name exactly one legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// The text is not a move in any notation.
    Syntax {
        /// The text as given.
        text: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// No piece of the side to move fits the description (wrong file, no tandem there, ...).
    NoSuchPiece {
        /// The text as given.
        text: String,
    },
    /// More than one legal move fits the description.
    Ambiguous {
        /// The text as given.
        text: String,
        /// The legal moves that fit.
        moves: Vec<Move>,
    },
    /// The described piece exists but cannot legally make the move.
    Illegal {
        /// The text as given.
        text: String,
        /// Why, in terms of the rules.
        reason: PlayError,
    },
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Syntax { text, reason } => write!(f, "`{text}` is not a move: {reason}"),
            NotationError::NoSuchPiece { text } => {
                write!(f, "`{text}`: no such piece for the side to move")
            }
            NotationError::Ambiguous { text, moves } => {
                let list: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
                write!(f, "`{text}` is ambiguous: {}", list.join(", "))
            }
            NotationError::Illegal { text, reason } => write!(f, "`{text}` is illegal: {reason}"),
        }
    }
}

impl std::error::Error for NotationError {}

/// Which of several same pieces on one file a tandem marker names (前/中/后, WXF `+`/`-`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tandem {
    /// 前, WXF `+`: the one nearest the opponent.
    Front,
    /// 中: the middle one of three pawns.
    Middle,
    /// 后/後, WXF `-`: the one nearest its own side.
    Rear,
}

/// Which piece a written move names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Selector {
    /// The piece on this file, numbered 1–9 from the mover's right (炮二, 马8).
    File(u8),
    /// A tandem marker, with the file in the older form 前七进一 (WXF `+7`).
    Tandem(Tandem, Option<u8>),
    /// 一..五: pawns on the files holding several, files right to left then front to back.
    Nth(u8),
    /// WXF digits such as `25`: the n-th pawn from the front on that file.
    NthOnFile(u8, u8),
}

/// What the named piece does; numbers are distances for straight movers and files otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// 进, WXF `+`.
    Advance(u8),
    /// 退, WXF `-`.
    Retreat(u8),
    /// 平, WXF `.` (or `=`): along the rank to a file.
    Traverse(u8),
    /// The short form's bare number: whichever of the three fits.
    Any(u8),
}

/// A move as Chinese and WXF notation describe it: a role, a piece selector and an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Descriptor {
    /// The role named; `None` in the older 前七进一 form, where the tandem decides.
    pub role: Option<Role>,
    /// Which piece of that role.
    pub selector: Selector,
    /// What it does.
    pub action: Action,
}

/// Writes `m` (which must be legal in `pos`) in `notation`.
///
/// ```
/// use xiangqi_club::xiangqi::notation::{read, write, Notation};
/// use xiangqi_club::xiangqi::Position;
/// let pos = Position::start();
/// let m = read(&pos, "炮二平五").unwrap();
/// assert_eq!(m.to_string(), "h2e2");
/// assert_eq!(write(&pos, m, Notation::Wxf), "C2.5");
/// assert_eq!(read(&pos, "C2.5"), Ok(m));
/// assert!(read(&pos, "炮二进九").is_err());
/// ```
pub fn write(pos: &Position, m: Move, notation: Notation) -> String {
    match notation {
        Notation::Chinese => chinese::write(pos, m),
        Notation::ChineseShort => chinese::write_short(pos, m),
        Notation::Wxf => wxf::write(pos, m),
        Notation::Iccs => iccs::write(m),
    }
}

/// Reads a move in any notation (detected from the text) and resolves it in `pos`.
pub fn read(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let t = text.trim();
    if iccs::looks_like(t) {
        return iccs::read(pos, t);
    }
    if wxf::looks_like(t) {
        return wxf::read(pos, t);
    }
    chinese::read(pos, t)
}

/// Reads a move written in `notation` only.
pub fn read_as(pos: &Position, text: &str, notation: Notation) -> Result<Move, NotationError> {
    match notation {
        Notation::Chinese | Notation::ChineseShort => chinese::read(pos, text),
        Notation::Wxf => wxf::read(pos, text),
        Notation::Iccs => iccs::read(pos, text),
    }
}

// --- the board from each side's point of view ------------------------------------------------

/// The file number 1–9 of board file `file` (0 = a) as `color` counts it, from its own right.
pub const fn file_number(color: Color, file: u8) -> u8 {
    match color {
        Color::Red => 9 - file,
        Color::Black => file + 1,
    }
}

/// The board file (0 = a) that `color` calls `number` (1–9).
pub const fn file_of_number(color: Color, number: u8) -> Option<u8> {
    if number < 1 || number > 9 {
        return None;
    }
    Some(match color {
        Color::Red => 9 - number,
        Color::Black => number - 1,
    })
}

/// +1 when `color` advances towards higher ranks.
const fn forward(color: Color) -> i8 {
    match color {
        Color::Red => 1,
        Color::Black => -1,
    }
}

/// How far forward a rank is for `color` (bigger = nearer the opponent).
const fn depth(color: Color, rank: u8) -> u8 {
    match color {
        Color::Red => rank,
        Color::Black => 9 - rank,
    }
}

/// The squares of `color`'s pieces of `role` on board file `file`, front first.
fn column(pos: &Position, color: Color, role: Role, file: u8) -> Vec<Square> {
    let mut v: Vec<Square> = (0..10)
        .filter_map(|r| Square::new(file, r))
        .filter(|&s| {
            pos.piece_at(s)
                .is_some_and(|p| p.color == color && p.role == role)
        })
        .collect();
    v.sort_by_key(|s| std::cmp::Reverse(depth(color, s.rank())));
    v
}

/// Board files holding two or more of `color`'s pawns, from the mover's right to its left.
fn pawn_files(pos: &Position, color: Color) -> Vec<u8> {
    (1..=9)
        .filter_map(|n| file_of_number(color, n))
        .filter(|&f| column(pos, color, Role::Pawn, f).len() >= 2)
        .collect()
}

/// The selector a position calls for when writing a move from `from` (XQWizard's conventions);
/// `None` for an empty point.
pub fn canonical_selector(pos: &Position, from: Square) -> Option<Selector> {
    let piece = pos.piece_at(from)?;
    Some(selector_of(pos, piece.color, piece.role, from))
}

fn selector_of(pos: &Position, color: Color, role: Role, from: Square) -> Selector {
    let own_file = Selector::File(file_number(color, from.file()));
    // Two advisors or elephants on one file always move in opposite directions, so the archives
    // (and we) never mark them 前/后: 仕四进五 is unique.
    if matches!(role, Role::King | Role::Advisor | Role::Elephant) {
        return own_file;
    }
    let col = column(pos, color, role, from.file());
    if col.len() < 2 {
        return own_file;
    }
    let idx = col.iter().position(|&s| s == from).unwrap_or(0);
    let by_index = |idx: usize, len: usize| match (idx, len) {
        (0, _) => Tandem::Front,
        (1, 3) => Tandem::Middle,
        _ => Tandem::Rear,
    };
    if role != Role::Pawn {
        return Selector::Tandem(by_index(idx, col.len()), None);
    }
    let files = pawn_files(pos, color);
    if files.len() == 1 {
        if col.len() <= 3 {
            Selector::Tandem(by_index(idx, col.len()), None)
        } else {
            Selector::Nth(idx as u8 + 1)
        }
    } else {
        Selector::Nth(cross_file_index(pos, color, from).unwrap_or(0))
    }
}

/// 一..五 numbering over all files with several pawns: files right to left, then front to back.
fn cross_file_index(pos: &Position, color: Color, from: Square) -> Option<u8> {
    let files = pawn_files(pos, color);
    let all: Vec<Square> = files
        .iter()
        .flat_map(|&f| column(pos, color, Role::Pawn, f))
        .collect();
    all.iter().position(|&s| s == from).map(|i| i as u8 + 1)
}

/// The descriptor of legal move `m` in `pos`, as the writers print it.
pub fn describe(pos: &Position, m: Move) -> Descriptor {
    let piece = pos.piece_at(m.from);
    let (color, role) = piece.map_or((pos.turn(), Role::King), |p| (p.color, p.role));
    let selector = selector_of(pos, color, role, m.from);
    let dr = (m.to.rank() as i8 - m.from.rank() as i8) * forward(color);
    let to_file = file_number(color, m.to.file());
    let action = match role {
        Role::Advisor | Role::Elephant | Role::Horse => {
            if dr > 0 {
                Action::Advance(to_file)
            } else {
                Action::Retreat(to_file)
            }
        }
        _ => {
            if dr > 0 {
                Action::Advance(dr as u8)
            } else if dr < 0 {
                Action::Retreat((-dr) as u8)
            } else {
                Action::Traverse(to_file)
            }
        }
    };
    Descriptor {
        role: Some(role),
        selector,
        action,
    }
}

/// Whether the piece of `role` on `sq` (of the side to move) is the one `sel` names.
fn selects(pos: &Position, color: Color, role: Role, sq: Square, sel: Selector) -> bool {
    match sel {
        Selector::File(n) => file_of_number(color, n) == Some(sq.file()),
        Selector::Tandem(t, file) => {
            if file.is_some_and(|n| file_of_number(color, n) != Some(sq.file())) {
                return false;
            }
            let col = column(pos, color, role, sq.file());
            if col.len() < 2 {
                return false;
            }
            match t {
                Tandem::Front => col.first() == Some(&sq),
                Tandem::Rear => col.last() == Some(&sq),
                Tandem::Middle => col.len() == 3 && col[1] == sq,
            }
        }
        Selector::Nth(n) => {
            if role != Role::Pawn {
                return false;
            }
            let files = pawn_files(pos, color);
            if files.len() == 1 {
                let col = column(pos, color, role, sq.file());
                col.len() >= 2 && col.iter().position(|&s| s == sq) == Some(n as usize - 1)
            } else {
                cross_file_index(pos, color, sq) == Some(n)
            }
        }
        Selector::NthOnFile(n, file) => {
            if file_of_number(color, file) != Some(sq.file()) {
                return false;
            }
            let col = column(pos, color, role, sq.file());
            col.len() >= 2 && col.iter().position(|&s| s == sq) == Some(n as usize - 1)
        }
    }
}

/// Where `action` takes a piece of `role` and `color` standing on `from` (geometry only).
fn targets(color: Color, role: Role, from: Square, action: Action) -> Vec<Square> {
    let fwd = forward(color);
    let (f, r) = (from.file() as i8, from.rank() as i8);
    let at = |df: i8, dr: i8| -> Option<Square> {
        let (nf, nr) = (f + df, r + dr);
        if (0..9).contains(&nf) && (0..10).contains(&nr) {
            Square::new(nf as u8, nr as u8)
        } else {
            None
        }
    };
    let diagonal = matches!(role, Role::Advisor | Role::Elephant | Role::Horse);
    let one = |action: Action| -> Option<Square> {
        match action {
            Action::Advance(n) | Action::Retreat(n) => {
                let sign = if matches!(action, Action::Advance(_)) {
                    fwd
                } else {
                    -fwd
                };
                if diagonal {
                    let tf = file_of_number(color, n)? as i8;
                    let df = tf - f;
                    let dr = match (role, df.abs()) {
                        (Role::Advisor, 1) => 1,
                        (Role::Elephant, 2) => 2,
                        (Role::Horse, 1) => 2,
                        (Role::Horse, 2) => 1,
                        _ => return None,
                    };
                    at(df, dr * sign)
                } else {
                    if n == 0 {
                        return None;
                    }
                    at(0, n as i8 * sign)
                }
            }
            Action::Traverse(n) => {
                if diagonal {
                    return None;
                }
                let tf = file_of_number(color, n)? as i8;
                if tf == f {
                    return None;
                }
                at(tf - f, 0)
            }
            Action::Any(_) => None,
        }
    };
    match action {
        Action::Any(n) => [Action::Advance(n), Action::Retreat(n), Action::Traverse(n)]
            .into_iter()
            .filter_map(one)
            .collect(),
        a => one(a).into_iter().collect(),
    }
}

/// Finds the one legal move `d` names in `pos`; `text` is quoted in errors.
pub fn resolve(pos: &Position, d: &Descriptor, text: &str) -> Result<Move, NotationError> {
    let color = pos.turn();
    let pieces: Vec<(Square, Role)> = pos
        .pieces()
        .filter(|(_, p)| p.color == color && d.role.is_none_or(|r| r == p.role))
        .filter(|&(s, p)| selects(pos, color, p.role, s, d.selector))
        .map(|(s, p)| (s, p.role))
        .collect();
    if pieces.is_empty() {
        return Err(NotationError::NoSuchPiece { text: text.into() });
    }
    let candidates: Vec<Move> = pieces
        .iter()
        .flat_map(|&(s, role)| {
            targets(color, role, s, d.action)
                .into_iter()
                .map(move |t| Move::new(s, t))
        })
        .collect();
    let legal: Vec<Move> = candidates
        .iter()
        .copied()
        .filter(|&m| pos.is_legal(m))
        .collect();
    // The short form without lines: several fits mean 平, the unlined reading on paper.
    let legal = if matches!(d.action, Action::Any(_)) && legal.len() > 1 {
        let level: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| m.from.rank() == m.to.rank())
            .collect();
        if level.len() == 1 {
            level
        } else {
            legal
        }
    } else {
        legal
    };
    match legal.len() {
        1 => Ok(legal[0]),
        0 => {
            let reason = match candidates.first() {
                Some(&m) => pos.why_illegal(m),
                None => PlayError::NotAMoveOf(pieces[0].1),
            };
            Err(NotationError::Illegal {
                text: text.into(),
                reason,
            })
        }
        _ => Err(NotationError::Ambiguous {
            text: text.into(),
            moves: legal,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_count_from_each_sides_right() {
        // Article 7.5: Red's 一 is file i, Black's 1 is file a.
        assert_eq!(file_number(Color::Red, 8), 1);
        assert_eq!(file_number(Color::Black, 0), 1);
        assert_eq!(file_of_number(Color::Red, 2), Some(7));
        assert_eq!(file_of_number(Color::Black, 8), Some(7));
        assert_eq!(file_of_number(Color::Black, 0), None);
    }

    #[test]
    fn read_detects_the_notation() {
        let pos = Position::start();
        let m = Move::from_iccs("h2e2").unwrap();
        for t in [
            "h2e2",
            "H2-E2",
            "C2.5",
            "C2=5",
            "炮二平五",
            "炮25",
            "砲二平五",
        ] {
            assert_eq!(read(&pos, t), Ok(m), "{t}");
        }
    }
}
