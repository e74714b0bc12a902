//! `#/play`: a game at the board — moves by click or drag, the move list, takeback, draw offers,
//! resignation, projector mode, the position editor and share links. State lives in a core
//! [`Session`]; this file only wires it to the page and to localStorage.

use super::board::{Board, Looks, Mark};
use super::editor::Editor;
use super::i18n::{tr, use_lang, Lang};
use super::storage;
use crate::core::game::OfferOutcome;
use crate::core::notation::{self, Notation};
use crate::core::session::{EnterError, Session};
use crate::core::share::SharedGame;
use crate::core::{Color, Move, Position, Square};
use leptos::prelude::*;

const SESSION_KEY: &str = "xq.play.session";
const CORRUPT_KEY: &str = "xq.play.corrupt";
const SETTINGS_KEY: &str = "xq.play.settings";

/// Display settings, remembered across visits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
struct Settings {
    flipped: bool,
    animate: bool,
    far_upside_down: bool,
    notation: Notation,
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

/// A question waiting for the user's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Confirm {
    /// Playing `Move` from an earlier position cuts this many later plies.
    Cut(Move, usize),
    /// Starting a new game discards the current one.
    NewGame,
}

/// The session to open: from the link when it names a game, else the saved one, else a new game.
/// The second value is a message for the user (a bad link or a corrupt save set aside).
fn initial_session(query: &str) -> (Session, Option<String>) {
    let saved = storage::get(SESSION_KEY).map(|json| (Session::from_json(&json), json));
    let mut notice = None;
    let saved = match saved {
        Some((Ok(s), _)) => Some(s),
        Some((Err(e), json)) => {
            // Keep the broken text for inspection; never lose it silently.
            let _ = storage::set(CORRUPT_KEY, &json);
            notice = Some(format!(
                "保存的对局已损坏，已另存 / The saved game was corrupt and has been set aside: {e}"
            ));
            None
        }
        None => None,
    };
    let has_link = ["fen=", "moves="]
        .iter()
        .any(|k| query.split('&').any(|kv| kv.starts_with(k)));
    if has_link {
        match SharedGame::parse_prefix(query) {
            Ok((shared, err)) => {
                if let Some(s) = saved.filter(|s| {
                    s.game().start() == &shared.start && s.game().moves() == shared.moves
                }) {
                    return (s, notice);
                }
                let mut session = Session::from_position(shared.start.clone());
                for m in &shared.moves {
                    let _ = session.enter(*m, false);
                }
                if let Some(e) = err {
                    notice = Some(format!(
                        "链接中的着法有误，已载入此前的部分 / The link's moves stop early: {e}"
                    ));
                }
                (session, notice)
            }
            Err(e) => {
                let msg = format!("链接中的局面无效 / Invalid position in link: {e}");
                (
                    saved.unwrap_or_else(|| Session::from_position(Position::start())),
                    Some(msg),
                )
            }
        }
    } else {
        (
            saved.unwrap_or_else(|| Session::from_position(Position::start())),
            notice,
        )
    }
}

fn load_settings() -> Settings {
    storage::get(SETTINGS_KEY)
        .and_then(|j| serde_json::from_str(&j).ok())
        .unwrap_or_default()
}

fn side_name(c: Color, lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => c.chinese(),
        Lang::En => c.english(),
    }
}

