//! Whether everything fits, the smallest changes that make it fit, and lower bounds for every objective.
//!
//! Each bound is proven by counting, so a schedule that reaches it is optimal for that objective:
//! - slots: ⌈matches / min(tables, ⌊entrants/2⌋)⌉, and no fewer than the most matches of one entrant;
//! - longest run: with `q` slots in a session, runs of at most `r` allow `q − ⌊q/(r+1)⌋` matches there;
//! - back-to-backs: `k` matches in `q` consecutive slots force `max(0, 2k − q − 1)` adjacent pairs,
//!   and spreading an entrant's matches over sessions minimises the sum (the cost is convex in `k`);
//!   also, two consecutive slots with `x` and `y` matches among `u` entrants force `2x + 2y − u`
//!   (both bounds hold, so the larger is reported);
//! - spread: matches shared out as evenly as the sessions allow;
//! - idle slots, given each entrant at its back-to-back bound `B`: `k` matches with `b` back-to-backs
//!   form `k − b` runs with `k − b − 1` gaps, so idle ≥ matches − B − sessions.

use super::instance::Instance;
use super::model::{MissingField, Problem, ProblemError, Session};
use crate::lang::{Lang, Say};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Why a problem cannot fit, with the arithmetic.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", try_from = "ShortfallFields")]
pub enum Shortfall {
    /// More matches than places: `matches > capacity` (= tables × slots when nobody is absent).
    Capacity {
        /// Matches to place.
        matches: usize,
        /// Tables.
        tables: usize,
        /// Slots available.
        slots: usize,
        /// Places: Σ over slots of min(tables, ⌊free entrants / 2⌋).
        capacity: usize,
    },
    /// One entrant has more matches than slots they can attend.
    Entrant {
        /// Entrant index (0-based).
        entrant: usize,
        /// Their matches.
        matches: usize,
        /// Slots they can attend.
        slots: usize,
    },
    /// The knockout rounds alone need more slots than the timetable has.
    Knockout {
        /// Slots the knockout needs.
        needed: usize,
        /// Slots there are.
        slots: usize,
    },
}

impl fmt::Display for Shortfall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.say(Lang::En))
    }
}

/// One change to the problem that makes it fit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    tag = "change",
    rename_all = "snake_case",
    try_from = "SuggestionFields"
)]
pub enum Suggestion {
    /// Use this many tables.
    Tables {
        /// New table count.
        tables: usize,
        /// Places it gives.
        capacity: usize,
        /// Slots in the timetable.
        slots: usize,
    },
    /// Shorten matches to this many minutes.
    MatchMinutes {
        /// New match length.
        minutes: u32,
        /// Slots in the first session then.
        slots_per_session: usize,
        /// Slots in the timetable.
        slots: usize,
        /// Places it gives.
        capacity: usize,
    },
    /// Use this many sessions (the extra ones as long as the last).
    Sessions {
        /// New session count.
        sessions: usize,
        /// Slots in the timetable.
        slots: usize,
        /// Places it gives.
        capacity: usize,
    },
}

/// A saved shortfall as read: its tag and every variant's fields (see `FormatFields` in the model
/// for why).
#[derive(Deserialize)]
struct ShortfallFields {
    kind: ShortfallKind,
    matches: Option<usize>,
    tables: Option<usize>,
    slots: Option<usize>,
    capacity: Option<usize>,
    entrant: Option<usize>,
    needed: Option<usize>,
}

#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum ShortfallKind {
    Capacity,
    Entrant,
    Knockout,
}

/// `value`, or which field is missing.
fn needed<T>(value: Option<T>, field: &'static str) -> Result<T, MissingField> {
    value.ok_or(MissingField(field))
}

impl TryFrom<ShortfallFields> for Shortfall {
    type Error = MissingField;
    fn try_from(f: ShortfallFields) -> Result<Shortfall, MissingField> {
        let slots = needed(f.slots, "slots")?;
        Ok(match f.kind {
            ShortfallKind::Capacity => Shortfall::Capacity {
                matches: needed(f.matches, "matches")?,
                tables: needed(f.tables, "tables")?,
                slots,
                capacity: needed(f.capacity, "capacity")?,
            },
            ShortfallKind::Entrant => Shortfall::Entrant {
                entrant: needed(f.entrant, "entrant")?,
                matches: needed(f.matches, "matches")?,
                slots,
            },
            ShortfallKind::Knockout => Shortfall::Knockout {
                needed: needed(f.needed, "needed")?,
                slots,
            },
        })
    }
}

