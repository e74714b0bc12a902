//! `xq games`: the game database on the command line, through the same core as #/games.
//! `import FILE|DIR… --db FILE` adds the games of any files (and stored zip members), skipping
//! duplicates; `search --db FILE [filters]` prints a page of games; `explore --db FILE FEN`
//! prints the moves played from a position. The database file is the records one after another
//! (`XQGDB` and a version byte, then each record's length as a LEB128 varint and its bytes).

use crate::explorer::Outcome;
use crate::games::import::{check_drop, import_file};
use crate::games::record::{DedupeKey, StoredGame};
use crate::games::search::{Catalogue, Page, Query, Sort, SortKey};
use crate::games::zip::NoInflater;
use crate::lang::{In, Lang};
use crate::text::EncodingRs;
use crate::xiangqi::notation::archive::MAX_LIBRARY_BYTES;
use crate::xiangqi::Position;
use std::collections::{BTreeMap, HashSet};
use std::time::Instant;

const USAGE: &str =
    "usage: xq games import FILE|DIR... --db FILE   add the games, duplicates skipped
       xq games search --db FILE [--player NAME] [--opponent NAME] [--event TEXT] [--year A-B]
                       [--result 1-0|0-1|1/2-1/2|*] [--eco CODE|NAME] [--fen FEN [--material]]
                       [--sort date|players|event|eco|result] [--desc] [--page N] [--size N]
       xq games explore --db FILE \"<FEN>\"            the moves played from a position";

const MAGIC: &[u8] = b"XQGDB\x01";
/// The largest database file read: one import's cap.
const MAX_DB_BYTES: usize = 1 << 30;

/// Runs `xq games`; 0 on success, 1 when the work fails, 2 for bad arguments.
pub fn run(args: &[String]) -> i32 {
    let result = match args.first().map(String::as_str) {
        Some("import") => import(&args[1..]),
        Some("search") => search(&args[1..]),
        Some("explore") => explore(&args[1..]),
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
            eprintln!("xq games: {e}\n{USAGE}");
            1
        }
    }
}

/// The options (`--name value`, or `--name` alone for `flags`) and the other arguments.
fn options<'a>(
    args: &'a [String],
    names: &[&str],
    flags: &[&str],
) -> Result<(BTreeMap<&'a str, &'a str>, Vec<&'a str>), String> {
    let (mut opts, mut rest) = (BTreeMap::new(), Vec::new());
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.strip_prefix("--") {
            Some(f) if flags.contains(&f) => {
                opts.insert(f, "");
            }
            Some(n) if names.contains(&n) => {
                let v = it.next().ok_or(format!("`{a}` needs a value"))?;
                opts.insert(n, v.as_str());
            }
            Some(_) => return Err(format!("unexpected option `{a}`")),
            None => rest.push(a.as_str()),
        }
    }
    Ok((opts, rest))
}

/// The games of the database file `path` (none when it does not exist yet).
fn read_db(path: &str) -> Result<Vec<StoredGame>, String> {
    if !std::path::Path::new(path).exists() {
        return Ok(Vec::new());
    }
    let bytes = super::read_capped(Some(path), MAX_DB_BYTES).map_err(|e| format!("{path}: {e}"))?;
    let body = bytes
        .strip_prefix(MAGIC)
        .ok_or(format!("{path}: not a games database (no XQGDB 1 header)"))?;
    let (mut games, mut at) = (Vec::new(), 0);
    while at < body.len() {
        let (mut len, mut shift) = (0usize, 0);
        loop {
            let b = *body.get(at).ok_or(format!("{path}: cut short"))?;
            at += 1;
            len |= ((b & 0x7f) as usize) << shift;
            shift += 7;
            if b < 0x80 || shift > 28 {
                break;
            }
        }
        let record = body.get(at..at + len).ok_or(format!("{path}: cut short"))?;
        at += len;
        let game = StoredGame::from_bytes(record)
            .map_err(|e| format!("{path}, game {}: {e}", games.len() + 1))?;
        games.push(game);
    }
    Ok(games)
}

