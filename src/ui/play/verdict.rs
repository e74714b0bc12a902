//! The game's state beside the board: the status line (`将死 · 红方胜 (第4.1.1条)` once over),
//! the verdict with its clause and the classified cycle, and the 23.1 draw-offer, resignation and
//! takeback controls. Everything shown comes from the core's `Game` through [`Say`].
//!
//! Test contract: `[data-testid=status]` carries `data-result` and `data-reason` once the game has
//! ended; `[data-testid=verdict]` holds the summary (`0-1 perpetual-check 24.1`) in
//! `data-summary` and the explanation in the current language as text;
//! `[data-testid=cycle] tbody tr` lists the classified cycle. Resignation and a draw offer that
//! would be a foul ask first (`[data-testid=confirm]`).

use super::words::{self, GameSaid};
use super::{use_play, Confirm, Mode};
use crate::lang::Say;
use crate::ui::browser::now_ms;
use crate::ui::i18n::{tr, use_lang, Lang};
use crate::xiangqi::session::{PlaySession, RecordedEnd};
use crate::xiangqi::words::Headline;
use crate::xiangqi::Color;
use leptos::prelude::*;

/// The status line before a verdict: the game file's recorded end, or who is to move after how
/// many plies; with the ply viewed when it is not the last.
fn status_line(s: &PlaySession, recorded: Option<RecordedEnd>, l: Lang) -> String {
    let g = s.game();
    let mut text = match recorded {
        Some(e) => e.say(l),
        None => GameSaid::ToMove {
            ply: g.ply(),
            turn: g.position().turn(),
            check: g.position().is_check(),
        }
        .say(l),
    };
    if !s.at_end() {
        text.push_str(&GameSaid::Viewing(s.view()).say(l));
    }
    text
}

/// The status line, the verdict, fouls, a pending offer and the cycle of a repetition.
#[component]
pub fn GameStatus() -> impl IntoView {
    let store = use_play();
    let session = store.session;
    let lang = use_lang();
    let verdict = Memo::new(move |_| session.with(|s| s.game().verdict().cloned()));
    // A game file's own result, where the rules reach none (a resignation the moves do not show).
    let recorded = Memo::new(move |_| session.with(|s| s.recorded_end()));
    let status = move || {
        let l = lang.get();
        match (verdict.get(), recorded.get()) {
            (Some(v), _) => Headline(&v).say(l),
            (None, recorded) => session.with(|s| status_line(s, recorded, l)),
        }
    };
    let result = move || {
        verdict
            .with(|v| v.as_ref().map(|v| v.result_token()))
            .or_else(|| recorded.with(|e| e.as_ref().map(|e| e.result.pgn())))
    };
    let reason = move || {
        verdict
            .with(|v| v.as_ref().map(|v| v.reason_token()))
            .or_else(|| recorded.with(|e| e.as_ref().map(|_| "recorded")))
    };
    let winner = move || {
        result().map(|r| match r {
            "1-0" => "red",
            "0-1" => "black",
            _ => "draw",
        })
    };
    let explain = move || {
        verdict.get().map(|v| {
            let summary = v.summary();
            view! {
                <p class="verdict" data-testid="verdict" data-summary=summary>{move || v.say(lang.get())}</p>
            }
        })
    };
    let fouls = move || {
        let l = lang.get();
        session.with(|s| {
            let g = s.game();
            let (r, b) = (g.fouls(Color::Red), g.fouls(Color::Black));
            (r + b > 0).then(|| GameSaid::Fouls { red: r, black: b }.say(l))
        })
    };
    view! {
        <div class="game-panel" aria-label=tr(words::GAME_STATUS)>
            <p class="game-status" class:over=move || result().is_some() data-winner=winner
                data-testid="status" data-result=result data-reason=reason role="status">{status}</p>
            {explain}
            {move || recorded.with(Option::is_some).then(|| view! {
                <button type="button" class="link-button" data-testid="continue-play"
                    on:click=move |_| session.update(|s| { s.continue_play(); })>{tr(words::CONTINUE_FROM_HERE)}</button>
            })}
            {move || fouls().map(|f| view! { <p class="fouls" data-testid="fouls">{f}</p> })}
            {move || store.note.get().map(|n| view! { <p class="note" data-testid="note" role="status">{move || n.say(lang.get())}</p> })}
            <CycleTable />
        </div>
    }
}

