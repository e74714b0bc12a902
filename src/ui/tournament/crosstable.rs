//! The crosstable (score grid): a 25 × 25 window of a big field, the whole grid of a small one.

use super::super::i18n::tr;
use super::pager::{page_range, Pager};
use super::store::use_store;
use super::words;
use crate::events::round_robin::CrossRow;
use leptos::prelude::*;

/// Crosstable rows and columns drawn at once.
const GRID: usize = 25;

#[component]
pub(super) fn CrosstableView() -> impl IntoView {
    let store = use_store();
    let (rows, cols) = (RwSignal::new(0usize), RwSignal::new(0usize));
    let event = Memo::new(move |_| {
        store.current.with(|t| {
            t.as_ref()
                .filter(|t| t.is_drawn())
                .map(|t| (t.name().to_string(), t.entrants().len()))
        })
    });
    let window = Memo::new(move |_| {
        let n = event.with(|e| e.as_ref().map_or(0, |e| e.1));
        let (r, c) = (
            page_range(rows.get(), GRID, n),
            page_range(cols.get(), GRID, n),
        );
        store.current.with(|t| {
            store.standings.with(|s| {
                t.as_ref().zip(s.as_ref()).map(|(t, s)| {
                    t.crosstable_window(s, r.start + 1..r.end + 1, c.start + 1..c.end + 1)
                })
            })
        })
    });
    move || {
        let (name, n) = event.get()?;
        let len = Signal::derive(move || n);
        let heads = move || {
            window.with(|w| {
                w.as_ref().map(|w| {
                    w.cols
                        .clone()
                        .map(|j| view! { <th>{j}</th> })
                        .collect_view()
                })
            })
        };
        let lines = move || window.with(|w| w.as_ref().map(|w| w.rows.clone()).unwrap_or_default());
        Some(view! {
            <section class="t-section t-crosstable" aria-labelledby="t-cross-h">
                <h2 id="t-cross-h">{name} " · " {tr(words::CROSSTABLE)}</h2>
                <Pager testid="crosstable-rows" page=rows size=GRID len=len />
                <Pager testid="crosstable-cols" page=cols size=GRID len=len />
                <table class="t-table t-grid" data-testid="crosstable">
                    <thead><tr><th>{tr(words::NO)}</th><th>{tr(words::NAME)}</th>{heads}<th>{tr(words::SCORE)}</th></tr></thead>
                    <tbody>
                        <For each=lines key=|r| r.clone() let:r>
                            <CrossLine row=r />
                        </For>
                    </tbody>
                </table>
                <p class="t-legend">{tr(words::FORFEIT_LEGEND)}</p>
            </section>
        })
    }
}

#[component]
fn CrossLine(row: CrossRow) -> impl IntoView {
    let cells = row
        .cells
        .into_iter()
        .map(|c| match c {
            None => view! { <td class="t-diag">"×"</td> }.into_any(),
            Some(marks) => view! { <td>{marks}</td> }.into_any(),
        })
        .collect_view();
    view! {
        <tr data-entrant=row.entrant>
            <td>{row.entrant}</td><td class="t-name">{row.name}</td>
            {cells}
            <td class="t-score">{row.total.to_string()}</td>
        </tr>
    }
}
