//! A single game between two members, recorded on the club page and rated by itself (a club
//! evening's game, not part of an event): Red, Black, the result and the date, or a PGN's tags.

use super::{clean, name_key, Club, ClubError, RatedGame};
use crate::dates::parse_date;
use crate::events::rating::Score;
use serde::{Deserialize, Serialize};

/// How a game ended, as the form or a PGN's `Result` tag says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// `1-0`.
    RedWins,
    /// `1/2-1/2`.
    Draw,
    /// `0-1`.
    BlackWins,
    /// `*`: still going (or abandoned without a result).
    Unfinished,
}

impl GameEnd {
    /// Reads `1-0`, `0-1`, `1/2-1/2` (or `½-½`) and `*`.
    pub fn parse(s: &str) -> Option<GameEnd> {
        match s.trim() {
            "1-0" => Some(GameEnd::RedWins),
            "0-1" => Some(GameEnd::BlackWins),
            "1/2-1/2" | "½-½" => Some(GameEnd::Draw),
            "*" => Some(GameEnd::Unfinished),
            _ => None,
        }
    }

    /// Red's score; `None` while unfinished.
    pub fn red_score(self) -> Option<Score> {
        match self {
            GameEnd::RedWins => Some(Score::Win),
            GameEnd::Draw => Some(Score::Draw),
            GameEnd::BlackWins => Some(Score::Loss),
            GameEnd::Unfinished => None,
        }
    }
}

/// A recorded single game (kept so the same game is not recorded twice by mistake).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SingleGame {
    /// Red's member number.
    pub red: u32,
    /// Black's member number.
    pub black: u32,
    /// Red's score.
    pub score: Score,
    /// The date (`YYYY-MM-DD`).
    pub date: String,
}

/// What a PGN's tag section says about a game: the players, the result and the date. Only the
/// tags are read (the moves stay with the game): the club page needs who played, how it ended
/// and when.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnTags {
    /// `[Red "…"]`.
    pub red: String,
    /// `[Black "…"]`.
    pub black: String,
    /// `[Result "…"]`, when it is one.
    pub result: Option<GameEnd>,
    /// `[Date "…"]` (`2026.12.01`, `?` parts kept as written).
    pub date: String,
}

impl PgnTags {
    /// Reads the tag pairs at the top of a PGN (`[Name "value"]`, `\"` and `\\` escaped).
    pub fn read(text: &str) -> PgnTags {
        let mut tags = PgnTags::default();
        for line in text.trim_start_matches('\u{feff}').lines() {
            let line = line.trim();
            let Some(inner) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) else {
                if line.is_empty() || line.starts_with(';') {
                    continue;
                }
                // The movetext begins: no more tags.
                break;
            };
            let Some((name, rest)) = inner.split_once(char::is_whitespace) else {
                continue;
            };
            let Some(quoted) = rest
                .trim()
                .strip_prefix('"')
                .and_then(|r| r.strip_suffix('"'))
            else {
                continue;
            };
            let value = quoted.replace("\\\"", "\"").replace("\\\\", "\\");
            match name {
                "Red" => tags.red = value,
                "Black" => tags.black = value,
                "Result" => tags.result = GameEnd::parse(&value),
                "Date" => tags.date = value,
                _ => {}
            }
        }
        tags
    }
}

impl Club {
    /// Records a single game between members `red` and `black` and rates it at once: both
    /// ratings change by the FIDE formula ([`crate::events::rating::rate`]), each change naming
    /// its date, opponent and result. An unfinished game is refused, and so is a second game
    /// between the same two members on the same date unless `confirmed`, and so is a `date` that
    /// is not a calendar day (`YYYY-MM-DD`) or is after `today` (year, month, day: the edge's
    /// clock). Gives how many members' records changed (an unrated member's game waits for a
    /// first rating).
    pub fn record_game(
        &mut self,
        red: u32,
        black: u32,
        end: GameEnd,
        date: &str,
        today: (i32, u32, u32),
        confirmed: bool,
    ) -> Result<usize, ClubError> {
        let score = end.red_score().ok_or(ClubError::Unfinished)?;
        if red == black {
            return Err(ClubError::SamePlayer);
        }
        let name = |id: u32| {
            self.member(id)
                .map(|m| m.name.clone())
                .ok_or(ClubError::NoSuchMember(id))
        };
        let (red_name, black_name) = (name(red)?, name(black)?);
        let date = clean(date);
        match parse_date(&date) {
            None => return Err(ClubError::NotADate(date)),
            Some(day) if day > today => return Err(ClubError::FutureDate(date)),
            Some(_) => {}
        }
        let same_pair =
            |g: &SingleGame| (g.red, g.black) == (red, black) || (g.red, g.black) == (black, red);
        if !confirmed
            && self
                .games
                .iter()
                .any(|g| same_pair(g) && name_key(&g.date) == name_key(&date))
        {
            return Err(ClubError::AlreadyRecorded(red_name, black_name, date));
        }
        // The history names the game by its players, Red first.
        let event = format!("{red_name} – {black_name}");
        let game = RatedGame {
            first: red,
            second: black,
            score,
        };
        let changed = self.rate_event("", &event, &date, &[game])?;
        self.games.push(SingleGame {
            red,
            black,
            score,
            date,
        });
        Ok(changed)
    }
}
