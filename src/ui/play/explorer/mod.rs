//! The opening explorer beside the board (issue 54.2): the moves the master games of the
//! built-in book played from the position shown, how they scored, the games, and the opening's
//! ECCO code. It fetches one shard of the static explorer (`explorer/…`, built with the app) per
//! position, once: fetched shards stay in memory, and the service worker keeps them offline.
//! Only the whole #/play bundle has it (the panel's second column), so no first visit grows.

mod mine;
mod words;

use super::use_play;
use crate::explorer::index::{Entry, Tally};
use crate::explorer::shard::{self, GameInfo, Shard};
use crate::lang::Say;
use crate::ui::i18n::{tr, use_lang};
use crate::ui::train::fetch;
use crate::xiangqi::{ecco, notation, Move};
use leptos::prelude::*;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

thread_local! {
    /// The shards fetched, by number: `None` for one that could not be had.
    static SHARDS: RefCell<HashMap<u32, Option<Rc<Shard>>>> = RefCell::new(HashMap::new());
    /// The shards being fetched.
    static ASKED: RefCell<Vec<u32>> = const { RefCell::new(Vec::new()) };
}

/// Shard `n` as fetched: `None` before it came, `Some(None)` when it could not be had.
fn fetched(n: u32) -> Option<Option<Rc<Shard>>> {
    SHARDS.with(|s| s.borrow().get(&n).cloned())
}

/// Fetches shard `n` unless it is here or on its way; `done` runs when it has come or failed.
fn fetch_shard(n: u32, done: impl FnOnce() + 'static) {
    if fetched(n).is_some() || ASKED.with(|a| a.borrow().contains(&n)) {
        return;
    }
    ASKED.with(|a| a.borrow_mut().push(n));
    fetch::text(&format!("explorer/{}", shard::file_name(n)), move |text| {
        let got = text.and_then(|t| Shard::parse(&t).ok()).map(Rc::new);
        SHARDS.with(|s| s.borrow_mut().insert(n, got));
        ASKED.with(|a| a.borrow_mut().retain(|&x| x != n));
        done();
    });
}

/// The panel: a button opens it; open, it follows the position shown.
#[component]
pub(super) fn ExplorerPanel() -> impl IntoView {
    let store = use_play();
    let lang = use_lang();
    let open = RwSignal::new(false);
    // Counts the shards come in, so the panel draws again.
    let arrived = RwSignal::new(0u32);
    let key = Memo::new(move |_| store.session.with(|s| crate::explorer::key(s.shown())));
    // The master games' book, or the games imported on #/games.
    let mine = RwSignal::new(false);
    Effect::new(move || {
        let more = move || arrived.update(|n| *n += 1);
        match (open.get(), mine.get()) {
            (false, _) => {}
            (true, false) => fetch_shard(shard::shard_of(key.get()), more),
            (true, true) => mine::ask(
                key.get(),
                store.session.with_untracked(|s| s.shown().fen()),
                more,
            ),
        }
    });
    let toggle = move |_| {
        if !open.get_untracked() {
            // Opened again: a shard that failed (offline) is asked for again.
            SHARDS.with(|s| s.borrow_mut().retain(|_, v| v.is_some()));
        }
        open.update(|o| *o = !*o);
    };
    view! {
        <section class="panel-group explorer-group" aria-label=tr(words::EXPLORER) data-testid="explorer">
            <h2 class="group-title">{tr(words::EXPLORER)}</h2>
            <button data-testid="explorer-toggle" aria-expanded=move || open.get().to_string() on:click=toggle>
                {move || if open.get() { words::CLOSE } else { words::OPEN }.get(lang.get())}
            </button>
            <Show when=move || open.get()>
                <Opening />
                <p class="explorer-source mark-buttons" role="group" aria-label=tr(words::SOURCE)>
                    <button data-testid="explorer-master" aria-pressed=move || (!mine.get()).to_string() on:click=move |_| mine.set(false)>{tr(words::MASTER_GAMES)}</button>
                    <button data-testid="explorer-mine" aria-pressed=move || mine.get().to_string() on:click=move |_| mine.set(true)>{tr(words::MY_GAMES)}</button>
                </p>
                {move || {
                    arrived.track();
                    if mine.get() { mine_body(key.get()) } else { body(key.get()) }
                }}
                <Show when=move || !mine.get()>
                    <p class="explorer-credit">
                        {tr(words::CREDIT_BEFORE)}
                        <a href=words::DATASET_URL target="_blank" rel="noopener" translate="no">{words::DATASET}</a>
                        {tr(words::CREDIT_AFTER)}
                    </p>
                </Show>
            </Show>
        </section>
    }
}

/// The ECCO code and name of the line on the board, from the classifier.
#[component]
fn Opening() -> impl IntoView {
    let store = use_play();
    let lang = use_lang();
    let code = Memo::new(move |_| {
        store.session.with(|s| {
            let g = s.game();
            ecco::classify(g.start(), &g.moves()[..s.view().min(g.moves().len())])
        })
    });
    view! {
        <p class="explorer-opening" data-testid="explorer-opening">
            {move || match code.get() {
                Some(c) => format!("{c} {}", c.name().get(lang.get())),
                None => words::NO_OPENING.get(lang.get()).to_string(),
            }}
        </p>
    }
}

