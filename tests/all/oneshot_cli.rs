//! The headless one-shot contract, end to end: the built binary against the loopback
//! mock in real temporary git repositories.

use crate::support::engine as engine_support;
use crate::support::mock_llm;

use std::path::Path;

use aider_tui::protocol::Event;
use engine_support::{COMMIT_REQUEST_MARK, SECRET_KEY, TestRepo, block, run_binary, run_on_mock};
use mock_llm::{MockLlm, Reply};

const HELLO: &str = "def greet():\n    return \"hello\"\n";

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn all_files_text(dir: &Path) -> String {
    let mut text = String::new();
    for entry in walk(dir) {
        if let Ok(bytes) = std::fs::read(&entry) {
            text.push_str(&String::from_utf8_lossy(&bytes));
        }
    }
    text
}

fn walk(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                files.extend(walk(&path));
            } else {
                files.push(path);
            }
        }
    }
    files
}

#[test]
fn a_headless_yes_run_holds_back_a_syntax_break_and_commits_the_fix_once() {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let home = tempfile::tempdir().unwrap();
    let mock = MockLlm::start_in_thread();
    mock.rule(COMMIT_REQUEST_MARK, Reply::text(["feat: wave"]));
    mock.push(Reply::text([block(
        "hello.py",
        "def greet():\n",
        "def greet(:\n",
    )]));
    mock.push(Reply::text([block(
        "hello.py",
        "    return \"hello\"\n",
        "    return \"wave\"\n",
    )]));
    let base = mock.openai_base();

    let output = run_on_mock(
        &repo.root(),
        home.path(),
        &base,
        &["hello.py", "--yes", "--message", "Make it wave"],
    );
    let stdout = text(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}\n{}",
        text(&output.stderr)
    );
    let bodies: Vec<String> = mock
        .requests()
        .into_iter()
        .map(|request| request.body.to_string())
        .filter(|body| !body.contains(COMMIT_REQUEST_MARK))
        .collect();
    assert_eq!(bodies.len(), 2);
    assert!(
        bodies[1].contains("syntax error in hello.py at line 1"),
        "{}",
        bodies[1]
    );
    assert_eq!(repo.read("hello.py"), "def greet():\n    return \"wave\"\n");
    // The first commit is the repository's own; the fix is the only other.
    assert_eq!(repo.log().len(), 2, "{:?}", repo.log());
}

#[test]
fn a_headless_run_edits_commits_and_a_second_run_undoes() {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let home = tempfile::tempdir().unwrap();
    let mock = MockLlm::start_in_thread();
    mock.rule(
        COMMIT_REQUEST_MARK,
        Reply::text(["feat: wave instead of hello"]),
    );
    mock.push(Reply::text([
        "Changing the greeting.\n\n".to_string(),
        block(
            "hello.py",
            "    return \"hello\"\n",
            "    return \"wave\"\n",
        ),
    ]));
    let base = mock.openai_base();

    let output = run_on_mock(
        &repo.root(),
        home.path(),
        &base,
        &["hello.py", "--yes", "--message", "Make it wave"],
    );
    let stdout = text(&output.stdout);
    let stderr = text(&output.stderr);
    assert!(
        output.status.success(),
        "stdout:\n{stdout}\nstderr:\n{stderr}"
    );
    assert!(stdout.contains("Changing the greeting."), "{stdout}");
    assert!(stdout.contains("Applied edit to hello.py"), "{stdout}");
    assert!(stdout.contains("feat: wave instead of hello"), "{stdout}");
    assert_eq!(repo.read("hello.py"), "def greet():\n    return \"wave\"\n");
    assert_eq!(repo.log().len(), 2);
    // The key shows up nowhere: output, logs, history, git.
    assert!(!stdout.contains(SECRET_KEY) && !stderr.contains(SECRET_KEY));
    assert!(
        !all_files_text(&repo.root()).contains(SECRET_KEY),
        "the key was written to a file"
    );
    // The conversation is kept in the state folder's transcript.
    let transcript = repo.read(".aider-tui/chat-history.md");
    assert!(
        transcript.contains("#### Make it wave") && transcript.contains("Changing the greeting.")
    );
    // Written once, with what happened to the edits.
    assert_eq!(
        transcript.matches("#### Make it wave").count(),
        1,
        "{transcript}"
    );
    let reply_at = transcript
        .find("Changing the greeting.")
        .unwrap_or(usize::MAX);
    let tokens_at = transcript.find("> Tokens:").unwrap_or(0);
    assert!(
        reply_at < tokens_at,
        "the reply comes before its token line:\n{transcript}"
    );
    assert!(
        transcript.contains("> Applied edit to hello.py") && transcript.contains("> Commit "),
        "{transcript}"
    );
    // The state folder is git-ignored through the local exclude file, and no file of
    // the user's is left changed: the tracked tree is clean.
    assert!(repo.root().join(".aider-tui").is_dir());
    assert!(!repo.root().join(".gitignore").exists());
    assert!(repo.read(".git/info/exclude").contains(".aider-tui/"));
    let git = git2::Repository::open(repo.root()).unwrap();
    let mut options = git2::StatusOptions::new();
    options.include_untracked(true).include_ignored(false);
    let statuses = git.statuses(Some(&mut options)).unwrap();
    let dirty: Vec<String> = statuses
        .iter()
        .filter_map(|entry| entry.path().ok().map(str::to_string))
        .collect();
    assert!(dirty.is_empty(), "left behind: {dirty:?}");

    // A new process recognises the tool's commit from the repository and undoes it.
    let undo = run_on_mock(&repo.root(), home.path(), &base, &["--message", "/undo"]);
    assert!(
        undo.status.success(),
        "{}\n{}",
        text(&undo.stdout),
        text(&undo.stderr)
    );
    assert_eq!(repo.read("hello.py"), HELLO);
    assert_eq!(repo.log().len(), 1);
    let main_requests = mock
        .requests()
        .iter()
        .filter(|request| !request.body.to_string().contains(COMMIT_REQUEST_MARK))
        .count();
    assert_eq!(main_requests, 1, "/undo makes no model request");
}

