//! Solving in a Web Worker, progress and Stop. The page holds no solver of its own (the
//! scheduler's first visit stays under 300 KB); a worker that cannot start is said so in words.

use super::words;
use super::{use_store, Store};
use crate::events::schedule::{Fit, Format, Problem, SolveReport, SolveRequest, WORKER_READY};
use crate::lang::Say;
use crate::ui::browser::now_ms;
use crate::ui::i18n::tr;
use crate::ui::words::SaidBefore;
use leptos::prelude::*;
use wasm_bindgen::{closure::Closure, JsCast, JsValue};

/// The best-so-far timetable is redrawn at most this often while solving: drawing 128 entrants'
/// timetable costs tens of milliseconds, so redrawing on every report made the page stutter.
const REDRAW_MS: f64 = 1500.0;

fn progress_state(store: Store) -> &'static str {
    // The timetable still drawing counts as running: the state says when the page is complete.
    if store.running.get() || store.drawing.get() {
        "running"
    } else if store.fraction.get() >= 1.0 {
        "done"
    } else {
        "idle"
    }
}

pub(super) fn start_solving(store: Store) {
    store.message.set(None);
    let problem = match store.draft.get_untracked().to_problem() {
        Ok(p) => p,
        Err(e) => {
            store.say(&e);
            return;
        }
    };
    let seed = store.seed_number();
    // Only whether it fits is worked out here: building the solver for 128 entrants took a
    // 300 ms task, so the page builds one only when it has to solve itself (no worker).
    let fit = match crate::events::schedule::fit(&problem) {
        Ok(f) => f,
        Err(e) => {
            store.say(&e);
            return;
        }
    };
    // A game scoring keeps its results in a round-robin event, the one the rounds view shows.
    let scoring = store.draft.with_untracked(|d| d.scoring);
    // Groups + knockout keep their game results with the timetable (`Store::games`).
    let groups = matches!(problem.format, Format::GroupsKnockout { .. });
    if scoring.is_game() && !groups {
        let name = store.draft.with_untracked(|d| d.name.trim().to_string());
        let name = if name.is_empty() {
            words::CLUB_EVENT
                .get(store.lang.get_untracked())
                .to_string()
        } else {
            name
        };
        match store.draft.with_untracked(|d| d.event_for(&problem, &name)) {
            Ok(t) => {
                match crate::ui::storage::store_round_robin(store.event_id.get_untracked(), &t) {
                    Ok(id) => {
                        store.event_id.set(Some(id));
                        store.event.set(Some(t));
                    }
                    Err(e) => {
                        store.say(&words::Said::NotSaved(&e));
                        return;
                    }
                }
            }
            Err(e) => {
                store.say(&e);
                return;
            }
        }
    } else {
        store.event_id.set(None);
        store.event.set(None);
    }
    let fits = matches!(fit, Fit::Fits);
    store.fit.set(Some(fit));
    store.results.set(Vec::new());
    store.games.set(Vec::new());
    store.problem.set(Some(problem));
    store.schedule.set(None);
    store.latest.set_value(None);
    store.metrics.set(None);
    store.fraction.set(0.0);
    store.iterations.set(0);
    store.optimal.set(false);
    if !fits {
        store.fraction.set(1.0);
        return;
    }
    store.running.set(true);
    let problem = store.problem.get_untracked();
    if !problem.is_some_and(|p| start_worker(store, &p, seed)) {
        worker_failed(store);
    }
}

/// The worker did not start or died before reporting: the solve ends with a message.
fn worker_failed(store: Store) {
    end_worker(store);
    store.running.set(false);
    store.say(&words::SOLVER_COULD_NOT_START);
}

fn end_worker(store: Store) {
    if let Some(w) = store.worker.get_value() {
        w.terminate();
    }
    store.worker.set_value(None);
}

