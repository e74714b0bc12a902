//! `#/schedule`: the match scheduler page — form, incremental solving with progress and Stop, the
//! timetable by session/slot/table, per-entrant view, metrics with bounds, results and standings,
//! A4 printing (session pages or entrant slips), CSV/ICS/JSON export and JSON import.
//!
//! The solver runs in slices of about 25 ms on timers, so the page stays responsive while it works.

use super::files::download;
use super::i18n::{use_lang, Lang};
use super::storage;
use crate::events::round_robin::Tournament;
use crate::events::schedule::{
    group_letter, seat_holders, side_label, snake_groups, standings, to_csv, to_ics, verdicts,
    BestOf, Bounds, Draft, Fit, Format, MatchScore, Metrics, Phase, Points, Problem, SaveFile,
    SavedResult, Schedule, SlotInfo, SolveReport, SolveRequest, Solver, SAVE_VERSION, WORKER_READY,
};
use crate::events::scoring::{EventScoring, MatchResult};
use crate::lang::Say;
use gloo_timers::callback::Timeout;
use leptos::prelude::*;
use wasm_bindgen::{closure::Closure, JsCast, JsValue};

const KEY_STATE: &str = "xq.schedule.state";
const KEY_DRAFT: &str = "xq.schedule.draft";
/// Wall-clock time one slice of solving may take before the page gets the thread back.
const SLICE_MS: f64 = 25.0;
/// The best-so-far timetable is redrawn at most this often while solving: drawing 128 entrants'
/// timetable costs tens of milliseconds, so redrawing on every report made the page stutter.
const REDRAW_MS: f64 = 1500.0;

/// Everything the page shares, all `Copy` so timer callbacks can carry it.
#[derive(Clone, Copy)]
struct Ctx {
    lang: RwSignal<Lang>,
    draft: RwSignal<Draft>,
    seed: RwSignal<String>,
    problem: RwSignal<Option<Problem>>,
    schedule: RwSignal<Option<Schedule>>,
    fit: RwSignal<Option<Fit>>,
    metrics: RwSignal<Option<(Metrics, Bounds)>>,
    results: RwSignal<Vec<SavedResult>>,
    best_of: RwSignal<u32>,
    running: RwSignal<bool>,
    fraction: RwSignal<f64>,
    iterations: RwSignal<u64>,
    optimal: RwSignal<bool>,
    message: RwSignal<Option<String>>,
    solver: StoredValue<Option<Solver>, LocalStorage>,
    timer: StoredValue<Option<Timeout>, LocalStorage>,
    chunk: StoredValue<u64, LocalStorage>,
    drawn_at: StoredValue<f64, LocalStorage>,
    worker: StoredValue<Option<web_sys::Worker>, LocalStorage>,
    /// Where the solver runs.
    engine: RwSignal<Engine>,
    /// The worker's latest timetable, drawn at most every [`REDRAW_MS`] but always shown on Stop.
    latest: StoredValue<Option<(Schedule, Metrics, Bounds)>, LocalStorage>,
    /// The round-robin event of a game scoring (the rounds view shows it): its store key and value.
    event_id: RwSignal<Option<String>>,
    event: RwSignal<Option<Tournament>>,
}

/// Where the solver runs: a Web Worker, or timer slices on the page when no worker can start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Engine {
    Worker,
    Page,
}

impl Engine {
    /// The `data-engine` value the tests read.
    fn key(self) -> &'static str {
        match self {
            Engine::Worker => "worker",
            Engine::Page => "page",
        }
    }
}

/// What the print button prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PrintMode {
    Sessions,
    Slips,
}

/// The files the page writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ExportKind {
    Csv,
    Ics,
    Json,
}

impl Ctx {
    fn t(&self, zh: &'static str, en: &'static str) -> &'static str {
        if self.lang.get() == Lang::En {
            en
        } else {
            zh
        }
    }

    /// Shows a domain error in the current language.
    fn fail(&self, e: &dyn Say) {
        self.message.set(Some(e.say(self.lang.get_untracked())));
    }

    fn say(&self, zh: &str, en: &str) {
        let text = if self.lang.get_untracked() == Lang::En {
            en
        } else {
            zh
        };
        self.message.set(Some(text.to_string()));
    }

    /// Writes problem, timetable and results to localStorage; a refusal is shown, not ignored.
    fn save(&self) {
        let (Some(problem), Some(schedule)) =
            (self.problem.get_untracked(), self.schedule.get_untracked())
        else {
            return;
        };
        let file = SaveFile {
            version: SAVE_VERSION,
            problem,
            schedule,
            results: self.results.get_untracked(),
            best_of: BestOf::new(self.best_of.get_untracked())
                .unwrap_or(BestOf::new(5).expect("5 is valid")),
            scoring: self.draft.with_untracked(|d| d.scoring),
            event_id: self.event_id.get_untracked(),
            // The event itself lives in the event store (one copy), not in the timetable's state.
            event: None,
        };
        if let Err(e) = storage::set(KEY_STATE, &file.to_json()) {
            self.say(&format!("无法保存：{e}"), &format!("Could not save: {e}"));
        }
    }

    /// Shows a loaded save file.
    fn load(&self, file: SaveFile) {
        let metrics = file.schedule.metrics(&file.problem);
        let bounds = Bounds::of(&file.problem).ok();
        let name = file.event.as_ref().map(|t| t.name().to_string());
        // An imported file carries its event: store it where the rounds view reads it.
        let event = match file.event {
            Some(t) => match super::tournament::store_event(file.event_id.clone(), &t) {
                Ok(id) => Some((id, t)),
                Err(e) => {
                    self.say(&format!("无法保存：{e}"), &format!("Could not save: {e}"));
                    None
                }
            },
            None => file
                .event_id
                .clone()
                .and_then(|id| super::tournament::stored_event(&id).map(|t| (id, t))),
        };
        let mut draft = Draft::from_problem(&file.problem);
        draft.scoring = file.scoring;
        draft.name = name
            .or_else(|| event.as_ref().map(|(_, t)| t.name().to_string()))
            .unwrap_or_default();
        self.draft.set(draft);
        self.event_id.set(event.as_ref().map(|(id, _)| id.clone()));
        self.event.set(event.map(|(_, t)| t));
        self.fit
            .set(crate::events::schedule::fit(&file.problem).ok());
        self.metrics.set(bounds.map(|b| (metrics, b)));
        self.problem.set(Some(file.problem));
        self.schedule.set(Some(file.schedule));
        self.results.set(file.results);
        self.best_of.set(file.best_of.games());
        self.fraction.set(1.0);
    }
}

