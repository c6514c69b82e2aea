//! The full-screen session: the only module that uses ratatui and crossterm.
//!
//! An async loop (`terminal`) feeds an [`App`] with terminal keys and engine
//! [`Event`](crate::protocol::Event)s, and sends the [`Op`](crate::protocol::Op)s the
//! app produces back to the engine. Each pane has its own state and implements
//! `pane::Component` (draw, keys, the mouse, search); over the panes lies a stack of
//! `layers` (the search, the inline editors, the help, the finder, the session
//! picker, questions) that keys reach first. Panes and layers talk to the app through
//! an internal `AppEvent` bus. Everything draws through any ratatui backend, so tests
//! drive the app with scripted events and snapshot a `TestBackend`.
//!
//! Files it reads and writes: the theme (`--theme`: dark, light, ansi16 or a `.toml`
//! path; `NO_COLOR` drops colours), keymap patches from
//! `~/.config/aider-tui/keymap.toml` then `<root>/.aider-tui/keymap.toml`, and
//! `<root>/.aider-tui/input-history` (Up/Down across sessions). The chat transcript
//! (`chat-history.md`) is the engine's (`engine::transcript`), not the UI's.

mod app;
mod app_event;
mod cells;
mod completion;
mod diff_view;
pub mod external_editor;
mod file_search;
pub mod fuzzy;
mod highlight;
mod hints;
mod history;
pub mod keymap;
mod layers;
mod markdown;
mod overlay;
mod palette;
mod pane;
mod panes;
mod search;
pub mod theme;
mod wrap;

pub use app::{App, AppOptions};
pub use app_event::Focus;
mod terminal;

pub use terminal::run;
