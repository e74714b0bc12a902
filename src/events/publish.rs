//! Results as a web page, and certificates: one self-contained HTML file the organiser uploads
//! anywhere. No script, no outside request (its own Content-Security-Policy forbids both), the
//! style inline, readable on a phone and printable; every field escaped.
//!
//! Each event kind becomes a [`ResultsPage`] of plain tables (pairings per round, standings with
//! the tie-break columns, crosstable, bracket rounds), so one writer serves them all.

pub(super) mod words;

use super::knockout::{Bracket, Slot};
use super::round_robin::Tournament;
use super::round_robin::{Outcome, Side};
use super::swiss::{swiss_standings, Swiss, SwissTieBreak};
use crate::color::Color;
use crate::lang::{Lang, Say, Text};
use std::fmt;
use words::{page, Placed, RoundHeading, CERTIFICATE};

/// One table of the page under its heading.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Section {
    /// The heading.
    pub heading: String,
    /// What kind of table: `round`, `standings`, `crosstable`, `bracket`, `timetable` (a class).
    pub kind: &'static str,
    /// Column headings.
    pub head: Vec<String>,
    /// Rows of cells.
    pub rows: Vec<Vec<String>>,
}

/// A results page: title, a line of details, and its tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultsPage {
    /// The page's language.
    pub lang: Lang,
    /// The event's name.
    pub title: String,
    /// Date, place, organiser: as the organiser wrote them.
    pub details: String,
    /// The tables, in order.
    pub sections: Vec<Section>,
    /// The address the page will live at, shown as a QR code and a link when given.
    pub address: String,
}

/// Text made safe for HTML text and attribute values.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    escape_into(&mut out, s);
    out
}

/// Writes `s` escaped as by [`escape`] at the end of `out`, for a page written in one string.
pub fn escape_into(out: &mut String, s: &str) {
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
}

/// The page head: no script or outside request allowed, style inline.
fn head(lang: Lang, title: &str, style: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n\
<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; img-src data:\">\n\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
<title>{}</title>\n<style>{style}</style>\n</head>\n",
        lang.tag(),
        escape(title)
    )
}

const PAGE_STYLE: &str = "body{margin:0 auto;max-width:60rem;padding:.75rem;font:15px/1.45 system-ui,\"PingFang SC\",\"Noto Sans CJK SC\",sans-serif;color:#222}\
h1{font-size:1.4rem;margin:.25rem 0}h2{font-size:1.1rem;margin:1.25rem 0 .4rem}\
.scroll{overflow-x:auto}table{border-collapse:collapse;font-variant-numeric:tabular-nums}\
th,td{border:1px solid #bbb;padding:.2rem .45rem;text-align:left;white-space:nowrap}th{background:#f3ead8}\
.crosstable td{text-align:center}.qr{display:flex;gap:.75rem;align-items:center;margin-top:1.5rem}.qr svg{width:7rem;height:7rem}\
@media print{body{max-width:none;font-size:11pt}section{break-inside:avoid}.scroll{overflow:visible}}";

impl ResultsPage {
    /// The page as one HTML file.
    pub fn to_html(&self) -> String {
        let mut out = head(self.lang, &self.title, PAGE_STYLE);
        out.push_str("<body>\n<header><h1>");
        out.push_str(&escape(&self.title));
        out.push_str("</h1>");
        if !self.details.is_empty() {
            out.push_str("<p>");
            out.push_str(&escape(&self.details));
            out.push_str("</p>");
        }
        out.push_str("</header>\n<main>\n");
        for s in &self.sections {
            out.push_str(&format!(
                "<section class=\"{}\"><h2>{}</h2><div class=\"scroll\"><table class=\"{}\"><thead><tr>",
                s.kind,
                escape(&s.heading),
                s.kind
            ));
            for h in &s.head {
                out.push_str(&format!("<th>{}</th>", escape(h)));
            }
            out.push_str("</tr></thead><tbody>\n");
            for r in &s.rows {
                out.push_str("<tr>");
                for c in r {
                    out.push_str(&format!("<td>{}</td>", escape(c)));
                }
                out.push_str("</tr>\n");
            }
            out.push_str("</tbody></table></div></section>\n");
        }
        out.push_str("</main>\n");
        if !self.address.is_empty() {
            if let Ok(svg) = qr_svg(&self.address) {
                out.push_str(&format!(
                    "<footer class=\"qr\">{svg}<p>{}<br>{}</p></footer>\n",
                    escape(page::SCAN_FOR_RESULTS.get(self.lang)),
                    escape(&self.address)
                ));
            }
        }
        out.push_str("</body>\n</html>\n");
        out
    }
}

