//! Late changes: move a match that could not be played, a table lost for one
//! session, a withdrawal after a chosen session (20.3/20.4). Each is worked out first and shown
//! match by match (only the matches that must change), then accepted or cancelled; the last one
//! accepted can be undone. The rules are in `events::schedule::{changes, repair}`.

use super::words;
use super::{match_label, slot_time, use_store, Store};
use crate::events::round_robin::Tournament;
use crate::events::schedule::{
    lost_within, plan_move, plan_table_lost, plan_withdrawal, Bounds, ChangeChoices, Draft, Frozen,
    Placement, Plan, Problem, Schedule, Target,
};
use crate::lang::{Lang, Say};
use crate::ui::words::SaidBefore;
use leptos::prelude::*;
use std::collections::BTreeMap;

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
    /// The session (0-based) and table (0-based) to take out of use.
    lost: RwSignal<(usize, usize)>,
    /// A change worked out and shown, waiting for accept or cancel.
    pending: RwSignal<Option<Pending>>,
    /// The event as it was before the last accepted change, for undo.
    undo: RwSignal<Option<Snapshot>>,
}

/// A change worked out, not yet applied.
#[derive(Clone)]
struct Pending {
    /// The timetable after it (a withdrawal leaves it as it is).
    plan: Plan,
    /// The event after a withdrawal, and the matches it decides.
    withdrawal: Option<(Tournament, Vec<usize>)>,
    /// What the message says once it is applied.
    done: words::Change,
}

