//! The interface language: its signal, and `tr` to show a word file's [`Text`] in it.

use leptos::prelude::*;

pub use crate::lang::{Lang, Text};

const KEY: &str = "xq.lang";

/// Provides the language signal to the app, read from and saved to localStorage.
pub fn provide_lang() -> RwSignal<Lang> {
    let saved = super::storage::get(KEY);
    let lang = RwSignal::new(
        saved
            .as_deref()
            .and_then(Lang::from_code)
            .unwrap_or_default(),
    );
    Effect::new(move || {
        let l = lang.get();
        // A preference that cannot be saved is simply not remembered.
        let _ = super::storage::set(KEY, l.code());
        if let Some(el) = document().document_element() {
            let _ = el.set_attribute("lang", l.tag());
        }
    });
    provide_context(lang);
    lang
}

/// The language signal provided by the app.
pub fn use_lang() -> RwSignal<Lang> {
    use_context::<RwSignal<Lang>>().unwrap_or_else(|| RwSignal::new(Lang::default()))
}

/// A reactive text: a word file's `text` in the current language.
pub fn tr(text: Text) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
    let lang = use_lang();
    move || text.get(lang.get())
}
