//! One turn: a user message, the model's reply, its edits, and up to
//! `max_reflections` follow-up rounds that feed problems back to the model.

use crate::conversation::Message;
use crate::edit::EditFormat;
use crate::llm;
use crate::protocol::{ChatMode, ErrorKind, Event, QuestionKind, TurnOutcome};

use super::commands::{split_words, switch_mode};
use super::context_mode::add_named_files;
use super::context_report::{collect_summary, note_request};
use super::edits::process_edits;
use super::files::{add_at_paths, add_chat_file, offer_mentioned_files};

use super::images::complete_request;
use super::mentions::Mentions;
use super::models::{Model, NO_MODEL_HELP};
use super::plan_review::review_plan;
use super::preview::LivePreview;
use super::prompt::Prompt;
use super::reply_stream;
use super::repo_map::{MapAsker, render_repo_map, rescan_repo_map};
use super::session_prompt::{PromptShape, assemble_prompt};
use super::shell::lint;
use super::spawn::Engine;
use super::summarize;
use super::web_command::offer_web_pages;

/// What the rounds of one model talk with: which model, mode and format, and
/// whether the session history is part of the prompt (the architect's editor works
/// without it).
#[derive(Clone)]
pub(super) struct RoundSetup {
    pub model: Model,
    pub mode: ChatMode,
    pub format: EditFormat,
    pub use_history: bool,
}

impl RoundSetup {
    /// The shape of this setup's prompts.
    pub(super) fn shape(&self) -> PromptShape<'_> {
        PromptShape {
            mode: self.mode,
            format: self.format,
            use_history: self.use_history,
            settings: &self.model.settings,
        }
    }
}

/// How a series of rounds ended, and the last reply.
pub(super) struct RoundsEnd {
    pub outcome: TurnOutcome,
    pub last_reply: String,
}

impl Engine {
    /// Runs a user message in the current mode, or in `mode` for a one-off `/ask` etc.
    pub(super) async fn run_message(
        &mut self,
        message: String,
        mode: Option<ChatMode>,
    ) -> TurnOutcome {
        collect_summary(&mut self.session, &mut self.inbox, &self.emitter).await;
        self.session.keepalive.user_message();
        let message = add_at_paths(&mut self.session, &self.emitter, message).await;
        let mentions =
            offer_mentioned_files(&mut self.session, &mut self.inbox, &self.emitter, &message)
                .await;
        offer_web_pages(&mut self.session, &mut self.inbox, &self.emitter, &message).await;
        if self.inbox.quit {
            return TurnOutcome::Interrupted;
        }
        let Some(main) = self.session.models.main.clone() else {
            let message = self
                .session
                .models
                .problem
                .as_ref()
                .map(|problem| problem.message.clone())
                .unwrap_or_else(|| NO_MODEL_HELP.to_string());
            return TurnOutcome::Error {
                kind: ErrorKind::Model,
                message,
            };
        };
        let message = match self.session.ledger.take_note() {
            Some(note) => format!("{note}\n\n{message}"),
            None => message,
        };
        rescan_repo_map(&self.session);
        let base = self
            .session
            .git
            .as_ref()
            .and_then(|git| git.with(|git| git.head()));
        let mode = mode.unwrap_or(self.session.mode);
        let outcome = match mode {
            ChatMode::Architect => self.run_architect(message, &mentions, main).await,
            mode => {
                let setup = RoundSetup {
                    model: main,
                    mode,
                    format: self.session.models.edit_format(),
                    use_history: true,
                };
                let end = self.run_rounds(&setup, message.clone(), &mentions).await;
                if mode == ChatMode::Context && end.outcome == TurnOutcome::Success {
                    let (session, inbox) = (&mut self.session, &mut self.inbox);
                    add_named_files(session, inbox, &self.emitter, message, &end.last_reply).await
                } else {
                    end.outcome
                }
            }
        };
        let head = self
            .session
            .git
            .as_ref()
            .and_then(|git| git.with(|git| git.head()));
        if head != base {
            self.session.ledger.turn_changed_files_from(base);
        }
        self.start_summary_if_long();
        outcome
    }

