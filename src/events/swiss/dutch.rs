//! The FIDE Dutch system (C.04.3, 2025 edition, with C.04.1/C.04.2) as a sequence of
//! maximum-weight matchings.
//!
//! Each criterion of C.04.3 becomes a field of bits in the edge weight, most important highest:
//! absolute criteria and completion (C1–C4), pairs and scores in the current and next bracket
//! (C5–C8), the bye assignee's unplayed games (C9), colour preferences (C10–C13), repeated
//! floaters (C14–C21), and finally the order of exchanges and transpositions (B.2–B.6). Brackets
//! are settled from the top score group down, fixing pairs one by one exactly as bbpPairings
//! does, so both give the same pairing.

// Index loops mirror the published algorithm step by step; iterators would hide that.
#![allow(clippy::needless_range_loop)]

use super::blossom::Matcher;
use super::wide::Wide;
use super::{Board, Leave, PairingCard, Record, RoundPairing, Swiss, SwissError, DRAW, WIN};
use crate::color::Color;
use std::collections::HashMap;

/// One round's record of an entrant, in the terms of the pairing rules.
#[derive(Clone, Copy, Debug)]
struct Match {
    opponent: usize,
    color: Option<Color>,
    /// 2 win, 1 draw, 0 loss for this entrant.
    score: u8,
    played: bool,
    /// Took part in the pairing: a game (played or forfeited) or the pairing-allocated bye.
    paired: bool,
}

#[derive(Clone, Debug)]
struct Player {
    id: usize,
    rank: usize,
    matches: Vec<Match>,
    score: u32,
    imbalance: usize,
    preference: Option<Color>,
    /// The colour played the last two (or more) times in a row.
    repeated: Option<Color>,
    strong: bool,
    played_games: usize,
    /// Index in the file order among all entrants (Baku acceleration goes by it).
    file_rank: usize,
}

impl Player {
    fn absolute_imbalance(&self) -> bool {
        self.imbalance > 1
    }
    fn absolute_preference(&self) -> bool {
        self.absolute_imbalance() || self.repeated.is_some()
    }
}

/// Float directions of C.04.3 A.4.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Float {
    Down,
    Up,
    None,
}

struct Tour {
    players: Vec<Player>,
    played_rounds: usize,
    expected_rounds: Option<usize>,
    initial_color: Color,
    accelerated: bool,
    entrant_count: usize,
}

impl Tour {
    /// Points of one record: every kind of loss, absence or forfeit is 0, every win or bye 2.
    fn points(&self, _p: &Player, m: &Match) -> u32 {
        match m.score {
            0 => 0,
            1 => DRAW,
            _ => WIN,
        }
    }

    fn acceleration(&self, p: &Player, round: usize) -> u32 {
        let Some(expected) = self.expected_rounds.filter(|_| self.accelerated) else {
            return 0;
        };
        if expected == 0 || p.file_rank > (self.entrant_count - 1) / 2 {
            return 0;
        }
        let last = (expected - 1) / 2;
        let full = last / 2;
        if round <= full {
            WIN
        } else if round <= last {
            DRAW
        } else {
            0
        }
    }

    /// Score with acceleration, `back` rounds ago.
    fn sa_back(&self, p: &Player, back: usize) -> u32 {
        let mut score = p.score;
        let mut round = self.played_rounds;
        for _ in 0..back {
            round -= 1;
            score -= self.points(p, &p.matches[round]);
        }
        score + self.acceleration(p, round)
    }

    fn sa(&self, p: &Player) -> u32 {
        self.sa_back(p, 0)
    }

    fn eligible_for_bye(&self, p: &Player) -> bool {
        p.matches
            .iter()
            .all(|m| m.played || !(self.points(p, m) >= WIN || (m.paired && m.opponent == p.id)))
    }

    fn float(&self, p: &Player, back: usize) -> Float {
        let m = &p.matches[self.played_rounds - back];
        if !m.played {
            return if self.points(p, m) > 0 {
                Float::Down
            } else {
                Float::None
            };
        }
        let mine = self.sa_back(p, back);
        let theirs = self.sa_back(&self.players[m.opponent], back);
        if mine > theirs {
            Float::Down
        } else if mine < theirs {
            Float::Up
        } else {
            Float::None
        }
    }

    /// `a` ranks below `b` (lower accelerated score, or equal score and larger rank index).
    fn below(&self, a: &Player, b: &Player) -> bool {
        (self.sa(a), b.rank) < (self.sa(b), a.rank)
    }

    fn compatible(&self, a: &Player, b: &Player) -> bool {
        let played_with = a.matches.iter().any(|m| m.played && m.opponent == b.id);
        if played_with {
            return false;
        }
        let threshold = (self.played_rounds as u32 * WIN) >> 1;
        let last_round = self
            .expected_rounds
            .is_some_and(|e| self.played_rounds + 1 >= e);
        !a.absolute_preference()
            || !b.absolute_preference()
            || a.preference != b.preference
            || (last_round && (self.sa(a) > threshold || self.sa(b) > threshold))
    }
}

