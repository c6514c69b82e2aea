//! aider-tui: a terminal AI pair-programmer built on Aider's design.
//!
//! The model gets no tools. The program decides what it sees (chat files, a ranked
//! repo map, the history), parses the edits out of its plain-text reply, applies the
//! ones the user accepts, commits them with git and feeds failures back.
//! Layering (ARCHITECTURE.md's module table, enforced by `tests/all/layering.rs`): `tokens`, `edit`, `repomap`, `llm`, `git` and
//! `sessions` (the session files) are independent libraries (the last two, the
//! protocol and the engine share one message type, `conversation`, at the bottom), as are the ways in
//! besides typing (`watch`, `web`, `clipboard`, `voice`); `engine` drives them; `tui`
//! and `oneshot` are front ends
//! that talk to the engine only through `protocol`.

pub mod cli;
pub mod clipboard;
pub mod config;
pub mod conversation;
pub mod diff;
pub mod edit;
pub mod engine;
pub mod git;
pub mod llm;
pub mod oneshot;
pub mod protocol;
pub mod repo_files;
pub mod repo_path;
pub mod repomap;
pub mod safe_fs;
pub mod sessions;
pub mod text;
pub mod tokens;
pub mod tui;
pub mod voice;
pub mod watch;
pub mod web;
