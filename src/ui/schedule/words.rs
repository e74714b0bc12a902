//! The fixed words of the match scheduler, in both languages: the catalogue its views say them from.

use crate::lang::{english_count, Lang, Say, Text};
pub use crate::ui::words::{
    BOARD_ORDER, CANCEL, CHOSEN_PER_MATCH_12_3, DATE, FIXED_ORDER_12_1, IMPORT_JSON, KNOCKOUT,
    POINTS, PRINT, SCORING, STOP, WITH_SUBSTITUTES_12_2,
};

// changes.rs
pub const SOLVE_THE_TIMETABLE_FIRST: Text = Text::new("请先编排赛程", "Solve the timetable first");
pub const CHOOSE_THE_MATCH_TO: Text =
    Text::new("请先选择要调动的比赛", "Choose the match to move first");
pub const LAST_CHANGE_UNDONE: Text = Text::new("已撤销上一次调整", "The last change is undone");
pub const NOT_PLACED: Text = Text::new("未排", "not placed");
pub const ACCEPT_THE_CHANGE: Text = Text::new("确认调整", "Accept the change");
pub const CANCELLED_THE_TIMETABLE_IS: Text =
    Text::new("已取消，赛程未变", "Cancelled: the timetable is unchanged");
pub const WITHDRAWAL_20_3: Text = Text::new("退出 (20.3)：", "Withdrawal (20.3): ");
pub const AFTER_SESSION: Text = Text::new("在第几场次之后：", "after session: ");
pub const BEFORE_THE_START: Text = Text::new("开赛前", "before the start");
pub const WITHDRAW_LATER_FORFEITS: Text = Text::new(
    "登记退出：此后比赛按弃权…",
    "Withdraw: later matches are forfeits…",
);
pub const LATE_CHANGES: Text = Text::new("临时调整", "Late changes");
pub const SESSIONS_OVER: Text = Text::new("已结束的场次：", "Sessions over: ");
pub const SESSION_LABEL: Text = Text::new("场次：", "Session: ");
pub const UNPLAYED_MATCH: Text = Text::new("未赛比赛：", "Unplayed match: ");
pub const CHOOSE: Text = Text::new("（选择）", "(choose)");
pub const MOVE_TO_LABEL: Text = Text::new("移至：", "Move to: ");
pub const NEW_SESSION_AT_END: Text = Text::new("末尾新增一个场次", "a new session at the end");
pub const MOVE: Text = Text::new("调动…", "Move…");
pub const TABLE_OUT_OF_USE: Text = Text::new("停用球台：第几场次 ", "Table out of use: session ");
pub const TABLE_PREFIX: Text = Text::new("台号 ", "table ");
pub const TAKE_OUT_OF_USE: Text = Text::new("停用该台…", "Take it out of use…");
pub const UNDO_THE_LAST_CHANGE: Text = Text::new("撤销上一次调整", "Undo the last change");
pub const NONE_YET: Text = Text::new("尚无", "none yet");
// entrant.rs
pub const TABLE: Text = Text::new("球台", "Table");
pub const OPPONENT: Text = Text::new("对手", "Opponent");
pub const REST_HEADING: Text = Text::new("间隔", "Rest");
pub const PER_ENTRANT: Text = Text::new("个人赛程", "Per entrant");
pub const ENTRANT_LABEL: Text = Text::new("参赛者 ", "Entrant ");
// exports.rs
pub const THERE_IS_NO_TIMETABLE: Text = Text::new("还没有赛程", "There is no timetable yet");
pub const IMPORTED: Text = Text::new("已导入", "Imported");
pub const ENTER_RESULTS: Text = Text::new("录入成绩 ↓", "Enter results ↓");
pub const PRINT_AND_EXPORT_MENU: Text = Text::new("打印与导出…", "Print and export…");
pub const LATE_CHANGES_MENU: Text = Text::new("临时调整…", "Late changes…");
pub const HALL_DISPLAY: Text = Text::new("大厅显示屏", "Hall display");
pub const EXPORT: Text = Text::new("导出：", "Export: ");
// form.rs
pub const ENTRANTS_ONE_A_LINE: Text = Text::new("参赛者（每行一个）", "Entrants (one a line)");
pub const EVENT_NAME: Text = Text::new("赛事名称", "Event name");
pub const FORMAT: Text = Text::new("赛制", "Format");
pub const SINGLE_ROUND_ROBIN: Text = Text::new("单循环", "Single round robin");
pub const DOUBLE_ROUND_ROBIN: Text = Text::new("双循环", "Double round robin");
pub const GROUPS_CROSSOVER_KNOCKOUT: Text =
    Text::new("分组循环 + 交叉淘汰", "Groups + crossover knockout");
