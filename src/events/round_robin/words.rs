//! The round robin's messages in words, in either language ([`Say`]): `Display` stays the
//! English text (CLI output and logs read it), `say(Lang::Zh)` is the Chinese the UI shows.

use super::{
    BergerError, ImportError, LineupError, NumberingError, ParseOutcomeError, PositionsError,
    ScoringError, Standings, TieBreak, TournamentError, MAX_BOARDS,
};
use crate::lang::{Lang, Say, Text};

impl Say for NumberingError {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (_, Lang::En) => self.to_string(),
            (NumberingError::Count { entrants, .. }, Lang::Zh) => {
                format!("有 {entrants} 名参赛者，编号个数应与之相同")
            }
            (NumberingError::OutOfRange { number, .. }, Lang::Zh) => {
                format!("编号 {number} 不在 1 至参赛人数之内")
            }
            (NumberingError::Twice(k), Lang::Zh) => format!("编号 {k} 重复了"),
        }
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
                format!("最多支持 {} 名参赛者，现有 {n} 名", super::MAX_ENTRANTS)
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
            BadNumbering(why) => why.say(lang),
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

impl Say for PositionsError {
    fn say(&self, lang: Lang) -> String {
        match lang {
            Lang::En => self.to_string(),
            Lang::Zh => format!("`{}`：请用逗号分隔的序号，如 3,1,2", self.0),
        }
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
