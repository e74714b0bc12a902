//! The puzzle generator: finds, in a game's main line, the positions where the side to move has a
//! forced win (played or missed) and cuts them into [`Puzzle`]s, as lichess's generator does.
//!
//! Two passes. The *scan* searches every position quickly (one line); a position is a candidate
//! when the side to move mates in at most [`Theme::MAX_MATE`], or its winning chances are at least
//! [`WINNING`] and were at most [`BEFORE_MAX`] before the opponent's last move (that move lost).
//! The *confirmation* searches each of the solver's positions along the line with two lines
//! (MultiPV 2) at the full limit:
//! - a mate: every solver move keeps a mate at least one move shorter, ending in checkmate (or
//!   stalemate, which loses too, rule 4.1.2) on the board; when a second move mates as fast,
//!   more lines are asked (each other move on its own when they all mate) and every move that
//!   mates as fast is kept as an [`Alternative`] ([`recheck`] does the same for a set cut
//!   before);
//! - a material win: the first move's chances at least [`WINNING`] and every other move's at
//!   most [`SECOND_MAX`] (winning chances −1…1 from the solver's side, [`red_chances`]); the line
//!   goes on while the solver's move stays the only winning one, at most [`MAX_MATERIAL_MOVES`]
//!   moves, and must end at least [`MIN_GAIN`] ahead in material (rule 25.3's values, a horse 5)
//!   after the engine's expected reply.
//!
//! The line must obey the 1999 rules: a line that repeats a position (with the game before it)
//! is dropped, as [`Dropped::ForbiddenRepetition`] when the rules core rules the solver's side
//! forbidden (perpetual check or chase, rules 24–26) and [`Dropped::Repetition`] otherwise. A
//! one-move material win that only takes back the piece the opponent just moved is dropped too.

use super::puzzle::{Alternative, Collection, Puzzle, PuzzleError, Source, Theme};
use super::themes::{seed, tag};
use crate::engine::review::red_chances;
use crate::engine::{Engine, Limits, Root, Score, MAX_MULTIPV};
use crate::xiangqi::notation::record::PgnResult;
use crate::xiangqi::rules::material::value;
use crate::xiangqi::rules::{classify, judge_cycle, ClassifiedMove, CycleRuling};
use crate::xiangqi::tree::{Eval, GameTree};
use crate::xiangqi::{Color, Move, Position};
use std::sync::atomic::AtomicBool;

/// The solver's winning chances (−1…1) that count as winning.
pub const WINNING: f64 = 0.6;
/// The most a material puzzle's second-best move may leave the solver (not winning).
pub const SECOND_MAX: f64 = 0.2;
/// The most the solver's chances may have been before the opponent's last move, for a material
/// puzzle: the opponent's move must have thrown the game (0.3 is a blunder in the review).
pub const BEFORE_MAX: f64 = 0.3;
/// The most solver moves in a material puzzle.
pub const MAX_MATERIAL_MOVES: usize = 4;
/// The least material a material puzzle must win, in rule 25.3's units (a horse or cannon is 5).
pub const MIN_GAIN: i32 = 4;

/// One line of an engine's answer: the score for the side to move and the moves.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// The score from the side to move.
    pub score: Score,
    /// The principal variation, its first move the one judged.
    pub pv: Vec<Move>,
}

/// A chess engine the generator asks: the built-in one ([`BuiltIn`]) in tests, a UCI process
/// from the command line.
pub trait Analyst {
    /// The best `lines` lines (at most; fewer when there are fewer moves) in the position after
    /// `moves` from `start`, best first; `deep` asks for the confirmation's limit rather than the
    /// scan's.
    fn analyse(
        &mut self,
        start: &Position,
        moves: &[Move],
        lines: usize,
        deep: bool,
    ) -> Result<Vec<Line>, String>;
}

/// The built-in engine with a limit for each pass.
pub struct BuiltIn {
    engine: Engine,
    scan: Limits,
    deep: Limits,
}

impl BuiltIn {
    /// The engine (16 MB of table) searching `scan` in the scan and `deep` to confirm.
    pub fn new(scan: Limits, deep: Limits) -> BuiltIn {
        BuiltIn {
            engine: Engine::new(16),
            scan,
            deep,
        }
    }
}

