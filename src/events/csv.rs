//! The one CSV writer of every export (standings, timetables): RFC 4180 quoting, and no cell that
//! a spreadsheet would run as a formula.
//!
//! A player's name is typed by anyone; a cell beginning with `=`, `+`, `-`, `@`, a tab or a carriage
//! return is read by Excel, LibreOffice and Google Sheets as a formula (`=HYPERLINK(…)`,
//! `+cmd|' /C calc'!A0`). As OWASP recommends for CSV injection, such a cell gets a leading `'`
//! (shown by the spreadsheet, never run) and is quoted. A cell of nothing but digits, signs, `.`,
//! `/`, `½` and spaces (`-1`, `+30`, a forfeit `-/+`) can name no function and no other cell: it
//! stays as it is.

/// One CSV cell: neutralised when a spreadsheet would take it for a formula, quoted when it holds
/// a comma, quote or line break (or was neutralised), quotes doubled.
///
/// ```
/// use xiangqi_club::events::csv::field;
/// assert_eq!(field("王天一"), "王天一");
/// assert_eq!(field("Li, Wang"), "\"Li, Wang\"");
/// assert_eq!(field("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
/// assert_eq!(field("-1"), "-1");
/// ```
pub fn field(s: &str) -> String {
    let formula = s.starts_with(['=', '+', '-', '@', '\t', '\r']) && !inert(s);
    if formula {
        format!("\"'{}\"", s.replace('"', "\"\""))
    } else if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// A row of cells, each through [`field`], joined by commas and ended by a line feed.
pub fn row<S: AsRef<str>>(cells: impl IntoIterator<Item = S>) -> String {
    let mut out = cells
        .into_iter()
        .map(|c| field(c.as_ref()))
        .collect::<Vec<_>>()
        .join(",");
    out.push('\n');
    out
}

/// A number or a result (`-1`, `+30`, `-0.5`, `+/-`, `-/+ 1-0`): without a letter, a bracket or
/// any other sign, a spreadsheet formula cannot call a function or reach another cell.
fn inert(s: &str) -> bool {
    s.chars()
        .all(|c| c.is_ascii_digit() || "+-./½ ".contains(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_when_needed() {
        assert_eq!(field("a,b"), "\"a,b\"");
        assert_eq!(field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(field("two\nlines"), "\"two\nlines\"");
        assert_eq!(field("plain"), "plain");
        assert_eq!(field(""), "");
    }

    #[test]
    fn formulas_are_neutralised() {
        assert_eq!(field("+cmd|' /C calc'!A0"), "\"'+cmd|' /C calc'!A0\"");
        assert_eq!(
            field("=HYPERLINK(\"http://x\",\"y\")"),
            "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\""
        );
        assert_eq!(
            field("-2+3+cmd|' /C calc'!A0"),
            "\"'-2+3+cmd|' /C calc'!A0\""
        );
        assert_eq!(field("@SUM(A1)"), "\"'@SUM(A1)\"");
        assert_eq!(field("\t=1"), "\"'\t=1\"");
        assert_eq!(field("\r=1"), "\"'\r=1\"");
        // Not at the start: no formula.
        assert_eq!(field("Li=Wang"), "Li=Wang");
    }

    #[test]
    fn numbers_and_results_stay_as_they_are() {
        for n in [
            "-1",
            "+30",
            "-0.5",
            "12",
            "3.25",
            "+/-",
            "-/+",
            "-/+ 1-0 ½-½",
        ] {
            assert_eq!(field(n), n);
        }
        for f in ["-1e5", "-inf", "+A1", "-(1)", "=1", "@1", "\t1"] {
            assert!(field(f).starts_with("\"'"), "{f}");
        }
    }

    #[test]
    fn rows() {
        assert_eq!(row(["1", "=x", "a,b"]), "1,\"'=x\",\"a,b\"\n");
    }
}
