//! Streaming one reply from a model: text deltas and live edit previews go out as
//! events while it arrives; an interrupt stops it; a cut stream is reported as such.

use std::sync::Arc;

use futures::StreamExt;

use crate::llm::{self, ChatRequest, Provider, StreamEvent};
use crate::protocol::{Event, Op, TokenUsage};

use super::inbox::{Emitter, Inbox};
use super::preview::LivePreview;

/// How many times a reply cut at the output-token limit is continued.
const CONTINUATIONS: u32 = 3;

/// What came back.
pub struct Reply {
    pub text: String,
    pub usage: TokenUsage,
    /// The user stopped it.
    pub interrupted: bool,
    /// The provider failed or the stream was cut before its end; one line.
    pub error: Option<String>,
    /// Why the model stopped, when it said: anything but a normal end means the reply
    /// was cut off (the output limit, a content filter…).
    pub cut_off: Option<String>,
}

/// Streams `request` from `provider`, sending `ReplyDelta` (and `EditPreview` when
/// `preview` is given) events, and stops early on `Op::Interrupt`.
pub async fn stream_reply(
    provider: Arc<dyn Provider>,
    request: ChatRequest,
    emitter: &Emitter,
    inbox: &mut Inbox,
    mut preview: Option<LivePreview>,
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
                    Some(Ok(StreamEvent::Text(text))) => {
                        reply.text.push_str(&text);
                        let changed = preview
                            .as_mut()
                            .map(|preview| preview.push(&text))
                            .unwrap_or_default();
                        emitter.emit(Event::ReplyDelta { text }).await;
                        for block in changed {
                            emitter.emit(Event::EditPreview(block)).await;
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
                        reply.error = Some(err.to_string());
                        break;
                    }
                    None => break,
                }
            }
        }
    }
    if !finished && !reply.interrupted && reply.error.is_none() {
        reply.error = Some(
            "the reply stream ended before the model finished; nothing was applied".to_string(),
        );
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
