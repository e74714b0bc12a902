//! `#/train`: puzzles cut from real games (rated by Glicko-2, filtered by theme), a streak of
//! rising difficulty, kept locally with the history. The puzzle data (`public/puzzles/`) is
//! fetched only here, a shard at a time, the next one fetched while the player still has
//! puzzles left from the last; the decisions are `crate::train` (tested natively).

mod board;
mod endgame;
mod engine;
pub(super) mod fetch;
mod sets;
mod solve;
mod words;

use super::board::Mark;
use super::i18n::{tr, use_lang};
use crate::lang::Say;
use crate::train::progress::{self, Progress};
use crate::train::puzzle::{Collection, Puzzle, Theme};
use crate::train::session::Solving;
use crate::train::shard::{Index, Shard};
use crate::xiangqi::Square;
use leptos::prelude::*;
use std::collections::BTreeSet;
use words::Said;

pub(crate) use sets::keep_position;

/// Where the trainer's progress is kept.
const PROGRESS_KEY: &str = "xq.train";
/// Where the puzzle data is published, beside `index.html`.
const DATA: &str = "public/puzzles/";
/// Fresh puzzles kept loaded ahead: below this many, the next shard is fetched.
const AHEAD: usize = 8;

/// The ways to train.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// Rated puzzles near the player's rating.
    Puzzles,
    /// Rising difficulty until the first mistake.
    Streak,
    /// The classic endgames against the engine.
    Endgames,
    /// The teacher's sets.
    Sets,
}

/// What the status line says.
#[derive(Clone, Debug, PartialEq)]
enum Note {
    Find(crate::xiangqi::Color),
    Right,
    Solved(i32),
    SolvedWithHelp,
    Wrong,
    Hint,
    Thinking,
    Refutation(String),
    NoMore,
    StreakOver(u32),
    NotLoaded,
}

/// A streak in progress: solved so far, the last puzzle's rating, whether it has ended.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Streak {
    solved: u32,
    last: f64,
    over: bool,
}

/// The page's state, shared by its parts through context.
#[derive(Clone, Copy)]
struct Train {
    index: RwSignal<Option<Index>>,
    puzzles: RwSignal<Vec<Puzzle>>,
    fetched: StoredValue<BTreeSet<String>>,
    fetching: RwSignal<bool>,
    solving: RwSignal<Option<Solving>>,
    themes: RwSignal<BTreeSet<Theme>>,
    mode: RwSignal<Mode>,
    progress: RwSignal<Progress>,
    streak: RwSignal<Streak>,
    note: RwSignal<Option<Note>>,
    selected: RwSignal<Option<Square>>,
    marks: RwSignal<Vec<Mark>>,
    engine: engine::Engine,
    /// Puzzles shown in this visit (not offered again, rated or not).
    seen: StoredValue<BTreeSet<String>>,
    /// The current puzzle's result has been rated.
    rated: StoredValue<bool>,
    /// The teacher's sets, and the one chosen.
    shelf: RwSignal<crate::train::shelf::Shelf>,
    chosen: RwSignal<usize>,
    /// The class view's set, when it is open.
    class: RwSignal<Option<crate::train::shelf::Class>>,
    /// A set opened from a link, until kept.
    linked: RwSignal<Option<crate::train::set::PuzzleSet>>,
    set_note: RwSignal<Option<sets::SetNote>>,
    /// The endgame studies loaded, the one open and its game against the engine.
    studies: RwSignal<Vec<Puzzle>>,
    study_at: RwSignal<usize>,
    /// Whether the open study's published solution is shown.
    solution_shown: RwSignal<bool>,
    duel: RwSignal<Option<crate::train::duel::Duel>>,
    /// The page's language, for the handlers that name things (a new set).
    lang: RwSignal<crate::lang::Lang>,
}

fn use_train() -> Train {
    expect_context::<Train>()
}

impl Train {
    fn new() -> Train {
        let progress = super::storage::load_with(PROGRESS_KEY, Progress::from_json);
        Train {
            index: RwSignal::new(None),
            puzzles: RwSignal::new(Vec::new()),
            fetched: StoredValue::new(BTreeSet::new()),
            fetching: RwSignal::new(false),
            solving: RwSignal::new(None),
            themes: RwSignal::new(BTreeSet::new()),
            mode: RwSignal::new(Mode::Puzzles),
            progress: RwSignal::new(progress.unwrap_or_default()),
            streak: RwSignal::new(Streak::default()),
            note: RwSignal::new(None),
            selected: RwSignal::new(None),
            marks: RwSignal::new(Vec::new()),
            engine: engine::Engine::new(),
            seen: StoredValue::new(BTreeSet::new()),
            rated: StoredValue::new(false),
            shelf: RwSignal::new(sets::load_shelf()),
            chosen: RwSignal::new(0),
            class: RwSignal::new(None),
            linked: RwSignal::new(None),
            set_note: RwSignal::new(None),
            studies: RwSignal::new(Vec::new()),
            study_at: RwSignal::new(0),
            solution_shown: RwSignal::new(false),
            duel: RwSignal::new(None),
            lang: use_lang(),
        }
    }

