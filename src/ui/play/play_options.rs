//! The play page's quieter groups: the board view (flip, projector, notation, looks), the game's
//! settings (clock, move limit; fixed once the game starts), the record (scoresheet, PGN) and
//! sharing (FEN and link).

use super::words;
use super::{use_play, Note};
use crate::clock::{Clock, Control, Preset};
use crate::lang::Say;
use crate::ui::i18n::{tr, use_lang};
use crate::ui::scoresheet::{PgnExport, PgnImport};
use crate::xiangqi::notation::record::PgnGame;
use crate::xiangqi::notation::Notation;
use crate::xiangqi::rules::limits::MoveLimit;
use crate::xiangqi::session::{NotShown, PlaySession};
use leptos::prelude::*;

/// Flip and projector (large), notation, and the looks of the pieces.
#[component]
pub fn ViewOptions() -> impl IntoView {
    let store = use_play();
    let settings = store.settings;
    view! {
        <div class="controls view-actions">
            <button data-testid="flip" aria-keyshortcuts="f" on:click=move |_| store.flip()>
                {tr(words::FLIP_BOARD)}
            </button>
            <button data-testid="projector" aria-pressed=move || store.projector.get().to_string()
                on:click=move |_| store.set_projector(!store.projector.get_untracked())>
                {move || if store.projector.get() { tr(words::LEAVE_PROJECTOR_ESC)() } else { tr(words::PROJECTOR_MODE)() }}
            </button>
        </div>
        <label class="field">{tr(words::NOTATION)}
            <select data-testid="notation" on:change=move |ev| {
                if let Some(n) = Notation::from_id(&event_target_value(&ev)) {
                    settings.update(|s| s.notation = n);
                }
            }>
                {Notation::ALL.into_iter().map(|n| {
                    let label = match n {
                        Notation::Chinese => tr(words::CHINESE),
                        Notation::ChineseShort => tr(words::CHINESE_SHORT),
                        Notation::Wxf => tr(words::WXF),
                        Notation::Iccs => tr(words::ICCS),
                    };
                    view! { <option value=n.id() selected=move || settings.get().notation == n>{label}</option> }
                }).collect_view()}
            </select>
        </label>
        <label class="check"><input type="checkbox" prop:checked=move || settings.get().animate on:change=move |ev| {
            settings.update(|s| s.animate = event_target_checked(&ev));
        } /> {tr(words::ANIMATE_MOVES)}</label>
        <label class="check"><input type="checkbox" data-testid="upside-down" prop:checked=move || settings.get().far_upside_down on:change=move |ev| {
            settings.update(|s| s.far_upside_down = event_target_checked(&ev));
        } /> {tr(words::FAR_SIDE_UPSIDE_DOWN)}</label>
        <super::access::LookOptions />
    }
}

/// The clock and the move limit: chosen before the first move.
#[component]
pub fn GameSettings() -> impl IntoView {
    let store = use_play();
    let session = store.session;
    let lang = use_lang();
    let started = move || session.with(|s| s.game().ply() > 0);
    view! {
        <details class="menu settings" data-testid="settings" open=session.with_untracked(|s| s.game().ply() == 0)>
            <summary>{tr(words::CLOCK_AND_MOVE_LIMIT)}</summary>
            <label class="field">{tr(words::CLOCK_CHOSEN_BEFORE_THE)}
                <select data-testid="time-control" disabled=started
                    on:change=move |ev| {
                        let clock = Preset::from_id(&event_target_value(&ev)).map(Clock::from_preset);
                        session.update(|s| { s.set_clock(clock); });
                    }>
                    <option value="none" selected=move || session.with(|s| s.clock().is_none())>{tr(words::NO_CLOCK)}</option>
                    {Preset::ALL.into_iter().filter(|p| *p != Preset::Custom).map(|p| {
                        // After a reload the select shows the game's control again.
                        let chosen = move || session.with(|s| s.clock().and_then(Preset::of) == Some(p));
                        view! { <option value=p.id() selected=chosen>{move || p.say(lang.get())}</option> }
                    }).collect_view()}
                    <option value="custom">{tr(words::CUSTOM_BELOW)}</option>
                </select>
            </label>
            <label class="field">{tr(words::CUSTOM_CONTROL)}
                <input data-testid="custom-control" placeholder=tr(words::CONTROL_90M_40_15M_10) disabled=started
                    on:change=move |ev| {
                        match event_target_value(&ev).parse::<Control>() {
                            Ok(c) => session.update(|s| { s.set_clock(Some(Clock::new(c))); }),
                            Err(e) => store.message.set(Some(Note::Control(e))),
                        }
                    } />
            </label>
            <label class="field">{tr(words::MOVE_LIMIT_MOVES_RULE)}
                <input type="number" min="1" max="200" data-testid="limit" class="limit"
                    prop:value=move || session.with(|s| s.game().move_limit().to_string())
                    on:change=move |ev| {
                        match event_target_value(&ev).parse::<MoveLimit>() {
                            Ok(n) => session.update(|s| s.game_mut().set_limit(n)),
                            Err(e) => store.message.set(Some(Note::Limit(e))),
                        }
                    } />
            </label>
        </details>
    }
}

/// The scoresheet of this game, and PGN import and export.
#[component]
pub fn RecordGroup() -> impl IntoView {
    let store = use_play();
    let session = store.session;
    let sheet = move || {
        session.with(|s| {
            let mut q = s.share_query();
            if let Some(v) = s.game().verdict() {
                if !q.is_empty() {
                    q.push('&');
                }
                q.push_str("result=");
                q.push_str(v.result_token());
            }
            format!("#/scoresheet?{q}")
        })
    };
    view! {
        <div class="controls">
            <a class="button-link" data-testid="scoresheet-link" href=sheet>{tr(words::PRINT_SCORESHEET)}</a>
        </div>
        <details class="menu pgn">
            <summary>{tr(words::IMPORT_EXPORT_PGN)}</summary>
            <PgnExport game=Signal::derive(move || session.with(|s| s.to_pgn())) />
            <PgnImport on_import=Callback::new(move |pgn: PgnGame| {
                match PlaySession::from_pgn(&pgn) {
                    Ok((s, after_end)) => {
                        store.replace(s);
                        if let Some(a) = after_end {
                            store.notices.update(|n| n.push(Note::AfterEnd(a)));
                        }
                        if let Some(left_out) = NotShown::of(&pgn) {
                            store.notices.update(|n| n.push(Note::NotShown(left_out)));
                        }
                    }
                    Err(e) => store.notices.update(|n| n.push(Note::Import(e))),
                }
            }) />
        </details>
    }
}

/// The position's FEN and the game's link, to copy.
#[component]
pub fn ShareGroup() -> impl IntoView {
    let store = use_play();
    let session = store.session;
    let fen_text = move || session.with(|s| s.shown().fen());
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
    let copy = move |text: String, what: Note| {
        let _ = window().navigator().clipboard().write_text(&text);
        store.message.set(Some(what));
    };
    view! {
        <div class="controls">
            <button data-testid="copy-link" on:click=move |_| copy(link_text(), Note::CopiedLink)>{tr(words::COPY_LINK)}</button>
            <button data-testid="copy-fen" on:click=move |_| copy(fen_text(), Note::CopiedFen)>{tr(words::COPY_FEN)}</button>
        </div>
        <details class="menu share">
            <summary>{tr(words::FEN_AND_LINK)}</summary>
            <p class="fen-line">"FEN " <code data-testid="fen" translate="no">{fen_text}</code></p>
            <input class="link" readonly aria-label=tr(words::GAME_LINK) prop:value=link_text />
        </details>
    }
}
