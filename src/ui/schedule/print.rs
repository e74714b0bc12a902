//! Printing on A4: session sheets (landscape when the tables do not fit across a
//! portrait page), all rounds on one page when they fit, entrant slips several to a page with cut
//! lines, and the standings with the crosstable. Every printed page carries the event name, its
//! dates and "page N of M" in the page margins (`@page` margin boxes, which Chromium supports from
//! version 131; the e2e test reads them back from the PDF).

use super::standings::{count_headings, place_text, tiebreak_cells};
use super::words;
use super::{match_label, slot_time, use_store};
use crate::events::round_robin::Tournament;
use crate::events::schedule::{
    group_events, group_letter, side_label, standing_groups, standings, verdicts, Fixture, Phase,
    Points, Problem, SavedResult, Schedule,
};
use crate::lang::{Lang, Say};
use crate::ui::i18n::tr;
use gloo_timers::callback::Timeout;
use leptos::prelude::*;
use std::collections::{BTreeMap, HashMap};

/// What the print button prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum PrintMode {
    Sessions,
    Slips,
    Rounds,
    Standings,
}

impl PrintMode {
    const ALL: [PrintMode; 4] = [
        PrintMode::Sessions,
        PrintMode::Rounds,
        PrintMode::Slips,
        PrintMode::Standings,
    ];

    /// The mode a select value or `?print=` names (session sheets when unknown).
    pub(super) fn of(key: &str) -> PrintMode {
        PrintMode::ALL
            .into_iter()
            .find(|m| m.key() == key)
            .unwrap_or(PrintMode::Sessions)
    }

    /// The select's value (the tests choose by it).
    fn key(self) -> &'static str {
        match self {
            PrintMode::Sessions => "sessions",
            PrintMode::Slips => "slips",
            PrintMode::Rounds => "rounds",
            PrintMode::Standings => "standings",
        }
    }

    fn label(self, lang: Lang) -> &'static str {
        match self {
            PrintMode::Sessions => words::A_SHEET_PER_SESSION.get(lang),
            PrintMode::Slips => words::ENTRANT_SLIPS_SEVERAL_A.get(lang),
            PrintMode::Rounds => words::ALL_ROUNDS_ON_ONE_PAGE.get(lang),
            PrintMode::Standings => words::STANDINGS_AND_CROSSTABLE_IN_SENTENCE.get(lang),
        }
    }
}

/// The print mode and the print button.
#[component]
pub(super) fn PrintControls() -> impl IntoView {
    let store = use_store();
    view! {
        <label>
            {tr(words::PRINT_LABEL)}
            <select
                data-testid="print-mode"
                on:change=move |ev| {
                    store.print_mode.set(PrintMode::of(&event_target_value(&ev)));
                    store.print_asked.set(true);
                }
            >
                {move || {
                    let lang = store.lang.get();
                    let now = store.print_mode.get_untracked();
                    PrintMode::ALL
                        .into_iter()
                        .map(|m| view! { <option value=m.key() selected=m == now>{m.label(lang)}</option> })
                        .collect_view()
                }}
            </select>
        </label>
        <button data-testid="print" on:click=move |_| {
            store.print_asked.set(true);
            // After the printout is drawn (a big event draws it only now).
            Timeout::new(50, || { let _ = window().print(); }).forget();
        }>{tr(words::PRINT)}</button>
    }
}

