//! Sending one request and turning its response into [`StreamEvent`]s: retries before the
//! first content arrives, silence reported while it lasts and bounded (first-byte and
//! read timeouts), SSE or NDJSON framing, and error bodies mapped to one-line
//! [`LlmError`]s. The wire-specific part is a [`WireDecoder`].

use std::collections::VecDeque;
use std::fmt;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use futures::StreamExt;
use futures::future::BoxFuture;
use futures::stream::BoxStream;
use reqwest::StatusCode;
use reqwest::header::HeaderMap;
use serde_json::Value;
use tokio::time::Instant;
use url::Url;

use super::azure::content_filter_reason;
use super::error::{LlmError, scrub};
use super::ndjson::LineDecoder;
use super::provider::StreamEvent;
use super::retry::{backoff, server_says_retry, server_wait};
use super::secret_url::{join_path, redact_url};
use super::sse::{SseDecoder, SseEvent};

/// An API key (or another credential) that never shows in `Debug` or `Display`.
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

/// How long a request may stay silent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timeouts {
    /// Longest wait for the response head of a streamed request; past it the request
    /// counts as failed and is retried.
    pub first_byte: Duration,
    /// Longest silence once the head has come, and the head's limit for a plain
    /// (non-streamed) request, whose head comes only with the whole reply.
    pub read: Duration,
    /// How often an ongoing silence is announced with [`StreamEvent::Stalled`]; zero: never.
    pub stall_interval: Duration,
}

/// Where and how to send requests for one provider.
#[derive(Clone)]
pub struct Endpoint {
    /// Service label used in error messages, e.g. `anthropic`.
    pub label: String,
    /// The base URL as configured (normalised), for the provider's other routes.
    pub base: Url,
    /// Full URL of the chat endpoint; may carry credentials, so show it only through
    /// [`Endpoint::shown_url`].
    pub url: Url,
    /// Headers for every request; the key header is marked sensitive.
    pub headers: HeaderMap,
    pub key: Option<Secret>,
    /// Every text to mask in messages: the key and the credentials written in the URL.
    pub secrets: Vec<Secret>,
    /// Where the key comes from, for the fix hint of an auth error.
    pub key_hint: String,
    /// What to suggest on HTTP 404, starting with `; `.
    pub not_found_hint: String,
    pub timeouts: Timeouts,
    pub max_retries: u32,
    pub client: reqwest::Client,
}

impl Endpoint {
    /// The chat URL with its credentials masked, for messages.
    pub fn shown_url(&self) -> String {
        redact_url(self.url.as_str())
    }

    /// Another route of the same server (`/api/show`), keeping the base's query.
    pub fn url_for(&self, suffix: &str) -> Url {
        join_path(&self.base, suffix)
    }

    /// `text` as one line with every secret of this endpoint masked.
    pub fn scrub(&self, text: &str) -> String {
        let secrets: Vec<&str> = self.secrets.iter().map(Secret::expose).collect();
        scrub(text, &secrets)
    }
}

impl fmt::Debug for Endpoint {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter
            .debug_struct("Endpoint")
            .field("label", &self.label)
            .field("url", &self.shown_url())
            .field("headers", &self.headers)
            .field("key", &self.key)
            .field("timeouts", &self.timeouts)
            .field("max_retries", &self.max_retries)
            .finish()
    }
}

/// How a streamed body is cut into frames.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Framing {
    /// Server-Sent Events (OpenAI, Anthropic).
    Sse,
    /// One JSON object per line (Ollama); each line arrives as an event's `data`.
    Lines,
}

/// Decodes one wire format.
pub trait WireDecoder: Send + 'static {
    /// How the streamed body is framed.
    fn framing(&self) -> Framing {
        Framing::Sse
    }
    /// Handles one frame (an SSE event, or one NDJSON line as `data`), appending what
    /// it yields; `Ok(true)` once the terminator was seen.
    fn event(&mut self, event: SseEvent, out: &mut Vec<StreamEvent>) -> Result<bool, String>;
    /// Decodes a whole non-streaming JSON reply (ending with `Finished`).
    fn body(&mut self, body: &Value, out: &mut Vec<StreamEvent>) -> Result<(), String>;
    /// The terminator's name, for the message when it never came.
    fn terminator(&self) -> &'static str;
}

