//! The clock's words for users, through [`Say`]: errors, presets, the clock's status and the
//! counters under a face. English repeats the `Display` text; Chinese is written here.

use super::{
    ClockError, ClockLinkError, Control, ControlError, ParsePresetError, Preset, SideReading,
    Status, MAX_TIME_MS,
};
use crate::lang::{sentence, Lang, Say, Text};

impl Say for ClockError {
    fn say(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return sentence(self.to_string());
        }
        match self {
            ClockError::TimeWentBackwards { .. } => "时间倒退了：此事件早于上一次事件".into(),
            ClockError::AlreadyStarted => "棋钟已经开动".into(),
            ClockError::NotStarted => "棋钟尚未开动".into(),
            ClockError::Paused => "棋钟已暂停，请先继续".into(),
            ClockError::NotPaused => "棋钟没有暂停".into(),
            ClockError::Finished => "对局已结束，棋钟已停".into(),
            ClockError::FlagFallen(flag) => {
                format!("{}超时，判负（第22.1条）", flag.side.say(lang))
            }
            ClockError::NothingToUndo => "没有可撤销的按钟".into(),
            ClockError::TooLong { .. } => {
                format!("时间超过棋钟上限 {} 小时", MAX_TIME_MS / 3_600_000)
            }
            ClockError::BadHistory { index, reason } => {
                format!("保存的棋钟记录在第 {index} 项出错：{}", reason.say(lang))
            }
        }
    }
}

impl Say for ControlError {
    fn say(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return sentence(self.to_string());
        }
        match self {
            ControlError::NoStages => "计时方式至少要有一个阶段".into(),
            ControlError::BadTime(s) => {
                format!("“{s}”不是时间；写作 90分、1小时30分、30秒 或 500毫秒")
            }
            ControlError::BadMoves(s) => {
                format!("“{s}”不是着数；写大于 0 的整数，如 90分/40着")
            }
            ControlError::BadByoyomi(s) => {
                format!("“{s}”不是读秒；写“次数×时长”，如 读秒 3×30秒")
            }
            ControlError::UnexpectedWord(s) => {
                format!("看不懂“{s}”；每个阶段写作 90分/40着、2小时+30秒、5分 延时 5秒 或 20分 读秒 3×30秒")
            }
            ControlError::MissingValue(k) => {
                let word = match *k {
                    "delay" => "延时",
                    "bronstein" => "补时",
                    "byo" => "读秒",
                    "+" => "+",
                    other => other,
                };
                format!("“{word}”后面缺少数值")
            }
            ControlError::TwoBonuses { stage } => {
                format!("第 {stage} 阶段同时有加秒、延时中的两种")
            }
            ControlError::OpenStageNotLast { stage } => {
                format!("第 {stage} 阶段没有着数，会一直持续；只有最后阶段可以这样")
            }
            ControlError::ZeroMoves { stage } => format!("第 {stage} 阶段要求 0 着；至少 1 着"),
            ControlError::TooLong { stage } => {
                format!("第 {stage} 阶段的时间超过 {} 小时", MAX_TIME_MS / 3_600_000)
            }
            ControlError::ByoyomiNotFinal { stage } => {
                format!("第 {stage} 阶段有读秒；只有不计着数的最后阶段可以读秒")
            }
            ControlError::ByoyomiWithBonus { stage } => {
                format!("第 {stage} 阶段同时有读秒和加秒（或延时）；只能选一种")
            }
            ControlError::EmptyByoyomi { stage } => {
                format!("第 {stage} 阶段的读秒没有次数或时长为零")
            }
            ControlError::NoTime => "第一阶段没有时间，开局即超时".into(),
        }
    }
}

impl Say for ClockLinkError {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (ClockLinkError::UnknownPreset(id), Lang::Zh) => format!("未知的预设：{id}"),
            (ClockLinkError::UnknownPreset(id), Lang::En) => format!("Unknown preset: {id}"),
            (ClockLinkError::Control { side, error }, Lang::Zh) => {
                format!("{}的计时方式有误：{}", side.say(lang), error.say(lang))
            }
            (ClockLinkError::Control { side, error }, Lang::En) => format!(
                "{}'s time control is wrong: {}",
                side.say(lang),
                error.say(lang)
            ),
        }
    }
}

impl Say for Control {
    /// The notation in the reader's language (both read back): `20m byo 3x30s`, `20分 读秒 3×30秒`.
    fn say(&self, lang: Lang) -> String {
        match lang {
            Lang::En => self.to_string(),
            Lang::Zh => self.chinese(),
        }
    }
}

