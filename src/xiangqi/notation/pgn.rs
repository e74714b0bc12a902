//! PGN as Xiangqi software writes it (`[Game "Chinese Chess"]`, `[Format "Chinese"|"WXF"|"ICCS"]`).
//!
//! Export writes the seven-tag roster, `FEN` when the game does not start from the initial
//! position, `Format`, then the moves in the chosen notation with comments in braces. Import takes
//! what real files contain: UTF-8, GBK or Big5 bytes ([`decode`]), any of the notations (detected
//! move by move), move numbers with or without dots, `...` placeholders, `{}` and `;` comments,
//! `()` variations (skipped: only the main line is kept), result tokens, free-text title lines and
//! odd bytes in tag values, and U+FFFD (bytes that did not decode) skipped. A broken file imports as far as it is valid: the error carries the
//! partial game and says at which move and why reading stopped.

use super::record::{PgnGame, PgnResult};
use super::{chinese, read, Notation, NotationError};
use crate::xiangqi::fen::{FenError, START_FEN};
use crate::xiangqi::{Color, Position};
use std::fmt;

#[cfg(not(target_arch = "wasm32"))]
pub use super::decode::{decode, EncodingRs};
pub use super::decode::{decode_with, Charsets, Decoded, TextEncoding};

/// Where reading a game stopped and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnErrorKind {
    /// The `FEN` tag is not a valid position.
    BadFen {
        /// The tag's value.
        fen: String,
        /// Why it was refused.
        error: FenError,
    },
    /// A move does not resolve to exactly one legal move.
    BadMove {
        /// The move number (回合) as in the record.
        round: u32,
        /// Whose move it was.
        side: Color,
        /// Why it failed.
        error: NotationError,
    },
    /// A `{` comment or `(` variation never closes.
    Unclosed(char),
    /// Nothing resembling a game.
    Empty,
    /// The text has move numbers or moves, yet not one move could be read (wrong encoding,
    /// a foreign notation): an error, so that no game is silently replaced by an empty one.
    NoMoves,
}

/// A game that could not be read to the end: the part that was valid, and why it stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    /// The game up to the failing move (tags and comments included).
    pub partial: Box<PgnGame>,
    /// What went wrong.
    pub kind: PgnErrorKind,
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            PgnErrorKind::BadFen { fen, error } => write!(f, "bad FEN tag \"{fen}\": {error}"),
            PgnErrorKind::BadMove { round, side, error } => {
                let dots = if *side == Color::Red { "." } else { "..." };
                write!(
                    f,
                    "stopped at move {round}{dots} ({}, ply {}): {error}",
                    side.english(),
                    self.partial.moves().len() + 1
                )
            }
            PgnErrorKind::Unclosed(c) => write!(
                f,
                "a `{c}` is never closed (after ply {})",
                self.partial.moves().len()
            ),
            PgnErrorKind::Empty => write!(f, "no game found"),
            PgnErrorKind::NoMoves => write!(f, "the file has move text but no move could be read"),
        }
    }
}

impl std::error::Error for PgnError {}

// --- export -----------------------------------------------------------------------------------

const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "Red", "Black", "Result"];

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Writes `game` as PGN with its moves in `notation` (`[Format]` says which).
pub fn write_pgn(game: &PgnGame, notation: Notation) -> String {
    let mut out = String::new();
    let mut tag = |n: &str, v: &str| out.push_str(&format!("[{n} \"{}\"]\n", escape(v)));
    tag("Game", "Chinese Chess");
    for name in ROSTER {
        let v = match name {
            "Result" => game.result().pgn().to_string(),
            _ => game.tag(name).unwrap_or("").to_string(),
        };
        tag(name, &v);
    }
    let fen = game.start().fen();
    if fen != START_FEN {
        tag("FEN", &fen);
    }
    tag("Format", notation.name());
    for (n, v) in &game.tags {
        if n != "Game" && n != "FEN" && n != "Format" && !ROSTER.contains(&n.as_str()) {
            tag(n, v);
        }
    }
    out.push('\n');
    let comment = |c: &str| format!("{{{}}}", c.replace('}', ")"));
    if let Some(c) = game.comment(0) {
        out.push_str(&comment(c));
        out.push('\n');
    }
    let written = game.written_moves(notation);
    let mut pos_turn = game.start().turn();
    let mut round = game.start().fullmoves();
    let mut line = String::new();
    let mut need_number = true;
    for (i, text) in written.iter().enumerate() {
        if pos_turn == Color::Red {
            line = format!("{round}. {text}");
        } else {
            if need_number {
                line = format!("{round}. ... ");
            } else {
                line.push(' ');
            }
            line.push_str(text);
        }
        need_number = false;
        let c = game.comment(i + 1);
        let ends_round = pos_turn == Color::Black || i + 1 == written.len() || c.is_some();
        if ends_round {
            out.push_str(&line);
            out.push('\n');
            line.clear();
            if let Some(c) = c {
                out.push_str(&comment(c));
                out.push('\n');
            }
            need_number = true;
        }
        if pos_turn == Color::Black {
            round += 1;
        }
        pos_turn = pos_turn.other();
    }
    out.push_str(game.result().pgn());
    out.push('\n');
    out
}

