//! The clock page's sentences and messages in both languages; the fixed words it shares with the
//! other screens are the app's catalogue (`ui/words.rs`), re-exported here.

use super::ClockNote;
use crate::lang::{Lang, Say, Text};
pub use crate::ui::words::*;
use crate::xiangqi::Color;

// The page's own fixed words (no other page says them).
// clock.rs
pub const YOUR_MOVE: Text = Text::new("轮到你走棋", "Your move");
pub const OPPONENTS_MOVE: Text = Text::new("对方思考中", "Opponent's move");
pub const RESUME: Text = Text::new("继续", "Resume");
pub const PAUSE: Text = Text::new("暂停", "Pause");
pub const UNDO_PRESS: Text = Text::new("撤销按钟", "Undo press");
pub const GAME_OVER: Text = Text::new("终局", "Game over");
pub const NEW_GAME: Text = Text::new("新局", "New game");
pub const SOUND_ON: Text = Text::new("开声音", "Sound on");
pub const MUTE: Text = Text::new("静音", "Mute");
pub const FULL_SCREEN: Text = Text::new("全屏", "Full screen");
pub const TIME_CONTROL: Text = Text::new("计时方式", "Time control");
pub const PRESET: Text = Text::new("预设", "Preset");
pub const NOTATION_90M_40_15M: Text = Text::new("写法：90分/40着，15分/10着（40着90分钟，以后每10着15分钟）；2小时+30秒（每着加30秒）；20分 读秒 3×30秒；5分 延时 5秒（每着先延时5秒）。", "Notation: 90m/40, 15m/10 (40 moves in 90 min, then 10 every 15 min); 2h+30s (30 s a move); 20m byo 3x30s (byo-yomi); 5m delay 5s.");
pub const CLOCK_KEYS: Text = Text::new(
    "空格：走棋方按钟 · 左Shift：红方 · 右Shift：黑方",
    "Space: the side to move presses · Left Shift: Red · Right Shift: Black",
);

/// A clock half's name: the side that presses it.
pub struct PressAfterMoving(pub Color);

impl Say for PressAfterMoving {
    fn say(&self, lang: Lang) -> String {
        let PressAfterMoving(side) = self;
        match lang {
            Lang::Zh => format!("{}的钟：走棋后按下", side.say(lang)),
            Lang::En => format!("{}'s clock: press after moving", side.say(lang)),
        }
    }
}

impl Say for ClockNote {
    fn say(&self, lang: Lang) -> String {
        match self {
            ClockNote::Link(e) => e.say(lang),
            ClockNote::Refused(e) => e.say(lang),
        }
    }
}
