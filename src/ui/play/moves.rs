//! The move list, with the tree's variations inline (bracketed, numbered as lichess does: a
//! top-level variation on its own line), comments and marks; and the step controls.

use super::use_play;
use super::words;
use crate::events::publish::escape_into;
use crate::ui::i18n::tr;
use crate::xiangqi::list_blocks::{self, Block};
use crate::xiangqi::notation::{self, Notation};
use crate::xiangqi::session::PlaySession;
use crate::xiangqi::tree::{mark_of, GameTree, NodeId};
use crate::xiangqi::Color;
use leptos::prelude::*;
use std::fmt::Write;
use std::ops::Range;

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

/// The list's items for plies `plies` of the main line `main`: each move with its comment and
/// variations after it. A block starts a row of its own.
fn items(tree: &GameTree, main: &[NodeId], plies: Range<usize>, notation: Notation) -> Vec<Item> {
    let mut out = Vec::new();
    let mut resume = true;
    for i in plies {
        let Some((id, node)) = main.get(i).and_then(|&id| Some((id, tree.node(id)?))) else {
            continue;
        };
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

/// Writes element `tag` of class `class` around `text`.
fn element(out: &mut String, tag: &str, class: &str, text: &str) {
    let _ = write!(out, "<{tag} class=\"{class}\">");
    escape_into(out, text);
    let _ = write!(out, "</{tag}>");
}

/// A move's button (written in the notation chosen, whatever the interface language); the list's
/// one listener shows the position after it when clicked, and marks the move shown.
fn write_move(out: &mut String, m: &MoveItem, ply: Option<usize>, resume: bool) {
    out.push_str("<button class=\"move");
    if ply.is_none() {
        out.push_str(" var-move");
    }
    if resume {
        out.push_str(" resume");
    }
    out.push_str("\" translate=\"no\"");
    if let Some(p) = ply {
        let _ = write!(out, " data-ply=\"{p}\"");
    }
    let _ = write!(out, " data-node=\"{}\">", m.id.index());
    escape_into(out, &m.text);
    out.push_str("</button>");
    if !m.marks.is_empty() {
        element(out, "span", "nag", &m.marks);
    }
}

/// The items of a block as HTML (the comment before the first move is drawn apart, with its button).
/// The browser reads a block's few hundred buttons at once where drawing them one by one as
/// views, each with its listener and its mark, was most of a 50 ms task.
fn write_items(items: &[Item]) -> String {
    let mut out = String::new();
    for item in items {
        match item {
            Item::No(n) => element(&mut out, "span", "move-no", n),
            Item::Main(m, ply, resume) => write_move(&mut out, m, Some(*ply), *resume),
            Item::Comment(c) => {
                out.push_str("<p class=\"comment\" data-testid=\"list-comment\">");
                escape_into(&mut out, c);
                out.push_str("</p>");
            }
            Item::Vars(lines) => {
                out.push_str("<div class=\"variations\" data-testid=\"variations\">");
                for line in lines {
                    out.push_str("<div class=\"variation\">");
                    for v in line {
                        match v {
                            VarItem::No(n) => element(&mut out, "span", "var-no", n),
                            VarItem::Move(m) => write_move(&mut out, m, None, false),
                            VarItem::Open => element(&mut out, "span", "paren", "("),
                            VarItem::Close => element(&mut out, "span", "paren", ")"),
                            VarItem::Comment(c) => element(&mut out, "span", "comment", c),
                        }
                    }
                    out.push_str("</div>");
                }
                out.push_str("</div>");
            }
        }
    }
    out
}

/// Which move is shown, asked by each block drawn.
type Current = Memo<NodeId>;

/// Marks move `id` as the one shown among the moves in `el`, and no other.
fn mark_current(el: &web_sys::Element, id: NodeId) {
    if let Ok(Some(old)) = el.query_selector(".move.current") {
        old.set_class_name(&old.class_name().replace(" current", ""));
        let _ = old.remove_attribute("aria-current");
    }
    if let Ok(Some(new)) = el.query_selector(&format!("[data-node=\"{}\"]", id.index())) {
        new.set_class_name(&format!("{} current", new.class_name()));
        let _ = new.set_attribute("aria-current", "step");
    }
}

/// The move whose button was clicked (`ev`'s target or within it), if it is in the tree shown.
fn clicked_move(ev: &web_sys::MouseEvent, tree: &GameTree) -> Option<NodeId> {
    let target = wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(ev.target()?).ok()?;
    let button = target.closest("button[data-node]").ok()??;
    tree.node_id(button.get_attribute("data-node")?.parse().ok()?)
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

/// A tree of more moves than this is drawn a block at a time: only the blocks near the list's
/// view (drawing the 320 moves of a 10 KB lesson at once took 80 ms, 59,000 moves 8 s).
const ALL_AT_ONCE: usize = 250;

/// About how many moves a block of a long list draws.
const BLOCK_MOVES: usize = 60;

/// The main line and its blocks ([`list_blocks`]), for the tree of `revision`.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Layout {
    main: Vec<NodeId>,
    blocks: Vec<Block>,
    revision: u64,
}

impl Layout {
    fn of(s: &PlaySession) -> Layout {
        let tree = s.tree();
        let main = tree.main_line();
        let blocks = if tree.len() <= ALL_AT_ONCE {
            list_blocks::blocks(tree, &main, usize::MAX)
        } else {
            list_blocks::blocks(tree, &main, BLOCK_MOVES)
        };
        Layout {
            main,
            blocks,
            revision: s.tree_revision(),
        }
    }
}

/// What the list knows of its blocks' heights, in CSS pixels: measured once drawn, else
/// estimated from their moves.
#[derive(Clone, Debug, Default)]
struct Heights {
    measured: Vec<Option<f64>>,
}

impl Heights {
    /// The height of each block of `blocks`.
    fn of(&self, blocks: &[Block]) -> Vec<f64> {
        let (px, moves) = (self.measured.iter().zip(blocks))
            .filter_map(|(h, b)| Some((h.as_ref()?, b.moves)))
            .fold((0.0, 0), |(px, n), (h, m)| (px + h, n + m));
        let per_move = if moves > 0 { px / moves as f64 } else { 12.0 };
        (blocks.iter().enumerate())
            .map(|(i, b)| {
                let measured = self.measured.get(i).copied().flatten();
                measured.unwrap_or(b.moves as f64 * per_move)
            })
            .collect()
    }
}

/// The blocks to draw for the list scrolled to `top` with `room` pixels in view: those within a
/// view's height of it.
fn blocks_in_view(heights: &[f64], top: f64, room: f64) -> Range<usize> {
    let (from, to) = (top - room, top + 2.0 * room);
    let mut at = 0.0;
    let (mut first, mut last) = (None, 0);
    for (i, h) in heights.iter().enumerate() {
        if at + h >= from && at <= to {
            first.get_or_insert(i);
            last = i;
        }
        at += h;
    }
    first.map_or(0..heights.len().min(1), |f| f..last + 1)
}

/// Measures the blocks `drawn`: from each block's start to the next's (or the room after them).
fn measure(
    list_el: &web_sys::HtmlElement,
    heights: StoredValue<Heights>,
    drawn: Range<usize>,
    count: usize,
) -> Vec<(usize, f64)> {
    let mut found = Vec::new();
    let top = |selector: String| {
        list_el
            .query_selector(&selector)
            .ok()
            .flatten()
            .and_then(|n| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(n).ok())
            .map(|e| f64::from(e.offset_top()))
    };
    let start = |b: usize| top(format!(".list-block[data-block=\"{b}\"]"));
    heights.update_value(|h| {
        h.measured.resize(count, None);
        for b in drawn.clone() {
            let end = if b + 1 < drawn.end {
                start(b + 1)
            } else {
                top(".list-gap-after".into())
            };
            if let (Some(from), Some(to), Some(slot)) = (start(b), end, h.measured.get_mut(b)) {
                *slot = Some(to - from);
                found.push((b, to - from));
            }
        }
    });
    found
}

/// A height in whole CSS pixels: formatting a float would compile a float printer into the page.
fn px(h: f64) -> String {
    format!("{}px", h.round() as i64)
}

/// Draws blocks `want` in place of those drawn, keeping the first move in view where it was: the
/// blocks are drawn anew, so the browser's own scroll anchoring has nothing to hold on to.
fn redraw(list_el: NodeRef<leptos::html::Div>, drawn: RwSignal<Range<usize>>, want: Range<usize>) {
    let anchor = list_el.get_untracked().and_then(|list_el| {
        let top = list_el.scroll_top();
        let moves = list_el.get_elements_by_class_name("move");
        (0..moves.length())
            .filter_map(|i| moves.item(i))
            .filter_map(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(e).ok())
            .find(|e| e.offset_top() >= top)
            .map(|e| (e.get_attribute("data-node"), e.offset_top() - top))
    });
    drawn.set(want);
    // Once drawn (after the reactive updates, before the frame is painted).
    request_animation_frame(move || {
        let (Some(list_el), Some((Some(node), at))) = (list_el.get_untracked(), anchor) else {
            return;
        };
        let selector = format!("[data-node=\"{node}\"]");
        if let Some(e) = list_el.query_selector(&selector).ok().flatten() {
            if let Ok(e) = wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(e) {
                list_el.set_scroll_top(e.offset_top() - at);
            }
        }
    });
}

/// Scrolls the list `list_el` so that move `id` is in view (within the list, never the page).
fn scroll_to(list_el: &web_sys::HtmlElement, id: NodeId) {
    let selector = format!("[data-node=\"{}\"]", id.index());
    let Some(el) = list_el
        .query_selector(&selector)
        .ok()
        .flatten()
        .and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(e).ok())
    else {
        return;
    };
    let (top, height) = (el.offset_top(), el.offset_height());
    let (at, room) = (list_el.scroll_top(), list_el.client_height());
    if top < at {
        list_el.set_scroll_top((top - 4).max(0));
    } else if top + height > at + room {
        list_el.set_scroll_top(top + height - room + 4);
    }
}

/// A block of the list: a mark where it starts (when the list has several), then its items.
fn block_view(b: usize, layout: Memo<Layout>, current: Current) -> impl IntoView {
    let store = use_play();
    // The session untracked: every edit of the tree gives a new layout, a step does not.
    let list = Memo::new(move |_| {
        let notation = store.settings.with(|s| s.notation);
        layout.with(|l| {
            let plies = l.blocks.get(b).map_or(0..0, |b| b.plies.clone());
            store.session.with_untracked(|s| {
                let tree = s.tree();
                let intro = (plies.start == 0)
                    .then(|| tree.node(tree.root())?.comment.clone())
                    .flatten();
                (intro, write_items(&items(tree, &l.main, plies, notation)))
            })
        })
    });
    let marked = layout.with_untracked(|l| l.blocks.len() > 1);
    let moves = NodeRef::<leptos::html::Div>::new();
    // After the block's HTML is in place (effects run after the view's updates).
    // `try_`: an effect queued as the block is taken down must not read what went with it.
    Effect::new(move || {
        let (Some(id), Some(Some(el))) = (current.try_get(), moves.try_get()) else {
            return;
        };
        if list.try_with(|_| ()).is_some() {
            mark_current(&el, id);
        }
    });
    view! {
        {marked.then(|| view! { <div class="list-block" data-block=b aria-hidden="true"></div> })}
        {move || list.with(|(i, _)| i.clone()).map(intro)}
        <div class="list-moves" node_ref=moves inner_html=move || list.with(|(_, h)| h.clone())></div>
    }
}

/// Follows the list's scrolling: measures the blocks drawn (at most once a frame), then draws the
/// blocks in view in a task of their own.
fn scroll_follower(
    list_el: NodeRef<leptos::html::Div>,
    layout: Memo<Layout>,
    drawn: RwSignal<Range<usize>>,
    heights: StoredValue<Heights>,
    laid: StoredValue<Vec<f64>>,
) -> impl Fn() + Copy + 'static {
    let pending = StoredValue::new(false);
    move || {
        if pending.get_value() {
            return;
        }
        pending.set_value(true);
        request_animation_frame(move || {
            pending.set_value(false);
            let Some(el) = list_el.get_untracked() else {
                return;
            };
            let count = layout.with_untracked(|l| l.blocks.len());
            if count < 2 {
                return;
            }
            let now = drawn.get_untracked();
            // The heights the list is laid out with: its room's, and the blocks drawn as drawn.
            let mut h = laid.get_value();
            h.resize(count, 0.0);
            for (b, px) in measure(&el, heights, now.clone(), count) {
                h[b] = px;
            }
            // Drawn in a task of their own, not in the frame that measured them, for the
            // list as it is scrolled then (a step may have scrolled it since).
            set_timeout(
                move || {
                    let Some(el) = list_el.get_untracked() else {
                        return;
                    };
                    let (top, room) = (el.scroll_top(), el.client_height());
                    let want = blocks_in_view(&h, f64::from(top), f64::from(room));
                    if want != drawn.get_untracked() {
                        redraw(list_el, drawn, want);
                    }
                },
                std::time::Duration::ZERO,
            );
        });
    }
}

