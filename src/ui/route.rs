//! Hash routes: the current route as a signal that follows `hashchange`.

use leptos::prelude::*;

/// A page of the app, with the query part of its hash where the page reads one.
#[derive(Clone, Debug, PartialEq)]
pub enum Route {
    /// `#/play` (optionally `?fen=…&moves=…`); also every unknown hash.
    Play(String),
    /// `#/scoresheet` (`?fen=…&moves=…` for a game, `?blank` for the blank sheet).
    Scoresheet(String),
    /// `#/tournament`: round-robin events.
    Tournament(String),
    /// `#/clock` (optionally `?preset=…` or `?control=…`): the standalone game clock.
    Clock(String),
    /// `#/schedule`: the match scheduler.
    Schedule(String),
    /// `#/swiss`: Swiss events and knockout brackets.
    Swiss(String),
    /// `#/club`: the members list and the rating list.
    Club,
    /// `#/train` (optionally `?set=…`, a teacher's set from its link): puzzles and endgames.
    Train(String),
    /// `#/games`: the club's game database (import, search, open on `#/play`).
    Games,
}

impl Route {
    /// Reads a location hash such as `#/play?fen=…`.
    pub fn parse(hash: &str) -> Route {
        let h = hash.trim_start_matches('#');
        let (path, query) = h.split_once('?').unwrap_or((h, ""));
        match path {
            "/scoresheet" => Route::Scoresheet(query.to_string()),
            "/tournament" => Route::Tournament(query.to_string()),
            "/clock" => Route::Clock(query.to_string()),
            "/schedule" => Route::Schedule(query.to_string()),
            "/swiss" => Route::Swiss(query.to_string()),
            "/club" => Route::Club,
            "/train" => Route::Train(query.to_string()),
            "/games" => Route::Games,
            _ => Route::Play(query.to_string()),
        }
    }
}

fn current_hash() -> String {
    window().location().hash().unwrap_or_default()
}

/// The route as a signal, updated on every `hashchange`.
pub fn use_route() -> ReadSignal<Route> {
    if !current_hash().starts_with("#/") {
        // Replace, not push: the bare URL and `#/play` are one page in the history.
        let _ = window().location().replace("#/play");
    }
    let (route, set_route) = signal(Route::parse(&current_hash()));
    let handle = window_event_listener(leptos::ev::hashchange, move |_| {
        // Only a real change re-renders the page (and re-reads its saved state).
        let next = Route::parse(&current_hash());
        if route.get_untracked() != next {
            set_route.set(next);
        }
    });
    on_cleanup(move || handle.remove());
    route
}
