//! Time controls (article 6): a list of [`Stage`]s, each a time that must cover a number of moves,
//! with an optional per-move bonus or byo-yomi, written in a short text notation such as
//! `90m/40, 15m/10` (rule 6.1) or `2h+30s`.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The longest time any one figure of a control may hold (100 hours): keeps all arithmetic exact.
pub const MAX_TIME_MS: u64 = 100 * 3_600_000;

/// What a side gets for each move besides its stage time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Bonus {
    /// Nothing: the stage time is all there is.
    None,
    /// Fischer increment: this many ms added after every completed move.
    Increment(u64),
    /// Simple (US) delay: the clock waits this many ms at each turn before counting down.
    Delay(u64),
    /// Bronstein delay: after each move the time used, up to this many ms, is given back.
    Bronstein(u64),
}

/// Byo-yomi (读秒): once the main time is gone, periods of fixed length; a move inside a period
/// keeps it, a period that runs out is lost, and losing the last one is a flag fall.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Byoyomi {
    /// How many periods.
    pub periods: u32,
    /// The length of each period in ms.
    pub period_ms: u64,
}

/// One stage of a control: `time_ms` in which `moves` moves must be made (rule 22.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Stage {
    /// Time added to the clock when the stage begins (unused time carries over, as on a mechanical clock).
    pub time_ms: u64,
    /// Moves the stage must cover; `None` means the rest of the game (sudden death).
    pub moves: Option<u32>,
    /// Per-move increment or delay.
    pub bonus: Bonus,
    /// Byo-yomi after the main time (only in a last stage that lasts the rest of the game).
    pub byoyomi: Option<Byoyomi>,
}

impl Stage {
    /// `time_ms` for the rest of the game (rule 6.5's 包干).
    pub const fn sudden_death(time_ms: u64) -> Stage {
        Stage {
            time_ms,
            moves: None,
            bonus: Bonus::None,
            byoyomi: None,
        }
    }

    /// `moves` moves to be made in `time_ms` (rules 6.1–6.4).
    pub const fn moves_in(moves: u32, time_ms: u64) -> Stage {
        Stage {
            time_ms,
            moves: Some(moves),
            bonus: Bonus::None,
            byoyomi: None,
        }
    }

    /// The same stage with a Fischer increment of `ms` per move.
    pub const fn with_increment(self, ms: u64) -> Stage {
        Stage {
            bonus: Bonus::Increment(ms),
            ..self
        }
    }

    /// The same stage with a simple delay of `ms` per move.
    pub const fn with_delay(self, ms: u64) -> Stage {
        Stage {
            bonus: Bonus::Delay(ms),
            ..self
        }
    }

    /// The same stage with a Bronstein delay of `ms` per move.
    pub const fn with_bronstein(self, ms: u64) -> Stage {
        Stage {
            bonus: Bonus::Bronstein(ms),
            ..self
        }
    }

    /// The same stage followed by `periods` byo-yomi periods of `period_ms` each.
    pub const fn with_byoyomi(self, periods: u32, period_ms: u64) -> Stage {
        Stage {
            byoyomi: Some(Byoyomi { periods, period_ms }),
            ..self
        }
    }

    /// The simple delay of this stage (0 when it has none).
    pub fn delay_ms(&self) -> u64 {
        match self.bonus {
            Bonus::Delay(ms) => ms,
            _ => 0,
        }
    }
}

/// A validated list of stages for one side. A last stage with a move count repeats until the game
/// ends ("以后每15分钟内必须走满10着，直至对局结束", rule 6.1); one without lasts the rest of the game.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Control {
    stages: Vec<Stage>,
}

/// Why a control cannot be built or read; stages are numbered from 1 as a player would.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ControlError {
    /// No stage at all.
    NoStages,
    /// A time figure is not like `90m`, `1h30m`, `30s` or `500ms`.
    BadTime(String),
    /// A move count is not a whole number above zero.
    BadMoves(String),
    /// A byo-yomi figure is not like `3x30s`.
    BadByoyomi(String),
    /// A word the notation does not know.
    UnexpectedWord(String),
    /// A keyword (`delay`, `bronstein`, `byo`, `+`) without its value.
    MissingValue(&'static str),
    /// A stage has two of increment, delay and Bronstein delay.
    TwoBonuses {
        /// Stage number, from 1.
        stage: usize,
    },
    /// A stage without a move count that is not the last: it would never end.
    OpenStageNotLast {
        /// Stage number, from 1.
        stage: usize,
    },
    /// A stage asking for zero moves.
    ZeroMoves {
        /// Stage number, from 1.
        stage: usize,
    },
    /// A time above [`MAX_TIME_MS`].
    TooLong {
        /// Stage number, from 1.
        stage: usize,
    },
    /// Byo-yomi on a stage other than a last one lasting the rest of the game.
    ByoyomiNotFinal {
        /// Stage number, from 1.
        stage: usize,
    },
    /// Byo-yomi together with an increment or delay in the same stage.
    ByoyomiWithBonus {
        /// Stage number, from 1.
        stage: usize,
    },
    /// Byo-yomi with no periods or periods of no length.
    EmptyByoyomi {
        /// Stage number, from 1.
        stage: usize,
    },
    /// The first stage gives no time at all, so the flag would fall at the start.
    NoTime,
}

