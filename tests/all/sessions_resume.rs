//! Sessions that survive the process, end to end with the built binary: a headless
//! turn saves its session, the process ends, and `--resume --message` sends the earlier
//! turns to the model with the restored files; `aider-tui sessions` lists them; corrupt
//! and newer session files are reported and skipped, never a crash.

use crate::support::engine as engine_support;
use crate::support::mock_llm;

use std::path::{Path, PathBuf};
use std::process::Output;

use engine_support::{COMMIT_REQUEST_MARK, SECRET_KEY, TestRepo, block, run_binary, run_on_mock};
use mock_llm::{MockLlm, Reply};
use serde_json::Value;

const HELLO: &str = "def greet():\n    return \"hello\"\n";
const NOTES: &str = "Greetings must be short.\n";

/// Runs the binary on the mock's model, with no lint after edits.
fn aider_on_mock(root: &Path, home: &Path, base: &str, args: &[&str]) -> Output {
    let mut all = args.to_vec();
    all.push("--no-auto-lint");
    run_on_mock(root, home, base, &all)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn succeeded(output: &Output) {
    assert!(
        output.status.success(),
        "exit {:?}\nstdout:\n{}\nstderr:\n{}",
        output.status.code(),
        text(&output.stdout),
        text(&output.stderr)
    );
}

fn session_files(root: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root.join(".aider-tui/sessions"))
        .map(|entries| entries.flatten().map(|entry| entry.path()).collect())
        .unwrap_or_default();
    files.sort();
    files
}

/// The bodies of the main model's requests (not the commit messages').
fn main_requests(mock: &MockLlm) -> Vec<Value> {
    mock.requests()
        .into_iter()
        .map(|request| request.body)
        .filter(|body| !body.to_string().contains(COMMIT_REQUEST_MARK))
        .collect()
}

/// The chat messages of a request, as (role, content) pairs.
fn messages(body: &Value) -> Vec<(String, String)> {
    body["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|message| {
            let content = match &message["content"] {
                Value::String(text) => text.clone(),
                other => other.to_string(),
            };
            (message["role"].as_str().unwrap_or("").to_string(), content)
        })
        .collect()
}

