//! The classic endgames (残局) on `#/train`: a study of the dataset at the board, played out
//! against the engine worker to the end (the game's verdict under the 1999 rules), its published
//! solution as the hint and on request.

use super::words::{self, Said};
use super::{board, fetch, use_train, Train, DATA};
use crate::lang::Say;
use crate::train::duel::{Duel, Outcome};
use crate::train::puzzle::Collection;
use crate::train::shard::Shard;
use crate::ui::board::{Board, Brush, Looks, Mark};
use crate::ui::i18n::{tr, use_lang};
use crate::xiangqi::words::Headline;
use crate::xiangqi::{Color, Move, Square};
use leptos::prelude::*;

/// How long the engine thinks on each of its moves, at full strength.
const ENGINE_MS: u64 = 1000;

/// Fetches the next endgame shard, then opens study `at` if it is loaded.
pub(super) fn fetch_studies(train: Train, at: usize) {
    let file = train.index.with_untracked(|i| {
        let fetched = train.fetched.get_value();
        i.as_ref()?
            .shards_of(Collection::Endgames)
            .find(|s| !fetched.contains(&s.file))
            .map(|s| s.file.clone())
    });
    let Some(file) = file else {
        return open_study(train, at);
    };
    train.fetched.update_value(|f| {
        f.insert(file.clone());
    });
    fetch::text(&format!("{DATA}{file}"), move |text| {
        match text.as_deref().map(Shard::parse) {
            Some(Ok(shard)) => train.studies.update(|s| s.extend(shard.puzzles)),
            _ => train.note.set(Some(super::Note::NotLoaded)),
        }
        open_study(train, at);
    });
}

/// Opens study `at` (fetching the next shard when it is past those loaded).
pub(super) fn open_study(train: Train, at: usize) {
    train.engine.stop();
    let study = train.studies.with_untracked(|s| s.get(at).cloned());
    match study {
        Some(p) => {
            train.study_at.set(at);
            train.marks.set(Vec::new());
            train.solution_shown.set(false);
            train.duel.set(Some(Duel::new(&p)));
        }
        None if train.studies.with_untracked(|s| at > s.len()) => {}
        None => {
            let more = train.index.with_untracked(|i| {
                let fetched = train.fetched.get_value();
                i.as_ref().is_some_and(|i| {
                    i.shards_of(Collection::Endgames)
                        .any(|s| !fetched.contains(&s.file))
                })
            });
            if more {
                fetch_studies(train, at);
            }
        }
    }
}

/// The player's move, then the engine's answer.
fn enter(train: Train, m: Move) {
    train.selected.set(None);
    train.marks.set(Vec::new());
    let played = train
        .duel
        .try_update(|d| d.as_mut().map(|d| d.play(m).is_ok()))
        .flatten()
        .unwrap_or(false);
    if played {
        answer(train);
    }
}

fn answer(train: Train) {
    let Some((fen, moves)) = train
        .duel
        .with_untracked(|d| d.as_ref().filter(|d| d.engine_to_move()).map(Duel::request))
    else {
        return;
    };
    let asked = moves.len();
    train.engine.best(fen, moves, ENGINE_MS, move |best| {
        train.duel.update(|d| {
            if let (Some(d), Some(m)) = (d.as_mut(), best) {
                // Only for the position asked about: a restart may have come between.
                if d.game().ply() == asked {
                    let _ = d.reply(m);
                }
            }
        });
    });
}

/// The published solution's next move: its piece circled, while the game follows the record.
fn hint(train: Train) {
    if let Some(m) = train
        .duel
        .with_untracked(|d| d.as_ref().and_then(Duel::record_move))
    {
        train.marks.set(vec![Mark::Circle(m.from, Brush::Green)]);
    }
}

fn on_point(train: Train, sq: Square) {
    if let Some(pos) = train
        .duel
        .with_untracked(|d| d.as_ref().map(|d| d.game().position().clone()))
    {
        board::pick(train.selected, &pos, sq, |m| enter(train, m));
    }
}

