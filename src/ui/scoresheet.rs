//! `#/scoresheet`: the printable scoresheet (记录纸) of articles 7 and 10.1, blank (rounds 1–60)
//! or filled from the current game, plus PGN import (paste or file) and export (download).
//!
//! The current game comes from a share link (`?fen=…&moves=…`, as the play page writes it), else
//! from the last one kept in localStorage (`xq.scoresheet.pgn`). `?blank` opens the blank sheet.
//! [`PgnImport`] and [`PgnExport`] are self-contained and can be embedded on other pages.
//!
//! Test contract: `[data-testid=scoresheet]` is the sheet; its move cells carry
//! `data-round` and `data-side` (`red`/`black`).

use super::files::BrowserCharsets;
use super::files::{download, safe_stem};
use super::i18n::{tr, use_lang};
use super::storage;
mod words;
use crate::lang::Say;
use crate::lang::Text;
use crate::xiangqi::notation::chinese::{OVER_LINE, UNDER_LINE};
use crate::xiangqi::notation::decode::decode_with;
use crate::xiangqi::notation::pgn::{read_pgn, write_pgn, PgnError};
use crate::xiangqi::notation::record::{PgnGame, PgnResult, ScoresheetForm, ScoresheetRow};
use crate::xiangqi::notation::Notation;
use crate::xiangqi::share::SharedGame;
use leptos::prelude::*;
use words::{ImportStopped, SaidBefore};

const KEY: &str = "xq.scoresheet.pgn";
/// Rounds on a blank sheet: 60 fit one A4 page in two blocks of 30.
const BLANK_ROUNDS: u32 = 60;

/// The tags the sheet shows and edits, with their Chinese and English labels.
const FIELDS: [(&str, Text); 6] = [
    ("Event", words::EVENT_NAME),
    ("Round", words::ROUND),
    ("Board", words::BOARD),
    ("Date", words::DATE),
    ("Red", words::RED),
    ("Black", words::BLACK),
];
const EXTRA_FIELDS: [(&str, Text); 4] = [
    ("RedTime", words::RED_TIME_USED),
    ("BlackTime", words::BLACK_TIME_USED),
    ("RedFouls", words::RED_FOULS),
    ("BlackFouls", words::BLACK_FOULS),
];

/// The game to open: from the link, else the saved one; with a notice when something was wrong.
/// A link to the game already saved keeps the saved header (names, event, round, date); a link's
/// `result=1-0` (as the board writes it for a finished game) ticks the result box.
fn initial_game(query: &str) -> (PgnGame, Option<Notice>) {
    use crate::query::param;
    // An unreadable save is set aside and reported by the storage helper; the sheet starts fresh.
    let saved = storage::load_with(KEY, read_pgn);
    let mut notice = None;
    if param(query, "fen").is_none() && param(query, "moves").is_none() {
        return (saved.unwrap_or_default(), notice);
    }
    let mut game = match SharedGame::parse_prefix(query) {
        Ok((shared, err)) => {
            if let Some(e) = err {
                notice = Some(Notice::Link(e));
            }
            match saved.filter(|g| g.start() == &shared.start && g.moves() == shared.moves) {
                Some(same) => same,
                None => {
                    let mut g = PgnGame::new(shared.start);
                    for m in shared.moves {
                        // parse_prefix returns legal moves only.
                        let _ = g.push(m);
                    }
                    g
                }
            }
        }
        Err(e) => {
            notice = Some(Notice::Link(e));
            return (saved.unwrap_or_default(), notice);
        }
    };
    if let Some(r) =
        param(query, "result").filter(|r| ["1-0", "0-1", "1/2-1/2"].contains(&r.as_str()))
    {
        game.set_tag("Result", &r);
    }
    (game, notice)
}

/// A message on the scoresheet page, in the current language.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Notice {
    /// The link's game is invalid or stops early.
    Link(crate::xiangqi::share::LinkError),
}

