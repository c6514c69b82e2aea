//! The ways in, in the full-screen UI on the real engine (ops to `engine::spawn_with`,
//! its events back to the app, drawn on TestBackend): a watched file's AI comment sent
//! as a typed message into the review, `/editor` and Ctrl-X Ctrl-E with `$EDITOR` set
//! to a script, `/multiline-mode`, `/voice` with its recording indicator, thinking
//! shown dimmed, the clipboard commands, and a keymap file's keys in the editors and
//! their hints.

use crate::support::engine as engine_support;
use crate::support::mock_llm;
use crate::support::ui_session;

use std::sync::Arc;
use std::time::{Duration, Instant};

use aider_tui::clipboard::{Clipboard, ClipboardError, ClipboardImage, FolderClipboard};
use aider_tui::config::Settings;
use aider_tui::engine::Devices;
use aider_tui::protocol::{DuringTurn, Event, Op};
use aider_tui::tui::Focus;
use aider_tui::voice::{Audio, NoMicrophone, Recorder, Recording, VoiceError};
use aider_tui::watch::FileWatcher;
use engine_support::{COMMIT_REQUEST_MARK, TestRepo, block, settings};
use insta::assert_snapshot;
use mock_llm::{MockLlm, Reply};
use ratatui::crossterm::event::{KeyCode, KeyModifiers};
use ui_session::UiSession;

const APP: &str = "def greet():\n    return \"hi\"\n";

fn review_settings(repo: &TestRepo, mock: &MockLlm) -> Settings {
    let mut settings = settings(&repo.root(), &mock.openai_base(), &[]);
    settings.yes = false;
    settings.auto_lint = false;
    settings
}

fn mock() -> MockLlm {
    let mock = MockLlm::start_in_thread();
    mock.rule(COMMIT_REQUEST_MARK, Reply::text(["feat: say hello"]));
    mock
}

fn devices(clipboard: Arc<dyn Clipboard>, recorder: Arc<dyn Recorder>) -> Devices {
    Devices {
        clipboard,
        recorder,
    }
}

