//! The search: the form (players, event, years, result, opening, position), the sortable paged
//! list the worker answers with, a game opened on `#/play`, the games found saved as PGN.

use super::job::{Ask, Board, Outcome, Row, Search, SortBy, PAGE_SIZE};
use super::words::{self, Said};
use super::{Games, Problem, PLAY_SESSION};
use crate::lang::{Say, Text};
use crate::ui::i18n::{tr, use_lang};
use crate::ui::storage;
use leptos::prelude::*;

/// Which board the position field takes.
#[derive(Clone, Copy, PartialEq)]
enum Source {
    None,
    Play,
    Fen,
}

/// The form's search, with `#/play`'s saved game when its position is asked for (`None`, said
/// on the page, when `#/play` has none).
fn filled(g: Games) -> Option<Search> {
    let mut s = g.search.get_untracked();
    if let Board::Play(_) = s.board {
        let Some(json) = storage::get(PLAY_SESSION) else {
            g.problem.set(Some(Problem::NoPlayBoard));
            return None;
        };
        s.board = Board::Play(Some(json));
    }
    g.problem.set(None);
    Some(s)
}

/// Sends the form's search, for page `page`.
fn run(g: Games, page: usize) {
    g.search.update(|s| s.page = page);
    if let Some(s) = filled(g) {
        g.ask(&Ask::Search(s));
    }
}

/// A year field's value: none when empty or not a number.
fn year(v: &str) -> Option<i32> {
    v.trim().parse().ok()
}

/// The search form.
#[component]
pub fn SearchPanel() -> impl IntoView {
    let g = expect_context::<Games>();
    let source = RwSignal::new(Source::None);
    let fen = RwSignal::new(String::new());
    let set = move |f: fn(&mut Search, String)| {
        move |ev: leptos::ev::Event| g.search.update(|s| f(s, event_target_value(&ev)))
    };
    let pick_board = move |ev: leptos::ev::Event| {
        let next = match event_target_value(&ev).as_str() {
            "play" => Source::Play,
            "fen" => Source::Fen,
            _ => Source::None,
        };
        source.set(next);
        g.search.update(|s| {
            s.board = match next {
                Source::None => Board::None,
                Source::Play => Board::Play(None),
                Source::Fen => Board::Fen(fen.get_untracked()),
            }
        });
    };
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        run(g, 0);
    };
    view! {
        <section class="games-search" aria-labelledby="games-search-h">
            <h2 id="games-search-h">{tr(words::SEARCH)}</h2>
            <form on:submit=submit data-testid="games-form">
                <label>{tr(words::PLAYER)} " " <input data-testid="games-player" placeholder=tr(words::PLAYER_HINT) on:input=set(|s, v| s.player = v) /></label>
                <label>{tr(words::EVENT)} " " <input data-testid="games-event" on:input=set(|s, v| s.event = v) /></label>
                <label>{tr(words::YEAR_FROM)} " " <input data-testid="games-year-from" type="number" min="1" max="9999" on:input=set(|s, v| s.year_from = year(&v)) /></label>
                <label>{tr(words::YEAR_TO)} " " <input data-testid="games-year-to" type="number" min="1" max="9999" on:input=set(|s, v| s.year_to = year(&v)) /></label>
                <OutcomePick />
                <label>{tr(words::ECCO)} " " <input data-testid="games-eco" on:input=set(|s, v| s.eco = v) /></label>
                <label>
                    {tr(words::POSITION)} " "
                    <select data-testid="games-board" on:change=pick_board>
                        <option value="none">{tr(words::NO_POSITION)}</option>
                        <option value="play">{tr(words::PLAY_BOARD)}</option>
                        <option value="fen">{tr(words::PASTED_FEN)}</option>
                    </select>
                </label>
                <Show when=move || source.get() == Source::Fen>
                    <label>{tr(words::FEN)} " " <input data-testid="games-fen" translate="no" on:input=move |ev| {
                        fen.set(event_target_value(&ev));
                        g.search.update(|s| s.board = Board::Fen(fen.get_untracked()));
                    } /></label>
                </Show>
                <Show when=move || source.get() != Source::None>
                    <label><input type="checkbox" data-testid="games-material" on:change=move |ev| {
                        g.search.update(|s| s.material = event_target_checked(&ev))
                    } /> " " {tr(words::MATERIAL_ONLY)}</label>
                </Show>
                <button type="submit" data-testid="games-find">{tr(words::FIND)}</button>
            </form>
            <Results />
        </section>
    }
}

