//! Seeing and steering what the model gets, through the engine on temporary git
//! repositories and the loopback mock: the architect's plan reviewed and edited
//! before the editor runs, the context report against the request bodies actually
//! sent (and the mock's prompt cache), and local Ollama models over a session.

use crate::support::engine as engine_support;
use crate::support::mock_llm;

use std::time::Duration;

use aider_tui::protocol::{
    ContextReport, Event, NoticeLevel, Op, PlanDecision, PlanOutcome, QuestionKind, TurnOutcome,
};
use engine_support::{COMMIT_REQUEST_MARK, Driver, TestRepo, block, settings};
use mock_llm::{MockLlm, Reply};
use serde_json::Value;

const HELLO: &str = "def greet():\n    return \"hello\"\n";
const PLAN: &str = "1. In hello.py, make greet return \"hi\".\n2. Keep the function name.\n";
const EDITED_PLAN: &str =
    "1. In hello.py, make greet return \"wave\".\n2. Keep the function name.\n";

fn main_bodies(mock: &MockLlm) -> Vec<Value> {
    mock.requests()
        .into_iter()
        .map(|request| request.body)
        .filter(|body| !body.to_string().contains(COMMIT_REQUEST_MARK))
        .collect()
}

use crate::support::engine::last_user_text;

async fn next_event(driver: &mut Driver) -> Event {
    tokio::time::timeout(Duration::from_secs(60), driver.events.recv())
        .await
        .expect("timed out waiting for the engine")
        .expect("the engine stopped")
}

/// Runs one turn, answering questions yes and a plan with `decision`.
async fn turn_deciding(
    driver: &mut Driver,
    text: &str,
    decision: Option<PlanDecision>,
) -> Vec<Event> {
    driver
        .ops
        .send(Op::Submit { text: text.into() })
        .await
        .unwrap();
    let mut events = Vec::new();
    loop {
        let event = next_event(driver).await;
        match &event {
            Event::Question { id, .. } => {
                let answer = Op::Answer {
                    question: *id,
                    yes: true,
                };
                driver.ops.send(answer).await.unwrap();
            }
            Event::PlanReady { plan, .. } => {
                let decision = decision.clone().expect("no plan was expected");
                let op = Op::PlanDecide {
                    plan: *plan,
                    decision,
                };
                driver.ops.send(op).await.unwrap();
            }
            _ => {}
        }
        let done = matches!(event, Event::TurnFinished { .. });
        events.push(event);
        if done {
            return events;
        }
    }
}

fn outcome(events: &[Event]) -> TurnOutcome {
    match events.last() {
        Some(Event::TurnFinished { outcome }) => outcome.clone(),
        other => panic!("the turn did not finish: {other:?}"),
    }
}

fn architect_settings(repo: &TestRepo, mock: &MockLlm) -> aider_tui::config::Settings {
    let mut settings = settings(&repo.root(), &mock.openai_base(), &["hello.py"]);
    settings.chat_mode = "architect".to_string();
    settings.editor_model = Some("openai/gpt-4.1".to_string());
    // As the full-screen session sets it: stop for the plan.
    settings.auto_accept_architect = Some(false);
    settings
}

