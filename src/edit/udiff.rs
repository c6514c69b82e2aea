//! The `udiff` format: unified-diff hunks, one edit per hunk. Line numbers in `@@`
//! headers are ignored; hunks are applied by matching their old side.

use super::fence::is_bare_closing;
use super::machine::{Context, Machine};
use super::names::resolve_name;
use super::parsed::{Edit, ParseError, join_lines};
use super::prose_fence::ProseFence;
use super::sink::Sink;

pub(crate) const DEV_NULL: &str = "/dev/null";

/// The unified-diff state machine.
pub(crate) struct UdiffMachine {
    current_path: Option<String>,
    /// A `--- x` line, waiting to see whether `+++ y` follows.
    held_header: Option<(String, usize)>,
    fence: Option<ProseFence>,
    hunk: Option<Hunk>,
}

/// A hunk being read.
struct Hunk {
    header: usize,
    /// The edit's id, once the hunk has a change (a hunk without one is no edit).
    id: Option<usize>,
    path: Option<String>,
    old: Vec<String>,
    new: Vec<String>,
    /// Lines whose meaning waits on what follows: blank lines (blank context, unless
    /// the hunk ends) and, inside a fence, lines without a prefix (context whose
    /// leading space was lost, if more changes follow).
    held: Vec<Held>,
}

#[derive(Clone, PartialEq, Eq)]
enum Held {
    Blank,
    Bare(String),
    Context(String),
}

impl UdiffMachine {
    /// A machine at the start of a reply.
    pub fn new() -> UdiffMachine {
        UdiffMachine {
            current_path: None,
            held_header: None,
            fence: None,
            hunk: None,
        }
    }

    /// A line after any held `---` line has been settled.
    fn take(
        &mut self,
        line: &str,
        number: usize,
        context: &Context<'_>,
        sink: &mut Sink,
    ) -> Result<(), ParseError> {
        if line.starts_with("--- ") {
            self.held_header = Some((line.to_string(), number));
            return Ok(());
        }
        if self.hunk.is_some() {
            if !is_boundary(line) && !self.closes_fence(line) && self.hunk_line(line, sink)? {
                return Ok(());
            }
            self.end_hunk(sink);
            if self.fence.is_none() && is_bare_closing(line) {
                // The closing fence of a diff whose opening fence was left out.
                return Ok(());
            }
        }
        if line.starts_with("@@") {
            self.hunk = Some(Hunk {
                header: number,
                id: None,
                path: self
                    .current_path
                    .clone()
                    .or_else(|| match context.chat_files {
                        [only] => Some(only.clone()),
                        _ => None,
                    }),
                old: Vec::new(),
                new: Vec::new(),
                held: Vec::new(),
            });
            return Ok(());
        }
        self.fence_line(line, number, sink);
        Ok(())
    }

    fn closes_fence(&self, line: &str) -> bool {
        self.fence
            .as_ref()
            .is_some_and(|open| open.fence.is_closed_by(line))
    }

    /// Tracks fences outside hunks (and collects shell commands).
    fn fence_line(&mut self, line: &str, number: usize, sink: &mut Sink) {
        match self.fence.as_mut() {
            Some(open) => {
                if open.feed(line, sink) {
                    self.fence = None;
                }
            }
            None => {
                self.fence = ProseFence::open(line, number);
            }
        }
    }

    /// A line inside a hunk; false when it ends the hunk instead.
    fn hunk_line(&mut self, line: &str, sink: &mut Sink) -> Result<bool, ParseError> {
        let fenced = self.fence.is_some();
        let Some(hunk) = self.hunk.as_mut() else {
            return Ok(false);
        };
        let waiting_on_bare = hunk.held.iter().any(|held| matches!(held, Held::Bare(_)));
        if line.is_empty() {
            hunk.held.push(Held::Blank);
            return Ok(true);
        }
        if line.starts_with('\\') {
            // "\ No newline at end of file"
            return Ok(true);
        }
        if let Some(rest) = line.strip_prefix(' ') {
            if waiting_on_bare {
                hunk.held.push(Held::Context(rest.to_string()));
            } else {
                hunk.release_held(sink);
                hunk.context(rest, sink);
            }
            return Ok(true);
        }
        if let Some(rest) = line.strip_prefix('-') {
            hunk.release_held(sink);
            hunk.change(rest, true, sink)?;
            return Ok(true);
        }
        if let Some(rest) = line.strip_prefix('+') {
            hunk.release_held(sink);
            hunk.change(rest, false, sink)?;
            return Ok(true);
        }
        if fenced {
            hunk.held.push(Held::Bare(line.to_string()));
            return Ok(true);
        }
        // Outside a fence a line without a prefix ends the hunk.
        Ok(false)
    }

    /// Ends the current hunk at its last settled line.
    fn end_hunk(&mut self, sink: &mut Sink) {
        let Some(hunk) = self.hunk.take() else {
            return;
        };
        if let (Some(id), Some(path)) = (hunk.id, hunk.path) {
            sink.finish(Edit::new(path, join_lines(&hunk.old), join_lines(&hunk.new)).with_id(id));
        }
    }
}

