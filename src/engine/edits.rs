//! The edit step of a round: parse the reply, get permission for files outside the
//! chat, show the edits for review, commit the user's own changes to those files,
//! apply, commit with a model-written message, then lint and test.

use std::collections::{BTreeMap, BTreeSet};

use crate::edit::{self, Edit, EditFormat, ParsedReply};
use crate::protocol::{
    CommandKind, CommitInfo, EditOutcome, EditStatus, Event, ProposedEdit, QuestionKind,
};

use super::checks;
use super::commit_message;
use super::spawn::Engine;

/// How the edit step of a round ended.
pub(super) struct EditRound {
    /// The problem to send back to the model as the next message, if any.
    pub feedback: Option<String>,
    /// Some edits were not applied (failed, rejected or refused).
    pub not_applied: bool,
}

impl EditRound {
    fn done(not_applied: bool) -> Self {
        EditRound {
            feedback: None,
            not_applied,
        }
    }
}

/// The git commit as the protocol carries it.
pub(super) fn commit_info(summary: &crate::git::CommitSummary) -> CommitInfo {
    CommitInfo {
        id: summary.id.clone(),
        short_id: summary.short_id.clone(),
        summary: summary.summary.clone(),
        author: summary.author.clone(),
        time: summary.time,
        by_tool: summary.by_tool,
    }
}

/// A unified diff of one file's change, with `a/` and `b/` headers.
pub(super) fn unified_diff(path: &str, before: &str, after: &str) -> String {
    similar::TextDiff::from_lines(before, after)
        .unified_diff()
        .context_radius(3)
        .header(&format!("a/{path}"), &format!("b/{path}"))
        .to_string()
}

/// Runs synchronous CPU or file work on the blocking pool. A panic there is re-raised
/// here, as it would have been inline.
async fn blocking<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> T {
    match tokio::task::spawn_blocking(work).await {
        Ok(value) => value,
        Err(err) if err.is_panic() => std::panic::resume_unwind(err.into_panic()),
        // Cancelled only while the runtime shuts down, which drops this task as well.
        Err(_) => std::future::pending().await,
    }
}

impl Engine {
    /// Handles the edits of one reply; `request` is the message that asked for them.
    pub(super) async fn process_edits(
        &mut self,
        reply: &str,
        format: EditFormat,
        request: &str,
    ) -> EditRound {
        let chat: Vec<String> = self.session.chat_files.iter().cloned().collect();
        let mut parsed = match edit::parse_reply(reply, format, &chat) {
            Ok(parsed) => parsed,
            Err(err) => {
                return EditRound {
                    feedback: Some(format!(
                        "Your edits could not be read ({err}). Nothing was applied. Send them again, following the edit format exactly."
                    )),
                    not_applied: true,
                };
            }
        };
        // Blocks the parser read but refused are never applied; the model hears why.
        // So are the parts of a patch the apply step cannot perform yet.
        let workspace = self.session.workspace.clone();
        let exists = |rel: &str| matches!(workspace.read(rel), Ok(Some(_)));
        for edit in &mut parsed.edits {
            if edit.refusal.is_none() {
                edit.refusal = edit::pending::not_yet_applicable(edit, &exists);
            }
        }
        let refused = edit::refusal_message(&parsed.edits);
        parsed.edits.retain(|edit| edit.refusal.is_none());
        let mut round = if parsed.edits.is_empty() && refused.is_some() {
            EditRound::done(true)
        } else {
            self.apply_parsed(&parsed, reply, request).await
        };
        if let Some(refused) = refused {
            round.not_applied = true;
            round.feedback = Some(match round.feedback.take() {
                Some(feedback) => format!("{refused}\n{feedback}"),
                None => refused,
            });
        }
        // Commands come after the edits, as the model expects them to run on the new code.
        if !self.inbox.quit {
            self.offer_shell_commands(&parsed.shell_commands).await;
        }
        round
    }