/// Why a QR code could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QrTooLong(pub usize);

impl fmt::Display for QrTooLong {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "an address of {} bytes is too long for a QR code",
            self.0
        )
    }
}

/// `text` as a QR code (error correction M), an inline SVG of black modules on white, with the
/// four-module quiet zone the standard asks for.
pub fn qr_svg(text: &str) -> Result<String, QrTooLong> {
    use qrcodegen::{QrCode, QrCodeEcc};
    let qr = QrCode::encode_text(text, QrCodeEcc::Medium).map_err(|_| QrTooLong(text.len()))?;
    let n = qr.size();
    let mut path = String::new();
    for y in 0..n {
        for x in 0..n {
            if qr.get_module(x, y) {
                path.push_str(&format!("M{},{}h1v1h-1z", x + 4, y + 4));
            }
        }
    }
    Ok(format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {w}\" shape-rendering=\"crispEdges\" role=\"img\" aria-label=\"QR\"><rect width=\"{w}\" height=\"{w}\" fill=\"#fff\"/><path d=\"{path}\" fill=\"#000\"/></svg>",
        w = n + 8
    ))
}

/// A round's pairings as a section (board, Red, result, Black), the bye last.
fn round_section(
    lang: Lang,
    round: usize,
    mut rows: Vec<Vec<String>>,
    bye: Option<String>,
) -> Section {
    let l = |t: Text| t.get(lang).to_string();
    if let Some(name) = bye {
        rows.push(vec![String::new(), name, l(page::BYE), String::new()]);
    }
    Section {
        heading: RoundHeading(round).say(lang),
        kind: "round",
        head: vec![
            l(page::BOARD),
            l(Color::Red.name()),
            l(page::RESULT),
            l(Color::Black.name()),
        ],
        rows,
    }
}

/// A round robin (individual or team): each round's pairings and results, standings with the
/// tie-break columns, and the crosstable.
pub fn round_robin(t: &Tournament, lang: Lang) -> ResultsPage {
    let name = |k: usize| {
        t.entrants()
            .get(k.wrapping_sub(1))
            .map_or_else(String::new, |e| e.name.clone())
    };
    let l = |t: Text| t.get(lang).to_string();
    let mut sections = Vec::new();
    for r in t.rounds().unwrap_or_default() {
        let rows: Vec<Vec<String>> = r
            .games
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let result = t
                    .result(r.round, p.red, p.black)
                    .map_or_else(String::new, |m| {
                        m.games
                            .iter()
                            .map(|o| o.notation())
                            .collect::<Vec<_>>()
                            .join(" ")
                    });
                vec![(i + 1).to_string(), name(p.red), result, name(p.black)]
            })
            .collect();
        sections.push(round_section(lang, r.round, rows, r.bye.map(name)));
    }
    let s = t.standings();
    let mut head = vec![
        l(page::PLACE),
        l(page::NAME),
        s.score_label_in(lang).to_string(),
    ];
    head.extend(s.columns.iter().map(|c| c.label_in(lang).to_string()));
    head.extend([l(page::WON), l(page::DRAWN), l(page::LOST)]);
    let rows = s
        .rows
        .iter()
        .map(|r| {
            let mut row = vec![
                r.place.map(|p| p.to_string()).unwrap_or_else(|| "—".into()),
                r.name.clone(),
                r.score.to_string(),
            ];
            row.extend(
                r.tiebreaks
                    .iter()
                    .map(|v| v.map(|v| v.to_string()).unwrap_or_default()),
            );
            row.extend([r.won.to_string(), r.drawn.to_string(), r.lost.to_string()]);
            row
        })
        .collect();
    sections.push(Section {
        heading: l(page::STANDINGS),
        kind: "standings",
        head,
        rows,
    });
    let x = t.crosstable();
    let n = x.names.len();
    let mut head = vec!["#".to_string(), l(page::NAME)];
    head.extend((1..=n).map(|k| k.to_string()));
    head.push(l(page::SCORE));
    let rows = (1..=n)
        .map(|i| {
            let mut row = vec![i.to_string(), x.names[i - 1].clone()];
            row.extend((1..=n).map(|j| if i == j { "×".into() } else { x.cell(i, j) }));
            row.push(x.totals[i - 1].to_string());
            row
        })
        .collect();
    sections.push(Section {
        heading: l(page::CROSSTABLE),
        kind: "crosstable",
        head,
        rows,
    });
    ResultsPage {
        lang,
        title: t.name().to_string(),
        details: t.details().line(),
        sections,
        address: String::new(),
    }
}