/// The play page; `query` is the part of the hash after `?`.
#[component]
pub fn PlayPage(query: String) -> impl IntoView {
    let lang = use_lang();
    let (initial, first_notice) = initial_session(&query);
    let session = RwSignal::new(initial);
    let notice = RwSignal::new(first_notice);
    let message = RwSignal::new(None::<String>);
    let selected = RwSignal::new(None::<Square>);
    let confirm = RwSignal::new(None::<Confirm>);
    let settings = RwSignal::new(load_settings());
    let editing = RwSignal::new(false);
    let projector = RwSignal::new(false);
    let marks = RwSignal::new(Vec::<Mark>::new());

    let shown = Memo::new(move |_| session.with(|s| s.shown().clone()));
    let setup = Signal::derive(move || shown.with(|p| p.to_setup()));
    let check = Signal::derive(move || shown.with(|p| p.is_check().then(|| p.king(p.turn()))));
    let targets = Signal::derive(move || {
        selected
            .get()
            .map(|sq| shown.with(|p| p.legal_moves_from(sq).iter().map(|m| m.to).collect()))
            .unwrap_or_default()
    });
    let last_move = Signal::derive(move || session.with(|s| s.last_move().map(|m| (m.from, m.to))));
    let looks = Signal::derive(move || {
        let s = settings.get();
        Looks {
            flipped: s.flipped,
            animate: s.animate,
            far_upside_down: s.far_upside_down,
        }
    });
    let verdict = Memo::new(move |_| {
        session.with(|s| {
            if s.at_end() {
                s.game().verdict().cloned()
            } else {
                None
            }
        })
    });

    // Save every change, and keep the address bar a link to the game (replaceState: no reload).
    Effect::new(move || {
        let json = session.with(|s| s.to_json());
        if let Err(e) = storage::set(SESSION_KEY, &json) {
            notice.set(Some(format!("无法保存对局 / Cannot save the game: {e}")));
        }
        let query = session.with(|s| {
            SharedGame {
                start: s.game().start().clone(),
                moves: s.game().moves().to_vec(),
            }
            .to_query()
        });
        let hash = if query.is_empty() {
            "#/play".to_string()
        } else {
            format!("#/play?{query}")
        };
        if let Ok(h) = window().history() {
            let _ = h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&hash));
        }
    });
    Effect::new(move || {
        if let Ok(json) = serde_json::to_string(&settings.get()) {
            let _ = storage::set(SETTINGS_KEY, &json);
        }
    });

    let enter = move |m: Move, cut_confirmed: bool| {
        let result = session.try_update(|s| s.enter(m, cut_confirmed));
        selected.set(None);
        match result {
            Some(Ok(_)) => message.set(None),
            Some(Err(EnterError::WouldCut { later })) => confirm.set(Some(Confirm::Cut(m, later))),
            Some(Err(EnterError::Illegal(e))) => message.set(Some(match lang.get_untracked() {
                Lang::Zh => e.chinese(),
                Lang::En => e.to_string(),
            })),
            None => {}
        }
    };
    let on_point = Callback::new(move |sq: Square| {
        if editing.get_untracked() {
            return;
        }
        let pos = shown.get_untracked();
        if verdict.with_untracked(|v| v.is_some()) {
            message.set(Some(tr_now(lang, "对局已结束", "The game is over").into()));
            return;
        }
        let own = pos.piece_at(sq).is_some_and(|p| p.color == pos.turn());
        match selected.get_untracked() {
            Some(from) if from == sq => selected.set(None),
            _ if own => {
                selected.set(Some(sq));
                message.set(None);
            }
            Some(from) => enter(Move::new(from, sq), false),
            None => {
                if pos.piece_at(sq).is_some() {
                    let side = side_name(pos.turn(), lang.get_untracked());
                    message.set(Some(match lang.get_untracked() {
                        Lang::Zh => format!("现在轮到{side}走棋"),
                        Lang::En => format!("It is {side}'s turn"),
                    }));
                }
            }
        }
    });
    let on_drag = Callback::new(move |(from, to): (Square, Square)| {
        if !editing.get_untracked() && verdict.with_untracked(|v| v.is_none()) {
            enter(Move::new(from, to), false);
        }
    });

    // Keyboard: arrows and Home/End step through the game, `f` flips the board.
    let keys = window_event_listener(leptos::ev::keydown, move |ev: web_sys::KeyboardEvent| {
        let typing = ev
            .target()
            .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
            .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"));
        if typing || editing.get_untracked() || ev.ctrl_key() || ev.meta_key() || ev.alt_key() {
            return;
        }
        let handled = match ev.key().as_str() {
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
            "End" => {
                session.update(|s| s.go_to(usize::MAX));
                true
            }
            "f" | "F" => {
                settings.update(|s| s.flipped = !s.flipped);
                true
            }
            "Escape" => {
                selected.set(None);
                confirm.set(None);
                true
            }
            _ => false,
        };
        if handled {
            selected.set(None);
            ev.prevent_default();
        }
    });
    on_cleanup(move || keys.remove());

    let toggle_projector = move |_| {
        let on = !projector.get_untracked();
        projector.set(on);
        let doc = document();
        if on {
            if let Some(el) = doc.document_element() {
                // Fullscreen may be refused (no user gesture, iframe): the layout still enlarges.
                let _ = el.request_fullscreen();
            }
        } else if doc.fullscreen_element().is_some() {
            doc.exit_fullscreen();
        }
    };

    let status = move || {
        let l = lang.get();
        session.with(|s| {
            let pos = s.shown();
            if let Some(v) = verdict.get() {
                let text = if l == Lang::Zh { v.explain_zh() } else { v.explain_en() };
                let headline = match (v.result_token(), l) {
                    ("1-0", Lang::Zh) => "红胜",
                    ("0-1", Lang::Zh) => "黑胜",
                    (_, Lang::Zh) => "和棋",
                    ("1-0", Lang::En) => "Red wins",
                    ("0-1", Lang::En) => "Black wins",
                    (_, Lang::En) => "Draw",
                };
                let cycle = v.cycle.as_ref().map(|c| {
                    c.moves
                        .iter()
                        .map(|cm| view! { <li>{cm.to_string()}</li> })
                        .collect_view()
                });
                view! {
                    <div class="status over" data-testid="status" data-result=v.result_token() data-reason=v.reason_token() role="status">
                        <strong>{headline} " " {v.result_token()}</strong>
                        <span class="explain">{text}</span>
                        {cycle.map(|c| view! { <ol class="cycle" aria-label="循环着法 cycle">{c}</ol> })}
                    </div>
                }
                .into_any()
            } else {
                let side = side_name(pos.turn(), l);
                let mut text = match l {
                    Lang::Zh => format!("{side}走棋"),
                    Lang::En => format!("{side} to move"),
                };
                if pos.is_check() {
                    text.push_str(if l == Lang::Zh { " · 将军！" } else { " · check!" });
                }
                if !s.at_end() {
                    text.push_str(&match l {
                        Lang::Zh => format!(" · 正在查看第 {} / {} 步", s.view(), s.game().ply()),
                        Lang::En => format!(" · viewing ply {} of {}", s.view(), s.game().ply()),
                    });
                }
                view! { <div class="status" data-testid="status" role="status">{text}</div> }.into_any()
            }
        })
    };

    let move_list = move || {
        let notation = settings.get().notation;
        session.with(|s| {
            let game = s.game();
            let view_ply = s.view();
            game.moves()
                .iter()
                .enumerate()
                .map(|(i, &m)| {
                    let ply = i + 1;
                    let before = game.position_at(i).cloned().unwrap_or_default();
                    let text = notation::write(&before, m, notation);
                    let number = (ply % 2 == 1 || i == 0).then(|| {
                        let n = before.fullmoves();
                        if before.turn() == Color::Red {
                            format!("{n}.")
                        } else {
                            format!("{n}. …")
                        }
                    });
                    view! {
                        {number.map(|n| view! { <span class="move-no">{n}</span> })}
                        <button
                            class="move"
                            data-ply=ply
                            class:current=ply == view_ply
                            aria-current=(ply == view_ply).then_some("step")
                            on:click=move |_| {
                                selected.set(None);
                                session.update(|s| s.go_to(ply));
                            }
                        >
                            {text}
                        </button>
                    }
                })
                .collect_view()
        })
    };

    let offer = move || session.with(|s| s.game().pending_offer());
    let game_over = move || session.with(|s| s.game().verdict().is_some());
    let fen_text = move || shown.with(|p| p.fen());
    let link_text = move || {
        let loc = window().location();
        let base = format!(
            "{}{}",
            loc.origin().unwrap_or_default(),
            loc.pathname().unwrap_or_default()
        );
        let q = session.with(|s| {
            SharedGame {
                start: s.game().start().clone(),
                moves: s.game().moves().to_vec(),
            }
            .to_query()
        });
        if q.is_empty() {
            format!("{base}#/play")
        } else {
            format!("{base}#/play?{q}")
        }
    };
    let copy = move |text: String, what: &'static str| {
        let clip = window().navigator().clipboard();
        let _ = clip.write_text(&text);
        message.set(Some(format!("{what} ✓")));
    };

    view! {
        <section class="play" class:projector=projector>
            {move || notice.get().map(|n| view! {
                <p class="error" role="alert">{n} " "
                    <button class="link-button" on:click=move |_| notice.set(None)>{tr("知道了", "Dismiss")}</button>
                </p>
            })}
            <div class="play-layout">
                <div class="board-column">
                    <Show
                        when=move || editing.get()
                        fallback=move || view! {
                            <Board
                                setup=setup
                                check=check
                                looks=looks
                                selected=selected
                                targets=targets
                                last_move=last_move
                                on_point=on_point
                                on_drag=on_drag
                                marks=marks
                            />
                        }
                    >
                        <Editor
                            start=shown.get_untracked().to_setup()
                            looks=looks
                            on_done=Callback::new(move |pos: Position| {
                                session.set(Session::from_position(pos));
                                editing.set(false);
                                selected.set(None);
                            })
                            on_cancel=Callback::new(move |_| editing.set(false))
                        />
                    </Show>
                </div>
                <aside class="side-panel no-print" aria-label=tr("对局信息", "Game panel")>
                    {status}
                    {move || message.get().map(|m| view! { <p class="message" data-testid="message" role="alert">{m}</p> })}
                    {move || confirm.get().map(|c| {
                        let text = match (c, lang.get()) {
                            (Confirm::Cut(_, n), Lang::Zh) => format!("从这里走棋将删除后面的 {n} 步，确定吗？"),
                            (Confirm::Cut(_, n), Lang::En) => format!("Playing here removes the {n} later moves. Continue?"),
                            (Confirm::NewGame, Lang::Zh) => "开始新对局？当前对局将被替换。".to_string(),
                            (Confirm::NewGame, Lang::En) => "Start a new game? The current one will be replaced.".to_string(),
                        };
                        view! {
                            <div class="confirm" role="alertdialog" data-testid="confirm">
                                <p>{text}</p>
                                <button data-testid="confirm-yes" on:click=move |_| {
                                    confirm.set(None);
                                    match c {
                                        Confirm::Cut(m, _) => enter(m, true),
                                        Confirm::NewGame => {
                                            session.set(Session::from_position(Position::start()));
                                            message.set(None);
                                        }
                                    }
                                }>{tr("确定", "Yes")}</button>
                                <button data-testid="confirm-no" on:click=move |_| confirm.set(None)>{tr("取消", "Cancel")}</button>
                            </div>
                        }
                    })}
                    {move || offer().map(|by| {
                        let l = lang.get();
                        let text = match l {
                            Lang::Zh => format!("{}提和", side_name(by, l)),
                            Lang::En => format!("{} offers a draw", side_name(by, l)),
                        };
                        view! {
                            <div class="offer" data-testid="draw-offer">
                                <span>{text}</span>
                                <button data-testid="accept-draw" on:click=move |_| {
                                    session.update(|s| { let _ = s.game_mut().accept_draw(); });
                                }>{tr("同意", "Accept")}</button>
                                <button data-testid="decline-draw" on:click=move |_| {
                                    session.update(|s| { let _ = s.game_mut().decline_draw(); });
                                }>{tr("拒绝", "Decline")}</button>
                            </div>
                        }
                    })}
                    <ol class="move-list" data-testid="move-list" aria-label=tr("着法", "Moves")>
                        {move_list}
                    </ol>
                    <div class="step-controls" role="toolbar" aria-label=tr("浏览", "Step through")>
                        <button aria-label=tr("开局", "First position") on:click=move |_| session.update(|s| s.go_to(0))>"«"</button>
                        <button aria-label=tr("上一步", "Previous move") on:click=move |_| session.update(|s| { s.back(); })>"‹"</button>
                        <button aria-label=tr("下一步", "Next move") on:click=move |_| session.update(|s| { s.forward(); })>"›"</button>
                        <button aria-label=tr("最新", "Last position") on:click=move |_| session.update(|s| s.go_to(usize::MAX))>"»"</button>
                    </div>
                    <div class="controls" role="toolbar" aria-label=tr("对局操作", "Game actions")>
                        <button data-testid="new-game" on:click=move |_| {
                            if session.with_untracked(|s| s.game().ply() > 0) {
                                confirm.set(Some(Confirm::NewGame));
                            } else {
                                session.set(Session::from_position(Position::start()));
                            }
                        }>{tr("新对局", "New game")}</button>
                        <button data-testid="takeback" disabled=move || session.with(|s| s.game().ply() == 0) on:click=move |_| {
                            session.update(|s| { s.takeback(); });
                            selected.set(None);
                        }>{tr("悔棋", "Take back")}</button>
                        <button data-testid="redo" disabled=move || session.with(|s| !s.can_redo()) on:click=move |_| {
                            session.update(|s| { s.redo(); });
                        }>{tr("还原", "Redo")}</button>
                        <button data-testid="flip" aria-keyshortcuts="f" on:click=move |_| settings.update(|s| s.flipped = !s.flipped)>
                            {tr("翻转棋盘", "Flip board")}
                        </button>
                        <button data-testid="offer-draw" disabled=move || game_over() || offer().is_some() on:click=move |_| {
                            let out = session.try_update(|s| s.game_mut().offer_draw());
                            match out {
                                Some(Ok(OfferOutcome::Foul { fouls })) => message.set(Some(match lang.get_untracked() {
                                    Lang::Zh => format!("被拒后再次提和，记犯规一次（第9.1.3条），共 {fouls} 次"),
                                    Lang::En => format!("Offering again after a refusal is a foul (rule 9.1.3): {fouls} so far"),
                                })),
                                Some(Err(e)) => message.set(Some(e.to_string())),
                                _ => {}
                            }
                        }>{tr("提和", "Offer draw")}</button>
                        <button data-testid="resign" disabled=game_over on:click=move |_| {
                            let side = session.with_untracked(|s| s.game().position().turn());
                            session.update(|s| { let _ = s.game_mut().resign(side); });
                        }>{move || match lang.get() {
                            Lang::Zh => format!("{}认输", session.with(|s| s.game().position().turn()).chinese()),
                            Lang::En => format!("{} resigns", session.with(|s| s.game().position().turn()).english()),
                        }}</button>
                        <button data-testid="edit" on:click=move |_| { selected.set(None); editing.set(true); }>{tr("摆局", "Set up position")}</button>
                        <button data-testid="projector" aria-pressed=move || projector.get().to_string() on:click=toggle_projector>
                            {tr("投影模式", "Projector mode")}
                        </button>
                    </div>
                    <fieldset class="options">
                        <legend>{tr("显示", "Display")}</legend>
                        <label>{tr("记谱", "Notation")} " "
                            <select data-testid="notation" on:change=move |ev| {
                                let n = match event_target_value(&ev).as_str() {
                                    "short" => Notation::ChineseShort,
                                    "wxf" => Notation::Wxf,
                                    "iccs" => Notation::Iccs,
                                    _ => Notation::Chinese,
                                };
                                settings.update(|s| s.notation = n);
                            }>
                                <option value="chinese" selected=move || settings.get().notation == Notation::Chinese>{tr("中文", "Chinese")}</option>
                                <option value="short" selected=move || settings.get().notation == Notation::ChineseShort>{tr("中文简写", "Chinese short")}</option>
                                <option value="wxf" selected=move || settings.get().notation == Notation::Wxf>"WXF"</option>
                                <option value="iccs" selected=move || settings.get().notation == Notation::Iccs>"ICCS"</option>
                            </select>
                        </label>
                        <label><input type="checkbox" prop:checked=move || settings.get().animate on:change=move |ev| {
                            settings.update(|s| s.animate = event_target_checked(&ev));
                        } /> {tr("走子动画", "Animate moves")}</label>
                        <label><input type="checkbox" data-testid="upside-down" prop:checked=move || settings.get().far_upside_down on:change=move |ev| {
                            settings.update(|s| s.far_upside_down = event_target_checked(&ev));
                        } /> {tr("对方棋子倒置（如实物棋盘）", "Far side upside down (as on a table)")}</label>
                    </fieldset>
                    <div class="share">
                        <label>"FEN " <code data-testid="fen">{fen_text}</code></label>
                        <div class="controls">
                            <button data-testid="copy-fen" on:click=move |_| copy(fen_text(), "FEN")>{tr("复制局面 FEN", "Copy FEN")}</button>
                            <button data-testid="copy-link" on:click=move |_| copy(link_text(), "Link")>{tr("复制链接", "Copy link")}</button>
                        </div>
                        <input class="link" readonly aria-label=tr("对局链接", "Game link") prop:value=link_text />
                    </div>
                </aside>
            </div>
        </section>
    }
}

/// The current-language text, read once (for messages set from event handlers).
fn tr_now(lang: RwSignal<Lang>, zh: &'static str, en: &'static str) -> &'static str {
    if lang.get_untracked() == Lang::En {
        en
    } else {
        zh
    }
}
