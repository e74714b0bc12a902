//! Knockout events (淘汰制, rule 11.1): single elimination with an optional third-place match,
//! and double elimination with a losers' bracket and a grand final (replayed once if the
//! losers' bracket winner wins it). Seeding from ratings, from a previous stage (the order of
//! the group tables: `[A1, B1, A2, B2]` gives the crossover A1–B2, B1–A2), or by a seeded lot;
//! byes fill the bracket to a power of two and fall to the top seeds (so, by lot, to entrants
//! drawn by lot).
//!
//! After a group stage (分组循环, 11.3) the bracket takes the groups' top two as the timetable
//! plans them: the crossover round is the scheduler's own (`schedule::knockout_rounds`: A1–B2,
//! B1–A2, …), and later rounds pair the winners in the same order, so both views agree.

mod words;

use crate::events::round_robin::Side;
use crate::events::schedule::{
    group_letter, knockout_rounds, seat_holders, Contender, Format, Points, Problem, SaveFile,
    SavedResult,
};
use crate::events::Entrant;
use crate::lang::{Lang, Say};
use crate::rng::Rng;
use serde::{Deserialize, Serialize};
use std::fmt;

/// How entrants get their seed numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seeding {
    /// Highest rating is seed 1; equal ratings keep entry order.
    Ratings(Vec<u32>),
    /// Seeds in this order of entrant indices (a previous stage's placings).
    Order(Vec<usize>),
    /// A drawn lot with this seed (repeatable).
    Lot(u64),
}

/// How a pasted list of entrants is seeded: as listed, by rating, or by a drawn lot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ListSeeding {
    /// Seed 1 is the first listed.
    Listed,
    /// Highest rating first (equal ratings keep the list's order).
    Rating,
    /// A lot drawn with this seed (repeatable).
    Lot(u64),
}

impl ListSeeding {
    /// The seeding of `entrants` (in list order).
    pub fn of(self, entrants: &[Entrant]) -> Seeding {
        match self {
            ListSeeding::Listed => Seeding::Order((0..entrants.len()).collect()),
            ListSeeding::Rating => Seeding::Ratings(entrants.iter().map(|e| e.rating).collect()),
            ListSeeding::Lot(seed) => Seeding::Lot(seed),
        }
    }
}

/// Where a side of a match comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Source {
    /// An entrant placed in round 1.
    Entrant(usize),
    /// An empty place: the other side goes through.
    Bye,
    /// The winner of match `k`.
    WinnerOf(usize),
    /// The loser of match `k`.
    LoserOf(usize),
}

/// The part of the bracket a match belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Section {
    /// Winners' (main) bracket, round `n` from 1.
    Winners(usize),
    /// Losers' bracket, round `n` from 1 (double elimination).
    Losers(usize),
    /// The match for third place (single elimination).
    ThirdPlace,
    /// The grand final (double elimination).
    GrandFinal,
    /// The grand final replayed when the losers' bracket winner won the first (double elimination).
    GrandFinalReset,
}

/// One match of the bracket.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KoMatch {
    /// Part of the bracket.
    pub section: Section,
    /// Upper side.
    pub a: Source,
    /// Lower side.
    pub b: Source,
    /// Recorded winner.
    pub winner: Option<Side>,
}

/// Single or double elimination.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Elimination {
    /// One loss and out; optionally a match for third place.
    Single {
        /// Play the losing semi-finalists for third place.
        third_place: bool,
    },
    /// Two losses and out.
    Double,
}

/// What a side of a match currently holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// This entrant.
    Entrant(usize),
    /// Nobody: the other side advances.
    Bye,
    /// Not decided yet.
    Pending,
}

/// Why a bracket cannot be made or a result cannot be recorded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KnockoutError {
    /// Fewer than two entrants.
    TooFewEntrants,
    /// The seeding list does not name each entrant exactly once.
    BadSeeding,
    /// No such match.
    NoSuchMatch(usize),
    /// Both sides of the match are not known yet, or one is a bye.
    NotReady(usize),
    /// A later match already depends on this result.
    AlreadyUsed(usize),
    /// A crossover needs 2, 4, 8 or 16 groups (the scheduler's group counts).
    GroupCount(usize),
    /// Group `k` (0 = A) has fewer than two places to send through.
    GroupTooSmall(usize),
    /// Group `k` (0 = A) has matches without a result, so its places are not known.
    GroupUnfinished(usize),
    /// The stored timetable is not groups followed by a knockout.
    NotGroupStage,
    /// The same name is listed twice in the group tables.
    Repeated(String),
    /// A saved bracket is not one this app makes, or holds results it could not have recorded.
    Inconsistent,
}

impl fmt::Display for KnockoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.say(Lang::En))
    }
}

impl std::error::Error for KnockoutError {}

/// A knockout bracket: the matches in playing order, each side fed by an entrant or a match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bracket {
    /// Single or double elimination.
    pub kind: Elimination,
    /// Number of entrants.
    pub entrants: usize,
    /// Entrant index of each seed (seed 1 first).
    pub seeds: Vec<usize>,
    /// All matches, earlier rounds first.
    pub matches: Vec<KoMatch>,
}

/// The classic seed positions for a bracket of `size` (a power of two): 1, size, …, 2, size−1 so
/// that seeds 1 and 2 can only meet in the final.
pub fn seed_positions(size: usize) -> Vec<usize> {
    let mut order = vec![1];
    while order.len() < size {
        let m = order.len() * 2 + 1;
        order = order.iter().flat_map(|&s| [s, m - s]).collect();
    }
    order
}

