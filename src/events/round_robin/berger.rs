//! Berger round-robin tables (FIDE Handbook C.05 Annex 1 = 附录一 循环赛对局秩序表 of the 1999 rules).
//!
//! Rule 13.1: in each pairing the number listed first plays Red. Rule 13.5: the second cycle of a
//! double round robin repeats the first with colours swapped.

use crate::rng::Rng;
use std::fmt;

/// The largest field a table is built for: far beyond any club event, small enough to print.
pub const MAX_ENTRANTS: usize = 500;

/// One pairing of a round, by pairing number (1-based); the first-listed number plays Red (13.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pairing {
    /// Pairing number of the entrant with Red (listed first).
    pub red: usize,
    /// Pairing number of the entrant with Black (listed second).
    pub black: usize,
}

impl Pairing {
    /// Whether `number` takes part in this pairing.
    pub fn involves(&self, number: usize) -> bool {
        self.red == number || self.black == number
    }

    /// The other number of the pairing, if `number` takes part.
    pub fn opponent_of(&self, number: usize) -> Option<usize> {
        if self.red == number {
            Some(self.black)
        } else if self.black == number {
            Some(self.red)
        } else {
            None
        }
    }

    /// The same two entrants with colours swapped (second cycle, rule 13.5).
    pub fn swapped(&self) -> Pairing {
        Pairing {
            red: self.black,
            black: self.red,
        }
    }
}

/// Why a Berger table cannot be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BergerError {
    /// Fewer than two entrants: nobody to pair.
    TooFewEntrants(usize),
    /// More entrants than [`MAX_ENTRANTS`].
    TooManyEntrants(usize),
}

impl fmt::Display for BergerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BergerError::TooFewEntrants(n) => {
                write!(f, "a round robin needs at least 2 entrants, got {n}")
            }
            BergerError::TooManyEntrants(n) => {
                write!(f, "at most {MAX_ENTRANTS} entrants are supported, got {n}")
            }
        }
    }
}

impl std::error::Error for BergerError {}

/// The complete pairing table of a single or double round robin.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BergerTable {
    entrants: usize,
    double: bool,
    rounds: Vec<Vec<Pairing>>,
}

impl BergerTable {
    /// The FIDE Berger table for `entrants` (odd: the extra number is the bye, 轮空), one or two cycles.
    pub fn new(entrants: usize, double: bool) -> Result<BergerTable, BergerError> {
        check_size(entrants)?;
        let slots = entrants + entrants % 2;
        let mut rounds: Vec<Vec<Pairing>> = (1..slots).map(|r| berger_round(slots, r)).collect();
        if double {
            let second: Vec<Vec<Pairing>> = rounds
                .iter()
                .map(|round| round.iter().map(Pairing::swapped).collect())
                .collect();
            rounds.extend(second);
        }
        Ok(BergerTable {
            entrants,
            double,
            rounds,
        })
    }

    /// Number of real entrants (without the bye).
    pub fn entrants(&self) -> usize {
        self.entrants
    }

    /// Whether the table has two cycles.
    pub fn is_double(&self) -> bool {
        self.double
    }

    /// The pairing number that stands for the bye, when the field is odd.
    pub fn bye(&self) -> Option<usize> {
        (self.entrants % 2 == 1).then_some(self.entrants + 1)
    }

    /// Whether `number` is the bye rather than an entrant.
    pub fn is_bye(&self, number: usize) -> bool {
        self.bye() == Some(number)
    }

    /// Number of rounds: (n−1) per cycle for even n, n per cycle for odd n.
    pub fn round_count(&self) -> usize {
        self.rounds.len()
    }

    /// All rounds, each in table order (the bye pairing included where the field is odd).
    pub fn rounds(&self) -> &[Vec<Pairing>] {
        &self.rounds
    }

    /// Pairings of round `round` (1-based), or `None` past the last round.
    pub fn round(&self, round: usize) -> Option<&[Pairing]> {
        round
            .checked_sub(1)
            .and_then(|i| self.rounds.get(i))
            .map(Vec::as_slice)
    }

