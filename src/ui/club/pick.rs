//! "Add from members" beside an event's paste box: ticks members, and their names go into the box
//! (the event keeps its own copy of the names).

use super::super::i18n::use_lang;
use super::words;
use crate::events::publish::escape;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

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
pub fn appended(text: &str, lines: &str) -> String {
    let mut out = text.to_string();
    if !out.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
    out.push_str(lines);
    out
}

/// The picks whose name or romanised name holds `filter`, as checkbox rows (one HTML string: an
/// event page pays for one text, not for a view per row).
fn rows_html(picks: &[Pick], filter: &str, chosen: &[usize]) -> String {
    let mut out = String::new();
    for m in shown(picks, filter).take(300) {
        let checked = if chosen.contains(&m.id) {
            " checked"
        } else {
            ""
        };
        let rating = m.rating.map(|r| format!(" ({r})")).unwrap_or_default();
        out.push_str(&format!(
            r#"<label class="c-pick-one"><input type="checkbox" data-testid="member-pick" value="{}"{checked}>{}{rating}</label>"#,
            m.id,
            escape(&m.name)
        ));
    }
    out
}

/// The picks the filter shows: its text in the name or, in any case, in the romanised name.
fn shown<'a>(picks: &'a [Pick], filter: &str) -> impl Iterator<Item = &'a Pick> {
    let f = filter.trim().to_string();
    let lower = f.to_ascii_lowercase();
    picks
        .iter()
        .filter(move |m| m.name.contains(&f) || m.romanised.to_ascii_lowercase().contains(&lower))
}

/// What the picker keeps between events: the members read when it is opened and the ticks in
/// the order made.
#[derive(Default)]
struct PickState {
    picks: Option<Vec<Pick>>,
    chosen: Vec<usize>,
}

/// The lines the ticked members add, in the order ticked; `name, rating` for the rated when
/// `with_rating` (the Swiss and knockout lists' form).
fn chosen_lines(state: &PickState, with_rating: bool) -> String {
    let picks = state.picks.as_deref().unwrap_or_default();
    state
        .chosen
        .iter()
        .filter_map(|id| picks.iter().find(|m| m.id == *id))
        .map(|m| match m.rating {
            Some(r) if with_rating => format!("{}, {r}", m.name),
            _ => m.name.clone(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// What the picker's filter box holds.
fn filter_text(root: &web_sys::Element) -> String {
    root.query_selector("[data-testid=member-filter]")
        .ok()
        .flatten()
        .and_then(|el| el.dyn_into::<web_sys::HtmlInputElement>().ok())
        .map(|el| el.value())
        .unwrap_or_default()
}

/// The picker's parts, handed to its one event handler.
#[derive(Clone, Copy)]
struct Picker {
    state: StoredValue<PickState, LocalStorage>,
    list: Option<RwSignal<String>>,
    on_add: Option<Callback<String>>,
    with_rating: bool,
}

impl Picker {
    /// Draws the rows that match the filter into the picker `root`.
    fn draw(self, root: &web_sys::Element) {
        let filter = filter_text(root);
        let html = self
            .state
            .with_value(|s| rows_html(s.picks.as_deref().unwrap_or_default(), &filter, &s.chosen));
        if let Ok(Some(rows)) = root.query_selector(".c-pick-list") {
            rows.set_inner_html(&html);
        }
    }

    /// Ticks every member the filter shows (by name or romanised name, as the rows do).
    fn pick_all(self, root: &web_sys::Element) {
        let filter = filter_text(root);
        self.state.update_value(|s| {
            s.chosen = shown(s.picks.as_deref().unwrap_or_default(), &filter)
                .map(|m| m.id)
                .collect();
        });
    }

    /// Hands the ticked members' lines to the event's list.
    fn add(self) {
        let lines = self.state.with_value(|s| chosen_lines(s, self.with_rating));
        if lines.is_empty() {
            return;
        }
        if let Some(list) = self.list {
            list.update(|l| *l = appended(l, &lines));
        }
        if let Some(f) = self.on_add {
            f.run(lines);
        }
        self.state.update_value(|s| s.chosen.clear());
    }

    /// One handler for every control (clicks, and typing in the filter): a checkbox's click
    /// comes after its tick changed.
    #[inline(never)]
    fn act(self, ev: &web_sys::Event) {
        let (Some(el), Some(root)) = (
            ev.target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok()),
            ev.current_target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok()),
        ) else {
            return;
        };
        match el.get_attribute("data-testid").as_deref() {
            Some("pick-open") => self.state.update_value(|s| {
                if s.picks.is_none() {
                    s.picks = Some(load_picks());
                }
            }),
            Some("member-filter") if ev.type_() == "input" => {}
            Some("member-pick") => {
                let Ok(id) = event_target_value(ev).parse::<usize>() else {
                    return;
                };
                let on = event_target_checked(ev);
                self.state.update_value(|s| {
                    s.chosen.retain(|&x| x != id);
                    if on {
                        s.chosen.push(id);
                    }
                });
                return;
            }
            Some("pick-all") => self.pick_all(&root),
            Some("add-chosen") => self.add(),
            _ => return,
        }
        self.draw(&root);
    }
}

/// The members to pick from, opened on demand (the list is read from storage when opened, so an
/// event page that never opens it reads nothing). `with_rating` writes `name, rating` lines.
///
/// The controls and rows are one HTML text with one handler: the picker sits on every event page,
/// and a view per control cost the tightest page 6.7 kB.
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
    let picker = Picker {
        state: StoredValue::new_local(PickState::default()),
        list,
        on_add,
        with_rating,
    };
    let lang = use_lang();
    // Drawn again, rows included, in the new language when it changes.
    let shell = move || {
        let l = lang.get();
        let rows = picker
            .state
            .with_value(|s| rows_html(s.picks.as_deref().unwrap_or_default(), "", &s.chosen));
        format!(
            r#"<summary data-testid="pick-open">{}</summary><div class="t-draw"><input data-testid="member-filter" placeholder="…" aria-label="{}"><button type="button" data-testid="pick-all">{}</button><button type="button" data-testid="add-chosen">{}</button></div><div class="c-pick-list">{rows}</div>"#,
            words::ADD_FROM_MEMBERS.get(l),
            words::FILTER_BY_NAME.get(l),
            words::ALL.get(l),
            words::ADD_CHOSEN.get(l),
        )
    };
    view! {
        <details class="c-pick no-print" data-testid="from-members" inner_html=shell
            on:click=move |ev| picker.act(&ev) on:input=move |ev| picker.act(&ev)></details>
    }
}
