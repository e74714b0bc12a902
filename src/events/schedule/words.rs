//! The timetable's messages in words, in either language ([`Say`]): `Display` stays the English
//! text (CLI output and logs read it), `say(Lang::Zh)` is the Chinese the UI shows.

use super::{
    Change, ChangeError, DraftError, DraftEventError, DraftField, ExportError, GameEntryError,
    GameScoreError, Gap, ParseScoreError, ProblemError, ScoreError, Shortfall, Suggestion,
    Violation, MAX_ENTRANTS, MAX_EVERY_DAYS, MAX_SESSIONS, MAX_SESSION_MINUTES,
    MAX_SLOTS_PER_SESSION, MAX_TABLES, MIN_ENTRANTS,
};
use crate::lang::{Lang, Say, Text};

impl Say for DraftField {
    fn say(&self, lang: Lang) -> String {
        match self {
            DraftField::Groups => Text::new("组数", "groups"),
            DraftField::Sessions => Text::new("场次数", "sessions"),
            DraftField::SessionMinutes => Text::new("每场分钟数", "session minutes"),
            DraftField::EveryDays => Text::new("场次间隔天数", "days between sessions"),
            DraftField::Tables => Text::new("台数", "tables"),
            DraftField::MatchMinutes => Text::new("每局（场）分钟数", "match minutes"),
            DraftField::Boards => Text::new("每场台数", "boards"),
        }
        .get(lang)
        .to_string()
    }
}

impl Say for ProblemError {
    fn say(&self, lang: Lang) -> String {
        use ProblemError::*;
        if lang == Lang::En {
            return self.to_string();
        }
        match self {
            TooFewEntrants(n) => format!("只有 {n} 名参赛者，至少需要 {MIN_ENTRANTS} 名"),
            TooManyEntrants(n) => format!("{n} 名参赛者，最多支持 {MAX_ENTRANTS} 名"),
            EmptyName(i) => format!("第 {} 名参赛者名称为空", i + 1),
            DuplicateName(n) => format!("有两名参赛者都叫“{n}”"),
            NoTables => "至少需要一张台".into(),
            TooManyTables(n) => format!("{n} 张台，最多支持 {MAX_TABLES} 张"),
            TooManySessions(n) => format!("{n} 个场次，最多支持 {MAX_SESSIONS} 个"),
            SessionOverADay { session, minutes } => format!(
                "第 {} 场次长 {minutes} 分钟，最多 {MAX_SESSION_MINUTES} 分钟（一天）",
                session + 1
            ),
            NoSessions => "至少需要一个场次".into(),
            ZeroMatchMinutes => "每场比赛至少一分钟".into(),
            SessionTooShort {
                session,
                minutes,
                match_minutes,
            } => format!(
                "第 {} 场次只有 {minutes} 分钟，不够一场 {match_minutes} 分钟的比赛",
                session + 1
            ),
            SessionTooLong { session, slots } => format!(
                "第 {} 场次有 {slots} 个时段，最多支持 {MAX_SLOTS_PER_SESSION} 个",
                session + 1
            ),
            BadDate { session, text } => {
                format!(
                    "第 {} 场次：“{text}”不是 2026-03-14 这样的日期",
                    session + 1
                )
            }
            BadStartTime { session, text } => {
                format!("第 {} 场次：“{text}”不是 19:30 这样的时间", session + 1)
            }
            AbsenceEntrant(e) => format!("请假记录中的第 {} 名参赛者不存在", e + 1),
            AbsenceSession(s) => format!("请假记录中的第 {} 场次不存在", s + 1),
            ClosedTable(c) => format!("停用的第 {} 场次 {} 号台不存在", c.session + 1, c.table + 1),
            BadGroupCount { groups, entrants } => {
                format!("{entrants} 人分 {groups} 组不行：请分 2、4、8 或 16 组，每组至少 3 人")
            }
        }
    }
}

impl Say for DraftError {
    fn say(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return self.to_string();
        }
        match self {
            DraftError::Number { field, text } => {
                format!("{}：“{text}”不是整数", field.say(lang))
            }
            DraftError::Date(t) => format!("“{t}”不是 2026-03-14 这样的日期"),
            DraftError::Time(t) => format!("“{t}”不是 19:30 这样的时间"),
            DraftError::Absence { line, text } => {
                format!("请假第 {line} 行“{text}”应写成“7 @ 3”或“7 @ 3 late”")
            }
            DraftError::AbsentWho { line, who } => {
                format!("请假第 {line} 行：没有名为或编号为“{who}”的参赛者")
            }
            DraftError::Interval(t) => {
                format!("场次间隔天数“{t}”须在 0 到 {MAX_EVERY_DAYS} 之间")
            }
            DraftError::Format(t) => format!("未知赛制“{t}”"),
            DraftError::Problem(e) => e.say(lang),
            DraftError::TeamGroups => "团体赛按单循环或双循环进行，不用分组+淘汰".into(),
        }
    }
}

