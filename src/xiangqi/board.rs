//! The board's small types: [`Color`], [`Role`], [`Piece`] and [`Square`] (ICCS coordinates).

use std::fmt;

pub use crate::color::Color;

/// What a piece is, independent of its side.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Role {
    /// 帅/将, confined to the palace.
    King,
    /// 仕/士, diagonal in the palace.
    Advisor,
    /// 相/象, two points diagonally, never across the river.
    Elephant,
    /// 马, one step straight then one diagonal, blocked at the leg.
    Horse,
    /// 车, any distance straight.
    Chariot,
    /// 炮, moves like a chariot, captures over exactly one screen.
    Cannon,
    /// 兵/卒, forward; also sideways after crossing the river.
    Pawn,
}

impl Role {
    /// All roles, in the order used for indexing.
    pub const ALL: [Role; 7] = [
        Role::King,
        Role::Advisor,
        Role::Elephant,
        Role::Horse,
        Role::Chariot,
        Role::Cannon,
        Role::Pawn,
    ];

    /// The FEN letter in lowercase (`k a b n r c p`).
    pub const fn char(self) -> char {
        match self {
            Role::King => 'k',
            Role::Advisor => 'a',
            Role::Elephant => 'b',
            Role::Horse => 'n',
            Role::Chariot => 'r',
            Role::Cannon => 'c',
            Role::Pawn => 'p',
        }
    }

    /// Reads a FEN letter in either case; `h` and `e` are accepted for horse and elephant.
    pub fn from_char(c: char) -> Option<Role> {
        Some(match c.to_ascii_lowercase() {
            'k' => Role::King,
            'a' => Role::Advisor,
            'b' | 'e' => Role::Elephant,
            'n' | 'h' => Role::Horse,
            'r' => Role::Chariot,
            'c' => Role::Cannon,
            'p' => Role::Pawn,
            _ => return None,
        })
    }

    /// The most of this role one side can have (pieces are never added in Xiangqi).
    pub const fn max_count(self) -> usize {
        match self {
            Role::King => 1,
            Role::Pawn => 5,
            _ => 2,
        }
    }

    /// The English name, lowercase.
    pub const fn english(self) -> &'static str {
        match self {
            Role::King => "king",
            Role::Advisor => "advisor",
            Role::Elephant => "elephant",
            Role::Horse => "horse",
            Role::Chariot => "chariot",
            Role::Cannon => "cannon",
            Role::Pawn => "pawn",
        }
    }
}

/// A piece: a role and a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What it is.
    pub role: Role,
}

impl Piece {
    /// A piece of `color` and `role`.
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// The FEN letter: uppercase for Red.
    pub const fn char(self) -> char {
        let c = self.role.char();
        match self.color {
            Color::Red => c.to_ascii_uppercase(),
            Color::Black => c,
        }
    }

    /// Reads a FEN letter (`h`/`e` accepted for horse/elephant).
    pub fn from_char(c: char) -> Option<Piece> {
        let role = Role::from_char(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::Red
        } else {
            Color::Black
        };
        Some(Piece { color, role })
    }

    /// The character printed on the piece (simplified): 帅仕相马车炮兵 for Red, 将士象马车炮卒 for Black.
    pub const fn chinese(self) -> char {
        match (self.color, self.role) {
            (Color::Red, Role::King) => '帅',
            (Color::Black, Role::King) => '将',
            (Color::Red, Role::Advisor) => '仕',
            (Color::Black, Role::Advisor) => '士',
            (Color::Red, Role::Elephant) => '相',
            (Color::Black, Role::Elephant) => '象',
            (_, Role::Horse) => '马',
            (_, Role::Chariot) => '车',
            (_, Role::Cannon) => '炮',
            (Color::Red, Role::Pawn) => '兵',
            (Color::Black, Role::Pawn) => '卒',
        }
    }

    /// A compact code 1..=14 (0 means an empty point); used by the board array.
    #[inline]
    pub const fn code(self) -> u8 {
        1 + self.role as u8 + 7 * self.color as u8
    }

