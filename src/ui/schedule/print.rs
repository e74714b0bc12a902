//! Printing on A4: a sheet per session or a slip per entrant (only the chosen one is printed).

use super::entrant::entrant_table;
use super::{match_label, slot_time, use_store};
use crate::events::schedule::{seat_holders, Points};
use crate::lang::Lang;
use leptos::prelude::*;

/// What the print button prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum PrintMode {
    Sessions,
    Slips,
}

/// The print mode and the print button.
#[component]
pub(super) fn PrintControls() -> impl IntoView {
    let store = use_store();
    view! {
        <label>
            {move || store.t("打印：", "Print: ")}
            <select
                data-testid="print-mode"
                on:change=move |ev| store.print_mode.set(if event_target_value(&ev) == "slips" { PrintMode::Slips } else { PrintMode::Sessions })
            >
                <option value="sessions">{move || store.t("每场次一页", "one page per session")}</option>
                <option value="slips">{move || store.t("每对一张单", "one slip per entrant")}</option>
            </select>
        </label>
        <button on:click=move |_| { let _ = window().print(); }>{move || store.t("打印", "Print")}</button>
    }
}

/// One sheet per session, shown only when printing in session mode.
#[component]
pub(super) fn SessionSheets() -> impl IntoView {
    let store = use_store();
    move || {
        // Drawn once the solver stops: redrawing it every slice would slow the solve.
        if store.running.get() {
            return None;
        }
        let p = store.problem.get()?;
        let s = store.schedule.get()?;
        let seats = seat_holders(&p, &store.results.get(), Points::table_tennis());
        let fixtures = p.fixtures();
        let slots = p.slots();
        // One lookup per cell instead of a scan of every placement per cell.
        let at: std::collections::HashMap<(usize, usize), usize> = s
            .placements
            .iter()
            .map(|pl| ((pl.slot, pl.table), pl.fixture))
            .collect();
        let lang = store.lang.get();
        let en = lang == Lang::En;
        let pages = (0..p.sessions.len())
            .map(|sess| {
                let session = &p.sessions[sess];
                let title = if en {
                    format!("Session {}", sess + 1)
                } else {
                    format!("第{}场次", sess + 1)
                };
                let when = [session.date.clone(), session.start.clone()]
                    .into_iter()
                    .flatten()
                    .collect::<Vec<_>>()
                    .join(" ");
                let rows = slots
                    .iter()
                    .enumerate()
                    .filter(|(_, x)| x.session == sess)
                    .map(|(g, x)| {
                        let cells = (0..p.tables)
                            .map(|t| {
                                let text = at
                                    .get(&(g, t))
                                    .map(|&fixture| match_label(&fixtures[fixture], &p.entrants, &seats));
                                let filled = text.is_some();
                                view! { <td class:free=!filled>{text.unwrap_or_default()}</td> }
                            })
                            .collect_view();
                        view! {
                            <tr>
                                <th scope="row">{format!("{} · {}", x.index + 1, slot_time(&p, &slots, g))}</th>
                                {cells}
                            </tr>
                        }
                    })
                    .collect_view();
                let heads = (1..=p.tables)
                    .map(|t| view! { <th scope="col">{if en { format!("Table {t}") } else { format!("{t}号台") }}</th> })
                    .collect_view();
                view! {
                    <section class="session-sheet" data-testid="session-sheet">
                        <h2>{title}" "<small>{when}</small></h2>
                        <table class="timetable">
                            <thead><tr><th>{if en { "Slot" } else { "时段" }}</th>{heads}</tr></thead>
                            <tbody>{rows}</tbody>
                        </table>
                    </section>
                }
            })
            .collect_view();
        Some(view! { <div class="sheets" data-testid="sheets">{pages}</div> })
    }
}

/// One slip per entrant, shown only when printing in slip mode.
#[component]
pub(super) fn Slips() -> impl IntoView {
    let store = use_store();
    move || {
        // Drawn once the solver stops: redrawing it every slice would slow the solve.
        if store.running.get() {
            return None;
        }
        let p = store.problem.get()?;
        let s = store.schedule.get()?;
        let en = store.lang.get() == Lang::En;
        let slips = (0..p.entrants.len())
            .map(|e| {
                view! {
                    <section class="slip" data-testid="slip">
                        <h2>{p.entrants[e].clone()}</h2>
                        {entrant_table(&p, &s, e, en)}
                    </section>
                }
            })
            .collect_view();
        Some(view! { <div class="slips">{slips}</div> })
    }
}
