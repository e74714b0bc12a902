//! `#/clock`: a two-sided game clock for over-the-board games, and [`ClockFaces`], the pair of
//! clock faces the play page embeds.
//!
//! Test contract: `[data-testid=clock-red]` / `[data-testid=clock-black]` show each side's time as
//! text (`1:29:59`, `4:59`, `0:09.4`), carry `data-running="true"` while that side's time runs and
//! `data-ms` with the exact face value; the standalone page has `[data-testid=clock-press-red]` /
//! `[data-testid=clock-press-black]`. All timing lives in [`crate::clock`]: the faces are
//! recomputed from `performance.now()` at every animation frame (never by counting ticks), so a
//! throttled tab or a slow device cannot make them drift.

use super::browser::{every_frame, now_ms, tone};
use super::i18n::{tr, use_lang, Lang};
use super::storage;
mod words;
use crate::clock::{
    format_ms, link, Button, Clock, ClockError, Control, Flag, Preset, SideInfo, SideReading,
    Status,
};
use crate::lang::Say;
use crate::xiangqi::Color;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

const KEY: &str = "xq.clock.state";
const MUTE_KEY: &str = "xq.clock.muted";
/// Below this the face shows tenths, and crossing it beeps once.
const WARN_MS: u64 = 10_000;

/// The instant to give `clock` for an event now: never before its last event, even if the
/// wall clock stepped back between page loads.
pub fn event_ms(clock: &Clock) -> u64 {
    now_ms().max(clock.last_event_ms())
}

/// A signal holding [`now_ms`] for `clock`'s faces, refreshed at every frame while its time
/// runs (and a moment after a flag fall), and at once when the tab shows again (frames pause in
/// a hidden tab). `tick` runs at every frame for alerts.
fn frame_now(clock: Signal<Clock>, tick: impl Fn(u64) + 'static) -> RwSignal<u64> {
    let now = RwSignal::new(now_ms());
    let tick = Rc::new(tick);
    let t = tick.clone();
    every_frame(move || {
        let ms = now_ms();
        // A stopped clock's faces do not change: no need to redraw them 60 times a second.
        if clock.with_untracked(|c| c.flag_due().is_some_and(|due| ms <= due + 1_000)) {
            now.set(ms);
        }
        t(ms);
    });
    let handle = window_event_listener(leptos::ev::visibilitychange, move |_| {
        let ms = now_ms();
        now.set(ms);
        tick(ms);
    });
    on_cleanup(move || handle.remove());
    now
}

/// One side's face: the time as a clock shows it, with the test attributes.
#[component]
fn Face(side: Color, reading: Signal<SideReading>) -> impl IntoView {
    let testid = match side {
        Color::Red => "clock-red",
        Color::Black => "clock-black",
    };
    view! {
        <span
            class="clock-face"
            data-testid=testid
            data-running=move || if reading.with(|r| r.running) { "true" } else { "false" }
            data-flag=move || if reading.with(|r| r.flagged) { "true" } else { "false" }
            data-ms=move || reading.with(|r| r.face_ms()).to_string()
            role="timer"
            aria-live="off"
        >
            {move || format_ms(reading.with(|r| r.face_ms()))}
        </span>
    }
}

