//! Ready-made controls: the five schemes of article 6 and today's common ones, with stable ids
//! (saved with games and in settings) and Chinese and English labels.

use super::control::{Control, Stage};
use crate::color::Color;
use std::fmt;

const MIN: u64 = 60_000;
const SEC: u64 = 1_000;

/// A named time control; [`Preset::controls`] gives each side's control.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Preset {
    /// Rule 6.1: 40 moves in 90 minutes, then 10 moves every 15 minutes.
    Rule6_1,
    /// Rule 6.2: 30 moves in 60 minutes, then 10 moves every 10 minutes.
    Rule6_2,
    /// Rule 6.3 (rapid): 40 moves in 10 minutes, then 30 moves every 5 minutes.
    Rule6_3,
    /// Rule 6.4 (rapid): 30 moves every 5 minutes.
    Rule6_4,
    /// Rule 6.5: one lump of time for the whole game, moves not counted (60 minutes here).
    Rule6_5,
    /// 120 minutes + 30 seconds a move (national championships).
    Fischer120_30,
    /// 90 minutes + 30 seconds a move.
    Fischer90_30,
    /// 60 minutes + 30 seconds a move (WXF).
    Fischer60_30,
    /// 15 minutes + 10 seconds a move (rapid).
    Fischer15_10,
    /// 5 minutes + 3 seconds a move (blitz).
    Fischer5_3,
    /// 10 minutes for the whole game.
    SuddenDeath10,
    /// 20 minutes, then three byo-yomi periods of 30 seconds.
    Byoyomi20m3x30s,
    /// A starting point for a control written by the user (30 minutes + 10 seconds).
    Custom,
    /// Different time for each side: Red 5 minutes, Black 10 minutes.
    Handicap,
}

impl Preset {
    /// Every preset, in the order a chooser lists them.
    pub const ALL: [Preset; 14] = [
        Preset::Rule6_1,
        Preset::Rule6_2,
        Preset::Rule6_3,
        Preset::Rule6_4,
        Preset::Rule6_5,
        Preset::Fischer120_30,
        Preset::Fischer90_30,
        Preset::Fischer60_30,
        Preset::Fischer15_10,
        Preset::Fischer5_3,
        Preset::SuddenDeath10,
        Preset::Byoyomi20m3x30s,
        Preset::Custom,
        Preset::Handicap,
    ];

    /// The stable id, for saving and URLs.
    pub const fn id(self) -> &'static str {
        match self {
            Preset::Rule6_1 => "rule-6.1",
            Preset::Rule6_2 => "rule-6.2",
            Preset::Rule6_3 => "rule-6.3",
            Preset::Rule6_4 => "rule-6.4",
            Preset::Rule6_5 => "rule-6.5",
            Preset::Fischer120_30 => "fischer-120-30",
            Preset::Fischer90_30 => "fischer-90-30",
            Preset::Fischer60_30 => "fischer-60-30",
            Preset::Fischer15_10 => "fischer-15-10",
            Preset::Fischer5_3 => "fischer-5-3",
            Preset::SuddenDeath10 => "sudden-death-10",
            Preset::Byoyomi20m3x30s => "byoyomi-20m-3x30s",
            Preset::Custom => "custom",
            Preset::Handicap => "handicap",
        }
    }

    /// The preset with this id.
    pub fn from_id(id: &str) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.id() == id)
    }

    /// The preset `clock` was set from: both sides' controls equal its own. [`Preset::Custom`] is
    /// never named (any control may equal its starting point).
    pub fn of(clock: &super::Clock) -> Option<Preset> {
        Preset::ALL
            .into_iter()
            .filter(|p| *p != Preset::Custom)
            .find(|p| {
                [Color::Red, Color::Black]
                    .into_iter()
                    .zip(p.controls())
                    .all(|(side, c)| *clock.control(side) == c)
            })
    }

    /// The control of `side` (the same for both sides except in [`Preset::Handicap`]).
    pub fn control(self, side: Color) -> Control {
        let stages = match self {
            Preset::Rule6_1 => vec![Stage::moves_in(40, 90 * MIN), Stage::moves_in(10, 15 * MIN)],
            Preset::Rule6_2 => vec![Stage::moves_in(30, 60 * MIN), Stage::moves_in(10, 10 * MIN)],
            Preset::Rule6_3 => vec![Stage::moves_in(40, 10 * MIN), Stage::moves_in(30, 5 * MIN)],
            Preset::Rule6_4 => vec![Stage::moves_in(30, 5 * MIN)],
            Preset::Rule6_5 => vec![Stage::sudden_death(60 * MIN)],
            Preset::Fischer120_30 => vec![Stage::sudden_death(120 * MIN).with_increment(30 * SEC)],
            Preset::Fischer90_30 => vec![Stage::sudden_death(90 * MIN).with_increment(30 * SEC)],
            Preset::Fischer60_30 => vec![Stage::sudden_death(60 * MIN).with_increment(30 * SEC)],
            Preset::Fischer15_10 => vec![Stage::sudden_death(15 * MIN).with_increment(10 * SEC)],
            Preset::Fischer5_3 => vec![Stage::sudden_death(5 * MIN).with_increment(3 * SEC)],
            Preset::SuddenDeath10 => vec![Stage::sudden_death(10 * MIN)],
            Preset::Byoyomi20m3x30s => {
                vec![Stage::sudden_death(20 * MIN).with_byoyomi(3, 30 * SEC)]
            }
            Preset::Custom => vec![Stage::sudden_death(30 * MIN).with_increment(10 * SEC)],
            Preset::Handicap => match side {
                Color::Red => vec![Stage::sudden_death(5 * MIN)],
                Color::Black => vec![Stage::sudden_death(10 * MIN)],
            },
        };
        Control::trusted(stages)
    }

    /// Both sides' controls, Red first.
    pub fn controls(self) -> [Control; 2] {
        [self.control(Color::Red), self.control(Color::Black)]
    }
}

