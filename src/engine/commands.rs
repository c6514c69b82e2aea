//! Slash commands: `/add`, `/undo`, `/tokens` and the rest. A command runs as a turn
//! of its own (TurnStarted … TurnFinished); its output goes out as notices and events.

use std::path::Path;

use crate::config::Settings;
use crate::protocol::{ChatMode, Command, CommandKind, ErrorKind, QuestionKind, TurnOutcome};

use super::clipboard_commands::copy_context;
use super::commit_message;
use super::devices::Devices;
use super::emitter::Emitter;
use super::files::{add_chat_file, add_read_only, drop_files};
use super::identity_question::ready_to_commit;
use super::inbox::Inbox;
use super::mentions::Mentions;
use super::repo_map::{MapAsker, render_repo_map, send_repo_map};
use super::repository::announce_commit;
use super::session::Session;
use super::session_map::Wait;
use super::shell::{run_reported, run_user_shell};

/// A command's arguments split as a shell would (`/add "my notes.md" src/*.rs`); text
/// with an unbalanced quote is split at whitespace instead.
pub(super) fn split_words(args: &str) -> Vec<String> {
    shell_words::split(args)
        .unwrap_or_else(|_| args.split_whitespace().map(str::to_string).collect())
}

/// A command that could not run, and why.
pub(super) fn command_error(message: String) -> TurnOutcome {
    TurnOutcome::Error {
        kind: ErrorKind::Command,
        message,
    }
}

/// Tells the user `text`; the command succeeded.
pub(super) async fn say(emitter: &Emitter, text: impl Into<String>) -> TurnOutcome {
    emitter.info(text).await;
    TurnOutcome::Success
}

/// `/drop [FILE...]`.
pub(super) async fn command_drop(
    session: &mut Session,
    emitter: &Emitter,
    args: &str,
) -> TurnOutcome {
    let dropped = drop_files(&mut session.files, &session.root, args);
    if dropped.is_empty() {
        emitter.warn(format!("No chat file matches {args}")).await;
    } else {
        emitter
            .info(format!("Dropped {}", dropped.join(", ")))
            .await;
    }
    TurnOutcome::Success
}

/// `/read-only FILE...`.
pub(super) async fn command_read_only(
    session: &mut Session,
    emitter: &Emitter,
    args: &str,
) -> TurnOutcome {
    for word in split_words(args) {
        match add_read_only(session, &word) {
            Ok(name) => emitter.info(format!("Added {name} as read-only")).await,
            Err(problem) => emitter.warn(problem).await,
        }
    }
    TurnOutcome::Success
}

/// `/add PATH...`: a path that matches nothing may be created.
pub(super) async fn command_add(
    session: &mut Session,
    inbox: &mut Inbox,
    emitter: &Emitter,
    args: &str,
) -> TurnOutcome {
    let words = split_words(args);
    if words.is_empty() {
        return TurnOutcome::Error {
            kind: ErrorKind::Command,
            message: "/add needs at least one path".to_string(),
        };
    }
    for word in words {
        match add_chat_file(session, &word, false) {
            Ok(added) if added.is_empty() => {
                emitter.info(format!("{word} is already in the chat")).await
            }
            Ok(added) => emitter.info(format!("Added {}", added.join(", "))).await,
            Err(super::chat_files::AddRefusal::NoMatch(_)) => {
                let Some(relative) = session.relative_path(&word) else {
                    emitter
                        .warn(format!("{word} is outside the repository"))
                        .await;
                    continue;
                };
                let create = inbox
                    .ask(
                        emitter,
                        QuestionKind::CreateFile {
                            path: relative.clone(),
                        },
                        format!("No file matches {word}. Create {relative}?"),
                    )
                    .await;
                if create && add_chat_file(session, &relative, true).is_ok() {
                    emitter.info(format!("Added new file {relative}")).await;
                }
            }
            Err(refusal) => emitter.warn(refusal.to_string()).await,
        }
    }
    TurnOutcome::Success
}