/// Both sides' faces for the play page. Pass the game's clock; `on_flag` is called once when a
/// flag falls (the page then ends the game with reason `timeout`, rules 4.1.4 and 22.1).
///
/// The page owns the clock: `clock.update(|c| c.start(event_ms(c), Color::Red))` when the game
/// starts, `c.press(event_ms(c))` after each move (an `Err(ClockError::FlagFallen(f))` there
/// means the move came too late: timeout), and `c.finish(event_ms(c))` when the game ends on the
/// board, which freezes the clock so a later flag does not count (rule 22.5).
#[component]
pub fn ClockFaces(
    /// The game's clock.
    #[prop(into)]
    clock: Signal<Clock>,
    /// Called once per flag fall.
    #[prop(optional)]
    on_flag: Option<Callback<Flag>>,
) -> impl IntoView {
    let reported = StoredValue::new(None::<Flag>);
    let now = frame_now(clock, move |t| {
        let flag = clock.with_untracked(|c| c.flag(t));
        if flag.is_some() && flag != reported.get_value() {
            reported.set_value(flag);
            if let (Some(cb), Some(f)) = (on_flag, flag) {
                cb.run(f);
            }
        }
    });
    let reading = move |side| Signal::derive(move || clock.with(|c| c.side(now.get(), side)));
    view! {
        <div class="clock-faces" data-testid="clock-faces">
            <span class="clock-faces-side black">
                <span class="clock-faces-label">{tr(words::BLACK)}</span>
                <Face side=Color::Black reading=reading(Color::Black) />
            </span>
            <span class="clock-faces-side red">
                <span class="clock-faces-label">{tr(words::RED)}</span>
                <Face side=Color::Red reading=reading(Color::Red) />
            </span>
        </div>
    }
}

/// What the standalone clock saves: the preset chosen and the whole clock with its history.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct Saved {
    preset: String,
    clock: Clock,
}

/// A message on the clock page, said again in the current language when it changes.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum ClockNote {
    /// The link or the control fields do not give a clock.
    Link(link::ClockLinkError),
    /// The clock refused an action.
    Refused(ClockError),
}

/// The saved clock, or the link's, or the default; plus a message when something was wrong.
fn load(query: &str) -> (Preset, Clock, Option<ClockNote>) {
    let note = None;
    // An unreadable save is set aside and reported by the storage helper; the clock starts fresh.
    let saved = storage::load::<Saved>(KEY).map(|s| {
        (
            Preset::from_id(&s.preset).unwrap_or(Preset::Custom),
            s.clock,
        )
    });
    let busy = saved
        .as_ref()
        .is_some_and(|(_, c)| c.status(event_ms(c)).in_play());
    let default = || (Preset::Rule6_1, Clock::from_preset(Preset::Rule6_1));
    match (saved, link::from_query(query)) {
        (Some((p, c)), _) if busy => (p, c, note),
        (_, Some(Ok((p, c)))) => (p, c, note),
        (s, Some(Err(e))) => {
            let (p, c) = s.unwrap_or_else(default);
            (p, c, Some(ClockNote::Link(e)))
        }
        (s, None) => {
            let (p, c) = s.unwrap_or_else(default);
            (p, c, note)
        }
    }
}

/// The standalone clock's state, shared by its components through context.
#[derive(Clone, Copy)]
struct ClockStore {
    clock: RwSignal<Clock>,
    preset: RwSignal<Preset>,
    message: RwSignal<Option<ClockNote>>,
    red_text: RwSignal<String>,
    black_text: RwSignal<String>,
    /// The page's language: the control fields are written in it.
    lang: RwSignal<Lang>,
    muted: RwSignal<bool>,
    /// The instant the faces show, refreshed every frame while time runs.
    now: RwSignal<u64>,
    /// Per side: until when the half flashes.
    flash_until: RwSignal<[u64; 2]>,
    /// Per side: the face at the last frame (to catch the 10 s crossing).
    last_face: StoredValue<[u64; 2]>,
    flag_seen: StoredValue<Option<Flag>>,
    audio: StoredValue<Option<web_sys::AudioContext>, LocalStorage>,
}

impl ClockStore {
    fn save(self) {
        let saved = Saved {
            preset: self.preset.get_untracked().id().to_string(),
            clock: self.clock.get_untracked(),
        };
        // A refusal is said above the page by the storage module.
        if let Ok(json) = serde_json::to_string(&saved) {
            let _ = storage::set(KEY, &json);
        }
    }

    fn beep(self, freq: f32, secs: f64) {
        if !self.muted.get_untracked() {
            self.audio.with_value(|a| {
                if let Some(ctx) = a {
                    let _ = tone(ctx, freq, secs);
                }
            });
        }
    }

