//! One full turn through the engine on real temporary git repositories and the
//! loopback mock model: edits, commits, reflection, refusals, retries, cut streams.

use crate::support::engine as engine_support;
use crate::support::mock_llm;

use aider_tui::protocol::{DuringTurn, EditStatus, ErrorKind, Event, Op, Refusal, TurnOutcome};
use engine_support::{
    COMMIT_REQUEST_MARK, Driver, SECRET_KEY, TestRepo, block, run_once, settings,
};
use mock_llm::{MockLlm, Reply};
use serde_json::Value;
use std::time::Duration;

const HELLO: &str = "def greet():\n    return \"hello\"\n";

fn main_requests(mock: &MockLlm) -> Vec<Value> {
    mock.requests()
        .into_iter()
        .map(|request| request.body)
        .filter(|body| !body.to_string().contains(COMMIT_REQUEST_MARK))
        .collect()
}

fn commit_requests(mock: &MockLlm) -> Vec<Value> {
    mock.requests()
        .into_iter()
        .map(|request| request.body)
        .filter(|body| body.to_string().contains(COMMIT_REQUEST_MARK))
        .collect()
}

fn results(events: &[Event]) -> Vec<EditStatus> {
    events
        .iter()
        .filter_map(|event| match event {
            Event::EditResults { results } => {
                Some(results.iter().map(|r| r.status.clone()).collect::<Vec<_>>())
            }
            _ => None,
        })
        .flatten()
        .collect()
}

#[tokio::test]
async fn one_edit_is_applied_and_committed_with_a_model_written_message() {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let mock = MockLlm::start().await;
    mock.rule(
        COMMIT_REQUEST_MARK,
        Reply::text(["feat: greet with a wave"]),
    );
    let reply = format!(
        "I will change the greeting.\n\n{}",
        block(
            "hello.py",
            "    return \"hello\"\n",
            "    return \"hello, wave\"\n"
        )
    );
    mock.push(Reply::text(
        reply
            .split_inclusive('\n')
            .map(str::to_string)
            .collect::<Vec<_>>(),
    ));

    let run = run_once(
        settings(&repo.root(), &mock.openai_base(), &["hello.py"]),
        "Make it wave",
    )
    .await;

    assert_eq!(run.outcome, TurnOutcome::Success);
    assert_eq!(
        repo.read("hello.py"),
        "def greet():\n    return \"hello, wave\"\n"
    );
    assert_eq!(results(&run.events), vec![EditStatus::Applied]);
    let log = repo.log();
    assert_eq!(log.len(), 2);
    assert!(log[0].starts_with("feat: greet with a wave"), "{}", log[0]);
    assert!(
        log[0].contains("Co-authored-by: aider-tui (openai/gpt-4o)"),
        "{}",
        log[0]
    );
    assert_eq!(repo.head_committer(), "Test User (aider-tui)");
    // The message came from a separate request to the weak model, with the diff.
    let commits = commit_requests(&mock);
    assert_eq!(commits.len(), 1);
    assert_eq!(commits[0]["model"], "gpt-4o-mini");
    assert!(commits[0].to_string().contains("hello, wave"));
    assert!(
        run.events
            .iter()
            .any(|event| matches!(event, Event::CommitMade { commit } if commit.by_tool))
    );
    // Deltas streamed as events, and a live preview of the block.
    assert!(
        run.events
            .iter()
            .filter(|event| matches!(event, Event::ReplyDelta { .. }))
            .count()
            > 3
    );
    assert!(run.events.iter().any(|event| matches!(event, Event::EditPreview(preview) if preview.complete && preview.located == Some(true))));
}

#[tokio::test]
async fn a_block_that_does_not_match_is_reflected_once_with_the_feedback() {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let mock = MockLlm::start().await;
    mock.rule(COMMIT_REQUEST_MARK, Reply::text(["fix: wave"]));
    mock.push(Reply::text([block(
        "hello.py",
        "    return \"goodbye\"\n",
        "    return \"wave\"\n",
    )]));
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
    assert_eq!(repo.read("hello.py"), "def greet():\n    return \"wave\"\n");
    let reflections = run.reflections();
    assert_eq!(reflections.len(), 1);
    let requests = main_requests(&mock);
    assert_eq!(requests.len(), 2, "exactly one follow-up request");
    let last = crate::support::engine::last_user_text(&requests[1]);
    assert!(
        last.starts_with(&reflections[0]),
        "the follow-up carries the feedback"
    );
    assert!(
        reflections[0].contains("goodbye") || reflections[0].contains("SEARCH"),
        "{}",
        reflections[0]
    );
}

