//! Shared pieces of the engine and one-shot tests: temporary git repositories,
//! settings pointed at the loopback mock, and a driver that runs one message
//! through `engine::spawn` and collects the events.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::Duration;

use aider_tui::config::{Secret, Settings};
use aider_tui::engine;
use aider_tui::protocol::{Event, Op, QuestionKind, TurnOutcome};
use tempfile::TempDir;

/// The API key the tests use; it must never show up in output or history.
pub const SECRET_KEY: &str = "sk-test-7f3a9c1e-never-print-me";

/// The system prompt of the commit-message request contains this.
pub const COMMIT_REQUEST_MARK: &str = "You write git commit messages";

/// A temporary git repository with an identity and a first commit of `files`.
pub struct TestRepo {
    pub dir: TempDir,
}

impl TestRepo {
    /// Creates the repository; `files` are committed as the first commit (none: no commit).
    pub fn new(files: &[(&str, &str)]) -> TestRepo {
        TestRepo::create(tempfile::tempdir().unwrap(), files)
    }

    /// Like `new`, in a folder inside `parent` (so `../` from the root names `parent`).
    pub fn new_in(parent: &Path, files: &[(&str, &str)]) -> TestRepo {
        TestRepo::create(tempfile::tempdir_in(parent).unwrap(), files)
    }

    fn create(dir: TempDir, files: &[(&str, &str)]) -> TestRepo {
        let repo = git2::Repository::init(dir.path()).unwrap();
        let mut config = repo.config().unwrap();
        config.set_str("user.name", "Test User").unwrap();
        config.set_str("user.email", "test@example.com").unwrap();
        for (path, text) in files {
            write(dir.path(), path, text);
        }
        let test = TestRepo { dir };
        if !files.is_empty() {
            test.commit_all("initial commit");
        }
        test
    }

    /// The repository root.
    pub fn root(&self) -> PathBuf {
        self.dir.path().canonicalize().unwrap()
    }

    /// A file's text.
    pub fn read(&self, path: &str) -> String {
        std::fs::read_to_string(self.dir.path().join(path)).unwrap()
    }

    /// Writes a file (not committed).
    pub fn write(&self, path: &str, text: &str) {
        write(self.dir.path(), path, text);
    }

    /// Commits every file as the user, with git2 (no tool mark).
    pub fn commit_all(&self, message: &str) -> String {
        let repo = git2::Repository::open(self.dir.path()).unwrap();
        let mut index = repo.index().unwrap();
        index
            .add_all(["*"].iter(), git2::IndexAddOption::DEFAULT, None)
            .unwrap();
        index.write().unwrap();
        let tree = repo.find_tree(index.write_tree().unwrap()).unwrap();
        let signature = repo.signature().unwrap();
        let parents: Vec<git2::Commit> = match repo.head() {
            Ok(head) => vec![head.peel_to_commit().unwrap()],
            Err(_) => vec![],
        };
        let parent_refs: Vec<&git2::Commit> = parents.iter().collect();
        repo.commit(
            Some("HEAD"),
            &signature,
            &signature,
            message,
            &tree,
            &parent_refs,
        )
        .unwrap()
        .to_string()
    }

    /// Commit messages, newest first.
    pub fn log(&self) -> Vec<String> {
        let repo = git2::Repository::open(self.dir.path()).unwrap();
        let mut walk = repo.revwalk().unwrap();
        if walk.push_head().is_err() {
            return Vec::new();
        }
        walk.map(|id| {
            repo.find_commit(id.unwrap())
                .unwrap()
                .message()
                .unwrap()
                .to_string()
        })
        .collect()
    }

    /// Takes the repository's own identity away (`user.name`, `user.email`), after
    /// the first commit was made with it.
    pub fn forget_identity(&self) {
        let repo = git2::Repository::open(self.dir.path()).unwrap();
        let mut config = repo
            .config()
            .unwrap()
            .open_level(git2::ConfigLevel::Local)
            .unwrap();
        config.remove("user.name").unwrap();
        config.remove("user.email").unwrap();
    }

