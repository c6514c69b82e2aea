//! Ollama's own chat API (`POST {base}/api/chat`): NDJSON streaming, `message.thinking`,
//! images as base64 strings, and a context size (`options.num_ctx`) chosen per session
//! from the model's context length (`/api/show`) and the prompts, so long prompts are
//! not silently cut. Ollama's OpenAI-compatible `/v1` stays usable as `openai/MODEL`.

use std::sync::Arc;
use std::time::Duration;

use futures::StreamExt;
use futures::stream::BoxStream;
use serde_json::{Value, json};
use tokio::sync::Mutex;

use super::error::LlmError;
use super::extra_params;
use super::models::ModelSettings;
use super::ollama_context::{Choice, ContextSize, TooLarge};
use super::ollama_show::show_context_length;
use super::provider::{ChatRequest, Provider, StopReason, StreamEvent, Usage};
use super::reasoning_tag::ReasoningTagSplitter;
use super::service::ProviderKind;
use super::sse::SseEvent;
use super::transport::{Endpoint, Framing, WireDecoder, drive};

/// Tokens a message costs beyond its text (role and template markers).
const MESSAGE_OVERHEAD: u64 = 4;

/// What the provider knows about the model's context, shared by its requests.
#[derive(Debug, Default)]
struct ContextState {
    size: ContextSize,
    /// The model's context length from `/api/show`; `Some(None)` once it answered without one.
    model_limit: Option<Option<u64>>,
}

/// A model served by Ollama, over its native API.
#[derive(Debug)]
pub struct OllamaProvider {
    name: String,
    settings: ModelSettings,
    endpoint: Arc<Endpoint>,
    streaming: bool,
    context: Arc<Mutex<ContextState>>,
}

impl OllamaProvider {
    /// A provider sending to `endpoint` (whose URL ends in `/api/chat`).
    pub fn new(settings: ModelSettings, endpoint: Endpoint, streaming: bool) -> Self {
        OllamaProvider {
            name: format!("{}/{}", settings.service, settings.api_model),
            settings,
            endpoint: Arc::new(endpoint),
            streaming,
            context: Arc::new(Mutex::new(ContextState::default())),
        }
    }
}

impl Provider for OllamaProvider {
    fn name(&self) -> &str {
        &self.name
    }

    fn stream(&self, request: ChatRequest) -> BoxStream<'static, Result<StreamEvent, LlmError>> {
        let endpoint = self.endpoint.clone();
        let settings = self.settings.clone();
        let context = self.context.clone();
        let streaming = self.streaming;
        let prepared = async move {
            let prompt = prompt_tokens(&request);
            let output = request.max_tokens.unwrap_or(settings.max_output_tokens);
            let choice = match extra_params::num_ctx(&settings.extra_params) {
                // The settings fix the size (Aider's `extra_params.num_ctx`): it is kept.
                Some(fixed) if prompt > fixed => Err(TooLarge {
                    prompt_tokens: prompt,
                    model_limit: fixed,
                }),
                Some(fixed) => Ok(Choice {
                    num_ctx: fixed,
                    raised_from: None,
                }),
                None => {
                    let limit = model_limit(&endpoint, &settings, &context).await;
                    context.lock().await.size.choose(prompt, output, limit)
                }
            };
            let choice = match choice {
                Ok(choice) => choice,
                Err(too_large) => {
                    let error = LlmError::ContextWindowExceeded {
                        provider: endpoint.label.clone(),
                        message: format!(
                            "the prompt is about {} tokens but {} takes at most {}",
                            too_large.prompt_tokens, settings.api_model, too_large.model_limit
                        ),
                    };
                    return futures::stream::iter([Err(error)]).boxed();
                }
            };
            tracing::info!(model = %settings.api_model, prompt, num_ctx = choice.num_ctx, "ollama context size");
            let notice = choice.raised_from.map(|previous| {
                Ok(StreamEvent::Notice {
                    text: format!(
                        "ollama: a {prompt}-token prompt and up to {output} tokens of reply do not fit the {previous}-token context; raising num_ctx to {} (the model reloads once)",
                        choice.num_ctx
                    ),
                })
            });
            let body = request_body(&settings, &request, streaming, choice.num_ctx);
            let tag = settings.reasoning_tag.clone();
            let reply = drive(endpoint, &body, streaming, move || {
                OllamaDecoder::new(tag.as_deref())
            });
            futures::stream::iter(notice).chain(reply).boxed()
        };
        futures::stream::once(prepared).flatten().boxed()
    }

    fn supports_prefill(&self) -> bool {
        self.settings.assistant_prefill
    }
}

