//! localStorage for every page: typed loading that sets an unreadable value aside (the logic is
//! [`crate::saved`], tested natively), writes that report refusal, and [`StorageProblems`], the one
//! bilingual message with its ways out (download the raw data; set it aside and start fresh).
//!
//! A page never bricks on its saved state: `load` gives `None` for anything unreadable and the
//! page starts fresh. When storage is too full to copy the value aside, the original is *held*:
//! writes to its key are refused until the user has downloaded or discarded it. A page holds a key
//! the same way when what it would write over could not first be kept elsewhere ([`hold`]).

use super::browser::now_ms;
use super::words;
use crate::lang::{Lang, Say};
use crate::saved::{self, Kept, NotSaved, Refused, Store, Unreadable};
use leptos::prelude::*;
use std::cell::RefCell;

/// The browser's localStorage as a [`Store`].
struct Local(web_sys::Storage);

impl Store for Local {
    fn get(&self, key: &str) -> Option<String> {
        self.0.get_item(key).ok().flatten()
    }
    fn set(&mut self, key: &str, value: &str) -> Result<(), Refused> {
        self.0.set_item(key, value).map_err(|_| Refused)
    }
    fn remove(&mut self, key: &str) {
        let _ = self.0.remove_item(key);
    }
    fn keys(&self) -> Vec<String> {
        let n = self.0.length().unwrap_or(0);
        (0..n)
            .filter_map(|i| self.0.key(i).ok().flatten())
            .collect()
    }
}

fn local() -> Option<Local> {
    web_sys::window()?.local_storage().ok().flatten().map(Local)
}

thread_local! {
    /// Keys whose unreadable value could not be copied aside: kept until the user decides.
    static HELD: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
    /// Unreadable values met since the app started, shown by [`StorageProblems`].
    static PROBLEMS: ArcRwSignal<Vec<Unreadable>> = ArcRwSignal::new(Vec::new());
    /// Keys whose last write the browser refused.
    static REFUSED: ArcRwSignal<Vec<String>> = ArcRwSignal::new(Vec::new());
}

fn refused() -> ArcRwSignal<Vec<String>> {
    REFUSED.with(Clone::clone)
}

/// Notes whether the browser took the last write to `key` (the message shows while any is refused).
fn note_write(key: &str, ok: bool) {
    let list = refused();
    let listed = list.with_untracked(|l| l.iter().any(|k| k == key));
    if ok && listed {
        list.update(|l| l.retain(|k| k != key));
    } else if !ok && !listed {
        list.update(|l| l.push(key.to_string()));
    }
}

fn problems() -> ArcRwSignal<Vec<Unreadable>> {
    PROBLEMS.with(Clone::clone)
}

/// Whether writes to `key` are refused until the user decides (see [`hold`]).
pub fn held(key: &str) -> bool {
    HELD.with(|h| h.borrow().iter().any(|k| k == key))
}

/// Refuses every write to `key` until [`release`]: its value could not be kept elsewhere first.
pub fn hold(key: &str) {
    if !held(key) {
        HELD.with(|h| h.borrow_mut().push(key.to_string()));
    }
}

/// Whether any saved data is in trouble: a key held, an unreadable value reported, or a write
/// refused (the page that knows it must stay: `play`'s swap to the full bundle waits).
pub fn troubled() -> bool {
    HELD.with(|h| !h.borrow().is_empty())
        || problems().with(|p| !p.is_empty())
        || refused().with(|r| !r.is_empty())
}

/// Lets `key` be written again.
pub fn release(key: &str) {
    HELD.with(|h| h.borrow_mut().retain(|k| k != key));
}

/// Records an unreadable value for the message (and holds its key when it stayed in place).
fn report(u: Unreadable) {
    leptos::logging::warn!("{}: {}", u.key, u.error);
    if u.kept == Kept::InPlace {
        HELD.with(|h| h.borrow_mut().push(u.key.clone()));
    }
    problems().update(|p| p.push(u));
}

/// The string stored under `key`, if any (for plain preferences; typed state uses [`load_with`]).
pub fn get(key: &str) -> Option<String> {
    local()?.get(key)
}

/// The value under `key` read by `parse`; `None` when nothing is stored or it cannot be read — then
/// it is set aside (or held, when storage is full) and reported, and the page starts fresh.
pub fn load_with<T, E: std::fmt::Display>(
    key: &str,
    parse: impl FnOnce(&str) -> Result<T, E>,
) -> Option<T> {
    // A held key was reported when first met; reading it again would only report it twice.
    if held(key) {
        return None;
    }
    let mut store = local()?;
    match saved::load_with(&mut store, key, now_ms(), parse) {
        Ok(v) => v,
        Err(u) => {
            report(u);
            None
        }
    }
}

