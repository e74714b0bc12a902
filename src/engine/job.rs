//! One engine job as a message exchange, for the Web Worker: a JSON request in, JSON reports out.
//!
//! Kept in the core (no web crate) so the protocol is tested natively; the worker binary only wires
//! it to `postMessage`. The clock comes in as a parameter. A job is stopped by ending the worker:
//! the page keeps the last reported line, whose first move is the move to play.
//!
//! A request may ask for the learned network (`"network": true`); the worker fetches its weights
//! only then ([`NETWORK_URL`]) and hands them in as [`Weights`]. When they could not be had, the
//! hand-written evaluation searches and every report says why (`network_failed`).

use super::nnue::Network;
use super::search::{Engine, Info, Level, Limits, Root, Score, MAX_MULTIPV};
use crate::xiangqi::rules::attacks::with_turn_passed;
use crate::xiangqi::{Color, Move, Position};
use serde::{Deserialize, Serialize};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// The worker's first message: its handler is installed, so requests can be sent.
pub const WORKER_READY: &str = "ready";

/// Where the worker fetches the network's weights, from its own address (the build's
/// `public/engine/`): only when a request asks for the network, never with a page.
pub const NETWORK_URL: &str = "./public/engine/ccpd.nnue";

/// The network's weights as the worker holds them.
#[derive(Clone, Debug)]
pub enum Weights {
    /// Not fetched: no request has asked for the network.
    Unloaded,
    /// Fetched and read.
    Loaded(Arc<Network>),
    /// Why they could not be had (the fetch failed, or the file is not a network).
    Failed(String),
}

impl Weights {
    /// The weights of a fetched file's bytes, or why they are refused.
    pub fn of_bytes(bytes: &[u8]) -> Weights {
        match Network::from_bytes(bytes) {
            Ok(net) => Weights::Loaded(Arc::new(net)),
            Err(e) => Weights::Failed(e.to_string()),
        }
    }
}

/// Whether `request` asks for the network (so the worker must fetch the weights before it runs).
pub fn wants_network(request: &str) -> bool {
    #[derive(Deserialize)]
    struct Asks {
        #[serde(default)]
        network: bool,
    }
    serde_json::from_str::<Asks>(request).is_ok_and(|a| a.network)
}

/// What to search for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Task {
    /// The best move for the side to move (the computer's move, a hint, the analysis).
    Best,
    /// What the side not to move would play if it could move now (a teacher's "show threats").
    Threats,
}

/// What the page asks the worker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EngineRequest {
    /// Echoed in every report, so late reports of an old job are recognised.
    pub id: u64,
    /// The game's start position.
    pub fen: String,
    /// The moves played since, in ICCS (`h2e2`): the search needs them for repetitions.
    pub moves: Vec<String>,
    /// Best move or threats.
    pub task: Task,
    /// Strength 1..=8.
    pub level: u8,
    /// Seed of the level's controlled randomness.
    pub seed: u64,
    /// Depth, node and time limits.
    pub limits: Limits,
    /// How many best lines to report (1..=5; 1 when left out).
    #[serde(default = "one_line")]
    pub multipv: u8,
    /// Evaluate with the learned network instead of the hand-written evaluation (off when left out).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub network: bool,
}

/// The network's static scores of positions, from scratch as the search's root has them: what
/// the test of native against worker inference asks (`{"id":1,"network":true,"evaluate":[FEN…]}`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EvaluateRequest {
    /// Echoed in the answer.
    pub id: u64,
    /// The positions.
    pub evaluate: Vec<String>,
}

/// The answer to an [`EvaluateRequest`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EvaluateReport {
    /// The request's id.
    pub id: u64,
    /// Each position's score in centipawns for its side to move, or why there is none (a FEN
    /// refused, no network).
    pub scores: Vec<Result<i32, String>>,
}

fn one_line() -> u8 {
    1
}

/// One of the best lines of a report, best first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReportLine {
    /// Score from Red's point of view.
    pub score_red: Score,
    /// The line in ICCS, from the position searched.
    pub pv: Vec<String>,
}

/// One report from the worker: progress while searching, then the final one with `done`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EngineReport {
    /// The request's id.
    pub id: u64,
    /// The last report of this job.
    pub done: bool,
    /// Iteration depth.
    pub depth: u32,
    /// Score from Red's point of view (the analysis bar's convention).
    pub score_red: Score,
    /// Nodes searched.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// The principal variation in ICCS, from the position searched (after a pass for threats).
    pub pv: Vec<String>,
    /// All lines asked for, best first (the first is `score_red` and `pv`); empty for one line.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lines: Vec<ReportLine>,
    /// The move to play (on the final report), ICCS.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub best: Option<String>,
    /// Set when the request could not be used.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<JobError>,
    /// Set when the request asked for the network and its weights could not be had: why (the
    /// hand-written evaluation searched instead).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub network_failed: Option<String>,
}

