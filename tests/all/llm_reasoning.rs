//! Reasoning controls on the wire: OpenAI `reasoning_effort` only for models that take
//! it, Anthropic extended thinking (budget, no temperature, max_tokens above the
//! budget, no prefill continuation), and thinking streamed back as reasoning.

use crate::support::mock_llm;
use crate::support::provider_harness;

use std::sync::Arc;

use aider_tui::llm::{self, ChatRequest, Connection, Provider, StopReason};
use mock_llm::{MockLlm, Reply};
use provider_harness::{connection, request, run};
use serde_json::{Value, json};

fn provider(mock: &MockLlm, model: &str, stream: bool) -> Arc<dyn Provider> {
    let (settings, _) = llm::resolve_model(model, None).unwrap();
    let base = match settings.provider {
        llm::ProviderKind::Anthropic => mock.anthropic_base(),
        llm::ProviderKind::Ollama => mock.ollama_base(),
        llm::ProviderKind::OpenAiCompatible => mock.openai_base(),
        // Azure's routes are served by its own mock (llm_azure).
        llm::ProviderKind::Azure => panic!("{model}: use the Azure mock"),
    };
    let connection = Connection {
        stream,
        ..connection(&base)
    };
    llm::connect(&settings, &connection, &|_| None).unwrap()
}

async fn body_of(model: &str, chat: ChatRequest) -> Value {
    let mock = MockLlm::start().await;
    mock.push(Reply::text(["ok"]));
    let outcome = run(provider(&mock, model, true).stream(chat)).await;
    assert_eq!(outcome.text, "ok", "{:?}", outcome.error);
    mock.requests()[0].body.clone()
}

fn asking(effort: Option<&str>, thinking: Option<u64>, max_tokens: Option<u64>) -> ChatRequest {
    ChatRequest {
        reasoning_effort: effort.map(str::to_string),
        thinking_tokens: thinking,
        max_tokens,
        temperature: Some(0.5),
        ..request("hi")
    }
}

#[tokio::test]
async fn reasoning_effort_goes_only_to_models_that_take_it() {
    for (model, sent) in [
        ("o3-mini", true),
        ("gpt-5", true),
        // Aider's settings give Gemini 2.5 Pro thinking_tokens, not reasoning_effort.
        ("gemini", false),
        ("gpt-5.2", true),
        ("gpt-4o", false),
        ("deepseek", false),
        ("sonnet", false),
    ] {
        let body = body_of(model, asking(Some("high"), None, None)).await;
        let expected = if sent { json!("high") } else { Value::Null };
        assert_eq!(
            body.get("reasoning_effort").cloned().unwrap_or(Value::Null),
            expected,
            "{model}"
        );
    }
    let body = body_of("o3-mini", asking(None, None, None)).await;
    assert!(body.get("reasoning_effort").is_none());
}

#[tokio::test]
async fn anthropic_thinking_has_a_budget_below_max_tokens_and_no_temperature() {
    let body = body_of("sonnet", asking(None, Some(8_000), None)).await;
    assert_eq!(
        body["thinking"],
        json!({"type": "enabled", "budget_tokens": 8000})
    );
    assert_eq!(body["max_tokens"], 64_000);
    assert!(body.get("temperature").is_none());

    // A small output limit is raised above the budget.
    let body = body_of("sonnet", asking(None, Some(4_000), Some(1_000))).await;
    assert_eq!(body["thinking"]["budget_tokens"], 4_000);
    assert_eq!(body["max_tokens"], 5_024);
    // Below the API's minimum the budget is raised to it; at the model's limit it
    // leaves room for the answer.
    let body = body_of("sonnet", asking(None, Some(100), None)).await;
    assert_eq!(body["thinking"]["budget_tokens"], 1_024);
    let body = body_of("sonnet", asking(None, Some(100_000), None)).await;
    assert_eq!(body["thinking"]["budget_tokens"], 64_000 - 1_024);
    assert_eq!(body["max_tokens"], 64_000);

    // None or zero: no thinking, the temperature as before.
    for thinking in [None, Some(0)] {
        let body = body_of("sonnet", asking(None, thinking, None)).await;
        assert!(body.get("thinking").is_none());
        assert_eq!(body["temperature"], 0.5);
    }
}

#[tokio::test]
async fn with_thinking_on_a_length_stop_is_not_continued() {
    let mock = MockLlm::start().await;
    mock.push(Reply::text(["cut"]).reasoning(["hmm"]).length());
    mock.push(Reply::text(["must not be asked for"]));
    let chat = provider(&mock, "sonnet", true);
    let outcome = run(llm::stream_with_continuation(
        chat,
        asking(None, Some(2_000), None),
        3,
    ))
    .await;
    assert_eq!(outcome.reasoning, "hmm");
    assert_eq!(
        outcome.finished.map(|(_, stop)| stop),
        Some(StopReason::Length)
    );
    assert_eq!(mock.requests().len(), 1);
}

#[tokio::test]
async fn thinking_streams_back_as_reasoning_on_every_wire() {
    let mock = MockLlm::start().await;
    mock.ollama_model("qwen2.5-coder", Some(32_768));
    // Anthropic thinking_delta (the mock adds a signature_delta, which carries no text),
    // OpenAI reasoning_content, Ollama message.thinking; streamed and plain.
    for model in ["sonnet", "deepseek", "ollama/qwen2.5-coder"] {
        for stream in [true, false] {
            mock.push(Reply::text(["the answer"]).reasoning(["step one, ", "step two"]));
            let outcome = run(provider(&mock, model, stream).stream(request("hi"))).await;
            assert_eq!(
                outcome.reasoning, "step one, step two",
                "{model} stream={stream}"
            );
            assert_eq!(outcome.text, "the answer", "{model} stream={stream}");
            assert!(!outcome.reasoning.contains("c2lnbmF0dXJl"));
        }
    }
    // OpenRouter-style `delta.reasoning`.
    mock.push(Reply::raw_sse([
        "data: {\"choices\":[{\"index\":0,\"delta\":{\"reasoning\":\"why\"}}]}\n\n",
        "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"ok\"},\"finish_reason\":\"stop\"}]}\n\n",
        "data: [DONE]\n\n",
    ]));
    let outcome = run(provider(&mock, "gpt-4o", true).stream(request("hi"))).await;
    assert_eq!(
        (outcome.reasoning.as_str(), outcome.text.as_str()),
        ("why", "ok")
    );
}
