//! The `#/schedule` bundle: the match scheduler, in the shared shell (one wasm per page, started by
//! `public/boot.js` from the hash route). Natively it only says what it is for.

#[cfg(target_arch = "wasm32")]
fn main() {
    use xiangqi_club::ui::{self, schedule::Desk, Route};
    ui::mount(|route| match route {
        Route::Schedule(query) if Desk::of(&query).is_none() => ui::pages::schedule(),
        _ => ui::elsewhere(),
    });
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("page_schedule is the browser app's #/schedule page; build it with `trunk build`. For the command line, run `xq`.");
    std::process::exit(2);
}
