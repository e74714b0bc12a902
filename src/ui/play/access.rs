//! The play page for every player: every move said to a screen reader (a polite live region;
//! checks and verdicts in an assertive one), the clock's time on `t`, sounds (off until turned on,
//! generated with Web Audio), and the piece set and board colour, remembered.

use super::use_play;
use super::words;
use crate::lang::Say;
use crate::lang::Text;
use crate::ui::board::{piece_set, PieceSet, PIECE_SET_KEY};
use crate::ui::browser::{now_ms, tone};
use crate::ui::i18n::{tr, use_lang, Lang};
use crate::ui::storage;
use crate::xiangqi::notation::{self, typed::piece_name, Notation};
use crate::xiangqi::session::PlaySession;
use crate::xiangqi::words::Headline;
use crate::xiangqi::Color;
use leptos::prelude::*;
use std::cell::RefCell;

const SOUND_KEY: &str = "xq.sound";
const BOARD_KEY: &str = "xq.board";
/// Below this much time left, the running side hears a tick once per turn.
const LOW_TIME_MS: u64 = 10_000;

/// The board colours, set on the page as `data-board`.
const BOARDS: [(&str, Text); 4] = [
    ("wood", words::WOOD),
    ("green", words::GREEN),
    ("blue", words::BLUE),
    ("contrast", words::HIGH_CONTRAST_WHITE_BLACK),
];

thread_local! {
    static SOUND: ArcRwSignal<bool> = ArcRwSignal::new(storage::get(SOUND_KEY).as_deref() == Some("on"));
    // Made on a user gesture only, so the browser never blocks it.
    static AUDIO: RefCell<Option<web_sys::AudioContext>> = const { RefCell::new(None) };
}

fn sound_on() -> ArcRwSignal<bool> {
    SOUND.with(Clone::clone)
}

/// What a sound is for.
#[derive(Clone, Copy)]
enum Cue {
    Move,
    Capture,
    Check,
    LowTime,
    End,
}

/// Plays a short generated tone for `cue`, when sound is on and a gesture has allowed audio.
fn cue(c: Cue) {
    if !sound_on().get_untracked() {
        return;
    }
    let (freq, secs) = match c {
        Cue::Move => (620.0, 0.05),
        Cue::Capture => (360.0, 0.1),
        Cue::Check => (880.0, 0.15),
        Cue::LowTime => (1200.0, 0.04),
        Cue::End => (520.0, 0.4),
    };
    AUDIO.with(|a| {
        if let Some(ctx) = a.borrow().as_ref() {
            // A tone that cannot play is not worth an error: the move is said anyway.
            let _ = tone(ctx, freq, secs);
        }
    });
}

/// Makes the audio context (inside a click or key press, as browsers require).
fn wake_audio() {
    AUDIO.with(|a| {
        let mut a = a.borrow_mut();
        if a.is_none() {
            *a = web_sys::AudioContext::new().ok();
        }
    });
}

/// How many announcements a live region keeps: the newest is what is read; the one before stays
/// so a quick reply (the computer's move) is queued after the player's own, not put over it.
const KEPT: usize = 3;

/// One announcement, in both languages: the language button rewords what is shown (never read
/// again: the regions read additions only).
#[derive(Clone, PartialEq)]
struct Said {
    id: u64,
    words: [(Lang, String); 2],
}

/// A live region's announcements, oldest first.
#[derive(Clone, Copy)]
struct Region {
    said: RwSignal<Vec<Said>>,
    next: StoredValue<u64>,
}

impl Region {
    fn new() -> Region {
        Region {
            said: RwSignal::new(Vec::new()),
            next: StoredValue::new(0),
        }
    }

    /// Adds `text` (in each language) after what is being read; the same words twice (a move
    /// taken back and played again) are a new addition, so they are said again.
    fn say(self, text: impl Fn(Lang) -> String) {
        let id = self.next.get_value() + 1;
        self.next.set_value(id);
        let (one, other) = (Lang::default(), Lang::default().other());
        let item = Said {
            id,
            words: [(one, text(one)), (other, text(other))],
        };
        self.said.update(|v| {
            v.push(item);
            let over = v.len().saturating_sub(KEPT);
            v.drain(..over);
        });
    }

