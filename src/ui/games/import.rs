//! The import: files picked (several at once), a folder picked or dropped (posted whole as the
//! browser's handle where it has them, `folder.rs`; else read recursively through
//! `webkitGetAsEntry` or the folder input's list), a `.zip` among them; the progress, counts and
//! unreadable files.

use super::job::{Ended, Run, IMPORT};
use super::words::{self, Said};
use super::Games;
use crate::lang::Say;
use crate::ui::i18n::{tr, use_lang};
use leptos::prelude::*;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::{spawn_local, JsFuture};

/// Main-thread time a task of a pick's handover may take (ms). The cost is the browser's: a
/// picked file's size and date are read from disk when its `File` is first asked for them or
/// posted (0.1–0.4 ms a file on the loaded benchmark machine), so a folder of 50,000 files goes
/// over in slices that stop at this time, each posted in its own task.
const SLICE_MS: f64 = 10.0;
/// Files a message of a drop's handover (their `File`s are there already: posting is cheap).
const DROP_FILES_A_MESSAGE: usize = 500;

/// Files gathered for one import, with the names they are listed under (their folder path).
#[derive(Default)]
struct Picked {
    files: Vec<web_sys::File>,
    names: Vec<String>,
}

impl Picked {
    fn add(&mut self, file: web_sys::File, name: String) {
        self.files.push(file);
        self.names.push(name);
    }
}

fn now() -> f64 {
    window().performance().map(|p| p.now()).unwrap_or(0.0)
}

/// Hands a drop's `picked` to the worker, `DROP_FILES_A_MESSAGE` at a time, each message in a
/// task of its own.
fn send(g: Games, mut picked: Picked) {
    if picked.files.is_empty() {
        return;
    }
    let n = picked.files.len().min(DROP_FILES_A_MESSAGE);
    let files: js_sys::Array = picked.files.drain(..n).collect();
    let names: js_sys::Array = picked
        .names
        .drain(..n)
        .map(|s| JsValue::from_str(&s))
        .collect();
    post(g, &files, &names.into(), picked.files.is_empty());
    if !picked.files.is_empty() {
        set_timeout(move || send(g, picked), std::time::Duration::ZERO);
    }
}

/// One message of an import: its files, the names they are listed under (null: the worker
/// reads each file's own path), and whether it is the pick's last (the worker checks the caps
/// over the whole pick, then starts).
fn post(g: Games, files: &js_sys::Array, names: &JsValue, last: bool) {
    let message = js_sys::Array::of4(
        &JsValue::from_str(IMPORT),
        files,
        names,
        &JsValue::from_bool(last),
    );
    g.post(&message);
    g.problem.set(None);
}

/// Hands the files chosen in `input` to the worker from `from` on, in slices of `SLICE_MS`
/// each in a task of its own; the input is cleared at the end. A file's size is asked for here,
/// so that the browser's reading of its metadata falls inside the slice's time.
fn send_chosen(g: Games, input: web_sys::HtmlInputElement, list: web_sys::FileList, from: u32) {
    if list.length() == 0 {
        return;
    }
    let started = now();
    let files = js_sys::Array::new();
    let mut to = from;
    while to < list.length() && (to == from || now() - started < SLICE_MS) {
        if let Some(f) = list.get(to) {
            let _ = f.size();
            files.push(&f);
        }
        to += 1;
    }
    let last = to >= list.length();
    post(g, &files, &JsValue::NULL, last);
    if !last {
        set_timeout(
            move || send_chosen(g, input, list, to),
            std::time::Duration::ZERO,
        );
    } else {
        input.set_value("");
    }
}

/// A drop being read: the files found so far and the reads still out (folders read in turns).
struct Dropping {
    picked: Picked,
    waiting: usize,
    g: Games,
}

type Shared = Rc<RefCell<Dropping>>;

/// One read of the drop is over: the last one sends what was found.
fn settle(d: &Shared) {
    let done = {
        let mut d = d.borrow_mut();
        d.waiting -= 1;
        d.waiting == 0
    };
    if done {
        let (g, picked) = {
            let mut d = d.borrow_mut();
            (d.g, std::mem::take(&mut d.picked))
        };
        send(g, picked);
    }
}

