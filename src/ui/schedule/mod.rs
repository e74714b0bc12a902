//! `#/schedule`: the match scheduler page, one screen's worth of code per file, sharing one
//! [`Store`] provided in context:
//! - [`form`]: the problem form and the "does not fit" report;
//! - [`solve`]: solving in a Web Worker, progress, Stop;
//! - [`metrics`]: the timetable's figures beside their proven lower bounds;
//! - [`timetable`]: the timetable on screen, by session/slot/table;
//! - [`entrant`]: one entrant's matches and rests;
//! - [`results`]: entering results; [`standings`]: the standings;
//! - [`exports`]: CSV/ICS/JSON export and JSON import; [`print`]: A4 session sheets and slips.

mod changes;
mod entrant;
mod exports;
mod form;
mod hall;
mod metrics;
mod print;
mod results;
mod solve;
mod standings;
mod timetable;

use super::i18n::{use_lang, Lang};
use super::storage;
use crate::events::round_robin::Tournament;
use crate::events::schedule::{
    game_seat_holders, group_letter, seat_holders, side_label, BestOf, Bounds, Draft, Fit, Fixture,
    Format, Metrics, Phase, Points, Problem, SaveFile, SavedGame, SavedResult, Schedule, SlotInfo,
    SAVE_VERSION,
};
use crate::lang::{Say, Text};
use gloo_timers::callback::Timeout;
use leptos::prelude::*;
use std::collections::BTreeMap;
mod words;
use crate::ui::i18n::tr;
use crate::ui::words::SaidBefore;

const KEY_STATE: &str = "xq.schedule.state";
const KEY_DRAFT: &str = "xq.schedule.draft";

/// Everything the page shares, all `Copy` so timer callbacks can carry it.
#[derive(Clone, Copy)]
struct Store {
    /// What the print button prints.
    print_mode: RwSignal<print::PrintMode>,
    /// Whether the user has asked for a printout (a big event draws it only then).
    print_asked: RwSignal<bool>,
    /// Set a task after the solver stops: the parts below the timetable are drawn then, so that
    /// Stop's redraw is split in two tasks instead of one long one.
    settled: RwSignal<bool>,
    /// The entrant highlighted in the timetable (clicked in the grid or the list).
    focus: RwSignal<Option<usize>>,
    /// Set while the timetable is still drawing its page, a few sessions per task:
    /// the progress bar reads "running" until the whole page is on screen.
    drawing: RwSignal<bool>,
    lang: RwSignal<Lang>,
    draft: RwSignal<Draft>,
    seed: RwSignal<String>,
    problem: RwSignal<Option<Problem>>,
    schedule: RwSignal<Option<Schedule>>,
    fit: RwSignal<Option<Fit>>,
    metrics: RwSignal<Option<(Metrics, Bounds)>>,
    results: RwSignal<Vec<SavedResult>>,
    /// Game results of a game-scored groups + knockout event (no round-robin event holds them).
    games: RwSignal<Vec<SavedGame>>,
    best_of: RwSignal<u32>,
    running: RwSignal<bool>,
    fraction: RwSignal<f64>,
    iterations: RwSignal<u64>,
    optimal: RwSignal<bool>,
    /// The last message, said in the language shown (the language button re-says it).
    message: RwSignal<Option<SaidBefore>>,
    drawn_at: StoredValue<f64, LocalStorage>,
    worker: StoredValue<Option<web_sys::Worker>, LocalStorage>,
    /// The worker's latest timetable, drawn at most every 1.5 s but always shown on Stop.
    latest: StoredValue<Option<(Schedule, Metrics, Bounds)>, LocalStorage>,
    /// The round-robin event of a game scoring (the rounds view shows it): its store key and value.
    event_id: RwSignal<Option<String>>,
    event: RwSignal<Option<Tournament>>,
}

impl Store {
    /// Whether results are games of a groups + knockout event, kept in [`Store::games`].
    fn group_games(&self) -> bool {
        self.draft.with(|d| d.scoring.is_game())
            && self
                .problem
                .with(|p| matches!(p, Some(p) if matches!(p.format, Format::GroupsKnockout { .. })))
    }

    /// The event and its timetable once the solver has stopped (tracked): views of a whole
    /// timetable are drawn only then, since redrawing them every slice would slow the solve.
    fn solved(&self) -> Option<(Problem, Schedule)> {
        if self.running.get() {
            return None;
        }
        Some((self.problem.get()?, self.schedule.get()?))
    }

    /// [`Store::solved`], a task later (see [`Store::settled`]).
    fn settled(&self) -> Option<(Problem, Schedule)> {
        if !self.settled.get() {
            return None;
        }
        self.solved()
    }

    /// Seat name → entrant ("A1", "W SF1") from the results entered so far, for either scoring.
    fn seats(&self, p: &Problem) -> BTreeMap<String, usize> {
        if self.group_games() {
            let scoring = self.draft.with(|d| d.scoring);
            self.games.with(|g| game_seat_holders(p, scoring, g))
        } else {
            self.results
                .with(|r| seat_holders(p, r, Points::table_tennis()))
        }
    }

