//! The provider registry: one row per model-name prefix aider-tui serves (`openai/`,
//! `azure/`, `together_ai/`, `ollama/`, …), saying which wire it speaks, where it lives,
//! which variables hold its key and its base URL, and how the key is sent. A prefix
//! that is not a row is refused ([`split_prefix`]): a request never goes to a provider
//! the user did not name.
//!
//! Adding a provider: a [`ProviderKind`] variant when its wire is new (with its file in
//! `src/llm/` and its arm in `connection::connect`), then one row in [`SERVICES`].

use super::error::LlmError;

/// Which wire format a provider speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ProviderKind {
    /// OpenAI Chat Completions at `{base}/chat/completions` (OpenAI, OpenRouter, Groq,
    /// Together, LM Studio, vLLM, …).
    #[default]
    OpenAiCompatible,
    /// Anthropic Messages.
    Anthropic,
    /// Ollama's own chat API (`/api/chat`, NDJSON), which takes a context size.
    Ollama,
    /// Azure OpenAI: Chat Completions at a deployment's route with an `api-version`, or
    /// at Azure's v1 route (`src/llm/azure.rs`).
    Azure,
}

impl ProviderKind {
    /// Whether request bodies are OpenAI Chat Completions, whatever the route, so
    /// OpenAI's own parameters (`reasoning_effort`, image parts) apply.
    pub fn speaks_openai(self) -> bool {
        matches!(self, ProviderKind::OpenAiCompatible | ProviderKind::Azure)
    }
}

/// How a provider's key travels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Auth {
    /// `Authorization: Bearer KEY`.
    Bearer,
    /// `x-api-key: KEY` (Anthropic).
    XApiKey,
    /// `api-key: KEY`; an Entra ID token (`AZURE_AD_TOKEN`) goes as
    /// `Authorization: Bearer TOKEN` instead.
    AzureApiKey,
}

/// Whether a provider can be called without a key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyNeed {
    /// Nothing is sent without one, unless the provider's own base variable (or
    /// `--api-base` for the main model's provider) moved it to a server of the user's.
    Required,
    /// Sent when one is set (local servers: LM Studio, a proxy before Ollama).
    Optional,
}

/// Where a provider lives unless told otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Base {
    /// Its public address, as its own SDK takes it (OpenAI-style up to `/v1`;
    /// Anthropic and Ollama the host root).
    Default(&'static str),
    /// It has none: the user names theirs (an Azure resource, an LM Studio server);
    /// the example is shown when it is missing.
    Required { example: &'static str },
}

/// One provider prefix aider-tui serves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Service {
    /// The prefix users write, e.g. `together_ai` in `together_ai/Qwen/Qwen3-Coder`.
    pub prefix: &'static str,
    pub kind: ProviderKind,
    pub base: Base,
    /// Variables that may hold its key, first found wins. The first is the one messages
    /// name and `/key PROVIDER` stands in for.
    pub key_variables: &'static [&'static str],
    /// Variables that move its base URL, first found wins.
    pub base_variables: &'static [&'static str],
    pub auth: Auth,
    pub key_need: KeyNeed,
}

impl Service {
    /// The variable its key is asked for by (`OPENAI_API_KEY`); `None`: it takes none.
    pub fn key_variable(&self) -> Option<&'static str> {
        self.key_variables.first().copied()
    }

    /// The provider behind the prefix: `ollama_chat/` is Ollama too.
    pub fn provider(&self) -> &'static str {
        match self.prefix {
            "ollama_chat" => "ollama",
            prefix => prefix,
        }
    }
}

/// Where Ollama listens unless told otherwise (its own default bind address).
pub const OLLAMA_DEFAULT_BASE: &str = "http://127.0.0.1:11434";

/// An OpenAI-compatible service reached with a bearer key (PROVIDERS.md §8).
const fn compatible(
    prefix: &'static str,
    base: &'static str,
    key_variables: &'static [&'static str],
    base_variables: &'static [&'static str],
) -> Service {
    Service {
        prefix,
        kind: ProviderKind::OpenAiCompatible,
        base: Base::Default(base),
        key_variables,
        base_variables,
        auth: Auth::Bearer,
        key_need: KeyNeed::Required,
    }
}

