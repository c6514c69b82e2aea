//! Long replies: when a reply stops at the output-token limit, ask again with what was
//! written so far as an assistant prefill, so the model carries on where it stopped.

use std::sync::Arc;

use futures::StreamExt;
use futures::stream::BoxStream;

use crate::conversation::Role;

use super::error::LlmError;
use super::provider::{ChatMessage, ChatRequest, Provider, StopReason, StreamEvent, Usage};

struct Continuation {
    provider: Arc<dyn Provider>,
    request: ChatRequest,
    /// A prefill the caller's request already ended with.
    original_prefill: Option<String>,
    /// Text received so far, over every round.
    written: String,
    /// Whitespace cut from the end of the prefill, skipped if the model repeats it.
    skip: String,
    usage: Usage,
    left: u32,
    inner: BoxStream<'static, Result<StreamEvent, LlmError>>,
    done: bool,
}

/// Streams a reply, continuing it up to `max_continuations` times when it stops at the
/// output limit (`Length` only) and the provider can continue this request with a
/// prefill. One `Finished` ends the whole reply, with the usage of every round added up
/// and the stop reason of the last round, so a reply still cut after the last
/// continuation reports `Length`.
pub fn stream_with_continuation(
    provider: Arc<dyn Provider>,
    request: ChatRequest,
    max_continuations: u32,
) -> BoxStream<'static, Result<StreamEvent, LlmError>> {
    let original_prefill = match request.messages.last() {
        Some(message) if message.role == Role::Assistant => Some(message.content.clone()),
        _ => None,
    };
    let state = Continuation {
        inner: provider.stream(request.clone()),
        provider,
        request,
        original_prefill,
        written: String::new(),
        skip: String::new(),
        usage: Usage::default(),
        left: max_continuations,
        done: false,
    };
    futures::stream::unfold(state, |mut state| async move {
        loop {
            if state.done {
                return None;
            }
            match state.inner.next().await {
                None => return None,
                Some(Err(error)) => {
                    state.done = true;
                    return Some((Err(error), state));
                }
                Some(Ok(StreamEvent::Text(text))) => {
                    let text = state.skip_repeated_whitespace(text);
                    if text.is_empty() {
                        continue;
                    }
                    state.written.push_str(&text);
                    return Some((Ok(StreamEvent::Text(text)), state));
                }
                Some(Ok(
                    event @ (StreamEvent::Reasoning(_)
                    | StreamEvent::Retrying { .. }
                    | StreamEvent::Stalled { .. }
                    | StreamEvent::Notice { .. }),
                )) => {
                    return Some((Ok(event), state));
                }
                Some(Ok(StreamEvent::Finished { usage, stop })) => {
                    state.usage.add(&usage);
                    if stop == StopReason::Length
                        && state.left > 0
                        && state.provider.can_continue(&state.request)
                        && !state.written.trim().is_empty()
                    {
                        state.continue_reply();
                        continue;
                    }
                    state.done = true;
                    return Some((
                        Ok(StreamEvent::Finished {
                            usage: state.usage,
                            stop,
                        }),
                        state,
                    ));
                }
            }
        }
    })
    .boxed()
}

impl Continuation {
    fn continue_reply(&mut self) {
        self.left -= 1;
        let full = format!(
            "{}{}",
            self.original_prefill.as_deref().unwrap_or(""),
            self.written
        );
        let trimmed = full.trim_end();
        self.skip = full[trimmed.len()..].to_string();
        let prefill = ChatMessage {
            role: Role::Assistant,
            content: trimmed.to_string(),
            ..ChatMessage::default()
        };
        let mut request = self.request.clone();
        if self.original_prefill.is_some() {
            request.messages.pop();
        }
        request.messages.push(prefill);
        tracing::info!(
            provider = self.provider.name(),
            written = self.written.len(),
            "continuing a reply cut at the output limit"
        );
        self.inner = self.provider.stream(request);
    }

    /// Drops the leading whitespace the model repeats from the trimmed prefill.
    fn skip_repeated_whitespace(&mut self, text: String) -> String {
        if self.skip.is_empty() {
            return text;
        }
        let common = self
            .skip
            .chars()
            .zip(text.chars())
            .take_while(|(expected, got)| expected == got)
            .map(|(character, _)| character.len_utf8())
            .sum::<usize>();
        let skipped = &text[..common];
        let mismatch = common < text.len() || common == self.skip.len();
        self.skip = if mismatch {
            String::new()
        } else {
            self.skip[skipped.len()..].to_string()
        };
        text[common..].to_string()
    }
}
