//! `#/judge`: play or paste a game record and see the verdict of the 1999 rules, move by move.
//!
//! The link may carry `?fen=…&moves=…` (ICCS, separated by spaces or `+`). Otherwise the last game
//! is restored from localStorage (`xq.judge.game`); a corrupt record is reported and set aside
//! under `xq.judge.corrupt`. Test contract: `[data-testid=fen-input]`, `[data-testid=moves-input]`,
//! `[data-testid=load]`, `[data-testid=new-game]`, `[data-testid=undo]`, `[data-testid=limit]`,
//! `[data-testid=moves]` (the record in ICCS) and the panel's (see `verdict.rs`).

use super::board::Board;
use super::i18n::tr;
use super::route::query_param;
use super::storage;
use super::verdict::GamePanel;
use crate::core::fen::START_FEN;
use crate::core::game::{Game, RecordError};
use crate::core::{Move, Position, Square};
use leptos::prelude::*;

const KEY: &str = "xq.judge.game";
const CORRUPT: &str = "xq.judge.corrupt";

/// A game from a FEN and ICCS moves separated by spaces, commas or `+`.
fn game_from(fen: &str, moves: &str) -> Result<Game, RecordError> {
    let list: Vec<&str> = moves
        .split(|c: char| c.is_whitespace() || c == ',' || c == '+')
        .filter(|s| !s.is_empty())
        .collect();
    Game::from_iccs(fen.trim(), &list)
}

