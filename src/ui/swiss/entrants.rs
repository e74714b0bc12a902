//! Entrants: paste players (or teams with their players), number them by rating, and mark each
//! one's next round (plays, absent, half- or full-point bye), withdrawal and fouls.

use super::words;
use super::{use_store, Store};
use crate::events::swiss::{parse_entrants, Leave};
use crate::lang::Text;
use crate::ui::i18n::{tr, use_lang};
use crate::ui::words::SaidBefore;
use leptos::prelude::*;

/// What an entrant does in the coming round, as the select offers it.
const NEXT: [(Option<Leave>, &str, Text); 4] = [
    (None, "play", words::PLAYS),
    (Some(Leave::Zero), "absent", words::ABSENT),
    (Some(Leave::Half), "half", words::HALF_POINT_BYE),
    (Some(Leave::Full), "full", words::FULL_POINT_BYE),
];

/// One row of the entrant table; a changed row is drawn again, the others are kept.
#[derive(Clone, Debug, PartialEq)]
struct Row {
    index: usize,
    name: String,
    members: String,
    rating: u32,
    score: String,
    next: Option<Leave>,
    withdrawn: bool,
    fouls: u32,
}

/// The entrant section.
#[component]
pub(super) fn Entrants() -> impl IntoView {
    let store = use_store();
    let team = move || {
        store
            .saved
            .with(|s| s.as_ref().and_then(|s| s.event.boards))
    };
    let rows = move || {
        store.saved.with(|s| {
            s.as_ref().map_or(Vec::new(), |s| {
                s.event
                    .entrants
                    .iter()
                    .enumerate()
                    .map(|(index, e)| Row {
                        index,
                        name: e.entrant.name.clone(),
                        members: e.entrant.members.join(words::MEMBER_SEPARATOR),
                        rating: e.entrant.rating,
                        score: s.event.scale.show(e.score() as i64),
                        next: e.next,
                        withdrawn: e.entrant.withdrawn(),
                        fouls: e.entrant.fouls,
                    })
                    .collect()
            })
        })
    };
    view! {
        <section class="t-section no-print">
            <h2>{tr(words::ENTRANTS)}</h2>
            {entrant_paste(store)}
            <table class="t-table" data-testid="swiss-entrant-table">
                <thead><tr>
                    <th>{tr(words::NO)}</th><th>{tr(words::NAME)}</th>
                    <Show when=move || team().is_some()><th>{tr(words::PLAYERS_BOARD_ORDER)}</th></Show>
                    <th>{tr(words::RATING)}</th><th>{tr(words::POINTS)}</th><th>{tr(words::NEXT_ROUND)}</th><th>{tr(words::WITHDRAWAL)}</th><th>{tr(words::FOULS)}</th>
                </tr></thead>
                <tbody>
                    <For each=rows key=|r| format!("{r:?}") let:r>
                        <EntrantRow row=r team=team().is_some() />
                    </For>
                </tbody>
            </table>
        </section>
    }
}

/// The pasted list of new entrants (or the club's members), added to the event; numbering by
/// rating until the first round is paired.
fn entrant_paste(store: Store) -> impl IntoView {
    let lang = use_lang();
    let list = RwSignal::new(String::new());
    let add = move |_| {
        let parsed = store.saved.with(|s| {
            s.as_ref().map(|s| {
                let taken: Vec<String> = s
                    .event
                    .entrants
                    .iter()
                    .map(|e| e.entrant.name.clone())
                    .collect();
                parse_entrants(&list.get(), s.event.boards, &taken)
            })
        });
        match parsed {
            Some(Ok(new)) => {
                store.edit(|s| {
                    for e in new {
                        s.event.add_entrant(e);
                    }
                });
                list.set(String::new());
                store.note.set(None);
            }
            Some(Err(e)) => store.note.set(Some(SaidBefore::of(&e))),
            None => {}
        }
    };
    let started = move || {
        store
            .saved
            .with(|s| s.as_ref().is_some_and(|s| s.event.rounds_played() > 0))
    };
    let hint = move || {
        let team = store
            .saved
            .with(|s| s.as_ref().and_then(|s| s.event.boards));
        match team {
            Some(_) => words::ONE_TEAM_PER_LINE.get(lang.get()),
            None => words::ONE_PER_LINE_NAME.get(lang.get()),
        }
    };
    view! {
        <label class="t-paste">{hint}
            <textarea rows="5" data-testid="swiss-entrants" prop:value=move || list.get() on:input=move |ev| list.set(event_target_value(&ev))></textarea>
        </label>
        <super::super::club::FromMembers list=list with_rating=true />
        <div class="t-draw">
            <button data-testid="add-entrants" on:click=add>{tr(words::ADD)}</button>
            <button data-testid="seed-rating" prop:disabled=started on:click=move |_| store.edit(|s| s.event.seed_by_rating())>{tr(words::NUMBER_BY_RATING)}</button>
        </div>
    }
}

#[component]
fn EntrantRow(row: Row, team: bool) -> impl IntoView {
    let store = use_store();
    let i = row.index;
    view! {
        <tr data-entrant=i + 1>
            <td>{i + 1}</td>
            <td class="t-name">{row.name}</td>
            {team.then(|| view! { <td class="t-members">{row.members}</td> })}
            <td>{if row.rating > 0 { row.rating.to_string() } else { String::new() }}</td>
            <td class="t-score">{row.score}</td>
            <td>
                <select data-testid="next-round" prop:disabled=row.withdrawn on:change=move |ev| {
                    let v = event_target_value(&ev);
                    let next = NEXT.iter().find(|n| n.1 == v).and_then(|n| n.0);
                    store.edit(|s| s.event.entrants[i].next = next);
                }>
                    {NEXT.into_iter().map(|(next, value, text)| view! {
                        <option value=value prop:selected={row.next == next}>{tr(text)}</option>
                    }).collect_view()}
                </select>
            </td>
            <td>
                <label><input type="checkbox" data-testid="withdrawn" prop:checked=row.withdrawn on:change=move |ev| {
                    let on = event_target_checked(&ev);
                    store.edit(|s| s.event.entrants[i].set_withdrawn(on));
                } /> {tr(words::WITHDRAWN)}</label>
            </td>
            <td><input class="t-small" type="number" min="0" data-testid="fouls" prop:value=row.fouls.to_string() on:change=move |ev| {
                let v = event_target_value(&ev).trim().parse().unwrap_or(0);
                store.edit(|s| s.event.entrants[i].entrant.fouls = v);
            } /></td>
        </tr>
    }
}
