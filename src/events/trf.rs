//! FIDE Tournament Report File (TRF-16) import and export for Swiss events, so an event moves to
//! and from Swiss-Manager or bbpPairings. Only what pairing needs is kept: player lines (001),
//! the number of rounds (XXR / 142), the first colour (XXC white1 / black1) and Baku
//! acceleration (192 FIDE_DUTCH_2025_BAKU). Points in the file are FIDE points (1, ½, 0), half the
//! 1999 rules' points.
//!
//! A team event entered board by board is written as its players (001, numbered team by team,
//! each game against the opposing player of the same board) and its teams (013: name and the
//! members' numbers in board order), plus `XXB` (boards per match, this program's extension);
//! reading such a file folds the players back into teams. A team event entered as match totals
//! only has no board games to write, so it is written one 001 line per team as before.

mod words;

use crate::color::Color;
use crate::events::round_robin::first_team_color;
use crate::events::round_robin::MAX_BOARDS;
use crate::events::swiss::{
    swiss_standings, EntrantOutcome, Leave, PairingCard, Record, Seat, Swiss, SwissError,
    SwissTieBreak, MAX_ENTRANTS, MAX_ROUNDS,
};
use crate::events::Entrant;
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
    /// A team line (013) names a player number twice, one that does not exist, or none.
    BadTeamLine {
        /// 1-based line number.
        line: usize,
    },
    /// A player of a team file belongs to no team.
    NoTeam {
        /// The player's number.
        player: usize,
    },
    /// In a round, a team's players did not meet one other team's players board for board with
    /// the colours of 13.3.
    TeamMatch {
        /// Team number (order of the 013 lines).
        team: usize,
        /// 1-based round.
        round: usize,
    },
    /// No player line (001): nothing to import.
    NoPlayers,
    /// More player lines than any Swiss takes ([`MAX_TRF_PLAYERS`]).
    TooManyPlayers {
        /// 1-based line number of the first player line past the cap.
        line: usize,
    },
    /// A line with more rounds than a Swiss has ([`MAX_ROUNDS`]).
    TooManyRounds {
        /// 1-based line number.
        line: usize,
    },
    /// The file reads, but the event it describes breaks a cap or does not hold together.
    Event(SwissError),
}

/// Most player lines (001) of a file: the entrant cap, times the boards of a team event.
pub const MAX_TRF_PLAYERS: usize = MAX_ENTRANTS * MAX_BOARDS;

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
        outcome: EntrantOutcome,
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
                '1' | 'W' => (EntrantOutcome::Win, true),
                '=' | 'D' => (EntrantOutcome::Draw, true),
                '0' | 'L' => (EntrantOutcome::Loss, true),
                '+' => (EntrantOutcome::Win, false),
                '-' => (EntrantOutcome::Loss, false),
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

/// A player line read: number, entrant (no history yet), round entries.
type PlayerRow = (usize, PairingCard, Vec<Option<Entry>>);

