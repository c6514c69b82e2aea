//! What Ollama's `POST /api/show` says about one model: its context length
//! (`model_info["<architecture>.context_length"]`). Below both the provider, which
//! sizes its context by it, and the listing of local models.

use std::time::Duration;

use serde_json::{Value, json};

use super::error::LlmError;
use super::transport::{Endpoint, fetch_json};

/// The context length `/api/show` reports for `model`; `None` when it names none.
pub async fn show_context_length(
    endpoint: &Endpoint,
    model: &str,
    limit: Duration,
) -> Result<Option<u64>, LlmError> {
    let url = endpoint.url_for("/api/show");
    let body = json!({"model": model});
    let shown = fetch_json(
        endpoint,
        || endpoint.client.post(url.clone()).body(body.to_string()),
        limit,
        0,
    )
    .await?;
    Ok(context_length(&shown))
}

/// `model_info["<general.architecture>.context_length"]`, else any `*.context_length`.
fn context_length(shown: &Value) -> Option<u64> {
    let info = shown.get("model_info")?.as_object()?;
    let architecture = info.get("general.architecture").and_then(Value::as_str);
    architecture
        .and_then(|architecture| info.get(&format!("{architecture}.context_length")))
        .or_else(|| {
            info.iter()
                .find(|(name, _)| name.ends_with(".context_length"))
                .map(|(_, value)| value)
        })
        .and_then(Value::as_u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_architecture_names_the_context_length() {
        let shown = json!({"model_info": {
            "general.architecture": "qwen2",
            "llama.context_length": 4096,
            "qwen2.context_length": 32768
        }});
        assert_eq!(context_length(&shown), Some(32768));
        let other = json!({"model_info": {"gemma3.context_length": 131072}});
        assert_eq!(context_length(&other), Some(131072));
        assert_eq!(context_length(&json!({"details": {}})), None);
    }
}