impl Analyst for BuiltIn {
    fn analyse(
        &mut self,
        start: &Position,
        moves: &[Move],
        lines: usize,
        deep: bool,
    ) -> Result<Vec<Line>, String> {
        let root =
            Root::new(start.clone(), moves).map_err(|(m, e)| format!("{m} is illegal: {e}"))?;
        self.engine.set_multipv(lines);
        let limits = if deep { self.deep } else { self.scan };
        let clock = std::time::Instant::now();
        let now = move || clock.elapsed().as_secs_f64() * 1000.0;
        let out = self
            .engine
            .think(&root, limits, &now, &AtomicBool::new(false), &mut |_| {});
        Ok(out
            .lines
            .into_iter()
            .filter(|l| !l.pv.is_empty())
            .map(|l| Line {
                score: l.score,
                pv: l.pv,
            })
            .collect())
    }
}

/// Why a candidate did not become a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dropped {
    /// The confirmation's search did not find the win the scan saw (or the mate grew longer).
    Unconfirmed,
    /// Another move wins too (a material puzzle's first move is not the only one).
    NotOnlyMove,
    /// The material won is less than [`MIN_GAIN`].
    SmallGain,
    /// The line repeats a position and the rules forbid the solver's side's moves.
    ForbiddenRepetition,
    /// The line repeats a position.
    Repetition,
    /// A one-move material win that only takes back the piece the opponent just moved.
    Recapture,
    /// A study's file is not a game record this app reads.
    Unreadable,
    /// A study's position is not legal (its FEN).
    IllegalPosition,
    /// A move of a study's published solution is not legal.
    IllegalMove,
    /// A study without a published result (`*`).
    NoResult,
    /// A study without a move of its player.
    NoSolution,
}

impl Dropped {
    /// The reasons a cut puzzle is dropped, in the order reports list them.
    pub const ALL: [Dropped; 6] = [
        Dropped::Unconfirmed,
        Dropped::NotOnlyMove,
        Dropped::SmallGain,
        Dropped::ForbiddenRepetition,
        Dropped::Repetition,
        Dropped::Recapture,
    ];

    /// The reasons a study is dropped, in the order reports list them.
    pub const STUDIES: [Dropped; 5] = [
        Dropped::Unreadable,
        Dropped::IllegalPosition,
        Dropped::IllegalMove,
        Dropped::NoResult,
        Dropped::NoSolution,
    ];

    /// The reason in a report.
    pub const fn name(self) -> &'static str {
        match self {
            Dropped::Unconfirmed => "engine did not confirm",
            Dropped::NotOnlyMove => "another move wins as well",
            Dropped::SmallGain => "material gain too small",
            Dropped::ForbiddenRepetition => "wins by a forbidden perpetual (rules 24-26)",
            Dropped::Repetition => "line repeats a position",
            Dropped::Recapture => "only a recapture",
            Dropped::Unreadable => "study file not readable",
            Dropped::IllegalPosition => "study position not legal",
            Dropped::IllegalMove => "solution move not legal",
            Dropped::NoResult => "study without a published result",
            Dropped::NoSolution => "study without a move of its player",
        }
    }
}

/// What the generator found in one game: the puzzles and the candidates dropped.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Found {
    /// The puzzles.
    pub puzzles: Vec<Puzzle>,
    /// The candidates dropped, with why.
    pub dropped: Vec<Dropped>,
    /// Positions scanned.
    pub scanned: usize,
}

/// The source of a game: its headers, the collection and (filled per puzzle) the move number.
pub fn source_of(tree: &GameTree, collection: Collection, title: &str) -> Source {
    let tag = |n: &str| tree.tag(n).unwrap_or("").trim().to_string();
    let game = [tag("Title"), tag("Game")]
        .into_iter()
        .find(|g| !g.is_empty() && g != "Chinese Chess")
        .unwrap_or_else(|| title.to_string());
    Source {
        collection,
        game,
        event: tag("Event"),
        red: tag("Red"),
        black: tag("Black"),
        date: tag("Date"),
        round: tag("Round"),
        move_number: 0,
    }
}

