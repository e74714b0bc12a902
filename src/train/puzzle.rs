//! A puzzle: the position before the opponent's last move, that move, then the solution; its
//! themes, its Glicko-2 rating and where it came from.
//!
//! One puzzle is one JSON object (a line of `xq puzzles --out FILE.jsonl`, an element of a shard):
//!
//! ```text
//! {"id":"p3k9x0a2","fen":"…","moves":["h7h0","e9e8","h0h9"],"themes":["mate_in_2"],
//!  "rating":1420,"deviation":250,"source":{"collection":"games","red":"…","move_number":31}}
//! ```
//!
//! `moves` are ICCS: the opponent's last move first (the page plays it), then the solver's move,
//! the reply, … ending with the solver's move. `id`, `rating`, `deviation` and `alternatives` may
//! be left out (the generator's lines have no id; [`Puzzle::from_json`] fills one in).

use super::rating::{Rating, PUZZLE_DEVIATION};
use crate::xiangqi::{Color, FenError, Move, PlayError, Position};
use serde::{Deserialize, Serialize};
use std::fmt;

/// What a puzzle teaches: a mate pattern, a tactic, or the kind of win. Named in both languages
/// by [`Say`](crate::lang::Say) (src/train/words.rs); saved as [`Theme::id`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// A mate in this many of the solver's moves (1–7).
    MateIn(u8),
    /// The solution wins material decisively rather than mating.
    MaterialWin,
    /// 马后炮: the cannon mates along a line with its own horse (beside the king) as the screen.
    HorseCannon,
    /// 重炮: two cannons on one line, the rear one mating over the front one.
    DoubleCannon,
    /// 闷宫: a cannon mates a king hemmed in by its own advisors.
    Smothered,
    /// 卧槽马: the horse mates from the "trough" point two files and one rank off the palace corner.
    TroughHorse,
    /// 铁门栓: a chariot (or pawn) mates on the king's file with a cannon holding the centre file.
    IronBolt,
    /// 对面笑 (facing kings): the own king on the open file takes part in the mate.
    FacingKings,
    /// 双车错: two chariots take turns checking on adjacent files or ranks to mate.
    DoubleChariot,
    /// A move that attacks two enemy pieces (or a piece and the king) at once.
    Fork,
    /// A piece stuck in front of its king (or a more valuable piece) and won or exploited.
    Pin,
    /// A moving piece uncovers an attack (check) by the piece behind it.
    DiscoveredAttack,
    /// The solver gives up material on the way to the win.
    Sacrifice,
    /// Few pieces left: an endgame.
    Endgame,
}

impl Theme {
    /// Every theme but the mates in N, in the order a filter lists them.
    pub const PATTERNS: [Theme; 13] = [
        Theme::MaterialWin,
        Theme::HorseCannon,
        Theme::DoubleCannon,
        Theme::Smothered,
        Theme::TroughHorse,
        Theme::IronBolt,
        Theme::FacingKings,
        Theme::DoubleChariot,
        Theme::Fork,
        Theme::Pin,
        Theme::DiscoveredAttack,
        Theme::Sacrifice,
        Theme::Endgame,
    ];

    /// The longest mate a puzzle is cut for (the issue's N ≤ 7).
    pub const MAX_MATE: u8 = 7;

    /// Every theme, mates in 1..=7 first: the filter's list.
    pub fn all() -> Vec<Theme> {
        (1..=Theme::MAX_MATE)
            .map(Theme::MateIn)
            .chain(Theme::PATTERNS)
            .collect()
    }

    /// The stable name saved in files: `mate_in_3`, `horse_cannon`, `fork` …
    pub fn id(self) -> String {
        match self {
            Theme::MateIn(n) => format!("mate_in_{n}"),
            other => other.fixed_id().to_string(),
        }
    }