/// Longest wait for `/api/show`; it only reads the model's metadata.
const SHOW_TIMEOUT: Duration = Duration::from_secs(20);

/// The model's context length: asked once from `/api/show`, else the table's window.
/// A server that cannot be reached is asked again next time.
async fn model_limit(
    endpoint: &Endpoint,
    settings: &ModelSettings,
    context: &Mutex<ContextState>,
) -> u64 {
    let known = context.lock().await.model_limit;
    let answered = match known {
        Some(answered) => answered,
        None => {
            let limit = SHOW_TIMEOUT.min(endpoint.timeouts.read);
            match show_context_length(endpoint, &settings.api_model, limit).await {
                Ok(length) => {
                    context.lock().await.model_limit = Some(length);
                    length
                }
                Err(error) => {
                    tracing::warn!(model = %settings.api_model, %error, "ollama /api/show failed; using the table's context window");
                    None
                }
            }
        }
    };
    answered.unwrap_or(settings.context_window).max(1)
}

/// The prompt's size in tokens, as counted here (cl100k), with images by Ollama's rule.
pub fn prompt_tokens(request: &ChatRequest) -> u64 {
    let text = |text: &str| crate::tokens::estimate_tokens(text) as u64;
    let mut total = text(&request.system) + MESSAGE_OVERHEAD;
    for message in &request.messages {
        total += text(&message.content) + MESSAGE_OVERHEAD;
        total += message
            .images
            .iter()
            .map(|image| image.tokens(ProviderKind::Ollama))
            .sum::<u64>();
    }
    total
}

/// The JSON body of an `/api/chat` request.
pub fn request_body(
    settings: &ModelSettings,
    request: &ChatRequest,
    streaming: bool,
    num_ctx: u64,
) -> Value {
    let mut messages = Vec::with_capacity(request.messages.len() + 1);
    if !request.system.is_empty() {
        messages.push(json!({"role": "system", "content": request.system}));
    }
    for message in &request.messages {
        let mut entry = json!({"role": message.role.name(), "content": message.content});
        if !message.images.is_empty() {
            let images: Vec<String> = message.images.iter().map(|image| image.base64()).collect();
            entry["images"] = json!(images);
        }
        messages.push(entry);
    }
    if let Some(closing) = &request.closing_system {
        let prefill = request
            .messages
            .last()
            .is_some_and(|message| message.role.name() == "assistant");
        let at = messages.len() - usize::from(prefill);
        messages.insert(at, json!({"role": "system", "content": closing}));
    }
    let mut options = json!({
        "num_ctx": num_ctx,
        "num_predict": request.max_tokens.unwrap_or(settings.max_output_tokens),
    });
    // A model that refuses a temperature gets none, whatever the request asks.
    if let Some(temperature) = settings
        .temperature
        .map(|default| request.temperature.map_or(default, f64::from))
    {
        options["temperature"] = json!(temperature);
    }
    let mut body = json!({
        "model": settings.api_model,
        "messages": messages,
        "stream": streaming,
        "options": options,
    });
    extra_params::apply_to_ollama(&mut body, &settings.extra_params);
    body
}

/// A `done_reason` as a [`StopReason`].
pub fn stop_reason(reason: &str) -> StopReason {
    match reason {
        "stop" => StopReason::End,
        "length" => StopReason::Length,
        other => StopReason::Other(other.to_string()),
    }
}

/// Decodes `/api/chat` NDJSON lines and plain replies.
pub struct OllamaDecoder {
    splitter: Option<ReasoningTagSplitter>,
}

impl OllamaDecoder {
    /// A decoder; with `reasoning_tag`, text inside `<tag>…</tag>` becomes reasoning.
    pub fn new(reasoning_tag: Option<&str>) -> Self {
        OllamaDecoder {
            splitter: reasoning_tag.map(ReasoningTagSplitter::new),
        }
    }