    /// Flashes a side's half and beeps: short at 10 s left, long at a flag fall.
    fn alert(self, side: Color, t: u64, long: bool) {
        self.flash_until
            .update(|f| f[side.index()] = t + if long { 3_000 } else { 1_000 });
        if long {
            self.beep(440.0, 1.2);
        } else {
            self.beep(880.0, 0.15);
        }
    }

    fn act(self, op: Button) {
        // Sound may only start after a user gesture, so the audio context is made here.
        if self.audio.with_value(|a| a.is_none()) {
            self.audio.set_value(web_sys::AudioContext::new().ok());
        }
        let t = self.clock.with_untracked(event_ms);
        let result = self.clock.try_update(|c| op.apply(c, t));
        match result {
            Some(Err(ClockError::FlagFallen(_))) | Some(Ok(())) | None => {}
            Some(Err(e)) => self.message.set(Some(ClockNote::Refused(e))),
        }
        self.now.set(t);
        self.save();
    }

    fn reset(self, clock: Clock) {
        self.clock.set(clock);
        self.message.set(None);
        self.flag_seen.set_value(None);
        self.last_face.set_value([u64::MAX; 2]);
        self.save();
    }

    fn apply_setup(self) {
        match link::from_controls(
            &self.red_text.get_untracked(),
            &self.black_text.get_untracked(),
        ) {
            Ok(c) => self.reset(c),
            Err(e) => self.message.set(Some(ClockNote::Link(e))),
        }
    }

    fn choose_preset(self, p: Preset) {
        self.preset.set(p);
        let lang = self.lang.get_untracked();
        self.red_text.set(p.control(Color::Red).say(lang));
        self.black_text.set(p.control(Color::Black).say(lang));
        if p != Preset::Custom {
            self.apply_setup();
        }
    }

    /// At each frame (instant `t`): beeps when a running face drops under [`WARN_MS`], alerts
    /// and saves once when a flag falls.
    fn watch(self, t: u64) {
        let (faces, flag) = self
            .clock
            .with_untracked(|c| ([c.side(t, Color::Red), c.side(t, Color::Black)], c.flag(t)));
        let before = self.last_face.get_value();
        for side in [Color::Red, Color::Black] {
            let r = &faces[side.index()];
            if r.running && before[side.index()] >= WARN_MS && r.face_ms() < WARN_MS {
                self.alert(side, t, false);
            }
        }
        self.last_face
            .set_value([faces[0].face_ms(), faces[1].face_ms()]);
        if flag.is_some() && flag != self.flag_seen.get_value() {
            self.flag_seen.set_value(flag);
            if let Some(f) = flag {
                self.alert(f.side, t, true);
                self.save();
            }
        }
    }

    fn status(self) -> Status {
        self.clock.with(|c| c.status(self.now.get()))
    }

    fn reading(self, side: Color) -> Signal<SideReading> {
        Signal::derive(move || self.clock.with(|c| c.side(self.now.get(), side)))
    }
}

