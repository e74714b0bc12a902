//! `#/play`: a game at the board — moves by click or drag, the move list, takeback, draw offers,
//! resignation, projector mode, the position editor and share links. State lives in a core
//! [`PlaySession`]; the page's components share it through a [`PlayStore`] in context, and this
//! file only wires it to the page and to localStorage; the page's parts are the files beside it.

mod access;
mod apart;
mod editor;
mod engine_panel;
mod explorer;
mod move_box;
mod moves;
mod play_options;
mod review;
mod study;
mod verdict;
mod words;

use crate::clock::{Clock, ControlError, Preset};
use crate::lang::Say;
use crate::ui::board::{Board, Looks, Mark};
use crate::ui::browser::now_ms;
use crate::ui::clock::ClockFaces;
use crate::ui::i18n::{tr, use_lang};
use crate::ui::storage;
use crate::xiangqi::game::{GameError, OfferOutcome};
use crate::xiangqi::notation::Notation;
use crate::xiangqi::press::{press, Press};
use crate::xiangqi::rules::limits::MoveLimitError;
use crate::xiangqi::session::{Arming, EnterError, FromEarlier, OpenNotice, PlaySession};
use crate::xiangqi::words::Headline;
use crate::xiangqi::{Color, Move, PlayError, Position, Square};
use editor::Editor;
use engine_panel::EnginePanel;
use leptos::prelude::*;
use moves::{MoveList, StepControls};
use play_options::{GameSettings, RecordGroup, ShareGroup, ViewOptions};
use review::ReviewPanel;
use study::{OpenFile, ProjectorComment, StudyList, StudyTools};
use verdict::{DrawAndResign, GameStatus};

const SESSION_KEY: &str = "xq.play.session";
const SETTINGS_KEY: &str = "xq.play.settings";
/// The game most recently replaced (by a link, the editor, an import or a new game): restorable.
const PREVIOUS_KEY: &str = "xq.play.previous";

/// Display settings, remembered across visits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(super) struct Settings {
    pub flipped: bool,
    pub animate: bool,
    pub far_upside_down: bool,
    pub notation: Notation,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            flipped: false,
            animate: true,
            far_upside_down: false,
            notation: Notation::Chinese,
        }
    }
}

/// What the board is for right now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    /// Playing the game.
    Play,
    /// Setting up a position in the editor: game actions are off.
    Edit,
}

/// A question waiting for the user's answer (`data-testid=confirm`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Confirm {
    /// Playing `Move` from an earlier position cuts this many later plies.
    Cut(Move, usize),
    /// Starting a new game discards the current one.
    NewGame,
    /// A side resigns: the game ends.
    Resign(Color),
    /// A draw offer now would be a foul (9.1.3).
    FoulOffer(Color),
}

/// A short message to the user, said again in the current language when it changes.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Note {
    /// A move the rules refuse.
    Illegal(PlayError),
    /// The game is over: no more moves.
    GameOver,
    /// A piece of the side not to move was clicked.
    NotYourTurn(Color),
    /// The link was copied.
    CopiedLink,
    /// The FEN was copied.
    CopiedFen,
    /// The move-limit field is out of range.
    Limit(MoveLimitError),
    /// The custom time control does not read.
    Control(ControlError),
    /// What became of a draw offer.
    Offer(OfferOutcome),
    /// A draw offer, answer or resignation the rules refuse.
    Refused(GameError),
    /// An imported game does not replay.
    Import(crate::xiangqi::game::RecordError),
    /// Something about how the board opened.
    Opened(OpenNotice),
    /// A link opened with storage full: the saved game could not be set aside, so it stays saved
    /// and the game on the board is not saved.
    SavedGameKept,
    /// Storage is full: the game on the board could not be set aside, so it was not replaced.
    NotReplaced,
    /// An imported game went on after its result: loaded up to the verdict.
    AfterEnd(crate::xiangqi::session::MovesAfterEnd),
    /// The computer answered the player's draw offer: `true` when it accepted.
    ComputerAnswer(bool),
    /// An imported file's variations and comments, which the board does not show.
    NotShown(crate::xiangqi::session::NotShown),
    /// A game file that did not read, or read only in part (what was read is kept).
    Archive(crate::xiangqi::notation::archive::ArchiveError),
    /// The same, for the file of this name.
    ArchiveIn(String, crate::xiangqi::notation::archive::ArchiveError),
    /// A game file opened: the format it was read as, and the games it held.
    ReadAs(crate::xiangqi::notation::archive::Format, usize),
    /// A chosen or dropped file refused before it was read.
    File(crate::saved::FileError),
    /// A notice the lean bundle showed, handed to the full one ([`hand_over`]).
    Said(words::SaidBefore),
}

