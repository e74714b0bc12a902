//! Every events message in words, in either language ([`Say`]): `Display` stays the English text
//! (CLI output and logs read it), `say(Lang::Zh)` is the Chinese sentence the UI shows.

use super::knockout::UnwritableName;
use super::publish::QrTooLong;
use super::round_robin::{
    BergerError, ImportError, LineupError, ParseOutcomeError, PositionsError, ScoringError,
    TournamentError, MAX_BOARDS,
};
use super::schedule::{
    ChangeError, DraftError, ExportError, ProblemError, Shortfall, Violation, MAX_ENTRANTS,
    MAX_EVERY_DAYS, MAX_SESSIONS, MAX_SESSION_MINUTES, MAX_SLOTS_PER_SESSION, MAX_TABLES,
    MIN_ENTRANTS,
};
use super::scoring::ResultError;
use crate::lang::{Lang, Say};

/// Chinese for a draft field name (the English name is the `Display` text).
fn field_zh(field: &str) -> &'static str {
    match field {
        "groups" => "组数",
        "sessions" => "场次数",
        "session minutes" => "每场分钟数",
        "days between sessions" => "场次间隔天数",
        "tables" => "台数",
        "match minutes" => "每局（场）分钟数",
        "boards" => "每场台数",
        _ => "数字",
    }
}

/// Chinese for the detail of a hand numbering error (`Display` words it in English).
fn numbering_zh(why: &str) -> String {
    let first = why.split_whitespace().next().unwrap_or("");
    if why.ends_with("is given twice") {
        format!("编号 {first} 重复了")
    } else if why.contains("is not in") {
        format!("编号 {first} 不在 1 至参赛人数之内")
    } else {
        format!("有 {first} 名参赛者，编号个数应与之相同")
    }
}

impl Say for BergerError {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (_, Lang::En) => self.to_string(),
            (BergerError::TooFewEntrants(n), Lang::Zh) => {
                format!("循环赛至少需要 2 名参赛者，现有 {n} 名")
            }
            (BergerError::TooManyEntrants(n), Lang::Zh) => {
                format!(
                    "最多支持 {} 名参赛者，现有 {n} 名",
                    super::round_robin::MAX_ENTRANTS
                )
            }
        }
    }
}

impl Say for ScoringError {
    fn say(&self, lang: Lang) -> String {
        match lang {
            Lang::En => self.to_string(),
            Lang::Zh => "计分方法不可用：须胜分大于负分，且胜 ≥ 和 ≥ 负".into(),
        }
    }
}

impl Say for ParseOutcomeError {
    fn say(&self, lang: Lang) -> String {
        match lang {
            Lang::En => self.to_string(),
            Lang::Zh => format!(
                "无法识别的结果“{}”（可填 1-0、½-½ 或 1/2、和、0-1、+/-、-/+、-/-）",
                self.0
            ),
        }
    }
}

impl Say for LineupError {
    fn say(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return self.to_string();
        }
        match self {
            LineupError::WrongLength { boards, given } => {
                format!("出场名单须有 {boards} 人，现有 {given} 人")
            }
            LineupError::UnknownPlayer { player, roster } => {
                format!("队员序号 {player} 不在 {roster} 人的报名名单中")
            }
            LineupError::Repeated(p) => format!("队员 {p} 被排在两台"),
            LineupError::NotFixedOrder => "规则 12.1：台次须按报名顺序 1、2、3……".into(),
            LineupError::OrderReversed { board } => format!(
                "规则 12.2：第 {board} 台与第 {} 台的队员顺序与报名顺序相反",
                board + 1
            ),
        }
    }
}

