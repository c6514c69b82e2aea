//! Holds the design of ARCHITECTURE.md: its module table says which modules each module
//! may import and which restricted crates it may use; this test reads that table and
//! checks every line of code under `src/` against it. Comments are not code; a file's
//! own `#[cfg(test)]` module may use any crate (tests build fixtures, such as a git
//! repository with git2), but still no module its row does not list.

// Tests, benchmarks and examples unwrap and print: a failure there is the point.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::print_stdout,
    clippy::print_stderr
)]

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

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

/// The module a file belongs to (`src/edit/plan.rs` → `edit`, `src/repo_path.rs` →
/// `repo_path`); `None` for the crate's root files.
fn module_of(src: &Path, file: &Path) -> Option<String> {
    let relative = file.strip_prefix(src).ok()?;
    let first = relative
        .components()
        .next()?
        .as_os_str()
        .to_string_lossy()
        .into_owned();
    let name = first.strip_suffix(".rs").unwrap_or(&first).to_string();
    (!matches!(name.as_str(), "lib" | "main")).then_some(name)
}

/// The identifier a crate is written as in code.
fn ident(krate: &str) -> String {
    krate.replace('-', "_")
}

/// Whether `code` names the crate `krate` (`tree-sitter-*` stands for every grammar).
fn uses_crate(code: &str, krate: &str) -> bool {
    let words = code.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'));
    words.filter(|word| !word.is_empty()).any(|word| {
        let path_head = word.split("::").next().unwrap_or("");
        let is_path = word.contains("::") || code.trim_start().starts_with("use ");
        if !is_path {
            return false;
        }
        match krate.strip_suffix("-*") {
            Some(prefix) => path_head.starts_with(&format!("{}_", ident(prefix))),
            None => path_head == ident(krate),
        }
    })
}

#[test]
fn every_module_imports_only_what_the_architecture_table_allows() {
    let rows = table();
    let restricted: BTreeSet<String> = rows.values().flat_map(|row| row.crates.clone()).collect();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut problems = Vec::new();
    for file in rust_files(&src) {
        let Some(module) = module_of(&src, &file) else {
            continue;
        };
        let Some(row) = rows.get(&module) else {
            problems.push(format!(
                "{}: the module `{module}` has no row in ARCHITECTURE.md",
                file.display()
            ));
            continue;
        };
        let text = fs::read_to_string(&file).unwrap();
        let mut in_tests = false;
        for (number, line) in text.lines().enumerate() {
            let code = line.trim_start();
            if code.starts_with("//") {
                continue;
            }
            in_tests |= code.starts_with("#[cfg(test)]");
            let place = format!("{}:{}", file.display(), number + 1);
            if let Some(allowed) = &row.modules {
                let mut rest = code;
                while let Some(at) = rest.find("crate::") {
                    let after = &rest[at + "crate::".len()..];
                    let used: String = after
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                    if !used.is_empty() && used != module && !allowed.contains(&used) {
                        problems.push(format!("{place}: `{module}` imports `{used}`: {code}"));
                    }
                    rest = after;
                }
            }
            for krate in &restricted {
                if !in_tests && !row.crates.contains(krate) && uses_crate(code, krate) {
                    problems.push(format!(
                        "{place}: `{module}` uses the crate {krate}: {code}"
                    ));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
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
    assert!(!uses_crate("let ignore = true;", "ignore"));
    assert!(uses_crate("ignore::WalkBuilder::new(root)", "ignore"));
    let rows = table();
    assert!(rows["tui"].crates.contains("ratatui"));
    assert!(rows["cli"].modules.is_none());
    assert!(!rows["edit"].modules.as_ref().unwrap().contains("engine"));
}
