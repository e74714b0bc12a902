//! One entrant's matches, opponents and rests.

use super::words;
use super::{slot_time, use_store};
use crate::events::schedule::{Problem, Schedule};
use crate::lang::{Lang, Say};
use leptos::prelude::*;

/// The table of entrant `e`'s matches (also printed on its slip).
pub(super) fn entrant_table(p: &Problem, s: &Schedule, e: usize, lang: Lang) -> impl IntoView {
    let slots = p.slots();
    let rows = s
        .entrant_matches(p, e)
        .into_iter()
        .map(|m| {
            let x = slots[m.slot];
            view! {
                <tr>
                    <td>{x.session + 1}</td>
                    <td>{p.sessions[x.session].date.clone().unwrap_or_default()}</td>
                    <td>{slot_time(p, &slots, m.slot)}</td>
                    <td>{m.table + 1}</td>
                    <td>{p.entrants[m.opponent].clone()}</td>
                    <td>{m.gap.say(lang)}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <table class="entrant-table">
            <thead><tr>
                <th>{words::SESSION.get(lang)}</th>
                <th>{words::DATE.get(lang)}</th>
                <th>{words::TIME.get(lang)}</th>
                <th>{words::TABLE.get(lang)}</th>
                <th>{words::OPPONENT.get(lang)}</th>
                <th>{words::REST_HEADING.get(lang)}</th>
            </tr></thead>
            <tbody>{rows}</tbody>
        </table>
    }
}

/// One entrant's matches: the one highlighted in the timetable, or chosen here.
#[component]
pub(super) fn EntrantView() -> impl IntoView {
    let store = use_store();
    move || {
        let (p, s) = store.solved()?;
        let lang = store.lang.get();
        let e = store
            .focus
            .get()
            .unwrap_or(0)
            .min(p.entrants.len().saturating_sub(1));
        let options = p
            .entrants
            .iter()
            .enumerate()
            .map(
                |(i, n)| view! { <option value=i.to_string() selected=i == e>{n.clone()}</option> },
            )
            .collect_view();
        Some(view! {
            <section class="entrant-view no-print" data-testid="entrant-view">
                <h2>{words::PER_ENTRANT.get(lang)}</h2>
                <label>
                    {words::ENTRANT_LABEL.get(lang)}
                    <select data-testid="entrant-select" on:change=move |ev| store.focus.set(event_target_value(&ev).parse().ok())>
                        {options}
                    </select>
                </label>
                {entrant_table(&p, &s, e, lang)}
            </section>
        })
    }
}