/// The scoresheet page; `query` is the part of the hash after `?`.
#[component]
pub fn ScoresheetPage(query: String) -> impl IntoView {
    let lang = use_lang();
    let (start, notice) = initial_game(&query);
    let blank_requested = crate::query::param(&query, "blank").is_some();
    // A game opened from a link replaces the saved one: keep that one restorable.
    let current = write_pgn(&start, Notation::Chinese);
    let saved =
        storage::load_with(KEY, read_pgn).filter(|g| write_pgn(g, Notation::Chinese) != current);
    let game = RwSignal::new(start);
    let blank = RwSignal::new(blank_requested);
    let short = RwSignal::new(false);
    let notice = RwSignal::new(notice);
    let previous: RwSignal<Option<PgnGame>> = RwSignal::new(saved);

    Effect::new(move || {
        let text = game.with(|g| write_pgn(g, Notation::Chinese));
        // A refusal is said above the page by the storage module.
        let _ = storage::set(KEY, &text);
    });

    let on_import = Callback::new(move |g: PgnGame| {
        previous.set(Some(game.get_untracked()));
        game.set(g);
        blank.set(false);
    });

    view! {
        <section class="scoresheet-page">
            {move || notice.get().map(|n| view! { <p class="error no-print" role="alert">{move || n.say(lang.get())}</p> })}
            <div class="scoresheet-controls no-print">
                <SheetForm blank=blank short=short />
                <GameDetails game=game />
                <PgnImport on_import=on_import />
                {move || previous.get().map(|_| view! {
                    <button type="button" data-testid="undo-import" on:click=move |_| {
                        if let Some(p) = previous.get_untracked() {
                            game.set(p);
                            previous.set(None);
                        }
                    }>{tr(words::RESTORE_THE_PREVIOUS_GAME)}</button>
                })}
                <PgnExport game=game.into() />
            </div>
            <Sheet game=game.into() blank=blank.into() short=short.into() />
        </section>
    }
}

/// The sheet's form: this game or blank rounds, full or short, and the print button.
#[component]
fn SheetForm(blank: RwSignal<bool>, short: RwSignal<bool>) -> impl IntoView {
    view! {
        <fieldset>
            <legend>{tr(words::SCORESHEET)}</legend>
            <label>
                <input type="radio" name="ss-mode" data-testid="mode-filled"
                    prop:checked=move || !blank.get() on:change=move |_| blank.set(false) />
                {tr(words::THIS_GAME)}
            </label>
            <label>
                <input type="radio" name="ss-mode" data-testid="mode-blank"
                    prop:checked=move || blank.get() on:change=move |_| blank.set(true) />
                {tr(words::BLANK_ROUNDS_1_60)}
            </label>
            <label>
                <input type="radio" name="ss-form" data-testid="form-full"
                    prop:checked=move || !short.get() on:change=move |_| short.set(false) />
                {tr(words::FULL_FORM)}
            </label>
            <label>
                <input type="radio" name="ss-form" data-testid="form-short"
                    prop:checked=move || short.get() on:change=move |_| short.set(true) />
                {tr(words::SHORT_FORM)}
            </label>
            <button type="button" data-testid="print" on:click=move |_| {
                let _ = window().print();
            }>{tr(words::PRINT)}</button>
        </fieldset>
    }
}

/// The game's tags, each in its field, and its result.
#[component]
fn GameDetails(game: RwSignal<PgnGame>) -> impl IntoView {
    let field = move |(tag, text): (&'static str, Text)| {
        let id = format!("ss-{}", tag.to_ascii_lowercase());
        view! {
            <label for=id.clone()>{tr(text)}</label>
            <input
                id=id
                type="text"
                data-testid=format!("field-{tag}")
                prop:value=move || game.with(|g| g.tag(tag).unwrap_or("").to_string())
                on:input=move |ev| game.update(|g| g.set_tag(tag, &event_target_value(&ev)))
            />
        }
    };
    view! {
        <fieldset class="ss-fields">
            <legend>{tr(words::GAME_DETAILS)}</legend>
            {FIELDS.into_iter().map(field).collect_view()}
            {EXTRA_FIELDS.into_iter().map(field).collect_view()}
            <label for="ss-result">{tr(words::RESULT)}</label>
            <select id="ss-result" data-testid="field-Result"
                prop:value=move || game.with(|g| g.result().pgn().to_string())
                on:change=move |ev| game.update(|g| g.set_tag("Result", &event_target_value(&ev)))>
                <option value="*">{tr(words::UNFINISHED)}</option>
                <option value="1-0">{tr(words::RED_WINS)}</option>
                <option value="0-1">{tr(words::BLACK_WINS)}</option>
                <option value="1/2-1/2">{tr(words::DRAW)}</option>
            </select>
        </fieldset>
    }
}

