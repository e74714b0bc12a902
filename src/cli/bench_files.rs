//! `xq bench files DIR`: writes the large game files `docs/benchmarks.md` times `xq convert` on
//! (made, not committed): DhtmlXQ with 29,640 branches listed children first and 25,000 in
//! order, and a PGN library of 40,000 games.

use crate::xiangqi::notation::stress::files;
use std::path::Path;

const USAGE: &str = "usage: xq bench files DIR";

/// Runs `xq bench files`; 0 when every file is written, 1 when one cannot be, 2 for bad arguments.
pub fn run(args: &[String]) -> i32 {
    let [dir] = args else {
        eprintln!("{USAGE}");
        return 2;
    };
    let dir = Path::new(dir);
    if let Err(e) = std::fs::create_dir_all(dir) {
        eprintln!("xq bench files: {}: {e}", dir.display());
        return 1;
    }
    for (name, text) in files() {
        let path = dir.join(name);
        if let Err(e) = std::fs::write(&path, text.as_bytes()) {
            eprintln!("xq bench files: {}: {e}", path.display());
            return 1;
        }
        println!("{} ({} bytes)", path.display(), text.len());
    }
    0
}
