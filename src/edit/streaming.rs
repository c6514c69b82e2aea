//! Parsing a reply while it streams in. Complete lines go to the format's state
//! machine as they arrive; the last line waits for its line break (or the end).
//! The whole-text parse is this same parser fed the whole text, so a block's id,
//! path and texts are the same whichever way the text arrives.

use super::format::EditFormat;
use super::machine::{Context, Machine};
use super::options::{CurrentText, ParseLimits, ParseOptions};
use super::parsed::{BlockProgress, ParseError, ParsedReply};
use super::patch::PatchMachine;
use super::search_replace::SearchReplaceMachine;
use super::sink::Sink;
use super::udiff::UdiffMachine;
use super::whole::WholeMachine;

/// An incremental parser for a reply arriving in pieces.
pub struct StreamingParser<'a> {
    chat_files: Vec<String>,
    current_text: Option<CurrentText<'a>>,
    limits: ParseLimits,
    text: String,
    /// Bytes of `text` already fed as complete lines.
    settled: usize,
    /// Bytes of `text` known to hold no line break after `settled`.
    scanned: usize,
    lines: usize,
    machine: Box<dyn Machine>,
    sink: Sink,
    failure: Option<ParseError>,
    unfinished: Option<ParseError>,
    unclosed_fence: Option<ParseError>,
    ended: bool,
}

impl std::fmt::Debug for StreamingParser<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StreamingParser")
            .field("bytes", &self.text.len())
            .field("lines", &self.lines)
            .field("blocks", &self.sink.started())
            .field("failure", &self.failure)
            .finish()
    }
}

impl StreamingParser<'static> {
    /// A parser for a reply in `format`, with these chat files for name inference.
    pub fn new(format: EditFormat, chat_files: &[String]) -> StreamingParser<'static> {
        StreamingParser::build(format, chat_files, ParseLimits::default(), None, true)
    }
}

