//! The worker's answers to the page: a page of results from the catalogue (`crate::games::search`),
//! a game as `#/play` saves its session, the games found as a PGN library.

use super::job::{Ask, Board, Outcome as Wanted, Row, Search, SortBy, Told, PAGE_SIZE};
use super::worker::{cancel, held};
use crate::explorer::shard::{GameInfo, Shard};
use crate::explorer::Outcome;
use crate::games::record::StoredGame;
use crate::games::search::{Catalogue, Page, Query, Sort, SortKey, MAX_PAGE};
use crate::xiangqi::session::PlaySession;
use crate::xiangqi::words::Said;
use crate::xiangqi::Position;
use wasm_bindgen::{JsCast, JsValue};

fn tell(told: &Told) {
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let _ = scope.post_message(&JsValue::from_str(&told.to_json()));
}

/// Answers `ask`.
pub(super) fn answer(ask: Ask) {
    match ask {
        Ask::Search(s) => tell(&search(&s)),
        Ask::Open(id) => {
            if let Some(g) = record(id) {
                let (session, _) = PlaySession::from_tree(g.to_tree());
                tell(&Told::Game(session.to_json()));
            }
        }
        Ask::Save(s) => tell(&save(&s)),
        Ask::Cancel => cancel(),
        Ask::Explore(fen) => {
            if let Ok(p) = Position::from_fen(&fen) {
                let key = crate::explorer::key(&p);
                tell(&Told::Explored {
                    key,
                    shard: explore(&p, key),
                });
            }
        }
    }
}

/// The explorer at `p` over every game held, as a shard of that one position.
fn explore(p: &Position, key: u64) -> String {
    held(|cat, records| {
        let entry = cat.explore(p);
        let games = entry
            .top
            .iter()
            .filter_map(|&id| {
                let g = StoredGame::from_bytes(records.get(&id)?).ok()?;
                let info = GameInfo {
                    year: g.year(),
                    red: g.red,
                    black: g.black,
                    event: g.event,
                    outcome: g.outcome,
                    ecco: g.ecco,
                };
                Some((id, info))
            })
            .collect();
        Shard {
            games,
            entries: [(key, entry)].into(),
        }
        .write()
    })
}

fn record(id: u32) -> Option<StoredGame> {
    held(|_, records| {
        records
            .get(&id)
            .and_then(|b| StoredGame::from_bytes(b).ok())
    })
}

/// The core's query for the page's form; `Err` when its position does not read.
fn query(s: &Search) -> Result<Query, Told> {
    let fen = match &s.board {
        Board::None => None,
        Board::Fen(f) if f.trim().is_empty() => None,
        Board::Fen(f) => Some(f.trim().to_string()),
        Board::Play(json) => {
            let session = json.as_deref().map(PlaySession::from_json);
            match session {
                Some(Ok(p)) => Some(p.shown().fen()),
                Some(Err(e)) => return Err(Told::Refused(Said::of(&e))),
                None => None,
            }
        }
    };
    let year = |y: Option<i32>, or: u16| y.map_or(or, |y| y.clamp(0, 9999) as u16);
    let years = (s.year_from.is_some() || s.year_to.is_some())
        .then(|| (year(s.year_from, 0), year(s.year_to, 9999)));
    let outcome = match s.outcome {
        Wanted::Any => None,
        Wanted::RedWins => Some(Outcome::RedWin),
        Wanted::Draw => Some(Outcome::Draw),
        Wanted::BlackWins => Some(Outcome::BlackWin),
    };
    Ok(Query {
        player: s.player.trim().to_string(),
        event: s.event.trim().to_string(),
        years,
        outcome,
        eco: s.eco.trim().to_string(),
        fen,
        material: s.material,
        ..Query::default()
    })
}

fn sort(s: &Search) -> Sort {
    let key = match s.sort {
        SortBy::Date => SortKey::Date,
        SortBy::Players => SortKey::Players,
        SortBy::Event => SortKey::Event,
        SortBy::Eco => SortKey::Ecco,
        SortBy::Result => SortKey::Result,
    };
    Sort {
        key,
        descending: s.descending,
    }
}

/// One page of what `s` finds.
fn search(s: &Search) -> Told {
    let q = match query(s) {
        Ok(q) => q,
        Err(t) => return t,
    };
    let page = Page {
        number: s.page,
        size: PAGE_SIZE,
    };
    held(|cat, _| match cat.search(&q, sort(s), page) {
        Ok(hits) => Told::Rows {
            total: hits.total,
            page: s.page,
            rows: hits.rows.into_iter().map(row).collect(),
        },
        Err(e) => Told::Refused(Said::of(&e)),
    })
}

fn row(r: crate::games::search::Row) -> Row {
    Row {
        id: r.id,
        red: r.red,
        black: r.black,
        event: r.event,
        date: r.date,
        result: r.outcome.token().to_string(),
        eco: r.ecco.map(|e| e.to_string()).unwrap_or_default(),
        eco_name: r.ecco.map(|e| Said::of(&e.name())),
    }
}

/// Every game `s` finds, in its order, as one PGN library.
fn save(s: &Search) -> Told {
    let q = match query(s) {
        Ok(q) => q,
        Err(t) => return t,
    };
    held(|cat, records| {
        let ids = match all_ids(cat, &q, sort(s)) {
            Ok(ids) => ids,
            Err(e) => return Told::Refused(Said::of(&e)),
        };
        let games: Vec<StoredGame> = ids
            .iter()
            .filter_map(|id| records.get(id).and_then(|b| StoredGame::from_bytes(b).ok()))
            .collect();
        Told::Saved {
            text: crate::games::save::library(&games),
            games: games.len(),
        }
    })
}

/// The ids of every game `q` finds, a page of the most at a time.
fn all_ids(
    cat: &Catalogue,
    q: &Query,
    sort: Sort,
) -> Result<Vec<u32>, crate::games::search::QueryError> {
    let mut ids = Vec::new();
    for number in 0.. {
        let hits = cat.search(
            q,
            sort,
            Page {
                number,
                size: MAX_PAGE,
            },
        )?;
        ids.extend(hits.rows.iter().map(|r| r.id));
        if hits.rows.len() < MAX_PAGE || ids.len() >= hits.total {
            break;
        }
    }
    Ok(ids)
}