#[test]
fn a_resumed_headless_turn_sends_the_earlier_turns_and_the_restored_files() {
    let repo = TestRepo::new(&[("hello.py", HELLO), ("NOTES.md", NOTES)]);
    let home = tempfile::tempdir().unwrap();
    let mock = MockLlm::start_in_thread();
    mock.rule(COMMIT_REQUEST_MARK, Reply::text(["feat: wave"]));
    let first_reply = format!(
        "Waving now.\n\n{}",
        block(
            "hello.py",
            "    return \"hello\"\n",
            "    return \"wave\"\n"
        )
    );
    mock.push(Reply::text([first_reply.clone()]));
    let base = mock.openai_base();

    let first = aider_on_mock(
        &repo.root(),
        home.path(),
        &base,
        &[
            "hello.py",
            "--read",
            "NOTES.md",
            "--yes",
            "--message",
            "make it wave",
        ],
    );
    succeeded(&first);
    assert_eq!(repo.read("hello.py"), "def greet():\n    return \"wave\"\n");
    let files = session_files(&repo.root());
    assert_eq!(files.len(), 1, "{files:?}");
    let saved = std::fs::read_to_string(&files[0]).unwrap();
    assert!(!saved.contains(SECRET_KEY), "no key in the session file");
    assert!(!saved.contains(&base), "no base URL in the session file");
    let record: Value = serde_json::from_str(&saved).unwrap();
    assert_eq!(record["version"], 1);
    assert_eq!(record["chat_files"], serde_json::json!(["hello.py"]));
    assert_eq!(record["read_only_files"], serde_json::json!(["NOTES.md"]));
    assert_eq!(record["models"]["main"], "openai/gpt-4o");
    let turn = &record["conversation"]["turns"][0];
    assert_eq!(turn["text"], "make it wave");
    let commits = turn["commits"].as_array().unwrap();
    assert_eq!(commits.len(), 1);
    assert_eq!(commits[0]["summary"], "feat: wave");
    assert_eq!(commits[0]["by_assistant"], true);
    assert!(record["tokens"]["received"].as_u64().is_some());

    // A new process, no files named: the conversation and the files come back.
    mock.push(Reply::text(["Shorter it is."]));
    let second = aider_on_mock(
        &repo.root(),
        home.path(),
        &base,
        &["--resume", "--yes", "--message", "now make it shorter"],
    );
    succeeded(&second);
    let stderr = text(&second.stderr);
    let stdout = text(&second.stdout);
    assert!(
        format!("{stdout}{stderr}").contains("Resumed session"),
        "stdout:\n{stdout}\nstderr:\n{stderr}"
    );
    let requests = main_requests(&mock);
    assert_eq!(requests.len(), 2);
    let sent = messages(&requests[1]);
    let position = |role: &str, needle: &str| {
        sent.iter()
            .position(|(r, content)| r == role && content.contains(needle))
            .unwrap_or_else(|| panic!("no {role} message with {needle:?} in {sent:#?}"))
    };
    let earlier_user = position("user", "make it wave");
    let earlier_reply = position("assistant", "Waving now.");
    let new_message = position("user", "now make it shorter");
    assert!(earlier_user < earlier_reply && earlier_reply < new_message);
    // The restored chat file (as it is now) and the read-only file are in the prompt.
    let whole = requests[1].to_string();
    assert!(whole.contains("return \\\"wave\\\""), "{whole}");
    assert!(whole.contains("Greetings must be short."), "{whole}");
    // Still one session, now with two turns.
    let files = session_files(&repo.root());
    assert_eq!(files.len(), 1);
    let record: Value = serde_json::from_slice(&std::fs::read(&files[0]).unwrap()).unwrap();
    assert_eq!(record["conversation"]["turns"].as_array().unwrap().len(), 2);

    // `aider-tui sessions` lists it, as text and as JSON lines.
    let listed = run_binary(&repo.root(), home.path(), &["sessions"]);
    succeeded(&listed);
    let listing = text(&listed.stdout);
    let id = record["id"].as_str().unwrap();
    assert_eq!(listing.lines().count(), 1, "{listing}");
    assert!(
        listing.contains(id)
            && listing.contains("openai/gpt-4o")
            && listing.contains("2 turns")
            && listing.contains("make it wave"),
        "{listing}"
    );
    let json = run_binary(&repo.root(), home.path(), &["sessions", "--json"]);
    succeeded(&json);
    let line: Value = serde_json::from_str(text(&json.stdout).trim()).unwrap();
    assert_eq!(line["id"], id);
    assert_eq!(line["turns"], 2);
    assert_eq!(line["first_message"], "make it wave");

    // A unique start of the id is enough, and Aider's spelling works too.
    mock.push(Reply::text(["Done."]));
    let by_prefix = aider_on_mock(
        &repo.root(),
        home.path(),
        &base,
        &["--resume", &id[..15], "--yes", "--message", "thanks"],
    );
    succeeded(&by_prefix);
    mock.push(Reply::text(["Done again."]));
    let aider_spelling = aider_on_mock(
        &repo.root(),
        home.path(),
        &base,
        &[
            "--restore-chat-history",
            "--yes",
            "--message",
            "thanks again",
        ],
    );
    succeeded(&aider_spelling);
    let last = main_requests(&mock).pop().unwrap().to_string();
    assert!(
        last.contains("make it wave") && last.contains("thanks"),
        "{last}"
    );
}

