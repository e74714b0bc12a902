//! `#/swiss`: run a Swiss (积分编排制) and a knockout bracket — create, entrants, pair each round
//! by the FIDE Dutch system, results, standings with the 15.2/15.4 columns, TRF files, print.
//! Every rule lives in `events::swiss`, `events::trf` and `events::knockout`; this page shows and
//! stores.
//!
//! Test contract: board rows are `tr[data-board]` with `data-red`/`data-black` pairing numbers and
//! `select[data-testid=result]`; the standings table is `[data-testid=swiss-standings]` with one
//! `tr[data-entrant]` per entrant in rank order; bracket matches are `[data-match]` with buttons
//! `[data-testid=win-a]`/`[data-testid=win-b]`.

use super::files::download;
use super::i18n::{tr, use_lang};
use super::storage;
use crate::events::knockout::{Bracket, Elimination, Section, Seeding, Side, Slot};
use crate::events::swiss::{
    swiss_standings, BoardResult, Buchholz, Entrant, Leave, RoundPairing, Swiss, SwissTieBreak,
};
use crate::events::trf::{parse_trf, write_trf};
use crate::lang::Say;
use crate::xiangqi::Color;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};
use wasm_bindgen::JsCast;

const SWISS_KEY: &str = "xq.swiss.event";
const KO_KEY: &str = "xq.swiss.knockout";

/// The saved Swiss: the event, its name, and the round paired but not yet recorded.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Saved {
    name: String,
    event: Swiss,
    pending: Option<RoundPairing>,
    /// Result codes of the pending boards (`1-0`, `½-½`, `0-1`, `+-`, `-+`, or `r:b` game points).
    results: Vec<String>,
}

/// The saved knockout: entrant names and the bracket.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct SavedKo {
    names: Vec<String>,
    bracket: Bracket,
}

fn load<T: for<'de> Deserialize<'de>>(key: &str) -> Option<T> {
    storage::get(key).and_then(|t| serde_json::from_str(&t).ok())
}

fn board_result(code: &str) -> Option<BoardResult> {
    Some(match code {
        "1-0" => BoardResult::RedWins,
        "½-½" => BoardResult::Draw,
        "0-1" => BoardResult::BlackWins,
        "+-" => BoardResult::RedWinsByForfeit,
        "-+" => BoardResult::BlackWinsByForfeit,
        _ => return None,
    })
}

fn game_points(code: &str) -> Option<(u32, u32)> {
    let (a, b) = code.split_once(':')?;
    Some((a.trim().parse().ok()?, b.trim().parse().ok()?))
}

/// `name, rating` or `name rating` or `name` per line.
fn parse_entrants(text: &str) -> Vec<Entrant> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|line| {
            let (name, rating) = match line.rsplit_once([',', '\t', ' ', '，']) {
                Some((n, r)) if r.trim().parse::<u32>().is_ok() => {
                    let n = n.trim().trim_end_matches([',', '，', '\t']).trim();
                    (n.to_string(), r.trim().parse().unwrap_or(0))
                }
                _ => (line.to_string(), 0),
            };
            Entrant::new(name, rating)
        })
        .collect()
}

