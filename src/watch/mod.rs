//! Watch mode: the repository's files are watched for comments addressed to the
//! model, and a comment ending in `AI!` (make a change) or `AI?` (answer a question)
//! becomes a request. Comments that end in `AI` alone are gathered as context for the
//! next request.
//!
//! `syntax` knows each language's comment markers, `comments` finds the AI comments
//! of one file, `request` turns what was found into the message for the model, and
//! `watcher` follows the files on disk (notify, debounced; `.gitignore` and
//! `.aiderignore` honoured). Nothing here knows the engine: a front end feeds each
//! [`Trigger`] to it as a submission.

mod comments;
mod request;
mod syntax;
mod watcher;

pub use comments::{AiComment, Marker, scan};
pub use request::{FileComments, Trigger};
pub use syntax::{CommentSyntax, syntax_for};
pub use watcher::{DEBOUNCE, FileWatcher, WatchError};
