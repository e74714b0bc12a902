//! The teacher's sets on `#/train`: positions picked from the trainer into a named set,
//! reordered and commented; handed out as a file or as a link with its QR code (the set travels
//! in the link, no server); a set opened from its link or file; and the class view, one position
//! at a time with "show the move" and "show the line" (the class's answers are kept nowhere).

use super::words::{self, Said};
use super::{use_train, Train};
use crate::lang::Say;
use crate::train::set::{PuzzleSet, SetError, MAX_FILE_BYTES, SET_PARAM};
use crate::train::shelf::{self, Class, Shelf};
use crate::ui::board::{Board, Looks};
use crate::ui::i18n::{tr, use_lang};
use leptos::prelude::*;

/// Where the teacher's sets are kept.
pub(super) const SHELF_KEY: &str = "xq.train.sets";

/// What the sets panel last has to say.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum SetNote {
    /// A position was added to the named set.
    Added(String),
    /// A set file or link could not be read, or a set not made.
    Refused(SetError),
}

/// The saved shelf, or an empty one (a damaged value is set aside and said by the storage).
pub(super) fn load_shelf() -> Shelf {
    super::super::storage::load_with(SHELF_KEY, Shelf::from_json).unwrap_or_default()
}

fn save(train: Train) {
    let json = train.shelf.with_untracked(Shelf::to_json);
    let _ = super::super::storage::set(SHELF_KEY, &json);
}

/// Adds the open puzzle to the chosen set (a new set when there is none).
pub(super) fn add_open_puzzle(train: Train) {
    let Some(item) = train
        .solving
        .with_untracked(|s| s.as_ref().map(|s| shelf::item_of(s.puzzle())))
    else {
        return;
    };
    let lang = train.lang.get_untracked();
    if train.shelf.with_untracked(|s| s.sets.is_empty()) {
        new_set(train, words::MY_SET.get(lang).to_string());
    }
    let at = train.chosen.get_untracked();
    let done = train
        .shelf
        .try_update(|s| s.add(at, item))
        .unwrap_or(Ok(()));
    let name = train
        .shelf
        .with_untracked(|s| s.sets.get(at).map(|s| s.name.clone()))
        .unwrap_or_default();
    train.set_note.set(Some(match done {
        Ok(()) => SetNote::Added(name),
        Err(e) => SetNote::Refused(e),
    }));
    save(train);
}

/// Keeps a position and its answer line (ICCS, spaces between) in the first of the teacher's
/// sets, a new one when there is none: `#/play`'s review makes a marked mistake a puzzle so.
/// Whether it was kept (a damaged shelf, a full set or a bad line keep nothing).
pub(crate) fn keep_position(fen: &str, line: &str, lang: crate::lang::Lang) -> bool {
    let moves: Option<Vec<_>> = line
        .split_whitespace()
        .map(crate::xiangqi::Move::from_iccs)
        .collect();
    let Some(moves) = moves else { return false };
    let mut shelf = load_shelf();
    if shelf.sets.is_empty() {
        let name = words::MY_SET.get(lang).to_string();
        shelf.sets.push(PuzzleSet {
            name,
            items: Vec::new(),
        });
    }
    let item = crate::train::set::SetItem {
        fen: fen.to_string(),
        moves,
        comment: String::new(),
    };
    let kept = shelf.add(0, item).is_ok() && shelf.sets[0].check().is_ok();
    kept && super::super::storage::set(SHELF_KEY, &shelf.to_json()).is_ok()
}

fn new_set(train: Train, name: String) {
    train.shelf.update(|s| {
        s.sets.push(PuzzleSet {
            name,
            items: Vec::new(),
        })
    });
    train
        .chosen
        .set(train.shelf.with_untracked(|s| s.sets.len() - 1));
    save(train);
}

/// Opens a set from the page's `?set=` link in the class view; a bad link is said.
pub(super) fn open_link(train: Train, query: &str) {
    let Some(payload) = crate::query::param(query, SET_PARAM) else {
        return;
    };
    match PuzzleSet::from_link(&payload) {
        Ok(set) => {
            train.linked.set(Some(set.clone()));
            train.class.set(Some(Class::new(set)));
        }
        Err(e) => train.set_note.set(Some(SetNote::Refused(e))),
    }
}

/// The note of the sets panel.
#[component]
pub(super) fn SetNoteLine(id: &'static str) -> impl IntoView {
    let train = use_train();
    let lang = use_lang();
    let text = move || {
        let l = lang.get();
        train.set_note.get().map(|n| match n {
            SetNote::Added(name) => Said::AddedTo(name).say(l),
            SetNote::Refused(e) => e.say(l),
        })
    };
    let kind = move || match train.set_note.get() {
        Some(SetNote::Refused(_)) => "bad",
        _ => "good",
    };
    view! {
        <p class="train-status" data-testid=id data-kind=kind role="status" aria-live="polite">{text}</p>
    }
}