/// The play page's state, shared by its components through context.
#[derive(Clone, Copy)]
pub(super) struct PlayStore {
    pub session: RwSignal<PlaySession>,
    pub settings: RwSignal<Settings>,
    pub selected: RwSignal<Option<Square>>,
    /// The message under the board (illegal move, turn, copied).
    pub message: RwSignal<Option<Note>>,
    /// The outcome of the last draw offer, answer or resignation.
    pub note: RwSignal<Option<Note>>,
    /// Banners at the top (a bad link, a corrupt save, an import error).
    pub notices: RwSignal<Vec<Note>>,
    pub confirm: RwSignal<Option<Confirm>>,
    /// The game as it was when the question was asked: a question about a game that has since
    /// changed (a move, an import, a restored game) is gone.
    pub asked_about: StoredValue<Option<Asked>>,
    pub mode: RwSignal<Mode>,
    pub projector: RwSignal<bool>,
    pub marks: RwSignal<Vec<Mark>>,
    /// Whether a replaced game can be restored.
    pub previous: RwSignal<bool>,
    /// The side the computer plays, if any: it answers draw offers, never makes them for the player.
    pub computer: RwSignal<Option<Color>>,
    /// The games of an opened library, to pick from (empty when none is open).
    pub library: RwSignal<Vec<crate::xiangqi::file_job::Row>>,
    /// A large file being read in the worker: how far (`None` when none is).
    pub opening: RwSignal<Option<crate::xiangqi::file_job::Progress>>,
}

/// What a question is about: the game (its start, moves and events, with the verdict they give)
/// and the ply shown.
pub(super) type Asked = (u64, u64, usize, usize, usize, bool);

fn asked(s: &PlaySession) -> Asked {
    let g = s.game();
    (
        g.start().hash(),
        g.position().hash(),
        g.ply(),
        g.events().len(),
        s.view(),
        g.verdict().is_some(),
    )
}

/// The page's store, provided by [`PlayPage`].
pub(super) fn use_play() -> PlayStore {
    expect_context::<PlayStore>()
}

impl PlayStore {
    /// Replaces the game on the board, keeping the old one restorable if it had moves; when it
    /// cannot be set aside (storage full) it stays on the board and the page says why.
    pub fn replace(self, next: PlaySession) {
        // On the full board a large tree is kept apart under its own key, which the previous
        // game names.
        let old = self
            .session
            .with_untracked(|s| (s.game().ply() > 0).then(|| KEEP.get()(s, PREVIOUS_KEY)));
        if let Some(kept) = old {
            match kept {
                Ok(()) => self.previous.set(true),
                // A held session key keeps the saved game: the board's own game was never saved.
                Err(_) if storage::held(SESSION_KEY) => {}
                Err(_) => {
                    self.notices.update(|n| {
                        if !n.contains(&Note::NotReplaced) {
                            n.push(Note::NotReplaced)
                        }
                    });
                    return;
                }
            }
        }
        self.session.set(next);
        self.selected.set(None);
        self.message.set(None);
        self.note.set(None);
        self.confirm.set(None);
    }

    /// Asks `c` about the game as it is now.
    pub fn ask(self, c: Confirm) {
        self.asked_about
            .set_value(Some(self.session.with_untracked(asked)));
        self.confirm.set(Some(c));
    }

    /// Brings back the game replaced last (its tree saved apart read back, on the full board).
    pub fn restore_previous(self) {
        // An unreadable previous game is set aside and reported by the storage helper.
        match storage::load_with(PREVIOUS_KEY, PlaySession::from_json) {
            Some(old) => {
                self.replace(old);
                if let Some(restore) = RESTORE_TREE.get() {
                    restore(self);
                }
            }
            None => self.previous.set(false),
        }
    }

    /// Enters a move from the board, asking first when it would cut later moves.
    pub fn enter(self, m: Move, cut_confirmed: bool) {
        let made = self.session.with_untracked(|s| s.armed_offer());
        let result = self
            .session
            .try_update(|s| s.enter(m, cut_confirmed, now_ms()));
        self.selected.set(None);
        match result {
            Some(Ok(_)) => {
                self.message.set(None);
                self.note
                    .set(made.and_then(|by| self.session.with_untracked(|s| made_offer(s, by))));
            }
            Some(Err(EnterError::WouldCut { later })) => self.ask(Confirm::Cut(m, later)),
            Some(Err(EnterError::Illegal(e))) => self.message.set(Some(Note::Illegal(e))),
            None => {}
        }
    }

    /// Plays `m` from the earlier position shown as a new variation.
    pub fn branch(self, m: Move) {
        self.confirm.set(None);
        let result = self
            .session
            .try_update(|s| s.enter_with(m, FromEarlier::Variation, now_ms()));
        self.selected.set(None);
        match result {
            Some(Err(EnterError::Illegal(e))) => self.message.set(Some(Note::Illegal(e))),
            _ => self.message.set(None),
        }
    }

