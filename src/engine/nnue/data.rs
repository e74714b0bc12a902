//! The training positions' file (`xq data` writes it, `xq train` reads it): an 8-byte header
//! `XQPOS01\n`, then records of [`RECORD_BYTES`] bytes each:
//!
//! | bytes | what |
//! |-------|------|
//! | 0–44  | the 90 points, two per byte (low nibble first), each a piece code 0–14 (0 empty, 1–7 Red king, advisor, elephant, horse, chariot, cannon, pawn, 8–14 Black's) |
//! | 45    | the side to move: 0 Red, 1 Black |
//! | 46–47 | the engine's search score, centipawns from Red's side (i16, little-endian) |
//! | 48    | the game's result from Red's side: 0 lost, 1 drawn, 2 won |
//! | 49–52 | the game's number in the run (u32, little-endian), so a split keeps each game on one side |

use crate::xiangqi::{Color, Piece, Position, PositionError, Setup};

/// What a positions file starts with.
pub const HEADER: &[u8; 8] = b"XQPOS01\n";
/// The length of one record.
pub const RECORD_BYTES: usize = 53;

/// One labelled position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The piece code on each point (0 empty), indexed as [`Position::codes`].
    pub board: [u8; 90],
    /// The side to move.
    pub turn: Color,
    /// The search score, centipawns from Red's side.
    pub score: i16,
    /// The game's result from Red's side: 0 lost, 1 drawn, 2 won.
    pub result: u8,
    /// Which game of the run the position comes from.
    pub game: u32,
}

/// Why a positions file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DataError {
    /// It does not start with [`HEADER`].
    NotAPositionsFile,
    /// It ends inside a record.
    Truncated,
    /// Record `n` (from 0) holds a value no record has.
    BadRecord(usize),
}

impl std::fmt::Display for DataError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DataError::NotAPositionsFile => write!(f, "not a positions file (no XQPOS01 header)"),
            DataError::Truncated => write!(f, "the file ends inside a record"),
            DataError::BadRecord(n) => write!(f, "record {n} is not a position"),
        }
    }
}

impl std::error::Error for DataError {}

impl Record {
    /// `pos` scored `score` (centipawns from Red's side), from game `game` that ended `result`.
    pub fn new(pos: &Position, score: i16, result: u8, game: u32) -> Record {
        Record {
            board: *pos.codes(),
            turn: pos.turn(),
            score,
            result,
            game,
        }
    }

    /// Appends the record's bytes to `out`.
    pub fn write(&self, out: &mut Vec<u8>) {
        for pair in self.board.chunks_exact(2) {
            out.push(pair[0] | pair[1] << 4);
        }
        out.push(self.turn.index() as u8);
        out.extend_from_slice(&self.score.to_le_bytes());
        out.push(self.result);
        out.extend_from_slice(&self.game.to_le_bytes());
    }

    /// Reads one record's bytes; `None` for a value out of range.
    pub fn read(b: &[u8; RECORD_BYTES]) -> Option<Record> {
        let mut board = [0u8; 90];
        for (i, &byte) in b[..45].iter().enumerate() {
            board[2 * i] = byte & 15;
            board[2 * i + 1] = byte >> 4;
        }
        if board.iter().any(|&c| c > 14) || b[45] > 1 || b[48] > 2 {
            return None;
        }
        Some(Record {
            board,
            turn: if b[45] == 0 { Color::Red } else { Color::Black },
            score: i16::from_le_bytes([b[46], b[47]]),
            result: b[48],
            game: u32::from_le_bytes([b[49], b[50], b[51], b[52]]),
        })
    }

    /// The position, checked as a FEN's would be.
    pub fn position(&self) -> Result<Position, PositionError> {
        Position::from_setup(&Setup {
            board: self.board.map(Piece::from_code),
            turn: self.turn,
            halfmoves: 0,
            fullmoves: 1,
        })
    }
}

/// Every record of a positions file.
pub fn read_all(bytes: &[u8]) -> Result<Vec<Record>, DataError> {
    let body = bytes
        .strip_prefix(HEADER.as_slice())
        .ok_or(DataError::NotAPositionsFile)?;
    if body.len() % RECORD_BYTES != 0 {
        return Err(DataError::Truncated);
    }
    body.chunks_exact(RECORD_BYTES)
        .enumerate()
        .map(|(n, c)| {
            let c: &[u8; RECORD_BYTES] = c.try_into().unwrap_or_else(|_| unreachable!());
            Record::read(c).ok_or(DataError::BadRecord(n))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_reads_back_as_written() {
        let pos = Position::from_fen("3k5/4a4/4ba3/9/2n6/9/9/4B4/4A4/3AK1R2 b - - 0 1").unwrap();
        let r = Record::new(&pos, -321, 0, 77_000);
        let mut bytes = HEADER.to_vec();
        r.write(&mut bytes);
        assert_eq!(bytes.len(), HEADER.len() + RECORD_BYTES);
        let back = read_all(&bytes).unwrap();
        assert_eq!(back, vec![r]);
        assert_eq!(back[0].position().unwrap().fen(), pos.fen());
        assert_eq!(
            read_all(&bytes[..bytes.len() - 1]),
            Err(DataError::Truncated)
        );
        assert_eq!(read_all(b"XQNN"), Err(DataError::NotAPositionsFile));
        bytes[HEADER.len() + 48] = 3;
        assert_eq!(read_all(&bytes), Err(DataError::BadRecord(0)));
    }
}