/// Why a request could not be searched.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum JobError {
    /// The JSON did not parse.
    BadRequest(String),
    /// The FEN was refused.
    BadFen(String),
    /// A move was not legal.
    IllegalMove(String),
    /// Threats cannot be shown while the side to move is in check.
    InCheck,
}

impl std::fmt::Display for JobError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            JobError::BadRequest(e) => write!(f, "bad request: {e}"),
            JobError::BadFen(e) => write!(f, "bad FEN: {e}"),
            JobError::IllegalMove(m) => write!(f, "illegal move {m}"),
            JobError::InCheck => write!(f, "no threats to show while in check"),
        }
    }
}

/// Milliseconds between progress reports inside one iteration are not sent: each completed
/// iteration reports, which is often enough for the analysis panel.
fn report(id: u64, info: &Info, turn: Color, done: bool, best: Option<Move>) -> EngineReport {
    let line = line_of(info, turn);
    EngineReport {
        id,
        done,
        depth: info.depth,
        score_red: line.score_red,
        nodes: info.nodes,
        nps: info.nps(),
        pv: line.pv,
        lines: Vec::new(),
        best: best.map(|m| m.to_string()),
        error: None,
        network_failed: None,
    }
}

fn line_of(info: &Info, turn: Color) -> ReportLine {
    ReportLine {
        score_red: if turn == Color::Red {
            info.score
        } else {
            info.score.negate()
        },
        pv: info.pv.iter().map(|m| m.to_string()).collect(),
    }
}

/// The report of several lines: the first line's figures, with every line in `lines`.
fn report_lines(
    id: u64,
    lines: &[Info],
    turn: Color,
    done: bool,
    best: Option<Move>,
) -> Option<EngineReport> {
    let mut r = report(id, lines.first()?, turn, done, best);
    r.lines = lines.iter().map(|i| line_of(i, turn)).collect();
    Some(r)
}

/// Parses the request into the root to search.
pub fn root_of(req: &EngineRequest) -> Result<Root, JobError> {
    let start = Position::from_fen(&req.fen).map_err(|e| JobError::BadFen(e.to_string()))?;
    let mut moves = Vec::with_capacity(req.moves.len());
    for s in &req.moves {
        moves.push(Move::from_iccs(s).ok_or_else(|| JobError::IllegalMove(s.clone()))?);
    }
    let root = Root::new(start, &moves).map_err(|(m, _)| JobError::IllegalMove(m.to_string()))?;
    match req.task {
        Task::Best => Ok(root),
        Task::Threats => {
            let passed = with_turn_passed(root.position()).ok_or(JobError::InCheck)?;
            Ok(Root::new(passed, &[]).unwrap_or_else(|_| unreachable!("no moves to refuse")))
        }
    }
}

/// The network's scores of `req`'s positions (from scratch, as [`Network::evaluate_position`]).
fn evaluate(req: &EvaluateRequest, weights: &Weights) -> EvaluateReport {
    let score = |fen: &String| match weights {
        Weights::Loaded(net) => Position::from_fen(fen)
            .map(|pos| net.evaluate_position(&pos))
            .map_err(|e| format!("bad FEN: {e}")),
        Weights::Failed(e) => Err(e.clone()),
        Weights::Unloaded => Err("no network loaded".into()),
    };
    EvaluateReport {
        id: req.id,
        scores: req.evaluate.iter().map(score).collect(),
    }
}

/// Sets `engine` to evaluate as `req` asks with `weights`; why the network is not used when it
/// was asked for and cannot be.
fn choose_evaluation(engine: &mut Engine, network: bool, weights: &Weights) -> Option<String> {
    match (network, weights) {
        (false, _) => {
            engine.set_network(None);
            None
        }
        (true, Weights::Loaded(net)) => {
            engine.set_network(Some(net.clone()));
            None
        }
        (true, Weights::Failed(e)) => {
            engine.set_network(None);
            Some(e.clone())
        }
        (true, Weights::Unloaded) => {
            engine.set_network(None);
            Some("the network's weights were not fetched".into())
        }
    }
}

