//! `#/swiss`: run a Swiss (积分编排制) and a knockout bracket — create, entrants, pair each round
//! by the FIDE Dutch system, results (team matches board by board), standings with the
//! 15.2/15.4 columns, TRF files, print. Every rule lives in `events::swiss`, `events::trf` and
//! `events::knockout`; these components show, wire and store.
//!
//! Test contract: board rows are `tr[data-board]` with `data-red`/`data-black` pairing numbers and
//! `select[data-testid=result]` (individual) or, per team board, `tr[data-seat]` with
//! `select[data-testid=seat-red|seat-black|board-result]`; the standings table is
//! `[data-testid=swiss-standings]` with one `tr[data-entrant]` per entrant in rank order; bracket
//! matches are `[data-match]` with buttons `[data-testid=win-a]`/`[data-testid=win-b]`.

mod entrants;
mod knockout;
mod round;
mod setup;
mod standings;
mod trf;

use super::i18n::{tr, use_lang};
use super::storage;
use crate::events::swiss::saved::{SavedKnockout as SavedKo, SavedSwiss as Saved};
use crate::lang::{Lang, Say};
use crate::ui::words::SaidBefore;
use leptos::prelude::*;
mod words;

const SWISS_KEY: &str = "xq.swiss.event";
const KO_KEY: &str = "xq.swiss.knockout";
/// The event an import (or a deletion) replaced, kept so it can be restored.
const PREVIOUS_KEY: &str = "xq.swiss.previous";

/// What the print button prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PrintPart {
    Pairings,
    Standings,
    Rounds,
    Bracket,
}

impl PrintPart {
    const ALL: [PrintPart; 4] = [
        PrintPart::Pairings,
        PrintPart::Standings,
        PrintPart::Rounds,
        PrintPart::Bracket,
    ];

    /// The `<option>` value (read by tests).
    fn value(self) -> &'static str {
        match self {
            PrintPart::Pairings => "pairings",
            PrintPart::Standings => "standings",
            PrintPart::Rounds => "rounds",
            PrintPart::Bracket => "bracket",
        }
    }

    fn label(self, l: Lang) -> &'static str {
        match self {
            PrintPart::Pairings => words::THIS_ROUNDS_PAIRINGS.get(l),
            PrintPart::Standings => words::STANDINGS.get(l),
            PrintPart::Rounds => words::ALL_ROUNDS.get(l),
            PrintPart::Bracket => words::KNOCKOUT_BRACKET.get(l),
        }
    }
}

/// Paper for the printed bracket (always landscape).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Paper {
    A4,
    A3,
}

impl Paper {
    fn value(self) -> &'static str {
        match self {
            Paper::A4 => "A4",
            Paper::A3 => "A3",
        }
    }
}

/// The page's state, shared by its parts through context.
#[derive(Clone, Copy)]
struct Store {
    saved: RwSignal<Option<Saved>>,
    ko: RwSignal<Option<SavedKo>>,
    /// The last message (an error), said in the language shown (the language button re-says it).
    note: RwSignal<Option<SaidBefore>>,
    print: RwSignal<PrintPart>,
    paper: RwSignal<Paper>,
    /// The event an import or a deletion replaced (restorable).
    previous: RwSignal<Option<Saved>>,
}

impl Store {
    /// Changes the saved event in place (nothing when there is none).
    fn edit(&self, f: impl FnOnce(&mut Saved)) {
        self.saved.update(|s| {
            if let Some(s) = s {
                f(s);
            }
        });
    }

    /// Puts `next` in place of the event shown, keeping the one it replaces for a restore.
    fn replace(&self, next: Option<Saved>) {
        if let Some(old) = self.saved.get_untracked() {
            self.previous.set(Some(old));
        }
        self.saved.set(next);
    }

    /// Whether section `part` is hidden when printing.
    fn hidden_in_print(&self, part: PrintPart) -> impl Fn() -> bool + Copy {
        let print = self.print;
        move || print.get() != part
    }
}

fn use_store() -> Store {
    expect_context::<Store>()
}

/// The Swiss and knockout page.
#[component]
pub fn SwissPage(query: String) -> impl IntoView {
    let _ = query;
    let lang = use_lang();
    let store = Store {
        // Stored as `Option<…>`: `null` once an event is deleted.
        saved: RwSignal::new(storage::load_with(SWISS_KEY, Saved::from_json).flatten()),
        ko: RwSignal::new(storage::load_with(KO_KEY, SavedKo::from_json).flatten()),
        note: RwSignal::new(None),
        print: RwSignal::new(PrintPart::Pairings),
        paper: RwSignal::new(Paper::A4),
        previous: RwSignal::new(storage::load_with(PREVIOUS_KEY, Saved::from_json).flatten()),
    };
    provide_context(store);
    Effect::new(move || {
        let text = store.saved.with(|s| Saved::to_json(s.as_ref()));
        // A refusal is said above the page by the storage module.
        let _ = storage::set(SWISS_KEY, &text);
    });
    Effect::new(move || {
        let text = store.previous.with(|s| Saved::to_json(s.as_ref()));
        // A refusal is said above the page by the storage module.
        let _ = storage::set(PREVIOUS_KEY, &text);
    });
    Effect::new(move || {
        let text = store.ko.with(|s| SavedKo::to_json(s.as_ref()));
        // A refusal is said above the page by the storage module.
        let _ = storage::set(KO_KEY, &text);
    });
    let page_size = move || {
        let paper = match store.print.get() {
            PrintPart::Bracket => store.paper.get(),
            _ => Paper::A4,
        };
        format!(
            "@media print {{ @page {{ size: {} landscape; margin: 8mm; }} }}",
            paper.value()
        )
    };
    let has_event = move || store.saved.with(Option::is_some);
    view! {
        <div class="tournament swiss">
            <style>{page_size}</style>
            <h1 class="no-print">{tr(words::SWISS_AND_KNOCKOUT)}</h1>
            <div class="t-toolbar no-print">
                <label>{tr(words::PRINT)} " "
                    <select data-testid="print-part" on:change=move |ev| {
                        let v = event_target_value(&ev);
                        if let Some(p) = PrintPart::ALL.into_iter().find(|p| p.value() == v) {
                            store.print.set(p);
                        }
                    }>
                        {PrintPart::ALL.into_iter().map(|p| view! {
                            <option value=p.value() prop:selected=move || store.print.get() == p>{move || p.label(lang.get())}</option>
                        }).collect_view()}
                    </select>
                </label>
                <button data-testid="print" on:click=move |_| { let _ = window().print(); }>{tr(words::PRINT)}</button>
                <super::club::PublishLink />
            </div>
            {move || store.note.get().map(|n| view! { <p class="t-error" role="alert">{n.say(lang.get())}</p> })}
            <setup::RestorePrevious />
            <Show when=has_event fallback=|| view! { <setup::CreateForm /> }>
                <setup::EventBar />
                <entrants::Entrants />
                <round::PendingRound />
                <standings::Standings />
                <standings::PastRounds />
            </Show>
            <knockout::KnockoutSection />
        </div>
    }
}
