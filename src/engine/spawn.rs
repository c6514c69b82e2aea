//! Starting the engine: a tokio task that owns the session, reads operations and
//! sends events until the front end quits.

use std::path::PathBuf;
use std::sync::Arc;

use tokio::sync::mpsc;

use crate::config::Settings;
use crate::edit::Workspace;
use crate::git::GitRepo;
use crate::protocol::{ChatMode, Command, ErrorKind, Event, Op, TurnOutcome, parse_command};
use crate::safe_fs::StateDir;
use crate::text::tracked_state_notice;

use super::cache_warm::keep_cache_warm;
use super::clipboard_commands::{command_copy, command_paste, copy_text};
use super::commands::{
    command_add, command_chat_mode, command_clear, command_commit, command_copy_context,
    command_drop, command_error, command_git, command_ls, command_map, command_model,
    command_read_only, command_run, command_test,
};
use super::context_report::command_tokens;
use super::context_report::{self, collect_summary, start_context_reports};
use super::devices::Devices;
use super::emitter::Emitter;
use super::files::add_startup_files;
use super::inbox::Inbox;
use super::key_command::{command_key, set_key};
use super::locked_repo::LockedRepo;
use super::lookups::Lookups;
use super::models::Models;
use super::read_only::command_reading;
use super::reasoning;
use super::repo_map::{follow_chat_files, on_map_progress, send_repo_map, start_repo_map};
use super::repository::{
    send_commit_diff, send_commit_log, send_file_preview, show_last_diff, undo_commit, undo_last,
};
use super::repository_settings::announce_repository_settings;
use super::rewind::command_session_file;
use super::saved_files::command_save;
use super::session::Session;
use super::session_log::{SessionLog, resume_at_start};
use super::session_map::Wait;
use super::status;
use super::transcript::Transcript;
use super::turn_view::TurnView;
use super::ui_commands;
use super::voice_command::command_voice;
use super::web_command::command_web;

/// Capacity of the operation channel.
const OPS_CAPACITY: usize = 64;
/// Capacity of the event channel: bounded so a slow front end slows the stream
/// instead of growing memory.
const EVENTS_CAPACITY: usize = 1024;

/// The running engine: its session and its two channel ends.
pub struct Engine {
    pub(super) session: Session,
    pub(super) inbox: Inbox,
    pub(super) emitter: Emitter,
    pub(super) sessions: SessionLog,
    /// The clipboard and the microphone.
    pub(super) devices: Devices,
}

/// Starts the engine on the current tokio runtime and returns the channel ends a
/// front end uses: operations in, events out. Start-up ends with a `Status` (warnings
/// about the models or the repository may come before it).
pub fn spawn(settings: Settings) -> (mpsc::Sender<Op>, mpsc::Receiver<Event>) {
    spawn_with(settings, Devices::system())
}

/// [`spawn`] with the given clipboard and recorder instead of the system's.
pub fn spawn_with(
    settings: Settings,
    devices: Devices,
) -> (mpsc::Sender<Op>, mpsc::Receiver<Event>) {
    let (ops_tx, ops_rx) = mpsc::channel(OPS_CAPACITY);
    let (events_tx, events_rx) = mpsc::channel(EVENTS_CAPACITY);
    tokio::spawn(async move {
        let emitter = Emitter::new(events_tx);
        let inbox = Inbox::new(ops_rx, settings.yes);
        match Engine::start(settings, inbox, emitter.clone(), devices).await {
            Some(mut engine) => engine.run().await,
            None => emitter.emit(Event::ShutdownComplete).await,
        }
    });
    (ops_tx, events_rx)
}

