//! The timetable on screen: sessions × tables, each entrant in its own colour, a page of sessions
//! at a time, drawn a few sessions per task (so no task of a 128-entrant timetable is long while
//! the worker solves), rows kept by `<For>` when they did not change. Clicking an entrant (in the
//! grid or the list) highlights its matches and shows its rests and back-to-backs; clicking it
//! again clears it.

use super::words;
use super::{match_label, slot_time, use_store, Store};
use crate::events::schedule::{
    cells_per_session, session_pages, Contender, Gap, Problem, Schedule,
};
use crate::lang::Say;
use crate::ui::i18n::tr;
use gloo_timers::callback::Timeout;
use leptos::prelude::*;
use std::collections::{BTreeMap, HashMap};
use std::hash::{Hash, Hasher};

/// Cells drawn at once: a page holds whole sessions up to about this many (at least one session).
const CELL_BUDGET: usize = 480;
/// Cells drawn in one task: a bigger page is drawn (and redrawn) a few sessions per task, so that
/// no task of a 128-entrant timetable is long (480 cells at once took 100–170 ms).
/// The 19-pair case (171 cells) is still drawn whole in one.
const STEP_CELLS: usize = 200;

/// The stable colour of entrant `e`: hues a golden angle apart, light enough for dark text
/// (contrast above 10:1 against #111).
pub(super) fn colour(e: usize) -> String {
    let hue = (e as f64 * 137.508) % 360.0;
    format!("hsl({} 75% 86%)", crate::ui::browser::decimal(hue, 0))
}

/// The background of a cell played by `a` and `b`: half each colour.
fn cell_background(a: Option<usize>, b: Option<usize>) -> String {
    match (a, b) {
        (Some(a), Some(b)) => format!(
            "background:linear-gradient(90deg,{} 0 50%,{} 50% 100%)",
            colour(a),
            colour(b)
        ),
        (Some(x), None) | (None, Some(x)) => format!("background:{}", colour(x)),
        (None, None) => String::new(),
    }
}

/// One match cell: its words and who plays it (entrant indices, once known).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Cell {
    text: String,
    a: Option<usize>,
    b: Option<usize>,
}

/// One slot's row of a session.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Row {
    /// Changes whenever anything drawn in the row changes, so `<For>` keeps unchanged rows.
    key: u64,
    slot: usize,
    label: String,
    cells: Vec<Option<Cell>>,
}

/// The sessions of one page, with their rows.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Page {
    sessions: Vec<(usize, String, Vec<Row>)>,
    tables: usize,
}

/// One session of a page: its index, its date and time, its rows.
type SessionRows = (usize, String, Vec<Row>);

/// Brings `drawn` one step closer to `target`: sessions that differ are replaced in order, whole,
/// up to [`STEP_CELLS`] cells (at least one session); another page starts afresh. Returns whether
/// anything changed and whether more steps are needed.
fn step_towards(
    drawn: &mut Vec<SessionRows>,
    target: &[SessionRows],
    tables: usize,
) -> (bool, bool) {
    let other_page = drawn.len() > target.len()
        || drawn
            .iter()
            .zip(target)
            .any(|(d, t)| (d.0, &d.1) != (t.0, &t.1));
    if other_page {
        drawn.clear();
    }
    let mut cells = 0;
    for (i, t) in target.iter().enumerate() {
        if drawn.get(i) == Some(t) {
            continue;
        }
        let size = t.2.len() * tables;
        if cells > 0 && cells + size > STEP_CELLS {
            return (true, true);
        }
        cells += size;
        match drawn.get_mut(i) {
            Some(d) => *d = t.clone(),
            None => drawn.push(t.clone()),
        }
    }
    (cells > 0 || other_page, false)
}

/// Who plays a side: the entrant, or the one now holding a knockout seat.
fn side_entrant(side: &Contender, seats: &BTreeMap<String, usize>) -> Option<usize> {
    match side {
        Contender::Entrant(e) => Some(*e),
        Contender::Seat(s) => seats.get(s).copied(),
    }
}

