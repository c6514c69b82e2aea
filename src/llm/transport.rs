//! Sending one request and turning its response into [`StreamEvent`]s: retries before the
//! first content arrives, an idle timeout between reads, SSE framing, and error bodies
//! mapped to one-line [`LlmError`]s. The wire-specific part is a [`WireDecoder`].

use std::collections::VecDeque;
use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use futures::StreamExt;
use futures::stream::BoxStream;
use reqwest::StatusCode;
use reqwest::header::HeaderMap;
use serde_json::Value;

use super::error::{LlmError, scrub};
use super::provider::StreamEvent;
use super::retry::{backoff, server_says_retry, server_wait};
use super::sse::{SseDecoder, SseEvent};

/// An API key that never shows in `Debug` or `Display`.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    /// Wraps a key.
    pub fn new(key: String) -> Self {
        Secret(key)
    }

    /// The key itself, for the one header that carries it.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("[redacted]")
    }
}

impl fmt::Display for Secret {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("[redacted]")
    }
}

/// Where and how to send requests for one provider.
#[derive(Debug, Clone)]
pub struct Endpoint {
    /// Service label used in error messages, e.g. `anthropic`.
    pub label: String,
    /// Full URL of the chat endpoint.
    pub url: String,
    /// Headers for every request; the key header is marked sensitive.
    pub headers: HeaderMap,
    pub key: Option<Secret>,
    /// Where the key comes from, for the fix hint of an auth error.
    pub key_hint: String,
    /// Longest wait for the response head and between two reads of the body.
    pub timeout: Duration,
    pub max_retries: u32,
    pub client: reqwest::Client,
}

/// Decodes one wire format.
pub trait WireDecoder: Send + 'static {
    /// Handles one SSE event, appending what it yields; `Ok(true)` once the terminator was seen.
    fn event(&mut self, event: SseEvent, out: &mut Vec<StreamEvent>) -> Result<bool, String>;
    /// Decodes a whole non-streaming JSON reply (ending with `Finished`).
    fn body(&mut self, body: &Value, out: &mut Vec<StreamEvent>) -> Result<(), String>;
    /// The terminator's name, for the message when it never came.
    fn terminator(&self) -> &'static str;
}

/// A failure and whether (and when) it may be retried.
struct Failure {
    error: LlmError,
    server_wait: Option<Duration>,
    retry: bool,
}

impl From<LlmError> for Failure {
    fn from(error: LlmError) -> Self {
        let retry = error.is_retryable();
        Failure {
            error,
            server_wait: None,
            retry,
        }
    }
}

enum Phase<D> {
    Connect,
    Reading {
        body: BoxStream<'static, reqwest::Result<Vec<u8>>>,
        sse: SseDecoder,
        decoder: D,
    },
}

struct Drive<D, F> {
    endpoint: Arc<Endpoint>,
    request_body: Arc<Vec<u8>>,
    streaming: bool,
    new_decoder: F,
    attempt: u32,
    phase: Phase<D>,
    pending: VecDeque<Result<StreamEvent, LlmError>>,
    content_started: bool,
    done: bool,
    /// The backoff before the next attempt; slept after `Retrying` has been yielded.
    retry_wait: Option<Duration>,
}

/// Sends `request_body` to the endpoint and streams the decoded reply.
pub fn drive<D, F>(
    endpoint: Arc<Endpoint>,
    request_body: &Value,
    streaming: bool,
    new_decoder: F,
) -> BoxStream<'static, Result<StreamEvent, LlmError>>
where
    D: WireDecoder,
    F: Fn() -> D + Send + 'static,
{
    let state = Drive {
        endpoint,
        request_body: Arc::new(request_body.to_string().into_bytes()),
        streaming,
        new_decoder,
        attempt: 0,
        phase: Phase::Connect,
        pending: VecDeque::new(),
        content_started: false,
        done: false,
        retry_wait: None,
    };
    futures::stream::unfold(state, |mut state| async move {
        loop {
            if let Some(item) = state.pending.pop_front() {
                return Some((item, state));
            }
            if state.done {
                return None;
            }
            state.step().await;
        }
    })
    .boxed()
}

