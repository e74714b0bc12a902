//! The board: drawn lines (river, palaces, file numbers) under 90 points that hold the pieces.
//!
//! Test contract: `[data-testid=board]` holds 90 points with `data-square` (ICCS, `e0`), where a
//! piece stands `data-piece` (its FEN letter), and after a selection `data-legal="true"` on the
//! legal destinations, and `data-last="true"` on both points of the last move. Points are buttons:
//! click or keyboard selects, pointer drag moves, a right-drag draws an arrow (or a circle when it
//! ends where it began) in green, red with Shift, blue with Alt or Ctrl, yellow with Shift+Alt;
//! drawing the same mark again removes it (`[data-testid=mark]` with `data-brush`). Pieces are
//! SVG, so the character keeps its place inside the rim at every size.

use super::browser::decimal;
use super::words;
use crate::lang::Say;
use crate::xiangqi::{Color, Setup, Square};
use leptos::prelude::*;

/// Board geometry in SVG units: 100 between lines, a margin for the file numbers. Whole numbers,
/// so the drawing needs no float formatting (`super::browser::decimal`).
const STEP: i32 = 100;
const MARGIN: i32 = 90;
const WIDTH: i32 = 8 * STEP + 2 * MARGIN;
const HEIGHT: i32 = 9 * STEP + 2 * MARGIN;

/// The colour of a mark, chosen by the modifier keys held while drawing (as on lichess).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Brush {
    /// No modifier.
    Green,
    /// Shift.
    Red,
    /// Alt or Ctrl.
    Blue,
    /// Shift and Alt (or Ctrl).
    Yellow,
}

impl Brush {
    fn from_keys(shift: bool, alt: bool) -> Brush {
        match (shift, alt) {
            (false, false) => Brush::Green,
            (true, false) => Brush::Red,
            (false, true) => Brush::Blue,
            (true, true) => Brush::Yellow,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Brush::Green => "green",
            Brush::Red => "red",
            Brush::Blue => "blue",
            Brush::Yellow => "yellow",
        }
    }
}

/// How thick an arrow of ranked lines is drawn: the better the line, the heavier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Weight {
    /// The best line.
    Heavy,
    /// The second.
    Middle,
    /// The third and beyond.
    Light,
}

impl Weight {
    /// The weight of the line of this rank (0 for the best).
    pub fn of_rank(rank: usize) -> Weight {
        match rank {
            0 => Weight::Heavy,
            1 => Weight::Middle,
            _ => Weight::Light,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Weight::Heavy => "heavy",
            Weight::Middle => "middle",
            Weight::Light => "light",
        }
    }
}

/// A teacher's mark on the board: an arrow between two points or a circle on one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// An arrow from the first point to the second.
    Arrow(Square, Square, Brush),
    /// A circle around a point.
    Circle(Square, Brush),
    /// An arrow of a given weight (the computer's lines, best heaviest).
    Weighted(Square, Square, Brush, Weight),
}

impl Mark {
    /// The same mark in any colour: drawing it again removes it, in another colour recolours it.
    fn place(self) -> (Square, Option<Square>) {
        match self {
            Mark::Arrow(a, b, _) | Mark::Weighted(a, b, _, _) => (a, Some(b)),
            Mark::Circle(a, _) => (a, None),
        }
    }
}

/// How the pieces are drawn: the characters, western-style symbols for players coming from
/// chess, or high contrast for projectors and low vision.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PieceSet {
    /// The traditional characters.
    #[default]
    Traditional,
    /// Chess-like symbols (rook for the chariot, knight for the horse ...), from a sprite file
    /// fetched only when chosen.
    Western,
    /// Characters in bold on solid (red) or outlined (black) discs; a stylesheet rule only.
    Contrast,
}

impl PieceSet {
    /// Every set, in the chooser's order.
    pub const ALL: [PieceSet; 3] = [PieceSet::Traditional, PieceSet::Western, PieceSet::Contrast];

