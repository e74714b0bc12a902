//! The position editor: place pieces from the palette, drag them to another point, erase with the
//! eraser or a right-click, choose the side to move, validate with the core's errors (said in the
//! user's language), then play from the position.

use super::words;
use crate::lang::Say;
use crate::ui::board::{Board, Looks, PieceFace};
use crate::ui::i18n::{tr, use_lang};
use crate::xiangqi::{Color, Piece, Position, Role, Square};
use crate::xiangqi::{FenError, Setup};
use leptos::prelude::*;

/// What a click on the board does in the editor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tool {
    /// Put this piece on the point (a second click on the same piece removes it).
    Place(Piece),
    /// Empty the point.
    Erase,
}

/// The pieces of one side to pick a tool from, each named in the user's language.
#[component]
fn Palette(color: Color, tool: RwSignal<Tool>) -> impl IntoView {
    let lang = use_lang();
    let class = if color == Color::Red {
        "piece red"
    } else {
        "piece black"
    };
    Role::ALL
        .iter()
        .map(|&role| {
            let piece = Piece::new(color, role);
            let label = move || words::PieceName(piece).say(lang.get());
            view! {
                <button
                    class="palette-piece"
                    data-testid=format!("palette-{}", piece.char())
                    aria-label=label
                    aria-pressed=move || (tool.get() == Tool::Place(piece)).to_string()
                    class:active=move || tool.get() == Tool::Place(piece)
                    on:click=move |_| tool.set(Tool::Place(piece))
                >
                    <PieceFace piece=piece class=class.to_string() />
                </button>
            }
        })
        .collect_view()
}

/// The eraser, an empty board and the start position.
#[component]
fn BoardTools(
    setup: RwSignal<Setup>,
    tool: RwSignal<Tool>,
    turn_chosen: RwSignal<bool>,
) -> impl IntoView {
    view! {
        <div class="controls">
            <button data-testid="palette-erase" aria-pressed=move || (tool.get() == Tool::Erase).to_string()
                class:active=move || tool.get() == Tool::Erase on:click=move |_| tool.set(Tool::Erase)>
                {tr(words::ERASER)}
            </button>
            <button data-testid="editor-clear" on:click=move |_| setup.update(|s| {
                // Until the user picks the side to move, a cleared board is Red's (it moves first).
                let turn = if turn_chosen.get_untracked() { s.turn } else { Color::Red };
                *s = Setup { turn, ..Setup::empty() };
            })>
                {tr(words::CLEAR_BOARD)}
            </button>
            <button data-testid="editor-initial" on:click=move |_| setup.set(Setup::start())>{tr(words::INITIAL_POSITION)}</button>
        </div>
    }
}

/// Red or Black to move.
#[component]
fn SideToMove(setup: RwSignal<Setup>, turn_chosen: RwSignal<bool>) -> impl IntoView {
    let choose = move |c: Color| {
        turn_chosen.set(true);
        setup.update(|s| s.turn = c);
    };
    view! {
        <fieldset class="turn">
            <legend>{tr(words::SIDE_TO_MOVE)}</legend>
            <label><input type="radio" name="turn" data-testid="editor-turn-red" prop:checked=move || setup.with(|s| s.turn == Color::Red)
                on:change=move |_| choose(Color::Red) /> {tr(words::RED)}</label>
            <label><input type="radio" name="turn" data-testid="editor-turn-black" prop:checked=move || setup.with(|s| s.turn == Color::Black)
                on:change=move |_| choose(Color::Black) /> {tr(words::BLACK)}</label>
        </fieldset>
    }
}

/// A FEN typed or pasted in sets the board; one that cannot be read says why.
#[component]
fn FenLoad(setup: RwSignal<Setup>) -> impl IntoView {
    let lang = use_lang();
    let fen_input = RwSignal::new(String::new());
    let fen_error = RwSignal::new(None::<FenError>);
    view! {
        <form class="fen-load" on:submit=move |ev| {
            ev.prevent_default();
            match Setup::from_fen(&fen_input.get_untracked()) {
                Ok(s) => { setup.set(s); fen_error.set(None); }
                Err(e) => fen_error.set(Some(FenError::Parse(e))),
            }
        }>
            <label>"FEN " <input data-testid="editor-fen" prop:value=move || fen_input.get()
                on:input=move |ev| fen_input.set(event_target_value(&ev)) /></label>
            <button type="submit">{tr(words::LOAD)}</button>
        </form>
        {move || fen_error.get().map(|e| view! { <p class="error" data-testid="editor-fen-error" role="alert">{move || e.say(lang.get())}</p> })}
    }
}

/// The editor; `on_done` receives the validated position.
#[component]
pub fn Editor(
    start: Setup,
    #[prop(into)] looks: Signal<Looks>,
    on_done: Callback<Position>,
    on_cancel: Callback<()>,
) -> impl IntoView {
    let lang = use_lang();
    let setup = RwSignal::new(start);
    let tool = RwSignal::new(Tool::Place(Piece::new(Color::Red, Role::Chariot)));
    let validity = Memo::new(move |_| setup.with(Position::from_setup));
    let turn_chosen = RwSignal::new(false);

    let on_point = Callback::new(move |sq: Square| {
        setup.update(|s| {
            let cell = &mut s.board[sq.index()];
            *cell = match tool.get_untracked() {
                Tool::Erase => None,
                Tool::Place(p) if *cell == Some(p) => None,
                Tool::Place(p) => Some(p),
            };
        });
    });
    // A piece dragged to another point moves there (replacing what stood there).
    let on_drag = Callback::new(move |(from, to): (Square, Square)| {
        setup.update(|s| {
            if let Some(p) = s.board[from.index()].take() {
                s.board[to.index()] = Some(p);
            }
        });
    });
    let on_erase = Callback::new(move |sq: Square| setup.update(|s| s.board[sq.index()] = None));
    let error_text = move || {
        let l = lang.get();
        validity.with(|v| {
            v.as_ref()
                .err()
                .map(|e| FenError::Position(e.clone()).say(l))
        })
    };

    view! {
        <div class="editor" data-testid="editor">
            <Board setup=setup looks=looks on_point=on_point on_drag=on_drag drag_any=true on_erase=on_erase />
            <div class="editor-tools no-print">
                <div class="palette" role="toolbar" aria-label=tr(words::RED_PIECES)><Palette color=Color::Red tool=tool /></div>
                <div class="palette" role="toolbar" aria-label=tr(words::BLACK_PIECES)><Palette color=Color::Black tool=tool /></div>
                <BoardTools setup=setup tool=tool turn_chosen=turn_chosen />
                <SideToMove setup=setup turn_chosen=turn_chosen />
                <FenLoad setup=setup />
                <p class="hint">{tr(words::CLICK_TO_PLACE_DRAG)}</p>
                <p class="editor-fen-now">"FEN " <code>{move || setup.with(|s| s.to_fen())}</code></p>
                {move || error_text().map(|e| view! { <p class="error" data-testid="editor-error" role="alert">{e}</p> })}
                <div class="controls">
                    <button data-testid="editor-start" disabled=move || validity.with(|v| v.is_err()) on:click=move |_| {
                        if let Ok(p) = validity.get_untracked() {
                            on_done.run(p);
                        }
                    }>{tr(words::PLAY_FROM_THIS_POSITION)}</button>
                    <button data-testid="editor-cancel" on:click=move |_| on_cancel.run(())>{tr(words::CANCEL)}</button>
                </div>
            </div>
        </div>
    }
}
