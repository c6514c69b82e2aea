//! The Anthropic provider against the loopback mock: request shape (top-level system,
//! max_tokens, cache breakpoints), cache usage, faults, retries and continuation.

use crate::support::mock_llm;
use crate::support::provider_harness;

use std::sync::Arc;
use std::time::Duration;

use aider_tui::conversation::Role;
use aider_tui::llm::{self, Connection, LlmError, ModelSettings, Provider, StopReason, Usage};
use mock_llm::{MockLlm, MockUsage, Reply};
use provider_harness::{ErrorCheck, KEY, connection, message, request, run};
use serde_json::Value;

fn sonnet() -> ModelSettings {
    llm::resolve_model("sonnet", None).unwrap().0
}

fn provider_with(
    mock: &MockLlm,
    settings: &ModelSettings,
    adjust: impl FnOnce(&mut Connection),
) -> Arc<dyn Provider> {
    let mut connection = connection(&mock.anthropic_base());
    adjust(&mut connection);
    llm::connect(settings, &connection, &|_| None).unwrap()
}

fn provider(mock: &MockLlm) -> Arc<dyn Provider> {
    provider_with(mock, &sonnet(), |_| {})
}

fn count_cache_markers(value: &Value) -> usize {
    match value {
        Value::Object(map) => {
            usize::from(map.contains_key("cache_control"))
                + map.values().map(count_cache_markers).sum::<usize>()
        }
        Value::Array(items) => items.iter().map(count_cache_markers).sum(),
        _ => 0,
    }
}

#[tokio::test]
async fn streams_text_with_cache_usage_and_the_expected_request_shape() {
    let mock = MockLlm::start().await;
    mock.push(
        Reply::anthropic_text(["src/lib.rs\n", "```rust\n"]).usage(MockUsage {
            input: 312,
            output: 87,
            cache_read: 6144,
            cache_write: 1024,
        }),
    );
    let outcome = run(provider(&mock).stream(request("hi"))).await;
    assert_eq!(outcome.text, "src/lib.rs\n```rust\n");
    let (usage, stop) = outcome.finished.expect("finished");
    assert_eq!(stop, StopReason::End);
    assert_eq!(
        usage,
        Usage {
            input_tokens: 312,
            output_tokens: 87,
            cache_read_tokens: 6144,
            cache_write_tokens: 1024
        }
    );
    let cost = llm::cost(&sonnet(), &usage);
    let expected = (312.0 * 3.0 + 87.0 * 15.0 + 6144.0 * 0.3 + 1024.0 * 3.75) / 1e6;
    assert!((cost - expected).abs() < 1e-12);

    let sent = &mock.requests()[0];
    assert_eq!(sent.path, "/v1/messages");
    assert_eq!(sent.header("anthropic-version"), Some("2023-06-01"));
    assert_eq!(sent.header("x-api-key"), Some("[redacted]"));
    assert!(sent.credential_is(KEY));
    assert!(sent.header("authorization").is_none());
    let body = &sent.body;
    assert_eq!(body["model"], "claude-sonnet-4-5");
    assert_eq!(body["max_tokens"], 64000, "max_tokens is always sent");
    assert_eq!(body["stream"], true);
    assert_eq!(body["system"][0]["type"], "text");
    assert_eq!(body["system"][0]["text"], "You are a careful programmer.");
    assert_eq!(body["system"][0]["cache_control"]["type"], "ephemeral");
    let messages = body["messages"].as_array().unwrap();
    assert!(messages.iter().all(|message| message["role"] != "system"));
    assert_eq!(messages[0]["content"], "hi");
}

#[tokio::test]
async fn at_most_four_cache_breakpoints_keeping_the_last_ones() {
    let mock = MockLlm::start().await;
    mock.push(Reply::text(["ok"]));
    let mut chat = request("unused");
    chat.messages = vec![
        message(Role::User, "examples", true),
        message(Role::Assistant, "Ok.", false),
        message(Role::User, "read-only files", true),
        message(Role::Assistant, "Ok.", false),
        message(Role::User, "repo map", true),
        message(Role::Assistant, "Ok.", false),
        message(Role::User, "chat files", true),
        message(Role::Assistant, "Ok.", false),
        message(Role::User, "the request", false),
    ];
    chat.max_tokens = Some(100);
    run(provider(&mock).stream(chat)).await;
    let body = &mock.requests()[0].body;
    assert_eq!(count_cache_markers(body), 4);
    assert_eq!(body["max_tokens"], 100);
    let messages = body["messages"].as_array().unwrap();
    assert!(
        messages[0]["content"].is_string(),
        "the oldest breakpoint is dropped"
    );
    for position in [2, 4, 6] {
        assert_eq!(
            messages[position]["content"][0]["cache_control"]["type"],
            "ephemeral"
        );
    }
    assert_eq!(messages[8]["content"], "the request");

    // A model without caching gets no markers at all.
    let mock = MockLlm::start().await;
    mock.push(Reply::text(["ok"]));
    let plain = ModelSettings {
        caching: false,
        ..sonnet()
    };
    let mut chat = request("x");
    chat.messages[0].cache_breakpoint = true;
    run(provider_with(&mock, &plain, |_| {}).stream(chat)).await;
    assert_eq!(count_cache_markers(&mock.requests()[0].body), 0);
}