    /// The id stored and set on the page (`data-pieces`).
    pub const fn id(self) -> &'static str {
        match self {
            PieceSet::Traditional => "traditional",
            PieceSet::Western => "western",
            PieceSet::Contrast => "contrast",
        }
    }

    /// The set with this id.
    pub fn from_id(id: &str) -> Option<PieceSet> {
        PieceSet::ALL.into_iter().find(|s| s.id() == id)
    }
}

/// Where the chosen piece set is remembered.
pub const PIECE_SET_KEY: &str = "xq.pieces";

thread_local! {
    static PIECE_SET: ArcRwSignal<PieceSet> = {
        let set = super::storage::get(PIECE_SET_KEY)
            .and_then(|id| PieceSet::from_id(&id))
            .unwrap_or_default();
        // The stylesheet draws the high-contrast set by this mark, on every page with a board.
        if let Some(el) = document().document_element() {
            let _ = el.set_attribute("data-pieces", set.id());
        }
        ArcRwSignal::new(set)
    };
}

/// The piece set every board draws with (one for the whole app).
pub fn piece_set() -> ArcRwSignal<PieceSet> {
    PIECE_SET.with(Clone::clone)
}

/// A piece drawn as SVG: a disc, an inner ring and the character sized to the rim, or the
/// western set's symbol (an external sprite, so the first download does not carry it).
#[component]
pub fn PieceFace(piece: crate::xiangqi::Piece, class: String) -> impl IntoView {
    let set = piece_set();
    let glyph = move || {
        if set.get() == PieceSet::Western {
            let id = piece.role.char();
            view! { <use href=format!("public/pieces-western.svg#{id}") width="100" height="100" /> }.into_any()
        } else {
            view! { <text x="50" y="53" text-anchor="middle" dominant-baseline="central">{piece.chinese().to_string()}</text> }.into_any()
        }
    };
    view! {
        <svg class=class viewBox="0 0 100 100" aria-hidden="true">
            <circle class="disc" cx="50" cy="50" r="47" />
            <circle class="ring" cx="50" cy="50" r="39" />
            {glyph}
        </svg>
    }
}

/// Screen column and row (0-based from the top left) of a point, Red at the bottom unless flipped.
fn screen_cell(sq: Square, flipped: bool) -> (u8, u8) {
    if flipped {
        (8 - sq.file(), sq.rank())
    } else {
        (sq.file(), 9 - sq.rank())
    }
}

/// The point drawn at a screen column and row.
fn square_at_cell(col: i32, row: i32, flipped: bool) -> Option<Square> {
    if !(0..9).contains(&col) || !(0..10).contains(&row) {
        return None;
    }
    let (f, r) = if flipped {
        (8 - col, row)
    } else {
        (col, 9 - row)
    };
    Square::new(f as u8, r as u8)
}

/// The centre of a point in SVG units.
fn svg_xy(sq: Square, flipped: bool) -> (i32, i32) {
    let (c, r) = screen_cell(sq, flipped);
    (MARGIN + c as i32 * STEP, MARGIN + r as i32 * STEP)
}

