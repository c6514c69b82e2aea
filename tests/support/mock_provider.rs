//! One loopback mock per provider, each checking its own route and its own
//! authentication before the scripted reply (`mock_llm.rs`) is sent: an
//! OpenAI-compatible service takes only `Authorization: Bearer KEY` at
//! `{its base path}/chat/completions`; Anthropic only `x-api-key` at `/v1/messages`;
//! Azure only `api-key: KEY` (or an Entra ID bearer token) at a deployment's route with
//! an `api-version`, or at its v1 route with the deployment named in `model`; Ollama
//! takes no key at `/api/chat`. A wrong or missing key gets that provider's 401 body,
//! another path its 404 — and every request that reached the server, refused or not,
//! is kept whole (`seen`), so a test can tell that nothing went where it should not.
//!
//! ```ignore
//! let azure = ProviderMock::azure("azure-key", None).await;
//! azure.llm.push(azure_reply(["Hello"]));       // Azure's stream, empty-choices chunk first
//! std::env::set_var("AZURE_API_BASE", azure.base());
//! assert!(azure.seen().iter().all(|request| !request.carries("openai-key")));
//! ```
#![allow(dead_code)]

use std::sync::{Arc, Mutex};

use axum::Router;
use axum::body::Body;
use axum::extract::Request;
use axum::http::{HeaderMap, StatusCode};
use axum::middleware::{self, Next};
use axum::response::Response;
use serde_json::{Value, json};

use super::mock_llm::{MockLlm, Reply, Shared, handle};

/// How a provider's mock wants to be called.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Guard {
    /// `Authorization: Bearer KEY` (OpenAI and the OpenAI-compatible services).
    Bearer(String),
    /// `x-api-key: KEY` (Anthropic).
    AnthropicKey(String),
    /// `api-key: KEY`, or `Authorization: Bearer TOKEN` when a token is set (Azure).
    Azure { key: String, token: Option<String> },
    /// Any caller, with or without a key (Ollama, LM Studio).
    Open,
}

/// Where the chat route is.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Route {
    /// These paths exactly (`{base path}/chat/completions`, `/v1/messages`, Ollama's three).
    Exact(Vec<String>),
    /// Azure's deployment route (`api-version` required) or its v1 route.
    Azure,
}

/// One request as it reached the server, before any check.
#[derive(Debug, Clone)]
pub struct Seen {
    pub path: String,
    pub query: Option<String>,
    /// Every header, lower-case name and value as sent (keys included: tests only).
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Seen {
    /// Whether `secret` appears anywhere in the request: a header, the query, the body.
    pub fn carries(&self, secret: &str) -> bool {
        self.headers.iter().any(|(_, value)| value.contains(secret))
            || self
                .query
                .as_deref()
                .is_some_and(|query| query.contains(secret))
            || self.body.contains(secret)
    }

    /// A header's value by lower-case name.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(header, _)| header == name)
            .map(|(_, value)| value.as_str())
    }
}

/// A running provider mock: the scripted server and what reached it.
#[derive(Clone)]
pub struct ProviderMock {
    /// The script (`push`, `rule`, `fallback`) and the requests that passed the checks.
    pub llm: MockLlm,
    base_path: String,
    seen: Arc<Mutex<Vec<Seen>>>,
}

#[derive(Clone)]
struct Checks {
    guard: Guard,
    route: Route,
    seen: Arc<Mutex<Vec<Seen>>>,
}

impl ProviderMock {
    /// An OpenAI-compatible service at `base_path` (`/v1`, `/inference/v1`, `""`, …)
    /// taking `key` as a bearer token.
    pub async fn compatible(base_path: &str, key: &str) -> ProviderMock {
        let route = Route::Exact(vec![format!("{base_path}/chat/completions")]);
        ProviderMock::start(base_path, route, Guard::Bearer(key.into())).await
    }

    /// An OpenAI-compatible local server at `base_path` that takes any caller (LM Studio).
    pub async fn open_compatible(base_path: &str) -> ProviderMock {
        let route = Route::Exact(vec![format!("{base_path}/chat/completions")]);
        ProviderMock::start(base_path, route, Guard::Open).await
    }

    /// Anthropic's Messages API taking `key` as `x-api-key`.
    pub async fn anthropic(key: &str) -> ProviderMock {
        let route = Route::Exact(vec!["/v1/messages".into()]);
        ProviderMock::start("", route, Guard::AnthropicKey(key.into())).await
    }

    /// Ollama's `/api/chat` (and `/api/show`, `/api/tags`), no key.
    pub async fn ollama() -> ProviderMock {
        let paths = ["/api/chat", "/api/show", "/api/tags"].map(String::from);
        ProviderMock::start("", Route::Exact(paths.to_vec()), Guard::Open).await
    }