/// The event before a change.
#[derive(Clone)]
struct Snapshot {
    problem: Problem,
    schedule: Schedule,
    event: Option<Tournament>,
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

/// Shows a new timetable (and problem, when a session was added or a table closed) and saves it.
fn show(store: Store, p: Problem, s: Schedule) {
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

/// "session 3 19:22 table 2": a place in the timetable.
fn place(lang: Lang, p: &Problem, pl: &Placement) -> String {
    let slots = p.slots();
    let Some(x) = slots.get(pl.slot) else {
        return String::new();
    };
    words::Place::At {
        session: x.session + 1,
        time: &slot_time(p, &slots, pl.slot),
        table: pl.table + 1,
    }
    .say(lang)
}

fn current(store: Store) -> Result<(Problem, Schedule), SaidBefore> {
    match (
        store.problem.get_untracked(),
        store.schedule.get_untracked(),
    ) {
        (Some(p), Some(s)) => Ok((p, s)),
        _ => Err(SaidBefore::of(&words::SOLVE_THE_TIMETABLE_FIRST)),
    }
}

/// Works out moving the chosen match; nothing changes until it is accepted.
fn preview_move(store: Store, choice: Choice) -> Result<Pending, SaidBefore> {
    let (p, s) = current(store)?;
    let Some(fixture) = choice.fixture.get_untracked() else {
        return Err(SaidBefore::of(&words::CHOOSE_THE_MATCH_TO));
    };
    let frozen = frozen(store, choice.over.get_untracked()).unwrap_or_default();
    let to = match choice.target.get_untracked() {
        Some((slot, table)) => Target::Slot { slot, table },
        None => Target::NewSession,
    };
    let plan = plan_move(&p, &s, fixture, to, &frozen).map_err(|e| SaidBefore::of(&e))?;
    Ok(Pending {
        done: words::Change::Moved {
            matches: plan.shifts.len(),
        },
        plan,
        withdrawal: None,
    })
}

/// Works out a table lost for one session.
fn preview_lost(store: Store, choice: Choice) -> Result<Pending, SaidBefore> {
    let (p, s) = current(store)?;
    let over = choice.over.get_untracked();
    let (session, table) = lost_within(choice.lost.get_untracked(), over, &p);
    let frozen = frozen(store, choice.over.get_untracked()).unwrap_or_default();
    let plan = plan_table_lost(&p, &s, session, table, &frozen).map_err(|e| SaidBefore::of(&e))?;
    Ok(Pending {
        done: words::Change::TableClosed {
            session: session + 1,
            table: table + 1,
            matches: plan.shifts.len(),
        },
        plan,
        withdrawal: None,
    })
}

/// Works out a withdrawal after a session (20.3/20.4) on a copy of the event.
fn preview_withdrawal(store: Store, k: usize, after: usize) -> Result<Pending, SaidBefore> {
    let (p, s) = current(store)?;
    let Some(t) = store.event.get_untracked() else {
        return Err(SaidBefore::of(&words::SOLVE_THE_TIMETABLE_FIRST));
    };
    let (next, decided) = plan_withdrawal(&t, &p, &s, k, after).map_err(|e| SaidBefore::of(&e))?;
    Ok(Pending {
        done: words::Change::Withdrawn {
            matches: decided.len(),
        },
        plan: Plan {
            problem: p,
            schedule: s,
            shifts: Vec::new(),
        },
        withdrawal: Some((next, decided)),
    })
}

/// Applies the change shown, keeping the event as it was for undo.
fn accept(store: Store, choice: Choice) -> Result<(), SaidBefore> {
    let Some(pending) = choice.pending.get_untracked() else {
        return Ok(());
    };
    let (p, s) = current(store)?;
    let before = Snapshot {
        problem: p,
        schedule: s,
        event: store.event.get_untracked(),
    };
    if let Some((t, _)) = pending.withdrawal {
        crate::ui::storage::store_round_robin(store.event_id.get_untracked(), &t)?;
        store.event.set(Some(t));
    } else {
        show(store, pending.plan.problem, pending.plan.schedule);
    }
    choice.pending.set(None);
    choice.fixture.set(None);
    choice.target.set(None);
    choice.undo.set(Some(before));
    store.say(&pending.done);
    Ok(())
}

/// Puts the event back as it was before the last accepted change.
fn undo(store: Store, choice: Choice) -> Result<(), SaidBefore> {
    let Some(snap) = choice.undo.get_untracked() else {
        return Ok(());
    };
    if let Some(t) = &snap.event {
        if store.event.with_untracked(|now| now.as_ref() != Some(t)) {
            crate::ui::storage::store_round_robin(store.event_id.get_untracked(), t)?;
            store.event.set(Some(t.clone()));
        }
    }
    show(store, snap.problem, snap.schedule);
    choice.undo.set(None);
    choice.pending.set(None);
    store.say(&words::LAST_CHANGE_UNDONE);
    Ok(())
}

/// The change worked out, match by match, with accept and cancel.
fn preview_view(store: Store, choice: Choice, lang: Lang) -> impl IntoView {
    move || {
        let pending = choice.pending.get()?;
        let p = &pending.plan.problem;
        let fixtures = p.fixtures();
        let seats = BTreeMap::new();
        let label = |f: usize| {
            fixtures
                .get(f)
                .map(|x| match_label(x, &p.entrants, &seats))
                .unwrap_or_default()
        };
        let (heading, rows): (String, Vec<String>) = match &pending.withdrawal {
            Some((_, decided)) => (
                words::Change::WillForfeit {
                    matches: decided.len(),
                }
                .say(lang),
                decided.iter().map(|&f| label(f)).collect(),
            ),
            None => (
                words::Change::WillMove {
                    matches: pending.plan.shifts.len(),
                }
                .say(lang),
                pending
                    .plan
                    .shifts
                    .iter()
                    .map(|m| {
                        let from = m
                            .from
                            .map(|f| place(lang, p, &f))
                            .unwrap_or_else(|| words::NOT_PLACED.get(lang).into());
                        format!("{}: {from} → {}", label(m.fixture), place(lang, p, &m.to))
                    })
                    .collect(),
            ),
        };
        Some(view! {
            <div class="change-preview" data-testid="change-preview" role="region">
                <p data-testid="change-count" data-count=pending.plan.shifts.len().to_string()>{heading}</p>
                <ul>{rows.into_iter().map(|r| view! { <li data-testid="change-shift">{r}</li> }).collect_view()}</ul>
                <button data-testid="change-accept" on:click=move |_| {
                    if let Err(e) = accept(store, choice) {
                        store.message.set(Some(e));
                    }
                }>{words::ACCEPT_THE_CHANGE.get(lang)}</button>
                " "
                <button data-testid="change-cancel" on:click=move |_| {
                    choice.pending.set(None);
                    store.say(&words::CANCELLED_THE_TIMETABLE_IS);
                }>{words::CANCEL.get(lang)}</button>
            </div>
        })
    }
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
        lost: RwSignal::new((0, 0)),
        pending: RwSignal::new(None),
        undo: RwSignal::new(None),
    };
    // Who withdraws and after which session.
    let withdrawal = (RwSignal::new(1usize), RwSignal::new(0usize));
    move || {
        let (p, s) = store.settled()?;
        let lang = store.lang.get();
        // Reread when results change, so a match just played leaves the list.
        store.results.track();
        store.event.track();
        let frozen = frozen(store, choice.over.get().min(p.sessions.len()))?;
        let c = ChangeChoices::new(
            &p,
            &s,
            &frozen,
            choice.over.get(),
            choice.session.get(),
            choice.fixture.get(),
            choice.lost.get(),
        );
        let game = store.draft.with(|d| d.scoring.is_game()) && store.event.with(Option::is_some);
        Some(view! {
            <section class="changes no-print" data-testid="changes">
                <h2>{words::LATE_CHANGES.get(lang)}</h2>
                {move_controls(store, choice, &p, &c, lang)}
                {lost_controls(store, choice, &p, &c, lang)}
                {game.then(|| withdraw_controls(store, choice, withdrawal, &p, lang))}
                {preview_view(store, choice, lang)}
                {move || choice.undo.with(Option::is_some).then(|| view! {
                    <p><button data-testid="change-undo" on:click=move |_| {
                        if let Err(e) = undo(store, choice) {
                            store.message.set(Some(e));
                        }
                    }>{words::UNDO_THE_LAST_CHANGE.get(lang)}</button></p>
                })}
            </section>
        })
    }
}

/// Shows a change worked out, or says why it cannot be made.
fn propose(store: Store, choice: Choice, r: Result<Pending, SaidBefore>) {
    match r {
        Ok(p) => {
            store.message.set(None);
            choice.pending.set(Some(p));
        }
        Err(e) => store.message.set(Some(e)),
    }
}

/// Sessions over, the session listed, its unplayed matches, where the chosen one can go.
fn move_controls(
    store: Store,
    choice: Choice,
    p: &Problem,
    c: &ChangeChoices,
    lang: Lang,
) -> impl IntoView {
    let seats = BTreeMap::new();
    let fixtures = p.fixtures();
    let sessions = p.sessions.len();
    let (over, listed, chosen) = (c.over, c.listed, c.chosen);
    let open = c.movable.iter().map(|pl| {
        let text = format!(
            "{} · {}",
            match_label(&fixtures[pl.fixture], &p.entrants, &seats),
            place(lang, p, pl)
        );
        let i = pl.fixture;
        view! { <option value=i.to_string() selected=chosen == Some(i)>{text}</option> }
    });
    let open = open.collect_view();
    let target_options = target_options(p, &c.targets, lang);
    let over_options = (0..=sessions)
        .map(|k| {
            let text = match k {
                0 => words::NONE_YET.get(lang).to_string(),
                k => words::Change::FirstSessions(k).say(lang),
            };
            view! { <option value=k.to_string() selected=k == over>{text}</option> }
        })
        .collect_view();
    view! {
        <p class="move">
            <label>
                {words::SESSIONS_OVER.get(lang)}
                <select data-testid="sessions-over" on:change=move |ev| choice.over.set(event_target_value(&ev).parse().unwrap_or(0))>
                    {over_options}
                </select>
            </label>
            " "
            <label>
                {words::SESSION_LABEL.get(lang)}
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
                {words::UNPLAYED_MATCH.get(lang)}
                <select data-testid="move-match" on:change=move |ev| {
                    choice.fixture.set(event_target_value(&ev).parse().ok());
                    choice.target.set(None);
                }>
                    <option value="" selected=chosen.is_none()>{words::CHOOSE.get(lang)}</option>
                    {open}
                </select>
            </label>
            " "
            <label>
                {words::MOVE_TO_LABEL.get(lang)}
                <select data-testid="move-target" disabled=chosen.is_none() on:change=move |ev| {
                    let v = event_target_value(&ev);
                    choice.target.set(v.split_once(':').and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?))));
                }>
                    <option value="new" selected=true>{words::NEW_SESSION_AT_END.get(lang)}</option>
                    {target_options}
                </select>
            </label>
            " "
            <button data-testid="move" disabled=chosen.is_none() on:click=move |_| {
                propose(store, choice, preview_move(store, choice));
            }>{words::MOVE.get(lang)}</button>
        </p>
    }
}

