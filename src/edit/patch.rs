//! The `patch` format (OpenAI's `apply_patch`): between `*** Begin Patch` and
//! `*** End Patch`, one section per file — `*** Update File: PATH` (optionally
//! `*** Move to: NEWPATH`) with `@@` hunks, `*** Add File: PATH` with `+` lines,
//! `*** Delete File: PATH`. One edit per hunk; an added file is one `CreateFile`
//! edit, a deleted one a `DeleteFile` edit. The patch may sit inside a fence.

use super::fence::is_bare_closing;
use super::machine::{Context, Machine};
use super::names::resolve_name;
use super::parsed::{Edit, EditKind, ParseError, join_lines};
use super::prose_fence::ProseFence;
use super::sink::Sink;

const BEGIN: &str = "*** Begin Patch";
const END: &str = "*** End Patch";
const UPDATE: &str = "*** Update File:";
const ADD: &str = "*** Add File:";
const DELETE: &str = "*** Delete File:";
const MOVE: &str = "*** Move to:";
const END_OF_FILE: &str = "*** End of File";

/// The patch state machine.
pub(crate) struct PatchMachine {
    fence: Option<ProseFence>,
    /// Set between `*** Begin Patch` and `*** End Patch`: where the patch began.
    patch: Option<usize>,
    section: Section,
}

/// Where inside a patch the parser is.
enum Section {
    /// Between file sections.
    Between,
    Update(Update),
    Add(Add),
    /// After `*** Delete File:`: nothing may follow until the next section.
    Deleted,
}

struct Update {
    path: String,
    line: usize,
    move_to: Option<String>,
    hunks: usize,
    hunk: Option<Hunk>,
}

struct Hunk {
    id: Option<usize>,
    line: usize,
    anchors: Vec<String>,
    old: Vec<String>,
    new: Vec<String>,
    /// Blank lines, context unless the hunk ends after them.
    blanks: usize,
    lines: usize,
    at_end: bool,
}

struct Add {
    id: usize,
    path: String,
    content: Vec<String>,
    /// The first of the blank lines seen last, allowed only at the section's end.
    blank: Option<usize>,
}

impl PatchMachine {
    /// A machine at the start of a reply.
    pub fn new() -> PatchMachine {
        PatchMachine {
            fence: None,
            patch: None,
            section: Section::Between,
        }
    }

    fn outside(&mut self, line: &str, number: usize, sink: &mut Sink) -> Result<(), ParseError> {
        let trimmed = line.trim();
        if trimmed == BEGIN {
            self.patch = Some(number);
            self.section = Section::Between;
            if let Some(open) = self.fence.as_mut() {
                open.holds_edit = true;
            }
            return Ok(());
        }
        if is_patch_line(line) {
            return Err(ParseError::at(
                number,
                format!("`{trimmed}` outside a patch: a patch starts with a `{BEGIN}` line"),
            ));
        }
        match self.fence.as_mut() {
            Some(open) => {
                if open.feed(line, sink) {
                    self.fence = None;
                }
            }
            None => self.fence = ProseFence::open(line, number),
        }
        Ok(())
    }

    fn inside(
        &mut self,
        line: &str,
        number: usize,
        context: &Context<'_>,
        sink: &mut Sink,
    ) -> Result<(), ParseError> {
        if line.starts_with("***") {
            return self.marker(line, number, context, sink);
        }
        if self
            .fence
            .as_ref()
            .is_some_and(|open| open.fence.is_closed_by(line))
            && is_bare_closing(line)
        {
            return Err(ParseError::at(
                number,
                format!(
                    "the patch that begins at line {} has no `{END}` line before its fence closes",
                    self.patch.unwrap_or(number) + 1
                ),
            ));
        }
        match &mut self.section {
            Section::Between | Section::Deleted if line.trim().is_empty() => Ok(()),
            Section::Between => Err(ParseError::at(
                number,
                "a line between file sections of a patch: each file starts with `*** Update File:`, `*** Add File:` or `*** Delete File:`",
            )),
            Section::Deleted => Err(ParseError::at(
                number,
                "a line after `*** Delete File:`: a deleted file has no lines",
            )),
            Section::Add(add) => {
                if line.is_empty() {
                    add.blank.get_or_insert(number);
                    return Ok(());
                }
                let Some(text) = line.strip_prefix('+') else {
                    return Err(ParseError::at(
                        number,
                        "a line of an added file must start with `+`",
                    ));
                };
                if let Some(blank) = add.blank {
                    return Err(ParseError::at(
                        blank,
                        "an empty line in an added file: every line of an added file starts with `+` (write `+` alone for an empty line)",
                    ));
                }
                add.content.push(text.to_string());
                sink.push_replace(add.id, text);
                Ok(())
            }
            Section::Update(update) => update.line(line, number, sink),
        }
    }

