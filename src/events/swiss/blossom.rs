//! Maximum-weight matching in a general graph (Edmonds' blossom method with the primal-dual
//! weights of Galil, "Efficient algorithms for finding maximum matching in graphs", 1986), O(n³).
//! The Dutch system is written as one such matching whose weights encode its criteria.

// Index loops mirror the published algorithm step by step; iterators would hide that.
#![allow(clippy::needless_range_loop)]

use super::wide::Wide;

const NONE: usize = usize::MAX;

/// A complete graph on `n` vertices with wide edge weights; weight zero means "no edge".
#[derive(Clone, Debug)]
pub struct Matcher<const L: usize> {
    n: usize,
    weights: Vec<Wide<L>>,
}

impl<const L: usize> Matcher<L> {
    /// `n` vertices, no edges.
    pub fn new(n: usize) -> Self {
        Matcher {
            n,
            weights: vec![Wide::ZERO; n * n],
        }
    }

    /// Sets the weight of edge `{a, b}`.
    pub fn set(&mut self, a: usize, b: usize, w: Wide<L>) {
        if a != b {
            self.weights[a * self.n + b] = w;
            self.weights[b * self.n + a] = w;
        }
    }

    /// A matching of maximum total weight: `mate[v]` is v's partner, or `v` when unmatched.
    pub fn solve(&self) -> Vec<usize> {
        let mut edges = Vec::new();
        for i in 0..self.n {
            for j in i + 1..self.n {
                let w = self.weights[i * self.n + j];
                if !w.is_zero() {
                    edges.push((i, j, w.double()));
                }
            }
        }
        let mate = Blossom::new(self.n, edges).run();
        mate.iter()
            .enumerate()
            .map(|(v, &m)| if m == NONE { v } else { m })
            .collect()
    }
}

/// The working state of one matching computation (vertices `0..n`, blossoms `n..2n`).
struct Blossom<const L: usize> {
    n: usize,
    edges: Vec<(usize, usize, Wide<L>)>,
    endpoint: Vec<usize>,
    neighbend: Vec<Vec<usize>>,
    mate: Vec<usize>,
    label: Vec<u8>,
    labelend: Vec<usize>,
    inblossom: Vec<usize>,
    parent: Vec<usize>,
    childs: Vec<Vec<usize>>,
    base: Vec<usize>,
    endps: Vec<Vec<usize>>,
    bestedge: Vec<usize>,
    bestedges: Vec<Option<Vec<usize>>>,
    unused: Vec<usize>,
    dual: Vec<Wide<L>>,
    allowed: Vec<bool>,
    queue: Vec<usize>,
}

impl<const L: usize> Blossom<L> {
    fn new(n: usize, edges: Vec<(usize, usize, Wide<L>)>) -> Self {
        let maxw = edges.iter().map(|e| e.2).max().unwrap_or(Wide::ZERO);
        let mut endpoint = Vec::with_capacity(2 * edges.len());
        let mut neighbend = vec![Vec::new(); n];
        for (k, &(i, j, _)) in edges.iter().enumerate() {
            endpoint.push(i);
            endpoint.push(j);
            neighbend[i].push(2 * k + 1);
            neighbend[j].push(2 * k);
        }
        let mut dual = vec![maxw; n];
        dual.extend(std::iter::repeat_n(Wide::ZERO, n));
        let mut base: Vec<usize> = (0..n).collect();
        base.extend(std::iter::repeat_n(NONE, n));
        Blossom {
            n,
            endpoint,
            neighbend,
            mate: vec![NONE; n],
            label: vec![0; 2 * n],
            labelend: vec![NONE; 2 * n],
            inblossom: (0..n).collect(),
            parent: vec![NONE; 2 * n],
            childs: vec![Vec::new(); 2 * n],
            base,
            endps: vec![Vec::new(); 2 * n],
            bestedge: vec![NONE; 2 * n],
            bestedges: vec![None; 2 * n],
            unused: (n..2 * n).collect(),
            dual,
            allowed: vec![false; edges.len()],
            queue: Vec::new(),
            edges,
        }
    }

    /// Twice the slack of edge `k` (valid between top-level blossoms).
    fn slack(&self, k: usize) -> Wide<L> {
        let (i, j, w) = self.edges[k];
        self.dual[i].add(self.dual[j]).sub(w.double())
    }

    fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.n {
            out.push(b);
        } else {
            for &t in &self.childs[b] {
                self.leaves(t, out);
            }
        }
    }

    fn leaves_of(&self, b: usize) -> Vec<usize> {
        let mut v = Vec::new();
        self.leaves(b, &mut v);
        v
    }

    fn assign_label(&mut self, w: usize, t: u8, p: usize) {
        let b = self.inblossom[w];
        self.label[w] = t;
        self.label[b] = t;
        self.labelend[w] = p;
        self.labelend[b] = p;
        self.bestedge[w] = NONE;
        self.bestedge[b] = NONE;
        if t == 1 {
            let l = self.leaves_of(b);
            self.queue.extend(l);
        } else if t == 2 {
            let base = self.base[b];
            let m = self.mate[base];
            self.assign_label(self.endpoint[m], 1, m ^ 1);
        }
    }

    fn scan_blossom(&mut self, mut v: usize, mut w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        while v != NONE || w != NONE {
            let mut b = self.inblossom[v];
            if self.label[b] & 4 != 0 {
                base = self.base[b];
                break;
            }
            path.push(b);
            self.label[b] = 5;
            if self.labelend[b] == NONE {
                v = NONE;
            } else {
                v = self.endpoint[self.labelend[b]];
                b = self.inblossom[v];
                v = self.endpoint[self.labelend[b]];
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = 1;
        }
        base
    }

    fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w, _) = self.edges[k];
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let b = self.unused.pop().expect("blossom numbers");
        self.base[b] = base;
        self.parent[b] = NONE;
        self.parent[bb] = b;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.parent[bv] = b;
            path.push(bv);
            endps.push(self.labelend[bv]);
            v = self.endpoint[self.labelend[bv]];
            bv = self.inblossom[v];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(2 * k);
        while bw != bb {
            self.parent[bw] = b;
            path.push(bw);
            endps.push(self.labelend[bw] ^ 1);
            w = self.endpoint[self.labelend[bw]];
            bw = self.inblossom[w];
        }
        self.label[b] = 1;
        self.labelend[b] = self.labelend[bb];
        self.dual[b] = Wide::ZERO;
        self.childs[b] = path.clone();
        self.endps[b] = endps;
        for v in self.leaves_of(b) {
            if self.label[self.inblossom[v]] == 2 {
                self.queue.push(v);
            }
            self.inblossom[v] = b;
        }
        let mut bestedgeto = vec![NONE; 2 * self.n];
        for &bv in &path {
            let lists: Vec<Vec<usize>> = match self.bestedges[bv].take() {
                Some(list) => vec![list],
                None => self
                    .leaves_of(bv)
                    .into_iter()
                    .map(|v| self.neighbend[v].iter().map(|p| p / 2).collect())
                    .collect(),
            };
            for list in lists {
                for k in list {
                    let (mut i, mut j, _) = self.edges[k];
                    if self.inblossom[j] == b {
                        std::mem::swap(&mut i, &mut j);
                    }
                    let _ = i;
                    let bj = self.inblossom[j];
                    if bj != b
                        && self.label[bj] == 1
                        && (bestedgeto[bj] == NONE || self.slack(k) < self.slack(bestedgeto[bj]))
                    {
                        bestedgeto[bj] = k;
                    }
                }
            }
            self.bestedge[bv] = NONE;
        }
        let list: Vec<usize> = bestedgeto.into_iter().filter(|&k| k != NONE).collect();
        let mut best = NONE;
        for &k in &list {
            if best == NONE || self.slack(k) < self.slack(best) {
                best = k;
            }
        }
        self.bestedges[b] = Some(list);
        self.bestedge[b] = best;
    }

    fn expand_blossom(&mut self, b: usize, endstage: bool) {
        let childs = self.childs[b].clone();
        for &s in &childs {
            self.parent[s] = NONE;
            if s < self.n {
                self.inblossom[s] = s;
            } else if endstage && self.dual[s].is_zero() {
                self.expand_blossom(s, endstage);
            } else {
                for v in self.leaves_of(s) {
                    self.inblossom[v] = s;
                }
            }
        }
        if !endstage && self.label[b] == 2 {
            let entrychild = self.inblossom[self.endpoint[self.labelend[b] ^ 1]];
            let len = childs.len() as isize;
            let at = |j: isize| -> usize { j.rem_euclid(len) as usize };
            let mut j = childs.iter().position(|&c| c == entrychild).unwrap() as isize;
            let (jstep, endptrick): (isize, usize) = if j & 1 == 1 {
                j -= len;
                (1, 0)
            } else {
                (-1, 1)
            };
            let mut p = self.labelend[b];
            while j != 0 {
                self.label[self.endpoint[p ^ 1]] = 0;
                let e = self.endps[b][at(j - endptrick as isize)];
                self.label[self.endpoint[e ^ endptrick ^ 1]] = 0;
                self.assign_label(self.endpoint[p ^ 1], 2, p);
                self.allowed[e / 2] = true;
                j += jstep;
                p = self.endps[b][at(j - endptrick as isize)] ^ endptrick;
                self.allowed[p / 2] = true;
                j += jstep;
            }
            let bv = childs[at(j)];
            let ep = self.endpoint[p ^ 1];
            self.label[ep] = 2;
            self.label[bv] = 2;
            self.labelend[ep] = p;
            self.labelend[bv] = p;
            self.bestedge[bv] = NONE;
            j += jstep;
            while childs[at(j)] != entrychild {
                let bv = childs[at(j)];
                if self.label[bv] == 1 {
                    j += jstep;
                    continue;
                }
                let mut reached = NONE;
                for v in self.leaves_of(bv) {
                    if self.label[v] != 0 {
                        reached = v;
                        break;
                    }
                }
                if reached != NONE {
                    let v = reached;
                    self.label[v] = 0;
                    let m = self.mate[self.base[bv]];
                    self.label[self.endpoint[m]] = 0;
                    self.assign_label(v, 2, self.labelend[v]);
                }
                j += jstep;
            }
        }
        self.label[b] = 0;
        self.labelend[b] = NONE;
        self.childs[b] = Vec::new();
        self.endps[b] = Vec::new();
        self.base[b] = NONE;
        self.bestedges[b] = None;
        self.bestedge[b] = NONE;
        self.unused.push(b);
    }

    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.parent[t] != b {
            t = self.parent[t];
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let len = self.childs[b].len() as isize;
        let at = |j: isize| -> usize { j.rem_euclid(len) as usize };
        let i = self.childs[b].iter().position(|&c| c == t).unwrap();
        let mut j = i as isize;
        let (jstep, endptrick): (isize, usize) = if i & 1 == 1 {
            j -= len;
            (1, 0)
        } else {
            (-1, 1)
        };
        while j != 0 {
            j += jstep;
            let t = self.childs[b][at(j)];
            let p = self.endps[b][at(j - endptrick as isize)] ^ endptrick;
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p]);
            }
            j += jstep;
            let t = self.childs[b][at(j)];
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p ^ 1]);
            }
            self.mate[self.endpoint[p]] = p ^ 1;
            self.mate[self.endpoint[p ^ 1]] = p;
        }
        self.childs[b].rotate_left(i);
        self.endps[b].rotate_left(i);
        self.base[b] = self.base[self.childs[b][0]];
    }

    fn augment_matching(&mut self, k: usize) {
        let (v, w, _) = self.edges[k];
        for (mut s, mut p) in [(v, 2 * k + 1), (w, 2 * k)] {
            loop {
                let bs = self.inblossom[s];
                if bs >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p;
                if self.labelend[bs] == NONE {
                    break;
                }
                let t = self.endpoint[self.labelend[bs]];
                let bt = self.inblossom[t];
                s = self.endpoint[self.labelend[bt]];
                let j = self.endpoint[self.labelend[bt] ^ 1];
                if bt >= self.n {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = self.labelend[bt];
                p = self.labelend[bt] ^ 1;
            }
        }
    }

    /// Edmonds' method in stages: each stage grows alternating trees from the free vertices over
    /// tight edges until it augments the matching, moving the duals when it is stuck; it ends when
    /// a stage cannot augment.
    fn run(mut self) -> Vec<usize> {
        let n = self.n;
        for _ in 0..n {
            self.start_stage();
            if !self.stage_augments() {
                break;
            }
            // Blossoms whose dual reached zero cannot stay: expand them for the next stage.
            for b in n..2 * n {
                if self.parent[b] == NONE
                    && self.base[b] != NONE
                    && self.label[b] == 1
                    && self.dual[b].is_zero()
                {
                    self.expand_blossom(b, true);
                }
            }
        }
        (0..n)
            .map(|v| {
                if self.mate[v] == NONE {
                    NONE
                } else {
                    self.endpoint[self.mate[v]]
                }
            })
            .collect()
    }

    /// Clears the labels and labels every free vertex as the root of a tree (S).
    fn start_stage(&mut self) {
        let n = self.n;
        self.label.iter_mut().for_each(|l| *l = 0);
        self.bestedge.iter_mut().for_each(|e| *e = NONE);
        for b in n..2 * n {
            self.bestedges[b] = None;
        }
        self.allowed.iter_mut().for_each(|a| *a = false);
        self.queue.clear();
        for v in 0..n {
            if self.mate[v] == NONE && self.label[self.inblossom[v]] == 0 {
                self.assign_label(v, 1, NONE);
            }
        }
    }

    /// One stage: scans the queue, moving the duals whenever it empties; whether it augmented.
    fn stage_augments(&mut self) -> bool {
        loop {
            while let Some(v) = self.queue.pop() {
                if self.scan_vertex(v) {
                    return true;
                }
            }
            match self.dual_step() {
                DualStep::Optimal => return false,
                DualStep::Edge(k) => {
                    self.allowed[k] = true;
                    let (mut i, j, _) = self.edges[k];
                    if self.label[self.inblossom[i]] == 0 {
                        i = j;
                    }
                    self.queue.push(i);
                }
                DualStep::BetweenTrees(k) => {
                    self.allowed[k] = true;
                    let (i, _, _) = self.edges[k];
                    self.queue.push(i);
                }
                DualStep::Expand(b) => self.expand_blossom(b, false),
            }
        }
    }

    /// Looks at each edge of the S-vertex `v`: labels, makes a blossom or augments over a tight
    /// edge, else remembers the least slack; whether it augmented.
    fn scan_vertex(&mut self, v: usize) -> bool {
        for idx in 0..self.neighbend[v].len() {
            let p = self.neighbend[v][idx];
            let k = p / 2;
            let w = self.endpoint[p];
            if self.inblossom[v] == self.inblossom[w] {
                continue;
            }
            let mut kslack = Wide::ZERO;
            if !self.allowed[k] {
                kslack = self.slack(k);
                if kslack.is_zero() {
                    self.allowed[k] = true;
                }
            }
            if self.allowed[k] {
                if self.label[self.inblossom[w]] == 0 {
                    self.assign_label(w, 2, p ^ 1);
                } else if self.label[self.inblossom[w]] == 1 {
                    let base = self.scan_blossom(v, w);
                    if base == NONE {
                        self.augment_matching(k);
                        return true;
                    }
                    self.add_blossom(base, k);
                } else if self.label[w] == 0 {
                    self.label[w] = 2;
                    self.labelend[w] = p ^ 1;
                }
            } else if self.label[self.inblossom[w]] == 1 {
                let b = self.inblossom[v];
                if self.bestedge[b] == NONE || kslack < self.slack(self.bestedge[b]) {
                    self.bestedge[b] = k;
                }
            } else if self.label[w] == 0
                && (self.bestedge[w] == NONE || kslack < self.slack(self.bestedge[w]))
            {
                self.bestedge[w] = k;
            }
        }
        false
    }

    /// No augmenting path over tight edges: moves the duals by the least delta that makes an edge
    /// tight or a blossom's dual zero, and says which.
    fn dual_step(&mut self) -> DualStep {
        let n = self.n;
        let mut step = DualStep::Optimal;
        let mut delta = *self.dual[..n].iter().min().unwrap();
        for v in 0..n {
            if self.label[self.inblossom[v]] == 0 && self.bestedge[v] != NONE {
                let d = self.slack(self.bestedge[v]);
                if d < delta {
                    delta = d;
                    step = DualStep::Edge(self.bestedge[v]);
                }
            }
        }
        for b in 0..2 * n {
            if self.parent[b] == NONE && self.label[b] == 1 && self.bestedge[b] != NONE {
                let d = self.slack(self.bestedge[b]).half();
                if d < delta {
                    delta = d;
                    step = DualStep::BetweenTrees(self.bestedge[b]);
                }
            }
        }
        for b in n..2 * n {
            if self.base[b] != NONE
                && self.parent[b] == NONE
                && self.label[b] == 2
                && self.dual[b] < delta
            {
                delta = self.dual[b];
                step = DualStep::Expand(b);
            }
        }
        for v in 0..n {
            match self.label[self.inblossom[v]] {
                1 => self.dual[v] = self.dual[v].sub(delta),
                2 => self.dual[v] = self.dual[v].add(delta),
                _ => {}
            }
        }
        for b in n..2 * n {
            if self.base[b] != NONE && self.parent[b] == NONE {
                match self.label[b] {
                    1 => self.dual[b] = self.dual[b].add(delta),
                    2 => self.dual[b] = self.dual[b].sub(delta),
                    _ => {}
                }
            }
        }
        step
    }
}

