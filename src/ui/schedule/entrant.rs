//! One entrant's matches, opponents and rests.

use super::{slot_time, use_store};
use crate::events::schedule::{Problem, Schedule};
use crate::lang::{Lang, Say};
use leptos::prelude::*;

/// The table of entrant `e`'s matches (also printed on its slip).
pub(super) fn entrant_table(p: &Problem, s: &Schedule, e: usize, en: bool) -> impl IntoView {
    let slots = p.slots();
    let lang = if en { Lang::En } else { Lang::Zh };
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
                <th>{if en { "Session" } else { "场次" }}</th>
                <th>{if en { "Date" } else { "日期" }}</th>
                <th>{if en { "Time" } else { "时间" }}</th>
                <th>{if en { "Table" } else { "球台" }}</th>
                <th>{if en { "Opponent" } else { "对手" }}</th>
                <th>{if en { "Rest" } else { "间隔" }}</th>
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
        let en = store.lang.get() == Lang::En;
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
                <h2>{if en { "Per entrant" } else { "个人赛程" }}</h2>
                <label>
                    {if en { "Entrant " } else { "参赛者 " }}
                    <select data-testid="entrant-select" on:change=move |ev| store.focus.set(event_target_value(&ev).parse().ok())>
                        {options}
                    </select>
                </label>
                {entrant_table(&p, &s, e, en)}
            </section>
        })
    }
}
