//! Model providers: the OpenAI-compatible and Anthropic streaming clients behind one
//! [`Provider`] trait, model names and the settings table, retries, long-reply
//! continuation, usage and cost. Depends on nothing else in the crate.

mod anthropic;
mod connection;
mod continuation;
mod cost;
mod error;
mod models;
mod openai;
mod provider;
mod reasoning_tag;
mod retry;
mod service;
mod sse;
mod transport;

pub use anthropic::{API_VERSION as ANTHROPIC_API_VERSION, MAX_CACHE_BREAKPOINTS};
pub use connection::{Connection, connect};
pub use continuation::stream_with_continuation;
pub use cost::cost;
pub use error::LlmError;
pub use models::{
    ModelSettings, UNKNOWN_CONTEXT_WINDOW, UNKNOWN_MAX_OUTPUT_TOKENS, aliases, known_models,
    resolve_model,
};
pub use provider::{
    ChatMessage, ChatRequest, Provider, Role, StopReason, StreamEvent, Usage, complete,
};
pub use service::{ProviderKind, SERVICES, Service};
pub use sse::{SseDecoder, SseEvent};