    /// Runs the answer "yes" to a confirmation.
    pub fn confirmed(self, c: Confirm) {
        self.confirm.set(None);
        match c {
            Confirm::Cut(m, _) => self.enter(m, true),
            Confirm::NewGame => self.replace(PlaySession::from_position(Position::start())),
            Confirm::Resign(side) => self.act(|g| g.resign(side).map(|_| None)),
            Confirm::FoulOffer(by) => self.offer(by),
        }
    }

    /// `by` offers a draw: at once right after its own move, else with its next move (23.1).
    pub fn offer(self, by: Color) {
        let mut out = None;
        self.session.update(|s| {
            out = match s.arm_offer(by) {
                Ok(Arming::Made(o)) => Some(Note::Offer(o)),
                Ok(Arming::Armed) => None,
                Err(e) => Some(Note::Refused(e)),
            };
            s.tick(now_ms());
        });
        self.note.set(out);
    }

    /// Changes the game by a draw offer, an answer or a resignation, notes the outcome, and
    /// freezes a timed game's clock if it has ended (rule 22.5).
    pub fn act(
        self,
        f: impl FnOnce(&mut crate::xiangqi::game::Game) -> Result<Option<OfferOutcome>, GameError>,
    ) {
        let mut out = None;
        self.session.update(|s| {
            out = match f(s.game_mut()) {
                Ok(o) => o.map(Note::Offer),
                Err(e) => Some(Note::Refused(e)),
            };
            s.tick(now_ms());
        });
        self.note.set(out);
    }

    /// Flips the board; a message about the old view goes.
    pub fn flip(self) {
        self.settings.update(|s| s.flipped = !s.flipped);
        self.message.set(None);
    }

    /// Leaves projector mode (and the browser's full screen).
    pub fn set_projector(self, on: bool) {
        self.projector.set(on);
        let doc = document();
        if on {
            if let Some(el) = doc.document_element() {
                // Fullscreen may be refused (no user gesture, iframe): the layout still enlarges.
                let _ = el.request_fullscreen();
            }
        } else if doc.fullscreen_element().is_some() {
            doc.exit_fullscreen();
        }
    }
}

/// What became of `by`'s armed draw offer once its move was entered: made (or a foul), or still
/// armed when the move made none.
fn made_offer(s: &PlaySession, by: Color) -> Option<Note> {
    if s.armed_offer().is_some() || s.game().verdict().is_some() {
        return None;
    }
    Some(Note::Offer(match s.game().pending_offer() {
        Some(_) => OfferOutcome::Offered,
        None => OfferOutcome::Foul {
            fouls: s.game().fouls(by),
        },
    }))
}

/// Opens the board for the link `query`, with the saved game; corrupt saves and replaced games
/// are kept in storage, never lost.
fn open(query: &str) -> (PlaySession, Vec<Note>) {
    // An unreadable save is set aside and reported by the storage helper; the board starts fresh.
    let saved = storage::load_with(SESSION_KEY, |raw| {
        PlaySession::from_json(raw).map(|_| raw.to_owned())
    });
    let opened = PlaySession::open(query, saved.as_deref());
    let mut notes: Vec<Note> = opened.notices.into_iter().map(Note::Opened).collect();
    if let Some(old) = &opened.replaced {
        // Opening a link must not lose the game that was on the board: when it cannot be set
        // aside, it stays where it is saved and the link's game is shown without being saved.
        if KEEP.get()(old, PREVIOUS_KEY).is_err() {
            storage::hold(SESSION_KEY);
            notes.push(Note::SavedGameKept);
        }
    }
    (opened.session, notes)
}

fn load_settings() -> Settings {
    storage::load(SETTINGS_KEY).unwrap_or_default()
}

/// What only the full `#/play` bundle holds: each part is a function the lean bundle never names,
/// so link-time optimisation leaves it (and the domain code it alone uses: game archives, the
/// engine's panel and review, typed moves) out of the first visit's download.
#[derive(Clone, Copy)]
pub struct Study {
    projector_comment: fn() -> AnyView,
    /// Under the move list: comments and marks, the record's files, game files, saved studies.
    record: fn() -> AnyView,
    /// The panel's second column: the computer and the review, the board view, sharing.
    column: fn() -> AnyView,
    move_box: fn() -> AnyView,
    announcer: fn() -> AnyView,
    /// The position editor, in place of the board.
    editor: fn() -> AnyView,
    open_dropped: fn(PlayStore, &web_sys::File),
    /// Reads a restored session's tree saved apart, a slice at a time.
    restore_tree: fn(PlayStore),
    /// Saves a session, a large tree apart (the lean board has no large tree to save, and its
    /// first visit no room for the flat form's writer).
    keep: Keep,
    /// Saves a large game and writes its link, each step in a task of its own.
    save_and_link: SaveAndLink,
}

