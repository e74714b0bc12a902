//! The round being played: its boards (for teams, each match board by board with the line-ups)
//! and result entry; the round is recorded as soon as every board has its result.

use super::words;
use super::{use_store, PrintPart, Saved, Store};
use crate::events::round_robin::first_team_color;
use crate::events::round_robin::Outcome;
use crate::events::swiss::match_score;
use crate::events::swiss::saved::Entry;
use crate::lang::Say;
use crate::ui::i18n::{tr, use_lang};
use crate::ui::words::SaidBefore;
use crate::xiangqi::Color;
use leptos::prelude::*;

/// The options of a result select: empty, then every code, `current` selected.
fn code_options(current: impl Fn() -> String + Copy + Send + Sync + 'static) -> impl IntoView {
    view! {
        <option value="" prop:selected=move || current().is_empty()></option>
        {Outcome::ALL.into_iter().map(|c| {
            let code = c.to_string();
            let value = code.clone();
            view! { <option value=value prop:selected=move || current() == code>{c.to_string()}</option> }
        }).collect_view()}
    }
}

/// After each entry: once every board has its result the round is recorded (no separate
/// click); what cannot be recorded (a line-up against 12.2, a bad total) is said and kept.
fn record_when_complete(store: Store) {
    if !store
        .saved
        .with_untracked(|s| s.as_ref().is_some_and(Saved::complete))
    {
        return;
    }
    let mut outcome = Ok(());
    store.edit(|s| outcome = s.record().map_err(|e| SaidBefore::of(&e)));
    store.note.set(outcome.err());
}

/// The pending round, when one is paired.
#[component]
pub(super) fn PendingRound() -> impl IntoView {
    let store = use_store();
    let lang = use_lang();
    let round = move || {
        store
            .saved
            .with(|s| s.as_ref().and_then(|s| s.pending.as_ref().map(|p| p.round)))
    };
    let title = move || {
        store.saved.with(|s| {
            let Some(s) = s else { return String::new() };
            let r = s.pending.as_ref().map_or(0, |p| p.round);
            format!(
                "{} · {}",
                s.name,
                words::Said::RoundPairings(r).say(lang.get())
            )
        })
    };
    // (board, red, black): a board's row is kept while results are typed into it.
    let boards = move || {
        store.saved.with(|s| {
            s.as_ref()
                .and_then(|s| s.pending.as_ref())
                .map_or(Vec::new(), |p| {
                    p.boards
                        .iter()
                        .enumerate()
                        .map(|(k, b)| (k, b.red, b.black))
                        .collect()
                })
        })
    };
    let bye = move || {
        store.saved.with(|s| {
            let s = s.as_ref()?;
            let b = s.pending.as_ref()?.bye?;
            Some(s.entrant_name(b))
        })
    };
    let team = move || {
        store
            .saved
            .with(|s| s.as_ref().is_some_and(|s| s.event.boards.is_some()))
    };
    view! {
        <Show when=move || round().is_some()>
            <section class="t-section" class:no-print=store.hidden_in_print(PrintPart::Pairings)>
                <h2 data-testid="round-title">{title}</h2>
                <table class="t-table" data-testid="pairing">
                    <thead><tr>
                        <th>{tr(words::BD)}</th>
                        <th>{move || if team() { words::FIRST_MOVE_TEAM.get(lang.get()) } else { words::RED.get(lang.get()) }}</th>
                        <th class="t-print-hide">{tr(words::RESULT)}</th>
                        <th>{move || if team() { words::SECOND_TEAM.get(lang.get()) } else { words::BLACK.get(lang.get()) }}</th>
                    </tr></thead>
                    <tbody>
                        <For each=boards key=|b| *b let:b>
                            <BoardRow board=b.0 red=b.1 black=b.2 />
                        </For>
                    </tbody>
                </table>
                {move || bye().map(|b| view! { <p data-testid="bye">{tr(words::BYE_LABEL)}{b}</p> })}
                <p class="no-print t-hint">{tr(words::THE_ROUND_IS_RECORDED)}</p>
            </section>
        </Show>
    }
}

