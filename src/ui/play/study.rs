//! The study tools of `#/play`: a comment and a mark on the move shown, the variation actions,
//! opening a game file of any format (or a library of them, as a list to search), exporting the
//! whole tree, and the saved studies.

use super::words;
use super::{use_play, Note, PlayStore};
use crate::lang::Say;
use crate::saved::{FileError, FileTooLarge};
use crate::ui::board::{Brush, Mark};
use crate::ui::files::{download, read_file, BrowserCharsets};
use crate::ui::i18n::{tr, use_lang};
use crate::ui::storage;
use crate::xiangqi::file_job::{self, Progress, Report, WORKER_READY};
use crate::xiangqi::notation::archive::{self, MAX_LIBRARY_BYTES};
use crate::xiangqi::notation::dhtmlxq::write_dhtmlxq;
use crate::xiangqi::notation::pgn::write_tree;
use crate::xiangqi::notation::Notation;
use crate::xiangqi::session::{self, LostTree, MovesAfterEnd, PlaySession, TreeStamp};
use crate::xiangqi::study::Studies;
use crate::xiangqi::tree::{Arrow, Circle, GameTree, MarkColor, Node, MARKS};
use crate::xiangqi::words::Said;
use leptos::prelude::*;
use std::cell::RefCell;
use wasm_bindgen::{closure::Closure, JsCast, JsValue};

const STUDIES_KEY: &str = "xq.play.studies";

fn brush(c: MarkColor) -> Brush {
    match c {
        MarkColor::Green => Brush::Green,
        MarkColor::Red => Brush::Red,
        MarkColor::Blue => Brush::Blue,
        MarkColor::Yellow => Brush::Yellow,
    }
}

fn color(b: Brush) -> MarkColor {
    match b {
        Brush::Green => MarkColor::Green,
        Brush::Red => MarkColor::Red,
        Brush::Blue => MarkColor::Blue,
        Brush::Yellow => MarkColor::Yellow,
    }
}

/// The drawings kept on a node, as the board draws them.
pub(super) fn marks_of(node: &Node) -> Vec<Mark> {
    let arrows = node
        .arrows
        .iter()
        .map(|a| Mark::Arrow(a.from, a.to, brush(a.color)));
    let circles = node
        .circles
        .iter()
        .map(|c| Mark::Circle(c.at, brush(c.color)));
    arrows.chain(circles).collect()
}

/// Keeps the board's drawings on the node shown.
pub(super) fn keep_marks(store: PlayStore, marks: Vec<Mark>) {
    store.session.update(|s| {
        if let Some(n) = s.shown_node_mut() {
            n.arrows.clear();
            n.circles.clear();
            for m in marks {
                match m {
                    Mark::Arrow(from, to, b) => n.arrows.push(Arrow {
                        color: color(b),
                        from,
                        to,
                    }),
                    Mark::Circle(at, b) => n.circles.push(Circle {
                        color: color(b),
                        at,
                    }),
                    // The computer's ranked lines are not the teacher's drawings.
                    Mark::Weighted(..) => {}
                }
            }
        }
    });
}