/// Writes the main line alone, one move per line, in `notation` (what `xq convert --to wxf` prints).
pub fn write_move_list(game: &PgnGame, notation: Notation) -> String {
    let mut s = String::new();
    for m in game.written_moves(notation) {
        s.push_str(&m);
        s.push('\n');
    }
    s
}

// --- import -----------------------------------------------------------------------------------

/// Reads the first game of a PGN (or bare move text); text with neither tags nor moves is
/// [`PgnErrorKind::Empty`].
///
/// ```
/// use xiangqi_club::xiangqi::notation::pgn::{read_pgn, write_pgn};
/// use xiangqi_club::xiangqi::notation::Notation;
/// let game = read_pgn("[Red \"张三\"]\n1. 炮二平五 马８进７ 2. 马二进三 *").unwrap();
/// assert_eq!(game.moves().len(), 3);
/// assert_eq!(game.tag("Red"), Some("张三"));
/// let iccs = write_pgn(&game, Notation::Iccs);
/// assert!(iccs.contains("1. h2e2 h9g7"));
/// assert_eq!(read_pgn(&iccs).unwrap().moves(), game.moves());
/// ```
pub fn read_pgn(text: &str) -> Result<PgnGame, PgnError> {
    let mut r = Reader::new(text);
    match r.game() {
        Some(Ok(g)) if g.tags.is_empty() && g.moves().is_empty() => Err(PgnError {
            partial: Box::new(g),
            kind: PgnErrorKind::Empty,
        }),
        Some(result) => result,
        None => Err(PgnError {
            partial: Box::default(),
            kind: PgnErrorKind::Empty,
        }),
    }
}

/// Decodes bytes ([`decode`]) and reads the first game.
#[cfg(not(target_arch = "wasm32"))]
pub fn read_pgn_bytes(bytes: &[u8]) -> Result<PgnGame, PgnError> {
    read_pgn(&decode(bytes).0)
}

/// Reads every game of a multi-game PGN, each whole or with the reason it stopped.
pub fn read_pgn_all(text: &str) -> Vec<Result<PgnGame, PgnError>> {
    let mut r = Reader::new(text);
    let mut games = Vec::new();
    while let Some(g) = r.game() {
        games.push(g);
    }
    games
}

/// The text's characters without U+FFFD (see [`is_text`]).
type TextChars<'a> = std::iter::Filter<std::str::Chars<'a>, fn(&char) -> bool>;

struct Reader<'a> {
    chars: std::iter::Peekable<TextChars<'a>>,
}

/// Whether a character is text rather than U+FFFD, the mark of bytes that did not decode: a stray
/// byte is skipped where it stands (the decoding warning names it) so the moves around it stay.
fn is_text(c: &char) -> bool {
    *c != '\u{FFFD}'
}

fn is_result_token(t: &str) -> Option<PgnResult> {
    match t {
        "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*" => PgnResult::parse(t),
        _ => None,
    }
}

/// Whether a token is a move number or placeholder (`12.`, `12`, `...`, `…………`, `12...`).
fn is_number_or_dots(t: &str) -> bool {
    let t = t.trim_start_matches(|c: char| c.is_ascii_digit() || ('０'..='９').contains(&c));
    t.chars()
        .all(|c| matches!(c, '.' | '．' | '…' | '、' | '。'))
}

