//! Files in and out: the one reader for every import control (size-limited, bilingual errors), a
//! download of generated text, and names that are safe on every system.

use crate::saved::{file_text, FileError, FileTooLarge};
use leptos::prelude::*;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::{JsCast, JsValue};

/// Reads the file chosen in `input` (refused unread above `max` bytes) and calls `done` once with
/// its bytes or the reason. The input is cleared, so choosing the same file again reads it again.
pub fn read_bytes(
    input: &web_sys::HtmlInputElement,
    max: usize,
    done: impl FnOnce(Result<Vec<u8>, FileError>) + 'static,
) {
    let Some(file) = input.files().and_then(|f| f.get(0)) else {
        return;
    };
    input.set_value("");
    read_file(&file, max, done);
}

/// Reads `file` (chosen or dropped; refused unread above `max` bytes) and calls `done` once with
/// its bytes or the reason.
pub fn read_file(
    file: &web_sys::File,
    max: usize,
    done: impl FnOnce(Result<Vec<u8>, FileError>) + 'static,
) {
    if let Err(e) = FileTooLarge::check(file.size() as u64, max) {
        done(Err(FileError::TooLarge(e)));
        return;
    }
    let Ok(reader) = web_sys::FileReader::new() else {
        done(Err(FileError::Unreadable));
        return;
    };
    let once = Rc::new(RefCell::new(Some(done)));
    let finish = move |r: Result<Vec<u8>, FileError>| {
        if let Some(done) = once.borrow_mut().take() {
            done(r);
        }
    };
    let (on_load, on_error, on_fail) = (finish.clone(), finish.clone(), finish);
    let r = reader.clone();
    let onload = wasm_bindgen::closure::Closure::once_into_js(move |_: web_sys::Event| {
        on_load(
            r.result()
                .map(|buf| js_sys::Uint8Array::new(&buf).to_vec())
                .map_err(|_| FileError::Unreadable),
        )
    });
    let onerror = wasm_bindgen::closure::Closure::once_into_js(move |_: web_sys::Event| {
        on_error(Err(FileError::Unreadable))
    });
    reader.set_onload(Some(onload.unchecked_ref()));
    reader.set_onerror(Some(onerror.unchecked_ref()));
    if reader.read_as_array_buffer(file).is_err() {
        on_fail(Err(FileError::Unreadable));
    }
}

/// [`read_bytes`] for UTF-8 text (JSON, entrant lists).
pub fn read_text(
    input: &web_sys::HtmlInputElement,
    max: usize,
    done: impl FnOnce(Result<String, FileError>) + 'static,
) {
    read_bytes(input, max, move |r| done(r.and_then(file_text)));
}

/// Offers `text` as a file download named `filename` of type `mime`.
pub fn download(filename: &str, mime: &str, text: &str) -> Result<(), String> {
    let fail = |what: &str| format!("download failed: {what}");
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts)
        .map_err(|_| fail("blob"))?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(|_| fail("url"))?;
    let a: web_sys::HtmlAnchorElement = document()
        .create_element("a")
        .map_err(|_| fail("link"))?
        .dyn_into()
        .map_err(|_| fail("link"))?;
    a.set_href(&url);
    a.set_download(filename);
    a.click();
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}

/// `name` with everything but letters, digits and `-` replaced by `_`; `fallback` when empty.
pub fn safe_stem(name: &str, fallback: &str) -> String {
    let s: String = name
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if s.is_empty() {
        fallback.to_string()
    } else {
        s
    }
}

