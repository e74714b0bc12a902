//! The puzzle at the board (`#/play`'s board component): the opponent's move first, the
//! player's moves checked by [`Solving`], the replies after a short pause, hint, solution, the
//! refutation of a wrong move from the engine worker, and the next puzzle.

use super::words::{self, Said};
use super::{board, use_train, Mode, Note, Streak, Train};
use crate::lang::Say;
use crate::train::session::{Attempt, Stage};
use crate::ui::board::{Board, Brush, Looks, Mark};
use crate::ui::i18n::{tr, use_lang};
use crate::xiangqi::notation::chinese;
use crate::xiangqi::{Color, Move, Square};
use leptos::prelude::*;
use std::time::Duration;

/// The pause before a move the page plays by itself, so the eye can follow it.
const REPLY_MS: u64 = 450;

/// Plays the opponent's last move after a pause, then asks for the solver's.
pub(super) fn play_opening(train: Train) {
    let id = train
        .solving
        .with_untracked(|s| s.as_ref().map(|s| s.puzzle().id.clone()));
    set_timeout(
        move || {
            // Only for the puzzle still open: "next" may have been pressed meanwhile.
            if train
                .solving
                .with_untracked(|s| s.as_ref().map(|s| s.puzzle().id.clone()))
                != id
            {
                return;
            }
            let mut played = false;
            train.solving.update(|s| {
                if let Some(s) = s.as_mut() {
                    played = s.play_reply().is_some();
                }
            });
            if played {
                let turn = train
                    .solving
                    .with_untracked(|s| s.as_ref().map(|s| s.position().turn()));
                let stage = train
                    .solving
                    .with_untracked(|s| s.as_ref().map(|s| s.stage()));
                if stage == Some(Stage::Solving)
                    && !matches!(
                        train.note.get_untracked(),
                        Some(Note::Solved(_)) | Some(Note::SolvedWithHelp)
                    )
                {
                    if let Some(t) = turn {
                        train.note.update(|n| {
                            if n.is_none() || matches!(n, Some(Note::Right) | Some(Note::Find(_))) {
                                *n = Some(Note::Find(t));
                            }
                        });
                    }
                }
            }
        },
        Duration::from_millis(REPLY_MS),
    );
}

/// The solver's move: right (the reply follows), solved, wrong (said, rated, a streak ends).
fn enter(train: Train, m: Move) {
    train.selected.set(None);
    train.marks.set(Vec::new());
    let Some(attempt) = train
        .solving
        .try_update(|s| s.as_mut().map(|s| s.try_move(m)))
        .flatten()
    else {
        return;
    };
    match attempt {
        Attempt::Right => {
            train.note.set(Some(Note::Right));
            play_opening(train);
        }
        Attempt::Solved => solved(train),
        Attempt::Wrong => {
            train.rate(false);
            train.note.set(Some(Note::Wrong));
            if train.mode.get_untracked() == Mode::Streak {
                end_streak(train);
            }
        }
        Attempt::Illegal(_) | Attempt::NotNow => {}
    }
}

/// After the last move of the line: rated, and a streak goes on.
fn solved(train: Train) {
    let clean = train
        .solving
        .with_untracked(|s| s.as_ref().is_some_and(|s| s.clean()));
    if clean {
        train.rate(true);
        if train.mode.get_untracked() == Mode::Streak {
            let rating = train
                .solving
                .with_untracked(|s| s.as_ref().map_or(0.0, |s| s.puzzle().rating));
            train.streak.update(|k| {
                k.solved += 1;
                k.last = rating;
            });
        }
    } else {
        train.rate(false);
        train.note.set(Some(Note::SolvedWithHelp));
    }
}

fn end_streak(train: Train) {
    let n = train.streak.get_untracked().solved;
    train.streak.update(|k| k.over = true);
    train
        .progress
        .update(|p| p.best_streak = p.best_streak.max(n));
    train.save();
    train.note.set(Some(Note::StreakOver(n)));
}

/// The board's click: pick up one of the solver's pieces, or move the picked one.
fn on_point(train: Train, sq: Square) {
    if let Some(pos) = train
        .solving
        .with_untracked(|s| s.as_ref().map(|s| s.position().clone()))
    {
        board::pick(train.selected, &pos, sq, |m| enter(train, m));
    }
}

