//! Turning model settings plus a key and base URL into a ready [`Provider`].

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use reqwest::header::{HeaderMap, HeaderName, HeaderValue};

use super::anthropic::{API_VERSION, AnthropicProvider};
use super::error::LlmError;
use super::models::ModelSettings;
use super::openai::OpenAiProvider;
use super::provider::Provider;
use super::service::{ProviderKind, Service, default_service, normalise_base, service};
use super::transport::{Endpoint, Secret};

/// How to reach a provider; `api_base`/`api_key` override the service's defaults.
#[derive(Clone)]
pub struct Connection {
    pub api_base: Option<String>,
    pub api_key: Option<String>,
    /// Stream with SSE (false: plain requests, `--no-stream`).
    pub stream: bool,
    /// Longest wait for the response to start, and between two reads of a streamed reply.
    pub request_timeout: Duration,
    /// Retries for 429/5xx/connection failures before any content arrived.
    pub max_retries: u32,
}

impl Default for Connection {
    fn default() -> Self {
        Connection {
            api_base: None,
            api_key: None,
            stream: true,
            request_timeout: Duration::from_secs(600),
            max_retries: 3,
        }
    }
}

impl fmt::Debug for Connection {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter
            .debug_struct("Connection")
            .field("api_base", &self.api_base)
            .field("api_key", &self.api_key.as_ref().map(|_| "[redacted]"))
            .field("stream", &self.stream)
            .field("request_timeout", &self.request_timeout)
            .field("max_retries", &self.max_retries)
            .finish()
    }
}

/// Builds the provider for `settings`: base from the connection, else the service's
/// environment variable, else its default; key from the connection, else the environment.
/// A service that needs a key and has none fails with [`LlmError::MissingKey`], unless the
/// base URL was changed (local servers and proxies often need no key).
pub fn connect(
    settings: &ModelSettings,
    connection: &Connection,
    env: &dyn Fn(&str) -> Option<String>,
) -> Result<Arc<dyn Provider>, LlmError> {
    let endpoint = endpoint(settings, connection, env)?;
    Ok(match settings.provider {
        ProviderKind::OpenAiCompatible => Arc::new(OpenAiProvider::new(
            settings.clone(),
            endpoint,
            connection.stream,
        )),
        ProviderKind::Anthropic => Arc::new(AnthropicProvider::new(
            settings.clone(),
            endpoint,
            connection.stream,
        )),
    })
}