    /// A line that starts with `***` inside a patch.
    fn marker(
        &mut self,
        line: &str,
        number: usize,
        context: &Context<'_>,
        sink: &mut Sink,
    ) -> Result<(), ParseError> {
        let trimmed = line.trim_end();
        if trimmed == END_OF_FILE {
            let Section::Update(update) = &mut self.section else {
                return Err(ParseError::at(
                    number,
                    "`*** End of File` outside a hunk: it ends a hunk of an updated file",
                ));
            };
            return update.end_of_file(number, sink);
        }
        if let Some(path) = trimmed.strip_prefix(MOVE) {
            let Section::Update(update) = &mut self.section else {
                return Err(ParseError::at(
                    number,
                    "`*** Move to:` must follow an `*** Update File:` line",
                ));
            };
            if update.hunks > 0 || update.hunk.is_some() || update.move_to.is_some() {
                return Err(ParseError::at(
                    number,
                    "`*** Move to:` must come right after its `*** Update File:` line",
                ));
            }
            update.move_to = Some(section_path(path, number, context, false)?);
            return Ok(());
        }
        self.end_section(sink)?;
        if trimmed == END {
            self.patch = None;
            return Ok(());
        }
        if let Some(path) = trimmed.strip_prefix(UPDATE) {
            self.section = Section::Update(Update {
                path: section_path(path, number, context, true)?,
                line: number,
                move_to: None,
                hunks: 0,
                hunk: None,
            });
            return Ok(());
        }
        if let Some(path) = trimmed.strip_prefix(ADD) {
            let path = section_path(path, number, context, false)?;
            let id = sink.start(&path, number)?;
            sink.search_done(id);
            self.section = Section::Add(Add {
                id,
                path,
                content: Vec::new(),
                blank: None,
            });
            return Ok(());
        }
        if let Some(path) = trimmed.strip_prefix(DELETE) {
            let path = section_path(path, number, context, false)?;
            let id = sink.start(&path, number)?;
            sink.finish(Edit::delete_file(path).with_id(id));
            self.section = Section::Deleted;
            return Ok(());
        }
        Err(ParseError::at(
            number,
            format!(
                "unknown patch line `{trimmed}`: expected `*** Update File:`, `*** Add File:`, `*** Delete File:`, `*** Move to:`, `*** End of File` or `{END}`"
            ),
        ))
    }

    /// Closes the current file section.
    fn end_section(&mut self, sink: &mut Sink) -> Result<(), ParseError> {
        match std::mem::replace(&mut self.section, Section::Between) {
            Section::Between | Section::Deleted => Ok(()),
            Section::Add(add) => {
                sink.finish(Edit::create_file(add.path, join_lines(&add.content)).with_id(add.id));
                Ok(())
            }
            Section::Update(mut update) => {
                update.end_hunk(sink)?;
                if update.hunks == 0 {
                    let Some(move_to) = update.move_to.clone() else {
                        return Err(ParseError::at(
                            update.line,
                            format!(
                                "`*** Update File: {}` has no hunks: give at least one `@@` hunk, or a `*** Move to:` line",
                                update.path
                            ),
                        ));
                    };
                    let id = sink.start(&update.path, update.line)?;
                    let edit = Edit {
                        move_to: Some(move_to),
                        exact_file: true,
                        ..Edit::new(update.path, "", "").with_id(id)
                    };
                    sink.finish(edit);
                }
                Ok(())
            }
        }
    }
}

impl Update {
    fn line(&mut self, line: &str, number: usize, sink: &mut Sink) -> Result<(), ParseError> {
        if let Some(header) = line.strip_prefix("@@") {
            if self.hunk.as_ref().is_some_and(|hunk| hunk.lines > 0) {
                self.end_hunk(sink)?;
            }
            let hunk = self.hunk.get_or_insert_with(|| Hunk::new(number));
            if let Some(anchor) = anchor(header) {
                hunk.anchors.push(anchor);
            }
            return Ok(());
        }
        let hunk = self.hunk.get_or_insert_with(|| Hunk::new(number));
        if line.is_empty() {
            hunk.blanks += 1;
            return Ok(());
        }
        let (old, new, text) = match (line.chars().next(), line.get(1..)) {
            (Some(' '), Some(text)) => (true, true, text),
            (Some('-'), Some(text)) => (true, false, text),
            (Some('+'), Some(text)) => (false, true, text),
            _ => {
                return Err(ParseError::at(
                    number,
                    "a hunk line must start with a space (unchanged), `-` (removed) or `+` (added)",
                ));
            }
        };
        if hunk.id.is_none() {
            let id = sink.start(&self.path, hunk.line)?;
            hunk.id = Some(id);
        }
        let id = hunk.id.unwrap_or_default();
        for _ in 0..std::mem::take(&mut hunk.blanks) {
            hunk.old.push(String::new());
            hunk.new.push(String::new());
            sink.push_both(id, "");
        }
        hunk.lines += 1;
        match (old, new) {
            (true, true) => {
                hunk.old.push(text.to_string());
                hunk.new.push(text.to_string());
                sink.push_both(id, text);
            }
            (true, false) => {
                hunk.old.push(text.to_string());
                sink.push_search(id, text);
            }
            _ => {
                hunk.new.push(text.to_string());
                sink.push_replace(id, text);
            }
        }
        Ok(())
    }

