//! The form that creates an event: individual or team (boards and board order, article 12),
//! single or double round robin, and the scoring.

use super::super::i18n::tr;
use super::store::use_store;
use crate::events::round_robin::{BoardOrder, Competition, Cycles, Scoring, Tournament};
use leptos::prelude::*;

/// The board orders of article 12 as the menu offers them: (value, Chinese, English).
const ORDERS: [(BoardOrder, &str, &str, &str); 3] = [
    (
        BoardOrder::Fixed,
        "fixed",
        "分台定人制 (12.1)",
        "Fixed order (12.1)",
    ),
    (
        BoardOrder::Substitutes,
        "substitutes",
        "分台换人制 (12.2)",
        "With substitutes (12.2)",
    ),
    (
        BoardOrder::ChosenPerMatch,
        "chosen",
        "临时定台制 (12.3)",
        "Chosen per match (12.3)",
    ),
];

#[component]
pub(super) fn CreateForm() -> impl IntoView {
    let store = use_store();
    let lang = store.lang;
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
                let l = lang.get_untracked();
                return store.error(
                    l.pick("台数应为整数", "Boards must be a whole number")
                        .into(),
                );
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
            <h2>{tr("新建赛事", "New event")}</h2>
            <label>{tr("名称", "Name")} " "
                <input data-testid="event-name" required prop:value=move || name.get() on:input=move |ev| name.set(event_target_value(&ev)) />
            </label>
            <fieldset>
                <legend>{tr("类型", "Type")}</legend>
                <label><input type="radio" name="t-kind" data-testid="kind-individual" prop:checked=move || !team.get() on:change=move |_| team.set(false) /> {tr("个人赛", "Individual")}</label>
                <label><input type="radio" name="t-kind" data-testid="kind-team" prop:checked=move || team.get() on:change=move |_| team.set(true) /> {tr("团体赛", "Team")}</label>
            </fieldset>
            <Show when=move || team.get()>
                <label>{tr("台数", "Boards")} " "
                    <input type="number" min="1" max="16" data-testid="boards" prop:value=move || boards.get() on:input=move |ev| boards.set(event_target_value(&ev)) />
                </label>
                <label>{tr("台次", "Board order")} " "
                    <select data-testid="board-order" on:change=move |ev| {
                        let v = event_target_value(&ev);
                        if let Some((o, ..)) = ORDERS.iter().find(|(_, key, ..)| *key == v) { order.set(*o) }
                    }>
                        {ORDERS.map(|(o, key, zh, en)| view! {
                            <option value=key prop:selected=move || order.get() == o>{tr(zh, en)}</option>
                        }).collect_view()}
                    </select>
                </label>
            </Show>
            <label>{tr("循环", "Cycles")} " "
                <select data-testid="cycles" on:change=move |ev| cycles.set(if event_target_value(&ev) == "double" { Cycles::Double } else { Cycles::Single })>
                    <option value="single">{tr("单循环 (一局制)", "Single round robin")}</option>
                    <option value="double">{tr("双循环 (两局制)", "Double round robin")}</option>
                </select>
            </label>
            <label>{tr("计分", "Scoring")} " "
                <select data-testid="scoring" on:change=move |ev| scoring.set(if event_target_value(&ev) == "210" { Scoring::TWO_ONE_ZERO } else { Scoring::CLASSIC })>
                    <option value="classic">{tr("胜1 和½ 负0 (14.1)", "Win 1, draw ½, loss 0 (14.1)")}</option>
                    <option value="210">{tr("胜2 和1 负0", "Win 2, draw 1, loss 0")}</option>
                </select>
            </label>
            <button type="submit" data-testid="create">{tr("创建", "Create")}</button>
            <Show when=move || store.events.with(|e| !e.is_empty())>
                <button type="button" on:click=move |_| store.creating.set(false)>{tr("取消", "Cancel")}</button>
            </Show>
        </form>
    }
}
