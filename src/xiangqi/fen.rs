//! FEN: parse into an unchecked [`Setup`], validate into a [`Position`](super::Position), print back.
//!
//! Ranks are listed from Black's side (rank 9) down to Red's (rank 0), files a–i left to right.
//! Uppercase is Red; `r n b a k c p` are chariot, horse, elephant, advisor, king, cannon, pawn.
//! Input also accepts `h`/`e` for horse/elephant and `r` for Red to move; output is canonical.

use super::board::{Color, Piece, Role, Square};
use std::fmt;

/// The largest halfmove clock or fullmove number a FEN may give: far beyond any game (the natural
/// move limit, article 4.2.4, ends one long before), and far enough below `u32::MAX` that moves
/// played on from it cannot overflow the counters.
pub const MAX_COUNTER: u32 = 1_000_000;

/// The FEN of the standard starting position.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// An unchecked position, as written in a FEN: it may be unreachable or illegal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The piece on each point, indexed by [`Square::index`].
    pub board: [Option<Piece>; 90],
    /// The side to move.
    pub turn: Color,
    /// Plies since the last capture (the natural move limit counts these, article 4.2.4).
    pub halfmoves: u32,
    /// The move number, starting at 1 and increased after Black moves.
    pub fullmoves: u32,
}

/// Why a FEN string could not be read; each names what is wrong and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseFenError {
    /// The string holds no board at all.
    Empty,
    /// The board must have 10 ranks separated by `/`.
    WrongRankCount {
        /// How many ranks were found.
        found: usize,
    },
    /// A rank must cover exactly 9 files.
    WrongFileCount {
        /// The rank (0–9 from Red's side) that is wrong.
        rank: u8,
        /// How many files it covers.
        found: usize,
    },
    /// A character that is neither a piece letter nor a digit 1–9.
    UnknownPiece {
        /// The character.
        found: char,
        /// The rank it stands on (0–9 from Red's side).
        rank: u8,
    },
    /// Only the board was given: who moves next is not implied by the board, so it must be written
    /// (`w` or `b`), as in the FEN of the Chinese Xiangqi computer notation standard.
    MissingTurn,
    /// The side to move must be `w` (or `r`) for Red or `b` for Black.
    BadTurn {
        /// What was found instead.
        found: String,
    },
    /// The halfmove or fullmove counter is not a number.
    BadCounter {
        /// Which counter: "halfmove" or "fullmove".
        which: &'static str,
        /// What was found.
        found: String,
    },
    /// The halfmove or fullmove counter is a number above [`MAX_COUNTER`].
    CounterTooLarge {
        /// Which counter: "halfmove" or "fullmove".
        which: &'static str,
        /// What was found.
        found: String,
    },
    /// More fields than a FEN has.
    TooManyFields {
        /// How many whitespace-separated fields there were.
        found: usize,
    },
}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseFenError::Empty => write!(f, "empty FEN: no board given"),
            ParseFenError::WrongRankCount { found } => {
                write!(
                    f,
                    "the board has {found} ranks; a Xiangqi board has 10 (separated by '/')"
                )
            }
            ParseFenError::WrongFileCount { rank, found } => {
                write!(
                    f,
                    "rank {rank} covers {found} files; every rank must cover 9"
                )
            }
            ParseFenError::UnknownPiece { found, rank } => {
                write!(f, "unknown piece letter '{found}' on rank {rank} (expected one of k a b n r c p, upper or lower case, or a digit)")
            }
            ParseFenError::MissingTurn => write!(
                f,
                "the side to move is missing: add 'w' (Red) or 'b' (Black) after the board"
            ),
            ParseFenError::BadTurn { found } => {
                write!(
                    f,
                    "side to move is '{found}'; expected 'w' (Red) or 'b' (Black)"
                )
            }
            ParseFenError::BadCounter { which, found } => {
                write!(f, "the {which} counter '{found}' is not a whole number")
            }
            ParseFenError::CounterTooLarge { which, found } => {
                write!(
                    f,
                    "the {which} counter {found} is above the limit of {MAX_COUNTER}"
                )
            }
            ParseFenError::TooManyFields { found } => {
                write!(f, "the FEN has {found} fields; at most 6 are allowed")
            }
        }
    }
}

