//! Results as a web page: one self-contained HTML file (no script, no outside request) in the
//! page's language, with a QR code of the address the organiser gives. Made on `#/club`, whose
//! bundle carries the writer and the QR encoder; each event page only links there, so its own
//! first visit stays small.

use super::super::files;
use super::super::i18n::tr;
use super::words;
use crate::events::publish::ResultsPage;
use leptos::prelude::*;

/// The link from an event page to its results page on `#/club`.
#[component]
pub fn PublishLink() -> impl IntoView {
    view! {
        <a class="button no-print" href="#/club?publish" data-testid="publish-link">{tr(words::RESULTS_PAGE_AND_CERTIFICATES)}</a>
    }
}

/// Downloads `page` with a QR code of `address` (none when empty).
pub fn export(mut page: ResultsPage, address: &str) {
    page.address = address.trim().to_string();
    let stem = files::safe_stem(&page.title, "results");
    let _ = files::download(
        &format!("{stem}.html"),
        "text/html;charset=utf-8",
        &page.to_html(),
    );
}
