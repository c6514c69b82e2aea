//! The provider trait and the request, event and usage types every provider shares.

use std::time::Duration;

use futures::StreamExt;
use futures::stream::BoxStream;

use crate::conversation::Role;

use super::error::LlmError;
use super::image::ImagePart;

/// One message of the conversation (the system text travels separately): who said it,
/// with what a request adds to the words (pictures, a cache mark).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ChatMessage {
    pub role: Role,
    pub content: String,
    /// Pictures sent with the text (user messages; a model without image input must not get any).
    pub images: Vec<ImagePart>,
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
    /// OpenAI `reasoning_effort` (`low`, `medium`, `high`), sent only to models whose
    /// table entry says they take it.
    pub reasoning_effort: Option<String>,
    /// Anthropic extended thinking budget; `None` or 0 sends no thinking request.
    pub thinking_tokens: Option<u64>,
    /// A system message after the conversation (Aider's `reminder: sys`), before a
    /// trailing prefill; Anthropic, which takes system text only up front, gets it at
    /// the end of the system prompt.
    pub closing_system: Option<String>,
}

impl ChatRequest {
    /// The thinking budget when thinking was asked for.
    pub fn thinking_budget(&self) -> Option<u64> {
        self.thinking_tokens.filter(|&tokens| tokens > 0)
    }
}

/// Token counts of one reply. `input_tokens` excludes cache reads and writes. The
/// protocol carries this same type (as `TokenUsage`) to the front ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
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

/// Why the model stopped, as the provider said it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StopReason {
    /// It finished (`stop`, `end_turn`, `stop_sequence`).
    End,
    /// It hit the output-token limit (`length`, `max_tokens`).
    Length,
    /// A content filter cut it (OpenAI `content_filter`).
    ContentFilter,
    /// The model refused to go on (Anthropic `refusal`).
    Refusal,
    /// It stopped to call a tool (`tool_calls`, `function_call`, `tool_use`); we send none.
    ToolUse,
    /// The provider paused a long turn (Anthropic `pause_turn`).
    Paused,
    /// Anything else, as the provider named it.
    Other(String),
}

impl StopReason {
    /// Whether the reply is whole; any other stop means it was cut off.
    pub fn is_complete(&self) -> bool {
        matches!(self, StopReason::End)
    }

    /// A few words for a message about a cut-off reply.
    pub fn describe(&self) -> String {
        match self {
            StopReason::End => "the model finished".into(),
            StopReason::Length => "the reply reached the output-token limit".into(),
            StopReason::ContentFilter => "the provider's content filter stopped the reply".into(),
            StopReason::Refusal => "the model refused to continue".into(),
            StopReason::ToolUse => "the model stopped to call a tool".into(),
            StopReason::Paused => "the provider paused the reply".into(),
            StopReason::Other(reason) => format!("the provider stopped the reply ({reason})"),
        }
    }
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
        wait: Duration,
        /// The failure, one line.
        reason: String,
    },
    /// No byte has arrived for `silent_for`; sent every stall interval while the
    /// provider stays quiet, before the request or the stream gives up.
    Stalled {
        silent_for: Duration,
    },
    /// Something the user should know about the request, sent before any text
    /// (e.g. Ollama's context window being raised). One line.
    Notice {
        text: String,
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

    /// Whether this request may be continued with a prefill after a `Length` stop
    /// (Anthropic refuses a prefill when extended thinking is on).
    fn can_continue(&self, request: &ChatRequest) -> bool {
        let _ = request;
        self.supports_prefill()
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
            StreamEvent::Reasoning(_)
            | StreamEvent::Retrying { .. }
            | StreamEvent::Stalled { .. }
            | StreamEvent::Notice { .. } => {}
            StreamEvent::Finished { usage, .. } => return Ok((text, usage)),
        }
    }
    Err(LlmError::Interrupted {
        provider: provider.name().to_string(),
        reason: "the stream ended without a finish event".into(),
    })
}
