//! The source lines a map shows, read from the files as it renders. A map shows a
//! few dozen files, so keeping every definition's line in memory (millions of
//! strings on a kernel-sized tree) would cost far more than reading them here.

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::Path;

/// One file's text and where its lines start.
struct FileText {
    text: String,
    line_starts: Vec<usize>,
}

impl FileText {
    fn read(path: &Path) -> Option<FileText> {
        let bytes = std::fs::read(path).ok()?;
        let text = String::from_utf8(bytes)
            .unwrap_or_else(|err| String::from_utf8_lossy(err.as_bytes()).into_owned());
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(at, _)| at + 1))
            .collect();
        Some(FileText { text, line_starts })
    }

    fn line(&self, line: u32) -> &str {
        let Some(&start) = self.line_starts.get(line as usize) else {
            return "";
        };
        let end = self
            .line_starts
            .get(line as usize + 1)
            .map_or(self.text.len(), |next| next - 1);
        self.text.get(start..end).unwrap_or("")
    }
}

/// Lines of the files under one root, each file read once.
pub struct SourceLines<'a> {
    root: &'a Path,
    files: RefCell<HashMap<String, Option<FileText>>>,
}

impl<'a> SourceLines<'a> {
    pub fn new(root: &'a Path) -> SourceLines<'a> {
        SourceLines {
            root,
            files: RefCell::new(HashMap::new()),
        }
    }

    /// Appends zero-based line `line` of `rel_path`, without its line break or
    /// trailing whitespace and cut to `max_chars` characters; nothing when the
    /// file cannot be read or is shorter.
    pub fn push_line(&self, out: &mut String, rel_path: &str, line: u32, max_chars: usize) {
        let mut files = self.files.borrow_mut();
        let file = files
            .entry(rel_path.to_string())
            .or_insert_with(|| FileText::read(&self.root.join(rel_path)));
        let Some(file) = file else {
            return;
        };
        let text = file.line(line).trim_end();
        match text.char_indices().nth(max_chars) {
            Some((cut, _)) => out.push_str(&text[..cut]),
            None => out.push_str(text),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_lines_once_trimmed_and_cut() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.py"), "def f():  \r\n    pass\nlast").unwrap();
        let lines = SourceLines::new(dir.path());
        let line = |n: u32, max: usize| {
            let mut out = String::new();
            lines.push_line(&mut out, "a.py", n, max);
            out
        };
        assert_eq!(line(0, 100), "def f():");
        assert_eq!(line(1, 100), "    pass");
        assert_eq!(line(2, 100), "last");
        assert_eq!(line(3, 100), "");
        assert_eq!(line(0, 3), "def");
        // Read once: a change on disk is not seen by the same render.
        std::fs::write(dir.path().join("a.py"), "changed\n").unwrap();
        assert_eq!(line(0, 100), "def f():");
        let mut missing = String::new();
        lines.push_line(&mut missing, "gone.py", 0, 100);
        assert!(missing.is_empty());
    }
}
