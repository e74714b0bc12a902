//! Entrants: paste the list, remove, number them (lot, by hand or as listed); after the draw, each
//! entrant's fouls, penalties (18.1, 18.2) and withdrawal (20.3).

use super::super::i18n::tr;
use super::pager::{page_range, Pager};
use super::store::{use_store, Store};
use super::words;
use crate::events::round_robin::{parse_positions, Tournament, TournamentError};
use crate::lang::Say;
use crate::lang::Text;
use crate::ui::words::SaidBefore;
use leptos::prelude::*;

/// Entrant rows drawn at once.
const PAGE: usize = 50;
/// The withdrawal control is a list of rounds up to this many rounds, a number field beyond: a
/// list of hundreds of rounds per entrant is what bricked big events.
const ROUND_LIST_UP_TO: usize = 40;

/// What the list shows of the event, which changes only with entrants and the draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Field {
    count: usize,
    drawn: bool,
    team: bool,
    rounds: usize,
}

/// One entrant's row: rebuilt only when something in it changes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Row {
    k: usize,
    name: String,
    members: Vec<String>,
    fouls: u32,
    warnings: u32,
    disqualifications: u32,
    withdrawn: Option<usize>,
}

#[component]
pub(super) fn Entrants() -> impl IntoView {
    let store = use_store();
    let page = RwSignal::new(0usize);
    let field = Memo::new(move |_| {
        store.current.with(|t| {
            t.as_ref().map(|t| Field {
                count: t.entrants().len(),
                drawn: t.is_drawn(),
                team: t.format().is_team(),
                rounds: t.round_count(),
            })
        })
    });
    let rows = Memo::new(move |_| {
        store.current.with(|t| {
            let Some(t) = t else { return Vec::new() };
            let shown = page_range(page.get(), PAGE, t.entrants().len());
            t.entrants()[shown.clone()]
                .iter()
                .zip(shown.start + 1..)
                .map(|(e, k)| Row {
                    k,
                    name: e.name.clone(),
                    members: e.members.clone(),
                    fouls: e.fouls,
                    warnings: e.warnings,
                    disqualifications: e.disqualifications,
                    withdrawn: e.withdrawn_after,
                })
                .collect::<Vec<_>>()
        })
    });
    move || {
        let f = field.get()?;
        let count = Signal::derive(move || field.get().map_or(0, |f| f.count));
        Some(view! {
            <section class="t-section t-entrants no-print" aria-labelledby="t-entrants-h">
                <h2 id="t-entrants-h">{tr(words::ENTRANTS)} " (" {f.count} ")"</h2>
                {(!f.drawn).then(|| view! { <PasteList team=f.team /> })}
                <table class="t-table">
                    <thead><tr>
                        <th>{tr(words::NO)}</th><th>{tr(words::NAME)}</th>
                        {if f.drawn { view! {
                            <th>{tr(words::FOULS)}</th><th>{tr(words::WARNINGS_18_1)}</th><th>{tr(words::GAME_DQ_18_2)}</th><th>{tr(words::WITHDRAWAL_20_3)}</th>
                        }.into_any() } else { view! { <th></th> }.into_any() }}
                    </tr></thead>
                    <tbody>
                        <For each=move || rows.get() key=|r| r.clone() let:r>
                            <EntrantRow row=r field=f />
                        </For>
                    </tbody>
                </table>
                <Pager testid="entrants-pager" page=page size=PAGE len=count />
                {if f.drawn { view! { <p><button data-testid="clear-draw" on:click=move |_| store.update(|t| t.clear_draw())>{tr(words::CLEAR_THE_DRAW)}</button></p> }.into_any() }
                 else { view! { <Numbering /> }.into_any() }}
            </section>
        })
    }
}

/// The pasted list of names (or teams with their players) and its Add button.
#[component]
fn PasteList(team: bool) -> impl IntoView {
    let store = use_store();
    let list = RwSignal::new(String::new());
    let label = if team {
        tr(words::PASTE_TEAMS_ONE_PER)
    } else {
        tr(words::PASTE_NAMES_ONE_PER)
    };
    let add = move |_| {
        let text = list.get_untracked();
        store.update(|t| t.add_entrant_list(&text).map(|_| ()));
        if store
            .current
            .with_untracked(|t| t.as_ref().is_some_and(|t| !t.entrants().is_empty()))
        {
            list.set(String::new());
        }
    };
    view! {
        <div class="t-paste">
            <label for="t-list">{label}</label>
            <textarea id="t-list" data-testid="entrant-list" rows="6" prop:value=move || list.get() on:input=move |ev| list.set(event_target_value(&ev))></textarea>
            <button data-testid="add-entrants" on:click=add>{tr(words::ADD)}</button>
            <super::super::club::FromMembers list=list />
        </div>
    }
}

