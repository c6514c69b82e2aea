//! A loopback mock LLM server speaking the real OpenAI Chat Completions, Anthropic
//! Messages and Ollama `/api/chat` wire formats (SSE or NDJSON streaming, and plain
//! JSON), plus Ollama's `/api/show` and `/api/tags` and OpenAI's
//! `/audio/transcriptions`, scripted per test.
//!
//! Usage from an integration test (`tests/foo.rs`):
//! ```ignore
//! #[path = "support/mock_llm.rs"]
//! mod mock_llm;
//! use mock_llm::{MockLlm, Reply};
//!
//! #[tokio::test]
//! async fn example() {
//!     let mock = MockLlm::start().await;
//!     mock.push(Reply::text(["Hello, ", "world"]));      // wire follows the request path
//!     mock.push(Reply::status(429).retry_after(1));       // fault injection
//!     // point the client at mock.openai_base() ("http://127.0.0.1:PORT/v1")
//!     // or mock.anthropic_base() / mock.ollama_base() ("http://127.0.0.1:PORT")
//!     mock.ollama_model("qwen2.5-coder", Some(32768));  // for /api/show and /api/tags
//!     let requests = mock.requests();                     // bodies + redacted headers
//! }
//! ```
//! From a bench: `#[path = "../tests/support/mock_llm.rs"] mod mock_llm;`.
//! For a test that runs the binary as a child process (no runtime of its own),
//! use `MockLlm::start_in_thread()`; it serves from a background thread.
//!
//! Replies are taken in order: first a matching rule (`rule(needle, reply)`, reused
//! for every request whose body contains `needle`), then the queue (`push`), then the
//! fallback (`fallback`). With none left the mock answers 400 "no scripted reply", which
//! a client does not retry. A reply made with `Reply::text` is rendered in the wire format
//! of the route it is requested on, as SSE (NDJSON on Ollama's route) when the request
//! has `"stream": true` and as one JSON body otherwise; on the transcription route it is
//! `{"text": …}`. Multipart request bodies are parsed into `RecordedRequest::parts`.
//! `/api/show` and `/api/tags` answer from the models registered with `ollama_model`
//! (they are recorded but take nothing from the script).
//!
//! Faults and variants (builder methods on [`Reply`]):
//! - statuses: `status(n)` with `retry_after(s)`, `retry_after_ms(ms)`, `header(..)`,
//!   `error_type/code/message(..)`; `context_too_long()`, `quota()` (not retryable),
//!   `overloaded()` (529);
//! - streams: `length()` (`finish_reason: length` / `stop_reason: max_tokens`),
//!   `reasoning([..])`, `usage(MockUsage{..})`, `noise()` (comments, pings, unknown events),
//!   `usage_choices_null()`, `error_midstream()`;
//! - delivery: `dropped_after(n)` (connection aborted after n events), `truncated_after(n)`
//!   (clean close, no terminator), `hang_after(n)`, `hang()`, `one_byte_writes()`,
//!   `chunk_delay(d)`, `first_byte_delay(d)`; `raw_sse([..])` for hand-written bodies;
//!   `long_text(n)` for n small pieces (benchmarks), sent as fast as possible by default.
//!
//! `RecordedRequest::send_time` is how long the mock took to send its reply, for
//! benchmarks that subtract the mock's own time.
//!
//! `cache_prefixes(count)` plays a provider's automatic prompt cache: a reply with no
//! scripted usage reports as cache read the tokens (counted by `count`) of the leading
//! prompt pieces (system text, then each message) it shares with the previous request
//! on the same path, and the rest as uncached input.
#![allow(dead_code)]

use std::collections::{BTreeMap, VecDeque};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::Response;
use axum::routing::{get, post};
use serde_json::{Value, json};

/// Which wire format a route speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wire {
    OpenAi,
    Anthropic,
    /// Ollama's native `/api/chat`.
    Ollama,
    /// OpenAI's `/audio/transcriptions`.
    Transcription,
}

/// How a completion ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// `finish_reason: "stop"` / `stop_reason: "end_turn"` / `done_reason: "stop"`.
    End,
    /// `finish_reason: "length"` / `stop_reason: "max_tokens"` / `done_reason: "length"`.
    Length,
    /// Any other reason, written as is on every wire (`content_filter`, `refusal`, …).
    Named(&'static str),
}

/// Token counts the mock reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MockUsage {
    /// Uncached prompt tokens (Anthropic `input_tokens`; OpenAI adds `cache_read` to it in `prompt_tokens`).
    pub input: u64,
    pub output: u64,
    pub cache_read: u64,
    pub cache_write: u64,
}

impl Default for MockUsage {
    fn default() -> Self {
        MockUsage {
            input: 100,
            output: 0,
            cache_read: 0,
            cache_write: 0,
        }
    }
}

/// How the body stops early.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cut {
    /// Abort the connection after n events (chunked body never terminated).
    Dropped(usize),
    /// End the body cleanly after n events, without the terminator.
    Truncated(usize),
    /// Send n events, then stall forever.
    HangAfter(usize),
}

#[derive(Debug, Clone)]
struct Completion {
    text: Vec<String>,
    reasoning: Vec<String>,
    stop: Stop,
    usage: Option<MockUsage>,
    /// Comments / pings / unknown events between the deltas.
    noise: bool,
    /// OpenAI usage chunk with `"choices": null` (vLLM style).
    usage_choices_null: bool,
    /// An error event after the deltas, then the stream ends with no terminator.
    error_midstream: bool,
}

#[derive(Debug, Clone)]
enum Content {
    Completion(Completion),
    Error {
        status: u16,
        kind: Option<String>,
        code: Option<String>,
        message: Option<String>,
        anthropic_details: Option<Value>,
    },
    Raw {
        status: u16,
        content_type: String,
        pieces: Vec<Vec<u8>>,
    },
}