/// `/ls`.
pub(super) async fn command_ls(session: &Session, emitter: &Emitter) -> TurnOutcome {
    let mut text = String::new();
    let others: Vec<String> = session
        .repo_files()
        .into_iter()
        .filter(|file| !session.files.contains(file))
        .collect();
    if !others.is_empty() {
        text.push_str("Repository files not in the chat:\n");
        for file in others.iter().take(200) {
            text.push_str(&format!("  {file}\n"));
        }
        if others.len() > 200 {
            text.push_str(&format!("  … and {} more\n", others.len() - 200));
        }
    }
    let read_only = session.files.read_only();
    if !read_only.is_empty() {
        text.push_str("Read-only files:\n");
        for file in &read_only {
            text.push_str(&format!("  {file}\n"));
        }
    }
    let editable = session.files.editable();
    if editable.is_empty() {
        text.push_str("No files in the chat.\n");
    } else {
        text.push_str("Files in the chat:\n");
        for file in &editable {
            text.push_str(&format!("  {file}\n"));
        }
    }
    say(emitter, text.trim_end()).await
}

/// `/commit [MESSAGE]`: the user's pending changes, with a weak-model message unless given.
pub(super) async fn command_commit(
    session: &mut Session,
    inbox: &mut Inbox,
    emitter: &Emitter,
    args: &str,
) -> TurnOutcome {
    let Some(git) = session.git.clone() else {
        return TurnOutcome::Error {
            kind: ErrorKind::Command,
            message: "git is not in use in this session".to_string(),
        };
    };
    let dirty = match git.with(|git| git.dirty_files(&git.tracked_files().unwrap_or_default())) {
        Ok(dirty) => dirty,
        Err(err) => {
            return TurnOutcome::Error {
                kind: ErrorKind::Command,
                message: err.to_string(),
            };
        }
    };
    if dirty.is_empty() {
        emitter.info("Nothing to commit.").await;
        return TurnOutcome::Success;
    }
    let message = if args.is_empty() {
        let diff = git.with(|git| git.diff_files(&dirty)).unwrap_or_default();
        let weak = session.models.weak_or_main().cloned();
        commit_message::write(weak.as_ref(), &diff, &dirty, None)
            .await
            .message
    } else {
        args.to_string()
    };
    if !ready_to_commit(&git, &mut session.identity, inbox, emitter).await {
        return TurnOutcome::Success;
    }
    match git.with(|git| git.commit_dirty(&dirty, &message)) {
        Ok(Some(summary)) => {
            announce_commit(&git, emitter, &summary).await;
            TurnOutcome::Success
        }
        Ok(None) => {
            emitter.info("Nothing to commit.").await;
            TurnOutcome::Success
        }
        Err(err) => TurnOutcome::Error {
            kind: ErrorKind::Command,
            message: err.to_string(),
        },
    }
}

/// The edit formats follow the models; replies written in an old format are
/// condensed so they do not teach it.
pub(super) fn follow_model_change(session: &mut Session, settings: &Settings) {
    if session.models.follow_formats(settings)
        && let Some(weak) = session.models.weak.clone()
    {
        session.summarizer.start_all(&session.history, &weak);
    }
}

/// `/model`, `/weak-model`, `/editor-model` `[NAME]`: show or switch.
pub(super) async fn command_model(
    session: &mut Session,
    emitter: &Emitter,
    command: Command,
    name: &str,
) -> TurnOutcome {
    let which = command.name();
    if name.is_empty() {
        let current = match command {
            Command::Model => session.models.main.as_ref(),
            Command::WeakModel => session.models.weak.as_ref(),
            _ => session.models.editor.as_ref(),
        };
        let text = current
            .map(|model| model.name.clone())
            .unwrap_or_else(|| "none".to_string());
        emitter.info(format!("/{which}: {text}")).await;
        return TurnOutcome::Success;
    }
    let settings = session.settings.clone();
    let models = &mut session.models;
    let result = match command {
        Command::Model => models.switch_main(&settings, name),
        Command::WeakModel => models.switch_weak(&settings, name),
        _ => models.switch_editor(&settings, name),
    };
    if let Err(message) = result {
        return TurnOutcome::Error {
            kind: ErrorKind::Command,
            message,
        };
    }
    for warning in std::mem::take(&mut session.models.warnings) {
        emitter.warn(warning).await;
    }
    follow_model_change(session, &settings);
    emitter
        .info(format!(
            "/{which} is now {name} (edit format {})",
            session.models.edit_format()
        ))
        .await;
    TurnOutcome::Success
}

