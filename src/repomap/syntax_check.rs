//! The built-in syntax check: tree-sitter ERROR and MISSING nodes as short messages,
//! and which errors a change to a file introduces.
//!
//! The lint step reports a written file's errors ([`syntax_errors`]); the review asks
//! which errors one planned block adds ([`SyntaxChecker::introduced`]). Both read the
//! same walk, so both say the same words.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex};

use super::language::{self, LANGUAGES};
use super::tags;

/// At most this many errors are reported per file by the lint step.
const MAX_REPORTED: usize = 20;

/// At most this many errors are collected for a comparison; past it a file is too
/// broken for a comparison to mean anything, and none is made.
const MAX_COMPARED: usize = 500;

/// What kind of problem the parser found; with the token, an error's identity.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SyntaxErrorKind {
    /// A token the grammar did not expect there.
    Unexpected,
    /// A token the grammar needed and did not find.
    Missing,
    /// An opening bracket never closed.
    Unclosed,
}

/// One syntax error found by the parser.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    /// One-based line number.
    pub line: usize,
    /// What is wrong, in a few words ("missing `:`", "unexpected `=======`").
    pub message: String,
    pub kind: SyntaxErrorKind,
    /// The token the error is about (unexpected, missing or unclosed).
    pub token: String,
}

impl SyntaxError {
    /// Who the error is, apart from where: errors that only moved compare equal.
    fn identity(&self) -> (SyntaxErrorKind, &str) {
        (self.kind, self.token.as_str())
    }
}

/// Syntax errors in `text` parsed by the grammar for `rel_path`'s extension (the first
/// few); `None` when no grammar handles the file (Markdown is not checked: every text
/// is valid).
pub fn syntax_errors(rel_path: &str, text: &str) -> Option<Vec<SyntaxError>> {
    let id = checked_language(rel_path)?;
    collect(id, text, MAX_REPORTED)
}

/// The language a file is checked as, if any.
fn checked_language(rel_path: &str) -> Option<usize> {
    let id = language::language_for_path(rel_path)?;
    (LANGUAGES[id].name != "markdown").then_some(id)
}

/// Every error of `text` as language `id`, up to `limit`, in text order.
fn collect(id: usize, text: &str, limit: usize) -> Option<Vec<SyntaxError>> {
    let tree = tags::parse(id, text.as_bytes())?;
    Some(errors_of(&tree, text, limit))
}

/// Every error in `tree` (the parse of `text`), up to `limit`, in text order.
fn errors_of(tree: &tree_sitter::Tree, text: &str, limit: usize) -> Vec<SyntaxError> {
    let mut errors = Vec::new();
    if !tree.root_node().has_error() {
        return errors;
    }
    let mut cursor = tree.walk();
    // Depth-first walk, descending only into subtrees that contain an error.
    'walk: loop {
        let node = cursor.node();
        let mut descend = node.has_error();
        if node.is_error() {
            errors.push(error_node(node, text));
            descend = false;
        } else if node.is_missing() {
            errors.push(missing_node(node, text));
        }
        if errors.len() >= limit {
            break;
        }
        if descend && cursor.goto_first_child() {
            continue;
        }
        loop {
            if cursor.goto_next_sibling() {
                continue 'walk;
            }
            if !cursor.goto_parent() {
                break 'walk;
            }
        }
    }
    errors
}

/// An ERROR node: an opening bracket it leaves open, else its first token.
fn error_node(node: tree_sitter::Node<'_>, text: &str) -> SyntaxError {
    let line = node.start_position().row + 1;
    let tokens = leaves(node);
    if let Some(opener) = unclosed_opener(&tokens, text) {
        return unclosed(opener, text, node.end_position().row + 1);
    }
    match tokens.first().map(|token| word_at(*token, node, text)) {
        Some(token) if !token.is_empty() => SyntaxError {
            line,
            message: format!("unexpected `{token}`"),
            kind: SyntaxErrorKind::Unexpected,
            token,
        },
        _ => SyntaxError {
            line,
            message: "unexpected text".to_string(),
            kind: SyntaxErrorKind::Unexpected,
            token: String::new(),
        },
    }
}