/// The comment, the marks and the variation actions for the move shown.
#[component]
pub fn StudyTools() -> impl IntoView {
    let store = use_play();
    let session = store.session;
    let node =
        move |f: &dyn Fn(&Node) -> bool| session.with(|s| s.tree().node(s.cursor()).is_some_and(f));
    let comment = Memo::new(move |_| {
        session.with(|s| {
            s.tree()
                .node(s.cursor())
                .and_then(|n| n.comment.clone())
                .unwrap_or_default()
        })
    });
    let at_root = Memo::new(move |_| session.with(|s| s.cursor() == s.tree().root()));
    let on_main = Memo::new(move |_| session.with(|s| s.tree().is_main_line(s.cursor())));
    let deleted = Memo::new(move |_| session.with(PlaySession::undoable_deletion));
    let act = move |f: fn(&mut PlaySession) -> Result<(), crate::xiangqi::tree::TreeError>| {
        session.update(|s| {
            // Each button is off where its action does not apply.
            let _ = f(s);
        });
    };
    view! {
        <div class="study-tools" data-testid="study-tools">
            <textarea data-testid="comment" rows="2" class="comment-edit"
                aria-label=tr(words::COMMENT_ON_THIS_MOVE)
                placeholder=move || if at_root.get() { tr(words::COMMENT_BEFORE_THE_FIRST)() } else { tr(words::COMMENT_ON_THIS_MOVE)() }
                prop:value=comment
                on:input=move |ev| {
                    let text = event_target_value(&ev);
                    session.update(|s| {
                        if let Some(n) = s.shown_node_mut() {
                            n.comment = (!text.trim().is_empty()).then_some(text);
                        }
                    });
                }></textarea>
            <div class="mark-buttons" role="group" aria-label=tr(words::MARKS)>
                {MARKS.iter().map(|&(nag, sym)| view! {
                    <button type="button" data-testid=format!("mark-{nag}") translate="no"
                        disabled=move || at_root.get()
                        aria-pressed=move || node(&|n| n.nags.contains(&nag)).to_string()
                        on:click=move |_| session.update(|s| {
                            if let Some(n) = s.shown_node_mut() {
                                let had = n.nags.contains(&nag);
                                n.nags.retain(|x| !(1..=6).contains(x));
                                if !had {
                                    n.nags.push(nag);
                                }
                            }
                        })>{sym}</button>
                }).collect_view()}
            </div>
            <div class="variation-actions" role="group" aria-label=tr(words::VARIATIONS)>
                <button type="button" data-testid="promote" disabled=on_main on:click=move |_| act(PlaySession::promote)>{tr(words::PROMOTE_VARIATION)}</button>
                <button type="button" data-testid="make-main" disabled=on_main on:click=move |_| act(PlaySession::make_main_line)>{tr(words::MAKE_MAIN_LINE)}</button>
                <button type="button" data-testid="delete-variation" disabled=on_main on:click=move |_| act(PlaySession::delete_variation)>{tr(words::DELETE_VARIATION)}</button>
                <button type="button" data-testid="delete-from" disabled=at_root on:click=move |_| act(PlaySession::delete_from_here)>{tr(words::DELETE_FROM_HERE)}</button>
            </div>
            {move || deleted.get().map(|n| view! {
                <p class="undo-deletion" role="status">
                    <span data-testid="deleted">{move || words::Deleted(n).say(use_lang().get())}</span>" "
                    <button type="button" data-testid="undo-delete" aria-keyshortcuts="Control+Z"
                        on:click=move |_| { session.update(|s| { s.undo_deletion(); }); }>{tr(words::UNDO_DELETION)}</button>
                </p>
            })}
        </div>
    }
}

/// Opens a game tree on the board (the old game stays restorable).
pub(super) fn open_tree(store: PlayStore, tree: GameTree) {
    open_session(store, PlaySession::from_tree(tree));
}

/// Opens a session made from a game tree (the old game stays restorable).
fn open_session(store: PlayStore, (s, after): (PlaySession, Option<MovesAfterEnd>)) {
    store.replace(s);
    if let Some(a) = after {
        store.notices.update(|n| n.push(Note::AfterEnd(a)));
    }
}

/// Files up to this size are read on the page (a few milliseconds); larger ones in the worker.
const ON_THE_PAGE_BYTES: f64 = 128.0 * 1024.0;

/// Where the games of the library shown are: read on the page, or kept by the worker that read them.
enum Shelf {
    Empty,
    Trees(Vec<GameTree>),
    Worker(web_sys::Worker),
}

thread_local! {
    static SHELF: RefCell<Shelf> = const { RefCell::new(Shelf::Empty) };
}

/// Puts `shelf` in place of the last one, ending the worker that one had.
fn shelve(shelf: Shelf) {
    if let Shelf::Worker(w) = SHELF.with(|s| s.replace(shelf)) {
        w.terminate();
    }
}

/// Closes the library shown and stops a file being read (or its tree being built).
fn close_library(store: PlayStore) {
    OPENING.set(OPENING.get() + 1);
    shelve(Shelf::Empty);
    store.opening.set(None);
    store.library.set(Vec::new());
}

fn say(store: PlayStore, said: &dyn Say) {
    let said = words::SaidBefore::of(said);
    store.notices.update(|n| n.push(Note::Said(said)));
}

/// The warnings of the file opened before go when another is opened.
fn forget_last_file(store: PlayStore) {
    store.notices.update(|n| {
        n.retain(|n| {
            !matches!(
                n,
                Note::Archive(_) | Note::ArchiveIn(..) | Note::AfterEnd(_) | Note::File(_)
            )
        })
    });
}

