//! The words of `#/games`, in both languages: the catalogue its views say them from.

use crate::lang::{english_count, Lang, Say, Text};

pub const TITLE: Text = Text::new("棋谱库", "Game database");
pub const INTRO: Text = Text::new(
    "把棋谱文件导入浏览器自己的数据库（只存在本机），再按棋手、赛事、年份、结果、开局或局面查找。",
    "Import game files into the browser's own database (kept on this device only), then search them by player, event, year, result, opening or position.",
);
pub const IMPORT: Text = Text::new("导入棋谱", "Import games");
pub const PICK_FILES: Text = Text::new("选择文件…", "Choose files…");
pub const PICK_FOLDER: Text = Text::new("选择文件夹…", "Choose a folder…");
pub const DROP_HERE: Text = Text::new(
    "或把文件、文件夹或 .zip 拖到这里。读取 PGN、DhtmlXQ、XQF、CBR、CBL、CBF 与 .zip。",
    "Or drop files, a folder or a .zip here. Reads PGN, DhtmlXQ, XQF, CBR, CBL, CBF and .zip.",
);
pub const CANCEL: Text = Text::new("取消导入", "Cancel the import");
pub const OPENING_DB: Text = Text::new("正在打开棋谱库…", "Opening the database…");
pub const NEWER_DB: Text = Text::new(
    "这个棋谱库是本应用的较新版本写的，这一版读不了。库未作任何改动：请换用新版本的应用打开。",
    "This database was written by a newer version of the app, which this one cannot read. It was left untouched: open it with the newer app.",
);
pub const NEWER_DB_UNAVAILABLE: Text = Text::new(
    "浏览器无法打开棋谱库（隐私模式或存储被禁用）",
    "The browser would not open the database (a private window, or storage turned off)",
);
pub const STORAGE_FULL: Text = Text::new(
    "存储空间已满，导入已停止。已导入的棋谱都保留了。请腾出空间后重新载入页面继续，或取消导入。",
    "Storage is full: the import stopped. Every game imported so far is kept. Free some space and reload the page to go on, or cancel the import.",
);
pub const CANCELLED: Text = Text::new(
    "导入已取消。已导入的棋谱都保留了。",
    "The import was cancelled. The games imported so far are kept.",
);
pub const FINISHED: Text = Text::new("导入完成。", "The import is finished.");
pub const RESUMED: Text = Text::new(
    "页面重新载入前的导入尚未完成，已接着导入剩下的文件。",
    "An import was interrupted by a reload: it went on with the files left.",
);
pub const IMPORTED: Text = Text::new("已导入", "Imported");
pub const DUPLICATES: Text = Text::new("重复（跳过）", "Duplicates (skipped)");
pub const ERRORS: Text = Text::new("无法读取", "Unreadable");
pub const ERROR_LIST: Text = Text::new("无法读取的文件", "Files that could not be read");
pub const SEARCH: Text = Text::new("查找棋谱", "Search the games");
pub const PLAYER: Text = Text::new("棋手", "Player");
pub const PLAYER_HINT: Text = Text::new(
    "简体或繁体均可，如 吕钦",
    "In simplified or traditional characters",
);
pub const EVENT: Text = Text::new("赛事", "Event");
pub const YEAR_FROM: Text = Text::new("年份从", "Year from");
pub const YEAR_TO: Text = Text::new("到", "to");
pub const RESULT: Text = Text::new("结果", "Result");
pub const ANY: Text = Text::new("不限", "Any");
pub const RED_WINS: Text = Text::new("红胜", "Red wins");
pub const DRAW: Text = Text::new("和棋", "Draw");
pub const BLACK_WINS: Text = Text::new("黑胜", "Black wins");
pub const ECCO: Text = Text::new("开局（ECCO 编号或名称）", "Opening (ECCO code or name)");
pub const ECCO_SHORT: Text = Text::new("开局", "Opening");
pub const POSITION: Text = Text::new("局面", "Position");
pub const NO_POSITION: Text = Text::new("不限局面", "Any position");
pub const PLAY_BOARD: Text = Text::new("对弈页棋盘上的局面", "The position on the board of Play");
pub const PASTED_FEN: Text = Text::new("粘贴的 FEN", "A pasted FEN");
pub const FEN: Text = Text::new("FEN", "FEN");
pub const MATERIAL_ONLY: Text = Text::new(
    "只比子力（同样的棋子，位置不限）",
    "Material only (the same pieces, anywhere)",
);
pub const FIND: Text = Text::new("查找", "Search");
pub const SAVE_THESE: Text = Text::new("把这些棋谱存为 PGN 文件", "Save these games as a PGN file");
pub const NO_GAMES: Text = Text::new("没有符合条件的棋谱。", "No game matches.");
pub const DATE: Text = Text::new("日期", "Date");
pub const RED: Text = Text::new("红方", "Red");
pub const BLACK: Text = Text::new("黑方", "Black");
pub const OPEN_HINT: Text = Text::new(
    "点一局，在对弈页打开（连同变着与注释）。",
    "Click a game to open it on Play (with its variations and comments).",
);
pub const PREVIOUS_PAGE: Text = Text::new("上一页", "Previous page");
pub const NEXT_PAGE: Text = Text::new("下一页", "Next page");
pub const STORAGE: Text = Text::new("本机存储", "Storage:");
pub const NO_PLAY_BOARD: Text = Text::new(
    "对弈页还没有保存的棋局：请先在对弈页摆出局面，或粘贴 FEN。",
    "Play has no saved game yet: set the position up on Play first, or paste a FEN.",
);
pub const NOT_SAVED: Text = Text::new(
    "无法把这局棋存给对弈页（本机存储已满）。",
    "The game could not be handed to Play (this device's storage is full).",
);