/// The standalone clock page; `query` may choose the control (see [`link::from_query`]).
#[component]
pub fn ClockPage(query: String) -> impl IntoView {
    let (preset, initial, note) = load(&query);
    let clock = RwSignal::new(initial);
    let last_face = StoredValue::new([u64::MAX; 2]);
    let flag_seen = StoredValue::new(None::<Flag>);
    let flash_until = RwSignal::new([0u64; 2]);
    let muted = RwSignal::new(storage::get(MUTE_KEY).as_deref() == Some("1"));
    let audio = StoredValue::new_local(None);
    let wake: StoredValue<Option<JsValue>, LocalStorage> = StoredValue::new_local(None);
    let wake_wanted = StoredValue::new(false);
    // The store needs `now`, which the frame loop below makes: build the loop's handler first.
    let store_cell: StoredValue<Option<ClockStore>> = StoredValue::new(None);
    let now = frame_now(clock.into(), move |t| {
        if let Some(store) = store_cell.get_value() {
            store.watch(t);
        }
        let running = clock.with_untracked(|c| c.running(t).is_some());
        if running != wake_wanted.get_value() {
            wake_wanted.set_value(running);
            if running {
                acquire_wake_lock(wake);
            } else {
                release_wake_lock(wake);
            }
        }
    });
    let lang = use_lang();
    let l = lang.get_untracked();
    let store = ClockStore {
        clock,
        preset: RwSignal::new(preset),
        message: RwSignal::new(note),
        red_text: RwSignal::new(clock.with_untracked(|c| c.control(Color::Red).say(l))),
        black_text: RwSignal::new(clock.with_untracked(|c| c.control(Color::Black).say(l))),
        lang,
        muted,
        now,
        flash_until,
        last_face,
        flag_seen,
        audio,
    };
    store_cell.set_value(Some(store));
    provide_context(store);
    controls_follow_language(store);

    // A hidden tab loses its wake lock; ask again when it shows.
    let vis = window_event_listener(leptos::ev::visibilitychange, move |_| {
        if !document().hidden() {
            wake.set_value(None);
            wake_wanted.set_value(false);
        }
    });
    on_cleanup(move || {
        vis.remove();
        release_wake_lock(wake);
    });
    clock_keys(store);

    view! {
        <section class="clock-page" id="clock-page">
            <ClockHalf side=Color::Black />
            <ClockBar />
            <ClockHalf side=Color::Red />
        </section>
    }
}

/// The control fields follow the language; text that does not read stays as typed.
fn controls_follow_language(store: ClockStore) {
    Effect::new(move |_| {
        let l = store.lang.get();
        for text in [store.red_text, store.black_text] {
            let said = text.with_untracked(|t| t.parse::<Control>().ok().map(|c| c.say(l)));
            if let Some(said) = said {
                if text.with_untracked(|t| *t != said) {
                    text.set(said);
                }
            }
        }
    });
}

/// Space presses for the side to move; left and right Shift press for Red and Black. While a game
/// is on, these keys always press the clock, even when a button of the bar has the focus (the
/// focus leaves it, so Space cannot activate it); before and after a game, Space on a focused
/// button activates that button.
fn clock_keys(store: ClockStore) {
    let in_game = move || {
        store
            .clock
            .with_untracked(|c| c.status(event_ms(c)).in_play())
    };
    let keys = window_event_listener(leptos::ev::keydown, move |e: web_sys::KeyboardEvent| {
        let target = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok());
        let tag = target.as_ref().map(|el| el.tag_name()).unwrap_or_default();
        if matches!(tag.as_str(), "INPUT" | "SELECT" | "TEXTAREA") {
            return;
        }
        let on_half = target
            .as_ref()
            .and_then(|el| el.get_attribute("data-testid"))
            .is_some_and(|id| id.starts_with("clock-press"));
        let playing = in_game();
        let ours = match e.code().as_str() {
            "Space" => playing || tag != "BUTTON" || on_half,
            "ShiftLeft" | "ShiftRight" => true,
            _ => false,
        };
        if !ours {
            return;
        }
        if e.code() == "Space" {
            e.prevent_default();
        }
        if playing && !on_half {
            if let Some(el) = target.and_then(|t| t.dyn_into::<web_sys::HtmlElement>().ok()) {
                let _ = el.blur();
            }
        }
        if e.repeat() {
            return;
        }
        match e.code().as_str() {
            "Space" => store.act(Button::Space),
            "ShiftLeft" => store.act(Button::Press(Color::Red)),
            _ => store.act(Button::Press(Color::Black)),
        }
    });
    // A button activates on Space's release: during a game that release is the clock's too.
    let release = window_event_listener(leptos::ev::keyup, move |e: web_sys::KeyboardEvent| {
        if e.code() == "Space" && in_game() {
            let tag = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .map(|el| el.tag_name())
                .unwrap_or_default();
            if !matches!(tag.as_str(), "INPUT" | "SELECT" | "TEXTAREA") {
                e.prevent_default();
            }
        }
    });
    on_cleanup(move || {
        keys.remove();
        release.remove();
    });
}

