//! The `diff` and `diff-fenced` formats: SEARCH/REPLACE blocks.
//!
//! A block is `<<<<<<< SEARCH`, the text to find, `=======`, the new text and
//! `>>>>>>> REPLACE` (markers of 5 to 9 characters). The file name sits on a line
//! above the block, inside or outside its fence; later blocks may leave it out.
//! A block whose REPLACE part ends with `=======` instead of `>>>>>>> REPLACE` is
//! read when what follows can only be the end of the block, and refused otherwise.

use super::divider::{Splits, choose_divider, may_end_with_divider_line};
use super::fence::{Fence, is_bare_closing, is_fence_line};
use super::machine::{Context, Lookback, Machine};
use super::names::{
    name_from_fence_info, name_from_line, name_from_prose, resolve_name, strip_decorations,
};
use super::parsed::{Edit, ParseError};
use super::prose_fence::ProseFence;
use super::sink::Sink;

/// How many non-blank lines above a block are searched for its file name.
const NAME_LOOKBACK: usize = 4;

/// The SEARCH/REPLACE state machine.
pub(crate) struct SearchReplaceMachine {
    current_path: Option<String>,
    lookback: Lookback,
    fence: Option<ProseFence>,
    /// The last non-blank line outside a fence ended a block: a bare closing fence
    /// now closes that block's fence (whose opening held only the file name).
    after_block: bool,
    block: Option<Block>,
}

/// A block whose end marker has not been read yet.
struct Block {
    id: usize,
    start: usize,
    /// The file, if the SEARCH text turns out non-empty / empty.
    path_if_search: Option<String>,
    path_if_empty: Option<String>,
    body: Body,
    dividers: Vec<usize>,
    fenced: bool,
}

/// A block's lines, kept in one text (each line followed by a newline), so that
/// reading a long block allocates per block, not per line.
#[derive(Default)]
struct Body {
    text: String,
    starts: Vec<usize>,
}

impl Body {
    fn push(&mut self, line: &str) {
        self.starts.push(self.text.len());
        self.text.push_str(line);
        self.text.push('\n');
    }

    fn len(&self) -> usize {
        self.starts.len()
    }

    /// The byte offset where line `index` starts (the text's end past the last line).
    fn offset(&self, index: usize) -> usize {
        self.starts.get(index).copied().unwrap_or(self.text.len())
    }

    /// Lines `from..to`, each with its newline.
    fn joined(&self, from: usize, to: usize) -> &str {
        &self.text[self.offset(from)..self.offset(to)]
    }

    /// Lines `from..to`, without their newlines.
    fn lines(&self, from: usize, to: usize) -> Vec<&str> {
        (from..to)
            .map(|index| &self.text[self.offset(index)..self.offset(index + 1) - 1])
            .collect()
    }
}

/// How a block without its `>>>>>>> REPLACE` line ended.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Cut {
    /// A new `<<<<<<< SEARCH` line at this 0-based line.
    NewBlock(usize),
    /// The end of the reply.
    EndOfReply,
}

impl SearchReplaceMachine {
    /// A machine at the start of a reply.
    pub fn new() -> SearchReplaceMachine {
        SearchReplaceMachine {
            current_path: None,
            lookback: Lookback::new(NAME_LOOKBACK),
            fence: None,
            after_block: false,
            block: None,
        }
    }

    fn outside(
        &mut self,
        line: &str,
        number: usize,
        context: &Context<'_>,
        sink: &mut Sink,
    ) -> Result<(), ParseError> {
        if may_be_marker(line) {
            if is_search_marker(line) {
                return self.start_block(number, context, sink);
            }
            if let Some(problem) = marker_length_problem(line) {
                return Err(ParseError::at(number, problem));
            }
        }
        let blank = line.trim().is_empty();
        match self.fence.as_mut() {
            Some(open) => {
                if open.feed(line, sink) {
                    self.fence = None;
                }
            }
            None if self.after_block && is_bare_closing(line) => {}
            None => self.fence = ProseFence::open(line, number),
        }
        if !blank {
            self.after_block = false;
            self.lookback.push(line);
        }
        Ok(())
    }

