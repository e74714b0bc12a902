//! Game files' bytes to text: UTF-8, GBK/GB18030 or Big5, chosen per file by which reading
//! yields the most moves, so that one stray byte never turns a whole UTF-8 game into mojibake.
//!
//! The decoding itself is [`crate::text`]'s, shared with the events' files; here the game is
//! what judges a reading.

use super::chinese;
use super::pgn::read_pgn;
use crate::lang::{Lang, Say};
use crate::text::{Charsets, Decoded};
#[cfg(not(target_arch = "wasm32"))]
use crate::text::{EncodingRs, TextEncoding};
use std::fmt;

impl Decoded {
    /// A warning to show when bytes were replaced; `None` for a clean file.
    pub fn warning(&self) -> Option<DecodeWarning<'_>> {
        (!self.damage.is_empty()).then_some(DecodeWarning(self))
    }
}

/// "Some bytes did not decode", naming the first places (shown with the imported game).
#[derive(Clone, Copy, Debug)]
pub struct DecodeWarning<'a>(pub(crate) &'a Decoded);

impl fmt::Display for DecodeWarning<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.say(Lang::En))
    }
}

/// How well a decoding reads: moves of the first game, then Xiangqi characters, then fewer
/// replacements (the higher the better). Given a score to `beat`, a reading whose first bytes
/// already read more moves is known better without reading the rest.
fn score(d: &Decoded, beat: Option<&(usize, i64)>) -> (usize, i64) {
    let hits = d
        .text
        .chars()
        .filter(|&c| chinese::is_notation_char(c))
        .count() as i64;
    let rest = hits - 4 * d.damage.len() as i64;
    if let Some(&(moves, _)) = beat {
        let head = head(&d.text, HEAD_BYTES);
        if head.len() < d.text.len() {
            let read = first_game_moves(head);
            if read > moves {
                return (read, rest);
            }
        }
    }
    (first_game_moves(&d.text), rest)
}

/// The bytes of text a decoding is first judged on: a game's tags and its first moves.
const HEAD_BYTES: usize = 512;

/// The main-line moves of the first game of `text`, as far as it reads.
fn first_game_moves(text: &str) -> usize {
    match read_pgn(text) {
        Ok(g) => g.moves().len(),
        Err(e) => e.partial.moves().len(),
    }
}

/// The start of `text` up to its last whitespace within `max` bytes: no token is cut, so it
/// reads no more moves than the whole text (the whole of it when shorter).
fn head(text: &str, max: usize) -> &str {
    if text.len() <= max {
        return text;
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    match text[..end].rfind(char::is_whitespace) {
        Some(i) => &text[..i],
        None => "",
    }
}

/// Decodes a game file: valid UTF-8 as it is; otherwise UTF-8, GBK and Big5 are each tried and
/// the one whose text reads the most moves wins (ties: more notation, fewer replacements, then
/// UTF-8 before GBK before Big5).
pub fn decode_with(bytes: &[u8], charsets: &dyn Charsets) -> Decoded {
    crate::text::decode_best(bytes, charsets, score)
}

/// [`decode_with`] through `encoding_rs`: the text and its encoding.
#[cfg(not(target_arch = "wasm32"))]
pub fn decode(bytes: &[u8]) -> (String, TextEncoding) {
    let d = decode_with(bytes, &EncodingRs);
    (d.text, d.encoding)
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::text::Damage;

    #[test]
    fn utf8_damage_names_line_and_byte() {
        let mut bytes = b"\xEF\xBB\xBF[Event \"x\"]\n1. ".to_vec();
        bytes.extend("炮二平五 马８进７".as_bytes());
        bytes.push(0xFF);
        bytes.extend("\n2. 马二进三".as_bytes());
        let d = decode_with(&bytes, &EncodingRs);
        assert_eq!(d.encoding, TextEncoding::Utf8);
        let at = bytes.iter().position(|&b| b == 0xFF).unwrap();
        assert_eq!(
            d.damage,
            vec![Damage {
                line: 2,
                byte: Some(at)
            }]
        );
        let w = d.warning().unwrap();
        assert!(
            w.say(Lang::En).contains(&format!("line 2 (byte {at})")),
            "{w}"
        );
        assert!(w.say(Lang::Zh).contains("第 2 行"), "{}", w.say(Lang::Zh));
    }

    #[test]
    fn a_head_cuts_at_whitespace_on_a_character() {
        assert_eq!(head("1. 炮二平五 马８进７", 100), "1. 炮二平五 马８进７");
        // 14 bytes end inside 五 (bytes 12-14): the head stops at the space before the move.
        assert_eq!(head("1. 炮二平五 马８进７", 14), "1.");
        assert_eq!(head("炮二平五马８进７", 8), "");
    }

    #[test]
    fn a_long_big5_game_is_known_big5_from_its_head() {
        // More moves than the head holds: its first moves already beat UTF-8's and GBK's none.
        let mut text = String::from("[Event \"測試\"]\n");
        for _ in 0..40 {
            text.push_str("1. 炮二平五 炮８平５ 2. 炮五平二 炮５平８\n");
        }
        assert!(text.len() > 2 * HEAD_BYTES);
        let (big5, _, _) = encoding_rs::BIG5.encode(&text);
        let d = decode_with(&big5, &EncodingRs);
        assert_eq!(d.encoding, TextEncoding::Big5);
        assert_eq!(d.text, text);
        // The reading judged on its head scores above the best before it, as the whole would.
        let whole = score(&d, None);
        let best_before = (0, 0);
        assert!(score(&d, Some(&best_before)) > best_before);
        assert!(whole > best_before);
    }

    #[test]
    fn clean_files_have_no_warning() {
        assert!(decode_with("1. 炮二平五".as_bytes(), &EncodingRs)
            .warning()
            .is_none());
    }
}
