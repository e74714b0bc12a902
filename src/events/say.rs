//! Every events message in words, in either language ([`Say`]): `Display` stays the English text
//! (CLI output and logs read it), `say(Lang::Zh)` is the Chinese sentence the UI shows.

use super::club::{
    ClubError, Field, ImportError as ClubImportError, MAX_FIELD_CHARS, MAX_FILE_BYTES, MAX_MEMBERS,
    MAX_NAME_CHARS,
};
use super::knockout::{KnockoutError, Section, UnwritableName};
use super::publish::QrTooLong;
use super::round_robin::{
    BergerError, ImportError, LineupError, ParseOutcomeError, PositionsError, ScoringError,
    Standings, TieBreak, TournamentError, MAX_BOARDS,
};
use super::schedule::{
    group_letter, Change, ChangeError, DraftError, DraftEventError, ExportError, GameEntryError,
    GameScoreError, Gap, ParseScoreError, ProblemError, ScoreError, Shortfall, Suggestion,
    Violation, MAX_ENTRANTS, MAX_EVERY_DAYS, MAX_SESSIONS, MAX_SESSION_MINUTES,
    MAX_SLOTS_PER_SESSION, MAX_TABLES, MIN_ENTRANTS,
};
use super::scoring::{EventError, EventScoring, ResultError};
use super::swiss::saved::{
    RecordRoundError, SavedKnockoutError, SavedSwissError, KNOCKOUT_VERSION, SWISS_VERSION,
};
use super::swiss::{
    Buchholz, EntrantLineError, MatchPointsError, SwissError, SwissTieBreak, MAX_NAME, MAX_RATING,
    MAX_ROUNDS,
};
use super::trf::{TrfError, MAX_TRF_PLAYERS};
use crate::lang::{Lang, Say, Text};

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

impl Say for ClubImportError {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (_, Lang::En) => self.to_string(),
            (ClubImportError::TooLarge(n), Lang::Zh) => {
                format!("文件共 {n} 字节；会员文件最多 {MAX_FILE_BYTES} 字节")
            }
            (ClubImportError::Empty, Lang::Zh) => "文件中没有任何行".into(),
            (ClubImportError::NoNameColumn(h), Lang::Zh) => {
                format!("第一行没有姓名列（姓名、name）：{h}")
            }
            (ClubImportError::TooManyRows(n), Lang::Zh) => {
                format!("文件共 {n} 行；名单最多 {MAX_MEMBERS} 名会员")
            }
        }
    }
}

impl Say for EntrantLineError {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (EntrantLineError::NameTooLong { line }, Lang::Zh) => {
                format!("第 {line} 行：名字超过 {MAX_NAME} 个字符")
            }
            (EntrantLineError::NameTooLong { line }, Lang::En) => {
                format!("line {line}: a name is longer than {MAX_NAME} characters")
            }
            (EntrantLineError::RatingTooHigh { line }, Lang::Zh) => {
                format!("第 {line} 行：等级分不能超过 {MAX_RATING}")
            }
            (EntrantLineError::RatingTooHigh { line }, Lang::En) => {
                format!("line {line}: a rating cannot exceed {MAX_RATING}")
            }
            (EntrantLineError::NoMembers { line }, Lang::Zh) => {
                format!("第 {line} 行：团体赛每行写“队名: 队员, 队员, …”")
            }
            (EntrantLineError::NoMembers { line }, Lang::En) => {
                format!("line {line}: write a team as “team: player, player, …”")
            }
            (
                EntrantLineError::TooFewMembers {
                    line,
                    boards,
                    members,
                },
                Lang::Zh,
            ) => format!("第 {line} 行：每场 {boards} 台，该队只报了 {members} 名队员"),
            (
                EntrantLineError::TooFewMembers {
                    line,
                    boards,
                    members,
                },
                Lang::En,
            ) => format!("line {line}: {members} players for {boards} boards"),
            (EntrantLineError::TooMany { line }, Lang::Zh) => {
                format!(
                    "第 {line} 行：积分编排赛最多 {} 名参赛者",
                    super::swiss::MAX_ENTRANTS
                )
            }
            (EntrantLineError::TooMany { line }, Lang::En) => {
                format!(
                    "line {line}: a Swiss takes at most {} entrants",
                    super::swiss::MAX_ENTRANTS
                )
            }
            (EntrantLineError::Repeated { line, name }, Lang::Zh) => {
                format!("第 {line} 行：“{name}”重复")
            }
            (EntrantLineError::Repeated { line, name }, Lang::En) => {
                format!("line {line}: “{name}” is listed twice")
            }
        }
    }
}

