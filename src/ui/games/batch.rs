//! A batch of an import's files read: its games, in file order, the batch's own duplicates
//! left out (the writer leaves out those of the games before, `worker.rs`), its unreadable
//! files. Two batches are read at once: one by the writing worker, one by a second instance of
//! `games_worker` started by it under the name [`PARSER`], so the parsing (the import's main
//! cost: 31 s of CPU natively for the dataset) runs on two cores. The second one's games come
//! back handed (`StoredGame::to_handed`), their records as stored and their moves as they are.

use super::job::Fault;
use crate::games::import::{import_file, import_games, FileImport, ImportError};
use crate::games::record::{DedupeKey, StoredGame};
use crate::games::zip::{is_zip, Directory, InflateGuard, Member, Method, NoInflater, ZipError};
use crate::ui::files::BrowserCharsets;
use crate::xiangqi::words::Said;
use js_sys::{Array, Promise, Uint8Array};
use std::cell::RefCell;
use std::collections::HashSet;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::{spawn_local, JsFuture};

/// The name the writing worker starts its second parser under.
pub const PARSER: &str = "parser";
/// How long the second parser may take to start (ms) before the writer reads alone.
const START_MS: i32 = 30_000;

#[wasm_bindgen]
extern "C" {
    /// The browser's inflater (`DecompressionStream`; web-sys has it only behind a flag).
    #[wasm_bindgen(js_name = DecompressionStream)]
    type Inflater;
    #[wasm_bindgen(constructor, js_class = "DecompressionStream", catch)]
    fn new(format: &str) -> Result<Inflater, JsValue>;
}

/// The games read from a batch of files, the batch's own duplicates left out.
#[derive(Default)]
pub(super) struct Batch {
    pub files: usize,
    /// Each game with its record's bytes when they came with it (a handed game's).
    pub games: Vec<(StoredGame, Option<Vec<u8>>)>,
    pub duplicates: usize,
    pub faults: Vec<Fault>,
    seen: HashSet<DedupeKey>,
}

impl Batch {
    /// Reads one pending record: `{ names, sizes, blob }`, its files one after another in the
    /// blob (or `{ name, file }`, one file, as an earlier version kept them).
    pub async fn entry(&mut self, entry: JsValue) {
        let get = |k: &str| js_sys::Reflect::get(&entry, &k.into()).unwrap_or_default();
        let (names, sizes, blob) = match get("blob").is_undefined() {
            false => (
                Array::from(&get("names")),
                Array::from(&get("sizes")),
                get("blob"),
            ),
            true => {
                let file = get("file");
                let size = js_sys::Reflect::get(&file, &"size".into()).unwrap_or_default();
                (Array::of1(&get("name")), Array::of1(&size), file)
            }
        };
        let bytes = blob
            .dyn_into::<web_sys::Blob>()
            .ok()
            .and_then(|b| read_blob(&b));
        let mut at = 0usize;
        for (name, size) in names.iter().zip(sizes.iter()) {
            self.files += 1;
            let name = name.as_string().unwrap_or_default();
            let size = size.as_f64().unwrap_or(0.0) as usize;
            let Some(file) = bytes.as_deref().and_then(|b| b.get(at..at + size)) else {
                self.faults.push(unreadable(name));
                continue;
            };
            at += size;
            let found = match is_zip(file) {
                true => import_zip(&name, file).await,
                false => import_file(&name, file, &BrowserCharsets, &NoInflater),
            };
            for e in &found.errors {
                self.faults.push(fault(e));
            }
            for g in found.games {
                self.keep(g, None);
            }
        }
    }

    /// Keeps `game` unless the batch has it already.
    fn keep(&mut self, game: StoredGame, record: Option<Vec<u8>>) {
        if self.seen.insert(game.dedupe_key()) {
            self.games.push((game, record));
        } else {
            self.duplicates += 1;
        }
    }

    /// The batch as the second parser answers it: `[files, duplicates, faults (JSON), games
    /// handed]`.
    fn answer(&self) -> Array {
        let games: Array = self
            .games
            .iter()
            .map(|(g, _)| Uint8Array::from(&g.to_handed()[..]))
            .collect();
        let faults = serde_json::to_string(&self.faults).unwrap_or_default();
        Array::of4(
            &JsValue::from_f64(self.files as f64),
            &JsValue::from_f64(self.duplicates as f64),
            &JsValue::from_str(&faults),
            &games,
        )
    }