    fn start_block(
        &mut self,
        number: usize,
        context: &Context<'_>,
        sink: &mut Sink,
    ) -> Result<(), ParseError> {
        let fallback = || {
            self.current_path
                .clone()
                .or_else(|| match context.chat_files {
                    [only] => Some(only.clone()),
                    _ => None,
                })
        };
        let path_if_search = find_name(&self.lookback, context.chat_files, true).or_else(&fallback);
        let path_if_empty = find_name(&self.lookback, context.chat_files, false).or_else(&fallback);
        let Some(shown) = path_if_search.clone().or_else(|| path_if_empty.clone()) else {
            return Err(no_name(number));
        };
        let id = sink.start(&shown, number)?;
        if path_if_search != path_if_empty {
            // Which name counts depends on whether SEARCH is empty.
            sink.begin_provisional(id);
        }
        if let Some(open) = self.fence.as_mut() {
            open.holds_edit = true;
        }
        self.block = Some(Block {
            id,
            start: number,
            path_if_search,
            path_if_empty,
            body: Body::default(),
            dividers: Vec::new(),
            fenced: self.fence.is_some(),
        });
        Ok(())
    }

    /// A line inside a block.
    fn inside(&mut self, line: &str, sink: &mut Sink) {
        let Some(block) = self.block.as_mut() else {
            return;
        };
        if may_be_marker(line) && is_divider(line) {
            block.dividers.push(block.body.len());
            block.body.push(line);
            match block.dividers.len() {
                1 => sink.search_done(block.id),
                2 => {
                    // A second row of `=`: content or the real divider, told at the end.
                    sink.begin_provisional(block.id);
                    sink.push_replace(block.id, line);
                }
                _ => sink.push_replace(block.id, line),
            }
            return;
        }
        block.body.push(line);
        if block.dividers.is_empty() {
            sink.push_search(block.id, line);
        } else {
            sink.push_replace(block.id, line);
        }
    }

    /// The block ends at its `>>>>>>> REPLACE` line.
    fn close(&mut self, sink: &mut Sink) -> Result<(), ParseError> {
        let Some(block) = self.block.take() else {
            return Ok(());
        };
        if block.dividers.is_empty() {
            return Err(ParseError::at(
                block.start,
                "this SEARCH block has no ======= divider between the text to find and the new text",
            ));
        }
        // A second `=======` right before `>>>>>>> REPLACE` is a slip of the markers,
        // unless the file's type can hold such a line there.
        let mut end = block.body.len();
        let slip = block.dividers.len() > 1
            && block.dividers.last() == Some(&(end - 1))
            && !block
                .path_if_search
                .as_deref()
                .or(block.path_if_empty.as_deref())
                .is_some_and(may_end_with_divider_line);
        if slip {
            end -= 1;
        }
        let mut edit = split_block(&block, end)?;
        if slip {
            edit.note = Some(format!(
                "a stray ======= line just before >>>>>>> REPLACE (line {}) was dropped as a slip of the markers",
                block.start + 1 + end + 1
            ));
        }
        self.finish_block(edit, sink);
        Ok(())
    }