#[test]
fn json_prints_every_event_as_one_line_and_failure_exits_1() {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let home = tempfile::tempdir().unwrap();
    let mock = MockLlm::start_in_thread();
    // A block that never matches, every time: the turn ends with edits not applied.
    mock.fallback(Reply::text([block(
        "hello.py",
        "    return \"nope\"\n",
        "    return \"wave\"\n",
    )]));
    let base = mock.openai_base();

    let output = run_on_mock(
        &repo.root(),
        home.path(),
        &base,
        &[
            "hello.py",
            "--yes",
            "--max-reflections",
            "1",
            "--json",
            "--message",
            "Make it wave",
        ],
    );
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    let stdout = text(&output.stdout);
    let events: Vec<Event> = stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|err| panic!("{err}: {line}")))
        .collect();
    assert!(matches!(events.first(), Some(Event::Status(_))));
    assert!(
        events
            .iter()
            .any(|event| matches!(event, Event::ReplyDelta { .. }))
    );
    assert_eq!(
        events
            .iter()
            .filter(|event| matches!(event, Event::ReflectionSent { .. }))
            .count(),
        1
    );
    assert!(events.iter().any(|event| matches!(
        event,
        Event::TurnFinished {
            outcome: aider_tui::protocol::TurnOutcome::EditsNotApplied
        }
    )));
    assert!(matches!(events.last(), Some(Event::ShutdownComplete)));
    assert_eq!(repo.read("hello.py"), HELLO);
}

