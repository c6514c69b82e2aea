//! The OpenAI-compatible provider against the loopback mock: wire shapes, faults, retries,
//! continuation and key hygiene.

use crate::support::mock_llm;
use crate::support::provider_harness;

use std::sync::Arc;
use std::time::Duration;

use aider_tui::llm::{self, Connection, LlmError, Provider, StopReason, Usage};
use mock_llm::{MockLlm, MockUsage, Reply};
use provider_harness::{ErrorCheck, KEY, connection, request, run};

fn provider(
    mock: &MockLlm,
    model: &str,
    adjust: impl FnOnce(&mut Connection),
) -> Arc<dyn Provider> {
    let (settings, _) = llm::resolve_model(model, None).unwrap();
    let mut connection = connection(&mock.openai_base());
    adjust(&mut connection);
    llm::connect(&settings, &connection, &|_| None).unwrap()
}

#[tokio::test]
async fn streams_text_and_usage_with_the_expected_request_shape() {
    let mock = MockLlm::start().await;
    mock.push(
        Reply::openai_text(["Hello", ", ", "world"]).usage(MockUsage {
            input: 50,
            output: 3,
            cache_read: 400,
            cache_write: 0,
        }),
    );
    let outcome = run(provider(&mock, "gpt-4o", |_| {}).stream(request("hi"))).await;
    assert_eq!(outcome.text, "Hello, world");
    let (usage, stop) = outcome.finished.expect("finished");
    assert_eq!(stop, StopReason::End);
    assert_eq!(
        usage,
        Usage {
            input_tokens: 50,
            output_tokens: 3,
            cache_read_tokens: 400,
            cache_write_tokens: 0
        }
    );

    let requests = mock.requests();
    assert_eq!(requests.len(), 1);
    let sent = &requests[0];
    assert_eq!(sent.path, "/v1/chat/completions");
    assert!(sent.credential_is(KEY));
    assert_eq!(sent.header("authorization"), Some("[redacted]"));
    let body = &sent.body;
    assert_eq!(body["model"], "gpt-4o");
    assert_eq!(body["stream"], true);
    assert_eq!(body["stream_options"]["include_usage"], true);
    assert_eq!(body["temperature"], 0.0);
    assert_eq!(body["messages"][0]["role"], "system");
    assert_eq!(body["messages"][1]["role"], "user");
    assert_eq!(body["messages"][1]["content"], "hi");
    assert!(body.get("max_tokens").is_none());
}

#[tokio::test]
async fn reasoning_models_get_max_completion_tokens_and_no_temperature() {
    let mock = MockLlm::start().await;
    mock.push(Reply::text(["ok"]).reasoning(["first ", "think"]));
    let mut chat = request("hi");
    chat.max_tokens = Some(1000);
    chat.temperature = Some(0.7);
    let outcome = run(provider(&mock, "o3-mini", |_| {}).stream(chat)).await;
    assert_eq!(outcome.reasoning, "first think");
    assert_eq!(outcome.text, "ok");
    let body = &mock.requests()[0].body;
    assert_eq!(body["max_completion_tokens"], 1000);
    assert!(body.get("max_tokens").is_none());
    assert!(body.get("temperature").is_none());
}

#[tokio::test]
async fn rate_limit_is_retried_after_retry_after_ms_and_seconds() {
    let mock = MockLlm::start().await;
    mock.push(Reply::status(429).retry_after_ms(20));
    mock.push(Reply::status(429).retry_after(1));
    mock.push(Reply::text(["finally"]));
    let outcome = run(provider(&mock, "gpt-4o", |_| {}).stream(request("hi"))).await;
    assert!(outcome.error.is_none(), "{:?}", outcome.error);
    assert_eq!(outcome.text, "finally");
    assert_eq!(mock.requests().len(), 3);
    // Each retry is announced, with the server's wait, before any text.
    assert_eq!(
        outcome.retries,
        vec![
            (1, std::time::Duration::from_millis(20), false),
            (2, std::time::Duration::from_secs(1), false)
        ]
    );
}

