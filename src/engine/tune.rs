//! Texel tuning: the evaluation's [`Weights`] fitted to game results. Each quiet position of a
//! game is labelled with the game's result (1, ½, 0 for Red); the evaluation maps to an expected
//! score through a logistic curve whose scale `K` is fitted first, then coordinate descent moves
//! one weight at a time while the mean squared error falls. A deeper search's score of each
//! position (`xq label`) can soften the label: a blend of the result and the score's expected
//! result predicts more and learns the games' noise less.

use super::eval::{build_pst, evaluate_red_with, piece_value};
use super::weights::Weights;
use crate::xiangqi::{Color, Move, Position};
use std::fmt;

/// A position and the result of the game it came from, from Red's point of view.
#[derive(Clone, Debug)]
pub struct Sample {
    /// The position.
    pub pos: Position,
    /// 1 a Red win, ½ a draw, 0 a Black win.
    pub result: f64,
    /// The game's line in its file, from 1 (positions of one game are kept together when
    /// some games are held out to validate).
    pub game: usize,
    /// The position's ply in its game, from 0.
    pub ply: usize,
    /// A deeper search's score for Red in centipawns, where the record has one (`scores`).
    pub score: Option<i32>,
    /// What the evaluation is fitted to: the result, or its [`blend`] with the score.
    pub target: f64,
}

/// Why a games file could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TuneError {
    /// A line is not a JSON object.
    Json {
        /// Line number, from 1.
        line: usize,
        /// What the JSON reader said.
        message: String,
    },
    /// A line has no readable `start_fen`.
    Fen {
        /// Line number, from 1.
        line: usize,
    },
    /// A move of a line's game is not legal ICCS.
    Move {
        /// Line number, from 1.
        line: usize,
        /// Move number, from 1.
        ply: usize,
    },
    /// A line's `scores` is not one whole number or `null` for each move.
    Scores {
        /// Line number, from 1.
        line: usize,
    },
}

impl fmt::Display for TuneError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TuneError::Json { line, message } => write!(f, "line {line}: not JSON: {message}"),
            TuneError::Fen { line } => write!(f, "line {line}: no valid start_fen"),
            TuneError::Move { line, ply } => write!(f, "line {line}: move {ply} is not legal"),
            TuneError::Scores { line } => {
                write!(
                    f,
                    "line {line}: `scores` needs a whole number or null for each move"
                )
            }
        }
    }
}

impl std::error::Error for TuneError {}

/// The result token of a record (`result`, else the `Result` tag) as Red's score; `None` for an
/// unfinished or unknown game.
fn result_of(v: &serde_json::Value) -> Option<f64> {
    let token = v["result"]
        .as_str()
        .filter(|r| *r != "*")
        .or_else(|| v["tags"]["Result"].as_str())?;
    match token {
        "1-0" | "红胜" => Some(1.0),
        "0-1" | "黑胜" => Some(0.0),
        "1/2-1/2" | "和棋" => Some(0.5),
        _ => None,
    }
}

/// A record's `scores`, one per move (`null` where none): `None` without the key.
fn scores_of(
    v: &serde_json::Value,
    moves: usize,
    line: usize,
) -> Result<Option<Vec<Option<i32>>>, TuneError> {
    let Some(scores) = v.get("scores") else {
        return Ok(None);
    };
    let bad = TuneError::Scores { line };
    let list = scores
        .as_array()
        .filter(|a| a.len() == moves)
        .ok_or(bad.clone())?;
    list.iter()
        .map(|x| match x {
            serde_json::Value::Null => Ok(None),
            x => x
                .as_i64()
                .and_then(|n| i32::try_from(n).ok())
                .map(Some)
                .ok_or(bad.clone()),
        })
        .collect::<Result<Vec<_>, _>>()
        .map(Some)
}

/// Whether the side to move can win material at once: a capture of a bigger or an undefended
/// piece. Such positions are left out, the static evaluation cannot see their next move.
fn capture_pending(pos: &Position) -> bool {
    let codes = pos.codes();
    let them = pos.turn().other();
    pos.legal_captures().iter().any(|m| {
        let value = |s: usize| piece_value(codes[s]);
        value(m.to.index()) > value(m.from.index()) || !pos.is_attacked(m.to, them)
    })
}

