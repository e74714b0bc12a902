//! The event's date and organiser, typed where the event is (`#/tournament`, `#/swiss`) and saved
//! with it: the club page's certificates and results page read them from there.

use super::super::i18n::tr;
use super::words;
use crate::events::{Details, MAX_DETAIL_CHARS};
use leptos::prelude::*;

/// Two fields, each saved on change (`on_change` gets both, cleaned by [`Details::new`]).
#[component]
pub fn DetailsForm(details: Signal<Details>, on_change: Callback<Details>) -> impl IntoView {
    let date = move || details.with(|d| d.date.clone());
    let organiser = move || details.with(|d| d.organiser.clone());
    let set_date = move |ev| {
        let d = details.get_untracked();
        on_change.run(Details::new(&event_target_value(&ev), &d.organiser));
    };
    let set_organiser = move |ev| {
        let d = details.get_untracked();
        on_change.run(Details::new(&d.date, &event_target_value(&ev)));
    };
    view! {
        <p class="t-draw no-print" data-testid="event-details-form">
            <label>{tr(words::DATE)} " "
                <input data-testid="event-date" maxlength=MAX_DETAIL_CHARS placeholder="2026-12-01" prop:value=date on:change=set_date />
            </label>
            <label>{tr(words::ORGANISER)} " "
                <input data-testid="organiser" maxlength=MAX_DETAIL_CHARS prop:value=organiser on:change=set_organiser />
            </label>
        </p>
    }
}
