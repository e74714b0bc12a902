//! `xq swiss FILE.trf`: the next round of a Swiss by the FIDE Dutch system, one line as
//! `xq pairings` prints (`Rd 5: 3-8 12-1 7-bye`, Red first). With `--rounds N --random-results
//! SEED` it plays the event out to N rounds with seeded random results (absences, half-point
//! byes, forfeits and withdrawals included), printing each round; `--out FILE` writes the final
//! TRF. `--players N` starts from N rated players instead of a file.

use crate::events::round_robin::Outcome;
use crate::events::swiss::{Leave, Swiss, MAX_ENTRANTS, MAX_ROUNDS};
use crate::events::trf::{parse_trf, write_trf};
use crate::events::Entrant;
use crate::rng::Rng;

const USAGE: &str = "usage: xq swiss (FILE.trf | --players N) [--rounds N --random-results SEED] [--accelerated] [--out FILE]";

/// Runs `xq swiss`; exit 0, 1 when no valid pairing exists, 2 on bad input.
pub fn run(args: &[String]) -> i32 {
    let mut file = None;
    let mut players = None;
    let mut rounds = None;
    let mut seed = None;
    let mut out = None;
    let mut accelerated = false;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut number = |name: &str| -> Result<u64, i32> {
            let v = it.next().ok_or_else(|| {
                eprintln!("xq swiss: {name} needs a value\n{USAGE}");
                2
            })?;
            v.parse().map_err(|_| {
                eprintln!("xq swiss: {name} must be a whole number, got `{v}`\n{USAGE}");
                2
            })
        };
        let r = match arg.as_str() {
            "--rounds" => number("--rounds").map(|v| rounds = Some(v)),
            "--random-results" => number("--random-results").map(|v| seed = Some(v)),
            "--players" => number("--players").map(|v| players = Some(v)),
            "--accelerated" => {
                accelerated = true;
                Ok(())
            }
            "--out" => match it.next() {
                Some(f) => {
                    out = Some(f.clone());
                    Ok(())
                }
                None => {
                    eprintln!("xq swiss: --out needs a file\n{USAGE}");
                    Err(2)
                }
            },
            "--help" | "-h" => {
                println!("{USAGE}");
                return 0;
            }
            other if !other.starts_with("--") && file.is_none() => {
                file = Some(other.to_string());
                Ok(())
            }
            other => {
                eprintln!("xq swiss: unexpected argument `{other}`\n{USAGE}");
                Err(2)
            }
        };
        if let Err(code) = r {
            return code;
        }
    }
    // The caps, before anything is allocated or paired.
    if let Some(n) = players.filter(|&n| n > MAX_ENTRANTS as u64) {
        eprintln!("xq swiss: --players {n}: a Swiss takes at most {MAX_ENTRANTS} players");
        return 2;
    }
    if let Some(n) = rounds.filter(|&n| n > MAX_ROUNDS as u64) {
        eprintln!("xq swiss: --rounds {n}: a Swiss has at most {MAX_ROUNDS} rounds");
        return 2;
    }
    let players = players.map(|n| n as usize);
    let rounds = rounds.map(|n| n as usize);
    let mut event = match start(file.as_deref(), players, rounds, seed) {
        Ok(event) => event,
        Err(code) => return code,
    };
    if accelerated {
        event.accelerated = true;
    }
    let code = match (rounds, seed) {
        (None, None) => match event.pair_next() {
            Ok(p) => {
                println!("{p}");
                0
            }
            Err(e) => {
                eprintln!("xq swiss: {e}");
                1
            }
        },
        (Some(n), Some(seed)) => {
            if event.rounds_planned.is_none_or(|r| r < n) {
                event.rounds_planned = Some(n);
            }
            play_out(&mut event, n, seed)
        }
        _ => {
            eprintln!("xq swiss: --rounds and --random-results go together\n{USAGE}");
            return 2;
        }
    };
    if let Some(f) = out {
        if let Err(e) = std::fs::write(&f, write_trf(&event)) {
            eprintln!("xq swiss: cannot write {f}: {e}");
            return 2;
        }
    }
    code
}

/// The event to pair: read from `file`, or `players` rated players seeded from `seed`; the exit
/// code when it cannot be had.
fn start(
    file: Option<&str>,
    players: Option<usize>,
    rounds: Option<usize>,
    seed: Option<u64>,
) -> Result<Swiss, i32> {
    match (file, players) {
        (Some(f), None) => {
            let read = super::read_capped(Some(f), crate::saved::MAX_IMPORT_BYTES)
                .and_then(|b| String::from_utf8(b).map_err(|_| "not UTF-8 text".to_string()));
            let text = match read {
                Ok(t) => t,
                Err(e) => {
                    eprintln!("xq swiss: cannot read {f}: {e}");
                    return Err(2);
                }
            };
            parse_trf(&text).map_err(|e| {
                eprintln!("xq swiss: {f}: {e}");
                2
            })
        }
        (None, Some(n)) => {
            let mut rng = Rng::new(seed.unwrap_or(0) ^ 0x5157_1553);
            let mut ev = Swiss::new(rounds);
            for k in 0..n {
                ev.add_entrant(Entrant::new(
                    format!("Player {}", k + 1),
                    1200 + rng.below(1400) as u32,
                ));
            }
            ev.seed_by_rating();
            Ok(ev)
        }
        _ => {
            eprintln!("xq swiss: give a TRF file or --players N\n{USAGE}");
            Err(2)
        }
    }
}

/// Plays rounds with random results until `rounds` are recorded; prints each pairing.
fn play_out(event: &mut Swiss, rounds: usize, seed: u64) -> i32 {
    let mut rng = Rng::new(seed);
    while event.rounds_played() < rounds {
        let first = event.rounds_played() == 0;
        for e in event.entrants.iter_mut().filter(|e| !e.entrant.withdrawn()) {
            let x = rng.below(1000);
            if !first && x < 12 {
                e.set_withdrawn(true);
            } else if x < 40 {
                e.next = Some(Leave::Zero);
            } else if x < 55 {
                e.next = Some(Leave::Half);
            }
        }
        let pairing = match event.pair_next() {
            Ok(p) => p,
            Err(e) => {
                eprintln!("xq swiss: round {}: {e}", event.rounds_played() + 1);
                return 1;
            }
        };
        println!("{pairing}");
        let results: Vec<Outcome> = pairing
            .boards
            .iter()
            .map(|_| match rng.below(100) {
                0..=1 => Outcome::FirstByForfeit,
                2..=3 => Outcome::SecondByForfeit,
                4..=43 => Outcome::FirstWins,
                44..=67 => Outcome::Draw,
                _ => Outcome::SecondWins,
            })
            .collect();
        if let Err(e) = event.record_round(&pairing, &results) {
            eprintln!("xq swiss: {e}");
            return 2;
        }
    }
    0
}
