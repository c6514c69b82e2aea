//! The built-in syntax check: tree-sitter ERROR and MISSING nodes as line messages.

use super::language::{self, LANGUAGES};
use super::tags;

/// At most this many errors are reported per file.
const MAX_ERRORS: usize = 20;

/// One syntax error found by the parser.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    /// One-based line number.
    pub line: usize,
    pub message: String,
}

/// Syntax errors in `text` parsed by the grammar for `rel_path`'s extension; `None`
/// when no grammar handles the file (Markdown is not checked: every text is valid).
pub fn syntax_errors(rel_path: &str, text: &str) -> Option<Vec<SyntaxError>> {
    let id = language::language_for_path(rel_path)?;
    if LANGUAGES[id].name == "markdown" {
        return None;
    }
    let tree = tags::parse(id, text.as_bytes())?;
    let mut errors = Vec::new();
    if !tree.root_node().has_error() {
        return Some(errors);
    }
    let mut cursor = tree.walk();
    // Depth-first walk, descending only into subtrees that contain an error.
    'walk: loop {
        let node = cursor.node();
        let mut descend = node.has_error();
        if node.is_error() {
            errors.push(SyntaxError {
                line: node.start_position().row + 1,
                message: format!(
                    "syntax error: unexpected `{}`",
                    snippet(text, node.start_byte(), node.end_byte())
                ),
            });
            descend = false;
        } else if node.is_missing() {
            errors.push(SyntaxError {
                line: node.start_position().row + 1,
                message: format!("syntax error: missing `{}`", node.kind()),
            });
        }
        if errors.len() >= MAX_ERRORS {
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
    Some(errors)
}

/// The first line of the erroneous text, shortened.
fn snippet(text: &str, start: usize, end: usize) -> String {
    let piece = text
        .get(start..end)
        .unwrap_or("")
        .lines()
        .next()
        .unwrap_or("")
        .trim();
    let mut short: String = piece.chars().take(40).collect();
    if short.len() < piece.len() {
        short.push('…');
    }
    short
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
    }
}
