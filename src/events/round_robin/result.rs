//! Game outcomes, forfeits (rule 21.4) and scoring schemes (rules 14.1, 14.2), in exact integer units.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The outcome of one game, seen from the entrant listed first in the pairing.
///
/// In individual events the first-listed entrant plays Red (13.1); in team events it is the team
/// with Red on odd boards (13.2). Forfeits are written `+`/`-` as in rule 21.4. A Swiss board
/// records the same value, from Red's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    /// First-listed wins over the board (`1-0`).
    FirstWins,
    /// Draw (`½-½`).
    Draw,
    /// Second-listed wins over the board (`0-1`).
    SecondWins,
    /// Second-listed absent: first wins by forfeit (`+/-`).
    FirstByForfeit,
    /// First-listed absent: second wins by forfeit (`-/+`).
    SecondByForfeit,
    /// Both absent (21.3): nobody scores (`-/-`).
    DoubleForfeit,
}

/// Which side of a pairing an entrant was on, or which side won a knockout match.
///
/// Saved knockout brackets write the sides `A` and `B`, as the bracket's upper and lower lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    /// Listed first (Red in individual games; the upper line of a bracket).
    #[serde(rename = "A")]
    First,
    /// Listed second (the lower line of a bracket).
    #[serde(rename = "B")]
    Second,
}

/// How one game went for one entrant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Personal {
    /// Won over the board.
    Win,
    /// Drew.
    Draw,
    /// Lost over the board.
    Loss,
    /// Won because the opponent was absent (`+`).
    ForfeitWin,
    /// Lost by being absent (`-`).
    ForfeitLoss,
}

impl Personal {
    /// Whether this counts as a game won (胜局); forfeit wins count, the opponent "获胜" (20.3).
    pub fn is_win(self) -> bool {
        matches!(self, Personal::Win | Personal::ForfeitWin)
    }

    /// The crosstable mark: `1`, `½`, `0`, `+`, `-`.
    pub fn mark(self) -> &'static str {
        match self {
            Personal::Win => "1",
            Personal::Draw => "½",
            Personal::Loss => "0",
            Personal::ForfeitWin => "+",
            Personal::ForfeitLoss => "-",
        }
    }
}

impl Outcome {
    /// Every outcome, in the order a result control offers them.
    pub const ALL: [Outcome; 6] = [
        Outcome::FirstWins,
        Outcome::Draw,
        Outcome::SecondWins,
        Outcome::FirstByForfeit,
        Outcome::SecondByForfeit,
        Outcome::DoubleForfeit,
    ];

    /// How the game went for the entrant on `side`.
    pub fn for_side(self, side: Side) -> Personal {
        use Outcome::*;
        let first = match self {
            FirstWins => Personal::Win,
            Draw => Personal::Draw,
            SecondWins => Personal::Loss,
            FirstByForfeit => Personal::ForfeitWin,
            SecondByForfeit | DoubleForfeit => Personal::ForfeitLoss,
        };
        match (side, self) {
            (Side::First, _) => first,
            (Side::Second, FirstWins) => Personal::Loss,
            (Side::Second, Draw) => Personal::Draw,
            (Side::Second, SecondWins) => Personal::Win,
            (Side::Second, FirstByForfeit | DoubleForfeit) => Personal::ForfeitLoss,
            (Side::Second, SecondByForfeit) => Personal::ForfeitWin,
        }
    }

    /// The same game seen from the other entrant (first and second exchanged).
    pub fn reversed(self) -> Outcome {
        use Outcome::*;
        match self {
            FirstWins => SecondWins,
            SecondWins => FirstWins,
            FirstByForfeit => SecondByForfeit,
            SecondByForfeit => FirstByForfeit,
            Draw => Draw,
            DoubleForfeit => DoubleForfeit,
        }
    }

