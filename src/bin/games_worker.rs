//! The Web Worker of `#/games`: imports game files into the browser's database (IndexedDB),
//! resuming what a reload interrupted, and answers the page's searches over the catalogue it
//! keeps in memory (`xiangqi_club::games`).
//!
//! Built by Trunk from `index.html` (`data-type="worker"`, started by `games_worker_loader.js`
//! when `#/games` opens, so no other page loads it). Natively it only says what it is for.

#[cfg(target_arch = "wasm32")]
fn main() {
    xiangqi_club::ui::serve_games_worker();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("games_worker is the browser's Web Worker for #/games; use `xq games` natively");
    std::process::exit(2);
}
