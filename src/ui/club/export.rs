//! "Results as a web page" on each event page: one self-contained HTML file (no script, no outside
//! request) in the page's language, with a QR code of the address the organiser gives.

use super::super::files;
use super::super::i18n::{tr, use_lang};
use crate::events::publish::ResultsPage;
use crate::lang::Lang;
use leptos::prelude::*;

/// The export button and the address field. `page` builds the results in a language (`None`
/// while there is no event).
#[component]
pub fn ExportResults(page: Callback<Lang, Option<ResultsPage>>) -> impl IntoView {
    let lang = use_lang();
    let address = RwSignal::new(String::new());
    let export = move |_| {
        let Some(mut p) = page.run(lang.get_untracked()) else {
            return;
        };
        p.address = address.get_untracked().trim().to_string();
        let stem = files::safe_stem(&p.title, "results");
        let _ = files::download(
            &format!("{stem}.html"),
            "text/html;charset=utf-8",
            &p.to_html(),
        );
    };
    view! {
        <span class="c-export no-print">
            <label>{tr("网页地址（印二维码）", "Page address (for the QR code)")} " "
                <input data-testid="results-address" prop:value=move || address.get() on:input=move |ev| address.set(event_target_value(&ev)) />
            </label>
            <button data-testid="export-html" on:click=export>{tr("导出成绩网页", "Export results page")}</button>
        </span>
    }
}
