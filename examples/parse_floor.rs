//! The parse floor of a tree: the files the map would parse, read into memory,
//! then parsed with the same grammars on every core, with and without the tags
//! query. No listing, hashing, interning, graph or rendering is timed: this is
//! what no map built on tree-sitter can beat on the machine.
//!
//! ```text
//! cargo run --release --example parse_floor -- --root DIR [--no-git]
//! ```

// Tests, benchmarks and examples unwrap and print: a failure there is the point.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::print_stdout,
    clippy::print_stderr
)]

use std::process::ExitCode;
use std::time::Instant;

use rayon::prelude::*;

use aider_tui::repo_files::{self, RootDir};

fn main() -> ExitCode {
    let mut root = None;
    let mut use_git = true;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--root" => root = args.next(),
            "--no-git" => use_git = false,
            other => {
                eprintln!("parse_floor: unknown argument {other}");
                return ExitCode::from(2);
            }
        }
    }
    let Some(root) = root.map(std::path::PathBuf::from) else {
        eprintln!("parse_floor: --root DIR is required");
        return ExitCode::from(2);
    };
    let Ok(reader) = RootDir::open(&root) else {
        eprintln!("parse_floor: cannot open {}", root.display());
        return ExitCode::from(1);
    };
    let listing = repo_files::list(&root, use_git);
    let files: Vec<(String, Vec<u8>)> = listing
        .files
        .into_par_iter()
        .filter(|file| file.size <= 1024 * 1024)
        .filter_map(|file| {
            let bytes = reader.read(&file.path, 1024 * 1024).ok()?;
            Some((file.path, bytes))
        })
        .collect();
    let bytes: usize = files.iter().map(|(_, bytes)| bytes.len()).sum();
    let started = Instant::now();
    let parsed = files
        .par_iter()
        .filter(|(path, bytes)| aider_tui::repomap::parse_only(path, bytes))
        .count();
    let parse = started.elapsed().as_secs_f64();
    let started = Instant::now();
    let tagged = files
        .par_iter()
        .filter(|(path, bytes)| {
            std::str::from_utf8(bytes)
                .ok()
                .and_then(|text| aider_tui::repomap::extract_tags(path, text))
                .is_some()
        })
        .count();
    let with_tags = started.elapsed().as_secs_f64();
    println!(
        "files read: {}  bytes: {bytes}  parsed: {parsed}  parse only: {parse:.2}s  parse + tags query: {with_tags:.2}s  tagged: {tagged}  threads: {}",
        files.len(),
        rayon::current_num_threads()
    );
    ExitCode::SUCCESS
}