#[tokio::test]
async fn server_errors_are_retried_and_exhaustion_names_provider_and_status() {
    let mock = MockLlm::start().await;
    mock.push(Reply::status(500).retry_after_ms(5));
    mock.push(Reply::status(503).retry_after_ms(5));
    mock.push(Reply::text(["ok"]));
    let outcome = run(provider(&mock, "gpt-4o", |_| {}).stream(request("hi"))).await;
    assert_eq!(outcome.text, "ok");

    let mock = MockLlm::start().await;
    for _ in 0..3 {
        mock.push(Reply::status(429).retry_after_ms(5));
    }
    let outcome = run(provider(&mock, "gpt-4o", |_| {}).stream(request("hi"))).await;
    let error = outcome.error.expect("an error");
    assert!(
        matches!(error, LlmError::RateLimited { attempts: 3, .. }),
        "{error:?}"
    );
    let line = error.to_string();
    assert!(
        line.starts_with("openai: rate limited (HTTP 429)"),
        "{line}"
    );
    assert!(!line.contains('\n'));
    assert_eq!(mock.requests().len(), 3, "two retries, then give up");
}

#[tokio::test]
async fn auth_quota_and_context_errors_are_not_retried() {
    let cases: Vec<(Reply, ErrorCheck)> = vec![
        (
            Reply::status(401).error_message(&format!("Incorrect API key provided: {KEY}.")),
            |error| matches!(error, LlmError::Auth { status: 401, .. }),
        ),
        (Reply::status(403), |error| {
            matches!(error, LlmError::Auth { status: 403, .. })
        }),
        (Reply::status(404), |error| {
            matches!(error, LlmError::Http { status: 404, .. })
        }),
        (Reply::quota(), |error| {
            matches!(error, LlmError::QuotaExceeded { .. })
        }),
        (Reply::context_too_long(), |error| {
            matches!(error, LlmError::ContextWindowExceeded { .. })
        }),
    ];
    for (reply, expected) in cases {
        let mock = MockLlm::start().await;
        mock.push(reply.retry_after_ms(5));
        mock.push(Reply::text(["must not be reached"]));
        let outcome = run(provider(&mock, "gpt-4o", |_| {}).stream(request("hi"))).await;
        let error = outcome.error.expect("an error");
        assert!(expected(&error), "{error:?}");
        assert_eq!(mock.requests().len(), 1, "{error} must not be retried");
        let line = error.to_string();
        assert!(line.starts_with("openai: "), "{line}");
        assert!(!line.contains(KEY), "{line}");
        assert!(!format!("{error:?}").contains(KEY));
    }
}

#[tokio::test]
async fn a_dropped_stream_after_content_is_an_error_not_a_reply() {
    let mock = MockLlm::start().await;
    mock.push(Reply::text(["partial ", "reply ", "never ", "ends"]).dropped_after(3));
    mock.push(Reply::text(["must not be retried after content"]));
    let outcome = run(provider(&mock, "gpt-4o", |_| {}).stream(request("hi"))).await;
    assert_eq!(outcome.text, "partial reply ");
    assert!(outcome.finished.is_none());
    assert!(
        matches!(outcome.error, Some(LlmError::Interrupted { .. })),
        "{:?}",
        outcome.error
    );
    assert_eq!(mock.requests().len(), 1);

    // A clean close without [DONE] is just as incomplete.
    let mock = MockLlm::start().await;
    mock.push(Reply::text(["a", "b", "c"]).truncated_after(3));
    let outcome = run(provider(&mock, "gpt-4o", |_| {}).stream(request("hi"))).await;
    assert!(outcome.finished.is_none());
    let error = outcome.error.expect("interrupted");
    assert!(error.to_string().contains("[DONE]"), "{error}");
}

#[tokio::test]
async fn a_stream_dropped_before_any_content_is_retried() {
    let mock = MockLlm::start().await;
    mock.push(Reply::text(["x"]).dropped_after(1));
    mock.push(Reply::text(["whole"]));
    let outcome = run(provider(&mock, "gpt-4o", |_| {}).stream(request("hi"))).await;
    assert_eq!(outcome.text, "whole");
    assert!(outcome.finished.is_some());
    assert_eq!(mock.requests().len(), 2);
}

#[tokio::test]
async fn an_error_event_mid_stream_interrupts_without_retry() {
    let mock = MockLlm::start().await;
    mock.push(Reply::text(["some ", "text"]).error_midstream());
    let outcome = run(provider(&mock, "gpt-4o", |_| {}).stream(request("hi"))).await;
    assert_eq!(outcome.text, "some text");
    let error = outcome.error.expect("error");
    assert!(matches!(error, LlmError::Interrupted { .. }));
    assert!(error.to_string().contains("server_error"), "{error}");
    assert_eq!(mock.requests().len(), 1);
}