    fn fixed_id(self) -> &'static str {
        match self {
            Theme::MateIn(_) => "mate_in",
            Theme::MaterialWin => "material_win",
            Theme::HorseCannon => "horse_cannon",
            Theme::DoubleCannon => "double_cannon",
            Theme::Smothered => "smothered",
            Theme::TroughHorse => "trough_horse",
            Theme::IronBolt => "iron_bolt",
            Theme::FacingKings => "facing_kings",
            Theme::DoubleChariot => "double_chariot",
            Theme::Fork => "fork",
            Theme::Pin => "pin",
            Theme::DiscoveredAttack => "discovered_attack",
            Theme::Sacrifice => "sacrifice",
            Theme::Endgame => "endgame",
        }
    }

    /// The theme saved as `id` (see [`Theme::id`]).
    pub fn from_id(id: &str) -> Option<Theme> {
        if let Some(digits) = id.strip_prefix("mate_in_") {
            return match digits.parse::<u8>() {
                Ok(n) if (1..=Theme::MAX_MATE).contains(&n) && digits == n.to_string() => {
                    Some(Theme::MateIn(n))
                }
                _ => None,
            };
        }
        Theme::PATTERNS.into_iter().find(|t| t.fixed_id() == id)
    }
}

impl Serialize for Theme {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.id())
    }
}

impl<'de> Deserialize<'de> for Theme {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Theme, D::Error> {
        let id = String::deserialize(d)?;
        Theme::from_id(&id).ok_or_else(|| serde::de::Error::custom(format!("unknown theme `{id}`")))
    }
}

/// Which collection a puzzle belongs to (the trainer offers each on its own).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Collection {
    /// Cut from real games by the engine.
    #[default]
    Games,
    /// Classic endgame studies (残局), played to the end against the engine.
    Endgames,
    /// Mating exercises (杀局练习).
    Mates,
}

impl Collection {
    /// All collections, in the order the trainer offers them.
    pub const ALL: [Collection; 3] = [Collection::Games, Collection::Endgames, Collection::Mates];

    /// The name in files (`games`, `endgames`, `mates`), also the shard file prefix.
    pub const fn id(self) -> &'static str {
        match self {
            Collection::Games => "games",
            Collection::Endgames => "endgames",
            Collection::Mates => "mates",
        }
    }
}

/// Where a puzzle came from: the game's headers and the move at which it arises. Empty texts
/// are left out of the JSON.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Source {
    /// The collection.
    pub collection: Collection,
    /// The game's or study's title (a PGN `Game`/`Title` tag, or the file name).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub game: String,
    /// The event.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub event: String,
    /// Red's player.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub red: String,
    /// Black's player.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub black: String,
    /// The date as the record gives it.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub date: String,
    /// The round.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub round: String,
    /// The move number (回合) of the solver's first move in the game; 0 for a study.
    #[serde(skip_serializing_if = "is_zero")]
    pub move_number: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// A move that wins as well as the solution's at one of the solver's plies: accepted, never
/// marked wrong (the page then continues with the solution's line).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Alternative {
    /// The index in [`Puzzle::moves`] of the solver's move it replaces (odd: 1, 3, …).
    pub ply: usize,
    /// The other winning move.
    #[serde(rename = "move", with = "iccs")]
    pub mv: Move,
}

/// One puzzle; every move is legal in turn from `fen` (checked when read).
#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle {
    /// A stable id (8 letters or digits from the position and moves): history keys by it.
    pub id: String,
    /// The position before the opponent's last move.
    pub fen: String,
    /// The opponent's last move, then the solution: solver, reply, …, solver (an even count ≥ 2).
    pub moves: Vec<Move>,
    /// What it teaches.
    pub themes: Vec<Theme>,
    /// Other moves accepted at the solver's plies.
    pub alternatives: Vec<Alternative>,
    /// The puzzle's Glicko-2 rating.
    pub rating: f64,
    /// Its rating deviation.
    pub deviation: f64,
    /// Where it came from.
    pub source: Source,
    /// A classic endgame's player: the side its record says won, who plays the study from `fen`
    /// (after the record's first move when the other side is to move there). `None` for a
    /// puzzle, solved by the side to move after its first move.
    pub player: Option<Color>,
    /// A draw study (its record's result 和): the player holds the draw rather than wins.
    pub draw: bool,
}

