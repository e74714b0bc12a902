//! A whole-game review: the engine's evaluation of every position of the main line, each move
//! judged by how much it lost, and the game annotated with what was found.
//!
//! Moves are judged as lichess judges them, on winning chances rather than raw centipawns, so that
//! a pawn thrown away in a won position is not a blunder: an evaluation `cp` from Red's side gives
//! Red's chances `2 / (1 + e^(-0.00356434 · cp)) − 1` in −1..1 (`cp` capped at ±1000; a mate is
//! ±1), the scale fitted by `xq chances` to master games' results ([`CHANCE_SCALE`]). A move that
//! lowers its own side's chances by at least [`INACCURACY`] (0.1, i.e. 5 points of win
//! percentage) is an inaccuracy ($6 ?!), by [`MISTAKE`] (0.2, 10 points) a mistake ($2 ?), by
//! [`BLUNDER`] (0.3, 15 points) a blunder ($4 ??). Losing a forced mate, or walking into one,
//! counts by the same measure; staying mated (mate in 3 to mate in 5) loses nothing.
//!
//! [`annotate`] writes the evaluations into a [`GameTree`] (`[%eval …]` in its PGN), marks the
//! judged moves, draws the better move as an arrow on the position before the mistake and adds the
//! engine's line there as a variation; it never touches the main line, and annotating an
//! annotated tree again changes nothing. [`missing`] says which positions still need the engine,
//! so a reopened review recomputes nothing. [`run_review`] is the worker's side: it searches the
//! positions asked for and reports each as it is done.

use super::job::JobError;
use super::search::{Engine, Level, Limits, Root, Score};
use crate::xiangqi::tree::{Arrow, Eval, GameTree, MarkColor, NodeId};
use crate::xiangqi::{Color, Move, Position};
use serde::{Deserialize, Serialize};
use std::sync::atomic::AtomicBool;

/// The scale from centipawns to winning chances: `xq chances` on 15,166 quiet positions of 2,380
/// master games of the dataset the network never trained on, scored by the network's search at
/// the review's depth 6 (95 % of resamples by game: 0.00321–0.00400; lichess's chess 0.00368208).
pub const CHANCE_SCALE: f64 = 0.003_564_34;
/// Centipawns beyond this change nothing: the game is won.
const CP_CAP: i32 = 1000;
/// A loss of winning chances (on −1..1) from which a move is an inaccuracy.
pub const INACCURACY: f64 = 0.1;
/// … a mistake.
pub const MISTAKE: f64 = 0.2;
/// … a blunder.
pub const BLUNDER: f64 = 0.3;

/// The depth each position is searched to by default, and the wall-clock time it may take at
/// most: whatever the CPU, a 60-move game (121 positions) is reviewed within about 24 s.
pub const DEFAULT_LIMITS: Limits = Limits {
    depth: Some(6),
    nodes: None,
    movetime_ms: Some(200),
    soft_ms: None,
    mate: None,
};

/// How bad a move was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Judgement {
    /// ?! ($6).
    Inaccuracy,
    /// ? ($2).
    Mistake,
    /// ?? ($4).
    Blunder,
}

impl Judgement {
    /// The three, mildest first.
    pub const ALL: [Judgement; 3] = [
        Judgement::Inaccuracy,
        Judgement::Mistake,
        Judgement::Blunder,
    ];

    /// The PGN NAG that marks it.
    pub const fn nag(self) -> u8 {
        match self {
            Judgement::Inaccuracy => 6,
            Judgement::Mistake => 2,
            Judgement::Blunder => 4,
        }
    }

    /// The mark shown beside the move (`?!`, `?`, `??`).
    pub const fn mark(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "?!",
            Judgement::Mistake => "?",
            Judgement::Blunder => "??",
        }
    }

    /// The judgement of a loss of winning chances, if it is one.
    pub fn of_loss(loss: f64) -> Option<Judgement> {
        if loss >= BLUNDER {
            Some(Judgement::Blunder)
        } else if loss >= MISTAKE {
            Some(Judgement::Mistake)
        } else if loss >= INACCURACY {
            Some(Judgement::Inaccuracy)
        } else {
            None
        }
    }
}

