//! Members from a spreadsheet: CSV or TSV as Excel writes it (UTF-8 with or without a byte-order
//! mark, GBK as Chinese Excel saves "CSV", UTF-16 with a byte-order mark as "Unicode text"), the
//! columns picked from the header row, and a preview of every row before anything is stored.

use super::{name_key, Club, ClubError, NewMember, Sex, MAX_MEMBERS};
use crate::text::{clean, utf16_lossy, Charsets, TextEncoding};
use std::fmt;

/// The largest file read (bytes): a members list of the largest size is far smaller.
pub const MAX_FILE_BYTES: usize = 2 * 1024 * 1024;

/// Why a file could not be previewed; nothing is stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ImportError {
    /// Over [`MAX_FILE_BYTES`] (the size).
    TooLarge(usize),
    /// No rows at all.
    Empty,
    /// The header row names no column of names (the header as read).
    NoNameColumn(String),
    /// More rows than the list can hold (the count).
    TooManyRows(usize),
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImportError::TooLarge(n) => write!(
                f,
                "the file has {n} bytes; a members file may have at most {MAX_FILE_BYTES}"
            ),
            ImportError::Empty => write!(f, "the file holds no rows"),
            ImportError::NoNameColumn(h) => write!(
                f,
                "the first row names no column of names (name, 姓名): {h}"
            ),
            ImportError::TooManyRows(n) => write!(
                f,
                "the file has {n} rows; the list holds at most {MAX_MEMBERS} members"
            ),
        }
    }
}

impl std::error::Error for ImportError {}

/// How the bytes were read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// UTF-8 (a byte-order mark dropped).
    Utf8,
    /// UTF-16, little-endian, from its byte-order mark.
    Utf16Le,
    /// UTF-16, big-endian, from its byte-order mark.
    Utf16Be,
    /// GBK / GB18030.
    Gbk,
}

/// A file's bytes as text: UTF-16 by its byte-order mark, UTF-8 when valid, else GBK.
pub fn decode(bytes: &[u8], charsets: &dyn Charsets) -> Result<(String, Encoding), ImportError> {
    if bytes.len() > MAX_FILE_BYTES {
        return Err(ImportError::TooLarge(bytes.len()));
    }
    if let Some(body) = bytes.strip_prefix(b"\xFF\xFE") {
        return Ok((utf16_lossy(body, true), Encoding::Utf16Le));
    }
    if let Some(body) = bytes.strip_prefix(b"\xFE\xFF") {
        return Ok((utf16_lossy(body, false), Encoding::Utf16Be));
    }
    let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match std::str::from_utf8(body) {
        Ok(s) => Ok((s.to_string(), Encoding::Utf8)),
        Err(_) => Ok((charsets.decode(TextEncoding::Gbk, body), Encoding::Gbk)),
    }
}

/// Splits delimited text into rows of cells: tab-separated when the first line has a tab, else
/// comma- or semicolon-separated (whichever the first line has more of); quotes as RFC 4180.
pub fn parse_table(text: &str) -> Vec<Vec<String>> {
    let first = text.lines().next().unwrap_or("");
    let sep = if first.contains('\t') {
        '\t'
    } else if first.matches(';').count() > first.matches(',').count() {
        ';'
    } else {
        ','
    };
    let mut rows = Vec::new();
    let mut row = Vec::new();
    let mut cell = String::new();
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if quoted {
            if c == '"' {
                if chars.peek() == Some(&'"') {
                    chars.next();
                    cell.push('"');
                } else {
                    quoted = false;
                }
            } else {
                cell.push(c);
            }
        } else if c == '"' && cell.is_empty() {
            quoted = true;
        } else if c == sep {
            row.push(std::mem::take(&mut cell));
        } else if c == '\n' || c == '\r' {
            if c == '\r' && chars.peek() == Some(&'\n') {
                chars.next();
            }
            row.push(std::mem::take(&mut cell));
            if row.iter().any(|c| !c.trim().is_empty()) {
                rows.push(std::mem::take(&mut row));
            } else {
                row.clear();
            }
        } else {
            cell.push(c);
        }
    }
    row.push(cell);
    if row.iter().any(|c| !c.trim().is_empty()) {
        rows.push(row);
    }
    rows
}