    /// An Azure OpenAI resource taking `key` in `api-key`, and `token` (if any) as a
    /// bearer token.
    pub async fn azure(key: &str, token: Option<&str>) -> ProviderMock {
        ProviderMock::azure_on(0, key, token).await
    }

    /// [`ProviderMock::azure`] on 127.0.0.1:`port` (0: any free port).
    pub async fn azure_on(port: u16, key: &str, token: Option<&str>) -> ProviderMock {
        let guard = Guard::Azure {
            key: key.into(),
            token: token.map(str::to_string),
        };
        ProviderMock::start_on(port, "", Route::Azure, guard).await
    }

    async fn start(base_path: &str, route: Route, guard: Guard) -> ProviderMock {
        ProviderMock::start_on(0, base_path, route, guard).await
    }

    async fn start_on(port: u16, base_path: &str, route: Route, guard: Guard) -> ProviderMock {
        let seen = Arc::new(Mutex::new(Vec::new()));
        let checks = Checks {
            guard,
            route,
            seen: seen.clone(),
        };
        let llm = MockLlm::start_with(port, move |routes: Router<Shared>| {
            routes
                .fallback(handle)
                .layer(middleware::from_fn(move |request, next| {
                    let checks = checks.clone();
                    async move { checks.check(request, next).await }
                }))
        })
        .await;
        ProviderMock {
            llm,
            base_path: base_path.to_string(),
            seen,
        }
    }

    /// The base URL its client is pointed at: `http://127.0.0.1:PORT{base path}`.
    pub fn base(&self) -> String {
        format!("http://127.0.0.1:{}{}", self.llm.port(), self.base_path)
    }

    /// Every request that reached the server, refused or not, in order.
    pub fn seen(&self) -> Vec<Seen> {
        self.seen_since(0)
    }

    /// The requests from the `first`-th on.
    pub fn seen_since(&self, first: usize) -> Vec<Seen> {
        let seen = self.lock_seen();
        seen.get(first..).unwrap_or_default().to_vec()
    }

    /// How many requests reached the server.
    pub fn seen_count(&self) -> usize {
        self.lock_seen().len()
    }

    fn lock_seen(&self) -> std::sync::MutexGuard<'_, Vec<Seen>> {
        self.seen
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl Checks {
    async fn check(self, request: Request, next: Next) -> Response {
        let (parts, body) = request.into_parts();
        let bytes = axum::body::to_bytes(body, 64 << 20)
            .await
            .unwrap_or_default();
        let seen = Seen {
            path: parts.uri.path().to_string(),
            query: parts.uri.query().map(str::to_string),
            headers: parts
                .headers
                .iter()
                .map(|(name, value)| {
                    (
                        name.as_str().to_string(),
                        String::from_utf8_lossy(value.as_bytes()).into_owned(),
                    )
                })
                .collect(),
            body: String::from_utf8_lossy(&bytes).into_owned(),
        };
        self.seen
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .push(seen.clone());
        if let Some(refusal) = self.refusal(&seen, &parts.headers) {
            return refusal;
        }
        next.run(Request::from_parts(parts, Body::from(bytes)))
            .await
    }

    /// The provider's own answer to a request on the wrong route or with the wrong key.
    fn refusal(&self, seen: &Seen, headers: &HeaderMap) -> Option<Response> {
        let azure = matches!(self.guard, Guard::Azure { .. });
        if let Some(reason) = self.route_problem(seen) {
            return Some(if azure {
                azure_error(404, "404", reason)
            } else {
                openai_error(404, "invalid_request_error", None, reason)
            });
        }
        let header = |name: &str| headers.get(name).and_then(|value| value.to_str().ok());
        let bearer = header("authorization").and_then(|value| value.strip_prefix("Bearer "));
        let accepted = match &self.guard {
            Guard::Open => true,
            Guard::Bearer(key) => bearer == Some(key.as_str()),
            Guard::AnthropicKey(key) => header("x-api-key") == Some(key.as_str()),
            Guard::Azure { key, token } => {
                header("api-key") == Some(key.as_str())
                    || (token.is_some() && bearer == token.as_deref())
            }
        };
        if accepted {
            return None;
        }
        Some(match self.guard {
            Guard::Azure { .. } => azure_error(
                401,
                "401",
                "Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.",
            ),
            Guard::AnthropicKey(_) => json_response(
                401,
                json!({"type": "error", "error": {"type": "authentication_error", "message": "invalid x-api-key"}}),
            ),
            _ => openai_error(
                401,
                "invalid_request_error",
                Some("invalid_api_key"),
                "Incorrect API key provided.",
            ),
        })
    }

    fn route_problem(&self, seen: &Seen) -> Option<&'static str> {
        let azure_deployment = |path: &str| {
            let rest = path.strip_prefix("/openai/deployments/")?;
            let (deployment, tail) = rest.split_once('/')?;
            (!deployment.is_empty() && tail == "chat/completions").then_some(())
        };
        match &self.route {
            Route::Exact(paths) if paths.contains(&seen.path) => None,
            Route::Exact(_) => Some("Not found"),
            Route::Azure if azure_deployment(&seen.path).is_some() => {
                let versioned = seen
                    .query
                    .as_deref()
                    .unwrap_or("")
                    .split('&')
                    .any(|pair| pair.starts_with("api-version=") && pair.len() > 12);
                (!versioned).then_some("Resource not found")
            }
            Route::Azure if seen.path == "/openai/v1/chat/completions" => {
                let body: Value = serde_json::from_str(&seen.body).unwrap_or(Value::Null);
                let named = body.get("model").and_then(Value::as_str).is_some();
                (!named).then_some("Resource not found")
            }
            Route::Azure => Some("Resource not found"),
        }
    }
}

