//! Game files' bytes to text: UTF-8, GBK/GB18030 or Big5, chosen per file by which reading
//! yields the most moves, so that one stray byte never turns a whole UTF-8 game into mojibake.
//!
//! The legacy tables are not ours: a [`Charsets`] decodes GBK and Big5 (natively [`EncodingRs`];
//! in the browser its own `TextDecoder`, so the tables are not compiled into the wasm build).

use super::chinese;
use super::pgn::read_pgn;
use crate::lang::{Lang, Say};
use std::fmt;

/// How the bytes of a file were decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TextEncoding {
    /// UTF-8 (a byte-order mark is dropped).
    Utf8,
    /// GBK / GB18030, as xqbase and most mainland software write.
    Gbk,
    /// Big5, as traditional-character XQWizard files are.
    Big5,
}

impl TextEncoding {
    /// The WHATWG label (`utf-8`, `gb18030`, `big5`), as `TextDecoder` takes it.
    pub const fn label(self) -> &'static str {
        match self {
            TextEncoding::Utf8 => "utf-8",
            TextEncoding::Gbk => "gb18030",
            TextEncoding::Big5 => "big5",
        }
    }
}

/// Decodes the legacy encodings, replacing what does not decode with U+FFFD.
pub trait Charsets {
    /// `bytes` read as `encoding` (never [`TextEncoding::Utf8`], which the domain decodes itself).
    fn decode(&self, encoding: TextEncoding, bytes: &[u8]) -> String;
}

/// The native decoder: `encoding_rs`'s WHATWG tables (the CLI and the tests).
#[cfg(not(target_arch = "wasm32"))]
#[derive(Clone, Copy, Debug, Default)]
pub struct EncodingRs;

#[cfg(not(target_arch = "wasm32"))]
impl Charsets for EncodingRs {
    fn decode(&self, encoding: TextEncoding, bytes: &[u8]) -> String {
        let table = match encoding {
            TextEncoding::Utf8 => encoding_rs::UTF_8,
            TextEncoding::Gbk => encoding_rs::GB18030,
            TextEncoding::Big5 => encoding_rs::BIG5,
        };
        table.decode_without_bom_handling(bytes).0.into_owned()
    }
}

/// Where bytes did not decode: the line (from 1) and, for UTF-8, the byte offset in the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Damage {
    /// The line, counted from 1.
    pub line: usize,
    /// The byte offset from the start of the file (byte-order mark included), when known.
    pub byte: Option<usize>,
}

/// A file's text, the encoding it was read in, and where bytes had to be replaced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decoded {
    /// The text (bad bytes replaced with U+FFFD).
    pub text: String,
    /// The encoding chosen.
    pub encoding: TextEncoding,
    /// Every place where bytes were replaced, in file order.
    pub damage: Vec<Damage>,
}

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

/// UTF-8 with every invalid sequence replaced, and where each was.
fn utf8_lossy(bytes: &[u8], bom: usize) -> (String, Vec<Damage>) {
    let mut text = String::with_capacity(bytes.len());
    let mut damage = Vec::new();
    let mut at = bom;
    let mut line = 1;
    for chunk in bytes.utf8_chunks() {
        let valid = chunk.valid();
        line += valid.bytes().filter(|&b| b == b'\n').count();
        text.push_str(valid);
        at += valid.len();
        if !chunk.invalid().is_empty() {
            damage.push(Damage {
                line,
                byte: Some(at),
            });
            text.push('\u{FFFD}');
            at += chunk.invalid().len();
        }
    }
    (text, damage)
}

/// The lines of a decoded text where U+FFFD stands for bytes that did not decode.
fn replaced_lines(text: &str) -> Vec<Damage> {
    let mut line = 1;
    let mut damage = Vec::new();
    for c in text.chars() {
        match c {
            '\n' => line += 1,
            '\u{FFFD}' => damage.push(Damage { line, byte: None }),
            _ => {}
        }
    }
    damage
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
    let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let bom = bytes.len() - body.len();
    if let Ok(s) = std::str::from_utf8(body) {
        return Decoded {
            text: s.to_string(),
            encoding: TextEncoding::Utf8,
            damage: Vec::new(),
        };
    }
    let (text, damage) = utf8_lossy(body, bom);
    let mut best = Decoded {
        text,
        encoding: TextEncoding::Utf8,
        damage,
    };
    let mut best_score = score(&best);
    for encoding in [TextEncoding::Gbk, TextEncoding::Big5] {
        let text = charsets.decode(encoding, body);
        let damage = replaced_lines(&text);
        let d = Decoded {
            text,
            encoding,
            damage,
        };
        let s = score(&d);
        if s > best_score {
            best = d;
            best_score = s;
        }
    }
    best
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
