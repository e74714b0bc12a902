//! The fixed words of the app's shared screens, in both languages: the catalogue its views say them from.

use crate::lang::{Lang, Say, Text};

// access.rs
pub const LIST_COMMA: Text = Text::new("，", ", ");
pub const PIECE_SET: Text = Text::new("棋子样式", "Piece set");
// board.rs
pub const SELECTED: Text = Text::new("，已选中", ", selected");
pub const A_LEGAL_MOVE: Text = Text::new("，可走到此处", ", a legal move");
pub const IN_CHECK: Text = Text::new("，被将军", ", in check");
pub const LAST_MOVE: Text = Text::new("，上一步", ", last move");
pub const BOARD_ARROW_KEYS_MOVE: Text = Text::new(
    "棋盘：方向键移动，回车或空格选子、落子；t 报剩余时间",
    "Board: arrow keys move, Enter or Space picks and places; t tells the time left",
);
// clock.rs
pub const BLACK: Text = Text::new("黑方", "Black");
pub const RED: Text = Text::new("红方", "Red");
pub const SET: Text = Text::new("设定", "Set");
// editor.rs
pub const CANCEL: Text = Text::new("取消", "Cancel");
// engine_panel.rs
pub const CLUB: Text = Text::new("俱乐部", "Club");
pub const S: Text = Text::new("秒", "s");
pub const HINT: Text = Text::new("提示", "Hint");
pub const STOP: Text = Text::new("停止", "Stop");
// mod.rs
pub const XIANGQI_CLUB: Text = Text::new("象棋俱乐部", "Xiangqi Club");
pub const SECTIONS: Text = Text::new("栏目", "Sections");
pub const PLAY: Text = Text::new("对弈", "Play");
pub const SCORESHEET: Text = Text::new("记录纸", "Scoresheet");
pub const ROUND_ROBIN: Text = Text::new("循环赛", "Round robin");
pub const CLOCK: Text = Text::new("棋钟", "Clock");
pub const SCHEDULE: Text = Text::new("赛程编排", "Schedule");
pub const SWISS: Text = Text::new("积分编排", "Swiss");
pub const MEMBERS: Text = Text::new("会员", "Members");
pub const TRAIN: Text = Text::new("练习", "Train");
pub const GAMES: Text = Text::new("棋谱库", "Games");
pub const SWITCH_TO_CHINESE: Text = Text::new("切换到英文", "Switch to Chinese");
// moves.rs
pub const MOVES: Text = Text::new("着法", "Moves");
// play.rs
pub const DISMISS: Text = Text::new("知道了", "Dismiss");
// review.rs
pub const DOWNLOAD_FAILED: Text = Text::new("下载失败", "Download failed");
// scoresheet.rs
pub const EVENT_NAME: Text = Text::new("比赛名称", "Event");
pub const ROUND: Text = Text::new("轮次", "Round");
pub const BOARD: Text = Text::new("台次", "Board");
pub const DATE: Text = Text::new("日期", "Date");
pub const PRINT: Text = Text::new("打印", "Print");
pub const RESULT: Text = Text::new("结果", "Result");
pub const UNFINISHED: Text = Text::new("未定", "Unfinished");
pub const RED_WINS: Text = Text::new("红胜", "Red wins");
pub const BLACK_WINS: Text = Text::new("黑胜", "Black wins");
pub const DRAW: Text = Text::new("和棋", "Draw");
pub const FULL: Text = Text::new("完整", "Full");
pub const FOULS: Text = Text::new("犯规", "Fouls");
pub const CHINESE_NOTATION: Text = Text::new("中文记谱", "Chinese");
// storage.rs
pub const NOT_SAVED_THE_BROWSERS: Text = Text::new("未能保存：浏览器存储已满或已停用，本页的更改在重新载入后会丢失。请删除旧数据腾出空间，或先导出文件。", "Not saved: the browser's storage is full or disabled; changes on this page will be lost on reload. Delete old data to make room, or export first.");
pub const DOWNLOAD_THE_RAW_DATA: Text = Text::new("下载原始数据", "Download the raw data");
pub const SET_ASIDE_AND_START_FRESH: Text =
    Text::new("另存后重新开始", "Set it aside and start fresh");