/// The result choice.
#[component]
fn OutcomePick() -> impl IntoView {
    let g = expect_context::<Games>();
    let pick = move |ev: leptos::ev::Event| {
        let o = match event_target_value(&ev).as_str() {
            "red" => Outcome::RedWins,
            "draw" => Outcome::Draw,
            "black" => Outcome::BlackWins,
            _ => Outcome::Any,
        };
        g.search.update(|s| s.outcome = o);
    };
    view! {
        <label>
            {tr(words::RESULT)} " "
            <select data-testid="games-result" on:change=pick>
                <option value="any">{tr(words::ANY)}</option>
                <option value="red">{tr(words::RED_WINS)}</option>
                <option value="draw">{tr(words::DRAW)}</option>
                <option value="black">{tr(words::BLACK_WINS)}</option>
            </select>
        </label>
    }
}

/// A column head that sorts by `by` (again: the other way).
fn head(g: Games, by: SortBy, name: Text) -> impl IntoView {
    let lang = use_lang();
    let sorted = move || {
        g.search
            .with(|s| s.sort == by)
            .then(|| g.search.with(|s| s.descending))
    };
    let click = move |_| {
        g.search.update(|s| {
            s.descending = s.sort == by && !s.descending;
            s.sort = by;
        });
        run(g, 0);
    };
    view! {
        <th aria-sort=move || match sorted() {
            None => "none",
            Some(false) => "ascending",
            Some(true) => "descending",
        }>
            <button type="button" class="games-sort" data-sort=format!("{by:?}") on:click=click>
                {move || name.get(lang.get())}
                {move || match sorted() {
                    None => "",
                    Some(false) => " ▲",
                    Some(true) => " ▼",
                }}
            </button>
        </th>
    }
}

/// One game of the list; a click opens it on `#/play`.
fn row(g: Games, r: Row) -> impl IntoView {
    let id = r.id;
    let lang = use_lang();
    view! {
        <tr data-testid="games-row">
            <td translate="no">{r.date}</td>
            <td translate="no"><button type="button" class="games-open" data-testid="games-open" on:click=move |_| g.ask(&Ask::Open(id))>{r.red}</button></td>
            <td translate="no">{r.black}</td>
            <td translate="no">{r.result}</td>
            <td><span translate="no">{r.eco}</span>" "{move || r.eco_name.as_ref().map(|n| n.say(lang.get()))}</td>
            <td translate="no" class="games-event">{r.event}</td>
        </tr>
    }
}

/// The page of results, its pager and the save button.
#[component]
fn Results() -> impl IntoView {
    let g = expect_context::<Games>();
    let lang = use_lang();
    move || {
        let super::Found {
            total,
            page,
            rows,
            ms,
            seq,
        } = g.found.get()?;
        let pages = total.div_ceil(PAGE_SIZE).max(1);
        let l = lang.get();
        if total == 0 {
            return Some(view! { <p data-testid="games-found" data-seq=seq data-ms=ms.round()>{words::NO_GAMES.get(l)}</p> }.into_any());
        }
        Some(view! {
            <p data-testid="games-found" data-seq=seq data-ms=ms.round()>{Said::Found { n: total, page: page + 1, pages }.say(l)}</p>
            <p class="games-hint">{words::OPEN_HINT.get(l)}</p>
            <table class="games-list" data-testid="games-list">
                <thead><tr>
                    {head(g, SortBy::Date, words::DATE)}
                    {head(g, SortBy::Players, words::RED)}
                    <th>{words::BLACK.get(l)}</th>
                    {head(g, SortBy::Result, words::RESULT)}
                    {head(g, SortBy::Eco, words::ECCO_SHORT)}
                    {head(g, SortBy::Event, words::EVENT)}
                </tr></thead>
                <tbody>{rows.into_iter().map(|r| row(g, r)).collect_view()}</tbody>
            </table>
            <p class="games-pager">
                <button type="button" data-testid="games-prev" disabled={page == 0} on:click=move |_| run(g, page - 1)>{words::PREVIOUS_PAGE.get(l)}</button>
                " "
                <button type="button" data-testid="games-next" disabled={page + 1 >= pages} on:click=move |_| run(g, page + 1)>{words::NEXT_PAGE.get(l)}</button>
            </p>
            <button type="button" data-testid="games-save" on:click=move |_| {
                if let Some(s) = filled(g) {
                    g.ask(&Ask::Save(s));
                }
            }>{words::SAVE_THESE.get(l)}</button>
        }.into_any())
    }
}
