//! Knockout events (淘汰制, rule 11.1): single elimination with an optional third-place match,
//! and double elimination with a losers' bracket and a grand final (replayed once if the
//! losers' bracket winner wins it). Seeding from ratings, from a previous stage (the order of
//! the group tables: `[A1, B1, A2, B2]` gives the crossover A1–B2, B1–A2), or by a seeded lot;
//! byes fill the bracket to a power of two and fall to the top seeds (so, by lot, to entrants
//! drawn by lot).

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

impl Say for Section {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (Section::Winners(r), Lang::Zh) => format!("胜者组第{r}轮"),
            (Section::Winners(r), Lang::En) => format!("Winners round {r}"),
            (Section::Losers(r), Lang::Zh) => format!("败者组第{r}轮"),
            (Section::Losers(r), Lang::En) => format!("Losers round {r}"),
            (Section::ThirdPlace, Lang::Zh) => "三四名决赛".into(),
            (Section::ThirdPlace, Lang::En) => "Third-place match".into(),
            (Section::GrandFinal, Lang::Zh) => "总决赛".into(),
            (Section::GrandFinal, Lang::En) => "Grand final".into(),
            (Section::GrandFinalReset, Lang::Zh) => "总决赛加赛".into(),
            (Section::GrandFinalReset, Lang::En) => "Grand final replay".into(),
        }
    }
}

/// Which side won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Side {
    /// The first (upper) side.
    A,
    /// The second (lower) side.
    B,
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
}

impl Say for KnockoutError {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (KnockoutError::TooFewEntrants, Lang::Zh) => "淘汰赛至少需要两名参赛者".into(),
            (KnockoutError::TooFewEntrants, Lang::En) => {
                "a knockout needs at least two entrants".into()
            }
            (KnockoutError::BadSeeding, Lang::Zh) => "种子顺序必须每位参赛者恰好出现一次".into(),
            (KnockoutError::BadSeeding, Lang::En) => {
                "the seeding must name every entrant exactly once".into()
            }
            (KnockoutError::NoSuchMatch(k), Lang::Zh) => format!("没有第 {} 场", k + 1),
            (KnockoutError::NoSuchMatch(k), Lang::En) => format!("there is no match {}", k + 1),
            (KnockoutError::NotReady(k), Lang::Zh) => format!("第 {} 场的双方尚未确定", k + 1),
            (KnockoutError::NotReady(k), Lang::En) => {
                format!("both sides of match {} are not known yet", k + 1)
            }
            (KnockoutError::AlreadyUsed(k), Lang::Zh) => {
                format!("第 {} 场的结果已被后续比赛使用，不能更改", k + 1)
            }
            (KnockoutError::AlreadyUsed(k), Lang::En) => {
                format!("a later match already depends on match {}", k + 1)
            }
        }
    }
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
                    Side::A => (a, b),
                    Side::B => (b, a),
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
            .any(|m| m.section == Section::GrandFinal && m.winner == Some(Side::B))
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
                    (Slot::Entrant(_), Slot::Bye) | (Slot::Bye, Slot::Bye) => Some(Side::A),
                    (Slot::Bye, Slot::Entrant(_)) => Some(Side::B),
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
        let last = match self.kind {
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
        };
        match self.slot(Source::WinnerOf(last)) {
            Slot::Entrant(i) => Some(i),
            _ => None,
        }
    }

    /// Matches that can be played now (both sides known, no result yet).
    pub fn ready(&self) -> Vec<usize> {
        (0..self.matches.len())
            .filter(|&k| self.matches[k].winner.is_none() && self.is_live(k))
            .collect()
    }
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

    fn play_all(b: &mut Bracket, pick: impl Fn(usize, usize) -> Side) {
        while let Some(&k) = b.ready().first() {
            let (Slot::Entrant(x), Slot::Entrant(y)) = b.sides(k) else {
                unreachable!()
            };
            b.record(k, pick(x, y)).unwrap();
        }
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
        assert_eq!(b.matches[0].winner, Some(Side::A));
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
        play_all(&mut b, |x, y| if x < y { Side::A } else { Side::B });
        assert_eq!(b.champion(), Some(0));
        let third = b
            .matches
            .iter()
            .position(|m| m.section == Section::ThirdPlace)
            .unwrap();
        assert_eq!(b.slot(Source::WinnerOf(third)), Slot::Entrant(2));
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
                    let w = if rng.below(2) == 0 { Side::A } else { Side::B };
                    losses[if w == Side::A { y } else { x }] += 1;
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

    #[test]
    fn a_used_result_cannot_change() {
        let mut b = Bracket::new(
            4,
            Elimination::Single { third_place: false },
            &Seeding::Lot(1),
        )
        .unwrap();
        b.record(0, Side::A).unwrap();
        b.record(1, Side::A).unwrap();
        b.record(2, Side::B).unwrap();
        assert_eq!(
            b.record(0, Side::B),
            Err(KnockoutError::NotReady(0)).or(Err(KnockoutError::AlreadyUsed(0)))
        );
    }
}