fn seeds_from(n: usize, seeding: &Seeding) -> Result<Vec<usize>, KnockoutError> {
    match seeding {
        Seeding::Ratings(r) => {
            if r.len() != n {
                return Err(KnockoutError::BadSeeding);
            }
            let mut idx: Vec<usize> = (0..n).collect();
            idx.sort_by_key(|&i| (std::cmp::Reverse(r[i]), i));
            Ok(idx)
        }
        Seeding::Order(o) => {
            let mut seen = vec![false; n];
            if o.len() != n
                || o.iter()
                    .any(|&i| i >= n || std::mem::replace(&mut seen[i], true))
            {
                return Err(KnockoutError::BadSeeding);
            }
            Ok(o.clone())
        }
        Seeding::Lot(seed) => {
            let mut idx: Vec<usize> = (0..n).collect();
            Rng::new(*seed).shuffle(&mut idx);
            Ok(idx)
        }
    }
}

impl Bracket {
    /// A bracket for `n` entrants.
    pub fn new(n: usize, kind: Elimination, seeding: &Seeding) -> Result<Bracket, KnockoutError> {
        if n < 2 {
            return Err(KnockoutError::TooFewEntrants);
        }
        let seeds = seeds_from(n, seeding)?;
        let size = n.next_power_of_two();
        let rounds = size.trailing_zeros() as usize;
        let mut matches = Vec::new();
        let pos = seed_positions(size);
        let place = |s: usize| {
            if s <= n {
                Source::Entrant(seeds[s - 1])
            } else {
                Source::Bye
            }
        };
        // Winners' bracket.
        let mut prev: Vec<usize> = Vec::new();
        for pair in pos.chunks(2) {
            prev.push(matches.len());
            matches.push(KoMatch {
                section: Section::Winners(1),
                a: place(pair[0]),
                b: place(pair[1]),
                winner: None,
            });
        }
        let mut winners_rounds = vec![prev.clone()];
        for r in 2..=rounds {
            let mut cur = Vec::new();
            for pair in prev.chunks(2) {
                cur.push(matches.len());
                matches.push(KoMatch {
                    section: Section::Winners(r),
                    a: Source::WinnerOf(pair[0]),
                    b: Source::WinnerOf(pair[1]),
                    winner: None,
                });
            }
            winners_rounds.push(cur.clone());
            prev = cur;
        }
        match kind {
            Elimination::Single { third_place } => {
                if third_place && rounds >= 2 {
                    let semis = &winners_rounds[rounds - 2];
                    matches.push(KoMatch {
                        section: Section::ThirdPlace,
                        a: Source::LoserOf(semis[0]),
                        b: Source::LoserOf(semis[1]),
                        winner: None,
                    });
                }
            }
            Elimination::Double => {
                let wb_final = *winners_rounds[rounds - 1].first().unwrap();
                let mut alive: Vec<Source> = winners_rounds[0]
                    .iter()
                    .map(|&m| Source::LoserOf(m))
                    .collect();
                let mut lr = 0;
                if rounds >= 2 {
                    // Pair the first losers among themselves.
                    lr += 1;
                    alive = pair_off(&mut matches, &alive, Section::Losers(lr));
                    for (w, round) in winners_rounds.iter().enumerate().skip(1) {
                        // Losers dropping from the winners' bracket meet the survivors, in
                        // reversed order every other round to delay rematches.
                        let mut drops: Vec<Source> =
                            round.iter().map(|&m| Source::LoserOf(m)).collect();
                        if w % 2 == 1 {
                            drops.reverse();
                        }
                        lr += 1;
                        let mut cur = Vec::new();
                        for (a, b) in alive.iter().zip(drops) {
                            cur.push(Source::WinnerOf(matches.len()));
                            matches.push(KoMatch {
                                section: Section::Losers(lr),
                                a: *a,
                                b,
                                winner: None,
                            });
                        }
                        alive = cur;
                        if alive.len() > 1 {
                            lr += 1;
                            alive = pair_off(&mut matches, &alive, Section::Losers(lr));
                        }
                    }
                }
                let gf = matches.len();
                matches.push(KoMatch {
                    section: Section::GrandFinal,
                    a: Source::WinnerOf(wb_final),
                    b: alive[0],
                    winner: None,
                });
                matches.push(KoMatch {
                    section: Section::GrandFinalReset,
                    a: Source::WinnerOf(gf),
                    b: Source::LoserOf(gf),
                    winner: None,
                });
            }
        }
        // Matches sorted so that every source precedes its use (already true by construction).
        let mut b = Bracket {
            kind,
            entrants: n,
            seeds,
            matches,
        };
        b.settle();
        Ok(b)
    }

    /// What side `src` holds now.
    pub fn slot(&self, src: Source) -> Slot {
        match src {
            Source::Entrant(i) => Slot::Entrant(i),
            Source::Bye => Slot::Bye,
            Source::WinnerOf(k) | Source::LoserOf(k) => {
                let m = &self.matches[k];
                let (a, b) = (self.slot(m.a), self.slot(m.b));
                let Some(w) = m.winner else {
                    return Slot::Pending;
                };
                let (win, lose) = match w {
                    Side::First => (a, b),
                    Side::Second => (b, a),
                };
                if matches!(src, Source::WinnerOf(_)) {
                    win
                } else {
                    lose
                }
            }
        }
    }

