//! Sessions in the full-screen UI on the real engine (TestBackend, loopback mock, real
//! git repositories): a resumed session shows its conversation and files; `[`/`]`
//! select the user's messages in the chat and `r` rewinds to before one after the
//! engine's confirmation naming the commits; `/sessions` opens a picker that switches.

use crate::support::engine as engine_support;
use crate::support::mock_llm;
use crate::support::ui_session;

use crate::sessions_resume::{WRITTEN_BEFORE_ID, written_before};

use aider_tui::config::{Resume, Settings};
use aider_tui::protocol::Event;
use aider_tui::sessions::SessionStore;
use aider_tui::tui::Focus;
use engine_support::{COMMIT_REQUEST_MARK, Driver, TestRepo, block, settings};
use insta::assert_snapshot;
use mock_llm::{MockLlm, Reply};
use ratatui::crossterm::event::KeyCode;
use ui_session::UiSession;

const HELLO: &str = "def greet():\n    return \"hello\"\n";

fn mock() -> MockLlm {
    let mock = MockLlm::start_in_thread();
    mock.rule(
        COMMIT_REQUEST_MARK,
        Reply::text(["feat: a greeting change"]),
    );
    mock
}

/// Edits are accepted without a review (`--yes`); questions still reach the screen.
fn ui_settings(repo: &TestRepo, mock: &MockLlm) -> Settings {
    let mut settings = settings(&repo.root(), &mock.openai_base(), &["hello.py"]);
    settings.auto_lint = false;
    settings
}

fn wave_reply() -> Reply {
    Reply::text([format!(
        "Waving.\n\n{}",
        block(
            "hello.py",
            "    return \"hello\"\n",
            "    return \"wave\"\n"
        )
    )])
}

fn shout_reply() -> Reply {
    Reply::text([format!(
        "Shouting.\n\n{}",
        block("hello.py", "    return \"wave\"\n", "    return \"WAVE\"\n")
    )])
}

