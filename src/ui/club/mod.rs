//! `#/club`: the members list (by hand, pasted, or imported from a spreadsheet with a preview),
//! the rating list with each member's history, rating a finished event, and certificates. Every
//! rule lives in `events::club`, `events::rating` and `events::publish`; this shows and stores.
//!
//! Test contract: the members table is `[data-testid=members]` with one `tr[data-member]` per
//! member; the import preview is `[data-testid=import-preview]`; the rating list is
//! `[data-testid=rating-list]` with `tr[data-rated]` rows; saved events are `[data-event]` rows.

mod details;
mod export;
mod member_pick;
mod pick;
mod record;

pub use details::DetailsForm;
pub use export::PublishLink;
pub use pick::{appended, FromMembers};

use super::files::{self, BrowserCharsets};
use super::i18n::{tr, use_lang};
use super::storage;
use crate::events::club::{
    decode, parse_table, pasted_table, round_robin_games, rows_in_view, swiss_games, Club,
    ClubError, Columns, Field, Member, NewMember, Preview, RowStatus, Sex, MAX_FILE_BYTES,
};
use crate::events::knockout::Bracket;
use crate::events::publish::{self, Certificates, ResultsPage};
use crate::events::round_robin::Tournament;
use crate::events::schedule::SaveFile;
use crate::events::swiss::saved::SavedKnockout;
use crate::events::swiss::Swiss;
use crate::events::Details;
use crate::lang::{Lang, Say};
use crate::ui::words::SaidBefore;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
mod words;

/// The members list in localStorage.
pub(crate) const KEY: &str = "xq.club";
/// The event pages' picker list ([`Club::pick_lines`]).
pub(crate) const PICKS_KEY: &str = "xq.club.picks";

/// The saved members list (fresh when none or unreadable; the storage module sets that aside and
/// says so), and why an unreadable one was not loaded (a list past its caps, say).
pub(crate) fn load_club() -> (Club, Option<ClubError>) {
    let mut why = None;
    let club = storage::load_with(KEY, |text| {
        Club::from_json(text).inspect_err(|e| why = Some(e.clone()))
    });
    (club.unwrap_or_else(Club::new), why)
}

/// A finished (or running) event saved by another page, as the club page can rate it.
#[derive(Clone, Debug)]
enum SavedEvent {
    RoundRobin(String, Box<Tournament>),
    Swiss(String, Box<Swiss>, Details),
    /// The knockout's entrant names, bracket and details (published, not rated).
    Knockout(Vec<String>, Box<Bracket>, Details),
    /// The timetable with its event (published, not rated).
    Timetable(Box<SaveFile>),
}

