//! A small efficiently updatable neural network (NNUE) evaluation, off unless a weights file is
//! given (`setoption name EvalFile value PATH`): the hand-written [`eval`](super::eval) stays
//! the engine's default until the network wins its match (issue 58).
//!
//! Architecture: each side sees the board from its own seat through 1,260 inputs (7 roles ×
//! own/opponent × 90 points, the board turned 180° for Black), summed into an accumulator of
//! [`HIDDEN`] 16-bit values per side; the side to move's and the other's accumulators, clipped to
//! 0..=1 (a clipped ReLU), feed one output in centipawns. A move changes at most three inputs, so
//! the search updates the accumulators in make and drops them in unmake instead of summing again.
//!
//! Inference is integers only (i16 weights and accumulators, i32 sums), the same code natively and
//! in WebAssembly, so the two agree to the bit. [`data`] holds the training positions' format and
//! [`train`] the trainer (`xq data`, `xq train`).

pub mod data;
pub mod train;

use crate::xiangqi::{Color, Position};

/// Inputs per side: 7 roles × own/opponent × 90 points.
pub const INPUTS: usize = 2 * 7 * 90;
/// Accumulator values per side.
pub const HIDDEN: usize = 64;
/// The accumulator's scale: 1.0 of the float network is this much (the clipped ReLU's top).
pub const QA: i32 = 255;
/// The output weights' scale.
pub const QB: i32 = 64;
/// The network's output of 1.0 is this many centipawns.
pub const OUTPUT_CP: i32 = 400;
/// The largest score the network gives, kept well inside the search's mate scores.
pub const MAX_CP: i32 = 20_000;

/// What a weights file starts with.
const MAGIC: &[u8; 4] = b"XQNN";
/// The version of the weights file this build reads and writes.
const VERSION: u32 = 1;
/// The weights file's length: magic, version, hidden size, then the weights.
pub const FILE_BYTES: usize = 12 + 2 * (INPUTS * HIDDEN + HIDDEN + 2 * HIDDEN) + 4;

/// Why a weights file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetworkError {
    /// It does not start with `XQNN`.
    NotAWeightsFile,
    /// A version this build does not read.
    Version(u32),
    /// A hidden layer of another size than this build's [`HIDDEN`].
    Hidden(u32),
    /// Not [`FILE_BYTES`] long.
    Length(usize),
}

impl std::fmt::Display for NetworkError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NetworkError::NotAWeightsFile => write!(f, "not a network weights file (no XQNN)"),
            NetworkError::Version(v) => {
                write!(f, "weights file version {v}, this build reads {VERSION}")
            }
            NetworkError::Hidden(h) => write!(f, "a hidden layer of {h}, this build has {HIDDEN}"),
            NetworkError::Length(n) => write!(f, "{n} bytes, a weights file has {FILE_BYTES}"),
        }
    }
}

impl std::error::Error for NetworkError {}

/// The integer network: what the search evaluates with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    /// Input weights, [`HIDDEN`] per input (scaled by [`QA`]).
    w1: Vec<i16>,
    /// Accumulator biases (scaled by [`QA`]).
    b1: [i16; HIDDEN],
    /// Output weights: the side to move's [`HIDDEN`], then the other side's (scaled by [`QB`]).
    w2: [i16; 2 * HIDDEN],
    /// Output bias (scaled by [`QA`]·[`QB`]).
    b2: i32,
}

/// The input of `code` (a piece code, 1..=14) on point `sq` as `perspective` (0 Red, 1 Black)
/// sees it: its own pieces first, the board turned for Black.
#[inline(always)]
pub fn feature(perspective: usize, code: u8, sq: usize) -> usize {
    let c = code as usize - 1;
    let (side, role) = (c / 7, c % 7);
    let seat = if perspective == 0 { sq } else { 89 - sq };
    ((side != perspective) as usize * 7 + role) * 90 + seat
}

impl Network {
    /// A network from its parts (the trainer's quantised weights).
    pub fn new(w1: Vec<i16>, b1: [i16; HIDDEN], w2: [i16; 2 * HIDDEN], b2: i32) -> Network {
        assert_eq!(w1.len(), INPUTS * HIDDEN, "input weights of the wrong size");
        Network { w1, b1, w2, b2 }
    }

