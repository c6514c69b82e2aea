//! Azure OpenAI (`azure/DEPLOYMENT`) against a mock with Azure's routes, key header and
//! error bodies: the deployment route with its `api-version` and the v1 route, the
//! `api-key` header and an Entra ID token, streaming (an empty-choices chunk first),
//! 429 with `retry-after-ms`, the content filter's 400 and its `finish_reason`, a
//! refused key naming the variable to set, a cut stream, and a whole engine turn.

use std::collections::BTreeMap;
use std::time::Duration;

use aider_tui::llm::{self, Connection, LlmError, Provider, StopReason};
use aider_tui::protocol::{EditStatus, Event, TurnOutcome};

use crate::support::engine::{COMMIT_REQUEST_MARK, TestRepo, block, run_once, settings};
use crate::support::mock_llm::Reply;
use crate::support::mock_provider::{
    ProviderMock, azure_content_filter, azure_rate_limited, azure_reply, azure_stream,
};
use crate::support::provider_harness::{request, run};

const KEY: &str = "azure-key-5f2e9c01";

fn env_of(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs
        .iter()
        .map(|(name, value)| (name.to_string(), value.to_string()))
        .collect()
}

/// `azure/DEPLOYMENT` connected with `env` alone.
fn azure(
    deployment: &str,
    env: &BTreeMap<String, String>,
) -> Result<std::sync::Arc<dyn Provider>, LlmError> {
    let (settings, _) = llm::resolve_model(&format!("azure/{deployment}"), None).unwrap();
    assert_eq!(settings.service, "azure");
    let connection = Connection {
        max_retries: 2,
        first_byte_timeout: Duration::from_secs(5),
        request_timeout: Duration::from_secs(5),
        ..Connection::default()
    };
    llm::connect(&settings, &connection, &|name: &str| env.get(name).cloned())
}

#[tokio::test]
async fn a_deployment_streams_at_its_route_with_the_api_key_header_and_a_version() {
    let mock = ProviderMock::azure(KEY, None).await;
    mock.llm.push(azure_reply(["Hello", " from", " Azure"]));
    let env = env_of(&[("AZURE_API_BASE", &mock.base()), ("AZURE_API_KEY", KEY)]);
    let outcome = run(azure("gpt-4o", &env).unwrap().stream(request("hi"))).await;

    assert_eq!(outcome.error, None);
    assert_eq!(outcome.text, "Hello from Azure");
    let (usage, stop) = outcome.finished.unwrap();
    assert_eq!(stop, StopReason::End);
    assert_eq!(usage.input_tokens, 120);
    let seen = mock.seen();
    assert_eq!(seen.len(), 1);
    assert_eq!(seen[0].path, "/openai/deployments/gpt-4o/chat/completions");
    assert_eq!(
        seen[0].query.as_deref(),
        Some("api-version=2025-02-01-preview")
    );
    assert_eq!(seen[0].header("api-key"), Some(KEY));
    assert_eq!(seen[0].header("authorization"), None);
    let body: serde_json::Value = serde_json::from_str(&seen[0].body).unwrap();
    assert_eq!(body["model"], "gpt-4o");
    assert_eq!(body["stream"], true);
}

#[tokio::test]
async fn the_version_variable_picks_a_dated_route_or_the_v1_route() {
    let mock = ProviderMock::azure(KEY, None).await;
    mock.llm.fallback(Reply::text(["ok"]));
    // Written with Azure's own path, as the portal shows it: forgiven.
    let base = format!("{}/openai/", mock.base());
    for (version, path, query) in [
        (
            "2024-10-21",
            "/openai/deployments/my-coder/chat/completions",
            Some("api-version=2024-10-21"),
        ),
        ("v1", "/openai/v1/chat/completions", None),
        ("latest", "/openai/v1/chat/completions", None),
        ("preview", "/openai/v1/chat/completions", None),
    ] {
        let env = env_of(&[
            ("AZURE_API_BASE", &base),
            ("AZURE_OPENAI_API_KEY", KEY),
            ("AZURE_API_VERSION", version),
        ]);
        let outcome = run(azure("my-coder", &env).unwrap().stream(request("hi"))).await;
        assert_eq!(outcome.error, None, "{version}");
        let seen = mock.seen().pop().unwrap();
        assert_eq!(seen.path, path, "{version}");
        assert_eq!(seen.query.as_deref(), query, "{version}");
        let body: serde_json::Value = serde_json::from_str(&seen.body).unwrap();
        assert_eq!(body["model"], "my-coder", "the body names the deployment");
    }
}