/// How the full board saves a large game and writes its link ([`Study::save_and_link`]).
type SaveAndLink = fn(RwSignal<PlaySession>);

/// How the page saves a session under a key (the game on the board, or the previous one).
type Keep = fn(&PlaySession, &str) -> Result<(), crate::saved::NotSaved>;

/// The lean board's [`Keep`]: the session's JSON, its tree in it.
fn keep_whole(s: &PlaySession, key: &str) -> Result<(), crate::saved::NotSaved> {
    storage::set(key, &s.to_json())
}

impl Study {
    /// Every part.
    pub const ALL: Study = Study {
        projector_comment: || view! { <ProjectorComment /> }.into_any(),
        record: || {
            view! {
                <study::GameHeaders />
                <StudyTools />
                <RecordGroup />
                <OpenFile />
                <StudyList />
            }
            .into_any()
        },
        column: || view! { <SecondColumn /> }.into_any(),
        move_box: || view! { <move_box::MoveBox /> }.into_any(),
        announcer: || view! { <access::Announcer /> }.into_any(),
        editor: || view! { <PositionEditor /> }.into_any(),
        open_dropped: study::open_file,
        restore_tree: study::restore_tree,
        keep: apart::keep,
        save_and_link: apart::save_and_link,
    };
}

/// Whether the page is the full bundle's.
pub(super) fn has_study() -> bool {
    use_context::<Option<Study>>().flatten().is_some()
}

/// The part of the full bundle `part` picks, where the page has it.
fn study_part(part: fn(&Study) -> fn() -> AnyView) -> Option<AnyView> {
    use_context::<Option<Study>>().flatten().map(|s| part(&s)())
}

/// The part of the full bundle `part` picks, or in the lean bundle its stand-in, off and waiting.
fn study_part_or(part: fn(&Study) -> fn() -> AnyView, waiting: fn() -> AnyView) -> AnyView {
    study_part(part).unwrap_or_else(waiting)
}

/// Where the lean bundle leaves its notices for the full one (sessionStorage: this tab only).
const HANDED_OVER_KEY: &str = "xq.play.notes";

thread_local! {
    /// The page's notices, for [`hand_over`].
    static NOTICES: std::cell::Cell<Option<RwSignal<Vec<Note>>>> = const { std::cell::Cell::new(None) };
}

/// Leaves the notices still shown (a bad link, a game cut short) for the full bundle, which
/// opens the page again from what is saved and would not see them: called just before it starts.
pub(super) fn hand_over() {
    let Some(notes) = NOTICES
        .with(|n| n.get())
        .and_then(|n| n.try_get_untracked())
    else {
        return;
    };
    let said: Vec<words::SaidBefore> = notes.iter().map(|n| words::SaidBefore::of(n)).collect();
    if let (Some(s), Ok(json)) = (
        window().session_storage().ok().flatten(),
        serde_json::to_string(&said),
    ) {
        let _ = s.set_item(HANDED_OVER_KEY, &json);
    }
}

/// The notices the lean bundle handed over, taken once.
fn handed_over() -> Vec<Note> {
    let Some(s) = window().session_storage().ok().flatten() else {
        return Vec::new();
    };
    let json = s.get_item(HANDED_OVER_KEY).ok().flatten();
    let _ = s.remove_item(HANDED_OVER_KEY);
    json.and_then(|j| serde_json::from_str::<Vec<words::SaidBefore>>(&j).ok())
        .unwrap_or_default()
        .into_iter()
        .map(Note::Said)
        .collect()
}

/// Saves every change of the game and the settings, keeps the address bar a link to the game,
/// and drops a question once what it asks about changed.
fn keep_and_link(store: PlayStore) {
    let session = store.session;

    // Save every change, and keep the address bar a link to the game (replaceState: no reload),
    // that in a task of its own once for changes in a row: it took 25-35 ms a call.
    let linking = StoredValue::new(false);
    Effect::new(move || {
        if !session.with(saved_later) {
            save_session(session);
        }
        if !linking.get_value() {
            linking.set_value(true);
            set_timeout(
                move || link_the_game(session, linking),
                std::time::Duration::ZERO,
            );
        }
    });
    // A question outlives nothing it asks about: any change to the game or the ply shown drops it.
    Effect::new(move || {
        let now = session.with(asked);
        if store.confirm.get_untracked().is_some() && store.asked_about.get_value() != Some(now) {
            store.confirm.set(None);
        }
    });
    Effect::new(move || {
        if let Ok(json) = serde_json::to_string(&store.settings.get()) {
            let _ = storage::set(SETTINGS_KEY, &json);
        }
    });
}

