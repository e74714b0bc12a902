//! Learning the ECCO tree from tagged games (`xq eco train`): a greedy decision tree that asks,
//! at each node, the question that best separates the codes (information gain, as ID3 does).
//! It learns every game's prefixes too ([`with_prefixes`]), each with the commonest code of the
//! games through it, so that the board in the middle of an opening gets a code.

use super::{Ecco, Node, Test, Tree, PLIES};
use crate::xiangqi::{Color, Move};
use std::collections::HashMap;

/// "Within its first k moves", for these k: the code system looks at a side's first ten moves,
/// and at a few moves for the early formations.
const WITHIN: [u8; 7] = [2, 3, 4, 5, 6, 8, 10];

/// A game's first plies ([`super::normalise`]) and the code it is tagged with.
#[derive(Clone, Debug)]
pub struct Example {
    /// The plies, mirrored as the tree reads them.
    pub plies: Vec<Move>,
    /// The tag.
    pub code: Ecco,
    /// How many games these are (the leaves' weights for games still in their opening).
    pub games: u32,
}

/// `games` (normalised plies and tag) and all their prefixes, once each: a prefix's code is
/// the commonest code of the games through it (the first in code order on a tie), its weight
/// their number.
pub fn with_prefixes(games: &[(Vec<Move>, Ecco)]) -> Vec<Example> {
    let mut through: HashMap<&[Move], HashMap<Ecco, u32>> = HashMap::new();
    for (plies, code) in games {
        for len in 1..=plies.len().min(PLIES) {
            *through
                .entry(&plies[..len])
                .or_default()
                .entry(*code)
                .or_default() += 1;
        }
    }
    let mut out: Vec<Example> = through
        .into_iter()
        .map(|(plies, counts)| Example {
            plies: plies.to_vec(),
            code: majority(&counts),
            games: counts.values().sum(),
        })
        .collect();
    out.sort_by(|a, b| a.plies.cmp(&b.plies));
    out
}

/// Every question that holds for `plies`.
fn questions(plies: &[Move]) -> Vec<Test> {
    let mut out = Vec::new();
    for (n, &m) in plies.iter().take(PLIES).enumerate() {
        out.push(Test::Ply(n as u8, m));
        out.push(Test::Length(n as u8 + 1));
        let color = if n % 2 == 0 { Color::Red } else { Color::Black };
        let own = (n / 2) as u8;
        for k in WITHIN.into_iter().filter(|&k| k > own) {
            out.push(Test::Within(color, k, m));
        }
    }
    out.sort();
    out.dedup();
    out
}

fn entropy(counts: impl Iterator<Item = u32>, total: u32) -> f64 {
    if total == 0 {
        return 0.0;
    }
    let t = total as f64;
    counts
        .filter(|&c| c > 0)
        .map(|c| {
            let p = c as f64 / t;
            -p * p.log2()
        })
        .sum()
}

/// The commonest code (the first in code order on a tie).
fn majority(counts: &HashMap<Ecco, u32>) -> Ecco {
    let mut v: Vec<(&Ecco, &u32)> = counts.iter().collect();
    v.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    *v[0].0
}

struct Learner<'a> {
    questions: Vec<Vec<Test>>,
    examples: &'a [Example],
    min_leaf: u32,
    nodes: Vec<Node>,
}