#[tokio::test]
async fn an_edited_plan_is_what_the_editor_gets_and_what_the_history_keeps() {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let mock = MockLlm::start().await;
    mock.rule(COMMIT_REQUEST_MARK, Reply::text(["feat: wave"]));
    mock.push(Reply::text([PLAN]));
    mock.push(Reply::text([block(
        "hello.py",
        "    return \"hello\"\n",
        "    return \"wave\"\n",
    )]));
    mock.push(Reply::text(["It waves now."]));
    let mut driver = Driver::start(architect_settings(&repo, &mock)).await;

    let events = turn_deciding(
        &mut driver,
        "Make greet friendlier",
        Some(PlanDecision::SendEdited {
            text: EDITED_PLAN.into(),
        }),
    )
    .await;

    assert_eq!(outcome(&events), TurnOutcome::Success);
    let shown = events.iter().find_map(|event| match event {
        Event::PlanReady { text, .. } => Some(text.clone()),
        _ => None,
    });
    assert_eq!(
        shown.as_deref(),
        Some(PLAN),
        "the plan as the architect wrote it"
    );
    assert!(events.iter().any(|event| matches!(
        event,
        Event::PlanDecided { outcome: PlanOutcome::SentEdited { text }, .. } if text == EDITED_PLAN
    )));
    assert!(
        !events.iter().any(|event| matches!(
            event,
            Event::Question {
                kind: QuestionKind::Confirm,
                ..
            }
        )),
        "the plan decision replaces the yes/no question"
    );
    assert_eq!(repo.read("hello.py"), "def greet():\n    return \"wave\"\n");
    let bodies = main_bodies(&mock);
    assert_eq!(bodies.len(), 2);
    assert_eq!(bodies[1]["model"], "gpt-4.1");
    assert!(
        last_user_text(&bodies[1]).starts_with(EDITED_PLAN),
        "the editor gets the edited plan: {}",
        last_user_text(&bodies[1])
    );

    let next = turn_deciding(&mut driver, "/ask does it wave?", None).await;
    assert_eq!(outcome(&next), TurnOutcome::Success);
    driver.quit().await;
    let history = main_bodies(&mock)[2].to_string();
    assert!(
        history.contains("return \\\"wave\\\".\\n2. Keep"),
        "the history has the edited plan: {history}"
    );
    assert!(
        !history.contains("return \\\"hi\\\""),
        "the plan as first written is not in the history"
    );
    let transcript =
        std::fs::read_to_string(repo.root().join(".aider-tui/chat-history.md")).unwrap_or_default();
    assert!(
        transcript.contains("Edited plan sent to the editor model")
            && transcript.contains("make greet return \"wave\""),
        "{transcript}"
    );
}

#[tokio::test]
async fn a_dropped_plan_sends_nothing_to_the_editor_and_says_so() {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let mock = MockLlm::start().await;
    mock.push(Reply::text([PLAN]));
    let mut driver = Driver::start(architect_settings(&repo, &mock)).await;

    let events = turn_deciding(
        &mut driver,
        "Make greet friendlier",
        Some(PlanDecision::Drop),
    )
    .await;
    driver.quit().await;

    assert_eq!(outcome(&events), TurnOutcome::Success);
    assert!(events.iter().any(|event| matches!(
        event,
        Event::PlanDecided {
            outcome: PlanOutcome::Dropped,
            ..
        }
    )));
    let said: Vec<String> = events
        .iter()
        .flat_map(aider_tui::text::describe)
        .map(|said| said.text)
        .collect();
    assert!(
        said.iter()
            .any(|text| text.contains("nothing was sent to the editor model")),
        "{said:?}"
    );
    assert_eq!(main_bodies(&mock).len(), 1, "only the planner was asked");
    assert_eq!(repo.read("hello.py"), HELLO);
}

#[tokio::test]
async fn headless_architect_sends_the_plan_without_a_stop() {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let mock = MockLlm::start().await;
    mock.rule(COMMIT_REQUEST_MARK, Reply::text(["feat: wave"]));
    mock.push(Reply::text([PLAN]));
    mock.push(Reply::text([block(
        "hello.py",
        "    return \"hello\"\n",
        "    return \"hi\"\n",
    )]));
    let mut settings = architect_settings(&repo, &mock);
    settings.auto_accept_architect = None;
    let mut driver = Driver::start(settings).await;

    let events = turn_deciding(&mut driver, "Make greet friendlier", None).await;
    driver.quit().await;

    assert_eq!(outcome(&events), TurnOutcome::Success);
    assert!(
        !events
            .iter()
            .any(|event| matches!(event, Event::PlanReady { .. } | Event::PlanDecided { .. }))
    );
    assert!(last_user_text(&main_bodies(&mock)[1]).starts_with(PLAN));
    assert_eq!(repo.read("hello.py"), "def greet():\n    return \"hi\"\n");
}

/// Reads events until a context report arrives (answering nothing).
async fn next_report(driver: &mut Driver) -> ContextReport {
    loop {
        if let Event::ContextReport(report) = next_event(driver).await {
            return report;
        }
    }
}

fn count(text: &str) -> u64 {
    aider_tui::tokens::count_tokens(text) as u64
}