/// One line of the move table: a round number and two cells (empty on a blank sheet).
fn sheet_lines(game: &PgnGame, blank: bool, short: bool) -> Vec<ScoresheetRow> {
    if blank {
        return (1..=BLANK_ROUNDS)
            .map(|round| ScoresheetRow {
                round,
                red: None,
                black: None,
            })
            .collect();
    }
    let form = if short {
        ScoresheetForm::Short
    } else {
        ScoresheetForm::Full
    };
    let mut rows = game.scoresheet_rows(form);
    let first = rows.first().map_or(game.start().fullmoves(), |r| r.round);
    let wanted = (BLANK_ROUNDS as usize).max(rows.len().div_ceil(2) * 2);
    while rows.len() < wanted {
        let round = first + rows.len() as u32;
        rows.push(ScoresheetRow {
            round,
            red: None,
            black: None,
        });
    }
    rows
}

/// A move as the sheet shows it: the short form's lined digit becomes an underlined/overlined span.
fn move_cell(text: Option<String>) -> impl IntoView {
    let text = text.unwrap_or_default();
    let (body, line) = match text.strip_suffix(UNDER_LINE) {
        Some(b) => (b.to_string(), Some("advance")),
        None => match text.strip_suffix(OVER_LINE) {
            Some(b) => (b.to_string(), Some("retreat")),
            None => (text, None),
        },
    };
    match line {
        None => view! { <span>{body}</span> }.into_any(),
        Some(class) => {
            let mut chars: Vec<char> = body.chars().collect();
            let last = chars.pop().map(String::from).unwrap_or_default();
            let head: String = chars.into_iter().collect();
            let title = if class == "advance" {
                tr(words::FORWARD)
            } else {
                tr(words::BACK)
            };
            view! { <span>{head}<span class=class title=title>{last}</span></span> }.into_any()
        }
    }
}

fn block(rows: Vec<ScoresheetRow>) -> impl IntoView {
    view! {
        <table class="ss-block">
            <thead>
                <tr><th scope="col">{tr(words::MOVE_ROUND)}</th><th scope="col">{tr(words::RED)}</th><th scope="col">{tr(words::BLACK)}</th></tr>
            </thead>
            <tbody>
                {rows.into_iter().map(|r| {
                    let round = r.round.to_string();
                    view! {
                        <tr>
                            <th scope="row">{r.round}</th>
                            <td data-round=round.clone() data-side="red">{move_cell(r.red)}</td>
                            <td data-round=round data-side="black">{move_cell(r.black)}</td>
                        </tr>
                    }
                }).collect_view()}
            </tbody>
        </table>
    }
}