/// The solver's winning chances for a score from the side to move.
fn chances(score: Score) -> f64 {
    // The side to move's chances, as the review computes Red's with Red to move.
    let eval = match score {
        Score::Cp(c) => Eval::Centipawns(c),
        Score::Mate(m) => Eval::Mate(m),
    };
    red_chances(eval, Color::Red)
}

/// The solver's material minus the opponent's (kings left out), rule 25.3's units.
fn balance(pos: &Position, solver: Color) -> i32 {
    pos.pieces()
        .filter(|(_, p)| p.role != crate::xiangqi::Role::King)
        .map(|(s, p)| {
            if p.color == solver {
                value(p, s)
            } else {
                -value(p, s)
            }
        })
        .sum()
}

/// A classic endgame (残局) kept whole from its record's position `start`, its published solution
/// `moves` and its published `result`: a win is played by the side the record says won, a draw
/// study (和) by the side to move, who must hold it. No engine is asked: every study whose position
/// and moves are legal and whose result is published is kept (the page plays it out against the
/// engine, and the record is its solution).
pub fn study_from(
    start: &Position,
    moves: &[Move],
    result: PgnResult,
    source: Source,
) -> Result<Puzzle, Dropped> {
    let (player, draw) = match result {
        PgnResult::RedWins => (Color::Red, false),
        PgnResult::BlackWins => (Color::Black, false),
        PgnResult::Draw => (start.turn(), true),
        PgnResult::Unknown => return Err(Dropped::NoResult),
    };
    let mut study = Puzzle {
        id: String::new(),
        fen: start.fen(),
        moves: moves.to_vec(),
        themes: vec![Theme::Endgame],
        alternatives: Vec::new(),
        // A study is played out, not scored: its rating is only the default.
        rating: super::rating::DEFAULT_RATING,
        deviation: super::rating::PUZZLE_DEVIATION,
        source,
        player: Some(player),
        draw,
    };
    study.id = study.make_id();
    // Read back as the page reads it: the same checks of the position and every move.
    Puzzle::from_json(&study.to_json()).map_err(|e| match e {
        PuzzleError::Fen(_) => Dropped::IllegalPosition,
        PuzzleError::IllegalMove { .. } | PuzzleError::BadMove { .. } => Dropped::IllegalMove,
        _ => Dropped::NoSolution,
    })
}

/// Finds the puzzles in the main line from `start` (`moves`), with `source` for their origin.
pub fn find_puzzles(
    analyst: &mut dyn Analyst,
    start: &Position,
    moves: &[Move],
    source: &Source,
    tail: Option<usize>,
) -> Result<Found, String> {
    let mut found = Found::default();
    let mut positions = vec![start.clone()];
    for &m in moves {
        let next = positions[positions.len() - 1]
            .after(m)
            .map_err(|e| format!("{m} is illegal: {e}"))?;
        positions.push(next);
    }
    let first = tail.map_or(1, |t| moves.len().saturating_sub(t).max(1));
    // The scan's score of the position before, from the side to move there.
    let mut before: Option<Score> = None;
    let mut ply = first.saturating_sub(1);
    if ply >= 1 {
        before = analyst
            .analyse(start, &moves[..ply], 1, false)?
            .first()
            .map(|l| l.score);
        found.scanned += 1;
    }
    ply = first;
    while ply <= moves.len() {
        let pos = &positions[ply];
        if pos.legal_moves().is_empty() {
            break;
        }
        let lines = analyst.analyse(start, &moves[..ply], 1, false)?;
        found.scanned += 1;
        let Some(now) = lines.first().map(|l| l.score) else {
            break;
        };
        let solver_before = before.map_or(0.0, |s| -chances(s));
        before = Some(now);
        let candidate = match now {
            Score::Mate(n) => n > 0 && n <= i32::from(Theme::MAX_MATE),
            Score::Cp(_) => chances(now) >= WINNING && solver_before <= BEFORE_MAX,
        };
        if !candidate {
            ply += 1;
            continue;
        }
        match confirm(analyst, start, &moves[..ply], &positions[..=ply]) {
            Ok((line, alternatives)) => {
                let skip = line.len();
                let mut source = source.clone();
                source.move_number = pos.fullmoves();
                let mut puzzle = Puzzle {
                    id: String::new(),
                    fen: positions[ply - 1].fen(),
                    moves: std::iter::once(moves[ply - 1]).chain(line).collect(),
                    themes: Vec::new(),
                    alternatives,
                    rating: 0.0,
                    deviation: super::rating::PUZZLE_DEVIATION,
                    source,
                    player: None,
                    draw: false,
                };
                puzzle.themes = tag(&puzzle);
                puzzle.rating = seed(&puzzle, &puzzle.themes);
                puzzle.id = puzzle.make_id();
                found.puzzles.push(puzzle);
                // The game's later positions on the same line are the same puzzle.
                ply += skip.max(1);
                before = None;
            }
            Err(d) => {
                found.dropped.push(d);
                ply += 1;
            }
        }
    }
    Ok(found)
}