fn append(out: &mut Vec<u8>, game: &StoredGame) {
    let bytes = game.to_bytes();
    let mut len = bytes.len();
    while len >= 0x80 {
        out.push(len as u8 | 0x80);
        len >>= 7;
    }
    out.push(len as u8);
    out.extend(bytes);
}

/// The name a game's source keeps for `file`: its path from the folder given that holds it,
/// that folder's name included (`對局/大師對局/…/00000650.pgn`), as a browser names the files of
/// a dropped folder; a file given by itself, its path as given.
fn source_name(file: &std::path::Path, given: &[&str]) -> String {
    let root = given
        .iter()
        .map(std::path::Path::new)
        .filter(|g| g.is_dir() && file.starts_with(g))
        .find_map(|g| g.parent());
    root.and_then(|r| file.strip_prefix(r).ok())
        .unwrap_or(file)
        .display()
        .to_string()
}

fn import(args: &[String]) -> Result<(), String> {
    let started = Instant::now();
    let (opts, paths) = options(args, &["db"], &[])?;
    let db = *opts.get("db").ok_or("--db FILE is needed")?;
    if paths.is_empty() {
        return Err("give the files or folders of games".into());
    }
    super::check_output(db)?;
    let files = super::files_under(&paths.iter().map(|p| p.to_string()).collect::<Vec<_>>())?;
    let sizes: u64 = files
        .iter()
        .filter_map(|f| std::fs::metadata(f).ok())
        .map(|m| m.len())
        .sum();
    check_drop(files.len(), sizes).map_err(|e| In(&e, Lang::En).to_string())?;
    let old = read_db(db)?;
    let mut seen: HashSet<DedupeKey> = old.iter().map(StoredGame::dedupe_key).collect();
    let mut out = MAGIC.to_vec();
    old.iter().for_each(|g| append(&mut out, g));
    let (mut read, mut duplicates, mut errors, mut stored) = (0, 0, 0, 0);
    for f in &files {
        let path = f.display().to_string();
        let name = source_name(f, &paths);
        let bytes = match super::read_capped(Some(&path), MAX_LIBRARY_BYTES) {
            Ok(b) => b,
            Err(e) => {
                errors += 1;
                eprintln!("xq games: {name}: {e}");
                continue;
            }
        };
        let got = import_file(&name, &bytes, &EncodingRs, &NoInflater);
        for e in &got.errors {
            eprintln!("xq games: {}", In(e, Lang::En));
        }
        errors += got.errors.len();
        read += got.games.len();
        for g in got.games {
            match seen.insert(g.dedupe_key()) {
                true => {
                    append(&mut out, &g);
                    stored += 1;
                }
                false => duplicates += 1,
            }
        }
    }
    std::fs::write(db, &out).map_err(|e| format!("{db}: {e}"))?;
    println!(
        "files {} games {read} duplicates {duplicates} errors {errors} stored {stored} total {} bytes {}",
        files.len(),
        old.len() + stored,
        out.len()
    );
    eprintln!("xq games: {:.1} s", started.elapsed().as_secs_f64());
    Ok(())
}

/// The catalogue of the database file `db`, each game numbered by its place from 1: read from
/// its snapshot `DB.cat` when that is newer than `db`, else made from the records and saved there.
fn catalogue(db: &str) -> Result<Catalogue, String> {
    let started = Instant::now();
    let saved = format!("{db}.cat");
    let modified = |p: &str| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    if modified(&saved).is_some() && modified(&saved) >= modified(db) {
        let bytes = super::read_capped(Some(&saved), MAX_DB_BYTES)?;
        if let Ok(cat) = Catalogue::from_bytes(&bytes) {
            eprintln!(
                "xq games: catalogue of {} games ({} KB) read from {saved} in {:.2} s",
                cat.len(),
                cat.heap_bytes() / 1024,
                started.elapsed().as_secs_f64()
            );
            return Ok(cat);
        }
    }
    let games = read_db(db)?;
    let read = started.elapsed();
    let mut cat = Catalogue::new();
    for (i, g) in games.iter().enumerate() {
        cat.add(i as u32 + 1, g);
    }
    cat.finish();
    eprintln!(
        "xq games: {} games read in {:.1} s, catalogue of {} KB made in {:.1} s",
        games.len(),
        read.as_secs_f64(),
        cat.heap_bytes() / 1024,
        (started.elapsed() - read).as_secs_f64()
    );
    // A snapshot that cannot be written only costs the next run the time to make it again.
    let _ = std::fs::write(&saved, cat.to_bytes());
    Ok(cat)
}

