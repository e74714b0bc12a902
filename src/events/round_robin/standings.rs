//! Standings with the tie-breaks of rules 15.1 (individual) and 15.3 (team), 18.4 for disciplined
//! entrants, and the crosstable (score grid).

use super::result::{match_points, Outcome, Personal, Side, Value};
use super::{Competition, MatchRecord, Tournament};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fmt;
use std::ops::Range;

/// One tie-break criterion, applied after the score in the configured order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TieBreak {
    /// 18.4: among equal scores, entrants disciplined under 18.1/18.2 go last, worst last.
    Discipline,
    /// 小分 (15.1): Σ game points × that opponent's final score (individual events); a forfeit
    /// win counts like a win, as the opponent "获胜" (20.3).
    SonnebornBerger,
    /// 胜局 (15.1): games won, forfeit wins included (individual events).
    Wins,
    /// 全队总局分 (15.3): total game points of the team.
    GamePoints,
    /// 全队胜局 (15.3): boards won by the team.
    GameWins,
    /// 直胜 (15.1/15.3): score in the games among the entrants still tied (their mini-table).
    DirectEncounter,
    /// 犯规 (15.1/15.3): fewer fouls ranks higher.
    Fouls,
}

impl TieBreak {
    /// Every tie-break, for menus.
    pub const ALL: [TieBreak; 7] = [
        TieBreak::Discipline,
        TieBreak::SonnebornBerger,
        TieBreak::Wins,
        TieBreak::GamePoints,
        TieBreak::GameWins,
        TieBreak::DirectEncounter,
        TieBreak::Fouls,
    ];

    /// The rules' order: 15.1 for individual and 15.3 for team events, with 18.4 applied first.
    pub fn defaults(format: Competition) -> Vec<TieBreak> {
        if format.is_team() {
            vec![
                TieBreak::Discipline,
                TieBreak::GamePoints,
                TieBreak::GameWins,
                TieBreak::DirectEncounter,
                TieBreak::Fouls,
            ]
        } else {
            vec![
                TieBreak::Discipline,
                TieBreak::SonnebornBerger,
                TieBreak::Wins,
                TieBreak::DirectEncounter,
                TieBreak::Fouls,
            ]
        }
    }

    /// Whether the criterion means something in this format.
    pub fn applies_to(self, format: Competition) -> bool {
        match self {
            TieBreak::SonnebornBerger | TieBreak::Wins => !format.is_team(),
            TieBreak::GamePoints | TieBreak::GameWins => format.is_team(),
            _ => true,
        }
    }

    /// A stable ASCII key for files and CSV headers.
    pub fn key(self) -> &'static str {
        match self {
            TieBreak::Discipline => "discipline",
            TieBreak::SonnebornBerger => "sb",
            TieBreak::Wins => "wins",
            TieBreak::GamePoints => "game_points",
            TieBreak::GameWins => "game_wins",
            TieBreak::DirectEncounter => "direct",
            TieBreak::Fouls => "fouls",
        }
    }

    /// Parses a [`TieBreak::key`].
    pub fn from_key(key: &str) -> Option<TieBreak> {
        TieBreak::ALL.into_iter().find(|t| t.key() == key)
    }

    /// The criteria an organiser can choose from: the active `order` first (with its position),
    /// then the others that apply to `format`, switched off.
    pub fn menu(order: &[TieBreak], format: Competition) -> Vec<(TieBreak, Option<usize>)> {
        let off = TieBreak::ALL
            .into_iter()
            .filter(|tb| tb.applies_to(format) && !order.contains(tb))
            .map(|tb| (tb, None));
        order
            .iter()
            .enumerate()
            .map(|(i, tb)| (*tb, Some(i)))
            .chain(off)
            .collect()
    }

    /// `order` with this criterion switched off, or on (as the last one).
    pub fn toggled_in(self, order: &[TieBreak]) -> Vec<TieBreak> {
        let mut next = order.to_vec();
        if order.contains(&self) {
            next.retain(|x| *x != self);
        } else {
            next.push(self);
        }
        next
    }

    /// `order` with this criterion one place earlier (unchanged if first or absent).
    pub fn raised_in(self, order: &[TieBreak]) -> Vec<TieBreak> {
        let mut next = order.to_vec();
        if let Some(p) = order.iter().position(|x| *x == self).filter(|&p| p > 0) {
            next.swap(p, p - 1);
        }
        next
    }
}