/// A saved suggestion as read: its tag and every variant's fields.
#[derive(Deserialize)]
struct SuggestionFields {
    change: SuggestionKind,
    tables: Option<usize>,
    minutes: Option<u32>,
    sessions: Option<usize>,
    slots_per_session: Option<usize>,
    slots: Option<usize>,
    capacity: Option<usize>,
}

#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum SuggestionKind {
    Tables,
    MatchMinutes,
    Sessions,
}

impl TryFrom<SuggestionFields> for Suggestion {
    type Error = MissingField;
    fn try_from(f: SuggestionFields) -> Result<Suggestion, MissingField> {
        let slots = needed(f.slots, "slots")?;
        let capacity = needed(f.capacity, "capacity")?;
        Ok(match f.change {
            SuggestionKind::Tables => Suggestion::Tables {
                tables: needed(f.tables, "tables")?,
                capacity,
                slots,
            },
            SuggestionKind::MatchMinutes => Suggestion::MatchMinutes {
                minutes: needed(f.minutes, "minutes")?,
                slots_per_session: needed(f.slots_per_session, "slots_per_session")?,
                slots,
                capacity,
            },
            SuggestionKind::Sessions => Suggestion::Sessions {
                sessions: needed(f.sessions, "sessions")?,
                slots,
                capacity,
            },
        })
    }
}

impl Suggestion {
    /// The plain-words change with its arithmetic (English), for `matches` matches on `tables` tables.
    pub fn describe(&self, matches: usize, tables: usize) -> String {
        self.change(matches, tables).say(Lang::En)
    }

    /// The change put in context (the matches to place and the tables today), to say in words.
    pub fn change(&self, matches: usize, tables: usize) -> Change {
        Change {
            suggestion: self.clone(),
            matches,
            tables,
        }
    }
}

/// A [`Suggestion`] with the figures its sentence needs: the matches to place and today's tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    /// The change.
    pub suggestion: Suggestion,
    /// Matches to place.
    pub matches: usize,
    /// Tables today.
    pub tables: usize,
}

/// The verdict on objective (1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fit {
    /// The counting conditions hold; the solver places everything.
    Fits,
    /// It cannot fit: why, and the smallest changes that would fit.
    DoesNotFit {
        /// What is short, with the arithmetic.
        shortfall: Shortfall,
        /// Each change alone that makes it fit.
        suggestions: Vec<Suggestion>,
    },
}

fn capacity(inst: &Instance) -> usize {
    (0..inst.usable).map(|g| inst.slot_capacity(g)).sum()
}

fn shortfall(inst: &Instance) -> Option<Shortfall> {
    if inst.knockout_overflows() {
        return Some(Shortfall::Knockout {
            needed: inst.knockout.iter().map(|k| k.2).sum(),
            slots: inst.all_slots.len(),
        });
    }
    let cap = capacity(inst);
    if inst.matches.len() > cap {
        return Some(Shortfall::Capacity {
            matches: inst.matches.len(),
            tables: inst.tables,
            slots: inst.usable,
            capacity: cap,
        });
    }
    for e in 0..inst.n {
        let slots: usize = (0..inst.sessions)
            .map(|s| inst.avail[e * inst.sessions + s].count_ones() as usize)
            .sum();
        if inst.games[e] > slots {
            return Some(Shortfall::Entrant {
                entrant: e,
                matches: inst.games[e],
                slots,
            });
        }
    }
    None
}