pub const BOARDS_PER_MATCH: Text = Text::new("每场台数", "Boards per match");
pub const GROUPS: Text = Text::new("组数", "Groups");
pub const TABLES: Text = Text::new("球台数", "Tables");
pub const SESSIONS: Text = Text::new("场次数", "Sessions");
pub const SESSION_MINUTES: Text = Text::new("每场次分钟", "Session minutes");
pub const MATCH_MINUTES: Text = Text::new("每场比赛分钟", "Match minutes");
pub const FIRST_DATE: Text = Text::new("首场日期", "First date");
pub const DAYS_BETWEEN: Text = Text::new("间隔天数", "Days between");
pub const START_TIME: Text = Text::new("开始时间", "Start time");
pub const SEED: Text = Text::new("随机种子", "Seed");
pub const DOES_NOT_FIT: Text = Text::new("排不下：", "Does not fit: ");
pub const ANY_ONE_OF_THESE: Text =
    Text::new("以下任一改动即可：", "Any one of these changes fits:");
pub const USE_THIS: Text = Text::new("采用", "Use this");
// hall.rs
pub const NOW_PLAYING: Text = Text::new("正在比赛", "Now playing");
pub const FREE: Text = Text::new("空闲", "free");
pub const NEXT_UP: Text = Text::new("下一场", "Next up");
pub const NONE_THIS_SESSION: Text = Text::new("本场次无", "none this session");
pub const LEAVE: Text = Text::new("退出", "Leave");
pub const NO_TIMETABLE_YET_SOLVE: Text = Text::new(
    "还没有赛程：请先在赛程编排页编排。",
    "No timetable yet: solve one on the schedule page.",
);
// metrics.rs
pub const MATCHES_NOT_PLACED: Text = Text::new("未排入的比赛", "Matches not placed");
pub const SLOTS_USED: Text = Text::new("用到的时段数", "Slots used");
pub const LONGEST_RUN_OF_CONSECUTIVE: Text = Text::new(
    "同一场次内最长连续比赛数",
    "Longest run of consecutive matches in a session",
);
pub const BACK_TO_BACKS_IN_ALL: Text = Text::new(
    "背靠背（连打）总数",
    "Back-to-backs in all (a match straight after another)",
);
pub const MOST_BACK_TO_BACKS: Text =
    Text::new("个人最多背靠背数", "Most back-to-backs of one entrant");
pub const SPREAD_OF_ONE_ENTRANTS: Text = Text::new(
    "个人各场次比赛数之差（最多）",
    "Spread of one entrant's matches over sessions (most)",
);
pub const IDLE_SLOTS_WAITING_INSIDE: Text =
    Text::new("场次内等候的时段数", "Idle slots waiting inside sessions");
pub const TABLE_USE_BEYOND_SHARE: Text = Text::new(
    "同一球台用得过多的次数",
    "Times one table is used beyond an even share",
);
pub const LOWER_BOUND_EXPLAINED: Text = Text::new("下界：用计数证明，任何赛程都不可能比它更好；达到下界（✓）即是该项最优。", "Lower bound: proven by counting, no timetable can do better; reaching it (✓) is optimal for that figure.");
pub const FIGURE: Text = Text::new("指标", "Figure");
pub const THIS_TIMETABLE: Text = Text::new("本赛程", "This timetable");
pub const LOWER_BOUND: Text = Text::new("下界", "Lower bound");
pub const IN_WORDS: Text = Text::new("说明", "In words");
// mod.rs
pub const MATCH_SCHEDULER: Text = Text::new("比赛编排", "Match scheduler");
pub const BACK_TO_THE_TIMETABLE: Text = Text::new("← 返回赛程", "← Back to the timetable");
pub const THERE_IS_NO_TIMETABLE_YET: Text = Text::new(
    "还没有赛程：请先在“赛程编排”页编排。",
    "There is no timetable yet: solve one on the scheduler first.",
);
pub const GO_TO_THE_SCHEDULER: Text = Text::new("去编排", "Go to the scheduler");
pub const PRINT_AND_EXPORT: Text = Text::new("打印与导出", "Print and export");
// print.rs
pub const A_SHEET_PER_SESSION: Text = Text::new("每场次一页", "a sheet per session");
pub const ENTRANT_SLIPS_SEVERAL_A: Text =
    Text::new("个人赛程单（一页多张）", "entrant slips, several a page");
