//! Swiss standings by the 1999 rules: points, then 15.2 (对手分, 胜局, 犯规) for individuals and
//! 15.4 (团体对手分, 全队总局分, 全队胜场, 全队犯规) for teams, each tie-break its own column.

use super::{EntrantOutcome, Record, Swiss};

/// Which opponents' scores count in 对手分 (Buchholz): all, or clubs' usual variants.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Buchholz {
    /// All opponents (15.2 as written).
    #[default]
    Full,
    /// Without the lowest opponent score (Buchholz cut-1).
    Cut1,
    /// Without the highest and the lowest (median Buchholz).
    Median,
}

/// The points scale shown: the 1999 rules' 2/1/0, or FIDE's 1/½/0 (the same order, halved).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Scale {
    /// Win 2, draw 1, loss 0 (the 1999 rules).
    #[default]
    TwoOneZero,
    /// Win 1, draw ½, loss 0 (FIDE).
    OneHalfZero,
}

impl Scale {
    /// `points` (counted 2/1/0) on this scale: `7`, or `3½` for 7 on 1/½/0.
    pub fn show(self, points: i64) -> String {
        match self {
            Scale::TwoOneZero => points.to_string(),
            Scale::OneHalfZero => {
                let (whole, half) = (points / 2, points % 2 != 0);
                match (whole, half) {
                    (0, true) if points < 0 => "-½".into(),
                    (0, true) => "½".into(),
                    (w, true) => format!("{w}½"),
                    (w, false) => w.to_string(),
                }
            }
        }
    }
}

/// A tie-break column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SwissTieBreak {
    /// 对手分: sum of the opponents' points (15.2), in the chosen variant.
    OpponentScores(Buchholz),
    /// 胜局: games won (15.2).
    Wins,
    /// 犯规: fouls, fewer is better (15.2, 15.4).
    Fouls,
    /// 团体对手分: sum of the opposing teams' match points (15.4).
    TeamOpponentScores(Buchholz),
    /// 全队总局分: game points of all boards (15.4).
    GamePoints,
    /// 全队胜场: matches won (15.4).
    MatchWins,
    /// 全队犯规: the team's fouls, fewer is better (15.4).
    TeamFouls,
}

impl SwissTieBreak {
    /// Whether the column counts points (shown on the event's scale).
    pub fn in_points(self) -> bool {
        matches!(
            self,
            SwissTieBreak::OpponentScores(_)
                | SwissTieBreak::TeamOpponentScores(_)
                | SwissTieBreak::GamePoints
        )
    }

    /// A value of this column as shown: points on the event's `scale`, a count as it is.
    pub fn shown(self, value: i64, scale: Scale) -> String {
        if self.in_points() {
            scale.show(value)
        } else {
            value.to_string()
        }
    }

