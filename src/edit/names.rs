//! Finding the file a block edits: reading a name off the lines around it, and
//! matching a half-right name (a basename, a wrong directory, a typo) to a chat file.

use std::path::{Component, Path};

/// Reads a line that holds nothing but a file name, possibly decorated
/// (`### a.py`, `**a.py**`, `` `a.py` ``, `a.py:`).
pub fn name_from_line(line: &str) -> Option<String> {
    let mut text = strip_decorations(line);
    // A remark after the name: "src/a.py (new file)".
    if let Some((name, remark)) = text.split_once(" (")
        && remark.ends_with(')')
    {
        text = strip_decorations(name);
    }
    looks_like_path(text).then(|| text.to_string())
}

/// A line with its name decorations (heading marks, bold, backticks, colon) removed.
pub fn strip_decorations(line: &str) -> &str {
    let mut text = line.trim();
    text = text.trim_start_matches('#').trim();
    // A label in front of the name ("File: src/a.py").
    for label in ["File:", "file:", "Filename:", "filename:", "Path:", "path:"] {
        if let Some(rest) = text.strip_prefix(label) {
            text = rest.trim();
        }
    }
    for _ in 0..3 {
        text = text.trim_end_matches(':').trim();
        text = strip_pair(text, "**");
        text = strip_pair(text, "*");
        text = strip_pair(text, "`");
        text = strip_pair(text, "\"");
        text = strip_pair(text, "'");
        text = text.trim();
    }
    text
}

/// Reads a file name written in a fence's info string (`` ```python foo.py ``).
pub fn name_from_fence_info(info: &str) -> Option<String> {
    info.split(|c: char| c.is_whitespace() || c == ':')
        .find(|token| looks_like_path(token) && (token.contains('.') || token.contains('/')))
        .map(str::to_string)
}

/// Reads a file name quoted in a prose line ("Change `src/a.py` as follows:").
pub fn name_from_prose(line: &str) -> Option<String> {
    quoted_spans(line)
        .into_iter()
        .find(|span| looks_like_path(span))
        .map(str::to_string)
}

/// The spans of a line quoted in backticks or bold markers.
fn quoted_spans(line: &str) -> Vec<&str> {
    let mut spans = Vec::new();
    for delimiter in ["`", "**"] {
        let mut parts = line.split(delimiter);
        parts.next();
        // Every other part is inside the delimiters.
        while let Some(inside) = parts.next() {
            spans.push(inside.trim());
            parts.next();
        }
    }
    spans
}

fn strip_pair<'a>(text: &'a str, mark: &str) -> &'a str {
    if text.len() > 2 * mark.len() && text.starts_with(mark) && text.ends_with(mark) {
        &text[mark.len()..text.len() - mark.len()]
    } else {
        text.strip_prefix(mark)
            .filter(|rest| !rest.contains(mark))
            .unwrap_or(text)
    }
}

/// Whether a token plausibly names a file: no spaces, some letters or digits, and a
/// directory separator or an extension.
pub fn looks_like_path(text: &str) -> bool {
    if text.is_empty() || text.len() > 300 || text.chars().any(char::is_whitespace) {
        return false;
    }
    if text.contains("://") || text.starts_with('-') || text.ends_with('.') || text.ends_with(',') {
        return false;
    }
    if !text.chars().any(char::is_alphanumeric) {
        return false;
    }
    if text.chars().any(|c| {
        matches!(
            c,
            '(' | ')'
                | '<'
                | '>'
                | '='
                | ';'
                | '{'
                | '}'
                | '['
                | ']'
                | '"'
                | '\''
                | '`'
                | '*'
                | '|'
                | ','
                | '$'
        )
    }) {
        return false;
    }
    let last = text.rsplit(['/', '\\']).next().unwrap_or(text);
    let has_extension = last
        .rsplit_once('.')
        .is_some_and(|(stem, ext)| !ext.is_empty() && (!stem.is_empty() || last.starts_with('.')));
    has_extension || text.contains('/') || text.contains('\\')
}

/// Whether a name points outside the root on its face (absolute, or with `..`).
pub fn escapes_on_its_face(name: &str) -> bool {
    let path = Path::new(name);
    name.starts_with('/')
        || path.is_absolute()
        || path
            .components()
            .any(|part| matches!(part, Component::ParentDir | Component::Prefix(_)))
}