/// Reads a TRF-16 file into a Swiss event. The last column is the coming round when only some
/// players have an entry there (an announced absence or bye request).
pub fn parse_trf(text: &str) -> Result<Swiss, TrfError> {
    let mut event = Swiss::new(None);
    let mut rows: Vec<PlayerRow> = Vec::new();
    let mut teams: Vec<TeamLine> = Vec::new();
    let mut boards: Option<usize> = None;
    for (ln, raw) in text.lines().enumerate() {
        let ln = ln + 1;
        let line: Vec<char> = raw.trim_end_matches(['\r', '\n']).chars().collect();
        if line.len() < 3 {
            continue;
        }
        let prefix: String = line[..3].iter().collect();
        let rest: String = line.get(4..).unwrap_or(&[]).iter().collect();
        // Round columns start at 92, ten characters apart; one more column is the coming round.
        let columns = raw
            .trim_end()
            .chars()
            .count()
            .saturating_sub(91)
            .div_ceil(10);
        if matches!(prefix.as_str(), "001" | "132") && columns > MAX_ROUNDS + 1 {
            return Err(TrfError::TooManyRounds { line: ln });
        }
        match prefix.as_str() {
            "001" => {
                if rows.len() >= MAX_TRF_PLAYERS {
                    return Err(TrfError::TooManyPlayers { line: ln });
                }
                rows.push(player_line(&line, ln)?);
            }
            "013" => teams.push(team_line(&line, ln)?),
            "XXB" => {
                let n: usize = rest
                    .trim()
                    .parse()
                    .map_err(|_| TrfError::BadHeader { line: ln })?;
                if n > MAX_BOARDS {
                    return Err(TrfError::BadHeader { line: ln });
                }
                boards = Some(n).filter(|&n| n > 0);
            }
            _ => header_line(&mut event, &prefix, &rest, &line, columns, ln)?,
        }
    }
    if rows.is_empty() {
        return Err(TrfError::NoPlayers);
    }
    if teams.is_empty() && rows.len() > MAX_ENTRANTS {
        return Err(TrfError::Event(SwissError::TooManyEntrants {
            entrants: rows.len(),
        }));
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
    add_histories(&mut rows, played)?;
    event.entrants = rows.into_iter().map(|r| r.1).collect();
    event.validate().map_err(|e| match e {
        crate::events::swiss::SwissError::InconsistentRecord { entrant, round } => {
            TrfError::Inconsistent { entrant, round }
        }
        _ => TrfError::Numbering,
    })?;
    let event = if teams.is_empty() {
        event
    } else {
        fold_teams(event, &teams, boards)?
    };
    event.check().map_err(TrfError::Event)?;
    Ok(event)
}

/// A header line of the event (its name, dates, rounds, colours, ...) read into `event`; lines
/// of other kinds are skipped.
fn header_line(
    event: &mut Swiss,
    prefix: &str,
    rest: &str,
    line: &[char],
    columns: usize,
    ln: usize,
) -> Result<(), TrfError> {
    match prefix {
        "XXR" | "142" => {
            let n: usize = rest
                .trim()
                .parse()
                .map_err(|_| TrfError::BadHeader { line: ln })?;
            if n > MAX_ROUNDS {
                return Err(TrfError::TooManyRounds { line: ln });
            }
            event.rounds_planned = Some(n);
        }
        "012" => event.info.name = clean(rest).trim().to_string(),
        "022" => event.info.city = clean(rest).trim().to_string(),
        "032" => event.info.federation = clean(rest).trim().to_string(),
        "042" => event.info.start = clean(rest).trim().to_string(),
        "052" => event.info.end = clean(rest).trim().to_string(),
        "092" => event.info.kind = clean(rest).trim().to_string(),
        "102" => event.info.arbiter = rest.trim().to_string(),
        "112" => event.info.deputy = rest.trim().to_string(),
        "122" => event.info.time_control = rest.trim().to_string(),
        "132" => {
            let mut dates: Vec<String> = (0..columns)
                .map(|k| {
                    clean(&column(line, 91 + 10 * k, 99 + 10 * k))
                        .trim()
                        .to_string()
                })
                .collect();
            while dates.last().is_some_and(String::is_empty) {
                dates.pop();
            }
            event.info.round_dates = dates;
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
    Ok(())
}

/// A 001 line: the player's number, name, rating and round entries (columns 92 on, ten apart).
fn player_line(line: &[char], ln: usize) -> Result<PlayerRow, TrfError> {
    if line.len() < 84 {
        return Err(TrfError::BadPlayerLine { line: ln });
    }
    let field = |a: usize, b: usize| column(line, a, b);
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
        let e = parse_entry(&line[start..end], id).ok_or(TrfError::BadRound { line: ln, round })?;
        entries.push(e);
        start += 10;
        round += 1;
    }
    while matches!(entries.last(), Some(None)) {
        entries.pop();
    }
    // As written: no control characters, at most 32 characters, no space at either end (a cut
    // can leave one, and the writer's padding would not give it back).
    let name: String = clean(&field(14, 47)).trim().chars().take(32).collect();
    let name = name.trim_end().to_string();
    Ok((id, PairingCard::new(Entrant::new(name, rating)), entries))
}

/// Each entrant's record of the `played` rounds from its entries (absent where none), and the
/// announced absence of the coming round.
fn add_histories(rows: &mut [PlayerRow], played: usize) -> Result<(), TrfError> {
    let n = rows.len();
    for (i, (_, entrant, es)) in rows.iter_mut().enumerate() {
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
    Ok(())
}

/// A 013 line: the team's name (columns 5–36) and its players' numbers (columns 37–40, 42–45, …).
struct TeamLine {
    line: usize,
    name: String,
    players: Vec<usize>,
}

/// Columns `a..b` (0-based, cut to the line) without surrounding spaces.
fn column(line: &[char], a: usize, b: usize) -> String {
    line[a.min(line.len())..b.min(line.len())]
        .iter()
        .collect::<String>()
        .trim()
        .to_string()
}

fn team_line(line: &[char], ln: usize) -> Result<TeamLine, TrfError> {
    let text = |a: usize, b: usize| column(line, a, b);
    let mut players = Vec::new();
    let mut at = 36;
    while at < line.len() {
        let field = text(at, at + 4);
        if !field.is_empty() {
            let n: usize = field
                .parse()
                .map_err(|_| TrfError::BadTeamLine { line: ln })?;
            players.push(n);
        }
        at += 5;
    }
    if players.is_empty() {
        return Err(TrfError::BadTeamLine { line: ln });
    }
    Ok(TeamLine {
        line: ln,
        name: clean(&text(4, 36)).trim().to_string(),
        players,
    })
}

/// One board of a team in a round: (member, opponent player, colour, outcome, played).
type BoardSeat = (usize, usize, Color, EntrantOutcome, bool);

/// Each player's team and place in it, from the 013 lines; every player in exactly one team.
fn team_of(lines: &[TeamLine], n: usize) -> Result<Vec<(usize, usize)>, TrfError> {
    let mut team_of: Vec<Option<(usize, usize)>> = vec![None; n];
    for (t, tl) in lines.iter().enumerate() {
        for (m, &p) in tl.players.iter().enumerate() {
            if p == 0 || p > n || team_of[p - 1].is_some() {
                return Err(TrfError::BadTeamLine { line: tl.line });
            }
            team_of[p - 1] = Some((t, m));
        }
    }
    if let Some(p) = team_of.iter().position(Option::is_none) {
        return Err(TrfError::NoTeam { player: p + 1 });
    }
    Ok(team_of.into_iter().flatten().collect())
}

/// A team match from one side's boards: its game points, whether any board was played, and the
/// match's outcome (an unplayed tie is a loss to both).
fn team_match(mine: &[BoardSeat], theirs: &[BoardSeat]) -> (u32, bool, EntrantOutcome) {
    let points = |s: &[BoardSeat]| -> u32 { s.iter().map(|x| x.3.points()).sum() };
    let (gp, other) = (points(mine), points(theirs));
    let played = mine.iter().any(|x| x.4);
    let outcome = match (gp.cmp(&other), played) {
        (std::cmp::Ordering::Greater, _) => EntrantOutcome::Win,
        (std::cmp::Ordering::Less, _) => EntrantOutcome::Loss,
        (std::cmp::Ordering::Equal, true) => EntrantOutcome::Draw,
        (std::cmp::Ordering::Equal, false) => EntrantOutcome::Loss,
    };
    (gp, played, outcome)
}

/// Folds a file's players into its teams: each round, a team's players who played sit on
/// boards 1, 2, … in registered order and meet the same boards of one other team (13.3 colours);
/// the match result follows from the game points (14.2).
fn fold_teams(
    players: Swiss,
    lines: &[TeamLine],
    boards: Option<usize>,
) -> Result<Swiss, TrfError> {
    let team_of = team_of(lines, players.entrants.len())?;
    let rounds = players.rounds_played();
    let p = &players.entrants;
    // Each team's boards per round: (member, opponent player, colour, outcome, played).
    let seats = |t: usize, r: usize| -> Vec<BoardSeat> {
        lines[t]
            .players
            .iter()
            .enumerate()
            .filter_map(|(m, &no)| match p[no - 1].history[r] {
                Record::Game {
                    opponent,
                    color,
                    outcome,
                    played,
                } => Some((m, opponent, color, outcome, played)),
                _ => None,
            })
            .collect()
    };
    let boards = boards.unwrap_or_else(|| {
        (0..lines.len())
            .flat_map(|t| (0..rounds).map(move |r| (t, r)))
            .map(|(t, r)| seats(t, r).len())
            .max()
            .filter(|&b| b > 0)
            .unwrap_or_else(|| lines.iter().map(|l| l.players.len()).min().unwrap_or(1))
    });
    let mut event = Swiss {
        entrants: Vec::new(),
        boards: Some(boards),
        ..players.clone()
    };
    for (t, tl) in lines.iter().enumerate() {
        let members: Vec<(String, u32)> = tl
            .players
            .iter()
            .map(|&no| (p[no - 1].entrant.name.clone(), p[no - 1].entrant.rating))
            .collect();
        let mut team = PairingCard::new(Entrant::team(&tl.name, members, boards));
        let first = &p[tl.players[0] - 1];
        for r in 0..rounds {
            let mine = seats(t, r);
            let Some(&(_, opp_player, color1, _, _)) = mine.first() else {
                let any_bye = tl
                    .players
                    .iter()
                    .any(|&no| p[no - 1].history[r] == Record::Bye);
                team.history.push(match first.history[r] {
                    _ if any_bye => Record::Bye,
                    Record::Absent(leave) => Record::Absent(leave),
                    _ => Record::Absent(Leave::Zero),
                });
                team.game_points.push(0);
                team.lineups.push(Vec::new());
                continue;
            };
            let bad = TrfError::TeamMatch {
                team: t + 1,
                round: r + 1,
            };
            let u = team_of[opp_player].0;
            let theirs = seats(u, r);
            let leads = color1 == Color::Red;
            let fits = u != t
                && theirs.len() == mine.len()
                && mine.iter().zip(&theirs).enumerate().all(|(k, (a, b))| {
                    let want = if leads {
                        first_team_color(k + 1)
                    } else {
                        first_team_color(k + 1).other()
                    };
                    a.1 == lines[u].players[b.0] - 1 && a.2 == want
                });
            if !fits {
                return Err(bad);
            }
            let (gp, played, outcome) = team_match(&mine, &theirs);
            team.history.push(Record::Game {
                opponent: u,
                color: if leads { Color::Red } else { Color::Black },
                outcome,
                played,
            });
            team.game_points.push(gp);
            team.lineups.push(
                mine.iter()
                    .map(|x| Seat {
                        member: x.0,
                        outcome: x.3,
                        played: x.4,
                    })
                    .collect(),
            );
        }
        team.next = first.next;
        event.entrants.push(team);
    }
    event.validate().map_err(|e| match e {
        crate::events::swiss::SwissError::InconsistentRecord { entrant, round } => {
            TrfError::TeamMatch {
                team: entrant,
                round,
            }
        }
        _ => TrfError::Numbering,
    })?;
    Ok(event)
}

/// The players of a team event entered board by board, as an individual event: members
/// numbered team by team, each board a game between the two players on it. `None` when some
/// match was entered as a total only (no boards to write).
fn players_view(event: &Swiss) -> Option<(Swiss, Vec<Vec<usize>>)> {
    event.boards?;
    let mut start = Vec::new();
    let mut n = 0;
    for e in &event.entrants {
        if e.entrant.members.is_empty() {
            return None;
        }
        start.push(n);
        n += e.entrant.members.len();
    }
    let mut players = Swiss {
        entrants: Vec::new(),
        boards: None,
        ..event.clone()
    };
    let mut numbers = Vec::new();
    for (t, e) in event.entrants.iter().enumerate() {
        numbers.push(
            (0..e.entrant.members.len())
                .map(|m| start[t] + m + 1)
                .collect(),
        );
        for (m, member) in e.entrant.members.iter().enumerate() {
            let mut me = PairingCard::new(Entrant::new(member, e.entrant.member_rating(m)));
            for (r, rec) in e.history.iter().enumerate() {
                me.history.push(match *rec {
                    Record::Game {
                        opponent, color, ..
                    } => {
                        // A short line-up is a team that fielded fewer boards; an empty one, a
                        // match entered as a total only.
                        let mine = e.lineups.get(r).filter(|l| !l.is_empty())?;
                        let theirs = event.entrants[opponent].lineups.get(r)?;
                        match mine.iter().position(|s| s.member == m) {
                            None => Record::Absent(Leave::Zero),
                            Some(k) => {
                                let c = first_team_color(k + 1);
                                Record::Game {
                                    opponent: start[opponent] + theirs.get(k)?.member,
                                    color: if color == Color::Red { c } else { c.other() },
                                    outcome: mine[k].outcome,
                                    played: mine[k].played,
                                }
                            }
                        }
                    }
                    other => other,
                });
            }
            me.next = e.next;
            me.entrant.withdrawn_after = e.entrant.withdrawn_after;
            players.entrants.push(me);
        }
    }
    Some((players, numbers))
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
/// column of the coming round. A team event entered board by board is written as its players
/// and 013 team lines.
pub fn write_trf(event: &Swiss) -> String {
    let Some((players, numbers)) = players_view(event) else {
        return write_entrants(event, event);
    };
    let mut out = write_entrants(&players, event);
    out.push_str(&format!("XXB {}\n", event.boards.unwrap_or(1)));
    for (e, nos) in event.entrants.iter().zip(numbers) {
        let name: String = e
            .entrant
            .name
            .chars()
            .filter(|c| !c.is_control())
            .take(32)
            .collect();
        let mut line = format!("013 {name:<32}");
        for no in nos {
            line.push_str(&format!("{no:>4} "));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// Free text for a header line: no control characters, one line.
fn clean(text: &str) -> String {
    text.chars().filter(|c| !c.is_control()).collect()
}

/// The tournament lines (012–132) that have something to say; 062/072/082 are counted.
fn write_info(event: &Swiss, players: &Swiss, out: &mut String) {
    let i = &event.info;
    for (code, text) in [
        ("012", &i.name),
        ("022", &i.city),
        ("032", &i.federation),
        ("042", &i.start),
        ("052", &i.end),
    ] {
        if !text.trim().is_empty() {
            out.push_str(&format!("{code} {}\n", clean(text.trim())));
        }
    }
    let rated = players
        .entrants
        .iter()
        .filter(|e| e.entrant.rating > 0)
        .count();
    out.push_str(&format!("062 {}\n", players.entrants.len()));
    out.push_str(&format!("072 {rated}\n"));
    if event.boards.is_some() {
        out.push_str(&format!("082 {}\n", event.entrants.len()));
    }
    for (code, text) in [
        ("092", &i.kind),
        ("102", &i.arbiter),
        ("112", &i.deputy),
        ("122", &i.time_control),
    ] {
        if !text.trim().is_empty() {
            out.push_str(&format!("{code} {}\n", clean(text.trim())));
        }
    }
    if i.round_dates.iter().any(|d| !d.trim().is_empty()) {
        let mut line = format!("{:<89}", "132");
        for d in &i.round_dates {
            let d: String = clean(d.trim()).chars().take(8).collect();
            line.push_str(&format!("  {d:>8}"));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
}

/// The 001 lines (and headers) of the event's entrants; `whole` is the event the file is of (a
/// team event when `event` is its players).
fn write_entrants(event: &Swiss, whole: &Swiss) -> String {
    let mut out = String::new();
    write_info(whole, event, &mut out);
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
    // The ranks of the standings on screen: points, then the tie-breaks of 15.2 (15.4 for a
    // team event written as one line per team).
    let order = SwissTieBreak::order(event.boards.is_some(), whole.buchholz);
    let mut rank = vec![0; event.entrants.len()];
    for row in swiss_standings(event, &order) {
        rank[row.entrant] = row.place;
    }
    for (i, e) in event.entrants.iter().enumerate() {
        let mut buf: Vec<char> = vec![' '; 89];
        put(&mut buf, 0, "001");
        put(&mut buf, 4, &format!("{:>4}", i + 1));
        let name: String = e
            .entrant
            .name
            .chars()
            .filter(|c| !c.is_control())
            .take(32)
            .collect();
        put(&mut buf, 14, &name);
        if e.entrant.rating > 0 {
            put(&mut buf, 48, &format!("{:>4}", e.entrant.rating.min(9999)));
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
                        (EntrantOutcome::Win, true) => '1',
                        (EntrantOutcome::Draw, true) => '=',
                        (EntrantOutcome::Loss, true) => '0',
                        (EntrantOutcome::Win, false) => '+',
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
            chunks.push(match (e.entrant.withdrawn(), e.next) {
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

    /// A player line (001) of number `no` and name `name` with one round's entry.
    fn p(no: usize, name: &str, entry: &str) -> String {
        format!("{:<89}  {entry}", format!("001 {no:>4}      {name}"))
    }

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
        use crate::events::round_robin::Outcome::*;
        ev.record_round(&p, &[FirstWins, SecondByForfeit]).unwrap();
        ev.entrants[4].next = Some(Leave::Half);
        let text = write_trf(&ev);
        let back = parse_trf(&text).unwrap();
        assert_eq!(back.entrants, ev.entrants);
        assert_eq!(back.rounds_planned, Some(5));
        assert_eq!(write_trf(&back), text);
    }

    fn team(t: u32, size: u32) -> Entrant {
        let members = (0..size)
            .map(|m| (format!("队{t}员{m}"), 2300 - 40 * t - 10 * m))
            .collect();
        Entrant::team(format!("Team {t}"), members, 3)
    }

    #[test]
    fn a_team_event_round_trips_with_its_line_ups() {
        use crate::events::swiss::MatchSheet;
        let mut ev = Swiss::new(Some(4));
        ev.boards = Some(3);
        for t in 0..5 {
            ev.add_entrant(team(t, 3 + t % 2));
        }
        let plays = [
            ["1-0", "0-1", "½-½"],
            ["+/-", "½-½", "0-1"],
            ["-/+", "-/+", "+/-"],
            ["½-½", "½-½", "½-½"],
        ];
        for round in 0..3 {
            let p = ev.pair_next().unwrap();
            let sheets: Vec<MatchSheet> = p
                .boards
                .iter()
                .enumerate()
                .map(|(k, b)| {
                    let pick = |t: usize| -> Vec<usize> {
                        // Teams with a substitute rest board 2 in odd rounds (12.2).
                        if ev.entrants[t].entrant.members.len() == 4 && round % 2 == 1 {
                            vec![0, 2, 3]
                        } else {
                            vec![0, 1, 2]
                        }
                    };
                    MatchSheet {
                        first: pick(b.red),
                        second: pick(b.black),
                        results: plays[(k + round) % 4]
                            .iter()
                            .map(|r| r.parse().unwrap())
                            .collect(),
                    }
                })
                .collect();
            ev.record_team_boards(&p, &sheets).unwrap();
        }
        ev.entrants[2].next = Some(Leave::Half);
        let text = write_trf(&ev);
        // Players on 001 lines (3 + 4 + 3 + 4 + 3), one 013 line per team.
        assert_eq!(text.lines().filter(|l| l.starts_with("001")).count(), 17);
        let teams: Vec<&str> = text.lines().filter(|l| l.starts_with("013")).collect();
        assert_eq!(teams.len(), 5);
        assert_eq!(teams[1], format!("013 {:<32}   4    5    6    7", "Team 1"));
        assert!(text.contains("\nXXB 3\n"));
        let back = parse_trf(&text).unwrap();
        assert_eq!(back.boards, Some(3));
        assert_eq!(back.entrants, ev.entrants);
        assert_eq!(write_trf(&back), text);
        assert_eq!(back.pair_next(), ev.pair_next());
    }

    #[test]
    fn what_is_read_is_what_the_writer_gives_back() {
        // A name cut at 32 characters just before its last letter, and control characters in a
        // header and a round date: the writer drops them, so the reader must too.
        let name = format!("P1{}X", " ".repeat(30));
        let text = [
            "012 Clu\u{9b}b".to_string(),
            format!("{:<91}{:<10}{:<10}", "132", "1/\u{7}2", "26/03/15"),
            format!("{:<89}  {}", format!("001    1      {name}"), "   2 w 1"),
            format!("{:<89}  {}", "001    2      P2", "   1 b 0"),
        ]
        .join("\n");
        let ev = parse_trf(&text).unwrap();
        assert_eq!(ev.info.name, "Club");
        assert_eq!(ev.info.round_dates, ["1/2", "26/03/15"]);
        assert_eq!(ev.entrants[0].entrant.name, "P1");
        let back = parse_trf(&write_trf(&ev)).unwrap();
        assert_eq!(back.entrants, ev.entrants);
        assert_eq!(back.info, ev.info);
    }

    #[test]
    fn team_files_must_hold_together() {
        let players = [
            p(1, "A1", "   3 w 1"),
            p(2, "A2", "   4 b 1"),
            p(3, "B1", "   1 b 0"),
            p(4, "B2", "   2 w 0"),
        ]
        .join("\n");
        let good = format!(
            "{players}\n013 {:<32}   1    2\n013 {:<32}   3    4\n",
            "A", "B"
        );
        let ev = parse_trf(&good).unwrap();
        assert_eq!(ev.boards, Some(2));
        assert_eq!(ev.entrants[0].game_points, vec![4]);
        assert_eq!(ev.entrants[1].score(), 0);
        // Board 2 with the first team on Red breaks 13.3.
        let swapped = good
            .replace("   4 b 1", "   4 w 1")
            .replace("   2 w 0", "   2 b 0");
        assert_eq!(
            parse_trf(&swapped),
            Err(TrfError::TeamMatch { team: 1, round: 1 })
        );
        let missing = format!("{players}\n013 {:<32}   1    2\n013 {:<32}   3\n", "A", "B");
        assert_eq!(parse_trf(&missing), Err(TrfError::NoTeam { player: 4 }));
        let twice = format!(
            "{players}\n013 {:<32}   1    2\n013 {:<32}   2    3    4\n",
            "A", "B"
        );
        assert_eq!(parse_trf(&twice), Err(TrfError::BadTeamLine { line: 6 }));
    }

    #[test]
    fn a_team_that_fielded_fewer_boards_round_trips() {
        // XXB 2, but only board 1 was played in round 1: the written file keeps the teams.
        let text = [
            p(1, "A1", "   3 w 1"),
            p(2, "A2", "0000 - -"),
            p(3, "B1", "   1 b 0"),
            p(4, "B2", "0000 - -"),
            format!("XXB 2\n013 {:<32}   1    2\n013 {:<32}   3    4", "A", "B"),
        ]
        .join("\n");
        let ev = parse_trf(&text).unwrap();
        assert_eq!(ev.boards, Some(2));
        assert_eq!(
            ev.entrants[0].lineups,
            vec![vec![Seat {
                member: 0,
                outcome: EntrantOutcome::Win,
                played: true
            }]]
        );
        let back = parse_trf(&write_trf(&ev)).unwrap();
        assert_eq!(back.entrants, ev.entrants);
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
