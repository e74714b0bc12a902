//! A game at the board: the record as a tree of variations, the move shown (for stepping
//! through), the line being played and a redo stack.
//!
//! The UI only calls these methods; what "play from an earlier position" or "takeback" means is
//! decided here, so it is tested natively. The rules (takeback, draw offers, the clock, the
//! verdicts) apply to the line being played: the [`Game`] of the path from the start to its last
//! move, rebuilt from the tree when another line is chosen.

use super::game::{Game, GameError, GameRecord, OfferOutcome, RecordError, Verdict};
use super::notation::pgn::{read_tree, write_tree};
use super::notation::record::{PgnGame, PgnResult};
use super::notation::Notation;
use super::position::{Move, PlayError, Position};
use super::share::{LinkError, SharedGame};
use super::tree::{GameTree, Node, NodeId, Removed, TreeError};
use super::Color;
use crate::clock::{Clock, Flag, Status};
use crate::query::param;
use std::fmt;

/// How the computer answers a draw offer by its own search's view of the position after `ply`
/// plies: the engine's score answers it (`engine::draw`), so the session needs nothing of the
/// engine.
pub trait DrawJudge {
    /// Whether the computer takes the draw.
    fn accepts_draw(&self, ply: usize) -> bool;
}

/// The board's game: its tree of variations, the node shown, the line being played with its
/// [`Game`], its clock if timed, and the moves taken back.
///
/// Every method that can change whose time runs takes `now_ms`: the session never reads a clock.
#[derive(Clone, Debug)]
pub struct PlaySession {
    /// Every line, comment and mark; its tags are the game file's (Event, Red, Black, Round,
    /// Result, unknown ones …), kept for export.
    tree: Kept,
    /// The node shown; always on the line being played (or the root).
    cursor: NodeId,
    /// The last node of the line being played.
    end: NodeId,
    /// The line from the start to `end` (up to its verdict), with draw offers and resignation.
    game: Game,
    clock: Option<Clock>,
    redo: Vec<Move>,
    /// The side whose draw offer is armed, to be made right after its next move (23.1).
    armed: Option<Color>,
    /// The last deletion from the tree, to undo until the next edit.
    deleted: Option<Box<Deletion>>,
    /// A tree saved apart that is still to be read ([`PlaySession::attach_tree`]), and the ply
    /// shown in it: until then `tree` is the line being played, and a save names them again.
    to_come: Option<(TreeStamp, usize)>,
}

/// The session's tree with its saved form ([`saved_tree_text`]) kept until the tree changes:
/// every step is saved, and writing a tree of thousands of moves took longer than the step.
/// Read through `Deref`; every change goes through [`Kept::edit`], which forgets the text.
#[derive(Clone, Debug)]
struct Kept {
    tree: GameTree,
    written: std::sync::OnceLock<String>,
    /// The flat form a large tree is saved apart in, with its stamp.
    flat: std::sync::OnceLock<(TreeStamp, String)>,
    /// Which tree this is: another number for every tree made or changed.
    revision: u64,
}

/// The next [`Kept::revision`].
fn next_revision() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

impl std::ops::Deref for Kept {
    type Target = GameTree;

    fn deref(&self) -> &GameTree {
        &self.tree
    }
}

impl Kept {
    fn new(tree: GameTree) -> Kept {
        Kept {
            tree,
            written: std::sync::OnceLock::new(),
            flat: std::sync::OnceLock::new(),
            revision: next_revision(),
        }
    }

    /// The tree to change: its saved forms are written again when next asked for.
    fn edit(&mut self) -> &mut GameTree {
        self.written = std::sync::OnceLock::new();
        self.flat = std::sync::OnceLock::new();
        self.revision = next_revision();
        &mut self.tree
    }

    /// The flat form ([`flat_tree_text`]) and its stamp, written on first use after a change.
    fn flat(&self) -> (TreeStamp, &str) {
        let (stamp, text) = self.flat.get_or_init(|| {
            let text = flat_tree_text(&self.tree);
            (TreeStamp::of(&text), text)
        });
        (*stamp, text)
    }

    /// The saved form, written on first use after a change.
    fn written(&self) -> &str {
        self.written.get_or_init(|| saved_tree_text(&self.tree))
    }

    /// The tags, which the saved form leaves out.
    fn tags_mut(&mut self) -> &mut Vec<(String, String)> {
        &mut self.tree.tags
    }

    /// Takes `text` as the saved form of the tree as it is.
    fn keep_written(&mut self, text: String) {
        self.written = std::sync::OnceLock::from(text);
    }

    /// Takes `text` as the flat form of the tree as it is.
    fn keep_flat(&mut self, text: String) {
        self.flat = std::sync::OnceLock::from((TreeStamp::of(&text), text));
    }
}

/// A tree of more moves than this is saved apart from its session, in its flat form
/// ([`PlaySession::to_json_apart`]): a step then rewrites a few hundred bytes, not the tree.
pub const APART_MOVES: usize = 5_000;

/// The form a large session's tree is saved apart in: the flat form the game-file worker hands
/// trees back in (`file_job::Handed`, without tags, which the session keeps), so that reading it
/// back builds a slice at a time.
pub fn flat_tree_text(tree: &GameTree) -> String {
    let mut flat = super::file_job::Handed::of(tree);
    flat.tags.clear();
    flat.to_json()
}

/// Which text a tree saved apart is: its length and FNV-1a hash, kept in the session's own save
/// (as text, [`TreeStamp::parse`]), so that a tree under its key that is not the one saved with
/// it is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TreeStamp {
    /// Its length in bytes.
    pub bytes: usize,
    /// Its FNV-1a hash.
    pub sum: u64,
}

impl TreeStamp {
    /// The stamp of `text`.
    pub fn of(text: &str) -> TreeStamp {
        let sum = text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
        TreeStamp {
            bytes: text.len(),
            sum,
        }
    }

    /// The storage key the tree of this stamp is saved under: each tree its own, so that the game
    /// on the board and the one it replaced (kept restorable) never share one.
    pub fn key(&self) -> String {
        format!("{TREE_KEY_PREFIX}{self}")
    }

    /// A stamp read back from its text (`Display`: the hash in hex, a dash, the length).
    pub fn parse(text: &str) -> Option<TreeStamp> {
        let (sum, bytes) = text.split_once('-')?;
        Some(TreeStamp {
            bytes: bytes.parse().ok()?,
            sum: u64::from_str_radix(sum, 16).ok()?,
        })
    }
}

impl fmt::Display for TreeStamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:016x}-{}", self.sum, self.bytes)
    }
}

/// What the storage key of every tree saved apart starts with ([`TreeStamp::key`]).
pub const TREE_KEY_PREFIX: &str = "xq.play.tree.";

/// The tree a saved session's JSON names as saved apart, if any (only that field is read).
pub fn tree_named(json: &str) -> Option<TreeStamp> {
    #[derive(serde::Deserialize)]
    struct Named {
        #[serde(default)]
        tree_apart: Option<String>,
    }
    TreeStamp::parse(&serde_json::from_str::<Named>(json).ok()?.tree_apart?)
}

/// Of the stored `keys`, the trees saved apart that no session names (`named`): to delete, so
/// that storage keeps only trees some game still needs. Set-aside copies are kept.
pub fn unnamed_trees(keys: &[String], named: &[TreeStamp]) -> Vec<String> {
    let named: Vec<String> = named.iter().map(TreeStamp::key).collect();
    keys.iter()
        .filter(|k| k.starts_with(TREE_KEY_PREFIX) && !crate::saved::is_aside(k))
        .filter(|k| !named.contains(k))
        .cloned()
        .collect()
}

/// Why a session's tree saved apart did not come back: the session keeps the line being played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LostTree {
    /// Nothing is stored under its key (removed, or storage cleared).
    Missing,
    /// What is stored there is not the tree saved with the game (another length or hash).
    NotThisTree,
    /// It does not read as a tree.
    Damaged(String),
}

impl fmt::Display for LostTree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LostTree::Missing => write!(f, "nothing is stored under its key"),
            LostTree::NotThisTree => write!(f, "the text under its key is another tree"),
            LostTree::Damaged(e) => write!(f, "it does not read: {e}"),
        }
    }
}

impl std::error::Error for LostTree {}

/// The tree saved apart as `stamp` read from `text`, the value under its key (`None` when
/// nothing is stored there): its flat form to build, or why it is lost.
pub fn read_tree_apart(
    stamp: TreeStamp,
    text: Option<&str>,
) -> Result<super::file_job::Handed, LostTree> {
    let text = text.ok_or(LostTree::Missing)?;
    if TreeStamp::of(text) != stamp {
        return Err(LostTree::NotThisTree);
    }
    super::file_job::Handed::read(text).map_err(|e| LostTree::Damaged(e.to_string()))
}

/// The form a session's tree is saved in: its moves, variations and notes without its tags (kept
/// beside), as ICCS PGN.
pub fn saved_tree_text(tree: &GameTree) -> String {
    let mut bare = tree.clone();
    bare.tags.clear();
    write_tree(&bare, Notation::Iccs)
}

/// A deletion from the tree (delete variation, delete from here, a cut), with what undoing it
/// needs: the line removed, the move a cut put in its place, the view and the tags before.
#[derive(Clone, Debug)]
struct Deletion {
    removed: Removed,
    added: Option<NodeId>,
    cursor: NodeId,
    end: NodeId,
    tags: Vec<(String, String)>,
}

/// What became of a draw offer asked for with [`PlaySession::arm_offer`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arming {
    /// The side had just moved: the offer was made at once.
    Made(OfferOutcome),
    /// The side is to move: the offer is made right after its next move (23.1).
    Armed,
}

/// How a game file says its game ended, where the board reaches no verdict of its own (a
/// resignation, a loss on time, an agreed draw the record does not show): `Result`, and
/// `Termination` when the file gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedEnd {
    /// The file's result (never [`PgnResult::Unknown`]).
    pub result: PgnResult,
    /// The file's `Termination` tag, as written.
    pub termination: Option<String>,
}

/// What a move entered from an earlier position does when it is not the next move there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FromEarlier {
    /// Nothing yet: [`EnterError::WouldCut`] asks the user.
    Ask,
    /// It starts a variation; the line it leaves stays.
    Variation,
    /// It replaces the later moves of the line being played.
    Cut,
}

/// What happened when a move was entered on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entered {
    /// The move was played at the end of the game.
    Played,
    /// The move was already in the tree after the shown position (the line's next move or one
    /// of its variations): the view stepped forward to it.
    SteppedForward,
    /// Later moves were cut and the move was played.
    CutAndPlayed,
    /// The move started a variation from the shown position; the line it left stays.
    Branched,
}