fn bits(x: usize) -> u32 {
    usize::BITS - x.leading_zeros()
}

fn compatible_prefs(a: Option<Color>, b: Option<Color>) -> bool {
    a != b || a.is_none() || b.is_none()
}

/// The colours of the last round in which the two played different colours.
fn first_color_difference(a: &Player, b: &Player) -> (Option<Color>, Option<Color>) {
    let mut ia = a.matches.iter().rev().filter(|m| m.played);
    let mut ib = b.matches.iter().rev().filter(|m| m.played);
    loop {
        match (ia.next(), ib.next()) {
            (Some(x), Some(y)) if x.color == y.color => continue,
            (x, y) => return (x.and_then(|m| m.color), y.and_then(|m| m.color)),
        }
    }
}

/// C.04.3 E (colour allocation), before the rank-parity fallback.
fn neutral_color(p: &Player, o: &Player) -> Option<Color> {
    if compatible_prefs(p.preference, o.preference) {
        if p.preference.is_some() {
            p.preference
        } else {
            o.preference.map(Color::other)
        }
    } else if p.absolute_preference() && (p.imbalance > o.imbalance || !o.absolute_preference()) {
        p.preference
    } else if o.absolute_preference() && (o.imbalance > p.imbalance || !p.absolute_preference()) {
        o.preference.map(Color::other)
    } else if p.strong && !o.strong {
        p.preference
    } else if o.strong && !p.strong {
        o.preference.map(Color::other)
    } else {
        match first_color_difference(p, o) {
            (Some(_), Some(oc)) => Some(oc),
            _ => None,
        }
    }
}

struct Ctx<'a, const L: usize> {
    t: &'a Tour,
    sorted: Vec<usize>,
    s: u32,
    g: u32,
    shifts: HashMap<u32, u32>,
    max: Wide<L>,
}

impl<const L: usize> Ctx<'_, L> {
    fn p(&self, v: usize) -> &Player {
        &self.t.players[self.sorted[v]]
    }

    fn shift(&self, p: &Player) -> u32 {
        self.shifts[&self.t.sa(p)]
    }

    fn bye_candidate(&self, p: &Player, bye_score: u32) -> bool {
        self.t.eligible_for_bye(p) && self.t.sa(p) <= bye_score
    }

    fn color_bits(&self, mut r: Wide<L>, p: &Player, o: &Player, current: bool) -> Wide<L> {
        let s = self.s;
        r = r.shl(s);
        r = r.or_u64(
            (current
                && (!p.absolute_imbalance()
                    || !o.absolute_imbalance()
                    || p.preference != o.preference)) as u64,
        );
        r = r.shl(s);
        let rep = if p.imbalance == o.imbalance {
            p.repeated.is_none() || p.repeated != o.repeated
        } else {
            let lesser = if p.imbalance > o.imbalance { o } else { p };
            lesser.repeated != p.preference.map(Color::other)
        };
        r = r.or_u64(
            (current
                && (!p.absolute_preference()
                    || !o.absolute_preference()
                    || p.preference != o.preference
                    || rep)) as u64,
        );
        r = r.shl(s);
        r = r.or_u64((current && compatible_prefs(p.preference, o.preference)) as u64);
        r = r.shl(s);
        r = r.or_u64(
            (current
                && ((!p.strong && !p.absolute_preference())
                    || (!o.strong && !o.absolute_preference())
                    || (p.absolute_preference() && o.absolute_preference())
                    || p.preference != o.preference)) as u64,
        );
        r
    }

    #[allow(clippy::too_many_arguments)]
    fn edge(
        &self,
        hi: &Player,
        lo: &Player,
        current: bool,
        next: bool,
        bye_score: u32,
        single_downfloater_bye: bool,
        unplayed_ranks: &HashMap<usize, usize>,
    ) -> Wide<L> {
        let t = self.t;
        let (s, g) = (self.s, self.g);
        if !t.compatible(hi, lo) {
            return Wide::ZERO;
        }
        let one = Wide::<L>::from_u64(1);
        let mut r = Wide::from_u64(
            1 + !self.bye_candidate(hi, bye_score) as u64
                + !self.bye_candidate(lo, bye_score) as u64,
        );
        r = r.shl(s).or_u64(current as u64);
        r = r.shl(g);
        if current {
            r = bitor(r, one.shl(self.shift(hi)));
        }
        r = r.shl(s).or_u64(next as u64);
        r = r.shl(g);
        if next {
            r = bitor(r, one.shl(self.shift(hi)));
        }
        r = r.shl(s).shl(s);
        if single_downfloater_bye {
            if t.sa(hi) == bye_score {
                r = r.or_u64(unplayed_ranks[&hi.played_games] as u64);
            }
            if t.sa(lo) == bye_score {
                r = r.add_u64(unplayed_ranks[&lo.played_games] as u64);
            }
        }
        r = self.color_bits(r, lo, hi, current);
        let (shi, slo) = (t.sa(hi), t.sa(lo));
        for back in [1, 2] {
            if t.played_rounds < back {
                continue;
            }
            r = r.shl(s);
            if current {
                r = r.or_u64((t.float(lo, back) == Float::Down) as u64);
                r = r.add_u64((shi <= slo && t.float(hi, back) == Float::Down) as u64);
            }
            r = r.shl(s);
            if current {
                r = r.or_u64(!(shi > slo && t.float(lo, back) == Float::Up) as u64);
            }
        }
        for back in [1, 2] {
            if t.played_rounds < back {
                continue;
            }
            r = r.shl(g);
            if current {
                if t.float(lo, back) == Float::Down {
                    r = r.add(one.shl(self.shift(lo)));
                }
                if t.float(hi, back) == Float::Down {
                    r = r.add(one.shl(self.shift(hi)));
                }
            }
            r = r.shl(g);
            if current && !(t.float(lo, back) == Float::Up && shi > slo) {
                r = bitor(r, one.shl(self.shift(hi)));
            }
        }
        r.shl(s).shl(s).shl(s).shl(1)
    }
}

