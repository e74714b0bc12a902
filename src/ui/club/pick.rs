//! "Add from members" beside an event's paste box: ticks members, and their names go into the box
//! (the event keeps its own copy of the names).

use super::super::i18n::tr;
use leptos::prelude::*;

/// A member as the picker needs it, read from the plain-text list the club page keeps beside the
/// members list ([`crate::events::club::Club::pick_lines`]): an event page's bundle carries no
/// reader of the whole list.
#[derive(Clone, Debug, PartialEq)]
struct Pick {
    id: usize,
    name: String,
    romanised: String,
    rating: Option<i32>,
}

fn load_picks() -> Vec<Pick> {
    let text = super::super::storage::get(super::PICKS_KEY).unwrap_or_default();
    text.lines()
        .enumerate()
        .filter_map(|(id, line)| {
            let mut cells = line.split('\t');
            let name = cells.next().filter(|n| !n.is_empty())?.to_string();
            let rating = cells.next().and_then(|r| r.parse().ok());
            let romanised = cells.next().unwrap_or("").to_string();
            Some(Pick {
                id,
                name,
                romanised,
                rating,
            })
        })
        .collect()
}

/// `text` with `lines` added on lines of their own.
fn appended(text: &str, lines: &str) -> String {
    let mut out = text.to_string();
    if !out.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
    out.push_str(lines);
    out
}

/// The members to pick from, opened on demand (the list is read from storage when opened, so an
/// event page that never opens it reads nothing). `with_rating` writes `name, rating` lines.
#[component]
pub fn FromMembers(
    /// The paste box's text, when it is a signal of its own.
    #[prop(optional)]
    list: Option<RwSignal<String>>,
    /// Otherwise, what takes the chosen lines.
    #[prop(optional)]
    on_add: Option<Callback<String>>,
    #[prop(optional)] with_rating: bool,
) -> impl IntoView {
    let club: RwSignal<Option<Vec<Pick>>> = RwSignal::new(None);
    let chosen: RwSignal<Vec<usize>> = RwSignal::new(Vec::new());
    let filter = RwSignal::new(String::new());
    let open = move |_| {
        if club.with_untracked(Option::is_none) {
            club.set(Some(load_picks()));
        }
    };
    let add = move |_| {
        let ids = chosen.get_untracked();
        // In the order ticked; the Swiss list's form `name, rating` for the rated.
        let lines = club.with_untracked(|c| {
            let c = c.as_deref().unwrap_or_default();
            ids.iter()
                .filter_map(|id| c.iter().find(|m| m.id == *id))
                .map(|m| match m.rating {
                    Some(r) if with_rating => format!("{}, {r}", m.name),
                    _ => m.name.clone(),
                })
                .collect::<Vec<_>>()
                .join("\n")
        });
        if lines.is_empty() {
            return;
        }
        if let Some(list) = list {
            list.update(|l| *l = appended(l, &lines));
        }
        if let Some(f) = on_add {
            f.run(lines);
        }
        chosen.set(Vec::new());
    };
    view! {
        <details class="c-pick no-print" data-testid="from-members">
            <summary on:click=open>{tr("从会员名单添加", "Add from members")}</summary>
            <div class="t-draw">
                <input data-testid="member-filter" placeholder="…" prop:value=move || filter.get() on:input=move |ev| filter.set(event_target_value(&ev)) />
                <button data-testid="pick-all" on:click=move |_| {
                    let f = filter.get_untracked();
                    chosen.set(club.with_untracked(|c| c.as_ref().map(|c| c.iter().filter(|m| m.name.contains(f.trim())).map(|m| m.id).collect()).unwrap_or_default()));
                }>{tr("全选", "All")}</button>
                <button data-testid="add-chosen" on:click=add>{tr("加入所选", "Add chosen")}</button>
            </div>
            <div class="c-pick-list">
                {move || {
                    let f = filter.get();
                    club.with(|c| c.as_ref().map(|c| c.iter().filter(|m| m.name.contains(f.trim()) || m.romanised.to_ascii_lowercase().contains(&f.trim().to_ascii_lowercase())).take(300).map(|m| {
                        let id = m.id;
                        let label = match m.rating { Some(r) => format!("{} ({r})", m.name), None => m.name.clone() };
                        view! {
                            <label class="c-pick-one"><input type="checkbox" data-testid="member-pick" value=id.to_string()
                                prop:checked=move || chosen.with(|c| c.contains(&id))
                                on:change=move |_| chosen.update(|c| if let Some(i) = c.iter().position(|&x| x == id) { c.remove(i); } else { c.push(id); }) />
                                {label}</label>
                        }
                    }).collect_view()))
                }}
            </div>
        </details>
    }
}