    /// Fetches the index, then the first shard.
    fn load(self) {
        fetch::text(&format!("{DATA}index.json"), move |text| {
            match text.as_deref().map(Index::parse) {
                Some(Ok(index)) => {
                    self.index.set(Some(index));
                    self.fetch_ahead();
                }
                _ => self.note.set(Some(Note::NotLoaded)),
            }
        });
    }

    /// The rating the next puzzle is chosen near: the player's, or for a streak the last one's.
    fn target(self) -> f64 {
        match self.mode.get_untracked() {
            Mode::Streak => self.streak.get_untracked().last,
            Mode::Puzzles | Mode::Sets | Mode::Endgames => {
                self.progress.with_untracked(|p| p.player.rating)
            }
        }
    }

    /// Fresh puzzles loaded under the chosen themes.
    fn fresh_left(self) -> usize {
        let themes = self.themes.get_untracked();
        self.progress.with_untracked(|p| {
            self.seen.with_value(|seen| {
                self.puzzles.with_untracked(|all| {
                    all.iter()
                        .filter(|z| progress::matches(z, &themes))
                        .filter(|z| !p.tried(&z.id) && !seen.contains(&z.id))
                        .count()
                })
            })
        })
    }

    /// Fetches the next shard when fewer than [`AHEAD`] fresh puzzles are loaded; opens a
    /// puzzle once there is one and none is open.
    fn fetch_ahead(self) {
        if self.fetching.get_untracked() || self.fresh_left() >= AHEAD {
            return;
        }
        let themes = self.themes.get_untracked();
        let next = self.index.with_untracked(|i| {
            let i = i.as_ref()?;
            self.fetched.with_value(|f| {
                progress::shard_to_fetch(i, Collection::Games, &themes, self.target(), f)
                    .map(|s| s.file.clone())
            })
        });
        let Some(file) = next else {
            return;
        };
        self.fetched.update_value(|f| {
            f.insert(file.clone());
        });
        self.fetching.set(true);
        fetch::text(&format!("{DATA}{file}"), move |text| {
            self.fetching.set(false);
            match text.as_deref().map(Shard::parse) {
                Some(Ok(shard)) => self.puzzles.update(|p| p.extend(shard.puzzles)),
                _ => self.note.set(Some(Note::NotLoaded)),
            }
            if self.solving.with_untracked(Option::is_none) {
                self.next();
            }
            self.fetch_ahead();
        });
    }

    /// Opens the next puzzle of the mode (or says none is left), then fetches ahead.
    fn next(self) {
        self.engine.stop();
        let themes = self.themes.get_untracked();
        let skip = self.seen.get_value();
        let found = self.progress.with_untracked(|p| {
            self.puzzles.with_untracked(|all| {
                let i = match self.mode.get_untracked() {
                    Mode::Puzzles | Mode::Sets | Mode::Endgames => {
                        progress::next_for(all, &themes, p, &skip)
                    }
                    Mode::Streak => {
                        let last = self.streak.get_untracked().last;
                        progress::next_in_streak(all, &themes, &skip, last)
                    }
                };
                i.map(|i| all[i].clone())
            })
        });
        self.selected.set(None);
        self.marks.set(Vec::new());
        match found {
            Some(puzzle) => {
                self.seen.update_value(|s| {
                    s.insert(puzzle.id.clone());
                });
                self.rated.set_value(false);
                self.solving.set(Some(Solving::new(&puzzle)));
                self.note.set(None);
                solve::play_opening(self);
            }
            None if self.fetching.get_untracked() => {}
            None => {
                self.solving.set(None);
                self.note.set(Some(Note::NoMore));
            }
        }
        self.fetch_ahead();
    }

    /// Rates the open puzzle once: solved cleanly, or missed at the first mistake or help.
    fn rate(self, solved: bool) {
        if self.rated.get_value() {
            return;
        }
        self.rated.set_value(true);
        let Some(puzzle) = self
            .solving
            .with_untracked(|s| s.as_ref().map(|s| s.puzzle().clone()))
        else {
            return;
        };
        let change = self
            .progress
            .try_update(|p| p.record(&puzzle, solved, js_sys::Date::now() as u64))
            .unwrap_or(0);
        self.save();
        if solved {
            self.note.set(Some(Note::Solved(change)));
        }
    }

    fn save(self) {
        let json = self.progress.with_untracked(Progress::to_json);
        let _ = super::storage::set(PROGRESS_KEY, &json);
    }

    /// Switches the mode: a streak starts from the easiest puzzle.
    fn set_mode(self, mode: Mode) {
        self.mode.set(mode);
        match mode {
            Mode::Sets => return,
            Mode::Endgames if self.studies.with_untracked(Vec::is_empty) => {
                return endgame::fetch_studies(self, 0);
            }
            Mode::Endgames => return endgame::open_study(self, self.study_at.get_untracked()),
            Mode::Puzzles | Mode::Streak => {}
        }
        self.streak.set(Streak::default());
        self.seen.update_value(|s| s.clear());
        self.next();
    }
}