    /// Adds the second parser's answer for the batch after this one.
    fn add_answer(&mut self, answer: &Array) {
        let count = |i: u32| answer.get(i).as_f64().unwrap_or(0.0) as usize;
        self.files += count(0);
        self.duplicates += count(1);
        let faults: Vec<Fault> = answer
            .get(2)
            .as_string()
            .and_then(|j| serde_json::from_str(&j).ok())
            .unwrap_or_default();
        self.faults.extend(faults);
        for g in Array::from(&answer.get(3)).iter() {
            let bytes = Uint8Array::new(&g).to_vec();
            // Handed by this same build: a game that does not read back is a bug, not a file's fault.
            if let Ok((game, record)) = StoredGame::from_handed(&bytes) {
                let record = record.to_vec();
                self.keep(game, Some(record));
            }
        }
    }
}

thread_local! {
    /// The second parser, once started (its worker `None`: it did not start).
    static SECOND: RefCell<Option<Second>> = const { RefCell::new(None) };
    /// The question asked of the second parser and not yet answered: its promise's resolve.
    static AWAITED: RefCell<Option<js_sys::Function>> = const { RefCell::new(None) };
}

/// Reads the pending records `entries` (one or two): the first here, the second by the second
/// parser at the same time when `theirs` is its answer to it (here too when it could not start
/// or fails).
pub(super) async fn read(entries: &Array, theirs: Option<Promise>) -> Batch {
    let mut batch = Batch::default();
    batch.entry(entries.get(0)).await;
    if entries.length() > 1 {
        let answer = match theirs {
            Some(a) => JsFuture::from(a).await.ok().filter(|a| a.is_object()),
            None => None,
        };
        match answer {
            Some(a) => batch.add_answer(&Array::from(&a)),
            None => {
                SECOND.with(|s| *s.borrow_mut() = Some(Second::none()));
                batch.entry(entries.get(1)).await;
            }
        }
    }
    batch
}

/// Hands the second of `entries` to the second parser (started on first use): its answer to
/// come, or `None` when there is no second entry or no second parser. Asked as soon as the
/// entries are known, so that it reads while this worker writes.
pub(super) async fn hand_second(entries: &Array) -> Option<Promise> {
    if entries.length() < 2 {
        return None;
    }
    second().await.map(|w| ask(&w, &entries.get(1)))
}

/// The second parser and the promise of its first word (truthy once it is ready).
#[derive(Clone)]
struct Second {
    worker: Option<web_sys::Worker>,
    ready: Promise,
}

impl Second {
    fn none() -> Second {
        Second {
            worker: None,
            ready: Promise::resolve(&JsValue::FALSE),
        }
    }
}

/// Starts the second parser now if it is not started (say, while the folder is walked), so
/// that the first batch does not wait for it.
pub(super) fn start_second() {
    if SECOND.with(|s| s.borrow().is_some()) {
        return;
    }
    let options = web_sys::WorkerOptions::new();
    options.set_name(PARSER);
    let started = web_sys::Worker::new_with_options("./games_worker_loader.js", &options).ok();
    let second = match started {
        Some(w) => {
            listen(&w);
            Second {
                worker: Some(w),
                ready: answered(Some(START_MS)),
            }
        }
        None => Second::none(),
    };
    SECOND.with(|s| *s.borrow_mut() = Some(second));
}

/// The second parser once ready; `None` when it does not start.
async fn second() -> Option<web_sys::Worker> {
    start_second();
    let Second { worker, ready } = SECOND.with(|s| s.borrow().clone())?;
    let ok = JsFuture::from(ready)
        .await
        .ok()
        .is_some_and(|v| v.is_truthy());
    if !ok {
        SECOND.with(|s| *s.borrow_mut() = Some(Second::none()));
    }
    worker.filter(|_| ok)
}

/// Posts `entry` to the second parser; its answer, or null if it fails.
fn ask(w: &web_sys::Worker, entry: &JsValue) -> Promise {
    let answer = answered(None);
    if w.post_message(entry).is_err() {
        return Promise::resolve(&JsValue::NULL);
    }
    answer
}

/// Hears the second parser `w` for as long as it lives (its listeners are made once, not for
/// each question): a message answers the question awaited, an error answers it with null.
fn listen(w: &web_sys::Worker) {
    let on_message =
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(|ev: web_sys::MessageEvent| {
            resolve_awaited(&ev.data())
        });
    let on_error = Closure::<dyn FnMut(JsValue)>::new(|_: JsValue| resolve_awaited(&JsValue::NULL));
    w.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    w.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    on_message.forget();
    on_error.forget();
}

/// Answers the question awaited from the second parser, if one is.
fn resolve_awaited(answer: &JsValue) {
    if let Some(resolve) = AWAITED.with(|a| a.borrow_mut().take()) {
        let _ = resolve.call1(&JsValue::NULL, answer);
    }
}

