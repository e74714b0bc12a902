//! The engine's Web Worker: searches off the page's thread, posting JSON reports.
//!
//! Built by Trunk from `index.html` (`data-type="worker"`, loaded as `engine_worker_loader.js`
//! on first use, so it is not part of the first page load); the protocol lives in
//! `engine::job`. The engine (and its transposition table) lives as long as the worker, and so do
//! the network's weights once a request has asked for them (`job::NETWORK_URL`).
//! Natively it only says what it is for.

/// The worker's engine, the network's weights, and the requests waiting while they are fetched.
#[cfg(target_arch = "wasm32")]
struct State {
    engine: xiangqi_club::engine::Engine,
    weights: xiangqi_club::engine::job::Weights,
    fetching: bool,
    waiting: Vec<String>,
}

/// The bytes at `url`, fetched by the worker's own `fetch` (read by name: the web-sys bindings
/// for `fetch` and `Response` would be new features for one call), or why not.
#[cfg(target_arch = "wasm32")]
async fn fetch_bytes(url: &str) -> Result<Vec<u8>, String> {
    use js_sys::{Function, Promise, Reflect, Uint8Array};
    use wasm_bindgen::{JsCast, JsValue};
    use wasm_bindgen_futures::JsFuture;
    let scope = js_sys::global();
    let call = |target: &JsValue, name: &str, arg: Option<&JsValue>| -> Option<Promise> {
        let f: Function = Reflect::get(target, &name.into()).ok()?.dyn_into().ok()?;
        let out = match arg {
            Some(a) => f.call1(target, a),
            None => f.call0(target),
        };
        out.ok()?.dyn_into().ok()
    };
    let unreachable = || format!("{url}: could not be fetched (offline, and never kept)");
    let asked = call(&scope, "fetch", Some(&url.into())).ok_or_else(unreachable)?;
    let response = JsFuture::from(asked).await.map_err(|_| unreachable())?;
    let field = |name: &str| Reflect::get(&response, &name.into()).ok();
    if field("ok").and_then(|v| v.as_bool()) != Some(true) {
        let status = field("status").and_then(|v| v.as_f64()).unwrap_or(0.0);
        return Err(format!("{url}: HTTP status {status}"));
    }
    let body = call(&response, "arrayBuffer", None).ok_or_else(unreachable)?;
    let buffer = JsFuture::from(body).await.map_err(|_| unreachable())?;
    Ok(Uint8Array::new(&buffer).to_vec())
}

#[cfg(target_arch = "wasm32")]
fn main() {
    use std::cell::RefCell;
    use std::rc::Rc;
    use wasm_bindgen::{closure::Closure, JsCast, JsValue};
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};
    use xiangqi_club::engine::job::{self, Weights};
    use xiangqi_club::engine::Engine;
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let post_scope = scope.clone();
    let performance: Option<web_sys::Performance> =
        js_sys::Reflect::get(&scope, &JsValue::from_str("performance"))
            .ok()
            .and_then(|p| p.dyn_into().ok());
    let run = Rc::new(move |state: &mut State, request: &str| {
        let now = || {
            performance
                .as_ref()
                .map_or_else(js_sys::Date::now, |p| p.now())
        };
        job::run_job(
            &mut state.engine,
            request,
            &state.weights,
            &mut |report| {
                let _ = post_scope.post_message(&JsValue::from_str(&report));
            },
            &now,
        );
    });
    let state = Rc::new(RefCell::new(State {
        engine: Engine::new(32),
        weights: Weights::Unloaded,
        fetching: false,
        waiting: Vec::new(),
    }));
    let onmessage = Closure::<dyn FnMut(MessageEvent)>::new(move |ev: MessageEvent| {
        let request = ev.data().as_string().unwrap_or_default();
        let mut s = state.borrow_mut();
        // The weights are fetched when a request first asks for the network; requests keep
        // their order while they come.
        let unloaded = matches!(s.weights, Weights::Unloaded);
        let wait = s.fetching || unloaded && job::wants_network(&request);
        if !wait {
            return run(&mut s, &request);
        }
        s.waiting.push(request);
        if s.fetching {
            return;
        }
        s.fetching = true;
        drop(s);
        let (state, run) = (state.clone(), run.clone());
        wasm_bindgen_futures::spawn_local(async move {
            let weights = match fetch_bytes(job::NETWORK_URL).await {
                Ok(bytes) => Weights::of_bytes(&bytes),
                Err(e) => Weights::Failed(e),
            };
            let mut s = state.borrow_mut();
            s.weights = weights;
            s.fetching = false;
            for request in std::mem::take(&mut s.waiting) {
                run(&mut s, &request);
            }
        });
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
