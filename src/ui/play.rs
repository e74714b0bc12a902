//! `#/play`: a game at the board — moves by click or drag, the move list, takeback, draw offers,
//! resignation, projector mode, the position editor and share links. State lives in a core
//! [`PlaySession`]; this file only wires it to the page and to localStorage.

use super::board::{Board, Looks, Mark};
use super::clock::{now_ms, ClockFaces};
use super::editor::Editor;
use super::i18n::{side_name, tr, use_lang, Lang};
use super::scoresheet::{PgnExport, PgnImport};
use super::storage;
use super::verdict::GamePanel;
use crate::clock::{Clock, Control, Preset};
use crate::xiangqi::notation::{self, Notation};
use crate::xiangqi::session::{EnterError, PlaySession};
use crate::xiangqi::share::{param, SharedGame};
use crate::xiangqi::{Color, Move, Position, Square};
use leptos::prelude::*;

const SESSION_KEY: &str = "xq.play.session";
const SETTINGS_KEY: &str = "xq.play.settings";
/// The game most recently replaced (by a link, the editor, an import or a new game): restorable.
const PREVIOUS_KEY: &str = "xq.play.previous";

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
fn initial_session(query: &str) -> (PlaySession, Option<String>) {
    // An unreadable save is set aside and reported by the storage helper; the board starts fresh.
    let saved = storage::load_with(SESSION_KEY, PlaySession::from_json);
    let mut notice = None;
    let has_link = param(query, "fen").is_some() || param(query, "moves").is_some();
    if has_link {
        match SharedGame::parse_prefix(query) {
            Ok((shared, err)) => {
                let same = |s: &PlaySession| {
                    s.game().start() == &shared.start && s.game().moves() == shared.moves
                };
                if let Some(s) = saved.as_ref().filter(|s| same(s)) {
                    return (s.clone(), notice);
                }
                if let Some(old) = saved.filter(|s| s.game().ply() > 0) {
                    // Opening a link must not lose the game that was on the board.
                    let _ = storage::set(PREVIOUS_KEY, &old.to_json());
                }
                let mut session = PlaySession::from_position(shared.start.clone());
                for m in &shared.moves {
                    let _ = session.enter(*m, false, 0);
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
                    saved.unwrap_or_else(|| PlaySession::from_position(Position::start())),
                    Some(msg),
                )
            }
        }
    } else {
        (
            saved.unwrap_or_else(|| PlaySession::from_position(Position::start())),
            notice,
        )
    }
}