impl<D: WireDecoder, F: Fn() -> D + Send + 'static> Drive<D, F> {
    async fn step(&mut self) {
        match &mut self.phase {
            Phase::Connect => {
                if let Some(wait) = self.retry_wait.take() {
                    tokio::time::sleep(wait).await;
                }
                match open(
                    self.endpoint.clone(),
                    self.request_body.clone(),
                    self.attempt,
                )
                .await
                {
                    Ok(response) => self.start_reading(response).await,
                    Err(failure) => self.fail(failure).await,
                }
            }
            Phase::Reading { body, .. } => {
                let next = tokio::time::timeout(self.endpoint.timeout, body.next()).await;
                match next {
                    Err(_) => {
                        let error = LlmError::Timeout {
                            provider: self.endpoint.label.clone(),
                            seconds: self.endpoint.timeout.as_secs_f64(),
                            phase: "waiting for more of the reply".into(),
                        };
                        self.fail(error.into()).await;
                    }
                    Ok(None) => self.end_of_body().await,
                    Ok(Some(Err(error))) => {
                        let error = self.interrupted(format!(
                            "the connection failed mid-reply: {}",
                            innermost(&error)
                        ));
                        self.fail(error.into()).await;
                    }
                    Ok(Some(Ok(bytes))) => self.decode(&bytes).await,
                }
            }
        }
    }

    fn interrupted(&self, reason: String) -> LlmError {
        LlmError::Interrupted {
            provider: self.endpoint.label.clone(),
            reason: scrub(&reason, self.endpoint.key.as_ref().map(Secret::expose)),
        }
    }

    async fn decode(&mut self, bytes: &[u8]) {
        let Phase::Reading { sse, decoder, .. } = &mut self.phase else {
            return;
        };
        let mut produced = Vec::new();
        let mut outcome = Ok(false);
        for event in sse.push(bytes) {
            outcome = decoder.event(event, &mut produced);
            if !matches!(outcome, Ok(false)) {
                break;
            }
        }
        self.accept(produced);
        match outcome {
            Ok(true) => {
                self.done = true;
                // Drop the body now: the reply is complete whatever follows.
                self.phase = Phase::Connect;
            }
            Ok(false) => {}
            Err(reason) => {
                let error = self.interrupted(reason);
                self.fail(error.into()).await;
            }
        }
    }

    /// The body ended: complete only if its last event was the terminator.
    async fn end_of_body(&mut self) {
        let Phase::Reading { sse, decoder, .. } = &mut self.phase else {
            return;
        };
        let terminator = decoder.terminator();
        let mut produced = Vec::new();
        let finished = match sse.finish() {
            Some(event) => decoder.event(event, &mut produced),
            None => Ok(false),
        };
        self.accept(produced);
        match finished {
            Ok(true) => {
                self.done = true;
                self.phase = Phase::Connect;
            }
            Ok(false) => {
                let error = self.interrupted(format!("the connection closed before {terminator}"));
                self.fail(error.into()).await;
            }
            Err(reason) => {
                let error = self.interrupted(reason);
                self.fail(error.into()).await;
            }
        }
    }

    fn accept(&mut self, produced: Vec<StreamEvent>) {
        for event in produced {
            if matches!(event, StreamEvent::Text(_) | StreamEvent::Reasoning(_)) {
                self.content_started = true;
            }
            self.pending.push_back(Ok(event));
        }
    }

    /// Retries when allowed (no content yet, attempts left), else ends with the error.
    async fn fail(&mut self, failure: Failure) {
        self.phase = Phase::Connect;
        if failure.retry && !self.content_started && self.attempt < self.endpoint.max_retries {
            let wait = failure.server_wait.unwrap_or_else(|| backoff(self.attempt));
            tracing::warn!(provider = %self.endpoint.label, attempt = self.attempt + 1, ?wait, error = %failure.error, "retrying");
            self.attempt += 1;
            self.pending.push_back(Ok(StreamEvent::Retrying {
                attempt: self.attempt,
                max_retries: self.endpoint.max_retries,
                wait,
                reason: failure.error.to_string(),
            }));
            self.retry_wait = Some(wait);
            return;
        }
        self.pending.push_back(Err(failure.error));
        self.done = true;
    }

    async fn start_reading(&mut self, response: reqwest::Response) {
        let is_json = response
            .headers()
            .get("content-type")
            .and_then(|value| value.to_str().ok())
            .is_some_and(|value| value.starts_with("application/json"));
        if self.streaming && !is_json {
            self.phase = Phase::Reading {
                body: response
                    .bytes_stream()
                    .map(|chunk| chunk.map(|bytes| bytes.to_vec()))
                    .boxed(),
                sse: SseDecoder::new(),
                decoder: (self.new_decoder)(),
            };
            return;
        }
        // A whole JSON body: the plain (--no-stream) reply, or an error a proxy sent with 200.
        let body = match tokio::time::timeout(self.endpoint.timeout, response.bytes()).await {
            Err(_) => {
                let error = LlmError::Timeout {
                    provider: self.endpoint.label.clone(),
                    seconds: self.endpoint.timeout.as_secs_f64(),
                    phase: "reading the reply".into(),
                };
                return self.fail(error.into()).await;
            }
            Ok(Err(error)) => {
                let error = self.interrupted(format!(
                    "the connection failed mid-reply: {}",
                    innermost(&error)
                ));
                return self.fail(error.into()).await;
            }
            Ok(Ok(body)) => body,
        };
        let value: Value = match serde_json::from_slice(&body) {
            Ok(value) => value,
            Err(error) => {
                let error = LlmError::Protocol {
                    provider: self.endpoint.label.clone(),
                    reason: format!("the reply is not JSON: {error}"),
                };
                return self.fail(error.into()).await;
            }
        };
        if value.get("error").is_some_and(|error| !error.is_null()) {
            let error = classify(&self.endpoint, StatusCode::OK, &body, self.attempt + 1);
            return self.fail(error.into()).await;
        }
        let mut produced = Vec::new();
        match (self.new_decoder)().body(&value, &mut produced) {
            Ok(()) => {
                self.accept(produced);
                self.done = true;
            }
            Err(reason) => {
                let error = LlmError::Protocol {
                    provider: self.endpoint.label.clone(),
                    reason: scrub(&reason, self.endpoint.key.as_ref().map(Secret::expose)),
                };
                self.fail(error.into()).await;
            }
        }
    }
}