/// Why a move entered on the board was not played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EnterError {
    /// The move is illegal in the shown position.
    Illegal(PlayError),
    /// An earlier position is shown and the move is not in the tree there: ask the user whether
    /// it starts a variation or cuts the `later` moves of the line.
    WouldCut {
        /// How many plies would be removed.
        later: usize,
    },
}

impl fmt::Display for EnterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EnterError::Illegal(e) => write!(f, "{e}"),
            EnterError::WouldCut { later } => {
                write!(f, "playing here removes the {later} later moves")
            }
        }
    }
}

impl std::error::Error for EnterError {}

/// A game file that goes on after the rules ended the game (players who did not claim the move
/// limit, a repetition the arbiter let pass): the board keeps the game up to the verdict and says
/// how many recorded moves it left out, instead of loading nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovesAfterEnd {
    /// The decision the rules reach, and the ply it falls on.
    pub verdict: Verdict,
    /// Recorded moves after that ply, not played on the board.
    pub unplayed: usize,
}

impl fmt::Display for MovesAfterEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the game ended at ply {} ({}); the {} later recorded moves were not played",
            self.verdict.ply,
            self.verdict.explain_en(),
            self.unplayed
        )
    }
}

/// What an imported game file holds that the board does not show: its variations and comments
/// (the file keeps them; the board's export writes the main line with its tags).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotShown {
    /// `( … )` variations, nested ones included.
    pub variations: usize,
    /// Comments on the main line (before the first move included).
    pub comments: usize,
}

impl NotShown {
    /// What of `pgn` the board leaves out; `None` when nothing.
    pub fn of(pgn: &PgnGame) -> Option<NotShown> {
        let comments = (0..=pgn.moves().len())
            .filter(|&i| pgn.comment(i).is_some())
            .count();
        let n = NotShown {
            variations: pgn.variations,
            comments,
        };
        (n.variations + n.comments > 0).then_some(n)
    }
}

impl fmt::Display for NotShown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Not shown on this board: the file's variations ({}) and comments ({}); the file keeps them, and the export here writes the main line with the game's tags",
            self.variations, self.comments
        )
    }
}

/// The saved form of a session (localStorage, versioned).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SavedSession {
    /// Format version: 2 (1 had no tree; it still loads).
    pub version: u32,
    /// The game record.
    pub game: GameRecord,
    /// The ply shown.
    pub view: usize,
    /// Moves taken back, in ICCS, last taken back last.
    #[serde(default)]
    pub redo: Vec<String>,
    /// The game clock, when the game is timed.
    #[serde(default)]
    pub clock: Option<Clock>,
    /// The imported file's tags as name, value, name, value … (`Result` included while the moves
    /// are the file's); a flat list of strings, which the page's JSON code already handles.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
    /// The whole tree (every variation, comment, mark and drawing) as ICCS PGN; the line being
    /// played is `game`'s, found in it by its moves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tree: Option<String>,
    /// Instead of `tree`, a tree of more than [`APART_MOVES`] moves saved under a key of its own
    /// in its flat form ([`flat_tree_text`]): the stamp of that text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tree_apart: Option<String>,
}

/// The saved-session format written now.
pub const SAVED_SESSION_VERSION: u32 = 2;

/// Why a saved session cannot be restored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RestoreError {
    /// The text is not the JSON of a saved session.
    Json(String),
    /// A version this app does not know.
    Version(u32),
    /// The game in it does not replay.
    Record(RecordError),
    /// Its tree does not read.
    Tree(String),
}

impl fmt::Display for RestoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RestoreError::Json(e) => write!(f, "the saved game is not readable: {e}"),
            RestoreError::Version(v) => write!(f, "the saved game has unknown format version {v}"),
            RestoreError::Record(e) => write!(f, "the saved game does not replay: {e}"),
            RestoreError::Tree(e) => write!(f, "the saved game's variations do not read: {e}"),
        }
    }
}

impl std::error::Error for RestoreError {}

/// Something the user must be told when the board opens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpenNotice {
    /// The saved game could not be restored (its text is to be set aside, never lost).
    Corrupt(RestoreError),
    /// The link's position is invalid: the link was not opened.
    LinkRefused(LinkError),
    /// The link's moves stop at a bad one: the game opened with the `kept` moves before it.
    LinkCut {
        /// How many moves were opened.
        kept: usize,
        /// What is wrong with the next one.
        error: LinkError,
    },
}

/// The saved game's tree, saved apart under `key`, did not come back: the game shows the `kept`
/// moves of the line being played, without its variations and comments. (Said by the full board
/// alone, which reads trees back: not an [`OpenNotice`], whose words the lean board carries.)
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeLost {
    /// The storage key it was saved under.
    pub key: String,
    /// The moves of the line being played, kept.
    pub kept: usize,
    /// Why it did not come back.
    pub why: LostTree,
}

/// What the board opens: from the link when it names a game, else the saved game, else a new one.
#[derive(Clone, Debug)]
pub struct Opened {
    /// The game to show.
    pub session: PlaySession,
    /// The saved game a link replaced, when it had moves: to be kept restorable.
    pub replaced: Option<PlaySession>,
    /// What went wrong, in order.
    pub notices: Vec<OpenNotice>,
}

impl PlaySession {
    /// Opens the board for the hash query `query` (`fen=…&moves=…`, see [`SharedGame`]) with the
    /// saved session's JSON `saved`. A link equal to the saved game keeps the saved session (its
    /// clock, events and view); a bad link or save is reported, never silently dropped.
    pub fn open(query: &str, saved: Option<&str>) -> Opened {
        let mut notices = Vec::new();
        let saved = saved.and_then(|json| match PlaySession::from_json(json) {
            Ok(s) => Some(s),
            Err(e) => {
                notices.push(OpenNotice::Corrupt(e));
                None
            }
        });
        let fresh = || PlaySession::from_position(Position::start());
        if param(query, "fen").is_none() && param(query, "moves").is_none() {
            return Opened {
                session: saved.unwrap_or_else(fresh),
                replaced: None,
                notices,
            };
        }
        match SharedGame::parse_prefix(query) {
            Err(e) => {
                notices.push(OpenNotice::LinkRefused(e));
                Opened {
                    session: saved.unwrap_or_else(fresh),
                    replaced: None,
                    notices,
                }
            }
            Ok((shared, err)) => {
                if let Some(error) = err {
                    notices.push(OpenNotice::LinkCut {
                        kept: shared.moves.len(),
                        error,
                    });
                }
                let same = |s: &PlaySession| {
                    s.game.start() == &shared.start && s.game.moves() == shared.moves
                };
                if let Some(s) = saved.as_ref().filter(|s| same(s)) {
                    return Opened {
                        session: s.clone(),
                        replaced: None,
                        notices,
                    };
                }
                let mut game = Game::new(shared.start.clone());
                for &m in &shared.moves {
                    // Every move of a parsed link was legal in turn.
                    let _ = game.play(m);
                }
                Opened {
                    session: PlaySession::new(game),
                    replaced: saved.filter(|s| s.game.ply() > 0),
                    notices,
                }
            }
        }
    }

    /// A session over `game`, showing its last position.
    pub fn new(game: Game) -> PlaySession {
        let mut tree = GameTree::new(game.start().clone());
        let mut end = tree.root();
        for &m in game.moves() {
            // The game's moves were legal in turn.
            end = tree.add_move(end, m).unwrap_or(end);
        }
        PlaySession {
            tree: Kept::new(tree),
            cursor: end,
            end,
            game,
            clock: None,
            redo: Vec::new(),
            armed: None,
            deleted: None,
            to_come: None,
        }
    }

    /// A new game from `start`.
    pub fn from_position(start: Position) -> PlaySession {
        PlaySession::new(Game::new(start))
    }

    /// The line being played (to its verdict): what the rules judge.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game, for actions that are not moves (draw offers, resignation, time-out).
    pub fn game_mut(&mut self) -> &mut Game {
        &mut self.game
    }

    /// Every line, comment and mark.
    pub fn tree(&self) -> &GameTree {
        &self.tree
    }

    /// A number that changes whenever the tree does (not with a step through it): what is
    /// computed from the whole tree is computed again only then.
    pub fn tree_revision(&self) -> u64 {
        self.tree.revision
    }

    /// The node shown.
    pub fn cursor(&self) -> NodeId {
        self.cursor
    }

    /// The last node of the line being played.
    pub fn line_end(&self) -> NodeId {
        self.end
    }

    /// The node shown, to annotate (comment, marks, drawings).
    pub fn shown_node_mut(&mut self) -> Option<&mut Node> {
        self.tree.edit().node_mut(self.cursor)
    }

    /// Changes the tree (evaluations, marks, variations from an analysis); the node shown and the
    /// line being played follow what is left of them.
    pub fn edit_tree<R>(&mut self, f: impl FnOnce(&mut GameTree) -> R) -> R {
        self.deleted = None;
        let r = f(self.tree.edit());
        if self.tree.node(self.cursor).is_none() {
            self.cursor = self.tree.root();
        }
        self.follow();
        r
    }

    /// The line from the start to `end` as a [`Game`] with this board's move limit (stopping at
    /// its verdict).
    fn line_game(&self, end: NodeId) -> Game {
        let mut game = Game::new(self.tree.start().clone());
        game.set_move_limit(self.game.move_limit());
        for m in self.tree.moves_to(end) {
            if game.play(m).is_err() {
                break;
            }
        }
        game
    }

    /// Makes the line being played the one through the cursor when the cursor left it (or it
    /// lost nodes); the game is rebuilt only then, so its offers and resignation stay.
    fn follow(&mut self) {
        let on_line = self.tree.node(self.end).is_some()
            && (self.cursor == self.tree.root() || self.tree.line(self.end).contains(&self.cursor));
        if !on_line {
            self.end = *self
                .tree
                .line_through(self.cursor)
                .last()
                .unwrap_or(&self.cursor);
        }
        if self.game.moves()
            != self
                .tree
                .moves_to(self.end)
                .get(..self.game.ply())
                .unwrap_or(&[])
            || (self.game.ply() < self.tree.ply(self.end).unwrap_or(0)
                && self.game.verdict().is_none())
        {
            self.game = self.line_game(self.end);
        }
    }

    /// The game clock, if the game is timed.
    pub fn clock(&self) -> Option<&Clock> {
        self.clock.as_ref()
    }

    /// Times the game with `clock` (or untimes it); only before the first move, as a game's
    /// time control is fixed when it starts (article 6).
    pub fn set_clock(&mut self, clock: Option<Clock>) -> bool {
        if self.game.ply() > 0 {
            return false;
        }
        self.clock = clock;
        true
    }

