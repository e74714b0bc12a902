//! `xq uci` driven as a process for the tests (tests/uci.rs, tests/nnue.rs): every wait under a
//! timeout, so a deadlock fails a test instead of hanging it.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

/// `xq uci` as a process with every wait under a timeout: a deadlock fails the test, never hangs it.
pub struct Uci {
    child: Child,
    stdin: Option<ChildStdin>,
    /// Stdout, a line at a time.
    pub out: Receiver<String>,
    /// Stderr, a line at a time.
    pub err: Receiver<String>,
}

/// Long enough for a loaded 2-core machine; a deadlock waits forever.
pub const PATIENCE: Duration = Duration::from_secs(30);

/// Lines of `r` as they come, each decoded lossily (stderr may echo what it refused).
fn lines_of(r: impl Read + Send + 'static) -> Receiver<String> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut r = BufReader::new(r);
        let mut buf = Vec::new();
        while r.read_until(b'\n', &mut buf).is_ok_and(|n| n > 0) {
            let line = String::from_utf8_lossy(&buf).trim_end().to_string();
            buf.clear();
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

impl Uci {
    pub fn start() -> Uci {
        Uci::spawn(Command::new(env!("CARGO_BIN_EXE_xq")).arg("uci"))
    }

    /// `xq uci` with its address space limited to `kb` KiB (`ulimit -v`).
    #[cfg(unix)]
    pub fn start_within(kb: u64) -> Uci {
        Uci::spawn(
            Command::new("sh")
                .arg("-c")
                .arg(format!("ulimit -v {kb} && exec \"$0\" uci"))
                .arg(env!("CARGO_BIN_EXE_xq")),
        )
    }

    fn spawn(command: &mut Command) -> Uci {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        Uci {
            stdin: child.stdin.take(),
            out: lines_of(child.stdout.take().unwrap()),
            err: lines_of(child.stderr.take().unwrap()),
            child,
        }
    }

    pub fn send(&mut self, line: impl AsRef<[u8]>) {
        let stdin = self.stdin.as_mut().unwrap();
        stdin.write_all(line.as_ref()).unwrap();
        stdin.write_all(b"\n").unwrap();
        stdin.flush().unwrap();
    }

    /// Stdout lines up to and including the first that starts with `prefix`.
    pub fn wait_for(&self, prefix: &str) -> Vec<String> {
        let mut seen = Vec::new();
        let deadline = Instant::now() + PATIENCE;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self
                .out
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("no `{prefix}` within {PATIENCE:?} after {seen:?}"));
            let done = line.starts_with(prefix);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }

    /// The `bestmove` answer, checked to be the only one before `readyok`.
    pub fn best_then_ready(&mut self) -> String {
        let lines = self.wait_for("bestmove");
        self.send("isready");
        let after = self.wait_for("readyok");
        assert!(
            !after.iter().any(|l| l.starts_with("bestmove")),
            "two answers: {lines:?} {after:?}"
        );
        lines.last().unwrap().clone()
    }

    /// Closes stdin (or sends `quit` first) and waits for the exit; stdout and stderr left over.
    pub fn finish(mut self, quit: bool) -> (ExitStatus, Vec<String>, Vec<String>) {
        if quit {
            self.send("quit");
        }
        self.stdin = None; // closes it: the end of input
        let t0 = Instant::now();
        let status = loop {
            if let Some(s) = self.child.try_wait().unwrap() {
                break s;
            }
            assert!(t0.elapsed() < PATIENCE, "xq uci did not exit");
            std::thread::sleep(Duration::from_millis(10));
        };
        let drain = |rx: &Receiver<String>| {
            let mut v = Vec::new();
            while let Ok(l) = rx.recv_timeout(Duration::from_secs(5)) {
                v.push(l);
            }
            v
        };
        (status, drain(&self.out), drain(&self.err))
    }
}

impl Drop for Uci {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
