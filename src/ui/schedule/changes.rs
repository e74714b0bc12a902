//! Late changes (issue 15.2): move a match that could not be played to a free table or a new
//! session, then re-solve what is not yet played (in timer slices, so the page stays responsive);
//! and a withdrawal after a chosen session (20.3/20.4). The rules are in
//! `events::schedule::changes`; this file only wires them to the page.

use super::{match_label, slot_time, use_store, Store};
use crate::events::schedule::{
    better_of, withdraw_after_session, Bounds, Draft, Frozen, Schedule, Solver, Target,
    RESCHEDULE_BUDGET,
};
use crate::lang::{Lang, Say};
use gloo_timers::callback::Timeout;
use leptos::prelude::*;
use std::collections::BTreeMap;

/// Iterations of one slice of the re-solve (about 10–20 ms in the browser).
const SLICE: u64 = 20_000;

/// What the organiser has chosen in the controls.
#[derive(Clone, Copy)]
struct Choice {
    /// Sessions already over (0 = none).
    over: RwSignal<usize>,
    /// The session whose matches are listed (0-based): one session at a time keeps the list short
    /// (a 128-entrant event has 8,128 matches).
    session: RwSignal<usize>,
    /// The match to move (fixture index).
    fixture: RwSignal<Option<usize>>,
    /// The target: `Some(slot, table)` or `None` for a new session.
    target: RwSignal<Option<(usize, usize)>>,
    /// A re-solve under way.
    busy: RwSignal<bool>,
    /// The re-solve's next slice, owned by the page: leaving it drops (and so cancels) the timer,
    /// which would otherwise run on signals already disposed.
    next: StoredValue<Option<Timeout>, LocalStorage>,
}

fn frozen(store: Store, over: usize) -> Option<Frozen> {
    let p = store.problem.get_untracked()?;
    let results = store.results.get_untracked();
    let event = store.event.get_untracked();
    let game = store.draft.with_untracked(|d| d.scoring.is_game());
    let mut frozen = Frozen::decided(&p, &results, event.as_ref().filter(|_| game), over);
    // The group and knockout games of a game-scored groups + knockout event are played too.
    store
        .games
        .with_untracked(|g| frozen.fixtures.extend(g.iter().map(|g| g.fixture)));
    Some(frozen)
}

/// Shows a new timetable (and problem, when a session was added) and saves it.
fn show(store: Store, p: crate::events::schedule::Problem, s: Schedule) {
    let metrics = s.metrics(&p);
    if let Ok(b) = Bounds::of(&p) {
        store.metrics.set(Some((metrics, b)));
    }
    if store
        .problem
        .with_untracked(|old| old.as_ref().map(|o| o.sessions.len()))
        != Some(p.sessions.len())
    {
        store.draft.update(|d| {
            let mut fresh = Draft::from_problem(&p);
            fresh.scoring = d.scoring;
            fresh.name = std::mem::take(&mut d.name);
            *d = fresh;
        });
    }
    store.problem.set(Some(p));
    store.schedule.set(Some(s));
    store.save();
}

/// Re-solves the rest in slices; the moved match is pinned with the played ones.
fn resolve_in_slices(
    store: Store,
    choice: Choice,
    mut solver: Solver,
    kept: Schedule,
    moved: usize,
) {
    let progress = solver.step(SLICE);
    if !progress.done && choice.busy.get_untracked() {
        choice.next.set_value(Some(Timeout::new(0, move || {
            resolve_in_slices(store, choice, solver, kept, moved)
        })));
        return;
    }
    choice.busy.set(false);
    let Some(p) = store.problem.get_untracked() else {
        return;
    };
    let before = kept.clone();
    let s = better_of(&p, kept, solver.best());
    let changed = s
        .placements
        .iter()
        .filter(|pl| pl.fixture != moved && !before.placements.contains(pl))
        .count();
    store.say(
        &format!("已调动；其余未赛比赛重新编排，{changed} 场时间或台号有变"),
        &format!(
            "Moved; the unplayed rest re-solved: {changed} other matches changed time or table"
        ),
    );
    show(store, p, s);
}