/// Why a puzzle's JSON is not a puzzle.
#[derive(Clone, Debug, PartialEq)]
pub enum PuzzleError {
    /// Not the JSON of a puzzle (serde's message).
    Json(String),
    /// The FEN is not a legal position.
    Fen(FenError),
    /// `moves[index]` is not ICCS.
    BadMove {
        /// Its index in `moves`, from 0.
        index: usize,
        /// The text found.
        text: String,
    },
    /// `moves[index]` is not legal where it is played.
    IllegalMove {
        /// Its index in `moves`, from 0.
        index: usize,
        /// The move.
        mv: Move,
        /// Why.
        reason: PlayError,
    },
    /// The moves are not the opponent's last move and a solution ending with the solver's move.
    WrongLength {
        /// How many moves there are.
        moves: usize,
    },
    /// An alternative is not at a solver's ply or not legal there.
    BadAlternative {
        /// The ply it names.
        ply: usize,
        /// The move.
        mv: Move,
    },
    /// The rating or deviation is not a finite number in 0..=4000.
    BadRating,
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleError::Json(e) => write!(f, "not a puzzle's JSON: {e}"),
            PuzzleError::Fen(e) => write!(f, "{e}"),
            PuzzleError::BadMove { index, text } => {
                write!(f, "move {} `{text}` is not an ICCS move such as h2e2", index + 1)
            }
            PuzzleError::IllegalMove { index, mv, reason } => {
                write!(f, "move {} {mv} is illegal: {reason}", index + 1)
            }
            PuzzleError::WrongLength { moves } => write!(
                f,
                "{moves} moves: a puzzle has the opponent's last move and a solution ending with the solver's move (an even number, at least 2)"
            ),
            PuzzleError::BadAlternative { ply, mv } => {
                write!(f, "the alternative {mv} at move {} is not a legal move of the solver", ply + 1)
            }
            PuzzleError::BadRating => write!(f, "the rating is not a number between 0 and 4000"),
        }
    }
}

impl std::error::Error for PuzzleError {}

/// The JSON form: moves as ICCS texts, read leniently and checked by [`Puzzle::from_raw`].
#[derive(Serialize, Deserialize)]
pub(crate) struct RawPuzzle {
    #[serde(default, skip_serializing_if = "String::is_empty")]
    id: String,
    fen: String,
    moves: Vec<String>,
    #[serde(default)]
    themes: Vec<Theme>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    alternatives: Vec<Alternative>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    rating: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    deviation: Option<f64>,
    #[serde(default)]
    source: Source,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    player: Option<Color>,
    #[serde(default, skip_serializing_if = "is_false")]
    draw: bool,
}

fn is_false(b: &bool) -> bool {
    !b
}

mod iccs {
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

/// The starting rating of a puzzle nobody has tried yet: higher for longer solutions.
pub fn seed_rating(solver_moves: usize, mate: bool) -> f64 {
    let base = if mate { 1100.0 } else { 1300.0 };
    (base + 150.0 * (solver_moves.saturating_sub(1) as f64)).min(2600.0)
}

impl Puzzle {
    /// Reads one puzzle (a JSONL line or a shard's element), checking every move.
    pub fn from_json(text: &str) -> Result<Puzzle, PuzzleError> {
        let raw: RawPuzzle =
            serde_json::from_str(text).map_err(|e| PuzzleError::Json(e.to_string()))?;
        Puzzle::from_raw(raw)
    }

