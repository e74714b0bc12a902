//! `xq judge`: not built yet (its issue is open).

pub fn run(_args: &[String]) -> i32 {
    eprintln!("xq judge: not available yet");
    2
}