    /// The block ended without its `>>>>>>> REPLACE` line. Returns why the reply
    /// looks cut off, if it does.
    fn close_cut(
        &mut self,
        cut: Cut,
        context: &Context<'_>,
        sink: &mut Sink,
    ) -> Result<Option<ParseError>, ParseError> {
        let Some(block) = self.block.take() else {
            return Ok(None);
        };
        let start = block.start + 1;
        match (block.dividers.len(), cut) {
            (0 | 1, Cut::EndOfReply) => {
                return Ok(Some(ParseError::at(
                    block.start,
                    "this SEARCH block never ends: no >>>>>>> REPLACE marker follows (the reply may be cut off)",
                )));
            }
            (0, Cut::NewBlock(line)) => {
                return Err(ParseError::at(
                    line,
                    format!(
                        "a new SEARCH marker, but the block opened at line {start} has no ======= divider and no >>>>>>> REPLACE marker"
                    ),
                ));
            }
            (1, Cut::NewBlock(line)) => {
                return Err(ParseError::at(
                    line,
                    format!(
                        "a new SEARCH marker, but the block opened at line {start} has no >>>>>>> REPLACE marker"
                    ),
                ));
            }
            _ => {}
        }
        // Two or more rows of `=`: the last may have been meant as the end marker.
        let last = block.dividers[block.dividers.len() - 1];
        let tail: Vec<String> = block
            .body
            .lines(last + 1, block.body.len())
            .into_iter()
            .map(str::to_string)
            .collect();
        let first_text = tail.iter().find(|line| !line.trim().is_empty());
        let clear = match first_text {
            None => true,
            Some(line) => {
                let closes_fence = block.fenced
                    && self
                        .fence
                        .as_ref()
                        .is_some_and(|open| open.fence.is_closed_by(line));
                closes_fence
                    || (matches!(cut, Cut::NewBlock(_))
                        && (is_fence_line(line) || name_from_line(line).is_some()))
            }
        };
        let mut edit = split_block(&block, last)?;
        if !clear {
            // Refused for good: its end is unclear, whatever the file says of its divider.
            let reason = edit.refusal.take().unwrap_or_else(|| format!(
                "the block that starts at line {start} ends with a ======= line instead of >>>>>>> REPLACE, and the lines after it could belong to the new text; end every block with >>>>>>> REPLACE"
            ));
            edit = edit.refused(reason);
        }
        let tail_start = block.start + 1 + last + 1;
        self.finish_block(edit, sink);
        for (offset, line) in tail.iter().enumerate() {
            self.outside(line, tail_start + offset, context, sink)?;
        }
        Ok(None)
    }

    fn finish_block(&mut self, edit: Edit, sink: &mut Sink) {
        self.current_path = Some(edit.path.clone());
        self.lookback.clear();
        self.after_block = true;
        sink.finish(edit);
    }
}

/// The edit of a block whose body (before `end`) is split at its chosen divider.
fn split_block(block: &Block, end: usize) -> Result<Edit, ParseError> {
    let dividers: Vec<usize> = block
        .dividers
        .iter()
        .copied()
        .filter(|&divider| divider < end)
        .collect();
    let chosen = if dividers.len() == 1 {
        Ok(dividers[0])
    } else {
        choose_divider(&block.body.lines(0, end), &dividers)
    };
    let (divider, refusal) = match &chosen {
        Ok(divider) => (*divider, None),
        Err(reason) => (dividers[0], Some(reason.clone())),
    };
    let search = block.body.joined(0, divider);
    let path = if search.trim().is_empty() {
        block.path_if_empty.clone()
    } else {
        block.path_if_search.clone()
    };
    let Some(path) = path else {
        return Err(no_name(block.start));
    };
    let replace = block.body.joined(divider + 1, end);
    let mut edit = Edit::new(path, search, replace).with_id(block.id);
    // The refusal of a block whose divider the text cannot tell is the parser's
    // verdict only: the planner may settle the split by the file.
    edit.refusal = refusal;
    if dividers.len() > 1 {
        let ranges = dividers
            .iter()
            .map(|&line| (block.body.offset(line), block.body.offset(line + 1)))
            .collect();
        let preferred = chosen
            .ok()
            .and_then(|line| dividers.iter().position(|&divider| divider == line));
        edit.splits = Some(Splits::new(
            block.body.joined(0, end).to_string(),
            ranges,
            preferred,
        ));
    }
    Ok(edit)
}

fn no_name(line: usize) -> ParseError {
    ParseError::at(
        line,
        "a SEARCH/REPLACE block with no file name: put the file's path on the line above the block",
    )
}

impl Machine for SearchReplaceMachine {
    fn line(
        &mut self,
        line: &str,
        number: usize,
        context: &Context<'_>,
        sink: &mut Sink,
    ) -> Result<(), ParseError> {
        if self.block.is_none() {
            return self.outside(line, number, context, sink);
        }
        // Most lines are not markers: tell those by their first character.
        if may_be_marker(line) {
            if is_replace_marker(line) {
                return self.close(sink);
            }
            if is_search_marker(line) {
                self.close_cut(Cut::NewBlock(number), context, sink)?;
                return self.start_block(number, context, sink);
            }
            if let Some(problem) = marker_length_problem(line) {
                return Err(ParseError::at(number, problem));
            }
        }
        self.inside(line, sink);
        Ok(())
    }