/// The board with the puzzle, and the panel beside it.
#[component]
pub(super) fn SolveArea() -> impl IntoView {
    let train = use_train();
    let position = Memo::new(move |_| {
        train
            .solving
            .with(|s| s.as_ref().map(|s| s.position().clone()))
    });
    let board::Shown {
        setup,
        check,
        targets,
        last: last_move,
    } = board::shown(
        position,
        train.selected,
        Box::new(move || {
            train
                .solving
                .with(|s| s.as_ref().and_then(|s| s.last_move()))
        }),
    );
    // The solver's side at the bottom.
    let looks = Memo::new(move |_| Looks {
        flipped: train
            .solving
            .with(|s| s.as_ref().is_some_and(|s| s.solver() == Color::Black)),
        animate: true,
        far_upside_down: false,
    });
    let stage = move || train.solving.with(|s| s.as_ref().map(|s| s.stage()));
    view! {
        <div class="train-play">
            <div class="board-wrap" data-stage=move || stage().map(|s| match s {
                Stage::Intro => "intro", Stage::Solving => "solving", Stage::Wrong(_) => "wrong", Stage::Solved => "solved",
            })>
                <Board setup=setup check=check looks=looks selected=train.selected targets=targets last_move=last_move
                    on_point=Callback::new(move |sq| on_point(train, sq))
                    on_drag=Callback::new(move |(a, b)| enter(train, Move::new(a, b)))
                    marks=train.marks />
            </div>
            <aside class="train-panel">
                <Status />
                <Controls />
                <super::sets::SetNoteLine id="set-note" />
                <SourceLine />
            </aside>
        </div>
    }
}

/// What the player is to do, and what their last move did.
#[component]
fn Status() -> impl IntoView {
    let train = use_train();
    let lang = use_lang();
    let text = move || {
        let l = lang.get();
        match train.note.get()? {
            Note::Find(c) => Some(Said::FindTheMove(c).say(l)),
            Note::Right => Some(words::RIGHT.get(l).into()),
            Note::Solved(d) => Some(format!(
                "{} {}",
                words::SOLVED.get(l),
                Said::RatingChange(d).say(l)
            )),
            Note::SolvedWithHelp => Some(words::SOLVED_WITH_HELP.get(l).into()),
            Note::Wrong => Some(words::WRONG.get(l).into()),
            Note::Hint => Some(words::HINT_SHOWN.get(l).into()),
            Note::Thinking => Some(words::THINKING.get(l).into()),
            Note::Refutation(m) => Some(Said::Refutation(m).say(l)),
            Note::NoMore => Some(words::NO_MORE_PUZZLES.get(l).into()),
            Note::StreakOver(n) => Some(Said::StreakOver(n).say(l)),
            Note::NotLoaded => Some(words::DATA_NOT_LOADED.get(l).into()),
        }
    };
    let kind = move || match train.note.get() {
        Some(Note::Wrong | Note::StreakOver(_) | Note::NotLoaded) => "bad",
        Some(Note::Right | Note::Solved(_)) => "good",
        _ => "info",
    };
    let streak = move || {
        (train.mode.get() == Mode::Streak).then(|| {
            let n = train.streak.get().solved;
            view! {
                <p class="hint">{tr(words::STREAK_RULES)}</p>
                <p class="train-streak" data-testid="train-streak" data-count=n>{move || Said::StreakSoFar(n).say(lang.get())}</p>
            }
        })
    };
    view! {
        {streak}
        <p class="train-status" data-testid="train-status" data-kind=kind role="status" aria-live="polite">{text}</p>
    }
}

