//! Commands run in the repository for the user or the model: linting (the built-in
//! syntax check and `--lint-cmd`), `--test-cmd`, and shell commands, each shown to the
//! user as it ran, the failures worded for the model.

use std::path::Path;

use crate::config::Settings;
use crate::protocol::{CommandKind, Event, QuestionKind};

use super::blocking::blocking;
use super::checks;
use super::emitter::Emitter;
use super::inbox::Inbox;
use super::session::Session;

/// Lints edited files with `--auto-lint` (see [`lint`]).
pub(super) async fn lint_files(
    settings: &Settings,
    root: &Path,
    emitter: &Emitter,
    files: &[String],
) -> Option<String> {
    if !settings.auto_lint {
        return None;
    }
    lint(settings, root, emitter, files).await
}

/// Lints files: the built-in syntax check, then `--lint-cmd`. Returns the problem
/// text for the model, if any.
pub(super) async fn lint(
    settings: &Settings,
    root: &Path,
    emitter: &Emitter,
    files: &[String],
) -> Option<String> {
    let mut problems = Vec::new();
    let syntax = {
        let root = root.to_path_buf();
        let files = files.to_vec();
        blocking(move || checks::syntax_report(&root, &files)).await
    };
    if let Some(report) = syntax {
        emitter
            .emit(Event::CommandOutput {
                kind: CommandKind::Lint,
                command: "syntax check".to_string(),
                output: report.clone(),
                success: false,
            })
            .await;
        problems.push(report);
    }
    let commands = checks::lint_commands(settings.lint_cmd.as_deref(), &settings.lint_cmds, files);
    for (command, command_files) in commands {
        let full = checks::lint_command(&command, &command_files);
        let result = run_reported(root, emitter, CommandKind::Lint, &full).await;
        if !result.success {
            problems.push(format!("`{full}` failed:\n{}", result.output));
        }
    }
    if problems.is_empty() {
        return None;
    }
    Some(format!(
        "The files you edited have problems. Fix them:\n\n{}",
        problems.join("\n\n")
    ))
}

/// Runs `--test-cmd`; returns the failure text for the model, if it failed.
pub(super) async fn run_tests(
    settings: &Settings,
    root: &Path,
    emitter: &Emitter,
) -> Option<String> {
    let command = settings.test_cmd.clone()?;
    let result = run_reported(root, emitter, CommandKind::Test, &command).await;
    if result.success {
        None
    } else {
        Some(format!(
            "The tests fail (`{command}`). Fix the code:\n\n{}",
            result.output
        ))
    }
}

/// Shell commands the model proposed: each runs only after an explicit yes.
pub(super) async fn offer_shell_commands(
    session: &mut Session,
    inbox: &mut Inbox,
    emitter: &Emitter,
    commands: &[String],
) {
    for command in commands {
        let yes = inbox
            .ask(
                emitter,
                QuestionKind::RunShell {
                    command: command.clone(),
                },
                format!("The model suggests running `{command}`. Run it?"),
            )
            .await;
        if !yes {
            continue;
        }
        run_user_shell(session, inbox, emitter, command, CommandKind::Shell).await;
    }
}

/// Runs a command in the repository and shows its output to the user.
pub(super) async fn run_reported(
    root: &Path,
    emitter: &Emitter,
    kind: CommandKind,
    command: &str,
) -> checks::CommandResult {
    let result = checks::run_shell(command, root).await;
    emitter
        .emit(Event::CommandOutput {
            kind,
            command: command.to_string(),
            output: result.output.clone(),
            success: result.success,
        })
        .await;
    result
}

/// Runs a shell command the user agreed to, shows its output, and offers to add
/// the output to the next message.
pub(super) async fn run_user_shell(
    session: &mut Session,
    inbox: &mut Inbox,
    emitter: &Emitter,
    command: &str,
    kind: CommandKind,
) -> bool {
    let result = run_reported(&session.root, emitter, kind, command).await;
    if !result.output.trim().is_empty() {
        let keep = inbox
            .ask(
                emitter,
                QuestionKind::AddOutput,
                "Add the command's output to the next message?".to_string(),
            )
            .await;
        if keep {
            session.ledger.add_note(format!(
                "Output of `{command}`:\n```\n{}\n```",
                result.output.trim_end()
            ));
        }
    }
    result.success
}
