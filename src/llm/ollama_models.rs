//! What a local Ollama has: its models (`GET /api/tags`), each with its context length
//! (from `ollama_show`).

use std::time::Duration;

use serde_json::Value;

use super::connection::{Connection, endpoint};
use super::error::LlmError;
use super::models::ModelSettings;
use super::ollama_show::show_context_length;
use super::service::ProviderKind;
use super::transport::fetch_json;

/// One model a local Ollama has pulled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LocalModel {
    /// The name to use after `ollama/`, e.g. `qwen2.5-coder:7b`.
    pub name: String,
    /// Size on disk in bytes.
    pub size_bytes: u64,
    /// e.g. `7.6B`.
    pub parameter_size: Option<String>,
    /// e.g. `Q4_K_M`.
    pub quantization: Option<String>,
    /// The longest context the model takes, when `/api/show` says.
    pub context_length: Option<u64>,
}

/// Longest wait for the listing and for each model's details.
const LISTING_TIMEOUT: Duration = Duration::from_secs(10);

/// The models of the Ollama at `base` (host root; a trailing `/v1` or `/api` is
/// forgiven), with their context lengths. Asking a local server for each model's
/// details reads only file headers, so it is done for all of them, side by side.
pub async fn ollama_models(base: &str) -> Result<Vec<LocalModel>, LlmError> {
    let settings = ModelSettings {
        name: "ollama".into(),
        service: "ollama".into(),
        provider: ProviderKind::Ollama,
        ..ModelSettings::default()
    };
    let connection = Connection {
        api_base: Some(base.to_string()),
        max_retries: 0,
        ..Connection::default()
    };
    let endpoint = endpoint(&settings, &connection, &|_| None)?;
    let url = endpoint.url_for("/api/tags");
    let listing = fetch_json(
        &endpoint,
        || endpoint.client.get(url.clone()),
        LISTING_TIMEOUT,
        0,
    )
    .await?;
    let entries = listing
        .get("models")
        .and_then(Value::as_array)
        .ok_or_else(|| LlmError::Protocol {
            provider: endpoint.label.clone(),
            reason: "the model list has no `models`".into(),
        })?;
    let mut models: Vec<LocalModel> = entries
        .iter()
        .filter_map(|entry| {
            let text = |pointer: &str| {
                entry
                    .pointer(pointer)
                    .and_then(Value::as_str)
                    .filter(|text| !text.is_empty())
                    .map(str::to_string)
            };
            Some(LocalModel {
                name: text("/name").or_else(|| text("/model"))?,
                size_bytes: entry.get("size").and_then(Value::as_u64).unwrap_or(0),
                parameter_size: text("/details/parameter_size"),
                quantization: text("/details/quantization_level"),
                context_length: None,
            })
        })
        .collect();
    let lengths = futures::future::join_all(
        models
            .iter()
            .map(|model| show_context_length(&endpoint, &model.name, LISTING_TIMEOUT)),
    )
    .await;
    for (model, length) in models.iter_mut().zip(lengths) {
        model.context_length = length.ok().flatten();
    }
    models.sort_by(|left, right| left.name.cmp(&right.name));
    Ok(models)
}