fn now_ms() -> f64 {
    window().performance().map_or(0.0, |p| p.now())
}

/// Runs the solver for about [`SLICE_MS`], shows the best so far, and books the next slice.
fn slice(ctx: Ctx) {
    if !ctx.running.get_untracked() {
        return;
    }
    let mut chunk = ctx.chunk.get_value();
    let redraw_due = now_ms() - ctx.drawn_at.get_value() >= REDRAW_MS;
    let mut outcome = None;
    ctx.solver.update_value(|solver| {
        let Some(solver) = solver.as_mut() else {
            return;
        };
        let before = now_ms();
        let progress = solver.step(chunk);
        let spent = (now_ms() - before).max(0.1);
        // Aim the next step at the slice length (the cost per move varies with the instance).
        chunk = ((chunk as f64 * SLICE_MS / spent) as u64).clamp(500, 400_000);
        let drawing = (redraw_due || progress.done).then(|| {
            let best = solver.best();
            let bounds = solver.bounds_for(&best);
            (best, bounds)
        });
        outcome = Some((progress, drawing));
    });
    ctx.chunk.set_value(chunk);
    let Some((progress, drawing)) = outcome else {
        ctx.running.set(false);
        return;
    };
    ctx.fraction.set(progress.fraction);
    ctx.iterations.set(progress.iterations);
    ctx.optimal.set(progress.optimal);
    if let Some((best, bounds)) = drawing {
        ctx.metrics.set(Some((progress.metrics, bounds)));
        ctx.schedule.set(Some(best));
        ctx.drawn_at.set_value(now_ms());
    }
    if progress.done {
        ctx.running.set(false);
        ctx.save();
    } else {
        ctx.timer
            .set_value(Some(Timeout::new(0, move || slice(ctx))));
    }
}

fn progress_state(ctx: Ctx) -> &'static str {
    if ctx.running.get() {
        "running"
    } else if ctx.fraction.get() >= 1.0 {
        "done"
    } else {
        "idle"
    }
}

fn start_solving(ctx: Ctx) {
    ctx.message.set(None);
    let problem = match ctx.draft.get_untracked().to_problem() {
        Ok(p) => p,
        Err(e) => {
            ctx.fail(&e);
            return;
        }
    };
    let seed = ctx.seed.get_untracked().trim().parse::<u64>().unwrap_or(1);
    let solver = match Solver::new(&problem, seed) {
        Ok(s) => s,
        Err(e) => {
            ctx.fail(&e);
            return;
        }
    };
    // A game scoring keeps its results in a round-robin event, the one the rounds view shows.
    let scoring = ctx.draft.with_untracked(|d| d.scoring);
    if scoring.is_game() {
        let name = ctx.draft.with_untracked(|d| d.name.trim().to_string());
        let name = if name.is_empty() {
            ctx.lang
                .get_untracked()
                .pick("俱乐部赛", "Club event")
                .to_string()
        } else {
            name
        };
        match scoring.event_for(&problem, &name) {
            Ok(t) => match super::tournament::store_event(ctx.event_id.get_untracked(), &t) {
                Ok(id) => {
                    ctx.event_id.set(Some(id));
                    ctx.event.set(Some(t));
                }
                Err(e) => {
                    ctx.say(&format!("无法保存：{e}"), &format!("Could not save: {e}"));
                    return;
                }
            },
            Err(e) => {
                ctx.fail(&e);
                return;
            }
        }
    } else {
        ctx.event_id.set(None);
        ctx.event.set(None);
    }
    ctx.fit.set(Some(solver.fit().clone()));
    ctx.results.set(Vec::new());
    ctx.problem.set(Some(problem));
    ctx.schedule.set(None);
    ctx.latest.set_value(None);
    ctx.metrics.set(None);
    ctx.fraction.set(0.0);
    ctx.iterations.set(0);
    ctx.optimal.set(false);
    if !matches!(solver.fit(), Fit::Fits) {
        ctx.fraction.set(1.0);
        return;
    }
    ctx.solver.set_value(Some(solver));
    ctx.chunk.set_value(2_000);
    ctx.running.set(true);
    let problem = ctx.problem.get_untracked();
    if !problem.is_some_and(|p| start_worker(ctx, &p, seed)) {
        solve_on_page(ctx);
    }
}

/// Falls back to solving on the page in timer slices.
fn solve_on_page(ctx: Ctx) {
    ctx.engine.set(Engine::Page);
    ctx.timer
        .set_value(Some(Timeout::new(0, move || slice(ctx))));
}

fn end_worker(ctx: Ctx) {
    if let Some(w) = ctx.worker.get_value() {
        w.terminate();
    }
    ctx.worker.set_value(None);
}

/// Hands the solve to the Web Worker; `false` if it cannot be started.
fn start_worker(ctx: Ctx, problem: &Problem, seed: u64) -> bool {
    end_worker(ctx);
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
                let sent = ctx.worker.with_value(|w| {
                    w.as_ref()
                        .is_some_and(|w| w.post_message(&JsValue::from_str(&request)).is_ok())
                });
                if !sent {
                    end_worker(ctx);
                    solve_on_page(ctx);
                }
                return;
            }
            let Ok(report) = serde_json::from_str::<SolveReport>(&text) else {
                return;
            };
            if !ctx.running.get_untracked() {
                return;
            }
            if let Some(e) = report.error {
                ctx.message.set(Some(e));
                ctx.running.set(false);
                end_worker(ctx);
                return;
            }
            ctx.fraction.set(report.fraction);
            ctx.iterations.set(report.iterations);
            ctx.optimal.set(report.optimal);
            if let Some(best) = report.schedule {
                let first = ctx.schedule.with_untracked(Option::is_none);
                if report.done || first || now_ms() - ctx.drawn_at.get_value() >= REDRAW_MS {
                    ctx.latest.set_value(None);
                    ctx.metrics.set(Some((report.metrics, report.bounds)));
                    ctx.schedule.set(Some(best));
                    ctx.drawn_at.set_value(now_ms());
                } else {
                    ctx.latest
                        .set_value(Some((best, report.metrics, report.bounds)));
                }
            }
            if report.done {
                ctx.running.set(false);
                end_worker(ctx);
                ctx.save();
            }
        });
    let onerror = Closure::<dyn FnMut(web_sys::Event)>::new(move |_: web_sys::Event| {
        // The worker failed to load or crashed before reporting: carry on on the page.
        if ctx.running.get_untracked() && ctx.iterations.get_untracked() == 0 {
            end_worker(ctx);
            solve_on_page(ctx);
        }
    });
    worker.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
    worker.set_onerror(Some(onerror.as_ref().unchecked_ref()));
    // The handlers live as long as the page; they are small and one pair per solve.
    onmessage.forget();
    onerror.forget();
    ctx.engine.set(Engine::Worker);
    ctx.worker.set_value(Some(worker));
    true
}

