//! The page's shared state ([`Store`], in context) and its storage: the list of saved events,
//! the open event, and the one way to change it ([`Store::update`]: apply, then save).

use super::super::i18n::{use_lang, Lang};
use super::super::storage;
use crate::events::round_robin::{PartialResults, Standings, Tournament, TournamentError};
use crate::lang::Say;
use crate::saved::NotSaved;
use crate::ui::words::SaidBefore;
use leptos::prelude::*;

use super::words;
use crate::events::round_robin::kept::{self, event_key, CURRENT_KEY, IDS_KEY};

/// A message for the organiser: an error (role=alert) or a notice.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Note {
    Error(SaidBefore),
    Info(SaidBefore),
}

/// What the print button prints: one part per run (the page's `data-print`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum PrintPart {
    #[default]
    Standings,
    Crosstable,
    Pairings,
    All,
}

impl PrintPart {
    pub const ALL: [PrintPart; 4] = [
        PrintPart::Standings,
        PrintPart::Crosstable,
        PrintPart::Pairings,
        PrintPart::All,
    ];

    /// The value of `data-print` and of the menu's option.
    pub fn key(self) -> &'static str {
        match self {
            PrintPart::Standings => "standings",
            PrintPart::Crosstable => "crosstable",
            PrintPart::Pairings => "pairings",
            PrintPart::All => "all",
        }
    }

    pub fn from_key(key: &str) -> PrintPart {
        PrintPart::ALL
            .into_iter()
            .find(|p| p.key() == key)
            .unwrap_or_default()
    }

    pub fn label(self, lang: Lang) -> &'static str {
        match self {
            PrintPart::Standings => words::STANDINGS_TABLE.get(lang),
            PrintPart::Crosstable => words::CROSSTABLE.get(lang),
            PrintPart::Pairings => words::PAIRINGS_BY_ROUND.get(lang),
            PrintPart::All => words::EVERYTHING.get(lang),
        }
    }
}

/// The round-robin page's state, shared by its components through context.
#[derive(Clone, Copy)]
pub(super) struct Store {
    pub lang: RwSignal<Lang>,
    pub note: RwSignal<Option<Note>>,
    /// The saved events by id, with their names (the event menu).
    pub events: RwSignal<Vec<(String, String)>>,
    pub current_id: RwSignal<Option<String>>,
    /// The open event: only this one is held in memory.
    pub current: RwSignal<Option<Tournament>>,
    pub creating: RwSignal<bool>,
    /// Boards of team matches entered while other boards are still open.
    pub pending: RwSignal<PartialResults>,
    pub print: RwSignal<PrintPart>,
    /// The standings, computed once per change of the event.
    pub standings: Memo<Option<Standings>>,
}

/// The store provided by [`super::TournamentPage`].
pub(super) fn use_store() -> Store {
    expect_context::<Store>()
}

impl Store {
    /// Loads the saved events, opens the last one used and provides the store.
    pub fn provide() -> Store {
        let loaded = load_events();
        let first = loaded.first().map(|(id, _)| id.clone());
        let id = storage::get(CURRENT_KEY)
            .filter(|c| loaded.iter().any(|(id, _)| id == c))
            .or(first);
        let open = id
            .as_ref()
            .and_then(|id| loaded.iter().find(|(i, _)| i == id))
            .map(|(_, t)| t.clone());
        let events: Vec<(String, String)> = loaded
            .into_iter()
            .map(|(id, t)| (id, t.name().to_string()))
            .collect();
        let current = RwSignal::new(open);
        let store = Store {
            lang: use_lang(),
            note: RwSignal::new(None),
            creating: RwSignal::new(events.is_empty()),
            events: RwSignal::new(events),
            current_id: RwSignal::new(id),
            current,
            pending: RwSignal::new(PartialResults::default()),
            print: RwSignal::new(PrintPart::default()),
            standings: Memo::new(move |_| current.with(|t| t.as_ref().map(Tournament::standings))),
        };
        Effect::new(move || {
            if let Some(id) = store.current_id.get() {
                let _ = storage::set(CURRENT_KEY, &id);
            }
        });
        provide_context(store);
        store
    }

    /// Shows an error, in the language shown (the language button re-says it).
    pub fn error(self, said: SaidBefore) {
        self.note.set(Some(Note::Error(said)));
    }