    fn end(
        &mut self,
        _lines: usize,
        context: &Context<'_>,
        sink: &mut Sink,
    ) -> Result<Option<ParseError>, ParseError> {
        self.close_cut(Cut::EndOfReply, context, sink)
    }

    fn unclosed_fence(&self) -> Option<ParseError> {
        self.fence.as_ref().map(ProseFence::never_closed)
    }
}

/// Whether a line starts (after its indentation) like a marker or divider.
fn may_be_marker(line: &str) -> bool {
    matches!(
        line.trim_start().as_bytes().first(),
        Some(b'<' | b'=' | b'>')
    )
}

/// The run of `mark` that starts a trimmed line, and the rest of the line.
fn marker_run(line: &str, mark: char) -> (usize, &str) {
    let start = line.trim_start();
    // Most lines are not markers: decide those on their first character.
    if !start.starts_with(mark) {
        return (0, "");
    }
    let run = start.bytes().take_while(|byte| *byte == mark as u8).count();
    (run, start[run..].trim())
}

/// Whether a line opens a block (`<<<<<<< SEARCH`).
pub fn is_search_marker(line: &str) -> bool {
    let (run, rest) = marker_run(line, '<');
    (5..=9).contains(&run) && rest == "SEARCH"
}

/// Whether a line is a divider (`=======`).
pub fn is_divider(line: &str) -> bool {
    let (run, rest) = marker_run(line, '=');
    (5..=9).contains(&run) && rest.is_empty()
}

/// Whether a line closes a block (`>>>>>>> REPLACE`).
pub fn is_replace_marker(line: &str) -> bool {
    let (run, rest) = marker_run(line, '>');
    (5..=9).contains(&run) && rest == "REPLACE"
}

/// A SEARCH or REPLACE marker of the wrong length, described.
fn marker_length_problem(line: &str) -> Option<String> {
    for (mark, word) in [('<', "SEARCH"), ('>', "REPLACE")] {
        let (run, rest) = marker_run(line, mark);
        if run > 0 && rest == word && !(5..=9).contains(&run) {
            return Some(format!(
                "a {word} marker with {run} `{mark}` characters: markers must be 5 to 9 characters long (write `{} {word}`)",
                mark.to_string().repeat(7)
            ));
        }
    }
    None
}