fn stop_solving(ctx: Ctx) {
    let was_running = ctx.running.get_untracked();
    ctx.running.set(false);
    ctx.timer.set_value(None);
    end_worker(ctx);
    // With the worker, the last timetable it sent is the best: show it if the throttle held it back.
    if let Some((best, metrics, bounds)) = ctx.latest.try_update_value(Option::take).flatten() {
        ctx.metrics.set(Some((metrics, bounds)));
        ctx.schedule.set(Some(best));
    }
    // On the page, ask the solver.
    if was_running && ctx.engine.get_untracked() == Engine::Page {
        // Show the very best found, not the last drawn one.
        let drawn = ctx.solver.with_value(|solver| {
            solver.as_ref().map(|solver| {
                let best = solver.best();
                let metrics = best.metrics(solver.problem());
                let bounds = solver.bounds_for(&best);
                (best, metrics, bounds)
            })
        });
        if let Some((best, metrics, bounds)) = drawn {
            ctx.metrics.set(Some((metrics, bounds)));
            ctx.schedule.set(Some(best));
        }
    }
    ctx.save();
}

/// Reads the chosen JSON file and loads it if it passes every check.
fn import_file(ctx: Ctx, input: web_sys::HtmlInputElement) {
    use crate::lang::{Lang, Say};
    super::files::read_text(
        &input,
        crate::saved::MAX_IMPORT_BYTES,
        move |text| match text.map(|t| SaveFile::from_json(&t)) {
            Ok(Ok(file)) => {
                stop_solving(ctx);
                ctx.load(file);
                ctx.save();
                ctx.say("已导入", "Imported");
            }
            Ok(Err(e)) => ctx.say(
                &format!("导入失败：{}", e.say(Lang::Zh)),
                &format!("Import failed: {}", e.say(Lang::En)),
            ),
            Err(e) => ctx.say(
                &format!("导入失败：{}", e.say(Lang::Zh)),
                &format!("Import failed: {}", e.say(Lang::En)),
            ),
        },
    );
}

/// "19:00" or "+22′" for a slot.
fn slot_time(p: &Problem, slots: &[SlotInfo], slot: usize) -> String {
    let Some(s) = slots.get(slot) else {
        return String::new();
    };
    p.clock(s)
        .unwrap_or_else(|| format!("+{}′", s.start_minute))
}

/// The scheduler page; `query` is unused for now (the state lives in localStorage).
#[component]
pub fn SchedulePage(query: String) -> impl IntoView {
    let _ = query;
    let lang = use_lang();
    let saved_draft = storage::load::<Draft>(KEY_DRAFT);
    let ctx = Ctx {
        lang,
        draft: RwSignal::new(saved_draft.unwrap_or_default()),
        seed: RwSignal::new("1".to_string()),
        problem: RwSignal::new(None),
        schedule: RwSignal::new(None),
        fit: RwSignal::new(None),
        metrics: RwSignal::new(None),
        results: RwSignal::new(Vec::new()),
        best_of: RwSignal::new(5),
        running: RwSignal::new(false),
        fraction: RwSignal::new(0.0),
        iterations: RwSignal::new(0),
        optimal: RwSignal::new(false),
        message: RwSignal::new(None),
        solver: StoredValue::new_local(None),
        timer: StoredValue::new_local(None),
        chunk: StoredValue::new_local(2_000),
        drawn_at: StoredValue::new_local(0.0),
        worker: StoredValue::new_local(None),
        engine: RwSignal::new(Engine::Worker),
        latest: StoredValue::new_local(None),
        event_id: RwSignal::new(None),
        event: RwSignal::new(None),
    };
    on_cleanup(move || {
        if let Some(w) = ctx.worker.try_get_value().flatten() {
            w.terminate();
        }
    });
    // Restore the last event; a corrupt save is reported and set aside, never a blank page.
    if let Some(file) = storage::load_with(KEY_STATE, SaveFile::from_json) {
        ctx.load(file);
    }
    Effect::new(move || {
        let d = ctx.draft.get();
        if let Ok(text) = serde_json::to_string(&d) {
            let _ = storage::set(KEY_DRAFT, &text);
        }
    });
    let print_mode = RwSignal::new(PrintMode::Sessions);
    view! {
        <section class="schedule" class:print-slips=move || print_mode.get() == PrintMode::Slips>
            <h1 class="no-print">{move || ctx.t("比赛编排", "Match scheduler")}</h1>
            <ProblemForm ctx=ctx />
            <div class="solve-bar no-print">
                <button data-testid="solve" on:click=move |_| start_solving(ctx) disabled=move || ctx.running.get()>
                    {move || ctx.t("开始编排", "Solve")}
                </button>
                <button data-testid="stop" on:click=move |_| stop_solving(ctx) disabled=move || !ctx.running.get()>
                    {move || ctx.t("停止", "Stop")}
                </button>
                <progress
                    data-testid="progress"
                    max="1"
                    prop:value=move || ctx.fraction.get()
                    aria-label=move || ctx.t("编排进度", "Solving progress")
                    data-state=move || progress_state(ctx)
                    data-engine=move || ctx.engine.get().key()
                ></progress>
                <span class="status" data-testid="status" aria-live="polite">
                    {move || {
                        let pct = (ctx.fraction.get() * 100.0).round();
                        let it = ctx.iterations.get();
                        let state = if ctx.running.get() {
                            ctx.t("编排中", "solving")
                        } else if ctx.optimal.get() {
                            ctx.t("已达下界（最优）", "bounds reached (optimal)")
                        } else if ctx.fraction.get() >= 1.0 {
                            ctx.t("完成", "done")
                        } else {
                            ""
                        };
                        format!("{pct}% · {it} · {state}")
                    }}
                </span>
            </div>
            {move || ctx.message.get().map(|m| view! { <p class="error no-print" role="alert" data-testid="message">{m}</p> })}
            <FitReport ctx=ctx />
            <MetricsTable ctx=ctx />
            <div class="export-bar no-print">
                <button data-testid="export-csv" on:click=move |_| export(ctx, ExportKind::Csv)>"CSV"</button>
                <button data-testid="export-ics" on:click=move |_| export(ctx, ExportKind::Ics)>"iCalendar"</button>
                <button data-testid="export-json" on:click=move |_| export(ctx, ExportKind::Json)>"JSON"</button>
                <label class="import">
                    {move || ctx.t("导入 JSON", "Import JSON")}
                    <input
                        type="file"
                        accept=".json,application/json"
                        data-testid="import-json"
                        on:change=move |ev| import_file(ctx, event_target::<web_sys::HtmlInputElement>(&ev))
                    />
                </label>
                <label>
                    {move || ctx.t("打印：", "Print: ")}
                    <select
                        data-testid="print-mode"
                        on:change=move |ev| print_mode.set(if event_target_value(&ev) == "slips" { PrintMode::Slips } else { PrintMode::Sessions })
                    >
                        <option value="sessions">{move || ctx.t("每场次一页", "one page per session")}</option>
                        <option value="slips">{move || ctx.t("每对一张单", "one slip per entrant")}</option>
                    </select>
                </label>
                <button on:click=move |_| { let _ = window().print(); }>{move || ctx.t("打印", "Print")}</button>
            </div>
            <Timetable ctx=ctx />
            <EntrantView ctx=ctx />
            <ResultsView ctx=ctx />
            <Slips ctx=ctx />
        </section>
    }
}

