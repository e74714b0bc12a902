//! The club: one members list for every event, and their ratings ([`super::rating`]).
//!
//! An event copies names out of the list ([`Club::entrant_lines`]); it never refers back, so a
//! later edit of a member leaves finished events as they were. Contact details are left out on
//! purpose: the list is saved in the browser and exported as files that travel.

mod games;
mod import;
mod single;
mod words;

pub use games::{round_robin_games, swiss_games};
pub use import::{
    decode, parse_table, pasted_table, Columns, Encoding, Field, ImportError, Preview, Row,
    RowStatus, MAX_FILE_BYTES,
};
pub use single::{GameEnd, PgnTags, SingleGame};

use super::rating::{self, Change, Game, Score, Standing};
use crate::lang::Lang;
use crate::text::clean;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Members at most: the list stays one screen of a phone to search and quick to save.
pub const MAX_MEMBERS: usize = 2000;
/// Characters in a name at most (names longer than this are a pasting accident).
pub const MAX_NAME_CHARS: usize = 60;
/// Characters in any other field at most.
pub const MAX_FIELD_CHARS: usize = 60;
/// The saved format's version.
pub const SAVE_VERSION: u32 = 1;

/// The rows of a list of `len` rows, each `row_px` high, to draw in a box `view_px` high scrolled
/// `scroll_px` down: those on screen and `spare` more on either side, so that a quick scroll
/// meets rows already drawn. A list of 2,000 members is drawn a screenful at a time.
pub fn rows_in_view(
    len: usize,
    scroll_px: f64,
    view_px: f64,
    row_px: f64,
    spare: usize,
) -> std::ops::Range<usize> {
    let shown = (view_px.max(0.0) / row_px).ceil() as usize + 1;
    // Scrolled past the end (the list got shorter): the last rows.
    let first = ((scroll_px.max(0.0) / row_px) as usize).min(len.saturating_sub(shown));
    let start = first.saturating_sub(spare).min(len);
    start..first.saturating_add(shown + spare).min(len)
}

/// Sex, as rating lists record it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Sex {
    /// 男.
    M,
    /// 女.
    F,
}

impl Sex {
    /// Reads `M`, `F`, `男`, `女`, `male`, `female` (any case).
    pub fn parse(s: &str) -> Option<Sex> {
        match s.trim().to_lowercase().as_str() {
            "m" | "男" | "male" | "man" => Some(Sex::M),
            "f" | "w" | "女" | "female" | "woman" => Some(Sex::F),
            _ => None,
        }
    }
}

/// One member of the club.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Member {
    /// A number of its own, never reused.
    pub id: u32,
    /// The name as the club writes it (usually Chinese).
    pub name: String,
    /// The name in Latin letters (pinyin), optional.
    #[serde(default)]
    pub romanised: String,
    /// Club or team.
    #[serde(default)]
    pub club: String,
    /// Year of birth.
    #[serde(default)]
    pub birth_year: Option<u16>,
    /// Sex.
    #[serde(default)]
    pub sex: Option<Sex>,
    /// FIDE or CXA (中国象棋协会) id.
    #[serde(default)]
    pub fide_id: String,
    /// The rating state.
    #[serde(default)]
    pub standing: Standing,
    /// Games against rated opponents waiting for a first rating.
    #[serde(default)]
    pub pending: Vec<Game>,
    /// Every rating change, oldest first.
    #[serde(default)]
    pub history: Vec<Change>,
}

impl Member {
    /// The member's ratings through its history, oldest first: the first rating before its
    /// first change, then the rating after each.
    pub fn rating_path(&self) -> Vec<i32> {
        let mut points: Vec<i32> = self
            .history
            .first()
            .and_then(|h| h.before)
            .into_iter()
            .collect();
        points.extend(self.history.iter().filter_map(|h| h.after));
        points
    }
}

/// A new member's fields, before a number is given.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NewMember {
    /// Name.
    pub name: String,
    /// Romanised name.
    pub romanised: String,
    /// Club or team.
    pub club: String,
    /// Year of birth.
    pub birth_year: Option<u16>,
    /// Sex.
    pub sex: Option<Sex>,
    /// Rating, when the member has one.
    pub rating: Option<i32>,
    /// FIDE/CXA id.
    pub fide_id: String,
}