#[tokio::test]
async fn hangs_time_out_before_and_during_the_reply() {
    let mock = MockLlm::start().await;
    mock.push(Reply::text(["never"]).hang());
    let quick = |connection: &mut Connection| {
        connection.request_timeout = Duration::from_millis(300);
        connection.max_retries = 0;
    };
    let outcome = run(provider(&mock, "gpt-4o", quick).stream(request("hi"))).await;
    assert!(
        matches!(outcome.error, Some(LlmError::Timeout { .. })),
        "{:?}",
        outcome.error
    );

    mock.push(Reply::text(["started ", "then stalls"]).hang_after(2));
    let outcome = run(provider(&mock, "gpt-4o", quick).stream(request("hi"))).await;
    assert_eq!(outcome.text, "started ");
    assert!(outcome.finished.is_none());
    assert!(
        matches!(outcome.error, Some(LlmError::Timeout { .. })),
        "{:?}",
        outcome.error
    );
}

#[tokio::test]
async fn one_byte_writes_keep_multibyte_text_intact_and_noise_is_ignored() {
    let mock = MockLlm::start().await;
    let pieces = ["héllo ", "wörld ✓ ", "日本語 🎉"];
    mock.push(Reply::text(pieces).one_byte_writes());
    mock.push(
        Reply::text(pieces)
            .noise()
            .usage_choices_null()
            .usage(MockUsage {
                input: 7,
                output: 9,
                cache_read: 0,
                cache_write: 0,
            }),
    );
    let chat = provider(&mock, "gpt-4o", |_| {});
    let outcome = run(chat.stream(request("hi"))).await;
    assert_eq!(outcome.text, pieces.concat());
    assert!(outcome.finished.is_some());
    let outcome = run(chat.stream(request("hi"))).await;
    assert_eq!(outcome.text, pieces.concat());
    let (usage, _) = outcome.finished.expect("finished");
    assert_eq!(usage.output_tokens, 9);
    assert_eq!(usage.input_tokens, 7);
}

#[tokio::test]
async fn plain_requests_without_streaming_yield_the_same_events() {
    let mock = MockLlm::start().await;
    mock.push(Reply::text(["all ", "at once"]).length());
    let chat = provider(&mock, "gpt-4o", |connection| connection.stream = false);
    let outcome = run(chat.stream(request("hi"))).await;
    assert_eq!(outcome.text, "all at once");
    assert_eq!(
        outcome.finished.map(|(_, stop)| stop),
        Some(StopReason::Length)
    );
    let body = &mock.requests()[0].body;
    assert_eq!(body["stream"], false);
    assert!(body.get("stream_options").is_none());
}

#[tokio::test]
async fn a_reply_cut_at_the_limit_is_continued_with_prefill() {
    let mock = MockLlm::start().await;
    mock.push(Reply::text(["first half\n"]).length().usage(MockUsage {
        input: 10,
        output: 5,
        cache_read: 0,
        cache_write: 0,
    }));
    mock.push(Reply::text(["\nsecond half"]).usage(MockUsage {
        input: 15,
        output: 4,
        cache_read: 0,
        cache_write: 0,
    }));
    // DeepSeek continues a final assistant message marked as a prefix; base from its variable.
    let (settings, _) = llm::resolve_model("deepseek", None).unwrap();
    let base = mock.openai_base();
    let chat = llm::connect(
        &settings,
        &Connection {
            api_base: None,
            ..connection("")
        },
        &|name| (name == "DEEPSEEK_API_BASE").then(|| base.clone()),
    )
    .unwrap();
    assert!(chat.supports_prefill());
    let outcome = run(llm::stream_with_continuation(
        chat,
        request("write a lot"),
        2,
    ))
    .await;
    assert_eq!(outcome.text, "first half\nsecond half");
    let (usage, stop) = outcome.finished.expect("finished");
    assert_eq!(stop, StopReason::End);
    assert_eq!(usage.input_tokens, 25);
    assert_eq!(usage.output_tokens, 9);
    let requests = mock.requests();
    assert_eq!(requests.len(), 2);
    assert!(requests[1].credential_is(KEY));
    let messages = requests[1].body["messages"].as_array().unwrap();
    let last = messages.last().unwrap();
    assert_eq!(last["role"], "assistant");
    assert_eq!(last["content"], "first half");
    assert_eq!(last["prefix"], true);
}

#[tokio::test]
async fn without_prefill_support_the_length_stop_is_reported() {
    let mock = MockLlm::start().await;
    mock.push(Reply::text(["cut"]).length());
    let outcome = run(llm::stream_with_continuation(
        provider(&mock, "gpt-4o", |_| {}),
        request("hi"),
        3,
    ))
    .await;
    assert_eq!(
        outcome.finished.map(|(_, stop)| stop),
        Some(StopReason::Length)
    );
    assert_eq!(mock.requests().len(), 1);
}