/// The second parser's next message, or null on its error (or after `within` ms).
fn answered(within: Option<i32>) -> Promise {
    Promise::new(&mut |resolve, _| {
        if let Some(ms) = within {
            let scope: web_sys::WorkerGlobalScope = js_sys::global().unchecked_into();
            let _ = scope.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms);
        }
        AWAITED.with(|a| *a.borrow_mut() = Some(resolve));
    })
}

/// Serves as the second parser: says it is ready, then answers each pending record posted.
pub fn serve_parser() {
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let onmessage =
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
            let entry = ev.data();
            spawn_local(async move {
                let mut batch = Batch::default();
                batch.entry(entry).await;
                let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
                let _ = scope.post_message(&batch.answer());
            });
        });
    scope.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
    onmessage.forget();
    let _ = scope.post_message(&JsValue::TRUE);
}

/// A file that could not be read, as the page lists it.
pub(super) fn unreadable(file: String) -> Fault {
    Fault {
        file,
        said: Said::of(&crate::saved::FileError::Unreadable),
    }
}

/// A fault as the page lists it (its text names the file, and the game where one is at fault).
fn fault(e: &ImportError) -> Fault {
    Fault {
        file: e.file.clone(),
        said: Said::of(e),
    }
}

/// A blob's bytes (a worker may read synchronously): a batch's files in one read.
fn read_blob(blob: &web_sys::Blob) -> Option<Vec<u8>> {
    let reader = web_sys::FileReaderSync::new().ok()?;
    let buf = reader.read_as_array_buffer(blob).ok()?;
    Some(js_sys::Uint8Array::new(&buf).to_vec())
}

/// The games of the zip `name`: its directory read with its caps, each member inflated by the
/// browser and checked as it inflates.
async fn import_zip(name: &str, zip: &[u8]) -> FileImport {
    let mut out = FileImport::default();
    let zip_error = |member: &str, e: ZipError| ImportError {
        file: format!("{name}/{member}"),
        game: None,
        fault: crate::games::import::Fault::Zip(e),
    };
    let dir = match Directory::read(zip, &BrowserCharsets) {
        Ok(d) => d,
        Err(e) => {
            out.errors.push(zip_error("", e));
            return out;
        }
    };
    for e in dir.refused {
        out.errors.push(zip_error("", e));
    }
    for m in &dir.members {
        match member_bytes(m, zip).await {
            Ok(bytes) => import_games(
                &format!("{name}/{}", m.name),
                &bytes,
                &BrowserCharsets,
                &mut out,
            ),
            Err(e) => out.errors.push(zip_error(&m.name, e)),
        }
    }
    out
}

async fn member_bytes(m: &Member, zip: &[u8]) -> Result<Vec<u8>, ZipError> {
    let raw = m.raw(zip)?;
    match m.method {
        Method::Stored => Ok(raw.to_vec()),
        Method::Deflate => inflate(raw, &mut InflateGuard::new(m)).await,
    }
}

/// Inflates raw deflate through `DecompressionStream("deflate-raw")`, a chunk at a time, each
/// counted by `guard` so that a member inflating past its declared size is stopped there.
async fn inflate(raw: &[u8], guard: &mut InflateGuard) -> Result<Vec<u8>, ZipError> {
    let bad = |g: &InflateGuard| g.bad_deflate();
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(raw));
    let blob = web_sys::Blob::new_with_u8_array_sequence(&parts).map_err(|_| bad(guard))?;
    let inflater = Inflater::new("deflate-raw").map_err(|_| bad(guard))?;
    let stream = blob.stream().pipe_through(inflater.unchecked_ref());
    let reader: web_sys::ReadableStreamDefaultReader = stream.get_reader().unchecked_into();
    let mut out = Vec::new();
    loop {
        let chunk = JsFuture::from(reader.read())
            .await
            .map_err(|_| bad(guard))?;
        if js_sys::Reflect::get(&chunk, &"done".into()).is_ok_and(|d| d.is_truthy()) {
            return Ok(out);
        }
        let value = js_sys::Reflect::get(&chunk, &"value".into()).map_err(|_| bad(guard))?;
        let bytes = js_sys::Uint8Array::new(&value);
        if let Err(e) = guard.take(bytes.length() as usize) {
            let _ = reader.cancel();
            return Err(e);
        }
        let at = out.len();
        out.resize(at + bytes.length() as usize, 0);
        bytes.copy_to(&mut out[at..]);
    }
}