impl Engine {
    /// Builds the session: models, repository, files from the settings, repo map.
    /// `None` (after an error notice) when the session cannot work at all.
    async fn start(
        settings: Settings,
        inbox: Inbox,
        emitter: Emitter,
        devices: Devices,
    ) -> Option<Engine> {
        let started = std::time::Instant::now();
        let cwd = settings.root.clone();
        let git = if settings.git {
            match GitRepo::discover(&cwd) {
                Ok(found) => found,
                Err(err) => {
                    emitter
                        .warn(format!("git is off for this session: {err}"))
                        .await;
                    None
                }
            }
        } else {
            None
        };
        let root: PathBuf = git
            .as_ref()
            .map(|git| git.root().to_path_buf())
            .unwrap_or_else(|| cwd.clone());
        let models = {
            let settings = settings.clone();
            // Resolving may read the model table and .env files: keep it off the async workers.
            tokio::task::spawn_blocking(move || Models::load(&settings))
                .await
                .unwrap_or_default()
        };
        for warning in models.warnings.iter().chain(&models.notices) {
            emitter.warn(warning.clone()).await;
        }
        let workspace = match Workspace::new(&root) {
            Ok(workspace) => workspace,
            Err(err) => {
                emitter
                    .error(format!("cannot work in {}: {err}", root.display()))
                    .await;
                return None;
            }
        };
        // Chosen once, for the transcript, the sessions, the map and pasted images.
        let tracked_state = crate::git::tracked_state_files(&root);
        let state = match StateDir::open_untracked(&root, &tracked_state) {
            Ok(state) => Some(state),
            Err(err) => {
                tracing::warn!("no state folder can be used: {err}");
                None
            }
        };
        let sessions = SessionLog::new(state.as_ref());
        let session = Session::new(
            root,
            workspace,
            settings,
            models,
            git.map(|git| Arc::new(LockedRepo::new(git))),
            state,
        );
        let mut emitter = emitter;
        emitter.record_into(Transcript::open(session.state().cloned()));
        emitter.tally_into(sessions.tally());
        let mut engine = Engine {
            session,
            inbox,
            emitter,
            sessions,
            devices,
        };
        let lookups = Lookups::new(
            engine.session.git.clone(),
            engine.session.root.clone(),
            engine.emitter.clone(),
            TurnView::of(
                &engine.session,
                engine.sessions.store(),
                engine.sessions.id(),
            ),
        );
        engine.inbox.answer_lookups_with(lookups);
        announce_repository_settings(&engine.session.settings, &engine.emitter).await;
        if !tracked_state.is_empty() {
            let kept_in = engine.session.state().map(StateDir::path);
            engine
                .emitter
                .warn(tracked_state_notice(&tracked_state, kept_in))
                .await;
        }
        // Listing the files (a folder or glob on the command line needs them) is the
        // one walk before the first status; the map builds on its own thread, so the
        // screen shows the session at once on a repository of any size.
        let listing = std::time::Instant::now();
        engine.session.refresh_repo_files().await;
        let listed = listing.elapsed();
        add_startup_files(&mut engine.session, &engine.emitter).await;
        if !resume_at_start(&mut engine.sessions, &mut engine.session, &engine.emitter).await {
            return None;
        }
        engine.load_startup_commands().await;
        start_repo_map(&mut engine.session);
        engine.send_status().await;
        tracing::info!(
            files = engine.session.repo_file_count(),
            listing_ms = listed.as_millis() as u64,
            total_ms = started.elapsed().as_millis() as u64,
            "engine started"
        );
        Some(engine)
    }

