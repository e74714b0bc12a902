//! The `#/club` bundle: the members list and ratings, in the shared shell (one wasm per page, started by
//! `public/boot.js` from the hash route). Natively it only says what it is for.

#[cfg(target_arch = "wasm32")]
fn main() {
    use xiangqi_club::ui::{self, Route};
    ui::mount(|route| match route {
        Route::Club => ui::pages::club(),
        _ => ui::elsewhere(),
    });
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("page_club is the browser app's #/club page; build it with `trunk build`. For the command line, run `xq`.");
    std::process::exit(2);
}
