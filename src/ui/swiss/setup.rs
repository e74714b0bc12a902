//! Creating an event, and the bar above a running one (settings, pairing, files, deletion).

use super::words;
use super::{trf, use_store, Saved};
use crate::events::round_robin::MAX_BOARDS;
use crate::events::swiss::{Buchholz, EventInfo, Scale, Swiss, MAX_ROUNDS};
use crate::lang::Say;
use crate::lang::Text;
use crate::ui::i18n::{tr, use_lang};
use crate::ui::words::SaidBefore;
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
    let fide = RwSignal::new(false);
    let create = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let planned = rounds.get().trim().parse().ok().filter(|&r| r > 0);
        if let Some(r) = planned.filter(|&r| r > MAX_ROUNDS) {
            store.note.set(Some(SaidBefore::of(
                &crate::events::swiss::SwissError::TooManyRounds { rounds: r },
            )));
            return;
        }
        let mut event = Swiss::new(planned);
        event.accelerated = accelerated.get();
        if fide.get() {
            event.scale = Scale::OneHalfZero;
        }
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
        store.saved.set(Some(Saved::new(name.get(), event)));
        store.note.set(None);
    };
    view! {
        <form class="t-create no-print" data-testid="swiss-create" on:submit=create>
            <h2>{tr(words::NEW_SWISS_EVENT)}</h2>
            <label>{tr(words::EVENT_NAME)} " "
                <input data-testid="swiss-name" required prop:value=move || name.get() on:input=move |ev| name.set(event_target_value(&ev)) />
            </label>
            <label>{tr(words::ROUNDS)} " "
                <input type="number" min="1" max=MAX_ROUNDS class="t-small" data-testid="swiss-rounds" prop:value=move || rounds.get() on:input=move |ev| rounds.set(event_target_value(&ev)) />
            </label>
            <fieldset>
                <label><input type="radio" name="sw-kind" prop:checked=move || kind.get() == Kind::Individual on:change=move |_| kind.set(Kind::Individual) /> {tr(words::INDIVIDUAL)}</label>
                <label><input type="radio" name="sw-kind" data-testid="swiss-team" prop:checked=move || kind.get() == Kind::Team on:change=move |_| kind.set(Kind::Team) /> {tr(words::TEAM)}</label>
                <Show when=move || kind.get() == Kind::Team>
                    <label>{tr(words::BOARDS)} " "
                        <input type="number" min="1" max=MAX_BOARDS class="t-small" data-testid="swiss-boards" prop:value=move || boards.get() on:input=move |ev| boards.set(event_target_value(&ev)) />
                    </label>
                </Show>
            </fieldset>
            <label><input type="checkbox" data-testid="swiss-accelerated" prop:checked=move || accelerated.get() on:change=move |ev| accelerated.set(event_target_checked(&ev)) /> {tr(words::ACCELERATED_PAIRINGS_BAKU)}</label>
            <label><input type="checkbox" prop:checked=move || first_black.get() on:change=move |ev| first_black.set(event_target_checked(&ev)) /> {tr(words::NUMBER_1_HAS_BLACK)}</label>
            <label>{tr(words::SCORING)} " "
                <select data-testid="swiss-scale" on:change=move |ev| fide.set(event_target_value(&ev) == "fide")>
                    <option value="cn" prop:selected=move || !fide.get()>{tr(words::WIN_TWO_DRAW_ONE)}</option>
                    <option value="fide" prop:selected=move || fide.get()>{tr(words::WIN_1_DRAW_LOSS)}</option>
                </select>
            </label>
            <button type="submit" data-testid="swiss-create-button">{tr(words::CREATE)}</button>
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
                Some(r) => words::Said::Rounds(r).say(l),
                None => words::ROUNDS_OPEN.get(l).to_string(),
            };
            let kind = match s.event.boards {
                Some(b) => words::Said::TeamEvent(b).say(l),
                None => words::INDIVIDUAL_IN_SENTENCE.get(l).to_string(),
            };
            format!("{} · {rounds} · {kind}", s.name)
        })
    };
    let details = Signal::derive(move || {
        store
            .saved
            .with(|s| s.as_ref().map(|s| s.details.clone()).unwrap_or_default())
    });
    let save_details = Callback::new(move |d| store.edit(|s| s.details = d));
    view! {
        <p class="t-settings no-print" data-testid="swiss-settings">{settings}</p>
        <super::super::club::DetailsForm details on_change=save_details />
        <div class="t-toolbar no-print">
            <RoundButtons />
            <trf::ExportTrf />
            <trf::ImportTrf />
            <ScoringChoices />
            <button data-testid="swiss-discard" on:click=move |_| {
                let sure = window().confirm_with_message(words::DELETE_THIS_SWISS_EVENT.get(lang.get())).unwrap_or(false);
                if sure { store.replace(None); }
            }>{tr(words::DELETE_EVENT)}</button>
        </div>
        <EventDetails />
    }
}

