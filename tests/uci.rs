//! `xq uci` driven as a process, the way a GUI or match runner drives Pikafish.

#[path = "support/uci.rs"]
mod uci_process;

use std::time::{Duration, Instant};
use uci_process::Uci;
use xiangqi_club::xiangqi::{Move, Position};

#[test]
fn speaks_uci_and_stops_on_request() {
    let mut uci = Uci::start();
    uci.send("uci");
    let hello = uci.wait_for("uciok");
    assert!(hello.iter().any(|l| l.starts_with("id name")));
    uci.send("isready");
    uci.wait_for("readyok");
    uci.send("ucinewgame");
    uci.send("position startpos moves h2e2 h9g7");
    uci.send("go depth 5");
    let lines = uci.wait_for("bestmove");
    let info = lines
        .iter()
        .find(|l| l.starts_with("info depth 5"))
        .unwrap();
    for key in [" score cp ", " nodes ", " nps ", " pv "] {
        assert!(info.contains(key), "{info}");
    }
    let best = lines
        .last()
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap()
        .to_string();
    let mut pos = Position::start();
    for m in ["h2e2", "h9g7"] {
        pos.play(Move::from_iccs(m).unwrap()).unwrap();
    }
    assert!(pos.is_legal(Move::from_iccs(&best).unwrap()));
    // An infinite search ends on `stop`, with a move.
    uci.send("position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1");
    uci.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    uci.send("stop");
    let lines = uci.wait_for("bestmove");
    let best = lines
        .last()
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap()
        .to_string();
    let black =
        Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1")
            .unwrap();
    assert!(black.is_legal(Move::from_iccs(&best).unwrap()));
    // Even when the search ends by itself (a mate in one), `go infinite` waits for `stop`.
    let mate_in_one = "3k5/R8/1R7/9/9/9/9/9/9/4K4 w - - 0 1";
    uci.send(format!("position fen {mate_in_one}"));
    uci.send("go infinite");
    std::thread::sleep(Duration::from_millis(500));
    while let Ok(line) = uci.out.try_recv() {
        assert!(
            !line.starts_with("bestmove"),
            "answered before stop: {line}"
        );
    }
    uci.send("stop");
    // Two moves mate (b7b9, and b7d7 as the flying general guards e9); either will do.
    let lines = uci.wait_for("bestmove");
    let best = lines.last().unwrap().split_whitespace().nth(1).unwrap();
    let mut mated = Position::from_fen(mate_in_one).unwrap();
    mated.play(Move::from_iccs(best).unwrap()).unwrap();
    assert!(mated.is_checkmate(), "bestmove {best} does not mate");
    // Clock-driven search answers in time.
    uci.send("position startpos");
    uci.send("go wtime 2000 btime 2000 winc 0 binc 0");
    uci.wait_for("bestmove");
    assert!(uci.finish(true).0.success());
}

fn pause(ms: u64) {
    std::thread::sleep(Duration::from_millis(ms));
}

fn best_move(line: &str) -> Move {
    let m = line.split_whitespace().nth(1).unwrap();
    Move::from_iccs(m).unwrap_or_else(|| panic!("not a move: {line}"))
}

#[test]
fn go_during_an_infinite_search_ends_it_instead_of_deadlocking() {
    // The reported sequence: `(echo "go infinite"; sleep 1; echo "go depth 1"; sleep 1; echo stop;
    // echo isready; echo quit) | xq uci` never ended.
    let mut uci = Uci::start();
    uci.send("go infinite");
    pause(1000);
    uci.send("go depth 1");
    // The infinite search answers first, then the new one.
    let first = uci.wait_for("bestmove");
    assert!(Position::start().is_legal(best_move(first.last().unwrap())));
    let second = uci.wait_for("bestmove");
    assert!(second.iter().any(|l| l.starts_with("info depth 1 ")));
    pause(1000);
    uci.send("stop");
    uci.send("isready");
    uci.wait_for("readyok");
    let (status, rest, err) = uci.finish(true);
    assert!(status.success());
    assert!(!rest.iter().any(|l| l.starts_with("bestmove")), "{rest:?}");
    assert!(err.is_empty(), "{err:?}");
}

