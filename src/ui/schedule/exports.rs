//! The files the pages write (JSON on the scheduler; CSV and iCalendar on the desk) and read (JSON).

use super::solve::stop_solving;
use super::words;
use super::{use_store, Store};
use crate::events::schedule::{to_ics, SaveFile};
use crate::ui::files::download;
use crate::ui::i18n::tr;
use crate::ui::words::SaidBefore;
use leptos::prelude::*;

/// Downloads `name`, the text `write` makes of the save file with its event (a game scoring's
/// results are in the event: the CSV's result column and the JSON need it). Generic, so each page
/// links only the writers it offers.
fn export(
    store: Store,
    name: &str,
    mime: &str,
    write: impl FnOnce(&SaveFile) -> Result<String, SaidBefore>,
) {
    let Some(mut file) = store.file() else {
        store.say(&words::THERE_IS_NO_TIMETABLE);
        return;
    };
    file.event = store.event.get_untracked();
    if let Err(e) =
        write(&file).and_then(|text| download(name, mime, &text).map_err(SaidBefore::plain))
    {
        store.message.set(Some(e));
    }
}

/// Reads the chosen JSON file and loads it if it passes every check.
fn import_file(store: Store, input: web_sys::HtmlInputElement) {
    crate::ui::files::read_text(
        &input,
        crate::saved::MAX_IMPORT_BYTES,
        move |text| match text.map(|t| SaveFile::from_json(&t)) {
            Ok(Ok(file)) => {
                stop_solving(store);
                store.load(file);
                store.save();
                store.say(&words::IMPORTED);
            }
            Ok(Err(e)) => store.say(&words::Said::ImportFailed(&e)),
            Err(e) => store.say(&words::Said::ImportFailed(&e)),
        },
    );
}

/// The scheduler's files: the JSON export (the whole event, to move it to another browser) and
/// import, and the ways to the desk's screens.
#[component]
pub(super) fn FileBar() -> impl IntoView {
    let store = use_store();
    view! {
        <div class="export-bar no-print">
            <button data-testid="export-json" on:click=move |_| export(store, "schedule.json", "application/json", |f| Ok(f.to_json()))>"JSON"</button>
            <label class="import">
                {tr(words::IMPORT_JSON)}
                <input
                    type="file"
                    accept=".json,application/json"
                    data-testid="import-json"
                    on:change=move |ev| import_file(store, event_target::<web_sys::HtmlInputElement>(&ev))
                />
            </label>
            // Results are entered below the timetable: one click there instead of a long scroll.
            {move || store.schedule.with(Option::is_some).then(|| view! {
                <button type="button" data-testid="results-jump" on:click=move |_| {
                    let target = web_sys::window()
                        .and_then(|w| w.document())
                        .and_then(|d| d.query_selector("[data-testid=results]").ok().flatten());
                    if let Some(el) = target {
                        el.scroll_into_view();
                    }
                }>{tr(words::ENTER_RESULTS)}</button>
            })}
            <a class="button" href="#/schedule?print" data-testid="print-open">{tr(words::PRINT_AND_EXPORT_MENU)}</a>
            <a class="button" href="#/schedule?changes" data-testid="changes-open">{tr(words::LATE_CHANGES_MENU)}</a>
            <a class="button" href="#/schedule?hall" data-testid="hall-open">{tr(words::HALL_DISPLAY)}</a>
        </div>
    }
}

/// The desk's exports: the timetable as CSV (a result column last) and as iCalendar events.
#[component]
pub(super) fn ExportBar() -> impl IntoView {
    let store = use_store();
    view! {
        <span>{tr(words::EXPORT)}</span>
        <button data-testid="export-csv" on:click=move |_| export(store, "schedule.csv", "text/csv", |f| Ok(f.to_csv()))>"CSV"</button>
        <crate::ui::club::PublishLink />
        <button data-testid="export-ics" on:click=move |_| {
            let now = js_sys::Date::now() as u64;
            export(store, "schedule.ics", "text/calendar", |f| {
                to_ics(&f.problem, &f.schedule, now).map_err(|e| SaidBefore::of(&e))
            })
        }>"iCalendar"</button>
    }
}
