//! `#/tournament`: run a round robin — create, entrants, draw, results, standings, crosstable,
//! print, files. Every rule lives in `events::round_robin`; this page only shows and stores.
//!
//! Test contract: each pairing row carries `data-round`, `data-red`, `data-black` (entrant
//! numbers) and `select[data-testid=result]` controls (one per board); the standings table is
//! `[data-testid=standings]` with one `tr[data-entrant]` per entrant in rank order; the crosstable
//! is `[data-testid=crosstable]`.

use super::files::{download, safe_stem};
use super::i18n::{tr, use_lang, Lang};
use super::storage;
use crate::events::round_robin::{
    BoardEntry, BoardOrder, Competition, Cycles, Outcome, PartialResults, RoundView, Scoring,
    TieBreak, Tournament, TournamentError,
};
use crate::lang::Say;
use leptos::prelude::*;
use std::collections::HashMap;
use wasm_bindgen::JsCast;

const IDS_KEY: &str = "xq.tournament.ids";
const CURRENT_KEY: &str = "xq.tournament.current";

/// Rows of the standings, entrants list and crosstable drawn at once: a 500-entrant event is shown
/// a page at a time, so the page never builds hundreds of thousands of elements (issue 12).
const PAGE: usize = 50;
/// Crosstable rows and columns drawn at once.
const GRID: usize = 25;
/// Events with at most this many pairings show every round at once (and print them together).
const ALL_ROUNDS_UP_TO: usize = 240;
/// The withdrawal control is a list of rounds up to this many rounds, a number field beyond.
const ROUND_LIST_UP_TO: usize = 40;

/// Why an edit was refused: a rule of the event, or a typed value that is not a number list.
enum Fail {
    Rule(TournamentError),
    Said(String),
}

impl From<TournamentError> for Fail {
    fn from(e: TournamentError) -> Fail {
        Fail::Rule(e)
    }
}

/// A page of `len` items (page 0 first): the range of indices shown.
fn page_range(page: usize, size: usize, len: usize) -> std::ops::Range<usize> {
    let start = (page * size).min(len);
    start..(start + size).min(len)
}

/// Previous/next buttons over `len` items in pages of `size`, hidden when one page holds all.
fn pager(
    testid: &'static str,
    page: RwSignal<usize>,
    size: usize,
    len: impl Fn() -> usize + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let lang = use_lang();
    let pages = move || len().div_ceil(size).max(1);
    move || {
        (pages() > 1).then(|| {
            let range = move || page_range(page.get().min(pages() - 1), size, len());
            let at_end = move || page.get() + 1 >= pages();
            view! {
                <div class="t-pager no-print" data-testid=testid>
                    <button data-testid="page-prev" disabled=move || page.get() == 0
                        on:click=move |_| page.update(|p| *p = p.saturating_sub(1))>"‹"</button>
                    <span>{move || {
                        let r = range();
                        lang.get().pick("第 {a}–{b} 项，共 {n} 项", "{a}–{b} of {n}")
                            .replace("{a}", &(r.start + 1).to_string())
                            .replace("{b}", &r.end.to_string())
                            .replace("{n}", &len().to_string())
                    }}</span>
                    <button data-testid="page-next" disabled=at_end
                        on:click=move |_| page.update(|p| *p += 1)>"›"</button>
                </div>
            }
        })
    }
}

fn event_key(id: &str) -> String {
    format!("xq.tournament.event.{id}")
}

/// A message for the organiser: an error (role=alert) or a notice.
#[derive(Clone, Debug, PartialEq)]
enum Note {
    Error(String),
    Info(String),
}

/// The saved events, loading whatever is readable; unreadable ones are set aside and reported by
/// the storage helper. The index is rebuilt from the stored keys, so a corrupt or stale index never
/// hides an event that is still stored.
fn load_events() -> Vec<(String, Tournament)> {
    let index: Vec<String> = storage::load(IDS_KEY).unwrap_or_default();
    let ids = crate::saved::rebuild_index(&index, &storage::keys(), &event_key(""));
    let events: Vec<(String, Tournament)> = ids
        .into_iter()
        .filter_map(|id| {
            storage::load_with(&event_key(&id), Tournament::from_json).map(|t| (id, t))
        })
        .collect();
    if events.iter().map(|(id, _)| id).ne(index.iter()) {
        let _ = save_ids(&events);
    }
    events
}

/// The event stored under `id`, for the timetable view of the same event.
pub(super) fn stored_event(id: &str) -> Option<Tournament> {
    Tournament::from_json(&storage::get(&event_key(id))?).ok()
}

/// Stores `t` under `id` (a new id when `None`), lists it in `#/tournament`'s event menu and
/// returns the id: the timetable view writes its event where the rounds view reads it.
pub(super) fn store_event(id: Option<String>, t: &Tournament) -> Result<String, String> {
    let mut ids: Vec<String> = storage::get(IDS_KEY)
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_default();
    let id = id.unwrap_or_else(|| {
        let base = js_sys::Date::now() as u64;
        (0u64..)
            .map(|n| format!("{:x}", base + n))
            .find(|c| !ids.contains(c))
            .unwrap_or_default()
    });
    storage::set(&event_key(&id), &t.to_json())?;
    if !ids.contains(&id) {
        ids.push(id.clone());
        storage::set(IDS_KEY, &serde_json::to_string(&ids).unwrap_or_default())?;
    }
    Ok(id)
}

fn save_ids(events: &[(String, Tournament)]) -> Result<(), String> {
    let ids: Vec<&String> = events.iter().map(|(id, _)| id).collect();
    storage::set(IDS_KEY, &serde_json::to_string(&ids).unwrap_or_default())
}

fn new_id(events: &[(String, Tournament)]) -> String {
    let base = js_sys::Date::now() as u64;
    let mut n = 0u64;
    loop {
        let id = format!("{:x}", base + n);
        if !events.iter().any(|(i, _)| *i == id) {
            return id;
        }
        n += 1;
    }
}