pub const DISCARD_IT_AND_START: Text = Text::new("丢弃并重新开始", "Discard it and start fresh");
// study.rs
pub const MARKS: Text = Text::new("标记", "Marks");
pub const CLOSE: Text = Text::new("关闭", "Close");
pub const EVENT: Text = Text::new("赛事", "Event");
pub const PLACE: Text = Text::new("地点", "Place");
// verdict.rs
pub const MOVE: Text = Text::new("着法", "Move");
pub const KIND: Text = Text::new("性质", "Kind");
// Notation names that are the same in both languages.
pub const WXF: Text = Text::new("WXF", "WXF");
pub const ICCS: Text = Text::new("ICCS", "ICCS");

// The board's markings, printed on a real board and shown the same in both languages (the board
// is marked `translate="no"`). Red numbers its files 一…九 from its own right (article 7.5).
pub const RED_FILES: [&str; 9] = ["九", "八", "七", "六", "五", "四", "三", "二", "一"];
pub const RIVER_LEFT: &str = "楚 河";
pub const RIVER_RIGHT: &str = "漢 界";
/// The ideographic space that spaces items of a line, in both languages.
pub const WIDE_SPACE: &str = "　";

/// A board row's name for a screen reader: its rank, counted from Red's side.
pub struct Rank(pub u8);

impl Say for Rank {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (Rank(r), Lang::Zh) => format!("第{r}行"),
            (Rank(r), Lang::En) => format!("rank {r}"),
        }
    }
}

/// A message said earlier, kept in both languages for when what said it is gone: the lean play
/// bundle hands its notices to the full one so (their domain values do not serialise), and the
/// PGN import keeps a file's warnings so (they borrow the decoded text).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SaidBefore(String, String);

impl SaidBefore {
    /// What `said` says, in both languages. Never inlined: inlined at a call site the two calls
    /// of `say` would be devirtualised and each error's sentences copied into every page bundle.
    #[inline(never)]
    pub fn of(said: &dyn Say) -> SaidBefore {
        SaidBefore(said.say(Lang::Zh), said.say(Lang::En))
    }

    /// What `say` gives in each language (a sentence put together on the page).
    pub fn by(say: impl Fn(Lang) -> String) -> SaidBefore {
        SaidBefore(say(Lang::Zh), say(Lang::En))
    }

    /// A text with one form only (a worker's report of a failure), the same in both languages.
    pub fn plain(text: String) -> SaidBefore {
        SaidBefore(text.clone(), text)
    }
}

/// A page's message, kept in both languages so that the language button re-says it.
impl From<crate::saved::NotSaved> for SaidBefore {
    fn from(e: crate::saved::NotSaved) -> SaidBefore {
        SaidBefore::of(&e)
    }
}

impl Say for SaidBefore {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (SaidBefore(zh, _), Lang::Zh) => zh.clone(),
            (SaidBefore(_, en), Lang::En) => en.clone(),
        }
    }
}

// Shared by several pages (their word files re-export them).
pub const KNOCKOUT: Text = Text::new("淘汰赛", "Knockout");
pub const NAME: Text = Text::new("姓名", "Name");
pub const RATING: Text = Text::new("等级分", "Rating");
pub const IMPORT_JSON: Text = Text::new("导入 JSON", "Import JSON");
pub const SCORING: Text = Text::new("计分", "Scoring");
pub const BOARD_ORDER: Text = Text::new("台次", "Board order");
pub const FIXED_ORDER_12_1: Text = Text::new("分台定人制 (12.1)", "Fixed order (12.1)");
pub const WITH_SUBSTITUTES_12_2: Text = Text::new("分台换人制 (12.2)", "With substitutes (12.2)");
pub const CHOSEN_PER_MATCH_12_3: Text = Text::new("临时定台制 (12.3)", "Chosen per match (12.3)");
pub const POINTS: Text = Text::new("积分", "Points");
pub const ENTRANTS: Text = Text::new("参赛者", "Entrants");
pub const ADD: Text = Text::new("加入", "Add");
pub const SECOND_TEAM: Text = Text::new("后走队", "Second team");
pub const INDIVIDUAL: Text = Text::new("个人赛", "Individual");
pub const TEAM: Text = Text::new("团体赛", "Team");
pub const BOARDS: Text = Text::new("台数", "Boards");
pub const CREATE: Text = Text::new("创建", "Create");
pub const DELETE_EVENT: Text = Text::new("删除赛事", "Delete event");
pub const BYE: Text = Text::new("轮空", "bye");
