//! The browser UI (Leptos, client-side rendered): a thin layer over the core.
//!
//! Routing uses the URL hash (`#/play`, `#/clock`, `#/tournament`, `#/schedule`) because static
//! hosts have no fallback page for other paths.
//!
//! Each page is its own wasm bundle (`src/bin/page_*.rs`), so a first visit downloads one page,
//! not six (Trunk cannot split a module). `public/boot.js` starts the bundle that holds
//! the hash's route; every bundle mounts the same shell ([`mount`]: header, sections, language,
//! storage problems) with only its own page in [`pages`], so link-time optimisation drops the
//! others. A route held by another bundle reloads the page into it ([`elsewhere`]): all saved
//! state lives in localStorage, which every bundle shares.

mod board;
mod browser;
pub mod clock;
mod club;
mod files;
mod games;
mod i18n;
mod play;
mod route;
pub mod schedule;
mod scoresheet;
mod storage;
mod swiss;
mod tournament;
mod train;

pub use files::serve_file_worker;
pub use games::serve_games_worker;
use leptos::prelude::*;
pub use route::Route;
use std::sync::atomic::{AtomicBool, Ordering};
mod words;

/// The view of one route, as a bundle's page binary maps it (its own pages, [`elsewhere`] for the rest).
pub type Pages = fn(Route) -> AnyView;

/// Mounts the shell and the bundle's pages on the page body, for good.
pub fn mount(pages: Pages) {
    start();
    mount_to_body(move || view! { <App pages=pages /> });
}

/// Mounts like [`mount`], keeping the app so that [`unmount`] can take it down: the lean `#/play`
/// bundle, which the full one replaces (`public/whole.js`).
pub fn mount_until_replaced(pages: Pages) {
    start();
    let handle = mount_to(document().body().expect("a page has a body"), move || {
        view! { <App pages=pages /> }
    });
    MOUNTED.with(|m| *m.borrow_mut() = Some(Box::new(handle)));
}

fn start() {
    // Panic messages on the console in development builds; a release page keeps the 1.2 kB (gzip)
    // the hook costs for its first-visit budget, and a panic there still shows as a page error.
    #[cfg(debug_assertions)]
    console_error_panic_hook::set_once();
}

thread_local! {
    /// The mounted app, kept so that [`unmount`] can take it down.
    static MOUNTED: std::cell::RefCell<Option<Box<dyn std::any::Any>>> = Default::default();
}

/// Leaves what the page shows that a fresh start would not know (the play page's notices) for
/// the bundle about to replace this one.
pub fn hand_over() {
    play::hand_over();
}

/// Takes the app off the page, running every cleanup (timers, listeners, workers): the lean
/// `#/play` bundle does so when the full one has started beside it (`public/whole.js`).
pub fn unmount() {
    if let Some(app) = MOUNTED.with(|m| m.borrow_mut().take()) {
        drop(app);
    }
}

/// Set once the bundle has shown its first page: a route it does not hold after that is a
/// navigation to another bundle; before it, a mismatch with `boot.js` (never a reload loop).
static SHOWN: AtomicBool = AtomicBool::new(false);

/// A route this bundle does not hold: reloads the page, and `boot.js` starts the bundle that does.
pub fn elsewhere() -> AnyView {
    if SHOWN.load(Ordering::Relaxed) {
        let _ = window().location().reload();
    } else {
        leptos::logging::error!("index.html started a bundle without the page of this route");
    }
    ().into_any()
}

/// The pages, one function each, so a bundle links only those it names.
pub mod pages {
    use super::*;

