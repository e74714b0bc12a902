//! The move list, with the tree's variations inline (bracketed, numbered as lichess does: a
//! top-level variation on its own line), comments and marks; and the step controls.

use super::use_play;
use super::words;
use crate::ui::i18n::tr;
use crate::xiangqi::notation::{self, Notation};
use crate::xiangqi::tree::{mark_of, GameTree, NodeId};
use crate::xiangqi::Color;
use leptos::prelude::*;

/// One move of the list: its node, its text in the chosen notation, the marks after it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct MoveItem {
    id: NodeId,
    text: String,
    marks: String,
}

/// What the list shows, in order. Main-line moves sit in the grid's columns; comments and
/// variations take a whole row.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Item {
    /// A move number before a main-line move (`3.` or `3. …`).
    No(String),
    /// A main-line move at ply `ply`; `resume` puts Black's move back in its column after a row.
    Main(MoveItem, usize, bool),
    /// A comment (whole row).
    Comment(String),
    /// The comment before the first move, folded to a few lines when long.
    Intro(String),
    /// The variations played instead of the move before, one line each.
    Vars(Vec<Vec<VarItem>>),
}

/// Inside a variation line.
#[derive(Clone, Debug, PartialEq, Eq)]
enum VarItem {
    No(String),
    Move(MoveItem),
    Open,
    Close,
    Comment(String),
}

fn number(tree: &GameTree, id: NodeId, always: bool) -> Option<String> {
    let before = tree.position(tree.parent(id)?)?;
    let n = before.fullmoves();
    match before.turn() {
        Color::Red => Some(format!("{n}.")),
        Color::Black if always => Some(format!("{n}. …")),
        Color::Black => None,
    }
}

fn move_item(tree: &GameTree, id: NodeId, notation: Notation) -> Option<MoveItem> {
    let node = tree.node(id)?;
    let before = tree.position(tree.parent(id)?)?;
    Some(MoveItem {
        id,
        text: notation::write(before, node.mv()?, notation),
        marks: node.nags.iter().filter_map(|&n| mark_of(n)).collect(),
    })
}

/// The variations played instead of `id` (its siblings after the main one), each a flat line;
/// nested ones in brackets. No recursion: a stack, as the tree may be deep.
fn variations(tree: &GameTree, id: NodeId, notation: Notation) -> Vec<Vec<VarItem>> {
    enum Work {
        Line(NodeId, bool),
        Open,
        Close,
    }
    let sibs = tree.siblings(id);
    if sibs.first() != Some(&id) {
        return Vec::new();
    }
    let mut lines = Vec::new();
    for &head in &sibs[1..] {
        let mut out = Vec::new();
        let mut stack = vec![Work::Line(head, true)];
        while let Some(w) = stack.pop() {
            match w {
                Work::Open => out.push(VarItem::Open),
                Work::Close => out.push(VarItem::Close),
                Work::Line(at, always) => {
                    let Some(node) = tree.node(at) else { continue };
                    if let Some(c) = &node.before {
                        out.push(VarItem::Comment(c.clone()));
                    }
                    if let Some(n) = number(tree, at, always) {
                        out.push(VarItem::No(n));
                    }
                    if let Some(m) = move_item(tree, at, notation) {
                        out.push(VarItem::Move(m));
                    }
                    if let Some(c) = &node.comment {
                        out.push(VarItem::Comment(c.clone()));
                    }
                    let alts: &[NodeId] = if at == head {
                        &[]
                    } else {
                        let s = tree.siblings(at);
                        if s.first() == Some(&at) {
                            &s[1..]
                        } else {
                            &[]
                        }
                    };
                    if let Some(next) = tree.next(at) {
                        stack.push(Work::Line(next, !alts.is_empty() || node.comment.is_some()));
                    }
                    for &alt in alts.iter().rev() {
                        stack.push(Work::Close);
                        stack.push(Work::Line(alt, true));
                        stack.push(Work::Open);
                    }
                }
            }
        }
        lines.push(out);
    }
    lines
}

/// The list's items for `tree`: the main line, with each move's comment and variations after it.
fn items(tree: &GameTree, notation: Notation) -> Vec<Item> {
    let mut out = Vec::new();
    if let Some(c) = tree.node(tree.root()).and_then(|n| n.comment.clone()) {
        out.push(Item::Intro(c));
    }
    let mut resume = true;
    for (i, id) in tree.main_line().into_iter().enumerate() {
        let Some(node) = tree.node(id) else { continue };
        if let Some(n) = number(tree, id, resume) {
            out.push(Item::No(n));
        }
        let black = tree.position(id).is_some_and(|p| p.turn() == Color::Red);
        if let Some(m) = move_item(tree, id, notation) {
            out.push(Item::Main(m, i + 1, resume && black));
        }
        let vars = variations(tree, id, notation);
        resume = false;
        if let Some(c) = &node.comment {
            out.push(Item::Comment(c.clone()));
            resume = true;
        }
        if !vars.is_empty() {
            out.push(Item::Vars(vars));
            resume = true;
        }
    }
    out
}