#[tokio::test(flavor = "multi_thread")]
async fn a_resumed_session_shows_its_conversation_and_files() {
    let repo = TestRepo::new(&[("hello.py", HELLO), ("other.py", "x = 1\n")]);
    let mock = mock();
    mock.push(wave_reply());
    let mut earlier = ui_settings(&repo, &mock);
    earlier.files.push("other.py".into());
    earlier.files.push("gone.py".into());
    repo.write("gone.py", "y = 2\n");
    let mut driver = Driver::start(earlier).await;
    driver.turn("make it wave").await;
    driver.quit().await;
    std::fs::remove_file(repo.root().join("gone.py")).unwrap();

    let mut resumed = ui_settings(&repo, &mock);
    resumed.files.clear();
    resumed.resume = Resume::Latest;
    let mut ui = UiSession::start(resumed, 160, 48);
    ui.until_started().await;
    let screen = ui.screen(&repo);
    assert!(screen.contains("› make it wave"), "{screen}");
    assert!(screen.contains("Waving."), "{screen}");
    assert!(
        screen.contains("rw hello.py") && screen.contains("rw other.py"),
        "{screen}"
    );
    // The notice counts what came back.
    assert!(
        screen.contains(": 1 message of yours and") && screen.contains("2 files in the chat."),
        "{screen}"
    );
    // The notice that came before the conversation was restored is still shown.
    assert!(screen.contains("no longer exist: gone.py"), "{screen}");
    // Quitting will say how to go on with it.
    let Some(Event::ConversationRestored { session, .. }) = ui
        .seen
        .iter()
        .find(|event| matches!(event, Event::ConversationRestored { .. }))
    else {
        panic!("no conversation restored");
    };
    let hint = ui.app.resume_hint().unwrap();
    assert!(
        hint.contains("aider-tui --resume") && hint.contains(session.as_str()),
        "{hint}"
    );
    ui.quit().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_resumed_summary_and_reflection_show_as_such() {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    repo.write(
        &format!(".aider-tui/sessions/{WRITTEN_BEFORE_ID}.json"),
        &written_before(),
    );
    let mock = mock();
    let mut resumed = ui_settings(&repo, &mock);
    resumed.resume = Resume::Session(WRITTEN_BEFORE_ID.to_string());
    let mut ui = UiSession::start(resumed, 160, 48);
    ui.until_started().await;
    let screen = ui.screen(&repo);
    for shown in [
        "Summary of the earlier conversation:",
        "we said hello.",
        "› make it wave",
        "Waving.",
        "↻ The files you edited have problems.",
        "Fixed.",
    ] {
        assert!(screen.contains(shown), "{shown:?} is not shown:\n{screen}");
    }
    assert!(
        !screen.contains("Thanks, I have the context."),
        "the summary's acknowledgement says nothing to a reader:\n{screen}"
    );
    ui.quit().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn r_on_a_selected_message_rewinds_after_a_confirmation_naming_the_commits() {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let mock = mock();
    mock.push(wave_reply());
    mock.push(shout_reply());
    let mut ui = UiSession::start(ui_settings(&repo, &mock), 160, 48);
    ui.until_started().await;
    ui.send("make it wave");
    ui.until_turn_finished().await;
    ui.send("/ls");
    ui.until_turn_finished().await;
    ui.send("make it shout");
    ui.until_turn_finished().await;
    ui.settle().await;
    assert_eq!(repo.read("hello.py"), "def greet():\n    return \"WAVE\"\n");

    // r with nothing selected says how to select.
    ui.key(KeyCode::BackTab);
    assert_eq!(ui.app.focus(), Focus::Chat);
    ui.key(KeyCode::Char('r'));
    assert!(
        ui.screen(&repo)
            .contains("Select one of your messages first")
    );
    assert!(ui.take_ops().is_empty());

    // [ selects the latest message, [ again the one before (the command is skipped).
    ui.key(KeyCode::Char('['));
    ui.key(KeyCode::Char('['));
    ui.key(KeyCode::Char('['));
    let screen = ui.screen(&repo);
    assert!(
        screen.contains("r rewinds to before the selected message"),
        "{screen}"
    );
    assert_snapshot!("chat_message_selected_160x48", screen);
    ui.key(KeyCode::Char(']'));
    ui.key(KeyCode::Char('r'));
    ui.until("the confirmation", |event| {
        matches!(event, Event::Question { .. })
    })
    .await;
    let screen = ui.screen(&repo);
    assert!(
        screen.contains("Rewind the conversation to before your message")
            && screen.contains("make it shout")
            && screen.contains("undoes 1 commit"),
        "{screen}"
    );
    assert_snapshot!("chat_rewind_confirmation_160x48", screen);
    ui.key(KeyCode::Char('y'));
    ui.until_turn_finished().await;
    ui.settle().await;
    assert_eq!(repo.read("hello.py"), "def greet():\n    return \"wave\"\n");
    assert_eq!(repo.log().len(), 2);
    let screen = ui.screen(&repo);
    assert!(screen.contains("› make it wave"), "{screen}");
    assert!(!screen.contains("› make it shout"), "{screen}");
    assert!(
        screen.contains("Rewound 1 message of yours and undid 1 commit"),
        "{screen}"
    );

    // /redo brings the message back into the chat and the commit onto the branch.
    ui.key(KeyCode::Esc);
    ui.send("/redo");
    ui.until_turn_finished().await;
    ui.settle().await;
    assert_eq!(repo.read("hello.py"), "def greet():\n    return \"WAVE\"\n");
    let screen = ui.screen(&repo);
    assert!(screen.contains("› make it shout"), "{screen}");
    ui.quit().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn sessions_opens_a_picker_and_enter_switches_to_the_chosen_one() {
    let repo = TestRepo::new(&[("hello.py", HELLO), ("other.py", "x = 1\n")]);
    let mock = mock();
    mock.push(Reply::text(["x is one."]));
    mock.push(wave_reply());
    let mut earlier = ui_settings(&repo, &mock);
    earlier.files = vec!["other.py".into()];
    earlier.chat_mode = "ask".into();
    let mut driver = Driver::start(earlier).await;
    driver.turn("what is x?").await;
    driver.quit().await;
    // Make it clearly the older one (both could end within the same second).
    let store = SessionStore::open(&repo.root()).unwrap();
    let mut older = store.latest().unwrap().0.unwrap();
    older.started -= 3600;
    older.last_active -= 3600;
    store.save(&older).unwrap();

    let mut ui = UiSession::start(ui_settings(&repo, &mock), 160, 48);
    ui.until_started().await;
    ui.send("make it wave");
    ui.until_turn_finished().await;
    ui.send("/sessions");
    ui.until("the list", |event| {
        matches!(event, Event::SessionList { .. })
    })
    .await;
    ui.settle().await;
    let screen = ui.screen(&repo);
    assert!(screen.contains("Sessions — Enter resumes"), "{screen}");
    assert!(
        screen.contains("what is x?") && screen.contains("make it wave"),
        "{screen}"
    );
    // The running session is first (latest activity) and marked.
    let marked = screen
        .lines()
        .find(|line| line.contains("make it wave") && line.contains("started"))
        .unwrap_or_default();
    assert!(marked.contains('*'), "{marked}");
    ui.key(KeyCode::Enter);
    assert!(ui.screen(&repo).contains("That is the session running now"));
    ui.send("/sessions");
    ui.until("the list", |event| {
        matches!(event, Event::SessionList { .. })
    })
    .await;
    ui.key(KeyCode::Down).key(KeyCode::Enter);
    ui.until_turn_finished().await;
    ui.settle().await;
    let screen = ui.screen(&repo);
    assert!(
        screen.contains("› what is x?") && screen.contains("x is one."),
        "{screen}"
    );
    assert!(!screen.contains("› make it wave"), "{screen}");
    assert!(
        screen.contains("rw other.py") && !screen.contains("rw hello.py"),
        "{screen}"
    );
    ui.quit().await;
}