/// The Swiss and knockout page.
#[component]
pub fn SwissPage(query: String) -> impl IntoView {
    let _ = query;
    let lang = use_lang();
    let saved: RwSignal<Option<Saved>> = RwSignal::new(load(SWISS_KEY));
    let ko: RwSignal<Option<SavedKo>> = RwSignal::new(load(KO_KEY));
    let note: RwSignal<Option<String>> = RwSignal::new(None);
    let print_part = RwSignal::new("pairings".to_string());
    let paper = RwSignal::new("A4".to_string());
    Effect::new(move || {
        let text = saved.with(|s| serde_json::to_string(s).unwrap_or_default());
        if let Err(e) = storage::set(SWISS_KEY, &text) {
            note.set(Some(e));
        }
    });
    Effect::new(move || {
        let text = ko.with(|s| serde_json::to_string(s).unwrap_or_default());
        if let Err(e) = storage::set(KO_KEY, &text) {
            note.set(Some(e));
        }
    });

    // Create form.
    let name = RwSignal::new(String::new());
    let rounds = RwSignal::new("7".to_string());
    let team = RwSignal::new(false);
    let boards = RwSignal::new("4".to_string());
    let accelerated = RwSignal::new(false);
    let first_black = RwSignal::new(false);
    let create = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let mut event = Swiss::new(rounds.get().trim().parse().ok().filter(|&r| r > 0));
        event.accelerated = accelerated.get();
        event.first_color = if first_black.get() {
            Color::Black
        } else {
            Color::Red
        };
        if team.get() {
            event.boards = Some(boards.get().trim().parse().unwrap_or(4).clamp(1, 16));
        }
        saved.set(Some(Saved {
            name: name.get(),
            event,
            pending: None,
            results: Vec::new(),
        }));
        note.set(None);
    };

    let list = RwSignal::new(String::new());
    let add = move |_| {
        let new = parse_entrants(&list.get());
        saved.update(|s| {
            if let Some(s) = s {
                for e in new {
                    s.event.add_entrant(e);
                }
            }
        });
        list.set(String::new());
    };
    let pair = move |_| {
        let Some(s) = saved.get() else { return };
        match s.event.pair_next() {
            Ok(p) => saved.update(|s| {
                if let Some(s) = s {
                    s.results = vec![String::new(); p.boards.len()];
                    s.pending = Some(p);
                }
                note.set(None);
            }),
            Err(e) => note.set(Some(e.say(lang.get()))),
        }
    };
    let record = move |_| {
        let Some(mut s) = saved.get() else { return };
        let Some(p) = s.pending.clone() else { return };
        let outcome = if s.event.boards.is_some() {
            let pts: Option<Vec<(u32, u32)>> = s.results.iter().map(|c| game_points(c)).collect();
            pts.map(|pts| s.event.record_team_round(&p, &pts))
        } else {
            let res: Option<Vec<BoardResult>> = s.results.iter().map(|c| board_result(c)).collect();
            res.map(|res| s.event.record_round(&p, &res))
        };
        match outcome {
            None => note.set(Some(
                lang.get()
                    .pick("还有对局没有结果", "some boards have no result")
                    .into(),
            )),
            Some(Err(e)) => note.set(Some(e.say(lang.get()))),
            Some(Ok(())) => {
                s.pending = None;
                s.results.clear();
                saved.set(Some(s));
                note.set(None);
            }
        }
    };
    let import_trf = move |ev: leptos::ev::Event| {
        let Some(input) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        else {
            return;
        };
        let Some(file) = input.files().and_then(|f| f.get(0)) else {
            return;
        };
        input.set_value("");
        let Ok(reader) = web_sys::FileReader::new() else {
            return;
        };
        let r2 = reader.clone();
        let fname = file.name();
        let onload = wasm_bindgen::closure::Closure::once_into_js(move || {
            let text = r2
                .result()
                .ok()
                .and_then(|v| v.as_string())
                .unwrap_or_default();
            match parse_trf(&text) {
                Ok(event) => {
                    saved.set(Some(Saved {
                        name: fname.trim_end_matches(".trf").to_string(),
                        event,
                        pending: None,
                        results: Vec::new(),
                    }));
                    note.set(None);
                }
                Err(e) => note.set(Some(e.say(lang.get()))),
            }
        });
        reader.set_onload(Some(onload.unchecked_ref()));
        let _ = reader.read_as_text(&file);
    };
    let export_trf = move |_| {
        if let Some(s) = saved.get() {
            let stem = super::files::safe_stem(&s.name, "swiss");
            if let Err(e) = download(&format!("{stem}.trf"), "text/plain", &write_trf(&s.event)) {
                note.set(Some(e));
            }
        }
    };
    let buchholz = RwSignal::new(Buchholz::Full);

    let entrant_name = move |s: &Saved, i: usize| format!("{} {}", i + 1, s.event.entrants[i].name);

    let create_view = move || {
        view! {
            <form class="t-create no-print" data-testid="swiss-create" on:submit=create>
                <h2>{tr("新建积分编排赛", "New Swiss event")}</h2>
                <label>{tr("赛事名称", "Event name")} " "
                    <input data-testid="swiss-name" required prop:value=move || name.get() on:input=move |ev| name.set(event_target_value(&ev)) />
                </label>
                <label>{tr("轮数", "Rounds")} " "
                    <input type="number" min="1" max="30" class="t-small" data-testid="swiss-rounds" prop:value=move || rounds.get() on:input=move |ev| rounds.set(event_target_value(&ev)) />
                </label>
                <fieldset>
                    <label><input type="radio" name="sw-kind" prop:checked=move || !team.get() on:change=move |_| team.set(false) /> {tr("个人赛", "Individual")}</label>
                    <label><input type="radio" name="sw-kind" data-testid="swiss-team" prop:checked=move || team.get() on:change=move |_| team.set(true) /> {tr("团体赛", "Team")}</label>
                    <Show when=move || team.get()>
                        <label>{tr("台数", "Boards")} " "
                            <input type="number" min="1" max="16" class="t-small" prop:value=move || boards.get() on:input=move |ev| boards.set(event_target_value(&ev)) />
                        </label>
                    </Show>
                </fieldset>
                <label><input type="checkbox" data-testid="swiss-accelerated" prop:checked=move || accelerated.get() on:change=move |ev| accelerated.set(event_target_checked(&ev)) /> {tr("加速编排（巴库法）", "Accelerated pairings (Baku)")}</label>
                <label><input type="checkbox" prop:checked=move || first_black.get() on:change=move |ev| first_black.set(event_target_checked(&ev)) /> {tr("1 号第一轮执黑（抽签决定）", "Number 1 has Black in round 1 (by lot)")}</label>
                <button type="submit" data-testid="swiss-create-button">{tr("创建", "Create")}</button>
            </form>
        }
    };

    let event_view = move || {
        let Some(s) = saved.get() else {
            return create_view().into_any();
        };
        let l = lang.get();
        let played = s.event.rounds_played();
        let team_event = s.event.boards.is_some();
        let settings = format!(
            "{} · {} · {}",
            s.name,
            match s.event.rounds_planned {
                Some(r) => l
                    .pick("共 {r} 轮", "{r} rounds")
                    .replace("{r}", &r.to_string()),
                None => l.pick("轮数未定", "rounds open").to_string(),
            },
            if team_event {
                l.pick("团体赛", "team event")
            } else {
                l.pick("个人赛", "individual")
            }
        );
        let entrants = s.event.entrants.iter().enumerate().map(|(i, e)| {
            let withdrawn = e.withdrawn;
            let next = match e.next { None => "play", Some(Leave::Zero) => "absent", Some(Leave::Half) => "half", Some(Leave::Full) => "full" };
            view! {
                <tr data-entrant=i + 1>
                    <td>{i + 1}</td>
                    <td class="t-name">{e.name.clone()}</td>
                    <td>{if e.rating > 0 { e.rating.to_string() } else { String::new() }}</td>
                    <td class="t-score">{e.score()}</td>
                    <td>
                        <select data-testid="next-round" prop:disabled=withdrawn on:change=move |ev| {
                            let v = event_target_value(&ev);
                            saved.update(|s| if let Some(s) = s {
                                s.event.entrants[i].next = match v.as_str() { "absent" => Some(Leave::Zero), "half" => Some(Leave::Half), "full" => Some(Leave::Full), _ => None };
                            });
                        }>
                            <option value="play" prop:selected={next == "play"}>{tr("参赛", "plays")}</option>
                            <option value="absent" prop:selected={next == "absent"}>{tr("缺席", "absent")}</option>
                            <option value="half" prop:selected={next == "half"}>{tr("轮空半分", "half-point bye")}</option>
                            <option value="full" prop:selected={next == "full"}>{tr("轮空全分", "full-point bye")}</option>
                        </select>
                    </td>
                    <td>
                        <label><input type="checkbox" data-testid="withdrawn" prop:checked=withdrawn on:change=move |ev| {
                            let on = event_target_checked(&ev);
                            saved.update(|s| if let Some(s) = s { s.event.entrants[i].withdrawn = on; });
                        } /> {tr("退赛", "withdrawn")}</label>
                    </td>
                    <td><input class="t-small" type="number" min="0" data-testid="fouls" prop:value=e.fouls.to_string() on:change=move |ev| {
                        let v = event_target_value(&ev).trim().parse().unwrap_or(0);
                        saved.update(|s| if let Some(s) = s { s.event.entrants[i].fouls = v; });
                    } /></td>
                </tr>
            }
        }).collect_view();
        let pending = s.pending.clone().map(|p| {
            let round = p.round;
            let rows = p.boards.iter().enumerate().map(|(k, b)| {
                let (red, black) = (b.red, b.black);
                let current = s.results.get(k).cloned().unwrap_or_default();
                let red_name = entrant_name(&s, red);
                let black_name = entrant_name(&s, black);
                let (rs, bs) = (s.event.entrants[red].score(), s.event.entrants[black].score());
                let control = if team_event {
                    view! {
                        <input class="t-small" data-testid="result" placeholder="5:3" prop:value=current on:change=move |ev| {
                            let v = event_target_value(&ev);
                            saved.update(|s| if let Some(s) = s { s.results[k] = v; });
                        } />
                    }.into_any()
                } else {
                    view! {
                        <select data-testid="result" on:change=move |ev| {
                            let v = event_target_value(&ev);
                            saved.update(|s| if let Some(s) = s { s.results[k] = v; });
                        }>
                            {["", "1-0", "½-½", "0-1", "+-", "-+"].into_iter().map(|c| view! { <option value=c prop:selected={current == c}>{c}</option> }).collect_view()}
                        </select>
                    }.into_any()
                };
                view! {
                    <tr data-board=k + 1 data-red=red + 1 data-black=black + 1>
                        <td>{k + 1}</td>
                        <td class="t-red">{red_name}" ("{rs}")"</td>
                        <td class="t-print-hide">{control}</td>
                        <td class="t-black">{black_name}" ("{bs}")"</td>
                    </tr>
                }
            }).collect_view();
            let bye = p.bye.map(|b| view! { <p data-testid="bye">{tr("轮空：", "Bye: ")}{entrant_name(&s, b)}</p> });
            view! {
                <section class="t-section" class:no-print=move || print_part.get() != "pairings">
                    <h2 data-testid="round-title">{s.name.clone()}" · "{l.pick("第 {r} 轮对阵", "Round {r} pairings").replace("{r}", &round.to_string())}</h2>
                    <table class="t-table" data-testid="pairing">
                        <thead><tr><th>{tr("台", "Bd")}</th><th>{tr("红方", "Red")}</th><th class="t-print-hide">{tr("结果", "Result")}</th><th>{tr("黑方", "Black")}</th></tr></thead>
                        <tbody>{rows}</tbody>
                    </table>
                    {bye}
                    <button class="no-print" data-testid="record-round" on:click=record>{tr("登记本轮成绩", "Record round")}</button>
                </section>
            }
        });
        let order = SwissTieBreak::order(team_event, buchholz.get());
        let rows = swiss_standings(&s.event, &order);
        let heads = order
            .iter()
            .map(|t| {
                let key = match t {
                    SwissTieBreak::OpponentScores(_) | SwissTieBreak::TeamOpponentScores(_) => {
                        "opp"
                    }
                    SwissTieBreak::Wins | SwissTieBreak::MatchWins => "wins",
                    SwissTieBreak::Fouls | SwissTieBreak::TeamFouls => "fouls",
                    SwissTieBreak::GamePoints => "games",
                };
                view! { <th data-tiebreak=key>{t.say(l)}</th> }
            })
            .collect_view();
        let body = rows.iter().map(|r| {
            let e = &s.event.entrants[r.entrant];
            let ties = r.ties.iter().map(|v| view! { <td>{*v}</td> }).collect_view();
            view! {
                <tr data-entrant=r.entrant + 1 data-place=r.place>
                    <td>{r.place}</td><td>{r.entrant + 1}</td><td class="t-name">{e.name.clone()}{if e.withdrawn { l.pick("（退赛）", " (withdrawn)") } else { "" }}</td>
                    <td class="t-score">{r.points}</td>{ties}
                </tr>
            }
        }).collect_view();
        let history = (1..=played).filter_map(|r| s.event.round_pairing(r)).map(|p| {
            let line = p.boards.iter().map(|b| {
                let res = match (s.event.entrants[b.red].history.get(p.round - 1), team_event) {
                    (Some(crate::events::swiss::Record::Game { outcome, played, .. }), false) => match (outcome, played) {
                        (crate::events::swiss::Outcome::Win, true) => "1-0", (crate::events::swiss::Outcome::Draw, _) => "½-½", (crate::events::swiss::Outcome::Loss, true) => "0-1",
                        (crate::events::swiss::Outcome::Win, false) => "+-", _ => "-+",
                    }.to_string(),
                    _ => s.event.entrants[b.red].game_points.get(p.round - 1).zip(s.event.entrants[b.black].game_points.get(p.round - 1)).map(|(a, c)| format!("{a}:{c}")).unwrap_or_default(),
                };
                view! { <tr><td class="t-red">{entrant_name(&s, b.red)}</td><td>{res}</td><td class="t-black">{entrant_name(&s, b.black)}</td></tr> }
            }).collect_view();
            let bye = p.bye.map(|b| view! { <tr><td class="t-red">{entrant_name(&s, b)}</td><td>{tr("轮空", "bye")}</td><td></td></tr> });
            view! {
                <div class="t-round" data-testid="past-round">
                    <h3>{l.pick("第 {r} 轮", "Round {r}").replace("{r}", &p.round.to_string())}</h3>
                    <table class="t-table"><tbody>{line}{bye}</tbody></table>
                </div>
            }
        }).collect_view();
        let can_pair = s.pending.is_none() && s.event.rounds_planned.is_none_or(|r| played < r);
        view! {
            <p class="t-settings no-print" data-testid="swiss-settings">{settings}</p>
            <div class="t-toolbar no-print">
                <button data-testid="pair-round" prop:disabled=!can_pair on:click=pair>{l.pick("编排第 {r} 轮", "Pair round {r}").replace("{r}", &(played + 1).to_string())}</button>
                <button data-testid="export-trf" on:click=export_trf>{tr("导出 TRF", "Export TRF")}</button>
                <label class="t-file">{tr("导入 TRF", "Import TRF")} " "<input type="file" accept=".trf,.txt" data-testid="import-trf" on:change=import_trf /></label>
                <label>{tr("对手分", "Opponents' points")} " "
                    <select data-testid="buchholz" on:change=move |ev| buchholz.set(match event_target_value(&ev).as_str() { "cut1" => Buchholz::Cut1, "median" => Buchholz::Median, _ => Buchholz::Full })>
                        <option value="full">{tr("全部", "all")}</option>
                        <option value="cut1">{tr("去掉最低", "cut 1")}</option>
                        <option value="median">{tr("去掉最高最低", "median")}</option>
                    </select>
                </label>
                <button data-testid="swiss-discard" on:click=move |_| {
                    let sure = window().confirm_with_message(lang.get().pick("删除这个积分编排赛？", "Delete this Swiss event?")).unwrap_or(false);
                    if sure { saved.set(None); }
                }>{tr("删除赛事", "Delete event")}</button>
            </div>
            <section class="t-section no-print">
                <h2>{tr("参赛者", "Entrants")}</h2>
                <label class="t-paste">{tr("每行一名：姓名, 等级分（可省略）", "One per line: name, rating (optional)")}
                    <textarea rows="5" data-testid="swiss-entrants" prop:value=move || list.get() on:input=move |ev| list.set(event_target_value(&ev))></textarea>
                </label>
                <div class="t-draw">
                    <button data-testid="add-entrants" on:click=add>{tr("加入", "Add")}</button>
                    <button data-testid="seed-rating" prop:disabled={played > 0} on:click=move |_| saved.update(|s| if let Some(s) = s { s.event.seed_by_rating(); })>{tr("按等级分排序号", "Number by rating")}</button>
                </div>
                <table class="t-table" data-testid="swiss-entrant-table">
                    <thead><tr><th>{tr("序号", "No.")}</th><th>{tr("姓名", "Name")}</th><th>{tr("等级分", "Rating")}</th><th>{tr("积分", "Points")}</th><th>{tr("下一轮", "Next round")}</th><th>{tr("退赛", "Withdrawal")}</th><th>{tr("犯规", "Fouls")}</th></tr></thead>
                    <tbody>{entrants}</tbody>
                </table>
            </section>
            {pending}
            <section class="t-section" class:no-print=move || print_part.get() != "standings">
                <h2>{s.name.clone()}" · "{l.pick("名次表（第 {r} 轮后）", "Standings after round {r}").replace("{r}", &played.to_string())}</h2>
                <table class="t-table" data-testid="swiss-standings">
                    <thead><tr><th>{tr("名次", "Place")}</th><th>{tr("序号", "No.")}</th><th>{tr("姓名", "Name")}</th><th>{if team_event { l.pick("场分", "Match points") } else { l.pick("积分", "Points") }}</th>{heads}</tr></thead>
                    <tbody>{body}</tbody>
                </table>
            </section>
            <section class="t-section" class:no-print=move || print_part.get() != "rounds">
                <h2>{s.name.clone()}" · "{tr("各轮成绩", "Results by round")}</h2>
                <div class="t-rounds">{history}</div>
            </section>
        }.into_any()
    };

    view! {
        <div class="tournament swiss">
            <style>{move || format!("@media print {{ @page {{ size: {} landscape; margin: 8mm; }} }}", if print_part.get() == "bracket" { paper.get() } else { "A4".into() })}</style>
            <h1 class="no-print">{tr("积分编排赛与淘汰赛", "Swiss and knockout")}</h1>
            <div class="t-toolbar no-print">
                <label>{tr("打印", "Print")} " "
                    <select data-testid="print-part" on:change=move |ev| print_part.set(event_target_value(&ev))>
                        <option value="pairings">{tr("本轮对阵", "This round's pairings")}</option>
                        <option value="standings">{tr("名次表", "Standings")}</option>
                        <option value="rounds">{tr("各轮成绩", "All rounds")}</option>
                        <option value="bracket">{tr("淘汰赛对阵图", "Knockout bracket")}</option>
                    </select>
                </label>
                <button data-testid="print" on:click=move |_| { let _ = window().print(); }>{tr("打印", "Print")}</button>
            </div>
            {move || note.get().map(|n| view! { <p class="t-error" role="alert">{n}</p> })}
            {event_view}
            <KnockoutSection ko=ko saved=saved note=note print_part=print_part paper=paper />
        </div>
    }
}

