//! OpenAI Chat Completions (`POST {base}/chat/completions`), the wire shared by OpenAI,
//! OpenRouter, DeepSeek, Groq, Mistral, Gemini's compatible endpoint, vLLM, Ollama's
//! `/v1`, …

use std::borrow::Cow;
use std::sync::Arc;

use futures::stream::BoxStream;
use serde::Deserialize;
use serde::de::IgnoredAny;
use serde_json::{Value, json};

use crate::conversation::Role;

use super::error::LlmError;
use super::extra_params;
use super::models::ModelSettings;
use super::provider::{ChatMessage, ChatRequest, Provider, StopReason, StreamEvent, Usage};
use super::reasoning_tag::ReasoningTagSplitter;
use super::sse::SseEvent;
use super::transport::{Endpoint, WireDecoder, drive};

/// A model reached over the OpenAI-compatible wire.
#[derive(Debug)]
pub struct OpenAiProvider {
    name: String,
    settings: ModelSettings,
    endpoint: Arc<Endpoint>,
    streaming: bool,
}

impl OpenAiProvider {
    /// A provider sending to `endpoint` (whose URL ends in `/chat/completions`).
    pub fn new(settings: ModelSettings, endpoint: Endpoint, streaming: bool) -> Self {
        OpenAiProvider {
            name: format!("{}/{}", settings.service, settings.api_model),
            settings,
            endpoint: Arc::new(endpoint),
            streaming,
        }
    }
}

impl Provider for OpenAiProvider {
    fn name(&self) -> &str {
        &self.name
    }

    fn stream(&self, request: ChatRequest) -> BoxStream<'static, Result<StreamEvent, LlmError>> {
        let body = request_body(&self.settings, &request, self.streaming);
        let tag = self.settings.reasoning_tag.clone();
        drive(self.endpoint.clone(), &body, self.streaming, move || {
            OpenAiDecoder::new(tag.as_deref())
        })
    }

    fn supports_prefill(&self) -> bool {
        self.settings.assistant_prefill
    }
}

/// The JSON body of a chat completion request.
pub fn request_body(settings: &ModelSettings, request: &ChatRequest, streaming: bool) -> Value {
    let mut messages = Vec::with_capacity(request.messages.len() + 1);
    if !request.system.is_empty() {
        messages.push(json!({"role": "system", "content": request.system}));
    }
    let last = request.messages.len().saturating_sub(1);
    for (position, message) in request.messages.iter().enumerate() {
        let role = message.role.name();
        let mut entry = json!({"role": role, "content": content(message)});
        // DeepSeek and Mistral continue a final assistant message only when it is marked.
        if settings.assistant_prefill && position == last && message.role == Role::Assistant {
            entry["prefix"] = json!(true);
        }
        messages.push(entry);
    }
    if let Some(closing) = &request.closing_system {
        let prefill = request
            .messages
            .last()
            .is_some_and(|message| message.role == Role::Assistant);
        let at = messages.len() - usize::from(prefill);
        messages.insert(at, json!({"role": "system", "content": closing}));
    }
    let mut body = json!({
        "model": settings.api_model,
        "messages": messages,
        "stream": streaming,
    });
    if streaming {
        body["stream_options"] = json!({"include_usage": true});
    }
    // A model that refuses a temperature gets none, whatever the request asks.
    if let Some(temperature) = settings
        .temperature
        .map(|default| request.temperature.map_or(default, f64::from))
    {
        body["temperature"] = json!(temperature);
    }
    if let Some(effort) = &request.reasoning_effort
        && settings.accepts_reasoning_effort
    {
        body["reasoning_effort"] = json!(effort);
    }
    if let Some(max_tokens) = request.max_tokens {
        let field = if settings.openai_reasoning {
            "max_completion_tokens"
        } else {
            "max_tokens"
        };
        body[field] = json!(max_tokens);
    }
    extra_params::apply_to_body(&mut body, &settings.extra_params);
    body
}

/// A message's `content`: its text, or with images an array of parts (text first).
fn content(message: &ChatMessage) -> Value {
    if message.images.is_empty() {
        return json!(message.content);
    }
    let mut parts = Vec::with_capacity(message.images.len() + 1);
    if !message.content.is_empty() {
        parts.push(json!({"type": "text", "text": message.content}));
    }
    for image in &message.images {
        parts.push(json!({"type": "image_url", "image_url": {"url": image.data_url()}}));
    }
    json!(parts)
}

/// Decodes `chat.completion.chunk` events and plain `chat.completion` bodies.
pub struct OpenAiDecoder {
    usage: Usage,
    stop: Option<StopReason>,
    splitter: Option<ReasoningTagSplitter>,
}