#[test]
fn commands_that_change_the_search_stop_it_first() {
    let mut uci = Uci::start();
    for cmd in [
        "ucinewgame",
        "setoption name Hash value 2",
        "setoption name Level value 3",
        "position startpos moves h2e2",
    ] {
        uci.send("position startpos");
        uci.send("go infinite");
        pause(200);
        uci.send(cmd);
        let best = uci.best_then_ready();
        assert!(
            Position::start().is_legal(best_move(&best)),
            "{cmd}: {best}"
        );
    }
    // The last `position` holds, and the engine searches it.
    uci.send("go depth 2");
    let best = uci.best_then_ready();
    let after = Position::start()
        .after(Move::from_iccs("h2e2").unwrap())
        .unwrap();
    assert!(after.is_legal(best_move(&best)), "{best}");
    // `isready` is answered during a search, which goes on until `stop` (at full strength: level
    // 3 stops at depth 3).
    uci.send("setoption name Level value 8");
    uci.send("go depth 60");
    uci.send("isready");
    let lines = uci.wait_for("readyok");
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "{lines:?}"
    );
    uci.send("stop");
    uci.best_then_ready();
    // `quit` and the end of input both end a running search and the process.
    uci.send("go infinite");
    pause(100);
    let (status, rest, _) = uci.finish(true);
    assert!(status.success());
    assert_eq!(rest.iter().filter(|l| l.starts_with("bestmove")).count(), 1);
    let mut uci = Uci::start();
    uci.send("go infinite");
    pause(100);
    let (status, rest, _) = uci.finish(false);
    assert!(status.success());
    assert_eq!(rest.iter().filter(|l| l.starts_with("bestmove")).count(), 1);
}

#[test]
fn bad_input_gets_one_line_on_stderr_and_the_loop_goes_on() {
    let mut uci = Uci::start();
    let mut refused = 0;
    let mut check = |uci: &mut Uci, line: &[u8], refused_here: bool| {
        uci.send(line);
        uci.send("isready");
        let lines = uci.wait_for("readyok");
        assert!(
            !lines.iter().any(|l| l.starts_with("bestmove")),
            "{}: {lines:?}",
            String::from_utf8_lossy(line)
        );
        refused += refused_here as usize;
    };
    // Once a slice index panic.
    check(&mut uci, b"setoption value 5 name Hash", true);
    check(&mut uci, b"setoption name Hash", true);
    check(&mut uci, b"setoption name Hash value lots", true);
    // Once ignored, so the engine searched without limit.
    check(&mut uci, b"go movetime 1e9", true);
    check(&mut uci, b"go depth", true);
    // Once the end of the loop (exit 0).
    check(&mut uci, b"isre\xffady", true);
    check(&mut uci, "x".repeat(1_100_000).as_bytes(), true);
    // Counters that overflowed in the search: a FEN error, and the position stays as it was.
    let board = "3k5/9/9/9/9/9/9/9/4R4/4K4";
    for counters in ["4294967295 1", "0 4294967295"] {
        uci.send(format!("position fen {board} b - - {counters}"));
        let said = uci.wait_for("info string");
        assert!(
            said.last().unwrap().contains("above the limit of 1000000"),
            "{said:?}"
        );
    }
    uci.send("go depth 2");
    let best = uci.best_then_ready();
    assert!(Position::start().is_legal(best_move(&best)), "{best}");
    // Once a multiply overflow: a third of the time left is the most it thinks.
    let t0 = Instant::now();
    uci.send("go wtime 1000 winc 9223372036854775807");
    uci.best_then_ready();
    assert!(t0.elapsed() < Duration::from_secs(10));
    let (status, _, err) = uci.finish(true);
    assert!(status.success());
    assert_eq!(err.len(), refused, "{err:?}");
    for (line, says) in err.iter().zip([
        "setoption needs `name <id> [value <x>]`",
        "Hash needs a value",
        "not `lots`",
        "movetime needs a whole number, not `1e9`; not searching",
        "depth needs a number",
        "line 11 is not UTF-8 text",
        "line 13 is longer than 1024 KB",
    ]) {
        assert!(
            line.starts_with("xq uci: ") && line.contains(says),
            "{line}"
        );
    }
}

/// The `info` lines of one depth, each read as (multipv, first move of its pv).
fn lines_at(said: &[String], depth: u32) -> Vec<(u32, Move)> {
    said.iter()
        .filter(|l| l.starts_with(&format!("info depth {depth} ")))
        .map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            let after = |key: &str| words[words.iter().position(|w| *w == key).unwrap() + 1];
            let k = after("multipv").parse().unwrap();
            (k, Move::from_iccs(after("pv")).unwrap())
        })
        .collect()
}

