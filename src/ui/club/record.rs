//! "Record a game": a game between two members played at the club (not in an event) — Red,
//! Black, the result and the date, typed or read from a PGN's tags — rated at once.

use super::super::files::{self, BrowserCharsets};
use super::super::i18n::{tr, use_lang};
use super::member_pick::member_pick;
use super::words;
use crate::events::club::{decode, Club, ClubError, GameEnd, ImportError, PgnTags, MAX_FILE_BYTES};
use crate::lang::{Say, Text};
use crate::saved::FileError;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Today by the browser's clock, in the visitor's time zone: (year, month, day).
fn today() -> (i32, u32, u32) {
    let d = js_sys::Date::new_0();
    (d.get_full_year() as i32, d.get_month() + 1, d.get_date())
}

/// What the form last said, shown beside its button (said again when the language changes).
#[derive(Clone, Debug)]
pub(super) enum Note {
    /// Recorded: this many members' ratings changed.
    Recorded(usize),
    /// Refused; nothing changed.
    Refused(ClubError),
    /// The players of a PGN who are not members.
    NotMembers(Vec<String>),
    /// The chosen file could not be read.
    File(FileError),
    /// The chosen file is not text the page reads.
    Text(ImportError),
}

impl Note {
    /// Whether it reports success (shown in the success style, not as an error).
    fn done(&self) -> bool {
        matches!(self, Note::Recorded(_))
    }
}

/// The result `<option>` values, as [`GameEnd::parse`] reads them.
const ENDS: [(&str, Text); 4] = [
    ("1-0", words::RED_WINS),
    ("1/2-1/2", words::DRAW),
    ("0-1", words::BLACK_WINS),
    ("*", words::UNFINISHED),
];

/// The form's fields: the members' numbers, the result's value, the date, whether a second
/// press confirms, and what the form last said.
#[derive(Clone, Copy)]
struct GameForm {
    red: RwSignal<String>,
    black: RwSignal<String>,
    end: RwSignal<String>,
    date: RwSignal<String>,
    confirm: RwSignal<bool>,
    note: RwSignal<Option<Note>>,
}

impl GameForm {
    /// Records and rates the game (`confirmed`: the same pair already played on that date).
    fn record(self, club: RwSignal<Club>, confirmed: bool) {
        let id = |s: RwSignal<String>| s.get_untracked().parse::<u32>().unwrap_or(0);
        let Some(e) = GameEnd::parse(&self.end.get_untracked()) else {
            return;
        };
        let mut c = club.get_untracked();
        let day = self.date.get_untracked();
        match c.record_game(id(self.red), id(self.black), e, &day, today(), confirmed) {
            Ok(n) => {
                club.set(c);
                self.confirm.set(false);
                self.note.set(Some(Note::Recorded(n)));
            }
            Err(err) => {
                self.confirm
                    .set(matches!(err, ClubError::AlreadyRecorded(..)));
                self.note.set(Some(Note::Refused(err)));
            }
        }
    }

    /// Fills the form from a PGN's tags: players found by name, result, date.
    fn fill(self, club: RwSignal<Club>, text: &str) {
        let tags = PgnTags::read(text);
        let mut missing = Vec::new();
        for (side, name) in [(self.red, &tags.red), (self.black, &tags.black)] {
            match club.with_untracked(|c| c.by_name(name).map(|m| m.id)) {
                Some(id) => side.set(id.to_string()),
                None => missing.push(name.clone()),
            }
        }
        if let Some(e) = tags.result {
            let v = ENDS
                .iter()
                .find(|(v, ..)| GameEnd::parse(v) == Some(e))
                .map_or("*", |(v, ..)| v);
            self.end.set(v.to_string());
        }
        if !tags.date.is_empty() {
            self.date.set(tags.date.replace('.', "-"));
        }
        self.confirm.set(false);
        self.note
            .set((!missing.is_empty()).then_some(Note::NotMembers(missing)));
    }

    /// Fills the form from a chosen PGN file, or says why it cannot be read.
    fn read_file(self, club: RwSignal<Club>, ev: leptos::ev::Event) {
        let Some(input) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        else {
            return;
        };
        files::read_bytes(&input, MAX_FILE_BYTES, move |r| {
            match r.map_err(Note::File).and_then(|b| {
                decode(&b, &BrowserCharsets)
                    .map(|(t, _)| t)
                    .map_err(Note::Text)
            }) {
                Ok(text) => self.fill(club, &text),
                Err(e) => self.note.set(Some(e)),
            }
        });
    }
}

#[component]
pub(super) fn RecordGame(club: RwSignal<Club>) -> impl IntoView {
    let lang = use_lang();
    let note: RwSignal<Option<Note>> = RwSignal::new(None);
    let red = RwSignal::new(String::new());
    let black = RwSignal::new(String::new());
    let end = RwSignal::new("1-0".to_string());
    let (y, m, d) = today();
    let today_text = format!("{y:04}-{m:02}-{d:02}");
    let date = RwSignal::new(today_text.clone());
    // Set when the same two members already have a game on that date: a second press confirms.
    let confirm = RwSignal::new(false);
    let form = GameForm {
        red,
        black,
        end,
        date,
        confirm,
        note,
    };
    let record = move |confirmed: bool| form.record(club, confirmed);
    let fill = move |text: &str| form.fill(club, text);
    let file = move |ev| form.read_file(club, ev);
    let side = move |s: RwSignal<String>, testid: &'static str| {
        member_pick(club, s, testid, move || confirm.set(false))
    };
    view! {
        <section class="t-section no-print" data-testid="record-game">
            <h2>{tr(words::RECORD_A_RATED_GAME)}</h2>
            <div class="t-draw">
                <label>{tr(words::RED)} " " {side(red, "game-red")}</label>
                <label>{tr(words::BLACK)} " " {side(black, "game-black")}</label>
                <label>{tr(words::RESULT)} " "
                    <select data-testid="game-result" prop:value=move || end.get() on:change=move |ev| end.set(event_target_value(&ev))>
                        {ENDS.into_iter().map(|(v, text)| view! { <option value=v>{tr(text)}</option> }).collect_view()}
                    </select>
                </label>
                <label>{tr(words::DATE)} " " <input type="date" data-testid="game-date" max=today_text required prop:value=move || date.get() on:input=move |ev| { date.set(event_target_value(&ev)); confirm.set(false); } /></label>
                <label>{tr(words::OPEN_A_PGN)} " " <input type="file" accept=".pgn,text/plain" data-testid="game-pgn" on:change=file /></label>
                <button data-testid="record-game-button" on:click=move |_| record(false)>{tr(words::RECORD_AND_RATE)}</button>
                <Show when=move || confirm.get()>
                    <button data-testid="record-game-confirm" on:click=move |_| record(true)>{tr(words::RECORD_IT_AS_ANOTHER)}</button>
                </Show>
            </div>
            {move || note.get().map(|n| {
                let (class, role) = if n.done() { ("t-info", "status") } else { ("t-error", "alert") };
                view! { <p class=class role=role data-testid="record-note">{n.say(lang.get())}</p> }
            })}
            <textarea data-testid="game-pgn-text" rows="2" aria-label="PGN" placeholder=move || words::OR_PASTE_A_PGN.get(lang.get()) on:change=move |ev| fill(&event_target_value(&ev))></textarea>
        </section>
    }
}