/// A MISSING node: the token it stands for; a missing closing bracket names the
/// bracket it should close.
fn missing_node(node: tree_sitter::Node<'_>, text: &str) -> SyntaxError {
    let line = node.start_position().row + 1;
    let kind = node.kind();
    if opener_for(kind).is_some()
        && let Some(parent) = node.parent()
    {
        let mut before = Vec::new();
        let mut cursor = parent.walk();
        for child in parent.children(&mut cursor) {
            if child.id() == node.id() {
                break;
            }
            before.push(child);
        }
        if let Some(opener) = unclosed_opener(&before, text) {
            return unclosed(opener, text, line);
        }
    }
    let message = if node.is_named() {
        format!("missing {}", kind.replace('_', " "))
    } else {
        format!("missing `{kind}`")
    };
    SyntaxError {
        line,
        message,
        kind: SyntaxErrorKind::Missing,
        token: kind.to_string(),
    }
}

fn unclosed(opener: tree_sitter::Node<'_>, text: &str, line: usize) -> SyntaxError {
    let token = token_text(opener, text);
    let opened = opener.start_position().row + 1;
    let message = if opened == line {
        format!("unclosed `{token}`")
    } else {
        format!("unclosed `{token}` opened at line {opened}")
    };
    SyntaxError {
        line,
        message,
        kind: SyntaxErrorKind::Unclosed,
        token,
    }
}

/// The opening bracket among `tokens` (in order) that nothing after it closes.
fn unclosed_opener<'t>(
    tokens: &[tree_sitter::Node<'t>],
    text: &str,
) -> Option<tree_sitter::Node<'t>> {
    let mut open: Vec<tree_sitter::Node<'t>> = Vec::new();
    for token in tokens {
        if token.is_missing() {
            continue;
        }
        let piece = token_text(*token, text);
        if closer_for(&piece).is_some() {
            open.push(*token);
        } else if let Some(opening) = opener_for(&piece)
            && open
                .last()
                .is_some_and(|last| token_text(*last, text) == opening)
        {
            open.pop();
        }
    }
    open.first().copied()
}

/// The closing bracket of an opening one.
fn closer_for(token: &str) -> Option<&'static str> {
    match token {
        "(" => Some(")"),
        "[" => Some("]"),
        "{" => Some("}"),
        _ => None,
    }
}

/// The opening bracket of a closing one.
fn opener_for(token: &str) -> Option<&'static str> {
    match token {
        ")" => Some("("),
        "]" => Some("["),
        "}" => Some("{"),
        _ => None,
    }
}

/// The leaf tokens under `node` (itself when it has no children), in order.
fn leaves(node: tree_sitter::Node<'_>) -> Vec<tree_sitter::Node<'_>> {
    let mut found = Vec::new();
    let mut cursor = node.walk();
    'walk: loop {
        let current = cursor.node();
        if current.child_count() == 0 {
            found.push(current);
        } else if cursor.goto_first_child() {
            continue;
        }
        loop {
            if cursor.node().id() == node.id() {
                break 'walk;
            }
            if cursor.goto_next_sibling() {
                continue 'walk;
            }
            if !cursor.goto_parent() {
                break 'walk;
            }
        }
    }
    found
}

/// The text from `token` to the next white space (within `node`): what a reader sees
/// as unexpected, `=======` rather than the grammar's `==` of it.
fn word_at(token: tree_sitter::Node<'_>, node: tree_sitter::Node<'_>, text: &str) -> String {
    let piece = text.get(token.start_byte()..node.end_byte()).unwrap_or("");
    let end = piece.find(char::is_whitespace).unwrap_or(piece.len());
    shorten(&piece[..end])
}