    /// Reads operations until the front end quits or hangs up.
    async fn run(&mut self) {
        loop {
            let ping_due = self.session.keepalive.due();
            let map = self.session.map.task.as_mut();
            let op = tokio::select! {
                op = self.inbox.next() => op,
                () = async {
                    match map {
                        Some(map) => map.changed().await,
                        None => std::future::pending().await,
                    }
                } => {
                    on_map_progress(&mut self.session, &mut self.inbox, &self.emitter).await;
                    continue;
                }
                // A summary that lands between turns is folded in at once: the context
                // pane shows it, and the next turn never races it.
                () = self.session.summarizer.finished() => {
                    collect_summary(&mut self.session, &mut self.inbox, &self.emitter).await;
                    continue;
                }
                () = async {
                    match ping_due {
                        Some(due) => tokio::time::sleep_until(due).await,
                        None => std::future::pending().await,
                    }
                } => {
                    if keep_cache_warm(&mut self.session, &self.emitter).await {
                        self.send_status().await;
                        self.send_context_report().await;
                    }
                    continue;
                }
            };
            let Some(op) = op else { break };
            let git = self.session.git.as_deref();
            match op {
                Op::Submit { text } => self.submit(text).await,
                Op::Quit => break,
                Op::Interrupt
                | Op::StopRecording
                | Op::Answer { .. }
                | Op::ReviewDecide { .. }
                | Op::ReviewDraft { .. }
                | Op::ReviewTellRejected { .. }
                | Op::ReviewFinish { .. }
                | Op::PlanDecide { .. } => {
                    // Nothing is waiting for these between turns.
                }
                Op::SetAutoAccept { on } => {
                    self.inbox.auto_accept = on;
                    self.send_status().await;
                }
                Op::SetKey { provider, key } => {
                    set_key(&mut self.session, &self.emitter, &provider, key).await;
                    self.send_status().await;
                }
                Op::RequestCommitLog { limit } => send_commit_log(git, &self.emitter, limit).await,
                Op::RequestCommitDiff { commit } => {
                    send_commit_diff(git, &self.emitter, &commit).await
                }
                Op::UndoCommit { commit } => {
                    undo_commit(&mut self.session, &self.emitter, &commit).await
                }
                Op::RequestRepoMap => {
                    send_repo_map(
                        &mut self.session,
                        &mut self.inbox,
                        &self.emitter,
                        false,
                        Wait::No,
                    )
                    .await
                }
                Op::RefreshRepoMap => {
                    send_repo_map(
                        &mut self.session,
                        &mut self.inbox,
                        &self.emitter,
                        true,
                        Wait::No,
                    )
                    .await
                }
                Op::RequestContextReport => {
                    start_context_reports(&mut self.session, &mut self.inbox, &self.emitter).await
                }
                Op::CopyText { text, what } => {
                    copy_text(&self.devices, &self.emitter, text, &what).await
                }
                Op::RequestFilePreview { path } => {
                    send_file_preview(&self.session.workspace, &self.emitter, path).await
                }
                Op::RequestRepoFiles => {
                    self.session.refresh_repo_files().await;
                    let files = self.session.repo_files();
                    self.emitter.emit(Event::RepoFiles { files }).await;
                }
            }
            if self.inbox.quit {
                break;
            }
        }
        self.emitter.emit(Event::ShutdownComplete).await;
    }

    /// Runs one submitted message or command as a turn, from `TurnStarted` to `TurnFinished`.
    async fn submit(&mut self, text: String) {
        self.emitter
            .emit(Event::TurnStarted {
                message: text.clone(),
            })
            .await;
        self.inbox.take_interrupt();
        self.inbox.turn_running = true;
        self.session.refresh_repo_files().await;
        // Lookups during the turn read the session as it is now.
        let view = TurnView::of(&self.session, self.sessions.store(), self.sessions.id());
        if let Some(lookups) = self.inbox.lookups_mut() {
            lookups.set_view(view);
        }
        self.emitter.record_user(&text);
        let chat_files = self.session.files.editable();
        self.sessions.begin_turn(&text, &self.session.history);
        let outcome = if text.trim_start().starts_with('/') {
            self.run_command(text.trim()).await
        } else {
            self.run_message(text, None).await
        };
        if let TurnOutcome::Error { message, .. } = &outcome {
            tracing::warn!("turn ended with an error: {message}");
        }
        if self.session.files.editable() != chat_files {
            follow_chat_files(&mut self.session, &mut self.inbox, &self.emitter).await;
        }
        self.sessions
            .save_after_turn(&self.session, &self.emitter)
            .await;
        // The status first, so a front end that stops reading at TurnFinished sees it.
        self.send_status().await;
        self.inbox.turn_running = false;
        self.emitter.emit(Event::TurnFinished { outcome }).await;
        // After the turn's end, so counting (and a map render) never holds it up.
        if std::mem::take(&mut self.inbox.context_wanted) {
            self.session.context.wanted = true;
        }
        self.send_context_report().await;
    }

