//! `xq uci` driven as a process, the way a GUI or match runner drives Pikafish.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;
use xiangqi_club::xiangqi::{Move, Position};

#[test]
fn speaks_uci_and_stops_on_request() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_xq"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let (tx, rx) = mpsc::channel();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if tx.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    let mut send = |s: &str| writeln!(stdin, "{s}").unwrap();
    let wait_for = |prefix: &str| -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            let line = rx
                .recv_timeout(Duration::from_secs(60))
                .unwrap_or_else(|_| panic!("no `{prefix}` after {seen:?}"));
            let done = line.starts_with(prefix);
            seen.push(line);
            if done {
                return seen;
            }
        }
    };
    send("uci");
    let hello = wait_for("uciok");
    assert!(hello.iter().any(|l| l.starts_with("id name")));
    send("isready");
    wait_for("readyok");
    send("ucinewgame");
    send("position startpos moves h2e2 h9g7");
    send("go depth 5");
    let lines = wait_for("bestmove");
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
    send("position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1");
    send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    send("stop");
    let lines = wait_for("bestmove");
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
    send("position fen 3k5/R8/1R7/9/9/9/9/9/9/4K4 w - - 0 1");
    send("go infinite");
    std::thread::sleep(Duration::from_millis(500));
    while let Ok(line) = rx.try_recv() {
        assert!(
            !line.starts_with("bestmove"),
            "answered before stop: {line}"
        );
    }
    send("stop");
    assert_eq!(wait_for("bestmove").last().unwrap(), "bestmove b7b9");
    // Clock-driven search answers in time.
    send("position startpos");
    send("go wtime 2000 btime 2000 winc 0 binc 0");
    wait_for("bestmove");
    send("quit");
    assert!(child.wait().unwrap().success());
}
