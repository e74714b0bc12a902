//! The late-changes bundle: `#/schedule?changes` (a match moved, the rest re-solved; a withdrawal
//! after a session) over the scheduler's saved event, in the shared shell (its solver is
//! not part of the scheduler's first visit). Natively it only says what it is for.

#[cfg(target_arch = "wasm32")]
fn main() {
    use xiangqi_club::ui::{self, schedule::Desk, Route};
    ui::mount(|route| match route {
        Route::Schedule(query) if Desk::of(&query) == Some(Desk::Changes) => {
            ui::pages::schedule_changes()
        }
        _ => ui::elsewhere(),
    });
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("page_schedule_changes is the browser app's #/schedule?changes screen; build it with `trunk build`. For the command line, run `xq`.");
    std::process::exit(2);
}
