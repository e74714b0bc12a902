//! WXF notation: `C2.5`, `H8+7`, tandem `+R.3` / `-C+1`, pawn digits `25.6` (the 2nd pawn from the
//! front on file 5, as Fairy-Stockfish writes 中兵平六).
//!
//! Letters K A E H R C P (B and N accepted for elephant and horse), `+` forward, `-` backward, `.`
//! along the rank (`=` accepted); files and distances 1–9 counted from the mover's right. Input may
//! be lowercase or full-width (`Ｃ２＝５`).

use super::{describe, resolve, Action, Descriptor, NotationError, Selector, Tandem};
use crate::xiangqi::{Move, Position, Role};

/// Folds full-width ASCII forms (`Ｃ２＝５`) to ASCII and drops spaces.
fn normalize(text: &str) -> String {
    folded(text).collect()
}

/// The characters of `text` but spaces, full-width ASCII forms folded to ASCII.
fn folded(text: &str) -> impl Iterator<Item = char> + '_ {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| match c {
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            _ => c,
        })
}

/// Whether `text` is plausibly WXF (ASCII letters, digits and signs once folded). Asked of
/// every token of a game file: it stops at the first other character, and allocates nothing.
pub fn looks_like(text: &str) -> bool {
    let mut any = false;
    for c in folded(text) {
        if !c.is_ascii() {
            return false;
        }
        any = true;
    }
    any
}

/// The role a WXF letter names (either case).
pub fn role_of_letter(c: char) -> Option<Role> {
    Some(match c.to_ascii_uppercase() {
        'K' => Role::King,
        'A' => Role::Advisor,
        'E' | 'B' => Role::Elephant,
        'H' | 'N' => Role::Horse,
        'R' => Role::Chariot,
        'C' => Role::Cannon,
        'P' => Role::Pawn,
        _ => return None,
    })
}

/// The WXF letter of a role.
pub const fn letter(role: Role) -> char {
    match role {
        Role::King => 'K',
        Role::Advisor => 'A',
        Role::Elephant => 'E',
        Role::Horse => 'H',
        Role::Chariot => 'R',
        Role::Cannon => 'C',
        Role::Pawn => 'P',
    }
}

fn digit(c: char) -> Option<u8> {
    c.to_digit(10).filter(|&d| d >= 1).map(|d| d as u8)
}

fn tandem(c: char) -> Option<Tandem> {
    match c {
        '+' => Some(Tandem::Front),
        '-' => Some(Tandem::Rear),
        _ => None,
    }
}

/// Parses WXF text into a descriptor, without looking at a position.
pub fn parse(text: &str) -> Result<Descriptor, NotationError> {
    let syntax = |reason| NotationError::Syntax {
        text: text.to_string(),
        reason,
    };
    let n: Vec<char> = normalize(text).chars().collect();
    let [a, b, op, num] = n.as_slice() else {
        return Err(syntax("a WXF move has four signs, e.g. C2.5 or +R+1"));
    };
    let n = digit(*num).ok_or_else(|| syntax("the last sign must be a digit 1-9"))?;
    let action = match op {
        '+' => Action::Advance(n),
        '-' => Action::Retreat(n),
        '.' | '=' => Action::Traverse(n),
        _ => return Err(syntax("the third sign must be +, - or .")),
    };
    let (role, selector) = if let Some(r) = role_of_letter(*a) {
        if let Some(f) = digit(*b) {
            (Some(r), Selector::File(f))
        } else if let Some(t) = tandem(*b) {
            (Some(r), Selector::Tandem(t, None))
        } else {
            return Err(syntax("a piece letter is followed by its file or + / -"));
        }
    } else if let Some(t) = tandem(*a) {
        if let Some(r) = role_of_letter(*b) {
            (Some(r), Selector::Tandem(t, None))
        } else if let Some(f) = digit(*b) {
            (None, Selector::Tandem(t, Some(f)))
        } else {
            return Err(syntax("+ or - is followed by a piece letter or a file"));
        }
    } else if let (Some(i), Some(f)) = (digit(*a), digit(*b)) {
        if i > 5 {
            return Err(syntax("a pawn index is 1-5"));
        }
        (Some(Role::Pawn), Selector::NthOnFile(i, f))
    } else {
        return Err(syntax("unknown piece letter"));
    };
    Ok(Descriptor {
        role,
        selector,
        action,
    })
}

