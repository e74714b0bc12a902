//! `games_worker`: the database's one writer. It opens IndexedDB (refusing a newer layout or
//! record untouched), loads the catalogue the search reads from its saved snapshot (the games
//! stored after it decoded on top), and imports: a pick's files (handed over, or found under
//! the folder's handle the page posted, `folder.rs`), once all are there and the caps checked
//! over the whole pick, go into the `pending` store a batch to a record, then
//! are read a batch at a time, each batch's games written and its record deleted in one
//! transaction, so a reload goes on where it stopped and storage running full never leaves half
//! a batch. Records are read from the database when a game is opened, saved or shown.

use super::batch::{self, unreadable, PARSER};
use super::job::{Ask, Ended, Fault, Run, Told, IMPORT};
use super::{folder, idb};
use crate::games::import::check_drop;
use crate::games::record::{DedupeKey, RecordError, StoredGame};
use crate::games::search::Catalogue;
use crate::xiangqi::words::Said;
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::spawn_local;
use web_sys::{IdbDatabase, IdbTransactionMode};

/// The name `#/play`'s explorer starts this worker under: it only reads.
pub const READER: &str = "explorer";

/// Files a batch: one `pending` record, one read, its games (about 300 of the dataset's)
/// written with the next batch's in one transaction, so the transactions' and messages' own
/// costs stay small (the dataset: about 135 batches) and a reload loses at most two batches'
/// reading.
const BATCH_FILES: usize = 400;

/// The worker's state: the open database, the catalogue the search reads, the duplicates' keys,
/// the pick being handed over, and the import going on.
#[derive(Default)]
struct State {
    db: Option<IdbDatabase>,
    catalogue: Catalogue,
    keys: HashSet<DedupeKey>,
    /// The files of a pick handed over so far, with the names they are listed under.
    pick: Vec<(web_sys::File, String)>,
    /// The files of a pick (as handles) that the browser would not give: listed as unreadable.
    unread: Vec<String>,
    run: Option<Run>,
    importing: bool,
    cancel: bool,
}

thread_local! {
    static STATE: RefCell<State> = RefCell::default();
}

impl State {
    /// Holds game `id` for the search.
    fn hold(&mut self, id: u32, game: &StoredGame) {
        self.keys.insert(game.dedupe_key());
        self.catalogue.add(id, game);
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
    if scope.name() == PARSER {
        return batch::serve_parser();
    }
    let onmessage =
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
            let data = ev.data();
            if let Some(text) = data.as_string() {
                if let Ok(ask) = serde_json::from_str::<Ask>(&text) {
                    super::answer::answer(ask);
                }
            } else if let Ok(parts) = data.dyn_into::<js_sys::Array>() {
                if parts.get(0).as_string().as_deref() == Some(IMPORT) {
                    // Started while the files are handed over or the folder walked.
                    batch::start_second();
                    let files = js_sys::Array::from(&parts.get(1));
                    if files.iter().any(|f| folder::is_handle(&f)) {
                        spawn_local(take_handles(files));
                    } else {
                        take(&files, &parts.get(2));
                        if parts.get(3).is_truthy() {
                            spawn_local(add_pick());
                        }
                    }
                }
            }
        });
    scope.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
    onmessage.forget();
    spawn_local(open());
}

/// A pick as the browser's handles (a folder picked or dropped, posted whole): its files are
/// found and asked for here, then the pick goes on as one handed over file by file.
async fn take_handles(handles: js_sys::Array) {
    match folder::walk(&handles).await {
        Ok(walked) => {
            with(|s| {
                s.pick.extend(walked.files);
                s.unread.extend(walked.unread);
            });
            add_pick().await;
        }
        Err(count) => {
            if let Err(e) = check_drop(count, 0) {
                tell(&Told::Refused(Said::of(&e)));
            }
        }
    }
}

/// Adds one message's files (an array or a `FileList`) to the pick, named by `names` when the
/// page gives them (a drop's paths), else by their path in the folder chosen, else their name.
fn take(files: &js_sys::Array, names: &JsValue) {
    let names = names.dyn_ref::<js_sys::Array>();
    with(|s| {
        for (i, f) in files.iter().enumerate() {
            let f: web_sys::File = f.unchecked_into();
            let name = names
                .and_then(|n| n.get(i as u32).as_string())
                .or_else(|| {
                    js_sys::Reflect::get(&f, &"webkitRelativePath".into())
                        .ok()
                        .and_then(|p| p.as_string())
                })
                .filter(|p| !p.is_empty())
                .unwrap_or_else(|| f.name());
            s.pick.push((f, name));
        }
    });
}

