//! The `#/games` bundle: the club's game database (import into IndexedDB, search, open on
//! `#/play`), in the shared shell (one wasm per page, started by `index.html`'s loader from the
//! hash route). Its work runs in `games_worker`. Natively it only says what it is for.

#[cfg(target_arch = "wasm32")]
fn main() {
    use xiangqi_club::ui::{self, Route};
    ui::mount(|route| match route {
        Route::Games => ui::pages::games(),
        _ => ui::elsewhere(),
    });
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("page_games is the browser app's #/games page; build it with `trunk build`. For the command line, run `xq games`.");
    std::process::exit(2);
}