    /// Ends the game on time if a flag has fallen by `now_ms` (4.1.4, 22.1), and freezes the
    /// clock once the game is over by any means (22.5). Returns the flag that decided the game.
    pub fn tick(&mut self, now_ms: u64) -> Option<Flag> {
        let clock = self.clock.as_mut()?;
        if self.game.verdict().is_some() {
            if !matches!(
                clock.status(now_ms),
                Status::Finished { .. } | Status::NotStarted
            ) {
                let _ = clock.finish(now_ms.max(clock.last_event_ms()));
            }
            return None;
        }
        let flag = clock.flag(now_ms)?;
        self.game.time_out(flag.side).ok()?;
        let _ = clock.finish(now_ms.max(clock.last_event_ms()));
        Some(flag)
    }

    /// The ply shown (0 = start position).
    pub fn view(&self) -> usize {
        self.tree.ply(self.cursor).unwrap_or(0)
    }

    /// Whether the last position of the line being played (or a recorded move after its
    /// verdict) is shown.
    pub fn at_end(&self) -> bool {
        self.cursor == self.end || self.view() >= self.game.ply()
    }

    /// The position shown.
    pub fn shown(&self) -> &Position {
        self.tree
            .position(self.cursor)
            .unwrap_or_else(|| self.game.position())
    }

    /// The move that led to the shown position.
    pub fn last_move(&self) -> Option<Move> {
        self.tree.node(self.cursor).and_then(Node::mv)
    }

    /// Shows ply `ply` of the line being played (clamped to it).
    pub fn go_to(&mut self, ply: usize) {
        let line = self.tree.line(self.end);
        self.cursor = match ply.min(line.len()) {
            0 => self.tree.root(),
            n => line[n - 1],
        };
    }

    /// Shows `id` (any move of the tree); the line being played becomes the one through it when
    /// it was not on it. False if there is no such node.
    pub fn go_to_node(&mut self, id: NodeId) -> bool {
        if self.tree.node(id).is_none() {
            return false;
        }
        self.cursor = id;
        self.follow();
        true
    }

    /// Shows the move played instead of the shown one `step` places later (negative: earlier)
    /// among the moves at this point of the tree (↑/↓ at a branch); false when there is none.
    pub fn to_sibling(&mut self, step: isize) -> bool {
        let sibs = self.tree.siblings(self.cursor);
        let Some(i) = sibs.iter().position(|&s| s == self.cursor) else {
            return false;
        };
        match i
            .checked_add_signed(step)
            .and_then(|j| sibs.get(j))
            .copied()
        {
            Some(next) => self.go_to_node(next),
            None => false,
        }
    }

    /// One ply back; false at the start.
    pub fn back(&mut self) -> bool {
        match self.tree.parent(self.cursor) {
            Some(p) => {
                self.cursor = p;
                true
            }
            None => false,
        }
    }

    /// One ply forward along the line being played; false at its end.
    pub fn forward(&mut self) -> bool {
        let view = self.view();
        match self.tree.line(self.end).get(view).copied() {
            Some(next) => {
                self.cursor = next;
                true
            }
            None => false,
        }
    }

    /// Enters `m` on the shown position at `now_ms`. A move already in the tree there just steps
    /// to it; from an earlier position any other move needs `cut_confirmed` (see
    /// [`PlaySession::enter_with`]). A timed game first checks the mover's flag, and presses the
    /// clock after the move.
    pub fn enter(
        &mut self,
        m: Move,
        cut_confirmed: bool,
        now_ms: u64,
    ) -> Result<Entered, EnterError> {
        let how = if cut_confirmed {
            FromEarlier::Cut
        } else {
            FromEarlier::Ask
        };
        self.enter_with(m, how, now_ms)
    }

    /// [`PlaySession::enter`], saying what a new move from an earlier position does: start a
    /// variation, cut the later moves, or ask ([`EnterError::WouldCut`]).
    pub fn enter_with(
        &mut self,
        m: Move,
        how: FromEarlier,
        now_ms: u64,
    ) -> Result<Entered, EnterError> {
        if self.tick(now_ms).is_some() {
            return Err(EnterError::Illegal(PlayError::GameOver));
        }
        let entered = self.enter_move(m, how)?;
        if entered != Entered::SteppedForward {
            if let Some(clock) = self.clock.as_mut() {
                let t = now_ms.max(clock.last_event_ms());
                if clock.status(t) == Status::NotStarted {
                    // The first move starts the clock: the mover's press hands the time over.
                    let _ = clock.start(t, self.game.position().turn().other());
                }
                let _ = clock.press(t);
            }
            self.tick(now_ms);
            self.make_armed_offer();
        }
        Ok(entered)
    }

    /// `by` offers a draw (23.1: right after its own move): at once when it has just moved, else
    /// armed and made right after its next move, so a player need not catch the few milliseconds
    /// in which a quick computer thinks. The offer then stands until the opponent answers it.
    pub fn arm_offer(&mut self, by: Color) -> Result<Arming, GameError> {
        if self.game.verdict().is_some() {
            return Err(GameError::GameOver);
        }
        if self.game.pending_offer().is_some() {
            return Err(GameError::OfferPending);
        }
        if self.at_end() && self.game.offerer() == Some(by) {
            self.armed = None;
            return self.game.offer_draw().map(Arming::Made);
        }
        self.armed = Some(by);
        Ok(Arming::Armed)
    }

    /// Withdraws an armed offer before the move that would have made it.
    pub fn disarm_offer(&mut self) {
        self.armed = None;
    }

    /// The side whose draw offer is armed for its next move, if any.
    pub fn armed_offer(&self) -> Option<Color> {
        self.armed
    }

    /// Whether `by`'s offer would be a foul (9.1.3: it made the last offer, and it was refused),
    /// asked before arming it as before making it.
    pub fn offer_would_be_foul(&self, by: Color) -> bool {
        self.game.offer_by_is_foul(by)
    }

    /// Makes the armed offer once its side has moved on the line being played.
    fn make_armed_offer(&mut self) {
        let Some(by) = self.armed else { return };
        if self.at_end() && self.game.offerer() == Some(by) {
            self.armed = None;
            // A move that ended the game leaves nothing to offer.
            let _ = self.game.offer_draw();
        }
    }

    fn enter_move(&mut self, m: Move, how: FromEarlier) -> Result<Entered, EnterError> {
        if let Some(&c) = self
            .tree
            .children(self.cursor)
            .iter()
            .find(|&&c| self.tree.node(c).and_then(Node::mv) == Some(m))
        {
            // A decided line takes no more moves, even recorded ones (rule 4).
            if self.at_end() && self.game.verdict().is_some() && self.cursor == self.end {
                return Err(EnterError::Illegal(PlayError::GameOver));
            }
            self.go_to_node(c);
            return Ok(Entered::SteppedForward);
        }
        if self.at_end() {
            if self.view() > self.game.ply()
                || self.cursor != self.end
                || self.recorded_end().is_some()
            {
                return Err(EnterError::Illegal(PlayError::GameOver));
            }
            self.game.play(m).map_err(EnterError::Illegal)?;
            self.end = self
                .tree
                .edit()
                .add_move(self.cursor, m)
                .map_err(|_| EnterError::Illegal(PlayError::GameOver))?;
            self.cursor = self.end;
            self.redo.clear();
            self.deleted = None;
            self.drop_stated_result();
            return Ok(Entered::Played);
        }
        let line = self.tree.line(self.end);
        let view = self.view();
        let mut before = self.line_game(self.cursor);
        before.play(m).map_err(EnterError::Illegal)?;
        let later = line.len() - view;
        let old_next = line[view];
        match how {
            FromEarlier::Ask => Err(EnterError::WouldCut { later }),
            FromEarlier::Variation => {
                let n = self
                    .tree
                    .edit()
                    .add_move(self.cursor, m)
                    .map_err(tree_error)?;
                self.cursor = n;
                self.end = n;
                self.game = before;
                self.redo.clear();
                self.deleted = None;
                Ok(Entered::Branched)
            }
            FromEarlier::Cut => {
                let place = self
                    .tree
                    .siblings(old_next)
                    .iter()
                    .position(|&s| s == old_next);
                let (cursor, end, tags) = (self.cursor, self.end, self.tree.tags.clone());
                let n = self
                    .tree
                    .edit()
                    .add_move(self.cursor, m)
                    .map_err(tree_error)?;
                let removed = self.tree.edit().remove(old_next).map_err(tree_error)?;
                self.deleted = Some(Box::new(Deletion {
                    removed,
                    added: Some(n),
                    cursor,
                    end,
                    tags,
                }));
                // The new move takes the place of the line it replaced.
                while self.tree.siblings(n).iter().position(|&s| s == n) > place {
                    if self.tree.edit().promote(n).is_err() {
                        break;
                    }
                }
                self.cursor = n;
                self.end = n;
                self.game = before;
                self.redo.clear();
                if self.tree.is_main_line(n) {
                    self.drop_stated_result();
                }
                Ok(Entered::CutAndPlayed)
            }
        }
    }

    /// Moves the variation holding the shown move one place up (to main line when first).
    pub fn promote(&mut self) -> Result<(), TreeError> {
        self.tree.edit().promote(self.cursor)?;
        self.deleted = None;
        Ok(())
    }

    /// Makes the line through the shown move the main line.
    pub fn make_main_line(&mut self) -> Result<(), TreeError> {
        self.tree.edit().make_main_line(self.cursor)?;
        self.deleted = None;
        Ok(())
    }

    /// Deletes the variation holding the shown move; shows where it branched from. Undone by
    /// [`PlaySession::undo_deletion`] until the next edit.
    pub fn delete_variation(&mut self) -> Result<(), TreeError> {
        let (cursor, end, tags) = (self.cursor, self.end, self.tree.tags.clone());
        let removed = self.tree.edit().remove_variation(self.cursor)?;
        self.show_after_delete(removed.parent());
        self.keep_deletion(removed, cursor, end, tags);
        Ok(())
    }

    fn keep_deletion(
        &mut self,
        removed: Removed,
        cursor: NodeId,
        end: NodeId,
        tags: Vec<(String, String)>,
    ) {
        self.deleted = Some(Box::new(Deletion {
            removed,
            added: None,
            cursor,
            end,
            tags,
        }));
    }

    /// How many moves the last deletion removed, while it can be undone.
    pub fn undoable_deletion(&self) -> Option<usize> {
        self.deleted.as_ref().map(|d| d.removed.len())
    }