/// Reads `entry` (a file, or a folder with everything under it) into the drop.
fn walk(d: Shared, entry: web_sys::FileSystemEntry) {
    d.borrow_mut().waiting += 1;
    if entry.is_file() {
        let entry: web_sys::FileSystemFileEntry = entry.unchecked_into();
        let path = entry.full_path().trim_start_matches('/').to_string();
        let (d1, d2) = (d.clone(), d);
        let ok = Closure::once_into_js(move |f: web_sys::File| {
            d1.borrow_mut().picked.add(f, path);
            settle(&d1);
        });
        let err = Closure::once_into_js(move |_: JsValue| settle(&d2));
        entry.file_with_callback_and_callback(ok.unchecked_ref(), err.unchecked_ref());
    } else if entry.is_directory() {
        let dir: web_sys::FileSystemDirectoryEntry = entry.unchecked_into();
        read_folder(d, dir.create_reader());
    } else {
        settle(&d);
    }
}

/// Reads a folder's entries, a batch per call (the browser gives at most 100), until none is left.
fn read_folder(d: Shared, reader: web_sys::FileSystemDirectoryReader) {
    let (d1, d2, r) = (d.clone(), d, reader.clone());
    let ok = Closure::once_into_js(move |entries: js_sys::Array| {
        if entries.length() == 0 {
            return settle(&d1);
        }
        for e in entries.iter() {
            walk(d1.clone(), e.unchecked_into());
        }
        read_folder(d1, r);
    });
    let (err, d3) = (d2.clone(), d2);
    let err = Closure::once_into_js(move |_: JsValue| settle(&err));
    if reader
        .read_entries_with_callback_and_callback(ok.unchecked_ref(), err.unchecked_ref())
        .is_err()
    {
        settle(&d3);
    }
}

/// What was dropped. Where the browser gives every file item as a handle (a folder whole), the
/// handles go to the worker, which walks them; else each item is read here as an entry (a
/// folder walked), or as a file where the browser gives no entries.
fn dropped(g: Games, ev: web_sys::DragEvent) {
    ev.prevent_default();
    let Some(dt) = ev.data_transfer() else {
        return;
    };
    // Both asked now: a drop's items can be read only while its event lasts.
    let (mut handles, mut entries, mut files) = (Vec::new(), Vec::new(), Vec::new());
    let items = dt.items();
    for i in 0..items.length() {
        let Some(item) = items.get(i) else { continue };
        if item.kind() != "file" {
            continue;
        }
        handles.push(handle_of(&item));
        match item.webkit_get_as_entry() {
            Ok(Some(entry)) => entries.push(entry),
            _ => files.extend(item.get_as_file().ok().flatten()),
        }
    }
    spawn_local(async move {
        if let Some(handles) = all_handles(handles).await {
            return post(g, &handles, &JsValue::NULL, true);
        }
        let d: Shared = Rc::new(RefCell::new(Dropping {
            picked: Picked::default(),
            waiting: 1,
            g,
        }));
        for entry in entries {
            walk(d.clone(), entry);
        }
        for f in files {
            let name = f.name();
            d.borrow_mut().picked.add(f, name);
        }
        settle(&d);
    });
}

/// The item's handle (`getAsFileSystemHandle`, a promise), where the browser has it.
fn handle_of(item: &web_sys::DataTransferItem) -> Option<JsValue> {
    let ask = js_sys::Reflect::get(item, &"getAsFileSystemHandle".into()).ok()?;
    ask.dyn_into::<js_sys::Function>().ok()?.call0(item).ok()
}

/// The handles asked for, when every one came (a drop of files made by a page has none).
async fn all_handles(asked: Vec<Option<JsValue>>) -> Option<js_sys::Array> {
    let asked: js_sys::Array = asked.into_iter().collect::<Option<_>>()?;
    if asked.length() == 0 {
        return None;
    }
    let settled = JsFuture::from(js_sys::Promise::all_settled(&asked))
        .await
        .ok()?;
    js_sys::Array::from(&settled)
        .iter()
        .map(|s| {
            js_sys::Reflect::get(&s, &"value".into())
                .ok()
                .filter(|h| h.is_object())
        })
        .collect()
}

/// The browser's folder picker (`showDirectoryPicker`), where it has one.
fn folder_picker() -> Option<js_sys::Function> {
    js_sys::Reflect::get(&window(), &"showDirectoryPicker".into())
        .ok()?
        .dyn_into()
        .ok()
}

