//! The rounds: each pairing with its result control (one per board), forfeits after a
//! withdrawal (20.3), and the line-ups of team matches (article 12).
//!
//! A round of a big event (250 games at 500 entrants) is built in slices of [`SLICE`] rows, one
//! task each, so that no click waits for the whole round; slices off screen are not
//! laid out (`content-visibility`, style/app.css).

use super::super::i18n::tr;
use super::pager::{page_range, Pager};
use super::store::use_store;
use super::words;
use crate::events::round_robin::{
    parse_positions, BoardOrder, Competition, Outcome, Pairing, RoundView,
};
use crate::lang::{Lang, Say};
use leptos::prelude::*;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::time::Duration;

/// Events with at most this many pairings show every round at once (and print them together).
const ALL_ROUNDS_UP_TO: usize = 240;
/// Pairing rows built per task.
const SLICE: usize = 25;

/// What the rounds show of the event, which changes only with the draw: rows stay put while
/// results change.
#[derive(Clone, Debug, PartialEq)]
struct Layout {
    event: String,
    names: Vec<String>,
    boards: usize,
    /// Board order of a team event; line-ups are entered per match unless it is fixed (12.1).
    order: Option<BoardOrder>,
    /// Whether every team registered its players, so line-ups can be named.
    rosters: bool,
    rounds: usize,
    pairings: usize,
}

impl Layout {
    fn name(&self, k: usize) -> String {
        self.names
            .get(k.wrapping_sub(1))
            .cloned()
            .unwrap_or_default()
    }
}

#[component]
pub(super) fn Rounds() -> impl IntoView {
    let store = use_store();
    let page = RwSignal::new(0usize);
    let layout = Memo::new(move |_| {
        store.current.with(|t| {
            let t = t.as_ref().filter(|t| t.is_drawn())?;
            let rounds = t.round_count();
            Some(Arc::new(Layout {
                event: t.name().to_string(),
                names: t.entrants().iter().map(|e| e.name.clone()).collect(),
                boards: t.format().boards(),
                order: match t.format() {
                    Competition::Team { order, .. } => Some(order),
                    Competition::Individual => None,
                },
                rosters: t.entrants().iter().all(|e| !e.members.is_empty()),
                rounds,
                pairings: rounds * (t.entrants().len() / 2),
            }))
        })
    });
    let paged = move || layout.with(|l| l.as_ref().is_some_and(|l| l.pairings > ALL_ROUNDS_UP_TO));
    let shown = Memo::new(move |_| {
        let Some(rounds) = layout.with(|l| l.as_ref().map(|l| l.rounds)) else {
            return Vec::new();
        };
        let range = if paged() {
            page_range(page.get(), 1, rounds)
        } else {
            0..rounds
        };
        store.current.with(|t| {
            t.as_ref()
                .map(|t| {
                    range
                        .filter_map(|i| t.round(i + 1))
                        .collect::<Vec<RoundView>>()
                })
                .unwrap_or_default()
        })
    });
    move || {
        let l = layout.get()?;
        let count = l.rounds;
        Some(view! {
            <section class="t-section t-pairings-section" aria-labelledby="t-rounds-h">
                <h2 id="t-rounds-h">{tr(words::ROUNDS_AND_RESULTS)}</h2>
                {paged().then(|| view! { <Pager testid="rounds-pager" page=page size=1 len=Signal::derive(move || count) /> })}
                <For each=move || shown.get() key=|rv| rv.round let:rv>
                    <RoundTable rv=rv layout=l.clone() />
                </For>
            </section>
        })
    }
}

/// The slices of a round built so far, from one: the rest follow one task at a time.
fn built_slices(total: usize) -> RwSignal<usize> {
    let built = RwSignal::new(1usize);
    Effect::new(move || {
        if built.get() < total {
            set_timeout(
                move || {
                    built.try_update(|b| *b += 1);
                },
                Duration::ZERO,
            );
        }
    });
    built
}

