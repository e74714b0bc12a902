//! `xq eco`: the ECCO code of every game in files and folders (`xq eco FILE|DIR…`), how often
//! it agrees with the games' own ECCO tags (`xq eco check`), and learning the tree from them
//! (`xq eco train --out FILE`).

use crate::lang::Lang;
use crate::xiangqi::ecco::learn::{learn, with_prefixes, Example};
use crate::xiangqi::ecco::{self, normalise, Ecco, Tree};
use crate::xiangqi::tree::GameTree;
use crate::xiangqi::Move;
use std::collections::{BTreeMap, HashSet};

const USAGE: &str = "usage: xq eco FILE|DIR...      the ECCO code and name of every game
       xq eco check [--holdout P] FILE|DIR...   agreement with the games' ECCO tags
       xq eco train [--min-leaf N] --out FILE FILE|DIR...   learn the tree from the tags";

/// One game read: where from, its main line, its ECCO tag and what makes it the same game.
struct Read {
    origin: String,
    moves: Vec<Move>,
    initial: bool,
    tag: Option<Ecco>,
    players_and_date: [String; 3],
}

pub(super) fn main_line(tree: &GameTree) -> Vec<Move> {
    tree.main_line()
        .iter()
        .filter_map(|&id| tree.node(id).and_then(|n| n.mv()))
        .collect()
}

/// Every game of `paths`; a file that does not read is said on stderr and skipped.
fn read_all(paths: &[String]) -> Result<Vec<Read>, String> {
    let mut games = Vec::new();
    for (name, lib) in super::libraries(super::files_under(paths)?, "eco") {
        let several = lib.games.len() > 1;
        for (i, tree) in lib.games.iter().enumerate() {
            let tag = |n: &str| tree.tag(n).unwrap_or("").trim().to_string();
            games.push(Read {
                origin: if several {
                    format!("{name}#{}", i + 1)
                } else {
                    name.clone()
                },
                moves: main_line(tree),
                initial: ecco::is_initial(tree.start()),
                tag: tree.tag("ECCO").and_then(|t| Ecco::parse(t.trim())),
                players_and_date: [tag("Red"), tag("Black"), tag("Date")],
            });
        }
    }
    Ok(games)
}

/// The games once each: the same moves between the same players on the same date are one game
/// (a collection sorted by player and by event holds most games twice).
fn unique(games: Vec<Read>) -> Vec<Read> {
    let mut seen = HashSet::new();
    games
        .into_iter()
        .filter(|g| seen.insert((g.moves.clone(), g.players_and_date.clone())))
        .collect()
}

/// Whether a game is held out of learning: `percent` of the distinct move lists, chosen by a
/// hash of the moves, so that one game's copies fall on the same side.
fn held_out(moves: &[Move], percent: u64) -> bool {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for m in moves.iter().take(ecco::PLIES) {
        for b in [m.from.index() as u8, m.to.index() as u8] {
            h = (h ^ b as u64).wrapping_mul(0x0100_0000_01b3);
        }
    }
    h % 100 < percent
}

/// Runs `xq eco`; 0 on success, 1 for unreadable input, 2 for bad arguments.
pub fn run(args: &[String]) -> i32 {
    match args.first().map(String::as_str) {
        None | Some("-h" | "--help") => {
            println!("{USAGE}");
            if args.is_empty() {
                2
            } else {
                0
            }
        }
        Some("check") => check(&args[1..]),
        Some("train") => train(&args[1..]),
        Some(_) => list(args),
    }
}

fn list(paths: &[String]) -> i32 {
    let games = match read_all(paths) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("xq eco: {e}");
            return 1;
        }
    };
    for g in &games {
        match g
            .initial
            .then(|| ecco::classify(&crate::xiangqi::Position::start(), &g.moves))
        {
            Some(Some(code)) => println!("{code}\t{}\t{}", code.name().get(Lang::Zh), g.origin),
            _ => println!("-\t-\t{}", g.origin),
        }
    }
    0
}

/// Splits `args` into `--name value` options and paths.
pub(super) fn options<'a>(
    args: &'a [String],
    names: &[&str],
) -> Result<(BTreeMap<String, &'a str>, Vec<String>), String> {
    let mut opts = BTreeMap::new();
    let mut paths = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if let Some(name) = a.strip_prefix("--") {
            if !names.contains(&name) {
                return Err(format!("unexpected option `{a}`"));
            }
            let v = it.next().ok_or(format!("`{a}` needs a value"))?;
            opts.insert(name.to_string(), v.as_str());
        } else {
            paths.push(a.clone());
        }
    }
    if paths.is_empty() {
        return Err("give the files or folders of games".into());
    }
    Ok((opts, paths))
}

