//! Saved state, the pure half: reading a stored value, setting an unreadable one aside under its own
//! timestamped key, rebuilding an index from the keys really stored, and file-size limits.
//!
//! Everything works on a [`Store`] (localStorage in the browser, [`MemoryStore`] in tests), so the
//! promise "nothing lost, nothing bricked" is tested natively: a corrupt value is copied aside
//! before the original is removed, and when the copy does not fit nothing is removed at all.

use crate::lang::{Lang, Say};
use std::collections::BTreeMap;
use std::fmt;

mod words;

/// What marks a set-aside copy: `<key>.corrupt.<milliseconds>`.
pub const ASIDE_MARK: &str = ".corrupt.";

/// Largest file any import control reads (a game, an event, an entrant list): far above any real
/// file, small enough that reading it never stalls the page.
pub const MAX_IMPORT_BYTES: usize = 2 * 1024 * 1024;

/// A key-value store of text, like the browser's localStorage.
pub trait Store {
    /// The value under `key`.
    fn get(&self, key: &str) -> Option<String>;
    /// Stores `value` under `key`; `Err` when the store refuses (full, or disabled).
    fn set(&mut self, key: &str, value: &str) -> Result<(), Refused>;
    /// Removes `key` (nothing when absent).
    fn remove(&mut self, key: &str);
    /// Every key stored.
    fn keys(&self) -> Vec<String>;
}

/// The store refused a write (quota exceeded, or storage disabled).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refused;

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "storage refused the write (full or disabled)")
    }
}

impl std::error::Error for Refused {}

/// Why a value was not written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotSaved {
    /// The browser refused the write (storage full, or disabled).
    Refused,
    /// The key must not be written over yet: it holds data that could not be set aside (unreadable
    /// data not yet downloaded or discarded, or a saved game with no room to keep it elsewhere).
    Held(String),
}

impl From<Refused> for NotSaved {
    fn from(_: Refused) -> NotSaved {
        NotSaved::Refused
    }
}

impl fmt::Display for NotSaved {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.say(Lang::En))
    }
}

impl std::error::Error for NotSaved {}

impl From<NotSaved> for String {
    fn from(e: NotSaved) -> String {
        e.to_string()
    }
}

/// The key for a copy of `key` set aside at `now_ms`, never one already `taken`: two corruptions in
/// the same millisecond get `-2`, `-3`… so no copy overwrites another.
///
/// ```
/// use xiangqi_club::saved::aside_key;
/// assert_eq!(aside_key("xq.play.session", 1700, |_| false), "xq.play.session.corrupt.1700");
/// let taken = |k: &str| k == "xq.play.session.corrupt.1700";
/// assert_eq!(aside_key("xq.play.session", 1700, taken), "xq.play.session.corrupt.1700-2");
/// ```
pub fn aside_key(key: &str, now_ms: u64, taken: impl Fn(&str) -> bool) -> String {
    let first = format!("{key}{ASIDE_MARK}{now_ms}");
    if !taken(&first) {
        return first;
    }
    (2u64..)
        .map(|n| format!("{first}-{n}"))
        .find(|k| !taken(k))
        .unwrap_or(first)
}

/// Whether `key` is a set-aside copy.
pub fn is_aside(key: &str) -> bool {
    key.contains(ASIDE_MARK)
}

/// Where an unreadable value is now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kept {
    /// Copied to this key; the original key is free for a fresh start.
    Aside(String),
    /// The copy did not fit: the original stays where it was and must not be written over until
    /// the user has downloaded it or chosen to discard it.
    InPlace,
}

/// A stored value that could not be read, and what was done with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreadable {
    /// The key it was stored under.
    pub key: String,
    /// The raw text, for download.
    pub raw: String,
    /// Why it could not be read (technical detail, for the download and the console).
    pub error: String,
    /// Where it is now.
    pub kept: Kept,
}

impl fmt::Display for Unreadable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.say(Lang::En))
    }
}

/// Moves `raw` (the value of `key`) aside: the original is removed only after the copy is stored.
pub fn set_aside(
    store: &mut impl Store,
    key: &str,
    raw: &str,
    error: &str,
    now_ms: u64,
) -> Unreadable {
    let keys = store.keys();
    let aside = aside_key(key, now_ms, |k| keys.iter().any(|x| x == k));
    let kept = match store.set(&aside, raw) {
        Ok(()) => {
            store.remove(key);
            Kept::Aside(aside)
        }
        Err(Refused) => Kept::InPlace,
    };
    Unreadable {
        key: key.to_string(),
        raw: raw.to_string(),
        error: error.to_string(),
        kept,
    }
}