/// The play page; `query` is the part of the hash after `?`; `study` the full bundle's parts.
#[component]
pub fn PlayPage(query: String, study: Option<Study>) -> impl IntoView {
    provide_context(study);
    if let Some(s) = study {
        KEEP.set(s.keep);
        SAVE_AND_LINK.set(Some(s.save_and_link));
        RESTORE_TREE.set(Some(s.restore_tree));
    }
    let (initial, mut notices) = open(&query);
    notices.extend(handed_over());
    let store = PlayStore {
        session: RwSignal::new(initial),
        settings: RwSignal::new(load_settings()),
        selected: RwSignal::new(None),
        message: RwSignal::new(None),
        note: RwSignal::new(None),
        notices: RwSignal::new(notices),
        confirm: RwSignal::new(None),
        mode: RwSignal::new(Mode::Play),
        projector: RwSignal::new(false),
        marks: RwSignal::new(Vec::new()),
        previous: RwSignal::new(storage::get(PREVIOUS_KEY).is_some()),
        asked_about: StoredValue::new(None),
        computer: RwSignal::new(None),
        library: RwSignal::new(Vec::new()),
        opening: RwSignal::new(None),
    };
    provide_context(store);
    NOTICES.with(|n| n.set(Some(store.notices)));
    if let Some(s) = study {
        (s.restore_tree)(store);
    }
    keep_and_link(store);
    board_keys(store);

    view! {
        <section class="play" class:projector=store.projector class:editing=move || store.mode.get() == Mode::Edit
            data-bundle=if study.is_some() { "full" } else { "lean" }
            // What a swap to the full bundle would lose (it keeps only what is saved): boot.js waits.
            data-busy=move || busy(store).then_some("true")>
            <Notices />
            <div class="play-layout">
                <div class="board-column">
                    <BoardArea />
                    {study_part_or(|s| s.move_box, || view! { <move_box::MoveBoxWaiting /> }.into_any())}
                    {study_part(|s| s.announcer)}
                    {move || store.message.get().map(|m| view! {
                        <p class="message" data-testid="message" role="alert">{move || m.say(use_lang().get())}</p>
                    })}
                </div>
                <SidePanel />
            </div>
        </section>
    }
}

thread_local! {
    /// How the page saves a session ([`Study::keep`] on the full board).
    static KEEP: std::cell::Cell<Keep> = const { std::cell::Cell::new(keep_whole) };
    /// The full board's [`Study::save_and_link`].
    static SAVE_AND_LINK: std::cell::Cell<Option<SaveAndLink>> = const { std::cell::Cell::new(None) };
    /// The full board's way of reading a restored game's tree saved apart.
    static RESTORE_TREE: std::cell::Cell<Option<fn(PlayStore)>> = const { std::cell::Cell::new(None) };
}

/// Saves the game as it is now: a large tree apart, written only when it changed.
fn save_session(session: RwSignal<PlaySession>) {
    // A held key keeps the saved game, whose tree is under the other key.
    if storage::held(SESSION_KEY) {
        return;
    }
    // A refusal is said above the page by the storage module; a held key by its own note.
    session.with_untracked(|s| drop(KEEP.get()(s, SESSION_KEY)));
}

/// Whether the game is saved with the link, in a task of its own: a tree of thousands of moves
/// (saving one of 59,000 took 25 ms, with the tree's text kept).
fn saved_later(s: &PlaySession) -> bool {
    s.tree().len() > crate::xiangqi::session::APART_MOVES
}

/// Makes the address bar a link to the game as it is now; a large game (only the full board
/// holds one) is saved first, each step in a task of its own ([`Study::save_and_link`]).
fn link_the_game(session: RwSignal<PlaySession>, linking: StoredValue<bool>) {
    linking.set_value(false);
    match SAVE_AND_LINK.get() {
        Some(save_and_link) if session.with_untracked(saved_later) => save_and_link(session),
        _ => write_link(session),
    }
}

/// Writes the link to the game as it is now in the address bar (replaceState: no reload).
fn write_link(session: RwSignal<PlaySession>) {
    let query = session.with_untracked(PlaySession::share_query);
    let hash = if query.is_empty() {
        "#/play".to_string()
    } else {
        format!("#/play?{query}")
    };
    if let Ok(h) = window().history() {
        let _ = h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&hash));
    }
}

/// Whether the page holds something a reload would not bring back: a piece picked up, a question,
/// the board editor, a game against the computer, an opened library, or saved data in trouble
/// (a key held or a write refused: only this page knows).
fn busy(store: PlayStore) -> bool {
    storage::troubled()
        || store.notices.with(|n| {
            n.iter()
                .any(|n| matches!(n, Note::SavedGameKept | Note::NotReplaced))
        })
        || store.selected.with(Option::is_some)
        || store.confirm.with(Option::is_some)
        || store.mode.get() == Mode::Edit
        || store.computer.with(Option::is_some)
        || store.library.with(|l| !l.is_empty())
}