    /// Sends the current status.
    pub(super) async fn send_status(&self) {
        status::send_status(&self.session, self.inbox.auto_accept, &self.emitter).await;
    }

    /// Sends the context report when a front end asked for them.
    pub(super) async fn send_context_report(&mut self) {
        context_report::send_context_report(&mut self.session, &mut self.inbox, &self.emitter)
            .await;
    }

    /// Runs one slash command line (starting with `/`).
    pub(super) async fn run_command(&mut self, line: &str) -> TurnOutcome {
        match parse_command(line) {
            Ok((command, args)) => self.dispatch(command, args).await,
            Err(message) => command_error(message),
        }
    }

    /// Each command of the registry to its handler. The rows the full-screen session
    /// runs itself (`Runs::Ui`) reach the engine only from a headless run.
    async fn dispatch(&mut self, command: Command, args: &str) -> TurnOutcome {
        match command {
            Command::Add => {
                command_add(&mut self.session, &mut self.inbox, &self.emitter, args).await
            }
            Command::Drop => command_drop(&mut self.session, &self.emitter, args).await,
            Command::ReadOnly => command_read_only(&mut self.session, &self.emitter, args).await,
            Command::Ls => command_ls(&self.session, &self.emitter).await,
            Command::Undo => undo_last(&mut self.session, &self.emitter).await,
            Command::Diff => show_last_diff(&self.session, &self.emitter).await,
            Command::Commit => {
                command_commit(&mut self.session, &mut self.inbox, &self.emitter, args).await
            }
            Command::Run => {
                command_run(&mut self.session, &mut self.inbox, &self.emitter, args).await
            }
            Command::Test => command_test(&mut self.session, &self.emitter, args).await,
            Command::Lint => self.command_lint(args).await,
            Command::Ask => self.mode_command(ChatMode::Ask, args).await,
            Command::Code => self.mode_command(ChatMode::Code, args).await,
            Command::Architect => self.mode_command(ChatMode::Architect, args).await,
            Command::Context => self.mode_command(ChatMode::Context, args).await,
            Command::ChatMode => command_chat_mode(&mut self.session, &self.emitter, args).await,
            Command::Model | Command::WeakModel | Command::EditorModel => {
                command_model(&mut self.session, &self.emitter, command, args).await
            }
            Command::Key => command_key(args),
            Command::ReasoningEffort | Command::ThinkTokens => {
                reasoning::command_reasoning(command, &mut self.session, &self.emitter, args).await
            }
            Command::Tokens => {
                command_tokens(&mut self.session, &mut self.inbox, &self.emitter).await
            }
            Command::Clear => command_clear(&mut self.session, &self.emitter, false).await,
            Command::Reset => command_clear(&mut self.session, &self.emitter, true).await,
            Command::Map => {
                command_map(&mut self.session, &mut self.inbox, &self.emitter, false).await
            }
            Command::MapRefresh => {
                command_map(&mut self.session, &mut self.inbox, &self.emitter, true).await
            }
            Command::Settings | Command::Models | Command::Help | Command::Cancel => {
                command_reading(command, &self.session, &self.emitter, args).await
            }
            Command::Git => command_git(&self.session.root, &self.emitter, args).await,
            Command::Rewind | Command::Redo | Command::Sessions | Command::Resume => {
                let (log, session, inbox) =
                    (&mut self.sessions, &mut self.session, &mut self.inbox);
                command_session_file(command, log, session, inbox, &self.emitter, args).await
            }
            Command::Copy => {
                command_copy(&self.session.history, &self.devices, &self.emitter).await
            }
            Command::CopyContext => {
                let (session, inbox) = (&mut self.session, &mut self.inbox);
                command_copy_context(session, inbox, &self.emitter, &self.devices).await
            }
            Command::Paste => {
                command_paste(&mut self.session, &self.devices, &self.emitter, args).await
            }
            Command::Web => match command_web(&mut self.session, &self.emitter, args).await {
                Ok(Some(text)) => self.run_message(text, None).await,
                Ok(None) => TurnOutcome::Success,
                Err(message) => command_error(message),
            },
            Command::Voice => {
                let session = &self.session;
                let (devices, emitter) = (&self.devices, &self.emitter);
                command_voice(
                    &session.settings,
                    &session.models,
                    devices,
                    &mut self.inbox,
                    emitter,
                    args,
                )
                .await
            }
            Command::Save => {
                let session = &self.session;
                command_save(&session.files, &session.settings.cwd, &self.emitter, args).await
            }
            Command::Load => self.command_load(args).await,
            Command::Exit
            | Command::Quit
            | Command::AutoAccept
            | Command::Watch
            | Command::Editor
            | Command::MultilineMode
            | Command::ContextPane => {
                ui_commands::run_headless(command, &mut self.inbox, &self.emitter).await
            }
        }
    }