/// The shape of the rounds, which changes only with the draw: rows stay put while results change.
#[derive(Clone, Debug, PartialEq)]
struct Shape {
    id: String,
    event: String,
    rounds: Vec<RoundView>,
    names: Vec<String>,
    boards: usize,
    /// Board order of a team event; line-ups are entered per match unless it is fixed (12.1).
    order: Option<BoardOrder>,
    /// Whether every team registered its players, so line-ups can be named.
    rosters: bool,
}

/// The tournament page; `query` is unused (kept for the router's signature).
#[component]
pub fn TournamentPage(query: String) -> impl IntoView {
    let _ = query;
    let lang = use_lang();
    let loaded = load_events();
    let note = RwSignal::new(None::<Note>);
    let saved_current = storage::get(CURRENT_KEY);
    let first_id = loaded.first().map(|(id, _)| id.clone());
    let current_id = RwSignal::new(
        saved_current
            .filter(|c| loaded.iter().any(|(id, _)| id == c))
            .or(first_id),
    );
    let events = RwSignal::new(loaded);
    let creating = RwSignal::new(events.with_untracked(|e| e.is_empty()));
    let pending = RwSignal::new(PartialResults::default());
    let print_part = RwSignal::new("standings".to_string());
    let entrant_page = RwSignal::new(0usize);
    let round_page = RwSignal::new(0usize);
    let standings_page = RwSignal::new(0usize);
    let cross_rows = RwSignal::new(0usize);
    let cross_cols = RwSignal::new(0usize);

    Effect::new(move || {
        if let Some(id) = current_id.get() {
            let _ = storage::set(CURRENT_KEY, &id);
        }
    });

    let current = Memo::new(move |_| {
        let id = current_id.get()?;
        events.with(|e| e.iter().find(|(i, _)| *i == id).map(|(_, t)| t.clone()))
    });

    // Applies `f` to a copy of the current event; stores and saves it only if `f` succeeds.
    let update = move |f: &dyn Fn(&mut Tournament) -> Result<(), Fail>| {
        let Some(id) = current_id.get_untracked() else {
            return;
        };
        let Some(mut t) = current.get_untracked() else {
            return;
        };
        match f(&mut t) {
            Err(Fail::Rule(e)) => note.set(Some(Note::Error(e.say(lang.get_untracked())))),
            Err(Fail::Said(e)) => note.set(Some(Note::Error(e))),
            Ok(()) => {
                let json = t.to_json();
                events.update(|e| {
                    if let Some(slot) = e.iter_mut().find(|(i, _)| *i == id) {
                        slot.1 = t;
                    }
                });
                match storage::set(&event_key(&id), &json) {
                    Ok(()) => note.set(None),
                    Err(e) => note.set(Some(Note::Error(format!(
                        "{}{e}",
                        lang.get_untracked().pick("未保存：", "Not saved: ")
                    )))),
                }
            }
        }
    };

    let add_event = move |t: Tournament| {
        let json = t.to_json();
        let id = events.with_untracked(|e| new_id(e));
        events.update(|e| e.push((id.clone(), t)));
        let saved = storage::set(&event_key(&id), &json)
            .and_then(|_| events.with_untracked(|e| save_ids(e)));
        current_id.set(Some(id));
        creating.set(false);
        pending.update(PartialResults::clear);
        if let Err(e) = saved {
            note.set(Some(Note::Error(format!(
                "{}{e}",
                lang.get_untracked().pick("未保存：", "Not saved: ")
            ))));
        }
    };

    let shape = Memo::new(move |_| {
        let id = current_id.get()?;
        current.with(|t| {
            let t = t.as_ref()?;
            Some(Shape {
                id,
                event: t.name().to_string(),
                rounds: t.rounds().ok()?,
                names: t.entrants().iter().map(|e| e.name.clone()).collect(),
                boards: t.format().boards(),
                order: match t.format() {
                    Competition::Team { order, .. } => Some(order),
                    Competition::Individual => None,
                },
                rosters: t.entrants().iter().all(|e| !e.members.is_empty()),
            })
        })
    });

    // ---------------------------------------------------------------- toolbar
    let toolbar = move || {
        let options = events.with(|e| {
            e.iter()
                .map(|(id, t)| {
                    let selected = current_id.get().as_deref() == Some(id.as_str());
                    view! { <option value=id.clone() prop:selected=selected>{t.name().to_string()}</option> }
                })
                .collect_view()
        });
        view! {
            <div class="t-toolbar no-print">
                <label>
                    {tr("赛事", "Event")} " "
                    <select
                        data-testid="event-select"
                        on:change=move |ev| {
                            current_id.set(Some(event_target_value(&ev)));
                            pending.update(PartialResults::clear);
                            creating.set(false);
                        }
                    >
                        {options}
                    </select>
                </label>
                <button data-testid="new-event" on:click=move |_| creating.set(true)>{tr("新建赛事", "New event")}</button>
                <label class="t-file">
                    {tr("导入 JSON", "Import JSON")} " "
                    <input
                        type="file"
                        accept=".json,application/json"
                        data-testid="import-json"
                        on:change=move |ev| {
                            let Some(input) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) else { return };
                            super::files::read_text(&input, crate::saved::MAX_IMPORT_BYTES, move |text| {
                                let text = match text {
                                    Ok(t) => t,
                                    Err(e) => {
                                        use crate::lang::Say;
                                        note.set(Some(Note::Error(e.say(lang.get_untracked()))));
                                        return;
                                    }
                                };
                                match Tournament::from_json(&text) {
                                    Ok(t) => {
                                        let name = t.name().to_string();
                                        add_event(t);
                                        note.set(Some(Note::Info(format!("{}{name}", lang.get_untracked().pick("已导入：", "Imported: ")))));
                                    }
                                    Err(e) => { let l = lang.get_untracked(); note.set(Some(Note::Error(format!("{}{}", l.pick("导入失败，现有数据未改动：", "Import failed, nothing changed: "), e.say(l))))) }
                                }
                            });
                        }
                    />
                </label>
                <button
                    data-testid="export-json"
                    disabled=move || current.with(|t| t.is_none())
                    on:click=move |_| {
                        if let Some(t) = current.get_untracked() {
                            if let Err(e) = download(&format!("{}.json", safe_stem(t.name(), "tournament")), "application/json", &t.to_json()) {
                                note.set(Some(Note::Error(e)));
                            }
                        }
                    }
                >{tr("导出 JSON", "Export JSON")}</button>
                <button
                    data-testid="export-csv"
                    disabled=move || current.with(|t| t.is_none())
                    on:click=move |_| {
                        if let Some(t) = current.get_untracked() {
                            // A byte-order mark so spreadsheet programs read the Chinese names.
                            let csv = format!("\u{feff}{}", t.standings_csv());
                            if let Err(e) = download(&format!("{}-standings.csv", safe_stem(t.name(), "tournament")), "text/csv", &csv) {
                                note.set(Some(Note::Error(e)));
                            }
                        }
                    }
                >{tr("导出成绩 CSV", "Standings CSV")}</button>
                <label>
                    {tr("打印内容", "Print")} " "
                    <select data-testid="print-part" on:change=move |ev| print_part.set(event_target_value(&ev))>
                        <option value="standings" prop:selected=move || print_part.get() == "standings">{tr("名次表", "Standings")}</option>
                        <option value="crosstable" prop:selected=move || print_part.get() == "crosstable">{tr("成绩交叉表", "Crosstable")}</option>
                        <option value="pairings" prop:selected=move || print_part.get() == "pairings">{tr("各轮对阵", "Pairings by round")}</option>
                        <option value="all" prop:selected=move || print_part.get() == "all">{tr("全部", "Everything")}</option>
                    </select>
                </label>
                <button data-testid="print" on:click=move |_| { let _ = window().print(); }>{tr("打印", "Print")}</button>
                <button
                    data-testid="delete-event"
                    disabled=move || current.with(|t| t.is_none())
                    on:click=move |_| {
                        let Some(id) = current_id.get_untracked() else { return };
                        let ok = window()
                            .confirm_with_message(if lang.get_untracked() == Lang::En { "Delete this event?" } else { "删除该赛事？" })
                            .unwrap_or(false);
                        if !ok { return; }
                        events.update(|e| e.retain(|(i, _)| *i != id));
                        storage::remove(&event_key(&id));
                        let _ = events.with_untracked(|e| save_ids(e));
                        current_id.set(events.with_untracked(|e| e.first().map(|(i, _)| i.clone())));
                        creating.set(events.with_untracked(|e| e.is_empty()));
                    }
                >{tr("删除赛事", "Delete event")}</button>
            </div>
        }
    };

    // ---------------------------------------------------------------- create form
    let create_form = move || {
        creating.get().then(|| {
            let name = RwSignal::new(String::new());
            let team = RwSignal::new(false);
            let boards = RwSignal::new("4".to_string());
            let order = RwSignal::new("fixed".to_string());
            let double = RwSignal::new(false);
            let scheme = RwSignal::new("classic".to_string());
            let submit = move |ev: leptos::ev::SubmitEvent| {
                ev.prevent_default();
                let format = if team.get_untracked() {
                    let Ok(b) = boards.get_untracked().trim().parse::<usize>() else {
                        note.set(Some(Note::Error(lang.get_untracked().pick("台数应为整数", "Boards must be a whole number").into())));
                        return;
                    };
                    let order = match order.get_untracked().as_str() {
                        "substitutes" => BoardOrder::Substitutes,
                        "chosen" => BoardOrder::ChosenPerMatch,
                        _ => BoardOrder::Fixed,
                    };
                    Competition::Team { boards: b, order }
                } else {
                    Competition::Individual
                };
                let cycles = if double.get_untracked() { Cycles::Double } else { Cycles::Single };
                let scoring = if scheme.get_untracked() == "210" { Scoring::TWO_ONE_ZERO } else { Scoring::CLASSIC };
                match Tournament::new(&name.get_untracked(), format, cycles, scoring) {
                    Ok(t) => add_event(t),
                    Err(e) => note.set(Some(Note::Error(e.say(lang.get_untracked())))),
                }
            };
            view! {
                <form class="t-create no-print" data-testid="create-form" on:submit=submit>
                    <h2>{tr("新建赛事", "New event")}</h2>
                    <label>{tr("名称", "Name")} " "
                        <input data-testid="event-name" required prop:value=move || name.get() on:input=move |ev| name.set(event_target_value(&ev)) />
                    </label>
                    <fieldset>
                        <legend>{tr("类型", "Type")}</legend>
                        <label><input type="radio" name="t-kind" data-testid="kind-individual" prop:checked=move || !team.get() on:change=move |_| team.set(false) /> {tr("个人赛", "Individual")}</label>
                        <label><input type="radio" name="t-kind" data-testid="kind-team" prop:checked=move || team.get() on:change=move |_| team.set(true) /> {tr("团体赛", "Team")}</label>
                    </fieldset>
                    <Show when=move || team.get()>
                        <label>{tr("台数", "Boards")} " "
                            <input type="number" min="1" max="16" data-testid="boards" prop:value=move || boards.get() on:input=move |ev| boards.set(event_target_value(&ev)) />
                        </label>
                        <label>{tr("台次", "Board order")} " "
                            <select data-testid="board-order" on:change=move |ev| order.set(event_target_value(&ev))>
                                <option value="fixed">{tr("分台定人制 (12.1)", "Fixed order (12.1)")}</option>
                                <option value="substitutes">{tr("分台换人制 (12.2)", "With substitutes (12.2)")}</option>
                                <option value="chosen">{tr("临时定台制 (12.3)", "Chosen per match (12.3)")}</option>
                            </select>
                        </label>
                    </Show>
                    <label>{tr("循环", "Cycles")} " "
                        <select data-testid="cycles" on:change=move |ev| double.set(event_target_value(&ev) == "double")>
                            <option value="single">{tr("单循环 (一局制)", "Single round robin")}</option>
                            <option value="double">{tr("双循环 (两局制)", "Double round robin")}</option>
                        </select>
                    </label>
                    <label>{tr("计分", "Scoring")} " "
                        <select data-testid="scoring" on:change=move |ev| scheme.set(event_target_value(&ev))>
                            <option value="classic">{tr("胜1 和½ 负0 (14.1)", "Win 1, draw ½, loss 0 (14.1)")}</option>
                            <option value="210">{tr("胜2 和1 负0", "Win 2, draw 1, loss 0")}</option>
                        </select>
                    </label>
                    <button type="submit" data-testid="create">{tr("创建", "Create")}</button>
                    <Show when=move || events.with(|e| !e.is_empty())>
                        <button type="button" on:click=move |_| creating.set(false)>{tr("取消", "Cancel")}</button>
                    </Show>
                </form>
            }
        })
    };

    // ---------------------------------------------------------------- entrants and draw
    let entrants_section = move || {
        let t = current.get()?;
        let drawn = t.is_drawn();
        let team = t.format().is_team();
        let rounds = t.round_count();
        let list = RwSignal::new(String::new());
        let seed = RwSignal::new(format!("{}", js_sys::Date::now() as u64 % 1_000_000));
        let hand = RwSignal::new(String::new());
        let shown = page_range(entrant_page.get(), PAGE, t.entrants().len());
        let l = lang.get_untracked();
        let rows = t
            .entrants()
            .iter()
            .enumerate()
            .skip(shown.start)
            .take(shown.len())
            .map(|(i, e)| {
                let k = i + 1;
                let members = e.members.join("、");
                let withdrawn = e.withdrawn_after;
                let number_input = move |value: u32, label: &'static str, testid: &'static str, set: fn(&mut Tournament, usize, u32) -> Result<(), Fail>| {
                    view! {
                        <input type="number" min="0" class="t-small" aria-label=label data-testid=testid
                            prop:value=value.to_string()
                            on:change=move |ev| {
                                let v = event_target_value(&ev);
                                match v.trim().parse::<u32>() {
                                    Ok(n) => update(&|t| set(t, k, n)),
                                    Err(_) => note.set(Some(Note::Error(format!("`{v}`: {}", lang.get_untracked().pick("请输入整数", "enter a whole number"))))),
                                }
                            } />
                    }
                };
                let (warnings, dq) = (e.warnings, e.disqualifications);
                view! {
                    <tr data-entrant=k>
                        <td>{if drawn { k.to_string() } else { String::new() }}</td>
                        <td>{e.name.clone()}{(!members.is_empty()).then(|| view! { <small class="t-members">" (" {members.clone()} ")"</small> })}</td>
                        {if drawn {
                            view! {
                                <td>{number_input(e.fouls, l.pick("犯规", "Fouls"), "fouls", |t, k, n| t.set_fouls(k, n).map_err(Fail::from))}</td>
                                <td>{number_input(warnings, l.pick("警告 (18.1)", "Warnings (18.1)"), "warnings", move |t, k, n| { let d = t.entrant(k).map(|e| e.disqualifications).unwrap_or(0); t.set_discipline(k, n, d).map_err(Fail::from) })}</td>
                                <td>{number_input(dq, l.pick("取消当场资格 (18.2)", "Game disqualifications (18.2)"), "disqualifications", move |t, k, n| { let w = t.entrant(k).map(|e| e.warnings).unwrap_or(0); t.set_discipline(k, w, n).map_err(Fail::from) })}</td>
                                <td>
                                    {if rounds <= ROUND_LIST_UP_TO { view! {
                                    <select aria-label=l.pick("退出 (20.3)", "Withdrawal (20.3)") data-testid="withdraw"
                                        on:change=move |ev| {
                                            let v = event_target_value(&ev);
                                            match v.parse::<usize>() {
                                                Ok(r) => update(&|t| t.withdraw(k, r).map_err(Fail::from)),
                                                Err(_) => update(&|t| t.cancel_withdrawal(k).map_err(Fail::from)),
                                            }
                                        }>
                                        <option value="" prop:selected=withdrawn.is_none()>"—"</option>
                                        {(0..=rounds).map(|r| view! {
                                            <option value=r.to_string() prop:selected=withdrawn == Some(r)>
                                                {move || if lang.get() == Lang::En { format!("after round {r}") } else { format!("第{r}轮后退出") }}
                                            </option>
                                        }).collect_view()}
                                    </select>
                                    }.into_any() } else { view! {
                                    // A list of hundreds of rounds per entrant is what bricked big events.
                                    <input type="number" min="0" max=rounds class="t-small" data-testid="withdraw"
                                        aria-label=l.pick("第几轮后退出 (20.3)，空为未退出", "Withdrew after round (20.3), blank for none")
                                        prop:value=withdrawn.map(|w| w.to_string()).unwrap_or_default()
                                        on:change=move |ev| {
                                            let v = event_target_value(&ev);
                                            match v.trim().parse::<usize>() {
                                                Ok(r) => update(&|t| t.withdraw(k, r).map_err(Fail::from)),
                                                Err(_) => update(&|t| t.cancel_withdrawal(k).map_err(Fail::from)),
                                            }
                                        } />
                                    }.into_any() }}
                                </td>
                            }.into_any()
                        } else {
                            view! {
                                <td>
                                    <button aria-label=format!("{} {}", l.pick("移除", "Remove"), e.name) on:click=move |_| update(&|t| t.remove_entrant(k).map(|_| ()).map_err(Fail::from))>"✕"</button>
                                </td>
                            }.into_any()
                        }}
                    </tr>
                }
            })
            .collect_view();
        Some(view! {
            <section class="t-section t-entrants no-print" aria-labelledby="t-entrants-h">
                <h2 id="t-entrants-h">{tr("参赛者", "Entrants")} " (" {t.entrants().len()} ")"</h2>
                {(!drawn).then(|| view! {
                    <div class="t-paste">
                        <label for="t-list">{move || if team { tr("粘贴队名，每行一队；可写“队名: 队员1, 队员2, …”", "Paste teams, one per line; optionally `Team: player 1, player 2, …`")() } else { tr("粘贴名单，每行一人", "Paste names, one per line")() }}</label>
                        <textarea id="t-list" data-testid="entrant-list" rows="6" prop:value=move || list.get() on:input=move |ev| list.set(event_target_value(&ev))></textarea>
                        <button data-testid="add-entrants" on:click=move |_| {
                            let text = list.get_untracked();
                            update(&|t| t.add_entrant_list(&text).map(|_| ()).map_err(Fail::from));
                            if current.with_untracked(|t| t.as_ref().is_some_and(|t| !t.entrants().is_empty())) { list.set(String::new()); }
                        }>{tr("加入", "Add")}</button>
                    </div>
                })}
                <table class="t-table">
                    <thead><tr>
                        <th>{tr("编号", "No.")}</th><th>{tr("名称", "Name")}</th>
                        {if drawn { view! {
                            <th>{tr("犯规", "Fouls")}</th><th>{tr("警告 18.1", "Warnings 18.1")}</th><th>{tr("取消资格 18.2", "Game DQ 18.2")}</th><th>{tr("退出 20.3", "Withdrawal 20.3")}</th>
                        }.into_any() } else { view! { <th></th> }.into_any() }}
                    </tr></thead>
                    <tbody>{rows}</tbody>
                </table>
                {pager("entrants-pager", entrant_page, PAGE, move || current.with(|t| t.as_ref().map_or(0, |t| t.entrants().len())))}
                {if drawn {
                    view! {
                        <p>
                            <button data-testid="clear-draw" on:click=move |_| update(&|t| t.clear_draw().map_err(Fail::from))>{tr("取消抽签", "Clear the draw")}</button>
                        </p>
                    }.into_any()
                } else {
                    view! {
                        <div class="t-draw">
                            <label>{tr("抽签种子", "Draw seed")} " "
                                <input data-testid="seed" class="t-small" prop:value=move || seed.get() on:input=move |ev| seed.set(event_target_value(&ev)) />
                            </label>
                            <button data-testid="draw" on:click=move |_| {
                                let s = seed.get_untracked();
                                match s.trim().parse::<u64>() {
                                    Ok(n) => update(&|t| t.draw_lots(n).map_err(Fail::from)),
                                    Err(_) => note.set(Some(Note::Error(format!("`{s}`: {}", lang.get_untracked().pick("种子应为整数", "the seed must be a whole number"))))),
                                }
                            }>{tr("抽签编号", "Draw numbers")}</button>
                            <label>{tr("手工编号（按名单序号列出，如 3,1,2）", "Numbers by hand (list positions, e.g. 3,1,2)")} " "
                                <input data-testid="hand-order" prop:value=move || hand.get() on:input=move |ev| hand.set(event_target_value(&ev)) />
                            </label>
                            <button data-testid="number-by-hand" on:click=move |_| {
                                let text = hand.get_untracked();
                                let parsed: Result<Vec<usize>, _> = text.split([',', '，', ' ']).filter(|p| !p.trim().is_empty()).map(|p| p.trim().parse::<usize>()).collect();
                                match parsed {
                                    Ok(order) => update(&|t| t.set_numbers(&order).map_err(Fail::from)),
                                    Err(_) => note.set(Some(Note::Error(format!("`{text}`: {}", lang.get_untracked().pick("请用逗号分隔的序号", "use comma-separated positions"))))),
                                }
                            }>{tr("按手工顺序编号", "Set these numbers")}</button>
                            <button data-testid="number-as-listed" on:click=move |_| {
                                update(&|t| { let order: Vec<usize> = (1..=t.entrants().len()).collect(); t.set_numbers(&order).map_err(Fail::from) })
                            }>{tr("按名单顺序编号", "Number as listed")}</button>
                        </div>
                    }.into_any()
                }}
            </section>
        })
    };

    // ---------------------------------------------------------------- rounds and results
    let set_board = move |round: usize,
                          red: usize,
                          black: usize,
                          board: usize,
                          boards: usize,
                          value: String| {
        let outcome: Option<Outcome> = value.parse().ok();
        let recorded = current.with_untracked(|t| {
            t.as_ref()
                .and_then(|t| t.result(round, red, black).map(|m| m.games.clone()))
        });
        let mut entry = BoardEntry::Incomplete;
        pending.update(|p| {
            entry = p.enter(round, red, boards, recorded.as_deref(), board, outcome);
        });
        match entry {
            BoardEntry::Complete(games) => update(&|t| {
                t.record(round, red, black, games.clone())
                    .map_err(Fail::from)
            }),
            BoardEntry::Incomplete => update(&|t| {
                t.clear_games(round, red, black);
                Ok(())
            }),
        }
    };

    // Every recorded result by (round, first, second): one pass per change, one lookup per row.
    let recorded = Memo::new(move |_| {
        current.with(|t| {
            t.as_ref().map_or_else(HashMap::new, |t| {
                t.results()
                    .iter()
                    .map(|m| ((m.round, m.red, m.black), m.games.clone()))
                    .collect::<HashMap<(usize, usize, usize), Vec<Outcome>>>()
            })
        })
    });

    let rounds_section = move || {
        let shape = shape.get()?;
        let boards = shape.boards;
        let (order, rosters) = (shape.order, shape.rosters);
        let event = shape.event.clone();
        let name = move |k: usize, names: &[String]| names.get(k - 1).cloned().unwrap_or_default();
        let pairings: usize = shape.rounds.iter().map(|r| r.games.len()).sum();
        let paged = pairings > ALL_ROUNDS_UP_TO;
        let shown = if paged {
            page_range(round_page.get(), 1, shape.rounds.len())
        } else {
            0..shape.rounds.len()
        };
        let round_count = shape.rounds.len();
        let rounds = shape.rounds[shown]
            .iter()
            .map(|rv| {
                let round = rv.round;
                let games = rv
                    .games
                    .iter()
                    .map(|p| {
                        let (red, black) = (p.red, p.black);
                        let gone = move || current.with(|t| t.as_ref().is_some_and(|t| t.is_forfeit_by_withdrawal(round, red, black)));
                        let controls = (0..boards)
                            .map(|b| {
                                let value = move || {
                                    recorded.with(|m| m.get(&(round, red, black)).and_then(|g| g.get(b).copied()))
                                    .or_else(|| pending.with(|p| p.get(round, red, b)))
                                    .map(|o| o.notation().to_string())
                                    .unwrap_or_default()
                                };
                                let label = move || {
                                    let board = match (boards > 1, lang.get()) {
                                        (false, _) => String::new(),
                                        (true, Lang::En) => format!(", board {}", b + 1),
                                        (true, Lang::Zh) => format!(" 第{}台", b + 1),
                                    };
                                    if lang.get() == Lang::En {
                                        format!("Result, round {round}, {red}-{black}{board}")
                                    } else {
                                        format!("第{round}轮 {red}-{black}{board} 结果")
                                    }
                                };
                                view! {
                                    <select data-testid="result" data-board=b + 1 aria-label=label disabled=gone
                                        on:change=move |ev| set_board(round, red, black, b, boards, event_target_value(&ev))>
                                        <option value="" prop:selected=move || value().is_empty()>"—"</option>
                                        {Outcome::ALL.into_iter().map(|o| {
                                            let n = o.notation();
                                            view! { <option value=n prop:selected=move || value() == n>{n}</option> }
                                        }).collect_view()}
                                    </select>
                                }
                            })
                            .collect_view();
                        let (rn, bn) = (name(red, &shape.names), name(black, &shape.names));
                        view! {
                            <tr data-round=round data-red=red data-black=black>
                                <td class="t-num">{red}</td>
                                <td class="t-red">{rn}</td>
                                <td class="t-result">
                                    {controls}
                                    <span class="t-print-result">{move || recorded.with(|m| m.get(&(round, red, black)).map(|g| g.iter().map(|o| o.notation()).collect::<Vec<_>>().join(" ")).unwrap_or_default())}</span>
                                    <Show when=gone>
                                        <span class="t-forfeit">{tr("退出：弃权", "withdrawn: forfeit")}</span>
                                    </Show>
                                </td>
                                <td class="t-black">{bn}</td>
                                <td class="t-num">{black}</td>
                            </tr>
                            {(order.is_some() && rosters).then(|| lineup_row(round, red, black, boards, order, current, update))}
                        }
                    })
                    .collect_view();
                let bye = rv.bye.map(|k| {
                    let n = name(k, &shape.names);
                    view! { <tr class="t-bye" data-round=round data-bye=k><td class="t-num">{k}</td><td colspan="4">{n} " — " {tr("轮空", "bye")}</td></tr> }
                });
                view! {
                    <div class="t-round" data-testid="round" data-round=round>
                        <h3><span class="t-print-only">{event.clone()} " · "</span>{move || if lang.get() == Lang::En { format!("Round {round}") } else { format!("第 {round} 轮") }}</h3>
                        <table class="t-table t-pairings">
                            <thead><tr>
                                <th>{tr("编号", "No.")}</th>
                                <th>{move || if boards > 1 { lang.get().pick("先走队（单数台执红）", "First team (Red on odd boards)") } else { lang.get().pick("红方", "Red") }}</th>
                                <th>{tr("结果", "Result")}</th>
                                <th>{move || if boards > 1 { lang.get().pick("后走队", "Second team") } else { lang.get().pick("黑方", "Black") }}</th>
                                <th>{tr("编号", "No.")}</th>
                            </tr></thead>
                            <tbody>{games}{bye}</tbody>
                        </table>
                    </div>
                }
            })
            .collect_view();
        let _ = shape.id;
        Some(view! {
            <section class="t-section t-pairings-section" aria-labelledby="t-rounds-h">
                <h2 id="t-rounds-h">{tr("各轮对阵与结果", "Rounds and results")}</h2>
                {paged.then(|| pager("rounds-pager", round_page, 1, move || round_count))}
                {rounds}
            </section>
        })
    };

    // ---------------------------------------------------------------- standings and crosstable
    // Computed once per change of the event; the table shows one page of it.
    let standings = Memo::new(move |_| current.with(|t| t.as_ref().map(Tournament::standings)));

    let standings_section = move || {
        let name = current.with(|t| t.as_ref().map(|t| t.name().to_string()))?;
        let columns = standings.with(|s| s.as_ref().map(|s| s.columns.clone()))?;
        let heads = columns
            .iter()
            .map(|c| {
                let c = *c;
                view! { <th data-tiebreak=c.key()>{move || c.label_in(lang.get())}</th> }
            })
            .collect_view();
        let legend_columns = columns.clone();
        let count = move || standings.with(|s| s.as_ref().map_or(0, |s| s.rows.len()));
        let rows = move || {
            standings.with(|s| {
                let Some(s) = s else { return Vec::new() };
                let shown = page_range(standings_page.get(), PAGE, s.rows.len());
                s.rows[shown].to_vec()
            })
        };
        Some(view! {
            <section class="t-section t-standings" aria-labelledby="t-standings-h">
                <h2 id="t-standings-h">{name} " · " {tr("名次", "Standings")}</h2>
                {pager("standings-pager", standings_page, PAGE, count)}
                <table class="t-table" data-testid="standings">
                    <thead><tr>
                        <th>{tr("名次", "Place")}</th><th>{tr("编号", "No.")}</th><th>{tr("名称", "Name")}</th>
                        <th>{move || standings.with(|s| s.as_ref().map(|s| s.score_label_in(lang.get())).unwrap_or_default())}</th>
                        {heads}
                        <th>{tr("局", "Gm")}</th><th>{tr("胜", "W")}</th><th>{tr("和", "D")}</th><th>{tr("负", "L")}</th>
                    </tr></thead>
                    <tbody>
                        <For each=rows key=|r| format!("{r:?}") let:r>
                            {
                                let tbs = r
                                    .tiebreaks
                                    .iter()
                                    .map(|v| view! { <td>{v.map(|v| v.to_string()).unwrap_or_else(|| "—".into())}</td> })
                                    .collect_view();
                                let place = r.place.map(|p| p.to_string()).unwrap_or_else(|| "—".into());
                                let place_attr = place.clone();
                                let (annulled, withdrew) = (r.place.is_none(), r.withdrawn);
                                let status = move || {
                                    let l = lang.get();
                                    if annulled { l.pick("成绩注销 (20.3)", "annulled (20.3)") } else if withdrew { l.pick("退出", "withdrew") } else { "" }
                                };
                                view! {
                                    <tr data-entrant=r.entrant data-place=place_attr>
                                        <td>{place}</td>
                                        <td>{r.entrant}</td>
                                        <td>{r.name.clone()} <small>" " {status}</small></td>
                                        <td class="t-score">{r.score.to_string()}</td>
                                        {tbs}
                                        <td>{r.played}</td><td>{r.won}</td><td>{r.drawn}</td><td>{r.lost}</td>
                                    </tr>
                                }
                            }
                        </For>
                    </tbody>
                </table>
                <p class="t-legend">{tr("同分时依次比较：", "Ties broken in order: ")} {move || legend_columns.iter().map(|c| c.label_in(lang.get())).collect::<Vec<_>>().join(" → ")} {tr("；仍相同则名次并列 (=)。", "; still equal: shared place (=).")}</p>
            </section>
        })
    };

    let crosstable_section = move || {
        let t = current.with(|t| t.as_ref().map(|t| (t.is_drawn(), t.name().to_string())));
        let (drawn, event) = t?;
        if !drawn {
            return None;
        }
        let x = current.with(|t| {
            standings.with(|s| {
                t.as_ref()
                    .zip(s.as_ref())
                    .map(|(t, s)| t.crosstable_from(s))
            })
        })?;
        let n = x.names.len();
        // Large fields show a window of rows and columns; small ones the whole grid.
        let rows_shown = page_range(cross_rows.get(), GRID, n);
        let cols_shown = page_range(cross_cols.get(), GRID, n);
        let heads = cols_shown
            .clone()
            .map(|j| view! { <th>{j + 1}</th> })
            .collect_view();
        let rows = rows_shown
            .map(|i| {
                let cells = cols_shown
                    .clone()
                    .map(|j| {
                        if i == j {
                            view! { <td class="t-diag">"×"</td> }.into_any()
                        } else {
                            view! { <td>{x.cell(i + 1, j + 1)}</td> }.into_any()
                        }
                    })
                    .collect_view();
                view! {
                    <tr data-entrant=i + 1>
                        <td>{i + 1}</td><td class="t-name">{x.names[i].clone()}</td>
                        {cells}
                        <td class="t-score">{x.totals[i].to_string()}</td>
                    </tr>
                }
            })
            .collect_view();
        Some(view! {
            <section class="t-section t-crosstable" aria-labelledby="t-cross-h">
                <h2 id="t-cross-h">{event} " · " {tr("成绩交叉表", "Crosstable")}</h2>
                {pager("crosstable-rows", cross_rows, GRID, move || n)}
                {pager("crosstable-cols", cross_cols, GRID, move || n)}
                <table class="t-table t-grid" data-testid="crosstable">
                    <thead><tr><th>{tr("编号", "No.")}</th><th>{tr("名称", "Name")}</th>{heads}<th>{tr("得分", "Score")}</th></tr></thead>
                    <tbody>{rows}</tbody>
                </table>
                <p class="t-legend">{tr("“+”“-”为弃权胜负 (21.4)", "“+” / “-”: won / lost by forfeit (21.4)")}</p>
            </section>
        })
    };

    let settings_line = move || {
        let t = current.get()?;
        let f = match t.format() {
            Competition::Individual => tr("个人赛", "Individual")().to_string(),
            Competition::Team { boards, .. } => format!(
                "{} · {boards} {}",
                tr("团体赛", "Team")(),
                tr("台", "boards")()
            ),
        };
        let c = if t.cycles() == Cycles::Double {
            tr("双循环", "double round robin")()
        } else {
            tr("单循环", "single round robin")()
        };
        let s = if t.scoring() == Scoring::TWO_ONE_ZERO {
            tr("胜2和1负0", "2/1/0")()
        } else {
            tr("胜1和½负0", "1/½/0")()
        };
        Some(
            view! { <p class="t-settings" data-testid="event-settings"><strong>{t.name().to_string()}</strong> " · " {f} " · " {c} " · " {s}</p> },
        )
    };

    view! {
        <div class="tournament" data-print=move || print_part.get()>
            <h1 class="no-print">{tr("循环赛", "Round robin")}</h1>
            {move || note.get().map(|n| match n {
                Note::Error(e) => view! { <p class="error no-print" role="alert" data-testid="message">{e}</p> }.into_any(),
                Note::Info(i) => view! { <p class="t-info no-print" role="status" data-testid="message">{i}</p> }.into_any(),
            })}
            {toolbar}
            {create_form}
            {settings_line}
            {entrants_section}
            {rounds_section}
            {standings_section}
            <Show when=move || current.with(|t| t.is_some())>
                <TieBreakEditor current=current update=update />
            </Show>
            {crosstable_section}
        </div>
    }
}