/// The rows of sessions `range`.
fn page_of(store: Store, p: &Problem, s: &Schedule, range: std::ops::Range<usize>) -> Page {
    let seats = store.seats(p);
    let fixtures = p.fixtures();
    let slots = p.slots();
    let at: HashMap<(usize, usize), usize> = s
        .placements
        .iter()
        .filter(|pl| {
            slots
                .get(pl.slot)
                .is_some_and(|x| range.contains(&x.session))
        })
        .map(|pl| ((pl.slot, pl.table), pl.fixture))
        .collect();
    let sessions = range
        .map(|sess| {
            let session = &p.sessions[sess];
            let when = session.when();
            let rows = slots
                .iter()
                .enumerate()
                .filter(|(_, x)| x.session == sess)
                .map(|(g, x)| {
                    let cells: Vec<Option<Cell>> = (0..p.tables)
                        .map(|t| {
                            at.get(&(g, t)).map(|&i| {
                                let f = &fixtures[i];
                                Cell {
                                    text: match_label(f, &p.entrants, &seats),
                                    a: side_entrant(&f.a, &seats),
                                    b: side_entrant(&f.b, &seats),
                                }
                            })
                        })
                        .collect();
                    let label = format!("{} · {}", x.index + 1, slot_time(p, &slots, g));
                    let mut h = std::collections::hash_map::DefaultHasher::new();
                    (g, &label, &cells).hash(&mut h);
                    Row {
                        key: h.finish(),
                        slot: g,
                        label,
                        cells,
                    }
                })
                .collect();
            (sess, when, rows)
        })
        .collect();
    Page {
        sessions,
        tables: p.tables,
    }
}

/// What the highlighted entrant does in each slot it plays, and the slots it rests inside sessions.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Focus {
    entrant: usize,
    plays: HashMap<usize, Gap>,
    rests: Vec<usize>,
}

fn focus_of(p: &Problem, s: &Schedule, e: usize) -> Focus {
    let matches = s.entrant_matches(p, e);
    let plays: HashMap<usize, Gap> = matches.iter().map(|m| (m.slot, m.gap)).collect();
    let slots = p.slots();
    // A rest is a slot between two of its matches in the same session.
    let rests = matches
        .windows(2)
        .filter(|w| slots[w[0].slot].session == slots[w[1].slot].session)
        .flat_map(|w| w[0].slot + 1..w[1].slot)
        .collect();
    Focus {
        entrant: e,
        plays,
        rests,
    }
}

/// Toggles the highlight on the entrant named by the clicked element's `data-entrant`.
fn toggle_from(store: Store, ev: &web_sys::MouseEvent) {
    use wasm_bindgen::JsCast;
    let Some(el) = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|el| el.closest("[data-entrant]").ok().flatten())
    else {
        return;
    };
    if let Some(e) = el
        .get_attribute("data-entrant")
        .and_then(|v| v.parse::<usize>().ok())
    {
        store
            .focus
            .update(|f| *f = if *f == Some(e) { None } else { Some(e) });
    }
}

/// Draws a step more of `shown` into `drawn`, and sets the next step's timer while any is left.
fn catch_up(
    store: Store,
    shown: Memo<Option<Page>>,
    drawn: RwSignal<Vec<SessionRows>>,
    next: StoredValue<Option<Timeout>, LocalStorage>,
) {
    let more = shown
        .try_with_untracked(|page| {
            let (target, tables) = page
                .as_ref()
                .map_or((&[][..], 0), |p| (&p.sessions[..], p.tables));
            drawn.try_maybe_update(|d| step_towards(d, target, tables))
        })
        .flatten()
        .unwrap_or(false);
    store.drawing.try_set(more);
    let _ = next.try_update_value(|n| {
        *n = more.then(|| Timeout::new(0, move || catch_up(store, shown, drawn, next)));
    });
}

/// The pager of a timetable longer than a page: earlier, the sessions shown, later.
fn pager(
    store: Store,
    page: RwSignal<usize>,
    pages: Memo<Vec<std::ops::Range<usize>>>,
) -> impl IntoView {
    move || {
        let count = pages.with(Vec::len);
        (count > 1).then(|| {
            let at = page.get().min(count - 1);
            let range = pages.with(|ps| ps[at].clone());
            let total = store.problem.with(|p| p.as_ref().map_or(0, |p| p.sessions.len()));
            let lang = store.lang.get();
            let shown = words::SessionRange {
                first: range.start + 1,
                last: range.end,
                total,
            }
            .say(lang);
            view! {
                <nav class="pager" data-testid="timetable-pager">
                    <button data-testid="page-prev" disabled={at == 0} on:click=move |_| page.update(|p| *p = p.saturating_sub(1))>
                        {words::EARLIER.get(lang)}
                    </button>
                    <span data-testid="page-label">{shown}</span>
                    <button data-testid="page-next" disabled={at + 1 >= count} on:click=move |_| page.update(|p| *p = (*p + 1).min(count - 1))>
                        {words::LATER.get(lang)}
                    </button>
                </nav>
            }
        })
    }
}