/// The `#/train` page.
#[component]
pub fn TrainPage(query: String) -> impl IntoView {
    let train = Train::new();
    provide_context(train);
    train.load();
    sets::open_link(train, &query);
    let sets_shown = move || train.mode.get() == Mode::Sets;
    let endgames_shown = move || train.mode.get() == Mode::Endgames;
    view! {
        <Show when=move || train.class.with(Option::is_some)>
            <sets::ClassView />
        </Show>
        <section class="train" data-testid="train" class:hidden=move || train.class.with(Option::is_some)>
            <TrainHeader />
            <ModeTabs />
            <div class="train-sets-wrap" class:hidden=move || !sets_shown()>
                <sets::SetsPanel />
            </div>
            <div class:hidden=move || sets_shown() || endgames_shown()>
                <solve::SolveArea />
                <ThemeChips />
            </div>
            <Show when=endgames_shown>
                <endgame::EndgameArea />
            </Show>
            <History />
            <p class="train-credit" data-testid="train-credit">
                {tr(words::CREDIT_BEFORE)}<cite translate="no">{words::DATASET}</cite>{tr(words::CREDIT_AFTER)}
            </p>
        </section>
    }
}

/// The title, the puzzle count and the player's rating.
#[component]
fn TrainHeader() -> impl IntoView {
    let train = use_train();
    let lang = use_lang();
    let count = move || {
        train.index.with(|i| {
            i.as_ref()
                .map(|i| Said::PuzzleCount(i.count).say(lang.get()))
        })
    };
    let rating = move || train.progress.with(|p| p.player.shown());
    view! {
        <header class="train-head">
            <h1>{tr(words::TRAIN_TITLE)}</h1>
            <span class="puzzle-count" data-testid="puzzle-count" data-count=move || train.index.with(|i| i.as_ref().map(|i| i.count))>
                {move || count().unwrap_or_else(|| words::LOADING.get(lang.get()).to_string())}
            </span>
            <span class="train-rating">
                {tr(words::YOUR_RATING)}" "
                <strong data-testid="player-rating">{rating}</strong>
            </span>
        </header>
    }
}

/// Rated puzzles or a streak.
#[component]
fn ModeTabs() -> impl IntoView {
    let train = use_train();
    let tab = move |mode: Mode, text, id: &'static str| {
        view! {
            <button type="button" role="tab" data-testid=id
                aria-selected=move || if train.mode.get() == mode { "true" } else { "false" }
                on:click=move |_| train.set_mode(mode)>{tr(text)}</button>
        }
    };
    view! {
        <div class="train-modes" role="tablist" aria-label=tr(words::MODES)>
            {tab(Mode::Puzzles, words::PUZZLES, "mode-puzzles")}
            {tab(Mode::Streak, words::STREAK, "mode-streak")}
            {tab(Mode::Endgames, words::ENDGAMES, "mode-endgames")}
            {tab(Mode::Sets, words::SETS, "mode-sets")}
        </div>
    }
}

/// The theme filter: a chip per theme in the data, any chosen (none: all).
#[component]
fn ThemeChips() -> impl IntoView {
    let train = use_train();
    let lang = use_lang();
    let listed = move || {
        train.index.with(|i| {
            i.as_ref()
                .map(|i| i.themes.keys().copied().collect::<Vec<Theme>>())
                .unwrap_or_default()
        })
    };
    let toggle = move |t: Theme| {
        train.themes.update(|s| {
            if !s.remove(&t) {
                s.insert(t);
            }
        });
        train.next();
    };
    view! {
        <fieldset class="theme-chips">
            <legend>{tr(words::THEMES)}</legend>
            <button type="button" class="chip" data-testid="theme-all"
                aria-pressed=move || if train.themes.with(BTreeSet::is_empty) { "true" } else { "false" }
                on:click=move |_| { train.themes.set(BTreeSet::new()); train.next(); }>{tr(words::ALL_THEMES)}</button>
            <For each=listed key=|t| t.id() let:t>
                <button type="button" class="chip" data-testid="theme-chip" data-theme=t.id()
                    aria-pressed=move || if train.themes.with(|s| s.contains(&t)) { "true" } else { "false" }
                    on:click=move |_| toggle(t)>{move || t.say(lang.get())}</button>
            </For>
        </fieldset>
    }
}

/// The last attempts, newest first, and the best streak.
#[component]
fn History() -> impl IntoView {
    let train = use_train();
    let rows = move || {
        train.progress.with(|p| {
            p.history
                .iter()
                .rev()
                .take(10)
                .map(|t| (t.solved, t.rating))
                .collect::<Vec<_>>()
        })
    };
    view! {
        <details class="train-history" data-testid="train-history">
            <summary>{tr(words::HISTORY)}" · "{tr(words::BEST_STREAK)}" "{move || train.progress.with(|p| p.best_streak)}</summary>
            <ol>
                {move || rows().into_iter().map(|(solved, rating)| view! {
                    <li data-solved=solved.to_string()>
                        {tr(if solved { words::SOLVED_MARK } else { words::MISSED_MARK })}" · "{rating}
                    </li>
                }).collect_view()}
            </ol>
        </details>
    }
}
