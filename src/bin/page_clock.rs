//! The `#/clock` bundle: the game clock, in the shared shell (one wasm per page, started by
//! `public/boot.js` from the hash route). Natively it only says what it is for.

#[cfg(target_arch = "wasm32")]
fn main() {
    use xiangqi_club::ui::{self, Route};
    ui::mount(|route| match route {
        Route::Clock(query) => ui::pages::clock(query),
        _ => ui::elsewhere(),
    });
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("page_clock is the browser app's #/clock page; build it with `trunk build`. For the command line, run `xq`.");
    std::process::exit(2);
}
