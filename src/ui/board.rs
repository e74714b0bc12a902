//! The board: drawn lines (river, palaces) under 90 clickable points that hold the pieces.
//!
//! Test contract: `[data-testid=board]` holds 90 points with `data-square` (ICCS, `e0`) and,
//! where a piece stands, `data-piece` (its FEN letter).

use crate::core::{Color, Position, Square};
use leptos::prelude::*;

/// Board geometry in SVG units: 100 between lines, a margin for the file numbers.
const STEP: f64 = 100.0;
const MARGIN: f64 = 90.0;
const WIDTH: f64 = 8.0 * STEP + 2.0 * MARGIN;
const HEIGHT: f64 = 9.0 * STEP + 2.0 * MARGIN;

/// Where a point is drawn, in percent of the board box, with Red at the bottom unless flipped.
fn point_percent(sq: Square, flipped: bool) -> (f64, f64) {
    let (f, r) = if flipped {
        (8 - sq.file(), sq.rank())
    } else {
        (sq.file(), 9 - sq.rank())
    };
    let x = (MARGIN + f as f64 * STEP) / WIDTH * 100.0;
    let y = (MARGIN + r as f64 * STEP) / HEIGHT * 100.0;
    (x, y)
}

/// The static drawing: grid, river, palace diagonals and file numbers for both sides.
#[component]
fn BoardLines(flipped: Signal<bool>) -> impl IntoView {
    let x = |f: u8| MARGIN + f as f64 * STEP;
    let y = |r: u8| MARGIN + r as f64 * STEP;
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
    const RED_FILES: [&str; 9] = ["九", "八", "七", "六", "五", "四", "三", "二", "一"];
    const BLACK_FILES: [&str; 9] = ["1", "2", "3", "4", "5", "6", "7", "8", "9"];
    let labels = move || {
        let flip = flipped.get();
        (0..9u8)
            .map(|col| {
                // Column `col` on screen; Red counts files from its right, Black from its right.
                let file = if flip { 8 - col } else { col };
                let (bottom, top) = if flip {
                    (BLACK_FILES[file as usize], RED_FILES[file as usize])
                } else {
                    (RED_FILES[file as usize], BLACK_FILES[file as usize])
                };
                view! {
                    <text class="file-label" x=x(col) y=MARGIN * 0.45>{top}</text>
                    <text class="file-label" x=x(col) y=HEIGHT - MARGIN * 0.2>{bottom}</text>
                }
            })
            .collect_view()
    };
    view! {
        <svg class="board-lines" viewBox=format!("0 0 {WIDTH} {HEIGHT}") aria-hidden="true" preserveAspectRatio="none">
            <rect class="board-edge" x=MARGIN - 12.0 y=MARGIN - 12.0 width=8.0 * STEP + 24.0 height=9.0 * STEP + 24.0 />
            {lines
                .into_iter()
                .map(|(x1, y1, x2, y2)| view! { <line x1=x1 y1=y1 x2=x2 y2=y2 /> })
                .collect_view()}
            <text class="river" x=x(2) y=y(4) + STEP * 0.62>"楚 河"</text>
            <text class="river" x=x(6) y=y(4) + STEP * 0.62>"漢 界"</text>
            {labels}
        </svg>
    }
}

/// The board for a position; `on_point` receives every click on a point.
#[component]
pub fn Board(
    position: Signal<Position>,
    #[prop(into)] flipped: Signal<bool>,
    #[prop(into, optional)] selected: Signal<Option<Square>>,
    #[prop(into, optional)] targets: Signal<Vec<Square>>,
    #[prop(into, optional)] last_move: Signal<Option<(Square, Square)>>,
    #[prop(optional)] on_point: Option<Callback<Square>>,
) -> impl IntoView {
    let points = Square::all()
        .map(|sq| {
            let piece = move || position.with(|p| p.piece_at(sq));
            let style = move || {
                let (x, y) = point_percent(sq, flipped.get());
                format!("left:{x:.3}%;top:{y:.3}%")
            };
            let label = move || match piece() {
                Some(p) => format!("{sq} {}{}", p.color.chinese(), p.chinese()),
                None => sq.to_string(),
            };
            let in_check = move || {
                position.with(|p| {
                    piece().is_some_and(|pc| pc.role == crate::core::Role::King && pc.color == p.turn() && p.is_check())
                })
            };
            view! {
                <button
                    class="point"
                    data-square=sq.to_string()
                    data-piece=move || piece().map(|p| p.char().to_string())
                    data-legal=move || targets.with(|t| t.contains(&sq)).then_some("true")
                    class:selected=move || selected.get() == Some(sq)
                    class:last=move || last_move.get().is_some_and(|(a, b)| a == sq || b == sq)
                    class:check=in_check
                    style=style
                    aria-label=label
                    on:click=move |_| {
                        if let Some(cb) = on_point {
                            cb.run(sq);
                        }
                    }
                >
                    {move || piece().map(|p| {
                        let side = if p.color == Color::Red { "piece red" } else { "piece black" };
                        view! { <span class=side aria-hidden="true">{p.chinese().to_string()}</span> }
                    })}
                </button>
            }
        })
        .collect_view();
    view! {
        <div class="board" data-testid="board" role="grid" aria-label="棋盘 board">
            <BoardLines flipped=flipped />
            {points}
        </div>
    }
}
