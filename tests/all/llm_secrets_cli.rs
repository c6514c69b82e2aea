//! No key leaks, end to end: the built binary runs headless (`--message`) in a temporary
//! git repository, against the loopback mock and against a closed port, with the key
//! given in each place a key can be given; then stdout, stderr, every file under the
//! repository (git objects decompressed) and under the temporary home and XDG folders
//! are searched for the key's text. Logging is at `trace`, so third-party logs count too.

use crate::support::engine as engine_support;
use crate::support::mock_llm;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use engine_support::{COMMIT_REQUEST_MARK, TestRepo, block};
use mock_llm::{MockLlm, Reply};

const HELLO: &str = "def greet():\n    return \"hello\"\n";

/// The key of these tests: unlike any other text the program could print.
const KEY: &str = "sk-leakcheck-4b1d9e7a0c5f23";

/// Where a run's key is given: extra flags, environment variables and files.
#[derive(Default)]
struct Placement {
    args: Vec<String>,
    env: Vec<(String, String)>,
    /// Files written into the repository before the run (they hold the key on purpose
    /// and are not searched).
    files: Vec<(String, String)>,
}

/// A server to talk to: the mock, or a port where nothing listens.
struct Target {
    host: String,
}

impl Target {
    fn openai_base(&self) -> String {
        format!("http://{}/v1", self.host)
    }

    fn anthropic_base(&self) -> String {
        format!("http://{}", self.host)
    }
}

fn closed_port() -> Target {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let host = listener.local_addr().unwrap().to_string();
    drop(listener);
    Target { host }
}

fn mock() -> (MockLlm, Target) {
    let mock = MockLlm::start_in_thread();
    mock.rule(COMMIT_REQUEST_MARK, Reply::text(["feat: wave"]));
    mock.fallback(Reply::text([
        "Changing the greeting.\n\n".to_string(),
        block(
            "hello.py",
            "    return \"hello\"\n",
            "    return \"wave\"\n",
        ),
    ]));
    let host = format!("127.0.0.1:{}", mock.port());
    (mock, Target { host })
}

