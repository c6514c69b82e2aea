//! The engine's events into pane updates, and the bookkeeping of what was submitted:
//! which chat entry each sent message echoed, what the engine queued, which turn runs.

use std::sync::Arc;
use std::time::Instant;

use super::{App, MODEL_SETUP};
use crate::protocol::{
    Command, EditStatus, ErrorKind, Event, NoticeLevel, Op, ProblemKind, Runs, TurnOutcome,
    parse_command, without_key,
};
use crate::text::{counted, describe};
use crate::tui::app_event::{Confirmation, Focus};
use crate::tui::layers::Layer;
use crate::tui::overlay::SessionPicker;
use crate::tui::panes::chat::EntryKind;

impl App {
    /// Updates the panes for an engine event.
    pub fn handle_event(&mut self, event: Event) {
        match event {
            event @ (Event::TurnStarted { .. }
            | Event::ReplyDelta { .. }
            | Event::ReasoningDelta { .. }
            | Event::TurnFinished { .. }
            | Event::PlanReady { .. }
            | Event::PlanDecided { .. }) => self.on_turn_event(event),
            event @ (Event::ReviewStarted { .. }
            | Event::ReviewUpdated { .. }
            | Event::ReviewDraft { .. }
            | Event::ReviewEnded { .. }) => self.on_review_event(event),
            event @ (Event::CommitLog { .. }
            | Event::CommitDiff { .. }
            | Event::FilePreview { .. }
            | Event::RepoMap(_)
            | Event::RepoFiles { .. }
            | Event::ContextReport(_)
            | Event::SessionList { .. }) => self.on_lookup(event),
            Event::Status(status) => self.on_status(status),
            Event::ComposeMessage { text } => {
                self.set_focus(Focus::Input);
                self.panes.input.paste(&text);
                self.status.flash(self.hints.compose_ready.clone());
            }
            Event::Recording { active } => self.status.recording = active,
            Event::CopyThroughTerminal { text, reason } => {
                self.requests.terminal_copy = Some(text);
                self.note(
                    NoticeLevel::Info,
                    &format!(
                        "No system clipboard ({reason}): copied through the terminal instead (OSC 52), which works where the terminal allows it."
                    ),
                );
            }
            Event::EditPreview(preview) => self.panes.diff.on_preview(preview),
            event @ Event::ReplyFinished { .. } => {
                self.status.waiting = false;
                let _ = self.panes.chat.finish_reply();
                self.say(&event);
            }
            Event::EditResults { results } => {
                if results
                    .iter()
                    .any(|result| matches!(result.status, EditStatus::Failed { .. }))
                {
                    self.turn.edit_failed = true;
                }
                self.say(&Event::EditResults { results });
            }
            // The engine sends the new log right after; nothing to ask for.
            event @ Event::CommitMade { .. } => self.say(&event),
            event @ Event::ReflectionSent { .. } => {
                self.status.waiting = true;
                for said in describe(&event) {
                    self.panes.chat.push(EntryKind::Reflection, &said.text);
                }
            }
            event @ Event::CommandOutput { .. } => {
                for said in describe(&event) {
                    self.panes.chat.push(EntryKind::Command, &said.text);
                }
            }
            Event::Question { id, kind: _, text } => self.ask(id, text),
            event @ Event::Notice { .. } => self.say(&event),
            // At start the conversation goes before the start-up notices; later it
            // takes the place of what was shown.
            Event::ConversationRestored { session, messages } => {
                self.saved_session = Some(session);
                self.panes.chat.restore(&messages, !self.turn.seen)
            }
            Event::TurnSaved { session, turn } => {
                self.saved_session = Some(session);
                if let Some(entry) = self.turn.entry {
                    self.panes.chat.tag_turn(entry, turn);
                }
            }
            Event::SentDuringTurn { text, handling } => {
                self.turn.sent_during_turn(&handling);
                self.say(&Event::SentDuringTurn { text, handling });
            }
            event @ Event::HistorySummarized(_) => self.say(&event),
            Event::ShutdownComplete => {
                self.status.waiting = false;
                self.engine_stopped = true;
            }
        }
    }

