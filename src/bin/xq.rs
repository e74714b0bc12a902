//! `xq`: the Xiangqi core on the command line, for scripts and benchmarks.

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    restore_sigpipe();
    let args: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    std::process::exit(xiangqi_club::cli::run(&args));
}

/// Rust ignores SIGPIPE, so `xq perft … | head` would panic on the closed pipe; the default
/// action ends the process quietly, as Unix tools do.
#[cfg(all(unix, not(target_arch = "wasm32")))]
fn restore_sigpipe() {
    unsafe extern "C" {
        fn signal(signum: i32, handler: usize) -> usize;
    }
    const SIGPIPE: i32 = 13;
    const SIG_DFL: usize = 0;
    // SAFETY: resetting a signal to its default action before any thread starts.
    unsafe {
        signal(SIGPIPE, SIG_DFL);
    }
}

#[cfg(all(not(unix), not(target_arch = "wasm32")))]
fn restore_sigpipe() {}

/// The CLI is native only; this keeps `--all-targets` builds for wasm32 compiling.
#[cfg(target_arch = "wasm32")]
fn main() {}