/// One scripted answer.
#[derive(Debug, Clone)]
pub struct Reply {
    wire: Option<Wire>,
    content: Content,
    headers: Vec<(String, String)>,
    chunk_delay: Duration,
    first_byte_delay: Duration,
    one_byte_writes: bool,
    cut: Option<Cut>,
    hang: bool,
}

impl Reply {
    fn new(content: Content) -> Self {
        Reply {
            wire: None,
            content,
            headers: Vec::new(),
            chunk_delay: Duration::ZERO,
            first_byte_delay: Duration::ZERO,
            one_byte_writes: false,
            cut: None,
            hang: false,
        }
    }

    /// A text reply in pieces, in whichever wire format the request's route speaks.
    pub fn text<I, S>(chunks: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        Reply::new(Content::Completion(Completion {
            text: chunks.into_iter().map(Into::into).collect(),
            reasoning: Vec::new(),
            stop: Stop::End,
            usage: None,
            noise: false,
            usage_choices_null: false,
            error_midstream: false,
        }))
    }

    /// A text reply that must be requested on the OpenAI route (else the mock answers 400).
    pub fn openai_text<I, S>(chunks: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        Reply::text(chunks).wire(Wire::OpenAi)
    }

    /// A text reply that must be requested on the Anthropic route (else the mock answers 400).
    pub fn anthropic_text<I, S>(chunks: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        Reply::text(chunks).wire(Wire::Anthropic)
    }

    /// A text reply that must be requested on Ollama's `/api/chat` (else the mock answers 400).
    pub fn ollama_text<I, S>(chunks: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        Reply::text(chunks).wire(Wire::Ollama)
    }

    /// A reply whose text is split into about `tokens` pieces of a few bytes (benchmarks).
    pub fn long_text(tokens: usize) -> Self {
        let words = [
            "fn", " main", "()", " {", "\n", "    let", " x", " =", " 42", ";", "\n", "}",
        ];
        Reply::text((0..tokens).map(|index| words[index % words.len()].to_string()))
    }

    /// An error status with a body in the route's error shape (e.g. 401, 429, 500, 529).
    pub fn status(status: u16) -> Self {
        Reply::new(Content::Error {
            status,
            kind: None,
            code: None,
            message: None,
            anthropic_details: None,
        })
    }

    /// 400 context length exceeded (`context_length_exceeded` / "prompt is too long").
    pub fn context_too_long() -> Self {
        Reply::new(Content::Error {
            status: 400,
            kind: Some("invalid_request_error".into()),
            code: Some("context_length_exceeded".into()),
            message: Some("This model's maximum context length is 128000 tokens; prompt is too long: 200000 tokens > 128000 maximum".into()),
            anthropic_details: None,
        })
    }

    /// 429 that must not be retried (`insufficient_quota` / `enforced_spend_limit_reached`).
    pub fn quota() -> Self {
        Reply::new(Content::Error {
            status: 429,
            kind: Some("insufficient_quota".into()),
            code: Some("insufficient_quota".into()),
            message: Some(
                "You exceeded your current quota, please check your plan and billing details."
                    .into(),
            ),
            anthropic_details: Some(json!({"error_code": "enforced_spend_limit_reached"})),
        })
    }

    /// 529 overloaded (Anthropic) / 503 service unavailable (OpenAI).
    pub fn overloaded() -> Self {
        Reply::status(529)
    }

    /// Any body with any status, written in the given pieces (framing tests).
    pub fn raw(status: u16, content_type: &str, pieces: Vec<Vec<u8>>) -> Self {
        Reply::new(Content::Raw {
            status,
            content_type: content_type.into(),
            pieces,
        })
    }

    /// A raw SSE body (`text/event-stream`), written in the given pieces.
    pub fn raw_sse<I, S>(pieces: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        Reply::raw(
            200,
            "text/event-stream",
            pieces
                .into_iter()
                .map(|piece| piece.into().into_bytes())
                .collect(),
        )
    }

    /// Require the request on this wire's route.
    pub fn wire(mut self, wire: Wire) -> Self {
        self.wire = Some(wire);
        self
    }

    /// Reasoning pieces before the text (`reasoning_content` / a `thinking` block).
    pub fn reasoning<I, S>(mut self, chunks: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        if let Content::Completion(completion) = &mut self.content {
            completion.reasoning = chunks.into_iter().map(Into::into).collect();
        }
        self
    }

    /// End with `finish_reason: "length"` / `stop_reason: "max_tokens"` / `done_reason: "length"`.
    pub fn length(self) -> Self {
        self.set_stop(Stop::Length)
    }

    /// End with this stop (a finish reason named by the wire, see [`Stop`]).
    pub fn stop(self, stop: Stop) -> Self {
        self.set_stop(stop)
    }

    fn set_stop(mut self, stop: Stop) -> Self {
        if let Content::Completion(completion) = &mut self.content {
            completion.stop = stop;
        }
        self
    }

    /// The usage the reply reports (default: 100 input, one output token per piece).
    pub fn usage(mut self, usage: MockUsage) -> Self {
        if let Content::Completion(completion) = &mut self.content {
            completion.usage = Some(usage);
        }
        self
    }

    /// Comments (OpenAI) or pings and unknown events (Anthropic) between the deltas.
    pub fn noise(mut self) -> Self {
        if let Content::Completion(completion) = &mut self.content {
            completion.noise = true;
        }
        self
    }

    /// The OpenAI usage chunk carries `"choices": null`.
    pub fn usage_choices_null(mut self) -> Self {
        if let Content::Completion(completion) = &mut self.content {
            completion.usage_choices_null = true;
        }
        self
    }

    /// An error event after the text deltas; no terminator follows.
    pub fn error_midstream(mut self) -> Self {
        if let Content::Completion(completion) = &mut self.content {
            completion.error_midstream = true;
        }
        self
    }

