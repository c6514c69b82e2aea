//! What a front end may look up at any moment and gets at once, also while a turn runs:
//! the commit log and one commit's diff. Both only read the repository, so a turn's
//! waits (the stream, the review, a question: every caller of
//! `Inbox::receive_during_turn`) hand them here instead of holding them until the turn
//! ends. A lookup runs on a blocking thread beside the turn; its answer is sent when
//! it is ready. Between turns the engine's main loop answers the same lookups in line,
//! with the same functions, so the log it sends after a commit keeps its place among
//! the turn's events.

use std::sync::Arc;

use crate::protocol::{DiffSource, Event, NoticeLevel, Op};

use super::inbox::Emitter;
use super::locked_repo::LockedRepo;

/// Said when a lookup needs git and the session has none.
pub(super) const NO_GIT: &str = "git is not in use in this session (no repository, or --no-git)";

/// Answers lookups beside a running turn.
#[derive(Clone)]
pub struct Lookups {
    git: Option<Arc<LockedRepo>>,
    emitter: Emitter,
}

impl Lookups {
    /// Lookups in the session's repository (none without git), answered to `emitter`.
    pub fn new(git: Option<Arc<LockedRepo>>, emitter: Emitter) -> Self {
        Lookups { git, emitter }
    }

    /// Takes `op` if it is a lookup and answers it on a thread of its own (`None`);
    /// any other operation comes back for the turn to handle.
    pub fn take(&self, op: Op) -> Option<Op> {
        let lookup = match op {
            Op::RequestCommitLog { limit } => Lookup::Log(limit),
            Op::RequestCommitDiff { commit } => Lookup::Diff(commit),
            other => return Some(other),
        };
        let Lookups { git, emitter } = self.clone();
        tokio::spawn(async move {
            let answer = tokio::task::spawn_blocking(move || lookup.answer(git.as_deref()))
                .await
                .unwrap_or_else(|error| Event::Notice {
                    level: NoticeLevel::Error,
                    text: format!("the lookup failed: {error}"),
                });
            emitter.emit(answer).await;
        });
        None
    }
}

/// A lookup taken from a turn's operations.
enum Lookup {
    Log(usize),
    Diff(String),
}

impl Lookup {
    fn answer(self, git: Option<&LockedRepo>) -> Event {
        match self {
            Lookup::Log(limit) => commit_log(git, limit),
            Lookup::Diff(commit) => commit_diff(git, &commit),
        }
    }
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
        Err(error) => Event::Notice {
            level: NoticeLevel::Error,
            text: error.to_string(),
        },
    }
}

/// One commit's diff.
pub(super) fn commit_diff(git: Option<&LockedRepo>, commit: &str) -> Event {
    let Some(git) = git else {
        return Event::Notice {
            level: NoticeLevel::Warn,
            text: NO_GIT.to_string(),
        };
    };
    match git.with(|git| {
        Ok::<_, crate::git::GitError>((git.commit_diff(commit)?, git.commit_message(commit)?))
    }) {
        Ok((files, message)) => Event::CommitDiff {
            commit: commit.to_string(),
            files,
            source: Some(DiffSource::Commit { message }),
        },
        Err(error) => Event::Notice {
            level: NoticeLevel::Error,
            text: error.to_string(),
        },
    }
}