/// Hands the solve to the Web Worker; `false` if it cannot be started.
fn start_worker(store: Store, problem: &Problem, seed: u64) -> bool {
    end_worker(store);
    let Ok(request) = serde_json::to_string(&SolveRequest {
        problem: problem.clone(),
        seed,
    }) else {
        return false;
    };
    // Resolved against the page, so the app works from any sub-path.
    let Ok(worker) = web_sys::Worker::new("./schedule_worker_loader.js") else {
        return false;
    };
    let onmessage =
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
            let text = ev.data().as_string().unwrap_or_default();
            if text == WORKER_READY {
                // The worker's handler is in place only now: send the job.
                let sent = store.worker.with_value(|w| {
                    w.as_ref()
                        .is_some_and(|w| w.post_message(&JsValue::from_str(&request)).is_ok())
                });
                if !sent {
                    worker_failed(store);
                }
                return;
            }
            let Ok(report) = serde_json::from_str::<SolveReport>(&text) else {
                return;
            };
            if !store.running.get_untracked() {
                return;
            }
            if let Some(e) = report.error {
                store.message.set(Some(SaidBefore::plain(e)));
                store.running.set(false);
                end_worker(store);
                return;
            }
            store.fraction.set(report.fraction);
            store.iterations.set(report.iterations);
            store.optimal.set(report.optimal);
            if let Some(best) = report.schedule {
                let first = store.schedule.with_untracked(Option::is_none);
                if report.done || first || now_ms() as f64 - store.drawn_at.get_value() >= REDRAW_MS
                {
                    store.latest.set_value(None);
                    store.metrics.set(Some((report.metrics, report.bounds)));
                    store.schedule.set(Some(best));
                    store.drawn_at.set_value(now_ms() as f64);
                } else {
                    store
                        .latest
                        .set_value(Some((best, report.metrics, report.bounds)));
                }
            }
            if report.done {
                store.running.set(false);
                end_worker(store);
                store.save();
            }
        });
    let onerror = Closure::<dyn FnMut(web_sys::Event)>::new(move |_: web_sys::Event| {
        // The worker failed to load or crashed before reporting.
        if store.running.get_untracked() && store.iterations.get_untracked() == 0 {
            worker_failed(store);
        }
    });
    worker.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
    worker.set_onerror(Some(onerror.as_ref().unchecked_ref()));
    // The handlers live as long as the page; they are small and one pair per solve.
    onmessage.forget();
    onerror.forget();
    store.worker.set_value(Some(worker));
    true
}

pub(super) fn stop_solving(store: Store) {
    store.running.set(false);
    end_worker(store);
    // With the worker, the last timetable it sent is the best: show it if the throttle held it back.
    if let Some((best, metrics, bounds)) = store.latest.try_update_value(Option::take).flatten() {
        store.metrics.set(Some((metrics, bounds)));
        store.schedule.set(Some(best));
    }
    store.save();
}

/// Solve and Stop, the progress bar and the status line.
#[component]
pub(super) fn SolveBar() -> impl IntoView {
    let store = use_store();
    view! {
        <div class="solve-bar no-print">
            <button data-testid="solve" on:click=move |_| start_solving(store) disabled=move || store.running.get()>
                {tr(words::SOLVE)}
            </button>
            <button data-testid="stop" on:click=move |_| stop_solving(store) disabled=move || !store.running.get()>
                {tr(words::STOP)}
            </button>
            <progress
                data-testid="progress"
                max="1"
                prop:value=move || store.fraction.get()
                aria-label=tr(words::SOLVING_PROGRESS)
                data-state=move || progress_state(store)
                data-engine="worker"
            ></progress>
            <span class="status" data-testid="status" aria-live="polite">
                {move || status_words(store)}
            </span>
        </div>
    }
}

/// 470151 → "470,151": long counts are read in groups of three.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// "进度 100% · 已尝试 470,151 个方案 · 完成": every figure with its words.
fn status_words(store: Store) -> String {
    let lang = store.lang.get();
    let pct = (store.fraction.get() * 100.0).round() as u32;
    let tried = grouped(store.iterations.get());
    let state = if store.running.get() {
        words::SOLVING
    } else if store.optimal.get() {
        words::BOUNDS_REACHED_OPTIMAL
    } else if store.fraction.get() >= 1.0 {
        words::DONE
    } else {
        words::NOT_STARTED
    };
    words::Progress {
        percent: pct,
        tried: &tried,
        state,
    }
    .say(lang)
}