impl std::error::Error for ParseFenError {}

/// Why a [`Setup`] is not a legal position; each names the piece and point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// A side has no king.
    MissingKing(Color),
    /// A side has more than one king.
    TooManyKings(Color),
    /// A side has more of a piece than the game starts with.
    TooMany {
        /// Whose pieces.
        color: Color,
        /// Which piece.
        role: Role,
        /// How many there are.
        count: usize,
    },
    /// The king stands outside its palace (article 2.2.1).
    KingOutsidePalace(Color, Square),
    /// An advisor stands on a point it can never reach (article 2.2.2).
    AdvisorOffPoint(Color, Square),
    /// An elephant stands on a point it can never reach (article 2.2.3).
    ElephantOffPoint(Color, Square),
    /// A pawn stands behind its starting rank, or on its own half off its starting file (2.2.7).
    PawnOffPoint(Color, Square),
    /// The kings face each other on an open file (article 4.1.2).
    KingsFacing {
        /// The file (0–8, a–i) they share.
        file: u8,
    },
    /// The side to move could capture the enemy king: the last move left its own king in check.
    OpponentInCheck(Color),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::MissingKing(c) => write!(f, "{} has no king", c.english()),
            PositionError::TooManyKings(c) => write!(f, "{} has more than one king", c.english()),
            PositionError::TooMany { color, role, count } => write!(
                f,
                "{} has {count} {}s; at most {} are possible",
                color.english(),
                role.english(),
                role.max_count()
            ),
            PositionError::KingOutsidePalace(c, sq) => {
                write!(f, "{} king on {sq} is outside its palace", c.english())
            }
            PositionError::AdvisorOffPoint(c, sq) => {
                write!(
                    f,
                    "{} advisor on {sq} stands on a point an advisor can never reach",
                    c.english()
                )
            }
            PositionError::ElephantOffPoint(c, sq) => {
                write!(
                    f,
                    "{} elephant on {sq} stands on a point an elephant can never reach",
                    c.english()
                )
            }
            PositionError::PawnOffPoint(c, sq) => write!(
                f,
                "{} pawn on {sq} stands behind its starting rank or off its file before the river",
                c.english()
            ),
            PositionError::KingsFacing { file } => write!(
                f,
                "the kings face each other on file {} with nothing between (article 4.1.2)",
                (b'a' + file) as char
            ),
            PositionError::OpponentInCheck(c) => write!(
                f,
                "{} is to move and could capture the {} king",
                c.english(),
                c.other().english()
            ),
        }
    }
}

impl std::error::Error for PositionError {}

/// Any error from reading a FEN into a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// The text is not a well-formed FEN.
    Parse(ParseFenError),
    /// The FEN is well formed but the position is impossible.
    Position(PositionError),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Parse(e) => write!(f, "invalid FEN: {e}"),
            FenError::Position(e) => write!(f, "illegal position: {e}"),
        }
    }
}

impl std::error::Error for FenError {}

impl From<ParseFenError> for FenError {
    fn from(e: ParseFenError) -> Self {
        FenError::Parse(e)
    }
}

impl From<PositionError> for FenError {
    fn from(e: PositionError) -> Self {
        FenError::Position(e)
    }
}

impl Setup {
    /// The standard starting position.
    pub fn start() -> Setup {
        Setup::from_fen(START_FEN).expect("the start FEN is valid")
    }

    /// An empty board with Red to move.
    pub fn empty() -> Setup {
        Setup {
            board: [None; 90],
            turn: Color::Red,
            halfmoves: 0,
            fullmoves: 1,
        }
    }