/// Whether a token is a move number with its dots (`12.`, `3...`), not a bare number.
fn is_move_number(t: &str) -> bool {
    t.starts_with(|c: char| c.is_ascii_digit() || ('０'..='９').contains(&c))
        && t.ends_with(['.', '．', '…', '、'])
}

/// Drops a leading move number glued to a move (`1.炮二平五`).
fn strip_number(t: &str) -> &str {
    let rest = t.trim_start_matches(|c: char| c.is_ascii_digit() || ('０'..='９').contains(&c));
    if rest.len() == t.len() {
        return t;
    }
    let after = rest.trim_start_matches(['.', '．', '…', '、']);
    if after.len() == rest.len() {
        t
    } else {
        after
    }
}

/// Whether a token that is not a valid move still looks like an attempt at one.
fn looks_like_move(t: &str) -> bool {
    if t.chars().any(chinese::is_notation_char) {
        return true;
    }
    let ascii: String = t
        .chars()
        .map(|c| match c {
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            _ => c,
        })
        .collect();
    ascii.is_ascii() && ascii.chars().any(|c| c.is_ascii_digit()) && (3..=6).contains(&ascii.len())
}

/// Whether `t` parses as a move in some notation, without a position.
fn is_move_syntax(t: &str) -> bool {
    super::iccs::looks_like(t)
        || (super::wxf::looks_like(t) && super::wxf::parse(t).is_ok())
        || chinese::parse(t).is_ok()
}

/// Cleans a tag value: XQF converters leave Pascal length bytes and control characters in it.
fn clean_value(v: &str) -> String {
    v.chars()
        .filter(|c| !c.is_control())
        .collect::<String>()
        .trim()
        .to_string()
}

/// Something the reader had to assume to read a file: kept with the game and told to the user,
/// never silent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnNotice {
    /// The `FEN` tag's side-to-move field is missing or unreadable: `side` moves first, read from
    /// the move text (`1. ...` means Black) or else Red.
    TurnAssumed {
        /// The tag's value.
        fen: String,
        /// The side taken to move first.
        side: Color,
    },
}

/// Whether the move text ahead starts with Black's move (`1. ... 炮8平5`, `1...`, `1. …`), the
/// way PGN writers mark a game that starts with Black to move.
fn black_first(ahead: impl Iterator<Item = char>) -> bool {
    let text: String = ahead.take(400).collect();
    let mut rest = text.trim_start();
    // Comments before the first move (a title, a problem's name).
    while let Some(after) = rest.strip_prefix('{') {
        rest = after.split_once('}').map_or("", |(_, r)| r).trim_start();
    }
    let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit());
    let rest = rest.strip_prefix('.').unwrap_or(rest).trim_start();
    rest.starts_with("..") || rest.starts_with('…')
}

/// Reads a FEN tag leniently: a side field other than w/r/b (e.g. `-b`, or none) is taken as
/// `black_first`'s answer and reported as a [`PgnNotice::TurnAssumed`].
fn lenient_fen(fen: &str, black_first: bool) -> Result<(Position, Option<PgnNotice>), FenError> {
    match Position::from_fen(fen) {
        Ok(p) => Ok((p, None)),
        Err(first) => {
            let fields: Vec<&str> = fen.split_whitespace().collect();
            let Some(board) = fields.first() else {
                return Err(first);
            };
            let side = match fields.get(1).map(|s| s.to_ascii_lowercase()) {
                Some(s) if s == "b" => "b",
                Some(s) if s == "w" || s == "r" => "w",
                _ if black_first => "b",
                _ => "w",
            };
            let num = |i: usize, d: &str| {
                fields
                    .get(i)
                    .filter(|s| s.parse::<u32>().is_ok())
                    .map_or(d.to_string(), |s| s.to_string())
            };
            let fixed = format!("{board} {side} - - {} {}", num(4, "0"), num(5, "1"));
            let position = Position::from_fen(&fixed).map_err(|_| first)?;
            let named = fields
                .get(1)
                .is_some_and(|s| matches!(s.to_ascii_lowercase().as_str(), "w" | "r" | "b"));
            let notice = (!named).then(|| PgnNotice::TurnAssumed {
                fen: fen.to_string(),
                side: position.turn(),
            });
            Ok((position, notice))
        }
    }
}

