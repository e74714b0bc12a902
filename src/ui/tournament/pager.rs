//! Pages of a long list: a 500-entrant event shows its entrants and standings 50 rows at a time,
//! so the page never builds hundreds of thousands of elements.

use super::super::i18n::use_lang;
use super::words;
use crate::lang::Say;
use leptos::prelude::*;
use std::ops::Range;

/// A page of `len` items (page 0 first): the range of indices shown.
pub(super) fn page_range(page: usize, size: usize, len: usize) -> Range<usize> {
    let start = (page * size).min(len);
    start..(start + size).min(len)
}

/// Previous/next buttons over `len` items in pages of `size`, hidden when one page holds all.
#[component]
pub(super) fn Pager(
    testid: &'static str,
    page: RwSignal<usize>,
    size: usize,
    #[prop(into)] len: Signal<usize>,
) -> impl IntoView {
    let lang = use_lang();
    let pages = move || len.get().div_ceil(size).max(1);
    let label = move || {
        let r = page_range(page.get().min(pages() - 1), size, len.get());
        let (a, b, n) = (r.start + 1, r.end, len.get());
        words::Said::ItemsOf { a, b, n }.say(lang.get())
    };
    let at_end = move || page.get() + 1 >= pages();
    view! {
        <Show when=move || { pages() > 1 }>
            <div class="t-pager no-print" data-testid=testid>
                <button data-testid="page-prev" disabled=move || page.get() == 0
                    on:click=move |_| page.update(|p| *p = p.saturating_sub(1))>"‹"</button>
                <span>{label}</span>
                <button data-testid="page-next" disabled=at_end
                    on:click=move |_| page.update(|p| *p += 1)>"›"</button>
            </div>
        </Show>
    }
}
