//! The score sheet's sentences and messages in both languages; the fixed words it shares with the
//! other screens are the app's catalogue (`ui/words.rs`), re-exported here.

use super::Notice;
use crate::lang::{Lang, Say, Text};
pub use crate::ui::words::*;
use crate::xiangqi::notation::pgn::PgnError;

// The page's own fixed words (no other page says them).
// scoresheet.rs
pub const RED_TIME_USED: Text = Text::new("红方用时", "Red time used");
pub const BLACK_TIME_USED: Text = Text::new("黑方用时", "Black time used");
pub const RED_FOULS: Text = Text::new("红方犯规", "Red fouls");
pub const BLACK_FOULS: Text = Text::new("黑方犯规", "Black fouls");
pub const THIS_GAME: Text = Text::new("本局记录", "This game");
pub const BLANK_ROUNDS_1_60: Text = Text::new("空白（1–60 回合）", "Blank (rounds 1–60)");
pub const FULL_FORM: Text = Text::new("完整记录", "Full form");
pub const SHORT_FORM: Text = Text::new("简写记录", "Short form");
pub const GAME_DETAILS: Text = Text::new("对局信息", "Game details");
pub const RESTORE_THE_PREVIOUS_GAME: Text = Text::new("恢复上一局", "Restore the previous game");
pub const FORWARD: Text = Text::new("进", "forward");
pub const BACK: Text = Text::new("退", "back");
pub const MOVE_ROUND: Text = Text::new("回合", "Round");
pub const XIANGQI_SCORESHEET: Text = Text::new("中国象棋比赛记录纸", "Xiangqi Scoresheet");
pub const FORM: Text = Text::new("记录方式", "Form");
pub const SHORT: Text = Text::new("简写", "Short");
pub const TIME_USED: Text = Text::new("用时", "Time used");
pub const SIGNATURES: Text = Text::new("签字", "Signatures");
pub const RED_PLAYER: Text = Text::new("红方棋手", "Red player");
pub const BLACK_PLAYER: Text = Text::new("黑方棋手", "Black player");
pub const ARBITER: Text = Text::new("裁判员", "Arbiter");
pub const PER_THE_1999_CHINESE: Text = Text::new(
    "依据《中国象棋竞赛规则》(1999) 第7条记录、第10.1条对局结束后签字。",
    "Per the 1999 Chinese Xiangqi rules: article 7 (recording) and 10.1 (result and signatures).",
);
pub const IMPORT_PGN: Text = Text::new("导入 PGN", "Import PGN");
pub const PASTE_A_GAME_PGN: Text =
    Text::new("粘贴棋谱（PGN 或着法）", "Paste a game (PGN or moves)");
pub const IMPORT: Text = Text::new("导入", "Import");
pub const OR_CHOOSE_A_FILE: Text = Text::new("或选择文件", "or choose a file");
pub const LOAD_THE_VALID_PART: Text = Text::new("载入有效部分", "Load the valid part");
pub const EXPORT_PGN: Text = Text::new("导出 PGN", "Export PGN");

impl Say for Notice {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (Notice::Link(e), Lang::Zh) => format!("链接中的对局有误：{}", e.say(lang)),
            (Notice::Link(e), Lang::En) => format!("The link's game is wrong: {}", e.say(lang)),
        }
    }
}

/// A PGN import that stopped part-way: after how many plies, and why.
pub struct ImportStopped<'a>(pub &'a PgnError);

impl Say for ImportStopped<'_> {
    fn say(&self, lang: Lang) -> String {
        let ImportStopped(e) = self;
        let n = e.partial.moves().len();
        match lang {
            Lang::Zh => format!("导入在第 {n} 步后停止：{}", e.say(lang)),
            Lang::En => format!("Import stopped after ply {n}: {}", e.say(lang)),
        }
    }
}
