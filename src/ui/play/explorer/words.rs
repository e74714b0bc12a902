//! The opening explorer's words in both languages.

use crate::explorer::Outcome;
use crate::lang::{Lang, Say, Text};

pub const EXPLORER: Text = Text::new("开局库", "Opening explorer");
pub const OPEN: Text = Text::new("打开开局库", "Open the explorer");
pub const CLOSE: Text = Text::new("收起开局库", "Close the explorer");
pub const LOADING: Text = Text::new("正在读取开局库…", "Loading the explorer…");
pub const FAILED: Text = Text::new(
    "开局库读取失败：离线，且此前没有查过这一局面。",
    "The explorer could not be loaded: offline, and this position was never looked up before.",
);
pub const NOT_IN_BOOK: Text = Text::new(
    "开局库里没有这一局面：前十五回合走到这里的大师对局不足两局。",
    "Not in the book: fewer than two master games reached this position in their first fifteen moves.",
);
pub const SOURCE: Text = Text::new("对局来源", "Games from");
pub const MASTER_GAMES: Text = Text::new("大师对局", "Master games");
pub const MY_GAMES: Text = Text::new("我的棋谱库", "My games");
pub const NOT_IN_MINE: Text = Text::new(
    "棋谱库里没有走到这一局面的对局（在“棋谱库”页导入棋谱）。",
    "No game of your database reached this position (import games on the Games page).",
);
pub const MINE_FAILED: Text = Text::new(
    "棋谱库打不开（由较新版本的应用写入，或浏览器不允许）。",
    "Your game database could not be opened (written by a newer app, or refused by the browser).",
);
pub const NO_OPENING: Text = Text::new("开局：未定", "Opening: not yet named");
pub const MOVE: Text = Text::new("着法", "Move");
pub const GAMES: Text = Text::new("局数", "Games");
pub const RESULTS: Text = Text::new("红胜 / 和 / 黑胜", "Red wins / draws / Black wins");
pub const YEAR: Text = Text::new("平均年份", "Avg. year");
pub const TOP_GAMES: Text = Text::new("代表对局", "Top games");
pub const UNNAMED: Text = Text::new("佚名", "unnamed");
pub const CREDIT_BEFORE: Text = Text::new("对局取自 ", "Games from the ");
pub const CREDIT_AFTER: Text = Text::new("，已转换为紧凑格式。", ", converted to a compact form.");
/// The dataset and its licence, by its own name in either language (as its licence asks).
pub const DATASET: &str = "Chinese Chess Practical Dataset (CC BY 4.0)";
pub const DATASET_URL: &str = "https://github.com/Yvonne761/Chinese-Chess-Practical-Dataset";

/// How many games reached the position, and their average year.
pub struct Reached {
    pub games: u32,
    pub year: Option<u16>,
}

impl Say for Reached {
    fn say(&self, lang: Lang) -> String {
        let Reached { games: n, year } = self;
        match (year, lang) {
            (Some(y), Lang::Zh) => format!("{n} 局 · 平均 {y} 年"),
            (None, Lang::Zh) => format!("{n} 局"),
            (Some(y), Lang::En) if *n == 1 => format!("1 game · {y}"),
            (Some(y), Lang::En) => format!("{n} games · average year {y}"),
            (None, Lang::En) => crate::lang::english_count(*n as usize, "game", "games"),
        }
    }
}

/// The shares of Red wins, draws and Black wins, in per mille, said in percent.
pub struct Shares(pub [u32; 3]);

impl Say for Shares {
    fn say(&self, lang: Lang) -> String {
        let [r, d, b] = self.0.map(|s| (s + 5) / 10);
        match lang {
            Lang::Zh => format!("红胜 {r}% · 和 {d}% · 黑胜 {b}%"),
            Lang::En => format!("Red wins {r}% · draws {d}% · Black wins {b}%"),
        }
    }
}

/// A game's result, short.
pub struct ResultWord(pub Outcome);

impl Say for ResultWord {
    fn say(&self, lang: Lang) -> String {
        match (self.0, lang) {
            (Outcome::RedWin, Lang::Zh) => "红胜",
            (Outcome::Draw, Lang::Zh) => "和",
            (Outcome::BlackWin, Lang::Zh) => "黑胜",
            (Outcome::Unknown, Lang::Zh) => "结果不详",
            (Outcome::RedWin, Lang::En) => "1-0",
            (Outcome::Draw, Lang::En) => "½-½",
            (Outcome::BlackWin, Lang::En) => "0-1",
            (Outcome::Unknown, Lang::En) => "result unknown",
        }
        .into()
    }
}