impl<'a> Reader<'a> {
    fn new(text: &'a str) -> Reader<'a> {
        Reader {
            chars: text.chars().filter(is_text as fn(&char) -> bool).peekable(),
        }
    }

    fn skip_ws(&mut self) {
        while self.chars.next_if(|c| c.is_whitespace()).is_some() {}
    }

    /// Reads `[Name "value"]` after the `[`; returns None when it is not a tag.
    fn tag(&mut self) -> Option<(String, String)> {
        let mut name = String::new();
        while let Some(c) = self
            .chars
            .next_if(|c| !c.is_whitespace() && *c != ']' && *c != '"')
        {
            name.push(c);
        }
        self.skip_ws();
        let mut value = String::new();
        if self.chars.next_if_eq(&'"').is_some() {
            while let Some(c) = self.chars.next() {
                match c {
                    '\\' => {
                        if let Some(n) = self.chars.next() {
                            value.push(n);
                        }
                    }
                    '"' if matches!(self.chars.peek(), Some(']') | Some(' ') | Some('\t')) => break,
                    '"' => {
                        // A quote not followed by `]`: keep it unless the line ends.
                        if matches!(self.chars.peek(), Some('\r') | Some('\n') | None) {
                            break;
                        }
                        value.push(c);
                    }
                    _ => value.push(c),
                }
            }
        }
        // Skip to the closing bracket (or the line's end).
        for c in self.chars.by_ref() {
            if c == ']' || c == '\n' {
                break;
            }
        }
        (!name.is_empty()).then(|| (name, clean_value(&value)))
    }

    fn until(&mut self, close: char) -> Option<String> {
        let mut s = String::new();
        for c in self.chars.by_ref() {
            if c == close {
                return Some(s);
            }
            s.push(c);
        }
        None
    }

    /// Skips a `(...)` variation after its `(`, nested ones and their comments included.
    fn skip_variation(&mut self) -> bool {
        let mut depth = 1;
        while let Some(c) = self.chars.next() {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        return true;
                    }
                }
                '{' if self.until('}').is_none() => return false,
                _ => {}
            }
        }
        false
    }

    fn token(&mut self) -> String {
        let mut t = String::new();
        while let Some(c) = self
            .chars
            .next_if(|c| !c.is_whitespace() && !matches!(c, '{' | '(' | ';' | '['))
        {
            t.push(c);
        }
        t
    }

    /// Reads one game; `None` at the end of the text.
    fn game(&mut self) -> Option<Result<PgnGame, PgnError>> {
        let mut tags: Vec<(String, String)> = Vec::new();
        self.skip_ws();
        while self.chars.next_if_eq(&'[').is_some() {
            if let Some(t) = self.tag() {
                tags.push(t);
            }
            self.skip_ws();
        }
        self.chars.peek()?;
        let fail = |game: PgnGame, kind| {
            Some(Err(PgnError {
                partial: Box::new(game),
                kind,
            }))
        };
        let (start, notice) = match tags.iter().find(|(n, _)| n.eq_ignore_ascii_case("FEN")) {
            Some((_, fen)) if !fen.is_empty() => {
                match lenient_fen(fen, black_first(self.chars.clone())) {
                    Ok(found) => found,
                    Err(error) => {
                        let mut g = PgnGame::default();
                        g.tags = tags.clone();
                        let fen = fen.clone();
                        self.skip_game();
                        return fail(g, PgnErrorKind::BadFen { fen, error });
                    }
                }
            }
            _ => (Position::start(), None),
        };
        let mut game = PgnGame::new(start);
        game.notices.extend(notice);
        for (n, v) in tags {
            if n == "Result" {
                let r = PgnResult::parse(&v).map_or(v, |r| r.pgn().to_string());
                game.set_tag(&n, &r);
            } else {
                game.tags.push((n, v));
            }
        }
        let mut round = game.start().fullmoves();
        // Move numbers seen: the text meant to have moves.
        let mut numbered = false;
        loop {
            self.skip_ws();
            let Some(&c) = self.chars.peek() else { break };
            match c {
                '[' => break,
                '{' => {
                    self.chars.next();
                    match self.until('}') {
                        Some(text) => game.add_comment(game.moves().len(), &text),
                        None => return fail(game, PgnErrorKind::Unclosed('{')),
                    }
                    continue;
                }
                ';' => {
                    self.chars.next();
                    let mut text = String::new();
                    while let Some(c) = self.chars.next_if(|&c| c != '\n') {
                        text.push(c);
                    }
                    game.add_comment(game.moves().len(), &text);
                    continue;
                }
                '(' => {
                    self.chars.next();
                    if !self.skip_variation() {
                        return fail(game, PgnErrorKind::Unclosed('('));
                    }
                    continue;
                }
                _ => {}
            }
            let tok = self.token();
            if let Some(r) = is_result_token(&tok) {
                if game
                    .tag("Result")
                    .is_none_or(|v| PgnResult::parse(v).is_none())
                {
                    game.set_tag("Result", r.pgn());
                }
                self.skip_game();
                break;
            }
            if tok.is_empty() || is_number_or_dots(&tok) {
                numbered |= is_move_number(&tok);
                continue;
            }
            let mut parts: Vec<String> = Vec::new();
            let t = if is_move_syntax(&tok) {
                tok.as_str()
            } else {
                strip_number(&tok)
            };
            numbered |= t.len() != tok.len();
            if is_move_syntax(t) {
                parts.push(t.to_string());
            } else if let Some((a, b)) = split_glued(t) {
                parts.extend([a, b]);
            } else if game.moves().is_empty() || !looks_like_move(t) {
                // Free text: a title before the moves, or a remark between them.
                game.add_comment(game.moves().len(), t);
                continue;
            } else {
                parts.push(t.to_string());
            }
            for p in parts {
                match read(game.end(), &p) {
                    Ok(m) => {
                        game.push(m)
                            .unwrap_or_else(|_| unreachable!("resolved moves are legal"));
                        if game.end().turn() == Color::Red {
                            round += 1;
                        }
                    }
                    Err(error) => {
                        let side = game.end().turn();
                        self.skip_game();
                        return fail(game, PgnErrorKind::BadMove { round, side, error });
                    }
                }
            }
        }
        if numbered && game.moves().is_empty() {
            return fail(game, PgnErrorKind::NoMoves);
        }
        Some(Ok(game))
    }

    /// Skips to the next game's tags (a `[` at the start of a line).
    fn skip_game(&mut self) {
        let mut line_start = false;
        while let Some(&c) = self.chars.peek() {
            if c == '[' && line_start {
                return;
            }
            if c == '\n' {
                line_start = true;
            } else if !c.is_whitespace() {
                line_start = false;
            }
            self.chars.next();
        }
    }
}

