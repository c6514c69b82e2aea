//! `/rewind`, `/redo`, `/sessions` and `/resume`: taking the conversation and the code
//! back to before a message and forward again, listing the saved sessions and
//! switching to one.

use crate::git::{REWOUND_PREFIX, RewindPlan, RewindReport, Rewound};
use crate::protocol::{Command, ErrorKind, QuestionKind, TurnOutcome};
use crate::sessions::{self, RewoundCode, StoredCommit};
use crate::text::counted;

use super::blocking::blocking;
use super::emitter::Emitter;
use super::inbox::Inbox;
use super::read_only::session_list;
use super::repository::send_commit_log;
use super::session::Session;
use super::session_log::{SessionLog, adopt_session};

/// How much of a message the rewind question quotes.
const QUOTED_CHARS: usize = 60;

/// How many commits the log carries after the branch moved (as after a commit).
const LOG_AFTER_MOVE: usize = 100;

fn error(message: impl Into<String>) -> TurnOutcome {
    TurnOutcome::Error {
        kind: ErrorKind::Command,
        message: message.into(),
    }
}

/// The first line of `text`, shortened for a question.
fn quoted(text: &str) -> String {
    let line = text
        .lines()
        .find(|line| !line.trim().is_empty())
        .unwrap_or("");
    let line = line.trim();
    if line.chars().count() > QUOTED_CHARS {
        let cut: String = line.chars().take(QUOTED_CHARS).collect();
        format!("{cut}…")
    } else {
        line.to_string()
    }
}

/// `/rewind`, `/redo`, `/sessions` and `/resume`, over the session file and the session.
pub(super) async fn command_session_file(
    command: Command,
    log: &mut SessionLog,
    session: &mut Session,
    inbox: &mut Inbox,
    emitter: &Emitter,
    args: &str,
) -> TurnOutcome {
    match command {
        Command::Rewind => command_rewind(log, session, inbox, emitter, args).await,
        Command::Redo => command_redo(log, session, emitter).await,
        Command::Sessions => command_sessions(log, session, emitter).await,
        Command::Resume => command_resume(log, session, emitter, args).await,
        other => error(format!(
            "/{} is not a command over the session file",
            other.name()
        )),
    }
}

/// `/rewind [K]`: the conversation back to just before the K-th latest message of
/// the user's, and the code back to before that turn's first assistant commit,
/// after a confirmation naming the commits that will be undone.
async fn command_rewind(
    log: &mut SessionLog,
    session: &mut Session,
    inbox: &mut Inbox,
    emitter: &Emitter,
    args: &str,
) -> TurnOutcome {
    let count = match args.trim() {
        "" => 1,
        typed => match typed.parse::<usize>() {
            Ok(count) if count >= 1 => count,
            _ => {
                return error(format!(
                    "/rewind takes how many of your messages to go back (1 or more), not {typed:?}"
                ));
            }
        },
    };
    let conversation = &log.record.conversation;
    let turns = conversation.turns.len();
    if turns == 0 {
        return error("Nothing to rewind: no message of yours is in this conversation yet.");
    }
    if count > turns {
        return error(format!(
            "The conversation has {} of yours; /rewind {turns} goes back to its start.",
            counted(turns, "message", "messages")
        ));
    }
    let Some(target) = conversation.turn_back(count).cloned() else {
        return error("Nothing to rewind.");
    };
    let assistant_commits: Vec<String> = conversation
        .commits_of_latest(count)
        .into_iter()
        .filter(|commit| commit.by_assistant)
        .map(|commit| commit.id)
        .collect();
    let left_uncommitted = conversation.uncommitted_edits_in_latest(count);
    let plan = match &session.git {
        Some(git) => match git.with(|git| git.plan_rewind(&assistant_commits)) {
            Ok(plan) => plan,
            Err(err) => return error(err.to_string()),
        },
        None => None,
    };
    let question = rewind_question(&target.text, count, plan.as_ref(), left_uncommitted);
    let yes = inbox.ask(emitter, QuestionKind::Confirm, question).await;
    if !yes {
        emitter.info("Did not rewind.").await;
        return TurnOutcome::Success;
    }
    let now = sessions::now();
    let mut code = None;
    if let (Some(plan), Some(git)) = (&plan, &session.git) {
        let reference = format!(
            "{REWOUND_PREFIX}{}/{now}-{}",
            log.id(),
            &plan.head[..plan.head.len().min(12)]
        );
        match git.with(|git| git.rewind(plan, &reference)) {
            Ok(report) => code = Some(rewound_code(report)),
            Err(err) => return error(err.to_string()),
        }
    }
    let undone = code.as_ref().map_or(0, |code| code.commits.len());
    let head = code
        .as_ref()
        .and_then(|code| code.to.clone())
        .map(|id| id[..id.len().min(7)].to_string());
    if log.record.conversation.rewind(count, now, code).is_none() {
        return error("Nothing to rewind.");
    }
    log.restore_history(&mut session.history);
    // Notes and the last turn's diff belonged to the turns that are gone.
    session.ledger.forget_turns();
    log.send_conversation(emitter).await;
    let mut said = format!("Rewound {} of yours", counted(count, "message", "messages"));
    if undone > 0 {
        said.push_str(&format!(
            " and undid {} (HEAD is now {})",
            counted(undone, "commit", "commits"),
            head.as_deref().unwrap_or("unborn")
        ));
    }
    said.push_str(". /redo puts it back.");
    tell_and_save(log, session, emitter, said, undone).await
}

