//! Holds the design of ARCHITECTURE.md and the shape of the code under `src/`.
//!
//! The layering: the module table says which modules each module may import and which
//! restricted crates it may use; every path in code (`use crate::{a::b, c}` groups
//! included, nested or not, and paths written inline) is checked against it, in every
//! part of every file. Comments and string literals are not code. Code under
//! `#[cfg(test)]` (a `mod tests`, a test-only helper, a test module in its own file)
//! may use any crate, since tests build fixtures such as a git repository with git2,
//! but still no module its row does not list: a test that needs another module's
//! internals is a sign the code sits in the wrong module.
//!
//! The shape: no function is over 120 lines, inside one module folder no import
//! circle spans more than two files (test code is left out of the circles: a test may
//! drive its file together with the file above it without making the code depend on it),
//! and the engine's methods stay in the files that hold the main loop and the turn
//! (handlers elsewhere are functions over the owners they need).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// One row: the modules it may import (`None`: everything) and its restricted crates.
struct Row {
    modules: Option<BTreeSet<String>>,
    crates: BTreeSet<String>,
}

fn table() -> BTreeMap<String, Row> {
    let text = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("ARCHITECTURE.md"))
        .expect("ARCHITECTURE.md is at the top of the repository");
    let start = text
        .find("<!-- layering table: start -->")
        .expect("the table's start marker");
    let end = text
        .find("<!-- layering table: end -->")
        .expect("the table's end marker");
    let mut rows = BTreeMap::new();
    for line in text[start..end]
        .lines()
        .filter(|line| line.starts_with("| `"))
    {
        let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
        assert_eq!(cells.len(), 4, "a row has four cells: {line}");
        let names = |cell: &str| -> BTreeSet<String> {
            cell.split(',')
                .map(|name| name.trim().trim_matches('`').trim().to_string())
                .filter(|name| !name.is_empty() && name != "—")
                .collect()
        };
        let module = cells[0].trim_matches('`').to_string();
        let modules = (cells[2] != "everything").then(|| names(cells[2]));
        rows.insert(
            module,
            Row {
                modules,
                crates: names(cells[3]),
            },
        );
    }
    assert!(rows.len() > 10, "the table was read: {} rows", rows.len());
    rows
}

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let Ok(entries) = fs::read_dir(dir) else {
        return files;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            files.push(path);
        }
    }
    files
}

/// Imports the table forbids that stand for now, as (file under `src/`, module it
/// imports). Only files in `engine/` and `tui/` may be named, whose owners settle them;
/// an entry that no longer occurs fails the test, so the list can only shrink.
const FORBIDDEN_IMPORTS_ALLOWED: &[(&str, &str)] = &[];

/// Functions over [`LONGEST_FUNCTION`] lines that stand for now, by module path and name
/// (`tui::app::handle_event`). Only in `engine/` and `tui/`; an entry that is no longer
/// too long fails the test, so the list can only shrink.
const LONG_FUNCTIONS_ALLOWED: &[&str] = &[];

/// Import circles of more than two files that stand for now, each written as the test
/// reports it (`engine: a.rs, b.rs, c.rs`). Only in `engine/` and `tui/`; an entry that
/// no longer occurs fails the test, so the list can only shrink.
const CIRCLES_ALLOWED: &[&str] = &[];

/// Files under `src/` with an `impl Engine` block: the main loop (`spawn.rs`) and the
/// turn (`turn.rs`) hold the engine's methods, every other handler is a function over
/// the owners it needs. An entry that no longer has one fails the test, and so does a
/// file not listed.
const IMPL_ENGINE_ALLOWED: &[&str] = &["engine/spawn.rs", "engine/turn.rs"];

/// The most lines a function may span, from its `fn` to its closing brace.
const LONGEST_FUNCTION: usize = 120;

/// Whether a file (its path under `src/`) belongs to a folder whose owners settle its
/// entries in the allow-lists above.
fn owned_elsewhere(file: &str) -> bool {
    file.starts_with("engine/") || file.starts_with("tui/")
}

/// A word or mark of Rust code and the 1-based line it starts on. Comments are gone; a
/// string or character literal is one `""` token, so nothing inside it reads as code.
#[derive(Clone, Debug)]
struct Token {
    text: String,
    line: usize,
    /// A literal's text as written, quotes included (`None` for code).
    literal: Option<String>,
}

fn is_word(text: &str) -> bool {
    text.chars()
        .next()
        .is_some_and(|c| c.is_alphanumeric() || c == '_')
}

