//! The computer on the play page: play against it (side, level, time per move), a hint
//! (arrow and Chinese notation), analysis (evaluation bar and number from Red's side, the best
//! line, or the best 2–3 lines each with its score and its arrow weighted by rank, in the chosen
//! notation, depth, nodes per second), a teacher's "show threats", stop and move now.
//!
//! The search runs in a Web Worker (`engine_worker`), created on first use so its code is not part
//! of the first page load. A search cannot be interrupted from outside, so stop and move now end
//! the worker and keep its last report; the next job starts a fresh one.

use super::words;
use super::Note;
use crate::engine::job::{EngineReport, EngineRequest, JobError, Task, WORKER_READY};
use crate::engine::{Level, Limits, Score};
use crate::lang::{Say, Text};
use crate::ui::board::{Brush, Mark, Weight};
use crate::ui::browser::now_ms;
use crate::ui::i18n::{tr, use_lang, Lang};
use crate::xiangqi::notation::{self, Notation};
use crate::xiangqi::rules::attacks::with_turn_passed;
use crate::xiangqi::session::PlaySession;
use crate::xiangqi::{Color, Move, Position};
use leptos::prelude::*;
use wasm_bindgen::{closure::Closure, JsCast, JsValue};

/// What the current search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Job {
    /// The computer's move in the game.
    Play,
    /// A hint for the side to move.
    Hint,
    /// What the side not to move threatens.
    Threats,
    /// Continuous analysis of the shown position.
    Analysis,
}

/// The worker and the request waiting for it to be ready.
struct Worker {
    worker: web_sys::Worker,
    ready: bool,
    busy: bool,
    pending: Option<String>,
}

/// A message of the computer's panels (the engine's and the review's), kept as what it says so
/// that the language button says it again.
#[derive(Clone, Debug, PartialEq)]
pub enum EngineNote {
    /// A fixed sentence: the worker did not start, no threats to show, the download failed.
    Fixed(Text),
    /// Why the worker could not search the request.
    Refused(JobError),
}

#[derive(Clone, Copy)]
struct Ctx {
    session: RwSignal<PlaySession>,
    marks: RwSignal<Vec<Mark>>,
    computer: RwSignal<Option<Color>>,
    level: RwSignal<u8>,
    think_ms: RwSignal<u64>,
    /// How many best lines the analysis shows (1..=3).
    lines: RwSignal<u8>,
    /// Evaluate with the learned network (on unless the player turns it off).
    network: RwSignal<bool>,
    analysing: RwSignal<bool>,
    /// The running job: its id and kind.
    current: RwSignal<Option<(u64, Job)>>,
    /// The last report of the running (or last) job, with the position its line starts from.
    report: RwSignal<Option<(EngineReport, Position, Job)>>,
    /// The hint or threat found, with its job kind.
    found: RwSignal<Option<(Move, Position, Job)>>,
    message: RwSignal<Option<EngineNote>>,
    /// The page's note under the game status: the computer's answer to a draw offer.
    note: RwSignal<Option<Note>>,
    next_id: StoredValue<u64>,
    worker: StoredValue<Option<Worker>, LocalStorage>,
    /// The position the running job searches from (after a pass for threats).
    job_root: StoredValue<Option<Position>, LocalStorage>,
    /// The analysis's arrows last drawn, so a report that changes none of them redraws nothing.
    line_arrows: StoredValue<Vec<Mark>>,
}

/// The most lines the analysis offers to show.
const MAX_LINES: u8 = 3;

fn level_name(n: u8, lang: Lang) -> String {
    let text = match n {
        1 => words::BEGINNER,
        2 => words::NOVICE,
        3 => words::CASUAL,
        4 => words::CLUB,
        5 => words::ADVANCED,
        6 => words::STRONG,
        7 => words::EXPERT,
        _ => words::FULL_STRENGTH,
    };
    let elo = Level::new(n).elo();
    format!("{n} · {} · {} ≈{elo}", text.get(lang), words::ELO.get(lang))
}

