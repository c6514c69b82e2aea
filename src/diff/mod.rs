//! A change as people review it: files of hunks of removed, added and context lines with
//! their line numbers. The edit planner makes them from the very placement it writes, git
//! makes them from commits, and every front end draws them as they are (no front end reads
//! files or parses diff text). Data at the bottom of the crate: it imports nothing else
//! from it.

use serde::{Deserialize, Serialize};
use similar::{Algorithm, DiffOp, capture_diff_slices_deadline};

/// Unchanged lines shown around a change.
pub const CONTEXT_LINES: usize = 3;
/// Longest time a whole-file diff may take before it settles for a coarser result.
const DIFF_DEADLINE: std::time::Duration = std::time::Duration::from_millis(200);

/// What a line of a hunk is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LineKind {
    Context,
    Removed,
    Added,
}

/// One line of a hunk.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HunkLine {
    pub kind: LineKind,
    pub text: String,
}

/// One file's change (a commit's diff is a list of these).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileDiff {
    /// The path after the change.
    pub path: String,
    /// The path before, when the file was renamed.
    pub old_path: Option<String>,
    pub hunks: Vec<Hunk>,
    /// A binary file: no hunks to show.
    pub binary: bool,
}

/// A run of changes with context. Line numbers are 1-based; `old_start` counts in the
/// file before the change, `new_start` after it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hunk {
    pub old_start: usize,
    pub new_start: usize,
    pub lines: Vec<HunkLine>,
}

impl Hunk {
    /// Lines on the old side (context and removed).
    pub fn old_len(&self) -> usize {
        self.lines
            .iter()
            .filter(|line| line.kind != LineKind::Added)
            .count()
    }

    /// Lines on the new side (context and added).
    pub fn new_len(&self) -> usize {
        self.lines
            .iter()
            .filter(|line| line.kind != LineKind::Removed)
            .count()
    }

    /// Lines added and removed.
    pub fn counts(&self) -> (usize, usize) {
        let added = self
            .lines
            .iter()
            .filter(|line| line.kind == LineKind::Added)
            .count();
        let removed = self
            .lines
            .iter()
            .filter(|line| line.kind == LineKind::Removed)
            .count();
        (added, removed)
    }
}

/// The hunks between two whole texts (a listing, a new or a deleted file).
pub fn hunks_between(old: &[&str], new: &[&str]) -> Vec<Hunk> {
    let deadline = std::time::Instant::now() + DIFF_DEADLINE;
    let ops = capture_diff_slices_deadline(Algorithm::Myers, old, new, Some(deadline));
    let groups = similar::group_diff_ops(ops, CONTEXT_LINES);
    let mut hunks = Vec::new();
    for group in groups {
        let (Some(first), Some(_)) = (group.first(), group.last()) else {
            continue;
        };
        let (old_range, new_range) = (first.old_range(), first.new_range());
        let mut hunk = Hunk {
            old_start: old_range.start + 1,
            new_start: new_range.start + 1,
            lines: Vec::new(),
        };
        for op in &group {
            push_op(&mut hunk, op, old, new);
        }
        hunks.push(hunk);
    }
    hunks
}

/// Longest a changed line pair's word diff may take (a minified line can be huge).
const WORDS_DEADLINE: std::time::Duration = std::time::Duration::from_millis(20);

/// The words that differ between a removed line and the added line that replaced it,
/// as byte ranges of `old` and of `new` (similar's inline diff). Both are empty when
/// the lines share too little for the words to tell anything (every word would show).
pub fn changed_words(
    old: &str,
    new: &str,
) -> (Vec<std::ops::Range<usize>>, Vec<std::ops::Range<usize>>) {
    let diff = similar::TextDiff::from_lines(old, new);
    let deadline = std::time::Instant::now() + WORDS_DEADLINE;
    let (mut old_words, mut new_words) = (Vec::new(), Vec::new());
    for change in diff.iter_all_inline_changes_deadline(Some(deadline)) {
        let words = match change.tag() {
            similar::ChangeTag::Delete => &mut old_words,
            similar::ChangeTag::Insert => &mut new_words,
            similar::ChangeTag::Equal => continue,
        };
        let mut at = 0;
        for (emphasized, value) in change.values() {
            if *emphasized {
                words.push(at..at + value.len());
            }
            at += value.len();
        }
    }
    (old_words, new_words)
}

