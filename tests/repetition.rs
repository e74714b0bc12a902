//! Every case of `tests/data/repetition.tsv` (copied from the project's shared test data).
//!
//! Where Fairy-Stockfish and Pikafish agree, the verdict must match theirs. Where they disagree,
//! the case is decided by the 1999 Chinese rules; each such decision is listed in [`DECIDED`]
//! with the clause it rests on.

use xiangqi_club::lang::{Lang, Say};
use xiangqi_club::xiangqi::game::{Game, GameResult, Reason};

/// Cases the two engines disagree on, by their line in the original TSV (header = line 1).
const DECIDED: &[(usize, &str, &str)] = &[
    // Red's cannon alternately discovers an attack on Black's crossed pawn (子力, 25.3) and checks:
    // 一将一捉 is a forbidden move (25.2) against Black's idle blocks, so Red loses (26.4).
    (6, "black_wins", "25.2, 25.3, 26.4"),
    // Black's chariot alternately gives a discovered check (cannon over the advisor) and attacks
    // the unprotected cannon: 一将一捉, forbidden (25.2) against idle moves: Black loses (26.4).
    (11, "red_wins", "25.2, 26.4"),
    // The same position as line 6.
    (12, "black_wins", "25.2, 25.3, 26.4"),
    // The chariot's attack on the cannon never changes: from chase to chase is idle (细则 6), and
    // the cannon's moves offer it (献, 28.6): both sides allowed, draw (26.2). (Pikafish could
    // not read the FEN's empty holdings `[]`.)
    (22, "draw", "细则6, 26.2"),
    // Each advisor move cuts the root of Red's horse (the rank is blocked), so the pinned
    // chariot's capture of the pinning horse is legal and wins it: a chase (29.1–29.3). Red's
    // cannon chases the chariot over the advisor. Both forbidden: draw (26.3).
    (23, "draw", "29.3, 26.3"),
    // The advisor stepping off e1 leaves Black's horse only a false root (the chariot would be
    // the cannon's screen, 28.16): a chase; Black's chariot attacks the chariot pinned on the
    // horse's leg, which cannot take back (not 兑): a chase. Both forbidden: draw (26.3).
    (24, "draw", "28.16, 26.3"),
    // Black's king steps off and on the file: it unpins its horse, which attacks the cannon, and
    // pins Red's root through the facing kings — chasing "借帅之力" is 捉 (27.1). Red's horse moves
    // are idle. Black loses (26.4).
    (32, "red_wins", "27.1, 28.16, 26.4"),
];

struct Case {
    line: usize,
    fen: String,
    moves: Vec<String>,
    expected: String,
    fsf: String,
    pikafish: String,
    comment: String,
}

fn cases() -> Vec<Case> {
    let text = include_str!("data/repetition.tsv");
    let mut out = Vec::new();
    let mut line = 0;
    for raw in text.lines() {
        if raw.starts_with('#') {
            continue; // our provenance line, not part of the original file
        }
        line += 1;
        if line == 1 {
            continue; // header
        }
        let f: Vec<&str> = raw.split('\t').collect();
        assert_eq!(f.len(), 9, "line {line}: nine columns");
        out.push(Case {
            line,
            // Fairy-Stockfish writes empty holdings as `[]` after the board: not part of a
            // Xiangqi FEN.
            fen: f[0].replace("[]", ""),
            moves: f[2].split_whitespace().map(str::to_string).collect(),
            expected: f[4].to_string(),
            fsf: f[5].to_string(),
            pikafish: f[6].to_string(),
            comment: f[8].to_string(),
        });
    }
    out
}

fn token(r: GameResult) -> &'static str {
    match r {
        GameResult::RedWins => "red_wins",
        GameResult::BlackWins => "black_wins",
        GameResult::Draw => "draw",
    }
}

/// Plays the case's moves until a verdict (a few cases continue past the deciding ply).
fn judge(c: &Case) -> Game {
    let moves: Vec<&str> = c.moves.iter().map(String::as_str).collect();
    let mut g = Game::from_iccs(&c.fen, &[]).unwrap_or_else(|e| panic!("line {}: {e}", c.line));
    for m in moves {
        if g.verdict().is_some() {
            break;
        }
        let mv = xiangqi_club::xiangqi::Move::from_iccs(m).unwrap();
        g.play(mv)
            .unwrap_or_else(|e| panic!("line {}: {m}: {e}", c.line));
    }
    g
}

#[test]
fn every_case_is_judged_as_the_engines_or_the_1999_rules_say() {
    let cases = cases();
    assert_eq!(cases.len(), 37);
    let mut failures = Vec::new();
    for c in &cases {
        let expected = if c.fsf == c.pikafish {
            assert!(
                !DECIDED.iter().any(|d| d.0 == c.line),
                "line {} needs no decision",
                c.line
            );
            assert_eq!(
                c.expected, c.fsf,
                "line {}: source and engines agree",
                c.line
            );
            c.expected.as_str()
        } else {
            DECIDED
                .iter()
                .find(|d| d.0 == c.line)
                .unwrap_or_else(|| panic!("line {}: engines disagree, decide it", c.line))
                .1
        };
        let g = judge(c);
        let got = g.verdict().map_or("none", |v| token(v.result));
        if got != expected {
            failures.push(format!(
                "line {} ({}): expected {expected}, got {got}",
                c.line, c.comment
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_case_ends_by_repetition_at_the_third_occurrence() {
    for c in cases() {
        let g = judge(&c);
        let v = g
            .verdict()
            .unwrap_or_else(|| panic!("line {}: no verdict", c.line));
        assert!(
            matches!(
                v.reason,
                Reason::Repetition | Reason::PerpetualCheck | Reason::PerpetualChase
            ),
            "line {}: {v}",
            c.line
        );
        let cycle = v.cycle.as_ref().unwrap();
        assert_eq!(cycle.last_ply, g.ply());
        // The cycle spans two full repetitions: every move of it is classified.
        assert_eq!(cycle.moves.len(), cycle.last_ply - cycle.first_ply);
        let hash = |p| g.position_at(p).unwrap().hash();
        assert_eq!(hash(cycle.first_ply), hash(cycle.last_ply));
        // One ply earlier the game was still going.
        assert!(g.verdict_at(g.ply() - 1).is_none(), "line {}", c.line);
    }
}

#[test]
fn perpetual_check_cases_name_the_checking_side() {
    // Line 8: "Perpetual check vs. intermittent checks" — Black checks every move (24.1).
    let c = cases().into_iter().find(|c| c.line == 8).unwrap();
    let g = judge(&c);
    let v = g.verdict().unwrap();
    assert_eq!(v.summary(), "1-0 perpetual-check 24.1");
    assert_eq!(v.say(Lang::Zh), "黑方长将，判负（第24.1条）");
    // Line 2: Red's cannon chases Black's chariot (26.4).
    let c = cases().into_iter().find(|c| c.line == 2).unwrap();
    let v = judge(&c).verdict().unwrap().clone();
    assert_eq!(v.summary(), "0-1 perpetual-chase 26.4");
    assert!(
        v.say(Lang::Zh).starts_with("红方长捉"),
        "{}",
        v.say(Lang::Zh)
    );
}