    /// Parses a FEN; the board and the side to move are required, missing counters default to
    /// `- - 0 1`.
    pub fn from_fen(fen: &str) -> Result<Setup, ParseFenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let Some(placement) = fields.first() else {
            return Err(ParseFenError::Empty);
        };
        if fields.len() > 6 {
            return Err(ParseFenError::TooManyFields {
                found: fields.len(),
            });
        }
        let rows: Vec<&str> = placement.split('/').collect();
        if rows.len() != 10 {
            return Err(ParseFenError::WrongRankCount { found: rows.len() });
        }
        let mut board = [None; 90];
        for (i, row) in rows.iter().enumerate() {
            let rank = 9 - i as u8;
            let mut file = 0usize;
            for ch in row.chars() {
                if let Some(d) = ch.to_digit(10).filter(|d| *d >= 1) {
                    file += d as usize;
                } else if let Some(p) = Piece::from_char(ch) {
                    if file < 9 {
                        board[rank as usize * 9 + file] = Some(p);
                    }
                    file += 1;
                } else {
                    return Err(ParseFenError::UnknownPiece { found: ch, rank });
                }
            }
            if file != 9 {
                return Err(ParseFenError::WrongFileCount { rank, found: file });
            }
        }
        let turn = match fields.get(1).copied() {
            None => return Err(ParseFenError::MissingTurn),
            Some("w") | Some("r") | Some("W") | Some("R") => Color::Red,
            Some("b") | Some("B") => Color::Black,
            Some(other) => {
                return Err(ParseFenError::BadTurn {
                    found: other.to_string(),
                })
            }
        };
        let counter =
            |idx: usize, which: &'static str, default: u32| -> Result<u32, ParseFenError> {
                match fields.get(idx) {
                    None => Ok(default),
                    Some(s) => match s.parse::<u32>() {
                        Ok(n) if n <= MAX_COUNTER => Ok(n),
                        // Digits beyond u32 are a number too, only too large.
                        Ok(_) => Err(ParseFenError::CounterTooLarge {
                            which,
                            found: s.to_string(),
                        }),
                        Err(_) if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) => {
                            Err(ParseFenError::CounterTooLarge {
                                which,
                                found: s.to_string(),
                            })
                        }
                        Err(_) => Err(ParseFenError::BadCounter {
                            which,
                            found: s.to_string(),
                        }),
                    },
                }
            };
        let halfmoves = counter(4, "halfmove", 0)?;
        let fullmoves = counter(5, "fullmove", 1)?.max(1);
        Ok(Setup {
            board,
            turn,
            halfmoves,
            fullmoves,
        })
    }

    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// Prints the canonical FEN (`n b` letters, `w`/`b`, `- -` for the unused chess fields).
    pub fn to_fen(&self) -> String {
        let mut s = String::with_capacity(90);
        for rank in (0..10).rev() {
            let mut empty = 0;
            for file in 0..9 {
                match self.board[rank * 9 + file] {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            s.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        s.push(p.char());
                    }
                }
            }
            if empty > 0 {
                s.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                s.push('/');
            }
        }
        let turn = match self.turn {
            Color::Red => 'w',
            Color::Black => 'b',
        };
        format!("{s} {turn} - - {} {}", self.halfmoves, self.fullmoves)
    }

    /// Checks everything that makes a setup an impossible position (see [`PositionError`]).
    pub fn validate(&self) -> Result<(), PositionError> {
        let mut kings = [None, None];
        let mut counts = [[0usize; 7]; 2];
        for sq in Square::all() {
            let Some(p) = self.board[sq.index()] else {
                continue;
            };
            counts[p.color.index()][p.role as usize] += 1;
            let c = p.color;
            match p.role {
                Role::King => {
                    if kings[c.index()].is_some() {
                        return Err(PositionError::TooManyKings(c));
                    }
                    if !sq.in_palace(c) {
                        return Err(PositionError::KingOutsidePalace(c, sq));
                    }
                    kings[c.index()] = Some(sq);
                }
                Role::Advisor if !advisor_point(c, sq) => {
                    return Err(PositionError::AdvisorOffPoint(c, sq))
                }
                Role::Elephant if !elephant_point(c, sq) => {
                    return Err(PositionError::ElephantOffPoint(c, sq))
                }
                Role::Pawn if !pawn_point(c, sq) => return Err(PositionError::PawnOffPoint(c, sq)),
                _ => {}
            }
        }
        for c in [Color::Red, Color::Black] {
            if kings[c.index()].is_none() {
                return Err(PositionError::MissingKing(c));
            }
            for role in Role::ALL {
                let count = counts[c.index()][role as usize];
                if count > role.max_count() {
                    return Err(PositionError::TooMany {
                        color: c,
                        role,
                        count,
                    });
                }
            }
        }
        let (rk, bk) = (
            kings[0].unwrap_or(Square::new(0, 0).unwrap()),
            kings[1].unwrap_or(Square::new(0, 9).unwrap()),
        );
        if rk.file() == bk.file()
            && (rk.rank() + 1..bk.rank())
                .all(|r| self.board[r as usize * 9 + rk.file() as usize].is_none())
        {
            return Err(PositionError::KingsFacing { file: rk.file() });
        }
        Ok(())
    }
}

