//! Entering results (every scoring), withdrawals, and the result list.

use super::standings::{OpenBracket, Standings};
use super::timetable::session_pages;
use super::words;
use super::{slot_time, use_store, Store};
use crate::events::schedule::{enter_game, side_label, BestOf, MatchScore, SavedResult};
use crate::events::scoring::MatchResult;
use crate::lang::{Lang, Say};
use leptos::prelude::*;

fn enter_result(store: Store, fixture: usize, text: String) -> Result<(), String> {
    let lang = store.lang.get_untracked();
    let best_of = BestOf::new(store.best_of.get_untracked()).map_err(|e| e.say(lang))?;
    let scoring = store.draft.with_untracked(|d| d.scoring);
    let result = if text.trim().is_empty() {
        None
    } else {
        Some(
            scoring
                .parse_result(best_of, &text)
                .map_err(|e| e.say(lang))?,
        )
    };
    if store.group_games() {
        let outcome = match result {
            Some(MatchResult::Game(o)) => Some(o),
            _ => None,
        };
        let Some(p) = store.problem.get_untracked() else {
            return Err(words::SOLVE_THE_TIMETABLE_FIRST.get(lang).into());
        };
        let mut games = store.games.get_untracked();
        enter_game(&p, scoring, &mut games, fixture, outcome).map_err(|e| e.say(lang))?;
        // The same result again redraws nothing (see `set_score`).
        if store.games.with_untracked(|g| *g == games) {
            return Ok(());
        }
        store.games.set(games);
        store.save();
        return Ok(());
    }
    match result {
        Some(MatchResult::Rally(score)) => set_score(store, fixture, Some(score)),
        None if !scoring.is_game() => set_score(store, fixture, None),
        game => {
            let games = match game {
                Some(MatchResult::Game(o)) => Some(vec![o]),
                Some(MatchResult::Boards(b)) => Some(b),
                _ => None,
            };
            let pairing = store.problem.with_untracked(|p| {
                p.as_ref()
                    .and_then(|p| p.fixtures().get(fixture)?.berger_pairing())
            });
            let (Some((round, red, black)), Some(mut t), Some(id)) = (
                pairing,
                store.event.get_untracked(),
                store.event_id.get_untracked(),
            ) else {
                return Err(words::SOLVE_THE_TIMETABLE_FIRST.get(lang).into());
            };
            // The same result again (a change event on leaving the box) redraws nothing.
            if t.result(round, red, black).map(|m| &m.games) == games.as_ref() {
                return Ok(());
            }
            match games {
                Some(g) => t.record(round, red, black, g).map_err(|e| e.say(lang))?,
                None => t.clear_games(round, red, black),
            }
            crate::ui::storage::store_round_robin(Some(id), &t)?;
            store.event.set(Some(t));
        }
    }
    Ok(())
}

/// Stores or clears a table-tennis score.
fn set_score(store: Store, fixture: usize, score: Option<MatchScore>) {
    // The same score again (a change event on leaving the box) redraws nothing: a redraw under
    // the pointer would swallow the click that moved the focus.
    let same = store.results.with_untracked(|rs| {
        rs.iter().find(|r| r.fixture == fixture).map(|r| &r.score) == score.as_ref()
    });
    if same {
        return;
    }
    store.results.update(|rs| {
        rs.retain(|r| r.fixture != fixture);
        if let Some(score) = score {
            rs.push(SavedResult { fixture, score });
            rs.sort_by_key(|r| r.fixture);
        }
    });
    store.save();
}

/// Withdraws entrant `k` (1-based) now (20.3): after the last round in which it has a result, so
/// every match it has not played becomes a forfeit.
fn withdraw_now(store: Store, k: usize) -> Result<(), String> {
    let lang = store.lang.get_untracked();
    let (Some(mut t), Some(id)) = (store.event.get_untracked(), store.event_id.get_untracked())
    else {
        return Err(words::SOLVE_THE_TIMETABLE_FIRST.get(lang).into());
    };
    t.withdraw_now(k).map_err(|e| e.say(lang))?;
    crate::ui::storage::store_round_robin(Some(id), &t)?;
    store.event.set(Some(t));
    Ok(())
}

/// Result inputs drawn at once (whole sessions, at least one).
const ROWS_A_PAGE: usize = 200;