/// A pasted list as a table, with the line of its first row after the header: names one a line
/// without a header are given one, which is no line of the text, so they are lines 1, 2, …
pub fn pasted_table(text: &str) -> (Vec<Vec<String>>, usize) {
    let mut t = parse_table(text);
    if t.first()
        .is_some_and(|h| !Columns::from_header(h).0.contains(&Some(Field::Name)))
        && t.iter().all(|r| r.len() == 1)
    {
        t.insert(0, vec!["name".into()]);
        return (t, 1);
    }
    (t, 2)
}

/// What a column holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Field {
    /// The name.
    Name,
    /// The romanised name.
    Romanised,
    /// Club or team.
    Club,
    /// Year (or date) of birth.
    Birth,
    /// Sex.
    Sex,
    /// Rating.
    Rating,
    /// FIDE/CXA id.
    Id,
}

impl Field {
    /// Every field, in the order a preview shows them.
    pub const ALL: [Field; 7] = [
        Field::Name,
        Field::Romanised,
        Field::Club,
        Field::Birth,
        Field::Sex,
        Field::Rating,
        Field::Id,
    ];

    /// Guesses the field a header cell names (checked in an order that keeps "English name" and
    /// "FIDE id" from reading as the name).
    pub fn of_header(h: &str) -> Option<Field> {
        let h = h.trim().to_lowercase();
        let has = |words: &[&str]| words.iter().any(|w| h.contains(w));
        if h.is_empty() {
            None
        } else if has(&["pinyin", "拼音", "romani", "english", "英文", "latin"]) {
            Some(Field::Romanised)
        } else if has(&["fide", "cxa", "会员号", "证号", "棋协"]) || h == "id" {
            Some(Field::Id)
        } else if has(&["birth", "born", "出生", "生年", "yob"]) {
            Some(Field::Birth)
        } else if has(&["sex", "gender", "性别"]) {
            Some(Field::Sex)
        } else if has(&["rating", "elo", "等级分", "积分"]) {
            Some(Field::Rating)
        } else if has(&["club", "team", "单位", "俱乐部", "队"]) {
            Some(Field::Club)
        } else if has(&["name", "姓名", "名字", "棋手", "选手", "player"]) {
            Some(Field::Name)
        } else {
            None
        }
    }
}

/// Which column holds which field: one entry per column of the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Columns(pub Vec<Option<Field>>);

impl Columns {
    /// The fields the header row names, each taken by its first column only.
    pub fn from_header(header: &[String]) -> Columns {
        let mut seen = Vec::new();
        Columns(
            header
                .iter()
                .map(|h| {
                    let f = Field::of_header(h)?;
                    if seen.contains(&f) {
                        None
                    } else {
                        seen.push(f);
                        Some(f)
                    }
                })
                .collect(),
        )
    }

    fn cell<'a>(&self, row: &'a [String], f: Field) -> &'a str {
        self.0
            .iter()
            .position(|&c| c == Some(f))
            .and_then(|i| row.get(i))
            .map_or("", |s| s.as_str())
    }
}

/// What will happen to one row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RowStatus {
    /// Added as a new member.
    New,
    /// Skipped: the same name or id as this member (or an earlier row).
    Duplicate(String),
    /// Skipped: not a valid member.
    Invalid(ClubError),
}

/// One row of the file as it will be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// Its line in the file (the header is line 1).
    pub line: usize,
    /// The member read from it.
    pub member: NewMember,
    /// What adding will do with it.
    pub status: RowStatus,
}

/// A file read against the club as it is: shown before anything is stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Preview {
    /// The header row.
    pub header: Vec<String>,
    /// The columns picked.
    pub columns: Columns,
    /// Every row after the header.
    pub rows: Vec<Row>,
}