impl Say for TournamentError {
    fn say(&self, lang: Lang) -> String {
        use TournamentError::*;
        if lang == Lang::En {
            return self.to_string();
        }
        match self {
            EmptyName => "请填写赛事名称".into(),
            Scoring(e) => e.say(lang),
            BadBoards(b) => format!("团体赛每场须有 1 至 {MAX_BOARDS} 台，填的是 {b}"),
            EmptyEntrantName => "有参赛者名称为空".into(),
            DuplicateEntrant(n) => format!("有两名参赛者都叫“{n}”"),
            AlreadyDrawn => "已经抽签编号：要改参赛名单，请先取消抽签（规则 20.2）".into(),
            NotDrawn => "请先抽签编号".into(),
            Berger(e) => e.say(lang),
            UnknownEntrant(n) => format!("没有编号为 {n} 的参赛者"),
            BadNumbering(why) => numbering_zh(why),
            ResultsExist => "已有成绩：编号不能再改".into(),
            NoSuchRound { round, rounds } => format!("没有第 {round} 轮（本赛事共 {rounds} 轮）"),
            NotPaired { round, red, black } => {
                format!("第 {round} 轮没有 {red}-{black} 的对阵（先列者执红）")
            }
            WrongGameCount { expected, given } => {
                format!("每场结果须有 {expected} 台的胜负，填了 {given} 台")
            }
            DuplicateResult { round, red } => format!("第 {round} 轮 {red} 号的对局有两个成绩"),
            Lineup { team, error } => format!("{team} 号队：{}", error.say(lang)),
            NoRoster(t) => format!("{t} 号没有报名队员，无法排台次"),
            MembersInIndividual(k) => format!("{k} 号列有队员，但这是个人赛"),
            RosterTooShort {
                team,
                boards,
                roster,
            } => format!("{team} 号队只报名 {roster} 人，而每场有 {boards} 台"),
            PlayedAfterWithdrawal { entrant, round } => {
                format!("{entrant} 号已退出，却在第 {round} 轮有成绩（规则 20.3）")
            }
            TieBreakNotFor(t) => format!("“{}”不适用于本赛事", t.label_in(lang)),
            DuplicateTieBreak(t) => format!("“{}”列了两次", t.label_in(lang)),
        }
    }
}

