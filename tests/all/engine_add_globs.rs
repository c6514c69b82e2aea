//! `/add` with globs, directories and plain paths, through the engine on a temporary
//! git repository (no model is needed for these commands).

use crate::support::engine as engine_support;

use aider_tui::protocol::{Event, NoticeLevel, QuestionKind};
use engine_support::{Driver, TestRepo, settings};

/// The chat files the last status of a command's events lists.
fn chat_files(events: &[Event]) -> Vec<String> {
    events
        .iter()
        .rev()
        .find_map(|event| match event {
            Event::Status(status) => Some(status.chat_files.clone()),
            _ => None,
        })
        .unwrap_or_default()
}

fn warnings(events: &[Event]) -> String {
    events
        .iter()
        .filter_map(|event| match event {
            Event::Notice {
                level: NoticeLevel::Warn,
                text,
            } => Some(text.as_str()),
            _ => None,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn repository() -> TestRepo {
    TestRepo::new(&[
        ("setup.py", "print('setup')\n"),
        ("pkg/tool.py", "print('tool')\n"),
        ("src/lib.rs", "pub fn a() {}\n"),
        ("src/cli/mod.rs", "pub fn b() {}\n"),
        ("src/cli/args/parse.rs", "pub fn c() {}\n"),
        ("src/notes.md", "notes\n"),
        ("tests/test_a.py", "def test_a(): pass\n"),
        ("tests/test_ab.py", "def test_ab(): pass\n"),
        ("docs/guide.md", "guide\n"),
    ])
}

async fn started(repo: &TestRepo) -> Driver {
    let mut settings = settings(&repo.root(), "http://127.0.0.1:9/v1", &[]);
    settings.model = None;
    settings.weak_model = None;
    settings.api_key = None;
    Driver::start(settings).await
}

#[tokio::test]
async fn globs_follow_shell_rules_and_directories_and_paths_still_work() {
    let repo = repository();
    let mut driver = started(&repo).await;

    let added = driver.turn("/add src/**/*.rs").await;
    assert_eq!(
        chat_files(&added.events),
        ["src/cli/args/parse.rs", "src/cli/mod.rs", "src/lib.rs"]
    );
    driver.turn("/drop").await;

    // `*` stays in the top folder: pkg/tool.py is not a match.
    let added = driver.turn("/add *.py").await;
    assert_eq!(chat_files(&added.events), ["setup.py"]);
    driver.turn("/drop").await;

    let added = driver.turn("/add 'tests/test_?.py'").await;
    assert_eq!(chat_files(&added.events), ["tests/test_a.py"]);
    driver.turn("/drop").await;

    let added = driver.turn("/add docs").await;
    assert_eq!(chat_files(&added.events), ["docs/guide.md"]);
    let added = driver.turn("/add src/notes.md").await;
    assert_eq!(chat_files(&added.events), ["docs/guide.md", "src/notes.md"]);
    let dropped = driver.turn("/drop docs/*").await;
    assert_eq!(chat_files(&dropped.events), ["src/notes.md"]);
    driver.quit().await;
}

#[tokio::test]
async fn a_glob_that_matches_nothing_or_cannot_be_read_says_so_and_offers_no_file() {
    let repo = repository();
    let mut driver = started(&repo).await;
    let none = driver.turn("/add src/**/*.go").await;
    assert!(
        warnings(&none.events).contains("no file matches src/**/*.go"),
        "{}",
        warnings(&none.events)
    );
    assert!(
        !none
            .questions()
            .iter()
            .any(|question| matches!(question, QuestionKind::CreateFile { .. })),
        "offered to create a file named like a glob"
    );
    let bad = driver.turn("/add src/[lib.rs").await;
    assert!(
        warnings(&bad.events).contains("src/[lib.rs is not a valid glob"),
        "{}",
        warnings(&bad.events)
    );
    assert!(chat_files(&bad.events).is_empty());
    driver.quit().await;
}

#[tokio::test]
async fn a_tracked_file_deleted_from_the_work_tree_is_not_added_by_a_folder_or_glob() {
    let repo = repository();
    std::fs::remove_file(repo.root().join("src/cli/mod.rs")).unwrap();
    let mut driver = started(&repo).await;
    let added = driver.turn("/add src/cli").await;
    assert_eq!(chat_files(&added.events), ["src/cli/args/parse.rs"]);
    driver.turn("/drop").await;
    let added = driver.turn("/add src/**/*.rs").await;
    assert_eq!(
        chat_files(&added.events),
        ["src/cli/args/parse.rs", "src/lib.rs"]
    );
    driver.quit().await;
}

#[tokio::test]
async fn a_quoted_path_with_spaces_is_one_path() {
    let repo = TestRepo::new(&[("docs/my notes.md", "notes\n"), ("setup.py", "x = 1\n")]);
    let mut driver = started(&repo).await;
    let added = driver.turn("/add \"docs/my notes.md\" setup.py").await;
    assert_eq!(chat_files(&added.events), ["docs/my notes.md", "setup.py"]);
    driver.quit().await;
}
