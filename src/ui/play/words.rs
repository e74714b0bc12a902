//! The play page's sentences and messages in both languages; the fixed words it shares with the
//! other screens are the app's catalogue (`ui/words.rs`), re-exported here.

use super::engine_panel::EngineNote;
use super::move_box::Refusal;
use super::{Confirm, Note};
use crate::lang::{Lang, Say};
pub use crate::ui::words::*;
use crate::xiangqi::notation::record::PgnResult;
use crate::xiangqi::session::{EnterError, RecordedEnd};
use crate::xiangqi::{Color, Piece};

/// A palette piece's name in the position editor: side and piece.
pub struct PieceName(pub Piece);

impl Say for PieceName {
    fn say(&self, lang: Lang) -> String {
        let PieceName(p) = self;
        match lang {
            Lang::Zh => format!("{}{}", p.color.say(lang), p.chinese()),
            Lang::En => format!("{} {}", p.color.say(lang), p.role.english()),
        }
    }
}

/// The time a side has left, said on request (`t` on the board).
pub struct TimeLeft {
    pub side: Color,
    pub minutes: u64,
    pub seconds: u64,
}

impl Say for TimeLeft {
    fn say(&self, lang: Lang) -> String {
        let TimeLeft {
            side,
            minutes: m,
            seconds: s,
        } = self;
        match lang {
            Lang::Zh => format!("{}{m}分{s}秒", side.say(lang)),
            Lang::En => format!("{} {m} min {s} s", side.say(lang)),
        }
    }
}

/// A forced mate the engine found: the side that mates, in how many moves.
pub enum MatesIn {
    Red(i32),
    Black(i32),
}

impl Say for MatesIn {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (MatesIn::Red(m), Lang::Zh) => format!("红 {m} 步杀"),
            (MatesIn::Red(m), Lang::En) => format!("Red mates in {m}"),
            (MatesIn::Black(m), Lang::Zh) => format!("黑 {m} 步杀"),
            (MatesIn::Black(m), Lang::En) => format!("Black mates in {m}"),
        }
    }
}

impl Say for Refusal {
    fn say(&self, lang: Lang) -> String {
        match self {
            Refusal::Typed(e) => e.say(lang),
            Refusal::Thinking => THE_COMPUTER_IS_THINKING_TYPE.get(lang).into(),
            Refusal::Over => THE_GAME_IS_OVER.get(lang).into(),
        }
    }
}

impl Say for Confirm {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (Confirm::Cut(_, n), _) => EnterError::WouldCut { later: *n }.say(lang),
            (Confirm::NewGame, Lang::Zh) => "开始新对局？当前对局将被替换（可恢复）。".into(),
            (Confirm::NewGame, Lang::En) => {
                "Start a new game? The current one will be replaced (it can be restored).".into()
            }
            (Confirm::Resign(c), Lang::Zh) => format!("{}认输，结束对局？", c.say(lang)),
            (Confirm::Resign(c), Lang::En) => format!("{} resigns and the game ends?", c.say(lang)),
            (Confirm::FoulOffer(c), Lang::Zh) => format!(
                "{}上次的提和已被拒绝，再次提和将判犯规（第9.1.3条），三次犯规判负（第4.1.8条）。仍要提和吗？",
                c.say(lang)
            ),
            (Confirm::FoulOffer(c), Lang::En) => format!(
                "{}'s last draw offer was refused: offering again is a foul (rule 9.1.3), and three fouls lose (rule 4.1.8). Offer anyway?",
                c.say(lang)
            ),
        }
    }
}

