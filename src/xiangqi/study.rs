//! A teacher's studies kept in the browser: each a name, the date it was last saved and its game
//! tree as PGN (every variation, comment and mark), in one versioned list.

use super::notation::pgn::{read_tree, write_tree};
use super::notation::Notation;
use super::tree::GameTree;
use std::fmt;

/// The list format written now.
pub const STUDIES_VERSION: u32 = 1;

/// One saved study.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Study {
    /// Its name, as the teacher gave it.
    pub name: String,
    /// When it was last saved (`YYYY-MM-DD HH:MM`, the browser's local time).
    pub date: String,
    /// The tree as PGN in Chinese notation (readable if copied out of storage).
    pub pgn: String,
}

impl Study {
    /// The study's tree; `Err` says why its PGN does not read.
    pub fn tree(&self) -> Result<GameTree, String> {
        read_tree(&self.pgn).map_err(|e| e.to_string())
    }
}

/// The saved studies, newest first.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Studies {
    /// Format version.
    pub version: u32,
    /// The studies.
    pub items: Vec<Study>,
}

/// Why the saved list does not load.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StudiesError {
    /// Not the JSON of a list.
    Json(String),
    /// A version this app does not know.
    Version(u32),
}

impl fmt::Display for StudiesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StudiesError::Json(e) => write!(f, "the saved studies are not readable: {e}"),
            StudiesError::Version(v) => write!(f, "the saved studies have unknown version {v}"),
        }
    }
}

impl std::error::Error for StudiesError {}

impl Studies {
    /// Saves `tree` as `name` at `date`: a study of that name is replaced, else a new one is
    /// added first. A blank name is refused (false).
    pub fn save(&mut self, name: &str, date: &str, tree: &GameTree) -> bool {
        let name = name.trim();
        if name.is_empty() {
            return false;
        }
        let study = Study {
            name: name.to_string(),
            date: date.to_string(),
            pgn: write_tree(tree, Notation::Chinese),
        };
        self.items.retain(|s| s.name != name);
        self.items.insert(0, study);
        true
    }

    /// Renames study `i`; false when there is none, the name is blank or already taken.
    pub fn rename(&mut self, i: usize, name: &str) -> bool {
        let name = name.trim();
        if name.is_empty() || self.items.iter().any(|s| s.name == name) {
            return false;
        }
        match self.items.get_mut(i) {
            Some(s) => {
                s.name = name.to_string();
                true
            }
            None => false,
        }
    }

    /// Deletes study `i` and returns it.
    pub fn delete(&mut self, i: usize) -> Option<Study> {
        (i < self.items.len()).then(|| self.items.remove(i))
    }

    /// Every study as one multi-game PGN, each with its name as `Event` when it has none.
    pub fn export_all(&self) -> String {
        let mut out = String::new();
        for s in &self.items {
            let text = match s.tree() {
                Ok(mut t) => {
                    if t.tag("Event").is_none_or(str::is_empty) {
                        t.set_tag("Event", &s.name);
                    }
                    write_tree(&t, Notation::Chinese)
                }
                // Kept as saved: the export loses nothing.
                Err(_) => s.pgn.clone(),
            };
            out.push_str(text.trim_end());
            out.push_str("\n\n");
        }
        out
    }

    /// The list as JSON.
    pub fn to_json(&self) -> String {
        let mut v = self.clone();
        v.version = STUDIES_VERSION;
        serde_json::to_string(&v).unwrap_or_default()
    }

    /// The list from its JSON; any defect is an `Err`, never a panic.
    pub fn from_json(json: &str) -> Result<Studies, StudiesError> {
        let s: Studies =
            serde_json::from_str(json).map_err(|e| StudiesError::Json(e.to_string()))?;
        if s.version != STUDIES_VERSION {
            return Err(StudiesError::Version(s.version));
        }
        Ok(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::notation::pgn::read_tree_all;

    #[test]
    fn save_rename_delete_and_export_all() {
        let a = read_tree("1. 炮二平五 {中炮} 马８进７ (1... 炮８平５) *").unwrap();
        let b = read_tree("[Event \"课\"]\n1. 兵七进一 *").unwrap();
        let mut list = Studies::default();
        assert!(!list.save("  ", "2026-12-01 19:40", &a));
        assert!(list.save("中炮对屏风马", "2026-12-01 19:40", &a));
        assert!(list.save("仙人指路", "2026-12-01 19:41", &b));
        assert_eq!(list.items[0].name, "仙人指路", "newest first");
        // Saving under the same name replaces it.
        assert!(list.save("中炮对屏风马", "2026-12-01 19:42", &a));
        assert_eq!(list.items.len(), 2);
        assert_eq!(list.items[0].date, "2026-12-01 19:42");
        assert_eq!(list.items[0].tree().unwrap().first_difference(&a), None);
        assert!(!list.rename(0, "仙人指路"), "a name is taken once");
        assert!(list.rename(0, "第一课"));
        let back = Studies::from_json(&list.to_json()).unwrap();
        assert_eq!(
            back,
            Studies {
                version: STUDIES_VERSION,
                ..list.clone()
            }
        );
        let all = read_tree_all(&list.export_all());
        assert_eq!(all.len(), 2);
        let first = all[0].as_ref().unwrap();
        assert_eq!(first.tag("Event"), Some("第一课"));
        assert_eq!(first.variation_count(), 1);
        assert_eq!(all[1].as_ref().unwrap().tag("Event"), Some("课"));
        assert_eq!(list.delete(5), None);
        assert_eq!(list.delete(0).map(|s| s.name), Some("第一课".into()));
        assert_eq!(list.items.len(), 1);
        assert!(matches!(
            Studies::from_json("{oops"),
            Err(StudiesError::Json(_))
        ));
        assert_eq!(
            Studies::from_json(r#"{"version":7,"items":[]}"#),
            Err(StudiesError::Version(7))
        );
    }
}
