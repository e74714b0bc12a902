//! `#/schedule?hall`: the hall display for a projector or TV — per table, now playing and next up,
//! following the clock (read here, once every 15 s; the counting is `events::hall`).

use super::words;
use super::{match_label, slot_time, use_store, Store};
use crate::events::hall::{calls, session_on, Moment};
use crate::events::schedule::Placement;
use crate::lang::{Lang, Say};
use crate::ui::i18n::tr;
use gloo_timers::callback::Interval;
use leptos::prelude::*;

/// Today as `YYYY-MM-DD` and minutes after midnight, from the browser's clock.
fn clock_now() -> (String, u32) {
    let d = js_sys::Date::new_0();
    let date = format!(
        "{:04}-{:02}-{:02}",
        d.get_full_year(),
        d.get_month() + 1,
        d.get_date()
    );
    (date, d.get_hours() * 60 + d.get_minutes())
}

/// The full-screen hall display.
#[component]
pub(super) fn HallView() -> impl IntoView {
    let store = use_store();
    let now = RwSignal::new(clock_now());
    // Owned by the page: dropped (and so stopped) when the page goes.
    StoredValue::new_local(Interval::new(15_000, move || now.set(clock_now())));
    // The organiser may pick another session; by default the one on today's date (else the first).
    let chosen = RwSignal::new(None::<usize>);
    let session = Memo::new(move |_| {
        chosen.get().or_else(|| {
            now.with(|(date, minute)| {
                store.problem.with(|p| {
                    p.as_ref().and_then(|p| {
                        session_on(
                            p,
                            &Moment {
                                date: Some(date),
                                minute: *minute,
                            },
                        )
                    })
                })
            })
        })
    });
    let board = move || {
        let lang = store.lang.get();
        let sess = session.get().unwrap_or(0);
        let minute = now.with(|(_, m)| *m);
        store.problem.with(|p| {
            store.schedule.with(|s| {
                let (p, s) = (p.as_ref()?, s.as_ref()?);
                let seats = store.seats(p);
                let fixtures = p.fixtures();
                let slots = p.slots();
                let said = |pl: Option<Placement>| {
                    pl.map(|pl| {
                        (
                            match_label(&fixtures[pl.fixture], &p.entrants, &seats),
                            slot_time(p, &slots, pl.slot),
                        )
                    })
                };
                let cards = calls(p, s, sess, Some(minute))
                    .into_iter()
                    .map(|t| hall_table(t.table, said(t.now), said(t.next), lang))
                    .collect_view();
                Some(cards)
            })
        })
    };
    view! {
        <section class="hall" data-testid="hall">
            <header>
                <h1>{move || store.draft.with(|d| d.name.trim().to_string())}</h1>
                {session_pick(store, chosen, session)}
                <span class="clock" data-testid="hall-clock">{move || now.with(|(_, m)| format!("{:02}:{:02}", m / 60, m % 60))}</span>
                <button type="button" translate="no" data-testid="hall-lang" on:click=move |_| store.lang.update(|l| *l = l.other())>
                    {move || store.lang.get().other().own_name()}
                </button>
                <a href="#/schedule" data-testid="hall-leave">{tr(words::LEAVE)}</a>
            </header>
            {move || match board() {
                Some(cards) => view! { <ul class="hall-tables">{cards}</ul> }.into_any(),
                None => view! { <p class="hall-empty">{tr(words::NO_TIMETABLE_YET_SOLVE)}</p> }.into_any(),
            }}
        </section>
    }
}

/// The organiser's choice of the session shown (by default the one on today's date).
fn session_pick(
    store: Store,
    chosen: RwSignal<Option<usize>>,
    session: Memo<Option<usize>>,
) -> impl IntoView {
    let sessions = move || {
        store
            .problem
            .with(|p| p.as_ref().map_or(0, |p| p.sessions.len()))
    };
    view! {
        <label>
            <span class="sr-only">{tr(words::SESSION)}</span>
            <select data-testid="hall-session" on:change=move |ev| chosen.set(event_target_value(&ev).parse().ok())>
                {move || (0..sessions()).map(|i| view! {
                    <option value=i.to_string() selected=session.get() == Some(i)>
                        {words::Heading::Session(i + 1).say(store.lang.get())}
                    </option>
                }).collect_view()}
            </select>
        </label>
    }
}

/// One table's card: the match now playing and the next one up, each with its time.
fn hall_table(
    table: usize,
    now: Option<(String, String)>,
    next: Option<(String, String)>,
    lang: Lang,
) -> impl IntoView {
    let table_name = words::Heading::Table(table + 1).say(lang);
    view! {
        <li class="hall-table" data-testid="hall-table" data-table=table + 1>
            <h2>{table_name}</h2>
            <p class="now" data-testid="hall-now">
                <span class="label">{words::NOW_PLAYING.get(lang)}</span>
                {match now {
                    Some((m, at)) => view! { <span class="match">{m}</span><span class="at">{at}</span> }.into_any(),
                    None => view! { <span class="match idle">{words::FREE.get(lang)}</span> }.into_any(),
                }}
            </p>
            <p class="next" data-testid="hall-next">
                <span class="label">{words::NEXT_UP.get(lang)}</span>
                {match next {
                    Some((m, at)) => view! { <span class="match">{m}</span><span class="at">{at}</span> }.into_any(),
                    None => view! { <span class="match idle">{words::NONE_THIS_SESSION.get(lang)}</span> }.into_any(),
                }}
            </p>
        </li>
    }
}
