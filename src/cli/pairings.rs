//! `xq pairings`: not built yet (its issue is open).

pub fn run(_args: &[String]) -> i32 {
    eprintln!("xq pairings: not available yet");
    2
}
