//! Issue #16.12: no sequence of tool runs on a hostile repository writes outside it;
//! issue #22: nor does a byte from outside it reach the model.
//!
//! Each case builds a repository holding symlinks (out of the repository, to its own
//! `.git`, loops, its `.gitignore` and optionally `.aider-tui/` pointing outside),
//! a FIFO and crafted names (control characters, unicode look-alikes), and a planted
//! session file (committed or only on disk) naming the links out as chat, read-only and
//! image files, next to an `outside/` folder whose files hold a marker. Then it runs a
//! generated sequence of `aider-tui apply` (generated replies in several formats,
//! naming `..`, absolute, `.git/…`, linked and crafted paths), `aider-tui map`, and
//! headless `--message` turns (naming the links on the command line, or resuming the
//! planted session) against the loopback mock replying with such edits. Every run has
//! a deadline (a hang fails the case), `apply` exits 0, 1 or 2; after every run no
//! request the mock received holds the outside marker or an image; and afterwards
//! everything beside the repository and the repository's `.git` (but for what git
//! itself keeps: objects, refs, logs, index, the exclude file's `.aider-tui/` line) is
//! byte for byte what it was.

use crate::support::engine as engine_support;
use crate::support::mock_llm;

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use engine_support::{SECRET_KEY, TestRepo};
use mock_llm::{MockLlm, Reply};
use proptest::prelude::*;

/// The longest any one run may take (a debug build on two shared cores).
const DEADLINE: Duration = Duration::from_secs(60);

const MAIN: &str = "def main():\n    return 1\n";

/// What every outside file holds: no request to the model may carry it.
const OUTSIDE_MARKER: &str = "outside-bytes-3e8a17c2";

/// The planted session's id.
const PLANTED_ID: &str = "20260101-000000-beef";

/// Paths a reply may name: inside, escaping, into `.git`, through links, crafted.
const PATHS: &[&str] = &[
    "src/main.py",
    "new/deep/file.py",
    "../outside/victim.txt",
    "src/../../outside/victim.txt",
    "/tmp/aider-tui-absolute-escape.txt",
    ".git/config",
    ".git/hooks/pre-commit",
    "./.git/info/exclude",
    ".GIT/config",
    "gitlink/config",
    "link_out/victim.txt",
    "link_out/created.txt",
    "victim_link",
    ".gitignore",
    "loop_a/x.py",
    "pipe.py",
    "ｓrc/main.py",
    "src\u{2215}..\u{2215}..\u{2215}outside\u{2215}victim.txt",
    "name\u{1b}]0;title\u{7}.py",
    "ctl\u{1b}[2J.py",
    ".aider-tui/history",
    ".aider.conf.yml",
    ".env",
    "src\\..\\..\\outside\\victim.txt",
];

/// One edit of a generated reply.
#[derive(Debug, Clone)]
struct Edit {
    path: &'static str,
    search_existing: bool,
    replace: String,
}

/// One tool run.
#[derive(Debug, Clone)]
enum Run {
    Apply {
        format: &'static str,
        edits: Vec<Edit>,
    },
    Map,
    Message {
        edits: Vec<Edit>,
    },
    /// `--resume` of the planted session, then a message.
    Resume {
        edits: Vec<Edit>,
    },
}

fn edit() -> impl Strategy<Value = Edit> {
    (
        prop::sample::select(PATHS),
        any::<bool>(),
        "[a-z =()\n]{0,24}",
    )
        .prop_map(|(path, search_existing, replace)| Edit {
            path,
            search_existing,
            replace: format!("{replace}\n"),
        })
}

fn run() -> impl Strategy<Value = Run> {
    prop_oneof![
        4 => (
            prop::sample::select(&["diff", "whole", "udiff", "patch"][..]),
            prop::collection::vec(edit(), 1..4)
        )
            .prop_map(|(format, edits)| Run::Apply { format, edits }),
        1 => Just(Run::Map),
        1 => prop::collection::vec(edit(), 1..3).prop_map(|edits| Run::Message { edits }),
        1 => prop::collection::vec(edit(), 1..3).prop_map(|edits| Run::Resume { edits }),
    ]
}

