//! `xq`: the Xiangqi core on the command line, for scripts and benchmarks.

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    std::process::exit(xiangqi_club::cli::run(&args));
}

/// The CLI is native only; this keeps `--all-targets` builds for wasm32 compiling.
#[cfg(target_arch = "wasm32")]
fn main() {}
