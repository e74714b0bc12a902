//! ICCS coordinates: `h2e2` (also `H2-E2`), files a–i from Red's left, ranks 0–9 from Red's side.

use super::NotationError;
use crate::xiangqi::{Move, Position};

/// Whether `text` has the shape of ICCS coordinates.
pub fn looks_like(text: &str) -> bool {
    Move::from_iccs(text.trim()).is_some()
}

/// Reads ICCS coordinates and checks the move is legal in `pos`.
pub fn read(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let m = Move::from_iccs(text.trim()).ok_or_else(|| NotationError::Syntax {
        text: text.to_string(),
        reason: "ICCS is two points such as h2e2",
    })?;
    if pos.is_legal(m) {
        Ok(m)
    } else {
        Err(NotationError::Illegal {
            text: text.to_string(),
            reason: pos.why_illegal(m),
        })
    }
}

/// Writes `m` as ICCS coordinates (`h2e2`).
pub fn write(m: Move) -> String {
    m.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_checks_and_writes() {
        let pos = Position::start();
        let m = Move::from_iccs("h2e2").unwrap();
        assert_eq!(read(&pos, "H2-E2"), Ok(m));
        assert_eq!(write(m), "h2e2");
        assert!(matches!(
            read(&pos, "h2e3"),
            Err(NotationError::Illegal { .. })
        ));
        assert!(matches!(
            read(&pos, "h2"),
            Err(NotationError::Syntax { .. })
        ));
    }
}
