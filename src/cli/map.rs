//! `aider-tui map`: print the repo map (owner: repo map).
//!
//! `--stats` prints the scan's figures to stderr; `--explain` prints, after the
//! map, each shown file's score, the edges and signals that earned it, and the
//! rule that made it vendored or generated. Everything is parsed before the map
//! is printed (project code first); `--map-vendored` maps vendored and generated
//! files as ordinary ones. The co-change history (`--map-history N` commits of
//! HEAD's past, 0 for none) is waited for, so the map does not depend on timing.
//! `--message` gives the map a request's words, as a session's message does.

// A command of the binary's edge: its output is its contract.
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use super::args::MapArgs;

use crate::git::GitRepo;
use crate::repomap::{
    DEFAULT_MAP_TOKENS, HistoryReport, MapOptions, MapOutput, MapRequest, NO_CHAT_FILES_MULTIPLIER,
    RepoMap, ScanStats,
};
use crate::safe_fs::{STATE_DIR_NAME, StateDir, StateLocation};
use crate::text::printable;

/// Runs the command; exit 0 on success, 1 when the map cannot be built.
pub fn run(args: MapArgs) -> ExitCode {
    let state_dir = open_state_dir(&args.root);
    let options = MapOptions {
        progress: true,
        map_vendored: args.map_vendored,
        history_commits: args.map_history,
        state_dir,
        cache_dir: args.tag_store.clone(),
        ..MapOptions::default()
    };
    let mut map = match RepoMap::open(&args.root, options) {
        Ok(map) => map,
        Err(err) => {
            eprintln!("aider-tui map: {}", printable(&err.to_string()));
            return ExitCode::from(1);
        }
    };
    let stats = match map.refresh() {
        Ok(stats) => stats,
        Err(err) => {
            eprintln!("aider-tui map: {}", printable(&err.to_string()));
            return ExitCode::from(1);
        }
    };
    warn_about_refresh(&stats);
    let base = args.map_tokens.unwrap_or(DEFAULT_MAP_TOKENS);
    let max_tokens = if args.chat_files.is_empty() {
        base.saturating_mul(NO_CHAT_FILES_MULTIPLIER)
    } else {
        base
    };
    warn_about_unmapped(&args, map.files());
    // One map, printed once: its history is waited for.
    let history = map.wait_for_history();
    if let Some(warning) = &history.warning {
        eprintln!("aider-tui map: warning: {}", printable(warning));
    }
    let message = args.message.unwrap_or_default();
    // A message names files and identifiers as it would in a session.
    let in_chat = args.chat_files.iter().cloned().collect();
    let named = crate::engine::find_mentions(&message, map.files(), &in_chat);
    let mut mention_files = args.mention_files;
    mention_files.extend(named.files);
    let mut mention_idents = args.mention_idents;
    mention_idents.extend(named.identifiers);
    let request = MapRequest {
        chat_files: args.chat_files,
        mention_files,
        mention_idents,
        message,
        max_tokens,
        explain: args.explain,
        // Waited for above.
        wait_for_history: true,
    };
    let render_started = std::time::Instant::now();
    let output = map.render(&request);
    let render_time = render_started.elapsed();

    let mut stdout = std::io::stdout().lock();
    // File names and source lines are shown, never obeyed by the terminal.
    let mut printed = stdout.write_all(printable(&output.text).as_bytes());
    if args.explain {
        let explanation = explanation(&output);
        printed = printed.and_then(|()| stdout.write_all(printable(&explanation).as_bytes()));
    }
    if let Err(err) = printed.and_then(|()| stdout.flush())
        && err.kind() != std::io::ErrorKind::BrokenPipe
    {
        eprintln!("aider-tui map: cannot write the map: {err}");
        return ExitCode::from(1);
    }
    if args.stats {
        print_stats(&stats, &history, &output, max_tokens, render_time);
    }
    // After the map is out: the next run on this tree restores it from here.
    if let Err(warning) = map.keep() {
        eprintln!("aider-tui map: warning: {}", printable(&warning));
    }
    // Freeing a kernel-sized map takes a good part of a second, and the process
    // ends here: leave it to the operating system.
    std::mem::forget(map);
    ExitCode::SUCCESS
}