/// The teacher's sets: choose or make one, its positions, export, open a file.
#[component]
pub(super) fn SetsPanel() -> impl IntoView {
    let train = use_train();
    let name = RwSignal::new(String::new());
    let make = move |_| {
        let n = name.get_untracked().trim().to_string();
        let l = train.lang.get_untracked();
        new_set(
            train,
            if n.is_empty() {
                words::MY_SET.get(l).to_string()
            } else {
                n
            },
        );
        name.set(String::new());
    };
    let options = move || {
        train.shelf.with(|s| {
            s.sets
                .iter()
                .enumerate()
                .map(|(i, s)| view! { <option value=i.to_string() selected=move || train.chosen.get() == i>{s.name.clone()}</option> })
                .collect_view()
        })
    };
    view! {
        <div class="train-sets" data-testid="train-sets">
            <SetNoteLine id="sets-note" />
            <div class="set-row">
                <label>{tr(words::SET)}" "
                    <select data-testid="set-choose" on:change=move |ev| train.chosen.set(event_target_value(&ev).parse().unwrap_or(0))>{options}</select>
                </label>
                <input data-testid="set-name" placeholder=tr(words::NEW_SET_NAME) prop:value=name on:input=move |ev| name.set(event_target_value(&ev)) />
                <button type="button" data-testid="set-new" on:click=make>{tr(words::NEW_SET)}</button>
                <OpenFile />
            </div>
            <SetItems />
            <SetExport />
        </div>
    }
}

/// Selects the whole link when its box is focused, ready to copy.
fn select_all(ev: leptos::ev::FocusEvent) {
    event_target::<web_sys::HtmlInputElement>(&ev).select();
}

/// A change to the chosen set (its index given) on the shelf.
type Edit = Box<dyn FnOnce(&mut Shelf, usize)>;

/// The chosen set's positions: comment, up, down, remove.
#[component]
fn SetItems() -> impl IntoView {
    let train = use_train();
    let rows = move || {
        let at = train.chosen.get();
        train
            .shelf
            .with(|s| s.sets.get(at).map(|s| s.items.clone()).unwrap_or_default())
    };
    let edit = move |f: Edit| {
        let at = train.chosen.get_untracked();
        train.shelf.update(|s| f(s, at));
        save(train);
    };
    view! {
        <ol class="set-items" data-testid="set-items">
            {move || rows().into_iter().enumerate().map(|(i, item)| view! {
                <li data-testid="set-item" data-fen=item.fen.clone()>
                    <input class="set-comment" data-testid="set-comment" placeholder=tr(words::COMMENT) prop:value=item.comment.clone()
                        on:change=move |ev| { let c = event_target_value(&ev); edit(Box::new(move |s, at| { if let Some(it) = s.sets.get_mut(at).and_then(|s| s.items.get_mut(i)) { it.comment = c; } })); } />
                    <button type="button" data-testid="set-up" title=tr(words::MOVE_UP) on:click=move |_| edit(Box::new(move |s, at| s.shift(at, i, true)))>"↑"</button>
                    <button type="button" data-testid="set-down" title=tr(words::MOVE_DOWN) on:click=move |_| edit(Box::new(move |s, at| s.shift(at, i, false)))>"↓"</button>
                    <button type="button" data-testid="set-remove" title=tr(words::REMOVE) on:click=move |_| edit(Box::new(move |s, at| { if let Some(s) = s.sets.get_mut(at) { if i < s.items.len() { s.items.remove(i); } } }))>"✕"</button>
                </li>
            }).collect_view()}
        </ol>
    }
}

/// The chosen set as a file, as a link with its QR code, and in the class view.
#[component]
fn SetExport() -> impl IntoView {
    let train = use_train();
    let link = RwSignal::new(None::<(String, String)>);
    let chosen = move || {
        train
            .shelf
            .with(|s| s.sets.get(train.chosen.get()).cloned())
    };
    let file = move |_| {
        if let Some(set) = chosen() {
            match set.to_file() {
                Ok(text) => {
                    let name = format!("{}.json", super::super::files::safe_stem(&set.name, "set"));
                    let _ = super::super::files::download(&name, "application/json", &text);
                }
                Err(e) => train.set_note.set(Some(SetNote::Refused(e))),
            }
        }
    };
    let make_link = move |_| {
        let Some(set) = chosen() else { return };
        match set.to_link() {
            Ok(payload) => {
                let here = window().location().href().unwrap_or_default();
                let url = format!(
                    "{}#/train?{SET_PARAM}={payload}",
                    here.split('#').next().unwrap_or("")
                );
                let qr = crate::events::publish::qr_svg(&url).unwrap_or_default();
                link.set(Some((url, qr)));
            }
            Err(e) => train.set_note.set(Some(SetNote::Refused(e))),
        }
    };
    let present = move |_| {
        if let Some(set) = chosen().filter(|s| !s.items.is_empty()) {
            train.class.set(Some(Class::new(set)));
        }
    };
    view! {
        <div class="set-row">
            <button type="button" data-testid="set-export-file" on:click=file>{tr(words::SAVE_AS_FILE)}</button>
            <button type="button" data-testid="set-make-link" on:click=make_link>{tr(words::LINK_AND_QR)}</button>
            <button type="button" class="primary" data-testid="set-present" on:click=present>{tr(words::PRESENT)}</button>
        </div>
        {move || link.get().map(|(url, qr)| view! {
            <div class="set-link">
                <input readonly data-testid="set-link" prop:value=url.clone() on:focus=select_all />
                <div class="set-qr" data-testid="set-qr" inner_html=qr></div>
            </div>
        })}
    }
}