impl fmt::Display for ControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ControlError::NoStages => write!(f, "a time control needs at least one stage"),
            ControlError::BadTime(s) => write!(
                f,
                "'{s}' is not a time; write it like 90m, 1h30m, 30s or 500ms"
            ),
            ControlError::BadMoves(s) => write!(
                f,
                "'{s}' is not a move count; write a whole number above 0, as in 90m/40"
            ),
            ControlError::BadByoyomi(s) => write!(
                f,
                "'{s}' is not a byo-yomi; write periods x length, as in byo 3x30s"
            ),
            ControlError::UnexpectedWord(s) => write!(
                f,
                "unexpected '{s}'; a stage reads like 90m/40, 2h+30s, 5m delay 5s or 20m byo 3x30s"
            ),
            ControlError::MissingValue(k) => write!(f, "'{k}' needs a value after it"),
            ControlError::TwoBonuses { stage } => write!(
                f,
                "stage {stage} has more than one of increment, delay and Bronstein delay"
            ),
            ControlError::OpenStageNotLast { stage } => write!(
                f,
                "stage {stage} has no move count, so it lasts the rest of the game; only the last stage may"
            ),
            ControlError::ZeroMoves { stage } => {
                write!(f, "stage {stage} asks for 0 moves; give at least 1")
            }
            ControlError::TooLong { stage } => write!(
                f,
                "stage {stage} has a time above {} hours",
                MAX_TIME_MS / 3_600_000
            ),
            ControlError::ByoyomiNotFinal { stage } => write!(
                f,
                "stage {stage} has byo-yomi; only a last stage without a move count may"
            ),
            ControlError::ByoyomiWithBonus { stage } => write!(
                f,
                "stage {stage} has byo-yomi and an increment or delay; choose one"
            ),
            ControlError::EmptyByoyomi { stage } => write!(
                f,
                "stage {stage} has byo-yomi without periods or with periods of no length"
            ),
            ControlError::NoTime => write!(
                f,
                "the first stage gives no time, so the flag would fall at the start"
            ),
        }
    }
}

impl std::error::Error for ControlError {}

impl Control {
    /// Checks `stages` and builds the control.
    pub fn new(stages: Vec<Stage>) -> Result<Control, ControlError> {
        let last = stages.len().checked_sub(1).ok_or(ControlError::NoStages)?;
        for (i, s) in stages.iter().enumerate() {
            let stage = i + 1;
            let bonus_ms = match s.bonus {
                Bonus::None => 0,
                Bonus::Increment(ms) | Bonus::Delay(ms) | Bonus::Bronstein(ms) => ms,
            };
            let period_ms = s.byoyomi.map_or(0, |b| b.period_ms);
            if [s.time_ms, bonus_ms, period_ms]
                .iter()
                .any(|&t| t > MAX_TIME_MS)
            {
                return Err(ControlError::TooLong { stage });
            }
            match s.moves {
                Some(0) => return Err(ControlError::ZeroMoves { stage }),
                None if i != last => return Err(ControlError::OpenStageNotLast { stage }),
                _ => {}
            }
            if let Some(b) = s.byoyomi {
                if i != last || s.moves.is_some() {
                    return Err(ControlError::ByoyomiNotFinal { stage });
                }
                if s.bonus != Bonus::None {
                    return Err(ControlError::ByoyomiWithBonus { stage });
                }
                if b.periods == 0 || b.period_ms == 0 {
                    return Err(ControlError::EmptyByoyomi { stage });
                }
            }
        }
        let first = &stages[0];
        if first.time_ms == 0 && first.delay_ms() == 0 && first.byoyomi.is_none() {
            return Err(ControlError::NoTime);
        }
        Ok(Control { stages })
    }

