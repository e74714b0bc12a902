//! What each move of a repetition cycle is, by the 棋例 (chapters 6–7): 将, 杀, 捉 or 闲.
//!
//! A move is judged by what it newly threatens (29.2, 细则 2 and 6), heaviest function first
//! (27.4, 细则 12): check, then mate threat, then chase; everything else is idle, with the idle kind
//! (兑, 献, 跟, 拦) or the clause that makes a formal chase idle (27.1, 27.2, 27.3, 细则 7).

use super::attacks::{attackers, attacks, blocks, with_turn_passed};
use super::limits::simple_draw;
use super::material::{equal_value, is_material, value};
use crate::xiangqi::{Color, Move, Piece, Position, Role, Square};
use std::fmt;

/// How many checking moves a mate threat (杀, 28.2) may take: "next move or continuous checks".
const MATE_THREAT_CHECKS: u32 = 3;
/// How many checking moves may lead to a capture for it to count as a chase (29.1).
const CHASE_BY_CHECKS: u32 = 2;
/// How deep the answer to a capture is searched for mate (29.4, 细则 7).
const CAPTURE_ANSWER_CHECKS: u32 = 2;
/// Exchanges longer than this on one point are not followed (no real position reaches it).
const MAX_EXCHANGE: u32 = 10;

/// A piece standing on a point: what a chase is aimed at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Chased {
    /// The chased piece.
    pub piece: Piece,
    /// Where it stands when the chasing move is made.
    #[serde(with = "square_iccs")]
    pub square: Square,
}

impl fmt::Display for Chased {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.piece.role.english(), self.square)
    }
}

/// The kinds of idle move (闲, 28.9), with the clause that makes a formal attack idle.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum IdleKind {
    /// 兑 (28.5): offers an exchange of equal material.
    Exchange,
    /// 献 (28.6): puts an unprotected piece where it can be taken for free.
    Offer,
    /// 跟 (28.8): trails a protected piece without threatening it.
    Follow,
    /// 拦 (28.7): stands in the way of an opposing piece without attacking.
    Block,
    /// Nothing of the above: a plain idle move.
    Plain,
    /// 27.1: the king itself attacks the piece.
    KingChase(Chased),
    /// 27.2: a pawn itself attacks the piece (a chase again if both sides attack throughout, 细则 11).
    PawnChase(Chased),
    /// 27.3 / 细则 13: the attack on an advisor or elephant comes with taking a defensive key point
    /// in a simple draw.
    KeyPoint(Chased),
    /// 细则 6: the piece was already chased before the move; nothing new is threatened.
    ChaseContinues(Chased),
    /// 细则 7 / 29.4: taking the piece would be answered by mate.
    AnsweredByMate(Chased),
}

/// What one move does, by the heaviest of its functions (27.4).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum MoveKind {
    /// 将 (28.1): attacks the opposing king.
    Check,
    /// 杀 (28.2): threatens mate by a check next move or a series of checks.
    MateThreat,
    /// 捉 (28.3, 29): newly threatens to win the listed pieces.
    Chase(Vec<Chased>),
    /// 闲 (28.9): none of the above.
    Idle(IdleKind),
}

impl MoveKind {
    /// Whether the move is an attack (打, 28.4): check, mate threat or chase.
    pub fn is_attack(&self) -> bool {
        !matches!(self, MoveKind::Idle(_))
    }

    /// The clause that defines this kind of move.
    pub fn clause(&self) -> &'static str {
        match self {
            MoveKind::Check => "28.1",
            MoveKind::MateThreat => "28.2",
            MoveKind::Chase(_) => "29",
            MoveKind::Idle(k) => match k {
                IdleKind::Exchange => "28.5",
                IdleKind::Offer => "28.6",
                IdleKind::Follow => "28.8",
                IdleKind::Block => "28.7",
                IdleKind::Plain => "28.9",
                IdleKind::KingChase(_) => "27.1",
                IdleKind::PawnChase(_) => "27.2",
                IdleKind::KeyPoint(_) => "27.3",
                IdleKind::ChaseContinues(_) => "细则6",
                IdleKind::AnsweredByMate(_) => "细则7",
            },
        }
    }
}

