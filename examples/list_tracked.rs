//! Times the listing of tracked files (`repo_files::list(root, true)`) and its
//! parts on a tree: finding the repository, reading the index, the names alone
//! (`list_paths`), and the whole listing with a stat per file. Each is run
//! `--runs` times in this one process (warm page cache); the best and the median
//! are printed.
//!
//! ```text
//! cargo run --release --example list_tracked -- [--root DIR] [--runs N] [--dump FILE]
//! ```
//!
//! `--dump FILE` writes the listing, one file a line (path, size, modification
//! time, blob id, linguist attributes), to compare two builds.
//!
//! Without `--root` it times `/work/trees/linux`, and says so and exits when that
//! tree is absent.

// Tests, benchmarks and examples unwrap and print: a failure there is the point.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::print_stdout,
    clippy::print_stderr
)]

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use aider_tui::git::GitRepo;
use aider_tui::repo_files;

const DEFAULT_ROOT: &str = "/work/trees/linux";

fn main() -> ExitCode {
    let mut root = None;
    let mut runs = 10usize;
    let mut dump = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--root" => root = args.next().map(PathBuf::from),
            "--dump" => dump = args.next().map(PathBuf::from),
            "--runs" => runs = args.next().and_then(|n| n.parse().ok()).unwrap_or(runs),
            other => {
                eprintln!("list_tracked: unknown argument {other}");
                return ExitCode::from(2);
            }
        }
    }
    let root = match root {
        Some(root) => root,
        None if std::path::Path::new(DEFAULT_ROOT).join(".git").exists() => {
            PathBuf::from(DEFAULT_ROOT)
        }
        None => {
            println!("list_tracked: {DEFAULT_ROOT} is absent; pass --root DIR (skipped)");
            return ExitCode::SUCCESS;
        }
    };
    let runs = runs.max(1);

    let listing = repo_files::list(&root, true);
    println!(
        "{}: {} files listed ({} with a blob id), {} refused, from git: {}",
        root.display(),
        listing.files.len(),
        listing
            .files
            .iter()
            .filter(|file| file.blob.is_some())
            .count(),
        listing.refused.len(),
        listing.from_git
    );

    if let Some(dump) = dump {
        let mut text = String::new();
        for file in &listing.files {
            let blob = file.blob.map_or("-".to_string(), |blob| {
                blob.iter().map(|byte| format!("{byte:02x}")).collect()
            });
            text.push_str(&format!(
                "{} {} {} {} {:?}\n",
                file.path, file.size, file.mtime_ns, blob, file.linguist
            ));
        }
        for refused in &listing.refused {
            text.push_str(&format!("refused {refused}\n"));
        }
        std::fs::write(&dump, text).unwrap();
    }

    time("discover", runs, || {
        GitRepo::discover(&root).unwrap().unwrap();
    });
    // A new repository each time: libgit2 keeps the parsed index in it.
    time("index_files", runs, || {
        let repository = GitRepo::discover(&root).unwrap().unwrap();
        std::hint::black_box(repository.index_files().unwrap());
    });
    time("list_paths", runs, || {
        std::hint::black_box(repo_files::list_paths(&root, true));
    });
    time("list", runs, || {
        std::hint::black_box(repo_files::list(&root, true));
    });
    ExitCode::SUCCESS
}

/// Runs `work` `runs` times and prints the best and the median wall time, and
/// the CPU time (user + system, all threads) of one run on average.
fn time(name: &str, runs: usize, mut work: impl FnMut()) {
    let cpu_before = cpu_seconds();
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            work();
            start.elapsed()
        })
        .collect();
    let cpu = (cpu_seconds() - cpu_before) / runs as f64;
    times.sort();
    println!(
        "{name:>12}: best {:7.1} ms  median {:7.1} ms  CPU {:7.1} ms  ({runs} runs)",
        times[0].as_secs_f64() * 1e3,
        times[runs / 2].as_secs_f64() * 1e3,
        cpu * 1e3
    );
}

/// This process's user and system time so far, from `/proc/self/stat` (clock
/// ticks of 1/100 s; 0 where there is no `/proc`).
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    // Fields after the command name (which may hold spaces) end with `)`.
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map_or("", |(_, rest)| rest)
        .split_whitespace()
        .collect();
    let ticks = |index: usize| {
        fields
            .get(index)
            .and_then(|field| field.parse::<f64>().ok())
    };
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
    ticks(11).unwrap_or(0.0) / 100.0 + ticks(12).unwrap_or(0.0) / 100.0
}