/// Why a member or an import was refused; the club is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClubError {
    /// No name.
    EmptyName,
    /// A name over [`MAX_NAME_CHARS`] characters (the count).
    NameTooLong(usize),
    /// Another field over [`MAX_FIELD_CHARS`] characters.
    FieldTooLong(Field),
    /// A birth year outside 1900..=2100, or a rating outside 0..=3500.
    OutOfRange(Field),
    /// The same name or id is already a member (that member's name).
    Duplicate(String),
    /// The list would go over [`MAX_MEMBERS`] (how many it would hold).
    TooMany(usize),
    /// No member with this number.
    NoSuchMember(u32),
    /// The saved text is not a club list.
    Json(String),
    /// Saved by another version of the format.
    Version(u32),
    /// A rated game needs two different members.
    SamePlayer,
    /// This event was rated already (its name).
    AlreadyRated(String),
    /// The event has no finished game between two members.
    NothingToRate,
    /// A game without a result (`*`) cannot be rated.
    Unfinished,
    /// The same two members already have a game recorded on this date (their names, the date):
    /// recorded again only when confirmed.
    AlreadyRecorded(String, String, String),
    /// A game's date is not a calendar day written `YYYY-MM-DD` (the date as given; empty when
    /// none was).
    NotADate(String),
    /// A game's date is after today: a game is recorded once it has been played.
    FutureDate(String),
}

impl fmt::Display for ClubError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClubError::EmptyName => write!(f, "a member needs a name"),
            ClubError::NameTooLong(n) => write!(
                f,
                "a name of {n} characters is too long (at most {MAX_NAME_CHARS})"
            ),
            ClubError::FieldTooLong(which) => {
                write!(
                    f,
                    "the {} is too long (at most {MAX_FIELD_CHARS} characters)",
                    which.named(Lang::En)
                )
            }
            ClubError::OutOfRange(which) => {
                write!(f, "the {} is out of range", which.named(Lang::En))
            }
            ClubError::Duplicate(name) => write!(f, "{name} is already a member"),
            ClubError::TooMany(n) => write!(
                f,
                "the list would hold {n} members; at most {MAX_MEMBERS} are kept"
            ),
            ClubError::NoSuchMember(id) => write!(f, "no member number {id}"),
            ClubError::Json(e) => write!(f, "not a members list: {e}"),
            ClubError::Version(v) => write!(f, "members list of an unknown version {v}"),
            ClubError::SamePlayer => write!(f, "a rated game needs two different members"),
            ClubError::AlreadyRated(e) => write!(f, "{e} has been rated already"),
            ClubError::NothingToRate => {
                write!(f, "the event has no finished game between two members")
            }
            ClubError::Unfinished => write!(f, "an unfinished game cannot be rated"),
            ClubError::AlreadyRecorded(a, b, date) => write!(
                f,
                "a game between {a} and {b} on {date} is recorded already; confirm to record another"
            ),
            ClubError::NotADate(d) if d.is_empty() => {
                write!(f, "a rated game needs its date (year-month-day)")
            }
            ClubError::NotADate(d) => write!(
                f,
                "\"{d}\" is not a date: write the day the game was played as year-month-day, like 2026-12-01"
            ),
            ClubError::FutureDate(d) => write!(
                f,
                "{d} is after today: a game is recorded once it has been played"
            ),
        }
    }
}

impl std::error::Error for ClubError {}

/// The key two names are compared by: without spaces, case folded.
fn name_key(s: &str) -> String {
    s.chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect()
}

/// A member's text fields within their caps: a name, of at most [`MAX_NAME_CHARS`] characters,
/// and the others of at most [`MAX_FIELD_CHARS`] (for members typed in and members loaded alike).
fn check_fields(name: &str, romanised: &str, club: &str, id: &str) -> Result<(), ClubError> {
    if name.is_empty() {
        return Err(ClubError::EmptyName);
    }
    let n = name.chars().count();
    if n > MAX_NAME_CHARS {
        return Err(ClubError::NameTooLong(n));
    }
    for (which, v) in [
        (Field::Romanised, romanised),
        (Field::Club, club),
        (Field::Id, id),
    ] {
        if v.chars().count() > MAX_FIELD_CHARS {
            return Err(ClubError::FieldTooLong(which));
        }
    }
    Ok(())
}

