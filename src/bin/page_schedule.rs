//! The `#/schedule` bundle: the match scheduler, in the shared shell (issue 13: one wasm per page, started by
//! `public/boot.js` from the hash route). Natively it only says what it is for.

#[cfg(target_arch = "wasm32")]
fn main() {
    use xiangqi_club::ui::{self, Route};
    ui::mount(|route| match route {
        Route::Schedule(query) => ui::pages::schedule(query),
        _ => ui::elsewhere(),
    });
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("page_schedule is the browser app's #/schedule page; build it with `trunk build`. For the command line, run `xq`.");
    std::process::exit(2);
}
