//! The coder engine: one session's files, history, mode and models; the prompt; the
//! turn with its reflection rounds; slash commands; history summaries.
//!
//! It runs as a tokio task ([`spawn`]) that takes [`Op`](crate::protocol::Op)s and
//! sends [`Event`](crate::protocol::Event)s; it knows nothing of any front end.
//!
//! Every `Op::Submit` is one turn, from `TurnStarted` to `TurnFinished` (a `Status`
//! comes just before `TurnFinished`). A message turn goes: files the message names are
//! offered (`Question::AddFile`) → the prompt (`prompt`) → the reply streams
//! (`ReplyDelta`, `EditPreview`) → `ReplyFinished` → edits are parsed, files outside
//! the chat need a yes, `ReviewStarted` waits for `Op::ReviewDecide` unless auto-accept is on
//! → the user's own changes to those files are committed → apply (`EditResults`) →
//! commit with a weak-model message (`CommitMade`) → lint and test (`CommandOutput`) →
//! a problem goes back to the model (`ReflectionSent`), at most `max_reflections` times
//! → shell commands the model proposed are offered (`Question::RunShell`, never
//! auto-answered by the engine). Slash commands (`commands`) are turns too.
//!
//! Files: `spawn` (task, main loop, the dispatch of operations and commands), `inbox`
//! (channels, questions, decisions), `session`, `models`, `files`, `prompt`,
//! `session_prompt` (the session's prompt), `status`, `turn` (rounds and reflection),
//! `reply_stream` (streaming), `edits` (review, apply, commit), `shell` (lint, test and
//! shell commands run), `commit_message`, `checks` (shell, lint, syntax), `commands`
//! (the slash commands' handlers), `repository` (log, diff, undo),
//! `repo_map` (and `map_task`, its thread), `mentions`, `summarize`, `history`,
//! `transcript`, `locked_repo`, `session_log` (the session file, `--resume`), `rewind`
//! (`/rewind`, `/redo`, `/sessions`, `/resume`). The ways in besides typing, each in its own file: `images`, `clipboard_commands`,
//! `web_command`, `voice_command`, `saved_files`, `context_mode`, `reasoning`,
//! `ui_commands` (commands only a full-screen session can run), with
//! `devices` (the clipboard and microphone a session uses). Steering what the model
//! gets: `plan_review` (the architect's plan, reviewed and edited before the editor
//! runs), `context_report` (the next request part by part, with the prompt cache's
//! prediction) and `keepalive` (pings that keep Anthropic's cache warm while idle).

mod blocking;
mod cache_warm;
mod chat_files;
mod checks;
mod clipboard_commands;
mod commands;
mod commit_identity;
mod commit_message;
mod context_mode;
mod context_report;
mod context_state;
mod devices;
mod during_turn;
mod edits;
mod emitter;
mod files;
mod history;
mod identity_question;
mod images;
mod inbox;
mod keepalive;
mod key_command;
mod ledger;
mod locked_repo;
mod lookups;
mod map_task;
mod mentions;
mod model_listing;
mod models;
mod plan_review;
mod preview;
mod prompt;
mod read_only;
mod reasoning;
mod reply_stream;
mod repo_map;
mod repository;
mod repository_settings;
mod review;
mod rewind;
mod saved_files;
mod session;
mod session_keys;
mod session_log;
mod session_map;
mod session_prompt;
mod shell;
mod spawn;
mod status;
mod summarize;
mod tally;
mod transcript;
mod turn;
mod turn_view;
mod ui_commands;
mod voice_command;
mod web_command;

/// The planner's syntax check (`aider-tui apply` plans with it too).
pub use checks::grammar_check;
pub use devices::Devices;
pub use mentions::{Mentions, find_mentions};
pub use model_listing::{ModelsFound, find_models, headless_ollama_base, listing_text};
pub use models::{Model, Models, NO_MODEL_HELP, catalog_of};
pub use prompt::{FileText, Prompt, PromptInput, PromptPart, PromptStyle, assemble, system_prompt};
pub use spawn::{spawn, spawn_with};
