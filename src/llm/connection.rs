//! Turning model settings plus a key and base URL into a ready [`Provider`].

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use reqwest::header::{HeaderMap, HeaderName, HeaderValue};
use url::Url;

use super::anthropic::{API_VERSION, AnthropicProvider};
use super::azure;
use super::error::LlmError;
use super::extra_params;
use super::models::ModelSettings;
use super::ollama::OllamaProvider;
use super::openai::OpenAiProvider;
use super::provider::Provider;
use super::secret_url::{join_path, redact_url, url_secrets};
use super::service::{Auth, Base, KeyNeed, ProviderKind, Service, default_service, service};
use super::transport::{Endpoint, Secret, Timeouts};

/// How to reach a provider; `api_base`/`api_key` override the service's defaults.
#[derive(Clone)]
pub struct Connection {
    /// May carry credentials (`user:key@`, `?api-key=`); shown only redacted.
    pub api_base: Option<String>,
    pub api_key: Option<String>,
    /// Stream the reply (false: plain requests, `--no-stream`).
    pub stream: bool,
    /// Longest wait for the TCP (and TLS) connection.
    pub connect_timeout: Duration,
    /// Longest wait for a streamed response to start; a provider silent that long is
    /// retried (announced with `Retrying`). Ollama waits `request_timeout` instead,
    /// since it answers only after loading the model and reading the whole prompt.
    pub first_byte_timeout: Duration,
    /// Longest silence once a reply has started, and the wait for a plain reply, which
    /// comes only when it is whole.
    pub request_timeout: Duration,
    /// How often a silence is announced with `StreamEvent::Stalled`.
    pub stall_interval: Duration,
    /// Retries for 429/5xx/connection failures before any content arrived.
    pub max_retries: u32,
}

/// Five minutes of silence mid-reply: reasoning models can think that long without
/// sending a byte and a local model can take that long on a big prompt, but a dead
/// connection should not hold the user for the ten minutes HTTP clients often allow;
/// meanwhile `Stalled` says every half minute that the provider is quiet.
pub const DEFAULT_REQUEST_TIMEOUT: Duration = Duration::from_secs(300);

impl Default for Connection {
    fn default() -> Self {
        Connection {
            api_base: None,
            api_key: None,
            stream: true,
            connect_timeout: Duration::from_secs(10),
            first_byte_timeout: Duration::from_secs(45),
            request_timeout: DEFAULT_REQUEST_TIMEOUT,
            stall_interval: Duration::from_secs(30),
            max_retries: 3,
        }
    }
}

impl fmt::Debug for Connection {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter
            .debug_struct("Connection")
            .field("api_base", &self.api_base.as_deref().map(redact_url))
            .field("api_key", &self.api_key.as_ref().map(|_| "[redacted]"))
            .field("stream", &self.stream)
            .field("connect_timeout", &self.connect_timeout)
            .field("first_byte_timeout", &self.first_byte_timeout)
            .field("request_timeout", &self.request_timeout)
            .field("stall_interval", &self.stall_interval)
            .field("max_retries", &self.max_retries)
            .finish()
    }
}

/// Builds the provider for `settings`: base from the connection, else the service's
/// base variables, else its default; key from the connection, else the service's key
/// variables. The caller gives the connection's base and key only to the provider they
/// were meant for. A service that needs a key and has none fails with
/// [`LlmError::MissingKey`], unless its base was moved to a server of the user's (local
/// servers and proxies often need no key).
pub fn connect(
    settings: &ModelSettings,
    connection: &Connection,
    env: &dyn Fn(&str) -> Option<String>,
) -> Result<Arc<dyn Provider>, LlmError> {
    let mut endpoint = endpoint(settings, connection, env)?;
    extra_params::add_headers(&mut endpoint, &settings.extra_params);
    // A model whose settings say it cannot stream gets plain requests.
    let stream = connection.stream && settings.streaming;
    Ok(match settings.provider {
        // Azure speaks OpenAI's wire; only its route and key header differ.
        ProviderKind::OpenAiCompatible | ProviderKind::Azure => {
            Arc::new(OpenAiProvider::new(settings.clone(), endpoint, stream))
        }
        ProviderKind::Anthropic => {
            Arc::new(AnthropicProvider::new(settings.clone(), endpoint, stream))
        }
        ProviderKind::Ollama => Arc::new(OllamaProvider::new(settings.clone(), endpoint, stream)),
    })
}