/// Hint, solution, try again, why not, next.
#[component]
fn Controls() -> impl IntoView {
    let train = use_train();
    let stage = move || train.solving.with(|s| s.as_ref().map(|s| s.stage()));
    let solving = move || stage() == Some(Stage::Solving);
    let wrong = move || matches!(stage(), Some(Stage::Wrong(_)));
    let streak_over = move || train.mode.get() == Mode::Streak && train.streak.get().over;
    let hint = move |_| {
        let at = train
            .solving
            .try_update(|s| s.as_mut().and_then(|s| s.hint()))
            .flatten();
        if let Some(sq) = at {
            train.rate(false);
            train.marks.set(vec![Mark::Circle(sq, Brush::Green)]);
            train.note.set(Some(Note::Hint));
        }
    };
    let solution = move |_| {
        train.marks.set(Vec::new());
        let shown = train
            .solving
            .try_update(|s| s.as_mut().and_then(|s| s.show_move()))
            .flatten();
        if shown.is_some() {
            train.rate(false);
            if train
                .solving
                .with_untracked(|s| s.as_ref().map(|s| s.stage()))
                == Some(Stage::Solved)
            {
                solved(train);
            } else {
                train.note.set(None);
                play_opening(train);
            }
        }
    };
    let retry = move |_| {
        train.marks.set(Vec::new());
        train.solving.update(|s| {
            if let Some(s) = s.as_mut() {
                s.retry()
            }
        });
        let turn = train
            .solving
            .with_untracked(|s| s.as_ref().map(|s| s.position().turn()));
        train.note.set(turn.map(Note::Find));
    };
    let next = move |_| {
        if streak_over() {
            train.streak.set(Streak::default());
            train.seen.update_value(|s| s.clear());
        }
        train.next();
    };
    view! {
        <div class="train-controls">
            <Show when=move || train.mode.get() == Mode::Puzzles>
                <button type="button" data-testid="train-hint" disabled=move || !solving() on:click=hint>{tr(words::HINT)}</button>
                <button type="button" data-testid="train-solution" disabled=move || !(solving() || wrong()) on:click=solution>{tr(words::SOLUTION)}</button>
            </Show>
            <Show when=move || wrong() && !streak_over()>
                <button type="button" data-testid="train-retry" on:click=retry>{tr(words::TRY_AGAIN)}</button>
            </Show>
            <Show when=wrong>
                <button type="button" data-testid="train-refutation" on:click=move |_| refute(train)>{tr(words::SHOW_REFUTATION)}</button>
            </Show>
            <button type="button" data-testid="train-add-to-set" disabled=move || stage().is_none()
                on:click=move |_| super::sets::add_open_puzzle(train)>{tr(words::ADD_TO_SET)}</button>
            <button type="button" class="primary" data-testid="train-next" on:click=next>
                {move || if streak_over() { tr(words::START_STREAK)() } else { tr(words::NEXT_PUZZLE)() }}
            </button>
        </div>
    }
}

/// Asks the engine for the opponent's best answer to the wrong move, and shows it as an arrow.
fn refute(train: Train) {
    let Some(pos) = train
        .solving
        .with_untracked(|s| s.as_ref().map(|s| s.position().clone()))
    else {
        return;
    };
    train.note.set(Some(Note::Thinking));
    train.engine.best(pos.fen(), Vec::new(), 700, move |best| {
        let Some(m) = best.filter(|m| pos.is_legal(*m)) else {
            train.note.set(Some(Note::Wrong));
            return;
        };
        train.marks.set(vec![Mark::Arrow(m.from, m.to, Brush::Red)]);
        train
            .note
            .set(Some(Note::Refutation(chinese::write(&pos, m))));
    });
}

/// Where the puzzle comes from, with the dataset's credit.
#[component]
fn SourceLine() -> impl IntoView {
    let train = use_train();
    let lang = use_lang();
    let line = move || {
        train.solving.with(|s| {
            let src = &s.as_ref()?.puzzle().source;
            let l = lang.get();
            let mut parts: Vec<String> = [&src.red, &src.black]
                .iter()
                .filter(|t| !t.is_empty())
                .map(|t| t.to_string())
                .collect();
            if parts.len() == 2 {
                parts = vec![format!("{} – {}", parts[0], parts[1])];
            }
            parts.extend(
                [&src.game, &src.event, &src.date]
                    .iter()
                    .filter(|t| !t.is_empty())
                    .map(|t| t.to_string()),
            );
            if src.move_number > 0 {
                parts.push(Said::MoveNumber(src.move_number).say(l));
            }
            Some(parts.join(" · "))
        })
    };
    let rating = move || {
        train.solving.with(|s| {
            s.as_ref()
                .map(|s| (s.puzzle().rating.round() as i64).to_string())
        })
    };
    view! {
        <p class="train-source" data-testid="train-source">
            <span>{tr(words::SOURCE)}</span><span translate="no">{line}</span>
            <span class="credit" translate="no">" ("{words::DATASET}")"</span>
        </p>
        <p class="train-puzzle-rating">{tr(words::PUZZLE_RATING)}" "<span data-testid="puzzle-rating">{rating}</span></p>
    }
}