impl Say for MatchPointsError {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (MatchPointsError::Unreadable(t), Lang::Zh) => {
                format!("无法识别的局分“{t}”（例如 5:3）")
            }
            (MatchPointsError::Unreadable(t), Lang::En) => {
                format!("unreadable game points “{t}” (for example 5:3)")
            }
            (MatchPointsError::TooMany { boards }, Lang::Zh) => {
                format!("{boards} 台的局分合计最多 {}", 2 * boards)
            }
            (MatchPointsError::TooMany { boards }, Lang::En) => {
                format!("{boards} boards give at most {} game points", 2 * boards)
            }
        }
    }
}

impl Say for SwissTieBreak {
    fn say(&self, lang: Lang) -> String {
        let variant = |b: &Buchholz| match (b, lang) {
            (Buchholz::Full, _) => "",
            (Buchholz::Cut1, Lang::Zh) => "（去最低）",
            (Buchholz::Cut1, Lang::En) => " (cut 1)",
            (Buchholz::Median, Lang::Zh) => "（去高低）",
            (Buchholz::Median, Lang::En) => " (median)",
        };
        match (self, lang) {
            (SwissTieBreak::OpponentScores(b), Lang::Zh) => format!("对手分{}", variant(b)),
            (SwissTieBreak::OpponentScores(b), Lang::En) => {
                format!("Opponents' points{}", variant(b))
            }
            (SwissTieBreak::Wins, Lang::Zh) => "胜局".into(),
            (SwissTieBreak::Wins, Lang::En) => "Wins".into(),
            (SwissTieBreak::Fouls, Lang::Zh) => "犯规".into(),
            (SwissTieBreak::Fouls, Lang::En) => "Fouls".into(),
            (SwissTieBreak::TeamOpponentScores(b), Lang::Zh) => format!("团体对手分{}", variant(b)),
            (SwissTieBreak::TeamOpponentScores(b), Lang::En) => {
                format!("Opponent teams' points{}", variant(b))
            }
            (SwissTieBreak::GamePoints, Lang::Zh) => "全队总局分".into(),
            (SwissTieBreak::GamePoints, Lang::En) => "Game points".into(),
            (SwissTieBreak::MatchWins, Lang::Zh) => "全队胜场".into(),
            (SwissTieBreak::MatchWins, Lang::En) => "Matches won".into(),
            (SwissTieBreak::TeamFouls, Lang::Zh) => "全队犯规".into(),
            (SwissTieBreak::TeamFouls, Lang::En) => "Team fouls".into(),
        }
    }
}

