//! The `udiff` format: unified-diff hunks, one edit per hunk. Line numbers in `@@`
//! headers are ignored; hunks are applied by matching their old side.

use super::fence::Fence;
use super::names::resolve_name;
use super::reply::{Edit, ParseError, ParsedReply, join_lines, reply_lines};

pub(crate) const DEV_NULL: &str = "/dev/null";

/// Parses every hunk of a reply.
pub fn parse(reply: &str, chat_files: &[String]) -> Result<ParsedReply, ParseError> {
    let lines = reply_lines(reply);
    let mut parsed = ParsedReply::default();
    let mut current_path: Option<String> = None;
    let mut shell_fence: Option<(Fence, Vec<&str>)> = None;
    let mut in_fence = false;
    let mut index = 0;
    while index < lines.len() {
        let line = lines[index];
        if let Some((fence, body)) = shell_fence.as_mut() {
            if fence.is_closed_by(line) {
                if !body.is_empty() {
                    parsed.shell_commands.push(join_lines(body));
                }
                shell_fence = None;
            } else {
                body.push(line);
            }
            index += 1;
            continue;
        }
        if is_file_header(&lines, index) {
            let old = header_path(&line[4..]);
            let new = header_path(&lines[index + 1][4..]);
            let (old, new) = strip_git_prefixes(old, new);
            let path = if new == DEV_NULL { old } else { new };
            current_path = Some(resolve_name(path, chat_files, true));
            index += 2;
            continue;
        }
        if line.starts_with("@@") {
            let hunk = read_hunk(&lines, index, in_fence);
            if hunk.changes {
                let path = match (&current_path, chat_files) {
                    (Some(path), _) => path.clone(),
                    (None, [only]) => only.clone(),
                    _ => {
                        return Err(ParseError::at(
                            index,
                            "a hunk with no file header: start each file's hunks with `--- path` and `+++ path` lines",
                        ));
                    }
                };
                parsed.edits.push(Edit::new(
                    path,
                    join_lines(&hunk.old),
                    join_lines(&hunk.new),
                ));
            }
            index = hunk.end;
            continue;
        }
        if let Some(fence) = Fence::open(line).filter(Fence::is_shell) {
            shell_fence = Some((fence, Vec::new()));
        } else if line.starts_with("```") {
            in_fence = !in_fence;
        }
        index += 1;
    }
    Ok(parsed)
}

/// A `--- x` line directly followed by a `+++ y` line.
fn is_file_header(lines: &[&str], index: usize) -> bool {
    lines[index].starts_with("--- ")
        && lines
            .get(index + 1)
            .is_some_and(|next| next.starts_with("+++ "))
}

/// The path of a header line, without a trailing timestamp.
pub(crate) fn header_path(text: &str) -> &str {
    text.split('\t').next().unwrap_or(text).trim()
}

/// Drops git's `a/` and `b/` prefixes when both sides carry them (or one is /dev/null).
pub(crate) fn strip_git_prefixes<'a>(old: &'a str, new: &'a str) -> (&'a str, &'a str) {
    let old_prefixed = old.starts_with("a/") || old == DEV_NULL;
    let new_prefixed = new.starts_with("b/") || new == DEV_NULL;
    if old_prefixed && new_prefixed && (old != DEV_NULL || new != DEV_NULL) {
        (
            old.strip_prefix("a/").unwrap_or(old),
            new.strip_prefix("b/").unwrap_or(new),
        )
    } else {
        (old, new)
    }
}

/// One hunk's two sides and the index of the first line after it.
struct Hunk<'a> {
    old: Vec<&'a str>,
    new: Vec<&'a str>,
    changes: bool,
    end: usize,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum HunkLine {
    Context,
    /// An empty line with no prefix: blank context, unless it trails the hunk.
    Blank,
    Removed,
    Added,
}