/// Decides objective (1) by counting; when it fails, finds the smallest single changes that fit.
pub fn fit(p: &Problem) -> Result<Fit, ProblemError> {
    p.validate()?;
    let Some(shortfall) = shortfall(&Instance::new(p)) else {
        return Ok(Fit::Fits);
    };
    let mut suggestions = Vec::new();
    let fits = |q: &Problem| -> Option<(usize, usize)> {
        let inst = Instance::new(q);
        shortfall_none(&inst).then(|| (capacity(&inst), inst.all_slots.len()))
    };
    for tables in p.tables + 1..=p.entrants.len().max(p.tables + 1) {
        let q = Problem {
            tables,
            ..p.clone()
        };
        if let Some((capacity, slots)) = fits(&q) {
            suggestions.push(Suggestion::Tables {
                tables,
                capacity,
                slots,
            });
            break;
        }
    }
    for minutes in (1..p.match_minutes).rev() {
        let q = Problem {
            match_minutes: minutes,
            ..p.clone()
        };
        if q.validate().is_err() {
            break;
        }
        if let Some((capacity, slots)) = fits(&q) {
            suggestions.push(Suggestion::MatchMinutes {
                minutes,
                slots_per_session: q.slots_in(0),
                slots,
                capacity,
            });
            break;
        }
    }
    // More sessions only add places, so the fewest that fit is found by halving.
    let last = p.sessions.last().map_or(90, |s| s.minutes);
    let with_extra = |extra: usize| {
        let mut q = p.clone();
        q.sessions
            .extend(std::iter::repeat_n(Session::new(last), extra));
        q
    };
    let (mut lo, mut hi) = (1usize, 1usize);
    while hi <= 4096 && fits(&with_extra(hi)).is_none() {
        lo = hi + 1;
        hi *= 2;
    }
    if hi <= 4096 {
        while lo < hi {
            let mid = (lo + hi) / 2;
            if fits(&with_extra(mid)).is_some() {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        let q = with_extra(hi);
        if let Some((capacity, slots)) = fits(&q) {
            suggestions.push(Suggestion::Sessions {
                sessions: q.sessions.len(),
                slots,
                capacity,
            });
        }
    }
    Ok(Fit::DoesNotFit {
        shortfall,
        suggestions,
    })
}

fn shortfall_none(inst: &Instance) -> bool {
    shortfall(inst).is_none()
}

/// Lower bounds for one entrant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EntrantBound {
    /// Matches they play in the scheduled part.
    pub matches: usize,
    /// Fewest back-to-backs they can have.
    pub back_to_back: usize,
    /// Shortest possible longest run.
    pub max_consecutive: usize,
    /// Smallest possible spread of matches over the sessions they attend.
    pub session_spread: usize,
    /// Smallest Σ (matches in session)² — the solver's smooth stand-in for the spread.
    pub balance_sq: usize,
    /// Sessions they can attend.
    pub sessions: usize,
}

/// Proven lower bounds, one per reported metric.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bounds {
    /// Matches to place (entrant-vs-entrant; knockout matches are placed after).
    pub matches: usize,
    /// Fewest slots that can hold them.
    pub slots_used: usize,
    /// Shortest possible longest run within a session.
    pub max_consecutive: usize,
    /// Fewest back-to-backs in all.
    pub back_to_back: usize,
    /// Fewest back-to-backs of the worst-off entrant.
    pub max_back_to_back: usize,
    /// Smallest possible max − min matches per session of the worst-off entrant.
    pub session_spread: usize,
    /// Fewest idle slots in all, given every entrant at its back-to-back bound.
    pub idle_slots: usize,
    /// Times an entrant uses one table beyond ⌈matches / tables⌉ (0 is the ideal).
    pub table_excess: usize,
    /// The bounds entrant by entrant.
    pub per_entrant: Vec<EntrantBound>,
}

/// Adjacent pairs forced by `k` matches in `q` consecutive slots.
pub fn forced_back_to_backs(k: usize, q: usize) -> usize {
    (2 * k).saturating_sub(q + 1)
}

/// Most matches in `q` consecutive slots with no run longer than `r`.
pub fn most_with_runs_of(q: usize, r: usize) -> usize {
    q - q / (r + 1)
}

fn entrant_bound(games: usize, caps: &[usize]) -> EntrantBound {
    let sessions = caps.iter().filter(|&&q| q > 0).count();
    // Back-to-backs: add matches one by one where the marginal forced cost is least (convex per session).
    let mut k = vec![0usize; caps.len()];
    let mut b2b = 0;
    for _ in 0..games {
        let best = (0..caps.len())
            .filter(|&s| k[s] < caps[s])
            .min_by_key(|&s| {
                (
                    forced_back_to_backs(k[s] + 1, caps[s]) - forced_back_to_backs(k[s], caps[s]),
                    k[s],
                )
            });
        let Some(s) = best else { break };
        b2b += forced_back_to_backs(k[s] + 1, caps[s]) - forced_back_to_backs(k[s], caps[s]);
        k[s] += 1;
    }
    // Balance: water-filling (always the emptiest session with room).
    let mut w = vec![0usize; caps.len()];
    for _ in 0..games {
        let Some(s) = (0..caps.len())
            .filter(|&s| w[s] < caps[s])
            .min_by_key(|&s| w[s])
        else {
            break;
        };
        w[s] += 1;
    }
    let attended: Vec<usize> = (0..caps.len())
        .filter(|&s| caps[s] > 0)
        .map(|s| w[s])
        .collect();
    let spread = match (attended.iter().max(), attended.iter().min()) {
        (Some(hi), Some(lo)) => hi - lo,
        _ => 0,
    };
    let balance_sq = w.iter().map(|x| x * x).sum();
    let mut run = 0;
    if games > 0 {
        run = 1;
        while run < 64
            && caps
                .iter()
                .map(|&q| most_with_runs_of(q, run))
                .sum::<usize>()
                < games
        {
            run += 1;
        }
    }
    EntrantBound {
        matches: games,
        back_to_back: b2b,
        max_consecutive: run,
        session_spread: spread,
        balance_sq,
        sessions,
    }
}