/// Where the literal starting at `at` ends (one past it), if a literal starts there:
/// `"…"`, `b"…"`, `c"…"`, `r#"…"#`, `br"…"`, or a character `'x'`, `'\n'` (not a lifetime).
fn literal_end(chars: &[char], at: usize) -> Option<usize> {
    let at_char = |i: usize| chars.get(i).copied();
    if at_char(at) == Some('\'') {
        if at_char(at + 1) == Some('\\') {
            let close = (at + 3..chars.len()).find(|&i| chars[i] == '\'')?;
            return Some(close + 1);
        }
        return (at_char(at + 2) == Some('\'')).then_some(at + 3);
    }
    let mut i = at;
    while matches!(at_char(i), Some('b' | 'c')) && i < at + 1 {
        i += 1;
    }
    let raw = at_char(i) == Some('r');
    if raw {
        i += 1;
    }
    let hashes = (i..chars.len()).take_while(|&j| chars[j] == '#').count();
    if (hashes > 0 && !raw) || at_char(i + hashes) != Some('"') {
        return None;
    }
    i += hashes + 1;
    while i < chars.len() {
        match chars[i] {
            '\\' if !raw => i += 2,
            '"' if (i + 1..=i + hashes).all(|j| at_char(j) == Some('#')) => {
                return Some(i + 1 + hashes);
            }
            _ => i += 1,
        }
    }
    Some(chars.len())
}

/// The tokens of Rust source, without comments (nested block comments included).
fn tokens(source: &str) -> Vec<Token> {
    let chars: Vec<char> = source.chars().collect();
    let mut out = Vec::new();
    let mut line = 1;
    let mut i = 0;
    let count_lines =
        |from: usize, to: usize| chars[from..to].iter().filter(|c| **c == '\n').count();
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        let start = i;
        if c == '/' && next == Some('/') {
            i = (i..chars.len())
                .find(|&j| chars[j] == '\n')
                .unwrap_or(chars.len());
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if let Some(end) = literal_end(&chars, i) {
            out.push(Token {
                text: "\"\"".into(),
                line,
                literal: Some(chars[i..end].iter().collect()),
            });
            i = end;
        } else if c.is_alphanumeric() || c == '_' {
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push(Token {
                text: chars[start..i].iter().collect(),
                line,
                literal: None,
            });
        } else if c == ':' && next == Some(':') {
            out.push(Token {
                text: "::".into(),
                line,
                literal: None,
            });
            i += 2;
        } else {
            if !c.is_whitespace() {
                out.push(Token {
                    text: c.to_string(),
                    line,
                    literal: None,
                });
            }
            i += 1;
        }
        line += count_lines(start, i);
    }
    out
}

/// The index of the bracket that closes the one at `open` (or the last token).
fn closing(tokens: &[Token], open: usize) -> usize {
    let mut depth = 0usize;
    for (i, token) in tokens.iter().enumerate().skip(open) {
        match token.text.as_str() {
            "(" | "[" | "{" => depth += 1,
            ")" | "]" | "}" => {
                depth -= 1;
                if depth == 0 {
                    return i;
                }
            }
            _ => {}
        }
    }
    tokens.len().saturating_sub(1)
}

/// The item starting at `start`: up to its first `;` outside brackets, or through its
/// braced body. `Err` holds the end of an item without a body (`fn f();`, `mod m;`).
fn item(tokens: &[Token], start: usize) -> Result<Range<usize>, usize> {
    let mut depth = 0usize;
    for i in start..tokens.len() {
        match tokens[i].text.as_str() {
            "{" if depth == 0 => return Ok(start..closing(tokens, i) + 1),
            "(" | "[" | "{" => depth += 1,
            ")" | "]" | "}" if depth == 0 => return Err(i),
            ")" | "]" | "}" => depth -= 1,
            ";" if depth == 0 => return Err(i + 1),
            _ => {}
        }
    }
    Err(tokens.len())
}

/// The spans of items under `#[cfg(test)]` (all of the file under `#![cfg(test)]`).
fn test_spans(tokens: &[Token]) -> Vec<Range<usize>> {
    let text: Vec<&str> = tokens.iter().map(|token| token.text.as_str()).collect();
    let mut spans = Vec::new();
    for i in 0..text.len() {
        if text[i..].starts_with(&["#", "!", "[", "cfg", "(", "test", ")", "]"]) {
            return std::iter::once(0..text.len()).collect();
        }
        if text[i..].starts_with(&["#", "[", "cfg", "(", "test", ")", "]"]) {
            spans.push(item(tokens, i).unwrap_or_else(|end| i..end));
        }
    }
    spans
}