/// The timetable by session, a page at a time.
#[component]
pub(super) fn Timetable() -> impl IntoView {
    let store = use_store();
    let page = RwSignal::new(0usize);
    let pages = Memo::new(move |_| {
        store.problem.with(|p| {
            p.as_ref().map_or_else(Vec::new, |p| {
                session_pages(&cells_per_session(p), CELL_BUDGET)
            })
        })
    });
    let shown = Memo::new(move |_| {
        let range = pages.with(|ps| ps.get(page.get().min(ps.len().saturating_sub(1))).cloned())?;
        store.problem.with(|p| {
            store
                .schedule
                .with(|s| Some(page_of(store, p.as_ref()?, s.as_ref()?, range)))
        })
    });
    // What is on screen: `shown`, caught up a step per task (see `STEP_CELLS`).
    let drawn = RwSignal::new(Vec::<SessionRows>::new());
    // The next step, owned by the page: leaving it drops (and so cancels) the timer.
    let next = StoredValue::new_local(None::<Timeout>);
    Effect::new(move || {
        shown.track();
        catch_up(store, shown, drawn, next);
    });
    let focus = Memo::new(move |_| {
        let e = store.focus.get()?;
        store.problem.with(|p| {
            store
                .schedule
                .with(|s| Some(focus_of(p.as_ref()?, s.as_ref()?, e)))
        })
    });
    let session_view = move |(sess, when, _): (usize, String, Vec<Row>)| {
        let rows = move || {
            drawn.with(|d| {
                d.iter()
                    .find(|(s, _, _)| *s == sess)
                    .map_or_else(Vec::new, |(_, _, rows)| rows.clone())
            })
        };
        let tables = shown.with_untracked(|p| p.as_ref().map_or(0, |p| p.tables));
        view! {
            <section class="session-page" data-testid="session-page">
                <h2>{move || words::Heading::Session(sess + 1).say(store.lang.get())}" "<small>{when}</small></h2>
                <table class="timetable" class:focusing=move || focus.with(Option::is_some)>
                    <thead><tr>
                        <th>{tr(words::SLOT)}</th>
                        {(1..=tables).map(|t| view! { <th scope="col">{move || words::Heading::Table(t).say(store.lang.get())}</th> }).collect_view()}
                    </tr></thead>
                    <tbody>
                        <For each=rows key=|r| r.key children=move |r| row_view(r, focus) />
                    </tbody>
                </table>
            </section>
        }
    };
    view! {
        <div class="sessions no-print" data-testid="timetable" on:click=move |ev| toggle_from(store, &ev)>
            <Legend />
            <FocusCard focus=focus />
            {pager(store, page, pages)}
            <For
                each=move || drawn.with(|d| d.iter().map(|(s, w, _)| (*s, w.clone(), Vec::new())).collect::<Vec<SessionRows>>())
                key=|(sess, when, _)| (*sess, when.clone())
                children=session_view
            />
        </div>
    }
}

