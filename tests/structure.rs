//! The layout of `src/`: the top-level domains (`xiangqi`, `engine`, `clock`, `events`, `cli`,
//! `ui`) and the small shared modules beside them (`color`, `lang`, `dates`, …) import each other
//! without a cycle, so each can be read, tested and moved on its own. Read from the source: every
//! `crate::…` path outside comments (`use` lines and paths written inline) is an import; a file's
//! unit tests (`#[cfg(test)] mod …`, at its end) may reach further up, as integration tests do.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out.sort();
    out
}

/// The source without `//` comments (doc comments included) and without string literals' text,
/// so a path named in prose or in a message is not an import.
fn code_of(source: &str) -> String {
    let mut out = String::with_capacity(source.len());
    for line in source.lines() {
        let mut in_str = false;
        let mut prev = ' ';
        let mut chars = line.chars().peekable();
        while let Some(c) = chars.next() {
            if in_str {
                if c == '"' && prev != '\\' {
                    in_str = false;
                }
                prev = if prev == '\\' && c == '\\' { ' ' } else { c };
                continue;
            }
            if c == '/' && chars.peek() == Some(&'/') {
                break;
            }
            if c == '"' {
                in_str = true;
                prev = ' ';
                continue;
            }
            out.push(c);
        }
        out.push('\n');
    }
    out
}

/// The top-level modules that `code`, the code of the module at `here`, names: the first segment
/// of each path [`paths_named`] reads (`crate::clock::…`, each item of `crate::{clock::…, …}`,
/// `super::…` climbed to the root), its own left out.
fn modules_named(code: &str, here: &[String]) -> BTreeSet<String> {
    paths_named(code, here)
        .into_iter()
        .filter_map(|path| path.into_iter().next())
        .filter(|top| Some(top) != here.first())
        .collect()
}

/// Which top-level module imports which, with one file that shows each import.
fn imports() -> BTreeMap<(String, String), String> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut edges = BTreeMap::new();
    for file in rust_files(&src) {
        let rel = file.strip_prefix(&src).unwrap();
        let first = rel
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy();
        // The binaries import the library by its name, and `lib.rs` only declares the modules.
        if first == "bin" || first == "lib.rs" {
            continue;
        }
        let module = first.trim_end_matches(".rs").to_string();
        let source = fs::read_to_string(&file).unwrap();
        let code = match source.find("#[cfg(test)]\nmod ") {
            Some(tests) => &source[..tests],
            None => &source[..],
        };
        for named in modules_named(&code_of(code), &module_of(rel)) {
            if named != module && named != "self" {
                edges
                    .entry((module.clone(), named))
                    .or_insert_with(|| rel.display().to_string());
            }
        }
    }
    edges
}

/// A cycle of modules (each importing the next, the last the first), if there is one.
fn find_cycle(edges: &BTreeMap<(String, String), String>) -> Option<Vec<String>> {
    let mut next: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (from, to) in edges.keys() {
        next.entry(from).or_default().push(to);
    }
    // Depth-first search; a module met again while still on the path closes a cycle.
    fn visit<'a>(
        m: &'a str,
        next: &BTreeMap<&'a str, Vec<&'a str>>,
        path: &mut Vec<&'a str>,
        done: &mut BTreeSet<&'a str>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|p| *p == m) {
            return Some(path[at..].iter().map(|s| s.to_string()).collect());
        }
        if done.contains(m) {
            return None;
        }
        path.push(m);
        for n in next.get(m).into_iter().flatten() {
            if let Some(cycle) = visit(n, next, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        done.insert(m);
        None
    }
    let mut done = BTreeSet::new();
    for m in next.keys() {
        if let Some(cycle) = visit(m, &next, &mut Vec::new(), &mut done) {
            return Some(cycle);
        }
    }
    None
}

/// Each step of a cycle with the file that shows it: `a -> b (in src/a/x.rs)`.
fn cycle_steps(cycle: &[String], edges: &BTreeMap<(String, String), String>) -> Vec<String> {
    cycle
        .iter()
        .zip(cycle.iter().cycle().skip(1))
        .map(|(a, b)| format!("{a} -> {b} (in src/{})", edges[&(a.clone(), b.clone())]))
        .collect()
}

#[test]
fn no_import_cycle_between_top_level_modules() {
    let edges = imports();
    // The domains named in the README's layout are all there: the test reads the real tree.
    for domain in ["xiangqi", "engine", "clock", "events", "cli", "ui"] {
        assert!(
            edges.keys().any(|(from, _)| from == domain),
            "no imports read from src/{domain}"
        );
    }
    if let Some(cycle) = find_cycle(&edges) {
        let steps = cycle_steps(&cycle, &edges);
        panic!(
            "import cycle between top-level modules:\n  {}",
            steps.join("\n  ")
        );
    }
}

#[test]
fn the_reader_finds_grouped_and_inline_imports_and_skips_prose() {
    let code = code_of(
        "use crate::{clock::Clock, xiangqi::{Color, Move}};\n\
         // crate::events is only named here\n\
         let s = \"crate::cli\"; let c = crate::lang::Lang::Zh; use xiangqi_club::ui;\n",
    );
    let here = ["cli".to_string(), "convert".to_string()];
    let named: Vec<String> = modules_named(&code, &here).into_iter().collect();
    assert_eq!(named, ["clock", "lang", "xiangqi"]);
    // `super::` from a file two deep climbs to the root: `text` is a top-level module.
    let deep = [
        "xiangqi".to_string(),
        "notation".to_string(),
        "decode".to_string(),
    ];
    let up = code_of("use super::super::super::text::Charsets;\nuse super::pgn::read_pgn;\n");
    let named: Vec<String> = modules_named(&up, &deep).into_iter().collect();
    assert_eq!(named, ["text"]);
    let mut edges = BTreeMap::new();
    edges.insert(("a".to_string(), "b".to_string()), "a.rs".to_string());
    edges.insert(("b".to_string(), "c".to_string()), "b.rs".to_string());
    assert_eq!(find_cycle(&edges), None);
    edges.insert(("c".to_string(), "a".to_string()), "c.rs".to_string());
    assert_eq!(find_cycle(&edges).map(|c| c.len()), Some(3));
}

