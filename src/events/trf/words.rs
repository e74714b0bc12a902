//! TRF files' messages in words, in either language ([`Say`]).

use super::{TrfError, MAX_TRF_PLAYERS};
use crate::events::swiss::MAX_ROUNDS;
use crate::lang::{Lang, Say};

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
