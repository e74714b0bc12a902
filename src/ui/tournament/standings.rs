//! The standings table, a page at a time, with the tie-break columns in their order.

use super::super::i18n::tr;
use super::pager::{page_range, Pager};
use super::store::use_store;
use super::words;
use crate::events::round_robin::StandingRow;
use leptos::prelude::*;

/// Standings rows drawn at once.
const PAGE: usize = 50;

#[component]
pub(super) fn StandingsTable() -> impl IntoView {
    let store = use_store();
    let lang = store.lang;
    let page = RwSignal::new(0usize);
    let standings = store.standings;
    let name = Memo::new(move |_| {
        store
            .current
            .with(|t| t.as_ref().map(|t| t.name().to_string()))
    });
    let columns = Memo::new(move |_| standings.with(|s| s.as_ref().map(|s| s.columns.clone())));
    let count = Signal::derive(move || standings.with(|s| s.as_ref().map_or(0, |s| s.rows.len())));
    let rows = move || {
        standings.with(|s| {
            let Some(s) = s else { return Vec::new() };
            s.rows[page_range(page.get(), PAGE, s.rows.len())].to_vec()
        })
    };
    let score_label = move || {
        standings.with(|s| {
            s.as_ref()
                .map(|s| s.score_label_in(lang.get()))
                .unwrap_or_default()
        })
    };
    move || {
        let (name, columns) = (name.get()?, columns.get()?);
        let heads = columns
            .iter()
            .map(|&c| view! { <th data-tiebreak=c.key()>{move || c.label_in(lang.get())}</th> })
            .collect_view();
        let legend = move || {
            columns
                .iter()
                .map(|c| c.label_in(lang.get()))
                .collect::<Vec<_>>()
                .join(" → ")
        };
        Some(view! {
            <section class="t-section t-standings" aria-labelledby="t-standings-h">
                <h2 id="t-standings-h">{name} " · " {tr(words::STANDINGS)}</h2>
                <Pager testid="standings-pager" page=page size=PAGE len=count />
                <table class="t-table" data-testid="standings">
                    <thead><tr>
                        <th>{tr(words::PLACE)}</th><th>{tr(words::NO)}</th><th>{tr(words::NAME)}</th>
                        <th>{score_label}</th>
                        {heads}
                        <th>{tr(words::GM)}</th><th>{tr(words::W)}</th><th>{tr(words::D)}</th><th>{tr(words::L)}</th>
                    </tr></thead>
                    <tbody>
                        <For each=rows key=|r| format!("{r:?}") let:r>
                            <StandingLine row=r />
                        </For>
                    </tbody>
                </table>
                <p class="t-legend">{tr(words::TIES_BROKEN_IN_ORDER)} {legend} {tr(words::STILL_EQUAL_SHARED_PLACE)}</p>
            </section>
        })
    }
}

#[component]
fn StandingLine(row: StandingRow) -> impl IntoView {
    let lang = use_store().lang;
    let tbs = row
        .tiebreaks
        .iter()
        .map(|v| view! { <td>{v.map(|v| v.to_string()).unwrap_or_else(|| "—".into())}</td> })
        .collect_view();
    let place = row
        .place
        .map(|p| p.to_string())
        .unwrap_or_else(|| "—".into());
    let place_attr = place.clone();
    let (annulled, withdrew) = (row.place.is_none(), row.withdrawn);
    let status = move || {
        let l = lang.get();
        if annulled {
            words::ANNULLED_20_3.get(l)
        } else if withdrew {
            words::WITHDREW.get(l)
        } else {
            ""
        }
    };
    view! {
        <tr data-entrant=row.entrant data-place=place_attr>
            <td>{place}</td>
            <td>{row.entrant}</td>
            <td>{row.name} <small>" " {status}</small></td>
            <td class="t-score">{row.score.to_string()}</td>
            {tbs}
            <td>{row.played}</td><td>{row.won}</td><td>{row.drawn}</td><td>{row.lost}</td>
        </tr>
    }
}