impl Learner<'_> {
    /// The best question for the games `at` (with their code counts), if one gains anything.
    fn best(&self, at: &[u32], counts: &HashMap<Ecco, u32>) -> Option<Test> {
        let mut yes: HashMap<Test, HashMap<Ecco, u32>> = HashMap::new();
        for &i in at {
            let code = self.examples[i as usize].code;
            for &q in &self.questions[i as usize] {
                *yes.entry(q).or_default().entry(code).or_default() += 1;
            }
        }
        let total = at.len() as u32;
        let before = entropy(counts.values().copied(), total);
        let mut best: Option<(f64, Test)> = None;
        for (q, y) in &yes {
            let ny: u32 = y.values().sum();
            let nn = total - ny;
            if ny < self.min_leaf || nn < self.min_leaf {
                continue;
            }
            let no = counts
                .iter()
                .map(|(c, &n)| n - y.get(c).copied().unwrap_or(0));
            let after = (ny as f64 * entropy(y.values().copied(), ny)
                + nn as f64 * entropy(no, nn))
                / total as f64;
            let gain = before - after;
            let better = match best {
                None => gain > 1e-9,
                Some((g, t)) => gain > g + 1e-9 || ((gain - g).abs() <= 1e-9 && *q < t),
            };
            if better {
                best = Some((gain, *q));
            }
        }
        best.map(|(_, q)| q)
    }

    /// Builds the subtree of the games `at`; returns its root's index.
    fn grow(&mut self, at: Vec<u32>) -> u32 {
        let mut counts: HashMap<Ecco, u32> = HashMap::new();
        for &i in &at {
            *counts.entry(self.examples[i as usize].code).or_default() += 1;
        }
        let index = self.nodes.len() as u32;
        let split = if counts.len() > 1 {
            self.best(&at, &counts)
        } else {
            None
        };
        let Some(test) = split else {
            let games = at.iter().map(|&i| self.examples[i as usize].games).sum();
            self.nodes.push(Node::Leaf(majority(&counts), games));
            return index;
        };
        self.nodes.push(Node::Leaf(majority(&counts), 0));
        let (y, n): (Vec<u32>, Vec<u32>) = at
            .into_iter()
            .partition(|&i| test.holds(&self.examples[i as usize].plies));
        let yes = self.grow(y);
        let no = self.grow(n);
        self.nodes[index as usize] = Node::Split { test, yes, no };
        index
    }
}

/// The tree that sorts `examples` by their codes, splitting no node into a part of fewer than
/// `min_leaf` games; `None` when there is no example.
pub fn learn(examples: &[Example], min_leaf: u32) -> Option<Tree> {
    if examples.is_empty() {
        return None;
    }
    let mut learner = Learner {
        questions: examples.iter().map(|e| questions(&e.plies)).collect(),
        examples,
        min_leaf: min_leaf.max(1),
        nodes: Vec::new(),
    };
    learner.grow((0..examples.len() as u32).collect());
    Tree::from_nodes(learner.nodes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ex(iccs: &str, code: &str) -> Example {
        Example {
            plies: iccs
                .split_whitespace()
                .map(|m| Move::from_iccs(m).unwrap())
                .collect(),
            code: Ecco::parse(code).unwrap(),
            games: 1,
        }
    }

    #[test]
    fn learns_a_tree_that_sorts_its_examples() {
        let examples = vec![
            ex("h2e2 h9g7 h0g2 b9c7", "C00"),
            ex("h2e2 b9c7 h0g2 h9g7", "C00"),
            ex("h2e2 h7e7 h0g2 h9g7", "D00"),
            ex("g3g4 c6c5", "E00"),
            ex("g3g4 h7g7", "E10"),
        ];
        let tree = learn(&examples, 1).unwrap();
        for e in &examples {
            assert_eq!(tree.code(&e.plies), e.code);
        }
        // Order does not matter for "within": the two 屏风马 orders need no separate leaves.
        assert!(tree.len() <= 7, "{}", tree.write());
    }

    #[test]
    fn prefixes_take_the_commonest_code_of_their_games() {
        let games: Vec<(Vec<Move>, Ecco)> = [
            ("h2e2 h9g7 h0g2", "C00"),
            ("h2e2 h9g7 b0c2", "C10"),
            ("h2e2 h9g7 b0c2", "C10"),
        ]
        .iter()
        .map(|(m, c)| (ex(m, c).plies, ex(m, c).code))
        .collect();
        let examples = with_prefixes(&games);
        assert_eq!(examples.len(), 4);
        let h2e2 = &examples[0];
        assert_eq!(
            (h2e2.plies.len(), h2e2.code.to_string(), h2e2.games),
            (1, "C10".into(), 3)
        );
        let tree = learn(&examples, 1).unwrap();
        assert_eq!(tree.code(&ex("h2e2 h9g7", "C00").plies).to_string(), "C10");
        assert_eq!(
            tree.code(&ex("h2e2 h9g7 h0g2", "C00").plies).to_string(),
            "C00"
        );
    }

    #[test]
    fn min_leaf_keeps_rare_games_from_splitting_off() {
        let mut examples = vec![ex("h2e2 h9g7", "C00"); 5];
        examples.push(ex("h2e2 h9g7 h0g2", "C01"));
        let tree = learn(&examples, 2).unwrap();
        assert_eq!(tree.len(), 1);
        assert!(learn(&[], 1).is_none());
    }
}
