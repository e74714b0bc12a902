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
/// replacements (the higher the better).
fn score(d: &Decoded) -> (usize, i64) {
    let moves = match read_pgn(&d.text) {
        Ok(g) => g.moves().len(),
        Err(e) => e.partial.moves().len(),
    };
    let hits = d
        .text
        .chars()
        .filter(|&c| chinese::is_notation_char(c))
        .count() as i64;
    (moves, hits - 4 * d.damage.len() as i64)
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
    fn clean_files_have_no_warning() {
        assert!(decode_with("1. 炮二平五".as_bytes(), &EncodingRs)
            .warning()
            .is_none());
    }
}