#[test]
fn multipv_reports_each_line_at_each_depth_and_plays_the_first() {
    let mut uci = Uci::start();
    uci.send("uci");
    let hello = uci.wait_for("uciok");
    assert!(
        hello.contains(&"option name MultiPV type spin default 1 min 1 max 5".to_string()),
        "{hello:?}"
    );
    let fen = "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 0 1";
    let pos = Position::from_fen(fen).unwrap();
    uci.send("setoption name MultiPV value 3");
    uci.send(format!("position fen {fen}"));
    uci.send("go depth 5");
    let said = uci.wait_for("bestmove");
    for depth in 1..=5 {
        let lines = lines_at(&said, depth);
        let ranks: Vec<u32> = lines.iter().map(|l| l.0).collect();
        assert_eq!(ranks, [1, 2, 3], "depth {depth}: {said:?}");
        let firsts: Vec<Move> = lines.iter().map(|l| l.1).collect();
        assert!(firsts.iter().all(|&m| pos.is_legal(m)), "{said:?}");
        assert!(
            firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2],
            "depth {depth}: {said:?}"
        );
    }
    assert_eq!(best_move(said.last().unwrap()), lines_at(&said, 5)[0].1);
    // Outside 1..=5: said so, and the count stays 3.
    for bad in ["0", "6"] {
        uci.send(format!("setoption name MultiPV value {bad}"));
        let refused = uci.wait_for("info string");
        assert!(
            refused.last().unwrap().contains("MultiPV must be 1 to 5")
                && refused.last().unwrap().contains("stays 3"),
            "{refused:?}"
        );
    }
    uci.send("go depth 2");
    let said = uci.wait_for("bestmove");
    assert_eq!(lines_at(&said, 2).len(), 3, "{said:?}");
    // Two legal moves: two lines.
    uci.send("position fen 3k5/9/9/p8/9/9/9/9/9/4K4 b - - 0 1");
    uci.send("go depth 3");
    let said = uci.wait_for("bestmove");
    let ranks: Vec<u32> = lines_at(&said, 3).iter().map(|l| l.0).collect();
    assert_eq!(ranks, [1, 2], "{said:?}");
    // Back to one line.
    uci.send("setoption name MultiPV value 1");
    uci.send(format!("position fen {fen}"));
    uci.send("go depth 3");
    let said = uci.wait_for("bestmove");
    let ranks: Vec<u32> = lines_at(&said, 3).iter().map(|l| l.0).collect();
    assert_eq!(ranks, [1], "{said:?}");
    let (status, _, err) = uci.finish(true);
    assert!(status.success());
    assert!(err.is_empty(), "{err:?}");
}

/// A whole game on a 1 s + 0.1 s clock for each side, the engine playing both: every answer
/// comes before its side's flag falls (the time is measured here, as a match runner does).
#[test]
fn a_game_on_a_one_second_clock_with_increment_never_flags() {
    let mut uci = Uci::start();
    uci.send("uci");
    uci.wait_for("uciok");
    uci.send("ucinewgame");
    let mut game = xiangqi_club::xiangqi::game::Game::new(Position::start());
    let mut moves: Vec<String> = Vec::new();
    let mut clocks = [1_000u64, 1_000u64]; // red, black
    let mut used = [0u64, 0u64];
    while moves.len() < 120 && game.verdict().is_none() {
        let side = moves.len() % 2;
        uci.send(format!("position startpos moves {}", moves.join(" ")));
        let t0 = Instant::now();
        uci.send(format!(
            "go wtime {} btime {} winc 100 binc 100",
            clocks[0], clocks[1]
        ));
        let line = uci.wait_for("bestmove").pop().unwrap();
        let spent = t0.elapsed().as_millis() as u64;
        assert!(
            spent < clocks[side],
            "ply {}: {spent} ms spent with {} ms on the clock",
            moves.len(),
            clocks[side]
        );
        clocks[side] = clocks[side] - spent + 100;
        used[side] += spent;
        let m = best_move(&line);
        game.play(m).unwrap();
        moves.push(m.to_string());
    }
    // The clock's time is used, not left to waste: over 20 ms a move on average.
    let plies = moves.len() as u64;
    assert!(used[0] + used[1] > 20 * plies, "{used:?} for {plies} plies");
}