/// The pairings' head: numbers, the sides (teams with the first's colour on board 1) and result.
fn round_head(lang: RwSignal<Lang>, boards: usize) -> impl IntoView {
    view! {
        <thead><tr>
            <th>{tr(words::NO)}</th>
            <th>{move || if boards > 1 { words::FIRST_TEAM_RED_ON.get(lang.get()) } else { words::RED.get(lang.get()) }}</th>
            <th>{tr(words::RESULT)}</th>
            <th>{move || if boards > 1 { words::SECOND_TEAM.get(lang.get()) } else { words::BLACK.get(lang.get()) }}</th>
            <th>{tr(words::NO)}</th>
        </tr></thead>
    }
}

/// One round: its heading and its pairings, built a slice at a time.
#[component]
fn RoundTable(rv: RoundView, layout: Arc<Layout>) -> impl IntoView {
    let store = use_store();
    let lang = store.lang;
    let round = rv.round;
    let slices: Vec<Vec<Pairing>> = rv.games.chunks(SLICE).map(<[Pairing]>::to_vec).collect();
    let total = slices.len().max(1);
    let sliced = slices.len() > 1;
    let slices = Arc::new(slices);
    let built = built_slices(total);
    let results = Memo::new(move |_| {
        store.current.with(|t| {
            t.as_ref()
                .map(|t| {
                    t.round_results(round)
                        .into_iter()
                        .map(|(k, m)| (k, m.games.clone()))
                        .collect::<HashMap<(usize, usize), Vec<Outcome>>>()
                })
                .unwrap_or_default()
        })
    });
    // The pairings decided by a withdrawal (20.3): they take no result.
    let pairings = rv.games.clone();
    let forfeits = Memo::new(move |_| {
        store.current.with(|t| {
            t.as_ref()
                .map(|t| t.withdrawal_forfeits(round, &pairings))
                .unwrap_or_default()
        })
    });
    let bye = rv.bye;
    let boards = layout.boards;
    let event = layout.event.clone();
    let heading = move || words::Said::Round(round).say(lang.get());
    let head = move || round_head(lang, boards);
    view! {
        <div class="t-round" class:t-sliced=sliced data-testid="round" data-round=round>
            <h3><span class="t-print-only">{event} " · "</span>{heading}</h3>
            <For each=move || 0..built.get().min(total) key=|i| *i let:i>
                {
                    let games = slices.get(i).cloned().unwrap_or_default();
                    let layout = layout.clone();
                    let bye = bye.filter(|_| i + 1 == total).map(|k| {
                        let n = layout.name(k);
                        view! { <tr class="t-bye" data-round=round data-bye=k><td class="t-num">{k}</td><td colspan="4">{n} " — " {tr(words::BYE)}</td></tr> }
                    });
                    view! {
                        <div class="t-slice">
                            <table class="t-table t-pairings">
                                <colgroup><col class="t-c-num" /><col class="t-c-name" /><col class="t-c-result" /><col class="t-c-name" /><col class="t-c-num" /></colgroup>
                                {(i == 0).then(head)}
                                <tbody>
                                    <For each=move || games.clone() key=|p| (p.red, p.black) let:p>
                                        <PairingRow round=round pairing=p layout=layout.clone() results=results forfeits=forfeits />
                                    </For>
                                    {bye}
                                </tbody>
                            </table>
                        </div>
                    }
                }
            </For>
        </div>
    }
}