fn submitted(ops: &[Op]) -> Vec<String> {
    ops.iter()
        .filter_map(|op| match op {
            Op::Submit { text } => Some(text.clone()),
            _ => None,
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_watched_ai_comment_is_sent_as_typed_and_its_edit_waits_for_review() {
    let repo = TestRepo::new(&[("app.py", APP)]);
    let mock = mock();
    mock.push(Reply::text([block(
        "app.py",
        "    return \"hi\"  # say hello AI!\n",
        "    return \"hello\"\n",
    )]));
    let mut ui = UiSession::start(review_settings(&repo, &mock), 160, 48);
    ui.until_started().await;
    let (watcher, mut triggers) =
        FileWatcher::start_with(&repo.root(), Duration::from_millis(100)).unwrap();
    repo.write(
        "app.py",
        "def greet():\n    return \"hi\"  # say hello AI!\n",
    );
    let deadline = Instant::now() + Duration::from_secs(20);
    let trigger = loop {
        if let Ok(trigger) = triggers.try_recv() {
            break trigger;
        }
        assert!(Instant::now() < deadline, "no trigger");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    ui.app.watch_trigger(&trigger);
    ui.until("the review", |event| {
        matches!(event, Event::ReviewStarted(_))
    })
    .await;
    assert!(ui.app.busy(), "the watcher waits while the turns run");
    assert_eq!(ui.app.focus(), Focus::Diff);
    let screen = ui.screen(&repo);
    assert!(screen.contains("› /add app.py"), "{screen}");
    assert!(
        screen.contains("› I wrote instructions for you"),
        "{screen}"
    );
    assert_eq!(
        repo.read("app.py"),
        "def greet():\n    return \"hi\"  # say hello AI!\n"
    );
    ui.key(KeyCode::Char('y'));
    ui.until_turn_finished().await;
    ui.settle().await;
    assert_eq!(repo.read("app.py"), "def greet():\n    return \"hello\"\n");
    assert!(!ui.app.busy());
    drop(watcher);
    ui.quit().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn the_message_is_composed_in_the_editor_from_the_command_or_ctrl_x_ctrl_e() {
    let repo = TestRepo::new(&[("app.py", APP)]);
    let mock = mock();
    let mut ui = UiSession::start(review_settings(&repo, &mock), 80, 24);
    ui.until_started().await;
    let tools = tempfile::tempdir().unwrap();
    let script = tools.path().join("editor.sh");
    std::fs::write(
        &script,
        "#!/bin/sh\ntext=$(cat \"$1\")\nprintf '%s and more\\n' \"$text\" > \"$1\"\n",
    )
    .unwrap();
    assert!(
        std::process::Command::new("chmod")
            .arg("+x")
            .arg(&script)
            .status()
            .unwrap()
            .success()
    );
    let editor = script.display().to_string();

    ui.send("/editor first draft");
    let edit = ui
        .app
        .take_external_edit()
        .expect("the editor is asked for");
    assert_eq!(edit.text(), "first draft");
    assert_eq!(edit.suffix(), ".md");
    let result = aider_tui::tui::external_editor::edit_with(&editor, edit.text(), &edit.suffix());
    ui.app.external_edit_done(edit, result);
    assert!(ui.screen(&repo).contains("first draft and more"));
    assert!(ui.take_ops().is_empty(), "nothing is sent before Enter");
    ui.key(KeyCode::Enter);
    assert_eq!(submitted(&ui.take_ops()), ["first draft and more"]);

    ui.type_text("hello");
    ui.key_with(KeyCode::Char('x'), KeyModifiers::CONTROL);
    ui.key_with(KeyCode::Char('e'), KeyModifiers::CONTROL);
    let edit = ui
        .app
        .take_external_edit()
        .expect("Ctrl-X Ctrl-E opens the editor");
    assert_eq!(edit.text(), "hello");
    ui.quit().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_keymap_file_rebinds_the_editors_keep_key_and_the_hint_names_it() {
    let repo = TestRepo::new(&[("app.py", APP)]);
    let keys = repo.root().join(".aider-tui").join("keymap.toml");
    std::fs::create_dir_all(keys.parent().unwrap()).unwrap();
    std::fs::write(
        &keys,
        "[editor]\n\"ctrl-k\" = \"keep\"\n\"ctrl-s\" = \"unbound\"\n",
    )
    .unwrap();
    let keymap = aider_tui::tui::keymap::Keymap::load(&keys).unwrap();
    let mock = mock();
    mock.push(Reply::text([block(
        "app.py",
        "    return \"hi\"\n",
        "    return \"hello\"\n",
    )]));
    let mut settings = settings(&repo.root(), &mock.openai_base(), &["app.py"]);
    settings.yes = false;
    settings.auto_lint = false;
    let mut ui = UiSession::start_with_keymap(settings, keymap, 120, 40);
    ui.until_started().await;
    ui.send("say hello");
    ui.until("the review", |event| {
        matches!(event, Event::ReviewStarted(_))
    })
    .await;
    ui.key(KeyCode::Char('e'));
    let screen = ui.screen(&repo);
    assert!(
        screen.contains("editing block 1 · Ctrl-K keeps · Esc cancels"),
        "{screen}"
    );
    assert!(!screen.contains("Ctrl-S"), "{screen}");
    // The default key no longer keeps; the file's key does.
    ui.key(KeyCode::End).type_text("!");
    ui.key_with(KeyCode::Char('s'), KeyModifiers::CONTROL);
    assert!(ui.screen(&repo).contains("editing block 1"));
    ui.key_with(KeyCode::Char('k'), KeyModifiers::CONTROL);
    ui.until("the commit", |event| {
        matches!(event, Event::CommitMade { .. })
    })
    .await;
    assert_eq!(repo.read("app.py"), "def greet():\n    return \"hello\"!\n");
    ui.quit().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn multiline_mode_swaps_enter_and_alt_enter() {
    let repo = TestRepo::new(&[("app.py", APP)]);
    let mock = mock();
    mock.push(Reply::text(["Noted."]));
    let mut ui = UiSession::start(review_settings(&repo, &mock), 80, 24);
    ui.until_started().await;
    ui.send("/multiline-mode");
    assert!(ui.take_ops().is_empty(), "the UI's own command");
    let screen = ui.screen(&repo);
    assert!(screen.contains("Enter inserts a new line"), "{screen}");
    assert!(
        screen.contains("Alt-Enter send · Enter new line"),
        "{screen}"
    );
    ui.type_text("first")
        .key(KeyCode::Enter)
        .type_text("second");
    assert!(ui.take_ops().is_empty());
    ui.key_with(KeyCode::Enter, KeyModifiers::ALT);
    assert_eq!(submitted(&ui.forward_ops().await), ["first\nsecond"]);
    // The next message is sent once this turn ends (until then it waits, queued).
    ui.until_turn_finished().await;
    // Enter is a new line now: Alt-Enter sends the command that swaps them back.
    ui.type_text("/multiline-mode")
        .key_with(KeyCode::Enter, KeyModifiers::ALT);
    ui.send("one line");
    assert_eq!(submitted(&ui.take_ops()), ["one line"]);
    ui.quit().await;
}

/// A microphone that hears one second of a tone.
struct ToneRecorder;
struct ToneRecording;

impl Recorder for ToneRecorder {
    fn start(&self) -> Result<Box<dyn Recording>, VoiceError> {
        Ok(Box::new(ToneRecording))
    }
}

impl Recording for ToneRecording {
    fn stop(self: Box<Self>) -> Result<Audio, VoiceError> {
        Ok(Audio {
            samples: (0..16_000)
                .map(|index| (index as f32 / 8.0).sin() * 0.2)
                .collect(),
            channels: 1,
            sample_rate: 16_000,
        })
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn voice_shows_a_recording_indicator_and_enter_puts_the_words_in_the_box() {
    let repo = TestRepo::new(&[("app.py", APP)]);
    let mock = mock();
    mock.push(Reply::text(["Rename greet to hello."]));
    let board = tempfile::tempdir().unwrap();
    let mut ui = UiSession::start_with_devices(
        review_settings(&repo, &mock),
        devices(
            Arc::new(FolderClipboard::new(board.path())),
            Arc::new(ToneRecorder),
        ),
        80,
        24,
    );
    ui.until_started().await;
    ui.send("/voice");
    ui.until("the recording", |event| {
        matches!(event, Event::Recording { active: true })
    })
    .await;
    let screen = ui.screen(&repo);
    assert_snapshot!("voice_recording_80x24", screen);
    ui.key(KeyCode::Enter);
    assert!(ui.forward_ops().await.contains(&Op::StopRecording));
    ui.until("the words", |event| {
        matches!(event, Event::ComposeMessage { .. })
    })
    .await;
    ui.until_turn_finished().await;
    let screen = ui.screen(&repo);
    assert!(!screen.contains("● REC"), "{screen}");
    assert!(screen.contains("Rename greet to hello."), "{screen}");
    assert_eq!(ui.app.focus(), Focus::Input);
    ui.key(KeyCode::Enter);
    assert_eq!(submitted(&ui.take_ops()), ["Rename greet to hello."]);
    ui.quit().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn thinking_streams_dimmed_before_the_reply() {
    let repo = TestRepo::new(&[("app.py", APP)]);
    let mock = mock();
    mock.push(Reply::text(["greet returns hi."]).reasoning(["Let me read ", "greet first.\n"]));
    let mut settings = review_settings(&repo, &mock);
    settings.model = Some("openai/o3-mini".into());
    let mut ui = UiSession::start(settings, 80, 24);
    ui.until_started().await;
    ui.send("/ask what does greet return?");
    ui.until_turn_finished().await;
    let screen = ui.screen(&repo);
    assert_snapshot!("thinking_80x24", screen);
    let thinking = screen
        .find("┊ Let me read greet first.")
        .expect("thinking shown");
    let reply = screen.find("greet returns hi.").expect("reply shown");
    assert!(thinking < reply);
    let dim = aider_tui::tui::theme::Theme::load("dark", false)
        .unwrap()
        .styles
        .dim;
    let buffer = ui.terminal.backend().buffer().clone();
    let marker = buffer
        .content()
        .iter()
        .find(|cell| cell.symbol() == "┊")
        .expect("the marker cell");
    assert_eq!(marker.fg, dim.fg.unwrap_or(marker.fg));
    ui.quit().await;
}

/// A clipboard with no display behind it.
struct NoDisplay;

impl Clipboard for NoDisplay {
    fn set_text(&self, _: &str) -> Result<(), ClipboardError> {
        Err(ClipboardError::Unavailable("no display".into()))
    }
    fn text(&self) -> Result<String, ClipboardError> {
        Err(ClipboardError::Unavailable("no display".into()))
    }
    fn image(&self) -> Result<ClipboardImage, ClipboardError> {
        Err(ClipboardError::Unavailable("no display".into()))
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn copy_without_a_clipboard_goes_through_the_terminal() {
    let repo = TestRepo::new(&[("app.py", APP)]);
    let mock = mock();
    mock.push(Reply::text(["the answer"]));
    let mut ui = UiSession::start_with_devices(
        review_settings(&repo, &mock),
        devices(Arc::new(NoDisplay), Arc::new(NoMicrophone)),
        160,
        48,
    );
    ui.until_started().await;
    ui.send("/ask a question");
    ui.until_turn_finished().await;
    ui.send("/copy");
    ui.until_turn_finished().await;
    assert_eq!(ui.app.take_terminal_copy().as_deref(), Some("the answer"));
    assert!(ui.screen(&repo).contains("copied through the terminal"));
    ui.quit().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn paste_puts_the_clipboard_text_in_the_message_box() {
    let repo = TestRepo::new(&[("app.py", APP)]);
    let mock = mock();
    let board = tempfile::tempdir().unwrap();
    std::fs::write(board.path().join("clipboard.txt"), "make greet louder").unwrap();
    let mut ui = UiSession::start_with_devices(
        review_settings(&repo, &mock),
        devices(
            Arc::new(FolderClipboard::new(board.path())),
            Arc::new(NoMicrophone),
        ),
        80,
        24,
    );
    ui.until_started().await;
    ui.send("/paste");
    ui.until_turn_finished().await;
    ui.key(KeyCode::Enter);
    assert_eq!(submitted(&ui.take_ops()), ["make greet louder"]);
    ui.quit().await;
}

/// The first Ctrl-C arms the quit and says so; a turn ending just after must not wipe
/// that notice, or the user sees nothing while the next Ctrl-C would quit.
#[tokio::test]
async fn the_quit_notice_outlives_the_end_of_a_turn() {
    let repo = TestRepo::new(&[("app.py", APP)]);
    let mock = MockLlm::start().await;
    let mut ui = UiSession::start(settings(&repo.root(), &mock.openai_base(), &[]), 100, 30);
    ui.until_started().await;
    // Nothing streams, the draft is empty: Ctrl-C arms the quit. A turn on its way
    // (a command's, say) ends just after.
    ui.key_with(KeyCode::Char('c'), KeyModifiers::CONTROL);
    ui.app.handle_event(Event::TurnFinished {
        outcome: aider_tui::protocol::TurnOutcome::Success,
    });
    let screen = ui.screen(&repo);
    assert!(screen.contains("Ctrl-C again"), "{screen}");
    ui.quit().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_that_fails_on_the_model_shows_how_to_set_one_up() {
    let repo = TestRepo::new(&[("app.py", APP)]);
    let mock = MockLlm::start_in_thread();
    mock.push(Reply::status(401));
    let mut ui = UiSession::start(settings(&repo.root(), &mock.openai_base(), &[]), 120, 40);
    ui.until_started().await;
    ui.send("make it wave");
    ui.until_turn_finished().await;
    let screen = ui.screen(&repo);
    assert!(screen.contains("the API key was refused"), "{screen}");
    assert!(screen.contains("To set up a model"), "{screen}");
    ui.quit().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn y_in_the_chat_copies_a_code_block_and_tables_and_code_are_framed() {
    let repo = TestRepo::new(&[("app.py", APP)]);
    let mock = mock();
    mock.push(Reply::text([
        "Two ways, *compared*:\n\n| way | lines |\n|:----|------:|\n| loop | 12 |\n| `map` | 3 |\n\n---\nFirst:\n\n```python\nfor name in names:\n        print(name, 'a long line that wraps under its own indent, past the edge of the pane')\n```\n\nThen:\n\n```sh\necho done\n```\n",
    ]));
    let board = tempfile::tempdir().unwrap();
    let mut ui = UiSession::start_with_devices(
        review_settings(&repo, &mock),
        devices(
            Arc::new(FolderClipboard::new(board.path())),
            Arc::new(NoMicrophone),
        ),
        80,
        40,
    );
    ui.until_started().await;
    ui.send("/ask which way");
    ui.until_turn_finished().await;
    // The chat sits just before the message box in the layout's order.
    ui.key(KeyCode::Esc).key(KeyCode::BackTab);
    assert_eq!(ui.app.focus(), Focus::Chat);
    // `y` with no block selected copies the last one, and selects it.
    ui.key(KeyCode::Char('y'));
    ui.until(
        "the copy",
        |event| matches!(event, Event::Notice { text, .. } if text.starts_with("Copied the code block")),
    )
    .await;
    assert_eq!(
        std::fs::read_to_string(board.path().join("clipboard.txt")).unwrap(),
        "echo done\n"
    );
    // `{` selects the block before it.
    ui.key(KeyCode::Char('{'));
    let screen = ui.screen(&repo);
    assert!(screen.contains("│ loop │    12 │"), "{screen}");
    assert_snapshot!("chat_table_and_code_blocks_80x40", screen);
    ui.key(KeyCode::Char('y'));
    ui.until(
        "the second copy",
        |event| matches!(event, Event::Notice { text, .. } if text.contains("(2 lines)")),
    )
    .await;
    assert_eq!(
        std::fs::read_to_string(board.path().join("clipboard.txt")).unwrap(),
        "for name in names:\n        print(name, 'a long line that wraps under its own indent, past the edge of the pane')\n"
    );
    ui.quit().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_typed_during_a_turn_are_answered_queued_or_refused_and_nothing_stays_busy() {
    let repo = TestRepo::new(&[("app.py", APP)]);
    let mock = MockLlm::start_in_thread();
    mock.push(Reply::text(["thinking\n", "more\n", "never\n"]).hang_after(2));
    let mut settings = settings(&repo.root(), &mock.openai_base(), &[]);
    // The reply stays open until Esc.
    settings.request_timeout = Some(Duration::from_secs(600));
    let mut ui = UiSession::start(settings, 120, 40);
    ui.until_started().await;
    ui.send("think aloud");
    ui.until("the reply", |event| {
        matches!(event, Event::ReplyDelta { .. })
    })
    .await;

    // `/map` answers in its pane, so the chat keeps the two notices in view.
    ui.send("/map").send("/undo").send("/add app.py");
    ui.until(
        "the queued /add",
        |event| matches!(event, Event::SentDuringTurn { text, .. } if text == "/add app.py"),
    )
    .await;
    let screen = ui.screen(&repo);
    assert!(screen.contains("Not run: /undo"), "{screen}");
    assert!(
        screen.contains("Queued until this turn ends: /add app.py"),
        "{screen}"
    );

    ui.key(KeyCode::Esc);
    ui.until_turn_finished().await;
    ui.until_turn_finished().await;
    assert!(ui.seen.iter().any(|event| matches!(
        event,
        Event::SentDuringTurn { text, handling: DuringTurn::Answered } if text == "/map"
    )));
    assert!(!ui.app.busy(), "every line sent has had its answer");
    assert!(ui.seen.iter().any(|event| matches!(
        event,
        Event::Status(status) if status.chat_files == ["app.py"]
    )));
    ui.quit().await;
}