#[tokio::test]
async fn complete_collects_text_and_usage() {
    let mock = MockLlm::start().await;
    mock.push(Reply::text(["feat: ", "add greeting"]).reasoning(["hmm"]));
    let chat = provider(&mock, "gpt-4o-mini", |_| {});
    let (text, usage) = llm::complete(chat.as_ref(), request("diff")).await.unwrap();
    assert_eq!(text, "feat: add greeting");
    assert_eq!(usage.input_tokens, 100);
}

#[tokio::test]
async fn keys_and_bases_come_from_the_environment() {
    let mock = MockLlm::start().await;
    mock.push(Reply::text(["ok"]));
    let (settings, _) = llm::resolve_model("openai/gpt-4o", None).unwrap();
    let base = mock.openai_base();
    let env = |name: &str| match name {
        "OPENAI_API_BASE" => Some(base.clone()),
        "OPENAI_API_KEY" => Some("sk-from-environment-000".to_string()),
        _ => None,
    };
    let chat = llm::connect(
        &settings,
        &Connection {
            api_base: None,
            api_key: None,
            ..connection("")
        },
        &env,
    )
    .unwrap();
    assert_eq!(run(chat.stream(request("hi"))).await.text, "ok");
    assert!(mock.requests()[0].credential_is("sk-from-environment-000"));
}

#[tokio::test]
async fn a_missing_key_is_a_one_line_hint_and_connections_hide_keys() {
    for (model, variable) in [
        ("gpt-4o", "OPENAI_API_KEY"),
        ("sonnet", "ANTHROPIC_API_KEY"),
        (
            "openrouter/anthropic/claude-sonnet-4-5",
            "OPENROUTER_API_KEY",
        ),
        ("deepseek", "DEEPSEEK_API_KEY"),
        ("groq/llama-3.3-70b-versatile", "GROQ_API_KEY"),
        ("mistral/codestral-latest", "MISTRAL_API_KEY"),
        ("gemini", "GEMINI_API_KEY"),
    ] {
        let (settings, _) = llm::resolve_model(model, None).unwrap();
        let error = llm::connect(&settings, &Connection::default(), &|_| None)
            .err()
            .expect("missing key");
        assert_eq!(
            error,
            LlmError::MissingKey {
                provider: settings.service.clone(),
                variable: variable.into()
            }
        );
        let line = error.to_string();
        assert!(
            line.contains(variable) && line.contains("--api-key") && !line.contains('\n'),
            "{line}"
        );
    }
    let (ollama, _) = llm::resolve_model("ollama/qwen2.5-coder", None).unwrap();
    assert!(llm::connect(&ollama, &Connection::default(), &|_| None).is_ok());
    let shown = format!("{:?}", connection("http://127.0.0.1:1/v1"));
    assert!(!shown.contains(KEY), "{shown}");
}

#[tokio::test]
async fn an_unreachable_server_is_a_connection_error() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}/v1", listener.local_addr().unwrap());
    drop(listener);
    let (settings, _) = llm::resolve_model("gpt-4o", None).unwrap();
    let chat = llm::connect(
        &settings,
        &Connection {
            max_retries: 0,
            ..connection(&base)
        },
        &|_| None,
    )
    .unwrap();
    let outcome = run(chat.stream(request("hi"))).await;
    let error = outcome.error.expect("error");
    assert!(matches!(error, LlmError::Connection { .. }), "{error:?}");
    assert!(error.to_string().contains(&base), "{error}");
}

