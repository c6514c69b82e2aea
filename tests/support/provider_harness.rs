//! What the provider tests share: a connection to the mock, a one-message request,
//! and a collector that turns a reply stream into an [`Outcome`] while checking that
//! nothing follows its end.
//!
//! Usage: `#[path = "support/provider_harness.rs"] mod provider_harness;`

#![allow(dead_code)] // each test file uses its own part

use std::time::Duration;

use aider_tui::conversation::Role;
use aider_tui::llm::{
    ChatMessage, ChatRequest, Connection, LlmError, StopReason, StreamEvent, Usage,
};
use futures::StreamExt;
use futures::stream::BoxStream;

/// The API key the tests send; it must never show up in output or errors.
pub const KEY: &str = "sk-test-0123456789abcdef";

/// A streaming connection to `base` with [`KEY`], short timeouts and two retries.
pub fn connection(base: &str) -> Connection {
    Connection {
        api_base: Some(base.to_string()),
        api_key: Some(KEY.to_string()),
        stream: true,
        connect_timeout: Duration::from_secs(5),
        first_byte_timeout: Duration::from_secs(5),
        request_timeout: Duration::from_secs(5),
        stall_interval: Duration::from_secs(30),
        max_retries: 2,
    }
}

/// One chat message.
pub fn message(role: Role, content: &str, cache_breakpoint: bool) -> ChatMessage {
    ChatMessage {
        role,
        content: content.into(),
        cache_breakpoint,
        ..ChatMessage::default()
    }
}

/// A request with a short system prompt and one user message.
pub fn request(text: &str) -> ChatRequest {
    ChatRequest {
        system: "You are a careful programmer.".into(),
        messages: vec![message(Role::User, text, false)],
        ..ChatRequest::default()
    }
}

/// Recognises the expected error.
pub type ErrorCheck = fn(&LlmError) -> bool;

/// Everything a stream yielded: the text, the reasoning, the finish (if any), the
/// error (if any) and the retries it announced.
#[derive(Debug, Default)]
pub struct Outcome {
    pub text: String,
    pub reasoning: String,
    pub finished: Option<(Usage, StopReason)>,
    pub error: Option<LlmError>,
    /// Each announced retry: its number, the wait, and whether text had arrived before it.
    pub retries: Vec<(u32, Duration, bool)>,
    /// The reason given with each retry.
    pub retry_reasons: Vec<String>,
    /// Each `Stalled` event's silence, and whether text had arrived before it.
    pub stalls: Vec<(Duration, bool)>,
    /// Each `Notice`, and whether text had arrived before it.
    pub notices: Vec<(String, bool)>,
}

/// Reads a stream to its end.
pub async fn run(mut stream: BoxStream<'static, Result<StreamEvent, LlmError>>) -> Outcome {
    let mut outcome = Outcome::default();
    while let Some(event) = stream.next().await {
        assert!(
            outcome.finished.is_none() && outcome.error.is_none(),
            "nothing may follow the end"
        );
        match event {
            Ok(StreamEvent::Text(text)) => outcome.text.push_str(&text),
            Ok(StreamEvent::Reasoning(text)) => outcome.reasoning.push_str(&text),
            Ok(StreamEvent::Retrying {
                attempt,
                wait,
                reason,
                ..
            }) => {
                outcome
                    .retries
                    .push((attempt, wait, !outcome.text.is_empty()));
                outcome.retry_reasons.push(reason);
            }
            Ok(StreamEvent::Stalled { silent_for }) => {
                let started = !outcome.text.is_empty();
                outcome.stalls.push((silent_for, started))
            }
            Ok(StreamEvent::Notice { text }) => {
                let started = !outcome.text.is_empty();
                outcome.notices.push((text, started))
            }
            Ok(StreamEvent::Finished { usage, stop }) => outcome.finished = Some((usage, stop)),
            Err(error) => outcome.error = Some(error),
        }
    }
    outcome
}