/// Pair the next round (or the event is over), and take the last one back to correct it.
#[component]
fn RoundButtons() -> impl IntoView {
    let store = use_store();
    let lang = use_lang();
    let with_saved =
        move |f: fn(&Saved) -> Option<usize>| move || store.saved.with(|s| s.as_ref().and_then(f));
    let played = move || {
        store
            .saved
            .with(|s| s.as_ref().map_or(0, |s| s.event.rounds_played()))
    };
    let can_pair = move || {
        store
            .saved
            .with(|s| s.as_ref().is_some_and(Saved::can_pair))
    };
    let over = with_saved(Saved::finished);
    let reopenable = with_saved(Saved::reopenable);
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
            Err(e) => store.note.set(Some(SaidBefore::of(&e))),
        }
    };
    let reopen = move |_| {
        store.edit(|s| {
            if let Some((p, results)) = s.event.reopen_last_round() {
                s.pend(p);
                s.results = results.iter().map(ToString::to_string).collect();
            }
        });
        store.note.set(None);
    };
    view! {
        {move || match over() {
            Some(r) => view! {
                <strong class="t-over" data-testid="event-over">
                    {words::Said::AllRoundsPlayed(r).say(lang.get())}
                </strong>
            }.into_any(),
            None => view! {
                <button data-testid="pair-round" prop:disabled=move || !can_pair() on:click=pair>
                    {move || words::Said::PairRound(played() + 1).say(lang.get())}
                </button>
            }.into_any(),
        }}
        {move || reopenable().map(|r| view! {
            <button data-testid="reopen-round" on:click=reopen>
                {words::Said::CorrectRound(r).say(lang.get())}
            </button>
        })}
    }
}

/// The Buchholz variant and the points scale of the running event.
#[component]
fn ScoringChoices() -> impl IntoView {
    let store = use_store();
    let buchholz = move || {
        store
            .saved
            .with(|s| s.as_ref().map_or(Buchholz::Full, |s| s.event.buchholz))
    };
    let scale = move || {
        store
            .saved
            .with(|s| s.as_ref().map_or(Scale::TwoOneZero, |s| s.event.scale))
    };
    let buchholz_options = [
        (Buchholz::Full, "full", words::ALL),
        (Buchholz::Cut1, "cut1", words::BUCHHOLZ_CUT_1),
        (Buchholz::Median, "median", words::MEDIAN),
    ];
    view! {
        <label>{tr(words::OPPONENTS_POINTS)} " "
            <select data-testid="buchholz" on:change=move |ev| {
                let v = event_target_value(&ev);
                if let Some((b, ..)) = buchholz_options.iter().find(|o| o.1 == v) {
                    store.edit(|s| s.event.buchholz = *b);
                }
            }>
                {buchholz_options.into_iter().map(|(b, value, text)| view! {
                    <option value=value prop:selected=move || buchholz() == b>{tr(text)}</option>
                }).collect_view()}
            </select>
        </label>
        <label>{tr(words::SCORING)} " "
            <select data-testid="swiss-scale" on:change=move |ev| {
                let fide = event_target_value(&ev) == "fide";
                store.edit(|s| s.event.scale = if fide { Scale::OneHalfZero } else { Scale::TwoOneZero });
            }>
                <option value="cn" prop:selected=move || scale() == Scale::TwoOneZero>{"2/1/0"}</option>
                <option value="fide" prop:selected=move || scale() == Scale::OneHalfZero>{"1/½/0"}</option>
            </select>
        </label>
    }
}

/// The event an import or a deletion replaced, offered back (the current one is kept in its place).
#[component]
pub(super) fn RestorePrevious() -> impl IntoView {
    let store = use_store();
    let lang = use_lang();
    let name = move || store.previous.with(|p| p.as_ref().map(|p| p.name.clone()));
    let restore = move |_| {
        let Some(old) = store.previous.get_untracked() else {
            return;
        };
        let current = store.saved.get_untracked();
        store.saved.set(Some(old));
        store.previous.set(current);
        store.note.set(None);
    };
    view! {
        {move || name().map(|n| view! {
            <p class="t-restore no-print">
                <button type="button" data-testid="swiss-restore" on:click=restore>
                    {words::Said::RestorePrevious(&n).say(lang.get())}
                </button>
            </p>
        })}
    }
}

/// One free-text field of the event's details.
type Field = fn(&mut EventInfo) -> &mut String;

/// The tournament lines a TRF file carries (city, dates, type, arbiter, round dates), folded away.
#[component]
fn EventDetails() -> impl IntoView {
    let store = use_store();
    let fields: [(&str, Text, &str, Field); 5] = [
        ("city", words::CITY, "", |i| &mut i.city),
        ("start", words::START, "2026/03/14", |i| &mut i.start),
        ("end", words::END, "2026/03/15", |i| &mut i.end),
        ("kind", words::TYPE, "Individual: Swiss-System", |i| {
            &mut i.kind
        }),
        ("arbiter", words::CHIEF_ARBITER, "", |i| &mut i.arbiter),
    ];
    let inputs = fields
        .into_iter()
        .map(|(key, text, hint, field)| {
            let value = move || {
                store.saved.with(|s| {
                    s.as_ref()
                        .map(|s| field(&mut s.event.info.clone()).clone())
                        .unwrap_or_default()
                })
            };
            view! {
                <label>{tr(text)} " "
                    <input data-testid=format!("info-{key}") placeholder=hint prop:value=value on:change=move |ev| {
                        let v = event_target_value(&ev);
                        store.edit(|s| *field(&mut s.event.info) = v.trim().to_string());
                    } />
                </label>
            }
        })
        .collect_view();
    let dates = move || {
        store.saved.with(|s| {
            s.as_ref()
                .map(|s| s.event.info.round_dates.join(" "))
                .unwrap_or_default()
        })
    };
    view! {
        <details class="t-info no-print">
            <summary>{tr(words::EVENT_DETAILS_WRITTEN_TO)}</summary>
            {inputs}
            <label>{tr(words::ROUND_DATES)} " "
                <input data-testid="info-round-dates" placeholder="26/03/14 26/03/14 26/03/15" prop:value=dates on:change=move |ev| {
                    let v = event_target_value(&ev);
                    let list: Vec<String> = v.split([' ', ',', '，']).filter(|d| !d.is_empty()).take(MAX_ROUNDS).map(String::from).collect();
                    store.edit(|s| s.event.info.round_dates = list);
                } />
            </label>
        </details>
    }
}
