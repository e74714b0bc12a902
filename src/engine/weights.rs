//! The evaluation's weights as data: one [`Weights`] value the evaluation reads, its numbers in
//! [`tuned`](super::tuned) (written by `xq tune --emit`), and a flat view of them for the tuner.

pub use super::tuned::WEIGHTS;

/// One weight or a row of them, as the tuner sees it: a run of numbers.
trait Param {
    fn push(&self, out: &mut Vec<i32>);
    fn take(&mut self, from: &[i32], at: &mut usize);
    fn names(name: &str, out: &mut Vec<String>);
}

impl Param for i32 {
    fn push(&self, out: &mut Vec<i32>) {
        out.push(*self);
    }
    fn take(&mut self, from: &[i32], at: &mut usize) {
        *self = from[*at];
        *at += 1;
    }
    fn names(name: &str, out: &mut Vec<String>) {
        out.push(name.to_string());
    }
}

impl<const N: usize> Param for [i32; N] {
    fn push(&self, out: &mut Vec<i32>) {
        out.extend_from_slice(self);
    }
    fn take(&mut self, from: &[i32], at: &mut usize) {
        self.copy_from_slice(&from[*at..*at + N]);
        *at += N;
    }
    fn names(name: &str, out: &mut Vec<String>) {
        out.extend((0..N).map(|i| format!("{name}[{i}]")));
    }
}

macro_rules! weights {
    ($($(#[doc = $doc:expr])* $name:ident: $ty:ty,)*) => {
        /// Every number of the evaluation, in centipawns. Ranks are seen from the piece's own
        /// side (0 = its back rank); roles are indexed king, advisor, elephant, horse, chariot,
        /// cannon, pawn.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct Weights {
            $($(#[doc = $doc])* pub $name: $ty,)*
        }

        impl Weights {
            /// All the numbers in field order.
            pub fn params(&self) -> Vec<i32> {
                let mut out = Vec::new();
                $(Param::push(&self.$name, &mut out);)*
                out
            }

            /// Sets every number from `p` (as long as [`Weights::params`]).
            pub fn set_params(&mut self, p: &[i32]) {
                let mut at = 0;
                $(Param::take(&mut self.$name, p, &mut at);)*
            }

            /// The name of each number of [`Weights::params`] (`horse_rank[3]`).
            pub fn names() -> Vec<String> {
                let mut out = Vec::new();
                $(<$ty as Param>::names(stringify!($name), &mut out);)*
                out
            }

            /// The Rust source of these weights as the `WEIGHTS` constant of a data file.
            pub fn to_rust(&self) -> String {
                let mut s = String::from(
                    "//! The evaluation's weights, written by `xq tune --emit`: re-tune rather than edit.\n\n\
                     use super::weights::Weights;\n\n\
                     /// The weights the engine plays with.\n\
                     pub const WEIGHTS: Weights = Weights {\n",
                );
                $(s.push_str(&format!("    {}: {:?},\n", stringify!($name), self.$name));)*
                s.push_str("};\n");
                s
            }
        }
    };
}

weights! {
    /// Piece values by role.
    value: [i32; 7],
    /// What each role gains (or loses) in value as the chariots, horses and cannons leave the
    /// board, reached in full when none is left.
    endgame_value: [i32; 7],
    /// A pawn's value once across the river, where it may also move sideways (2.2.7).
    pawn_crossed: i32,
    /// Bonus for the side to move.
    tempo: i32,
    /// King on its rank 0, 1, 2 (raised kings are exposed).
    king_rank: [i32; 3],
    /// King off the centre file.
    king_off_file: i32,
    /// Advisor on the palace centre.
    advisor_centre: i32,
    /// Elephant on the centre of its rank 2.
    elephant_centre: i32,
    /// Elephant on the river bank.
    elephant_river: i32,
    /// Horse by rank.
    horse_rank: [i32; 10],
    /// Horse, per file closer to the centre.
    horse_central: i32,
    /// Horse on an edge file.
    horse_edge: i32,
    /// 窝心马: a horse on the palace centre blocking its own king.
    horse_palace: i32,
    /// Chariot across the river.
    chariot_crossed: i32,
    /// Chariot on a rib file (next to the centre).
    chariot_rib: i32,
    /// Chariot on the enemy's ranks 6 and 7.
    chariot_deep: i32,
    /// Cannon on the centre file.
    cannon_centre: i32,
    /// Cannon on its rank 2 or 7 (home and the enemy's cannon line).
    cannon_line: i32,
    /// Pawn on the river bank, one step from crossing.
    pawn_river: i32,
    /// Crossed pawn by rank 5..=9.
    pawn_rank: [i32; 5],
    /// Crossed pawn, per file closer to the centre.
    pawn_central: i32,
    /// Chariot, per point it reaches.
    chariot_mobility: i32,
    /// Chariot, whatever its reach.
    chariot_base: i32,
    /// Horse, per point it reaches.
    horse_mobility: i32,
    /// Horse, whatever its reach.
    horse_base: i32,
    /// Attack units of a chariot, horse, cannon and pawn near the enemy king.
    attack: [i32; 4],
    /// Penalty per enemy attack unit and per missing defender.
    king_danger: i32,
    /// Both advisors, one on the palace centre.
    advisors_connected: i32,
    /// Both elephants guarding each other across an empty eye.
    elephants_connected: i32,
    /// 空头炮 on the centre file.
    empty_cannon_centre: i32,
    /// 空头炮 on another file.
    empty_cannon_side: i32,
    /// 沉底炮: a cannon on the enemy back rank.
    bottom_cannon: i32,
    /// 沉底炮 with one screen between it and the king on that rank.
    bottom_cannon_screen: i32,
    /// 马后炮: a horse by the enemy king screening our cannon behind it.
    horse_cannon: i32,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::eval::HAND;

    #[test]
    fn params_round_trip_and_are_named() {
        let p = HAND.params();
        assert_eq!(p.len(), Weights::names().len());
        let mut w = HAND;
        let shifted: Vec<i32> = p.iter().map(|x| x + 1).collect();
        w.set_params(&shifted);
        assert_eq!(w.params(), shifted);
        assert_eq!(w.horse_rank[3], HAND.horse_rank[3] + 1);
        assert!(Weights::names().contains(&"horse_rank[3]".to_string()));
    }

    #[test]
    fn the_data_file_is_what_to_rust_writes() {
        let src = include_str!("tuned.rs");
        assert_eq!(src, WEIGHTS.to_rust());
    }
}
