//! Slash commands: `/add`, `/undo`, `/tokens` and the rest. A command runs as a turn
//! of its own (TurnStarted … TurnFinished); its output goes out as notices and events.

use std::path::Path;

use crate::protocol::{
    ChatMode, Command, CommandKind, ErrorKind, QuestionKind, TurnOutcome, help_text, parse_command,
};

use super::clipboard_commands::{command_copy, command_paste, copy_context};
use super::commit_message;
use super::context_report::command_tokens;
use super::emitter::Emitter;
use super::files::{add_chat_file, add_read_only, drop_files};
use super::inbox::Inbox;
use super::mentions::Mentions;
use super::models_command::command_models;
use super::read_only::settings_text;
use super::reasoning;
use super::repo_map::{MapAsker, render_repo_map, send_repo_map};
use super::repository::{announce_commit, show_last_diff, undo_last};
use super::saved_files::command_save;
use super::session::Session;
use super::session_map::Wait;
use super::shell::{lint, run_reported, run_user_shell};
use super::spawn::Engine;
use super::ui_commands;
use super::voice_command::command_voice;
use super::web_command::command_web;

/// A command's arguments split as a shell would (`/add "my notes.md" src/*.rs`); text
/// with an unbalanced quote is split at whitespace instead.
fn split_words(args: &str) -> Vec<String> {
    shell_words::split(args)
        .unwrap_or_else(|_| args.split_whitespace().map(str::to_string).collect())
}

/// A command that could not run, and why.
fn command_error(message: String) -> TurnOutcome {
    TurnOutcome::Error {
        kind: ErrorKind::Command,
        message,
    }
}

/// Tells the user `text`; the command succeeded.
async fn say(emitter: &Emitter, text: impl Into<String>) -> TurnOutcome {
    emitter.info(text).await;
    TurnOutcome::Success
}