    pub(crate) fn from_raw(raw: RawPuzzle) -> Result<Puzzle, PuzzleError> {
        let mut pos = Position::from_fen(&raw.fen).map_err(PuzzleError::Fen)?;
        let start_turn = pos.turn();
        let mut moves = Vec::with_capacity(raw.moves.len());
        let mut positions = Vec::with_capacity(raw.moves.len());
        for (index, text) in raw.moves.iter().enumerate() {
            let mv = Move::from_iccs(text).ok_or_else(|| PuzzleError::BadMove {
                index,
                text: text.clone(),
            })?;
            positions.push(pos.clone());
            pos.play(mv)
                .map_err(|reason| PuzzleError::IllegalMove { index, mv, reason })?;
            moves.push(mv);
        }
        // A puzzle ends on the solver's move; a study's record ends where the game did, after at
        // least one move of its player.
        let short = match raw.player {
            Some(player) => moves.len() <= usize::from(start_turn != player),
            None => moves.len() < 2 || !moves.len().is_multiple_of(2),
        };
        if short {
            return Err(PuzzleError::WrongLength { moves: moves.len() });
        }
        for a in &raw.alternatives {
            let legal = !a.ply.is_multiple_of(2)
                && a.ply < moves.len()
                && a.mv != moves[a.ply]
                && positions[a.ply].is_legal(a.mv);
            if !legal {
                return Err(PuzzleError::BadAlternative {
                    ply: a.ply,
                    mv: a.mv,
                });
            }
        }
        let solver_moves = moves.len() / 2;
        let mate = raw.themes.iter().any(|t| matches!(t, Theme::MateIn(_)));
        let rating = raw
            .rating
            .unwrap_or_else(|| seed_rating(solver_moves, mate));
        let deviation = raw.deviation.unwrap_or(PUZZLE_DEVIATION);
        let ok = |x: f64| x.is_finite() && (0.0..=4000.0).contains(&x);
        if !ok(rating) || !ok(deviation) {
            return Err(PuzzleError::BadRating);
        }
        let mut p = Puzzle {
            id: raw.id,
            fen: raw.fen,
            moves,
            themes: raw.themes,
            alternatives: raw.alternatives,
            rating,
            deviation,
            source: raw.source,
            player: raw.player,
            // Only a study is played for a draw.
            draw: raw.draw && raw.player.is_some(),
        };
        if p.id.is_empty() {
            p.id = p.make_id();
        }
        Ok(p)
    }

    pub(crate) fn to_raw(&self) -> RawPuzzle {
        RawPuzzle {
            id: self.id.clone(),
            fen: self.fen.clone(),
            moves: self.moves.iter().map(Move::to_string).collect(),
            themes: self.themes.clone(),
            alternatives: self.alternatives.clone(),
            rating: Some(self.rating.round()),
            deviation: Some(self.deviation.round()),
            source: self.source.clone(),
            player: self.player,
            draw: self.draw,
        }
    }