/// `a | b` where `b` is one bit in a field of `a` that was just shifted in (so it is zero).
fn bitor<const L: usize>(a: Wide<L>, b: Wide<L>) -> Wide<L> {
    a.add(b)
}

/// The number of weight bits the criteria need for this field (see [`Ctx::edge`]).
fn weight_bits(played_rounds: usize, s: u32, g: u32) -> u32 {
    let mut bits = 2 + s + g + s + g + 2 * s + 4 * s;
    for back in [1, 2] {
        if played_rounds >= back {
            bits += 2 * s + 2 * g;
        }
    }
    bits + 3 * s + 1 + 2
}

/// An entrant's matches as the pairing reads them: its history, then this round's absence when
/// it is not to be paired.
fn matches_of(id: usize, e: &PairingCard) -> Vec<Match> {
    let mut matches: Vec<Match> = e
        .history
        .iter()
        .map(|r| match *r {
            Record::Game {
                opponent,
                color,
                outcome,
                played,
            } => Match {
                opponent,
                color: Some(color),
                score: outcome.points() as u8,
                played,
                paired: true,
            },
            Record::Bye => Match {
                opponent: id,
                color: None,
                score: 2,
                played: false,
                paired: true,
            },
            Record::Absent(leave) => Match {
                opponent: id,
                color: None,
                score: leave.points() as u8,
                played: false,
                paired: false,
            },
        })
        .collect();
    if !e.pairable() {
        let leave = if e.entrant.withdrawn() {
            Leave::Zero
        } else {
            e.next.unwrap_or(Leave::Zero)
        };
        matches.push(Match {
            opponent: id,
            color: None,
            score: leave.points() as u8,
            played: false,
            paired: false,
        });
    }
    matches
}

fn build_tour(event: &Swiss) -> Result<Tour, SwissError> {
    event.validate()?;
    let played_rounds = event.rounds_played();
    if event.accelerated && event.rounds_planned.is_none() {
        return Err(SwissError::AccelerationNeedsRounds);
    }
    if event.rounds_planned.is_some_and(|r| played_rounds >= r) {
        return Err(SwissError::EventFinished);
    }
    let mut players = Vec::new();
    let mut rank = 0;
    for (id, e) in event.entrants.iter().enumerate() {
        let matches = matches_of(id, e);
        let score: u32 = e.history.iter().map(Record::points).sum();
        // bbpPairings drops entrants that never took part in a pairing and sit out this round.
        let valid = matches.len() <= played_rounds || matches.iter().any(|m| m.paired);
        let (mut white, mut black, mut consecutive, mut repeated, mut played_games) =
            (0usize, 0usize, 0usize, None, 0usize);
        for m in matches.iter().filter(|m| m.played) {
            played_games += 1;
            let c = m.color.expect("played games have a colour");
            if c == Color::Red {
                white += 1;
            } else {
                black += 1;
            }
            if consecutive == 0 || Some(c) != repeated {
                consecutive = 1;
            } else {
                consecutive += 1;
            }
            repeated = Some(c);
        }
        let lower = if white > black {
            Color::Black
        } else {
            Color::Red
        };
        let imbalance = white.abs_diff(black);
        let preference = if imbalance > 1 {
            Some(lower)
        } else if consecutive > 1 {
            repeated.map(Color::other)
        } else if imbalance > 0 {
            Some(lower)
        } else if consecutive > 0 {
            repeated.map(Color::other)
        } else {
            None
        };
        if consecutive <= 1 {
            repeated = None;
        }
        let mut p = Player {
            id,
            rank: if valid { rank } else { usize::MAX },
            matches,
            score,
            imbalance,
            preference,
            repeated,
            strong: false,
            played_games,
            file_rank: id,
        };
        p.strong = !p.absolute_preference() && p.imbalance > 0;
        if valid {
            rank += 1;
        }
        players.push((p, valid));
    }
    let entrant_count = players.len();
    let valid: Vec<bool> = players.iter().map(|p| p.1).collect();
    let mut tour = Tour {
        players: players.into_iter().map(|p| p.0).collect(),
        played_rounds,
        expected_rounds: event.rounds_planned,
        initial_color: event.first_color,
        accelerated: event.accelerated,
        entrant_count,
    };
    // Invalid entrants keep a rank past all others so they never sort among the pairable.
    for (p, v) in tour.players.iter_mut().zip(valid) {
        if !v {
            p.rank = usize::MAX / 2 + p.id;
        }
    }
    Ok(tour)
}