/// The repeated cycle of a repetition verdict, each move classified with its clause.
#[component]
fn CycleTable() -> impl IntoView {
    let session = use_play().session;
    let lang = use_lang();
    move || {
        let l = lang.get();
        session.with(|s| {
            let c = s.game().verdict().and_then(|v| v.cycle.clone())?;
            let rows = c
                .moves
                .iter()
                .map(|m| {
                    view! {
                        <tr class:attack=m.kind.is_attack()>
                            <td>{m.ply}</td>
                            <td>{m.mover.say(l)}</td>
                            <td><code>{m.mv.to_string()}</code></td>
                            <td>{m.kind.say(l)}</td>
                            <td>{m.kind.clause()}</td>
                        </tr>
                    }
                })
                .collect_view();
            Some(view! {
                <table class="cycle" data-testid="cycle">
                    <caption>{tr(words::THE_REPEATED_CYCLE_FIRST)}</caption>
                    <thead>
                        <tr>
                            <th scope="col">{tr(words::PLY)}</th>
                            <th scope="col">{tr(words::SIDE)}</th>
                            <th scope="col">{tr(words::MOVE)}</th>
                            <th scope="col">{tr(words::KIND)}</th>
                            <th scope="col">{tr(words::RULE)}</th>
                        </tr>
                    </thead>
                    <tbody>{rows}</tbody>
                </table>
            })
        })
    }
}

/// A draw offered and not yet answered: against the computer, that it will answer; between two
/// players, the question to the other side with accept and decline.
#[component]
fn OfferBox() -> impl IntoView {
    let store = use_play();
    let session = store.session;
    let lang = use_lang();
    let computer = store.computer;
    let pending = move || session.with(|s| s.game().pending_offer());
    view! {
        {move || pending().filter(|c| computer.get() == Some(c.other())).map(|_| view! {
            <div class="offer-box" role="status">
                <p class="offer" data-testid="offer">
                    {move || words::YOU_OFFERED_A_DRAW.get(lang.get())}
                </p>
            </div>
        })}
        {move || pending().filter(|c| computer.get() != Some(c.other())).map(|c| {
            let text = GameSaid::DrawOffered(c).say(lang.get());
            view! {
                <div class="offer-box" role="status">
                    <p class="offer" data-testid="offer">{text}</p>
                    <button class="primary" data-testid="accept-draw" on:click=move |_| store.act(|g| g.accept_draw().map(|_| None))>
                        {tr(words::ACCEPT_DRAW)}
                    </button>
                    <button data-testid="decline-draw" on:click=move |_| store.act(|g| g.decline_draw().map(|_| None))>
                        {tr(words::DECLINE)}
                    </button>
                </div>
            }
        })}
    }
}

