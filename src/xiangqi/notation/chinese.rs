//! Chinese notation (article 7.5): full 炮二平五 / 马８进７ and short 炮25 / 马87.
//!
//! The short form writes digits only; on paper a line under the last digit means 进 and a line over
//! it 退, none 平. We write those lines as the combining characters U+0332 (under) and U+0305
//! (over), so the short form reads back exactly. Where the lines were lost (the rule book's own
//! table prints 炮84 for 炮8进4), reading accepts whichever of 进/退/平 gives the only legal move,
//! and 平 when several do.
//!
//! Red counts files and distances with Chinese numerals 一…九, Black with digits 1…9 (written
//! full-width, as XQWizard and the published archives do). On input, traditional characters
//! (車馬砲俥傌帥將後進), ASCII or full-width digits, either numeral style for either side and any
//! spacing are accepted.

use super::{describe, resolve, Action, Descriptor, NotationError, Selector, Tandem};
use crate::xiangqi::{Color, Move, Position, Role};

const RED_NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
const FULL_WIDTH: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];
/// COMBINING LOW LINE: the short form's 进 (a line under the last digit).
pub const UNDER_LINE: char = '\u{332}';
/// COMBINING OVERLINE: the short form's 退 (a line over the last digit).
pub const OVER_LINE: char = '\u{305}';

/// One symbol of Chinese notation after normalising script and digit style.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sym {
    Piece(Role),
    Num(u8),
    Act(u8),
    Mark(Tandem),
}

/// The role a piece character names, simplified or traditional, either side's glyph.
pub fn role_of_char(c: char) -> Option<Role> {
    Some(match c {
        '帅' | '帥' | '将' | '將' => Role::King,
        '仕' | '士' => Role::Advisor,
        '相' | '象' => Role::Elephant,
        '马' | '馬' | '傌' | '㐷' => Role::Horse,
        '车' | '車' | '俥' | '伡' => Role::Chariot,
        '炮' | '砲' | '包' => Role::Cannon,
        '兵' | '卒' => Role::Pawn,
        _ => return None,
    })
}

/// The value 1–9 of a Chinese numeral, ASCII or full-width digit.
pub fn digit_value(c: char) -> Option<u8> {
    if let Some(i) = RED_NUMERALS.iter().position(|&x| x == c) {
        return Some(i as u8 + 1);
    }
    if let Some(i) = FULL_WIDTH.iter().position(|&x| x == c) {
        return Some(i as u8 + 1);
    }
    match c {
        '1'..='9' => Some(c as u8 - b'0'),
        _ => None,
    }
}

fn sym(c: char) -> Option<Sym> {
    if let Some(r) = role_of_char(c) {
        return Some(Sym::Piece(r));
    }
    if let Some(n) = digit_value(c) {
        return Some(Sym::Num(n));
    }
    Some(match c {
        '进' | '進' => Sym::Act(b'+'),
        '退' => Sym::Act(b'-'),
        '平' => Sym::Act(b'.'),
        '前' => Sym::Mark(Tandem::Front),
        '中' => Sym::Mark(Tandem::Middle),
        '后' | '後' => Sym::Mark(Tandem::Rear),
        _ => return None,
    })
}

/// Whether `c` can appear in Chinese move notation (used to tell moves from free text).
pub fn is_notation_char(c: char) -> bool {
    // Every such character is outside ASCII: most of a file's are told apart at once.
    !c.is_ascii() && sym(c).is_some_and(|s| !matches!(s, Sym::Num(_)))
}

fn action(kind: u8, n: u8) -> Action {
    match kind {
        b'+' => Action::Advance(n),
        b'-' => Action::Retreat(n),
        _ => Action::Traverse(n),
    }
}

