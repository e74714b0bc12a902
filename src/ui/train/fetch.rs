//! Fetching the puzzle data (`public/puzzles/…`) as text, through the browser's `fetch` read by
//! name: the web-sys bindings for `fetch` and `Response` would be new features for one call.
//! The service worker keeps every file fetched, so a shard read once opens offline.

use js_sys::{Function, Reflect};
use wasm_bindgen::{closure::Closure, JsCast, JsValue};

/// Calls `then` on `promise` with `ok` and `err` (each called at most once).
fn then(
    promise: &JsValue,
    ok: impl FnOnce(JsValue) + 'static,
    err: impl FnOnce() + 'static,
) -> Option<()> {
    let method: Function = Reflect::get(promise, &"then".into())
        .ok()?
        .dyn_into()
        .ok()?;
    let ok = Closure::once_into_js(ok);
    let err = Closure::once_into_js(move |_: JsValue| err());
    method.call2(promise, &ok, &err).ok().map(|_| ())
}

/// Fetches `url` and gives its text to `done`, or `None` when it could not be had (offline and
/// never kept, a missing file, a server error).
pub fn text(url: &str, done: impl FnOnce(Option<String>) + 'static) {
    let done = std::rc::Rc::new(std::cell::RefCell::new(Some(done)));
    let fail = {
        let done = done.clone();
        move || {
            if let Some(d) = done.borrow_mut().take() {
                d(None);
            }
        }
    };
    let started = (|| {
        let window: JsValue = web_sys::window()?.into();
        let fetch: Function = Reflect::get(&window, &"fetch".into())
            .ok()?
            .dyn_into()
            .ok()?;
        fetch.call1(&window, &url.into()).ok()
    })();
    let Some(request) = started else {
        return fail();
    };
    let fail2 = fail.clone();
    let read = move |response: JsValue| {
        let ok = Reflect::get(&response, &"ok".into())
            .ok()
            .and_then(|v| v.as_bool());
        let body = (ok == Some(true))
            .then(|| Reflect::get(&response, &"text".into()).ok())
            .flatten()
            .and_then(|f| f.dyn_into::<Function>().ok())
            .and_then(|f| f.call0(&response).ok());
        let Some(body) = body else {
            return fail2();
        };
        let fail3 = fail2.clone();
        let got = move |t: JsValue| match (t.as_string(), done.borrow_mut().take()) {
            (Some(t), Some(d)) => d(Some(t)),
            (None, Some(d)) => d(None),
            _ => {}
        };
        if then(&body, got, fail3.clone()).is_none() {
            fail3();
        }
    };
    if then(&request, read, fail.clone()).is_none() {
        fail();
    }
}