/// The evaluation as a player reads it: pawns from Red's side, or a mate count.
fn score_text(s: Score, lang: Lang) -> String {
    match s {
        // Integer formatting: float formatting would cost every page's download.
        Score::Cp(c) => {
            let sign = if c < 0 { '-' } else { '+' };
            format!(
                "{sign}{}.{:02}",
                c.unsigned_abs() / 100,
                c.unsigned_abs() % 100
            )
        }
        Score::Mate(m) if m > 0 => words::MatesIn::Red(m).say(lang),
        Score::Mate(m) => words::MatesIn::Black(-m).say(lang),
    }
}

/// A time per move in seconds: `500` is "0.5 s" ("0.5 秒"), `2000` is "2 s".
fn seconds(ms: u64, lang: Lang) -> String {
    let unit = words::S.get(lang);
    match ms % 1000 {
        0 => format!("{} {unit}", ms / 1000),
        frac => format!(
            "{}.{} {unit}",
            ms / 1000,
            format!("{frac:03}").trim_end_matches('0')
        ),
    }
}

/// What a centipawn score counts, and from whose side: said beside the number.
fn score_unit(s: Score, lang: Lang) -> Option<&'static str> {
    matches!(s, Score::Cp(_)).then(|| words::PAWNS_FROM_REDS_SIDE.get(lang))
}

/// Red's share of the bar, 0..=1.
fn red_share(s: Score) -> f64 {
    match s {
        Score::Cp(c) => 1.0 / (1.0 + (-(c as f64) / 400.0).exp()),
        Score::Mate(m) if m > 0 => 1.0,
        Score::Mate(_) => 0.0,
    }
}

/// The line in `notation`, played out from `root` (stops at the first move that does not fit).
fn line_text(root: &Position, pv: &[String], notation: Notation) -> String {
    let mut pos = root.clone();
    let mut moves = Vec::new();
    for s in pv {
        let Some(m) = Move::from_iccs(s).filter(|m| pos.is_legal(*m)) else {
            break;
        };
        moves.push(notation::write(&pos, m, notation));
        pos.play_unchecked(m);
    }
    moves.join(" ")
}

impl Ctx {
    fn end_worker(self) {
        if let Some(w) = self.worker.try_update_value(|w| w.take()).flatten() {
            w.worker.terminate();
        }
    }

