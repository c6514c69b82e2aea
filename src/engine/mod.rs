//! The coder engine: one session's files, history, mode and models; the prompt; the
//! turn with its reflection rounds; slash commands; history summaries.
//!
//! It runs as a tokio task that takes [`Op`](crate::protocol::Op)s and
//! sends [`Event`](crate::protocol::Event)s; it knows nothing of any front end.
//! (Being wired: the modules that drive edit/llm join as those land.)

mod history;
mod inbox;
mod mentions;

pub use history::{HistoryMessage, Speaker};
pub use mentions::{Mentions, find_mentions};