fn export(ctx: Ctx, kind: ExportKind) {
    let (Some(p), Some(s)) = (ctx.problem.get_untracked(), ctx.schedule.get_untracked()) else {
        ctx.say("还没有赛程", "There is no timetable yet");
        return;
    };
    let done = match kind {
        ExportKind::Csv => download("schedule.csv", "text/csv", &to_csv(&p, &s)),
        ExportKind::Ics => match to_ics(&p, &s, js_sys::Date::now() as u64) {
            Ok(text) => download("schedule.ics", "text/calendar", &text),
            Err(e) => Err(e.say(ctx.lang.get_untracked())),
        },
        ExportKind::Json => {
            let file = SaveFile {
                version: SAVE_VERSION,
                problem: p,
                schedule: s,
                results: ctx.results.get_untracked(),
                best_of: BestOf::new(ctx.best_of.get_untracked())
                    .unwrap_or(BestOf::new(5).expect("5 is valid")),
                scoring: ctx.draft.with_untracked(|d| d.scoring),
                event_id: ctx.event_id.get_untracked(),
                event: ctx.event.get_untracked(),
            };
            download("schedule.json", "application/json", &file.to_json())
        }
    };
    if let Err(e) = done {
        ctx.message.set(Some(e));
    }
}

/// One labelled text/number input bound to a draft field.
fn field(
    ctx: Ctx,
    zh: &'static str,
    en: &'static str,
    kind: &'static str,
    testid: &'static str,
    get: fn(&Draft) -> String,
    set: fn(&mut Draft, String),
) -> impl IntoView {
    view! {
        <label class="field">
            <span>{move || ctx.t(zh, en)}</span>
            <input
                type=kind
                data-testid=testid
                prop:value=move || ctx.draft.with(get)
                on:input=move |ev| ctx.draft.update(|d| set(d, event_target_value(&ev)))
            />
        </label>
    }
}

#[component]
fn ProblemForm(ctx: Ctx) -> impl IntoView {
    view! {
        <form class="problem no-print" on:submit=move |ev| { ev.prevent_default(); start_solving(ctx); }>
            <label class="field entrants">
                <span>{move || ctx.t("参赛者（每行一个）", "Entrants (one a line)")}</span>
                <textarea
                    rows="8"
                    data-testid="entrants"
                    prop:value=move || ctx.draft.with(|d| d.entrants.clone())
                    on:input=move |ev| ctx.draft.update(|d| d.entrants = event_target_value(&ev))
                ></textarea>
            </label>
            <div class="grid">
                <label class="field">
                    <span>{move || ctx.t("赛事名称", "Event name")}</span>
                    <input
                        data-testid="event-name"
                        prop:value=move || ctx.draft.with(|d| d.name.clone())
                        on:input=move |ev| ctx.draft.update(|d| d.name = event_target_value(&ev))
                    />
                </label>
                <label class="field">
                    <span>{move || ctx.t("计分", "Scoring")}</span>
                    <select
                        data-testid="scoring"
                        on:change=move |ev| {
                            if let Ok(s) = event_target_value(&ev).parse::<EventScoring>() {
                                ctx.draft.update(|d| d.scoring = s);
                            }
                        }
                    >
                        {EventScoring::ALL.into_iter().map(|s| view! {
                            <option value=s.key() prop:selected=move || ctx.draft.with(|d| d.scoring == s)>{move || s.say(ctx.lang.get())}</option>
                        }).collect_view()}
                    </select>
                </label>
                <label class="field">
                    <span>{move || ctx.t("赛制", "Format")}</span>
                    <select
                        data-testid="format"
                        prop:value=move || ctx.draft.with(|d| d.format.clone())
                        on:change=move |ev| ctx.draft.update(|d| d.format = event_target_value(&ev))
                    >
                        <option value="single">{move || ctx.t("单循环", "Single round robin")}</option>
                        <option value="double">{move || ctx.t("双循环", "Double round robin")}</option>
                        <option value="groups">{move || ctx.t("分组循环 + 交叉淘汰", "Groups + crossover knockout")}</option>
                    </select>
                </label>
                {field(ctx, "组数", "Groups", "number", "groups", |d| d.groups.clone(), |d, v| d.groups = v)}
                {field(ctx, "球台数", "Tables", "number", "tables", |d| d.tables.clone(), |d, v| d.tables = v)}
                {field(ctx, "场次数", "Sessions", "number", "sessions", |d| d.sessions.clone(), |d, v| d.sessions = v)}
                {field(ctx, "每场次分钟", "Session minutes", "number", "session-minutes", |d| d.session_minutes.clone(), |d, v| d.session_minutes = v)}
                {field(ctx, "每场比赛分钟", "Match minutes", "number", "match-minutes", |d| d.match_minutes.clone(), |d, v| d.match_minutes = v)}
                {field(ctx, "首场日期", "First date", "date", "first-date", |d| d.first_date.clone(), |d, v| d.first_date = v)}
                {field(ctx, "间隔天数", "Days between", "number", "every-days", |d| d.every_days.clone(), |d, v| d.every_days = v)}
                {field(ctx, "开始时间", "Start time", "time", "start", |d| d.start.clone(), |d, v| d.start = v)}
                <label class="field">
                    <span>{move || ctx.t("随机种子", "Seed")}</span>
                    <input type="number" data-testid="seed" prop:value=move || ctx.seed.get() on:input=move |ev| ctx.seed.set(event_target_value(&ev)) />
                </label>
            </div>
            <label class="field absences">
                <span>{move || ctx.t("缺席（如 “7 @ 3” 或 “7 @ 3 迟到”）", "Absences (e.g. “7 @ 3” or “7 @ 3 late”)")}</span>
                <textarea
                    rows="3"
                    data-testid="absences"
                    prop:value=move || ctx.draft.with(|d| d.absences.clone())
                    on:input=move |ev| ctx.draft.update(|d| d.absences = event_target_value(&ev))
                ></textarea>
            </label>
        </form>
    }
}