/// The `pub use` lines of a module file that re-export from one of its own `pub mod` children:
/// each such item would have two public paths (`xiangqi::Move` and `xiangqi::position::Move`).
fn second_paths(source: &str) -> Vec<String> {
    let code = code_of(source);
    let public: BTreeSet<&str> = code
        .lines()
        .filter_map(|l| l.trim().strip_prefix("pub mod "))
        .filter_map(|rest| rest.strip_suffix(';'))
        .collect();
    code.lines()
        .filter_map(|l| l.trim().strip_prefix("pub use "))
        .filter(|rest| {
            let child = rest.split("::").next().unwrap_or("");
            public.contains(child)
        })
        .map(|rest| rest.trim_end_matches(';').to_string())
        .collect()
}

#[test]
fn every_public_item_has_one_path() {
    let mut found = Vec::new();
    for file in rust_files(Path::new("src")) {
        let source = fs::read_to_string(&file).unwrap();
        for path in second_paths(&source) {
            found.push(format!("{}: pub use {path}", file.display()));
        }
    }
    assert!(
        found.is_empty(),
        "re-exported from a public module (make the module private, or drop the re-export):\n  {}",
        found.join("\n  ")
    );
}

#[test]
fn a_re_export_from_a_public_child_is_found() {
    let source = "pub mod fen;\nmod position;\npub use fen::Setup;\npub use position::Move;\n";
    assert_eq!(second_paths(source), ["fen::Setup"]);
}

/// The word files: where a message is rendered per language (`src/lang.rs` holds the mechanism).
/// The public types a file defines: `pub struct X`, `pub enum X`, `pub type X`, `pub trait X`.
fn public_types(source: &str) -> Vec<String> {
    let code = code_of(source);
    code.lines()
        .filter_map(|l| {
            let l = l.trim();
            ["pub struct ", "pub enum ", "pub type ", "pub trait "]
                .iter()
                .find_map(|k| l.strip_prefix(k))
        })
        .map(|rest| {
            rest.chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect()
        })
        .collect()
}

/// The competition formats share one type for each idea (one entrant, one game outcome, one
/// side): no public type name is defined in two of them.
#[test]
fn the_competition_formats_define_each_type_once() {
    let formats = [
        "src/events/entrant.rs",
        "src/events/round_robin",
        "src/events/swiss",
        "src/events/knockout.rs",
        "src/events/schedule",
    ];
    let mut defined: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for f in formats {
        let path = Path::new(f);
        let files = if path.is_dir() {
            rust_files(path)
        } else {
            vec![path.to_path_buf()]
        };
        for file in files {
            for name in public_types(&fs::read_to_string(&file).unwrap()) {
                defined
                    .entry(name)
                    .or_default()
                    .push(file.display().to_string());
            }
        }
    }
    let twice: Vec<String> = defined
        .into_iter()
        .filter(|(_, files)| files.len() > 1)
        .map(|(name, files)| format!("{name}: {}", files.join(", ")))
        .collect();
    assert!(
        twice.is_empty(),
        "defined more than once:\n  {}",
        twice.join("\n  ")
    );
}

#[test]
fn the_type_reader_finds_each_kind_of_definition() {
    let source = "pub struct Entrant {\n/// pub enum Prose\n  pub enum Outcome { Win }\npub(crate) struct Hidden;\npub type Side = u8;\n";
    assert_eq!(public_types(source), ["Entrant", "Outcome", "Side"]);
}

fn is_word_file(rel: &Path) -> bool {
    let name = rel.file_name().unwrap_or_default();
    rel == Path::new("lang.rs") || name == "words.rs" || name == "say.rs"
}

/// The places in `code` that choose words by language themselves: an `if en` branch, an arm on
/// the language alone (`Lang::Zh =>`) or at the end of a tuple (`(x, Lang::Zh) =>`, written on one
/// line or over several), a test of it (`lang == Lang::En`), its variants imported bare to write
/// such arms as `(x, Zh) =>` (`use …::Lang::*`), or a `Say` impl, whatever its body.
fn own_words(code: &str) -> Vec<String> {
    let mut at_lines = BTreeSet::new();
    for (n, line) in code.lines().enumerate() {
        let if_en = line.match_indices("if en").any(|(at, _)| {
            let before = line[..at].chars().next_back();
            let after = line[at + "if en".len()..].chars().next();
            !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
                && !after.is_some_and(|c| c.is_alphanumeric() || c == '_')
        });
        let say_impl = line.trim_start().starts_with("impl")
            && line.match_indices("Say for ").any(|(at, _)| {
                !line[..at]
                    .chars()
                    .next_back()
                    .is_some_and(|c| c.is_alphanumeric() || c == '_')
            });
        if if_en || say_impl {
            at_lines.insert(n);
        }
    }
    // The code without whitespace, each byte with its line, so an arm spread over lines reads
    // as one.
    let mut packed = String::new();
    let mut line_of = Vec::new();
    for (n, line) in code.lines().enumerate() {
        for c in line.chars().filter(|c| !c.is_whitespace()) {
            packed.push(c);
            line_of.extend(std::iter::repeat_n(n, c.len_utf8()));
        }
    }
    let signs = [
        "Lang::Zh=>",
        "Lang::En=>",
        "Lang::Zh)=>",
        "Lang::En)=>",
        "Lang::Zh,)=>",
        "Lang::En,)=>",
        "==Lang::",
        "!=Lang::",
        "Lang::Zh==",
        "Lang::En==",
        "Lang::*",
    ];
    for sign in signs {
        for (at, _) in packed.match_indices(sign) {
            at_lines.insert(line_of[at]);
        }
    }
    let lines: Vec<&str> = code.lines().collect();
    at_lines
        .into_iter()
        .map(|n| format!("line {}: {}", n + 1, lines[n].trim()))
        .collect()
}

#[test]
fn every_module_says_its_words_through_the_catalogue() {
    // The domain and the UI (the `bin` entry points only start a page or a worker).
    let files = shipped_files(|rel| !rel.starts_with("bin"));
    assert!(
        files.len() > 100,
        "the domain's and the UI's files are read"
    );
    let found = words_outside_word_files(&files);
    assert!(
        found.is_empty(),
        "words outside the word files (move them into a `Say` impl or a `Text` there):\n  {}",
        found.join("\n  ")
    );
}

#[test]
fn the_word_check_finds_branches_and_arms_but_not_names() {
    let code =
        code_of("let s = if en { a } else { b };\nLang::Zh => zh,\nif entrant > 0 {}\n// if en\n");
    assert_eq!(
        own_words(&code),
        [
            "line 1: let s = if en { a } else { b };",
            "line 2: Lang::Zh => zh,"
        ]
    );
}

