//! `aider-tui sessions`: the saved sessions of the repository in the current folder,
//! one line each (or one JSON object per line with `--json`), most recently active
//! first. Files that cannot be read are named on stderr and skipped.
// The command's output is its contract: it prints.
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::io::Write;
use std::process::ExitCode;

use crate::git::GitRepo;
use crate::protocol::SessionInfo;
use crate::safe_fs::STATE_DIR_NAME;
use crate::text::session_line;

/// Runs the command; exit 0 on success (also with no sessions), 1 when the sessions
/// folder cannot be read.
pub fn run(args: super::args::SessionsArgs) -> ExitCode {
    let folder = match args.root {
        Some(root) => root,
        None => match std::env::current_dir() {
            Ok(folder) => folder,
            Err(err) => {
                eprintln!("aider-tui sessions: cannot read the current directory: {err}");
                return ExitCode::from(1);
            }
        },
    };
    // Sessions live at the repository's root, wherever in it the command runs.
    let root = match GitRepo::discover(&folder) {
        Ok(Some(repo)) => repo.root().to_path_buf(),
        _ => folder,
    };
    // Listing never makes the state folder: a repository that has none has no sessions.
    if std::fs::symlink_metadata(root.join(STATE_DIR_NAME)).is_err() {
        if !args.json {
            eprintln!(
                "aider-tui sessions: no saved sessions in {} yet",
                root.display()
            );
        }
        return ExitCode::SUCCESS;
    }
    let listing = super::session::open_store(&root).and_then(|store| store.list());
    let listing = match listing {
        Ok(listing) => listing,
        Err(err) => {
            eprintln!("aider-tui sessions: {err}");
            return ExitCode::from(1);
        }
    };
    for problem in &listing.skipped {
        eprintln!("aider-tui sessions: skipped {problem}");
    }
    let mut out = std::io::stdout().lock();
    let mut written = Ok(());
    if listing.sessions.is_empty() && !args.json {
        eprintln!(
            "aider-tui sessions: no saved sessions in {} yet",
            root.display()
        );
    }
    for summary in &listing.sessions {
        let info = SessionInfo::from_summary(summary, false);
        let line = if args.json {
            match serde_json::to_string(&info) {
                Ok(line) => line,
                Err(err) => {
                    eprintln!("aider-tui sessions: {err}");
                    return ExitCode::from(1);
                }
            }
        } else {
            crate::text::printable(&session_line(&info)).into_owned()
        };
        written = written.and_then(|()| writeln!(out, "{line}"));
    }
    if let Err(err) = written.and_then(|()| out.flush())
        && err.kind() != std::io::ErrorKind::BrokenPipe
    {
        eprintln!("aider-tui sessions: cannot write the list: {err}");
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}