/// The static drawing: grid, river, palace diagonals and file numbers for both sides.
#[component]
fn BoardLines(flipped: Signal<bool>) -> impl IntoView {
    let x = |f: u8| MARGIN + f as i32 * STEP;
    let y = |r: u8| MARGIN + r as i32 * STEP;
    let mut lines = Vec::new();
    for r in 0..10u8 {
        lines.push((x(0), y(r), x(8), y(r)));
    }
    for f in 0..9u8 {
        if f == 0 || f == 8 {
            lines.push((x(f), y(0), x(f), y(9)));
        } else {
            lines.push((x(f), y(0), x(f), y(4)));
            lines.push((x(f), y(5), x(f), y(9)));
        }
    }
    for (top, bottom) in [(0u8, 2u8), (7, 9)] {
        lines.push((x(3), y(top), x(5), y(bottom)));
        lines.push((x(5), y(top), x(3), y(bottom)));
    }
    // Red numbers its files 一…九 from its own right, Black 1…9 from its own right (article 7.5).
    use words::RED_FILES;
    const BLACK_FILES: [&str; 9] = ["1", "2", "3", "4", "5", "6", "7", "8", "9"];
    let labels = move || {
        let flip = flipped.get();
        (0..9u8)
            .map(|col| {
                let file = if flip { 8 - col } else { col } as usize;
                let (top, bottom) = if flip {
                    (RED_FILES[file], BLACK_FILES[file])
                } else {
                    (BLACK_FILES[file], RED_FILES[file])
                };
                view! {
                    <text class="file-label" x=x(col) y="37.8">{top}</text>
                    <text class="file-label" x=x(col) y=HEIGHT - 8>{bottom}</text>
                }
            })
            .collect_view()
    };
    view! {
        <svg class="board-lines" viewBox=format!("0 0 {WIDTH} {HEIGHT}") aria-hidden="true">
            <rect class="board-edge" x=MARGIN - 14 y=MARGIN - 14 width=8 * STEP + 28 height=9 * STEP + 28 />
            {lines.into_iter().map(|(x1, y1, x2, y2)| view! { <line x1=x1 y1=y1 x2=x2 y2=y2 /> }).collect_view()}
            <text class="river" x=x(2) y=y(4) + STEP * 64 / 100>{words::RIVER_LEFT}</text>
            <text class="river" x=x(6) y=y(4) + STEP * 64 / 100>{words::RIVER_RIGHT}</text>
            {labels}
        </svg>
    }
}

/// Arrows and circles over the board.
#[component]
fn MarksLayer(marks: RwSignal<Vec<Mark>>, flipped: Signal<bool>) -> impl IntoView {
    let brushes = [Brush::Green, Brush::Red, Brush::Blue, Brush::Yellow];
    view! {
        <svg class="board-marks" viewBox=format!("0 0 {WIDTH} {HEIGHT}") aria-hidden="true">
            <defs>
                {brushes.into_iter().map(|b| view! {
                    <marker id=format!("arrowhead-{}", b.name()) class=format!("brush-{}", b.name()) viewBox="0 0 10 10" refX="5" refY="5" markerWidth="3" markerHeight="3" orient="auto-start-reverse">
                        <path d="M 0 0 L 10 5 L 0 10 z" />
                    </marker>
                }).collect_view()}
            </defs>
            {move || {
                let flip = flipped.get();
                marks
                    .get()
                    .into_iter()
                    .map(|m| match m {
                        Mark::Arrow(a, b, brush) | Mark::Weighted(a, b, brush, _) => {
                            let weight = match m {
                                Mark::Weighted(_, _, _, w) => format!(" weight-{}", w.name()),
                                _ => String::new(),
                            };
                            let (x1, y1) = svg_xy(a, flip);
                            let (x2, y2) = svg_xy(b, flip);
                            let (dx, dy) = ((x2 - x1) as f64, (y2 - y1) as f64);
                            let len = (dx * dx + dy * dy).sqrt().max(1.0);
                            let (ex, ey) = (decimal(x2 as f64 - dx / len * 30.0, 1), decimal(y2 as f64 - dy / len * 30.0, 1));
                            view! { <line data-testid="mark" data-from=a.to_string() data-to=b.to_string() data-brush=brush.name()
                                class=format!("mark-arrow brush-{}{weight}", brush.name()) x1=x1 y1=y1 x2=ex y2=ey
                                marker-end=format!("url(#arrowhead-{})", brush.name()) /> }.into_any()
                        }
                        Mark::Circle(s, brush) => {
                            let (cx, cy) = svg_xy(s, flip);
                            view! { <circle data-testid="mark" data-from=s.to_string() data-brush=brush.name()
                                class=format!("mark-circle brush-{}", brush.name()) cx=cx cy=cy r="50" /> }.into_any()
                        }
                    })
                    .collect_view()
            }}
        </svg>
    }
}