fn move_now(store: Store, choice: Choice) -> Result<(), String> {
    let lang = store.lang.get_untracked();
    let (Some(mut p), Some(mut s), Some(fixture)) = (
        store.problem.get_untracked(),
        store.schedule.get_untracked(),
        choice.fixture.get_untracked(),
    ) else {
        return Err(lang
            .pick("请先选择要调动的比赛", "Choose the match to move first")
            .into());
    };
    let over = choice.over.get_untracked();
    let mut frozen = frozen(store, over).unwrap_or_default();
    let to = match choice.target.get_untracked() {
        Some((slot, table)) => Target::Slot { slot, table },
        None => Target::NewSession,
    };
    s.move_match(&mut p, fixture, to, &frozen)
        .map_err(|e| e.say(lang))?;
    frozen.fixtures.insert(fixture);
    let slots = p.slots();
    let solver = Solver::keeping(
        &p,
        &s,
        |pl| frozen.keeps(pl, &slots),
        frozen.from_session,
        store.seed_number(),
    )
    .map_err(|e| e.say(lang))?
    .with_budget(RESCHEDULE_BUDGET);
    // Shown at once with the match in its new place; the re-solve then improves the rest.
    show(store, p, s.clone());
    choice.busy.set(true);
    choice.fixture.set(None);
    resolve_in_slices(store, choice, solver, s, fixture);
    Ok(())
}

fn withdraw_after(store: Store, k: usize, after: usize) -> Result<(), String> {
    let lang = store.lang.get_untracked();
    let (Some(mut t), Some(id), Some(p), Some(s)) = (
        store.event.get_untracked(),
        store.event_id.get_untracked(),
        store.problem.get_untracked(),
        store.schedule.get_untracked(),
    ) else {
        return Err(lang
            .pick("请先编排赛程", "Solve the timetable first")
            .into());
    };
    let forfeits = withdraw_after_session(&mut t, &p, &s, k, after).map_err(|e| e.say(lang))?;
    crate::ui::tournament::store_event(Some(id), &t)?;
    store.event.set(Some(t));
    store.say(
        &format!("已登记退出；另记 {forfeits} 场弃权"),
        &format!("Withdrawal entered; {forfeits} more forfeits entered"),
    );
    Ok(())
}

