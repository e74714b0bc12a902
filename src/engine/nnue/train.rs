//! The trainer behind `xq train`: the [network](super) in 32-bit floats, fitted by Adam to
//! labelled positions, then quantised to the integers the search evaluates with.
//!
//! Each position's target is λ·σ(score/K) + (1 − λ)·result, from the side to move (the search's
//! score squashed to a winning chance, blended with the game's result: 1 won, ½ drawn, 0 lost);
//! the loss is the mean squared error of σ(output/K) against it. Every batch is cut into
//! [`PARTS`] fixed parts whose gradients are summed in order, whatever the number of threads, so
//! a seed gives the same weights on any machine.

use super::data::Record;
use super::{feature, Network, HIDDEN, INPUTS, OUTPUT_CP, QA, QB};
use crate::rng::Rng;
use crate::xiangqi::Color;

/// The parts each batch is cut into (one or more to a thread).
pub const PARTS: usize = 4;
/// The largest input weight, so that 32 pieces' sum still fits an i16 accumulator.
const MAX_W1: f32 = 900.0 / QA as f32;
/// The most pieces on a board.
const MAX_PIECES: usize = 32;

/// How to train.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Passes over the training positions.
    pub epochs: usize,
    /// Positions per step.
    pub batch: usize,
    /// Adam's step size.
    pub lr: f32,
    /// The search score's share of the target (the result has the rest).
    pub lambda: f32,
    /// Centipawns per unit of the winning-chance curve σ(cp/K).
    pub k: f32,
    /// Seeds the first weights and the order of the positions.
    pub seed: u64,
    /// Threads to compute the gradients on.
    pub threads: usize,
    /// Games whose number is a multiple of this are held out for validation.
    pub hold_out: u32,
    /// Also trains on each position mirrored left to right (the rules do not tell the wings
    /// apart), twice the positions for nothing.
    pub mirror: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            epochs: 10,
            batch: 1024,
            lr: 0.002,
            lambda: 0.7,
            k: 400.0,
            seed: 1,
            threads: 2,
            hold_out: 10,
            mirror: true,
        }
    }
}

/// A position ready to train on: its inputs as each side sees them, and the target.
#[derive(Clone)]
pub struct Sample {
    inputs: [[u16; MAX_PIECES]; 2],
    pieces: u8,
    turn: Color,
    target: f32,
}

impl Sample {
    /// The sample of `r` with the target blending `lambda` of the score (curve `k`) and the rest
    /// of the result, from the side to move.
    pub fn new(r: &Record, lambda: f32, k: f32) -> Sample {
        let mut inputs = [[0u16; MAX_PIECES]; 2];
        let mut n = 0;
        for (sq, &code) in r.board.iter().enumerate().filter(|(_, &c)| c != 0) {
            if n == MAX_PIECES {
                break;
            }
            inputs[0][n] = feature(0, code, sq) as u16;
            inputs[1][n] = feature(1, code, sq) as u16;
            n += 1;
        }
        let red = r.turn == Color::Red;
        let score = if red {
            r.score as f32
        } else {
            -(r.score as f32)
        };
        let result = r.result as f32 / 2.0;
        let result = if red { result } else { 1.0 - result };
        Sample {
            inputs,
            pieces: n as u8,
            turn: r.turn,
            target: lambda * sigmoid(score / k) + (1.0 - lambda) * result,
        }
    }

    /// What the network is fitted to: the blended winning chance of the side to move.
    pub fn target(&self) -> f32 {
        self.target
    }

    fn seen_by(&self, side: usize) -> &[u16] {
        &self.inputs[side][..self.pieces as usize]
    }
}

/// The winning chance σ(x) of a score `x` in units of K.
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The float network's parameters in one vector: input weights, biases, output weights, bias.
struct Params(Vec<f32>);

const B1: usize = INPUTS * HIDDEN;
const W2: usize = B1 + HIDDEN;
const B2: usize = W2 + 2 * HIDDEN;
const LEN: usize = B2 + 1;

impl Params {
    fn random(seed: u64) -> Params {
        let mut rng = Rng::new(seed);
        let mut p = vec![0.0f32; LEN];
        let mut uniform = |a: f32| (rng.unit() as f32 * 2.0 - 1.0) * a;
        for w in &mut p[..B1] {
            *w = uniform(0.1);
        }
        for b in &mut p[B1..W2] {
            *b = 0.5;
        }
        for w in &mut p[W2..B2] {
            *w = uniform(0.1);
        }
        Params(p)
    }