/// The knockout bracket: create from a list or from the Swiss standings, click winners, print.
#[component]
fn KnockoutSection(
    ko: RwSignal<Option<SavedKo>>,
    saved: RwSignal<Option<Saved>>,
    note: RwSignal<Option<String>>,
    print_part: RwSignal<String>,
    paper: RwSignal<String>,
) -> impl IntoView {
    let lang = use_lang();
    let names = RwSignal::new(String::new());
    let double = RwSignal::new(false);
    let third = RwSignal::new(true);
    let seeding = RwSignal::new("listed".to_string());
    let lot = RwSignal::new("1".to_string());
    let make = move |from_swiss: bool| {
        let (list, ratings, order): (Vec<String>, Vec<u32>, Vec<usize>) = if from_swiss {
            let Some(s) = saved.get() else { return };
            let team = s.event.boards.is_some();
            let rows = swiss_standings(&s.event, &SwissTieBreak::order(team, Buchholz::Full));
            let list: Vec<String> = s.event.entrants.iter().map(|e| e.name.clone()).collect();
            let ratings = s.event.entrants.iter().map(|e| e.rating).collect();
            (list, ratings, rows.iter().map(|r| r.entrant).collect())
        } else {
            let es = parse_entrants(&names.get());
            let n = es.len();
            (
                es.iter().map(|e| e.name.clone()).collect(),
                es.iter().map(|e| e.rating).collect(),
                (0..n).collect(),
            )
        };
        let seeding = match (from_swiss, seeding.get().as_str()) {
            (true, _) => Seeding::Order(order),
            (false, "rating") => Seeding::Ratings(ratings),
            (false, "lot") => Seeding::Lot(lot.get().trim().parse().unwrap_or(1)),
            _ => Seeding::Order(order),
        };
        let kind = if double.get() {
            Elimination::Double
        } else {
            Elimination::Single {
                third_place: third.get(),
            }
        };
        match Bracket::new(list.len(), kind, &seeding) {
            Ok(bracket) => {
                ko.set(Some(SavedKo {
                    names: list,
                    bracket,
                }));
                note.set(None);
            }
            Err(e) => note.set(Some(e.say(lang.get()))),
        }
    };
    let bracket_view = move || {
        let k = ko.get()?;
        let l = lang.get();
        let name = |slot: Slot| match slot {
            Slot::Entrant(i) => k.names[i].clone(),
            Slot::Bye => l.pick("（轮空）", "(bye)").to_string(),
            Slot::Pending => "—".to_string(),
        };
        // Columns: each section in order of first appearance.
        let mut columns: Vec<(Section, Vec<usize>)> = Vec::new();
        for (i, m) in k.bracket.matches.iter().enumerate() {
            if m.section == Section::GrandFinalReset && !k.bracket.is_live(i) && m.winner.is_none()
            {
                continue;
            }
            match columns.iter_mut().find(|c| c.0 == m.section) {
                Some(c) => c.1.push(i),
                None => columns.push((m.section, vec![i])),
            }
        }
        let champion = k.bracket.champion().map(|c| k.names[c].clone());
        let cols = columns.into_iter().map(|(section, ms)| {
            let boxes = ms.into_iter().map(|i| {
                let (a, b) = k.bracket.sides(i);
                let w = k.bracket.matches[i].winner;
                let live = k.bracket.is_live(i);
                view! {
                    <div class="ko-match" data-match=i + 1 class:ko-done=w.is_some()>
                        <span class="ko-no">{i + 1}</span>
                        <div class="ko-side" class:ko-win={w == Some(Side::A)}>
                            <span data-testid="side-a">{name(a)}</span>
                            <button class="no-print" data-testid="win-a" prop:disabled=!live on:click=move |_| {
                                ko.update(|k| if let Some(k) = k { if let Err(e) = k.bracket.record(i, Side::A) { note.set(Some(e.say(lang.get_untracked()))); } });
                            }>"✓"</button>
                        </div>
                        <div class="ko-side" class:ko-win={w == Some(Side::B)}>
                            <span data-testid="side-b">{name(b)}</span>
                            <button class="no-print" data-testid="win-b" prop:disabled=!live on:click=move |_| {
                                ko.update(|k| if let Some(k) = k { if let Err(e) = k.bracket.record(i, Side::B) { note.set(Some(e.say(lang.get_untracked()))); } });
                            }>"✓"</button>
                        </div>
                    </div>
                }
            }).collect_view();
            view! { <div class="ko-column"><h3>{section.say(l)}</h3>{boxes}</div> }
        }).collect_view();
        Some(view! {
            <div class="ko-bracket" data-testid="bracket">{cols}</div>
            <p class="ko-champion" data-testid="champion">{champion.map(|c| format!("{}{}", l.pick("冠军：", "Champion: "), c))}</p>
        })
    };
    view! {
        <section class="t-section ko" class:no-print=move || print_part.get() != "bracket">
            <h2>{tr("淘汰赛", "Knockout")}</h2>
            <div class="t-create no-print" data-testid="ko-create">
                <label class="t-paste">{tr("参赛者（每行一名：姓名, 等级分）", "Entrants (one per line: name, rating)")}
                    <textarea rows="4" data-testid="ko-entrants" prop:value=move || names.get() on:input=move |ev| names.set(event_target_value(&ev))></textarea>
                </label>
                <fieldset>
                    <label><input type="radio" name="ko-kind" prop:checked=move || !double.get() on:change=move |_| double.set(false) /> {tr("单败淘汰", "Single elimination")}</label>
                    <label><input type="radio" name="ko-kind" data-testid="ko-double" prop:checked=move || double.get() on:change=move |_| double.set(true) /> {tr("双败淘汰", "Double elimination")}</label>
                    <label><input type="checkbox" prop:checked=move || third.get() on:change=move |ev| third.set(event_target_checked(&ev)) /> {tr("三四名决赛", "Third-place match")}</label>
                </fieldset>
                <label>{tr("种子", "Seeding")} " "
                    <select data-testid="ko-seeding" on:change=move |ev| seeding.set(event_target_value(&ev))>
                        <option value="listed">{tr("按列表顺序", "as listed")}</option>
                        <option value="rating">{tr("按等级分", "by rating")}</option>
                        <option value="lot">{tr("抽签", "by lot")}</option>
                    </select>
                    " " {tr("抽签种子数", "lot seed")} " "
                    <input class="t-small" prop:value=move || lot.get() on:input=move |ev| lot.set(event_target_value(&ev)) />
                </label>
                <div class="t-draw">
                    <button data-testid="ko-make" on:click=move |_| make(false)>{tr("生成对阵图", "Make bracket")}</button>
                    <button data-testid="ko-from-swiss" prop:disabled=move || saved.with(|s| s.is_none()) on:click=move |_| make(true)>{tr("按积分编排名次生成", "From the Swiss standings")}</button>
                    <label>{tr("纸张", "Paper")} " "
                        <select data-testid="ko-paper" on:change=move |ev| paper.set(event_target_value(&ev))>
                            <option value="A4">"A4"</option>
                            <option value="A3">"A3"</option>
                        </select>
                    </label>
                </div>
            </div>
            {bracket_view}
        </section>
    }
}