#[test]
fn yes_does_not_run_shell_commands_the_model_proposes() {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let home = tempfile::tempdir().unwrap();
    let mock = MockLlm::start_in_thread();
    mock.push(Reply::text([
        "Please run:\n\n```bash\ntouch pwned.txt\n```\n",
    ]));
    let base = mock.openai_base();

    let output = run_on_mock(
        &repo.root(),
        home.path(),
        &base,
        &["--yes", "--message", "Set up"],
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(!repo.root().join("pwned.txt").exists());
    assert!(
        text(&output.stderr).contains("touch pwned.txt"),
        "the question is shown"
    );
}

#[test]
fn with_no_model_the_run_explains_how_to_set_one_up() {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let home = tempfile::tempdir().unwrap();
    let output = run_binary(&repo.root(), home.path(), &["--json", "--message", "hello"]);
    assert_eq!(output.status.code(), Some(1));
    let stdout = text(&output.stdout);
    let status: Event = serde_json::from_str(stdout.lines().next().unwrap()).unwrap();
    let Event::Status(status) = status else {
        panic!("first event is not a status: {stdout}");
    };
    let problem = status
        .model_problem
        .expect("a model problem is reported")
        .message;
    assert!(
        problem.contains("--model")
            && problem.contains("OPENAI_API_KEY")
            && problem.contains("ollama"),
        "{problem}"
    );
    assert!(!problem.contains('\n'));
}

#[test]
fn without_yes_edits_to_chat_files_still_apply_but_new_files_are_not_created() {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let home = tempfile::tempdir().unwrap();
    let mock = MockLlm::start_in_thread();
    mock.rule(COMMIT_REQUEST_MARK, Reply::text(["feat: wave"]));
    let reply = [
        block(
            "hello.py",
            "    return \"hello\"\n",
            "    return \"wave\"\n",
        ),
        block("new_module.py", "", "X = 1\n"),
    ]
    .concat();
    mock.push(Reply::text([reply]));
    let base = mock.openai_base();

    let output = run_on_mock(
        &repo.root(),
        home.path(),
        &base,
        &["hello.py", "--message", "Wave"],
    );
    // The new file needed a yes it did not get: the turn did not apply everything.
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    assert_eq!(repo.read("hello.py"), "def greet():\n    return \"wave\"\n");
    assert!(!repo.root().join("new_module.py").exists());
}

#[test]
fn slash_commands_work_headless_without_a_model() {
    let repo = TestRepo::new(&[
        ("hello.py", HELLO),
        (
            "ledger.py",
            "def compute_total(items):\n    return sum(items)\n",
        ),
    ]);
    let home = tempfile::tempdir().unwrap();
    let output = run_binary(&repo.root(), home.path(), &["--message", "/map"]);
    let stdout = text(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}\n{}",
        text(&output.stderr)
    );
    assert!(stdout.contains("compute_total"), "{stdout}");
}

/// The `--json` event stream is a contract other tools read: its whole text for one
/// edit turn is kept as a snapshot, so a renamed field or a new event cannot slip by.
/// What differs between runs (temp paths, commit ids, times, the port) is masked.
#[test]
fn the_json_event_stream_of_an_edit_turn_matches_its_snapshot() {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let home = tempfile::tempdir().unwrap();
    let mock = MockLlm::start_in_thread();
    mock.rule(COMMIT_REQUEST_MARK, Reply::text(["feat: wave"]));
    mock.push(Reply::text([
        "Changing the greeting.\n\n".to_string(),
        block(
            "hello.py",
            "    return \"hello\"\n",
            "    return \"wave\"\n",
        ),
    ]));
    let base = mock.openai_base();
    let output = run_on_mock(
        &repo.root(),
        home.path(),
        &base,
        // No map: when it would be ready is a matter of timing.
        &[
            "hello.py",
            "--yes",
            "--map-tokens",
            "0",
            "--json",
            "--message",
            "Make it wave",
        ],
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let masks = [
        (repo.root().display().to_string(), "[ROOT]"),
        (home.path().display().to_string(), "[HOME]"),
        (base.clone(), "[API-BASE]"),
    ];
    let lines: Vec<String> = text(&output.stdout)
        .lines()
        .map(|line| {
            let mut value: serde_json::Value = serde_json::from_str(line).unwrap();
            mask_json(&mut value, &masks, "");
            value.to_string()
        })
        .collect();
    insta::assert_snapshot!(lines.join("\n"));
}

/// Masks in place what changes from run to run: the given strings, commit ids (hex words
/// of 7 to 40 digits), numbers under keys that name a time, and session ids (a date,
/// a time and a process id).
fn mask_json(value: &mut serde_json::Value, masks: &[(String, &str)], key: &str) {
    use serde_json::Value;
    match value {
        Value::String(text) if key != "session" => {
            for (from, to) in masks {
                *text = text.replace(from.as_str(), to);
            }
            *text = mask_hex_words(text);
        }
        Value::String(_) if key == "session" => *value = Value::String("[SESSION]".into()),
        Value::Number(_) if is_time_key(key) => *value = Value::String("[TIME]".into()),
        Value::Array(items) => items
            .iter_mut()
            .for_each(|item| mask_json(item, masks, key)),
        Value::Object(fields) => fields
            .iter_mut()
            .for_each(|(name, item)| mask_json(item, masks, name)),
        _ => {}
    }
}

fn is_time_key(key: &str) -> bool {
    [
        "ms", "millis", "secs", "seconds", "elapsed", "time", "at", "when", "started",
    ]
    .iter()
    .any(|part| {
        key == *part || key.ends_with(&format!("_{part}")) || key.starts_with(&format!("{part}_"))
    })
}

fn mask_hex_words(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        let is_id = (7..=40).contains(&word.len())
            && word
                .chars()
                .all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase())
            && word.chars().any(|c| c.is_ascii_digit());
        out.push_str(if is_id { "[ID]" } else { word.as_str() });
        word.clear();
    };
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            out.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
}

