//! A UCI engine as a child process, for `xq match` and `xq label`.
//!
//! Fairy-Stockfish numbers ranks 1–10 where ICCS numbers them 0–9: its moves are translated.

use super::flags::Flags;
use crate::xiangqi::Move;
use std::io::{BufRead, BufReader, PipeReader, PipeWriter, Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// The longest line read from an engine: an `info` line with a long principal variation is a few
/// hundred bytes.
pub(super) const MAX_LINE: usize = 64 << 10;
/// The most an engine may write after a command before the answer awaited (`uciok`, `readyok`,
/// `bestmove`): a long search's `info` lines are a few hundred KB.
pub(super) const MAX_OUTPUT: usize = 4 << 20;
/// Lines read ahead of the one asked for: an engine that floods its output then waits.
const LINES_AHEAD: usize = 256;

/// How long past its time an engine may take to answer `go` before it is given up.
pub(super) const GRACE: Duration = Duration::from_secs(5);
/// The wait for `bestmove` when `go` gives no time (depth, nodes, mate).
const UNTIMED_SEARCH: Duration = Duration::from_secs(600);

/// How long the side to move (`red` or not) may take to answer `go {go}`: its `movetime`, or its
/// clock and increment, and [`GRACE`] more; [`UNTIMED_SEARCH`] when `go` gives no time.
fn search_limit(go: &str, red: bool) -> Duration {
    let words: Vec<&str> = go.split_whitespace().collect();
    let value = |key: &str| {
        words
            .windows(2)
            .find(|w| w[0] == key)
            .and_then(|w| w[1].parse::<u64>().ok())
    };
    let (time, inc) = if red {
        ("wtime", "winc")
    } else {
        ("btime", "binc")
    };
    let ms = value("movetime")
        .or_else(|| value(time).map(|t| t.saturating_add(value(inc).unwrap_or(0))));
    ms.map_or(UNTIMED_SEARCH, |ms| {
        Duration::from_millis(ms).saturating_add(GRACE)
    })
}

/// Checks a `go` command's arguments before any engine hears them: each limit with a whole
/// number, and at least one limit, so that a search ends by itself.
pub(super) fn check_go(flag: &str, go: &str) -> Result<(), String> {
    let mut words = go.split_whitespace();
    let mut limited = false;
    while let Some(key) = words.next() {
        match key {
            "depth" | "nodes" | "movetime" | "mate" | "wtime" | "btime" | "winc" | "binc"
            | "movestogo" => {
                let v = words.next().unwrap_or("");
                if v.is_empty() || !v.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(format!(
                        "{flag} \"{go}\": {key} needs a whole number, not `{v}`"
                    ));
                }
                // Not every engine ends a `go mate` that finds no mate.
                limited |= !matches!(key, "winc" | "binc" | "movestogo" | "mate");
            }
            _ => {
                return Err(format!(
                    "{flag} \"{go}\": `{key}` is not a limit (depth, nodes, movetime, mate, \
wtime, btime, winc, binc, movestogo)"
                ))
            }
        }
    }
    if !limited {
        return Err(format!(
            "{flag} \"{go}\": give a limit that ends the search (depth, nodes, movetime, wtime or btime)"
        ));
    }
    Ok(())
}

/// A `NAME=VALUE` argument of `flag` as a UCI option's name and value.
pub(super) fn option(flag: &str, v: &str) -> Result<(String, String), String> {
    let (k, x) = v
        .split_once('=')
        .ok_or(format!("{flag} needs NAME=VALUE"))?;
    Ok((k.into(), x.into()))
}

/// The engine a command asks: `--engine "CMD [ARGS]"`, `--option NAME=VALUE`… and `--go LIMITS`.
pub(super) struct EngineFlags {
    pub(super) cmd: String,
    pub(super) options: Vec<(String, String)>,
    pub(super) go: String,
}