/// The move and withdrawal controls, under the results.
#[component]
pub(super) fn Changes() -> impl IntoView {
    let store = use_store();
    let choice = Choice {
        over: RwSignal::new(0),
        session: RwSignal::new(0),
        fixture: RwSignal::new(None),
        target: RwSignal::new(None),
        busy: RwSignal::new(false),
        next: StoredValue::new_local(None),
    };
    let who = RwSignal::new(1usize);
    let after = RwSignal::new(0usize);
    move || {
        let (p, s) = store.settled()?;
        let lang = store.lang.get();
        // Reread when results change, so a match just played leaves the list.
        store.results.track();
        store.event.track();
        let over = choice.over.get().min(p.sessions.len());
        let frozen = frozen(store, over)?;
        let fixtures = p.fixtures();
        let slots = p.slots();
        let seats = BTreeMap::new();
        let listed = choice.session.get().min(p.sessions.len().saturating_sub(1));
        let open: Vec<(usize, String)> = s
            .placements
            .iter()
            .filter(|pl| slots[pl.slot].session == listed)
            .filter(|pl| !frozen.fixtures.contains(&pl.fixture))
            .map(|pl| {
                let x = slots[pl.slot];
                let at = match lang {
                    Lang::Zh => format!(
                        "第{}场次 {} {}号台",
                        x.session + 1,
                        slot_time(&p, &slots, pl.slot),
                        pl.table + 1
                    ),
                    Lang::En => format!(
                        "session {} {} table {}",
                        x.session + 1,
                        slot_time(&p, &slots, pl.slot),
                        pl.table + 1
                    ),
                };
                (
                    pl.fixture,
                    format!(
                        "{} · {at}",
                        match_label(&fixtures[pl.fixture], &p.entrants, &seats)
                    ),
                )
            })
            .collect();
        let chosen = choice
            .fixture
            .get()
            .filter(|f| open.iter().any(|(i, _)| i == f));
        let targets = chosen
            .map(|f| s.free_targets(&p, f, &frozen))
            .unwrap_or_default();
        let target_options = targets
            .iter()
            .filter_map(|t| match *t {
                Target::Slot { slot, table } => Some((slot, table)),
                Target::NewSession => None,
            })
            .map(|(slot, table)| {
                let x = slots[slot];
                let text = match lang {
                    Lang::Zh => format!(
                        "第{}场次 时段{} {} · {}号台",
                        x.session + 1,
                        x.index + 1,
                        slot_time(&p, &slots, slot),
                        table + 1
                    ),
                    Lang::En => format!(
                        "session {} slot {} {} · table {}",
                        x.session + 1,
                        x.index + 1,
                        slot_time(&p, &slots, slot),
                        table + 1
                    ),
                };
                view! { <option value=format!("{slot}:{table}")>{text}</option> }
            })
            .collect_view();
        let sessions = p.sessions.len();
        let over_options = (0..=sessions)
            .map(|k| {
                let text = match (k, lang) {
                    (0, Lang::Zh) => "尚无".to_string(),
                    (0, Lang::En) => "none yet".to_string(),
                    (k, Lang::Zh) => format!("前 {k} 场次"),
                    (k, Lang::En) => format!("the first {k}"),
                };
                view! { <option value=k.to_string() selected=k == over>{text}</option> }
            })
            .collect_view();
        let game = store.draft.with(|d| d.scoring.is_game()) && store.event.with(Option::is_some);
        let withdraw = game.then(|| {
            let names = p.entrants.clone();
            view! {
                <p class="withdraw-after">
                    <label>
                        {lang.pick("退出 (20.3)：", "Withdrawal (20.3): ")}
                        <select data-testid="withdraw-after-entrant" on:change=move |ev| who.set(event_target_value(&ev).parse().unwrap_or(1))>
                            {names.iter().enumerate().map(|(i, n)| view! { <option value=(i + 1).to_string()>{n.clone()}</option> }).collect_view()}
                        </select>
                    </label>
                    " "
                    <label>
                        {lang.pick("在第几场次之后：", "after session: ")}
                        <select data-testid="withdraw-after-session" on:change=move |ev| after.set(event_target_value(&ev).parse().unwrap_or(0))>
                            {(0..=sessions).map(|k| view! { <option value=k.to_string()>{if k == 0 { lang.pick("开赛前", "before the start").to_string() } else { k.to_string() }}</option> }).collect_view()}
                        </select>
                    </label>
                    " "
                    <button data-testid="withdraw-after" on:click=move |_| {
                        if let Err(e) = withdraw_after(store, who.get_untracked(), after.get_untracked()) {
                            store.message.set(Some(e));
                        }
                    }>{lang.pick("登记退出：此后比赛按弃权", "Withdraw: later matches are forfeits")}</button>
                </p>
            }
        });
        Some(view! {
            <section class="changes no-print" data-testid="changes">
                <h2>{lang.pick("临时调整", "Late changes")}</h2>
                <p class="move">
                    <label>
                        {lang.pick("已结束的场次：", "Sessions over: ")}
                        <select data-testid="sessions-over" on:change=move |ev| choice.over.set(event_target_value(&ev).parse().unwrap_or(0))>
                            {over_options}
                        </select>
                    </label>
                    " "
                    <label>
                        {lang.pick("场次：", "Session: ")}
                        <select data-testid="move-session" on:change=move |ev| {
                            choice.session.set(event_target_value(&ev).parse::<usize>().unwrap_or(1).saturating_sub(1));
                            choice.fixture.set(None);
                            choice.target.set(None);
                        }>
                            {(1..=sessions).map(|k| view! { <option value=k.to_string() selected=k == listed + 1>{k}</option> }).collect_view()}
                        </select>
                    </label>
                    " "
                    <label>
                        {lang.pick("未赛比赛：", "Unplayed match: ")}
                        <select data-testid="move-match" on:change=move |ev| {
                            choice.fixture.set(event_target_value(&ev).parse().ok());
                            choice.target.set(None);
                        }>
                            <option value="" selected=chosen.is_none()>{lang.pick("（选择）", "(choose)")}</option>
                            {open.into_iter().map(|(i, text)| view! { <option value=i.to_string() selected=chosen == Some(i)>{text}</option> }).collect_view()}
                        </select>
                    </label>
                    " "
                    <label>
                        {lang.pick("移至：", "Move to: ")}
                        <select data-testid="move-target" disabled=chosen.is_none() on:change=move |ev| {
                            let v = event_target_value(&ev);
                            choice.target.set(v.split_once(':').and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?))));
                        }>
                            <option value="new" selected=true>{lang.pick("末尾新增一个场次", "a new session at the end")}</option>
                            {target_options}
                        </select>
                    </label>
                    " "
                    <button data-testid="move" disabled=move || chosen.is_none() || choice.busy.get() on:click=move |_| {
                        if let Err(e) = move_now(store, choice) {
                            store.message.set(Some(e));
                        }
                    }>{lang.pick("调动并重排其余", "Move and re-solve the rest")}</button>
                    {move || choice.busy.get().then(|| view! { <span data-testid="resolving">{lang.pick(" 重新编排中…", " re-solving…")}</span> })}
                </p>
                {withdraw}
            </section>
        })
    }
}
