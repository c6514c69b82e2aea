//! The co-change history walk alone: `GitRepo::changed_files` from HEAD, timed,
//! with a digest of what it read (to check that two builds read the same files).
//!
//! ```text
//! cargo run --release --example history_walk -- --root DIR [--commits 2000] [--runs 3] [--verify yes]
//! ```
//!
//! `--verify yes` turns libgit2's re-hashing of every object it reads back on (process-wide;
//! `GitRepo` turns it off, as git reads).

// Tests, benchmarks and examples unwrap and print: a failure there is the point.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::print_stdout,
    clippy::print_stderr
)]

use std::hash::{Hash, Hasher};
use std::time::Instant;

use aider_tui::git::GitRepo;

fn main() {
    let mut root = None;
    let mut commits = 2000;
    let mut runs = 1;
    let mut verify = false;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let value = args.next().expect("a value after each flag");
        match arg.as_str() {
            "--root" => root = Some(std::path::PathBuf::from(value)),
            "--commits" => commits = value.parse().expect("--commits N"),
            "--runs" => runs = value.parse().expect("--runs N"),
            "--verify" => verify = value == "yes",
            other => panic!("unknown flag {other}"),
        }
    }
    let root = root.expect("--root DIR");
    for run in 1..=runs {
        // Opened each run: the object cache starts empty, as in a new process.
        let repo = GitRepo::discover(&root).unwrap().expect("a git repository");
        // After the first open, which sets the process's default (no re-hash).
        git2::opts::strict_hash_verification(verify);
        let started = Instant::now();
        let cpu_before = cpu_seconds();
        let walk = repo.changed_files(commits, 50, None).unwrap().unwrap();
        let cpu = cpu_seconds() - cpu_before;
        let time = started.elapsed();
        let files: usize = walk.commits.iter().map(|commit| commit.paths.len()).sum();
        let mut digest = std::collections::hash_map::DefaultHasher::new();
        for commit in &walk.commits {
            commit.paths.hash(&mut digest);
            commit.renames.hash(&mut digest);
        }
        println!(
            "run {run}: {} commits, {files} files, digest {:016x}, {:.3} s wall, {cpu:.3} CPU-s",
            walk.commits.len(),
            digest.finish(),
            time.as_secs_f64()
        );
    }
}

/// User and system time of this (single-threaded) process.
fn cpu_seconds() -> f64 {
    // SAFETY: getrusage writes only the struct it is given.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_SELF, &mut usage);
        usage
    };
    let seconds = |time: libc::timeval| time.tv_sec as f64 + time.tv_usec as f64 / 1e6;
    seconds(usage.ru_utime) + seconds(usage.ru_stime)
}