    /// The worker, created on first use.
    fn ensure_worker(self) -> bool {
        if self.worker.with_value(|w| w.is_some()) {
            return true;
        }
        let Ok(worker) = web_sys::Worker::new("./engine_worker_loader.js") else {
            return false;
        };
        let onmessage =
            Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
                let text = ev.data().as_string().unwrap_or_default();
                if text == WORKER_READY {
                    self.worker.update_value(|w| {
                        if let Some(w) = w.as_mut() {
                            w.ready = true;
                            if let Some(req) = w.pending.take() {
                                w.busy = w.worker.post_message(&JsValue::from_str(&req)).is_ok();
                            }
                        }
                    });
                    return;
                }
                if let Ok(report) = serde_json::from_str::<EngineReport>(&text) {
                    self.on_report(report);
                }
            });
        let onerror = Closure::<dyn FnMut(web_sys::Event)>::new(move |_: web_sys::Event| {
            self.end_worker();
            self.current.set(None);
            self.message
                .set(Some(EngineNote::Fixed(words::ENGINE_COULD_NOT_START)));
        });
        worker.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
        worker.set_onerror(Some(onerror.as_ref().unchecked_ref()));
        onmessage.forget();
        onerror.forget();
        self.worker.set_value(Some(Worker {
            worker,
            ready: false,
            busy: false,
            pending: None,
        }));
        true
    }

    fn on_report(self, report: EngineReport) {
        let Some((id, job)) = self.current.get_untracked() else {
            return;
        };
        if report.id != id {
            return;
        }
        if let Some(e) = &report.error {
            self.message.set(Some(EngineNote::Refused(e.clone())));
            self.finish();
            return;
        }
        if report.network_failed.is_some() && self.network.get_untracked() {
            // The search goes on with the hand-written evaluation: the switch says so too.
            self.network.set(false);
            self.message
                .set(Some(EngineNote::Fixed(words::NETWORK_NOT_LOADED)));
        }
        let root = self.job_root.get_value();
        if let Some(root) = root.clone() {
            if job == Job::Analysis {
                self.show_best(&report, &root);
            }
            self.report.set(Some((report.clone(), root, job)));
        }
        if report.done {
            self.finish();
            let best = report.best.as_deref().and_then(Move::from_iccs);
            self.conclude(job, best, root);
        }
    }

    /// Analysis draws its current best move (or each line's first move, weighted by rank),
    /// replacing a hint's arrow that it has moved on from.
    fn show_best(self, report: &EngineReport, root: &Position) {
        let Some(m) = report.pv.first().and_then(|m| Move::from_iccs(m)) else {
            return;
        };
        let arrows = if report.lines.len() > 1 {
            report
                .lines
                .iter()
                .filter_map(|l| l.pv.first().and_then(|m| Move::from_iccs(m)))
                .enumerate()
                .map(|(k, m)| Mark::Weighted(m.from, m.to, Brush::Blue, Weight::of_rank(k)))
                .collect()
        } else {
            vec![Mark::Arrow(m.from, m.to, Brush::Blue)]
        };
        let shown = self
            .found
            .with_untracked(|f| f.as_ref().map(|(m, p, _)| (*m, p == root)));
        if shown != Some((m, true)) || self.line_arrows.with_value(|a| *a != arrows) {
            self.line_arrows.set_value(arrows.clone());
            self.marks.set(arrows);
            self.found.set(Some((m, root.clone(), Job::Analysis)));
        }
    }

    /// Acts on a finished (or cut short) job's move.
    fn conclude(self, job: Job, best: Option<Move>, root: Option<Position>) {
        let (Some(m), Some(root)) = (best, root) else {
            return;
        };
        match job {
            Job::Play => {
                let still = self
                    .session
                    .with_untracked(|s| s.at_end() && *s.shown() == root);
                let offered = self.session.with_untracked(|s| {
                    s.game().pending_offer() == Some(s.game().position().turn().other())
                });
                if still && offered {
                    // The player offered a draw while the computer thought: it answers first,
                    // by its own search's score (rule 23.1), and moves only if it declines.
                    let own = self.report.with_untracked(|r| {
                        r.as_ref().filter(|(_, p, _)| *p == root).map(|(r, _, _)| {
                            match root.turn() {
                                Color::Red => r.score_red,
                                Color::Black => r.score_red.negate(),
                            }
                        })
                    });
                    let Some(own) = own else { return };
                    let answer = self
                        .session
                        .try_update(|s| s.computer_answers_offer(own, now_ms()));
                    if let Some(Ok(accepted)) = answer {
                        self.note.set(Some(Note::ComputerAnswer(accepted)));
                        if accepted {
                            return;
                        }
                    }
                }
                if still {
                    self.session.update(|s| {
                        let _ = s.enter(m, false, now_ms());
                    });
                    self.marks.set(Vec::new());
                }
            }
            Job::Hint | Job::Threats => {
                // Threats in red, as the side not to move would play them; hints in blue.
                let brush = if job == Job::Threats {
                    Brush::Red
                } else {
                    Brush::Blue
                };
                self.marks.set(vec![Mark::Arrow(m.from, m.to, brush)]);
                self.found.set(Some((m, root, job)));
            }
            Job::Analysis => {}
        }
    }

    fn finish(self) {
        self.current.set(None);
        self.worker.update_value(|w| {
            if let Some(w) = w.as_mut() {
                w.busy = false;
            }
        });
    }

    /// The level and limits of `job`; a move in play keeps to the clock (`clock_ms`: time left
    /// and moves owed) as `xq uci` does.
    fn limits_for(self, job: Job, clock_ms: Option<(u64, Option<u32>)>) -> (u8, Limits) {
        match job {
            Job::Play => {
                let clock = clock_ms.map(|(left, owed)| (left, owed.map(u64::from)));
                let limits = Limits::for_move(self.think_ms.get_untracked(), clock);
                (self.level.get_untracked(), limits)
            }
            Job::Hint | Job::Threats => (
                Level::MAX,
                Limits {
                    movetime_ms: Some(self.think_ms.get_untracked().max(1000)),
                    ..Limits::default()
                },
            ),
            Job::Analysis => (
                Level::MAX,
                Limits {
                    movetime_ms: Some(10 * 60 * 1000),
                    ..Limits::default()
                },
            ),
        }
    }

    /// Starts `job` on the shown position, replacing any running job.
    fn start(self, job: Job) {
        if self.current.get_untracked().is_some() {
            // A running search cannot be interrupted: a fresh worker takes the new job.
            self.end_worker();
            self.current.set(None);
        }
        let (fen, moves, shown, clock_ms) = self.session.with_untracked(|s| {
            let g = s.game();
            let moves: Vec<String> = g.moves()[..s.view()]
                .iter()
                .map(|m| m.to_string())
                .collect();
            let clock = s.clock().map(|c| {
                let r = c.side(now_ms(), s.shown().turn());
                (r.face_ms(), r.moves_owed)
            });
            (g.start().fen(), moves, s.shown().clone(), clock)
        });
        let root = match job {
            Job::Threats => match with_turn_passed(&shown) {
                Some(p) => p,
                None => {
                    self.message
                        .set(Some(EngineNote::Fixed(words::NO_THREATS_TO_SHOW)));
                    return;
                }
            },
            _ => shown,
        };
        let (level, limits) = self.limits_for(job, clock_ms);
        let id = self.next_id.get_value() + 1;
        self.next_id.set_value(id);
        let request = EngineRequest {
            id,
            fen,
            moves,
            task: if job == Job::Threats {
                Task::Threats
            } else {
                Task::Best
            },
            level,
            seed: now_ms(),
            limits,
            multipv: if job == Job::Analysis {
                self.lines.get_untracked()
            } else {
                1
            },
            network: self.network.get_untracked(),
        };
        let Ok(text) = serde_json::to_string(&request) else {
            return;
        };
        if !self.ensure_worker() {
            self.message
                .set(Some(EngineNote::Fixed(words::ENGINE_COULD_NOT_START)));
            return;
        }
        self.message.set(None);
        if job != Job::Analysis {
            self.found.set(None);
        }
        self.job_root.set_value(Some(root));
        self.current.set(Some((id, job)));
        self.worker.update_value(|w| {
            if let Some(w) = w.as_mut() {
                if w.ready {
                    w.busy = w.worker.post_message(&JsValue::from_str(&text)).is_ok();
                } else {
                    w.pending = Some(text);
                }
            }
        });
    }

    /// Ends the running job; with `use_it`, its best line so far is acted on (move now).
    fn stop(self, use_it: bool) {
        let Some((_, job)) = self.current.get_untracked() else {
            return;
        };
        self.end_worker();
        self.current.set(None);
        if use_it {
            let best = self.report.with_untracked(|r| {
                r.as_ref()
                    .and_then(|(r, _, _)| r.pv.first().and_then(|m| Move::from_iccs(m)))
            });
            self.conclude(job, best, self.job_root.get_value());
        }
        if job == Job::Analysis {
            self.analysing.set(false);
        }
    }
}