/// The query the options ask.
fn query_of(opts: &BTreeMap<&str, &str>) -> Result<Query, String> {
    let text = |n: &str| opts.get(n).map_or(String::new(), |s| s.to_string());
    let years = match opts.get("year") {
        None => None,
        Some(y) => {
            let (a, b) = y.split_once('-').unwrap_or((y, y));
            let year = |s: &str| {
                s.trim()
                    .parse::<u16>()
                    .map_err(|_| format!("--year `{y}`: give A-B"))
            };
            Some((year(a)?, year(b)?))
        }
    };
    let outcome = match opts.get("result") {
        None => None,
        Some(r) => match Outcome::from_token(r) {
            Outcome::Unknown if r.trim() != "*" => {
                return Err(format!("--result `{r}`: give 1-0, 0-1, 1/2-1/2 or *"))
            }
            o => Some(o),
        },
    };
    Ok(Query {
        player: text("player"),
        opponent: text("opponent"),
        event: text("event"),
        years,
        outcome,
        eco: text("eco"),
        fen: opts.get("fen").map(|f| f.to_string()),
        material: opts.contains_key("material"),
    })
}

fn search(args: &[String]) -> Result<(), String> {
    let names = [
        "db", "player", "opponent", "event", "year", "result", "eco", "fen", "sort", "page", "size",
    ];
    let (opts, rest) = options(args, &names, &["material", "desc"])?;
    if let Some(extra) = rest.first() {
        return Err(format!("unexpected argument `{extra}`"));
    }
    let db = *opts.get("db").ok_or("--db FILE is needed")?;
    let query = query_of(&opts)?;
    let key = match opts.get("sort").copied().unwrap_or("date") {
        "date" => SortKey::Date,
        "players" => SortKey::Players,
        "event" => SortKey::Event,
        "eco" => SortKey::Ecco,
        "result" => SortKey::Result,
        other => {
            return Err(format!(
                "--sort `{other}`: give date, players, event, eco or result"
            ))
        }
    };
    let number = |n: &str, default: usize| {
        opts.get(n).map_or(Ok(default), |v| {
            v.parse().map_err(|_| format!("--{n} `{v}` is not a count"))
        })
    };
    let page = Page {
        number: number("page", 1)?.saturating_sub(1),
        size: number("size", 50)?,
    };
    let sort = Sort {
        key,
        descending: opts.contains_key("desc"),
    };
    let cat = catalogue(db)?;
    let started = Instant::now();
    let hits = cat
        .search(&query, sort, page)
        .map_err(|e| In(&e, Lang::En).to_string())?;
    let took = started.elapsed();
    println!("total {}", hits.total);
    for r in &hits.rows {
        let ecco = r.ecco.map_or("-".into(), |e| e.to_string());
        println!(
            "{}\t{}\t{}\t{}\t{}\t{ecco}\t{}",
            r.id,
            r.date,
            r.red,
            r.black,
            r.outcome.token(),
            r.event
        );
    }
    eprintln!("xq games: search {:.1} ms", took.as_secs_f64() * 1000.0);
    Ok(())
}

fn explore(args: &[String]) -> Result<(), String> {
    let (opts, rest) = options(args, &["db"], &[])?;
    let db = *opts.get("db").ok_or("--db FILE is needed")?;
    let [fen] = rest.as_slice() else {
        return Err("give one FEN".into());
    };
    let pos = Position::from_fen(fen).map_err(|e| format!("`{fen}`: {e}"))?;
    let cat = catalogue(db)?;
    let entry = cat.explore(&pos);
    for (m, t) in &entry.moves {
        println!("{m} {} {} {} {}", t.games, t.red, t.draws, t.black);
    }
    let t = &entry.total;
    let year = t.average_year().map_or("-".into(), |y| y.to_string());
    println!(
        "games {} {} {} {} year {year}",
        t.games, t.red, t.draws, t.black
    );
    for g in cat.rows(&entry.top) {
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
    Ok(())
}