/// The variable holding the key of the service `settings` go to (`None`: it takes
/// none), so a key given for a service (`/key openai`) reaches exactly its models.
pub fn key_variable(settings: &ModelSettings) -> Option<&'static str> {
    service_for(settings).key_variable()
}

/// The service `settings` go to: its own when the wire matches, else the wire's default.
pub fn service_for(settings: &ModelSettings) -> &'static Service {
    let by_wire = |prefix: &str| service(prefix).unwrap_or_else(default_service);
    service(&settings.service)
        .filter(|found| found.kind == settings.provider)
        .unwrap_or_else(|| match settings.provider {
            ProviderKind::Anthropic => by_wire("anthropic"),
            ProviderKind::Ollama => by_wire("ollama"),
            ProviderKind::Azure => by_wire("azure"),
            ProviderKind::OpenAiCompatible => default_service(),
        })
}

fn present(value: Option<String>) -> Option<String> {
    value
        .map(|text| text.trim().to_string())
        .filter(|text| !text.is_empty())
}

/// Parses a base URL, dropping a trailing `/` and the suffixes a provider's own routes
/// add (Anthropic, Ollama and Azure bases are host roots; forgive one written with its
/// API path).
pub fn parse_base(label: &str, kind: ProviderKind, written: &str) -> Result<Url, LlmError> {
    let invalid = |reason: String| LlmError::InvalidUrl {
        provider: label.to_string(),
        url: redact_url(written),
        reason,
    };
    let mut base = Url::parse(written.trim()).map_err(|error| invalid(error.to_string()))?;
    if !matches!(base.scheme(), "http" | "https") || !base.has_host() {
        return Err(invalid(
            "it must start with http:// or https:// and name a host".into(),
        ));
    }
    let mut path = base.path().trim_end_matches('/').to_string();
    let suffixes: &[&str] = match kind {
        ProviderKind::Anthropic => &["/v1"],
        ProviderKind::Ollama => &["/v1", "/api"],
        ProviderKind::Azure => &["/openai/v1", "/openai"],
        ProviderKind::OpenAiCompatible => &[],
    };
    for suffix in suffixes {
        if let Some(stripped) = path.strip_suffix(suffix) {
            path = stripped.to_string();
            break;
        }
    }
    base.set_path(&path);
    Ok(base)
}

/// The key and base for the OpenAI service, for requests beside chat (transcription).
pub(crate) fn openai_endpoint(
    connection: &Connection,
    env: &dyn Fn(&str) -> Option<String>,
) -> Result<Endpoint, LlmError> {
    let settings = ModelSettings {
        name: "openai".into(),
        service: "openai".into(),
        provider: ProviderKind::OpenAiCompatible,
        ..ModelSettings::default()
    };
    endpoint(&settings, connection, env)
}

/// The header carrying a provider's credential, and the credential's own text.
struct Credential {
    header: &'static str,
    value: String,
    secret: String,
}

/// The credential `chosen` sends: the key (connection, then its key variables) in its
/// header; for Azure with no key, an Entra ID token as a bearer token.
fn credential(
    chosen: &Service,
    connection: &Connection,
    env: &dyn Fn(&str) -> Option<String>,
) -> Option<Credential> {
    let key = present(connection.api_key.clone()).or_else(|| {
        chosen
            .key_variables
            .iter()
            .find_map(|variable| present(env(variable)))
    });
    let bearer = |secret: String| Credential {
        header: "authorization",
        value: format!("Bearer {secret}"),
        secret,
    };
    match (key, chosen.auth) {
        (Some(key), Auth::Bearer) => Some(bearer(key)),
        (Some(key), Auth::XApiKey) => Some(Credential {
            header: "x-api-key",
            value: key.clone(),
            secret: key,
        }),
        (Some(key), Auth::AzureApiKey) => Some(Credential {
            header: "api-key",
            value: key.clone(),
            secret: key,
        }),
        (None, Auth::AzureApiKey) => present(env(azure::AD_TOKEN_VARIABLE)).map(bearer),
        (None, _) => None,
    }
}