/// Opens a file's bytes in any format the app reads: one game on the board, several as a list.
/// A fault is said, naming the file when it has a name, with what was read before it kept; the
/// warnings of the file opened before go.
pub(super) fn open_bytes(store: PlayStore, bytes: &[u8], name: Option<String>) {
    forget_last_file(store);
    let note = move |e| match name {
        Some(f) => Note::ArchiveIn(f, e),
        None => Note::Archive(e),
    };
    match archive::open(bytes, &BrowserCharsets) {
        Ok(lib) => {
            if let Some(e) = lib.stopped {
                store.notices.update(|n| n.push(note(e)));
            }
            let read_as = Note::ReadAs(lib.format, lib.games.len());
            let mut games = lib.games;
            if games.len() == 1 {
                close_library(store);
                open_tree(store, games.remove(0));
            } else if !games.is_empty() {
                close_library(store);
                store.library.set(file_job::library_rows(&games));
                shelve(Shelf::Trees(games));
            }
            // Said under the board once the game is open (opening clears the message).
            store.message.set(Some(read_as));
        }
        Err(e) => store.notices.update(|n| n.push(note(e))),
    }
}

/// Opens a tree the worker handed back: a game of a library at once (small), the file's own game
/// built a slice at a time ([`build_in_slices`]) with its progress still shown; a large one's
/// `flat` text kept as the session's saved form.
fn open_handed(store: PlayStore, tree: file_job::Handed, whole_file: bool, flat: Option<String>) {
    let built = file_job::Building::new(tree);
    let failed = move || {
        store.opening.set(None);
        say(store, &words::FILE_COULD_NOT_BE_READ);
    };
    match built {
        Ok(b) if whole_file => later(move || {
            let job = OPENING.get();
            build_in_slices(
                b,
                move || OPENING.get() == job,
                failed,
                move |tree| {
                    store.opening.set(None);
                    match flat {
                        Some(text) => open_session(store, PlaySession::from_tree_flat(tree, text)),
                        None => open_tree(store, tree),
                    }
                },
            )
        }),
        Ok(mut b) => match b.step(usize::MAX) {
            Ok(true) => open_tree(store, b.done()),
            _ => failed(),
        },
        Err(_) => failed(),
    }
}

/// Reads the tree a restored session saved apart (`PlaySession::to_json_apart`) a slice at a
/// time, as a file's: the board shows the line being played meanwhile, and its saves name the
/// tree still to come. A tree that is missing, is not the one saved with the session, or does not
/// read is said (and set aside by the storage helper when there is one); the session keeps its
/// line.
pub(super) fn restore_tree(store: PlayStore) {
    let Some(stamp) = store.session.with_untracked(PlaySession::tree_to_come) else {
        return;
    };
    // Not in the task that draws the page.
    later(move || read_tree_saved_apart(store, stamp));
}

/// [`restore_tree`]'s work: the text read and checked, then built in slices.
fn read_tree_saved_apart(store: PlayStore, stamp: TreeStamp) {
    if store.session.with_untracked(PlaySession::tree_to_come) != Some(stamp) {
        return;
    }
    let mut lost = LostTree::Missing;
    let read = storage::load_with(&stamp.key(), |text| {
        session::read_tree_apart(stamp, Some(text))
            .map(|h| (h, text.to_owned()))
            .inspect_err(|e| lost = e.clone())
    });
    let lose = move |why: LostTree| {
        let mut said = None;
        store.session.update(|s| {
            if s.tree_to_come() == Some(stamp) {
                said = Some(s.lose_tree_to_come(why));
            }
        });
        if let Some(n) = said {
            say(store, &n);
        }
    };
    let Some((handed, text)) = read else {
        return lose(lost);
    };
    super::apart::tree_saved_as(stamp);
    let damaged = move || lose(LostTree::Damaged(file_job::NotHanded.to_string()));
    // Until this game's tree is in place, or the game is replaced (it names the tree still).
    let waits = move || store.session.with_untracked(PlaySession::tree_to_come) == Some(stamp);
    match file_job::Building::new(handed) {
        Ok(b) => build_in_slices(b, waits, damaged, move |tree| {
            let mut refused = None;
            store.session.update(|s| {
                if let Err(e) = s.attach_tree(stamp, tree, text) {
                    refused = Some(e);
                }
            });
            if let Some(e) = refused {
                lose(LostTree::Damaged(e.to_string()));
            }
        }),
        Err(_) => damaged(),
    }
}

