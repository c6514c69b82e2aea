//! The engine's git requests from front ends: the commit log, one commit's diff,
//! undoing a commit, and the diff of the last turn.

use crate::protocol::{DiffSource, ErrorKind, Event, TurnOutcome};

use crate::edit::Workspace;

use super::emitter::Emitter;
use super::locked_repo::LockedRepo;
use super::lookups::{self, NO_GIT};
use super::session::Session;

/// How many commits the log carries when the engine sends it unasked.
const LOG_AFTER_COMMIT: usize = 100;

/// Says a commit was made and sends the log with it, so the commit log pane shows
/// it at once (even in the middle of a turn).
pub(super) async fn announce_commit(
    git: &LockedRepo,
    emitter: &Emitter,
    summary: &crate::git::CommitSummary,
) {
    emitter
        .emit(Event::CommitMade {
            commit: summary.clone(),
        })
        .await;
    send_commit_log(Some(git), emitter, LOG_AFTER_COMMIT).await;
}

/// Sends the newest `limit` commits.
pub(super) async fn send_commit_log(git: Option<&LockedRepo>, emitter: &Emitter, limit: usize) {
    emitter.emit(lookups::commit_log(git, limit)).await;
}

/// Sends one commit's diff.
pub(super) async fn send_commit_diff(git: Option<&LockedRepo>, emitter: &Emitter, commit: &str) {
    emitter.emit(lookups::commit_diff(git, commit)).await;
}

/// Undoes a commit picked in the commit log: HEAD by reset (if the tool made it),
/// an older one by a revert commit.
pub(super) async fn undo_commit(session: &mut Session, emitter: &Emitter, commit: &str) {
    let Some(git) = session.git.clone() else {
        emitter.warn(NO_GIT).await;
        return;
    };
    let head = git.with(|git| git.head());
    let is_head = head
        .as_deref()
        .is_some_and(|head| head.starts_with(commit) || commit.starts_with(head));
    if is_head {
        if let TurnOutcome::Error { message, .. } = undo_last(session, emitter).await {
            emitter.error(message).await;
        }
        return;
    }
    let attribution = session.attribution();
    let reverted = git.with(|git| git.revert_commit(commit, &attribution));
    match reverted {
        Ok(summary) => announce_commit(&git, emitter, &summary).await,
        Err(err) => {
            emitter.error(err.to_string()).await;
            send_commit_log(Some(&*git), emitter, LOG_AFTER_COMMIT).await;
        }
    }
}

/// `/undo`: resets the last commit if this tool made it, it is not pushed and its
/// files are clean; otherwise says why not.
pub(super) async fn undo_last(session: &mut Session, emitter: &Emitter) -> TurnOutcome {
    let Some(git) = session.git.clone() else {
        return TurnOutcome::Error {
            kind: ErrorKind::Repository,
            message: NO_GIT.to_string(),
        };
    };
    let undone = git.with(|git| git.undo_last());
    match undone {
        Ok(report) => {
            emitter
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
            session.ledger.add_note(format!(
                    "I undid your last commit ({}). The files now have the contents shown in the chat again.",
                    report.undone.summary
                ));
            send_commit_log(Some(&*git), emitter, LOG_AFTER_COMMIT).await;
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
pub(super) async fn send_file_preview(workspace: &Workspace, emitter: &Emitter, path: String) {
    match workspace.read(&path) {
        Ok(Some(file)) => {
            emitter
                .emit(Event::FilePreview {
                    path,
                    text: file.text,
                })
                .await
        }
        Ok(None) => emitter.warn(format!("{path} does not exist.")).await,
        Err(error) => emitter.warn(format!("Cannot show {path}: {error}")).await,
    }
}

/// `/diff`: what the last turn changed, or the pending changes if none ran yet.
pub(super) async fn show_last_diff(session: &Session, emitter: &Emitter) -> TurnOutcome {
    let Some(git) = &session.git else {
        return TurnOutcome::Error {
            kind: ErrorKind::Repository,
            message: NO_GIT.to_string(),
        };
    };
    let base = match session.ledger.last_turn_base() {
        Some("") => None,
        Some(base) => Some(base.to_string()),
        None => git.with(|git| git.head()),
    };
    let result = git.with(|git| git.diff_worktree_since(base.as_deref()));
    match result {
        Ok(files) if files.is_empty() => {
            emitter.info("No changes.").await;
            TurnOutcome::Success
        }
        Ok(files) => {
            emitter
                .emit(Event::CommitDiff {
                    commit: base.clone().unwrap_or_else(|| "HEAD".to_string()),
                    files,
                    source: Some(DiffSource::WorkingTree {
                        base,
                        last_turn: session.ledger.last_turn_base().is_some(),
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