    /// Starts a background summary when the history has grown past the threshold.
    pub(super) fn start_summary_if_long(&mut self) {
        let Some(weak) = self.session.models.weak_or_main().cloned() else {
            return;
        };
        let window = self
            .session
            .models
            .main
            .as_ref()
            .map(|model| model.settings.context_window)
            .unwrap_or(0);
        let threshold = summarize::threshold_for(window);
        self.session
            .summarizer
            .start_if_long(&self.session.history, &weak, threshold);
    }

    /// Architect mode: the main model plans in prose, then (once the plan is accepted,
    /// perhaps edited) the editor model turns it into edits in the editor format.
    async fn run_architect(
        &mut self,
        message: String,
        mentions: &Mentions,
        main: Model,
    ) -> TurnOutcome {
        let planning = RoundSetup {
            model: main.clone(),
            mode: ChatMode::Architect,
            format: self.session.models.edit_format(),
            use_history: true,
        };
        let plan = self.run_rounds(&planning, message, mentions).await;
        if plan.outcome != TurnOutcome::Success || plan.last_reply.trim().is_empty() {
            return plan.outcome;
        }
        let reviewed = review_plan(
            &mut self.session,
            &mut self.inbox,
            &self.emitter,
            plan.last_reply,
        );
        let Some(plan) = reviewed.await else {
            return TurnOutcome::Success;
        };
        let editor = RoundSetup {
            model: self.session.models.editor.clone().unwrap_or(main),
            mode: ChatMode::Code,
            format: self.session.models.editor_edit_format(),
            use_history: false,
        };
        self.run_rounds(&editor, plan, mentions).await.outcome
    }

    /// Sends `message`, handles the reply, and reflects problems back until none are
    /// left or the reflection budget is spent.
    pub(super) async fn run_rounds(
        &mut self,
        setup: &RoundSetup,
        message: String,
        mentions: &Mentions,
    ) -> RoundsEnd {
        let max_reflections = self.session.settings.max_reflections;
        let mut exchange: Vec<Message> = Vec::new();
        let mut message = message;
        let mut reflections = 0;
        let mut last_reply = String::new();
        let outcome = loop {
            let prompt = self
                .build_prompt(setup, &exchange, &message, mentions)
                .await;
            if let Some(problem) = context_problem(&setup.model, &prompt) {
                break TurnOutcome::Error {
                    kind: ErrorKind::ContextTooLarge,
                    message: problem,
                };
            }
            let reply = self.stream_round(setup, prompt).await;
            if reply.interrupted {
                exchange.push(Message::user(message));
                exchange.push(Message::assistant(format!(
                    "{}\n\n(The user interrupted this reply.)",
                    reply.text
                )));
                break TurnOutcome::Interrupted;
            }
            if let Some((kind, error)) = reply.error {
                // A failed or cut reply is not kept: nothing of it is applied or remembered.
                break TurnOutcome::Error {
                    kind,
                    message: error,
                };
            }
            exchange.push(Message::user(message.clone()));
            exchange.push(Message::assistant(reply.text.clone()));
            last_reply = reply.text.clone();
            if setup.mode != ChatMode::Code {
                break TurnOutcome::Success;
            }
            let round = process_edits(
                &mut self.session,
                &mut self.inbox,
                &self.emitter,
                &reply.text,
                setup.format,
                &message,
                reply.cut_off.as_deref(),
            )
            .await;
            let Some(feedback) = round.feedback else {
                break if round.not_applied {
                    TurnOutcome::EditsNotApplied
                } else {
                    TurnOutcome::Success
                };
            };
            if self.inbox.quit || self.inbox.take_interrupt() {
                break TurnOutcome::Interrupted;
            }
            if reflections >= max_reflections {
                self.emitter
                    .warn(format!(
                        "Stopped after {max_reflections} reflection rounds; the last problem was not sent to the model."
                    ))
                    .await;
                break if round.not_applied {
                    TurnOutcome::EditsNotApplied
                } else {
                    TurnOutcome::Success
                };
            }
            reflections += 1;
            // What the user did in the review (a block they edited, blocks they
            // rejected) goes with the feedback, so the model does not undo it. The
            // transcript records the round through the event.
            let feedback = match self.session.ledger.take_note() {
                Some(note) => format!("{note}\n\n{feedback}"),
                None => feedback,
            };
            self.emitter
                .emit(Event::ReflectionSent {
                    round: reflections,
                    text: feedback.clone(),
                })
                .await;
            message = feedback;
        };
        if setup.use_history {
            for entry in exchange {
                self.session.history.push(entry);
            }
        }
        RoundsEnd {
            outcome,
            last_reply,
        }
    }