    /// The notation used in files and on screen: `1-0`, `½-½`, `0-1`, `+/-`, `-/+`, `-/-`.
    pub fn notation(self) -> &'static str {
        match self {
            Outcome::FirstWins => "1-0",
            Outcome::Draw => "½-½",
            Outcome::SecondWins => "0-1",
            Outcome::FirstByForfeit => "+/-",
            Outcome::SecondByForfeit => "-/+",
            Outcome::DoubleForfeit => "-/-",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.notation())
    }
}

/// A result string that is none of the accepted notations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseOutcomeError(pub String);

impl fmt::Display for ParseOutcomeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown result `{}` (use 1-0, ½-½ or 1/2 or =, 0-1, +/-, -/+, -/-)",
            self.0
        )
    }
}

impl std::error::Error for ParseOutcomeError {}

impl FromStr for Outcome {
    type Err = ParseOutcomeError;

    fn from_str(s: &str) -> Result<Outcome, ParseOutcomeError> {
        let t: String = s.chars().filter(|c| !c.is_whitespace()).collect();
        Ok(match t.as_str() {
            "1-0" | "1:0" | "红胜" => Outcome::FirstWins,
            "½-½" | "1/2-1/2" | "0.5-0.5" | "=" | "½:½" | "½" | "1/2" | "和" | "和棋" => {
                Outcome::Draw
            }
            "0-1" | "0:1" | "黑胜" => Outcome::SecondWins,
            "+/-" | "+-" | "+:-" => Outcome::FirstByForfeit,
            "-/+" | "-+" | "-:+" => Outcome::SecondByForfeit,
            "-/-" | "--" | "-:-" => Outcome::DoubleForfeit,
            _ => return Err(ParseOutcomeError(s.to_string())),
        })
    }
}

/// An exact number: `units / scale` (scale 1, 2 or 4), shown as `3`, `3.5` or `3.25`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Value {
    /// The count of `1/scale` steps.
    pub units: i64,
    /// The denominator: 1 for whole numbers, 2 for half points, 4 for Sonneborn-Berger of halves.
    pub scale: u32,
}

impl Value {
    /// A whole number.
    pub fn whole(n: i64) -> Value {
        Value { units: n, scale: 1 }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let scale = i64::from(self.scale.max(1));
        let sign = if self.units < 0 { "-" } else { "" };
        let abs = self.units.abs();
        let (whole, rest) = (abs / scale, abs % scale);
        if rest == 0 {
            return write!(f, "{sign}{whole}");
        }
        // Scales are powers of two up to 4, so two decimals are always exact.
        let hundredths = rest * 100 / scale;
        let digits = if hundredths % 10 == 0 {
            format!("{}", hundredths / 10)
        } else {
            format!("{hundredths:02}")
        };
        write!(f, "{sign}{whole}.{digits}")
    }
}

/// Points per game, in integer units of `1/scale`: 1/½/0 is `{win 2, draw 1, loss 0, scale 2}` (14.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scoring {
    /// Units for a win (also for a forfeit win `+`, rule 21.4).
    pub win: u32,
    /// Units for a draw.
    pub draw: u32,
    /// Units for a loss over the board (a forfeit loss `-` always scores 0, rule 21.4).
    pub loss: u32,
    /// Units per displayed point: 2 shows halves, 1 shows whole numbers.
    pub scale: u32,
}

/// A scoring scheme that cannot rank anybody.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoringError(pub String);

impl fmt::Display for ScoringError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad scoring scheme: {}", self.0)
    }
}

impl std::error::Error for ScoringError {}

impl Scoring {
    /// Rule 14.1: win 1, draw ½, loss 0 (counted in half points).
    pub const CLASSIC: Scoring = Scoring {
        win: 2,
        draw: 1,
        loss: 0,
        scale: 2,
    };

    /// The club and table-tennis scheme: win 2, draw 1, loss 0 per game.
    pub const TWO_ONE_ZERO: Scoring = Scoring {
        win: 2,
        draw: 1,
        loss: 0,
        scale: 1,
    };

