//! The games database in IndexedDB, as the worker uses it: each request and transaction awaited
//! as a future, and the database's layout (its stores and version) in one place.
//!
//! Stores: `games` (each game's record bytes, keys from 1 up), `pending` (the files of an import
//! not yet read, `{ name, file }` with the `File` itself, so that a reload goes on from them),
//! and `meta` (the running import's counts and errors, so that a reload shows them; the
//! catalogue's snapshot, so that opening reads it instead of every record).

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{IdbDatabase, IdbObjectStore, IdbRequest, IdbTransaction, IdbTransactionMode};

/// The database's name in the browser.
pub const NAME: &str = "xq-games";
/// The layout this app writes; a database of a later layout is refused, never opened.
pub const VERSION: u32 = 1;
pub const GAMES: &str = "games";
pub const PENDING: &str = "pending";
pub const META: &str = "meta";
/// The `meta` key of the running import's counts.
pub const RUN: &str = "run";
/// The `meta` key of the catalogue's snapshot (`Catalogue::to_bytes`), saved as an import ends.
pub const CATALOGUE: &str = "catalogue";
/// The `meta` key where a snapshot that does not read is set aside (never deleted).
pub const SET_ASIDE: &str = "catalogue-set-aside";

/// Why the database did not open.
#[derive(Debug)]
pub enum OpenFailed {
    /// Written by a later version of the app (IndexedDB's `VersionError`): left as it is.
    Newer,
    /// The browser has no IndexedDB here (a private window of some browsers) or refused it.
    Unavailable(String),
}

/// The name of a failure (`QuotaExceededError`, `VersionError` …), or its text.
pub fn error_name(e: &JsValue) -> String {
    e.dyn_ref::<web_sys::DomException>()
        .map(|d| d.name())
        .or_else(|| {
            js_sys::Reflect::get(e, &"name".into())
                .ok()
                .and_then(|n| n.as_string())
        })
        .unwrap_or_else(|| format!("{e:?}"))
}

/// Whether `e` says that storage is full.
pub fn is_quota(e: &JsValue) -> bool {
    error_name(e) == "QuotaExceededError"
}

/// A promise settled by `req`'s success (its result) or error.
fn request_promise(req: &IdbRequest) -> js_sys::Promise {
    js_sys::Promise::new(&mut |resolve, reject| {
        let r = req.clone();
        let ok = Closure::once_into_js(move |_: web_sys::Event| {
            let _ = resolve.call1(&JsValue::NULL, &r.result().unwrap_or(JsValue::UNDEFINED));
        });
        let r = req.clone();
        let err = Closure::once_into_js(move |_: web_sys::Event| {
            let e = r.error().ok().flatten().map(JsValue::from);
            let _ = reject.call1(&JsValue::NULL, &e.unwrap_or(JsValue::UNDEFINED));
        });
        req.set_onsuccess(Some(ok.unchecked_ref()));
        req.set_onerror(Some(err.unchecked_ref()));
    })
}

/// The result of `req`, once it has one.
pub async fn result(req: &IdbRequest) -> Result<JsValue, JsValue> {
    JsFuture::from(request_promise(req)).await
}

/// Waits until `tx` has committed; `Err` with its error when it was aborted (storage full:
/// `QuotaExceededError`), in which case none of its writes were kept.
pub async fn committed(tx: &IdbTransaction) -> Result<(), JsValue> {
    JsFuture::from(commit_promise(tx)).await.map(|_| ())
}

/// A promise settled when `tx` commits (or with its error when it is aborted), listening from
/// now on: a transaction left to commit while other work goes on is not missed.
pub fn commit_promise(tx: &IdbTransaction) -> js_sys::Promise {
    js_sys::Promise::new(&mut |resolve, reject| {
        let ok = Closure::once_into_js(move |_: web_sys::Event| {
            let _ = resolve.call0(&JsValue::NULL);
        });
        let t = tx.clone();
        let fail = Closure::<dyn FnMut(web_sys::Event)>::new(move |_: web_sys::Event| {
            let e = t.error().map(JsValue::from).unwrap_or(JsValue::UNDEFINED);
            let _ = reject.call1(&JsValue::NULL, &e);
        })
        .into_js_value();
        tx.set_oncomplete(Some(ok.unchecked_ref()));
        tx.set_onabort(Some(fail.unchecked_ref()));
    })
}

/// Opens the database, making its stores on first use; a later layout is refused untouched.
pub async fn open(factory: &web_sys::IdbFactory) -> Result<IdbDatabase, OpenFailed> {
    let unavailable = |e: JsValue| OpenFailed::Unavailable(error_name(&e));
    let req = factory.open_with_u32(NAME, VERSION).map_err(unavailable)?;
    let r = req.clone();
    let upgrade = Closure::<dyn FnMut(web_sys::Event)>::new(move |_: web_sys::Event| {
        let Ok(db) = r.result().map(IdbDatabase::unchecked_from_js) else {
            return;
        };
        let names = db.object_store_names();
        for store in [GAMES, PENDING] {
            if !names.contains(store) {
                let opts = web_sys::IdbObjectStoreParameters::new();
                opts.set_auto_increment(true);
                let _ = db.create_object_store_with_optional_parameters(store, &opts);
            }
        }
        if !names.contains(META) {
            let _ = db.create_object_store(META);
        }
    })
    .into_js_value();
    req.set_onupgradeneeded(Some(upgrade.unchecked_ref()));
    match result(&req).await {
        Ok(db) => Ok(db.unchecked_into()),
        Err(e) if error_name(&e) == "VersionError" => Err(OpenFailed::Newer),
        Err(e) => Err(unavailable(e)),
    }
}

