//! The match scheduler's Web Worker: solves off the page's thread, posting JSON progress.
//!
//! Built by Trunk from `index.html` (`data-type="worker"`, loaded as `schedule_worker_loader.js`);
//! the protocol lives in `events::schedule::job`. Natively it only says what it is for.

#[cfg(target_arch = "wasm32")]
fn main() {
    use wasm_bindgen::{closure::Closure, JsCast, JsValue};
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let post_scope = scope.clone();
    let onmessage = Closure::<dyn FnMut(MessageEvent)>::new(move |ev: MessageEvent| {
        let request = ev.data().as_string().unwrap_or_default();
        xiangqi_club::events::schedule::run_job(
            &request,
            &mut |report| {
                let _ = post_scope.post_message(&JsValue::from_str(&report));
            },
            &mut js_sys::Date::now,
        );
    });
    scope.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
    onmessage.forget();
    // Messages sent before this point found no handler: tell the page to send its request now.
    let _ = scope.post_message(&JsValue::from_str(
        xiangqi_club::events::schedule::WORKER_READY,
    ));
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("schedule_worker is the browser's Web Worker for the match scheduler; use `xq schedule` natively");
    std::process::exit(2);
}