    /// The puzzle as one line of JSON (no newline), as `--out FILE.jsonl` and shards write it.
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.to_raw()).unwrap_or_else(|_| unreachable!())
    }

    /// The id made from the position and the moves: 8 characters of base 36 of their FNV-1a hash,
    /// so the same puzzle keeps its id when the data is generated again.
    pub fn make_id(&self) -> String {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let text = self.moves.iter().fold(self.fen.clone(), |mut s, m| {
            s.push(' ');
            s.push_str(&m.to_string());
            s
        });
        for b in text.bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
        (0..8)
            .map(|i| DIGITS[((h >> (i * 6)) % 36) as usize] as char)
            .collect()
    }

    /// The position before the opponent's last move (the page shows it first).
    pub fn start(&self) -> Position {
        Position::from_fen(&self.fen).unwrap_or_else(|_| unreachable!("checked when read"))
    }

    /// The position after the first `plies` moves (1: the solver's first position).
    pub fn position_after(&self, plies: usize) -> Position {
        let mut pos = self.start();
        for &m in self.moves.iter().take(plies) {
            pos.play_unchecked(m);
        }
        pos
    }

    /// The side that solves: a study's player, else the one to move after the opponent's last move.
    pub fn solver(&self) -> Color {
        self.player.unwrap_or_else(|| self.start().turn().other())
    }

    /// The plies played before the solver's first move: 1 (the opponent's move), or 0 for a
    /// study whose player is to move at its position.
    pub fn opening_plies(&self) -> usize {
        usize::from(self.start().turn() != self.solver())
    }

    /// The solver's moves in the solution.
    pub fn solver_moves(&self) -> usize {
        self.moves.len() / 2
    }

    /// Whether `mv` is right at ply `ply` (odd: a solver's move): the solution's move or a
    /// recorded alternative. A move that mates at once is always right (any mate ends it).
    pub fn accepts(&self, ply: usize, mv: Move) -> bool {
        if ply.is_multiple_of(2) || ply >= self.moves.len() {
            return false;
        }
        if self.moves[ply] == mv || self.alternatives.iter().any(|a| a.ply == ply && a.mv == mv) {
            return true;
        }
        let pos = self.position_after(ply);
        pos.is_legal(mv)
            && pos
                .after(mv)
                .is_ok_and(|p| p.is_checkmate() || p.is_stalemate())
    }

    /// The rating as a Glicko-2 rating (puzzles keep the default volatility).
    pub fn glicko(&self) -> Rating {
        Rating {
            rating: self.rating,
            deviation: self.deviation,
            ..Rating::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Black's pawn moves; Red's chariot mates along rank 9 (the pawn on d7 takes d8, the kings
    /// may not face on the e-file): a made-up mate in 1.
    const LINE: &str = r#"{"fen":"3k5/9/3P5/p8/9/9/9/9/9/4K2R1 b - - 0 1","moves":["a6a5","h0h9"],"themes":["mate_in_1"],"source":{"collection":"games","red":"许银川","black":"吕钦","event":"全国赛","date":"1999.10.02","move_number":40}}"#;

    #[test]
    fn reads_a_generator_line_and_fills_in_id_and_rating() {
        let p = Puzzle::from_json(LINE).unwrap();
        assert_eq!(p.moves.len(), 2);
        assert_eq!(p.solver(), Color::Red);
        assert_eq!(p.themes, vec![Theme::MateIn(1)]);
        assert_eq!(p.id.len(), 8);
        assert_eq!(p.id, p.make_id());
        assert_eq!(p.rating, seed_rating(1, true));
        assert_eq!(p.source.red, "许银川");
        assert!(p.position_after(2).is_checkmate());
    }

    #[test]
    fn round_trips_through_json() {
        let p = Puzzle::from_json(LINE).unwrap();
        let again = Puzzle::from_json(&p.to_json()).unwrap();
        assert_eq!(p, again);
        assert!(p.to_json().contains(r#""moves":["a6a5","h0h9"]"#));
        assert!(
            !p.to_json().contains("round"),
            "empty source fields are left out"
        );
    }

    #[test]
    fn accepts_the_solution_an_alternative_and_any_mate() {
        let mut p = Puzzle::from_json(LINE).unwrap();
        let h0h9 = Move::from_iccs("h0h9").unwrap();
        let h0h1 = Move::from_iccs("h0h1").unwrap();
        assert!(p.accepts(1, h0h9));
        assert!(!p.accepts(1, h0h1));
        assert!(!p.accepts(0, h0h9), "ply 0 is the opponent's");
        p.alternatives.push(Alternative { ply: 1, mv: h0h1 });
        assert!(p.accepts(1, h0h1));
    }

    #[test]
    fn bad_puzzles_are_typed_errors() {
        let with = |from: &str, to: &str| Puzzle::from_json(&LINE.replace(from, to));
        assert!(matches!(with("3k5/", "3k4/"), Err(PuzzleError::Fen(_))));
        assert!(matches!(
            with("\"h0h9\"", "\"h0z9\""),
            Err(PuzzleError::BadMove { index: 1, .. })
        ));
        assert!(matches!(
            with("\"h0h9\"", "\"h0g8\""),
            Err(PuzzleError::IllegalMove { index: 1, .. })
        ));
        assert!(matches!(
            with(",\"h0h9\"", ""),
            Err(PuzzleError::WrongLength { moves: 1 })
        ));
        assert!(matches!(
            with("\"fen\"", "\"fan\""),
            Err(PuzzleError::Json(_))
        ));
        assert!(matches!(
            with("\"mate_in_1\"", "\"mate_in_9\""),
            Err(PuzzleError::Json(_))
        ));
        let alt = LINE.replace(
            "\"source\"",
            r#""alternatives":[{"ply":0,"move":"h0h1"}],"source""#,
        );
        assert!(matches!(
            Puzzle::from_json(&alt),
            Err(PuzzleError::BadAlternative { ply: 0, .. })
        ));
        let rated = LINE.replace("\"source\"", r#""rating":-5,"source""#);
        assert_eq!(Puzzle::from_json(&rated), Err(PuzzleError::BadRating));
    }

    #[test]
    fn theme_ids_round_trip() {
        for t in Theme::all() {
            assert_eq!(Theme::from_id(&t.id()), Some(t), "{t:?}");
        }
        assert_eq!(Theme::from_id("mate_in_0"), None);
        assert_eq!(Theme::from_id("mate_in_8"), None);
        assert_eq!(Theme::from_id("mate_in"), None);
        assert_eq!(Theme::all().len(), 20);
    }
}