    /// HEAD's author and committer, as `Name <email>`.
    pub fn head_people(&self) -> (String, String) {
        let repo = git2::Repository::open(self.dir.path()).unwrap();
        let head = repo.head().unwrap().peel_to_commit().unwrap();
        let person = |signature: git2::Signature<'_>| {
            format!(
                "{} <{}>",
                String::from_utf8_lossy(signature.name_bytes()),
                String::from_utf8_lossy(signature.email_bytes())
            )
        };
        (person(head.author()), person(head.committer()))
    }

    /// The committer name of HEAD.
    pub fn head_committer(&self) -> String {
        let repo = git2::Repository::open(self.dir.path()).unwrap();
        let head = repo.head().unwrap().peel_to_commit().unwrap();
        String::from_utf8_lossy(head.committer().name_bytes()).into_owned()
    }
}

fn write(root: &Path, path: &str, text: &str) {
    let full = root.join(path);
    if let Some(parent) = full.parent() {
        std::fs::create_dir_all(parent).unwrap();
    }
    std::fs::write(full, text).unwrap();
}

/// Settings for an OpenAI-compatible model served by the mock at `base`, with
/// `files` in the chat; the process environment is not consulted.
pub fn settings(root: &Path, base: &str, files: &[&str]) -> Settings {
    Settings {
        model: Some("openai/gpt-4o".to_string()),
        weak_model: Some("openai/gpt-4o-mini".to_string()),
        api_base: Some(base.to_string()),
        api_key: Some(Secret::new(SECRET_KEY)),
        yes: true,
        files: files.iter().map(PathBuf::from).collect(),
        cwd: root.to_path_buf(),
        root: root.to_path_buf(),
        read_process_env: false,
        request_timeout: Some(Duration::from_secs(10)),
        // A tag store of the test's own inside its repository's .git, so no test warms
        // another's map (or the user's); a test without git uses the user's.
        tag_store: root
            .join(".git")
            .is_dir()
            .then(|| root.join(".git").join("test-tag-store")),
        ..Settings::default()
    }
}

/// A SEARCH/REPLACE block in the diff format.
pub fn block(path: &str, search: &str, replace: &str) -> String {
    format!("{path}\n```python\n<<<<<<< SEARCH\n{search}=======\n{replace}>>>>>>> REPLACE\n```\n")
}

/// What one driven turn produced.
pub struct TurnRun {
    pub events: Vec<Event>,
    pub outcome: TurnOutcome,
}

impl TurnRun {
    /// The questions asked, with their kinds.
    pub fn questions(&self) -> Vec<QuestionKind> {
        self.events
            .iter()
            .filter_map(|event| match event {
                Event::Question { kind, .. } => Some(kind.clone()),
                _ => None,
            })
            .collect()
    }

    /// The reflection messages sent.
    pub fn reflections(&self) -> Vec<String> {
        self.events
            .iter()
            .filter_map(|event| match event {
                Event::ReflectionSent { text, .. } => Some(text.clone()),
                _ => None,
            })
            .collect()
    }