/// One player's half: the whole half is the clock's button, its text turned towards the player.
#[component]
fn ClockHalf(side: Color) -> impl IntoView {
    let store = expect_context::<ClockStore>();
    let lang = use_lang();
    let r = store.reading(side);
    let testid = match side {
        Color::Red => "clock-press-red",
        Color::Black => "clock-press-black",
    };
    let class = match side {
        Color::Red => "clock-half red",
        Color::Black => "clock-half black",
    };
    let label = move || words::PressAfterMoving(side).say(lang.get());
    // What this player needs to know, on their own half (the middle bar faces Red only).
    let own_status = move || {
        let l = lang.get();
        match store.status() {
            Status::Running(s) if s == side => words::YOUR_MOVE.get(l).to_string(),
            Status::Running(_) => words::OPPONENTS_MOVE.get(l).to_string(),
            s => s.say(l),
        }
    };
    view! {
        <button
            class=class
            data-testid=testid
            // The name is what the half shows (side, time); how to use it is its description.
            title=label
            class:running=move || r.with(|r| r.running)
            class:flagged=move || r.with(|r| r.flagged)
            class:low=move || r.with(|r| r.face_ms() < WARN_MS)
            class:flash=move || store.now.get() < store.flash_until.get()[side.index()]
            on:pointerdown=move |e| {
                e.prevent_default();
                store.act(Button::Press(side));
            }
            on:keydown=move |e: web_sys::KeyboardEvent| {
                if e.key() == "Enter" {
                    e.prevent_default();
                    store.act(Button::Press(side));
                }
            }
        >
            <span class="clock-half-inner">
                <span class="clock-side-name">{move || side.say(lang.get())}</span>
                <Face side=side reading=r />
                <span class="clock-side-info">{move || SideInfo(&r.get()).say(lang.get())}</span>
                <span class="clock-own-status">{own_status}</span>
            </span>
        </button>
    }
}

/// The middle bar: status, the arbiter's buttons and the time control.
#[component]
fn ClockBar() -> impl IntoView {
    let store = expect_context::<ClockStore>();
    let lang = use_lang();
    let status = move || store.status();
    let in_game = move || status().in_play();
    let started = move || status() != Status::NotStarted;
    let new_game = move || {
        let (r, b) = store.clock.with_untracked(|c| {
            (
                c.control(Color::Red).clone(),
                c.control(Color::Black).clone(),
            )
        });
        store.reset(Clock::handicap(r, b));
    };
    let fullscreen = move || {
        let doc = document();
        if doc.fullscreen_element().is_some() {
            doc.exit_fullscreen();
        } else if let Some(el) = doc.get_element_by_id("clock-page") {
            let _ = el.request_fullscreen();
        }
    };
    view! {
        <div class="clock-bar">
            {move || store.message.get().map(|m| view! {
                <p class="error" role="alert">{move || m.say(lang.get())}</p>
            })}
            <p class="clock-status" data-testid="clock-status" role="status">
                {move || status().say(lang.get())}
            </p>
            <div class="clock-buttons">
                <button data-testid="clock-pause" disabled=move || !in_game() on:click=move |_| store.act(Button::PauseOrResume)>
                    {move || if matches!(status(), Status::Paused(_)) { tr(words::RESUME)() } else { tr(words::PAUSE)() }}
                </button>
                <button data-testid="clock-undo" disabled=move || !in_game() && !matches!(status(), Status::Flagged(_))
                    on:click=move |_| store.act(Button::Undo)>
                    {tr(words::UNDO_PRESS)}
                </button>
                <button data-testid="clock-finish" disabled=move || !in_game() && !matches!(status(), Status::Flagged(_))
                    on:click=move |_| store.act(Button::Finish)>
                    {tr(words::GAME_OVER)}
                </button>
                <button data-testid="clock-new" disabled=move || !started() || in_game() on:click=move |_| new_game()>
                    {tr(words::NEW_GAME)}
                </button>
                <button data-testid="clock-mute" aria-pressed=move || if store.muted.get() { "true" } else { "false" }
                    on:click=move |_| {
                        store.muted.update(|m| *m = !*m);
                        let _ = storage::set(MUTE_KEY, if store.muted.get_untracked() { "1" } else { "0" });
                    }>
                    {move || if store.muted.get() { tr(words::SOUND_ON)() } else { tr(words::MUTE)() }}
                </button>
                <button data-testid="clock-fullscreen" on:click=move |_| fullscreen()>
                    {tr(words::FULL_SCREEN)}
                </button>
            </div>
            <ClockSetup />
        </div>
    }
}