/// Where requests for `settings` go, with which headers.
fn endpoint(
    settings: &ModelSettings,
    connection: &Connection,
    env: &dyn Fn(&str) -> Option<String>,
) -> Result<Endpoint, LlmError> {
    let chosen: &Service = service(&settings.service)
        .filter(|found| found.kind == settings.provider)
        .unwrap_or_else(|| match settings.provider {
            ProviderKind::Anthropic => service("anthropic").unwrap_or_else(default_service),
            ProviderKind::OpenAiCompatible => default_service(),
        });
    let present = |value: Option<String>| {
        value
            .map(|text| text.trim().to_string())
            .filter(|text| !text.is_empty())
    };
    let custom_base = present(connection.api_base.clone())
        .or_else(|| {
            chosen
                .base_variables
                .iter()
                .find_map(|variable| present(env(variable)))
        })
        .map(|base| normalise_base(chosen, &base));
    let base = custom_base
        .clone()
        .unwrap_or_else(|| chosen.default_base.to_string());
    let key = present(connection.api_key.clone()).or_else(|| {
        chosen
            .key_variable
            .and_then(|variable| present(env(variable)))
    });
    let variable = chosen.key_variable.unwrap_or("the API key variable");
    if key.is_none() && chosen.key_variable.is_some() && custom_base.is_none() {
        return Err(LlmError::MissingKey {
            provider: chosen.prefix.to_string(),
            variable: variable.to_string(),
        });
    }
    let mut base = base.trim_end_matches('/').to_string();
    // Anthropic bases are host roots; forgive one written OpenAI-style, up to `/v1`.
    if settings.provider == ProviderKind::Anthropic && base.ends_with("/v1") {
        base.truncate(base.len() - "/v1".len());
    }
    let label = chosen.prefix.to_string();
    let mut headers = HeaderMap::new();
    headers.insert("content-type", HeaderValue::from_static("application/json"));
    let (url, key_header) = match settings.provider {
        ProviderKind::OpenAiCompatible => (format!("{base}/chat/completions"), "authorization"),
        ProviderKind::Anthropic => {
            headers.insert("anthropic-version", HeaderValue::from_static(API_VERSION));
            (format!("{base}/v1/messages"), "x-api-key")
        }
    };
    if let Some(key) = &key {
        let text = if key_header == "authorization" {
            format!("Bearer {key}")
        } else {
            key.clone()
        };
        let mut value = HeaderValue::from_str(&text).map_err(|_| LlmError::InvalidModel {
            name: settings.name.clone(),
            reason: format!("the API key for {label} contains characters a header cannot carry"),
        })?;
        value.set_sensitive(true);
        headers.insert(HeaderName::from_static(key_header), value);
    }
    let client = reqwest::Client::builder()
        .connect_timeout(connection.request_timeout.min(Duration::from_secs(30)))
        .build()
        .map_err(|error| LlmError::Connection {
            provider: label.clone(),
            url: url.clone(),
            reason: format!("cannot set up the HTTP client: {error}"),
        })?;
    Ok(Endpoint {
        label,
        url,
        headers,
        key: key.map(Secret::new),
        key_hint: format!("{variable} or --api-key"),
        timeout: connection.request_timeout,
        max_retries: connection.max_retries,
        client,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::llm::models::resolve_model;

    const KEY: &str = "sk-secret-value-0123456789";

    #[test]
    fn debug_output_never_shows_the_key() {
        for model in ["gpt-4o", "sonnet"] {
            let (settings, _) = resolve_model(model, None).unwrap();
            let connection = Connection {
                api_key: Some(KEY.into()),
                ..Connection::default()
            };
            let endpoint = endpoint(&settings, &connection, &|_| None).unwrap();
            let shown = format!("{endpoint:?} {connection:?}");
            assert!(!shown.contains(KEY), "{shown}");
            assert!(!shown.contains("0123456789"), "{shown}");
        }
    }

    #[test]
    fn bases_are_chosen_flag_then_environment_then_default() {
        let (settings, _) = resolve_model("gpt-4o", None).unwrap();
        let env = |name: &str| match name {
            "OPENAI_API_BASE" => Some("http://proxy.local/v1/".to_string()),
            "OPENAI_API_KEY" => Some("k".to_string()),
            _ => None,
        };
        let from_env = endpoint(&settings, &Connection::default(), &env).unwrap();
        assert_eq!(from_env.url, "http://proxy.local/v1/chat/completions");
        let sdk_style = |name: &str| match name {
            "OPENAI_BASE_URL" => Some("http://sdk.local/v1".to_string()),
            "OPENAI_API_KEY" => Some("k".to_string()),
            _ => None,
        };
        let from_sdk_variable = endpoint(&settings, &Connection::default(), &sdk_style).unwrap();
        assert_eq!(
            from_sdk_variable.url,
            "http://sdk.local/v1/chat/completions"
        );
        let flag = Connection {
            api_base: Some("http://flag.local/v1".into()),
            ..Connection::default()
        };
        assert_eq!(
            endpoint(&settings, &flag, &env).unwrap().url,
            "http://flag.local/v1/chat/completions"
        );
        let default = endpoint(&settings, &Connection::default(), &|name| {
            (name == "OPENAI_API_KEY").then(|| "k".into())
        })
        .unwrap();
        assert_eq!(default.url, "https://api.openai.com/v1/chat/completions");

        let (sonnet, _) = resolve_model("sonnet", None).unwrap();
        let anthropic = endpoint(&sonnet, &Connection::default(), &|name| {
            (name == "ANTHROPIC_API_KEY").then(|| "k".into())
        })
        .unwrap();
        assert_eq!(anthropic.url, "https://api.anthropic.com/v1/messages");
        assert_eq!(anthropic.headers["anthropic-version"], "2023-06-01");
        assert!(anthropic.headers["x-api-key"].is_sensitive());
        let written_with_v1 = Connection {
            api_base: Some("http://127.0.0.1:9/v1/".into()),
            ..Connection::default()
        };
        assert_eq!(
            endpoint(&sonnet, &written_with_v1, &|_| None).unwrap().url,
            "http://127.0.0.1:9/v1/messages"
        );

        let (ollama, _) = resolve_model("ollama/qwen2.5-coder", None).unwrap();
        let local = endpoint(&ollama, &Connection::default(), &|name| {
            (name == "OLLAMA_API_BASE").then(|| "http://gpu-box:11434".into())
        })
        .unwrap();
        assert_eq!(local.url, "http://gpu-box:11434/v1/chat/completions");
        assert!(local.headers.get("authorization").is_none());
    }
}
