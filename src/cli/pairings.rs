//! `xq pairings --players N [--double]`: the Berger tables, one line per round in FIDE layout.

use crate::events::round_robin::BergerTable;

const USAGE: &str = "usage: xq pairings --players N [--double]";

/// Prints `Rd 1: 1-8 2-7 3-6 4-5` lines (first number Red, odd fields show `bye`); exit 2 on bad args.
pub fn run(args: &[String]) -> i32 {
    let mut players: Option<usize> = None;
    let mut double = false;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--double" => double = true,
            "--players" | "-n" => {
                let Some(value) = it.next() else {
                    eprintln!("xq pairings: --players needs a number\n{USAGE}");
                    return 2;
                };
                match value.parse::<usize>() {
                    Ok(n) => players = Some(n),
                    Err(_) => {
                        eprintln!(
                            "xq pairings: --players must be a whole number, got `{value}`\n{USAGE}"
                        );
                        return 2;
                    }
                }
            }
            "--help" | "-h" => {
                println!("{USAGE}");
                return 0;
            }
            other => {
                eprintln!("xq pairings: unexpected argument `{other}`\n{USAGE}");
                return 2;
            }
        }
    }
    let Some(players) = players else {
        eprintln!("xq pairings: --players is required\n{USAGE}");
        return 2;
    };
    match BergerTable::new(players, double) {
        Ok(table) => {
            print!("{table}");
            0
        }
        Err(e) => {
            eprintln!("xq pairings: {e}");
            2
        }
    }
}