/// The game-file worker (`src/bin/file_worker.rs`): its first message is a `File`, read and
/// opened in slices with progress and handed back small (`xiangqi::file_job`); later messages pick
/// a game of the library it read, which it keeps until the page ends it.
pub fn serve_file_worker() {
    use crate::xiangqi::file_job::{self, Report, Request};
    use crate::xiangqi::notation::archive::MAX_LIBRARY_BYTES;
    use crate::xiangqi::words::Said;
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let post = {
        let scope = scope.clone();
        move |r: Report| {
            // A tree's flat form goes as it is: the page keeps that text.
            let text = match r {
                Report::Flat(text) => text,
                r => r.to_json(),
            };
            let _ = scope.post_message(&JsValue::from_str(&text));
        }
    };
    let games: Rc<RefCell<Vec<crate::xiangqi::tree::GameTree>>> = Rc::default();
    let onmessage = wasm_bindgen::closure::Closure::<dyn FnMut(web_sys::MessageEvent)>::new(
        move |ev: web_sys::MessageEvent| {
            let data = ev.data();
            if let Ok(file) = data.clone().dyn_into::<web_sys::File>() {
                let (mut post, games) = (post.clone(), games.clone());
                read_file(&file, MAX_LIBRARY_BYTES, move |r| match r {
                    Ok(bytes) => {
                        let opened = file_job::open_in_slices(&bytes, &BrowserCharsets, &mut |p| {
                            post(Report::Progress(p))
                        });
                        file_job::hand_back(&opened, &mut post);
                        if let Ok(lib) = opened {
                            *games.borrow_mut() = lib.games;
                        }
                    }
                    Err(e) => post(Report::Failed(Said::of(&e))),
                });
            } else if let Some(Ok(Request::Pick(index))) =
                data.as_string().map(|s| serde_json::from_str(&s))
            {
                if let Some(g) = games.borrow().get(index) {
                    let tree = file_job::Handed::of(g);
                    post(Report::Picked { index, tree });
                }
            }
        },
    );
    scope.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
    onmessage.forget();
    // Messages sent before this point found no handler: tell the page to send the file now.
    let _ = scope.post_message(&JsValue::from_str(file_job::WORKER_READY));
}

/// GBK and Big5 through the browser's own `TextDecoder`: the decode tables are the browser's,
/// not compiled into the app (see `xiangqi::notation::decode`).
pub struct BrowserCharsets;

impl crate::text::Charsets for BrowserCharsets {
    fn decode(&self, encoding: crate::text::TextEncoding, bytes: &[u8]) -> String {
        // A browser without the label reads nothing: the UTF-8 reading then wins.
        web_sys::TextDecoder::new_with_label(encoding.label())
            .and_then(|d| d.decode_with_u8_array(bytes))
            .unwrap_or_default()
    }
}

/// GBK for XQF files written in the browser, which has no GBK `TextEncoder`: the inverse of its
/// own `TextDecoder` over every two-byte code, built once on first use.
#[allow(dead_code)] // for saving a study as XQF; no page offers that yet
pub struct BrowserGbk;

thread_local! {
    static GBK_CODES: std::cell::OnceCell<std::collections::HashMap<char, [u8; 2]>> =
        const { std::cell::OnceCell::new() };
}

impl crate::xiangqi::notation::xqf::GbkEncoder for BrowserGbk {
    fn gbk(&self, c: char) -> Option<[u8; 2]> {
        GBK_CODES.with(|t| t.get_or_init(gbk_codes).get(&c).copied())
    }
}

/// Every two-byte GBK code by the character it decodes to: one decode of all codes, each
/// followed by a NUL so that a code that does not decode cannot shift the others.
#[allow(dead_code)] // with `BrowserGbk`
fn gbk_codes() -> std::collections::HashMap<char, [u8; 2]> {
    use crate::text::{Charsets, TextEncoding};
    let codes: Vec<[u8; 2]> = (0x81..=0xFEu8)
        .flat_map(|lead| {
            (0x40..=0xFEu8)
                .filter(|&t| t != 0x7F)
                .map(move |t| [lead, t])
        })
        .collect();
    let bytes: Vec<u8> = codes.iter().flat_map(|&[a, b]| [a, b, 0]).collect();
    let text = BrowserCharsets.decode(TextEncoding::Gbk, &bytes);
    let mut map = std::collections::HashMap::with_capacity(codes.len());
    for (code, s) in codes.iter().zip(text.split('\0')) {
        let mut chars = s.chars();
        if let (Some(c), None) = (chars.next(), chars.next()) {
            if c != '\u{FFFD}' {
                map.entry(c).or_insert(*code);
            }
        }
    }
    map
}