thread_local! {
    /// Counts the files opened in the worker: a tree still being built for an earlier one (or
    /// for a file whose reading was cancelled) stops.
    static OPENING: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// About how long one slice of building a tree runs before the page yields, in ms.
const SLICE_MS: f64 = 8.0;

/// Runs `f` in a task of its own, after those waiting.
fn later(f: impl FnOnce() + 'static) {
    gloo_timers::callback::Timeout::new(0, f).forget();
}

/// Builds `b` in slices of about [`SLICE_MS`], yielding to the page between them, then gives the
/// tree to `done` (or calls `failed`), each in a task of its own. Stops once the tree is no
/// longer `wanted` (another file opened, this one cancelled, the game replaced).
fn build_in_slices(
    mut b: file_job::Building,
    wanted: impl Fn() -> bool + 'static,
    failed: impl FnOnce() + 'static,
    done: impl FnOnce(GameTree) + 'static,
) {
    let now = || window().performance().map_or(0.0, |p| p.now());
    let from = now();
    loop {
        if !wanted() {
            return;
        }
        match b.step(200) {
            Ok(true) => break,
            Ok(false) if now() - from < SLICE_MS => {}
            Ok(false) => return later(move || build_in_slices(b, wanted, failed, done)),
            Err(_) => return failed(),
        }
    }
    later(move || {
        if wanted() {
            done(b.done());
        }
    });
}

/// Reads a chosen or dropped file (a library's cap refuses it unread) and opens it: a small one
/// on the page, a large one in the worker with its progress shown.
pub(super) fn open_file(store: PlayStore, file: &web_sys::File) {
    if file.size() <= ON_THE_PAGE_BYTES {
        let name = file.name();
        read_file(file, MAX_LIBRARY_BYTES, move |r| match r {
            Ok(bytes) => open_bytes(store, &bytes, Some(name)),
            Err(e) => store.notices.update(|n| n.push(Note::File(e))),
        });
        return;
    }
    if let Err(e) = FileTooLarge::check(file.size() as u64, MAX_LIBRARY_BYTES) {
        store
            .notices
            .update(|n| n.push(Note::File(FileError::TooLarge(e))));
        return;
    }
    forget_last_file(store);
    close_library(store);
    let Ok(worker) = web_sys::Worker::new("./file_worker_loader.js") else {
        return say(store, &words::FILE_COULD_NOT_BE_READ);
    };
    let size = file.size() as usize;
    let file = file.clone();
    let rows = std::rc::Rc::new(RefCell::new(Vec::new()));
    // A large game's tags, until its tree comes as the next message's raw text.
    let apart: TagsApart = RefCell::new(None);
    let sender = worker.clone();
    let onmessage =
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
            let data = ev.data().as_string().unwrap_or_default();
            if data == WORKER_READY {
                let _ = sender.post_message(&file);
                return;
            }
            if let Some((tags, stopped)) = apart.take() {
                shelve(Shelf::Empty);
                if let Some(s) = stopped {
                    say(store, &s);
                }
                return match file_job::Handed::read(&data) {
                    Ok(mut tree) => {
                        tree.tags = tags;
                        open_handed(store, tree, true, Some(data));
                    }
                    Err(_) => {
                        store.opening.set(None);
                        say(store, &words::FILE_COULD_NOT_BE_READ);
                    }
                };
            }
            take_report(store, &data, &rows, &apart);
        });
    let onerror = Closure::<dyn FnMut(web_sys::Event)>::new(move |_: web_sys::Event| {
        close_library(store);
        say(store, &words::FILE_COULD_NOT_BE_READ);
    });
    worker.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
    worker.set_onerror(Some(onerror.as_ref().unchecked_ref()));
    onmessage.forget();
    onerror.forget();
    store.opening.set(Some(Progress {
        read: 0,
        of: size,
        games: 0,
    }));
    shelve(Shelf::Worker(worker));
}

/// A large game's tags and why reading stopped, kept until its tree comes as the next message.
type TagsApart = RefCell<Option<(Vec<(String, String)>, Option<Said>)>>;