/// The square under a pointer event, from the board's box.
fn square_from_event(board: &web_sys::Element, x: f64, y: f64, flipped: bool) -> Option<Square> {
    let rect = board.get_bounding_client_rect();
    if rect.width() <= 0.0 || rect.height() <= 0.0 {
        return None;
    }
    let sx = (x - rect.left()) / rect.width() * WIDTH as f64;
    let sy = (y - rect.top()) / rect.height() * HEIGHT as f64;
    let col = ((sx - MARGIN as f64) / STEP as f64).round() as i32;
    let row = ((sy - MARGIN as f64) / STEP as f64).round() as i32;
    square_at_cell(col, row, flipped)
}

/// How the board looks, beyond the position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Looks {
    /// Black at the bottom.
    pub flipped: bool,
    /// Animate the last move.
    pub animate: bool,
    /// Draw the far side's characters upside down, as on a real table.
    pub far_upside_down: bool,
}

/// What the parts of the board share: the props it was given and its own pointer and focus state.
#[derive(Clone, Copy)]
struct Shared {
    setup: Signal<Setup>,
    check: Signal<Option<Square>>,
    looks: Signal<Looks>,
    flipped: Signal<bool>,
    selected: Signal<Option<Square>>,
    targets: Signal<Vec<Square>>,
    last_move: Signal<Option<(Square, Square)>>,
    on_point: Option<Callback<Square>>,
    on_drag: Option<Callback<(Square, Square)>>,
    on_marks: Option<Callback<Vec<Mark>>>,
    on_erase: Option<Callback<Square>>,
    drag_any: bool,
    marks: RwSignal<Vec<Mark>>,
    board_ref: NodeRef<leptos::html::Div>,
    /// A left drag in progress: origin, the pointer position, whether it has moved yet.
    drag: RwSignal<Option<(Square, f64, f64, bool)>>,
    /// Where a right drag (an arrow being drawn) began.
    right_from: RwSignal<Option<Square>>,
    /// Roving focus: the one cell reachable by Tab (screen column and row), moved by the arrows.
    focus: RwSignal<(u8, u8)>,
    lang: RwSignal<super::i18n::Lang>,
}

impl Shared {
    /// The point under a pointer event.
    fn square_at(self, ev: &web_sys::PointerEvent) -> Option<Square> {
        let el = self.board_ref.get()?;
        square_from_event(
            &el,
            ev.client_x() as f64,
            ev.client_y() as f64,
            self.flipped.get_untracked(),
        )
    }

    /// A click (or Enter) on a point: drawings go, the page decides what the point means.
    fn point(self, sq: Square) {
        self.marks.set(Vec::new());
        if let Some(cb) = self.on_point {
            cb.run(sq);
        }
    }

    fn pointer_down(self, ev: web_sys::PointerEvent) {
        let Some(sq) = self.square_at(&ev) else {
            return;
        };
        if ev.button() == 2 {
            match self.on_erase {
                Some(erase) => erase.run(sq),
                None => self.right_from.set(Some(sq)),
            }
            return;
        }
        if ev.button() != 0 || self.on_drag.is_none() {
            return;
        }
        let movable = self.setup.with_untracked(|p| {
            p.piece_at(sq)
                .is_some_and(|pc| self.drag_any || pc.color == p.turn)
        });
        if movable {
            let (x, y) = (ev.client_x() as f64, ev.client_y() as f64);
            self.drag.set(Some((sq, x, y, false)));
        }
    }

    fn pointer_move(self, ev: web_sys::PointerEvent) {
        if let Some((sq, x0, y0, moved)) = self.drag.get_untracked() {
            let (x, y) = (ev.client_x() as f64, ev.client_y() as f64);
            if moved || (x - x0).abs() + (y - y0).abs() > 6.0 {
                self.drag.set(Some((sq, x, y, true)));
            }
        }
    }