/// `/clear`, and `/reset`, which drops the files too.
pub(super) async fn command_clear(
    session: &mut Session,
    emitter: &Emitter,
    reset: bool,
) -> TurnOutcome {
    session.history.clear();
    if reset {
        drop_files(&mut session.files, &session.root, "");
        say(emitter, "Dropped all files and cleared the history.").await
    } else {
        say(emitter, "Cleared the conversation history.").await
    }
}

/// `/git ARGS`.
pub(super) async fn command_git(root: &Path, emitter: &Emitter, args: &str) -> TurnOutcome {
    let command = format!("git {args}");
    let result = run_reported(root, emitter, CommandKind::Git, &command).await;
    if result.success {
        TurnOutcome::Success
    } else {
        command_error("the git command failed".to_string())
    }
}

/// `/run COMMAND`.
pub(super) async fn command_run(
    session: &mut Session,
    inbox: &mut Inbox,
    emitter: &Emitter,
    command: &str,
) -> TurnOutcome {
    if command.is_empty() {
        return TurnOutcome::Error {
            kind: ErrorKind::Command,
            message: "/run needs a command".to_string(),
        };
    }
    // Typed by the user, so it runs at once; the model's proposals are asked about.
    run_user_shell(session, inbox, emitter, command, CommandKind::Shell).await;
    TurnOutcome::Success
}

/// `/test [COMMAND]`: a failure goes to the model with the next message.
pub(super) async fn command_test(
    session: &mut Session,
    emitter: &Emitter,
    args: &str,
) -> TurnOutcome {
    let command = if args.is_empty() {
        match session.settings.test_cmd.clone() {
            Some(command) => command,
            None => {
                return TurnOutcome::Error {
                    kind: ErrorKind::Command,
                    message: "No test command: pass one (/test CMD) or set --test-cmd".to_string(),
                };
            }
        }
    } else {
        args.to_string()
    };
    let result = run_reported(&session.root, emitter, CommandKind::Test, &command).await;
    if !result.success {
        // The failure goes to the model with the next message.
        session.ledger.add_note(format!(
            "`{command}` fails:\n```\n{}\n```",
            result.output.trim_end()
        ));
    }
    TurnOutcome::Success
}

/// `/copy-context`: the chat's files and the map, as Markdown for a web chat.
pub(super) async fn command_copy_context(
    session: &mut Session,
    inbox: &mut Inbox,
    emitter: &Emitter,
    devices: &Devices,
) -> TurnOutcome {
    let map = render_repo_map(
        session,
        inbox,
        emitter,
        &Mentions::default(),
        "",
        MapAsker::Inspector,
    )
    .await;
    let map = map.as_ref().map(|map| map.text.as_str());
    copy_context(session, devices, emitter, map).await
}

/// `/chat-mode MODE`.
pub(super) async fn command_chat_mode(
    session: &mut Session,
    emitter: &Emitter,
    args: &str,
) -> TurnOutcome {
    match ChatMode::from_name(args) {
        Some(mode) => switch_mode(session, emitter, mode).await,
        None => {
            let names: Vec<&str> = ChatMode::ALL.iter().map(|mode| mode.name()).collect();
            command_error(format!(
                "Unknown mode {args:?}; choose {}",
                names.join(", ")
            ))
        }
    }
}

/// `/map` and `/map-refresh`: the map as the model sees it, waiting for the first one.
pub(super) async fn command_map(
    session: &mut Session,
    inbox: &mut Inbox,
    emitter: &Emitter,
    refresh: bool,
) -> TurnOutcome {
    send_repo_map(session, inbox, emitter, refresh, Wait::Yes).await;
    TurnOutcome::Success
}

/// Switches the session to `mode`.
pub(super) async fn switch_mode(
    session: &mut Session,
    emitter: &Emitter,
    mode: ChatMode,
) -> TurnOutcome {
    session.mode = mode;
    say(emitter, format!("Switched to {} mode.", mode.name())).await
}