    /// The region's items, each in the current language.
    fn view(self, lang: RwSignal<Lang>) -> impl IntoView {
        view! {
            <For each=move || self.said.get() key=|s| s.id let:s>
                <p>{move || {
                    let l = lang.get();
                    s.words.iter().find(|(w, _)| *w == l).map(|(_, t)| t.clone())
                }}</p>
            </For>
        }
    }
}

/// The move that led to the shown position in words ("Red C2=5, takes …"), and whether it took.
fn move_said(s: &PlaySession, notation: Notation, l: Lang) -> (String, bool) {
    let g = s.game();
    let before = s.view().checked_sub(1).and_then(|v| g.position_at(v));
    let (Some(m), Some(pos)) = (s.last_move(), before) else {
        return (words::START_POSITION.get(l).to_string(), false);
    };
    let mut t = format!(
        "{} {}",
        pos.turn().say(l),
        notation::write(pos, m, notation)
    );
    let taken = pos.piece_at(m.to);
    if let Some(p) = taken {
        t.push_str(words::TAKES.get(l));
        t.push_str(&piece_name(p, l));
    }
    (t, taken.is_some())
}

/// Says each move as the game moves (checks and verdicts at once), with its sound when played.
fn announce_moves(polite: Region, assertive: Region) {
    let store = use_play();
    let session = store.session;
    let moment = Memo::new(move |_| {
        session.with(|s| {
            (
                s.view(),
                s.shown().hash(),
                s.game().ply(),
                s.game().verdict().is_some(),
            )
        })
    });
    let seen = StoredValue::new(None::<(usize, u64, usize, bool)>);
    Effect::new(move || {
        let now = moment.get();
        let before = seen.get_value();
        seen.set_value(Some(now));
        let Some((_, _, old_ply, old_over)) = before else {
            return;
        };
        let notation = store.settings.with_untracked(|s| s.notation);
        let (view, _, ply, over) = now;
        let (captured, check, verdict) = session.with_untracked(|s| {
            let verdict = s.game().verdict().filter(|_| s.at_end()).cloned();
            (
                move_said(s, notation, Lang::default()).1,
                s.shown().is_check(),
                verdict,
            )
        });
        polite.say(|l| session.with_untracked(|s| move_said(s, notation, l).0));
        if check || verdict.is_some() {
            assertive.say(|l| {
                let mut loud = Vec::new();
                if check {
                    loud.push(words::CHECK.get(l).to_string());
                }
                if let Some(v) = &verdict {
                    loud.push(Headline(v).say(l));
                }
                loud.join(" ")
            });
        }
        // Sounds for a move played, not for stepping through the record.
        if ply > old_ply && view == ply {
            cue(if over && !old_over {
                Cue::End
            } else if check {
                Cue::Check
            } else if captured {
                Cue::Capture
            } else {
                Cue::Move
            });
        } else if over && !old_over {
            cue(Cue::End);
        }
    });
}

/// The time left on both sides of the clock, in words.
fn time_said(s: &PlaySession, l: Lang) -> String {
    let Some(c) = s.clock() else {
        return words::NO_CLOCK_IN_THIS_GAME.get(l).to_string();
    };
    let now = now_ms();
    let side = |color: Color| {
        let left = c.side(now, color).left_ms / 1000;
        words::TimeLeft {
            side: color,
            minutes: left / 60,
            seconds: left % 60,
        }
        .say(l)
    };
    format!(
        "{}{}{}",
        side(Color::Red),
        words::LIST_COMMA.get(l),
        side(Color::Black)
    )
}

/// `t` says the time left on both sides of the clock.
fn tell_time_on_t(polite: Region) {
    let session = use_play().session;
    let keys = window_event_listener(leptos::ev::keydown, move |ev: web_sys::KeyboardEvent| {
        let typing = ev
            .target()
            .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
            .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"));
        if typing || ev.ctrl_key() || ev.meta_key() || ev.alt_key() || ev.key() != "t" {
            return;
        }
        ev.prevent_default();
        polite.say(|l| session.with_untracked(|s| time_said(s, l)));
    });
    on_cleanup(move || keys.remove());
}