impl SavedEvent {
    fn key(&self) -> String {
        match self {
            SavedEvent::RoundRobin(id, _) => format!("rr:{id}"),
            SavedEvent::Swiss(name, s, _) => format!("swiss:{name}:{}", s.rounds_played()),
            SavedEvent::Knockout(..) => "knockout".into(),
            SavedEvent::Timetable(_) => "timetable".into(),
        }
    }
    /// The event's name; a knockout and an unnamed timetable are called what they are, in `lang`.
    fn name(&self, lang: Lang) -> String {
        match self {
            SavedEvent::RoundRobin(_, t) => t.name().to_string(),
            SavedEvent::Swiss(name, ..) => name.clone(),
            SavedEvent::Knockout(..) => words::KNOCKOUT.get(lang).into(),
            SavedEvent::Timetable(f) => f.event.as_ref().map_or_else(
                || words::TIMETABLE.get(lang).into(),
                |t| t.name().to_string(),
            ),
        }
    }
    /// Whether the event's games can be rated.
    fn rateable(&self) -> bool {
        matches!(self, SavedEvent::RoundRobin(..) | SavedEvent::Swiss(..))
    }
    /// Whether the event has places to give certificates for.
    fn placed(&self) -> bool {
        !matches!(self, SavedEvent::Timetable(..))
    }
    fn results_page(&self, lang: Lang) -> ResultsPage {
        match self {
            SavedEvent::RoundRobin(_, t) => publish::round_robin(t, lang),
            SavedEvent::Swiss(name, s, d) => ResultsPage {
                details: d.line(),
                ..publish::swiss(s, name, lang)
            },
            SavedEvent::Knockout(names, b, d) => ResultsPage {
                details: d.line(),
                ..publish::bracket(b, names, words::KNOCKOUT.get(lang), lang)
            },
            SavedEvent::Timetable(f) => publish::timetable(f, lang),
        }
    }
    /// The date and organiser saved with the event.
    fn details(&self) -> Details {
        match self {
            SavedEvent::RoundRobin(_, t) => t.details().clone(),
            SavedEvent::Swiss(_, _, d) => d.clone(),
            SavedEvent::Timetable(f) => f
                .event
                .as_ref()
                .map(|t| t.details().clone())
                .unwrap_or_default(),
            SavedEvent::Knockout(_, _, d) => d.clone(),
        }
    }
    /// Places with names, first place first.
    fn places(&self) -> Vec<(usize, String)> {
        match self {
            SavedEvent::RoundRobin(_, t) => t
                .standings()
                .rows
                .into_iter()
                .filter_map(|r| Some((r.place?.rank, r.name)))
                .collect(),
            SavedEvent::Swiss(_, s, _) => {
                let order =
                    crate::events::swiss::SwissTieBreak::order(s.boards.is_some(), s.buchholz);
                crate::events::swiss::swiss_standings(s, &order)
                    .into_iter()
                    .map(|r| (r.place, s.entrants[r.entrant].entrant.name.clone()))
                    .collect()
            }
            SavedEvent::Knockout(names, b, _) => b
                .places()
                .into_iter()
                .map(|(place, i)| (place, names[i].clone()))
                .collect(),
            SavedEvent::Timetable(_) => Vec::new(),
        }
    }
}

/// The events saved by the round-robin and Swiss pages.
fn saved_events() -> Vec<SavedEvent> {
    #[derive(serde::Deserialize)]
    struct SwissSaved {
        name: String,
        event: Swiss,
        #[serde(default)]
        details: Details,
    }
    let mut out = Vec::new();
    let ids: Vec<String> = storage::get("xq.tournament.ids")
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default();
    for id in ids {
        if let Some(t) = storage::get(&format!("xq.tournament.event.{id}"))
            .and_then(|t| Tournament::from_json(&t).ok())
        {
            out.push(SavedEvent::RoundRobin(id, Box::new(t)));
        }
    }
    if let Some(Some(s)) = storage::get("xq.swiss.event")
        .and_then(|t| serde_json::from_str::<Option<SwissSaved>>(&t).ok())
    {
        out.push(SavedEvent::Swiss(s.name, Box::new(s.event), s.details));
    }
    if let Some(Some(k)) = storage::get("xq.swiss.knockout")
        .and_then(|t| serde_json::from_str::<Option<SavedKnockout>>(&t).ok())
    {
        out.push(SavedEvent::Knockout(
            k.names,
            Box::new(k.bracket),
            k.details,
        ));
    }
    if let Some(mut f) =
        storage::get("xq.schedule.state").and_then(|t| SaveFile::from_json(&t).ok())
    {
        // A game-scored timetable's results live in its round-robin event.
        if f.event.is_none() {
            f.event = f.event_id.as_ref().and_then(|id| {
                storage::get(&format!("xq.tournament.event.{id}"))
                    .and_then(|t| Tournament::from_json(&t).ok())
            });
        }
        out.push(SavedEvent::Timetable(Box::new(f)));
    }
    out
}

/// A rating history as a small line graph (inline SVG; nothing when fewer than two points).
fn sparkline(points: &[i32]) -> Option<impl IntoView> {
    if points.len() < 2 {
        return None;
    }
    let (lo, hi) = (*points.iter().min()? as f64, *points.iter().max()? as f64);
    let span = (hi - lo).max(1.0);
    let step = 100.0 / (points.len() - 1) as f64;
    let line = points
        .iter()
        .enumerate()
        .map(|(i, &p)| {
            format!(
                "{},{}",
                (i as f64 * step).round() as i64,
                (28.0 - (p as f64 - lo) / span * 26.0).round() as i64
            )
        })
        .collect::<Vec<_>>()
        .join(" ");
    Some(view! {
        <svg class="c-spark" data-testid="history-graph" viewBox="-2 0 104 30" width="104" height="30" role="img" aria-label="rating history">
            <polyline points=line fill="none" stroke="#b3261e" stroke-width="2" />
        </svg>
    })
}