/// A token's text: its first line, trimmed and shortened.
fn token_text(node: tree_sitter::Node<'_>, text: &str) -> String {
    let piece = text
        .get(node.start_byte()..node.end_byte())
        .unwrap_or("")
        .lines()
        .next()
        .unwrap_or("")
        .trim();
    shorten(piece)
}

fn shorten(piece: &str) -> String {
    let mut short: String = piece.chars().take(40).collect();
    if short.len() < piece.len() {
        short.push('…');
    }
    short
}

/// The errors of `after` that `before` does not have, compared by kind and token and
/// not by place (an old error a change only moved is not new), in text order.
pub fn new_errors(before: &[SyntaxError], after: &[SyntaxError]) -> Vec<SyntaxError> {
    let mut old: HashMap<(SyntaxErrorKind, &str), usize> = HashMap::new();
    for error in before {
        *old.entry(error.identity()).or_default() += 1;
    }
    let mut found = Vec::new();
    for error in after {
        match old.get_mut(&error.identity()) {
            Some(count) if *count > 0 => *count -= 1,
            _ => found.push(error.clone()),
        }
    }
    found
}

/// The errors of texts parsed, by language, hash and length of the text.
type ParseCache = HashMap<(usize, u64, usize), Arc<Vec<SyntaxError>>>;

/// The most parses kept by a [`SyntaxChecker`] (only their errors are kept: a review
/// of many blocks in one file re-plans from memory).
const MAX_CACHED: usize = 1024;

/// The most files whose last tree a [`SyntaxChecker`] keeps.
const MAX_TREES: usize = 16;

/// Finds the syntax errors a change introduces, remembering the errors of the texts
/// it parsed (planning again after a decision, or the next block of the same file,
/// asks about the same texts) and each file's last tree, so that the text after a
/// block is parsed incrementally from the text before it.
#[derive(Default)]
pub struct SyntaxChecker {
    cache: Mutex<ParseCache>,
    trees: Mutex<HashMap<String, (String, tree_sitter::Tree)>>,
}

impl SyntaxChecker {
    pub fn new() -> SyntaxChecker {
        SyntaxChecker::default()
    }

    /// The first syntax error that `after` has and `before` had not (both texts of
    /// `rel_path`); `None` when there is none, when no grammar handles the file, or
    /// when `before` is too broken to compare.
    pub fn introduced(&self, rel_path: &str, before: &str, after: &str) -> Option<SyntaxError> {
        let id = checked_language(rel_path)?;
        let before_errors = self.errors(id, rel_path, before)?;
        let after_errors = self.errors(id, rel_path, after)?;
        if after_errors.is_empty() {
            return None;
        }
        if before_errors.len() >= MAX_COMPARED || after_errors.len() >= MAX_COMPARED {
            return None;
        }
        new_errors(&before_errors, &after_errors).into_iter().next()
    }

    fn errors(&self, id: usize, rel_path: &str, text: &str) -> Option<Arc<Vec<SyntaxError>>> {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        text.hash(&mut hasher);
        let key = (id, hasher.finish(), text.len());
        if let Some(found) = self.lock().get(&key) {
            return Some(found.clone());
        }
        let errors = Arc::new(self.parse(id, rel_path, text)?);
        let mut cache = self.lock();
        if cache.len() >= MAX_CACHED {
            cache.clear();
        }
        cache.insert(key, errors.clone());
        Some(errors)
    }