/// Keyboard: arrows and Home/End step through the game, `f` flips the board, Esc cancels a
/// selection, a question or a message, then leaves projector mode.
fn board_keys(store: PlayStore) {
    let session = store.session;
    let keys = window_event_listener(leptos::ev::keydown, move |ev: web_sys::KeyboardEvent| {
        let typing = ev
            .target()
            .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
            .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"));
        // Ctrl+Z (⌘Z) undoes the last deletion from the tree, as in lichess's study.
        let undo = (ev.ctrl_key() || ev.meta_key()) && !ev.alt_key() && !ev.shift_key();
        if !typing
            && undo
            && ev.key().eq_ignore_ascii_case("z")
            && store.mode.get_untracked() == Mode::Play
        {
            if session.try_update(PlaySession::undo_deletion) == Some(true) {
                store.selected.set(None);
                store.confirm.set(None);
                ev.prevent_default();
            }
            return;
        }
        if typing || ev.ctrl_key() || ev.meta_key() || ev.alt_key() {
            return;
        }
        if key_pressed(store, &ev.key()) {
            store.selected.set(None);
            ev.prevent_default();
        }
    });
    on_cleanup(move || keys.remove());
    // The browser leaves full screen on Esc itself (no keydown reaches the page): follow it.
    let fs = window_event_listener(
        leptos::ev::Custom::new("fullscreenchange"),
        move |_: web_sys::Event| {
            if document().fullscreen_element().is_none() && store.projector.get_untracked() {
                store.projector.set(false);
            }
        },
    );
    on_cleanup(move || fs.remove());
}

/// What a key (not typed in a field, without Ctrl, ⌘ or Alt) does on the page; whether it did
/// anything.
fn key_pressed(store: PlayStore, key: &str) -> bool {
    let session = store.session;
    let editing = store.mode.get_untracked() == Mode::Edit;
    match key {
        "Escape" => {
            // The format a file was read as is a remark, not something to cancel.
            let busy = store.selected.get_untracked().is_some()
                || store.confirm.get_untracked().is_some()
                || store
                    .message
                    .with_untracked(|m| m.as_ref().is_some_and(|m| !matches!(m, Note::ReadAs(..))));
            store.selected.set(None);
            store.confirm.set(None);
            store.message.set(None);
            if !busy && store.projector.get_untracked() {
                store.set_projector(false);
            }
            true
        }
        _ if editing => false,
        "ArrowLeft" => {
            session.update(|s| {
                s.back();
            });
            true
        }
        "ArrowRight" => {
            session.update(|s| {
                s.forward();
            });
            true
        }
        "Home" => {
            session.update(|s| s.go_to(0));
            true
        }
        // Among the moves played at this point: the main one and its variations.
        "ArrowUp" => session.try_update(|s| s.to_sibling(-1)).unwrap_or(false),
        "ArrowDown" => session.try_update(|s| s.to_sibling(1)).unwrap_or(false),
        "End" => {
            session.update(|s| s.go_to(usize::MAX));
            true
        }
        "f" | "F" => {
            store.flip();
            true
        }
        _ => false,
    }
}

/// Banners: a bad link, a corrupt save, an import that failed; each dismissible.
#[component]
fn Notices() -> impl IntoView {
    let store = use_play();
    let lang = use_lang();
    view! {
        {move || store.notices.get().into_iter().enumerate().map(|(i, n)| (i, n == Note::SavedGameKept, n)).map(|(i, kept, n)| view! {
            <p class="error notice" data-testid="notice" role="alert">
                <span>{move || n.say(lang.get())}</span>
                {kept.then(|| view! {
                    <button class="link-button" data-testid="open-saved-game" on:click=move |_| {
                        storage::release(SESSION_KEY);
                        if let Some(saved) = storage::load_with(SESSION_KEY, PlaySession::from_json) {
                            store.session.set(saved);
                            store.selected.set(None);
                        }
                        store.notices.update(|v| v.retain(|n| *n != Note::SavedGameKept));
                    }>{tr(words::OPEN_THE_SAVED_GAME)}</button>
                })}
                <button class="link-button" on:click=move |_| store.notices.update(|v| { if i < v.len() { v.remove(i); } })>
                    {tr(words::DISMISS)}
                </button>
            </p>
        }).collect_view()}
    }
}

