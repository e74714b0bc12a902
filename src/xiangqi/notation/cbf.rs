//! 象棋桥 (CCBridge) XML records, CBF:
//!
//! ```text
//! <ChineseChessRecord Version="1.0">
//!  <Head><Name>…</Name><Contest>…</Contest><Round/><Date/><Site/><Red/><RedTeam/><Black/>
//!   <BlackTeam/><Commentator/><ECCO/><RecordResult>1</RecordResult><FEN>…</FEN></Head>
//!  <MoveList><Move value="00-00"/><Move value="77-47"/>…<Move value="…" end="1"/></MoveList>
//! </ChineseChessRecord>
//! ```
//!
//! A move is `xy-xy` (from, to): `x` the file 0–8 from Red's left, `y` the row 0–9 from Black's
//! side, as DhtmlXQ numbers points; the first `00-00` stands for the start position; `end="1"`
//! ends the line. A `comment` attribute (or text inside the `Move`) is the comment after the move.
//! Whether and how CCBridge writes variations in CBF is not known here: cchess reads the main
//! line alone, vschess reads no CBF, and no public sample holds one; so the main line is read
//! (and written, by [`write_cbf`]); moves after its end are left, and said as a fault.
//! The XML is read by a reader of its own, small enough for what CBF uses: elements, attributes,
//! text, the five named entities and numeric ones, CDATA, comments and declarations.

use super::archive::{ArchiveError, Format};
use super::record::PgnResult;
use crate::xiangqi::tree::GameTree;
use crate::xiangqi::{Move, Position, Square};

