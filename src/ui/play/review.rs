//! "全局分析 / Analyse the game": the engine reviews every position of the main line in its Web
//! Worker (a progress bar, cancellable), then the page shows the score graph from Red's side, each
//! side's inaccuracies, mistakes and blunders, and for each the better move and its line.
//!
//! The review's result lives in a [`GameTree`] annotated by [`review::annotate`] (evaluations,
//! marks, arrows, the engine's lines as variations), exported with `[%eval …]` so that it is not
//! recomputed; the judging and the PGN are the core's, this file only wires them to the page.

use super::engine_panel::EngineNote;
use super::words;
use crate::engine::job::WORKER_READY;
use crate::engine::review::{
    self, Analysis, Judgement, ReviewReport, ReviewRequest, Summary, DEFAULT_LIMITS,
};
use crate::lang::Say;
use crate::lang::Text;
use crate::ui::board::{Brush, Mark};
use crate::ui::files::download;
use crate::ui::i18n::{tr, use_lang, Lang};
use crate::xiangqi::notation::pgn::write_tree;
use crate::xiangqi::notation::{self, Notation};
use crate::xiangqi::session::PlaySession;
use crate::xiangqi::tree::GameTree;
use crate::xiangqi::{Color, Move};
use leptos::prelude::*;
use wasm_bindgen::{closure::Closure, JsCast, JsValue};

/// Where the review is.
#[derive(Clone, Debug, PartialEq)]
enum State {
    Idle,
    /// `k` of `n` positions searched.
    Running(usize, usize),
    Failed(EngineNote),
}

/// A review under way: the main line it is for and the analyses received so far.
type Pending = (Vec<Move>, Vec<(usize, Analysis)>);

#[derive(Clone, Copy)]
struct Ctx {
    session: RwSignal<PlaySession>,
    marks: RwSignal<Vec<Mark>>,
    state: RwSignal<State>,
    pending: StoredValue<Option<Pending>, LocalStorage>,
    worker: StoredValue<Option<web_sys::Worker>, LocalStorage>,
    next_id: StoredValue<u64>,
}

/// The moves of the tree's main line.
fn main_moves(t: &GameTree) -> Vec<Move> {
    t.moves_to(t.main_line().last().copied().unwrap_or(t.root()))
}

impl Ctx {
    fn stop(self) {
        if let Some(w) = self.worker.try_update_value(Option::take).flatten() {
            w.terminate();
        }
        self.pending.set_value(None);
    }

    fn fail(self, text: Text) {
        self.stop();
        self.state.set(State::Failed(EngineNote::Fixed(text)));
    }