pub const ALL_ROUNDS_ON_ONE_PAGE: Text = Text::new("全部轮次（一页）", "all rounds on one page");
pub const STANDINGS_AND_CROSSTABLE_IN_SENTENCE: Text =
    Text::new("名次表与交叉表", "standings and crosstable");
pub const PRINT_LABEL: Text = Text::new("打印：", "Print: ");
pub const A_LARGE_EVENT_CHOOSE: Text = Text::new(
    "比赛较多：请先在页面上选择打印内容或按“打印”按钮，再打印。",
    "A large event: choose what to print or press Print on the page first, then print.",
);
pub const MATCH_SCHEDULE: Text = Text::new("比赛编排", "Match schedule");
pub const UMPIRE: Text = Text::new("裁判：", "Umpire: ");
pub const SLOT: Text = Text::new("时段", "Slot");
pub const SESSION: Text = Text::new("场次", "Session");
pub const TIME: Text = Text::new("时间", "Time");
pub const TABLE_SHORT: Text = Text::new("台", "Table");
pub const OPPONENT_UMPIRE: Text = Text::new("对手 / 裁判", "Opponent / umpire");
pub const ALL_ROUNDS: Text = Text::new("全部轮次", "All rounds");
pub const STANDINGS_AND_CROSSTABLE: Text = Text::new("名次表与交叉表", "Standings and crosstable");
pub const WITHDREW: Text = Text::new("（退出）", " (withdrew)");
pub const ENTRANT: Text = Text::new("参赛者", "Entrant");
pub const GAMES: Text = Text::new("局", "Games");
pub const RALLIES: Text = Text::new("分", "Rallies");
/// The printed page number in the page margin, as CSS `content`.
pub const PAGE_OF_PAGES_CSS: Text = Text::new(
    "\"第 \" counter(page) \" 页 / 共 \" counter(pages) \" 页\"",
    "\"Page \" counter(page) \" of \" counter(pages)",
);
// results.rs
pub const SCORE_OF_LABEL: Text = Text::new("比分", "Score of");
pub const WITHDRAWN_FORFEIT_20_3: Text =
    Text::new("退出：弃权 (20.3)", "withdrawn: forfeit (20.3)");