impl OpenAiDecoder {
    /// A decoder; with `reasoning_tag`, text inside `<tag>…</tag>` becomes reasoning.
    pub fn new(reasoning_tag: Option<&str>) -> Self {
        OpenAiDecoder {
            usage: Usage::default(),
            stop: None,
            splitter: reasoning_tag.map(ReasoningTagSplitter::new),
        }
    }

    fn text(&mut self, text: &str, out: &mut Vec<StreamEvent>) {
        if text.is_empty() {
            return;
        }
        match &mut self.splitter {
            Some(splitter) => splitter.push(text, out),
            None => out.push(StreamEvent::Text(text.to_string())),
        }
    }

    fn read_usage(&mut self, usage: &Value) {
        let number = |pointer: &str| usage.pointer(pointer).and_then(Value::as_u64);
        let prompt = number("/prompt_tokens").unwrap_or(0);
        // OpenAI reports cached tokens in the details; DeepSeek as cache hits. Both are part of the prompt.
        let cached = number("/prompt_tokens_details/cached_tokens")
            .or_else(|| number("/prompt_cache_hit_tokens"))
            .unwrap_or(0)
            .min(prompt);
        self.usage = Usage {
            input_tokens: prompt - cached,
            output_tokens: number("/completion_tokens").unwrap_or(0),
            cache_read_tokens: cached,
            cache_write_tokens: 0,
        };
    }

    fn finish(&mut self, out: &mut Vec<StreamEvent>) {
        if let Some(splitter) = &mut self.splitter {
            splitter.finish(out);
        }
        out.push(StreamEvent::Finished {
            usage: self.usage,
            stop: self.stop.clone().unwrap_or(StopReason::End),
        });
    }
}

/// A `finish_reason` as a [`StopReason`].
pub fn stop_reason(reason: &str) -> StopReason {
    match reason {
        "stop" => StopReason::End,
        "length" => StopReason::Length,
        "content_filter" => StopReason::ContentFilter,
        "tool_calls" | "function_call" => StopReason::ToolUse,
        other => StopReason::Other(other.to_string()),
    }
}

fn error_text(error: &Value) -> String {
    match error {
        Value::String(message) => message.clone(),
        _ => {
            let kind = error.get("type").and_then(Value::as_str).unwrap_or("error");
            let message = error
                .get("message")
                .and_then(Value::as_str)
                .unwrap_or("no message");
            format!("{kind}: {message}")
        }
    }
}

/// The usual content chunk (one choice, no usage, no error), read without building a
/// JSON tree; anything else takes the general path.
#[derive(Deserialize)]
struct ContentChunk<'a> {
    #[serde(borrow)]
    choices: [ContentChoice<'a>; 1],
    #[serde(default)]
    usage: Option<IgnoredAny>,
    #[serde(default)]
    error: Option<IgnoredAny>,
}

#[derive(Deserialize)]
struct ContentChoice<'a> {
    #[serde(default)]
    index: u64,
    #[serde(borrow, default)]
    delta: ContentDelta<'a>,
    #[serde(borrow, default)]
    finish_reason: Option<Cow<'a, str>>,
}

#[derive(Deserialize, Default)]
struct ContentDelta<'a> {
    #[serde(borrow, default)]
    content: Option<Cow<'a, str>>,
    #[serde(borrow, default)]
    reasoning_content: Option<Cow<'a, str>>,
    #[serde(borrow, default)]
    reasoning: Option<Cow<'a, str>>,
}

impl OpenAiDecoder {
    /// Handles `data` if it is a plain content chunk; false sends it down the general path.
    fn fast_content_chunk(&mut self, data: &str, out: &mut Vec<StreamEvent>) -> bool {
        let Ok(chunk) = serde_json::from_str::<ContentChunk>(data) else {
            return false;
        };
        let [choice] = chunk.choices;
        if chunk.usage.is_some() || chunk.error.is_some() || choice.index != 0 {
            return false;
        }
        let delta = choice.delta;
        if let Some(reasoning) = delta
            .reasoning_content
            .or(delta.reasoning)
            .filter(|text| !text.is_empty())
        {
            out.push(StreamEvent::Reasoning(reasoning.into_owned()));
        }
        if let Some(text) = delta.content {
            self.text(&text, out);
        }
        if let Some(reason) = choice.finish_reason {
            self.stop = Some(stop_reason(&reason));
        }
        true
    }
}