/// The study at the board, its status and controls.
#[component]
pub(super) fn EndgameArea() -> impl IntoView {
    let train = use_train();
    let duel = train.duel;
    let pos = Memo::new(move |_| duel.with(|d| d.as_ref().map(|d| d.game().position().clone())));
    let board::Shown {
        setup,
        check,
        targets,
        last,
    } = board::shown(
        pos,
        train.selected,
        Box::new(move || duel.with(|d| d.as_ref().and_then(|d| d.game().moves().last().copied()))),
    );
    let looks = Memo::new(move |_| Looks {
        flipped: duel.with(|d| d.as_ref().is_some_and(|d| d.player() == Color::Black)),
        animate: true,
        far_upside_down: false,
    });
    let over = move || duel.with(|d| d.as_ref().and_then(Duel::outcome)).is_some();
    // The published solution, shown on request (hidden again by the next study).
    let shown = train.solution_shown;
    view! {
        <div class="train-play">
            <div class="board-wrap" data-testid="endgame-board" data-over=move || over().then_some("true")>
                <Board setup=setup check=check looks=looks selected=train.selected targets=targets last_move=last
                    on_point=Callback::new(move |sq| on_point(train, sq))
                    on_drag=Callback::new(move |(a, b)| enter(train, Move::new(a, b)))
                    marks=train.marks />
            </div>
            <aside class="train-panel">
                <EndgameStatus />
                <div class="train-controls">
                    <button type="button" data-testid="endgame-hint" disabled=move || duel.with(|d| d.as_ref().and_then(Duel::record_move)).is_none()
                        on:click=move |_| hint(train)>{tr(words::HINT)}</button>
                    <button type="button" data-testid="endgame-show-solution"
                        on:click=move |_| shown.set(true)>{tr(words::SHOW_SOLUTION)}</button>
                    <button type="button" data-testid="endgame-restart" on:click=move |_| {
                        train.engine.stop();
                        train.marks.set(Vec::new());
                        duel.update(|d| if let Some(d) = d.as_mut() { d.restart() });
                    }>{tr(words::START_AGAIN)}</button>
                    <button type="button" class="primary" data-testid="endgame-next"
                        on:click=move |_| open_study(train, train.study_at.get_untracked() + 1)>{tr(words::NEXT_STUDY)}</button>
                </div>
                <Solution shown=shown />
            </aside>
        </div>
    }
}

/// Whose side the player has, the engine thinking, the verdict and what it means for the player.
#[component]
fn EndgameStatus() -> impl IntoView {
    let train = use_train();
    let lang = use_lang();
    let duel = train.duel;
    let text = move || {
        let l = lang.get();
        duel.with(|d| {
            let d = d.as_ref()?;
            Some(match (d.verdict(), d.outcome()) {
                (Some(v), Some(o)) => {
                    let end = match o {
                        Outcome::Won => words::YOU_WON,
                        Outcome::Drawn if d.puzzle().draw => words::YOU_HELD_THE_DRAW,
                        Outcome::Drawn => words::A_DRAW,
                        Outcome::Lost => words::THE_ENGINE_WON,
                    };
                    format!("{} {}", Headline(v).say(l), end.get(l))
                }
                _ if d.engine_to_move() => words::ENGINE_THINKS.get(l).to_string(),
                _ if d.puzzle().draw => Said::HoldTheDraw(d.player()).say(l),
                _ => Said::PlayItOut(d.player()).say(l),
            })
        })
    };
    let title = move || {
        duel.with(|d| {
            d.as_ref().map(|d| {
                // The study's number (its file) and its name (the event it was played in).
                let s = &d.puzzle().source;
                [&s.game, &s.event]
                    .into_iter()
                    .filter(|t| !t.is_empty())
                    .cloned()
                    .collect::<Vec<_>>()
                    .join(" · ")
            })
        })
    };
    let kind = move || match duel.with(|d| d.as_ref().and_then(Duel::goal_met)) {
        Some(true) => "good",
        Some(false) => "bad",
        None => "info",
    };
    view! {
        <p class="train-status" data-testid="endgame-status" data-kind=kind role="status" aria-live="polite">{text}</p>
        <p class="train-source" data-testid="endgame-source">
            <span>{tr(words::SOURCE)}</span><span translate="no">{title}</span>
            <span class="credit" translate="no">" ("{words::DATASET}")"</span>
        </p>
    }
}

/// The study's published solution once `shown`, a line a move (回合), and whether the game left it.
#[component]
fn Solution(shown: RwSignal<bool>) -> impl IntoView {
    let train = use_train();
    let duel = train.duel;
    let text = move || {
        duel.with(|d| {
            let d = d.as_ref()?;
            let mut texts = d.solution();
            if d.puzzle().start().turn() == Color::Black {
                texts.insert(0, "…".into());
            }
            let rows: Vec<String> = texts
                .chunks(2)
                .enumerate()
                .map(|(i, pair)| format!("{}. {}", i + 1, pair.join(" ")))
                .collect();
            Some(rows.join("\n"))
        })
    };
    let off = move || {
        duel.with(|d| {
            d.as_ref().is_some_and(|d| {
                d.verdict().is_none() && !d.puzzle().moves.starts_with(d.game().moves())
            })
        })
    };
    view! {
        <div class="train-solution" data-testid="endgame-solution" hidden=move || !shown.get()>
            <p class="hint">{tr(words::SOLUTION_TITLE)}</p>
            <p class="hint" data-testid="endgame-off-record" hidden=move || !off()>{tr(words::OFF_THE_RECORD)}</p>
            <p class="train-solution-moves" data-testid="endgame-solution-moves" translate="no">{text}</p>
        </div>
    }
}
