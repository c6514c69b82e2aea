//! The coder engine: one session's files, history, mode and models; the prompt; the
//! turn with its reflection rounds; slash commands; history summaries.
//!
//! It runs as a tokio task ([`spawn`]) that takes [`Op`](crate::protocol::Op)s and
//! sends [`Event`](crate::protocol::Event)s; it knows nothing of any front end.

mod checks;
mod commands;
mod commit_message;
mod edits;
mod files;
mod history;
mod inbox;
mod locked_repo;
mod mentions;
mod models;
mod prompt;
mod reply;
mod repo_map;
mod repository;
mod session;
mod spawn;
mod summarize;
mod transcript;
mod turn;
mod usage;

pub use commands::COMMANDS;
pub use history::{HistoryMessage, Speaker};
pub use mentions::{Mentions, find_mentions};
pub use models::NO_MODEL_HELP;
pub use prompt::{FileText, Prompt, PromptInput, PromptPart, assemble, system_prompt};
pub use spawn::spawn;
