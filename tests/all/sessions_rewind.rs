//! Rewind and redo through the engine on real temporary git repositories and the
//! loopback mock model: the conversation and the code go back to before a message and
//! forward again byte for byte, across a restart too; rewind refuses over a commit of
//! the user's, a pushed commit, and uncommitted changes of the user's.

use crate::support::engine as engine_support;
use crate::support::mock_llm;

use std::path::Path;

use aider_tui::config::{Resume, Settings};
use aider_tui::protocol::{Event, QuestionKind, TurnOutcome};
use engine_support::{COMMIT_REQUEST_MARK, Driver, TestRepo, TurnRun, block, settings};
use mock_llm::{MockLlm, Reply};
use serde_json::Value;

const HELLO: &str = "def greet():\n    return \"hello\"\n";
const OTHER: &str = "def other():\n    return 1\n";

/// The mock with a commit-message rule and the replies of three turns: the first
/// changes hello.py, the second creates part.py, the third changes hello.py again.
async fn three_turn_mock() -> MockLlm {
    let mock = MockLlm::start().await;
    mock.rule(COMMIT_REQUEST_MARK, Reply::text(["feat: a change"]));
    mock.push(Reply::text([format!(
        "Waving.\n\n{}",
        block(
            "hello.py",
            "    return \"hello\"\n",
            "    return \"wave\"\n"
        )
    )]));
    mock.push(Reply::text([format!(
        "A new part.\n\n{}",
        block("part.py", "", "def part():\n    return 2\n")
    )]));
    mock.push(Reply::text([format!(
        "Shouting.\n\n{}",
        block("hello.py", "    return \"wave\"\n", "    return \"WAVE\"\n")
    )]));
    mock
}