/// The board, or the editor while setting up a position.
#[component]
fn BoardArea() -> impl IntoView {
    let store = use_play();
    let session = store.session;
    let selected = store.selected;
    let shown = Memo::new(move |_| session.with(|s| s.shown().clone()));
    let setup = Memo::new(move |_| shown.with(|p| p.to_setup()));
    let check = Memo::new(move |_| shown.with(|p| p.is_check().then(|| p.king(p.turn()))));
    let targets = Memo::new(move |_| {
        selected
            .get()
            .map(|sq| shown.with(|p| p.legal_moves_from(sq).iter().map(|m| m.to).collect()))
            .unwrap_or_default()
    });
    let last_move = Memo::new(move |_| session.with(|s| s.last_move().map(|m| (m.from, m.to))));
    let over = Memo::new(move |_| session.with(|s| s.at_end() && s.is_over()));
    let looks = looks(store);
    let on_point = Callback::new(move |sq: Square| {
        shown.with_untracked(|pos| point_pressed(store, pos, over.get_untracked(), sq))
    });
    let on_drag = Callback::new(move |(from, to): (Square, Square)| {
        if !over.get_untracked() {
            store.enter(Move::new(from, to), false);
        }
    });
    // The drawings kept on the move shown come back when it is shown again.
    let kept_marks = Memo::new(move |_| {
        session.with(|s| {
            s.tree()
                .node(s.cursor())
                .map(study::marks_of)
                .unwrap_or_default()
        })
    });
    Effect::new(move || store.marks.set(kept_marks.get()));
    let on_marks = Callback::new(move |m: Vec<Mark>| study::keep_marks(store, m));
    let study = use_context::<Option<Study>>().flatten();
    let on_drop = move |ev: web_sys::DragEvent| dropped(store, study, ev);
    view! {
        <Show
            when=move || store.mode.get() == Mode::Edit
            fallback=move || view! {
                <div class="board-wrap" class:over=over data-over=move || over.get().then_some("true")
                    on:dragover=move |ev: web_sys::DragEvent| ev.prevent_default()
                    on:drop=on_drop>
                    {move || over.get().then(|| view! { <BoardOver /> })}
                    <Board
                        setup=setup
                        check=check
                        looks=looks
                        selected=selected
                        targets=targets
                        last_move=last_move
                        on_point=on_point
                        on_drag=on_drag
                        marks=store.marks
                        on_marks=on_marks
                    />
                </div>
            }
        >
            {study.map(|s| (s.editor)())}
        </Show>
    }
}

/// A press on point `sq` of the board showing `pos`: chooses the piece of the side to move,
/// drops the choice when pressed again, or enters the move from the chosen point; says why not
/// when the game is `over` or the piece is the other side's.
fn point_pressed(store: PlayStore, pos: &Position, over: bool, sq: Square) {
    if over {
        store.message.set(Some(Note::GameOver));
        return;
    }
    match press(pos, store.selected.get_untracked(), sq) {
        Press::LetGo => store.selected.set(None),
        Press::Choose(sq) => {
            store.selected.set(Some(sq));
            store.message.set(None);
        }
        Press::Try(m) => store.enter(m, false),
        Press::NotYourTurn(side) => store.message.set(Some(Note::NotYourTurn(side))),
        Press::Nothing => {}
    }
}

/// A file dropped on the board opens with the study tools (where the bundle has them).
fn dropped(store: PlayStore, study: Option<Study>, ev: web_sys::DragEvent) {
    ev.prevent_default();
    // The drop's `dataTransfer.files`, read without the DragEvent bindings.
    let files = js_sys::Reflect::get(&ev, &"dataTransfer".into())
        .and_then(|d| js_sys::Reflect::get(&d, &"files".into()))
        .ok()
        .and_then(|f| wasm_bindgen::JsCast::dyn_into::<web_sys::FileList>(f).ok());
    if let Some(f) = files.and_then(|f| f.get(0)) {
        if let Some(s) = study {
            (s.open_dropped)(store, &f);
        }
    }
}

/// Over the board once the game is over: the verdict's headline, or the end the game file records.
#[component]
fn BoardOver() -> impl IntoView {
    let session = use_play().session;
    let lang = use_lang();
    let text = move || {
        session.with(|s| match s.game().verdict() {
            Some(v) => Some(Headline(v).say(lang.get())),
            None => s.recorded_end().map(|e| e.say(lang.get())),
        })
    };
    view! { <div class="board-over" data-testid="board-over" role="presentation">{text}</div> }
}

/// How the board is drawn, from the settings.
fn looks(store: PlayStore) -> Memo<Looks> {
    Memo::new(move |_| {
        let s = store.settings.get();
        Looks {
            flipped: s.flipped,
            animate: s.animate,
            far_upside_down: s.far_upside_down,
        }
    })
}