#[tokio::test]
async fn the_users_uncommitted_edits_survive_in_their_own_commit() {
    let original = "def greet():\n    return \"hello\"\n\n\ndef part():\n    return \"bye\"\n";
    let repo = TestRepo::new(&[("hello.py", original)]);
    repo.write("hello.py", &original.replace("bye", "see you"));
    let mock = MockLlm::start().await;
    mock.rule(COMMIT_REQUEST_MARK, Reply::text(["feat: wave"]));
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
    let text = repo.read("hello.py");
    assert!(
        text.contains("\"see you\""),
        "the user's change is kept: {text}"
    );
    assert!(text.contains("\"wave\""));
    let log = repo.log();
    assert_eq!(log.len(), 3, "{log:?}");
    assert!(
        !log[1].contains("Aider-Tui:"),
        "the user's changes are committed as theirs: {}",
        log[1]
    );
    assert!(log[0].contains("Aider-Tui:"));
    let commits: Vec<_> = run
        .events
        .iter()
        .filter_map(|event| match event {
            Event::CommitMade { commit } => Some(commit.by_tool),
            _ => None,
        })
        .collect();
    assert_eq!(commits, vec![false, true]);
}

#[tokio::test]
async fn an_edit_escaping_the_repository_is_refused() {
    let outer = tempfile::tempdir().unwrap();
    let outside = outer.path().join("outside.txt");
    std::fs::write(&outside, "keep me\n").unwrap();
    let inner = TestRepo::new_in(outer.path(), &[("hello.py", HELLO)]);
    let mock = MockLlm::start().await;
    mock.rule(COMMIT_REQUEST_MARK, Reply::text(["chore: nothing"]));
    let reply = [
        block("../outside.txt", "keep me\n", "overwritten\n"),
        block("/etc/aider-tui-test.txt", "", "created\n"),
    ]
    .concat();
    mock.push(Reply::text([reply]));

    let run = run_once(
        settings(&inner.root(), &mock.openai_base(), &["hello.py"]),
        "Change it",
    )
    .await;

    assert_eq!(std::fs::read_to_string(&outside).unwrap(), "keep me\n");
    assert!(!std::path::Path::new("/etc/aider-tui-test.txt").exists());
    assert_ne!(run.outcome, TurnOutcome::Success);
    let statuses = results(&run.events);
    assert!(!statuses.is_empty());
    assert!(
        statuses
            .iter()
            .all(|status| !matches!(status, EditStatus::Applied | EditStatus::Created))
    );
    assert_eq!(inner.log().len(), 1, "no commit");
}