pub const WITHDRAWAL_MIDWAY_20_3: Text = Text::new("中途退出 (20.3)：", "Withdrawal (20.3): ");
pub const WITHDRAWS_NOW_REMAINING_MATCHES: Text = Text::new(
    "即刻退出：余下比赛按弃权",
    "Withdraws now: remaining matches are forfeits",
);
pub const BEST_OF_LABEL: Text = Text::new("每场局数：", "Matches are best of ");
pub const TEAM_RESULTS_HINT: Text = Text::new("每场按台次填各台结果（先列队视角），如 “1 ½ 0 +”：1 胜、½ 和、0 负、+ 或 - 弃权 (21.4)；先列队单数台执红、双数台执黑 (13.2)。场分胜2 和1 负0 (14.2)，名次按 15.3。", "Enter every board, board 1 first, from the first-named team's side, e.g. “1 ½ 0 +”: 1 win, ½ draw, 0 loss, + or - forfeit (21.4). The first-named team is Red on odd boards, Black on even (13.2). Match points win 2, draw 1, loss 0 (14.2); places by 15.3.");
pub const GAME_RESULTS_HINT: Text = Text::new("填 1-0、0-1、和（或 ½、1/2）；弃权填 +/- 或 -/+ (21.4)；先列者执红 (13.1)。名次按 1999 年规则 (15.1)。", "Enter 1-0, 0-1, ½ (or 1/2, =), a forfeit +/- or -/+ (21.4), first-named plays Red (13.1). Standings by the 1999 rules (15.1).");
pub const RALLY_RESULTS_HINT: Text = Text::new(
    "每局11分、须领先2分；弃权填 W/O A 或 W/O B。积分：胜2分、负1分、弃权0分。",
    "Games to 11, won by 2; a walkover is entered as W/O A or W/O B. Points: win 2, loss 1, walkover loss 0.",
);
pub const RESULTS_AND_STANDINGS: Text = Text::new("成绩与名次", "Results and standings");
pub const BOARD: Text = Text::new("台", "Board");
pub const MATCH_HEADING: Text = Text::new("对阵", "Match");
pub const SCORE: Text = Text::new("比分", "Score");
// solve.rs
pub const CLUB_EVENT: Text = Text::new("俱乐部赛", "Club event");
pub const SOLVER_COULD_NOT_START: Text = Text::new("编排程序未能启动（其文件未能载入）。请重新载入页面再试；若仍不行，请换用新版浏览器。", "The solver could not start (its file did not load). Reload the page and try again; if that does not help, use a recent browser.");
pub const SOLVE: Text = Text::new("开始编排", "Solve");
pub const SOLVING_PROGRESS: Text = Text::new("编排进度", "Solving progress");
pub const SOLVING: Text = Text::new("编排中", "solving");
pub const BOUNDS_REACHED_OPTIMAL: Text = Text::new("已达下界（最优）", "bounds reached (optimal)");
pub const DONE: Text = Text::new("完成", "done");
pub const NOT_STARTED: Text = Text::new("未开始", "not started");
// standings.rs
pub const WITHDREW_SUFFIX: Text = Text::new(" (退出)", " (withdrew)");
pub const PLAYED: Text = Text::new("场", "Played");
pub const WON: Text = Text::new("胜", "Won");
pub const LOST: Text = Text::new("负", "Lost");
/// The count columns of a game-scored event's standings: games played, won, drawn, lost.
pub const GAME_COUNT_HEADINGS: [Text; 4] = [
    Text::new("局", "Played"),
    Text::new("胜", "Won"),
    Text::new("和", "Drawn"),
    Text::new("负", "Lost"),
];
/// The count columns of a team event's standings: matches (14.2) played, won, drawn, lost.
pub const MATCH_COUNT_HEADINGS: [Text; 4] = [
    Text::new("场次", "Matches"),
    Text::new("胜场", "Matches won"),
    Text::new("和场", "Matches drawn"),
    Text::new("负场", "Matches lost"),
];
pub const OPEN_AS_A_BRACKET: Text = Text::new("在对阵图中打开", "Open as a bracket");
// timetable.rs
pub const ENTRANTS_CLICK_TO_HIGHLIGHT: Text =
    Text::new("参赛者（点击以突出显示）", "Entrants (click to highlight)");
pub const REST: Text = Text::new("休息", "rest");
pub const CLEAR_THE_HIGHLIGHT: Text = Text::new("取消突出显示", "Clear the highlight");
pub const MATCH: Text = Text::new("比赛", "match");
pub const EARLIER: Text = Text::new("‹ 前几场次", "‹ Earlier");
pub const LATER: Text = Text::new("后几场次 ›", "Later ›");
pub const BACK_TO_BACK: Text = Text::new("连打", "back-to-back");
pub const REST_INSIDE_A_SESSION: Text = Text::new("场内休息", "rest inside a session");
pub const TEAMS_ONE_A_LINE: Text = Text::new(
    "参赛队（每行一队，如 “红队: 张三, 李四”，队员按台次 12.1）",
    "Teams (one a line, e.g. “Reds: Zhang, Li”, players in board order 12.1)",
);
pub const ABSENCES: Text = Text::new(
    "缺席（如 “7 @ 3” 或 “7 @ 3 迟到”）",
    "Absences (e.g. “7 @ 3” or “7 @ 3 late”)",
);

/// A message of the scheduler with what it reports.
pub enum Said<'a> {
    /// A file that could not be imported, and why.
    ImportFailed(&'a dyn Say),
    /// The round-robin event that could not be saved, and why.
    NotSaved(&'a dyn Say),
}

impl Say for Said<'_> {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (Said::ImportFailed(e), Lang::Zh) => format!("导入失败：{}", e.say(lang)),
            (Said::ImportFailed(e), Lang::En) => format!("Import failed: {}", e.say(lang)),
            (Said::NotSaved(e), Lang::Zh) => format!("无法保存：{}", e.say(lang)),
            (Said::NotSaved(e), Lang::En) => format!("Could not save: {}", e.say(lang)),
        }
    }
}

