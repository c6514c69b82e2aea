//! Time to the first repo map, measured through the API a session drives: open,
//! `begin_refresh`, `prioritize` the chat files, `parse_next` in batches until
//! `first_map_ready`, then `render` for the chat. Keeps parsing to the end and
//! reports that too.
//!
//! ```text
//! cargo run --release --example first_map -- --root DIR [--chat-file RELPATH]...
//!     [--batch N] [--map-tokens N] [--no-cache]
//! ```
//! Prints one line per milestone (wall seconds since start, and the process's CPU
//! seconds so far: on a shared machine the second says what the work cost) and
//! the first map's size.

// Tests, benchmarks and examples unwrap and print: a failure there is the point.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::print_stdout,
    clippy::print_stderr
)]

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use aider_tui::repomap::{MapOptions, MapRequest, RepoMap};

fn main() -> ExitCode {
    let mut root: Option<PathBuf> = None;
    let mut chat_files: Vec<String> = Vec::new();
    let mut batch = 256usize;
    let mut map_tokens = 1024usize;
    let mut cache = true;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().unwrap_or_default();
        match arg.as_str() {
            "--root" => root = Some(PathBuf::from(value())),
            "--chat-file" => chat_files.push(value()),
            "--batch" => batch = value().parse().unwrap_or(batch),
            "--map-tokens" => map_tokens = value().parse().unwrap_or(map_tokens),
            "--no-cache" => cache = false,
            other => {
                eprintln!("first_map: unknown argument {other}");
                return ExitCode::from(2);
            }
        }
    }
    let Some(root) = root else {
        eprintln!("first_map: --root DIR is required");
        return ExitCode::from(2);
    };
    let started = Instant::now();
    let seconds = || started.elapsed().as_secs_f64();
    let cpu = || {
        // SAFETY: getrusage only writes the struct it is given.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) };
        let time = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
        time(usage.ru_utime) + time(usage.ru_stime)
    };
    let options = MapOptions {
        cache,
        ..MapOptions::default()
    };
    let mut map = match RepoMap::open(&root, options) {
        Ok(map) => map,
        Err(err) => {
            eprintln!("first_map: {err}");
            return ExitCode::from(1);
        }
    };
    let plan = match map.begin_refresh() {
        Ok(plan) => plan,
        Err(err) => {
            eprintln!("first_map: {err}");
            return ExitCode::from(1);
        }
    };
    println!(
        "{:7.2}s  (cpu {:.2}s)  plan: {} listed, {} known, {} project + {} vendored to parse",
        seconds(),
        cpu(),
        plan.listed,
        plan.cached,
        plan.project_to_parse,
        plan.vendored_to_parse
    );
    map.prioritize(&chat_files);
    let request = MapRequest {
        chat_files: chat_files.clone(),
        max_tokens: if chat_files.is_empty() {
            map_tokens * aider_tui::repomap::NO_CHAT_FILES_MULTIPLIER
        } else {
            map_tokens
        },
        ..MapRequest::default()
    };
    let mut progress = map.progress();
    while !progress.first_map_ready {
        progress = map.parse_next(batch);
    }
    let ready = seconds();
    let output = map.render(&request);
    println!(
        "{:7.2}s  first map (cpu {:.2}s): {} of {} files parsed ({:?}), rendered in {:.2}s: {} tokens, {} files shown",
        seconds(),
        cpu(),
        progress.parsed,
        progress.total,
        progress.phase,
        seconds() - ready,
        output.tokens,
        output.ranked.len()
    );
    while !progress.done {
        progress = map.parse_next(batch);
    }
    println!(
        "{:7.2}s  (cpu {:.2}s)  all {} files parsed",
        seconds(),
        cpu(),
        progress.parsed
    );
    let full_started = seconds();
    let output = map.render(&request);
    println!(
        "{:7.2}s  full map rendered in {:.2}s: {} tokens",
        seconds(),
        seconds() - full_started,
        output.tokens
    );
    // The process ends here: freeing a kernel-sized map is left to the system.
    std::mem::forget(map);
    ExitCode::SUCCESS
}