impl Say for Violation {
    fn say(&self, lang: Lang) -> String {
        use Violation::*;
        if lang == Lang::En {
            return self.to_string();
        }
        match self {
            Problem(e) => e.say(lang),
            UnknownFixture(i) => format!("第 {i} 场对阵不存在"),
            FixtureTwice(i) => format!("第 {i} 场对阵被排了两次"),
            FixtureMissing(i) => format!("第 {i} 场对阵没有排进赛程"),
            SlotOutOfRange { fixture, slot } => {
                format!("第 {fixture} 场对阵排在不存在的时段 {slot}")
            }
            TableOutOfRange { fixture, table } => {
                format!("第 {fixture} 场对阵排在不存在的第 {} 台", table + 1)
            }
            TableTwice { slot, table } => format!("时段 {slot} 的第 {} 台有两场比赛", table + 1),
            EntrantTwice { slot, entrant } => {
                format!("第 {} 名参赛者在时段 {slot} 要打两场", entrant + 1)
            }
            Unavailable { slot, entrant } => {
                format!("第 {} 名参赛者在时段 {slot} 不能到场", entrant + 1)
            }
            KnockoutTooEarly(i) => format!("淘汰赛第 {i} 场排在了它的来源比赛之前"),
            TableClosed { slot, table } => format!("时段 {slot} 的第 {} 台已停用", table + 1),
        }
    }
}

impl Say for ExportError {
    fn say(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return self.to_string();
        }
        match self {
            ExportError::Json(_) => "这不是赛程文件（JSON 格式不对）".into(),
            ExportError::Version(v) => format!("赛程文件版本 {v} 不受支持"),
            ExportError::Problem(e) => e.say(lang),
            ExportError::Schedule(e) => e.say(lang),
            ExportError::ResultFixture(i) => format!("有成绩对应的第 {i} 场对阵不存在"),
            ExportError::ResultTwice(i) => format!("第 {i} 场对阵有两个成绩"),
            ExportError::Score { fixture, error } => {
                format!("第 {fixture} 场：{}", error.say(lang))
            }
            ExportError::MissingDateOrTime(s) => {
                format!("导出日历需要第 {} 场次的日期和开始时间", s + 1)
            }
            ExportError::Event(e) => format!("文件中的赛事：{}", e.say(lang)),
        }
    }
}

impl Say for ChangeError {
    fn say(&self, lang: Lang) -> String {
        use ChangeError::*;
        let en = lang == Lang::En;
        match self {
            UnknownFixture(i) if en => format!("match {} does not exist", i + 1),
            UnknownFixture(i) => format!("第 {} 场比赛不存在", i + 1),
            Played(_) if en => "this match has a result: it stays where it was played".into(),
            Played(_) => "这场比赛已有成绩，不能再调动".into(),
            NoSuchSlot(g) if en => format!("time slot {} does not exist", g + 1),
            NoSuchSlot(g) => format!("时段 {} 不存在", g + 1),
            NoSuchTable(t) if en => format!("table {} does not exist", t + 1),
            NoSuchTable(t) => format!("{} 号台不存在", t + 1),
            PastSession(s) if en => format!("session {} is already over", s + 1),
            PastSession(s) => format!("第 {} 场次已经结束", s + 1),
            SlotTaken { table, .. } if en => {
                format!("table {} is already taken at that time", table + 1)
            }
            SlotTaken { table, .. } => format!("该时段 {} 号台已有比赛", table + 1),
            EntrantBusy { entrant, .. } if en => {
                format!("entrant {} already plays at that time", entrant + 1)
            }
            EntrantBusy { entrant, .. } => format!("第 {} 号参赛者该时段已有比赛", entrant + 1),
            Unavailable { entrant, .. } if en => {
                format!("entrant {} cannot come at that time", entrant + 1)
            }
            Unavailable { entrant, .. } => format!("第 {} 号参赛者该时段不能到场", entrant + 1),
            KnockoutOrder(_) if en => {
                "a knockout match must come after the matches that decide its players".into()
            }
            KnockoutOrder(_) => "淘汰赛须排在决定其对阵的比赛之后".into(),
            TooManySessions if en => {
                format!("at most {MAX_SESSIONS} sessions are supported")
            }
            TooManySessions => format!("最多支持 {MAX_SESSIONS} 个场次"),
            Invalid(v) => v.say(lang),
            NoSuchSession(x) if en => format!("session {} does not exist", x + 1),
            NoSuchSession(x) => format!("第 {} 场次不存在", x + 1),
            AlreadyClosed { session, table } if en => {
                format!("table {} is already out of use in session {}", table + 1, session + 1)
            }
            AlreadyClosed { session, table } => {
                format!("第 {} 场次的 {} 号台已经停用", session + 1, table + 1)
            }
            TableClosed { session, table } if en => {
                format!("table {} is out of use in session {}", table + 1, session + 1)
            }
            TableClosed { session, table } => {
                format!("第 {} 场次的 {} 号台已停用", session + 1, table + 1)
            }
            NoRoom(i) if en => format!(
                "match {} has no free place without moving more matches: move it to a new session first",
                i + 1
            ),
            NoRoom(i) => format!(
                "第 {} 场比赛找不到空位（须调动更多比赛）：请先把它移到新增的场次",
                i + 1
            ),
        }
    }
}