/// A numbered part of the timetable, as headings, cells and choices name it (numbers 1-based).
pub enum Heading<'a> {
    /// "Session 3".
    Session(usize),
    /// "S3", where room is short (the highlighted entrant's strips).
    SessionShort(usize),
    /// "Table 2".
    Table(usize),
    /// "Group A".
    Group(&'a str),
}

impl Say for Heading<'_> {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (Heading::Session(n) | Heading::SessionShort(n), Lang::Zh) => format!("第{n}场次"),
            (Heading::Session(n), Lang::En) => format!("Session {n}"),
            (Heading::SessionShort(n), Lang::En) => format!("S{n}"),
            (Heading::Table(n), Lang::Zh) => format!("{n}号台"),
            (Heading::Table(n), Lang::En) => format!("Table {n}"),
            (Heading::Group(g), Lang::Zh) => format!("{g}组"),
            (Heading::Group(g), Lang::En) => format!("Group {g}"),
        }
    }
}

/// The sessions a page of the timetable or the results shows (1-based, inclusive).
pub struct SessionRange {
    pub first: usize,
    pub last: usize,
    pub total: usize,
}

impl Say for SessionRange {
    fn say(&self, lang: Lang) -> String {
        let SessionRange { first, last, total } = self;
        match lang {
            Lang::Zh => format!("第 {first}–{last} 场次，共 {total} 场次"),
            Lang::En => format!("Sessions {first}–{last} of {total}"),
        }
    }
}

/// The highlighted entrant at a glance: its matches, back-to-backs and slots of rest.
pub struct FocusSummary {
    pub matches: usize,
    pub back_to_backs: usize,
    pub rests: usize,
}

impl Say for FocusSummary {
    fn say(&self, lang: Lang) -> String {
        let FocusSummary {
            matches,
            back_to_backs,
            rests,
        } = self;
        match lang {
            Lang::Zh => format!("{matches} 场比赛 · 连打 {back_to_backs} 次 · 场内休息 {rests} 个时段"),
            Lang::En => format!(
                "{matches} matches · {back_to_backs} back-to-backs · {rests} slots of rest inside sessions"
            ),
        }
    }
}

/// The solver's progress: "Progress 100% · 470,151 timetables tried · done".
pub struct Progress<'a> {
    pub percent: u32,
    /// The count of timetables tried, grouped in threes.
    pub tried: &'a str,
    pub state: Text,
}

impl Say for Progress<'_> {
    fn say(&self, lang: Lang) -> String {
        let (pct, tried, state) = (self.percent, self.tried, self.state.get(lang));
        match lang {
            Lang::Zh => format!("进度 {pct}% · 已尝试 {tried} 个方案 · {state}"),
            Lang::En => format!("Progress {pct}% · {tried} timetables tried · {state}"),
        }
    }
}

/// A figure of the timetable in the metrics table.
#[derive(Clone, Copy)]
pub enum Metric {
    Unplaced,
    SlotsUsed,
    MaxConsecutive,
    BackToBack,
    MaxBackToBack,
    SessionSpread,
    IdleSlots,
    TableExcess,
}

impl Metric {
    /// The figure's name.
    pub const fn name(self) -> Text {
        match self {
            Metric::Unplaced => MATCHES_NOT_PLACED,
            Metric::SlotsUsed => SLOTS_USED,
            Metric::MaxConsecutive => LONGEST_RUN_OF_CONSECUTIVE,
            Metric::BackToBack => BACK_TO_BACKS_IN_ALL,
            Metric::MaxBackToBack => MOST_BACK_TO_BACKS,
            Metric::SessionSpread => SPREAD_OF_ONE_ENTRANTS,
            Metric::IdleSlots => IDLE_SLOTS_WAITING_INSIDE,
            Metric::TableExcess => TABLE_USE_BEYOND_SHARE,
        }
    }
}

/// What a figure's value means for a player.
pub struct Meaning {
    pub metric: Metric,
    pub value: usize,
}

