//! The native Ollama provider against the loopback mock: `/api/chat` request shape,
//! NDJSON streaming, the context size (`num_ctx`) per session, refusals, stop reasons,
//! cut streams, and the local model listing.

use crate::support::mock_llm;
use crate::support::provider_harness;

use std::sync::Arc;

use aider_tui::conversation::Role;
use aider_tui::llm::{self, Connection, LlmError, Provider, StopReason, Usage};
use mock_llm::{MockLlm, MockUsage, Reply};
use provider_harness::{connection, message, request, run};
use serde_json::json;

/// A provider for `ollama/MODEL` on the mock, with no key (as a local Ollama needs none).
fn provider(
    mock: &MockLlm,
    model: &str,
    adjust: impl FnOnce(&mut Connection),
) -> Arc<dyn Provider> {
    let (settings, _) = llm::resolve_model(model, None).unwrap();
    let mut connection = Connection {
        api_key: None,
        ..connection(&mock.ollama_base())
    };
    adjust(&mut connection);
    llm::connect(&settings, &connection, &|_| None).unwrap()
}

/// A user message of about `tokens` tokens.
fn request_of(tokens: usize) -> aider_tui::llm::ChatRequest {
    request(&"word ".repeat(tokens))
}

#[tokio::test]
async fn streams_ndjson_with_the_expected_request_shape() {
    let mock = MockLlm::start().await;
    mock.ollama_model("qwen2.5-coder", Some(32_768));
    mock.push(
        Reply::ollama_text(["Hel", "lo ✓"])
            .reasoning(["think ", "first"])
            .usage(MockUsage {
                input: 42,
                output: 7,
                cache_read: 0,
                cache_write: 0,
            }),
    );
    let outcome = run(provider(&mock, "ollama/qwen2.5-coder", |_| {}).stream(request("hi"))).await;
    assert!(outcome.error.is_none(), "{:?}", outcome.error);
    assert_eq!(outcome.text, "Hello ✓");
    assert_eq!(outcome.reasoning, "think first");
    assert_eq!(
        outcome.finished,
        Some((
            Usage {
                input_tokens: 42,
                output_tokens: 7,
                ..Usage::default()
            },
            StopReason::End
        ))
    );
    let chats = mock.requests_to("/api/chat");
    assert_eq!(chats.len(), 1);
    let sent = &chats[0];
    assert!(!sent.has_credential(), "a local Ollama gets no key");
    assert_eq!(
        sent.body,
        json!({
            "model": "qwen2.5-coder",
            "messages": [
                {"role": "system", "content": "You are a careful programmer."},
                {"role": "user", "content": "hi"}
            ],
            "stream": true,
            "options": {"num_ctx": 16384, "num_predict": 8192, "temperature": 0.0}
        })
    );
    // The model's details are asked before the first chat.
    let shows = mock.requests_to("/api/show");
    assert_eq!(shows.len(), 1);
    assert_eq!(shows[0].body, json!({"model": "qwen2.5-coder"}));
}

#[tokio::test]
async fn num_ctx_stays_for_the_session_and_rises_once_for_a_much_larger_prompt() {
    let mock = MockLlm::start().await;
    mock.ollama_model("qwen2.5-coder:32b", Some(131_072));
    mock.fallback(Reply::ollama_text(["ok"]));
    let chat = provider(&mock, "ollama/qwen2.5-coder:32b", |_| {});
    for tokens in [100, 2_000, 5_000, 300] {
        let outcome = run(chat.stream(request_of(tokens))).await;
        assert!(outcome.error.is_none(), "{:?}", outcome.error);
        assert!(outcome.notices.is_empty(), "{:?}", outcome.notices);
    }
    let big = run(chat.stream(request_of(40_000))).await;
    assert!(big.error.is_none(), "{:?}", big.error);
    assert_eq!(big.notices.len(), 1, "{:?}", big.notices);
    let (notice, after_text) = &big.notices[0];
    assert!(!after_text, "the notice comes before any text");
    assert!(
        notice.contains("num_ctx") && notice.contains("16384") && notice.contains("65536"),
        "{notice}"
    );
    for tokens in [100, 40_000] {
        let outcome = run(chat.stream(request_of(tokens))).await;
        assert!(outcome.notices.is_empty(), "{:?}", outcome.notices);
    }
    let sizes: Vec<u64> = mock
        .requests_to("/api/chat")
        .iter()
        .map(|sent| sent.body["options"]["num_ctx"].as_u64().unwrap())
        .collect();
    assert_eq!(
        sizes,
        [16_384, 16_384, 16_384, 16_384, 65_536, 65_536, 65_536],
        "constant, one raise, never lowered"
    );
    assert_eq!(
        mock.requests_to("/api/show").len(),
        1,
        "asked once per session"
    );
}

