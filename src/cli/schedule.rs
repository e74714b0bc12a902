//! `xq schedule`: not built yet (its issue is open).

pub fn run(_args: &[String]) -> i32 {
    eprintln!("xq schedule: not available yet");
    2
}