/// The page's last message: a success (in the success style) or a refusal, kept in both languages
/// so that the language button re-says it.
#[derive(Clone)]
struct Note {
    ok: bool,
    said: SaidBefore,
}

impl Note {
    fn ok(said: &dyn Say) -> Note {
        Note {
            ok: true,
            said: SaidBefore::of(said),
        }
    }

    fn refused(said: &dyn Say) -> Note {
        Note {
            ok: false,
            said: SaidBefore::of(said),
        }
    }
}

#[component]
pub fn ClubPage() -> impl IntoView {
    let lang = use_lang();
    let (loaded, not_loaded) = load_club();
    let club = RwSignal::new(loaded);
    let note: RwSignal<Option<Note>> = RwSignal::new(None);
    // Set while printing: the long lists draw every row, not a screenful.
    let whole = RwSignal::new(false);
    let before = window_event_listener(leptos::ev::beforeprint, move |_| whole.set(true));
    let after = window_event_listener(leptos::ev::afterprint, move |_| whole.set(false));
    on_cleanup(move || {
        before.remove();
        after.remove();
    });
    Effect::new(move || {
        let text = club.with(Club::to_json);
        // A refusal is said above the page by the storage module.
        if storage::set(KEY, &text).is_ok() {
            let _ = storage::set(PICKS_KEY, &club.with(Club::pick_lines));
        }
    });
    let say = move |e: &dyn Say| note.set(Some(Note::refused(e)));
    view! {
        <div class="tournament club">
            <h1>{tr(words::CLUB_MEMBERS)}</h1>
            {not_loaded.map(|e| view! {
                <p class="t-error" role="alert" data-testid="club-not-loaded">
                    {move || format!("{}{}", words::SAVED_LIST_NOT_LOADED.get(lang.get()), e.say(lang.get()))}
                </p>
            })}
            {move || note.get().map(|n| if n.ok {
                view! { <p class="t-info" role="status" data-testid="club-note">{n.said.say(lang.get())}</p> }.into_any()
            } else {
                view! { <p class="t-error" role="alert" data-testid="club-note">{n.said.say(lang.get())}</p> }.into_any()
            })}
            <AddMember club=club note=note />
            <Import club=club note=note />
            <Members club=club say=Callback::new(move |e: ClubError| say(&e)) whole=whole />
            <RatingList club=club whole=whole />
            <record::RecordGame club=club />
            <RateEvents club=club note=note />
        </div>
    }
}

#[component]
fn AddMember(club: RwSignal<Club>, note: RwSignal<Option<Note>>) -> impl IntoView {
    let name = RwSignal::new(String::new());
    let romanised = RwSignal::new(String::new());
    let team = RwSignal::new(String::new());
    let born = RwSignal::new(String::new());
    let sex = RwSignal::new(String::new());
    let rating = RwSignal::new(String::new());
    let id = RwSignal::new(String::new());
    let add = move |_| {
        let num = |s: String| s.trim().parse::<i64>().ok();
        let m = NewMember {
            name: name.get_untracked(),
            romanised: romanised.get_untracked(),
            club: team.get_untracked(),
            birth_year: num(born.get_untracked()).and_then(|y| u16::try_from(y).ok()),
            sex: Sex::parse(&sex.get_untracked()),
            rating: num(rating.get_untracked()).and_then(|r| i32::try_from(r).ok()),
            fide_id: id.get_untracked(),
        };
        let mut c = club.get_untracked();
        match c.add(m) {
            Ok(_) => {
                club.set(c);
                note.set(None);
                for s in [name, romanised, born, rating, id] {
                    s.set(String::new());
                }
            }
            Err(e) => note.set(Some(Note::refused(&e))),
        }
    };
    let input = move |s: RwSignal<String>, testid: &'static str, class: &'static str| {
        view! { <input data-testid=testid class=class prop:value=move || s.get() on:input=move |ev| s.set(event_target_value(&ev)) /> }
    };
    view! {
        <section class="t-section no-print">
            <h2>{tr(words::ADD_A_MEMBER)}</h2>
            <div class="t-draw">
                <label>{tr(words::NAME)} " " {input(name, "member-name", "")}</label>
                <label>{tr(words::ROMANISED)} " " {input(romanised, "member-romanised", "")}</label>
                <label>{tr(words::CLUB)} " " {input(team, "member-club", "")}</label>
                <label>{tr(words::BORN)} " " {input(born, "member-born", "t-small")}</label>
                <label>{tr(words::SEX)} " "
                    <select data-testid="member-sex" on:change=move |ev| sex.set(event_target_value(&ev))>
                        <option value="">"—"</option>
                        <option value="M">{tr(words::M)}</option>
                        <option value="F">{tr(words::F)}</option>
                    </select>
                </label>
                <label>{tr(words::RATING)} " " {input(rating, "member-rating", "t-small")}</label>
                <label>{tr(words::FIDE_CXA_ID)} " " {input(id, "member-id", "")}</label>
                <button data-testid="add-member" on:click=add>{tr(words::ADD)}</button>
            </div>
        </section>
    }
}