/// A path read from code, with the name it is known by (its last segment or its alias).
struct UsedPath {
    segments: Vec<String>,
    name: String,
}

/// Reads the path or `use` tree at `at` into full paths (`a::{b, c::{d as e}}` gives
/// `a::b` and `a::c::d` known as `e`) and returns where the tree ends.
fn use_tree(
    tokens: &[Token],
    at: usize,
    prefix: &mut Vec<String>,
    out: &mut Vec<UsedPath>,
) -> usize {
    let depth = prefix.len();
    let text = |i: usize| tokens.get(i).map_or("", |token| token.text.as_str());
    let mut at = at;
    loop {
        if text(at) == "{" {
            at += 1;
            while !matches!(text(at), "}" | "") {
                let next = use_tree(tokens, at, prefix, out);
                at = next.max(at + 1);
            }
            prefix.truncate(depth);
            return at + 1;
        }
        if text(at) == "*" || is_word(text(at)) {
            prefix.push(text(at).to_string());
            at += 1;
            if text(at) == "::" && text(at + 1) != "<" {
                at += 1;
                continue;
            }
        }
        break;
    }
    if prefix.len() > depth {
        let mut name = prefix.last().cloned().unwrap_or_default();
        if text(at) == "as" {
            name = text(at + 1).to_string();
            at += 2;
        }
        out.push(UsedPath {
            segments: prefix.clone(),
            name,
        });
    }
    prefix.truncate(depth);
    at
}

/// A path in a file: where it is written, the crate path it names (`["edit", "plan",
/// "Plan"]`), the name it is known by, whether it sits in test code, and whether it is
/// a `pub use` (a re-export).
struct Reference {
    line: usize,
    target: Vec<String>,
    name: String,
    in_tests: bool,
    re_export: bool,
}

/// One Rust file under `src/`: its path there, its module path, its tokens, its test
/// spans and its inline modules (span and name).
struct Source {
    file: String,
    module: Vec<String>,
    tokens: Vec<Token>,
    tests: Vec<Range<usize>>,
    inline_modules: Vec<(Range<usize>, String)>,
    all_test: bool,
    /// The paths it names, filled in once every file is read ([`Source::references`]).
    paths: Vec<Reference>,
}

impl Source {
    fn read(src: &Path, path: &Path) -> Source {
        let file = path
            .strip_prefix(src)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let mut module: Vec<String> = file
            .trim_end_matches(".rs")
            .split('/')
            .map(str::to_string)
            .collect();
        if matches!(
            module.last().map(String::as_str),
            Some("mod" | "lib" | "main")
        ) {
            module.pop();
        }
        let tokens = tokens(&fs::read_to_string(path).unwrap());
        let tests = test_spans(&tokens);
        let mut inline_modules = Vec::new();
        for i in 0..tokens.len().saturating_sub(2) {
            if tokens[i].text == "mod"
                && is_word(&tokens[i + 1].text)
                && let Ok(span) = item(&tokens, i)
            {
                inline_modules.push((span, tokens[i + 1].text.clone()));
            }
        }
        Source {
            file,
            module,
            tokens,
            tests,
            inline_modules,
            all_test: false,
            paths: Vec::new(),
        }
    }

    fn in_tests(&self, at: usize) -> bool {
        self.all_test || self.tests.iter().any(|span| span.contains(&at))
    }

    /// The module path at token `at`: the file's, then each inline module around it.
    fn module_at(&self, at: usize) -> Vec<String> {
        let mut module = self.module.clone();
        for (span, name) in &self.inline_modules {
            if span.contains(&at) && span.start != at {
                module.push(name.clone());
            }
        }
        module
    }

    /// Modules this file declares as test-only files (`#[cfg(test)] mod name;`).
    fn test_file_modules(&self) -> Vec<Vec<String>> {
        let mut found = Vec::new();
        for span in &self.tests {
            let text: Vec<&str> = self.tokens[span.clone()]
                .iter()
                .map(|t| t.text.as_str())
                .collect();
            if let [.., "mod", name, ";"] = text.as_slice() {
                let mut module = self.module_at(span.start);
                module.push((*name).to_string());
                found.push(module);
            }
        }
        found
    }

