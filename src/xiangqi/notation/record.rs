//! A game record ([`PgnGame`]): start position, main-line moves, tags and comments, as PGN carries it;
//! and the scoresheet rows of article 7 (回合 by 回合, Red and Black columns).

use super::{chinese, write, Notation};
use crate::xiangqi::{Color, Move, PlayError, Position};
use std::fmt;

/// A game's result as PGN writes it (`1-0`, `0-1`, `1/2-1/2`, `*`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PgnResult {
    /// 红胜, `1-0`.
    RedWins,
    /// 黑胜, `0-1`.
    BlackWins,
    /// 和棋, `1/2-1/2`.
    Draw,
    /// Unfinished or unknown, `*`.
    Unknown,
}

impl PgnResult {
    /// The PGN token.
    pub const fn pgn(self) -> &'static str {
        match self {
            PgnResult::RedWins => "1-0",
            PgnResult::BlackWins => "0-1",
            PgnResult::Draw => "1/2-1/2",
            PgnResult::Unknown => "*",
        }
    }

    /// How a scoresheet writes it in Chinese.
    pub const fn chinese(self) -> &'static str {
        match self {
            PgnResult::RedWins => "红胜",
            PgnResult::BlackWins => "黑胜",
            PgnResult::Draw => "和棋",
            PgnResult::Unknown => "",
        }
    }

    /// Reads a result token: PGN (`1-0`, `0-1`, `1/2-1/2`, `½-½`, `*`) or Chinese (红胜, 黑負, 和棋 ...).
    pub fn parse(s: &str) -> Option<PgnResult> {
        let s = s.trim();
        Some(match s {
            "1-0" | "红胜" | "紅勝" | "红先胜" | "紅先勝" | "黑负" | "黑負" => {
                PgnResult::RedWins
            }
            "0-1" | "黑胜" | "黑勝" | "红负" | "紅負" | "红先负" | "紅先負" => {
                PgnResult::BlackWins
            }
            "1/2-1/2" | "½-½" | "0.5-0.5" | "和" | "和棋" | "红先和" | "紅先和" => {
                PgnResult::Draw
            }
            "*" | "" | "未知" => PgnResult::Unknown,
            _ => return None,
        })
    }
}

impl fmt::Display for PgnResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.pgn())
    }
}

/// A game record: where it starts, the main line, PGN tags and comments (variations are not kept).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnGame {
    /// PGN tags in file order (name, value); see [`PgnGame::tag`].
    pub tags: Vec<(String, String)>,
    start: Position,
    moves: Vec<Move>,
    end: Position,
    // comments[0] comes before the first move, comments[i] after ply i.
    comments: Vec<Option<String>>,
    /// What the reader assumed to read the file (shown to the user with the game).
    pub notices: Vec<super::pgn::PgnNotice>,
    /// How many `( … )` variations the reader skipped (nested ones included).
    pub variations: usize,
}

impl Default for PgnGame {
    fn default() -> Self {
        PgnGame::new(Position::start())
    }
}

impl PgnGame {
    /// An empty record starting from `start`.
    pub fn new(start: Position) -> PgnGame {
        PgnGame {
            tags: Vec::new(),
            end: start.clone(),
            start,
            moves: Vec::new(),
            comments: vec![None],
            notices: Vec::new(),
            variations: 0,
        }
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The position after the last move.
    pub fn end(&self) -> &Position {
        &self.end
    }

    /// The main-line moves.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Plays `m` at the end of the main line if it is legal.
    pub fn push(&mut self, m: Move) -> Result<(), PlayError> {
        self.end.play(m)?;
        self.moves.push(m);
        self.comments.push(None);
        Ok(())
    }

    /// The positions before each move, then the final one (`moves().len() + 1` of them).
    pub fn positions(&self) -> Vec<Position> {
        let mut pos = self.start.clone();
        let mut v = Vec::with_capacity(self.moves.len() + 1);
        v.push(pos.clone());
        for &m in &self.moves {
            pos.play_unchecked(m);
            v.push(pos.clone());
        }
        v
    }

    /// The comment after ply `ply` (1-based); 0 means before the first move.
    pub fn comment(&self, ply: usize) -> Option<&str> {
        self.comments.get(ply).and_then(|c| c.as_deref())
    }

    /// Sets (or with an empty text, clears) the comment after ply `ply`; ignored past the end.
    pub fn set_comment(&mut self, ply: usize, text: &str) {
        if let Some(c) = self.comments.get_mut(ply) {
            let t = text.trim();
            *c = (!t.is_empty()).then(|| t.to_string());
        }
    }

    /// Appends `text` to the comment after ply `ply` on a new line.
    pub fn add_comment(&mut self, ply: usize, text: &str) {
        let t = text.trim();
        if t.is_empty() {
            return;
        }
        if let Some(c) = self.comments.get_mut(ply) {
            match c {
                Some(old) => {
                    old.push('\n');
                    old.push_str(t);
                }
                None => *c = Some(t.to_string()),
            }
        }
    }

    /// The value of tag `name` (case-sensitive, as PGN), if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        tag_in(&self.tags, name)
    }

