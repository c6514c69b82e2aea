//! What the next request will hold, part by part, as the context pane and `/tokens`
//! show it: tokens, cost, share of the window, and which leading parts the provider is
//! expected to serve from its prompt cache.

use serde::{Deserialize, Serialize};

/// How the model's provider caches prompts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CacheRule {
    /// No prompt cache is known for this provider.
    #[default]
    None,
    /// The provider caches the longest prefix it saw before by itself (OpenAI, DeepSeek).
    AutomaticPrefix,
    /// The provider caches up to the request's `cache_control` breakpoints (Anthropic).
    Breakpoints,
}

/// One part of the next request, in the order it is sent.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ContextPart {
    /// What it is: "system prompt", "examples", "read-only files", "repo map", …
    pub name: String,
    pub tokens: u64,
    /// Dollars at the model's input price (uncached).
    pub cost: f64,
    /// Its share of the model's context window, 0 to 1 (0 when the window is unknown).
    pub share: f64,
    /// Expected to be read from the provider's prompt cache.
    pub cached: bool,
}

/// The cache counts one reply reported.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CacheCounts {
    /// Prompt tokens the provider read from its cache.
    pub read: u64,
    /// Prompt tokens the provider wrote to its cache.
    pub written: u64,
    /// Prompt tokens neither read nor written.
    pub uncached: u64,
}

/// The last history summary: how many messages it replaced and the sizes around it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SummaryFigures {
    pub messages: usize,
    pub before_tokens: u64,
    pub after_tokens: u64,
}

/// The next request, as the context pane shows it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ContextReport {
    /// The model the request goes to.
    pub model: String,
    pub parts: Vec<ContextPart>,
    pub total_tokens: u64,
    pub context_window: u64,
    /// Dollars for the whole prompt with no cache.
    pub cost: f64,
    /// Dollars for the whole prompt with the expected cache reads priced as such.
    pub cost_with_cache: f64,
    pub cache_rule: CacheRule,
    /// Tokens of the leading parts expected from the cache.
    pub cached_tokens: u64,
    /// What the last reply of this model reported, if one came.
    pub last_reply: Option<CacheCounts>,
    /// Seconds until the provider's cache of the last request expires (Anthropic), at
    /// the moment the report was made.
    pub cache_expires_in: Option<u64>,
    /// Keep-alive pings left for this idle spell, and the most allowed.
    pub keepalive: Option<(u32, u32)>,
    /// The last summary of the history, if one was made in this session.
    pub summary: Option<SummaryFigures>,
}