    fn start(self) {
        self.stop();
        let (tree_start, line, plies) = self.session.with_untracked(|s| {
            let t = s.tree();
            (t.start().clone(), main_moves(t), review::missing(t))
        });
        if plies.is_empty() {
            return self.finish(line, Vec::new());
        }
        let id = self.next_id.get_value() + 1;
        self.next_id.set_value(id);
        let moves = line.iter().map(|m| m.to_string()).collect();
        let request = ReviewRequest {
            review: id,
            fen: tree_start.fen(),
            moves,
            plies: Some(plies.clone()),
            limits: DEFAULT_LIMITS,
            network: true,
        };
        let Ok(text) = serde_json::to_string(&request) else {
            return;
        };
        let Ok(worker) = web_sys::Worker::new("./engine_worker_loader.js") else {
            return self.fail(words::ENGINE_COULD_NOT_START);
        };
        let onmessage =
            Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
                let data = ev.data().as_string().unwrap_or_default();
                if data == WORKER_READY {
                    self.worker.with_value(|w| {
                        if let Some(w) = w {
                            let _ = w.post_message(&JsValue::from_str(&text));
                        }
                    });
                } else if let Ok(r) = serde_json::from_str::<ReviewReport>(&data) {
                    if r.review == id {
                        self.on_report(r);
                    }
                }
            });
        let onerror = Closure::<dyn FnMut(web_sys::Event)>::new(move |_: web_sys::Event| {
            self.fail(words::ENGINE_COULD_NOT_START);
        });
        worker.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
        worker.set_onerror(Some(onerror.as_ref().unchecked_ref()));
        onmessage.forget();
        onerror.forget();
        self.worker.set_value(Some(worker));
        self.pending.set_value(Some((line, Vec::new())));
        self.state.set(State::Running(0, plies.len()));
    }

    fn on_report(self, r: ReviewReport) {
        if let Some(e) = &r.error {
            let note = EngineNote::Refused(e.clone());
            self.stop();
            self.state.set(State::Failed(note));
            return;
        }
        self.pending.update_value(|p| {
            if let (Some((_, got)), Some(a)) = (p.as_mut(), r.analysis()) {
                got.push((r.ply, a));
            }
        });
        self.state.set(State::Running(r.k, r.n));
        if r.is_last() {
            if let Some((line, got)) = self.pending.try_update_value(Option::take).flatten() {
                self.stop();
                self.finish(line, got);
            }
        }
    }

    /// Writes the analyses into the board's own tree (kept, saved and exported with it), unless
    /// its main line changed while the engine worked.
    fn finish(self, line: Vec<Move>, got: Vec<(usize, Analysis)>) {
        let done = self.session.try_update(|s| {
            s.edit_tree(|t| {
                (main_moves(t) == line).then(|| {
                    review::annotate(t, &got);
                })
            })
        });
        match done.flatten() {
            Some(()) => self.state.set(State::Idle),
            None => self.fail(words::THE_MAIN_LINE_CHANGED),
        }
    }

    /// A click in the result: a graph band or a judged move (`data-ply`, `data-best`).
    fn clicked(self, ev: &web_sys::MouseEvent, lang: Lang) {
        let target = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok());
        // A judged move made a position of the teacher's sets (#/train).
        if let Some(el) = target
            .as_ref()
            .and_then(|e| e.closest("[data-set-fen]").ok().flatten())
        {
            let (fen, line) = (
                el.get_attribute("data-set-fen"),
                el.get_attribute("data-set-line"),
            );
            if crate::ui::train::keep_position(
                &fen.unwrap_or_default(),
                &line.unwrap_or_default(),
                lang,
            ) {
                el.set_text_content(Some(words::IN_THE_SET.get(lang)));
            }
            return;
        }
        let Some(el) = target.and_then(|e| e.closest("[data-ply]").ok().flatten()) else {
            return;
        };
        let ply = el.get_attribute("data-ply").and_then(|p| p.parse().ok());
        let best = el
            .get_attribute("data-best")
            .and_then(|m| Move::from_iccs(&m));
        if let Some(ply) = ply {
            self.go_to(ply, best);
        }
    }

    /// Shows the main line's position `ply` (before a judged move, with the better move drawn).
    fn go_to(self, ply: usize, better: Option<Move>) {
        self.session.update(|s| {
            let node = std::iter::once(s.tree().root())
                .chain(s.tree().main_line())
                .nth(ply);
            if let Some(node) = node {
                s.go_to_node(node);
            }
        });
        self.marks.set(
            better
                .map(|m| vec![Mark::Arrow(m.from, m.to, Brush::Blue)])
                .unwrap_or_default(),
        );
    }
}