    fn pointer_up(self, ev: web_sys::PointerEvent) {
        let at = self.square_at(&ev);
        if ev.button() == 2 {
            if let (Some(a), Some(b)) = (self.right_from.get_untracked(), at) {
                let brush = Brush::from_keys(ev.shift_key(), ev.alt_key() || ev.ctrl_key());
                self.draw(if a == b {
                    Mark::Circle(a, brush)
                } else {
                    Mark::Arrow(a, b, brush)
                });
            }
            self.right_from.set(None);
            return;
        }
        if let Some((from, _, _, true)) = self.drag.get_untracked() {
            if let (Some(to), Some(cb)) = (at, self.on_drag) {
                if to != from {
                    cb.run((from, to));
                }
            }
        }
        self.drag.set(None);
    }

    /// Adds a drawing, replaces one of another colour in its place, or removes the same one.
    fn draw(self, mark: Mark) {
        self.marks
            .update(|m| match m.iter().position(|x| x.place() == mark.place()) {
                Some(i) if m[i] == mark => {
                    m.remove(i);
                }
                Some(i) => m[i] = mark,
                None => m.push(mark),
            });
        if let Some(cb) = self.on_marks {
            cb.run(self.marks.get_untracked());
        }
    }

    /// Arrows move the focus, Home/End to the row's ends, Enter or Space picks and places; the
    /// page's own arrow keys (stepping through the game) are not reached from inside the grid.
    fn key(self, ev: web_sys::KeyboardEvent) {
        if ev.ctrl_key() || ev.meta_key() || ev.alt_key() {
            return;
        }
        let (c, r) = self.focus.get_untracked();
        let next = match ev.key().as_str() {
            "ArrowLeft" => (c.saturating_sub(1), r),
            "ArrowRight" => ((c + 1).min(8), r),
            "ArrowUp" => (c, r.saturating_sub(1)),
            "ArrowDown" => (c, (r + 1).min(9)),
            "Home" => (0, r),
            "End" => (8, r),
            "Enter" | " " => {
                ev.prevent_default();
                ev.stop_propagation();
                let sq = square_at_cell(c as i32, r as i32, self.flipped.get_untracked());
                if let (Some(_), Some(sq)) = (self.on_point, sq) {
                    self.point(sq);
                }
                return;
            }
            _ => return,
        };
        ev.prevent_default();
        ev.stop_propagation();
        self.focus.set(next);
        let found = self.board_ref.get_untracked().and_then(|b| {
            b.query_selector(&format!("[data-cell=\"{}-{}\"]", next.0, next.1))
                .ok()
                .flatten()
        });
        if let Some(el) =
            found.and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(e).ok())
        {
            let _ = el.focus();
        }
    }
}

/// The piece being dragged, following the pointer.
fn ghost(b: Shared) -> Option<impl IntoView> {
    let (sq, x, y, moved) = b.drag.get()?;
    if !moved {
        return None;
    }
    let rect = b.board_ref.get()?.get_bounding_client_rect();
    let piece = b.setup.with(|p| p.piece_at(sq))?;
    let left = (x - rect.left()) / rect.width() * 100.0;
    let top = (y - rect.top()) / rect.height() * 100.0;
    let class = if piece.color == Color::Red {
        "piece red"
    } else {
        "piece black"
    };
    Some(view! {
        <span class="ghost" style=format!("left:{}%;top:{}%", decimal(left, 2), decimal(top, 2))>
            <PieceFace piece=piece class=class.to_string() />
        </span>
    })
}

/// The piece on a point, sliding in from where it came if it has just moved.
fn piece_on_point(b: Shared, piece: crate::xiangqi::Piece, sq: Square) -> impl IntoView {
    let l = b.looks.get();
    let far = (piece.color == Color::Black) != l.flipped;
    let mut class = String::from(if piece.color == Color::Red {
        "piece red"
    } else {
        "piece black"
    });
    if l.far_upside_down && far {
        class.push_str(" upside-down");
    }
    let mut style = String::new();
    if let Some((from, to)) = b
        .last_move
        .get_untracked()
        .filter(|(_, to)| l.animate && *to == sq)
    {
        let (fc, fr) = screen_cell(from, l.flipped);
        let (tc, tr) = screen_cell(to, l.flipped);
        style = format!(
            "--dx:{};--dy:{}",
            fc as i32 - tc as i32,
            fr as i32 - tr as i32
        );
    }
    let arrive = !style.is_empty();
    view! { <span class="piece-slot" style=style class:arrive=arrive><PieceFace piece=piece class=class /></span> }
}