/// A tie-break value as shown in its column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TieValue {
    /// A score-like number (SB, game points, direct encounter).
    Number(Value),
    /// A count (wins, fouls).
    Count(u32),
    /// Penalties under 18.2 (game disqualifications) and 18.1 (warnings).
    Penalties {
        /// 18.2 count.
        disqualifications: u32,
        /// 18.1 count.
        warnings: u32,
    },
}

impl fmt::Display for TieValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TieValue::Number(v) => write!(f, "{v}"),
            TieValue::Count(n) => write!(f, "{n}"),
            TieValue::Penalties {
                disqualifications: 0,
                warnings: 0,
            } => f.write_str("0"),
            TieValue::Penalties {
                disqualifications,
                warnings,
            } => {
                let mut parts = Vec::new();
                if *disqualifications > 0 {
                    parts.push(format!("18.2×{disqualifications}"));
                }
                if *warnings > 0 {
                    parts.push(format!("18.1×{warnings}"));
                }
                f.write_str(&parts.join(" "))
            }
        }
    }
}

/// A rank; `shared` when the entrants could not be separated (名次并列).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    /// 1-based rank.
    pub rank: usize,
    /// Whether another entrant has the same rank.
    pub shared: bool,
}

impl fmt::Display for Place {
    /// `3`, or `3=` when shared.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank, if self.shared { "=" } else { "" })
    }
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandingRow {
    /// Entrant (pairing) number.
    pub entrant: usize,
    /// Entrant name.
    pub name: String,
    /// Rank; `None` when the results were annulled under 20.3.
    pub place: Option<Place>,
    /// Points (individual) or match points 场分 (team).
    pub score: Value,
    /// One value per configured tie-break; direct encounter only where it was used.
    pub tiebreaks: Vec<Option<TieValue>>,
    /// Games (individual) or matches (team) counted, forfeits included.
    pub played: u32,
    /// Games or matches won.
    pub won: u32,
    /// Games or matches drawn.
    pub drawn: u32,
    /// Games or matches lost.
    pub lost: u32,
    /// Withdrew or was expelled (20.3, 18.3).
    pub withdrawn: bool,
}

/// The table of the event in rank order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standings {
    /// Whether the score is match points (team events), not points: the score column's name.
    pub match_points: bool,
    /// Tie-break columns, in the order applied.
    pub columns: Vec<TieBreak>,
    /// Ranked entrants first, then annulled ones.
    pub rows: Vec<StandingRow>,
}

/// Everything counted for one entrant.
#[derive(Clone, Debug, Default)]
struct Tally {
    score: i64,
    played: u32,
    won: u32,
    drawn: u32,
    lost: u32,
    game_units: i64,
    game_wins: u32,
    sb: i64,
}

/// A counted match: Red's and Black's entrant and their sides.
type Sides = (usize, usize, MatchSide, MatchSide);

/// The direct-encounter mini-table of `group`: only games between its members count (index by
/// entrant, `len` entries).
fn mini_table(group: &[usize], sides: &[Sides], len: usize) -> Vec<i64> {
    let mut inside = vec![false; len];
    for &k in group {
        inside[k] = true;
    }
    let mut mini = vec![0i64; len];
    for (r, b, f, s) in sides {
        if inside[*r] && inside[*b] {
            mini[*r] += f.score;
            mini[*b] += s.score;
        }
    }
    mini
}

/// Per-entrant sums of one match, seen from one side.
struct MatchSide {
    units: i64,
    wins: u32,
    score: i64,
    result: Personal,
}