    /// Puts back what the last deletion (delete variation, delete from here, a cut) removed,
    /// showing what was shown before it; false when there is none to undo.
    pub fn undo_deletion(&mut self) -> bool {
        let Some(d) = self.deleted.take() else {
            return false;
        };
        let Deletion {
            removed,
            added,
            cursor,
            end,
            tags,
        } = *d;
        let mut tree = GameTree::clone(&self.tree);
        if let Some(n) = added {
            if tree.remove(n).is_err() {
                return false;
            }
        }
        if tree.restore(removed).is_err() {
            return false;
        }
        tree.tags = tags;
        self.tree = Kept::new(tree);
        self.cursor = cursor;
        self.end = end;
        self.redo.clear();
        self.game = self.line_game(self.end);
        self.follow();
        true
    }

    /// Shows `node`, left after a deletion, and plays on along its main line.
    fn show_after_delete(&mut self, node: NodeId) {
        self.cursor = node;
        self.end = *self.tree.line_through(node).last().unwrap_or(&node);
        self.follow();
    }

    /// Deletes the shown move and everything after it; shows the move before.
    pub fn delete_from_here(&mut self) -> Result<(), TreeError> {
        let on_main = self.tree.is_main_line(self.cursor);
        let (cursor, end, tags) = (self.cursor, self.end, self.tree.tags.clone());
        let removed = self.tree.edit().remove(self.cursor)?;
        self.show_after_delete(removed.parent());
        if on_main {
            self.drop_stated_result();
        }
        self.keep_deletion(removed, cursor, end, tags);
        Ok(())
    }

    /// The computer, the side to move, answers the pending draw offer (rule 23.1: by word, before
    /// its move) by its own search's judgement `own` ([`DrawJudge`]): `Ok(true)` when the
    /// game is drawn by agreement (4.2.2), `Ok(false)` when it declined and plays on. A timed game's
    /// clock stops at the agreement (22.5).
    pub fn computer_answers_offer(
        &mut self,
        own: impl DrawJudge,
        now_ms: u64,
    ) -> Result<bool, GameError> {
        if self.game.pending_offer() != Some(self.game.position().turn().other()) {
            return Err(GameError::NoOffer);
        }
        if own.accepts_draw(self.game.ply()) {
            self.game.accept_draw()?;
            self.tick(now_ms);
            Ok(true)
        } else {
            self.game.decline_draw()?;
            Ok(false)
        }
    }

    /// A file's `Result` describes its own main line: once that changes, it no longer applies.
    fn drop_stated_result(&mut self) {
        if self.tree.is_main_line(self.end) {
            self.tree.tags_mut().retain(|(n, _)| n != "Result");
        }
    }

    /// How the game file says the game ended, while the board shows that game: the main line
    /// as the file gave it, played to its end, with no verdict of the rules. The board then
    /// treats the game as over until [`PlaySession::continue_play`].
    pub fn recorded_end(&self) -> Option<RecordedEnd> {
        let result = self.tree.result();
        let whole = self.tree.is_main_line(self.end)
            && self.tree.next(self.end).is_none()
            && self.tree.ply(self.end) == Some(self.game.ply());
        if result == PgnResult::Unknown || !whole || self.game.verdict().is_some() {
            return None;
        }
        let termination = self
            .tree
            .tag("Termination")
            .map(str::trim)
            .filter(|t| !t.is_empty() && *t != "?")
            .map(str::to_string);
        Some(RecordedEnd {
            result,
            termination,
        })
    }

    /// Whether the game is over: by the rules' verdict, or as its file records
    /// ([`PlaySession::recorded_end`]).
    pub fn is_over(&self) -> bool {
        self.game.verdict().is_some() || self.recorded_end().is_some()
    }

    /// Goes on from the end of a game its file records as over: its result and termination no
    /// longer describe what follows, so they go (the moves become a line to study on). False
    /// when the game is not over so.
    pub fn continue_play(&mut self) -> bool {
        if self.recorded_end().is_none() {
            return false;
        }
        self.tree
            .tags_mut()
            .retain(|(n, _)| n != "Result" && n != "Termination");
        self.deleted = None;
        true
    }

    /// The game file's tags kept with the game (Event, Site, Date, Round, Red, Black, Result,
    /// Opening and any other), in file order.
    pub fn tags(&self) -> &[(String, String)] {
        &self.tree.tags
    }

    /// Takes back the last thing done at the board: a resignation or agreed draw alone when the
    /// game ended so (its moves stay), else the last move of the line being played, which leaves
    /// the tree (it can be redone); false if there is nothing. A timed game takes back the clock
    /// press too.
    pub fn takeback(&mut self, now_ms: u64) -> bool {
        // A game its file records as over takes no takeback: continue_play first.
        if self.recorded_end().is_some() {
            return false;
        }
        self.deleted = None;
        if self.at_end() && self.game.retract_ending().is_some() {
            return true;
        }
        let last = self
            .tree
            .line(self.end)
            .get(self.game.ply().wrapping_sub(1))
            .copied();
        let Some(last) = last else {
            return false;
        };
        let Some(m) = self.game.undo() else {
            return false;
        };
        self.drop_stated_result();
        if let Ok(parent) = self.tree.edit().delete_from(last) {
            self.end = parent;
        }
        if let Some(clock) = self.clock.as_mut() {
            let _ = clock.undo_press(now_ms.max(clock.last_event_ms()));
        }
        self.redo.push(m);
        self.cursor = self.end;
        true
    }

    /// Replays the last move taken back; false if there is none (or it no longer applies).
    pub fn redo(&mut self) -> bool {
        let Some(m) = self.redo.pop() else {
            return false;
        };
        self.cursor = self.end;
        if self.game.ply() != self.view() || self.game.play(m).is_err() {
            self.redo.clear();
            return false;
        }
        if let Ok(n) = self.tree.edit().add_move(self.end, m) {
            self.end = n;
            self.cursor = n;
        }
        self.deleted = None;
        true
    }

    /// Whether a takeback can be redone.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// The line being played as a PGN record: its moves, the imported file's tags, and its
    /// result: the rules' verdict when the game has ended, else the file's stated result while
    /// its main line is unchanged (a resignation the record does not show), else `*`.
    pub fn to_pgn(&self) -> PgnGame {
        let mut pgn = PgnGame::new(self.game.start().clone());
        pgn.tags = self.tree.tags.clone();
        if !self.tree.is_main_line(self.end) {
            pgn.tags.retain(|(n, _)| n != "Result");
        }
        for &m in self.game.moves() {
            // The moves were legal when played, so they replay.
            let _ = pgn.push(m);
        }
        if let Some(v) = self.game.verdict() {
            pgn.set_tag("Result", v.result_token());
        }
        pgn
    }

    /// The whole tree with the file's tags, and the rules' verdict as `Result` when the line
    /// being played is the main line and has ended.
    pub fn to_tree(&self) -> GameTree {
        let mut tree = GameTree::clone(&self.tree);
        if let Some(v) = self
            .game
            .verdict()
            .filter(|_| self.tree.is_main_line(self.end))
        {
            tree.set_tag("Result", v.result_token());
        }
        tree
    }

    /// A session for an imported PGN game. A record read as PGN has legal moves only, so every
    /// file the scoresheet accepts loads here too: moves recorded after the rules ended the game
    /// are left out and reported as [`MovesAfterEnd`]. `Err` names a move the rules refuse.
    pub fn from_pgn(pgn: &PgnGame) -> Result<(PlaySession, Option<MovesAfterEnd>), RecordError> {
        let mut game = Game::new(pgn.start().clone());
        for (i, &m) in pgn.moves().iter().enumerate() {
            if let Some(v) = game.verdict() {
                let after = MovesAfterEnd {
                    verdict: v.clone(),
                    unplayed: pgn.moves().len() - i,
                };
                return Ok((PlaySession::new(game).with_tags(&pgn.tags), Some(after)));
            }
            game.play(m).map_err(|error| RecordError::Illegal {
                ply: i + 1,
                mv: m.to_string(),
                error,
            })?;
        }
        Ok((PlaySession::new(game).with_tags(&pgn.tags), None))
    }

    /// A session for a game tree (a study, an archive's game) showing the end of its main line,
    /// every variation, comment and mark kept. Main-line moves recorded after the rules ended the
    /// game stay in the tree but are not played; they are reported as [`MovesAfterEnd`].
    pub fn from_tree(tree: GameTree) -> (PlaySession, Option<MovesAfterEnd>) {
        let tags = tree.tags.clone();
        let end = tree.main_line().last().copied().unwrap_or(tree.root());
        let mut s = PlaySession {
            game: Game::new(tree.start().clone()),
            cursor: end,
            end,
            tree: Kept::new(tree),
            clock: None,
            redo: Vec::new(),
            armed: None,
            deleted: None,
            to_come: None,
        };
        s.game = s.line_game(end);
        let s = s.with_tags(&tags);
        let after = s.game.verdict().and_then(|v| {
            let unplayed = s.view() - s.game.ply();
            (unplayed > 0).then(|| MovesAfterEnd {
                verdict: v.clone(),
                unplayed,
            })
        });
        (s, after)
    }

    /// [`PlaySession::from_tree`] for a tree handed over in its flat form `text` (the game-file
    /// worker's [`flat_tree_text`]), kept as what a save writes apart, so that the page does not
    /// write it again (for 59,000 moves that took 91 ms of the page's thread).
    pub fn from_tree_flat(tree: GameTree, text: String) -> (PlaySession, Option<MovesAfterEnd>) {
        let (mut s, after) = PlaySession::from_tree(tree);
        s.tree.keep_flat(text);
        (s, after)
    }

    /// Keeps `tags` but those the writer makes from the game itself (Game, FEN, Format).
    fn with_tags(mut self, tags: &[(String, String)]) -> PlaySession {
        *self.tree.tags_mut() = tags
            .iter()
            .filter(|(n, _)| !matches!(n.as_str(), "Game" | "FEN" | "Format"))
            .cloned()
            .collect();
        self
    }

    /// The share-link query for the line being played (`fen=…&moves=…`, see [`SharedGame`]).
    pub fn share_query(&self) -> String {
        SharedGame {
            start: self.game.start().clone(),
            moves: self.game.moves().to_vec(),
        }
        .to_query()
    }

    /// The saved form, the tree in it (or named, while a tree saved apart is still to come).
    pub fn save(&self) -> SavedSession {
        let mut saved = self.save_without_tree();
        if saved.tree_apart.is_none() && !self.plain() {
            saved.tree = Some(self.tree.written().to_string());
        }
        saved
    }

    /// Everything of the saved form but the tree; a tree still to come is named.
    fn save_without_tree(&self) -> SavedSession {
        SavedSession {
            version: SAVED_SESSION_VERSION,
            game: self.game.record(),
            view: self.to_come.map_or(self.view(), |(_, view)| view),
            redo: self.redo.iter().map(|m| m.to_string()).collect(),
            clock: self.clock.clone(),
            tags: self
                .tree
                .tags
                .iter()
                .flat_map(|(n, v)| [n.clone(), v.clone()])
                .collect(),
            tree: None,
            tree_apart: self.to_come.map(|(stamp, _)| stamp.to_string()),
        }
    }

