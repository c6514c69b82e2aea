//! Anthropic Messages (`POST {base}/v1/messages`): top-level `system`, `max_tokens`
//! always, prompt-caching breakpoints, image blocks, extended thinking, and cache token
//! counts read back from usage.

use std::sync::Arc;

use futures::stream::BoxStream;
use serde_json::{Value, json};

use crate::conversation::Role;

use super::error::LlmError;
use super::extra_params;
use super::models::ModelSettings;
use super::provider::{ChatMessage, ChatRequest, Provider, StopReason, StreamEvent, Usage};
use super::sse::SseEvent;
use super::transport::{Endpoint, WireDecoder, drive};

/// The API version header value this client speaks.
pub const API_VERSION: &str = "2023-06-01";
/// Anthropic accepts at most this many `cache_control` breakpoints per request.
pub const MAX_CACHE_BREAKPOINTS: usize = 4;

/// A Claude model over the Messages API.
#[derive(Debug)]
pub struct AnthropicProvider {
    name: String,
    settings: ModelSettings,
    endpoint: Arc<Endpoint>,
    streaming: bool,
}

impl AnthropicProvider {
    /// A provider sending to `endpoint` (whose URL ends in `/v1/messages`).
    pub fn new(settings: ModelSettings, endpoint: Endpoint, streaming: bool) -> Self {
        AnthropicProvider {
            name: format!("{}/{}", settings.service, settings.api_model),
            settings,
            endpoint: Arc::new(endpoint),
            streaming,
        }
    }
}

impl Provider for AnthropicProvider {
    fn name(&self) -> &str {
        &self.name
    }

    fn stream(&self, request: ChatRequest) -> BoxStream<'static, Result<StreamEvent, LlmError>> {
        let body = request_body(&self.settings, &request, self.streaming);
        drive(
            self.endpoint.clone(),
            &body,
            self.streaming,
            AnthropicDecoder::default,
        )
    }

    fn supports_prefill(&self) -> bool {
        self.settings.assistant_prefill
    }

    fn can_continue(&self, request: &ChatRequest) -> bool {
        // The API refuses an assistant prefill while extended thinking is on.
        self.supports_prefill() && request.thinking_budget().is_none()
    }
}

fn cached_text_block(text: &str) -> Value {
    json!({"type": "text", "text": text, "cache_control": {"type": "ephemeral"}})
}

/// The smallest thinking budget the API takes, and the room left for the answer.
pub const MIN_THINKING_TOKENS: u64 = 1024;

/// A message's `content`: its text, or blocks when it carries images (images first, as
/// Anthropic recommends) or a cache breakpoint (which marks the last block).
fn content(message: &ChatMessage, text: &str, cached: bool) -> Value {
    if message.images.is_empty() && !cached {
        return json!(text);
    }
    let mut blocks: Vec<Value> = message
        .images
        .iter()
        .map(|image| {
            json!({"type": "image", "source": {
                "type": "base64", "media_type": image.info.media_type, "data": image.base64()
            }})
        })
        .collect();
    if !text.is_empty() {
        blocks.push(json!({"type": "text", "text": text}));
    }
    if cached && let Some(last) = blocks.last_mut() {
        last["cache_control"] = json!({"type": "ephemeral"});
    }
    json!(blocks)
}

/// The JSON body of a Messages request.
pub fn request_body(settings: &ModelSettings, request: &ChatRequest, streaming: bool) -> Value {
    let caching = settings.caching;
    let mut budget = MAX_CACHE_BREAKPOINTS;
    let mut max_tokens = request
        .max_tokens
        .unwrap_or(settings.max_output_tokens)
        .max(1);
    let thinking = request.thinking_budget().map(|asked| {
        // The budget must be at least the minimum and leave room for an answer within
        // the model's output limit; max_tokens must exceed it.
        let limit = settings.max_output_tokens.max(2 * MIN_THINKING_TOKENS);
        let tokens = asked.clamp(MIN_THINKING_TOKENS, limit - MIN_THINKING_TOKENS);
        max_tokens = max_tokens.max(tokens + MIN_THINKING_TOKENS).min(limit);
        tokens
    });
    let mut body = json!({
        "model": settings.api_model,
        "max_tokens": max_tokens,
        "stream": streaming,
    });
    if !request.system.is_empty() {
        let block = if caching {
            budget -= 1;
            cached_text_block(&request.system)
        } else {
            json!({"type": "text", "text": request.system})
        };
        body["system"] = json!([block]);
    }
    if let Some(closing) = &request.closing_system {
        let block = json!({"type": "text", "text": closing});
        match body["system"].as_array_mut() {
            Some(blocks) => blocks.push(block),
            None => body["system"] = json!([block]),
        }
    }
    // Keep the last breakpoints when there are too many: they cover the longest prefix.
    let marked: Vec<usize> = request
        .messages
        .iter()
        .enumerate()
        .filter(|(_, message)| {
            caching
                && message.cache_breakpoint
                && !(message.content.is_empty() && message.images.is_empty())
        })
        .map(|(position, _)| position)
        .collect();
    let kept = &marked[marked.len().saturating_sub(budget)..];
    let last = request.messages.len().saturating_sub(1);
    let messages: Vec<Value> = request
        .messages
        .iter()
        .enumerate()
        .map(|(position, message)| {
            let role = message.role.name();
            // The API refuses a final assistant prefill that ends in whitespace.
            let text = if position == last && message.role == Role::Assistant {
                message.content.trim_end()
            } else {
                message.content.as_str()
            };
            json!({"role": role, "content": content(message, text, kept.contains(&position))})
        })
        .collect();
    body["messages"] = json!(messages);
    match thinking {
        // Thinking takes no temperature.
        Some(tokens) => {
            body["thinking"] = json!({"type": "enabled", "budget_tokens": tokens});
        }
        None => {
            // A model that refuses a temperature gets none, whatever the request asks.
            if let Some(temperature) = settings
                .temperature
                .map(|default| request.temperature.map_or(default, f64::from))
            {
                body["temperature"] = json!(temperature);
            }
        }
    }
    extra_params::apply_to_body(&mut body, &settings.extra_params);
    body
}