impl Tournament {
    /// Sums one counted match for both sides: (first, second).
    fn match_sides(&self, m: &MatchRecord) -> (MatchSide, MatchSide) {
        let s = self.scoring();
        let side = |side: Side| {
            let mut units = 0i64;
            let mut wins = 0u32;
            for o in &m.games {
                let p = o.for_side(side);
                units += i64::from(s.units(p));
                wins += u32::from(p.is_win());
            }
            (units, wins)
        };
        let ((fu, fw), (su, sw)) = (side(Side::First), side(Side::Second));
        if self.format().is_team() {
            let all_double = m.games.iter().all(|o| *o == Outcome::DoubleForfeit);
            let all_forfeit_first = m.games.iter().all(|o| *o == Outcome::FirstByForfeit);
            let all_forfeit_second = m.games.iter().all(|o| *o == Outcome::SecondByForfeit);
            let (fm, sm) = match_points(fu as u32, su as u32, all_double);
            let personal = |mine: u32, forfeit_win: bool, forfeit_loss: bool| match mine {
                _ if forfeit_win => Personal::ForfeitWin,
                _ if forfeit_loss || all_double => Personal::ForfeitLoss,
                2 => Personal::Win,
                1 => Personal::Draw,
                _ => Personal::Loss,
            };
            (
                MatchSide {
                    units: fu,
                    wins: fw,
                    score: i64::from(fm),
                    result: personal(fm, all_forfeit_first, all_forfeit_second),
                },
                MatchSide {
                    units: su,
                    wins: sw,
                    score: i64::from(sm),
                    result: personal(sm, all_forfeit_second, all_forfeit_first),
                },
            )
        } else {
            let o = m.games[0];
            (
                MatchSide {
                    units: fu,
                    wins: fw,
                    score: fu,
                    result: o.for_side(Side::First),
                },
                MatchSide {
                    units: su,
                    wins: sw,
                    score: su,
                    result: o.for_side(Side::Second),
                },
            )
        }
    }

    /// The standings: score, then the configured tie-breaks; unseparated entrants share a place.
    pub fn standings(&self) -> Standings {
        let n = self.entrants().len();
        let (tally, sides) = self.tally();
        let annulled = self.annulled_all();
        let ranked: Vec<usize> = (1..=n).filter(|&k| !annulled[k]).collect();
        let (groups, direct) = self.separate(vec![ranked], &tally, &sides);
        let row = |k: usize, place: Option<Place>| self.standing_row(k, place, &tally[k], &direct);
        let mut rows = Vec::with_capacity(n);
        for group in &groups {
            let place = Place {
                rank: rows.len() + 1,
                shared: group.len() > 1,
            };
            for &k in group {
                rows.push(row(k, Some(place)));
            }
        }
        for k in (1..=n).filter(|&k| annulled[k]) {
            rows.push(row(k, None));
        }
        Standings {
            match_points: self.format().is_team(),
            columns: self.tiebreaks().to_vec(),
            rows,
        }
    }

    /// Each entrant's totals over the counted matches (index 1..=n), with 小分 (each game's points
    /// times the opponent's final score), and each match's two sides.
    fn tally(&self) -> (Vec<Tally>, Vec<Sides>) {
        let n = self.entrants().len();
        let counted: Vec<MatchRecord> = self
            .counted_results()
            .into_iter()
            .filter(|m| !m.games.is_empty())
            .collect();
        let mut tally = vec![Tally::default(); n + 1];
        let mut sides = Vec::with_capacity(counted.len());
        for m in &counted {
            let (f, s) = self.match_sides(m);
            for (k, side) in [(m.red, &f), (m.black, &s)] {
                let t = &mut tally[k];
                t.score += side.score;
                t.played += 1;
                t.game_units += side.units;
                t.game_wins += side.wins;
                match side.result {
                    Personal::Win | Personal::ForfeitWin => t.won += 1,
                    Personal::Draw => t.drawn += 1,
                    Personal::Loss | Personal::ForfeitLoss => t.lost += 1,
                }
            }
            sides.push((m.red, m.black, f, s));
        }
        for (red, black, f, s) in &sides {
            let (rs, bs) = (tally[*red].score, tally[*black].score);
            tally[*red].sb += f.units * bs;
            tally[*black].sb += s.units * rs;
        }
        (tally, sides)
    }