/// A CSS string literal holding `text`.
fn css_string(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The event's dates ("2026-12-01 – 2027-01-19"), or today's when no session is dated.
fn event_dates(p: &Problem) -> String {
    let dated: Vec<&str> = p
        .sessions
        .iter()
        .filter_map(|s| s.date.as_deref())
        .collect();
    match (dated.first(), dated.last()) {
        (Some(a), Some(b)) if a != b => format!("{a} – {b}"),
        (Some(a), _) => a.to_string(),
        _ => String::from(js_sys::Date::new_0().to_iso_string())
            .chars()
            .take(10)
            .collect(),
    }
}

/// Tables that fit across a portrait A4 sheet; more turn the sheet to landscape.
const PORTRAIT_TABLES: usize = 4;

/// Type size of a session sheet: as large as the tables across and the slots down allow.
fn sheet_pt(tables: usize, slots: usize) -> f32 {
    let across: f32 = match tables {
        0..=4 => 13.0,
        5..=6 => 11.5,
        7..=8 => 10.5,
        9..=10 => 9.0,
        _ => 8.0,
    };
    let down: f32 = match slots {
        0..=4 => 13.0,
        5..=6 => 11.0,
        7..=8 => 9.5,
        _ => 8.0,
    };
    across.min(down)
}

/// Width of one of the three columns of the rounds page, in mm (186 mm of text, 5 mm gaps).
const ROUND_COLUMN_MM: f32 = 58.0;

/// Width of `text` in em: CJK characters are square, others about half as wide.
fn ems(text: &str) -> f32 {
    text.chars()
        .map(|c| if c as u32 >= 0x2E80 { 1.0 } else { 0.55 })
        .sum()
}

/// The largest type size (6.5–11 pt, in half points) at which `items` (each a list entry of that
/// many em) and `heads` round headings fill at most three columns of one portrait page; the
/// smallest when none does, and the rounds flow on to a second page.
fn rounds_pt(items: &[f32], heads: usize) -> f32 {
    let mm_per_pt = 0.3528;
    (13..=22)
        .rev()
        .map(|half| half as f32 / 2.0)
        .find(|&pt| {
            let per_line = ROUND_COLUMN_MM / (pt * mm_per_pt);
            let lines: f32 = items
                .iter()
                .map(|&w| (w / per_line).ceil().max(1.0))
                .sum::<f32>()
                + 1.4 * heads as f32
                + 3.0;
            // 262 mm of height a column, less some for rounds kept whole at a column's foot.
            lines * pt * mm_per_pt * 1.3 <= 3.0 * 262.0 * 0.88
        })
        .unwrap_or(6.5)
}

/// The `@page` rules of the chosen printout: size and orientation, event name, dates, page numbers.
fn page_style(title: &str, dates: &str, landscape: bool, lang: Lang) -> String {
    let pages = words::PAGE_OF_PAGES_CSS.get(lang);
    format!(
        "@media print {{ @page {{ size: A4{}; margin: 16mm 12mm 15mm; \
         @top-left {{ content: {}; font: 600 10pt sans-serif; }} \
         @top-right {{ content: {}; font: 9pt sans-serif; }} \
         @bottom-center {{ content: {pages}; font: 9pt sans-serif; }} }} }}",
        if landscape { " landscape" } else { "" },
        css_string(title),
        css_string(dates),
    )
}

/// Events with more matches than this draw their printout only when asked (about 100 ms).
const EAGER_PRINT_MATCHES: usize = 400;

/// What the page prints: the chosen printout, hidden on screen (`style/app.css`; on screen on the desk).
#[component]
pub(super) fn Printout() -> impl IntoView {
    let store = use_store();
    move || {
        let (p, s) = store.solved()?;
        let lang = store.lang.get();
        let mode = store.print_mode.get();
        // A big event's printout (128 entrants: ~130,000 elements, a 2 s task) is drawn only
        // when asked for; until then printing says how to get it.
        if s.placements.len() > EAGER_PRINT_MATCHES && !store.print_asked.get() {
            return Some(
                view! {
                    <div class="printout" data-testid="printout-pending">
                        <p>{words::A_LARGE_EVENT_CHOOSE.get(lang)}</p>
                    </div>
                }
                .into_any(),
            );
        }
        let name = store.draft.with(|d| d.name.trim().to_string());
        let title = if name.is_empty() {
            words::MATCH_SCHEDULE.get(lang).to_string()
        } else {
            name
        };
        let landscape = mode == PrintMode::Sessions && p.tables > PORTRAIT_TABLES;
        let style = page_style(&title, &event_dates(&p), landscape, lang);
        let results = store.results.get();
        // Who holds each knockout seat, from the results of either scoring.
        let seats = store.seats(&p);
        let body = match mode {
            PrintMode::Sessions => session_sheets(&p, &s, &seats, lang).into_any(),
            PrintMode::Slips => slips(&p, &s, &title, lang).into_any(),
            PrintMode::Rounds => rounds(&p, &s, &seats, &title, lang).into_any(),
            PrintMode::Standings if store.group_games() => {
                let scoring = store.draft.with(|d| d.scoring);
                match store.games.with(|g| group_events(&p, scoring, g)) {
                    Ok(groups) => print_group_standings(&groups, &title, lang).into_any(),
                    Err(e) => view! { <p class="error">{e.say(lang)}</p> }.into_any(),
                }
            }
            PrintMode::Standings => {
                let event = store.event.get();
                let game = store.draft.with(|d| d.scoring.is_game());
                print_standings(&p, &results, event.filter(|_| game).as_ref(), &title, lang)
                    .into_any()
            }
        };
        Some(
            view! {
                <div class="printout" data-testid="printout" data-mode=mode.key()>
                    <style>{style}</style>
                    {body}
                </div>
            }
            .into_any(),
        )
    }
}

/// Umpire names by fixture.
fn umpire_names(p: &Problem, s: &Schedule) -> HashMap<usize, String> {
    s.placements
        .iter()
        .zip(s.umpires(p))
        .filter_map(|(pl, u)| Some((pl.fixture, p.entrants.get(u?)?.clone())))
        .collect()
}

/// One sheet per session: slots down, tables across, each match with its umpire.
fn session_sheets(
    p: &Problem,
    s: &Schedule,
    seats: &BTreeMap<String, usize>,
    lang: Lang,
) -> impl IntoView {
    let fixtures = p.fixtures();
    let slots = p.slots();
    let umpires = umpire_names(p, s);
    let at: HashMap<(usize, usize), usize> = s
        .placements
        .iter()
        .map(|pl| ((pl.slot, pl.table), pl.fixture))
        .collect();
    let most_slots = (0..p.sessions.len())
        .map(|x| p.slots_in(x))
        .max()
        .unwrap_or(1);
    let font = format!("font-size: {}pt", sheet_pt(p.tables, most_slots));
    // Rows share the sheet's height (a row grows past it if its names need more), so the grid
    // fills the paper: about 150 mm under the heading on landscape A4, 235 mm on portrait.
    let height = if p.tables > PORTRAIT_TABLES {
        150.0
    } else {
        235.0
    };
    let row = format!("height: {:.1}mm", height / most_slots.max(1) as f32);
    let pages = (0..p.sessions.len())
        .map(|sess| {
            let session = &p.sessions[sess];
            let title = words::Heading::Session(sess + 1).say(lang);
            let when = session.when();
            let rows = slots
                .iter()
                .enumerate()
                .filter(|(_, x)| x.session == sess)
                .map(|(g, x)| {
                    let cells = (0..p.tables)
                        .map(|t| match at.get(&(g, t)) {
                            Some(&i) => {
                                sheet_match(p, &fixtures[i], umpires.get(&i), seats, lang)
                                    .into_any()
                            }
                            None => view! { <td class="free"></td> }.into_any(),
                        })
                        .collect_view();
                    view! {
                        <tr style=row.clone()>
                            <th scope="row">{format!("{} · {}", x.index + 1, slot_time(p, &slots, g))}</th>
                            {cells}
                        </tr>
                    }
                })
                .collect_view();
            let heads = (1..=p.tables)
                .map(|t| {
                    view! { <th scope="col">{words::Heading::Table(t).say(lang)}</th> }
                })
                .collect_view();
            view! {
                <section class="print-sheet" data-testid="session-sheet">
                    <h2>{title}" "<small>{when}</small></h2>
                    <table class="print-grid" style=font.clone()>
                        <thead><tr><th>{words::SLOT.get(lang)}</th>{heads}</tr></thead>
                        <tbody>{rows}</tbody>
                    </table>
                </section>
            }
        })
        .collect_view();
    view! { <div class="print-sheets">{pages}</div> }
}

/// A session sheet's cell for a match: its stage, its two sides and its umpire.
fn sheet_match(
    p: &Problem,
    f: &Fixture,
    umpire: Option<&String>,
    seats: &BTreeMap<String, usize>,
    lang: Lang,
) -> impl IntoView {
    let stage = match &f.stage {
        Phase::Knockout { label, .. } => Some(label.clone()),
        Phase::Group { group, .. } => {
            Some(words::Heading::Group(&group_letter(*group).to_string()).say(lang))
        }
        Phase::RoundRobin { .. } => None,
    };
    let umpire = umpire.map(|u| {
        view! { <span class="umpire">{words::UMPIRE.get(lang)}<span class="name">{u.clone()}</span></span> }
    });
    view! {
        <td class="match">
            {stage.map(|st| view! { <span class="stage">{st}</span> })}
            <span class="side">{side_label(&f.a, &p.entrants, seats)}</span>
            <span class="vs">"–"</span>
            <span class="side">{side_label(&f.b, &p.entrants, seats)}</span>
            {umpire}
        </td>
    }
}

/// Where and when a placement is played, short: "第2场 19:22 4台" / "S2 19:22 T4".
fn where_short(
    p: &Problem,
    slots: &[crate::events::schedule::SlotInfo],
    slot: usize,
    table: usize,
    lang: Lang,
) -> String {
    words::ShortPlace {
        session: slots.get(slot).map_or(0, |x| x.session + 1),
        time: &slot_time(p, slots, slot),
        table: table + 1,
    }
    .say(lang)
}

/// A slip per entrant, several to a page with dashed cut lines: its matches and umpire duties.
fn slips(p: &Problem, s: &Schedule, title: &str, lang: Lang) -> impl IntoView {
    let fixtures = p.fixtures();
    let slots = p.slots();
    let umpires = s.umpires(p);
    let list = (0..p.entrants.len())
        .map(|e| {
            // (slot, table, text, duty) in playing order.
            let mut rows: Vec<(usize, usize, String, bool)> = s
                .entrant_matches(p, e)
                .into_iter()
                .map(|m| (m.slot, m.table, p.entrants[m.opponent].clone(), false))
                .collect();
            for (pl, u) in s.placements.iter().zip(&umpires) {
                if *u == Some(e) {
                    let f = &fixtures[pl.fixture];
                    let seats = BTreeMap::new();
                    rows.push((pl.slot, pl.table, match_label(f, &p.entrants, &seats), true));
                }
            }
            rows.sort_by_key(|r| (r.0, r.1));
            let body = rows
                .into_iter()
                .map(|(slot, table, text, duty)| {
                    let x = slots[slot];
                    // "12-02" of "2026-12-02": the year is in the page header.
                    let date = p.sessions[x.session].date.as_deref().map(|d| d.get(5..).unwrap_or(d).to_string());
                    view! {
                        <tr class:duty=duty>
                            <td class="when">{x.session + 1}{date.map(|d| view! { " "<small>{d}</small> })}</td>
                            <td class="when">{slot_time(p, &slots, slot)}</td>
                            <td class="when">{table + 1}</td>
                            <td>{duty.then(|| words::UMPIRE.get(lang))}<span class="name">{text}</span></td>
                        </tr>
                    }
                })
                .collect_view();
            view! {
                <section class="print-slip" data-testid="slip">
                    <h3><span class="name">{p.entrants[e].clone()}</span><small>{title.to_string()}</small></h3>
                    <table class="print-list">
                        <thead><tr>
                            <th>{words::SESSION.get(lang)}</th>
                            <th>{words::TIME.get(lang)}</th>
                            <th>{words::TABLE_SHORT.get(lang)}</th>
                            <th>{words::OPPONENT_UMPIRE.get(lang)}</th>
                        </tr></thead>
                        <tbody>{body}</tbody>
                    </table>
                </section>
            }
        })
        .collect_view();
    view! { <div class="slip-sheet">{list}</div> }
}

/// Every round (group rounds, then the knockout) with where and when each match is played, in
/// three columns sized so that they fit one page when they can.
fn rounds(
    p: &Problem,
    s: &Schedule,
    seats: &BTreeMap<String, usize>,
    title: &str,
    lang: Lang,
) -> impl IntoView {
    let fixtures = p.fixtures();
    let slots = p.slots();
    let placed: HashMap<usize, (usize, usize)> = s
        .placements
        .iter()
        .map(|pl| (pl.fixture, (pl.slot, pl.table)))
        .collect();
    // Blocks in fixture order: consecutive fixtures of one round form a block.
    let mut blocks: Vec<(String, Vec<usize>)> = Vec::new();
    for (i, f) in fixtures.iter().enumerate() {
        let head = match f.stage {
            Phase::RoundRobin { round } => words::RoundHeading::RoundRobin(round + 1).say(lang),
            Phase::Group { group, round } => words::RoundHeading::Group {
                group: group_letter(group),
                round: round + 1,
            }
            .say(lang),
            Phase::Knockout { .. } => words::KNOCKOUT.get(lang).to_string(),
        };
        match blocks.last_mut() {
            Some((h, list)) if *h == head => list.push(i),
            _ => blocks.push((head, vec![i])),
        }
    }
    let lines: Vec<Vec<(String, String)>> = blocks
        .iter()
        .map(|(_, list)| {
            list.iter()
                .map(|&i| {
                    let at = placed
                        .get(&i)
                        .map(|&(g, t)| where_short(p, &slots, g, t, lang))
                        .unwrap_or_default();
                    (match_label(&fixtures[i], &p.entrants, seats), at)
                })
                .collect()
        })
        .collect();
    let widths: Vec<f32> = lines
        .iter()
        .flatten()
        .map(|(m, at)| ems(m) + 0.8 * ems(at) + 2.5)
        .collect();
    let font = format!("font-size: {}pt", rounds_pt(&widths, blocks.len()));
    let body = blocks
        .into_iter()
        .zip(lines)
        .map(|((head, _), list)| {
            let items = list
                .into_iter()
                .map(|(label, at)| {
                    view! {
                        <li><span class="name">{label}</span>" "<small>{at}</small></li>
                    }
                })
                .collect_view();
            view! {
                <section class="print-round">
                    <h4>{head}</h4>
                    <ol>{items}</ol>
                </section>
            }
        })
        .collect_view();
    view! {
        <div class="print-rounds" data-testid="rounds" style=font>
            <h2>{title.to_string()}" "<small>{words::ALL_ROUNDS.get(lang)}</small></h2>
            <div class="columns">{body}</div>
        </div>
    }
}

/// The standings (with every tie-break in its own column) and the crosstable.
fn print_standings(
    p: &Problem,
    results: &[SavedResult],
    event: Option<&Tournament>,
    title: &str,
    lang: Lang,
) -> impl IntoView {
    let body = match event {
        Some(t) => game_tables(t, lang).into_any(),
        None => rally_tables(p, results, lang).into_any(),
    };
    view! {
        <div class="print-standings" data-testid="print-standings">
            <h2>{title.to_string()}" "<small>{words::STANDINGS_AND_CROSSTABLE.get(lang)}</small></h2>
            {body}
        </div>
    }
}

/// A game-scored groups + knockout event: each group's standings and crosstable.
fn print_group_standings(groups: &[Tournament], title: &str, lang: Lang) -> impl IntoView {
    let body = groups
        .iter()
        .map(|t| {
            let caption = words::Heading::Group(t.name()).say(lang);
            view! { <h3>{caption}</h3> {game_tables(t, lang)} }
        })
        .collect_view();
    view! {
        <div class="print-standings" data-testid="print-standings">
            <h2>{title.to_string()}" "<small>{words::STANDINGS_AND_CROSSTABLE.get(lang)}</small></h2>
            {body}
        </div>
    }
}

/// A game-scored event: the rounds view's standings (15.1/15.3) and its crosstable.
fn game_tables(t: &Tournament, lang: Lang) -> impl IntoView {
    let st = t.standings();
    let [played, won, drawn, lost] = count_headings(t, lang);
    let cross = t.crosstable_from(&st);
    let heads = st
        .columns
        .iter()
        .map(|c| view! { <th>{c.label_in(lang)}</th> })
        .collect_view();
    let rows = st
        .rows
        .iter()
        .map(|r| {
            let place = place_text(r);
            let tbs = tiebreak_cells(r);
            view! {
                <tr>
                    <td>{place}</td>
                    <td class="name">{r.name.clone()}{r.withdrawn.then(|| words::WITHDREW.get(lang))}</td>
                    <td>{r.played}</td><td>{r.won}</td><td>{r.drawn}</td><td>{r.lost}</td>
                    <td class="points">{r.score.to_string()}</td>
                    {tbs}
                </tr>
            }
        })
        .collect_view();
    let n = cross.names.len();
    let cross_heads = (1..=n).map(|j| view! { <th>{j}</th> }).collect_view();
    let cross_rows = (1..=n)
        .map(|i| {
            let cells = (1..=n)
                .map(|j| view! { <td class:self=i == j>{if i == j { "×".to_string() } else { cross.cell(i, j) }}</td> })
                .collect_view();
            view! {
                <tr>
                    <th>{i}</th>
                    <td class="name">{cross.names[i - 1].clone()}</td>
                    {cells}
                    <td class="points">{cross.totals[i - 1].to_string()}</td>
                </tr>
            }
        })
        .collect_view();
    let cross_font = format!(
        "font-size: {}pt",
        if n > 16 {
            7.5
        } else if n > 10 {
            8.5
        } else {
            10.0
        }
    );
    view! {
        <table class="print-list standings-print">
            <thead><tr>
                <th>"#"</th>
                <th>{words::ENTRANT.get(lang)}</th>
                <th>{played}</th>
                <th>{won}</th>
                <th>{drawn}</th>
                <th>{lost}</th>
                <th>{st.score_label_in(lang)}</th>
                {heads}
            </tr></thead>
            <tbody>{rows}</tbody>
        </table>
        <table class="print-cross" data-testid="crosstable" style=cross_font>
            <thead><tr><th>"#"</th><th>{words::ENTRANT.get(lang)}</th>{cross_heads}<th>{st.score_label_in(lang)}</th></tr></thead>
            <tbody>{cross_rows}</tbody>
        </table>
    }
}

/// A table-tennis event: each group's (or the field's) standings and a crosstable of games won.
fn rally_tables(p: &Problem, results: &[SavedResult], lang: Lang) -> impl IntoView {
    let v = verdicts(p, results);
    standing_groups(p)
        .into_iter()
        .map(|(letter, members)| {
            let name = letter
                .map(|l| words::Heading::Group(&l.to_string()).say(lang))
                .unwrap_or_default();
            let rows = standings(&members, &v, Points::table_tennis())
                .into_iter()
                .map(|r| {
                    let cells = members
                        .iter()
                        .map(|&o| {
                            let text = if o == r.entrant {
                                "×".to_string()
                            } else {
                                v.iter()
                                    .filter_map(|&(a, b, m)| {
                                        match (a == r.entrant && b == o, b == r.entrant && a == o) {
                                            (true, _) => {
                                                Some(format!("{}:{}", m.games.0, m.games.1))
                                            }
                                            (_, true) => {
                                                Some(format!("{}:{}", m.games.1, m.games.0))
                                            }
                                            _ => None,
                                        }
                                    })
                                    .collect::<Vec<_>>()
                                    .join(" ")
                            };
                            view! { <td>{text}</td> }
                        })
                        .collect_view();
                    view! {
                        <tr>
                            <td>{r.rank}</td>
                            <td class="name">{p.entrants[r.entrant].clone()}</td>
                            {cells}
                            <td class="points">{r.points}</td>
                            <td>{format!("{}:{}", r.games_won, r.games_lost)}</td>
                            <td>{format!("{}:{}", r.points_won, r.points_lost)}</td>
                        </tr>
                    }
                })
                .collect_view();
            let heads = members
                .iter()
                .map(|&m| view! { <th class="name">{p.entrants[m].clone()}</th> })
                .collect_view();
            view! {
                <table class="print-cross" data-testid="crosstable">
                    <caption>{name}</caption>
                    <thead><tr>
                        <th>"#"</th><th>{words::ENTRANT.get(lang)}</th>{heads}
                        <th>{words::POINTS.get(lang)}</th>
                        <th>{words::GAMES.get(lang)}</th>
                        <th>{words::RALLIES.get(lang)}</th>
                    </tr></thead>
                    <tbody>{rows}</tbody>
                </table>
            }
        })
        .collect_view()
}