/// A Swiss (individual or team): each round's boards and results, and the standings with the
/// tie-break columns.
pub fn swiss(event: &Swiss, title: &str, lang: Lang) -> ResultsPage {
    let l = |t: Text| t.get(lang).to_string();
    let name = |k: usize| {
        event
            .entrants
            .get(k)
            .map_or_else(String::new, |e| e.entrant.name.clone())
    };
    let mut sections = Vec::new();
    for round in 1..=event.rounds_played() {
        let Some(p) = event.round_pairing(round) else {
            continue;
        };
        let rows: Vec<Vec<String>> = p
            .boards
            .iter()
            .enumerate()
            .map(|(i, b)| {
                let result = match event.entrants[b.red].history.get(round - 1) {
                    Some(super::swiss::Record::Game {
                        outcome, played, ..
                    }) => Outcome::from_red(*outcome, outcome.flip(), *played).notation(),
                    _ => "",
                };
                vec![
                    (i + 1).to_string(),
                    name(b.red),
                    result.into(),
                    name(b.black),
                ]
            })
            .collect();
        sections.push(round_section(lang, round, rows, p.bye.map(name)));
    }
    let order = SwissTieBreak::order(event.boards.is_some(), event.buchholz);
    let mut head = vec![l(page::PLACE), l(page::NAME), l(page::POINTS)];
    head.extend(order.iter().map(|t| t.say(lang)));
    let rows = swiss_standings(event, &order)
        .iter()
        .map(|r| {
            let mut row = vec![
                r.place.to_string(),
                name(r.entrant),
                event.scale.show(r.points as i64),
            ];
            row.extend(
                order
                    .iter()
                    .zip(&r.ties)
                    .map(|(t, &v)| t.shown(v, event.scale)),
            );
            row
        })
        .collect();
    sections.push(Section {
        heading: l(page::STANDINGS),
        kind: "standings",
        head,
        rows,
    });
    ResultsPage {
        lang,
        title: title.to_string(),
        details: String::new(),
        sections,
        address: String::new(),
    }
}

/// A knockout bracket: each part of it in playing order, with the winner of each match marked.
pub fn bracket(b: &Bracket, names: &[String], title: &str, lang: Lang) -> ResultsPage {
    let l = |t: Text| t.get(lang).to_string();
    let side = |s: Slot| match s {
        Slot::Entrant(k) => names.get(k).cloned().unwrap_or_default(),
        Slot::Bye => l(page::BYE),
        Slot::Pending => "…".into(),
    };
    let mut sections: Vec<Section> = Vec::new();
    for (k, m) in b.matches.iter().enumerate() {
        let heading = m.section.say(lang);
        if sections.last().is_none_or(|s| s.heading != heading) {
            sections.push(Section {
                heading,
                kind: "bracket",
                head: vec![
                    l(page::MATCH),
                    l(page::UPPER),
                    l(page::LOWER),
                    l(page::WINNER),
                ],
                rows: Vec::new(),
            });
        }
        let (a, z) = b.sides(k);
        let winner = match m.winner {
            Some(Side::First) => side(a),
            Some(Side::Second) => side(z),
            None => String::new(),
        };
        if let Some(s) = sections.last_mut() {
            s.rows
                .push(vec![(k + 1).to_string(), side(a), side(z), winner]);
        }
    }
    if let Some(c) = b.champion() {
        sections.push(Section {
            heading: l(page::CHAMPION),
            kind: "bracket",
            head: vec![l(page::NAME)],
            rows: vec![vec![names.get(c).cloned().unwrap_or_default()]],
        });
    }
    ResultsPage {
        lang,
        title: title.to_string(),
        details: String::new(),
        sections,
        address: String::new(),
    }
}

