//! `xq` at its stated limits and under bad arguments: every case answers
//! with a message and exit status 1 or 2, never a panic (status 101), an abort (134) or a stack
//! overflow, and sizes are refused before anything is allocated.
#![cfg(not(target_arch = "wasm32"))]
#![cfg(not(target_arch = "wasm32"))]

use std::ffi::OsString;
use std::process::Command;

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

fn xq<A: Into<OsString> + Clone>(args: &[A]) -> (i32, String, String) {
    let args: Vec<OsString> = args.iter().cloned().map(Into::into).collect();
    let out = Command::new(env!("CARGO_BIN_EXE_xq"))
        .args(&args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[cfg(unix)]
#[test]
fn a_non_utf8_argument_is_a_usage_error_not_a_panic() {
    use std::os::unix::ffi::OsStringExt;
    let bad = OsString::from_vec(vec![b'h', 0xFF, b'2']);
    for args in [
        vec![bad.clone()],
        vec!["judge".into(), "start".into(), bad.clone()],
        vec!["convert".into(), "--to".into(), "iccs".into(), bad.clone()],
    ] {
        let (code, _, err) = xq(&args);
        assert_eq!(code, 2, "{err}");
        assert!(err.contains("not valid UTF-8"), "{err}");
    }
}

#[test]
fn perft_refuses_a_depth_above_the_cap() {
    let (code, _, err) = xq(&["perft", START, "30000"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("depth 30000 is above the limit of 12"),
        "{err}"
    );
    let (code, _, err) = xq(&["bench", "99"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("limit of 12"), "{err}");
    // The cap leaves real use alone.
    let (code, out, _) = xq(&["perft", START, "2"]);
    assert_eq!((code, out.trim()), (0, "1920"));
}

#[test]
fn schedule_checks_sizes_before_allocating() {
    let base = [
        "schedule",
        "--entrants",
        "8",
        "--sessions",
        "3",
        "--session-minutes",
        "120",
        "--match-minutes",
        "20",
    ];
    for tables in ["18446744073709551615", "4294967296", "100000", "65"] {
        let mut args = base.to_vec();
        args.extend(["--tables", tables]);
        let t = std::time::Instant::now();
        let (code, _, err) = xq(&args);
        assert_eq!(code, 2, "--tables {tables}: {err}");
        assert!(err.contains("at most 64"), "{err}");
        // Refused on reading, not after a solve: far under the 76 s the issue measured.
        assert!(t.elapsed().as_secs() < 10);
    }
    for (flag, value, says) in [
        ("--sessions", "99999999999", "at most 512"),
        ("--entrants", "18446744073709551615", "at most 128"),
        ("--session-minutes", "4294967295", "at most 1440"),
    ] {
        let mut args = base.to_vec();
        args.extend(["--tables", "2", flag, value]);
        let (code, _, err) = xq(&args);
        assert_eq!(code, 2, "{flag} {value}: {err}");
        assert!(err.contains(says), "{flag}: {err}");
    }
}

#[test]
fn judge_names_an_empty_or_malformed_move() {
    let (code, _, err) = xq(&["judge", "start", "h2e2", ""]);
    assert_eq!(code, 1);
    assert!(err.contains("move 2: an empty argument"), "{err}");
    let (code, _, err) = xq(&["judge", "start", "h2-e2"]);
    assert_eq!(code, 1);
    assert!(err.contains("`h2-e2` is not an ICCS move"), "{err}");
    let (code, _, err) = xq(&["judge", "start", "h2e2 h-9g-7"]);
    assert_eq!(code, 1);
    assert!(err.contains("move 2: `h-9g-7`"), "{err}");
    // ICCS as game files write it (upper case, one dash) is still a move.
    let (code, out, _) = xq(&["judge", "start", "H2-E2", "h9g7"]);
    assert_eq!((code, out.trim()), (0, "none"));
}

#[test]
fn a_fen_without_side_to_move_is_refused_with_a_reason() {
    let board = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";
    for args in [["perft", board, "1"], ["judge", board, "h2e2"]] {
        let cmd = args[0];
        let (code, _, err) = xq(&args);
        assert_eq!(code, 1, "{cmd}: {err}");
        assert!(err.contains("side to move is missing"), "{cmd}: {err}");
    }
}

/// `xq` with `input` on stdin, killed (and the test failed) if it runs past `secs`.
fn xq_within(secs: u64, args: &[&str], input: &[u8]) -> (i32, String, String) {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_xq"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    // A command that refuses early closes its end: a broken pipe here is expected.
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let t0 = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if t0.elapsed().as_secs() >= secs {
            let _ = child.kill();
            panic!("xq {args:?} still running after {secs} s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let _ = feeder.join();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn bench_search_refuses_a_depth_above_the_cap() {
    for depth in ["13", "100", "4294967295"] {
        let (code, _, err) = xq_within(10, &["bench", "search", depth], b"");
        assert_eq!(code, 2, "depth {depth}: {err}");
        assert!(err.contains("above the limit of 12"), "{err}");
        assert!(err.contains("usage: xq bench search"), "{err}");
    }
    let (code, out, _) = xq_within(60, &["bench", "search", "1"], b"");
    assert_eq!(code, 0);
    assert!(out.contains("search bench depth 1:"), "{out}");
}

#[cfg(unix)]
#[test]
fn game_and_trf_files_are_read_up_to_2_mb_only() {
    for args in [
        &["convert", "--to", "iccs", "/dev/zero"][..],
        &["swiss", "/dev/zero"][..],
    ] {
        let (code, _, err) = xq_within(10, args, b"");
        assert!(code == 1 || code == 2, "{args:?}: {code} {err}");
        assert!(err.contains("larger than the limit of 2048 KB"), "{err}");
    }
    // From stdin too: 3 MB of move text is refused; a game of normal size is converted.
    let big = "1. h2e2 h9g7\n".repeat(3 << 20 >> 4);
    let (code, _, err) = xq_within(10, &["convert", "--to", "iccs"], big.as_bytes());
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("larger than the limit of 2048 KB"), "{err}");
    let (code, out, _) = xq_within(10, &["convert", "--to", "iccs", "-"], b"1. h2e2 h9g7\n");
    assert_eq!((code, out.as_str()), (0, "h2e2\nh9g7\n"));
}

#[test]
fn fen_counters_beyond_the_limit_are_a_fen_error() {
    let board = "3k5/9/9/9/9/9/9/9/4R4/4K4";
    for fen in [
        format!("{board} w - - 4294967295 1"),
        format!("{board} b - - 0 4294967295"),
    ] {
        for args in [
            vec!["perft", fen.as_str(), "2"],
            vec!["judge", fen.as_str(), "e1e2"],
        ] {
            let (code, _, err) = xq_within(10, &args, b"");
            assert_eq!(code, 1, "{args:?}: {err}");
            assert!(
                err.contains("above the limit of 1000000"),
                "{args:?}: {err}"
            );
        }
    }
    let pgn = format!("[FEN \"{board} b - - 0 4294967295\"]\n\n1... d9d8\n");
    let (code, _, err) = xq_within(10, &["convert", "--to", "iccs"], pgn.as_bytes());
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("above the limit"), "{err}");
}
