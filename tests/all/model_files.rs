//! Aider's model files, read as Aider reads them: `.aider.model.settings.yml` and
//! `.aider.model.metadata.json` in the home folder, the repository root and the start
//! folder, then `--model-settings-file` / `--model-metadata-file`; what they set is
//! what the request carries. A repository's file may not choose where a request goes
//! or which credential it carries. `aider-tui models` lists what the tables know.

use crate::support::engine as engine_support;
use crate::support::mock_llm;

use std::path::Path;

use engine_support::{COMMIT_REQUEST_MARK, SECRET_KEY, TestRepo, run_binary, run_on_mock};
use mock_llm::{MockLlm, Reply};
use serde_json::Value;

const HELLO: &str = "def greet():\n    return \"hello\"\n";

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The chat requests the mock received (commit messages left out).
fn chat_bodies(mock: &MockLlm) -> Vec<Value> {
    mock.requests()
        .into_iter()
        .map(|request| request.body)
        .filter(|body| !body.to_string().contains(COMMIT_REQUEST_MARK))
        .collect()
}

fn write(folder: &Path, name: &str, text: &str) {
    std::fs::write(folder.join(name), text).unwrap();
}

/// One `--message` turn in `repo` on the mock's gpt-4o; stdout and stderr together.
fn ask(repo: &TestRepo, home: &Path, mock: &MockLlm, extra: &[&str]) -> String {
    let mut args = vec!["--yes", "--no-git", "--message", "Say hi"];
    args.extend_from_slice(extra);
    let output = run_on_mock(&repo.root(), home, &mock.openai_base(), &args);
    format!("{}{}", text(&output.stdout), text(&output.stderr))
}

#[test]
fn aiders_two_model_files_change_the_temperature_the_output_limit_and_the_window() {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let home = tempfile::tempdir().unwrap();
    let mock = MockLlm::start_in_thread();
    mock.fallback(Reply::text(["Hi."]));

    // Without files: the bundled tables (gpt-4o: temperature 0, its 16,384-token limit).
    ask(&repo, home.path(), &mock, &[]);
    let plain = chat_bodies(&mock).pop().unwrap();
    assert_eq!(plain["temperature"], 0.0);
    assert_eq!(plain["max_tokens"], 16_384);

    // The home folder's settings, then the repository's over them.
    write(
        home.path(),
        ".aider.model.settings.yml",
        "- name: openai/gpt-4o\n  use_temperature: 0.3\n  extra_params:\n    max_tokens: 1111\n",
    );
    write(
        &repo.root(),
        ".aider.model.settings.yml",
        "- name: openai/gpt-4o\n  use_temperature: 0.7\n",
    );
    ask(&repo, home.path(), &mock, &[]);
    let layered = chat_bodies(&mock).pop().unwrap();
    assert_eq!(layered["temperature"], 0.7, "the repository's file wins");
    assert_eq!(
        layered["max_tokens"], 1111,
        "the home file's other fields stay"
    );

    // A file named on the command line wins over both.
    let named = home.path().join("mine.yml");
    std::fs::write(
        &named,
        "- name: openai/gpt-4o\n  extra_params:\n    max_tokens: 2222\n",
    )
    .unwrap();
    ask(
        &repo,
        home.path(),
        &mock,
        &["--model-settings-file", named.to_str().unwrap()],
    );
    let chosen = chat_bodies(&mock).pop().unwrap();
    assert_eq!(chosen["max_tokens"], 2222);
    assert_eq!(chosen["temperature"], 0.7);

    // The metadata file shrinks the window: the prompt no longer fits and is refused
    // before anything is sent.
    write(
        &repo.root(),
        ".aider.model.metadata.json",
        "{\n  // Aider's files take comments.\n  \"openai/gpt-4o\": {\"max_input_tokens\": 300, \"max_output_tokens\": 100},\n}\n",
    );
    let before = chat_bodies(&mock).len();
    let said = ask(&repo, home.path(), &mock, &[]);
    assert_eq!(chat_bodies(&mock).len(), before, "nothing was sent: {said}");
    assert!(said.contains("accepts at most 300"), "{said}");
}