/// What a point shows besides its piece: the attributes its element carries.
#[derive(Clone, Debug, PartialEq)]
struct PointLook {
    square: Square,
    piece: Option<crate::xiangqi::Piece>,
    selected: bool,
    last: bool,
    legal: bool,
    check: bool,
    dragging: bool,
    focused: bool,
    label: String,
}

impl PointLook {
    /// Writes the look on the point's element `el`.
    fn paint(&self, el: &web_sys::Element) {
        let mut class = String::from("point");
        for (on, name) in [
            (self.selected, " selected"),
            (self.last, " last"),
            (self.check, " check"),
            (self.dragging, " dragging"),
        ] {
            if on {
                class.push_str(name);
            }
        }
        el.set_class_name(&class);
        let flag = |on: bool| on.then_some("true");
        let piece = self.piece.map(|p| p.char().to_string());
        for (name, value) in [
            ("data-square", Some(self.square.to_string().as_str())),
            ("data-piece", piece.as_deref()),
            ("data-legal", flag(self.legal)),
            ("data-last", flag(self.last)),
            ("tabindex", Some(if self.focused { "0" } else { "-1" })),
            ("aria-label", Some(self.label.as_str())),
            (
                "aria-selected",
                Some(if self.selected { "true" } else { "false" }),
            ),
        ] {
            let _ = match value {
                Some(v) => el.set_attribute(name, v),
                None => el.remove_attribute(name),
            };
        }
    }
}

/// One of the 90 points, at a screen column and row: its own square with Red below, the mirrored
/// one when flipped. What it shows is one memo written on its element by one effect: ninety
/// points with a dozen reactive attributes each were most of a page's first task.
fn point(b: Shared, col: u8, row: u8, base: Square, mirror: Square) -> impl IntoView {
    let lang = b.lang;
    let flipped = b.flipped;
    let sq = move || if flipped.get() { mirror } else { base };
    let piece = Memo::new(move |_| {
        let s = sq();
        b.setup.with(|p| p.piece_at(s))
    });
    let look = Memo::new(move |_| {
        let square = sq();
        let piece = piece.get();
        let selected = b.selected.get() == Some(square);
        let last = (b.last_move.get()).is_some_and(|(a, c)| a == square || c == square);
        let legal = b.targets.with(|t| t.contains(&square));
        let check = b.check.get() == Some(square);
        // The piece and point in words; what the board shows by colour is said too.
        let l = lang.get();
        let mut label = crate::xiangqi::notation::typed::point_name(piece, square, l);
        for (on, text) in [
            (selected, words::SELECTED),
            (legal, words::A_LEGAL_MOVE),
            (check, words::IN_CHECK),
            (last, words::LAST_MOVE),
        ] {
            if on {
                label.push_str(text.get(l));
            }
        }
        PointLook {
            square,
            piece,
            selected,
            last,
            legal,
            check,
            dragging: (b.drag.get()).is_some_and(|(s, _, _, moved)| s == square && moved),
            focused: b.focus.get() == (col, row),
            label,
        }
    });
    let el = NodeRef::<leptos::html::Div>::new();
    // `try_`: an effect queued as the board is taken down must not read what went with it.
    Effect::new(move || {
        if let Some(Some(el)) = el.try_get() {
            look.try_with(|l| l.paint(&el));
        }
    });
    let x = f64::from(MARGIN + col as i32 * STEP) / f64::from(WIDTH) * 100.0;
    let y = f64::from(MARGIN + row as i32 * STEP) / f64::from(HEIGHT) * 100.0;
    let style = format!("left:{}%;top:{}%", decimal(x, 3), decimal(y, 3));
    view! {
        <div
            class="point"
            role="gridcell"
            data-cell=format!("{col}-{row}")
            style=style
            node_ref=el
            on:focus=move |_| b.focus.set((col, row))
            // A click leaves the focus where it was, so the page's arrow keys still step
            // through the game; the grid's arrows are for a board reached by Tab.
            on:mousedown=|ev| ev.prevent_default()
            on:click=move |_| b.point(sq())
        >
            {move || piece.get().map(|p| piece_on_point(b, p, sq()))}
        </div>
    }
}

