//! Commits without a git identity: a fresh home with no `user.name` / `user.email`
//! anywhere. Each accepted change is committed as git would commit it (the account and
//! host), or, when git forms nothing (`user.useConfigOnly`), as the tool once the user
//! says so; a "no" keeps the changes uncommitted, never dropped. `/undo` takes the
//! commits back. The in-process tests run in a child of this binary with its own home
//! (`support::fresh_home`), since libgit2 reads the user's config once per process.

use crate::support::engine as engine_support;
use crate::support::fresh_home::in_fresh_home;
use crate::support::mock_llm;

use aider_tui::protocol::{Event, NoticeLevel, QuestionKind, TurnOutcome};
use engine_support::{
    COMMIT_REQUEST_MARK, Driver, TestRepo, TurnRun, block, run_on_mock, settings,
};
use mock_llm::{MockLlm, Reply};

const HELLO: &str = "def greet():\n    return \"hello\"\n";
const WAVE: &str = "def greet():\n    return \"wave\"\n";
const BOTH: &str = "def greet():\n    return \"wave\"\n\n\ndef part():\n    return \"bye\"\n";

/// A repository with one commit by the user, then no identity left in its config.
fn repo_without_identity() -> TestRepo {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    repo.forget_identity();
    repo
}

/// The mock: two replies editing hello.py, one after the other, and commit messages.
async fn two_edits() -> MockLlm {
    let mock = MockLlm::start().await;
    mock.rule(COMMIT_REQUEST_MARK, Reply::text(["feat: greet"]));
    mock.push(Reply::text([block(
        "hello.py",
        "    return \"hello\"\n",
        "    return \"wave\"\n",
    )]));
    mock.push(Reply::text([block(
        "hello.py",
        "    return \"wave\"\n",
        "    return \"wave\"\n\n\ndef part():\n    return \"bye\"\n",
    )]));
    mock
}

fn notices(run: &TurnRun) -> Vec<(NoticeLevel, String)> {
    run.events
        .iter()
        .filter_map(|event| match event {
            Event::Notice { level, text } => Some((*level, text.clone())),
            _ => None,
        })
        .collect()
}

fn committed(run: &TurnRun) -> usize {
    run.events
        .iter()
        .filter(|event| matches!(event, Event::CommitMade { .. }))
        .count()
}

fn identity_questions(run: &TurnRun) -> Vec<QuestionKind> {
    run.questions()
        .into_iter()
        .filter(|kind| {
            matches!(
                kind,
                QuestionKind::CommitIdentity { .. } | QuestionKind::SaveIdentity { .. }
            )
        })
        .collect()
}

/// Two accepted edits in two turns: both land.
async fn edit_twice(repo: &TestRepo, driver: &mut Driver) -> [TurnRun; 2] {
    let first = driver.turn("make it wave").await;
    assert_eq!(first.outcome, TurnOutcome::Success, "{:#?}", first.events);
    assert_eq!(repo.read("hello.py"), WAVE);
    let second = driver.turn("add part").await;
    assert_eq!(second.outcome, TurnOutcome::Success, "{:#?}", second.events);
    assert_eq!(
        repo.read("hello.py"),
        BOTH,
        "the second accepted block landed"
    );
    [first, second]
}

#[tokio::test]
async fn without_an_identity_commits_are_made_as_git_would_and_undo_takes_them_back() {
    if !in_fresh_home(
        "engine_identity::without_an_identity_commits_are_made_as_git_would_and_undo_takes_them_back",
    ) {
        return;
    }
    let repo = repo_without_identity();
    let mock = two_edits().await;
    let mut driver =
        Driver::start(settings(&repo.root(), &mock.openai_base(), &["hello.py"])).await;
    let [first, second] = edit_twice(&repo, &mut driver).await;
    assert_eq!(committed(&first), 1, "{:#?}", first.events);
    assert_eq!(committed(&second), 1, "{:#?}", second.events);
    assert_eq!(repo.log().len(), 3);
    // Said once, with the identity used: the account's name and login@host.
    let said: Vec<String> = [&first, &second]
        .iter()
        .flat_map(|run| notices(run))
        .map(|(_, text)| text)
        .filter(|text| text.starts_with("No git identity is set"))
        .collect();
    assert_eq!(said.len(), 1, "{said:?}");
    let (author, committer) = repo.head_people();
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname").unwrap();
    assert!(
        author.ends_with(&format!("@{}>", host.trim())) && said[0].contains(&author),
        "{author} in {said:?}"
    );
    assert!(committer.contains(" (aider-tui) <"), "{committer}");
    assert!(identity_questions(&first).is_empty() && identity_questions(&second).is_empty());

    for _ in 0..2 {
        let undo = driver.turn("/undo").await;
        assert_eq!(undo.outcome, TurnOutcome::Success, "{:#?}", undo.events);
    }
    assert_eq!(repo.read("hello.py"), HELLO);
    assert_eq!(repo.log().len(), 1);
    driver.quit().await;
}