/// The reply text of `edits` in `format`.
fn reply(format: &str, edits: &[Edit]) -> String {
    let mut text = String::from("Here you go.\n\n");
    for edit in edits {
        let search = if edit.search_existing {
            "    return 1\n"
        } else {
            ""
        };
        let path = edit.path;
        match format {
            "whole" => text.push_str(&format!("{path}\n```\n{}```\n", edit.replace)),
            "udiff" => {
                let removed: String = search.lines().map(|line| format!("-{line}\n")).collect();
                let added: String = edit
                    .replace
                    .lines()
                    .map(|line| format!("+{line}\n"))
                    .collect();
                text.push_str(&format!(
                    "```diff\n--- a/{path}\n+++ b/{path}\n@@ @@\n{removed}{added}```\n"
                ));
            }
            "patch" => {
                let added: String = edit
                    .replace
                    .lines()
                    .map(|line| format!("+{line}\n"))
                    .collect();
                if edit.search_existing {
                    text.push_str(&format!(
                        "*** Begin Patch\n*** Update File: {path}\n@@\n-    return 1\n{added}*** End Patch\n"
                    ));
                } else {
                    text.push_str(&format!(
                        "*** Begin Patch\n*** Add File: {path}\n{added}*** End Patch\n"
                    ));
                }
            }
            _ => text.push_str(&format!(
                "{path}\n```\n<<<<<<< SEARCH\n{search}=======\n{}>>>>>>> REPLACE\n```\n",
                edit.replace
            )),
        }
    }
    text
}

/// A hostile repository beside an `outside/` folder, both in one temporary folder.
struct Hostile {
    parent: tempfile::TempDir,
    home: tempfile::TempDir,
    repo: TestRepo,
}

impl Hostile {
    fn new(state_link: bool, commit_session: bool) -> Hostile {
        let parent = tempfile::tempdir().unwrap();
        let outside = parent.path().join("outside");
        fs::create_dir_all(outside.join("state")).unwrap();
        fs::write(
            outside.join("victim.txt"),
            format!("    return 1\n# {OUTSIDE_MARKER}\n"),
        )
        .unwrap();
        fs::write(outside.join("gitignore_victim"), "*.log\n").unwrap();
        fs::write(
            outside.join("secret.py"),
            format!("KEY = '{OUTSIDE_MARKER}'\n"),
        )
        .unwrap();
        let mut png =
            b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x02\0\0\0\x03\x08\x06\0\0\0\0\0\0\0".to_vec();
        png.extend_from_slice(OUTSIDE_MARKER.as_bytes());
        fs::write(outside.join("secret.png"), png).unwrap();
        let repo = TestRepo::new_in(parent.path(), &[("src/main.py", MAIN)]);
        let root = repo.root();
        let link = |target: &str, name: &str| {
            std::os::unix::fs::symlink(target, root.join(name)).unwrap();
        };
        link("../outside", "link_out");
        link("../outside/victim.txt", "victim_link");
        link("../outside/secret.py", "secret_link.py");
        link("../outside/secret.png", "secret_link.png");
        link(".git", "gitlink");
        link("loop_b", "loop_a");
        link("loop_a", "loop_b");
        fs::remove_file(root.join(".gitignore")).ok();
        link("../outside/gitignore_victim", ".gitignore");
        if state_link {
            link("../outside/state", ".aider-tui");
        }
        let made = Command::new("mkfifo")
            .arg(root.join("pipe.py"))
            .status()
            .unwrap();
        assert!(made.success());
        fs::create_dir_all(root.join("ｓrc")).unwrap();
        fs::write(root.join("ｓrc/main.py"), MAIN).unwrap();
        fs::write(root.join("odd\u{1b}[31m.py"), "def odd():\n    return 1\n").unwrap();
        // Written through `.aider-tui` when that links outside (then never committed).
        let sessions = root.join(".aider-tui/sessions");
        fs::create_dir_all(&sessions).unwrap();
        fs::write(
            sessions.join(format!("{PLANTED_ID}.json")),
            planted_session(&outside),
        )
        .unwrap();
        if !commit_session && !state_link {
            fs::write(root.join(".git/info/exclude"), ".aider-tui/\n").unwrap();
        }
        repo.commit_all("a hostile tree");
        Hostile {
            parent,
            home: tempfile::tempdir().unwrap(),
            repo,
        }
    }