impl EngineFlags {
    /// No engine yet, searching with `go` unless told otherwise.
    pub(super) fn new(go: &str) -> EngineFlags {
        EngineFlags {
            cmd: String::new(),
            options: Vec::new(),
            go: go.into(),
        }
    }

    /// Takes `flag` and its value when the flag is one of the engine's; false when it is not.
    pub(super) fn take(&mut self, flag: &str, flags: &mut Flags) -> Result<bool, String> {
        self.take_as(flag, flag, flags)
    }

    /// Takes `flag` and its value as the engine's `name` (`--engine`, `--option` or `--go`), for
    /// a command with two engines (`xq match`'s `--option1` is the first one's `--option`);
    /// messages name `flag`. False when `name` is none of them.
    pub(super) fn take_as(
        &mut self,
        name: &str,
        flag: &str,
        flags: &mut Flags,
    ) -> Result<bool, String> {
        match name {
            "--engine" => self.cmd = flags.value(flag)?,
            "--option" => self.options.push(option(flag, &flags.value(flag)?)?),
            "--go" => {
                self.go = flags.value(flag)?;
                check_go(flag, &self.go)?;
            }
            _ => return Ok(false),
        }
        Ok(true)
    }
}

/// A UCI engine as a child process, its output read on a thread.
pub(super) struct Engine {
    child: Child,
    stdin: PipeWriter,
    /// The engine's end of its stdin, kept open here: a line written after the engine has exited
    /// then waits in the pipe instead of raising SIGPIPE (which would end `xq` with status 141),
    /// and the exit is told by the end of its output.
    _stdin_kept: PipeReader,
    lines: Receiver<Result<String, String>>,
    /// Bytes heard since the last command sent, against [`MAX_OUTPUT`].
    heard: usize,
    /// The name the engine gave (`id name`).
    pub(super) name: String,
    /// Fairy-Stockfish's coordinates (ranks 1–10).
    ranks_from_one: bool,
}

impl Engine {
    /// Starts `cmd` (a program and its arguments), sets `options` and waits until it is ready.
    pub(super) fn start(cmd: &str, options: &[(String, String)]) -> Result<Engine, String> {
        let mut parts = cmd.split_whitespace();
        let prog = parts.next().ok_or("an empty --engine")?;
        let cannot = |e: std::io::Error| format!("cannot start `{cmd}`: {e}");
        let (engine_end, stdin) = std::io::pipe().map_err(cannot)?;
        let stdin_kept = engine_end.try_clone().map_err(cannot)?;
        let mut child = Command::new(prog)
            .args(parts)
            .stdin(engine_end)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(cannot)?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let (tx, lines) = mpsc::sync_channel(LINES_AHEAD);
        std::thread::spawn(move || {
            let mut out = BufReader::new(stdout);
            loop {
                let mut buf = Vec::new();
                match (&mut out)
                    .take(MAX_LINE as u64 + 1)
                    .read_until(b'\n', &mut buf)
                {
                    Ok(0) | Err(_) => return,
                    Ok(_) => {}
                }
                let line = if buf.len() > MAX_LINE {
                    Err(format!("wrote a line longer than {} KB", MAX_LINE >> 10))
                } else {
                    while matches!(buf.last(), Some(b'\n' | b'\r')) {
                        buf.pop();
                    }
                    Ok(String::from_utf8_lossy(&buf).into_owned())
                };
                let last = line.is_err();
                if tx.send(line).is_err() || last {
                    return;
                }
            }
        });
        let mut e = Engine {
            child,
            stdin,
            _stdin_kept: stdin_kept,
            lines,
            heard: 0,
            name: cmd.to_string(),
            ranks_from_one: false,
        };
        e.send("uci")?;
        loop {
            let l = e.read(Duration::from_secs(10))?;
            if let Some(n) = l.strip_prefix("id name ") {
                e.name = n.to_string();
                e.ranks_from_one = n.contains("Fairy-Stockfish");
            }
            if l == "uciok" {
                break;
            }
        }
        for (k, v) in options {
            e.send(&format!("setoption name {k} value {v}"))?;
        }
        e.ready()?;
        Ok(e)
    }