#[tokio::test]
async fn when_git_forms_none_the_user_is_asked_once_and_the_config_kept_only_if_told() {
    if !in_fresh_home(
        "engine_identity::when_git_forms_none_the_user_is_asked_once_and_the_config_kept_only_if_told",
    ) {
        return;
    }
    for save in [false, true] {
        let repo = repo_without_identity();
        let raw = git2::Repository::open(repo.root()).unwrap();
        let mut local = raw
            .config()
            .unwrap()
            .open_level(git2::ConfigLevel::Local)
            .unwrap();
        local.set_bool("user.useConfigOnly", true).unwrap();
        let mock = two_edits().await;
        let mut driver =
            Driver::start(settings(&repo.root(), &mock.openai_base(), &["hello.py"])).await;
        driver.answer = Some(if save {
            |_: &QuestionKind| true
        } else {
            |kind: &QuestionKind| !matches!(kind, QuestionKind::SaveIdentity { .. })
        });
        let [first, second] = edit_twice(&repo, &mut driver).await;
        let tool = "aider-tui <noreply@aider-tui.invalid>".to_string();
        assert_eq!(
            identity_questions(&first),
            [
                QuestionKind::CommitIdentity {
                    identity: tool.clone()
                },
                QuestionKind::SaveIdentity {
                    identity: tool.clone()
                }
            ]
        );
        assert!(identity_questions(&second).is_empty(), "asked once");
        assert_eq!((committed(&first), committed(&second)), (1, 1));
        assert_eq!(repo.head_people(), (tool.clone(), tool.clone()));
        let config = raw.config().unwrap().snapshot().unwrap();
        assert_eq!(
            config.get_string("user.name").ok(),
            save.then(|| "aider-tui".to_string()),
            "the config changes only when the user says so"
        );
        for _ in 0..2 {
            let undo = driver.turn("/undo").await;
            assert_eq!(undo.outcome, TurnOutcome::Success, "{:#?}", undo.events);
        }
        assert_eq!(repo.read("hello.py"), HELLO);
        driver.quit().await;
    }
}

#[tokio::test]
async fn a_no_keeps_every_accepted_change_uncommitted_and_asks_no_more() {
    if !in_fresh_home(
        "engine_identity::a_no_keeps_every_accepted_change_uncommitted_and_asks_no_more",
    ) {
        return;
    }
    let repo = repo_without_identity();
    let raw = git2::Repository::open(repo.root()).unwrap();
    let mut local = raw
        .config()
        .unwrap()
        .open_level(git2::ConfigLevel::Local)
        .unwrap();
    local.set_bool("user.useConfigOnly", true).unwrap();
    let mock = two_edits().await;
    let mut driver =
        Driver::start(settings(&repo.root(), &mock.openai_base(), &["hello.py"])).await;
    driver.answer = Some(|kind: &QuestionKind| {
        !matches!(
            kind,
            QuestionKind::CommitIdentity { .. } | QuestionKind::SaveIdentity { .. }
        )
    });
    let [first, second] = edit_twice(&repo, &mut driver).await;
    assert_eq!(identity_questions(&first).len(), 1);
    assert!(identity_questions(&second).is_empty(), "asked once");
    assert_eq!((committed(&first), committed(&second)), (0, 0));
    assert_eq!(repo.log().len(), 1);
    assert!(
        notices(&first)
            .iter()
            .any(|(_, text)| text.starts_with("Changes stay uncommitted")),
        "{:#?}",
        first.events
    );
    driver.quit().await;
}

#[test]
fn headless_without_an_identity_commits_as_the_tool_and_leaves_the_config_alone() {
    let repo = repo_without_identity();
    let raw = git2::Repository::open(repo.root()).unwrap();
    let mut local = raw
        .config()
        .unwrap()
        .open_level(git2::ConfigLevel::Local)
        .unwrap();
    local.set_bool("user.useConfigOnly", true).unwrap();
    let home = tempfile::tempdir().unwrap();
    let mock = MockLlm::start_in_thread();
    mock.rule(COMMIT_REQUEST_MARK, Reply::text(["feat: greet"]));
    mock.fallback(Reply::text([block(
        "hello.py",
        "    return \"hello\"\n",
        "    return \"wave\"\n",
    )]));
    for yes in [false, true] {
        let mut args = vec!["hello.py", "--message", "make it wave"];
        if yes {
            args.push("--yes");
        }
        repo.write("hello.py", HELLO);
        if yes {
            repo.commit_all("back to hello");
        }
        let output = run_on_mock(&repo.root(), home.path(), &mock.openai_base(), &args);
        let shown = String::from_utf8_lossy(&output.stdout).to_string()
            + &String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "{shown}");
        assert_eq!(repo.read("hello.py"), WAVE);
        let tool = "aider-tui <noreply@aider-tui.invalid>".to_string();
        assert_eq!(repo.head_people(), (tool.clone(), tool), "{shown}");
        let config = git2::Config::open(&repo.root().join(".git/config")).unwrap();
        assert!(
            config.get_string("user.name").is_err(),
            "--yes never writes it"
        );
    }
}
