//! The `#/play` bundle: the board (also every unknown hash), in the shared shell (one wasm per page, started by
//! `public/boot.js` from the hash route). Natively it only says what it is for.

#[cfg(target_arch = "wasm32")]
fn main() {
    use xiangqi_club::ui::{self, Route};
    ui::mount(|route| match route {
        Route::Play(query) => ui::pages::play(query),
        _ => ui::elsewhere(),
    });
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("page_play is the browser app's #/play page; build it with `trunk build`. For the command line, run `xq`.");
    std::process::exit(2);
}
