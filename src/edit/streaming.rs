//! Parsing a reply while it streams in. Only complete lines are settled; the
//! progress of each block is reported as its REPLACE text grows, so a UI can show
//! the diff live. The final result is always the whole-text parse, so it does not
//! depend on how the text was split into pieces.

use super::fence::{Fence, FenceKind};
use super::format::EditFormat;
use super::names::resolve_name;
use super::reply::{ParseError, ParsedReply, parse_reply};
use super::search_replace::{find_name, is_divider, is_replace_marker, is_search_marker};
use super::udiff::{DEV_NULL, header_path, strip_git_prefixes};
use super::whole::name_above;

/// The state of one block so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlockProgress {
    /// The block's position in the reply (0-based).
    pub index: usize,
    /// The file it edits, as far as can be told yet.
    pub path: String,
    /// The SEARCH text (complete once REPLACE has started).
    pub search: String,
    /// The REPLACE text received so far (whole lines only).
    pub replace_so_far: String,
    /// The SEARCH text is whole (its divider arrived, or the block has no SEARCH part),
    /// so the block can be placed in its file while REPLACE still streams.
    pub search_complete: bool,
    /// The block's closing line has arrived.
    pub complete: bool,
}

/// Where the line scanner is.
#[derive(Debug, Clone)]
enum Scan {
    Outside,
    Search,
    Replace,
    Listing { fence: Fence, depth: usize },
    Hunk,
}

/// An incremental parser for a reply arriving in pieces.
#[derive(Debug, Clone)]
pub struct StreamingParser {
    format: EditFormat,
    chat_files: Vec<String>,
    text: String,
    settled: usize,
    lines: Vec<String>,
    region_start: usize,
    scan: Scan,
    blocks: Vec<BlockProgress>,
    current_path: Option<String>,
    /// Blocks completed as a side effect of a line that started another.
    pending: Vec<usize>,
    /// udiff: the path of the last `---` line.
    old_path: Option<String>,
    /// udiff: blank lines held back until it is known they are not trailing.
    held_blanks: usize,
}

impl StreamingParser {
    /// A parser for a reply in `format`, with these chat files for name inference.
    pub fn new(format: EditFormat, chat_files: &[String]) -> StreamingParser {
        StreamingParser {
            format,
            chat_files: chat_files.to_vec(),
            text: String::new(),
            settled: 0,
            lines: Vec::new(),
            region_start: 0,
            scan: Scan::Outside,
            blocks: Vec::new(),
            current_path: None,
            pending: Vec::new(),
            old_path: None,
            held_blanks: 0,
        }
    }

    /// Adds a piece of the reply; returns the blocks that changed, in order.
    pub fn push(&mut self, delta: &str) -> Vec<BlockProgress> {
        self.text.push_str(delta);
        let mut changed: Vec<usize> = Vec::new();
        while let Some(offset) = self.text[self.settled..].find('\n') {
            let line = self.text[self.settled..self.settled + offset]
                .trim_end_matches('\r')
                .to_string();
            self.settled += offset + 1;
            let fed = self.feed(&line);
            for index in self.pending.drain(..).chain(fed) {
                if !changed.contains(&index) {
                    changed.push(index);
                }
            }
            self.lines.push(line);
        }
        changed
            .into_iter()
            .filter_map(|index| self.blocks.get(index).cloned())
            .collect()
    }

    /// The text received so far.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Every block seen so far.
    pub fn blocks(&self) -> &[BlockProgress] {
        &self.blocks
    }

    /// Ends the stream: the parse of the whole reply.
    pub fn finish(self) -> Result<ParsedReply, ParseError> {
        parse_reply(&self.text, self.format, &self.chat_files)
    }

    fn start_block(&mut self, path: String) -> usize {
        self.blocks.push(BlockProgress {
            index: self.blocks.len(),
            path,
            search: String::new(),
            replace_so_far: String::new(),
            search_complete: self.format == EditFormat::Whole,
            complete: false,
        });
        self.blocks.len() - 1
    }

