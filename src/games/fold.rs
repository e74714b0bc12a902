//! Names folded to one script, so that a name typed in simplified characters finds the
//! traditional form and back (吕钦 = 呂欽): both sides of a comparison are folded to simplified
//! characters by the table in `fold.txt` (its source and licence are noted there), ASCII to lower
//! case, and white space dropped.

use std::sync::OnceLock;

/// The table: (traditional, simplified) pairs sorted by the traditional character.
fn table() -> &'static [(char, char)] {
    static TABLE: OnceLock<Vec<(char, char)>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut pairs: Vec<(char, char)> = include_str!("fold.txt")
            .lines()
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| {
                let mut c = l.chars();
                Some((c.next()?, c.next()?))
            })
            .collect();
        pairs.sort_unstable();
        pairs
    })
}

/// One character folded: its simplified form if the table has one, ASCII in lower case.
pub fn fold_char(c: char) -> char {
    let t = table();
    match t.binary_search_by_key(&c, |&(from, _)| from) {
        Ok(i) => t[i].1,
        Err(_) => c.to_ascii_lowercase(),
    }
}

/// A name folded for matching: simplified characters, ASCII lower case, no white space (full
/// width spaces included).
pub fn fold(s: &str) -> String {
    s.chars()
        .filter(|c| !c.is_whitespace())
        .map(fold_char)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_scripts_fold_to_one() {
        assert_eq!(fold("呂欽"), fold("吕钦"));
        assert!(fold("廣東 呂欽").contains(&fold("吕钦")));
        assert_eq!(fold("Lu Qin"), "luqin");
        assert!(table().len() > 600);
        assert!(table().iter().all(|(t, s)| t != s));
    }
}