    /// Every path in the file that names a module of this crate, resolved to its crate
    /// path: `crate::…`, `super::…`, `self::…`, and paths that start with a child module.
    fn references(&self, modules: &BTreeSet<Vec<String>>) -> Vec<Reference> {
        let mut references = Vec::new();
        let mut at = 0;
        while at < self.tokens.len() {
            let text = |i: usize| self.tokens.get(i).map_or("", |token| token.text.as_str());
            let head = text(at);
            let starts_path = is_word(head)
                && !matches!(text(at.wrapping_sub(1)), "::" | ".")
                && (text(at + 1) == "::" || text(at.wrapping_sub(1)) == "use");
            if !starts_path {
                at += 1;
                continue;
            }
            let here = self.module_at(at);
            let child = {
                let mut child = here.clone();
                child.push(head.to_string());
                modules.contains(&child)
            };
            if !(matches!(head, "crate" | "super" | "self") || child) {
                at += 1;
                continue;
            }
            let re_export = text(at.wrapping_sub(1)) == "use"
                && (text(at.wrapping_sub(2)) == "pub" || text(at.wrapping_sub(2)) == ")");
            let mut paths = Vec::new();
            let end = use_tree(&self.tokens, at, &mut Vec::new(), &mut paths);
            for path in paths {
                references.push(Reference {
                    line: self.tokens[at].line,
                    target: resolve(&here, &path.segments),
                    name: path.name,
                    in_tests: self.in_tests(at),
                    re_export,
                });
            }
            at = end.max(at + 1);
        }
        references
    }
}

/// The crate path a path written in module `here` names.
fn resolve(here: &[String], segments: &[String]) -> Vec<String> {
    let mut target = here.to_vec();
    let mut rest = segments;
    match rest.first().map(String::as_str) {
        Some("crate") => {
            target.clear();
            rest = &rest[1..];
        }
        Some("self") => rest = &rest[1..],
        _ => {}
    }
    while rest.first().is_some_and(|segment| segment == "super") {
        target.pop();
        rest = &rest[1..];
    }
    target.extend(rest.iter().filter(|segment| *segment != "self").cloned());
    target
}

/// Every file under `src/`, read once for all the tests, with test-only files marked.
fn sources() -> &'static [Source] {
    static SOURCES: OnceLock<Vec<Source>> = OnceLock::new();
    SOURCES.get_or_init(read_sources)
}

fn read_sources() -> Vec<Source> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut sources: Vec<Source> = rust_files(&src)
        .iter()
        .map(|path| Source::read(&src, path))
        .collect();
    sources.sort_by(|a, b| a.file.cmp(&b.file));
    let test_modules: Vec<Vec<String>> =
        sources.iter().flat_map(Source::test_file_modules).collect();
    let modules = all_modules(&sources);
    for source in &mut sources {
        source.all_test = test_modules
            .iter()
            .any(|module| source.module.starts_with(module));
        source.paths = source.references(&modules);
    }
    sources
}

/// Every module of the crate: one per file and one per inline `mod`.
fn all_modules(sources: &[Source]) -> BTreeSet<Vec<String>> {
    let mut modules = BTreeSet::new();
    for source in sources {
        modules.insert(source.module.clone());
        for (span, name) in &source.inline_modules {
            let mut module = source.module_at(span.start);
            module.push(name.clone());
            modules.insert(module);
        }
    }
    modules
}

/// The identifier a crate is written as in code.
fn ident(krate: &str) -> String {
    krate.replace('-', "_")
}

/// Whether the word at `at` is the head of a path to an outside crate: it starts a path
/// (`git2::Repository`, `use ignore;`) and is not a segment inside one.
fn is_path_head(tokens: &[Token], at: usize) -> bool {
    let text = |i: usize| tokens.get(i).map_or("", |token| token.text.as_str());
    is_word(text(at))
        && !matches!(text(at.wrapping_sub(1)), "::" | ".")
        && (text(at + 1) == "::" || matches!(text(at.wrapping_sub(1)), "use" | "crate"))
}

/// Whether the word `word` names the crate `krate` (`tree-sitter-*` stands for every grammar).
fn names_crate(word: &str, krate: &str) -> bool {
    match krate.strip_suffix("-*") {
        Some(prefix) => word.starts_with(&format!("{}_", ident(prefix))),
        None => word == ident(krate),
    }
}

/// Whether `code` names the crate `krate` as a path.
fn uses_crate(code: &str, krate: &str) -> bool {
    let tokens = tokens(code);
    (0..tokens.len()).any(|at| is_path_head(&tokens, at) && names_crate(&tokens[at].text, krate))
}