#[test]
fn the_word_check_finds_tuple_arms_tests_and_say_impls() {
    let code = code_of(concat!(
        "impl Say for Gap {\n",                        // 1
        "match (self, lang) {\n",                      // 2
        "(Gap::Rest(n), Lang::Zh) => zh,\n",           // 3
        "(\n",                                         // 4
        "    Gap::Long { n },\n",                      // 5
        "    Lang::En,\n",                             // 6
        ") => en,\n",                                  // 7
        "}\n",                                         // 8
        "if lang == Lang::En { return en; }\n",        // 9
        "use crate::lang::Lang::*;\n",                 // 10
        "impl<'a> crate::lang::Say for Name<'a> {}\n", // 11
        "e.say(Lang::Zh)\n",                           // 12
        "page(&t, Lang::En, x)\n",                     // 13
        "impl Essay for Book {}\n",                    // 14
        "// (x, Lang::Zh) =>\n",                       // 15
        "let s = \"Lang::Zh) =>\";\n",                 // 16
    ));
    assert_eq!(
        own_words(&code),
        [
            "line 1: impl Say for Gap {",
            "line 3: (Gap::Rest(n), Lang::Zh) => zh,",
            "line 6: Lang::En,",
            "line 9: if lang == Lang::En { return en; }",
            "line 10: use crate::lang::Lang::*;",
            "line 11: impl<'a> crate::lang::Say for Name<'a> {}",
        ]
    );
}

/// A string literal of a source: its text as written (escapes not decoded), the line it starts
/// on (from 1) and where it starts and ends in the source (quotes included).
#[derive(Debug)]
struct Literal {
    text: String,
    line: usize,
    start: usize,
    end: usize,
}

/// A source read as tokens enough to find its words: the string literals (plain, raw, byte),
/// and the code with comments and the literals' text blanked out (same length, same lines).
fn lex(source: &str) -> (String, Vec<Literal>) {
    let bytes = source.as_bytes();
    let mut code = String::with_capacity(source.len());
    let mut literals = Vec::new();
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    // Each blanked character becomes spaces of its width, newlines kept, so offsets still match.
    let blank = |code: &mut String, text: &str| {
        for c in text.chars() {
            if c == '\n' {
                code.push('\n');
            } else {
                code.extend(std::iter::repeat_n(' ', c.len_utf8()));
            }
        }
    };
    let mut i = 0;
    while i < bytes.len() {
        let rest = &source[i..];
        let prev_ident = i > 0 && ident(bytes[i - 1]);
        if rest.starts_with("//") {
            let end = rest.find('\n').map_or(source.len(), |n| i + n);
            blank(&mut code, &source[i..end]);
            i = end;
            continue;
        }
        if rest.starts_with("/*") {
            let end = rest.find("*/").map_or(source.len(), |n| i + n + 2);
            blank(&mut code, &source[i..end]);
            i = end;
            continue;
        }
        if let Some(after) = rest.strip_prefix('\'') {
            // A char literal ('"', '\'', 'x'), or a lifetime, which is left as code.
            let len = if let Some(escaped) = after.strip_prefix('\\') {
                escaped
                    .char_indices()
                    .skip(1)
                    .find(|&(_, c)| c == '\'')
                    .map(|(n, _)| n + 3)
            } else {
                after
                    .chars()
                    .next()
                    .filter(|c| after[c.len_utf8()..].starts_with('\''))
                    .map(|c| c.len_utf8() + 2)
            };
            if let Some(len) = len {
                code.push('\'');
                blank(&mut code, &rest[1..len - 1]);
                code.push('\'');
                i += len;
                continue;
            }
        }
        // The opening of a literal: `"`, `b"`, `r"`, `r#"`, `br#"` (not the end of a name).
        let prefix = rest
            .strip_prefix("br")
            .or_else(|| rest.strip_prefix('r'))
            .filter(|r| !prev_ident && (r.starts_with('"') || r.starts_with('#')))
            .map(|r| (rest.len() - r.len(), true))
            .or_else(|| {
                rest.strip_prefix('b')
                    .filter(|r| !prev_ident && r.starts_with('"'))
                    .map(|_| (1, false))
            })
            .or_else(|| rest.starts_with('"').then_some((0, false)));
        if let Some((skip, raw)) = prefix {
            let after = &rest[skip..];
            let hashes = if raw {
                after.len() - after.trim_start_matches('#').len()
            } else {
                0
            };
            if after[hashes..].starts_with('"') {
                let open = skip + hashes + 1;
                let body = &rest[open..];
                let close = if raw {
                    let closing = format!("\"{}", "#".repeat(hashes));
                    body.find(&closing).map(|n| (n, closing.len()))
                } else {
                    let mut escaped = false;
                    body.char_indices()
                        .find(|&(_, c)| {
                            let end = c == '"' && !escaped;
                            escaped = c == '\\' && !escaped;
                            end
                        })
                        .map(|(n, _)| (n, 1))
                };
                let (n, close_len) = close.unwrap_or((body.len(), 0));
                literals.push(Literal {
                    text: body[..n].to_string(),
                    line: source[..i].matches('\n').count() + 1,
                    start: i,
                    end: i + open + n + close_len,
                });
                code.push_str(&rest[..open]);
                blank(&mut code, &body[..n]);
                code.push_str(&body[n..n + close_len]);
                i += open + n + close_len;
                continue;
            }
        }
        let c = rest.chars().next().unwrap();
        code.push(c);
        i += c.len_utf8();
    }
    (code, literals)
}

/// A Chinese character (CJK ideographs, with extension A).
fn is_han(c: char) -> bool {
    matches!(c, '\u{3400}'..='\u{4dbf}' | '\u{4e00}'..='\u{9fff}' | '\u{f900}'..='\u{faff}')
}

/// Chinese punctuation: the CJK symbols (、。「」…) and the full-width forms (，：（）…).
fn is_full_width(c: char) -> bool {
    matches!(c, '\u{3000}'..='\u{303f}' | '\u{ff00}'..='\u{ffef}')
}

/// Where `name` stands in `code`, not as the end of a longer name (`MyText::new(`).
fn calls<'a>(code: &'a str, name: &'a str) -> impl Iterator<Item = usize> + 'a {
    let word = |c: char| c.is_alphanumeric() || c == '_';
    let named = name.starts_with(word);
    code.match_indices(name)
        .map(|(at, _)| at)
        .filter(move |&at| !named || !code[..at].chars().next_back().is_some_and(word))
}

