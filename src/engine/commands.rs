//! Slash commands: `/add`, `/undo`, `/tokens` and the rest. A command runs as a turn
//! of its own (TurnStarted … TurnFinished); its output goes out as notices and events.

use crate::protocol::{
    ChatMode, Command, CommandKind, ErrorKind, QuestionKind, TurnOutcome, help_text, parse_command,
};

use super::commit_message;
use super::read_only::settings_text;
use super::session_map::Wait;
use super::spawn::Engine;

/// A command's arguments split as a shell would (`/add "my notes.md" src/*.rs`); text
/// with an unbalanced quote is split at whitespace instead.
fn split_words(args: &str) -> Vec<String> {
    shell_words::split(args)
        .unwrap_or_else(|_| args.split_whitespace().map(str::to_string).collect())
}

impl Engine {
    /// Runs one slash command line (starting with `/`).
    pub(super) async fn run_command(&mut self, line: &str) -> TurnOutcome {
        let (command, args) = match parse_command(line) {
            Ok(parsed) => parsed,
            Err(message) => {
                return TurnOutcome::Error {
                    kind: ErrorKind::Command,
                    message,
                };
            }
        };
        match command {
            Command::Add => self.command_add(args).await,
            Command::Drop => self.command_drop(args).await,
            Command::ReadOnly => self.command_read_only(args).await,
            Command::Ls => {
                self.command_ls().await;
                TurnOutcome::Success
            }
            Command::Undo => self.undo_last().await,
            Command::Diff => self.show_last_diff().await,
            Command::Commit => self.command_commit(args).await,
            Command::Run => self.command_run(args).await,
            Command::Test => self.command_test(args).await,
            Command::Lint => self.command_lint(args).await,
            Command::Ask => self.mode_command(ChatMode::Ask, args).await,
            Command::Code => self.mode_command(ChatMode::Code, args).await,
            Command::Architect => self.mode_command(ChatMode::Architect, args).await,
            Command::ChatMode => match ChatMode::from_name(args) {
                Some(mode) => self.mode_command(mode, "").await,
                None => {
                    let names: Vec<&str> = ChatMode::ALL.iter().map(|mode| mode.name()).collect();
                    TurnOutcome::Error {
                        kind: ErrorKind::Command,
                        message: format!("Unknown mode {args:?}; choose {}", names.join(", ")),
                    }
                }
            },
            Command::Model | Command::WeakModel | Command::EditorModel => {
                self.command_model(command, args).await
            }
            Command::AutoAccept => {
                self.inbox.auto_accept = !self.inbox.auto_accept;
                let state = if self.inbox.auto_accept { "on" } else { "off" };
                self.emitter.info(format!("Auto-accept is {state}.")).await;
                TurnOutcome::Success
            }
            Command::Tokens => {
                self.command_tokens().await;
                TurnOutcome::Success
            }
            Command::Clear => {
                self.session.history.clear();
                self.emitter.info("Cleared the conversation history.").await;
                TurnOutcome::Success
            }
            Command::Reset => {
                self.drop_files("");
                self.session.history.clear();
                self.emitter
                    .info("Dropped all files and cleared the history.")
                    .await;
                TurnOutcome::Success
            }
            Command::Map => {
                self.send_repo_map(false, Wait::Yes).await;
                TurnOutcome::Success
            }
            Command::MapRefresh => {
                self.send_repo_map(true, Wait::Yes).await;
                TurnOutcome::Success
            }
            Command::Settings => {
                let text = settings_text(&self.session.settings);
                self.emitter.info(text).await;
                TurnOutcome::Success
            }
            Command::Cancel => {
                // Between turns nothing waits: what is queued is already running.
                self.emitter.info("Nothing is queued.").await;
                TurnOutcome::Success
            }
            Command::Help => {
                self.emitter.info(help_text()).await;
                TurnOutcome::Success
            }
            Command::Exit | Command::Quit => {
                self.inbox.quit = true;
                TurnOutcome::Success
            }
            Command::Rewind => self.command_rewind(args).await,
            Command::Redo => self.command_redo().await,
            Command::Sessions => self.command_sessions().await,
            Command::Resume => self.command_resume(args).await,
            Command::Context => self.mode_command(ChatMode::Context, args).await,
            Command::Watch | Command::Editor | Command::MultilineMode | Command::ContextPane => {
                self.full_screen_only(command)
            }
            Command::Copy => self.command_copy().await,
            Command::CopyContext => self.command_copy_context().await,
            Command::Paste => self.command_paste(args).await,
            Command::Web => self.command_web(args).await,
            Command::Voice => self.command_voice(args).await,
            Command::Save => self.command_save(args).await,
            Command::Load => self.command_load(args).await,
            Command::ReasoningEffort => self.command_reasoning_effort(args).await,
            Command::ThinkTokens => self.command_think_tokens(args).await,
            Command::Models => self.command_models(args).await,
            Command::Key => self.command_key(args),
            Command::Git => {
                let command = format!("git {args}");
                let result = self.run_reported(CommandKind::Git, &command).await;
                if result.success {
                    TurnOutcome::Success
                } else {
                    TurnOutcome::Error {
                        kind: ErrorKind::Command,
                        message: "the git command failed".to_string(),
                    }
                }
            }
        }
    }

