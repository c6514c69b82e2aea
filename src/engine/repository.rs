//! The engine's git requests from front ends: the commit log, one commit's diff,
//! undoing a commit, and the diff of the last turn.

use crate::protocol::{DiffSource, ErrorKind, Event, TurnOutcome};

use super::lookups::{self, NO_GIT};
use super::spawn::Engine;

/// How many commits the log carries when the engine sends it unasked.
const LOG_AFTER_COMMIT: usize = 100;

impl Engine {
    /// Says a commit was made and sends the log with it, so the commit log pane shows
    /// it at once (even in the middle of a turn).
    pub(super) async fn announce_commit(&mut self, summary: &crate::git::CommitSummary) {
        self.emitter
            .emit(Event::CommitMade {
                commit: summary.clone(),
            })
            .await;
        self.send_commit_log(LOG_AFTER_COMMIT).await;
    }

    /// Sends the newest `limit` commits.
    pub(super) async fn send_commit_log(&mut self, limit: usize) {
        let event = lookups::commit_log(self.session.git.as_deref(), limit);
        self.emitter.emit(event).await;
    }

    /// Sends one commit's diff.
    pub(super) async fn send_commit_diff(&mut self, commit: &str) {
        let event = lookups::commit_diff(self.session.git.as_deref(), commit);
        self.emitter.emit(event).await;
    }

    /// Undoes a commit picked in the commit log: HEAD by reset (if the tool made it),
    /// an older one by a revert commit.
    pub(super) async fn undo_commit(&mut self, commit: &str) {
        let Some(git) = &self.session.git else {
            self.emitter.warn(NO_GIT).await;
            return;
        };
        let head = git.with(|git| git.head());
        let is_head = head
            .as_deref()
            .is_some_and(|head| head.starts_with(commit) || commit.starts_with(head));
        if is_head {
            if let TurnOutcome::Error { message, .. } = self.undo_last().await {
                self.emitter.error(message).await;
            }
            return;
        }
        let attribution = self.session.attribution();
        let reverted = git.with(|git| git.revert_commit(commit, &attribution));
        match reverted {
            Ok(summary) => {
                self.announce_commit(&summary).await;
            }
            Err(err) => {
                self.emitter.error(err.to_string()).await;
                self.send_commit_log(LOG_AFTER_COMMIT).await;
            }
        }
    }

    /// `/undo`: resets the last commit if this tool made it, it is not pushed and its
    /// files are clean; otherwise says why not.
    pub(super) async fn undo_last(&mut self) -> TurnOutcome {
        let Some(git) = &self.session.git else {
            return TurnOutcome::Error {
                kind: ErrorKind::Repository,
                message: NO_GIT.to_string(),
            };
        };
        let undone = git.with(|git| git.undo_last());
        match undone {
            Ok(report) => {
                self.emitter
                    .info(format!(
                        "Undid {} {} ({}); HEAD is now {}",
                        report.undone.short_id,
                        report.undone.summary,
                        report.files.join(", "),
                        report
                            .head
                            .as_deref()
                            .map(|id| &id[..id.len().min(7)])
                            .unwrap_or("empty")
                    ))
                    .await;
                self.session.add_note(format!(
                    "I undid your last commit ({}). The files now have the contents shown in the chat again.",
                    report.undone.summary
                ));
                self.send_commit_log(LOG_AFTER_COMMIT).await;
                TurnOutcome::Success
            }
            Err(err) => TurnOutcome::Error {
                kind: ErrorKind::Repository,
                message: err.to_string(),
            },
        }
    }

    /// A file's text for the files pane's preview, read as edits read it (inside the
    /// repository, text only).
    pub(super) async fn send_file_preview(&mut self, path: String) {
        match self.session.workspace.read(&path) {
            Ok(Some(file)) => {
                self.emitter
                    .emit(Event::FilePreview {
                        path,
                        text: file.text,
                    })
                    .await
            }
            Ok(None) => self.emitter.warn(format!("{path} does not exist.")).await,
            Err(error) => {
                self.emitter
                    .warn(format!("Cannot show {path}: {error}"))
                    .await
            }
        }
    }

    /// `/diff`: what the last turn changed, or the pending changes if none ran yet.
    pub(super) async fn show_last_diff(&mut self) -> TurnOutcome {
        let Some(git) = &self.session.git else {
            return TurnOutcome::Error {
                kind: ErrorKind::Repository,
                message: NO_GIT.to_string(),
            };
        };
        let last_turn = self.session.last_turn_base.clone();
        let base = match last_turn.as_deref() {
            Some("") => None,
            Some(base) => Some(base.to_string()),
            None => git.with(|git| git.head()),
        };
        let result = git.with(|git| git.diff_worktree_since(base.as_deref()));
        match result {
            Ok(files) if files.is_empty() => {
                self.emitter.info("No changes.").await;
                TurnOutcome::Success
            }
            Ok(files) => {
                self.emitter
                    .emit(Event::CommitDiff {
                        commit: base.clone().unwrap_or_else(|| "HEAD".to_string()),
                        files,
                        source: Some(DiffSource::WorkingTree {
                            base,
                            last_turn: last_turn.is_some(),
                        }),
                    })
                    .await;
                TurnOutcome::Success
            }
            Err(err) => TurnOutcome::Error {
                kind: ErrorKind::Repository,
                message: err.to_string(),
            },
        }
    }
}
