//! The status a front end shows (`Event::Status`), with its quick estimate of the next
//! request's size.

use crate::protocol::Event;
use crate::tokens;

use super::emitter::Emitter;
use super::images::chat_image_tokens;
use super::session::Session;

/// Sends the current status; `auto_accept` is the inbox's.
pub(super) async fn send_status(session: &Session, auto_accept: bool, emitter: &Emitter) {
    let status = session.status(auto_accept, estimate_context_tokens(session));
    emitter.emit(Event::Status(status)).await;
}

/// A quick estimate of the next request's size, for the status bar.
fn estimate_context_tokens(session: &Session) -> u64 {
    let files: u64 = session
        .chat_file_texts()
        .iter()
        .chain(session.read_only_texts().iter())
        .map(|file| tokens::estimate_tokens(&file.text) as u64)
        .sum();
    let history: u64 = session
        .history
        .messages()
        .iter()
        .map(|message| tokens::estimate_tokens(&message.text) as u64)
        .sum();
    files + history + session.map.tokens() + chat_image_tokens(session)
}