impl Say for Meaning {
    fn say(&self, lang: Lang) -> String {
        let v = self.value;
        match (self.metric, lang) {
            (Metric::Unplaced, Lang::Zh) => format!("{v} 场比赛还没有时间和球台。"),
            (Metric::Unplaced, Lang::En) => format!("{v} matches still have no time or table."),
            (Metric::SlotsUsed, Lang::Zh) => format!("全部比赛在 {v} 个时段内打完。"),
            (Metric::SlotsUsed, Lang::En) => format!("Every match is played within {v} time slots."),
            (Metric::MaxConsecutive, Lang::Zh) => format!(
                "同一场次里，没有人连续打超过 {v} 场就休息；当裁判也算占用：打比赛加当裁判，连续也不超过 {v} 个时段。"
            ),
            (Metric::MaxConsecutive, Lang::En) => format!(
                "Within a session nobody plays more than {v} matches in a row before a rest; umpire duty counts as busy too: playing or umpiring, at most {v} slots in a row."
            ),
            (Metric::BackToBack, Lang::Zh) => {
                format!("共有 {v} 次，有人打完一场紧接着再打一场，中间不休息。")
            }
            (Metric::BackToBack, Lang::En) => {
                format!("{v} times in all someone plays a match straight after another, with no rest.")
            }
            (Metric::MaxBackToBack, Lang::Zh) => format!("每人整个赛事中最多连打 {v} 次。"),
            (Metric::MaxBackToBack, Lang::En) => {
                format!("Nobody plays straight after another match more than {v} times in the event.")
            }
            (Metric::SessionSpread, Lang::Zh) => {
                format!("每人各场次的比赛数最多相差 {v} 场：每晚负担差不多。")
            }
            (Metric::SessionSpread, Lang::En) => format!(
                "One entrant's matches per session differ by at most {v}: each evening is about as busy."
            ),
            (Metric::IdleSlots, Lang::Zh) => format!(
                "在同一场次的两场比赛之间，参赛者在场空等、既不比赛也不能走的时段，全体合计 {v} 个。"
            ),
            (Metric::IdleSlots, Lang::En) => format!(
                "Slots an entrant spends waiting at the venue between two of their matches in one session, neither playing nor free to leave: {v} in all."
            ),
            (Metric::TableExcess, Lang::Zh) => {
                format!("某人在同一张球台上打的场数，最多比平均多 {v} 场。")
            }
            (Metric::TableExcess, Lang::En) => {
                format!("One entrant plays on one table at most {v} more times than an even share.")
            }
        }
    }
}

/// A figure beside its proven lower bound: "Longest run …: 2 · lower bound: no timetable can do
/// better than 2 (reached, optimal)".
pub struct Bound {
    pub metric: Metric,
    pub value: usize,
    pub bound: usize,
}

impl Say for Bound {
    fn say(&self, lang: Lang) -> String {
        let (name, v, lb) = (self.metric.name().get(lang), self.value, self.bound);
        match (lang, v <= lb) {
            (Lang::Zh, true) => {
                format!("{name}：{v} · 下界：任何赛程都不可能少于 {lb}（已达到，最优）")
            }
            (Lang::Zh, false) => format!(
                "{name}：{v} · 下界：任何赛程都不可能少于 {lb}（本赛程多 {}）",
                v - lb
            ),
            (Lang::En, true) => format!(
                "{name}: {v} · lower bound: no timetable can do better than {lb} (reached, optimal)"
            ),
            (Lang::En, false) => format!(
                "{name}: {v} · lower bound: no timetable can do better than {lb} ({} above it)",
                v - lb
            ),
        }
    }
}

/// A place in the timetable, in the late-changes controls (numbers 1-based).
pub enum Place<'a> {
    /// "session 3 19:22 table 2".
    At {
        session: usize,
        time: &'a str,
        table: usize,
    },
    /// "session 3 slot 2 19:22 · table 2": a free place a match can move to.
    Free {
        session: usize,
        slot: usize,
        time: &'a str,
        table: usize,
    },
}

impl Say for Place<'_> {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (
                Place::At {
                    session,
                    time,
                    table,
                },
                Lang::Zh,
            ) => {
                format!("第{session}场次 {time} {table}号台")
            }
            (
                Place::At {
                    session,
                    time,
                    table,
                },
                Lang::En,
            ) => {
                format!("session {session} {time} table {table}")
            }
            (
                Place::Free {
                    session,
                    slot,
                    time,
                    table,
                },
                Lang::Zh,
            ) => {
                format!("第{session}场次 时段{slot} {time} · {table}号台")
            }
            (
                Place::Free {
                    session,
                    slot,
                    time,
                    table,
                },
                Lang::En,
            ) => {
                format!("session {session} slot {slot} {time} · table {table}")
            }
        }
    }
}