fn session_settings(repo: &TestRepo, mock: &MockLlm) -> Settings {
    let mut settings = settings(&repo.root(), &mock.openai_base(), &["hello.py", "other.py"]);
    settings.auto_lint = false;
    settings
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

/// Every file of the working tree but `.git` and `.aider-tui`, with its bytes.
fn tree(root: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(root)
        .unwrap()
        .flatten()
        .filter(|entry| entry.path().is_file())
        .map(|entry| {
            (
                entry.file_name().to_string_lossy().into_owned(),
                std::fs::read(entry.path()).unwrap(),
            )
        })
        .collect();
    files.sort();
    files
}

/// The references that keep rewound commits, with what they point at.
fn rewound_refs(root: &Path) -> Vec<(String, String)> {
    let repo = git2::Repository::open(root).unwrap();
    let mut found: Vec<(String, String)> = repo
        .references_glob("refs/aider-tui/rewound/*")
        .unwrap()
        .flatten()
        .map(|reference| {
            (
                reference.name().unwrap().to_string(),
                reference.target().unwrap().to_string(),
            )
        })
        .collect();
    found.sort();
    found
}

/// The bodies of the main model's requests (not the commit messages').
fn main_requests(mock: &MockLlm) -> Vec<String> {
    mock.requests()
        .into_iter()
        .map(|request| request.body.to_string())
        .filter(|body| !body.contains(COMMIT_REQUEST_MARK))
        .collect()
}

/// The conversation the turn told front ends to show, as (role, text) pairs with the
/// role as front ends read it (`user`, `assistant`, `reflection`, `summary`).
fn restored(run: &TurnRun) -> Vec<(String, String)> {
    run.events
        .iter()
        .rev()
        .find_map(|event| match event {
            Event::ConversationRestored { messages, .. } => Some(
                messages
                    .iter()
                    .map(|shown| {
                        let wire = serde_json::to_value(shown).expect("a shown message");
                        (
                            wire["role"].as_str().unwrap_or("").to_string(),
                            shown.message.text.clone(),
                        )
                    })
                    .collect(),
            ),
            _ => None,
        })
        .expect("no ConversationRestored event")
}

fn confirmations(run: &TurnRun) -> Vec<String> {
    run.events
        .iter()
        .filter_map(|event| match event {
            Event::Question {
                kind: QuestionKind::Confirm,
                text,
                ..
            } => Some(text.clone()),
            _ => None,
        })
        .collect()
}

fn error_of(run: &TurnRun) -> String {
    match &run.outcome {
        TurnOutcome::Error { message, .. } => message.clone(),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

fn short(id: &str) -> &str {
    &id[..7]
}

/// Runs the three turns; returns HEAD after the first and after the third.
async fn three_turns(driver: &mut Driver, repo: &TestRepo) -> (String, String) {
    for text in ["make it wave", "add a part", "make it shout"] {
        let run = driver.turn(text).await;
        assert_eq!(
            run.outcome,
            TurnOutcome::Success,
            "{text}: {:#?}",
            run.events
        );
        if text == "make it wave" {
            let saved = run
                .events
                .iter()
                .any(|event| matches!(event, Event::TurnSaved { turn: 1, .. }));
            assert!(saved, "the first turn is saved as turn 1");
        }
    }
    assert_eq!(repo.log().len(), 4);
    let heads: Vec<String> = {
        let git = git2::Repository::open(repo.root()).unwrap();
        let mut walk = git.revwalk().unwrap();
        walk.push_head().unwrap();
        walk.map(|oid| oid.unwrap().to_string()).collect()
    };
    (heads[2].clone(), heads[0].clone())
}

#[tokio::test]
async fn rewinding_two_turns_restores_files_and_head_and_redo_brings_both_back() {
    let repo = TestRepo::new(&[("hello.py", HELLO), ("other.py", OTHER)]);
    let mock = three_turn_mock().await;
    let mut driver = Driver::start(session_settings(&repo, &mock)).await;
    let first = driver.turn("make it wave").await;
    assert_eq!(first.outcome, TurnOutcome::Success);
    let after_first = tree(&repo.root());
    let head_first = head(&repo.root());
    for text in ["add a part", "make it shout"] {
        assert_eq!(driver.turn(text).await.outcome, TurnOutcome::Success);
    }
    let after_third = tree(&repo.root());
    let head_third = head(&repo.root());
    assert_eq!(repo.read("hello.py"), "def greet():\n    return \"WAVE\"\n");
    assert_eq!(repo.log().len(), 4);
    let third_commits: Vec<String> = {
        let git = git2::Repository::open(repo.root()).unwrap();
        let mut walk = git.revwalk().unwrap();
        walk.push_head().unwrap();
        walk.take(2).map(|oid| oid.unwrap().to_string()).collect()
    };

    let rewind = driver.turn("/rewind 2").await;
    assert_eq!(rewind.outcome, TurnOutcome::Success, "{:#?}", rewind.events);
    // The confirmation names the message and both commits that leave.
    let asked = confirmations(&rewind);
    assert_eq!(asked.len(), 1, "{asked:?}");
    assert!(asked[0].contains("\"add a part\""), "{}", asked[0]);
    for id in &third_commits {
        assert!(asked[0].contains(short(id)), "{} lacks {id}", asked[0]);
    }
    assert_eq!(head(&repo.root()), head_first);
    assert_eq!(
        tree(&repo.root()),
        after_first,
        "part.py is gone, hello.py waves"
    );
    assert_eq!(repo.log().len(), 2, "the commits left the branch");
    // They are kept where git will not collect them.
    let kept = rewound_refs(&repo.root());
    assert_eq!(kept.len(), 1);
    assert_eq!(kept[0].1, head_third);
    assert_eq!(
        restored(&rewind),
        vec![
            ("user".to_string(), "make it wave".to_string()),
            (
                "assistant".to_string(),
                format!(
                    "Waving.\n\n{}",
                    block(
                        "hello.py",
                        "    return \"hello\"\n",
                        "    return \"wave\"\n"
                    )
                )
            ),
        ]
    );

    let redo = driver.turn("/redo").await;
    assert_eq!(redo.outcome, TurnOutcome::Success, "{:#?}", redo.events);
    assert_eq!(head(&repo.root()), head_third);
    assert_eq!(tree(&repo.root()), after_third, "byte for byte");
    assert_eq!(repo.log().len(), 4);
    assert!(rewound_refs(&repo.root()).is_empty());
    let users: Vec<String> = restored(&redo)
        .into_iter()
        .filter(|(role, _)| role == "user")
        .map(|(_, text)| text)
        .collect();
    assert_eq!(users, ["make it wave", "add a part", "make it shout"]);

    // The model sees the three turns again with the next message.
    mock.push(Reply::text(["Fine."]));
    assert_eq!(driver.turn("and now?").await.outcome, TurnOutcome::Success);
    let last = main_requests(&mock).pop().unwrap();
    for text in ["make it wave", "add a part", "make it shout", "Shouting."] {
        assert!(last.contains(text), "{text} missing from {last}");
    }
    driver.quit().await;
}

#[tokio::test]
async fn a_new_message_after_a_rewind_starts_a_new_branch_and_redo_ends() {
    let repo = TestRepo::new(&[("hello.py", HELLO), ("other.py", OTHER)]);
    let mock = three_turn_mock().await;
    let mut driver = Driver::start(session_settings(&repo, &mock)).await;
    three_turns(&mut driver, &repo).await;
    assert_eq!(driver.turn("/rewind 2").await.outcome, TurnOutcome::Success);

    mock.push(Reply::text(["Another way."]));
    assert_eq!(
        driver.turn("try another way").await.outcome,
        TurnOutcome::Success
    );
    let last = main_requests(&mock).pop().unwrap();
    assert!(last.contains("make it wave"), "{last}");
    assert!(
        !last.contains("add a part") && !last.contains("make it shout"),
        "the rewound turns are not sent: {last}"
    );
    let redo = driver.turn("/redo").await;
    assert!(
        error_of(&redo).contains("new branch"),
        "{}",
        error_of(&redo)
    );
    // The rewound turns stay in the session file, and their commits stay reachable.
    let sessions = repo.root().join(".aider-tui/sessions");
    let file = std::fs::read_dir(&sessions)
        .unwrap()
        .flatten()
        .next()
        .unwrap()
        .path();
    let saved: Value = serde_json::from_slice(&std::fs::read(file).unwrap()).unwrap();
    let abandoned = &saved["conversation"]["abandoned"];
    assert_eq!(abandoned[0]["turns"][0]["text"], "add a part");
    assert_eq!(rewound_refs(&repo.root()).len(), 1);
    driver.quit().await;
}

#[tokio::test]
async fn rewind_and_redo_work_after_a_restart() {
    let repo = TestRepo::new(&[("hello.py", HELLO), ("other.py", OTHER)]);
    let mock = three_turn_mock().await;
    let mut driver = Driver::start(session_settings(&repo, &mock)).await;
    let (head_first, head_third) = three_turns(&mut driver, &repo).await;
    let after_third = tree(&repo.root());
    driver.quit().await;

    let mut resumed = session_settings(&repo, &mock);
    resumed.files.clear();
    resumed.resume = Resume::Latest;
    let mut driver = Driver::start(resumed.clone()).await;
    let rewind = driver.turn("/rewind 2").await;
    assert_eq!(rewind.outcome, TurnOutcome::Success, "{:#?}", rewind.events);
    assert_eq!(head(&repo.root()), head_first);
    driver.quit().await;

    let mut driver = Driver::start(resumed).await;
    let redo = driver.turn("/redo").await;
    assert_eq!(redo.outcome, TurnOutcome::Success, "{:#?}", redo.events);
    assert_eq!(head(&repo.root()), head_third);
    assert_eq!(tree(&repo.root()), after_third);
    driver.quit().await;
}

#[tokio::test]
async fn rewind_refuses_over_a_commit_of_the_users() {
    let repo = TestRepo::new(&[("hello.py", HELLO), ("other.py", OTHER)]);
    let mock = three_turn_mock().await;
    let mut driver = Driver::start(session_settings(&repo, &mock)).await;
    assert_eq!(
        driver.turn("make it wave").await.outcome,
        TurnOutcome::Success
    );
    repo.write("other.py", "def other():\n    return 42\n");
    let users = repo.commit_all("tune other by hand");
    let before = tree(&repo.root());

    let run = driver.turn("/rewind").await;
    let refusal = error_of(&run);
    assert!(
        refusal.contains(short(&users)) && refusal.contains("is yours"),
        "{refusal}"
    );
    assert!(
        confirmations(&run).is_empty(),
        "nothing to confirm when refused"
    );
    assert_eq!(head(&repo.root()), users);
    assert_eq!(tree(&repo.root()), before);
    assert!(rewound_refs(&repo.root()).is_empty());
    driver.quit().await;
}

#[tokio::test]
async fn rewind_refuses_over_a_pushed_commit() {
    let repo = TestRepo::new(&[("hello.py", HELLO), ("other.py", OTHER)]);
    let mock = three_turn_mock().await;
    let mut driver = Driver::start(session_settings(&repo, &mock)).await;
    assert_eq!(
        driver.turn("make it wave").await.outcome,
        TurnOutcome::Success
    );
    let pushed = head(&repo.root());
    // A bare remote in a temporary folder, pushed to, with its remote-tracking branch.
    let remote_dir = tempfile::tempdir().unwrap();
    git2::Repository::init_bare(remote_dir.path()).unwrap();
    let git = git2::Repository::open(repo.root()).unwrap();
    let branch = git.head().unwrap().shorthand().unwrap().to_string();
    let mut remote = git
        .remote("origin", remote_dir.path().to_str().unwrap())
        .unwrap();
    remote
        .push(
            &[format!("refs/heads/{branch}:refs/heads/{branch}").as_str()],
            None,
        )
        .unwrap();
    git.reference(
        &format!("refs/remotes/origin/{branch}"),
        git2::Oid::from_str(&pushed).unwrap(),
        true,
        "test: fetched",
    )
    .unwrap();
    let before = tree(&repo.root());

    let refusal = error_of(&driver.turn("/rewind").await);
    assert!(
        refusal.contains("pushed") && refusal.contains(short(&pushed)),
        "{refusal}"
    );
    assert_eq!(head(&repo.root()), pushed);
    assert_eq!(tree(&repo.root()), before);
    driver.quit().await;
}

#[tokio::test]
async fn rewind_refuses_over_uncommitted_changes_of_the_users() {
    let repo = TestRepo::new(&[("hello.py", HELLO), ("other.py", OTHER)]);
    let mock = three_turn_mock().await;
    let mut driver = Driver::start(session_settings(&repo, &mock)).await;
    assert_eq!(
        driver.turn("make it wave").await.outcome,
        TurnOutcome::Success
    );
    let edited = head(&repo.root());
    let mine = "def greet():\n    return \"wave\"  # mine, not committed\n";
    repo.write("hello.py", mine);

    let refusal = error_of(&driver.turn("/rewind").await);
    assert!(
        refusal.contains("hello.py") && refusal.contains("uncommitted"),
        "{refusal}"
    );
    assert_eq!(
        repo.read("hello.py"),
        mine,
        "the user's change is untouched"
    );
    assert_eq!(head(&repo.root()), edited);

    // A change to a file the turn did not touch stands in no one's way.
    repo.write("hello.py", "def greet():\n    return \"wave\"\n");
    repo.write("other.py", "def other():\n    return 7  # mine\n");
    let run = driver.turn("/rewind").await;
    assert_eq!(run.outcome, TurnOutcome::Success, "{:#?}", run.events);
    assert_eq!(repo.read("hello.py"), HELLO);
    assert_eq!(
        repo.read("other.py"),
        "def other():\n    return 7  # mine\n"
    );
    driver.quit().await;
}

#[tokio::test]
async fn a_rewind_without_commits_only_takes_back_the_conversation() {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let mock = MockLlm::start().await;
    mock.push(Reply::text(["It returns hello."]));
    let mut settings = settings(&repo.root(), &mock.openai_base(), &["hello.py"]);
    settings.chat_mode = "ask".into();
    let mut driver = Driver::start(settings).await;
    assert_eq!(
        driver.turn("what does greet return?").await.outcome,
        TurnOutcome::Success
    );
    let before = head(&repo.root());

    let run = driver.turn("/rewind").await;
    assert_eq!(run.outcome, TurnOutcome::Success);
    assert!(confirmations(&run)[0].contains("No commit is undone"));
    assert_eq!(head(&repo.root()), before);
    assert!(restored(&run).is_empty());
    let refusal = error_of(&driver.turn("/rewind").await);
    assert!(refusal.contains("Nothing to rewind"), "{refusal}");
    assert!(error_of(&driver.turn("/rewind x").await).contains("not \"x\""));
    driver.quit().await;
}

/// Every reference of the repository with what it points at.
fn all_refs(root: &Path) -> Vec<(String, String)> {
    let repo = git2::Repository::open(root).unwrap();
    let mut found: Vec<(String, String)> = repo
        .references()
        .unwrap()
        .flatten()
        .filter_map(|reference| {
            Some((
                reference.name().ok()?.to_string(),
                reference.target()?.to_string(),
            ))
        })
        .collect();
    found.sort();
    found
}

#[tokio::test]
async fn redo_of_a_planted_session_never_touches_refs_it_did_not_write() {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let root = repo.root();
    let base = head(&root);
    // Someone else's commit, on a branch `side` and a tag `v1`, never on master.
    let theirs = {
        let git = git2::Repository::open(&root).unwrap();
        let parent = git
            .find_commit(git2::Oid::from_str(&base).unwrap())
            .unwrap();
        let blob = git.blob(b"def greet():\n    return \"theirs\"\n").unwrap();
        let mut builder = git.treebuilder(Some(&parent.tree().unwrap())).unwrap();
        builder.insert("hello.py", blob, 0o100644).unwrap();
        let tree = git.find_tree(builder.write().unwrap()).unwrap();
        let who = git2::Signature::now("Someone", "someone@example.com").unwrap();
        let id = git
            .commit(
                Some("refs/heads/side"),
                &who,
                &who,
                "theirs",
                &tree,
                &[&parent],
            )
            .unwrap();
        git.tag_lightweight("v1", &git.find_object(id, None).unwrap(), false)
            .unwrap();
        id.to_string()
    };
    let mut planted_refs = vec!["refs/tags/v1".to_string(), "refs/heads/side".to_string()];
    // A reference under the tool's own prefix, but whose commits the session never recorded.
    let id = "20260101-000000-cafe";
    let own = format!("refs/aider-tui/rewound/{id}/1-{}", &theirs[..12]);
    git2::Repository::open(&root)
        .unwrap()
        .reference(
            &own,
            git2::Oid::from_str(&theirs).unwrap(),
            false,
            "planted",
        )
        .unwrap();
    planted_refs.push(own);
    let before = all_refs(&root);
    let mock = MockLlm::start().await;
    for reference in planted_refs {
        let recorded = if reference.starts_with("refs/aider-tui/") {
            "0123456789012345678901234567890123456789".to_string()
        } else {
            theirs.clone()
        };
        let turn = serde_json::json!({"text": "planted", "at": 1, "epoch": 0, "start": 0});
        let session = serde_json::json!({
            "version": 1, "id": id, "started": 1, "last_active": 2, "mode": "code",
            "models": {"main": null, "weak": null, "editor": null},
            "edit_format": "diff", "editor_edit_format": "editor-diff", "cost": 0.0,
            "tokens": {"sent": 0, "received": 0, "cache_read": 0, "cache_write": 0},
            "chat_files": [], "read_only_files": [],
            "conversation": {
                "messages": [], "turns": [],
                "rewound": [{
                    "at": 2, "turns": [turn], "messages": [], "kept_earlier": 0,
                    "code": {
                        "reference": reference, "branch": "master", "from": theirs,
                        "to": base, "files": ["hello.py"],
                        "commits": [{"id": recorded, "summary": "theirs", "by_assistant": true}]
                    }
                }]
            }
        });
        repo.write(
            &format!(".aider-tui/sessions/{id}.json"),
            &serde_json::to_string(&session).unwrap(),
        );
        let mut resumed = settings(&root, &mock.openai_base(), &[]);
        resumed.resume = Resume::Session(id.to_string());
        let mut driver = Driver::start(resumed).await;
        let redo = driver.turn("/redo").await;
        let refused = error_of(&redo);
        assert!(refused.contains(&reference), "{reference}: {refused}");
        assert_eq!(head(&root), base, "{reference}: master did not move");
        assert_eq!(all_refs(&root), before, "{reference}: no reference changed");
        assert_eq!(repo.read("hello.py"), HELLO, "{reference}");
        driver.quit().await;
    }
}