impl WireDecoder for OpenAiDecoder {
    fn event(&mut self, event: SseEvent, out: &mut Vec<StreamEvent>) -> Result<bool, String> {
        let data = event.data.trim();
        if data.starts_with("[DONE]") {
            self.finish(out);
            return Ok(true);
        }
        if data.is_empty() {
            return Ok(false);
        }
        if event.event.is_none() && self.fast_content_chunk(data, out) {
            return Ok(false);
        }
        let chunk: Option<Value> = serde_json::from_str(data).ok();
        let error = chunk
            .as_ref()
            .and_then(|chunk| chunk.get("error"))
            .filter(|error| !error.is_null());
        if let Some(error) = error {
            return Err(format!(
                "the server sent an error mid-reply: {}",
                error_text(error)
            ));
        }
        // Some compatible servers name the event instead of sending an `error` key.
        if event.event.as_deref() == Some("error") {
            return Err(format!("the server sent an error mid-reply: {data}"));
        }
        let chunk = chunk.ok_or_else(|| format!("a chunk is not JSON: {data}"))?;
        // `choices` may be missing or null on the usage chunk (vLLM and others).
        if let Some(choices) = chunk.get("choices").and_then(Value::as_array) {
            for choice in choices
                .iter()
                .filter(|choice| choice.get("index").and_then(Value::as_u64).unwrap_or(0) == 0)
            {
                if let Some(delta) = choice.get("delta") {
                    let reasoning = delta
                        .get("reasoning_content")
                        .or_else(|| delta.get("reasoning"))
                        .and_then(Value::as_str)
                        .unwrap_or("");
                    if !reasoning.is_empty() {
                        out.push(StreamEvent::Reasoning(reasoning.to_string()));
                    }
                    if let Some(text) = delta.get("content").and_then(Value::as_str) {
                        self.text(text, out);
                    }
                }
                if let Some(reason) = choice.get("finish_reason").and_then(Value::as_str) {
                    self.stop = Some(stop_reason(reason));
                }
            }
        }
        if let Some(usage) = chunk.get("usage").filter(|usage| usage.is_object()) {
            self.read_usage(usage);
        }
        Ok(false)
    }

    fn body(&mut self, body: &Value, out: &mut Vec<StreamEvent>) -> Result<(), String> {
        let choice = body
            .get("choices")
            .and_then(Value::as_array)
            .and_then(|choices| choices.first())
            .ok_or("the reply has no choices")?;
        let message = choice
            .get("message")
            .ok_or("the reply's choice has no message")?;
        if let Some(reasoning) = message
            .get("reasoning_content")
            .or_else(|| message.get("reasoning"))
            .and_then(Value::as_str)
            .filter(|reasoning| !reasoning.is_empty())
        {
            out.push(StreamEvent::Reasoning(reasoning.to_string()));
        }
        if let Some(text) = message.get("content").and_then(Value::as_str) {
            self.text(text, out);
        }
        if let Some(reason) = choice.get("finish_reason").and_then(Value::as_str) {
            self.stop = Some(stop_reason(reason));
        }
        if let Some(usage) = body.get("usage").filter(|usage| usage.is_object()) {
            self.read_usage(usage);
        }
        self.finish(out);
        Ok(())
    }

    fn terminator(&self) -> &'static str {
        "[DONE]"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(data: &str) -> Vec<StreamEvent> {
        let mut decoder = OpenAiDecoder::new(None);
        let mut out = Vec::new();
        let event = SseEvent {
            event: None,
            data: data.to_string(),
        };
        assert_eq!(decoder.event(event, &mut out), Ok(false));
        decoder.finish(&mut out);
        out
    }

    #[test]
    fn fast_and_general_paths_agree() {
        let chunks = [
            r#"{"id":"x","choices":[{"index":0,"delta":{"content":"a\n\"b\" ✓"},"finish_reason":null}],"usage":null}"#,
            r#"{"choices":[{"index":0,"delta":{"reasoning_content":"why"},"finish_reason":"length"}]}"#,
            r#"{"choices":[{"index":0,"delta":{"content":"x","reasoning":{"effort":"high"}}}]}"#,
        ];
        for chunk in chunks {
            let mut fast = OpenAiDecoder::new(None);
            let mut fast_out = Vec::new();
            let handled = fast.fast_content_chunk(chunk, &mut fast_out);
            fast.finish(&mut fast_out);
            let mut general = Vec::new();
            let mut decoder = OpenAiDecoder::new(None);
            // The general path, forced by naming the event.
            let event = SseEvent {
                event: Some("message".into()),
                data: chunk.to_string(),
            };
            assert_eq!(decoder.event(event, &mut general), Ok(false));
            decoder.finish(&mut general);
            if handled {
                assert_eq!(fast_out, general, "{chunk}");
            }
            assert_eq!(decode(chunk), general, "{chunk}");
        }
        // A reasoning object is not a string: the fast path declines it.
        assert!(!OpenAiDecoder::new(None).fast_content_chunk(chunks[2], &mut Vec::new()));
    }
}