/// The moves of `g` in ICCS, separated by spaces.
fn record_of(g: &Game) -> String {
    g.moves()
        .iter()
        .map(Move::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The game the page opens with, and a problem to report if the link or the saved game was bad.
fn initial(query: &str) -> (Game, Option<String>) {
    if let Some(fen) = query_param(query, "fen") {
        let moves = query_param(query, "moves").unwrap_or_default();
        return match game_from(&fen, &moves) {
            Ok(g) => (g, None),
            Err(e) => (
                Game::new(Position::start()),
                Some(format!("链接中的对局无效 / Invalid game in link: {e}")),
            ),
        };
    }
    match storage::get(KEY) {
        None => (Game::new(Position::start()), None),
        Some(saved) => match serde_json::from_str::<Game>(&saved) {
            Ok(g) => (g, None),
            Err(e) => {
                let kept = storage::set(CORRUPT, &saved)
                    .map(|_| format!(" (kept under {CORRUPT})"))
                    .unwrap_or_default();
                (
                    Game::new(Position::start()),
                    Some(format!(
                        "保存的对局已损坏，已另存 / The saved game is corrupt{kept}: {e}"
                    )),
                )
            }
        },
    }
}

/// The judge page; `query` is the part of the hash after `?`.
#[component]
pub fn JudgePage(query: String) -> impl IntoView {
    let (start, problem) = initial(&query);
    let fen_text = RwSignal::new(start.start().fen());
    let moves_text = RwSignal::new(record_of(&start));
    let game = RwSignal::new(start);
    let error = RwSignal::new(problem);
    let selected = RwSignal::new(None::<Square>);
    let flipped = RwSignal::new(false);

    // Save every change; a refused write is shown, not ignored.
    Effect::new(move || {
        let json = game.with(serde_json::to_string);
        match json
            .map_err(|e| e.to_string())
            .and_then(|j| storage::set(KEY, &j))
        {
            Ok(()) => {}
            Err(e) => error.set(Some(format!("无法保存 / Cannot save: {e}"))),
        }
    });

    let position = Signal::derive(move || game.with(|g| g.position().clone()));
    let targets = Signal::derive(move || match selected.get() {
        Some(from) => game.with(|g| {
            g.position()
                .legal_moves_from(from)
                .iter()
                .map(|m| m.to)
                .collect()
        }),
        None => Vec::new(),
    });
    let last_move = Signal::derive(move || game.with(|g| g.moves().last().map(|m| (m.from, m.to))));
    let on_point = Callback::new(move |sq: Square| {
        let over = game.with_untracked(|g| g.verdict().is_some());
        if over {
            selected.set(None);
            return;
        }
        if let Some(from) = selected.get_untracked() {
            let m = Move::new(from, sq);
            if game.with_untracked(|g| g.position().is_legal(m)) {
                let mut result = Ok(());
                game.update(|g| result = g.play(m));
                if let Err(e) = result {
                    error.set(Some(e.to_string()));
                }
                moves_text.set(game.with_untracked(record_of));
                selected.set(None);
                return;
            }
        }
        let own = game.with_untracked(|g| {
            let p = g.position();
            p.piece_at(sq).is_some_and(|pc| pc.color == p.turn())
        });
        selected.set(own.then_some(sq));
    });

    let load = move |_| match game_from(&fen_text.get_untracked(), &moves_text.get_untracked()) {
        Ok(mut g) => {
            g.set_move_limit(game.with_untracked(|old| old.move_limit()));
            game.set(g);
            selected.set(None);
            error.set(None);
        }
        Err(e) => error.set(Some(e.to_string())),
    };
    let new_game = move |_| match Position::from_fen(fen_text.get_untracked().trim()) {
        Ok(p) => {
            let limit = game.with_untracked(|g| g.move_limit());
            let mut g = Game::new(p);
            g.set_move_limit(limit);
            game.set(g);
            moves_text.set(String::new());
            selected.set(None);
            error.set(None);
        }
        Err(e) => error.set(Some(e.to_string())),
    };
    let undo = move |_| {
        game.update(|g| {
            g.undo();
        });
        moves_text.set(game.with_untracked(record_of));
        selected.set(None);
    };
    let set_limit = move |ev: leptos::ev::Event| match event_target_value(&ev).trim().parse::<u32>()
    {
        Ok(n) if n > 0 => game.update(|g| g.set_move_limit(n)),
        _ => error.set(Some(
            "限着回合数须为正整数 / The move limit must be a positive number".into(),
        )),
    };
    let record = move || {
        game.with(|g| {
            g.moves()
                .iter()
                .map(Move::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        })
    };

    view! {
        <section class="judge">
            <h1>{tr("对局裁决（1999年规则）", "Game rulings (1999 rules)")}</h1>
            {move || error.get().map(|e| view! { <p class="error" role="alert" data-testid="error">{e}</p> })}
            <div class="judge-layout">
                <div class="judge-board">
                    <Board
                        position=position
                        flipped=flipped
                        selected=selected
                        targets=targets
                        last_move=last_move
                        on_point=on_point
                    />
                    <div class="judge-buttons no-print">
                        <button data-testid="undo" on:click=undo>{tr("悔棋", "Take back")}</button>
                        <button data-testid="flip" on:click=move |_| flipped.update(|f| *f = !*f)>{tr("翻转棋盘", "Flip board")}</button>
                    </div>
                </div>
                <div class="judge-side">
                    <GamePanel game=game />
                    <form class="judge-form no-print" on:submit=move |ev| ev.prevent_default()>
                        <label>
                            {tr("起始局面 FEN", "Start position (FEN)")}
                            <input
                                type="text"
                                data-testid="fen-input"
                                prop:value=move || fen_text.get()
                                on:input=move |ev| fen_text.set(event_target_value(&ev))
                            />
                        </label>
                        <button type="button" data-testid="new-game" on:click=new_game>{tr("从此局面开始", "Start from this position")}</button>
                        <label>
                            {tr("着法（ICCS，空格分隔）", "Moves (ICCS, separated by spaces)")}
                            <textarea
                                data-testid="moves-input"
                                rows="4"
                                prop:value=move || moves_text.get()
                                on:input=move |ev| moves_text.set(event_target_value(&ev))
                            ></textarea>
                        </label>
                        <button type="button" data-testid="load" on:click=load>{tr("载入并裁决", "Load and judge")}</button>
                        <label>
                            {tr("自然限着（回合）", "Move limit (moves)")}
                            <input
                                type="number"
                                min="1"
                                data-testid="limit"
                                prop:value=move || game.with(|g| g.move_limit().to_string())
                                on:change=set_limit
                            />
                        </label>
                    </form>
                    <p class="record">{tr("着法记录：", "Record: ")}<code data-testid="moves">{record}</code></p>
                    <p class="start-fen">"FEN: " <code data-testid="fen">{move || position.with(|p| p.fen())}</code></p>
                    <p class="hint no-print">
                        {tr("默认起始局面：", "Default start: ")}<code>{START_FEN}</code>
                    </p>
                </div>
            </div>
        </section>
    }
}