/// The line (from 1) of a byte offset.
fn line_at(source: &str, at: usize) -> usize {
    source[..at].matches('\n').count() + 1
}

/// The places in a source, outside the word files, that hold words of both languages: a
/// Chinese literal followed, after a comma, by one without Chinese (`("轮空", "bye")`,
/// `lang.pick("名次", "Place")`: the shape of every visible pair), and a `Text::new(`.
fn pairs(source: &str) -> Vec<String> {
    let (code, literals) = lex(source);
    let mut found = BTreeMap::new();
    for w in literals.windows(2) {
        let (zh, en) = (&w[0], &w[1]);
        if code[zh.end..en.start].trim() == ","
            && zh.text.chars().any(is_han)
            && !en.text.chars().any(is_han)
        {
            // The first pair of a line names it.
            found
                .entry(zh.line)
                .or_insert_with(|| format!("line {}: \"{}\", \"{}\"", zh.line, zh.text, en.text));
        }
    }
    for at in calls(&code, "Text::new(") {
        let n = line_at(&code, at);
        found.insert(n, format!("line {n}: Text::new("));
    }
    found.into_values().collect()
}

/// Where the first test module of a source starts: a `mod` line under a `#[cfg(...)]` that
/// names `test` (`#[cfg(test)]`, `#[cfg(all(test, not(target_arch = "wasm32")))]`), and its name.
fn test_module(source: &str) -> Option<(usize, &str)> {
    let mut at = 0;
    let mut lines = source.split_inclusive('\n').peekable();
    while let Some(line) = lines.next() {
        let cfg = line.trim();
        let test = cfg.starts_with("#[cfg(")
            && cfg
                .split(|c: char| !c.is_alphanumeric() && c != '_')
                .any(|w| w == "test");
        if let Some(name) = lines
            .peek()
            .filter(|_| test)
            .and_then(|next| next.strip_prefix("mod "))
        {
            let name = name.trim_end().trim_end_matches([';', '{']).trim();
            return Some((at, name));
        }
        at += line.len();
    }
    None
}

/// The code of a file that ships: up to its first test module, or nothing for a file that is
/// itself a test module (`#[cfg(test)] mod tests;` in its parent).
fn shipped(src: &Path, rel: &Path, source: &str) -> String {
    let stem = rel.file_stem().unwrap_or_default().to_string_lossy();
    let dir = rel.parent().unwrap_or(Path::new(""));
    let parents = [dir.join("mod.rs"), dir.with_extension("rs")];
    let is_test = |parent: String| {
        let mut rest = parent.as_str();
        while let Some((at, name)) = test_module(rest) {
            if name == stem {
                return true;
            }
            rest = &rest[at + 1..];
        }
        false
    };
    if parents
        .iter()
        .any(|p| fs::read_to_string(src.join(p)).is_ok_and(is_test))
    {
        return String::new();
    }
    match test_module(source) {
        Some((tests, _)) => source[..tests].to_string(),
        None => source.to_string(),
    }
}

/// Every `.rs` file under `src/` that `keep` keeps (by its path under `src/`), with the code it
/// ships.
fn shipped_files(keep: impl Fn(&Path) -> bool) -> Vec<(PathBuf, String)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    rust_files(&src)
        .into_iter()
        .filter_map(|file| {
            let rel = file.strip_prefix(&src).unwrap().to_path_buf();
            keep(&rel).then(|| {
                let source = fs::read_to_string(&file).unwrap();
                let code = shipped(&src, &rel, &source);
                (rel, code)
            })
        })
        .collect()
}

/// Files that read or write a format whose tokens have the pair's shape, so their literals are
/// not words shown to users: the members' file reader knows a column by any of its header
/// words (`"英文", "latin"` in one list of synonyms).
const FORMAT_FILES: &[&str] = &["events/club/import.rs"];

/// Where `files` (paths under `src/`, with their code) put words outside the word files: a
/// choice by language (`own_words`), a pair of literals or a `Text::new(` (`pairs`).
fn words_outside_word_files(files: &[(PathBuf, String)]) -> Vec<String> {
    let mut found = Vec::new();
    for (rel, code) in files {
        if is_word_file(rel) {
            continue;
        }
        let format = FORMAT_FILES.iter().any(|f| rel == Path::new(f));
        let mut places = own_words(&code_of(code));
        if !format {
            places.extend(pairs(code));
        }
        for place in places {
            found.push(format!("src/{}: {place}", rel.display()));
        }
    }
    found
}

/// The stricter rule for the UI: outside its `words.rs` files, no literal with a Chinese
/// character or Chinese punctuation at all, and no `if en`, `Lang::Zh`, `Lang::En` or `.pick(`.
fn ui_own_words(source: &str) -> Vec<String> {
    let (code, literals) = lex(source);
    let mut found = BTreeMap::new();
    for l in &literals {
        if l.text.chars().any(|c| is_han(c) || is_full_width(c)) {
            found.insert(l.line, format!("line {}: \"{}\"", l.line, l.text));
        }
    }
    for sign in ["if en", "Lang::Zh", "Lang::En", ".pick("] {
        for at in calls(&code, sign).filter(|&at| {
            // `if en` only as the name `en`, not `if entrants`.
            !code[at + sign.len()..]
                .chars()
                .next()
                .is_some_and(|c| sign == "if en" && (c.is_alphanumeric() || c == '_'))
        }) {
            let n = line_at(&code, at);
            found.entry(n).or_insert_with(|| {
                format!("line {n}: {}", source.lines().nth(n - 1).unwrap().trim())
            });
        }
    }
    found.into_values().collect()
}

/// Where `files` (paths under `src/`, with their code) break the UI's rule, outside `words.rs`.
fn ui_words_outside_word_files(files: &[(PathBuf, String)]) -> Vec<String> {
    let mut found = Vec::new();
    for (rel, code) in files {
        if rel.file_name().is_some_and(|n| n == "words.rs") {
            continue;
        }
        for place in ui_own_words(code) {
            found.push(format!("src/{}: {place}", rel.display()));
        }
    }
    found
}