    /// The two sides of match `k` as they stand.
    pub fn sides(&self, k: usize) -> (Slot, Slot) {
        let m = &self.matches[k];
        (self.slot(m.a), self.slot(m.b))
    }

    /// Whether match `k` is to be played: it has two entrants and (for the grand-final replay)
    /// the losers' bracket winner took the first grand final.
    pub fn is_live(&self, k: usize) -> bool {
        if self.matches[k].section == Section::GrandFinalReset && !self.reset_needed() {
            return false;
        }
        matches!(self.sides(k), (Slot::Entrant(_), Slot::Entrant(_)))
    }

    fn reset_needed(&self) -> bool {
        self.matches
            .iter()
            .any(|m| m.section == Section::GrandFinal && m.winner == Some(Side::Second))
    }

    /// Decides matches with a bye on one side (or both), repeatedly.
    fn settle(&mut self) {
        loop {
            let mut changed = false;
            for k in 0..self.matches.len() {
                if self.matches[k].winner.is_some() {
                    continue;
                }
                let w = match self.sides(k) {
                    (Slot::Entrant(_), Slot::Bye) | (Slot::Bye, Slot::Bye) => Some(Side::First),
                    (Slot::Bye, Slot::Entrant(_)) => Some(Side::Second),
                    _ => None,
                };
                if w.is_some() {
                    self.matches[k].winner = w;
                    changed = true;
                }
            }
            if !changed {
                return;
            }
        }
    }

    fn used_later(&self, k: usize) -> bool {
        self.matches.iter().any(|m| {
            m.winner.is_some()
                && [m.a, m.b]
                    .iter()
                    .any(|s| matches!(s, Source::WinnerOf(j) | Source::LoserOf(j) if *j == k))
                && matches!(
                    (self.slot(m.a), self.slot(m.b)),
                    (Slot::Entrant(_), Slot::Entrant(_))
                )
        })
    }

    /// Checks a bracket read from storage: it must be the one [`Bracket::new`] makes for its
    /// entrants, kind and seeds, with results recorded in playing order as [`Bracket::record`]
    /// allows, so that drawing it never follows a side to a match that is not there.
    pub fn check(&self) -> Result<(), KnockoutError> {
        let seeding = Seeding::Order(self.seeds.clone());
        let mut replayed = Bracket::new(self.entrants, self.kind, &seeding)
            .map_err(|_| KnockoutError::Inconsistent)?;
        let same_shape = replayed.matches.len() == self.matches.len()
            && replayed
                .matches
                .iter()
                .zip(&self.matches)
                .all(|(r, s)| (r.section, r.a, r.b) == (s.section, s.a, s.b));
        if !same_shape {
            return Err(KnockoutError::Inconsistent);
        }
        for (k, m) in self.matches.iter().enumerate() {
            match m.winner {
                Some(w) if replayed.matches[k].winner != Some(w) => replayed
                    .record(k, w)
                    .map_err(|_| KnockoutError::Inconsistent)?,
                _ => {}
            }
        }
        if replayed == *self {
            Ok(())
        } else {
            Err(KnockoutError::Inconsistent)
        }
    }

    /// Records the winner of match `k`.
    pub fn record(&mut self, k: usize, winner: Side) -> Result<(), KnockoutError> {
        if k >= self.matches.len() {
            return Err(KnockoutError::NoSuchMatch(k));
        }
        if !self.is_live(k) {
            return Err(KnockoutError::NotReady(k));
        }
        if self.matches[k].winner.is_some_and(|w| w != winner) && self.used_later(k) {
            return Err(KnockoutError::AlreadyUsed(k));
        }
        self.matches[k].winner = Some(winner);
        self.settle();
        Ok(())
    }

    /// The champion once the last match is decided.
    pub fn champion(&self) -> Option<usize> {
        match self.slot(Source::WinnerOf(self.deciding_match()?)) {
            Slot::Entrant(i) => Some(i),
            _ => None,
        }
    }

    /// The places the bracket has decided, best first, as (place, entrant): the champion 1st,
    /// the final's loser 2nd; 3rd and 4th from the third-place match, or both losing
    /// semi-finalists 3rd without one; in double elimination the losers' final's loser 3rd.
    pub fn places(&self) -> Vec<(usize, usize)> {
        let Some(last) = self.deciding_match() else {
            return Vec::new();
        };
        let mut out = vec![(1, Source::WinnerOf(last)), (2, Source::LoserOf(last))];
        match self.kind {
            Elimination::Single { third_place: true } => {
                if let Some(k) = self
                    .matches
                    .iter()
                    .position(|m| m.section == Section::ThirdPlace)
                {
                    out.extend([(3, Source::WinnerOf(k)), (4, Source::LoserOf(k))]);
                }
            }
            Elimination::Single { third_place: false } => {
                let fin = &self.matches[last];
                for side in [fin.a, fin.b] {
                    if let Source::WinnerOf(semi) = side {
                        out.push((3, Source::LoserOf(semi)));
                    }
                }
            }
            Elimination::Double => {
                if let Some(k) = self
                    .matches
                    .iter()
                    .rposition(|m| matches!(m.section, Section::Losers(_)))
                {
                    out.push((3, Source::LoserOf(k)));
                }
            }
        }
        out.into_iter()
            .filter_map(|(place, src)| match self.slot(src) {
                Slot::Entrant(i) => Some((place, i)),
                _ => None,
            })
            .collect()
    }