/// Pairs the next round of `event` by the Dutch system; boards in publication order.
pub fn pair_round(event: &Swiss) -> Result<RoundPairing, SwissError> {
    // Refused before anything is allocated: the matching grows with the square of the field.
    if event.entrants.len() > super::MAX_ENTRANTS {
        return Err(SwissError::TooManyEntrants {
            entrants: event.entrants.len(),
        });
    }
    let tour = build_tour(event)?;
    let mut sorted: Vec<usize> = tour
        .players
        .iter()
        .filter(|p| p.matches.len() <= tour.played_rounds && p.rank < usize::MAX / 2)
        .map(|p| p.id)
        .collect();
    if sorted.len() < 2 {
        return Err(SwissError::TooFewEntrants);
    }
    sorted.sort_by(|&a, &b| {
        let (pa, pb) = (&tour.players[a], &tour.players[b]);
        tour.sa(pb).cmp(&tour.sa(pa)).then(pa.rank.cmp(&pb.rank))
    });
    // Score-group bit fields: the lowest group gets the lowest bits.
    let mut shifts = HashMap::new();
    let mut g = 0u32;
    let mut max_group = 0usize;
    let mut run = 0usize;
    for i in (0..sorted.len()).rev() {
        run += 1;
        let score = tour.sa(&tour.players[sorted[i]]);
        if i == 0 || score < tour.sa(&tour.players[sorted[i - 1]]) {
            shifts.insert(score, g);
            max_group = max_group.max(run);
            g += bits(run);
            run = 0;
        }
    }
    let s = bits(max_group);
    let need = weight_bits(tour.played_rounds, s, g) + 4;
    // Two widths only: each is a full copy of the engine in the browser's code.
    let pairs = match need.div_ceil(64) {
        0..=8 => run_dutch::<8>(&tour, sorted, s, g, shifts),
        9..=32 => run_dutch::<32>(&tour, sorted, s, g, shifts),
        _ => Err(SwissError::TooLarge),
    }?;
    Ok(publish(&tour, pairs))
}

/// Orders boards for publication (C.04.2: by the higher score, the lower score, then rank) and
/// puts the bye last.
fn publish(tour: &Tour, pairs: Vec<(usize, usize)>) -> RoundPairing {
    let mut boards = Vec::new();
    let mut bye = None;
    for (w, b) in pairs {
        if w == b {
            bye = Some(w);
        } else {
            boards.push(Board { red: w, black: b });
        }
    }
    let key = |b: &Board| {
        let (pw, pb) = (&tour.players[b.red], &tour.players[b.black]);
        let (hi, lo) = if (pw.score, pb.rank) < (pb.score, pw.rank) {
            (pb, pw)
        } else {
            (pw, pb)
        };
        (
            std::cmp::Reverse(hi.score),
            std::cmp::Reverse(lo.score),
            hi.rank,
        )
    };
    boards.sort_by_key(key);
    RoundPairing {
        round: tour.played_rounds + 1,
        boards,
        bye,
    }
}

/// A pairing in progress (C.04.3 as bbpPairings runs it): the weighted matching over the players
/// sorted by score, and what is settled so far. `v` indices are positions in score order.
struct Pairing<'a, const L: usize> {
    cx: Ctx<'a, L>,
    m: Matcher<L>,
    n: usize,
    /// An odd field: someone gets the pairing-allocated bye.
    odd: bool,
    /// The top score.
    top: u32,
    /// The bye assignee's score (C9), once chosen.
    bye_score: u32,
    /// Whether the bye falls to a single downfloater of the top group.
    sdba: bool,
    /// Rank of each count of played games among the bye candidates (C9).
    ranks: HashMap<usize, usize>,
    /// The current maximum matching.
    stable: Vec<usize>,
    /// Players whose opponent is fixed.
    matched: Vec<bool>,
    /// The fixed opponents.
    partner: Vec<Option<usize>>,
}