#[tokio::test]
async fn a_prompt_larger_than_the_model_is_refused_before_sending() {
    let mock = MockLlm::start().await;
    mock.ollama_model("qwen2.5-coder", Some(8_192));
    mock.fallback(Reply::ollama_text(["must not be reached"]));
    let outcome =
        run(provider(&mock, "ollama/qwen2.5-coder", |_| {}).stream(request_of(10_000))).await;
    let error = outcome.error.expect("refused");
    assert!(
        matches!(error, LlmError::ContextWindowExceeded { .. }),
        "{error:?}"
    );
    assert!(!error.is_retryable());
    let line = error.to_string();
    assert!(
        line.contains("about 10015 tokens") && line.contains("at most 8192"),
        "{line}"
    );
    assert!(outcome.retries.is_empty());
    assert!(mock.requests_to("/api/chat").is_empty(), "nothing was sent");
}

#[tokio::test]
async fn without_api_show_the_table_window_is_the_limit() {
    let mock = MockLlm::start().await;
    // Not registered: /api/show answers 404, as for an unknown model.
    mock.fallback(Reply::ollama_text(["ok"]));
    let chat = provider(&mock, "ollama/qwen2.5-coder", |_| {});
    let outcome = run(chat.stream(request_of(25_000))).await;
    assert!(outcome.error.is_none(), "{:?}", outcome.error);
    let sent = &mock.requests_to("/api/chat")[0];
    assert_eq!(
        sent.body["options"]["num_ctx"], 32_768,
        "the table's window"
    );
    let outcome = run(chat.stream(request_of(40_000))).await;
    assert!(matches!(
        outcome.error,
        Some(LlmError::ContextWindowExceeded { .. })
    ));
}

#[tokio::test]
async fn done_reason_length_is_reported_streamed_and_plain() {
    let mock = MockLlm::start().await;
    mock.ollama_model("qwen2.5-coder", Some(32_768));
    mock.push(Reply::ollama_text(["cut"]).length());
    mock.push(Reply::ollama_text(["all ", "at once"]).length());
    let streamed = run(provider(&mock, "ollama/qwen2.5-coder", |_| {}).stream(request("hi"))).await;
    assert_eq!(
        streamed.finished.map(|(_, stop)| stop),
        Some(StopReason::Length)
    );
    let plain = provider(&mock, "ollama/qwen2.5-coder", |connection| {
        connection.stream = false
    });
    let outcome = run(plain.stream(request("hi"))).await;
    assert_eq!(outcome.text, "all at once");
    let (_, stop) = outcome.finished.expect("finished");
    assert_eq!(stop, StopReason::Length);
    assert!(!stop.is_complete());
    let chats = mock.requests_to("/api/chat");
    assert_eq!(chats[1].body["stream"], false);
}

