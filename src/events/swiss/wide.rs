//! Fixed-width unsigned integers for matching weights: the Dutch criteria are packed into one
//! number, most important criterion in the highest bits, so a field of 100 players needs a few
//! hundred bits.

// Index loops mirror the published algorithm step by step; iterators would hide that.
#![allow(clippy::needless_range_loop)]

use std::cmp::Ordering;

/// An unsigned integer of `64 * L` bits, least significant limb first. Overflow wraps silently,
/// so callers size `L` from the bits the weights need (see [`Wide::BITS`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Wide<const L: usize>([u64; L]);

impl<const L: usize> Default for Wide<L> {
    fn default() -> Self {
        Wide([0; L])
    }
}

impl<const L: usize> Wide<L> {
    /// Zero.
    pub const ZERO: Self = Wide([0; L]);

    /// The number `v`.
    pub fn from_u64(v: u64) -> Self {
        let mut w = [0; L];
        w[0] = v;
        Wide(w)
    }

    /// True for zero.
    pub fn is_zero(&self) -> bool {
        self.0.iter().all(|&l| l == 0)
    }

    /// `self + rhs`.
    pub fn add(self, rhs: Self) -> Self {
        let mut out = [0; L];
        let mut carry = false;
        for (i, o) in out.iter_mut().enumerate() {
            let (s1, c1) = self.0[i].overflowing_add(rhs.0[i]);
            let (s2, c2) = s1.overflowing_add(carry as u64);
            *o = s2;
            carry = c1 || c2;
        }
        Wide(out)
    }

    /// `self - rhs` (wrapping; callers keep `self >= rhs`).
    pub fn sub(self, rhs: Self) -> Self {
        let mut out = [0; L];
        let mut borrow = false;
        for (i, o) in out.iter_mut().enumerate() {
            let (d1, b1) = self.0[i].overflowing_sub(rhs.0[i]);
            let (d2, b2) = d1.overflowing_sub(borrow as u64);
            *o = d2;
            borrow = b1 || b2;
        }
        Wide(out)
    }

    /// `self + v`.
    pub fn add_u64(self, v: u64) -> Self {
        self.add(Self::from_u64(v))
    }

    /// `self - v`.
    pub fn sub_u64(self, v: u64) -> Self {
        self.sub(Self::from_u64(v))
    }

    /// `self | v` on the lowest limb.
    pub fn or_u64(mut self, v: u64) -> Self {
        self.0[0] |= v;
        self
    }

    /// `self << n`.
    pub fn shl(self, n: u32) -> Self {
        let limbs = (n / 64) as usize;
        let bits = n % 64;
        let mut out = [0; L];
        for i in (limbs..L).rev() {
            let src = i - limbs;
            let mut v = self.0[src] << bits;
            if bits > 0 && src > 0 {
                v |= self.0[src - 1] >> (64 - bits);
            }
            out[i] = v;
        }
        Wide(out)
    }

    /// `self >> 1`.
    pub fn half(self) -> Self {
        let mut out = [0; L];
        for i in 0..L {
            out[i] = self.0[i] >> 1;
            if i + 1 < L {
                out[i] |= self.0[i + 1] << 63;
            }
        }
        Wide(out)
    }

    /// `self * 2`.
    pub fn double(self) -> Self {
        self.shl(1)
    }
}

impl<const L: usize> PartialOrd for Wide<L> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<const L: usize> Ord for Wide<L> {
    fn cmp(&self, other: &Self) -> Ordering {
        for i in (0..L).rev() {
            match self.0[i].cmp(&other.0[i]) {
                Ordering::Equal => {}
                o => return o,
            }
        }
        Ordering::Equal
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn carries_and_shifts_cross_limbs() {
        let a = Wide::<2>::from_u64(u64::MAX);
        let b = a.add_u64(1);
        assert_eq!(b, Wide::<2>::from_u64(1).shl(64));
        assert_eq!(b.sub_u64(1), a);
        assert_eq!(b.half(), Wide::<2>::from_u64(1).shl(63));
        assert!(b > a);
        assert_eq!(
            Wide::<2>::from_u64(3).shl(70).half().half(),
            Wide::<2>::from_u64(3).shl(68)
        );
    }
}