impl NewMember {
    /// The fields cleaned and checked.
    pub fn checked(mut self) -> Result<NewMember, ClubError> {
        self.name = clean(&self.name);
        self.romanised = clean(&self.romanised);
        self.club = clean(&self.club);
        self.fide_id = clean(&self.fide_id);
        check_fields(&self.name, &self.romanised, &self.club, &self.fide_id)?;
        if self.birth_year.is_some_and(|y| !(1900..=2100).contains(&y)) {
            return Err(ClubError::OutOfRange(Field::Birth));
        }
        if self.rating.is_some_and(|r| !(0..=3500).contains(&r)) {
            return Err(ClubError::OutOfRange(Field::Rating));
        }
        Ok(self)
    }
}

/// A finished game between two members, for the rating list.
#[derive(Clone, Debug, PartialEq)]
pub struct RatedGame {
    /// First member's number.
    pub first: u32,
    /// Second member's number.
    pub second: u32,
    /// The first member's score.
    pub score: Score,
}

/// The members list, as saved.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Club {
    /// Format version ([`SAVE_VERSION`]).
    pub version: u32,
    /// The members, in the order added.
    pub members: Vec<Member>,
    /// The next member number.
    pub next_id: u32,
    /// The events already rated (their keys), so none is rated twice.
    #[serde(default)]
    pub rated: Vec<String>,
    /// Single games recorded and rated by themselves (absent from older saves).
    #[serde(default)]
    pub games: Vec<SingleGame>,
}

impl Club {
    /// An empty list.
    pub fn new() -> Club {
        Club {
            version: SAVE_VERSION,
            members: Vec::new(),
            next_id: 1,
            rated: Vec::new(),
            games: Vec::new(),
        }
    }

    /// The member with number `id`.
    pub fn member(&self, id: u32) -> Option<&Member> {
        self.members.iter().find(|m| m.id == id)
    }

    /// The member a new one would duplicate: the same name (spaces and case aside), or the same
    /// non-empty id.
    pub fn duplicate_of(&self, m: &NewMember) -> Option<&Member> {
        let key = name_key(&m.name);
        self.members
            .iter()
            .find(|x| name_key(&x.name) == key || (!m.fide_id.is_empty() && x.fide_id == m.fide_id))
    }

    /// Adds a member; refused when it duplicates one or the list is full.
    pub fn add(&mut self, m: NewMember) -> Result<u32, ClubError> {
        let m = m.checked()?;
        if let Some(d) = self.duplicate_of(&m) {
            return Err(ClubError::Duplicate(d.name.clone()));
        }
        if self.members.len() >= MAX_MEMBERS {
            return Err(ClubError::TooMany(self.members.len() + 1));
        }
        Ok(self.push(m))
    }

    fn push(&mut self, m: NewMember) -> u32 {
        let id = self.next_id.max(1);
        self.next_id = id + 1;
        self.members.push(Member {
            id,
            name: m.name,
            romanised: m.romanised,
            club: m.club,
            birth_year: m.birth_year,
            sex: m.sex,
            fide_id: m.fide_id,
            standing: Standing {
                rating: m.rating,
                games: 0,
                reached_master: m.rating.is_some_and(|r| r >= rating::MASTER),
            },
            pending: Vec::new(),
            history: Vec::new(),
        });
        id
    }

