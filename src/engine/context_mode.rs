//! Context mode (`/context`, `--chat-mode context`): the model reads the request with
//! the repo map and names the files the change needs; they are offered for the chat in
//! one question, and on a yes the session is back in code mode with them in, with the
//! request ready to send again (the message box in the full-screen session; a headless
//! run sends it at once).

use crate::protocol::{ChatMode, Event, QuestionKind, TurnOutcome};

use super::emitter::Emitter;
use super::files::add_chat_file;
use super::inbox::Inbox;
use super::mentions;
use super::session::Session;

/// After a context-mode reply to `message`: offers the files the reply names, and on
/// a yes adds them, goes back to code mode and hands the request back to send again.
pub(super) async fn add_named_files(
    session: &mut Session,
    inbox: &mut Inbox,
    emitter: &Emitter,
    message: String,
    reply: &str,
) -> TurnOutcome {
    let repo_files = session.repo_files();
    let named = mentions::find_mentions(reply, &repo_files, &Default::default());
    let new: Vec<String> = named
        .files
        .iter()
        .filter(|file| !session.files.is_editable(file))
        .cloned()
        .collect();
    if named.files.is_empty() {
        emitter
            .warn("The model named no file of the repository; nothing was added.")
            .await;
        return TurnOutcome::Success;
    }
    if !new.is_empty() {
        let listed: String = new.iter().map(|file| format!("\n  {file}")).collect();
        let yes = inbox
            .ask(
                emitter,
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
            match add_chat_file(session, file, false) {
                Ok(names) => added.extend(names),
                Err(refusal) => emitter.warn(refusal.to_string()).await,
            }
        }
        if !added.is_empty() {
            emitter.info(format!("Added {}", added.join(", "))).await;
        }
    }
    session.mode = ChatMode::Code;
    emitter
        .info("Switched to code mode; the request is ready to send again.")
        .await;
    emitter.emit(Event::ComposeMessage { text: message }).await;
    TurnOutcome::Success
}