    /// The real games of round `round` (1-based): pairings without the bye.
    pub fn games(&self, round: usize) -> Vec<Pairing> {
        round
            .checked_sub(1)
            .and_then(|i| self.rounds.get(i))
            .map(|ps| {
                ps.iter()
                    .copied()
                    .filter(|p| !self.is_bye(p.red) && !self.is_bye(p.black))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// One round in FIDE layout, e.g. `Rd 1: 1-8 2-7 3-6 4-5`, the bye written `bye`.
    pub fn fide_line(&self, round: usize) -> Option<String> {
        let pairings = self.rounds.get(round.checked_sub(1)?)?;
        let name = |n: usize| {
            if self.is_bye(n) {
                "bye".to_string()
            } else {
                n.to_string()
            }
        };
        let cells: Vec<String> = pairings
            .iter()
            .map(|p| format!("{}-{}", name(p.red), name(p.black)))
            .collect();
        Some(format!("Rd {round}: {}", cells.join(" ")))
    }
}

impl fmt::Display for BergerTable {
    /// One line per round in FIDE layout.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 1..=self.round_count() {
            if let Some(line) = self.fide_line(r) {
                writeln!(f, "{line}")?;
            }
        }
        Ok(())
    }
}

/// Whether a round robin of `entrants` can be drawn (2 to [`MAX_ENTRANTS`]), without building it.
pub fn check_size(entrants: usize) -> Result<(), BergerError> {
    if entrants < 2 {
        return Err(BergerError::TooFewEntrants(entrants));
    }
    if entrants > MAX_ENTRANTS {
        return Err(BergerError::TooManyEntrants(entrants));
    }
    Ok(())
}

/// The number of rounds for `entrants` (as [`BergerTable::round_count`], without building the
/// table): (n−1) per cycle for even n, n for odd n; 0 below 2 entrants.
pub fn round_count(entrants: usize, double: bool) -> usize {
    if entrants < 2 {
        return 0;
    }
    (entrants + entrants % 2 - 1) * if double { 2 } else { 1 }
}

/// Round `round` (1-based, ≤ slots−1) of the Berger table for an even number of `slots`.
///
/// Player `slots` meets `x` with 2x ≡ r+1 (mod slots−1); it has Black in odd rounds and Red in even
/// rounds. The other pairings are (x+j)–(x−j) modulo slots−1, read in 1..slots−1, first one Red.
pub fn berger_round(slots: usize, round: usize) -> Vec<Pairing> {
    debug_assert!(slots >= 2 && slots.is_multiple_of(2) && (1..slots).contains(&round));
    let m = slots - 1;
    let x = if round % 2 == 1 {
        round.div_ceil(2)
    } else {
        (round + slots) / 2
    };
    // Numbers 1..=m on the circle; `wrap` maps any integer onto it.
    let wrap = |v: isize| -> usize { (v - 1).rem_euclid(m as isize) as usize + 1 };
    let mut pairings = Vec::with_capacity(slots / 2);
    pairings.push(if round % 2 == 1 {
        Pairing {
            red: x,
            black: slots,
        }
    } else {
        Pairing {
            red: slots,
            black: x,
        }
    });
    for j in 1..slots / 2 {
        let j = j as isize;
        pairings.push(Pairing {
            red: wrap(x as isize + j),
            black: wrap(x as isize - j),
        });
    }
    pairings
}

/// The pairings of one round (1-based) of the table for `entrants`, without building the whole
/// table; `None` past the last round.
pub fn round_of(entrants: usize, double: bool, round: usize) -> Option<Vec<Pairing>> {
    let slots = entrants + entrants % 2;
    let per_cycle = slots.checked_sub(1).filter(|&m| m > 0)?;
    let cycles = if double { 2 } else { 1 };
    if round == 0 || round > per_cycle * cycles {
        return None;
    }
    let first = berger_round(slots, (round - 1) % per_cycle + 1);
    Some(if round > per_cycle {
        first.iter().map(Pairing::swapped).collect()
    } else {
        first
    })
}

/// A reproducible draw of lots: `result[i]` is the pairing number (1-based) given to entrant `i`.
pub fn draw_lots(entrants: usize, seed: u64) -> Vec<usize> {
    let mut numbers: Vec<usize> = (1..=entrants).collect();
    Rng::new(seed).shuffle(&mut numbers);
    numbers
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_count_without_the_table() {
        for n in 0..=41 {
            for double in [false, true] {
                let built = BergerTable::new(n, double).map_or(0, |t| t.round_count());
                assert_eq!(
                    round_count(n, double),
                    built,
                    "{n} entrants, double {double}"
                );
            }
        }
        assert_eq!(round_count(500, false), 499);
        assert_eq!(round_count(499, true), 998);
    }

    #[test]
    fn four_players_match_fide() {
        let t = BergerTable::new(4, false).unwrap();
        assert_eq!(
            t.to_string(),
            "Rd 1: 1-4 2-3\nRd 2: 4-3 1-2\nRd 3: 2-4 3-1\n"
        );
    }

    #[test]
    fn odd_field_writes_bye() {
        let t = BergerTable::new(3, false).unwrap();
        assert_eq!(t.fide_line(1).unwrap(), "Rd 1: 1-bye 2-3");
        assert_eq!(t.games(1), vec![Pairing { red: 2, black: 3 }]);
        assert_eq!(t.bye(), Some(4));
    }

    #[test]
    fn bad_sizes_are_errors() {
        assert_eq!(
            BergerTable::new(1, false),
            Err(BergerError::TooFewEntrants(1))
        );
        assert!(BergerTable::new(MAX_ENTRANTS + 1, true).is_err());
        assert!(BergerTable::new(4, false).unwrap().fide_line(4).is_none());
    }

    #[test]
    fn single_rounds_match_the_table() {
        for n in 2..=11 {
            let t = BergerTable::new(n, true).unwrap();
            for r in 1..=t.round_count() {
                assert_eq!(round_of(n, true, r).as_deref(), t.round(r));
            }
            assert_eq!(round_of(n, true, t.round_count() + 1), None);
            assert_eq!(round_of(n, false, 0), None);
        }
    }

    #[test]
    fn lots_are_a_permutation_fixed_by_seed() {
        let a = draw_lots(10, 42);
        assert_eq!(a, draw_lots(10, 42));
        let mut sorted = a.clone();
        sorted.sort();
        assert_eq!(sorted, (1..=10).collect::<Vec<_>>());
        assert_ne!(a, draw_lots(10, 43));
    }
}