    /// Everything in the parent folder but the repository's work tree, and the
    /// repository's `.git` but for what git keeps changing.
    fn snapshot(&self) -> BTreeMap<PathBuf, String> {
        let mut all = BTreeMap::new();
        let root = self.repo.root();
        record(self.parent.path(), self.parent.path(), &mut all, &|path| {
            path.starts_with(&root) && !path.starts_with(root.join(".git"))
        });
        let git = root.join(".git");
        all.retain(|path, _| {
            let Ok(inside) = self
                .parent
                .path()
                .join(path)
                .strip_prefix(&git)
                .map(Path::to_path_buf)
            else {
                return true;
            };
            let first = inside
                .components()
                .next()
                .map(|part| part.as_os_str().to_owned());
            let kept_by_git = [
                "objects",
                "refs",
                "logs",
                "index",
                "COMMIT_EDITMSG",
                "HEAD",
                "ORIG_HEAD",
                "test-tag-store",
            ];
            !first.is_some_and(|first| kept_by_git.iter().any(|name| first == *name))
                && inside != Path::new("info/exclude")
        });
        all
    }

    /// The exclude file, which may only gain the state folder's line.
    fn exclude(&self) -> String {
        fs::read_to_string(self.repo.root().join(".git/info/exclude")).unwrap_or_default()
    }
}

/// A session file naming every way out: links to outside files and folders as chat,
/// read-only and image files, `..`, an absolute path and `.git/`.
fn planted_session(outside: &Path) -> String {
    let absolute = outside.join("secret.py").to_string_lossy().into_owned();
    let session = serde_json::json!({
        "version": 1,
        "id": PLANTED_ID,
        "started": 1767225600,
        "last_active": 4102444800i64,
        "mode": "code",
        "models": {"main": null, "weak": null, "editor": null},
        "edit_format": "diff",
        "editor_edit_format": "editor-diff",
        "cost": 0.0,
        "tokens": {"sent": 0, "received": 0, "cache_read": 0, "cache_write": 0},
        "chat_files": [
            "src/main.py", "secret_link.py", "link_out/secret.py", "secret_link.png",
            "link_out/secret.png", "../outside/secret.py", absolute, ".git/config", "pipe.py"
        ],
        "read_only_files": [
            "victim_link", "link_out/victim.txt", "../outside/victim.txt", absolute,
            "gitlink/config"
        ],
        "conversation": {
            "messages": [
                {"role": "user", "text": "planted question"},
                {"role": "assistant", "text": "planted answer"}
            ],
            "turns": [{"text": "planted question", "at": 1767225600, "epoch": 0, "start": 0}]
        }
    });
    serde_json::to_string_pretty(&session).unwrap()
}

/// Fails when a request the mock received carries a byte from outside: the marker, or
/// an image (the repository has none of its own).
fn nothing_from_outside(after: &Run) -> Result<(), TestCaseError> {
    for request in mock().requests() {
        let body = request.body.to_string();
        prop_assert!(
            !body.contains(OUTSIDE_MARKER) && !body.contains("image_url"),
            "after {after:?} a request carried an outside file: {body}"
        );
    }
    Ok(())
}

/// Records every entry under `dir` (a symlink as its target, a FIFO as its kind, a
/// file as its bytes), never following links and never opening a FIFO.
fn record(
    base: &Path,
    dir: &Path,
    all: &mut BTreeMap<PathBuf, String>,
    skip: &dyn Fn(&Path) -> bool,
) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let relative = path.strip_prefix(base).unwrap().to_path_buf();
        let metadata = fs::symlink_metadata(&path).unwrap();
        if metadata.is_symlink() {
            if skip(&path) {
                continue;
            }
            let target = fs::read_link(&path).unwrap();
            all.insert(relative, format!("-> {}", target.display()));
        } else if metadata.is_dir() {
            if !skip(&path) {
                all.insert(relative, "<dir>".to_string());
            }
            record(base, &path, all, skip);
        } else if skip(&path) {
            continue;
        } else if metadata.is_file() {
            all.insert(relative, digest(&fs::read(&path).unwrap()));
        } else {
            all.insert(relative, "<special>".to_string());
        }
    }
}