    /// The match that decides the title (the grand final's replay when it is needed).
    fn deciding_match(&self) -> Option<usize> {
        Some(match self.kind {
            Elimination::Single { .. } => self
                .matches
                .iter()
                .rposition(|m| matches!(m.section, Section::Winners(_)))?,
            Elimination::Double => {
                let gf = self
                    .matches
                    .iter()
                    .position(|m| m.section == Section::GrandFinal)?;
                if self.reset_needed() {
                    gf + 1
                } else {
                    gf
                }
            }
        })
    }

    /// Matches that can be played now (both sides known, no result yet).
    pub fn ready(&self) -> Vec<usize> {
        (0..self.matches.len())
            .filter(|&k| self.matches[k].winner.is_none() && self.is_live(k))
            .collect()
    }
}

/// A name holding a separator of the pasted tables (`,` `、` `;` …): written out, it would read
/// back as two entrants. Its own type, so the schedule page's bundle gets only this message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnwritableName(pub String);

impl fmt::Display for UnwritableName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.say(Lang::En))
    }
}

impl std::error::Error for UnwritableName {}

/// Where the timetable page leaves its finished group tables (as [`GroupTables::parse`] reads
/// them) for the knockout page's crossover bracket; removed once taken, so a later visit does not
/// rebuild it unasked. (The knockout page reading the saved timetable itself would pull the whole
/// scheduler into its bundle.)
pub const GROUPS_HANDOFF_KEY: &str = "xq.swiss.groups-handoff";

/// Final group tables: entrant names and each group's places (indices into `names`, winner first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupTables {
    /// Every entrant named in the tables.
    pub names: Vec<String>,
    /// Group A's places first, each winner first.
    pub groups: Vec<Vec<usize>>,
}

impl GroupTables {
    /// Reads pasted tables: one group per line in group order, names in finishing order split by
    /// `,` `，` `、` `;` or tabs, with an optional label before `:` (`A: 王, 李, 张`).
    pub fn parse(text: &str) -> Result<GroupTables, KnockoutError> {
        let mut names: Vec<String> = Vec::new();
        let mut groups = Vec::new();
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let list = line.split_once([':', '：']).map_or(line, |(_, rest)| rest);
            let mut group = Vec::new();
            for name in list
                .split([',', '，', '、', ';', '；', '\t'])
                .map(str::trim)
                .filter(|n| !n.is_empty())
            {
                if names.iter().any(|n| n == name) {
                    return Err(KnockoutError::Repeated(name.to_string()));
                }
                group.push(names.len());
                names.push(name.to_string());
            }
            groups.push(group);
        }
        Ok(GroupTables { names, groups })
    }

    /// The group tables of a timetable saved by the schedule page, with its entrant names: the
    /// places the timetable itself shows (`schedule::seat_holders`); every group must be finished.
    pub fn from_schedule(file: &SaveFile) -> Result<GroupTables, KnockoutError> {
        GroupTables::from_results(&file.problem, &file.results)
    }

    /// [`GroupTables::from_schedule`] from the timetable's problem and results as they stand.
    pub fn from_results(
        problem: &Problem,
        results: &[SavedResult],
    ) -> Result<GroupTables, KnockoutError> {
        Self::from_seats(
            problem,
            &seat_holders(problem, results, Points::table_tennis()),
        )
    }

    /// The group tables of a groups + knockout timetable from who holds each group place
    /// (`A1`, `A2`, … as the scheduler names them), whichever scoring filled them.
    pub fn from_seats(
        problem: &Problem,
        seats: &std::collections::BTreeMap<String, usize>,
    ) -> Result<GroupTables, KnockoutError> {
        let Format::GroupsKnockout { groups } = problem.format else {
            return Err(KnockoutError::NotGroupStage);
        };
        let tables = (0..groups)
            .map(|g| {
                let places: Vec<usize> = (1..)
                    .map_while(|p| seats.get(&format!("{}{p}", group_letter(g))).copied())
                    .collect();
                if places.is_empty() {
                    Err(KnockoutError::GroupUnfinished(g))
                } else {
                    Ok(places)
                }
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(GroupTables {
            names: problem.entrants.clone(),
            groups: tables,
        })
    }

    /// The tables as [`GroupTables::parse`] reads them back: `A: 王天一, 郑惟桐` one group a
    /// line (how the schedule page hands its groups to the bracket page); a name holding a
    /// separator cannot be written.
    pub fn to_text(&self) -> Result<String, UnwritableName> {
        let split = [',', '，', '、', ';', '；', '\t', '\n', '\r'];
        if let Some(bad) = self.names.iter().find(|n| n.contains(split)) {
            return Err(UnwritableName(bad.clone()));
        }
        Ok(self
            .groups
            .iter()
            .enumerate()
            .map(|(g, places)| {
                let names: Vec<&str> = places.iter().map(|&i| self.names[i].trim()).collect();
                format!("{}: {}\n", group_letter(g), names.join(", "))
            })
            .collect())
    }

    /// The crossover knockout of these tables (see [`Crossover`]).
    pub fn crossover(&self) -> Result<Crossover, KnockoutError> {
        crossover(&self.groups)
    }
}

/// The knockout after a group stage: the top two of each group, placed as the scheduler's
/// crossover round (`schedule::knockout_rounds`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Crossover {
    /// Bracket entrant `k` is the group-table entrant `qualifiers[k]`.
    pub qualifiers: Vec<usize>,
    /// The group place each qualifier comes from, as the timetable names it (`A1`, `B2`, …).
    pub seats: Vec<String>,
    /// The seeding that gives the scheduler's first round, match for match, in its order.
    pub seeding: Seeding,
}