/// Every provider aider-tui serves; the first is the default for unprefixed names.
/// Variables are the ones litellm reads; where it reads an alias before the name
/// Aider's documentation gives (`AZURE_OPENAI_API_KEY`, `GOOGLE_API_KEY`,
/// `MISTRAL_AZURE_API_KEY`), the documented name comes first here, so messages and
/// `/key` name it.
pub const SERVICES: &[Service] = &[
    compatible(
        "openai",
        "https://api.openai.com/v1",
        &["OPENAI_API_KEY"],
        &["OPENAI_API_BASE", "OPENAI_BASE_URL"],
    ),
    Service {
        prefix: "anthropic",
        kind: ProviderKind::Anthropic,
        base: Base::Default("https://api.anthropic.com"),
        key_variables: &["ANTHROPIC_API_KEY"],
        base_variables: &["ANTHROPIC_API_BASE", "ANTHROPIC_BASE_URL"],
        auth: Auth::XApiKey,
        key_need: KeyNeed::Required,
    },
    Service {
        prefix: "azure",
        kind: ProviderKind::Azure,
        base: Base::Required {
            example: "https://YOUR-RESOURCE.openai.azure.com",
        },
        key_variables: &["AZURE_API_KEY", "AZURE_OPENAI_API_KEY"],
        base_variables: &["AZURE_API_BASE"],
        auth: Auth::AzureApiKey,
        key_need: KeyNeed::Required,
    },
    compatible(
        "openrouter",
        "https://openrouter.ai/api/v1",
        &["OPENROUTER_API_KEY", "OR_API_KEY"],
        &["OPENROUTER_API_BASE"],
    ),
    // The beta base is the one that continues a final assistant message (`prefix`).
    compatible(
        "deepseek",
        "https://api.deepseek.com/beta",
        &["DEEPSEEK_API_KEY"],
        &["DEEPSEEK_API_BASE"],
    ),
    compatible(
        "groq",
        "https://api.groq.com/openai/v1",
        &["GROQ_API_KEY"],
        &["GROQ_API_BASE"],
    ),
    compatible(
        "mistral",
        "https://api.mistral.ai/v1",
        &["MISTRAL_API_KEY", "MISTRAL_AZURE_API_KEY"],
        &["MISTRAL_API_BASE", "MISTRAL_AZURE_API_BASE"],
    ),
    // Gemini's OpenAI-compatible endpoint, until the native wire is served.
    compatible(
        "gemini",
        "https://generativelanguage.googleapis.com/v1beta/openai",
        &["GEMINI_API_KEY", "GOOGLE_API_KEY"],
        &["GEMINI_API_BASE"],
    ),
    compatible(
        "xai",
        "https://api.x.ai/v1",
        &["XAI_API_KEY"],
        &["XAI_API_BASE"],
    ),
    compatible(
        "together_ai",
        "https://api.together.xyz/v1",
        &[
            "TOGETHER_API_KEY",
            "TOGETHER_AI_API_KEY",
            "TOGETHERAI_API_KEY",
            "TOGETHER_AI_TOKEN",
        ],
        &["TOGETHER_AI_API_BASE"],
    ),
    compatible(
        "fireworks_ai",
        "https://api.fireworks.ai/inference/v1",
        &[
            "FIREWORKS_API_KEY",
            "FIREWORKS_AI_API_KEY",
            "FIREWORKSAI_API_KEY",
            "FIREWORKS_AI_TOKEN",
        ],
        &["FIREWORKS_API_BASE"],
    ),
    compatible(
        "deepinfra",
        "https://api.deepinfra.com/v1/openai",
        &["DEEPINFRA_API_KEY"],
        &["DEEPINFRA_API_BASE"],
    ),
    compatible(
        "cerebras",
        "https://api.cerebras.ai/v1",
        &["CEREBRAS_API_KEY"],
        &["CEREBRAS_API_BASE"],
    ),
    compatible(
        "moonshot",
        "https://api.moonshot.ai/v1",
        &["MOONSHOT_API_KEY"],
        &["MOONSHOT_API_BASE"],
    ),
    compatible(
        "dashscope",
        "https://dashscope.aliyuncs.com/compatible-mode/v1",
        &["DASHSCOPE_API_KEY"],
        &["DASHSCOPE_API_BASE"],
    ),
    compatible(
        "perplexity",
        "https://api.perplexity.ai",
        &["PERPLEXITYAI_API_KEY", "PERPLEXITY_API_KEY"],
        &["PERPLEXITY_API_BASE"],
    ),
    compatible(
        "sambanova",
        "https://api.sambanova.ai/v1",
        &["SAMBANOVA_API_KEY"],
        &["SAMBANOVA_API_BASE"],
    ),
    compatible(
        "novita",
        "https://api.novita.ai/v3/openai",
        &["NOVITA_API_KEY"],
        &["NOVITA_API_BASE"],
    ),
    Service {
        prefix: "lm_studio",
        kind: ProviderKind::OpenAiCompatible,
        base: Base::Required {
            example: "http://localhost:1234/v1",
        },
        key_variables: &["LM_STUDIO_API_KEY"],
        base_variables: &["LM_STUDIO_API_BASE"],
        auth: Auth::Bearer,
        key_need: KeyNeed::Optional,
    },
    compatible(
        "vercel_ai_gateway",
        "https://ai-gateway.vercel.sh/v1",
        &["VERCEL_AI_GATEWAY_API_KEY", "VERCEL_OIDC_TOKEN"],
        &["VERCEL_AI_GATEWAY_API_BASE"],
    ),
    compatible(
        "zai",
        "https://api.z.ai/api/paas/v4",
        &["ZAI_API_KEY"],
        &["ZAI_API_BASE"],
    ),
    Service {
        prefix: "ollama",
        kind: ProviderKind::Ollama,
        base: Base::Default(OLLAMA_DEFAULT_BASE),
        key_variables: &[],
        base_variables: &["OLLAMA_API_BASE"],
        // A key is only for a proxy in front of Ollama, which would take a bearer token.
        auth: Auth::Bearer,
        key_need: KeyNeed::Optional,
    },
    Service {
        prefix: "ollama_chat",
        kind: ProviderKind::Ollama,
        base: Base::Default(OLLAMA_DEFAULT_BASE),
        key_variables: &[],
        base_variables: &["OLLAMA_API_BASE"],
        auth: Auth::Bearer,
        key_need: KeyNeed::Optional,
    },
];