impl Engine {
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
            Command::Commit => command_commit(&self.session, &self.emitter, args).await,
            Command::Run => {
                command_run(&mut self.session, &mut self.inbox, &self.emitter, args).await
            }
            Command::Test => command_test(&mut self.session, &self.emitter, args).await,
            Command::Lint => self.command_lint(args).await,
            Command::Ask => self.mode_command(ChatMode::Ask, args).await,
            Command::Code => self.mode_command(ChatMode::Code, args).await,
            Command::Architect => self.mode_command(ChatMode::Architect, args).await,
            Command::Context => self.mode_command(ChatMode::Context, args).await,
            Command::ChatMode => self.command_chat_mode(args).await,
            Command::Model | Command::WeakModel | Command::EditorModel => {
                command_model(&mut self.session, &self.emitter, command, args).await
            }
            Command::Models => {
                let session = &self.session;
                command_models(&session.settings, &session.models, &self.emitter, args).await
            }
            Command::ReasoningEffort => {
                let session = &mut self.session;
                let main = session.models.main.as_ref();
                reasoning::command_reasoning_effort(
                    &mut session.settings,
                    main,
                    &self.emitter,
                    args,
                )
                .await
            }
            Command::ThinkTokens => {
                let session = &mut self.session;
                let main = session.models.main.as_ref();
                reasoning::command_think_tokens(&mut session.settings, main, &self.emitter, args)
                    .await
            }
            Command::Tokens => {
                command_tokens(&mut self.session, &mut self.inbox, &self.emitter).await
            }
            Command::Clear => command_clear(&mut self.session, &self.emitter, false).await,
            Command::Reset => command_clear(&mut self.session, &self.emitter, true).await,
            Command::Map => self.command_map(false).await,
            Command::MapRefresh => self.command_map(true).await,
            Command::Settings => say(&self.emitter, settings_text(&self.session.settings)).await,
            // Between turns nothing waits: what is queued is already running.
            Command::Cancel => say(&self.emitter, "Nothing is queued.").await,
            Command::Help => say(&self.emitter, help_text()).await,
            Command::Git => command_git(&self.session.root, &self.emitter, args).await,
            Command::Rewind => self.command_rewind(args).await,
            Command::Redo => self.command_redo().await,
            Command::Sessions => self.command_sessions().await,
            Command::Resume => self.command_resume(args).await,
            Command::Copy => {
                command_copy(&self.session.history, &self.devices, &self.emitter).await
            }
            Command::CopyContext => self.command_copy_context().await,
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
                let main = session.models.main.as_ref();
                let (devices, emitter) = (&self.devices, &self.emitter);
                command_voice(
                    &session.settings,
                    main,
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

    /// `/copy-context`: the chat's files and the map, as Markdown for a web chat.
    async fn command_copy_context(&mut self) -> TurnOutcome {
        let (session, inbox, emitter) = (&mut self.session, &mut self.inbox, &self.emitter);
        let map = render_repo_map(
            session,
            inbox,
            emitter,
            &Mentions::default(),
            MapAsker::Inspector,
        )
        .await;
        let map = map.as_ref().map(|map| map.text.as_str());
        copy_context(&self.session, &self.devices, &self.emitter, map).await
    }

    /// `/chat-mode MODE`.
    async fn command_chat_mode(&mut self, args: &str) -> TurnOutcome {
        match ChatMode::from_name(args) {
            Some(mode) => self.mode_command(mode, "").await,
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
    async fn command_map(&mut self, refresh: bool) -> TurnOutcome {
        send_repo_map(
            &mut self.session,
            &mut self.inbox,
            &self.emitter,
            refresh,
            Wait::Yes,
        )
        .await;
        TurnOutcome::Success
    }

    async fn command_lint(&mut self, args: &str) -> TurnOutcome {
        let files: Vec<String> = if args.is_empty() {
            self.session.files.editable()
        } else {
            split_words(args)
                .iter()
                .filter_map(|word| self.session.relative_path(word))
                .collect()
        };
        if files.is_empty() {
            return TurnOutcome::Error {
                kind: ErrorKind::Command,
                message: "No files to lint: add files to the chat or name them".to_string(),
            };
        }
        let (settings, root) = (&self.session.settings, &self.session.root);
        let problems = lint(settings, root, &self.emitter, &files).await;
        let Some(problems) = problems else {
            self.emitter.info("No lint problems.").await;
            return TurnOutcome::Success;
        };
        if self.session.models.main.is_none() {
            return TurnOutcome::Success;
        }
        let fix = self
            .inbox
            .ask(
                &self.emitter,
                QuestionKind::Confirm,
                "Ask the model to fix the problems?".to_string(),
            )
            .await;
        if !fix {
            return TurnOutcome::Success;
        }
        for file in &files {
            let _ = add_chat_file(&mut self.session, file, false);
        }
        // Addresses in a linter's output are its docs, not pages the user asked for.
        let detect_urls = std::mem::replace(&mut self.session.settings.detect_urls, false);
        let outcome = self.run_message(problems, Some(ChatMode::Code)).await;
        self.session.settings.detect_urls = detect_urls;
        outcome
    }

    async fn mode_command(&mut self, mode: ChatMode, text: &str) -> TurnOutcome {
        if text.is_empty() {
            self.session.mode = mode;
            self.emitter
                .info(format!("Switched to {} mode.", mode.name()))
                .await;
            return TurnOutcome::Success;
        }
        self.run_message(text.to_string(), Some(mode)).await
    }
}

/// `/drop [FILE...]`.
async fn command_drop(session: &mut Session, emitter: &Emitter, args: &str) -> TurnOutcome {
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
async fn command_read_only(session: &mut Session, emitter: &Emitter, args: &str) -> TurnOutcome {
    for word in split_words(args) {
        match add_read_only(session, &word) {
            Ok(name) => emitter.info(format!("Added {name} as read-only")).await,
            Err(problem) => emitter.warn(problem).await,
        }
    }
    TurnOutcome::Success
}

/// `/add PATH...`: a path that matches nothing may be created.
async fn command_add(
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
async fn command_ls(session: &Session, emitter: &Emitter) -> TurnOutcome {
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
async fn command_commit(session: &Session, emitter: &Emitter, args: &str) -> TurnOutcome {
    let Some(git) = &session.git else {
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
    let Some(git) = &session.git else {
        return TurnOutcome::Success;
    };
    match git.with(|git| git.commit_dirty(&dirty, &message)) {
        Ok(Some(summary)) => {
            announce_commit(git, emitter, &summary).await;
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

/// `/model`, `/weak-model`, `/editor-model` `[NAME]`: show or switch.
async fn command_model(
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
    let old_format = session.edit_format;
    session.edit_format = session.models.edit_format(&settings);
    session.editor_edit_format = session.models.editor_edit_format(&settings);
    if session.edit_format != old_format
        && let Some(weak) = session.models.weak.clone()
    {
        // The old replies would teach the model the old format: condense them.
        session.summarizer.start_all(&session.history, &weak);
    }
    emitter
        .info(format!(
            "/{which} is now {name} (edit format {})",
            session.edit_format
        ))
        .await;
    TurnOutcome::Success
}

/// `/clear`, and `/reset`, which drops the files too.
async fn command_clear(session: &mut Session, emitter: &Emitter, reset: bool) -> TurnOutcome {
    session.history.clear();
    if reset {
        drop_files(&mut session.files, &session.root, "");
        say(emitter, "Dropped all files and cleared the history.").await
    } else {
        say(emitter, "Cleared the conversation history.").await
    }
}

/// `/git ARGS`.
async fn command_git(root: &Path, emitter: &Emitter, args: &str) -> TurnOutcome {
    let command = format!("git {args}");
    let result = run_reported(root, emitter, CommandKind::Git, &command).await;
    if result.success {
        TurnOutcome::Success
    } else {
        command_error("the git command failed".to_string())
    }
}

/// `/run COMMAND`.
async fn command_run(
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
async fn command_test(session: &mut Session, emitter: &Emitter, args: &str) -> TurnOutcome {
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
        session.add_note(format!(
            "`{command}` fails:\n```\n{}\n```",
            result.output.trim_end()
        ));
    }
    TurnOutcome::Success
}
