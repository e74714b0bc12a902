//! `games_worker`: the database's one writer. It opens IndexedDB (refusing a newer layout or
//! record untouched), keeps every game in memory for the search, and imports: the page's files
//! first go whole into the `pending` store, then are read a batch at a time, each batch's games
//! written and its files deleted in one transaction, so a reload goes on where it stopped and
//! storage running full never leaves half a batch.

use super::idb;
use super::job::{Ask, Ended, Fault, Run, Told, IMPORT};
use crate::games::import::{check_drop, import_file, import_games, FileImport, ImportError};
use crate::games::record::{DedupeKey, RecordError, StoredGame};
use crate::games::search::Catalogue;
use crate::games::zip::{is_zip, Directory, InflateGuard, Member, Method, NoInflater, ZipError};
use crate::ui::files::BrowserCharsets;
use crate::xiangqi::words::Said;
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::{spawn_local, JsFuture};
use web_sys::{IdbDatabase, IdbTransactionMode};

/// The name `#/play`'s explorer starts this worker under: it only reads.
pub const READER: &str = "explorer";

/// Files read a transaction: small enough that a batch is quick, large enough that the
/// transactions' own cost stays small (the dataset: about 270 of them).
const BATCH_FILES: u32 = 200;

#[wasm_bindgen]
extern "C" {
    /// The browser's inflater (`DecompressionStream`; web-sys has it only behind a flag).
    #[wasm_bindgen(js_name = DecompressionStream)]
    type Inflater;
    #[wasm_bindgen(constructor, js_class = "DecompressionStream", catch)]
    fn new(format: &str) -> Result<Inflater, JsValue>;
}

/// The worker's state: the open database, every game (its record's bytes by its id in the
/// database, and the catalogue the search reads), the duplicates' keys, and the import going on.
#[derive(Default)]
struct State {
    db: Option<IdbDatabase>,
    records: HashMap<u32, Vec<u8>>,
    catalogue: Catalogue,
    keys: HashSet<DedupeKey>,
    run: Option<Run>,
    importing: bool,
    cancel: bool,
}

thread_local! {
    static STATE: RefCell<State> = RefCell::default();
}

impl State {
    /// Holds game `id` (its record `bytes`) for the search.
    fn hold(&mut self, id: u32, game: &StoredGame, bytes: Vec<u8>) {
        self.keys.insert(game.dedupe_key());
        self.catalogue.add(id, game);
        self.records.insert(id, bytes);
    }
}

fn with<T>(f: impl FnOnce(&mut State) -> T) -> T {
    STATE.with(|s| f(&mut s.borrow_mut()))
}

fn tell(told: &Told) {
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let _ = scope.post_message(&JsValue::from_str(&told.to_json()));
}

fn now() -> f64 {
    let scope: web_sys::WorkerGlobalScope = js_sys::global().unchecked_into();
    scope.performance().map(|p| p.now()).unwrap_or(0.0)
}

/// Starts the worker: listens to the page and opens the database.
pub fn serve_games_worker() {
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let onmessage =
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
            let data = ev.data();
            if let Some(text) = data.as_string() {
                if let Ok(ask) = serde_json::from_str::<Ask>(&text) {
                    super::answer::answer(ask);
                }
            } else if let Ok(parts) = data.dyn_into::<js_sys::Array>() {
                if parts.get(0).as_string().as_deref() == Some(IMPORT) {
                    let files: js_sys::Array = parts.get(1).unchecked_into();
                    let names: js_sys::Array = parts.get(2).unchecked_into();
                    spawn_local(add_files(files, names, parts.get(3).is_truthy()));
                }
            }
        });
    scope.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
    onmessage.forget();
    spawn_local(open());
}

