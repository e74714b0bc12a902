//! `#/games`: the club's game database in the browser. Files picked, a dropped folder or a `.zip`
//! are imported by the page's worker (`games_worker`, `worker.rs`) into IndexedDB, resumably;
//! the search runs there too, over the catalogue it keeps in memory (`crate::games`). A game
//! opens on `#/play` as that page's saved session, the game on its board before kept restorable.

mod answer;
mod batch;
mod folder;
mod idb;
mod import;
pub(super) mod job;
mod search;
mod words;
mod worker;

pub use worker::{serve_games_worker, READER};

use super::i18n::{tr, use_lang};
use super::storage;
use crate::lang::Say;
use job::{Ask, Ended, Row, Run, Told};
use leptos::prelude::*;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use words::Said;

/// Where `#/play` keeps the game on its board, and the one it replaced (restorable there).
const PLAY_SESSION: &str = "xq.play.session";
const PLAY_PREVIOUS: &str = "xq.play.previous";

/// How long after the page is up its worker starts.
const WORKER_AFTER: std::time::Duration = std::time::Duration::from_millis(300);

/// Why the page cannot do what was asked.
#[derive(Clone, Debug, PartialEq)]
enum Problem {
    Newer,
    SetAside,
    Unavailable(String),
    Refused(crate::xiangqi::words::Said),
    NoPlayBoard,
    NotSaved,
}

/// A page of results: how many games matched, the page, its rows, the milliseconds from the
/// question to the answer, and which answer it is (counted from 1).
#[derive(Clone, Debug, PartialEq)]
struct Found {
    total: usize,
    page: usize,
    rows: Vec<Row>,
    ms: f64,
    seq: u32,
}

/// The page's state, shared by its parts through context.
#[derive(Clone, Copy)]
struct Games {
    worker: StoredValue<Option<web_sys::Worker>, LocalStorage>,
    /// Games in the database, once it is open.
    held: RwSignal<Option<usize>>,
    /// The import going on or last ended here.
    run: RwSignal<Option<(Run, Option<Ended>)>>,
    /// Bytes used and available to this site (`navigator.storage.estimate()`).
    storage: RwSignal<Option<(f64, f64)>>,
    /// The last page of results.
    found: RwSignal<Option<Found>>,
    /// When the last search was asked (ms), to time its answer.
    asked: StoredValue<f64>,
    search: RwSignal<job::Search>,
    problem: RwSignal<Option<Problem>>,
    /// When the storage estimate was last asked for (ms), so that progress asks at most every 2 s.
    estimated: StoredValue<f64>,
}

impl Games {
    /// Sends `ask` to the worker.
    fn ask(self, ask: &Ask) {
        if let Ask::Search(_) = ask {
            self.asked.set_value(now());
        }
        if let Ok(json) = serde_json::to_string(ask) {
            self.post(&JsValue::from_str(&json));
        }
    }

    fn post(self, message: &JsValue) {
        self.worker.with_value(|w| {
            if let Some(w) = w {
                let _ = w.post_message(message);
            }
        });
    }

    /// What the worker said.
    fn told(self, told: Told) {
        match told {
            Told::Opened { games } => {
                self.held.set(Some(games));
                self.estimate();
                self.ask(&Ask::Search(self.search.get_untracked()));
            }
            Told::Newer => self.problem.set(Some(Problem::Newer)),
            Told::SetAside => self.problem.set(Some(Problem::SetAside)),
            Told::Unavailable(why) => self.problem.set(Some(Problem::Unavailable(why))),
            Told::Progress(run) => {
                self.run.set(Some((run, None)));
                if now() - self.estimated.get_value() > 2000.0 {
                    self.estimate();
                }
            }
            Told::Ended { run, how, games } => {
                self.run.set(Some((run, Some(how))));
                self.held.set(Some(games));
                self.estimate();
                self.ask(&Ask::Search(self.search.get_untracked()));
            }
            Told::Rows { total, page, rows } => {
                let ms = now() - self.asked.get_value();
                let seq = self
                    .found
                    .with_untracked(|f| f.as_ref().map_or(0, |f| f.seq))
                    + 1;
                self.found.set(Some(Found {
                    total,
                    page,
                    rows,
                    ms,
                    seq,
                }));
            }
            Told::Refused(said) => self.problem.set(Some(Problem::Refused(said))),
            Told::Game(session) => self.open_on_play(&session),
            Told::Saved { text, .. } => {
                let _ = super::files::download("games.pgn", "application/x-chess-pgn", &text);
            }
            // Asked by `#/play`'s explorer only.
            Told::Explored { .. } => {}
        }
    }

