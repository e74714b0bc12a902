//! The `#/train` bundle: puzzles, the classic endgames and the teacher's sets, in the shared shell (one wasm per page, started by
//! `public/boot.js` from the hash route). Natively it only says what it is for.

#[cfg(target_arch = "wasm32")]
fn main() {
    use xiangqi_club::ui::{self, Route};
    ui::mount(|route| match route {
        Route::Train(query) => ui::pages::train(query),
        _ => ui::elsewhere(),
    });
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("page_train is the browser app's #/train page; build it with `trunk build`. For the command line, run `xq`.");
    std::process::exit(2);
}