    /// Sends one line.
    pub(super) fn send(&mut self, s: &str) -> Result<(), String> {
        self.heard = 0;
        writeln!(self.stdin, "{s}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| format!("{}: {e}", self.name))
    }

    /// The next line, waiting at most `wait`; an error once the engine has written more than
    /// [`MAX_OUTPUT`] since the last command, or a line longer than [`MAX_LINE`].
    pub(super) fn read(&mut self, wait: Duration) -> Result<String, String> {
        match self.lines.recv_timeout(wait) {
            Ok(Ok(l)) => {
                self.heard += l.len() + 1;
                if self.heard > MAX_OUTPUT {
                    return Err(format!(
                        "{}: wrote more than {} MB without the answer awaited",
                        self.name,
                        MAX_OUTPUT >> 20
                    ));
                }
                Ok(l)
            }
            Ok(Err(e)) => Err(format!("{}: {e}", self.name)),
            Err(RecvTimeoutError::Timeout) => Err(format!("{}: no answer", self.name)),
            Err(RecvTimeoutError::Disconnected) => Err(format!("{}: exited", self.name)),
        }
    }

    /// The answer to `go {go}` sent for the side to move (`red` or not): the `bestmove`'s move
    /// and the lines heard before it, within [`search_limit`], so an engine that writes `info`
    /// lines forever is given up with a clear error.
    pub(super) fn bestmove(
        &mut self,
        go: &str,
        red: bool,
    ) -> Result<(String, Vec<String>), String> {
        let limit = search_limit(go, red);
        let t0 = Instant::now();
        let mut heard = Vec::new();
        loop {
            let left = limit.saturating_sub(t0.elapsed());
            if left.is_zero() {
                let why = if limit == UNTIMED_SEARCH {
                    "the longest a search without a time may take".to_string()
                } else {
                    format!("its time for the move and {} s more", GRACE.as_secs())
                };
                return Err(format!(
                    "{}: no bestmove {:.1} s after `go {go}` ({why})",
                    self.name,
                    limit.as_secs_f64()
                ));
            }
            let l = match self.read(left) {
                // Silent until the limit: said as the limit passed.
                Err(_) if t0.elapsed() >= limit => continue,
                l => l?,
            };
            if let Some(rest) = l.strip_prefix("bestmove") {
                let mv = rest.split_whitespace().next().unwrap_or("").to_string();
                return Ok((mv, heard));
            }
            heard.push(l);
        }
    }

    /// Waits for `readyok`.
    pub(super) fn ready(&mut self) -> Result<(), String> {
        self.send("isready")?;
        while self.read(Duration::from_secs(30))? != "readyok" {}
        Ok(())
    }

    /// `m` in the engine's coordinates.
    pub(super) fn coord(&self, m: Move) -> String {
        let s = m.to_string();
        if !self.ranks_from_one {
            return s;
        }
        let b = s.as_bytes();
        let r1 = (b[1] - b'0') + 1;
        let r2 = (b[3] - b'0') + 1;
        format!("{}{}{}{}", b[0] as char, r1, b[2] as char, r2)
    }

    /// A move in the engine's coordinates.
    pub(super) fn parse(&self, s: &str) -> Option<Move> {
        if !self.ranks_from_one {
            return Move::from_iccs(s);
        }
        // a10b10 style: file letter then a rank of one or two digits.
        let b = s.as_bytes();
        let second = b.iter().skip(1).position(|c| c.is_ascii_alphabetic())? + 1;
        let r1: u8 = s[1..second].parse().ok()?;
        let r2: u8 = s[second + 1..].parse().ok()?;
        Move::from_iccs(&format!(
            "{}{}{}{}",
            b[0] as char,
            r1.checked_sub(1)?,
            b[second] as char,
            r2.checked_sub(1)?
        ))
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        std::thread::sleep(Duration::from_millis(20));
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