    /// Adds every row of a preview marked new, all or none: nothing is stored when the list
    /// would go over [`MAX_MEMBERS`]. Gives how many were added.
    pub fn add_preview(&mut self, preview: &Preview) -> Result<usize, ClubError> {
        let new: Vec<&NewMember> = preview
            .rows
            .iter()
            .filter(|r| r.status == RowStatus::New)
            .map(|r| &r.member)
            .collect();
        let total = self.members.len() + new.len();
        if total > MAX_MEMBERS {
            return Err(ClubError::TooMany(total));
        }
        // Checked again against the list as it is now (it may have changed since the preview).
        let mut staged = self.clone();
        let mut added = 0;
        for m in new {
            match staged.add(m.clone()) {
                Ok(_) => added += 1,
                Err(ClubError::Duplicate(_)) => {}
                Err(e) => return Err(e),
            }
        }
        *self = staged;
        Ok(added)
    }

    /// Changes a member's fields (not the rating history).
    pub fn edit(&mut self, id: u32, m: NewMember) -> Result<(), ClubError> {
        let m = m.checked()?;
        let key = name_key(&m.name);
        if let Some(d) = self.members.iter().find(|x| {
            x.id != id
                && (name_key(&x.name) == key || (!m.fide_id.is_empty() && x.fide_id == m.fide_id))
        }) {
            return Err(ClubError::Duplicate(d.name.clone()));
        }
        let x = self
            .members
            .iter_mut()
            .find(|x| x.id == id)
            .ok_or(ClubError::NoSuchMember(id))?;
        x.name = m.name;
        x.romanised = m.romanised;
        x.club = m.club;
        x.birth_year = m.birth_year;
        x.sex = m.sex;
        x.fide_id = m.fide_id;
        if x.history.is_empty() {
            x.standing.rating = m.rating;
            x.standing.reached_master = m.rating.is_some_and(|r| r >= rating::MASTER);
        }
        Ok(())
    }

    /// Removes a member.
    pub fn remove(&mut self, id: u32) -> Result<Member, ClubError> {
        let at = self
            .members
            .iter()
            .position(|m| m.id == id)
            .ok_or(ClubError::NoSuchMember(id))?;
        Ok(self.members.remove(at))
    }

