//! The organiser's desk bundle: `#/schedule?print`, `?changes` and `?hall` over the scheduler's
//! saved event, in the shared shell (issue 13: printouts, late changes and the hall display are
//! not part of the scheduler's first visit). Natively it only says what it is for.

#[cfg(target_arch = "wasm32")]
fn main() {
    use xiangqi_club::ui::{self, schedule::Desk, Route};
    ui::mount(|route| match route {
        Route::Schedule(query) => match Desk::of(&query) {
            Some(desk) => ui::pages::schedule_desk(desk, query),
            None => ui::elsewhere(),
        },
        _ => ui::elsewhere(),
    });
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("page_schedule_desk is the browser app's #/schedule?print, ?changes and ?hall screens; build it with `trunk build`. For the command line, run `xq`.");
    std::process::exit(2);
}