/// The scan's warnings: a tag store that could not be used, a repository git could
/// not list, index entries outside the repository.
fn warn_about_refresh(stats: &ScanStats) {
    if let Some(warning) = &stats.cache_error {
        eprintln!(
            "aider-tui map: warning: {}",
            printable(&warning.to_string())
        );
    }
    if let Some(error) = &stats.git_error {
        eprintln!(
            "aider-tui map: warning: {}; the files were listed by a walk of the folder",
            printable(error)
        );
    }
    if !stats.refused.is_empty() {
        eprintln!(
            "aider-tui map: warning: {} git index entries name paths outside the repository and were not read: {}",
            stats.refused.len(),
            printable(&stats.refused.join(", "))
        );
    }
}

/// A warning for each chat or mentioned file the map does not hold.
fn warn_about_unmapped(args: &MapArgs, mapped: &[String]) {
    for path in args.chat_files.iter().chain(&args.mention_files) {
        let wanted = path.trim_start_matches("./");
        if mapped
            .binary_search_by(|file| file.as_str().cmp(wanted))
            .is_err()
        {
            eprintln!(
                "aider-tui map: warning: {} is not a mapped file under {}",
                printable(path),
                printable(&args.root.display().to_string())
            );
        }
    }
}

/// `--explain`: each shown file's score, its classification and the edges that earned it.
fn explanation(output: &MapOutput) -> String {
    let mut explanation = String::from("\n# Why these files\n");
    for file in &output.ranked {
        explanation.push_str(&format!("{}  score {:.6}\n", file.path, file.score));
        if let Some(classification) = &file.classification {
            explanation.push_str(&format!("    {classification}\n"));
        }
        if let Some(matched) = file.matched() {
            explanation.push_str(&format!("    {matched}\n"));
        }
        for reason in &file.reasons {
            if reason.from.is_empty() {
                explanation.push_str(&format!("    {:.6}  {}\n", reason.weight, reason.ident));
            } else {
                explanation.push_str(&format!(
                    "    {:.6}  {}  ← {}\n",
                    reason.weight, reason.ident, reason.from
                ));
            }
        }
    }
    explanation
}

/// `--stats`: the scan's figures, the render's time and the map's tokens, to stderr.
fn print_stats(
    stats: &ScanStats,
    history: &HistoryReport,
    output: &MapOutput,
    max_tokens: usize,
    render_time: Duration,
) {
    eprintln!(
        "files: {}  skipped: {}  tags: {} ({} definitions, {} referenced identifiers)",
        stats.files, stats.skipped, stats.tags, stats.definitions, stats.references
    );
    eprintln!(
        "parsed: {}  cache hits: {}  removed: {}  vendored or generated: {}",
        stats.parsed, stats.cache_hits, stats.removed, stats.vendored
    );
    eprintln!(
        "list: {:.3}s  tag store: {:.3}s  parse: {:.3}s  graph: {:.3}s  scan total: {:.3}s  rank+render: {:.3}s",
        stats.walk_time.as_secs_f64(),
        stats.cache_load_time.as_secs_f64(),
        stats.parse_time.as_secs_f64(),
        stats.graph_time.as_secs_f64(),
        stats.total_time.as_secs_f64(),
        render_time.as_secs_f64()
    );
    eprintln!(
        "history: {} commits ({} read now) in {:.3}s",
        history.commits,
        history.read,
        history.time.as_secs_f64()
    );
    eprintln!(
        "tokens: {} of {} ({})",
        output.tokens,
        max_tokens,
        crate::tokens::ENCODING_NAME
    );
}

/// The state folder for the map's path → hash index; in a git repository it is
/// kept out of `git status` through `.git/info/exclude`. `None` (the map then
/// opens its own, or runs without) when it cannot be opened.
fn open_state_dir(root: &std::path::Path) -> Option<StateDir> {
    let state = crate::git::open_state_dir(root).ok()?;
    if state.location() == &StateLocation::Repository
        && let Ok(Some(repo)) = GitRepo::discover(root)
        && let Err(err) = repo.exclude_locally(&format!("{STATE_DIR_NAME}/"))
    {
        eprintln!(
            "aider-tui map: warning: could not add {STATE_DIR_NAME}/ to .git/info/exclude: {err}"
        );
    }
    Some(state)
}
