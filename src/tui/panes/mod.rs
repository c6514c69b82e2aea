//! The panes of the session, each with its own state, keys and `draw(&self)`.

pub mod chat;
pub mod commits;
pub mod context;
pub mod diff;
pub mod files;
pub mod input;
pub mod plan;
pub mod repo_map;
pub mod review;
pub mod status;