#[test]
fn the_ui_says_no_word_outside_its_word_files() {
    let files = shipped_files(|rel| rel.starts_with("ui"));
    assert!(files.len() > 40, "the UI's files are read");
    let found = ui_words_outside_word_files(&files);
    assert!(
        found.is_empty(),
        "UI words outside the word files (name them in the folder's `words.rs`):\n  {}",
        found.join("\n  ")
    );
}

/// Each `Text::new("zh", "en")` of a source with its line; a call whose two arguments are not
/// string literals is an error, as the check below could not read it.
fn texts(source: &str) -> Vec<Result<(usize, String, String), String>> {
    let (code, literals) = lex(source);
    calls(&code, "Text::new(")
        .map(|at| {
            let open = at + "Text::new(".len();
            let n = line_at(&code, at);
            let first = literals.iter().position(|l| l.start >= open);
            match first.map(|k| (&literals[k], literals.get(k + 1))) {
                Some((zh, Some(en)))
                    if code[open..zh.start].trim().is_empty()
                        && code[zh.end..en.start].trim() == "," =>
                {
                    Ok((n, zh.text.clone(), en.text.clone()))
                }
                _ => Err(format!("line {n}: Text::new( without two string literals")),
            }
        })
        .collect()
}

/// What is wrong with a text: an empty Chinese side, or Chinese in the English side. (The
/// English may be empty, for a suffix English does without; the Chinese may equal the English,
/// for a code such as `WXF`.)
fn bad_text(zh: &str, en: &str) -> Option<&'static str> {
    if zh.is_empty() {
        Some("no Chinese")
    } else if en.chars().any(|c| is_han(c) || is_full_width(c)) {
        Some("Chinese in the English")
    } else {
        None
    }
}

#[test]
fn every_text_has_its_chinese_and_an_english_without_chinese() {
    let files = shipped_files(|rel| is_word_file(rel) && !rel.starts_with("bin"));
    let mut found = Vec::new();
    let mut read = 0;
    for (rel, code) in &files {
        for text in texts(code) {
            match text {
                Ok((n, zh, en)) => {
                    read += 1;
                    if let Some(why) = bad_text(&zh, &en) {
                        found.push(format!(
                            "src/{}: line {n}: {why}: \"{zh}\", \"{en}\"",
                            rel.display()
                        ));
                    }
                }
                Err(e) => found.push(format!("src/{}: {e}", rel.display())),
            }
        }
    }
    // The UI's word files and the domain's are both read.
    assert!(read > 500, "only {read} texts read");
    assert!(files.iter().any(|(rel, _)| rel.starts_with("ui")));
    assert!(
        found.is_empty(),
        "texts to fix in the word files:\n  {}",
        found.join("\n  ")
    );
}

#[test]
fn the_pair_check_finds_pairs_and_texts_but_not_tokens_or_comments() {
    let source = concat!(
        "let a = (\"轮空\", \"bye\");\n",                   // 1: a pair
        "let b = lang.pick(\n",                             // 2
        "    \"名次\",\n",                                  // 3: a pair over lines
        "    \"Place\",\n",                                 // 4
        ");\n",                                             // 5
        "const T: Text = Text::new(\"悔棋\", \"Undo\");\n", // 6: a text (and a pair)
        "let mv = [\"炮二平五\", \"马8进7\"];\n",           // 7: notation, Chinese both
        "let r = (\"红胜\", 1);\n",                         // 8: no second literal
        "// (\"长捉\", \"perpetual chase\")\n",             // 9: a comment
        "let q = '\"'; let p = '\\''; let z = \"红方\";\n", // 10: a char literal's quote
        "let raw = r#\"黑方\", \"Black\"#;\n",              // 11: one raw literal
        "let en = (\"Red\", \"红方\");\n",                  // 12: English first
        "/* (\"胜\", \"W\") */ let x = MyText::new(a);\n",  // 13: block comment, other name
        "let s = (\"她说\\\"好\\\"\", \"ok\");\n",          // 14: escaped quotes, then a pair
    );
    assert_eq!(
        pairs(source),
        [
            "line 1: \"轮空\", \"bye\"",
            "line 3: \"名次\", \"Place\"",
            "line 6: Text::new(",
            "line 14: \"她说\\\"好\\\"\", \"ok\"",
        ]
    );
}

#[test]
fn the_word_checks_read_shipped_code_only_and_skip_word_and_format_files() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let source = "let a = (\"和\", \"D\");\n#[cfg(test)]\nmod tests {\n    (\"负\", \"L\");\n}\n";
    assert_eq!(
        shipped(&src, Path::new("events/x.rs"), source),
        "let a = (\"和\", \"D\");\n"
    );
    // A test module in its own file (`#[cfg(test)] mod tests;` in events/publish.rs).
    let test_file = shipped(&src, Path::new("events/publish/tests.rs"), source);
    assert_eq!(test_file, "");
    let gated = "let a = 1;\n#[cfg(all(test, not(target_arch = \"wasm32\")))]\nmod tests {\n(\"负\", \"L\");\n}\n";
    assert_eq!(
        shipped(&src, Path::new("events/x.rs"), gated),
        "let a = 1;\n"
    );
    let not_tests = "#[cfg(not(target_arch = \"wasm32\"))]\nmod native;\n(\"负\", \"L\");\n";
    assert_eq!(
        shipped(&src, Path::new("events/x.rs"), not_tests),
        not_tests
    );
    let pair = "let a = (\"和\", \"D\");\nlet b = if en { 1 } else { 2 };\n";
    let files: Vec<(PathBuf, String)> = [
        "events/say.rs",
        "events/club/import.rs",
        "events/publish.rs",
        "xiangqi/words.rs",
        "lang.rs",
    ]
    .iter()
    .map(|f| (PathBuf::from(f), pair.to_string()))
    .collect();
    assert_eq!(
        words_outside_word_files(&files),
        [
            "src/events/club/import.rs: line 2: let b = if en { 1 } else { 2 };",
            "src/events/publish.rs: line 2: let b = if en { 1 } else { 2 };",
            "src/events/publish.rs: line 1: \"和\", \"D\"",
        ]
    );
}