/// Tagged games from the initial position, once each.
fn tagged(paths: &[String]) -> Result<Vec<(Vec<Move>, Ecco)>, String> {
    let games = unique(read_all(paths)?);
    Ok(games
        .into_iter()
        .filter(|g| g.initial && !g.moves.is_empty())
        .filter_map(|g| g.tag.map(|t| (g.moves, t)))
        .collect())
}

fn examples<'a>(games: impl Iterator<Item = &'a (Vec<Move>, Ecco)>) -> Vec<Example> {
    let normalised: Vec<(Vec<Move>, Ecco)> = games.map(|(m, c)| (normalise(m), *c)).collect();
    with_prefixes(&normalised)
}

fn train(args: &[String]) -> i32 {
    let run = || -> Result<(), String> {
        let (opts, paths) = options(args, &["out", "min-leaf"])?;
        let out = opts.get("out").ok_or("--out FILE is needed")?;
        let min_leaf: u32 = match opts.get("min-leaf") {
            Some(v) => v
                .parse()
                .map_err(|_| format!("--min-leaf `{v}` is not a count"))?,
            None => 1,
        };
        super::check_output(out)?;
        let games = tagged(&paths)?;
        let tree = learn(&examples(games.iter()), min_leaf).ok_or("no tagged game")?;
        std::fs::write(out, tree.write()).map_err(|e| format!("{out}: {e}"))?;
        eprintln!(
            "xq eco: {} games, a tree of {} nodes in {out}",
            games.len(),
            tree.len()
        );
        Ok(())
    };
    match run() {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("xq eco train: {e}\n{USAGE}");
            1
        }
    }
}

/// How many of `games` `code` gives their tag, with the commonest confusions.
fn agreement(
    games: &[&(Vec<Move>, Ecco)],
    code: impl Fn(&[Move]) -> Option<Ecco>,
) -> (usize, BTreeMap<(Ecco, Option<Ecco>), usize>) {
    let mut right = 0;
    let mut wrong = BTreeMap::new();
    for (moves, tag) in games {
        match code(moves) {
            Some(got) if got == *tag => right += 1,
            got => *wrong.entry((*tag, got)).or_default() += 1,
        }
    }
    (right, wrong)
}

fn report(what: &str, games: &[&(Vec<Move>, Ecco)], code: impl Fn(&[Move]) -> Option<Ecco>) {
    let (right, wrong) = agreement(games, code);
    let n = games.len().max(1);
    println!(
        "{what}: {right} of {} games exact ({:.2} %)",
        games.len(),
        100.0 * right as f64 / n as f64
    );
    let mut worst: Vec<_> = wrong.into_iter().collect();
    worst.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    for ((tag, got), count) in worst.iter().take(10) {
        let got = got.map_or("none".to_string(), |c| c.to_string());
        println!("  tagged {tag}, said {got}: {count}");
    }
}

fn check(args: &[String]) -> i32 {
    let run = || -> Result<(), String> {
        let (opts, paths) = options(args, &["holdout"])?;
        let games = tagged(&paths)?;
        let all: Vec<&(Vec<Move>, Ecco)> = games.iter().collect();
        let start = crate::xiangqi::Position::start();
        report("shipped tree, all tagged games", &all, |m| {
            ecco::classify(&start, m)
        });
        if let Some(p) = opts.get("holdout") {
            let p: u64 = p
                .parse()
                .ok()
                .filter(|p| *p <= 90)
                .ok_or(format!("--holdout `{p}` is not a percentage up to 90"))?;
            let (test, learnt): (Vec<_>, Vec<_>) =
                all.iter().copied().partition(|g| held_out(&g.0, p));
            let tree: Tree =
                learn(&examples(learnt.iter().copied()), 1).ok_or("no game to learn from")?;
            let what = format!(
                "a tree learnt on the other {} games, the {p} % held out",
                learnt.len()
            );
            report(&what, &test, |m| Some(tree.code(&normalise(m))));
        }
        Ok(())
    };
    match run() {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("xq eco check: {e}\n{USAGE}");
            1
        }
    }
}