    /// Error type for a status reply (`error.type`).
    pub fn error_type(mut self, value: &str) -> Self {
        if let Content::Error { kind, .. } = &mut self.content {
            *kind = Some(value.into());
        }
        self
    }

    /// Error code for a status reply (`error.code`, OpenAI).
    pub fn error_code(mut self, value: &str) -> Self {
        if let Content::Error { code, .. } = &mut self.content {
            *code = Some(value.into());
        }
        self
    }

    /// Error message for a status reply.
    pub fn error_message(mut self, value: &str) -> Self {
        if let Content::Error { message, .. } = &mut self.content {
            *message = Some(value.into());
        }
        self
    }

    /// Adds a response header.
    pub fn header(mut self, name: &str, value: &str) -> Self {
        self.headers.push((name.to_ascii_lowercase(), value.into()));
        self
    }

    /// `retry-after: seconds`.
    pub fn retry_after(self, seconds: u64) -> Self {
        self.header("retry-after", &seconds.to_string())
    }

    /// `retry-after-ms: millis`.
    pub fn retry_after_ms(self, millis: u64) -> Self {
        self.header("retry-after-ms", &millis.to_string())
    }

    /// Sleep this long before each write (default: as fast as possible).
    pub fn chunk_delay(mut self, delay: Duration) -> Self {
        self.chunk_delay = delay;
        self
    }

    /// Sleep this long before sending the response head.
    pub fn first_byte_delay(mut self, delay: Duration) -> Self {
        self.first_byte_delay = delay;
        self
    }

    /// Write the body one byte at a time (splits multibyte UTF-8 characters).
    pub fn one_byte_writes(mut self) -> Self {
        self.one_byte_writes = true;
        self
    }

    /// Abort the connection after `events` SSE events (no `[DONE]` / `message_stop`).
    pub fn dropped_after(mut self, events: usize) -> Self {
        self.cut = Some(Cut::Dropped(events));
        self
    }

    /// End the body cleanly after `events` SSE events, without the terminator.
    pub fn truncated_after(mut self, events: usize) -> Self {
        self.cut = Some(Cut::Truncated(events));
        self
    }

    /// Send `events` SSE events, then stall until the client gives up.
    pub fn hang_after(mut self, events: usize) -> Self {
        self.cut = Some(Cut::HangAfter(events));
        self
    }

    /// Never answer at all (not even the status line).
    pub fn hang(mut self) -> Self {
        self.hang = true;
        self
    }
}

/// One request the mock received.
#[derive(Clone)]
pub struct RecordedRequest {
    /// Request path, e.g. `/v1/chat/completions`.
    pub path: String,
    /// The query string as sent, if any (`api-key=…`).
    pub query: Option<String>,
    /// Lower-case header names; `authorization` and `x-api-key` values are `[redacted]`.
    pub headers: BTreeMap<String, String>,
    /// The JSON body (`Value::Null` if it was not JSON).
    pub body: Value,
    /// The body as received.
    pub raw: Vec<u8>,
    /// The parts of a `multipart/form-data` body, in order (empty otherwise).
    pub parts: Vec<FormPart>,
    /// Time from receiving the request to handing the last byte of the reply to the server.
    pub send_time: Option<Duration>,
    credential: Option<String>,
}

/// One part of a `multipart/form-data` request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormPart {
    pub name: String,
    pub file_name: Option<String>,
    pub content_type: Option<String>,
    pub data: Vec<u8>,
}

impl RecordedRequest {
    /// The form part named `name`.
    pub fn part(&self, name: &str) -> Option<&FormPart> {
        self.parts.iter().find(|part| part.name == name)
    }

    /// Whether the request carried exactly this key (Bearer token or x-api-key).
    pub fn credential_is(&self, key: &str) -> bool {
        self.credential.as_deref() == Some(key)
    }

    /// Whether the request carried any key at all.
    pub fn has_credential(&self) -> bool {
        self.credential.is_some()
    }

    /// A header value by lower-case name.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).map(String::as_str)
    }
}

impl std::fmt::Debug for RecordedRequest {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("RecordedRequest")
            .field("path", &self.path)
            .field("query", &self.query)
            .field("headers", &self.headers)
            .field("body", &self.body)
            .field("send_time", &self.send_time)
            .finish()
    }
}

#[derive(Default)]
pub struct Script {
    rules: Vec<(String, Reply)>,
    queue: VecDeque<Reply>,
    fallback: Option<Reply>,
    requests: Vec<RecordedRequest>,
    /// Ollama models by name, with the context length `/api/show` reports.
    ollama_models: BTreeMap<String, Option<u64>>,
    /// The token counter of the automatic prompt cache, when it is on.
    cache_counter: Option<fn(&str) -> u64>,
    /// The prompt pieces of the last request on each path (for the prompt cache).
    last_pieces: BTreeMap<String, Vec<String>>,
}

/// The script and record a server's handlers share (other mocks route to [`handle`]
/// with it, see `mock_provider.rs`).
pub type Shared = Arc<Mutex<Script>>;

/// A running mock server; it stops when the runtime that started it ends.
#[derive(Clone)]
pub struct MockLlm {
    address: SocketAddr,
    script: Shared,
}

impl MockLlm {
    /// Starts the server on 127.0.0.1 with a free port, on the current tokio runtime.
    pub async fn start() -> MockLlm {
        MockLlm::start_on(0).await
    }

    /// Starts the server on 127.0.0.1:`port` (0 = any free port).
    pub async fn start_on(port: u16) -> MockLlm {
        MockLlm::start_with(port, |routes| routes).await
    }