/// The quiet positions of the finished games of a JSON-lines file (keys `start_fen`,
/// `moves_iccs`, `result` or `tags.Result`, as the test set and `xq match --record` write them,
/// and `scores` where `xq label` added them), leaving out the first `skip` plies of each game, positions in check and positions with a
/// capture that wins material. A game recorded twice counts once (two copies of a deterministic
/// engine play each opening's game twice, colours swapped).
pub fn samples_from_jsonl(text: &str, skip: usize) -> Result<Vec<Sample>, TuneError> {
    let mut out = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (i, l) in text.lines().enumerate() {
        let line = i + 1;
        if l.trim().is_empty() {
            continue;
        }
        let v: serde_json::Value = serde_json::from_str(l).map_err(|e| TuneError::Json {
            line,
            message: e.to_string(),
        })?;
        let Some(result) = result_of(&v) else {
            continue;
        };
        let mut pos = v["start_fen"]
            .as_str()
            .and_then(|f| Position::from_fen(f).ok())
            .ok_or(TuneError::Fen { line })?;
        let moves = v["moves_iccs"].as_array().cloned().unwrap_or_default();
        let scores = scores_of(&v, moves.len(), line)?;
        if !seen.insert((pos.fen(), moves.clone())) {
            continue;
        }
        for (ply, m) in moves.iter().enumerate() {
            if ply >= skip && !pos.is_check() && !capture_pending(&pos) {
                out.push(Sample {
                    pos: pos.clone(),
                    result,
                    game: line,
                    ply,
                    score: scores.as_ref().and_then(|s| s[ply]),
                    target: result,
                });
            }
            let m = m.as_str().and_then(Move::from_iccs);
            match m {
                Some(m) if pos.play(m).is_ok() => {}
                _ => return Err(TuneError::Move { line, ply: ply + 1 }),
            }
        }
    }
    Ok(out)
}

/// The evaluation of `pos` from Red's point of view under `w` (with the tempo bonus).
fn red_score(pos: &Position, w: &Weights, pst: &super::eval::PstTable) -> i32 {
    let tempo = if pos.turn() == Color::Red {
        w.tempo
    } else {
        -w.tempo
    };
    evaluate_red_with(pos, w, pst) + tempo
}

/// Expected score of a position evaluated `cp` centipawns for Red.
fn sigmoid(cp: f64, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * cp / 400.0))
}

/// Mean squared error of the predictions of `w` (curve scale `k`) against the results.
pub fn error(samples: &[Sample], w: &Weights, k: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let pst = build_pst(w);
    let sum: f64 = samples
        .iter()
        .map(|s| {
            let p = sigmoid(red_score(&s.pos, w, &pst) as f64, k);
            (s.target - p).powi(2)
        })
        .sum();
    sum / samples.len() as f64
}

/// The curve scale `K` that fits `w`'s evaluations to the labels best (golden-section search on
/// 0.05..4).
pub fn fit_k(samples: &[Sample], w: &Weights) -> f64 {
    let scores: Vec<(f64, f64)> = {
        let pst = build_pst(w);
        samples
            .iter()
            .map(|s| (red_score(&s.pos, w, &pst) as f64, s.target))
            .collect()
    };
    best_k(&scores)
}

/// The curve scale that maps scores to their labels best: `(centipawns, label)` pairs.
fn best_k(scores: &[(f64, f64)]) -> f64 {
    let e = |k: f64| {
        scores
            .iter()
            .map(|&(cp, r)| (r - sigmoid(cp, k)).powi(2))
            .sum::<f64>()
    };
    let g = (5f64.sqrt() - 1.0) / 2.0;
    let (mut a, mut b) = (0.05, 4.0);
    for _ in 0..60 {
        let (c, d) = (b - g * (b - a), a + g * (b - a));
        if e(c) < e(d) {
            b = d;
        } else {
            a = c;
        }
    }
    (a + b) / 2.0
}

/// Labels each position with `lambda` parts its game's result and `1 - lambda` parts the
/// expected result of its deeper score, on that score's own best curve; positions without a
/// score are dropped. Returns that curve's scale, `None` when no position has a score.
pub fn blend(samples: &mut Vec<Sample>, lambda: f64) -> Option<f64> {
    samples.retain(|s| s.score.is_some());
    let scored: Vec<(f64, f64)> = samples
        .iter()
        .filter_map(|s| Some((s.score? as f64, s.result)))
        .collect();
    if scored.is_empty() {
        return None;
    }
    let k = best_k(&scored);
    for s in samples.iter_mut() {
        let cp = s.score.unwrap_or_default() as f64;
        s.target = lambda * s.result + (1.0 - lambda) * sigmoid(cp, k);
    }
    Some(k)
}

