//! The full board's saves of a large tree apart from its session: each tree under its own key
//! (`TreeStamp::key`), written only when it changed, and deleted only once neither the game on
//! the board nor the previous one names it. The lean board never holds a large tree (it shows a
//! restored one's line until the full board reads the tree back), so none of this is in its
//! first visit's download.

use super::{PREVIOUS_KEY, SESSION_KEY};
use crate::saved::NotSaved;
use crate::ui::storage;
use crate::xiangqi::session::{tree_named, unnamed_trees, PlaySession, TreeStamp};
use leptos::prelude::*;
use std::cell::Cell;
use std::time::Duration;

thread_local! {
    /// The stamp of the tree last written under its key (or read from it).
    static TREE_SAVED: Cell<Option<TreeStamp>> = const { Cell::new(None) };
    /// The tree the previous game names, once known (`None`: not yet read).
    static PREVIOUS_TREE: Cell<Option<Option<TreeStamp>>> = const { Cell::new(None) };
}

/// Notes that the tree of `stamp` is stored under its key: a save need not write it again.
pub(super) fn tree_saved_as(stamp: TreeStamp) {
    TREE_SAVED.set(Some(stamp));
}

/// Stores the tree `text` of `stamp` under its own key unless it was just written or read.
fn store_tree(stamp: TreeStamp, text: &str) -> Result<(), NotSaved> {
    if TREE_SAVED.get() != Some(stamp) {
        storage::set(&stamp.key(), text)?;
        tree_saved_as(stamp);
    }
    Ok(())
}

/// Saves `s` under `key` (the game on the board, or the previous one): a tree of more than
/// `APART_MOVES` moves first under its own key, which the session's JSON names; a refusal of
/// either is the `Err`, and then the session is not written (it would name a tree not there).
pub(super) fn keep(s: &PlaySession, key: &str) -> Result<(), NotSaved> {
    let (json, tree) = s.to_json_apart();
    if let Some((stamp, text)) = tree {
        store_tree(stamp, text)?;
    }
    storage::set(key, &json)?;
    let named = tree.map(|(stamp, _)| stamp).or(s.tree_to_come());
    if key == PREVIOUS_KEY {
        PREVIOUS_TREE.set(Some(named));
    } else if key == SESSION_KEY {
        forget_unnamed_trees(named);
    }
    Ok(())
}

/// Saves a large game and makes the address bar its link, each step in a task of its own: its
/// tree's flat form written when the tree changed (Handed::of and its JSON, 20-30 ms for 59,000
/// moves; kept with the tree, so the save finds it written), then stored, then the link
/// (`replaceState`, up to 35 ms).
pub(super) fn save_and_link(session: RwSignal<PlaySession>) {
    session.with_untracked(|s| drop(s.to_json_apart()));
    set_timeout(
        move || {
            super::save_session(session);
            set_timeout(move || super::write_link(session), Duration::ZERO);
        },
        Duration::ZERO,
    );
}

/// Deletes the trees saved apart that neither the game on the board (`named`) nor the previous
/// game names.
fn forget_unnamed_trees(named: Option<TreeStamp>) {
    let keys = storage::keys();
    let stale = |named: &[TreeStamp]| unnamed_trees(&keys, named);
    let mut names: Vec<TreeStamp> = named.into_iter().collect();
    if stale(&names).is_empty() {
        return;
    }
    // Read once (it may hold a whole tree), then known from what this page writes.
    let previous = PREVIOUS_TREE.get().unwrap_or_else(|| {
        let p = storage::get(PREVIOUS_KEY).and_then(|j| tree_named(&j));
        PREVIOUS_TREE.set(Some(p));
        p
    });
    names.extend(previous);
    for key in stale(&names) {
        storage::remove(&key);
    }
}
