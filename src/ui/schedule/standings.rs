//! The standings: table-tennis groups, or the rounds view's own computation for a game scoring.

use super::use_store;
use super::words;
use crate::events::knockout::GroupTables;
use crate::events::round_robin::{StandingRow, Tournament};
use crate::events::schedule::{
    group_events, standing_groups, standings, verdicts, EventError, Points, Standing,
};
use crate::lang::{Lang, Say};
use crate::ui::i18n::tr;
use leptos::prelude::*;

/// The standings, one table per group.
#[component]
pub(super) fn Standings() -> impl IntoView {
    let store = use_store();
    move || {
        let p = store.problem.get()?;
        let lang = store.lang.get();
        if store.group_games() {
            let scoring = store.draft.with(|d| d.scoring);
            let events = store.games.with(|g| group_events(&p, scoring, g));
            return Some(group_game_standings(events, lang));
        }
        if store.draft.with(|d| d.scoring.is_game()) {
            return store.event.with(|t| {
                t.as_ref()
                    .map(|t| game_standings(t, t.name().to_string(), lang).into_any())
            });
        }
        let v = verdicts(&p, &store.results.get());
        let tables = standing_groups(&p)
            .into_iter()
            .map(|(letter, members)| {
                let name = letter
                    .map(|l| words::Heading::Group(&l.to_string()).say(lang))
                    .unwrap_or_default();
                let rows = standings(&members, &v, Points::table_tennis());
                rally_table(name, rows, &p.entrants, lang)
            })
            .collect_view();
        Some(view! { <div class="standings-list">{tables}</div> }.into_any())
    }
}

/// Each group of a game-scored group stage as a round-robin event of its own, ranked by the
/// scoring's tie-breaks.
fn group_game_standings(events: Result<Vec<Tournament>, EventError>, lang: Lang) -> AnyView {
    match events {
        Ok(events) => events
            .iter()
            .map(|t| {
                let caption = words::Heading::Group(t.name()).say(lang);
                game_standings(t, caption, lang)
            })
            .collect_view()
            .into_any(),
        Err(e) => view! { <p class="error" role="alert">{e.say(lang)}</p> }.into_any(),
    }
}

/// One table-tennis standings table: place, matches, league points, games and rallies.
fn rally_table(
    name: String,
    rows: Vec<Standing>,
    entrants: &[String],
    lang: Lang,
) -> impl IntoView {
    let rows = rows
        .into_iter()
        .map(|r| {
            view! {
                <tr>
                    <td>{r.rank}</td>
                    <td>{entrants[r.entrant].clone()}</td>
                    <td>{r.played}</td>
                    <td>{r.won}</td>
                    <td>{r.lost}</td>
                    <td class="points">{r.points}</td>
                    <td>{format!("{}:{}", r.games_won, r.games_lost)}</td>
                    <td>{format!("{}:{}", r.points_won, r.points_lost)}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <table class="standings" data-testid="standings">
            <caption>{name}</caption>
            <thead><tr>
                <th>"#"</th>
                <th>{words::ENTRANT.get(lang)}</th>
                <th>{words::PLAYED.get(lang)}</th>
                <th>{words::WON.get(lang)}</th>
                <th>{words::LOST.get(lang)}</th>
                <th>{words::POINTS.get(lang)}</th>
                <th>{words::GAMES.get(lang)}</th>
                <th>{words::RALLIES.get(lang)}</th>
            </tr></thead>
            <tbody>{rows}</tbody>
        </table>
    }
}

/// The standings of a game-scored event: the rounds view's own computation (15.1/15.3).
/// The count columns' headings of a game-scored event's standings, on screen and in print: a team
/// event counts matches (14.2), its score is match points 场分 and its board points 局分 a
/// tie-break (15.3).
pub(super) fn count_headings(t: &Tournament, lang: Lang) -> [&'static str; 4] {
    let heads = if t.format().is_team() {
        words::MATCH_COUNT_HEADINGS
    } else {
        words::GAME_COUNT_HEADINGS
    };
    heads.map(|h| h.get(lang))
}

/// A standings row's place ("—" while it has none).
pub(super) fn place_text(r: &StandingRow) -> String {
    r.place.map_or_else(|| "—".into(), |p| p.to_string())
}

/// A standings row's tie-break values, a cell each ("—" where a value is not defined).
pub(super) fn tiebreak_cells(r: &StandingRow) -> impl IntoView {
    r.tiebreaks
        .iter()
        .map(|v| view! { <td>{v.map_or_else(|| "—".into(), |v| v.to_string())}</td> })
        .collect_view()
}

fn game_standings(t: &Tournament, caption: String, lang: Lang) -> impl IntoView {
    let s = t.standings();
    let [played, won, drawn, lost] = count_headings(t, lang);
    let heads = s
        .columns
        .iter()
        .map(|c| view! { <th data-tiebreak=c.key()>{c.label_in(lang)}</th> })
        .collect_view();
    let rows = s
        .rows
        .iter()
        .map(|r| {
            let place = place_text(r);
            let tbs = tiebreak_cells(r);
            let place_attr = place.clone();
            view! {
                <tr data-entrant=r.entrant data-place=place_attr>
                    <td>{place}</td>
                    <td>{r.name.clone()}{r.withdrawn.then(|| words::WITHDREW_SUFFIX.get(lang))}</td>
                    <td>{r.played}</td><td>{r.won}</td><td>{r.drawn}</td><td>{r.lost}</td>
                    <td class="points">{r.score.to_string()}</td>
                    {tbs}
                </tr>
            }
        })
        .collect_view();
    view! {
        <div class="standings-list">
            <table class="standings" data-testid="standings">
                <caption>{caption}</caption>
                <thead><tr>
                    <th>"#"</th>
                    <th>{words::ENTRANT.get(lang)}</th>
                    <th>{played}</th>
                    <th>{won}</th>
                    <th>{drawn}</th>
                    <th>{lost}</th>
                    <th>{s.score_label_in(lang)}</th>
                    {heads}
                </tr></thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
}

/// "Open as a bracket" once every group is finished: hands the group tables to `#/swiss` through
/// localStorage (that page's bundle has no scheduler code to read this page's save) and goes there.
#[component]
pub(super) fn OpenBracket() -> impl IntoView {
    let store = use_store();
    // Computed where needed (no memo: one more memo type costs this bundle more than the work).
    // The group places as either scoring filled them (table-tennis scores or games).
    let tables = move || {
        store.problem.with(|p| {
            let p = p.as_ref()?;
            GroupTables::from_seats(p, &store.seats(p)).ok()
        })
    };
    let open = move |_| {
        let Some(t) = untrack(tables) else {
            return;
        };
        let text = match t.to_text() {
            Ok(text) => text,
            Err(e) => return store.say(&e),
        };
        match crate::ui::storage::set(crate::events::knockout::GROUPS_HANDOFF_KEY, &text) {
            Ok(()) => {
                let _ = window().location().set_hash("/swiss?bracket=groups");
            }
            Err(e) => store.say(&e),
        }
    };
    move || {
        tables().is_some().then(|| {
            view! {
                <p class="open-bracket no-print">
                    <button type="button" data-testid="open-bracket" on:click=open>
                        {tr(words::OPEN_AS_A_BRACKET)}
                    </button>
                </p>
            }
        })
    }
}