    /// Everything after parsing: permission, review, commits, apply, lint and test.
    async fn apply_parsed(
        &mut self,
        parsed: &ParsedReply,
        reply: &str,
        request: &str,
    ) -> EditRound {
        if parsed.edits.is_empty() {
            let added = self.offer_files_named_in_reply(reply).await;
            if added.is_empty() {
                return EditRound::done(false);
            }
            return EditRound {
                feedback: Some(format!(
                    "I added {} to the chat; the contents are above. Please go ahead with the change.",
                    added.join(", ")
                )),
                not_applied: false,
            };
        }

        let (allowed, refused) = self.permit_paths(&parsed.edits).await;
        let allowed_files: Vec<String> = allowed.iter().cloned().collect();
        let candidates: Vec<(usize, Edit)> = parsed
            .edits
            .iter()
            .enumerate()
            .filter(|(index, _)| !refused.contains_key(index))
            .map(|(index, edit)| (index, edit.clone()))
            .collect();
        let candidate_edits: Vec<Edit> = candidates.iter().map(|(_, edit)| edit.clone()).collect();

        // Review: a dry run gives the diffs and which blocks match.
        let planned = {
            let workspace = self.session.workspace.clone();
            let allowed_files = allowed_files.clone();
            // Matching can be CPU work on big files: keep it off the async workers.
            blocking(move || edit::plan_edits(&workspace, &candidate_edits, &allowed_files)).await
        };
        let proposed: Vec<ProposedEdit> = planned
            .iter()
            .zip(&candidates)
            .map(|(plan, (index, edit))| ProposedEdit {
                id: *index,
                path: plan.path.clone(),
                search: edit.search.clone(),
                replace: edit.replace.clone(),
                diff: if plan.outcome.is_ok() {
                    unified_diff(&plan.path, &plan.before, &plan.after)
                } else {
                    String::new()
                },
                applicable: plan.outcome.is_ok(),
                problem: plan.outcome.as_ref().err().map(|err| err.to_string()),
                creates_file: plan.creates_file,
            })
            .collect();
        let review = self.session.next_review();
        self.emitter
            .emit(Event::EditsProposed {
                review,
                edits: proposed,
            })
            .await;
        let accepted: BTreeSet<usize> = if self.inbox.auto_accept {
            candidates.iter().map(|(index, _)| *index).collect()
        } else {
            let decision = self.inbox.decision(review).await;
            let accepted: BTreeSet<usize> = decision
                .decisions
                .iter()
                .filter(|decision| decision.accept)
                .map(|decision| decision.edit)
                .collect();
            if decision.report_rejected {
                let rejected: Vec<String> = candidates
                    .iter()
                    .filter(|(index, _)| !accepted.contains(index))
                    .map(|(index, edit)| format!("block {} ({})", index + 1, edit.path))
                    .collect();
                if !rejected.is_empty() {
                    self.session.add_note(format!(
                        "I rejected these edit blocks of your last reply: {}. Do not apply them again unless I ask.",
                        rejected.join(", ")
                    ));
                }
            }
            accepted
        };
        let mut outcomes: BTreeMap<usize, EditOutcome> = BTreeMap::new();
        for (index, status) in &refused {
            outcomes.insert(
                *index,
                EditOutcome {
                    id: *index,
                    path: parsed.edits[*index].path.clone(),
                    status: status.clone(),
                },
            );
        }
        let mut to_apply: Vec<(usize, Edit)> = Vec::new();
        for (index, edit) in candidates {
            if accepted.contains(&index) {
                to_apply.push((index, edit));
            } else {
                outcomes.insert(
                    index,
                    EditOutcome {
                        id: index,
                        path: edit.path.clone(),
                        status: EditStatus::Rejected,
                    },
                );
            }
        }
        if self.inbox.quit {
            return EditRound::done(true);
        }

        // The user's own uncommitted work on these files gets its own commit first.
        let paths: Vec<String> = to_apply
            .iter()
            .filter_map(|(_, edit)| self.session.relative_path(&edit.path))
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        if self.session.settings.dirty_commits
            && let Some(git) = &self.session.git
            && !paths.is_empty()
        {
            let committed = git.with(|git| git.commit_dirty(&paths, ""));
            match committed {
                Ok(Some(summary)) => {
                    self.emitter
                        .emit(Event::CommitMade {
                            commit: commit_info(&summary),
                        })
                        .await;
                }
                Ok(None) => {}
                Err(err) => {
                    // Without the safety commit the user's changes could be mixed into ours: stop.
                    self.emitter
                        .error(format!("could not commit your own changes before editing: {err}; no edits applied"))
                        .await;
                    return EditRound::done(true);
                }
            }
        }

        let apply_edits: Vec<Edit> = to_apply.iter().map(|(_, edit)| edit.clone()).collect();
        let report = {
            let workspace = self.session.workspace.clone();
            blocking(move || edit::apply_edits(&workspace, &apply_edits, &allowed_files)).await
        };
        for result in &report.results {
            let index = to_apply
                .get(result.index)
                .map(|(index, _)| *index)
                .unwrap_or(result.index);
            outcomes.insert(
                index,
                EditOutcome {
                    id: index,
                    path: result.path.clone(),
                    status: super::usage::edit_status(&result.status),
                },
            );
        }
        let not_applied = outcomes
            .values()
            .any(|outcome| !matches!(outcome.status, EditStatus::Applied | EditStatus::Created));
        self.emitter
            .emit(Event::EditResults {
                results: outcomes.into_values().collect(),
            })
            .await;

        let changed: Vec<String> = report.changed_files();
        if !changed.is_empty() {
            self.commit_edits(&changed, request).await;
        }
        if let Some(feedback) = report.feedback() {
            return EditRound {
                feedback: Some(feedback),
                not_applied: true,
            };
        }
        if changed.is_empty() {
            return EditRound::done(not_applied);
        }
        let mut problems = Vec::new();
        if let Some(lint) = self.lint_files(&changed).await {
            problems.push(lint);
        }
        if problems.is_empty()
            && self.session.settings.auto_test
            && let Some(test) = self.run_tests().await
        {
            problems.push(test);
        }
        EditRound {
            feedback: if problems.is_empty() {
                None
            } else {
                Some(problems.join("\n\n"))
            },
            not_applied,
        }
    }