#[test]
fn settings_is_a_table_of_option_value_and_where_it_was_set() {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let home = tempfile::tempdir().unwrap();
    let output = run_binary(
        &repo.root(),
        home.path(),
        &["--map-tokens", "512", "--message", "/settings"],
    );
    let stdout = text(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}\n{}",
        text(&output.stderr)
    );
    let row = |name: &str| {
        stdout
            .lines()
            .find(|line| line.split_whitespace().next() == Some(name))
            .unwrap_or_else(|| panic!("no row for {name}: {stdout}"))
            .to_string()
    };
    let header = row("option");
    assert!(
        header.contains("value") && header.ends_with("set in"),
        "{header}"
    );
    let map_tokens = row("map-tokens");
    assert!(
        map_tokens.contains(" 512 ") && map_tokens.ends_with("the command line"),
        "{map_tokens}"
    );
    assert!(row("auto-commits").ends_with("default"), "{stdout}");
    assert!(!stdout.contains("Settings {"), "no Debug dump: {stdout}");
}

/// `count` commits on top of HEAD, each changing `together` (every file gets a
/// line), written straight into the object store.
fn commit_together(root: &Path, together: &[&str], count: usize) {
    let repo = git2::Repository::open(root).unwrap();
    let signature = git2::Signature::now("test", "test@localhost").unwrap();
    let mut parent = repo.head().unwrap().peel_to_commit().unwrap();
    let mut texts: Vec<String> = together
        .iter()
        .map(|path| std::fs::read_to_string(root.join(path)).unwrap())
        .collect();
    for round in 0..count {
        let mut tree = parent.tree().unwrap();
        for (path, text) in together.iter().zip(&mut texts) {
            text.push_str(&format!("# round {round}\n"));
            let blob = repo.blob(text.as_bytes()).unwrap();
            let mut builder = repo.treebuilder(Some(&tree)).unwrap();
            builder.insert(path, blob, 0o100644).unwrap();
            tree = repo.find_tree(builder.write().unwrap()).unwrap();
        }
        let id = repo
            .commit(
                Some("HEAD"),
                &signature,
                &signature,
                "together",
                &tree,
                &[&parent],
            )
            .unwrap();
        parent = repo.find_commit(id).unwrap();
    }
    for (path, text) in together.iter().zip(&texts) {
        std::fs::write(root.join(path), text).unwrap();
    }
    let mut index = repo.index().unwrap();
    index.read_tree(&parent.tree().unwrap()).unwrap();
    index.write().unwrap();
}

#[test]
fn a_headless_message_map_has_the_history_of_the_files_the_message_is_about() {
    // invoice.py and banner.py share no word and no identifier: only their
    // history (commits changing both) ties the banner to a message about
    // invoices. Forty other files compete for a small map. The headless run
    // waits for the history before its one map (a session's first map may not).
    let mut files: Vec<(String, String)> = vec![
        (
            "invoice.py".to_string(),
            "def compute_invoice_total(lines):\n    return sum(lines)\n".to_string(),
        ),
        (
            "zz_banner.py".to_string(),
            "def render_banner(title):\n    return title.upper()\n".to_string(),
        ),
    ];
    for index in 0..40 {
        files.push((
            format!("filler_{index:02}.py"),
            format!("def filler_function_{index}(value):\n    return value\n"),
        ));
    }
    let borrowed: Vec<(&str, &str)> = files
        .iter()
        .map(|(path, text)| (path.as_str(), text.as_str()))
        .collect();
    let repo = TestRepo::new(&borrowed);
    commit_together(&repo.root(), &["invoice.py", "zz_banner.py"], 200);
    let home = tempfile::tempdir().unwrap();
    let mock = MockLlm::start_in_thread();
    mock.push(Reply::text(["The total adds the lines."]));
    let output = run_on_mock(
        &repo.root(),
        home.path(),
        &mock.openai_base(),
        &[
            "--yes",
            "--map-tokens",
            "24",
            "--message",
            "why is the invoice total off by one?",
        ],
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let body = mock.requests()[0].body.to_string();
    assert!(body.contains("invoice.py"), "{body}");
    assert!(
        body.contains("zz_banner.py"),
        "the co-change partner is missing: the map was made before the history was read\n{body}"
    );
}