/// One pairing: numbers, names and a result control per board.
#[component]
fn PairingRow(
    round: usize,
    pairing: Pairing,
    layout: Arc<Layout>,
    results: Memo<HashMap<(usize, usize), Vec<Outcome>>>,
    forfeits: Memo<HashSet<(usize, usize)>>,
) -> impl IntoView {
    let store = use_store();
    let lang = store.lang;
    let Pairing { red, black } = pairing;
    let boards = layout.boards;
    let games = Memo::new(move |_| results.with(|m| m.get(&(red, black)).cloned()));
    let forfeit = Memo::new(move |_| forfeits.with(|f| f.contains(&(red, black))));
    let controls = (0..boards)
        .map(|b| {
            let value = Memo::new(move |_| {
                games
                    .with(|g| g.as_ref().and_then(|g| g.get(b).copied()))
                    .or_else(|| store.pending.with(|p| p.get(round, red, b)))
            });
            let label = move || {
                words::Said::ResultOf {
                    round,
                    red,
                    black,
                    board: (boards > 1).then_some(b + 1),
                }
                .say(lang.get())
            };
            let set = move |ev: leptos::ev::Event| {
                let outcome = event_target_value(&ev).parse::<Outcome>().ok();
                store.update(|t| {
                    store
                        .pending
                        .try_update(|p| p.enter_board(t, round, (red, black), b, outcome))
                        .unwrap_or(Ok(()))
                });
            };
            view! {
                <select data-testid="result" data-board=b + 1 aria-label=label disabled=move || forfeit.get() on:change=set>
                    <option value="" prop:selected=move || value.get().is_none()>"—"</option>
                    {Outcome::ALL.into_iter().map(|o| view! {
                        <option value=o.notation() prop:selected=move || value.get() == Some(o)>{o.notation()}</option>
                    }).collect_view()}
                </select>
            }
        })
        .collect_view();
    let printed = move || {
        games.with(|g| {
            g.as_ref()
                .map(|g| g.iter().map(|o| o.notation()).collect::<Vec<_>>().join(" "))
                .unwrap_or_default()
        })
    };
    let lineup = (layout.order.is_some() && layout.rosters).then(|| {
        view! { <LineupRow round=round red=red black=black fixed=layout.order == Some(BoardOrder::Fixed) /> }
    });
    view! {
        <tr data-round=round data-red=red data-black=black>
            <td class="t-num">{red}</td>
            <td class="t-red">{layout.name(red)}</td>
            <td class="t-result">
                {controls}
                <span class="t-print-result">{printed}</span>
                <Show when=move || forfeit.get()>
                    <span class="t-forfeit">{tr(words::WITHDRAWN_FORFEIT)}</span>
                </Show>
            </td>
            <td class="t-black">{layout.name(black)}</td>
            <td class="t-num">{black}</td>
        </tr>
        {lineup}
    }
}

/// The players on each board of a team match (article 12): shown always, editable unless the
/// order is fixed (12.1). Positions refer to each team's registered list.
#[component]
fn LineupRow(round: usize, red: usize, black: usize, fixed: bool) -> impl IntoView {
    let store = use_store();
    let lang = store.lang;
    let text = move || {
        store.current.with(|t| {
            let boards = t.as_ref()?.lineup_names(round, red, black)?;
            let shown: Vec<String> = boards
                .iter()
                .enumerate()
                .map(|(b, (f, s))| format!("{}: {f} – {s}", b + 1))
                .collect();
            Some(shown.join(crate::ui::words::WIDE_SPACE))
        })
    };
    let first = RwSignal::new(String::new());
    let second = RwSignal::new(String::new());
    let label = move |k: usize| move || words::Said::LineUp { round, team: k }.say(lang.get());
    let set = move |_| {
        let (a, b) = (
            parse_positions(&first.get_untracked()),
            parse_positions(&second.get_untracked()),
        );
        match (a, b) {
            (Ok(a), Ok(b)) => store.update(|t| t.set_lineups(round, red, black, a, b)),
            (Err(e), _) | (_, Err(e)) => store.refused(&e),
        }
    };
    view! {
        <tr class="t-lineup-row" data-round=round data-lineup-for=red>
            <td colspan="5">
                <span class="t-lineup" data-testid="lineup">{text}</span>
                {(!fixed).then(|| view! {
                    <span class="no-print t-lineup-edit">
                        <input class="t-small" data-testid="lineup-first" placeholder="1,2,3,4" aria-label=label(red)
                            prop:value=move || first.get() on:input=move |ev| first.set(event_target_value(&ev)) />
                        <input class="t-small" data-testid="lineup-second" placeholder="1,2,3,4" aria-label=label(black)
                            prop:value=move || second.get() on:input=move |ev| second.set(event_target_value(&ev)) />
                        <button data-testid="set-lineup" on:click=set>{tr(words::SET_LINE_UPS)}</button>
                    </span>
                })}
            </td>
        </tr>
    }
}