    /// Hands `session` to `#/play` as its saved game (the game there before kept as its
    /// previous one, restorable) and goes there.
    fn open_on_play(self, session: &str) {
        if let Some(old) = storage::get(PLAY_SESSION) {
            if storage::set(PLAY_PREVIOUS, &old).is_err() {
                return self.problem.set(Some(Problem::NotSaved));
            }
        }
        if storage::set(PLAY_SESSION, session).is_err() {
            return self.problem.set(Some(Problem::NotSaved));
        }
        let _ = window().location().set_hash("#/play");
    }

    /// Asks the browser how much storage the site uses.
    fn estimate(self) {
        self.estimated.set_value(now());
        let Ok(p) = window().navigator().storage().estimate() else {
            return;
        };
        wasm_bindgen_futures::spawn_local(async move {
            let Ok(e) = wasm_bindgen_futures::JsFuture::from(p).await else {
                return;
            };
            let field = |name: &str| {
                js_sys::Reflect::get(&e, &name.into())
                    .ok()
                    .and_then(|v| v.as_f64())
                    .unwrap_or(0.0)
            };
            self.storage.set(Some((field("usage"), field("quota"))));
        });
    }
}

fn now() -> f64 {
    window().performance().map(|p| p.now()).unwrap_or(0.0)
}

/// Starts the worker; it opens the database and goes on with an import a reload interrupted.
fn start_worker(g: Games) {
    let Ok(worker) = web_sys::Worker::new("./games_worker_loader.js") else {
        return g
            .problem
            .set(Some(Problem::Unavailable("Worker".to_string())));
    };
    let onmessage =
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
            let text = ev.data().as_string().unwrap_or_default();
            if let Ok(told) = serde_json::from_str::<Told>(&text) {
                g.told(told);
            }
        });
    worker.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
    onmessage.forget();
    g.worker.set_value(Some(worker));
    on_cleanup(move || {
        g.worker.update_value(|w| {
            if let Some(w) = w.take() {
                w.terminate();
            }
        })
    });
}

/// The `#/games` page.
#[component]
pub fn GamesPage() -> impl IntoView {
    let g = Games {
        worker: StoredValue::new_local(None),
        held: RwSignal::new(None),
        run: RwSignal::new(None),
        storage: RwSignal::new(None),
        found: RwSignal::new(None),
        asked: StoredValue::new(0.0),
        search: RwSignal::new(job::Search::default()),
        problem: RwSignal::new(None),
        estimated: StoredValue::new(0.0),
    };
    provide_context(g);
    // The worker (the database's reading, import and search: about 300 kB gzipped) comes once
    // the page is up, as #/play's whole bundle does: the controls are there before it.
    let owner = Owner::current();
    let wait = set_timeout_with_handle(
        move || match &owner {
            Some(o) => o.with(|| start_worker(g)),
            None => start_worker(g),
        },
        WORKER_AFTER,
    );
    on_cleanup(move || {
        if let Ok(w) = wait {
            w.clear();
        }
    });
    let lang = use_lang();
    view! {
        <section class="games" data-testid="games">
            <h1>{tr(words::TITLE)}</h1>
            <p class="games-intro">{tr(words::INTRO)}</p>
            <p class="games-status" data-testid="games-status">
                {move || match g.held.get() {
                    Some(n) => Said::Held(n).say(lang.get()),
                    None => words::OPENING_DB.get(lang.get()).to_string(),
                }}
                {move || g.storage.get().map(|(used, quota)| {
                    view! {
                        " · "
                        <span data-testid="games-storage">
                            {words::STORAGE.get(lang.get())} " " {Said::Storage { used, quota }.say(lang.get())}
                        </span>
                    }
                })}
            </p>
            <ProblemLine />
            <import::ImportPanel />
            <search::SearchPanel />
        </section>
    }
}

/// What stops the page, said in the current language.
#[component]
fn ProblemLine() -> impl IntoView {
    let g = expect_context::<Games>();
    let lang = use_lang();
    move || {
        g.problem.get().map(|p| {
            let l = lang.get();
            let text = match p {
                Problem::Newer => words::NEWER_DB.get(l).to_string(),
                Problem::SetAside => words::SNAPSHOT_SET_ASIDE.get(l).to_string(),
                Problem::Unavailable(why) => {
                    format!("{} ({why})", words::NEWER_DB_UNAVAILABLE.get(l))
                }
                Problem::Refused(said) => said.say(l),
                Problem::NoPlayBoard => words::NO_PLAY_BOARD.get(l).to_string(),
                Problem::NotSaved => words::NOT_SAVED.get(l).to_string(),
            };
            view! { <p class="games-problem" role="alert" data-testid="games-problem">{text}</p> }
        })
    }
}
