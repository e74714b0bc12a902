//! A folder (or files) handed to the worker as the browser's handles: picked through
//! `showDirectoryPicker` or dropped (`DataTransferItem.getAsFileSystemHandle`), posted whole. The
//! worker walks the folder and asks each file itself, so the page does no work a file (handing
//! the dataset's 53,893 `File`s over took its main thread 32–36 s, docs/benchmarks.md).
//! Through `Reflect`: web-sys has these handles' methods only behind its unstable flag.

use crate::games::import::MAX_IMPORT_FILES;
use js_sys::{Array, Function, Promise, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

/// Files asked of the browser at once (`getFile`, each a round trip to its file system).
const ASKED_AT_ONCE: usize = 256;

/// What a walk found: the files with the names they are listed under (the handle's own name,
/// then the path under it, as a folder input names them: `對局/…/x.pgn`), and the names of the
/// files or folders the browser would not give.
#[derive(Default)]
pub(super) struct Walked {
    pub files: Vec<(web_sys::File, String)>,
    pub unread: Vec<String>,
}

fn get(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &key.into()).unwrap_or_default()
}

/// Calls `v.method()`.
fn call(v: &JsValue, method: &str) -> Result<JsValue, JsValue> {
    get(v, method).dyn_into::<Function>()?.call0(v)
}

/// Calls `v.method()` and awaits the promise it gives.
async fn ask(v: &JsValue, method: &str) -> Result<JsValue, JsValue> {
    JsFuture::from(Promise::resolve(&call(v, method)?)).await
}

/// Whether `v` is one of the browser's handles (it has a `kind`), not a `File`.
pub(super) fn is_handle(v: &JsValue) -> bool {
    get(v, "kind").is_string()
}

/// Puts handle `h`, listed as `path`, with the files or the folders still to walk.
fn place(h: JsValue, path: String, files: &mut Vec<Named>, folders: &mut Vec<Named>) {
    match get(&h, "kind").as_string().as_deref() {
        Some("directory") => folders.push((h, path)),
        _ => files.push((h, path)),
    }
}

/// A handle and the name it is listed under.
type Named = (JsValue, String);

/// The files under `handles` (folders walked whole, files as they are), sorted by name; `Err`
/// with the count as soon as more files than the cap are found, none of them read.
pub(super) async fn walk(handles: &Array) -> Result<Walked, usize> {
    let mut found: Vec<Named> = Vec::new();
    let mut folders: Vec<Named> = Vec::new();
    let mut unread = Vec::new();
    for h in handles.iter() {
        let name = get(&h, "name").as_string().unwrap_or_default();
        place(h, name, &mut found, &mut folders);
    }
    while let Some((folder, path)) = folders.pop() {
        let Ok(entries) = call(&folder, "values") else {
            unread.push(path);
            continue;
        };
        loop {
            let Ok(step) = ask(&entries, "next").await else {
                unread.push(path.clone());
                break;
            };
            if get(&step, "done").is_truthy() {
                break;
            }
            let h = get(&step, "value");
            let name = format!("{path}/{}", get(&h, "name").as_string().unwrap_or_default());
            place(h, name, &mut found, &mut folders);
            if found.len() > MAX_IMPORT_FILES {
                return Err(found.len());
            }
        }
    }
    found.sort_unstable_by(|a, b| a.1.cmp(&b.1));
    let mut files = Vec::with_capacity(found.len());
    for part in found.chunks(ASKED_AT_ONCE) {
        let asked: Array = part
            .iter()
            .map(|(h, _)| call(h, "getFile").unwrap_or_else(|e| Promise::reject(&e).into()))
            .collect();
        let settled = JsFuture::from(Promise::all_settled(&asked))
            .await
            .map(|a| Array::from(&a))
            .unwrap_or_default();
        for (i, (_, name)) in part.iter().enumerate() {
            match get(&settled.get(i as u32), "value").dyn_into::<web_sys::File>() {
                Ok(f) => files.push((f, name.clone())),
                Err(_) => unread.push(name.clone()),
            }
        }
    }
    Ok(Walked { files, unread })
}
