//! The club's game database (#/games): the games imported from any number of files, kept
//! compactly, searched and counted by position.
//!
//! [`record`] is one stored game and its bytes; [`import`] turns files (and [`zip`]s of them)
//! into stored games with an error per part that does not read, within stated caps; [`search`]
//! holds the catalogue the worker searches and the explorer over it; [`save`] writes a selection
//! as a library file; [`fold`] folds names to one script. The page, its worker and the browser's
//! database (IndexedDB) live in the UI and call these.

pub mod fold;
pub mod import;
pub mod record;
pub mod save;
pub mod search;
mod words;
pub mod zip;