/// One pass of coordinate descent over every free weight (`free[i]`, or all when `free` is
/// empty; the king's value never: it is on the board in every position): each weight moves by
/// `step` up or down, kept if the error falls. Returns the new error.
pub fn descend(samples: &[Sample], w: &mut Weights, k: f64, step: i32, free: &[bool]) -> f64 {
    let mut best = error(samples, w, k);
    let mut p = w.params();
    for i in 1..p.len() {
        if free.get(i) == Some(&false) {
            continue;
        }
        for delta in [step, -step] {
            p[i] += delta;
            w.set_params(&p);
            let e = error(samples, w, k);
            if e < best {
                best = e;
                break;
            }
            p[i] -= delta;
            w.set_params(&p);
        }
    }
    best
}

/// Which weights are free to move when only those named by `prefixes` are tuned (`value`
/// frees `value[0]`..`value[6]`, `horse` every horse weight); an unknown prefix is an error.
pub fn free_weights(prefixes: &[&str]) -> Result<Vec<bool>, String> {
    let names = Weights::names();
    if let Some(p) = prefixes
        .iter()
        .find(|p| !names.iter().any(|n| n.starts_with(**p)))
    {
        return Err(format!("no weight is named {p}…"));
    }
    Ok(names
        .iter()
        .map(|n| prefixes.iter().any(|p| n.starts_with(p)))
        .collect())
}

/// Splits samples into games to tune on and every `n`th game held out to validate.
pub fn hold_out(samples: Vec<Sample>, n: usize) -> (Vec<Sample>, Vec<Sample>) {
    samples.into_iter().partition(|s| n == 0 || s.game % n != 0)
}

/// What a tuning run found.
#[derive(Clone, Debug)]
pub struct Tuned {
    /// The weights.
    pub weights: Weights,
    /// The fitted curve scale.
    pub k: f64,
    /// Error on the tuning positions, before and after.
    pub train: (f64, f64),
    /// Error on the held-out positions, before and after.
    pub validation: (f64, f64),
}