    /// The answers to the panes' requests (log, diffs, files, map, context, sessions).
    fn on_lookup(&mut self, event: Event) {
        match event {
            Event::CommitLog { commits } => self.panes.commits.set_commits(commits),
            Event::CommitDiff {
                commit,
                files,
                source,
            } => self.panes.diff.show_commit(commit, &files, source),
            Event::FilePreview { path, text } => {
                self.panes.diff.show_file(&path, &text);
                self.set_focus(Focus::Diff);
            }
            Event::RepoMap(map) => self.panes.map.set_map(map),
            Event::RepoFiles { files } => {
                self.repo_files = files.into();
                if let Some(finder) = self.layers.finder_mut() {
                    finder.set_files(Arc::clone(&self.repo_files));
                }
            }
            Event::ContextReport(report) => self.panes.context.set_report(report),
            Event::SessionList { sessions } if sessions.is_empty() => {
                self.say(&Event::SessionList { sessions })
            }
            Event::SessionList { sessions } => self
                .layers
                .open(Layer::Sessions(SessionPicker::new(sessions))),
            _ => {}
        }
    }

    /// The engine's yes/no question waits in line for the user's answer.
    fn ask(&mut self, question: crate::protocol::QuestionId, text: String) {
        self.layers.ask(Confirmation {
            text,
            on_yes: vec![Op::Answer {
                question,
                yes: true,
            }],
            on_no: vec![Op::Answer {
                question,
                yes: false,
            }],
        });
    }

    /// The session's status: the files, the map's scan, the bar, and once the model's
    /// problem with the ways to set one up.
    fn on_status(&mut self, status: crate::protocol::SessionStatus) {
        self.panes
            .files
            .set_files(&status.chat_files, &status.read_only_files);
        self.panes.map.set_progress(status.map_progress);
        if let Some(problem) = &status.model_problem
            && !self.model_hint_shown
        {
            self.model_hint_shown = true;
            // With no model named the engine's text lists the ways already;
            // a model that cannot be reached gets them added.
            let hint = match (problem.kind, &problem.key_provider) {
                (ProblemKind::NoModel, _) => format!(
                    "{}\nOr type /key PROVIDER (e.g. /key anthropic) to give a key for this session (masked, never saved).",
                    problem.message
                ),
                (_, Some(provider)) => format!(
                    "{}\nOr type /key {provider} to give it for this session (masked, never saved).",
                    problem.message
                ),
                _ => format!("{}\n{MODEL_SETUP}", problem.message),
            };
            self.note(NoticeLevel::Warn, &hint);
        }
        self.status.status = status;
    }

    /// A turn starting, streaming and finishing, and its plan.
    fn on_turn_event(&mut self, event: Event) {
        match event {
            Event::TurnStarted { message: _ } => {
                self.turn.start();
                self.status.waiting = true;
                self.panes.diff.begin_turn();
                self.status.begin_turn(Instant::now());
            }
            Event::ReplyDelta { text } => {
                self.status.waiting = true;
                self.status.count_streamed(&text);
                self.panes.chat.append_reply(&text);
            }
            Event::ReasoningDelta { text } => {
                self.status.waiting = true;
                self.status.count_streamed(&text);
                self.panes.chat.append_reasoning(&text);
            }
            Event::TurnFinished { outcome } => self.on_turn_finished(outcome),
            event @ Event::PlanReady { .. } => {
                self.status.waiting = false;
                let _ = self.panes.chat.finish_reply();
                self.say(&event);
                if let Event::PlanReady { plan, text } = event {
                    self.panes.plan.show(plan, text);
                }
                self.set_focus(Focus::Diff);
                self.status
                    .flash(format!("Plan ready: {}", self.hints.plan_ready));
            }
            event @ Event::PlanDecided { .. } => {
                self.panes.plan.close();
                self.say(&event);
                let dropped = matches!(
                    event,
                    Event::PlanDecided {
                        outcome: crate::protocol::PlanOutcome::Dropped,
                        ..
                    }
                );
                // A sent plan: the editor's blocks stream into the diff pane next; a
                // dropped one: the chat says so.
                self.status.waiting = !dropped;
                if dropped {
                    self.set_focus(Focus::Chat);
                }
                if self.focus == Focus::Diff || dropped {
                    self.set_focus(Focus::Input);
                }
            }
            _ => {}
        }
    }