/// Every file under `dir`, recursively.
fn walk(dir: &Path) -> Vec<PathBuf> {
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

/// Where the key was found: files by path, git objects by id.
fn leaks_in(root: &Path, skip: &[PathBuf]) -> Vec<String> {
    let mut found = Vec::new();
    for path in walk(root) {
        if skip.contains(&path) {
            continue;
        }
        let bytes = std::fs::read(&path).unwrap_or_default();
        if String::from_utf8_lossy(&bytes).contains(KEY) {
            found.push(path.display().to_string());
        }
    }
    if let Ok(repo) = git2::Repository::open(root) {
        let odb = repo.odb().unwrap();
        let mut ids = Vec::new();
        odb.foreach(|id| {
            ids.push(*id);
            true
        })
        .unwrap();
        for id in ids {
            let object = odb.read(id).unwrap();
            if String::from_utf8_lossy(object.data()).contains(KEY) {
                found.push(format!("git object {id}"));
            }
        }
    }
    found
}

/// Runs one turn with `message` and asserts the key is nowhere; returns the output.
fn run_and_search(placement: &Placement, message: &str, extra: &[&str]) -> Output {
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let root = repo.root();
    let home = tempfile::tempdir().unwrap();
    let home_path = home.path().canonicalize().unwrap();
    let xdg = [
        ("XDG_CONFIG_HOME", ".config"),
        ("XDG_DATA_HOME", ".local/share"),
        ("XDG_CACHE_HOME", ".cache"),
        ("XDG_STATE_HOME", ".local/state"),
    ];
    for (_, folder) in xdg {
        std::fs::create_dir_all(home_path.join(folder)).unwrap();
    }
    let mut skip = Vec::new();
    for (name, text) in &placement.files {
        std::fs::write(root.join(name), text).unwrap();
        skip.push(root.join(name));
    }
    let base_command = || {
        let mut command = Command::new(env!("CARGO_BIN_EXE_aider-tui"));
        command
            .current_dir(&root)
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .env("HOME", &home_path)
            .env("AIDER_TUI_LOG", "trace");
        for (name, folder) in xdg {
            command.env(name, home_path.join(folder));
        }
        for (name, value) in &placement.env {
            command.env(name, value);
        }
        command
    };
    let output = base_command()
        .args(["hello.py", "--yes", "--message", message])
        .args(extra)
        .args(&placement.args)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let context = format!("message {message:?}\nstdout:\n{stdout}\nstderr:\n{stderr}");
    assert!(!stdout.contains(KEY), "the key is on stdout; {context}");
    assert!(!stderr.contains(KEY), "the key is on stderr; {context}");
    // The tool commands in the same repository, with the same environment and files
    // (the reply for `apply` names the files that hold the key, so their refusal or
    // edit is printed), then `sessions`, which lists what the turn saved.
    let reply = root.join(".git").join("reply.md");
    let named: String = placement
        .files
        .iter()
        .map(|(name, _)| block(name, "nothing here\n", "changed\n"))
        .collect();
    std::fs::write(
        &reply,
        format!("{named}{}", block("hello.py", "absent\n", "x\n")),
    )
    .unwrap();
    let root_text = root.to_str().unwrap();
    let tools: [Vec<&str>; 4] = [
        vec![
            "apply",
            "--root",
            root_text,
            "--format",
            "diff",
            "--file",
            "hello.py",
            reply.to_str().unwrap(),
        ],
        vec!["map", "--root", root_text, "--stats"],
        vec!["sessions", "--root", root_text],
        vec!["sessions", "--json", "--root", root_text],
    ];
    for args in tools {
        let tool = base_command().args(&args).output().unwrap();
        let shown = format!(
            "{}{}",
            String::from_utf8_lossy(&tool.stdout),
            String::from_utf8_lossy(&tool.stderr)
        );
        assert!(
            !shown.contains(KEY),
            "the key is in the output of {args:?}: {shown}"
        );
    }
    std::fs::remove_file(&reply).unwrap();
    let mut leaks = leaks_in(&root, &skip);
    leaks.extend(leaks_in(&home_path, &[]));
    assert!(
        leaks.is_empty(),
        "the key was written to {leaks:?}; {context}"
    );
    assert!(
        root.join(".aider-tui/aider-tui.log").is_file(),
        "the run logged nothing; {context}"
    );
    output
}

/// Runs `place` against the mock (a turn that edits and commits, then `/settings`) and
/// against a closed port (the connection error path, as JSON events).
fn never_leaks(place: impl Fn(&Target) -> Placement) {
    let (_mock, served) = mock();
    let output = run_and_search(&place(&served), "Make it wave", &[]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success() && stdout.contains("Applied edit to hello.py"),
        "the mock run should succeed: {stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let output = run_and_search(&place(&served), "/settings", &[]);
    assert!(output.status.success());
    let unreachable = closed_port();
    let output = run_and_search(&place(&unreachable), "Make it wave", &["--json"]);
    let shown = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(!output.status.success(), "{shown}");
    assert!(shown.contains("cannot reach"), "{shown}");
    assert!(
        shown.contains(&unreachable.host),
        "the error names the server: {shown}"
    );
}

fn openai_model(base: String) -> Vec<String> {
    vec![
        "--model".into(),
        "openai/gpt-4o".into(),
        "--api-base".into(),
        base,
    ]
}

#[test]
fn a_key_given_with_the_api_key_flag() {
    never_leaks(|target| Placement {
        args: [
            openai_model(target.openai_base()),
            vec!["--api-key".into(), KEY.into()],
        ]
        .concat(),
        ..Placement::default()
    });
}

#[test]
fn a_key_in_the_environment() {
    never_leaks(|target| Placement {
        args: openai_model(target.openai_base()),
        env: vec![("OPENAI_API_KEY".into(), KEY.into())],
        ..Placement::default()
    });
}

#[test]
fn a_key_in_a_dotenv_file() {
    never_leaks(|target| Placement {
        args: openai_model(target.openai_base()),
        files: vec![(".env".into(), format!("OPENAI_API_KEY={KEY}\n"))],
        ..Placement::default()
    });
}

#[test]
fn a_key_in_the_repository_config_file() {
    never_leaks(|target| Placement {
        args: openai_model(target.openai_base()),
        files: vec![(".aider.conf.yml".into(), format!("openai-api-key: {KEY}\n"))],
        ..Placement::default()
    });
}

#[test]
fn a_key_in_the_query_of_the_api_base_flag() {
    never_leaks(|target| Placement {
        args: openai_model(format!("{}?api-key={KEY}", target.openai_base())),
        ..Placement::default()
    });
}

#[test]
fn a_key_in_the_userinfo_of_the_api_base_flag() {
    never_leaks(|target| Placement {
        args: openai_model(format!("http://user:{KEY}@{}/v1", target.host)),
        ..Placement::default()
    });
}

#[test]
fn a_key_in_the_query_or_userinfo_of_openai_api_base() {
    never_leaks(|target| Placement {
        args: vec!["--model".into(), "openai/gpt-4o".into()],
        env: vec![(
            "OPENAI_API_BASE".into(),
            format!("{}?api-key={KEY}", target.openai_base()),
        )],
        ..Placement::default()
    });
    never_leaks(|target| Placement {
        args: vec!["--model".into(), "openai/gpt-4o".into()],
        env: vec![(
            "OPENAI_API_BASE".into(),
            format!("http://{KEY}@{}/v1", target.host),
        )],
        ..Placement::default()
    });
}

#[test]
fn a_key_in_the_config_files_api_base() {
    never_leaks(|target| Placement {
        args: vec!["--model".into(), "openai/gpt-4o".into()],
        files: vec![(
            ".aider.conf.yml".into(),
            format!("openai-api-base: {}?token={KEY}\n", target.openai_base()),
        )],
        ..Placement::default()
    });
}

#[test]
fn an_anthropic_key_in_the_environment() {
    never_leaks(|target| Placement {
        args: vec![
            "--model".into(),
            "sonnet".into(),
            "--api-base".into(),
            target.anthropic_base(),
        ],
        env: vec![("ANTHROPIC_API_KEY".into(), KEY.into())],
        ..Placement::default()
    });
}

#[test]
fn a_key_on_a_headless_key_line_is_refused_and_never_echoed() {
    let (_mock, served) = mock();
    let placement = Placement {
        args: openai_model(served.openai_base()),
        ..Placement::default()
    };
    for extra in [&[][..], &["--json"][..]] {
        let output = run_and_search(&placement, &format!("/key openai {KEY}"), extra);
        let shown = format!(
            "{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        assert!(!output.status.success(), "{shown}");
        assert!(
            shown.contains("full-screen session") && shown.contains("--api-key openai=KEY"),
            "says how to give the key instead: {shown}"
        );
    }
}

#[test]
fn a_mistyped_key_line_is_never_written_or_sent() {
    let (mock, served) = mock();
    let placement = Placement {
        args: openai_model(served.openai_base()),
        ..Placement::default()
    };
    for message in [
        format!("/KEY openai {KEY}"),
        format!("/kye openai {KEY}"),
        format!("/Kye {KEY}"),
    ] {
        for extra in [&[][..], &["--json"][..]] {
            let output = run_and_search(&placement, &message, extra);
            let shown = String::from_utf8_lossy(&output.stdout).to_string()
                + &String::from_utf8_lossy(&output.stderr);
            assert!(!output.status.success(), "{shown}");
            assert!(shown.contains("did you mean /key?"), "{shown}");
        }
    }
    // A key line pasted inside a message: the message goes, its key does not.
    let output = run_and_search(
        &placement,
        &format!("Make it wave\n/kye openai {KEY}\nplease"),
        &[],
    );
    assert!(output.status.success());
    let requests = mock.requests();
    assert!(requests.iter().any(|request| {
        let body = String::from_utf8_lossy(&request.raw);
        body.contains("Make it wave") && body.contains("/kye openai [key hidden]")
    }));
    for request in requests {
        assert!(!String::from_utf8_lossy(&request.raw).contains(KEY));
    }
}
