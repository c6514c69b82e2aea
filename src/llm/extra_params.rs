//! Aider's `extra_params` in a request. litellm passes them to the provider as they are;
//! here each wire takes them as its API does:
//! - `extra_headers` become headers, never replacing one the connection sets (the key's
//!   header, `content-type`, `anthropic-version`); a header named like a credential is
//!   kept out of every message, like the key.
//! - `extra_body` is merged into the body.
//! - Ollama takes `num_ctx` and its other options inside `options`, `keep_alive`,
//!   `think` and `format` beside it.
//! - Everything else is a field of the body (`reasoning_effort`, `top_p`, `thinking`, …).
//!
//! The fields that make the request what it is (`model`, `messages`, `stream`, …) are
//! never replaced. `max_tokens` and `temperature` do not reach here: they set the
//! model's output limit and temperature when it is resolved.

use reqwest::header::{HeaderName, HeaderValue};
use serde_json::{Map, Value};

use super::secret_url::is_credential_name;
use super::transport::{Endpoint, Secret};

/// Body fields a parameter may not replace.
const PROTECTED: &[&str] = &["model", "messages", "stream", "stream_options", "system"];

/// Ollama's request fields beside `options`.
const OLLAMA_TOP_LEVEL: &[&str] = &["keep_alive", "think", "format"];

/// Lays `params` over an OpenAI-compatible or Anthropic request body.
pub fn apply_to_body(body: &mut Value, params: &Map<String, Value>) {
    for (key, value) in params {
        match key.as_str() {
            "extra_headers" | "num_ctx" => {}
            "extra_body" => merge_body(body, value),
            _ => set_field(body, key, value),
        }
    }
}

/// Lays `params` over an Ollama `/api/chat` body: options go in `options`.
pub fn apply_to_ollama(body: &mut Value, params: &Map<String, Value>) {
    for (key, value) in params {
        match key.as_str() {
            "extra_headers" => {}
            "extra_body" => merge_body(body, value),
            top if OLLAMA_TOP_LEVEL.contains(&top) => set_field(body, key, value),
            option => {
                if let Some(options) = body.get_mut("options").and_then(Value::as_object_mut) {
                    options.insert(option.to_string(), value.clone());
                }
            }
        }
    }
}

/// Ollama's context size when the settings fix it (`extra_params.num_ctx`).
pub fn num_ctx(params: &Map<String, Value>) -> Option<u64> {
    params
        .get("num_ctx")
        .and_then(Value::as_u64)
        .filter(|&size| size > 0)
}

fn set_field(body: &mut Value, key: &str, value: &Value) {
    if PROTECTED.contains(&key) {
        return;
    }
    if let Some(fields) = body.as_object_mut() {
        fields.insert(key.to_string(), value.clone());
    }
}

fn merge_body(body: &mut Value, extra: &Value) {
    if let Some(extra) = extra.as_object() {
        for (key, value) in extra {
            set_field(body, key, value);
        }
    }
}

/// The `extra_headers` as header names and values; a name or value a header cannot
/// carry is an error naming it (values are not shown: they may be keys).
pub fn headers(params: &Map<String, Value>) -> Result<Vec<(HeaderName, String)>, String> {
    let Some(given) = params.get("extra_headers") else {
        return Ok(Vec::new());
    };
    let Some(given) = given.as_object() else {
        return Err("extra_headers must be a mapping of header names to values".into());
    };
    let mut headers = Vec::with_capacity(given.len());
    for (name, value) in given {
        let header = HeaderName::from_bytes(name.trim().as_bytes())
            .map_err(|_| format!("extra_headers: {name:?} is not a header name"))?;
        let text = match value {
            Value::String(text) => text.clone(),
            Value::Number(_) | Value::Bool(_) => value.to_string(),
            _ => return Err(format!("extra_headers: the value of {name} must be text")),
        };
        HeaderValue::from_str(&text).map_err(|_| {
            format!("extra_headers: the value of {name} contains characters a header cannot carry")
        })?;
        headers.push((header, text));
    }
    Ok(headers)
}

/// Adds the `extra_headers` to every request of `endpoint`, never replacing a header it
/// already sends; a header named like a credential is sensitive and masked in messages.
pub fn add_headers(endpoint: &mut Endpoint, params: &Map<String, Value>) {
    // Checked when the model was resolved; nothing invalid reaches here.
    for (name, text) in headers(params).unwrap_or_default() {
        if endpoint.headers.contains_key(&name) {
            continue;
        }
        let Ok(mut value) = HeaderValue::from_str(&text) else {
            continue;
        };
        if is_credential_name(name.as_str()) {
            value.set_sensitive(true);
            endpoint.secrets.push(Secret::new(text));
        }
        endpoint.headers.insert(name, value);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn params(value: Value) -> Map<String, Value> {
        value.as_object().cloned().unwrap()
    }

    #[test]
    fn fields_and_extra_body_reach_the_body_but_never_replace_the_request() {
        let mut body = json!({"model": "gpt-4o", "messages": [], "stream": true, "max_tokens": 10});
        apply_to_body(
            &mut body,
            &params(json!({
                "reasoning_effort": "high",
                "model": "other",
                "num_ctx": 8192,
                "extra_headers": {"x-a": "1"},
                "extra_body": {"top_k": 3, "messages": "gone", "stream": false}
            })),
        );
        assert_eq!(
            body,
            json!({"model": "gpt-4o", "messages": [], "stream": true, "max_tokens": 10, "reasoning_effort": "high", "top_k": 3})
        );
    }

    #[test]
    fn ollama_takes_options_inside_options() {
        let mut body =
            json!({"model": "m", "messages": [], "stream": true, "options": {"num_ctx": 4096}});
        apply_to_ollama(
            &mut body,
            &params(
                json!({"num_ctx": 65536, "top_p": 0.9, "keep_alive": "10m", "extra_body": {"think": false}}),
            ),
        );
        assert_eq!(body["options"], json!({"num_ctx": 65536, "top_p": 0.9}));
        assert_eq!(body["keep_alive"], "10m");
        assert_eq!(body["think"], false);
        assert_eq!(num_ctx(&params(json!({"num_ctx": 65536}))), Some(65536));
        assert_eq!(num_ctx(&params(json!({}))), None);
    }

    #[test]
    fn headers_that_cannot_be_sent_are_named() {
        let good = headers(&params(
            json!({"extra_headers": {"anthropic-beta": "x", "x-n": 3}}),
        ))
        .unwrap();
        assert_eq!(good.len(), 2);
        let bad = headers(&params(json!({"extra_headers": {"bad name": "x"}}))).unwrap_err();
        assert!(bad.contains("bad name"), "{bad}");
        let secret = headers(&params(json!({"extra_headers": {"x-key": "a\nb"}}))).unwrap_err();
        assert!(!secret.contains("a\nb"));
    }
}