    /// The seed typed in the form (1 when it is not a number): the solve's and the re-solve's.
    fn seed_number(&self) -> u64 {
        self.seed.get_untracked().trim().parse().unwrap_or(1)
    }

    /// Shows a message (a word, or a domain error) in the current language.
    fn say(&self, message: &dyn Say) {
        self.message.set(Some(SaidBefore::of(message)));
    }

    /// The save file of the current timetable (without the event, which has its own store).
    fn file(&self) -> Option<SaveFile> {
        Some(SaveFile {
            version: SAVE_VERSION,
            problem: self.problem.get_untracked()?,
            schedule: self.schedule.get_untracked()?,
            results: self.results.get_untracked(),
            best_of: BestOf::new(self.best_of.get_untracked())
                .unwrap_or(BestOf::new(5).expect("5 is valid")),
            scoring: self.draft.with_untracked(|d| d.scoring),
            event_id: self.event_id.get_untracked(),
            event: None,
            games: self.games.get_untracked(),
        })
    }

    /// Writes problem, timetable and results to localStorage (a refusal is said above the page by
    /// the storage module).
    fn save(&self) {
        let Some(file) = self.file() else {
            return;
        };
        let _ = storage::set(KEY_STATE, &file.to_saved_json());
    }

    /// Shows a loaded save file.
    fn load(&self, file: SaveFile) {
        let metrics = file.schedule.metrics(&file.problem);
        let bounds = Bounds::of(&file.problem).ok();
        let name = file.event.as_ref().map(|t| t.name().to_string());
        // An imported file carries its event: store it where the rounds view reads it.
        let event = match file.event {
            Some(t) => match crate::ui::storage::store_round_robin(file.event_id.clone(), &t) {
                Ok(id) => Some((id, t)),
                Err(e) => {
                    self.say(&e);
                    None
                }
            },
            None => file
                .event_id
                .clone()
                .and_then(|id| crate::ui::storage::stored_round_robin(&id).map(|t| (id, t))),
        };
        let mut draft = Draft::from_problem(&file.problem);
        draft.scoring = file.scoring;
        // A team event's boards, board order and players come back into the form with it.
        if let Some((_, t)) = &event {
            draft.take_team(t);
        }
        // The name typed in the form stays when no event carries one (a table-tennis timetable).
        draft.name = name
            .or_else(|| event.as_ref().map(|(_, t)| t.name().to_string()))
            .unwrap_or_else(|| self.draft.with_untracked(|d| d.name.clone()));
        self.draft.set(draft);
        self.event_id.set(event.as_ref().map(|(id, _)| id.clone()));
        self.event.set(event.map(|(_, t)| t));
        self.fit
            .set(crate::events::schedule::fit(&file.problem).ok());
        self.metrics.set(bounds.map(|b| (metrics, b)));
        self.problem.set(Some(file.problem));
        self.schedule.set(Some(file.schedule));
        self.results.set(file.results);
        self.games.set(file.games);
        self.best_of.set(file.best_of.games());
        self.fraction.set(1.0);
    }
}

/// "19:00" or "+22′" for a slot.
fn slot_time(p: &Problem, slots: &[SlotInfo], slot: usize) -> String {
    let Some(s) = slots.get(slot) else {
        return String::new();
    };
    p.clock(s)
        .unwrap_or_else(|| format!("+{}′", s.start_minute))
}

/// "QF1: A1 – B2" or "Li – Wang": a match as the timetable names it.
fn match_label(f: &Fixture, names: &[String], seats: &BTreeMap<String, usize>) -> String {
    let stage = match &f.stage {
        Phase::Knockout { label, .. } => format!("{label}: "),
        Phase::Group { group, .. } => format!("{}: ", group_letter(*group)),
        Phase::RoundRobin { .. } => String::new(),
    };
    format!(
        "{stage}{} – {}",
        side_label(&f.a, names, seats),
        side_label(&f.b, names, seats)
    )
}

/// The page's store, provided by each page of this module.
fn use_store() -> Store {
    expect_context::<Store>()
}

/// A screen of the organiser's desk: `#/schedule?print`, `?changes` or `?hall`. The desk reads
/// and writes the same saved event as the scheduler, in bundles of its own (each first
/// visit stays under 300 KB); `index.html`'s loader picks the bundle by the same words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Desk {
    /// The printouts on screen, as printed, with the print mode and button.
    Print,
    /// Late changes: moving a match, a withdrawal after a session (15.2).
    Changes,
    /// The hall display for a projector (now playing / next up per table).
    Hall,
}

impl Desk {
    /// The desk screen a `#/schedule` query names, if any.
    pub fn of(query: &str) -> Option<Desk> {
        query.split('&').find_map(|q| match q.split('=').next() {
            Some("print") => Some(Desk::Print),
            Some("changes") => Some(Desk::Changes),
            Some("hall") => Some(Desk::Hall),
            _ => None,
        })
    }
}