#[tokio::test]
async fn overload_and_rate_limits_are_retried_honouring_retry_after() {
    let mock = MockLlm::start().await;
    mock.push(Reply::overloaded().retry_after_ms(10));
    mock.push(Reply::status(429).retry_after_ms(10));
    mock.push(Reply::status(500).retry_after_ms(10));
    mock.push(Reply::text(["done"]));
    let outcome = run(
        provider_with(&mock, &sonnet(), |connection| connection.max_retries = 3)
            .stream(request("hi")),
    )
    .await;
    assert_eq!(outcome.text, "done");
    assert_eq!(mock.requests().len(), 4);
}

#[tokio::test]
async fn auth_spend_limit_and_prompt_too_long_are_not_retried() {
    let cases: Vec<(Reply, ErrorCheck)> = vec![
        (Reply::status(401), |error| {
            matches!(error, LlmError::Auth { status: 401, .. })
        }),
        (Reply::quota(), |error| {
            matches!(error, LlmError::QuotaExceeded { status: 429, .. })
        }),
        (Reply::context_too_long(), |error| {
            matches!(error, LlmError::ContextWindowExceeded { .. })
        }),
    ];
    for (reply, expected) in cases {
        let mock = MockLlm::start().await;
        mock.push(reply.retry_after_ms(5));
        mock.push(Reply::text(["must not be reached"]));
        let outcome = run(provider(&mock).stream(request("hi"))).await;
        let error = outcome.error.expect("an error");
        assert!(expected(&error), "{error:?}");
        assert_eq!(mock.requests().len(), 1);
        let line = error.to_string();
        assert!(
            line.starts_with("anthropic: ") && !line.contains('\n') && !line.contains(KEY),
            "{line}"
        );
    }
}

#[tokio::test]
async fn an_overload_mid_stream_or_a_drop_interrupts_the_reply() {
    let mock = MockLlm::start().await;
    mock.push(Reply::text(["partial ", "answer"]).error_midstream());
    mock.push(Reply::text(["a", "b", "c"]).dropped_after(5));
    mock.push(Reply::text(["x", "y"]).truncated_after(5));
    let chat = provider(&mock);
    let outcome = run(chat.stream(request("hi"))).await;
    assert_eq!(outcome.text, "partial answer");
    assert!(outcome.finished.is_none());
    let error = outcome.error.expect("error");
    assert!(error.to_string().contains("overloaded_error"), "{error}");
    for _ in 0..2 {
        let outcome = run(chat.stream(request("hi"))).await;
        assert!(!outcome.text.is_empty());
        assert!(outcome.finished.is_none());
        assert!(
            matches!(outcome.error, Some(LlmError::Interrupted { .. })),
            "{:?}",
            outcome.error
        );
    }
    assert_eq!(mock.requests().len(), 3, "no retry once content arrived");
}

#[tokio::test]
async fn pings_unknown_events_and_byte_writes_are_handled() {
    let mock = MockLlm::start().await;
    let pieces = ["naïve ", "→ ", "😀 done"];
    mock.push(Reply::text(pieces).noise());
    mock.push(Reply::text(pieces).one_byte_writes());
    let chat = provider(&mock);
    for _ in 0..2 {
        let outcome = run(chat.stream(request("hi"))).await;
        assert!(outcome.error.is_none(), "{:?}", outcome.error);
        assert_eq!(outcome.text, pieces.concat());
    }
}

#[tokio::test]
async fn thinking_blocks_become_reasoning() {
    let mock = MockLlm::start().await;
    mock.push(Reply::text(["answer"]).reasoning(["let me ", "think"]));
    let outcome = run(provider(&mock).stream(request("hi"))).await;
    assert_eq!(outcome.reasoning, "let me think");
    assert_eq!(outcome.text, "answer");
}