/// Work limit for the slot-level dynamic programmes (they are skipped, bounding by 0, beyond it).
const DP_LIMIT: usize = 20_000_000;

/// Fewest back-to-backs forced by how full the slots are, over all ways to share the matches out.
///
/// Two consecutive slots holding `x` and `y` matches seat `2x + 2y` entrants among the `u` who can come
/// to either, so at least `2x + 2y − u` play both. A per-session DP finds the least such sum for each
/// match count, and a knapsack over sessions shares the matches out.
fn slot_back_to_backs(inst: &Instance) -> usize {
    let m_total = inst.matches.len();
    let mut best = vec![usize::MAX; m_total + 1];
    best[0] = 0;
    for s in 0..inst.sessions {
        let first = inst
            .all_slots
            .iter()
            .position(|x| x.session == s)
            .unwrap_or(0);
        let q = (0..inst.usable)
            .filter(|&g| inst.all_slots[g].session == s)
            .count();
        let slots: Vec<usize> = (first..first + q).collect();
        let cap: Vec<usize> = slots.iter().map(|&g| inst.slot_capacity(g)).collect();
        let union: Vec<usize> = slots
            .windows(2)
            .map(|w| {
                (0..inst.n)
                    .filter(|&e| inst.can_play(e, w[0]) || inst.can_play(e, w[1]))
                    .count()
            })
            .collect();
        let sum_cap: usize = cap.iter().sum();
        let widest = cap.iter().copied().max().unwrap_or(0) + 1;
        // f[k] = fewest forced back-to-backs with k matches in this session.
        let mut f = vec![0usize; sum_cap + 1];
        if q > 1 && q * widest * widest * (sum_cap + 1) <= DP_LIMIT {
            const INF: usize = usize::MAX / 4;
            // dp[x][k]: last slot holds x matches, k matches so far.
            let mut dp = vec![vec![INF; sum_cap + 1]; widest];
            for (x, row) in dp.iter_mut().enumerate().take(cap[0] + 1) {
                row[x] = 0;
            }
            for i in 1..q {
                let mut next = vec![vec![INF; sum_cap + 1]; widest];
                for (x, row) in dp.iter().enumerate() {
                    for (k, &v) in row.iter().enumerate() {
                        if v == INF {
                            continue;
                        }
                        for y in 0..=cap[i] {
                            if k + y > sum_cap {
                                break;
                            }
                            let forced = (2 * x + 2 * y).saturating_sub(union[i - 1]);
                            let cell = &mut next[y][k + y];
                            *cell = (*cell).min(v + forced);
                        }
                    }
                }
                dp = next;
            }
            for (k, fk) in f.iter_mut().enumerate() {
                *fk = dp.iter().map(|row| row[k]).min().unwrap_or(0);
            }
        }
        if (m_total + 1) * (sum_cap + 1) > DP_LIMIT {
            return 0;
        }
        let mut next = vec![usize::MAX; m_total + 1];
        for (done, &b) in best.iter().enumerate() {
            if b == usize::MAX {
                continue;
            }
            for (k, &fk) in f.iter().enumerate() {
                if done + k > m_total {
                    break;
                }
                next[done + k] = next[done + k].min(b + fk);
            }
        }
        best = next;
    }
    match best[m_total] {
        usize::MAX => 0,
        b => b,
    }
}