    /// Shows why the event refused a change.
    pub fn refused(self, e: &impl Say) {
        self.error(SaidBefore::of(e));
    }

    /// Shows a notice.
    pub fn info(self, said: &impl Say) {
        self.note.set(Some(Note::Info(SaidBefore::of(said))));
    }

    /// Applies `f` to a copy of the open event; keeps and saves it only if `f` succeeds.
    pub fn update(self, f: impl FnOnce(&mut Tournament) -> Result<(), TournamentError>) {
        let Some(id) = self.current_id.get_untracked() else {
            return;
        };
        let Some(mut t) = self.current.get_untracked() else {
            return;
        };
        match f(&mut t) {
            Err(e) => self.refused(&e),
            Ok(()) => {
                let json = t.to_json();
                let name = t.name().to_string();
                self.current.set(Some(t));
                self.events.update(|e| {
                    if let Some(slot) = e.iter_mut().find(|(i, n)| *i == id && *n != name) {
                        slot.1 = name;
                    }
                });
                // A refusal is said above the page by the storage module.
                if storage::set(&event_key(&id), &json).is_ok() {
                    self.note.set(None);
                }
            }
        }
    }

    /// Adds a new (or imported) event, saves it and opens it.
    pub fn add_event(self, t: Tournament) {
        let json = t.to_json();
        let id = self.events.with_untracked(|e| new_id(e));
        self.events
            .update(|e| e.push((id.clone(), t.name().to_string())));
        // A refusal is said above the page by the storage module.
        let _ = storage::set(&event_key(&id), &json)
            .and_then(|_| self.events.with_untracked(|e| save_ids(e)));
        self.current.set(Some(t));
        self.current_id.set(Some(id));
        self.creating.set(false);
        self.pending.update(PartialResults::clear);
    }

    /// Opens the saved event `id` (read again from storage: only the open event is in memory).
    pub fn open(self, id: String) {
        let t = storage::load_with(&event_key(&id), Tournament::from_json);
        if t.is_none() {
            self.events.update(|e| e.retain(|(i, _)| *i != id));
        }
        self.current.set(t);
        self.current_id
            .set(self.current.with_untracked(Option::is_some).then_some(id));
        self.pending.update(PartialResults::clear);
        self.creating.set(false);
    }

    /// Deletes the open event and opens the first one left.
    pub fn delete_current(self) {
        let Some(id) = self.current_id.get_untracked() else {
            return;
        };
        self.events.update(|e| e.retain(|(i, _)| *i != id));
        storage::remove(&event_key(&id));
        let _ = self.events.with_untracked(|e| save_ids(e));
        match self
            .events
            .with_untracked(|e| e.first().map(|(i, _)| i.clone()))
        {
            Some(next) => self.open(next),
            None => {
                self.current.set(None);
                self.current_id.set(None);
                self.creating.set(true);
            }
        }
    }
}

/// The saved events, loading whatever is readable; unreadable ones are set aside and reported by
/// the storage helper. The index is rebuilt from the stored keys, so a corrupt or stale index never
/// hides an event that is still stored.
fn load_events() -> Vec<(String, Tournament)> {
    let index: Vec<String> = storage::load(IDS_KEY).unwrap_or_default();
    let ids = crate::saved::rebuild_index(&index, &storage::keys(), kept::EVENT_PREFIX);
    let events: Vec<(String, Tournament)> = ids
        .into_iter()
        .filter_map(|id| {
            storage::load_with(&event_key(&id), Tournament::from_json).map(|t| (id, t))
        })
        .collect();
    if events.iter().map(|(id, _)| id).ne(index.iter()) {
        let ids: Vec<(String, String)> = events
            .iter()
            .map(|(id, _)| (id.clone(), String::new()))
            .collect();
        let _ = save_ids(&ids);
    }
    events
}

fn save_ids(events: &[(String, String)]) -> Result<(), NotSaved> {
    let ids: Vec<&str> = events.iter().map(|(id, _)| id.as_str()).collect();
    storage::set(IDS_KEY, &kept::write_index(&ids))
}

fn new_id(events: &[(String, String)]) -> String {
    kept::new_id(js_sys::Date::now() as u64, |c| {
        events.iter().any(|(i, _)| i == c)
    })
}