/// Red's winning chances, −1 (Black wins) to 1 (Red wins), for an evaluation of a position with
/// `turn` to move. `Mate(0)` is the side to move mated (or stalemated, which loses too: rule 4.1.2).
pub fn red_chances(eval: Eval, turn: Color) -> f64 {
    match eval {
        Eval::Centipawns(cp) => 2.0 * expected_score(CHANCE_SCALE, capped(cp)) - 1.0,
        Eval::Mate(m) if m > 0 => 1.0,
        Eval::Mate(m) if m < 0 => -1.0,
        Eval::Mate(_) if turn == Color::Red => -1.0,
        Eval::Mate(_) => 1.0,
    }
}

/// The scale `k` that best fits Red's expected score σ(k · cp) (`cp` capped as [`red_chances`]
/// caps it) to `samples` of (centipawns from Red's side, Red's result 0, ½ or 1), by Newton's
/// method on the log loss (convex in `k`). The review's [`CHANCE_SCALE`] is one such fit; `None`
/// when the samples cannot fix a scale (none, or all at 0 cp).
pub fn fit_chance_scale(samples: &[(i32, f64)]) -> Option<f64> {
    let xs: Vec<(f64, f64)> = samples.iter().map(|&(cp, y)| (capped(cp), y)).collect();
    if xs.iter().all(|&(x, _)| x == 0.0) {
        return None;
    }
    let mut k = CHANCE_SCALE / 2.0;
    for _ in 0..50 {
        let (mut grad, mut hess) = (0.0, 0.0);
        for &(x, y) in &xs {
            let p = expected_score(k, x);
            grad += (p - y) * x;
            hess += p * (1.0 - p) * x * x;
        }
        if hess <= 0.0 {
            return None;
        }
        let step = grad / hess;
        k -= step;
        if step.abs() < 1e-12 {
            break;
        }
    }
    (k.is_finite() && k > 0.0).then_some(k)
}

/// The mean log loss of Red's expected score σ(k · cp) against `samples` as
/// [`fit_chance_scale`] takes them: what a fit's `k` is judged by.
pub fn chance_log_loss(samples: &[(i32, f64)], k: f64) -> f64 {
    let loss: f64 = samples
        .iter()
        .map(|&(cp, y)| {
            let p = expected_score(k, capped(cp));
            -(y * p.max(1e-12).ln() + (1.0 - y) * (1.0 - p).max(1e-12).ln())
        })
        .sum();
    loss / samples.len().max(1) as f64
}

/// Centipawns as the curve reads them: capped at ±[`CP_CAP`].
fn capped(cp: i32) -> f64 {
    f64::from(cp.clamp(-CP_CAP, CP_CAP))
}

/// Red's expected score, 0 to 1, at `x` capped centipawns on the scale `k`.
fn expected_score(k: f64, x: f64) -> f64 {
    1.0 / (1.0 + (-k * x).exp())
}

/// How a move by `mover` is judged when Red's chances go from `before` to `after`.
pub fn judge(before: f64, after: f64, mover: Color) -> Option<Judgement> {
    let loss = match mover {
        Color::Red => before - after,
        Color::Black => after - before,
    };
    Judgement::of_loss(loss)
}

/// A main-line move the review judged.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Judged {
    /// The move's node.
    pub node: NodeId,
    /// Its ply (1 for the first move).
    pub ply: usize,
    /// Who played it.
    pub mover: Color,
    /// How bad it was.
    pub judgement: Judgement,
    /// The winning chances it lost (0..2).
    pub loss: f64,
}