    /// Starts the server with `extend` applied to its routes: a provider's own routes
    /// (served by [`handle`]) and checks, as `mock_provider.rs` adds them.
    pub async fn start_with(
        port: u16,
        extend: impl FnOnce(Router<Shared>) -> Router<Shared>,
    ) -> MockLlm {
        let script: Shared = Arc::new(Mutex::new(Script::default()));
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", port))
            .await
            .expect("mock_llm: bind 127.0.0.1");
        let address = listener.local_addr().expect("mock_llm: local address");
        let app = Router::new()
            .route("/v1/chat/completions", post(handle))
            .route("/chat/completions", post(handle))
            .route("/v1/messages", post(handle))
            .route("/api/chat", post(handle))
            .route("/v1/audio/transcriptions", post(handle))
            .route("/audio/transcriptions", post(handle))
            .route("/api/show", post(ollama_show))
            .route("/api/tags", get(ollama_tags));
        // Any body a client sends is taken and recorded: a request past a model's
        // window must be seen by a test, not refused by axum's 2 MB default.
        let app = extend(app)
            .layer(axum::extract::DefaultBodyLimit::max(1 << 30))
            .with_state(script.clone());
        // No Nagle delay: tiny writes (one byte, one token) must leave at once.
        let listener = axum::serve::ListenerExt::tap_io(listener, |stream| {
            let _ = stream.set_nodelay(true);
        });
        tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        MockLlm { address, script }
    }

