//! Importing files into the database: pure functions the browser's worker and `xq games import`
//! call, one file at a time, going on after any error. The caps are checked before the work: a
//! drop's file count and total size ([`check_drop`]) before a byte is read, a zip's declared
//! members and sizes before one is inflated.

use super::record::{GameError, StoredGame};
use super::zip::{is_zip, Directory, Inflate, ZipError};
use crate::text::Charsets;
use crate::xiangqi::notation::archive::{self, ArchiveError, MAX_LIBRARY_BYTES};

/// The most bytes one import reads (1 GB): the files of a drop, a zip's members inflated. A
/// club's archive of 50,000 games is about 200 MB as PGN.
pub const MAX_IMPORT_BYTES: u64 = 1 << 30;
/// The most files one import takes (100,000, zip members included): twice the master-games
/// dataset's 53,893 files; a drop of ten million tiny files is refused before one is read.
pub const MAX_IMPORT_FILES: usize = 100_000;
/// The most games read from one file (20,000: a 20 MB library of 1 KB games); the rest of a
/// larger one is left out with [`Fault::TooManyGames`].
pub const MAX_GAMES_PER_FILE: usize = 20_000;
/// The largest zip member read: the largest file the readers take (20 MB).
pub const MAX_MEMBER_BYTES: usize = MAX_LIBRARY_BYTES;

/// What went wrong, and where: the file (a zip member as `archive.zip/member`), the game's number
/// in it when one game is at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportError {
    /// The file's name, empty for the drop as a whole.
    pub file: String,
    /// The game's number in the file (from 1), when one game is at fault.
    pub game: Option<u32>,
    /// What is wrong.
    pub fault: Fault,
}

/// Why a drop, a file or a game is not imported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// More files than [`MAX_IMPORT_FILES`] (how many were given).
    TooManyFiles(usize),
    /// More bytes than [`MAX_IMPORT_BYTES`] in all (how many were given).
    TooManyBytes(u64),
    /// The file does not read (its format, byte offset and what was expected are in the error),
    /// or reading stopped part-way (the games before are imported).
    Unread(Box<ArchiveError>),
    /// A game that cannot be stored.
    Game(GameError),
    /// More games in the file than [`MAX_GAMES_PER_FILE`] (how many): the first are imported.
    TooManyGames(usize),
    /// A zip, or a member of it, refused.
    Zip(ZipError),
}

/// What one file gave: its games in file order, and an error for each part that did not read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FileImport {
    /// The games, ready to store.
    pub games: Vec<StoredGame>,
    /// What did not read, in file order.
    pub errors: Vec<ImportError>,
}

/// Refuses a drop of `files` files of `bytes` in all, before any is read.
pub fn check_drop(files: usize, bytes: u64) -> Result<(), ImportError> {
    let fault = if files > MAX_IMPORT_FILES {
        Fault::TooManyFiles(files)
    } else if bytes > MAX_IMPORT_BYTES {
        Fault::TooManyBytes(bytes)
    } else {
        return Ok(());
    };
    Err(ImportError {
        file: String::new(),
        game: None,
        fault,
    })
}

/// The games of file `name` (any format the app reads, or a zip of such files), text decoded
/// through `charsets`, deflated zip members through `inflate`.
pub fn import_file(
    name: &str,
    bytes: &[u8],
    charsets: &dyn Charsets,
    inflate: &dyn Inflate,
) -> FileImport {
    let mut out = FileImport::default();
    match is_zip(bytes) {
        true => import_zip(name, bytes, charsets, inflate, &mut out),
        false => import_games(name, bytes, charsets, &mut out),
    }
    out
}

/// Adds the games of the game file `name` to `out`.
pub fn import_games(name: &str, bytes: &[u8], charsets: &dyn Charsets, out: &mut FileImport) {
    let error = |game: Option<u32>, fault| ImportError {
        file: name.to_string(),
        game,
        fault,
    };
    let lib = match archive::open(bytes, charsets) {
        Ok(lib) => lib,
        Err(e) => return out.errors.push(error(None, Fault::Unread(Box::new(e)))),
    };
    let count = lib.games.len();
    for (i, tree) in lib.games.iter().take(MAX_GAMES_PER_FILE).enumerate() {
        let number = i as u32 + 1;
        // The part read of a game that stopped is said with the fault below, not stored twice.
        if lib.stopped.is_some() && i + 1 == count && tree.main_line().is_empty() {
            continue;
        }
        match StoredGame::from_tree(tree, name, number) {
            Ok(g) => out.games.push(g),
            Err(e) => out.errors.push(error(Some(number), Fault::Game(e))),
        }
    }
    if count > MAX_GAMES_PER_FILE {
        out.errors.push(error(None, Fault::TooManyGames(count)));
    }
    if let Some(e) = lib.stopped {
        out.errors
            .push(error(Some(count as u32), Fault::Unread(Box::new(e))));
    }
}

/// Adds the games of every member of the zip `name` to `out`, each named `name/member`.
fn import_zip(
    name: &str,
    zip: &[u8],
    charsets: &dyn Charsets,
    inflate: &dyn Inflate,
    out: &mut FileImport,
) {
    let error = |file: &str, fault| ImportError {
        file: file.to_string(),
        game: None,
        fault,
    };
    let dir = match Directory::read(zip, charsets) {
        Ok(dir) => dir,
        Err(e) => return out.errors.push(error(name, Fault::Zip(e))),
    };
    for e in dir.refused {
        out.errors.push(error(name, Fault::Zip(e)));
    }
    for m in &dir.members {
        let file = format!("{name}/{}", m.name);
        match m.bytes(zip, inflate) {
            // A zip inside a zip is not opened: one level, so the caps hold.
            Ok(bytes) => import_games(&file, &bytes, charsets, out),
            Err(e) => out.errors.push(error(&file, Fault::Zip(e))),
        }
    }
}