/// What one worker message (other than a large game's tree) does to the page.
fn take_report(
    store: PlayStore,
    data: &str,
    rows: &RefCell<Vec<file_job::Row>>,
    apart: &TagsApart,
) {
    match Report::from_json(data) {
        Some(Report::Progress(p)) => store.opening.set(Some(p)),
        Some(Report::Rows(batch)) => rows.borrow_mut().extend(batch),
        Some(Report::Library { stopped, .. }) => {
            // The worker keeps the games until the list is closed or another file opened.
            store.opening.set(None);
            if let Some(s) = stopped {
                say(store, &s);
            }
            store.library.set(rows.take());
        }
        Some(Report::Game { tree, stopped }) => {
            // The progress stays until the tree is built.
            shelve(Shelf::Empty);
            if let Some(s) = stopped {
                say(store, &s);
            }
            open_handed(store, tree, true, None);
        }
        // The progress stays until the tree, in the next message, is built.
        Some(Report::Apart { tags, stopped }) => *apart.borrow_mut() = Some((tags, stopped)),
        Some(Report::Picked { tree, .. }) => open_handed(store, tree, false, None),
        Some(Report::Failed(s)) => {
            shelve(Shelf::Empty);
            store.opening.set(None);
            say(store, &s);
        }
        Some(Report::Flat(_)) | None => {}
    }
}

/// Opens game `i` of the library shown: at once when the page holds it, else when the worker
/// sends it.
fn pick(store: PlayStore, i: usize) {
    let tree = SHELF.with(|s| match &*s.borrow() {
        Shelf::Trees(games) => games.get(i).cloned(),
        Shelf::Worker(w) => {
            let ask = serde_json::to_string(&file_job::Request::Pick(i)).unwrap_or_default();
            let _ = w.post_message(&JsValue::from_str(&ask));
            None
        }
        Shelf::Empty => None,
    });
    if let Some(t) = tree {
        open_tree(store, t);
    }
}

fn tag<'a>(t: &'a GameTree, name: &str) -> &'a str {
    t.tag(name).unwrap_or("")
}

/// Downloads the whole tree: as PGN in notation `n`, or as DhtmlXQ text; named after the players.
fn export_tree(store: PlayStore, n: Option<Notation>) -> Result<(), ()> {
    let (name, body) = store.session.with_untracked(|s| {
        let t = s.to_tree();
        let names: Vec<&str> = ["Red", "Black"]
            .iter()
            .map(|n| tag(&t, n))
            .filter(|v| !v.is_empty())
            .collect();
        let stem = if names.is_empty() {
            "study".to_string()
        } else {
            names.join("-")
        };
        match n {
            Some(n) => (
                format!("{stem}-{}.pgn", n.name().to_ascii_lowercase()),
                write_tree(&t, n),
            ),
            None => (format!("{stem}.txt"), write_dhtmlxq(&t)),
        }
    });
    let name: String = name
        .chars()
        .map(|c| if "/\\:*?\"<>|".contains(c) { '_' } else { c })
        .collect();
    download(&name, "text/plain;charset=utf-8", &body).map_err(|_| ())
}

/// The export of the whole tree, in each notation and as DhtmlXQ.
#[component]
fn TreeExport() -> impl IntoView {
    let store = use_play();
    let failed = RwSignal::new(false);
    let export = move |n: Option<Notation>| failed.set(export_tree(store, n).is_err());
    view! {
        <fieldset class="pgn-export">
            <legend>{tr(words::EXPORT_THE_WHOLE_STUDY)}</legend>
            <button type="button" data-testid="export-tree-chinese" on:click=move |_| export(Some(Notation::Chinese))>{tr(words::CHINESE_NOTATION)}</button>
            <button type="button" data-testid="export-tree-wxf" on:click=move |_| export(Some(Notation::Wxf))>"WXF"</button>
            <button type="button" data-testid="export-tree-iccs" on:click=move |_| export(Some(Notation::Iccs))>"ICCS"</button>
            <button type="button" data-testid="export-tree-dhtmlxq" on:click=move |_| export(None)>"DhtmlXQ"</button>
            {move || failed.get().then(|| view! { <p class="error" role="alert">{tr(words::DOWNLOAD_FAILED)}</p> })}
        </fieldset>
    }
}

/// How many games of a library the list shows at once (a search finds the others).
const SHOWN: usize = 200;