#[test]
fn files_that_no_longer_exist_are_dropped_with_a_notice() {
    let repo = TestRepo::new(&[("hello.py", HELLO), ("gone.py", "x = 1\n")]);
    let home = tempfile::tempdir().unwrap();
    let elsewhere = tempfile::tempdir().unwrap();
    let outside = elsewhere.path().join("private.txt");
    std::fs::write(&outside, "outside-secret-text\n").unwrap();
    let mock = MockLlm::start_in_thread();
    mock.push(Reply::text(["Noted."]));
    let base = mock.openai_base();
    succeeded(&aider_on_mock(
        &repo.root(),
        home.path(),
        &base,
        &[
            "hello.py",
            "gone.py",
            "--read",
            outside.to_str().unwrap(),
            "--chat-mode",
            "ask",
            "--message",
            "remember this",
        ],
    ));
    assert!(
        main_requests(&mock)[0]
            .to_string()
            .contains("outside-secret-text"),
        "the first run reads the file it was given"
    );
    std::fs::remove_file(repo.root().join("gone.py")).unwrap();

    mock.push(Reply::text(["Still here."]));
    let resumed = aider_on_mock(
        &repo.root(),
        home.path(),
        &base,
        &["--resume", "--message", "what now?", "--json"],
    );
    succeeded(&resumed);
    let events: Vec<Value> = text(&resumed.stdout)
        .lines()
        .filter_map(|line| serde_json::from_str(line).ok())
        .collect();
    let dropped = events.iter().any(|event| {
        event["type"] == "notice"
            && event["text"]
                .as_str()
                .is_some_and(|text| text.contains("no longer exist") && text.contains("gone.py"))
    });
    assert!(dropped, "{events:#?}");
    let status = events
        .iter()
        .rev()
        .find(|event| event["type"] == "status")
        .unwrap();
    assert_eq!(status["chat_files"], serde_json::json!(["hello.py"]));
    // A session file may come with a cloned repository: it never brings back a file
    // outside the repository on its own.
    assert_eq!(status["read_only_files"], serde_json::json!([]));
    let told = events.iter().any(|event| {
        event["text"].as_str().is_some_and(|text| {
            text.contains("outside the repository") && text.contains("private.txt")
        })
    });
    assert!(told, "{events:#?}");
    assert_eq!(status["mode"], "ask", "the mode comes back too");
    let last = main_requests(&mock).pop().unwrap().to_string();
    assert!(last.contains("remember this"), "{last}");
    assert!(!last.contains("outside-secret-text"), "{last}");
}

#[test]
fn corrupt_and_newer_session_files_are_reported_and_skipped() {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let home = tempfile::tempdir().unwrap();
    let mock = MockLlm::start_in_thread();
    mock.push(Reply::text(["First answer."]));
    let base = mock.openai_base();
    succeeded(&aider_on_mock(
        &repo.root(),
        home.path(),
        &base,
        &[
            "hello.py",
            "--chat-mode",
            "ask",
            "--message",
            "the good one",
        ],
    ));
    let folder = repo.root().join(".aider-tui/sessions");
    // Ids that sort after the good one: a truncated file and one from a newer version.
    std::fs::write(
        folder.join("29990101-000000-dead.json"),
        b"{\"version\": 1, \"id\": \"29",
    )
    .unwrap();
    std::fs::write(
        folder.join("29990101-000001-beef.json"),
        br#"{"version": 99, "id": "29990101-000001-beef", "last_active": 99999999999}"#,
    )
    .unwrap();

    let listed = run_binary(&repo.root(), home.path(), &["sessions"]);
    succeeded(&listed);
    let stdout = text(&listed.stdout);
    let stderr = text(&listed.stderr);
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    assert!(stdout.contains("the good one"), "{stdout}");
    assert!(
        stderr.contains("29990101-000000-dead.json") && stderr.contains("cannot be read"),
        "{stderr}"
    );
    assert!(
        stderr.contains("29990101-000001-beef.json") && stderr.contains("newer aider-tui"),
        "{stderr}"
    );

    // --resume takes the latest session that can be read, and says what it skipped.
    mock.push(Reply::text(["Second answer."]));
    let resumed = aider_on_mock(
        &repo.root(),
        home.path(),
        &base,
        &["--resume", "--message", "go on"],
    );
    succeeded(&resumed);
    let said = format!("{}{}", text(&resumed.stdout), text(&resumed.stderr));
    assert!(said.contains("Skipped"), "{said}");
    let last = main_requests(&mock).pop().unwrap().to_string();
    assert!(last.contains("the good one"), "{last}");

    // Naming a file that cannot be read, or no session at all, stops before any turn.
    let requests_before = mock.requests().len();
    for id in ["29990101-000000-dead", "29990101-000001-beef", "17000101"] {
        let refused = aider_on_mock(
            &repo.root(),
            home.path(),
            &base,
            &["--resume", id, "--message", "never sent"],
        );
        assert_eq!(
            refused.status.code(),
            Some(2),
            "{id}: {}",
            text(&refused.stderr)
        );
        assert!(
            text(&refused.stderr).contains("--resume"),
            "{}",
            text(&refused.stderr)
        );
    }
    assert_eq!(mock.requests().len(), requests_before, "nothing was sent");
    let empty = TestRepo::new(&[("hello.py", HELLO)]);
    let refused = aider_on_mock(&empty.root(), home.path(), &base, &["--resume", "-m", "x"]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        text(&refused.stderr).contains("no earlier session"),
        "{}",
        text(&refused.stderr)
    );
}