    /// The accumulators (before clipping) of `s`, the side to move's first.
    fn accumulate(&self, s: &Sample) -> [[f32; HIDDEN]; 2] {
        let us = s.turn.index();
        let mut acc = [[0f32; HIDDEN]; 2];
        for (k, side) in [us, 1 - us].into_iter().enumerate() {
            acc[k].copy_from_slice(&self.0[B1..W2]);
            for &f in s.seen_by(side) {
                let col = &self.0[f as usize * HIDDEN..(f as usize + 1) * HIDDEN];
                for (a, w) in acc[k].iter_mut().zip(col) {
                    *a += w;
                }
            }
        }
        acc
    }

    /// The output (1.0 = [`OUTPUT_CP`] centipawns) from the accumulators.
    fn output(&self, acc: &[[f32; HIDDEN]; 2]) -> f32 {
        let w2 = &self.0[W2..B2];
        let mut out = self.0[B2];
        for k in 0..2 {
            for i in 0..HIDDEN {
                out += acc[k][i].clamp(0.0, 1.0) * w2[k * HIDDEN + i];
            }
        }
        out
    }

    /// Adds the gradient of `s`'s loss to `grad`; its loss.
    fn backprop(&self, s: &Sample, k: f32, grad: &mut [f32]) -> f32 {
        let acc = self.accumulate(s);
        let out = self.output(&acc);
        let scale = OUTPUT_CP as f32 / k;
        let p = sigmoid(out * scale);
        let err = p - s.target;
        let g = 2.0 * err * p * (1.0 - p) * scale;
        grad[B2] += g;
        let us = s.turn.index();
        for (kk, side) in [us, 1 - us].into_iter().enumerate() {
            let mut d_acc = [0f32; HIDDEN];
            for i in 0..HIDDEN {
                let a = acc[kk][i];
                grad[W2 + kk * HIDDEN + i] += g * a.clamp(0.0, 1.0);
                if a > 0.0 && a < 1.0 {
                    d_acc[i] = g * self.0[W2 + kk * HIDDEN + i];
                }
            }
            for (gb, d) in grad[B1..W2].iter_mut().zip(&d_acc) {
                *gb += d;
            }
            for &f in s.seen_by(side) {
                let col = &mut grad[f as usize * HIDDEN..(f as usize + 1) * HIDDEN];
                for (gw, d) in col.iter_mut().zip(&d_acc) {
                    *gw += d;
                }
            }
        }
        err * err
    }

    /// The integer network: each weight scaled and rounded.
    fn quantise(&self) -> Network {
        let q = |v: f32, scale: i32| (v * scale as f32).round().clamp(-32767.0, 32767.0) as i16;
        let w1 = self.0[..B1].iter().map(|&w| q(w, QA)).collect();
        let mut b1 = [0i16; HIDDEN];
        for (b, &v) in b1.iter_mut().zip(&self.0[B1..W2]) {
            *b = q(v, QA);
        }
        let mut w2 = [0i16; 2 * HIDDEN];
        for (w, &v) in w2.iter_mut().zip(&self.0[W2..B2]) {
            *w = q(v, QB);
        }
        let b2 = (self.0[B2] * (QA * QB) as f32).round() as i32;
        Network::new(w1, b1, w2, b2)
    }
}

/// Adam's running moments.
struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    t: i32,
}

impl Adam {
    fn step(&mut self, p: &mut [f32], g: &[f32], lr: f32) {
        const BETA1: f32 = 0.9;
        const BETA2: f32 = 0.999;
        self.t += 1;
        let (c1, c2) = (1.0 - BETA1.powi(self.t), 1.0 - BETA2.powi(self.t));
        for i in 0..p.len() {
            self.m[i] = BETA1 * self.m[i] + (1.0 - BETA1) * g[i];
            self.v[i] = BETA2 * self.v[i] + (1.0 - BETA2) * g[i] * g[i];
            p[i] -= lr * (self.m[i] / c1) / ((self.v[i] / c2).sqrt() + 1e-8);
        }
        for w in &mut p[..B1] {
            *w = w.clamp(-MAX_W1, MAX_W1);
        }
    }
}

/// One epoch's mean losses.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Epoch {
    /// On the positions trained on.
    pub train: f64,
    /// On the held-out positions.
    pub validation: f64,
}

/// What training made.
pub struct Trained {
    /// The quantised network of the epoch with the lowest validation loss.
    pub network: Network,
    /// Each epoch's losses.
    pub epochs: Vec<Epoch>,
    /// The best epoch (from 1).
    pub best: usize,
    /// The quantised network's validation loss, computed with the search's integer code.
    pub quantised_validation: f64,
}

/// Splits `records` into the training and the held-out samples.
pub fn samples(records: &[Record], s: &Settings) -> (Vec<Sample>, Vec<Sample>) {
    let (mut train, mut held) = (Vec::new(), Vec::new());
    for r in records {
        let sample = Sample::new(r, s.lambda, s.k);
        if s.hold_out > 0 && r.game.is_multiple_of(s.hold_out) {
            held.push(sample);
        } else {
            train.push(sample);
            if s.mirror {
                let mut m = r.clone();
                for (sq, code) in m.board.iter_mut().enumerate() {
                    *code = r.board[sq - sq % 9 + 8 - sq % 9];
                }
                train.push(Sample::new(&m, s.lambda, s.k));
            }
        }
    }
    (train, held)
}