/// Starts, stops and drops the computer's jobs as the game moves on: the computer plays its side
/// at the end of the game, the analysis follows the shown position, and a hint or threat belongs
/// to the position it was found in.
fn follow_the_game(ctx: Ctx) {
    let session = ctx.session;
    // What decides whether the computer should be thinking: the shown position and the game state.
    let state = Memo::new(move |_| {
        session.with(|s| {
            (
                s.shown().hash(),
                s.game().ply(),
                s.at_end(),
                s.game().verdict().is_some(),
                s.shown().turn(),
            )
        })
    });
    Effect::new(move || {
        let (_, _, at_end, over, turn) = state.get();
        let computer = ctx.computer.get();
        let analysing = ctx.analysing.get();
        let running = ctx.current.get_untracked().map(|(_, j)| j);
        if ctx.found.with_untracked(|f| {
            f.as_ref().is_some_and(|(_, p, j)| {
                let shown = session.with_untracked(|s| s.shown().clone());
                match j {
                    Job::Threats => with_turn_passed(&shown).as_ref() != Some(p),
                    _ => *p != shown,
                }
            })
        }) {
            ctx.found.set(None);
            ctx.marks.set(Vec::new());
        }
        if at_end && !over && computer == Some(turn) {
            ctx.start(Job::Play);
        } else if analysing && !over {
            ctx.start(Job::Analysis);
        } else if matches!(running, Some(Job::Play | Job::Analysis)) {
            ctx.stop(false);
        }
    });
}

