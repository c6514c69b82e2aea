//! The names some options accept, checked in every layer so that a typo fails at start
//! instead of silently running something else.

/// The chat modes (`--chat-mode`).
pub const CHAT_MODES: &[&str] = &["code", "ask", "architect", "context"];

/// The edit formats (`--edit-format`, `--editor-edit-format`).
pub const EDIT_FORMATS: &[&str] = &["diff", "diff-fenced", "whole", "udiff", "patch"];

/// The levels of OpenAI's `reasoning_effort` (`--reasoning-effort`, `/reasoning-effort`).
pub const REASONING_EFFORTS: &[&str] = &["low", "medium", "high"];