#[component]
fn FitReport(ctx: Ctx) -> impl IntoView {
    move || {
        let Some(Fit::DoesNotFit {
            shortfall,
            suggestions,
        }) = ctx.fit.get()
        else {
            return None;
        };
        let (matches, tables) = ctx.problem.with(|p| {
            p.as_ref()
                .map_or((0, 0), |p| (p.fixtures().len(), p.tables))
        });
        Some(view! {
            <div class="fit-report no-print" data-testid="infeasible" role="alert">
                <p><strong>{ctx.t("排不下：", "Does not fit: ")}</strong>{shortfall.to_string()}</p>
                <p>{ctx.t("以下任一改动即可：", "Any one of these changes fits:")}</p>
                <ul data-testid="suggestions">
                    {suggestions
                        .into_iter()
                        .map(|s| {
                            let text = s.describe(matches, tables);
                            let apply = s.clone();
                            view! {
                                <li>
                                    {text}" "
                                    <button on:click=move |_| {
                                        ctx.draft.update(|d| match apply {
                                            crate::events::schedule::Suggestion::Tables { tables, .. } => d.tables = tables.to_string(),
                                            crate::events::schedule::Suggestion::MatchMinutes { minutes, .. } => d.match_minutes = minutes.to_string(),
                                            crate::events::schedule::Suggestion::Sessions { sessions, .. } => d.sessions = sessions.to_string(),
                                        });
                                    }>{ctx.t("采用", "Use this")}</button>
                                </li>
                            }
                        })
                        .collect_view()}
                </ul>
            </div>
        })
    }
}

#[component]
fn MetricsTable(ctx: Ctx) -> impl IntoView {
    move || {
        let (m, b) = ctx.metrics.get()?;
        let rows: Vec<(&str, &str, &str, usize, usize)> = vec![
            (
                "unplaced",
                "未排入比赛",
                "Matches not placed",
                m.unplaced,
                0,
            ),
            (
                "slots_used",
                "使用时段",
                "Slots used",
                m.slots_used,
                b.slots_used,
            ),
            (
                "max_consecutive",
                "最长连打",
                "Longest run in a session",
                m.max_consecutive,
                b.max_consecutive,
            ),
            (
                "back_to_back",
                "背靠背总数",
                "Back-to-backs in all",
                m.back_to_back,
                b.back_to_back,
            ),
            (
                "max_back_to_back",
                "个人最多背靠背",
                "Most back-to-backs of one entrant",
                m.max_back_to_back,
                b.max_back_to_back,
            ),
            (
                "session_spread",
                "各场次场数差",
                "Spread over sessions",
                m.session_spread,
                b.session_spread,
            ),
            (
                "idle_slots",
                "场内等候时段",
                "Idle slots inside sessions",
                m.idle_slots,
                b.idle_slots,
            ),
            (
                "table_excess",
                "球台使用超额",
                "Table use beyond even",
                m.table_excess,
                b.table_excess,
            ),
        ];
        let lang = ctx.lang.get();
        Some(view! {
            <table class="metrics no-print" data-testid="metrics">
                <thead><tr>
                    <th>{ctx.t("指标", "Metric")}</th>
                    <th>{ctx.t("结果", "Value")}</th>
                    <th>{ctx.t("下界", "Lower bound")}</th>
                </tr></thead>
                <tbody>
                    {rows
                        .into_iter()
                        .map(|(key, zh, en, v, lb)| view! {
                            <tr data-metric=key class:at-bound=v <= lb>
                                <td>{if lang == Lang::En { en } else { zh }}</td>
                                <td class="value">{v}</td>
                                <td class="bound">{lb}{if v <= lb { " ✓" } else { "" }}</td>
                            </tr>
                        })
                        .collect_view()}
                </tbody>
            </table>
        })
    }
}