impl Say for Shortfall {
    fn say(&self, lang: Lang) -> String {
        match (self.clone(), lang) {
            (
                Shortfall::Capacity {
                    matches,
                    tables,
                    slots,
                    capacity,
                },
                _,
            ) if capacity == tables * slots => match lang {
                Lang::Zh => format!("{matches} 场比赛 > {tables} 台 × {slots} 个时段 = {capacity}"),
                Lang::En => format!("{matches} matches > {tables} tables × {slots} slots = {capacity}"),
            },
            (
                Shortfall::Capacity {
                    matches,
                    tables,
                    slots,
                    capacity,
                },
                Lang::Zh,
            ) => format!(
                "{matches} 场比赛 > {capacity} 个位置（{tables} 台 × {slots} 个时段，空闲参赛者不够时更少）"
            ),
            (
                Shortfall::Capacity {
                    matches,
                    tables,
                    slots,
                    capacity,
                },
                Lang::En,
            ) => format!(
                "{matches} matches > {capacity} places ({tables} tables × {slots} slots, fewer where too few entrants are free)"
            ),
            (
                Shortfall::Entrant {
                    entrant,
                    matches,
                    slots,
                },
                Lang::Zh,
            ) => format!(
                "第 {} 位参赛者有 {matches} 场比赛，但只能出席 {slots} 个时段",
                entrant + 1
            ),
            (
                Shortfall::Entrant {
                    entrant,
                    matches,
                    slots,
                },
                Lang::En,
            ) => format!(
                "entrant {} has {matches} matches but can attend only {slots} slots",
                entrant + 1
            ),
            (Shortfall::Knockout { needed, slots }, Lang::Zh) => {
                format!("仅淘汰赛就需要 {needed} 个时段，但只有 {slots} 个")
            }
            (Shortfall::Knockout { needed, slots }, Lang::En) => {
                format!("the knockout alone needs {needed} slots but there are {slots}")
            }
        }
    }
}

impl Say for ParseScoreError {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (ParseScoreError::Empty, Lang::En) => {
                "enter the game scores, e.g. 11-7 9-11 11-5, or W/O A".into()
            }
            (ParseScoreError::Empty, Lang::Zh) => {
                "请填写各局比分，如 11-7 9-11 11-5，弃权填 W/O A".into()
            }
            (ParseScoreError::NotAGame(p), Lang::En) => {
                format!("`{p}` is not a game score like 11-7")
            }
            (ParseScoreError::NotAGame(p), Lang::Zh) => format!("“{p}”不是一局的比分（如 11-7）"),
            (ParseScoreError::Score(e), lang) => e.say(lang),
        }
    }
}

impl Say for GameScoreError {
    fn say(&self, lang: Lang) -> String {
        match (*self, lang) {
            (GameScoreError::Unfinished { a, b }, Lang::En) => {
                format!("{a}–{b} is not finished: a game is won at 11 with a lead of 2")
            }
            (GameScoreError::Unfinished { a, b }, Lang::Zh) => {
                format!("{a}–{b} 未打完：每局先得 11 分且领先 2 分者胜")
            }
            (GameScoreError::PlayedPastWin { a, b }, Lang::En) => format!(
                "{a}–{b} cannot happen: the game ended as soon as one side had 11 and a lead of 2"
            ),
            (GameScoreError::PlayedPastWin { a, b }, Lang::Zh) => {
                format!("{a}–{b} 不可能：一方先得 11 分且领先 2 分时该局即结束")
            }
        }
    }
}