/// What a review shows: the score graph's points and the judged moves.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Summary {
    /// The main line's nodes, the root first: point `k` is the position after `k` moves.
    pub nodes: Vec<NodeId>,
    /// The evaluation of each position, where known.
    pub evals: Vec<Option<Eval>>,
    /// Red's winning chances (−1..1) at each position, where known.
    pub chances: Vec<Option<f64>>,
    /// The judged moves, in game order.
    pub judged: Vec<Judged>,
}

impl Summary {
    /// How many of `side`'s moves got `judgement`.
    pub fn count(&self, side: Color, judgement: Judgement) -> usize {
        self.judged
            .iter()
            .filter(|j| j.mover == side && j.judgement == judgement)
            .count()
    }

    /// Whether every position of the main line has its evaluation.
    pub fn is_complete(&self) -> bool {
        self.evals.iter().all(Option::is_some)
    }
}

/// The root then every node of the main line.
fn main_nodes(tree: &GameTree) -> Vec<NodeId> {
    let mut v = vec![tree.root()];
    v.extend(tree.main_line());
    v
}

/// The graph and judgements of the main line, from the evaluations the tree holds; a move is
/// judged only when the positions before and after it are both evaluated.
pub fn summarize(tree: &GameTree) -> Summary {
    let nodes = main_nodes(tree);
    let evals: Vec<Option<Eval>> = nodes
        .iter()
        .map(|&id| tree.node(id).and_then(|n| n.eval))
        .collect();
    let chances: Vec<Option<f64>> = nodes
        .iter()
        .zip(&evals)
        .map(|(&id, e)| {
            let turn = tree.position(id).map_or(Color::Red, Position::turn);
            e.map(|e| red_chances(e, turn))
        })
        .collect();
    let mut judged = Vec::new();
    for ply in 1..nodes.len() {
        let (Some(before), Some(after)) = (chances[ply - 1], chances[ply]) else {
            continue;
        };
        let mover = tree
            .position(nodes[ply - 1])
            .map_or(Color::Red, Position::turn);
        let loss = match mover {
            Color::Red => before - after,
            Color::Black => after - before,
        };
        if let Some(judgement) = Judgement::of_loss(loss) {
            judged.push(Judged {
                node: nodes[ply],
                ply,
                mover,
                judgement,
                loss,
            });
        }
    }
    Summary {
        nodes,
        evals,
        chances,
        judged,
    }
}

/// The plies (0 = the start position) of the main line whose position has no evaluation yet:
/// the only ones a review needs to search.
pub fn missing(tree: &GameTree) -> Vec<usize> {
    main_nodes(tree)
        .iter()
        .enumerate()
        .filter(|(_, &id)| tree.node(id).is_some_and(|n| n.eval.is_none()))
        .map(|(k, _)| k)
        .collect()
}

/// The engine's view of one position.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The evaluation, from Red's side.
    pub eval: Eval,
    /// The best move, if the side to move has one.
    pub best: Option<Move>,
    /// The line the engine expects, starting with the best move.
    pub pv: Vec<Move>,
}

/// The colour of the better move's arrow (the engine panel draws its moves in blue too).
const BEST_ARROW: MarkColor = MarkColor::Blue;
/// The marks a teacher may have set already: a review does not add its own beside them.
const MARK_NAGS: std::ops::RangeInclusive<u8> = 1..=6;

