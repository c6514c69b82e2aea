//! A silent provider is reported and bounded: `Stalled` while nothing arrives, a retry
//! when a streamed response does not start within the first-byte timeout, and an error
//! after the read timeout. Timeouts are set in milliseconds so nothing waits for long.

use crate::support::mock_llm;
use crate::support::provider_harness;

use std::sync::Arc;
use std::time::Duration;

use aider_tui::llm::{self, Connection, LlmError, Provider};
use mock_llm::{MockLlm, Reply};
use provider_harness::{connection, request, run};

const MS: fn(u64) -> Duration = Duration::from_millis;

fn provider(model: &str, base: &str, adjust: impl FnOnce(&mut Connection)) -> Arc<dyn Provider> {
    let (settings, _) = llm::resolve_model(model, None).unwrap();
    let mut connection = connection(base);
    adjust(&mut connection);
    llm::connect(&settings, &connection, &|_| None).unwrap()
}

#[tokio::test]
async fn no_response_head_is_announced_then_retried_then_given_up() {
    let mock = MockLlm::start().await;
    mock.fallback(Reply::text(["never"]).hang());
    let chat = provider("gpt-4o", &mock.openai_base(), |connection| {
        connection.first_byte_timeout = MS(200);
        connection.stall_interval = MS(80);
        connection.max_retries = 1;
    });
    let outcome = run(chat.stream(request("hi"))).await;
    assert_eq!(
        outcome.stalls,
        [
            (MS(80), false),
            (MS(160), false),
            (MS(80), false),
            (MS(160), false)
        ],
        "each attempt reports its silence"
    );
    assert_eq!(outcome.retries.len(), 1);
    let reason = &outcome.retry_reasons[0];
    assert!(
        reason.contains("silent for 0.2 s before answering"),
        "{reason}"
    );
    let error = outcome.error.expect("given up");
    assert!(matches!(error, LlmError::Timeout { .. }), "{error:?}");
    assert_eq!(mock.requests().len(), 2, "one retry");
    assert!(outcome.finished.is_none());
}

#[tokio::test]
async fn a_slow_start_within_the_limit_is_only_reported() {
    let mock = MockLlm::start().await;
    mock.push(Reply::text(["late ", "but fine"]).first_byte_delay(MS(400)));
    let chat = provider("sonnet", &mock.anthropic_base(), |connection| {
        connection.first_byte_timeout = MS(2_000);
        connection.stall_interval = MS(150);
    });
    let outcome = run(chat.stream(request("hi"))).await;
    assert!(outcome.error.is_none(), "{:?}", outcome.error);
    assert_eq!(outcome.text, "late but fine");
    assert!(outcome.retries.is_empty());
    assert!(!outcome.stalls.is_empty());
    for (position, (silent_for, after_text)) in outcome.stalls.iter().enumerate() {
        assert_eq!(*silent_for, MS(150) * (position as u32 + 1));
        assert!(!after_text);
    }
}

#[tokio::test]
async fn a_stall_mid_reply_is_reported_then_fails_without_retry() {
    let mock = MockLlm::start().await;
    // The role chunk and two pieces, then nothing.
    mock.push(Reply::text(["a", "b", "never"]).hang_after(3));
    mock.push(Reply::text(["must not be retried"]));
    let chat = provider("gpt-4o", &mock.openai_base(), |connection| {
        connection.request_timeout = MS(250);
        connection.stall_interval = MS(100);
    });
    let outcome = run(chat.stream(request("hi"))).await;
    assert_eq!(outcome.text, "ab");
    assert_eq!(outcome.stalls, [(MS(100), true), (MS(200), true)]);
    let error = outcome.error.expect("timed out");
    assert!(matches!(error, LlmError::Timeout { .. }), "{error:?}");
    let line = error.to_string();
    assert!(line.contains("in the middle of the reply"), "{line}");
    assert!(line.contains("`timeout` setting"), "{line}");
    assert!(outcome.retries.is_empty());
    assert_eq!(mock.requests().len(), 1);
}

#[tokio::test]
async fn bytes_that_keep_coming_are_not_a_stall() {
    let mock = MockLlm::start().await;
    mock.push(Reply::text(["a", "b", "c", "d", "e"]).chunk_delay(MS(20)));
    let chat = provider("gpt-4o", &mock.openai_base(), |connection| {
        connection.request_timeout = MS(1_500);
        connection.stall_interval = MS(500);
    });
    let outcome = run(chat.stream(request("hi"))).await;
    assert_eq!(outcome.text, "abcde");
    assert!(outcome.stalls.is_empty(), "{:?}", outcome.stalls);
}

#[tokio::test]
async fn plain_requests_and_ollama_wait_past_the_first_byte_timeout() {
    // A plain reply's head comes only with the whole reply, and Ollama answers only
    // after loading the model: both wait up to the read timeout.
    let mock = MockLlm::start().await;
    mock.ollama_model("qwen2.5-coder", Some(32_768));
    mock.push(Reply::text(["whole"]).first_byte_delay(MS(300)));
    mock.push(Reply::ollama_text(["loaded"]).first_byte_delay(MS(300)));
    let plain = provider("gpt-4o", &mock.openai_base(), |connection| {
        connection.stream = false;
        connection.first_byte_timeout = MS(50);
        connection.request_timeout = MS(3_000);
        connection.max_retries = 0;
    });
    let outcome = run(plain.stream(request("hi"))).await;
    assert_eq!(outcome.text, "whole", "{:?}", outcome.error);
    let local = provider("ollama/qwen2.5-coder", &mock.ollama_base(), |connection| {
        connection.api_key = None;
        connection.first_byte_timeout = MS(50);
        connection.request_timeout = MS(3_000);
        connection.max_retries = 0;
    });
    let outcome = run(local.stream(request("hi"))).await;
    assert_eq!(outcome.text, "loaded", "{:?}", outcome.error);
}

#[test]
fn defaults_report_a_silent_provider_within_a_minute() {
    let defaults = Connection::default();
    assert_eq!(defaults.stall_interval, Duration::from_secs(30));
    assert_eq!(defaults.first_byte_timeout, Duration::from_secs(45));
    assert_eq!(defaults.connect_timeout, Duration::from_secs(10));
    assert_eq!(defaults.request_timeout, llm::DEFAULT_REQUEST_TIMEOUT);
    assert!(defaults.request_timeout < Duration::from_secs(600));
}