/// What outside files hold: no request may ever carry it.
const OUTSIDE_MARKER: &str = "outside-secret-5c1d9e";

/// A 2×3 PNG whose trailing bytes carry the outside marker.
fn outside_png() -> Vec<u8> {
    let mut bytes = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
    bytes.extend_from_slice(&[0, 0, 0, 2, 0, 0, 0, 3, 8, 6, 0, 0, 0]);
    bytes.extend_from_slice(&[0, 0, 0, 0]);
    bytes.extend_from_slice(OUTSIDE_MARKER.as_bytes());
    bytes
}

/// A repository beside an `outside/` folder of secrets, committing symlinks to them
/// (`link.py`, `link.md`, `link.png`) and a session file naming those links as a chat
/// file, a read-only file and an image. With `commit_session`, the session file is
/// committed too (as a cloned repository would bring it); else it is only on disk.
fn planted(parent: &Path, commit_session: bool) -> (TestRepo, String) {
    let outside = parent.join("outside");
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::write(
        outside.join("secret.py"),
        format!("KEY = '{OUTSIDE_MARKER}'\n"),
    )
    .unwrap();
    std::fs::write(outside.join("secret.md"), format!("{OUTSIDE_MARKER}\n")).unwrap();
    std::fs::write(outside.join("secret.png"), outside_png()).unwrap();
    let repo = TestRepo::new_in(parent, &[("hello.py", HELLO)]);
    let root = repo.root();
    for (link, target) in [
        ("link.py", "../outside/secret.py"),
        ("link.md", "../outside/secret.md"),
        ("link.png", "../outside/secret.png"),
    ] {
        std::os::unix::fs::symlink(target, root.join(link)).unwrap();
    }
    let id = "20260101-000000-beef".to_string();
    let session = serde_json::json!({
        "version": 1,
        "id": id,
        "started": 1767225600,
        "last_active": 4102444800i64,
        "mode": "code",
        "models": {"main": null, "weak": null, "editor": null},
        "edit_format": "diff",
        "editor_edit_format": "editor-diff",
        "cost": 0.0,
        "tokens": {"sent": 0, "received": 0, "cache_read": 0, "cache_write": 0},
        "chat_files": ["link.py", "link.png", "hello.py"],
        "read_only_files": ["link.md"],
        "conversation": {
            "messages": [
                {"role": "user", "text": "planted question"},
                {"role": "assistant", "text": "planted answer"}
            ],
            "turns": [{"text": "planted question", "at": 1767225600, "epoch": 0, "start": 0}]
        }
    });
    repo.write(
        &format!(".aider-tui/sessions/{id}.json"),
        &serde_json::to_string_pretty(&session).unwrap(),
    );
    if commit_session {
        repo.commit_all("a repository with its own session");
    } else {
        let sessions = root.join(".aider-tui/sessions");
        let kept = std::fs::read(sessions.join(format!("{id}.json"))).unwrap();
        std::fs::remove_dir_all(root.join(".aider-tui")).unwrap();
        repo.commit_all("links out");
        std::fs::create_dir_all(&sessions).unwrap();
        std::fs::write(sessions.join(format!("{id}.json")), kept).unwrap();
    }
    (repo, id)
}