/// Paste or a file: the table read, its columns (picked from the header, changeable), and a
/// preview of every row before anything is stored.
#[component]
fn Import(club: RwSignal<Club>, note: RwSignal<Option<Note>>) -> impl IntoView {
    let lang = use_lang();
    let pasted = RwSignal::new(String::new());
    // The table read, with the line of its first row after the header.
    let table: RwSignal<Option<Vec<Vec<String>>>> = RwSignal::new(None);
    let first_line = RwSignal::new(2);
    let columns = RwSignal::new(Columns(Vec::new()));
    let open = move |(t, first): (Vec<Vec<String>>, usize)| {
        columns.set(Columns::from_header(t.first().map_or(&[][..], |h| &h[..])));
        first_line.set(first);
        table.set(Some(t));
        note.set(None);
    };
    let paste = move |_| open(pasted_table(&pasted.get_untracked()));
    let file = move |ev| read_member_file(ev, note, open);
    let preview = Memo::new(move |_| {
        let t = table.get()?;
        Some(club.with(|c| Preview::with_columns(c, &t, columns.get(), first_line.get())))
    });
    let confirm = move |_| {
        let Some(Ok(p)) = preview.get_untracked() else {
            return;
        };
        if add_members(club, &p, note) {
            table.set(None);
            pasted.set(String::new());
        }
    };
    view! {
        <section class="t-section no-print">
            <h2>{tr(words::PASTE_OR_IMPORT_LIST)}</h2>
            <label class="t-paste">{tr(words::ONE_NAME_A_LINE)}
                <textarea rows="4" data-testid="member-paste" prop:value=move || pasted.get() on:input=move |ev| pasted.set(event_target_value(&ev))></textarea>
            </label>
            <div class="t-draw">
                <button data-testid="paste-preview" on:click=paste>{tr(words::PREVIEW)}</button>
                <label>{tr(words::IMPORT_A_CSV_TSV)} " "
                    <input type="file" data-testid="member-file" accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values" on:change=file />
                </label>
            </div>
            {move || table.with(|t| t.as_ref().map(|t| t.first().cloned().unwrap_or_default())).map(|header| {
                let l = lang.get();
                view! {
                    <div data-testid="import-preview">
                        <p>{words::WHAT_EACH_COLUMN_HOLDS.get(l)}</p>
                        {column_picks(&header, columns, l)}
                        {move || match preview.get() {
                            Some(Err(e)) => view! { <p class="t-error" role="alert" data-testid="import-error">{e.say(l)}</p> }.into_any(),
                            Some(Ok(p)) => {
                                let new = p.new_count();
                                view! {
                                    {preview_rows(&p, l)}
                                    <div class="t-draw">
                                        <button data-testid="import-confirm" prop:disabled=new == 0 on:click=confirm>{words::Said::AddMembers(new).say(l)}</button>
                                        <button data-testid="import-cancel" on:click=move |_| table.set(None)>{words::CANCEL.get(l)}</button>
                                    </div>
                                }.into_any()
                            }
                            None => ().into_any(),
                        }}
                    </div>
                }
            })}
        </section>
    }
}

