//! Context mode (`/context`, `--chat-mode context`): the model reads the request with
//! the repo map and names the files the change needs; they are offered for the chat in
//! one question, and on a yes the session is back in code mode with them in, with the
//! request ready to send again (the message box in the full-screen session; a headless
//! run sends it at once).

use crate::protocol::{ChatMode, Event, QuestionKind, TurnOutcome};

use super::files::add_chat_file;
use super::mentions::{self, Mentions};
use super::models::Model;
use super::spawn::Engine;
use super::turn::RoundSetup;

impl Engine {
    /// Runs `message` in context mode.
    pub(super) async fn run_context(
        &mut self,
        message: String,
        mentions: &Mentions,
        main: Model,
    ) -> TurnOutcome {
        let setup = RoundSetup {
            model: main,
            mode: ChatMode::Context,
            format: self.session.edit_format,
            use_history: true,
        };
        let end = self.run_rounds(&setup, message.clone(), mentions).await;
        if end.outcome != TurnOutcome::Success {
            return end.outcome;
        }
        let repo_files = self.session.repo_files();
        let named = mentions::find_mentions(&end.last_reply, &repo_files, &Default::default());
        let new: Vec<String> = named
            .files
            .iter()
            .filter(|file| !self.session.files.is_editable(file))
            .cloned()
            .collect();
        if named.files.is_empty() {
            self.emitter
                .warn("The model named no file of the repository; nothing was added.")
                .await;
            return TurnOutcome::Success;
        }
        if !new.is_empty() {
            let listed: String = new.iter().map(|file| format!("\n  {file}")).collect();
            let yes = self
                .inbox
                .ask(
                    &self.emitter,
                    QuestionKind::Confirm,
                    format!(
                        "The model says the request needs these files:{listed}\nAdd them to the chat and go back to code mode?"
                    ),
                )
                .await;
            if !yes {
                return TurnOutcome::Success;
            }
            let mut added = Vec::new();
            for file in &new {
                match add_chat_file(&mut self.session, file, false) {
                    Ok(names) => added.extend(names),
                    Err(refusal) => self.emitter.warn(refusal.to_string()).await,
                }
            }
            if !added.is_empty() {
                self.emitter
                    .info(format!("Added {}", added.join(", ")))
                    .await;
            }
        }
        self.session.mode = ChatMode::Code;
        self.emitter
            .info("Switched to code mode; the request is ready to send again.")
            .await;
        self.emitter
            .emit(Event::ComposeMessage { text: message })
            .await;
        TurnOutcome::Success
    }
}