/// Take back, and the draw offer of the side that just moved (23.1).
#[component]
fn TakebackAndOffer() -> impl IntoView {
    let store = use_play();
    let session = store.session;
    let lang = use_lang();
    let editing = move || store.mode.get() == Mode::Edit;
    let over = move || session.with(|s| s.is_over());
    let pending = move || session.with(|s| s.game().pending_offer());
    // Against the computer only the player offers: right after their move, or armed beforehand
    // to be made with their next move (23.1), so a quick reply cannot beat the click; the
    // computer answers by its evaluation and never offers for the player.
    let computer = store.computer;
    let by = move || match computer.get() {
        Some(c) => Some(c.other()),
        None => session.with(|s| s.game().offerer()),
    };
    let armed = move || session.with(|s| s.armed_offer()).is_some() && computer.get().is_some();
    let offer_label = move || {
        let l = lang.get();
        let just_moved = session.with(|s| s.game().offerer());
        match (by(), computer.get()) {
            _ if armed() => words::DRAW_OFFER_ARMED.get(l).into(),
            (Some(c), Some(_)) if just_moved == Some(c) => words::OFFER_A_DRAW_THE.get(l).into(),
            (_, Some(_)) => words::OFFER_DRAW_WITH_NEXT_MOVE.get(l).into(),
            (Some(c), None) => GameSaid::OfferDraw(c).say(l),
            (None, None) => words::OFFER_DRAW_AFTER_MOVE.get(l).into(),
        }
    };
    let offer = move |_| {
        if armed() {
            session.update(|s| s.disarm_offer());
            return;
        }
        let Some(by) = by() else { return };
        if session.with_untracked(|s| s.offer_would_be_foul(by)) {
            store.ask(Confirm::FoulOffer(by));
        } else {
            store.offer(by);
        }
    };
    view! {
        <div class="main-actions">
            <button class="big" data-testid="takeback"
                disabled=move || editing() || session.with(|s| (s.game().ply() == 0 && s.game().verdict().is_none()) || s.recorded_end().is_some())
                on:click=move |_| {
                    session.update(|s| { s.takeback(now_ms()); });
                    store.selected.set(None);
                    store.note.set(None);
                }>
                {tr(words::TAKE_BACK)}
            </button>
            <button class="big" data-testid="offer-draw" title=tr(words::RULE_23_1_OFFER)
                aria-pressed=move || computer.get().is_some().then(|| armed().to_string())
                disabled=move || editing() || over() || by().is_none() || pending().is_some()
                on:click=offer>
                {offer_label}
            </button>
        </div>
    }
}

/// The rarer actions: a new game, redo, the position editor, the previous game back.
#[component]
fn MoreActions() -> impl IntoView {
    let store = use_play();
    let session = store.session;
    let editing = move || store.mode.get() == Mode::Edit;
    view! {
        <details class="menu" data-testid="more">
            <summary>{tr(words::MORE_ACTIONS)}</summary>
            <div class="menu-items">
                <button data-testid="new-game" disabled=editing on:click=move |_| {
                    if session.with_untracked(|s| s.game().ply() > 0) {
                        store.ask(Confirm::NewGame);
                    } else {
                        store.replace(crate::xiangqi::session::PlaySession::from_position(crate::xiangqi::Position::start()));
                    }
                }>{tr(words::START_NEW_GAME)}</button>
                <button data-testid="redo" disabled=move || editing() || session.with(|s| !s.can_redo()) on:click=move |_| {
                    session.update(|s| { s.redo(); });
                }>{tr(words::REDO)}</button>
                // The editor is the full bundle's (`play::Study`).
                {super::has_study().then(|| view! {
                    <button data-testid="edit" disabled=editing on:click=move |_| {
                        store.selected.set(None);
                        store.message.set(None);
                        store.mode.set(Mode::Edit);
                    }>{tr(words::SET_UP_POSITION)}</button>
                })}
                <Show when=move || store.previous.get()>
                    <button data-testid="restore-previous" on:click=move |_| store.restore_previous()>
                        {tr(words::RESTORE_PREVIOUS_GAME)}
                    </button>
                </Show>
            </div>
        </details>
    }
}

/// Takeback, the draw offer of the side that just moved (23.1), the answer to an offer, and
/// resignation; then the rarer actions in a menu. Off while the editor is open.
#[component]
pub fn DrawAndResign() -> impl IntoView {
    let store = use_play();
    let session = store.session;
    let editing = move || store.mode.get() == Mode::Edit;
    let over = move || session.with(|s| s.is_over());
    let resign = move |c: Color| store.ask(Confirm::Resign(c));
    view! {
        <div class="game-actions" role="toolbar" aria-label=tr(words::GAME_ACTIONS)>
            <OfferBox />
            <TakebackAndOffer />
            <div class="resign-actions">
                <button data-testid="resign-red" disabled=move || editing() || over() on:click=move |_| resign(Color::Red)>{tr(words::RED_RESIGNS)}</button>
                <button data-testid="resign-black" disabled=move || editing() || over() on:click=move |_| resign(Color::Black)>{tr(words::BLACK_RESIGNS)}</button>
            </div>
            <MoreActions />
        </div>
    }
}
