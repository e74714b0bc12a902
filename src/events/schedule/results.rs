//! Table-tennis results: games to 11 won by two, best of 3/5/7, and round-robin standings.
//!
//! The club's table-tennis event plans play "每局都取11球制 … 必须领先对方2球" (games to 11,
//! lead of 2), best of 3, 5 or 7 ("五局三胜制", "七局四胜制"), and score a no-show as a walkover
//! counted 11:0 ("弃权处理。即为11：0"). Points follow the usual table-tennis league rule 2/1/0: a win 2,
//! a played loss 1, a walkover loss 0 (plan 1 writes "胜一场得两分；平局得一分；负一场得零分" — draws
//! cannot happen in an odd number of games, so [`Points::seed_plan`] gives that 2/0/0 reading).

use super::model::MissingField;
use crate::lang::{Lang, Say};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Points needed to win a game.
pub const GAME_POINTS: u32 = 11;

/// Match length: best of 3, 5 or 7 games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "u32", into = "u32")]
pub struct BestOf(u32);

impl BestOf {
    /// Best of `games` (3, 5 or 7).
    pub fn new(games: u32) -> Result<BestOf, ScoreError> {
        match games {
            3 | 5 | 7 => Ok(BestOf(games)),
            _ => Err(ScoreError::BestOf(games)),
        }
    }

    /// Games in the longest match.
    pub fn games(self) -> u32 {
        self.0
    }

    /// Games needed to win the match.
    pub fn to_win(self) -> u32 {
        self.0 / 2 + 1
    }

    /// A finished score under this best-of, for the score box's placeholder: one game lost, then
    /// the games to win (`11-7 9-11 11-5 11-8` for best of 5).
    ///
    /// ```
    /// use xiangqi_club::events::schedule::{BestOf, MatchScore};
    /// for n in [3, 5, 7] {
    ///     let b = BestOf::new(n).unwrap();
    ///     assert!(MatchScore::parse(b, &b.example()).is_ok(), "{}", b.example());
    /// }
    /// assert_eq!(BestOf::new(5).unwrap().example(), "11-7 9-11 11-5 11-8");
    /// ```
    pub fn example(self) -> String {
        let wins = ["11-7", "11-5", "11-8", "11-6"];
        let mut games = vec![wins[0], "9-11"];
        games.extend(&wins[1..self.to_win() as usize]);
        games.join(" ")
    }
}

impl TryFrom<u32> for BestOf {
    type Error = ScoreError;
    fn try_from(games: u32) -> Result<BestOf, ScoreError> {
        BestOf::new(games)
    }
}

impl From<BestOf> for u32 {
    fn from(b: BestOf) -> u32 {
        b.0
    }
}

/// Which side won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Winner {
    /// The first-named side.
    A,
    /// The second-named side.
    B,
}

/// What went wrong with one game's score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameScoreError {
    /// Nobody has 11, or the lead is under two: the game is not over.
    Unfinished {
        /// First side's points.
        a: u32,
        /// Second side's points.
        b: u32,
    },
    /// The game went on after it was won (e.g. 12–5, or 14–10).
    PlayedPastWin {
        /// First side's points.
        a: u32,
        /// Second side's points.
        b: u32,
    },
}

impl fmt::Display for GameScoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.say(Lang::En))
    }
}

impl std::error::Error for GameScoreError {}

/// What went wrong with a match score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreError {
    /// Not best of 3, 5 or 7.
    BestOf(u32),
    /// One game's score is impossible (game index 0-based).
    Game {
        /// Game index (0-based).
        index: usize,
        /// The fault.
        error: GameScoreError,
    },
    /// Nobody has won enough games yet.
    Undecided {
        /// Games won by A.
        a: u32,
        /// Games won by B.
        b: u32,
        /// Games needed.
        needed: u32,
    },
    /// Games were listed after the match was already won (game index 0-based).
    PlayedOn {
        /// Index of the first surplus game.
        index: usize,
    },
}

impl fmt::Display for ScoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.say(Lang::En))
    }
}

impl std::error::Error for ScoreError {}

/// The winner of a game scored `a`–`b`, if it is a finished table-tennis game.
pub fn game_winner(a: u32, b: u32) -> Result<Winner, GameScoreError> {
    let (hi, lo) = (a.max(b), a.min(b));
    if hi < GAME_POINTS || hi - lo < 2 {
        return Err(GameScoreError::Unfinished { a, b });
    }
    // Either 11 against at most 9, or past 10–10 with a lead of exactly 2.
    let ok =
        (hi == GAME_POINTS && lo <= GAME_POINTS - 2) || (lo >= GAME_POINTS - 1 && hi - lo == 2);
    if !ok {
        return Err(GameScoreError::PlayedPastWin { a, b });
    }
    Ok(if a > b { Winner::A } else { Winner::B })
}

