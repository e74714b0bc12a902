//! A clock chosen by a link (`#/clock?preset=…`, `?control=…`, `?red=…&black=…`) or by the two
//! control fields of the clock page.

use super::{Clock, Control, ControlError, Preset};
use crate::color::Color;
use crate::query::param;
use std::fmt;

/// Why a link or the control fields do not give a clock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClockLinkError {
    /// `preset=` names no preset.
    UnknownPreset(String),
    /// A side's control is not valid notation.
    Control {
        /// Whose control.
        side: Color,
        /// What is wrong with it.
        error: ControlError,
    },
}

impl fmt::Display for ClockLinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClockLinkError::UnknownPreset(id) => write!(f, "unknown preset: {id}"),
            ClockLinkError::Control { side, error } => {
                write!(f, "{}'s time control is wrong: {error}", side.english())
            }
        }
    }
}

impl std::error::Error for ClockLinkError {}

/// Both sides' clock from their controls' notation (a handicap when they differ).
pub fn from_controls(red: &str, black: &str) -> Result<Clock, ClockLinkError> {
    let read = |text: &str, side| {
        text.parse::<Control>()
            .map_err(|error| ClockLinkError::Control { side, error })
    };
    Ok(Clock::handicap(
        read(red, Color::Red)?,
        read(black, Color::Black)?,
    ))
}

/// The clock a link asks for, with the preset it names ([`Preset::Custom`] for controls);
/// `None` when the link asks for none.
///
/// ```
/// use xiangqi_club::clock::{link, Preset};
/// let (p, _) = link::from_query("preset=rule-6.1").unwrap().unwrap();
/// assert_eq!(p, Preset::Rule6_1);
/// assert!(link::from_query("red=5m&black=nonsense").unwrap().is_err());
/// assert!(link::from_query("").is_none());
/// ```
pub fn from_query(query: &str) -> Option<Result<(Preset, Clock), ClockLinkError>> {
    if let Some(id) = param(query, "preset") {
        return Some(
            Preset::from_id(&id)
                .map(|p| (p, Clock::from_preset(p)))
                .ok_or(ClockLinkError::UnknownPreset(id)),
        );
    }
    let both = param(query, "control");
    let red = param(query, "red").or_else(|| both.clone())?;
    let black = param(query, "black")
        .or(both)
        .unwrap_or_else(|| red.clone());
    Some(from_controls(&red, &black).map(|c| (Preset::Custom, c)))
}
