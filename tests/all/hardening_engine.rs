//! Issue #16.6 through the real engine: the file or a folder on its path changes on
//! disk while the review is open, then the user accepts. The user's edit is never
//! lost and no write follows a symlink out of the repository.

use crate::support::engine as engine_support;
use crate::support::mock_llm;

use std::time::Duration;

use aider_tui::protocol::{BlockDecision, EditStatus, Event, Op, QuestionKind, Review};
use engine_support::{Driver, TestRepo, block, settings};
use mock_llm::{MockLlm, Reply};

const HELLO: &str = "def greet():\n    return \"hello\"\n";

/// Submits `text`; at the first review runs `meddle` (the concurrent change), then
/// accepts every block of every review. Returns the events up to the turn's end.
async fn accept_after(driver: &mut Driver, text: &str, meddle: impl FnOnce()) -> Vec<Event> {
    driver
        .ops
        .send(Op::Submit {
            text: text.to_string(),
        })
        .await
        .unwrap();
    let mut meddle = Some(meddle);
    let mut events = Vec::new();
    loop {
        let event = tokio::time::timeout(Duration::from_secs(60), driver.events.recv())
            .await
            .expect("turn timed out")
            .expect("engine stopped during a turn");
        match &event {
            Event::Question { id, kind, .. } => {
                let yes = !matches!(kind, QuestionKind::RunShell { .. });
                driver
                    .ops
                    .send(Op::Answer { question: *id, yes })
                    .await
                    .unwrap();
            }
            Event::ReviewStarted(review) => {
                if let Some(meddle) = meddle.take() {
                    meddle();
                }
                accept_all(driver, review).await;
            }
            Event::TurnFinished { .. } => {
                events.push(event);
                return events;
            }
            _ => {}
        }
        events.push(event);
    }
}

async fn accept_all(driver: &Driver, review: &Review) {
    for block in &review.blocks {
        driver
            .ops
            .send(Op::ReviewDecide {
                review: review.id,
                block: block.id,
                decision: BlockDecision::Accept,
                seen: block.revision,
            })
            .await
            .unwrap();
    }
}

fn failures(events: &[Event]) -> Vec<String> {
    events
        .iter()
        .filter_map(|event| match event {
            Event::EditResults { results } => Some(results),
            _ => None,
        })
        .flatten()
        .filter_map(|outcome| match &outcome.status {
            EditStatus::Failed { reason } => Some(reason.clone()),
            _ => None,
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_file_the_user_edits_while_the_review_is_open_keeps_their_edit() {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let mock = MockLlm::start_in_thread();
    mock.push(Reply::text([block(
        "hello.py",
        "    return \"hello\"\n",
        "    return \"hi\"\n",
    )]));
    mock.fallback(Reply::text(["Understood, I will leave it.\n"]));
    let mut settings = settings(&repo.root(), &mock.openai_base(), &["hello.py"]);
    // The review waits for the user's decisions.
    settings.yes = false;
    let mut driver = Driver::start(settings).await;
    let users = "def greet():\n    return \"hello\"  # the user's own edit\n";
    let root = repo.root();
    let events = accept_after(&mut driver, "Say hi", || {
        std::fs::write(root.join("hello.py"), users).unwrap();
    })
    .await;
    driver.quit().await;
    assert_eq!(repo.read("hello.py"), users, "the user's edit is kept");
    let failed = failures(&events);
    assert_eq!(failed.len(), 1, "{events:#?}");
    assert!(failed[0].contains("changed on disk"), "{}", failed[0]);
}

/// Runs the swap race with git on or off; returns the events and the repository.
async fn swap_during_review(git: bool) -> (Vec<Event>, TestRepo) {
    let outside = tempfile::tempdir().unwrap();
    let repo = TestRepo::new(&[("pkg/hello.py", HELLO)]);
    // The same text outside, so a write that followed the link would match and land.
    std::fs::create_dir_all(outside.path().join("pkg")).unwrap();
    std::fs::write(outside.path().join("pkg/hello.py"), HELLO).unwrap();
    let mock = MockLlm::start_in_thread();
    mock.push(Reply::text([block(
        "pkg/hello.py",
        "    return \"hello\"\n",
        "    return \"hi\"\n",
    )]));
    mock.fallback(Reply::text(["Understood.\n"]));
    let mut settings = settings(&repo.root(), &mock.openai_base(), &["pkg/hello.py"]);
    settings.yes = false;
    settings.git = git;
    let mut driver = Driver::start(settings).await;
    let root = repo.root();
    let target = outside.path().join("pkg");
    let events = accept_after(&mut driver, "Say hi", || {
        std::fs::rename(root.join("pkg"), root.join("pkg-moved")).unwrap();
        std::os::unix::fs::symlink(&target, root.join("pkg")).unwrap();
    })
    .await;
    driver.quit().await;
    assert_eq!(
        std::fs::read_to_string(outside.path().join("pkg/hello.py")).unwrap(),
        HELLO,
        "nothing was written outside the repository"
    );
    assert_eq!(repo.read("pkg-moved/hello.py"), HELLO);
    (events, repo)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_folder_swapped_for_a_symlink_out_during_the_review_is_not_written_through() {
    // Without git the write itself refuses the way out.
    let (events, _repo) = swap_during_review(false).await;
    let failed = failures(&events);
    assert_eq!(failed.len(), 1, "{events:#?}");
    assert!(failed[0].contains("symlink"), "{}", failed[0]);
    // With git, committing the user's changes first already sees the path leave.
    let (events, _repo) = swap_during_review(true).await;
    let refused = events.iter().any(|event| {
        matches!(event, Event::Notice { text, .. } if text.contains("outside the repository") && text.contains("no edits applied"))
    });
    assert!(refused, "{events:#?}");
    assert!(
        !events
            .iter()
            .any(|event| matches!(event, Event::CommitMade { .. }))
    );
}
