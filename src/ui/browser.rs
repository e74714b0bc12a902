//! What the pages share of the browser: the time, short tones, a timer at every frame, and
//! decimals written without Rust's float formatting (which costs every page ~10 kB).

use leptos::prelude::*;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use wasm_bindgen::JsValue;

/// Milliseconds on the page's monotonic clock, on the Unix-epoch scale (`timeOrigin + now()`),
/// so a clock saved on one page load and restored on the next sees the time in between.
pub fn now_ms() -> u64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map(|p| (p.time_origin() + p.now()) as u64)
        .unwrap_or_else(|| js_sys::Date::now() as u64)
}

/// Runs `tick` at every animation frame while the calling component lives.
pub fn every_frame(tick: impl Fn() + 'static) {
    fn next(alive: Arc<AtomicBool>, tick: Rc<dyn Fn()>) {
        request_animation_frame(move || {
            if alive.load(Ordering::Relaxed) {
                tick();
                next(alive, tick);
            }
        });
    }
    let alive = Arc::new(AtomicBool::new(true));
    let stop = alive.clone();
    on_cleanup(move || stop.store(false, Ordering::Relaxed));
    next(alive, Rc::new(tick));
}

/// A short sine tone.
pub fn tone(ctx: &web_sys::AudioContext, freq: f32, secs: f64) -> Result<(), JsValue> {
    let osc = ctx.create_oscillator()?;
    let gain = ctx.create_gain()?;
    // An oscillator is a sine wave unless told otherwise.
    osc.frequency().set_value(freq);
    gain.gain().set_value(0.25);
    osc.connect_with_audio_node(&gain)?;
    gain.connect_with_audio_node(&ctx.destination())?;
    osc.start()?;
    osc.stop_with_when(ctx.current_time() + secs)
}

/// `v` rounded to `places` decimals (`decimal(2.345, 1)` is `"2.3"`), with integer formatting
/// only: Rust's float formatting costs every page ~10 kB of code and tables.
pub fn decimal(v: f64, places: u32) -> String {
    let scale = 10u64.pow(places);
    let n = (v * scale as f64).round();
    let sign = if n < 0.0 { "-" } else { "" };
    let n = n.abs() as u64;
    match places {
        0 => format!("{sign}{n}"),
        _ => format!("{sign}{}.{:0w$}", n / scale, n % scale, w = places as usize),
    }
}