impl Say for SwissError {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (SwissError::TooFewEntrants, Lang::Zh) => "可编排的选手不足两名".into(),
            (SwissError::TooFewEntrants, Lang::En) => {
                "fewer than two entrants can be paired".into()
            }
            (SwissError::NoValidPairing, Lang::Zh) => {
                "没有满足绝对条件（不重复相遇、先后手限制、轮空至多一次）的编排".into()
            }
            (SwissError::NoValidPairing, Lang::En) => {
                "no pairing meets the absolute criteria (no rematch, colour limits, one bye)".into()
            }
            (SwissError::RaggedHistory { entrant }, Lang::Zh) => {
                format!("{entrant} 号的轮次记录数与其他人不同")
            }
            (SwissError::RaggedHistory { entrant }, Lang::En) => {
                format!("entrant {entrant} has a different number of rounds from the others")
            }
            (SwissError::InconsistentRecord { entrant, round }, Lang::Zh) => {
                format!("第 {round} 轮 {entrant} 号的对手记录不一致")
            }
            (SwissError::InconsistentRecord { entrant, round }, Lang::En) => {
                format!("round {round}: entrant {entrant}'s opponent does not match")
            }
            (SwissError::ResultCount { boards, results }, Lang::Zh) => {
                format!("本轮有 {boards} 台，却给出了 {results} 个结果")
            }
            (SwissError::ResultCount { boards, results }, Lang::En) => {
                format!("{results} results given for {boards} boards")
            }
            (SwissError::EventFinished, Lang::Zh) => "计划的轮次已全部赛完".into(),
            (SwissError::EventFinished, Lang::En) => "all planned rounds have been played".into(),
            (SwissError::AccelerationNeedsRounds, Lang::Zh) => "加速编排需要先设定总轮数".into(),
            (SwissError::AccelerationNeedsRounds, Lang::En) => {
                "accelerated pairing needs the number of rounds".into()
            }
            (SwissError::TooLarge, Lang::Zh) => "参赛人数过多，无法编排".into(),
            (SwissError::TooLarge, Lang::En) => "the field is too large to pair".into(),
            (SwissError::NotTeamEvent, Lang::Zh) => "个人赛没有分台出场名单".into(),
            (SwissError::NotTeamEvent, Lang::En) => {
                "an individual event has no board line-ups".into()
            }
            (SwissError::LineUp { team, error }, Lang::Zh) => {
                format!("{team} 号队的出场名单：{}", error.say(Lang::Zh))
            }
            (SwissError::LineUp { team, error }, Lang::En) => {
                format!("team {team}'s line-up: {}", error.say(Lang::En))
            }
            (SwissError::BoardCount { boards, results }, Lang::Zh) => {
                format!("每场 {boards} 台，却给出了 {results} 台的结果")
            }
            (SwissError::BoardCount { boards, results }, Lang::En) => {
                format!("{results} board results given for {boards} boards")
            }
            (SwissError::TooManyEntrants { entrants }, Lang::Zh) => {
                format!("参赛者 {entrants} 名，积分编排赛最多 {MAX_ENTRANTS} 名")
            }
            (SwissError::TooManyEntrants { entrants }, Lang::En) => {
                format!("{entrants} entrants; a Swiss takes at most {MAX_ENTRANTS}")
            }
            (SwissError::TooManyRounds { rounds }, Lang::Zh) => {
                format!("{rounds} 轮，积分编排赛最多 {MAX_ROUNDS} 轮")
            }
            (SwissError::TooManyRounds { rounds }, Lang::En) => {
                format!("{rounds} rounds; a Swiss has at most {MAX_ROUNDS}")
            }
            (SwissError::BadTeamRecord { entrant }, Lang::Zh) => {
                format!("{entrant} 号队的台数或出场记录不合")
            }
            (SwissError::BadTeamRecord { entrant }, Lang::En) => {
                format!("team {entrant}'s boards or line-ups do not fit the event")
            }
            (SwissError::BadPairing, Lang::Zh) => "待赛轮次的对阵与赛事不符".into(),
            (SwissError::BadPairing, Lang::En) => {
                "the round being played does not fit the event".into()
            }
        }
    }
}

impl Say for RecordRoundError {
    fn say(&self, lang: Lang) -> String {
        match self {
            RecordRoundError::Missing => lang
                .pick("还有对局没有结果", "some boards have no result")
                .into(),
            RecordRoundError::Code(e) => e.say(lang),
            RecordRoundError::Points(e) => e.say(lang),
            RecordRoundError::Event(e) => e.say(lang),
        }
    }
}

impl Say for SavedKnockoutError {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (SavedKnockoutError::Json(e), Lang::Zh) => format!("保存的淘汰赛无法读取：{e}"),
            (SavedKnockoutError::Json(e), Lang::En) => {
                format!("the saved knockout cannot be read: {e}")
            }
            (SavedKnockoutError::Version(v), Lang::Zh) => {
                format!("保存的淘汰赛是第 {v} 版格式，本程序读取第 {KNOCKOUT_VERSION} 版")
            }
            (SavedKnockoutError::Version(v), Lang::En) => format!(
                "the saved knockout is format version {v}; this app reads version {KNOCKOUT_VERSION}"
            ),
            (SavedKnockoutError::Check(e), Lang::Zh) => {
                format!("保存的淘汰赛无法读取：{}", e.say(lang))
            }
            (SavedKnockoutError::Check(e), Lang::En) => {
                format!("the saved knockout cannot be read: {}", e.say(lang))
            }
        }
    }
}