impl Preview {
    /// Reads a file's table with the columns its header names.
    pub fn new(club: &Club, table: &[Vec<String>]) -> Result<Preview, ImportError> {
        let header = table.first().ok_or(ImportError::Empty)?;
        Preview::with_columns(club, table, Columns::from_header(header), 2)
    }

    /// Reads a table with the columns chosen; `first_line` is the line of the first row after
    /// the header (2 in a file; 1 in a pasted list given a header by [`pasted_table`]).
    pub fn with_columns(
        club: &Club,
        table: &[Vec<String>],
        columns: Columns,
        first_line: usize,
    ) -> Result<Preview, ImportError> {
        let header = table.first().ok_or(ImportError::Empty)?.clone();
        if !columns.0.contains(&Some(Field::Name)) {
            return Err(ImportError::NoNameColumn(clean(&header.join(" | "))));
        }
        let body = &table[1..];
        if body.len() > MAX_MEMBERS {
            return Err(ImportError::TooManyRows(body.len()));
        }
        let mut rows = Vec::with_capacity(body.len());
        let mut names: Vec<String> = Vec::new();
        let mut ids: Vec<String> = Vec::new();
        for (i, cells) in body.iter().enumerate() {
            let line = first_line + i;
            let get = |f| columns.cell(cells, f);
            let (member, status) = match read(&get) {
                Err(e) => (NewMember::default(), RowStatus::Invalid(e)),
                Ok(m) => {
                    let key = name_key(&m.name);
                    let status = if let Some(d) = club.duplicate_of(&m) {
                        RowStatus::Duplicate(d.name.clone())
                    } else if names.contains(&key)
                        || (!m.fide_id.is_empty() && ids.contains(&m.fide_id))
                    {
                        RowStatus::Duplicate(m.name.clone())
                    } else {
                        RowStatus::New
                    };
                    names.push(key);
                    if !m.fide_id.is_empty() {
                        ids.push(m.fide_id.clone());
                    }
                    (m, status)
                }
            };
            rows.push(Row {
                line,
                member,
                status,
            });
        }
        Ok(Preview {
            header,
            columns,
            rows,
        })
    }

    /// Rows that will be added.
    pub fn new_count(&self) -> usize {
        self.rows
            .iter()
            .filter(|r| r.status == RowStatus::New)
            .count()
    }
}

/// A member from a row's cells.
fn read<'a>(get: &dyn Fn(Field) -> &'a str) -> Result<NewMember, ClubError> {
    let number = |s: &str, what: Field| -> Result<Option<i64>, ClubError> {
        let s = s.trim();
        if s.is_empty() {
            return Ok(None);
        }
        // A date of birth (1990-05-01, 1990/5/1, 1990年) gives its year.
        let digits: String = s.chars().take_while(|c| c.is_ascii_digit()).collect();
        match digits.parse::<i64>() {
            Ok(n) if what == Field::Birth || digits.len() == s.len() => Ok(Some(n)),
            _ => Err(ClubError::OutOfRange(what)),
        }
    };
    let birth = number(get(Field::Birth), Field::Birth)?;
    let rating = number(get(Field::Rating), Field::Rating)?;
    NewMember {
        name: get(Field::Name).to_string(),
        romanised: get(Field::Romanised).to_string(),
        club: get(Field::Club).to_string(),
        birth_year: match birth {
            Some(y) => Some(
                u16::try_from(y)
                    .ok()
                    .filter(|y| (1900..=2100).contains(y))
                    .ok_or(ClubError::OutOfRange(Field::Birth))?,
            ),
            None => None,
        },
        sex: Sex::parse(get(Field::Sex)),
        rating: match rating {
            Some(0) => None,
            Some(r) => Some(
                i32::try_from(r)
                    .ok()
                    .filter(|r| (1..=3500).contains(r))
                    .ok_or(ClubError::OutOfRange(Field::Rating))?,
            ),
            None => None,
        },
        fide_id: get(Field::Id).to_string(),
    }
    .checked()
}
