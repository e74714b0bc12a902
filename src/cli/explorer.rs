//! `xq explorer`: pack a collection's games into the compact book (`pack DIR… --out FILE`), build
//! the static explorer from a book (`build FILE --out DIR`), and ask it about a position
//! (`query DIR FEN`), printing what the page's panel shows.

use crate::explorer::book::{Book, BookGame};
use crate::explorer::index::{Index, Keep, Played};
use crate::explorer::shard::{self, GameInfo, Shard, MAX_SHARD_BYTES, SHARD_COUNT};
use crate::explorer::{self as ex, Outcome};
use crate::xiangqi::ecco::{self, Ecco};
use crate::xiangqi::Position;
use std::collections::HashMap;
use std::time::Instant;

const USAGE: &str = "usage: xq explorer pack FILE|DIR... --out BOOK   the distinct games, compactly
       xq explorer build [--plies N] BOOK --out DIR   the static explorer's shards (30 plies deep)
       xq explorer query DIR \"<FEN>\"                the moves played from a position";

/// The most a book may be.
const MAX_BOOK_BYTES: usize = 64 << 20;
/// The fewest games that must reach a position for the explorer to keep it.
const MIN_GAMES: u32 = 2;
/// How deep into a game the explorer follows it by default: fifteen moves a side, the opening
/// (ECCO codes look at ten) and the start of the middle game. Deeper, the shown games (a line
/// each) grow the explorer by about 1.5 MB a ply.
const PLIES: usize = 30;
/// How many games each position shows.
const TOP: usize = 3;

/// Runs `xq explorer`; 0 on success, 1 when the work fails, 2 for bad arguments.
pub fn run(args: &[String]) -> i32 {
    let result = match args.first().map(String::as_str) {
        Some("pack") => pack(&args[1..]),
        Some("build") => build(&args[1..]),
        Some("query") => query(&args[1..]),
        Some("-h" | "--help") => {
            println!("{USAGE}");
            return 0;
        }
        _ => {
            eprintln!("{USAGE}");
            return 2;
        }
    };
    match result {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("xq explorer: {e}\n{USAGE}");
            1
        }
    }
}

/// Every game of `paths` from the initial position with a move; a file that does not read is
/// said on stderr and skipped.
fn read_games(paths: &[String], book: &mut Book) -> Result<(usize, usize), String> {
    let list = super::files_under(paths)?;
    let (files, mut read) = (list.len(), 0);
    for (_, lib) in super::libraries(list, "explorer") {
        for tree in lib.games.iter().filter(|t| ecco::is_initial(t.start())) {
            let tag = |n: &str| tree.tag(n).unwrap_or("").trim().to_string();
            let moves = super::eco::main_line(tree);
            if moves.is_empty() {
                continue;
            }
            read += 1;
            book.add(BookGame {
                red: tag("Red"),
                black: tag("Black"),
                event: tag("Event"),
                date: tag("Date"),
                outcome: Outcome::from_token(&tag("Result")),
                ecco: Ecco::parse(&tag("ECCO")),
                moves,
            });
        }
    }
    Ok((files, read))
}

fn pack(args: &[String]) -> Result<(), String> {
    let (opts, paths) = super::eco::options(args, &["out"])?;
    let out = opts.get("out").ok_or("--out FILE is needed")?;
    super::check_output(out)?;
    let mut book = Book::new();
    let (files, read) = read_games(&paths, &mut book)?;
    let bytes = book.write().ok_or("a game's move is not legal")?;
    std::fs::write(out, &bytes).map_err(|e| format!("{out}: {e}"))?;
    eprintln!(
        "xq explorer: {files} files, {read} games, {} distinct, {} bytes in {out}",
        book.games().len(),
        bytes.len()
    );
    Ok(())
}

