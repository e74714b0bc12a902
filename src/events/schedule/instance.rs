//! The solver's view of a problem: entrant-vs-entrant matches, usable slots, availability masks.

use super::model::{Problem, SlotInfo};
use super::timetable::{Placement, Schedule};

/// A validated problem flattened for the solver and the bounds.
#[derive(Clone, Debug)]
pub(crate) struct Instance {
    /// Number of entrants.
    pub n: usize,
    /// Tables.
    pub tables: usize,
    /// Solver matches: (fixture index, a, b) for fixtures between known entrants.
    pub matches: Vec<(usize, usize, usize)>,
    /// Every slot of the timetable.
    pub all_slots: Vec<SlotInfo>,
    /// Slots the solver may use (a prefix of `all_slots`; the tail is kept for the knockout).
    pub usable: usize,
    /// Knockout rounds: (fixture indices, first reserved slot, slots reserved).
    pub knockout: Vec<(Vec<usize>, usize, usize)>,
    /// Number of sessions.
    pub sessions: usize,
    /// Availability mask within the session: bit i set if entrant may play slot i; index e*sessions+s.
    pub avail: Vec<u64>,
    /// Matches each entrant must play in the solver's part.
    pub games: Vec<usize>,
    /// Placements the solver keeps as they are (a re-solve around played matches).
    pub fixed: Vec<Placement>,
    /// Tables free in each slot once the fixed placements are seated.
    pub cap: Vec<usize>,
    /// Each entrant's fixed matches as session masks (index e*sessions+s), counted in the costs.
    pub base: Vec<u64>,
    /// Tables closed for a session (index session*tables+table): no match is seated there.
    pub closed: Vec<bool>,
}

/// The closed tables of `p` as flags, and each slot's open tables.
fn closures(p: &Problem, slots: &[SlotInfo]) -> (Vec<bool>, Vec<usize>) {
    let t = p.tables;
    let mut closed = vec![false; p.sessions.len() * t];
    for c in &p.closed {
        if let Some(x) = closed.get_mut(c.session * t + c.table) {
            *x = true;
        }
    }
    let cap = slots.iter().map(|x| p.open_tables(x.session)).collect();
    (closed, cap)
}

impl Instance {
    /// Flattens a problem that passed [`Problem::validate`].
    pub fn new(p: &Problem) -> Instance {
        let n = p.entrants.len();
        let fixtures = p.fixtures();
        let all_slots = p.slots();
        let mut matches = Vec::new();
        let mut games = vec![0; n];
        let mut ko_rounds: Vec<Vec<usize>> = Vec::new();
        for (i, f) in fixtures.iter().enumerate() {
            if let Some((a, b)) = f.entrants() {
                matches.push((i, a, b));
                games[a] += 1;
                games[b] += 1;
            } else if let Some(r) = f.knockout_round() {
                if ko_rounds.len() <= r {
                    ko_rounds.resize(r + 1, Vec::new());
                }
                ko_rounds[r].push(i);
            }
        }
        let tables = p.tables;
        let reserved: usize = ko_rounds.iter().map(|r| r.len().div_ceil(tables)).sum();
        let usable = all_slots.len().saturating_sub(reserved);
        let mut knockout = Vec::new();
        let mut next = usable;
        for r in ko_rounds {
            let k = r.len().div_ceil(tables);
            knockout.push((r, next, k));
            next += k;
        }
        let sessions = p.sessions.len();
        let mut session_len = vec![0; sessions];
        for (g, s) in all_slots.iter().enumerate() {
            if g < usable {
                session_len[s.session] += 1;
            }
        }
        let mut avail = vec![0u64; n * sessions];
        for e in 0..n {
            for s in 0..sessions {
                let mut m = 0u64;
                for i in 0..session_len[s] {
                    if p.available(e, s, i) {
                        m |= 1 << i;
                    }
                }
                avail[e * sessions + s] = m;
            }
        }
        let (closed, cap) = closures(p, &all_slots);
        Instance {
            n,
            tables,
            matches,
            all_slots,
            usable,
            knockout,
            sessions,
            avail,
            games,
            fixed: Vec::new(),
            cap,
            base: vec![0; n * sessions],
            closed,
        }
    }

    /// The instance of a re-solve: `keep`'s placements of `schedule` stay where they are, every other
    /// match between known entrants is the solver's, and nothing goes before session `from_session`.
    /// Knockout placements are always kept; group matches stay before the first of them.
    pub fn keeping(
        p: &Problem,
        schedule: &Schedule,
        keep: impl Fn(&Placement) -> bool,
        from_session: usize,
    ) -> Instance {
        let fixtures = p.fixtures();
        let all_slots = p.slots();
        let n = p.entrants.len();
        let sessions = p.sessions.len();
        let fixed: Vec<Placement> = schedule
            .placements
            .iter()
            .filter(|pl| keep(pl) || fixtures[pl.fixture].knockout_round().is_some())
            .copied()
            .collect();
        let usable = fixed
            .iter()
            .filter(|pl| fixtures[pl.fixture].knockout_round().is_some())
            .map(|pl| pl.slot)
            .min()
            .unwrap_or(all_slots.len());
        let mut kept = vec![false; fixtures.len()];
        let (closed, mut cap) = closures(p, &all_slots);
        let mut base = vec![0u64; n * sessions];
        let mut avail = vec![0u64; n * sessions];
        for e in 0..n {
            for (g, x) in all_slots.iter().enumerate() {
                if g < usable && x.session >= from_session && p.available(e, x.session, x.index) {
                    avail[e * sessions + x.session] |= 1 << x.index;
                }
            }
        }
        for pl in &fixed {
            kept[pl.fixture] = true;
            cap[pl.slot] = cap[pl.slot].saturating_sub(1);
            let x = all_slots[pl.slot];
            if let Some((a, b)) = fixtures[pl.fixture].entrants() {
                for e in [a, b] {
                    base[e * sessions + x.session] |= 1 << x.index;
                    avail[e * sessions + x.session] &= !(1 << x.index);
                }
            }
        }
        let mut matches = Vec::new();
        let mut games = vec![0; n];
        for (i, f) in fixtures.iter().enumerate() {
            if let (false, Some((a, b))) = (kept[i], f.entrants()) {
                matches.push((i, a, b));
                games[a] += 1;
                games[b] += 1;
            }
        }
        Instance {
            n,
            tables: p.tables,
            matches,
            all_slots,
            usable,
            knockout: Vec::new(),
            sessions,
            avail,
            games,
            fixed,
            cap,
            base,
            closed,
        }
    }

    /// Whether entrant `e` may play in global slot `g`.
    pub fn can_play(&self, e: usize, g: usize) -> bool {
        let s = self.all_slots[g];
        g < self.usable && self.avail[e * self.sessions + s.session] >> s.index & 1 == 1
    }

    /// The knockout needs more slots than the timetable has.
    pub fn knockout_overflows(&self) -> bool {
        let reserved: usize = self.knockout.iter().map(|k| k.2).sum();
        reserved > self.all_slots.len()
    }

    /// Most matches slot `g` can hold: the tables, or half the entrants free to play.
    pub fn slot_capacity(&self, g: usize) -> usize {
        let free = (0..self.n).filter(|&e| self.can_play(e, g)).count();
        self.cap[g].min(free / 2)
    }
}