/// Parses Chinese notation (full or short) into a descriptor, without looking at a position.
pub fn parse(text: &str) -> Result<Descriptor, NotationError> {
    let syntax = |reason| NotationError::Syntax {
        text: text.to_string(),
        reason,
    };
    // The symbols, on the stack (asked of every token of a file): a move has at most five, and
    // a longer token only needs counting.
    let mut held = [Sym::Num(0); 5];
    let mut count = 0;
    // The short form's line under (进) or over (退) the last digit.
    let mut line = None;
    for c in text.chars().filter(|c| !c.is_whitespace()) {
        if c == UNDER_LINE || c == OVER_LINE {
            line = Some(if c == UNDER_LINE { b'+' } else { b'-' });
            continue;
        }
        let s = sym(c).ok_or_else(|| syntax("unexpected character"))?;
        if let Some(slot) = held.get_mut(count) {
            *slot = s;
        }
        count += 1;
    }
    use Sym::*;
    let d = |role, selector, action| Descriptor {
        role,
        selector,
        action,
    };
    let short = |n: u8| line.map_or(Action::Any(n), |k| action(k, n));
    if line.is_some() && count != 3 {
        return Err(syntax(
            "a line under or over a digit belongs to the short form",
        ));
    }
    let unlike = || syntax("not of the form 炮二平五, 马８进７, 前车进一 or 炮25");
    // Six symbols or more are none of the forms.
    let Some(syms) = held.get(..count) else {
        return Err(unlike());
    };
    Ok(match syms {
        [Piece(r), Num(f), Act(k), Num(n)] => d(Some(*r), Selector::File(*f), action(*k, *n)),
        [Mark(t), Piece(r), Act(k), Num(n)] | [Piece(r), Mark(t), Act(k), Num(n)] => {
            d(Some(*r), Selector::Tandem(*t, None), action(*k, *n))
        }
        [Num(i), Piece(r), Act(k), Num(n)] if *i <= 5 => {
            d(Some(*r), Selector::Nth(*i), action(*k, *n))
        }
        [Mark(t), Num(f), Act(k), Num(n)] => {
            d(None, Selector::Tandem(*t, Some(*f)), action(*k, *n))
        }
        [Mark(t), Piece(r), Num(f), Act(k), Num(n)]
        | [Mark(t), Num(f), Piece(r), Act(k), Num(n)] => {
            d(Some(*r), Selector::Tandem(*t, Some(*f)), action(*k, *n))
        }
        [Piece(r), Num(f), Num(n)] => d(Some(*r), Selector::File(*f), short(*n)),
        [Mark(t), Piece(r), Num(n)] => d(Some(*r), Selector::Tandem(*t, None), short(*n)),
        [Num(i), Piece(r), Num(n)] if *i <= 5 => d(Some(*r), Selector::Nth(*i), short(*n)),
        [] => return Err(syntax("empty")),
        _ => return Err(unlike()),
    })
}

/// Reads a Chinese move (full or short form) and resolves it in `pos`.
pub fn read(pos: &Position, text: &str) -> Result<Move, NotationError> {
    resolve(pos, &parse(text)?, text)
}

fn number(color: Color, n: u8) -> char {
    let i = (n.clamp(1, 9) - 1) as usize;
    match color {
        Color::Red => RED_NUMERALS[i],
        Color::Black => FULL_WIDTH[i],
    }
}

fn piece_char(color: Color, role: Role) -> char {
    crate::xiangqi::Piece::new(color, role).chinese()
}

fn marker(t: Tandem) -> char {
    match t {
        Tandem::Front => '前',
        Tandem::Middle => '中',
        Tandem::Rear => '后',
    }
}

/// Writes the selector part (two characters) in the given numeral style.
fn head(color: Color, role: Role, sel: Selector, num: impl Fn(u8) -> char) -> String {
    let p = piece_char(color, role);
    match sel {
        Selector::File(f) => format!("{p}{}", num(f)),
        Selector::Tandem(t, None) => format!("{}{p}", marker(t)),
        Selector::Tandem(t, Some(f)) => format!("{}{}{p}", marker(t), num(f)),
        // 一..五 rank pawns; they are not file numbers, so Chinese numerals for both sides.
        Selector::Nth(i) | Selector::NthOnFile(i, _) => format!("{}{p}", number(Color::Red, i)),
    }
}

/// Writes legal move `m` in full Chinese notation (炮二平五, 马８进７, 前车进一).
pub fn write(pos: &Position, m: Move) -> String {
    let color = pos.turn();
    let d = describe(pos, m);
    let role = d.role.unwrap_or(Role::King);
    let mut s = head(color, role, d.selector, |n| number(color, n));
    let (act, n) = match d.action {
        Action::Advance(n) => ('进', n),
        Action::Retreat(n) => ('退', n),
        Action::Traverse(n) | Action::Any(n) => ('平', n),
    };
    s.push(act);
    s.push(number(color, n));
    s
}

/// Writes legal move `m` in the short form of article 7.5 (炮25, 马87̲), ASCII digits for both
/// sides, the last digit lined under for 进 and over for 退 (combining characters).
pub fn write_short(pos: &Position, m: Move) -> String {
    let color = pos.turn();
    let d = describe(pos, m);
    let role = d.role.unwrap_or(Role::King);
    let digit = |n: u8| (b'0' + n) as char;
    let mut s = head(color, role, d.selector, digit);
    match d.action {
        Action::Advance(n) => s.extend([digit(n), UNDER_LINE]),
        Action::Retreat(n) => s.extend([digit(n), OVER_LINE]),
        Action::Traverse(n) | Action::Any(n) => s.push(digit(n)),
    }
    s
}

