//! The fixed words of the round robin, in both languages: the catalogue its views say them from.

use crate::lang::{Lang, Say, Text};
pub use crate::ui::words::{
    ADD, BLACK, BOARDS, BOARD_ORDER, BYE, CANCEL, CHOSEN_PER_MATCH_12_3, CREATE, DELETE_EVENT,
    ENTRANTS, EVENT, FIXED_ORDER_12_1, FOULS, IMPORT_JSON, INDIVIDUAL, PRINT, RED, RESULT,
    ROUND_ROBIN, SCORING, SECOND_TEAM, TEAM, WITH_SUBSTITUTES_12_2,
};

// create.rs
pub const BOARDS_NOT_A_WHOLE_NUMBER: Text =
    Text::new("台数应为整数", "Boards must be a whole number");
pub const NEW_EVENT: Text = Text::new("新建赛事", "New event");
pub const NAME: Text = Text::new("名称", "Name");
pub const TYPE: Text = Text::new("类型", "Type");
pub const CYCLES: Text = Text::new("循环", "Cycles");
pub const SINGLE_ROUND_ROBIN: Text = Text::new("单循环 (一局制)", "Single round robin");
pub const DOUBLE_ROUND_ROBIN: Text = Text::new("双循环 (两局制)", "Double round robin");
pub const WIN_1_DRAW_LOSS: Text = Text::new("胜1 和½ 负0 (14.1)", "Win 1, draw ½, loss 0 (14.1)");
pub const WIN_TWO_DRAW_ONE: Text = Text::new("胜2 和1 负0", "Win 2, draw 1, loss 0");
// crosstable.rs
pub const CROSSTABLE: Text = Text::new("成绩交叉表", "Crosstable");
pub const NO: Text = Text::new("编号", "No.");
pub const SCORE: Text = Text::new("得分", "Score");
// entrants.rs
pub const WARNINGS_18_1: Text = Text::new("警告 18.1", "Warnings 18.1");
pub const GAME_DQ_18_2: Text = Text::new("取消资格 18.2", "Game DQ 18.2");
pub const WITHDRAWAL_20_3: Text = Text::new("退出 20.3", "Withdrawal 20.3");
pub const CLEAR_THE_DRAW: Text = Text::new("取消抽签", "Clear the draw");
pub const PASTE_TEAMS_ONE_PER: Text = Text::new(
    "粘贴队名，每行一队；可写“队名: 队员1, 队员2, …”",
    "Paste teams, one per line; optionally `Team: player 1, player 2, …`",
);
pub const PASTE_NAMES_ONE_PER: Text = Text::new("粘贴名单，每行一人", "Paste names, one per line");
pub const SEED_NOT_A_WHOLE_NUMBER: Text =
    Text::new("种子应为整数", "the seed must be a whole number");
pub const DRAW_SEED: Text = Text::new("抽签种子", "Draw seed");
pub const DRAW_NUMBERS: Text = Text::new("抽签编号", "Draw numbers");
pub const NUMBERS_BY_HAND_LIST: Text = Text::new(
    "手工编号（按名单序号列出，如 3,1,2）",
    "Numbers by hand (list positions, e.g. 3,1,2)",
);
pub const SET_THESE_NUMBERS: Text = Text::new("按手工顺序编号", "Set these numbers");
pub const NUMBER_AS_LISTED: Text = Text::new("按名单顺序编号", "Number as listed");
pub const LIST_COMMA: Text = Text::new("、", ", ");
pub const WITHDRAWAL_20_3_LABEL: Text = Text::new("退出 (20.3)", "Withdrawal (20.3)");
pub const WITHDREW_AFTER_ROUND_20: Text = Text::new(
    "第几轮后退出 (20.3)，空为未退出",
    "Withdrew after round (20.3), blank for none",
);
pub const WARNINGS_18_1_LABEL: Text = Text::new("警告 (18.1)", "Warnings (18.1)");
pub const GAME_DISQUALIFICATIONS_18_2: Text =
    Text::new("取消当场资格 (18.2)", "Game disqualifications (18.2)");
// mod.rs
pub const BOARDS_IN_SENTENCE: Text = Text::new("台", "boards");
pub const DOUBLE_ROUND_ROBIN_IN_SENTENCE: Text = Text::new("双循环", "double round robin");
pub const SINGLE_ROUND_ROBIN_IN_SENTENCE: Text = Text::new("单循环", "single round robin");
pub const SCALE_2_1_0: Text = Text::new("胜2和1负0", "2/1/0");
pub const SCALE_1_HALF_0: Text = Text::new("胜1和½负0", "1/½/0");
// rounds.rs
pub const ROUNDS_AND_RESULTS: Text = Text::new("各轮对阵与结果", "Rounds and results");
pub const FIRST_TEAM_RED_ON: Text =
    Text::new("先走队（单数台执红）", "First team (Red on odd boards)");
