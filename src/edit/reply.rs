//! The entry points that parse a whole reply (the streaming parser fed at once).

use super::format::EditFormat;
use super::options::ParseOptions;
use super::parsed::{ParseError, ParsedReply};
use super::streaming::StreamingParser;

/// Parses a reply written in `format`. `chat_files` (relative to the root) are used
/// to complete missing or half-right file names. Strict: a malformed or cut-off
/// reply is an error.
pub fn parse_reply(
    reply: &str,
    format: EditFormat,
    chat_files: &[String],
) -> Result<ParsedReply, ParseError> {
    parse_reply_with(reply, format, &ParseOptions::new(chat_files))
}

/// [`parse_reply`] with explicit options (limits, a reader of current file texts).
pub fn parse_reply_with(
    reply: &str,
    format: EditFormat,
    options: &ParseOptions<'_>,
) -> Result<ParsedReply, ParseError> {
    parse_reply_partial(reply, format, options)?.strict()
}

/// The same parse as [`parse_reply_with`], except that a reply cut off inside a
/// block, hunk or fence is not an error: it comes back with `unfinished` set and
/// the blocks completed before that point.
pub fn parse_reply_partial(
    reply: &str,
    format: EditFormat,
    options: &ParseOptions<'_>,
) -> Result<ParsedReply, ParseError> {
    let mut parser = StreamingParser::quiet(format, options);
    parser.push(reply);
    parser.finish_partial()
}
