//! Entering results (every scoring), withdrawals, and the result list.

use super::standings::{OpenBracket, Standings};
use super::words;
use super::{slot_time, use_store, Store};
use crate::events::round_robin::Tournament;
use crate::events::schedule::MatchResult;
use crate::events::schedule::{
    enter_game, forfeit_by_withdrawal, matches_per_session, session_pages, side_label, BestOf,
    Kept, MatchScore, Problem, SavedResult, Schedule,
};
use crate::lang::Lang;
use crate::lang::Say;
use crate::ui::words::SaidBefore;
use leptos::prelude::*;

fn enter_result(store: Store, fixture: usize, text: String) -> Result<(), SaidBefore> {
    let best_of = BestOf::new(store.best_of.get_untracked()).map_err(|e| SaidBefore::of(&e))?;
    let scoring = store.draft.with_untracked(|d| d.scoring);
    let result = if text.trim().is_empty() {
        None
    } else {
        Some(
            scoring
                .parse_result(best_of, &text)
                .map_err(|e| SaidBefore::of(&e))?,
        )
    };
    if store.group_games() {
        let outcome = match result {
            Some(MatchResult::Game(o)) => Some(o),
            _ => None,
        };
        let Some(p) = store.problem.get_untracked() else {
            return Err(SaidBefore::of(&words::SOLVE_THE_TIMETABLE_FIRST));
        };
        let mut games = store.games.get_untracked();
        enter_game(&p, scoring, &mut games, fixture, outcome).map_err(|e| SaidBefore::of(&e))?;
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
                return Err(SaidBefore::of(&words::SOLVE_THE_TIMETABLE_FIRST));
            };
            // The same result again (a change event on leaving the box) redraws nothing.
            if t.result(round, red, black).map(|m| &m.games) == games.as_ref() {
                return Ok(());
            }
            match games {
                Some(g) => t
                    .record(round, red, black, g)
                    .map_err(|e| SaidBefore::of(&e))?,
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
fn withdraw_now(store: Store, k: usize) -> Result<(), SaidBefore> {
    let (Some(mut t), Some(id)) = (store.event.get_untracked(), store.event_id.get_untracked())
    else {
        return Err(SaidBefore::of(&words::SOLVE_THE_TIMETABLE_FIRST));
    };
    t.withdraw_now(k).map_err(|e| SaidBefore::of(&e))?;
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
    let errors = RwSignal::new(Vec::<(usize, SaidBefore)>::new());
    let page = RwSignal::new(0usize);
    move || {
        let (p, s) = store.settled()?;
        let lang = store.lang.get();
        let results = store.results.get_untracked();
        let group_games = store.group_games();
        let games = store.games.get();
        let scoring = store.draft.with(|d| d.scoring);
        let game = scoring.is_game();
        let team = scoring.is_team();
        // A score the box accepts as it stands under the best-of in use.
        let example = BestOf::new(store.best_of.get())
            .unwrap_or(BestOf::new(5).expect("5 is valid"))
            .example();
        let placeholder = match (team, game) {
            (true, _) => "1 ½ 0 +".to_string(),
            (_, true) => "1-0 ½ 0-1 +/-".to_string(),
            _ => example,
        };
        let event = store.event.get();
        let kept = if group_games {
            Kept::GroupGames(&games)
        } else if game {
            Kept::Event(event.as_ref())
        } else {
            Kept::Scores(&results)
        };
        // A page of whole sessions, about ROWS_A_PAGE result inputs at a time.
        let pages = session_pages(&matches_per_session(&p, &s), ROWS_A_PAGE);
        let at = page.get().min(pages.len().saturating_sub(1));
        let range = pages.get(at).cloned().unwrap_or(0..0);
        let pager = (pages.len() > 1).then(|| pager_view(page, at, pages.len(), &range, &p, lang));
        let rows = result_rows(
            store,
            errors,
            (&p, &s),
            range,
            kept,
            game,
            event.as_ref(),
            &placeholder,
            lang,
        );
        let withdraw_who = RwSignal::new(1usize);
        let withdraw = (game && !group_games).then(|| withdraw_view(store, withdraw_who, &p, lang));
        let best = (!game).then(|| best_of_view(store, lang));
        let hint = if team {
            words::TEAM_RESULTS_HINT
        } else if game {
            words::GAME_RESULTS_HINT
        } else {
            words::RALLY_RESULTS_HINT
        }
        .get(lang);
        Some(view! {
            <section class="results no-print" data-testid="results">
                <h2>{words::RESULTS_AND_STANDINGS.get(lang)}</h2>
                <p class="hint">{hint}</p>
                {best}
                {withdraw}
                <Standings />
                <OpenBracket />
                {pager}
                <table class="result-entry">
                    <thead><tr>
                        <th>{words::SLOT.get(lang)}</th>
                        <th>{if game { words::BOARD } else { words::TABLE }.get(lang)}</th>
                        <th>{words::MATCH_HEADING.get(lang)}</th>
                        <th>{words::SCORE.get(lang)}</th>
                    </tr></thead>
                    <tbody>{rows}</tbody>
                </table>
            </section>
        })
    }
}

/// The result lines of the sessions in `range`.
#[allow(clippy::too_many_arguments)]
fn result_rows(
    store: Store,
    errors: RwSignal<Vec<(usize, SaidBefore)>>,
    (p, s): (&Problem, &Schedule),
    range: std::ops::Range<usize>,
    kept: Kept,
    game: bool,
    event: Option<&Tournament>,
    placeholder: &str,
    lang: Lang,
) -> impl IntoView {
    let fixtures = p.fixtures();
    let slots = p.slots();
    let seats = store.seats(p);
    s.placements
        .iter()
        .filter(|pl| range.contains(&slots[pl.slot].session))
        .map(|pl| {
            let f = &fixtures[pl.fixture];
            let slot = slots[pl.slot];
            let row = Row {
                fixture: pl.fixture,
                when: format!(
                    "{}-{} {}",
                    slot.session + 1,
                    slot.index + 1,
                    slot_time(p, &slots, pl.slot)
                ),
                table: pl.table + 1,
                label: format!(
                    "{} – {}",
                    side_label(&f.a, &p.entrants, &seats),
                    side_label(&f.b, &p.entrants, &seats)
                ),
                current: kept.as_typed(pl.fixture, f),
                forfeit: game && forfeit_by_withdrawal(event, f),
            };
            row_view(store, errors, row, placeholder.to_string(), lang)
        })
        .collect_view()
}

/// Best of 3, 5 or 7 games, for a rally scoring.
fn best_of_view(store: Store, lang: Lang) -> impl IntoView {
    view! {
        <label>
            {words::BEST_OF_LABEL.get(lang)}
            <select data-testid="best-of" on:change=move |ev| store.best_of.set(event_target_value(&ev).parse().unwrap_or(5))>
                {[3u32, 5, 7].into_iter().map(|n| view! { <option value=n.to_string() selected=store.best_of.get_untracked() == n>{n}</option> }).collect_view()}
            </select>
        </label>
    }
}

/// One match's line of the result list, as worked out.
struct Row {
    fixture: usize,
    when: String,
    table: usize,
    label: String,
    current: String,
    forfeit: bool,
}

/// A match with its result box, and what was wrong with the last result typed in it.
fn row_view(
    store: Store,
    errors: RwSignal<Vec<(usize, SaidBefore)>>,
    row: Row,
    placeholder: String,
    lang: Lang,
) -> impl IntoView {
    let Row {
        fixture,
        when,
        table,
        label,
        current,
        forfeit,
    } = row;
    let aria = format!("{} {label}", words::SCORE_OF_LABEL.get(lang));
    view! {
        <tr>
            <td>{when}</td>
            <td>{table}</td>
            <td>{label}</td>
            <td>
                <input
                    type="text"
                    data-testid="score"
                    data-fixture=fixture.to_string()
                    aria-label=aria
                    placeholder=placeholder
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
                {forfeit.then(|| view! { <span class="forfeit" data-testid="forfeit">{words::WITHDRAWN_FORFEIT_20_3.get(lang)}</span> })}
                {move || errors.with(|es| es.iter().find(|(f, _)| *f == fixture).map(|(_, e)| view! { <span class="score-error" role="alert">{e.say(store.lang.get())}</span> }))}
            </td>
        </tr>
    }
}

/// Earlier and later pages of sessions.
fn pager_view(
    page: RwSignal<usize>,
    at: usize,
    count: usize,
    range: &std::ops::Range<usize>,
    p: &Problem,
    lang: Lang,
) -> impl IntoView {
    let shown = words::SessionRange {
        first: range.start + 1,
        last: range.end,
        total: p.sessions.len(),
    }
    .say(lang);
    view! {
        <nav class="pager" data-testid="results-pager">
            <button data-testid="page-prev" disabled={at == 0} on:click=move |_| page.set(at.saturating_sub(1))>{words::EARLIER.get(lang)}</button>
            <span>{shown}</span>
            <button data-testid="page-next" disabled={at + 1 >= count} on:click=move |_| page.set((at + 1).min(count - 1))>{words::LATER.get(lang)}</button>
        </nav>
    }
}

/// A withdrawal midway (20.3): the entrant's matches still to play become forfeits.
fn withdraw_view(store: Store, who: RwSignal<usize>, p: &Problem, lang: Lang) -> impl IntoView {
    let names = p.entrants.clone();
    view! {
        <p class="withdraw">
            <label>
                {words::WITHDRAWAL_MIDWAY_20_3.get(lang)}
                <select data-testid="withdraw-entrant" on:change=move |ev| who.set(event_target_value(&ev).parse().unwrap_or(1))>
                    {names.iter().enumerate().map(|(i, n)| view! { <option value=(i + 1).to_string()>{n.clone()}</option> }).collect_view()}
                </select>
            </label>
            " "
            <button data-testid="withdraw" on:click=move |_| {
                if let Err(e) = withdraw_now(store, who.get_untracked()) {
                    store.message.set(Some(e));
                }
            }>{words::WITHDRAWS_NOW_REMAINING_MATCHES.get(lang)}</button>
        </p>
    }
}