/// [`load_with`] for plain serde JSON.
pub fn load<T: serde::de::DeserializeOwned>(key: &str) -> Option<T> {
    load_with(key, |raw| serde_json::from_str::<T>(raw))
}

/// Stores `value` under `key`; `Err` when the browser refuses (then the page says so, in its
/// language, until a later write to `key` succeeds), or when the key is held.
pub fn set(key: &str, value: &str) -> Result<(), NotSaved> {
    if held(key) {
        return Err(NotSaved::Held(key.to_string()));
    }
    let written = local().ok_or(Refused).and_then(|mut s| s.set(key, value));
    note_write(key, written.is_ok());
    Ok(written?)
}

/// Removes `key` (unless it is held).
pub fn remove(key: &str) {
    if held(key) {
        return;
    }
    if let Some(mut s) = local() {
        s.remove(key);
    }
}

/// Every stored key.
pub fn keys() -> Vec<String> {
    local().map(|s| s.keys()).unwrap_or_default()
}

/// The messages for unreadable saved data, each with its ways out; shown above every page in
/// the app's language `lang` (given, as the language's own setting is saved here).
#[component]
pub fn StorageProblems(lang: RwSignal<Lang>) -> impl IntoView {
    let list = problems();
    let shown = list.clone();
    let remove_at = move |i: usize| list.update(|p| drop(p.remove(i)));
    let set_at = {
        let list = shown.clone();
        move |i: usize, u: Unreadable| list.update(|p| p[i] = u)
    };
    let refused = refused();
    view! {
        {move || (!refused.with(Vec::is_empty)).then(|| view! {
            <div class="storage-problem" role="alert" data-testid="storage-refused">
                <p>{move || words::NOT_SAVED_THE_BROWSERS.get(lang.get())}</p>
            </div>
        })}
        {move || shown.get().into_iter().enumerate().map(|(i, u)| {
            let remove_at = remove_at.clone();
            let set_at = set_at.clone();
            let text = u.clone();
            let raw = u.raw.clone();
            let key = u.key.clone();
            let download = move |_| {
                let name = format!("{}.txt", super::files::safe_stem(&key, "saved"));
                let _ = super::files::download(&name, "text/plain;charset=utf-8", &raw);
            };
            let in_place = u.kept == Kept::InPlace;
            let (retry_u, discard_key) = (u.clone(), u.key.clone());
            let (remove_a, remove_b) = (remove_at.clone(), remove_at);
            view! {
                <div class="storage-problem" role="alert" data-testid="storage-problem">
                    <p>{move || text.say(lang.get())}</p>
                    <button type="button" data-testid="storage-download" on:click=download>
                        {move || words::DOWNLOAD_THE_RAW_DATA.get(lang.get())}
                    </button>
                    {if in_place {
                        view! {
                            <button type="button" data-testid="storage-set-aside" on:click=move |_| {
                                let Some(mut s) = local() else { return };
                                let u = saved::set_aside(&mut s, &retry_u.key, &retry_u.raw, &retry_u.error, now_ms());
                                if u.kept != Kept::InPlace {
                                    release(&u.key);
                                }
                                set_at(i, u);
                            }>{move || words::SET_ASIDE_AND_START_FRESH.get(lang.get())}</button>
                            <button type="button" data-testid="storage-discard" on:click=move |_| {
                                release(&discard_key);
                                remove(&discard_key);
                                remove_a(i);
                            }>{move || words::DISCARD_IT_AND_START.get(lang.get())}</button>
                        }.into_any()
                    } else {
                        view! {
                            <button type="button" data-testid="storage-dismiss" on:click=move |_| remove_b(i)>
                                {move || words::DISMISS.get(lang.get())}
                            </button>
                        }.into_any()
                    }}
                </div>
            }
        }).collect_view()}
    }
}

/// Stores round robin `t` under `id` (a new id when `None`) where `#/tournament` lists it: the
/// timetable pages keep their results in the same event.
pub fn store_round_robin(
    id: Option<String>,
    t: &crate::events::round_robin::Tournament,
) -> Result<String, NotSaved> {
    use crate::events::round_robin::kept;
    kept::store_event(get(kept::IDS_KEY).as_deref(), id, t, now_ms(), set)
}

/// The round robin stored under `id`, when it is there and readable.
pub fn stored_round_robin(id: &str) -> Option<crate::events::round_robin::Tournament> {
    crate::events::round_robin::kept::stored_event(id, get)
}