/// A failure and whether (and when) it may be retried.
pub struct Failure {
    pub error: LlmError,
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

/// The framing state of a body being read.
enum Frames {
    Sse(SseDecoder),
    Lines(LineDecoder),
    /// A plain JSON reply, gathered whole.
    Whole(Vec<u8>),
}

impl Frames {
    fn push(&mut self, bytes: &[u8]) -> Vec<SseEvent> {
        match self {
            Frames::Sse(decoder) => decoder.push(bytes),
            Frames::Lines(decoder) => decoder
                .push(bytes)
                .into_iter()
                .map(|data| SseEvent { event: None, data })
                .collect(),
            Frames::Whole(gathered) => {
                gathered.extend_from_slice(bytes);
                Vec::new()
            }
        }
    }

    fn finish(&mut self) -> Option<SseEvent> {
        match self {
            Frames::Sse(decoder) => decoder.finish(),
            Frames::Lines(decoder) => decoder.finish().map(|data| SseEvent { event: None, data }),
            Frames::Whole(_) => None,
        }
    }
}

enum Phase<D> {
    /// Nothing in flight: the next step sends the request.
    Idle,
    /// The request is sent; no response head yet.
    Waiting {
        response: BoxFuture<'static, Result<reqwest::Response, Failure>>,
        since: Instant,
        notices: u32,
    },
    /// Reading the body; `since` is when the last bytes came.
    Reading {
        body: BoxStream<'static, reqwest::Result<Vec<u8>>>,
        frames: Frames,
        decoder: D,
        since: Instant,
        notices: u32,
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
        phase: Phase::Idle,
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

/// What came of waiting on a future for at most one stall interval.
enum Waited<T> {
    Ready(T),
    /// Silent this long; still within the limit.
    Stalled(Duration),
    /// Silent for the whole limit.
    TimedOut(Duration),
}

/// Waits for `future` until the next stall notice or the limit, whichever is first.
/// Deadlines are multiples of the interval from `since`, so notices neither drift nor
/// depend on how quickly the caller comes back.
async fn wait_or_stall<F: Future + Unpin>(
    future: F,
    since: Instant,
    notices: &mut u32,
    limit: Duration,
    interval: Duration,
) -> Waited<F::Output> {
    let give_up = since + limit;
    let next_notice = (!interval.is_zero())
        .then(|| since + interval.saturating_mul(*notices + 1))
        .filter(|notice| *notice < give_up);
    let deadline = next_notice.unwrap_or(give_up);
    match tokio::time::timeout_at(deadline, future).await {
        Ok(output) => Waited::Ready(output),
        Err(_) if next_notice.is_some() => {
            *notices += 1;
            Waited::Stalled(deadline - since)
        }
        Err(_) => Waited::TimedOut(limit),
    }
}

impl<D: WireDecoder, F: Fn() -> D + Send + 'static> Drive<D, F> {
    async fn step(&mut self) {
        let timeouts = self.endpoint.timeouts;
        match &mut self.phase {
            Phase::Idle => {
                if let Some(wait) = self.retry_wait.take() {
                    tokio::time::sleep(wait).await;
                }
                let response = open(
                    self.endpoint.clone(),
                    self.request_body.clone(),
                    self.attempt,
                );
                self.phase = Phase::Waiting {
                    response: Box::pin(response),
                    since: Instant::now(),
                    notices: 0,
                };
            }
            Phase::Waiting {
                response,
                since,
                notices,
            } => {
                let limit = if self.streaming {
                    timeouts.first_byte.min(timeouts.read)
                } else {
                    timeouts.read
                };
                let waited =
                    wait_or_stall(response, *since, notices, limit, timeouts.stall_interval).await;
                match waited {
                    Waited::Ready(Ok(response)) => self.start_reading(response),
                    Waited::Ready(Err(failure)) => self.fail(failure),
                    Waited::Stalled(silent_for) => self.stalled(silent_for),
                    Waited::TimedOut(silent_for) => {
                        let error = self.silent(
                            silent_for,
                            "before answering; check that the server is up and not overloaded",
                        );
                        self.fail(error.into());
                    }
                }
            }
            Phase::Reading {
                body,
                since,
                notices,
                ..
            } => {
                let waited = wait_or_stall(
                    body.next(),
                    *since,
                    notices,
                    timeouts.read,
                    timeouts.stall_interval,
                )
                .await;
                match waited {
                    Waited::Ready(None) => self.end_of_body(),
                    Waited::Ready(Some(Err(error))) => {
                        let error = self.interrupted(format!(
                            "the connection failed mid-reply: {}",
                            innermost(error)
                        ));
                        self.fail(error.into());
                    }
                    Waited::Ready(Some(Ok(bytes))) => self.decode(&bytes),
                    Waited::Stalled(silent_for) => self.stalled(silent_for),
                    Waited::TimedOut(silent_for) => {
                        let phase = if self.content_started {
                            "in the middle of the reply; retry, or raise the `timeout` setting"
                        } else {
                            "before the reply began; retry, or raise the `timeout` setting"
                        };
                        let error = self.silent(silent_for, phase);
                        self.fail(error.into());
                    }
                }
            }
        }
    }

    fn silent(&self, silent_for: Duration, phase: &str) -> LlmError {
        LlmError::Timeout {
            provider: self.endpoint.label.clone(),
            seconds: silent_for.as_secs_f64(),
            phase: phase.to_string(),
        }
    }

    fn stalled(&mut self, silent_for: Duration) {
        tracing::info!(provider = %self.endpoint.label, ?silent_for, "the provider is silent");
        self.pending
            .push_back(Ok(StreamEvent::Stalled { silent_for }));
    }

    fn interrupted(&self, reason: String) -> LlmError {
        LlmError::Interrupted {
            provider: self.endpoint.label.clone(),
            reason: self.endpoint.scrub(&reason),
        }
    }

    fn decode(&mut self, bytes: &[u8]) {
        let Phase::Reading {
            frames,
            decoder,
            since,
            notices,
            ..
        } = &mut self.phase
        else {
            return;
        };
        *since = Instant::now();
        *notices = 0;
        let mut produced = Vec::new();
        let mut outcome = Ok(false);
        for event in frames.push(bytes) {
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
                self.phase = Phase::Idle;
            }
            Ok(false) => {}
            Err(reason) => {
                let error = self.interrupted(reason);
                self.fail(error.into());
            }
        }
    }

