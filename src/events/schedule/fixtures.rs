//! The required matches: Berger rounds for a round robin, or snake-seeded groups plus a crossover knockout.

use super::model::{Format, Problem};
use crate::events::round_robin::round_of;
use serde::{Deserialize, Serialize};
use std::fmt;

/// One side of a fixture: a known entrant, or a seat filled later ("A1", "W QF1").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Contender {
    /// Entrant index (0-based).
    Entrant(usize),
    /// Placeholder for a knockout seat.
    Seat(String),
}

/// Which part of the event a fixture belongs to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Round robin of the whole field; `round` is its Berger round (0-based).
    RoundRobin {
        /// Berger round (0-based).
        round: usize,
    },
    /// Group round robin; `group` 0 is group A.
    Group {
        /// Group index (0 = A).
        group: usize,
        /// Berger round within the group (0-based).
        round: usize,
    },
    /// Knockout; `round` 0 is the crossover round, and the final and third place share the last.
    Knockout {
        /// Knockout round (0-based).
        round: usize,
        /// Short label: QF1, SF2, F, 3rd.
        label: String,
    },
}

/// One required match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fixture {
    /// First-named side (serves first / home).
    pub a: Contender,
    /// Second-named side.
    pub b: Contender,
    /// Where it belongs.
    pub stage: Phase,
}

impl Fixture {
    /// Both entrants when the fixture is between known entrants.
    pub fn entrants(&self) -> Option<(usize, usize)> {
        match (&self.a, &self.b) {
            (Contender::Entrant(a), Contender::Entrant(b)) => Some((*a, *b)),
            _ => None,
        }
    }

    /// The same match in the round-robin event (rounds view): `(round, red, black)`, 1-based, with
    /// entrants numbered as listed; `None` outside a whole-field round robin.
    pub fn berger_pairing(&self) -> Option<(usize, usize, usize)> {
        match (&self.stage, self.entrants()) {
            (Phase::RoundRobin { round }, Some((a, b))) => Some((round + 1, a + 1, b + 1)),
            _ => None,
        }
    }

    /// Knockout round, if a knockout fixture.
    pub fn knockout_round(&self) -> Option<usize> {
        match self.stage {
            Phase::Knockout { round, .. } => Some(round),
            _ => None,
        }
    }
}

/// A side's display name given the entrant names.
pub fn side_name(side: &Contender, names: &[String]) -> String {
    match side {
        Contender::Entrant(i) => names
            .get(*i)
            .cloned()
            .unwrap_or_else(|| format!("#{}", i + 1)),
        Contender::Seat(s) => s.clone(),
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Phase::RoundRobin { round } => write!(f, "R{}", round + 1),
            Phase::Group { group, round } => {
                write!(f, "Group {} R{}", group_letter(*group), round + 1)
            }
            Phase::Knockout { label, .. } => write!(f, "{label}"),
        }
    }
}

/// Group letter: 0 → 'A'.
pub fn group_letter(group: usize) -> char {
    (b'A' + (group % 26) as u8) as char
}

/// The Berger rounds of the round-robin module (one generator for both views), 0-based and without
/// the bye: `rounds[r] = [(a, b), …]` over entrants `0..n`, `a` named first (Red, rule 13.1). Round
/// `r` here is round `r + 1` of [`BergerTable`](crate::events::round_robin::BergerTable).
pub fn berger_rounds(n: usize) -> Vec<Vec<(usize, usize)>> {
    if n < 2 {
        return Vec::new();
    }
    (1..)
        .map_while(|r| round_of(n, false, r))
        .map(|round| {
            round
                .into_iter()
                .filter(|p| p.red <= n && p.black <= n)
                .map(|p| (p.red - 1, p.black - 1))
                .collect()
        })
        .collect()
}

/// Snake seeding into `groups`: seeds 1..G go A..; the next row runs back, and so on.
pub fn snake_groups(entrants: usize, groups: usize) -> Vec<Vec<usize>> {
    let mut out = vec![Vec::new(); groups.max(1)];
    for seed in 0..entrants {
        let row = seed / groups.max(1);
        let col = seed % groups.max(1);
        let g = if row.is_multiple_of(2) {
            col
        } else {
            groups - 1 - col
        };
        out[g].push(seed);
    }
    out
}

fn round_name(matches: usize) -> &'static str {
    match matches {
        1 => "F",
        2 => "SF",
        4 => "QF",
        8 => "R16",
        _ => "R32",
    }
}

