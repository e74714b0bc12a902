//! The move list (one row per ply, kept by `<For>` as moves come and go) and the step controls.

use super::i18n::tr;
use super::play::use_play;
use crate::xiangqi::notation;
use crate::xiangqi::Color;
use leptos::prelude::*;

/// One ply of the list: its number, its text in the chosen notation, and the move number shown
/// before Red's moves (and before a game that starts with Black).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Row {
    ply: usize,
    text: String,
    number: Option<String>,
}

/// The moves of the game; a click shows the position after that move.
#[component]
pub fn MoveList() -> impl IntoView {
    let store = use_play();
    let session = store.session;
    let rows = Memo::new(move |_| {
        let notation = store.settings.with(|s| s.notation);
        session.with(|s| {
            let game = s.game();
            game.moves()
                .iter()
                .enumerate()
                .map(|(i, &m)| {
                    let before = game.position_at(i).cloned().unwrap_or_default();
                    let number = (before.turn() == Color::Red || i == 0).then(|| {
                        let n = before.fullmoves();
                        if before.turn() == Color::Red {
                            format!("{n}.")
                        } else {
                            format!("{n}. …")
                        }
                    });
                    Row {
                        ply: i + 1,
                        text: notation::write(&before, m, notation),
                        number,
                    }
                })
                .collect::<Vec<_>>()
        })
    });
    let view_ply = Memo::new(move |_| session.with(|s| s.view()));
    view! {
        <ol class="move-list" data-testid="move-list" aria-label=tr("着法", "Moves")>
            <For each=move || rows.get() key=|r| r.clone() let:row>
                {
                    let ply = row.ply;
                    let current = move || view_ply.get() == ply;
                    view! {
                        {row.number.map(|n| view! { <span class="move-no">{n}</span> })}
                        // Written in the notation chosen, whatever the interface language.
                        <button
                            class="move"
                            translate="no"
                            data-ply=ply
                            class:current=current
                            aria-current=move || current().then_some("step")
                            on:click=move |_| {
                                store.selected.set(None);
                                session.update(|s| s.go_to(ply));
                            }
                        >
                            {row.text}
                        </button>
                    }
                }
            </For>
        </ol>
    }
}

/// First, previous, next and last position (also ← → Home End).
#[component]
pub fn StepControls() -> impl IntoView {
    let session = use_play().session;
    view! {
        <div class="step-controls" role="toolbar" aria-label=tr("浏览", "Step through")>
            <button aria-label=tr("开局", "First position") aria-keyshortcuts="Home" on:click=move |_| session.update(|s| s.go_to(0))>"«"</button>
            <button aria-label=tr("上一步", "Previous move") aria-keyshortcuts="ArrowLeft" on:click=move |_| session.update(|s| { s.back(); })>"‹"</button>
            <button aria-label=tr("下一步", "Next move") aria-keyshortcuts="ArrowRight" on:click=move |_| session.update(|s| { s.forward(); })>"›"</button>
            <button aria-label=tr("最新", "Last position") aria-keyshortcuts="End" on:click=move |_| session.update(|s| s.go_to(usize::MAX))>"»"</button>
        </div>
    }
}
