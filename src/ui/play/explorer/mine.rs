//! 「我的棋谱 / My games」: the explorer over the games imported on `#/games`, asked of that page's
//! worker (`games_worker`, started here when first asked, reading the database and never writing
//! it), which answers a position with a one-position shard, read as a fetched one is.

use crate::explorer::shard::Shard;
use crate::ui::games::job::{Ask, Told};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

/// The worker and what it was asked before the database was open.
#[derive(Default)]
struct Reader {
    worker: Option<web_sys::Worker>,
    open: bool,
    /// The database cannot be read (newer, refused): every answer is none.
    failed: bool,
    waiting: Vec<String>,
}

/// Answers by position key: `None` when the database could not be read.
type Answers = HashMap<u64, Option<Rc<Shard>>>;

thread_local! {
    static READER_: RefCell<Reader> = RefCell::default();
    static ANSWERS: RefCell<Answers> = RefCell::default();
    static DONE: RefCell<Vec<Box<dyn FnOnce()>>> = RefCell::default();
}

/// The answer for the position `key`: `None` before it came, `Some(None)` when it could not be had.
pub fn fetched(key: u64) -> Option<Option<Rc<Shard>>> {
    if READER_.with(|r| r.borrow().failed) {
        return Some(None);
    }
    ANSWERS.with(|a| a.borrow().get(&key).cloned())
}

/// Runs the answers' callbacks (the panel draws again).
fn answered() {
    for done in DONE.with(|d| std::mem::take(&mut *d.borrow_mut())) {
        done();
    }
}

fn post(w: &web_sys::Worker, fen: &str) {
    if let Ok(json) = serde_json::to_string(&Ask::Explore(fen.to_string())) {
        let _ = w.post_message(&JsValue::from_str(&json));
    }
}

/// Asks for the position `fen` (key `key`) unless answered; `done` runs when the answer has come.
pub fn ask(key: u64, fen: String, done: impl FnOnce() + 'static) {
    if fetched(key).is_some() {
        return;
    }
    DONE.with(|d| d.borrow_mut().push(Box::new(done)));
    READER_.with(|r| {
        let mut r = r.borrow_mut();
        if r.worker.is_none() {
            r.worker = start();
        }
        match (&r.worker, r.open) {
            (Some(w), true) => post(w, &fen),
            (Some(_), false) => r.waiting.push(fen),
            (None, _) => {
                ANSWERS.with(|a| a.borrow_mut().insert(key, None));
            }
        }
    });
}

fn start() -> Option<web_sys::Worker> {
    let opts = web_sys::WorkerOptions::new();
    opts.set_name(crate::ui::games::READER);
    let worker = web_sys::Worker::new_with_options("./games_worker_loader.js", &opts).ok()?;
    let onmessage = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(told);
    worker.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
    onmessage.forget();
    Some(worker)
}

fn told(ev: web_sys::MessageEvent) {
    let text = ev.data().as_string().unwrap_or_default();
    match serde_json::from_str::<Told>(&text) {
        Ok(Told::Opened { .. }) => READER_.with(|r| {
            let mut r = r.borrow_mut();
            r.open = true;
            let waiting = std::mem::take(&mut r.waiting);
            if let Some(w) = &r.worker {
                for fen in waiting {
                    post(w, &fen);
                }
            }
        }),
        Ok(Told::Explored { key, shard }) => {
            let got = Shard::parse(&shard).ok().map(Rc::new);
            ANSWERS.with(|a| a.borrow_mut().insert(key, got));
            answered();
        }
        Ok(Told::Newer | Told::Unavailable(_)) => {
            READER_.with(|r| r.borrow_mut().failed = true);
            answered();
        }
        _ => {}
    }
}