/// One board of the pending round (for teams: one match, with its boards below).
#[component]
fn BoardRow(board: usize, red: usize, black: usize) -> impl IntoView {
    let store = use_store();
    let (red_name, black_name, red_score, black_score, entry) = store
        .saved
        .with_untracked(|s| {
            s.as_ref().map(|s| {
                (
                    s.entrant_name(red),
                    s.entrant_name(black),
                    s.event.scale.show(s.event.entrants[red].score() as i64),
                    s.event.scale.show(s.event.entrants[black].score() as i64),
                    s.entry(),
                )
            })
        })
        .unwrap_or((
            String::new(),
            String::new(),
            String::new(),
            String::new(),
            Entry::Games,
        ));
    let current = move || {
        store.saved.with(|s| {
            s.as_ref()
                .and_then(|s| s.results.get(board).cloned())
                .unwrap_or_default()
        })
    };
    let set = move |v: String| {
        store.edit(|s| {
            if let Some(r) = s.results.get_mut(board) {
                *r = v;
            }
        });
        record_when_complete(store);
    };
    let control = match entry {
        Entry::Games => view! {
            <select data-testid="result" on:change=move |ev| set(event_target_value(&ev))>
                {code_options(current)}
            </select>
        }
        .into_any(),
        Entry::Totals => view! {
            <input class="t-small" data-testid="result" placeholder="5:3" prop:value=current on:change=move |ev| set(event_target_value(&ev)) />
        }
        .into_any(),
        Entry::Boards => view! { <span data-testid="match-points">{move || match_total(board)}</span> }.into_any(),
    };
    view! {
        <tr data-board=board + 1 data-red=red + 1 data-black=black + 1>
            <td>{board + 1}</td>
            <td class="t-red">{red_name}" ("{red_score}")"</td>
            <td class="t-print-hide">{control}</td>
            <td class="t-black">{black_name}" ("{black_score}")"</td>
        </tr>
        {(entry == Entry::Boards).then(|| view! {
            <tr class="t-sheet"><td></td><td colspan="3"><TeamSheet board=board first=red second=black /></td></tr>
        })}
    }
}

/// The game points entered so far in team match `board`: `5:3` for the first-move team.
fn match_total(board: usize) -> String {
    let store = use_store();
    store.saved.with(|s| {
        let Some(d) = s.as_ref().and_then(|s| s.sheets.get(board)) else {
            return String::new();
        };
        let results: Vec<Option<Outcome>> = d.results.iter().map(|c| c.parse().ok()).collect();
        let (a, b) = match_score(&results);
        format!("{a}:{b}")
    })
}

/// Which team's line-up a select changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Team {
    First,
    Second,
}

/// The boards of one team match: who sits on each board (13.3 colours) and each result.
#[component]
fn TeamSheet(board: usize, first: usize, second: usize) -> impl IntoView {
    let store = use_store();
    let (boards, first_members, second_members) = store
        .saved
        .with_untracked(|s| {
            s.as_ref().map(|s| {
                let names = |t: usize| s.event.entrants[t].entrant.members.clone();
                (s.event.boards.unwrap_or(0), names(first), names(second))
            })
        })
        .unwrap_or_default();
    let pick = move |team: Team, seat: usize, members: Vec<String>| {
        seat_pick(store, board, team, seat, members)
    };
    let rows = (0..boards)
        .map(|seat| {
            let first_red = first_team_color(seat + 1) == Color::Red;
            let (red, black) = if first_red {
                (
                    pick(Team::First, seat, first_members.clone()),
                    pick(Team::Second, seat, second_members.clone()),
                )
            } else {
                (
                    pick(Team::Second, seat, second_members.clone()),
                    pick(Team::First, seat, first_members.clone()),
                )
            };
            let current = move || {
                store.saved.with(|s| {
                    s.as_ref()
                        .and_then(|s| s.sheets.get(board))
                        .and_then(|d| d.results.get(seat).cloned())
                        .unwrap_or_default()
                })
            };
            view! {
                <tr data-seat=seat + 1>
                    <td>{seat + 1}</td>
                    <td class="t-red">{tr(words::RED_SHORT)}" "{red}</td>
                    <td class="t-print-hide">
                        <select data-testid="board-result" on:change=move |ev| {
                            let v = event_target_value(&ev);
                            store.edit(|s| if let Some(r) = s.sheets.get_mut(board).and_then(|d| d.results.get_mut(seat)) { *r = v; });
                            record_when_complete(store);
                        }>
                            {code_options(current)}
                        </select>
                    </td>
                    <td class="t-black">{tr(words::BLACK_SHORT)}" "{black}</td>
                </tr>
            }
        })
        .collect_view();
    view! { <table class="t-table t-boards" data-testid="team-sheet"><tbody>{rows}</tbody></table> }
}

/// Who of a team's `members` sits on board `seat` of match `board` (its line-up, rule 12.2).
fn seat_pick(
    store: Store,
    board: usize,
    team: Team,
    seat: usize,
    members: Vec<String>,
) -> impl IntoView {
    let chosen = move || {
        store.saved.with(|s| {
            s.as_ref()
                .and_then(|s| s.sheets.get(board))
                .and_then(|d| match team {
                    Team::First => d.first.get(seat).copied(),
                    Team::Second => d.second.get(seat).copied(),
                })
        })
    };
    let testid = if (team == Team::First) == (first_team_color(seat + 1) == Color::Red) {
        "seat-red"
    } else {
        "seat-black"
    };
    view! {
        <select data-testid=testid on:change=move |ev| {
            let Ok(m) = event_target_value(&ev).parse::<usize>() else { return };
            store.edit(|s| if let Some(d) = s.sheets.get_mut(board) {
                let lineup = match team { Team::First => &mut d.first, Team::Second => &mut d.second };
                if let Some(x) = lineup.get_mut(seat) { *x = m; }
            });
            record_when_complete(store);
        }>
            {members.into_iter().enumerate().map(|(m, name)| view! {
                <option value=m.to_string() prop:selected=move || chosen() == Some(m)>{name}</option>
            }).collect_view()}
        </select>
    }
}