/// Reads `key` with `parse`: `Ok(None)` when nothing is stored, `Ok(Some)` when it reads, and when
/// it does not, the value is set aside (see [`set_aside`]) and described in the `Err`.
pub fn load_with<T, E: fmt::Display>(
    store: &mut impl Store,
    key: &str,
    now_ms: u64,
    parse: impl FnOnce(&str) -> Result<T, E>,
) -> Result<Option<T>, Unreadable> {
    let Some(raw) = store.get(key) else {
        return Ok(None);
    };
    match parse(&raw) {
        Ok(v) => Ok(Some(v)),
        Err(e) => Err(set_aside(store, key, &raw, &e.to_string(), now_ms)),
    }
}

/// [`load_with`] for a value saved as plain JSON with serde.
pub fn load<T: serde::de::DeserializeOwned>(
    store: &mut impl Store,
    key: &str,
    now_ms: u64,
) -> Result<Option<T>, Unreadable> {
    load_with(store, key, now_ms, |raw: &str| {
        serde_json::from_str::<T>(raw)
    })
}

/// The ids of stored entries `<prefix><id>`: first those `index` lists that are stored, then every
/// other stored entry in key order — so a corrupt or stale index never hides a stored entry.
///
/// ```
/// use xiangqi_club::saved::rebuild_index;
/// let keys = ["ev.b", "ev.a", "ev.a.corrupt.5", "other"].map(String::from);
/// assert_eq!(rebuild_index(&["b".into(), "gone".into()], &keys, "ev."), ["b", "a"]);
/// ```
pub fn rebuild_index(index: &[String], keys: &[String], prefix: &str) -> Vec<String> {
    let stored: Vec<&str> = keys
        .iter()
        .filter(|k| !is_aside(k))
        .filter_map(|k| k.strip_prefix(prefix))
        .filter(|id| !id.is_empty())
        .collect();
    let mut ids: Vec<String> = Vec::new();
    for id in index {
        if stored.contains(&id.as_str()) && !ids.contains(id) {
            ids.push(id.clone());
        }
    }
    let mut rest: Vec<&str> = stored
        .into_iter()
        .filter(|id| !ids.iter().any(|i| i == id))
        .collect();
    rest.sort_unstable();
    ids.extend(rest.into_iter().map(String::from));
    ids
}

/// A file larger than an import control reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FileTooLarge {
    /// The file's size in bytes.
    pub bytes: u64,
    /// The limit in bytes.
    pub max: usize,
}

impl FileTooLarge {
    /// `Err` when a file of `bytes` is over `max`.
    pub fn check(bytes: u64, max: usize) -> Result<(), FileTooLarge> {
        if bytes > max as u64 {
            Err(FileTooLarge { bytes, max })
        } else {
            Ok(())
        }
    }
}

impl fmt::Display for FileTooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.say(Lang::En))
    }
}

impl std::error::Error for FileTooLarge {}

/// Why a chosen file was not imported.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileError {
    /// Larger than the import limit; not read at all.
    TooLarge(FileTooLarge),
    /// The browser could not read it.
    Unreadable,
    /// Expected UTF-8 text; the bytes stop being UTF-8 at this offset.
    NotText {
        /// Offset of the first byte that is not UTF-8.
        at: usize,
    },
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.say(Lang::En))
    }
}

impl std::error::Error for FileError {}

/// A file's bytes as UTF-8 text (a byte-order mark dropped), for JSON and entrant-list imports.
///
/// ```
/// use xiangqi_club::saved::{file_text, FileError};
/// assert_eq!(file_text(b"\xEF\xBB\xBF{}".to_vec()), Ok("{}".to_string()));
/// assert_eq!(file_text(b"ab\xFF".to_vec()), Err(FileError::NotText { at: 2 }));
/// ```
pub fn file_text(mut bytes: Vec<u8>) -> Result<String, FileError> {
    if bytes.starts_with(b"\xEF\xBB\xBF") {
        bytes.drain(..3);
    }
    String::from_utf8(bytes).map_err(|e| FileError::NotText {
        at: e.utf8_error().valid_up_to(),
    })
}

/// An in-memory [`Store`] with a quota in bytes (keys plus values), for tests and for native use.
#[derive(Clone, Debug, Default)]
pub struct MemoryStore {
    items: BTreeMap<String, String>,
    quota: Option<usize>,
}

impl MemoryStore {
    /// An empty store holding at most `quota` bytes (`None`: unlimited).
    pub fn new(quota: Option<usize>) -> MemoryStore {
        MemoryStore {
            items: BTreeMap::new(),
            quota,
        }
    }