/// A file's bytes as a short comparable text.
fn digest(bytes: &[u8]) -> String {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    bytes.hash(&mut hasher);
    format!("{} bytes, {:016x}", bytes.len(), hasher.finish())
}

/// Runs the binary in `root` with `home` as the home folder; a run past the deadline
/// is killed and fails the case.
fn binary(root: &Path, home: &Path, args: &[&str]) -> Result<Output, TestCaseError> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_aider-tui"))
        .args(args)
        .current_dir(root)
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("HOME", home)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > DEADLINE {
            child.kill().unwrap();
            let output = child.wait_with_output().unwrap();
            return Err(TestCaseError::fail(format!(
                "{args:?} hung; stderr: {}",
                String::from_utf8_lossy(&output.stderr)
            )));
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    Ok(child.wait_with_output().unwrap())
}

fn mock() -> &'static MockLlm {
    static MOCK: OnceLock<MockLlm> = OnceLock::new();
    MOCK.get_or_init(MockLlm::start_in_thread)
}

fn execute(hostile: &Hostile, run: &Run) -> Result<(), TestCaseError> {
    let root = hostile.repo.root();
    let home = hostile.home.path();
    let root_text = root.to_str().unwrap();
    match run {
        Run::Apply { format, edits } => {
            let reply_path = home.join("reply.md");
            fs::write(&reply_path, reply(format, edits)).unwrap();
            let output = binary(
                &root,
                home,
                &[
                    "apply",
                    "--root",
                    root_text,
                    "--format",
                    format,
                    "--file",
                    "src/main.py",
                    reply_path.to_str().unwrap(),
                ],
            )?;
            let code = output.status.code();
            prop_assert!(
                matches!(code, Some(0..=2)),
                "apply exited {code:?}: {}",
                String::from_utf8_lossy(&output.stderr)
            );
            prop_assert!(
                !output.stdout.contains(&0x1b),
                "an escape reached the terminal"
            );
        }
        Run::Map => {
            let output = binary(&root, home, &["map", "--root", root_text])?;
            prop_assert!(
                !output.stdout.contains(&0x1b),
                "an escape reached the terminal"
            );
        }
        Run::Message { edits } | Run::Resume { edits } => {
            mock().fallback(Reply::text([reply("diff", edits)]));
            let base = mock().openai_base();
            let named: &[&str] = match run {
                Run::Resume { .. } => &["--resume", PLANTED_ID],
                _ => &[
                    "src/main.py",
                    "victim_link",
                    "secret_link.py",
                    "secret_link.png",
                    "link_out/secret.py",
                    "--read",
                    "link_out/victim.txt",
                ],
            };
            let output = binary(
                &root,
                home,
                &[
                    named,
                    &[
                        "--yes",
                        "--max-reflections",
                        "0",
                        "--message",
                        "Go",
                        "--model",
                        "openai/gpt-4o",
                        "--api-base",
                        &base,
                        "--api-key",
                        SECRET_KEY,
                    ],
                ]
                .concat(),
            )?;
            prop_assert!(
                !output.stdout.contains(&0x1b),
                "an escape reached the terminal"
            );
        }
    }
    nothing_from_outside(run)
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 24,
        // Every case runs real processes: shrinking would repeat them many times.
        max_shrink_iters: 8,
        ..ProptestConfig::default()
    })]

    #[test]
    fn no_sequence_of_runs_writes_outside_the_repository_or_sends_from_it(
        state_link in any::<bool>(),
        commit_session in any::<bool>(),
        runs in prop::collection::vec(run(), 1..4),
    ) {
        let hostile = Hostile::new(state_link, commit_session);
        let before = hostile.snapshot();
        let exclude_before = hostile.exclude();
        for run in &runs {
            execute(&hostile, run)?;
        }
        let after = hostile.snapshot();
        prop_assert_eq!(&before, &after, "something outside the repository changed");
        let exclude_after = hostile.exclude();
        let gained = exclude_after.strip_prefix(exclude_before.as_str()).unwrap_or("<rewritten>");
        prop_assert!(
            gained.trim().is_empty() || gained.trim() == ".aider-tui/",
            "the exclude file gained {gained:?}"
        );
        prop_assert!(!Path::new("/tmp/aider-tui-absolute-escape.txt").exists());
    }
}
