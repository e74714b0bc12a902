//! The trainer's words for users: themes, collections and every error of this module in Chinese
//! or English through [`Say`]. English repeats the `Display` text (as a sentence).

use super::puzzle::{Collection, PuzzleError, Theme};
use super::set::{Cap, Corruption, SetError};
use super::shard::DataError;
use crate::lang::{sentence, Lang, Say};

impl Say for Theme {
    /// The theme's name as a filter shows it.
    fn say(&self, lang: Lang) -> String {
        let (zh, en) = match self {
            Theme::MateIn(n) => {
                return match lang {
                    Lang::Zh => format!("{n} 步杀"),
                    Lang::En => format!("Mate in {n}"),
                }
            }
            Theme::MaterialWin => ("得子", "Winning material"),
            Theme::HorseCannon => ("马后炮", "Horse and cannon mate"),
            Theme::DoubleCannon => ("重炮", "Double cannon mate"),
            Theme::Smothered => ("闷宫", "Smothered mate"),
            Theme::TroughHorse => ("卧槽马", "Trough horse mate"),
            Theme::IronBolt => ("铁门栓", "Iron bolt mate"),
            Theme::FacingKings => ("对面笑", "Facing kings"),
            Theme::DoubleChariot => ("双车错", "Double chariot mate"),
            Theme::Fork => ("捉双", "Fork"),
            Theme::Pin => ("牵制", "Pin"),
            Theme::DiscoveredAttack => ("闪击", "Discovered attack"),
            Theme::Sacrifice => ("弃子", "Sacrifice"),
            Theme::Endgame => ("残局", "Endgame"),
        };
        lang.pick(zh, en).to_string()
    }
}

impl Say for Collection {
    /// The collection's name.
    fn say(&self, lang: Lang) -> String {
        let (zh, en) = match self {
            Collection::Games => ("实战谜题", "Puzzles from games"),
            Collection::Endgames => ("古典残局", "Classic endgames"),
            Collection::Mates => ("杀法练习", "Mating exercises"),
        };
        lang.pick(zh, en).to_string()
    }
}

impl Say for PuzzleError {
    fn say(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return sentence(self.to_string());
        }
        match self {
            PuzzleError::Json(_) => "不是谜题数据（JSON 有误）".into(),
            PuzzleError::Fen(e) => e.say(lang),
            PuzzleError::BadMove { index, text } => {
                format!("第 {} 着“{text}”不是 ICCS 着法（如 h2e2）", index + 1)
            }
            PuzzleError::IllegalMove { index, mv, reason } => {
                format!("第 {} 着 {mv} 不合规则：{}", index + 1, reason.say(lang))
            }
            PuzzleError::WrongLength { moves } => format!(
                "有 {moves} 着：谜题应是对方的上一着加上以解题方着法结束的解答（偶数着，至少 2 着）"
            ),
            PuzzleError::BadAlternative { ply, mv } => {
                format!("第 {} 着的另解 {mv} 不是解题方的合法着法", ply + 1)
            }
            PuzzleError::BadRating => "等级分不是 0 到 4000 之间的数".into(),
        }
    }
}

impl Say for DataError {
    fn say(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return sentence(self.to_string());
        }
        match self {
            DataError::Json(_) => "谜题数据已损坏，无法读取".into(),
            DataError::NewerVersion { found, supported } => format!(
                "谜题数据为第 {found} 版，比本程序能读的（第 {supported} 版）新：请刷新页面"
            ),
            DataError::Puzzle { index, error } => {
                format!("第 {} 题：{}", index + 1, error.say(lang))
            }
        }
    }
}

impl Say for SetError {
    fn say(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return sentence(self.to_string());
        }
        match self {
            SetError::Corrupt(c) => {
                let why = match c {
                    Corruption::NotJson(_) => "不是题集文件（JSON 有误）",
                    Corruption::NotBase64 => "链接中有题集链接不会有的字符",
                    Corruption::Truncated => "链接不完整（被截断）",
                    Corruption::BadBytes => "链接中的数据有误",
                    Corruption::TrailingBytes => "链接在最后一题之后还有多余数据",
                };
                format!("题集已损坏：{why}")
            }
            SetError::NewerVersion { found, supported } => format!(
                "题集由较新版本的程序制作（格式第 {found} 版，本程序最多读第 {supported} 版）：请更新程序"
            ),
            SetError::TooBig { cap, found } => {
                let what = match cap {
                    Cap::Items => "个局面",
                    Cap::Line => "着（一个局面的着法）",
                    Cap::Name => "个字（名称）",
                    Cap::Comment => "个字（一条评注）",
                    Cap::LinkChars => "个字符（链接）",
                    Cap::FileBytes => "字节（文件）",
                };
                format!("题集太大：{found} {what}，最多 {}", cap.limit())
            }
            SetError::Fen { item, error } => format!("第 {} 题：{}", item + 1, error.say(lang)),
            SetError::BadMove { item, ply, text } => format!(
                "第 {} 题第 {} 着：“{text}”不是 ICCS 着法（如 h2e2）",
                item + 1,
                ply + 1
            ),
            SetError::IllegalMove {
                item,
                ply,
                mv,
                reason,
            } => format!(
                "第 {} 题第 {} 着 {mv} 不合规则：{}",
                item + 1,
                ply + 1,
                reason.say(lang)
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_theme_has_a_name_in_both_languages() {
        for t in Theme::all() {
            let zh = t.say(Lang::Zh);
            let en = t.say(Lang::En);
            assert!(!zh.is_empty() && !en.is_empty() && zh != en, "{t:?}");
            assert!(!zh.is_ascii() && en.is_ascii(), "{t:?}: {zh} / {en}");
        }
        assert_eq!(Theme::HorseCannon.say(Lang::Zh), "马后炮");
        assert_eq!(Theme::MateIn(3).say(Lang::En), "Mate in 3");
    }

    #[test]
    fn errors_are_said_in_both_languages() {
        let e = SetError::TooBig {
            cap: Cap::Items,
            found: 101,
        };
        assert_eq!(e.say(Lang::Zh), "题集太大：101 个局面，最多 100");
        assert_eq!(
            e.say(Lang::En),
            "The puzzle set is too big: 101 positions, at most 100"
        );
        let e = DataError::NewerVersion {
            found: 2,
            supported: 1,
        };
        assert!(e.say(Lang::Zh).contains("第 2 版"));
        assert!(e.say(Lang::En).starts_with("The puzzle data is version 2"));
    }
}