    /// The columns of 15.2 (individual) or 15.4 (team), in order.
    pub fn order(team: bool, buchholz: Buchholz) -> Vec<SwissTieBreak> {
        if team {
            vec![
                SwissTieBreak::TeamOpponentScores(buchholz),
                SwissTieBreak::GamePoints,
                SwissTieBreak::MatchWins,
                SwissTieBreak::TeamFouls,
            ]
        } else {
            vec![
                SwissTieBreak::OpponentScores(buchholz),
                SwissTieBreak::Wins,
                SwissTieBreak::Fouls,
            ]
        }
    }
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SwissRow {
    /// Place (shared when points and every tie-break are equal).
    pub place: usize,
    /// Entrant index.
    pub entrant: usize,
    /// Points (match points for teams).
    pub points: u32,
    /// Tie-break values in column order (fouls shown as counted; fewer ranks higher).
    pub ties: Vec<i64>,
}

fn opponent_sum(event: &Swiss, i: usize, b: Buchholz) -> i64 {
    let mut scores: Vec<i64> = event.entrants[i]
        .history
        .iter()
        .filter_map(|r| match r {
            Record::Game {
                opponent,
                played: true,
                ..
            } => Some(event.entrants[*opponent].score() as i64),
            _ => None,
        })
        .collect();
    scores.sort_unstable();
    let (lo, hi) = match b {
        Buchholz::Full => (0, 0),
        Buchholz::Cut1 => (1, 0),
        Buchholz::Median => (1, 1),
    };
    if scores.len() <= lo + hi {
        return 0;
    }
    scores[lo..scores.len() - hi].iter().sum()
}

fn value(event: &Swiss, i: usize, t: SwissTieBreak) -> i64 {
    let e = &event.entrants[i];
    let wins = e
        .history
        .iter()
        .filter(|r| {
            matches!(
                r,
                Record::Game {
                    outcome: EntrantOutcome::Win,
                    ..
                }
            )
        })
        .count() as i64;
    match t {
        SwissTieBreak::OpponentScores(b) | SwissTieBreak::TeamOpponentScores(b) => {
            opponent_sum(event, i, b)
        }
        SwissTieBreak::Wins | SwissTieBreak::MatchWins => wins,
        SwissTieBreak::Fouls | SwissTieBreak::TeamFouls => e.entrant.fouls as i64,
        SwissTieBreak::GamePoints => e.game_points.iter().map(|&g| g as i64).sum(),
    }
}

impl Swiss {
    /// The entrants' names, and their indices in standing order (the 15.2 or 15.4 tie-breaks
    /// with full Buchholz): how a knockout after the Swiss is seeded.
    pub fn by_standing(&self) -> (Vec<String>, Vec<usize>) {
        let team = self.boards.is_some();
        let rows = swiss_standings(self, &SwissTieBreak::order(team, Buchholz::Full));
        let names = self.entrants.iter().map(|e| e.entrant.name.clone());
        (names.collect(), rows.iter().map(|r| r.entrant).collect())
    }
}

/// Standings of `event` with the tie-breaks `order` (see [`SwissTieBreak::order`]).
pub fn swiss_standings(event: &Swiss, order: &[SwissTieBreak]) -> Vec<SwissRow> {
    let mut rows: Vec<SwissRow> = (0..event.entrants.len())
        .map(|i| SwissRow {
            place: 0,
            entrant: i,
            points: event.entrants[i].score(),
            ties: order.iter().map(|&t| value(event, i, t)).collect(),
        })
        .collect();
    // Fouls count against: compare them negated.
    let key = |r: &SwissRow| -> Vec<i64> {
        let mut k = vec![-(r.points as i64)];
        for (t, v) in order.iter().zip(&r.ties) {
            k.push(
                if matches!(t, SwissTieBreak::Fouls | SwissTieBreak::TeamFouls) {
                    *v
                } else {
                    -v
                },
            );
        }
        k
    };
    rows.sort_by(|a, b| key(a).cmp(&key(b)).then(a.entrant.cmp(&b.entrant)));
    for i in 0..rows.len() {
        rows[i].place = if i > 0 && key(&rows[i]) == key(&rows[i - 1]) {
            rows[i - 1].place
        } else {
            i + 1
        };
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::{Buchholz, Scale, SwissTieBreak};

    #[test]
    fn a_tie_break_of_points_is_on_the_scale_and_a_count_is_whole() {
        let buchholz = SwissTieBreak::OpponentScores(Buchholz::Full);
        assert_eq!(buchholz.shown(7, Scale::OneHalfZero), "3½");
        assert_eq!(buchholz.shown(7, Scale::TwoOneZero), "7");
        assert_eq!(SwissTieBreak::Wins.shown(3, Scale::OneHalfZero), "3");
        assert_eq!(SwissTieBreak::Fouls.shown(1, Scale::OneHalfZero), "1");
    }

    #[test]
    fn the_fide_scale_halves_the_points() {
        let shown: Vec<String> = [0, 1, 2, 3, 14]
            .iter()
            .map(|&p| Scale::OneHalfZero.show(p))
            .collect();
        assert_eq!(shown, ["0", "½", "1", "1½", "7"]);
        assert_eq!(Scale::TwoOneZero.show(3), "3");
        // Old saves have no scale: they stay on 2/1/0.
        let ev: super::super::Swiss =
            serde_json::from_str(r#"{"entrants":[],"rounds_planned":7,"first_color":"Red"}"#)
                .unwrap();
        assert_eq!(ev.scale, Scale::TwoOneZero);
    }
}