/// The knockout after `groups` groups (top two go through), round by round.
///
/// The crossover round pairs groups A/B, C/D, …: X1–Y2 in the top half, Y1–X2 in the bottom half, so
/// two group winners of a pair can only meet in the final. The final round also holds the third-place match.
pub fn knockout_rounds(groups: usize) -> Vec<Vec<Fixture>> {
    let mut rounds: Vec<Vec<Fixture>> = Vec::new();
    let mut first = Vec::new();
    let pairs = groups / 2;
    let seat = |g: usize, place: usize| Contender::Seat(format!("{}{}", group_letter(g), place));
    let mut crossings = Vec::new();
    for k in 0..pairs {
        crossings.push((seat(2 * k, 1), seat(2 * k + 1, 2)));
    }
    for k in 0..pairs {
        crossings.push((seat(2 * k + 1, 1), seat(2 * k, 2)));
    }
    let name = round_name(crossings.len());
    for (i, (a, b)) in crossings.into_iter().enumerate() {
        first.push(Fixture {
            a,
            b,
            stage: Phase::Knockout {
                round: 0,
                label: format!("{name}{}", i + 1),
            },
        });
    }
    rounds.push(first);
    loop {
        let prev = rounds.last().expect("first round pushed");
        // Stop once the last round is the final (with its third-place match) or a lone match.
        if prev.len() < 2
            || prev
                .iter()
                .any(|f| matches!(&f.stage, Phase::Knockout { label, .. } if label == "F"))
        {
            break;
        }
        let labels: Vec<String> = prev
            .iter()
            .map(|f| match &f.stage {
                Phase::Knockout { label, .. } => label.clone(),
                _ => String::new(),
            })
            .collect();
        let round = rounds.len();
        let count = labels.len() / 2;
        let mut next = Vec::new();
        if count == 1 {
            next.push(Fixture {
                a: Contender::Seat(format!("W {}", labels[0])),
                b: Contender::Seat(format!("W {}", labels[1])),
                stage: Phase::Knockout {
                    round,
                    label: "F".into(),
                },
            });
            next.push(Fixture {
                a: Contender::Seat(format!("L {}", labels[0])),
                b: Contender::Seat(format!("L {}", labels[1])),
                stage: Phase::Knockout {
                    round,
                    label: "3rd".into(),
                },
            });
        } else {
            let name = round_name(count);
            for i in 0..count {
                next.push(Fixture {
                    a: Contender::Seat(format!("W {}", labels[2 * i])),
                    b: Contender::Seat(format!("W {}", labels[2 * i + 1])),
                    stage: Phase::Knockout {
                        round,
                        label: format!("{name}{}", i + 1),
                    },
                });
            }
        }
        rounds.push(next);
    }
    rounds
}

impl Problem {
    /// Every required match, in a playable order (Berger rounds; group stage before knockout).
    pub fn fixtures(&self) -> Vec<Fixture> {
        let n = self.entrants.len();
        let mut out = Vec::new();
        match self.format {
            Format::RoundRobin { double } => {
                let rounds = berger_rounds(n);
                for (r, round) in rounds.iter().enumerate() {
                    for &(a, b) in round {
                        out.push(Fixture {
                            a: Contender::Entrant(a),
                            b: Contender::Entrant(b),
                            stage: Phase::RoundRobin { round: r },
                        });
                    }
                }
                if double {
                    let k = rounds.len();
                    for (r, round) in rounds.iter().enumerate() {
                        for &(a, b) in round {
                            out.push(Fixture {
                                a: Contender::Entrant(b),
                                b: Contender::Entrant(a),
                                stage: Phase::RoundRobin { round: k + r },
                            });
                        }
                    }
                }
            }
            Format::GroupsKnockout { groups } => {
                let members = snake_groups(n, groups);
                let per_group: Vec<Vec<Vec<(usize, usize)>>> =
                    members.iter().map(|m| berger_rounds(m.len())).collect();
                let most = per_group.iter().map(Vec::len).max().unwrap_or(0);
                for r in 0..most {
                    for (g, rounds) in per_group.iter().enumerate() {
                        for &(a, b) in rounds.get(r).into_iter().flatten() {
                            out.push(Fixture {
                                a: Contender::Entrant(members[g][a]),
                                b: Contender::Entrant(members[g][b]),
                                stage: Phase::Group { group: g, round: r },
                            });
                        }
                    }
                }
                out.extend(knockout_rounds(groups).into_iter().flatten());
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn berger_rounds_meet_everyone_once() {
        for n in 3..=20 {
            let rounds = berger_rounds(n);
            let mut met = vec![vec![0; n]; n];
            for round in &rounds {
                let mut busy = vec![false; n];
                for &(a, b) in round {
                    assert!(!busy[a] && !busy[b]);
                    busy[a] = true;
                    busy[b] = true;
                    met[a][b] += 1;
                    met[b][a] += 1;
                }
            }
            for (a, row) in met.iter().enumerate() {
                for (b, &c) in row.iter().enumerate() {
                    assert_eq!(c, usize::from(a != b), "n={n} {a}-{b}");
                }
            }
        }
    }

    #[test]
    fn berger_rounds_are_the_round_robin_table() {
        use crate::events::round_robin::BergerTable;
        for n in 2..=13 {
            let table = BergerTable::new(n, false).unwrap();
            let ours = berger_rounds(n);
            assert_eq!(ours.len(), table.round_count());
            for (r, round) in ours.iter().enumerate() {
                let games: Vec<(usize, usize)> = table
                    .games(r + 1)
                    .iter()
                    .map(|p| (p.red - 1, p.black - 1))
                    .collect();
                assert_eq!(*round, games, "n={n} round {}", r + 1);
            }
        }
    }

    #[test]
    fn snake_gives_5_5_5_4_for_19() {
        let g = snake_groups(19, 4);
        let sizes: Vec<usize> = g.iter().map(Vec::len).collect();
        assert_eq!(sizes, vec![5, 5, 5, 4]);
        assert_eq!(g[0], vec![0, 7, 8, 15, 16]);
        assert_eq!(g[3], vec![3, 4, 11, 12]);
    }

    #[test]
    fn crossover_keeps_group_winners_apart() {
        let r = knockout_rounds(4);
        let names: Vec<String> = r[0]
            .iter()
            .map(|f| format!("{:?}-{:?}", f.a, f.b))
            .collect();
        assert!(names[0].contains("A1") && names[0].contains("B2"));
        assert!(names[2].contains("B1") && names[2].contains("A2"));
        assert_eq!(r.len(), 3);
        assert_eq!(r[1].len(), 2);
        assert_eq!(r[2].len(), 2);
    }
}
