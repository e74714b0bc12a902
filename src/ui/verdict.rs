//! The game's verdict and the 23.1 draw-offer / resignation controls, as one embeddable panel.
//!
//! Embed with `<GamePanel session=session />`; the panel only calls the core's `Game` methods
//! and shows `Game::verdict()`. Test contract: `[data-testid=status]` carries `data-result` and
//! `data-reason` once the game has ended; `[data-testid=verdict]` holds the summary line
//! (`0-1 perpetual-check 24.1`) in `data-summary`, the explanation in the current language as
//! text; `[data-testid=cycle] tbody tr` lists the classified cycle.

use super::i18n::{side_name, tr, use_lang, Lang};
use crate::xiangqi::game::{Game, OfferOutcome};
use crate::xiangqi::session::PlaySession;
use crate::xiangqi::Color;
use leptos::prelude::*;

/// The panel: status, verdict with its clause, the classified repetition cycle, draw offers,
/// resignation.
#[component]
pub fn GamePanel(session: RwSignal<PlaySession>) -> impl IntoView {
    let lang = use_lang();
    let game = GameHandle(session);
    // The outcome of the last button press (an offer, a foul, a refusal by the rules).
    let note = RwSignal::new(String::new());
    let over = move || game.with(|g| g.verdict().is_some());
    let status = move || {
        let l = lang.get();
        session.with(|s| {
            let g = s.game();
            let turn = side_name(g.position().turn(), l);
            let check = g.position().is_check();
            let mut text = match (l, check) {
                (Lang::Zh, false) => format!("第{}着后，轮到{turn}走棋", g.ply()),
                (Lang::Zh, true) => format!("第{}着后，轮到{turn}走棋（被将军）", g.ply()),
                (Lang::En, false) => format!("After ply {}: {turn} to move", g.ply()),
                (Lang::En, true) => format!("After ply {}: {turn} to move (in check)", g.ply()),
            };
            if !s.at_end() {
                text.push_str(&match l {
                    Lang::Zh => format!(" · 正在查看第 {} 着", s.view()),
                    Lang::En => format!(" · viewing ply {}", s.view()),
                });
            }
            text
        })
    };
    let result = move || game.with(|g| g.verdict().map(|v| v.result_token()));
    let reason = move || game.with(|g| g.verdict().map(|v| v.reason_token()));
    let verdict = move || {
        game.with(|g| {
            g.verdict().map(|v| {
                let text = if lang.get() == Lang::En {
                    v.explain_en()
                } else {
                    v.explain_zh()
                };
                let summary = v.summary();
                let shown = summary.clone();
                view! {
                    <div class="verdict" data-testid="verdict" data-summary=summary>
                        <p class="verdict-result">{shown}</p>
                        <p class="verdict-text">{text}</p>
                    </div>
                }
            })
        })
    };
    let cycle = move || {
        let l = lang.get();
        game.with(|g| {
            let c = g.verdict().and_then(|v| v.cycle.clone())?;
            let rows = c
                .moves
                .iter()
                .map(|m| {
                    let kind = if l == Lang::En { m.kind.en() } else { m.kind.zh() };
                    view! {
                        <tr class:attack=m.kind.is_attack()>
                            <td>{m.ply}</td>
                            <td>{side_name(m.mover, l)}</td>
                            <td><code>{m.mv.to_string()}</code></td>
                            <td>{kind}</td>
                            <td>{m.kind.clause()}</td>
                        </tr>
                    }
                })
                .collect_view();
            Some(view! {
                <table class="cycle" data-testid="cycle">
                    <caption>{tr("循环着法（从第一次出现到第三次出现）", "The repeated cycle (first to third occurrence)")}</caption>
                    <thead>
                        <tr>
                            <th scope="col">{tr("着", "Ply")}</th>
                            <th scope="col">{tr("方", "Side")}</th>
                            <th scope="col">{tr("着法", "Move")}</th>
                            <th scope="col">{tr("性质", "Kind")}</th>
                            <th scope="col">{tr("条款", "Rule")}</th>
                        </tr>
                    </thead>
                    <tbody>{rows}</tbody>
                </table>
            })
        })
    };
    let offer = move |_| {
        let l = lang.get_untracked();
        let mut out = String::new();
        game.update(|g| {
            out = match g.offer_draw() {
                Ok(OfferOutcome::Offered) => match l {
                    Lang::Zh => "已提和，等待对方答复（第23.1条）".into(),
                    Lang::En => "Draw offered; waiting for the answer (rule 23.1)".into(),
                },
                Ok(OfferOutcome::Foul { fouls }) => match l {
                    Lang::Zh => format!("被拒绝后连续提和，判犯规（第9.1.3条），已犯规{fouls}次"),
                    Lang::En => format!(
                        "Offering again after a refusal is a foul (rule 9.1.3): {fouls} so far"
                    ),
                },
                Err(e) => e.to_string(),
            };
        });
        note.set(out);
    };
    let answer = move |accept: bool| {
        let mut out = String::new();
        game.update(|g| {
            let r = if accept {
                g.accept_draw()
            } else {
                g.decline_draw()
            };
            if let Err(e) = r {
                out = e.to_string();
            }
        });
        note.set(out);
    };
    let resign = move |c: Color| {
        let mut out = String::new();
        game.update(|g| {
            if let Err(e) = g.resign(c) {
                out = e.to_string();
            }
        });
        note.set(out);
    };
    let pending = move || game.with(|g| g.pending_offer());
    let fouls = move || {
        let l = lang.get();
        game.with(|g| {
            let (r, b) = (g.fouls(Color::Red), g.fouls(Color::Black));
            (r + b > 0).then(|| match l {
                Lang::Zh => format!("犯规：红方{r}次，黑方{b}次（三次判负，第4.1.8条）"),
                Lang::En => format!("Fouls: Red {r}, Black {b} (three lose, rule 4.1.8)"),
            })
        })
    };
    view! {
        <section class="game-panel" aria-label=tr("对局状态", "Game status")>
            <p class="game-status" data-testid="status" data-result=result data-reason=reason role="status">{status}</p>
            {verdict}
            {move || pending().map(|c| {
                let l = lang.get();
                let who = side_name(c, l);
                let text = if l == Lang::En { format!("{who} offers a draw") } else { format!("{who}提和") };
                view! { <p class="offer" data-testid="offer" role="status">{text}</p> }
            })}
            <div class="game-controls no-print">
                <button data-testid="offer-draw" disabled=over on:click=offer>{tr("提和", "Offer draw")}</button>
                <button data-testid="accept-draw" disabled=move || over() || pending().is_none() on:click=move |_| answer(true)>
                    {tr("同意和棋", "Accept draw")}
                </button>
                <button data-testid="decline-draw" disabled=move || over() || pending().is_none() on:click=move |_| answer(false)>
                    {tr("拒绝和棋", "Decline draw")}
                </button>
                <button data-testid="resign-red" disabled=over on:click=move |_| resign(Color::Red)>{tr("红方认输", "Red resigns")}</button>
                <button data-testid="resign-black" disabled=over on:click=move |_| resign(Color::Black)>{tr("黑方认输", "Black resigns")}</button>
            </div>
            {move || fouls().map(|f| view! { <p class="fouls" data-testid="fouls">{f}</p> })}
            {move || {
                let n = note.get();
                (!n.is_empty()).then(|| view! { <p class="note" data-testid="note" role="status">{n}</p> })
            }}
            {cycle}
        </section>
    }
}

/// The session's game, read and changed like a signal of [`Game`].
#[derive(Clone, Copy)]
struct GameHandle(RwSignal<PlaySession>);

impl GameHandle {
    fn with<T>(&self, f: impl FnOnce(&Game) -> T) -> T {
        self.0.with(|s| f(s.game()))
    }

    /// Changes the game, then freezes a timed game's clock if it has ended (rule 22.5).
    fn update(&self, f: impl FnOnce(&mut Game)) {
        self.0.update(|s| {
            f(s.game_mut());
            s.tick(super::clock::now_ms());
        });
    }
}
