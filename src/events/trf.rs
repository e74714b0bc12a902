//! FIDE Tournament Report File (TRF-16) import and export for Swiss events, so an event moves to
//! and from Swiss-Manager or bbpPairings. Only what pairing needs is kept: player lines (001),
//! the number of rounds (XXR / 142), the first colour (XXC white1 / black1) and Baku
//! acceleration (192 FIDE_DUTCH_2025_BAKU). Points in the file are FIDE points (1, ½, 0), half the
//! 1999 rules' points.

use crate::color::Color;
use crate::events::swiss::{Entrant, Leave, Outcome, Record, Swiss};
use crate::lang::{Lang, Say};
use std::fmt;

/// Why a TRF file cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TrfError {
    /// A 001 line is too short or has a field that cannot be read.
    BadPlayerLine {
        /// 1-based line number.
        line: usize,
    },
    /// A round entry has an unknown colour or result code.
    BadRound {
        /// 1-based line number.
        line: usize,
        /// 1-based round.
        round: usize,
    },
    /// Pairing numbers are not 1..n without gaps.
    Numbering,
    /// A game names an opponent that does not name it back.
    Inconsistent {
        /// Pairing number.
        entrant: usize,
        /// 1-based round.
        round: usize,
    },
    /// An XXR/142 or XXC line cannot be read.
    BadHeader {
        /// 1-based line number.
        line: usize,
    },
}

impl Say for TrfError {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (TrfError::BadPlayerLine { line }, Lang::Zh) => format!("第 {line} 行：选手行无法读取"),
            (TrfError::BadPlayerLine { line }, Lang::En) => {
                format!("line {line}: unreadable player line")
            }
            (TrfError::BadRound { line, round }, Lang::Zh) => {
                format!("第 {line} 行：第 {round} 轮的记录无法读取")
            }
            (TrfError::BadRound { line, round }, Lang::En) => {
                format!("line {line}: unreadable entry for round {round}")
            }
            (TrfError::Numbering, Lang::Zh) => "编号必须从 1 连续编到总人数".into(),
            (TrfError::Numbering, Lang::En) => {
                "pairing numbers must run from 1 to the number of players".into()
            }
            (TrfError::Inconsistent { entrant, round }, Lang::Zh) => {
                format!("第 {round} 轮 {entrant} 号的对手记录与对方不一致")
            }
            (TrfError::Inconsistent { entrant, round }, Lang::En) => {
                format!("round {round}: entrant {entrant}'s game does not match its opponent's")
            }
            (TrfError::BadHeader { line }, Lang::Zh) => {
                format!("第 {line} 行：轮数或先手设定无法读取")
            }
            (TrfError::BadHeader { line }, Lang::En) => {
                format!("line {line}: unreadable rounds or colour setting")
            }
        }
    }
}

impl fmt::Display for TrfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.say(Lang::En))
    }
}

impl std::error::Error for TrfError {}

/// One round entry as written in the file, before the played rounds are known.
#[derive(Clone, Copy, Debug)]
enum Entry {
    Record(Record),
    /// A game whose colour was not given (a forfeit): settled once both sides are read.
    Uncoloured {
        opponent: usize,
        outcome: Outcome,
    },
}

impl Entry {
    fn paired(&self) -> bool {
        !matches!(self, Entry::Record(Record::Absent(_)))
    }
}

fn parse_entry(chunk: &[char], id: usize) -> Option<Option<Entry>> {
    let get = |i: usize| chunk.get(i).copied().unwrap_or(' ');
    let opp: String = (0..4).map(get).collect();
    let color = get(5);
    let result = get(7).to_ascii_uppercase();
    let opp = opp.trim();
    if opp.is_empty() && color == ' ' && result == ' ' {
        return Some(None);
    }
    let opponent = if opp.is_empty() || opp == "0000" {
        None
    } else {
        let n: usize = opp.parse().ok()?;
        if n == 0 || n == id {
            return None;
        }
        Some(n - 1)
    };
    let color = match color {
        'w' | 'W' => Some(Color::Red),
        'b' | 'B' => Some(Color::Black),
        '-' | ' ' => None,
        _ => return None,
    };
    let entry = match opponent {
        None => Entry::Record(match result {
            'U' | '+' => Record::Bye,
            'F' => Record::Absent(Leave::Full),
            'H' | '=' => Record::Absent(Leave::Half),
            'Z' | '-' | ' ' => Record::Absent(Leave::Zero),
            _ => return None,
        }),
        Some(opponent) => {
            let (outcome, played) = match result {
                '1' | 'W' => (Outcome::Win, true),
                '=' | 'D' => (Outcome::Draw, true),
                '0' | 'L' => (Outcome::Loss, true),
                '+' => (Outcome::Win, false),
                '-' => (Outcome::Loss, false),
                _ => return None,
            };
            match (color, played) {
                (Some(color), _) => Entry::Record(Record::Game {
                    opponent,
                    color,
                    outcome,
                    played,
                }),
                (None, false) => Entry::Uncoloured { opponent, outcome },
                (None, true) => return None,
            }
        }
    };
    Some(Some(entry))
}

