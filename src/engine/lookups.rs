//! What a front end may look up at any moment and gets at once, also while a turn runs:
//! the commit log, one commit's diff, the file list, the map with its explanations, the
//! context report, and the answers of the commands that only read (`/settings`,
//! `/models`, `/sessions`, `/map`, `/help`; see `during_turn` for the rule). None of
//! them changes the session, so a turn's waits (the stream, the review, a question:
//! every caller of `Inbox::receive_during_turn`) hand them here instead of holding them
//! until the turn ends. Git lookups read the shared repository, the others the turn's
//! snapshot (`TurnView`); each runs on a task beside the turn and its answer is sent
//! when it is ready. Between turns the engine's main loop answers the pane requests in
//! line, so the log it sends after a commit keeps its place among the turn's events.

use std::path::PathBuf;
use std::sync::Arc;

use crate::protocol::{ContextReport, DiffSource, Event, NoticeLevel, Op, help_text};

use super::emitter::Emitter;
use super::locked_repo::LockedRepo;
use super::model_listing::models_listing;
use super::read_only::{session_list, settings_text};
use super::session_map::map_view;
use super::turn_view::TurnView;

/// Said when a lookup needs git and the session has none.
pub(super) const NO_GIT: &str = "git is not in use in this session (no repository, or --no-git)";

/// Answers lookups beside a running turn.
#[derive(Clone)]
pub struct Lookups {
    git: Option<Arc<LockedRepo>>,
    root: PathBuf,
    emitter: Emitter,
    view: Arc<TurnView>,
    /// What the last request sent held (none before the first one).
    context: Option<Arc<ContextReport>>,
}

impl Lookups {
    /// Lookups in the session's repository (none without git) under `root`, answered
    /// to `emitter` from `view` until the next turn leaves its own.
    pub fn new(
        git: Option<Arc<LockedRepo>>,
        root: PathBuf,
        emitter: Emitter,
        view: TurnView,
    ) -> Self {
        Lookups {
            git,
            root,
            emitter,
            view: Arc::new(view),
            context: None,
        }
    }

    /// Answers from `view` from now on (a turn starts).
    pub fn set_view(&mut self, view: TurnView) {
        self.view = Arc::new(view);
    }

    /// A request went out (or a report was made): a context report asked for during a
    /// turn shows this one.
    pub fn set_context(&mut self, report: ContextReport) {
        self.context = Some(Arc::new(report));
    }

    /// Where answers go.
    pub fn emitter(&self) -> &Emitter {
        &self.emitter
    }

    /// Takes `op` if it is a lookup and answers it beside the turn (`None`); any other
    /// operation comes back for the turn to handle.
    pub fn take(&self, op: Op) -> Option<Op> {
        let lookup = match op {
            Op::RequestCommitLog { limit } => Lookup::Log(limit),
            Op::RequestCommitDiff { commit } => Lookup::Diff(commit),
            Op::RequestRepoFiles => Lookup::Files,
            Op::RequestRepoMap => Lookup::Map { refresh: false },
            Op::RefreshRepoMap => Lookup::Map { refresh: true },
            Op::RequestContextReport => Lookup::Context,
            other => return Some(other),
        };
        self.answer(lookup);
        None
    }

    /// Answers `lookup` on a task of its own.
    pub fn answer(&self, lookup: Lookup) {
        let lookups = self.clone();
        tokio::spawn(async move {
            for event in lookup.answer(&lookups).await {
                lookups.emitter.emit(event).await;
            }
        });
    }
}

/// A lookup taken from a turn's operations.
#[derive(Debug, PartialEq, Eq)]
pub enum Lookup {
    Log(usize),
    Diff(String),
    Files,
    Map { refresh: bool },
    Context,
    Settings,
    Models(String),
    Sessions,
    Help,
}