fn json_response(status: u16, body: Value) -> Response {
    Response::builder()
        .status(StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR))
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .unwrap_or_else(|_| Response::new(Body::empty()))
}

fn openai_error(status: u16, kind: &str, code: Option<&str>, message: &str) -> Response {
    json_response(
        status,
        json!({"error": {"message": message, "type": kind, "param": null, "code": code}}),
    )
}

/// Azure's error envelope: a string code and a message.
fn azure_error(status: u16, code: &str, message: &str) -> Response {
    json_response(status, json!({"error": {"code": code, "message": message}}))
}

/// Azure's streamed reply: a first chunk with `choices: []` carrying the prompt's
/// filter results, the text with per-choice filter results, then `finish` (`stop`,
/// `length`, `content_filter`), usage and `[DONE]`.
pub fn azure_stream<I, S>(pieces: I, finish: &str) -> Reply
where
    I: IntoIterator<Item = S>,
    S: Into<String>,
{
    let safe = json!({"hate": {"filtered": false, "severity": "safe"},
        "self_harm": {"filtered": false, "severity": "safe"},
        "sexual": {"filtered": false, "severity": "safe"},
        "violence": {"filtered": false, "severity": "safe"}});
    let data = |value: Value| format!("data: {value}\n\n");
    let mut events = vec![data(
        json!({"choices": [], "created": 0, "id": "", "model": "",
        "object": "", "prompt_filter_results": [{"prompt_index": 0, "content_filter_results": safe}]}),
    )];
    let chunk = |delta: Value, finish: Value| {
        json!({"id": "chatcmpl-azure", "object": "chat.completion.chunk", "created": 1_718_000_000,
            "model": "gpt-4o-2024-08-06", "system_fingerprint": "fp_azure",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish,
                "logprobs": null, "content_filter_results": safe}]})
    };
    events.push(data(chunk(
        json!({"role": "assistant", "content": ""}),
        Value::Null,
    )));
    for piece in pieces {
        events.push(data(chunk(json!({"content": piece.into()}), Value::Null)));
    }
    events.push(data(chunk(json!({}), json!(finish))));
    events.push(data(
        json!({"id": "chatcmpl-azure", "object": "chat.completion.chunk",
        "created": 1_718_000_000, "model": "gpt-4o-2024-08-06", "choices": [],
        "usage": {"prompt_tokens": 120, "completion_tokens": 7, "total_tokens": 127}}),
    ));
    events.push("data: [DONE]\n\n".to_string());
    Reply::raw_sse(events)
}

/// A whole Azure reply that finishes normally.
pub fn azure_reply<I, S>(pieces: I) -> Reply
where
    I: IntoIterator<Item = S>,
    S: Into<String>,
{
    azure_stream(pieces, "stop")
}

/// Azure's 400 when the content filter refuses the prompt.
pub fn azure_content_filter() -> Reply {
    let body = json!({"error": {"message": "The response was filtered due to the prompt triggering Azure OpenAI's content management policy. Please modify your prompt and retry.",
        "type": null, "param": "prompt", "code": "content_filter", "status": 400,
        "innererror": {"code": "ResponsibleAIPolicyViolation", "content_filter_result": {
            "hate": {"filtered": false, "severity": "safe"},
            "jailbreak": {"filtered": false, "detected": false},
            "self_harm": {"filtered": false, "severity": "safe"},
            "sexual": {"filtered": false, "severity": "safe"},
            "violence": {"filtered": true, "severity": "high"}}}}});
    Reply::raw(400, "application/json", vec![body.to_string().into_bytes()])
}

/// Azure's 429 for a rate limit, asking for a wait in `retry-after-ms` (and seconds).
pub fn azure_rate_limited(millis: u64) -> Reply {
    let body = json!({"error": {"code": "429", "message": "Requests to the ChatCompletions_Create Operation under Azure OpenAI API version 2025-02-01-preview have exceeded token rate limit of your current OpenAI S0 pricing tier. Please retry after 1 second."}});
    Reply::raw(429, "application/json", vec![body.to_string().into_bytes()])
        .retry_after_ms(millis)
        .retry_after(1)
}