/// Runs one request to the end with `engine` (evaluating with `weights` when it asks for the
/// network), posting a JSON [`EngineReport`] per iteration.
pub fn run_job(
    engine: &mut Engine,
    request: &str,
    weights: &Weights,
    post: &mut dyn FnMut(String),
    now_ms: &dyn Fn() -> f64,
) {
    let fail = |id: u64, e: JobError| EngineReport {
        id,
        done: true,
        depth: 0,
        score_red: Score::Cp(0),
        nodes: 0,
        nps: 0,
        pv: Vec::new(),
        lines: Vec::new(),
        best: None,
        error: Some(e),
        network_failed: None,
    };
    // A whole-game review comes to the same worker (and its transposition table), one line each,
    // with the network when it asks and its weights are in.
    engine.set_multipv(1);
    if let Ok(review) = serde_json::from_str::<super::review::ReviewRequest>(request) {
        choose_evaluation(engine, review.network, weights);
        return super::review::run_review(engine, &review, post, now_ms);
    }
    if let Ok(req) = serde_json::from_str::<EvaluateRequest>(request) {
        let out = evaluate(&req, weights);
        return post(serde_json::to_string(&out).unwrap_or_else(|_| unreachable!("plain data")));
    }
    let req: EngineRequest = match serde_json::from_str(request) {
        Ok(r) => r,
        Err(e) => return post(to_json(&fail(0, JobError::BadRequest(e.to_string())))),
    };
    let root = match root_of(&req) {
        Ok(r) => r,
        Err(e) => return post(to_json(&fail(req.id, e))),
    };
    let failed = choose_evaluation(engine, req.network, weights);
    let mut post = |mut r: EngineReport| {
        r.network_failed.clone_from(&failed);
        post(to_json(&r));
    };
    let turn = root.position().turn();
    engine.set_level(Level::new(req.level), req.seed);
    let stop = AtomicBool::new(false);
    let multipv = (req.multipv as usize).clamp(1, MAX_MULTIPV);
    if multipv == 1 {
        let out = engine.think(&root, req.limits, now_ms, &stop, &mut |info| {
            post(report(req.id, info, turn, false, None));
        });
        return post(report(req.id, &out.info, turn, true, out.best));
    }
    // Several lines: one report per depth, once all its lines are in.
    engine.set_multipv(multipv);
    let wanted = multipv.min(root.position().legal_moves().len());
    let mut depth_lines: Vec<Info> = Vec::with_capacity(wanted);
    let out = engine.think(&root, req.limits, now_ms, &stop, &mut |info| {
        if info.multipv == 1 {
            depth_lines.clear();
        }
        depth_lines.push(info.clone());
        if depth_lines.len() == wanted {
            if let Some(r) = report_lines(req.id, &depth_lines, turn, false, None) {
                post(r);
            }
        }
    });
    engine.set_multipv(1);
    let done = report_lines(req.id, &out.lines, turn, true, out.best)
        .unwrap_or_else(|| report(req.id, &out.info, turn, true, out.best));
    post(done);
}