    /// Reads a weights file: `XQNN`, version and hidden size (u32), then the input weights
    /// (input-major), the accumulator biases and the output weights as i16, and the output bias
    /// as i32, all little-endian.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetworkError> {
        if bytes.len() < 12 || &bytes[..4] != MAGIC {
            return Err(NetworkError::NotAWeightsFile);
        }
        let word =
            |i: usize| u32::from_le_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
        if word(4) != VERSION {
            return Err(NetworkError::Version(word(4)));
        }
        if word(8) != HIDDEN as u32 {
            return Err(NetworkError::Hidden(word(8)));
        }
        if bytes.len() != FILE_BYTES {
            return Err(NetworkError::Length(bytes.len()));
        }
        let mut halves = bytes[12..FILE_BYTES - 4]
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]));
        let w1: Vec<i16> = halves.by_ref().take(INPUTS * HIDDEN).collect();
        let mut b1 = [0; HIDDEN];
        b1.iter_mut().zip(halves.by_ref()).for_each(|(b, v)| *b = v);
        let mut w2 = [0; 2 * HIDDEN];
        w2.iter_mut().zip(halves).for_each(|(w, v)| *w = v);
        Ok(Network {
            w1,
            b1,
            w2,
            b2: word(FILE_BYTES - 4) as i32,
        })
    }

    /// The weights file [`Network::from_bytes`] reads.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(FILE_BYTES);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&(HIDDEN as u32).to_le_bytes());
        for v in self.w1.iter().chain(&self.b1).chain(&self.w2) {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&self.b2.to_le_bytes());
        out
    }

    /// The input weights of input `f`.
    #[inline(always)]
    fn column(&self, f: usize) -> &[i16; HIDDEN] {
        self.w1[f * HIDDEN..(f + 1) * HIDDEN]
            .try_into()
            .unwrap_or_else(|_| unreachable!())
    }

    /// The score in centipawns for the side to move (`turn`) from the accumulators.
    #[inline]
    pub fn evaluate(&self, acc: &Accumulator, turn: Color) -> i32 {
        let (us, them) = (&acc.v[turn.index()], &acc.v[turn.other().index()]);
        let (w_us, w_them) = self.w2.split_at(HIDDEN);
        let mut sum = 0i32;
        for i in 0..HIDDEN {
            sum += (us[i] as i32).clamp(0, QA) * w_us[i] as i32;
            sum += (them[i] as i32).clamp(0, QA) * w_them[i] as i32;
        }
        let cp = (sum as i64 + self.b2 as i64) * OUTPUT_CP as i64 / (QA * QB) as i64;
        cp.clamp(-MAX_CP as i64, MAX_CP as i64) as i32
    }

    /// [`Network::evaluate`] of `pos` summed from scratch: what the incremental path must equal.
    pub fn evaluate_position(&self, pos: &Position) -> i32 {
        self.evaluate(&Accumulator::new(self, pos), pos.turn())
    }
}

/// Both sides' accumulators of one position: the biases plus the input weights of every piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Accumulator {
    v: [[i16; HIDDEN]; 2],
}

impl Accumulator {
    /// The accumulators of `pos`, summed from scratch.
    pub fn new(net: &Network, pos: &Position) -> Accumulator {
        let mut acc = Accumulator { v: [net.b1; 2] };
        for (sq, &code) in pos.codes().iter().enumerate() {
            if code != 0 {
                acc.add(net, code, sq);
            }
        }
        acc
    }

    /// The accumulators after `piece` moves from `from` to `to`, taking `captured` (0 for none):
    /// three columns at most instead of a sum over the board. Wrapping sums, so the order of
    /// additions never matters and the result is the from-scratch one to the bit.
    #[inline]
    pub fn play(
        &self,
        net: &Network,
        piece: u8,
        from: usize,
        to: usize,
        captured: u8,
    ) -> Accumulator {
        let mut next = *self;
        for p in 0..2 {
            let (add, sub) = (
                net.column(feature(p, piece, to)),
                net.column(feature(p, piece, from)),
            );
            let v = &mut next.v[p];
            if captured != 0 {
                let gone = net.column(feature(p, captured, to));
                for i in 0..HIDDEN {
                    v[i] = v[i]
                        .wrapping_add(add[i])
                        .wrapping_sub(sub[i])
                        .wrapping_sub(gone[i]);
                }
            } else {
                for i in 0..HIDDEN {
                    v[i] = v[i].wrapping_add(add[i]).wrapping_sub(sub[i]);
                }
            }
        }
        next
    }

    fn add(&mut self, net: &Network, code: u8, sq: usize) {
        for p in 0..2 {
            let col = net.column(feature(p, code, sq));
            for (v, w) in self.v[p].iter_mut().zip(col) {
                *v = v.wrapping_add(*w);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_piece_of_each_side_has_its_own_input_and_the_sides_see_mirror_images() {
        let mut seen = std::collections::HashSet::new();
        for code in 1..=14u8 {
            for sq in 0..90 {
                let f = feature(0, code, sq);
                assert!(f < INPUTS);
                assert!(seen.insert(f));
                // Black's pawn on Black's side, seen by Black, is Red's pawn seen by Red.
                let mirror = if code > 7 { code - 7 } else { code + 7 };
                assert_eq!(feature(1, mirror, 89 - sq), f);
            }
        }
        assert_eq!(seen.len(), INPUTS);
    }

    #[test]
    fn a_weights_file_is_refused_with_its_reason() {
        let net = Network::new(vec![1; INPUTS * HIDDEN], [2; HIDDEN], [3; 2 * HIDDEN], -4);
        let bytes = net.to_bytes();
        assert_eq!(bytes.len(), FILE_BYTES);
        assert_eq!(Network::from_bytes(&bytes), Ok(net));
        assert_eq!(
            Network::from_bytes(b"PK\x03\x04"),
            Err(NetworkError::NotAWeightsFile)
        );
        let mut v2 = bytes.clone();
        v2[4] = 2;
        assert_eq!(Network::from_bytes(&v2), Err(NetworkError::Version(2)));
        let mut h = bytes.clone();
        h[8] = 32;
        assert_eq!(Network::from_bytes(&h), Err(NetworkError::Hidden(32)));
        assert_eq!(
            Network::from_bytes(&bytes[..bytes.len() - 1]),
            Err(NetworkError::Length(FILE_BYTES - 1))
        );
    }
}