    /// Starts the server on its own thread and runtime (for tests that spawn processes).
    pub fn start_in_thread() -> MockLlm {
        let (sender, receiver) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(1)
                .enable_all()
                .build()
                .expect("mock_llm: runtime");
            runtime.block_on(async move {
                let mock = MockLlm::start().await;
                let _ = sender.send(mock);
                std::future::pending::<()>().await;
            });
        });
        receiver.recv().expect("mock_llm: server thread started")
    }

    /// The port it listens on.
    pub fn port(&self) -> u16 {
        self.address.port()
    }

    /// Base URL for OpenAI-compatible clients: `http://127.0.0.1:PORT/v1`.
    pub fn openai_base(&self) -> String {
        format!("http://{}/v1", self.address)
    }

    /// Base URL for Anthropic clients: `http://127.0.0.1:PORT`.
    pub fn anthropic_base(&self) -> String {
        format!("http://{}", self.address)
    }

    /// Base URL for Ollama clients: `http://127.0.0.1:PORT` (the host root).
    pub fn ollama_base(&self) -> String {
        format!("http://{}", self.address)
    }

    /// Registers an Ollama model for `/api/show` (with this context length, if any)
    /// and `/api/tags`.
    pub fn ollama_model(&self, name: &str, context_length: Option<u64>) {
        self.lock()
            .ollama_models
            .insert(name.to_string(), context_length);
    }

    /// The requests made on one path (e.g. `/api/chat`), in order.
    pub fn requests_to(&self, path: &str) -> Vec<RecordedRequest> {
        self.requests()
            .into_iter()
            .filter(|request| request.path == path)
            .collect()
    }

    /// Reports cache reads the way an automatic prefix cache would (see the top of
    /// this file), counting tokens with `count`.
    pub fn cache_prefixes(&self, count: fn(&str) -> u64) {
        self.lock().cache_counter = Some(count);
    }

    /// Queues a reply for the next request.
    pub fn push(&self, reply: Reply) {
        self.lock().queue.push_back(reply);
    }

    /// Answers every request whose body contains `needle` with `reply` (checked before the queue).
    pub fn rule(&self, needle: &str, reply: Reply) {
        self.lock().rules.push((needle.to_string(), reply));
    }

    /// Answers with `reply` whenever the queue is empty.
    pub fn fallback(&self, reply: Reply) {
        self.lock().fallback = Some(reply);
    }

    /// Every request received so far, in order.
    pub fn requests(&self) -> Vec<RecordedRequest> {
        self.lock().requests.clone()
    }

    /// Replies still queued.
    pub fn pending(&self) -> usize {
        self.lock().queue.len()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Script> {
        self.script
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// A request's prompt as the cache sees it: the system text (Anthropic's field, or
/// the first message on the OpenAI wire), then each message's text, in order.
fn prompt_pieces(body: &Value) -> Vec<String> {
    fn text_of(content: &Value) -> String {
        match content {
            Value::String(text) => text.clone(),
            Value::Array(blocks) => blocks
                .iter()
                .filter_map(|block| block.get("text").and_then(Value::as_str))
                .collect::<Vec<_>>()
                .join(""),
            _ => String::new(),
        }
    }
    let mut pieces = Vec::new();
    if let Some(system) = body.get("system") {
        pieces.push(text_of(system));
    }
    for message in body
        .get("messages")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        pieces.push(text_of(message.get("content").unwrap_or(&Value::Null)));
    }
    pieces
}

/// Answers one chat or transcription request from the script, in the wire of its path.
pub async fn handle(
    State(script): State<Shared>,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let received = Instant::now();
    let path = uri.path().to_string();
    let wire = if path.ends_with("/messages") {
        Wire::Anthropic
    } else if path == "/api/chat" {
        Wire::Ollama
    } else if path.ends_with("/audio/transcriptions") {
        Wire::Transcription
    } else {
        Wire::OpenAi
    };
    let raw = body.to_vec();
    let parts = headers
        .get("content-type")
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split("boundary=").nth(1))
        .map(|boundary| parse_multipart(&raw, boundary.trim_matches('"')))
        .unwrap_or_default();
    let body: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    let mut recorded_headers = BTreeMap::new();
    let mut credential = None;
    for (name, value) in &headers {
        let name = name.as_str().to_ascii_lowercase();
        let value = String::from_utf8_lossy(value.as_bytes()).to_string();
        if name == "authorization" || name == "x-api-key" {
            credential = Some(value.strip_prefix("Bearer ").unwrap_or(&value).to_string());
            recorded_headers.insert(name, "[redacted]".to_string());
        } else {
            recorded_headers.insert(name, value);
        }
    }
    let body_text = body.to_string();
    let (index, reply) = {
        let mut script = script
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        script.requests.push(RecordedRequest {
            path,
            query: uri.query().map(str::to_string),
            headers: recorded_headers,
            body: body.clone(),
            raw,
            parts,
            send_time: None,
            credential,
        });
        let index = script.requests.len() - 1;
        let ruled = script
            .rules
            .iter()
            .find(|(needle, _)| body_text.contains(needle.as_str()))
            .map(|(_, reply)| reply.clone());
        let mut reply = ruled
            .or_else(|| script.queue.pop_front())
            .or_else(|| script.fallback.clone());
        if let Some(count) = script.cache_counter {
            let pieces = prompt_pieces(&body);
            let path = script.requests[index].path.clone();
            let previous = script
                .last_pieces
                .insert(path, pieces.clone())
                .unwrap_or_default();
            if let Some(Reply {
                content: Content::Completion(completion),
                ..
            }) = reply.as_mut()
                && completion.usage.is_none()
            {
                let total: u64 = pieces.iter().map(|piece| count(piece)).sum();
                let read: u64 = pieces
                    .iter()
                    .zip(&previous)
                    .take_while(|(now, before)| now == before)
                    .map(|(piece, _)| count(piece))
                    .sum();
                completion.usage = Some(MockUsage {
                    input: total - read,
                    output: completion.text.len() as u64,
                    cache_read: read,
                    cache_write: 0,
                });
            }
        }
        (index, reply)
    };
    let Some(reply) = reply else {
        return error_response(
            wire,
            400,
            "invalid_request_error",
            None,
            &format!("mock_llm: no scripted reply for request #{index}"),
            None,
        );
    };
    if let Some(expected) = reply.wire
        && expected != wire
    {
        return error_response(
            wire,
            400,
            "invalid_request_error",
            None,
            &format!(
                "mock_llm: reply #{index} was scripted for {expected:?} but requested on {wire:?}"
            ),
            None,
        );
    }
    if reply.hang {
        tokio::time::sleep(Duration::from_secs(3600)).await;
    }
    if !reply.first_byte_delay.is_zero() {
        tokio::time::sleep(reply.first_byte_delay).await;
    }
    let streaming = body.get("stream").and_then(Value::as_bool).unwrap_or(false);
    let model = body
        .get("model")
        .and_then(Value::as_str)
        .unwrap_or("mock-model")
        .to_string();
    let (status, content_type, pieces) = match &reply.content {
        Content::Error {
            status,
            kind,
            code,
            message,
            anthropic_details,
        } => {
            let (default_kind, default_code, default_message) = error_defaults(wire, *status);
            let mut response = error_response(
                wire,
                *status,
                kind.as_deref().unwrap_or(default_kind),
                code.as_deref().or(default_code),
                message.as_deref().unwrap_or(default_message),
                anthropic_details.clone(),
            );
            for (name, value) in &reply.headers {
                if let (Ok(name), Ok(value)) =
                    (name.parse::<axum::http::HeaderName>(), value.parse())
                {
                    response.headers_mut().insert(name, value);
                }
            }
            record_send_time(&script, index, received);
            return response;
        }
        Content::Raw {
            status,
            content_type,
            pieces,
        } => (*status, content_type.clone(), pieces.clone()),
        Content::Completion(completion) if streaming && wire != Wire::Transcription => {
            let (content_type, events) = match wire {
                Wire::Anthropic => ("text/event-stream", anthropic_events(completion, &model)),
                Wire::Ollama => ("application/x-ndjson", ollama_lines(completion, &model)),
                _ => ("text/event-stream", openai_events(completion, &model)),
            };
            (
                200,
                content_type.to_string(),
                events.into_iter().map(String::into_bytes).collect(),
            )
        }
        Content::Completion(completion) => {
            let value = match wire {
                Wire::OpenAi => openai_json(completion, &model),
                Wire::Anthropic => anthropic_json(completion, &model),
                Wire::Ollama => ollama_json(completion, &model),
                Wire::Transcription => json!({"text": completion.text.concat()}),
            };
            (
                200,
                "application/json".to_string(),
                vec![value.to_string().into_bytes()],
            )
        }
    };
    let (pieces, cut) = match reply.cut {
        Some(Cut::Dropped(n)) | Some(Cut::Truncated(n)) | Some(Cut::HangAfter(n)) => {
            (pieces.into_iter().take(n).collect::<Vec<_>>(), reply.cut)
        }
        None => (pieces, None),
    };
    let writes: Vec<Vec<u8>> = if reply.one_byte_writes {
        pieces.concat().into_iter().map(|byte| vec![byte]).collect()
    } else {
        pieces
    };
    // One write in flight keeps single bytes apart; otherwise let the writer run ahead
    // so a fast reply is not a thread ping-pong per event.
    let capacity = if reply.one_byte_writes { 1 } else { 64 };
    let (sender, receiver) = tokio::sync::mpsc::channel::<Result<Bytes, std::io::Error>>(capacity);
    let delay = reply.chunk_delay;
    let sender_script = script.clone();
    tokio::spawn(async move {
        for write in writes {
            if !delay.is_zero() {
                tokio::time::sleep(delay).await;
            }
            if sender.send(Ok(Bytes::from(write))).await.is_err() {
                return;
            }
        }
        match cut {
            Some(Cut::Dropped(_)) => {
                // Let the server take and flush every byte before the abort, which
                // would otherwise discard what is still buffered.
                while sender.capacity() < sender.max_capacity() && !sender.is_closed() {
                    tokio::time::sleep(Duration::from_millis(1)).await;
                }
                tokio::time::sleep(Duration::from_millis(20)).await;
                let _ = sender
                    .send(Err(std::io::Error::new(
                        std::io::ErrorKind::ConnectionReset,
                        "mock_llm: dropped",
                    )))
                    .await;
            }
            Some(Cut::HangAfter(_)) => {
                // Hold the stream open until the client goes away.
                sender.closed().await;
            }
            _ => {}
        }
        record_send_time(&sender_script, index, received);
    });
    let stream = tokio_stream::wrappers::ReceiverStream::new(receiver);
    let mut builder = Response::builder()
        .status(status)
        .header("content-type", content_type)
        .header("x-request-id", format!("req_mock_{index}"))
        .header("request-id", format!("req_mock_{index}"));
    for (name, value) in &reply.headers {
        builder = builder.header(name.as_str(), value.as_str());
    }
    builder
        .body(Body::from_stream(stream))
        .unwrap_or_else(|_| Response::new(Body::empty()))
}