/// Opens the database and reads every game into memory; then goes on with an import a reload
/// interrupted.
async fn open() {
    let scope: web_sys::WorkerGlobalScope = js_sys::global().unchecked_into();
    let factory = match scope.indexed_db() {
        Ok(Some(f)) => f,
        Ok(None) => return tell(&Told::Unavailable("indexedDB".into())),
        Err(e) => return tell(&Told::Unavailable(idb::error_name(&e))),
    };
    let db = match idb::open(&factory).await {
        Ok(db) => db,
        Err(idb::OpenFailed::Newer) => return tell(&Told::Newer),
        Err(idb::OpenFailed::Unavailable(why)) => return tell(&Told::Unavailable(why)),
    };
    let (values, keys) = match idb::all(&db, idb::GAMES).await {
        Ok(all) => all,
        Err(e) => return tell(&Told::Unavailable(idb::error_name(&e))),
    };
    // `Catalogue::new`, not its `Default`: the catalogue's start positions begin with the initial one.
    let mut held = State {
        catalogue: Catalogue::new(),
        ..State::default()
    };
    for (value, key) in values.iter().zip(keys.iter()) {
        let bytes = js_sys::Uint8Array::new(&value).to_vec();
        match StoredGame::from_bytes(&bytes) {
            Ok(g) => held.hold(key.as_f64().unwrap_or(0.0) as u32, &g, bytes),
            // A record of a later version: the whole database is that version's, left untouched.
            Err(RecordError::NewerVersion(_)) => return tell(&Told::Newer),
            // A record that does not read is left where it is and not listed.
            Err(_) => {}
        }
    }
    let run = read_run(&db).await;
    let pending = idb::count(&db, idb::PENDING).await.unwrap_or(0);
    let held = with(|s| {
        s.records = held.records;
        s.catalogue = held.catalogue;
        s.keys = held.keys;
        s.db = Some(db);
        s.records.len()
    });
    tell(&Told::Opened { games: held });
    // `#/play`'s explorer reads the database through a worker of its own: the import is #/games'.
    let reader = js_sys::global()
        .unchecked_into::<web_sys::DedicatedWorkerGlobalScope>()
        .name()
        == READER;
    if pending > 0 && !reader {
        let mut run = run.unwrap_or_default();
        run.resumed = true;
        run.files = run.files.max(run.done + pending as usize);
        with(|s| {
            s.run = Some(run);
            s.importing = true;
        });
        spawn_local(import());
    }
}

/// The import's counts kept in `meta`, if one is going on.
async fn read_run(db: &IdbDatabase) -> Option<Run> {
    let tx = idb::transaction(db, &[idb::META], IdbTransactionMode::Readonly).ok()?;
    let req = idb::store(&tx, idb::META)
        .ok()?
        .get(&idb::RUN.into())
        .ok()?;
    let v = idb::result(&req).await.ok()?;
    serde_json::from_str(&v.as_string()?).ok()
}

fn db() -> Option<IdbDatabase> {
    with(|s| s.db.clone())
}

/// Puts the page's files into `pending` (after the caps on the whole import); after the pick's
/// `last` message, imports: reading starts once every file of the pick is kept for a reload.
async fn add_files(files: js_sys::Array, names: js_sys::Array, last: bool) {
    let Some(db) = db() else { return };
    let n = files.length() as usize;
    let bytes: u64 = files
        .iter()
        .map(|f| f.unchecked_into::<web_sys::Blob>().size() as u64)
        .sum();
    let before = with(|s| s.run.as_ref().map_or(0, |r| r.files));
    if let Err(e) = check_drop(before + n, bytes) {
        return tell(&Told::Refused(Said::of(&e)));
    }
    let put = || -> Result<web_sys::IdbTransaction, JsValue> {
        // Only the files: the counts in `meta` are the batches' (a reload counts what is
        // pending as files still to read), so a write here can never set them back.
        let tx = idb::transaction(&db, &[idb::PENDING], IdbTransactionMode::Readwrite)?;
        let pending = idb::store(&tx, idb::PENDING)?;
        for (file, name) in files.iter().zip(names.iter()) {
            let entry = js_sys::Object::new();
            js_sys::Reflect::set(&entry, &"name".into(), &name)?;
            js_sys::Reflect::set(&entry, &"file".into(), &file)?;
            pending.put(&entry)?;
        }
        Ok(tx)
    };
    let written = match put() {
        Ok(tx) => idb::committed(&tx).await,
        Err(e) => Err(e),
    };
    match written {
        Ok(()) => {
            // The batches written meanwhile have moved the counts on: only the files are added.
            let (run, start) = with(|s| {
                let run = s.run.get_or_insert_with(Run::default);
                run.files += n;
                let run = run.clone();
                s.cancel = false;
                let start = last && !s.importing;
                s.importing |= start;
                (run, start)
            });
            tell(&Told::Progress(run));
            if start {
                import().await;
            }
        }
        Err(e) => {
            if !idb::is_quota(&e) {
                tell(&Told::Unavailable(idb::error_name(&e)));
            }
            let run = with(|s| s.run.clone()).unwrap_or_default();
            if !with(|s| s.importing) {
                end(run, Ended::Full);
            }
        }
    }
}