    /// Checks win > loss, win ≥ draw ≥ loss, scale 1 or 2, and small enough values to never overflow.
    pub fn validate(&self) -> Result<(), ScoringError> {
        if !(self.scale == 1 || self.scale == 2) {
            return Err(ScoringError(format!(
                "scale must be 1 or 2, got {}",
                self.scale
            )));
        }
        if self.win > 100 {
            return Err(ScoringError(format!(
                "a win may be worth at most 100 units, got {}",
                self.win
            )));
        }
        if !(self.win > self.loss && self.win >= self.draw && self.draw >= self.loss) {
            return Err(ScoringError(format!(
                "need win > loss and win ≥ draw ≥ loss, got {}/{}/{}",
                self.win, self.draw, self.loss
            )));
        }
        Ok(())
    }

    /// Units earned by one game result.
    pub fn units(&self, p: Personal) -> u32 {
        match p {
            Personal::Win | Personal::ForfeitWin => self.win,
            Personal::Draw => self.draw,
            Personal::Loss => self.loss,
            Personal::ForfeitLoss => 0,
        }
    }

    /// `units` as an exact displayable number.
    pub fn value(&self, units: i64) -> Value {
        Value {
            units,
            scale: self.scale,
        }
    }
}

/// Rule 14.2 match points (场分) from the two teams' game points (局分): 2 win, 1 tie, 0 loss.
///
/// A match in which every board was a double forfeit scores nothing for either team (21.3/21.4).
pub fn match_points(first_units: u32, second_units: u32, all_double_forfeit: bool) -> (u32, u32) {
    if all_double_forfeit {
        return (0, 0);
    }
    match first_units.cmp(&second_units) {
        std::cmp::Ordering::Greater => (2, 0),
        std::cmp::Ordering::Equal => (1, 1),
        std::cmp::Ordering::Less => (0, 2),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        for o in Outcome::ALL {
            assert_eq!(o.notation().parse::<Outcome>(), Ok(o));
            assert_eq!(o.reversed().reversed(), o);
        }
        assert_eq!("1/2-1/2".parse::<Outcome>(), Ok(Outcome::Draw));
        assert!("2-0".parse::<Outcome>().is_err());
    }

    #[test]
    fn forfeits_follow_rule_21_4() {
        let s = Scoring::CLASSIC;
        assert_eq!(s.units(Outcome::FirstByForfeit.for_side(Side::First)), 2);
        assert_eq!(s.units(Outcome::FirstByForfeit.for_side(Side::Second)), 0);
        assert_eq!(s.units(Outcome::DoubleForfeit.for_side(Side::First)), 0);
        assert_eq!(s.units(Outcome::DoubleForfeit.for_side(Side::Second)), 0);
        let generous = Scoring {
            win: 3,
            draw: 2,
            loss: 1,
            scale: 1,
        };
        assert_eq!(generous.units(Personal::ForfeitLoss), 0);
        assert_eq!(generous.units(Personal::Loss), 1);
    }

    #[test]
    fn values_print_exactly() {
        assert_eq!(Value { units: 7, scale: 2 }.to_string(), "3.5");
        assert_eq!(
            Value {
                units: 13,
                scale: 4
            }
            .to_string(),
            "3.25"
        );
        assert_eq!(Value { units: 8, scale: 4 }.to_string(), "2");
        assert_eq!(
            Value {
                units: -3,
                scale: 2
            }
            .to_string(),
            "-1.5"
        );
    }

    #[test]
    fn match_points_rule_14_2() {
        assert_eq!(match_points(5, 3, false), (2, 0));
        assert_eq!(match_points(4, 4, false), (1, 1));
        assert_eq!(match_points(0, 0, true), (0, 0));
    }

    #[test]
    fn scoring_validation() {
        assert!(Scoring::CLASSIC.validate().is_ok());
        assert!(Scoring::TWO_ONE_ZERO.validate().is_ok());
        assert!(Scoring {
            win: 1,
            draw: 2,
            loss: 0,
            scale: 1
        }
        .validate()
        .is_err());
        assert!(Scoring {
            win: 2,
            draw: 1,
            loss: 0,
            scale: 3
        }
        .validate()
        .is_err());
    }
}