/// Writes `analyses` (by ply of the main line, 0 = the start) into `tree`, then marks every judged
/// move with its NAG (unless it has a mark already), draws the better move as an arrow on the
/// position before it and adds the engine's line there as a variation. The main line is never
/// changed, and annotating twice with the same analyses gives the same tree.
pub fn annotate(tree: &mut GameTree, analyses: &[(usize, Analysis)]) -> Summary {
    let nodes = main_nodes(tree);
    for (ply, a) in analyses {
        if let Some(n) = nodes.get(*ply).and_then(|&id| tree.node_mut(id)) {
            n.eval = Some(a.eval);
        }
    }
    let summary = summarize(tree);
    for j in &summary.judged {
        if let Some(n) = tree.node_mut(j.node) {
            if !n.nags.iter().any(|g| MARK_NAGS.contains(g)) {
                n.nags.push(j.judgement.nag());
            }
        }
        let before = nodes[j.ply - 1];
        let played = tree.node(j.node).and_then(|n| n.mv());
        let Some((_, a)) = analyses.iter().find(|(p, _)| *p == j.ply - 1) else {
            continue;
        };
        let Some(best) = a.best.filter(|&b| Some(b) != played) else {
            continue;
        };
        if let Some(n) = tree.node_mut(before) {
            let arrow = Arrow {
                color: BEST_ARROW,
                from: best.from,
                to: best.to,
            };
            if !n.arrows.contains(&arrow) {
                n.arrows.push(arrow);
            }
        }
        let line = if a.pv.first() == Some(&best) {
            a.pv.clone()
        } else {
            vec![best]
        };
        let mut at = before;
        for m in line {
            match tree.add_move(at, m) {
                Ok(id) => at = id,
                Err(_) => break,
            }
        }
    }
    summary
}

/// What the page asks the worker to review: a game and the plies to search.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReviewRequest {
    /// Echoed in every report (and tells a review from an [`EngineRequest`](super::job::EngineRequest)).
    pub review: u64,
    /// The game's start position.
    pub fen: String,
    /// The main line in ICCS.
    pub moves: Vec<String>,
    /// The plies to search (0 = the start position), in order; every one when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plies: Option<Vec<usize>>,
    /// Depth, node and time limits per position.
    pub limits: Limits,
    /// Evaluate with the learned network (the worker fetches its weights first); the
    /// hand-written evaluation when left out or when the weights could not be had.
    #[serde(default)]
    pub network: bool,
}

/// One position reviewed, or the error that stopped the review.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReviewReport {
    /// The request's id.
    pub review: u64,
    /// Positions done so far (1-based) …
    pub k: usize,
    /// … of this many.
    pub n: usize,
    /// The ply of the position searched.
    pub ply: usize,
    /// Its score from Red's side (`Mate(0)`: the side to move has no move and has lost).
    pub score_red: Score,
    /// The best move, ICCS.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub best: Option<String>,
    /// The engine's line, ICCS.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pv: Vec<String>,
    /// Set when the request could not be used (the review ends there).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<JobError>,
}

impl ReviewReport {
    /// The report as the analysis of its position (`None` for an error).
    pub fn analysis(&self) -> Option<Analysis> {
        if self.error.is_some() {
            return None;
        }
        let parse = |s: &String| Move::from_iccs(s);
        Some(Analysis {
            eval: match self.score_red {
                Score::Cp(c) => Eval::Centipawns(c),
                Score::Mate(m) => Eval::Mate(m),
            },
            best: self.best.as_ref().and_then(parse),
            pv: self.pv.iter().map_while(parse).collect(),
        })
    }

    /// Whether this is the review's last report.
    pub fn is_last(&self) -> bool {
        self.error.is_some() || self.k >= self.n
    }
}

