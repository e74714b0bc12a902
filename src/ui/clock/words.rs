//! The clock page's sentences and messages in both languages; the fixed words it shares with the
//! other screens are the app's catalogue (`ui/words.rs`), re-exported here.

use super::ClockNote;
use crate::lang::{Lang, Say};
pub use crate::ui::words::*;
use crate::xiangqi::Color;

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
