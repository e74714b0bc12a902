//! The fixed words of the Swiss event and the knockout, in both languages: the catalogue its views say them from.

use crate::lang::{Lang, Say, Text};
pub use crate::ui::words::{
    ADD, BLACK, BOARDS, BYE, CREATE, DELETE_EVENT, ENTRANTS, FOULS, INDIVIDUAL, KNOCKOUT, NAME,
    POINTS, PRINT, RATING, RED, RESULT, SCORING, SECOND_TEAM, TEAM,
};

// entrants.rs
pub const PLAYS: Text = Text::new("参赛", "plays");
pub const ABSENT: Text = Text::new("缺席", "absent");
pub const HALF_POINT_BYE: Text = Text::new("轮空半分", "half-point bye");
pub const FULL_POINT_BYE: Text = Text::new("轮空全分", "full-point bye");
pub const ONE_TEAM_PER_LINE: Text = Text::new(
    "每行一队：队名: 队员 等级分, 队员, …（按台次顺序）",
    "One team per line: team: player rating, player, … (in board order)",
);
pub const ONE_PER_LINE_NAME: Text = Text::new(
    "每行一名：姓名, 等级分（可省略）",
    "One per line: name, rating (optional)",
);
pub const NUMBER_BY_RATING: Text = Text::new("按等级分排序号", "Number by rating");
pub const NO: Text = Text::new("序号", "No.");
pub const PLAYERS_BOARD_ORDER: Text = Text::new("队员（台次顺序）", "Players (board order)");
pub const NEXT_ROUND: Text = Text::new("下一轮", "Next round");
pub const WITHDRAWAL: Text = Text::new("退赛", "Withdrawal");
pub const WITHDRAWN: Text = Text::new("退赛", "withdrawn");
// knockout.rs
pub const AS_LISTED: Text = Text::new("按列表顺序", "as listed");
pub const BY_RATING: Text = Text::new("按等级分", "by rating");
pub const BY_LOT: Text = Text::new("抽签", "by lot");
pub const THIS_BRACKET_WAS_MADE: Text = Text::new("此对阵图由“比赛编排”页的小组最终名次生成（交叉淘汰 A1–B2、B1–A2 …）；小组名次见下方输入框。", "This bracket was made from the final group tables of the match scheduler (crossover A1–B2, B1–A2 …); the tables are in the box below.");
pub const SINGLE_ELIMINATION: Text = Text::new("单败淘汰", "Single elimination");
pub const DOUBLE_ELIMINATION: Text = Text::new("双败淘汰", "Double elimination");
pub const THIRD_PLACE_MATCH: Text = Text::new("三四名决赛", "Third-place match");
pub const ENTRANTS_ONE_PER_LINE: Text = Text::new(
    "参赛者（每行一名：姓名, 等级分）",
    "Entrants (one per line: name, rating)",
);
pub const SEEDING: Text = Text::new("种子", "Seeding");
pub const LOT_SEED: Text = Text::new("抽签种子数", "lot seed");
pub const MAKE_BRACKET: Text = Text::new("生成对阵图", "Make bracket");
pub const FROM_THE_SWISS_STANDINGS: Text =
    Text::new("按积分编排名次生成", "From the Swiss standings");
pub const GROUP_TABLES_ONE_GROUP: Text = Text::new(
    "小组名次（每行一组，按名次：A: 第一, 第二, …）",
    "Group tables (one group per line, in finishing order: A: first, second, …)",
);
pub const CROSSOVER_FROM_THE_GROUPS: Text = Text::new(
    "按小组名次交叉淘汰（A1–B2, B1–A2 …）",
    "Crossover from the groups (A1–B2, B1–A2 …)",
);
pub const PAPER: Text = Text::new("纸张", "Paper");
pub const BYE_SUFFIX: Text = Text::new("（轮空）", "(bye)");
// mod.rs
pub const THIS_ROUNDS_PAIRINGS: Text = Text::new("本轮对阵", "This round's pairings");
pub const STANDINGS: Text = Text::new("名次表", "Standings");
pub const ALL_ROUNDS: Text = Text::new("各轮成绩", "All rounds");
pub const KNOCKOUT_BRACKET: Text = Text::new("淘汰赛对阵图", "Knockout bracket");
pub const SWISS_AND_KNOCKOUT: Text = Text::new("积分编排赛与淘汰赛", "Swiss and knockout");
// round.rs
pub const BD: Text = Text::new("台", "Bd");
pub const FIRST_MOVE_TEAM: Text = Text::new("先走队", "First-move team");
pub const BYE_LABEL: Text = Text::new("轮空：", "Bye: ");
pub const THE_ROUND_IS_RECORDED: Text = Text::new(
    "每台结果选定后，本轮即自动登记。",
    "The round is recorded as soon as every board has its result.",
);
pub const RED_SHORT: Text = Text::new("红", "Red");
pub const BLACK_SHORT: Text = Text::new("黑", "Black");
// setup.rs
pub const NEW_SWISS_EVENT: Text = Text::new("新建积分编排赛", "New Swiss event");
pub const EVENT_NAME: Text = Text::new("赛事名称", "Event name");
pub const ROUNDS: Text = Text::new("轮数", "Rounds");
pub const ACCELERATED_PAIRINGS_BAKU: Text =
    Text::new("加速编排（巴库法）", "Accelerated pairings (Baku)");