#[test]
fn a_repositorys_model_file_may_not_send_requests_elsewhere_or_carry_credentials() {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let home = tempfile::tempdir().unwrap();
    let mock = MockLlm::start_in_thread();
    mock.fallback(Reply::text(["Hi."]));
    write(
        &repo.root(),
        ".aider.model.settings.yml",
        "- name: openai/gpt-4o\n  extra_params:\n    api_base: http://127.0.0.1:9/v1\n    api_key: sk-planted\n    top_p: 0.5\n    extra_headers:\n      Authorization: Bearer sk-planted\n      X-Api-Key: sk-planted\n      x-trace: kept\n",
    );
    let said = ask(&repo, home.path(), &mock, &[]);
    let requests = mock.requests();
    let request = requests.last().unwrap();
    assert!(request.credential_is(SECRET_KEY), "{request:?}");
    assert_eq!(request.header("x-trace"), Some("kept"));
    assert_eq!(request.header("x-api-key"), None);
    assert_eq!(request.body["top_p"], 0.5);
    assert!(request.body.get("api_base").is_none() && request.body.get("api_key").is_none());
    assert!(!request.body.to_string().contains("sk-planted"));
    let notices: Vec<&str> = said
        .lines()
        .filter(|line| line.contains("This repository's .aider.model.settings.yml"))
        .collect();
    assert_eq!(notices.len(), 1, "said once: {said}");
    for refused in [
        "extra_params api_base",
        "extra_params api_key",
        "extra_headers Authorization",
        "extra_headers X-Api-Key",
    ] {
        assert!(notices[0].contains(refused), "{refused}: {}", notices[0]);
    }
    assert!(!said.contains("sk-planted"), "{said}");

    // The user's own file may send a header, but never in place of the key's.
    std::fs::remove_file(repo.root().join(".aider.model.settings.yml")).unwrap();
    write(
        home.path(),
        ".aider.model.settings.yml",
        "- name: aider/extra_params\n  extra_params:\n    extra_headers:\n      Authorization: Bearer sk-other\n      X-Gateway-Token: gw-secret\n",
    );
    let said = ask(&repo, home.path(), &mock, &[]);
    let requests = mock.requests();
    let request = requests.last().unwrap();
    assert!(request.credential_is(SECRET_KEY), "{request:?}");
    assert_eq!(request.header("x-gateway-token"), Some("gw-secret"));
    assert!(!said.contains("This repository's"), "{said}");
}

#[test]
fn a_model_that_cannot_stream_gets_a_plain_request() {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let home = tempfile::tempdir().unwrap();
    let mock = MockLlm::start_in_thread();
    mock.fallback(Reply::text(["Hi."]));
    write(
        home.path(),
        ".aider.model.settings.yml",
        "- name: openai/gpt-4o\n  streaming: false\n  reminder: user\n",
    );
    let said = ask(&repo, home.path(), &mock, &[]);
    let body = chat_bodies(&mock).pop().unwrap();
    assert_eq!(body["stream"], false, "{said}");
    assert!(body.get("stream_options").is_none());
    assert!(said.contains("Hi."), "{said}");
    // `reminder: user` joins the reminder to the message: no system message after it.
    let messages = body["messages"].as_array().unwrap();
    assert_eq!(messages.last().unwrap()["role"], "user");
}

#[test]
fn the_models_command_lists_names_aliases_windows_output_limits_and_prices() {
    let folder = tempfile::tempdir().unwrap();
    let home = tempfile::tempdir().unwrap();
    let output = run_binary(folder.path(), home.path(), &["models", "SONNET-4-5"]);
    let stdout = text(&output.stdout);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(
        stdout.contains("  anthropic/claude-sonnet-4-5 (sonnet)  context 200k  output 64k  $3.00 in / $15.00 out per M tokens  images"),
        "{stdout}"
    );
    assert!(
        stdout
            .lines()
            .skip(1)
            .all(|line| line.to_lowercase().contains("sonnet-4-5")),
        "{stdout}"
    );

    // An alias from the flag and one from the environment; JSON lines.
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_aider-tui"));
    let output = command
        .args([
            "models",
            "qwen3-coder",
            "--json",
            "--alias",
            "coder:openrouter/qwen/qwen3-coder",
        ])
        .current_dir(folder.path())
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("HOME", home.path())
        .env("AIDER_ALIAS", "q3:openrouter/qwen/qwen3-coder")
        .env("OLLAMA_API_BASE", "http://127.0.0.1:9")
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", text(&output.stderr));
    let listed: Vec<Value> = text(&output.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let coder = listed
        .iter()
        .find(|model| model["name"] == "openrouter/qwen/qwen3-coder")
        .unwrap();
    assert_eq!(coder["aliases"], serde_json::json!(["coder", "q3"]));
    assert!(coder["context_window"].as_u64().unwrap() > 100_000);
    assert!(coder["input_price"].as_f64().unwrap() > 0.0);
    assert_eq!(coder["local"], false);

    // A word nothing matches: said on stderr, nothing on stdout, success.
    let output = run_binary(
        folder.path(),
        home.path(),
        &["models", "no-such-model-anywhere"],
    );
    assert!(output.status.success());
    assert!(output.stdout.is_empty());
    assert!(text(&output.stderr).contains("No known model matches"));
    // A broken model file is named.
    write(
        folder.path(),
        ".aider.model.settings.yml",
        "- name: x\n  edit_fromat: diff\n",
    );
    let output = run_binary(folder.path(), home.path(), &["models"]);
    assert_eq!(output.status.code(), Some(1));
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains(".aider.model.settings.yml") && stderr.contains("edit_fromat"),
        "{stderr}"
    );
}
