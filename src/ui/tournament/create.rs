//! The form that creates an event: individual or team (boards and board order, article 12),
//! single or double round robin, and the scoring.

use super::super::i18n::tr;
use super::store::use_store;
use super::words;
use crate::events::round_robin::{BoardOrder, Competition, Cycles, Scoring, Tournament};
use crate::lang::Text;
use leptos::prelude::*;

/// The board orders of article 12 as the menu offers them: (value, Chinese, English).
const ORDERS: [(BoardOrder, &str, Text); 3] = [
    (BoardOrder::Fixed, "fixed", words::FIXED_ORDER_12_1),
    (
        BoardOrder::Substitutes,
        "substitutes",
        words::WITH_SUBSTITUTES_12_2,
    ),
    (
        BoardOrder::ChosenPerMatch,
        "chosen",
        words::CHOSEN_PER_MATCH_12_3,
    ),
];

#[component]
pub(super) fn CreateForm() -> impl IntoView {
    let store = use_store();
    let name = RwSignal::new(String::new());
    let team = RwSignal::new(false);
    let boards = RwSignal::new("4".to_string());
    let order = RwSignal::new(BoardOrder::Fixed);
    let cycles = RwSignal::new(Cycles::Single);
    let scoring = RwSignal::new(Scoring::CLASSIC);
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let format = if team.get_untracked() {
            let Ok(boards) = boards.get_untracked().trim().parse::<usize>() else {
                return store.refused(&words::BOARDS_NOT_A_WHOLE_NUMBER);
            };
            Competition::Team {
                boards,
                order: order.get_untracked(),
            }
        } else {
            Competition::Individual
        };
        match Tournament::new(
            &name.get_untracked(),
            format,
            cycles.get_untracked(),
            scoring.get_untracked(),
        ) {
            Ok(t) => store.add_event(t),
            Err(e) => store.refused(&e),
        }
    };
    view! {
        <form class="t-create no-print" data-testid="create-form" on:submit=submit>
            <h2>{tr(words::NEW_EVENT)}</h2>
            <label>{tr(words::NAME)} " "
                <input data-testid="event-name" required prop:value=move || name.get() on:input=move |ev| name.set(event_target_value(&ev)) />
            </label>
            <fieldset>
                <legend>{tr(words::TYPE)}</legend>
                <label><input type="radio" name="t-kind" data-testid="kind-individual" prop:checked=move || !team.get() on:change=move |_| team.set(false) /> {tr(words::INDIVIDUAL)}</label>
                <label><input type="radio" name="t-kind" data-testid="kind-team" prop:checked=move || team.get() on:change=move |_| team.set(true) /> {tr(words::TEAM)}</label>
            </fieldset>
            <Show when=move || team.get()>
                <label>{tr(words::BOARDS)} " "
                    <input type="number" min="1" max="16" data-testid="boards" prop:value=move || boards.get() on:input=move |ev| boards.set(event_target_value(&ev)) />
                </label>
                <label>{tr(words::BOARD_ORDER)} " "
                    <select data-testid="board-order" on:change=move |ev| {
                        let v = event_target_value(&ev);
                        if let Some((o, ..)) = ORDERS.iter().find(|(_, key, ..)| *key == v) { order.set(*o) }
                    }>
                        {ORDERS.map(|(o, key, text)| view! {
                            <option value=key prop:selected=move || order.get() == o>{tr(text)}</option>
                        }).collect_view()}
                    </select>
                </label>
            </Show>
            <label>{tr(words::CYCLES)} " "
                <select data-testid="cycles" on:change=move |ev| cycles.set(if event_target_value(&ev) == "double" { Cycles::Double } else { Cycles::Single })>
                    <option value="single">{tr(words::SINGLE_ROUND_ROBIN)}</option>
                    <option value="double">{tr(words::DOUBLE_ROUND_ROBIN)}</option>
                </select>
            </label>
            <label>{tr(words::SCORING)} " "
                <select data-testid="scoring" on:change=move |ev| scoring.set(if event_target_value(&ev) == "210" { Scoring::TWO_ONE_ZERO } else { Scoring::CLASSIC })>
                    <option value="classic">{tr(words::WIN_1_DRAW_LOSS)}</option>
                    <option value="210">{tr(words::WIN_TWO_DRAW_ONE)}</option>
                </select>
            </label>
            <button type="submit" data-testid="create">{tr(words::CREATE)}</button>
            <Show when=move || store.events.with(|e| !e.is_empty())>
                <button type="button" on:click=move |_| store.creating.set(false)>{tr(words::CANCEL)}</button>
            </Show>
        </form>
    }
}