/// Tunes `start` on `train` for up to `iterations` passes. A pass is kept only while the error
/// on the held-out `validation` positions falls too (none held out: while the tuning error
/// falls); otherwise the step halves, and at step 1 tuning stops: weights that fit the tuning
/// games better but other games worse have learnt those games, not Xiangqi. `progress` hears
/// each pass's number and its two errors.
pub fn tune(
    train: &[Sample],
    validation: &[Sample],
    start: Weights,
    free: &[bool],
    iterations: usize,
    step: i32,
    mut progress: impl FnMut(usize, f64, f64),
) -> Tuned {
    let k = fit_k(train, &start);
    let check = |w: &Weights, train_error: f64| {
        if validation.is_empty() {
            train_error
        } else {
            error(validation, w, k)
        }
    };
    let before = error(train, &start, k);
    let v_before = check(&start, before);
    let (mut w, mut last, mut v_last) = (start, before, v_before);
    let mut step = step.max(1);
    for it in 1..=iterations {
        let mut next = w;
        let e = descend(train, &mut next, k, step, free);
        let v = check(&next, e);
        progress(it, e, v);
        if v < v_last {
            (w, last, v_last) = (next, e, v);
        } else if step == 1 {
            break;
        } else {
            step = (step / 2).max(1);
        }
    }
    Tuned {
        weights: w,
        k,
        train: (before, last),
        validation: (v_before, v_last),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::eval::{evaluate_red, HAND, WEIGHTS};

    const GAMES: &str = concat!(
        r#"{"start_fen": "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", "moves_iccs": ["b2e2", "h9g7", "b0c2", "i9h9"], "result": "1-0"}"#,
        "\n",
        r#"{"start_fen": "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", "moves_iccs": ["b2e2"], "result": "*"}"#,
        "\n"
    );

    #[test]
    fn unfinished_games_are_left_out_and_results_label_positions() {
        let s = samples_from_jsonl(GAMES, 0).unwrap();
        assert_eq!(s.len(), 4);
        assert!(s.iter().all(|x| x.result == 1.0));
        assert_eq!(samples_from_jsonl(GAMES, 3).unwrap().len(), 1);
        let twice = format!("{GAMES}{GAMES}");
        assert_eq!(samples_from_jsonl(&twice, 0).unwrap().len(), 4);
    }

    #[test]
    fn scores_label_positions_and_blend_with_results() {
        let scored = GAMES.replacen(
            r#""result": "1-0"}"#,
            r#""result": "1-0", "scores": [null, 40, -30, 250]}"#,
            1,
        );
        let mut s = samples_from_jsonl(&scored, 0).unwrap();
        let got: Vec<_> = s.iter().map(|x| (x.ply, x.score)).collect();
        assert_eq!(
            got,
            [(0, None), (1, Some(40)), (2, Some(-30)), (3, Some(250))]
        );
        let k = blend(&mut s, 0.5).unwrap();
        // Positions without a score are dropped; a won game pulls the curve steep.
        assert_eq!(s.len(), 3);
        assert!(k > 1.0, "K {k}");
        for x in &s {
            let expected = 0.5 + 0.5 * sigmoid(x.score.unwrap() as f64, k);
            assert!((x.target - expected).abs() < 1e-12);
        }
        assert!(s[2].target > s[0].target && s[0].target > s[1].target);
        // Only results: the blend changes nothing but what is kept.
        let mut r = samples_from_jsonl(&scored, 0).unwrap();
        blend(&mut r, 1.0).unwrap();
        assert!(r.iter().all(|x| x.target == 1.0));
        assert_eq!(blend(&mut samples_from_jsonl(GAMES, 0).unwrap(), 0.5), None);
    }

    #[test]
    fn bad_records_name_their_line() {
        for bad in [
            r#"[1, 2]"#,
            r#"[1, 2, 3, "4"]"#,
            r#"[1, 2, 3, 4.5]"#,
            r#"7"#,
        ] {
            let g = GAMES.replacen(
                r#""result": "1-0"}"#,
                &format!(r#""result": "1-0", "scores": {bad}}}"#),
                1,
            );
            assert_eq!(
                samples_from_jsonl(&g, 0).unwrap_err(),
                TuneError::Scores { line: 1 },
                "{bad}"
            );
        }
        assert!(matches!(
            samples_from_jsonl("{\"start_fen\": 1, \"result\": \"1-0\"}", 0),
            Err(TuneError::Fen { line: 1 })
        ));
        let bad = GAMES.replace("i9h9", "i9i0");
        assert_eq!(
            samples_from_jsonl(&bad, 0).unwrap_err(),
            TuneError::Move { line: 1, ply: 4 }
        );
        assert!(matches!(
            samples_from_jsonl("\n{", 0),
            Err(TuneError::Json { line: 2, .. })
        ));
    }

    #[test]
    fn only_the_named_weights_move() {
        let free = free_weights(&["cannon", "horse_rank"]).unwrap();
        let named = |n: &str| n.starts_with("cannon") || n.starts_with("horse_rank[");
        let names = Weights::names();
        for (n, f) in names.iter().zip(&free) {
            assert_eq!(*f, named(n), "{n}");
        }
        assert!(free_weights(&["no_such_weight"]).is_err());
        let samples = samples_from_jsonl(GAMES, 0).unwrap();
        let (mut fixed, mut all) = (HAND, HAND);
        descend(&samples, &mut fixed, 1.0, 8, &free);
        descend(&samples, &mut all, 1.0, 8, &[]);
        let moved = |w: &Weights| -> Vec<String> {
            let pairs = names.iter().zip(HAND.params().into_iter().zip(w.params()));
            pairs
                .filter(|(_, (a, b))| a != b)
                .map(|(n, _)| n.clone())
                .collect()
        };
        assert!(!moved(&fixed).is_empty());
        assert!(
            moved(&fixed).iter().all(|n| named(n)),
            "{:?}",
            moved(&fixed)
        );
        assert!(moved(&all).iter().any(|n| !named(n)));
    }

    #[test]
    fn the_engine_scores_what_the_tuner_scores() {
        let p = Position::from_fen("4k4/9/9/4P4/9/9/9/2C6/9/3K5 w - - 0 1").unwrap();
        assert_eq!(
            evaluate_red_with(&p, &WEIGHTS, &build_pst(&WEIGHTS)),
            evaluate_red(&p)
        );
        let mut w = HAND;
        w.value[5] += 100;
        assert_eq!(
            evaluate_red_with(&p, &w, &build_pst(&w)),
            evaluate_red_with(&p, &HAND, &build_pst(&HAND)) + 100
        );
    }
}
