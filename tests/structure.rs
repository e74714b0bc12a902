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

/// The top-level modules a piece of code names: `crate::clock::…`, and each item of
/// `crate::{clock::…, xiangqi::…}`.
fn modules_named(code: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        let before = rest[..at].chars().next_back();
        rest = &rest[at + "crate::".len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue; // `xiangqi_club::…` or `my_crate::…`: not this crate's own path
        }
        if let Some(group) = rest.strip_prefix('{') {
            // A group: the first name of each item at depth 0.
            let mut depth = 0;
            let mut item_start = true;
            let mut name = String::new();
            for c in group.chars() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        item_start = true;
                        continue;
                    }
                    _ => {}
                }
                if item_start && depth == 0 {
                    if c.is_alphanumeric() || c == '_' {
                        name.push(c);
                        continue;
                    }
                    if !name.is_empty() {
                        out.insert(std::mem::take(&mut name));
                        item_start = false;
                    }
                }
            }
            if !name.is_empty() {
                out.insert(name);
            }
        } else {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() {
                out.insert(name);
            }
        }
    }
    out
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
        for named in modules_named(&code_of(code)) {
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
        let steps: Vec<String> = cycle
            .iter()
            .zip(cycle.iter().cycle().skip(1))
            .map(|(a, b)| format!("{a} -> {b} (in src/{})", edges[&(a.clone(), b.clone())]))
            .collect();
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
    let named: Vec<String> = modules_named(&code).into_iter().collect();
    assert_eq!(named, ["clock", "lang", "xiangqi"]);
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
fn domain_code_says_its_words_through_the_catalogue() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut found = Vec::new();
    for file in rust_files(&src) {
        let rel = file.strip_prefix(&src).unwrap();
        if rel.starts_with("ui") || rel.starts_with("bin") || is_word_file(rel) {
            continue;
        }
        let source = fs::read_to_string(&file).unwrap();
        let code = match source.find("#[cfg(test)]\nmod ") {
            Some(tests) => &source[..tests],
            None => &source[..],
        };
        for place in own_words(&code_of(code)) {
            found.push(format!("src/{}: {place}", rel.display()));
        }
    }
    assert!(
        found.is_empty(),
        "words chosen by language outside the word files (move them into a `Say` impl there):\n  {}",
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