/// The result of every match, a page of sessions at a time, with the standings.
#[component]
pub(super) fn ResultsView() -> impl IntoView {
    let store = use_store();
    let errors = RwSignal::new(Vec::<(usize, String)>::new());
    let page = RwSignal::new(0usize);
    move || {
        let (p, s) = store.settled()?;
        let en = store.lang.get() == Lang::En;
        let fixtures = p.fixtures();
        let results = store.results.get_untracked();
        let seats = store.seats(&p);
        let group_games = store.group_games();
        let games = store.games.get();
        let slots = p.slots();
        let scoring = store.draft.with(|d| d.scoring);
        let game = scoring.is_game();
        let team = scoring.is_team();
        // A score the box accepts as it stands under the best-of in use.
        let example = BestOf::new(store.best_of.get())
            .unwrap_or(BestOf::new(5).expect("5 is valid"))
            .example();
        let event = store.event.get();
        let scores: std::collections::HashMap<usize, String> = results
            .iter()
            .map(|r| (r.fixture, r.score.to_string()))
            .collect();

        // A page of whole sessions, about ROWS_A_PAGE result inputs at a time.
        let mut sizes = vec![0; p.sessions.len()];
        for pl in &s.placements {
            sizes[slots[pl.slot].session] += 1;
        }
        let pages = session_pages(&sizes, ROWS_A_PAGE);
        let at = page.get().min(pages.len().saturating_sub(1));
        let range = pages.get(at).cloned().unwrap_or(0..0);
        let pager = (pages.len() > 1).then(|| {
            let count = pages.len();
            let words = if en {
                format!("Sessions {}–{} of {}", range.start + 1, range.end, p.sessions.len())
            } else {
                format!("第 {}–{} 场次，共 {} 场次", range.start + 1, range.end, p.sessions.len())
            };
            view! {
                <nav class="pager" data-testid="results-pager">
                    <button data-testid="page-prev" disabled={at == 0} on:click=move |_| page.set(at.saturating_sub(1))>{if en { "‹ Earlier" } else { "‹ 前几场次" }}</button>
                    <span>{words}</span>
                    <button data-testid="page-next" disabled={at + 1 >= count} on:click=move |_| page.set((at + 1).min(count - 1))>{if en { "Later ›" } else { "后几场次 ›" }}</button>
                </nav>
            }
        });
        let rows = s
            .placements
            .iter()
            .filter(|pl| range.contains(&slots[pl.slot].session))
            .map(|pl| {
                let f = &fixtures[pl.fixture];
                let fixture = pl.fixture;
                let pairing = f.berger_pairing();
                let current = if group_games {
                    games.iter().find(|g| g.fixture == fixture).map(|g| g.outcome.notation().to_string()).unwrap_or_default()
                } else if game {
                    event.as_ref().zip(pairing).and_then(|(t, (r, a, b))| t.result(r, a, b)).map(|m| m.games.iter().map(|o| o.notation()).collect::<Vec<_>>().join(" ")).unwrap_or_default()
                } else {
                    scores.get(&fixture).cloned().unwrap_or_default()
                };
                let forfeit = game && event.as_ref().zip(pairing).is_some_and(|(t, (r, a, b))| t.is_forfeit_by_withdrawal(r, a, b));
                let label = format!(
                    "{} – {}",
                    side_label(&f.a, &p.entrants, &seats),
                    side_label(&f.b, &p.entrants, &seats)
                );
                let aria = format!("{} {label}", if en { "Score of" } else { "比分" });
                let slot = slots[pl.slot];
                view! {
                    <tr>
                        <td>{format!("{}-{} {}", slot.session + 1, slot.index + 1, slot_time(&p, &slots, pl.slot))}</td>
                        <td>{pl.table + 1}</td>
                        <td>{label}</td>
                        <td>
                            <input
                                type="text"
                                data-testid="score"
                                data-fixture=fixture.to_string()
                                aria-label=aria
                                placeholder=if team { "1 ½ 0 +".to_string() } else if game { "1-0 ½ 0-1 +/-".to_string() } else { example.clone() }
                                disabled=forfeit
                                prop:value=current
                                on:change=move |ev| {
                                    let outcome = enter_result(store, fixture, event_target_value(&ev));
                                    errors.update(|es| {
                                        es.retain(|(f, _)| *f != fixture);
                                        if let Err(e) = outcome {
                                            es.push((fixture, e));
                                        }
                                    });
                                }
                            />
                            {forfeit.then(|| view! { <span class="forfeit" data-testid="forfeit">{if en { "withdrawn: forfeit (20.3)" } else { "退出：弃权 (20.3)" }}</span> })}
                            {move || errors.with(|es| es.iter().find(|(f, _)| *f == fixture).map(|(_, e)| view! { <span class="score-error" role="alert">{e.clone()}</span> }))}
                        </td>
                    </tr>
                }
            })
            .collect_view();
        let withdraw_who = RwSignal::new(1usize);
        let names = p.entrants.clone();
        let withdraw = (game && !group_games).then(|| view! {
            <p class="withdraw">
                <label>
                    {if en { "Withdrawal (20.3): " } else { "中途退出 (20.3)：" }}
                    <select data-testid="withdraw-entrant" on:change=move |ev| withdraw_who.set(event_target_value(&ev).parse().unwrap_or(1))>
                        {names.iter().enumerate().map(|(i, n)| view! { <option value=(i + 1).to_string()>{n.clone()}</option> }).collect_view()}
                    </select>
                </label>
                " "
                <button data-testid="withdraw" on:click=move |_| {
                    if let Err(e) = withdraw_now(store, withdraw_who.get_untracked()) {
                        store.message.set(Some(e));
                    }
                }>{if en { "Withdraws now: remaining matches are forfeits" } else { "即刻退出：余下比赛按弃权" }}</button>
            </p>
        });
        let best = (!game).then(|| view! {
            <label>
                {if en { "Matches are best of " } else { "每场局数：" }}
                <select data-testid="best-of" on:change=move |ev| store.best_of.set(event_target_value(&ev).parse().unwrap_or(5))>
                    {[3u32, 5, 7].into_iter().map(|n| view! { <option value=n.to_string() selected=store.best_of.get_untracked() == n>{n}</option> }).collect_view()}
                </select>
            </label>
        });
        let hint = match (game, en) {
            _ if team => store.lang.get_untracked().pick("每场按台次填各台结果（先列队视角），如 “1 ½ 0 +”：1 胜、½ 和、0 负、+ 或 - 弃权 (21.4)；先列队单数台执红、双数台执黑 (13.2)。场分胜2 和1 负0 (14.2)，名次按 15.3。", "Enter every board, board 1 first, from the first-named team's side, e.g. “1 ½ 0 +”: 1 win, ½ draw, 0 loss, + or - forfeit (21.4). The first-named team is Red on odd boards, Black on even (13.2). Match points win 2, draw 1, loss 0 (14.2); places by 15.3."),
            (true, true) => "Enter 1-0, 0-1, ½ (or 1/2, =), a forfeit +/- or -/+ (21.4), first-named plays Red (13.1). Standings by the 1999 rules (15.1).",
            (true, false) => "填 1-0、0-1、和（或 ½、1/2）；弃权填 +/- 或 -/+ (21.4)；先列者执红 (13.1)。名次按 1999 年规则 (15.1)。",
            (false, true) => "Games to 11, won by 2; a walkover is entered as W/O A or W/O B. Points: win 2, loss 1, walkover loss 0.",
            (false, false) => "每局11分、须领先2分；弃权填 W/O A 或 W/O B。积分：胜2分、负1分、弃权0分。",
        };
        Some(view! {
            <section class="results no-print" data-testid="results">
                <h2>{if en { "Results and standings" } else { "成绩与名次" }}</h2>
                <p class="hint">{hint}</p>
                {best}
                {withdraw}
                <Standings />
                <OpenBracket />
                {pager}
                <table class="result-entry">
                    <thead><tr>
                        <th>{if en { "Slot" } else { "时段" }}</th>
                        <th>{match (game, en) { (true, true) => "Board", (true, false) => "台", (false, true) => "Table", (false, false) => "球台" }}</th>
                        <th>{if en { "Match" } else { "对阵" }}</th>
                        <th>{if en { "Score" } else { "比分" }}</th>
                    </tr></thead>
                    <tbody>{rows}</tbody>
                </table>
            </section>
        })
    }
}