    /// Decides which edited paths may be written: chat files, plus files the user
    /// agrees to add (or create). Paths outside the root are refused outright.
    async fn permit_paths(
        &mut self,
        edits: &[Edit],
    ) -> (BTreeSet<String>, BTreeMap<usize, EditStatus>) {
        let mut allowed: BTreeSet<String> = self.session.chat_files.clone();
        let mut refused = BTreeMap::new();
        let mut answers: BTreeMap<String, bool> = BTreeMap::new();
        for (index, edit) in edits.iter().enumerate() {
            let Some(relative) = self.session.relative_path(&edit.path) else {
                self.emitter
                    .warn(format!(
                        "Refused an edit to {}: it is outside the repository.",
                        edit.path
                    ))
                    .await;
                refused.insert(
                    index,
                    EditStatus::Failed {
                        reason: format!("{} is outside the repository", edit.path),
                    },
                );
                continue;
            };
            if allowed.contains(&relative) {
                continue;
            }
            let yes = match answers.get(&relative) {
                Some(yes) => *yes,
                None => {
                    let exists = self.session.absolute(&relative).exists();
                    let (kind, text) = if exists {
                        (
                            QuestionKind::AddFile {
                                path: relative.clone(),
                            },
                            format!(
                                "The model wants to edit {relative}, which is not in the chat. Add it?"
                            ),
                        )
                    } else {
                        (
                            QuestionKind::CreateFile {
                                path: relative.clone(),
                            },
                            format!("The model wants to create {relative}. Create it?"),
                        )
                    };
                    let yes = self.inbox.ask(&self.emitter, kind, text).await;
                    answers.insert(relative.clone(), yes);
                    yes
                }
            };
            if yes {
                allowed.insert(relative.clone());
                self.session.read_only_files.remove(&relative);
                self.session.chat_files.insert(relative);
            } else {
                refused.insert(index, EditStatus::Rejected);
            }
        }
        (allowed, refused)
    }

