//! The app's entry point: in the browser it mounts the Leptos UI; natively it points to `xq`.

#[cfg(target_arch = "wasm32")]
fn main() {
    xiangqi_club::ui::mount();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("This binary is the browser app; build it with `trunk build`. For the command line, run `xq`.");
    std::process::exit(2);
}