impl Default for Setup {
    fn default() -> Self {
        Setup::start()
    }
}

/// The seven points an advisor of `color` can ever stand on: palace corners and centre.
fn advisor_point(color: Color, sq: Square) -> bool {
    let (f, r) = (sq.file(), relative_rank(color, sq));
    matches!((f, r), (3, 0) | (5, 0) | (4, 1) | (3, 2) | (5, 2))
}

/// The seven points an elephant of `color` can ever stand on.
fn elephant_point(color: Color, sq: Square) -> bool {
    let (f, r) = (sq.file(), relative_rank(color, sq));
    matches!(
        (f, r),
        (2, 0) | (6, 0) | (0, 2) | (4, 2) | (8, 2) | (2, 4) | (6, 4)
    )
}

/// A pawn is never behind its starting rank, and before the river it stays on its starting file.
fn pawn_point(color: Color, sq: Square) -> bool {
    let r = relative_rank(color, sq);
    r >= 5 || (r >= 3 && sq.file().is_multiple_of(2))
}

/// The rank counted from `color`'s own side (0 = its back rank).
pub(crate) fn relative_rank(color: Color, sq: Square) -> u8 {
    match color {
        Color::Red => sq.rank(),
        Color::Black => 9 - sq.rank(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(fen: &str) -> FenError {
        let setup = Setup::from_fen(fen).map_err(FenError::from);
        match setup {
            Err(e) => e,
            Ok(s) => FenError::Position(s.validate().expect_err("expected an invalid position")),
        }
    }

    #[test]
    fn start_round_trips() {
        assert_eq!(Setup::from_fen(START_FEN).unwrap().to_fen(), START_FEN);
    }

    #[test]
    fn accepts_alternative_letters_and_defaults() {
        let s = Setup::from_fen("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r")
            .unwrap();
        assert_eq!(s.to_fen(), START_FEN);
    }

    #[test]
    fn board_without_side_to_move_is_refused() {
        // Regression: a FEN without its side-to-move field was accepted as Red to move, silently.
        assert_eq!(
            err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR"),
            FenError::Parse(ParseFenError::MissingTurn)
        );
    }

    #[test]
    fn precise_parse_errors() {
        assert_eq!(err(""), FenError::Parse(ParseFenError::Empty));
        assert_eq!(
            err("9/9/9"),
            FenError::Parse(ParseFenError::WrongRankCount { found: 3 })
        );
        assert_eq!(
            err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w"),
            FenError::Parse(ParseFenError::WrongFileCount { rank: 0, found: 8 })
        );
        assert_eq!(
            err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w"),
            FenError::Parse(ParseFenError::UnknownPiece {
                found: 'X',
                rank: 0
            })
        );
        assert_eq!(
            err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x"),
            FenError::Parse(ParseFenError::BadTurn { found: "x".into() })
        );
        assert!(matches!(
            err("4k4/9/9/9/9/9/9/9/9/4K4 w - - x 1"),
            FenError::Parse(ParseFenError::BadCounter { .. })
        ));
    }

    #[test]
    fn counters_beyond_the_limit_are_refused() {
        let board = "3k5/9/9/9/9/9/9/9/4R4/4K4";
        for (counters, which) in [
            ("4294967295 1", "halfmove"),
            ("0 4294967295", "fullmove"),
            ("1000001 1", "halfmove"),
            ("0 99999999999999999999", "fullmove"),
        ] {
            let e = err(&format!("{board} b - - {counters}"));
            assert_eq!(
                e,
                FenError::Parse(ParseFenError::CounterTooLarge {
                    which,
                    found: counters
                        .split(' ')
                        .find(|c| c.len() > 1)
                        .unwrap()
                        .to_string()
                })
            );
            assert!(e.to_string().contains("above the limit of 1000000"), "{e}");
        }
        // At the limit a position plays on without overflow.
        let mut p = crate::xiangqi::Position::from_fen(&format!(
            "{board} b - - {MAX_COUNTER} {MAX_COUNTER}"
        ))
        .unwrap();
        p.play("d9d8".parse().unwrap()).unwrap();
        assert_eq!(
            (p.halfmoves(), p.fullmoves()),
            (MAX_COUNTER + 1, MAX_COUNTER + 1)
        );
    }

    #[test]
    fn precise_position_errors() {
        use Color::*;
        let sq = |s| Square::parse(s).unwrap();
        assert_eq!(
            err("3k5/9/9/9/9/9/9/9/9/9 w"),
            FenError::Position(PositionError::MissingKing(Red))
        );
        assert_eq!(
            err("3k1k3/9/9/9/9/9/9/9/9/4K4 w"),
            FenError::Position(PositionError::TooManyKings(Black))
        );
        assert_eq!(
            err("3k5/9/9/9/9/9/9/9/9/K8 w"),
            FenError::Position(PositionError::KingOutsidePalace(Red, sq("a0")))
        );
        assert_eq!(
            err("3k5/9/9/9/9/9/9/9/9/4AK3 w"),
            FenError::Position(PositionError::AdvisorOffPoint(Red, sq("e0")))
        );
        assert_eq!(
            err("3k5/9/9/9/9/4B4/9/9/9/4K4 w"),
            FenError::Position(PositionError::ElephantOffPoint(Red, sq("e4")))
        );
        assert_eq!(
            err("3k5/9/9/9/9/9/9/9/P8/4K4 w"),
            FenError::Position(PositionError::PawnOffPoint(Red, sq("a1")))
        );
        assert_eq!(
            err("3k5/9/9/9/9/9/1P7/9/9/4K4 w"),
            FenError::Position(PositionError::PawnOffPoint(Red, sq("b3")))
        );
        assert_eq!(
            err("4k4/9/9/9/9/9/9/9/9/4K4 w"),
            FenError::Position(PositionError::KingsFacing { file: 4 })
        );
        assert_eq!(
            err("3k5/9/9/9/9/9/9/9/9/RRRK5 w"),
            FenError::Position(PositionError::TooMany {
                color: Red,
                role: Role::Chariot,
                count: 3
            })
        );
    }

    #[test]
    fn error_messages_name_the_point() {
        let e = err("3k5/9/9/9/9/9/9/9/9/4AK3 w");
        assert_eq!(
            e.to_string(),
            "illegal position: Red advisor on e0 stands on a point an advisor can never reach"
        );
    }
}