/// No request the mock received carries the outside marker or an image.
fn nothing_from_outside(mock: &MockLlm) {
    for request in mock.requests() {
        let body = request.body.to_string();
        assert!(
            !body.contains(OUTSIDE_MARKER),
            "an outside file was sent: {body}"
        );
        assert!(
            !body.contains("image_url"),
            "an outside image was sent: {body}"
        );
    }
}

#[test]
fn a_session_file_on_disk_never_brings_a_file_from_outside_into_the_chat() {
    let parent = tempfile::tempdir().unwrap();
    let (repo, id) = planted(parent.path(), false);
    let home = tempfile::tempdir().unwrap();
    let mock = MockLlm::start_in_thread();
    mock.push(Reply::text(["Fine."]));
    let resumed = aider_on_mock(
        &repo.root(),
        home.path(),
        &mock.openai_base(),
        &["--resume", &id, "--message", "what is in the chat?"],
    );
    succeeded(&resumed);
    nothing_from_outside(&mock);
    let last = main_requests(&mock).pop().unwrap().to_string();
    assert!(
        last.contains("planted question"),
        "the session was resumed: {last}"
    );
    assert!(
        last.contains("return \\\"hello\\\""),
        "hello.py is in the chat: {last}"
    );
    let stderr = format!("{}{}", text(&resumed.stdout), text(&resumed.stderr));
    for link in ["link.py", "link.md", "link.png"] {
        assert!(
            stderr.contains(link) && stderr.contains("outside the project root"),
            "{link} is named as refused: {stderr}"
        );
    }
}

#[test]
fn a_committed_session_is_someone_elses_and_is_neither_resumed_nor_written() {
    let parent = tempfile::tempdir().unwrap();
    let (repo, id) = planted(parent.path(), true);
    let planted_file = repo.root().join(format!(".aider-tui/sessions/{id}.json"));
    let planted_bytes = std::fs::read(&planted_file).unwrap();
    let home = tempfile::tempdir().unwrap();
    let mock = MockLlm::start_in_thread();
    let base = mock.openai_base();

    let refused = aider_on_mock(
        &repo.root(),
        home.path(),
        &base,
        &["--resume", &id, "--message", "never sent"],
    );
    assert_eq!(refused.status.code(), Some(2), "{}", text(&refused.stderr));
    assert!(mock.requests().is_empty(), "nothing was sent");

    mock.push(Reply::text(["Hello."]));
    let fresh = aider_on_mock(&repo.root(), home.path(), &base, &["--message", "hi"]);
    succeeded(&fresh);
    let stderr = format!("{}{}", text(&fresh.stdout), text(&fresh.stderr));
    assert!(
        stderr.contains(&format!(".aider-tui/sessions/{id}.json")) && stderr.contains("not read"),
        "the notice names the committed file: {stderr}"
    );
    nothing_from_outside(&mock);
    assert_eq!(std::fs::read(&planted_file).unwrap(), planted_bytes);
    assert_eq!(
        session_files(&repo.root()).len(),
        1,
        "this run's session is kept in the per-user folder"
    );
    let per_user = home.path().join(".local/state/aider-tui/repos");
    let kept: Vec<_> = walk_files(&per_user)
        .into_iter()
        .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
        .collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
}