/// Reviews `req` with `engine` at full strength, posting one JSON [`ReviewReport`] per position.
pub fn run_review(
    engine: &mut Engine,
    req: &ReviewRequest,
    post: &mut dyn FnMut(String),
    now_ms: &dyn Fn() -> f64,
) {
    let mut send = |r: &ReviewReport| {
        post(serde_json::to_string(r).unwrap_or_else(|_| unreachable!("plain data")));
    };
    let fail = |e: JobError| ReviewReport {
        review: req.review,
        k: 0,
        n: 0,
        ply: 0,
        score_red: Score::Cp(0),
        best: None,
        pv: Vec::new(),
        error: Some(e),
    };
    let start = match Position::from_fen(&req.fen) {
        Ok(p) => p,
        Err(e) => return send(&fail(JobError::BadFen(e.to_string()))),
    };
    let mut moves = Vec::with_capacity(req.moves.len());
    for s in &req.moves {
        match Move::from_iccs(s) {
            Some(m) => moves.push(m),
            None => return send(&fail(JobError::IllegalMove(s.clone()))),
        }
    }
    if let Err((m, _)) = Root::new(start.clone(), &moves) {
        return send(&fail(JobError::IllegalMove(m.to_string())));
    }
    let mut plies: Vec<usize> = match &req.plies {
        Some(p) => p.iter().copied().filter(|&k| k <= moves.len()).collect(),
        None => (0..=moves.len()).collect(),
    };
    plies.sort_unstable();
    plies.dedup();
    let mut root = Root::new(start, &[]).unwrap_or_else(|_| unreachable!("no moves to refuse"));
    let mut played = 0;
    engine.set_level(Level::FULL, 0);
    let stop = AtomicBool::new(false);
    for (i, &ply) in plies.iter().enumerate() {
        while played < ply {
            if root.push(moves[played]).is_err() {
                return send(&fail(JobError::IllegalMove(moves[played].to_string())));
            }
            played += 1;
        }
        let pos = root.position();
        let turn = pos.turn();
        let mut report = ReviewReport {
            review: req.review,
            k: i + 1,
            n: plies.len(),
            ply,
            score_red: Score::Mate(0),
            best: None,
            pv: Vec::new(),
            error: None,
        };
        if !pos.legal_moves().is_empty() {
            let out = engine.think(&root, req.limits, now_ms, &stop, &mut |_| {});
            report.score_red = match turn {
                Color::Red => out.info.score,
                Color::Black => out.info.score.negate(),
            };
            report.best = out.best.map(|m| m.to_string());
            report.pv = out.info.pv.iter().map(|m| m.to_string()).collect();
        }
        send(&report);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::job::Weights;
    use crate::xiangqi::notation::pgn::{read_tree, write_tree};
    use crate::xiangqi::notation::Notation;
    use crate::xiangqi::START_FEN;

    fn mv(s: &str) -> Move {
        Move::from_iccs(s).unwrap()
    }

    fn tree_of(moves: &[&str]) -> GameTree {
        let mut t = GameTree::default();
        let mut at = t.root();
        for m in moves {
            at = t.add_move(at, mv(m)).unwrap();
        }
        t
    }

    fn cp(c: i32) -> Analysis {
        Analysis {
            eval: Eval::Centipawns(c),
            best: None,
            pv: Vec::new(),
        }
    }

    #[test]
    fn thresholds_are_lichess_on_winning_chances() {
        assert_eq!(red_chances(Eval::Centipawns(0), Color::Red), 0.0);
        // Red's +3 pawns is about 0.49 of the way to a won game; the cap makes +20 and +10 equal.
        let three = red_chances(Eval::Centipawns(300), Color::Red);
        assert!((three - 0.4889).abs() < 1e-3, "{three}");
        assert_eq!(
            red_chances(Eval::Centipawns(2000), Color::Red),
            red_chances(Eval::Centipawns(1000), Color::Red)
        );
        assert_eq!(Judgement::of_loss(0.099), None);
        assert_eq!(Judgement::of_loss(0.1), Some(Judgement::Inaccuracy));
        assert_eq!(Judgement::of_loss(0.2), Some(Judgement::Mistake));
        assert_eq!(Judgement::of_loss(0.3), Some(Judgement::Blunder));
        // The same drop is Red's loss and Black's gain.
        assert_eq!(judge(0.5, 0.0, Color::Red), Some(Judgement::Blunder));
        assert_eq!(judge(0.5, 0.0, Color::Black), None);
        assert_eq!(judge(0.0, 0.25, Color::Black), Some(Judgement::Mistake));
        // A pawn (90) lost at +10 is nothing; at level it is an inaccuracy, a horse a blunder.
        let at = |c| red_chances(Eval::Centipawns(c), Color::Red);
        assert_eq!(judge(at(1000), at(910), Color::Red), None);
        assert_eq!(judge(at(0), at(-50), Color::Red), None);
        assert_eq!(
            judge(at(0), at(-90), Color::Red),
            Some(Judgement::Inaccuracy)
        );
        assert_eq!(judge(at(0), at(-150), Color::Red), Some(Judgement::Mistake));
        assert_eq!(judge(at(0), at(-420), Color::Red), Some(Judgement::Blunder));
    }

    #[test]
    fn the_fitted_scale_is_the_one_the_results_were_drawn_from() {
        let mut rng = crate::rng::Rng::new(7);
        let samples: Vec<(i32, f64)> = (0..20_000)
            .map(|i| {
                let cp = (i % 1201) - 600;
                let p = 1.0 / (1.0 + (-0.005 * f64::from(cp)).exp());
                let y = if rng.unit() < p { 1.0 } else { 0.0 };
                (cp, y)
            })
            .collect();
        let k = fit_chance_scale(&samples).expect("a scale");
        assert!((k - 0.005).abs() < 0.0003, "{k}");
        assert_eq!(fit_chance_scale(&[(0, 1.0), (0, 0.0)]), None);
        assert_eq!(fit_chance_scale(&[]), None);
    }

    #[test]
    fn mate_scores_count_as_won_or_lost_games() {
        let mate = |m| red_chances(Eval::Mate(m), Color::Black);
        assert_eq!(mate(3), 1.0);
        assert_eq!(mate(-2), -1.0);
        // Mate(0): the side to move is mated.
        assert_eq!(red_chances(Eval::Mate(0), Color::Black), 1.0);
        assert_eq!(red_chances(Eval::Mate(0), Color::Red), -1.0);
        // Mate in 3 to mate in 5 loses nothing; letting a mate go for +2 pawns is a blunder.
        assert_eq!(judge(mate(3), mate(5), Color::Red), None);
        let plus2 = red_chances(Eval::Centipawns(200), Color::Black);
        assert_eq!(judge(mate(3), plus2, Color::Red), Some(Judgement::Blunder));
        // Walking into a mate from a level game is a blunder; being mated already is not judged.
        assert_eq!(judge(0.0, mate(4), Color::Black), Some(Judgement::Blunder));
        assert_eq!(judge(mate(4), mate(2), Color::Black), None);
    }

    #[test]
    fn annotate_marks_counts_draws_and_adds_the_line_without_touching_the_main_line() {
        // 1. 炮二平五 马８进７ 2. 马二进三 车９平８: Black's second move is judged a blunder by
        // the made-up evaluations below, with 炮８平９ as the better move and its line.
        let mut t = tree_of(&["h2e2", "h9g7", "h0g2", "i9h9"]);
        let main = t.main_line();
        let better = Analysis {
            eval: Eval::Centipawns(20),
            best: Some(mv("b7b0")),
            pv: vec![mv("b7b0"), mv("a0b0")],
        };
        let analyses = vec![
            (0, cp(20)),
            (1, cp(30)),
            (2, cp(25)),
            (3, better),
            (4, cp(500)),
        ];
        let s = annotate(&mut t, &analyses);
        assert_eq!(t.main_line(), main);
        assert_eq!(s.judged.len(), 1);
        let j = s.judged[0];
        assert_eq!(
            (j.ply, j.mover, j.judgement),
            (4, Color::Black, Judgement::Blunder)
        );
        assert_eq!(s.count(Color::Black, Judgement::Blunder), 1);
        assert_eq!(s.count(Color::Red, Judgement::Blunder), 0);
        assert!(s.is_complete());
        assert_eq!(t.node(main[3]).unwrap().nags, vec![4]);
        assert_eq!(t.node(main[3]).unwrap().eval, Some(Eval::Centipawns(500)));
        assert_eq!(t.node(t.root()).unwrap().eval, Some(Eval::Centipawns(20)));
        let before = t.node(main[2]).unwrap();
        assert_eq!(before.arrows.len(), 1);
        assert_eq!(
            (before.arrows[0].from, before.arrows[0].to),
            (mv("b7b0").from, mv("b7b0").to)
        );
        let var = t.children(main[2])[1];
        assert_eq!(t.node(var).unwrap().mv(), Some(mv("b7b0")));
        assert_eq!(t.main_line_from(var).len(), 2);
        assert_eq!(t.variation_count(), 1);
    }

    #[test]
    fn a_mark_already_set_is_kept_and_the_played_best_move_adds_nothing() {
        let mut t = tree_of(&["h2e2", "h9g7"]);
        let main = t.main_line();
        t.node_mut(main[1]).unwrap().nags.push(5);
        let played_best = Analysis {
            eval: Eval::Centipawns(0),
            best: Some(mv("h9g7")),
            pv: vec![mv("h9g7")],
        };
        annotate(&mut t, &[(0, cp(0)), (1, played_best), (2, cp(900))]);
        assert_eq!(t.node(main[1]).unwrap().nags, vec![5]);
        assert!(t.node(main[0]).unwrap().arrows.is_empty());
        assert_eq!(t.variation_count(), 0);
    }

    #[test]
    fn annotating_again_or_after_a_pgn_round_trip_recomputes_and_changes_nothing() {
        let mut t = tree_of(&["h2e2", "h9g7", "h0g2", "i9h9"]);
        let analyses = vec![
            (0, cp(20)),
            (1, cp(30)),
            (2, cp(25)),
            (
                3,
                Analysis {
                    eval: Eval::Centipawns(20),
                    best: Some(mv("b7b0")),
                    pv: vec![mv("b7b0"), mv("a0b0")],
                },
            ),
            (4, cp(-500)),
        ];
        assert_eq!(missing(&t), vec![0, 1, 2, 3, 4]);
        let first = annotate(&mut t, &analyses);
        assert!(missing(&t).is_empty());
        let once = t.clone();
        let second = annotate(&mut t, &analyses);
        assert_eq!(t, once);
        assert_eq!(first, second);
        // Reopened from its PGN: every evaluation is there, nothing to search, nothing changes.
        let mut back = read_tree(&write_tree(&t, Notation::Chinese)).unwrap();
        assert!(missing(&back).is_empty());
        assert_eq!(back.first_difference(&t), None);
        let again = annotate(&mut back, &[]);
        assert_eq!(back.first_difference(&t), None);
        assert_eq!(again.judged.len(), first.judged.len());
        assert_eq!(
            again.count(Color::Red, Judgement::Inaccuracy),
            first.count(Color::Red, Judgement::Inaccuracy)
        );
    }

    #[test]
    fn a_move_is_judged_only_between_two_known_evaluations() {
        let mut t = tree_of(&["h2e2", "h9g7"]);
        let s = annotate(&mut t, &[(0, cp(0)), (2, cp(900))]);
        assert!(s.judged.is_empty() && !s.is_complete());
        assert_eq!(missing(&t), vec![1]);
    }

    fn review(req: &ReviewRequest) -> Vec<ReviewReport> {
        review_with(req, &Weights::Unloaded)
    }

    fn review_with(req: &ReviewRequest, weights: &Weights) -> Vec<ReviewReport> {
        let mut out = Vec::new();
        let mut engine = Engine::new(1);
        let text = serde_json::to_string(req).unwrap();
        // Through the worker's entry point, as the page sends it.
        super::super::job::run_job(
            &mut engine,
            &text,
            weights,
            &mut |s| out.push(serde_json::from_str(&s).unwrap()),
            &|| 0.0,
        );
        out
    }

    #[test]
    fn a_review_asking_for_the_network_scores_with_its_weights_when_they_are_in() {
        let req = ReviewRequest {
            review: 4,
            fen: START_FEN.into(),
            moves: vec!["h2e2".into(), "h9g7".into()],
            plies: None,
            limits: Limits {
                depth: Some(3),
                ..Limits::default()
            },
            network: true,
        };
        assert!(super::super::job::wants_network(
            &serde_json::to_string(&req).unwrap()
        ));
        let scores = |reports: Vec<ReviewReport>| -> Vec<Score> {
            reports.iter().map(|r| r.score_red).collect()
        };
        let by_hand = scores(review(&ReviewRequest {
            network: false,
            ..req.clone()
        }));
        let net = std::fs::read(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/public/engine/ccpd.nnue"
        ))
        .expect("the shipped network");
        let by_net = scores(review_with(&req, &Weights::of_bytes(&net)));
        assert_eq!(by_net.len(), 3);
        assert_ne!(by_net, by_hand);
        // Weights that could not be had: the hand-written evaluation reviews.
        let refused = Weights::of_bytes(b"<html>not found</html>");
        assert_eq!(scores(review_with(&req, &refused)), by_hand);
    }

    #[test]
    fn the_worker_reviews_each_position_asked_for_with_progress() {
        let req = ReviewRequest {
            review: 9,
            fen: START_FEN.into(),
            moves: vec!["h2e2".into(), "h9g7".into()],
            plies: None,
            limits: Limits {
                depth: Some(2),
                ..Limits::default()
            },
            network: false,
        };
        let reports = review(&req);
        assert_eq!(reports.len(), 3);
        for (i, r) in reports.iter().enumerate() {
            assert_eq!((r.review, r.k, r.n, r.ply), (9, i + 1, 3, i));
            let a = r.analysis().unwrap();
            let pos = Root::new(
                Position::start(),
                &req.moves[..i].iter().map(|s| mv(s)).collect::<Vec<_>>(),
            )
            .unwrap();
            assert!(pos.position().is_legal(a.best.unwrap()));
            assert_eq!(a.pv.first(), a.best.as_ref());
        }
        assert!(reports[2].is_last() && !reports[1].is_last());
        // Only the plies asked for: a reopened review searches what is missing.
        let some = review(&ReviewRequest {
            plies: Some(vec![2]),
            ..req.clone()
        });
        assert_eq!(some.len(), 1);
        assert_eq!((some[0].ply, some[0].k, some[0].n), (2, 1, 1));
    }

    #[test]
    fn a_mated_position_is_reviewed_as_lost_for_the_side_to_move() {
        // Black to move: the rooks on a9 and a8 cover the king's every square.
        let fen = "R3k4/R8/9/9/9/9/9/9/9/3K5 b - - 0 1".to_string();
        assert!(Position::from_fen(&fen).unwrap().legal_moves().is_empty());
        let reports = review(&ReviewRequest {
            review: 1,
            fen,
            moves: Vec::new(),
            plies: None,
            limits: Limits {
                depth: Some(2),
                ..Limits::default()
            },
            network: false,
        });
        assert_eq!(reports.len(), 1);
        let a = reports[0].analysis().unwrap();
        assert_eq!(a.eval, Eval::Mate(0));
        assert_eq!(a.best, None);
    }

    #[test]
    fn bad_review_requests_get_an_error_report() {
        let reports = review(&ReviewRequest {
            review: 3,
            fen: START_FEN.into(),
            moves: vec!["a0a5".into()],
            plies: None,
            limits: Limits::default(),
            network: false,
        });
        assert_eq!(reports.len(), 1);
        assert_eq!(reports[0].error, Some(JobError::IllegalMove("a0a5".into())));
        assert!(reports[0].is_last() && reports[0].analysis().is_none());
    }
}