/// Reads a chosen members' file (CSV or TSV in any of the usual encodings) into a table for
/// `open`, or says why it cannot be read.
fn read_member_file(
    ev: leptos::ev::Event,
    note: RwSignal<Option<Note>>,
    open: impl Fn((Vec<Vec<String>>, usize)) + 'static,
) {
    let Some(input) = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
    else {
        return;
    };
    files::read_bytes(&input, MAX_FILE_BYTES, move |r| match r {
        Err(e) => note.set(Some(Note::refused(&e))),
        Ok(bytes) => match decode(&bytes, &BrowserCharsets) {
            Err(e) => note.set(Some(Note::refused(&e))),
            Ok((text, _)) => open((parse_table(&text), 2)),
        },
    });
}

/// Adds the previewed members to the club; whether they were added (else why not is said).
fn add_members(club: RwSignal<Club>, p: &Preview, note: RwSignal<Option<Note>>) -> bool {
    let mut c = club.get_untracked();
    match c.add_preview(p) {
        Ok(n) => {
            club.set(c);
            note.set(Some(Note::ok(&words::Said::MembersAdded(n))));
            true
        }
        Err(e) => {
            note.set(Some(Note::refused(&e)));
            false
        }
    }
}

/// Column `col` now holds `value` (a field's name, or none); no other column keeps that field.
fn pick_column(columns: RwSignal<Columns>, col: usize, value: String) {
    columns.update(|c| {
        let f = Field::ALL.into_iter().find(|f| format!("{f:?}") == value);
        if let Some(f) = f {
            for x in c.0.iter_mut() {
                if *x == Some(f) {
                    *x = None;
                }
            }
        }
        if col < c.0.len() {
            c.0[col] = f;
        }
    })
}

/// The file's header, each column with its field to pick.
fn column_picks(header: &[String], columns: RwSignal<Columns>, l: Lang) -> impl IntoView {
    view! {
        <table class="t-table">
            <thead><tr>
                {header.iter().enumerate().map(|(i, h)| {
                    let chosen = move || columns.with(|c| c.0.get(i).copied().flatten());
                    view! {
                        <th>{h.clone()}<br />
                            <select data-testid="column-pick" on:change=move |ev| pick_column(columns, i, event_target_value(&ev))>
                                <option value="" selected=move || chosen().is_none()>"—"</option>
                                {Field::ALL.into_iter().map(|f| view! {
                                    <option value=format!("{f:?}") selected=move || chosen() == Some(f)>{f.label(l)}</option>
                                }).collect_view()}
                            </select>
                        </th>
                    }
                }).collect_view()}
            </tr></thead>
        </table>
    }
}

/// The rows as they would be stored (the first 100), each with what happens to it.
fn preview_rows(p: &Preview, l: Lang) -> impl IntoView {
    view! {
        <table class="t-table">
            <thead><tr><th>{words::LINE.get(l)}</th>{Field::ALL.into_iter().map(|f| view! { <th>{f.label(l)}</th> }).collect_view()}<th>{words::ACTION.get(l)}</th></tr></thead>
            <tbody>
                {p.rows.iter().take(100).map(|r| {
                    let m = &r.member;
                    let (class, what) = match &r.status {
                        RowStatus::New => ("new", words::ADD_IN_SENTENCE.get(l).to_string()),
                        RowStatus::Duplicate(d) => ("dup", words::Said::DuplicateOf(d).say(l)),
                        RowStatus::Invalid(e) => ("bad", e.say(l)),
                    };
                    view! {
                        <tr data-status=class>
                            <td>{r.line}</td><td>{m.name.clone()}</td><td>{m.romanised.clone()}</td><td>{m.club.clone()}</td>
                            <td>{m.birth_year.map(|y| y.to_string())}</td>
                            <td>{m.sex.map(|s| if s == Sex::M { words::M.get(l) } else { words::F.get(l) })}</td>
                            <td>{m.rating.map(|r| r.to_string())}</td><td>{m.fide_id.clone()}</td><td>{what}</td>
                        </tr>
                    }
                }).collect_view()}
            </tbody>
        </table>
        {(p.rows.len() > 100).then(|| view! { <p>{format!("… {}", p.rows.len())}</p> })}
    }
}