/// A change not placed in its file: `old` lines as removed, `new` as added, no line
/// numbers (a block still streaming, or one that does not match).
pub fn unplaced(old: &str, new: &str) -> Hunk {
    let mut lines: Vec<HunkLine> = old.lines().map(removed).collect();
    lines.extend(new.lines().map(added));
    Hunk {
        old_start: 0,
        new_start: 0,
        lines,
    }
}

/// Adds the line diff of a replaced window to a hunk.
pub fn push_diff(hunk: &mut Hunk, old: &[&str], new: &[&str]) {
    for op in capture_diff_slices_deadline(Algorithm::Myers, old, new, None) {
        push_op(hunk, &op, old, new);
    }
}

fn push_op(hunk: &mut Hunk, op: &DiffOp, old: &[&str], new: &[&str]) {
    match *op {
        DiffOp::Equal { old_index, len, .. } => {
            for line in &old[old_index..old_index + len] {
                hunk.lines.push(context(line));
            }
        }
        DiffOp::Delete {
            old_index, old_len, ..
        } => {
            for line in &old[old_index..old_index + old_len] {
                hunk.lines.push(removed(line));
            }
        }
        DiffOp::Insert {
            new_index, new_len, ..
        } => {
            for line in &new[new_index..new_index + new_len] {
                hunk.lines.push(added(line));
            }
        }
        DiffOp::Replace {
            old_index,
            old_len,
            new_index,
            new_len,
        } => {
            for line in &old[old_index..old_index + old_len] {
                hunk.lines.push(removed(line));
            }
            for line in &new[new_index..new_index + new_len] {
                hunk.lines.push(added(line));
            }
        }
    }
}

pub fn context(text: &str) -> HunkLine {
    HunkLine {
        kind: LineKind::Context,
        text: text.to_string(),
    }
}

fn removed(text: &str) -> HunkLine {
    HunkLine {
        kind: LineKind::Removed,
        text: text.to_string(),
    }
}

fn added(text: &str) -> HunkLine {
    HunkLine {
        kind: LineKind::Added,
        text: text.to_string(),
    }
}

/// The hunks as unified diff text with `a/` and `b/` headers (for commit messages and
/// the model's feedback; front ends draw hunks directly).
pub fn unified_text(path: &str, hunks: &[Hunk]) -> String {
    use std::fmt::Write;
    let mut text = format!("--- a/{path}\n+++ b/{path}\n");
    for hunk in hunks {
        let _ = writeln!(
            text,
            "@@ -{},{} +{},{} @@",
            hunk.old_start,
            hunk.old_len(),
            hunk.new_start,
            hunk.new_len()
        );
        for line in &hunk.lines {
            let mark = match line.kind {
                LineKind::Context => ' ',
                LineKind::Removed => '-',
                LineKind::Added => '+',
            };
            let _ = writeln!(text, "{mark}{}", line.text);
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn render(hunks: &[Hunk]) -> String {
        unified_text("f", hunks)
            .lines()
            .skip(2)
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn whole_texts_diff_into_grouped_hunks() {
        let old = ["a", "b", "c"];
        let new = ["a", "B", "c", "d"];
        let hunks = hunks_between(&old, &new);
        assert_eq!(render(&hunks), "@@ -1,3 +1,4 @@\n a\n-b\n+B\n c\n+d");
        let created = hunks_between(&[], &["x"]);
        assert_eq!(render(&created), "@@ -1,0 +1,1 @@\n+x");
    }

    #[test]
    fn the_words_a_changed_line_changed_are_found() {
        let old = "    return compute(a, b)";
        let new = "    return compute(a, b)  # PUT";
        let (removed, added) = changed_words(old, new);
        assert!(removed.is_empty(), "{removed:?}");
        let shown: String = added.iter().map(|range| &new[range.clone()]).collect();
        assert_eq!(shown.trim(), "# PUT");

        let (removed, added) = changed_words("let total = 1;", "let sum = 1;");
        assert_eq!(&"let total = 1;"[removed[0].clone()], "total");
        assert_eq!(&"let sum = 1;"[added[0].clone()], "sum");

        // Nothing in common: no word stands out.
        assert_eq!(
            changed_words("alpha beta", "gamma delta"),
            (Vec::new(), Vec::new())
        );
    }
}