    fn last_block(&mut self) -> Option<&mut BlockProgress> {
        self.blocks.last_mut()
    }

    /// Takes one complete line (not yet in `self.lines`); returns the block it changed.
    fn feed(&mut self, line: &str) -> Option<usize> {
        match self.format {
            EditFormat::Diff | EditFormat::DiffFenced => self.feed_search_replace(line),
            EditFormat::Whole => self.feed_whole(line),
            EditFormat::Udiff => self.feed_udiff(line),
        }
    }

    fn feed_search_replace(&mut self, line: &str) -> Option<usize> {
        match self.scan {
            Scan::Outside if is_search_marker(line) => {
                let lines: Vec<&str> = self.lines.iter().map(String::as_str).collect();
                let marker = lines.len();
                let name = find_name(&lines, self.region_start, marker, &self.chat_files, true);
                let path = name
                    .or_else(|| self.current_path.clone())
                    .or_else(|| match self.chat_files.as_slice() {
                        [only] => Some(only.clone()),
                        _ => None,
                    })
                    .unwrap_or_default();
                self.current_path = Some(path.clone());
                self.scan = Scan::Search;
                Some(self.start_block(path))
            }
            Scan::Search if is_divider(line) => {
                self.scan = Scan::Replace;
                let block = self.last_block()?;
                block.search_complete = true;
                Some(block.index)
            }
            Scan::Search | Scan::Replace if is_replace_marker(line) => {
                self.scan = Scan::Outside;
                self.region_start = self.lines.len() + 1;
                let block = self.last_block()?;
                block.complete = true;
                block.search_complete = true;
                Some(block.index)
            }
            Scan::Search => {
                let block = self.last_block()?;
                block.search.push_str(line);
                block.search.push('\n');
                Some(block.index)
            }
            Scan::Replace => {
                let block = self.last_block()?;
                block.replace_so_far.push_str(line);
                block.replace_so_far.push('\n');
                Some(block.index)
            }
            _ => None,
        }
    }

    fn feed_whole(&mut self, line: &str) -> Option<usize> {
        match &mut self.scan {
            Scan::Outside => {
                let fence = Fence::open(line)?;
                let lines: Vec<&str> = self.lines.iter().map(String::as_str).collect();
                let name = name_above(
                    &lines,
                    self.region_start,
                    lines.len(),
                    &fence,
                    &self.chat_files,
                )
                .or_else(|| match self.chat_files.as_slice() {
                    [only] if self.blocks.is_empty() && !fence.is_shell() => Some(only.clone()),
                    _ => None,
                });
                self.scan = Scan::Listing { fence, depth: 0 };
                // Unnamed listings are not edits; their lines are skipped all the same.
                name.map(|path| self.start_block(path))
            }
            Scan::Listing { fence, depth } => {
                let closes = match fence.kind {
                    FenceKind::Backticks(3) => {
                        let trimmed = line.trim();
                        if trimmed.starts_with("```") {
                            if !trimmed.trim_start_matches('`').trim().is_empty() {
                                *depth += 1;
                                false
                            } else if *depth > 0 {
                                *depth -= 1;
                                false
                            } else {
                                true
                            }
                        } else {
                            false
                        }
                    }
                    _ => fence.is_closed_by(line),
                };
                let named = self.blocks.last().is_some_and(|block| !block.complete);
                if closes {
                    self.scan = Scan::Outside;
                    self.region_start = self.lines.len() + 1;
                    if !named {
                        return None;
                    }
                    let block = self.last_block()?;
                    block.complete = true;
                    return Some(block.index);
                }
                if !named {
                    return None;
                }
                let block = self.last_block()?;
                block.replace_so_far.push_str(line);
                block.replace_so_far.push('\n');
                Some(block.index)
            }
            _ => None,
        }
    }

