//! The provider trait and the request, event and usage types every provider shares.

use futures::StreamExt;
use futures::stream::BoxStream;

use super::error::LlmError;

/// Who wrote a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    User,
    Assistant,
}

/// One message of the conversation (the system text travels separately).
#[derive(Debug, Clone, PartialEq)]
pub struct ChatMessage {
    pub role: Role,
    pub content: String,
    /// Mark the end of a stable prefix for Anthropic prompt caching (at most 3 are kept).
    pub cache_breakpoint: bool,
}

/// A whole request; a trailing assistant message is a prefill the model continues.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ChatRequest {
    pub system: String,
    pub messages: Vec<ChatMessage>,
    /// Output limit; Anthropic falls back to the model's maximum.
    pub max_tokens: Option<u64>,
    /// Sampling temperature; left out for models that do not take one.
    pub temperature: Option<f32>,
}

/// Token counts of one reply. `input_tokens` excludes cache reads and writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Usage {
    pub input_tokens: u64,
    pub output_tokens: u64,
    pub cache_read_tokens: u64,
    pub cache_write_tokens: u64,
}

impl Usage {
    /// Adds another reply's counts to these.
    pub fn add(&mut self, other: &Usage) {
        self.input_tokens += other.input_tokens;
        self.output_tokens += other.output_tokens;
        self.cache_read_tokens += other.cache_read_tokens;
        self.cache_write_tokens += other.cache_write_tokens;
    }

    /// All prompt tokens, cached or not.
    pub fn prompt_tokens(&self) -> u64 {
        self.input_tokens + self.cache_read_tokens + self.cache_write_tokens
    }
}

/// Why the model stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StopReason {
    /// It finished (`stop`, `end_turn`, `stop_sequence`).
    End,
    /// It hit the output-token limit (`length`, `max_tokens`).
    Length,
    /// A content filter or refusal cut it.
    ContentFilter,
    /// Anything else, as the provider named it.
    Other(String),
}

/// What a reply stream yields. `Finished` comes only after the stream's terminator.
#[derive(Debug, Clone, PartialEq)]
pub enum StreamEvent {
    Text(String),
    Reasoning(String),
    /// A request failed before any content and will be sent again after `wait`, so
    /// a front end can say why nothing is happening.
    Retrying {
        /// This retry's number, from 1.
        attempt: u32,
        max_retries: u32,
        wait: std::time::Duration,
        /// The failure, one line.
        reason: String,
    },
    Finished {
        usage: Usage,
        stop: StopReason,
    },
}

/// A chat model behind some wire format.
pub trait Provider: Send + Sync {
    /// Short name for messages, e.g. `anthropic/claude-sonnet-4-5`.
    fn name(&self) -> &str;

    /// Streams one reply; retries happen inside, before the first content arrives.
    fn stream(&self, request: ChatRequest) -> BoxStream<'static, Result<StreamEvent, LlmError>>;

    /// Whether a trailing assistant message is continued (prefill), for long replies.
    fn supports_prefill(&self) -> bool {
        false
    }
}

/// Collects a whole reply (commit messages, summaries); reasoning is dropped.
pub async fn complete(
    provider: &dyn Provider,
    request: ChatRequest,
) -> Result<(String, Usage), LlmError> {
    let mut stream = provider.stream(request);
    let mut text = String::new();
    while let Some(event) = stream.next().await {
        match event? {
            StreamEvent::Text(piece) => text.push_str(&piece),
            StreamEvent::Reasoning(_) | StreamEvent::Retrying { .. } => {}
            StreamEvent::Finished { usage, .. } => return Ok((text, usage)),
        }
    }
    Err(LlmError::Interrupted {
        provider: provider.name().to_string(),
        reason: "the stream ended without a finish event".into(),
    })
}