/// A row's height in a long list's box (`.c-rows` in style/pages.css gives rows this height).
const ROW_PX: f64 = 36.0;
/// Rows drawn beyond the box's edges on either side.
const SPARE_ROWS: usize = 20;

/// A long list's scrolling box: where it is scrolled to and how high it is, so that only the rows
/// on screen are drawn ([`rows_in_view`]); `whole` draws every row (for printing).
#[derive(Clone, Copy)]
struct RowsBox {
    at: RwSignal<(f64, f64)>,
    whole: RwSignal<bool>,
}

impl RowsBox {
    fn new(whole: RwSignal<bool>) -> RowsBox {
        // Until the first scroll, the box is taken as high as the window (it is never higher).
        let high = window()
            .inner_height()
            .ok()
            .and_then(|h| h.as_f64())
            .unwrap_or(900.0);
        RowsBox {
            at: RwSignal::new((0.0, high)),
            whole,
        }
    }
    /// The rows of a list of `len` to draw.
    fn shown(self, len: usize) -> std::ops::Range<usize> {
        if self.whole.get() {
            return 0..len;
        }
        let (top, high) = self.at.get();
        rows_in_view(len, top, high, ROW_PX, SPARE_ROWS)
    }
    /// The box's scroll handler.
    fn on_scroll(self) -> impl Fn(leptos::ev::Event) + 'static {
        move |ev| {
            if let Some(el) = ev
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            {
                self.at
                    .set((f64::from(el.scroll_top()), f64::from(el.client_height())));
            }
        }
    }
    /// The empty row standing for `rows` undrawn rows.
    fn spacer(rows: usize, columns: usize) -> impl IntoView {
        let style = format!("height:{}px", rows as f64 * ROW_PX);
        (rows > 0).then(|| view! { <tr class="c-spacer" aria-hidden="true"><td colspan=columns style=style></td></tr> })
    }
}

#[component]
fn Members(club: RwSignal<Club>, say: Callback<ClubError>, whole: RwSignal<bool>) -> impl IntoView {
    let lang = use_lang();
    let rows_box = RowsBox::new(whole);
    let len = move || club.with(|c| c.members.len());
    let shown = Memo::new(move |_| rows_box.shown(len()));
    let rows = move || {
        club.with(|c| {
            c.members
                .get(shown.get())
                .map(<[_]>::to_vec)
                .unwrap_or_default()
        })
    };
    view! {
        <section class="t-section">
            <h2>{tr(words::MEMBERS)} " (" {len} ")"</h2>
            <div class="c-rows" on:scroll=rows_box.on_scroll()>
            <table class="t-table" data-testid="members">
                <thead><tr>
                    <th>"#"</th><th>{tr(words::NAME)}</th><th>{tr(words::ROMANISED)}</th><th>{tr(words::CLUB)}</th>
                    <th>{tr(words::BORN_SHORT)}</th><th>{tr(words::SEX)}</th><th>{tr(words::RATING)}</th><th>{tr(words::ID)}</th><th class="no-print"></th>
                </tr></thead>
                <tbody>
                    {move || RowsBox::spacer(shown.get().start, 9)}
                    <For each=rows key=|m| format!("{}:{}:{:?}:{}", m.id, m.name, m.standing, m.club) let:m>
                        {
                            let id = m.id;
                            let l = lang.get_untracked();
                            view! {
                                <tr data-member=id.to_string()>
                                    <td>{id}</td><td class="t-name">{m.name.clone()}</td><td>{m.romanised.clone()}</td><td>{m.club.clone()}</td>
                                    <td>{m.birth_year.map(|y| y.to_string())}</td>
                                    <td>{m.sex.map(|s| if s == Sex::M { words::M.get(l) } else { words::F.get(l) })}</td>
                                    <td>{m.standing.rating.map(|r| r.to_string())}</td><td>{m.fide_id.clone()}</td>
                                    <td class="no-print"><button data-testid="remove-member" on:click=move |_| {
                                        let mut c = club.get_untracked();
                                        match c.remove(id) {
                                            Ok(_) => club.set(c),
                                            Err(e) => say.run(e),
                                        }
                                    }>{tr(words::REMOVE)}</button></td>
                                </tr>
                            }
                        }
                    </For>
                    {move || RowsBox::spacer(len().saturating_sub(shown.get().end), 9)}
                </tbody>
            </table>
            </div>
        </section>
    }
}