pub const WITHDRAWN_FORFEIT: Text = Text::new("退出：弃权", "withdrawn: forfeit");
pub const SET_LINE_UPS: Text = Text::new("定台次", "Set line-ups");
// standings.rs
pub const STANDINGS: Text = Text::new("名次", "Standings");
pub const PLACE: Text = Text::new("名次", "Place");
pub const GM: Text = Text::new("局", "Gm");
pub const W: Text = Text::new("胜", "W");
pub const D: Text = Text::new("和", "D");
pub const L: Text = Text::new("负", "L");
pub const TIES_BROKEN_IN_ORDER: Text = Text::new("同分时依次比较：", "Ties broken in order: ");
pub const STILL_EQUAL_SHARED_PLACE: Text = Text::new(
    "；仍相同则名次并列 (=)。",
    "; still equal: shared place (=).",
);
pub const ANNULLED_20_3: Text = Text::new("成绩注销 (20.3)", "annulled (20.3)");
pub const WITHDREW: Text = Text::new("退出", "withdrew");
// store.rs
pub const STANDINGS_TABLE: Text = Text::new("名次表", "Standings");
pub const PAIRINGS_BY_ROUND: Text = Text::new("各轮对阵", "Pairings by round");
pub const EVERYTHING: Text = Text::new("全部", "Everything");
// tiebreaks.rs
pub const TIE_BREAK_ORDER: Text = Text::new("区分名次的顺序", "Tie-break order");
// toolbar.rs
pub const DELETE_THIS_EVENT: Text = Text::new("删除该赛事？", "Delete this event?");
pub const EXPORT_JSON: Text = Text::new("导出 JSON", "Export JSON");
pub const STANDINGS_CSV: Text = Text::new("导出成绩 CSV", "Standings CSV");
pub const PRINT_WHAT: Text = Text::new("打印内容", "Print");
pub const FORFEIT_LEGEND: Text = Text::new(
    "“+”“-”为弃权胜负 (21.4)",
    "“+” / “-”: won / lost by forfeit (21.4)",
);

/// A message of the round-robin page with the round, board or numbers it names.
pub enum Said<'a> {
    /// A round's heading.
    Round(usize),
    /// A result control's name: round, the pairing's numbers, and the board when there are several.
    ResultOf {
        round: usize,
        red: usize,
        black: usize,
        board: Option<usize>,
    },
    /// A withdrawal choice: after round `r` (20.3).
    WithdrawnAfter(usize),
    /// The pager: items `a` to `b` of `n`.
    ItemsOf { a: usize, b: usize, n: usize },
    /// A team's line-up in a round (12.2, 12.3).
    LineUp { round: usize, team: usize },
    /// A number field holds what is not a whole number.
    NotAWholeNumber(&'a str),
    /// The button that removes an entrant.
    RemoveEntrant(&'a str),
    /// The button that moves a tie-break up the order.
    MoveUp(&'a str),
    /// An event was imported from a file.
    Imported(&'a str),
    /// An import failed, and why: the events are as they were.
    ImportFailed(&'a dyn Say),
}

impl Say for Said<'_> {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (Said::Round(r), Lang::Zh) => format!("第 {r} 轮"),
            (Said::Round(r), Lang::En) => format!("Round {r}"),
            (
                Said::ResultOf {
                    round,
                    red,
                    black,
                    board,
                },
                Lang::Zh,
            ) => {
                let board = board.map(|b| format!(" 第{b}台")).unwrap_or_default();
                format!("第{round}轮 {red}-{black}{board} 结果")
            }
            (
                Said::ResultOf {
                    round,
                    red,
                    black,
                    board,
                },
                Lang::En,
            ) => {
                let board = board.map(|b| format!(", board {b}")).unwrap_or_default();
                format!("Result, round {round}, {red}-{black}{board}")
            }
            (Said::WithdrawnAfter(r), Lang::Zh) => format!("第{r}轮后退出"),
            (Said::WithdrawnAfter(r), Lang::En) => format!("after round {r}"),
            (Said::ItemsOf { a, b, n }, Lang::Zh) => format!("第 {a}–{b} 项，共 {n} 项"),
            (Said::ItemsOf { a, b, n }, Lang::En) => format!("{a}–{b} of {n}"),
            (Said::LineUp { round, team }, Lang::Zh) => format!("第{round}轮 {team} 队台次"),
            (Said::NotAWholeNumber(v), Lang::Zh) => format!("`{v}`: 请输入整数"),
            (Said::NotAWholeNumber(v), Lang::En) => format!("`{v}`: enter a whole number"),
            (Said::RemoveEntrant(who), Lang::Zh) => format!("移除 {who}"),
            (Said::RemoveEntrant(who), Lang::En) => format!("Remove {who}"),
            (Said::MoveUp(t), Lang::Zh) => format!("上移 {t}"),
            (Said::MoveUp(t), Lang::En) => format!("Move up {t}"),
            (Said::Imported(name), Lang::Zh) => format!("已导入：{name}"),
            (Said::Imported(name), Lang::En) => format!("Imported: {name}"),
            (Said::ImportFailed(e), Lang::Zh) => {
                format!("导入失败，现有数据未改动：{}", e.say(lang))
            }
            (Said::ImportFailed(e), Lang::En) => {
                format!("Import failed, nothing changed: {}", e.say(lang))
            }
            (Said::LineUp { round, team }, Lang::En) => {
                format!("Round {round}: line-up of team {team}")
            }
        }
    }
}
