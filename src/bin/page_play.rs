//! The `#/play` bundle a first visit starts: the board (also every unknown hash), lean, in the
//! shared shell (one wasm per page, started by `index.html`'s loader from the hash route). Once it
//! is up, `public/boot.js` fetches the full board (`page_play_full`) in the background, calls
//! [`hand_over`], starts the full board and calls [`unmount`]. Natively it only says what it is for.

#[cfg(target_arch = "wasm32")]
fn main() {
    use xiangqi_club::ui::{self, Route};
    ui::mount_until_replaced(|route| match route {
        Route::Play(query) => ui::pages::play(query),
        _ => ui::elsewhere(),
    });
}

/// Leaves the notices the lean board shows for the full one, which is about to start.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn hand_over() {
    xiangqi_club::ui::hand_over();
}

/// Takes the lean board off the page once the full one has mounted beside it.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn unmount() {
    xiangqi_club::ui::unmount();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("page_play is the browser app's #/play page; build it with `trunk build`. For the command line, run `xq`.");
    std::process::exit(2);
}