/// The review panel: the button, the progress, the graph, the counts and the judged moves.
#[component]
pub fn ReviewPanel(
    session: RwSignal<PlaySession>,
    marks: RwSignal<Vec<Mark>>,
    notation: Signal<Notation>,
) -> impl IntoView {
    let lang = use_lang();
    let ctx = Ctx {
        session,
        marks,
        state: RwSignal::new(State::Idle),
        pending: StoredValue::new_local(None),
        worker: StoredValue::new_local(None),
        next_id: StoredValue::new(0),
    };
    on_cleanup(move || ctx.stop());
    // The result shows once every position of the main line has its evaluation (from this
    // review, or from a file that kept an earlier one's `[%eval …]`).
    let summary = Memo::new(move |_| {
        session.with(|s| Some(review::summarize(s.tree())).filter(Summary::is_complete))
    });
    let running = move || matches!(ctx.state.get(), State::Running(..));
    let export = move |n: Notation| {
        let text = session.with_untracked(|s| write_tree(s.tree(), n));
        {
            let name = format!("review-{}.pgn", n.name().to_ascii_lowercase());
            if download(&name, "application/x-chess-pgn;charset=utf-8", &text).is_err() {
                ctx.state
                    .set(State::Failed(EngineNote::Fixed(words::DOWNLOAD_FAILED)));
            }
        }
    };
    view! {
        <div class="review" data-testid="review">
            <div class="controls">
                <button type="button" data-testid="review-start" disabled=running
                    on:click=move |_| ctx.start()>{tr(words::ANALYSE_THE_GAME)}</button>
                {move || running().then(|| view! {
                    <button type="button" data-testid="review-cancel" on:click=move |_| {
                        ctx.stop();
                        ctx.state.set(State::Idle);
                    }>{tr(words::CANCEL)}</button>
                })}
            </div>
            {move || match ctx.state.get() {
                State::Running(k, n) => Some(view! {
                    <progress data-testid="review-progress" max=n.max(1) value=k
                        aria-label=tr(words::ANALYSIS_PROGRESS)></progress>
                    <span class="review-progress-text">{k} " / " {n}</span>
                }.into_any()),
                State::Failed(text) => Some(view! {
                    <p class="error" role="alert" data-testid="review-error">{move || text.say(lang.get())}</p>
                }.into_any()),
                State::Idle => None,
            }}
            {move || summary.with(Option::is_some).then(|| view! {
                // One string of HTML and one click handler for the whole result: a view per point
                // and per move would cost the page's download and the first draw's time.
                <div class="review-result" on:click=move |ev| ctx.clicked(&ev, lang.get_untracked())
                    inner_html=move || {
                        let (l, n) = (lang.get(), notation.get());
                        session.with(|s| summary.with(|sum| match sum {
                            Some(sum) => result_html(s.tree(), sum, l, n),
                            None => String::new(),
                        }))
                    }>
                </div>
                <div class="controls">
                    <span>{tr(words::EXPORT_THE_REVIEW)}</span>
                    <button type="button" data-testid="review-export" on:click=move |_| export(notation.get_untracked())>"PGN"</button>
                </div>
            })}
        </div>
    }
}

/// Width and height of the graph in drawing units.
const W: i32 = 600;
const H: i32 = 120;

/// The result as HTML: the score graph (Red's winning chances after each move, up is Red better;
/// a band per position to click; the judged moves dotted), each side's counts with the thresholds,
/// and the judged moves with the better move and its line. Every text is the app's own (moves in
/// notation, fixed words): nothing from a file is written into it.
fn result_html(t: &GameTree, s: &Summary, lang: Lang, nt: Notation) -> String {
    let mut h = String::with_capacity(16 * 1024);
    graph(&mut h, s, lang);
    counts(&mut h, s, lang);
    judged(&mut h, t, s, lang, nt);
    h
}

/// The score graph: the curve, a dot per judged move, and a band per position to click.
fn graph(h: &mut String, s: &Summary, lang: Lang) {
    use std::fmt::Write;
    let n = s.nodes.len().saturating_sub(1).max(1);
    // Whole drawing units: formatting floats would add to the page's download.
    let x = |k: usize| (k as f64 * f64::from(W) / n as f64).round() as i32;
    let y = |c: f64| ((1.0 - c) * f64::from(H) / 2.0).round() as i32;
    let pts: Vec<(i32, i32)> = s
        .chances
        .iter()
        .enumerate()
        .map(|(k, c)| (x(k), y(c.unwrap_or(0.0))))
        .collect();
    let mut line = String::new();
    for (i, (px, py)) in pts.iter().enumerate() {
        let _ = write!(line, "{}{px} {py} ", if i == 0 { 'M' } else { 'L' });
    }
    let _ = write!(
        h,
        r#"<svg class="review-graph" data-testid="review-graph" data-points="{}" viewBox="0 0 {W} {H}" preserveAspectRatio="none" role="img" aria-label="{}"><path class="area" d="{line}L{W} {H} L0 {H} Z"/><line class="mid" x1="0" y1="{}" x2="{W}" y2="{}"/><path class="curve" d="{line}"/>"#,
        s.nodes.len(),
        words::EVALUATION_GRAPH_FROM_REDS.get(lang),
        H / 2,
        H / 2,
    );
    let class = |j: Judgement| match j {
        Judgement::Inaccuracy => "inaccuracy",
        Judgement::Mistake => "mistake",
        Judgement::Blunder => "blunder",
    };
    for j in &s.judged {
        let (cx, cy) = pts[j.ply];
        let _ = write!(
            h,
            r#"<circle class="dot {}" cx="{cx}" cy="{cy}" r="4"/>"#,
            class(j.judgement)
        );
    }
    let band = (W / n as i32).max(1);
    for (k, (px, _)) in pts.iter().enumerate() {
        let _ = write!(
            h,
            r#"<rect class="hit" data-ply="{k}" x="{}" y="0" width="{band}" height="{H}"/>"#,
            (px - band / 2).max(0)
        );
    }
    h.push_str("</svg>");
}