/// Decodes Messages stream events and plain message bodies.
#[derive(Debug, Default)]
pub struct AnthropicDecoder {
    usage: Usage,
    stop: Option<StopReason>,
}

/// A `stop_reason` as a [`StopReason`].
pub fn stop_reason(reason: &str) -> StopReason {
    match reason {
        "end_turn" | "stop_sequence" => StopReason::End,
        "max_tokens" => StopReason::Length,
        "refusal" => StopReason::Refusal,
        "tool_use" => StopReason::ToolUse,
        "pause_turn" => StopReason::Paused,
        other => StopReason::Other(other.to_string()),
    }
}

impl AnthropicDecoder {
    /// Reads whichever counts a usage object carries (message_start has the prompt side,
    /// message_delta the cumulative output, and sometimes updated prompt counts).
    fn read_usage(&mut self, usage: &Value) {
        let number = |name: &str| usage.get(name).and_then(Value::as_u64);
        if let Some(input) = number("input_tokens") {
            self.usage.input_tokens = input;
        }
        if let Some(output) = number("output_tokens") {
            self.usage.output_tokens = output;
        }
        if let Some(read) = number("cache_read_input_tokens") {
            self.usage.cache_read_tokens = read;
        }
        if let Some(written) = number("cache_creation_input_tokens") {
            self.usage.cache_write_tokens = written;
        }
    }

    fn block_text(block: &Value, out: &mut Vec<StreamEvent>) {
        let field = |name: &str| {
            block
                .get(name)
                .and_then(Value::as_str)
                .filter(|text| !text.is_empty())
        };
        match block.get("type").and_then(Value::as_str) {
            Some("text") => {
                if let Some(text) = field("text") {
                    out.push(StreamEvent::Text(text.to_string()));
                }
            }
            Some("thinking") => {
                if let Some(thinking) = field("thinking") {
                    out.push(StreamEvent::Reasoning(thinking.to_string()));
                }
            }
            _ => {}
        }
    }
}

impl WireDecoder for AnthropicDecoder {
    fn event(&mut self, event: SseEvent, out: &mut Vec<StreamEvent>) -> Result<bool, String> {
        if event.data.trim().is_empty() {
            return Ok(false);
        }
        let value: Value = serde_json::from_str(&event.data)
            .map_err(|error| format!("an event is not JSON ({error})"))?;
        let name = event
            .event
            .as_deref()
            .or_else(|| value.get("type").and_then(Value::as_str))
            .unwrap_or("");
        match name {
            "message_start" => {
                if let Some(usage) = value.pointer("/message/usage") {
                    self.read_usage(usage);
                }
            }
            "content_block_start" => {
                if let Some(block) = value.get("content_block") {
                    Self::block_text(block, out);
                }
            }
            "content_block_delta" => {
                let delta = value.get("delta");
                let field = |name: &str| {
                    delta
                        .and_then(|delta| delta.get(name))
                        .and_then(Value::as_str)
                        .unwrap_or("")
                };
                match field("type") {
                    "text_delta" if !field("text").is_empty() => {
                        out.push(StreamEvent::Text(field("text").to_string()))
                    }
                    "thinking_delta" if !field("thinking").is_empty() => {
                        out.push(StreamEvent::Reasoning(field("thinking").to_string()))
                    }
                    // signature_delta, input_json_delta and future delta types carry no text.
                    _ => {}
                }
            }
            "message_delta" => {
                if let Some(reason) = value.pointer("/delta/stop_reason").and_then(Value::as_str) {
                    self.stop = Some(stop_reason(reason));
                }
                if let Some(usage) = value.get("usage") {
                    self.read_usage(usage);
                }
            }
            "message_stop" => {
                out.push(StreamEvent::Finished {
                    usage: self.usage,
                    stop: self.stop.clone().unwrap_or(StopReason::End),
                });
                return Ok(true);
            }
            "error" => {
                let kind = value
                    .pointer("/error/type")
                    .and_then(Value::as_str)
                    .unwrap_or("error");
                let message = value
                    .pointer("/error/message")
                    .and_then(Value::as_str)
                    .unwrap_or("no message");
                return Err(format!(
                    "the server sent an error mid-reply: {kind}: {message}"
                ));
            }
            // ping, content_block_stop and event types added later are ignored.
            _ => {}
        }
        Ok(false)
    }

    fn body(&mut self, body: &Value, out: &mut Vec<StreamEvent>) -> Result<(), String> {
        let blocks = body
            .get("content")
            .and_then(Value::as_array)
            .ok_or("the reply has no content")?;
        for block in blocks {
            Self::block_text(block, out);
        }
        if let Some(reason) = body.get("stop_reason").and_then(Value::as_str) {
            self.stop = Some(stop_reason(reason));
        }
        if let Some(usage) = body.get("usage") {
            self.read_usage(usage);
        }
        out.push(StreamEvent::Finished {
            usage: self.usage,
            stop: self.stop.clone().unwrap_or(StopReason::End),
        });
        Ok(())
    }

    fn terminator(&self) -> &'static str {
        "message_stop"
    }
}