#[tokio::test]
async fn an_entra_id_token_goes_as_a_bearer_token_when_no_key_is_set() {
    let mock = ProviderMock::azure("unused-key-000", Some("entra-token-abc123")).await;
    mock.llm.push(azure_reply(["ok"]));
    let env = env_of(&[
        ("AZURE_API_BASE", &mock.base()),
        ("AZURE_AD_TOKEN", "entra-token-abc123"),
    ]);
    let outcome = run(azure("gpt-4o", &env).unwrap().stream(request("hi"))).await;
    assert_eq!(outcome.error, None);
    let seen = mock.seen().pop().unwrap();
    assert_eq!(
        seen.header("authorization"),
        Some("Bearer entra-token-abc123")
    );
    assert_eq!(seen.header("api-key"), None);
}

#[tokio::test]
async fn no_base_or_no_key_is_refused_before_anything_is_sent() {
    let missing_base = azure("gpt-4o", &env_of(&[("AZURE_API_KEY", KEY)]))
        .err()
        .unwrap();
    assert!(
        matches!(&missing_base, LlmError::MissingBase { variable, .. } if variable == "AZURE_API_BASE"),
        "{missing_base:?}"
    );
    assert!(missing_base.to_string().contains("AZURE_API_BASE"));
    let missing_key = azure(
        "gpt-4o",
        &env_of(&[("AZURE_API_BASE", "http://127.0.0.1:9")]),
    )
    .err()
    .unwrap();
    let line = missing_key.to_string();
    assert!(matches!(missing_key, LlmError::MissingKey { .. }), "{line}");
    for part in ["AZURE_API_KEY", "AZURE_AD_TOKEN", "--api-key azure=KEY"] {
        assert!(line.contains(part), "{part} in {line}");
    }
}

#[tokio::test]
async fn a_refused_key_gets_azures_401_and_names_the_variable() {
    let mock = ProviderMock::azure(KEY, None).await;
    mock.llm.fallback(azure_reply(["never"]));
    let env = env_of(&[
        ("AZURE_API_BASE", &mock.base()),
        ("AZURE_API_KEY", "azure-wrong-key-77"),
    ]);
    let outcome = run(azure("gpt-4o", &env).unwrap().stream(request("hi"))).await;
    let error = outcome.error.unwrap();
    let line = error.to_string();
    assert!(
        matches!(error, LlmError::Auth { status: 401, .. }),
        "{line}"
    );
    assert!(line.contains("Access denied"), "{line}");
    assert!(line.contains("AZURE_API_KEY"), "{line}");
    assert!(!line.contains("azure-wrong-key-77"), "{line}");
    assert_eq!(mock.seen().len(), 1, "an auth error is not retried");
}