/// Reads the hunk whose `@@` line is at `header`. Inside a fence, a line without a
/// prefix that is followed by more changed lines is taken as context whose leading
/// space was lost (so the hunk is not cut in two and half-applied).
fn read_hunk<'a>(lines: &[&'a str], header: usize, fenced: bool) -> Hunk<'a> {
    let mut body: Vec<(HunkLine, &'a str)> = Vec::new();
    let mut index = header + 1;
    while index < lines.len() {
        let line = lines[index];
        if line.starts_with("@@") || is_file_header(lines, index) || line.starts_with("```") {
            break;
        }
        let entry = if line.is_empty() {
            (HunkLine::Blank, "")
        } else if let Some(rest) = line.strip_prefix(' ') {
            (HunkLine::Context, rest)
        } else if let Some(rest) = line.strip_prefix('-') {
            (HunkLine::Removed, rest)
        } else if let Some(rest) = line.strip_prefix('+') {
            (HunkLine::Added, rest)
        } else if line.starts_with('\\') {
            // "\ No newline at end of file"
            index += 1;
            continue;
        } else if fenced && more_changes_follow(lines, index + 1) {
            (HunkLine::Context, line)
        } else {
            break;
        };
        body.push(entry);
        index += 1;
    }
    while body
        .last()
        .is_some_and(|(kind, _)| *kind == HunkLine::Blank)
    {
        body.pop();
    }
    let mut hunk = Hunk {
        old: Vec::new(),
        new: Vec::new(),
        changes: false,
        end: index,
    };
    for (kind, text) in body {
        match kind {
            HunkLine::Context | HunkLine::Blank => {
                hunk.old.push(text);
                hunk.new.push(text);
            }
            HunkLine::Removed => {
                hunk.old.push(text);
                hunk.changes = true;
            }
            HunkLine::Added => {
                hunk.new.push(text);
                hunk.changes = true;
            }
        }
    }
    hunk
}

/// Whether changed lines come before the hunk's end (fence, header or `@@`).
fn more_changes_follow(lines: &[&str], from: usize) -> bool {
    for index in from..lines.len() {
        let line = lines[index];
        if line.starts_with("```") || line.starts_with("@@") || is_file_header(lines, index) {
            return false;
        }
        if line.starts_with('+') || line.starts_with('-') {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edits(reply: &str) -> Vec<(String, String, String)> {
        parse(reply, &[])
            .unwrap()
            .edits
            .into_iter()
            .map(|e| (e.path, e.search, e.replace))
            .collect()
    }

    #[test]
    fn one_hunk_with_bogus_numbers() {
        let reply =
            "```diff\n--- a/x.py\n+++ b/x.py\n@@ -100,3 +100,3 @@\n keep\n-old\n+new\n```\n";
        assert_eq!(
            edits(reply),
            vec![("x.py".into(), "keep\nold\n".into(), "keep\nnew\n".into())]
        );
    }

    #[test]
    fn dev_null_creates_and_blank_context_counts() {
        let created = "--- /dev/null\n+++ b/new.txt\n@@ -0,0 +1,2 @@\n+a\n+b\n";
        assert_eq!(
            edits(created),
            vec![("new.txt".into(), String::new(), "a\nb\n".into())]
        );
        let blank = "--- x\n+++ x\n@@ ... @@\n a\n\n-b\n+c\n\n";
        assert_eq!(
            edits(blank),
            vec![("x".into(), "a\n\nb\n".into(), "a\n\nc\n".into())]
        );
    }

    #[test]
    fn every_file_of_a_git_diff_loses_its_prefixes() {
        let reply = "--- a/one.py\n+++ b/one.py\n@@ @@\n-1\n+2\n--- a/two.py\n+++ b/two.py\n@@ @@\n-3\n+4\n";
        let paths: Vec<String> = edits(reply).into_iter().map(|e| e.0).collect();
        assert_eq!(paths, vec!["one.py", "two.py"]);
    }

    #[test]
    fn context_that_lost_its_space_inside_a_fence_does_not_split_the_hunk() {
        let reply = "```diff\n--- x\n+++ x\n@@ @@\n-a\n+A\nb\n-c\n+C\n```\nThen:\n- note\n";
        assert_eq!(
            edits(reply),
            vec![("x".into(), "a\nb\nc\n".into(), "A\nb\nC\n".into())]
        );
        // Outside a fence a bare line ends the hunk.
        let bare = "--- x\n+++ x\n@@ @@\n-a\n+A\nSome prose.\n- a list item\n";
        assert_eq!(edits(bare), vec![("x".into(), "a\n".into(), "A\n".into())]);
    }

    #[test]
    fn hunk_without_header_needs_one_chat_file() {
        let reply = "@@ @@\n-a\n+b\n";
        assert!(parse(reply, &[]).is_err());
        let parsed = parse(reply, &["only.txt".to_string()]).unwrap();
        assert_eq!(parsed.edits[0].path, "only.txt");
    }
}