impl Lookup {
    async fn answer(self, lookups: &Lookups) -> Vec<Event> {
        let view = &lookups.view;
        match self {
            Lookup::Log(limit) => {
                let git = lookups.git.clone();
                vec![on_blocking(move || commit_log(git.as_deref(), limit)).await]
            }
            Lookup::Diff(commit) => {
                let git = lookups.git.clone();
                vec![on_blocking(move || commit_diff(git.as_deref(), &commit)).await]
            }
            Lookup::Files => {
                let root = lookups.root.clone();
                let use_git = lookups.git.is_some();
                vec![
                    on_blocking(move || Event::RepoFiles {
                        files: crate::repo_files::list_paths(&root, use_git),
                    })
                    .await,
                ]
            }
            Lookup::Map { refresh } => vec![map(view, refresh).await],
            Lookup::Context => vec![match &lookups.context {
                Some(report) => Event::ContextReport(ContextReport::clone(report)),
                None => info(
                    "The context report follows when this turn ends: it has sent no request yet.",
                ),
            }],
            Lookup::Settings => vec![info(settings_text(&view.settings))],
            Lookup::Models(word) => {
                let settings = view.settings.clone();
                match models_listing(&word, settings, view.ollama_base.clone()).await {
                    Ok(text) => vec![info(text)],
                    Err(text) => vec![notice(NoticeLevel::Error, text)],
                }
            }
            Lookup::Sessions => {
                match session_list(view.sessions.clone(), view.session_id.clone()).await {
                    Ok(events) => events,
                    Err(text) => vec![notice(NoticeLevel::Error, text)],
                }
            }
            Lookup::Help => vec![info(help_text())],
        }
    }
}

/// The map the inspector shows, rendered by the map thread from the turn's snapshot
/// (the thread answers between batches, so this waits on no turn).
async fn map(view: &TurnView, refresh: bool) -> Event {
    if view.map_budget == 0 {
        return info("The repo map is off (--map-tokens 0).");
    }
    let Some(map) = &view.map else {
        return info("The repo map has not started yet.");
    };
    if let Some(failed) = map.state().failed {
        return notice(NoticeLevel::Warn, format!("The repo map is off: {failed}"));
    }
    if refresh {
        map.rescan();
    }
    let request = view.map_request.clone();
    let budget = request.max_tokens;
    match map.render(request) {
        Some(answer) => match answer.await {
            Ok(output) => Event::RepoMap(map_view(output, budget)),
            Err(_) => notice(NoticeLevel::Warn, "The repo map stopped."),
        },
        None => notice(NoticeLevel::Warn, "The repo map stopped."),
    }
}

/// Runs `work` on the blocking pool; a lookup that failed there says so.
async fn on_blocking(work: impl FnOnce() -> Event + Send + 'static) -> Event {
    tokio::task::spawn_blocking(work)
        .await
        .unwrap_or_else(|error| notice(NoticeLevel::Error, format!("the lookup failed: {error}")))
}

fn notice(level: NoticeLevel, text: impl Into<String>) -> Event {
    Event::Notice {
        level,
        text: text.into(),
    }
}

fn info(text: impl Into<String>) -> Event {
    notice(NoticeLevel::Info, text)
}

/// The newest `limit` commits (an empty log without git: front ends ask on their own).
pub(super) fn commit_log(git: Option<&LockedRepo>, limit: usize) -> Event {
    let Some(git) = git else {
        return Event::CommitLog {
            commits: Vec::new(),
        };
    };
    match git.with(|git| git.log(limit)) {
        Ok(commits) => Event::CommitLog { commits },
        Err(error) => notice(NoticeLevel::Error, error.to_string()),
    }
}

/// One commit's diff.
pub(super) fn commit_diff(git: Option<&LockedRepo>, commit: &str) -> Event {
    let Some(git) = git else {
        return notice(NoticeLevel::Warn, NO_GIT);
    };
    match git.with(|git| {
        Ok::<_, crate::git::GitError>((git.commit_diff(commit)?, git.commit_message(commit)?))
    }) {
        Ok((files, message)) => Event::CommitDiff {
            commit: commit.to_string(),
            files,
            source: Some(DiffSource::Commit { message }),
        },
        Err(error) => notice(NoticeLevel::Error, error.to_string()),
    }
}