#[test]
fn the_text_check_reads_both_sides() {
    let source = concat!(
        "pub const A: Text = Text::new(\"悔棋\", \"Undo\");\n",
        "pub const B: Text = Text::new(\n    \"\",\n    \"Nothing\",\n);\n",
        "pub const C: Text = Text::new(\"名次\", \"Place（1st）\");\n",
        "pub const D: Text = Text::new(\"WXF\", \"WXF\");\n",
        "pub const E: Text = Text::new(\"局\", \"\");\n",
        "pub const F: Text = Text::new(ZH, \"x\");\n",
        "// Text::new(\"\", \"中\")\n",
    );
    let read: Vec<String> = texts(source)
        .into_iter()
        .map(|t| match t {
            Ok((n, zh, en)) => format!("{n}: {}", bad_text(&zh, &en).unwrap_or("ok")),
            Err(e) => e,
        })
        .collect();
    assert_eq!(
        read,
        [
            "1: ok",
            "2: no Chinese",
            "6: Chinese in the English",
            "7: ok",
            "8: ok",
            "line 9: Text::new( without two string literals",
        ]
    );
}

#[test]
fn the_ui_rule_finds_any_chinese_literal_and_language_choice() {
    let source = concat!(
        "view! { <p>\"轮空\"</p> }\n",               // 1: Chinese
        "let s = \"a，b\";\n",                       // 2: full-width punctuation
        "let t = if en { a } else { b };\n",         // 3
        "let u = lang.pick(a, b);\n",                // 4
        "match l { Lang::Zh => 1, _ => 2 }\n",       // 5
        "// 中文, if en, Lang::En\n",                // 6: a comment
        "let v = \"Board\";\n",                      // 7
        "if entrants > 0 { pick(x) }\n",             // 8: other names
        "let w = words::BYE.get(l); f(Lang::En);\n", // 9
    );
    assert_eq!(
        ui_own_words(source),
        [
            "line 1: \"轮空\"",
            "line 2: \"a，b\"",
            "line 3: let t = if en { a } else { b };",
            "line 4: let u = lang.pick(a, b);",
            "line 5: match l { Lang::Zh => 1, _ => 2 }",
            "line 9: let w = words::BYE.get(l); f(Lang::En);",
        ]
    );
    let files = vec![
        (PathBuf::from("ui/words.rs"), "\"轮空\"".to_string()),
        (
            PathBuf::from("ui/schedule/words.rs"),
            "if en {}".to_string(),
        ),
        (PathBuf::from("ui/board.rs"), "\"轮空\"".to_string()),
    ];
    assert_eq!(
        ui_words_outside_word_files(&files),
        ["src/ui/board.rs: line 1: \"轮空\""]
    );
}

/// The module paths a piece of code names, each as its segments from the crate's root: the
/// paths from `crate::`, `super::` and `self::` (read from `here`, the module the code is in) and a
/// `use` of a child by its bare name, with each item of a group (`super::{a::X, b::{c, d}}`).
fn paths_named(code: &str, here: &[String]) -> Vec<Vec<String>> {
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut out = Vec::new();
    let mut starts: Vec<usize> = ["crate::", "super::", "self::"]
        .iter()
        .flat_map(|sign| code.match_indices(sign).map(|(at, _)| at))
        .filter(|&at| !code[..at].ends_with(|c: char| ident(c) || c == ':'))
        .collect();
    // `use child::X;`: a bare name in a `use` line is a child of `here` (or a crate outside,
    // which names no module of ours).
    let mut line_at = 0;
    for line in code.split_inclusive('\n') {
        let trimmed = line.trim_start();
        let rest = trimmed
            .strip_prefix("pub use ")
            .or_else(|| trimmed.strip_prefix("pub(crate) use "))
            .or_else(|| trimmed.strip_prefix("use "));
        if let Some(rest) = rest.filter(|r| r.starts_with(ident)) {
            starts.push(line_at + line.len() - rest.len());
        }
        line_at += line.len();
    }
    starts.sort();
    starts.dedup();
    for at in starts {
        for path in use_tree(&code[at..]) {
            let mut module: Vec<String> = Vec::new();
            let mut segments = path.into_iter().peekable();
            match segments.peek().map(String::as_str) {
                Some("crate") => {
                    segments.next();
                }
                Some("super" | "self") => {
                    module = here.to_vec();
                    while let Some(s) = segments.next_if(|s| s == "super" || s == "self") {
                        if s == "super" {
                            module.pop();
                        }
                    }
                }
                _ => module = here.to_vec(),
            }
            module.extend(segments.filter(|s| s != "self"));
            out.push(module);
        }
    }
    out
}

/// The paths of a use tree at the start of `s` (`a::b::{c::D, e}` gives `a::b::c::D` and
/// `a::b::e`).
fn use_tree(s: &str) -> Vec<Vec<String>> {
    let mut segments = Vec::new();
    let mut rest = s;
    loop {
        rest = rest.trim_start();
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 0;
            let mut item = 0;
            let mut items = Vec::new();
            for (at, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => {
                        items.push(&group[item..at]);
                        break;
                    }
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        items.push(&group[item..at]);
                        item = at + 1;
                    }
                    _ => {}
                }
            }
            return items
                .into_iter()
                .flat_map(use_tree)
                .map(|tail| segments.iter().cloned().chain(tail).collect())
                .collect();
        }
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if name.is_empty() {
            break;
        }
        rest = rest[name.len()..].trim_start();
        segments.push(name);
        match rest.strip_prefix("::") {
            Some(after) => rest = after,
            None => break,
        }
    }
    if segments.is_empty() {
        Vec::new()
    } else {
        vec![segments]
    }
}

/// The module a file under `src/` is (`events/schedule/mod.rs` and `events/schedule.rs` are
/// both `events::schedule`).
fn module_of(rel: &Path) -> Vec<String> {
    let mut module: Vec<String> = rel
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if module.last().is_some_and(|m| m == "mod") {
        module.pop();
    }
    module
}

/// Which part of a folder imports which, with one file that shows each import: the parts are
/// the folder's files and subfolders (a file and the folder of its children are one part, as
/// `publish.rs` and `publish/`); its `mod.rs` only declares them and is left out.
fn imports_within(folder: &str, files: &[(PathBuf, String)]) -> BTreeMap<(String, String), String> {
    let root = module_of(Path::new(folder));
    let part = |module: &[String]| {
        module
            .strip_prefix(root.as_slice())
            .and_then(|rest| rest.first().cloned())
    };
    let mut edges = BTreeMap::new();
    for (rel, code) in files {
        let here = module_of(rel);
        let Some(from) = part(&here) else { continue };
        for path in paths_named(&code_of(code), &here) {
            if let Some(to) = part(&path).filter(|to| *to != from) {
                edges
                    .entry((from.clone(), to))
                    .or_insert_with(|| rel.display().to_string());
            }
        }
    }
    edges
}