/// The time control: a preset, or each side's control in notation.
#[component]
fn ClockSetup() -> impl IntoView {
    let store = expect_context::<ClockStore>();
    let lang = use_lang();
    let status = move || store.status();
    let in_game = move || status().in_play();
    let started = move || status() != Status::NotStarted;
    view! {
        <details class="clock-setup" open=move || !started()>
            <summary>{tr(words::TIME_CONTROL)}</summary>
            <fieldset disabled=in_game>
                <label>
                    {tr(words::PRESET)} " "
                    <select data-testid="clock-preset" on:change=move |e| {
                        if let Some(p) = Preset::from_id(&event_target_value(&e)) {
                            store.choose_preset(p);
                        }
                    }>
                        {Preset::ALL.into_iter().map(|p| view! {
                            <option value=p.id() selected=move || store.preset.get() == p>{move || p.say(lang.get())}</option>
                        }).collect_view()}
                    </select>
                </label>
                <label>
                    {tr(words::RED)} " "
                    <input data-testid="clock-control-red" spellcheck="false"
                        prop:value=move || store.red_text.get()
                        on:input=move |e| {
                            store.red_text.set(event_target_value(&e));
                            store.preset.set(Preset::Custom);
                        } />
                </label>
                <label>
                    {tr(words::BLACK)} " "
                    <input data-testid="clock-control-black" spellcheck="false"
                        prop:value=move || store.black_text.get()
                        on:input=move |e| {
                            store.black_text.set(event_target_value(&e));
                            store.preset.set(Preset::Custom);
                        } />
                </label>
                <button data-testid="clock-apply" on:click=move |_| store.apply_setup()>
                    {tr(words::SET)}
                </button>
                <p class="clock-help">
                    {tr(words::NOTATION_90M_40_15M)}
                </p>
                <p class="clock-keys">
                    {tr(words::CLOCK_KEYS)}
                </p>
            </fieldset>
        </details>
    }
}

/// Asks the browser to keep the screen on (Screen Wake Lock API, where there is one); the
/// sentinel lands in `lock`. A refusal (hidden tab, no permission) is ignored: the clock still runs.
fn acquire_wake_lock(lock: StoredValue<Option<JsValue>, LocalStorage>) {
    let Some(w) = web_sys::window() else { return };
    let nav: JsValue = w.navigator().into();
    let Ok(wl) = js_sys::Reflect::get(&nav, &"wakeLock".into()) else {
        return;
    };
    if wl.is_undefined() || wl.is_null() {
        return;
    }
    let Ok(request) = js_sys::Reflect::get(&wl, &"request".into()) else {
        return;
    };
    let Ok(request) = request.dyn_into::<js_sys::Function>() else {
        return;
    };
    let Ok(promise) = request.call1(&wl, &"screen".into()) else {
        return;
    };
    let Ok(promise) = promise.dyn_into::<js_sys::Promise>() else {
        return;
    };
    let ok = Closure::once(move |sentinel: JsValue| lock.set_value(Some(sentinel)));
    let refused = Closure::once(|_: JsValue| {});
    let _ = promise.then2(&ok, &refused);
    ok.forget();
    refused.forget();
}

/// Lets the screen sleep again.
fn release_wake_lock(lock: StoredValue<Option<JsValue>, LocalStorage>) {
    let Some(sentinel) = lock.with_value(|s| s.clone()) else {
        return;
    };
    lock.set_value(None);
    if let Ok(release) = js_sys::Reflect::get(&sentinel, &"release".into()) {
        if let Ok(f) = release.dyn_into::<js_sys::Function>() {
            let _ = f.call0(&sentinel);
        }
    }
}