/// Trains on `train`, validating on `held`; `on_epoch` hears each epoch's losses.
pub fn train(
    train: &[Sample],
    held: &[Sample],
    s: &Settings,
    on_epoch: &mut dyn FnMut(usize, Epoch),
) -> Trained {
    let mut params = Params::random(s.seed);
    let mut adam = Adam {
        m: vec![0.0; LEN],
        v: vec![0.0; LEN],
        t: 0,
    };
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut rng = Rng::new(s.seed ^ 0x5eed);
    let mut grads = vec![vec![0f32; LEN]; PARTS];
    let threads = s.threads.clamp(1, PARTS);
    let batch = s.batch.max(PARTS);
    let mut epochs = Vec::new();
    let mut best = (f64::INFINITY, 0, params.quantise());
    for epoch in 1..=s.epochs {
        rng.shuffle(&mut order);
        let mut total = 0.0f64;
        for chunk in order.chunks(batch) {
            let parts: Vec<&[usize]> = chunk.chunks(chunk.len().div_ceil(PARTS)).collect();
            let losses = gradients(&params, train, &parts, &mut grads, s.k, threads);
            total += losses;
            let (sum, rest) = grads.split_first_mut().unwrap_or_else(|| unreachable!());
            for g in rest.iter().take(parts.len() - 1) {
                for (a, b) in sum.iter_mut().zip(g) {
                    *a += b;
                }
            }
            let n = chunk.len() as f32;
            sum.iter_mut().for_each(|g| *g /= n);
            adam.step(&mut params.0, sum, s.lr);
        }
        let e = Epoch {
            train: total / train.len().max(1) as f64,
            validation: loss(&params, held, s.k),
        };
        on_epoch(epoch, e);
        epochs.push(e);
        if e.validation < best.0 {
            best = (e.validation, epoch, params.quantise());
        }
    }
    let quantised_validation = quantised_loss(&best.2, held, s.k);
    Trained {
        network: best.2,
        epochs,
        best: best.1,
        quantised_validation,
    }
}

/// Each part's gradient into its buffer (zeroed first), parts spread over `threads`; the summed
/// loss.
fn gradients(
    params: &Params,
    train: &[Sample],
    parts: &[&[usize]],
    grads: &mut [Vec<f32>],
    k: f32,
    threads: usize,
) -> f64 {
    let work = |part: &[usize], grad: &mut Vec<f32>| -> f64 {
        grad.fill(0.0);
        part.iter()
            .map(|&i| params.backprop(&train[i], k, grad) as f64)
            .sum()
    };
    let mut jobs: Vec<(&[usize], &mut Vec<f32>)> =
        parts.iter().copied().zip(grads.iter_mut()).collect();
    if threads == 1 {
        return jobs.iter_mut().map(|(p, g)| work(p, g)).sum();
    }
    let per = jobs.len().div_ceil(threads);
    let mut sums = Vec::new();
    let work = &work;
    std::thread::scope(|scope| {
        let handles: Vec<_> = jobs
            .chunks_mut(per)
            .map(|mine| {
                scope.spawn(move || {
                    mine.iter_mut()
                        .map(|(p, g)| work(p, g))
                        .collect::<Vec<f64>>()
                })
            })
            .collect();
        for h in handles {
            sums.extend(h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)));
        }
    });
    sums.into_iter().sum()
}

/// The float network's mean loss on `samples`.
fn loss(params: &Params, samples: &[Sample], k: f32) -> f64 {
    let scale = OUTPUT_CP as f32 / k;
    let total: f64 = samples
        .iter()
        .map(|s| {
            let e = sigmoid(params.output(&params.accumulate(s)) * scale) - s.target;
            (e * e) as f64
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// The integer network's mean loss on `samples`, through the search's own evaluation.
fn quantised_loss(net: &Network, samples: &[Sample], k: f32) -> f64 {
    let mut acc = super::Accumulator {
        v: [[0; HIDDEN]; 2],
    };
    let total: f64 = samples
        .iter()
        .map(|s| {
            for side in 0..2 {
                acc.v[side] = net.b1;
                for &f in s.seen_by(side) {
                    for (a, w) in acc.v[side].iter_mut().zip(net.column(f as usize)) {
                        *a = a.wrapping_add(*w);
                    }
                }
            }
            let e = sigmoid(net.evaluate(&acc, s.turn) as f32 / k) - s.target;
            (e * e) as f64
        })
        .sum();
    total / samples.len().max(1) as f64
}