    /// Splits `groups` (runs of entrants equal so far) criterion by criterion: the score, then
    /// each tie-break. Returns the final groups and each direct-encounter mini-table score.
    fn separate(
        &self,
        mut groups: Vec<Vec<usize>>,
        tally: &[Tally],
        sides: &[Sides],
    ) -> (Vec<Vec<usize>>, HashMap<usize, i64>) {
        let mut direct: HashMap<usize, i64> = HashMap::new();
        let criteria = std::iter::once(None).chain(self.tiebreaks().iter().copied().map(Some));
        for criterion in criteria {
            let mut next = Vec::with_capacity(groups.len());
            for group in groups {
                if group.len() < 2 {
                    next.push(group);
                    continue;
                }
                let mut keyed: Vec<(i64, usize)> = match criterion {
                    Some(TieBreak::DirectEncounter) => {
                        let mini = mini_table(&group, sides, tally.len());
                        for &k in &group {
                            direct.insert(k, mini[k]);
                        }
                        group.iter().map(|&k| (mini[k], k)).collect()
                    }
                    _ => group
                        .iter()
                        .map(|&k| (self.criterion_key(criterion, k, &tally[k]), k))
                        .collect(),
                };
                keyed.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
                for run in keyed.chunk_by(|a, b| a.0 == b.0) {
                    next.push(run.iter().map(|&(_, k)| k).collect());
                }
            }
            groups = next;
        }
        (groups, direct)
    }

    /// Entrant `k`'s key for `criterion` (`None`: the score), higher ranking first.
    fn criterion_key(&self, criterion: Option<TieBreak>, k: usize, t: &Tally) -> i64 {
        let e = &self.entrants()[k - 1];
        match criterion {
            None => t.score,
            // 18.4: heavier penalties (18.2) first, then how many; capped so the packed key cannot
            // overflow.
            Some(TieBreak::Discipline) => {
                -((i64::from(e.disqualifications.min(1 << 30)) << 32) + i64::from(e.warnings))
            }
            Some(TieBreak::SonnebornBerger) => t.sb,
            Some(TieBreak::Wins) | Some(TieBreak::GameWins) => i64::from(t.game_wins),
            Some(TieBreak::GamePoints) => t.game_units,
            Some(TieBreak::Fouls) => -i64::from(e.fouls),
            // Keyed by the mini-table instead (see `separate`).
            Some(TieBreak::DirectEncounter) => 0,
        }
    }

    /// Entrant `k`'s row: its totals and the value of each tie-break column.
    fn standing_row(
        &self,
        k: usize,
        place: Option<Place>,
        t: &Tally,
        direct: &HashMap<usize, i64>,
    ) -> StandingRow {
        let e = &self.entrants()[k - 1];
        let scale = self.scoring().scale;
        let score_value = |units: i64| match self.format().is_team() {
            true => Value::whole(units),
            false => self.scoring().value(units),
        };
        let tiebreaks = self
            .tiebreaks()
            .iter()
            .map(|tb| match tb {
                TieBreak::Discipline => Some(TieValue::Penalties {
                    disqualifications: e.disqualifications,
                    warnings: e.warnings,
                }),
                TieBreak::SonnebornBerger => Some(TieValue::Number(Value {
                    units: t.sb,
                    scale: scale * scale,
                })),
                TieBreak::Wins | TieBreak::GameWins => Some(TieValue::Count(t.game_wins)),
                TieBreak::GamePoints => Some(TieValue::Number(self.scoring().value(t.game_units))),
                TieBreak::DirectEncounter => {
                    direct.get(&k).map(|&v| TieValue::Number(score_value(v)))
                }
                TieBreak::Fouls => Some(TieValue::Count(e.fouls)),
            })
            .collect();
        StandingRow {
            entrant: k,
            name: e.name.clone(),
            place,
            score: score_value(t.score),
            tiebreaks,
            played: t.played,
            won: t.won,
            drawn: t.drawn,
            lost: t.lost,
            withdrawn: e.withdrawn_after.is_some(),
        }
    }

    /// The score grid: row entrant against column entrant, one mark per game in round order.
    pub fn crosstable(&self) -> Crosstable {
        self.crosstable_from(&self.standings())
    }