/// Opens the database and its catalogue; then goes on with an import a reload interrupted.
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
    let loaded = match load_catalogue(&db).await {
        Ok(l) => l,
        Err(told) => return tell(&told),
    };
    let run = read_run(&db).await;
    let pending = idb::count(&db, idb::PENDING).await.unwrap_or(0);
    let held = with(|s| {
        s.keys = loaded.catalogue.dedupe_keys().collect();
        s.catalogue = loaded.catalogue;
        s.db = Some(db.clone());
        s.catalogue.len()
    });
    tell(&Told::Opened { games: held });
    if loaded.set_aside {
        tell(&Told::SetAside);
    }
    // `#/play`'s explorer reads the database through a worker of its own: the import and the
    // snapshot are #/games'.
    let reader = js_sys::global()
        .unchecked_into::<web_sys::DedicatedWorkerGlobalScope>()
        .name()
        == READER;
    if reader {
        return;
    }
    if pending > 0 {
        let mut run = run.unwrap_or_default();
        run.resumed = true;
        if run.files <= run.done {
            // No count saved with the pick (an earlier version's): at most a batch a record.
            run.files = run.done + pending as usize * BATCH_FILES;
        }
        with(|s| {
            s.run = Some(run);
            s.importing = true;
        });
        import().await;
    } else if loaded.stale {
        save_snapshot(&db).await;
    }
}

/// The catalogue as opened: whether its snapshot was set aside, and whether the snapshot saved
/// is behind it (games stored after it, or none saved yet).
struct Loaded {
    catalogue: Catalogue,
    set_aside: bool,
    stale: bool,
}

/// The catalogue: its snapshot when one is saved and agrees with the records (every game with
/// an id up to its last is in it), with the games stored after it added; else built from every
/// record. A snapshot that does not read (damaged, or a newer version's) is set aside under
/// [`idb::SET_ASIDE`], never deleted. `Err` with what to tell when the database is a newer
/// version's or does not read.
async fn load_catalogue(db: &IdbDatabase) -> Result<Loaded, Told> {
    let unavailable = |e: JsValue| Told::Unavailable(idb::error_name(&e));
    let mut set_aside = false;
    let mut snapshot = None;
    if let Some(v) = idb::meta_get(db, idb::CATALOGUE)
        .await
        .map_err(unavailable)?
    {
        let bytes = js_sys::Uint8Array::new(&v).to_vec();
        match Catalogue::from_bytes(&bytes) {
            Ok(cat) => snapshot = Some(cat),
            Err(_) => {
                set_aside = true;
                idb::set_aside(db, &v).await.map_err(unavailable)?;
            }
        }
    }
    // A snapshot agrees with the records when it holds exactly the games up to its last id.
    if let Some(cat) = &snapshot {
        let upto = cat.last_id().unwrap_or(0);
        let stored = idb::count_upto(db, idb::GAMES, upto)
            .await
            .map_err(unavailable)?;
        if stored as usize != cat.len() {
            snapshot = None;
        }
    }
    let stale = snapshot.is_none();
    let after = snapshot.as_ref().and_then(Catalogue::last_id);
    // `Catalogue::new`, not its `Default`: the catalogue's start positions begin with the initial one.
    let mut cat = snapshot.unwrap_or_else(Catalogue::new);
    let (values, keys) = idb::after(db, idb::GAMES, after)
        .await
        .map_err(unavailable)?;
    let added = values.length() > 0;
    for (value, key) in values.iter().zip(keys.iter()) {
        let bytes = js_sys::Uint8Array::new(&value).to_vec();
        match StoredGame::from_bytes(&bytes) {
            Ok(g) => cat.add(key.as_f64().unwrap_or(0.0) as u32, &g),
            // A record of a later version: the whole database is that version's, left untouched.
            Err(RecordError::NewerVersion(_)) => return Err(Told::Newer),
            // A record that does not read is left where it is and not listed.
            Err(_) => {}
        }
    }
    Ok(Loaded {
        catalogue: cat,
        set_aside,
        stale: stale || added,
    })
}