/// Tokens of every prompt piece of an OpenAI body but the last message.
/// Tokens of the messages before the last user message (a closing system reminder,
/// which gpt-4o's settings ask for, comes after it).
fn tokens_before_last_message(body: &Value) -> u64 {
    let messages = body["messages"].as_array().unwrap();
    let last_user = messages
        .iter()
        .rposition(|message| message["role"] == "user")
        .unwrap();
    messages[..last_user]
        .iter()
        .map(|message| count(message["content"].as_str().unwrap()))
        .sum()
}

#[tokio::test]
async fn the_context_report_matches_the_request_sent_and_predicts_the_cache_read() {
    // Enough text that the cached prefix passes the providers' 1024-token minimum.
    let big = (0..300)
        .map(|n| format!("def helper_{n}(value):\n    return value + {n}\n"))
        .collect::<String>();
    let repo = TestRepo::new(&[("hello.py", HELLO), ("helpers.py", big.as_str())]);
    let mock = MockLlm::start().await;
    mock.cache_prefixes(count);
    // The first request fails: the history stays as it was, so the next request has
    // the same prefix.
    mock.push(Reply::status(400));
    mock.push(Reply::text(["Nothing to change."]));
    let mut settings = settings(
        &repo.root(),
        &mock.openai_base(),
        &["hello.py", "helpers.py"],
    );
    settings.map_tokens = Some(0);
    let mut driver = Driver::start(settings).await;
    driver.ops.send(Op::RequestContextReport).await.unwrap();
    let before = next_report(&mut driver).await;

    let first = turn_deciding(&mut driver, "Is anything slow here?", None).await;
    assert!(matches!(outcome(&first), TurnOutcome::Error { .. }));
    let sent = main_bodies(&mock);
    assert_eq!(sent.len(), 1);
    // Every part but the message is what the request carried, token for token.
    let names: Vec<&str> = before.parts.iter().map(|part| part.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "system prompt",
            "examples",
            "history",
            "chat files",
            "message and reminder"
        ]
    );
    let reported: u64 = before.parts[..before.parts.len() - 1]
        .iter()
        .map(|part| part.tokens)
        .sum();
    assert_eq!(reported, tokens_before_last_message(&sent[0]));
    assert_eq!(
        before.total_tokens,
        before.parts.iter().map(|part| part.tokens).sum::<u64>()
    );
    assert_eq!(before.cached_tokens, 0, "nothing was sent before");
    let window = before.context_window as f64;
    for part in &before.parts {
        assert!((part.share - part.tokens as f64 / window).abs() < 1e-12);
    }

    // The report after the failed request predicts the cache for the next one.
    let predicted = next_report(&mut driver).await;
    assert_eq!(
        predicted
            .parts
            .iter()
            .map(|part| part.cached)
            .collect::<Vec<_>>(),
        [true, true, true, true, false]
    );
    assert!(predicted.cached_tokens > 1024);
    assert!(predicted.cost_with_cache < predicted.cost);

    let second = turn_deciding(&mut driver, "And now?", None).await;
    assert_eq!(outcome(&second), TurnOutcome::Success);
    let usage = second
        .iter()
        .find_map(|event| match event {
            Event::ReplyFinished { usage, .. } => Some(*usage),
            _ => None,
        })
        .unwrap();
    assert_eq!(
        usage.cache_read_tokens, predicted.cached_tokens,
        "the mock's cache read what the report predicted"
    );
    let after = next_report(&mut driver).await;
    driver.quit().await;
    let last = after.last_reply.expect("the reply's cache counts");
    assert_eq!(last.read, usage.cache_read_tokens);
    assert_eq!(last.uncached, usage.input_tokens);
}