    /// Whether the tree is the line being played and nothing more: the game itself, which a
    /// saved tree would only repeat.
    fn plain(&self) -> bool {
        self.tree.len() == self.game.ply()
            && !self
                .tree
                .ids()
                .any(|i| self.tree.node(i).is_some_and(Node::is_annotated))
    }

    /// The saved form as JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.save()).unwrap_or_default()
    }

    /// The saved form as JSON, a tree of more than [`APART_MOVES`] moves apart from it: the
    /// session's JSON (which names the tree by its stamp), and the tree's flat form to save under
    /// a key of its own, written again only when the tree changed (its stamp tells).
    pub fn to_json_apart(&self) -> (String, Option<(TreeStamp, &str)>) {
        if self.to_come.is_some() || self.tree.len() <= APART_MOVES {
            return (self.to_json(), None);
        }
        let (stamp, text) = self.tree.flat();
        let saved = SavedSession {
            tree_apart: Some(stamp.to_string()),
            ..self.save_without_tree()
        };
        let json = serde_json::to_string(&saved).unwrap_or_default();
        (json, Some((stamp, text)))
    }

    /// The stamp of the tree saved apart that this session, restored, still waits for.
    pub fn tree_to_come(&self) -> Option<TreeStamp> {
        self.to_come.map(|(stamp, _)| stamp)
    }

    /// Gives up the tree saved apart, lost for `why`: the session is the line being played, and
    /// what the user is told.
    pub fn lose_tree_to_come(&mut self, why: LostTree) -> TreeLost {
        let key = self.to_come.take().map(|(stamp, _)| stamp.key());
        TreeLost {
            key: key.unwrap_or_default(),
            kept: self.game.ply(),
            why,
        }
    }

    /// Restores a session from its JSON (this version's or version 1, which had no tree); any
    /// defect is an `Err`, never a panic. A tree saved apart ([`SavedSession::tree_apart`]) is
    /// not read here: the session is its line being played until [`PlaySession::attach_tree`].
    pub fn from_json(json: &str) -> Result<PlaySession, RestoreError> {
        let saved: SavedSession =
            serde_json::from_str(json).map_err(|e| RestoreError::Json(e.to_string()))?;
        if !(1..=SAVED_SESSION_VERSION).contains(&saved.version) {
            return Err(RestoreError::Version(saved.version));
        }
        let game = Game::from_record(&saved.game).map_err(RestoreError::Record)?;
        let redo = saved
            .redo
            .iter()
            .filter_map(|s| Move::from_iccs(s))
            .collect();
        let mut s = PlaySession::new(game);
        if let Some(text) = &saved.tree {
            let tree = read_tree(text).map_err(|e| RestoreError::Tree(e.to_string()))?;
            if s.place_tree(tree)? {
                // Read from its saved form: that is what a save writes again.
                s.tree.keep_written(text.clone());
            }
        }
        if let Some(text) = &saved.tree_apart {
            let stamp = TreeStamp::parse(text).ok_or(RestoreError::Tree(text.clone()))?;
            s.to_come = Some((stamp, saved.view));
        }
        s.clock = saved.clock;
        s.redo = redo;
        let tags: Vec<(String, String)> = saved
            .tags
            .chunks_exact(2)
            .map(|p| (p[0].clone(), p[1].clone()))
            .collect();
        *s.tree.tags_mut() = tags;
        s.go_to(saved.view);
        Ok(s)
    }

    /// Puts `tree` (read from a save, without tags) in place of the session's, the line being
    /// played found in it by its moves (added if missing) and shown at its end; true when it
    /// held them all already.
    fn place_tree(&mut self, mut tree: GameTree) -> Result<bool, RestoreError> {
        if tree.start() != self.game.start() {
            return Err(RestoreError::Tree("start position".into()));
        }
        let (mut end, moves) = (tree.root(), tree.len());
        for &m in self.game.moves() {
            end = tree
                .add_move(end, m)
                .map_err(|e| RestoreError::Tree(e.to_string()))?;
        }
        tree.tags = std::mem::take(self.tree.tags_mut());
        self.tree = Kept::new(tree);
        self.end = *self.tree.line_through(end).last().unwrap_or(&end);
        self.cursor = self.end;
        self.deleted = None;
        Ok(self.tree.len() == moves)
    }

    /// Puts the tree saved apart as `stamp` in place, read from its flat form `text` and built (a
    /// slice at a time, by the page), showing the ply saved; `text` is kept as what a save writes
    /// again. `Ok(false)`, nothing changed, when this session does not wait for that tree (another
    /// game was opened while it was built).
    pub fn attach_tree(
        &mut self,
        stamp: TreeStamp,
        tree: GameTree,
        text: String,
    ) -> Result<bool, RestoreError> {
        let Some((_, view)) = self.to_come.filter(|(s, _)| *s == stamp) else {
            return Ok(false);
        };
        if self.place_tree(tree)? {
            self.tree.keep_flat(text);
        }
        self.to_come = None;
        self.go_to(view);
        Ok(true)
    }
}