#[tokio::test]
async fn server_errors_and_rate_limits_are_retried() {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let mock = MockLlm::start().await;
    mock.rule(COMMIT_REQUEST_MARK, Reply::text(["feat: wave"]));
    mock.push(Reply::status(429).retry_after(0));
    mock.push(Reply::status(500));
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
    assert_eq!(main_requests(&mock).len(), 3);
    assert!(repo.read("hello.py").contains("wave"));
    // The user is told about each retry, so a wait is never silent.
    let retries: Vec<&str> = run
        .events
        .iter()
        .filter_map(|event| match event {
            Event::Notice { text, .. } if text.contains("retrying in") => Some(text.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(retries.len(), 2, "{retries:?}");
    assert!(
        retries[0].contains("429") && retries[0].contains("attempt 1 of"),
        "{retries:?}"
    );
    assert!(
        retries[1].contains("500") && retries[1].contains("attempt 2 of"),
        "{retries:?}"
    );
}

#[tokio::test]
async fn a_stream_cut_mid_reply_writes_nothing() {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let mock = MockLlm::start().await;
    let reply = block(
        "hello.py",
        "    return \"hello\"\n",
        "    return \"wave\"\n",
    );
    let pieces: Vec<String> = reply.split_inclusive('\n').map(str::to_string).collect();
    // Every line of the block arrives, but the stream never finishes.
    mock.push(Reply::text(pieces.clone()).dropped_after(pieces.len()));
    let mut settings = settings(&repo.root(), &mock.openai_base(), &["hello.py"]);
    settings.max_reflections = 0;

    let run = run_once(settings, "Make it wave").await;

    assert!(
        matches!(run.outcome, TurnOutcome::Error { .. }),
        "{:?}",
        run.outcome
    );
    assert_eq!(repo.read("hello.py"), HELLO);
    assert_eq!(repo.log().len(), 1);
    assert!(run.events.iter().any(|event| matches!(
        event,
        Event::ReplyFinished {
            interrupted: true,
            ..
        }
    )));
}

#[tokio::test]
async fn the_request_has_the_parts_in_order() {
    let repo = TestRepo::new(&[
        ("hello.py", HELLO),
        (
            "helpers.py",
            "def compute_total(items):\n    return sum(items)\n\n\nclass Ledger:\n    pass\n",
        ),
    ]);
    let mock = MockLlm::start().await;
    mock.push(Reply::text(["No change needed."]));

    let run = run_once(
        settings(&repo.root(), &mock.openai_base(), &["hello.py"]),
        "Should greet use compute_total?",
    )
    .await;

    assert_eq!(run.outcome, TurnOutcome::Success);
    let requests = main_requests(&mock);
    assert_eq!(requests.len(), 1);
    let all = requests[0]["messages"].as_array().unwrap();
    assert_eq!(all[0]["role"], "system");
    // gpt-4o's settings (Aider's `reminder: sys`) put the closing reminder in a system
    // message of its own, last; no other system message follows the first.
    let (closing, messages) = all.split_last().unwrap();
    assert_eq!(closing["role"], "system");
    assert!(
        closing["content"]
            .as_str()
            .unwrap()
            .starts_with("Reminder:")
    );
    assert!(
        messages
            .iter()
            .skip(1)
            .all(|message| message["role"] != "system")
    );
    let position = |needle: &str| {
        messages
            .iter()
            .position(|message| {
                message["content"]
                    .as_str()
                    .unwrap_or_default()
                    .contains(needle)
            })
            .unwrap_or_else(|| panic!("no message contains {needle:?}"))
    };
    let map = position("compute_total(items)");
    let chat = position("return \"hello\"");
    assert!(map < chat, "the repo map comes before the chat files");
    let last = messages.last().unwrap();
    assert_eq!(last["role"], "user");
    assert!(
        last["content"]
            .as_str()
            .unwrap()
            .starts_with("Should greet use compute_total?")
    );
    assert!(!requests[0].to_string().contains(SECRET_KEY));
}

#[tokio::test]
async fn undo_restores_the_file_and_refuses_a_commit_the_tool_did_not_make() {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
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
    assert!(repo.read("hello.py").contains("wave"));
    let undo = driver.turn("/undo").await;
    assert_eq!(undo.outcome, TurnOutcome::Success);
    assert_eq!(repo.read("hello.py"), HELLO);
    assert_eq!(repo.log().len(), 1);

    // Now HEAD is the user's own commit: undo must refuse and change nothing.
    repo.write("hello.py", "def greet():\n    return \"mine\"\n");
    repo.commit_all("my own change");
    let refused = driver.turn("/undo").await;
    assert!(
        matches!(refused.outcome, TurnOutcome::Error { .. }),
        "{:?}",
        refused.outcome
    );
    assert_eq!(repo.log().len(), 2);
    assert!(repo.read("hello.py").contains("mine"));
    driver.quit().await;
}

#[tokio::test]
async fn anthropic_requests_carry_cache_markers_and_a_top_level_system() {
    let repo = TestRepo::new(&[
        ("hello.py", HELLO),
        ("helpers.py", "def compute_total(items):\n    return 0\n"),
    ]);
    let mock = MockLlm::start().await;
    mock.push(Reply::text(["Nothing to change."]));
    let mut settings = settings(&repo.root(), &mock.anthropic_base(), &["hello.py"]);
    settings.model = Some("anthropic/claude-sonnet-4-5".to_string());
    settings.weak_model = None;

    let run = run_once(settings, "Explain compute_total").await;

    assert_eq!(run.outcome, TurnOutcome::Success);
    let requests = mock.requests();
    assert_eq!(requests[0].path, "/v1/messages");
    let body = &requests[0].body;
    assert!(
        body["system"]
            .to_string()
            .contains("senior software engineer")
    );
    let messages = body["messages"].as_array().unwrap();
    assert!(messages.iter().all(|message| message["role"] != "system"));
    // System, the end of the stable prefix (examples, map), the end of the chat files.
    let markers = body.to_string().matches("cache_control").count();
    assert_eq!(markers, 3, "cache_control markers in {body}");
    assert!(body["system"][0]["cache_control"].is_object());
    let marked: Vec<usize> = messages
        .iter()
        .enumerate()
        .filter(|(_, message)| message.to_string().contains("cache_control"))
        .map(|(position, _)| position)
        .collect();
    let chat_files_ack = messages
        .iter()
        .position(|message| message.to_string().contains("current, complete contents"))
        .unwrap()
        + 1;
    assert_eq!(
        marked.last(),
        Some(&chat_files_ack),
        "the last marker closes the chat files"
    );
    assert!(body["max_tokens"].as_u64().unwrap_or(0) > 0);
    assert!(requests[0].header("anthropic-version").is_some());
}

#[tokio::test]
async fn yes_never_runs_a_shell_command_the_model_proposes() {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let mock = MockLlm::start().await;
    mock.push(Reply::text([
        "Run this:\n\n```bash\ntouch pwned.txt\n```\n",
    ]));

    let run = run_once(
        settings(&repo.root(), &mock.openai_base(), &["hello.py"]),
        "Set things up",
    )
    .await;

    assert!(run
        .questions()
        .iter()
        .any(|kind| matches!(kind, aider_tui::protocol::QuestionKind::RunShell { command } if command.contains("touch pwned.txt"))));
    assert!(!repo.root().join("pwned.txt").exists());
}

#[tokio::test]
async fn an_interrupt_stops_the_reply_and_applies_nothing() {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let mock = MockLlm::start().await;
    let mut pieces: Vec<String> = block(
        "hello.py",
        "    return \"hello\"\n",
        "    return \"wave\"\n",
    )
    .split_inclusive('\n')
    .map(str::to_string)
    .collect();
    pieces.extend((0..200).map(|n| format!("more text {n}\n")));
    mock.push(Reply::text(pieces).chunk_delay(Duration::from_millis(20)));
    let mut driver =
        Driver::start(settings(&repo.root(), &mock.openai_base(), &["hello.py"])).await;

    driver
        .ops
        .send(Op::Submit {
            text: "Make it wave".into(),
        })
        .await
        .unwrap();
    let mut interrupted = false;
    let outcome = loop {
        let event = tokio::time::timeout(Duration::from_secs(30), driver.events.recv())
            .await
            .unwrap()
            .unwrap();
        match event {
            Event::ReplyDelta { .. } if !interrupted => {
                interrupted = true;
                driver.ops.send(Op::Interrupt).await.unwrap();
            }
            Event::TurnFinished { outcome } => break outcome,
            _ => {}
        }
    };
    assert_eq!(outcome, TurnOutcome::Interrupted);
    assert_eq!(repo.read("hello.py"), HELLO);
    assert_eq!(repo.log().len(), 1);
    driver.quit().await;
}

#[tokio::test]
async fn a_commit_s_diff_is_answered_while_the_reply_still_streams() {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    repo.write("notes.txt", "first\n");
    let second = repo.commit_all("Add notes");
    let mock = MockLlm::start().await;
    // About six seconds of reply: the diff must not wait for its end.
    let pieces: Vec<String> = (0..300).map(|n| format!("thinking {n}\n")).collect();
    mock.push(Reply::text(pieces).chunk_delay(Duration::from_millis(20)));
    let mut driver =
        Driver::start(settings(&repo.root(), &mock.openai_base(), &["hello.py"])).await;

    driver
        .ops
        .send(Op::Submit {
            text: "Explain the notes".into(),
        })
        .await
        .unwrap();
    let mut asked = false;
    loop {
        let event = tokio::time::timeout(Duration::from_secs(30), driver.events.recv())
            .await
            .unwrap()
            .unwrap();
        match event {
            Event::ReplyDelta { .. } if !asked => {
                asked = true;
                driver
                    .ops
                    .send(Op::RequestCommitDiff {
                        commit: second.clone(),
                    })
                    .await
                    .unwrap();
            }
            Event::CommitDiff { commit, files, .. } => {
                assert_eq!(commit, second);
                assert!(
                    files.iter().any(|file| file.path == "notes.txt"),
                    "{files:?}"
                );
                break;
            }
            Event::ReplyFinished { .. } | Event::TurnFinished { .. } => {
                panic!("the commit's diff waited for the turn")
            }
            _ => {}
        }
    }
    driver.ops.send(Op::Interrupt).await.unwrap();
    driver.quit().await;
}

#[tokio::test]
async fn a_reply_that_hangs_past_the_timeout_ends_the_turn_with_an_error() {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let mock = MockLlm::start().await;
    let reply = block(
        "hello.py",
        "    return \"hello\"\n",
        "    return \"wave\"\n",
    );
    let pieces: Vec<String> = reply.split_inclusive('\n').map(str::to_string).collect();
    mock.fallback(Reply::text(pieces).hang_after(3));
    let mut settings = settings(&repo.root(), &mock.openai_base(), &["hello.py"]);
    settings.request_timeout = Some(std::time::Duration::from_secs(1));

    let run = run_once(settings, "Make it wave").await;

    assert!(
        matches!(run.outcome, TurnOutcome::Error { .. }),
        "{:?}",
        run.outcome
    );
    assert_eq!(repo.read("hello.py"), HELLO);
    assert_eq!(repo.log().len(), 1);
}

#[tokio::test]
async fn a_context_length_error_is_reported_in_one_line() {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let mock = MockLlm::start().await;
    mock.push(Reply::context_too_long());

    let run = run_once(
        settings(&repo.root(), &mock.openai_base(), &["hello.py"]),
        "Make it wave",
    )
    .await;

    let TurnOutcome::Error { message, kind } = run.outcome else {
        panic!("expected an error, got {:?}", run.outcome);
    };
    assert_eq!(kind, ErrorKind::ContextTooLarge, "{message}");
    assert!(!message.contains('\n'), "{message}");
    assert!(!message.contains(SECRET_KEY));
    assert_eq!(
        main_requests(&mock).len(),
        1,
        "a context-length error is not retried"
    );
}

#[tokio::test]
async fn a_repository_with_no_commits_yet_gets_the_users_file_then_the_edit() {
    let repo = TestRepo::new(&[]);
    repo.write("hello.py", HELLO);
    let mock = MockLlm::start().await;
    mock.rule(COMMIT_REQUEST_MARK, Reply::text(["feat: wave"]));
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
    assert_eq!(repo.read("hello.py"), "def greet():\n    return \"wave\"\n");
    let log = repo.log();
    assert_eq!(log.len(), 2, "{log:?}");
    assert!(log[0].starts_with("feat: wave"));
    assert!(
        !log[1].contains("Aider-Tui:"),
        "the user's file is committed as theirs first"
    );
}

#[tokio::test]
async fn without_git_the_edit_is_applied_and_nothing_is_committed() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    std::fs::write(root.join("hello.py"), HELLO).unwrap();
    let mock = MockLlm::start().await;
    mock.push(Reply::text([block(
        "hello.py",
        "    return \"hello\"\n",
        "    return \"wave\"\n",
    )]));
    let mut settings = settings(&root, &mock.openai_base(), &["hello.py"]);
    settings.git = false;

    let run = run_once(settings, "Make it wave").await;

    assert_eq!(run.outcome, TurnOutcome::Success);
    assert!(
        std::fs::read_to_string(root.join("hello.py"))
            .unwrap()
            .contains("wave")
    );
    assert!(!root.join(".git").exists());
    assert!(
        !run.events
            .iter()
            .any(|event| matches!(event, Event::CommitMade { .. }))
    );
    assert!(
        commit_requests(&mock).is_empty(),
        "no commit message is asked for"
    );
}

/// A driver whose first message gets a reply that streams two pieces and then stays
/// open: whatever arrives before the test interrupts it arrived while it streamed.
async fn held_reply(repo: &TestRepo, files: &[&str]) -> (MockLlm, Driver) {
    let mock = MockLlm::start().await;
    mock.push(Reply::text(["thinking\n", "still thinking\n", "never sent\n"]).hang_after(2));
    let mut settings = settings(&repo.root(), &mock.openai_base(), files);
    // The stream stays open until the test interrupts it.
    settings.request_timeout = Some(Duration::from_secs(600));
    let mut driver = Driver::start(settings).await;
    driver
        .ops
        .send(Op::Submit {
            text: "Explain the code".into(),
        })
        .await
        .unwrap();
    loop {
        if let Event::ReplyDelta { .. } = next_event(&mut driver).await {
            break;
        }
    }
    (mock, driver)
}

async fn next_event(driver: &mut Driver) -> Event {
    tokio::time::timeout(Duration::from_secs(60), driver.events.recv())
        .await
        .expect("no event came")
        .expect("the engine stopped")
}

/// Sends `ops` while the held reply streams and collects events until `done` has
/// seen what it waits for; the reply must not end meanwhile.
async fn during_the_stream(
    driver: &mut Driver,
    ops: Vec<Op>,
    mut done: impl FnMut(&Event) -> bool,
) -> Vec<Event> {
    for op in ops {
        driver.ops.send(op).await.unwrap();
    }
    let mut events = Vec::new();
    loop {
        let event = next_event(driver).await;
        if matches!(
            event,
            Event::ReplyFinished { .. } | Event::TurnFinished { .. }
        ) {
            panic!("the answers waited for the turn: {events:?}");
        }
        let finished = done(&event);
        events.push(event);
        if finished {
            return events;
        }
    }
}

/// Interrupts the held reply and reads up to the end of its turn.
async fn end_the_turn(driver: &mut Driver) -> Vec<Event> {
    driver.ops.send(Op::Interrupt).await.unwrap();
    let mut events = Vec::new();
    loop {
        let event = next_event(driver).await;
        let finished = matches!(event, Event::TurnFinished { .. });
        events.push(event);
        if finished {
            return events;
        }
    }
}

#[tokio::test]
async fn the_file_list_the_map_and_the_context_report_are_answered_while_the_reply_streams() {
    let repo = TestRepo::new(&[("hello.py", HELLO), ("notes.py", "def note():\n    pass\n")]);
    let (_mock, mut driver) = held_reply(&repo, &[]).await;
    let (mut files, mut map, mut report) = (None, None, None);
    during_the_stream(
        &mut driver,
        vec![
            Op::RequestRepoFiles,
            Op::RequestRepoMap,
            Op::RequestContextReport,
        ],
        |event| {
            match event {
                Event::RepoFiles { files: listed } => files = Some(listed.clone()),
                Event::RepoMap(view) => map = Some(view.clone()),
                Event::ContextReport(sent) => report = Some(sent.clone()),
                _ => {}
            }
            files.is_some() && map.is_some() && report.is_some()
        },
    )
    .await;

    assert_eq!(files.unwrap(), ["hello.py", "notes.py"]);
    let map = map.unwrap();
    assert!(map.text.contains("greet"), "{}", map.text);
    assert!(
        map.files.iter().any(|file| file.path == "hello.py"),
        "{:?}",
        map.files
    );
    let report = report.unwrap();
    assert_eq!(report.model, "openai/gpt-4o");
    assert!(
        report.parts.iter().any(|part| part.name == "repo map"),
        "the report shows the request in flight: {:?}",
        report.parts
    );
    end_the_turn(&mut driver).await;
    driver.quit().await;
}

#[tokio::test]
async fn settings_models_and_sessions_are_answered_while_the_reply_streams() {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let (_mock, mut driver) = held_reply(&repo, &["hello.py"]).await;
    let submit = |text: &str| Op::Submit { text: text.into() };
    let (mut answered, mut settings, mut models, mut sessions) = (0, false, false, false);
    during_the_stream(
        &mut driver,
        vec![
            submit("/settings"),
            submit("/models gpt-4o"),
            submit("/sessions"),
        ],
        |event| {
            match event {
                Event::SentDuringTurn {
                    handling: DuringTurn::Answered,
                    ..
                } => answered += 1,
                Event::Notice { text, .. } if text.contains("map-tokens") => settings = true,
                Event::Notice { text, .. } if text.contains("Known models matching") => {
                    models = true
                }
                Event::SessionList { .. } => sessions = true,
                _ => {}
            }
            answered == 3 && settings && models && sessions
        },
    )
    .await;

    let rest = end_the_turn(&mut driver).await;
    assert!(
        !rest
            .iter()
            .any(|event| matches!(event, Event::TurnStarted { .. })),
        "an answered command runs no turn: {rest:?}"
    );
    driver.quit().await;
}

#[tokio::test]
async fn a_command_that_changes_the_session_is_queued_or_refused_at_once_while_the_reply_streams() {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    repo.write("notes.txt", "first\n");
    let second = repo.commit_all("Add notes");
    let (_mock, mut driver) = held_reply(&repo, &["hello.py"]).await;
    let submit = |text: &str| Op::Submit { text: text.into() };
    let mut told = Vec::new();
    let mut undo_refused = false;
    during_the_stream(
        &mut driver,
        vec![
            submit("/undo"),
            submit("/rewind"),
            Op::UndoCommit {
                commit: second.clone(),
            },
            submit("/model openai/gpt-4o-mini"),
            submit("/ask"),
            submit("/cancel"),
            submit("/add notes.txt"),
        ],
        |event| {
            match event {
                Event::SentDuringTurn { text, handling } => {
                    told.push((text.clone(), handling.clone()))
                }
                Event::Notice { text, .. } if text.starts_with("Not undone") => undo_refused = true,
                _ => {}
            }
            told.len() == 6 && undo_refused
        },
    )
    .await;

    let refused = |reason| DuringTurn::Refused { reason };
    assert_eq!(
        told,
        [
            ("/undo".to_string(), refused(Refusal::MovesCommits)),
            (
                "/rewind".to_string(),
                refused(Refusal::ReplacesConversation)
            ),
            ("/model openai/gpt-4o-mini".to_string(), DuringTurn::Queued),
            ("/ask".to_string(), DuringTurn::Queued),
            (
                "/cancel".to_string(),
                DuringTurn::Cancelled {
                    dropped: vec!["/model openai/gpt-4o-mini".into(), "/ask".into()]
                }
            ),
            ("/add notes.txt".to_string(), DuringTurn::Queued),
        ]
    );
    let mut after = end_the_turn(&mut driver).await;
    // The queued command runs as the next turn; the refused and cancelled ones never.
    loop {
        let event = next_event(&mut driver).await;
        let finished = matches!(event, Event::TurnFinished { .. });
        after.push(event);
        if finished {
            break;
        }
    }
    let started: Vec<&String> = after
        .iter()
        .filter_map(|event| match event {
            Event::TurnStarted { message } => Some(message),
            _ => None,
        })
        .collect();
    assert_eq!(started, ["/add notes.txt"]);
    let Some(Event::Status(status)) = after
        .iter()
        .rev()
        .find(|event| matches!(event, Event::Status(_)))
    else {
        panic!("no status after the queued command: {after:?}");
    };
    assert_eq!(status.chat_files, ["hello.py", "notes.txt"]);
    assert_eq!(status.model, "openai/gpt-4o");
    assert_eq!(status.mode, aider_tui::protocol::ChatMode::Code);
    assert_eq!(repo.log().len(), 2, "nothing was undone");
    driver.quit().await;
}

#[tokio::test]
async fn a_failed_turn_says_what_failed_as_a_kind() {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let mock = MockLlm::start().await;
    mock.push(Reply::status(401));
    mock.push(Reply::status(404));
    let mut driver =
        Driver::start(settings(&repo.root(), &mock.openai_base(), &["hello.py"])).await;

    let kind = |run: engine_support::TurnRun| match run.outcome {
        TurnOutcome::Error { kind, .. } => kind,
        other => panic!("expected an error, got {other:?}"),
    };
    assert_eq!(kind(driver.turn("Make it wave").await), ErrorKind::Model);
    assert_eq!(kind(driver.turn("Make it wave").await), ErrorKind::Provider);
    assert_eq!(
        kind(driver.turn("/nosuchcommand").await),
        ErrorKind::Command
    );
    assert_eq!(kind(driver.turn("/undo").await), ErrorKind::Repository);
    driver.quit().await;
}
