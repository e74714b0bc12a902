//! TRF-16 files: export the event, import one (replacing the event shown, after asking when it
//! has results; the replaced one stays restorable).

use super::words;
use super::{use_store, Saved};
use crate::events::trf::{parse_trf, write_trf};
use crate::lang::Say;
use crate::saved::MAX_IMPORT_BYTES;
use crate::ui::files::{download, read_text, safe_stem};
use crate::ui::i18n::{tr, use_lang};
use crate::ui::words::SaidBefore;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Downloads the event as `NAME.trf`.
#[component]
pub(super) fn ExportTrf() -> impl IntoView {
    let store = use_store();
    let export = move |_| {
        let Some((name, text)) = store.saved.with(|s| {
            s.as_ref().map(|s| {
                let mut event = s.event.clone();
                if event.info.name.trim().is_empty() {
                    event.info.name = s.name.clone();
                }
                (s.name.clone(), write_trf(&event))
            })
        }) else {
            return;
        };
        let stem = safe_stem(&name, "swiss");
        if let Err(e) = download(&format!("{stem}.trf"), "text/plain", &text) {
            store.note.set(Some(SaidBefore::plain(e)));
        }
    };
    view! { <button type="button" data-testid="export-trf" on:click=export>{tr(words::EXPORT_TRF)}</button> }
}

/// Reads a TRF file into a new event named after the file.
#[component]
pub(super) fn ImportTrf() -> impl IntoView {
    let store = use_store();
    let lang = use_lang();
    let import = move |ev: leptos::ev::Event| {
        let Some(input) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        else {
            return;
        };
        let name = input
            .files()
            .and_then(|f| f.get(0))
            .map(|f| f.name())
            .unwrap_or_default();
        read_text(&input, MAX_IMPORT_BYTES, move |text| {
            let l = lang.get_untracked();
            match text {
                Err(e) => store.note.set(Some(SaidBefore::of(&e))),
                Ok(text) => match parse_trf(&text) {
                    Ok(event) => {
                        let at_risk = store.saved.with_untracked(|s| {
                            s.as_ref()
                                .filter(|s| s.has_results())
                                .map(|s| s.name.clone())
                        });
                        if let Some(old) = at_risk {
                            let ask = words::Said::ImportReplaces(&old).say(l);
                            if !window().confirm_with_message(&ask).unwrap_or(false) {
                                return;
                            }
                        }
                        store.replace(Some(Saved::new(
                            name.trim_end_matches(".trf").to_string(),
                            event,
                        )));
                        store.note.set(None);
                    }
                    Err(e) => store.note.set(Some(SaidBefore::of(&e))),
                },
            }
        });
    };
    view! {
        <label class="t-file">{tr(words::IMPORT_TRF)} " "
            <input type="file" accept=".trf,.txt" data-testid="import-trf" on:change=import />
        </label>
    }
}
