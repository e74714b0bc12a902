//! Team Swiss colours (rule 13.3): the team paired "to move first" has Red on odd boards and
//! Black on even boards.

use crate::color::Color;
use crate::events::round_robin::first_team_color;

/// The colour of the first-move team on each board `1..=boards` (13.3); its opponent has the
/// other colour.
pub fn board_colors(boards: usize) -> Vec<Color> {
    (1..=boards).map(first_team_color).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_13_3_first_team_red_on_odd_boards() {
        assert_eq!(
            board_colors(5),
            vec![
                Color::Red,
                Color::Black,
                Color::Red,
                Color::Black,
                Color::Red
            ]
        );
    }
}
