//! Text as files bring it and people type it: bytes decoded as UTF-8, UTF-16, GBK/GB18030 or
//! Big5, and runs of spaces cleaned. Below both the game's files and the events' files, which
//! need the same decoding and nothing of each other.
//!
//! The legacy tables are not ours: a [`Charsets`] decodes GBK and Big5 (natively [`EncodingRs`];
//! in the browser its own `TextDecoder`, so the tables are not compiled into the wasm build).

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

/// Decodes a file whose reader judges the readings: valid UTF-8 as it is; otherwise UTF-8, GBK
/// and Big5 are each tried and the one `score` rates highest wins (ties: UTF-8 before GBK before
/// Big5). The last reading is scored with the best score so far, `beat`: `score` may then
/// return any score above `beat` once it knows the reading's is above it (it need not read the
/// whole text), and must return the reading's own score otherwise.
pub fn decode_best<S: Ord>(
    bytes: &[u8],
    charsets: &dyn Charsets,
    score: impl Fn(&Decoded, Option<&S>) -> S,
) -> Decoded {
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
    let mut best_score = score(&best, None);
    let others = [TextEncoding::Gbk, TextEncoding::Big5];
    for (i, encoding) in others.into_iter().enumerate() {
        let text = charsets.decode(encoding, body);
        let damage = replaced_lines(&text);
        let d = Decoded {
            text,
            encoding,
            damage,
        };
        let last = i + 1 == others.len();
        let s = score(&d, last.then_some(&best_score));
        if s > best_score {
            best = d;
            best_score = s;
        }
    }
    best
}

/// UTF-16 code units (little- or big-endian) as text, each unpaired surrogate replaced with
/// U+FFFD (an odd last byte is dropped).
pub fn utf16_lossy(body: &[u8], little_endian: bool) -> String {
    let units = body.chunks_exact(2).map(|p| {
        if little_endian {
            u16::from_le_bytes([p[0], p[1]])
        } else {
            u16::from_be_bytes([p[0], p[1]])
        }
    });
    char::decode_utf16(units)
        .map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER))
        .collect()
}

/// The text with control characters gone and every run of white space one space, trimmed.
pub fn clean(s: &str) -> String {
    s.split(|c: char| c.is_whitespace() || c.is_control())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_reads_both_byte_orders_and_replaces_a_lone_surrogate() {
        let le: Vec<u8> = "象棋a".encode_utf16().flat_map(u16::to_le_bytes).collect();
        let be: Vec<u8> = "象棋a".encode_utf16().flat_map(u16::to_be_bytes).collect();
        assert_eq!(utf16_lossy(&le, true), "象棋a");
        assert_eq!(utf16_lossy(&be, false), "象棋a");
        assert_eq!(utf16_lossy(&[0x00, 0xD8, 0x41, 0x00], true), "\u{FFFD}A");
    }

    #[test]
    fn clean_keeps_words_and_drops_controls() {
        assert_eq!(clean("  王\t 小明\u{7}  "), "王 小明");
    }
}
