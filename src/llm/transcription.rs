//! Speech to text through OpenAI's transcription API (`POST {base}/audio/transcriptions`,
//! `multipart/form-data`), with the OpenAI service's key and base, and errors mapped
//! (and masked) as for chat.

use serde_json::Value;

use super::connection::{Connection, openai_endpoint};
use super::error::LlmError;
use super::multipart::Multipart;
use super::transport::{Endpoint, fetch_json};

/// Where transcriptions go: the OpenAI service as `connection` and the environment set it.
#[derive(Debug, Clone)]
pub struct TranscriptionEndpoint {
    endpoint: Endpoint,
}

impl TranscriptionEndpoint {
    /// Resolves the OpenAI base and key (`--api-base`/`OPENAI_API_BASE`, `--api-key`/
    /// `OPENAI_API_KEY`); fails like chat when no key is found for the default base.
    pub fn new(
        connection: &Connection,
        env: &dyn Fn(&str) -> Option<String>,
    ) -> Result<Self, LlmError> {
        let mut endpoint = openai_endpoint(connection, env)?;
        endpoint.url = endpoint.url_for("/audio/transcriptions");
        // The form sets its own content type.
        endpoint.headers.remove("content-type");
        Ok(TranscriptionEndpoint { endpoint })
    }
}

/// Transcribes a WAV recording with `model` (e.g. `whisper-1`); `language` is an ISO
/// 639-1 code such as `en`. Returns the text.
pub async fn transcribe(
    target: &TranscriptionEndpoint,
    model: &str,
    language: Option<&str>,
    wav: Vec<u8>,
) -> Result<String, LlmError> {
    let endpoint = &target.endpoint;
    let mut form = Multipart::new();
    form.file("file", "audio.wav", "audio/wav", &wav)
        .text("model", model);
    if let Some(language) = language
        .map(str::trim)
        .filter(|language| !language.is_empty())
    {
        form.text("language", language);
    }
    form.text("response_format", "json");
    let (body, content_type) = form.finish();
    let reply = fetch_json(
        endpoint,
        || {
            endpoint
                .client
                .post(endpoint.url.clone())
                .header("content-type", content_type.as_str())
                .body(body.clone())
        },
        endpoint.timeouts.read,
        endpoint.max_retries,
    )
    .await?;
    reply
        .get("text")
        .and_then(Value::as_str)
        .map(|text| text.trim().to_string())
        .ok_or_else(|| LlmError::Protocol {
            provider: endpoint.label.clone(),
            reason: "the transcription reply has no `text`".into(),
        })
}
