//! One turn: a user message, the model's reply, its edits, and up to
//! `max_reflections` follow-up rounds that feed problems back to the model.

use crate::conversation::Message;
use crate::edit::EditFormat;
use crate::llm;
use crate::protocol::{ChatMode, ErrorKind, Event, QuestionKind, TurnOutcome};
use crate::tokens;

use super::mentions::{self, Mentions};
use super::models::{Model, NO_MODEL_HELP};
use super::preview::LivePreview;
use super::prompt::{self, Prompt, PromptInput};
use super::reply_stream;
use super::repo_map::MapAsker;
use super::spawn::Engine;
use super::summarize;

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

/// What shapes a prompt, apart from its content: the mode, the format, whether the
/// history goes in, and the model's settings (caching, output limit).
pub(super) struct PromptShape<'a> {
    pub mode: ChatMode,
    pub format: EditFormat,
    pub use_history: bool,
    pub settings: &'a crate::llm::ModelSettings,
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
        self.collect_summary().await;
        self.session.keepalive.user_message();
        let message = self.add_at_paths(message).await;
        let mentions = self.offer_mentioned_files(&message).await;
        self.offer_web_pages(&message).await;
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
        let message = match self.session.pending_note.take() {
            Some(note) => format!("{note}\n\n{message}"),
            None => message,
        };
        self.rescan_repo_map();
        let base = self
            .session
            .git
            .as_ref()
            .and_then(|git| git.with(|git| git.head()));
        let mode = mode.unwrap_or(self.session.mode);
        let outcome = match mode {
            ChatMode::Architect => self.run_architect(message, &mentions, main).await,
            ChatMode::Context => self.run_context(message, &mentions, main).await,
            mode => {
                let setup = RoundSetup {
                    model: main,
                    mode,
                    format: self.session.edit_format,
                    use_history: true,
                };
                self.run_rounds(&setup, message, &mentions).await.outcome
            }
        };
        let head = self
            .session
            .git
            .as_ref()
            .and_then(|git| git.with(|git| git.head()));
        if head != base {
            self.session.last_turn_base = Some(base.unwrap_or_default());
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
            format: self.session.edit_format,
            use_history: true,
        };
        let plan = self.run_rounds(&planning, message, mentions).await;
        if plan.outcome != TurnOutcome::Success || plan.last_reply.trim().is_empty() {
            return plan.outcome;
        }
        let Some(plan) = self.review_plan(plan.last_reply).await else {
            return TurnOutcome::Success;
        };
        let editor = RoundSetup {
            model: self.session.models.editor.clone().unwrap_or(main),
            mode: ChatMode::Code,
            format: self.session.editor_edit_format,
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
            let round = self
                .process_edits(
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
            let feedback = match self.session.pending_note.take() {
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
        self.note_request(&setup.model, &prompt);
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
        self.note_reply(&setup.model, &reply.usage);
        let cost = llm::cost(&setup.model.settings, &reply.usage);
        self.session.session_cost += cost;
        // Before its token line, and even when cut short: the transcript shows
        // what the user saw.
        if !reply.text.is_empty() {
            self.session.transcript.reply(&reply.text);
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
        let map = self.render_repo_map(mentions, MapAsker::Message).await;
        self.session
            .map
            .set_tokens(map.as_ref().map_or(0, |map| map.tokens as u64));
        let mut prompt = self.assemble_prompt(
            &setup.shape(),
            exchange,
            message,
            map.as_ref().map(|map| map.text.as_str()),
        );
        self.complete_request(setup, &mut prompt).await;
        prompt
    }

    /// The prompt of this shape with this map, before images and reasoning settings:
    /// the request and the context pane's report are both made here.
    pub(super) fn assemble_prompt(
        &self,
        setup: &PromptShape<'_>,
        exchange: &[Message],
        message: &str,
        map: Option<&str>,
    ) -> Prompt {
        let read_only = self.session.read_only_texts();
        let chat_files = self.session.chat_file_texts();
        let mut history: Vec<Message> = if setup.use_history {
            self.session.history.messages().to_vec()
        } else {
            Vec::new()
        };
        history.extend_from_slice(exchange);
        prompt::assemble(&PromptInput {
            mode: setup.mode,
            format: setup.format,
            read_only: &read_only,
            repo_map: map,
            history: &history,
            chat_files: &chat_files,
            message,
            caching: setup.settings.caching,
            max_output_tokens: Some(setup.settings.max_output_tokens).filter(|tokens| *tokens > 0),
        })
    }

    /// A quick estimate of the next request's size, for the status bar.
    pub(super) fn estimate_context_tokens(&self) -> u64 {
        let files: u64 = self
            .session
            .chat_file_texts()
            .iter()
            .chain(self.session.read_only_texts().iter())
            .map(|file| tokens::estimate_tokens(&file.text) as u64)
            .sum();
        let history: u64 = self
            .session
            .history
            .messages()
            .iter()
            .map(|message| tokens::estimate_tokens(&message.text) as u64)
            .sum();
        files + history + self.session.map.tokens() + self.image_tokens()
    }

    /// Adds the files the message names as `@path` (the one place `@` is read) and
    /// returns the message without those `@`s.
    async fn add_at_paths(&mut self, message: String) -> String {
        let (message, named) = mentions::take_at_paths(&message, &self.session.repo_files());
        for path in named {
            match self.add_chat_file(&path, false) {
                Ok(added) if !added.is_empty() => {
                    self.emitter
                        .info(format!("Added {}", added.join(", ")))
                        .await
                }
                Ok(_) => {}
                Err(refusal) => self.emitter.warn(refusal.to_string()).await,
            }
        }
        message
    }

    /// Offers the repository files the user's message names for adding, before the
    /// model is called. Returns the mentions (for the repo map).
    async fn offer_mentioned_files(&mut self, message: &str) -> Mentions {
        let repo_files = self.session.repo_files();
        let found = mentions::find_mentions(message, &repo_files, &self.session.files.all());
        for file in &found.files {
            let yes = self
                .inbox
                .ask(
                    &self.emitter,
                    QuestionKind::AddFile { path: file.clone() },
                    format!("Your message names {file}. Add it to the chat?"),
                )
                .await;
            if yes && let Err(refusal) = self.add_chat_file(file, false) {
                self.emitter.warn(refusal.to_string()).await;
            }
        }
        if !found.files.is_empty() {
            self.send_status().await;
        }
        found
    }

    /// Offers the files a reply named (without editing them) for adding; returns the
    /// ones added.
    pub(super) async fn offer_files_named_in_reply(&mut self, reply: &str) -> Vec<String> {
        let repo_files = self.session.repo_files();
        let found = mentions::find_mentions(reply, &repo_files, &self.session.files.all());
        let mut added = Vec::new();
        for file in found.files {
            let yes = self
                .inbox
                .ask(
                    &self.emitter,
                    QuestionKind::AddFile { path: file.clone() },
                    format!("The model asked to see {file}. Add it to the chat?"),
                )
                .await;
            if yes && self.add_chat_file(&file, false).is_ok() {
                added.push(file);
            }
        }
        if !added.is_empty() {
            self.send_status().await;
        }
        added
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