/// How many lines are asked for when a second move mates as fast as the best: the most the
/// built-in engine gives ([`MAX_MULTIPV`]; `xq uci` refuses more and keeps the lines it had).
const ALL_MATES: usize = MAX_MULTIPV;

/// `line` mates in at most `n` moves.
fn mates_within(line: &Line, n: i32) -> bool {
    matches!(line.score, Score::Mate(m) if m > 0 && m <= n)
}

/// Every move but `solution` that mates within `n` in the position after `moves` from `start`,
/// as alternatives at `ply`: asked when a second move mates as fast as the best, so that none of
/// them is ever marked wrong. Up to [`ALL_MATES`] lines are asked; when every line given mates as
/// fast (the engine may give fewer than asked), each other legal move is asked on its own.
fn equal_mates(
    analyst: &mut dyn Analyst,
    start: &Position,
    moves: &[Move],
    n: i32,
    solution: Move,
    ply: usize,
) -> Result<Vec<Alternative>, String> {
    let lines = analyst.analyse(start, moves, ALL_MATES, true)?;
    let mut found: Vec<Move> = lines
        .iter()
        .filter(|l| mates_within(l, n))
        .filter_map(|l| l.pv.first().copied())
        .collect();
    if lines.iter().all(|l| mates_within(l, n)) {
        let mut pos = start.clone();
        for &m in moves {
            pos.play(m).map_err(|e| format!("{m} is illegal: {e}"))?;
        }
        for m in pos.legal_moves().iter().copied() {
            if m != solution && !found.contains(&m) && mates_after(analyst, start, moves, m, n)? {
                found.push(m);
            }
        }
    }
    let mut alternatives: Vec<Alternative> = Vec::new();
    for mv in found.into_iter().filter(|&m| m != solution) {
        let a = Alternative { ply, mv };
        if !alternatives.contains(&a) {
            alternatives.push(a);
        }
    }
    Ok(alternatives)
}

/// Whether `mv`, played after `moves`, mates within `n`: at once on the board (checkmate or
/// stalemate, rule 4.1.2), or the engine sees the opponent mated in at most `n − 1`.
fn mates_after(
    analyst: &mut dyn Analyst,
    start: &Position,
    moves: &[Move],
    mv: Move,
    n: i32,
) -> Result<bool, String> {
    let all: Vec<Move> = moves.iter().copied().chain([mv]).collect();
    let mut pos = start.clone();
    for &m in &all {
        pos.play(m).map_err(|e| format!("{m} is illegal: {e}"))?;
    }
    if pos.is_checkmate() || pos.is_stalemate() {
        return Ok(true);
    }
    if n <= 1 {
        return Ok(false);
    }
    let lines = analyst.analyse(start, &all, 1, true)?;
    Ok(matches!(lines.first().map(|l| l.score), Some(Score::Mate(m)) if m < 0 && -m < n))
}