/// The store of either page, restored from localStorage (a corrupt save is reported and set
/// aside, never a blank page), with the draft saved as it is typed.
fn provide_store() -> Store {
    let lang = use_lang();
    let saved_draft = storage::load::<Draft>(KEY_DRAFT);
    let store = Store {
        print_mode: RwSignal::new(print::PrintMode::Sessions),
        print_asked: RwSignal::new(false),
        settled: RwSignal::new(false),
        focus: RwSignal::new(None),
        drawing: RwSignal::new(false),
        lang,
        draft: RwSignal::new(saved_draft.unwrap_or_default()),
        seed: RwSignal::new("1".to_string()),
        problem: RwSignal::new(None),
        schedule: RwSignal::new(None),
        fit: RwSignal::new(None),
        metrics: RwSignal::new(None),
        results: RwSignal::new(Vec::new()),
        games: RwSignal::new(Vec::new()),
        best_of: RwSignal::new(5),
        running: RwSignal::new(false),
        fraction: RwSignal::new(0.0),
        iterations: RwSignal::new(0),
        optimal: RwSignal::new(false),
        message: RwSignal::new(None),
        drawn_at: StoredValue::new_local(0.0),
        worker: StoredValue::new_local(None),
        latest: StoredValue::new_local(None),
        event_id: RwSignal::new(None),
        event: RwSignal::new(None),
    };
    provide_context(store);
    Effect::new(move || {
        if store.running.get() {
            store.settled.set(false);
        } else {
            Timeout::new(0, move || store.settled.set(true)).forget();
        }
    });
    if let Some(file) = storage::load_with(KEY_STATE, SaveFile::from_json) {
        store.load(file);
    }
    Effect::new(move || {
        let d = store.draft.get();
        if let Ok(text) = serde_json::to_string(&d) {
            let _ = storage::set(KEY_DRAFT, &text);
        }
    });
    store
}

/// The scheduler page: the problem, the solve, the timetable, results and standings (its state
/// lives in localStorage). Printouts, late changes and the hall display are the desk's
/// ([`PrintPage`], [`ChangesPage`]).
#[component]
pub fn SchedulePage() -> impl IntoView {
    let store = provide_store();
    on_cleanup(move || {
        if let Some(w) = store.worker.try_get_value().flatten() {
            w.terminate();
        }
    });
    view! {
        <section class="schedule">
            <h1 class="no-print">{tr(words::MATCH_SCHEDULER)}</h1>
            <form::ProblemForm />
            <solve::SolveBar />
            {move || store.message.get().map(|m| view! { <p class="error no-print" role="alert" data-testid="message">{m.say(store.lang.get())}</p> })}
            <form::FitReport />
            <metrics::MetricsTable />
            <exports::FileBar />
            <timetable::Timetable />
            <entrant::EntrantView />
            <results::ResultsView />
        </section>
    }
}

/// The way back from a desk screen, and its heading when it has none of its own.
#[component]
fn DeskBar(#[prop(optional)] title: Option<Text>) -> impl IntoView {
    let store = use_store();
    view! {
        <nav class="desk-bar no-print">
            <a class="button" href="#/schedule" data-testid="desk-back">{tr(words::BACK_TO_THE_TIMETABLE)}</a>
            {title.map(|text| view! { <h1>{tr(text)}</h1> })}
        </nav>
        {move || store.message.get().map(|m| view! { <p class="error no-print" role="alert" data-testid="message">{m.say(store.lang.get())}</p> })}
        {move || store.schedule.with(Option::is_none).then(|| view! {
            <p class="notice no-print" data-testid="desk-empty">
                {tr(words::THERE_IS_NO_TIMETABLE_YET)}
                " "
                <a href="#/schedule">{tr(words::GO_TO_THE_SCHEDULER)}</a>
            </p>
        })}
    }
}

/// The desk's printouts and exports (`?print`, `?print=slips` …) or the hall display (`?hall`).
#[component]
pub fn PrintPage(desk: Desk, query: String) -> impl IntoView {
    let store = provide_store();
    if desk == Desk::Hall {
        return view! { <hall::HallView /> }.into_any();
    }
    if let Some(mode) = query.split('&').find_map(|q| q.strip_prefix("print=")) {
        store.print_mode.set(print::PrintMode::of(mode));
        store.print_asked.set(true);
    }
    view! {
        <section class="schedule desk" class:print-slips=move || store.print_mode.get() == print::PrintMode::Slips>
            <DeskBar title=words::PRINT_AND_EXPORT />
            <div class="export-bar no-print"><print::PrintControls /> <exports::ExportBar /></div>
            <print::Printout />
        </section>
    }
    .into_any()
}

/// Late changes (`?changes`): a match moved, a withdrawal after a session, and the timetable.
#[component]
pub fn ChangesPage() -> impl IntoView {
    provide_store();
    view! {
        <section class="schedule desk">
            <DeskBar />
            <changes::Changes />
            <timetable::Timetable />
        </section>
    }
}
