//! localStorage access: failures (private mode, quota) are reported as `Err`, never panics.

fn local() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The string stored under `key`, if any.
pub fn get(key: &str) -> Option<String> {
    local()?.get_item(key).ok().flatten()
}

/// Stores `value` under `key`; `Err` with a message when the browser refuses.
pub fn set(key: &str, value: &str) -> Result<(), String> {
    let s = local().ok_or("localStorage is not available")?;
    s.set_item(key, value)
        .map_err(|_| "localStorage refused the write (full or disabled)".to_string())
}
