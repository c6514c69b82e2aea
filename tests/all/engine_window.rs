//! Every request the engine sends fits the window of the model it goes to: the history's
//! summary and the commit message (both to the weak model, here given a small window by
//! a model settings file), read back from the loopback mock and counted in tokens.

use crate::support::engine as engine_support;
use crate::support::mock_llm;

use std::time::{Duration, Instant};

use aider_tui::protocol::TurnOutcome;
use aider_tui::tokens::count_tokens;
use engine_support::{COMMIT_REQUEST_MARK, Driver, TestRepo, block, settings};
use mock_llm::{MockLlm, Reply};
use serde_json::Value;

const HELLO: &str = "def greet():\n    return \"hello\"\n";
const SUMMARY_MARK: &str = "You condense a conversation";

/// A model settings file giving the weak model (gpt-4o-mini) a window of `window`.
fn small_weak_window(repo: &TestRepo, window: u64) -> std::path::PathBuf {
    let path = repo.root().join(".git").join("models.toml");
    std::fs::write(
        &path,
        format!(
            "[[model]]\nname = \"gpt-4o-mini\"\nservice = \"openai\"\ncontext_window = {window}\n"
        ),
    )
    .unwrap();
    path
}

/// The tokens of a request's text: its system prompt and every message's content.
fn request_tokens(body: &Value) -> usize {
    body["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|message| count_tokens(message["content"].as_str().unwrap_or_default()))
        .sum()
}

/// The requests whose body holds `mark`, waiting (bounded) for the first.
fn requests_with(mock: &MockLlm, mark: &str) -> Vec<Value> {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let found: Vec<Value> = mock
            .requests()
            .into_iter()
            .map(|request| request.body)
            .filter(|body| body.to_string().contains(mark))
            .collect();
        if !found.is_empty() {
            return found;
        }
        assert!(
            Instant::now() < deadline,
            "no request holding {mark:?} came"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_summary_of_a_long_history_fits_the_weak_models_window() {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let mock = MockLlm::start().await;
    mock.rule(
        SUMMARY_MARK,
        Reply::text(["I asked about words; you answered."]),
    );
    mock.fallback(Reply::text([
        "Noted.".to_string() + &" More words.".repeat(3_000)
    ]));
    let mut settings = settings(&repo.root(), &mock.openai_base(), &["hello.py"]);
    settings.model_settings_file = Some(small_weak_window(&repo, 4_096));
    let mut driver = Driver::start(settings).await;
    // One exchange of about 20,000 tokens: past gpt-4o's summary threshold (8,000),
    // far past the weak model's 4,096.
    let message = "Please read these words. ".repeat(4_000);
    let run = driver.turn(&message).await;
    assert_eq!(run.outcome, TurnOutcome::Success);
    let summaries = requests_with(&mock, SUMMARY_MARK);
    for body in &summaries {
        let tokens = request_tokens(body);
        let reply = body["max_tokens"]
            .as_u64()
            .or(body["max_completion_tokens"].as_u64())
            .unwrap() as usize;
        assert!(tokens + reply <= 4_096, "{tokens} + {reply} tokens");
        assert!(tokens > 2_000, "the room is used: {tokens}");
        // The newest text is what is kept.
        assert!(body.to_string().contains("More words."));
    }
    driver.quit().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn the_commit_message_request_fits_the_weak_models_window() {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let mock = MockLlm::start().await;
    mock.rule(COMMIT_REQUEST_MARK, Reply::text(["feat: many lines"]));
    let lines: String = (0..2_000)
        .map(|index| format!("    value_{index} = {index}\n"))
        .collect();
    mock.fallback(Reply::text([block(
        "hello.py",
        "    return \"hello\"\n",
        &format!("{lines}    return \"hello\"\n"),
    )]));
    let mut settings = settings(&repo.root(), &mock.openai_base(), &["hello.py"]);
    settings.model_settings_file = Some(small_weak_window(&repo, 1_024));
    let mut driver = Driver::start(settings).await;
    let run = driver.turn("add the values").await;
    assert_eq!(run.outcome, TurnOutcome::Success, "{:#?}", run.events);
    let commits = requests_with(&mock, COMMIT_REQUEST_MARK);
    for body in &commits {
        let tokens = request_tokens(body);
        let reply = body["max_tokens"]
            .as_u64()
            .or(body["max_completion_tokens"].as_u64())
            .unwrap() as usize;
        assert!(tokens + reply <= 1_024, "{tokens} + {reply} tokens");
    }
    assert_eq!(repo.log()[0].lines().next(), Some("feat: many lines"));
    driver.quit().await;
}