/// Low time: one tick per turn once the running side is under ten seconds (sound on only).
fn tick_on_low_time() {
    let session = use_play().session;
    let warned = StoredValue::new(None::<(Color, u32)>);
    let ticker = gloo_timers::callback::Interval::new(500, move || {
        if !sound_on().get_untracked() {
            return;
        }
        let low = session.with_untracked(|s| {
            let c = s.clock()?;
            let now = now_ms();
            let side = c.running(now)?;
            let r = c.side(now, side);
            (r.left_ms < LOW_TIME_MS && !r.flagged).then_some((side, r.moves))
        });
        if low.is_some() && low != warned.get_value() {
            warned.set_value(low);
            cue(Cue::LowTime);
        }
    });
    let ticker = StoredValue::new_local(Some(ticker));
    on_cleanup(move || {
        if let Some(t) = ticker.try_update_value(Option::take).flatten() {
            t.cancel();
        }
    });
}

/// The two live regions, filled as the game moves (by anyone: a click, a typed move, the
/// computer, a step through the record), and the `t` key for the clock.
#[component]
pub fn Announcer() -> impl IntoView {
    let lang = use_lang();
    let polite = Region::new();
    let assertive = Region::new();
    announce_moves(polite, assertive);
    tell_time_on_t(polite);
    tick_on_low_time();
    view! {
        // Moves keep their notation in either language, as on the board. Each announcement is an
        // addition, read in turn after the one before.
        <div class="sr-only" data-testid="announce" translate="no" aria-live="polite" aria-relevant="additions">{polite.view(lang)}</div>
        <div class="sr-only" data-testid="announce-alert" translate="no" aria-live="assertive" aria-relevant="additions">{assertive.view(lang)}</div>
    }
}

/// Sets the page's `data-pieces` and `data-board` attributes the stylesheet draws by.
fn mark_page(name: &str, value: &str) {
    if let Some(el) = document().document_element() {
        let _ = el.set_attribute(name, value);
    }
}

/// Piece set, board colour and sound, beside the other board options.
#[component]
pub fn LookOptions() -> impl IntoView {
    let set = piece_set();
    let board = RwSignal::new(storage::get(BOARD_KEY).unwrap_or_else(|| "wood".into()));
    let sound = sound_on();
    {
        let set = set.clone();
        Effect::new(move || {
            let s = set.get();
            mark_page("data-pieces", s.id());
            let _ = storage::set(PIECE_SET_KEY, s.id());
        });
    }
    Effect::new(move || {
        let b = board.get();
        mark_page("data-board", &b);
        let _ = storage::set(BOARD_KEY, &b);
    });
    // A remembered "sound on" waits for the first click or key of this visit to make its audio.
    let gesture = window_event_listener(leptos::ev::pointerdown, |_| {
        if sound_on().get_untracked() {
            wake_audio();
        }
    });
    let gesture_key = window_event_listener(leptos::ev::keydown, |_| {
        if sound_on().get_untracked() {
            wake_audio();
        }
    });
    on_cleanup(move || {
        gesture.remove();
        gesture_key.remove();
    });
    let set_names = |s: PieceSet| match s {
        PieceSet::Traditional => tr(words::TRADITIONAL_CHARACTERS),
        PieceSet::Western => tr(words::WESTERN_STYLE_SYMBOLS),
        PieceSet::Contrast => tr(words::HIGH_CONTRAST),
    };
    let chosen = set.clone();
    let sound_now = sound.clone();
    view! {
        <label class="field">{tr(words::PIECE_SET)}
            <select data-testid="piece-set" on:change=move |ev| {
                if let Some(s) = PieceSet::from_id(&event_target_value(&ev)) {
                    set.set(s);
                }
            }>
                {PieceSet::ALL.into_iter().map(|s| {
                    let chosen = chosen.clone();
                    view! { <option value=s.id() selected=move || chosen.get() == s>{set_names(s)}</option> }
                }).collect_view()}
            </select>
        </label>
        <label class="field">{tr(words::BOARD_COLOUR)}
            <select data-testid="board-theme" on:change=move |ev| board.set(event_target_value(&ev))>
                {BOARDS.into_iter().map(|(id, text)| view! {
                    <option value=id selected=move || board.get() == id>{tr(text)}</option>
                }).collect_view()}
            </select>
        </label>
        <label class="check"><input type="checkbox" data-testid="sound" prop:checked=move || sound_now.get() on:change=move |ev| {
            let on = event_target_checked(&ev);
            if on {
                wake_audio();
            }
            sound.set(on);
            let _ = storage::set(SOUND_KEY, if on { "on" } else { "off" });
            cue(Cue::Move);
        } /> {tr(words::SOUND_MOVE_CAPTURE_CHECK)}</label>
    }
}