/// Says how the import ended.
fn end(run: Run, how: Ended) {
    let games = with(|s| {
        s.importing = false;
        s.run = None;
        s.records.len()
    });
    tell(&Told::Ended { run, how, games });
}

/// Imports the pending files a batch at a time until none is left, the user cancels or
/// storage is full.
async fn import() {
    let Some(db) = db() else { return };
    loop {
        if with(|s| s.cancel) {
            return cancelled(&db).await;
        }
        let started = now();
        let Ok((values, keys)) = idb::first(&db, idb::PENDING, Some(BATCH_FILES)).await else {
            return finished(&db).await;
        };
        if values.length() == 0 {
            return finished(&db).await;
        }
        let mut read = Batch::default();
        for v in values.iter() {
            read.file(v).await;
        }
        read.bytes = read.games.iter().map(StoredGame::to_bytes).collect();
        let files = values.length() as usize;
        let ms = now() - started;
        let counted = |run: &mut Run| {
            run.done += files;
            run.games += read.games.len();
            run.duplicates += read.duplicates;
            run.faults.extend(read.faults.iter().cloned());
            run.ms += ms;
        };
        let mut run = with(|s| s.run.clone()).unwrap_or_default();
        counted(&mut run);
        match write(&db, &read.bytes, &keys, &run).await {
            Ok(ids) => {
                let run = with(|s| {
                    for ((id, g), bytes) in ids.into_iter().zip(&read.games).zip(read.bytes) {
                        s.hold(id, g, bytes);
                    }
                    let run = s.run.get_or_insert_with(Run::default);
                    counted(run);
                    run.clone()
                });
                tell(&Told::Progress(run));
            }
            Err(e) => {
                // None of the batch was written: its games are not held either.
                with(|s| {
                    for g in &read.games {
                        s.keys.remove(&g.dedupe_key());
                    }
                });
                let kept = with(|s| s.run.clone()).unwrap_or_default();
                if !idb::is_quota(&e) {
                    tell(&Told::Unavailable(idb::error_name(&e)));
                }
                return end(kept, Ended::Full);
            }
        }
    }
}

/// The games read from one batch of files, duplicates left out.
#[derive(Default)]
struct Batch {
    games: Vec<StoredGame>,
    /// Their records, as written.
    bytes: Vec<Vec<u8>>,
    duplicates: usize,
    faults: Vec<Fault>,
}

impl Batch {
    /// Reads one pending entry (`{ name, file }`).
    async fn file(&mut self, entry: JsValue) {
        let name = js_sys::Reflect::get(&entry, &"name".into())
            .ok()
            .and_then(|n| n.as_string())
            .unwrap_or_default();
        let Some(bytes) = js_sys::Reflect::get(&entry, &"file".into())
            .ok()
            .and_then(|f| f.dyn_into::<web_sys::Blob>().ok())
            .and_then(|blob| read_blob(&blob))
        else {
            return self.faults.push(Fault {
                file: name,
                said: Said::of(&crate::saved::FileError::Unreadable),
            });
        };
        let found = match is_zip(&bytes) {
            true => import_zip(&name, &bytes).await,
            false => import_file(&name, &bytes, &BrowserCharsets, &NoInflater),
        };
        self.add(found);
    }