    /// Handles one reply object; true when it was the last (`done: true`).
    fn object(&mut self, value: &Value, out: &mut Vec<StreamEvent>) -> Result<bool, String> {
        if let Some(error) = value.get("error").filter(|error| !error.is_null()) {
            let text = error
                .as_str()
                .map_or_else(|| error.to_string(), str::to_string);
            return Err(format!("the server sent an error mid-reply: {text}"));
        }
        let field = |name: &str| {
            value
                .pointer(&format!("/message/{name}"))
                .and_then(Value::as_str)
                .filter(|text| !text.is_empty())
        };
        if let Some(thinking) = field("thinking") {
            out.push(StreamEvent::Reasoning(thinking.to_string()));
        }
        if let Some(text) = field("content") {
            match &mut self.splitter {
                Some(splitter) => splitter.push(text, out),
                None => out.push(StreamEvent::Text(text.to_string())),
            }
        }
        if value.get("done").and_then(Value::as_bool) != Some(true) {
            return Ok(false);
        }
        if let Some(splitter) = &mut self.splitter {
            splitter.finish(out);
        }
        let count = |name: &str| value.get(name).and_then(Value::as_u64).unwrap_or(0);
        out.push(StreamEvent::Finished {
            usage: Usage {
                input_tokens: count("prompt_eval_count"),
                output_tokens: count("eval_count"),
                ..Usage::default()
            },
            stop: value
                .get("done_reason")
                .and_then(Value::as_str)
                .map_or(StopReason::End, stop_reason),
        });
        Ok(true)
    }
}

impl WireDecoder for OllamaDecoder {
    fn framing(&self) -> Framing {
        Framing::Lines
    }

    fn event(&mut self, event: SseEvent, out: &mut Vec<StreamEvent>) -> Result<bool, String> {
        let value: Value = serde_json::from_str(&event.data)
            .map_err(|error| format!("a line is not JSON ({error})"))?;
        self.object(&value, out)
    }

    fn body(&mut self, body: &Value, out: &mut Vec<StreamEvent>) -> Result<(), String> {
        if self.object(body, out)? {
            Ok(())
        } else {
            Err("the reply is not marked done".into())
        }
    }

    fn terminator(&self) -> &'static str {
        "the final `done: true` line"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::llm::ndjson::LineDecoder;

    fn decode_all(input: &[u8], split: usize) -> (Vec<StreamEvent>, bool) {
        let mut lines = LineDecoder::new();
        let mut decoder = OllamaDecoder::new(None);
        let mut out = Vec::new();
        let mut done = false;
        let mut frames = lines.push(&input[..split]);
        frames.extend(lines.push(&input[split..]));
        frames.extend(lines.finish());
        for data in frames {
            done = decoder
                .event(SseEvent { event: None, data }, &mut out)
                .unwrap();
        }
        (out, done)
    }

    #[test]
    fn every_byte_split_decodes_the_same_reply() {
        let input = concat!(
            r#"{"model":"q","created_at":"t","message":{"role":"assistant","content":"","thinking":"plan ✓"},"done":false}"#,
            "\n",
            r#"{"model":"q","created_at":"t","message":{"role":"assistant","content":"héllo 🎉"},"done":false}"#,
            "\n",
            r#"{"model":"q","created_at":"t","message":{"role":"assistant","content":""},"done":true,"done_reason":"length","total_duration":5,"prompt_eval_count":12,"eval_count":3}"#,
            "\n"
        )
        .as_bytes();
        let (whole, done) = decode_all(input, 0);
        assert!(done);
        assert_eq!(
            whole,
            vec![
                StreamEvent::Reasoning("plan ✓".into()),
                StreamEvent::Text("héllo 🎉".into()),
                StreamEvent::Finished {
                    usage: Usage {
                        input_tokens: 12,
                        output_tokens: 3,
                        ..Usage::default()
                    },
                    stop: StopReason::Length,
                },
            ]
        );
        for split in 0..=input.len() {
            assert_eq!(
                decode_all(input, split),
                (whole.clone(), true),
                "split at {split}"
            );
        }
    }

    #[test]
    fn an_error_line_is_an_error() {
        let mut decoder = OllamaDecoder::new(None);
        let event = SseEvent {
            event: None,
            data: r#"{"error":"model runner has unexpectedly stopped"}"#.into(),
        };
        let error = decoder.event(event, &mut Vec::new()).unwrap_err();
        assert!(error.contains("unexpectedly stopped"), "{error}");
    }
}