/// A move's button: a click shows the position after it.
fn move_button(m: MoveItem, ply: Option<usize>, resume: bool) -> impl IntoView {
    let store = use_play();
    let session = store.session;
    let id = m.id;
    let current = Memo::new(move |_| session.with(|s| s.cursor()) == id);
    let marks = (!m.marks.is_empty()).then(|| view! { <span class="nag">{m.marks.clone()}</span> });
    view! {
        // Written in the notation chosen, whatever the interface language.
        <button
            class="move"
            class:var-move=ply.is_none()
            class:resume=resume
            translate="no"
            data-ply=ply
            data-node=format!("{id:?}")
            class:current=current
            aria-current=move || current.get().then_some("step")
            on:click=move |_| {
                store.selected.set(None);
                session.update(|s| {
                    s.go_to_node(id);
                });
            }
        >
            {m.text}
        </button>
        {marks}
    }
}

/// The comment before the first move: a long one is folded to a few lines, with a button to
/// unfold it, so that it never fills the list.
fn intro(c: String) -> impl IntoView {
    let long = c.chars().count() > 120 || c.lines().count() > 3;
    let open = RwSignal::new(false);
    view! {
        <div class="intro">
            <p class="comment" data-testid="list-comment" class:folded=move || long && !open.get()>{c}</p>
            {long.then(|| view! {
                <button type="button" class="link-button" data-testid="intro-toggle"
                    aria-expanded=move || open.get().to_string()
                    on:click=move |_| open.update(|o| *o = !*o)>
                    {move || if open.get() { tr(words::SHOW_LESS)() } else { tr(words::SHOW_ALL)() }}
                </button>
            })}
        </div>
    }
}

/// The moves of the game with its variations and comments; a click on any move shows it.
#[component]
pub fn MoveList() -> impl IntoView {
    let store = use_play();
    let session = store.session;
    let list = Memo::new(move |_| {
        let notation = store.settings.with(|s| s.notation);
        session.with(|s| items(s.tree(), notation))
    });
    // The move shown stays in view in the list (scrolled within it, never the page), whether it
    // was stepped to, clicked on the board or opened with a game at its last position.
    let ol = NodeRef::<leptos::html::Ol>::new();
    let cursor = Memo::new(move |_| session.with(|s| s.cursor()));
    Effect::new(move || {
        let id = cursor.get();
        list.track();
        request_animation_frame(move || {
            let Some(ol) = ol.get_untracked() else { return };
            let selector = format!("[data-node=\"{id:?}\"]");
            let Some(el) = ol
                .query_selector(&selector)
                .ok()
                .flatten()
                .and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(e).ok())
            else {
                return;
            };
            let (top, height) = (el.offset_top(), el.offset_height());
            let (at, room) = (ol.scroll_top(), ol.client_height());
            if top < at {
                ol.set_scroll_top((top - 4).max(0));
            } else if top + height > at + room {
                ol.set_scroll_top(top + height - room + 4);
            }
        });
    });
    view! {
        <ol class="move-list" data-testid="move-list" aria-label=tr(words::MOVES) node_ref=ol>
            {move || list.get().into_iter().map(|item| match item {
                Item::No(n) => view! { <span class="move-no">{n}</span> }.into_any(),
                Item::Intro(c) => intro(c).into_any(),
                Item::Main(m, ply, resume) => move_button(m, Some(ply), resume).into_any(),
                Item::Comment(c) => view! { <p class="comment" data-testid="list-comment">{c}</p> }.into_any(),
                Item::Vars(lines) => view! {
                    <div class="variations" data-testid="variations">
                        {lines.into_iter().map(|line| view! {
                            <div class="variation">
                                {line.into_iter().map(|v| match v {
                                    VarItem::No(n) => view! { <span class="var-no">{n}</span> }.into_any(),
                                    VarItem::Move(m) => move_button(m, None, false).into_any(),
                                    VarItem::Open => view! { <span class="paren">"("</span> }.into_any(),
                                    VarItem::Close => view! { <span class="paren">")"</span> }.into_any(),
                                    VarItem::Comment(c) => view! { <span class="comment">{c}</span> }.into_any(),
                                }).collect_view()}
                            </div>
                        }).collect_view()}
                    </div>
                }.into_any(),
            }).collect_view()}
        </ol>
    }
}

/// First, previous, next and last position (also ← → Home End).
#[component]
pub fn StepControls() -> impl IntoView {
    let session = use_play().session;
    view! {
        <div class="step-controls" role="toolbar" aria-label=tr(words::STEP_THROUGH)>
            <button aria-label=tr(words::FIRST_POSITION) aria-keyshortcuts="Home" on:click=move |_| session.update(|s| s.go_to(0))>"«"</button>
            <button aria-label=tr(words::PREVIOUS_MOVE) aria-keyshortcuts="ArrowLeft" on:click=move |_| session.update(|s| { s.back(); })>"‹"</button>
            <button aria-label=tr(words::NEXT_MOVE) aria-keyshortcuts="ArrowRight" on:click=move |_| session.update(|s| { s.forward(); })>"›"</button>
            <button aria-label=tr(words::LAST_POSITION) aria-keyshortcuts="End" on:click=move |_| session.update(|s| s.go_to(usize::MAX))>"»"</button>
        </div>
    }
}
