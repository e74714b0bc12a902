//! The problem form (entrants, tables, sessions, times, absences) and the "does not fit" report.

use super::solve::start_solving;
use super::{use_store, Store};
use crate::events::schedule::{Draft, Fit, Suggestion};
use crate::events::scoring::EventScoring;
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
            <div class="grid">
                <label class="field">
                    <span>{move || store.t("赛事名称", "Event name")}</span>
                    <input
                        data-testid="event-name"
                        prop:value=move || store.draft.with(|d| d.name.clone())
                        on:input=move |ev| store.draft.update(|d| d.name = event_target_value(&ev))
                    />
                </label>
                <label class="field">
                    <span>{move || store.t("计分", "Scoring")}</span>
                    <select
                        data-testid="scoring"
                        on:change=move |ev| {
                            if let Ok(s) = event_target_value(&ev).parse::<EventScoring>() {
                                store.draft.update(|d| d.scoring = s);
                            }
                        }
                    >
                        {EventScoring::ALL.into_iter().map(|s| view! {
                            <option value=s.key() prop:selected=move || store.draft.with(|d| d.scoring == s)>{move || s.say(store.lang.get())}</option>
                        }).collect_view()}
                    </select>
                </label>
                <label class="field">
                    <span>{move || store.t("赛制", "Format")}</span>
                    <select
                        data-testid="format"
                        prop:value=move || store.draft.with(|d| d.format.clone())
                        on:change=move |ev| store.draft.update(|d| d.format = event_target_value(&ev))
                    >
                        <option value="single">{move || store.t("单循环", "Single round robin")}</option>
                        <option value="double">{move || store.t("双循环", "Double round robin")}</option>
                        <option value="groups">{move || store.t("分组循环 + 交叉淘汰", "Groups + crossover knockout")}</option>
                    </select>
                </label>
                {move || store.draft.with(|d| d.scoring.is_team()).then(|| field(store, "每场台数", "Boards per match", "number", "boards", |d| d.boards.clone(), |d, v| d.boards = v))}
                {field(store, "组数", "Groups", "number", "groups", |d| d.groups.clone(), |d, v| d.groups = v)}
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