    /// `/drop [FILE...]`.
    async fn command_drop(&mut self, args: &str) -> TurnOutcome {
        let dropped = self.drop_files(args);
        if dropped.is_empty() {
            self.emitter
                .warn(format!("No chat file matches {args}"))
                .await;
        } else {
            self.emitter
                .info(format!("Dropped {}", dropped.join(", ")))
                .await;
        }
        TurnOutcome::Success
    }

    /// `/read-only FILE...`.
    async fn command_read_only(&mut self, args: &str) -> TurnOutcome {
        for word in split_words(args) {
            match self.add_read_only(&word) {
                Ok(name) => {
                    self.emitter
                        .info(format!("Added {name} as read-only"))
                        .await
                }
                Err(problem) => self.emitter.warn(problem).await,
            }
        }
        TurnOutcome::Success
    }

    async fn command_add(&mut self, args: &str) -> TurnOutcome {
        let words = split_words(args);
        if words.is_empty() {
            return TurnOutcome::Error {
                kind: ErrorKind::Command,
                message: "/add needs at least one path".to_string(),
            };
        }
        for word in words {
            match self.add_chat_file(&word, false) {
                Ok(added) if added.is_empty() => {
                    self.emitter
                        .info(format!("{word} is already in the chat"))
                        .await
                }
                Ok(added) => {
                    self.emitter
                        .info(format!("Added {}", added.join(", ")))
                        .await
                }
                Err(super::chat_files::AddRefusal::NoMatch(_)) => {
                    let Some(relative) = self.session.relative_path(&word) else {
                        self.emitter
                            .warn(format!("{word} is outside the repository"))
                            .await;
                        continue;
                    };
                    let create = self
                        .inbox
                        .ask(
                            &self.emitter,
                            QuestionKind::CreateFile {
                                path: relative.clone(),
                            },
                            format!("No file matches {word}. Create {relative}?"),
                        )
                        .await;
                    if create && self.add_chat_file(&relative, true).is_ok() {
                        self.emitter
                            .info(format!("Added new file {relative}"))
                            .await;
                    }
                }
                Err(refusal) => self.emitter.warn(refusal.to_string()).await,
            }
        }
        TurnOutcome::Success
    }

    async fn command_ls(&mut self) {
        let mut text = String::new();
        let others: Vec<String> = self
            .session
            .repo_files()
            .into_iter()
            .filter(|file| !self.session.files.contains(file))
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
        let read_only = self.session.files.read_only();
        if !read_only.is_empty() {
            text.push_str("Read-only files:\n");
            for file in &read_only {
                text.push_str(&format!("  {file}\n"));
            }
        }
        let editable = self.session.files.editable();
        if editable.is_empty() {
            text.push_str("No files in the chat.\n");
        } else {
            text.push_str("Files in the chat:\n");
            for file in &editable {
                text.push_str(&format!("  {file}\n"));
            }
        }
        self.emitter.info(text.trim_end().to_string()).await;
    }