impl Crossover {
    /// The bracket over the qualifiers (entrant `k` = `qualifiers[k]`).
    pub fn bracket(&self, kind: Elimination) -> Result<Bracket, KnockoutError> {
        Bracket::new(self.qualifiers.len(), kind, &self.seeding)
    }
}

/// A bracket and its entrants' names, by entrant index.
pub type Named = (Vec<String>, Bracket);

/// The bracket of a pasted list, seeded as asked.
pub fn list_bracket(
    entrants: Vec<Entrant>,
    seeding: ListSeeding,
    kind: Elimination,
) -> Result<Named, KnockoutError> {
    let bracket = Bracket::new(entrants.len(), kind, &seeding.of(&entrants))?;
    Ok((entrants.into_iter().map(|e| e.name).collect(), bracket))
}

impl GroupTables {
    /// The crossover bracket of these tables, the qualifiers named with their group place
    /// (`A1 王天一`).
    pub fn crossover_bracket(&self, kind: Elimination) -> Result<Named, KnockoutError> {
        let c = self.crossover()?;
        let bracket = c.bracket(kind)?;
        let names = (c.qualifiers.iter().zip(&c.seats))
            .map(|(&q, seat)| format!("{seat} {}", self.names[q]))
            .collect();
        Ok((names, bracket))
    }
}

/// The crossover of `groups` (each a list of entrants, winner first): 2, 4, 8 or 16 groups of at
/// least two. The first round is exactly the scheduler's (A1–B2, C1–D2, …, B1–A2, D1–C2, …) and
/// the winners meet in its order, so two winners of a group pair meet only in the final.
pub fn crossover(groups: &[Vec<usize>]) -> Result<Crossover, KnockoutError> {
    let g = groups.len();
    if !(2..=16).contains(&g) || !g.is_power_of_two() {
        return Err(KnockoutError::GroupCount(g));
    }
    if let Some(k) = groups.iter().position(|t| t.len() < 2) {
        return Err(KnockoutError::GroupTooSmall(k));
    }
    let holder = |c: &Contender| -> Option<usize> {
        match c {
            Contender::Entrant(e) => Some(*e),
            Contender::Seat(s) => (0..g).find_map(|k| {
                (1..=2).find_map(|p| {
                    (format!("{}{p}", group_letter(k)) == *s).then(|| groups[k][p - 1])
                })
            }),
        }
    };
    let first = knockout_rounds(g).into_iter().next().unwrap_or_default();
    let seats: Vec<String> = first
        .iter()
        .flat_map(|f| [&f.a, &f.b])
        .map(|c| match c {
            Contender::Seat(s) => s.clone(),
            Contender::Entrant(e) => (e + 1).to_string(),
        })
        .collect();
    let qualifiers: Vec<usize> = first
        .iter()
        .flat_map(|f| [holder(&f.a), holder(&f.b)])
        .collect::<Option<Vec<usize>>>()
        .ok_or(KnockoutError::GroupCount(g))?;
    let mut sorted = qualifiers.clone();
    sorted.sort_unstable();
    if sorted.windows(2).any(|w| w[0] == w[1]) {
        return Err(KnockoutError::BadSeeding);
    }
    // Match m of round 1 holds seed positions 2m and 2m + 1: put qualifiers 2m and 2m + 1 there.
    let mut order = vec![0; qualifiers.len()];
    for (slot, &seed) in seed_positions(qualifiers.len()).iter().enumerate() {
        order[seed - 1] = slot;
    }
    Ok(Crossover {
        qualifiers,
        seats,
        seeding: Seeding::Order(order),
    })
}