#[component]
fn RatingList(club: RwSignal<Club>, whole: RwSignal<bool>) -> impl IntoView {
    let lang = use_lang();
    let rows_box = RowsBox::new(whole);
    // The rated members' numbers, highest rating first.
    let ranked = Memo::new(move |_| club.with(Club::rated_ids));
    let shown = Memo::new(move |_| rows_box.shown(ranked.with(Vec::len)));
    let rows = move || {
        let r = shown.get();
        club.with(|c| {
            ranked.with(|ids| {
                ids.get(r.clone())
                    .unwrap_or_default()
                    .iter()
                    .zip(r.start..)
                    .filter_map(|(&id, i)| Some((i, c.member(id)?.clone())))
                    .collect::<Vec<_>>()
            })
        })
    };

    let export = move |_| {
        let _ = files::download(
            "rating-list.csv",
            "text/csv;charset=utf-8",
            &club.with_untracked(Club::rating_csv),
        );
    };
    view! {
        <section class="t-section">
            <h2>{tr(words::RATING_LIST)}</h2>
            <div class="t-draw no-print">
                <button data-testid="rating-csv" on:click=export>{tr(words::EXPORT_CSV)}</button>
                <button data-testid="print" on:click=move |_| { let _ = window().print(); }>{tr(words::PRINT)}</button>
            </div>
            <div class="c-rows" on:scroll=rows_box.on_scroll()>
            <table class="t-table" data-testid="rating-list">
                <thead><tr>
                    <th>{tr(words::RANK)}</th><th>{tr(words::NAME)}</th><th>{tr(words::RATING)}</th><th>{tr(words::GAMES)}</th><th>{tr(words::HISTORY)}</th><th>{tr(words::CHANGES)}</th>
                </tr></thead>
                <tbody>
                    {move || RowsBox::spacer(shown.get().start, 6)}
                    {move || {
                        let l = lang.get();
                        rows().into_iter().map(|(i, m)| rated_row(i, m, l)).collect_view()
                    }}
                    {move || RowsBox::spacer(ranked.with(Vec::len).saturating_sub(shown.get().end), 6)}
                </tbody>
            </table>
            </div>
        </section>
    }
}

/// A rated member's line: place, rating, games, the rating's path and each change traced.
fn rated_row(i: usize, m: Member, l: Lang) -> impl IntoView {
    view! {
        <tr data-rated=m.id.to_string()>
            <td>{i + 1}</td><td class="t-name">{m.name.clone()}</td><td data-testid="rating">{m.standing.rating.map(|r| r.to_string())}</td>
            <td>{m.standing.games}</td><td>{sparkline(&m.rating_path())}</td>
            <td class="t-name">
                {(!m.history.is_empty()).then(|| view! {
                    <details data-testid="history">
                        <summary>{words::Said::Changes(m.history.len()).say(l)}</summary>
                        <ul>
                            {m.history.iter().map(|h| {
                                let before = h.before.map_or_else(|| words::FIRST.get(l).to_string(), |b| b.to_string());
                                let games = h.games_text();
                                view! {
                                    <li>{format!("{} {} : {before} → {} (K {}) — {games}", h.event, h.date, h.after.map_or("-".into(), |a| a.to_string()), h.k)}</li>
                                }
                            }).collect_view()}
                        </ul>
                    </details>
                })}
            </td>
        </tr>
    }
}