/// A sentence of `#/games` with numbers or names in it.
#[derive(Clone, Debug, PartialEq)]
pub enum Said {
    /// The database holds `n` games.
    Held(usize),
    /// `done` of `of` files read, `games` new games, at `rate` games a second, `left` seconds to go.
    Progress {
        done: usize,
        of: usize,
        games: usize,
        rate: u32,
        left: Option<u32>,
    },
    /// `n` games match; page `page` of `pages`.
    Found { n: usize, page: usize, pages: usize },
    /// `used` of `quota` bytes of this site's storage.
    Storage { used: f64, quota: f64 },
}

/// Megabytes, one decimal.
fn mb(bytes: f64) -> String {
    format!("{:.1} MB", bytes / 1e6)
}

impl Say for Said {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (Said::Held(n), Lang::Zh) => format!("库中共 {n} 局"),
            (Said::Held(n), Lang::En) => {
                format!("{} in the database", english_count(*n, "game", "games"))
            }
            (
                Said::Progress {
                    done,
                    of,
                    games,
                    rate,
                    left,
                },
                Lang::Zh,
            ) => {
                let left = left.map(|s| format!("，约剩 {s} 秒")).unwrap_or_default();
                format!("已读 {done} / {of} 个文件，新增 {games} 局，每秒 {rate} 局{left}")
            }
            (
                Said::Progress {
                    done,
                    of,
                    games,
                    rate,
                    left,
                },
                Lang::En,
            ) => {
                let left = left
                    .map(|s| format!(", about {s} s left"))
                    .unwrap_or_default();
                format!(
                    "{done} of {of} files read, {} new, {rate} games a second{left}",
                    english_count(*games, "game", "games")
                )
            }
            (Said::Found { n, page, pages }, Lang::Zh) => {
                format!("找到 {n} 局 · 第 {page} / {pages} 页")
            }
            (Said::Found { n, page, pages }, Lang::En) => {
                format!(
                    "{} found · page {page} of {pages}",
                    english_count(*n, "game", "games")
                )
            }
            (Said::Storage { used, quota }, Lang::Zh) => {
                format!("已用 {}（可用 {}）", mb(*used), mb(*quota))
            }
            (Said::Storage { used, quota }, Lang::En) => {
                format!("{} used (of {})", mb(*used), mb(*quota))
            }
        }
    }
}