/// The folder button: where the browser has a folder picker, the folder is chosen there and
/// posted to the worker as one handle, instead of the `<input>`'s list of every file in it.
fn pick_folder(g: Games, ev: web_sys::MouseEvent) {
    let Some(picker) = folder_picker() else {
        return;
    };
    ev.prevent_default();
    let Ok(asked) = picker.call0(&window()) else {
        return;
    };
    spawn_local(async move {
        // Cancelling the picker rejects it: nothing to do then.
        if let Ok(folder) = JsFuture::from(js_sys::Promise::resolve(&asked)).await {
            post(g, &js_sys::Array::of1(&folder), &JsValue::NULL, true);
        }
    });
}

/// Choosing, dropping, and the import's progress.
#[component]
pub fn ImportPanel() -> impl IntoView {
    let g = expect_context::<Games>();
    let on_pick = move |ev: leptos::ev::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        if let Some(list) = input.files() {
            send_chosen(g, input, list, 0);
        }
    };
    // A folder picker (every browser has it, under its WebKit name, which the view's typed
    // attributes do not know).
    let folder = NodeRef::<leptos::html::Input>::new();
    Effect::new(move |_| {
        if let Some(el) = folder.get() {
            let _ = el.set_attribute("webkitdirectory", "");
        }
    });
    view! {
        <section class="games-import" aria-labelledby="games-import-h">
            <h2 id="games-import-h">{tr(words::IMPORT)}</h2>
            <div
                class="games-drop"
                data-testid="games-drop"
                on:dragover=|ev: web_sys::DragEvent| ev.prevent_default()
                on:drop=move |ev: web_sys::DragEvent| dropped(g, ev)
            >
                <label>
                    {tr(words::PICK_FILES)} " "
                    <input type="file" multiple data-testid="games-pick-files" on:change=on_pick />
                </label>
                <label>
                    {tr(words::PICK_FOLDER)} " "
                    <input type="file" node_ref=folder data-testid="games-pick-folder" on:change=on_pick on:click=move |ev| pick_folder(g, ev) />
                </label>
                <p>{tr(words::DROP_HERE)}</p>
            </div>
            <Progress />
        </section>
    }
}

/// The running or last import: bar, pace, time left, counts, the files that could not be read.
#[component]
fn Progress() -> impl IntoView {
    let g = expect_context::<Games>();
    let lang = use_lang();
    move || {
        let (run, ended) = g.run.get()?;
        let l = lang.get();
        let Run {
            files,
            done,
            games,
            duplicates,
            ref faults,
            resumed,
            ..
        } = run;
        let pace = Said::Progress {
            done,
            of: files,
            games,
            rate: run.rate(),
            left: run.seconds_left(),
        }
        .say(l);
        let how = match ended {
            None => None,
            Some(Ended::Finished) => Some(words::FINISHED),
            Some(Ended::Cancelled) => Some(words::CANCELLED),
            Some(Ended::Full) => Some(words::STORAGE_FULL),
        };
        let faults = faults.clone();
        Some(view! {
            <div class="games-progress" data-testid="games-run" data-ended=ended.map(|e| format!("{e:?}"))>
                {resumed.then(|| view! { <p data-testid="games-resumed">{words::RESUMED.get(l)}</p> })}
                <progress data-testid="games-progress" max=files.max(1) value=done></progress>
                <p data-testid="games-pace">{pace}</p>
                {ended.is_none().then(|| view! {
                    <button data-testid="games-cancel" on:click=move |_| g.ask(&super::job::Ask::Cancel)>{words::CANCEL.get(l)}</button>
                })}
                {how.map(|t| view! { <p role="status" data-testid="games-ended" class:games-problem=ended == Some(Ended::Full)>{t.get(l)}</p> })}
                <dl class="games-counts">
                    <dt>{words::IMPORTED.get(l)}</dt><dd data-testid="games-imported">{games}</dd>
                    <dt>{words::DUPLICATES.get(l)}</dt><dd data-testid="games-duplicates">{duplicates}</dd>
                    <dt>{words::ERRORS.get(l)}</dt><dd data-testid="games-errors">{faults.len()}</dd>
                </dl>
                {(!faults.is_empty()).then(|| view! {
                    <details open class="games-faults">
                        <summary>{words::ERROR_LIST.get(l)}</summary>
                        <ul data-testid="games-fault-list">
                            {faults.into_iter().map(|f| view! {
                                <li data-file=f.file>{f.said.say(l)}</li>
                            }).collect_view()}
                        </ul>
                    </details>
                })}
            </div>
        })
    }
}
