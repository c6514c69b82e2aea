//! The end-to-end suite: the real binary in a real terminal (tmux), driven with
//! the keyboard against the loopback mock model. Skips when tmux is absent.

// Tests unwrap and print: a failure there is the point.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::print_stdout,
    clippy::print_stderr
)]

#[path = "../support/mod.rs"]
mod support;

mod tui_e2e_tmux;