/// Matches a name to the chat files. `guess` allows a basename, wrong-directory or
/// near-miss match; without it only an exact (or `./`-prefixed) name counts.
pub fn resolve_name(name: &str, chat_files: &[String], guess: bool) -> String {
    let trimmed = name.strip_prefix("./").unwrap_or(name);
    if chat_files.iter().any(|file| file == trimmed) || !guess || escapes_on_its_face(trimmed) {
        return trimmed.to_string();
    }
    let basename = base_name(trimmed);
    let same_base: Vec<&String> = chat_files
        .iter()
        .filter(|file| base_name(file) == basename)
        .collect();
    if let [only] = same_base.as_slice() {
        return (*only).clone();
    }
    if same_base.is_empty() {
        // A near miss such as `file1_py` for `file1.py`: only when one chat file is
        // clearly closest.
        let mut scored: Vec<(f64, &String)> = chat_files
            .iter()
            .map(|file| (similarity(trimmed, file), file))
            .filter(|(score, _)| *score >= 0.8)
            .collect();
        scored.sort_by(|a, b| b.0.total_cmp(&a.0));
        match scored.as_slice() {
            [(_, only)] => return (*only).clone(),
            [(best, file), (second, _), ..] if best - second > 0.05 => return (*file).clone(),
            _ => {}
        }
    }
    trimmed.to_string()
}

/// The last component of a path written with either separator.
pub fn base_name(path: &str) -> &str {
    path.rsplit(['/', '\\']).next().unwrap_or(path)
}

/// A 0..1 likeness of two short strings: twice their longest common subsequence
/// over their total length.
fn similarity(left: &str, right: &str) -> f64 {
    let a: Vec<char> = left.chars().collect();
    let b: Vec<char> = right.chars().collect();
    if a.is_empty() && b.is_empty() {
        return 1.0;
    }
    let mut previous = vec![0usize; b.len() + 1];
    let mut current = vec![0usize; b.len() + 1];
    for x in &a {
        for (j, y) in b.iter().enumerate() {
            current[j + 1] = if x == y {
                previous[j] + 1
            } else {
                current[j].max(previous[j + 1])
            };
        }
        std::mem::swap(&mut previous, &mut current);
    }
    2.0 * previous[b.len()] as f64 / (a.len() + b.len()) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chat() -> Vec<String> {
        ["file1.py", "file2.py", "dir/file3.py", "src/lib/read.js"]
            .iter()
            .map(|s| s.to_string())
            .collect()
    }

    #[test]
    fn decorated_names_are_read() {
        assert_eq!(name_from_line("### src/a.py").as_deref(), Some("src/a.py"));
        assert_eq!(name_from_line("**src/a.py**").as_deref(), Some("src/a.py"));
        assert_eq!(name_from_line("`src/a.py`:").as_deref(), Some("src/a.py"));
        assert_eq!(
            name_from_line("**`docs/x.rst`**").as_deref(),
            Some("docs/x.rst")
        );
        assert_eq!(name_from_line("a.py:").as_deref(), Some("a.py"));
        assert_eq!(
            name_from_line("**src/new.py** (new file)").as_deref(),
            Some("src/new.py")
        );
        assert_eq!(name_from_line("Call foo (bar)"), None);
        assert_eq!(
            name_from_line("File: `src/a.py`").as_deref(),
            Some("src/a.py")
        );
        assert_eq!(name_from_line("Here is the change:"), None);
        assert_eq!(name_from_line("..."), None);
        assert_eq!(name_from_line("Done."), None);
    }

    #[test]
    fn prose_names_are_read() {
        assert_eq!(
            name_from_prose("Add a new file `src/utils/debounce.ts`:").as_deref(),
            Some("src/utils/debounce.ts")
        );
        assert_eq!(name_from_prose("Call `foo()` here"), None);
        assert_eq!(name_from_prose("no quotes at all"), None);
    }

    #[test]
    fn fence_info_names_are_read() {
        assert_eq!(
            name_from_fence_info("python foo.py").as_deref(),
            Some("foo.py")
        );
        assert_eq!(name_from_fence_info("python"), None);
    }

    #[test]
    fn half_right_names_resolve_to_chat_files() {
        let chat = chat();
        assert_eq!(resolve_name("file3.py", &chat, true), "dir/file3.py");
        assert_eq!(resolve_name("lib/read.js", &chat, true), "src/lib/read.js");
        assert_eq!(resolve_name("file1_py", &chat, true), "file1.py");
        assert_eq!(
            resolve_name("invalid_file.py", &chat, true),
            "invalid_file.py"
        );
        assert_eq!(resolve_name("file3.py", &chat, false), "file3.py");
        assert_eq!(resolve_name("../file1.py", &chat, true), "../file1.py");
    }
}
