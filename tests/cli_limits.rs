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
    // A device such as /dev/zero is refused as no regular file (see below); a sparse file of
    // 3 MB is one, larger than the cap.
    let dir = scratch("2mb");
    let big = dir.join("big.pgn");
    std::fs::File::create(&big)
        .unwrap()
        .set_len(3 << 20)
        .unwrap();
    let big = big.to_str().unwrap();
    for args in [&["convert", "--to", "iccs", big][..], &["swiss", big][..]] {
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
    std::fs::remove_dir_all(&dir).ok();
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

/// A scratch directory of its own for one test.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("xq-limits-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A fake UCI engine: a shell script in `dir`, made executable.
#[cfg(unix)]
fn fake_engine(dir: &std::path::Path, name: &str, script: &str) -> String {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{script}")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path.to_str().unwrap().to_string()
}

/// `xq` under a 1 GB address-space limit (so that a runaway read fails fast instead of growing
/// to gigabytes), in `dir`, killed (and the test failed) past `secs`.
#[cfg(unix)]
fn xq_limited(secs: u64, dir: &std::path::Path, args: &[&str]) -> (i32, String, String) {
    use std::process::Stdio;
    let mut child = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 1048576 && exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_xq"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let t0 = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if t0.elapsed().as_secs() >= secs {
            let _ = child.kill();
            let _ = child.wait();
            panic!("xq {args:?} still running after {secs} s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Two games of the test set, for `xq label` and `xq match --games-file`.
fn two_games(dir: &std::path::Path) -> String {
    let text = include_str!("data/games/games.jsonl");
    let path = dir.join("two.jsonl");
    let two: Vec<&str> = text.lines().take(2).collect();
    std::fs::write(&path, two.join("\n")).unwrap();
    path.to_str().unwrap().to_string()
}

#[cfg(unix)]
#[test]
fn a_fifo_or_a_device_given_as_a_file_is_refused_at_once() {
    let dir = scratch("fifo");
    let fifo = dir.join("fifo");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let out = dir.join("out.jsonl");
    let (fifo, out) = (fifo.to_str().unwrap(), out.to_str().unwrap());
    let engine = format!("{} uci", env!("CARGO_BIN_EXE_xq"));
    for file in [fifo, "/dev/zero"] {
        for args in [
            &["convert", "--to", "iccs", file][..],
            &["swiss", file][..],
            &[
                "schedule",
                "--entrants-file",
                file,
                "--tables",
                "2",
                "--json",
            ][..],
            &["tune", "--no-test-set", "--games", file][..],
            &["label", "--engine", &engine, "--out", out, file][..],
            &[
                "match",
                "--engine",
                &engine,
                "--engine",
                &engine,
                "--games-file",
                file,
            ][..],
        ] {
            let (code, _, err) = xq_limited(10, &dir, args);
            assert!(code == 1 || code == 2, "{args:?}: {code} {err}");
            assert!(err.contains("not a regular file"), "{args:?}: {err}");
        }
    }
    // An output that is a FIFO is refused before anything runs, too.
    for args in [
        &["label", "--engine", &engine, "--out", fifo, "x.jsonl"][..],
        &[
            "match", "--engine", &engine, "--engine", &engine, "--record", fifo,
        ][..],
        &["tune", "--emit", fifo][..],
    ] {
        let (code, _, err) = xq_limited(10, &dir, args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(
            err.contains("a pipe or socket, not a file"),
            "{args:?}: {err}"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[cfg(unix)]
#[test]
fn games_files_are_read_up_to_32_mb_only() {
    let dir = scratch("big");
    let big = dir.join("big.jsonl");
    // Sparse: 33 MB that take no room on the disk.
    std::fs::File::create(&big)
        .unwrap()
        .set_len(33 << 20)
        .unwrap();
    let big = big.to_str().unwrap();
    let engine = format!("{} uci", env!("CARGO_BIN_EXE_xq"));
    for args in [
        &["tune", "--no-test-set", "--games", big][..],
        &["label", "--engine", &engine, "--out", "out.jsonl", big][..],
        &[
            "match",
            "--engine",
            &engine,
            "--engine",
            &engine,
            "--games-file",
            big,
        ][..],
    ] {
        let (code, _, err) = xq_limited(10, &dir, args);
        assert!(code == 1 || code == 2, "{args:?}: {code} {err}");
        assert!(
            err.contains("larger than the limit of 32768 KB"),
            "{args:?}: {err}"
        );
    }
    assert!(!dir.join("out.jsonl").exists());
    std::fs::remove_dir_all(&dir).ok();
}

#[cfg(unix)]
#[test]
fn an_engine_that_exits_mid_game_is_an_error_not_a_silent_death() {
    let dir = scratch("quitter");
    // Answers its first `go` with a legal move, then exits.
    let quitter = fake_engine(
        &dir,
        "quitter",
        "while read -r line; do
  case \"$line\" in
    uci) echo 'id name quitter'; echo uciok;;
    isready) echo readyok;;
    go*) echo 'info depth 1 score cp 12 pv h2e2'; echo 'bestmove h2e2'; exit 0;;
  esac
done
",
    );
    let xq = format!("{} uci", env!("CARGO_BIN_EXE_xq"));
    // The start position: the quitter (Red) plays h2e2, xq answers, and the quitter is gone.
    let start = dir.join("start.jsonl");
    std::fs::write(
        &start,
        format!("{{\"start_fen\":\"{START}\",\"moves_iccs\":[],\"result\":\"1-0\"}}\n"),
    )
    .unwrap();
    let (code, out, err) = xq_limited(
        60,
        &dir,
        &[
            "match",
            "--engine",
            &quitter,
            "--engine",
            &xq,
            "--go",
            "depth 1",
            "--plies",
            "0",
            "--games",
            "2",
            "--games-file",
            start.to_str().unwrap(),
        ],
    );
    assert_eq!(code, 1, "{out} {err}");
    assert!(err.contains("game 1: quitter: exited"), "{err}");
    // `xq label` the same: the second position is not answered.
    let games = two_games(&dir);
    let (code, out, err) = xq_limited(
        60,
        &dir,
        &["label", "--engine", &quitter, "--out", "out.jsonl", &games],
    );
    assert_eq!(code, 1, "{out} {err}");
    assert!(err.contains("quitter: exited"), "{err}");
    // Nothing half-written is left.
    assert!(!dir.join("out.jsonl").exists());
    std::fs::remove_dir_all(&dir).ok();
}

#[cfg(unix)]
#[test]
fn an_engine_that_floods_its_output_is_cut_off() {
    let dir = scratch("flood");
    let games = two_games(&dir);
    for (engine, says) in [
        (
            "yes uciok",
            "wrote more than 4 MB without the answer awaited",
        ),
        ("cat /dev/zero", "wrote a line longer than 64 KB"),
    ] {
        let (code, out, err) = xq_limited(
            30,
            &dir,
            &[
                "match",
                "--engine",
                engine,
                "--engine",
                engine,
                "--games-file",
                &games,
            ],
        );
        assert_eq!(code, 1, "{engine}: {out} {err}");
        assert!(err.contains(says), "{engine}: {err}");
        let (code, _, err) = xq_limited(
            30,
            &dir,
            &["label", "--engine", engine, "--out", "out.jsonl", &games],
        );
        assert_eq!(code, 1, "{engine}: {err}");
        assert!(err.contains(says), "{engine}: {err}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[cfg(unix)]
#[test]
fn label_checks_its_output_before_any_engine_starts() {
    let dir = scratch("out");
    let games = two_games(&dir);
    // Leaves a mark when started.
    let marker = dir.join("started");
    let engine = fake_engine(
        &dir,
        "marker",
        &format!("touch '{}'\nexec cat >/dev/null\n", marker.display()),
    );
    let missing = dir.join("no-such-dir/out.jsonl");
    for out in [missing.to_str().unwrap(), dir.to_str().unwrap()] {
        let (code, _, err) = xq_limited(
            10,
            &dir,
            &["label", "--engine", &engine, "--out", out, &games],
        );
        assert!(code == 1 || code == 2, "{out}: {err}");
        assert!(err.contains(out), "{out}: {err}");
        assert!(!marker.exists(), "{out}: the engine was started");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[cfg(unix)]
#[test]
fn a_go_command_that_does_not_read_is_refused_at_once() {
    let dir = scratch("go");
    let games = two_games(&dir);
    let engine = format!("{} uci", env!("CARGO_BIN_EXE_xq"));
    for (go, says) in [
        ("depth x", "depth needs a whole number, not `x`"),
        ("nodes", "nodes needs a whole number, not ``"),
        ("infinite", "`infinite` is not a limit"),
        ("winc 100", "give a limit that ends the search"),
    ] {
        for flag in ["--go", "--go1", "--go2"] {
            let (code, _, err) = xq_limited(
                10,
                &dir,
                &[
                    "match",
                    "--engine",
                    &engine,
                    "--engine",
                    &engine,
                    "--games-file",
                    &games,
                    flag,
                    go,
                ],
            );
            assert_eq!(code, 2, "{flag} {go}: {err}");
            assert!(err.contains(says), "{flag} {go}: {err}");
        }
        let (code, _, err) = xq_limited(
            10,
            &dir,
            &[
                "label", "--engine", &engine, "--go", go, "--out", "o.jsonl", &games,
            ],
        );
        assert_eq!(code, 2, "{go}: {err}");
        assert!(err.contains(says), "{go}: {err}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// `xq match`'s flags of each side (`--engine` twice, `--option1/2`, `--go`, `--go1/2`) reach
/// that side's engine, and their faults are named by the flag given.
#[cfg(unix)]
#[test]
fn match_gives_each_engine_its_own_flags() {
    let dir = scratch("sides");
    let games = two_games(&dir);
    // Logs every line it hears to its first argument; leaves at the first `go`.
    let logger = fake_engine(
        &dir,
        "logger",
        "while read -r line; do
  echo \"$line\" >> \"$1\"
  case \"$line\" in
    uci) echo 'id name logger'; echo uciok;;
    isready) echo readyok;;
    go*) exit 0;;
  esac
done
",
    );
    let (one, two) = (dir.join("one.log"), dir.join("two.log"));
    let first = format!("{logger} {}", one.display());
    let second = format!("{logger} {}", two.display());
    let base = [
        "match",
        "--engine",
        &first,
        "--engine",
        &second,
        "--games-file",
        &games,
        "--games",
        "1",
    ];
    let run = |more: &[&str]| {
        let args: Vec<&str> = base.iter().chain(more).copied().collect();
        xq_limited(10, &dir, &args)
    };
    let (code, _, err) = run(&[
        "--option1",
        "Hash=1",
        "--option2",
        "Hash=2",
        "--go",
        "depth 5",
        "--go2",
        "depth 7",
    ]);
    assert_eq!(code, 1, "the logger leaves at its first go: {err}");
    let heard = |p: &std::path::Path| std::fs::read_to_string(p).unwrap_or_default();
    let (one_heard, two_heard) = (heard(&one), heard(&two));
    assert!(
        one_heard.contains("setoption name Hash value 1"),
        "{one_heard}"
    );
    assert!(!one_heard.contains("value 2"), "{one_heard}");
    assert!(
        two_heard.contains("setoption name Hash value 2"),
        "{two_heard}"
    );
    assert!(!two_heard.contains("value 1"), "{two_heard}");
    // The first engine plays Red in the first game: its `go` is `--go`'s, not `--go2`'s.
    assert!(one_heard.contains("go depth 5"), "{one_heard}");
    std::fs::remove_file(&one).ok();
    let (code, _, err) = run(&["--go", "depth 5", "--go1", "depth 3"]);
    assert_eq!(code, 1, "{err}");
    assert!(heard(&one).contains("go depth 3"), "{}", heard(&one));
    for (more, says) in [
        (&["--option1", "Hash"][..], "--option1 needs NAME=VALUE"),
        (&["--option2", "Hash"][..], "--option2 needs NAME=VALUE"),
        (&["--option2"][..], "--option2 needs a value"),
        (&["--go1"][..], "--go1 needs a value"),
        (&["--engine", &first][..], "two --engine are needed"),
    ] {
        let (code, _, err) = run(more);
        assert_eq!(code, 2, "{more:?}: {err}");
        assert!(err.contains(says), "{more:?}: {err}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[cfg(unix)]
#[test]
fn match_and_tune_use_the_built_in_test_set_from_any_directory() {
    let dir = scratch("elsewhere");
    let engine = format!("{} uci", env!("CARGO_BIN_EXE_xq"));
    let (code, out, err) = xq_limited(
        60,
        &dir,
        &[
            "match",
            "--engine",
            &engine,
            "--engine",
            &engine,
            "--go",
            "depth 1",
            "--games",
            "2",
            "--max-plies",
            "10",
        ],
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("game 2 opening 1 first engine black: 1/2-1/2 ply-cap"),
        "{out}"
    );
    assert!(out.contains(": +0 =2 -0, 1.0/2 = 50.0 %"), "{out}");
    let (code, out, err) = xq_limited(120, &dir, &["tune", "--iterations", "0", "--only", "value"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("tests/data/games/games.jsonl: "), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

#[cfg(unix)]
#[test]
fn an_engine_that_trickles_output_forever_is_stopped_by_the_moves_time_limit() {
    let dir = scratch("trickle");
    let games = two_games(&dir);
    // Answers `go` with an `info` line every 0.2 s and never a bestmove.
    let trickler = fake_engine(
        &dir,
        "trickler",
        "while read -r line; do
  case \"$line\" in
    uci) echo 'id name trickler'; echo uciok;;
    isready) echo readyok;;
    go*) while true; do echo 'info depth 1 score cp 0'; sleep 0.2; done;;
  esac
done
",
    );
    let (code, out, err) = xq_limited(
        40,
        &dir,
        &[
            "match",
            "--engine",
            &trickler,
            "--engine",
            &trickler,
            "--go",
            "movetime 100",
            "--games-file",
            &games,
        ],
    );
    assert_eq!(code, 1, "{out} {err}");
    assert!(
        err.contains("game 1: trickler: no bestmove 5.1 s after `go movetime 100` (its time for the move and 5 s more)"),
        "{err}"
    );
    // With a clock: its time left and the increment.
    let (code, out, err) = xq_limited(
        40,
        &dir,
        &[
            "match",
            "--engine",
            &trickler,
            "--engine",
            &trickler,
            "--tc",
            "1000+500",
            "--games-file",
            &games,
        ],
    );
    assert_eq!(code, 1, "{out} {err}");
    assert!(
        err.contains(
            "trickler: no bestmove 6.5 s after `go wtime 1000 btime 1000 winc 500 binc 500`"
        ),
        "{err}"
    );
    // `xq label` and `xq puzzles` give the same engine up after the search's time too.
    let out = dir.join("labels.jsonl");
    let (code, o, err) = xq_limited(
        40,
        &dir,
        &[
            "label",
            "--engine",
            &trickler,
            "--go",
            "movetime 100",
            "--out",
            out.to_str().unwrap(),
            &games,
        ],
    );
    assert_eq!(code, 1, "{o} {err}");
    assert!(
        err.contains("trickler: no bestmove 5.1 s after `go movetime 100`"),
        "{err}"
    );
    let pgn = dir.join("one.pgn");
    std::fs::write(
        &pgn,
        "[Event \"x\"]\n[Result \"1-0\"]\n\n1. h2e2 h9g7 2. h0g2 1-0\n",
    )
    .unwrap();
    let out = dir.join("puzzles.jsonl");
    let (code, o, err) = xq_limited(
        40,
        &dir,
        &[
            "puzzles",
            "--engine",
            &trickler,
            "--scan",
            "movetime 100",
            "--out",
            out.to_str().unwrap(),
            pgn.to_str().unwrap(),
        ],
    );
    assert_eq!(code, 1, "{o} {err}");
    assert!(
        err.contains("trickler: no bestmove 5.1 s after `go movetime 100`"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn match_refuses_a_time_control_past_its_caps() {
    let engine = format!("{} uci", env!("CARGO_BIN_EXE_xq"));
    for (tc, says) in [
        (
            "18446744073709551615+0",
            "a side's time is 1 to 21600000 ms (6 hours)",
        ),
        ("21600001", "a side's time is 1 to 21600000 ms (6 hours)"),
        ("0+1000", "a side's time is 1 to 21600000 ms (6 hours)"),
        (
            "60000+600001",
            "the increment is at most 600000 ms (10 minutes)",
        ),
        ("60000+x", "bad `60000+x`; give MS+INC"),
    ] {
        let (code, out, err) = xq_within(
            10,
            &[
                "match", "--engine", &engine, "--engine", &engine, "--tc", tc,
            ],
            b"",
        );
        assert_eq!(code, 2, "{tc}: {out} {err}");
        assert!(err.contains(says), "{tc}: {err}");
    }
}

#[test]
fn match_refuses_no_games() {
    let engine = format!("{} uci", env!("CARGO_BIN_EXE_xq"));
    let (code, out, err) = xq_within(
        10,
        &[
            "match", "--engine", &engine, "--engine", &engine, "--games", "0",
        ],
        b"",
    );
    assert_eq!(code, 2, "{out} {err}");
    assert!(err.contains("--games: at least 1"), "{err}");
    assert!(!out.contains("NaN"), "{out}");
}
