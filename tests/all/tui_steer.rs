//! Snapshots of the architect's plan pane and the context pane on the real engine
//! (`engine::spawn` against the loopback mock, drawn on ratatui's TestBackend), and
//! the plan edited in place reaching the editor model.

use crate::support::engine as engine_support;
use crate::support::mock_llm;
use crate::support::ui_session;

use aider_tui::config::Settings;
use aider_tui::protocol::{Event, Op, PlanDecision};
use engine_support::{COMMIT_REQUEST_MARK, TestRepo, block, settings};
use insta::assert_snapshot;
use mock_llm::{MockLlm, Reply};
use ratatui::crossterm::event::{KeyCode, KeyModifiers};
use ui_session::UiSession;

const GREET: &str = "import sys\n\n\ndef greet(name):\n    print('hi', name)\n\n\ndef main():\n    greet(sys.argv[1])\n";
const PLAN: &str = "## Plan\n\n1. In `src/greet.py`, make `greet` print `hello` instead of `hi`.\n2. Leave `main` as it is.\n";

fn project() -> TestRepo {
    TestRepo::new(&[("src/greet.py", GREET), ("README.md", "# greet\n")])
}

fn architect(repo: &TestRepo, mock: &MockLlm) -> Settings {
    let mut settings = settings(&repo.root(), &mock.openai_base(), &["src/greet.py"]);
    settings.yes = false;
    settings.auto_lint = false;
    settings.chat_mode = "architect".into();
    // What the full-screen session does unless --auto-accept-architect is given.
    settings.auto_accept_architect = Some(false);
    settings
}

fn mock() -> MockLlm {
    let mock = MockLlm::start_in_thread();
    mock.rule(COMMIT_REQUEST_MARK, Reply::text(["fix: greet says hello"]));
    mock
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_plan_shows_in_the_diff_pane_and_is_edited_in_place() {
    let repo = project();
    let mock = mock();
    mock.push(Reply::text([PLAN]));
    mock.push(Reply::text([block(
        "src/greet.py",
        "    print('hi', name)\n",
        "    print('hello there', name)\n",
    )]));
    let mut ui = UiSession::start(architect(&repo, &mock), 160, 48);
    ui.until_started().await;
    ui.send("make greet say hello");
    ui.until("the plan", |event| matches!(event, Event::PlanReady { .. }))
        .await;
    assert_snapshot!("screen_plan_160x48", ui.screen(&repo));

    ui.key(KeyCode::Char('e'));
    assert_snapshot!("screen_plan_editing_160x48", ui.screen(&repo));
    // Change the first item: "hello" becomes "hello there".
    ui.key(KeyCode::Down).key(KeyCode::Down).key(KeyCode::End);
    for _ in 0.."instead of `hi`.".len() {
        ui.key(KeyCode::Left);
    }
    ui.key(KeyCode::Left).key(KeyCode::Left);
    ui.type_text(" there");
    ui.key_with(KeyCode::Char('s'), KeyModifiers::CONTROL);
    let sent = ui.forward_ops().await;
    let edited = "## Plan\n\n1. In `src/greet.py`, make `greet` print `hello there` instead of `hi`.\n2. Leave `main` as it is.\n";
    assert!(
        sent.iter().any(|op| matches!(op, Op::PlanDecide {
            decision: PlanDecision::SendEdited { text }, ..
        } if text == edited)),
        "{sent:?}"
    );
    ui.until("the review", |event| {
        matches!(event, Event::ReviewStarted(_))
    })
    .await;
    let editor = mock.requests()[1].body.clone();
    let last = crate::support::engine::last_user_text(&editor);
    assert!(last.starts_with(edited), "{last}");
    ui.key(KeyCode::Char('y'));
    ui.until_turn_finished().await;
    ui.settle().await;
    assert_eq!(
        repo.read("src/greet.py"),
        GREET.replace("'hi'", "'hello there'")
    );
    ui.quit().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_plan_leaves_the_diff_pane_and_says_so() {
    let repo = project();
    let mock = mock();
    mock.push(Reply::text([PLAN]));
    let mut ui = UiSession::start(architect(&repo, &mock), 80, 24);
    ui.until_started().await;
    ui.send("make greet say hello");
    ui.until("the plan", |event| matches!(event, Event::PlanReady { .. }))
        .await;
    assert_snapshot!("pane_plan_80x24", ui.screen(&repo));
    ui.key(KeyCode::Char('n'));
    ui.until_turn_finished().await;
    ui.settle().await;
    let screen = ui.screen(&repo);
    assert!(screen.contains("Plan dropped"), "{screen}");
    assert_eq!(mock.requests().len(), 1, "the editor was never asked");
    ui.quit().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_context_pane_shows_the_next_request_part_by_part() {
    let repo = project();
    let mock = mock();
    mock.cache_prefixes(|text| aider_tui::tokens::count_tokens(text) as u64);
    mock.push(Reply::text(["It prints a greeting."]));
    let mut session = settings(&repo.root(), &mock.openai_base(), &["src/greet.py"]);
    session.yes = false;
    session.read = vec!["README.md".into()];
    let mut ui = UiSession::start(session, 160, 48);
    ui.until_started().await;
    ui.key(KeyCode::F(3));
    ui.until("a context report", |event| {
        matches!(event, Event::ContextReport(_))
    })
    .await;
    ui.settle().await;
    assert_snapshot!("screen_context_160x48", ui.screen(&repo));

    ui.key(KeyCode::Esc);
    ui.send("/ask what does greet do?");
    ui.until_turn_finished().await;
    ui.settle().await;
    assert_snapshot!("screen_context_after_reply_160x48", ui.screen(&repo));
    // The command hides it again; the map is back in its place.
    ui.send("/context-pane");
    ui.settle().await;
    assert!(ui.screen(&repo).contains("Repo map"));
    ui.quit().await;
}