/// The ten rows of points, each named by its rank for a screen reader.
fn rows(b: Shared) -> impl IntoView {
    let lang = b.lang;
    let all: Vec<Square> = Square::all().collect();
    (0..10u8)
        .map(|row| {
            let flipped = b.flipped;
            let rank = move || {
                let r = if flipped.get() { row } else { 9 - row };
                words::Rank(r).say(lang.get())
            };
            let points = (0..9u8)
                .map(|col| {
                    let base = all[usize::from(9 - row) * 9 + usize::from(col)];
                    point(b, col, row, base, all[89 - base.index()])
                })
                .collect_view();
            view! { <div class="board-row" role="row" aria-label=rank>{points}</div> }
        })
        .collect_view()
}

/// The board for a setup (a legal position or one being edited); `on_point` receives clicks,
/// `on_drag` completed drags; `check` is the point of a king in check.
#[component]
pub fn Board(
    #[prop(into)] setup: Signal<Setup>,
    #[prop(into, optional)] check: Signal<Option<Square>>,
    #[prop(into)] looks: Signal<Looks>,
    #[prop(into, optional)] selected: Signal<Option<Square>>,
    #[prop(into, optional)] targets: Signal<Vec<Square>>,
    #[prop(into, optional)] last_move: Signal<Option<(Square, Square)>>,
    #[prop(optional)] on_point: Option<Callback<Square>>,
    #[prop(optional)] on_drag: Option<Callback<(Square, Square)>>,
    #[prop(optional)] marks: Option<RwSignal<Vec<Mark>>>,
    /// Called with the drawings after the user draws or erases one (to keep them with the move).
    #[prop(optional)]
    on_marks: Option<Callback<Vec<Mark>>>,
    /// Any piece may be dragged, whoever is to move (the editor).
    #[prop(optional)]
    drag_any: bool,
    /// A right-click on a point calls this instead of drawing (the editor's eraser).
    #[prop(optional)]
    on_erase: Option<Callback<Square>>,
) -> impl IntoView {
    let b = Shared {
        setup,
        check,
        looks,
        flipped: Signal::derive(move || looks.get().flipped),
        selected,
        targets,
        last_move,
        on_point,
        on_drag,
        on_marks,
        on_erase,
        drag_any,
        marks: marks.unwrap_or_else(|| RwSignal::new(Vec::new())),
        board_ref: NodeRef::new(),
        drag: RwSignal::new(None),
        right_from: RwSignal::new(None),
        focus: RwSignal::new((4, 9)),
        lang: super::i18n::use_lang(),
    };
    view! {
        <div
            class="board"
            data-testid="board"
            // Pieces, river and file numbers are the board's own script in either language.
            translate="no"
            role="grid"
            aria-rowcount="10"
            aria-colcount="9"
            aria-label=super::i18n::tr(words::BOARD_ARROW_KEYS_MOVE)
            node_ref=b.board_ref
            on:pointerdown=move |ev| b.pointer_down(ev)
            on:pointermove=move |ev| b.pointer_move(ev)
            on:pointerup=move |ev| b.pointer_up(ev)
            on:contextmenu=|ev| ev.prevent_default()
            on:keydown=move |ev| b.key(ev)
        >
            <BoardLines flipped=b.flipped />
            {rows(b)}
            <MarksLayer marks=b.marks flipped=b.flipped />
            {move || ghost(b)}
        </div>
    }
}
