//! Streaming one reply from a model: text deltas and live edit previews go out as
//! events while it arrives; an interrupt stops it; a cut stream is reported as such.

use std::sync::Arc;

use futures::StreamExt;

use crate::llm::{self, ChatRequest, Provider, StreamEvent};
use crate::protocol::{ErrorKind, Event, Op, TokenUsage};

use super::emitter::Emitter;
use super::inbox::Inbox;
use super::preview::LivePreview;

/// How many times a reply cut at the output-token limit is continued.
const CONTINUATIONS: u32 = 3;

/// What came back.
pub struct Reply {
    pub text: String,
    pub usage: TokenUsage,
    /// The user stopped it.
    pub interrupted: bool,
    /// The provider failed or the stream was cut before its end: what failed, and
    /// one line saying it.
    pub error: Option<(ErrorKind, String)>,
    /// Why the model stopped, when it said: anything but a normal end means the reply
    /// was cut off (the output limit, a content filter…).
    pub cut_off: Option<String>,
}

/// What a provider's failure means for the user.
fn error_kind(error: &llm::LlmError) -> ErrorKind {
    use llm::LlmError as E;
    match error {
        E::MissingKey { .. }
        | E::MissingBase { .. }
        | E::UnservedProvider { .. }
        | E::InvalidModel { .. }
        | E::Settings { .. }
        | E::Auth { .. } => ErrorKind::Model,
        E::ContextWindowExceeded { .. } => ErrorKind::ContextTooLarge,
        E::InvalidUrl { .. } | E::InvalidImage { .. } | E::ContentFiltered { .. } => {
            ErrorKind::Other
        }
        E::RateLimited { .. }
        | E::QuotaExceeded { .. }
        | E::Interrupted { .. }
        | E::Timeout { .. }
        | E::Connection { .. }
        | E::Http { .. }
        | E::Protocol { .. } => ErrorKind::Provider,
    }
}

/// Streams `request` from `provider`, sending `ReplyDelta` (and `EditPreview` when
/// `preview` is given) events, and stops early on `Op::Interrupt`. A reply that grows
/// past `max_bytes` is stopped there and marked interrupted (`--max-reply-bytes`).
pub async fn stream_reply(
    provider: Arc<dyn Provider>,
    request: ChatRequest,
    emitter: &Emitter,
    inbox: &mut Inbox,
    mut preview: Option<LivePreview>,
    max_bytes: usize,
) -> Reply {
    let provider_name = provider.name().to_string();
    let mut stream = llm::stream_with_continuation(provider, request, CONTINUATIONS);
    let mut reply = Reply {
        text: String::new(),
        usage: TokenUsage::default(),
        interrupted: false,
        error: None,
        cut_off: None,
    };
    let mut finished = false;
    loop {
        tokio::select! {
            biased;
            op = inbox.receive_during_turn() => {
                match op {
                    Some(Op::Interrupt) | None => {
                        reply.interrupted = true;
                        break;
                    }
                    Some(Op::SetAutoAccept { .. }) => {}
                    Some(other) => inbox.hold(other),
                }
            }
            item = stream.next() => {
                match item {
                    Some(Ok(StreamEvent::Text(mut text))) => {
                        let over = reply.text.len() + text.len() > max_bytes;
                        if over {
                            text.truncate(floor_char_boundary(&text, max_bytes.saturating_sub(reply.text.len())));
                        }
                        reply.text.push_str(&text);
                        let changed = preview
                            .as_mut()
                            .map(|preview| preview.push(&text))
                            .unwrap_or_default();
                        emitter.emit(Event::ReplyDelta { text }).await;
                        for block in changed {
                            emitter.emit(Event::EditPreview(block)).await;
                        }
                        if over {
                            emitter.warn(over_limit_warning(max_bytes)).await;
                            reply.interrupted = true;
                            break;
                        }
                    }
                    // Shown while it streams; never part of the reply or the history.
                    Some(Ok(StreamEvent::Reasoning(text))) => {
                        emitter.emit(Event::ReasoningDelta { text }).await;
                    }
                    Some(Ok(StreamEvent::Retrying { attempt, max_retries, wait, reason })) => {
                        emitter
                            .warn(format!(
                                "{reason}; retrying in {:.1} s (attempt {attempt} of {max_retries})",
                                wait.as_secs_f64()
                            ))
                            .await;
                    }
                    Some(Ok(StreamEvent::Stalled { silent_for })) => {
                        emitter
                            .warn(format!(
                                "{}: nothing received for {} s; still waiting",
                                provider_name,
                                silent_for.as_secs()
                            ))
                            .await;
                    }
                    Some(Ok(StreamEvent::Notice { text })) => emitter.info(text).await,
                    Some(Ok(StreamEvent::Finished { usage, stop })) => {
                        if !stop.is_complete() {
                            reply.cut_off = Some(stop.describe());
                        }
                        reply.usage.add(&usage);
                        finished = true;
                    }
                    Some(Err(err)) => {
                        reply.error = Some((error_kind(&err), err.to_string()));
                        break;
                    }
                    None => break,
                }
            }
        }
    }
    if !finished && !reply.interrupted && reply.error.is_none() {
        reply.error = Some((
            ErrorKind::Provider,
            "the reply stream ended before the model finished; nothing was applied".to_string(),
        ));
    }
    // The final state of every block (the last push may not have settled the last line).
    if let Some(preview) = preview.as_mut()
        && finished
    {
        let _ = preview.push("\n");
        for block in preview.finish() {
            emitter.emit(Event::EditPreview(block)).await;
        }
    }
    reply
}

/// Why a reply was stopped at the size limit, and how to raise it.
fn over_limit_warning(max_bytes: usize) -> String {
    format!(
        "The reply passed {max_bytes} bytes, the most one reply may hold: it was stopped there and nothing of it is applied (raise the limit with --max-reply-bytes)."
    )
}

/// The largest index at most `index` that starts a character of `text`.
fn floor_char_boundary(text: &str, index: usize) -> usize {
    let mut index = index.min(text.len());
    while !text.is_char_boundary(index) {
        index -= 1;
    }
    index
}

/// The most bytes one reply may hold (`--max-reply-bytes`).
pub(super) fn reply_limit(settings: &crate::config::Settings) -> usize {
    usize::try_from(settings.max_reply_bytes).unwrap_or(usize::MAX)
}
