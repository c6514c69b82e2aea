//! The session's prompt: its shape (mode, format, history, the model's settings) and
//! its assembly from the session's read-only files, history and chat files. A message's
//! request and the context pane's report are both made here.

use crate::conversation::Message;
use crate::edit::EditFormat;
use crate::protocol::ChatMode;

use super::prompt::{self, Prompt, PromptInput, PromptStyle};
use super::session::Session;

/// What shapes a prompt, apart from its content: the mode, the format, whether the
/// history goes in, and the model's settings (caching, output limit).
pub(super) struct PromptShape<'a> {
    pub mode: ChatMode,
    pub format: EditFormat,
    pub use_history: bool,
    pub settings: &'a crate::llm::ModelSettings,
}

/// The prompt of this shape with this map, before images and reasoning settings:
/// the request and the context pane's report are both made here.
pub(super) fn assemble_prompt(
    session: &Session,
    setup: &PromptShape<'_>,
    exchange: &[Message],
    message: &str,
    map: Option<&str>,
) -> Prompt {
    let read_only = session.read_only_texts();
    let chat_files = session.chat_file_texts();
    let mut history: Vec<Message> = if setup.use_history {
        session.history.messages().to_vec()
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
        style: PromptStyle::of(setup.settings),
    })
}
