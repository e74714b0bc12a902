//! Where round robins are kept in the browser's storage: one key per event and an index of ids.
//! Two pages write events (the round robin page, and the timetable that keeps its results in a
//! round robin), so the keys and the way an event joins the index live here, not in either page.

use super::Tournament;

/// The index: the ids of the saved events, in the order the event menu lists them (JSON array).
pub const IDS_KEY: &str = "xq.tournament.ids";
/// The id of the event the round robin page last showed.
pub const CURRENT_KEY: &str = "xq.tournament.current";
/// What every event's key starts with (the index is rebuilt from these keys when it is lost).
pub const EVENT_PREFIX: &str = "xq.tournament.event.";

/// The key of event `id`.
pub fn event_key(id: &str) -> String {
    format!("{EVENT_PREFIX}{id}")
}

/// A new id from the time (`now_ms` in hex), the first after it that is not `taken`.
pub fn new_id(now_ms: u64, taken: impl Fn(&str) -> bool) -> String {
    (0u64..)
        .map(|n| format!("{:x}", now_ms.wrapping_add(n)))
        .find(|c| !taken(c))
        .unwrap_or_default()
}

/// The ids listed in the index text (none when it is absent or unreadable).
pub fn read_index(text: Option<&str>) -> Vec<String> {
    text.and_then(|t| serde_json::from_str(t).ok())
        .unwrap_or_default()
}

/// The index text for `ids`.
pub fn write_index<S: AsRef<str>>(ids: &[S]) -> String {
    let ids: Vec<&str> = ids.iter().map(AsRef::as_ref).collect();
    serde_json::to_string(&ids).unwrap_or_else(|_| "[]".into())
}

/// Stores `t` under `id` (a new id when `None`) and lists it in the index, through `set`; returns
/// the id. `index` is the index text as stored now.
pub fn store_event<E>(
    index: Option<&str>,
    id: Option<String>,
    t: &Tournament,
    now_ms: u64,
    mut set: impl FnMut(&str, &str) -> Result<(), E>,
) -> Result<String, E> {
    let mut ids = read_index(index);
    let id = id.unwrap_or_else(|| new_id(now_ms, |c| ids.iter().any(|i| i == c)));
    set(&event_key(&id), &t.to_json())?;
    if !ids.contains(&id) {
        ids.push(id.clone());
        set(IDS_KEY, &write_index(&ids))?;
    }
    Ok(id)
}

/// The event stored under `id`, read through `get`, when it is there and readable.
pub fn stored_event(id: &str, get: impl Fn(&str) -> Option<String>) -> Option<Tournament> {
    Tournament::from_json(&get(&event_key(id))?).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::events::round_robin::{Competition, Cycles, Scoring};
    use std::collections::BTreeMap;

    fn event(name: &str) -> Tournament {
        Tournament::new(
            name,
            Competition::Individual,
            Cycles::Single,
            Scoring::CLASSIC,
        )
        .expect("a valid event")
    }

    #[test]
    fn a_new_event_gets_a_free_id_and_joins_the_index() {
        let mut store = BTreeMap::<String, String>::new();
        let mut set = |k: &str, v: &str| -> Result<(), ()> {
            store.insert(k.into(), v.into());
            Ok(())
        };
        let taken = write_index(&["10"]);
        let id = store_event(Some(&taken), None, &event("A"), 16, &mut set).unwrap();
        assert_eq!(id, "11", "16 is 0x10, taken: the next one");
        assert_eq!(
            read_index(store.get(IDS_KEY).map(String::as_str)),
            ["10", "11"]
        );
        let get = |k: &str| store.get(k).cloned();
        assert_eq!(
            stored_event("11", get).map(|t| t.name().to_string()),
            Some("A".into())
        );
    }

    #[test]
    fn an_event_already_listed_is_written_in_place_and_the_index_left_alone() {
        let mut writes = Vec::new();
        let index = write_index(&["a1"]);
        let id = store_event(Some(&index), Some("a1".into()), &event("B"), 0, |k, _| {
            writes.push(k.to_string());
            Ok::<(), ()>(())
        })
        .unwrap();
        assert_eq!(id, "a1");
        assert_eq!(writes, [event_key("a1")]);
    }

    #[test]
    fn a_refused_write_is_the_callers_error_and_an_unreadable_index_reads_as_empty() {
        assert_eq!(
            store_event(None, None, &event("C"), 1, |_, _| Err("full")),
            Err("full")
        );
        assert!(read_index(Some("{not json")).is_empty());
        assert_eq!(stored_event("x", |_| Some("garbage".into())), None);
    }
}