impl Bounds {
    /// Bounds for the solver's part of a flattened problem.
    pub(crate) fn of_instance(inst: &Instance) -> Bounds {
        let per_entrant: Vec<EntrantBound> = (0..inst.n)
            .map(|e| {
                let caps: Vec<usize> = (0..inst.sessions)
                    .map(|s| inst.avail[e * inst.sessions + s].count_ones() as usize)
                    .collect();
                entrant_bound(inst.games[e], &caps)
            })
            .collect();
        let m = inst.matches.len();
        let per_slot = inst.tables.min(inst.n / 2).max(1);
        let most_games = inst.games.iter().copied().max().unwrap_or(0);
        let max_of = |f: fn(&EntrantBound) -> usize| per_entrant.iter().map(f).max().unwrap_or(0);
        let back_to_back = per_entrant
            .iter()
            .map(|b| b.back_to_back)
            .sum::<usize>()
            .max(slot_back_to_backs(inst));
        let playing = per_entrant.iter().filter(|b| b.matches > 0).count().max(1);
        Bounds {
            matches: m,
            slots_used: m.div_ceil(per_slot).max(most_games),
            max_consecutive: max_of(|b| b.max_consecutive),
            back_to_back,
            // Someone has at least the average.
            max_back_to_back: max_of(|b| b.back_to_back).max(back_to_back.div_ceil(playing)),
            session_spread: max_of(|b| b.session_spread),
            idle_slots: per_entrant
                .iter()
                .map(|b| b.matches.saturating_sub(b.back_to_back + b.sessions))
                .sum(),
            table_excess: 0,
            per_entrant,
        }
    }

