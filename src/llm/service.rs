//! The services a model name can be prefixed with (`openai/`, `ollama/`, …): their wire
//! format, default base URL and the environment variables for their key and base.

/// Which wire format a provider speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ProviderKind {
    /// OpenAI Chat Completions (OpenAI, OpenRouter, DeepSeek, Groq, Mistral, Gemini, vLLM, …).
    #[default]
    OpenAiCompatible,
    /// Anthropic Messages.
    Anthropic,
    /// Ollama's own chat API (`/api/chat`, NDJSON), which takes a context size.
    Ollama,
}

/// A known service.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Service {
    /// The prefix users write, e.g. `openrouter`.
    pub prefix: &'static str,
    pub kind: ProviderKind,
    /// Base URL as the service's own SDK takes it (OpenAI-style up to `/v1`; Anthropic
    /// and Ollama the host root).
    pub default_base: &'static str,
    /// Environment variable holding the key; `None` when no key is needed.
    pub key_variable: Option<&'static str>,
    /// Environment variables overriding the base URL, first found wins.
    pub base_variables: &'static [&'static str],
}

/// Where Ollama listens unless told otherwise (its own default bind address).
pub const OLLAMA_DEFAULT_BASE: &str = "http://127.0.0.1:11434";

/// Every service aider-tui knows; the first is the default for unprefixed names.
pub const SERVICES: &[Service] = &[
    Service {
        prefix: "openai",
        kind: ProviderKind::OpenAiCompatible,
        default_base: "https://api.openai.com/v1",
        key_variable: Some("OPENAI_API_KEY"),
        base_variables: &["OPENAI_API_BASE", "OPENAI_BASE_URL"],
    },
    Service {
        prefix: "anthropic",
        kind: ProviderKind::Anthropic,
        default_base: "https://api.anthropic.com",
        key_variable: Some("ANTHROPIC_API_KEY"),
        base_variables: &["ANTHROPIC_API_BASE", "ANTHROPIC_BASE_URL"],
    },
    Service {
        prefix: "openrouter",
        kind: ProviderKind::OpenAiCompatible,
        default_base: "https://openrouter.ai/api/v1",
        key_variable: Some("OPENROUTER_API_KEY"),
        base_variables: &["OPENROUTER_API_BASE"],
    },
    Service {
        prefix: "deepseek",
        kind: ProviderKind::OpenAiCompatible,
        default_base: "https://api.deepseek.com",
        key_variable: Some("DEEPSEEK_API_KEY"),
        base_variables: &["DEEPSEEK_API_BASE"],
    },
    Service {
        prefix: "groq",
        kind: ProviderKind::OpenAiCompatible,
        default_base: "https://api.groq.com/openai/v1",
        key_variable: Some("GROQ_API_KEY"),
        base_variables: &["GROQ_API_BASE"],
    },
    Service {
        prefix: "mistral",
        kind: ProviderKind::OpenAiCompatible,
        default_base: "https://api.mistral.ai/v1",
        key_variable: Some("MISTRAL_API_KEY"),
        base_variables: &["MISTRAL_API_BASE"],
    },
    Service {
        prefix: "gemini",
        kind: ProviderKind::OpenAiCompatible,
        default_base: "https://generativelanguage.googleapis.com/v1beta/openai",
        key_variable: Some("GEMINI_API_KEY"),
        base_variables: &["GEMINI_API_BASE"],
    },
    Service {
        prefix: "xai",
        kind: ProviderKind::OpenAiCompatible,
        default_base: "https://api.x.ai/v1",
        key_variable: Some("XAI_API_KEY"),
        base_variables: &["XAI_API_BASE"],
    },
    Service {
        prefix: "ollama",
        kind: ProviderKind::Ollama,
        default_base: OLLAMA_DEFAULT_BASE,
        key_variable: None,
        base_variables: &["OLLAMA_API_BASE"],
    },
    Service {
        prefix: "ollama_chat",
        kind: ProviderKind::Ollama,
        default_base: OLLAMA_DEFAULT_BASE,
        key_variable: None,
        base_variables: &["OLLAMA_API_BASE"],
    },
];

/// The service for a prefix, if known.
pub fn service(prefix: &str) -> Option<&'static Service> {
    SERVICES.iter().find(|service| service.prefix == prefix)
}

/// The OpenAI service, the default for names with no prefix.
pub fn default_service() -> &'static Service {
    &SERVICES[0]
}