    /// The score grid with totals taken from standings already computed (the page computes them
    /// once per change, not twice).
    pub fn crosstable_from(&self, standings: &Standings) -> Crosstable {
        let n = self.entrants().len();
        let mut cells = vec![vec![Vec::new(); n]; n];
        self.cross_marks(
            |me, other| me <= n && other <= n,
            |me, other, mark| cells[me - 1][other - 1].push(mark),
        );
        Crosstable {
            names: self.entrants().iter().map(|e| e.name.clone()).collect(),
            cells,
            totals: totals_of(n, standings),
        }
    }

    /// Rows `rows` against columns `cols` of the crosstable (entrant numbers, 1-based): a page
    /// showing a window of a 500-entrant grid builds its 625 cells, not 250,000.
    pub fn crosstable_window(
        &self,
        standings: &Standings,
        rows: Range<usize>,
        cols: Range<usize>,
    ) -> CrossWindow {
        let n = self.entrants().len();
        let rows = rows.start.clamp(1, n + 1)..rows.end.clamp(1, n + 1);
        let cols = cols.start.clamp(1, n + 1)..cols.end.clamp(1, n + 1);
        let mut cells = vec![vec![Vec::new(); cols.len()]; rows.len()];
        self.cross_marks(
            |me, other| rows.contains(&me) && cols.contains(&other),
            |me, other, mark| cells[me - rows.start][other - cols.start].push(mark),
        );
        let totals = totals_of(n, standings);
        CrossWindow {
            rows: rows
                .clone()
                .zip(cells)
                .map(|(k, cells)| CrossRow {
                    entrant: k,
                    name: self.entrants()[k - 1].name.clone(),
                    cells: cols
                        .clone()
                        .zip(cells)
                        .map(|(j, marks)| (j != k).then(|| marks.join(" ")))
                        .collect(),
                    total: totals[k - 1],
                })
                .collect(),
            cols,
        }
    }

    /// Calls `put(me, other, mark)` for every counted game of `me` against `other` that `wanted`.
    fn cross_marks(
        &self,
        wanted: impl Fn(usize, usize) -> bool,
        mut put: impl FnMut(usize, usize, String),
    ) {
        let team = self.format().is_team();
        for m in self.counted_results() {
            if m.games.is_empty() || !(wanted(m.red, m.black) || wanted(m.black, m.red)) {
                continue;
            }
            let (f, s) = self.match_sides(&m);
            for (me, other, side) in [(m.red, m.black, &f), (m.black, m.red, &s)] {
                if !wanted(me, other) {
                    continue;
                }
                let mark = match side.result {
                    Personal::ForfeitWin | Personal::ForfeitLoss => side.result.mark().to_string(),
                    _ if team => self.scoring().value(side.units).to_string(),
                    p => match self.scoring() {
                        s if s == super::Scoring::CLASSIC => p.mark().to_string(),
                        s => s.value(i64::from(s.units(p))).to_string(),
                    },
                };
                put(me, other, mark);
            }
        }
    }
}

/// Each entrant's score from the standings, entrant 1 first.
fn totals_of(n: usize, standings: &Standings) -> Vec<Value> {
    let mut totals = vec![Value::whole(0); n];
    for r in &standings.rows {
        if let Some(t) = totals.get_mut(r.entrant.wrapping_sub(1)) {
            *t = r.score;
        }
    }
    totals
}

/// A window of the crosstable ([`Tournament::crosstable_window`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrossWindow {
    /// The entrant numbers of the columns shown.
    pub cols: Range<usize>,
    /// The rows shown, in entrant order.
    pub rows: Vec<CrossRow>,
}

/// One row of a [`CrossWindow`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CrossRow {
    /// The entrant number.
    pub entrant: usize,
    /// The entrant's name.
    pub name: String,
    /// The marks against each column's entrant, joined by a space; `None` against itself.
    pub cells: Vec<Option<String>>,
    /// The entrant's score.
    pub total: Value,
}

/// The score grid of an event, by entrant number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Crosstable {
    /// Names, entrant 1 first.
    pub names: Vec<String>,
    /// `cells[i][j]`: marks of entrant i+1 against j+1 (`1` `½` `0` `+` `-`, or team game points).
    pub cells: Vec<Vec<Vec<String>>>,
    /// Score of each entrant (points or match points).
    pub totals: Vec<Value>,
}

