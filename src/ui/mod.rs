//! The browser UI (Leptos, client-side rendered): a thin layer over the core.
//!
//! Routing uses the URL hash (`#/play`, `#/clock`, `#/tournament`, `#/schedule`) because static
//! hosts have no fallback page for other paths.

mod board;
mod play;
mod route;

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
    view! {
        <header class="topbar">
            <a class="brand" href="#/play">"象棋俱乐部"</a>
            <nav aria-label="sections">
                <a href="#/play" class:active=move || matches!(route.get(), Route::Play(_))>"对弈 Play"</a>
            </nav>
        </header>
        <main id="main">
            {move || match route.get() {
                Route::Play(query) => view! { <play::PlayPage query=query /> }.into_any(),
            }}
        </main>
    }
}