    fn used(&self) -> usize {
        self.items.iter().map(|(k, v)| k.len() + v.len()).sum()
    }
}

impl Store for MemoryStore {
    fn get(&self, key: &str) -> Option<String> {
        self.items.get(key).cloned()
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), Refused> {
        let old = self.items.get(key).map_or(0, |v| key.len() + v.len());
        if let Some(q) = self.quota {
            if self.used() - old + key.len() + value.len() > q {
                return Err(Refused);
            }
        }
        self.items.insert(key.to_string(), value.to_string());
        Ok(())
    }

    fn remove(&mut self, key: &str) {
        self.items.remove(key);
    }

    fn keys(&self) -> Vec<String> {
        self.items.keys().cloned().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_readable_value_loads_and_a_missing_one_is_none() {
        let mut s = MemoryStore::new(None);
        assert_eq!(load::<Vec<u32>>(&mut s, "k", 1), Ok(None));
        s.set("k", "[1,2]").unwrap();
        assert_eq!(load::<Vec<u32>>(&mut s, "k", 1), Ok(Some(vec![1, 2])));
    }

    #[test]
    fn every_corrupt_copy_is_kept_under_its_own_key() {
        // Regression: a second corruption overwrote the first in the single `.corrupt` slot.
        let mut s = MemoryStore::new(None);
        s.set("k", "{first").unwrap();
        let a = load::<Vec<u32>>(&mut s, "k", 1000).unwrap_err();
        assert_eq!(a.kept, Kept::Aside("k.corrupt.1000".into()));
        assert_eq!(s.get("k"), None);
        s.set("k", "{second").unwrap();
        let b = load::<Vec<u32>>(&mut s, "k", 1000).unwrap_err();
        assert_eq!(b.kept, Kept::Aside("k.corrupt.1000-2".into()));
        assert_eq!(s.get("k.corrupt.1000").as_deref(), Some("{first"));
        assert_eq!(s.get("k.corrupt.1000-2").as_deref(), Some("{second"));
        assert!(!b.error.is_empty());
    }

    #[test]
    fn when_storage_is_full_nothing_is_deleted_and_the_message_says_so() {
        // Regression: the copy failed, the original was deleted anyway, and the page said "set aside".
        let raw = "x".repeat(600);
        let mut s = MemoryStore::new(Some(1000));
        s.set("k", &raw).unwrap();
        let u = load::<Vec<u32>>(&mut s, "k", 7).unwrap_err();
        assert_eq!(u.kept, Kept::InPlace);
        assert_eq!(s.get("k"), Some(raw.clone()));
        assert_eq!(u.raw, raw);
        assert!(u.say(Lang::Zh).contains("原数据未删除"));
        assert!(u.say(Lang::En).contains("nothing was deleted"));
        assert!(!u.say(Lang::En).contains("set aside as"));
    }

    #[test]
    fn a_corrupt_index_does_not_hide_stored_entries() {
        // Regression: a corrupt `xq.tournament.ids` hid valid events that were still stored.
        let keys: Vec<String> = [
            "xq.tournament.event.b1",
            "xq.tournament.event.a7",
            "xq.tournament.event.a7.corrupt.99",
            "xq.tournament.ids",
            "xq.tournament.current",
        ]
        .map(String::from)
        .to_vec();
        let p = "xq.tournament.event.";
        assert_eq!(rebuild_index(&[], &keys, p), ["a7", "b1"]);
        // A valid index keeps its order; stale ids go, unlisted entries are added.
        let index = ["b1".to_string(), "zz".to_string()];
        assert_eq!(rebuild_index(&index, &keys, p), ["b1", "a7"]);
    }

    #[test]
    fn a_refused_write_is_said_in_both_languages() {
        // Regression: the English sentence showed on Chinese pages.
        let e = NotSaved::from(Refused);
        assert!(e.say(Lang::Zh).contains("空间已满"));
        assert!(!e.say(Lang::Zh).contains("storage"));
        assert!(e.say(Lang::En).contains("full or disabled"));
        let held = NotSaved::Held("xq.play.session".into());
        assert!(
            held.say(Lang::Zh).contains("xq.play.session")
                && held.say(Lang::Zh).contains("未被覆盖")
        );
        assert_eq!(String::from(held.clone()), held.say(Lang::En));
    }

    #[test]
    fn file_size_limit() {
        assert!(FileTooLarge::check(10, 10).is_ok());
        let e = FileTooLarge::check(5 * 1024 * 1024, MAX_IMPORT_BYTES).unwrap_err();
        assert!(e.say(Lang::Zh).contains("5120 KB"));
        assert!(e.say(Lang::En).contains("limit of 2048 KB"));
    }
}