    /// The body ended: complete only if its last frame was the terminator (or, for a
    /// plain reply, if it is a whole JSON reply).
    fn end_of_body(&mut self) {
        let Phase::Reading {
            frames, decoder, ..
        } = &mut self.phase
        else {
            return;
        };
        if let Frames::Whole(gathered) = frames {
            let gathered = std::mem::take(gathered);
            return self.whole_body(&gathered);
        }
        let terminator = decoder.terminator();
        let mut produced = Vec::new();
        let finished = match frames.finish() {
            Some(event) => decoder.event(event, &mut produced),
            None => Ok(false),
        };
        self.accept(produced);
        match finished {
            Ok(true) => {
                self.done = true;
                self.phase = Phase::Idle;
            }
            Ok(false) => {
                let error = self.interrupted(format!("the connection closed before {terminator}"));
                self.fail(error.into());
            }
            Err(reason) => {
                let error = self.interrupted(reason);
                self.fail(error.into());
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
    fn fail(&mut self, failure: Failure) {
        self.phase = Phase::Idle;
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

    fn start_reading(&mut self, response: reqwest::Response) {
        let is_json = response
            .headers()
            .get("content-type")
            .and_then(|value| value.to_str().ok())
            .is_some_and(|value| value.starts_with("application/json"));
        let decoder = (self.new_decoder)();
        // A whole JSON body: the plain (--no-stream) reply, or an error a proxy sent with 200.
        let frames = match decoder.framing() {
            _ if !self.streaming || is_json => Frames::Whole(Vec::new()),
            Framing::Sse => Frames::Sse(SseDecoder::new()),
            Framing::Lines => Frames::Lines(LineDecoder::new()),
        };
        self.phase = Phase::Reading {
            body: response
                .bytes_stream()
                .map(|chunk| chunk.map(|bytes| bytes.to_vec()))
                .boxed(),
            frames,
            decoder,
            since: Instant::now(),
            notices: 0,
        };
    }

    fn whole_body(&mut self, body: &[u8]) {
        let value: Value = match serde_json::from_slice(body) {
            Ok(value) => value,
            Err(error) => {
                let error = LlmError::Protocol {
                    provider: self.endpoint.label.clone(),
                    reason: format!("the reply is not JSON: {error}"),
                };
                return self.fail(error.into());
            }
        };
        if value.get("error").is_some_and(|error| !error.is_null()) {
            let error = classify(&self.endpoint, StatusCode::OK, body, self.attempt + 1);
            return self.fail(error.into());
        }
        let mut produced = Vec::new();
        match (self.new_decoder)().body(&value, &mut produced) {
            Ok(()) => {
                self.accept(produced);
                self.done = true;
                self.phase = Phase::Idle;
            }
            Err(reason) => {
                let error = LlmError::Protocol {
                    provider: self.endpoint.label.clone(),
                    reason: self.endpoint.scrub(&reason),
                };
                self.fail(error.into());
            }
        }
    }
}

async fn open(
    endpoint: Arc<Endpoint>,
    request_body: Arc<Vec<u8>>,
    attempt: u32,
) -> Result<reqwest::Response, Failure> {
    let request = endpoint
        .client
        .post(endpoint.url.clone())
        .headers(endpoint.headers.clone())
        .body(request_body.as_ref().clone());
    let response = request
        .send()
        .await
        .map_err(|error| connection_error(&endpoint, error))?;
    if response.status().is_success() {
        return Ok(response);
    }
    Err(error_response(&endpoint, response, attempt).await)
}

/// A request that never got a response, as an error naming the (masked) URL.
pub fn connection_error(endpoint: &Endpoint, error: reqwest::Error) -> Failure {
    LlmError::Connection {
        provider: endpoint.label.clone(),
        url: endpoint.shown_url(),
        reason: endpoint.scrub(&innermost(error)),
    }
    .into()
}

/// An unsuccessful response, classified, with whether and when to retry it.
pub async fn error_response(
    endpoint: &Endpoint,
    response: reqwest::Response,
    attempt: u32,
) -> Failure {
    let status = response.status();
    let headers = response.headers().clone();
    let body = tokio::time::timeout(endpoint.timeouts.read, response.bytes())
        .await
        .ok()
        .and_then(Result::ok)
        .unwrap_or_default();
    let error = classify(endpoint, status, &body, attempt + 1);
    let retry = server_says_retry(&headers).unwrap_or_else(|| error.is_retryable());
    Failure {
        error,
        server_wait: server_wait(&headers),
        retry,
    }
}

/// Sends a plain request built by `build` and returns its JSON reply, retrying
/// transient failures like a stream does (no events: the caller just waits).
pub async fn fetch_json(
    endpoint: &Endpoint,
    build: impl Fn() -> reqwest::RequestBuilder,
    limit: Duration,
    max_retries: u32,
) -> Result<Value, LlmError> {
    let mut attempt = 0;
    loop {
        let failure = match fetch_json_once(endpoint, build(), limit, attempt).await {
            Ok(value) => return Ok(value),
            Err(failure) => failure,
        };
        if !failure.retry || attempt >= max_retries {
            return Err(failure.error);
        }
        let wait = failure.server_wait.unwrap_or_else(|| backoff(attempt));
        tracing::warn!(provider = %endpoint.label, attempt = attempt + 1, ?wait, error = %failure.error, "retrying");
        tokio::time::sleep(wait).await;
        attempt += 1;
    }
}

async fn fetch_json_once(
    endpoint: &Endpoint,
    request: reqwest::RequestBuilder,
    limit: Duration,
    attempt: u32,
) -> Result<Value, Failure> {
    let silent = || -> Failure {
        LlmError::Timeout {
            provider: endpoint.label.clone(),
            seconds: limit.as_secs_f64(),
            phase: "before answering; check that the server is up".into(),
        }
        .into()
    };
    let exchange = async {
        let response = request
            .headers(endpoint.headers.clone())
            .send()
            .await
            .map_err(|error| connection_error(endpoint, error))?;
        if !response.status().is_success() {
            return Err(error_response(endpoint, response, attempt).await);
        }
        let body = response.bytes().await.map_err(|error| {
            Failure::from(LlmError::Interrupted {
                provider: endpoint.label.clone(),
                reason: endpoint.scrub(&format!(
                    "the connection failed mid-reply: {}",
                    innermost(error)
                )),
            })
        })?;
        serde_json::from_slice::<Value>(&body).map_err(|error| {
            Failure::from(LlmError::Protocol {
                provider: endpoint.label.clone(),
                reason: format!("the reply is not JSON: {error}"),
            })
        })
    };
    tokio::time::timeout(limit, exchange)
        .await
        .unwrap_or_else(|_| Err(silent()))
}

/// The deepest cause of a reqwest error ("Connection refused" rather than "error
/// sending request"), without the URL reqwest would print.
fn innermost(error: reqwest::Error) -> String {
    let error = error.without_url();
    let mut current: &(dyn std::error::Error + 'static) = &error;
    while let Some(source) = current.source() {
        current = source;
    }
    current.to_string()
}

/// Maps an error response (OpenAI, Anthropic or Ollama shape, or anything else) to an [`LlmError`].
fn classify(endpoint: &Endpoint, status: StatusCode, body: &[u8], attempts: u32) -> LlmError {
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
    let mut message = endpoint.scrub(&raw_message);
    if message.is_empty() {
        message = status
            .canonical_reason()
            .unwrap_or("no message")
            .to_string();
    }
    let status_code = status.as_u16();
    if let Some(reason) = parsed.as_ref().and_then(content_filter_reason) {
        return LlmError::ContentFiltered {
            provider,
            reason: format!("{reason}: {message}"),
        };
    }
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
                404 => endpoint.not_found_hint.clone(),
                500.. => "; the provider is having trouble, retry later".into(),
                _ => String::new(),
            },
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The schedule of a provider that never answers, with the default first-byte and
    /// stall timings scaled down from seconds to milliseconds (45 s → 45 ms, 30 s →
    /// 30 ms): one notice at 30, given up at 45, so with the real defaults a silent
    /// provider is reported within a minute.
    #[tokio::test]
    async fn silence_is_reported_at_each_interval_then_given_up_at_the_limit() {
        let since = Instant::now();
        let mut notices = 0;
        let mut never = std::future::pending::<()>();
        let mut seen = Vec::new();
        loop {
            let limit = Duration::from_millis(45);
            let interval = Duration::from_millis(30);
            match wait_or_stall(&mut never, since, &mut notices, limit, interval).await {
                Waited::Stalled(silent_for) => seen.push(("stalled", silent_for)),
                Waited::TimedOut(silent_for) => {
                    seen.push(("timed out", silent_for));
                    break;
                }
                Waited::Ready(()) => unreachable!("pending never completes"),
            }
        }
        assert_eq!(
            seen,
            [
                ("stalled", Duration::from_millis(30)),
                ("timed out", Duration::from_millis(45))
            ]
        );
        assert!(since.elapsed() >= Duration::from_millis(45));
    }

    #[tokio::test]
    async fn a_zero_interval_reports_nothing_before_the_limit() {
        let mut notices = 0;
        let waited = wait_or_stall(
            std::future::pending::<()>(),
            Instant::now(),
            &mut notices,
            Duration::from_millis(20),
            Duration::ZERO,
        )
        .await;
        assert!(matches!(waited, Waited::TimedOut(limit) if limit == Duration::from_millis(20)));
    }

    #[tokio::test]
    async fn a_ready_future_is_returned_at_once() {
        let mut notices = 0;
        let waited = wait_or_stall(
            std::future::ready(7),
            Instant::now(),
            &mut notices,
            Duration::from_secs(45),
            Duration::from_secs(30),
        )
        .await;
        assert!(matches!(waited, Waited::Ready(7)));
        assert_eq!(notices, 0);
    }
}