/// One bracket (A.3): the moved-down players (MDPs, `0..resident`) and the resident score group
/// (`resident..next`) in `vidx`, then the next group (`next..len`) looked ahead to for C7/C8.
struct Bracket<const L: usize> {
    vidx: Vec<usize>,
    resident: usize,
    next: usize,
    len: usize,
    /// The score-order positions of the resident group: `first_v..next_v`.
    first_v: usize,
    next_v: usize,
    /// Edge weights within the bracket, `base[larger][smaller]`.
    base: Vec<Vec<Wide<L>>>,
}

impl<const L: usize> Bracket<L> {
    /// Whether score-order position `x` is in the resident group.
    fn resident_v(&self, x: usize) -> bool {
        x >= self.first_v && x < self.next_v
    }

    /// The weight of a remainder pair with the exchange order (B.2–B.5) added: pairs within the
    /// halves first, then the fewest and lowest exchanges.
    fn with_exchange_order(
        &self,
        s: u32,
        smaller: usize,
        larger: usize,
        rem_idx: usize,
        rem_pairs: usize,
    ) -> Wide<L> {
        let r = self.base[larger][smaller];
        if r.is_zero() {
            return r;
        }
        if rem_idx < rem_pairs {
            r.add(
                Wide::from_u64(1)
                    .shl(2 * s)
                    .sub_u64(rem_idx as u64)
                    .double(),
            )
        } else {
            r.sub_u64(2 * rem_idx as u64)
        }
    }
}

fn run_dutch<const L: usize>(
    tour: &Tour,
    sorted: Vec<usize>,
    s: u32,
    g: u32,
    shifts: HashMap<u32, u32>,
) -> Result<Vec<(usize, usize)>, SwissError> {
    let n = sorted.len();
    let bits = weight_bits(tour.played_rounds, s, g);
    let max = Wide::<L>::from_u64(1).shl(bits).sub_u64(1);
    let cx = Ctx::<L> {
        t: tour,
        sorted,
        s,
        g,
        shifts,
        max,
    };
    let top = tour.sa(cx.p(0));
    let mut p = Pairing {
        cx,
        m: Matcher::<L>::new(n),
        n,
        odd: n % 2 == 1,
        top,
        bye_score: 0,
        sdba: false,
        ranks: HashMap::new(),
        stable: Vec::new(),
        matched: vec![false; n],
        partner: vec![None; n],
    };
    let mate = p.completion()?;
    if p.odd {
        p.choose_bye(&mate);
    }
    p.pair_brackets()?;
    Ok(p.allocate_colours())
}

