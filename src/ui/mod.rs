//! The browser UI (Leptos, client-side rendered): a thin layer over the core.
//!
//! Routing uses the URL hash (`#/play`, `#/clock`, `#/tournament`, `#/schedule`) because static
//! hosts have no fallback page for other paths.

mod board;
pub mod clock;
mod editor;
mod engine_panel;
mod files;
mod i18n;
mod moves;
mod play;
mod play_options;
mod route;
mod schedule;
mod scoresheet;
mod storage;
mod swiss;
mod tournament;
mod verdict;

use leptos::prelude::*;
use route::Route;

/// Mounts the app on the page body.
pub fn mount() {
    console_error_panic_hook::set_once();
    mount_to_body(App);
}

/// The whole app: a header with the sections, and the page of the current route.
#[component]
fn App() -> impl IntoView {
    let route = route::use_route();
    let lang = i18n::provide_lang();
    let tr = i18n::tr;
    view! {
        <header class="topbar no-print">
            <a class="brand" href="#/play">{tr("象棋俱乐部", "Xiangqi Club")}</a>
            <nav aria-label=tr("栏目", "Sections")>
                <a href="#/play" class:active=move || matches!(route.get(), Route::Play(_))>{tr("对弈", "Play")}</a>
                <a href="#/scoresheet" class:active=move || matches!(route.get(), Route::Scoresheet(_))>{tr("记录纸", "Scoresheet")}</a>
                <a href="#/tournament" class:active=move || matches!(route.get(), Route::Tournament(_))>{tr("循环赛", "Round robin")}</a>
                <a href="#/clock" class:active=move || matches!(route.get(), Route::Clock(_))>{tr("棋钟", "Clock")}</a>
                <a href="#/schedule" class:active=move || matches!(route.get(), Route::Schedule(_))>{tr("赛程编排", "Schedule")}</a>
                <a href="#/swiss" class:active=move || matches!(route.get(), Route::Swiss(_))>{tr("积分编排", "Swiss")}</a>
            </nav>
            <button
                class="lang-toggle"
                data-testid="lang-toggle"
                aria-label=tr("切换到英文", "Switch to Chinese")
                on:click=move |_| lang.update(|l| *l = if *l == i18n::Lang::Zh { i18n::Lang::En } else { i18n::Lang::Zh })
            >
                // The other language, named in itself.
                <span translate="no">{move || if lang.get() == i18n::Lang::Zh { "English" } else { "中文" }}</span>
            </button>
        </header>
        <main id="main">
            <storage::StorageProblems />
            {move || match route.get() {
                Route::Play(query) => view! { <play::PlayPage query=query /> }.into_any(),
                Route::Scoresheet(query) => view! { <scoresheet::ScoresheetPage query=query /> }.into_any(),
                Route::Tournament(query) => view! { <tournament::TournamentPage query=query /> }.into_any(),
                Route::Clock(query) => view! { <clock::ClockPage query=query /> }.into_any(),
                Route::Schedule(query) => view! { <schedule::SchedulePage query=query /> }.into_any(),
                Route::Swiss(query) => view! { <swiss::SwissPage query=query /> }.into_any(),
            }}
        </main>
    }
}
