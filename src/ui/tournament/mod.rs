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
use leptos::prelude::*;
use store::{use_store, Note, Store};

/// The tournament page; `query` is unused (kept for the router's signature).
#[component]
pub fn TournamentPage(query: String) -> impl IntoView {
    let _ = query;
    let store = Store::provide();
    view! {
        <div class="tournament" data-print=move || store.print.get().key()>
            <h1 class="no-print">{tr("循环赛", "Round robin")}</h1>
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
    let note = use_store().note;
    move || {
        note.get().map(|n| match n {
            Note::Error(e) => {
                view! { <p class="error no-print" role="alert" data-testid="message">{e}</p> }
                    .into_any()
            }
            Note::Info(i) => {
                view! { <p class="t-info no-print" role="status" data-testid="message">{i}</p> }
                    .into_any()
            }
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
        let words = move || {
            let l = lang.get();
            let f = match format {
                Competition::Individual => l.pick("个人赛", "Individual").to_string(),
                Competition::Team { boards, .. } => {
                    format!(
                        "{} · {boards} {}",
                        l.pick("团体赛", "Team"),
                        l.pick("台", "boards")
                    )
                }
            };
            let c = match cycles {
                Cycles::Double => l.pick("双循环", "double round robin"),
                Cycles::Single => l.pick("单循环", "single round robin"),
            };
            let s = if scoring == Scoring::TWO_ONE_ZERO {
                l.pick("胜2和1负0", "2/1/0")
            } else {
                l.pick("胜1和½负0", "1/½/0")
            };
            format!("{f} · {c} · {s}")
        };
        let details = Signal::derive(move || {
            store
                .current
                .with(|t| t.as_ref().map(|t| t.details().clone()).unwrap_or_default())
        });
        let save = Callback::new(move |d: crate::events::publish::Details| {
            store.update(|t| {
                t.set_details(&d.date, &d.organiser);
                Ok(())
            })
        });
        Some(view! {
            <p class="t-settings" data-testid="event-settings"><strong>{name}</strong> " · " {words}</p>
            <super::club::DetailsForm details on_change=save />
        })
    }
}