fn to_json(r: &EngineReport) -> String {
    serde_json::to_string(r).unwrap_or_else(|_| unreachable!("plain data"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::START_FEN;

    fn request(task: Task, moves: &[&str]) -> String {
        serde_json::to_string(&EngineRequest {
            id: 7,
            fen: START_FEN.into(),
            moves: moves.iter().map(|s| s.to_string()).collect(),
            task,
            level: 8,
            seed: 1,
            limits: Limits {
                depth: Some(3),
                ..Limits::default()
            },
            multipv: 1,
            network: false,
        })
        .unwrap()
    }

    fn run(req: &str) -> Vec<EngineReport> {
        run_with(req, &Weights::Unloaded)
    }

    fn run_with(req: &str, weights: &Weights) -> Vec<EngineReport> {
        let mut out = Vec::new();
        let mut engine = Engine::new(1);
        run_job(
            &mut engine,
            req,
            weights,
            &mut |s| out.push(serde_json::from_str(&s).unwrap()),
            &|| 0.0,
        );
        out
    }

    /// A network whose weights differ input by input, so that it scores positions apart.
    fn some_network() -> Network {
        use crate::engine::nnue::{HIDDEN, INPUTS};
        let w1 = (0..INPUTS * HIDDEN)
            .map(|i| (i * 7 % 61) as i16 - 30)
            .collect();
        let mut w2 = [0i16; 2 * HIDDEN];
        w2.iter_mut()
            .enumerate()
            .for_each(|(i, w)| *w = (i as i16 % 9) - 4);
        Network::new(w1, [100; HIDDEN], w2, 0)
    }

    #[test]
    fn a_request_for_the_network_searches_with_it_or_says_why_not() {
        assert!(!wants_network(&request(Task::Best, &[])));
        let mut req: EngineRequest = serde_json::from_str(&request(Task::Best, &[])).unwrap();
        req.network = true;
        let asks = serde_json::to_string(&req).unwrap();
        assert!(wants_network(&asks));
        let by_hand = run(&request(Task::Best, &[]));
        let loaded = Weights::of_bytes(&some_network().to_bytes());
        let by_net = run_with(&asks, &loaded);
        assert!(by_net.iter().all(|r| r.network_failed.is_none()));
        assert_ne!(by_net.last().unwrap().nodes, by_hand.last().unwrap().nodes);
        // Weights that did not load: the hand-written evaluation's search, and every report says why.
        let refused = Weights::of_bytes(b"<html>not found</html>");
        let by_hand_again = run_with(&asks, &refused);
        assert_eq!(by_hand_again.len(), by_hand.len());
        for (r, h) in by_hand_again.iter().zip(&by_hand) {
            assert_eq!(r.nodes, h.nodes);
            assert_eq!(
                r.network_failed.as_deref(),
                Some("not a network weights file (no XQNN)")
            );
        }
        // Loaded weights are not used by a request that does not ask for them.
        let plain = run_with(&request(Task::Best, &[]), &loaded);
        assert_eq!(plain.last().unwrap().nodes, by_hand.last().unwrap().nodes);
    }

    #[test]
    fn an_evaluation_request_gives_the_networks_score_of_each_position() {
        let net = some_network();
        let fens = vec![
            START_FEN.to_string(),
            "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1".to_string(),
            "not a fen".to_string(),
        ];
        let req = serde_json::to_string(&EvaluateRequest {
            id: 3,
            evaluate: fens.clone(),
        })
        .unwrap();
        let answer = |weights: &Weights| {
            let mut out = Vec::new();
            run_job(
                &mut Engine::new(1),
                &req,
                weights,
                &mut |s| out.push(s),
                &|| 0.0,
            );
            assert_eq!(out.len(), 1);
            serde_json::from_str::<EvaluateReport>(&out[0]).unwrap()
        };
        let got = answer(&Weights::Loaded(Arc::new(net.clone())));
        assert_eq!(got.id, 3);
        for (fen, score) in fens.iter().zip(&got.scores).take(2) {
            let pos = Position::from_fen(fen).unwrap();
            assert_eq!(*score, Ok(net.evaluate_position(&pos)));
        }
        assert_ne!(got.scores[0], got.scores[1]);
        assert!(got.scores[2]
            .as_ref()
            .is_err_and(|e| e.starts_with("bad FEN")));
        let none = answer(&Weights::Unloaded);
        assert!(none.scores.iter().all(Result::is_err));
    }

    #[test]
    fn reports_each_iteration_then_a_legal_best_move() {
        let reports = run(&request(Task::Best, &["h2e2"]));
        assert_eq!(reports.len(), 4);
        let last = reports.last().unwrap();
        assert!(last.done && last.depth == 3 && last.id == 7);
        let mut pos = Position::start();
        pos.play(Move::from_iccs("h2e2").unwrap()).unwrap();
        let best = Move::from_iccs(last.best.as_deref().unwrap()).unwrap();
        assert!(pos.is_legal(best));
    }

    #[test]
    fn threats_are_moves_of_the_side_not_to_move() {
        let reports = run(&request(Task::Threats, &["h2e2"]));
        let best = Move::from_iccs(reports.last().unwrap().best.as_deref().unwrap()).unwrap();
        // After 炮二平五 it is Black's turn; the threat is a Red move.
        let pos = Position::start()
            .after(Move::from_iccs("h2e2").unwrap())
            .unwrap();
        assert!(!pos.is_legal(best));
        assert_eq!(pos.piece_at(best.from).unwrap().color, Color::Red);
        assert!(with_turn_passed(&pos).unwrap().is_legal(best));
    }

    #[test]
    fn an_analysis_of_three_lines_reports_them_all_at_each_depth() {
        let mut req: EngineRequest = serde_json::from_str(&request(Task::Best, &[])).unwrap();
        req.multipv = 3;
        let reports = run(&serde_json::to_string(&req).unwrap());
        assert_eq!(reports.len(), 4);
        for r in &reports {
            assert_eq!(r.lines.len(), 3, "{r:?}");
            assert_eq!((&r.lines[0].pv, r.lines[0].score_red), (&r.pv, r.score_red));
            let firsts: Vec<&String> = r.lines.iter().map(|l| &l.pv[0]).collect();
            assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
        }
        let last = reports.last().unwrap();
        assert_eq!(last.best.as_ref(), Some(&last.lines[0].pv[0]));
        // A request without the field (an older page) gets one line.
        let old = request(Task::Best, &[]).replace(",\"multipv\":1", "");
        assert!(!old.contains("multipv"));
        assert!(run(&old).iter().all(|r| r.lines.is_empty()));
    }

    #[test]
    fn bad_requests_get_an_error_report() {
        assert!(matches!(run("{")[0].error, Some(JobError::BadRequest(_))));
        let illegal = run(&request(Task::Best, &["a0a5"]));
        assert_eq!(illegal[0].error, Some(JobError::IllegalMove("a0a5".into())));
        assert!(illegal[0].done);
    }
}