/// Events saved by the other pages: rate one, or print its certificates.
#[component]
fn RateEvents(club: RwSignal<Club>, note: RwSignal<Option<Note>>) -> impl IntoView {
    let lang = use_lang();
    let events = RwSignal::new(saved_events());
    let places = RwSignal::new("3".to_string());
    let address = RwSignal::new(String::new());
    let publish = move |i: usize| {
        if let Some(e) = events.with_untracked(|v| v.get(i).cloned()) {
            export::export(
                e.results_page(lang.get_untracked()),
                &address.get_untracked(),
            );
        }
    };
    let rate = move |i: usize| {
        if let Some(e) = events.with_untracked(|v| v.get(i).cloned()) {
            rate_event(club, note, &e, lang.get_untracked());
        }
    };
    let certificates = move |i: usize| {
        if let Some(e) = events.with_untracked(|v| v.get(i).cloned()) {
            let top = places.get_untracked().trim().parse::<usize>();
            download_certificates(&e, top.unwrap_or(3).clamp(1, 100), lang.get_untracked());
        }
    };
    view! {
        <section class="t-section no-print">
            <h2 id="publish">{tr(words::EVENTS_RESULTS_PAGES_RATINGS)}</h2>
            <div class="t-draw">
                <label>{tr(words::CERTIFICATES_DOWN_TO_PLACE)} " " <input data-testid="cert-places" class="t-small" prop:value=move || places.get() on:input=move |ev| places.set(event_target_value(&ev)) /></label>
                <label>{tr(words::RESULTS_PAGE_ADDRESS)} " " <input data-testid="results-address" prop:value=move || address.get() on:input=move |ev| address.set(event_target_value(&ev)) /></label>
                <button on:click=move |_| events.set(saved_events())>{tr(words::REFRESH)}</button>
            </div>
            <table class="t-table">
                <tbody>
                    {move || events.with(|v| v.iter().enumerate().map(|(i, e)| {
                        let key = e.key();
                        let rated = Signal::derive(move || club.with(|c| c.rated.contains(&key)));
                        let kind = match e {
                            SavedEvent::RoundRobin(..) => tr(words::ROUND_ROBIN),
                            SavedEvent::Swiss(..) => tr(words::SWISS),
                            SavedEvent::Knockout(..) => tr(words::KNOCKOUT),
                            SavedEvent::Timetable(..) => tr(words::TIMETABLE),
                        };
                        let rateable = e.rateable();
                        let placed = e.placed();
                        view! {
                            <tr data-event=e.name(lang.get_untracked())>
                                <td class="t-name">{let e = e.clone(); move || e.name(lang.get())}</td><td>{kind}</td>
                                <td data-testid="event-details">{e.details().line()}</td>
                                <td><button data-testid="export-html" on:click=move |_| publish(i)>{tr(words::EXPORT_RESULTS_PAGE)}</button></td>
                                <td>{rateable.then(|| view! {
                                    <button data-testid="rate-event" prop:disabled=move || rated.get() on:click=move |_| rate(i)>{move || if rated.get() { words::RATED.get(lang.get()) } else { words::RATE.get(lang.get()) }}</button>
                                })}</td>
                                <td>{placed.then(|| view! {
                                    <button data-testid="certificates" on:click=move |_| certificates(i)>{tr(words::CERTIFICATES)}</button>
                                })}</td>
                            </tr>
                        }
                    }).collect_view())}
                </tbody>
            </table>
        </section>
    }
}

/// Rates the games of event `e` for the club's members, once.
fn rate_event(club: RwSignal<Club>, note: RwSignal<Option<Note>>, e: &SavedEvent, l: Lang) {
    let mut c = club.get_untracked();
    let games = match e {
        SavedEvent::RoundRobin(_, t) => round_robin_games(&c, t),
        SavedEvent::Swiss(_, s, _) => swiss_games(&c, s),
        _ => Vec::new(),
    };
    match c.rate_event(&e.key(), &e.name(l), &e.details().date, &games) {
        Ok(n) => {
            club.set(c);
            let name = e.name(l);
            let rated = words::Said::EventRated {
                name: &name,
                games: games.len(),
                rated: n,
            };
            note.set(Some(Note::ok(&rated)));
        }
        Err(err) => note.set(Some(Note::refused(&err))),
    }
}

/// Downloads the certificates of event `e` for places 1 to `top`.
fn download_certificates(e: &SavedEvent, top: usize, l: Lang) {
    let details = e.details();
    let c = Certificates {
        event: e.name(l),
        date: details.date,
        organiser: details.organiser,
        awards: e.places().into_iter().filter(|(p, _)| *p <= top).collect(),
    };
    let stem = files::safe_stem(&e.name(l), "event");
    let _ = files::download(
        &format!("{stem}-certificates.html"),
        "text/html;charset=utf-8",
        &c.to_html(),
    );
}
