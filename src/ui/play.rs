//! `#/play`: the board for a game, opened from a FEN in the link or the start position.

use super::board::Board;
use super::route::query_param;
use crate::core::Position;
use leptos::prelude::*;

/// The play page; `query` is the part of the hash after `?`.
#[component]
pub fn PlayPage(query: String) -> impl IntoView {
    let (start, error) = match query_param(&query, "fen") {
        None => (Position::start(), None),
        Some(fen) => match Position::from_fen(&fen) {
            Ok(p) => (p, None),
            Err(e) => (Position::start(), Some(e.to_string())),
        },
    };
    let position = RwSignal::new(start);
    let flipped = RwSignal::new(false);
    view! {
        <section class="play">
            {error.map(|e| view! { <p class="error" role="alert">"链接中的局面无效 / Invalid position in link: " {e}</p> })}
            <Board position=position.into() flipped=flipped />
            <p class="fen">"FEN: " <code data-testid="fen">{move || position.with(|p| p.fen())}</code></p>
        </section>
    }
}