async fn open(
    endpoint: Arc<Endpoint>,
    request_body: Arc<Vec<u8>>,
    attempt: u32,
) -> Result<reqwest::Response, Failure> {
    let endpoint = &endpoint;
    let request = endpoint
        .client
        .post(&endpoint.url)
        .headers(endpoint.headers.clone())
        .body(request_body.as_ref().clone());
    let response = match tokio::time::timeout(endpoint.timeout, request.send()).await {
        Err(_) => {
            return Err(LlmError::Timeout {
                provider: endpoint.label.clone(),
                seconds: endpoint.timeout.as_secs_f64(),
                phase: "waiting for the response to start".into(),
            }
            .into());
        }
        Ok(Err(error)) => {
            return Err(LlmError::Connection {
                provider: endpoint.label.clone(),
                url: endpoint.url.clone(),
                reason: scrub(
                    &innermost(&error),
                    endpoint.key.as_ref().map(Secret::expose),
                ),
            }
            .into());
        }
        Ok(Ok(response)) => response,
    };
    if response.status().is_success() {
        return Ok(response);
    }
    let status = response.status();
    let headers = response.headers().clone();
    let body = tokio::time::timeout(endpoint.timeout, response.bytes())
        .await
        .ok()
        .and_then(Result::ok)
        .unwrap_or_default();
    let error = classify(endpoint, status, &body, attempt + 1);
    let retry = server_says_retry(&headers).unwrap_or_else(|| error.is_retryable());
    Err(Failure {
        error,
        server_wait: server_wait(&headers),
        retry,
    })
}

