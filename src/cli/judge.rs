//! `xq judge "<FEN>" <ICCS moves...>`: plays a game record and prints its verdict under the 1999 rules.
//!
//! For a repetition the classified cycle comes first, one move per line; the last line is always
//! the verdict (`0-1 perpetual-check 24.1`) or `none`. A bad FEN, an illegal move or a token that
//! is not a move (`h2e2`, or `H2-E2`; empty ones included) exits 1, naming it.

use crate::lang::{Lang, Say};
use crate::xiangqi::game::Game;
use crate::xiangqi::Move;
use crate::xiangqi::START_FEN;

const USAGE: &str = "usage: xq judge \"<FEN>|start\" [--limit MOVES] <ICCS moves...>";

/// Runs `xq judge`; returns the exit status.
pub fn run(args: &[String]) -> i32 {
    let Some((fen, rest)) = args.split_first() else {
        eprintln!("{USAGE}");
        return 2;
    };
    let fen = if fen == "start" || fen == "startpos" {
        START_FEN
    } else {
        fen.as_str()
    };
    let mut limit = None;
    let mut moves = Vec::new();
    let mut it = rest.iter();
    while let Some(a) = it.next() {
        if a == "--limit" {
            match it
                .next()
                .and_then(|n| n.parse::<u32>().ok())
                .filter(|&n| n > 0)
            {
                Some(n) => limit = Some(n),
                None => {
                    eprintln!("xq judge: --limit needs a positive number of moves\n{USAGE}");
                    return 2;
                }
            }
        } else if a.trim().is_empty() {
            eprintln!(
                "xq judge: move {}: an empty argument is not a move like h2e2",
                moves.len() + 1
            );
            return 1;
        } else {
            // Allow moves given as one space-separated argument too.
            for token in a.split_whitespace() {
                match token.parse::<Move>() {
                    Ok(m) => moves.push((token.to_string(), m)),
                    Err(e) => {
                        eprintln!("xq judge: move {}: {e}", moves.len() + 1);
                        return 1;
                    }
                }
            }
        }
    }
    let start = match crate::xiangqi::Position::from_fen(fen) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("xq judge: {e}");
            return 1;
        }
    };
    let mut game = Game::new(start);
    if let Some(n) = limit {
        game.set_move_limit(n);
    }
    for (i, (s, m)) in moves.iter().enumerate() {
        if game.verdict().is_some() {
            eprintln!(
                "xq judge: the game ended at ply {}; {} later move(s) not played",
                game.ply(),
                moves.len() - i
            );
            break;
        }
        if let Err(e) = game.play(*m) {
            eprintln!("xq judge: move {} `{s}` is illegal: {e}", i + 1);
            return 1;
        }
    }
    match game.verdict() {
        Some(v) => {
            if let Some(c) = &v.cycle {
                println!(
                    "cycle: plies {}-{} (the position after ply {} occurs for the third time)",
                    c.first_ply + 1,
                    c.last_ply,
                    c.first_ply
                );
                for m in &c.moves {
                    println!("  {m}");
                }
            }
            println!("{}", v.say(Lang::Zh));
            println!("{}", v.say(Lang::En));
            println!("{}", v.summary());
        }
        None => println!("none"),
    }
    0
}
