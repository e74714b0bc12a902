//! The learned evaluation (issue 58): the accumulators the search updates move by move equal the
//! sum from scratch along real games, so the incremental and full paths score every position the
//! same to the bit (in a search too, where a debug build checks every node); `xq data`'s sample
//! reads back as quiet positions; the trainer repeats itself from a seed; and the shipped
//! network gives the recorded scores (`tests/data/nnue/scores.txt`), which the browser's worker must
//! give too (`tests/e2e/nnue.test.mjs`).

#[path = "support/uci.rs"]
mod uci_process;

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use uci_process::Uci;
use xiangqi_club::engine::job::{run_job, EvaluateReport, EvaluateRequest, Weights};
use xiangqi_club::engine::nnue::data::read_all;
use xiangqi_club::engine::nnue::train::{samples, train, Settings};
use xiangqi_club::engine::nnue::{Accumulator, Network, HIDDEN, INPUTS};
use xiangqi_club::engine::{Engine, Limits, Root};
use xiangqi_club::rng::Rng;
use xiangqi_club::xiangqi::{Move, Position};

const SAMPLE: &[u8] = include_bytes!("data/nnue/sample.xqpos");
const GAMES: &str = include_str!("data/games/games.jsonl");

/// A network of seeded random weights, large enough that the clipping and the sums matter.
fn random_network(seed: u64) -> Network {
    let mut rng = Rng::new(seed);
    let mut draw = |a: usize| (rng.below(2 * a + 1) as i32 - a as i32) as i16;
    let w1 = (0..INPUTS * HIDDEN).map(|_| draw(60)).collect();
    let mut b1 = [0i16; HIDDEN];
    b1.iter_mut().for_each(|b| *b = draw(200) + 100);
    let mut w2 = [0i16; 2 * HIDDEN];
    w2.iter_mut().for_each(|w| *w = draw(120));
    Network::new(w1, b1, w2, 1234)
}

/// The moves of the test set's first `n` games.
fn games(n: usize) -> Vec<(Position, Vec<Move>)> {
    GAMES
        .lines()
        .take(n)
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            let start = Position::from_fen(v["start_fen"].as_str().unwrap()).unwrap();
            let moves = v["moves_iccs"].as_array().unwrap();
            let moves = moves
                .iter()
                .map(|m| Move::from_iccs(m.as_str().unwrap()).unwrap());
            (start, moves.collect())
        })
        .collect()
}

#[test]
fn the_incremental_accumulators_equal_the_sum_from_scratch_along_real_games() {
    let net = random_network(58);
    let mut scores = std::collections::HashSet::new();
    let mut plies = 0;
    for (start, moves) in games(20) {
        let mut pos = start;
        let mut acc = Accumulator::new(&net, &pos);
        for m in moves {
            let b = pos.codes();
            let (from, to) = (m.from.index(), m.to.index());
            let next = acc.play(&net, b[from], from, to, b[to]);
            pos.play(m).unwrap();
            acc = next;
            assert_eq!(acc, Accumulator::new(&net, &pos), "{}", pos.fen());
            let score = net.evaluate(&acc, pos.turn());
            assert_eq!(score, net.evaluate_position(&pos), "{}", pos.fen());
            scores.insert(score);
            plies += 1;
        }
    }
    assert!(plies > 1000, "{plies} plies");
    // A network that scored everything alike would prove nothing.
    assert!(scores.len() > 300, "{} distinct scores", scores.len());
}

