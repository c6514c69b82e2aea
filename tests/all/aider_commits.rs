//! A history full of commits Aider made: they are recognised as the assistant's (both
//! ways Aider marks them), shown apart from ours in the commit log, and `/undo` and `u`
//! in the commit log take them back like ours, with the same refusals. The commits are
//! written with git2 the way Aider writes them.

use crate::support::engine as engine_support;
use crate::support::mock_llm;

use std::path::Path;

use aider_tui::protocol::{Event, Maker, Op, TurnOutcome};
use engine_support::{Driver, TestRepo, settings};
use mock_llm::MockLlm;

const HELLO: &str = "def greet():\n    return \"hello\"\n";
const WAVE: &str = "def greet():\n    return \"wave\"\n";

/// How a commit credits Aider.
#[derive(Clone, Copy)]
enum Style {
    /// Aider's default: a Co-authored-by trailer, names untouched (the committer
    /// gets " (aider)" only on commits of the user's own changes).
    Trailer,
    /// Aider with the trailer off, and older versions: " (aider)" after the author's
    /// and the committer's names.
    Names,
    /// The commit Aider makes of the user's pending changes before it edits: only the
    /// committer's name is marked. It holds the user's work.
    CommitterOnly,
}

/// Writes `text` to `path` and commits it as Aider would in `style`; returns the id.
fn aider_commit(root: &Path, path: &str, text: &str, style: Style) -> String {
    std::fs::write(root.join(path), text).unwrap();
    let repo = git2::Repository::open(root).unwrap();
    let mut index = repo.index().unwrap();
    index.add_path(Path::new(path)).unwrap();
    index.write().unwrap();
    let tree = repo.find_tree(index.write_tree().unwrap()).unwrap();
    let parent = repo.head().unwrap().peel_to_commit().unwrap();
    let person = |name: &str| git2::Signature::now(name, "test@example.com").unwrap();
    let (author, committer, message) = match style {
        Style::Trailer => (
            person("Test User"),
            person("Test User"),
            "feat: greet with a wave\n\nCo-authored-by: aider (openai/gpt-4o) <aider@aider.chat>\n",
        ),
        Style::Names => (
            person("Test User (aider)"),
            person("Test User (aider)"),
            "feat: greet with a wave\n",
        ),
        Style::CommitterOnly => (
            person("Test User"),
            person("Test User (aider)"),
            "fix: my own tweak\n",
        ),
    };
    repo.commit(
        Some("HEAD"),
        &author,
        &committer,
        message,
        &tree,
        &[&parent],
    )
    .unwrap()
    .to_string()
}

fn head(root: &Path) -> String {
    let repo = git2::Repository::open(root).unwrap();
    repo.head()
        .unwrap()
        .peel_to_commit()
        .unwrap()
        .id()
        .to_string()
}

async fn start_engine(repo: &TestRepo) -> Driver {
    let mock = MockLlm::start().await;
    Driver::start(settings(&repo.root(), &mock.openai_base(), &["hello.py"])).await
}

#[tokio::test]
async fn undo_takes_back_aiders_commits_in_both_attribution_styles() {
    for style in [Style::Trailer, Style::Names] {
        let repo = TestRepo::new(&[("hello.py", HELLO)]);
        let initial = head(&repo.root());
        let commit = aider_commit(&repo.root(), "hello.py", WAVE, style);
        let mut driver = start_engine(&repo).await;

        // The log marks it as Aider's, apart from ours and the user's.
        driver
            .ops
            .send(Op::RequestCommitLog { limit: 10 })
            .await
            .unwrap();
        let log = loop {
            match driver.events.recv().await.unwrap() {
                Event::CommitLog { commits } => break commits,
                _ => continue,
            }
        };
        assert_eq!(log[0].id, commit);
        assert_eq!(log[0].made_by, Maker::Aider);
        assert!(!log[0].by_tool, "by_tool stays this tool's own mark");
        assert_eq!(log[1].made_by, Maker::User);

        let run = driver.turn("/undo").await;
        assert_eq!(run.outcome, TurnOutcome::Success, "{:#?}", run.events);
        assert_eq!(head(&repo.root()), initial);
        assert_eq!(repo.read("hello.py"), HELLO);
        driver.quit().await;
    }
}

