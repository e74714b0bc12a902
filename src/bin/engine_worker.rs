//! The engine's Web Worker: searches off the page's thread, posting JSON reports.
//!
//! Built by Trunk from `index.html` (`data-type="worker"`, loaded as `engine_worker_loader.js`
//! on first use, so it is not part of the first page load); the protocol lives in
//! `engine::job`. The engine (and its transposition table) lives as long as the worker.
//! Natively it only says what it is for.

#[cfg(target_arch = "wasm32")]
fn main() {
    use std::cell::RefCell;
    use wasm_bindgen::{closure::Closure, JsCast, JsValue};
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};
    use xiangqi_club::engine::{job, Engine};
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let post_scope = scope.clone();
    let performance: Option<web_sys::Performance> =
        js_sys::Reflect::get(&scope, &JsValue::from_str("performance"))
            .ok()
            .and_then(|p| p.dyn_into().ok());
    let engine = RefCell::new(Engine::new(32));
    let onmessage = Closure::<dyn FnMut(MessageEvent)>::new(move |ev: MessageEvent| {
        let request = ev.data().as_string().unwrap_or_default();
        let now = || {
            performance
                .as_ref()
                .map_or_else(js_sys::Date::now, |p| p.now())
        };
        job::run_job(
            &mut engine.borrow_mut(),
            &request,
            &mut |report| {
                let _ = post_scope.post_message(&JsValue::from_str(&report));
            },
            &now,
        );
    });
    scope.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
    onmessage.forget();
    // Messages sent before this point found no handler: tell the page to send its request now.
    let _ = scope.post_message(&JsValue::from_str(job::WORKER_READY));
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("engine_worker is the browser's Web Worker for the engine; use `xq uci` natively");
    std::process::exit(2);
}
