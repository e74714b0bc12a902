//! The problem form (entrants, tables, sessions, times, absences) and the "does not fit" report.

use super::solve::start_solving;
use super::words;
use super::{use_store, Store};
use crate::events::schedule::{board_order_from_key, board_order_key, EventScoring};
use crate::events::schedule::{Draft, Fit, Suggestion};
use crate::lang::Say;
use crate::lang::Text;
use crate::ui::i18n::tr;
use leptos::prelude::*;

/// One labelled text/number input bound to a draft field.
fn field(
    store: Store,
    text: Text,
    kind: &'static str,
    testid: &'static str,
    get: fn(&Draft) -> String,
    set: fn(&mut Draft, String),
) -> impl IntoView {
    view! {
        <label class="field">
            <span>{tr(text)}</span>
            <input
                type=kind
                data-testid=testid
                prop:value=move || store.draft.with(get)
                on:input=move |ev| store.draft.update(|d| set(d, event_target_value(&ev)))
            />
        </label>
    }
}

/// A menu's options: (value, Chinese, English).
type Options = [(&'static str, Text)];

/// The scorings as the menu offers them (the value contains `xiangqi` for the Xiangqi ones).
const SCORINGS: [(&str, Text); 5] = {
    let mut out = [("", EventScoring::Xiangqi.name()); 5];
    let mut i = 0;
    while i < out.len() {
        let s = EventScoring::ALL[i];
        out[i] = (s.key(), s.name());
        i += 1;
    }
    out
};

/// One labelled select bound to a draft field (one function for every menu: each view type
/// costs the page's bundle).
fn choice(
    store: Store,
    text: Text,
    testid: &'static str,
    options: &'static Options,
    get: fn(&Draft) -> &str,
    set: fn(&mut Draft, &str),
) -> impl IntoView {
    view! {
        <label class="field">
            <span>{tr(text)}</span>
            <select data-testid=testid on:change=move |ev| store.draft.update(|d| set(d, &event_target_value(&ev)))>
                {options.iter().map(|&(value, text)| view! {
                    <option value=value prop:selected=move || store.draft.with(|d| get(d) == value)>{tr(text)}</option>
                }).collect_view()}
            </select>
        </label>
    }
}

#[component]
pub(super) fn ProblemForm() -> impl IntoView {
    let store = use_store();
    view! {
        <form class="problem no-print" on:submit=move |ev| { ev.prevent_default(); start_solving(store); }>
            <label class="field entrants">
                <span>{move || if store.draft.with(|d| d.scoring.is_team()) {
                    words::TEAMS_ONE_A_LINE.get(store.lang.get())
                } else {
                    words::ENTRANTS_ONE_A_LINE.get(store.lang.get())
                }}</span>
                <textarea
                    rows="8"
                    data-testid="entrants"
                    prop:value=move || store.draft.with(|d| d.entrants.clone())
                    on:input=move |ev| store.draft.update(|d| d.entrants = event_target_value(&ev))
                ></textarea>
            </label>
            <super::super::club::FromMembers on_add=Callback::new(move |lines: String| store.draft.update(|d| d.entrants = super::super::club::appended(&d.entrants, &lines))) />
            <div class="grid">
                <label class="field">
                    <span>{tr(words::EVENT_NAME)}</span>
                    <input
                        data-testid="event-name"
                        prop:value=move || store.draft.with(|d| d.name.clone())
                        on:input=move |ev| store.draft.update(|d| d.name = event_target_value(&ev))
                    />
                </label>
                {choice(store, words::SCORING, "scoring", &SCORINGS, |d| d.scoring.key(), |d, v| {
                    if let Ok(s) = v.parse() {
                        d.scoring = s;
                    }
                })}
                {choice(store, words::FORMAT, "format", &[
                    ("single", words::SINGLE_ROUND_ROBIN),
                    ("double", words::DOUBLE_ROUND_ROBIN),
                    ("groups", words::GROUPS_CROSSOVER_KNOCKOUT),
                ], |d| &d.format, |d, v| d.format = v.into())}
                // The team scoring's boards and board order (12.1 / 12.2 / 12.3); line-ups are set
                // per match in the rounds view.
                {move || store.draft.with(|d| d.scoring.is_team()).then(|| view! {
                    {field(store, words::BOARDS_PER_MATCH, "number", "boards", |d| d.boards.clone(), |d, v| d.boards = v)}
                    {choice(store, words::BOARD_ORDER, "board-order", &[
                        ("fixed", words::FIXED_ORDER_12_1),
                        ("substitutes", words::WITH_SUBSTITUTES_12_2),
                        ("per-match", words::CHOSEN_PER_MATCH_12_3),
                    ], |d| board_order_key(d.board_order), |d, v| {
                        if let Some(o) = board_order_from_key(v) {
                            d.board_order = o;
                        }
                    })}
                })}
                // Groups only mean something for the groups + knockout format.
                {move || store.draft.with(|d| d.format == "groups").then(|| {
                    field(store, words::GROUPS, "number", "groups", |d| d.groups.clone(), |d, v| d.groups = v)
                })}
                {field(store, words::TABLES, "number", "tables", |d| d.tables.clone(), |d, v| d.tables = v)}
                {field(store, words::SESSIONS, "number", "sessions", |d| d.sessions.clone(), |d, v| d.sessions = v)}
                {field(store, words::SESSION_MINUTES, "number", "session-minutes", |d| d.session_minutes.clone(), |d, v| d.session_minutes = v)}
                {field(store, words::MATCH_MINUTES, "number", "match-minutes", |d| d.match_minutes.clone(), |d, v| d.match_minutes = v)}
                {field(store, words::FIRST_DATE, "date", "first-date", |d| d.first_date.clone(), |d, v| d.first_date = v)}
                {field(store, words::DAYS_BETWEEN, "number", "every-days", |d| d.every_days.clone(), |d, v| d.every_days = v)}
                {field(store, words::START_TIME, "time", "start", |d| d.start.clone(), |d, v| d.start = v)}
                <label class="field">
                    <span>{tr(words::SEED)}</span>
                    <input type="number" data-testid="seed" prop:value=move || store.seed.get() on:input=move |ev| store.seed.set(event_target_value(&ev)) />
                </label>
            </div>
            <label class="field absences">
                <span>{tr(words::ABSENCES)}</span>
                <textarea
                    rows="3"
                    data-testid="absences"
                    prop:value=move || store.draft.with(|d| d.absences.clone())
                    on:input=move |ev| store.draft.update(|d| d.absences = event_target_value(&ev))
                ></textarea>
            </label>
        </form>
    }
}

#[component]
pub(super) fn FitReport() -> impl IntoView {
    let store = use_store();
    move || {
        let Some(Fit::DoesNotFit {
            shortfall,
            suggestions,
        }) = store.fit.get()
        else {
            return None;
        };
        let (matches, tables) = store.problem.with(|p| {
            p.as_ref()
                .map_or((0, 0), |p| (p.fixtures().len(), p.tables))
        });
        Some(view! {
            <div class="fit-report no-print" data-testid="infeasible" role="alert">
                <p><strong>{words::DOES_NOT_FIT.get(store.lang.get())}</strong>{shortfall.say(store.lang.get())}</p>
                <p>{words::ANY_ONE_OF_THESE.get(store.lang.get())}</p>
                <ul data-testid="suggestions">
                    {suggestions
                        .into_iter()
                        .map(|s| {
                            let text = s.change(matches, tables).say(store.lang.get());
                            let apply = s.clone();
                            view! {
                                <li>
                                    {text}" "
                                    <button on:click=move |_| {
                                        store.draft.update(|d| match apply {
                                            Suggestion::Tables { tables, .. } => d.tables = tables.to_string(),
                                            Suggestion::MatchMinutes { minutes, .. } => d.match_minutes = minutes.to_string(),
                                            Suggestion::Sessions { sessions, .. } => d.sessions = sessions.to_string(),
                                        });
                                    }>{words::USE_THIS.get(store.lang.get())}</button>
                                </li>
                            }
                        })
                        .collect_view()}
                </ul>
            </div>
        })
    }
}