    fn end_of_file(&mut self, number: usize, sink: &mut Sink) -> Result<(), ParseError> {
        match self.hunk.as_mut() {
            Some(hunk) if hunk.lines > 0 => {
                hunk.at_end = true;
                self.end_hunk(sink)
            }
            _ => Err(ParseError::at(
                number,
                "`*** End of File` with no hunk lines above it",
            )),
        }
    }

    fn end_hunk(&mut self, sink: &mut Sink) -> Result<(), ParseError> {
        let Some(hunk) = self.hunk.take() else {
            return Ok(());
        };
        let Some(id) = hunk.id else {
            return Err(ParseError::at(
                hunk.line,
                "a hunk with no lines: under its `@@` line, give the unchanged lines (starting with a space), the removed ones (`-`) and the added ones (`+`)",
            ));
        };
        self.hunks += 1;
        sink.finish(Edit {
            kind: EditKind::SearchReplace,
            anchors: hunk.anchors,
            at_end: hunk.at_end,
            move_to: self.move_to.clone(),
            exact_file: true,
            ..Edit::new(
                self.path.clone(),
                join_lines(&hunk.old),
                join_lines(&hunk.new),
            )
            .with_id(id)
        });
        Ok(())
    }
}

impl Hunk {
    fn new(line: usize) -> Hunk {
        Hunk {
            id: None,
            line,
            anchors: Vec::new(),
            old: Vec::new(),
            new: Vec::new(),
            blanks: 0,
            lines: 0,
            at_end: false,
        }
    }
}

/// The anchor of a `@@` line: its text after `@@ `, unless it is empty or a
/// unified diff's line numbers (`@@ -1,3 +1,4 @@`), which locate nothing here.
fn anchor(header: &str) -> Option<String> {
    let text = header.strip_prefix(' ').unwrap_or(header);
    if text.trim().is_empty() {
        return None;
    }
    let numbers = text.trim();
    let looks_numbered = numbers.starts_with('-')
        && numbers.ends_with("@@")
        && numbers
            .trim_end_matches('@')
            .chars()
            .all(|c| c.is_ascii_digit() || " ,+-".contains(c));
    (!looks_numbered).then(|| text.to_string())
}

/// The path of a section header, resolved against the chat files for updates.
fn section_path(
    text: &str,
    number: usize,
    context: &Context<'_>,
    guess: bool,
) -> Result<String, ParseError> {
    let path = text.trim();
    if path.is_empty() {
        return Err(ParseError::at(number, "a patch section with no file path"));
    }
    Ok(resolve_name(path, context.chat_files, guess))
}

/// Whether a line is one of the patch's own `***` lines.
fn is_patch_line(line: &str) -> bool {
    let trimmed = line.trim_end();
    trimmed == END
        || trimmed == END_OF_FILE
        || [UPDATE, ADD, DELETE, MOVE]
            .iter()
            .any(|marker| trimmed.starts_with(marker))
}

impl Machine for PatchMachine {
    fn line(
        &mut self,
        line: &str,
        number: usize,
        context: &Context<'_>,
        sink: &mut Sink,
    ) -> Result<(), ParseError> {
        if self.patch.is_some() {
            self.inside(line, number, context, sink)
        } else {
            self.outside(line, number, sink)
        }
    }

    fn end(
        &mut self,
        _lines: usize,
        _context: &Context<'_>,
        _sink: &mut Sink,
    ) -> Result<Option<ParseError>, ParseError> {
        if let Some(begin) = self.patch {
            return Ok(Some(ParseError::at(
                begin,
                format!(
                    "the patch that begins at line {} has no `{END}` line (the reply may be cut off)",
                    begin + 1
                ),
            )));
        }
        Ok(None)
    }

    fn unclosed_fence(&self) -> Option<ParseError> {
        self.fence.as_ref().map(ProseFence::never_closed)
    }
}