/// The moves of the game with its variations and comments; a click on any move shows it. A long
/// tree is drawn a block at a time: the blocks near the list's view, the others kept as room.
#[component]
pub fn MoveList() -> impl IntoView {
    let store = use_play();
    let session = store.session;
    // Computed again when the tree changes, not at each step (59,000 moves: every line walked),
    // and kept as it is at a step, neither copied nor compared.
    let layout = Memo::new_owning(move |old: Option<Layout>| {
        session.with(|s| match old {
            Some(l) if l.revision == s.tree_revision() => (l, false),
            _ => (Layout::of(s), true),
        })
    });
    let cursor = Memo::new(move |_| session.with(|s| s.cursor()));
    let drawn = RwSignal::new(0..1usize);
    let heights = StoredValue::new(Heights::default());
    let laid = StoredValue::new(Vec::<f64>::new());
    let list_el = NodeRef::<leptos::html::Div>::new();
    let follow_scroll = scroll_follower(list_el, layout, drawn, heights, laid);
    // A changed tree is measured again.
    Effect::new(move || {
        layout.track();
        heights.set_value(Heights::default());
    });
    // The move shown stays in view in the list (scrolled within it, never the page), whether it
    // was stepped to, clicked on the board or opened with a game at its last position: its block
    // is drawn first, the blocks around it once it is in view.
    Effect::new(move || {
        let id = cursor.get();
        let count = layout.with(|l| l.blocks.len());
        let b = layout
            .with(|l| session.with_untracked(|s| list_blocks::block_of(s.tree(), &l.blocks, id)));
        let d = drawn.get_untracked();
        if !d.contains(&b) || d.end > count {
            drawn.set(b..b + 1);
        }
        let at_start = session.with_untracked(|s| s.tree().root() == id);
        request_animation_frame(move || {
            if let Some(list_el) = list_el.get_untracked() {
                if at_start {
                    list_el.set_scroll_top(0);
                }
                scroll_to(&list_el, id);
                follow_scroll();
            }
        });
    });
    let room = move |r: Range<usize>| {
        let h = layout.with(|l| heights.with_value(|h| h.of(&l.blocks)));
        let px = h.get(r).map_or(0.0, |h| h.iter().sum::<f64>());
        laid.set_value(h);
        px
    };
    let long = move || layout.with(|l| l.blocks.len() > 1);
    let gap_before = move || room(0..drawn.get().start);
    let gap_after = move || room(drawn.get().end..layout.with(|l| l.blocks.len()));
    view! {
        // A group, not a list: its rows are numbers, moves, comments and variations side by side.
        <div class="move-list" data-testid="move-list" role="group" aria-label=tr(words::MOVES) node_ref=list_el
            on:scroll=move |_| follow_scroll()
            on:click=move |ev| {
                if let Some(id) = session.with_untracked(|s| clicked_move(&ev, s.tree())) {
                    store.selected.set(None);
                    session.update(|s| {
                        s.go_to_node(id);
                    });
                }
            }>
            {move || (gap_before() > 0.0).then(|| view! {
                <div class="list-gap" aria-hidden="true" style:height=px(gap_before())></div>
            })}
            {move || drawn.get().map(|b| block_view(b, layout, cursor)).collect_view()}
            {move || long().then(|| view! {
                <div class="list-gap-after" aria-hidden="true" style:height=move || px(gap_after())></div>
            })}
        </div>
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