#[tokio::test]
async fn a_history_summary_is_said_once_with_its_sizes() {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let mock = MockLlm::start().await;
    mock.rule(
        "You condense a conversation",
        Reply::text(["I asked about greet; you explained it."]),
    );
    mock.push(Reply::text([
        "greet returns a fixed greeting. ".repeat(1500)
    ]));
    mock.push(Reply::text(["Short."]));
    mock.push(Reply::text(["Shorter."]));
    let mut driver =
        Driver::start(settings(&repo.root(), &mock.openai_base(), &["hello.py"])).await;
    driver.ops.send(Op::RequestContextReport).await.unwrap();
    next_report(&mut driver).await;
    turn_deciding(&mut driver, "/ask explain greet", None).await;
    // Folded in as soon as it lands, between the turns.
    let Event::HistorySummarized(figures) = driver
        .until("the summary", |event| {
            matches!(event, Event::HistorySummarized(_))
        })
        .await
    else {
        unreachable!()
    };
    let second = turn_deciding(&mut driver, "/ask and now?", None).await;
    let report = next_report(&mut driver).await;
    let third = turn_deciding(&mut driver, "/ask and then?", None).await;
    driver.quit().await;

    let summaries = |events: &[Event]| {
        events
            .iter()
            .filter_map(|event| match event {
                Event::HistorySummarized(figures) => Some(*figures),
                _ => None,
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(figures.messages, 2);
    assert!(
        figures.before_tokens > 5000 && figures.after_tokens < 100,
        "{figures:?}"
    );
    assert!(
        summaries(&second).is_empty() && summaries(&third).is_empty(),
        "said only once"
    );
    assert_eq!(report.summary, Some(figures));
}

fn ollama_settings(repo: &TestRepo, mock: &MockLlm, model: &str) -> aider_tui::config::Settings {
    let mut settings = settings(&repo.root(), &mock.ollama_base(), &["hello.py"]);
    settings.model = Some(format!("ollama/{model}"));
    settings.weak_model = Some(format!("ollama/{model}"));
    settings.api_key = None;
    settings.map_tokens = Some(0);
    settings
}

fn notices_of(events: &[Event], level: NoticeLevel) -> Vec<String> {
    events
        .iter()
        .filter_map(|event| match event {
            Event::Notice { level: at, text } if *at == level => Some(text.clone()),
            _ => None,
        })
        .collect()
}

#[tokio::test]
async fn an_ollama_session_keeps_num_ctx_and_raises_it_once_for_a_large_file() {
    let big = "word ".repeat(30_000);
    let repo = TestRepo::new(&[("hello.py", HELLO), ("notes.txt", big.as_str())]);
    let mock = MockLlm::start().await;
    mock.ollama_model("qwen2.5-coder:32b", Some(131_072));
    mock.fallback(Reply::ollama_text(["Fine."]));
    let mut driver = Driver::start(ollama_settings(&repo, &mock, "qwen2.5-coder:32b")).await;

    for question in ["/ask one?", "/ask two?", "/ask three?"] {
        let events = turn_deciding(&mut driver, question, None).await;
        assert_eq!(outcome(&events), TurnOutcome::Success);
        assert!(
            notices_of(&events, NoticeLevel::Info)
                .iter()
                .all(|text| !text.contains("num_ctx"))
        );
    }
    turn_deciding(&mut driver, "/add notes.txt", None).await;
    let raised = turn_deciding(&mut driver, "/ask four?", None).await;
    let after = turn_deciding(&mut driver, "/ask five?", None).await;
    let models = turn_deciding(&mut driver, "/models", None).await;
    driver.quit().await;

    let raise: Vec<String> = notices_of(&raised, NoticeLevel::Info)
        .into_iter()
        .filter(|text| text.contains("num_ctx"))
        .collect();
    assert_eq!(raise.len(), 1, "the raise reaches the chat once: {raise:?}");
    assert!(
        notices_of(&after, NoticeLevel::Info)
            .iter()
            .all(|text| !text.contains("num_ctx"))
    );
    let sizes: Vec<u64> = mock
        .requests_to("/api/chat")
        .iter()
        .filter(|sent| !sent.body.to_string().contains(COMMIT_REQUEST_MARK))
        .map(|sent| sent.body["options"]["num_ctx"].as_u64().unwrap())
        .collect();
    assert_eq!(sizes.len(), 5);
    assert!(sizes[..3].iter().all(|size| *size == sizes[0]), "{sizes:?}");
    assert!(sizes[3] > sizes[0] && sizes[4] == sizes[3], "{sizes:?}");
    let listed = notices_of(&models, NoticeLevel::Info).join("\n");
    assert!(listed.contains("qwen2.5-coder:32b"), "{listed}");
}

#[tokio::test]
async fn a_prompt_too_large_for_the_local_model_is_a_clear_error_here_and_headless() {
    let big = "word ".repeat(12_000);
    let repo = TestRepo::new(&[("hello.py", HELLO), ("notes.txt", big.as_str())]);
    let mock = MockLlm::start().await;
    mock.ollama_model("qwen2.5-coder", Some(8_192));
    mock.fallback(Reply::ollama_text(["must not be reached"]));
    let mut settings = ollama_settings(&repo, &mock, "qwen2.5-coder");
    settings.files.push("notes.txt".into());

    let mut driver = Driver::start(settings.clone()).await;
    let events = turn_deciding(&mut driver, "/ask what is in the notes?", None).await;
    driver.quit().await;
    let TurnOutcome::Error { message, .. } = outcome(&events) else {
        panic!("not refused: {:?}", outcome(&events));
    };
    assert!(message.contains("8192"), "{message}");

    let (ops, events) = aider_tui::engine::spawn(settings);
    let mut out = Vec::new();
    let mut err = Vec::new();
    let success = aider_tui::oneshot::drive(
        ops,
        events,
        "/ask what is in the notes?".into(),
        aider_tui::oneshot::Options::default(),
        &mut out,
        &mut err,
    )
    .await;
    assert!(!success, "the headless run fails (exit code 1)");
    let err = String::from_utf8_lossy(&err);
    assert!(err.contains("Error:") && err.contains("8192"), "{err}");
    assert!(mock.requests_to("/api/chat").is_empty(), "nothing was sent");
}

#[tokio::test]
async fn anthropic_reports_its_breakpoint_cache_the_time_left_and_the_pings() {
    let big = (0..300)
        .map(|n| format!("def helper_{n}(value):\n    return value + {n}\n"))
        .collect::<String>();
    let repo = TestRepo::new(&[("hello.py", HELLO), ("helpers.py", big.as_str())]);
    let mock = MockLlm::start().await;
    mock.cache_prefixes(count);
    mock.push(Reply::status(400));
    mock.push(Reply::text(["Nothing to change."]));
    let mut settings = settings(
        &repo.root(),
        &mock.anthropic_base(),
        &["hello.py", "helpers.py"],
    );
    settings.model = Some("anthropic/claude-sonnet-4-5".to_string());
    settings.weak_model = None;
    settings.map_tokens = Some(0);
    settings.cache_keepalive_pings = 2;
    let mut driver = Driver::start(settings).await;
    driver.ops.send(Op::RequestContextReport).await.unwrap();
    let before = next_report(&mut driver).await;
    assert_eq!(
        before.cache_rule,
        aider_tui::protocol::CacheRule::Breakpoints
    );
    assert_eq!(before.cache_expires_in, None, "nothing is cached yet");
    assert_eq!(before.keepalive, Some((2, 2)));

    let first = turn_deciding(&mut driver, "Is anything slow here?", None).await;
    assert!(matches!(outcome(&first), TurnOutcome::Error { .. }));
    let predicted = next_report(&mut driver).await;
    let left = predicted.cache_expires_in.expect("the cache's time left");
    assert!((290..=300).contains(&left), "{left}");
    // Unchanged up to the message: the last breakpoint before it ends the chat files.
    assert_eq!(
        predicted
            .parts
            .iter()
            .map(|part| part.cached)
            .collect::<Vec<_>>(),
        [true, true, true, true, false]
    );
    // Cached reads are priced below the input price.
    assert!(predicted.cost_with_cache < predicted.cost);

    let second = turn_deciding(&mut driver, "And now?", None).await;
    driver.quit().await;
    let usage = second
        .iter()
        .find_map(|event| match event {
            Event::ReplyFinished { usage, .. } => Some(*usage),
            _ => None,
        })
        .unwrap();
    assert_eq!(usage.cache_read_tokens, predicted.cached_tokens);
    let sent = mock.requests();
    let ack = &sent[1].body["messages"].as_array().unwrap()[3];
    assert!(
        ack.to_string().contains("cache_control"),
        "the chat files end at a breakpoint: {ack}"
    );
}
