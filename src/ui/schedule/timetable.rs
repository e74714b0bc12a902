//! The timetable on screen: a table per session, slots down, tables across.

use super::{match_label, slot_time, use_store};
use crate::events::schedule::{seat_holders, Points};
use crate::lang::Lang;
use leptos::prelude::*;

/// The timetable by session.
#[component]
pub(super) fn Timetable() -> impl IntoView {
    let store = use_store();
    move || {
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
                                view! { <td data-testid=if filled { "match" } else { "free" }>{text.unwrap_or_default()}</td> }
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
                    <section class="session-page" data-testid="session-page">
                        <h2>{title}" "<small>{when}</small></h2>
                        <table class="timetable">
                            <thead><tr><th>{if en { "Slot" } else { "时段" }}</th>{heads}</tr></thead>
                            <tbody>{rows}</tbody>
                        </table>
                    </section>
                }
            })
            .collect_view();
        Some(view! { <div class="sessions no-print" data-testid="timetable">{pages}</div> })
    }
}