/// `src/events` and each of its folders, read as the top level is: no two of their files import
/// each other, however far round. A type two parts need sits below both.
#[test]
fn no_import_cycle_between_the_files_of_events() {
    let files = shipped_files(|rel| rel.starts_with("events"));
    let mut folders: BTreeSet<String> = BTreeSet::new();
    for (rel, _) in &files {
        for dir in rel.ancestors().skip(1) {
            if dir.starts_with("events") {
                folders.insert(dir.display().to_string());
            }
        }
    }
    assert!(folders.contains("events/schedule"), "the folders are read");
    let mut found = Vec::new();
    for folder in &folders {
        let edges = imports_within(folder, &files);
        if let Some(cycle) = find_cycle(&edges) {
            let steps = cycle_steps(&cycle, &edges);
            found.push(format!("in src/{folder}:\n    {}", steps.join("\n    ")));
        }
    }
    assert!(
        found.is_empty(),
        "import cycles between the files of src/events:\n  {}",
        found.join("\n  ")
    );
}

#[test]
fn the_path_reader_resolves_super_self_groups_and_bare_uses() {
    let here: Vec<String> = ["events", "swiss", "saved"].map(String::from).to_vec();
    let code = code_of(concat!(
        "use super::{Card, dutch::{pair, Bye}};\n",
        "use crate::events::publish::Details;\n",
        "pub use entry::Entry;\n",
        "let x = super::super::knockout::Bracket::new(); // crate::ui\n",
        "use std::fmt;\n",
        "use self::inner::Z;\n",
    ));
    let read: BTreeSet<String> = paths_named(&code, &here)
        .into_iter()
        .map(|p| p.join("::"))
        .collect();
    let expected = [
        "events::swiss::Card",
        "events::swiss::dutch::pair",
        "events::swiss::dutch::Bye",
        "events::publish::Details",
        "events::swiss::saved::entry::Entry",
        "events::knockout::Bracket::new",
        "events::swiss::saved::std::fmt",
        "events::swiss::saved::inner::Z",
    ];
    assert_eq!(read, expected.iter().map(|s| s.to_string()).collect());
    let files = vec![
        (
            PathBuf::from("events/round_robin/mod.rs"),
            "use super::publish::Details;".to_string(),
        ),
        (
            PathBuf::from("events/publish.rs"),
            "use super::round_robin::Event;".to_string(),
        ),
        (
            PathBuf::from("events/publish/details.rs"),
            "use crate::events::scoring::Scoring;".to_string(),
        ),
    ];
    let edges = imports_within("events", &files);
    let named: Vec<(String, String)> = edges.keys().cloned().collect();
    assert_eq!(
        named,
        [
            ("publish".to_string(), "round_robin".to_string()),
            ("publish".to_string(), "scoring".to_string()),
            ("round_robin".to_string(), "publish".to_string()),
        ]
    );
    assert_eq!(find_cycle(&edges).map(|c| c.len()), Some(2));
}

/// Each function of a source: its name, the line of its `fn` (from 1) and its length in lines,
/// from the `fn` line to its closing brace (a declaration without a body is not counted).
fn function_lengths(source: &str) -> Vec<(String, usize, usize)> {
    let (code, _) = lex(source);
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut out = Vec::new();
    for (at, _) in code.match_indices("fn ") {
        if code[..at].ends_with(ident) {
            continue;
        }
        let name: String = code[at + 3..]
            .trim_start()
            .chars()
            .take_while(|&c| ident(c))
            .collect();
        if name.is_empty() {
            continue;
        }
        let Some(open) = code[at..].find(['{', ';']).map(|n| at + n) else {
            continue;
        };
        if code[open..].starts_with(';') {
            continue;
        }
        let mut depth = 0;
        let close = code[open..].char_indices().find_map(|(n, c)| {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ => {}
            }
            (depth == 0).then_some(open + n)
        });
        if let Some(close) = close {
            let first = line_at(&code, at);
            out.push((name, first, line_at(&code, close) - first + 1));
        }
    }
    out
}

/// The longest a function may be: a view in `src/ui` draws one thing (what it computes lives in
/// the domain, tested natively); a domain function does one step.
const UI_LINES: usize = 80;
const DOMAIN_LINES: usize = 120;

/// Functions allowed to be longer, each with why (file under `src/`, function).
const LONG_FUNCTIONS: &[(&str, &str, &str)] = &[
    (
        "engine/search.rs",
        "search",
        "the alpha-beta node: one body the compiler keeps in registers, measured faster whole",
    ),
    (
        "engine/search.rs",
        "iterate",
        "iterative deepening with aspiration windows and MultiPV: one loop over shared state",
    ),
];

/// The functions of `files` (paths under `src/`, with their code) over their length.
fn long_functions(files: &[(PathBuf, String)]) -> Vec<String> {
    let mut found = Vec::new();
    for (rel, code) in files {
        let limit = if rel.starts_with("ui") {
            UI_LINES
        } else {
            DOMAIN_LINES
        };
        for (name, line, lines) in function_lengths(code) {
            let allowed = LONG_FUNCTIONS
                .iter()
                .any(|(file, f, _)| *f == name && rel == Path::new(file));
            if lines > limit && !allowed {
                found.push(format!(
                    "src/{}:{line}: {name} has {lines} lines (at most {limit})",
                    rel.display()
                ));
            }
        }
    }
    found
}

#[test]
fn no_function_is_longer_than_its_layer_allows() {
    let files = shipped_files(|rel| !rel.starts_with("bin"));
    let found = long_functions(&files);
    assert!(
        found.is_empty(),
        "functions to split (a view's computing into the domain, with a native test):\n  {}",
        found.join("\n  ")
    );
    // The engine's exceptions say why where they stand.
    let search =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/engine/search.rs"))
            .unwrap();
    for (file, name, _) in LONG_FUNCTIONS
        .iter()
        .filter(|(f, _, _)| f.starts_with("engine"))
    {
        let at = search.find(&format!("fn {name}(")).unwrap();
        let above: Vec<&str> = search[..at].lines().rev().skip(1).take(4).collect();
        assert!(
            above.iter().any(|l| l.contains("Long on purpose")),
            "src/{file}: {name} says why it is long (`// Long on purpose: …`)"
        );
    }
}