#[tokio::test]
async fn a_key_in_the_base_query_reaches_the_server_and_no_message() {
    let mock = MockLlm::start().await;
    mock.push(Reply::text(["ok"]));
    mock.push(
        Reply::status(404)
            .error_message(&format!("no route for /v1/chat/completions?api-key={KEY}")),
    );
    let base = format!("{}?api-key={KEY}", mock.openai_base());
    let chat = provider(&mock, "gpt-4o", |connection| {
        connection.api_base = Some(base.clone());
        connection.api_key = None;
    });
    assert_eq!(run(chat.stream(request("hi"))).await.text, "ok");
    let sent = &mock.requests()[0];
    assert_eq!(sent.path, "/v1/chat/completions");
    assert_eq!(sent.query, Some(format!("api-key={KEY}")));
    assert!(!sent.has_credential());
    let error = run(chat.stream(request("hi"))).await.error.expect("404");
    let line = error.to_string();
    assert!(!line.contains(KEY) && line.contains("[redacted]"), "{line}");

    // user:key@ in the base: sent as basic auth, unless a key is given, which wins.
    let userinfo = mock
        .openai_base()
        .replace("http://", &format!("http://user:{KEY}@"));
    for given in [None, Some("sk-given-separately-999")] {
        mock.push(Reply::text(["ok"]));
        let chat = provider(&mock, "gpt-4o", |connection| {
            connection.api_base = Some(userinfo.clone());
            connection.api_key = given.map(str::to_string);
        });
        assert_eq!(run(chat.stream(request("hi"))).await.text, "ok");
        let sent = mock.requests().pop().unwrap();
        let basic = base64::Engine::encode(
            &base64::engine::general_purpose::STANDARD,
            format!("user:{KEY}"),
        );
        match given {
            None => assert!(sent.credential_is(&format!("Basic {basic}"))),
            Some(key) => assert!(sent.credential_is(key)),
        }
    }

    // Shown masked when unreachable.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let address = listener.local_addr().unwrap();
    drop(listener);
    for written in [
        format!("http://user:{KEY}@{address}/v1"),
        format!("http://{address}/v1?key={KEY}&x-api-key={KEY}"),
    ] {
        let chat = provider(&mock, "gpt-4o", |connection| {
            connection.api_base = Some(written.clone());
            connection.max_retries = 0;
        });
        let error = run(chat.stream(request("hi")))
            .await
            .error
            .expect("unreachable");
        assert!(matches!(error, LlmError::Connection { .. }), "{error:?}");
        let line = error.to_string();
        assert!(
            !line.contains(KEY) && line.contains(&address.to_string()),
            "{line}"
        );
    }
}

#[tokio::test]
async fn compatible_server_variants_are_understood() {
    let mock = MockLlm::start().await;
    // CRLF framing, no role chunk, no usage chunk.
    mock.push(Reply::raw_sse([
        "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"a\"}}]}\r\n\r\n",
        "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"b\"},\"finish_reason\":\"stop\"}]}\r\n\r\ndata: [DONE]\r\n\r\n",
    ]));
    // A named error event whose data is not JSON.
    mock.push(Reply::raw_sse([
        "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"a\"}}]}\n\n",
        "event: error\ndata: upstream exploded\n\n",
    ]));
    // DeepSeek's cache counters and reasoning_content.
    mock.push(Reply::raw_sse([
        "data: {\"choices\":[{\"index\":0,\"delta\":{\"reasoning_content\":\"hmm\"}}]}\n\n",
        "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"ok\"},\"finish_reason\":\"stop\"}]}\n\n",
        "data: {\"choices\":[],\"usage\":{\"prompt_tokens\":1000,\"completion_tokens\":5,\"prompt_cache_hit_tokens\":800,\"prompt_cache_miss_tokens\":200}}\n\n",
        "data: [DONE]\n\n",
    ]));
    let chat = provider(&mock, "gpt-4o", |connection| connection.max_retries = 0);
    let outcome = run(chat.stream(request("hi"))).await;
    assert_eq!(outcome.text, "ab");
    assert_eq!(
        outcome.finished.map(|(_, stop)| stop),
        Some(StopReason::End)
    );

    let outcome = run(chat.stream(request("hi"))).await;
    assert!(outcome.finished.is_none());
    let error = outcome.error.expect("error");
    assert!(error.to_string().contains("upstream exploded"), "{error}");

    let outcome = run(chat.stream(request("hi"))).await;
    assert_eq!(outcome.reasoning, "hmm");
    let (usage, _) = outcome.finished.expect("finished");
    assert_eq!(
        (
            usage.input_tokens,
            usage.cache_read_tokens,
            usage.output_tokens
        ),
        (200, 800, 5)
    );
}

#[tokio::test]
async fn a_terminator_missing_only_its_blank_line_completes_but_a_cut_one_does_not() {
    let mock = MockLlm::start().await;
    let chunk = "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"a\"},\"finish_reason\":\"stop\"}]}\n\n";
    mock.push(Reply::raw_sse([chunk, "data: [DONE]"]));
    mock.push(Reply::raw_sse([chunk, "data: [DON"]));
    let chat = provider(&mock, "gpt-4o", |connection| connection.max_retries = 0);
    let outcome = run(chat.stream(request("hi"))).await;
    assert!(outcome.finished.is_some(), "{:?}", outcome.error);
    let outcome = run(chat.stream(request("hi"))).await;
    assert!(outcome.finished.is_none());
    assert!(matches!(outcome.error, Some(LlmError::Interrupted { .. })));
}
