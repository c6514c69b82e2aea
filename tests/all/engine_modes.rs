//! Modes, mentions, lint/test reflection, history summaries and commands, through the
//! engine on temporary git repositories and the loopback mock.

use crate::support::engine as engine_support;
use crate::support::mock_llm;

use std::time::Duration;

use aider_tui::protocol::{ChatMode, Event, NoticeLevel, QuestionKind, TurnOutcome};
use engine_support::{COMMIT_REQUEST_MARK, Driver, TestRepo, block, run_once, settings};
use mock_llm::{MockLlm, Reply};
use serde_json::Value;

const HELLO: &str = "def greet():\n    return \"hello\"\n";
const SUMMARY_MARK: &str = "You condense a conversation";

fn bodies(mock: &MockLlm) -> Vec<Value> {
    mock.requests()
        .into_iter()
        .map(|request| request.body)
        .collect()
}

fn main_bodies(mock: &MockLlm) -> Vec<Value> {
    bodies(mock)
        .into_iter()
        .filter(|body| {
            let text = body.to_string();
            !text.contains(COMMIT_REQUEST_MARK) && !text.contains(SUMMARY_MARK)
        })
        .collect()
}

fn notices(events: &[Event]) -> String {
    events
        .iter()
        .filter_map(|event| match event {
            Event::Notice { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[tokio::test]
async fn architect_plans_with_the_main_model_and_the_editor_writes_the_edit() {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let mock = MockLlm::start().await;
    mock.rule(COMMIT_REQUEST_MARK, Reply::text(["feat: wave"]));
    mock.push(Reply::text([
        "Change the return value of greet to \"wave\".",
    ]));
    mock.push(Reply::text([block(
        "hello.py",
        "    return \"hello\"\n",
        "    return \"wave\"\n",
    )]));
    let mut settings = settings(&repo.root(), &mock.openai_base(), &["hello.py"]);
    settings.chat_mode = "architect".to_string();
    settings.editor_model = Some("openai/gpt-4.1".to_string());

    let run = run_once(settings, "Make it wave").await;

    assert_eq!(run.outcome, TurnOutcome::Success);
    // Headless, the plan goes to the editor with no stop (--auto-accept-architect).
    assert!(!run.questions().contains(&QuestionKind::Confirm));
    assert!(
        !run.events
            .iter()
            .any(|event| matches!(event, Event::PlanReady { .. }))
    );
    assert_eq!(repo.read("hello.py"), "def greet():\n    return \"wave\"\n");
    let requests = main_bodies(&mock);
    assert_eq!(requests.len(), 2);
    assert_eq!(requests[0]["model"], "gpt-4o");
    assert!(
        !requests[0].to_string().contains("<<<<<<< SEARCH\\n"),
        "the architect is not asked for edit blocks"
    );
    assert_eq!(requests[1]["model"], "gpt-4.1");
    let editor_last = crate::support::engine::last_user_text(&requests[1]);
    assert!(
        editor_last.starts_with("Change the return value of greet"),
        "{editor_last}"
    );
}

#[tokio::test]
async fn ask_mode_applies_nothing() {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let mock = MockLlm::start().await;
    mock.push(Reply::text([block(
        "hello.py",
        "    return \"hello\"\n",
        "    return \"wave\"\n",
    )]));

    let run = run_once(
        settings(&repo.root(), &mock.openai_base(), &["hello.py"]),
        "/ask what does greet do?",
    )
    .await;

    assert_eq!(run.outcome, TurnOutcome::Success);
    assert_eq!(repo.read("hello.py"), HELLO);
    assert!(
        !run.events
            .iter()
            .any(|event| matches!(event, Event::ReviewStarted(_)))
    );
    let system = main_bodies(&mock)[0]["messages"][0]["content"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        system.contains("answering the user's questions"),
        "{system}"
    );
}

#[tokio::test]
async fn files_the_message_names_are_offered_before_the_model_is_called() {
    let repo = TestRepo::new(&[
        ("hello.py", HELLO),
        ("helpers.py", "def helper():\n    return 41\n"),
    ]);
    let mock = MockLlm::start().await;
    mock.push(Reply::text(["Understood."]));

    let run = run_once(
        settings(&repo.root(), &mock.openai_base(), &["hello.py"]),
        "Use helpers.py in greet",
    )
    .await;

    let asked = run
        .events
        .iter()
        .position(|event| matches!(event, Event::Question { kind: QuestionKind::AddFile { path }, .. } if path == "helpers.py"))
        .expect("helpers.py was offered");
    let first_delta = run
        .events
        .iter()
        .position(|event| matches!(event, Event::ReplyDelta { .. }))
        .unwrap();
    assert!(asked < first_delta);
    // It was added, so its full text went into the request's chat files.
    let request = main_bodies(&mock)[0].to_string();
    assert!(request.contains("return 41"));
    let status = run.events.iter().rev().find_map(|event| match event {
        Event::Status(status) => Some(status.clone()),
        _ => None,
    });
    assert!(
        status
            .unwrap()
            .chat_files
            .contains(&"helpers.py".to_string())
    );
}

#[tokio::test]
async fn an_at_path_adds_the_file_without_a_question_and_loses_its_at() {
    let repo = TestRepo::new(&[
        ("hello.py", HELLO),
        ("helpers.py", "def helper():\n    return 41\n"),
    ]);
    let mock = MockLlm::start().await;
    mock.push(Reply::text(["Understood."]));

    let run = run_once(
        settings(&repo.root(), &mock.openai_base(), &[]),
        "Use @helpers.py in greet",
    )
    .await;

    assert!(
        !run.events.iter().any(|event| matches!(
            event,
            Event::Question {
                kind: QuestionKind::AddFile { .. },
                ..
            }
        )),
        "an @path is added outright"
    );
    let request = main_bodies(&mock)[0].to_string();
    assert!(request.contains("return 41"), "{request}");
    assert!(request.contains("Use helpers.py in greet"), "{request}");
    assert!(!request.contains("@helpers.py"), "{request}");
}

#[tokio::test]
async fn a_block_that_breaks_the_syntax_is_held_back_and_its_fix_lands_in_one_commit() {
    let repo = TestRepo::new(&[("hello.py", HELLO), ("other.py", "x = 1\n")]);
    let mock = MockLlm::start().await;
    mock.rule(COMMIT_REQUEST_MARK, Reply::text(["fix: wave"]));
    mock.push(Reply::text([
        block(
            "hello.py",
            "    return \"hello\"\n",
            "    return (\"wave\"\n",
        ),
        block("other.py", "x = 1\n", "x = 2\n"),
    ]));
    mock.push(Reply::text([block(
        "hello.py",
        "    return \"hello\"\n",
        "    return \"wave\"\n",
    )]));

    // Headless with --yes: every block is accepted unless it breaks its file.
    let run = run_once(
        settings(&repo.root(), &mock.openai_base(), &["hello.py", "other.py"]),
        "Make it wave",
    )
    .await;

    assert_eq!(run.outcome, TurnOutcome::Success);
    let reflections = run.reflections();
    assert_eq!(reflections.len(), 1, "{reflections:?}");
    // The next request names the error and its line; the other block applied.
    let second = main_bodies(&mock)[1].to_string();
    assert!(
        second.contains("syntax error in hello.py at line 2") && second.contains("unclosed `(`"),
        "{second}"
    );
    assert!(second.contains("The other 1 block was applied"), "{second}");
    assert_eq!(repo.read("hello.py"), "def greet():\n    return \"wave\"\n");
    assert_eq!(repo.read("other.py"), "x = 2\n");
    // The broken text never landed: one commit per round, no lint round.
    assert_eq!(repo.log().len(), 3, "{:?}", repo.log());
    assert!(
        !run.events
            .iter()
            .any(|event| matches!(event, Event::CommandOutput { success: false, .. }))
    );
}

#[tokio::test]
async fn the_lint_step_after_the_write_reports_the_syntax_errors_left_in_the_file() {
    // Broken before the turn: the block only moves the old error, so it lands, and the
    // lint step reads the written file and sends its error back.
    let broken = "def greet(:\n    return \"hello\"\n";
    let repo = TestRepo::new(&[("hello.py", broken)]);
    let mock = MockLlm::start().await;
    mock.rule(COMMIT_REQUEST_MARK, Reply::text(["docs: a note"]));
    mock.push(Reply::text([block(
        "hello.py",
        "def greet(:\n",
        "# greets\ndef greet(:\n",
    )]));
    mock.push(Reply::text([block(
        "hello.py",
        "def greet(:\n",
        "def greet():\n",
    )]));

    let run = run_once(
        settings(&repo.root(), &mock.openai_base(), &["hello.py"]),
        "Add a note",
    )
    .await;

    assert_eq!(run.outcome, TurnOutcome::Success);
    let reflections = run.reflections();
    assert_eq!(reflections.len(), 1, "{reflections:?}");
    assert!(
        reflections[0].contains("## Syntax errors in hello.py"),
        "{}",
        reflections[0]
    );
    assert_eq!(
        repo.read("hello.py"),
        "# greets\ndef greet():\n    return \"hello\"\n"
    );
}

#[tokio::test]
async fn a_failing_test_command_is_reflected_until_it_passes() {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let mock = MockLlm::start().await;
    mock.rule(COMMIT_REQUEST_MARK, Reply::text(["fix: wave"]));
    mock.push(Reply::text([block(
        "hello.py",
        "    return \"hello\"\n",
        "    return \"hi\"\n",
    )]));
    mock.push(Reply::text([block(
        "hello.py",
        "    return \"hi\"\n",
        "    return \"wave\"\n",
    )]));
    let mut settings = settings(&repo.root(), &mock.openai_base(), &["hello.py"]);
    settings.test_cmd =
        Some("grep -q wave hello.py || { echo 'expected wave'; exit 1; }".to_string());
    settings.auto_test = true;

    let run = run_once(settings, "Make it wave").await;

    assert_eq!(run.outcome, TurnOutcome::Success);
    let reflections = run.reflections();
    assert_eq!(reflections.len(), 1);
    assert!(
        reflections[0].contains("expected wave"),
        "{}",
        reflections[0]
    );
    assert_eq!(main_bodies(&mock).len(), 2);
}

#[tokio::test]
async fn reflections_stop_at_the_limit() {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let mock = MockLlm::start().await;
    mock.fallback(Reply::text([block(
        "hello.py",
        "    return \"nope\"\n",
        "    return \"wave\"\n",
    )]));
    let mut settings = settings(&repo.root(), &mock.openai_base(), &["hello.py"]);
    settings.max_reflections = 2;

    let run = run_once(settings, "Make it wave").await;

    assert_eq!(run.outcome, TurnOutcome::EditsNotApplied);
    assert_eq!(run.reflections().len(), 2);
    assert_eq!(main_bodies(&mock).len(), 3);
}

#[tokio::test]
async fn a_long_history_is_summarized_in_the_background_by_the_weak_model() {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let mock = MockLlm::start().await;
    mock.rule(
        SUMMARY_MARK,
        Reply::text(["I asked about greet; you explained it returns hello."]),
    );
    let long_answer = "greet returns a fixed greeting string. ".repeat(1500);
    mock.push(Reply::text([long_answer.clone()]));
    mock.push(Reply::text(["Short answer."]));
    let mut driver =
        Driver::start(settings(&repo.root(), &mock.openai_base(), &["hello.py"])).await;

    assert_eq!(
        driver.turn("/ask explain greet").await.outcome,
        TurnOutcome::Success
    );
    // The summary runs in the background and is folded in as soon as it lands.
    driver
        .until("the summary", |event| {
            matches!(event, Event::HistorySummarized(_))
        })
        .await;
    assert_eq!(
        driver.turn("/ask and now?").await.outcome,
        TurnOutcome::Success
    );
    driver.quit().await;

    let summary_request = bodies(&mock)
        .into_iter()
        .find(|body| body.to_string().contains(SUMMARY_MARK))
        .unwrap();
    assert_eq!(summary_request["model"], "gpt-4o-mini");
    let second = main_bodies(&mock)[1].to_string();
    assert!(
        second.contains("you explained it returns hello"),
        "the summary replaced the history"
    );
    assert!(
        !second.contains(&long_answer[..200]),
        "the long answer is gone"
    );
}

#[tokio::test]
async fn without_a_model_the_engine_still_starts_and_commands_work() {
    let repo = TestRepo::new(&[
        ("hello.py", HELLO),
        ("helpers.py", "def helper():\n    pass\n"),
    ]);
    let mut settings = settings(&repo.root(), "http://127.0.0.1:9/v1", &[]);
    settings.model = None;
    settings.api_key = None;
    settings.api_base = None;
    settings.weak_model = None;
    let mut driver = Driver::start(settings).await;
    let status = driver
        .startup
        .iter()
        .find_map(|event| match event {
            Event::Status(status) => Some(status.clone()),
            _ => None,
        })
        .unwrap();
    assert_eq!(status.model, "");
    let problem = status.model_problem.unwrap();
    assert_eq!(problem.kind, aider_tui::protocol::ProblemKind::NoModel);
    let problem = problem.message;
    assert!(
        problem.contains("--model") && problem.contains("Ollama"),
        "{problem}"
    );

    let added = driver.turn("/add helpers.py").await;
    assert_eq!(added.outcome, TurnOutcome::Success);
    let listed = driver.turn("/ls").await;
    assert!(notices(&listed.events).contains("Files in the chat:\n  helpers.py"));
    let message = driver.turn("hello there").await;
    assert!(
        matches!(message.outcome, TurnOutcome::Error { ref message, .. } if message.contains("--model"))
    );
    let tokens = driver.turn("/tokens").await;
    let text = notices(&tokens.events);
    assert!(
        text.contains("chat files") && text.contains("helpers.py") && text.contains("total"),
        "{text}"
    );
    let dropped = driver.turn("/drop helpers.py").await;
    assert!(notices(&dropped.events).contains("Dropped helpers.py"));
    let mode = driver.turn("/chat-mode ask").await;
    assert_eq!(mode.outcome, TurnOutcome::Success);
    let status = mode.events.iter().rev().find_map(|event| match event {
        Event::Status(status) => Some(status.clone()),
        _ => None,
    });
    assert_eq!(status.unwrap().mode, ChatMode::Ask);
    let unknown = driver.turn("/frobnicate").await;
    assert!(matches!(unknown.outcome, TurnOutcome::Error { .. }));
    let help = driver.turn("/help").await;
    assert!(help
        .events
        .iter()
        .any(|event| matches!(event, Event::Notice { level: NoticeLevel::Info, text } if text.contains("/undo"))));
    // Between turns nothing is queued to cancel.
    let cancel = driver.turn("/cancel").await;
    assert_eq!(cancel.outcome, TurnOutcome::Success);
    assert!(notices(&cancel.events).contains("Nothing is queued."));
    driver.quit().await;
}

#[tokio::test]
async fn a_typed_run_runs_at_once() {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let mock = MockLlm::start().await;
    let mut driver = Driver::start(settings(&repo.root(), &mock.openai_base(), &[])).await;

    // The user typed it: no question, as in Aider (the model's proposals still ask).
    let ran = driver.turn("/run touch made-by-run.txt").await;
    assert_eq!(ran.outcome, TurnOutcome::Success);
    assert!(
        !ran.questions()
            .iter()
            .any(|kind| matches!(kind, QuestionKind::RunShell { .. })),
        "{:?}",
        ran.questions()
    );
    assert!(repo.root().join("made-by-run.txt").exists());
    assert!(mock.requests().is_empty(), "no model request for /run");
    driver.quit().await;
}

#[tokio::test]
async fn a_failed_commit_message_request_falls_back_to_a_plain_message() {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let mock = MockLlm::start().await;
    mock.rule(COMMIT_REQUEST_MARK, Reply::status(401));
    mock.push(Reply::text([block(
        "hello.py",
        "    return \"hello\"\n",
        "    return \"wave\"\n",
    )]));

    let run = run_once(
        settings(&repo.root(), &mock.openai_base(), &["hello.py"]),
        "Make it wave",
    )
    .await;

    assert_eq!(run.outcome, TurnOutcome::Success);
    let log = repo.log();
    assert_eq!(log.len(), 2);
    assert!(log[0].starts_with("chore: update hello.py"), "{}", log[0]);
}

#[tokio::test]
async fn front_end_requests_for_log_diff_files_map_and_undo() {
    use aider_tui::protocol::Op;

    let repo = TestRepo::new(&[
        ("hello.py", HELLO),
        ("ledger.py", "def compute_total(items):\n    return 0\n"),
    ]);
    let mock = MockLlm::start().await;
    mock.rule(COMMIT_REQUEST_MARK, Reply::text(["feat: wave"]));
    mock.push(Reply::text([block(
        "hello.py",
        "    return \"hello\"\n",
        "    return \"wave\"\n",
    )]));
    let mut driver =
        Driver::start(settings(&repo.root(), &mock.openai_base(), &["hello.py"])).await;
    assert_eq!(
        driver.turn("Make it wave").await.outcome,
        TurnOutcome::Success
    );

    async fn next_matching(driver: &mut Driver, wanted: fn(&Event) -> bool) -> Event {
        loop {
            let event = tokio::time::timeout(Duration::from_secs(30), driver.events.recv())
                .await
                .unwrap()
                .unwrap();
            if wanted(&event) {
                return event;
            }
        }
    }

    driver
        .ops
        .send(Op::RequestCommitLog { limit: 5 })
        .await
        .unwrap();
    let Event::CommitLog { commits } =
        next_matching(&mut driver, |e| matches!(e, Event::CommitLog { .. })).await
    else {
        unreachable!()
    };
    assert_eq!(commits.len(), 2);
    assert!(commits[0].by_tool && !commits[1].by_tool);
    assert_eq!(commits[0].summary, "feat: wave");

    driver
        .ops
        .send(Op::RequestCommitDiff {
            commit: commits[0].id.clone(),
        })
        .await
        .unwrap();
    let Event::CommitDiff { files, .. } =
        next_matching(&mut driver, |e| matches!(e, Event::CommitDiff { .. })).await
    else {
        unreachable!()
    };
    let added: Vec<&str> = files
        .iter()
        .flat_map(|file| &file.hunks)
        .flat_map(|hunk| &hunk.lines)
        .filter(|line| line.kind == aider_tui::diff::LineKind::Added)
        .map(|line| line.text.as_str())
        .collect();
    assert!(added.contains(&"    return \"wave\""), "{added:?}");

    driver.ops.send(Op::RequestRepoFiles).await.unwrap();
    let Event::RepoFiles { files } =
        next_matching(&mut driver, |e| matches!(e, Event::RepoFiles { .. })).await
    else {
        unreachable!()
    };
    assert_eq!(files, vec!["hello.py".to_string(), "ledger.py".to_string()]);

    driver.ops.send(Op::RefreshRepoMap).await.unwrap();
    let Event::RepoMap(map) = next_matching(&mut driver, |e| matches!(e, Event::RepoMap(_))).await
    else {
        unreachable!()
    };
    assert!(map.text.contains("compute_total") && map.tokens > 0 && map.budget > 0);
    // The inspector shows why each file is there.
    assert!(
        map.files.iter().any(|file| !file.reasons.is_empty()),
        "{:?}",
        map.files
    );

    driver
        .ops
        .send(Op::UndoCommit {
            commit: commits[0].id.clone(),
        })
        .await
        .unwrap();
    next_matching(&mut driver, |e| matches!(e, Event::CommitLog { .. })).await;
    assert_eq!(repo.read("hello.py"), HELLO);
    driver.quit().await;
}

#[tokio::test]
async fn switching_to_a_model_with_another_edit_format_summarizes_the_history() {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let mock = MockLlm::start().await;
    mock.rule(
        SUMMARY_MARK,
        Reply::text(["I asked what greet does; you said it says hello."]),
    );
    mock.push(Reply::text(["It returns the word hello, unchanged."]));
    mock.push(Reply::text(["Fine."]));
    let mut settings = settings(&repo.root(), &mock.openai_base(), &["hello.py"]);
    settings.weak_model = None;
    let mut driver = Driver::start(settings).await;

    assert_eq!(
        driver.turn("/ask what does greet do?").await.outcome,
        TurnOutcome::Success
    );
    let switched = driver.turn("/model openai/gpt-4o-mini").await;
    assert_eq!(switched.outcome, TurnOutcome::Success);
    assert!(
        notices(&switched.events).contains("edit format whole"),
        "{}",
        notices(&switched.events)
    );
    driver
        .until("the summary after the format changed", |event| {
            matches!(event, Event::HistorySummarized(_))
        })
        .await;
    assert_eq!(
        driver.turn("/ask and now?").await.outcome,
        TurnOutcome::Success
    );
    driver.quit().await;

    let last = main_bodies(&mock).pop().unwrap();
    assert_eq!(last["model"], "gpt-4o-mini");
    let text = last.to_string();
    assert!(text.contains("you said it says hello"));
    assert!(!text.contains("It returns the word hello, unchanged."));
}

#[tokio::test]
async fn a_file_the_model_asks_for_is_added_and_the_message_replayed() {
    let repo = TestRepo::new(&[
        ("hello.py", HELLO),
        ("helpers.py", "def helper():\n    return 41\n"),
    ]);
    let mock = MockLlm::start().await;
    mock.push(Reply::text([
        "To do this I need to see helpers.py; please add it.",
    ]));
    mock.push(Reply::text(["Thanks, no change is needed after all."]));

    let run = run_once(
        settings(&repo.root(), &mock.openai_base(), &["hello.py"]),
        "Make greet use the helper",
    )
    .await;

    assert_eq!(run.outcome, TurnOutcome::Success);
    assert!(
        run.questions()
            .iter()
            .any(|kind| matches!(kind, QuestionKind::AddFile { path } if path == "helpers.py"))
    );
    let reflections = run.reflections();
    assert_eq!(reflections.len(), 1);
    assert!(reflections[0].contains("helpers.py"));
    let requests = main_bodies(&mock);
    assert_eq!(requests.len(), 2);
    assert!(!requests[0].to_string().contains("return 41"));
    assert!(
        requests[1].to_string().contains("return 41"),
        "the added file's text is in the replay"
    );
}

/// Keys of the `/key` tests: unlike anything else the session could show.
const TYPED_KEY: &str = "sk-typed-5e2b7c91d4a8";
const LINE_KEY: &str = "sk-online-0c3f6a9e1b77";

/// The events up to and including the first for which `stop` holds (bounded).
async fn events_until(driver: &mut Driver, stop: impl Fn(&Event) -> bool) -> Vec<Event> {
    let mut events = Vec::new();
    loop {
        let event = tokio::time::timeout(Duration::from_secs(30), driver.events.recv())
            .await
            .expect("waited too long for the engine")
            .expect("the engine stopped");
        let done = stop(&event);
        events.push(event);
        if done {
            return events;
        }
    }
}

/// The files under `dir` (recursively) whose bytes contain `needle`.
fn files_holding(dir: &std::path::Path, needle: &str) -> Vec<std::path::PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            found.extend(files_holding(&path, needle));
        } else if std::fs::read(&path)
            .is_ok_and(|bytes| bytes.windows(needle.len()).any(|w| w == needle.as_bytes()))
        {
            found.push(path);
        }
    }
    found
}

/// The events from an `Op::SetKey` up to the status sent after its notice (events
/// of the turn before may come first).
async fn key_given(driver: &mut Driver) -> Vec<Event> {
    let is_notice =
        |event: &Event| matches!(event, Event::Notice { text, .. } if text.starts_with("Key set"));
    let mut events = events_until(driver, is_notice).await;
    events.extend(events_until(driver, |event| matches!(event, Event::Status(_))).await);
    events
}

fn startup_problem(driver: &Driver) -> Option<aider_tui::protocol::Problem> {
    driver.startup.iter().find_map(|event| match event {
        Event::Status(status) => status.model_problem.clone(),
        _ => None,
    })
}

#[tokio::test]
async fn a_key_given_with_slash_key_reaches_the_next_request_and_nothing_shows_it() {
    use aider_tui::protocol::{Op, Secret};
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let mock = MockLlm::start().await;
    mock.fallback(Reply::text(["Nothing to change."]));
    let mut settings = settings(&repo.root(), &mock.openai_base(), &["hello.py"]);
    // No key at start: with its own base URL the model connects without one.
    settings.api_key = None;
    let mut driver = Driver::start(settings).await;
    let before = driver.turn("Say hi").await;
    assert_eq!(before.outcome, TurnOutcome::Success);
    assert!(
        mock.requests()
            .iter()
            .all(|request| !request.has_credential())
    );
    let sent_before = mock.requests().len();

    let op = Op::SetKey {
        provider: "openai".into(),
        key: Secret::new(TYPED_KEY),
    };
    let debug = format!("{op:?}");
    assert!(!debug.contains(TYPED_KEY), "{debug}");
    assert!(
        serde_json::to_string(&op).is_err(),
        "the key never goes to JSON"
    );
    driver.ops.send(op).await.unwrap();
    let given = key_given(&mut driver).await;
    let said = notices(&given);
    assert!(
        said.contains("Key set for openai (kept for this session")
            && said.contains("openai/gpt-4o"),
        "{said}"
    );
    let after = driver.turn("Say hi again").await;
    assert_eq!(after.outcome, TurnOutcome::Success);
    let later = &mock.requests()[sent_before..];
    assert!(!later.is_empty());
    assert!(
        later.iter().all(|request| request.credential_is(TYPED_KEY)),
        "every request after /key carries Authorization: Bearer <key>"
    );

    // Typed as a line (headless), the key is refused and dropped before any echo.
    let line = driver.turn(&format!("/key openai {LINE_KEY}")).await;
    let TurnOutcome::Error { message, .. } = &line.outcome else {
        panic!("{:?}", line.outcome);
    };
    assert!(
        message.contains("OPENAI_API_KEY") && message.contains("--api-key openai=KEY"),
        "{message}"
    );
    assert!(line.events.iter().any(|event| matches!(
        event,
        Event::TurnStarted { message } if message == "/key openai [key hidden]"
    )));
    driver.quit().await;

    let given_json: Vec<String> = given
        .iter()
        .map(|event| serde_json::to_string(event).unwrap())
        .collect();
    let everything = [
        before.json(),
        given_json.join("\n"),
        after.json(),
        line.json(),
    ]
    .join("\n");
    for key in [TYPED_KEY, LINE_KEY] {
        assert!(!everything.contains(key), "an event shows {key}");
        let state = repo.root().join(".aider-tui");
        assert!(state.join("chat-history.md").is_file());
        assert_eq!(files_holding(&state, key), Vec::<std::path::PathBuf>::new());
    }
}

#[tokio::test]
async fn model_without_a_key_says_how_to_give_one_and_switches_once_it_is() {
    use aider_tui::protocol::{Op, ProblemKind, Secret};
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let mut settings = settings(&repo.root(), "http://127.0.0.1:9/v1", &[]);
    settings.api_base = None;
    settings.api_key = None;
    settings.weak_model = None;
    let mut driver = Driver::start(settings).await;
    let problem = startup_problem(&driver).expect("gpt-4o has no key");
    assert_eq!(problem.kind, ProblemKind::MissingKey);
    assert_eq!(problem.key_provider.as_deref(), Some("openai"));

    let refused = driver.turn("/model sonnet").await;
    let TurnOutcome::Error { message, .. } = &refused.outcome else {
        panic!("{:?}", refused.outcome);
    };
    for part in [
        "ANTHROPIC_API_KEY",
        "--api-key anthropic=KEY",
        "/key anthropic",
        "/model sonnet follows once it is set",
    ] {
        assert!(message.contains(part), "{part:?} in {message}");
    }
    driver
        .ops
        .send(Op::SetKey {
            provider: "anthropic".into(),
            key: Secret::new(TYPED_KEY),
        })
        .await
        .unwrap();
    let given = key_given(&mut driver).await;
    let said = notices(&given);
    assert!(
        said.contains("Key set for anthropic") && said.contains("/model is now sonnet"),
        "{said}"
    );
    let Some(Event::Status(status)) = given.last() else {
        panic!("{given:?}");
    };
    assert_eq!(status.model, "sonnet");
    assert_eq!(status.model_problem, None);
    driver.quit().await;
}

/// Issue #32: `--api-base` is the main model's provider's, so `/model sonnet` with no
/// Anthropic key is refused with the `/key` hint even with an OpenAI base set (before,
/// the custom base waived the key and the next message went to the OpenAI server);
/// `/key anthropic` then completes the switch, and the OpenAI server saw nothing.
#[tokio::test]
async fn a_switch_without_its_key_is_refused_whatever_the_api_base_says() {
    use aider_tui::protocol::{Op, Secret};
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let openai = MockLlm::start().await;
    openai.fallback(Reply::text(["from openai"]));
    let mut settings = settings(&repo.root(), &openai.openai_base(), &[]);
    settings.weak_model = None;
    let mut driver = Driver::start(settings).await;
    assert_eq!(startup_problem(&driver), None);

    let refused = driver.turn("/model sonnet").await;
    let TurnOutcome::Error { message, .. } = &refused.outcome else {
        panic!("{:?}", refused.outcome);
    };
    for part in [
        "ANTHROPIC_API_KEY",
        "/key anthropic",
        "/model sonnet follows",
    ] {
        assert!(message.contains(part), "{part:?} in {message}");
    }
    driver
        .ops
        .send(Op::SetKey {
            provider: "anthropic".into(),
            key: Secret::new(TYPED_KEY),
        })
        .await
        .unwrap();
    let given = key_given(&mut driver).await;
    assert!(
        notices(&given).contains("/model is now sonnet"),
        "{}",
        notices(&given)
    );
    let Some(Event::Status(status)) = given.last() else {
        panic!("{given:?}");
    };
    assert_eq!(status.model, "sonnet");
    driver.quit().await;
    assert!(openai.requests().is_empty(), "{:?}", openai.requests());
}

#[tokio::test]
async fn with_no_model_at_all_a_key_picks_its_providers_default_model() {
    use aider_tui::protocol::{Op, ProblemKind, Secret};
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let mut settings = settings(&repo.root(), "http://127.0.0.1:9/v1", &[]);
    settings.model = None;
    settings.weak_model = None;
    settings.api_base = None;
    settings.api_key = None;
    let mut driver = Driver::start(settings).await;
    let problem = startup_problem(&driver).expect("no model");
    assert_eq!(problem.kind, ProblemKind::NoModel);
    driver
        .ops
        .send(Op::SetKey {
            provider: "anthropic".into(),
            key: Secret::new(TYPED_KEY),
        })
        .await
        .unwrap();
    let given = key_given(&mut driver).await;
    let Some(Event::Status(status)) = given.last() else {
        panic!("{given:?}");
    };
    assert_eq!(status.model, "sonnet", "{}", notices(&given));
    assert_eq!(status.model_problem, None);
    driver.quit().await;
}
