//! Snapshot tests of the full-screen UI on the real engine: the app's ops go to
//! `engine::spawn`, whose events — produced against the loopback mock LLM in a temporary
//! git repository — come back to the app, drawn on ratatui's TestBackend at 160×48 (all
//! panes) and 80×24 (panes collapse to tabs). No event here is written by hand, so a
//! screen shows only what the engine really says.

use crate::support::engine as engine_support;
use crate::support::mock_llm;
use crate::support::ui_session;

use std::time::Duration;

use aider_tui::config::Settings;
use aider_tui::protocol::{BlockState, Event, NoticeLevel, Op};
use aider_tui::tui::Focus;
use engine_support::{COMMIT_REQUEST_MARK, TestRepo, block, settings};
use insta::assert_snapshot;
use mock_llm::{MockLlm, Reply};
use ratatui::crossterm::event::{KeyCode, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use ui_session::{UiSession, commit_ids};

const GREET: &str = "import sys\n\n\ndef greet(name):\n    print('hi', name)\n\n\ndef main():\n    greet(sys.argv[1])\n";
const CLI: &str =
    "from greet import greet\n\n\ndef run(args):\n    for name in args:\n        greet(name)\n";
const README: &str = "# greet\n\nSays hello.\n";

/// A small Python project: two modules and a README, committed by the user.
fn project() -> TestRepo {
    TestRepo::new(&[
        ("src/greet.py", GREET),
        ("src/cli.py", CLI),
        ("README.md", README),
    ])
}

/// The session's settings: src/greet.py in the chat, README.md read-only, review on.
fn session_settings(repo: &TestRepo, mock: &MockLlm) -> Settings {
    let mut settings = settings(&repo.root(), &mock.openai_base(), &["src/greet.py"]);
    settings.read = vec!["README.md".into()];
    settings.yes = false;
    settings.auto_lint = false;
    // No co-change history: whether it is read before the first map is timing,
    // and the map pane says when it was not.
    settings.map_history = 0;
    settings
}

/// A started session, quiet (status, commit log, files and map arrived).
async fn started(repo: &TestRepo, mock: &MockLlm, width: u16, height: u16) -> UiSession {
    let mut ui = UiSession::start(session_settings(repo, mock), width, height);
    ui.until_started().await;
    ui
}

fn mock() -> MockLlm {
    let mock = MockLlm::start_in_thread();
    mock.rule(
        COMMIT_REQUEST_MARK,
        Reply::text(["feat: greet takes a loud flag"]),
    );
    mock
}

#[tokio::test(flavor = "multi_thread")]
async fn startup_asks_for_log_files_and_map_then_shows_every_pane() {
    let repo = project();
    let mock = mock();
    let mut ui = UiSession::start(session_settings(&repo, &mock), 160, 48);
    assert_snapshot!("screen_empty_160x48", ui.screen(&repo));
    assert_eq!(
        ui.forward_ops().await,
        vec![
            Op::RequestCommitLog { limit: 100 },
            Op::RequestRepoFiles,
            Op::RequestRepoMap
        ]
    );
    ui.until_started().await;
    assert_eq!(ui.app.focus(), Focus::Input);
    let screen = ui.screen(&repo);
    assert!(
        screen.contains("rw src/greet.py") && screen.contains("ro README.md"),
        "{screen}"
    );
    assert_snapshot!("screen_started_160x48", screen);
    ui.quit().await;
    let mut small = started(&repo, &mock, 80, 24).await;
    assert_snapshot!("screen_started_80x24", small.screen(&repo));
    small.quit().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn no_model_still_opens_and_says_how_to_set_one_up() {
    let repo = project();
    let settings = Settings {
        cwd: repo.root(),
        root: repo.root(),
        read_process_env: false,
        ..Settings::default()
    };
    let mut ui = UiSession::start(settings, 80, 24);
    ui.until_started().await;
    let screen = ui.screen(&repo);
    assert!(screen.contains("OPENAI_API_KEY"), "{screen}");
    assert_snapshot!("screen_no_model_80x24", screen);
    ui.quit().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_message_streams_into_the_chat_with_a_live_diff() {
    let repo = project();
    let mock = mock();
    mock.push(Reply::text([
        "I'll make `gr",
        "eet` shout.\n\nsrc/gr",
        "eet.py\n```python\n<<<<<<< SEARCH\n    print('hi', na",
        "me)\n=======\n    print('HI',",
        " name.upper())\n>>>>>>> REPLACE\n```\n",
    ]));
    let mut ui = started(&repo, &mock, 160, 48).await;
    ui.send("make greet shout");
    ui.until(
        "the SEARCH part to stream",
        |event| matches!(event, Event::ReplyDelta { text } if text.ends_with("na")),
    )
    .await;
    assert_snapshot!("screen_streaming_search_160x48", ui.screen(&repo));
    ui.until(
        "the block to be placed in its file",
        |event| matches!(event, Event::EditPreview(preview) if preview.located == Some(true)),
    )
    .await;
    let screen = ui.screen(&repo);
    assert!(screen.contains("placed · streaming"), "{screen}");
    assert!(
        screen.contains("5   -    print('hi', name)"),
        "line numbers from the engine:\n{screen}"
    );
    assert_snapshot!("screen_streaming_replace_160x48", screen);
    ui.until("the review", |event| {
        matches!(event, Event::ReviewStarted(_))
    })
    .await;
    ui.key(KeyCode::Char('n'));
    ui.until_turn_finished().await;
    ui.quit().await;
    let mut small = started(&repo, &mock, 80, 24).await;
    // The role chunk, then the text; then the stream stalls.
    mock.push(Reply::text(["I'll make `greet` shout.\n\nsrc/greet.py\n```python\n<<<<<<< SEARCH\n    print('hi', name)\n=======\n"]).hang_after(2));
    small.send("x");
    small
        .until("the reply", |event| {
            matches!(event, Event::ReplyDelta { .. })
        })
        .await;
    assert_snapshot!("screen_streaming_80x24", small.screen(&repo));
    small.key(KeyCode::Esc);
    small.until_turn_finished().await;
    small.quit().await;
}

/// The reply of the review scenario: a block that applies, one that cannot match, and
/// one planned on top of the first.
fn three_blocks() -> String {
    [
        "Adding a loud flag.\n\n".to_string(),
        block(
            "src/greet.py",
            "def greet(name):\n",
            "def greet(name, loud=False):\n",
        ),
        block("src/greet.py", "def mian():\n", "def main() -> None:\n"),
        block(
            "src/greet.py",
            "def greet(name, loud=False):\n    print('hi', name)\n",
            "def greet(name, loud=False):\n    print('HI' if loud else 'hi', name)\n",
        ),
    ]
    .concat()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_review_with_a_failed_an_edited_and_a_replanned_block() {
    let repo = project();
    let mock = mock();
    mock.push(Reply::text([three_blocks()]));
    // The reflection's answer: the two blocks that could not apply, fixed.
    mock.push(Reply::text([[
        "Fixed.\n\n".to_string(),
        block("src/greet.py", "def main():\n", "def main() -> None:\n"),
    ]
    .concat()]));
    let mut ui = started(&repo, &mock, 160, 48).await;
    ui.send("add a loud flag to greet");
    ui.until("the review", |event| {
        matches!(event, Event::ReviewStarted(_))
    })
    .await;
    assert_eq!(ui.app.focus(), Focus::Diff);
    let screen = ui.screen(&repo);
    assert!(screen.contains("goes back to the model"), "{screen}");
    assert_snapshot!("screen_review_160x48", screen);

    // The failed block cannot be accepted; it says why.
    ui.key(KeyCode::Char('j'));
    ui.key(KeyCode::Char('y'));
    let screen = ui.screen(&repo);
    assert!(
        screen.contains("cannot be applied") || screen.contains("failed — goes back"),
        "{screen}"
    );
    assert_snapshot!("screen_review_refused_160x48", screen);
    ui.key(KeyCode::Char('k'));

    // Edit the first block in place: the diff follows the typing.
    ui.key(KeyCode::Char('e'));
    ui.key(KeyCode::End)
        .key(KeyCode::Left)
        .key(KeyCode::Left)
        .type_text(": bool");
    // One draft per key press: wait for the one with the whole change.
    ui.until("the draft's plan", |event| {
        matches!(event, Event::ReviewDraft { state: BlockState::Planned { hunks, .. }, .. }
            if hunks.iter().flat_map(|hunk| &hunk.lines).any(|line| line.text.contains("loud=False: bool")))
    })
    .await;
    let screen = ui.screen(&repo);
    assert!(screen.contains("loud=False: bool"), "{screen}");
    assert_snapshot!("screen_review_editing_160x48", screen);
    ui.key_with(KeyCode::Char('s'), KeyModifiers::CONTROL);
    // The third block was planned on the first block's text: it no longer matches.
    ui.until("the re-planned blocks", |event| {
        matches!(event, Event::ReviewUpdated { blocks, .. }
            if blocks.iter().any(|block| block.id == 2 && block.replanned))
    })
    .await;
    let screen = ui.screen(&repo);
    assert!(
        screen.contains("re-planned") || screen.contains("3!"),
        "{screen}"
    );
    assert_snapshot!("screen_review_edited_and_replanned_160x48", screen);

    // Every block that can apply is decided: the commit lands at once, and the
    // failures go back to the model without a key press.
    ui.until("the commit", |event| {
        matches!(event, Event::CommitMade { .. })
    })
    .await;
    assert_eq!(
        repo.read("src/greet.py"),
        GREET.replace("def greet(name):", "def greet(name, loud=False: bool):")
    );
    ui.until("the reflection", |event| {
        matches!(event, Event::ReflectionSent { .. })
    })
    .await;
    let reflection = ui
        .seen
        .iter()
        .find_map(|event| match event {
            Event::ReflectionSent { text, .. } => Some(text.clone()),
            _ => None,
        })
        .unwrap();
    assert!(
        reflection.contains("## Block 2 (src/greet.py)"),
        "{reflection}"
    );
    assert!(
        reflection.contains("## Block 3 (src/greet.py)"),
        "{reflection}"
    );
    assert!(reflection.contains("I changed block 1"), "{reflection}");
    ui.until("the second review", |event| {
        matches!(event, Event::ReviewStarted(_))
    })
    .await;
    ui.key(KeyCode::Char('y'));
    ui.until_turn_finished().await;
    let screen = ui.screen(&repo);
    assert_snapshot!("screen_after_review_160x48", screen);
    assert_eq!(repo.log().len(), 3);
    ui.quit().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn review_keys_accept_all_and_the_side_by_side_layout() {
    let repo = project();
    let mock = mock();
    mock.push(Reply::text([[
        block(
            "src/greet.py",
            "def greet(name):\n",
            "def greet(name, loud=False):\n",
        ),
        block("src/greet.py", "def main():\n", "def main() -> None:\n"),
    ]
    .concat()]));
    let mut ui = started(&repo, &mock, 80, 24).await;
    ui.send("types");
    ui.until("the review", |event| {
        matches!(event, Event::ReviewStarted(_))
    })
    .await;
    let screen = ui.screen(&repo);
    assert_snapshot!("pane_review_80x24", screen);
    // A click on a block's label in the strip selects it; one on the title does not.
    let title = position_of(&screen, "Review 1");
    let second = (title.0 + "Review 1· ".chars().count() as u16, title.1);
    ui.app
        .handle_mouse(mouse(MouseEventKind::Down(MouseButton::Left), second));
    assert!(ui.screen(&repo).contains("2/2 src/greet.py"));
    ui.app
        .handle_mouse(mouse(MouseEventKind::Down(MouseButton::Left), title));
    assert!(ui.screen(&repo).contains("2/2 src/greet.py"));
    ui.key(KeyCode::Char('k'));
    ui.key(KeyCode::Char('s'));
    assert_snapshot!("pane_review_side_by_side_80x24", ui.screen(&repo));
    ui.key(KeyCode::Char('A'));
    ui.until_turn_finished().await;
    assert_eq!(ui.app.focus(), Focus::Input);
    assert!(repo.read("src/greet.py").contains("def main() -> None:"));
    ui.quit().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_review_takes_the_width_z_zooms_and_ending_it_rejects_the_rest() {
    let repo = project();
    let mock = mock();
    mock.push(Reply::text([[
        block(
            "src/greet.py",
            "def greet(name):\n",
            "def greet(name, loud=False):\n",
        ),
        block("src/greet.py", "def main():\n", "def main() -> None:\n"),
    ]
    .concat()]));
    let mut ui = started(&repo, &mock, 160, 45).await;
    ui.send("types");
    ui.until("the review", |event| {
        matches!(event, Event::ReviewStarted(_))
    })
    .await;
    // The diff has most of the width: the side-by-side halves are wide enough to read.
    ui.key(KeyCode::Char('s'));
    let screen = ui.screen(&repo);
    assert_snapshot!("screen_review_wide_side_by_side_160x45", screen);
    ui.key(KeyCode::Char('s'));
    ui.key(KeyCode::Char('z'));
    let screen = ui.screen(&repo);
    assert!(!screen.contains("Chat"), "{screen}");
    assert_snapshot!("screen_review_zoomed_160x45", screen);
    ui.key(KeyCode::Char('z'));

    // Accept the first block, end the review: the second is shown rejected.
    ui.key(KeyCode::Char('y'));
    ui.key(KeyCode::Enter);
    ui.until("the review's end", |event| {
        matches!(event, Event::ReviewEnded { .. })
    })
    .await;
    // A `y` pressed a moment too late is not typed into the message.
    ui.key(KeyCode::Char('y'));
    assert_eq!(ui.app.message_text(), "");
    ui.until_turn_finished().await;
    let screen = ui.screen(&repo);
    assert!(screen.contains("Review (ended) 1✓ 2✗"), "{screen}");
    assert_snapshot!("screen_review_ended_160x45", screen);
    // The next key types as usual.
    ui.key(KeyCode::Char('y'));
    assert_eq!(ui.app.message_text(), "y");
    ui.quit().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_review_whose_first_block_fails_opens_on_that_block() {
    let repo = project();
    let mock = mock();
    mock.push(Reply::text([[
        block("src/greet.py", "def mian():\n", "def main() -> None:\n"),
        block(
            "src/greet.py",
            "def greet(name):\n",
            "def greet(name, loud=False):\n",
        ),
    ]
    .concat()]));
    let mut ui = started(&repo, &mock, 80, 24).await;
    ui.send("types");
    ui.until("the review", |event| {
        matches!(event, Event::ReviewStarted(_))
    })
    .await;
    // Block 1 is selected, and every key the pane names acts on it.
    let screen = ui.screen(&repo);
    assert!(screen.contains("1/2 src/greet.py  failed"), "{screen}");
    assert!(!screen.contains("n on it"), "{screen}");
    assert_snapshot!("pane_review_first_block_failed_80x24", screen);
    // `n` drops block 1 (not sent back), the one the hint was about.
    ui.key(KeyCode::Char('n'));
    let ops = ui.forward_ops().await;
    assert!(
        ops.iter().any(|op| matches!(
            op,
            Op::ReviewDecide {
                block: 0,
                decision: aider_tui::protocol::BlockDecision::Reject,
                ..
            }
        )),
        "{ops:?}"
    );
    ui.until("the drop", |event| {
        matches!(event, Event::ReviewUpdated { blocks, .. }
            if blocks.iter().any(|block| block.id == 0
                && block.decision == aider_tui::protocol::BlockDecisionState::Dropped))
    })
    .await;
    ui.key(KeyCode::Char('y'));
    ui.until_turn_finished().await;
    assert!(
        repo.read("src/greet.py")
            .contains("def greet(name, loud=False):")
    );
    ui.quit().await;
}

/// A file with one line wider than the 80-column screen's diff pane.
const LONG: &str = "def handler(request):\n    return dispatch(request, timeout=30, retries=5, backoff=2.5, log_level='debug', on_error=report)\n";

#[tokio::test(flavor = "multi_thread")]
async fn a_long_changed_line_is_marked_scrolled_and_wrapped() {
    let repo = TestRepo::new(&[("src/long.py", LONG)]);
    let mock = mock();
    let line = LONG.lines().nth(1).unwrap();
    // Only a comment at the end of the long line: cut at the pane's edge, the two
    // lines would look the same.
    mock.push(Reply::text([block(
        "src/long.py",
        &format!("{line}\n"),
        &format!("{line}  # PUT\n"),
    )]));
    let mut settings = settings(&repo.root(), &mock.openai_base(), &["src/long.py"]);
    settings.yes = false;
    settings.auto_lint = false;
    let mut ui = UiSession::start(settings, 80, 24);
    ui.until_started().await;
    ui.send("mark it");
    ui.until("the review", |event| {
        matches!(event, Event::ReviewStarted(_))
    })
    .await;
    let screen = ui.screen(&repo);
    assert!(
        screen.contains("›") && !screen.contains("# PUT"),
        "{screen}"
    );
    assert_snapshot!("pane_review_long_line_cut_80x24", screen);

    // `l` scrolls until the end shows (and no further).
    for _ in 0..10 {
        ui.key(KeyCode::Char('l'));
    }
    let screen = ui.screen(&repo);
    assert!(screen.contains("# PUT") && screen.contains("‹"), "{screen}");
    assert_snapshot!("pane_review_long_line_scrolled_80x24", screen);
    ui.key(KeyCode::Left);
    assert!(!ui.screen(&repo).contains("# PUT"));

    // `w` wraps: the whole line shows, its end on the row below.
    ui.key(KeyCode::Char('w'));
    let screen = ui.screen(&repo);
    assert!(
        screen.contains("# PUT") && !screen.contains("›"),
        "{screen}"
    );
    assert_snapshot!("pane_review_long_line_wrapped_80x24", screen);

    // Side by side, cut and scrolled the same way.
    ui.key(KeyCode::Char('w')).key(KeyCode::Char('s'));
    assert!(ui.screen(&repo).contains("›"));
    for _ in 0..12 {
        ui.key(KeyCode::Right);
    }
    let screen = ui.screen(&repo);
    assert!(screen.contains("# PUT"), "{screen}");
    assert_snapshot!("pane_review_long_line_side_by_side_scrolled_80x24", screen);
    ui.key(KeyCode::Char('y'));
    ui.until_turn_finished().await;
    assert!(repo.read("src/long.py").contains("on_error=report)  # PUT"));
    ui.quit().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn commit_log_opens_a_diff_and_undo_names_the_commit() {
    let repo = project();
    let mock = mock();
    mock.push(Reply::text([block(
        "src/greet.py",
        "def greet(name):\n",
        "def greet(name, loud=False):\n",
    )]));
    let mut ui = started(&repo, &mock, 160, 48).await;
    ui.send("loud");
    ui.until("the review", |event| {
        matches!(event, Event::ReviewStarted(_))
    })
    .await;
    ui.key(KeyCode::Char('y'));
    ui.until_turn_finished().await;
    ui.settle().await;
    // `/diff` names what it compares: the working tree since the last turn's start.
    ui.send("/diff");
    ui.until("the diff", |event| {
        matches!(event, Event::CommitDiff { .. })
    })
    .await;
    let screen = ui.screen(&repo);
    assert!(
        screen.contains("working tree since the last turn's start, c000000"),
        "{screen}"
    );
    ui.settle().await;
    ui.key(KeyCode::Tab)
        .key(KeyCode::Tab)
        .key(KeyCode::Tab)
        .key(KeyCode::Tab);
    assert_eq!(ui.app.focus(), Focus::Commits);
    ui.key(KeyCode::Enter);
    ui.until("the commit's diff", |event| {
        matches!(event, Event::CommitDiff { .. })
    })
    .await;
    assert_eq!(ui.app.focus(), Focus::Diff);
    let screen = ui.screen(&repo);
    // The header has the commit's whole message, trailers included.
    assert!(screen.contains("Aider-Tui: "), "{screen}");
    assert_snapshot!("screen_commit_diff_160x48", screen);
    // Outside the message box a number key jumps to a pane (2: the commits).
    ui.key(KeyCode::Char('2'));
    assert_eq!(ui.app.focus(), Focus::Commits);
    ui.key(KeyCode::Char('u'));
    let screen = ui.screen(&repo);
    assert!(screen.contains("Undo commit"), "{screen}");
    assert_snapshot!("screen_undo_confirm_160x48", screen);
    ui.key(KeyCode::Char('y'));
    ui.until(
        "the undo",
        |event| matches!(event, Event::Notice { text, .. } if text.starts_with("Undid")),
    )
    .await;
    assert_eq!(repo.read("src/greet.py"), GREET);
    ui.quit().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn files_pane_adds_through_the_fuzzy_finder_and_drops() {
    let repo = project();
    let mock = mock();
    let mut ui = started(&repo, &mock, 80, 24).await;
    ui.key(KeyCode::Tab).key(KeyCode::Tab).key(KeyCode::Tab);
    assert_eq!(ui.app.focus(), Focus::Files);
    assert_snapshot!("pane_files_80x24", ui.screen(&repo));
    // Enter shows the selected file in the diff pane, its lines numbered.
    ui.key(KeyCode::Enter);
    ui.until("the preview", |event| {
        matches!(event, Event::FilePreview { .. })
    })
    .await;
    let screen = ui.screen(&repo);
    assert!(screen.contains("file src/greet.py"), "{screen}");
    assert!(screen.contains("4  def greet(name):"), "{screen}");
    assert_snapshot!("pane_file_preview_80x24", screen);
    // Outside the message box `1` jumps back to the files.
    ui.key(KeyCode::Char('1'));
    assert_eq!(ui.app.focus(), Focus::Files);
    // The finder counts its matches, marks a file already in the chat and makes the
    // letters that matched stand out.
    ui.key(KeyCode::Char('a')).type_text("grt");
    let screen = ui.screen(&repo);
    assert!(screen.contains("1 of 3 files"), "{screen}");
    assert!(screen.contains("src/greet.py  in the chat"), "{screen}");
    let buffer = ui.terminal.backend().buffer().clone();
    let row = (0..buffer.area.height)
        .find(|y| {
            (0..buffer.area.width)
                .map(|x| buffer[(x, *y)].symbol())
                .collect::<String>()
                .contains("src/greet.py")
        })
        .unwrap();
    let bold: String = (0..buffer.area.width)
        .filter(|x| {
            buffer[(*x, row)]
                .modifier
                .contains(ratatui::style::Modifier::BOLD)
        })
        .map(|x| buffer[(x, row)].symbol().to_string())
        .filter(|symbol| symbol.chars().all(char::is_alphanumeric))
        .collect();
    assert_eq!(bold, "grt");
    for _ in 0..3 {
        ui.key(KeyCode::Backspace);
    }
    ui.type_text("cli");
    assert_snapshot!("finder_80x24", ui.screen(&repo));
    ui.key(KeyCode::Enter);
    ui.until_turn_finished().await;
    ui.settle().await;
    let screen = ui.screen(&repo);
    assert!(
        screen.contains("rw src/cli.py"),
        "the files pane follows at once:\n{screen}"
    );
    ui.key(KeyCode::Char('d'));
    assert!(matches!(
        ui.take_ops().first(),
        Some(Op::Submit { text }) if text.starts_with("/drop ")
    ));
    ui.quit().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn repo_map_inspector_shows_ranks_reasons_and_text() {
    let repo = project();
    let mock = mock();
    let mut ui = started(&repo, &mock, 80, 24).await;
    // Tab follows the layout: from the message box to the diff, then the map below it.
    ui.key(KeyCode::Tab).key(KeyCode::Tab);
    assert_eq!(ui.app.focus(), Focus::Map);
    let screen = ui.screen(&repo);
    assert!(screen.contains("src/cli.py"), "{screen}");
    assert_snapshot!("pane_repo_map_80x24", screen);
    ui.key(KeyCode::Char('m'));
    assert_snapshot!("pane_repo_map_text_80x24", ui.screen(&repo));
    ui.key(KeyCode::Char('r'));
    assert_eq!(ui.take_ops(), vec![Op::RefreshRepoMap]);
    ui.quit().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn the_map_pane_shows_which_words_of_the_message_matched_a_file() {
    let repo = project();
    let mock = mock();
    mock.push(Reply::text([
        "The command line greets each name it is given.",
    ]));
    let mut ui = started(&repo, &mock, 80, 24).await;
    ui.send("what does the cli do with each name?");
    ui.until_turn_finished().await;
    ui.key(KeyCode::Tab).key(KeyCode::Tab);
    assert_eq!(ui.app.focus(), Focus::Map);
    // The inspector shows the map the last message was sent with.
    ui.key(KeyCode::Char('r'));
    ui.forward_ops().await;
    ui.until("the refreshed map", |event| {
        matches!(event, Event::RepoMap(_))
    })
    .await;
    let screen = ui.screen(&repo);
    assert!(screen.contains("matched `cli` in the path"), "{screen}");
    assert_snapshot!("pane_repo_map_matched_80x24", screen);
    ui.quit().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn commit_log_pane_at_80x24() {
    let repo = project();
    let mock = mock();
    let mut ui = started(&repo, &mock, 80, 24).await;
    for _ in 0..4 {
        ui.key(KeyCode::Tab);
    }
    assert_snapshot!("pane_commits_80x24", ui.screen(&repo));
    ui.quit().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_proposed_shell_command_is_a_dialog_answered_with_y_or_n() {
    let repo = project();
    let mock = mock();
    mock.push(Reply::text([
        "Run the tests:\n\n```bash\npython -m pytest -q\n```\n",
    ]));
    let mut ui = started(&repo, &mock, 80, 24).await;
    ui.send("how do I test it?");
    ui.until("the question", |event| {
        matches!(event, Event::Question { .. })
    })
    .await;
    assert_snapshot!("dialog_question_80x24", ui.screen(&repo));
    ui.key(KeyCode::Char('x'));
    assert!(ui.take_ops().is_empty());
    ui.key(KeyCode::Char('n'));
    ui.until_turn_finished().await;
    ui.quit().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn help_is_a_command_palette_that_filters_as_you_type() {
    let repo = project();
    let mock = mock();
    let mut ui = started(&repo, &mock, 160, 48).await;
    ui.key(KeyCode::F(1));
    assert_snapshot!("help_160x48", ui.screen(&repo));
    // Typing filters commands and keys alike; Enter runs a command without an argument.
    ui.type_text("undo");
    assert_snapshot!("palette_filtered_160x48", ui.screen(&repo));
    ui.key(KeyCode::Enter);
    assert_eq!(
        ui.take_ops(),
        vec![Op::Submit {
            text: "/undo".into()
        }]
    );
    // Ctrl-P opens it from the message box; a command with an argument is put there.
    ui.key_with(KeyCode::Char('p'), KeyModifiers::CONTROL)
        .type_text("commit");
    ui.key(KeyCode::Enter);
    assert!(ui.take_ops().is_empty());
    ui.key(KeyCode::Enter);
    assert_eq!(
        ui.take_ops(),
        vec![Op::Submit {
            text: "/commit".into()
        }]
    );
    ui.quit().await;
    let mut small = started(&repo, &mock, 80, 24).await;
    small.key(KeyCode::Tab).key(KeyCode::Char('?'));
    assert_snapshot!("help_80x24", small.screen(&repo));
    small.key(KeyCode::Esc).key(KeyCode::Esc);
    // `?` in the input box is just a character.
    small.type_text("why?");
    let screen = small.screen(&repo);
    assert!(screen.contains("why?"), "{screen}");
    small.quit().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn escape_interrupts_a_streaming_reply_and_ctrl_c_twice_quits() {
    let repo = project();
    let mock = mock();
    // The role chunk and the first piece; then the stream stalls.
    mock.push(Reply::text(["Half a rep", "ly"]).hang_after(2));
    let mut ui = started(&repo, &mock, 80, 24).await;
    ui.send("m");
    ui.until("the first piece", |event| {
        matches!(event, Event::ReplyDelta { .. })
    })
    .await;
    ui.key(KeyCode::Esc);
    ui.until_turn_finished().await;
    assert_snapshot!("screen_interrupted_80x24", ui.screen(&repo));
    ui.key_with(KeyCode::Char('c'), KeyModifiers::CONTROL);
    assert!(!ui.app.quitting());
    assert!(ui.screen(&repo).contains("Ctrl-C again"));
    ui.key_with(KeyCode::Char('c'), KeyModifiers::CONTROL);
    assert!(ui.app.quitting());
    assert_eq!(ui.take_ops(), vec![Op::Quit]);
    ui.quit().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn lint_output_reflections_and_provider_errors_show_in_the_chat() {
    let repo = project();
    let mock = mock();
    // The edit would leave a syntax error: auto-accept holds it back and its failure
    // goes back to the model, whose next request fails.
    mock.push(Reply::text([block(
        "src/greet.py",
        "def greet(name):\n",
        "def greet(name:\n",
    )]));
    mock.push(Reply::status(500).error_message("the model is down"));
    mock.push(Reply::status(500).error_message("the model is down"));
    mock.push(Reply::status(500).error_message("the model is down"));
    mock.push(Reply::status(500).error_message("the model is down"));
    let mut settings = session_settings(&repo, &mock);
    settings.auto_lint = true;
    settings.yes = true;
    let mut ui = UiSession::start(settings, 80, 24);
    ui.until_started().await;
    ui.send("break it");
    ui.until_turn_finished().await;
    let screen = ui.screen(&repo);
    assert!(
        screen.contains("the model is down") || screen.contains("500"),
        "{screen}"
    );
    assert_snapshot!("screen_reflection_and_errors_80x24", screen);
    ui.quit().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn chat_scrolls_up_stops_following_and_end_follows_again() {
    let repo = project();
    let mock = mock();
    let long: String = (1..=60).map(|n| format!("line {n}\n")).collect();
    mock.push(Reply::text([long, "line 61\n".to_string()]).chunk_delay(Duration::from_millis(300)));
    mock.push(Reply::text(["Then nothing."]));
    let mut ui = started(&repo, &mock, 80, 24).await;
    ui.send("m");
    ui.until(
        "the first 60 lines",
        |event| matches!(event, Event::ReplyDelta { text } if text.contains("line 60")),
    )
    .await;
    ui.key(KeyCode::BackTab);
    assert_eq!(ui.app.focus(), Focus::Chat);
    ui.screen(&repo);
    ui.key(KeyCode::PageUp);
    ui.until(
        "line 61",
        |event| matches!(event, Event::ReplyDelta { text } if text.contains("line 61")),
    )
    .await;
    let scrolled = ui.screen(&repo);
    assert!(scrolled.contains("scrolled"), "{scrolled}");
    assert!(!scrolled.contains("line 61"), "{scrolled}");
    assert_snapshot!("pane_chat_scrolled_80x24", scrolled);
    ui.key(KeyCode::End);
    assert!(ui.screen(&repo).contains("line 61"));
    ui.until_turn_finished().await;
    // From the message box PgUp scrolls the chat; sending follows it to the bottom.
    ui.key(KeyCode::Tab);
    assert_eq!(ui.app.focus(), Focus::Input);
    ui.key(KeyCode::PageUp);
    let screen = ui.screen(&repo);
    assert!(
        screen.contains("scrolled") && !screen.contains("line 61"),
        "{screen}"
    );
    ui.key_with(KeyCode::Down, KeyModifiers::SHIFT);
    assert!(ui.screen(&repo).contains("scrolled"));
    ui.send("and then?");
    let screen = ui.screen(&repo);
    assert!(
        !screen.contains("scrolled") && screen.contains("› and then?"),
        "{screen}"
    );
    ui.until_turn_finished().await;
    ui.quit().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn completion_and_mentions_in_the_input() {
    let repo = project();
    let mock = mock();
    for _ in 0..3 {
        mock.push(Reply::text(["ok"]));
    }
    let mut ui = started(&repo, &mock, 80, 24).await;
    // Each message runs as its turn before the next is typed: one sent while a turn
    // runs would wait in the chat, queued.
    ui.type_text("/und").key(KeyCode::Tab).key(KeyCode::Enter);
    assert_eq!(
        ui.forward_ops().await,
        vec![Op::Submit {
            text: "/undo".into()
        }]
    );
    ui.until_turn_finished().await;
    ui.type_text("explain @src/cli.py please")
        .key(KeyCode::Enter);
    // The engine reads `@path` (it adds the file); the UI sends the words as typed.
    assert_eq!(
        ui.forward_ops().await,
        vec![Op::Submit {
            text: "explain @src/cli.py please".into()
        }]
    );
    ui.until_turn_finished().await;
    ui.type_text("/add src/cl")
        .key(KeyCode::Tab)
        .key(KeyCode::Enter);
    assert_eq!(
        ui.forward_ops().await,
        vec![Op::Submit {
            text: "/add src/cli.py".into()
        }]
    );
    ui.until_turn_finished().await;
    // Alt-Enter makes a new line; Up recalls the history.
    ui.type_text("one")
        .key_with(KeyCode::Enter, KeyModifiers::ALT)
        .type_text("two")
        .key(KeyCode::Enter);
    assert_eq!(
        ui.forward_ops().await,
        vec![Op::Submit {
            text: "one\ntwo".into()
        }]
    );
    ui.until_turn_finished().await;
    ui.key(KeyCode::Up).key(KeyCode::Enter);
    assert_eq!(
        ui.forward_ops().await,
        vec![Op::Submit {
            text: "one\ntwo".into()
        }]
    );
    ui.until_turn_finished().await;
    // /auto-accept is the UI's own toggle.
    ui.type_text("/auto-accept").key(KeyCode::Enter);
    assert_eq!(ui.take_ops(), vec![Op::SetAutoAccept { on: true }]);
    ui.quit().await;
}

/// Typing `/` lists the registry's commands above the message box; more letters narrow it.
#[tokio::test(flavor = "multi_thread")]
async fn a_slash_lists_the_commands_it_could_become() {
    let repo = project();
    let mock = mock();
    let mut ui = started(&repo, &mock, 80, 24).await;
    ui.type_text("/");
    let all = ui.screen(&repo);
    assert!(all.contains("/add PATH|DIR|GLOB..."), "{all}");
    ui.type_text("co");
    assert_snapshot!("slash_co_80x24", ui.screen(&repo));
    // A space ends the name: the list goes.
    ui.type_text("mmit ");
    let typed = ui.screen(&repo);
    assert!(!typed.contains(" Commands "), "{typed}");
    ui.quit().await;
}

/// The registry alone decides what the UI keeps and what it hands to the engine.
#[tokio::test(flavor = "multi_thread")]
async fn every_command_goes_where_its_registry_row_says() {
    use aider_tui::protocol::{COMMANDS, Command, Runs};
    let repo = project();
    let mock = mock();
    let mut ui = started(&repo, &mock, 80, 24).await;
    for row in COMMANDS {
        // These leave the screen (quit, an editor); the rest stay testable here.
        if matches!(row.command, Command::Exit | Command::Quit | Command::Editor) {
            continue;
        }
        let typed = format!("/{}", row.name);
        ui.type_text(&typed).key(KeyCode::Enter);
        let ops = ui.take_ops();
        let sent = ops.contains(&Op::Submit {
            text: typed.clone(),
        });
        assert_eq!(
            sent,
            row.runs != Runs::Ui,
            "{typed} ({:?}): {ops:?}\n{}",
            row.runs,
            ui.screen(&repo)
        );
        if row.command == Command::ContextPane {
            // The pane it opens takes the focus; Esc is back to the message box.
            ui.key(KeyCode::Esc);
        }
        if row.command == Command::MultilineMode {
            // Enter now makes a new line: Alt-Enter sends, and turns it back.
            ui.type_text(&typed)
                .key_with(KeyCode::Enter, KeyModifiers::ALT);
            assert!(ui.take_ops().is_empty());
        }
    }
    ui.quit().await;
}

/// Every cell's colours on a screen with code, a diff and a review.
async fn colours_of(
    theme: &str,
    no_color: bool,
) -> Vec<(ratatui::style::Color, ratatui::style::Color)> {
    let repo = project();
    let mock = mock();
    mock.push(Reply::text([three_blocks()]));
    let mut ui = UiSession::start_themed(session_settings(&repo, &mock), 160, 48, theme, no_color);
    ui.until_started().await;
    ui.send("loud");
    ui.until("the review", |event| {
        matches!(event, Event::ReviewStarted(_))
    })
    .await;
    ui.screen(&repo);
    let colours = ui
        .terminal
        .backend()
        .buffer()
        .content
        .iter()
        .map(|cell| (cell.fg, cell.bg))
        .collect();
    ui.key(KeyCode::Char('R'));
    ui.quit().await;
    colours
}

#[tokio::test(flavor = "multi_thread")]
async fn no_color_draws_no_colour_at_all() {
    use ratatui::style::Color;
    let coloured = colours_of("dark", false).await;
    assert!(
        coloured.iter().any(|(fg, _)| *fg != Color::Reset),
        "the dark theme has colours"
    );
    let plain = colours_of("dark", true).await;
    assert!(
        plain
            .iter()
            .all(|(fg, bg)| *fg == Color::Reset && *bg == Color::Reset),
        "a colour survived NO_COLOR"
    );
    let basic = colours_of("ansi16", false).await;
    assert!(
        basic
            .iter()
            .all(|(fg, bg)| !matches!(fg, Color::Rgb(..) | Color::Indexed(_))
                && !matches!(bg, Color::Rgb(..) | Color::Indexed(_))),
        "the ansi16 theme used a colour outside the 16"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_resize_switches_between_panes_and_tabs() {
    let repo = project();
    let mock = mock();
    let mut ui = started(&repo, &mock, 160, 48).await;
    let wide = ui.screen(&repo);
    assert!(
        wide.contains("╭ Commits") && !wide.contains("Tab switches"),
        "{wide}"
    );
    ui.terminal.backend_mut().resize(80, 24);
    let small = ui.screen(&repo);
    assert!(
        small.contains("Tab switches") && !small.contains("╭ Commits"),
        "{small}"
    );
    ui.terminal.backend_mut().resize(160, 48);
    assert_eq!(ui.screen(&repo), wide);
    ui.quit().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn with_auto_accept_blocks_apply_without_taking_the_focus() {
    let repo = project();
    let mock = mock();
    mock.push(Reply::text([three_blocks()]));
    mock.push(Reply::text(["Let me leave those as they are."]));
    let mut settings = session_settings(&repo, &mock);
    settings.yes = true;
    let mut ui = UiSession::start(settings, 80, 24);
    ui.until_started().await;
    ui.send("loud");
    ui.until("the review", |event| {
        matches!(event, Event::ReviewStarted(_))
    })
    .await;
    assert_eq!(ui.app.focus(), Focus::Input);
    ui.until_turn_finished().await;
    ui.key(KeyCode::Tab);
    assert_eq!(ui.app.focus(), Focus::Diff);
    let screen = ui.screen(&repo);
    assert!(screen.contains("Review (ended)"), "{screen}");
    assert!(repo.read("src/greet.py").contains("loud=False"));
    ui.quit().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_rejected_block_is_not_a_warning_but_a_failed_one_is() {
    let repo = project();
    let mock = mock();
    mock.push(Reply::text([block(
        "src/greet.py",
        "def greet(name):\n",
        "def greet(who):\n",
    )]));
    let mut ui = started(&repo, &mock, 160, 48).await;
    ui.send("rename");
    ui.until("the review", |event| {
        matches!(event, Event::ReviewStarted(_))
    })
    .await;
    ui.key(KeyCode::Char('n'));
    ui.until_turn_finished().await;
    let rejected = ui.screen(&repo);
    assert!(
        rejected.contains("Rejected edit to src/greet.py"),
        "{rejected}"
    );
    assert!(!rejected.contains("were not applied"), "{rejected}");
    ui.quit().await;

    let mock = self::mock();
    mock.push(Reply::text([block(
        "src/greet.py",
        "def nothere():\n",
        "x\n",
    )]));
    mock.push(Reply::text(["I cannot find it."]));
    let mut ui = started(&repo, &mock, 160, 48).await;
    ui.send("rename");
    ui.until("the review", |event| {
        matches!(event, Event::ReviewStarted(_))
    })
    .await;
    assert!(ui.seen.iter().any(|event| matches!(event,
        Event::ReviewStarted(review) if matches!(review.blocks[0].state, BlockState::Failed { .. }))));
    ui.until_turn_finished().await;
    let failed = ui.screen(&repo);
    assert!(failed.contains("failed"), "{failed}");
    ui.quit().await;
}

/// The screen with the map's parsed counts (which depend on how fast the thread
/// parses) shown as `#`; the fill after each count grows by what the count lost, so
/// the layout stays as drawn.
fn mask_map_progress(screen: &str) -> String {
    let count = fancy_regex::Regex::new(r"(?<=parsing |map |│)[0-9][0-9.]*k?(?=/| of )").unwrap();
    screen
        .lines()
        .map(|line| {
            let mut line = line.to_string();
            let found: Vec<(usize, usize)> = count
                .find_iter(&line)
                .map(|m| m.unwrap())
                .map(|m| (m.start(), m.end()))
                .collect();
            for (start, end) in found.into_iter().rev() {
                let lost = end - start - 1;
                let after = &line[end..];
                let fill_at = after
                    .char_indices()
                    .find(|(at, c)| {
                        (*c == ' ' || *c == '─') && after[at + c.len_utf8()..].starts_with(*c)
                    })
                    .map(|(at, c)| (end + at, c));
                if let Some((at, c)) = fill_at {
                    line.insert_str(at, &c.to_string().repeat(lost));
                }
                line.replace_range(start..end, "#");
            }
            line
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[tokio::test(flavor = "multi_thread")]
async fn a_cold_scan_never_holds_up_the_first_frame() {
    // Enough files that the first map (the files near the chat first) takes a while.
    let generated: Vec<(String, String)> = (0..8000)
        .map(|i| {
            (
                format!("pkg/m{i:04}.py"),
                format!("def f{i}():\n    return f{}()\n", (i + 1) % 8000),
            )
        })
        .collect();
    let mut files: Vec<(&str, &str)> = vec![
        ("src/greet.py", GREET),
        ("src/cli.py", CLI),
        ("README.md", README),
    ];
    files.extend(generated.iter().map(|(p, t)| (p.as_str(), t.as_str())));
    let repo = TestRepo::new(&files);
    let mock = mock();
    let mut ui = UiSession::start(session_settings(&repo, &mock), 160, 48);
    ui.until("the commit log", |event| {
        matches!(event, Event::CommitLog { .. })
    })
    .await;
    // Listing the files comes first; then the parsing, with a total.
    ui.until("the map's scan with its total", |event| {
        matches!(event, Event::Status(status) if status.map_progress.is_none_or(|p| p.total > 0))
    })
    .await;
    let Some(Event::Status(status)) = ui.seen.last() else {
        unreachable!()
    };
    let Some(progress) = status.map_progress else {
        panic!(
            "the scan ended before its progress was shown: {:#?}",
            ui.seen
        );
    };
    assert!(
        !progress.ready && progress.total >= 8000,
        "the first map was ready before its progress was shown: {progress:?}"
    );
    let screen = ui.screen(&repo);
    // The chat files, the model, the branch and the commit log are there at once; the
    // map pane and the status bar say how far the scan is.
    for shown in [
        "rw src/greet.py",
        "openai/gpt-4o",
        "⎇ master",
        "initial commit",
        "Building the map",
        "map ",
    ] {
        assert!(screen.contains(shown), "{shown:?} missing:\n{screen}");
    }
    assert_snapshot!("screen_cold_scan_160x48", mask_map_progress(&screen));
    // A message sent now waits for the first map, saying so; Esc sends it without.
    mock.push(Reply::text(["Noted."]));
    ui.send("hello");
    ui.until("the wait notice", |event| {
        matches!(event, Event::Notice { text, .. } if text.starts_with("Waiting for the repo map"))
    })
    .await;
    ui.key(KeyCode::Esc);
    ui.until("the message to go without the map", |event| {
        matches!(event, Event::Notice { level: NoticeLevel::Warn, text } if text.contains("without the repo map"))
    })
    .await;
    ui.until_turn_finished().await;
    let requests = mock.requests();
    let sent = requests.last().unwrap().body.to_string();
    assert!(
        sent.contains("hello") && !sent.contains("def f1("),
        "{sent}"
    );
    ui.quit().await;
}

/// Where `needle` is on a screen: its column and row.
fn position_of(screen: &str, needle: &str) -> (u16, u16) {
    for (row, line) in screen.lines().enumerate() {
        if let Some(at) = line.find(needle) {
            let column = line[..at].chars().count();
            return (column as u16, row as u16);
        }
    }
    panic!("{needle:?} is not on the screen:\n{screen}");
}

fn mouse(kind: MouseEventKind, (column, row): (u16, u16)) -> MouseEvent {
    MouseEvent {
        kind,
        column,
        row,
        modifiers: KeyModifiers::NONE,
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_message_sent_during_a_reply_waits_after_it_queued_and_can_be_taken_back() {
    let repo = project();
    let mock = mock();
    mock.push(
        Reply::text(["First half of the reply,\n", "and the second half.\n"])
            .chunk_delay(Duration::from_millis(300)),
    );
    mock.push(Reply::text(["Done with the queued one."]));
    let mut ui = started(&repo, &mock, 80, 24).await;
    ui.send("explain");
    ui.until(
        "the first half",
        |event| matches!(event, Event::ReplyDelta { text } if text.contains("First half")),
    )
    .await;
    ui.send("also this");
    // Held by the app, not sent: it can still be taken back.
    assert_eq!(ui.take_ops(), vec![]);
    let screen = ui.screen(&repo);
    assert!(screen.contains("Working (0s"), "{screen}");
    assert_snapshot!("chat_queued_during_a_reply_80x24", screen);
    ui.key_with(KeyCode::Up, KeyModifiers::ALT);
    let screen = ui.screen(&repo);
    assert!(!screen.contains("queued"), "{screen}");
    assert!(screen.contains("┃also this"), "{screen}");
    ui.key(KeyCode::Enter);
    ui.until(
        "the second half",
        |event| matches!(event, Event::ReplyDelta { text } if text.contains("second half")),
    )
    .await;
    let screen = ui.screen(&repo);
    // The reply is whole, with the queued message after it.
    let reply = position_of(&screen, "First half").1;
    assert_eq!(position_of(&screen, "and the second half").1, reply + 1);
    assert!(position_of(&screen, "also this").1 > reply + 1, "{screen}");
    ui.until_turn_finished().await;
    ui.until_turn_finished().await;
    let screen = ui.screen(&repo);
    let sent = position_of(&screen, "› also this").1;
    assert!(sent > position_of(&screen, "second half").1, "{screen}");
    assert!(
        position_of(&screen, "Done with the queued").1 > sent,
        "{screen}"
    );
    assert!(!screen.contains("queued:"), "{screen}");
    ui.quit().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn ctrl_c_stops_the_reply_then_clears_the_message_then_quits() {
    let repo = project();
    let mock = mock();
    mock.push(Reply::text(["Half a rep", "ly"]).hang_after(2));
    let mut ui = started(&repo, &mock, 80, 24).await;
    ui.send("m");
    ui.until("the first piece", |event| {
        matches!(event, Event::ReplyDelta { .. })
    })
    .await;
    ui.type_text("a draft");
    ui.key_with(KeyCode::Char('c'), KeyModifiers::CONTROL);
    assert_eq!(ui.forward_ops().await, vec![Op::Interrupt]);
    ui.until_turn_finished().await;
    assert!(ui.screen(&repo).contains("┃a draft"));
    ui.key_with(KeyCode::Char('c'), KeyModifiers::CONTROL);
    let screen = ui.screen(&repo);
    assert!(!screen.contains("┃a draft"), "{screen}");
    assert_snapshot!("input_cleared_by_ctrl_c_80x24", screen);
    // The cleared message is in the history.
    ui.key(KeyCode::Up);
    assert!(ui.screen(&repo).contains("┃a draft"));
    ui.key_with(KeyCode::Char('g'), KeyModifiers::CONTROL);
    assert!(!ui.screen(&repo).contains("┃a draft"));
    ui.key_with(KeyCode::Char('c'), KeyModifiers::CONTROL);
    assert!(!ui.app.quitting());
    assert!(ui.screen(&repo).contains("Ctrl-C again"));
    ui.key_with(KeyCode::Char('c'), KeyModifiers::CONTROL);
    assert!(ui.app.quitting());
    ui.quit().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn readline_keys_and_ctrl_r_edit_the_message() {
    let repo = project();
    let mock = mock();
    let mut ui = started(&repo, &mock, 80, 24).await;
    // Sent messages go into the history that Ctrl-R searches.
    ui.send("/help");
    ui.until_turn_finished().await;
    ui.send("/tokens");
    ui.until_turn_finished().await;
    ui.type_text("one two three");
    ui.key_with(KeyCode::Char('w'), KeyModifiers::CONTROL);
    assert!(ui.screen(&repo).contains("┃one two "));
    ui.key_with(KeyCode::Char('u'), KeyModifiers::ALT);
    assert!(ui.screen(&repo).contains("┃one two three"));
    ui.key_with(KeyCode::Char('u'), KeyModifiers::CONTROL);
    assert!(!ui.screen(&repo).contains("one two"));
    ui.key_with(KeyCode::Char('r'), KeyModifiers::CONTROL);
    // Backspace (the search's delete key) takes back a letter of the query.
    ui.type_text("hex").key(KeyCode::Backspace);
    let screen = ui.screen(&repo);
    assert!(screen.contains("history search: he"), "{screen}");
    assert!(screen.contains("┃/help"), "{screen}");
    assert_snapshot!("input_history_search_80x24", screen);
    ui.key(KeyCode::Enter);
    let screen = ui.screen(&repo);
    assert!(
        screen.contains("┃/help") && !screen.contains("history search"),
        "{screen}"
    );
    assert_eq!(
        ui.take_ops(),
        vec![],
        "Enter keeps the match, it does not send"
    );
    // A long message wraps in the box, which grows to show it.
    ui.key_with(KeyCode::Char('g'), KeyModifiers::CONTROL);
    let words: Vec<String> = (1..=30).map(|n| format!("word{n}")).collect();
    ui.type_text(&words.join(" "));
    let screen = ui.screen(&repo);
    assert!(
        screen.contains("┃word1 ") && screen.contains("word30"),
        "{screen}"
    );
    assert_snapshot!("input_soft_wrapped_80x24", screen);
    ui.quit().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn slash_searches_the_focused_chat_and_n_moves_between_matches() {
    let repo = project();
    let mock = mock();
    let long: String = (1..=200)
        .map(|n| match n {
            20 | 50 => format!("line {n} has the needle\n"),
            _ => format!("line {n}\n"),
        })
        .collect();
    mock.push(Reply::text([long]));
    let mut ui = started(&repo, &mock, 80, 24).await;
    ui.send("m");
    ui.until_turn_finished().await;
    // In the message box `/` starts a command.
    ui.key(KeyCode::BackTab);
    assert_eq!(ui.app.focus(), Focus::Chat);
    ui.key(KeyCode::Char('/')).type_text("NEEDLE");
    let screen = ui.screen(&repo);
    assert!(screen.contains("line 50 has the needle"), "{screen}");
    assert!(screen.contains("/NEEDLE"), "{screen}");
    assert_snapshot!("chat_search_80x24", screen);
    ui.key(KeyCode::Enter).key(KeyCode::Char('n'));
    let screen = ui.screen(&repo);
    assert!(screen.contains("line 20 has the needle"), "{screen}");
    ui.key(KeyCode::Char('N'));
    assert!(ui.screen(&repo).contains("line 50 has the needle"));
    ui.key(KeyCode::Char('/')).type_text("nowhere");
    assert!(ui.screen(&repo).contains("no match"));
    ui.key(KeyCode::Esc);
    assert!(!ui.screen(&repo).contains("/nowhere"));
    assert_eq!(ui.app.focus(), Focus::Chat);
    ui.quit().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn slash_searches_the_commit_log_and_selects_the_match() {
    let repo = project();
    repo.write("README.md", "# greet\n\nSays hello loudly.\n");
    repo.commit_all("docs: say it loudly");
    repo.write("README.md", "# greet\n\nSays hello.\n");
    repo.commit_all("docs: quieter again");
    let mock = mock();
    let mut ui = started(&repo, &mock, 160, 48).await;
    ui.key(KeyCode::Tab);
    ui.key(KeyCode::Char('2'));
    assert_eq!(ui.app.focus(), Focus::Commits);
    ui.key(KeyCode::Char('/')).type_text("loud");
    ui.key(KeyCode::Enter);
    assert_snapshot!("commits_search_160x48", ui.screen(&repo));
    ui.key(KeyCode::Esc).key(KeyCode::Enter);
    let second = commit_ids(&repo)[1].clone();
    assert_eq!(
        ui.forward_ops().await,
        vec![Op::RequestCommitDiff { commit: second }]
    );
    ui.until("the commit's diff", |event| {
        matches!(event, Event::CommitDiff { .. })
    })
    .await;
    // The diff is searched too: the match is its top row.
    assert_eq!(ui.app.focus(), Focus::Diff);
    ui.key(KeyCode::Char('/')).type_text("LOUDLY");
    ui.key(KeyCode::Enter);
    let screen = ui.screen(&repo);
    assert!(screen.contains("/LOUDLY · n next"), "{screen}");
    assert_snapshot!("diff_search_160x48", screen);
    ui.quit().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn the_mouse_scrolls_the_pane_under_it_and_a_click_selects_a_commit() {
    let repo = project();
    repo.write("README.md", "# greet\n\nSays hello loudly.\n");
    repo.commit_all("docs: say it loudly");
    let mock = mock();
    let long: String = (1..=120).map(|n| format!("row {n}\n")).collect();
    mock.push(Reply::text([long]));
    let mut ui = started(&repo, &mock, 160, 48).await;
    ui.send("m");
    ui.until_turn_finished().await;
    let screen = ui.screen(&repo);
    let chat = position_of(&screen, "row 120");
    for _ in 0..40 {
        ui.app.handle_mouse(mouse(MouseEventKind::ScrollUp, chat));
    }
    let screen = ui.screen(&repo);
    assert!(
        screen.contains("│row 1 ") || screen.contains("│row 1│"),
        "{screen}"
    );
    assert_eq!(ui.app.focus(), Focus::Input, "the wheel leaves the focus");
    // The older commit is the second row of the log.
    let older = position_of(&screen, "initial");
    ui.app
        .handle_mouse(mouse(MouseEventKind::Down(MouseButton::Left), older));
    assert_eq!(ui.app.focus(), Focus::Commits);
    assert_snapshot!(
        "mouse_chat_scrolled_commit_clicked_160x48",
        ui.screen(&repo)
    );
    ui.key(KeyCode::Enter);
    let first = commit_ids(&repo)[0].clone();
    assert_eq!(
        ui.take_ops(),
        vec![Op::RequestCommitDiff {
            commit: first.clone()
        }]
    );
    // A double click opens it too.
    ui.app
        .handle_mouse(mouse(MouseEventKind::Down(MouseButton::Left), older));
    ui.app
        .handle_mouse(mouse(MouseEventKind::Down(MouseButton::Left), older));
    assert_eq!(ui.take_ops(), vec![Op::RequestCommitDiff { commit: first }]);
    ui.quit().await;
    // On a small terminal a click on a tab shows and focuses its pane.
    let mut small = started(&repo, &mock, 80, 24).await;
    let screen = small.screen(&repo);
    let tab = position_of(&screen, "2 Commits");
    small
        .app
        .handle_mouse(mouse(MouseEventKind::Down(MouseButton::Left), tab));
    assert_eq!(small.app.focus(), Focus::Commits);
    let screen = small.screen(&repo);
    assert!(screen.contains("┏ Commits"), "{screen}");
    small.quit().await;
}

/// Emoji that are hard to measure: a ZWJ sequence, a flag, a heart made an emoji by
/// U+FE0F, a skin tone, CJK.
const EMOJI: &str = "👩\u{200d}💻 🇫🇷 ❤\u{fe0f} 👍🏽 中文";

#[tokio::test(flavor = "multi_thread")]
async fn emoji_in_a_file_name_the_message_box_the_chat_and_the_diff_keep_their_columns() {
    let name = "docs/❤\u{fe0f}-👩\u{200d}💻.md";
    let text = format!("hello {EMOJI}\n");
    let repo = TestRepo::new(&[(name, text.as_str())]);
    let mock = mock();
    mock.push(Reply::text([[
        format!("Sure {EMOJI}, here:\n\n"),
        block(name, &text, &format!("hello {EMOJI} {EMOJI}\n")),
    ]
    .concat()]));
    let mut settings = settings(&repo.root(), &mock.openai_base(), &[name]);
    settings.yes = false;
    settings.auto_lint = false;
    let mut ui = UiSession::start(settings, 160, 48);
    ui.until_started().await;
    ui.type_text(&format!("more {EMOJI}"));
    let typed = ui.screen(&repo);
    // The heart drops its U+FE0F and the thumb its skin tone: terminals draw both in
    // the columns ratatui counts; the rest stay as written.
    assert!(typed.contains("more 👩\u{200d}💻 🇫🇷 ❤  👍 中文"), "{typed}");
    ui.key(KeyCode::Enter);
    ui.until("the review", |event| {
        matches!(event, Event::ReviewStarted(_))
    })
    .await;
    // A fresh screen: TestBackend keeps what a wide cluster covers from the frame
    // before (a terminal overwrites it), and would show it as if it were drawn.
    ui.terminal.clear().unwrap();
    assert_snapshot!("screen_emoji_160x48", ui.screen(&repo));
    ui.quit().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn ctrl_c_quits_through_the_help_and_the_file_finder() {
    let repo = project();
    let mock = mock();
    let mut ui = started(&repo, &mock, 160, 48).await;
    // Ctrl-P: the help over the panes; it takes typed keys, but not Ctrl-C.
    ui.key_with(KeyCode::Char('p'), KeyModifiers::CONTROL)
        .type_text("q");
    ui.key_with(KeyCode::Char('c'), KeyModifiers::CONTROL);
    assert!(ui.screen(&repo).contains("Ctrl-C again"));
    ui.key(KeyCode::Esc);
    // The finder from the files pane (1, then a): the same.
    ui.key(KeyCode::Tab)
        .key(KeyCode::Char('1'))
        .key(KeyCode::Char('a'));
    let screen = ui.screen(&repo);
    assert!(screen.contains("Add file"), "{screen}");
    ui.key_with(KeyCode::Char('c'), KeyModifiers::CONTROL);
    assert!(!ui.app.quitting());
    ui.key_with(KeyCode::Char('c'), KeyModifiers::CONTROL);
    assert!(ui.app.quitting());
    ui.quit().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn slash_key_takes_the_key_masked_and_nothing_shows_or_keeps_it() {
    const KEY: &str = "sk-SECRET-masked-81d2";
    let repo = project();
    let mock = mock();
    let mut ui = started(&repo, &mock, 80, 24).await;
    ui.send("/key openai");
    ui.type_text(KEY);
    let screen = ui.screen(&repo);
    assert!(
        !screen.contains(KEY) && screen.contains(&"•".repeat(KEY.chars().count())),
        "{screen}"
    );
    assert_snapshot!("pane_key_entry_masked_80x24", screen);
    ui.key(KeyCode::Enter);
    let ops = ui.forward_ops().await;
    assert!(
        matches!(ops.as_slice(), [Op::SetKey { provider, key }] if provider == "openai" && key.expose() == KEY),
        "{ops:?}"
    );
    ui.until("the key's notice", |event| {
        matches!(event, Event::Notice { text, .. } if text.starts_with("Key set for openai"))
    })
    .await;
    let screen = ui.screen(&repo);
    assert!(
        screen.contains("Key set for openai") && !screen.contains(KEY),
        "{screen}"
    );
    // Not in the history: Up brings nothing back.
    ui.key(KeyCode::Up);
    assert_eq!(ui.app.message_text(), "");

    // Typed on the line, the key is masked from the space after the provider on.
    ui.type_text(&format!("/key anthropic {KEY}"));
    let screen = ui.screen(&repo);
    assert!(
        screen.contains("API key for anthropic") && !screen.contains(KEY),
        "{screen}"
    );
    // Esc cancels: nothing is sent, nothing is left in the box.
    ui.key(KeyCode::Esc);
    assert!(ui.take_ops().is_empty());
    assert_eq!(ui.app.message_text(), "");
    assert!(ui.screen(&repo).contains("No key set."));
    ui.quit().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_mistyped_key_line_is_kept_in_no_history_shown_or_sent() {
    const KEY: &str = "sk-SECRET-mistyped-3c07";
    let repo = project();
    let mock = mock();
    mock.fallback(Reply::text(["Fine."]));
    let mut ui = UiSession::start_keeping_history(session_settings(&repo, &mock), 120, 40);
    ui.until_started().await;
    ui.send("an ordinary message");
    ui.forward_ops().await;
    ui.until_turn_finished().await;
    // Typed with a typo, in capitals, and pasted as one line with its line break.
    ui.send(&format!("/kye openai {KEY}"));
    ui.forward_ops().await;
    ui.until_turn_finished().await;
    ui.send(&format!("/KEY openai {KEY}"));
    ui.forward_ops().await;
    ui.until_turn_finished().await;
    ui.app.handle_paste(&format!("/keys anthropic {KEY}\n"));
    ui.key(KeyCode::Enter);
    let ops = ui.forward_ops().await;
    assert!(
        !format!("{ops:?}").contains(KEY),
        "the op sent holds the key: {ops:?}"
    );
    ui.until_turn_finished().await;
    let screen = ui.screen(&repo);
    assert!(
        screen.contains("did you mean /key?") && !screen.contains(KEY),
        "{screen}"
    );
    // Up brings back the ordinary message: no key line is in the history.
    ui.key(KeyCode::Up);
    assert_eq!(ui.app.message_text(), "an ordinary message");
    ui.quit().await;
    let state = repo.root().join(".aider-tui");
    let history = std::fs::read_to_string(state.join("input-history")).unwrap();
    assert!(history.contains("an ordinary message"), "{history}");
    for file in ["input-history", "chat-history.md"] {
        let text = std::fs::read_to_string(state.join(file)).unwrap();
        assert!(!text.contains(KEY), "{file} holds the key:\n{text}");
    }
    let sent = mock.requests();
    assert!(!sent.is_empty());
    assert!(
        sent.iter()
            .all(|request| !String::from_utf8_lossy(&request.raw).contains(KEY))
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_model_without_its_key_opens_with_the_slash_key_hint() {
    let repo = project();
    let settings = Settings {
        model: Some("openai/gpt-4o".into()),
        cwd: repo.root(),
        root: repo.root(),
        read_process_env: false,
        ..Settings::default()
    };
    let mut ui = UiSession::start(settings, 160, 48);
    ui.until_started().await;
    let screen = ui.screen(&repo);
    assert!(
        screen.contains("OPENAI_API_KEY") && screen.contains("Or type /key openai to give it"),
        "{screen}"
    );
    ui.quit().await;
}