#[component]
fn Timetable(ctx: Ctx) -> impl IntoView {
    move || {
        let p = ctx.problem.get()?;
        let s = ctx.schedule.get()?;
        let seats = seat_holders(&p, &ctx.results.get(), Points::table_tennis());
        let fixtures = p.fixtures();
        let slots = p.slots();
        // One lookup per cell instead of a scan of every placement per cell.
        let at: std::collections::HashMap<(usize, usize), usize> = s
            .placements
            .iter()
            .map(|pl| ((pl.slot, pl.table), pl.fixture))
            .collect();
        let lang = ctx.lang.get();
        let en = lang == Lang::En;
        let pages = (0..p.sessions.len())
            .map(|sess| {
                let session = &p.sessions[sess];
                let title = if en {
                    format!("Session {}", sess + 1)
                } else {
                    format!("第{}场次", sess + 1)
                };
                let when = [session.date.clone(), session.start.clone()]
                    .into_iter()
                    .flatten()
                    .collect::<Vec<_>>()
                    .join(" ");
                let rows = slots
                    .iter()
                    .enumerate()
                    .filter(|(_, x)| x.session == sess)
                    .map(|(g, x)| {
                        let cells = (0..p.tables)
                            .map(|t| {
                                let text = at
                                    .get(&(g, t))
                                    .map(|&fixture| {
                                        let f = &fixtures[fixture];
                                        let stage = match &f.stage {
                                            Phase::Knockout { label, .. } => format!("{label}: "),
                                            Phase::Group { group, .. } => format!("{}: ", group_letter(*group)),
                                            Phase::RoundRobin { .. } => String::new(),
                                        };
                                        format!("{stage}{} – {}", side_label(&f.a, &p.entrants, &seats), side_label(&f.b, &p.entrants, &seats))
                                    });
                                let filled = text.is_some();
                                view! { <td data-testid=if filled { "match" } else { "free" }>{text.unwrap_or_default()}</td> }
                            })
                            .collect_view();
                        view! {
                            <tr>
                                <th scope="row">{format!("{} · {}", x.index + 1, slot_time(&p, &slots, g))}</th>
                                {cells}
                            </tr>
                        }
                    })
                    .collect_view();
                let heads = (1..=p.tables)
                    .map(|t| view! { <th scope="col">{if en { format!("Table {t}") } else { format!("{t}号台") }}</th> })
                    .collect_view();
                view! {
                    <section class="session-page" data-testid="session-page">
                        <h2>{title}" "<small>{when}</small></h2>
                        <table class="timetable">
                            <thead><tr><th>{if en { "Slot" } else { "时段" }}</th>{heads}</tr></thead>
                            <tbody>{rows}</tbody>
                        </table>
                    </section>
                }
            })
            .collect_view();
        Some(view! { <div class="sessions" data-testid="timetable">{pages}</div> })
    }
}