/// A shipped mate puzzle checked again where it records an alternative: every move that mates as
/// fast as the solution there is added, as [`confirm`] now finds them (a set cut when only the
/// engine's second line was kept). The moves, id and rating stay. Where no alternative is
/// recorded the engine's second line did not mate as fast, so no third does either (the lines
/// come best first). Returns how many were added.
pub fn recheck(analyst: &mut dyn Analyst, puzzle: &mut Puzzle) -> Result<usize, String> {
    if puzzle.player.is_some() || !puzzle.themes.iter().any(|t| matches!(t, Theme::MateIn(_))) {
        return Ok(0);
    }
    let mut plies: Vec<usize> = puzzle.alternatives.iter().map(|a| a.ply).collect();
    plies.sort_unstable();
    plies.dedup();
    let start = puzzle.start();
    let mut added = 0;
    for ply in plies {
        // The solver's moves left, this one included: the mate's length from here.
        let n = (puzzle.moves.len() - ply).div_ceil(2) as i32;
        let found = equal_mates(
            analyst,
            &start,
            &puzzle.moves[..ply],
            n,
            puzzle.moves[ply],
            ply,
        )?;
        let at = puzzle
            .alternatives
            .iter()
            .rposition(|a| a.ply == ply)
            .map_or(puzzle.alternatives.len(), |i| i + 1);
        let new: Vec<Alternative> = found
            .into_iter()
            .filter(|a| !puzzle.alternatives.contains(a))
            .collect();
        added += new.len();
        puzzle.alternatives.splice(at..at, new);
    }
    Ok(added)
}

/// The confirmed solution from the position after `history`: its moves (solver's first), the
/// alternatives (their plies counted in the puzzle's `moves`, where the opponent's move is 0).
type Confirmed = (Vec<Move>, Vec<Alternative>);

fn confirm(
    analyst: &mut dyn Analyst,
    start: &Position,
    history: &[Move],
    positions: &[Position],
) -> Result<Confirmed, Dropped> {
    let solver = positions[positions.len() - 1].turn();
    let mut pos = positions[positions.len() - 1].clone();
    let start_balance = balance(&pos, solver);
    let mut line: Vec<Move> = Vec::new();
    let mut alternatives = Vec::new();
    let mut mate: Option<i32> = None;
    let analyse = |analyst: &mut dyn Analyst, line: &[Move], lines: usize| {
        let all: Vec<Move> = history.iter().chain(line).copied().collect();
        analyst
            .analyse(start, &all, lines, true)
            .map_err(|_| Dropped::Unconfirmed)
    };
    for k in 0.. {
        let lines = analyse(analyst, &line, 2)?;
        let Some(best) = lines.first() else {
            return Err(Dropped::Unconfirmed);
        };
        let second = lines.get(1);
        let ply = 1 + line.len();
        match (best.score, mate) {
            (Score::Mate(n), _) if (k == 0 && n > 0) || mate.is_some() => {
                // Each move must keep the mate as short as promised; a deeper look that finds it
                // shorter still shortens the line.
                let expected = mate.map_or(n, |m| m - k as i32);
                if n <= 0 || n > expected || n > i32::from(Theme::MAX_MATE) {
                    return Err(Dropped::Unconfirmed);
                }
                mate = Some(n + k as i32);
                let mv = best.pv[0];
                if second.is_some_and(|s| mates_within(s, n)) {
                    let all: Vec<Move> = history.iter().chain(&line).copied().collect();
                    alternatives.extend(
                        equal_mates(analyst, start, &all, n, mv, ply)
                            .map_err(|_| Dropped::Unconfirmed)?,
                    );
                }
                pos.play(mv).map_err(|_| Dropped::Unconfirmed)?;
                line.push(mv);
                if n == 1 {
                    if !(pos.is_checkmate() || pos.is_stalemate()) {
                        // A "mate" the engine scores by the repetition rules, not on the board.
                        return Err(Dropped::Unconfirmed);
                    }
                    break;
                }
                let reply = reply_to(analyst, start, history, &line, best)?;
                pos.play(reply).map_err(|_| Dropped::Unconfirmed)?;
                line.push(reply);
            }
            (_, Some(_)) => return Err(Dropped::Unconfirmed),
            (score, None) => {
                let best_chances = chances(score);
                let second_chances = second.map_or(-1.0, |s| chances(s.score));
                let only = best_chances >= WINNING && second_chances <= SECOND_MAX;
                if k == 0 && best_chances < WINNING {
                    return Err(Dropped::Unconfirmed);
                }
                if k == 0 && !only {
                    return Err(Dropped::NotOnlyMove);
                }
                if !only || k == MAX_MATERIAL_MOVES {
                    break;
                }
                let mv = best.pv[0];
                pos.play(mv).map_err(|_| Dropped::Unconfirmed)?;
                line.push(mv);
                let reply = reply_to(analyst, start, history, &line, best)?;
                pos.play(reply).map_err(|_| Dropped::Unconfirmed)?;
                line.push(reply);
            }
        }
    }
    rules_ok(positions, &line, solver)?;
    if mate.is_none() {
        // The line ends with the engine's expected reply: the material is counted after it,
        // then the puzzle ends with the solver's move before it.
        let gain = balance(&pos, solver) - start_balance;
        line.pop();
        if line.is_empty() || gain < MIN_GAIN {
            return Err(Dropped::SmallGain);
        }
        if history.last().is_some_and(|&m| only_takes_back(m, &line)) {
            return Err(Dropped::Recapture);
        }
    }
    Ok((line, alternatives))
}