/// Looks above a block (back to the end of the previous one) for its file name.
/// `has_search` allows guessing a chat file from a half-right name.
fn find_name(lookback: &Lookback, chat_files: &[String], has_search: bool) -> Option<String> {
    for line in lookback.newest_first() {
        if let Some(fence) = Fence::open(line) {
            if let Some(name) = name_from_fence_info(&fence.info) {
                return Some(resolve_name(&name, chat_files, has_search));
            }
            continue;
        }
        if is_fence_line(line) {
            continue;
        }
        if let Some(name) = name_from_line(line) {
            return Some(resolve_name(&name, chat_files, has_search));
        }
        // A bare token that is a near miss of a chat file name (`file1_py`).
        let token = strip_decorations(line);
        if has_search && !token.is_empty() && !token.contains(char::is_whitespace) {
            let resolved = resolve_name(token, chat_files, true);
            if chat_files.contains(&resolved) {
                return Some(resolved);
            }
        }
        if let Some(name) = name_from_prose(line) {
            return Some(resolve_name(&name, chat_files, has_search));
        }
        break;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::format::EditFormat;
    use super::super::parsed::ParsedReply;
    use super::super::reply::parse_reply;
    use super::*;

    fn files(names: &[&str]) -> Vec<String> {
        names.iter().map(|s| s.to_string()).collect()
    }

    fn parse(reply: &str, chat: &[String]) -> Result<ParsedReply, ParseError> {
        parse_reply(reply, EditFormat::Diff, chat)
    }

    fn edits(reply: &str, chat: &[&str]) -> Vec<(String, String, String)> {
        parse(reply, &files(chat))
            .unwrap()
            .edits
            .into_iter()
            .map(|e| {
                assert_eq!(e.refusal, None, "{e:?}");
                (e.path, e.search, e.replace)
            })
            .collect()
    }

    fn one(path: &str, search: &str, replace: &str) -> Vec<(String, String, String)> {
        vec![(path.into(), search.into(), replace.into())]
    }

    #[test]
    fn plain_block_with_name_above_fence() {
        let reply = "a.py\n```python\n<<<<<<< SEARCH\nold\n=======\nnew\n>>>>>>> REPLACE\n```\n";
        assert_eq!(edits(reply, &[]), one("a.py", "old\n", "new\n"));
    }

    #[test]
    fn name_inside_fence_and_deepseek_layout() {
        let inside =
            "```python\nsrc/a.py\n<<<<<<< SEARCH\nold\n=======\nnew\n>>>>>>> REPLACE\n```\n";
        assert_eq!(edits(inside, &[]), one("src/a.py", "old\n", "new\n"));
        let deepseek =
            "```c\nsrc/a.c\n```\n```c\n<<<<<<< SEARCH\nold\n=======\nnew\n>>>>>>> REPLACE\n```\n";
        assert_eq!(edits(deepseek, &[]), one("src/a.c", "old\n", "new\n"));
        // The name's own fence, then the block unfenced and a closing fence after it.
        let split =
            "```python\nsrc/a.py\n```\n<<<<<<< SEARCH\nold\n=======\nnew\n>>>>>>> REPLACE\n```\n";
        assert_eq!(edits(split, &[]), one("src/a.py", "old\n", "new\n"));
    }

    #[test]
    fn markers_of_five_to_nine_characters() {
        let reply = "a.py\n<<<<< SEARCH  \nold\n=========\nnew\n>>>>>>>>> REPLACE\n";
        assert_eq!(edits(reply, &[]), one("a.py", "old\n", "new\n"));
        for bad in [
            "a.py\n<<<<<<<<<< SEARCH\nold\n=======\nnew\n>>>>>>> REPLACE\n",
            "a.py\n<<<< SEARCH\nold\n=======\nnew\n>>>>>>> REPLACE\n",
            "a.py\n<<<<<<< SEARCH\nold\n=======\nnew\n>>>> REPLACE\n",
        ] {
            let error = parse(bad, &[]).unwrap_err();
            assert!(error.message.contains("5 to 9 characters"), "{error}");
        }
    }

    #[test]
    fn later_blocks_inherit_the_name() {
        let reply = "a.py\n<<<<<<< SEARCH\none\n=======\ntwo\n>>>>>>> REPLACE\n\n...\n\n<<<<<<< SEARCH\nthree\n=======\nfour\n>>>>>>> REPLACE\n";
        let parsed = edits(reply, &[]);
        assert_eq!(parsed.len(), 2);
        assert_eq!(parsed[1].0, "a.py");
    }

    #[test]
    fn missing_name_uses_the_single_chat_file_or_fails() {
        let reply = "```\n<<<<<<< SEARCH\nold\n=======\nnew\n>>>>>>> REPLACE\n```\n";
        assert_eq!(edits(reply, &["only.rs"]), one("only.rs", "old\n", "new\n"));
        let error = parse(reply, &[]).unwrap_err();
        assert_eq!(error.line, 2);
    }

    #[test]
    fn setext_underline_is_not_the_divider() {
        let reply = "README.md\n<<<<<<< SEARCH\nTitle\n=======\ntext\n=======\nTitle\n=======\ntext\nmore\n>>>>>>> REPLACE\n";
        assert_eq!(
            edits(reply, &[]),
            one(
                "README.md",
                "Title\n=======\ntext\n",
                "Title\n=======\ntext\nmore\n"
            )
        );
    }

    #[test]
    fn truncated_and_undivided_blocks() {
        let cut = "a.py\n<<<<<<< SEARCH\nold\n=======\nnew\n";
        assert_eq!(parse(cut, &[]).unwrap_err().line, 2);
        let undivided = "a.py\n<<<<<<< SEARCH\nold\n>>>>>>> REPLACE\n";
        assert!(
            parse(undivided, &[])
                .unwrap_err()
                .message
                .contains("divider")
        );
    }

    #[test]
    fn a_replace_ended_by_a_row_of_equals_signs() {
        // Followed by the closing fence and prose.
        let fenced =
            "a.py\n```python\n<<<<<<< SEARCH\nold\n=======\nnew\n=======\n```\n\nThat is all.\n";
        assert_eq!(edits(fenced, &[]), one("a.py", "old\n", "new\n"));
        // Followed by a new block, with or without its own fence.
        let then_block = "a.py\n```python\n<<<<<<< SEARCH\none\n=======\n1\n=======\n```\n\nb.py\n```python\n<<<<<<< SEARCH\ntwo\n=======\n2\n>>>>>>> REPLACE\n```\n";
        assert_eq!(
            edits(then_block, &[]),
            vec![
                ("a.py".into(), "one\n".into(), "1\n".into()),
                ("b.py".into(), "two\n".into(), "2\n".into())
            ]
        );
        let direct = "a.py\n<<<<<<< SEARCH\none\n=======\n1\n=======\n<<<<<<< SEARCH\ntwo\n=======\n2\n>>>>>>> REPLACE\n";
        assert_eq!(edits(direct, &[]).len(), 2);
        // Followed by prose that could be part of the new text: refused, not guessed.
        let prose = "a.py\n<<<<<<< SEARCH\none\n=======\n1\n=======\nThis keeps the API.\n";
        let parsed = parse(prose, &[]).unwrap();
        assert_eq!(parsed.edits.len(), 1);
        assert!(
            parsed.edits[0]
                .refusal
                .as_deref()
                .unwrap()
                .contains(">>>>>>> REPLACE")
        );
    }

    #[test]
    fn a_second_row_of_equals_signs_inside_replace() {
        // Nothing tells which row divides: refused with the reason.
        let reply = "a.py\n<<<<<<< SEARCH\na\n=======\nb\n=======\nc\n>>>>>>> REPLACE\n";
        let parsed = parse(reply, &[]).unwrap();
        assert!(
            parsed.edits[0]
                .refusal
                .as_deref()
                .unwrap()
                .contains("2 ======= lines")
        );
        // A heading underline as long as its heading is content.
        let heading = "doc.md\n<<<<<<< SEARCH\nold\n=======\nUsage\n=====\ntext\n>>>>>>> REPLACE\n";
        assert_eq!(
            edits(heading, &[]),
            one("doc.md", "old\n", "Usage\n=====\ntext\n")
        );
    }

    #[test]
    fn a_stray_divider_before_replace_is_dropped_with_a_note_unless_text_can_hold_it() {
        let reply = "a.py\n<<<<<<< SEARCH\nold\n=======\nnew\n=======\n>>>>>>> REPLACE\n";
        let parsed = parse(reply, &[]).unwrap();
        let edit = &parsed.edits[0];
        assert_eq!(
            (edit.search.as_str(), edit.replace.as_str()),
            ("old\n", "new\n")
        );
        assert_eq!(edit.refusal, None);
        assert!(edit.splits.is_none());
        let note = edit.note.as_deref().unwrap();
        assert!(
            note.contains("stray ======= line") && note.contains("line 6"),
            "{note}"
        );
        // Markdown, reStructuredText and plain text may end a REPLACE with such a line:
        // the file, not the parser, tells which split is meant.
        for path in ["doc.md", "doc.rst", "notes.txt"] {
            let reply = reply.replace("a.py", path);
            let parsed = parse(&reply, &[]).unwrap();
            let edit = &parsed.edits[0];
            assert_eq!(edit.note, None, "{path}");
            assert_eq!(edit.splits.as_ref().map(Splits::count), Some(2), "{path}");
        }
        // A single divider right before the marker is the divider (an empty REPLACE).
        let delete = "a.py\n<<<<<<< SEARCH\nold\n=======\n>>>>>>> REPLACE\n";
        assert_eq!(edits(delete, &[]), one("a.py", "old\n", ""));
    }

    #[test]
    fn a_block_with_extra_dividers_keeps_every_split_for_the_planner() {
        let reply = "a.rst\n<<<<<<< SEARCH\na\n=======\nb\n=======\nc\n>>>>>>> REPLACE\n";
        let edit = parse(reply, &[]).unwrap().edits.remove(0);
        let splits = edit.splits.unwrap();
        assert_eq!(splits.preferred(), None);
        assert_eq!(splits.split(0), Some(("a\n", "b\n=======\nc\n")));
        assert_eq!(splits.split(1), Some(("a\n=======\nb\n", "c\n")));
        assert_eq!(splits.split(2), None);
    }

    #[test]
    fn shell_blocks_are_collected_but_not_block_fences() {
        let reply = "```sh\nrun.sh\n<<<<<<< SEARCH\n=======\necho hi\n>>>>>>> REPLACE\n```\n\n```bash\nmake test\n```\n";
        let parsed = parse(reply, &[]).unwrap();
        assert_eq!(parsed.edits.len(), 1);
        assert_eq!(parsed.shell_commands, vec!["make test\n".to_string()]);
    }

    #[test]
    fn fences_inside_search_text_are_content() {
        let reply = "README.md\n```markdown\n<<<<<<< SEARCH\n```\nold\n=======\n```\nnew\n>>>>>>> REPLACE\n```\n";
        assert_eq!(
            edits(reply, &[]),
            one("README.md", "```\nold\n", "```\nnew\n")
        );
    }

    #[test]
    fn prose_name_and_escape_names_are_kept() {
        let reply = "Add a new file `src/new.ts`:\n```ts\n<<<<<<< SEARCH\n=======\nx\n>>>>>>> REPLACE\n```\n";
        assert_eq!(edits(reply, &["src/old.ts"]), one("src/new.ts", "", "x\n"));
        let escape = "../x.txt\n<<<<<<< SEARCH\n=======\nx\n>>>>>>> REPLACE\n";
        assert_eq!(edits(escape, &["x.txt"]), one("../x.txt", "", "x\n"));
    }

    #[test]
    fn tag_fences_with_the_name_above_or_inside() {
        let shapes = [
            "a.py\n<source>python\n<<<<<<< SEARCH\nold\n=======\nnew\n>>>>>>> REPLACE\n</source>\n",
            "a.py\n<source lang=\"python\">\n<<<<<<< SEARCH\nold\n=======\nnew\n>>>>>>> REPLACE\n</source>\n",
            "<source lang=\"python\" file=\"a.py\">\n<<<<<<< SEARCH\nold\n=======\nnew\n>>>>>>> REPLACE\n</source>\n",
            "<source>a.py\n<<<<<<< SEARCH\nold\n=======\nnew\n>>>>>>> REPLACE\n</source>\n",
            "a.py\n<code class=\"language-python\">\n<<<<<<< SEARCH\nold\n=======\nnew\n>>>>>>> REPLACE\n</code>\n",
            "<pre>\na.py\n<<<<<<< SEARCH\nold\n=======\nnew\n>>>>>>> REPLACE\n</pre>\n",
        ];
        for reply in shapes {
            assert_eq!(edits(reply, &[]), one("a.py", "old\n", "new\n"), "{reply}");
        }
    }

    #[test]
    fn an_unclosed_fence_at_the_end_is_unfinished() {
        let reply = "a.py\n```python\n<<<<<<< SEARCH\nold\n=======\nnew\n>>>>>>> REPLACE\n";
        assert_eq!(parse(reply, &[]).unwrap_err().line, 2);
        // Unfinished is the fence, not the block: the partial parse keeps the block.
        let options = super::super::options::ParseOptions::new(&[]);
        let partial =
            super::super::reply::parse_reply_partial(reply, EditFormat::Diff, &options).unwrap();
        assert_eq!(partial.edits.len(), 1);
        assert_eq!(partial.unfinished, None);
        assert_eq!(partial.unclosed_fence.map(|error| error.line), Some(2));
        let shell = "Run:\n```bash\nmake te";
        assert!(parse(shell, &[]).is_err());
    }
}