/// Who the computer plays, its level, how many lines it shows and how long it thinks.
#[component]
fn EngineSettings(ctx: Ctx) -> impl IntoView {
    let lang = use_lang();
    view! {
        <div class="engine-settings">
            <label>{tr(words::COMPUTER_PLAYS)} " "
                <select data-testid="engine-side" on:change=move |ev| {
                    ctx.computer.set(match event_target_value(&ev).as_str() {
                        "red" => Some(Color::Red),
                        "black" => Some(Color::Black),
                        _ => None,
                    });
                }>
                    <option value="off" selected=move || ctx.computer.get().is_none()>{tr(words::NOBODY)}</option>
                    <option value="red" selected=move || ctx.computer.get() == Some(Color::Red)>{tr(words::RED)}</option>
                    <option value="black" selected=move || ctx.computer.get() == Some(Color::Black)>{tr(words::BLACK)}</option>
                </select>
            </label>
            <label>{tr(words::LEVEL)} " "
                <select data-testid="engine-level" on:change=move |ev| {
                    if let Ok(n) = event_target_value(&ev).parse::<u8>() {
                        ctx.level.set(n);
                    }
                }>
                    {(Level::MIN..=Level::MAX).map(|n| view! {
                        <option value=n.to_string() selected=move || ctx.level.get() == n>{move || level_name(n, lang.get())}</option>
                    }).collect_view()}
                </select>
            </label>
            <label>{tr(words::LINES)} " "
                <select data-testid="engine-lines" on:change=move |ev| {
                    if let Ok(n) = event_target_value(&ev).parse::<u8>() {
                        ctx.lines.set(n.clamp(1, MAX_LINES));
                        // A running analysis starts again with the new count.
                        if matches!(ctx.current.get_untracked(), Some((_, Job::Analysis))) {
                            ctx.start(Job::Analysis);
                        }
                    }
                }>
                    {(1..=MAX_LINES).map(|n| view! {
                        <option value=n.to_string() selected=move || ctx.lines.get() == n>{n}</option>
                    }).collect_view()}
                </select>
            </label>
            <label>{tr(words::TIME_PER_MOVE)} " "
                <select data-testid="engine-time" on:change=move |ev| {
                    if let Ok(ms) = event_target_value(&ev).parse::<u64>() {
                        ctx.think_ms.set(ms);
                    }
                }>
                    {[500u64, 1000, 2000, 5000, 10000, 30000].into_iter().map(|ms| view! {
                        <option value=ms.to_string() selected=move || ctx.think_ms.get() == ms>{move || seconds(ms, lang.get())}</option>
                    }).collect_view()}
                </select>
            </label>
            <label>
                <input type="checkbox" data-testid="engine-network" prop:checked=move || ctx.network.get() on:change=move |ev| {
                    ctx.network.set(event_target_checked(&ev));
                    // A running analysis starts again with the other evaluation.
                    if matches!(ctx.current.get_untracked(), Some((_, Job::Analysis))) {
                        ctx.start(Job::Analysis);
                    }
                } />
                " " {tr(words::NEURAL_NETWORK)}
            </label>
        </div>
    }
}

