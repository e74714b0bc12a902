//! The scorings' names and their messages in words, in either language ([`Say`]).

use super::{EventError, EventScoring, ResultError};
use crate::lang::{Lang, Say, Text};

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