impl Say for SavedSwissError {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (SavedSwissError::Json(e), Lang::Zh) => format!("保存的积分编排赛无法读取：{e}"),
            (SavedSwissError::Json(e), Lang::En) => format!("the saved Swiss cannot be read: {e}"),
            (SavedSwissError::Version(v), Lang::Zh) => {
                format!("保存的积分编排赛是第 {v} 版格式，本程序读取第 {SWISS_VERSION} 版")
            }
            (SavedSwissError::Version(v), Lang::En) => format!(
                "the saved Swiss is format version {v}; this app reads version {SWISS_VERSION}"
            ),
            (SavedSwissError::Check(e), _) => e.say(lang),
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

impl Say for Section {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (Section::Winners(r), Lang::Zh) => format!("胜者组第{r}轮"),
            (Section::Winners(r), Lang::En) => format!("Winners round {r}"),
            (Section::Losers(r), Lang::Zh) => format!("败者组第{r}轮"),
            (Section::Losers(r), Lang::En) => format!("Losers round {r}"),
            (Section::ThirdPlace, Lang::Zh) => "三四名决赛".into(),
            (Section::ThirdPlace, Lang::En) => "Third-place match".into(),
            (Section::GrandFinal, Lang::Zh) => "总决赛".into(),
            (Section::GrandFinal, Lang::En) => "Grand final".into(),
            (Section::GrandFinalReset, Lang::Zh) => "总决赛加赛".into(),
            (Section::GrandFinalReset, Lang::En) => "Grand final replay".into(),
        }
    }
}

impl Say for KnockoutError {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (KnockoutError::TooFewEntrants, Lang::Zh) => "淘汰赛至少需要两名参赛者".into(),
            (KnockoutError::TooFewEntrants, Lang::En) => {
                "a knockout needs at least two entrants".into()
            }
            (KnockoutError::BadSeeding, Lang::Zh) => "种子顺序必须每位参赛者恰好出现一次".into(),
            (KnockoutError::BadSeeding, Lang::En) => {
                "the seeding must name every entrant exactly once".into()
            }
            (KnockoutError::NoSuchMatch(k), Lang::Zh) => format!("没有第 {} 场", k + 1),
            (KnockoutError::NoSuchMatch(k), Lang::En) => format!("there is no match {}", k + 1),
            (KnockoutError::NotReady(k), Lang::Zh) => format!("第 {} 场的双方尚未确定", k + 1),
            (KnockoutError::NotReady(k), Lang::En) => {
                format!("both sides of match {} are not known yet", k + 1)
            }
            (KnockoutError::AlreadyUsed(k), Lang::Zh) => {
                format!("第 {} 场的结果已被后续比赛使用，不能更改", k + 1)
            }
            (KnockoutError::AlreadyUsed(k), Lang::En) => {
                format!("a later match already depends on match {}", k + 1)
            }
            (KnockoutError::GroupCount(n), Lang::Zh) => {
                format!("交叉淘汰需要 2、4、8 或 16 个小组，现有 {n} 个")
            }
            (KnockoutError::GroupCount(n), Lang::En) => {
                format!("a crossover needs 2, 4, 8 or 16 groups, not {n}")
            }
            (KnockoutError::GroupTooSmall(g), Lang::Zh) => {
                format!("{} 组不足两个出线名次", group_letter(*g))
            }
            (KnockoutError::GroupTooSmall(g), Lang::En) => {
                format!("group {} has fewer than two places", group_letter(*g))
            }
            (KnockoutError::GroupUnfinished(g), Lang::Zh) => {
                format!("{} 组还有比赛没有结果", group_letter(*g))
            }
            (KnockoutError::GroupUnfinished(g), Lang::En) => {
                format!(
                    "group {} still has matches without a result",
                    group_letter(*g)
                )
            }
            (KnockoutError::NotGroupStage, Lang::Zh) => {
                "保存的赛程不是“分组循环 + 交叉淘汰”".into()
            }
            (KnockoutError::NotGroupStage, Lang::En) => {
                "the saved timetable is not groups + crossover knockout".into()
            }
            (KnockoutError::Repeated(name), Lang::Zh) => format!("“{name}”在小组名次中出现两次"),
            (KnockoutError::Repeated(name), Lang::En) => {
                format!("“{name}” is listed twice in the group tables")
            }
            (KnockoutError::Inconsistent, Lang::Zh) => "对阵图与参赛者或已录成绩不符".into(),
            (KnockoutError::Inconsistent, Lang::En) => {
                "the bracket does not match its entrants or the results recorded in it".into()
            }
        }
    }
}