/// An opened library (CBL, a PGN of many games): searched, and a game opened with a click.
#[component]
fn Library() -> impl IntoView {
    let store = use_play();
    let query = RwSignal::new(String::new());
    let search = NodeRef::<leptos::html::Input>::new();
    // A library opens below the fold: bring it into view with its search box focused.
    Effect::new(move || {
        store.library.track();
        // At the next frame, with its layout, not in the task that draws the list.
        request_animation_frame(move || {
            if let Some(el) = search.get_untracked() {
                if let Some(lib) = el.closest(".library").ok().flatten() {
                    lib.scroll_into_view_with_bool(true);
                }
                let _ = el.focus();
            }
        });
    });
    let shown = Memo::new(move |_| {
        store.library.with(|rows| {
            let (found, total) = file_job::find(rows, &query.get(), SHOWN);
            let found: Vec<(usize, String)> = found
                .into_iter()
                .map(|(i, r)| (i, r.label.clone()))
                .collect();
            (found, total)
        })
    });
    view! {
        <Show when=move || store.library.with(|l| !l.is_empty())>
            <div class="library" data-testid="library">
                <p>
                    {move || {
                        let n = store.library.with(Vec::len);
                        words::Library(n).say(use_lang().get())
                    }}
                    <button type="button" class="link-button" data-testid="library-close" on:click=move |_| close_library(store)>{tr(words::CLOSE)}</button>
                </p>
                <input type="search" data-testid="library-search" node_ref=search placeholder=tr(words::SEARCH_PLAYER_EVENT_TITLE)
                    prop:value=move || query.get() on:input=move |ev| query.set(event_target_value(&ev)) />
                <ul class="library-list">
                    {move || shown.get().0.into_iter().map(|(i, label)| view! {
                        <li><button type="button" class="link-button" data-testid="library-game" on:click=move |_| pick(store, i)>{label}</button></li>
                    }).collect_view()}
                </ul>
                {move || {
                    let (n, total) = shown.with(|(found, total)| (found.len(), *total));
                    (total > n).then(|| view! {
                        <p class="hint" data-testid="library-more">{move || words::LibraryShown(n, total).say(use_lang().get())}</p>
                    })
                }}
            </div>
        </Show>
    }
}

/// A large file being read in the worker: how far, and a button that stops it.
#[component]
fn Opening() -> impl IntoView {
    let store = use_play();
    move || {
        store.opening.get().map(|p| {
            view! {
                <div class="file-progress" data-testid="file-progress" role="status">
                    <progress max=p.of.max(1) value=p.read aria-label=tr(words::READING_PROGRESS)></progress>
                    <span>{move || words::FileRead(p).say(use_lang().get())}</span>
                    <button type="button" data-testid="file-cancel" on:click=move |_| close_library(store)>{tr(words::CANCEL)}</button>
                </div>
            }
        })
    }
}

/// Open a file or pasted text, the library's list, and the whole tree's export.
#[component]
pub fn OpenFile() -> impl IntoView {
    let store = use_play();
    let input = NodeRef::<leptos::html::Input>::new();
    let text = RwSignal::new(String::new());
    view! {
        <div class="open-file">
            <label class="button-link file-button">
                {tr(words::OPEN_A_GAME_FILE)}
                <input type="file" data-testid="open-file" node_ref=input class="visually-hidden"
                    accept=".pgn,.xqf,.cbr,.cbl,.cbf,.txt,.PGN,.XQF,.CBR,.CBL,.CBF"
                    on:change=move |_| {
                        let Some(el) = input.get() else { return };
                        let file = el.files().and_then(|f| f.get(0));
                        el.set_value("");
                        if let Some(f) = file {
                            open_file(store, &f);
                        }
                    } />
            </label>
            <details class="menu">
                <summary>{tr(words::PASTE_A_GAME_PGN_DHTMLXQ)}</summary>
                <textarea data-testid="open-text" rows="3" prop:value=move || text.get()
                    on:input=move |ev| text.set(event_target_value(&ev))></textarea>
                <button type="button" data-testid="open-text-go" on:click=move |_| open_bytes(store, text.get_untracked().as_bytes(), None)>{tr(words::OPEN)}</button>
            </details>
            <Opening />
            <TreeExport />
            <Library />
        </div>
    }
}

fn now_text() -> String {
    let d = js_sys::Date::new_0();
    format!(
        "{:04}-{:02}-{:02} {:02}:{:02}",
        d.get_full_year(),
        d.get_month() + 1,
        d.get_date(),
        d.get_hours(),
        d.get_minutes()
    )
}