/// One move of a repetition cycle with its classification.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ClassifiedMove {
    /// The ply the move was played at (1 = the first move of the record).
    pub ply: usize,
    /// Who played it.
    pub mover: Color,
    /// The move, in ICCS.
    #[serde(with = "move_iccs")]
    pub mv: Move,
    /// The piece that moved.
    pub piece: Piece,
    /// What the move is.
    pub kind: MoveKind,
}

impl fmt::Display for ClassifiedMove {
    /// `3 red a2b2 chase chariot b7 捉車b7 29`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {} {} | {} | {}",
            self.ply,
            self.mover.english().to_ascii_lowercase(),
            self.mv,
            self.kind.en(),
            self.kind.zh(),
            self.kind.clause()
        )
    }
}

/// Classifies `mv`, a legal move in `before`, by the 棋例. Returns `None` if `mv` is illegal.
pub fn classify(before: &Position, mv: Move) -> Option<MoveKind> {
    let after = before.after(mv).ok()?;
    // 28.1: a check is the heaviest function (27.4).
    if after.is_check() {
        return Some(MoveKind::Check);
    }
    let Some(again) = with_turn_passed(&after) else {
        return Some(MoveKind::Check);
    };
    let moved_to = mv.to;
    // 杀 too must be new (as 29.2 asks of 捉): a mate the mover already had is not threatened by
    // this move.
    if mates_by_checks(&again, MATE_THREAT_CHECKS) && !mates_by_checks(before, MATE_THREAT_CHECKS) {
        return Some(MoveKind::MateThreat);
    }
    let old = threats(before, before.is_check(), CHASE_BY_CHECKS);
    let new = threats(&again, false, CHASE_BY_CHECKS);
    // 29.2, 细则 2: a chase is a winning capture that did not exist before the move. Captures are
    // compared capturer by capturer (the moved piece at its old point), so a new attacker or a
    // newly pinned root makes a new chase, while the same piece still attacking (细则 6) does not.
    let existed = |t: &Threat| {
        old.iter().any(|o| {
            o.target.square == t.target.square
                && o.class >= t.class
                && match t.capturer {
                    Some(a) => o.capturer == Some(if a == moved_to { mv.from } else { a }),
                    None => true,
                }
        })
    };
    let mut chased: Vec<Chased> = Vec::new();
    let mut idle: Option<IdleKind> = None;
    let note = |k: IdleKind, idle: &mut Option<IdleKind>| {
        if idle.is_none() {
            *idle = Some(k);
        }
    };
    for t in &new {
        if existed(t) {
            // 细则 6: the chasing piece moved and still chases, with nothing new: idle.
            if t.class == Class::Real && t.capturer == Some(moved_to) {
                note(IdleKind::ChaseContinues(t.target), &mut idle);
            }
            continue;
        }
        match t.class {
            Class::Real => {
                if !chased.contains(&t.target) {
                    chased.push(t.target)
                }
            }
            Class::Pawn => note(IdleKind::PawnChase(t.target), &mut idle),
            Class::King => note(IdleKind::KingChase(t.target), &mut idle),
            Class::Refuted => note(IdleKind::AnsweredByMate(t.target), &mut idle),
        }
    }
    if !chased.is_empty() {
        // 27.3, 细则 13: taking a key point in a simple draw; attacks on advisors and elephants
        // that come with it are idle.
        let incidental = chased
            .iter()
            .all(|t| matches!(t.piece.role, Role::Advisor | Role::Elephant));
        if incidental && simple_draw(&after) {
            return Some(MoveKind::Idle(IdleKind::KeyPoint(chased[0])));
        }
        return Some(MoveKind::Chase(chased));
    }
    if let Some(k) = idle {
        return Some(MoveKind::Idle(k));
    }
    Some(MoveKind::Idle(idle_kind(&after, &again, moved_to)))
}