/// A timetable (with its results): the matches by session and table, then, when the save file
/// carries its round-robin event, that event's rounds, standings and crosstable.
pub fn timetable(file: &super::schedule::SaveFile, lang: Lang) -> ResultsPage {
    let title = page::TIMETABLE_AND_RESULTS.get(lang);
    let mut sections = vec![from_csv(title, "timetable", &file.to_csv())];
    let mut page_title = title.to_string();
    let mut details = String::new();
    if let Some(t) = &file.event {
        let rr = round_robin(t, lang);
        page_title = rr.title;
        details = rr.details;
        sections.extend(rr.sections);
    }
    ResultsPage {
        lang,
        title: page_title,
        details,
        sections,
        address: String::new(),
    }
}

/// A table given as CSV text (the timetable's own export): one section, the first row its head.
pub fn from_csv(heading: &str, kind: &'static str, csv: &str) -> Section {
    let mut rows = super::club::parse_table(csv).into_iter();
    let head = rows.next().unwrap_or_default();
    Section {
        heading: heading.to_string(),
        kind,
        head,
        // A neutralised cell (`'=…`) is shown as typed: the page runs no formula.
        rows: rows
            .map(|r| {
                r.into_iter()
                    .map(|c| match c.strip_prefix('\'') {
                        Some(rest) if rest.starts_with(['=', '+', '-', '@']) => rest.to_string(),
                        _ => c,
                    })
                    .collect()
            })
            .collect(),
    }
}

/// Certificates for chosen places: one A4 landscape page each, in both languages.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Certificates {
    /// The event's name.
    pub event: String,
    /// The date as the organiser writes it.
    pub date: String,
    /// The organiser.
    pub organiser: String,
    /// (place, name) of each certificate.
    pub awards: Vec<(usize, String)>,
}

const CERT_STYLE: &str = "@page{size:A4 landscape;margin:5mm}body{margin:0;font-family:\"Songti SC\",\"Noto Serif CJK SC\",serif;color:#3a2410}\
.cert{box-sizing:border-box;width:287mm;height:199mm;padding:18mm;border:6mm double #b3261e;display:flex;flex-direction:column;\
align-items:center;justify-content:center;text-align:center;gap:4mm;break-after:page;page-break-after:always}\
.cert:last-child{break-after:auto;page-break-after:auto}h1{font-size:34pt;margin:0;letter-spacing:.2em}\
.en{font-family:Georgia,serif;font-size:14pt;color:#6b4a2a}.name{font-size:30pt;font-weight:700;margin:6mm 0 0}\
.place{font-size:20pt}.foot{margin-top:12mm;font-size:13pt}";

impl Certificates {
    /// The certificates as one printable HTML file (print it to get one PDF).
    pub fn to_html(&self) -> String {
        let mut out = head(Lang::Zh, &self.event, CERT_STYLE);
        out.push_str("<body>\n");
        let event = escape(&self.event);
        for (place, name) in &self.awards {
            let placed = Placed {
                place: *place,
                event: &event,
            };
            out.push_str(&format!(
                "<section class=\"cert\"><h1>{title_zh}</h1><p class=\"en\" lang=\"en\">{title_en}</p>\
<p class=\"name\">{name}</p><p class=\"place\">{zh}</p>\
<p class=\"en\" lang=\"en\">{en}</p>\
<p class=\"foot\">{organiser}<br>{date}</p></section>\n",
                title_zh = CERTIFICATE.get(Lang::Zh),
                title_en = CERTIFICATE.get(Lang::En),
                name = escape(name),
                zh = placed.say(Lang::Zh),
                en = placed.say(Lang::En),
                organiser = escape(&self.organiser),
                date = escape(&self.date),
            ));
        }
        out.push_str("</body>\n</html>\n");
        out
    }
}

#[cfg(test)]
mod tests;
