//! `xq convert`: not built yet (its issue is open).

pub fn run(_args: &[String]) -> i32 {
    eprintln!("xq convert: not available yet");
    2
}