/// Reads a WXF move and resolves it in `pos`.
pub fn read(pos: &Position, text: &str) -> Result<Move, NotationError> {
    resolve(pos, &parse(text)?, text)
}

/// Writes legal move `m` in WXF (`C2.5`, `+R.3`, `25.6`).
pub fn write(pos: &Position, m: Move) -> String {
    let d = describe(pos, m);
    let role = d.role.unwrap_or(Role::King);
    let l = letter(role);
    let mut s = match d.selector {
        Selector::File(f) => format!("{l}{f}"),
        sel => {
            // Several same pieces on the file: + / - when two, else the pawn's place from the front.
            let color = pos.turn();
            let col = super::column(pos, color, role, m.from.file());
            let file = super::file_number(color, m.from.file());
            let idx = col.iter().position(|&s| s == m.from).unwrap_or(0) + 1;
            let only_file = role != Role::Pawn || super::pawn_files(pos, color).len() == 1;
            match sel {
                Selector::Tandem(Tandem::Front, _) if col.len() == 2 && only_file => {
                    format!("+{l}")
                }
                Selector::Tandem(Tandem::Rear, _) if col.len() == 2 && only_file => format!("-{l}"),
                _ => format!("{idx}{file}"),
            }
        }
    };
    let (op, n) = match d.action {
        Action::Advance(n) => ('+', n),
        Action::Retreat(n) => ('-', n),
        Action::Traverse(n) | Action::Any(n) => ('.', n),
    };
    s.push(op);
    s.push((b'0' + n) as char);
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(s: &str) -> Move {
        Move::from_iccs(s).unwrap()
    }

    #[test]
    fn looks_like_folds_full_width_and_refuses_chinese() {
        assert!(looks_like("C2.5") && looks_like("Ｃ２＝５") && looks_like(" C2 .5 "));
        assert!(
            !looks_like("炮二平五") && !looks_like("C2平5") && !looks_like("") && !looks_like("  ")
        );
    }

    #[test]
    fn reads_and_writes_the_opening() {
        let mut pos = Position::start();
        for (w, i) in [
            ("C2.5", "h2e2"),
            ("H8+7", "h9g7"),
            ("H2+3", "h0g2"),
            ("R9.8", "i9h9"),
        ] {
            assert_eq!(write(&pos, mv(i)), w);
            assert_eq!(read(&pos, w), Ok(mv(i)));
            pos.play(mv(i)).unwrap();
        }
    }

    #[test]
    fn accepts_equals_lowercase_full_width_and_other_letters() {
        let pos = Position::start();
        assert_eq!(read(&pos, "C2=5"), Ok(mv("h2e2")));
        assert_eq!(read(&pos, "c2=5"), Ok(mv("h2e2")));
        assert_eq!(read(&pos, "Ｃ２＝５"), Ok(mv("h2e2")));
        assert_eq!(read(&pos, "N2+3"), Ok(mv("h0g2")));
        assert_eq!(read(&pos, "B3+5"), Ok(mv("g0e2")));
        assert!(matches!(
            read(&pos, "X2.5"),
            Err(NotationError::Syntax { .. })
        ));
        assert!(matches!(
            read(&pos, "C2*5"),
            Err(NotationError::Syntax { .. })
        ));
    }

    #[test]
    fn tandem_markers() {
        // Two red chariots on file 3 (g): +R / -R, also written R+ / R-.
        let pos = Position::from_fen("4k4/9/9/9/9/6R2/9/6R2/9/3K5 w - - 0 1").unwrap();
        assert_eq!(write(&pos, mv("g4d4")), "+R.6");
        assert_eq!(write(&pos, mv("g2g3")), "-R+1");
        assert_eq!(read(&pos, "+R.6"), Ok(mv("g4d4")));
        assert_eq!(read(&pos, "R+.6"), Ok(mv("g4d4")));
        assert_eq!(read(&pos, "-R+1"), Ok(mv("g2g3")));
        assert_eq!(read(&pos, "+3.6"), Ok(mv("g4d4")));
        // Without a marker it is accepted when only one chariot can make the move.
        assert_eq!(read(&pos, "R3-2"), Ok(mv("g2g0")));
        assert!(matches!(
            read(&pos, "R3.6"),
            Err(NotationError::Ambiguous { .. })
        ));
    }
}