/// The service for a prefix, if aider-tui serves it.
pub fn service(prefix: &str) -> Option<&'static Service> {
    SERVICES.iter().find(|service| service.prefix == prefix)
}

/// The OpenAI service, the default for names with no prefix.
pub fn default_service() -> &'static Service {
    &SERVICES[0]
}

/// Splits a written model name into the service its prefix names and the rest:
/// `azure/gpt-4o` is Azure's `gpt-4o`; a name with no `/` names no service (it is
/// inferred from the name later). A prefix that is not in the registry is refused
/// with the prefixes that are, never sent anywhere.
pub fn split_prefix(name: &str) -> Result<(Option<&'static Service>, &str), LlmError> {
    let Some((prefix, rest)) = name.split_once('/') else {
        return Ok((None, name));
    };
    match service(prefix) {
        Some(found) => Ok((Some(found), rest)),
        None => Err(LlmError::UnservedProvider {
            name: name.to_string(),
            prefix: prefix.to_string(),
            served: served_prefixes(),
        }),
    }
}

/// Every prefix served, as a refusal lists them: `openai/, anthropic/, …`.
pub fn served_prefixes() -> String {
    SERVICES
        .iter()
        .map(|service| format!("{}/", service.prefix))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_is_whole_and_prefixes_and_variables_are_its_own() {
        let mut prefixes: Vec<&str> = SERVICES.iter().map(|service| service.prefix).collect();
        prefixes.sort_unstable();
        prefixes.dedup();
        assert_eq!(prefixes.len(), SERVICES.len(), "a prefix is listed twice");
        for (index, row) in SERVICES.iter().enumerate() {
            assert!(!row.prefix.contains('/'), "{}", row.prefix);
            assert!(!row.base_variables.is_empty(), "{}", row.prefix);
            if row.key_need == KeyNeed::Required {
                assert!(row.key_variable().is_some(), "{}", row.prefix);
            }
            // A variable belongs to one provider (the two Ollama prefixes are one).
            for other in &SERVICES[index + 1..] {
                if other.provider() == row.provider() {
                    continue;
                }
                for variable in row.key_variables.iter().chain(row.base_variables) {
                    assert!(
                        !other.key_variables.contains(variable)
                            && !other.base_variables.contains(variable),
                        "{variable} is read by {} and {}",
                        row.prefix,
                        other.prefix
                    );
                }
            }
        }
    }

    #[test]
    fn prefixes_split_and_unknown_ones_are_refused_with_the_list() {
        let (azure, rest) = split_prefix("azure/gpt-4o").unwrap();
        assert_eq!(azure.map(|found| found.prefix), Some("azure"));
        assert_eq!(rest, "gpt-4o");
        let (router, rest) = split_prefix("openrouter/anthropic/claude-sonnet-4.5").unwrap();
        assert_eq!(router.map(|found| found.prefix), Some("openrouter"));
        assert_eq!(rest, "anthropic/claude-sonnet-4.5");
        assert_eq!(split_prefix("gpt-4o").unwrap(), (None, "gpt-4o"));
        for name in [
            "bedrock/anthropic.claude-sonnet-4-5",
            "vertex_ai/claude-sonnet-4-5",
            "github_copilot/gpt-4o",
            "meta-llama/Llama-3.3-70B",
            "/gpt-4o",
        ] {
            let error = split_prefix(name).unwrap_err();
            let line = error.to_string();
            assert!(matches!(error, LlmError::UnservedProvider { .. }), "{name}");
            for part in ["openai/", "azure/", "together_ai/", "ollama/", "--api-base"] {
                assert!(line.contains(part), "{part} in {line}");
            }
            assert!(!line.contains('\n'));
        }
    }
}