#[test]
fn a_function_is_measured_from_its_fn_line_to_its_closing_brace() {
    let source = concat!(
        "fn short() { 1 }\n",                        // 1
        "pub fn view(x: u8) -> impl IntoView {\n",   // 2
        "    let s = \"}\"; // }\n",                 // 3
        "    move || { x }\n",                       // 4
        "}\n",                                       // 5
        "trait T { fn bare(&self); }\n",             // 6
        "let f: fn(u8) = g; /* fn hidden() {} */\n", // 7
    );
    let read = function_lengths(source);
    assert_eq!(
        read,
        [("short".to_string(), 1, 1), ("view".to_string(), 2, 4)]
    );
    let long = format!("fn long() {{\n{}}}\n", "    x();\n".repeat(UI_LINES - 1));
    let files = vec![
        (PathBuf::from("ui/swiss/x.rs"), long.clone()),
        (PathBuf::from("events/x.rs"), long.clone()),
        (
            PathBuf::from("engine/search.rs"),
            format!("fn search() {{\n{}}}\n", "    x();\n".repeat(DOMAIN_LINES)),
        ),
    ];
    assert_eq!(
        long_functions(&files),
        [format!(
            "src/ui/swiss/x.rs:1: long has {} lines (at most 80)",
            UI_LINES + 1
        )]
    );
}

/// The part of the UI a file under `src/ui` belongs to: the file or folder right under `src/ui`
/// (`board`, `play`, `schedule`, …; `clock.rs` and `clock/words.rs` are both `clock`), or `mod`,
/// the shell (`ui/mod.rs`).
fn ui_part(rel: &Path) -> String {
    let first = rel
        .components()
        .next()
        .unwrap()
        .as_os_str()
        .to_string_lossy();
    first.trim_end_matches(".rs").to_string()
}

/// The parts of the UI that `code`, the code of the module at `module` (its path under `ui`:
/// `["play", "study"]` for `ui/play/study.rs`, `[]` for `ui/mod.rs`), names: each path
/// [`paths_named`] reads that lands under `ui`, by the name right under it. A name right under
/// `ui` that is no part (`crate::ui::Route`) is an item of the shell: `mod`.
fn ui_parts_named(code: &str, module: &[String], parts: &BTreeSet<String>) -> BTreeSet<String> {
    let here: Vec<String> = std::iter::once("ui".to_string())
        .chain(module.iter().cloned())
        .collect();
    paths_named(code, &here)
        .into_iter()
        .filter_map(|path| {
            let name = path.get(1).filter(|_| path[0] == "ui")?;
            Some(match parts.contains(name) {
                true => name.clone(),
                false => "mod".to_string(),
            })
        })
        .collect()
}

/// Which part of the UI imports which, with one file that shows each import. The shell
/// (`ui/mod.rs`) declares and mounts every part, so it stands above them all.
fn ui_imports(ui: &Path) -> BTreeMap<(String, String), String> {
    let files = rust_files(ui);
    let rels: Vec<PathBuf> = files
        .iter()
        .map(|f| f.strip_prefix(ui).unwrap().to_path_buf())
        .collect();
    let parts: BTreeSet<String> = rels.iter().map(|r| ui_part(r)).collect();
    let mut edges = BTreeMap::new();
    for part in parts.iter().filter(|p| *p != "mod") {
        edges.insert(("mod".to_string(), part.clone()), "ui/mod.rs".to_string());
    }
    for (file, rel) in files.iter().zip(&rels) {
        let part = ui_part(rel);
        if part == "mod" {
            continue;
        }
        let module = module_of(rel);
        let source = fs::read_to_string(file).unwrap();
        let code = match source.find("#[cfg(test)]\nmod ") {
            Some(tests) => &source[..tests],
            None => &source[..],
        };
        for named in ui_parts_named(&code_of(code), &module, &parts) {
            if named != part {
                edges
                    .entry((part.clone(), named))
                    .or_insert_with(|| format!("ui/{}", rel.display()));
            }
        }
    }
    edges
}

/// Inside `src/ui` each page's files import each other freely in its own folder, but between the
/// parts (the shell, each page, the shared modules: board, storage, words, …) imports run one
/// way: a page reaches the shared modules, never back up to the shell or across into a page that
/// reaches it.
#[test]
fn no_import_circle_between_the_parts_of_the_ui() {
    let edges = ui_imports(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ui"));
    // The real tree is read: the pages reach the shared modules.
    for (page, shared) in [
        ("play", "board"),
        ("schedule", "storage"),
        ("clock", "i18n"),
    ] {
        assert!(
            edges.contains_key(&(page.to_string(), shared.to_string())),
            "no import read from src/ui/{page} to {shared}"
        );
    }
    if let Some(cycle) = find_cycle(&edges) {
        let steps: Vec<String> = cycle
            .iter()
            .zip(cycle.iter().cycle().skip(1))
            .map(|(a, b)| format!("{a} -> {b} (in src/{})", edges[&(a.clone(), b.clone())]))
            .collect();
        panic!(
            "import circle between parts of src/ui:\n  {}",
            steps.join("\n  ")
        );
    }
}

#[test]
fn the_ui_reader_climbs_to_the_part_a_path_lands_in() {
    let parts: BTreeSet<String> = ["mod", "board", "play", "i18n", "words", "club"]
        .map(String::from)
        .into();
    let module = |m: &[&str]| m.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let code = code_of(concat!(
        "use super::{use_play, Note};\n",          // the page's own folder
        "use super::super::i18n::tr;\n",           // up to ui, then i18n
        "use crate::ui::{board::Mark, words};\n",  // a group under ui
        "let d = crate::ui::decimal(1.0, 1);\n",   // an item of the shell
        "// crate::ui::club is only named here\n", // prose
        "let s = xiangqi_club::ui::words::X;\n",   // another crate's path
    ));
    let named: Vec<String> = ui_parts_named(&code, &module(&["play", "study"]), &parts)
        .into_iter()
        .collect();
    assert_eq!(named, ["board", "i18n", "mod", "play", "words"]);
    // From a top file, `super::` is `ui` itself; from the shell, above it.
    let top = code_of("use super::storage;\nuse super::words;\n");
    let named: Vec<String> = ui_parts_named(&top, &module(&["board"]), &parts)
        .into_iter()
        .collect();
    assert_eq!(named, ["mod", "words"]);
    assert!(ui_parts_named(&top, &module(&[]), &parts).is_empty());
}
