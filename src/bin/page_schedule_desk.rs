//! The organiser's desk bundle: `#/schedule?print` (printouts and exports) and `?hall` (the hall
//! display) over the scheduler's saved event, in the shared shell (they are not part of
//! the scheduler's first visit). Natively it only says what it is for.

#[cfg(target_arch = "wasm32")]
fn main() {
    use xiangqi_club::ui::{self, schedule::Desk, Route};
    ui::mount(|route| match route {
        Route::Schedule(query) => match Desk::of(&query) {
            Some(desk @ (Desk::Print | Desk::Hall)) => ui::pages::schedule_print(desk, query),
            _ => ui::elsewhere(),
        },
        _ => ui::elsewhere(),
    });
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("page_schedule_desk is the browser app's #/schedule?print and ?hall screens; build it with `trunk build`. For the command line, run `xq`.");
    std::process::exit(2);
}