    pub(super) async fn command_load(&mut self, args: &str) -> TurnOutcome {
        let typed = args.trim();
        if typed.is_empty() {
            return TurnOutcome::Error {
                kind: ErrorKind::Command,
                message: "/load needs a file name: /load chat-files.txt".to_string(),
            };
        }
        let path = self.session.settings.cwd.join(typed);
        let text = match crate::safe_fs::read_regular(&path) {
            Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
            Err(error) => {
                return TurnOutcome::Error {
                    kind: ErrorKind::Command,
                    message: format!("Cannot read {typed}: {error}"),
                };
            }
        };
        self.run_command_lines(typed, &text).await
    }

    /// `--load FILE`: its commands run once the session has started, before `--message`.
    pub(super) async fn load_startup_commands(&mut self) {
        let Some(file) = self.session.settings.load.clone() else {
            return;
        };
        let path = self.session.settings.cwd.join(&file);
        match crate::safe_fs::read_regular(&path) {
            Ok(bytes) => {
                let text = String::from_utf8_lossy(&bytes).into_owned();
                let name = file.display().to_string();
                if let TurnOutcome::Error { message, .. } =
                    self.run_command_lines(&name, &text).await
                {
                    self.emitter.warn(message).await;
                }
            }
            Err(error) => {
                self.emitter
                    .warn(format!(
                        "--load {}: cannot read it: {error}",
                        file.display()
                    ))
                    .await
            }
        }
    }

    /// Runs each command line of `text` (from `source`); a failing command is reported
    /// and the rest still run.
    async fn run_command_lines(&mut self, source: &str, text: &str) -> TurnOutcome {
        let mut failed = 0;
        for (number, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let place = format!("{source}:{}", number + 1);
            if !line.starts_with('/') {
                self.emitter
                    .warn(format!("{place}: not a slash command, skipped: {line}"))
                    .await;
                failed += 1;
                continue;
            }
            if matches!(parse_command(line), Ok((crate::protocol::Command::Load, _))) {
                // A file loading itself, or two loading each other, would never end.
                self.emitter
                    .warn(format!("{place}: /load inside a loaded file is not run"))
                    .await;
                failed += 1;
                continue;
            }
            if let TurnOutcome::Error { message, .. } = Box::pin(self.run_command(line)).await {
                self.emitter.warn(format!("{place}: {message}")).await;
                failed += 1;
            }
            if self.inbox.quit {
                break;
            }
        }
        self.send_status().await;
        if failed == 0 {
            TurnOutcome::Success
        } else {
            TurnOutcome::Error {
                kind: ErrorKind::Command,
                message: format!(
                    "{} of {source} did not run",
                    crate::text::counted(failed, "line", "lines")
                ),
            }
        }
    }
}