impl Say for TrfError {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (TrfError::BadPlayerLine { line }, Lang::Zh) => format!("第 {line} 行：选手行无法读取"),
            (TrfError::BadPlayerLine { line }, Lang::En) => {
                format!("line {line}: unreadable player line")
            }
            (TrfError::BadRound { line, round }, Lang::Zh) => {
                format!("第 {line} 行：第 {round} 轮的记录无法读取")
            }
            (TrfError::BadRound { line, round }, Lang::En) => {
                format!("line {line}: unreadable entry for round {round}")
            }
            (TrfError::Numbering, Lang::Zh) => "编号必须从 1 连续编到总人数".into(),
            (TrfError::Numbering, Lang::En) => {
                "pairing numbers must run from 1 to the number of players".into()
            }
            (TrfError::Inconsistent { entrant, round }, Lang::Zh) => {
                format!("第 {round} 轮 {entrant} 号的对手记录与对方不一致")
            }
            (TrfError::Inconsistent { entrant, round }, Lang::En) => {
                format!("round {round}: entrant {entrant}'s game does not match its opponent's")
            }
            (TrfError::BadHeader { line }, Lang::Zh) => {
                format!("第 {line} 行：轮数或先手设定无法读取")
            }
            (TrfError::BadHeader { line }, Lang::En) => {
                format!("line {line}: unreadable rounds or colour setting")
            }
            (TrfError::BadTeamLine { line }, Lang::Zh) => format!("第 {line} 行：队伍行无法读取"),
            (TrfError::BadTeamLine { line }, Lang::En) => {
                format!("line {line}: unreadable team line")
            }
            (TrfError::NoTeam { player }, Lang::Zh) => format!("{player} 号选手不属于任何队"),
            (TrfError::NoTeam { player }, Lang::En) => {
                format!("player {player} belongs to no team")
            }
            (TrfError::TeamMatch { team, round }, Lang::Zh) => {
                format!("第 {round} 轮：第 {team} 队的队员没有与同一队逐台对局（或先后手不合 13.3）")
            }
            (TrfError::TeamMatch { team, round }, Lang::En) => format!(
                "round {round}: team {team}'s players did not meet one team board for board with the colours of rule 13.3"
            ),
            (TrfError::NoPlayers, Lang::Zh) => "文件中没有选手行（001），未导入任何内容".into(),
            (TrfError::NoPlayers, Lang::En) => {
                "the file has no player lines (001); nothing was imported".into()
            }
            (TrfError::TooManyPlayers { line }, Lang::Zh) => {
                format!("第 {line} 行：选手行超过 {MAX_TRF_PLAYERS} 行")
            }
            (TrfError::TooManyPlayers { line }, Lang::En) => {
                format!("line {line}: more than {MAX_TRF_PLAYERS} player lines")
            }
            (TrfError::TooManyRounds { line }, Lang::Zh) => {
                format!("第 {line} 行：超过 {MAX_ROUNDS} 轮")
            }
            (TrfError::TooManyRounds { line }, Lang::En) => {
                format!("line {line}: more than {MAX_ROUNDS} rounds")
            }
            (TrfError::Event(e), l) => e.say(l),
        }
    }
}

impl Say for EventError {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (EventError::NotRoundRobin, Lang::Zh) => "象棋和胜和负计分用于单循环或双循环；分组+淘汰请选乒乓球计分".into(),
            (EventError::NotRoundRobin, Lang::En) => "Xiangqi and win/draw/loss scoring need a single or double round robin; use table-tennis scoring for groups + knockout".into(),
            (EventError::NotGameScoring, Lang::Zh) => "乒乓球成绩随赛程保存，不建循环赛事".into(),
            (EventError::NotGameScoring, Lang::En) => "table-tennis results are kept with the timetable, not in a round-robin event".into(),
            (EventError::Tournament(e), lang) => e.say(lang),
            (EventError::NotGroups, Lang::Zh) => "只有分组+淘汰赛才有小组".into(),
            (EventError::NotGroups, Lang::En) => "only a groups + knockout event has groups".into(),
            (EventError::NotTeamScoring, Lang::Zh) => "只有象棋团体赛计分才有台次和队员".into(),
            (EventError::NotTeamScoring, Lang::En) => "only Xiangqi team scoring has boards and players".into(),
            (EventError::TeamsNeedBoards, Lang::Zh) => "团体赛须给出每场台数和各队队员".into(),
            (EventError::TeamsNeedBoards, Lang::En) => "a team event needs its boards per match and its teams' players".into(),
        }
    }
}

