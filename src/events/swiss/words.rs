//! The Swiss event's and its saved files' messages in words, in either language ([`Say`]):
//! `Display` stays the English text, `say(Lang::Zh)` is the Chinese the UI shows.

use super::saved::{
    RecordRoundError, SavedKnockoutError, SavedSwissError, KNOCKOUT_VERSION, SWISS_VERSION,
};
use super::{
    Buchholz, EntrantLineError, MatchPointsError, SwissError, SwissTieBreak, MAX_ENTRANTS,
    MAX_NAME, MAX_RATING, MAX_ROUNDS,
};
use crate::lang::{Lang, Say};

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
                format!("第 {line} 行：积分编排赛最多 {} 名参赛者", MAX_ENTRANTS)
            }
            (EntrantLineError::TooMany { line }, Lang::En) => {
                format!(
                    "line {line}: a Swiss takes at most {} entrants",
                    MAX_ENTRANTS
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
