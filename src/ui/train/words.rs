//! The fixed words of `#/train`, in both languages: the catalogue its views say them from.

use crate::lang::{Lang, Say, Text};
use crate::train::progress::ProgressError;

pub const TRAIN_TITLE: Text = Text::new("练习", "Train");
pub const PUZZLES: Text = Text::new("题目", "Puzzles");
pub const STREAK: Text = Text::new("连胜", "Streak");
pub const MODES: Text = Text::new("练习方式", "Ways to train");
pub const LOADING: Text = Text::new("正在载入题目…", "Loading the puzzles…");
pub const HINT: Text = Text::new("提示", "Hint");
pub const SOLUTION: Text = Text::new("看答案", "Solution");
pub const TRY_AGAIN: Text = Text::new("再试一次", "Try again");
pub const SHOW_REFUTATION: Text = Text::new("为什么不对？", "Why not?");
pub const NEXT_PUZZLE: Text = Text::new("下一题", "Next puzzle");
pub const THEMES: Text = Text::new("主题", "Themes");
pub const ALL_THEMES: Text = Text::new("全部", "All");
pub const YOUR_RATING: Text = Text::new("你的等级分", "Your rating");
pub const PUZZLE_RATING: Text = Text::new("本题等级分", "Puzzle rating");
pub const RIGHT: Text = Text::new("正确！继续。", "Right! Keep going.");
pub const SOLVED: Text = Text::new("解出了！", "Solved!");
pub const WRONG: Text = Text::new(
    "不对：这步棋不能取胜。",
    "Not that: this move does not win.",
);
pub const THINKING: Text = Text::new("正在计算对方的应着…", "Finding the answer to it…");
pub const HINT_SHOWN: Text = Text::new("提示：走这个棋子。", "Hint: move this piece.");
pub const NO_MORE_PUZZLES: Text = Text::new(
    "所选主题的题目已全部做过。换个主题，或选“全部”。",
    "Every puzzle of the chosen themes is done. Choose other themes, or All.",
);
pub const DATA_NOT_LOADED: Text = Text::new(
    "题目数据无法载入（离线且尚未保存？）。连接网络后重新载入本页。",
    "The puzzle data could not be loaded (offline and not kept yet?). Connect and reload the page.",
);
pub const START_STREAK: Text = Text::new("开始连胜", "Start a streak");
pub const STREAK_RULES: Text = Text::new(
    "题目越来越难，直到第一次走错。不能用提示。",
    "Puzzles get harder until the first mistake. No hints.",
);
pub const BEST_STREAK: Text = Text::new("最佳连胜", "Best streak");
pub const SOURCE: Text = Text::new("出处：", "Source: ");
pub const CREDIT_BEFORE: Text = Text::new("题目取自 ", "Puzzles from the ");
pub const CREDIT_AFTER: Text = Text::new(
    "，由本应用的引擎切成题目并验证。",
    ", cut into puzzles and checked by this app's engine.",
);
/// The dataset and its licence, by its own name in either language (as its licence asks).
pub const DATASET: &str = "Chinese Chess Practical Dataset, CC BY 4.0";
pub const SOLVED_WITH_HELP: Text = Text::new(
    "走完了，但不计分（走错过、看过提示或答案）。",
    "Done, but not counted (after a mistake, a hint or the solution).",
);
pub const HISTORY: Text = Text::new("最近做过的题", "Recent puzzles");
pub const SOLVED_MARK: Text = Text::new("✓ 解出", "✓ solved");
pub const MISSED_MARK: Text = Text::new("✗ 未解出", "✗ missed");

pub const ENDGAMES: Text = Text::new("残局", "Endgames");
pub const START_AGAIN: Text = Text::new("重新开始", "Start again");
pub const NEXT_STUDY: Text = Text::new("下一局", "Next study");
pub const YOU_WON: Text = Text::new("你赢了！", "You won!");
pub const A_DRAW: Text = Text::new("和棋。", "A draw.");
pub const THE_ENGINE_WON: Text = Text::new("电脑赢了。再来一次？", "The engine won. Try again?");
pub const ENGINE_THINKS: Text = Text::new("电脑思考中…", "The engine is thinking…");
pub const YOU_HELD_THE_DRAW: Text = Text::new("守和成功！", "You held the draw!");
pub const SHOW_SOLUTION: Text = Text::new("看原谱着法", "Show the solution");
pub const SOLUTION_TITLE: Text = Text::new(
    "原谱着法（出自原局）",
    "The published solution (the record)",
);
pub const OFF_THE_RECORD: Text = Text::new(
    "已离开原谱：没有提示了，可以看原谱或重新开始。",
    "You have left the published line: no hint now; see the solution or start again.",
);
pub const SETS: Text = Text::new("教学题集", "Teacher's sets");
pub const SET: Text = Text::new("题集", "Set");
pub const MY_SET: Text = Text::new("我的题集", "My set");
pub const NEW_SET_NAME: Text = Text::new("新题集的名称", "Name of a new set");
pub const NEW_SET: Text = Text::new("新建题集", "New set");
pub const ADD_TO_SET: Text = Text::new("加入题集", "Add to set");
pub const COMMENT: Text = Text::new("评注", "Comment");
pub const MOVE_UP: Text = Text::new("上移", "Move up");
pub const MOVE_DOWN: Text = Text::new("下移", "Move down");
pub const REMOVE: Text = Text::new("删除", "Remove");
pub const SAVE_AS_FILE: Text = Text::new("保存为文件", "Save as a file");
pub const LINK_AND_QR: Text = Text::new("链接与二维码", "Link and QR code");
pub const PRESENT: Text = Text::new("课堂展示", "Present to the class");
pub const OPEN_SET_FILE: Text = Text::new("打开题集文件", "Open a set file");
pub const CLOSE: Text = Text::new("关闭", "Close");
pub const PREVIOUS: Text = Text::new("上一题", "Previous");
pub const SHOW_THE_MOVE: Text = Text::new("显示着法", "Show the move");
pub const SHOW_THE_LINE: Text = Text::new("显示全部着法", "Show the line");
pub const NEXT_POSITION: Text = Text::new("下一题", "Next position");
pub const KEEP_THIS_SET: Text = Text::new("保存此题集", "Keep this set");

