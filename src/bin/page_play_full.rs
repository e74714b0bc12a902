//! The whole `#/play` bundle: the board with the study tools (variations, comments, game files and
//! libraries, saved studies), the whole-game review, the move box and the screen reader's
//! announcements. A browser that keeps it starts it directly; a first visit starts the lean
//! `page_play` and swaps to this once it has loaded (`public/boot.js`).

#[cfg(target_arch = "wasm32")]
fn main() {
    use xiangqi_club::ui::{self, Route};
    ui::mount(|route| match route {
        Route::Play(query) => ui::pages::play_full(query),
        _ => ui::elsewhere(),
    });
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("page_play_full is the browser app's whole #/play page; build it with `trunk build`. For the command line, run `xq`.");
    std::process::exit(2);
}