/// Reads a TRF-16 file into a Swiss event. The last column is the coming round when only some
/// players have an entry there (an announced absence or bye request).
pub fn parse_trf(text: &str) -> Result<Swiss, TrfError> {
    let mut event = Swiss::new(None);
    let mut rows: Vec<(usize, Entrant, Vec<Option<Entry>>)> = Vec::new();
    for (ln, raw) in text.lines().enumerate() {
        let ln = ln + 1;
        let line: Vec<char> = raw.trim_end_matches(['\r', '\n']).chars().collect();
        if line.len() < 3 {
            continue;
        }
        let prefix: String = line[..3].iter().collect();
        let rest: String = line.get(4..).unwrap_or(&[]).iter().collect();
        match prefix.as_str() {
            "001" => {
                if line.len() < 84 {
                    return Err(TrfError::BadPlayerLine { line: ln });
                }
                let field = |a: usize, b: usize| -> String {
                    line[a.min(line.len())..b.min(line.len())]
                        .iter()
                        .collect::<String>()
                        .trim()
                        .to_string()
                };
                let id: usize = field(4, 8)
                    .parse()
                    .map_err(|_| TrfError::BadPlayerLine { line: ln })?;
                let rating = field(48, 52);
                let rating: u32 = if rating.is_empty() {
                    0
                } else {
                    rating
                        .parse()
                        .map_err(|_| TrfError::BadPlayerLine { line: ln })?
                };
                let mut entries = Vec::new();
                let mut start = 91;
                let mut round = 1;
                while start < line.len() {
                    let end = (start + 8).min(line.len());
                    let e = parse_entry(&line[start..end], id)
                        .ok_or(TrfError::BadRound { line: ln, round })?;
                    entries.push(e);
                    start += 10;
                    round += 1;
                }
                while matches!(entries.last(), Some(None)) {
                    entries.pop();
                }
                let mut entrant = Entrant::new(field(14, 47), rating);
                entrant.history.clear();
                rows.push((id, entrant, entries));
            }
            "XXR" | "142" => {
                let n: usize = rest
                    .trim()
                    .parse()
                    .map_err(|_| TrfError::BadHeader { line: ln })?;
                event.rounds_planned = Some(n);
            }
            "XXC" => {
                for word in rest.split_whitespace() {
                    match word {
                        "white1" => event.first_color = Color::Red,
                        "black1" => event.first_color = Color::Black,
                        "rank" => {}
                        _ => return Err(TrfError::BadHeader { line: ln }),
                    }
                }
            }
            "152" => match rest.trim() {
                "W" => event.first_color = Color::Red,
                "B" => event.first_color = Color::Black,
                _ => return Err(TrfError::BadHeader { line: ln }),
            },
            "192" => event.accelerated = rest.trim().ends_with("BAKU"),
            _ => {}
        }
    }
    rows.sort_by_key(|r| r.0);
    if rows.iter().enumerate().any(|(i, r)| r.0 != i + 1) {
        return Err(TrfError::Numbering);
    }
    // Played rounds: up to the last entry that took part in a pairing, or any entry followed by
    // another.
    let played = rows
        .iter()
        .map(|(_, _, es)| match es.last() {
            Some(Some(e)) if !e.paired() => es.len() - 1,
            _ => es.len(),
        })
        .max()
        .unwrap_or(0);
    let n = rows.len();
    let mut grid: Vec<Vec<Option<Entry>>> = rows.iter().map(|r| r.2.clone()).collect();
    for (i, (_, entrant, _)) in rows.iter_mut().enumerate() {
        let es = &grid[i];
        for r in 0..played {
            let rec = match es.get(r).copied().flatten() {
                None => Record::Absent(Leave::Zero),
                Some(Entry::Record(rec)) => rec,
                Some(Entry::Uncoloured { opponent, outcome }) => Record::Game {
                    opponent,
                    color: if i < opponent {
                        Color::Red
                    } else {
                        Color::Black
                    },
                    outcome,
                    played: false,
                },
            };
            if let Record::Game { opponent, .. } = rec {
                if opponent >= n {
                    return Err(TrfError::Inconsistent {
                        entrant: i + 1,
                        round: r + 1,
                    });
                }
            }
            entrant.history.push(rec);
        }
        if let Some(Some(Entry::Record(Record::Absent(leave)))) = es.get(played) {
            entrant.next = Some(*leave);
        }
    }
    grid.clear();
    event.entrants = rows.into_iter().map(|r| r.1).collect();
    event.validate().map_err(|e| match e {
        crate::events::swiss::SwissError::InconsistentRecord { entrant, round } => {
            TrfError::Inconsistent { entrant, round }
        }
        _ => TrfError::Numbering,
    })?;
    Ok(event)
}