impl Say for ImportError {
    fn say(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return self.to_string();
        }
        match self {
            ImportError::Json { line, column, .. } => {
                format!("文件第 {line} 行第 {column} 列格式不对，不是可读的赛事文件")
            }
            ImportError::NotATournament => "这不是赛事文件".into(),
            ImportError::UnsupportedVersion(v) => format!("文件版本 {v} 不受支持，请用新版程序"),
            ImportError::Invalid(e) => format!("赛事文件内容自相矛盾：{}", e.say(lang)),
        }
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
                format!("{}：“{text}”不是整数", field_zh(field))
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

/// A round's heading on the published results page: 第 3 轮 / Round 3.
pub struct RoundHeading(pub usize);

impl Say for RoundHeading {
    fn say(&self, lang: Lang) -> String {
        let round = self.0;
        match lang {
            Lang::Zh => format!("第 {round} 轮"),
            Lang::En => format!("Round {round}"),
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
impl Say for QrTooLong {
    fn say(&self, lang: Lang) -> String {
        match lang {
            Lang::En => self.to_string(),
            Lang::Zh => format!("地址共 {} 字节，太长，无法生成二维码", self.0),
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
impl Say for UnwritableName {
    fn say(&self, lang: Lang) -> String {
        let name = &self.0;
        match lang {
            Lang::Zh => format!("“{name}”含有逗号、顿号或分号，无法写入小组名次表"),
            Lang::En => {
                format!("“{name}” holds a comma or semicolon, so it cannot be written in the group tables")
            }
        }
    }
}
impl Say for ResultError {
    fn say(&self, lang: Lang) -> String {
        match self {
            ResultError::Outcome(e) => e.say(lang),
            ResultError::Score(e) => e.say(lang),
            ResultError::Board(board, e) => match lang {
                Lang::Zh => format!("第 {board} 台：{}", e.say(lang)),
                Lang::En => format!("board {board}: {}", e.say(lang)),
            },
        }
    }
}
impl Say for PositionsError {
    fn say(&self, lang: Lang) -> String {
        match lang {
            Lang::En => self.to_string(),
            Lang::Zh => format!("`{}`：请用逗号分隔的序号，如 3,1,2", self.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moved_messages_keep_their_words() {
        let both = |m: &dyn Say| [m.say(Lang::Zh), m.say(Lang::En)];
        assert_eq!(
            both(&ChangeError::AlreadyClosed {
                session: 0,
                table: 2
            }),
            [
                "第 1 场次的 3 号台已经停用",
                "table 3 is already out of use in session 1"
            ]
        );
        assert_eq!(
            both(&ChangeError::NoRoom(4)),
            [
                "第 5 场比赛找不到空位（须调动更多比赛）：请先把它移到新增的场次",
                "match 5 has no free place without moving more matches: move it to a new session first"
            ]
        );
        assert_eq!(
            both(&QrTooLong(3000)),
            [
                "地址共 3000 字节，太长，无法生成二维码",
                "an address of 3000 bytes is too long for a QR code"
            ]
        );
        assert_eq!(
            both(&Shortfall::Capacity {
                matches: 30,
                tables: 4,
                slots: 6,
                capacity: 24
            }),
            [
                "30 场比赛 > 4 台 × 6 个时段 = 24",
                "30 matches > 4 tables × 6 slots = 24"
            ]
        );
        assert_eq!(
            both(&UnwritableName("甲,乙".into())),
            [
                "“甲,乙”含有逗号、顿号或分号，无法写入小组名次表",
                "“甲,乙” holds a comma or semicolon, so it cannot be written in the group tables"
            ]
        );
        let board = ResultError::Board(2, ParseOutcomeError("x".into()));
        assert!(board
            .say(Lang::Zh)
            .starts_with("第 2 台：无法识别的结果“x”"));
        assert!(board
            .say(Lang::En)
            .starts_with("board 2: unknown result `x`"));
        assert_eq!(
            both(&PositionsError("a".into())),
            [
                "`a`：请用逗号分隔的序号，如 3,1,2",
                "`a`: use comma-separated numbers, e.g. 3,1,2"
            ]
        );
        assert_eq!(both(&RoundHeading(3)), ["第 3 轮", "Round 3"]);
    }

    /// Whether `text` contains a Latin letter (names and numbers aside, none should show in Chinese).
    fn has_latin(text: &str) -> bool {
        text.chars().any(|c| c.is_ascii_alphabetic())
    }

    #[test]
    fn chinese_messages_have_no_english() {
        let zh: Vec<String> = vec![
            TournamentError::AlreadyDrawn.say(Lang::Zh),
            TournamentError::Berger(BergerError::TooManyEntrants(501)).say(Lang::Zh),
            TournamentError::NotPaired {
                round: 2,
                red: 1,
                black: 4,
            }
            .say(Lang::Zh),
            TournamentError::Lineup {
                team: 2,
                error: LineupError::NotFixedOrder,
            }
            .say(Lang::Zh),
            TournamentError::PlayedAfterWithdrawal {
                entrant: 3,
                round: 4,
            }
            .say(Lang::Zh),
            ImportError::NotATournament.say(Lang::Zh),
            ProblemError::SessionTooShort {
                session: 0,
                minutes: 10,
                match_minutes: 30,
            }
            .say(Lang::Zh),
            DraftError::Number {
                field: "tables",
                text: "二".into(),
            }
            .say(Lang::Zh),
            Violation::TableTwice { slot: 1, table: 0 }.say(Lang::Zh),
            ParseOutcomeError("2-0".into()).say(Lang::Zh),
        ];
        for text in zh {
            let without_notation = text.replace("late", "");
            assert!(!has_latin(&without_notation), "{text}");
        }
        assert_eq!(
            TournamentError::NotDrawn.say(Lang::En),
            TournamentError::NotDrawn.to_string()
        );
    }
}