    fn on_turn_finished(&mut self, outcome: TurnOutcome) {
        self.panes.plan.close();
        self.status.waiting = false;
        self.status.recording = false;
        // "Interrupting…", "Auto-accepting …" were about this turn; an armed
        // quit is not, and its notice stays.
        if !self.quit_armed {
            self.status.clear_flash();
        }
        let _ = self.panes.chat.finish_reply();
        // Blocks the user rejected were their choice: only failures warrant a warning.
        let choice_only = outcome == TurnOutcome::EditsNotApplied && !self.turn.edit_failed;
        // The kind, never the text, says the model is what failed.
        let model_failed = matches!(
            outcome,
            TurnOutcome::Error {
                kind: ErrorKind::Model,
                ..
            }
        );
        self.turn.finish();
        if !choice_only {
            self.say(&Event::TurnFinished { outcome });
        }
        if model_failed && !self.model_hint_shown {
            self.model_hint_shown = true;
            self.note(NoticeLevel::Info, MODEL_SETUP);
        }
        if self.focus == Focus::Diff && !self.panes.diff.is_reviewing() {
            self.set_focus(Focus::Input);
        }
        self.status.end_turn();
        self.send_queued();
    }

    /// The review of a reply's edits.
    fn on_review_event(&mut self, event: Event) {
        match event {
            Event::ReviewStarted(review) => {
                self.status.waiting = false;
                let _ = self.panes.chat.finish_reply();
                self.say(&Event::ReviewStarted(review.clone()));
                let blocks = counted(review.blocks.len(), "block", "blocks");
                // Failed blocks go back to the model by themselves: only a planned
                // block waiting for a decision takes the focus.
                let waiting = review.blocks.iter().any(|block| {
                    block.decision == crate::protocol::BlockDecisionState::Pending
                        && matches!(block.state, crate::protocol::BlockState::Planned { .. })
                });
                self.panes.diff.start_review(review);
                if waiting {
                    self.set_focus(Focus::Diff);
                    let keys = &self.hints.review_started;
                    self.status.flash(format!("Review {blocks}: {keys}"));
                } else {
                    self.status.flash(format!("Auto-accepting {blocks}"));
                }
            }
            Event::ReviewUpdated {
                review,
                blocks,
                tell_rejected,
                note,
            } => {
                if let Some(note) = &note {
                    self.status.flash(note.clone());
                }
                self.say(&Event::ReviewUpdated {
                    review,
                    blocks: Vec::new(),
                    tell_rejected,
                    note,
                });
                self.panes.diff.update_review(review, blocks, tell_rejected);
            }
            Event::ReviewDraft {
                review,
                block,
                state,
            } => self.panes.diff.review_draft(review, block, state),
            Event::ReviewEnded { review } => {
                self.panes.diff.end_review(review);
                if self.focus == Focus::Diff {
                    self.set_focus(Focus::Input);
                    self.review_just_ended = true;
                }
            }
            _ => {}
        }
    }

    /// Sends a message or command as typed; a few commands are the UI's own. While a
    /// turn runs it waits in the chat, queued, until the turn ends.
    pub(super) fn submit(&mut self, text: &str) {
        let text = text.trim();
        if text.is_empty() {
            return;
        }
        // The registry says where a command runs; a name it does not know goes to the
        // engine, which answers with the nearest command.
        if text.starts_with('/')
            && let Ok((command, args)) = parse_command(text)
        {
            match command.spec().runs {
                Runs::Ui => {
                    self.run_ui_command(command, args);
                    return;
                }
                Runs::UiThenEngine => self.run_ui_command(command, args),
                Runs::Engine => {}
            }
        }
        // A line that may hold a key (`/KEY`, `/kye`) is never shown, queued or sent.
        let text = &without_key(text);
        // A message waits in the chat for the turn before it; a command goes to the
        // engine at once, which answers it, queues it or refuses it (SentDuringTurn).
        if self.turn.busy() && !text.starts_with('/') {
            self.panes.chat.queue(text);
            return;
        }
        self.send_now(text);
    }

    /// The oldest queued message goes out once nothing runs.
    fn send_queued(&mut self) {
        if !self.turn.busy()
            && let Some(text) = self.panes.chat.next_queued()
        {
            self.send_now(&text);
        }
    }

    /// Echoes a message or command in the chat and sends it to the engine.
    fn send_now(&mut self, text: &str) {
        match parse_command(text).map(|(command, _)| command) {
            Ok(Command::Clear) if text.starts_with('/') => self.panes.chat.clear(),
            Ok(Command::MapRefresh) if text.starts_with('/') => self.panes.map.mark_refreshing(),
            _ => {}
        }
        self.panes.chat.follow();
        let entry = self.panes.chat.push(EntryKind::User, text);
        self.turn.submitted.push_back(Some(entry));
        // `@path` is the engine's to read, like every other part of a message.
        self.outbox.push(Op::Submit {
            text: text.to_string(),
        });
    }
}