    /// Commits the edited files with a message the weak model writes from the diff.
    pub(super) async fn commit_edits(&mut self, changed: &[String], request: &str) {
        if !self.session.settings.auto_commits {
            return;
        }
        let Some(git) = &self.session.git else {
            return;
        };
        let diff = git.with(|git| git.diff_files(changed)).unwrap_or_default();
        let weak = self
            .session
            .models
            .weak
            .clone()
            .or_else(|| self.session.models.main.clone());
        let written = commit_message::write(weak.as_ref(), &diff, changed, Some(request)).await;
        if let (Some(usage), Some(model)) = (written.usage, weak.as_ref()) {
            let cost = crate::llm::cost(&model.settings, &super::usage::to_llm(&usage));
            self.session.session_cost += cost;
        }
        if let Some(reason) = &written.fallback_reason {
            tracing::warn!("commit message fallback: {reason}");
        }
        let attribution = self.session.attribution();
        let Some(git) = &self.session.git else {
            return;
        };
        let committed = git.with(|git| git.commit_files(changed, &written.message, &attribution));
        match committed {
            Ok(summary) => {
                self.emitter
                    .emit(Event::CommitMade {
                        commit: commit_info(&summary),
                    })
                    .await;
            }
            Err(err) => {
                self.emitter
                    .error(format!("could not commit the edits: {err}"))
                    .await
            }
        }
    }

    /// Lints edited files: the built-in syntax check, then `--lint-cmd`. Returns the
    /// problem text for the model, if any.
    pub(super) async fn lint_files(&mut self, files: &[String]) -> Option<String> {
        if !self.session.settings.auto_lint {
            return None;
        }
        let mut problems = Vec::new();
        let syntax = {
            let root = self.session.root.clone();
            let files = files.to_vec();
            blocking(move || checks::syntax_report(&root, &files)).await
        };
        if let Some(report) = syntax {
            self.emitter
                .emit(Event::CommandOutput {
                    kind: CommandKind::Lint,
                    command: "syntax check".to_string(),
                    output: report.clone(),
                    success: false,
                })
                .await;
            problems.push(report);
        }
        let commands = checks::lint_commands(
            self.session.settings.lint_cmd.as_deref(),
            &self.session.settings.lint_cmds,
            files,
        );
        for (command, command_files) in commands {
            let full = checks::lint_command(&command, &command_files);
            let result = self.run_reported(CommandKind::Lint, &full).await;
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
    pub(super) async fn run_tests(&mut self) -> Option<String> {
        let command = self.session.settings.test_cmd.clone()?;
        let result = self.run_reported(CommandKind::Test, &command).await;
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
    async fn offer_shell_commands(&mut self, commands: &[String]) {
        for command in commands {
            let yes = self
                .inbox
                .ask(
                    &self.emitter,
                    QuestionKind::RunShell {
                        command: command.clone(),
                    },
                    format!("The model suggests running `{command}`. Run it?"),
                )
                .await;
            if !yes {
                continue;
            }
            self.run_user_shell(command, CommandKind::Shell).await;
        }
    }

    /// Runs a command in the repository and shows its output to the user.
    pub(super) async fn run_reported(
        &self,
        kind: CommandKind,
        command: &str,
    ) -> checks::CommandResult {
        let result = checks::run_shell(command, &self.session.root).await;
        self.emitter
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
    pub(super) async fn run_user_shell(&mut self, command: &str, kind: CommandKind) -> bool {
        let result = self.run_reported(kind, command).await;
        if !result.output.trim().is_empty() {
            let keep = self
                .inbox
                .ask(
                    &self.emitter,
                    QuestionKind::AddOutput,
                    "Add the command's output to the next message?".to_string(),
                )
                .await;
            if keep {
                self.session.add_note(format!(
                    "Output of `{command}`:\n```\n{}\n```",
                    result.output.trim_end()
                ));
            }
        }
        result.success
    }
}