/// Splits two moves written without a space (`炮二平五马８进７`).
fn split_glued(t: &str) -> Option<(String, String)> {
    let chars: Vec<char> = t.chars().collect();
    if chars.len() != 8 {
        return None;
    }
    let a: String = chars[..4].iter().collect();
    let b: String = chars[4..].iter().collect();
    (chinese::parse(&a).is_ok() && chinese::parse(&b).is_ok()).then_some((a, b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::Move;

    fn mv(s: &str) -> Move {
        Move::from_iccs(s).unwrap()
    }

    #[test]
    fn reads_xqbase_layout_with_comments_and_black_lines() {
        let text = "[Game \"Chinese Chess\"]\n[Result \"*\"]\n{ title }\n  1. 炮二平五\n{（一本）\n}\n  1.          炮８平５\n  2. 马二进三 马８进７\n*\n";
        let g = read_pgn(text).unwrap();
        assert_eq!(g.moves(), &[mv("h2e2"), mv("h7e7"), mv("h0g2"), mv("h9g7")]);
        assert_eq!(g.comment(0), Some("title"));
        assert_eq!(g.comment(1), Some("（一本）"));
    }

    #[test]
    fn skips_variations_and_reads_bare_numbers() {
        let text = "1 炮二平五 马8进7 (1. ... 炮８平５ {顺炮} 2. 马二进三) 2 马二进三 车9平8 1-0";
        let g = read_pgn(text).unwrap();
        assert_eq!(g.moves().len(), 4);
        assert_eq!(g.result(), PgnResult::RedWins);
    }

    #[test]
    fn garbled_file_stops_with_the_move_and_reason() {
        let text = "1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一进九 车１进１";
        let e = read_pgn(text).unwrap_err();
        assert_eq!(e.partial.moves().len(), 4);
        match &e.kind {
            PgnErrorKind::BadMove { round, side, error } => {
                assert_eq!((*round, *side), (3, Color::Red));
                assert!(matches!(error, NotationError::Illegal { .. }));
            }
            k => panic!("unexpected {k:?}"),
        }
        assert!(e.to_string().contains("move 3."), "{e}");
    }

    #[test]
    fn export_round_trips_in_every_format() {
        let mut g = PgnGame::default();
        g.set_tag("Red", "许银川");
        g.set_tag("Event", "测试 \"quoted\"");
        for m in ["h2e2", "h9g7", "h0g2", "i9h9"] {
            g.push(mv(m)).unwrap();
        }
        g.set_comment(2, "屏风马 {braces}");
        g.set_tag("Result", "1/2-1/2");
        for n in [
            Notation::Chinese,
            Notation::Wxf,
            Notation::Iccs,
            Notation::ChineseShort,
        ] {
            let text = write_pgn(&g, n);
            let back = read_pgn(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(back.moves(), g.moves(), "{text}");
            assert_eq!(back.tag("Red"), Some("许银川"));
            assert_eq!(back.tag("Event"), Some("测试 \"quoted\""));
            assert_eq!(back.comment(2), Some("屏风马 {braces)"));
            assert_eq!(back.result(), PgnResult::Draw);
        }
        assert!(write_pgn(&g, Notation::Wxf).contains("[Format \"WXF\"]"));
    }

    #[test]
    fn text_without_a_game_is_empty() {
        for text in ["", "   \n", "hello world", "{only a comment}"] {
            assert_eq!(
                read_pgn(text).unwrap_err().kind,
                PgnErrorKind::Empty,
                "{text}"
            );
        }
    }

    #[test]
    #[cfg(not(target_arch = "wasm32"))]
    fn numbered_text_without_a_readable_move_is_an_error() {
        // UTF-8 炮二平五 马８进７ read as GBK: numbers survive, moves become mojibake.
        let (mojibake, _, _) = encoding_rs::GB18030.decode("1. 炮二平五 马８进７\n".as_bytes());
        for text in [
            mojibake.as_ref(),
            "1. xyz 2. abc",
            "[Event \"e\"]\n1.炮十平五",
        ] {
            let e = read_pgn(text).unwrap_err();
            assert_eq!(e.kind, PgnErrorKind::NoMoves, "{text}");
        }
        // A position with no moves yet, or a title with a number, is still a game.
        let study = "[FEN \"3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1\"]\n{第1题} *";
        assert!(read_pgn(study).unwrap().moves().is_empty());
    }

    #[test]
    fn fen_tag_with_a_broken_side_field_means_red() {
        let text =
            "[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR -b\"]\n1. 炮二平五";
        let game = read_pgn(text).unwrap();
        assert_eq!(game.moves(), &[mv("h2e2")]);
        // Said, not silent (issue 12): the user is told which side was assumed.
        assert!(matches!(
            game.notices.as_slice(),
            [PgnNotice::TurnAssumed {
                side: Color::Red,
                ..
            }]
        ));
    }

    #[test]
    fn fen_tag_without_a_side_takes_it_from_the_move_text() {
        let board = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";
        let black = format!("[FEN \"{board}\"]\n{{开局}} 1. ... 炮8平5 2. 炮二平五");
        let game = read_pgn(&black).unwrap();
        assert_eq!(game.moves(), &[mv("h7e7"), mv("h2e2")]);
        assert_eq!(
            game.notices,
            vec![PgnNotice::TurnAssumed {
                fen: board.to_string(),
                side: Color::Black
            }]
        );
        let red = read_pgn(&format!("[FEN \"{board}\"]\n1. 炮二平五")).unwrap();
        assert!(matches!(
            red.notices.as_slice(),
            [PgnNotice::TurnAssumed {
                side: Color::Red,
                ..
            }]
        ));
        // A complete FEN tag reads without a notice.
        let full = read_pgn(&format!("[FEN \"{board} w - - 0 1\"]\n1. 炮二平五")).unwrap();
        assert!(full.notices.is_empty());
    }
}