    /// The chosen members' names, one a line, as an event's paste box takes them (the event keeps
    /// its own copy); `with_rating` adds `, rating` for the rated (the Swiss list's form).
    pub fn entrant_lines(&self, ids: &[u32], with_rating: bool) -> String {
        ids.iter()
            .filter_map(|&id| self.member(id))
            .map(|m| match m.standing.rating {
                Some(r) if with_rating => format!("{}, {r}", m.name),
                _ => m.name.clone(),
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// The picker's list for event pages: `name<TAB>rating` a line (rating empty when unrated),
    /// romanised names after a second tab. Plain text, so an event page reads it without a JSON
    /// reader of the whole list (names hold no tab or line break: [`clean`](crate::text::clean) made them spaces).
    pub fn pick_lines(&self) -> String {
        let mut out = String::new();
        for m in &self.members {
            let rating = m.standing.rating.map(|r| r.to_string()).unwrap_or_default();
            out.push_str(&format!("{}\t{rating}\t{}\n", m.name, m.romanised));
        }
        out
    }

    /// The member an event's entrant name stands for (the same name, spaces and case aside).
    pub fn by_name(&self, name: &str) -> Option<&Member> {
        let key = name_key(name);
        self.members.iter().find(|m| name_key(&m.name) == key)
    }

    /// Rates an event's games between members: every member's games are rated against the
    /// opponents' ratings from before the event, and each change is recorded with its games.
    /// Games naming a non-member count for nobody. Gives how many members' records changed.
    pub fn rate_event(
        &mut self,
        key: &str,
        event: &str,
        date: &str,
        games: &[RatedGame],
    ) -> Result<usize, ClubError> {
        if !key.is_empty() && self.rated.iter().any(|k| k == key) {
            return Err(ClubError::AlreadyRated(event.to_string()));
        }
        if games.is_empty() {
            return Err(ClubError::NothingToRate);
        }
        for g in games {
            if g.first == g.second {
                return Err(ClubError::SamePlayer);
            }
            for id in [g.first, g.second] {
                if self.member(id).is_none() {
                    return Err(ClubError::NoSuchMember(id));
                }
            }
        }
        let before: Vec<(u32, Option<i32>, String)> = self
            .members
            .iter()
            .map(|m| (m.id, m.standing.rating, m.name.clone()))
            .collect();
        let of = |id: u32| before.iter().find(|b| b.0 == id).cloned();
        let mut changed = 0;
        for m in &mut self.members {
            let mine: Vec<Game> = games
                .iter()
                .filter_map(|g| {
                    let (opp, score) = if g.first == m.id {
                        (g.second, g.score)
                    } else if g.second == m.id {
                        (g.first, g.score.flipped())
                    } else {
                        return None;
                    };
                    let (_, opponent_rating, opponent) = of(opp)?;
                    Some(Game {
                        opponent,
                        opponent_rating,
                        score,
                    })
                })
                .collect();
            if mine.is_empty() {
                continue;
            }
            let r = rating::rate(m.standing, &m.pending, &mine, event, date);
            m.standing = r.standing;
            m.pending = r.pending;
            if r.change.after.is_some() && !r.change.games.is_empty() {
                m.history.push(r.change);
                changed += 1;
            }
        }
        if !key.is_empty() {
            self.rated.push(key.to_string());
        }
        Ok(changed)
    }

    /// The rating list: rated members by rating (highest first), then the unrated by name.
    pub fn rating_list(&self) -> Vec<&Member> {
        let mut list: Vec<&Member> = self.members.iter().collect();
        list.sort_by(|a, b| {
            b.standing
                .rating
                .cmp(&a.standing.rating)
                .then_with(|| a.name.cmp(&b.name))
        });
        list
    }

    /// The rated members' numbers, highest rating first (as [`Club::rating_list`] ranks them).
    pub fn rated_ids(&self) -> Vec<u32> {
        self.rating_list()
            .into_iter()
            .filter(|m| m.standing.rating.is_some())
            .map(|m| m.id)
            .collect()
    }

    /// The rating list as CSV (every cell through the one CSV writer, so a formula-looking name
    /// is neutralised).
    pub fn rating_csv(&self) -> String {
        let mut out = super::csv::row([
            "rank",
            "name",
            "romanised",
            "club",
            "birth",
            "sex",
            "id",
            "rating",
            "games",
        ]);
        for (i, m) in self.rating_list().into_iter().enumerate() {
            out.push_str(&super::csv::row([
                m.standing
                    .rating
                    .map(|_| (i + 1).to_string())
                    .unwrap_or_default(),
                m.name.clone(),
                m.romanised.clone(),
                m.club.clone(),
                m.birth_year.map(|y| y.to_string()).unwrap_or_default(),
                match m.sex {
                    Some(Sex::M) => "M".into(),
                    Some(Sex::F) => "F".into(),
                    None => String::new(),
                },
                m.fide_id.clone(),
                m.standing.rating.map(|r| r.to_string()).unwrap_or_default(),
                m.standing.games.to_string(),
            ]));
        }
        out
    }

    /// JSON for saving.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads a saved list (a newer version is refused, not guessed at). A list past the caps
    /// (more than [`MAX_MEMBERS`] members, a name or field too long) is refused as a whole, so
    /// the page sets it aside, kept as it was, rather than drawing what no form lets in.
    pub fn from_json(text: &str) -> Result<Club, ClubError> {
        #[derive(Deserialize)]
        struct Head {
            version: u32,
        }
        let head: Head = serde_json::from_str(text).map_err(|e| ClubError::Json(e.to_string()))?;
        if head.version != SAVE_VERSION {
            return Err(ClubError::Version(head.version));
        }
        let mut club: Club =
            serde_json::from_str(text).map_err(|e| ClubError::Json(e.to_string()))?;
        if club.members.len() > MAX_MEMBERS {
            return Err(ClubError::TooMany(club.members.len()));
        }
        for m in &club.members {
            check_fields(&m.name, &m.romanised, &m.club, &m.fide_id)?;
        }
        // Numbers stay unique even when a file was edited by hand.
        let top = club.members.iter().map(|m| m.id).max().unwrap_or(0);
        club.next_id = club.next_id.max(top + 1);
        Ok(club)
    }
}

// The import tests decode GBK through encoding_rs, which only native builds have.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