#[tokio::test]
async fn a_cut_ndjson_stream_is_an_error_and_not_retried_after_text() {
    let mock = MockLlm::start().await;
    mock.ollama_model("qwen2.5-coder", Some(32_768));
    mock.push(Reply::ollama_text(["partial ", "reply ", "never ends"]).dropped_after(2));
    mock.push(Reply::ollama_text(["a", "b", "c"]).truncated_after(3));
    mock.push(Reply::ollama_text(["some ", "text"]).error_midstream());
    mock.fallback(Reply::ollama_text(["must not be retried"]));
    let chat = provider(&mock, "ollama/qwen2.5-coder", |connection| {
        connection.max_retries = 2
    });
    let dropped = run(chat.stream(request("hi"))).await;
    assert_eq!(dropped.text, "partial reply ");
    assert!(dropped.finished.is_none());
    assert!(
        matches!(dropped.error, Some(LlmError::Interrupted { .. })),
        "{:?}",
        dropped.error
    );
    let truncated = run(chat.stream(request("hi"))).await;
    assert_eq!(truncated.text, "abc");
    assert!(truncated.finished.is_none());
    let error = truncated.error.expect("interrupted");
    assert!(error.to_string().contains("done: true"), "{error}");
    let failed = run(chat.stream(request("hi"))).await;
    assert!(failed.finished.is_none());
    let error = failed.error.expect("error line");
    assert!(
        error.to_string().contains("unexpectedly stopped"),
        "{error}"
    );
    assert_eq!(
        mock.requests_to("/api/chat").len(),
        3,
        "no retry once text arrived"
    );
}

#[tokio::test]
async fn one_byte_writes_keep_text_and_think_tags_become_reasoning() {
    let mock = MockLlm::start().await;
    mock.ollama_model("deepseek-r1:14b", Some(131_072));
    mock.push(Reply::ollama_text(["<thi", "nk>plan ✓</th", "ink>\nthe 答え 🎉"]).one_byte_writes());
    let outcome =
        run(provider(&mock, "ollama/deepseek-r1:14b", |_| {}).stream(request("hi"))).await;
    assert!(outcome.error.is_none(), "{:?}", outcome.error);
    assert_eq!(outcome.reasoning, "plan ✓");
    assert_eq!(outcome.text, "\nthe 答え 🎉");
}

#[tokio::test]
async fn a_model_that_is_not_pulled_says_how_to_get_it() {
    let mock = MockLlm::start().await;
    mock.push(Reply::status(404).wire(mock_llm::Wire::Ollama));
    let outcome = run(provider(&mock, "ollama/qwen2.5-coder", |_| {}).stream(request("hi"))).await;
    let error = outcome.error.expect("404");
    assert!(
        matches!(error, LlmError::Http { status: 404, .. }),
        "{error:?}"
    );
    assert!(
        error.to_string().contains("ollama pull qwen2.5-coder"),
        "{error}"
    );
}