/// Each side's counts per judgement, with the thresholds under them.
fn counts(h: &mut String, s: &Summary, lang: Lang) {
    use std::fmt::Write;
    h.push_str(r#"<table class="review-counts" data-testid="review-counts"><thead><tr><th></th>"#);
    for j in Judgement::ALL {
        let _ = write!(h, r#"<th scope="col">{} {}</th>"#, j.say(lang), j.mark());
    }
    h.push_str("</tr></thead><tbody>");
    for side in [Color::Red, Color::Black] {
        let _ = write!(h, r#"<tr><th scope="row">{}</th>"#, side.say(lang));
        for j in Judgement::ALL {
            let _ = write!(
                h,
                r#"<td data-side="{side:?}" data-kind="{j:?}">{}</td>"#,
                s.count(side, j)
            );
        }
        h.push_str("</tr>");
    }
    let _ = write!(
        h,
        r#"</tbody></table><p class="hint">{}</p><ol class="review-judged">"#,
        words::BY_WINNING_CHANCES_LOST.get(lang)
    );
}

/// The judged moves (inside the list `counts` opened); a click shows the position before one
/// with the better move drawn.
fn judged(h: &mut String, t: &GameTree, s: &Summary, lang: Lang, nt: Notation) {
    use std::fmt::Write;
    for j in &s.judged {
        let (Some(before), Some(m)) = (t.parent(j.node), t.node(j.node).and_then(|n| n.mv()))
        else {
            continue;
        };
        let Some(pos) = t.position(before) else {
            continue;
        };
        let better = t.children(before).get(1).copied();
        let best = better.and_then(|b| t.node(b)?.mv());
        let mut p = pos.clone();
        let words: Vec<String> = better
            .map(|b| t.main_line_from(b))
            .unwrap_or_default()
            .iter()
            .filter_map(|&i| t.node(i)?.mv())
            .map(|m| {
                let w = notation::write(&p, m, nt);
                p.play_unchecked(m);
                w
            })
            .collect();
        let dots = if j.mover == Color::Red { "." } else { "…" };
        let _ = write!(
            h,
            r#"<li data-testid="review-judged" data-move="{}" data-kind="{:?}"><button type="button" class="link-button" data-ply="{}" data-best="{}">{}{dots} {} {}</button>"#,
            j.ply,
            j.judgement,
            j.ply - 1,
            best.map(|m| m.to_string()).unwrap_or_default(),
            pos.fullmoves(),
            notation::write(pos, m, nt),
            j.judgement.mark(),
        );
        if !words.is_empty() {
            let _ = write!(
                h,
                r#"<span class="review-line">{}{}</span>"#,
                words::BETTER.get(lang),
                words.join(" ")
            );
            let line: Vec<String> = better
                .map(|b| t.main_line_from(b))
                .unwrap_or_default()
                .iter()
                .filter_map(|&i| Some(t.node(i)?.mv()?.to_string()))
                .collect();
            let _ = write!(
                h,
                r#" <button type="button" class="link-button" data-testid="review-to-set" data-set-fen="{}" data-set-line="{}">{}</button>"#,
                pos.fen(),
                line.join(" "),
                words::TO_A_SET.get(lang)
            );
        }
        h.push_str("</li>");
    }
    h.push_str("</ol>");
}