/// One piece of XML: an element opening (its name, attributes and whether it closes itself), an
/// element closing, or text; each with its byte offset.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Token<'a> {
    Open {
        name: &'a str,
        attrs: Vec<(&'a str, String)>,
        closed: bool,
    },
    Close(&'a str),
    Text(String),
}

/// Where and what was expected: the offset, in English and in Chinese.
type Fault = (usize, &'static str, &'static str);

/// A fault in the XML, and whether it is the text's end (a cut file) rather than damage.
type XmlFault = (Fault, bool);

/// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#NN;` and `&#xHH;` in `s`; others kept as written.
fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find('&') {
        out.push_str(&rest[..i]);
        rest = &rest[i..];
        let Some(end) = rest.bytes().take(12).position(|b| b == b';') else {
            out.push('&');
            rest = &rest[1..];
            continue;
        };
        let name = &rest[1..end];
        let c = match name {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            _ => name
                .strip_prefix("#x")
                .or_else(|| name.strip_prefix("#X"))
                .map(|h| u32::from_str_radix(h, 16))
                .or_else(|| name.strip_prefix('#').map(str::parse::<u32>))
                .and_then(Result::ok)
                .and_then(char::from_u32),
        };
        match c {
            Some(c) => {
                out.push(c);
                rest = &rest[end + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The tokens of `text`, each with its offset; the fault where the XML is not well formed (or
/// ends inside a tag, a comment or CDATA: cut, said at the text's end).
fn tokens(text: &str) -> (Vec<(usize, Token<'_>)>, Option<XmlFault>) {
    let cut = |en, zh| Some(((text.len(), en, zh), true));
    let mut v = Vec::new();
    let mut at = 0;
    let b = text.as_bytes();
    while at < text.len() {
        if b[at] != b'<' {
            let end = text[at..].find('<').map_or(text.len(), |i| at + i);
            let t = unescape(&text[at..end]);
            if !t.trim().is_empty() {
                v.push((at, Token::Text(t)));
            }
            at = end;
            continue;
        }
        let rest = &text[at..];
        let skip = |open: &str, close: &str| {
            rest.starts_with(open)
                .then(|| rest.find(close).map(|i| i + close.len()))
        };
        if let Some(r) = skip("<![CDATA[", "]]>") {
            let Some(len) = r else {
                return (v, cut("`]]>` closing the CDATA", "结束 CDATA 的“]]>”"));
            };
            v.push((at, Token::Text(rest[9..len - 3].to_string())));
            at += len;
            continue;
        }
        if let Some(r) = skip("<!--", "-->").or_else(|| skip("<?", "?>")) {
            let Some(len) = r else {
                return (
                    v,
                    cut("the end of a comment or declaration", "注释或声明的结尾"),
                );
            };
            at += len;
            continue;
        }
        if let Some(r) = skip("<!", ">") {
            let Some(len) = r else {
                return (v, cut("`>` closing the declaration", "结束声明的“>”"));
            };
            at += len;
            continue;
        }
        match element(rest) {
            Some((len, tok)) => {
                v.push((at, tok));
                at += len;
            }
            None if !rest.contains('>') => {
                return (
                    v,
                    cut("the rest of the tag and its `>`", "标签的其余部分及其“>”"),
                )
            }
            None => {
                return (
                    v,
                    Some(((at, "a well-formed XML tag", "格式正确的 XML 标签"), false)),
                )
            }
        }
    }
    (v, None)
}

/// One tag at the start of `s` (which starts with `<`): its length and token.
fn element(s: &str) -> Option<(usize, Token<'_>)> {
    let name_end = |s: &str| {
        s.find(|c: char| c.is_whitespace() || c == '>' || c == '/')
            .unwrap_or(s.len())
    };
    if let Some(rest) = s.strip_prefix("</") {
        let n = name_end(rest);
        let close = rest.find('>')?;
        if n == 0 || !rest[n..close].trim().is_empty() {
            return None;
        }
        return Some((close + 3, Token::Close(&rest[..n])));
    }
    let rest = &s[1..];
    let n = name_end(rest);
    if n == 0 {
        return None;
    }
    let name = &rest[..n];
    let mut at = n;
    let mut attrs = Vec::new();
    loop {
        let t = &rest[at..];
        let trimmed = t.trim_start();
        at += t.len() - trimmed.len();
        if let Some(after) = trimmed.strip_prefix("/>") {
            let _ = after;
            return Some((
                1 + at + 2,
                Token::Open {
                    name,
                    attrs,
                    closed: true,
                },
            ));
        }
        if trimmed.starts_with('>') {
            return Some((
                1 + at + 1,
                Token::Open {
                    name,
                    attrs,
                    closed: false,
                },
            ));
        }
        let eq = trimmed.find('=')?;
        let key = trimmed[..eq].trim();
        if key.is_empty() || key.contains(|c: char| c.is_whitespace() || c == '<' || c == '>') {
            return None;
        }
        let after = trimmed[eq + 1..].trim_start();
        let quote = after.chars().next().filter(|&c| c == '"' || c == '\'')?;
        let close = after[1..].find(quote)?;
        attrs.push((key, unescape(&after[1..1 + close])));
        let consumed = trimmed.len() - after.len() + close + 2;
        at += consumed;
    }
}

/// The tags CBF heads carry, and the PGN tag each is kept as.
const HEADERS: [(&str, &str); 16] = [
    ("Name", "Title"),
    ("Title", "Title"),
    ("Contest", "Event"),
    ("Event", "Event"),
    ("Round", "Round"),
    ("Date", "Date"),
    ("Site", "Site"),
    ("Red", "Red"),
    ("RedTeam", "RedTeam"),
    ("RedTime", "RedTime"),
    ("Black", "Black"),
    ("BlackTeam", "BlackTeam"),
    ("BlackTime", "BlackTime"),
    ("Commentator", "Annotator"),
    ("ECCO", "ECCO"),
    ("Opening", "Opening"),
];

/// The head elements written, in CCBridge's order, and the tag each is filled from.
const WRITTEN: [(&str, &str); 13] = [
    ("Name", "Title"),
    ("Contest", "Event"),
    ("Round", "Round"),
    ("Date", "Date"),
    ("Site", "Site"),
    ("Red", "Red"),
    ("RedTeam", "RedTeam"),
    ("RedTime", "RedTime"),
    ("Black", "Black"),
    ("BlackTeam", "BlackTeam"),
    ("BlackTime", "BlackTime"),
    ("Commentator", "Annotator"),
    ("ECCO", "ECCO"),
];

/// `s` with the characters XML gives a meaning escaped.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // XML 1.0 allows no other control character, even escaped.
            c if c.is_control() && !matches!(c, '\t' | '\n' | '\r') => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// A move as CBF writes it: `xy-xy`, rows from Black's side.
fn value_of(m: Move) -> String {
    let p = |s: Square| format!("{}{}", s.file(), 9 - s.rank());
    format!("{}-{}", p(m.from), p(m.to))
}

/// The main line of `tree` as a CBF text: its headers, result, start position and moves, the
/// last marked as the line's end. How CBF writes variations and comments is not known (no
/// reader or sample shows it), so they are left out: [`left_out`] says what was.
pub fn write_cbf(tree: &GameTree) -> String {
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<ChineseChessRecord Version=\"1.0\">\n <Head>\n",
    );
    for (element, tag) in WRITTEN {
        match tree.tag(tag).map(str::trim).filter(|v| !v.is_empty()) {
            Some(v) => out.push_str(&format!("  <{element}>{}</{element}>\n", escape(v))),
            None => out.push_str(&format!("  <{element} />\n")),
        }
    }
    let result = match tree.result() {
        PgnResult::RedWins => 1,
        PgnResult::BlackWins => 2,
        PgnResult::Draw => 3,
        PgnResult::Unknown => 0,
    };
    out.push_str(&format!("  <RecordResult>{result}</RecordResult>\n"));
    out.push_str(&format!("  <FEN>{}</FEN>\n", tree.start().fen()));
    out.push_str(" </Head>\n <MoveList>\n");
    let line = tree.main_line();
    let end = |last: bool| if last { " end=\"1\"" } else { "" };
    out.push_str(&format!(
        "  <Move value=\"00-00\"{} />\n",
        end(line.is_empty())
    ));
    for (i, id) in line.iter().enumerate() {
        if let Some(m) = tree.node(*id).and_then(|n| n.mv()) {
            let last = i + 1 == line.len();
            out.push_str(&format!(
                "  <Move value=\"{}\"{} />\n",
                value_of(m),
                end(last)
            ));
        }
    }
    out.push_str(" </MoveList>\n</ChineseChessRecord>\n");
    out
}

/// What [`write_cbf`] leaves out of `tree`: its variations and comments (counts), if any.
pub fn left_out(tree: &GameTree) -> Option<(usize, usize)> {
    let (v, c) = (tree.variation_count(), tree.comment_count());
    (v + c > 0).then_some((v, c))
}

/// A point `xy` (file from Red's left, row from Black's side).
fn point(x: u8, y: u8) -> Option<Square> {
    (x <= 8 && y <= 9).then(|| Square::new(x, 9 - y)).flatten()
}

/// `xy-xy` as a move; `None` when not of that form.
fn move_of(v: &str) -> Option<Move> {
    let d = v.trim().as_bytes();
    if d.len() != 5 || d[2] != b'-' {
        return None;
    }
    let n = |i: usize| d[i].is_ascii_digit().then(|| d[i] - b'0');
    Some(Move::new(point(n(0)?, n(1)?)?, point(n(3)?, n(4)?)?))
}

fn damaged((offset, expected, expected_zh): Fault) -> ArchiveError {
    ArchiveError::Damaged {
        format: Format::Cbf,
        offset,
        expected,
        expected_zh,
    }
}

/// A fault in the XML as an error: the file cut, or damaged.
fn xml_error(((offset, expected, expected_zh), cut): XmlFault) -> ArchiveError {
    match cut {
        true => ArchiveError::Cut {
            format: Format::Cbf,
            offset,
            expected,
            expected_zh,
        },
        false => damaged((offset, expected, expected_zh)),
    }
}

/// The head of a record from its root element on: each `<Head>` element's text, the offset of
/// the FEN's, and whether the root element closes.
fn read_head<'t>(toks: &'t [(usize, Token<'_>)]) -> (Vec<(&'t str, String)>, usize, bool) {
    let mut head: Vec<(&str, String)> = Vec::new();
    let mut path: Vec<&str> = Vec::new();
    let mut fen_at = 0;
    let mut whole = false;
    for (at, t) in toks {
        match t {
            Token::Open { name, closed, .. } => {
                if !closed {
                    path.push(name);
                }
                whole |= *closed && *name == "ChineseChessRecord";
            }
            Token::Close(name) => {
                path.pop();
                whole |= *name == "ChineseChessRecord";
            }
            Token::Text(s) => {
                if let [.., "Head", field] = path.as_slice() {
                    if *field == "FEN" {
                        fen_at = *at;
                    }
                    head.push((field, s.trim().to_string()));
                }
            }
        }
    }
    (head, fen_at, whole)
}

/// The game a head starts: its start position, tags and result.
fn tree_of_head(head: &[(&str, String)], fen_at: usize) -> Result<GameTree, ArchiveError> {
    let field = |k: &str| head.iter().find(|(n, _)| *n == k).map(|(_, v)| v.as_str());
    let start = match field("FEN").filter(|f| !f.is_empty()) {
        Some(f) => Position::from_fen(f)
            .map_err(|_| damaged((fen_at, "a FEN start position", "FEN 开始局面")))?,
        None => Position::start(),
    };
    let mut tree = GameTree::new(start);
    for (key, tag) in HEADERS {
        if let Some(v) = field(key).filter(|v| !v.is_empty()) {
            if tree.tag(tag).is_none() {
                tree.set_tag(tag, v);
            }
        }
    }
    let result = match field("RecordResult") {
        Some("1") => "1-0",
        Some("2") => "0-1",
        Some("3") | Some("4") => "1/2-1/2",
        _ => "*",
    };
    tree.set_tag("Result", result);
    Ok(tree)
}

/// Adds the main line's moves to `tree`, until a move ends it: the offset of the first move past
/// that end, if any, or the fault at a move that does not read.
fn read_moves(
    tree: &mut GameTree,
    toks: &[(usize, Token<'_>)],
) -> Result<Option<usize>, ArchiveError> {
    let mut at_node = tree.root();
    let mut in_move = None;
    let mut ended = false;
    let mut first = true;
    let mut left: Option<usize> = None;
    for (at, t) in toks {
        match t {
            Token::Open { name: "Move", .. } if ended => {
                left.get_or_insert(*at);
            }
            Token::Open {
                name: "Move",
                attrs,
                closed,
            } => {
                let attr = |k: &str| attrs.iter().find(|(n, _)| *n == k).map(|(_, v)| v.as_str());
                let value = attr("value").unwrap_or("");
                let node = if first && value.trim() == "00-00" {
                    tree.root()
                } else {
                    let m = move_of(value)
                        .ok_or_else(|| damaged((*at, "a move `xy-xy`", "“xy-xy”形式的着法")))?;
                    tree.add_move(at_node, m)
                        .map_err(|_| damaged((*at, "a legal move", "合规的着法")))?
                };
                first = false;
                at_node = node;
                if let Some(c) = attr("comment") {
                    tree.add_comment(node, c);
                }
                ended = attr("end").is_some_and(|e| e.trim() == "1");
                in_move = (!closed).then_some(node);
            }
            Token::Text(s) => {
                if let Some(node) = in_move {
                    tree.add_comment(node, s);
                }
            }
            Token::Close("Move") => in_move = None,
            _ => {}
        }
    }
    Ok(left)
}

/// Reads a CBF text: its game (from the first move on, as far as it reads), and the fault that
/// stopped it if one did (offsets count bytes of the text). `None` for the tree when not even the
/// header read.
pub fn read_cbf(text: &str) -> (Option<GameTree>, Option<ArchiveError>) {
    let (toks, xml_fault) = tokens(text);
    let Some(root_at) = toks.iter().position(|(_, t)| {
        matches!(
            t,
            Token::Open {
                name: "ChineseChessRecord",
                ..
            }
        )
    }) else {
        if let Some(f @ (_, true)) = xml_fault {
            return (None, Some(xml_error(f)));
        }
        let at = xml_fault.map_or(0, |f| f.0 .0);
        return (
            None,
            Some(damaged((
                at,
                "a <ChineseChessRecord> element",
                "<ChineseChessRecord> 元素",
            ))),
        );
    };
    let toks = &toks[root_at..];
    let (head, fen_at, whole) = read_head(toks);
    let mut tree = match tree_of_head(&head, fen_at) {
        Ok(tree) => tree,
        Err(e) => return (None, Some(e)),
    };
    let left = match read_moves(&mut tree, toks) {
        Ok(left) => left,
        Err(e) => return (Some(tree), Some(e)),
    };
    // Said as a fault (the move list was to end there) so that what is left is never dropped
    // in silence.
    let not_read = left.map(|at| {
        damaged((
            at,
            "the end of the move list, the main line having ended (the moves after it are not read: how CBF records variations is not known)",
            "着法列表的结尾：主线已结束（其后的着法未读取，不知 CBF 如何记录变着）",
        ))
    });
    // A record whose root element never closes was cut: what it read is not the whole game.
    let cut = (!whole).then_some(ArchiveError::Cut {
        format: Format::Cbf,
        offset: text.len(),
        expected: "the rest of the record, up to `</ChineseChessRecord>`",
        expected_zh: "棋谱的其余部分，直到“</ChineseChessRecord>”",
    });
    (Some(tree), xml_fault.map(xml_error).or(cut).or(not_read))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_xml_reader_reads_what_cbf_uses() {
        let (t, e) = tokens(
            "<?xml version=\"1.0\"?><!-- x --><A k='1 &amp; 2'>a&lt;b<![CDATA[<c>]]></A><B/>",
        );
        assert_eq!(e, None);
        let t: Vec<_> = t.into_iter().map(|(_, t)| t).collect();
        assert_eq!(
            t,
            vec![
                Token::Open {
                    name: "A",
                    attrs: vec![("k", "1 & 2".into())],
                    closed: false
                },
                Token::Text("a<b".into()),
                Token::Text("<c>".into()),
                Token::Close("A"),
                Token::Open {
                    name: "B",
                    attrs: vec![],
                    closed: true
                },
            ]
        );
        assert_eq!(unescape("&#x4E2D;&#25991;&bogus;&"), "中文&bogus;&");
    }

    #[test]
    fn broken_xml_names_its_offset() {
        let (_, e) = tokens("<A><B k=\"1></A>");
        assert_eq!(e.map(|f| f.0 .0), Some(3));
        // Cut inside a comment or a tag: the text's end.
        let (_, e) = tokens("<A><!-- never");
        assert_eq!(e.map(|f| (f.0 .0, f.1)), Some((13, true)));
        let (_, e) = tokens("<A><B k=\"1\"");
        assert_eq!(e.map(|f| (f.0 .0, f.1)), Some((11, true)));
    }

    fn read(text: &str) -> GameTree {
        let (tree, fault) = read_cbf(text);
        assert_eq!(fault, None);
        tree.expect("a game")
    }

    #[test]
    fn the_writer_gives_what_the_reader_reads() {
        let pgn = "[Title \"A & <B> \\\"引号\\\"\"]\n[Event \"赛\"]\n[Round \"2\"]\n[Date \"2024-05-01\"]\n\
            [Site \"北京\"]\n[Red \"红\"]\n[RedTeam \"甲\"]\n[RedTime \"30\"]\n[Black \"黑\"]\n\
            [BlackTeam \"乙\"]\n[BlackTime \"31\"]\n[Annotator \"评\"]\n[ECCO \"C00\"]\n\
            [Result \"1-0\"]\n\n1. 炮二平五 马8进7 2. 马二进三 1-0\n";
        let tree = crate::xiangqi::notation::pgn::read_tree(pgn).unwrap();
        let text = write_cbf(&tree);
        assert!(
            text.contains("<Name>A &amp; &lt;B&gt; &quot;引号&quot;</Name>"),
            "{text}"
        );
        assert!(text.contains("<Move value=\"77-47\" />"), "{text}");
        assert!(
            text.contains("<Move value=\"79-67\" end=\"1\" />"),
            "{text}"
        );
        let back = read(&text);
        assert_eq!(back.first_difference(&tree), None);
        assert_eq!(write_cbf(&back), text);
        assert_eq!(left_out(&tree), None);
    }

    #[test]
    fn the_writer_keeps_a_set_start_and_an_empty_game() {
        let start = Position::from_fen("3k5/4a4/9/9/9/9/9/9/4A4/3RK4 b - - 0 1").unwrap();
        let empty = GameTree::new(start.clone());
        let text = write_cbf(&empty);
        assert!(
            text.contains("<Move value=\"00-00\" end=\"1\" />"),
            "{text}"
        );
        let back = read(&text);
        assert_eq!(back.start(), &start);
        assert!(back.main_line().is_empty());
        let mut one = empty;
        let root = one.root();
        let id = one
            .add_move(root, Move::from_iccs("d9e9").unwrap())
            .unwrap();
        one.add_move(id, Move::from_iccs("d0d8").unwrap()).unwrap();
        assert_eq!(read(&write_cbf(&one)).first_difference(&one), None);
    }

    #[test]
    fn the_writer_says_what_it_leaves_out() {
        let pgn = "{开局} 1. 炮二平五 (1. 兵七进一) 马8进7 (1... 炮8平5) *\n";
        let tree = crate::xiangqi::notation::pgn::read_tree(pgn).unwrap();
        assert_eq!(left_out(&tree), Some((2, 1)));
        let back = read(&write_cbf(&tree));
        assert_eq!(back.main_line().len(), 2);
        assert_eq!(back.variation_count(), 0);
    }

    #[test]
    fn moves_number_rows_from_blacks_side() {
        assert_eq!(move_of("77-47"), Move::from_iccs("h2e2"));
        assert_eq!(move_of("77-4"), None);
        assert_eq!(move_of("97-47"), None);
    }
}