#[tokio::test]
async fn the_mock_refuses_a_deployment_route_without_a_version_as_azure_does() {
    let mock = ProviderMock::azure(KEY, None).await;
    mock.llm.fallback(azure_reply(["never"]));
    let client = reqwest::Client::new();
    let url = format!("{}/openai/deployments/gpt-4o/chat/completions", mock.base());
    let response = client
        .post(&url)
        .header("api-key", KEY)
        .body(r#"{"messages":[],"stream":true}"#)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 404);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["error"]["message"], "Resource not found");
    let keyless = client
        .post(format!("{url}?api-version=2024-10-21"))
        .body("{}")
        .send()
        .await
        .unwrap();
    assert_eq!(keyless.status(), 401);
}

#[tokio::test]
async fn a_rate_limit_waits_as_long_as_retry_after_ms_says_then_succeeds() {
    let mock = ProviderMock::azure(KEY, None).await;
    mock.llm.push(azure_rate_limited(40));
    mock.llm.push(azure_reply(["after", " the wait"]));
    let env = env_of(&[("AZURE_API_BASE", &mock.base()), ("AZURE_API_KEY", KEY)]);
    let outcome = run(azure("gpt-4o", &env).unwrap().stream(request("hi"))).await;
    assert_eq!(outcome.error, None);
    assert_eq!(outcome.text, "after the wait");
    assert_eq!(outcome.retries.len(), 1);
    assert_eq!(outcome.retries[0].1, Duration::from_millis(40));
    assert!(outcome.retry_reasons[0].contains("rate limited"));
    assert_eq!(mock.seen().len(), 2);
}

#[tokio::test]
async fn the_content_filter_refusal_is_said_plainly_and_not_retried() {
    let mock = ProviderMock::azure(KEY, None).await;
    mock.llm.push(azure_content_filter());
    mock.llm.push(azure_reply(["must not be asked for"]));
    let env = env_of(&[("AZURE_API_BASE", &mock.base()), ("AZURE_API_KEY", KEY)]);
    let outcome = run(azure("gpt-4o", &env).unwrap().stream(request("hi"))).await;
    let error = outcome.error.unwrap();
    let line = error.to_string();
    assert!(matches!(error, LlmError::ContentFiltered { .. }), "{line}");
    assert!(!error.is_retryable());
    for part in ["content filter", "violence (high)", "not retried"] {
        assert!(line.contains(part), "{part} in {line}");
    }
    assert!(outcome.retries.is_empty());
    assert_eq!(mock.seen().len(), 1);
}

#[tokio::test]
async fn a_reply_the_filter_cut_ends_with_the_content_filter_stop() {
    let mock = ProviderMock::azure(KEY, None).await;
    mock.llm
        .push(azure_stream(["The first half"], "content_filter"));
    let env = env_of(&[("AZURE_API_BASE", &mock.base()), ("AZURE_API_KEY", KEY)]);
    let outcome = run(azure("gpt-4o", &env).unwrap().stream(request("hi"))).await;
    assert_eq!(outcome.error, None);
    assert_eq!(outcome.text, "The first half");
    let (_, stop) = outcome.finished.unwrap();
    assert_eq!(stop, StopReason::ContentFilter);
    assert!(!stop.is_complete());
}

#[tokio::test]
async fn a_stream_cut_before_done_is_an_interrupted_reply() {
    let mock = ProviderMock::azure(KEY, None).await;
    mock.llm
        .push(azure_reply(["one", " two", " three"]).dropped_after(3));
    let env = env_of(&[("AZURE_API_BASE", &mock.base()), ("AZURE_API_KEY", KEY)]);
    let outcome = run(azure("gpt-4o", &env).unwrap().stream(request("hi"))).await;
    assert!(
        matches!(outcome.error, Some(LlmError::Interrupted { .. })),
        "{:?}",
        outcome.error
    );
    assert_eq!(outcome.finished, None);
}

#[tokio::test]
async fn an_engine_turn_on_azure_applies_the_edit_and_commits() {
    const HELLO: &str = "def greet():\n    return \"hello\"\n";
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let mock = ProviderMock::azure(KEY, None).await;
    mock.llm
        .rule(COMMIT_REQUEST_MARK, azure_reply(["feat: greet from Azure"]));
    let reply = block(
        "hello.py",
        "    return \"hello\"\n",
        "    return \"hello from azure\"\n",
    );
    mock.llm.push(azure_reply(
        reply
            .split_inclusive('\n')
            .map(str::to_string)
            .collect::<Vec<_>>(),
    ));
    let mut settings = settings(&repo.root(), "unused", &["hello.py"]);
    settings.model = Some("azure/gpt-4o".into());
    settings.weak_model = Some("azure/gpt-4o-mini".into());
    settings.api_base = None;
    settings.api_key = None;
    settings.env.insert("AZURE_API_BASE".into(), mock.base());
    settings.env.insert("AZURE_API_KEY".into(), KEY.into());

    let run = run_once(settings, "Greet from Azure").await;

    assert_eq!(run.outcome, TurnOutcome::Success);
    assert_eq!(
        repo.read("hello.py"),
        "def greet():\n    return \"hello from azure\"\n"
    );
    let applied: Vec<EditStatus> = run
        .events
        .iter()
        .filter_map(|event| match event {
            Event::EditResults { results } => Some(results.clone()),
            _ => None,
        })
        .flatten()
        .map(|result| result.status)
        .collect();
    assert_eq!(applied, [EditStatus::Applied]);
    assert!(
        repo.log()[0].starts_with("feat: greet from Azure"),
        "{:?}",
        repo.log()
    );
    let paths: Vec<String> = mock.seen().into_iter().map(|seen| seen.path).collect();
    assert!(paths.contains(&"/openai/deployments/gpt-4o/chat/completions".to_string()));
    assert!(
        paths.contains(&"/openai/deployments/gpt-4o-mini/chat/completions".to_string()),
        "{paths:?}"
    );
}