fn put(buf: &mut Vec<char>, at: usize, text: &str) {
    for (k, c) in text.chars().enumerate() {
        if buf.len() <= at + k {
            buf.resize(at + k + 1, ' ');
        }
        buf[at + k] = c;
    }
}

fn fide_points(points: u32) -> String {
    format!("{}.{}", points / 2, if points % 2 == 1 { 5 } else { 0 })
}

/// Writes the event as TRF-16; entrants with an announced absence or bye request get it in the
/// column of the coming round.
pub fn write_trf(event: &Swiss) -> String {
    let mut out = String::new();
    if let Some(r) = event.rounds_planned {
        out.push_str(&format!("XXR {r}\n"));
    }
    out.push_str(match event.first_color {
        Color::Red => "XXC white1\n",
        Color::Black => "XXC black1\n",
    });
    if event.accelerated {
        out.push_str("192 FIDE_DUTCH_2025_BAKU\n");
    }
    let mut order: Vec<usize> = (0..event.entrants.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(event.entrants[i].score()), i));
    let mut rank = vec![0; event.entrants.len()];
    for (place, &i) in order.iter().enumerate() {
        rank[i] = place + 1;
    }
    for (i, e) in event.entrants.iter().enumerate() {
        let mut buf: Vec<char> = vec![' '; 89];
        put(&mut buf, 0, "001");
        put(&mut buf, 4, &format!("{:>4}", i + 1));
        let name: String = e
            .name
            .chars()
            .filter(|c| !c.is_control())
            .take(32)
            .collect();
        put(&mut buf, 14, &name);
        if e.rating > 0 {
            put(&mut buf, 48, &format!("{:>4}", e.rating.min(9999)));
        }
        put(&mut buf, 80, &format!("{:>4}", fide_points(e.score())));
        put(&mut buf, 85, &format!("{:>4}", rank[i]));
        let mut chunks: Vec<String> = e
            .history
            .iter()
            .map(|r| match *r {
                Record::Game {
                    opponent,
                    color,
                    outcome,
                    played,
                } => {
                    let c = if color == Color::Red { 'w' } else { 'b' };
                    let res = match (outcome, played) {
                        (Outcome::Win, true) => '1',
                        (Outcome::Draw, true) => '=',
                        (Outcome::Loss, true) => '0',
                        (Outcome::Win, false) => '+',
                        (_, false) => '-',
                    };
                    format!("{:>4} {c} {res}", opponent + 1)
                }
                Record::Bye => "0000 - U".into(),
                Record::Absent(Leave::Zero) => "0000 - Z".into(),
                Record::Absent(Leave::Half) => "0000 - H".into(),
                Record::Absent(Leave::Full) => "0000 - F".into(),
            })
            .collect();
        if !e.pairable() {
            chunks.push(match (e.withdrawn, e.next) {
                (false, Some(Leave::Half)) => "0000 - H".into(),
                (false, Some(Leave::Full)) => "0000 - F".into(),
                _ => "0000 - Z".into(),
            });
        }
        let mut line: String = buf.into_iter().collect();
        for c in chunks {
            line.push_str("  ");
            line.push_str(&c);
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_keeps_every_record() {
        let mut ev = Swiss::new(Some(5));
        for (k, name) in ["王天一", "Zheng Weitong", "C", "D", "E"]
            .iter()
            .enumerate()
        {
            ev.add_entrant(Entrant::new(*name, 2400 - 10 * k as u32));
        }
        let p = ev.pair_next().unwrap();
        use crate::events::swiss::BoardResult::*;
        ev.record_round(&p, &[RedWins, BlackWinsByForfeit]).unwrap();
        ev.entrants[4].next = Some(Leave::Half);
        let text = write_trf(&ev);
        let back = parse_trf(&text).unwrap();
        assert_eq!(back.entrants, ev.entrants);
        assert_eq!(back.rounds_planned, Some(5));
        assert_eq!(write_trf(&back), text);
    }

    #[test]
    fn rejects_unknown_result_codes() {
        let good = format!("{:<89}  {}", "001    1      A", "   2 w 1");
        let other = format!("{:<89}  {}", "001    2      B", "   1 b 0");
        assert!(parse_trf(&format!("{good}\n{other}\n")).is_ok());
        let bad = good.replace("w 1", "w X");
        assert_eq!(
            parse_trf(&format!("{bad}\n{other}\n")),
            Err(TrfError::BadRound { line: 1, round: 1 })
        );
    }
}