/// How a match ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", try_from = "OutcomeFields")]
pub enum MatchOutcome {
    /// Played out: points of each game, first side first.
    Played {
        /// (A's points, B's points) per game.
        games: Vec<(u32, u32)>,
    },
    /// One side did not come: counted as the needed games won 11–0.
    Walkover {
        /// The side that was there.
        winner: Winner,
    },
}

/// A saved outcome as read: its tag and every variant's fields (see `FormatFields` for why).
#[derive(Deserialize)]
struct OutcomeFields {
    kind: OutcomeKind,
    games: Option<Vec<(u32, u32)>>,
    winner: Option<Winner>,
}

#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum OutcomeKind {
    Played,
    Walkover,
}

impl TryFrom<OutcomeFields> for MatchOutcome {
    type Error = MissingField;
    fn try_from(f: OutcomeFields) -> Result<MatchOutcome, MissingField> {
        Ok(match f.kind {
            OutcomeKind::Played => MatchOutcome::Played {
                games: f.games.ok_or(MissingField("games"))?,
            },
            OutcomeKind::Walkover => MatchOutcome::Walkover {
                winner: f.winner.ok_or(MissingField("winner"))?,
            },
        })
    }
}

/// A match result as entered.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchScore {
    /// Best of 3, 5 or 7.
    pub best_of: BestOf,
    /// Played games or walkover.
    pub outcome: MatchOutcome,
}

/// A checked result: who won and the counts the standings need.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchVerdict {
    /// The winner.
    pub winner: Winner,
    /// Decided by walkover.
    pub walkover: bool,
    /// Games won (A, B).
    pub games: (u32, u32),
    /// Points won (A, B).
    pub points: (u32, u32),
}

impl MatchScore {
    /// Checks the score and returns the verdict.
    pub fn verdict(&self) -> Result<MatchVerdict, ScoreError> {
        let need = self.best_of.to_win();
        match &self.outcome {
            MatchOutcome::Walkover { winner } => {
                let (g, p) = (need, need * GAME_POINTS);
                let (games, points) = match winner {
                    Winner::A => ((g, 0), (p, 0)),
                    Winner::B => ((0, g), (0, p)),
                };
                Ok(MatchVerdict {
                    winner: *winner,
                    walkover: true,
                    games,
                    points,
                })
            }
            MatchOutcome::Played { games } => {
                let (mut ga, mut gb, mut pa, mut pb) = (0, 0, 0u32, 0u32);
                for (index, &(a, b)) in games.iter().enumerate() {
                    if ga == need || gb == need {
                        return Err(ScoreError::PlayedOn { index });
                    }
                    match game_winner(a, b).map_err(|error| ScoreError::Game { index, error })? {
                        Winner::A => ga += 1,
                        Winner::B => gb += 1,
                    }
                    // Saturating: a won game may be scored up to u32::MAX (deuce without end).
                    pa = pa.saturating_add(a);
                    pb = pb.saturating_add(b);
                }
                if ga < need && gb < need {
                    return Err(ScoreError::Undecided {
                        a: ga,
                        b: gb,
                        needed: need,
                    });
                }
                Ok(MatchVerdict {
                    winner: if ga == need { Winner::A } else { Winner::B },
                    walkover: false,
                    games: (ga, gb),
                    points: (pa, pb),
                })
            }
        }
    }

    /// Parses "11-7 9-11 11-5" (games separated by spaces or commas; `–` and `:` also accepted) or a
    /// walkover `W/O A` / `W/O B` (also `WO A`); the inverse of `Display`.
    pub fn parse(best_of: BestOf, text: &str) -> Result<MatchScore, ParseScoreError> {
        let squeezed: String = text
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .to_ascii_uppercase();
        let walkover = match squeezed.as_str() {
            "W/OA" | "WOA" => Some(Winner::A),
            "W/OB" | "WOB" => Some(Winner::B),
            _ => None,
        };
        if let Some(winner) = walkover {
            return Ok(MatchScore {
                best_of,
                outcome: MatchOutcome::Walkover { winner },
            });
        }
        let mut games = Vec::new();
        for part in text.split([' ', ',', ';']).filter(|s| !s.trim().is_empty()) {
            let part = part.trim();
            let bad = || ParseScoreError::NotAGame(part.to_string());
            let (a, b) = part.split_once(['-', '–', ':']).ok_or_else(bad)?;
            let num = |s: &str| s.trim().parse::<u32>().map_err(|_| bad());
            games.push((num(a)?, num(b)?));
        }
        if games.is_empty() {
            return Err(ParseScoreError::Empty);
        }
        let score = MatchScore {
            best_of,
            outcome: MatchOutcome::Played { games },
        };
        score.verdict().map_err(ParseScoreError::Score)?;
        Ok(score)
    }
}