#[tokio::test]
async fn u_in_the_commit_log_resets_aiders_latest_commit() {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let initial = head(&repo.root());
    let commit = aider_commit(&repo.root(), "hello.py", WAVE, Style::Trailer);
    let driver = start_engine(&repo).await;
    driver.ops.send(Op::UndoCommit { commit }).await.unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while head(&repo.root()) != initial {
        assert!(
            std::time::Instant::now() < deadline,
            "the undo never happened"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert_eq!(repo.read("hello.py"), HELLO);
    assert_eq!(repo.log().len(), 1, "a reset, not a revert commit");
    driver.quit().await;
}

#[tokio::test]
async fn undo_of_aiders_commits_keeps_the_same_refusals() {
    // The user's changes in its file.
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let commit = aider_commit(&repo.root(), "hello.py", WAVE, Style::Names);
    repo.write("hello.py", "def greet():\n    return \"mine\"\n");
    let mut driver = start_engine(&repo).await;
    let run = driver.turn("/undo").await;
    let TurnOutcome::Error { message, .. } = &run.outcome else {
        panic!("{:?}", run.outcome)
    };
    assert!(
        message.contains("hello.py") && message.contains("uncommitted"),
        "{message}"
    );
    assert_eq!(head(&repo.root()), commit);
    assert_eq!(repo.read("hello.py"), "def greet():\n    return \"mine\"\n");
    driver.quit().await;

    // Pushed.
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let commit = aider_commit(&repo.root(), "hello.py", WAVE, Style::Trailer);
    let git = git2::Repository::open(repo.root()).unwrap();
    let branch = git.head().unwrap().shorthand().unwrap().to_string();
    git.reference(
        &format!("refs/remotes/origin/{branch}"),
        git2::Oid::from_str(&commit).unwrap(),
        true,
        "test: pushed",
    )
    .unwrap();
    let mut driver = start_engine(&repo).await;
    let run = driver.turn("/undo").await;
    let TurnOutcome::Error { message, .. } = &run.outcome else {
        panic!("{:?}", run.outcome)
    };
    assert!(message.contains("pushed"), "{message}");
    assert_eq!(head(&repo.root()), commit);
    driver.quit().await;

    // A commit of the user's on top: /undo looks at HEAD, which is the user's.
    let repo = TestRepo::new(&[("hello.py", HELLO), ("other.py", "x = 1\n")]);
    aider_commit(&repo.root(), "hello.py", WAVE, Style::Trailer);
    repo.write("other.py", "x = 2\n");
    let users = repo.commit_all("tune x");
    let mut driver = start_engine(&repo).await;
    let run = driver.turn("/undo").await;
    let TurnOutcome::Error { message, .. } = &run.outcome else {
        panic!("{:?}", run.outcome)
    };
    assert!(
        message.contains("not made by aider-tui or Aider"),
        "{message}"
    );
    assert_eq!(head(&repo.root()), users);
    driver.quit().await;
}

#[tokio::test]
async fn the_commit_aider_makes_of_the_users_own_changes_stays_the_users() {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let commit = aider_commit(
        &repo.root(),
        "hello.py",
        "def greet():\n    return \"my tweak\"\n",
        Style::CommitterOnly,
    );
    let mut driver = start_engine(&repo).await;
    let run = driver.turn("/undo").await;
    let TurnOutcome::Error { message, .. } = &run.outcome else {
        panic!("{:?}", run.outcome)
    };
    assert!(
        message.contains("not made by aider-tui or Aider"),
        "{message}"
    );
    assert_eq!(head(&repo.root()), commit);
    assert_eq!(
        repo.read("hello.py"),
        "def greet():\n    return \"my tweak\"\n"
    );
    driver.quit().await;
}