    /// Every event as JSON text (for "never printed" checks).
    pub fn json(&self) -> String {
        self.events
            .iter()
            .map(|event| serde_json::to_string(event).unwrap())
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// A running engine with a policy for questions: yes to everything but shell commands.
pub struct Driver {
    pub ops: tokio::sync::mpsc::Sender<Op>,
    pub events: tokio::sync::mpsc::Receiver<Event>,
    pub startup: Vec<Event>,
    /// Answer yes to running shell commands too (an explicit user yes).
    pub shell_yes: bool,
    /// Answers questions instead of the policy above, when set.
    pub answer: Option<fn(&QuestionKind) -> bool>,
}

impl Driver {
    /// Spawns the engine and reads its start-up events up to the first status.
    pub async fn start(settings: Settings) -> Driver {
        Driver::start_with(settings, engine::Devices::system()).await
    }

    /// [`Driver::start`] with the given clipboard and recorder.
    pub async fn start_with(settings: Settings, devices: engine::Devices) -> Driver {
        let (ops, mut events) = engine::spawn_with(settings, devices);
        let mut startup = Vec::new();
        loop {
            let event = tokio::time::timeout(Duration::from_secs(30), events.recv())
                .await
                .expect("engine start-up timed out")
                .expect("engine stopped during start-up");
            let done = matches!(event, Event::Status(_));
            startup.push(event);
            if done {
                break;
            }
        }
        Driver {
            ops,
            events,
            startup,
            shell_yes: false,
            answer: None,
        }
    }

    /// Submits `text` and collects events until its turn finishes.
    pub async fn turn(&mut self, text: &str) -> TurnRun {
        self.ops
            .send(Op::Submit {
                text: text.to_string(),
            })
            .await
            .unwrap();
        let mut events = Vec::new();
        loop {
            let event = tokio::time::timeout(Duration::from_secs(60), self.events.recv())
                .await
                .expect("turn timed out")
                .expect("engine stopped during a turn");
            if let Event::Question { id, kind, .. } = &event {
                let yes = match self.answer {
                    Some(answer) => answer(kind),
                    None => self.shell_yes || !matches!(kind, QuestionKind::RunShell { .. }),
                };
                self.ops
                    .send(Op::Answer { question: *id, yes })
                    .await
                    .unwrap();
            }
            if let Event::TurnFinished { outcome } = &event {
                let outcome = outcome.clone();
                events.push(event);
                return TurnRun { events, outcome };
            }
            events.push(event);
        }
    }

    /// Reads events between turns until one matches (skipping the others).
    pub async fn until(&mut self, what: &str, wanted: impl Fn(&Event) -> bool) -> Event {
        loop {
            let event = tokio::time::timeout(Duration::from_secs(60), self.events.recv())
                .await
                .unwrap_or_else(|_| panic!("waited a minute for {what}"))
                .expect("engine stopped");
            if wanted(&event) {
                return event;
            }
        }
    }

    /// Quits and waits for the engine to stop.
    pub async fn quit(mut self) {
        let _ = self.ops.send(Op::Quit).await;
        while let Ok(Some(event)) =
            tokio::time::timeout(Duration::from_secs(10), self.events.recv()).await
        {
            if matches!(event, Event::ShutdownComplete) {
                break;
            }
        }
    }
}

/// Runs one message on a fresh engine.
pub async fn run_once(settings: Settings, text: &str) -> TurnRun {
    let mut driver = Driver::start(settings).await;
    let run = driver.turn(text).await;
    driver.quit().await;
    run
}

/// Runs the binary in `root` with a clean environment (no keys, an empty home).
pub fn run_binary(root: &Path, home: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_aider-tui"))
        .args(args)
        .current_dir(root)
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("HOME", home)
        .output()
        .unwrap()
}

/// Runs the binary with the mock's OpenAI-compatible model (and the test key) added to `args`.
pub fn run_on_mock(root: &Path, home: &Path, base: &str, args: &[&str]) -> Output {
    let mut all = args.to_vec();
    all.extend([
        "--model",
        "openai/gpt-4o",
        "--api-base",
        base,
        "--api-key",
        SECRET_KEY,
    ]);
    run_binary(root, home, &all)
}

/// The text of the last user message of a chat request body (a model whose settings put
/// the reminder in a system message of its own has that after it).
pub fn last_user_text(body: &serde_json::Value) -> String {
    body["messages"]
        .as_array()
        .and_then(|messages| {
            messages
                .iter()
                .rev()
                .find(|message| message["role"] == "user")
        })
        .and_then(|message| message["content"].as_str())
        .unwrap_or_default()
        .to_string()
}