/// Every file under `dir`, at any depth.
fn walk_files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            found.extend(walk_files(&path));
        } else {
            found.push(path);
        }
    }
    found
}

#[test]
fn a_second_run_on_a_session_in_use_refuses_and_names_it() {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let home = tempfile::tempdir().unwrap();
    let mock = MockLlm::start_in_thread();
    let base = mock.openai_base();
    mock.push(Reply::text(["First answer."]));
    succeeded(&aider_on_mock(
        &repo.root(),
        home.path(),
        &base,
        &["--message", "first"],
    ));
    let id = session_files(&repo.root())[0]
        .file_stem()
        .unwrap()
        .to_string_lossy()
        .into_owned();

    // The first run holds the session while its model never answers.
    mock.push(Reply::text(["never finished"]).hang());
    let mut args: Vec<String> = [
        "--resume",
        &id,
        "--message",
        "from run one",
        "--no-auto-lint",
    ]
    .map(String::from)
    .to_vec();
    args.extend(
        [
            "--model",
            "openai/gpt-4o",
            "--api-base",
            &base,
            "--api-key",
            SECRET_KEY,
        ]
        .map(String::from),
    );
    let mut first = std::process::Command::new(env!("CARGO_BIN_EXE_aider-tui"))
        .args(&args)
        .current_dir(repo.root())
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("HOME", home.path())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let waited = std::time::Instant::now();
    while !main_requests(&mock)
        .iter()
        .any(|body| body.to_string().contains("from run one"))
    {
        assert!(
            waited.elapsed() < std::time::Duration::from_secs(60),
            "the first run never asked the model"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }

    mock.push(Reply::text(["Second answer."]));
    let second = aider_on_mock(
        &repo.root(),
        home.path(),
        &base,
        &["--resume", &id, "--message", "from run two"],
    );
    assert_eq!(second.status.code(), Some(2), "{}", text(&second.stderr));
    let stderr = text(&second.stderr);
    assert!(
        stderr.contains(&id) && stderr.contains("another aider-tui run"),
        "{stderr}"
    );
    assert!(
        !main_requests(&mock)
            .iter()
            .any(|body| body.to_string().contains("from run two")),
        "the second run sent nothing"
    );

    // The lock goes with the process that held it.
    first.kill().unwrap();
    first.wait().unwrap();
    mock.push(Reply::text(["Third answer."]));
    succeeded(&aider_on_mock(
        &repo.root(),
        home.path(),
        &base,
        &["--resume", &id, "--message", "from run three"],
    ));
    let saved = std::fs::read_to_string(&session_files(&repo.root())[0]).unwrap();
    assert!(
        saved.contains("first") && saved.contains("from run three"),
        "{saved}"
    );
}

#[test]
fn a_damaged_only_session_file_is_named_and_a_new_session_answers() {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let home = tempfile::tempdir().unwrap();
    let mock = MockLlm::start_in_thread();
    mock.push(Reply::text(["A fresh answer."]));
    let folder = repo.root().join(".aider-tui/sessions");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(
        folder.join("20260101-000000-dead.json"),
        b"{\"version\": 1, \"id\": \"2026",
    )
    .unwrap();
    let resumed = aider_on_mock(
        &repo.root(),
        home.path(),
        &mock.openai_base(),
        &["--chat-mode", "ask", "--resume", "--message", "x"],
    );
    succeeded(&resumed);
    let stderr = text(&resumed.stderr);
    assert!(
        stderr.contains("Skipped") && stderr.contains("20260101-000000-dead.json"),
        "{stderr}"
    );
    assert!(stderr.contains("This is a new session"), "{stderr}");
    assert!(
        text(&resumed.stdout).contains("A fresh answer."),
        "{}",
        text(&resumed.stdout)
    );
    assert_eq!(main_requests(&mock).len(), 1);
}

/// A session file exactly as builds before the one message type wrote it (roles as
/// `user`/`assistant`, `summary` only where true), with a summary, a turn and a
/// reflection round. Its id is [`WRITTEN_BEFORE_ID`]; it names `hello.py`.
pub(crate) fn written_before() -> String {
    let mut record: Value = serde_json::from_str(include_str!(
        "../fixtures/sessions/written-before-one-message-type.json"
    ))
    .unwrap();
    // The latest session, and its turn's commit is not in this repository.
    record["last_active"] = 4_102_444_800u64.into();
    record["conversation"]["turns"][0]["commits"] = Value::Array(Vec::new());
    serde_json::to_string_pretty(&record).unwrap()
}

pub(crate) const WRITTEN_BEFORE_ID: &str = "20260102-153045-7f3a";

#[test]
fn a_session_file_written_before_the_one_message_type_resumes_and_shows_as_before() {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let file = format!(".aider-tui/sessions/{WRITTEN_BEFORE_ID}.json");
    repo.write(&file, &written_before());
    let home = tempfile::tempdir().unwrap();
    let mock = MockLlm::start_in_thread();
    mock.push(Reply::text(["Fine."]));
    let resumed = aider_on_mock(
        &repo.root(),
        home.path(),
        &mock.openai_base(),
        &["--resume", "20260102", "--json", "--message", "and now?"],
    );
    succeeded(&resumed);

    // The `--json` stream shows the conversation in the shape other tools read.
    let events: Vec<Value> = text(&resumed.stdout)
        .lines()
        .filter_map(|line| serde_json::from_str(line).ok())
        .collect();
    let restored = events
        .iter()
        .find(|event| event["type"] == "conversation_restored")
        .unwrap_or_else(|| panic!("no conversation_restored in {events:#?}"));
    assert_eq!(
        restored["messages"],
        serde_json::json!([
            {"role": "summary", "text": "A summary of our conversation so far: we said hello."},
            {"role": "user", "text": "make it wave", "turn": 1},
            {"role": "assistant", "text": "Waving."},
            {"role": "reflection", "text": "The files you edited have problems."},
            {"role": "assistant", "text": "Fixed."}
        ])
    );

    // The model gets every stored message, in order, before the new one.
    let sent = messages(&main_requests(&mock)[0]);
    let stored = [
        (
            "user",
            "A summary of our conversation so far: we said hello.",
        ),
        ("assistant", "Thanks, I have the context."),
        ("user", "make it wave"),
        ("assistant", "Waving."),
        ("user", "The files you edited have problems."),
        ("assistant", "Fixed."),
    ];
    let start = sent
        .iter()
        .position(|(_, content)| content == stored[0].1)
        .unwrap_or_else(|| panic!("the summary was not sent: {sent:#?}"));
    let history: Vec<(&str, &str)> = sent[start..start + stored.len()]
        .iter()
        .map(|(role, content)| (role.as_str(), content.as_str()))
        .collect();
    assert_eq!(history, stored);
    assert!(
        sent[start + stored.len()..]
            .iter()
            .any(|(_, c)| c.contains("and now?"))
    );

    // Saved again, the messages keep the file's shape.
    let saved: Value =
        serde_json::from_slice(&std::fs::read(repo.root().join(&file)).unwrap()).unwrap();
    let before: Value = serde_json::from_str(&written_before()).unwrap();
    let messages = saved["conversation"]["messages"].as_array().unwrap();
    assert_eq!(
        messages[..6],
        before["conversation"]["messages"].as_array().unwrap()[..]
    );
    assert_eq!(
        messages[6..],
        [
            serde_json::json!({"role": "user", "text": "and now?"}),
            serde_json::json!({"role": "assistant", "text": "Fine."})
        ]
    );
}