/// The kind of an idle move (28.5–28.8): exchange offer, sacrifice, following, blocking or plain.
fn idle_kind(after: &Position, again: &Position, moved_to: Square) -> IdleKind {
    let Some(piece) = after.piece_at(moved_to) else {
        return IdleKind::Plain;
    };
    let them = piece.color.other();
    let takers: Vec<Move> = after
        .legal_moves()
        .iter()
        .copied()
        .filter(|m| m.to == moved_to)
        .collect();
    // 28.5: an opposing piece of equal value can take it, and it can take that piece back.
    let exchange = takers.iter().any(|m| {
        after.piece_at(m.from).is_some_and(|p| {
            equal_value(p, m.from, piece, moved_to) && again.is_legal(Move::new(moved_to, m.from))
        })
    });
    if exchange {
        return IdleKind::Exchange;
    }
    // 28.6: it can be taken without loss and without the taker being mated at once.
    let offer = takers.iter().any(|&m| {
        after.after(m).is_ok_and(|p| {
            value(piece, moved_to) - exchange_gain(&p, moved_to, MAX_EXCHANGE) > 0
                && !mates_by_checks(&p, 1)
        })
    });
    if offer {
        return IdleKind::Offer;
    }
    // 28.8: it attacks an opposing piece of value that is protected (so nothing is threatened).
    let follows = attacks(after, moved_to).iter().any(|&s| {
        after
            .piece_at(s)
            .is_some_and(|p| p.color == them && is_material(p, s))
    });
    if follows {
        return IdleKind::Follow;
    }
    // 28.7: it stands in the way of an opposing piece.
    if blocks(after, moved_to, them) {
        return IdleKind::Block;
    }
    IdleKind::Plain
}

/// How strong a threat is, weakest first: only the strongest kind present counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Class {
    /// The win is answered by mate (29.4, 细则 7): idle.
    Refuted,
    /// Only the king itself wins the piece (27.1): idle.
    King,
    /// Only a pawn itself wins the piece (27.2): idle unless both sides attack throughout.
    Pawn,
    /// A real chase (29).
    Real,
}

/// One way the side to move wins an opposing piece: a capture by one piece, or a series of checks.
#[derive(Clone, Debug)]
struct Threat {
    target: Chased,
    class: Class,
    /// The point of the capturing piece; `None` for a win by checks (29.1).
    capturer: Option<Square>,
}

/// The ways the side to move could win opposing pieces of value (29.1, 29.3, 29.4), each with
/// its class.
///
/// A capture counts if the exchange on the point gains material (细则 3), except a mutual attack
/// between equal pieces, which is an exchange offer (兑, 28.5). `in_check` relaxes the first
/// capture's legality to "exposes the king to nothing new", so a threat that stood before an
/// opposing check still counts as existing (29.2).
fn threats(pos: &Position, in_check: bool, by_checks: u32) -> Vec<Threat> {
    let us = pos.turn();
    let them = us.other();
    let checkers = if in_check {
        attackers(pos, pos.king(us), them)
    } else {
        Vec::new()
    };
    let answering = with_turn_passed(pos);
    let mut out: Vec<Threat> = Vec::new();
    for (s, p) in pos.pieces() {
        if p.color != them || !is_material(p, s) {
            continue;
        }
        for a in attackers(pos, s, us) {
            let Some(attacker) = pos.piece_at(a) else {
                continue;
            };
            let m = Move::new(a, s);
            let legal = if in_check {
                let mut q = pos.clone();
                q.play_unchecked(m);
                attackers(&q, q.king(us), them)
                    .iter()
                    .all(|c| checkers.contains(c))
                    && !kings_face(&q)
            } else {
                pos.is_legal(m)
            };
            if !legal {
                continue;
            }
            // 28.5: the attacked piece can take its equal attacker first — an exchange offer.
            let mutual = equal_value(attacker, a, p, s)
                && answering
                    .as_ref()
                    .is_some_and(|q| q.is_legal(Move::new(s, a)));
            if mutual {
                continue;
            }
            let mut q = pos.clone();
            q.play_unchecked(m);
            if value(p, s) - exchange_gain(&q, s, MAX_EXCHANGE) <= 0 {
                continue;
            }
            let class = if mates_by_checks(&q, CAPTURE_ANSWER_CHECKS) {
                Class::Refuted
            } else {
                match attacker.role {
                    Role::King => Class::King,
                    Role::Pawn => Class::Pawn,
                    _ => Class::Real,
                }
            };
            out.push(Threat {
                target: Chased {
                    piece: p,
                    square: s,
                },
                class,
                capturer: Some(a),
            });
        }
    }
    // 29.1: winning the piece through a series of checks is a chase too.
    if !in_check && by_checks > 0 {
        for s in wins_by_checks(pos, by_checks) {
            if let Some(p) = pos.piece_at(s) {
                out.push(Threat {
                    target: Chased {
                        piece: p,
                        square: s,
                    },
                    class: Class::Real,
                    capturer: None,
                });
            }
        }
    }
    out
}