/// The deepest cause of a reqwest error ("Connection refused" rather than "error sending request").
fn innermost(error: &(dyn std::error::Error + 'static)) -> String {
    let mut current = error;
    while let Some(source) = current.source() {
        current = source;
    }
    current.to_string()
}

/// Maps an error response (OpenAI or Anthropic shape, or anything else) to an [`LlmError`].
fn classify(endpoint: &Endpoint, status: StatusCode, body: &[u8], attempts: u32) -> LlmError {
    let key = endpoint.key.as_ref().map(Secret::expose);
    let provider = endpoint.label.clone();
    let parsed: Option<Value> = serde_json::from_slice(body).ok();
    let error = parsed.as_ref().and_then(|value| value.get("error"));
    let field = |name: &str| {
        error
            .and_then(|error| error.get(name))
            .and_then(Value::as_str)
            .unwrap_or("")
    };
    let kind = field("type").to_string();
    let code = match error.and_then(|error| error.get("code")) {
        Some(Value::String(code)) => code.clone(),
        Some(Value::Number(code)) => code.to_string(),
        _ => String::new(),
    };
    let details = error
        .and_then(|error| error.pointer("/details/error_code"))
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string();
    let raw_message = match error {
        Some(Value::String(message)) => message.clone(),
        Some(_) => field("message").to_string(),
        None => parsed
            .as_ref()
            .and_then(|value| value.get("message").or_else(|| value.get("detail")))
            .and_then(Value::as_str)
            .map(str::to_string)
            .unwrap_or_else(|| String::from_utf8_lossy(body).into_owned()),
    };
    let mut message = scrub(&raw_message, key);
    if message.is_empty() {
        message = status
            .canonical_reason()
            .unwrap_or("no message")
            .to_string();
    }
    let status_code = status.as_u16();
    let lower = format!("{kind} {code} {details} {message}").to_lowercase();
    let quota = [
        "insufficient_quota",
        "enforced_spend_limit_reached",
        "billing_error",
        "spend limit",
        "exceeded your current quota",
        "credit balance is too low",
        "usage limits",
    ]
    .iter()
    .any(|needle| lower.contains(needle));
    let context = [
        "context_length_exceeded",
        "context length",
        "context window",
        "prompt is too long",
        "maximum context",
        "too many tokens",
        "request_too_large",
    ]
    .iter()
    .any(|needle| lower.contains(needle));
    match status_code {
        401 | 403 => LlmError::Auth {
            provider,
            status: status_code,
            message,
            hint: if status_code == 403 {
                format!("that {} may use this model", endpoint.key_hint)
            } else {
                endpoint.key_hint.clone()
            },
        },
        402 => LlmError::QuotaExceeded {
            provider,
            status: status_code,
            message,
        },
        _ if quota => LlmError::QuotaExceeded {
            provider,
            status: status_code,
            message,
        },
        429 => LlmError::RateLimited {
            provider,
            attempts,
            message,
        },
        400 | 413 if context => LlmError::ContextWindowExceeded { provider, message },
        200 => LlmError::Interrupted {
            provider,
            reason: format!("the server sent an error: {message}"),
        },
        _ => LlmError::Http {
            provider,
            status: status_code,
            message,
            hint: match status_code {
                404 => "; check the model name (--model) and the API base URL".into(),
                500.. => "; the provider is having trouble, retry later".into(),
                _ => String::new(),
            },
        },
    }
}
