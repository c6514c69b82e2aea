//! What a parse may use besides the reply: the chat files, its limits, and a way
//! to read a file's current text.

use std::fmt;

/// The largest reply parsed by default (16 MiB).
pub const DEFAULT_MAX_BYTES: usize = 16 * 1024 * 1024;

/// The most blocks one reply may hold by default.
pub const DEFAULT_MAX_BLOCKS: usize = 20_000;

/// Bounds on a reply; a reply beyond them is refused as a whole.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParseLimits {
    /// The largest reply, in bytes.
    pub max_bytes: usize,
    /// The most edit blocks (hunks, listings) in one reply.
    pub max_blocks: usize,
}

impl Default for ParseLimits {
    fn default() -> Self {
        ParseLimits {
            max_bytes: DEFAULT_MAX_BYTES,
            max_blocks: DEFAULT_MAX_BLOCKS,
        }
    }
}

/// Reads a file's current text by its path relative to the root; `None` when it
/// does not exist or cannot be read.
pub type CurrentText<'a> = &'a (dyn Fn(&str) -> Option<String> + Send + Sync);

/// Everything a parse may consult besides the reply.
#[derive(Clone, Copy, Default)]
pub struct ParseOptions<'a> {
    /// The chat files, relative to the root, used to complete half-right names.
    pub chat_files: &'a [String],
    /// Size and block limits.
    pub limits: ParseLimits,
    /// The current text of files, used to check whole-file listings whose end is
    /// unclear (the parse never touches files itself).
    pub current_text: Option<CurrentText<'a>>,
}

impl<'a> ParseOptions<'a> {
    /// Options with these chat files, the default limits and no file access.
    pub fn new(chat_files: &'a [String]) -> ParseOptions<'a> {
        ParseOptions {
            chat_files,
            limits: ParseLimits::default(),
            current_text: None,
        }
    }

    /// The same options with other limits.
    pub fn with_limits(self, limits: ParseLimits) -> ParseOptions<'a> {
        ParseOptions { limits, ..self }
    }

    /// The same options with a reader of files' current text.
    pub fn with_current_text(self, current_text: CurrentText<'a>) -> ParseOptions<'a> {
        ParseOptions {
            current_text: Some(current_text),
            ..self
        }
    }
}

impl fmt::Debug for ParseOptions<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ParseOptions")
            .field("chat_files", &self.chat_files)
            .field("limits", &self.limits)
            .field("current_text", &self.current_text.is_some())
            .finish()
    }
}