/// Pairs `alive` two by two into new matches of `section`; the winners of those matches go on.
fn pair_off(matches: &mut Vec<KoMatch>, alive: &[Source], section: Section) -> Vec<Source> {
    alive
        .chunks(2)
        .map(|pair| {
            matches.push(KoMatch {
                section,
                a: pair[0],
                b: pair[1],
                winner: None,
            });
            Source::WinnerOf(matches.len() - 1)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_saved_bracket_keeps_its_side_names() {
        // Brackets saved before the sides were shared with the round robin wrote A and B.
        assert_eq!(serde_json::to_string(&Side::First).unwrap(), "\"A\"");
        assert_eq!(serde_json::to_string(&Side::Second).unwrap(), "\"B\"");
        let old: Option<Side> = serde_json::from_str("\"B\"").unwrap();
        assert_eq!(old, Some(Side::Second));
    }

    fn play_all(b: &mut Bracket, pick: impl Fn(usize, usize) -> Side) {
        while let Some(&k) = b.ready().first() {
            let (Slot::Entrant(x), Slot::Entrant(y)) = b.sides(k) else {
                unreachable!()
            };
            b.record(k, pick(x, y)).unwrap();
        }
    }

    #[test]
    fn every_bracket_played_in_order_checks_at_every_step() {
        let kinds = [
            Elimination::Single { third_place: false },
            Elimination::Single { third_place: true },
            Elimination::Double,
        ];
        for kind in kinds {
            for n in [2, 3, 5, 8] {
                let mut b = Bracket::new(n, kind, &Seeding::Lot(n as u64)).unwrap();
                assert_eq!(b.check(), Ok(()), "{kind:?} {n} before play");
                let mut turn = 0;
                while let Some(&k) = b.ready().first() {
                    let winner = if turn % 3 == 0 {
                        Side::Second
                    } else {
                        Side::First
                    };
                    b.record(k, winner).unwrap();
                    assert_eq!(b.check(), Ok(()), "{kind:?} {n} after match {k}");
                    turn += 1;
                }
                assert!(b.champion().is_some(), "{kind:?} {n} finished");
            }
        }
    }

    #[test]
    fn a_bracket_with_a_result_it_could_not_hold_does_not_check() {
        let mut b = Bracket::new(4, Elimination::Double, &Seeding::Lot(3)).unwrap();
        let last = b.matches.len() - 1;
        b.matches[last].winner = Some(Side::First);
        assert_eq!(b.check(), Err(KnockoutError::Inconsistent));
        let mut swapped = Bracket::new(4, Elimination::Double, &Seeding::Lot(3)).unwrap();
        swapped.matches.swap(0, 1);
        swapped.matches[0].section = swapped.matches[1].section;
        assert_eq!(swapped.check(), Err(KnockoutError::Inconsistent));
        let mut reseeded = Bracket::new(4, Elimination::Double, &Seeding::Lot(3)).unwrap();
        reseeded.seeds = vec![0, 0, 1, 2];
        assert_eq!(reseeded.check(), Err(KnockoutError::Inconsistent));
    }

    #[test]
    fn seed_positions_keep_top_seeds_apart() {
        assert_eq!(seed_positions(8), vec![1, 8, 4, 5, 2, 7, 3, 6]);
    }

    #[test]
    fn byes_go_to_the_top_seeds() {
        let b = Bracket::new(
            6,
            Elimination::Single { third_place: true },
            &Seeding::Ratings(vec![1500, 1900, 1800, 1700, 1600, 1400]),
        )
        .unwrap();
        // Seeds 1 and 2 (entrants 1 and 2) have byes in round 1.
        assert_eq!(b.sides(0), (Slot::Entrant(1), Slot::Bye));
        assert_eq!(b.matches[0].winner, Some(Side::First));
        assert_eq!(b.ready().len(), 2);
    }

    #[test]
    fn single_elimination_with_third_place_finishes_with_the_favourite() {
        let ratings: Vec<u32> = (0..13).map(|i| 2000 - 10 * i).collect();
        let mut b = Bracket::new(
            13,
            Elimination::Single { third_place: true },
            &Seeding::Ratings(ratings),
        )
        .unwrap();
        play_all(
            &mut b,
            |x, y| if x < y { Side::First } else { Side::Second },
        );
        assert_eq!(b.champion(), Some(0));
        let third = b
            .matches
            .iter()
            .position(|m| m.section == Section::ThirdPlace)
            .unwrap();
        assert_eq!(b.slot(Source::WinnerOf(third)), Slot::Entrant(2));
    }

    #[test]
    fn places_follow_the_bracket_for_each_kind() {
        let ratings: Vec<u32> = (0..8).map(|i| 2000 - 10 * i).collect();
        let favourite = |x: usize, y: usize| if x < y { Side::First } else { Side::Second };
        let with_third = Elimination::Single { third_place: true };
        let mut b = Bracket::new(8, with_third, &Seeding::Ratings(ratings.clone())).unwrap();
        assert!(b.places().is_empty(), "nothing decided yet");
        play_all(&mut b, favourite);
        assert_eq!(b.places(), vec![(1, 0), (2, 1), (3, 2), (4, 3)]);

        // Without a third-place match both losing semi-finalists share third.
        let single = Elimination::Single { third_place: false };
        let mut b = Bracket::new(8, single, &Seeding::Ratings(ratings.clone())).unwrap();
        play_all(&mut b, favourite);
        let mut places = b.places();
        places.sort();
        assert_eq!(places, vec![(1, 0), (2, 1), (3, 2), (3, 3)]);

        // Double elimination: the losers' final's loser is third; the favourite never loses.
        let mut b = Bracket::new(8, Elimination::Double, &Seeding::Ratings(ratings)).unwrap();
        play_all(&mut b, favourite);
        assert_eq!(b.places(), vec![(1, 0), (2, 1), (3, 2)]);
    }

    #[test]
    fn the_final_decides_the_first_two_before_the_rest_is_played() {
        let mut b = Bracket::new(
            4,
            Elimination::Single { third_place: true },
            &Seeding::Lot(3),
        )
        .unwrap();
        // Semi-finals, then the final, the third-place match still to come.
        for _ in 0..2 {
            let k = b.ready()[0];
            b.record(k, Side::First).unwrap();
        }
        let fin = b
            .ready()
            .into_iter()
            .find(|&k| matches!(b.matches[k].section, Section::Winners(_)))
            .unwrap();
        b.record(fin, Side::Second).unwrap();
        let (Slot::Entrant(a), Slot::Entrant(bb)) = b.sides(fin) else {
            unreachable!()
        };
        assert_eq!(b.places(), vec![(1, bb), (2, a)]);
    }

    #[test]
    fn double_elimination_gives_everyone_two_losses_but_the_champion() {
        for n in 2..=33 {
            for seed in 0..4 {
                let mut b = Bracket::new(n, Elimination::Double, &Seeding::Lot(seed)).unwrap();
                let mut rng = Rng::new(seed * 100 + n as u64);
                let mut losses = vec![0; n];
                while let Some(&k) = b.ready().first() {
                    let (Slot::Entrant(x), Slot::Entrant(y)) = b.sides(k) else {
                        unreachable!()
                    };
                    let w = if rng.below(2) == 0 {
                        Side::First
                    } else {
                        Side::Second
                    };
                    losses[if w == Side::First { y } else { x }] += 1;
                    b.record(k, w).unwrap();
                }
                let champ = b.champion().expect("finished");
                for (i, &l) in losses.iter().enumerate() {
                    if i == champ {
                        assert!(l <= 1, "n={n}");
                    } else {
                        assert_eq!(l, 2, "n={n} entrant {i}");
                    }
                }
            }
        }
    }

    #[test]
    fn previous_stage_order_gives_the_crossover() {
        // Groups A and B: seeds [A1, B1, A2, B2] = entrants [0, 1, 2, 3] give A1–B2 and B1–A2.
        let b = Bracket::new(
            4,
            Elimination::Single { third_place: false },
            &Seeding::Order(vec![0, 1, 2, 3]),
        )
        .unwrap();
        assert_eq!(b.sides(0), (Slot::Entrant(0), Slot::Entrant(3)));
        assert_eq!(b.sides(1), (Slot::Entrant(1), Slot::Entrant(2)));
        assert_eq!(
            Bracket::new(4, Elimination::Double, &Seeding::Order(vec![0, 0, 2, 3])),
            Err(KnockoutError::BadSeeding)
        );
    }

    /// The bracket built from group tables plays exactly the scheduler's knockout: the same
    /// first-round pairs in the same order, and each later match fed by the same matches.
    #[test]
    fn crossover_is_the_schedulers_knockout() {
        use crate::events::schedule::Phase;
        for g in [2, 4, 8, 16] {
            // Group k holds entrants 10k.. in finishing order.
            let groups: Vec<Vec<usize>> = (0..g).map(|k| (10 * k..10 * k + 3).collect()).collect();
            let c = crossover(&groups).unwrap();
            let b = c
                .bracket(Elimination::Single { third_place: true })
                .unwrap();
            let fixtures: Vec<_> = knockout_rounds(g).into_iter().flatten().collect();
            let labels: Vec<String> = fixtures
                .iter()
                .map(|f| match &f.stage {
                    Phase::Knockout { label, .. } => label.clone(),
                    _ => unreachable!(),
                })
                .collect();
            assert_eq!(b.matches.len(), fixtures.len(), "{g} groups");
            let source = |side: &Contender| -> Source {
                let Contender::Seat(s) = side else {
                    unreachable!()
                };
                let find = |l: &str| labels.iter().position(|x| x == l).unwrap();
                if let Some(l) = s.strip_prefix("W ") {
                    Source::WinnerOf(find(l))
                } else if let Some(l) = s.strip_prefix("L ") {
                    Source::LoserOf(find(l))
                } else {
                    let group = (s.as_bytes()[0] - b'A') as usize;
                    let place: usize = s[1..].parse().unwrap();
                    let entrant = groups[group][place - 1];
                    Source::Entrant(c.qualifiers.iter().position(|&q| q == entrant).unwrap())
                }
            };
            for (k, (f, m)) in fixtures.iter().zip(&b.matches).enumerate() {
                assert_eq!(
                    (m.a, m.b),
                    (source(&f.a), source(&f.b)),
                    "{g} groups, {}",
                    labels[k]
                );
            }
        }
        // Four groups, written out: A1–B2, C1–D2, B1–A2, D1–C2.
        let c = crossover(&[vec![1, 2], vec![3, 4], vec![5, 6], vec![7, 8]]).unwrap();
        let b = c.bracket(Elimination::Double).unwrap();
        let pair = |k: usize| match b.sides(k) {
            (Slot::Entrant(x), Slot::Entrant(y)) => (c.qualifiers[x], c.qualifiers[y]),
            other => panic!("{other:?}"),
        };
        assert_eq!(
            [pair(0), pair(1), pair(2), pair(3)],
            [(1, 4), (5, 8), (3, 2), (7, 6)]
        );
    }

    #[test]
    fn group_tables_are_read_and_checked() {
        let t = GroupTables::parse("A: 王天一, 郑惟桐, 赵鑫鑫\nB组：谢靖、孙勇征\n").unwrap();
        assert_eq!(t.groups, vec![vec![0, 1, 2], vec![3, 4]]);
        assert_eq!(t.names[3], "谢靖");
        let c = t.crossover().unwrap();
        assert_eq!(c.qualifiers, vec![0, 4, 3, 1]);
        assert_eq!(c.seats, vec!["A1", "B2", "B1", "A2"]);
        assert_eq!(
            GroupTables::parse("A: x, y\nB: y, z"),
            Err(KnockoutError::Repeated("y".into()))
        );
        let three = GroupTables::parse("a, b\nc, d\ne, f").unwrap();
        assert_eq!(three.crossover(), Err(KnockoutError::GroupCount(3)));
        let short = GroupTables::parse("a, b\nc").unwrap();
        assert_eq!(short.crossover(), Err(KnockoutError::GroupTooSmall(1)));
        assert_eq!(
            KnockoutError::GroupTooSmall(1).say(Lang::Zh),
            "B 组不足两个出线名次"
        );
    }

    #[test]
    fn a_saved_timetables_groups_seed_the_crossover() {
        use crate::events::schedule::{
            BestOf, MatchScore, Problem, SaveFile, SavedResult, Schedule, SAVE_VERSION,
        };
        let mut problem = Problem::round_robin(8, 4, 2, 90, 15, false);
        problem.format = Format::GroupsKnockout { groups: 2 };
        let three = BestOf::new(3).unwrap();
        let fixtures = problem.fixtures();
        // The lower seed number wins every group match.
        let results: Vec<SavedResult> = fixtures
            .iter()
            .enumerate()
            .filter_map(|(i, f)| {
                let (a, b) = f.entrants()?;
                let text = if a < b { "11-1 11-1" } else { "1-11 1-11" };
                Some(SavedResult {
                    fixture: i,
                    score: MatchScore::parse(three, text).unwrap(),
                })
            })
            .collect();
        let mut file = SaveFile {
            version: SAVE_VERSION,
            problem,
            schedule: Schedule {
                placements: Vec::new(),
            },
            results: results[..results.len() - 1].to_vec(),
            best_of: three,
            scoring: Default::default(),
            event_id: None,
            event: None,
            games: Vec::new(),
        };
        // One group match still open: its group has no places yet.
        assert!(matches!(
            GroupTables::from_schedule(&file),
            Err(KnockoutError::GroupUnfinished(_))
        ));
        file.results = results;
        let t = GroupTables::from_schedule(&file).unwrap();
        // Snake seeding: A = seeds 1, 4, 5, 8; B = 2, 3, 6, 7.
        assert_eq!(t.groups, vec![vec![0, 3, 4, 7], vec![1, 2, 5, 6]]);
        // Handed to the bracket page as text, the tables read back to the same crossover.
        let text = t.to_text().unwrap();
        assert_eq!(text.lines().next(), Some("A: 1, 4, 5, 8"));
        let back = GroupTables::parse(&text).unwrap();
        assert_eq!(
            back.crossover().unwrap().seats,
            t.crossover().unwrap().seats
        );
        let named = |t: &GroupTables| {
            let c = t.crossover().unwrap();
            c.qualifiers
                .iter()
                .map(|&q| t.names[q].clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(named(&back), named(&t));
        // A name that would split in two is refused, not handed over as two entrants.
        let mut comma = t.clone();
        comma.names[3] = "Li, Wang".into();
        assert_eq!(comma.to_text(), Err(UnwritableName("Li, Wang".into())));
        let c = t.crossover().unwrap();
        // A1–B2 and B1–A2, as the timetable's SF1 and SF2.
        assert_eq!(c.qualifiers, vec![0, 2, 1, 3]);
        file.problem.format = Format::RoundRobin { double: false };
        assert_eq!(
            GroupTables::from_schedule(&file),
            Err(KnockoutError::NotGroupStage)
        );
    }

    #[test]
    fn a_used_result_cannot_change() {
        let mut b = Bracket::new(
            4,
            Elimination::Single { third_place: false },
            &Seeding::Lot(1),
        )
        .unwrap();
        b.record(0, Side::First).unwrap();
        b.record(1, Side::First).unwrap();
        b.record(2, Side::Second).unwrap();
        assert_eq!(
            b.record(0, Side::Second),
            Err(KnockoutError::NotReady(0)).or(Err(KnockoutError::AlreadyUsed(0)))
        );
    }

    #[test]
    fn a_list_is_seeded_as_listed_by_rating_or_by_lot() {
        let es = vec![
            Entrant::new("甲", 1800),
            Entrant::new("乙", 2100),
            Entrant::new("丙", 1900),
            Entrant::new("丁", 0),
        ];
        assert_eq!(
            ListSeeding::Listed.of(&es),
            Seeding::Order(vec![0, 1, 2, 3])
        );
        assert_eq!(
            ListSeeding::Rating.of(&es),
            Seeding::Ratings(vec![1800, 2100, 1900, 0])
        );
        assert_eq!(ListSeeding::Lot(7).of(&es), Seeding::Lot(7));
        let kind = Elimination::Single { third_place: true };
        let (names, bracket) = list_bracket(es.clone(), ListSeeding::Rating, kind).unwrap();
        assert_eq!(names, ["甲", "乙", "丙", "丁"]);
        assert_eq!(
            bracket,
            Bracket::new(4, kind, &Seeding::Ratings(vec![1800, 2100, 1900, 0])).unwrap()
        );
        assert!(list_bracket(es[..1].to_vec(), ListSeeding::Listed, kind).is_err());
    }

    #[test]
    fn the_crossover_bracket_names_each_qualifier_by_its_group_place() {
        let t = GroupTables::parse("A: 甲, 乙, 丙\nB: 丁, 戊, 己\n").unwrap();
        let (names, bracket) = t
            .crossover_bracket(Elimination::Single { third_place: false })
            .unwrap();
        let c = t.crossover().unwrap();
        assert_eq!(
            bracket,
            c.bracket(Elimination::Single { third_place: false })
                .unwrap()
        );
        let mut sorted = names.clone();
        sorted.sort();
        assert_eq!(sorted, ["A1 甲", "A2 乙", "B1 丁", "B2 戊"]);
    }
}