/// Hint, threats, analyse, stop and move now.
#[component]
fn EngineActions(ctx: Ctx) -> impl IntoView {
    let running = move || ctx.current.get().is_some();
    let can_move_now = move || {
        matches!(
            ctx.current.get(),
            Some((_, Job::Play | Job::Hint | Job::Threats))
        )
    };
    let analyse = tr(words::ANALYSE);
    let stop_analysis = tr(words::STOP_ANALYSIS);
    view! {
        <div class="controls engine-actions" role="toolbar" aria-label=tr(words::COMPUTER_ACTIONS)>
            <button data-testid="engine-hint-button" on:click=move |_| ctx.start(Job::Hint)>{tr(words::HINT)}</button>
            <button data-testid="engine-threats" on:click=move |_| ctx.start(Job::Threats)>{tr(words::SHOW_THREATS)}</button>
            <button data-testid="engine-analyse" aria-pressed=move || ctx.analysing.get().to_string() on:click=move |_| {
                let on = !ctx.analysing.get_untracked();
                ctx.analysing.set(on);
            }>{move || if ctx.analysing.get() { stop_analysis() } else { analyse() }}</button>
            <button data-testid="engine-stop" disabled=move || !running() on:click=move |_| ctx.stop(false)>{tr(words::STOP)}</button>
            <button data-testid="engine-move-now" disabled=move || !can_move_now() on:click=move |_| ctx.stop(true)>{tr(words::MOVE_NOW)}</button>
        </div>
    }
}

/// What the computer is doing now.
fn thinking_label(job: Job, lang: Lang) -> &'static str {
    match job {
        Job::Play => words::THE_COMPUTER_IS_THINKING.get(lang),
        Job::Hint => words::FINDING_A_HINT.get(lang),
        Job::Threats => words::FINDING_THREATS.get(lang),
        Job::Analysis => words::ANALYSING.get(lang),
    }
}

/// The best lines with their scores (MultiPV), the first line's moves marked for tests.
fn best_lines(r: &EngineReport, root: &Position, notation: Notation, l: Lang) -> impl IntoView {
    let items = r
        .lines
        .iter()
        .enumerate()
        .map(|(k, line)| {
            let moves = line_text(root, &line.pv, notation);
            let score = score_text(line.score_red, l);
            let moves = if k == 0 {
                view! { <span data-testid="engine-pv">{moves}</span> }.into_any()
            } else {
                view! { <span>{moves}</span> }.into_any()
            };
            view! {
                <li data-testid="engine-line" class=format!("engine-line rank-{}", k + 1)>
                    <span class="line-score" data-testid="engine-line-score">{score}</span> " " {moves}
                </li>
            }
        })
        .collect_view();
    view! { <ol class="engine-lines" aria-label=words::BEST_LINES.get(l)>{items}</ol> }
}

/// The last report: the evaluation bar and number, the best line(s), depth, nodes and speed.
fn readout(report: (EngineReport, Position, Job), notation: Notation, l: Lang) -> impl IntoView {
    let (r, root, job) = report;
    let share = red_share(r.score_red);
    let lines = if r.lines.len() > 1 {
        best_lines(&r, &root, notation, l).into_any()
    } else {
        let who = if job == Job::Threats {
            words::THREAT.get(l)
        } else {
            words::BEST_LINE.get(l)
        };
        let line = line_text(&root, &r.pv, notation);
        view! { <p class="engine-pv"><span>{who} ": "</span><span data-testid="engine-pv">{line}</span></p> }.into_any()
    };
    view! {
        <div class="engine-eval" data-testid="engine-eval">
            <div class="eval-bar" role="img" aria-label=words::EVALUATION_REDS_VIEW.get(l)>
                <div class="eval-red" style=format!("width:{}%", crate::ui::browser::decimal(share * 100.0, 1))></div>
            </div>
            <span class="eval-number" data-testid="eval-number">{score_text(r.score_red, l)}</span>
            {score_unit(r.score_red, l).map(|u| view! { <span class="eval-unit" data-testid="eval-unit">{u}</span> })}
        </div>
        {lines}
        <p class="engine-stats" data-testid="engine-stats">
            {format!("{} {} · {} {} · {} {}k/s",
                words::DEPTH.get(l), r.depth,
                words::NODES.get(l), r.nodes,
                words::SPEED.get(l), r.nps / 1000)}
        </p>
    }
}

