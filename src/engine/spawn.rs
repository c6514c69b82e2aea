//! Starting the engine: a tokio task that owns the session, reads operations and
//! sends events until the front end quits.

use std::path::PathBuf;
use std::sync::Arc;

use tokio::sync::mpsc;

use crate::config::Settings;
use crate::edit::Workspace;
use crate::git::GitRepo;
use crate::protocol::{Event, Op, TurnOutcome};
use crate::safe_fs::StateDir;
use crate::text::tracked_state_notice;

use super::devices::Devices;
use super::emitter::Emitter;
use super::inbox::Inbox;
use super::locked_repo::LockedRepo;
use super::lookups::Lookups;
use super::models::Models;
use super::session::Session;
use super::session_log::SessionLog;
use super::session_map::Wait;
use super::turn_view::TurnView;

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
        for warning in &models.warnings {
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
        emitter.record_into(session.transcript.clone());
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
        engine.announce_repository_settings().await;
        if !tracked_state.is_empty() {
            let kept_in = engine.session.state.as_ref().map(StateDir::path);
            engine
                .emitter
                .warn(tracked_state_notice(&tracked_state, kept_in))
                .await;
        }
        // Listing the files (a folder or glob on the command line needs them) is the
        // one walk before the first status; the map builds on its own thread, so the
        // screen shows the session at once on a repository of any size.
        let listing = std::time::Instant::now();
        engine.refresh_repo_files().await;
        let listed = listing.elapsed();
        engine.add_startup_files().await;
        if !engine.resume_at_start().await {
            return None;
        }
        engine.load_startup_commands().await;
        engine.start_repo_map();
        engine.send_status().await;
        tracing::info!(
            files = engine.session.repo_files.len(),
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
                    self.on_map_progress().await;
                    continue;
                }
                () = async {
                    match ping_due {
                        Some(due) => tokio::time::sleep_until(due).await,
                        None => std::future::pending().await,
                    }
                } => {
                    self.keep_cache_warm().await;
                    continue;
                }
            };
            let Some(op) = op else { break };
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
                Op::SetKey { provider, key } => self.set_key(&provider, key).await,
                Op::RequestCommitLog { limit } => self.send_commit_log(limit).await,
                Op::RequestCommitDiff { commit } => self.send_commit_diff(&commit).await,
                Op::UndoCommit { commit } => self.undo_commit(&commit).await,
                Op::RequestRepoMap => self.send_repo_map(false, Wait::No).await,
                Op::RefreshRepoMap => self.send_repo_map(true, Wait::No).await,
                Op::RequestContextReport => self.start_context_reports().await,
                Op::CopyText { text, what } => self.copy_text(text, &what).await,
                Op::RequestFilePreview { path } => self.send_file_preview(path).await,
                Op::RequestRepoFiles => {
                    self.refresh_repo_files().await;
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
        self.refresh_repo_files().await;
        // Lookups during the turn read the session as it is now.
        let view = TurnView::of(&self.session, self.sessions.store(), self.sessions.id());
        if let Some(lookups) = self.inbox.lookups_mut() {
            lookups.set_view(view);
        }
        self.session.transcript.user(&text);
        let chat_files = self.session.files.editable();
        self.begin_turn_record(&text);
        let outcome = if text.trim_start().starts_with('/') {
            self.run_command(text.trim()).await
        } else {
            self.run_message(text, None).await
        };
        if let TurnOutcome::Error { message, .. } = &outcome {
            tracing::warn!("turn ended with an error: {message}");
        }
        if self.session.files.editable() != chat_files {
            self.follow_chat_files().await;
        }
        self.save_after_turn().await;
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

    /// Lists the repository's files again, on the blocking pool (a walk of a big
    /// folder without git can take a while).
    pub(super) async fn refresh_repo_files(&mut self) {
        let root = self.session.root.clone();
        let use_git = self.session.git.is_some();
        match tokio::task::spawn_blocking(move || crate::repo_files::list_paths(&root, use_git))
            .await
        {
            Ok(files) => self.session.repo_files = files,
            Err(err) => tracing::warn!("listing the repository's files failed: {err}"),
        }
    }

    /// Sends the current status.
    pub(super) async fn send_status(&self) {
        let tokens = self.estimate_context_tokens();
        let status = self.session.status(self.inbox.auto_accept, tokens);
        self.emitter.emit(Event::Status(status)).await;
    }
}