    /// Sets tag `name`, keeping its place if it exists.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        set_tag_in(&mut self.tags, name, value);
    }

    /// The result the `Result` tag states.
    pub fn result(&self) -> PgnResult {
        result_in(&self.tags)
    }

    /// The main line written in `notation`, one string per ply.
    pub fn written_moves(&self, notation: Notation) -> Vec<String> {
        let mut pos = self.start.clone();
        self.moves
            .iter()
            .map(|&m| {
                let s = write(&pos, m, notation);
                pos.play_unchecked(m);
                s
            })
            .collect()
    }

    /// The rows of a scoresheet (article 7.1, 7.5): one per round (回合), Red then Black.
    pub fn scoresheet_rows(&self, form: ScoresheetForm) -> Vec<ScoresheetRow> {
        let mut pos = self.start.clone();
        let mut rows: Vec<ScoresheetRow> = Vec::new();
        let mut round = self.start.fullmoves();
        for &m in &self.moves {
            let text = match form {
                ScoresheetForm::Full => chinese::write(&pos, m),
                ScoresheetForm::Short => chinese::write_short(&pos, m),
            };
            let color = pos.turn();
            if color == Color::Red || rows.is_empty() {
                rows.push(ScoresheetRow {
                    round,
                    red: None,
                    black: None,
                });
            }
            let row = rows.last_mut().unwrap_or_else(|| unreachable!());
            match color {
                Color::Red => row.red = Some(text),
                Color::Black => {
                    row.black = Some(text);
                    round += 1;
                }
            }
            pos.play_unchecked(m);
        }
        rows
    }
}

/// Which of article 7.5's two forms a scoresheet uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum ScoresheetForm {
    /// 完整记录: 炮二平五 马８进７.
    #[default]
    Full,
    /// 简写记录: 炮25 马87 (lined digits for 进/退).
    Short,
}

/// One round (回合) of a scoresheet: Red's move and Black's reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoresheetRow {
    /// The round number, from the start position's move counter.
    pub round: u32,
    /// Red's move, if Red moved in this round.
    pub red: Option<String>,
    /// Black's move, if Black has replied.
    pub black: Option<String>,
}

/// The value of tag `name` among `tags` (case-sensitive, as PGN): one lookup for the record and
/// the game tree, which keep their tags alike.
pub(crate) fn tag_in<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

/// Sets tag `name` among `tags`, keeping its place if it exists.
pub(crate) fn set_tag_in(tags: &mut Vec<(String, String)>, name: &str, value: &str) {
    match tags.iter_mut().find(|(n, _)| n == name) {
        Some((_, v)) => *v = value.to_string(),
        None => tags.push((name.to_string(), value.to_string())),
    }
}

/// The result the `Result` tag among `tags` states.
pub(crate) fn result_in(tags: &[(String, String)]) -> PgnResult {
    tag_in(tags, "Result")
        .and_then(PgnResult::parse)
        .unwrap_or(PgnResult::Unknown)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(s: &str) -> Move {
        Move::from_iccs(s).unwrap()
    }

    #[test]
    fn scoresheet_rows_pair_moves_by_round() {
        let mut g = PgnGame::default();
        for m in ["h2e2", "h9g7", "h0g2"] {
            g.push(mv(m)).unwrap();
        }
        let rows = g.scoresheet_rows(ScoresheetForm::Full);
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].round, 1);
        assert_eq!(rows[0].red.as_deref(), Some("炮二平五"));
        assert_eq!(rows[0].black.as_deref(), Some("马８进７"));
        assert_eq!(rows[1].red.as_deref(), Some("马二进三"));
        assert_eq!(rows[1].black, None);
        let short = g.scoresheet_rows(ScoresheetForm::Short);
        assert_eq!(short[0].red.as_deref(), Some("炮25"));
    }

    #[test]
    fn black_to_move_starts_with_an_empty_red_cell() {
        let start = Position::from_fen(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 0 1",
        )
        .unwrap();
        let mut g = PgnGame::new(start);
        g.push(mv("h9g7")).unwrap();
        g.push(mv("h0g2")).unwrap();
        let rows = g.scoresheet_rows(ScoresheetForm::Full);
        assert_eq!(rows[0].red, None);
        assert_eq!(rows[0].black.as_deref(), Some("马８进７"));
        assert_eq!(
            (rows[1].round, rows[1].red.as_deref()),
            (2, Some("马二进三"))
        );
    }

    #[test]
    fn push_refuses_illegal_moves_and_results_parse() {
        let mut g = PgnGame::default();
        assert!(g.push(mv("e0e2")).is_err());
        assert!(g.moves().is_empty());
        assert_eq!(PgnResult::parse("黑胜"), Some(PgnResult::BlackWins));
        assert_eq!(PgnResult::parse("1/2-1/2"), Some(PgnResult::Draw));
        assert_eq!(PgnResult::parse("2-0"), None);
    }
}
