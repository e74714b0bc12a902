//! The files the page writes (CSV, iCalendar, JSON) and reads (JSON).

use super::solve::stop_solving;
use super::{use_store, Store};
use crate::events::schedule::{to_ics, SaveFile};
use crate::lang::Say;
use crate::ui::files::download;
use leptos::prelude::*;

/// The files the page writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ExportKind {
    Csv,
    Ics,
    Json,
}

fn export(store: Store, kind: ExportKind) {
    let Some(mut file) = store.file() else {
        store.say("还没有赛程", "There is no timetable yet");
        return;
    };
    // The event holds a game scoring's results: the CSV's result column and the JSON need it.
    file.event = store.event.get_untracked();
    let (p, s) = (&file.problem, &file.schedule);
    let done = match kind {
        ExportKind::Csv => download("schedule.csv", "text/csv", &file.to_csv()),
        ExportKind::Ics => match to_ics(p, s, js_sys::Date::now() as u64) {
            Ok(text) => download("schedule.ics", "text/calendar", &text),
            Err(e) => Err(e.say(store.lang.get_untracked())),
        },
        ExportKind::Json => {
            // The export carries the event itself, so it moves to another browser whole.
            download("schedule.json", "application/json", &file.to_json())
        }
    };
    if let Err(e) = done {
        store.message.set(Some(e));
    }
}

/// Reads the chosen JSON file and loads it if it passes every check.
fn import_file(store: Store, input: web_sys::HtmlInputElement) {
    use crate::lang::Lang;
    crate::ui::files::read_text(
        &input,
        crate::saved::MAX_IMPORT_BYTES,
        move |text| match text.map(|t| SaveFile::from_json(&t)) {
            Ok(Ok(file)) => {
                stop_solving(store);
                store.load(file);
                store.save();
                store.say("已导入", "Imported");
            }
            Ok(Err(e)) => store.say(
                &format!("导入失败：{}", e.say(Lang::Zh)),
                &format!("Import failed: {}", e.say(Lang::En)),
            ),
            Err(e) => store.say(
                &format!("导入失败：{}", e.say(Lang::Zh)),
                &format!("Import failed: {}", e.say(Lang::En)),
            ),
        },
    );
}

/// Export buttons, the JSON import, and the ways to the desk's screens (printouts, late changes, hall display).
#[component]
pub(super) fn ExportBar() -> impl IntoView {
    let store = use_store();
    view! {
        <div class="export-bar no-print">
            <button data-testid="export-csv" on:click=move |_| export(store, ExportKind::Csv)>"CSV"</button>
            <button data-testid="export-ics" on:click=move |_| export(store, ExportKind::Ics)>"iCalendar"</button>
            <button data-testid="export-json" on:click=move |_| export(store, ExportKind::Json)>"JSON"</button>
            <label class="import">
                {move || store.t("导入 JSON", "Import JSON")}
                <input
                    type="file"
                    accept=".json,application/json"
                    data-testid="import-json"
                    on:change=move |ev| import_file(store, event_target::<web_sys::HtmlInputElement>(&ev))
                />
            </label>
            <a class="button" href="#/schedule?print" data-testid="print-open">{move || store.t("打印…", "Print…")}</a>
            <a class="button" href="#/schedule?changes" data-testid="changes-open">{move || store.t("临时调整…", "Late changes…")}</a>
            <a class="button" href="#/schedule?hall" data-testid="hall-open">{move || store.t("大厅显示屏", "Hall display")}</a>
        </div>
    }
}
