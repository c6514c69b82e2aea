//! Every integration test but the tmux suite, as modules of one binary: one link,
//! one copy of the support code. Each module is one topic, named as before.

// Tests unwrap and print: a failure there is the point.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::print_stdout,
    clippy::print_stderr
)]

#[path = "../support/mod.rs"]
mod support;

mod aider_commits;
mod apply_cli;
mod config_layers;
mod corpus;
mod edit_apply;
mod edit_properties;
mod edit_replies;
mod edit_streaming;
mod engine_add_globs;
mod engine_identity;
mod engine_modes;
mod engine_steer;
mod engine_turn;
mod engine_ways;
mod engine_window;
mod git_repository;
mod hardening_cli;
mod hardening_engine;
mod hardening_properties;
mod layering;
mod llm_anthropic;
mod llm_azure;
mod llm_images;
mod llm_mock;
mod llm_model_facts;
mod llm_ollama;
mod llm_openai;
mod llm_reasoning;
mod llm_routing;
mod llm_secrets_cli;
mod llm_services;
mod llm_silence;
mod llm_stop_reasons;
mod llm_transcription;
mod model_files;
mod oneshot_cli;
mod patch_apply;
mod repomap_cache;
mod repomap_cli;
mod repomap_hardening;
mod repomap_rank;
mod repomap_scan;
mod repomap_snapshot;
mod repomap_tags;
mod sessions_resume;
mod sessions_rewind;
mod tui_screens;
mod tui_sessions;
mod tui_steer;
mod tui_terminal_safety;
mod tui_ways;
mod watch_mode;