/// How a book's games rank for showing: the games of the players with the most games in the
/// book first (a measure of who mattered; an unnamed player counts none), then the later.
fn ranks(book: &Book) -> Vec<u64> {
    let mut played: HashMap<&str, u64> = HashMap::new();
    for g in book.games() {
        *played.entry(&g.red).or_default() += 1;
        *played.entry(&g.black).or_default() += 1;
    }
    played.insert("", 0);
    book.games()
        .iter()
        .map(|g| {
            (played[g.red.as_str()] + played[g.black.as_str()]) << 16 | g.year().unwrap_or(0) as u64
        })
        .collect()
}

fn build(args: &[String]) -> Result<(), String> {
    let started = Instant::now();
    let (opts, paths) = super::eco::options(args, &["out", "plies"])?;
    let out = std::path::Path::new(opts.get("out").ok_or("--out DIR is needed")?);
    let plies = match opts.get("plies") {
        Some(p) => p
            .parse()
            .map_err(|_| format!("--plies `{p}` is not a count"))?,
        None => PLIES,
    };
    let [path] = paths.as_slice() else {
        return Err("give one book (xq explorer pack writes it)".into());
    };
    let bytes =
        super::read_capped(Some(path), MAX_BOOK_BYTES).map_err(|e| format!("{path}: {e}"))?;
    let book = Book::read(&bytes).map_err(|e| format!("{path}: {e}"))?;
    let played: Vec<Played> = book.games().iter().map(Played::of).collect();
    let rank = ranks(&book);
    let keep = Keep {
        min_games: MIN_GAMES,
        plies,
        top: TOP,
    };
    let index = Index::build(&played, keep, |n| rank[n as usize]);
    let shards = shard::shards(&index, |n| GameInfo::of(&book.games()[n as usize]));
    std::fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let (mut total, mut largest) = (0, 0);
    for n in 0..SHARD_COUNT {
        let text = shards.get(&n).cloned().unwrap_or_default().write();
        if text.len() > MAX_SHARD_BYTES {
            return Err(format!(
                "shard {} is {} bytes, over {MAX_SHARD_BYTES}: raise shard::SHARD_BITS",
                shard::file_name(n),
                text.len()
            ));
        }
        total += text.len();
        largest = largest.max(text.len());
        let file = out.join(shard::file_name(n));
        std::fs::write(&file, text).map_err(|e| format!("{}: {e}", file.display()))?;
    }
    eprintln!(
        "xq explorer: {} games, {} positions reached by {MIN_GAMES} or more in {plies} plies, {SHARD_COUNT} shards, {total} bytes (largest {largest}) in {} ({:.1} s)",
        book.games().len(),
        index.len(),
        out.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

fn query(args: &[String]) -> Result<(), String> {
    let [dir, fen] = args else {
        return Err("give the explorer's folder and a FEN".into());
    };
    let pos = Position::from_fen(fen).map_err(|e| format!("`{fen}`: {e}"))?;
    let key = ex::key(&pos);
    let file = std::path::Path::new(dir).join(shard::file_name(shard::shard_of(key)));
    let name = file.display().to_string();
    let bytes =
        super::read_capped(Some(&name), MAX_SHARD_BYTES).map_err(|e| format!("{name}: {e}"))?;
    let text = String::from_utf8(bytes).map_err(|_| format!("{name}: not UTF-8 text"))?;
    let shard = Shard::parse(&text).map_err(|e| format!("{name}: {e}"))?;
    let Some(entry) = shard.entry(key) else {
        eprintln!("xq explorer: fewer than {MIN_GAMES} games reached this position");
        return Ok(());
    };
    for (m, t) in &entry.moves {
        println!("{m} {} {} {} {}", t.games, t.red, t.draws, t.black);
    }
    let t = &entry.total;
    let year = t.average_year().map_or("-".into(), |y| y.to_string());
    println!(
        "games {} {} {} {} year {year}",
        t.games, t.red, t.draws, t.black
    );
    for n in &entry.top {
        if let Some(g) = shard.games.get(n) {
            let year = g.year.map_or("-".into(), |y| y.to_string());
            let ecco = g.ecco.map_or("-".into(), |e| e.to_string());
            println!(
                "game {year} {} {ecco}\t{}\t{}\t{}",
                g.outcome.token(),
                g.red,
                g.black,
                g.event
            );
        }
    }
    Ok(())
}