/// A transaction over `stores`.
pub fn transaction(
    db: &IdbDatabase,
    stores: &[&str],
    mode: IdbTransactionMode,
) -> Result<IdbTransaction, JsValue> {
    let names = js_sys::Array::new();
    for s in stores {
        names.push(&JsValue::from_str(s));
    }
    db.transaction_with_str_sequence_and_mode(&names, mode)
}

/// `store` of `tx`.
pub fn store(tx: &IdbTransaction, name: &str) -> Result<IdbObjectStore, JsValue> {
    tx.object_store(name)
}

/// Every value and key of `name`, in key order, read in one transaction.
pub async fn all(db: &IdbDatabase, name: &str) -> Result<(js_sys::Array, js_sys::Array), JsValue> {
    let tx = transaction(db, &[name], IdbTransactionMode::Readonly)?;
    let s = store(&tx, name)?;
    let (values, keys) = (s.get_all()?, s.get_all_keys()?);
    let values = result(&values).await?;
    let keys = result(&keys).await?;
    Ok((values.unchecked_into(), keys.unchecked_into()))
}

/// Asks now for the first `limit` values and keys of `name` after key `after` (from the first
/// when `None`): asked before a write is queued, the read does not wait for that write.
pub fn ask_after(
    db: &IdbDatabase,
    name: &str,
    after: Option<&JsValue>,
    limit: u32,
) -> Result<
    impl std::future::Future<Output = Result<(js_sys::Array, js_sys::Array), JsValue>>,
    JsValue,
> {
    let tx = transaction(db, &[name], IdbTransactionMode::Readonly)?;
    let s = store(&tx, name)?;
    let range = match after {
        Some(k) => web_sys::IdbKeyRange::lower_bound_with_open(k, true)?.into(),
        None => JsValue::UNDEFINED,
    };
    let values = JsFuture::from(request_promise(
        &s.get_all_with_key_and_limit(&range, limit)?,
    ));
    let keys = JsFuture::from(request_promise(
        &s.get_all_keys_with_key_and_limit(&range, limit)?,
    ));
    Ok(async move { Ok((values.await?.unchecked_into(), keys.await?.unchecked_into())) })
}

/// How many records `name` holds.
pub async fn count(db: &IdbDatabase, name: &str) -> Result<u32, JsValue> {
    let tx = transaction(db, &[name], IdbTransactionMode::Readonly)?;
    let n = result(&store(&tx, name)?.count()?).await?;
    Ok(n.as_f64().unwrap_or(0.0) as u32)
}

/// The value of `key` in `meta`, if any.
pub async fn meta_get(db: &IdbDatabase, key: &str) -> Result<Option<JsValue>, JsValue> {
    let tx = transaction(db, &[META], IdbTransactionMode::Readonly)?;
    let v = result(&store(&tx, META)?.get(&key.into())?).await?;
    Ok((!v.is_undefined()).then_some(v))
}

/// Puts `value` under `key` in `meta`, waiting until it is committed.
pub async fn meta_put(db: &IdbDatabase, key: &str, value: &JsValue) -> Result<(), JsValue> {
    let tx = transaction(db, &[META], IdbTransactionMode::Readwrite)?;
    store(&tx, META)?.put_with_key(value, &key.into())?;
    committed(&tx).await
}

/// Moves the snapshot `value` from [`CATALOGUE`] to [`SET_ASIDE`] in one transaction.
pub async fn set_aside(db: &IdbDatabase, value: &JsValue) -> Result<(), JsValue> {
    let tx = transaction(db, &[META], IdbTransactionMode::Readwrite)?;
    let meta = store(&tx, META)?;
    meta.put_with_key(value, &SET_ASIDE.into())?;
    meta.delete(&CATALOGUE.into())?;
    committed(&tx).await
}

/// How many records of `name` have a key up to `upto`.
pub async fn count_upto(db: &IdbDatabase, name: &str, upto: u32) -> Result<u32, JsValue> {
    let tx = transaction(db, &[name], IdbTransactionMode::Readonly)?;
    let range = web_sys::IdbKeyRange::upper_bound(&upto.into())?;
    let n = result(&store(&tx, name)?.count_with_key(&range)?).await?;
    Ok(n.as_f64().unwrap_or(0.0) as u32)
}

/// Every value and key of `name` with a key above `after` (all when `None`), in key order.
pub async fn after(
    db: &IdbDatabase,
    name: &str,
    after: Option<u32>,
) -> Result<(js_sys::Array, js_sys::Array), JsValue> {
    let Some(after) = after else {
        return all(db, name).await;
    };
    let tx = transaction(db, &[name], IdbTransactionMode::Readonly)?;
    let s = store(&tx, name)?;
    let range = web_sys::IdbKeyRange::lower_bound_with_open(&after.into(), true)?;
    let values = s.get_all_with_key(&range)?;
    let keys = s.get_all_keys_with_key(&range)?;
    let values = result(&values).await?;
    let keys = result(&keys).await?;
    Ok((values.unchecked_into(), keys.unchecked_into()))
}

/// The values of `keys` in `name` (undefined for a key not there), and the keys, in one
/// transaction.
pub async fn get_many(
    db: &IdbDatabase,
    name: &str,
    keys: &[u32],
) -> Result<(js_sys::Array, js_sys::Array), JsValue> {
    let tx = transaction(db, &[name], IdbTransactionMode::Readonly)?;
    let s = store(&tx, name)?;
    let requests = keys
        .iter()
        .map(|&k| s.get(&k.into()))
        .collect::<Result<Vec<_>, _>>()?;
    let values = js_sys::Array::new();
    for r in &requests {
        values.push(&result(r).await?);
    }
    Ok((values, keys.iter().map(|&k| JsValue::from(k)).collect()))
}
