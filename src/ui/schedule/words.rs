//! The fixed words of the match scheduler, in both languages: the catalogue its views say them from.

use crate::lang::{Lang, Say, Text};

// changes.rs
pub const SOLVE_THE_TIMETABLE_FIRST: Text = Text::new("请先编排赛程", "Solve the timetable first");
pub const CHOOSE_THE_MATCH_TO: Text =
    Text::new("请先选择要调动的比赛", "Choose the match to move first");
pub const THE_LAST_CHANGE_IS: Text = Text::new("已撤销上一次调整", "The last change is undone");
pub const NOT_PLACED: Text = Text::new("未排", "not placed");
pub const ACCEPT_THE_CHANGE: Text = Text::new("确认调整", "Accept the change");
pub const CANCELLED_THE_TIMETABLE_IS: Text =
    Text::new("已取消，赛程未变", "Cancelled: the timetable is unchanged");
pub const CANCEL: Text = Text::new("取消", "Cancel");
pub const WITHDRAWAL_20_3: Text = Text::new("退出 (20.3)：", "Withdrawal (20.3): ");
pub const AFTER_SESSION: Text = Text::new("在第几场次之后：", "after session: ");
pub const BEFORE_THE_START: Text = Text::new("开赛前", "before the start");
pub const WITHDRAW_LATER_MATCHES_ARE: Text = Text::new(
    "登记退出：此后比赛按弃权…",
    "Withdraw: later matches are forfeits…",
);
pub const LATE_CHANGES: Text = Text::new("临时调整", "Late changes");
pub const SESSIONS_OVER: Text = Text::new("已结束的场次：", "Sessions over: ");
pub const SESSION_LABEL: Text = Text::new("场次：", "Session: ");
pub const UNPLAYED_MATCH: Text = Text::new("未赛比赛：", "Unplayed match: ");
pub const CHOOSE: Text = Text::new("（选择）", "(choose)");
pub const MOVE_TO: Text = Text::new("移至：", "Move to: ");
pub const A_NEW_SESSION_AT: Text = Text::new("末尾新增一个场次", "a new session at the end");
pub const MOVE: Text = Text::new("调动…", "Move…");
pub const TABLE_OUT_OF_USE: Text = Text::new("停用球台：第几场次 ", "Table out of use: session ");
pub const TABLE_PREFIX: Text = Text::new("台号 ", "table ");
pub const TAKE_IT_OUT_OF: Text = Text::new("停用该台…", "Take it out of use…");
pub const UNDO_THE_LAST_CHANGE: Text = Text::new("撤销上一次调整", "Undo the last change");
// exports.rs
pub const THERE_IS_NO_TIMETABLE: Text = Text::new("还没有赛程", "There is no timetable yet");
pub const IMPORTED: Text = Text::new("已导入", "Imported");
pub const IMPORT_JSON: Text = Text::new("导入 JSON", "Import JSON");
pub const ENTER_RESULTS: Text = Text::new("录入成绩 ↓", "Enter results ↓");
pub const PRINT_AND_EXPORT_MENU: Text = Text::new("打印与导出…", "Print and export…");
pub const LATE_CHANGES_MENU: Text = Text::new("临时调整…", "Late changes…");
pub const HALL_DISPLAY: Text = Text::new("大厅显示屏", "Hall display");
pub const EXPORT: Text = Text::new("导出：", "Export: ");
// form.rs
pub const ENTRANTS_ONE_A_LINE: Text = Text::new("参赛者（每行一个）", "Entrants (one a line)");
pub const EVENT_NAME: Text = Text::new("赛事名称", "Event name");
pub const SCORING: Text = Text::new("计分", "Scoring");
pub const FORMAT: Text = Text::new("赛制", "Format");
pub const SINGLE_ROUND_ROBIN: Text = Text::new("单循环", "Single round robin");
pub const DOUBLE_ROUND_ROBIN: Text = Text::new("双循环", "Double round robin");
pub const GROUPS_CROSSOVER_KNOCKOUT: Text =
    Text::new("分组循环 + 交叉淘汰", "Groups + crossover knockout");
