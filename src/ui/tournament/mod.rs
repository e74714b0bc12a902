//! `#/tournament`: run a round robin — create, entrants, draw, results, standings, crosstable,
//! print, files. Every rule lives in `events::round_robin`; these components only show, wire
//! and store, sharing the page's [`store::Store`] through context.
//!
//! Test contract: each pairing row carries `data-round`, `data-red`, `data-black` (entrant
//! numbers) and `select[data-testid=result]` controls (one per board); the standings table is
//! `[data-testid=standings]` with one `tr[data-entrant]` per entrant in rank order; the crosstable
//! is `[data-testid=crosstable]`.

mod create;
mod crosstable;
mod entrants;
mod pager;
mod rounds;
mod standings;
mod store;
mod tiebreaks;
mod toolbar;

use super::i18n::tr;
use crate::events::round_robin::{Competition, Cycles, Scoring};
use crate::lang::Say;
use leptos::prelude::*;
use store::{use_store, Note, Store};
mod words;

/// The tournament page; `query` is unused (kept for the router's signature).
#[component]
pub fn TournamentPage(query: String) -> impl IntoView {
    let _ = query;
    let store = Store::provide();
    view! {
        <div class="tournament" data-print=move || store.print.get().key()>
            <h1 class="no-print">{tr(words::ROUND_ROBIN)}</h1>
            <Message />
            <toolbar::Toolbar />
            <Show when=move || store.creating.get()>
                <create::CreateForm />
            </Show>
            <Settings />
            <entrants::Entrants />
            <rounds::Rounds />
            <standings::StandingsTable />
            <Show when=move || store.current.with(Option::is_some)>
                <tiebreaks::TieBreakEditor />
            </Show>
            <crosstable::CrosstableView />
        </div>
    }
}

/// The last error (role=alert) or notice.
#[component]
fn Message() -> impl IntoView {
    let store = use_store();
    move || {
        let lang = store.lang.get();
        store.note.get().map(|n| match n {
            Note::Error(e) => view! { <p class="error no-print" role="alert" data-testid="message">{e.say(lang)}</p> }
                .into_any(),
            Note::Info(i) => view! { <p class="t-info no-print" role="status" data-testid="message">{i.say(lang)}</p> }
                .into_any(),
        })
    }
}

/// One line naming the open event's format, cycles and scoring.
#[component]
fn Settings() -> impl IntoView {
    let store = use_store();
    let lang = store.lang;
    let settings = Memo::new(move |_| {
        store.current.with(|t| {
            t.as_ref()
                .map(|t| (t.name().to_string(), t.format(), t.cycles(), t.scoring()))
        })
    });
    move || {
        let (name, format, cycles, scoring) = settings.get()?;
        let summary = move || {
            let l = lang.get();
            let f = match format {
                Competition::Individual => words::INDIVIDUAL.get(l).to_string(),
                Competition::Team { boards, .. } => {
                    format!(
                        "{} · {boards} {}",
                        words::TEAM.get(l),
                        words::BOARDS_IN_SENTENCE.get(l)
                    )
                }
            };
            let c = match cycles {
                Cycles::Double => words::DOUBLE_ROUND_ROBIN_IN_SENTENCE.get(l),
                Cycles::Single => words::SINGLE_ROUND_ROBIN_IN_SENTENCE.get(l),
            };
            let s = if scoring == Scoring::TWO_ONE_ZERO {
                words::SCALE_2_1_0.get(l)
            } else {
                words::SCALE_1_HALF_0.get(l)
            };
            format!("{f} · {c} · {s}")
        };
        let details = Signal::derive(move || {
            store
                .current
                .with(|t| t.as_ref().map(|t| t.details().clone()).unwrap_or_default())
        });
        let save = Callback::new(move |d: crate::events::Details| {
            store.update(|t| {
                t.set_details(&d.date, &d.organiser);
                Ok(())
            })
        });
        Some(view! {
            <p class="t-settings" data-testid="event-settings"><strong>{name}</strong> " · " {summary}</p>
            <super::club::DetailsForm details on_change=save />
        })
    }
}