impl fmt::Display for MatchScore {
    /// `11-7 9-11 11-5`, or `W/O A` / `W/O B` for a walkover: what [`MatchScore::parse`] reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.outcome {
            MatchOutcome::Played { games } => {
                for (i, (a, b)) in games.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" ")?;
                    }
                    write!(f, "{a}-{b}")?;
                }
                Ok(())
            }
            MatchOutcome::Walkover { winner: Winner::A } => f.write_str("W/O A"),
            MatchOutcome::Walkover { winner: Winner::B } => f.write_str("W/O B"),
        }
    }
}

/// Why a typed match score was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseScoreError {
    /// Nothing but blanks.
    Empty,
    /// A part that is not a game score like `11-7`.
    NotAGame(String),
    /// The games read, but the match they describe is impossible.
    Score(ScoreError),
}

impl fmt::Display for ParseScoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.say(Lang::En))
    }
}

impl std::error::Error for ParseScoreError {}

/// Reads a played match as its game scores (`11-7 9-11 11-5`); the match length is what the
/// winner's game count implies (2 wins: best of 3, 3: best of 5, 4: best of 7). A walkover has no
/// game scores and is entered as [`MatchOutcome::Walkover`].
///
/// ```
/// use xiangqi_club::events::schedule::{MatchScore, Winner};
/// let s: MatchScore = "11-7 9-11 11-5".parse().unwrap();
/// assert_eq!(s.best_of.games(), 3);
/// assert_eq!(s.verdict().unwrap().winner, Winner::A);
/// assert!("11-7 11-12".parse::<MatchScore>().is_err());
/// ```
impl std::str::FromStr for MatchScore {
    type Err = ParseScoreError;
    fn from_str(text: &str) -> Result<MatchScore, ParseScoreError> {
        // The same game syntax as [`MatchScore::parse`].
        let mut games = Vec::new();
        for part in text.split([' ', ',', ';']).filter(|s| !s.trim().is_empty()) {
            let part = part.trim();
            let game = part
                .split_once(['-', '–', ':'])
                .and_then(|(a, b)| Some((a.trim().parse().ok()?, b.trim().parse().ok()?)));
            games.push(game.ok_or_else(|| ParseScoreError::NotAGame(part.to_string()))?);
        }
        if games.is_empty() {
            return Err(ParseScoreError::Empty);
        }
        let won = |w| {
            games
                .iter()
                .filter(|&&(a, b)| game_winner(a, b) == Ok(w))
                .count() as u32
        };
        let most = won(Winner::A).max(won(Winner::B)).clamp(2, 4);
        let score = MatchScore {
            best_of: BestOf::new(2 * most - 1).map_err(ParseScoreError::Score)?,
            outcome: MatchOutcome::Played { games },
        };
        score.verdict().map_err(ParseScoreError::Score)?;
        Ok(score)
    }
}

/// League points for a win, a played loss and a walkover loss.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Points {
    /// Points for a win (walkover wins too).
    pub win: u32,
    /// Points for a loss in a played match.
    pub loss: u32,
    /// Points for losing by not turning up.
    pub walkover_loss: u32,
}

impl Points {
    /// The table-tennis league rule: win 2, played loss 1, walkover 0.
    pub fn table_tennis() -> Points {
        Points {
            win: 2,
            loss: 1,
            walkover_loss: 0,
        }
    }

    /// Plan 1 of the seed read literally (win 2, loss 0; its "draw 1" cannot occur).
    pub fn seed_plan() -> Points {
        Points {
            win: 2,
            loss: 0,
            walkover_loss: 0,
        }
    }
}

impl Default for Points {
    fn default() -> Points {
        Points::table_tennis()
    }
}