impl Preset {
    /// The preset's label, as the clock's menu lists it.
    pub const fn name(self) -> Text {
        match self {
            Preset::Rule6_1 => Text::new(
                "第6.1条：90分钟走满40着，以后每15分钟10着",
                "Rule 6.1: 40 moves in 90 min, then 10 moves every 15 min",
            ),
            Preset::Rule6_2 => Text::new(
                "第6.2条：60分钟走满30着，以后每10分钟10着",
                "Rule 6.2: 30 moves in 60 min, then 10 moves every 10 min",
            ),
            Preset::Rule6_3 => Text::new(
                "第6.3条（快棋）：10分钟走满40着，以后每5分钟30着",
                "Rule 6.3 (rapid): 40 moves in 10 min, then 30 moves every 5 min",
            ),
            Preset::Rule6_4 => Text::new(
                "第6.4条（快棋）：每5分钟走满30着",
                "Rule 6.4 (rapid): 30 moves every 5 min",
            ),
            Preset::Rule6_5 => Text::new(
                "第6.5条：包干60分钟，不计着数",
                "Rule 6.5: 60 min for the whole game",
            ),
            Preset::Fischer120_30 => Text::new("120分钟 + 每着加30秒", "120 min + 30 s a move"),
            Preset::Fischer90_30 => Text::new("90分钟 + 每着加30秒", "90 min + 30 s a move"),
            Preset::Fischer60_30 => Text::new("60分钟 + 每着加30秒", "60 min + 30 s a move"),
            Preset::Fischer15_10 => Text::new("15分钟 + 每着加10秒", "15 min + 10 s a move"),
            Preset::Fischer5_3 => Text::new("5分钟 + 每着加3秒", "5 min + 3 s a move"),
            Preset::SuddenDeath10 => Text::new("10分钟包干", "10 min sudden death"),
            Preset::Byoyomi20m3x30s => {
                Text::new("20分钟 + 读秒3次×30秒", "20 min + byo-yomi 3 × 30 s")
            }
            Preset::Custom => Text::new("自定义", "Custom"),
            Preset::Handicap => Text::new(
                "让时：红方5分钟，黑方10分钟",
                "Handicap: Red 5 min, Black 10 min",
            ),
        }
    }
}

impl Say for Preset {
    fn say(&self, lang: Lang) -> String {
        self.name().get(lang).to_string()
    }
}

impl Say for Status {
    /// The clock's state in a line, as the middle bar of the clock shows it.
    fn say(&self, lang: Lang) -> String {
        let en = lang == Lang::En;
        match *self {
            Status::NotStarted if en => {
                "Press your half to start your opponent's time; Space starts Red's".into()
            }
            Status::NotStarted => "按己方一侧开动对方的钟；空格键开动红方".into(),
            Status::Running(side) if en => format!("{} to move", side.say(lang)),
            Status::Running(side) => format!("{}走棋", side.say(lang)),
            Status::Paused(_) if en => "Paused by the arbiter".into(),
            Status::Paused(_) => "裁判暂停".into(),
            Status::Flagged(f) | Status::Finished { flag: Some(f), .. } if en => {
                format!("{} lost on time (rules 4.1.4, 22.1)", f.side.say(lang))
            }
            Status::Flagged(f) | Status::Finished { flag: Some(f), .. } => {
                format!("{}超时判负（第4.1.4、22.1条）", f.side.say(lang))
            }
            Status::Finished { .. } if en => "Game over: the clock is stopped".into(),
            Status::Finished { .. } => "对局结束，棋钟已停".into(),
        }
    }
}

/// The counters under a face: moves, stage, moves owed, byo-yomi periods and delay.
pub struct SideInfo<'a>(pub &'a SideReading);

impl Say for SideInfo<'_> {
    fn say(&self, lang: Lang) -> String {
        let r = self.0;
        let en = lang == Lang::En;
        let mut s = if en {
            format!("{} moves · stage {}", r.moves, r.stage_number)
        } else {
            format!("{}着 · 第{}时限", r.moves, r.stage_number)
        };
        if let Some(k) = r.moves_owed {
            s += &if en {
                format!(" · {k} to go")
            } else {
                format!(" · 还差{k}着")
            };
        }
        if r.periods_left > 0 {
            s += &if en {
                format!(" · byo-yomi ×{}", r.periods_left)
            } else {
                format!(" · 读秒{}次", r.periods_left)
            };
        }
        if r.delay_left_ms > 0 && r.running {
            // Tenths by integer arithmetic: float formatting would cost the browser build.
            let tenths = (r.delay_left_ms + 50) / 100;
            let unit = lang.pick("秒", "s");
            s += &format!(" · +{}.{}{unit}", tenths / 10, tenths % 10);
        }
        s
    }
}

impl Say for ParsePresetError {
    fn say(&self, lang: Lang) -> String {
        match lang {
            Lang::Zh => format!("“{}”不是预设计时方式的代号", self.text),
            Lang::En => self.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_preset_error_keeps_its_words() {
        let e = ParsePresetError { text: "x".into() };
        assert_eq!(e.say(Lang::Zh), "“x”不是预设计时方式的代号");
        assert_eq!(
            e.say(Lang::En),
            "`x` is not the id of a time-control preset"
        );
    }
}
