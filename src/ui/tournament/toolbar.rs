//! The toolbar: choose, create, import, export, print and delete events.

use super::super::files::{download, read_text, safe_stem};
use super::super::i18n::tr;
use super::store::{use_store, PrintPart, Store};
use super::words;
use crate::events::round_robin::Tournament;
use crate::ui::words::SaidBefore;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

#[component]
pub(super) fn Toolbar() -> impl IntoView {
    let store = use_store();
    let lang = store.lang;
    let none = move || store.current.with(Option::is_none);
    let import = move |ev| import_file(store, ev);
    // Downloads a file made from the open event.
    let export =
        move |suffix: &'static str, mime: &'static str, body: fn(&Tournament) -> String| {
            let Some((stem, text)) = store.current.with_untracked(|t| {
                t.as_ref()
                    .map(|t| (safe_stem(t.name(), "tournament"), body(t)))
            }) else {
                return;
            };
            if let Err(e) = download(&format!("{stem}{suffix}"), mime, &text) {
                store.error(SaidBefore::plain(e));
            }
        };
    let delete = move |_| {
        let ok = window()
            .confirm_with_message(words::DELETE_THIS_EVENT.get(lang.get_untracked()))
            .unwrap_or(false);
        if ok {
            store.delete_current();
        }
    };
    view! {
        <div class="t-toolbar no-print">
            <label>
                {tr(words::EVENT)} " "
                <select data-testid="event-select" on:change=move |ev| store.open(event_target_value(&ev))>
                    <For each=move || store.events.get() key=|e| e.clone() let((id, name))>
                        <option value=id.clone() prop:selected=move || store.current_id.with(|c| c.as_deref() == Some(id.as_str()))>{name}</option>
                    </For>
                </select>
            </label>
            <button data-testid="new-event" on:click=move |_| store.creating.set(true)>{tr(words::NEW_EVENT)}</button>
            <label class="t-file">
                {tr(words::IMPORT_JSON)} " "
                <input type="file" accept=".json,application/json" data-testid="import-json" on:change=import />
            </label>
            <button data-testid="export-json" disabled=none
                on:click=move |_| export(".json", "application/json", Tournament::to_json)>{tr(words::EXPORT_JSON)}</button>
            // A byte-order mark so spreadsheet programs read the Chinese names.
            <button data-testid="export-csv" disabled=none
                on:click=move |_| export("-standings.csv", "text/csv", |t| format!("\u{feff}{}", t.standings_csv()))>{tr(words::STANDINGS_CSV)}</button>
            <label>
                {tr(words::PRINT_WHAT)} " "
                <select data-testid="print-part" on:change=move |ev| store.print.set(PrintPart::from_key(&event_target_value(&ev)))>
                    {PrintPart::ALL.into_iter().map(|p| view! {
                        <option value=p.key() prop:selected=move || store.print.get() == p>{move || p.label(lang.get())}</option>
                    }).collect_view()}
                </select>
            </label>
            <button data-testid="print" on:click=move |_| { let _ = window().print(); }>{tr(words::PRINT)}</button>
            <button data-testid="delete-event" disabled=none on:click=delete>{tr(words::DELETE_EVENT)}</button>
            <super::super::club::PublishLink />
        </div>
    }
}

/// Reads an event from the chosen JSON file and adds it, saying what happened.
fn import_file(store: Store, ev: leptos::ev::Event) {
    let Some(input) = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
    else {
        return;
    };
    read_text(&input, crate::saved::MAX_IMPORT_BYTES, move |text| {
        let text = match text {
            Ok(t) => t,
            Err(e) => return store.refused(&e),
        };
        match Tournament::from_json(&text) {
            Ok(t) => {
                let name = t.name().to_string();
                store.add_event(t);
                store.info(&words::Said::Imported(&name));
            }
            Err(e) => store.refused(&words::Said::ImportFailed(&e)),
        }
    });
}