/// `/redo`: puts back what the last rewind took away, the commits and the messages.
async fn command_redo(
    log: &mut SessionLog,
    session: &mut Session,
    emitter: &Emitter,
) -> TurnOutcome {
    let conversation = &log.record.conversation;
    let Some(rewind) = conversation.last_rewind().cloned() else {
        return if conversation.abandoned.is_empty() {
            error("Nothing to redo: there was no rewind.")
        } else {
            error(
                "Nothing to redo: a message was sent after the last rewind and started a new branch of the conversation (the rewound turns stay in the session file).",
            )
        };
    };
    let mut restored = 0;
    if let Some(code) = &rewind.code {
        let Some(git) = &session.git else {
            return error(
                "The rewind moved commits back, but git is not in use in this session, so they cannot be brought back.",
            );
        };
        // Only a reference this session's rewind made (see `command_rewind`).
        let own = format!("{REWOUND_PREFIX}{}/", log.id());
        if !code.reference.starts_with(&own) {
            return error(format!(
                "The session's rewind names {}, which is not a reference this session kept its commits under; nothing was changed.",
                code.reference
            ));
        }
        let rewound = Rewound {
            reference: code.reference.clone(),
            branch: code.branch.clone(),
            from: code.from.clone(),
            to: code.to.clone(),
            files: code.files.clone(),
            commits: code
                .commits
                .iter()
                .map(|commit| commit.id.clone())
                .collect(),
        };
        match git.with(|git| git.redo(&rewound)) {
            Ok(commits) => restored = commits.len(),
            Err(err) => return error(err.to_string()),
        }
    }
    log.record.conversation.redo();
    log.restore_history(&mut session.history);
    session.ledger.forget_note();
    log.send_conversation(emitter).await;
    let mut said = format!(
        "Redid: {} of yours back in the conversation",
        counted(rewind.turns.len(), "message", "messages")
    );
    if let Some(code) = rewind.code.as_ref().filter(|_| restored > 0) {
        said.push_str(&format!(
            ", {} back on the branch (HEAD is {})",
            counted(restored, "commit", "commits"),
            &code.from[..code.from.len().min(7)]
        ));
    }
    said.push('.');
    tell_and_save(log, session, emitter, said, restored).await
}

/// The end of a rewind or a redo: what was done is told, the commit log sent
/// again when `commits_moved`, and the session saved.
async fn tell_and_save(
    log: &mut SessionLog,
    session: &Session,
    emitter: &Emitter,
    said: String,
    commits_moved: usize,
) -> TurnOutcome {
    emitter.info(said).await;
    if commits_moved > 0 {
        send_commit_log(session.git.as_deref(), emitter, LOG_AFTER_MOVE).await;
    }
    log.write(session, emitter).await;
    TurnOutcome::Success
}

/// `/sessions`: the saved sessions of this repository, for a picker or a list.
async fn command_sessions(
    log: &mut SessionLog,
    session: &Session,
    emitter: &Emitter,
) -> TurnOutcome {
    // Saved first, so the list shows this session as it is now.
    log.write(session, emitter).await;
    let store = log.store().cloned();
    match session_list(store, log.id().to_string()).await {
        Ok(events) => {
            for event in events {
                emitter.emit(event).await;
            }
            TurnOutcome::Success
        }
        Err(message) => error(message),
    }
}

/// `/resume ID`: saves this session and continues the one named (a unique start
/// of its id is enough).
async fn command_resume(
    log: &mut SessionLog,
    session: &mut Session,
    emitter: &Emitter,
    args: &str,
) -> TurnOutcome {
    let wanted = args.trim().to_string();
    if wanted.is_empty() {
        return error("/resume needs a session id; /sessions lists them.");
    }
    let Some(store) = log.store().cloned() else {
        return error(
            "Sessions cannot be resumed here: the state folder (.aider-tui) cannot be used.",
        );
    };
    let record = match blocking(move || store.load(&wanted)).await {
        Ok(record) => record,
        Err(err) => return error(err.to_string()),
    };
    if record.id == log.id() {
        emitter
            .info(format!("Session {} is the one running.", record.id))
            .await;
        return TurnOutcome::Success;
    }
    log.write(session, emitter).await;
    if let Err(err) = log.hold(&record.id) {
        return error(err.to_string());
    }
    adopt_session(log, session, emitter, record, true).await;
    TurnOutcome::Success
}

/// The question `/rewind` asks: what goes back, which commits are undone, what stays.
fn rewind_question(
    text: &str,
    count: usize,
    plan: Option<&RewindPlan>,
    left_uncommitted: bool,
) -> String {
    let back = if count > 1 {
        format!(" ({count} messages back)")
    } else {
        String::new()
    };
    let mut question = format!(
        "Rewind the conversation to before your message \"{}\"{back}?",
        quoted(text)
    );
    match plan {
        Some(plan) => {
            let listed: Vec<String> = plan
                .commits
                .iter()
                .map(|commit| format!("{} {}", commit.short_id, commit.summary))
                .collect();
            question.push_str(&format!(
                " This undoes {}: {}.",
                counted(plan.commits.len(), "commit", "commits"),
                listed.join("; ")
            ));
        }
        None => question.push_str(" No commit is undone."),
    }
    if left_uncommitted {
        question.push_str(" Edits those turns left uncommitted stay in the files.");
    }
    question.push_str(" /redo brings it back.");
    question
}

/// What a rewind of the code did, as the session file keeps it.
fn rewound_code(report: RewindReport) -> RewoundCode {
    RewoundCode {
        reference: report.rewound.reference,
        branch: report.rewound.branch,
        from: report.rewound.from,
        to: report.rewound.to,
        files: report.rewound.files,
        commits: report
            .commits
            .iter()
            .map(|commit| StoredCommit {
                id: commit.id.clone(),
                summary: commit.summary.clone(),
                by_assistant: commit.made_by.is_assistant(),
            })
            .collect(),
    }
}