/// The three ways to give pairing numbers: a seeded lot, by hand, or as listed.
#[component]
fn Numbering() -> impl IntoView {
    let store = use_store();
    let seed = RwSignal::new(format!("{}", js_sys::Date::now() as u64 % 1_000_000));
    let hand = RwSignal::new(String::new());
    let draw = move |_| {
        let s = seed.get_untracked();
        match s.trim().parse::<u64>() {
            Ok(n) => store.update(|t| t.draw_lots(n)),
            Err(_) => store.error(SaidBefore::by(|l| {
                format!("`{s}`: {}", words::SEED_NOT_A_WHOLE_NUMBER.get(l))
            })),
        }
    };
    let by_hand = move |_| match parse_positions(&hand.get_untracked()) {
        Ok(order) => store.update(|t| t.set_numbers(&order)),
        Err(e) => store.refused(&e),
    };
    view! {
        <div class="t-draw">
            <label>{tr(words::DRAW_SEED)} " "
                <input data-testid="seed" class="t-small" prop:value=move || seed.get() on:input=move |ev| seed.set(event_target_value(&ev)) />
            </label>
            <button data-testid="draw" on:click=draw>{tr(words::DRAW_NUMBERS)}</button>
            <label>{tr(words::NUMBERS_BY_HAND_LIST)} " "
                <input data-testid="hand-order" prop:value=move || hand.get() on:input=move |ev| hand.set(event_target_value(&ev)) />
            </label>
            <button data-testid="number-by-hand" on:click=by_hand>{tr(words::SET_THESE_NUMBERS)}</button>
            <button data-testid="number-as-listed" on:click=move |_| store.update(|t| t.number_as_listed())>{tr(words::NUMBER_AS_LISTED)}</button>
        </div>
    }
}

/// A number field that sets one count of entrant `k` (fouls, warnings, disqualifications).
fn count_input(
    store: Store,
    k: usize,
    value: u32,
    text: Text,
    testid: &'static str,
    set: fn(&mut Tournament, usize, u32) -> Result<(), TournamentError>,
) -> impl IntoView {
    let label = move || text.get(store.lang.get());
    view! {
        <input type="number" min="0" class="t-small" aria-label=label data-testid=testid
            prop:value=value.to_string()
            on:change=move |ev| {
                let v = event_target_value(&ev);
                match v.trim().parse::<u32>() {
                    Ok(n) => store.update(|t| set(t, k, n)),
                    Err(_) => store.refused(&words::Said::NotAWholeNumber(&v)),
                }
            } />
    }
}

/// Withdraws entrant `k` after the round typed or chosen; anything else takes a withdrawal back.
fn withdraw(store: Store, k: usize, value: &str) {
    match value.trim().parse::<usize>() {
        Ok(r) => store.update(|t| t.withdraw(k, r)),
        Err(_) => store.update(|t| t.cancel_withdrawal(k)),
    }
}

#[component]
fn EntrantRow(row: Row, field: Field) -> impl IntoView {
    let store = use_store();
    let lang = store.lang;
    let Row {
        k,
        name,
        members,
        fouls,
        warnings,
        disqualifications: dq,
        withdrawn,
    } = row;
    let members = (!members.is_empty()).then(|| {
        let listed = move || members.join(words::LIST_COMMA.get(lang.get()));
        view! { <small class="t-members">" (" {listed} ")"</small> }
    });
    let rounds = field.rounds;
    let cells = if field.drawn {
        let withdrawal = if rounds <= ROUND_LIST_UP_TO {
            view! {
                <select aria-label=tr(words::WITHDRAWAL_20_3_LABEL) data-testid="withdraw"
                    on:change=move |ev| withdraw(store, k, &event_target_value(&ev))>
                    <option value="" prop:selected=withdrawn.is_none()>"—"</option>
                    {(0..=rounds).map(|r| view! {
                        <option value=r.to_string() prop:selected=withdrawn == Some(r)>
                            {move || words::Said::WithdrawnAfter(r).say(lang.get())}
                        </option>
                    }).collect_view()}
                </select>
            }
            .into_any()
        } else {
            view! {
                <input type="number" min="0" max=rounds class="t-small" data-testid="withdraw"
                    aria-label=tr(words::WITHDREW_AFTER_ROUND_20)
                    prop:value=withdrawn.map(|w| w.to_string()).unwrap_or_default()
                    on:change=move |ev| withdraw(store, k, &event_target_value(&ev)) />
            }
            .into_any()
        };
        view! {
            <td>{count_input(store, k, fouls, words::FOULS, "fouls", |t, k, n| t.set_fouls(k, n))}</td>
            <td>{count_input(store, k, warnings, words::WARNINGS_18_1_LABEL, "warnings", |t, k, n| { let d = t.entrant(k).map(|e| e.disqualifications).unwrap_or(0); t.set_discipline(k, n, d) })}</td>
            <td>{count_input(store, k, dq, words::GAME_DISQUALIFICATIONS_18_2, "disqualifications", |t, k, n| { let w = t.entrant(k).map(|e| e.warnings).unwrap_or(0); t.set_discipline(k, w, n) })}</td>
            <td>{withdrawal}</td>
        }.into_any()
    } else {
        let who = name.clone();
        let remove = move || words::Said::RemoveEntrant(&who).say(lang.get());
        view! {
            <td><button aria-label=remove on:click=move |_| store.update(|t| t.remove_entrant(k).map(|_| ()))>"✕"</button></td>
        }.into_any()
    };
    view! {
        <tr data-entrant=k>
            <td>{if field.drawn { k.to_string() } else { String::new() }}</td>
            <td>{name}{members}</td>
            {cells}
        </tr>
    }
}