/// A sentence of the trainer with numbers or names in it.
#[derive(Clone, Debug, PartialEq)]
pub enum Said {
    /// The puzzles on offer.
    PuzzleCount(usize),
    /// Whose move it is to find.
    FindTheMove(crate::xiangqi::Color),
    /// The player's rating moved by this much after a puzzle.
    RatingChange(i32),
    /// The streak so far.
    StreakSoFar(u32),
    /// The streak ended at this many.
    StreakOver(u32),
    /// The refutation of the wrong move, in Chinese notation.
    Refutation(String),
    /// The move number in the game a puzzle comes from.
    MoveNumber(u32),
    /// A position was added to the named set.
    AddedTo(String),
    /// Position `.0` of `.1` in the class view.
    Position(usize, usize),
    /// The player's side in an endgame against the engine.
    PlayItOut(crate::xiangqi::Color),
    /// The player's side in a draw study: hold the draw.
    HoldTheDraw(crate::xiangqi::Color),
}

impl Say for Said {
    fn say(&self, lang: Lang) -> String {
        use crate::xiangqi::Color;
        match (self, lang) {
            (Said::PuzzleCount(n), Lang::Zh) => format!("共 {n} 道题"),
            (Said::PuzzleCount(n), Lang::En) => format!("{n} puzzles"),
            (Said::FindTheMove(Color::Red), Lang::Zh) => "红方走：找出最佳着法".into(),
            (Said::FindTheMove(Color::Black), Lang::Zh) => "黑方走：找出最佳着法".into(),
            (Said::FindTheMove(Color::Red), Lang::En) => "Red to move: find the best move".into(),
            (Said::FindTheMove(Color::Black), Lang::En) => {
                "Black to move: find the best move".into()
            }
            (Said::RatingChange(d), Lang::Zh) => format!("等级分 {d:+}"),
            (Said::RatingChange(d), Lang::En) => format!("Rating {d:+}"),
            (Said::StreakSoFar(n), Lang::Zh) => format!("连胜 {n} 题"),
            (Said::StreakSoFar(n), Lang::En) => format!("Streak: {n}"),
            (Said::StreakOver(n), Lang::Zh) => format!("连胜结束：共解出 {n} 题。"),
            (Said::StreakOver(n), Lang::En) => format!("The streak is over: {n} solved."),
            (Said::Refutation(m), Lang::Zh) => format!("对方的应着：{m}"),
            (Said::Refutation(m), Lang::En) => format!("The answer to it: {m}"),
            (Said::MoveNumber(n), Lang::Zh) => format!("第 {n} 回合"),
            (Said::MoveNumber(n), Lang::En) => format!("move {n}"),
            (Said::AddedTo(name), Lang::Zh) => format!("已加入题集“{name}”"),
            (Said::AddedTo(name), Lang::En) => format!("Added to the set “{name}”"),
            (Said::Position(n, of), Lang::Zh) => format!("第 {n} / {of} 题"),
            (Said::Position(n, of), Lang::En) => format!("Position {n} of {of}"),
            (Said::PlayItOut(Color::Red), Lang::Zh) => "你执红，与电脑走到底".into(),
            (Said::PlayItOut(Color::Black), Lang::Zh) => "你执黑，与电脑走到底".into(),
            (Said::PlayItOut(Color::Red), Lang::En) => {
                "You play Red against the engine, to the end".into()
            }
            (Said::PlayItOut(Color::Black), Lang::En) => {
                "You play Black against the engine, to the end".into()
            }
            (Said::HoldTheDraw(Color::Red), Lang::Zh) => "和局：你执红，守住和棋".into(),
            (Said::HoldTheDraw(Color::Black), Lang::Zh) => "和局：你执黑，守住和棋".into(),
            (Said::HoldTheDraw(Color::Red), Lang::En) => {
                "A draw study: you play Red, hold the draw".into()
            }
            (Said::HoldTheDraw(Color::Black), Lang::En) => {
                "A draw study: you play Black, hold the draw".into()
            }
        }
    }
}

impl Say for ProgressError {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (_, Lang::En) => crate::lang::sentence(self.to_string()),
            (ProgressError::Json(e), Lang::Zh) => format!("练习记录已损坏：{e}"),
            (ProgressError::NewerVersion(v), Lang::Zh) => {
                format!("练习记录是较新版本（{v}）保存的，本应用无法读取")
            }
            (ProgressError::BadRating, Lang::Zh) => "练习记录中的等级分已损坏".into(),
        }
    }
}