    /// `#/play`: the board, lean: what a first visit needs (`page_play`).
    pub fn play(query: String) -> AnyView {
        view! { <play::PlayPage query=query study=None /> }.into_any()
    }
    /// `#/play` whole (`page_play_full`): the board with the study tools, game files, the review,
    /// the move box and announcements, fetched after the lean board is up and swapped in.
    pub fn play_full(query: String) -> AnyView {
        view! { <play::PlayPage query=query study=Some(play::Study::ALL) /> }.into_any()
    }
    /// `#/scoresheet`: the printable score sheet.
    pub fn scoresheet(query: String) -> AnyView {
        view! { <scoresheet::ScoresheetPage query=query /> }.into_any()
    }
    /// `#/tournament`: round robins.
    pub fn tournament(query: String) -> AnyView {
        view! { <tournament::TournamentPage query=query /> }.into_any()
    }
    /// `#/clock`: the game clock.
    pub fn clock(query: String) -> AnyView {
        view! { <clock::ClockPage query=query /> }.into_any()
    }
    /// `#/schedule`: the match scheduler.
    pub fn schedule() -> AnyView {
        view! { <schedule::SchedulePage /> }.into_any()
    }
    /// `#/schedule?print`, `?hall`: the desk's printouts and exports, the hall display.
    pub fn schedule_print(desk: schedule::Desk, query: String) -> AnyView {
        view! { <schedule::PrintPage desk=desk query=query /> }.into_any()
    }
    /// `#/schedule?changes`: the desk's late changes.
    pub fn schedule_changes() -> AnyView {
        view! { <schedule::ChangesPage /> }.into_any()
    }
    /// `#/swiss`: Swiss events and knockouts.
    pub fn swiss(query: String) -> AnyView {
        view! { <swiss::SwissPage query=query /> }.into_any()
    }
    /// `#/club`: members, ratings, certificates.
    pub fn club() -> AnyView {
        view! { <club::ClubPage /> }.into_any()
    }
    /// `#/train`: puzzles, the classic endgames, the teacher's sets.
    pub fn train(query: String) -> AnyView {
        view! { <train::TrainPage query=query /> }.into_any()
    }
    /// `#/games`: the game database.
    pub fn games() -> AnyView {
        view! { <games::GamesPage /> }.into_any()
    }
}

/// The whole app: a header with the sections, and the page of the current route.
#[component]
fn App(pages: Pages) -> impl IntoView {
    let route = route::use_route();
    let lang = i18n::provide_lang();
    let tr = i18n::tr;
    view! {
        <header class="topbar no-print">
            <a class="brand" href="#/play">{tr(words::XIANGQI_CLUB)}</a>
            <nav aria-label=tr(words::SECTIONS)>
                <a href="#/play" class:active=move || matches!(route.get(), Route::Play(_))>{tr(words::PLAY)}</a>
                <a href="#/scoresheet" class:active=move || matches!(route.get(), Route::Scoresheet(_))>{tr(words::SCORESHEET)}</a>
                <a href="#/tournament" class:active=move || matches!(route.get(), Route::Tournament(_))>{tr(words::ROUND_ROBIN)}</a>
                <a href="#/clock" class:active=move || matches!(route.get(), Route::Clock(_))>{tr(words::CLOCK)}</a>
                <a href="#/schedule" class:active=move || matches!(route.get(), Route::Schedule(_))>{tr(words::SCHEDULE)}</a>
                <a href="#/swiss" class:active=move || matches!(route.get(), Route::Swiss(_))>{tr(words::SWISS)}</a>
                <a href="#/club" class:active=move || matches!(route.get(), Route::Club)>{tr(words::MEMBERS)}</a>
                <a href="#/train" class:active=move || matches!(route.get(), Route::Train(_))>{tr(words::TRAIN)}</a>
                <a href="#/games" class:active=move || matches!(route.get(), Route::Games)>{tr(words::GAMES)}</a>
            </nav>
            <button
                class="lang-toggle"
                data-testid="lang-toggle"
                // A title, not a label: the accessible name stays the visible one (WCAG 2.5.3).
                title=tr(words::SWITCH_TO_CHINESE)
                on:click=move |_| lang.update(|l| *l = l.other())
            >
                // The other language, named in itself.
                <span translate="no" lang=move || lang.get().other().tag()>{move || lang.get().other().own_name()}</span>
            </button>
        </header>
        <main id="main">
            <storage::StorageProblems lang=lang />
            {move || {
                let page = pages(route.get());
                SHOWN.store(true, Ordering::Relaxed);
                page
            }}
        </main>
    }
}
