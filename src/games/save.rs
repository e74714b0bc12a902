//! A selection of the database saved as a library file: one PGN of every game with its whole
//! tree (variations, comments), which the app's own readers (#/play's "open file", `xq convert`,
//! the import here) read back.

use super::record::StoredGame;
use crate::xiangqi::notation::pgn::write_tree;
use crate::xiangqi::notation::Notation;

/// The games as one PGN library, in the order given, moves in Chinese notation (as the
/// archives write them); each game ends with its result and a blank line.
pub fn library(games: &[StoredGame]) -> String {
    let mut out = String::new();
    for g in games {
        let text = write_tree(&g.to_tree(), Notation::Chinese);
        out.push_str(text.trim_end());
        out.push_str("\n\n");
    }
    out
}