/// Where the chosen match can go: a free table of each slot.
fn target_options(p: &Problem, targets: &[(usize, usize)], lang: Lang) -> impl IntoView {
    let slots = p.slots();
    (targets.iter())
        .map(|&(slot, table)| {
            let x = slots[slot];
            let text = words::Place::Free {
                session: x.session + 1,
                slot: x.index + 1,
                time: &slot_time(p, &slots, slot),
                table: table + 1,
            }
            .say(lang);
            view! { <option value=format!("{slot}:{table}")>{text}</option> }
        })
        .collect_view()
}

/// A table taken out of use for one session still to come.
fn lost_controls(
    store: Store,
    choice: Choice,
    p: &Problem,
    c: &ChangeChoices,
    lang: Lang,
) -> impl IntoView {
    let (over, lost, sessions) = (c.over, c.lost, p.sessions.len());
    view! {
        <p class="table-lost">
            <label>
                {words::TABLE_OUT_OF_USE.get(lang)}
                <select data-testid="lost-session" on:change=move |ev| {
                    let x = event_target_value(&ev).parse::<usize>().unwrap_or(1).saturating_sub(1);
                    choice.lost.update(|l| l.0 = x);
                }>
                    {(over + 1..=sessions).map(|k| view! { <option value=k.to_string() selected=k == lost.0 + 1>{k}</option> }).collect_view()}
                </select>
            </label>
            " "
            <label>
                {words::TABLE_PREFIX.get(lang)}
                <select data-testid="lost-table" on:change=move |ev| {
                    let x = event_target_value(&ev).parse::<usize>().unwrap_or(1).saturating_sub(1);
                    choice.lost.update(|l| l.1 = x);
                }>
                    {(1..=p.tables).map(|k| view! { <option value=k.to_string() selected=k == lost.1 + 1>{k}</option> }).collect_view()}
                </select>
            </label>
            " "
            <button data-testid="table-lost" on:click=move |_| propose(store, choice, preview_lost(store, choice))>
                {words::TAKE_OUT_OF_USE.get(lang)}
            </button>
        </p>
    }
}