/// Why a text is not the id of a preset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsePresetError {
    /// The text given.
    pub text: String,
}

impl fmt::Display for ParsePresetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not the id of a time-control preset", self.text)
    }
}

impl std::error::Error for ParsePresetError {}

/// Reads a preset by its stable [`Preset::id`], as saved with games and in links.
///
/// ```
/// use xiangqi_club::clock::Preset;
/// for p in Preset::ALL {
///     assert_eq!(p.id().parse::<Preset>(), Ok(p));
/// }
/// assert!("rule-9.9".parse::<Preset>().is_err());
/// ```
impl std::str::FromStr for Preset {
    type Err = ParsePresetError;
    fn from_str(s: &str) -> Result<Preset, ParsePresetError> {
        Preset::from_id(s).ok_or_else(|| ParsePresetError {
            text: s.to_string(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Lang;

    #[test]
    fn every_preset_is_valid_with_a_unique_id() {
        for p in Preset::ALL {
            for side in [Color::Red, Color::Black] {
                let c = p.control(side);
                assert_eq!(Control::new(c.stages().to_vec()).as_ref(), Ok(&c), "{p:?}");
                assert_eq!(c.to_string().parse::<Control>().as_ref(), Ok(&c));
            }
            assert_eq!(Preset::from_id(p.id()), Some(p));
            let name = p.name();
            assert!(!name.get(Lang::Zh).is_empty() && !name.get(Lang::En).is_empty());
        }
        let mut ids: Vec<_> = Preset::ALL.iter().map(|p| p.id()).collect();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), Preset::ALL.len());
        assert_eq!(Preset::from_id("blitz"), None);
    }

    #[test]
    fn a_clock_knows_its_preset() {
        for p in Preset::ALL.into_iter().filter(|p| *p != Preset::Custom) {
            assert_eq!(Preset::of(&super::super::Clock::from_preset(p)), Some(p));
        }
        let odd = super::super::Clock::new("7m+1s".parse().unwrap());
        assert_eq!(Preset::of(&odd), None);
    }

    #[test]
    fn presets_read_as_their_labels() {
        let text = |p: Preset| p.control(Color::Red).to_string();
        assert_eq!(text(Preset::Rule6_1), "1h30m/40, 15m/10");
        assert_eq!(text(Preset::Rule6_2), "1h/30, 10m/10");
        assert_eq!(text(Preset::Rule6_3), "10m/40, 5m/30");
        assert_eq!(text(Preset::Rule6_4), "5m/30");
        assert_eq!(text(Preset::Rule6_5), "1h");
        assert_eq!(text(Preset::Fischer120_30), "2h+30s");
        assert_eq!(text(Preset::Fischer90_30), "1h30m+30s");
        assert_eq!(text(Preset::Fischer60_30), "1h+30s");
        assert_eq!(text(Preset::Fischer15_10), "15m+10s");
        assert_eq!(text(Preset::Fischer5_3), "5m+3s");
        assert_eq!(text(Preset::SuddenDeath10), "10m");
        assert_eq!(text(Preset::Byoyomi20m3x30s), "20m byo 3x30s");
        assert_eq!(text(Preset::Custom), "30m+10s");
        assert_eq!(Preset::Handicap.control(Color::Black).to_string(), "10m");
        assert_eq!(Preset::Handicap.control(Color::Red).to_string(), "5m");
    }
}