/// Whether the two kings face each other on an open file (never legal, 4.1.2).
fn kings_face(pos: &Position) -> bool {
    let (r, b) = (pos.king(Color::Red), pos.king(Color::Black));
    r.file() == b.file()
        && (r.rank() + 1..b.rank())
            .all(|rank| Square::new(r.file(), rank).is_some_and(|s| pos.piece_at(s).is_none()))
}

/// The material the side to move gains by the best sequence of captures on `sq` (29.1's
/// "complete exchange"), stopping whenever capturing on would lose; never negative.
fn exchange_gain(pos: &Position, sq: Square, depth: u32) -> i32 {
    let Some(victim) = pos.piece_at(sq) else {
        return 0;
    };
    if depth == 0 || victim.role == Role::King {
        return 0;
    }
    let mut best = 0;
    for m in pos.legal_moves().iter().filter(|m| m.to == sq) {
        let mut q = pos.clone();
        q.play_unchecked(*m);
        best = best.max(value(victim, sq) - exchange_gain(&q, sq, depth - 1));
    }
    best
}

/// The opposing pieces of value (by their current point) the side to move wins by giving check
/// and then, whatever the answer, winning the piece directly or by further checks (29.1).
fn wins_by_checks(pos: &Position, checks: u32) -> Vec<Square> {
    let mut won: Vec<Square> = Vec::new();
    if checks == 0 {
        return won;
    }
    for c in pos.legal_moves().iter().copied() {
        let mut p1 = pos.clone();
        let undo = p1.play_unchecked(c);
        if !p1.is_check() || undo.captured().is_some() {
            continue;
        }
        let replies = p1.legal_moves();
        if replies.is_empty() {
            continue; // mate: that is 杀, not 捉
        }
        let mut common: Option<Vec<Square>> = None;
        for r in replies.iter().copied() {
            let mut p2 = p1.clone();
            if p2.play_unchecked(r).captured().is_some() {
                common = Some(Vec::new());
                break;
            }
            let mut here: Vec<Square> = threats(&p2, false, 0)
                .into_iter()
                .filter(|t| t.class == Class::Real)
                .map(|t| t.target.square)
                .collect();
            if checks > 1 {
                here.extend(wins_by_checks(&p2, checks - 1));
            }
            // Follow the piece back to where it stood before the answer moved it.
            let here: Vec<Square> = here
                .into_iter()
                .map(|s| if s == r.to { r.from } else { s })
                .collect();
            common = Some(match common {
                None => here,
                Some(prev) => prev.into_iter().filter(|s| here.contains(s)).collect(),
            });
            if common.as_ref().is_some_and(|v| v.is_empty()) {
                break;
            }
        }
        for s in common.unwrap_or_default() {
            if !won.contains(&s) {
                won.push(s);
            }
        }
    }
    won
}

/// Whether the side to move mates by a series of at most `checks` checking moves (28.2).
pub fn mates_by_checks(pos: &Position, checks: u32) -> bool {
    if checks == 0 {
        return false;
    }
    pos.legal_moves().iter().any(|&c| {
        let mut p1 = pos.clone();
        p1.play_unchecked(c);
        if !p1.is_check() {
            return false;
        }
        let replies = p1.legal_moves();
        replies.is_empty()
            || (checks > 1
                && replies.iter().all(|&r| {
                    let mut p2 = p1.clone();
                    p2.play_unchecked(r);
                    mates_by_checks(&p2, checks - 1)
                }))
    })
}

mod square_iccs {
    use crate::xiangqi::Square;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(s: &Square, ser: S) -> Result<S::Ok, S::Error> {
        ser.collect_str(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(de: D) -> Result<Square, D::Error> {
        let s = String::deserialize(de)?;
        Square::parse(&s).ok_or_else(|| serde::de::Error::custom(format!("bad point `{s}`")))
    }
}

mod move_iccs {
    use crate::xiangqi::Move;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(m: &Move, ser: S) -> Result<S::Ok, S::Error> {
        ser.collect_str(m)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(de: D) -> Result<Move, D::Error> {
        let s = String::deserialize(de)?;
        Move::from_iccs(&s).ok_or_else(|| serde::de::Error::custom(format!("bad move `{s}`")))
    }
}