/// The short form without the lines over or under digits, as the rule book's table prints it
/// (炮25, 马87); it may read back as ambiguous.
pub fn write_short_plain(pos: &Position, m: Move) -> String {
    write_short(pos, m)
        .chars()
        .filter(|&c| c != UNDER_LINE && c != OVER_LINE)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(s: &str) -> Move {
        Move::from_iccs(s).unwrap()
    }

    #[test]
    fn tokens_too_long_or_unreadable_say_why() {
        let reason = |t: &str| match parse(t) {
            Err(NotationError::Syntax { reason, .. }) => reason,
            other => panic!("{t}: {other:?}"),
        };
        assert!(reason("炮二平五平五").starts_with("not of the form"));
        assert_eq!(reason("炮二平五平五x"), "unexpected character");
        assert_eq!(reason(""), "empty");
        assert!(parse("前车进一").is_ok() && parse("前炮二平五").is_ok());
    }

    #[test]
    fn article_7_5_examples() {
        // Rule 7.5: 1. 炮二平五 马8进7 2. 马二进三 车9平8 3. 车一平二 炮8进4.
        let mut pos = Position::start();
        let full = [
            "炮二平五",
            "马８进７",
            "马二进三",
            "车９平８",
            "车一平二",
            "炮８进４",
        ];
        let plain = ["炮25", "马87", "马23", "车98", "车12", "炮84"];
        let short = [
            "炮25",
            "马87\u{332}",
            "马23\u{332}",
            "车98",
            "车12",
            "炮84\u{332}",
        ];
        let iccs = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "h7h3"];
        for i in 0..6 {
            let m = mv(iccs[i]);
            assert_eq!(write(&pos, m), full[i]);
            assert_eq!(write_short(&pos, m), short[i]);
            assert_eq!(write_short_plain(&pos, m), plain[i]);
            assert_eq!(read(&pos, full[i]), Ok(m));
            assert_eq!(read(&pos, short[i]), Ok(m));
            assert_eq!(read(&pos, plain[i]), Ok(m));
            pos.play(m).unwrap();
        }
    }

    #[test]
    fn input_accepts_traditional_characters_and_digit_styles() {
        let pos = Position::start();
        assert_eq!(read(&pos, "砲二平五"), Ok(mv("h2e2")));
        assert_eq!(read(&pos, "炮 2 平 5"), Ok(mv("h2e2")));
        assert_eq!(read(&pos, "傌二進三"), Ok(mv("h0g2")));
        assert_eq!(read(&pos, "俥九進一"), Ok(mv("a0a1")));
        assert_eq!(read(&pos, "相三進五"), Ok(mv("g0e2")));
        assert_eq!(read(&pos, "象三进五"), Ok(mv("g0e2")));
        assert_eq!(read(&pos, "士四进五"), Ok(mv("f0e1")));
        let black = pos.after(mv("h2e2")).unwrap();
        assert_eq!(read(&black, "馬8進7"), Ok(mv("h9g7")));
        assert_eq!(read(&black, "馬８進７"), Ok(mv("h9g7")));
        assert_eq!(read(&black, "马八进七"), Ok(mv("h9g7")));
        assert_eq!(
            read(&black, "將5平4"),
            Err(NotationError::Illegal {
                text: "將5平4".into(),
                reason: crate::xiangqi::PlayError::OwnPiece(mv("e9d9").to),
            })
        );
    }

    #[test]
    fn short_form_without_lines_means_traverse_when_in_doubt() {
        // After 炮二平五 马８进７ 马二进三 车９平８, 车12 fits 车一平二 and 车一进二: no line means 平.
        let mut pos = Position::start();
        for m in ["h2e2", "h9g7", "h0g2", "i9h9"] {
            pos.play(mv(m)).unwrap();
        }
        assert_eq!(read(&pos, "车12"), Ok(mv("i0h0")));
        assert_eq!(read(&pos, "车12\u{332}"), Ok(mv("i0i2")));
        // A horse cannot traverse: 马54 could go forward or back, so it is ambiguous.
        let pos = Position::from_fen("3k5/9/9/9/9/9/4N4/9/9/4K4 w - - 0 1").unwrap();
        assert!(matches!(
            read(&pos, "马54"),
            Err(NotationError::Ambiguous { .. })
        ));
        assert_eq!(read(&pos, "马54\u{305}"), Ok(mv("e3f1")));
    }

    #[test]
    fn errors_say_why() {
        let pos = Position::start();
        assert!(matches!(
            read(&pos, "炮三平五"),
            Err(NotationError::NoSuchPiece { .. })
        ));
        assert!(matches!(
            read(&pos, "马二平三"),
            Err(NotationError::Illegal { .. })
        ));
        assert!(matches!(
            read(&pos, "车一进九"),
            Err(NotationError::Illegal { .. })
        ));
        assert!(matches!(
            read(&pos, "前车进一"),
            Err(NotationError::NoSuchPiece { .. })
        ));
        assert!(matches!(
            read(&pos, "炮二平"),
            Err(NotationError::Syntax { .. })
        ));
        assert!(matches!(
            read(&pos, "炮二飞五"),
            Err(NotationError::Syntax { .. })
        ));
    }
}