    /// The errors of `text` as file `rel_path`, parsed from the file's last tree when
    /// there is one, and that tree replaced by this text's.
    fn parse(&self, id: usize, rel_path: &str, text: &str) -> Option<Vec<SyntaxError>> {
        let mut trees = self
            .trees
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let old = trees.remove(rel_path).map(|(old_text, mut tree)| {
            tree.edit(&edit_between(&old_text, text));
            tree
        });
        let tree = tags::parse_after(id, text.as_bytes(), old.as_ref())?;
        let errors = errors_of(&tree, text, MAX_COMPARED);
        if trees.len() >= MAX_TREES {
            trees.clear();
        }
        trees.insert(rel_path.to_string(), (text.to_string(), tree));
        Some(errors)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, ParseCache> {
        // The cache holds no invariant a panic could break.
        self.cache
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// The one edit that turns `old` into `new`: what lies between their common start and
/// their common end.
fn edit_between(old: &str, new: &str) -> tree_sitter::InputEdit {
    let mut prefix = old
        .bytes()
        .zip(new.bytes())
        .take_while(|(a, b)| a == b)
        .count();
    while !old.is_char_boundary(prefix) {
        prefix -= 1;
    }
    let room = old.len().min(new.len()) - prefix;
    let mut suffix = old
        .bytes()
        .rev()
        .zip(new.bytes().rev())
        .take(room)
        .take_while(|(a, b)| a == b)
        .count();
    while !old.is_char_boundary(old.len() - suffix) || !new.is_char_boundary(new.len() - suffix) {
        suffix -= 1;
    }
    let (old_end, new_end) = (old.len() - suffix, new.len() - suffix);
    tree_sitter::InputEdit {
        start_byte: prefix,
        old_end_byte: old_end,
        new_end_byte: new_end,
        start_position: point_at(old, prefix),
        old_end_position: point_at(old, old_end),
        new_end_position: point_at(new, new_end),
    }
}

/// The row and byte column of byte `at` of `text`.
fn point_at(text: &str, at: usize) -> tree_sitter::Point {
    let before = &text.as_bytes()[..at];
    let row = before.iter().filter(|byte| **byte == b'\n').count();
    let line_start = before
        .iter()
        .rposition(|byte| *byte == b'\n')
        .map_or(0, |newline| newline + 1);
    tree_sitter::Point {
        row,
        column: at - line_start,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_python_error_line() {
        let errors = syntax_errors(
            "a.py",
            "def ok():\n    return 1\n\ndef broken(:\n    pass\n",
        )
        .unwrap();
        assert!(!errors.is_empty());
        assert_eq!(errors[0].line, 4);
    }

    #[test]
    fn clean_file_has_no_errors() {
        assert_eq!(syntax_errors("a.rs", "fn main() {}\n"), Some(vec![]));
    }

    #[test]
    fn no_grammar_means_none() {
        assert_eq!(syntax_errors("a.txt", "anything"), None);
        let checker = SyntaxChecker::new();
        assert_eq!(checker.introduced("a.txt", "", "((("), None);
        assert_eq!(checker.introduced("README.md", "", "((("), None);
    }

    /// A break and a non-break per language, and a file broken before the change.
    #[test]
    fn a_change_is_flagged_only_for_the_errors_it_introduces() {
        let python = "def f():\n    return 1\n";
        let javascript = "function f() {\n  return g(1);\n}\n";
        let typescript = "function f(a: number): number {\n  return a;\n}\n";
        let rust = "fn main() {\n    let x = (1);\n}\n";
        let go = "package main\n\nfunc main() {\n\tprintln(1)\n}\n";
        let java = "class A {\n  void f() {\n    int x = 1;\n  }\n}\n";
        let c = "int main(void) {\n  int x = 1;\n  return x;\n}\n";
        let ruby = "def f(x)\n  [x + 1]\nend\n";
        // (path, before, after, the message expected (a part of it) or `None`: no flag)
        let cases: [(&str, &str, &str, Option<&str>); 19] = [
            (
                "a.py",
                python,
                "def f():\n    return (1\n\nx = 2\n",
                Some("unclosed `(` opened at line 2"),
            ),
            ("a.py", python, "def f(x):\n    return x\n", None),
            (
                "a.py",
                python,
                "x = 1\n=======\ny = 2\n",
                Some("unexpected `=======`"),
            ),
            (
                "a.js",
                javascript,
                "function f() {\n  return g(1;\n}\n",
                Some("`(`"),
            ),
            (
                "a.js",
                javascript,
                "function f() {\n  return g(2);\n}\n",
                None,
            ),
            (
                "a.ts",
                typescript,
                "function f(a: number: number {\n  return a;\n}\n",
                Some(""),
            ),
            (
                "a.ts",
                typescript,
                "function f(b: number): number {\n  return b;\n}\n",
                None,
            ),
            (
                "a.rs",
                rust,
                "fn main() {\n    let x = (1;\n}\n",
                Some("unclosed `(`"),
            ),
            ("a.rs", rust, "fn main() {\n    let x = (2);\n}\n", None),
            (
                "a.go",
                go,
                "package main\n\nfunc main() {\n\tprintln(1)\n",
                Some(""),
            ),
            (
                "a.go",
                go,
                "package main\n\nfunc main() {\n\tprintln(2)\n}\n",
                None,
            ),
            (
                "A.java",
                java,
                "class A {\n  void f() {\n    int x = 1\n  }\n}\n",
                Some("missing `;`"),
            ),
            (
                "A.java",
                java,
                "class A {\n  void f() {\n    int y = 1;\n  }\n}\n",
                None,
            ),
            (
                "a.c",
                c,
                "int main(void) {\n  int x = 1\n  return x;\n}\n",
                Some("missing `;`"),
            ),
            (
                "a.c",
                c,
                "int main(void) {\n  int x = 2;\n  return x;\n}\n",
                None,
            ),
            ("a.rb", ruby, "def f(x)\n  [x + 1\nend\n", Some("")),
            ("a.rb", ruby, "def f(y)\n  [y + 1]\nend\n", None),
            // Broken before: the change moves the old error down two lines; not flagged.
            (
                "a.py",
                "def f(:\n    pass\n",
                "import os\n\ndef f(:\n    pass\n",
                None,
            ),
            // Broken before, and the change adds a second error: flagged.
            (
                "a.py",
                "def f(:\n    pass\n",
                "x = [1\n\ndef f(:\n    pass\n",
                Some(""),
            ),
        ];
        assert_flags(&cases);
    }

    /// Checks each (path, before, after, part of the message expected or `None`).
    fn assert_flags(cases: &[(&str, &str, &str, Option<&str>)]) {
        let checker = SyntaxChecker::new();
        for &(path, before, after, flag) in cases {
            let found = checker.introduced(path, before, after);
            match (flag, &found) {
                (None, None) => {}
                (Some(part), Some(error)) => assert!(
                    error.message.contains(part),
                    "{path}: {error:?} lacks {part:?}"
                ),
                _ => panic!("{path}: {found:?} for {after:?}, expected {flag:?}"),
            }
        }
    }

    #[test]
    fn an_incremental_parse_finds_what_a_fresh_one_does() {
        let checker = SyntaxChecker::new();
        let texts = [
            "def f():\n    return 1\n",
            "def f():\n    return (1\n\nx = 2\n",
            "def g():\n    return 1\n",
            "é = 1\ndef g(:\n",
            "é = 2\ndef g(:\n",
            "",
        ];
        for text in texts {
            let incremental = checker.parse(0, "a.py", text).unwrap();
            assert_eq!(
                Some(incremental),
                collect(0, text, MAX_COMPARED),
                "{text:?}"
            );
        }
    }

    #[test]
    fn moved_errors_match_by_kind_and_token_not_line() {
        let before = syntax_errors("a.py", "def f(:\n    pass\n").unwrap();
        let after = syntax_errors("a.py", "\n\n\ndef f(:\n    pass\n").unwrap();
        assert_ne!(before[0].line, after[0].line);
        assert!(new_errors(&before, &after).is_empty());
        assert_eq!(new_errors(&[], &after), after);
    }
}