/// What the panel shows for the position `key`: waiting, failed, not in the book, or its moves.
fn body(key: u64) -> AnyView {
    let note = |testid: &'static str, text| {
        view! { <p class="explorer-note" data-testid=testid>{tr(text)}</p> }.into_any()
    };
    match fetched(shard::shard_of(key)) {
        None => note("explorer-loading", words::LOADING),
        Some(None) => note("explorer-failed", words::FAILED),
        Some(Some(s)) => match s.entry(key) {
            None => note("explorer-none", words::NOT_IN_BOOK),
            Some(e) => {
                let games: Vec<GameInfo> = e
                    .top
                    .iter()
                    .filter_map(|n| s.games.get(n).cloned())
                    .collect();
                view! { <Found entry=e.clone() games=games /> }.into_any()
            }
        },
    }
}

/// What the panel shows for the position `key` from the games imported on #/games.
fn mine_body(key: u64) -> AnyView {
    let note = |testid: &'static str, text| {
        view! { <p class="explorer-note" data-testid=testid>{tr(text)}</p> }.into_any()
    };
    match mine::fetched(key) {
        None => note("explorer-loading", words::LOADING),
        Some(None) => note("explorer-failed", words::MINE_FAILED),
        Some(Some(s)) => match s.entry(key).filter(|e| e.total.games > 0) {
            None => note("explorer-none", words::NOT_IN_MINE),
            Some(e) => {
                let games = e
                    .top
                    .iter()
                    .filter_map(|n| s.games.get(n).cloned())
                    .collect();
                view! { <Found entry=e.clone() games=games /> }.into_any()
            }
        },
    }
}

/// A Red / draw / Black bar of `tally`'s results.
fn results_bar(tally: Tally) -> impl IntoView {
    let lang = use_lang();
    tally.shares().map(|shares| {
        let [r, d, b] = shares;
        let part = move |class: &'static str, share: u32| {
            view! { <span class=class style=format!("width:{}%", share as f64 / 10.0)></span> }
        };
        view! {
            <span class="explorer-bar" title=move || words::Shares(shares).say(lang.get())
                aria-label=move || words::Shares(shares).say(lang.get())>
                {part("bar-red", r)}{part("bar-draw", d)}{part("bar-black", b)}
            </span>
        }
    })
}

/// The position's games, its moves and its top games.
#[component]
fn Found(entry: Entry, games: Vec<GameInfo>) -> impl IntoView {
    let lang = use_lang();
    let total = entry.total;
    let reached = move || {
        words::Reached {
            games: total.games,
            year: total.average_year(),
        }
        .say(lang.get())
    };
    view! {
        <p class="explorer-total" data-testid="explorer-total">{reached}" "{results_bar(total)}</p>
        <table class="explorer-moves" data-testid="explorer-moves">
            <thead><tr>
                <th>{tr(words::MOVE)}</th><th>{tr(words::GAMES)}</th>
                <th>{tr(words::RESULTS)}</th><th>{tr(words::YEAR)}</th>
            </tr></thead>
            <tbody>
                {entry.moves.into_iter().map(|(m, t)| view! { <MoveRow mv=m tally=t /> }).collect_view()}
            </tbody>
        </table>
        <TopGames games=games />
    }
}

/// One move played from the position: a click plays it.
#[component]
fn MoveRow(mv: Move, tally: Tally) -> impl IntoView {
    let store = use_play();
    // The row is drawn again for each new position: the move is written from this one.
    let text = move || {
        let notation = store.settings.get().notation;
        store
            .session
            .with_untracked(|s| notation::write(s.shown(), mv, notation))
    };
    let year = tally
        .average_year()
        .map(|y| y.to_string())
        .unwrap_or_default();
    view! {
        <tr data-testid="explorer-move" data-move=mv.to_string()>
            <td><button class="link-button" translate="no" on:click=move |_| store.enter(mv, false)>{text}</button></td>
            <td class="count">{tally.games}</td>
            <td>{results_bar(tally)}</td>
            <td class="count">{year}</td>
        </tr>
    }
}

/// The games the position shows: players, event, year and result.
#[component]
fn TopGames(games: Vec<GameInfo>) -> impl IntoView {
    let lang = use_lang();
    (!games.is_empty()).then(|| {
        let items = games
            .into_iter()
            .map(|g| {
                let name = move |n: &str| {
                    let n = n.to_string();
                    move || if n.is_empty() { words::UNNAMED.get(lang.get()).to_string() } else { n.clone() }
                };
                let year = g.year.map(|y| y.to_string()).unwrap_or_default();
                let outcome = g.outcome;
                view! {
                    <li data-testid="explorer-game">
                        <span class="players" translate="no">{name(&g.red)}" – "{name(&g.black)}</span>" "
                        <span class="result">{move || words::ResultWord(outcome).say(lang.get())}</span>" "
                        <span class="year">{year}</span>" "
                        <span class="event" translate="no">{g.event}</span>
                    </li>
                }
            })
            .collect_view();
        view! {
            <h3 class="explorer-subtitle">{tr(words::TOP_GAMES)}</h3>
            <ul class="explorer-games">{items}</ul>
        }
    })
}