#[test]
fn a_search_with_the_network_evaluates_with_it_and_checks_every_node() {
    // In a debug build (as `cargo test` builds) the search checks at each evaluation that its
    // accumulators equal the sum from scratch and that both give the same score.
    let net = Arc::new(random_network(7));
    let stop = AtomicBool::new(false);
    let limits = Limits {
        depth: Some(5),
        ..Limits::default()
    };
    for (start, moves) in games(3) {
        let root = Root::new(start, &moves[..moves.len() / 2]).unwrap();
        let mut hand = Engine::new(4);
        let by_hand = hand.think(&root, limits, &|| 0.0, &stop, &mut |_| {});
        let mut e = Engine::new(4);
        e.set_network(Some(net.clone()));
        let out = e.think(&root, limits, &|| 0.0, &stop, &mut |_| {});
        assert!(out.best.is_some());
        // The same search with another evaluation searches another tree.
        assert_ne!(out.info.nodes, by_hand.info.nodes);
        // And without the network, the hand-written evaluation's search again.
        e.set_network(None);
        let again = e.think(&root, limits, &|| 0.0, &stop, &mut |_| {});
        assert_eq!(again.info.nodes, by_hand.info.nodes);
    }
}

#[test]
fn the_sample_reads_back_as_quiet_positions_of_finished_games() {
    let records = read_all(SAMPLE).unwrap();
    assert_eq!(records.len(), 400);
    let mut games = std::collections::HashSet::new();
    for r in &records {
        let pos = r.position().unwrap();
        assert!(!pos.is_check(), "{}", pos.fen());
        assert!(r.result <= 2 && r.score.abs() <= 10_000);
        games.insert(r.game);
    }
    assert!(games.len() > 10);
}

#[test]
fn training_repeats_from_a_seed_on_any_number_of_threads_and_learns() {
    let records = read_all(SAMPLE).unwrap();
    let settings = Settings {
        epochs: 4,
        batch: 64,
        hold_out: 5,
        ..Settings::default()
    };
    let (train_set, held) = samples(&records, &settings);
    assert!(!held.is_empty());
    let run = |threads| {
        let s = Settings {
            threads,
            ..settings.clone()
        };
        train(&train_set, &held, &s, &mut |_, _| {})
    };
    let (one, two) = (run(1), run(2));
    assert_eq!(one.network.to_bytes(), two.network.to_bytes());
    assert_eq!(one.epochs, two.epochs);
    assert!(
        one.epochs[3].train < one.epochs[0].train,
        "{:?}",
        one.epochs
    );
    // The integers behave as the floats: the held-out loss barely moves when quantised.
    let best = one.epochs[one.best - 1].validation;
    assert!(
        (one.quantised_validation - best).abs() < 0.01,
        "{best} vs {}",
        one.quantised_validation
    );
    // The weights file reads back as the same network.
    let bytes = one.network.to_bytes();
    assert_eq!(Network::from_bytes(&bytes).unwrap(), one.network);
}

/// What `xq uci` answers to `commands` up to its `bestmove`.
fn uci(commands: &[String]) -> String {
    let mut uci = Uci::start();
    for c in commands {
        uci.send(c);
    }
    let said = uci.wait_for("bestmove");
    assert!(uci.finish(true).0.success());
    said.iter().map(|l| format!("{l}\n")).collect()
}

