//! A UCI engine as a child process, for `xq match` and `xq label`.
//!
//! Fairy-Stockfish numbers ranks 1–10 where ICCS numbers them 0–9: its moves are translated.

use crate::xiangqi::Move;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

/// A `NAME=VALUE` argument of `flag` as a UCI option's name and value.
pub(super) fn option(flag: &str, v: &str) -> Result<(String, String), String> {
    let (k, x) = v
        .split_once('=')
        .ok_or(format!("{flag} needs NAME=VALUE"))?;
    Ok((k.into(), x.into()))
}

/// A UCI engine as a child process, its output read on a thread.
pub(super) struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
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
        let mut child = Command::new(prog)
            .args(parts)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start `{cmd}`: {e}"))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        let mut e = Engine {
            child,
            stdin,
            lines,
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
        writeln!(self.stdin, "{s}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| format!("{}: {e}", self.name))
    }

    /// The next line, waiting at most `wait`.
    pub(super) fn read(&mut self, wait: Duration) -> Result<String, String> {
        match self.lines.recv_timeout(wait) {
            Ok(l) => Ok(l),
            Err(RecvTimeoutError::Timeout) => Err(format!("{}: no answer", self.name)),
            Err(RecvTimeoutError::Disconnected) => Err(format!("{}: exited", self.name)),
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