/// The printable sheet itself.
#[component]
fn Sheet(game: Signal<PgnGame>, blank: Signal<bool>, short: Signal<bool>) -> impl IntoView {
    let value = move |tag: &'static str| {
        move || {
            if blank.get() {
                String::new()
            } else {
                game.with(|g| g.tag(tag).unwrap_or("").to_string())
            }
        }
    };
    let result = move || {
        if blank.get() {
            PgnResult::Unknown
        } else {
            game.with(|g| g.result())
        }
    };
    let mark = move |r: PgnResult| move || if result() == r { "☑" } else { "☐" };
    view! {
        <article class="sheet" data-testid="scoresheet" aria-label=tr(words::SCORESHEET)>
            <h1>{tr(words::XIANGQI_SCORESHEET)}</h1>
            <table class="ss-head">
                <tr>
                    <th>{tr(words::EVENT_NAME)}</th><td colspan="3" data-testid="sheet-event">{value("Event")}</td>
                    <th>{tr(words::DATE)}</th><td>{value("Date")}</td>
                </tr>
                <tr>
                    <th>{tr(words::ROUND)}</th><td>{value("Round")}</td>
                    <th>{tr(words::BOARD)}</th><td>{value("Board")}</td>
                    <th>{tr(words::FORM)}</th>
                    <td>{move || if short.get() { tr(words::SHORT)() } else { tr(words::FULL)() }}</td>
                </tr>
                <tr>
                    <th>{tr(words::RED)}</th><td colspan="2" data-testid="sheet-red">{value("Red")}</td>
                    <th>{tr(words::BLACK)}</th><td colspan="2" data-testid="sheet-black">{value("Black")}</td>
                </tr>
            </table>
            <div class="ss-moves">
                {move || {
                    let rows = game.with(|g| sheet_lines(g, blank.get(), short.get()));
                    let half = rows.len() / 2;
                    let (left, right) = rows.split_at(half);
                    view! { {block(left.to_vec())} {block(right.to_vec())} }
                }}
            </div>
            <table class="ss-foot">
                <tr>
                    <th>{tr(words::RESULT)}</th>
                    <td colspan="3" data-testid="sheet-result">
                        {mark(PgnResult::RedWins)} " " {tr(words::RED_WINS)} {words::WIDE_SPACE}
                        {mark(PgnResult::BlackWins)} " " {tr(words::BLACK_WINS)} {words::WIDE_SPACE}
                        {mark(PgnResult::Draw)} " " {tr(words::DRAW)}
                    </td>
                </tr>
                <tr>
                    <th>{tr(words::TIME_USED)}</th>
                    <td>{tr(words::RED)} ": " <span class="fill">{value("RedTime")}</span></td>
                    <td colspan="2">{tr(words::BLACK)} ": " <span class="fill">{value("BlackTime")}</span></td>
                </tr>
                <tr>
                    <th>{tr(words::FOULS)}</th>
                    <td>{tr(words::RED)} ": " <span class="fill">{value("RedFouls")}</span></td>
                    <td colspan="2">{tr(words::BLACK)} ": " <span class="fill">{value("BlackFouls")}</span></td>
                </tr>
                <tr class="ss-sign">
                    <th>{tr(words::SIGNATURES)}</th>
                    <td>{tr(words::RED_PLAYER)} ": " <span class="fill"></span></td>
                    <td>{tr(words::BLACK_PLAYER)} ": " <span class="fill"></span></td>
                    <td>{tr(words::ARBITER)} ": " <span class="fill"></span></td>
                </tr>
            </table>
            <p class="ss-note">{tr(words::PER_THE_1999_CHINESE)}</p>
        </article>
    }
}