/// One line of a round-robin table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    /// Entrant index (0-based).
    pub entrant: usize,
    /// Place, 1 first.
    pub rank: usize,
    /// Matches with a result.
    pub played: u32,
    /// Matches won.
    pub won: u32,
    /// Matches lost.
    pub lost: u32,
    /// League points.
    pub points: u32,
    /// Games won.
    pub games_won: u32,
    /// Games lost.
    pub games_lost: u32,
    /// Rally points won.
    pub points_won: u32,
    /// Rally points lost.
    pub points_lost: u32,
}

/// A ratio won/lost that compares exactly (lost 0 is infinite).
fn ratio_cmp(w1: u32, l1: u32, w2: u32, l2: u32) -> std::cmp::Ordering {
    (w1 as u64 * l2 as u64)
        .cmp(&(w2 as u64 * l1 as u64))
        .then_with(|| l2.cmp(&l1))
}

/// Standings of `group` (entrant indices) from results `(a, b, verdict)`; results naming others are ignored.
///
/// Order: league points; ties are split by the matches among the tied entrants only (their points, then
/// games ratio, then rally-points ratio), then by seeding order.
pub fn standings(
    group: &[usize],
    results: &[(usize, usize, MatchVerdict)],
    points: Points,
) -> Vec<Standing> {
    let tally = |members: &[usize]| -> Vec<Standing> {
        let mut rows: Vec<Standing> = members
            .iter()
            .map(|&e| Standing {
                entrant: e,
                rank: 0,
                played: 0,
                won: 0,
                lost: 0,
                points: 0,
                games_won: 0,
                games_lost: 0,
                points_won: 0,
                points_lost: 0,
            })
            .collect();
        for &(a, b, v) in results {
            let (Some(ia), Some(ib)) = (
                members.iter().position(|&x| x == a),
                members.iter().position(|&x| x == b),
            ) else {
                continue;
            };
            for (i, me_a) in [(ia, true), (ib, false)] {
                let r = &mut rows[i];
                let won = (v.winner == Winner::A) == me_a;
                let (gw, gl) = if me_a {
                    v.games
                } else {
                    (v.games.1, v.games.0)
                };
                let (pw, pl) = if me_a {
                    v.points
                } else {
                    (v.points.1, v.points.0)
                };
                r.played += 1;
                r.games_won += gw;
                r.games_lost += gl;
                r.points_won += pw;
                r.points_lost += pl;
                if won {
                    r.won += 1;
                    r.points += points.win;
                } else {
                    r.lost += 1;
                    r.points += if v.walkover {
                        points.walkover_loss
                    } else {
                        points.loss
                    };
                }
            }
        }
        rows
    };
    let mut rows = tally(group);
    rows.sort_by_key(|r| std::cmp::Reverse(r.points));
    let mut i = 0;
    while i < rows.len() {
        let mut j = i + 1;
        while j < rows.len() && rows[j].points == rows[i].points {
            j += 1;
        }
        if j - i > 1 {
            let tied: Vec<usize> = rows[i..j].iter().map(|r| r.entrant).collect();
            let mini = tally(&tied);
            let key = |e: usize| mini.iter().find(|r| r.entrant == e).expect("tied entrant");
            rows[i..j].sort_by(|x, y| {
                let (a, b) = (key(x.entrant), key(y.entrant));
                b.points
                    .cmp(&a.points)
                    .then_with(|| ratio_cmp(b.games_won, b.games_lost, a.games_won, a.games_lost))
                    .then_with(|| {
                        ratio_cmp(b.points_won, b.points_lost, a.points_won, a.points_lost)
                    })
                    .then_with(|| {
                        let pos = |e| group.iter().position(|&g| g == e);
                        pos(x.entrant).cmp(&pos(y.entrant))
                    })
            });
        }
        i = j;
    }
    for (k, r) in rows.iter_mut().enumerate() {
        r.rank = k + 1;
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    fn played(best: u32, games: &[(u32, u32)]) -> MatchScore {
        MatchScore {
            best_of: BestOf::new(best).unwrap(),
            outcome: MatchOutcome::Played {
                games: games.to_vec(),
            },
        }
    }

    #[test]
    fn games_to_eleven_by_two() {
        assert_eq!(game_winner(11, 9), Ok(Winner::A));
        assert_eq!(game_winner(12, 14), Ok(Winner::B));
        assert_eq!(game_winner(11, 0), Ok(Winner::A));
        assert_eq!(
            game_winner(11, 10),
            Err(GameScoreError::Unfinished { a: 11, b: 10 })
        );
        assert_eq!(
            game_winner(10, 8),
            Err(GameScoreError::Unfinished { a: 10, b: 8 })
        );
        assert_eq!(
            game_winner(12, 5),
            Err(GameScoreError::PlayedPastWin { a: 12, b: 5 })
        );
        assert_eq!(
            game_winner(15, 11),
            Err(GameScoreError::PlayedPastWin { a: 15, b: 11 })
        );
        assert_eq!(
            game_winner(9, 9),
            Err(GameScoreError::Unfinished { a: 9, b: 9 })
        );
    }

    #[test]
    fn match_needs_a_majority_and_stops_there() {
        let v = played(5, &[(11, 7), (9, 11), (11, 5), (13, 11)])
            .verdict()
            .unwrap();
        assert_eq!(v.winner, Winner::A);
        assert_eq!(v.games, (3, 1));
        assert_eq!(v.points, (44, 34));
        assert_eq!(
            played(5, &[(11, 7), (11, 9)]).verdict(),
            Err(ScoreError::Undecided {
                a: 2,
                b: 0,
                needed: 3
            })
        );
        assert_eq!(
            played(3, &[(11, 7), (11, 9), (11, 3)]).verdict(),
            Err(ScoreError::PlayedOn { index: 2 })
        );
        assert!(matches!(
            played(7, &[(11, 10)]).verdict(),
            Err(ScoreError::Game { index: 0, .. })
        ));
        assert_eq!(BestOf::new(4), Err(ScoreError::BestOf(4)));
    }

    #[test]
    fn walkover_counts_eleven_nil() {
        let s = MatchScore {
            best_of: BestOf::new(5).unwrap(),
            outcome: MatchOutcome::Walkover { winner: Winner::B },
        };
        let v = s.verdict().unwrap();
        assert_eq!(v.games, (0, 3));
        assert_eq!(v.points, (0, 33));
    }

    #[test]
    fn parse_game_list() {
        let s = MatchScore::parse(BestOf::new(3).unwrap(), "11-7, 9–11 11:5").unwrap();
        assert_eq!(s.verdict().unwrap().games, (2, 1));
        assert!(MatchScore::parse(BestOf::new(3).unwrap(), "11-7 x").is_err());
    }

    #[test]
    fn scores_round_trip_through_text() {
        let five = BestOf::new(5).unwrap();
        for text in ["11-7 9-11 11-5 12-10", "W/O A", "W/O B", "3-11 5-11 9-11"] {
            let s = MatchScore::parse(five, text).unwrap();
            assert_eq!(s.to_string(), text);
            assert_eq!(MatchScore::parse(five, &s.to_string()), Ok(s));
        }
        assert_eq!(
            MatchScore::parse(five, " wo b ").unwrap().outcome,
            MatchOutcome::Walkover { winner: Winner::B }
        );
        assert_eq!(MatchScore::parse(five, "  "), Err(ParseScoreError::Empty));
        let e = MatchScore::parse(five, "11-10 11-3 11-3").unwrap_err();
        assert!(e.say(Lang::Zh).contains("第 1 局"), "{}", e.say(Lang::Zh));
        assert!(!e.say(Lang::Zh).contains("game"));
    }

    #[test]
    fn standings_two_one_zero_with_head_to_head() {
        let three = BestOf::new(3).unwrap();
        let win_a = played(3, &[(11, 5), (11, 5)]).verdict().unwrap();
        let win_b = played(3, &[(5, 11), (5, 11)]).verdict().unwrap();
        let wo = MatchScore {
            best_of: three,
            outcome: MatchOutcome::Walkover { winner: Winner::A },
        }
        .verdict()
        .unwrap();
        // 0 beats 1, 1 beats 2, 2 beats 0; everyone beats 3 (0 by walkover).
        let results = vec![
            (0, 1, win_a),
            (1, 2, win_a),
            (0, 2, win_b),
            (0, 3, wo),
            (1, 3, win_a),
            (2, 3, win_a),
        ];
        let t = standings(&[0, 1, 2, 3], &results, Points::table_tennis());
        assert_eq!(t[0].entrant, 0); // 2 wins + 1 played loss = 5 points
        assert_eq!(t[0].points, 5);
        assert_eq!(t[3].entrant, 3);
        assert_eq!(t[3].points, 2); // walkover loss 0 + two played losses 1 each
        assert_eq!(
            t.iter().map(|r| r.rank).collect::<Vec<_>>(),
            vec![1, 2, 3, 4]
        );
        // 0, 1 and 2 tie on 5 and on the mini-league (one win each, equal games and points): seeding.
        let p: Vec<u32> = t.iter().map(|r| r.points).collect();
        assert_eq!(p, vec![5, 5, 5, 2]);
    }
}