/// A late change, worked out or done, by the matches it changes (numbers 1-based).
#[derive(Clone, Copy)]
pub enum Change {
    /// Done: a match moved.
    Moved { matches: usize },
    /// Done: a table taken out of use for one session.
    TableClosed {
        session: usize,
        table: usize,
        matches: usize,
    },
    /// Done: a withdrawal entered (20.3/20.4).
    Withdrawn { matches: usize },
    /// Shown before accepting: the matches that will change time or table.
    WillMove { matches: usize },
    /// Shown before accepting a withdrawal: the matches that become forfeits or are annulled.
    WillForfeit { matches: usize },
    /// A choice of sessions over: "the first 3".
    FirstSessions(usize),
}

impl Say for Change {
    fn say(&self, lang: Lang) -> String {
        match (*self, lang) {
            (Change::Moved { matches }, Lang::Zh) => {
                format!("已调动：{matches} 场比赛时间或台号有变")
            }
            (Change::Moved { matches }, Lang::En) => {
                format!(
                    "Moved: {} changed time or table",
                    english_count(matches, "match", "matches")
                )
            }
            (Change::TableClosed { session, table, matches }, Lang::Zh) => {
                format!("第{session}场次 {table}号台已停用：{matches} 场比赛时间或台号有变")
            }
            (Change::TableClosed { session, table, matches }, Lang::En) => format!(
                "Table {table} out of use in session {session}: {} changed time or table",
                english_count(matches, "match", "matches")
            ),
            (Change::Withdrawn { matches }, Lang::Zh) => {
                format!("已登记退出；{matches} 场按弃权或取消成绩，没有比赛改时间或台号")
            }
            (Change::Withdrawn { matches: 1 }, Lang::En) => {
                "Withdrawal entered; 1 match is a forfeit or annulled, none changes time or table"
                    .into()
            }
            (Change::Withdrawn { matches }, Lang::En) => format!(
                "Withdrawal entered; {matches} matches are forfeits or annulled, none changes time or table"
            ),
            (Change::WillMove { matches }, Lang::Zh) => {
                format!("{matches} 场比赛时间或台号将改变，其余不动：")
            }
            (Change::WillMove { matches }, Lang::En) => {
                format!(
                    "{} will change time or table, nothing else moves:",
                    english_count(matches, "match", "matches")
                )
            }
            (Change::WillForfeit { matches }, Lang::Zh) => format!(
                "没有比赛改时间或台号；以下 {matches} 场按弃权计或成绩取消 (20.3/20.4)："
            ),
            (Change::WillForfeit { matches: 1 }, Lang::En) => {
                "No match changes time or table; this one becomes a forfeit or is annulled (20.3/20.4):"
                    .into()
            }
            (Change::WillForfeit { matches }, Lang::En) => format!(
                "No match changes time or table; these {matches} become forfeits or are annulled (20.3/20.4):"
            ),
            (Change::FirstSessions(k), Lang::Zh) => format!("前 {k} 场次"),
            (Change::FirstSessions(k), Lang::En) => format!("the first {k}"),
        }
    }
}

/// Where and when a match is played, short, on a printed round list: "第2场 19:22 4台" /
/// "S2 19:22 T4" (numbers 1-based).
pub struct ShortPlace<'a> {
    pub session: usize,
    pub time: &'a str,
    pub table: usize,
}

impl Say for ShortPlace<'_> {
    fn say(&self, lang: Lang) -> String {
        let ShortPlace {
            session,
            time,
            table,
        } = self;
        match lang {
            Lang::Zh => format!("第{session}场 {time} {table}台"),
            Lang::En => format!("S{session} {time} T{table}"),
        }
    }
}

/// A printed round's heading (numbers 1-based).
pub enum RoundHeading {
    /// "Round 3".
    RoundRobin(usize),
    /// "Group A round 3".
    Group { group: char, round: usize },
}

impl Say for RoundHeading {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (RoundHeading::RoundRobin(n), Lang::Zh) => format!("第{n}轮"),
            (RoundHeading::RoundRobin(n), Lang::En) => format!("Round {n}"),
            (RoundHeading::Group { group, round }, Lang::Zh) => format!("{group}组 第{round}轮"),
            (RoundHeading::Group { group, round }, Lang::En) => {
                format!("Group {group} round {round}")
            }
        }
    }
}