    /// A control from stages known to be valid (the presets; their test checks them with `new`).
    pub(super) fn trusted(stages: Vec<Stage>) -> Control {
        Control { stages }
    }

    /// A single stage of `time_ms` for the whole game.
    pub fn sudden_death(time_ms: u64) -> Result<Control, ControlError> {
        Control::new(vec![Stage::sudden_death(time_ms)])
    }

    /// `time_ms` for the whole game plus `increment_ms` after each move (e.g. 120+30).
    pub fn fischer(time_ms: u64, increment_ms: u64) -> Result<Control, ControlError> {
        Control::new(vec![
            Stage::sudden_death(time_ms).with_increment(increment_ms)
        ])
    }

    /// The stages, in order.
    pub fn stages(&self) -> &[Stage] {
        &self.stages
    }

    /// The stage at `index`; past the end, the last one (it repeats or lasts the rest of the game).
    pub fn stage(&self, index: usize) -> &Stage {
        &self.stages[index.min(self.stages.len() - 1)]
    }

    /// The index of the stage that follows stage `index` once its moves are made.
    pub fn next_index(&self, index: usize) -> usize {
        (index + 1).min(self.stages.len() - 1)
    }
}

/// The words of the notation in one language: units, keywords and separators.
struct Words {
    units: [&'static str; 4],
    moves: &'static str,
    delay: &'static str,
    bronstein: &'static str,
    byo: &'static str,
    times: &'static str,
    comma: &'static str,
}

const EN_WORDS: Words = Words {
    units: ["h", "m", "s", "ms"],
    moves: "",
    delay: " delay ",
    bronstein: " bronstein ",
    byo: " byo ",
    times: "x",
    comma: ", ",
};

const ZH_WORDS: Words = Words {
    units: ["小时", "分", "秒", "毫秒"],
    moves: "着",
    delay: " 延时 ",
    bronstein: " 补时 ",
    byo: " 读秒 ",
    times: "×",
    comma: "，",
};

impl Control {
    /// The notation in Chinese, e.g. `1小时30分/40着，15分/10着` or `20分 读秒 3×30秒`; it parses
    /// back to the same control, as the English notation does.
    pub fn chinese(&self) -> String {
        let mut out = String::new();
        // Writing to a String cannot fail.
        let _ = self.write(&mut out, &ZH_WORDS);
        out
    }

    fn write(&self, f: &mut impl fmt::Write, w: &Words) -> fmt::Result {
        for (i, s) in self.stages.iter().enumerate() {
            if i > 0 {
                f.write_str(w.comma)?;
            }
            write_duration(f, s.time_ms, w)?;
            if let Some(n) = s.moves {
                write!(f, "/{n}{}", w.moves)?;
            }
            let bonus = match s.bonus {
                Bonus::None => None,
                Bonus::Increment(ms) => Some(("+", ms)),
                Bonus::Delay(ms) => Some((w.delay, ms)),
                Bonus::Bronstein(ms) => Some((w.bronstein, ms)),
            };
            if let Some((word, ms)) = bonus {
                f.write_str(word)?;
                write_duration(f, ms, w)?;
            }
            if let Some(b) = s.byoyomi {
                write!(f, "{}{}{}", w.byo, b.periods, w.times)?;
                write_duration(f, b.period_ms, w)?;
            }
        }
        Ok(())
    }
}

impl fmt::Display for Control {
    /// The text notation, e.g. `1h30m/40, 15m/10` or `20m byo 3x30s`; it parses back to the same control.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, &EN_WORDS)
    }
}

impl FromStr for Control {
    type Err = ControlError;

    /// Reads the notation: stages separated by commas, each `TIME[/MOVES][+INC]`, then optionally
    /// `delay TIME`, `bronstein TIME` or `byo NxTIME`; or the same in Chinese (`分`, `秒`, `着`,
    /// `延时`, `补时`, `读秒`, `，`), as [`Control::chinese`] writes it.
    fn from_str(s: &str) -> Result<Control, ControlError> {
        let mut stages = Vec::new();
        for (i, text) in s.split([',', '，']).enumerate() {
            stages.push(parse_stage(text, i + 1)?);
        }
        Control::new(stages)
    }
}

impl TryFrom<String> for Control {
    type Error = ControlError;
    fn try_from(s: String) -> Result<Control, ControlError> {
        s.parse()
    }
}

impl From<Control> for String {
    fn from(c: Control) -> String {
        c.to_string()
    }
}

