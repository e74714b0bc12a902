//! The knockout's messages in words, in either language ([`Say`]): `Display` stays the English
//! text, `say(Lang::Zh)` is the Chinese the UI shows.

use super::{KnockoutError, Section, UnwritableName};
use crate::events::schedule::group_letter;
use crate::lang::{Lang, Say};

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
