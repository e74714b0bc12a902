//! The problem form (entrants, tables, sessions, times, absences) and the "does not fit" report.

use super::solve::start_solving;
use super::{use_store, Store};
use crate::events::schedule::{Draft, Fit, Suggestion};
use crate::events::scoring::{board_order_from_key, board_order_key, EventScoring};
use crate::lang::Say;
use leptos::prelude::*;

/// One labelled text/number input bound to a draft field.
fn field(
    store: Store,
    zh: &'static str,
    en: &'static str,
    kind: &'static str,
    testid: &'static str,
    get: fn(&Draft) -> String,
    set: fn(&mut Draft, String),
) -> impl IntoView {
    view! {
        <label class="field">
            <span>{move || store.t(zh, en)}</span>
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
type Options = [(&'static str, &'static str, &'static str)];

/// The scorings as the menu offers them (the value contains `xiangqi` for the Xiangqi ones).
const SCORINGS: [(&str, &str, &str); 5] = {
    let mut out = [("", "", ""); 5];
    let mut i = 0;
    while i < out.len() {
        let s = EventScoring::ALL[i];
        out[i] = (s.key(), s.names().0, s.names().1);
        i += 1;
    }
    out
};

/// One labelled select bound to a draft field (one function for every menu: each view type
/// costs the page's bundle).
fn choice(
    store: Store,
    (zh, en): (&'static str, &'static str),
    testid: &'static str,
    options: &'static Options,
    get: fn(&Draft) -> &str,
    set: fn(&mut Draft, &str),
) -> impl IntoView {
    view! {
        <label class="field">
            <span>{move || store.t(zh, en)}</span>
            <select data-testid=testid on:change=move |ev| store.draft.update(|d| set(d, &event_target_value(&ev)))>
                {options.iter().map(|&(value, zh, en)| view! {
                    <option value=value prop:selected=move || store.draft.with(|d| get(d) == value)>{move || store.t(zh, en)}</option>
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
                    store.t("参赛队（每行一队，如 “红队: 张三, 李四”，队员按台次 12.1）", "Teams (one a line, e.g. “Reds: Zhang, Li”, players in board order 12.1)")
                } else {
                    store.t("参赛者（每行一个）", "Entrants (one a line)")
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
                    <span>{move || store.t("赛事名称", "Event name")}</span>
                    <input
                        data-testid="event-name"
                        prop:value=move || store.draft.with(|d| d.name.clone())
                        on:input=move |ev| store.draft.update(|d| d.name = event_target_value(&ev))
                    />
                </label>
                {choice(store, ("计分", "Scoring"), "scoring", &SCORINGS, |d| d.scoring.key(), |d, v| {
                    if let Ok(s) = v.parse() {
                        d.scoring = s;
                    }
                })}
                {choice(store, ("赛制", "Format"), "format", &[
                    ("single", "单循环", "Single round robin"),
                    ("double", "双循环", "Double round robin"),
                    ("groups", "分组循环 + 交叉淘汰", "Groups + crossover knockout"),
                ], |d| &d.format, |d, v| d.format = v.into())}
                // The team scoring's boards and board order (12.1 / 12.2 / 12.3); line-ups are set
                // per match in the rounds view.
                {move || store.draft.with(|d| d.scoring.is_team()).then(|| view! {
                    {field(store, "每场台数", "Boards per match", "number", "boards", |d| d.boards.clone(), |d, v| d.boards = v)}
                    {choice(store, ("台次", "Board order"), "board-order", &[
                        ("fixed", "分台定人制 (12.1)", "Fixed order (12.1)"),
                        ("substitutes", "分台换人制 (12.2)", "With substitutes (12.2)"),
                        ("per-match", "临时定台制 (12.3)", "Chosen per match (12.3)"),
                    ], |d| board_order_key(d.board_order), |d, v| {
                        if let Some(o) = board_order_from_key(v) {
                            d.board_order = o;
                        }
                    })}
                })}
                // Groups only mean something for the groups + knockout format.
                {move || store.draft.with(|d| d.format == "groups").then(|| {
                    field(store, "组数", "Groups", "number", "groups", |d| d.groups.clone(), |d, v| d.groups = v)
                })}
                {field(store, "球台数", "Tables", "number", "tables", |d| d.tables.clone(), |d, v| d.tables = v)}
                {field(store, "场次数", "Sessions", "number", "sessions", |d| d.sessions.clone(), |d, v| d.sessions = v)}
                {field(store, "每场次分钟", "Session minutes", "number", "session-minutes", |d| d.session_minutes.clone(), |d, v| d.session_minutes = v)}
                {field(store, "每场比赛分钟", "Match minutes", "number", "match-minutes", |d| d.match_minutes.clone(), |d, v| d.match_minutes = v)}
                {field(store, "首场日期", "First date", "date", "first-date", |d| d.first_date.clone(), |d, v| d.first_date = v)}
                {field(store, "间隔天数", "Days between", "number", "every-days", |d| d.every_days.clone(), |d, v| d.every_days = v)}
                {field(store, "开始时间", "Start time", "time", "start", |d| d.start.clone(), |d, v| d.start = v)}
                <label class="field">
                    <span>{move || store.t("随机种子", "Seed")}</span>
                    <input type="number" data-testid="seed" prop:value=move || store.seed.get() on:input=move |ev| store.seed.set(event_target_value(&ev)) />
                </label>
            </div>
            <label class="field absences">
                <span>{move || store.t("缺席（如 “7 @ 3” 或 “7 @ 3 迟到”）", "Absences (e.g. “7 @ 3” or “7 @ 3 late”)")}</span>
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
                <p><strong>{store.t("排不下：", "Does not fit: ")}</strong>{shortfall.say(store.lang.get())}</p>
                <p>{store.t("以下任一改动即可：", "Any one of these changes fits:")}</p>
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
                                    }>{store.t("采用", "Use this")}</button>
                                </li>
                            }
                        })
                        .collect_view()}
                </ul>
            </div>
        })
    }
}
