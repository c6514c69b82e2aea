//! Watch mode on a real directory: a file saved with an `AI!` comment becomes a turn
//! whose edit is applied and committed, an `AI?` comment is answered without edits,
//! through the headless watch loop, the real engine and the loopback mock.

use crate::support::engine as engine_support;
use crate::support::mock_llm;

use std::time::{Duration, Instant};

use aider_tui::oneshot::{Options, watch_loop};
use aider_tui::watch::FileWatcher;
use engine_support::{COMMIT_REQUEST_MARK, TestRepo, block, settings};
use mock_llm::{MockLlm, Reply};

const APP: &str = "def greet():\n    return \"hi\"\n";

/// Output written by the loop, readable while it runs.
#[derive(Clone, Default)]
struct Shared(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for Shared {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Shared {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap()).into_owned()
    }
}

async fn wait_for(what: &str, limit: Duration, done: impl Fn() -> bool) {
    let deadline = Instant::now() + limit;
    while !done() {
        assert!(Instant::now() < deadline, "waited {limit:?} for {what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_saved_ai_comment_becomes_a_committed_change_and_a_question_an_answer() {
    let repo = TestRepo::new(&[("app.py", APP), ("notes.md", "# Notes\n")]);
    let mock = MockLlm::start().await;
    mock.rule(COMMIT_REQUEST_MARK, Reply::text(["feat: say hello"]));
    mock.push(Reply::text([block(
        "app.py",
        "    return \"hi\"  # say hello instead AI!\n",
        "    return \"hello\"\n",
    )]));
    mock.push(Reply::text(["Because the tests expect a short word."]));
    let (ops, events) = aider_tui::engine::spawn(settings(&repo.root(), &mock.openai_base(), &[]));
    let watching = FileWatcher::start_with(&repo.root(), Duration::from_millis(100)).unwrap();
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let out = Shared::default();
    let err = Shared::default();
    let runner = tokio::spawn(watch_loop(
        ops,
        events,
        watching,
        Options {
            yes: true,
            ..Options::default()
        },
        async {
            let _ = stop_rx.await;
        },
        out.clone(),
        err.clone(),
    ));

    repo.write(
        "app.py",
        "def greet():\n    return \"hi\"  # say hello instead AI!\n",
    );
    wait_for("the commit", Duration::from_secs(30), || {
        repo.log().len() == 3
    })
    .await;
    assert_eq!(repo.read("app.py"), "def greet():\n    return \"hello\"\n");
    let log = repo.log();
    assert_eq!(log[0].lines().next(), Some("feat: say hello"));
    let request = mock
        .requests()
        .into_iter()
        .map(|request| request.body.to_string())
        .find(|body| body.contains("say hello instead AI!") && !body.contains(COMMIT_REQUEST_MARK))
        .unwrap();
    assert!(
        request.contains("app.py:2: return \\\"hi\\\"  # say hello instead AI!"),
        "{request}"
    );
    assert!(
        request.contains("remove every one of these AI comments"),
        "{request}"
    );
    wait_for("the printed result", Duration::from_secs(10), || {
        out.text().contains("Applied edit to app.py")
    })
    .await;

    // Ask a question. A save within the watcher's grace period after the turn is
    // only remembered, so save again (each time a new text) until it is asked.
    let asked = || {
        mock.requests().iter().any(|request| {
            request
                .body
                .to_string()
                .contains("why is the greeting short")
        })
    };
    let deadline = Instant::now() + Duration::from_secs(30);
    for attempt in 0.. {
        assert!(Instant::now() < deadline, "the question was never asked");
        repo.write(
            "notes.md",
            &format!(
                "# Notes{}\n<!-- why is the greeting short? AI? -->\n",
                "!".repeat(attempt)
            ),
        );
        let until = Instant::now() + Duration::from_millis(500);
        while !asked() && Instant::now() < until {
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        if asked() {
            break;
        }
    }
    wait_for("the answer", Duration::from_secs(30), || {
        out.text()
            .contains("Because the tests expect a short word.")
    })
    .await;
    let asked = mock
        .requests()
        .into_iter()
        .map(|request| request.body.to_string())
        .find(|body| body.contains("why is the greeting short"))
        .unwrap();
    assert!(asked.contains("Change no code"), "{asked}");
    assert_eq!(repo.log().len(), 3, "a question commits nothing");

    let _ = stop_tx.send(());
    let ended = tokio::time::timeout(Duration::from_secs(20), runner)
        .await
        .unwrap()
        .unwrap();
    assert!(ended);
    assert!(err.text().contains("Watching"), "{}", err.text());
}

#[test]
fn the_watch_command_runs_until_interrupted_and_commits_the_change() {
    let repo = TestRepo::new(&[("app.py", APP)]);
    let home = tempfile::tempdir().unwrap();
    let mock = MockLlm::start_in_thread();
    mock.rule(COMMIT_REQUEST_MARK, Reply::text(["feat: say hello"]));
    mock.push(Reply::text([block(
        "app.py",
        "    return \"hi\"  # AI! say hello\n",
        "    return \"hello\"\n",
    )]));
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_aider-tui"))
        .args([
            "watch",
            "--yes",
            "--model",
            "openai/gpt-4o",
            "--api-base",
            &mock.openai_base(),
            "--api-key",
            engine_support::SECRET_KEY,
        ])
        .current_dir(repo.root())
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("HOME", home.path())
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // The watcher is up once the start line is printed (it is started first).
    let err_text = Shared::default();
    let reader = {
        let mut stderr = child.stderr.take().unwrap();
        let mut sink = err_text.clone();
        std::thread::spawn(move || std::io::copy(&mut stderr, &mut sink))
    };
    let deadline = Instant::now() + Duration::from_secs(30);
    while !err_text.text().contains("Watching") {
        assert!(
            Instant::now() < deadline,
            "watch never started: {}",
            err_text.text()
        );
        std::thread::sleep(Duration::from_millis(25));
    }
    repo.write(
        "app.py",
        "def greet():\n    return \"hi\"  # AI! say hello\n",
    );
    let deadline = Instant::now() + Duration::from_secs(30);
    while repo.log().len() < 3 {
        assert!(Instant::now() < deadline, "no commit came");
        std::thread::sleep(Duration::from_millis(100));
    }
    // SAFETY: sending a signal to our own child process by its id.
    let signalled = unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) };
    assert_eq!(signalled, 0);
    let output = child.wait_with_output().unwrap();
    reader.join().unwrap().unwrap();
    let out = String::from_utf8_lossy(&output.stdout);
    let err = err_text.text();
    assert!(output.status.success(), "{:?}\n{out}\n{err}", output.status);
    assert!(out.contains("Applied edit to app.py"), "{out}\n{err}");
    assert!(err.contains("Watching"), "{err}");
    assert_eq!(repo.read("app.py"), "def greet():\n    return \"hello\"\n");
    assert!(!out.contains(engine_support::SECRET_KEY) && !err.contains(engine_support::SECRET_KEY));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_ai_comment_in_a_folder_linked_from_outside_never_reaches_the_model() {
    const MARKER: &str = "outside-watch-secret-91ad";
    let parent = tempfile::tempdir().unwrap();
    let outside = parent.path().join("outside");
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::write(outside.join("o.py"), "x = 1\n").unwrap();
    let repo = TestRepo::new_in(parent.path(), &[("app.py", APP)]);
    std::os::unix::fs::symlink("../outside", repo.root().join("ext")).unwrap();
    repo.commit_all("a link out");
    let mock = MockLlm::start().await;
    mock.push(Reply::text(["Noted."]));
    let (ops, events) = aider_tui::engine::spawn(settings(&repo.root(), &mock.openai_base(), &[]));
    let watching = FileWatcher::start_with(&repo.root(), Duration::from_millis(100)).unwrap();
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let out = Shared::default();
    let runner = tokio::spawn(watch_loop(
        ops,
        events,
        watching,
        Options {
            yes: true,
            ..Options::default()
        },
        async {
            let _ = stop_rx.await;
        },
        out.clone(),
        Shared::default(),
    ));

    std::fs::write(
        outside.join("o.py"),
        format!("x = '{MARKER}'  # send it AI!\n"),
    )
    .unwrap();
    // A question inside afterwards carries every pending request, so an outside one
    // would go with it.
    repo.write("app.py", "def greet():\n    return \"hi\"  # why hi? AI?\n");
    wait_for("the question's answer", Duration::from_secs(30), || {
        out.text().contains("Noted.")
    })
    .await;
    let bodies: Vec<String> = mock
        .requests()
        .into_iter()
        .map(|request| request.body.to_string())
        .collect();
    assert!(
        bodies.iter().any(|body| body.contains("why hi?")),
        "{bodies:?}"
    );
    assert!(
        bodies.iter().all(|body| !body.contains(MARKER)),
        "an outside file reached the model: {bodies:?}"
    );
    let _ = stop_tx.send(());
    tokio::time::timeout(Duration::from_secs(20), runner)
        .await
        .unwrap()
        .unwrap();
}
