//! Creating an event, and the bar above a running one (settings, pairing, files, deletion).

use super::{trf, use_store, Saved};
use crate::events::round_robin::MAX_BOARDS;
use crate::events::swiss::{Buchholz, Swiss};
use crate::lang::Say;
use crate::ui::i18n::{tr, use_lang};
use crate::xiangqi::Color;
use leptos::prelude::*;

/// Individual or team event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Individual,
    Team,
}

/// The form for a new event.
#[component]
pub(super) fn CreateForm() -> impl IntoView {
    let store = use_store();
    let name = RwSignal::new(String::new());
    let rounds = RwSignal::new("7".to_string());
    let kind = RwSignal::new(Kind::Individual);
    let boards = RwSignal::new("4".to_string());
    let accelerated = RwSignal::new(false);
    let first_black = RwSignal::new(false);
    let create = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let mut event = Swiss::new(rounds.get().trim().parse().ok().filter(|&r| r > 0));
        event.accelerated = accelerated.get();
        event.first_color = if first_black.get() {
            Color::Black
        } else {
            Color::Red
        };
        if kind.get() == Kind::Team {
            event.boards = Some(
                boards
                    .get()
                    .trim()
                    .parse()
                    .unwrap_or(4)
                    .clamp(1, MAX_BOARDS),
            );
        }
        store.saved.set(Some(Saved {
            name: name.get(),
            event,
            pending: None,
            results: Vec::new(),
            sheets: Vec::new(),
        }));
        store.note.set(None);
    };
    view! {
        <form class="t-create no-print" data-testid="swiss-create" on:submit=create>
            <h2>{tr("新建积分编排赛", "New Swiss event")}</h2>
            <label>{tr("赛事名称", "Event name")} " "
                <input data-testid="swiss-name" required prop:value=move || name.get() on:input=move |ev| name.set(event_target_value(&ev)) />
            </label>
            <label>{tr("轮数", "Rounds")} " "
                <input type="number" min="1" max="30" class="t-small" data-testid="swiss-rounds" prop:value=move || rounds.get() on:input=move |ev| rounds.set(event_target_value(&ev)) />
            </label>
            <fieldset>
                <label><input type="radio" name="sw-kind" prop:checked=move || kind.get() == Kind::Individual on:change=move |_| kind.set(Kind::Individual) /> {tr("个人赛", "Individual")}</label>
                <label><input type="radio" name="sw-kind" data-testid="swiss-team" prop:checked=move || kind.get() == Kind::Team on:change=move |_| kind.set(Kind::Team) /> {tr("团体赛", "Team")}</label>
                <Show when=move || kind.get() == Kind::Team>
                    <label>{tr("台数", "Boards")} " "
                        <input type="number" min="1" max=MAX_BOARDS class="t-small" data-testid="swiss-boards" prop:value=move || boards.get() on:input=move |ev| boards.set(event_target_value(&ev)) />
                    </label>
                </Show>
            </fieldset>
            <label><input type="checkbox" data-testid="swiss-accelerated" prop:checked=move || accelerated.get() on:change=move |ev| accelerated.set(event_target_checked(&ev)) /> {tr("加速编排（巴库法）", "Accelerated pairings (Baku)")}</label>
            <label><input type="checkbox" prop:checked=move || first_black.get() on:change=move |ev| first_black.set(event_target_checked(&ev)) /> {tr("1 号第一轮执黑（抽签决定）", "Number 1 has Black in round 1 (by lot)")}</label>
            <button type="submit" data-testid="swiss-create-button">{tr("创建", "Create")}</button>
            " "
            <trf::ImportTrf />
        </form>
    }
}

/// The running event's settings line and toolbar: pair, TRF, Buchholz variant, delete.
#[component]
pub(super) fn EventBar() -> impl IntoView {
    let store = use_store();
    let lang = use_lang();
    let settings = move || {
        let l = lang.get();
        store.saved.with(|s| {
            let Some(s) = s else { return String::new() };
            let rounds = match s.event.rounds_planned {
                Some(r) => l
                    .pick("共 {r} 轮", "{r} rounds")
                    .replace("{r}", &r.to_string()),
                None => l.pick("轮数未定", "rounds open").to_string(),
            };
            let kind = match s.event.boards {
                Some(b) => l
                    .pick("团体赛（每场 {b} 台）", "team event ({b} boards)")
                    .replace("{b}", &b.to_string()),
                None => l.pick("个人赛", "individual").to_string(),
            };
            format!("{} · {rounds} · {kind}", s.name)
        })
    };
    let played = move || {
        store
            .saved
            .with(|s| s.as_ref().map_or(0, |s| s.event.rounds_played()))
    };
    let can_pair = move || {
        store.saved.with(|s| {
            s.as_ref().is_some_and(|s| {
                s.pending.is_none()
                    && s.event
                        .rounds_planned
                        .is_none_or(|r| s.event.rounds_played() < r)
            })
        })
    };
    let pair = move |_| {
        let Some(result) = store
            .saved
            .with(|s| s.as_ref().map(|s| s.event.pair_next()))
        else {
            return;
        };
        match result {
            Ok(p) => {
                store.edit(|s| s.pend(p));
                store.note.set(None);
            }
            Err(e) => store.note.set(Some(e.say(lang.get()))),
        }
    };
    let buchholz_options = [
        (Buchholz::Full, "full", "全部", "all"),
        (Buchholz::Cut1, "cut1", "去掉最低", "cut 1"),
        (Buchholz::Median, "median", "去掉最高最低", "median"),
    ];
    view! {
        <p class="t-settings no-print" data-testid="swiss-settings">{settings}</p>
        <div class="t-toolbar no-print">
            <button data-testid="pair-round" prop:disabled=move || !can_pair() on:click=pair>
                {move || lang.get().pick("编排第 {r} 轮", "Pair round {r}").replace("{r}", &(played() + 1).to_string())}
            </button>
            <trf::ExportTrf />
            <trf::ImportTrf />
            <label>{tr("对手分", "Opponents' points")} " "
                <select data-testid="buchholz" on:change=move |ev| {
                    let v = event_target_value(&ev);
                    if let Some((b, ..)) = buchholz_options.iter().find(|o| o.1 == v) {
                        store.buchholz.set(*b);
                    }
                }>
                    {buchholz_options.into_iter().map(|(b, value, zh, en)| view! {
                        <option value=value prop:selected=move || store.buchholz.get() == b>{tr(zh, en)}</option>
                    }).collect_view()}
                </select>
            </label>
            <button data-testid="swiss-discard" on:click=move |_| {
                let sure = window().confirm_with_message(lang.get().pick("删除这个积分编排赛？", "Delete this Swiss event?")).unwrap_or(false);
                if sure { store.saved.set(None); }
            }>{tr("删除赛事", "Delete event")}</button>
        </div>
    }
}