    async fn command_commit(&mut self, args: &str) -> TurnOutcome {
        let Some(git) = &self.session.git else {
            return TurnOutcome::Error {
                kind: ErrorKind::Command,
                message: "git is not in use in this session".to_string(),
            };
        };
        let dirty = match git.with(|git| git.dirty_files(&git.tracked_files().unwrap_or_default()))
        {
            Ok(dirty) => dirty,
            Err(err) => {
                return TurnOutcome::Error {
                    kind: ErrorKind::Command,
                    message: err.to_string(),
                };
            }
        };
        if dirty.is_empty() {
            self.emitter.info("Nothing to commit.").await;
            return TurnOutcome::Success;
        }
        let message = if args.is_empty() {
            let diff = git.with(|git| git.diff_files(&dirty)).unwrap_or_default();
            let weak = self.session.models.weak_or_main().cloned();
            commit_message::write(weak.as_ref(), &diff, &dirty, None)
                .await
                .message
        } else {
            args.to_string()
        };
        let Some(git) = &self.session.git else {
            return TurnOutcome::Success;
        };
        match git.with(|git| git.commit_dirty(&dirty, &message)) {
            Ok(Some(summary)) => {
                self.announce_commit(&summary).await;
                TurnOutcome::Success
            }
            Ok(None) => {
                self.emitter.info("Nothing to commit.").await;
                TurnOutcome::Success
            }
            Err(err) => TurnOutcome::Error {
                kind: ErrorKind::Command,
                message: err.to_string(),
            },
        }
    }

    async fn command_run(&mut self, command: &str) -> TurnOutcome {
        if command.is_empty() {
            return TurnOutcome::Error {
                kind: ErrorKind::Command,
                message: "/run needs a command".to_string(),
            };
        }
        // Typed by the user, so it runs at once; the model's proposals are asked about.
        self.run_user_shell(command, CommandKind::Shell).await;
        TurnOutcome::Success
    }

    async fn command_test(&mut self, args: &str) -> TurnOutcome {
        let command = if args.is_empty() {
            match self.session.settings.test_cmd.clone() {
                Some(command) => command,
                None => {
                    return TurnOutcome::Error {
                        kind: ErrorKind::Command,
                        message: "No test command: pass one (/test CMD) or set --test-cmd"
                            .to_string(),
                    };
                }
            }
        } else {
            args.to_string()
        };
        let result = self.run_reported(CommandKind::Test, &command).await;
        if !result.success {
            // The failure goes to the model with the next message.
            self.session.add_note(format!(
                "`{command}` fails:\n```\n{}\n```",
                result.output.trim_end()
            ));
        }
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
        let forced = self.session.settings.auto_lint;
        self.session.settings.auto_lint = true;
        let problems = self.lint_files(&files).await;
        self.session.settings.auto_lint = forced;
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
            let _ = self.add_chat_file(file, false);
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

    async fn command_model(&mut self, command: Command, name: &str) -> TurnOutcome {
        let which = command.name();
        if name.is_empty() {
            let current = match command {
                Command::Model => self.session.models.main.as_ref(),
                Command::WeakModel => self.session.models.weak.as_ref(),
                _ => self.session.models.editor.as_ref(),
            };
            let text = current
                .map(|model| model.name.clone())
                .unwrap_or_else(|| "none".to_string());
            self.emitter.info(format!("/{which}: {text}")).await;
            return TurnOutcome::Success;
        }
        let settings = self.session.settings.clone();
        let models = &mut self.session.models;
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
        for warning in std::mem::take(&mut self.session.models.warnings) {
            self.emitter.warn(warning).await;
        }
        let old_format = self.session.edit_format;
        self.session.edit_format = self.session.models.edit_format(&settings);
        self.session.editor_edit_format = self.session.models.editor_edit_format(&settings);
        if self.session.edit_format != old_format
            && let Some(weak) = self.session.models.weak.clone()
        {
            // The old replies would teach the model the old format: condense them.
            self.session
                .summarizer
                .start_all(&self.session.history, &weak);
        }
        self.emitter
            .info(format!(
                "/{which} is now {name} (edit format {})",
                self.session.edit_format
            ))
            .await;
        TurnOutcome::Success
    }
}