/// The saved studies: save the board's tree under a name; open, rename, delete; export all.
#[component]
pub fn StudyList() -> impl IntoView {
    let store = use_play();
    // An unreadable list is set aside and reported by the storage helper.
    let list =
        RwSignal::new(storage::load_with(STUDIES_KEY, Studies::from_json).unwrap_or_default());
    let name = RwSignal::new(String::new());
    let keep = move |f: &dyn Fn(&mut Studies) -> bool| {
        let mut changed = false;
        list.update(|l| changed = f(l));
        if changed {
            // A refusal (storage full) is said above the page by the storage module.
            let _ = storage::set(STUDIES_KEY, &list.with_untracked(Studies::to_json));
        }
    };
    view! {
        <details class="menu studies" data-testid="studies">
            <summary>{tr(words::MY_STUDIES)}</summary>
            <input data-testid="study-name" placeholder=tr(words::STUDY_NAME)
                prop:value=move || name.get() on:input=move |ev| name.set(event_target_value(&ev)) />
            <button type="button" data-testid="study-save" on:click=move |_| {
                let tree = store.session.with_untracked(PlaySession::to_tree);
                let n = name.get_untracked();
                keep(&|l| l.save(&n, &now_text(), &tree));
            }>{tr(words::SAVE)}</button>
            <button type="button" data-testid="studies-export" on:click=move |_| {
                let text = list.with_untracked(Studies::export_all);
                let _ = download("studies.pgn", "application/x-chess-pgn;charset=utf-8", &text);
            }>{tr(words::EXPORT_ALL_AS_PGN)}</button>
            <ul class="study-list">
                {move || list.get().items.into_iter().enumerate().map(|(i, s)| view! {
                    <li data-testid="study">
                        <span class="study-name">{s.name.clone()}</span>" "
                        <span class="study-date">{s.date.clone()}</span>
                        <button type="button" class="link-button" data-testid="study-open" on:click=move |_| {
                            if let Some(Ok(t)) = list.with_untracked(|l| l.items.get(i).map(|s| s.tree())) {
                                open_tree(store, t);
                            }
                        }>{tr(words::OPEN)}</button>
                        <button type="button" class="link-button" data-testid="study-rename" on:click=move |_| {
                            let n = name.get_untracked();
                            keep(&|l| l.rename(i, &n));
                        }>{tr(words::RENAME_TO_THE_NAME)}</button>
                        <button type="button" class="link-button" data-testid="study-delete" on:click=move |_| keep(&|l| l.delete(i).is_some())>{tr(words::DELETE)}</button>
                    </li>
                }).collect_view()}
            </ul>
        </details>
    }
}

/// The comment of the move shown, large, for projector mode.
#[component]
pub fn ProjectorComment() -> impl IntoView {
    let store = use_play();
    let comment = Memo::new(move |_| {
        store.session.with(|s| {
            let t = s.tree();
            t.node(s.cursor())
                .and_then(|n| n.comment.clone().or(n.before.clone()))
        })
    });
    move || {
        (store.projector.get())
            .then(|| comment.get())
            .flatten()
            .map(|c| view! { <p class="projector-comment" data-testid="projector-comment">{c}</p> })
    }
}

/// The game's headers as the file gave them (event, place, date, round, players, result) and its
/// opening, named from its first moves (`xiangqi::opening`), else as the file names it.
#[component]
pub fn GameHeaders() -> impl IntoView {
    let store = use_play();
    let lang = use_lang();
    let rows = move || {
        let l = lang.get();
        store.session.with(|s| {
            let tag = |k: &str| {
                s.tags()
                    .iter()
                    .find(|(n, v)| n == k && !v.trim().is_empty() && v.trim() != "?")
                    .map(|(_, v)| v.clone())
            };
            let mut rows: Vec<(&'static str, String)> = [
                ("Event", words::EVENT.get(l)),
                ("Site", words::PLACE.get(l)),
                ("Date", words::DATE.get(l)),
                ("Round", words::ROUND.get(l)),
                ("Red", words::RED.get(l)),
                ("Black", words::BLACK.get(l)),
                ("Result", words::RESULT.get(l)),
            ]
            .into_iter()
            .filter_map(|(k, label)| tag(k).map(|v| (label, v)))
            .collect();
            let named = crate::xiangqi::opening::opening(s.tree()).map(|o| o.name(l));
            if let Some(o) = named.or_else(|| tag("Opening")) {
                rows.push((words::OPENING.get(l), o));
            }
            rows
        })
    };
    view! {
        <dl class="game-headers" data-testid="game-headers">
            {move || rows().into_iter().map(|(k, v)| view! { <dt>{k}</dt><dd>{v}</dd> }).collect_view()}
        </dl>
    }
}