fn entrant_table(p: &Problem, s: &Schedule, e: usize, en: bool) -> impl IntoView {
    let slots = p.slots();
    let lang = if en { Lang::En } else { Lang::Zh };
    let rows = s
        .entrant_matches(p, e)
        .into_iter()
        .map(|m| {
            let x = slots[m.slot];
            view! {
                <tr>
                    <td>{x.session + 1}</td>
                    <td>{p.sessions[x.session].date.clone().unwrap_or_default()}</td>
                    <td>{slot_time(p, &slots, m.slot)}</td>
                    <td>{m.table + 1}</td>
                    <td>{p.entrants[m.opponent].clone()}</td>
                    <td>{m.gap.say(lang)}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <table class="entrant-table">
            <thead><tr>
                <th>{if en { "Session" } else { "场次" }}</th>
                <th>{if en { "Date" } else { "日期" }}</th>
                <th>{if en { "Time" } else { "时间" }}</th>
                <th>{if en { "Table" } else { "球台" }}</th>
                <th>{if en { "Opponent" } else { "对手" }}</th>
                <th>{if en { "Rest" } else { "间隔" }}</th>
            </tr></thead>
            <tbody>{rows}</tbody>
        </table>
    }
}

#[component]
fn EntrantView(ctx: Ctx) -> impl IntoView {
    let who = RwSignal::new(0usize);
    move || {
        // Drawn once the solver stops: redrawing it every slice would slow the solve.
        if ctx.running.get() {
            return None;
        }
        let p = ctx.problem.get()?;
        let s = ctx.schedule.get()?;
        let en = ctx.lang.get() == Lang::En;
        let e = who.get().min(p.entrants.len().saturating_sub(1));
        let options = p
            .entrants
            .iter()
            .enumerate()
            .map(
                |(i, n)| view! { <option value=i.to_string() selected=i == e>{n.clone()}</option> },
            )
            .collect_view();
        Some(view! {
            <section class="entrant-view no-print" data-testid="entrant-view">
                <h2>{if en { "Per entrant" } else { "个人赛程" }}</h2>
                <label>
                    {if en { "Entrant " } else { "参赛者 " }}
                    <select data-testid="entrant-select" on:change=move |ev| who.set(event_target_value(&ev).parse().unwrap_or(0))>
                        {options}
                    </select>
                </label>
                {entrant_table(&p, &s, e, en)}
            </section>
        })
    }
}

/// One slip per entrant, shown only when printing in slip mode.
#[component]
fn Slips(ctx: Ctx) -> impl IntoView {
    move || {
        // Drawn once the solver stops: redrawing it every slice would slow the solve.
        if ctx.running.get() {
            return None;
        }
        let p = ctx.problem.get()?;
        let s = ctx.schedule.get()?;
        let en = ctx.lang.get() == Lang::En;
        let slips = (0..p.entrants.len())
            .map(|e| {
                view! {
                    <section class="slip" data-testid="slip">
                        <h2>{p.entrants[e].clone()}</h2>
                        {entrant_table(&p, &s, e, en)}
                    </section>
                }
            })
            .collect_view();
        Some(view! { <div class="slips">{slips}</div> })
    }
}

fn enter_result(ctx: Ctx, fixture: usize, text: String) -> Result<(), String> {
    let lang = ctx.lang.get_untracked();
    let best_of = BestOf::new(ctx.best_of.get_untracked()).map_err(|e| e.say(lang))?;
    let scoring = ctx.draft.with_untracked(|d| d.scoring);
    let result = if text.trim().is_empty() {
        None
    } else {
        Some(
            scoring
                .parse_result(best_of, &text)
                .map_err(|e| e.say(lang))?,
        )
    };
    match result {
        Some(MatchResult::Rally(score)) => set_score(ctx, fixture, Some(score)),
        None if !scoring.is_game() => set_score(ctx, fixture, None),
        game => {
            let outcome = match game {
                Some(MatchResult::Game(o)) => Some(o),
                _ => None,
            };
            let pairing = ctx.problem.with_untracked(|p| {
                p.as_ref()
                    .and_then(|p| p.fixtures().get(fixture)?.berger_pairing())
            });
            let (Some((round, red, black)), Some(mut t), Some(id)) = (
                pairing,
                ctx.event.get_untracked(),
                ctx.event_id.get_untracked(),
            ) else {
                return Err(lang
                    .pick("请先编排赛程", "Solve the timetable first")
                    .into());
            };
            match outcome {
                Some(o) => t
                    .record(round, red, black, vec![o])
                    .map_err(|e| e.say(lang))?,
                None => t.clear_result(round, red, black),
            }
            super::tournament::store_event(Some(id), &t)?;
            ctx.event.set(Some(t));
        }
    }
    Ok(())
}

/// Stores or clears a table-tennis score.
fn set_score(ctx: Ctx, fixture: usize, score: Option<MatchScore>) {
    ctx.results.update(|rs| {
        rs.retain(|r| r.fixture != fixture);
        if let Some(score) = score {
            rs.push(SavedResult { fixture, score });
            rs.sort_by_key(|r| r.fixture);
        }
    });
    ctx.save();
}

/// Withdraws entrant `k` (1-based) now (20.3): after the last round in which it has a result, so
/// every match it has not played becomes a forfeit.
fn withdraw_now(ctx: Ctx, k: usize) -> Result<(), String> {
    let lang = ctx.lang.get_untracked();
    let (Some(mut t), Some(id)) = (ctx.event.get_untracked(), ctx.event_id.get_untracked()) else {
        return Err(lang
            .pick("请先编排赛程", "Solve the timetable first")
            .into());
    };
    let after = t
        .results()
        .iter()
        .filter(|m| !m.games.is_empty() && (m.red == k || m.black == k))
        .map(|m| m.round)
        .max()
        .unwrap_or(0);
    t.withdraw(k, after).map_err(|e| e.say(lang))?;
    super::tournament::store_event(Some(id), &t)?;
    ctx.event.set(Some(t));
    Ok(())
}

#[component]
fn ResultsView(ctx: Ctx) -> impl IntoView {
    let errors = RwSignal::new(Vec::<(usize, String)>::new());
    move || {
        // Drawn once the solver stops: redrawing it every slice would slow the solve.
        if ctx.running.get() {
            return None;
        }
        let p = ctx.problem.get()?;
        let s = ctx.schedule.get()?;
        let en = ctx.lang.get() == Lang::En;
        let fixtures = p.fixtures();
        let results = ctx.results.get_untracked();
        let seats = seat_holders(&p, &results, Points::table_tennis());
        let slots = p.slots();
        let scoring = ctx.draft.with(|d| d.scoring);
        let game = scoring.is_game();
        let event = ctx.event.get();
        let scores: std::collections::HashMap<usize, String> = results
            .iter()
            .map(|r| (r.fixture, r.score.to_string()))
            .collect();

        let rows = s
            .placements
            .iter()
            .map(|pl| {
                let f = &fixtures[pl.fixture];
                let fixture = pl.fixture;
                let pairing = f.berger_pairing();
                let current = if game {
                    event.as_ref().zip(pairing).and_then(|(t, (r, a, b))| t.result(r, a, b)).and_then(|m| m.games.first()).map(|o| o.notation().to_string()).unwrap_or_default()
                } else {
                    scores.get(&fixture).cloned().unwrap_or_default()
                };
                let forfeit = game && event.as_ref().zip(pairing).is_some_and(|(t, (r, a, b))| t.is_forfeit_by_withdrawal(r, a, b));
                let label = format!(
                    "{} – {}",
                    side_label(&f.a, &p.entrants, &seats),
                    side_label(&f.b, &p.entrants, &seats)
                );
                let aria = format!("{} {label}", if en { "Score of" } else { "比分" });
                let slot = slots[pl.slot];
                view! {
                    <tr>
                        <td>{format!("{}-{} {}", slot.session + 1, slot.index + 1, slot_time(&p, &slots, pl.slot))}</td>
                        <td>{pl.table + 1}</td>
                        <td>{label}</td>
                        <td>
                            <input
                                type="text"
                                data-testid="score"
                                data-fixture=fixture.to_string()
                                aria-label=aria
                                placeholder=if game { "1-0 ½ 0-1 +/-" } else { "11-7 9-11 11-5" }
                                disabled=forfeit
                                prop:value=current
                                on:change=move |ev| {
                                    let outcome = enter_result(ctx, fixture, event_target_value(&ev));
                                    errors.update(|es| {
                                        es.retain(|(f, _)| *f != fixture);
                                        if let Err(e) = outcome {
                                            es.push((fixture, e));
                                        }
                                    });
                                }
                            />
                            {forfeit.then(|| view! { <span class="forfeit" data-testid="forfeit">{if en { "withdrawn: forfeit (20.3)" } else { "退出：弃权 (20.3)" }}</span> })}
                            {move || errors.with(|es| es.iter().find(|(f, _)| *f == fixture).map(|(_, e)| view! { <span class="score-error" role="alert">{e.clone()}</span> }))}
                        </td>
                    </tr>
                }
            })
            .collect_view();
        let withdraw_who = RwSignal::new(1usize);
        let names = p.entrants.clone();
        let withdraw = game.then(|| view! {
            <p class="withdraw">
                <label>
                    {if en { "Withdrawal (20.3): " } else { "中途退出 (20.3)：" }}
                    <select data-testid="withdraw-entrant" on:change=move |ev| withdraw_who.set(event_target_value(&ev).parse().unwrap_or(1))>
                        {names.iter().enumerate().map(|(i, n)| view! { <option value=(i + 1).to_string()>{n.clone()}</option> }).collect_view()}
                    </select>
                </label>
                " "
                <button data-testid="withdraw" on:click=move |_| {
                    if let Err(e) = withdraw_now(ctx, withdraw_who.get_untracked()) {
                        ctx.message.set(Some(e));
                    }
                }>{if en { "Withdraws now: remaining matches are forfeits" } else { "即刻退出：余下比赛按弃权" }}</button>
            </p>
        });
        let best = (!game).then(|| view! {
            <label>
                {if en { "Matches are best of " } else { "每场局数：" }}
                <select data-testid="best-of" on:change=move |ev| ctx.best_of.set(event_target_value(&ev).parse().unwrap_or(5))>
                    {[3u32, 5, 7].into_iter().map(|n| view! { <option value=n.to_string() selected=ctx.best_of.get_untracked() == n>{n}</option> }).collect_view()}
                </select>
            </label>
        });
        let hint = match (game, en) {
            (true, true) => "Enter 1-0, 0-1, ½ (or 1/2, =), a forfeit +/- or -/+ (21.4), first-named plays Red (13.1). Standings by the 1999 rules (15.1).",
            (true, false) => "填 1-0、0-1、和（或 ½、1/2）；弃权填 +/- 或 -/+ (21.4)；先列者执红 (13.1)。名次按 1999 年规则 (15.1)。",
            (false, true) => "Games to 11, won by 2; a walkover is entered as W/O A or W/O B. Points: win 2, loss 1, walkover loss 0.",
            (false, false) => "每局11分、须领先2分；弃权填 W/O A 或 W/O B。积分：胜2分、负1分、弃权0分。",
        };
        Some(view! {
            <section class="results no-print" data-testid="results">
                <h2>{if en { "Results and standings" } else { "成绩与名次" }}</h2>
                <p class="hint">{hint}</p>
                {best}
                {withdraw}
                <Standings ctx=ctx />
                <table class="result-entry">
                    <thead><tr>
                        <th>{if en { "Slot" } else { "时段" }}</th>
                        <th>{match (game, en) { (true, true) => "Board", (true, false) => "台", (false, true) => "Table", (false, false) => "球台" }}</th>
                        <th>{if en { "Match" } else { "对阵" }}</th>
                        <th>{if en { "Score" } else { "比分" }}</th>
                    </tr></thead>
                    <tbody>{rows}</tbody>
                </table>
            </section>
        })
    }
}

#[component]
fn Standings(ctx: Ctx) -> impl IntoView {
    move || {
        let p = ctx.problem.get()?;
        let en = ctx.lang.get() == Lang::En;
        if ctx.draft.with(|d| d.scoring.is_game()) {
            return ctx.event.with(|t| {
                t.as_ref()
                    .map(|t| game_standings(t, ctx.lang.get()).into_any())
            });
        }
        let results = ctx.results.get();
        let v = verdicts(&p, &results);
        let groups: Vec<(String, Vec<usize>)> = match p.format {
            Format::GroupsKnockout { groups } => snake_groups(p.entrants.len(), groups)
                .into_iter()
                .enumerate()
                .map(|(g, m)| {
                    let name = if en {
                        format!("Group {}", group_letter(g))
                    } else {
                        format!("{}组", group_letter(g))
                    };
                    (name, m)
                })
                .collect(),
            Format::RoundRobin { .. } => vec![(String::new(), (0..p.entrants.len()).collect())],
        };
        let tables = groups
            .into_iter()
            .map(|(name, members)| {
                let rows = standings(&members, &v, Points::table_tennis())
                    .into_iter()
                    .map(|r| {
                        view! {
                            <tr>
                                <td>{r.rank}</td>
                                <td>{p.entrants[r.entrant].clone()}</td>
                                <td>{r.played}</td>
                                <td>{r.won}</td>
                                <td>{r.lost}</td>
                                <td class="points">{r.points}</td>
                                <td>{format!("{}:{}", r.games_won, r.games_lost)}</td>
                                <td>{format!("{}:{}", r.points_won, r.points_lost)}</td>
                            </tr>
                        }
                    })
                    .collect_view();
                view! {
                    <table class="standings" data-testid="standings">
                        <caption>{name}</caption>
                        <thead><tr>
                            <th>"#"</th>
                            <th>{if en { "Entrant" } else { "参赛者" }}</th>
                            <th>{if en { "Played" } else { "场" }}</th>
                            <th>{if en { "Won" } else { "胜" }}</th>
                            <th>{if en { "Lost" } else { "负" }}</th>
                            <th>{if en { "Points" } else { "积分" }}</th>
                            <th>{if en { "Games" } else { "局" }}</th>
                            <th>{if en { "Rallies" } else { "分" }}</th>
                        </tr></thead>
                        <tbody>{rows}</tbody>
                    </table>
                }
            })
            .collect_view();
        Some(view! { <div class="standings-list">{tables}</div> }.into_any())
    }
}

/// The standings of a game-scored event: the rounds view's own computation (15.1/15.3).
fn game_standings(t: &Tournament, lang: Lang) -> impl IntoView {
    let s = t.standings();
    let heads = s
        .columns
        .iter()
        .map(|c| view! { <th data-tiebreak=c.key()>{c.label_in(lang)}</th> })
        .collect_view();
    let rows = s
        .rows
        .iter()
        .map(|r| {
            let place = r.place.map(|p| p.to_string()).unwrap_or_else(|| "—".into());
            let tbs = r
                .tiebreaks
                .iter()
                .map(|v| view! { <td>{v.map(|v| v.to_string()).unwrap_or_else(|| "—".into())}</td> })
                .collect_view();
            let place_attr = place.clone();
            view! {
                <tr data-entrant=r.entrant data-place=place_attr>
                    <td>{place}</td>
                    <td>{r.name.clone()}{r.withdrawn.then(|| lang.pick(" (退出)", " (withdrew)"))}</td>
                    <td>{r.played}</td><td>{r.won}</td><td>{r.drawn}</td><td>{r.lost}</td>
                    <td class="points">{r.score.to_string()}</td>
                    {tbs}
                </tr>
            }
        })
        .collect_view();
    view! {
        <div class="standings-list">
            <table class="standings" data-testid="standings">
                <caption>{t.name().to_string()}</caption>
                <thead><tr>
                    <th>"#"</th>
                    <th>{lang.pick("参赛者", "Entrant")}</th>
                    <th>{lang.pick("局", "Played")}</th>
                    <th>{lang.pick("胜", "Won")}</th>
                    <th>{lang.pick("和", "Drawn")}</th>
                    <th>{lang.pick("负", "Lost")}</th>
                    <th>{s.score_label_in(lang)}</th>
                    {heads}
                </tr></thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
}