impl Say for Note {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (Note::Illegal(e), _) => e.say(lang),
            (Note::GameOver, _) => THE_GAME_IS_OVER.get(lang).into(),
            (Note::NotYourTurn(c), Lang::Zh) => format!("现在轮到{}走棋", c.say(lang)),
            (Note::NotYourTurn(c), Lang::En) => format!("It is {}'s turn", c.say(lang)),
            (Note::CopiedLink, _) => LINK_COPIED.get(lang).into(),
            (Note::CopiedFen, _) => FEN_COPIED.get(lang).into(),
            (Note::Limit(e), _) => e.say(lang),
            (Note::AfterEnd(a), _) => a.say(lang),
            (Note::NotShown(n), _) => n.say(lang),
            (Note::Archive(e), _) => e.say(lang),
            (Note::ArchiveIn(name, e), Lang::Zh) => format!("{name}：{}", e.say(lang)),
            (Note::ArchiveIn(name, e), Lang::En) => format!("{name}: {}", e.say(lang)),
            (Note::ReadAs(f, n), Lang::Zh) => format!("已按 {} 格式打开：{n} 局", f.name()),
            (Note::ReadAs(f, 1), Lang::En) => format!("Opened as {}: 1 game", f.name()),
            (Note::ReadAs(f, n), Lang::En) => format!("Opened as {}: {n} games", f.name()),
            (Note::Said(s), _) => s.say(lang),
            (Note::File(e), _) => e.say(lang),
            (Note::Control(e), _) => e.say(lang),
            (Note::Offer(o), _) => o.say(lang),
            (Note::Refused(e), _) => e.say(lang),
            (Note::Import(e), Lang::Zh) => format!("棋谱无法载入：{}", e.say(lang)),
            (Note::Import(e), Lang::En) => format!("The game cannot be loaded: {}", e.say(lang)),
            (Note::Opened(n), _) => n.say(lang),
            (Note::ComputerAnswer(true), _) => COMPUTER_ACCEPTS_DRAW.get(lang).into(),
            (Note::ComputerAnswer(false), _) => COMPUTER_DECLINES_DRAW.get(lang).into(),
            (Note::SavedGameKept, _) => STORAGE_FULL_GAME_NOT_SAVED.get(lang).into(),
            (Note::NotReplaced, _) => STORAGE_IS_FULL_THE_GAME.get(lang).into(),
        }
    }
}

/// The play page's status line and draw controls: sentences with a side or a count.
pub enum GameSaid {
    /// After `ply` plies `turn` is to move; `check` when in check.
    ToMove {
        ply: usize,
        turn: Color,
        check: bool,
    },
    /// After the status line when an earlier ply is shown.
    Viewing(usize),
    /// The fouls so far (three lose, article 4.1.8).
    Fouls { red: u32, black: u32 },
    /// A side offers a draw; the other is asked.
    DrawOffered(Color),
    /// The button with which a side offers a draw after its move.
    OfferDraw(Color),
}

impl Say for GameSaid {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (
                GameSaid::ToMove {
                    ply,
                    turn,
                    check: false,
                },
                Lang::Zh,
            ) => {
                format!("第{ply}着后，轮到{}走棋", turn.say(lang))
            }
            (
                GameSaid::ToMove {
                    ply,
                    turn,
                    check: true,
                },
                Lang::Zh,
            ) => {
                format!("第{ply}着后，轮到{}走棋（被将军）", turn.say(lang))
            }
            (
                GameSaid::ToMove {
                    ply,
                    turn,
                    check: false,
                },
                Lang::En,
            ) => {
                format!("After ply {ply}: {} to move", turn.say(lang))
            }
            (
                GameSaid::ToMove {
                    ply,
                    turn,
                    check: true,
                },
                Lang::En,
            ) => {
                format!("After ply {ply}: {} to move (in check)", turn.say(lang))
            }
            (GameSaid::Viewing(ply), Lang::Zh) => format!(" · 正在查看第 {ply} 着"),
            (GameSaid::Viewing(ply), Lang::En) => format!(" · viewing ply {ply}"),
            (GameSaid::Fouls { red, black }, Lang::Zh) => {
                format!("犯规：红方{red}次，黑方{black}次（三次判负，第4.1.8条）")
            }
            (GameSaid::Fouls { red, black }, Lang::En) => {
                format!("Fouls: Red {red}, Black {black} (three lose, rule 4.1.8)")
            }
            (GameSaid::DrawOffered(c), Lang::Zh) => {
                format!("{}提和，{}是否同意？", c.say(lang), c.other().say(lang))
            }
            (GameSaid::DrawOffered(c), Lang::En) => format!(
                "{} offers a draw. Does {} accept?",
                c.say(lang),
                c.other().say(lang)
            ),
            (GameSaid::OfferDraw(c), Lang::Zh) => format!("{}走完后提和", c.say(lang)),
            (GameSaid::OfferDraw(c), Lang::En) => format!("{}: offer draw", c.say(lang)),
        }
    }
}