/// The variables a missing or refused key is asked for by: the key's, and for Azure
/// the token's beside it.
fn key_names(chosen: &Service) -> String {
    let variable = chosen.key_variable().unwrap_or("the API key variable");
    match chosen.auth {
        Auth::AzureApiKey => format!(
            "{variable} (or an Entra ID token in {})",
            azure::AD_TOKEN_VARIABLE
        ),
        _ => variable.to_string(),
    }
}

/// Where requests for `settings` go, with which headers.
pub(crate) fn endpoint(
    settings: &ModelSettings,
    connection: &Connection,
    env: &dyn Fn(&str) -> Option<String>,
) -> Result<Endpoint, LlmError> {
    let chosen = service_for(settings);
    let label = chosen.prefix.to_string();
    let moved_base = present(connection.api_base.clone()).or_else(|| {
        chosen
            .base_variables
            .iter()
            .find_map(|variable| present(env(variable)))
    });
    let written = match (&moved_base, chosen.base) {
        (Some(written), _) => written.as_str(),
        (None, Base::Default(default)) => default,
        (None, Base::Required { example }) => {
            return Err(LlmError::MissingBase {
                provider: label,
                variable: chosen.base_variables.first().copied().unwrap_or("").into(),
                example: example.into(),
            });
        }
    };
    let credential = credential(chosen, connection, env);
    // Only a base moved away from the provider's public one may go without a key.
    let waived = moved_base.is_some() && matches!(chosen.base, Base::Default(_));
    if credential.is_none() && chosen.key_need == KeyNeed::Required && !waived {
        return Err(LlmError::MissingKey {
            provider: label,
            variable: key_names(chosen),
        });
    }
    let base = parse_base(&label, settings.provider, written)?;
    let mut headers = HeaderMap::new();
    headers.insert("content-type", HeaderValue::from_static("application/json"));
    let url = match settings.provider {
        ProviderKind::OpenAiCompatible => join_path(&base, "/chat/completions"),
        ProviderKind::Anthropic => {
            headers.insert("anthropic-version", HeaderValue::from_static(API_VERSION));
            join_path(&base, "/v1/messages")
        }
        ProviderKind::Ollama => join_path(&base, "/api/chat"),
        ProviderKind::Azure => {
            azure::chat_url(&base, &settings.api_model, &azure::api_version(env))
        }
    };
    if let Some(credential) = &credential {
        let mut value =
            HeaderValue::from_str(&credential.value).map_err(|_| LlmError::InvalidModel {
                name: settings.name.clone(),
                reason: format!(
                    "the API key for {label} contains characters a header cannot carry"
                ),
            })?;
        value.set_sensitive(true);
        headers.insert(HeaderName::from_static(credential.header), value);
    }
    let key = credential.map(|credential| credential.secret);
    let mut secrets: Vec<Secret> = key.iter().cloned().map(Secret::new).collect();
    secrets.extend(url_secrets(&base).into_iter().map(Secret::new));
    let client = reqwest::Client::builder()
        .connect_timeout(connection.connect_timeout)
        .build()
        .map_err(|error| LlmError::Connection {
            provider: label.clone(),
            url: redact_url(url.as_str()),
            reason: format!("cannot set up the HTTP client: {error}"),
        })?;
    let first_byte = match settings.provider {
        ProviderKind::Ollama => connection.request_timeout,
        _ => connection.first_byte_timeout,
    };
    let not_found_hint = match settings.provider {
        ProviderKind::Ollama => format!(
            "; is the model pulled? (ollama pull {}) — `ollama list` shows the local models",
            settings.api_model
        ),
        ProviderKind::Azure => format!(
            "; check the deployment name (azure/DEPLOYMENT), {} and {}",
            chosen.base_variables.first().copied().unwrap_or(""),
            azure::API_VERSION_VARIABLE
        ),
        _ => "; check the model name (--model) and the API base URL".to_string(),
    };
    Ok(Endpoint {
        label,
        base,
        url,
        headers,
        key: key.map(Secret::new),
        secrets,
        key_hint: format!("{} or --api-key", key_names(chosen)),
        not_found_hint,
        timeouts: Timeouts {
            first_byte,
            read: connection.request_timeout,
            stall_interval: connection.stall_interval,
        },
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
        for model in ["gpt-4o", "sonnet", "ollama/qwen2.5-coder"] {
            let (settings, _) = resolve_model(model, None).unwrap();
            for base in [
                format!("http://127.0.0.1:1/v1?api-key={KEY}"),
                format!("http://user:{KEY}@127.0.0.1:1/v1"),
            ] {
                let connection = Connection {
                    api_key: Some(KEY.into()),
                    api_base: Some(base),
                    ..Connection::default()
                };
                let endpoint = endpoint(&settings, &connection, &|_| None).unwrap();
                let shown = format!("{endpoint:?} {connection:?} {}", endpoint.shown_url());
                assert!(!shown.contains(KEY), "{shown}");
                assert!(!shown.contains("0123456789"), "{shown}");
            }
        }
    }

    #[test]
    fn only_a_base_moved_from_the_providers_own_waives_its_key() {
        let (sonnet, _) = resolve_model("sonnet", None).unwrap();
        let own_base =
            |name: &str| (name == "ANTHROPIC_API_BASE").then(|| "http://127.0.0.1:9".to_string());
        let waived = endpoint(&sonnet, &Connection::default(), &own_base).unwrap();
        assert!(waived.headers.get("x-api-key").is_none());
        // Another provider's base and key change nothing for Anthropic.
        let others = |name: &str| match name {
            "OPENAI_API_BASE" => Some("http://127.0.0.1:9/v1".to_string()),
            "OPENAI_API_KEY" => Some("sk-openai-only".to_string()),
            _ => None,
        };
        let refused = endpoint(&sonnet, &Connection::default(), &others).unwrap_err();
        assert!(matches!(refused, LlmError::MissingKey { .. }), "{refused}");
        // Azure has no public base to move away from: its key is always needed.
        let (azure, _) = resolve_model("azure/gpt-4o", None).unwrap();
        let base_only = |name: &str| {
            (name == "AZURE_API_BASE").then(|| "https://res.openai.azure.com".to_string())
        };
        let refused = endpoint(&azure, &Connection::default(), &base_only).unwrap_err();
        assert!(matches!(refused, LlmError::MissingKey { .. }), "{refused}");
        let keyed = |name: &str| match name {
            "AZURE_API_BASE" => Some("https://res.openai.azure.com/openai/".to_string()),
            "AZURE_OPENAI_API_KEY" => Some("azure-key".to_string()),
            _ => None,
        };
        let found = endpoint(&azure, &Connection::default(), &keyed).unwrap();
        assert_eq!(
            found.url.as_str(),
            "https://res.openai.azure.com/openai/deployments/gpt-4o/chat/completions?api-version=2025-02-01-preview"
        );
        assert!(found.headers["api-key"].is_sensitive());
        assert!(found.headers.get("authorization").is_none());
        assert!(format!("{found:?}").contains("[redacted]"));
        assert!(!format!("{found:?}").contains("azure-key"));
    }

    #[test]
    fn a_query_in_the_base_survives_the_route() {
        let (settings, _) = resolve_model("gpt-4o", None).unwrap();
        let connection = Connection {
            api_base: Some(format!("http://127.0.0.1:1/v1?api-key={KEY}")),
            ..Connection::default()
        };
        let found = endpoint(&settings, &connection, &|_| None).unwrap();
        assert_eq!(
            found.url.as_str(),
            format!("http://127.0.0.1:1/v1/chat/completions?api-key={KEY}")
        );
        assert_eq!(
            found.shown_url(),
            "http://127.0.0.1:1/v1/chat/completions?api-key=[redacted]"
        );
        assert!(found.secrets.iter().any(|secret| secret.expose() == KEY));
        let (sonnet, _) = resolve_model("sonnet", None).unwrap();
        let anthropic = Connection {
            api_base: Some("https://gateway.local/v1/?token=abcd1234".into()),
            ..Connection::default()
        };
        assert_eq!(
            endpoint(&sonnet, &anthropic, &|_| None)
                .unwrap()
                .url
                .as_str(),
            "https://gateway.local/v1/messages?token=abcd1234"
        );
    }

    #[test]
    fn unusable_bases_are_refused_with_the_credentials_masked() {
        let (settings, _) = resolve_model("gpt-4o", None).unwrap();
        for base in [
            format!("127.0.0.1:1/v1?key={KEY}"),
            format!("ftp://me:{KEY}@h/"),
        ] {
            let connection = Connection {
                api_base: Some(base),
                ..Connection::default()
            };
            let error = endpoint(&settings, &connection, &|_| None).unwrap_err();
            assert!(matches!(error, LlmError::InvalidUrl { .. }), "{error:?}");
            assert!(!error.to_string().contains(KEY), "{error}");
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
        assert_eq!(
            from_env.url.as_str(),
            "http://proxy.local/v1/chat/completions"
        );
        let sdk_style = |name: &str| match name {
            "OPENAI_BASE_URL" => Some("http://sdk.local/v1".to_string()),
            "OPENAI_API_KEY" => Some("k".to_string()),
            _ => None,
        };
        let from_sdk_variable = endpoint(&settings, &Connection::default(), &sdk_style).unwrap();
        assert_eq!(
            from_sdk_variable.url.as_str(),
            "http://sdk.local/v1/chat/completions"
        );
        let flag = Connection {
            api_base: Some("http://flag.local/v1".into()),
            ..Connection::default()
        };
        assert_eq!(
            endpoint(&settings, &flag, &env).unwrap().url.as_str(),
            "http://flag.local/v1/chat/completions"
        );
        let default = endpoint(&settings, &Connection::default(), &|name| {
            (name == "OPENAI_API_KEY").then(|| "k".into())
        })
        .unwrap();
        assert_eq!(
            default.url.as_str(),
            "https://api.openai.com/v1/chat/completions"
        );

        let (sonnet, _) = resolve_model("sonnet", None).unwrap();
        let anthropic = endpoint(&sonnet, &Connection::default(), &|name| {
            (name == "ANTHROPIC_API_KEY").then(|| "k".into())
        })
        .unwrap();
        assert_eq!(
            anthropic.url.as_str(),
            "https://api.anthropic.com/v1/messages"
        );
        assert_eq!(anthropic.headers["anthropic-version"], "2023-06-01");
        assert!(anthropic.headers["x-api-key"].is_sensitive());
        let written_with_v1 = Connection {
            api_base: Some("http://127.0.0.1:9/v1/".into()),
            ..Connection::default()
        };
        assert_eq!(
            endpoint(&sonnet, &written_with_v1, &|_| None)
                .unwrap()
                .url
                .as_str(),
            "http://127.0.0.1:9/v1/messages"
        );

        let (ollama, _) = resolve_model("ollama/qwen2.5-coder", None).unwrap();
        let default = endpoint(&ollama, &Connection::default(), &|_| None).unwrap();
        assert_eq!(default.url.as_str(), "http://127.0.0.1:11434/api/chat");
        for written in [
            "http://gpu-box:11434",
            "http://gpu-box:11434/",
            "http://gpu-box:11434/v1",
            "http://gpu-box:11434/api/",
        ] {
            let local = endpoint(&ollama, &Connection::default(), &|name| {
                (name == "OLLAMA_API_BASE").then(|| written.into())
            })
            .unwrap();
            assert_eq!(
                local.url.as_str(),
                "http://gpu-box:11434/api/chat",
                "{written}"
            );
            assert_eq!(
                local.url_for("/api/show").as_str(),
                "http://gpu-box:11434/api/show"
            );
            assert!(local.headers.get("authorization").is_none());
        }
    }
}
