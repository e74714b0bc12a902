//! The score sheet's sentences and messages in both languages; the fixed words it shares with the
//! other screens are the app's catalogue (`ui/words.rs`), re-exported here.

use super::Notice;
use crate::lang::{Lang, Say};
pub use crate::ui::words::*;
use crate::xiangqi::notation::pgn::PgnError;

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