/// The destructive answer to [`Confirm::Cut`]: what it deletes, counted.
pub struct DeleteLater(pub usize);

impl Say for DeleteLater {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (DeleteLater(n), Lang::Zh) => format!("删去此后 {n} 着"),
            (DeleteLater(n), Lang::En) if *n == 1 => "Delete the move after this".into(),
            (DeleteLater(n), Lang::En) => format!("Delete the {n} moves after this"),
        }
    }
}

/// What the last deletion removed, with its undo beside it.
pub struct Deleted(pub usize);

impl Say for Deleted {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (Deleted(n), Lang::Zh) => format!("已删去 {n} 着"),
            (Deleted(1), Lang::En) => "1 move deleted".into(),
            (Deleted(n), Lang::En) => format!("{n} moves deleted"),
        }
    }
}

impl Say for RecordedEnd {
    fn say(&self, lang: Lang) -> String {
        let how =
            self.termination
                .as_deref()
                .map(|t| match (t.to_ascii_lowercase().as_str(), lang) {
                    ("normal", Lang::Zh) => "正常结束".to_string(),
                    ("resign" | "resignation" | "resigned", Lang::Zh) => "认输".into(),
                    ("time forfeit" | "timeout" | "time", Lang::Zh) => "超时".into(),
                    ("abandoned", Lang::Zh) => "弃局".into(),
                    ("adjudication", Lang::Zh) => "裁判判定".into(),
                    ("rules infraction", Lang::Zh) => "违例".into(),
                    ("agreement" | "draw agreed", Lang::Zh) => "双方议和".into(),
                    _ => t.to_string(),
                });
        match lang {
            Lang::Zh => {
                let r = self.result.chinese();
                match how {
                    Some(h) => format!("终局（据棋谱）：{r}（{h}）"),
                    None => format!("终局（据棋谱）：{r}"),
                }
            }
            Lang::En => {
                let r = match self.result {
                    PgnResult::RedWins => "Red won",
                    PgnResult::BlackWins => "Black won",
                    _ => "drawn",
                };
                match how {
                    Some(h) => format!("Game over, as the file records: {r} ({h})"),
                    None => format!("Game over, as the file records: {r}"),
                }
            }
        }
    }
}

/// An opened library's heading, with how many games it holds.
pub struct Library(pub usize);

impl Say for Library {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (Library(n), Lang::Zh) => format!("棋谱库 ({n})"),
            (Library(n), Lang::En) => format!("Library ({n})"),
        }
    }
}

/// A large game file being read in the background: games and kilobytes read.
pub struct FileRead(pub crate::xiangqi::file_job::Progress);

impl Say for FileRead {
    fn say(&self, lang: Lang) -> String {
        let p = self.0;
        let (read, of) = (p.read / 1024, p.of / 1024);
        match lang {
            Lang::Zh => format!("正在读取棋谱文件：已读 {} 局（{read} / {of} KB）", p.games),
            Lang::En => format!(
                "Reading the game file: {} games read ({read} of {of} KB)",
                p.games
            ),
        }
    }
}

/// Under a library's list when more games match than it shows: (shown, matching).
pub struct LibraryShown(pub usize, pub usize);

impl Say for LibraryShown {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (LibraryShown(n, of), Lang::Zh) => {
                format!("显示前 {n} 局，共 {of} 局相符；搜索可缩小范围")
            }
            (LibraryShown(n, of), Lang::En) => {
                format!("The first {n} of {of} matching games; search to narrow the list")
            }
        }
    }
}

impl Say for EngineNote {
    fn say(&self, lang: Lang) -> String {
        match self {
            EngineNote::Fixed(text) => text.get(lang).into(),
            EngineNote::Refused(e) => e.say(lang),
        }
    }
}
