//! Large game files made to measure the readers (`xq bench files`, `docs/benchmarks.md`): a
//! DhtmlXQ of tens of thousands of nested branches, listed children first or in order, and a PGN
//! library of tens of thousands of games, each under the 2 MB a game file may have.

/// The files `xq bench files` writes, by name: the 2 MB DhtmlXQ with 29,640 branch tags listed
/// children first, 25,000 listed in order, and a PGN library of 40,000 games.
pub fn files() -> [(&'static str, String); 3] {
    [
        (
            "branches-children-first.dhtmlxq",
            nested_dhtmlxq(29_640, true),
        ),
        ("branches-in-order.dhtmlxq", nested_dhtmlxq(25_000, false)),
        ("library-40000.pgn", pgn_library(40_000)),
    ]
}

/// The DhtmlXQ digits (`xy`, `y` counted from Black's side) of the moves the branches repeat:
/// the horses out and back, Red then Black, so that every move is legal and none ends the game.
const SHUFFLE: [&str; 4] = ["7967", "7062", "6779", "6270"];

/// The other move at each point, a chariot's step (Red `a0a1`, Black `a9a8`): the leaf branch.
const ASIDE: [&str; 2] = ["0908", "0001"];

/// A DhtmlXQ game whose `branches` branch tags nest a line `branches / 2` moves deep: at every
/// move of it, branch `2j - 1` goes on with the next horse move and branch `2j` is a chariot's
/// step beside it. Listed children first (the deepest pair first), or in order.
pub fn nested_dhtmlxq(branches: usize, children_first: bool) -> String {
    let depth = branches / 2;
    let mut pairs = Vec::with_capacity(depth);
    for j in 1..=depth {
        // Branch 2j - 1 and 2j both start after move j of the branch before (0: the main line).
        let parent = if j == 1 { 0 } else { 2 * j - 3 };
        let go_on = SHUFFLE[j % 4];
        let aside = ASIDE[j % 2];
        let pair: String = [(2 * j - 1, go_on), (2 * j, aside)]
            .iter()
            .map(|(c, moves)| {
                let name = format!("DhtmlXQ_move_{parent}_{}_{c}", j + 1);
                format!("[{name}]{moves}[/{name}]")
            })
            .collect();
        pairs.push(pair);
    }
    // Children first: each pair before the pair it branches from (the same tree either way).
    if children_first {
        pairs.reverse();
    }
    format!(
        "[DhtmlXQ][DhtmlXQ_title]{branches} branches[/DhtmlXQ_title]\
         [DhtmlXQ_movelist]{}[/DhtmlXQ_movelist]{}[/DhtmlXQ]\n",
        SHUFFLE[0],
        pairs.concat()
    )
}

/// A PGN library of `games` short games (two moves each, from four openings), each with its round.
pub fn pgn_library(games: usize) -> String {
    const OPENINGS: [&str; 4] = [
        "炮二平五 马8进7",
        "相三进五 炮8平5",
        "兵七进一 卒7进1",
        "马二进三 车9进1",
    ];
    let mut out = String::with_capacity(games * 48);
    for i in 1..=games {
        out.push_str(&format!(
            "[Round \"{i}\"]\n1. {} *\n\n",
            OPENINGS[i % OPENINGS.len()]
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::notation::dhtmlxq::read_dhtmlxq;
    use crate::xiangqi::notation::pgn::read_tree_all;

    #[test]
    fn the_made_files_read_as_they_say() {
        for children_first in [true, false] {
            let t = read_dhtmlxq(&nested_dhtmlxq(20, children_first)).expect("reads");
            // The main line and the ten moves that go on from it, each with a chariot beside it.
            assert_eq!(t.main_line().len(), 11);
            assert_eq!(t.variation_count(), 10);
        }
        let games = read_tree_all(&pgn_library(5));
        assert_eq!(games.len(), 5);
        assert!(games.iter().all(|g| g.as_ref().is_ok_and(|t| t.len() == 2)));
        // Each is a file `xq convert` and the play page read: 2 MB at most.
        for (name, text) in files() {
            assert!(
                text.len() <= crate::saved::MAX_IMPORT_BYTES,
                "{name}: {}",
                text.len()
            );
        }
    }
}