#[test]
fn uci_evaluates_with_the_network_of_eval_file_and_refuses_a_file_that_is_none() {
    let dir = std::env::temp_dir().join(format!("xq-nnue-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let net = dir.join("random.nnue");
    std::fs::write(&net, random_network(3).to_bytes()).unwrap();
    let bad = dir.join("bad.nnue");
    std::fs::write(&bad, b"XQNN\x01\x00\x00\x00").unwrap();
    let go = |eval_file: Option<&std::path::Path>| {
        let mut c = vec!["uci".to_string()];
        if let Some(f) = eval_file {
            c.push(format!("setoption name EvalFile value {}", f.display()));
        }
        c.extend(["position startpos".into(), "go depth 4".into()]);
        let out = uci(&c);
        let last = out.lines().rfind(|l| l.starts_with("info depth 4"));
        (
            out.clone(),
            last.unwrap_or_else(|| panic!("{out}")).to_string(),
        )
    };
    let (hello, by_hand) = go(None);
    assert!(hello.contains("option name EvalFile type string default <empty>"));
    let (said, by_net) = go(Some(&net));
    assert!(said.contains(": the network evaluates"), "{said}");
    assert_ne!(by_net, by_hand);
    // A file that is not a network leaves the hand-written evaluation, and says why.
    let (said, after_bad) = go(Some(&bad));
    assert!(said.contains("the hand-written evaluation stays"), "{said}");
    let nodes = |l: &str| {
        l.split(" nodes ")
            .nth(1)
            .map(|r| r.split(' ').next().map(str::to_string))
    };
    assert_eq!(nodes(&after_bad), nodes(&by_hand));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `tests/data/nnue/scores.txt`: the sample's positions with the committed network's score of
/// each, which the browser's worker must give too (tests/e2e/nnue.test.mjs).
const SCORES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/nnue/scores.txt");
/// The network the app ships (the engine worker fetches it when the player turns it on).
const SHIPPED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/public/engine/ccpd.nnue");

/// The committed network's scores of `fens`, through the worker's entry point as the browser's
/// worker runs it.
fn worker_scores(fens: &[String]) -> Vec<Result<i32, String>> {
    let weights = Weights::of_bytes(&std::fs::read(SHIPPED).unwrap());
    assert!(matches!(weights, Weights::Loaded(_)), "{weights:?}");
    let request = serde_json::to_string(&EvaluateRequest {
        id: 1,
        evaluate: fens.to_vec(),
    })
    .unwrap();
    let mut said = Vec::new();
    run_job(
        &mut Engine::new(1),
        &request,
        &weights,
        &mut |s| said.push(s),
        &|| 0.0,
    );
    let report: EvaluateReport = serde_json::from_str(&said[0]).unwrap();
    report.scores
}

#[test]
fn the_shipped_network_gives_the_recorded_score_of_every_position() {
    let fens: Vec<String> = read_all(SAMPLE)
        .unwrap()
        .iter()
        .map(|r| r.position().unwrap().fen())
        .collect();
    if std::env::var_os("XQ_WRITE_NNUE_SCORES").is_some() {
        // After a new network: `XQ_WRITE_NNUE_SCORES=1 cargo test --test nnue shipped`.
        let mut text = String::from("# score (centipawns, side to move) TAB FEN: see README.md\n");
        for (fen, score) in fens.iter().zip(worker_scores(&fens)) {
            text.push_str(&format!("{}\t{fen}\n", score.unwrap()));
        }
        std::fs::write(SCORES, text).unwrap();
    }
    let recorded: Vec<(i32, String)> = std::fs::read_to_string(SCORES)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let (score, fen) = l.split_once('\t').unwrap();
            (score.parse().unwrap(), fen.to_string())
        })
        .collect();
    // The file holds the sample's positions, in its order.
    assert_eq!(
        recorded.iter().map(|(_, f)| f).collect::<Vec<_>>(),
        fens.iter().collect::<Vec<_>>()
    );
    let scores = worker_scores(&fens);
    let differ: Vec<String> = recorded
        .iter()
        .zip(&scores)
        .filter(|((want, _), got)| **got != Ok(*want))
        .map(|((want, fen), got)| format!("{fen}: recorded {want}, now {got:?}"))
        .collect();
    assert!(differ.is_empty(), "{}", differ.join("\n"));
    // The worker's entry point and the inference called directly agree, and the scores differ
    // enough from position to position that a network scoring all alike would not pass.
    let net = Network::from_bytes(&std::fs::read(SHIPPED).unwrap()).unwrap();
    for (score, fen) in &recorded {
        let pos = Position::from_fen(fen).unwrap();
        assert_eq!(net.evaluate_position(&pos), *score, "{fen}");
    }
    let distinct: std::collections::HashSet<_> = recorded.iter().map(|(s, _)| s).collect();
    assert!(distinct.len() > 150, "{} distinct scores", distinct.len());
}