#[test]
fn every_module_imports_only_what_the_architecture_table_allows() {
    let rows = table();
    let restricted: BTreeSet<String> = rows.values().flat_map(|row| row.crates.clone()).collect();
    let sources = sources();
    let mut problems = Vec::new();
    let mut allowed_seen = BTreeSet::new();
    for source in sources {
        let Some(module) = source.module.first() else {
            continue;
        };
        let Some(row) = rows.get(module) else {
            problems.push(format!(
                "src/{}: the module `{module}` has no row in ARCHITECTURE.md",
                source.file
            ));
            continue;
        };
        if let Some(allowed) = &row.modules {
            for reference in &source.paths {
                let Some(used) = reference.target.first() else {
                    continue;
                };
                if used == module || allowed.contains(used) {
                    continue;
                }
                let entry = (source.file.as_str(), used.as_str());
                if owned_elsewhere(&source.file) && FORBIDDEN_IMPORTS_ALLOWED.contains(&entry) {
                    allowed_seen.insert((entry.0.to_string(), entry.1.to_string()));
                    continue;
                }
                problems.push(format!(
                    "src/{}:{}: `{module}` imports `{}`",
                    source.file,
                    reference.line,
                    reference.target.join("::")
                ));
            }
        }
        for at in 0..source.tokens.len() {
            if source.in_tests(at) || !is_path_head(&source.tokens, at) {
                continue;
            }
            let word = &source.tokens[at].text;
            for krate in &restricted {
                if !row.crates.contains(krate) && names_crate(word, krate) {
                    problems.push(format!(
                        "src/{}:{}: `{module}` uses the crate {krate}",
                        source.file, source.tokens[at].line
                    ));
                }
            }
        }
    }
    for entry in FORBIDDEN_IMPORTS_ALLOWED {
        if !owned_elsewhere(entry.0) {
            problems.push(format!(
                "{entry:?} is allowed, but only engine/ and tui/ may be"
            ));
        } else if !allowed_seen.contains(&(entry.0.to_string(), entry.1.to_string())) {
            problems.push(format!(
                "{entry:?} no longer occurs: remove it from the allow-list"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Every function in `src/` (module path and name, like `edit::plan::plan_change`), its
/// file under `src/`, its first line and its length in lines.
fn functions(sources: &[Source]) -> Vec<(String, String, usize, usize)> {
    let mut found = Vec::new();
    for source in sources {
        let tokens = &source.tokens;
        for at in 0..tokens.len().saturating_sub(1) {
            if tokens[at].text != "fn" || !is_word(&tokens[at + 1].text) {
                continue;
            }
            let Ok(span) = item(tokens, at) else {
                continue;
            };
            let lines = tokens[span.end - 1].line - tokens[at].line + 1;
            let mut name = source.module_at(at);
            name.push(tokens[at + 1].text.clone());
            found.push((name.join("::"), source.file.clone(), tokens[at].line, lines));
        }
    }
    found
}

#[test]
fn no_function_is_over_120_lines() {
    let mut problems = Vec::new();
    let mut allowed_seen = BTreeSet::new();
    for (name, file, line, lines) in functions(sources()) {
        if lines <= LONGEST_FUNCTION {
            continue;
        }
        if owned_elsewhere(&file) && LONG_FUNCTIONS_ALLOWED.contains(&name.as_str()) {
            allowed_seen.insert(name);
            continue;
        }
        problems.push(format!("src/{file}:{line}: `{name}` is {lines} lines"));
    }
    for name in LONG_FUNCTIONS_ALLOWED {
        let owned = ["engine::", "tui::"]
            .iter()
            .any(|folder| name.starts_with(folder));
        if !owned {
            problems.push(format!(
                "`{name}` is allowed, but only engine/ and tui/ may be"
            ));
        } else if !allowed_seen.contains(*name) {
            problems.push(format!(
                "`{name}` is no longer too long: remove it from the allow-list"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The files under `src/` whose code (tests left out) has an `impl Engine` block.
fn files_implementing_engine(sources: &[Source]) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for source in sources {
        let tokens = &source.tokens;
        for at in 0..tokens.len().saturating_sub(1) {
            if tokens[at].text == "impl" && tokens[at + 1].text == "Engine" && !source.in_tests(at)
            {
                found.insert(source.file.clone());
            }
        }
    }
    found
}

#[test]
fn impl_engine_stays_in_the_files_allowed() {
    let found = files_implementing_engine(sources());
    let mut problems = Vec::new();
    for file in &found {
        if !IMPL_ENGINE_ALLOWED.contains(&file.as_str()) {
            problems.push(format!(
                "src/{file} has `impl Engine`: write its handlers as functions over the owners they need"
            ));
        }
    }
    for file in IMPL_ENGINE_ALLOWED {
        if !found.contains(*file) {
            problems.push(format!(
                "src/{file} no longer has `impl Engine`: remove it from the allow-list"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The import graph of one module folder (`edit`, `tui/panes`): its files and child
/// folders are the nodes (`plan.rs`, `mod.rs`, `panes/`), and an edge is one node's
/// code naming another. Test code and the folder's own re-exports (`pub use` in
/// `mod.rs`) are no edges; a path through a re-export counts as a path to its origin.
fn folder_graph(sources: &[Source], folder: &[String]) -> BTreeMap<String, BTreeSet<String>> {
    let modules = all_modules(sources);
    let file_modules: BTreeSet<&Vec<String>> = sources.iter().map(|s| &s.module).collect();
    let node_of = |module: &[String]| -> Option<String> {
        if !module.starts_with(folder) {
            return None;
        }
        let Some(child) = module.get(folder.len()) else {
            return Some("mod.rs".to_string());
        };
        let mut path = folder.to_vec();
        path.push(child.clone());
        if !modules.contains(&path) {
            return Some("mod.rs".to_string());
        }
        let has_folder = file_modules
            .iter()
            .any(|m| m.len() > path.len() && m.starts_with(&path));
        Some(if has_folder {
            format!("{child}/")
        } else {
            format!("{child}.rs")
        })
    };
    let in_folder: Vec<&Source> = sources
        .iter()
        .filter(|s| s.module.starts_with(folder))
        .collect();
    let mut re_exports: BTreeMap<String, Vec<String>> = BTreeMap::new();
    if let Some(root) = in_folder.iter().find(|s| s.module == folder) {
        for reference in &root.paths {
            if reference.re_export && !reference.in_tests && reference.name != "*" {
                re_exports.insert(reference.name.clone(), reference.target.clone());
            }
        }
    }
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for source in in_folder {
        let Some(from) = node_of(&source.module) else {
            continue;
        };
        let edges = graph.entry(from.clone()).or_default();
        for reference in &source.paths {
            if reference.in_tests || (reference.re_export && source.module == folder) {
                continue;
            }
            let mut target = reference.target.clone();
            if target.len() > folder.len() && target.starts_with(folder) {
                let child = [folder, &target[folder.len()..=folder.len()]].concat();
                if let Some(origin) = re_exports
                    .get(&target[folder.len()])
                    .filter(|_| !modules.contains(&child))
                {
                    target = [origin.as_slice(), &target[folder.len() + 1..]].concat();
                }
            }
            if let Some(to) = node_of(&target)
                && to != from
            {
                edges.insert(to);
            }
        }
    }
    graph
}

/// The strongly connected components of a graph with more than two nodes, each sorted.
fn circles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    let reach = |start: &String| -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let mut stack = vec![start.clone()];
        while let Some(node) = stack.pop() {
            for next in graph.get(&node).into_iter().flatten() {
                if seen.insert(next.clone()) {
                    stack.push(next.clone());
                }
            }
        }
        seen
    };
    let reached: BTreeMap<&String, BTreeSet<String>> =
        graph.keys().map(|node| (node, reach(node))).collect();
    let mut found: Vec<Vec<String>> = Vec::new();
    for (node, from_node) in &reached {
        let component: Vec<String> = from_node
            .iter()
            .filter(|other| reached.get(other).is_some_and(|back| back.contains(*node)))
            .cloned()
            .collect();
        if component.len() > 2 && !found.contains(&component) {
            found.push(component);
        }
    }
    found
}

/// Every module folder under `src/` (the crate root is the table's business).
fn folders(sources: &[Source]) -> BTreeSet<Vec<String>> {
    sources
        .iter()
        .flat_map(|source| (1..source.module.len()).map(|len| source.module[..len].to_vec()))
        .collect()
}

#[test]
fn no_import_circle_in_a_folder_spans_more_than_two_files() {
    let sources = sources();
    let mut problems = Vec::new();
    let mut allowed_seen = BTreeSet::new();
    for folder in folders(sources) {
        let graph = folder_graph(sources, &folder);
        for circle in circles(&graph) {
            let name = format!("{}: {}", folder.join("/"), circle.join(", "));
            if owned_elsewhere(&format!("{}/", folder.join("/")))
                && CIRCLES_ALLOWED.contains(&name.as_str())
            {
                allowed_seen.insert(name);
                continue;
            }
            let edges: Vec<String> = circle
                .iter()
                .flat_map(|from| {
                    graph[from]
                        .iter()
                        .filter(|to| circle.contains(to))
                        .map(move |to| format!("{from} → {to}"))
                })
                .collect();
            problems.push(format!("{name}\n    ({})", edges.join("; ")));
        }
    }
    for name in CIRCLES_ALLOWED {
        let folder = name.split(':').next().unwrap_or_default();
        if !owned_elsewhere(&format!("{folder}/")) {
            problems.push(format!(
                "`{name}` is allowed, but only engine/ and tui/ may be"
            ));
        } else if !allowed_seen.contains(*name) {
            problems.push(format!(
                "`{name}` no longer occurs: remove it from the allow-list"
            ));
        }
    }
    assert!(
        problems.is_empty(),
        "import circles of more than two files:\n{}",
        problems.join("\n")
    );
}

/// How keys are shown (`keymap::key_name`): a UI string holding one was written by
/// hand instead of asked of the keymap, and goes stale when the key is rebound.
const KEY_NAMES: &[&str] = &["Ctrl-", "Alt-", "Esc", "Enter", "F1", "Tab", "PgUp"];

/// The key names a literal holds, each as a word of its own (`Esc`, not `Escape`).
fn key_names_in(literal: &str) -> Vec<&'static str> {
    KEY_NAMES
        .iter()
        .copied()
        .filter(|name| {
            literal.match_indices(name).any(|(at, _)| {
                let before = literal[..at].chars().next_back();
                let after = literal[at + name.len()..].chars().next();
                let joined = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
                !joined(before) && (name.ends_with('-') || !joined(after))
            })
        })
        .collect()
}

/// Where the UI's and the words' string literals name keys, outside the keymap and
/// test code: `file:line: names`.
fn literal_key_names(sources: &[Source]) -> Vec<String> {
    let mut found = Vec::new();
    for source in sources {
        let scanned = (source.file.starts_with("tui/") || source.file.starts_with("text/"))
            && source.file != "tui/keymap.rs";
        if !scanned {
            continue;
        }
        for (at, token) in source.tokens.iter().enumerate() {
            let Some(literal) = &token.literal else {
                continue;
            };
            let names = key_names_in(literal);
            if !names.is_empty() && !source.in_tests(at) {
                found.push(format!(
                    "{}:{}: {}",
                    source.file,
                    token.line,
                    names.join(", ")
                ));
            }
        }
    }
    found
}

#[test]
fn no_ui_string_names_a_key_the_keymap_does_not_give() {
    let found = literal_key_names(sources());
    assert!(
        found.is_empty(),
        "key names written in strings (build the hint from the keymap: tui::hints):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_check_itself_finds_key_names_in_strings_only() {
    assert_eq!(key_names_in("\"y accept · Enter done\""), ["Enter"]);
    assert_eq!(key_names_in("\"Ctrl-S keeps · Esc\""), ["Ctrl-", "Esc"]);
    assert!(key_names_in("\"Escape the Entered Table\"").is_empty());
    let code = "// Esc in a comment\nfn f() { let x = \"F1 keys\"; }\n#[cfg(test)]\nmod tests { const T: &str = \"Alt-Enter\"; }\n";
    let source = Source {
        file: "tui/x.rs".into(),
        module: vec!["tui".into(), "x".into()],
        tokens: tokens(code),
        tests: test_spans(&tokens(code)),
        inline_modules: Vec::new(),
        all_test: false,
        paths: Vec::new(),
    };
    assert_eq!(literal_key_names(&[source]), ["tui/x.rs:2: F1"]);
}

#[test]
fn the_check_itself_sees_imports_and_crates() {
    assert!(uses_crate("use git2::Repository;", "git2"));
    assert!(uses_crate(
        "let repo = git2::Repository::open(path)?;",
        "git2"
    ));
    assert!(uses_crate(
        "use tree_sitter_rust::LANGUAGE;",
        "tree-sitter-*"
    ));
    assert!(!uses_crate("// see git2 for details", "git2"));
    assert!(!uses_crate("let text = \"git2::Repository\";", "git2"));
    assert!(!uses_crate("let ignore = true;", "ignore"));
    assert!(!uses_crate("crate::watch::ignore::rules()", "ignore"));
    assert!(uses_crate("ignore::WalkBuilder::new(root)", "ignore"));
    let rows = table();
    assert!(rows["tui"].crates.contains("ratatui"));
    assert!(rows["cli"].modules.is_none());
    assert!(!rows["edit"].modules.as_ref().unwrap().contains("engine"));
}

/// The crate paths a snippet of code in module `edit::plan` names.
fn targets(code: &str) -> Vec<String> {
    let source = Source {
        file: "edit/plan.rs".into(),
        module: vec!["edit".into(), "plan".into()],
        tests: test_spans(&tokens(code)),
        inline_modules: Vec::new(),
        tokens: tokens(code),
        all_test: false,
        paths: Vec::new(),
    };
    let modules = BTreeSet::from([
        vec!["edit".to_string()],
        vec!["edit".to_string(), "plan".to_string()],
    ]);
    source
        .references(&modules)
        .iter()
        .map(|reference| reference.target.join("::"))
        .collect()
}

#[test]
fn the_check_itself_reads_grouped_imports_and_paths_inside_code() {
    assert_eq!(
        targets("use crate::{diff::Hunk, text::{describe, printable as p}, engine};"),
        ["diff::Hunk", "text::describe", "text::printable", "engine"]
    );
    assert_eq!(
        targets("use crate::{\n    protocol::{Op,\n        Event},\n};"),
        ["protocol::Op", "protocol::Event"]
    );
    assert_eq!(
        targets("use super::{apply::Edit, feedback};"),
        ["edit::apply::Edit", "edit::feedback"]
    );
    assert_eq!(
        targets("let x = super::super::tui::App::new();"),
        ["tui::App::new"]
    );
    assert_eq!(
        targets("let x = crate::engine::Session::<u8>::new();"),
        ["engine::Session"]
    );
    assert_eq!(
        targets("// use crate::tui;\nlet s = \"crate::tui\";"),
        Vec::<String>::new()
    );
}

#[test]
fn the_check_itself_reads_past_test_code() {
    let code = "#[cfg(test)]\nfn helper() { let a = '{'; }\nuse crate::x;\n#[cfg(test)]\nmod tests {\n    use git2;\n}\nuse crate::y;\n";
    let tokens = tokens(code);
    let spans = test_spans(&tokens);
    assert_eq!(spans.len(), 2);
    let after: Vec<usize> = tokens
        .iter()
        .enumerate()
        .filter(|(at, token)| token.text == "crate" && !spans.iter().any(|span| span.contains(at)))
        .map(|(_, token)| token.line)
        .collect();
    assert_eq!(after, [3, 8], "code after test items is still code");
    let git2 = tokens
        .iter()
        .position(|token| token.text == "git2")
        .unwrap();
    assert!(spans[1].contains(&git2));
}

#[test]
fn the_check_itself_finds_circles_and_long_functions() {
    let graph: BTreeMap<String, BTreeSet<String>> = [
        ("a.rs", vec!["b.rs"]),
        ("b.rs", vec!["c.rs", "a.rs"]),
        ("c.rs", vec!["a.rs"]),
        ("d.rs", vec!["e.rs"]),
        ("e.rs", vec!["d.rs"]),
    ]
    .into_iter()
    .map(|(from, to)| {
        (
            from.to_string(),
            to.into_iter().map(str::to_string).collect(),
        )
    })
    .collect();
    assert_eq!(
        circles(&graph),
        [["a.rs", "b.rs", "c.rs"]],
        "a pair is no circle to report"
    );
    let body = format!(
        "fn long() {{\n{}}}\nfn short() {{}}\n",
        "    let x = 1;\n".repeat(5)
    );
    let source = Source {
        file: "edit/plan.rs".into(),
        module: vec!["edit".into(), "plan".into()],
        tests: Vec::new(),
        inline_modules: Vec::new(),
        tokens: tokens(&body),
        all_test: false,
        paths: Vec::new(),
    };
    let lengths: Vec<(String, usize)> = functions(&[source])
        .into_iter()
        .map(|(name, _, _, lines)| (name, lines))
        .collect();
    assert_eq!(
        lengths,
        [
            ("edit::plan::long".to_string(), 7),
            ("edit::plan::short".to_string(), 1)
        ]
    );
}

#[test]
fn the_check_itself_finds_impl_engine_outside_tests_and_comments() {
    let source_of = |file: &str, code: &str| {
        let tokens = tokens(code);
        Source {
            file: file.into(),
            module: vec!["engine".into()],
            tests: test_spans(&tokens),
            inline_modules: Vec::new(),
            tokens,
            all_test: false,
            paths: Vec::new(),
        }
    };
    let sources = [
        source_of("engine/a.rs", "impl Engine {\n    fn go(&self) {}\n}\n"),
        source_of(
            "engine/b.rs",
            "// impl Engine\nconst S: &str = \"impl Engine\";\n#[cfg(test)]\nmod tests {\n    impl Engine {}\n}\n",
        ),
        source_of("engine/c.rs", "impl EngineView {}\nimpl Session {}\n"),
    ];
    assert_eq!(
        files_implementing_engine(&sources),
        BTreeSet::from(["engine/a.rs".to_string()])
    );
}