/// The published results page's fixed words: headings, column heads, the QR code's caption.
pub(crate) mod page {
    use crate::lang::Text;

    pub const SCAN_FOR_RESULTS: Text = Text::new("扫码查看成绩", "Scan for the results");
    pub const BYE: Text = Text::new("轮空", "bye");
    pub const BOARD: Text = Text::new("台", "Board");
    pub const RESULT: Text = Text::new("结果", "Result");
    pub const PLACE: Text = Text::new("名次", "Place");
    pub const NAME: Text = Text::new("姓名", "Name");
    pub const WON: Text = Text::new("胜", "W");
    pub const DRAWN: Text = Text::new("和", "D");
    pub const LOST: Text = Text::new("负", "L");
    pub const STANDINGS: Text = Text::new("名次表", "Standings");
    pub const SCORE: Text = Text::new("积分", "Score");
    pub const CROSSTABLE: Text = Text::new("交叉表", "Crosstable");
    pub const POINTS: Text = Text::new("积分", "Points");
    pub const MATCH: Text = Text::new("场", "Match");
    pub const UPPER: Text = Text::new("上签", "Upper");
    pub const LOWER: Text = Text::new("下签", "Lower");
    pub const WINNER: Text = Text::new("胜者", "Winner");
    pub const CHAMPION: Text = Text::new("冠军", "Champion");
    pub const TIMETABLE_AND_RESULTS: Text = Text::new("赛程与成绩", "Timetable and results");
}

/// A certificate's title, printed in both languages.
pub(crate) const CERTIFICATE: Text = Text::new("荣誉证书", "Certificate of Achievement");

/// A certificate's line of the place won in the event (`event` already escaped for the page):
/// `在「春季赛」中荣获第二名` / `2nd place in 春季赛`.
pub(crate) struct Placed<'a> {
    /// 1 for the winner.
    pub place: usize,
    /// The event's name.
    pub event: &'a str,
}

impl Say for Placed<'_> {
    fn say(&self, lang: Lang) -> String {
        match lang {
            Lang::Zh => format!("在「{}」中荣获{}", self.event, chinese_place(self.place)),
            Lang::En => format!("{} in {}", english_place(self.place), self.event),
        }
    }
}

fn chinese_place(place: usize) -> String {
    const DIGITS: [&str; 10] = ["零", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
    let s = match place {
        0..=9 => DIGITS[place].to_string(),
        10 => "十".into(),
        11..=19 => format!("十{}", DIGITS[place % 10]),
        20..=99 => format!(
            "{}十{}",
            DIGITS[place / 10],
            if place.is_multiple_of(10) {
                ""
            } else {
                DIGITS[place % 10]
            }
        ),
        _ => place.to_string(),
    };
    format!("第{s}名")
}

fn english_place(place: usize) -> String {
    let suffix = match (place % 10, place % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{place}{suffix} place")
}

impl Field {
    /// The field's name in `lang`.
    pub fn label(self, lang: Lang) -> &'static str {
        match self {
            Field::Name => Text::new("姓名", "Name"),
            Field::Romanised => Text::new("拼音", "Romanised"),
            Field::Club => Text::new("单位", "Club"),
            Field::Birth => Text::new("出生年份", "Born"),
            Field::Sex => Text::new("性别", "Sex"),
            Field::Rating => Text::new("等级分", "Rating"),
            Field::Id => Text::new("FIDE/棋协编号", "FIDE/CXA id"),
        }
        .get(lang)
    }
}

impl TieBreak {
    /// The column name in one language (the UI shows one language at a time).
    pub fn label_in(self, lang: Lang) -> &'static str {
        match self {
            TieBreak::Discipline => Text::new("处分", "Discipline"),
            TieBreak::SonnebornBerger => Text::new("小分", "SB"),
            TieBreak::Wins => Text::new("胜局", "Wins"),
            TieBreak::GamePoints => Text::new("局分", "Game pts"),
            TieBreak::GameWins => Text::new("胜局", "Game wins"),
            TieBreak::DirectEncounter => Text::new("直胜", "Direct"),
            TieBreak::Fouls => Text::new("犯规", "Fouls"),
        }
        .get(lang)
    }
}