fn record_send_time(script: &Shared, index: usize, received: Instant) {
    let mut script = script
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(request) = script.requests.get_mut(index) {
        request.send_time = Some(received.elapsed());
    }
}

fn error_defaults(wire: Wire, status: u16) -> (&'static str, Option<&'static str>, &'static str) {
    let wire = match wire {
        Wire::Transcription => Wire::OpenAi,
        other => other,
    };
    match (wire, status) {
        (Wire::Ollama, 404) => (
            "not_found",
            None,
            "model 'mock' not found, try pulling it first",
        ),
        (Wire::Ollama, 500..) => (
            "server_error",
            None,
            "model runner has unexpectedly stopped",
        ),
        (Wire::OpenAi, 401) => (
            "invalid_request_error",
            Some("invalid_api_key"),
            "Incorrect API key provided.",
        ),
        (Wire::Anthropic, 401) => ("authentication_error", None, "invalid x-api-key"),
        (_, 403) => (
            "permission_error",
            None,
            "Your key does not have access to this resource.",
        ),
        (Wire::OpenAi, 404) => (
            "invalid_request_error",
            Some("model_not_found"),
            "The model does not exist.",
        ),
        (Wire::Anthropic, 404) => ("not_found_error", None, "model not found"),
        (Wire::OpenAi, 429) => (
            "requests",
            Some("rate_limit_exceeded"),
            "Rate limit reached for requests. Please try again in 1s.",
        ),
        (Wire::Anthropic, 429) => (
            "rate_limit_error",
            None,
            "This request would exceed your organization's rate limit.",
        ),
        (Wire::OpenAi, 503) | (Wire::OpenAi, 529) => (
            "service_unavailable_error",
            Some("server_is_overloaded"),
            "The server is overloaded.",
        ),
        (Wire::Anthropic, 529) | (Wire::Anthropic, 503) => ("overloaded_error", None, "Overloaded"),
        (Wire::OpenAi, 500..) => (
            "server_error",
            None,
            "The server had an error while processing your request.",
        ),
        (Wire::Anthropic, 500..) => ("api_error", None, "Internal server error"),
        _ => ("invalid_request_error", None, "Bad request."),
    }
}

fn error_response(
    wire: Wire,
    status: u16,
    kind: &str,
    code: Option<&str>,
    message: &str,
    anthropic_details: Option<Value>,
) -> Response {
    let body = match wire {
        Wire::OpenAi | Wire::Transcription => {
            json!({"error": {"message": message, "type": kind, "param": null, "code": code}})
        }
        // Ollama's errors are one string.
        Wire::Ollama => json!({"error": message}),
        Wire::Anthropic => {
            // The quota reply names the spend limit the Anthropic way.
            let kind = if kind == "insufficient_quota" {
                "rate_limit_error"
            } else {
                kind
            };
            let mut error = json!({"type": kind, "message": message});
            if let Some(details) = anthropic_details {
                error["details"] = details;
            }
            json!({"type": "error", "error": error, "request_id": "req_mock"})
        }
    };
    Response::builder()
        .status(StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR))
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .unwrap_or_else(|_| Response::new(Body::empty()))
}

fn usage_of(completion: &Completion) -> MockUsage {
    completion.usage.unwrap_or(MockUsage {
        output: (completion.text.len() + completion.reasoning.len()) as u64,
        ..MockUsage::default()
    })
}

fn sse_data(value: &Value) -> String {
    format!("data: {value}\n\n")
}

fn sse_event(name: &str, value: &Value) -> String {
    format!("event: {name}\ndata: {value}\n\n")
}

fn openai_chunk(model: &str, delta: Value, finish: Value) -> Value {
    json!({
        "id": "chatcmpl-mock", "object": "chat.completion.chunk", "created": 1_718_000_000, "model": model,
        "system_fingerprint": "fp_mock",
        "choices": [{"index": 0, "delta": delta, "logprobs": null, "finish_reason": finish}],
        "usage": null
    })
}

fn openai_usage(usage: MockUsage) -> Value {
    json!({
        "prompt_tokens": usage.input + usage.cache_read,
        "completion_tokens": usage.output,
        "total_tokens": usage.input + usage.cache_read + usage.output,
        "prompt_tokens_details": {"cached_tokens": usage.cache_read, "audio_tokens": 0},
        "completion_tokens_details": {"reasoning_tokens": 0, "audio_tokens": 0, "accepted_prediction_tokens": 0, "rejected_prediction_tokens": 0}
    })
}

fn openai_events(completion: &Completion, model: &str) -> Vec<String> {
    let mut events = vec![sse_data(&openai_chunk(
        model,
        json!({"role": "assistant", "content": "", "refusal": null}),
        Value::Null,
    ))];
    for piece in &completion.reasoning {
        events.push(sse_data(&openai_chunk(
            model,
            json!({"reasoning_content": piece}),
            Value::Null,
        )));
    }
    for (position, piece) in completion.text.iter().enumerate() {
        if completion.noise {
            events.push(if position % 2 == 0 {
                ": keep-alive\n\n".to_string()
            } else {
                ": PROCESSING\n\n".to_string()
            });
        }
        events.push(sse_data(&openai_chunk(
            model,
            json!({"content": piece}),
            Value::Null,
        )));
    }
    if completion.error_midstream {
        events.push(sse_data(&json!({"error": {"message": "The server had an error while processing your request.", "type": "server_error", "param": null, "code": null}})));
        return events;
    }
    let finish = openai_finish(completion);
    events.push(sse_data(&openai_chunk(model, json!({}), json!(finish))));
    let mut usage_chunk = json!({
        "id": "chatcmpl-mock", "object": "chat.completion.chunk", "created": 1_718_000_000, "model": model,
        "choices": [], "usage": openai_usage(usage_of(completion))
    });
    if completion.usage_choices_null {
        usage_chunk["choices"] = Value::Null;
    }
    events.push(sse_data(&usage_chunk));
    events.push("data: [DONE]\n\n".to_string());
    events
}

