//! The tie-break editor: switch criteria on and off and reorder them; the event refuses orders
//! that do not apply (rules 15.1, 15.3, 18.4).

use super::super::i18n::tr;
use super::store::use_store;
use super::words;
use crate::events::round_robin::TieBreak;
use crate::lang::Say;
use leptos::prelude::*;

#[component]
pub(super) fn TieBreakEditor() -> impl IntoView {
    let store = use_store();
    let lang = store.lang;
    let set = move |next: Vec<TieBreak>| store.update(|t| t.set_tiebreaks(next));
    let menu = Memo::new(move |_| {
        store.current.with(|t| {
            t.as_ref().map(|t| {
                (
                    t.tiebreaks().to_vec(),
                    TieBreak::menu(t.tiebreaks(), t.format()),
                )
            })
        })
    });
    let items = move || {
        let (order, menu) = menu.get()?;
        Some(
            menu.into_iter()
                .map(|(tb, pos)| {
                    let (o1, o2) = (order.clone(), order.clone());
                    let up = move || { let l = lang.get(); words::Said::MoveUp(tb.label_in(l)).say(l) };
                    view! {
                        <li>
                            <label>
                                <input type="checkbox" prop:checked=pos.is_some() data-tiebreak=tb.key()
                                    on:change=move |_| set(tb.toggled_in(&o1)) />
                                " " {move || tb.label_in(lang.get())}
                            </label>
                            {pos.filter(|&p| p > 0).map(|_| view! {
                                <button aria-label=up on:click=move |_| set(tb.raised_in(&o2))>"↑"</button>
                            })}
                        </li>
                    }
                })
                .collect_view(),
        )
    };
    view! {
        <details class="t-tiebreaks no-print">
            <summary>{tr(words::TIE_BREAK_ORDER)}</summary>
            <ol>{items}</ol>
        </details>
    }
}