/// What limited a dual step.
enum DualStep {
    /// A vertex's dual reached zero: the matching is optimal.
    Optimal,
    /// An edge from a tree to a free vertex became tight.
    Edge(usize),
    /// An edge between two S-blossoms became tight.
    BetweenTrees(usize),
    /// A T-blossom's dual reached zero: expand it.
    Expand(usize),
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solve(n: usize, edges: &[(usize, usize, u64)]) -> Vec<usize> {
        let mut m = Matcher::<2>::new(n);
        for &(a, b, w) in edges {
            m.set(a, b, Wide::from_u64(w));
        }
        m.solve()
    }

    /// Brute force: the best total weight over all matchings.
    fn best(n: usize, w: &[Vec<u64>], used: &mut Vec<bool>) -> u64 {
        let Some(i) = (0..n).find(|&i| !used[i]) else {
            return 0;
        };
        used[i] = true;
        let mut top = best(n, w, used);
        for j in i + 1..n {
            if !used[j] && w[i][j] > 0 {
                used[j] = true;
                top = top.max(w[i][j] + best(n, w, used));
                used[j] = false;
            }
        }
        used[i] = false;
        top
    }

    #[test]
    fn classic_blossom_cases() {
        // Van Rantwijk's published cases (vertex 0 unused).
        assert_eq!(solve(4, &[(1, 2, 10), (2, 3, 11)]), vec![0, 1, 3, 2]);
        assert_eq!(
            solve(5, &[(1, 2, 8), (1, 3, 9), (2, 3, 10), (3, 4, 7)]),
            vec![0, 2, 1, 4, 3]
        );
        assert_eq!(
            solve(
                9,
                &[
                    (1, 2, 23),
                    (1, 5, 22),
                    (1, 6, 15),
                    (2, 3, 25),
                    (3, 4, 22),
                    (4, 5, 25),
                    (4, 8, 14),
                    (5, 7, 13)
                ]
            ),
            vec![0, 6, 3, 2, 8, 7, 1, 5, 4]
        );
        assert_eq!(
            solve(
                13,
                &[
                    (1, 2, 45),
                    (1, 7, 45),
                    (2, 3, 50),
                    (3, 4, 45),
                    (4, 5, 95),
                    (4, 6, 94),
                    (5, 6, 94),
                    (6, 7, 50),
                    (1, 8, 30),
                    (3, 11, 35),
                    (5, 9, 36),
                    (7, 10, 26),
                    (11, 12, 5)
                ]
            ),
            vec![0, 8, 3, 2, 6, 9, 4, 10, 1, 5, 7, 12, 11]
        );
    }

    #[test]
    fn random_graphs_reach_the_brute_force_optimum() {
        let mut rng = crate::rng::Rng::new(11);
        for _ in 0..400 {
            let n = 2 + rng.below(9);
            let mut w = vec![vec![0u64; n]; n];
            let mut m = Matcher::<2>::new(n);
            for i in 0..n {
                for j in i + 1..n {
                    if rng.below(3) > 0 {
                        let x = 1 + rng.below(12) as u64;
                        w[i][j] = x;
                        w[j][i] = x;
                        m.set(i, j, Wide::from_u64(x));
                    }
                }
            }
            let mate = m.solve();
            let mut total = 0;
            for v in 0..n {
                assert_eq!(mate[mate[v]], v);
                if mate[v] > v {
                    total += w[v][mate[v]];
                }
            }
            assert_eq!(total, best(n, &w, &mut vec![false; n]));
        }
    }
}
