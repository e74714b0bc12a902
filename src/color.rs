//! The two sides, Red and Black: the one thing the clock and the events share with the game.

/// A side: Red moves first (article 1.3).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Color {
    /// 红方, uppercase letters in FEN.
    Red,
    /// 黑方, lowercase letters in FEN.
    Black,
}

impl Color {
    /// The other side.
    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }

    /// 0 for Red, 1 for Black: an index into per-side arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
}
