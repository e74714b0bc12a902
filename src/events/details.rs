//! What the organiser writes about an event beside its results: saved with a Swiss, a knockout
//! or a round robin, printed on its results page and certificates.

use serde::{Deserialize, Serialize};

/// Characters kept of the date and of the organiser (the form stops typing there too).
pub const MAX_DETAIL_CHARS: usize = 100;

/// The event's date and organiser as the organiser writes them: saved with the event, so its
/// certificates and results page carry them after a reload.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Details {
    /// The date (free text: `2026-12-01`, `2026年12月1日至2日`).
    pub date: String,
    /// The organiser.
    pub organiser: String,
}

impl Details {
    /// Both fields cleaned (control characters and runs of spaces gone) and cut at
    /// [`MAX_DETAIL_CHARS`].
    pub fn new(date: &str, organiser: &str) -> Details {
        let keep = |s: &str| {
            crate::text::clean(s)
                .chars()
                .take(MAX_DETAIL_CHARS)
                .collect::<String>()
                .trim_end()
                .to_string()
        };
        Details {
            date: keep(date),
            organiser: keep(organiser),
        }
    }

    /// Neither is given.
    pub fn is_empty(&self) -> bool {
        self.date.is_empty() && self.organiser.is_empty()
    }

    /// The results page's line of details: date and organiser, whichever are given.
    pub fn line(&self) -> String {
        [self.date.as_str(), self.organiser.as_str()]
            .into_iter()
            .filter(|s| !s.is_empty())
            .collect::<Vec<_>>()
            .join(" · ")
    }
}