/// A withdrawal after a chosen session (20.3): the later matches become forfeits.
fn withdraw_controls(
    store: Store,
    choice: Choice,
    (who, after): (RwSignal<usize>, RwSignal<usize>),
    p: &Problem,
    lang: Lang,
) -> impl IntoView {
    let sessions = p.sessions.len();
    let names = p.entrants.clone();
    view! {
        <p class="withdraw-after">
            <label>
                {words::WITHDRAWAL_20_3.get(lang)}
                <select data-testid="withdraw-after-entrant" on:change=move |ev| who.set(event_target_value(&ev).parse().unwrap_or(1))>
                    {names.iter().enumerate().map(|(i, n)| view! { <option value=(i + 1).to_string()>{n.clone()}</option> }).collect_view()}
                </select>
            </label>
            " "
            <label>
                {words::AFTER_SESSION.get(lang)}
                <select data-testid="withdraw-after-session" on:change=move |ev| after.set(event_target_value(&ev).parse().unwrap_or(0))>
                    {(0..=sessions).map(|k| view! { <option value=k.to_string()>{if k == 0 { words::BEFORE_THE_START.get(lang).to_string() } else { k.to_string() }}</option> }).collect_view()}
                </select>
            </label>
            " "
            <button data-testid="withdraw-after" on:click=move |_| {
                let r = preview_withdrawal(store, who.get_untracked(), after.get_untracked());
                propose(store, choice, r);
            }>{words::WITHDRAW_LATER_FORFEITS.get(lang)}</button>
        </p>
    }
}