impl<'a> StreamingParser<'a> {
    /// A parser with explicit options.
    pub fn with_options(format: EditFormat, options: &ParseOptions<'a>) -> StreamingParser<'a> {
        StreamingParser::build(
            format,
            options.chat_files,
            options.limits,
            options.current_text,
            true,
        )
    }

    /// A parser that keeps no block progress (for a whole-text parse).
    pub(crate) fn quiet(format: EditFormat, options: &ParseOptions<'a>) -> StreamingParser<'a> {
        StreamingParser::build(
            format,
            options.chat_files,
            options.limits,
            options.current_text,
            false,
        )
    }

    fn build(
        format: EditFormat,
        chat_files: &[String],
        limits: ParseLimits,
        current_text: Option<CurrentText<'a>>,
        reporting: bool,
    ) -> Self {
        let machine: Box<dyn Machine> = match format {
            EditFormat::Diff | EditFormat::DiffFenced => Box::new(SearchReplaceMachine::new()),
            EditFormat::Whole => Box::new(WholeMachine::new()),
            EditFormat::Udiff => Box::new(UdiffMachine::new()),
            EditFormat::Patch => Box::new(PatchMachine::new()),
        };
        StreamingParser {
            chat_files: chat_files.to_vec(),
            current_text,
            limits,
            text: String::new(),
            settled: 0,
            scanned: 0,
            lines: 0,
            machine,
            sink: Sink::new(limits.max_blocks, reporting),
            failure: None,
            unfinished: None,
            unclosed_fence: None,
            ended: false,
        }
    }

    /// Adds a piece of the reply; returns the states the blocks went through, in order.
    pub fn push(&mut self, delta: &str) -> Vec<BlockProgress> {
        if self.failure.is_some() || self.ended {
            return Vec::new();
        }
        if self.text.len() + delta.len() > self.limits.max_bytes {
            self.failure = Some(ParseError::over_limit(
                self.lines,
                format!(
                    "the reply is larger than {} bytes, the most one reply may hold; nothing was applied",
                    self.limits.max_bytes
                ),
            ));
            return self.sink.take_report();
        }
        self.text.push_str(delta);
        while let Some(offset) = self.text[self.scanned..].find('\n') {
            let end = self.scanned + offset;
            let start = self.settled;
            self.settled = end + 1;
            self.scanned = self.settled;
            if !self.feed(start, end) {
                break;
            }
        }
        self.scanned = self.text.len();
        self.sink.take_report()
    }

    /// The reply is complete: settles its last line and everything that waited for
    /// more text. Returns the states the blocks went through, in order.
    pub fn end(&mut self) -> Vec<BlockProgress> {
        if self.ended {
            return Vec::new();
        }
        self.ended = true;
        if self.failure.is_none() && self.settled < self.text.len() {
            let (start, end) = (self.settled, self.text.len());
            self.settled = end;
            self.feed(start, end);
        }
        if self.failure.is_none() {
            let context = Context {
                chat_files: &self.chat_files,
                current_text: self.current_text,
            };
            match self.machine.end(self.lines, &context, &mut self.sink) {
                Ok(unfinished) => {
                    self.unfinished = unfinished;
                    self.unclosed_fence = self.machine.unclosed_fence();
                }
                Err(error) => self.failure = Some(error),
            }
        }
        self.sink.take_report()
    }

    /// The text received so far.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Every block seen so far, in its latest state.
    pub fn blocks(&self) -> &[BlockProgress] {
        &self.sink.blocks
    }

    /// Ends the stream: the parse of the whole reply. Strict: a malformed or cut-off
    /// reply is an error.
    pub fn finish(self) -> Result<ParsedReply, ParseError> {
        self.finish_partial()?.strict()
    }

    /// Ends the stream: a malformed reply is an error, a cut-off one comes back with
    /// `unfinished` set and the blocks completed before the cut.
    pub fn finish_partial(mut self) -> Result<ParsedReply, ParseError> {
        self.end();
        if let Some(error) = self.failure {
            return Err(error);
        }
        Ok(ParsedReply {
            edits: self.sink.edits,
            shell_commands: self.sink.shell_commands,
            unfinished: self.unfinished,
            unclosed_fence: self.unclosed_fence,
        })
    }

    /// Feeds the line in `text[start..end]`; false once the parse has failed.
    fn feed(&mut self, start: usize, end: usize) -> bool {
        let mut line = &self.text[start..end];
        line = line.strip_suffix('\r').unwrap_or(line);
        if self.lines == 0 {
            line = line.strip_prefix('\u{feff}').unwrap_or(line);
        }
        let context = Context {
            chat_files: &self.chat_files,
            current_text: self.current_text,
        };
        let number = self.lines;
        self.lines += 1;
        match self.machine.line(line, number, &context, &mut self.sink) {
            Ok(()) => true,
            Err(error) => {
                self.failure = Some(error);
                false
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(chat: &[String], limits: ParseLimits) -> ParseOptions<'_> {
        ParseOptions::new(chat).with_limits(limits)
    }

    #[test]
    fn a_reply_over_the_size_limit_is_refused() {
        let limits = ParseLimits {
            max_bytes: 64,
            max_blocks: 10,
        };
        let mut parser = StreamingParser::with_options(EditFormat::Diff, &options(&[], limits));
        parser.push("a.py\n<<<<<<< SEARCH\nold\n=======\nnew\n>>>>>>> REPLACE\n");
        parser.push(&"x".repeat(40));
        let error = parser.finish_partial().unwrap_err();
        assert!(error.message.contains("larger than 64 bytes"), "{error}");
    }

    #[test]
    fn a_reply_over_the_block_limit_is_refused() {
        let limits = ParseLimits {
            max_bytes: 1 << 20,
            max_blocks: 3,
        };
        let block = "a.py\n<<<<<<< SEARCH\nold\n=======\nnew\n>>>>>>> REPLACE\n";
        let chat = Vec::new();
        let three = crate::edit::parse_reply_with(
            &block.repeat(3),
            EditFormat::Diff,
            &options(&chat, limits),
        );
        assert_eq!(three.map(|parsed| parsed.edits.len()), Ok(3));
        let four = crate::edit::parse_reply_with(
            &block.repeat(4),
            EditFormat::Diff,
            &options(&chat, limits),
        );
        let error = four.unwrap_err();
        assert_eq!(error.line, 20);
        assert!(error.message.contains("more than 3 edit blocks"), "{error}");
    }

    #[test]
    fn the_last_line_waits_for_the_end() {
        let mut parser = StreamingParser::new(EditFormat::Diff, &[]);
        let progress = parser.push("a.py\n<<<<<<< SEARCH\nold\n=======\nnew\n>>>>>>> REPLACE");
        assert!(progress.iter().all(|block| !block.complete));
        let ended = parser.end();
        assert!(ended.last().is_some_and(|block| block.complete));
        assert_eq!(parser.finish().map(|parsed| parsed.edits.len()), Ok(1));
    }
}