fn load_settings() -> Settings {
    storage::load(SETTINGS_KEY).unwrap_or_default()
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

    let previous = RwSignal::new(storage::get(PREVIOUS_KEY).is_some());
    // Replaces the game on the board, keeping the old one restorable if it had moves.
    let replace = move |next: PlaySession| {
        let old = session.with_untracked(|s| (s.game().ply() > 0).then(|| s.to_json()));
        if let Some(json) = old {
            if storage::set(PREVIOUS_KEY, &json).is_ok() {
                previous.set(true);
            }
        }
        session.set(next);
        selected.set(None);
    };
    let restore_previous = move |_| {
        // An unreadable previous game is set aside and reported by the storage helper.
        match storage::load_with(PREVIOUS_KEY, PlaySession::from_json) {
            Some(old) => replace(old),
            None => previous.set(false),
        }
    };
    let shown = Memo::new(move |_| session.with(|s| s.shown().clone()));
    // Read at every frame by the faces: a memo is borrowed, not cloned per read. The fallback is
    // never drawn (the faces show only when the game has a clock).
    let game_clock = Memo::new(move |_| {
        session
            .with(|s| s.clock().cloned())
            .unwrap_or_else(|| Clock::from_preset(Preset::Fischer15_10))
    });
    let setup = Memo::new(move |_| shown.with(|p| p.to_setup()));
    let check = Memo::new(move |_| shown.with(|p| p.is_check().then(|| p.king(p.turn()))));
    let targets = Memo::new(move |_| {
        selected
            .get()
            .map(|sq| shown.with(|p| p.legal_moves_from(sq).iter().map(|m| m.to).collect()))
            .unwrap_or_default()
    });
    let last_move = Memo::new(move |_| session.with(|s| s.last_move().map(|m| (m.from, m.to))));
    let looks = Memo::new(move |_| {
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
        let query = session.with(PlaySession::share_query);
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
        let result = session.try_update(|s| s.enter(m, cut_confirmed, now_ms()));
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

    let fen_text = move || shown.with(|p| p.fen());
    let link_text = move || {
        let loc = window().location();
        let base = format!(
            "{}{}",
            loc.origin().unwrap_or_default(),
            loc.pathname().unwrap_or_default()
        );
        let q = session.with(PlaySession::share_query);
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
                                replace(PlaySession::from_position(pos));
                                editing.set(false);
                            })
                            on_cancel=Callback::new(move |_| editing.set(false))
                        />
                    </Show>
                </div>
                <aside class="side-panel no-print" aria-label=tr("对局信息", "Game panel")>
                    <Show when=move || session.with(|s| s.clock().is_some())>
                        <div class="play-clock" data-testid="play-clock">
                            <ClockFaces
                                clock=game_clock
                                on_flag=Callback::new(move |_| session.update(|s| { s.tick(now_ms()); }))
                            />
                        </div>
                    </Show>
                    <GamePanel session=session />
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
                                            replace(PlaySession::from_position(Position::start()));
                                            message.set(None);
                                        }
                                    }
                                }>{tr("确定", "Yes")}</button>
                                <button data-testid="confirm-no" on:click=move |_| confirm.set(None)>{tr("取消", "Cancel")}</button>
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
                                session.set(PlaySession::from_position(Position::start()));
                            }
                        }>{tr("新对局", "New game")}</button>
                        <button data-testid="takeback" disabled=move || session.with(|s| s.game().ply() == 0) on:click=move |_| {
                            session.update(|s| { s.takeback(now_ms()); });
                            selected.set(None);
                        }>{tr("悔棋", "Take back")}</button>
                        <button data-testid="redo" disabled=move || session.with(|s| !s.can_redo()) on:click=move |_| {
                            session.update(|s| { s.redo(); });
                        }>{tr("还原", "Redo")}</button>
                        <button data-testid="flip" aria-keyshortcuts="f" on:click=move |_| settings.update(|s| s.flipped = !s.flipped)>
                            {tr("翻转棋盘", "Flip board")}
                        </button>
                        <Show when=move || previous.get()>
                            <button data-testid="restore-previous" on:click=restore_previous>
                                {tr("恢复上一局", "Restore previous game")}
                            </button>
                        </Show>
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
                        <label>{tr("棋钟（开局前选择）", "Clock (chosen before the first move)")} " "
                            <select data-testid="time-control" disabled=move || session.with(|s| s.game().ply() > 0)
                                on:change=move |ev| {
                                    let id = event_target_value(&ev);
                                    let clock = Preset::from_id(&id).map(Clock::from_preset);
                                    session.update(|s| { s.set_clock(clock); });
                                }>
                                <option value="none" selected=move || session.with(|s| s.clock().is_none())>{tr("不计时", "No clock")}</option>
                                {Preset::ALL.into_iter().filter(|p| *p != Preset::Custom).map(|p| {
                                    let label = move || if lang.get() == Lang::En { p.en() } else { p.zh() };
                                    // After a reload the select shows the game's control again.
                                    let chosen = move || session.with(|s| s.clock().is_some_and(|c| {
                                        [Color::Red, Color::Black].iter().zip(p.controls()).all(|(side, ctl)| *c.control(*side) == ctl)
                                    }));
                                    view! { <option value=p.id() selected=chosen>{label}</option> }
                                }).collect_view()}
                                <option value="custom">{tr("自定义（见下）", "Custom (below)")}</option>
                            </select>
                        </label>
                        <label>{tr("自定义时限", "Custom control")} " "
                            <input data-testid="custom-control" placeholder="90m/40, 15m/10" disabled=move || session.with(|s| s.game().ply() > 0)
                                on:change=move |ev| {
                                    match event_target_value(&ev).parse::<Control>() {
                                        Ok(c) => session.update(|s| { s.set_clock(Some(Clock::new(c))); }),
                                        Err(e) => message.set(Some(e.to_string())),
                                    }
                                } />
                        </label>
                        <label>{tr("自然限着（回合，第4.2.4条）", "Move limit (moves, rule 4.2.4)")} " "
                            <input type="number" min="1" max="200" data-testid="limit" class="limit"
                                prop:value=move || session.with(|s| s.game().move_limit().to_string())
                                on:change=move |ev| {
                                    match event_target_value(&ev).trim().parse::<u32>() {
                                        Ok(n) if (1..=200).contains(&n) => session.update(|s| s.game_mut().set_move_limit(n)),
                                        _ => message.set(Some(tr_now(lang, "限着须为 1–200 回合", "The limit must be 1–200 moves").into())),
                                    }
                                } />
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
                        <a class="scoresheet-link" data-testid="scoresheet-link" href=move || {
                            let q = session.with(PlaySession::share_query);
                            format!("#/scoresheet?{q}")
                        }>{tr("打印记录纸", "Print scoresheet")}</a>
                    </div>
                    <details class="pgn">
                        <summary>{tr("导入 / 导出棋谱 (PGN)", "Import / export (PGN)")}</summary>
                        <PgnExport game=Signal::derive(move || session.with(|s| s.to_pgn())) />
                        <PgnImport on_import=Callback::new(move |pgn: crate::xiangqi::notation::record::PgnGame| {
                            match PlaySession::from_pgn(&pgn) {
                                Ok((s, after_end)) => {
                                    replace(s);
                                    message.set(None);
                                    if let Some(a) = after_end {
                                        use crate::lang::Say;
                                        notice.set(Some(a.say(lang.get_untracked())));
                                    }
                                }
                                Err(e) => notice.set(Some(format!("棋谱无法载入 / The game cannot be loaded: {e}"))),
                            }
                        }) />
                    </details>
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