    /// Bounds for a problem; fails if the problem is invalid.
    pub fn of(p: &Problem) -> Result<Bounds, ProblemError> {
        p.validate()?;
        Ok(Bounds::of_instance(&Instance::new(p)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every saved variant reads back as written, with its tag anywhere in the object; a missing
    /// field is named.
    #[test]
    fn tagged_variants_read_back_from_their_flat_fields() {
        use super::super::model::Format;
        use super::super::results::{MatchOutcome, Winner};
        fn round_trip<T: Serialize + for<'de> Deserialize<'de> + PartialEq + fmt::Debug>(v: T) {
            let json = serde_json::to_string(&v).unwrap();
            assert_eq!(serde_json::from_str::<T>(&json).unwrap(), v, "{json}");
        }
        round_trip(Format::RoundRobin { double: true });
        round_trip(Format::GroupsKnockout { groups: 4 });
        round_trip(MatchOutcome::Played {
            games: vec![(11, 7), (9, 11)],
        });
        round_trip(MatchOutcome::Walkover { winner: Winner::B });
        round_trip(Shortfall::Capacity {
            matches: 171,
            tables: 8,
            slots: 20,
            capacity: 160,
        });
        round_trip(Shortfall::Entrant {
            entrant: 3,
            matches: 18,
            slots: 16,
        });
        round_trip(Shortfall::Knockout {
            needed: 5,
            slots: 4,
        });
        round_trip(Suggestion::Tables {
            tables: 9,
            capacity: 180,
            slots: 20,
        });
        round_trip(Suggestion::MatchMinutes {
            minutes: 25,
            slots_per_session: 3,
            slots: 24,
            capacity: 192,
        });
        round_trip(Suggestion::Sessions {
            sessions: 9,
            slots: 22,
            capacity: 176,
        });
        // As written: the tag first; read too with it last, as a hand-edited file may have it.
        assert_eq!(
            serde_json::to_string(&Format::GroupsKnockout { groups: 2 }).unwrap(),
            r#"{"kind":"groups_knockout","groups":2}"#
        );
        assert_eq!(
            serde_json::from_str::<Format>(r#"{"groups":2,"kind":"groups_knockout"}"#).unwrap(),
            Format::GroupsKnockout { groups: 2 }
        );
        let e = serde_json::from_str::<Shortfall>(r#"{"kind":"knockout","slots":4}"#).unwrap_err();
        assert!(e.to_string().contains("missing field `needed`"), "{e}");
        assert!(serde_json::from_str::<Format>(r#"{"kind":"swiss"}"#).is_err());
    }

    #[test]
    fn nineteen_pairs_four_slots() {
        let p = Problem::round_robin(19, 7, 8, 90, 22, false);
        assert_eq!(fit(&p), Ok(Fit::Fits));
        let b = Bounds::of(&p).unwrap();
        assert_eq!(b.matches, 171);
        assert_eq!(b.slots_used, 25);
        assert_eq!(b.max_consecutive, 2);
        assert_eq!(b.back_to_back, 38);
        assert_eq!(b.max_back_to_back, 2);
        assert_eq!(b.session_spread, 1);
        assert_eq!(b.idle_slots, 19 * (18 - 2 - 8));
    }

    #[test]
    fn three_slots_force_three_in_a_row() {
        let p = Problem::round_robin(19, 8, 8, 90, 30, false);
        let b = Bounds::of(&p).unwrap();
        assert_eq!(b.max_consecutive, 3);
        // Full slots overlap: 16 + 10 + 16 entrants of 19 force 7 + 7 a session (5 such sessions),
        // 16 + 12 + 16 force 9 + 9 (3 sessions): 124, far above 19 × 4 entrant by entrant.
        assert_eq!(b.back_to_back, 124);
        assert_eq!(b.max_back_to_back, 7);
        assert_eq!(
            b.per_entrant.iter().map(|e| e.back_to_back).sum::<usize>(),
            76
        );
    }

    /// 19 entrants, 7 tables, 8 sessions of 90 minutes, 30-minute matches: the shortfall and the
    /// suggested changes.
    fn thirty_minute_matches_on_seven_tables() -> (Shortfall, Vec<Suggestion>) {
        let p = Problem::round_robin(19, 7, 8, 90, 30, false);
        let Ok(Fit::DoesNotFit {
            shortfall,
            suggestions,
        }) = fit(&p)
        else {
            panic!("should not fit");
        };
        (shortfall, suggestions)
    }

    #[test]
    fn seven_tables_three_slots_do_not_fit() {
        let (shortfall, suggestions) = thirty_minute_matches_on_seven_tables();
        assert_eq!(
            shortfall.to_string(),
            "171 matches > 7 tables × 24 slots = 168"
        );
        assert!(suggestions.contains(&Suggestion::Tables {
            tables: 8,
            capacity: 192,
            slots: 24
        }));
        assert!(suggestions.contains(&Suggestion::MatchMinutes {
            minutes: 22,
            slots_per_session: 4,
            slots: 32,
            capacity: 224
        }));
        assert!(suggestions.contains(&Suggestion::Sessions {
            sessions: 9,
            slots: 27,
            capacity: 189
        }));
    }

    #[test]
    fn the_shortfall_and_each_change_say_themselves_in_either_language() {
        let (shortfall, suggestions) = thirty_minute_matches_on_seven_tables();
        assert_eq!(
            shortfall.say(Lang::Zh),
            "171 场比赛 > 7 台 × 24 个时段 = 168"
        );
        assert_eq!(shortfall.say(Lang::En), shortfall.to_string());
        let said = |lang| {
            suggestions
                .iter()
                .map(|s| s.change(171, 7).say(lang))
                .collect::<Vec<_>>()
        };
        let (zh, en) = (said(Lang::Zh), said(Lang::En));
        assert!(
            zh.contains(&"改为 8 台：8 × 24 个时段 = 192 ≥ 171".to_string()),
            "{zh:?}"
        );
        assert!(zh.contains(&"每场比赛 22 分钟（每场次 4 个时段）：7 × 32 = 224 ≥ 171".to_string()));
        assert!(zh.contains(&"改为 9 个场次：7 × 27 个时段 = 189 ≥ 171".to_string()));
        assert!(
            en.contains(&"8 tables: 8 × 24 slots = 192 ≥ 171".to_string()),
            "{en:?}"
        );
        assert!(en.contains(&"9 sessions: 7 × 27 slots = 189 ≥ 171".to_string()));
        // One language per sentence.
        assert!(zh
            .iter()
            .all(|s| !s.chars().any(|c| c.is_ascii_alphabetic())));
        assert!(en
            .iter()
            .all(|s| s.is_ascii() || !s.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))));
        for s in &suggestions {
            assert_eq!(s.describe(171, 7), s.change(171, 7).say(Lang::En));
        }
        let entrant = Shortfall::Entrant {
            entrant: 6,
            matches: 18,
            slots: 16,
        };
        assert_eq!(
            entrant.say(Lang::Zh),
            "第 7 位参赛者有 18 场比赛，但只能出席 16 个时段"
        );
        assert_eq!(
            Shortfall::Knockout {
                needed: 5,
                slots: 3
            }
            .say(Lang::Zh),
            "仅淘汰赛就需要 5 个时段，但只有 3 个"
        );
    }

    #[test]
    fn forced_counts() {
        assert_eq!(forced_back_to_backs(3, 4), 1);
        assert_eq!(forced_back_to_backs(4, 4), 3);
        assert_eq!(forced_back_to_backs(2, 4), 0);
        assert_eq!(forced_back_to_backs(2, 3), 0);
        assert_eq!(most_with_runs_of(3, 2), 2);
        assert_eq!(most_with_runs_of(4, 1), 2);
    }
}