impl<const L: usize> Pairing<'_, L> {
    fn sa(&self, v: usize) -> u32 {
        self.cx.t.sa(self.cx.p(v))
    }

    /// Completion (C4): a matching of the whole field exists, leaving at most one player, who
    /// may get the bye. Returns that matching.
    fn completion(&mut self) -> Result<Vec<usize>, SwissError> {
        let (cx, tour, n) = (&self.cx, self.cx.t, self.n);
        let no_ranks = HashMap::new();
        for pi in 0..n {
            for oi in 0..pi {
                let (p, o) = (cx.p(pi), cx.p(oi));
                let w = if self.odd {
                    if tour.compatible(p, o) {
                        let mut w = Wide::from_u64(
                            1 + !tour.eligible_for_bye(p) as u64 + !tour.eligible_for_bye(o) as u64,
                        );
                        w = w.shl(cx.g).add_u64((cx.shift(p) + cx.shift(o)) as u64);
                        w.shl(cx.s).or_u64((tour.sa(p) >= self.top) as u64)
                    } else {
                        Wide::ZERO
                    }
                } else {
                    cx.edge(o, p, false, false, 0, false, &no_ranks)
                };
                self.m.set(pi, oi, w);
            }
        }
        let mate = self.m.solve();
        let unmatched: Vec<usize> = (0..n).filter(|&v| mate[v] == v).collect();
        if unmatched.len() > 1 || unmatched.iter().any(|&v| !tour.eligible_for_bye(cx.p(v))) {
            return Err(SwissError::NoValidPairing);
        }
        Ok(mate)
    }

    /// The pairing-allocated bye (C9): its score, whether it falls to a single downfloater of the
    /// top group, and the ranks by games played among those who could get it.
    fn choose_bye(&mut self, mate: &[usize]) {
        let n = self.n;
        let unmatched = (0..n).find(|&v| mate[v] == v).unwrap_or(0);
        self.bye_score = self.sa(unmatched);
        if self.bye_score >= self.top {
            self.sdba = true;
            for v in 0..n {
                if self.sa(v) < self.top {
                    break;
                }
                if self.sa(mate[v]) < self.top {
                    self.sdba = false;
                    break;
                }
            }
        }
        let mut counts: Vec<usize> = (0..n)
            .filter(|&v| self.sa(v) == self.bye_score)
            .map(|v| self.cx.p(v).played_games)
            .collect();
        counts.sort_unstable_by(|a, b| b.cmp(a));
        for (rank, c) in counts.into_iter().enumerate() {
            self.ranks.insert(c, rank);
        }
        for pi in 0..n {
            for oi in 0..pi {
                let (cx, bs, sdba) = (&self.cx, self.bye_score, self.sdba);
                let w = cx.edge(cx.p(oi), cx.p(pi), false, false, bs, sdba, &self.ranks);
                self.m.set(pi, oi, w);
            }
        }
    }

    /// Fixes `a` against `b`: every other edge of either is dropped.
    fn fix(&mut self, a: usize, b: usize) {
        for u in 0..self.n {
            if u != a {
                self.m
                    .set(a, u, if u == b { self.cx.max } else { Wide::ZERO });
            }
            if u != b {
                self.m
                    .set(b, u, if u == a { self.cx.max } else { Wide::ZERO });
            }
        }
    }

    /// Pairs bracket by bracket from the top score group down (A.3, A.9), carrying the unpaired
    /// into the next bracket.
    fn pair_brackets(&mut self) -> Result<(), SwissError> {
        let n = self.n;
        let mut vidx: Vec<usize> = Vec::new();
        let mut ahead = 0;
        while ahead < n && self.sa(ahead) >= self.top {
            vidx.push(ahead);
            ahead += 1;
        }
        let (mut resident, mut first_v) = (0usize, 0usize);
        let mut guard = 0;
        while vidx.len() > 1 || ahead < n {
            guard += 1;
            if guard > 4 * n + 8 {
                return Err(SwissError::NoValidPairing);
            }
            let next = vidx.len();
            // The next score group joins as the look-ahead of C7/C8.
            let next_group = ahead;
            while ahead < n && self.sa(ahead) >= self.sa(next_group) {
                vidx.push(ahead);
                ahead += 1;
            }
            let mut b = self.bracket(vidx, resident, next, first_v);
            self.stable = self.m.solve();
            self.choose_moved_down(&b);
            self.pair_moved_down(&b);
            self.pair_remainder(&mut b);
            (vidx, resident) = self.carry_down(&b, next_group);
            first_v = b.next_v;
        }
        Ok(())
    }

    /// The bracket over `vidx` (MDPs `..resident`, resident group `resident..next`, look-ahead
    /// after), its edge weights set in the matcher.
    fn bracket(
        &mut self,
        vidx: Vec<usize>,
        resident: usize,
        next: usize,
        first_v: usize,
    ) -> Bracket<L> {
        let len = vidx.len();
        let cx = &self.cx;
        let mut base: Vec<Vec<Wide<L>>> = vec![Vec::new(); len];
        for larger in resident..len {
            for smaller in 0..larger {
                base[larger].push(cx.edge(
                    cx.p(vidx[smaller]),
                    cx.p(vidx[larger]),
                    larger < next,
                    larger >= next,
                    self.bye_score,
                    self.sdba,
                    &self.ranks,
                ));
            }
        }
        for (larger, row) in base.iter().enumerate() {
            for (smaller, &w) in row.iter().enumerate() {
                self.m.set(vidx[larger], vidx[smaller], w);
            }
        }
        Bracket {
            vidx,
            resident,
            next,
            len,
            first_v,
            next_v: first_v + (next - resident),
            base,
        }
    }

    /// B.3 for the heterogeneous part: which moved-down players are paired in this bracket, as
    /// many as possible, highest first.
    fn choose_moved_down(&mut self, b: &Bracket<L>) {
        let vidx = &b.vidx;
        let mut md_score = 0;
        let mut remaining = 0usize;
        let mut remaining_matched = 0usize;
        for pi in 0..b.resident {
            if pi == 0 || self.sa(vidx[pi]) < md_score {
                md_score = self.sa(vidx[pi]);
                remaining = 0;
                remaining_matched = 0;
                let mut k = pi;
                while k < b.len && self.sa(vidx[k]) >= md_score {
                    remaining += 1;
                    if b.resident_v(self.stable[vidx[k]]) {
                        remaining_matched += 1;
                    }
                    k += 1;
                }
            }
            if remaining_matched == 0 {
                continue;
            }
            let pv = vidx[pi];
            if remaining <= remaining_matched {
                self.matched[pv] = true;
                continue;
            }
            remaining -= 1;
            if !b.resident_v(self.stable[pv]) {
                for oi in b.resident..b.next {
                    let w = b.base[oi][pi];
                    if !w.is_zero() {
                        self.m.set(pv, vidx[oi], w.or_u64(1));
                    }
                }
                self.stable = self.m.solve();
            }
            if b.resident_v(self.stable[pv]) {
                self.matched[pv] = true;
                remaining_matched -= 1;
                for oi in b.resident..b.next {
                    let w = b.base[oi][pi];
                    if !w.is_zero() {
                        let w = w.or_u64((b.next - b.resident) as u64).add_u64(1);
                        self.m.set(pv, vidx[oi], w);
                    }
                }
            }
        }
    }

    /// The opponents of the moved-down players chosen (B.3): the highest resident each can have.
    fn pair_moved_down(&mut self, b: &Bracket<L>) {
        let vidx = &b.vidx;
        for pi in 0..b.resident {
            let pv = vidx[pi];
            if !self.matched[pv] {
                continue;
            }
            let mut addend = b.len as u64;
            for oi in (b.resident..b.next).rev() {
                let ov = vidx[oi];
                if self.matched[ov] {
                    continue;
                }
                let w = b.base[oi][pi];
                if !w.is_zero() {
                    self.m.set(pv, ov, w.add_u64(addend));
                    addend += 1;
                }
            }
            self.stable = self.m.solve();
            let mv = self.stable[pv];
            self.matched[mv] = true;
            self.fix(pv, mv);
        }
    }

    /// Whether `v` is in the lower half of the pairing (S2) or pairs outside the bracket.
    fn exchanged(&self, b: &Bracket<L>, v: usize) -> bool {
        self.stable[v] <= v || self.stable[v] >= b.next_v
    }

    /// Whether `v` pairs downwards within the bracket (it is in S1).
    fn down_in(&self, b: &Bracket<L>, v: usize) -> bool {
        self.stable[v] > v && self.stable[v] < b.next_v
    }

    /// The remainder (B.2–B.6): its S1 and S2, the fewest and smallest exchanges between them,
    /// then each S1 player against the highest S2 player possible.
    fn pair_remainder(&mut self, b: &mut Bracket<L>) {
        let s = self.cx.s;
        let mut remainder: Vec<usize> = Vec::new();
        let mut rem_pairs = 0usize;
        for pi in b.resident..b.next {
            let pv = b.vidx[pi];
            if self.stable[pv] < b.first_v {
                continue;
            }
            remainder.push(pi);
            if self.stable[pv] < pv {
                rem_pairs += 1;
            }
        }
        for (oi_pos, &oi) in remainder.iter().enumerate() {
            for (pr, &pi) in remainder[..oi_pos].iter().enumerate() {
                let w = b.with_exchange_order(s, pi, oi, pr, rem_pairs);
                self.m.set(b.vidx[pi], b.vidx[oi], w);
            }
        }
        self.stable = self.m.solve();
        let exchanges = remainder
            .iter()
            .take(rem_pairs)
            .filter(|&&pi| self.exchanged(b, b.vidx[pi]))
            .count();
        self.exchange_lowest_of_s1(b, &remainder, rem_pairs, exchanges);
        self.exchange_highest_of_s2(b, &remainder, rem_pairs, exchanges);
        self.pair_s1_with_s2(b, &remainder);
    }

    /// B.5: the S1 players exchanged are the lowest possible.
    fn exchange_lowest_of_s1(
        &mut self,
        b: &mut Bracket<L>,
        remainder: &[usize],
        rem_pairs: usize,
        exchanges: usize,
    ) {
        let s = self.cx.s;
        let mut left = exchanges;
        let mut pr = rem_pairs;
        let mut pos = rem_pairs;
        while pos > 0 && left > 0 {
            pr -= 1;
            pos -= 1;
            let pi = remainder[pos];
            let pv = b.vidx[pi];
            if self.down_in(b, pv) {
                for &oi in &remainder[pos + 1..] {
                    let w = b.with_exchange_order(s, pi, oi, pr, rem_pairs);
                    if !w.is_zero() {
                        self.m.set(pv, b.vidx[oi], w.sub_u64(1));
                    }
                }
                self.stable = self.m.solve();
            }
            let exchange = self.exchanged(b, pv);
            left -= exchange as usize;
            for &oi in &remainder[pos + 1..] {
                if exchange {
                    b.base[oi][pi] = Wide::ZERO;
                }
                let w = b.with_exchange_order(s, pi, oi, pr, rem_pairs);
                self.m.set(pv, b.vidx[oi], w);
            }
        }
    }

    /// B.5: the S2 players exchanged are the highest possible.
    fn exchange_highest_of_s2(
        &mut self,
        b: &mut Bracket<L>,
        remainder: &[usize],
        rem_pairs: usize,
        exchanges: usize,
    ) {
        let s = self.cx.s;
        let mut left = exchanges;
        let mut ri = rem_pairs;
        let mut pos = rem_pairs;
        while pos < remainder.len() && left > 1 {
            let pi = remainder[pos];
            let pv = b.vidx[pi];
            let already = self.down_in(b, pv);
            if !already {
                for &oi in &remainder[pos + 1..] {
                    let w = b.with_exchange_order(s, pi, oi, ri, rem_pairs);
                    if !w.is_zero() {
                        self.m.set(pv, b.vidx[oi], w.add_u64(1));
                    }
                }
                self.stable = self.m.solve();
            }
            if self.down_in(b, pv) {
                left -= 1;
                for &oi in &remainder[..pos] {
                    b.base[pi][oi] = Wide::ZERO;
                    self.m.set(pv, b.vidx[oi], Wide::ZERO);
                }
                for oi in b.next..b.len {
                    b.base[oi][pi] = Wide::ZERO;
                    self.m.set(pv, b.vidx[oi], Wide::ZERO);
                }
            }
            if !already {
                for &oi in &remainder[pos + 1..] {
                    let w = b.with_exchange_order(s, pi, oi, ri, rem_pairs);
                    self.m.set(pv, b.vidx[oi], w);
                }
            }
            ri += 1;
            pos += 1;
        }
    }

    /// B.6 after S1 is fixed: each S1 player, from the top, against the highest S2 player that
    /// still leaves a pairing.
    fn pair_s1_with_s2(&mut self, b: &mut Bracket<L>, remainder: &[usize]) {
        for a in 0..remainder.len() {
            let pv = b.vidx[remainder[a]];
            for c in a + 1..remainder.len() {
                let ov = b.vidx[remainder[c]];
                if self.exchanged(b, pv) || self.down_in(b, ov) {
                    b.base[remainder[c]][remainder[a]] = Wide::ZERO;
                }
                self.m.set(pv, ov, b.base[remainder[c]][remainder[a]]);
            }
        }
        for &pi in remainder {
            let pv = b.vidx[pi];
            if self.down_in(b, pv) {
                let mut addend = 0u64;
                for &oi in remainder.iter().rev() {
                    let ov = b.vidx[oi];
                    if oi <= pi || self.matched[ov] {
                        continue;
                    }
                    let w = b.base[oi][pi];
                    if !w.is_zero() {
                        self.m.set(pv, ov, w.add_u64(addend));
                    }
                    addend += 1;
                }
                self.stable = self.m.solve();
                let mv = self.stable[pv];
                self.matched[pv] = true;
                self.matched[mv] = true;
                self.fix(pv, mv);
            }
        }
    }

    /// A.9: the bracket's pairs are final; the unpaired move down into the next bracket as its
    /// moved-down players. Returns the next bracket's players and how many moved down.
    fn carry_down(&mut self, b: &Bracket<L>, next_group: usize) -> (Vec<usize>, usize) {
        let mut vidx = Vec::new();
        let mut moved_down = 0;
        self.sdba = self.odd && next_group < self.n && self.bye_score >= self.sa(next_group);
        for (pi, &pv) in b.vidx.iter().enumerate() {
            if pi < b.next && self.matched[pv] {
                self.partner[pv] = Some(self.stable[pv]);
                self.partner[self.stable[pv]] = Some(pv);
            } else {
                vidx.push(pv);
                if pi < b.next {
                    moved_down += 1;
                }
                if self.sdba && self.sa(self.stable[pv]) < self.sa(next_group) {
                    self.sdba = false;
                }
            }
        }
        (vidx, moved_down)
    }

    /// The pairs as (Red, Black) by entrant id, colours by C.04.3 E; a bye is `(id, id)`.
    fn allocate_colours(&self) -> Vec<(usize, usize)> {
        let (cx, tour) = (&self.cx, self.cx.t);
        let mut out = Vec::new();
        for v in 0..self.n {
            let p = cx.p(v);
            match self.partner[v] {
                Some(w) => {
                    let o = cx.p(w);
                    if p.id < o.id {
                        let c = choose_color(tour, p, o);
                        out.push(if c == Color::Red {
                            (p.id, o.id)
                        } else {
                            (o.id, p.id)
                        });
                    }
                }
                None => out.push((p.id, p.id)),
            }
        }
        out
    }
}

/// C.04.3 E: the colour of `p` against `o`; without any preference, by the rank-parity rule
/// from the first colour drawn for pairing number 1.
fn choose_color(t: &Tour, p: &Player, o: &Player) -> Color {
    if let Some(c) = neutral_color(p, o) {
        return c;
    }
    let init = t.initial_color;
    match p.preference {
        None => {
            if t.below(p, o) {
                if o.rank & 1 == 1 {
                    init
                } else {
                    init.other()
                }
            } else if p.rank & 1 == 1 {
                init.other()
            } else {
                init
            }
        }
        Some(pref) => {
            if t.below(p, o) {
                o.preference.map(Color::other).unwrap_or(init)
            } else {
                pref
            }
        }
    }
}
