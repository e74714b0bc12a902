//! A member chosen by typing part of a name: a combobox that lists only the first few members
//! who match, so that a club of 2,000 draws no list until someone types or opens it.

use super::super::i18n::{tr, use_lang};
use super::words;
use crate::events::club::Club;
use crate::lang::Say;
use leptos::prelude::*;

/// How many matching members the list shows at once.
const SHOWN: usize = 8;

/// The members whose name or romanised name holds `query` (any case; all when blank), the first
/// [`SHOWN`] in list order as (id, name), and how many match in all.
fn matching(club: &Club, query: &str) -> (Vec<(u32, String)>, usize) {
    let q = query.trim().to_lowercase();
    let mut found = Vec::new();
    let mut total = 0;
    for m in &club.members {
        if q.is_empty()
            || m.name.to_lowercase().contains(&q)
            || m.romanised.to_lowercase().contains(&q)
        {
            total += 1;
            if found.len() < SHOWN {
                found.push((m.id, m.name.clone()));
            }
        }
    }
    (found, total)
}

/// The picker for one side: `chosen` holds the member's id as text (empty: none); `changed` is
/// called after each change of it. Its wrapper carries `testid` and the id chosen as
/// `data-member`; it sits inside the side's `<label>`, which names its box.
pub(super) fn member_pick(
    club: RwSignal<Club>,
    chosen: RwSignal<String>,
    testid: &'static str,
    changed: impl Fn() + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let text = RwSignal::new(String::new());
    let open = RwSignal::new(false);
    let active = RwSignal::new(0usize);
    let list_id = format!("{testid}-options");
    // A member chosen elsewhere (a PGN's tags) shows by name.
    Effect::new(move || {
        let id = chosen.get();
        if id.is_empty() {
            return;
        }
        let name = club.with(|c| {
            id.parse()
                .ok()
                .and_then(|id| c.member(id))
                .map(|m| m.name.clone())
        });
        if let Some(name) = name {
            text.set(name);
        }
    });
    let found = Memo::new(move |_| {
        if open.get() {
            club.with(|c| matching(c, &text.get()))
        } else {
            (Vec::new(), 0)
        }
    });
    let pick = move |id: u32, name: String| {
        chosen.set(id.to_string());
        text.set(name);
        open.set(false);
        changed();
    };
    let typed = move |v: String| {
        // A name typed whole chooses its member; anything else chooses none until picked.
        let exact = club.with_untracked(|c| c.by_name(v.trim()).map(|m| m.id.to_string()));
        text.set(v);
        open.set(true);
        active.set(0);
        chosen.set(exact.unwrap_or_default());
        changed();
    };
    let keys = move |ev: leptos::ev::KeyboardEvent| key_pressed(&ev, found, open, active, pick);
    let list = list_id.clone();
    let option_id = move |i: usize| format!("{testid}-option-{i}");
    view! {
        <span class="member-pick" data-testid=testid data-member=move || chosen.get()>
            <input type="text" role="combobox" autocomplete="off" aria-autocomplete="list"
                aria-controls=list_id.clone()
                aria-expanded=move || open.get().to_string()
                aria-activedescendant=move || (open.get() && found.with(|(f, _)| !f.is_empty())).then(|| option_id(active.get()))
                placeholder=tr(words::TYPE_A_NAME)
                prop:value=move || text.get()
                on:input=move |ev| typed(event_target_value(&ev))
                on:focus=move |_| { open.set(true); active.set(0); }
                on:click=move |_| open.set(true)
                on:blur=move |_| open.set(false)
                on:keydown=keys />
            <Show when=move || open.get()>
                {drop_list(found, active, list.clone(), testid, pick)}
            </Show>
        </span>
    }
}

/// The arrows move through the list (down opens it), Enter picks, Escape closes.
fn key_pressed(
    ev: &leptos::ev::KeyboardEvent,
    found: Memo<(Vec<(u32, String)>, usize)>,
    open: RwSignal<bool>,
    active: RwSignal<usize>,
    pick: impl Fn(u32, String),
) {
    let n = found.with_untracked(|(f, _)| f.len());
    match ev.key().as_str() {
        "ArrowDown" => {
            ev.prevent_default();
            if open.get_untracked() {
                active.update(|a| *a = (*a + 1).min(n.saturating_sub(1)));
            } else {
                open.set(true);
                active.set(0);
            }
        }
        "ArrowUp" => {
            ev.prevent_default();
            active.update(|a| *a = a.saturating_sub(1));
        }
        "Enter" if open.get_untracked() && n > 0 => {
            ev.prevent_default();
            let at = active.get_untracked().min(n - 1);
            if let Some((id, name)) = found.with_untracked(|(f, _)| f.get(at).cloned()) {
                pick(id, name);
            }
        }
        "Escape" if open.get_untracked() => {
            ev.prevent_default();
            ev.stop_propagation();
            open.set(false);
        }
        _ => {}
    }
}

/// The open list: the first matches, and how many more match.
fn drop_list(
    found: Memo<(Vec<(u32, String)>, usize)>,
    active: RwSignal<usize>,
    list_id: String,
    testid: &'static str,
    pick: impl Fn(u32, String) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let lang = use_lang();
    let option_id = move |i: usize| format!("{testid}-option-{i}");
    view! {
        <div class="member-drop">
        <ul class="member-options" role="listbox" id=list_id aria-label=tr(words::MEMBERS)>
            {move || found.get().0.into_iter().enumerate().map(|(i, (id, name))| {
                let shown = name.clone();
                view! {
                    <li role="option" id=option_id(i) data-member=id
                        aria-selected=move || (active.get() == i).to_string()
                        // Before the box's blur: the pick is made, the list closes.
                        on:mousedown=move |ev| { ev.prevent_default(); pick(id, name.clone()); }>{shown}</li>
                }
            }).collect_view()}
        </ul>
        {move || {
            let (n, total) = found.with(|(f, t)| (f.len(), *t));
            (total > n || n == 0).then(|| view! {
                <p class="member-more" data-testid="member-pick-more">{move || words::MoreMembers(total - n).say(lang.get())}</p>
            })
        }}
        </div>
    }
}