/// One slot's row; each cell in its entrants' colours, highlighted with the focused entrant.
fn row_view(r: Row, focus: Memo<Option<Focus>>) -> impl IntoView {
    let slot = r.slot;
    let cells = r
        .cells
        .into_iter()
        .map(|c| match c {
            None => view! { <td data-testid="free"></td> }.into_any(),
            Some(c) => {
                let mine = move || focus.with(|f| f.as_ref().and_then(|f| (c.a == Some(f.entrant) || c.b == Some(f.entrant)).then(|| f.plays.get(&slot).copied()).flatten()));
                let words: Vec<String> = c.text.splitn(2, " – ").map(str::to_string).collect();
                let (left, right) = match words.as_slice() {
                    [l, r] => (l.clone(), r.clone()),
                    _ => (c.text.clone(), String::new()),
                };
                let name = |text: String, who: Option<usize>| match who {
                    Some(e) => view! { <span class="who" data-entrant=e>{text}</span> }.into_any(),
                    None => view! { <span>{text}</span> }.into_any(),
                };
                view! {
                    <td
                        data-testid="match"
                        style=cell_background(c.a, c.b)
                        class:hl=move || mine().is_some()
                        class:b2b=move || mine() == Some(Gap::BackToBack)
                    >{name(left, c.a)}{(!right.is_empty()).then_some(" – ")}{(!right.is_empty()).then(|| name(right, c.b))}</td>
                }
                .into_any()
            }
        })
        .collect_view();
    view! {
        <tr class:rest=move || focus.with(|f| f.as_ref().is_some_and(|f| f.rests.contains(&slot)))>
            <th scope="row">{r.label}</th>
            {cells}
        </tr>
    }
}

/// Every entrant as a coloured name to click.
#[component]
fn Legend() -> impl IntoView {
    let store = use_store();
    let names = Memo::new(move |_| {
        store
            .problem
            .with(|p| p.as_ref().map_or_else(Vec::new, |p| p.entrants.clone()))
    });
    view! {
        <ul class="legend" data-testid="legend" aria-label=move || words::ENTRANTS_CLICK_TO_HIGHLIGHT.get(store.lang.get())>
            <For
                each=move || names.get().into_iter().enumerate()
                key=|(i, n)| (*i, n.clone())
                children=move |(i, n)| view! {
                    <li>
                        <button
                            type="button"
                            class="who"
                            data-entrant=i
                            style=format!("background:{}", colour(i))
                            aria-pressed=move || (store.focus.get() == Some(i)).to_string()
                        >{n}</button>
                    </li>
                }
            />
        </ul>
    }
}

/// The highlighted entrant at a glance: its matches, back-to-backs and rests, session by session.
#[component]
fn FocusCard(focus: Memo<Option<Focus>>) -> impl IntoView {
    let store = use_store();
    move || {
        let f = focus.get()?;
        let lang = store.lang.get();
        let (name, strips) = store.problem.with(|p| {
            let p = p.as_ref()?;
            let slots = p.slots();
            let strips = (0..p.sessions.len())
                .filter(|&sess| f.plays.keys().any(|&g| slots[g].session == sess))
                .map(|sess| {
                    let boxes = slots
                        .iter()
                        .enumerate()
                        .filter(|(_, x)| x.session == sess)
                        .map(|(g, _)| {
                            let (class, title) = match f.plays.get(&g) {
                                Some(Gap::BackToBack) => ("b2b", Gap::BackToBack.say(lang)),
                                Some(gap) => ("play", gap.say(lang)),
                                None if f.rests.contains(&g) => ("rest", words::REST.get(lang).to_string()),
                                None => ("off", String::new()),
                            };
                            view! { <span class=format!("box {class}") title=title></span> }
                        })
                        .collect_view();
                    view! { <li><span class="sess">{words::Heading::SessionShort(sess + 1).say(lang)}</span>{boxes}</li> }
                })
                .collect_view();
            Some((p.entrants.get(f.entrant)?.clone(), strips))
        })?;
        let b2b = f.plays.values().filter(|g| **g == Gap::BackToBack).count();
        let summary = words::FocusSummary {
            matches: f.plays.len(),
            back_to_backs: b2b,
            rests: f.rests.len(),
        }
        .say(lang);
        Some(view! {
            <div class="focus-card" data-testid="focus" data-entrant=f.entrant>
                <button type="button" class="who" data-entrant=f.entrant style=format!("background:{}", colour(f.entrant)) title=words::CLEAR_THE_HIGHLIGHT.get(lang)>{name}" ✕"</button>
                <span data-testid="focus-summary">{summary}</span>
                <ul class="strips">{strips}</ul>
                <p class="key">
                    <span class="box play"></span>{words::MATCH.get(lang)}
                    <span class="box b2b"></span>{words::BACK_TO_BACK.get(lang)}
                    <span class="box rest"></span>{words::REST_INSIDE_A_SESSION.get(lang)}
                </p>
            </div>
        })
    }
}