#[tokio::test]
async fn continuation_prefills_on_the_native_route() {
    let mock = MockLlm::start().await;
    mock.ollama_model("qwen2.5-coder", Some(32_768));
    mock.push(Reply::ollama_text(["first half\n"]).length());
    mock.push(Reply::ollama_text(["\nsecond half"]));
    let chat = provider(&mock, "ollama/qwen2.5-coder", |_| {});
    assert!(chat.supports_prefill());
    let outcome = run(llm::stream_with_continuation(
        chat,
        request("write a lot"),
        2,
    ))
    .await;
    assert_eq!(outcome.text, "first half\nsecond half");
    assert_eq!(
        outcome.finished.map(|(_, stop)| stop),
        Some(StopReason::End)
    );
    let chats = mock.requests_to("/api/chat");
    let last = chats[1].body["messages"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()
        .clone();
    assert_eq!(last, json!({"role": "assistant", "content": "first half"}));
}

#[tokio::test]
async fn the_base_may_be_written_with_v1_or_api_and_comes_from_the_environment() {
    let mock = MockLlm::start().await;
    mock.ollama_model("qwen2.5-coder", Some(32_768));
    mock.fallback(Reply::ollama_text(["ok"]));
    let (settings, _) = llm::resolve_model("ollama/qwen2.5-coder", None).unwrap();
    for suffix in ["", "/", "/v1", "/api/"] {
        let base = format!("{}{suffix}", mock.ollama_base());
        let chat = llm::connect(
            &settings,
            &Connection {
                api_base: None,
                api_key: None,
                ..connection("")
            },
            &|name| (name == "OLLAMA_API_BASE").then(|| base.clone()),
        )
        .unwrap();
        assert_eq!(run(chat.stream(request("hi"))).await.text, "ok", "{suffix}");
    }
    assert_eq!(mock.requests_to("/api/chat").len(), 4);
}

#[tokio::test]
async fn local_models_are_listed_with_their_context_lengths() {
    let mock = MockLlm::start().await;
    mock.ollama_model("qwen2.5-coder:7b", Some(32_768));
    mock.ollama_model("llama3.2:3b", Some(131_072));
    mock.ollama_model("mystery:latest", None);
    let models = llm::ollama_models(&format!("{}/v1", mock.ollama_base()))
        .await
        .unwrap();
    let summary: Vec<(&str, Option<u64>)> = models
        .iter()
        .map(|model| (model.name.as_str(), model.context_length))
        .collect();
    assert_eq!(
        summary,
        [
            ("llama3.2:3b", Some(131_072)),
            ("mystery:latest", None),
            ("qwen2.5-coder:7b", Some(32_768))
        ]
    );
    assert!(models.iter().all(|model| model.size_bytes > 4_000_000_000
        && model.parameter_size.as_deref() == Some("7.6B")
        && model.quantization.as_deref() == Some("Q4_K_M")));

    // Nothing listening: a connection error naming the base.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    drop(listener);
    let error = llm::ollama_models(&base).await.unwrap_err();
    assert!(matches!(error, LlmError::Connection { .. }), "{error:?}");
    assert!(error.to_string().contains(&base), "{error}");
}

#[tokio::test]
async fn history_is_sent_in_order_without_images_fields() {
    let mock = MockLlm::start().await;
    mock.ollama_model("qwen2.5-coder", Some(32_768));
    mock.push(Reply::ollama_text(["ok"]));
    let mut chat = request("unused");
    chat.messages = vec![
        message(Role::User, "first", false),
        message(Role::Assistant, "Ok.", false),
        message(Role::User, "second", true),
    ];
    chat.max_tokens = Some(500);
    chat.temperature = Some(0.3);
    run(provider(&mock, "ollama/qwen2.5-coder", |_| {}).stream(chat)).await;
    let body = &mock.requests_to("/api/chat")[0].body;
    assert_eq!(
        body["messages"],
        json!([
            {"role": "system", "content": "You are a careful programmer."},
            {"role": "user", "content": "first"},
            {"role": "assistant", "content": "Ok."},
            {"role": "user", "content": "second"}
        ])
    );
    assert_eq!(body["options"]["num_predict"], 500);
    assert!((body["options"]["temperature"].as_f64().unwrap() - 0.3).abs() < 1e-6);
}

#[tokio::test]
async fn a_num_ctx_in_the_settings_is_sent_as_it_is_and_bounds_the_prompt() {
    let mock = MockLlm::start().await;
    mock.ollama_model("qwen2.5-coder", Some(32_768));
    mock.push(Reply::ollama_text(["ok"]));
    let (mut settings, _) = llm::resolve_model("ollama/qwen2.5-coder", None).unwrap();
    settings.extra_params =
        serde_json::from_str(r#"{"num_ctx": 65536, "top_p": 0.9, "keep_alive": "10m"}"#).unwrap();
    let connection = Connection {
        api_key: None,
        ..connection(&mock.ollama_base())
    };
    let chat = llm::connect(&settings, &connection, &|_| None).unwrap();
    let outcome = run(chat.stream(request("hi"))).await;
    assert_eq!(outcome.text, "ok", "{:?}", outcome.error);
    let sent = mock.requests_to("/api/chat");
    assert_eq!(sent[0].body["options"]["num_ctx"], 65_536);
    assert_eq!(sent[0].body["options"]["top_p"], 0.9);
    assert_eq!(sent[0].body["keep_alive"], "10m");
    assert!(
        outcome.notices.is_empty(),
        "a fixed size is not raised: {:?}",
        outcome.notices
    );

    // A prompt larger than the fixed size is refused before it is sent.
    settings.extra_params = serde_json::from_str(r#"{"num_ctx": 2048}"#).unwrap();
    let chat = llm::connect(&settings, &connection, &|_| None).unwrap();
    let outcome = run(chat.stream(request_of(5_000))).await;
    assert!(
        matches!(outcome.error, Some(LlmError::ContextWindowExceeded { .. })),
        "{:?}",
        outcome.error
    );
    assert_eq!(mock.requests_to("/api/chat").len(), 1);
}
