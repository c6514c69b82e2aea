//! The source lines a map shows, read from the files as it renders. A map shows a
//! few dozen files, so keeping every definition's line in memory (millions of
//! strings on a kernel-sized tree) would cost far more than reading them here.
//! Only definition lines are kept of a file read: the map shows nothing else.

use std::cell::RefCell;
use std::collections::HashMap;

use crate::repo_files::RootDir;

use super::record::{DefinitionRecord, FileRecord};

/// The lines of one file that hold definitions, by line number, trimmed.
struct DefinitionLines {
    lines: Vec<(u32, String)>,
}

impl DefinitionLines {
    fn read(
        root: &RootDir,
        record: &FileRecord,
        definitions: &[DefinitionRecord],
        max_chars: usize,
    ) -> Option<DefinitionLines> {
        // The same confined read as the scan's: a shown line never comes from
        // outside the root or from a special file.
        let bytes = root
            .read(&record.path, record.size.max(1) * 2 + 4096)
            .ok()?;
        let mut wanted: Vec<u32> = definitions.iter().map(|d| d.line).collect();
        wanted.sort_unstable();
        wanted.dedup();
        let mut wanted = wanted.into_iter().peekable();
        let mut lines = Vec::new();
        for (number, line) in bytes.split(|&byte| byte == b'\n').enumerate() {
            let Some(&next) = wanted.peek() else {
                break;
            };
            if number as u32 == next {
                wanted.next();
                let text = String::from_utf8_lossy(line);
                let text = text.trim_end();
                let cut = text
                    .char_indices()
                    .nth(max_chars)
                    .map_or(text.len(), |(at, _)| at);
                lines.push((next, text[..cut].to_string()));
            }
        }
        Some(DefinitionLines { lines })
    }

    fn line(&self, line: u32) -> &str {
        match self
            .lines
            .binary_search_by_key(&line, |(number, _)| *number)
        {
            Ok(index) => &self.lines[index].1,
            Err(_) => "",
        }
    }
}

/// Definition lines of the files under one root, each file read once.
pub struct SourceLines<'a> {
    root: &'a RootDir,
    max_chars: usize,
    files: RefCell<HashMap<String, Option<DefinitionLines>>>,
}

impl<'a> SourceLines<'a> {
    /// Lines will be cut to `max_chars` characters.
    pub fn new(root: &'a RootDir, max_chars: usize) -> SourceLines<'a> {
        SourceLines {
            root,
            max_chars,
            files: RefCell::new(HashMap::new()),
        }
    }

    /// Appends zero-based line `line` of the file of `record` (one of its
    /// definition lines), without its line break or trailing whitespace and cut
    /// to length; nothing when the file cannot be read, is shorter, or the line
    /// holds no definition.
    pub fn push_line(
        &self,
        out: &mut String,
        record: &FileRecord,
        definitions: &[DefinitionRecord],
        line: u32,
    ) {
        let mut files = self.files.borrow_mut();
        // Looked up before inserting: the budget search asks for each line many
        // times, and the path is copied only when the file is first read.
        if !files.contains_key(&record.path) {
            let read = DefinitionLines::read(self.root, record, definitions, self.max_chars);
            files.insert(record.path.clone(), read);
        }
        if let Some(Some(file)) = files.get(&record.path) {
            out.push_str(file.line(line));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::repomap::record::{DefinitionRecord, FileStatus};
    use crate::repomap::tags::TagKind;

    fn record(path: &str, lines: &[u32]) -> FileRecord {
        FileRecord {
            path: path.to_string(),
            mtime_ns: 0,
            size: 0,
            hash: [0; 20],
            origin: Default::default(),
            generated_marker: false,
            status: FileStatus::Parsed(0),
            line_count: 0,
            definitions: lines
                .iter()
                .map(|&line| DefinitionRecord {
                    name: 0,
                    kind: TagKind::Function,
                    line,
                    end_line: line,
                })
                .collect(),
            references: Vec::new(),
        }
    }

    #[test]
    fn reads_definition_lines_once_trimmed_and_cut() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.py"), "def f():  \r\n    pass\nlast").unwrap();
        let a = record("a.py", &[2, 0, 2, 7]);
        let root = RootDir::open(dir.path()).unwrap();
        let lines = SourceLines::new(&root, 100);
        let line = |record: &FileRecord, n: u32| {
            let mut out = String::new();
            lines.push_line(&mut out, record, &record.definitions, n);
            out
        };
        assert_eq!(line(&a, 0), "def f():");
        assert_eq!(line(&a, 2), "last");
        // Not a definition line, or past the end: nothing.
        assert_eq!(line(&a, 1), "");
        assert_eq!(line(&a, 7), "");
        // Read once: a change on disk is not seen by the same render.
        std::fs::write(dir.path().join("a.py"), "changed\n").unwrap();
        assert_eq!(line(&a, 0), "def f():");
        assert_eq!(line(&record("gone.py", &[0]), 0), "");

        // Cut by characters, not bytes.
        std::fs::write(dir.path().join("b.py"), "déf g(): pass\n").unwrap();
        let short = SourceLines::new(&root, 3);
        let mut out = String::new();
        let b = record("b.py", &[0]);
        short.push_line(&mut out, &b, &b.definitions, 0);
        assert_eq!(out, "déf");
    }
}