/// Opens a set file: kept on the shelf when it reads, its error said when not.
#[component]
fn OpenFile() -> impl IntoView {
    let train = use_train();
    let on_change = move |ev: leptos::ev::Event| {
        let input = event_target::<web_sys::HtmlInputElement>(&ev);
        super::super::files::read_text(&input, MAX_FILE_BYTES, move |r| {
            let read = r.map_err(|_| {
                SetError::Corrupt(crate::train::set::Corruption::NotJson(String::new()))
            });
            match read.and_then(|t| PuzzleSet::from_file(&t)) {
                Ok(set) => {
                    train.shelf.update(|s| s.sets.push(set));
                    train
                        .chosen
                        .set(train.shelf.with_untracked(|s| s.sets.len() - 1));
                    save(train);
                    train.set_note.set(None);
                }
                Err(e) => train.set_note.set(Some(SetNote::Refused(e))),
            }
        });
    };
    view! {
        <label class="file-button">{tr(words::OPEN_SET_FILE)}
            <input type="file" accept=".json,application/json" data-testid="set-open-file" on:change=on_change />
        </label>
    }
}

/// The class view: one position at a time, large, with its comment and the two steps.
#[component]
pub(super) fn ClassView() -> impl IntoView {
    let train = use_train();
    let lang = use_lang();
    let class = train.class;
    let with = move |f: fn(&mut Class) -> bool| {
        class.update(|c| {
            if let Some(c) = c.as_mut() {
                f(c);
            }
        })
    };
    let pos = Memo::new(move |_| class.with(|c| c.as_ref().and_then(Class::position)));
    // Nothing is picked up on the class view's board: it only shows.
    let super::board::Shown { setup, last, .. } = super::board::shown(
        pos,
        RwSignal::new(None),
        Box::new(move || class.with(|c| c.as_ref().and_then(Class::last_move))),
    );
    let looks = Memo::new(move |_| Looks {
        flipped: false,
        animate: true,
        far_upside_down: false,
    });
    let counter = move || {
        class.with(|c| {
            c.as_ref()
                .map(|c| Said::Position(c.at + 1, c.set.items.len()).say(lang.get()))
        })
    };
    let comment = move || {
        class.with(|c| {
            c.as_ref()
                .and_then(|c| c.set.items.get(c.at))
                .map(|i| i.comment.clone())
        })
    };
    let name = move || class.with(|c| c.as_ref().map(|c| c.set.name.clone()));
    let turn = move || {
        class.with(|c| {
            c.as_ref()
                .and_then(Class::solver)
                .map(|side| Said::FindTheMove(side).say(lang.get()))
        })
    };
    view! {
        <div class="train-class" data-testid="class-view">
            <div class="class-head">
                <strong translate="no">{name}</strong>
                <span data-testid="class-counter">{counter}</span>
                <span data-testid="class-turn">{turn}</span>
                <KeepLinked />
                <button type="button" data-testid="class-close" on:click=move |_| class.set(None)>{tr(words::CLOSE)}</button>
            </div>
            <div class="class-body">
                <div class="board-wrap"><Board setup=setup looks=looks last_move=last /></div>
                <div class="class-side">
                    <p class="class-comment" data-testid="class-comment">{comment}</p>
                    <button type="button" data-testid="class-prev" on:click=move |_| with(Class::previous_position)>{tr(words::PREVIOUS)}</button>
                    <button type="button" data-testid="class-show-move" on:click=move |_| with(|c| { c.show_move(); true })>{tr(words::SHOW_THE_MOVE)}</button>
                    <button type="button" data-testid="class-show-line" on:click=move |_| with(|c| { c.show_line(); true })>{tr(words::SHOW_THE_LINE)}</button>
                    <button type="button" class="primary" data-testid="class-next" on:click=move |_| with(Class::next_position)>{tr(words::NEXT_POSITION)}</button>
                </div>
            </div>
        </div>
    }
}

/// For a set opened from a link: keep it on this device's shelf.
#[component]
fn KeepLinked() -> impl IntoView {
    let train = use_train();
    let keep = move |_| {
        if let Some(set) = train.linked.get_untracked() {
            train.shelf.update(|s| s.sets.push(set));
            train
                .chosen
                .set(train.shelf.with_untracked(|s| s.sets.len() - 1));
            train.linked.set(None);
            save(train);
        }
    };
    view! {
        <Show when=move || train.linked.with(Option::is_some)>
            <button type="button" data-testid="class-keep" on:click=keep>{tr(words::KEEP_THIS_SET)}</button>
        </Show>
    }
}
