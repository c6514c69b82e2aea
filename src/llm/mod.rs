//! Model providers: the registry of the prefixes served (`service.rs`), the
//! OpenAI-compatible (Azure's routes too), Anthropic and native Ollama clients behind
//! one [`Provider`] trait, model names and the settings table, retries, long-reply
//! continuation, usage and cost, plus transcription and model listings; model facts come
//! from litellm's table and Aider's settings, laid over by the user's files. Depends on
//! nothing else in the crate but `tokens` and `conversation`.
//!
//! What a caller can rely on:
//! - A reply stream ends with exactly one `Finished` (carrying the provider's real
//!   [`StopReason`]; anything but `End` is a cut-off reply, see
//!   [`StopReason::is_complete`]) or one error. A body that ends without its
//!   terminator (`[DONE]`, `message_stop`, Ollama's `done: true`) is an error.
//! - Silence is reported: `Stalled` every stall interval while no byte arrives, a
//!   retry (`Retrying`) when a streamed response does not start within the first-byte
//!   timeout, and an error after the read timeout.
//! - A name whose prefix is not in the registry is refused ([`split_prefix`]); a
//!   provider's key and base variables are read for that provider alone.
//! - Keys never reach a message, a log or `Debug` output; URLs are shown through
//!   [`redact_url`], which masks credentials written in a base URL.
//! - `Notice` events (Ollama raising its context size) come before any text.

mod anthropic;
mod azure;
mod connection;
mod continuation;
mod cost;
mod error;
mod extra_params;
mod image;
mod model_catalog;
mod model_facts;
mod model_names;
mod model_tuning;
mod models;
mod models_toml;
mod multipart;
mod ndjson;
mod ollama;
mod ollama_context;
mod ollama_models;
mod ollama_show;
mod openai;
mod provider;
mod reasoning_tag;
mod retry;
mod secret_url;
mod service;
mod sse;
mod transcription;
mod transport;

pub use anthropic::{
    API_VERSION as ANTHROPIC_API_VERSION, MAX_CACHE_BREAKPOINTS, MIN_THINKING_TOKENS,
};
pub use connection::{Connection, DEFAULT_REQUEST_TIMEOUT, connect, key_variable, service_for};
pub use continuation::stream_with_continuation;
pub use cost::cost;
pub use error::LlmError;
pub use image::{IMAGE_MEDIA_TYPES, ImageInfo, ImagePart, image_info, image_tokens};
pub use model_catalog::{
    FamilyDefaults, ModelCatalog, ModelFile, ModelFileKind, parse_alias, parse_bundled_tables,
};
pub use model_facts::{Facts as ModelFacts, LongPromptPrices, provider_family};
pub use models::{
    ModelListing, ModelSettings, UNKNOWN_CONTEXT_WINDOW, UNKNOWN_MAX_OUTPUT_TOKENS, aliases,
    find_models, resolve_model,
};
pub use ndjson::LineDecoder;
pub use ollama_models::{LocalModel, ollama_models};
pub use provider::{ChatMessage, ChatRequest, Provider, StopReason, StreamEvent, Usage, complete};
pub use secret_url::{REDACTED, is_credential_name, redact_url, redact_urls_in};
pub use service::{
    Auth, Base, KeyNeed, OLLAMA_DEFAULT_BASE, ProviderKind, SERVICES, Service, served_prefixes,
    split_prefix,
};
pub use sse::{SseDecoder, SseEvent};
pub use transcription::{TranscriptionEndpoint, transcribe};
