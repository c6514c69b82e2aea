//! The session front ends: one headless turn with `--message` (or `--message-file`),
//! else the full-screen UI. Both drive the same engine; logs go to `.aider-tui/` in the
//! repository, never to the terminal.

// A command of the binary's edge: its output is its contract.
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::path::Path;
use std::process::ExitCode;

use anyhow::Context;

use crate::config::{self, Resume, Settings};
use crate::engine;
use crate::git::GitRepo;
use crate::oneshot;
use crate::safe_fs::{STATE_DIR_NAME, StateLocation};
use crate::sessions::{SessionError, SessionStore};

/// Loads the settings and runs the chosen front end.
pub fn run(args: super::args::SessionArgs) -> ExitCode {
    match start(args) {
        Ok(code) => code,
        Err(err) => {
            eprintln!("aider-tui: {err:#}");
            ExitCode::from(2)
        }
    }
}

fn start(args: super::args::SessionArgs) -> anyhow::Result<ExitCode> {
    let cwd = std::env::current_dir().context("reading the current directory")?;
    let overrides = super::settings::overrides_from_args(&args);
    let settings = config::load_from_process(&cwd, &overrides).context("loading the settings")?;
    let message = headless_message(&settings)?;
    // After the logging, which makes the state folder and keeps it out of git.
    let _log_guard = start_logging(&settings);
    check_resumable(&settings)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    if let Some(message) = message {
        return Ok(runtime.block_on(oneshot::run(settings, message)));
    }
    let _entered = runtime.enter();
    // Someone is there to review the architect's plan: stop for it unless told not to.
    let mut settings = settings;
    settings.auto_accept_architect.get_or_insert(false);
    let (ops, events) = engine::spawn(settings.clone());
    let state = crate::git::open_state_dir(&settings.root).ok();
    Ok(crate::tui::run(settings, state, ops, events))
}

/// Stops the start when `--resume` names no session that can be read, or one another
/// run holds, before any front end runs: a headless message must never go out without
/// the history it was meant to continue (the engine takes the session's lock itself).
/// Plain `--resume` over session files that are all damaged goes on: the engine names
/// each skipped file and starts a new session, as Aider does.
fn check_resumable(settings: &Settings) -> anyhow::Result<()> {
    let found = match &settings.resume {
        Resume::No => return Ok(()),
        Resume::Latest => open_store(&settings.root).and_then(|store| match store.latest()? {
            (Some(record), _) => store.lock(&record.id).map(drop),
            (None, _) => Ok(()),
        }),
        Resume::Session(id) => open_store(&settings.root).and_then(|store| {
            let record = store.load(id)?;
            store.lock(&record.id).map(drop)
        }),
    };
    found.context("--resume")
}

/// The sessions of the repository at `root`, in the state folder the engine chooses
/// too (never files git tracks there).
pub(super) fn open_store(root: &Path) -> Result<SessionStore, SessionError> {
    let state = crate::git::open_state_dir(root).map_err(|source| SessionError::Io {
        action: format!("opening the state folder of {}", root.display()),
        source,
    })?;
    SessionStore::in_state_dir(&state)
}

/// `aider-tui watch`: loads the settings and watches headless until interrupted.
pub fn run_watch(args: super::args::SessionArgs) -> ExitCode {
    let started = (|| -> anyhow::Result<ExitCode> {
        let cwd = std::env::current_dir().context("reading the current directory")?;
        let overrides = super::settings::overrides_from_args(&args);
        let settings =
            config::load_from_process(&cwd, &overrides).context("loading the settings")?;
        check_resumable(&settings)?;
        let _log_guard = start_logging(&settings);
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .build()
            .context("starting the async runtime")?;
        Ok(runtime.block_on(oneshot::run_watch(settings)))
    })();
    match started {
        Ok(code) => code,
        Err(err) => {
            eprintln!("aider-tui: {err:#}");
            ExitCode::from(2)
        }
    }
}

/// The message of a headless run: `--message`, or the contents of `--message-file`.
fn headless_message(settings: &Settings) -> anyhow::Result<Option<String>> {
    if let Some(message) = &settings.message {
        return Ok(Some(message.clone()));
    }
    let Some(file) = &settings.message_file else {
        return Ok(None);
    };
    let path = settings.cwd.join(file);
    let text = std::fs::read_to_string(&path)
        .with_context(|| format!("reading the message file {}", path.display()))?;
    Ok(Some(text))
}

/// Sends tracing output to `aider-tui.log` in the state folder (`.aider-tui/` under the
/// repository root, kept out of git by the local exclude file). Logging is best effort:
/// a folder that cannot be written just means no log.
fn start_logging(settings: &Settings) -> Option<tracing_appender::non_blocking::WorkerGuard> {
    let state = crate::git::open_state_dir(&settings.root).ok()?;
    if settings.git && state.location() == &StateLocation::Repository {
        exclude_state_dir(&settings.root);
    }
    let file = state.open_append("aider-tui.log").ok()?;
    let (writer, guard) = tracing_appender::non_blocking(file);
    let filter = tracing_subscriber::EnvFilter::try_from_env("AIDER_TUI_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    tracing_subscriber::fmt()
        .with_writer(writer)
        .with_ansi(false)
        .with_env_filter(filter)
        .try_init()
        .ok()?;
    Some(guard)
}

/// Keeps the state folder out of `git status` through `.git/info/exclude`.
fn exclude_state_dir(root: &Path) {
    if let Ok(Some(repo)) = GitRepo::discover(root)
        && let Err(err) = repo.exclude_locally(&format!("{STATE_DIR_NAME}/"))
    {
        eprintln!("aider-tui: could not add {STATE_DIR_NAME}/ to .git/info/exclude: {err}");
    }
}
