//! The engine worker as `#/train` uses it: one question at a time ("the best move here"), the
//! answer handed to a callback. The worker (`engine_worker`, the one `#/play` runs) is created on
//! first use, so a visit that never asks does not download it; a new question ends the old one.

use crate::engine::job::{EngineReport, EngineRequest, Task, WORKER_READY};
use crate::engine::Limits;
use crate::xiangqi::Move;
use leptos::prelude::*;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::{closure::Closure, JsCast, JsValue};

type Answer = Rc<RefCell<Option<Box<dyn FnOnce(Option<Move>)>>>>;

/// The worker, its readiness and the question waiting for it.
struct Live {
    worker: web_sys::Worker,
    ready: bool,
    pending: Option<String>,
}

/// An engine to ask: cheap to copy into event handlers.
#[derive(Clone, Copy)]
pub struct Engine {
    live: StoredValue<Option<Live>, LocalStorage>,
    answer: StoredValue<Answer, LocalStorage>,
    next_id: StoredValue<u64>,
    /// The id of the question being searched.
    asked: StoredValue<u64>,
    /// Whether a question is being searched (the page shows that it thinks).
    pub thinking: RwSignal<bool>,
}

impl Engine {
    /// An engine with no worker yet; the worker ends with the page.
    pub fn new() -> Engine {
        let e = Engine {
            live: StoredValue::new_local(None),
            answer: StoredValue::new_local(Rc::new(RefCell::new(None))),
            next_id: StoredValue::new(0),
            asked: StoredValue::new(0),
            thinking: RwSignal::new(false),
        };
        on_cleanup(move || e.stop());
        e
    }

    /// Ends the worker and forgets the question.
    pub fn stop(self) {
        if let Some(l) = self.live.try_update_value(|l| l.take()).flatten() {
            l.worker.terminate();
        }
        self.answer.with_value(|a| a.borrow_mut().take());
        self.thinking.set(false);
    }

    /// Asks for the best move after `moves` from `fen`, thinking `ms` at full strength; `done`
    /// gets it (`None` when the worker could not start or found none).
    pub fn best(
        self,
        fen: String,
        moves: Vec<String>,
        ms: u64,
        done: impl FnOnce(Option<Move>) + 'static,
    ) {
        // A search cannot be interrupted inside the worker: a new question while one runs
        // takes a fresh worker.
        if self.thinking.get_untracked() {
            self.stop();
        }
        let id = self.next_id.get_value() + 1;
        self.next_id.set_value(id);
        self.asked.set_value(id);
        let request = EngineRequest {
            id,
            fen,
            moves,
            task: Task::Best,
            level: 8,
            seed: id,
            limits: Limits {
                movetime_ms: Some(ms),
                ..Limits::default()
            },
            multipv: 1,
            network: true,
        };
        let Ok(text) = serde_json::to_string(&request) else {
            return done(None);
        };
        if self.live.with_value(Option::is_none) {
            let Some(worker) = self.start() else {
                return done(None);
            };
            self.live.set_value(Some(Live {
                worker,
                ready: false,
                pending: None,
            }));
        }
        self.answer
            .with_value(|a| *a.borrow_mut() = Some(Box::new(done)));
        self.thinking.set(true);
        self.live.update_value(|l| {
            if let Some(l) = l.as_mut() {
                if l.ready {
                    let _ = l.worker.post_message(&JsValue::from_str(&text));
                } else {
                    l.pending = Some(text);
                }
            }
        });
    }

    fn start(self) -> Option<web_sys::Worker> {
        let worker = web_sys::Worker::new("./engine_worker_loader.js").ok()?;
        let onmessage =
            Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
                let text = ev.data().as_string().unwrap_or_default();
                if text == WORKER_READY {
                    self.live.update_value(|l| {
                        if let Some(l) = l.as_mut() {
                            l.ready = true;
                            if let Some(req) = l.pending.take() {
                                let _ = l.worker.post_message(&JsValue::from_str(&req));
                            }
                        }
                    });
                    return;
                }
                match serde_json::from_str::<EngineReport>(&text) {
                    Ok(r) if r.done && r.id == self.asked.get_value() => {
                        let best = r.best.as_deref().and_then(Move::from_iccs);
                        self.finish(best);
                    }
                    Ok(r) if r.error.is_some() => self.finish(None),
                    _ => {}
                }
            });
        let onerror = Closure::<dyn FnMut(web_sys::Event)>::new(move |_: web_sys::Event| {
            let done = self.answer.with_value(|a| a.borrow_mut().take());
            self.stop();
            if let Some(done) = done {
                done(None);
            }
        });
        worker.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
        worker.set_onerror(Some(onerror.as_ref().unchecked_ref()));
        onmessage.forget();
        onerror.forget();
        Some(worker)
    }

    fn finish(self, best: Option<Move>) {
        self.thinking.set(false);
        let done = self.answer.with_value(|a| a.borrow_mut().take());
        if let Some(done) = done {
            done(best);
        }
    }
}