impl Say for ScoreError {
    fn say(&self, lang: Lang) -> String {
        match (*self, lang) {
            (ScoreError::BestOf(n), Lang::En) => {
                format!("best of {n}: matches are best of 3, 5 or 7")
            }
            (ScoreError::BestOf(n), Lang::Zh) => {
                format!("{n} 局制不可用：每场为三局、五局或七局制")
            }
            (ScoreError::Game { index, error }, Lang::En) => {
                format!("game {}: {}", index + 1, error.say(lang))
            }
            (ScoreError::Game { index, error }, Lang::Zh) => {
                format!("第 {} 局：{}", index + 1, error.say(lang))
            }
            (ScoreError::Undecided { a, b, needed }, Lang::En) => {
                format!("{a}–{b} in games: the winner needs {needed}")
            }
            (ScoreError::Undecided { a, b, needed }, Lang::Zh) => {
                format!("局数 {a}–{b}：胜方须赢 {needed} 局")
            }
            (ScoreError::PlayedOn { index }, Lang::En) => {
                format!("game {} was played after the match was won", index + 1)
            }
            (ScoreError::PlayedOn { index }, Lang::Zh) => {
                format!("第 {} 局在胜负已定后才打，不应计入", index + 1)
            }
        }
    }
}

impl Say for GameEntryError {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (GameEntryError::UnknownFixture(i), Lang::En) => {
                format!("match {} does not exist", i + 1)
            }
            (GameEntryError::UnknownFixture(i), Lang::Zh) => format!("第 {} 场比赛不存在", i + 1),
            (GameEntryError::KnockoutNeedsWinner(_), Lang::En) => {
                "a knockout match needs a winner: enter the result of the deciding game".into()
            }
            (GameEntryError::KnockoutNeedsWinner(_), Lang::Zh) => {
                "淘汰赛必须分出胜负：请填加赛后的结果".into()
            }
            (GameEntryError::SeatsOpen(_), Lang::En) => {
                "the players of this knockout match are not known yet".into()
            }
            (GameEntryError::SeatsOpen(_), Lang::Zh) => "这场淘汰赛的对阵尚未确定".into(),
        }
    }
}

impl Say for DraftEventError {
    fn say(&self, lang: Lang) -> String {
        match self {
            DraftEventError::Draft(e) => e.say(lang),
            DraftEventError::Event(e) => e.say(lang),
        }
    }
}

impl Say for Gap {
    fn say(&self, lang: crate::lang::Lang) -> String {
        use crate::lang::Lang::*;
        match (*self, lang) {
            (Gap::FirstOfSession, Zh) => "本场首场".into(),
            (Gap::FirstOfSession, En) => "first of session".into(),
            (Gap::BackToBack, Zh) => "连打".into(),
            (Gap::BackToBack, En) => "back-to-back".into(),
            (Gap::Rest(n), Zh) => format!("休息{n}个时段"),
            (Gap::Rest(n), En) => format!("{n} slot rest"),
        }
    }
}

impl Say for Change {
    fn say(&self, lang: Lang) -> String {
        let (matches, today) = (self.matches, self.tables);
        match (self.suggestion.clone(), lang) {
            (
                Suggestion::Tables {
                    tables,
                    capacity,
                    slots,
                },
                Lang::Zh,
            ) => format!("改为 {tables} 台：{tables} × {slots} 个时段 = {capacity} ≥ {matches}"),
            (
                Suggestion::Tables {
                    tables,
                    capacity,
                    slots,
                },
                Lang::En,
            ) => format!("{tables} tables: {tables} × {slots} slots = {capacity} ≥ {matches}"),
            (
                Suggestion::MatchMinutes {
                    minutes,
                    slots_per_session,
                    slots,
                    capacity,
                },
                Lang::Zh,
            ) => format!(
                "每场比赛 {minutes} 分钟（每场次 {slots_per_session} 个时段）：{today} × {slots} = {capacity} ≥ {matches}"
            ),
            (
                Suggestion::MatchMinutes {
                    minutes,
                    slots_per_session,
                    slots,
                    capacity,
                },
                Lang::En,
            ) => format!(
                "matches of {minutes} min ({slots_per_session} slots a session): {today} × {slots} = {capacity} ≥ {matches}"
            ),
            (
                Suggestion::Sessions {
                    sessions,
                    slots,
                    capacity,
                },
                Lang::Zh,
            ) => format!("改为 {sessions} 个场次：{today} × {slots} 个时段 = {capacity} ≥ {matches}"),
            (
                Suggestion::Sessions {
                    sessions,
                    slots,
                    capacity,
                },
                Lang::En,
            ) => format!("{sessions} sessions: {today} × {slots} slots = {capacity} ≥ {matches}"),
        }
    }
}