fn parse_stage(text: &str, stage: usize) -> Result<Stage, ControlError> {
    // "+ 30s" and "+30s" both read as an increment: split the '+' off as its own word, and the
    // Chinese keywords too ("5分延时5秒").
    let mut spaced = text.replace(['+', '＋'], " + ");
    for word in ["延时", "补时", "读秒"] {
        spaced = spaced.replace(word, &format!(" {word} "));
    }
    let mut words = spaced.split_whitespace();
    let head = words
        .next()
        .ok_or_else(|| ControlError::BadTime(text.trim().to_string()))?;
    let (time, moves) = match head.split_once('/') {
        Some((t, m)) => (t, Some(parse_moves(m)?)),
        None => (head, None),
    };
    let mut out = Stage {
        time_ms: parse_time(time)?,
        moves,
        bonus: Bonus::None,
        byoyomi: None,
    };
    while let Some(word) = words.next() {
        let key: &'static str = match word.to_ascii_lowercase().as_str() {
            "+" => "+",
            "delay" | "延时" => "delay",
            "bronstein" | "补时" => "bronstein",
            "byo" | "读秒" => "byo",
            _ => return Err(ControlError::UnexpectedWord(word.to_string())),
        };
        let value = words.next().ok_or(ControlError::MissingValue(key))?;
        if key == "byo" {
            let (n, len) = value
                .split_once(['x', 'X', '×'])
                .ok_or_else(|| ControlError::BadByoyomi(value.to_string()))?;
            let periods = n
                .parse()
                .map_err(|_| ControlError::BadByoyomi(value.to_string()))?;
            out.byoyomi = Some(Byoyomi {
                periods,
                period_ms: parse_time(len)?,
            });
            continue;
        }
        if out.bonus != Bonus::None {
            return Err(ControlError::TwoBonuses { stage });
        }
        let ms = parse_time(value)?;
        out.bonus = match key {
            "+" => Bonus::Increment(ms),
            "delay" => Bonus::Delay(ms),
            _ => Bonus::Bronstein(ms),
        };
    }
    Ok(out)
}

fn parse_moves(s: &str) -> Result<u32, ControlError> {
    let s = s.strip_suffix('着').unwrap_or(s);
    match s.parse::<u32>() {
        Ok(n) if n > 0 && s.bytes().all(|b| b.is_ascii_digit()) => Ok(n),
        _ => Err(ControlError::BadMoves(s.to_string())),
    }
}

/// The units a time may be written in, longest word first where one starts another.
const UNITS: [(u64, &str); 10] = [
    (1, "ms"),
    (1, "毫秒"),
    (3_600_000, "h"),
    (3_600_000, "小时"),
    (3_600_000, "时"),
    (60_000, "m"),
    (60_000, "分钟"),
    (60_000, "分"),
    (1_000, "s"),
    (1_000, "秒"),
];

/// Reads `1h30m`, `90m`, `30s`, `500ms`, `0` (or `1小时30分`, `30秒`): whole numbers with units,
/// largest first.
fn parse_time(s: &str) -> Result<u64, ControlError> {
    let bad = || ControlError::BadTime(s.to_string());
    if s == "0" {
        return Ok(0);
    }
    let mut rest = s;
    let mut total: u64 = 0;
    let mut last_unit = u64::MAX;
    while !rest.is_empty() {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 || digits > 9 {
            return Err(bad());
        }
        let n: u64 = rest[..digits].parse().map_err(|_| bad())?;
        rest = &rest[digits..];
        let Some(&(unit, word)) = UNITS.iter().find(|(_, w)| rest.starts_with(w)) else {
            return Err(bad());
        };
        let len = word.len();
        if unit >= last_unit {
            return Err(bad());
        }
        last_unit = unit;
        rest = &rest[len..];
        total += n * unit;
        if total > MAX_TIME_MS {
            return Err(bad());
        }
    }
    Ok(total)
}