    /// The inverse of [`Piece::code`]; `None` for 0 (empty) or out of range.
    #[inline]
    pub const fn from_code(code: u8) -> Option<Piece> {
        if code == 0 || code > 14 {
            return None;
        }
        let c = code - 1;
        let color = if c >= 7 { Color::Black } else { Color::Red };
        let role = Role::ALL[(c % 7) as usize];
        Some(Piece { color, role })
    }
}

/// One of the 90 points: file a–i from Red's left, rank 0–9 from Red's side (ICCS coordinates).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Number of points on the board.
    pub const COUNT: usize = 90;

    /// The point at `file` (0–8) and `rank` (0–9), if on the board.
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 9 && rank < 10 {
            Some(Square(rank * 9 + file))
        } else {
            None
        }
    }

    /// The point with index `i` (`rank * 9 + file`), if `i < 90`.
    #[inline]
    pub const fn from_index(i: usize) -> Option<Square> {
        if i < 90 {
            Some(Square(i as u8))
        } else {
            None
        }
    }

    /// The index `rank * 9 + file`, 0..90.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File 0–8 (a–i) from Red's left.
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 % 9
    }

    /// Rank 0–9 from Red's side.
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 / 9
    }

    /// Whether the point is on `color`'s half of the board (before the river for that side).
    #[inline]
    pub const fn on_own_half(self, color: Color) -> bool {
        match color {
            Color::Red => self.rank() <= 4,
            Color::Black => self.rank() >= 5,
        }
    }

    /// Whether the point lies in `color`'s palace (九宫).
    #[inline]
    pub const fn in_palace(self, color: Color) -> bool {
        let (f, r) = (self.file(), self.rank());
        f >= 3
            && f <= 5
            && match color {
                Color::Red => r <= 2,
                Color::Black => r >= 7,
            }
    }

    /// Parses ICCS coordinates such as `e0` or `H2` (case-insensitive).
    pub fn parse(s: &str) -> Option<Square> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let f = b[0].to_ascii_lowercase().wrapping_sub(b'a');
        let r = b[1].wrapping_sub(b'0');
        Square::new(f, r)
    }

    /// All 90 points, a0 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..90u8).map(Square)
    }
}

/// Why a text is not a point of the board such as `e4`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError {
    /// The text given.
    pub text: String,
}

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a point: a file a-i then a rank 0-9, like e4",
            self.text
        )
    }
}

impl std::error::Error for ParseSquareError {}

/// Reads a point as written in ICCS: `e4` (the file letter may be upper case).
///
/// ```
/// use xiangqi_club::xiangqi::Square;
/// let sq: Square = "e4".parse().unwrap();
/// assert_eq!((sq.file(), sq.rank()), (4, 4));
/// assert!("j0".parse::<Square>().is_err());
/// ```
impl std::str::FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        Square::parse(s).ok_or_else(|| ParseSquareError {
            text: s.to_string(),
        })
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_codes_round_trip() {
        for color in [Color::Red, Color::Black] {
            for role in Role::ALL {
                let p = Piece::new(color, role);
                assert_eq!(Piece::from_code(p.code()), Some(p));
                assert_eq!(Piece::from_char(p.char()), Some(p));
            }
        }
        assert_eq!(Piece::from_code(0), None);
        assert_eq!(
            Piece::from_char('H'),
            Some(Piece::new(Color::Red, Role::Horse))
        );
        assert_eq!(
            Piece::from_char('e'),
            Some(Piece::new(Color::Black, Role::Elephant))
        );
    }

    #[test]
    fn squares_print_in_iccs() {
        assert_eq!(Square::new(7, 2).unwrap().to_string(), "h2");
        assert_eq!(Square::parse("e9"), Square::new(4, 9));
        assert_eq!(Square::parse("j0"), None);
        assert_eq!(Square::parse("a10"), None);
        assert!(Square::parse("e1").unwrap().in_palace(Color::Red));
        assert!(!Square::parse("c1").unwrap().in_palace(Color::Red));
        assert!(Square::parse("d8").unwrap().in_palace(Color::Black));
    }
}
