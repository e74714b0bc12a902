//! The move box under the board: a move typed in Chinese, WXF or ICCS (focus with `/`), the legal
//! moves that fit what has been typed in the chosen notation, Enter plays it through the same
//! path as a click on the board.

use super::words;
use super::{use_play, PlayStore};
use crate::lang::Say;
use crate::ui::i18n::{tr, use_lang};
use crate::xiangqi::notation::typed::{complete, read, Completion, TypedError};
use leptos::prelude::*;

/// How many completions are listed.
const SHOWN: usize = 12;

/// Why a typed move was not played.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Refusal {
    Typed(TypedError),
    /// The computer is to move: a move typed now is refused, not queued.
    Thinking,
    Over,
}

/// `/` anywhere but in a text field puts the cursor in the move box.
fn focus_on_slash(input: NodeRef<leptos::html::Input>) {
    let keys = window_event_listener(leptos::ev::keydown, move |ev: web_sys::KeyboardEvent| {
        let typing = ev
            .target()
            .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
            .is_some_and(|el| {
                let tag = el.tag_name();
                let boxed = matches!(
                    el.get_attribute("type").as_deref(),
                    Some("checkbox" | "radio")
                );
                matches!(tag.as_str(), "TEXTAREA" | "SELECT") || (tag == "INPUT" && !boxed)
            });
        if ev.key() == "/" && !typing && !ev.ctrl_key() && !ev.meta_key() && !ev.alt_key() {
            if let Some(el) = input.get_untracked() {
                ev.prevent_default();
                let _ = el.focus();
            }
        }
    });
    on_cleanup(move || keys.remove());
}

/// The box's own state: what is typed, the completion chosen with the arrows, why a move was refused.
#[derive(Clone, Copy)]
struct BoxState {
    store: PlayStore,
    text: RwSignal<String>,
    refusal: RwSignal<Option<Refusal>>,
    active: RwSignal<Option<usize>>,
    options: Memo<Vec<Completion>>,
}

impl BoxState {
    /// Plays the typed move, or says why not.
    fn play(self, typed: String) {
        let store = self.store;
        let session = store.session;
        let refused = session.with_untracked(|s| {
            let over = s.at_end() && s.game().verdict().is_some();
            let thinking = s.at_end() && store.computer.get_untracked() == Some(s.shown().turn());
            if over {
                Some(Refusal::Over)
            } else if thinking {
                Some(Refusal::Thinking)
            } else {
                None
            }
        });
        if refused.is_some() {
            self.refusal.set(refused);
            return;
        }
        match session.with_untracked(|s| read(s.shown(), &typed)) {
            Ok(m) => {
                self.text.set(String::new());
                self.active.set(None);
                store.enter(m, false);
                self.refusal.set(None);
            }
            Err(e) => self.refusal.set(Some(Refusal::Typed(e))),
        }
    }

    /// ↑ ↓ move through the completions, Esc clears the box.
    fn key(self, ev: web_sys::KeyboardEvent) {
        let n = self.options.with_untracked(Vec::len);
        let step = match ev.key().as_str() {
            "ArrowDown" => 1,
            "ArrowUp" => -1,
            "Escape" => {
                self.text.set(String::new());
                self.active.set(None);
                self.refusal.set(None);
                return;
            }
            _ => return,
        };
        ev.prevent_default();
        if n == 0 {
            return;
        }
        let next = match self.active.get_untracked() {
            None if step > 0 => 0,
            None => n - 1,
            Some(i) => (i as isize + step).rem_euclid(n as isize) as usize,
        };
        self.active.set(Some(next));
    }
}

/// The legal moves that match what is typed; a click plays one.
fn completions(b: BoxState) -> impl IntoView {
    view! {
        <ul class="move-box-list" id="move-box-list" role="listbox" data-testid="move-options" translate="no"
            aria-label=tr(words::MATCHING_MOVES)>
            {move || b.options.get().into_iter().enumerate().map(|(i, c)| {
                let t = c.text.clone();
                view! {
                    <li role="option" id=format!("move-option-{i}") data-testid="move-option"
                        aria-selected=move || (b.active.get() == Some(i)).to_string()
                        on:mousedown=move |ev| {
                            ev.prevent_default();
                            b.play(t.clone());
                        }>{c.text}</li>
                }
            }).collect_view()}
        </ul>
    }
}

/// The move box with its completion list and the reason a move was refused.
#[component]
pub fn MoveBox() -> impl IntoView {
    let store = use_play();
    let session = store.session;
    let lang = use_lang();
    let text = RwSignal::new(String::new());
    let options = Memo::new(move |_| {
        let t = text.get();
        if t.trim().is_empty() {
            return Vec::new();
        }
        let n = store.settings.with(|s| s.notation);
        let mut v = session.with(|s| complete(s.shown(), &t, n));
        v.truncate(SHOWN);
        v
    });
    let b = BoxState {
        store,
        text,
        refusal: RwSignal::new(None),
        active: RwSignal::new(None),
        options,
    };
    // A move made elsewhere (the board, the computer) leaves nothing stale in the box.
    Effect::new(move || {
        session.track();
        b.refusal.set(None);
    });
    let input = NodeRef::<leptos::html::Input>::new();
    focus_on_slash(input);
    let expanded = move || options.with(|o| !o.is_empty());
    let playing = move || store.mode.get() == super::Mode::Play;
    view! {
        <Show when=playing>
        <form class="move-box no-print" data-testid="move-box-form" on:submit=move |ev| {
            ev.prevent_default();
            let chosen = b.active.get_untracked().and_then(|i| options.with_untracked(|o| o.get(i).map(|c| c.text.clone())));
            b.play(chosen.unwrap_or_else(|| text.get_untracked()));
        }>
            <label for="move-box">{tr(words::TYPE_A_MOVE)}</label>
            <input
                id="move-box"
                data-testid="move-box"
                type="text"
                autocomplete="off"
                spellcheck="false"
                aria-keyshortcuts="/"
                role="combobox"
                aria-autocomplete="list"
                aria-expanded=move || expanded().to_string()
                aria-controls=move || expanded().then_some("move-box-list")
                aria-activedescendant=move || b.active.get().filter(|_| expanded()).map(|i| format!("move-option-{i}"))
                placeholder=tr(words::MOVE_EXAMPLE)
                node_ref=input
                prop:value=move || text.get()
                on:input=move |ev| {
                    text.set(event_target_value(&ev));
                    b.active.set(None);
                }
                on:keydown=move |ev| b.key(ev)
            />
            <button type="submit" data-testid="move-box-play">{tr(words::PLAY_MOVE)}</button>
            {move || expanded().then(|| completions(b))}
            {move || b.refusal.get().map(|r| view! {
                <p class="message" data-testid="move-box-error" role="alert">{move || r.say(lang.get())}</p>
            })}
        </form>
        </Show>
    }
}

/// The move box as the lean board shows it until the whole one swaps in: in its place, off, with
/// a spinner, so nothing under the board moves when it arrives.
#[component]
pub fn MoveBoxWaiting() -> impl IntoView {
    view! {
        <div class="move-box no-print" data-testid="move-box-waiting" aria-busy="true">
            <label for="move-box">{tr(words::TYPE_A_MOVE)}</label>
            <input id="move-box" type="text" disabled placeholder=tr(words::MOVE_EXAMPLE) />
            <button type="button" disabled>{tr(words::PLAY_MOVE)}</button>
            <span class="spinner" role="img" aria-label=tr(words::STILL_LOADING)></span>
        </div>
    }
}