/// Writes ms in the notation's units, e.g. `1h30m`, `30s`, `1m500ms`, `0s` (`1小时30分` in Chinese).
fn write_duration(f: &mut impl fmt::Write, ms: u64, w: &Words) -> fmt::Result {
    if ms == 0 {
        return write!(f, "0{}", w.units[2]);
    }
    let parts = [
        ms / 3_600_000,
        ms / 60_000 % 60,
        ms / 1_000 % 60,
        ms % 1_000,
    ];
    for (n, unit) in parts.into_iter().zip(w.units) {
        if n > 0 {
            write!(f, "{n}{unit}")?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        for text in [
            "1h30m/40, 15m/10",
            "10m/40, 5m/30",
            "5m/30",
            "2h+30s",
            "10m",
            "20m byo 3x30s",
            "0s byo 5x30s",
            "5m delay 5s",
            "5m bronstein 3s",
            "1h/40+30s, 30m+30s",
            "1m500ms",
        ] {
            let c: Control = text.parse().unwrap();
            assert_eq!(c.to_string(), text);
        }
        let c: Control = "90m/40,15m/10".parse().unwrap();
        assert_eq!(c.to_string(), "1h30m/40, 15m/10");
        let c: Control = "120m + 30s".parse().unwrap();
        assert_eq!(c.stages()[0].bonus, Bonus::Increment(30_000));
    }

    #[test]
    fn chinese_notation_round_trips() {
        for (en, zh) in [
            ("1h30m/40, 15m/10", "1小时30分/40着，15分/10着"),
            ("2h+30s", "2小时+30秒"),
            ("20m byo 3x30s", "20分 读秒 3×30秒"),
            ("0s byo 5x30s", "0秒 读秒 5×30秒"),
            ("5m delay 5s", "5分 延时 5秒"),
            ("5m bronstein 3s", "5分 补时 3秒"),
            ("1m500ms", "1分500毫秒"),
        ] {
            let c: Control = en.parse().unwrap();
            assert_eq!(c.chinese(), zh);
            assert_eq!(zh.parse::<Control>(), Ok(c));
        }
        // As people type it: without spaces, 分钟 for minutes, 时 for hours.
        let c: Control = "90分钟/40着，15分/10着".parse().unwrap();
        assert_eq!(c.to_string(), "1h30m/40, 15m/10");
        let c: Control = "20分读秒3×30秒".parse().unwrap();
        assert_eq!(c.to_string(), "20m byo 3x30s");
        assert_eq!(
            "2时＋30秒".parse::<Control>().unwrap().to_string(),
            "2h+30s"
        );
        assert_eq!(
            "5分 延时".parse::<Control>(),
            Err(ControlError::MissingValue("delay"))
        );
    }

    #[test]
    fn bad_notation_is_an_error_not_a_panic() {
        let cases: &[(&str, ControlError)] = &[
            ("", ControlError::BadTime(String::new())),
            ("90", ControlError::BadTime("90".into())),
            ("30s1m", ControlError::BadTime("30s1m".into())),
            ("90m/0", ControlError::BadMoves("0".into())),
            ("90m/x", ControlError::BadMoves("x".into())),
            ("90m fast", ControlError::UnexpectedWord("fast".into())),
            ("90m delay", ControlError::MissingValue("delay")),
            ("5m+3s delay 2s", ControlError::TwoBonuses { stage: 1 }),
            ("10m, 5m/10", ControlError::OpenStageNotLast { stage: 1 }),
            ("20m byo 3", ControlError::BadByoyomi("3".into())),
            (
                "20m/40 byo 3x30s",
                ControlError::ByoyomiNotFinal { stage: 1 },
            ),
            (
                "20m+5s byo 3x30s",
                ControlError::ByoyomiWithBonus { stage: 1 },
            ),
            ("20m byo 0x30s", ControlError::EmptyByoyomi { stage: 1 }),
            ("0s", ControlError::NoTime),
            ("101h", ControlError::BadTime("101h".into())),
            ("99999999999h", ControlError::BadTime("99999999999h".into())),
        ];
        for (text, want) in cases {
            assert_eq!(text.parse::<Control>().as_ref(), Err(want), "{text}");
            assert!(!want.to_string().is_empty());
        }
        assert_eq!(Control::new(vec![]), Err(ControlError::NoStages));
        assert_eq!(
            Control::sudden_death(MAX_TIME_MS + 1),
            Err(ControlError::TooLong { stage: 1 })
        );
    }

    #[test]
    fn a_last_stage_with_moves_repeats() {
        let c: Control = "90m/40, 15m/10".parse().unwrap();
        assert_eq!(c.next_index(0), 1);
        assert_eq!(c.next_index(1), 1);
        assert_eq!(c.stage(7).time_ms, 15 * 60_000);
    }

    #[test]
    fn serde_uses_the_notation() {
        let c: Control = "2h+30s".parse().unwrap();
        let json = serde_json::to_string(&c).unwrap();
        assert_eq!(json, "\"2h+30s\"");
        assert_eq!(serde_json::from_str::<Control>(&json).unwrap(), c);
        assert!(serde_json::from_str::<Control>("\"2h, 1h\"").is_err());
    }
}