#[tokio::test]
async fn max_tokens_stop_is_continued_with_a_trimmed_prefill() {
    let mock = MockLlm::start().await;
    mock.push(
        Reply::text(["line one\n", "line two\n"])
            .length()
            .usage(MockUsage {
                input: 10,
                output: 64,
                cache_read: 100,
                cache_write: 0,
            }),
    );
    mock.push(Reply::text(["\nline three"]).usage(MockUsage {
        input: 12,
        output: 3,
        cache_read: 100,
        cache_write: 0,
    }));
    let chat = provider(&mock);
    assert!(chat.supports_prefill());
    let outcome = run(llm::stream_with_continuation(
        chat,
        request("long please"),
        1,
    ))
    .await;
    assert_eq!(outcome.text, "line one\nline two\nline three");
    let (usage, stop) = outcome.finished.expect("finished");
    assert_eq!(stop, StopReason::End);
    assert_eq!(usage.output_tokens, 67);
    assert_eq!(usage.cache_read_tokens, 200);
    let requests = mock.requests();
    assert_eq!(requests.len(), 2);
    let messages = requests[1].body["messages"].as_array().unwrap();
    assert_eq!(messages.len(), 2);
    assert_eq!(messages[0]["content"], "long please");
    assert_eq!(messages[1]["role"], "assistant");
    assert_eq!(
        messages[1]["content"], "line one\nline two",
        "trailing whitespace is not allowed in a prefill"
    );
}

#[tokio::test]
async fn continuation_stops_after_the_allowed_rounds() {
    let mock = MockLlm::start().await;
    mock.push(Reply::text(["a"]).length());
    mock.push(Reply::text(["b"]).length());
    let outcome = run(llm::stream_with_continuation(
        provider(&mock),
        request("x"),
        1,
    ))
    .await;
    assert_eq!(outcome.text, "ab");
    assert_eq!(
        outcome.finished.map(|(_, stop)| stop),
        Some(StopReason::Length)
    );
    assert_eq!(mock.requests().len(), 2);
}

#[tokio::test]
async fn plain_requests_and_hangs() {
    let mock = MockLlm::start().await;
    mock.push(Reply::text(["whole ", "reply"]).usage(MockUsage {
        input: 5,
        output: 2,
        cache_read: 7,
        cache_write: 9,
    }));
    let plain = provider_with(&mock, &sonnet(), |connection| connection.stream = false);
    let outcome = run(plain.stream(request("hi"))).await;
    assert_eq!(outcome.text, "whole reply");
    let (usage, _) = outcome.finished.expect("finished");
    assert_eq!((usage.cache_read_tokens, usage.cache_write_tokens), (7, 9));
    assert_eq!(mock.requests()[0].body["stream"], false);

    mock.push(Reply::text(["a", "b"]).hang_after(4));
    let quick = provider_with(&mock, &sonnet(), |connection| {
        connection.request_timeout = Duration::from_millis(300);
        connection.max_retries = 0;
    });
    let outcome = run(quick.stream(request("hi"))).await;
    assert_eq!(outcome.text, "a");
    assert!(
        matches!(outcome.error, Some(LlmError::Timeout { .. })),
        "{:?}",
        outcome.error
    );
}

#[tokio::test]
async fn extra_params_reach_the_body_and_headers_but_never_replace_the_key() {
    let mock = MockLlm::start().await;
    mock.push(Reply::anthropic_text(["ok"]));
    let mut settings = sonnet();
    settings.extra_params = serde_json::from_str(
        r#"{"top_k": 5, "extra_headers": {"anthropic-beta": "context-1m-2025-08-07", "x-api-key": "sk-other"}, "extra_body": {"metadata": {"user_id": "u1"}}}"#,
    )
    .unwrap();
    let mut chat = request("hi");
    // Aider's `reminder: sys`: Anthropic takes system text only up front.
    chat.closing_system = Some("Reminder: use the edit format.".into());
    let outcome = run(provider_with(&mock, &settings, |_| {}).stream(chat)).await;
    assert_eq!(outcome.text, "ok", "{:?}", outcome.error);
    let sent = &mock.requests()[0];
    assert!(sent.credential_is(KEY), "{sent:?}");
    assert_eq!(sent.header("anthropic-beta"), Some("context-1m-2025-08-07"));
    assert_eq!(sent.body["top_k"], 5);
    assert_eq!(sent.body["metadata"], serde_json::json!({"user_id": "u1"}));
    let system = sent.body["system"].as_array().unwrap();
    assert_eq!(system.len(), 2);
    assert_eq!(system[1]["text"], "Reminder: use the edit format.");
    assert!(
        sent.body["messages"]
            .as_array()
            .unwrap()
            .iter()
            .all(|message| message["role"] != "system")
    );
}