#[cfg(unix)]
#[test]
fn a_larger_hash_frees_the_old_table_first_and_a_failed_one_keeps_the_old_size() {
    // Two 512 MB tables at once do not fit in 900 MB (xq itself takes about 160 MB of address
    // space): the old one goes first. (The same as 1024 MB twice in 1.8 GB, at half the cost.)
    let mut uci = Uci::start_within(900_000);
    for _ in 0..2 {
        uci.send("setoption name Hash value 512");
        uci.send("isready");
        let said = uci.wait_for("readyok");
        assert!(
            !said.iter().any(|l| l.starts_with("info string")),
            "{said:?}"
        );
    }
    uci.send("go depth 3");
    assert!(Position::start().is_legal(best_move(&uci.best_then_ready())));
    let (status, _, err) = uci.finish(true);
    assert!(status.success(), "{status:?} {err:?}");
    // 1 GB does not fit in 600 MB: said, and the engine goes on with its 16 MB.
    let mut uci = Uci::start_within(600_000);
    uci.send("setoption name Hash value 1024");
    let said = uci.wait_for("info string");
    assert_eq!(
        said.last().unwrap(),
        "info string no memory for a hash table of 1024 MB; Hash stays 16 MB"
    );
    uci.send("go depth 3");
    assert!(Position::start().is_legal(best_move(&uci.best_then_ready())));
    let (status, _, err) = uci.finish(true);
    assert!(status.success(), "{status:?} {err:?}");
}

#[test]
fn searchmoves_limits_the_moves_searched() {
    let mut uci = Uci::start();
    let only = ["a3a4", "i3i4"].map(|m| Move::from_iccs(m).unwrap());
    for go in [
        "go depth 6 searchmoves a3a4 i3i4",
        "go searchmoves a3a4 i3i4 depth 6",
    ] {
        uci.send("position startpos");
        uci.send(go);
        let said = uci.wait_for("bestmove");
        assert!(
            only.contains(&best_move(said.last().unwrap())),
            "{go}: {said:?}"
        );
        for l in said.iter().filter(|l| l.starts_with("info depth")) {
            let pv = l.split(" pv ").nth(1).unwrap();
            let first = Move::from_iccs(pv.split(' ').next().unwrap()).unwrap();
            assert!(only.contains(&first), "{go}: {l}");
        }
    }
    // MultiPV counts only the moves searched.
    uci.send("setoption name MultiPV value 3");
    uci.send("go depth 3 searchmoves h2e2 b2e2");
    let said = uci.wait_for("bestmove");
    let ranks: Vec<u32> = lines_at(&said, 3).iter().map(|l| l.0).collect();
    assert_eq!(ranks, [1, 2], "{said:?}");
    uci.send("setoption name MultiPV value 1");
    // A move that is not legal here, or not a move: refused, no search.
    for bad in [
        "go depth 2 searchmoves h2e2 a0a5",
        "go depth 2 searchmoves zz",
    ] {
        uci.send(bad);
        uci.send("isready");
        let said = uci.wait_for("readyok");
        assert!(!said.iter().any(|l| l.starts_with("bestmove")), "{said:?}");
    }
    // The next search is not restricted.
    uci.send("position fen 3k5/R8/1R7/9/9/9/9/9/9/4K4 w - - 0 1");
    uci.send("go depth 3");
    let best = best_move(&uci.best_then_ready());
    assert!(
        ["b7b9", "b7d7"].contains(&best.to_string().as_str()),
        "{best}"
    );
    let (status, _, err) = uci.finish(true);
    assert!(status.success());
    assert_eq!(err.len(), 2, "{err:?}");
    assert!(err[0].contains("a0a5 is not legal here"), "{err:?}");
    assert!(err[1].contains("`zz` is not a move"), "{err:?}");
}

#[test]
fn go_mate_stops_at_a_mate_or_at_its_depth() {
    let mut uci = Uci::start();
    // No mate in one from the start: the search ends at its depth (2·1 + 1 plies) by itself.
    uci.send("go mate 1");
    let said = uci.wait_for("bestmove");
    assert!(Position::start().is_legal(best_move(said.last().unwrap())));
    assert!(
        !said.iter().any(|l| l.starts_with("info depth 4 ")),
        "{said:?}"
    );
    // A mate in one is found and the search ends there.
    uci.send("position fen 3k5/R8/1R7/9/9/9/9/9/9/4K4 w - - 0 1");
    uci.send("go mate 3");
    let said = uci.wait_for("bestmove");
    let last_info = said
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .unwrap();
    assert!(last_info.contains(" score mate 1 "), "{said:?}");
    let depth: u32 = last_info.split(' ').nth(2).unwrap().parse().unwrap();
    assert!(depth <= 2, "{said:?}");
    let (status, _, err) = uci.finish(true);
    assert!(status.success());
    assert!(err.is_empty(), "{err:?}");
}
