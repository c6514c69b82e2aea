//! Issue #16.10 in the full-screen UI, on the real engine against the mock: escape
//! sequences in the model's text, in a file name and in an edit's lines are drawn as
//! visible stand-ins, never handed to the terminal; the file keeps its text as written.

use crate::support::engine as engine_support;
use crate::support::mock_llm;
use crate::support::ui_session;

use engine_support::{TestRepo, block, settings};
use mock_llm::{MockLlm, Reply};
use ui_session::UiSession;

/// A window title, a screen clear, an OSC 52 clipboard write and a bell.
const HOSTILE: &str = "\u{1b}]0;owned\u{7}\u{1b}[2J\u{1b}]52;c;ZXZpbA==\u{7}";

/// Characters a terminal acts on (line breaks never reach a cell).
fn controls(screen: &str) -> Vec<char> {
    screen
        .chars()
        .filter(|c| c.is_control() && *c != '\n')
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_models_escape_codes_a_file_name_and_edit_lines_are_shown_not_obeyed() {
    let name = "odd\u{1b}[31m.py";
    let repo = TestRepo::new(&[(name, "x = 1\n")]);
    let mock = MockLlm::start_in_thread();
    mock.push(Reply::text([format!(
        "Sure {HOSTILE} here it is.\n\n{}",
        block(name, "x = 1\n", &format!("x = \"{HOSTILE}\"\n"))
    )]));
    mock.fallback(Reply::text(["Done.\n"]));
    let mut settings = settings(&repo.root(), &mock.openai_base(), &[name]);
    // The review stays open, so its pane is drawn with the edit's lines.
    settings.yes = false;
    let mut ui = UiSession::start(settings, 120, 40);
    ui.until_started().await;
    let started = ui.screen(&repo);
    assert!(controls(&started).is_empty(), "{started}");
    assert!(
        started.contains("odd␛[31m.py"),
        "the chat file is listed: {started}"
    );
    ui.send("Change it");
    ui.until("the review", |event| {
        matches!(event, aider_tui::protocol::Event::ReviewStarted(_))
    })
    .await;
    let review = ui.screen(&repo);
    assert!(controls(&review).is_empty(), "{review}");
    assert!(
        review.contains("␛]0;owned␇"),
        "the codes are visible: {review}"
    );
    ui.quit().await;
    assert_eq!(repo.read(name), "x = 1\n", "nothing was accepted");
}