impl Standings {
    /// The score column's name in one language: match points in team events, else points.
    pub fn score_label_in(&self, lang: Lang) -> &'static str {
        if self.match_points {
            Text::new("场分", "Match pts").get(lang)
        } else {
            Text::new("积分", "Points").get(lang)
        }
    }
}

impl EventScoring {
    /// The scoring's name (what [`Say`] gives; the page's menu).
    pub const fn name(self) -> Text {
        match self {
            EventScoring::Xiangqi => Text::new(
                "象棋：胜1 和½ 负0 (14.1)",
                "Xiangqi: win 1, draw ½, loss 0 (14.1)",
            ),
            EventScoring::Xiangqi210 => {
                Text::new("象棋：胜2 和1 负0", "Xiangqi: win 2, draw 1, loss 0")
            }
            EventScoring::TableTennis => Text::new(
                "乒乓球：每局11分，三/五/七局制",
                "Table tennis: games to 11, best of 3/5/7",
            ),
            EventScoring::WinDrawLoss => Text::new(
                "胜2 和1 负0（其他项目）",
                "Win 2, draw 1, loss 0 (any game)",
            ),
            EventScoring::XiangqiTeam => Text::new(
                "象棋团体赛：场分胜2 和1 负0 (14.2)",
                "Xiangqi teams: match win 2, draw 1, loss 0 (14.2)",
            ),
        }
    }
}

impl Say for EventScoring {
    fn say(&self, lang: Lang) -> String {
        self.name().say(lang)
    }
}

impl Say for ClubError {
    fn say(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return self.to_string();
        }
        match self {
            ClubError::EmptyName => "会员须有姓名".into(),
            ClubError::NameTooLong(n) => {
                format!("姓名共 {n} 个字符，太长（最多 {MAX_NAME_CHARS} 个）")
            }
            ClubError::FieldTooLong(which) => {
                let zh = match *which {
                    "romanised name" => "拼音姓名",
                    "club" => "单位",
                    "date" => "日期",
                    _ => "编号",
                };
                format!("{zh}太长（最多 {MAX_FIELD_CHARS} 个字符）")
            }
            ClubError::OutOfRange(which) => {
                let zh = if *which == "rating" {
                    "等级分"
                } else {
                    "出生年份"
                };
                format!("{zh}超出范围")
            }
            ClubError::Duplicate(name) => format!("{name} 已是会员"),
            ClubError::TooMany(n) => {
                format!("名单将有 {n} 人；最多保存 {MAX_MEMBERS} 名会员")
            }
            ClubError::NoSuchMember(id) => format!("没有编号为 {id} 的会员"),
            ClubError::Json(e) => format!("不是会员名单：{e}"),
            ClubError::Version(v) => format!("未知版本 {v} 的会员名单"),
            ClubError::SamePlayer => "等级分对局须为两名不同的会员".into(),
            ClubError::AlreadyRated(e) => format!("“{e}”已计算过等级分"),
            ClubError::NothingToRate => "该赛事没有会员之间已完成的对局".into(),
            ClubError::Unfinished => "未完成的对局不能计算等级分".into(),
            ClubError::AlreadyRecorded(a, b, date) => {
                format!("{a} 与 {b} 在 {date} 的对局已记录过；确认后才再记录一局")
            }
            ClubError::NotADate(d) if d.is_empty() => "等级分对局须填写日期（年-月-日）".into(),
            ClubError::NotADate(d) => {
                format!("“{d}”不是有效日期：请按 年-月-日 填写对局日期，如 2026-12-01")
            }
            ClubError::FutureDate(d) => format!("{d} 晚于今天：对局须在下完后记录"),
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