/// The position editor in place of the board.
#[component]
fn PositionEditor() -> impl IntoView {
    let store = use_play();
    let start = store.session.with_untracked(|s| s.shown().to_setup());
    view! {
        <Editor
            start=start
            looks=looks(store)
            on_done=Callback::new(move |pos: Position| {
                store.replace(PlaySession::from_position(pos));
                store.mode.set(Mode::Play);
            })
            on_cancel=Callback::new(move |_| store.mode.set(Mode::Play))
        />
    }
}

/// The side panel's second column: the computer and the review, the board view, sharing.
#[component]
fn SecondColumn() -> impl IntoView {
    let store = use_play();
    let session = store.session;
    let notation = Signal::derive(move || store.settings.get().notation);
    view! {
        <div class="panel-column">
        <section class="panel-group engine-group" aria-label=tr(words::COMPUTER)>
            <h2 class="group-title">{tr(words::COMPUTER)}</h2>
            <EnginePanel
                session=session
                marks=store.marks
                computer=store.computer
                note=store.note
                notation=notation
            />
            <ReviewPanel session=session marks=store.marks notation=notation />
        </section>
        <section class="panel-group view-group" aria-label=tr(words::BOARD_VIEW)>
            <h2 class="group-title">{tr(words::BOARD_VIEW)}</h2>
            <ViewOptions />
            <GameSettings />
        </section>
        <section class="panel-group share-group" aria-label=tr(words::SHARING)>
            <h2 class="group-title">{tr(words::SHARING)}</h2>
            <ShareGroup />
        </section>
        <explorer::ExplorerPanel />
        </div>
    }
}

/// The question waiting for an answer, with yes and no.
#[component]
fn ConfirmBox() -> impl IntoView {
    let store = use_play();
    let lang = use_lang();
    move || {
        store.confirm.get().map(|c| {
            // Playing from an earlier position: a new variation is the default (first, primary,
            // focused, Enter takes it); the cut says what it deletes and can be undone.
            let variation = NodeRef::<leptos::html::Button>::new();
            Effect::new(move || {
                if let Some(b) = variation.get() {
                    let _ = b.focus();
                }
            });
            view! {
                <div class="confirm" role="alertdialog" data-testid="confirm" data-kind=format!("{c:?}")>
                    <p>{move || c.say(lang.get())}</p>
                    {match c {
                        Confirm::Cut(m, n) => view! {
                            <button class="primary" data-testid="confirm-variation" node_ref=variation on:click=move |_| store.branch(m)>{tr(words::NEW_VARIATION)}</button>
                            <button class="danger" data-testid="confirm-yes" on:click=move |_| store.confirmed(c)>{move || words::DeleteLater(n).say(lang.get())}</button>
                        }.into_any(),
                        _ => view! {
                            <button class="primary" data-testid="confirm-yes" on:click=move |_| store.confirmed(c)>{tr(words::YES)}</button>
                        }.into_any(),
                    }}
                    <button data-testid="confirm-no" on:click=move |_| store.confirm.set(None)>{tr(words::CANCEL)}</button>
                </div>
            }
        })
    }
}

/// The panel beside the board, grouped by what the user is doing: the game, the record, the
/// board view and sharing. Common actions are large; rare ones sit in menus.
#[component]
fn SidePanel() -> impl IntoView {
    let store = use_play();
    let session = store.session;
    // Read at every frame by the faces: a memo is borrowed, not cloned per read. The fallback is
    // never drawn (the faces show only when the game has a clock).
    let game_clock = Memo::new(move |_| {
        session
            .with(|s| s.clock().cloned())
            .unwrap_or_else(|| Clock::from_preset(Preset::Fischer15_10))
    });
    view! {
        <aside class="side-panel no-print" aria-label=tr(words::GAME_PANEL)>
            {study_part(|s| s.projector_comment)}
            // Two columns where the screen is wide: the computer's group then sits beside the game's.
            <div class="panel-column">
            <section class="panel-group game-group" aria-label=tr(words::GAME)>
                <h2 class="group-title">{tr(words::GAME)}</h2>
                <Show when=move || session.with(|s| s.clock().is_some())>
                    <div class="play-clock" data-testid="play-clock">
                        <ClockFaces
                            clock=game_clock
                            on_flag=Callback::new(move |_| session.update(|s| { s.tick(now_ms()); }))
                        />
                    </div>
                </Show>
                <GameStatus />
                <ConfirmBox />
                <DrawAndResign />
            </section>
            <section class="panel-group record-group" aria-label=tr(words::RECORD)>
                <h2 class="group-title">{tr(words::RECORD)}</h2>
                <MoveList />
                <StepControls />
                {study_part(|s| s.record)}
            </section>
            </div>
            {study_part_or(|s| s.column, || view! { <engine_panel::EngineWaiting /> }.into_any())}
        </aside>
    }
}