impl Hunk {
    fn context(&mut self, text: &str, sink: &mut Sink) {
        self.old.push(text.to_string());
        self.new.push(text.to_string());
        if let Some(id) = self.id {
            sink.push_both(id, text);
        }
    }

    fn change(&mut self, text: &str, removed: bool, sink: &mut Sink) -> Result<(), ParseError> {
        if self.id.is_none() {
            let Some(path) = &self.path else {
                return Err(ParseError::at(
                    self.header,
                    "a hunk with no file header: start each file's hunks with `--- path` and `+++ path` lines",
                ));
            };
            let id = sink.start(path, self.header)?;
            for line in &self.old {
                sink.push_search(id, line);
            }
            for line in &self.new {
                sink.push_replace(id, line);
            }
            self.id = Some(id);
        }
        let Some(id) = self.id else {
            return Ok(());
        };
        if removed {
            self.old.push(text.to_string());
            sink.push_search(id, text);
        } else {
            self.new.push(text.to_string());
            sink.push_replace(id, text);
        }
        Ok(())
    }

    /// Held lines followed by more of the hunk are its context.
    fn release_held(&mut self, sink: &mut Sink) {
        for held in std::mem::take(&mut self.held) {
            match held {
                Held::Blank => self.context("", sink),
                Held::Bare(text) | Held::Context(text) => self.context(&text, sink),
            }
        }
    }
}

/// Lines that end a hunk whatever state it is in.
fn is_boundary(line: &str) -> bool {
    line.starts_with("@@") || line.starts_with("```")
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

impl Machine for UdiffMachine {
    fn line(
        &mut self,
        line: &str,
        number: usize,
        context: &Context<'_>,
        sink: &mut Sink,
    ) -> Result<(), ParseError> {
        if let Some((held, held_number)) = self.held_header.take() {
            if let Some(new) = line.strip_prefix("+++ ") {
                // A file header: `--- old` then `+++ new`.
                self.end_hunk(sink);
                let old = header_path(&held[4..]);
                let (old, new) = strip_git_prefixes(old, header_path(new));
                let path = if new == DEV_NULL { old } else { new };
                self.current_path = Some(resolve_name(path, context.chat_files, true));
                return Ok(());
            }
            // Not a header after all: a removed line, or prose.
            self.take_held(&held, held_number, sink)?;
        }
        self.take(line, number, context, sink)
    }

    fn end(
        &mut self,
        _lines: usize,
        _context: &Context<'_>,
        sink: &mut Sink,
    ) -> Result<Option<ParseError>, ParseError> {
        if let Some((held, held_number)) = self.held_header.take() {
            self.take_held(&held, held_number, sink)?;
        }
        if let Some(open) = &self.fence {
            // The reply ends inside a fence: whatever hunk is open may be cut short.
            let error = open.never_closed();
            self.hunk = None;
            return Ok(Some(error));
        }
        self.end_hunk(sink);
        Ok(None)
    }
}

impl UdiffMachine {
    /// A held `--- x` line that turned out not to start a header.
    fn take_held(&mut self, held: &str, number: usize, sink: &mut Sink) -> Result<(), ParseError> {
        if self.hunk.is_some() {
            if self.hunk_line(held, sink)? {
                return Ok(());
            }
            self.end_hunk(sink);
        }
        self.fence_line(held, number, sink);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::format::EditFormat;
    use super::super::parsed::ParsedReply;
    use super::super::reply::parse_reply;
    use super::*;

    fn parse(reply: &str, chat: &[String]) -> Result<ParsedReply, ParseError> {
        parse_reply(reply, EditFormat::Udiff, chat)
    }

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
    fn a_removed_line_that_looks_like_a_header_start() {
        let reply = "--- x\n+++ x\n@@ @@\n--- old\n+new\n";
        assert_eq!(
            edits(reply),
            vec![("x".into(), "-- old\n".into(), "new\n".into())]
        );
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
        // Bare lines at the end of a fenced hunk are not part of it.
        let trailing = "```diff\n--- x\n+++ x\n@@ @@\n-a\n+A\nnote\n```\n";
        assert_eq!(
            edits(trailing),
            vec![("x".into(), "a\n".into(), "A\n".into())]
        );
    }

    #[test]
    fn hunk_without_header_needs_one_chat_file() {
        let reply = "@@ @@\n-a\n+b\n";
        assert!(parse(reply, &[]).is_err());
        let parsed = parse(reply, &["only.txt".to_string()]).unwrap();
        assert_eq!(parsed.edits[0].path, "only.txt");
    }

    #[test]
    fn a_diff_whose_fence_never_closes_is_unfinished() {
        let reply = "```diff\n--- a.py\n+++ a.py\n@@ @@\n-def f():\n-    return 1\n+def f():\n";
        let error = parse(reply, &[]).unwrap_err();
        assert_eq!(error.line, 1);
        assert!(error.message.contains("never closes"));
    }

    #[test]
    fn shell_fences_are_collected() {
        let reply = "```diff\n--- x\n+++ x\n@@ @@\n-a\n+b\n```\n\n```bash\npytest\n```\n";
        let parsed = parse(reply, &[]).unwrap();
        assert_eq!(parsed.shell_commands, vec!["pytest\n".to_string()]);
    }
}