    /// Sends `prompt` and streams the reply; its cost and cache counts are noted and
    /// `ReplyFinished` sent, however it ended.
    async fn stream_round(&mut self, setup: &RoundSetup, prompt: Prompt) -> reply_stream::Reply {
        note_request(&mut self.session, &mut self.inbox, &setup.model, &prompt);
        let chat_files: Vec<String> = self.session.files.editable();
        let previews = (setup.mode == ChatMode::Code)
            .then(|| LivePreview::new(setup.format, &chat_files, &self.session.workspace));
        let reply = reply_stream::stream_reply(
            setup.model.provider.clone(),
            prompt.request,
            &self.emitter,
            &mut self.inbox,
            previews,
            reply_stream::reply_limit(&self.session.settings),
        )
        .await;
        self.session
            .context
            .note_reply(&setup.model.name, &reply.usage);
        let cost = llm::cost(&setup.model.settings, &reply.usage);
        self.session.ledger.spend(cost);
        // Before its token line, and even when cut short: the transcript shows
        // what the user saw.
        if !reply.text.is_empty() {
            self.emitter.record_reply(&reply.text);
        }
        self.emitter
            .emit(Event::ReplyFinished {
                usage: reply.usage,
                cost: Some(cost),
                // A failed request that sent no text interrupted nothing: its
                // error ends the turn and says what happened.
                interrupted: reply.interrupted || (reply.error.is_some() && !reply.text.is_empty()),
            })
            .await;
        // The status bar's cost follows each reply, not each turn.
        self.send_status().await;
        reply
    }

    /// Assembles the prompt for `message` in `setup`, with the repo map rendered for
    /// the current files and mentions.
    pub(super) async fn build_prompt(
        &mut self,
        setup: &RoundSetup,
        exchange: &[Message],
        message: &str,
        mentions: &Mentions,
    ) -> Prompt {
        let (session, inbox, emitter) = (&mut self.session, &mut self.inbox, &self.emitter);
        session.map.set_last_message(mentions, message);
        let map = render_repo_map(
            session,
            inbox,
            emitter,
            mentions,
            message,
            MapAsker::Message,
        )
        .await;
        self.session
            .map
            .set_tokens(map.as_ref().map_or(0, |map| map.tokens as u64));
        let mut prompt = assemble_prompt(
            &self.session,
            &setup.shape(),
            exchange,
            message,
            map.as_ref().map(|map| map.text.as_str()),
        );
        complete_request(
            &self.session,
            &self.emitter,
            &setup.model,
            setup.mode,
            &mut prompt,
        )
        .await;
        prompt
    }

    /// `/lint [FILE...]`: lints, and with a yes sends the problems to the model.
    pub(super) async fn command_lint(&mut self, args: &str) -> TurnOutcome {
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

    /// `/ask`, `/code`, `/architect`, `/context`: a message in `mode`, or with no
    /// text a switch to it.
    pub(super) async fn mode_command(&mut self, mode: ChatMode, text: &str) -> TurnOutcome {
        if text.is_empty() {
            return switch_mode(&mut self.session, &self.emitter, mode).await;
        }
        self.run_message(text.to_string(), Some(mode)).await
    }
}

/// Refuses a prompt bigger than the model's context window, saying what to do.
fn context_problem(model: &Model, prompt: &Prompt) -> Option<String> {
    let window = model.settings.context_window;
    let needed = prompt.total_tokens();
    if window == 0 || needed <= window {
        return None;
    }
    Some(format!(
        "This request needs about {needed} tokens but {} accepts at most {window}: drop files (/drop), clear the history (/clear) or lower --map-tokens",
        model.name
    ))
}
