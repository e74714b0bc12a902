//! The standings (15.2 / 15.4 columns, each named) and the results of every recorded round.

use super::words;
use super::{use_store, PrintPart, Saved, Store};
use crate::events::round_robin::Outcome;
use crate::events::swiss::{swiss_standings, Record, SwissTieBreak};
use crate::lang::Say;
use crate::ui::i18n::{tr, use_lang};
use leptos::prelude::*;

/// The `data-tiebreak` key of a column (read by tests).
fn key(t: SwissTieBreak) -> &'static str {
    match t {
        SwissTieBreak::OpponentScores(_) | SwissTieBreak::TeamOpponentScores(_) => "opp",
        SwissTieBreak::Wins | SwissTieBreak::MatchWins => "wins",
        SwissTieBreak::Fouls | SwissTieBreak::TeamFouls => "fouls",
        SwissTieBreak::GamePoints => "games",
    }
}

/// One line of the standings as shown.
#[derive(Clone, Debug, PartialEq)]
struct Line {
    place: usize,
    entrant: usize,
    name: String,
    withdrawn: bool,
    /// Points and tie-breaks as shown (on the event's scale).
    points: String,
    ties: Vec<String>,
}

/// The standings table.
#[component]
pub(super) fn Standings() -> impl IntoView {
    let store = use_store();
    let lang = use_lang();
    let order = move || {
        store.saved.with(|s| {
            s.as_ref().map_or(Vec::new(), |s| {
                SwissTieBreak::order(s.event.boards.is_some(), s.event.buchholz)
            })
        })
    };
    let lines = move || {
        let order = order();
        store.saved.with(|s| {
            s.as_ref().map_or(Vec::new(), |s| {
                swiss_standings(&s.event, &order)
                    .into_iter()
                    .map(|r| {
                        let e = &s.event.entrants[r.entrant];
                        let scale = s.event.scale;
                        Line {
                            place: r.place,
                            entrant: r.entrant,
                            name: e.entrant.name.clone(),
                            withdrawn: e.entrant.withdrawn(),
                            points: scale.show(r.points as i64),
                            ties: order
                                .iter()
                                .zip(r.ties)
                                .map(|(t, v)| t.shown(v, scale))
                                .collect(),
                        }
                    })
                    .collect()
            })
        })
    };
    let title = move || {
        store.saved.with(|s| {
            let Some(s) = s else { return String::new() };
            format!(
                "{} · {}",
                s.name,
                words::Said::StandingsAfterRound(s.event.rounds_played()).say(lang.get())
            )
        })
    };
    view! {
        <section class="t-section" class:no-print=store.hidden_in_print(PrintPart::Standings)>
            <h2>{title}</h2>
            <table class="t-table" data-testid="swiss-standings">
                <thead>{standings_head(store, order)}</thead>
                <tbody>
                    <For each=lines key=|l| format!("{l:?}") let:l>
                        <tr data-entrant=l.entrant + 1 data-place=l.place>
                            <td>{l.place}</td><td>{l.entrant + 1}</td>
                            <td class="t-name">{l.name}{l.withdrawn.then(|| tr(words::WITHDRAWN_SUFFIX))}</td>
                            <td class="t-score">{l.points}</td>
                            {l.ties.into_iter().map(|v| view! { <td>{v}</td> }).collect_view()}
                        </tr>
                    </For>
                </tbody>
            </table>
        </section>
    }
}

/// The standings' head: place, number, name, points (match points in a team event) and the
/// tie-breaks in `order`.
fn standings_head(
    store: Store,
    order: impl Fn() -> Vec<SwissTieBreak> + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let lang = use_lang();
    let points_head = move || {
        let team = store
            .saved
            .with(|s| s.as_ref().is_some_and(|s| s.event.boards.is_some()));
        if team {
            words::MATCH_POINTS.get(lang.get())
        } else {
            words::POINTS.get(lang.get())
        }
    };
    let heads = move || {
        let l = lang.get();
        order()
            .into_iter()
            .map(|t| view! { <th data-tiebreak=key(t)>{t.say(l)}</th> })
            .collect_view()
    };
    view! {
        <tr><th>{tr(words::PLACE)}</th><th>{tr(words::NO)}</th><th>{tr(words::NAME)}</th><th>{points_head}</th>{heads}</tr>
    }
}

/// The result of a recorded board or match as printed: `1-0` for a game, `5:3` for a team match.
fn result_text(s: &Saved, round: usize, red: usize, black: usize) -> String {
    let rec = s.event.entrants[red].history.get(round - 1);
    if s.event.boards.is_none() {
        return match rec {
            Some(&Record::Game {
                outcome, played, ..
            }) => {
                let black_outcome = match s.event.entrants[black].history.get(round - 1) {
                    Some(&Record::Game { outcome, .. }) => outcome,
                    _ => outcome.flip(),
                };
                Outcome::from_red(outcome, black_outcome, played).to_string()
            }
            _ => String::new(),
        };
    }
    let gp = |t: usize| s.event.entrants[t].game_points.get(round - 1).copied();
    match (gp(red), gp(black)) {
        (Some(a), Some(b)) => format!("{a}:{b}"),
        _ => String::new(),
    }
}

/// Every recorded round, newest last; team matches entered board by board list their boards.
#[component]
pub(super) fn PastRounds() -> impl IntoView {
    let store = use_store();
    let lang = use_lang();
    let title = move || {
        store.saved.with(|s| {
            s.as_ref()
                .map(|s| format!("{} · {}", s.name, words::RESULTS_BY_ROUND.get(lang.get())))
                .unwrap_or_default()
        })
    };
    let rounds = move || {
        let l = lang.get();
        store.saved.with(|s| {
            let s = s.as_ref()?;
            let played = s.event.rounds_played();
            Some((1..=played).filter_map(|r| s.event.round_pairing(r)).map(|p| {
                let lines = p.boards.iter().map(|b| {
                    let res = result_text(s, p.round, b.red, b.black);
                    let member = |t: usize, m: usize| s.event.entrants[t].entrant.members.get(m).cloned().unwrap_or_default();
                    let boards = s.event.board_lines(p.round, b.red).into_iter().map(|line| view! {
                        <tr class="t-board-line">
                            <td class="t-red">{format!("{}. {}", line.board, member(line.red_team, line.red))}</td>
                            <td>{line.result.to_string()}</td>
                            <td class="t-black">{member(line.black_team, line.black)}</td>
                        </tr>
                    }).collect_view();
                    view! {
                        <tr><td class="t-red">{s.entrant_name(b.red)}</td><td>{res}</td><td class="t-black">{s.entrant_name(b.black)}</td></tr>
                        {boards}
                    }
                }).collect_view();
                let bye = p.bye.map(|b| view! { <tr><td class="t-red">{s.entrant_name(b)}</td><td>{words::BYE.get(l)}</td><td></td></tr> });
                view! {
                    <div class="t-round" data-testid="past-round">
                        <h3>{words::Said::Round(p.round).say(l)}</h3>
                        <table class="t-table"><tbody>{lines}{bye}</tbody></table>
                    </div>
                }
            }).collect_view())
        })
    };
    view! {
        <section class="t-section" class:no-print=store.hidden_in_print(PrintPart::Rounds)>
            <h2>{title}</h2>
            <div class="t-rounds">{rounds}</div>
        </section>
    }
}
