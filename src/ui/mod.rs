//! The browser UI (Leptos, client-side rendered): a thin layer over the core.

/// Mounts the app on the page body.
pub fn mount() {}