pub const BOARDS_PER_MATCH: Text = Text::new("每场台数", "Boards per match");
pub const BOARD_ORDER: Text = Text::new("台次", "Board order");
pub const FIXED_ORDER_12_1: Text = Text::new("分台定人制 (12.1)", "Fixed order (12.1)");
pub const WITH_SUBSTITUTES_12_2: Text = Text::new("分台换人制 (12.2)", "With substitutes (12.2)");
pub const CHOSEN_PER_MATCH_12_3: Text = Text::new("临时定台制 (12.3)", "Chosen per match (12.3)");
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
// metrics.rs
pub const MATCHES_NOT_PLACED: Text = Text::new("未排入的比赛", "Matches not placed");
pub const SLOTS_USED: Text = Text::new("用到的时段数", "Slots used");
pub const LONGEST_RUN_OF_CONSECUTIVE: Text = Text::new(
    "同一场次内最长连续比赛数",
    "Longest run of consecutive matches in a session",
);
pub const BACK_TO_BACKS_IN: Text = Text::new(
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
pub const TIMES_ONE_TABLE_IS: Text = Text::new(
    "同一球台用得过多的次数",
    "Times one table is used beyond an even share",
);
pub const LOWER_BOUND_PROVEN_BY: Text = Text::new("下界：用计数证明，任何赛程都不可能比它更好；达到下界（✓）即是该项最优。", "Lower bound: proven by counting, no timetable can do better; reaching it (✓) is optimal for that figure.");
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
pub const ALL_ROUNDS_ON_ONE: Text = Text::new("全部轮次（一页）", "all rounds on one page");
pub const STANDINGS_AND_CROSSTABLE_IN_SENTENCE: Text =
    Text::new("名次表与交叉表", "standings and crosstable");
pub const PRINT_LABEL: Text = Text::new("打印：", "Print: ");
pub const PRINT: Text = Text::new("打印", "Print");
pub const A_LARGE_EVENT_CHOOSE: Text = Text::new(
    "比赛较多：请先在页面上选择打印内容或按“打印”按钮，再打印。",
    "A large event: choose what to print or press Print on the page first, then print.",
);
pub const MATCH_SCHEDULE: Text = Text::new("比赛编排", "Match schedule");
pub const UMPIRE: Text = Text::new("裁判：", "Umpire: ");
pub const SLOT: Text = Text::new("时段", "Slot");
pub const SESSION: Text = Text::new("场次", "Session");
pub const TIME: Text = Text::new("时间", "Time");
pub const TABLE: Text = Text::new("台", "Table");
pub const OPPONENT_UMPIRE: Text = Text::new("对手 / 裁判", "Opponent / umpire");
pub const KNOCKOUT: Text = Text::new("淘汰赛", "Knockout");
pub const ALL_ROUNDS: Text = Text::new("全部轮次", "All rounds");
pub const STANDINGS_AND_CROSSTABLE: Text = Text::new("名次表与交叉表", "Standings and crosstable");
pub const GROUP: Text = Text::new("{}组", "Group {}");
pub const WITHDREW: Text = Text::new("（退出）", " (withdrew)");
pub const ENTRANT: Text = Text::new("参赛者", "Entrant");
pub const POINTS: Text = Text::new("积分", "Points");
pub const GAMES: Text = Text::new("局", "Games");
pub const RALLIES: Text = Text::new("分", "Rallies");
// solve.rs
pub const CLUB_EVENT: Text = Text::new("俱乐部赛", "Club event");
pub const THE_SOLVER_COULD_NOT: Text = Text::new("编排程序未能启动（其文件未能载入）。请重新载入页面再试；若仍不行，请换用新版浏览器。", "The solver could not start (its file did not load). Reload the page and try again; if that does not help, use a recent browser.");
pub const SOLVE: Text = Text::new("开始编排", "Solve");
pub const STOP: Text = Text::new("停止", "Stop");
pub const SOLVING_PROGRESS: Text = Text::new("编排进度", "Solving progress");
pub const SOLVING: Text = Text::new("编排中", "solving");
pub const BOUNDS_REACHED_OPTIMAL: Text = Text::new("已达下界（最优）", "bounds reached (optimal)");
pub const DONE: Text = Text::new("完成", "done");
pub const NOT_STARTED: Text = Text::new("未开始", "not started");
// standings.rs
pub const WITHDREW_SUFFIX: Text = Text::new(" (退出)", " (withdrew)");
pub const OPEN_AS_A_BRACKET: Text = Text::new("在对阵图中打开", "Open as a bracket");
// timetable.rs
pub const ENTRANTS_CLICK_TO_HIGHLIGHT: Text =
    Text::new("参赛者（点击以突出显示）", "Entrants (click to highlight)");
pub const REST: Text = Text::new("休息", "rest");
pub const S: Text = Text::new("第", "S");
pub const SESSION_SUFFIX: Text = Text::new("场次", "");
pub const CLEAR_THE_HIGHLIGHT: Text = Text::new("取消突出显示", "Clear the highlight");
pub const MATCH: Text = Text::new("比赛", "match");
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