fn openai_json(completion: &Completion, model: &str) -> Value {
    let mut message = json!({"role": "assistant", "content": completion.text.concat()});
    if !completion.reasoning.is_empty() {
        message["reasoning_content"] = json!(completion.reasoning.concat());
    }
    let finish = openai_finish(completion);
    json!({
        "id": "chatcmpl-mock", "object": "chat.completion", "created": 1_718_000_000, "model": model,
        "choices": [{"index": 0, "message": message, "logprobs": null, "finish_reason": finish}],
        "usage": openai_usage(usage_of(completion))
    })
}

fn openai_finish(completion: &Completion) -> &'static str {
    match completion.stop {
        Stop::End => "stop",
        Stop::Length => "length",
        Stop::Named(name) => name,
    }
}

fn anthropic_stop(completion: &Completion) -> &'static str {
    match completion.stop {
        Stop::End => "end_turn",
        Stop::Length => "max_tokens",
        Stop::Named(name) => name,
    }
}

fn ollama_done_reason(completion: &Completion) -> &'static str {
    match completion.stop {
        Stop::End => "stop",
        Stop::Length => "length",
        Stop::Named(name) => name,
    }
}

const OLLAMA_CREATED_AT: &str = "2025-01-01T00:00:00.000000Z";

/// Ollama's stream: one JSON object per line, the last with `done: true` and the counts.
fn ollama_lines(completion: &Completion, model: &str) -> Vec<String> {
    let line = |value: Value| format!("{value}\n");
    let mut lines = Vec::new();
    for piece in &completion.reasoning {
        lines.push(line(
            json!({"model": model, "created_at": OLLAMA_CREATED_AT,
            "message": {"role": "assistant", "content": "", "thinking": piece}, "done": false}),
        ));
    }
    for piece in &completion.text {
        lines.push(line(
            json!({"model": model, "created_at": OLLAMA_CREATED_AT,
            "message": {"role": "assistant", "content": piece}, "done": false}),
        ));
    }
    if completion.error_midstream {
        lines.push(line(
            json!({"error": "model runner has unexpectedly stopped"}),
        ));
        return lines;
    }
    let usage = usage_of(completion);
    lines.push(line(
        json!({"model": model, "created_at": OLLAMA_CREATED_AT,
        "message": {"role": "assistant", "content": ""}, "done": true,
        "done_reason": ollama_done_reason(completion), "total_duration": 1_000_000,
        "load_duration": 1_000, "prompt_eval_count": usage.input, "prompt_eval_duration": 1_000,
        "eval_count": usage.output, "eval_duration": 1_000}),
    ));
    lines
}

fn ollama_json(completion: &Completion, model: &str) -> Value {
    let usage = usage_of(completion);
    let mut message = json!({"role": "assistant", "content": completion.text.concat()});
    if !completion.reasoning.is_empty() {
        message["thinking"] = json!(completion.reasoning.concat());
    }
    json!({"model": model, "created_at": OLLAMA_CREATED_AT, "message": message, "done": true,
        "done_reason": ollama_done_reason(completion), "total_duration": 1_000_000,
        "prompt_eval_count": usage.input, "eval_count": usage.output})
}

/// Records a request that takes nothing from the script.
fn record(script: &Shared, path: &str, body: &Bytes) {
    let mut script = script
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    script.requests.push(RecordedRequest {
        path: path.to_string(),
        query: None,
        headers: BTreeMap::new(),
        body: serde_json::from_slice(body).unwrap_or(Value::Null),
        raw: body.to_vec(),
        parts: Vec::new(),
        send_time: None,
        credential: None,
    });
}

fn json_response(status: u16, body: Value) -> Response {
    Response::builder()
        .status(StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR))
        .header("content-type", "application/json; charset=utf-8")
        .body(Body::from(body.to_string()))
        .unwrap_or_else(|_| Response::new(Body::empty()))
}

/// `POST /api/show`: the registered model's details, or Ollama's 404.
async fn ollama_show(State(script): State<Shared>, body: Bytes) -> Response {
    record(&script, "/api/show", &body);
    let asked: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    let name = asked
        .get("model")
        .or_else(|| asked.get("name"))
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string();
    let known = script
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .ollama_models
        .get(&name)
        .copied();
    match known {
        None => json_response(404, json!({"error": format!("model '{name}' not found")})),
        Some(length) => {
            let mut info = json!({"general.architecture": "qwen2", "general.parameter_count": 7_615_616_512u64});
            if let Some(length) = length {
                info["qwen2.context_length"] = json!(length);
            }
            json_response(
                200,
                json!({"modelfile": "FROM mock", "parameters": "", "template": "{{ .Prompt }}",
                    "details": {"format": "gguf", "family": "qwen2", "parameter_size": "7.6B",
                                "quantization_level": "Q4_K_M"},
                    "model_info": info, "capabilities": ["completion"]}),
            )
        }
    }
}

/// `GET /api/tags`: the registered models.
async fn ollama_tags(State(script): State<Shared>) -> Response {
    record(&script, "/api/tags", &Bytes::new());
    let names: Vec<String> = script
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .ollama_models
        .keys()
        .cloned()
        .collect();
    let models: Vec<Value> = names
        .iter()
        .enumerate()
        .map(|(index, name)| {
            json!({"name": name, "model": name, "modified_at": OLLAMA_CREATED_AT,
                "size": 4_683_087_332u64 + index as u64, "digest": format!("{index:064x}"),
                "details": {"parent_model": "", "format": "gguf", "family": "qwen2",
                            "families": ["qwen2"], "parameter_size": "7.6B",
                            "quantization_level": "Q4_K_M"}})
        })
        .collect();
    json_response(200, json!({"models": models}))
}