    fn feed_udiff(&mut self, line: &str) -> Option<usize> {
        if let Some(path) = line.strip_prefix("--- ") {
            self.old_path = Some(header_path(path).to_string());
            return self.end_hunk();
        }
        if let Some(path) = line.strip_prefix("+++ ") {
            let old = self.old_path.take().unwrap_or_default();
            let (old, new) = strip_git_prefixes(&old, header_path(path));
            let path = if new == DEV_NULL { old } else { new };
            self.current_path = Some(resolve_name(path, &self.chat_files, true));
            return self.end_hunk();
        }
        if line.starts_with("@@") {
            let ended = self.end_hunk();
            let path = self
                .current_path
                .clone()
                .or_else(|| match self.chat_files.as_slice() {
                    [only] => Some(only.clone()),
                    _ => None,
                })
                .unwrap_or_default();
            self.scan = Scan::Hunk;
            self.pending.extend(ended);
            return Some(self.start_block(path));
        }
        if !matches!(self.scan, Scan::Hunk) {
            return None;
        }
        if line.is_empty() {
            // Blank context, unless the hunk ends here.
            self.held_blanks += 1;
            return None;
        }
        let (to_search, to_replace, text) = if let Some(rest) = line.strip_prefix(' ') {
            (true, true, rest)
        } else if let Some(rest) = line.strip_prefix('-') {
            (true, false, rest)
        } else if let Some(rest) = line.strip_prefix('+') {
            (false, true, rest)
        } else if line.starts_with('\\') {
            return None;
        } else {
            return self.end_hunk();
        };
        let blanks = std::mem::take(&mut self.held_blanks);
        let block = self.last_block()?;
        for _ in 0..blanks {
            block.search.push('\n');
            block.replace_so_far.push('\n');
        }
        if to_search {
            block.search.push_str(text);
            block.search.push('\n');
        }
        if to_replace {
            block.replace_so_far.push_str(text);
            block.replace_so_far.push('\n');
        }
        Some(block.index)
    }

    fn end_hunk(&mut self) -> Option<usize> {
        self.held_blanks = 0;
        if !matches!(self.scan, Scan::Hunk) {
            return None;
        }
        self.scan = Scan::Outside;
        let block = self.last_block()?;
        block.complete = true;
        block.search_complete = true;
        Some(block.index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_follows_the_replace_text() {
        let mut parser = StreamingParser::new(EditFormat::Diff, &[]);
        assert!(parser.push("a.py\n<<<<<<< SEA").is_empty());
        let progress = parser.push("RCH\nold\n=======\nne");
        assert_eq!(progress.len(), 1);
        assert_eq!(progress[0].path, "a.py");
        assert_eq!(progress[0].search, "old\n");
        assert_eq!(progress[0].replace_so_far, "");
        let progress = parser.push("w\n>>>>>>> REPLACE\n");
        assert_eq!(progress[0].replace_so_far, "new\n");
        assert!(progress[0].complete);
        let parsed = parser.finish().unwrap();
        assert_eq!(parsed.edits.len(), 1);
    }

    #[test]
    fn whole_listing_progress() {
        let mut parser = StreamingParser::new(EditFormat::Whole, &[]);
        let progress = parser.push("a.txt\n```\nhello\n```\n");
        assert_eq!(progress.len(), 1);
        assert_eq!(progress[0].replace_so_far, "hello\n");
        assert!(progress[0].complete);
    }

    #[test]
    fn udiff_hunk_progress() {
        let mut parser = StreamingParser::new(EditFormat::Udiff, &[]);
        let progress = parser.push("--- a/x\n+++ b/x\n@@ @@\n keep\n-old\n+new\n```\n");
        assert_eq!(progress.len(), 1);
        assert_eq!(progress[0].path, "x");
        assert_eq!(progress[0].search, "keep\nold\n");
        assert_eq!(progress[0].replace_so_far, "keep\nnew\n");
        assert!(progress[0].complete);
    }
}
