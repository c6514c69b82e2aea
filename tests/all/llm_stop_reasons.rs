//! Every provider reports the stop reason it was given, streamed and plain, and only a
//! `Length` stop is continued.

use crate::support::mock_llm;
use crate::support::provider_harness;

use std::sync::Arc;

use aider_tui::llm::{self, Connection, Provider, StopReason};
use mock_llm::{MockLlm, Reply, Stop};
use provider_harness::{connection, request, run};

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

async fn stop_of(model: &str, stop: Stop, stream: bool) -> StopReason {
    let mock = MockLlm::start().await;
    mock.ollama_model("qwen2.5-coder", Some(32_768));
    mock.push(Reply::text(["some text"]).stop(stop));
    let outcome = run(provider(&mock, model, stream).stream(request("hi"))).await;
    assert_eq!(outcome.text, "some text", "{:?}", outcome.error);
    outcome.finished.expect("finished").1
}

#[tokio::test]
async fn each_wire_names_its_stops() {
    let cases = [
        ("gpt-4o", Stop::End, StopReason::End),
        ("gpt-4o", Stop::Length, StopReason::Length),
        (
            "gpt-4o",
            Stop::Named("content_filter"),
            StopReason::ContentFilter,
        ),
        ("gpt-4o", Stop::Named("tool_calls"), StopReason::ToolUse),
        ("gpt-4o", Stop::Named("function_call"), StopReason::ToolUse),
        (
            "gpt-4o",
            Stop::Named("abort"),
            StopReason::Other("abort".into()),
        ),
        ("sonnet", Stop::End, StopReason::End),
        ("sonnet", Stop::Named("stop_sequence"), StopReason::End),
        ("sonnet", Stop::Length, StopReason::Length),
        ("sonnet", Stop::Named("refusal"), StopReason::Refusal),
        ("sonnet", Stop::Named("pause_turn"), StopReason::Paused),
        ("sonnet", Stop::Named("tool_use"), StopReason::ToolUse),
        (
            "sonnet",
            Stop::Named("model_context_window_exceeded"),
            StopReason::Other("model_context_window_exceeded".into()),
        ),
        ("ollama/qwen2.5-coder", Stop::End, StopReason::End),
        ("ollama/qwen2.5-coder", Stop::Length, StopReason::Length),
        (
            "ollama/qwen2.5-coder",
            Stop::Named("unload"),
            StopReason::Other("unload".into()),
        ),
    ];
    for (model, stop, expected) in cases {
        for stream in [true, false] {
            let got = stop_of(model, stop, stream).await;
            assert_eq!(got, expected, "{model} {stop:?} stream={stream}");
            assert_eq!(got.is_complete(), expected == StopReason::End);
        }
    }
}

#[tokio::test]
async fn only_a_length_stop_is_continued_and_the_last_round_decides() {
    // A filtered reply is not continued even though the model takes a prefill.
    let mock = MockLlm::start().await;
    mock.push(Reply::text(["cut by a filter"]).stop(Stop::Named("refusal")));
    mock.push(Reply::text(["must not be asked for"]));
    let outcome = run(llm::stream_with_continuation(
        provider(&mock, "sonnet", true),
        request("hi"),
        3,
    ))
    .await;
    assert_eq!(
        outcome.finished.map(|(_, stop)| stop),
        Some(StopReason::Refusal)
    );
    assert_eq!(mock.requests().len(), 1);

    // Continued after Length, the second round's refusal is what the reply reports.
    let mock = MockLlm::start().await;
    mock.push(Reply::text(["first part"]).length());
    mock.push(Reply::text([" then refused"]).stop(Stop::Named("refusal")));
    let outcome = run(llm::stream_with_continuation(
        provider(&mock, "sonnet", true),
        request("hi"),
        3,
    ))
    .await;
    assert_eq!(outcome.text, "first part then refused");
    assert_eq!(
        outcome.finished.map(|(_, stop)| stop),
        Some(StopReason::Refusal)
    );
    assert_eq!(mock.requests().len(), 2);

    // Still cut after every allowed continuation: Length, so the engine marks it cut.
    let mock = MockLlm::start().await;
    for piece in ["a", "b", "c"] {
        mock.push(Reply::text([piece]).length());
    }
    let outcome = run(llm::stream_with_continuation(
        provider(&mock, "deepseek", true),
        request("hi"),
        2,
    ))
    .await;
    assert_eq!(outcome.text, "abc");
    let stop = outcome.finished.expect("finished").1;
    assert_eq!(stop, StopReason::Length);
    assert!(!stop.is_complete());
    assert_eq!(mock.requests().len(), 3);
}

#[test]
fn every_cut_stop_describes_itself_in_one_line() {
    for stop in [
        StopReason::Length,
        StopReason::ContentFilter,
        StopReason::Refusal,
        StopReason::ToolUse,
        StopReason::Paused,
        StopReason::Other("weird".into()),
    ] {
        let text = stop.describe();
        assert!(!stop.is_complete());
        assert!(!text.is_empty() && !text.contains('\n'), "{text}");
    }
    assert!(
        StopReason::Other("weird".into())
            .describe()
            .contains("weird")
    );
    assert!(StopReason::End.is_complete());
}