/// The hint or threat found (analysis names its best move in the readout instead).
fn found_move(found: (Move, Position, Job), l: Lang) -> Option<impl IntoView> {
    let (m, root, job) = found;
    if job == Job::Analysis {
        return None;
    }
    let word = if job == Job::Threats {
        words::THREAT.get(l)
    } else {
        words::HINT.get(l)
    };
    Some(view! {
        <p class="engine-hint" data-testid="engine-hint">
            {word} ": " <strong>{notation::write(&root, m, Notation::Chinese)}</strong>
        </p>
    })
}

/// The computer's controls and readouts, beside the board.
#[component]
pub fn EnginePanel(
    session: RwSignal<PlaySession>,
    marks: RwSignal<Vec<Mark>>,
    /// The side the computer plays (shared with the draw controls).
    computer: RwSignal<Option<Color>>,
    /// Where the computer's answer to a draw offer is told.
    note: RwSignal<Option<Note>>,
    #[prop(into)] notation: Signal<Notation>,
) -> impl IntoView {
    let lang = use_lang();
    let ctx = Ctx {
        session,
        marks,
        note,
        computer,
        level: RwSignal::new(3),
        think_ms: RwSignal::new(2000),
        lines: RwSignal::new(1),
        network: RwSignal::new(true),
        analysing: RwSignal::new(false),
        current: RwSignal::new(None),
        report: RwSignal::new(None),
        found: RwSignal::new(None),
        message: RwSignal::new(None),
        next_id: StoredValue::new(0),
        worker: StoredValue::new_local(None),
        job_root: StoredValue::new_local(None),
        line_arrows: StoredValue::new(Vec::new()),
    };
    on_cleanup(move || {
        if let Some(Some(w)) = ctx.worker.try_update_value(|w| w.take()) {
            w.worker.terminate();
        }
    });
    follow_the_game(ctx);
    view! {
        <section class="engine-panel" data-testid="engine-panel" aria-label=tr(words::COMPUTER)>
            <EngineSettings ctx=ctx />
            <EngineActions ctx=ctx />
            {move || ctx.current.get().map(|(_, j)| {
                let s = thinking_label(j, lang.get());
                view! { <p class="engine-thinking" data-testid="engine-thinking" aria-live="polite">{s}</p> }
            })}
            {move || ctx.found.get().and_then(|f| found_move(f, lang.get()))}
            {move || ctx.report.get().map(|r| readout(r, notation.get(), lang.get()))}
            {move || ctx.message.get().map(|m| view! { <p class="message" role="alert" data-testid="engine-message">{move || m.say(lang.get())}</p> })}
        </section>
    }
}

/// The computer's group as the lean board shows it until the whole one swaps in: its settings and
/// actions in their places, off, with a spinner, so the layout does not jump when it arrives.
#[component]
pub fn EngineWaiting() -> impl IntoView {
    let setting = |text| view! { <label>{tr(text)} " " <select disabled><option>"…"</option></select></label> };
    let action = |text| view! { <button disabled>{tr(text)}</button> };
    view! {
        <div class="panel-column">
            <section class="panel-group engine-group" aria-label=tr(words::COMPUTER) aria-busy="true" data-testid="engine-waiting">
                <h2 class="group-title">{tr(words::COMPUTER)} " " <span class="spinner" role="img" aria-label=tr(words::STILL_LOADING)></span></h2>
                <div class="engine-panel">
                    <div class="engine-settings">
                        {setting(words::COMPUTER_PLAYS)}
                        {setting(words::LEVEL)}
                        {setting(words::LINES)}
                        {setting(words::TIME_PER_MOVE)}
                        <label><input type="checkbox" disabled /> " " {tr(words::NEURAL_NETWORK)}</label>
                    </div>
                    <div class="controls engine-actions">
                        {action(words::HINT)}
                        {action(words::SHOW_THREATS)}
                        {action(words::ANALYSE)}
                        {action(words::STOP)}
                        {action(words::MOVE_NOW)}
                    </div>
                </div>
            </section>
        </div>
    }
}
