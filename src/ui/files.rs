//! Files leaving the app: a download of generated text, and names that are safe on every system.

use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};

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

/// GBK and Big5 through the browser's own `TextDecoder`: the decode tables are the browser's,
/// not compiled into the app (see `xiangqi::notation::decode`).
pub struct BrowserCharsets;

impl crate::xiangqi::notation::decode::Charsets for BrowserCharsets {
    fn decode(
        &self,
        encoding: crate::xiangqi::notation::decode::TextEncoding,
        bytes: &[u8],
    ) -> String {
        // A browser without the label reads nothing: the UTF-8 reading then wins.
        web_sys::TextDecoder::new_with_label(encoding.label())
            .and_then(|d| d.decode_with_u8_array(bytes))
            .unwrap_or_default()
    }
}
