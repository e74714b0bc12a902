//! The game-file Web Worker of `#/play`: reads a large file (a PGN library of thousands of games,
//! a DhtmlXQ of many branches) off the page's thread, telling its progress, and hands back what
//! the page shows (`xiangqi::file_job`).
//!
//! Built by Trunk from `index.html` (`data-type="worker"`, loaded as `file_worker_loader.js` when
//! a large file is opened, so it is not part of the first page load). Natively it only says what
//! it is for.

#[cfg(target_arch = "wasm32")]
fn main() {
    xiangqi_club::ui::serve_file_worker();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!(
        "file_worker is the browser's Web Worker for opening game files; use `xq convert` natively"
    );
    std::process::exit(2);
}