impl Crosstable {
    /// The cell text of entrant `row` against entrant `col` (1-based): marks joined by a space.
    pub fn cell(&self, row: usize, col: usize) -> String {
        self.cells
            .get(row.wrapping_sub(1))
            .and_then(|r| r.get(col.wrapping_sub(1)))
            .map(|marks| marks.join(" "))
            .unwrap_or_default()
    }
}

impl fmt::Display for Crosstable {
    /// A plain-text grid, one line per entrant: `1 Name | × | 1 | ½ | = 2.5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, name) in self.names.iter().enumerate() {
            let cells: Vec<String> = (0..self.names.len())
                .map(|j| {
                    if i == j {
                        "×".to_string()
                    } else {
                        self.cell(i + 1, j + 1)
                    }
                })
                .collect();
            writeln!(
                f,
                "{} {} | {} | = {}",
                i + 1,
                name,
                cells.join(" | "),
                self.totals[i]
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::events::round_robin::{Cycles, Outcome, Scoring};

    #[test]
    fn the_tie_break_menu() {
        let order = [TieBreak::Fouls, TieBreak::SonnebornBerger];
        let menu = TieBreak::menu(&order, Competition::Individual);
        assert_eq!(menu[0], (TieBreak::Fouls, Some(0)));
        assert_eq!(menu[1], (TieBreak::SonnebornBerger, Some(1)));
        // Team criteria are not offered in an individual event.
        assert!(menu
            .iter()
            .all(|(tb, _)| tb.applies_to(Competition::Individual)));
        assert!(menu.contains(&(TieBreak::Wins, None)));
        assert_eq!(menu.len(), 5);
        assert_eq!(
            TieBreak::Wins.toggled_in(&order),
            [TieBreak::Fouls, TieBreak::SonnebornBerger, TieBreak::Wins]
        );
        assert_eq!(
            TieBreak::Fouls.toggled_in(&order),
            [TieBreak::SonnebornBerger]
        );
        assert_eq!(
            TieBreak::SonnebornBerger.raised_in(&order),
            [TieBreak::SonnebornBerger, TieBreak::Fouls]
        );
        assert_eq!(TieBreak::Fouls.raised_in(&order), order);
    }

    #[test]
    fn a_crosstable_window_matches_the_whole_grid() {
        let mut t = Tournament::new(
            "W",
            Competition::Individual,
            Cycles::Double,
            Scoring::CLASSIC,
        )
        .unwrap();
        t.add_entrant_list("a\nb\nc\nd\ne").unwrap();
        t.number_as_listed().unwrap();
        // Every game of rounds 1–7 of 10, then entrant 5 withdraws: rounds 8–10 are forfeits.
        for r in 1..=7 {
            for (i, p) in t.round(r).unwrap().games.iter().enumerate() {
                let o = [Outcome::FirstWins, Outcome::Draw, Outcome::SecondWins][(r + i) % 3];
                t.record(r, p.red, p.black, vec![o]).unwrap();
            }
        }
        t.withdraw(5, 7).unwrap();
        let s = t.standings();
        let whole = t.crosstable_from(&s);
        let w = t.crosstable_window(&s, 2..5, 1..4);
        assert_eq!(w.cols, 1..4);
        assert_eq!(
            w.rows.iter().map(|r| r.entrant).collect::<Vec<_>>(),
            [2, 3, 4]
        );
        for row in &w.rows {
            assert_eq!(row.name, whole.names[row.entrant - 1]);
            assert_eq!(row.total, whole.totals[row.entrant - 1]);
            for (j, cell) in w.cols.clone().zip(&row.cells) {
                let expected = (j != row.entrant).then(|| whole.cell(row.entrant, j));
                assert_eq!(cell, &expected, "{} against {j}", row.entrant);
            }
        }
        // A window past the end is cut to the field.
        assert_eq!(t.crosstable_window(&s, 4..30, 5..30).rows.len(), 2);
    }
}