/// Whether a material solution `line` is one move taking back on the square of the opponent's
/// last move: a recapture, too plain for a puzzle.
pub fn only_takes_back(last: Move, line: &[Move]) -> bool {
    line.len() == 1 && line[0].to == last.to
}

/// The opponent's best reply after the solver's move: the engine's expected one, else a search.
fn reply_to(
    analyst: &mut dyn Analyst,
    start: &Position,
    history: &[Move],
    line: &[Move],
    best: &Line,
) -> Result<Move, Dropped> {
    if let Some(&r) = best.pv.get(1) {
        return Ok(r);
    }
    let all: Vec<Move> = history.iter().chain(line).copied().collect();
    analyst
        .analyse(start, &all, 1, true)
        .ok()
        .and_then(|l| l.first().map(|l| l.pv[0]))
        .ok_or(Dropped::Unconfirmed)
}

/// Whether two positions are the same for the repetition rules: the pieces and the side to move
/// (the move counters differ).
fn same(a: &Position, b: &Position) -> bool {
    a.hash() == b.hash() && a.turn() == b.turn() && a.codes() == b.codes()
}

/// Whether the line obeys the 1999 rules: no position of it repeats one before it (the game's
/// `positions` included); when one does, the cycle is ruled by the rules core.
pub fn rules_ok(positions: &[Position], line: &[Move], solver: Color) -> Result<(), Dropped> {
    let mut all: Vec<Position> = positions.to_vec();
    let mut played: Vec<Option<Move>> = vec![None; positions.len()];
    for &m in line {
        let next = all[all.len() - 1]
            .after(m)
            .map_err(|_| Dropped::Unconfirmed)?;
        all.push(next);
        played.push(Some(m));
        let last = all.len() - 1;
        let Some(first) = (0..last).rev().find(|&i| same(&all[i], &all[last])) else {
            continue;
        };
        // The cycle's moves: from the first occurrence to the repetition, all in the line or the
        // game (whose moves are found again from the positions).
        let cycle: Option<Vec<ClassifiedMove>> = (first..last)
            .map(|i| {
                let mv = played[i + 1].or_else(|| {
                    all[i]
                        .legal_moves()
                        .iter()
                        .copied()
                        .find(|&m| all[i].after(m).is_ok_and(|p| same(&p, &all[i + 1])))
                })?;
                let piece = all[i].piece_at(mv.from)?;
                Some(ClassifiedMove {
                    ply: i + 1,
                    mover: all[i].turn(),
                    mv,
                    piece,
                    kind: classify(&all[i], mv)?,
                })
            })
            .collect();
        let ruling = cycle.map(|c| judge_cycle(&c).0);
        return Err(match ruling {
            Some(CycleRuling::PerpetualCheck { loser })
            | Some(CycleRuling::Forbidden { loser })
                if loser == solver =>
            {
                Dropped::ForbiddenRepetition
            }
            _ => Dropped::Repetition,
        });
    }
    Ok(())
}