/// The players on each board of a team match (article 12): shown always, editable unless the
/// order is fixed (12.1). Positions refer to each team's registered list.
fn lineup_row(
    round: usize,
    red: usize,
    black: usize,
    boards: usize,
    order: Option<BoardOrder>,
    current: Memo<Option<Tournament>>,
    update: impl Fn(&dyn Fn(&mut Tournament) -> Result<(), Fail>) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let fixed = order == Some(BoardOrder::Fixed);
    let lang = use_lang();
    let text = move || {
        current.with(|t| {
            let t = t.as_ref()?;
            let (fm, sm) = (
                &t.entrant(red).ok()?.members,
                &t.entrant(black).ok()?.members,
            );
            let (fl, sl) = match t.result(round, red, black).and_then(|m| m.lineups.clone()) {
                Some(l) => l,
                None if fixed => ((1..=boards).collect(), (1..=boards).collect()),
                None => return None,
            };
            let get =
                |m: &[String], i: usize| m.get(i.wrapping_sub(1)).cloned().unwrap_or_default();
            let boards: Vec<String> = fl
                .iter()
                .zip(&sl)
                .enumerate()
                .map(|(b, (f, s))| format!("{}: {} – {}", b + 1, get(fm, *f), get(sm, *s)))
                .collect();
            Some(boards.join("　"))
        })
    };
    let first = RwSignal::new(String::new());
    let second = RwSignal::new(String::new());
    let parse = |s: &str| -> Result<Vec<usize>, String> {
        s.split([',', '，', ' '])
            .filter(|p| !p.trim().is_empty())
            .map(|p| p.trim().parse::<usize>().map_err(|_| format!("`{p}`")))
            .collect()
    };
    view! {
        <tr class="t-lineup-row" data-round=round data-lineup-for=red>
            <td colspan="5">
                <span class="t-lineup" data-testid="lineup">{text}</span>
                {(!fixed).then(|| view! {
                    <span class="no-print t-lineup-edit">
                        <input class="t-small" data-testid="lineup-first" placeholder="1,2,3,4"
                            aria-label=lang.get_untracked().pick("第{r}轮 {k} 队台次", "Round {r}: line-up of team {k}").replace("{r}", &round.to_string()).replace("{k}", &red.to_string())
                            prop:value=move || first.get() on:input=move |ev| first.set(event_target_value(&ev)) />
                        <input class="t-small" data-testid="lineup-second" placeholder="1,2,3,4"
                            aria-label=lang.get_untracked().pick("第{r}轮 {k} 队台次", "Round {r}: line-up of team {k}").replace("{r}", &round.to_string()).replace("{k}", &black.to_string())
                            prop:value=move || second.get() on:input=move |ev| second.set(event_target_value(&ev)) />
                        <button data-testid="set-lineup" on:click=move |_| {
                            let (a, b) = (parse(&first.get_untracked()), parse(&second.get_untracked()));
                            update(&|t| match (&a, &b) {
                                (Ok(a), Ok(b)) => t.set_lineups(round, red, black, a.clone(), b.clone()).map_err(Fail::from),
                                (Err(e), _) | (_, Err(e)) => Err(Fail::Said(format!("{e}: {}", lang.get_untracked().pick("请用逗号分隔的队员序号", "use comma-separated player positions")))),
                            });
                        }>{tr("定台次", "Set line-ups")}</button>
                    </span>
                })}
            </td>
        </tr>
    }
}