fn tree_error(e: TreeError) -> EnterError {
    match e {
        TreeError::Play(p) => EnterError::Illegal(p),
        _ => EnterError::Illegal(PlayError::GameOver),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::draw::computer_accepts_draw;
    use crate::engine::Score;

    fn mv(s: &str) -> Move {
        Move::from_iccs(s).unwrap()
    }

    fn session(moves: &[&str]) -> PlaySession {
        let mut s = PlaySession::from_position(Position::start());
        for m in moves {
            assert_eq!(s.enter(mv(m), false, 0), Ok(Entered::Played));
        }
        s
    }

    #[test]
    fn stepping_and_playing_from_an_earlier_position() {
        let mut s = session(&["h2e2", "h9g7", "h0g2"]);
        assert!(s.back() && s.back());
        assert_eq!(s.view(), 1);
        assert_eq!(s.last_move(), Some(mv("h2e2")));
        // The game's own next move only steps forward.
        assert_eq!(s.enter(mv("h9g7"), false, 0), Ok(Entered::SteppedForward));
        s.back();
        // Another move asks before cutting the two later moves.
        assert_eq!(
            s.enter(mv("b9c7"), false, 0),
            Err(EnterError::WouldCut { later: 2 })
        );
        assert_eq!(s.game().ply(), 3);
        assert_eq!(s.enter(mv("b9c7"), true, 0), Ok(Entered::CutAndPlayed));
        assert_eq!(s.game().ply(), 2);
        assert!(s.at_end());
        assert!(matches!(
            s.enter(mv("a0a5"), false, 0),
            Err(EnterError::Illegal(PlayError::PathBlocked))
        ));
    }

    #[test]
    fn takeback_after_a_resignation_removes_only_the_resignation() {
        let mut s = session(&["h2e2", "h9g7"]);
        s.game_mut().resign(Color::Red).unwrap();
        assert!(s.game().verdict().is_some());
        assert!(s.takeback(0));
        assert!(s.game().verdict().is_none());
        assert_eq!(s.game().ply(), 2, "the moves stay");
        assert!(s.takeback(0));
        assert_eq!(s.game().ply(), 1);
    }

    /// A game of `plies` moves that never repeats a position nor ends: each side plays its first
    /// legal move to a new position.
    fn quiet_game(plies: usize) -> PlaySession {
        let mut s = PlaySession::from_position(Position::start());
        let mut seen = vec![s.shown().hash()];
        for _ in 0..plies {
            let m = s
                .shown()
                .legal_moves()
                .iter()
                .copied()
                .find(|&m| {
                    let next = s.shown().after(m).unwrap();
                    !seen.contains(&next.hash()) && !next.legal_moves().is_empty()
                })
                .unwrap();
            s.enter(m, false, 0).unwrap();
            seen.push(s.shown().hash());
        }
        assert!(s.game().verdict().is_none());
        s
    }

    #[test]
    fn the_computer_answers_an_offer_by_its_score_and_the_game_length() {
        // Rule 23.1: the human offers after their own move; the computer, to move, answers.
        let mut s = quiet_game(19);
        assert_eq!(s.game().ply(), 19);
        s.game_mut().offer_draw().unwrap();
        // Past the opening only: at ply 19 even a lost computer plays on.
        assert!(!computer_accepts_draw(Score::Cp(-500), 19));
        assert_eq!(s.computer_answers_offer(Score::Cp(-500), 0), Ok(false));
        assert_eq!(s.game().pending_offer(), None);
        assert!(s.game().verdict().is_none());
        assert_eq!(
            s.computer_answers_offer(Score::Cp(-500), 0),
            Err(GameError::NoOffer)
        );
        // Half a pawn worse or a mate against it: a draw; level or better: no.
        for (own, takes) in [
            (Score::Cp(-50), true),
            (Score::Cp(-49), false),
            (Score::Cp(0), false),
            (Score::Cp(300), false),
            (Score::Mate(-3), true),
            (Score::Mate(2), false),
        ] {
            assert_eq!(computer_accepts_draw(own, 20), takes, "{own:?}");
        }
        let mut s = quiet_game(21);
        s.game_mut().offer_draw().unwrap();
        assert_eq!(s.computer_answers_offer(Score::Cp(-120), 0), Ok(true));
        let v = s.game().verdict().unwrap();
        assert_eq!(
            (v.result_token(), v.reason_token()),
            ("1/2-1/2", "agreement")
        );
    }

    #[test]
    fn an_offer_armed_before_the_move_is_made_right_after_it_and_stands_until_answered() {
        // Rule 23.1: the offer is made after one's own move. Red, to move, arms it; nothing is
        // offered yet.
        let mut s = session(&["h2e2", "h9g7"]);
        assert_eq!(s.arm_offer(Color::Red), Ok(Arming::Armed));
        assert_eq!(s.armed_offer(), Some(Color::Red));
        assert_eq!(s.game().pending_offer(), None);
        // Stepping back and forth through the record makes no move.
        assert!(s.back());
        assert_eq!(s.enter(mv("h9g7"), false, 0), Ok(Entered::SteppedForward));
        assert_eq!(s.game().pending_offer(), None);
        // Red's move makes it; it stands while Black, the computer, thinks.
        assert_eq!(s.enter(mv("h0g2"), false, 0), Ok(Entered::Played));
        assert_eq!(s.armed_offer(), None);
        assert_eq!(s.game().pending_offer(), Some(Color::Red));
        assert_eq!(s.arm_offer(Color::Red), Err(GameError::OfferPending));
        // The computer answers it (here: declines, three plies in) and then moves.
        assert_eq!(s.computer_answers_offer(Score::Cp(-500), 0), Ok(false));
        assert_eq!(s.game().pending_offer(), None);
        s.enter(mv("b9c7"), false, 0).unwrap();
        // Armed and withdrawn before the move: nothing is offered.
        assert_eq!(s.arm_offer(Color::Red), Ok(Arming::Armed));
        s.disarm_offer();
        s.enter(mv("b0c2"), false, 0).unwrap();
        assert_eq!(s.game().pending_offer(), None);
    }

    #[test]
    fn an_offer_asked_for_right_after_ones_move_is_made_at_once() {
        let mut s = session(&["h2e2"]);
        assert!(!s.offer_would_be_foul(Color::Red));
        assert_eq!(
            s.arm_offer(Color::Red),
            Ok(Arming::Made(OfferOutcome::Offered))
        );
        assert_eq!(s.armed_offer(), None);
        assert_eq!(s.game().pending_offer(), Some(Color::Red));
        // Black plays on (a move declines, 23.1); Red's next offer would be a foul (9.1.3), said
        // before it is armed, and recorded as one when its move makes it.
        s.enter(mv("h9g7"), false, 0).unwrap();
        assert!(s.offer_would_be_foul(Color::Red));
        assert!(!s.offer_would_be_foul(Color::Black));
        assert_eq!(s.arm_offer(Color::Red), Ok(Arming::Armed));
        s.enter(mv("h0g2"), false, 0).unwrap();
        assert_eq!(s.game().fouls(Color::Red), 1);
        assert_eq!(s.game().pending_offer(), None);
    }

    #[test]
    fn an_armed_offer_is_not_made_once_the_game_is_over() {
        let mut s = session(&["h2e2"]);
        assert_eq!(s.arm_offer(Color::Black), Ok(Arming::Armed));
        s.game_mut().resign(Color::Black).unwrap();
        assert_eq!(s.arm_offer(Color::Black), Err(GameError::GameOver));
        let mut s = session(&["h2e2"]);
        // Nobody has moved yet for Black: the offer waits for its first move.
        assert_eq!(s.arm_offer(Color::Black), Ok(Arming::Armed));
        s.enter(mv("h9g7"), false, 0).unwrap();
        assert_eq!(s.game().pending_offer(), Some(Color::Black));
    }

    #[test]
    fn takeback_and_redo() {
        let mut s = session(&["h2e2", "h9g7"]);
        assert!(s.takeback(0));
        assert_eq!(s.game().ply(), 1);
        assert!(s.can_redo());
        assert!(s.redo());
        assert_eq!(s.game().moves().last(), Some(&mv("h9g7")));
        assert!(!s.redo());
        s.takeback(0);
        s.enter(mv("b9c7"), false, 0).unwrap();
        assert!(!s.can_redo(), "a new move clears the redo stack");
    }

    #[test]
    fn a_timed_game_presses_on_each_move_and_ends_on_time() {
        use crate::clock::{Clock, Control};
        let mut s = PlaySession::from_position(Position::start());
        assert!(s.set_clock(Some(Clock::new(Control::sudden_death(60_000).unwrap()))));
        s.enter(mv("h2e2"), false, 1_000).unwrap();
        s.enter(mv("h9g7"), false, 5_000).unwrap();
        assert!(
            !s.set_clock(None),
            "the control is fixed once the game has started"
        );
        let c = s.clock().unwrap();
        assert_eq!(c.side(5_000, Color::Black).moves, 1);
        // Red thinks past its minute: the flag falls and Red loses on time (4.1.4).
        assert_eq!(s.tick(70_000).map(|f| f.side), Some(Color::Red));
        let v = s.game().verdict().unwrap();
        assert_eq!((v.result_token(), v.reason_token()), ("0-1", "timeout"));
        assert!(matches!(
            s.enter(mv("h0g2"), false, 71_000),
            Err(EnterError::Illegal(PlayError::GameOver))
        ));
        let restored = PlaySession::from_json(&s.to_json()).unwrap();
        assert_eq!(restored.clock(), s.clock());
    }

    #[test]
    fn a_mate_before_the_flag_stands() {
        use crate::clock::{Clock, Control};
        let mut s =
            PlaySession::from_position(Position::from_fen("3k5/R8/1R7/9/9/9/9/9/9/4K4 w").unwrap());
        s.set_clock(Some(Clock::new(Control::sudden_death(10_000).unwrap())));
        s.enter(mv("b7b9"), false, 1_000).unwrap();
        // Rule 22.5: the clock is frozen by the mate, so no later flag changes the result.
        assert_eq!(s.tick(1_000_000), None);
        assert_eq!(s.game().verdict().unwrap().reason_token(), "checkmate");
    }

    #[test]
    fn pgn_round_trip_keeps_moves_and_result() {
        let s = session(&["h2e2", "h9g7"]);
        let pgn = s.to_pgn();
        assert_eq!(pgn.moves(), s.game().moves());
        let (back, after_end) = PlaySession::from_pgn(&pgn).unwrap();
        assert_eq!(back.game().moves(), s.game().moves());
        assert_eq!(after_end, None);
        let mut mated =
            PlaySession::from_position(Position::from_fen("3k5/R8/1R7/9/9/9/9/9/9/4K4 w").unwrap());
        mated.enter(mv("b7b9"), false, 0).unwrap();
        assert_eq!(mated.to_pgn().tag("Result"), Some("1-0"));
    }

    #[test]
    fn an_imported_game_keeps_its_tags_and_result_through_a_save_and_export() {
        use crate::lang::{Lang, Say};
        use crate::xiangqi::notation::pgn::{read_pgn, write_pgn};
        use crate::xiangqi::notation::Notation;
        let text = "[Event \"全国赛\"]\n[Site \"北京\"]\n[Date \"2024.05.01\"]\n[Round \"3\"]\n\
            [Red \"许银川\"]\n[Black \"吕钦\"]\n[Result \"1-0\"]\n[Opening \"中炮\"]\n[Annotator \"X\"]\n\
            {赛前} 1. 炮二平五 {好} 马８进７ (1... 炮８平５ (1... 马２进３)) 2. 马二进三 1-0";
        let pgn = read_pgn(text).unwrap();
        let (s, _) = PlaySession::from_pgn(&pgn).unwrap();
        let restored = PlaySession::from_json(&s.to_json()).unwrap();
        let out = write_pgn(&restored.to_pgn(), Notation::Chinese);
        for tag in [
            "[Event \"全国赛\"]",
            "[Site \"北京\"]",
            "[Date \"2024.05.01\"]",
            "[Round \"3\"]",
            "[Red \"许银川\"]",
            "[Black \"吕钦\"]",
            "[Result \"1-0\"]",
            "[Opening \"中炮\"]",
            "[Annotator \"X\"]",
        ] {
            assert!(out.contains(tag), "{tag} missing:\n{out}");
        }
        assert!(out.trim_end().ends_with("1-0"), "{out}");
        assert_eq!(out.matches("[Format").count(), 1, "{out}");
        // What the board leaves out is said, in both languages.
        let n = NotShown::of(&pgn).unwrap();
        assert_eq!((n.variations, n.comments), (2, 2));
        assert!(
            n.say(Lang::En).contains("variations (2) and comments (2)"),
            "{n}"
        );
        assert!(
            n.say(Lang::Zh).contains("变着（2 个）和注释（2 条）"),
            "{}",
            n.say(Lang::Zh)
        );
        assert_eq!(NotShown::of(&read_pgn("1. 炮二平五 *").unwrap()), None);
        // The file's result ends the game on the board: no move and no takeback at its end ...
        let mut played = restored.clone();
        assert_eq!(
            played.enter(mv("i9h9"), false, 0),
            Err(EnterError::Illegal(PlayError::GameOver))
        );
        assert!(!played.takeback(0));
        // ... until the user goes on from it: a new move then makes the result stale; the other
        // tags stay.
        assert!(played.continue_play());
        played.enter(mv("i9h9"), false, 0).unwrap();
        let pgn = played.to_pgn();
        assert_eq!(pgn.tag("Result"), None);
        assert_eq!(pgn.tag("Red"), Some("许银川"));
        let mut back = restored;
        assert!(back.continue_play());
        assert!(back.takeback(0));
        assert_eq!(back.to_pgn().tag("Result"), None);
        assert_eq!(back.to_pgn().tag("Event"), Some("全国赛"));
    }

    #[test]
    fn opening_links_and_saves() {
        let saved = session(&["h2e2", "h9g7"]).to_json();
        // No link: the saved game.
        let o = PlaySession::open("", Some(&saved));
        assert_eq!(o.session.game().ply(), 2);
        assert!(o.notices.is_empty() && o.replaced.is_none());
        // A link to another game replaces it and keeps it restorable.
        let o = PlaySession::open("moves=b2e2", Some(&saved));
        assert_eq!(o.session.game().moves(), &[mv("b2e2")]);
        assert_eq!(o.replaced.map(|s| s.game().ply()), Some(2));
        // A bad FEN opens nothing new and says so.
        let o = PlaySession::open("fen=garbage", Some(&saved));
        assert_eq!(o.session.game().ply(), 2);
        assert!(matches!(o.notices[..], [OpenNotice::LinkRefused(_)]));
        // A bad move keeps the moves before it and says so.
        let o = PlaySession::open("moves=h2e2,zzzz,h9g7", None);
        assert_eq!(o.session.game().moves(), &[mv("h2e2")]);
        assert!(matches!(
            o.notices[..],
            [OpenNotice::LinkCut {
                kept: 1,
                error: LinkError::BadMove { ply: 2, .. }
            }]
        ));
        // A corrupt save is reported, and the board opens.
        let o = PlaySession::open("", Some("{oops"));
        assert_eq!(o.session.game().ply(), 0);
        assert!(matches!(o.notices[..], [OpenNotice::Corrupt(_)]));
    }

    #[test]
    fn saves_and_restores_and_rejects_corrupt_state() {
        let mut s = session(&["h2e2", "h9g7", "h0g2"]);
        s.back();
        let restored = PlaySession::from_json(&s.to_json()).unwrap();
        assert_eq!(restored.view(), 2);
        assert_eq!(restored.game().moves(), s.game().moves());
        assert!(matches!(
            PlaySession::from_json("{not json"),
            Err(RestoreError::Json(_))
        ));
        let future = s.to_json().replace("\"version\":2", "\"version\":9");
        assert_eq!(
            PlaySession::from_json(&future).unwrap_err(),
            RestoreError::Version(9)
        );
        let bad = s.to_json().replace("h0g2", "h0h5");
        assert!(matches!(
            PlaySession::from_json(&bad),
            Err(RestoreError::Record(_))
        ));
    }

    #[test]
    fn a_record_longer_than_the_game_loads_up_to_the_verdict() {
        // Regression: a 20,000-ply PGN was accepted by the scoresheet but refused by the play page
        // ("the game is over"), and nothing loaded. Horses shuffling without a capture reach a
        // repetition or the 60-move limit (rule 4.2.4) long before 20,000 plies.
        let cycle = [
            "h0g2", "h9g7", "g2h0", "g7h9", "b0c2", "b9c7", "c2b0", "c7b9",
        ];
        let moves: Vec<&str> = cycle.iter().copied().cycle().take(20_000).collect();
        let mut text = String::new();
        for (i, m) in moves.iter().enumerate() {
            if i % 2 == 0 {
                text.push_str(&format!("{}. ", i / 2 + 1));
            }
            text.push_str(m);
            text.push(' ');
        }
        let pgn = crate::xiangqi::notation::pgn::read_pgn(&text).unwrap();
        assert_eq!(pgn.moves().len(), 20_000);
        let (s, after_end) = PlaySession::from_pgn(&pgn).unwrap();
        let after_end = after_end.expect("the rules end this game early");
        let ended = s.game().verdict().unwrap().ply;
        assert_eq!(ended, s.game().ply());
        assert_eq!(after_end.verdict.ply, ended);
        assert_eq!(ended + after_end.unplayed, 20_000);
        use crate::lang::{Lang, Say};
        assert!(after_end.say(Lang::Zh).contains("未载入"));
        assert!(after_end.say(Lang::En).contains("not played"));
    }

    fn node_of(s: &PlaySession, moves: &[&str]) -> NodeId {
        let t = s.tree();
        let mut at = t.root();
        for m in moves {
            at = *t
                .children(at)
                .iter()
                .find(|&&c| t.node(c).unwrap().mv() == Some(mv(m)))
                .unwrap();
        }
        at
    }

    #[test]
    fn a_move_from_an_earlier_position_starts_a_variation_and_the_main_line_stays() {
        let mut s = session(&["h2e2", "h9g7", "h0g2"]);
        s.go_to(1);
        assert_eq!(
            s.enter_with(mv("b9c7"), FromEarlier::Variation, 0),
            Ok(Entered::Branched)
        );
        let main: Vec<Move> = s
            .tree()
            .main_line()
            .iter()
            .filter_map(|&i| s.tree().node(i).unwrap().mv())
            .collect();
        assert_eq!(main, vec![mv("h2e2"), mv("h9g7"), mv("h0g2")]);
        assert_eq!(s.tree().variation_count(), 1);
        // The line being played is the variation: the rules and the link follow it.
        assert_eq!(s.game().moves(), &[mv("h2e2"), mv("b9c7")]);
        assert!(s.at_end());
        assert_eq!(s.share_query(), "moves=h2e2,b9c7");
        // Stepping back and forward stays on it.
        assert!(s.back());
        assert!(s.forward());
        assert_eq!(s.last_move(), Some(mv("b9c7")));
        // ↑ goes to the move it replaced: the main line is played again.
        assert!(s.to_sibling(-1));
        assert_eq!(s.last_move(), Some(mv("h9g7")));
        assert_eq!(s.game().ply(), 3);
        assert!(!s.to_sibling(-1));
        assert!(s.to_sibling(1));
        assert_eq!(s.game().ply(), 2);
        // The variation goes on at its end without asking; its own move is in the tree.
        assert_eq!(s.enter(mv("h0g2"), false, 0), Ok(Entered::Played));
        assert_eq!(s.tree().len(), 5);
        // A move already in the tree only steps to it, main line or variation.
        s.go_to(1);
        assert_eq!(s.enter(mv("h9g7"), false, 0), Ok(Entered::SteppedForward));
        assert_eq!(s.game().ply(), 3, "the main line is played again");
        s.go_to(1);
        assert_eq!(s.enter(mv("b9c7"), false, 0), Ok(Entered::SteppedForward));
        assert_eq!(s.game().ply(), 3);
        assert_eq!(s.game().moves()[1], mv("b9c7"));
        // Clicking a node anywhere shows it.
        let far = node_of(&s, &["h2e2", "h9g7", "h0g2"]);
        assert!(s.go_to_node(far));
        assert_eq!(s.game().moves()[1], mv("h9g7"));
    }

    #[test]
    fn promote_delete_and_takeback_act_on_the_tree() {
        let mut s = session(&["h2e2", "h9g7", "h0g2"]);
        s.go_to(1);
        s.enter_with(mv("b9c7"), FromEarlier::Variation, 0).unwrap();
        s.enter(mv("b0c2"), false, 0).unwrap();
        // Takeback in a variation takes back its own last move only.
        assert!(s.takeback(0));
        assert_eq!(s.game().moves(), &[mv("h2e2"), mv("b9c7")]);
        assert_eq!(s.tree().len(), 4);
        assert!(s.redo());
        assert_eq!(s.tree().len(), 5);
        // Promote the variation to main line, then delete it from its first move.
        s.back();
        assert_eq!(s.promote(), Ok(()));
        assert!(s.tree().is_main_line(s.cursor()));
        assert_eq!(
            s.game().moves().len(),
            3,
            "the line being played is unchanged"
        );
        assert_eq!(s.delete_from_here(), Ok(()));
        assert_eq!(s.view(), 1);
        assert_eq!(s.tree().len(), 3);
        assert_eq!(s.tree().variation_count(), 0);
        // Delete a variation: shown where it branched, the main line played.
        s.go_to(2);
        s.enter_with(mv("b0c2"), FromEarlier::Variation, 0).unwrap();
        s.enter(mv("c9e7"), false, 0).unwrap();
        assert_eq!(s.delete_variation(), Ok(()));
        assert_eq!(s.view(), 2);
        assert_eq!(s.tree().variation_count(), 0);
        assert_eq!(s.game().ply(), 3);
        assert_eq!(s.delete_variation(), Err(TreeError::MainLine));
        // Cutting from an earlier position replaces only the line it leaves.
        s.go_to(1);
        s.enter_with(mv("c9e7"), FromEarlier::Variation, 0).unwrap();
        assert!(s.to_sibling(-1) && s.back());
        assert_eq!(
            s.enter(mv("b9c7"), false, 0),
            Err(EnterError::WouldCut { later: 2 })
        );
        assert_eq!(s.enter(mv("b9c7"), true, 0), Ok(Entered::CutAndPlayed));
        assert_eq!(s.tree().len(), 3);
        assert!(
            s.tree().is_main_line(s.cursor()),
            "it takes the main line's place"
        );
        assert_eq!(s.tree().variation_count(), 1, "the other variation stays");
    }

    #[test]
    fn each_line_has_its_own_verdict() {
        // Red mates with b7b9 (rule 4.1.1 checkmate); a7a8 is a quiet move.
        let start = Position::from_fen("3k5/R8/1R7/9/9/9/9/9/9/4K4 w").unwrap();
        let mut s = PlaySession::from_position(start);
        s.enter(mv("a8a7"), false, 0).unwrap();
        s.game_mut().resign(Color::Black).unwrap();
        assert_eq!(s.game().verdict().unwrap().reason_token(), "resign");
        s.go_to(0);
        s.enter_with(mv("b7b9"), FromEarlier::Variation, 0).unwrap();
        assert_eq!(s.game().verdict().unwrap().reason_token(), "checkmate");
        assert!(matches!(
            s.enter(mv("d9e9"), false, 0),
            Err(EnterError::Illegal(PlayError::GameOver))
        ));
        // Back on the main line, its own line is judged again (the resignation is not replayed).
        s.to_sibling(-1);
        assert_eq!(s.game().moves(), &[mv("a8a7")]);
        assert!(s.game().verdict().map(|v| v.reason_token()) != Some("checkmate"));
    }

    #[test]
    fn a_study_survives_a_save_and_old_saves_still_load() {
        use crate::xiangqi::tree::{Arrow, MarkColor};
        let mut s = session(&["h2e2", "h9g7", "h0g2"]);
        s.go_to(1);
        s.enter_with(mv("b9c7"), FromEarlier::Variation, 0).unwrap();
        s.shown_node_mut().unwrap().comment = Some("屏风马".into());
        s.shown_node_mut().unwrap().nags = vec![5];
        s.shown_node_mut().unwrap().arrows = vec![Arrow {
            color: MarkColor::Green,
            from: "b0".parse().unwrap(),
            to: "c2".parse().unwrap(),
        }];
        s.back();
        let json = s.to_json();
        assert!(json.contains("\"version\":2"), "{json}");
        let back = PlaySession::from_json(&json).unwrap();
        assert_eq!(back.tree().first_difference(s.tree()), None);
        assert_eq!(back.view(), 1);
        assert_eq!(back.game().moves(), s.game().moves());
        let mut back = back;
        assert!(back.forward());
        assert_eq!(
            back.last_move(),
            Some(mv("b9c7")),
            "the line being played comes back"
        );
        // A version 1 save (no tree) loads as one line.
        let v1 = r#"{"version":1,"game":{"start":"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1","moves":["h2e2","h9g7"],"events":[],"move_limit":60},"view":1,"redo":["h0g2"],"tags":["Red","甲"]}"#;
        let old = PlaySession::from_json(v1).unwrap();
        assert_eq!(old.tree().len(), 2);
        assert_eq!(old.view(), 1);
        assert!(old.can_redo());
        assert_eq!(old.tags(), &[("Red".to_string(), "甲".to_string())]);
        // A tree that does not read is refused, not half-loaded.
        let bad = json.replace("(", "((");
        assert!(matches!(
            PlaySession::from_json(&bad),
            Err(RestoreError::Tree(_))
        ));
    }

    /// A session over a tree of `moves` moves or so (the 2 MB file's shape: each move's
    /// alternative beside it), with a comment, showing the end of its main line.
    fn large(moves: usize) -> PlaySession {
        use crate::xiangqi::notation::{dhtmlxq::read_dhtmlxq, stress::nested_dhtmlxq};
        let mut tree = read_dhtmlxq(&nested_dhtmlxq(moves, true)).unwrap();
        tree.set_tag("Red", "甲");
        let (mut s, _) = PlaySession::from_tree(tree);
        s.shown_node_mut().unwrap().comment = Some("终局".into());
        s
    }

    #[test]
    fn a_large_tree_is_saved_apart_and_a_step_does_not_write_it_again() {
        let mut s = large(6_000);
        assert!(s.tree().len() > APART_MOVES, "{}", s.tree().len());
        let (json, tree) = s.to_json_apart();
        let (stamp, text) = tree.map(|(st, t)| (st, t.to_string())).unwrap();
        assert_eq!(stamp, TreeStamp::of(&text));
        assert!(
            json.len() < 2_000 && text.len() > 24_000,
            "{} {}",
            json.len(),
            text.len()
        );
        // A step: the tree is the same, so are its revision and stamp; the session's own save
        // is small.
        let revision = s.tree_revision();
        assert!(s.back());
        assert_eq!(s.tree_revision(), revision);
        let (step, again) = s.to_json_apart();
        assert_eq!(again.map(|(st, _)| st), Some(stamp));
        assert!(step.len() < 2_000, "{}", step.len());
        // An edit writes another tree.
        s.shown_node_mut().unwrap().nags = vec![1];
        assert_ne!(s.tree_revision(), revision);
        assert_ne!(s.to_json_apart().1.map(|(st, _)| st), Some(stamp));
        s.shown_node_mut().unwrap().nags.clear();
        // Restored: the line being played at once, the tree when it is attached.
        let mut back = PlaySession::from_json(&step).unwrap();
        assert_eq!(back.tree_to_come(), Some(stamp));
        assert_eq!(back.tree().len(), back.game().ply());
        assert_eq!(
            back.save().view,
            s.view(),
            "the ply shown in the tree to come"
        );
        assert_eq!(
            back.to_json_apart(),
            (step.clone(), None),
            "a save names the tree to come"
        );
        let built = crate::xiangqi::file_job::Handed::read(&text)
            .unwrap()
            .tree()
            .unwrap();
        assert_eq!(back.attach_tree(stamp, built, text.clone()), Ok(true));
        assert_eq!(back.tree_to_come(), None);
        assert_eq!(back.tree().first_difference(s.tree()), None);
        assert_eq!(back.tags(), s.tags());
        assert_eq!((back.view(), back.cursor()), (s.view(), s.cursor()));
        assert_eq!(back.to_json_apart().1, Some((stamp, text.as_str())));
        // Another game's tree is refused.
        let mut other = PlaySession::from_json(&step).unwrap();
        let elsewhere =
            GameTree::new(Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1").unwrap());
        assert!(other.attach_tree(stamp, elsewhere, String::new()).is_err());
    }

    /// A tree saved apart whose key is gone, holds another text, or does not read: the restored
    /// game keeps its line being played and its ply shown, says which key was lost and why, and
    /// no longer names it; a tree built for a game since replaced is not attached to the new one.
    #[test]
    fn a_tree_saved_apart_that_is_lost_is_said_and_the_line_kept() {
        let s = large(6_000);
        let (json, tree) = s.to_json_apart();
        let (stamp, text) = tree.map(|(st, t)| (st, t.to_string())).unwrap();
        assert_eq!(tree_named(&json), Some(stamp));
        assert!(stamp.key().starts_with(TREE_KEY_PREFIX), "{}", stamp.key());
        let cut = &text[..text.len() / 2];
        let mut damaged = text.clone();
        damaged.replace_range(..1, "[");
        for (stored, why) in [
            (None, LostTree::Missing),
            (Some(cut), LostTree::NotThisTree),
            (Some(s.to_json().as_str()), LostTree::NotThisTree),
        ] {
            assert_eq!(read_tree_apart(stamp, stored).err(), Some(why.clone()));
            let mut back = PlaySession::from_json(&json).unwrap();
            let notice = back.lose_tree_to_come(why.clone());
            assert_eq!(
                notice,
                TreeLost {
                    key: stamp.key(),
                    kept: s.game().ply(),
                    why
                }
            );
            assert_eq!(back.tree_to_come(), None);
            assert_eq!(back.game().moves(), s.game().moves(), "the line is kept");
            assert_eq!(
                back.view(),
                s.view().min(s.game().ply()),
                "shown as far as it goes"
            );
            assert_eq!(back.to_json_apart().1, None);
            assert_eq!(back.save().tree_apart, None, "the save no longer names it");
        }
        // Same length and stamp checked: a text of another hash is another tree; one that
        // matches but does not read is damaged.
        assert_eq!(
            read_tree_apart(stamp, Some(&damaged)).err(),
            Some(LostTree::NotThisTree)
        );
        let bad = "{\"moves\":1}";
        assert!(matches!(
            read_tree_apart(TreeStamp::of(bad), Some(bad)),
            Err(LostTree::Damaged(_))
        ));
        assert!(read_tree_apart(stamp, Some(&text)).is_ok());
        // Built for a game that is no longer waiting for it: nothing changes.
        let mut now = PlaySession::from_position(Position::start());
        let built = crate::xiangqi::file_job::Handed::read(&text)
            .unwrap()
            .tree()
            .unwrap();
        assert_eq!(now.attach_tree(stamp, built, text.clone()), Ok(false));
        assert_eq!(now.tree().len(), 0);
    }

    /// Each tree saved apart has its own key; only those no session names are to be deleted,
    /// never a set-aside copy or another app's key.
    #[test]
    fn only_trees_no_session_names_are_deleted() {
        let (one, two) = (TreeStamp::of("one"), TreeStamp::of("two"));
        assert_ne!(one.key(), two.key());
        let gone = TreeStamp::of("gone");
        let keys: Vec<String> = [
            one.key(),
            two.key(),
            gone.key(),
            format!("{}.corrupt.17", gone.key()),
            "xq.play.session".into(),
            "xq.play.previous".into(),
        ]
        .into();
        assert_eq!(unnamed_trees(&keys, &[one, two]), [gone.key()]);
        assert_eq!(unnamed_trees(&keys, &[two]), [one.key(), gone.key()]);
        assert_eq!(tree_named("{}"), None);
        assert_eq!(tree_named("not json"), None);
    }

    #[test]
    fn a_tree_opens_with_its_variations_and_exports_them() {
        use crate::xiangqi::notation::pgn::{read_tree, write_tree};
        let t = read_tree(
            "[Red \"甲\"]\n{开局} 1. 炮二平五 马８进７ (1... 炮８平５ {顺炮}) 2. 马二进三 $1 *",
        )
        .unwrap();
        let (s, after) = PlaySession::from_tree(t.clone());
        assert_eq!(after, None);
        assert_eq!(s.view(), 3);
        assert_eq!(s.tags()[0], ("Red".to_string(), "甲".to_string()));
        let out = write_tree(&s.to_tree(), Notation::Chinese);
        let again = read_tree(&out).unwrap();
        assert_eq!(again.first_difference(&t), None, "{out}");
    }
    #[test]
    fn every_deletion_is_undone_until_the_next_edit() {
        let text = "[Result \"1-0\"]\n1. h2e2 h9g7 (1... h7e7 2. h0g2) 2. h0g2 i9h9 3. i0h0 1-0";
        let (mut s, _) = PlaySession::from_tree(read_tree(text).unwrap());
        let whole = s.tree().clone();
        let main_end = s.line_end();

        // Delete variation: back with its moves, where it was, the view as before.
        let var = s.tree().children(s.tree().main_line()[0])[1];
        assert!(s.go_to_node(var));
        s.delete_variation().unwrap();
        assert_eq!(s.tree().variation_count(), 0);
        assert_eq!(s.undoable_deletion(), Some(2));
        assert!(s.undo_deletion());
        assert_eq!(s.tree(), &whole);
        assert_eq!(s.cursor(), var);
        assert!(!s.undo_deletion(), "one undo per deletion");

        // Delete from here on the main line drops the file's result; undo brings both back.
        s.go_to_node(main_end);
        s.go_to(2);
        s.delete_from_here().unwrap();
        assert_eq!(s.tree().tag("Result"), None);
        // The variation 1... h7e7 2. h0g2 is what is left after move 1.
        assert_eq!((s.game().ply(), s.tree().len()), (3, 3));
        assert!(s.undo_deletion());
        assert_eq!(s.tree(), &whole);
        assert_eq!((s.line_end(), s.game().ply()), (main_end, 5));

        // A cut (139 → 11 plies in the issue): the new move goes, the old line comes back.
        s.go_to(1);
        assert_eq!(
            s.enter_with(mv("b9c7"), FromEarlier::Cut, 0),
            Ok(Entered::CutAndPlayed)
        );
        assert_eq!(s.tree().main_line().len(), 2);
        assert_eq!(s.undoable_deletion(), Some(4));
        assert!(s.undo_deletion());
        // The same game (the cut move's slot stays empty).
        assert_eq!(s.tree().first_difference(&whole), None);
        assert_eq!(s.tree().main_line(), whole.main_line());
        assert_eq!(s.game().ply(), 5);

        // The next edit (here a new variation) ends the undo.
        s.go_to(1);
        s.delete_variation().unwrap_err();
        s.go_to_node(var);
        s.delete_variation().unwrap();
        s.go_to(1);
        s.enter_with(mv("b9c7"), FromEarlier::Variation, 0).unwrap();
        assert_eq!(s.undoable_deletion(), None);
        assert!(!s.undo_deletion());
    }

    #[test]
    fn a_file_whose_result_is_given_opens_as_over_until_continued() {
        let text = "[Result \"0-1\"]\n[Termination \"resign\"]\n1. h2e2 h9g7 2. h0g2 0-1";
        let (mut s, after) = PlaySession::from_tree(read_tree(text).unwrap());
        assert_eq!(after, None);
        assert!(s.game().verdict().is_none(), "the rules reach no verdict");
        let end = s.recorded_end().unwrap();
        assert_eq!(end.result, PgnResult::BlackWins);
        assert_eq!(end.termination.as_deref(), Some("resign"));
        assert!(s.is_over());
        assert_eq!(
            s.enter(mv("b9c7"), false, 0),
            Err(EnterError::Illegal(PlayError::GameOver))
        );
        assert!(!s.takeback(0));
        // Saved and restored, it is still over.
        let mut s2 = PlaySession::from_json(&s.to_json()).unwrap();
        assert!(s2.is_over());
        // An earlier position is not over: a move there asks, and makes a variation.
        s.go_to(1);
        assert!(
            s.recorded_end().is_some(),
            "the game is over, its earlier position shown"
        );
        assert_eq!(
            s.enter_with(mv("h7e7"), FromEarlier::Variation, 0),
            Ok(Entered::Branched)
        );
        assert!(!s.is_over(), "a variation is a new line");
        // Continuing from the end: a new line, no longer the file's result.
        assert!(s2.continue_play());
        assert!(!s2.is_over() && s2.tree().tag("Result").is_none());
        assert_eq!(s2.enter(mv("b9c7"), false, 0), Ok(Entered::Played));
        // No result, or `*`: never over.
        let (s3, _) = PlaySession::from_tree(read_tree("1. h2e2 h9g7 *").unwrap());
        assert!(!s3.is_over() && !s3.clone().continue_play());
    }
}