pub const NUMBER_1_HAS_BLACK: Text = Text::new(
    "1 号第一轮执黑（抽签决定）",
    "Number 1 has Black in round 1 (by lot)",
);
pub const WIN_TWO_DRAW_ONE: Text = Text::new("胜 2 和 1 负 0", "win 2, draw 1, loss 0");
pub const WIN_1_DRAW_LOSS: Text =
    Text::new("胜 1 和 ½ 负 0（国际棋联）", "win 1, draw ½, loss 0 (FIDE)");
pub const ROUNDS_OPEN: Text = Text::new("轮数未定", "rounds open");
pub const INDIVIDUAL_IN_SENTENCE: Text = Text::new("个人赛", "individual");
pub const ALL: Text = Text::new("全部", "all");
pub const BUCHHOLZ_CUT_1: Text = Text::new("去掉最低", "cut 1");
pub const MEDIAN: Text = Text::new("去掉最高最低", "median");
pub const OPPONENTS_POINTS: Text = Text::new("对手分", "Opponents' points");
pub const DELETE_THIS_SWISS_EVENT: Text =
    Text::new("删除这个积分编排赛？", "Delete this Swiss event?");
pub const CITY: Text = Text::new("城市", "City");
pub const START: Text = Text::new("开始日期", "Start");
pub const END: Text = Text::new("结束日期", "End");
pub const TYPE: Text = Text::new("赛制", "Type");
pub const CHIEF_ARBITER: Text = Text::new("裁判长", "Chief arbiter");
pub const EVENT_DETAILS_WRITTEN_TO: Text =
    Text::new("赛事信息（写入 TRF）", "Event details (written to the TRF)");
pub const ROUND_DATES: Text = Text::new("各轮日期", "Round dates");
// standings.rs
pub const MATCH_POINTS: Text = Text::new("场分", "Match points");
pub const PLACE: Text = Text::new("名次", "Place");
pub const WITHDRAWN_SUFFIX: Text = Text::new("（退赛）", " (withdrawn)");
pub const RESULTS_BY_ROUND: Text = Text::new("各轮成绩", "Results by round");
// trf.rs
pub const EXPORT_TRF: Text = Text::new("导出 TRF", "Export TRF");
pub const IMPORT_TRF: Text = Text::new("导入 TRF", "Import TRF");

/// Team members listed in one cell, in both languages (their names are Chinese).
pub const MEMBER_SEPARATOR: &str = "、";

/// A message of the Swiss page with the round, count or event name it names.
pub enum Said<'a> {
    /// A round's heading.
    Round(usize),
    /// The pairings' heading.
    RoundPairings(usize),
    /// The standings' heading.
    StandingsAfterRound(usize),
    /// The planned number of rounds, in the event's summary.
    Rounds(usize),
    /// A team event's boards per match, in the event's summary.
    TeamEvent(usize),
    /// Every planned round has been played.
    AllRoundsPlayed(usize),
    /// The button that pairs the next round.
    PairRound(usize),
    /// The button that reopens a round's results.
    CorrectRound(usize),
    /// A TRF import would replace this event, which has results: asked first.
    ImportReplaces(&'a str),
    /// The button that brings back the event replaced last.
    RestorePrevious(&'a str),
    /// The knockout's winner.
    Champion(&'a str),
}

impl Say for Said<'_> {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (Said::Round(r), Lang::Zh) => format!("第 {r} 轮"),
            (Said::Round(r), Lang::En) => format!("Round {r}"),
            (Said::RoundPairings(r), Lang::Zh) => format!("第 {r} 轮对阵"),
            (Said::RoundPairings(r), Lang::En) => format!("Round {r} pairings"),
            (Said::StandingsAfterRound(r), Lang::Zh) => format!("名次表（第 {r} 轮后）"),
            (Said::StandingsAfterRound(r), Lang::En) => format!("Standings after round {r}"),
            (Said::Rounds(r), Lang::Zh) => format!("共 {r} 轮"),
            (Said::Rounds(r), Lang::En) => format!("{r} rounds"),
            (Said::TeamEvent(b), Lang::Zh) => format!("团体赛（每场 {b} 台）"),
            (Said::TeamEvent(b), Lang::En) => format!("team event ({b} boards)"),
            (Said::AllRoundsPlayed(r), Lang::Zh) => format!("全部 {r} 轮已赛完，赛事结束"),
            (Said::AllRoundsPlayed(r), Lang::En) => format!("All {r} rounds played: the event is over"),
            (Said::PairRound(r), Lang::Zh) => format!("编排第 {r} 轮"),
            (Said::PairRound(r), Lang::En) => format!("Pair round {r}"),
            (Said::CorrectRound(r), Lang::Zh) => format!("更正第 {r} 轮成绩"),
            (Said::CorrectRound(r), Lang::En) => format!("Correct round {r}"),
            (Said::ImportReplaces(n), Lang::Zh) => {
                format!("导入将替换已有成绩的赛事“{n}”（之后可以恢复）。继续？")
            }
            (Said::ImportReplaces(n), Lang::En) => format!(
                "The import replaces “{n}”, which has results (it can be restored afterwards). Go on?"
            ),
            (Said::RestorePrevious(n), Lang::Zh) => format!("恢复上一个赛事“{n}”"),
            (Said::Champion(c), Lang::Zh) => format!("冠军：{c}"),
            (Said::Champion(c), Lang::En) => format!("Champion: {c}"),
            (Said::RestorePrevious(n), Lang::En) => format!("Restore the previous event “{n}”"),
        }
    }
}