/// Reorders and switches tie-breaks; the core refuses orders that do not apply.
#[component]
fn TieBreakEditor(
    current: Memo<Option<Tournament>>,
    update: impl Fn(&dyn Fn(&mut Tournament) -> Result<(), Fail>) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let lang = use_lang();
    let items = move || {
        let t = current.get()?;
        let order = t.tiebreaks().to_vec();
        let format = t.format();
        // Active criteria in their order, then the others that apply to this format.
        let available: Vec<TieBreak> = order
            .iter()
            .copied()
            .chain(
                TieBreak::ALL
                    .into_iter()
                    .filter(|tb| tb.applies_to(format) && !order.contains(tb)),
            )
            .collect();
        Some(
            available
                .into_iter()
                .map(|tb| {
                    let pos = order.iter().position(|o| *o == tb);
                    let on = pos.is_some();
                    let o2 = order.clone();
                    let o3 = order.clone();
                    view! {
                        <li>
                            <label>
                                <input type="checkbox" prop:checked=on data-tiebreak=tb.key()
                                    on:change=move |_| {
                                        let mut next = o2.clone();
                                        if on { next.retain(|x| *x != tb); } else { next.push(tb); }
                                        update(&|t| t.set_tiebreaks(next.clone()).map_err(Fail::from));
                                    } />
                                " " {move || tb.label_in(lang.get())}
                            </label>
                            {pos.filter(|&p| p > 0).map(|p| view! {
                                <button aria-label=format!("{} {}", lang.get_untracked().pick("上移", "Move up"), tb.label_in(lang.get_untracked())) on:click=move |_| {
                                    let mut next = o3.clone();
                                    next.swap(p, p - 1);
                                    update(&|t| t.set_tiebreaks(next.clone()).map_err(Fail::from));
                                }>"↑"</button>
                            })}
                        </li>
                    }
                })
                .collect_view(),
        )
    };
    view! {
        <details class="t-tiebreaks no-print">
            <summary>{tr("区分名次的顺序", "Tie-break order")}</summary>
            <ol>{items}</ol>
        </details>
    }
}