/// Splits a `multipart/form-data` body into its parts (RFC 7578), independently of
/// the client's own encoder.
fn parse_multipart(body: &[u8], boundary: &str) -> Vec<FormPart> {
    let delimiter = format!("--{boundary}");
    let delimiter = delimiter.as_bytes();
    let find = |haystack: &[u8], needle: &[u8], from: usize| {
        (from..=haystack.len().saturating_sub(needle.len()))
            .find(|&start| &haystack[start..start + needle.len()] == needle)
    };
    let mut parts = Vec::new();
    let Some(mut position) = find(body, delimiter, 0) else {
        return parts;
    };
    loop {
        let after = position + delimiter.len();
        if body[after..].starts_with(b"--") {
            return parts;
        }
        let Some(head_start) = body[after..].starts_with(b"\r\n").then_some(after + 2) else {
            return parts;
        };
        let Some(head_end) = find(body, b"\r\n\r\n", head_start) else {
            return parts;
        };
        let mut closing = delimiter.to_vec();
        closing.splice(0..0, b"\r\n".iter().copied());
        let Some(data_end) = find(body, &closing, head_end + 4) else {
            return parts;
        };
        let head = String::from_utf8_lossy(&body[head_start..head_end]).into_owned();
        let mut part = FormPart {
            name: String::new(),
            file_name: None,
            content_type: None,
            data: body[head_end + 4..data_end].to_vec(),
        };
        for line in head.split("\r\n") {
            let (field, value) = line.split_once(':').unwrap_or((line, ""));
            match field.trim().to_ascii_lowercase().as_str() {
                "content-disposition" => {
                    for parameter in value.split(';').map(str::trim) {
                        if let Some(name) = parameter.strip_prefix("name=") {
                            part.name = name.trim_matches('"').to_string();
                        } else if let Some(file) = parameter.strip_prefix("filename=") {
                            part.file_name = Some(file.trim_matches('"').to_string());
                        }
                    }
                }
                "content-type" => part.content_type = Some(value.trim().to_string()),
                _ => {}
            }
        }
        parts.push(part);
        position = data_end + 2;
    }
}

fn anthropic_events(completion: &Completion, model: &str) -> Vec<String> {
    let usage = usage_of(completion);
    let mut events = vec![sse_event(
        "message_start",
        &json!({"type": "message_start", "message": {
            "id": "msg_mock", "type": "message", "role": "assistant", "model": model, "content": [],
            "stop_reason": null, "stop_sequence": null,
            "usage": {"input_tokens": usage.input, "cache_creation_input_tokens": usage.cache_write,
                      "cache_read_input_tokens": usage.cache_read, "output_tokens": 1}
        }}),
    )];
    let mut index = 0;
    if !completion.reasoning.is_empty() {
        events.push(sse_event("content_block_start", &json!({"type": "content_block_start", "index": index, "content_block": {"type": "thinking", "thinking": ""}})));
        for piece in &completion.reasoning {
            events.push(sse_event("content_block_delta", &json!({"type": "content_block_delta", "index": index, "delta": {"type": "thinking_delta", "thinking": piece}})));
        }
        events.push(sse_event("content_block_delta", &json!({"type": "content_block_delta", "index": index, "delta": {"type": "signature_delta", "signature": "c2lnbmF0dXJl"}})));
        events.push(sse_event(
            "content_block_stop",
            &json!({"type": "content_block_stop", "index": index}),
        ));
        index += 1;
    }
    events.push(sse_event("content_block_start", &json!({"type": "content_block_start", "index": index, "content_block": {"type": "text", "text": ""}})));
    events.push(sse_event("ping", &json!({"type": "ping"})));
    for (position, piece) in completion.text.iter().enumerate() {
        if completion.noise {
            events.push(if position % 2 == 0 {
                sse_event("ping", &json!({"type": "ping"}))
            } else {
                sse_event(
                    "foo_bar",
                    &json!({"type": "foo_bar", "hello": "unknown events must be ignored"}),
                )
            });
            events.push(": a comment line\n\n".to_string());
        }
        events.push(sse_event("content_block_delta", &json!({"type": "content_block_delta", "index": index, "delta": {"type": "text_delta", "text": piece}})));
    }
    if completion.error_midstream {
        events.push(sse_event("error", &json!({"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}})));
        return events;
    }
    events.push(sse_event(
        "content_block_stop",
        &json!({"type": "content_block_stop", "index": index}),
    ));
    events.push(sse_event(
        "message_delta",
        &json!({"type": "message_delta", "delta": {"stop_reason": anthropic_stop(completion), "stop_sequence": null}, "usage": {"output_tokens": usage.output}}),
    ));
    events.push(sse_event("message_stop", &json!({"type": "message_stop"})));
    events
}

fn anthropic_json(completion: &Completion, model: &str) -> Value {
    let usage = usage_of(completion);
    let mut content = Vec::new();
    if !completion.reasoning.is_empty() {
        content.push(json!({"type": "thinking", "thinking": completion.reasoning.concat(), "signature": "c2lnbmF0dXJl"}));
    }
    content.push(json!({"type": "text", "text": completion.text.concat()}));
    json!({
        "id": "msg_mock", "type": "message", "role": "assistant", "model": model, "content": content,
        "stop_reason": anthropic_stop(completion), "stop_sequence": null,
        "usage": {"input_tokens": usage.input, "output_tokens": usage.output,
                  "cache_creation_input_tokens": usage.cache_write, "cache_read_input_tokens": usage.cache_read}
    })
}