/// Saves the catalogue's snapshot, so the next opening reads it instead of every record. A
/// failure (storage full) leaves the previous one, which the next opening completes.
async fn save_snapshot(db: &IdbDatabase) {
    let bytes = with(|s| s.catalogue.to_bytes());
    let _ = idb::meta_put(
        db,
        idb::CATALOGUE,
        &js_sys::Uint8Array::from(&bytes[..]).into(),
    )
    .await;
}

/// The import's counts kept in `meta`, if one is going on.
async fn read_run(db: &IdbDatabase) -> Option<Run> {
    let v = idb::meta_get(db, idb::RUN).await.ok()??;
    serde_json::from_str(&v.as_string()?).ok()
}

fn db() -> Option<IdbDatabase> {
    with(|s| s.db.clone())
}

/// The pick is all handed over: its caps are checked over all its files (their count and
/// sizes) before any is read; then its files go into `pending`, a batch to a record (one
/// `Blob` of its files, their names and sizes), and the import starts. The files of a folder
/// the browser would not give count as read, each listed as unreadable.
async fn add_pick() {
    let Some(db) = db() else { return };
    let (pick, unread) = with(|s| (std::mem::take(&mut s.pick), std::mem::take(&mut s.unread)));
    let n = pick.len() + unread.len();
    if n == 0 {
        return;
    }
    let bytes: u64 = pick.iter().map(|(f, _)| f.size() as u64).sum();
    let before = with(|s| s.run.as_ref().map_or(0, |r| r.files));
    if let Err(e) = check_drop(before + n, bytes) {
        return tell(&Told::Refused(Said::of(&e)));
    }
    let unread: Vec<Fault> = unread.into_iter().map(unreadable).collect();
    let picked = |run: &mut Run| {
        run.files += n;
        run.done += unread.len();
        run.faults.extend(unread.iter().cloned());
    };
    // With no import going on, the pick's count is saved with its files, so a reload before its
    // first batch knows it; during one, the counts in `meta` are the batches' alone (a write
    // here could set them back), and the pick's files are added to them once kept.
    let idle = with(|s| !s.importing).then(|| {
        let mut run = with(|s| s.run.clone()).unwrap_or_default();
        picked(&mut run);
        serde_json::to_string(&run).unwrap_or_default()
    });
    let written = match put_pick(&db, &pick, idle.as_deref()) {
        Ok(tx) => idb::committed(&tx).await,
        Err(e) => Err(e),
    };
    match written {
        Ok(()) => {
            // The batches written meanwhile have moved the counts on: only the files are added.
            let (run, start) = with(|s| {
                let run = s.run.get_or_insert_with(Run::default);
                picked(run);
                let run = run.clone();
                s.cancel = false;
                let start = !s.importing;
                s.importing = true;
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
                end(&db, run, Ended::Full).await;
            }
        }
    }
}

/// Queues `pick` into `pending`, a batch to a record, with the counts `run` (its JSON) when
/// no import is going on.
fn put_pick(
    db: &IdbDatabase,
    pick: &[(web_sys::File, String)],
    run: Option<&str>,
) -> Result<web_sys::IdbTransaction, JsValue> {
    let tx = idb::transaction(
        db,
        &[idb::PENDING, idb::META],
        IdbTransactionMode::Readwrite,
    )?;
    if let Some(json) = run {
        idb::store(&tx, idb::META)?.put_with_key(&json.into(), &idb::RUN.into())?;
    }
    let pending = idb::store(&tx, idb::PENDING)?;
    for batch in pick.chunks(BATCH_FILES) {
        let files: js_sys::Array = batch.iter().map(|(f, _)| JsValue::from(f)).collect();
        let names: js_sys::Array = batch.iter().map(|(_, n)| JsValue::from_str(n)).collect();
        let sizes: js_sys::Array = batch
            .iter()
            .map(|(f, _)| JsValue::from_f64(f.size()))
            .collect();
        let entry = js_sys::Object::new();
        js_sys::Reflect::set(&entry, &"names".into(), &names)?;
        js_sys::Reflect::set(&entry, &"sizes".into(), &sizes)?;
        let blob = web_sys::Blob::new_with_blob_sequence(&files)?;
        js_sys::Reflect::set(&entry, &"blob".into(), &blob)?;
        pending.put(&entry)?;
    }
    Ok(tx)
}

/// Says how the import ended, after saving the catalogue's snapshot.
async fn end(db: &IdbDatabase, run: Run, how: Ended) {
    save_snapshot(db).await;
    let games = with(|s| {
        s.importing = false;
        s.run = None;
        s.catalogue.len()
    });
    tell(&Told::Ended { run, how, games });
}

/// Imports the pending files two batches at a time until none is left, the user cancels or
/// storage is full. Pipelined: while this worker reads a pair (the second batch handed to the
/// second parser), the pair before is committed and the pair after is read from `pending`; the
/// next pair's second batch is handed over before this worker holds and writes.
async fn import() {
    let Some(db) = db() else { return };
    let mut next = ask_pair(&db, None);
    let mut theirs: Option<js_sys::Promise> = None;
    let mut writing: Option<Writing> = None;
    let mut started = now();
    let mut last: Option<JsValue> = None;
    loop {
        let (values, keys) = match next.await {
            Ok((v, k)) if v.length() > 0 => (v, k),
            _ => {
                if !settle(writing.take()).await {
                    return end_full(&db).await;
                }
                // Asked again now: a pick kept since the pair was asked goes on in this import.
                match ask_pair(&db, last.as_ref()).await {
                    Ok((v, k)) if v.length() > 0 => (v, k),
                    _ => return finished(&db).await,
                }
            }
        };
        last = Some(keys.get(keys.length() - 1));
        if with(|s| s.cancel) {
            let_go(theirs.take()).await;
            let _ = settle(writing.take()).await;
            return cancelled(&db).await;
        }
        if theirs.is_none() {
            theirs = batch::hand_second(&values).await;
        }
        // The pair after this one, asked before this pair's write is queued (else it waits for it).
        next = ask_pair(&db, last.as_ref());
        let mut read = batch::read(&values, theirs.take()).await;
        // The games before these, in the order of the files: a game already held is a duplicate.
        let before = read.games.len();
        with(|s| read.games.retain(|(g, _)| s.keys.insert(g.dedupe_key())));
        read.duplicates += before - read.games.len();
        let bytes: Vec<Vec<u8>> = read
            .games
            .iter_mut()
            .map(|(g, record)| record.take().unwrap_or_else(|| g.to_bytes()))
            .collect();
        // The next pair's second batch goes to the second parser now, to be read while the
        // pair before is held and this one written.
        let pair = next.await;
        if let Ok((v, _)) = &pair {
            theirs = batch::hand_second(v).await;
        }
        next = Box::pin(async move { pair });
        if !settle(writing.take()).await {
            // This pair is not written either: its games are not held.
            forget(&read);
            let_go(theirs.take()).await;
            return end_full(&db).await;
        }
        let ms = now() - started;
        started = now();
        let mut run = with(|s| s.run.clone()).unwrap_or_default();
        counted(&mut run, &read, ms);
        match queue_write(&db, &bytes, &keys, &run) {
            Ok((tx, puts)) => writing = Some(Writing { tx, puts, read, ms }),
            Err(_) => {
                forget(&read);
                let_go(theirs.take()).await;
                return end_full(&db).await;
            }
        }
    }
}

/// Awaits the second parser's answer to a batch that will not be used, so that it cannot
/// answer a later question.
async fn let_go(theirs: Option<js_sys::Promise>) {
    if let Some(t) = theirs {
        let _ = wasm_bindgen_futures::JsFuture::from(t).await;
    }
}

/// A pair of `pending` records asked for: their values and keys.
type Asked = std::pin::Pin<
    Box<dyn std::future::Future<Output = Result<(js_sys::Array, js_sys::Array), JsValue>>>,
>;

/// Asks now for the two `pending` records after key `after` (the first two when `None`).
fn ask_pair(db: &IdbDatabase, after: Option<&JsValue>) -> Asked {
    match idb::ask_after(db, idb::PENDING, after, 2) {
        Ok(asked) => Box::pin(asked),
        Err(e) => Box::pin(async move { Err(e) }),
    }
}

/// A pair's write queued and not yet known committed: its transaction, its puts, what it read
/// and how long that took.
struct Writing {
    tx: js_sys::Promise,
    puts: Vec<web_sys::IdbRequest>,
    read: batch::Batch,
    ms: f64,
}

/// Adds what `read` read, in `ms`, to the counts `run`.
fn counted(run: &mut Run, read: &batch::Batch, ms: f64) {
    run.done += read.files;
    run.games += read.games.len();
    run.duplicates += read.duplicates;
    run.faults.extend(read.faults.iter().cloned());
    run.ms += ms;
}

/// Lets go of the duplicates' keys of games read and not written.
fn forget(read: &batch::Batch) {
    with(|s| {
        for (g, _) in &read.games {
            s.keys.remove(&g.dedupe_key());
        }
    });
}

/// Waits for the pair's write: once committed its games are held for the search and the
/// progress told; `false` when it was refused (nothing of it kept; told unless storage is full).
async fn settle(writing: Option<Writing>) -> bool {
    let Some(Writing { tx, puts, read, ms }) = writing else {
        return true;
    };
    match wasm_bindgen_futures::JsFuture::from(tx).await {
        Ok(_) => {
            let ids = puts
                .iter()
                .map(|r| r.result().ok().and_then(|k| k.as_f64()).unwrap_or(0.0) as u32);
            let run = with(|s| {
                for (id, (g, _)) in ids.zip(&read.games) {
                    s.hold(id, g);
                }
                let run = s.run.get_or_insert_with(Run::default);
                counted(run, &read, ms);
                run.clone()
            });
            tell(&Told::Progress(run));
            true
        }
        Err(e) => {
            forget(&read);
            if !idb::is_quota(&e) {
                tell(&Told::Unavailable(idb::error_name(&e)));
            }
            false
        }
    }
}

/// Storage is full (or refused a write): the import ends with what was kept.
async fn end_full(db: &IdbDatabase) {
    let kept = with(|s| s.run.clone()).unwrap_or_default();
    end(db, kept, Ended::Full).await;
}

/// Queues a pair's write in one transaction: its games, its files out of `pending`, the counts.
/// The transaction's promise (its error when aborted: none of it kept) and the games' puts, whose
/// results are their ids; `Err` when a write was refused as it was queued (the transaction aborted).
fn queue_write(
    db: &IdbDatabase,
    games: &[Vec<u8>],
    pending: &js_sys::Array,
    run: &Run,
) -> Result<(js_sys::Promise, Vec<web_sys::IdbRequest>), JsValue> {
    let stores = [idb::GAMES, idb::PENDING, idb::META];
    let tx = idb::transaction(db, &stores, IdbTransactionMode::Readwrite)?;
    let done = idb::commit_promise(&tx);
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
    match queued {
        Ok(puts) => Ok((done, puts)),
        Err(e) => {
            // A write refused as it was queued (storage full): nothing of the pair is kept. The
            // abort is awaited by no one: its rejection is caught here.
            let _ = tx.abort();
            let caught = Closure::<dyn FnMut(JsValue)>::new(|_: JsValue| {});
            let _ = done.catch(&caught);
            caught.forget();
            Err(e)
        }
    }
}

/// No file left: the counts are dropped from `meta`.
async fn finished(db: &IdbDatabase) {
    clear(db, false).await;
    let run = with(|s| s.run.clone()).unwrap_or_default();
    end(db, run, Ended::Finished).await;
}

/// Cancelled: the files not read and the counts are dropped; the games imported stay.
async fn cancelled(db: &IdbDatabase) {
    clear(db, true).await;
    let run = with(|s| {
        s.cancel = false;
        s.run.clone()
    })
    .unwrap_or_default();
    end(db, run, Ended::Cancelled).await;
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

/// The catalogue held, for the search.
pub(super) fn held<T>(f: impl FnOnce(&Catalogue) -> T) -> T {
    STATE.with(|s| f(&s.borrow().catalogue))
}

/// The records of games `ids` that read, from the database (in one transaction; every record
/// at once when most are asked for).
pub(super) async fn records(ids: &[u32]) -> HashMap<u32, StoredGame> {
    let Some(db) = db() else {
        return HashMap::new();
    };
    let wanted: HashSet<u32> = ids.iter().copied().collect();
    let pairs = match ids.len() > 1000 {
        true => idb::after(&db, idb::GAMES, None).await.ok(),
        false => idb::get_many(&db, idb::GAMES, ids).await.ok(),
    };
    let Some((values, keys)) = pairs else {
        return HashMap::new();
    };
    values
        .iter()
        .zip(keys.iter())
        .filter_map(|(v, k)| {
            let id = k.as_f64()? as u32;
            if !wanted.contains(&id) || v.is_undefined() {
                return None;
            }
            let g = StoredGame::from_bytes(&js_sys::Uint8Array::new(&v).to_vec()).ok()?;
            Some((id, g))
        })
        .collect()
}