/// PGN import by paste or file (UTF-8, GBK or Big5). A file that breaks off is reported with the
/// move and the reason; its valid part is loaded only when the user asks, so nothing is lost.
#[component]
pub fn PgnImport(
    /// Called with the imported game.
    on_import: Callback<PgnGame>,
) -> impl IntoView {
    let text = RwSignal::new(String::new());
    // The reason (in both languages: the switch may change while it shows), and the valid part.
    let failed: RwSignal<Option<(SaidBefore, PgnGame)>> = RwSignal::new(None);
    // Bytes that did not decode (named by line and byte) and what the reader assumed.
    let warning: RwSignal<Vec<SaidBefore>> = RwSignal::new(Vec::new());
    let lang = use_lang();
    let file_input = NodeRef::<leptos::html::Input>::new();
    let take = move |result: Result<PgnGame, PgnError>| match result {
        Ok(g) => {
            failed.set(None);
            warning.update(|w| w.extend(g.notices.iter().map(|n| SaidBefore::of(n))));
            on_import.run(g);
        }
        Err(e) => failed.set(Some((SaidBefore::of(&ImportStopped(&e)), *e.partial))),
    };
    let from_file =
        move |_| {
            let Some(input) = file_input.get() else {
                return;
            };
            super::files::read_bytes(&input, crate::saved::MAX_IMPORT_BYTES, move |bytes| {
                match bytes {
                    Ok(bytes) => {
                        let d = decode_with(&bytes, &BrowserCharsets);
                        warning.set(
                            d.warning()
                                .map(|w| SaidBefore::of(&w))
                                .into_iter()
                                .collect(),
                        );
                        take(read_pgn(&d.text));
                    }
                    Err(e) => failed.set(Some((SaidBefore::of(&e), PgnGame::default()))),
                }
            });
        };
    view! {
        <fieldset class="pgn-import">
            <legend>{tr(words::IMPORT_PGN)}</legend>
            <label for="pgn-text">{tr(words::PASTE_A_GAME_PGN)}</label>
            <textarea id="pgn-text" data-testid="pgn-text" rows="4"
                prop:value=move || text.get()
                on:input=move |ev| text.set(event_target_value(&ev))></textarea>
            <button type="button" data-testid="pgn-import" on:click=move |_| { warning.set(Vec::new()); take(read_pgn(&text.get_untracked())) }>
                {tr(words::IMPORT)}
            </button>
            <label for="pgn-file">{tr(words::OR_CHOOSE_A_FILE)}</label>
            <input id="pgn-file" type="file" accept=".pgn,.PGN,.txt,text/plain" data-testid="pgn-file"
                node_ref=file_input on:change=from_file />
            {move || {
                let l = lang.get();
                let said: Vec<String> = warning.with(|w| w.iter().map(|m| m.say(l)).collect());
                (!said.is_empty()).then(|| view! {
                    <p class="warning" role="status" data-testid="pgn-warning">{said.join(" ")}</p>
                })
            }}
            {move || failed.get().map(|(msgs, partial)| {
                let msg = msgs.say(lang.get());
                let n = partial.moves().len();
                view! {
                    <p class="error" role="alert" data-testid="pgn-error">{msg}</p>
                    {(n > 0).then(|| view! {
                        <button type="button" data-testid="pgn-load-partial" on:click=move |_| {
                            if let Some((_, g)) = failed.get_untracked() {
                                failed.set(None);
                                on_import.run(g);
                            }
                        }>{tr(words::LOAD_THE_VALID_PART)} " (" {n} ")"</button>
                    })}
                }
            })}
        </fieldset>
    }
}

/// A file name from the players' names, safe on every system.
fn file_name(game: &PgnGame, notation: Notation) -> String {
    let names: Vec<&str> = ["Red", "Black"]
        .iter()
        .filter_map(|t| game.tag(t).filter(|v| !v.is_empty()))
        .collect();
    let base = if names.is_empty() {
        "xiangqi".to_string()
    } else {
        names.join("-")
    };
    let safe = safe_stem(&base, "xiangqi");
    format!("{safe}-{}.pgn", notation.name().to_ascii_lowercase())
}

/// PGN export: downloads the game in Chinese, WXF or ICCS notation.
#[component]
pub fn PgnExport(
    /// The game to export.
    game: Signal<PgnGame>,
) -> impl IntoView {
    let failed = RwSignal::new(false);
    let save = move |n: Notation| {
        let (name, text) = game.with(|g| (file_name(g, n), write_pgn(g, n)));
        if download(&name, "application/x-chess-pgn;charset=utf-8", &text).is_err() {
            failed.set(true);
        }
    };
    view! {
        <fieldset class="pgn-export">
            <legend>{tr(words::EXPORT_PGN)}</legend>
            <button type="button" data-testid="export-chinese" on:click=move |_| save(Notation::Chinese)>{tr(words::CHINESE_NOTATION)}</button>
            <button type="button" data-testid="export-wxf" on:click=move |_| save(Notation::Wxf)>"WXF"</button>
            <button type="button" data-testid="export-iccs" on:click=move |_| save(Notation::Iccs)>"ICCS"</button>
            {move || failed.get().then(|| view! { <p class="error" role="alert">{tr(words::DOWNLOAD_FAILED)}</p> })}
        </fieldset>
    }
}