    fn add(&mut self, found: FileImport) {
        for e in &found.errors {
            self.faults.push(fault(e));
        }
        for g in found.games {
            let key = g.dedupe_key();
            if with(|s| s.keys.insert(key)) {
                self.games.push(g);
            } else {
                self.duplicates += 1;
            }
        }
    }
}

/// A fault as the page lists it (its text names the file, and the game where one is at fault).
fn fault(e: &ImportError) -> Fault {
    Fault {
        file: e.file.clone(),
        said: Said::of(e),
    }
}

/// A blob's bytes (a worker may read synchronously).
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

/// Writes a batch in one transaction: its games, its files out of `pending`, the counts. The ids
/// the games got, or the transaction's error (none of it kept).
async fn write(
    db: &IdbDatabase,
    games: &[Vec<u8>],
    pending: &js_sys::Array,
    run: &Run,
) -> Result<Vec<u32>, JsValue> {
    let stores = [idb::GAMES, idb::PENDING, idb::META];
    let tx = idb::transaction(db, &stores, IdbTransactionMode::Readwrite)?;
    let queued = (|| -> Result<Vec<web_sys::IdbRequest>, JsValue> {
        let store = idb::store(&tx, idb::GAMES)?;
        let mut puts = Vec::with_capacity(games.len());
        for g in games {
            puts.push(store.put(&js_sys::Uint8Array::from(&g[..]))?);
        }
        let files = idb::store(&tx, idb::PENDING)?;
        for key in pending.iter() {
            files.delete(&key)?;
        }
        let json = serde_json::to_string(run).unwrap_or_default();
        idb::store(&tx, idb::META)?.put_with_key(&json.into(), &idb::RUN.into())?;
        Ok(puts)
    })();
    let puts = match queued {
        Ok(p) => p,
        Err(e) => {
            // A write refused as it was queued (storage full): nothing of the batch is kept.
            let _ = tx.abort();
            let _ = idb::committed(&tx).await;
            return Err(e);
        }
    };
    idb::committed(&tx).await?;
    Ok(puts
        .iter()
        .map(|r| r.result().ok().and_then(|k| k.as_f64()).unwrap_or(0.0) as u32)
        .collect())
}

/// No file left: the counts are dropped from `meta`.
async fn finished(db: &IdbDatabase) {
    clear(db, false).await;
    let run = with(|s| s.run.clone()).unwrap_or_default();
    end(run, Ended::Finished);
}

/// Cancelled: the files not read and the counts are dropped; the games imported stay.
async fn cancelled(db: &IdbDatabase) {
    clear(db, true).await;
    let run = with(|s| {
        s.cancel = false;
        s.run.clone()
    })
    .unwrap_or_default();
    end(run, Ended::Cancelled);
}

async fn clear(db: &IdbDatabase, pending: bool) {
    let go = || -> Result<web_sys::IdbTransaction, JsValue> {
        let tx = idb::transaction(
            db,
            &[idb::PENDING, idb::META],
            IdbTransactionMode::Readwrite,
        )?;
        if pending {
            idb::store(&tx, idb::PENDING)?.clear()?;
        }
        idb::store(&tx, idb::META)?.delete(&idb::RUN.into())?;
        Ok(tx)
    };
    if let Ok(tx) = go() {
        let _ = idb::committed(&tx).await;
    }
}

/// Asks the import to stop after the batch it is on; with none going on, drops what is pending.
pub(super) fn cancel() {
    let running = with(|s| {
        s.cancel = s.importing;
        s.importing
    });
    if !running {
        if let Some(db) = db() {
            spawn_local(async move { cancelled(&db).await });
        }
    }
}

/// The catalogue and the records held, for the search.
pub(super) fn held<T>(f: impl FnOnce(&Catalogue, &HashMap<u32, Vec<u8>>) -> T) -> T {
    STATE.with(|s| {
        let s = s.borrow();
        f(&s.catalogue, &s.records)
    })
}
