//! End to end: the real binary's full-screen session in tmux (160×48) against the
//! loopback mock LLM, driven with send-keys and read with capture-pane. Type a
//! request, watch the reply stream, see the diff, accept one block and reject
//! another, see the commit in the log, undo it; files and `git log` are checked
//! after each step. A second session rewinds two turns with `r` on a message selected
//! in the chat pane, and redoes them; a third runs watch mode from `--watch-files` to
//! `/watch` off; a fourth runs the review loop through a failed block (accept, edit in
//! place, the failure sent back by itself, the fix reviewed and committed); a fifth
//! opens a cold 20,000-file repository; a sixth edits an architect's plan before the
//! editor model gets it; two more go out to `$VISUAL` (a script) from the review and the
//! message box and come back, also when the editor fails or is interrupted; another shows
//! the review's warning of a block that breaks its file's syntax. Skipped, with a note,
//! when tmux is not installed.

use crate::support::engine as engine_support;
use crate::support::mock_llm;

use std::path::Path;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use engine_support::{COMMIT_REQUEST_MARK, SECRET_KEY, TestRepo, block};
use mock_llm::{MockLlm, Reply};

const HELLO: &str = "def greet():\n    return \"hello\"\n";
const OTHER: &str = "def part():\n    return \"other\"\n";
/// The longest any one step may take before the test gives up.
const STEP_LIMIT: Duration = Duration::from_secs(30);

/// Returns from the test, with the visible note (a failure under `CI`), when tmux
/// is not installed.
macro_rules! require_tmux {
    () => {
        if !Tmux::available() {
            crate::support::skip_because_absent("tmux");
            return;
        }
    };
}

/// Asserts that `happened` stays false for `window`, polling: for a thing that must
/// *not* happen (a stopped watcher firing), where no event can say it never will. The
/// window is a multiple of the production timing it guards (a debounce), and the
/// poll fails as soon as the thing happens instead of sleeping through the window.
fn assert_stays_false(what: &str, window: std::time::Duration, happened: impl Fn() -> bool) {
    let until = std::time::Instant::now() + window;
    while std::time::Instant::now() < until {
        assert!(!happened(), "{what}");
        std::thread::sleep(std::time::Duration::from_millis(25));
    }
    assert!(!happened(), "{what}");
}

/// One tmux server of our own (its own socket), killed when dropped.
struct Tmux {
    socket: String,
    session: String,
}

impl Tmux {
    fn available() -> bool {
        Command::new("tmux")
            .arg("-V")
            .output()
            .is_ok_and(|out| out.status.success())
    }

    fn start(command: &str, root: &Path) -> Tmux {
        // One server per test: the tests of this file run side by side.
        static STARTED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let number = STARTED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let socket = format!("aider-tui-e2e-{}-{number}", std::process::id());
        let tmux = Tmux {
            socket,
            session: "session".into(),
        };
        let out = tmux.run(&[
            "-f",
            "/dev/null",
            "new-session",
            "-d",
            "-x",
            "160",
            "-y",
            "48",
            "-s",
            &tmux.session,
            "-c",
            root.to_str().unwrap(),
            command,
        ]);
        assert!(
            out.status.success(),
            "tmux: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        tmux
    }

    fn run(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .unwrap()
    }

    fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", &self.session];
        args.extend_from_slice(keys);
        let out = self.run(&args);
        assert!(
            out.status.success(),
            "send-keys: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }

    fn text(&self, text: &str) {
        self.keys(&["-l", text]);
    }

    fn screen(&self) -> String {
        String::from_utf8_lossy(
            &self
                .run(&["capture-pane", "-p", "-t", &self.session])
                .stdout,
        )
        .into_owned()
    }

    /// Polls the screen until `check` holds (bounded by `STEP_LIMIT`).
    fn wait_for(&self, what: &str, check: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if check(&screen) {
                return screen;
            }
            assert!(
                start.elapsed() < STEP_LIMIT,
                "waited {STEP_LIMIT:?} for {what}; screen:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    fn wait_text(&self, needle: &str) -> String {
        self.wait_for(needle, |screen| screen.contains(needle))
    }

    /// Ctrl-C twice, as a user quits (once more first when a draft is left: the first
    /// press clears it); the session must end.
    fn quit(&self) {
        // Ctrl-C stops a running reply first, then clears a draft, then arms the quit
        // ("Ctrl-C again"): press until armed, then once more.
        let mut armed = false;
        for _ in 0..3 {
            // What the press changed: a notice already on screen before it is no answer.
            let stops = |s: &str| s.matches("interrupted").count();
            let before = self.screen();
            let new = |s: &str, text: &str| s.contains(text) && !before.contains(text);
            self.keys(&["C-c"]);
            let screen = self.wait_for("Ctrl-C to answer", |s| {
                s.contains("Ctrl-C again")
                    || new(s, "Message cleared")
                    || new(s, "Interrupting")
                    || stops(s) > stops(&before)
            });
            if screen.contains("Ctrl-C again") {
                armed = true;
                break;
            }
            if screen.contains("Interrupting") {
                self.wait_for("the interrupt to land", |s| !s.contains("Interrupting"));
            }
        }
        assert!(armed, "Ctrl-C never armed the quit:\n{}", self.screen());
        self.keys(&["C-c"]);
        let start = Instant::now();
        while self.alive() {
            assert!(
                start.elapsed() < STEP_LIMIT,
                "the session did not end:\n{}",
                self.screen()
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// A tmux format of the pane (`#{alternate_on}`, `#{mouse_any_flag}`), polled until
    /// it reads `want` (bounded by `STEP_LIMIT`).
    fn wait_format(&self, format: &str, want: &str) {
        let start = Instant::now();
        loop {
            let out = self.run(&["display-message", "-p", "-t", &self.session, format]);
            let got = String::from_utf8_lossy(&out.stdout).trim().to_string();
            if got == want {
                return;
            }
            assert!(
                start.elapsed() < STEP_LIMIT,
                "{format} is {got:?}, not {want:?}; screen:\n{}",
                self.screen()
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    fn alive(&self) -> bool {
        self.run(&["has-session", "-t", &self.session])
            .status
            .success()
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.run(&["kill-server"]);
    }
}

/// Waits until the repository's log has `count` commits.
fn wait_for_log(repo: &TestRepo, count: usize, tmux: &Tmux) -> Vec<String> {
    let start = Instant::now();
    loop {
        let log = repo.log();
        if log.len() == count {
            return log;
        }
        assert!(
            start.elapsed() < STEP_LIMIT,
            "expected {count} commits, have {log:?}; screen:\n{}",
            tmux.screen()
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn shell_quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', "'\\''"))
}

/// The shell command that runs the binary against the mock with a clean environment
/// (HOME a temporary folder) and `args` after the model options.
fn session_command(home: &Path, mock: &MockLlm, args: &str) -> String {
    session_command_with(home, mock, &[], args)
}

/// [`session_command`] with more environment variables (`NAME`, value).
fn session_command_with(home: &Path, mock: &MockLlm, vars: &[(&str, &str)], args: &str) -> String {
    let vars: String = vars
        .iter()
        .map(|(name, value)| format!("{name}={} ", shell_quote(value)))
        .collect();
    format!(
        "env -i {vars}PATH={} HOME={} TERM=xterm-256color {} --model openai/gpt-4o --api-base {} --api-key {} {args}",
        shell_quote(&std::env::var("PATH").unwrap_or_default()),
        shell_quote(home.to_str().unwrap()),
        shell_quote(env!("CARGO_BIN_EXE_aider-tui")),
        shell_quote(&mock.openai_base()),
        SECRET_KEY,
    )
}

#[test]
fn a_whole_session_in_tmux_review_commit_undo() {
    require_tmux!();
    let repo = TestRepo::new(&[("hello.py", HELLO), ("other.py", OTHER)]);
    let home = tempfile::tempdir().unwrap();
    let mock = MockLlm::start_in_thread();
    mock.rule(
        COMMIT_REQUEST_MARK,
        Reply::text(["feat: greet with a wave"]),
    );
    // Slow enough that the stream is seen arriving.
    mock.push(
        Reply::text([
            "Changing the greeting in two places.\n\n".to_string(),
            block(
                "hello.py",
                "    return \"hello\"\n",
                "    return \"wave\"\n",
            ),
            "\n".to_string(),
            block(
                "other.py",
                "    return \"other\"\n",
                "    return \"another\"\n",
            ),
        ])
        .chunk_delay(Duration::from_millis(400)),
    );
    let command = session_command(home.path(), &mock, "hello.py other.py --no-auto-lint");
    let tmux = Tmux::start(&command, &repo.root());

    // The session opens with both files in the chat and the first commit in the log.
    tmux.wait_for("the session to open", |s| {
        s.contains("Message")
            && s.contains("rw hello.py")
            && s.contains("initial commit")
            && s.contains("openai/gpt-4o")
    });
    assert_eq!(repo.log().len(), 1);

    // Ask; the reply streams in, and the diff shows before the review starts.
    tmux.text("make the greeting wave");
    tmux.keys(&["Enter"]);
    tmux.wait_for("the reply to start streaming", |s| {
        s.contains("Changing the greeting") && !s.contains("Review")
    });
    // The first block's live diff appears while the second is still on its way.
    tmux.wait_for("the live diff", |s| {
        s.contains("#1 hello.py") && !s.contains("Review") && s.contains("+    return \"wave\"")
    });
    // A capture can catch a frame half drawn: wait for the whole review.
    tmux.wait_for("the review with its diff", |s| {
        s.contains("Review")
            && s.contains("-    return \"hello\"")
            && s.contains("+    return \"wave\"")
    });
    assert_eq!(
        repo.read("hello.py"),
        HELLO,
        "nothing is applied before the review"
    );

    // Accept the first block, reject the second: the last decision ends the review and
    // the commit lands at once, with no question in between.
    tmux.keys(&["y"]);
    tmux.wait_for("the second block", |s| s.contains("2/2 other.py"));
    tmux.keys(&["n"]);

    // One commit with the accepted block only; it shows in the commit log.
    let log = wait_for_log(&repo, 2, &tmux);
    assert!(log[0].starts_with("feat: greet with a wave"), "{log:?}");
    tmux.wait_text("feat: greet with a wave");
    assert_eq!(repo.read("hello.py"), "def greet():\n    return \"wave\"\n");
    assert_eq!(repo.read("other.py"), OTHER);

    // Undo from the commit log, after a confirmation that names the commit.
    for _ in 0..4 {
        tmux.keys(&["Tab"]);
    }
    tmux.wait_for("the commit log to take the focus", |s| {
        s.contains("┏ Commits")
    });
    tmux.keys(&["u"]);
    tmux.wait_for("the undo question naming the commit", |s| {
        s.contains("Undo commit") && s.contains("feat: greet with a wave")
    });
    tmux.keys(&["y"]);
    let log = wait_for_log(&repo, 1, &tmux);
    assert_eq!(log[0].trim(), "initial commit");
    assert_eq!(repo.read("hello.py"), HELLO);
    assert_eq!(repo.read("other.py"), OTHER);

    // The chat went to the history file as it happened.
    let history = std::fs::read_to_string(repo.root().join(".aider-tui/chat-history.md")).unwrap();
    assert!(history.contains("#### make the greeting wave"), "{history}");
    assert!(
        history.contains("Changing the greeting in two places."),
        "{history}"
    );

    // Ctrl-C twice quits.
    tmux.quit();
    let requests = mock.requests();
    assert!(!requests.is_empty());
}

#[test]
fn the_review_warns_of_a_block_that_breaks_the_syntax_and_still_takes_a_yes() {
    require_tmux!();
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let home = tempfile::tempdir().unwrap();
    let mock = MockLlm::start_in_thread();
    mock.rule(COMMIT_REQUEST_MARK, Reply::text(["feat: take a name"]));
    mock.push(Reply::text([block(
        "hello.py",
        "def greet():\n",
        "def greet(:\n",
    )]));
    // The lint step after the write sends the error back; the model lets it be.
    mock.push(Reply::text(["Leaving it as you accepted it."]));
    let command = session_command(home.path(), &mock, "hello.py");
    let tmux = Tmux::start(&command, &repo.root());
    tmux.wait_for("the session to open", |s| {
        s.contains("Message") && s.contains("rw hello.py")
    });

    tmux.text("let greet take a name");
    tmux.keys(&["Enter"]);
    // The warning sits above the diff, and the line it names is marked in the diff.
    let screen = tmux.wait_for("the syntax warning in the review", |s| {
        s.contains("Review") && s.contains("⚠ leaves a syntax error at line 1:")
    });
    tmux.wait_for("the marked line", |s| s.contains("1⚠+def greet(:"));
    assert!(
        screen.contains("line 1: unclosed `(`"),
        "the message names the open bracket: {screen}"
    );
    assert_eq!(
        repo.read("hello.py"),
        HELLO,
        "nothing written before the yes"
    );

    // The user may still accept it: it is written and committed as is.
    tmux.keys(&["y"]);
    let log = wait_for_log(&repo, 2, &tmux);
    assert!(log[0].starts_with("feat: take a name"), "{log:?}");
    assert_eq!(repo.read("hello.py"), "def greet(:\n    return \"hello\"\n");
    tmux.wait_text("Leaving it as you accepted it.");
    tmux.quit();
}

#[test]
fn r_on_a_message_in_the_chat_pane_rewinds_two_turns_in_tmux() {
    require_tmux!();
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let home = tempfile::tempdir().unwrap();
    let mock = MockLlm::start_in_thread();
    mock.rule(
        COMMIT_REQUEST_MARK,
        Reply::text(["feat: a greeting change"]),
    );
    mock.push(Reply::text([
        "Waving.\n\n".to_string(),
        block(
            "hello.py",
            "    return \"hello\"\n",
            "    return \"wave\"\n",
        ),
    ]));
    mock.push(Reply::text([
        "Shouting.\n\n".to_string(),
        block("hello.py", "    return \"wave\"\n", "    return \"WAVE\"\n"),
    ]));
    let command = session_command(home.path(), &mock, "hello.py --no-auto-lint --yes");
    let tmux = Tmux::start(&command, &repo.root());
    tmux.wait_for("the session to open", |s| {
        s.contains("Message") && s.contains("rw hello.py") && s.contains("initial commit")
    });
    tmux.text("make it wave");
    tmux.keys(&["Enter"]);
    wait_for_log(&repo, 2, &tmux);
    tmux.wait_text("Waving.");
    tmux.text("make it shout");
    tmux.keys(&["Enter"]);
    wait_for_log(&repo, 3, &tmux);
    tmux.wait_text("Shouting.");
    assert_eq!(repo.read("hello.py"), "def greet():\n    return \"WAVE\"\n");

    // Into the chat pane; [ twice selects the first message; r asks first.
    tmux.keys(&["BTab"]);
    tmux.wait_for("the chat to take the focus", |s| s.contains("┏ Chat"));
    tmux.text("[");
    tmux.text("[");
    tmux.wait_text("r rewinds to before the selected message");
    tmux.text("r");
    tmux.wait_for("the confirmation naming both commits", |s| {
        s.contains("Rewind the conversation to before your message")
            && s.contains("undoes 2 commits")
    });
    assert_eq!(repo.log().len(), 3, "nothing happens before the yes");
    tmux.keys(&["y"]);
    let log = wait_for_log(&repo, 1, &tmux);
    assert_eq!(log[0].trim(), "initial commit");
    assert_eq!(repo.read("hello.py"), HELLO);
    tmux.wait_text("Rewound 2 messages of yours and undid 2 commits");

    // /redo puts both back.
    tmux.keys(&["Escape"]);
    tmux.text("/redo");
    tmux.keys(&["Enter"]);
    wait_for_log(&repo, 3, &tmux);
    tmux.wait_text("Redid: 2 messages");
    assert_eq!(repo.read("hello.py"), "def greet():\n    return \"WAVE\"\n");

    tmux.quit();
}

#[test]
fn watch_files_turns_a_saved_ai_comment_into_a_commit_until_watch_turns_it_off() {
    require_tmux!();
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let home = tempfile::tempdir().unwrap();
    let mock = MockLlm::start_in_thread();
    mock.rule(COMMIT_REQUEST_MARK, Reply::text(["feat: wave"]));
    mock.push(Reply::text([block(
        "hello.py",
        "    return \"hello\"  # wave instead AI!\n",
        "    return \"wave\"\n",
    )]));
    let command = session_command(home.path(), &mock, "--watch-files --yes --no-auto-lint");
    let tmux = Tmux::start(&command, &repo.root());
    tmux.wait_text("Watching");
    tmux.wait_text("watching");
    repo.write(
        "hello.py",
        "def greet():\n    return \"hello\"  # wave instead AI!\n",
    );
    // The user's change is committed first, then the model's edit.
    let log = wait_for_log(&repo, 3, &tmux);
    assert_eq!(log[0].lines().next(), Some("feat: wave"));
    assert_eq!(repo.read("hello.py"), "def greet():\n    return \"wave\"\n");
    let screen = tmux.wait_text("› I wrote instructions");
    assert!(screen.contains("› /add hello.py"), "{screen}");

    tmux.text("/watch");
    tmux.keys(&["Enter"]);
    tmux.wait_text("Stopped watching the files.");
    let requests_before = mock.requests().len();
    repo.write(
        "hello.py",
        "def greet():\n    return \"wave\"  # back to hello AI!\n",
    );
    // A running watcher would have fired within a few debounce periods.
    assert_stays_false(
        "a request came once watching stopped",
        aider_tui::watch::DEBOUNCE * 5,
        || repo.log().len() != 3 || mock.requests().len() != requests_before,
    );
    assert_eq!(repo.log().len(), 3, "no request once watching stopped");
    assert_eq!(mock.pending(), 0);
    tmux.quit();
}

/// The text of every chat request's messages (commit-message requests left out).
fn chat_requests(mock: &MockLlm) -> Vec<String> {
    mock.requests()
        .into_iter()
        .map(|request| request.body.to_string())
        .filter(|body| !body.contains(COMMIT_REQUEST_MARK))
        .collect()
}

#[test]
fn a_failed_block_goes_back_to_the_model_while_the_accepted_and_edited_ones_land() {
    require_tmux!();
    const THIRD: &str = "def third():\n    return 3\n";
    let repo = TestRepo::new(&[
        ("hello.py", HELLO),
        ("other.py", OTHER),
        ("third.py", THIRD),
    ]);
    let home = tempfile::tempdir().unwrap();
    let mock = MockLlm::start_in_thread();
    mock.rule(COMMIT_REQUEST_MARK, Reply::text(["feat: three changes"]));
    // Block 3's SEARCH text is not in third.py: it fails and must go back to the model.
    mock.push(Reply::text([
        "Three changes.\n\n".to_string(),
        block(
            "hello.py",
            "    return \"hello\"\n",
            "    return \"wave\"\n",
        ),
        "\n".to_string(),
        block(
            "other.py",
            "    return \"other\"\n",
            "    return \"another\"\n",
        ),
        "\n".to_string(),
        block("third.py", "    return 30\n", "    return 33\n"),
    ]));
    // The fix the model sends once it has heard about the failure.
    mock.push(Reply::text([
        "Sorry, here is block 3 again.\n\n".to_string(),
        block("third.py", "    return 3\n", "    return 33\n"),
    ]));
    let command = session_command(
        home.path(),
        &mock,
        "hello.py other.py third.py --no-auto-lint",
    );
    let tmux = Tmux::start(&command, &repo.root());
    tmux.wait_for("the session to open", |s| {
        s.contains("Message") && s.contains("rw third.py") && s.contains("initial commit")
    });

    tmux.text("three changes please");
    tmux.keys(&["Enter"]);
    tmux.wait_for("the review of block 1", |s| {
        s.contains("Review") && s.contains("1/3 hello.py") && s.contains("+    return \"wave\"")
    });
    tmux.keys(&["y"]);
    tmux.wait_for("block 2", |s| s.contains("2/3 other.py"));

    // Edit block 2's new text in place: append a comment to its line, keep it.
    tmux.keys(&["e"]);
    tmux.wait_for("the block editor", |s| s.contains("Ctrl-S"));
    tmux.keys(&["End"]);
    tmux.text("  # by hand");
    tmux.wait_for("the diff recomputed as typed", |s| {
        s.contains("+    return \"another\"  # by hand")
    });
    tmux.keys(&["C-s"]);

    // Only the failed block is left: the accepted and the edited block land at once.
    let log = wait_for_log(&repo, 2, &tmux);
    assert!(log[0].starts_with("feat: three changes"), "{log:?}");
    assert_eq!(repo.read("hello.py"), "def greet():\n    return \"wave\"\n");
    assert_eq!(
        repo.read("other.py"),
        "def part():\n    return \"another\"  # by hand\n"
    );
    assert_eq!(
        repo.read("third.py"),
        THIRD,
        "the failed block changed nothing"
    );

    // With no key pressed, the failure goes back to the model, numbered as in the reply,
    // with the lines actually in the file; the edit made by hand is reported too.
    let start = Instant::now();
    let reflection = loop {
        if let Some(body) = chat_requests(&mock).get(1) {
            break body.clone();
        }
        assert!(
            start.elapsed() < STEP_LIMIT,
            "no reflection request; screen:\n{}",
            tmux.screen()
        );
        std::thread::sleep(Duration::from_millis(100));
    };
    assert!(
        reflection.contains("failed to apply") && reflection.contains("## Block 3 (third.py)"),
        "{reflection}"
    );
    assert!(
        reflection.contains("return 3"),
        "the closest lines: {reflection}"
    );
    assert!(
        !reflection.contains("## Block 1") && !reflection.contains("## Block 2"),
        "only the failed block is sent back: {reflection}"
    );
    assert!(
        reflection.contains("I changed block 2 (other.py)") && reflection.contains("# by hand"),
        "the hand edit is reported: {reflection}"
    );

    // The fixed block is reviewed like any other; `y` lands a second commit.
    tmux.wait_for("the review of the fix", |s| {
        s.contains("Review") && s.contains("third.py") && s.contains("+    return 33")
    });
    tmux.keys(&["y"]);
    let log = wait_for_log(&repo, 3, &tmux);
    assert!(log[0].starts_with("feat: three changes"), "{log:?}");
    assert_eq!(repo.read("third.py"), "def third():\n    return 33\n");
    assert_eq!(chat_requests(&mock).len(), 2, "no third round was needed");
    tmux.quit();
}

#[test]
fn a_cold_start_on_20000_files_shows_the_chat_file_and_model_while_the_map_builds() {
    require_tmux!();
    // Twenty functions per file, so the cold parse lasts long enough to be seen.
    let body: String = (0..20)
        .map(|i| format!("def helper_{i}(value):\n    return value + {i}\n\n"))
        .collect();
    let generated: Vec<(String, String)> = (0..20_000)
        .map(|i| (format!("pkg/d{:02}/m{i:05}.py", i % 50), body.clone()))
        .collect();
    let mut files: Vec<(&str, &str)> = vec![("hello.py", HELLO)];
    files.extend(generated.iter().map(|(p, t)| (p.as_str(), t.as_str())));
    let repo = TestRepo::new(&files);
    let home = tempfile::tempdir().unwrap();
    let mock = MockLlm::start_in_thread();
    let command = session_command(home.path(), &mock, "hello.py");
    let started = Instant::now();
    let tmux = Tmux::start(&command, &repo.root());
    // The first frame has the chat file, the model, the branch and the commit log; the
    // map is still being built, with its progress in the map pane.
    let screen = tmux.wait_for("the first frame", |s| {
        s.contains("rw hello.py") && s.contains("openai/gpt-4o") && s.contains("initial commit")
    });
    eprintln!(
        "note: first frame with the chat file after {:?} (debug build, tmux polled every 100 ms)",
        started.elapsed()
    );
    assert!(screen.contains("⎇ master"), "{screen}");
    assert!(
        screen.contains("Building the map") || screen.contains("listing files"),
        "the map pane shows the scan: {screen}"
    );
    tmux.wait_for("the map's progress as files parsed of total", |s| {
        s.contains("files parsed") && s.contains("of 20001")
    });
    tmux.quit();
}

/// The text of the last message of a recorded OpenAI request body.
fn plan_last_user_text(body: &serde_json::Value) -> String {
    engine_support::last_user_text(body)
}

#[test]
fn plan_edited_in_tmux_reaches_the_editor_and_the_history() {
    require_tmux!();
    const PLAN_TEXT: &str = "1. Make greet return hi.\n2. Change nothing else.\n";
    const PLAN_EDITED: &str = "1. Make greet return wave.\n2. Change nothing else.\n";
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let home = tempfile::tempdir().unwrap();
    let mock = MockLlm::start_in_thread();
    mock.rule(COMMIT_REQUEST_MARK, Reply::text(["feat: wave"]));
    mock.push(Reply::text([PLAN_TEXT]));
    mock.push(Reply::text([block(
        "hello.py",
        "    return \"hello\"\n",
        "    return \"wave\"\n",
    )]));
    mock.push(Reply::text(["Yes, it waves."]));
    // --yes applies the editor's edits at once; the plan still stops for review, the
    // full-screen default.
    let command = session_command(
        home.path(),
        &mock,
        "hello.py --chat-mode architect --no-auto-lint --yes",
    );
    let tmux = Tmux::start(&command, &repo.root());
    tmux.wait_text("Type a request");
    tmux.text("make greet friendlier");
    tmux.keys(&["Enter"]);
    tmux.wait_text("y send to the editor");
    assert_eq!(mock.requests().len(), 1, "the editor waits for the plan");

    tmux.keys(&["e"]);
    tmux.wait_text("Ctrl-S keeps and sends");
    // The cursor starts on the first line: "hi." becomes "wave.".
    tmux.keys(&["End", "BSpace", "BSpace", "BSpace"]);
    tmux.text("wave.");
    tmux.keys(&["C-s"]);
    let log = wait_for_log(&repo, 2, &tmux);
    assert_eq!(log[0].lines().next(), Some("feat: wave"));
    assert_eq!(repo.read("hello.py"), "def greet():\n    return \"wave\"\n");
    tmux.wait_text("Edited plan sent to the editor model");
    let bodies: Vec<serde_json::Value> = mock
        .requests()
        .into_iter()
        .map(|request| request.body)
        .filter(|body| !body.to_string().contains(COMMIT_REQUEST_MARK))
        .collect();
    assert_eq!(bodies.len(), 2);
    assert!(
        plan_last_user_text(&bodies[1]).starts_with(PLAN_EDITED),
        "the editor got the edited plan: {}",
        plan_last_user_text(&bodies[1])
    );

    tmux.text("/ask did it work?");
    tmux.keys(&["Enter"]);
    tmux.wait_text("Yes, it waves.");
    let next = mock
        .requests()
        .into_iter()
        .map(|request| request.body.to_string())
        .rfind(|body| !body.contains(COMMIT_REQUEST_MARK))
        .unwrap();
    assert!(
        next.contains("Make greet return wave.") && !next.contains("Make greet return hi."),
        "the history records the plan the editor got: {next}"
    );
    tmux.quit();
}

/// A shell script in `dir` for `$VISUAL`: it gets the file to edit as `$1`.
fn editor_script(dir: &Path, body: &str) -> String {
    let path = dir.join("editor.sh");
    std::fs::write(&path, format!("#!/bin/sh\n{body}")).unwrap();
    let status = Command::new("chmod").arg("+x").arg(&path).status().unwrap();
    assert!(status.success());
    path.to_str().unwrap().to_string()
}

/// Two blocks, so the review stays open after one of them is decided.
fn two_blocks() -> Reply {
    Reply::text([
        "Two changes.\n\n".to_string(),
        block(
            "hello.py",
            "    return \"hello\"\n",
            "    return \"wave\"\n",
        ),
        "\n".to_string(),
        block(
            "other.py",
            "    return \"other\"\n",
            "    return \"another\"\n",
        ),
    ])
}

/// A session on `repo` with `editor` as `$VISUAL`, reviewing [`two_blocks`] on block 1
/// (the mock is kept alive with it).
fn review_two_blocks_with_editor(repo: &TestRepo, home: &Path, editor: &str) -> (MockLlm, Tmux) {
    let mock = MockLlm::start_in_thread();
    mock.rule(COMMIT_REQUEST_MARK, Reply::text(["feat: two changes"]));
    mock.push(two_blocks());
    let command = session_command_with(
        home,
        &mock,
        &[("VISUAL", editor)],
        "hello.py other.py --no-auto-lint",
    );
    let tmux = Tmux::start(&command, &repo.root());
    tmux.wait_for("the session to open", |s| {
        s.contains("Message") && s.contains("rw other.py") && s.contains("initial commit")
    });
    tmux.text("two changes please");
    tmux.keys(&["Enter"]);
    tmux.wait_for("the review of block 1", |s| {
        s.contains("1/2 hello.py") && s.contains("+    return \"wave\"")
    });
    (mock, tmux)
}

/// Tab until the message box has the focus.
fn focus_the_message_box(tmux: &Tmux) {
    for _ in 0..8 {
        if tmux.screen().contains("┏ Message") {
            return;
        }
        tmux.keys(&["Tab"]);
        std::thread::sleep(Duration::from_millis(100));
    }
    tmux.wait_text("┏ Message");
}

#[test]
fn the_editor_comes_back_to_the_review_and_the_message_with_the_edited_text() {
    require_tmux!();
    let repo = TestRepo::new(&[("hello.py", HELLO), ("other.py", OTHER)]);
    let home = tempfile::tempdir().unwrap();
    let editor = editor_script(
        home.path(),
        "sed -i 's/wave/by editor/; s/draft/edited draft/' \"$1\"\n",
    );
    let (_mock, tmux) = review_two_blocks_with_editor(&repo, home.path(), &editor);

    // `E`: the block goes out to the editor and comes back edited; the engine has the
    // edit without another key press.
    tmux.keys(&["E"]);
    tmux.wait_for("the edit decided, the review on block 2", |s| {
        s.contains("1✎") && s.contains("2/2 other.py")
    });
    assert!(tmux.alive(), "the session ended");
    tmux.keys(&["k"]);
    tmux.wait_for("block 1 as edited", |s| {
        s.contains("accepted as you edited it") && s.contains("+    return \"by editor\"")
    });

    // Ctrl-X Ctrl-E in the message box: the draft comes back edited.
    focus_the_message_box(&tmux);
    tmux.text("a draft to keep");
    tmux.keys(&["C-x"]);
    tmux.keys(&["C-e"]);
    tmux.wait_text("a edited draft to keep");
    assert!(tmux.alive(), "the session ended");

    // The review goes on where it was: accepting block 2 lands both.
    for _ in 0..8 {
        if tmux.screen().contains("┏ Diff") {
            break;
        }
        tmux.keys(&["Tab"]);
        std::thread::sleep(Duration::from_millis(100));
    }
    tmux.wait_text("┏ Diff");
    tmux.keys(&["j"]);
    tmux.wait_text("2/2 other.py");
    tmux.keys(&["y"]);
    wait_for_log(&repo, 2, &tmux);
    assert_eq!(
        repo.read("hello.py"),
        "def greet():\n    return \"by editor\"\n"
    );
    assert_eq!(
        repo.read("other.py"),
        "def part():\n    return \"another\"\n"
    );
    tmux.quit();
}

#[test]
fn an_editor_that_fails_or_is_interrupted_leaves_the_review_as_it_was() {
    require_tmux!();
    let repo = TestRepo::new(&[("hello.py", HELLO), ("other.py", OTHER)]);
    let home = tempfile::tempdir().unwrap();
    let started = home.path().join("editor-started");
    // Block 1's text: saved changed, then exit 1. Block 2's: wait to be interrupted.
    let editor = editor_script(
        home.path(),
        &format!(
            "if grep -q wave \"$1\"; then sed -i 's/wave/broken/' \"$1\"; exit 1; fi\n\
             sed -i 's/another/broken/' \"$1\"\ntouch {}\nsleep 60\n",
            shell_quote(started.to_str().unwrap())
        ),
    );
    let (_mock, tmux) = review_two_blocks_with_editor(&repo, home.path(), &editor);

    // The editor exits 1: the review is back, block 1 as the model wrote it.
    tmux.keys(&["E"]);
    tmux.wait_for("the failure told, the block unchanged", |s| {
        s.contains("the text was not changed")
            && s.contains("1/2 hello.py  pending")
            && s.contains("+    return \"wave\"")
    });
    assert!(tmux.alive(), "the session ended");

    // Ctrl-C while the editor runs ends the editor, not the session.
    tmux.keys(&["j"]);
    tmux.wait_text("2/2 other.py");
    tmux.keys(&["E"]);
    let start = Instant::now();
    while !started.exists() {
        assert!(
            start.elapsed() < STEP_LIMIT,
            "the editor did not start:\n{}",
            tmux.screen()
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    tmux.keys(&["C-c"]);
    tmux.wait_for("the review back, block 2 unchanged", |s| {
        s.contains("2/2 other.py  pending") && s.contains("+    return \"another\"")
    });
    assert!(tmux.alive(), "the session ended");

    // Both blocks land as the model wrote them.
    tmux.keys(&["A"]);
    wait_for_log(&repo, 2, &tmux);
    assert_eq!(repo.read("hello.py"), "def greet():\n    return \"wave\"\n");
    assert_eq!(
        repo.read("other.py"),
        "def part():\n    return \"another\"\n"
    );
    tmux.quit();
}

#[test]
fn a_commit_s_diff_opens_from_the_log_while_the_reply_goes_on_streaming() {
    require_tmux!();
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    repo.write("notes.txt", "a note from the second commit\n");
    repo.commit_all("Add notes");
    let home = tempfile::tempdir().unwrap();
    let mock = MockLlm::start_in_thread();
    // About forty seconds of reply, ending with a marker the screen must not show
    // before the diff does.
    let mut pieces: Vec<String> = (0..800).map(|n| format!("thinking {n}\n")).collect();
    pieces.push("END OF THE REPLY\n".into());
    mock.push(Reply::text(pieces).chunk_delay(Duration::from_millis(50)));
    let command = session_command(home.path(), &mock, "--no-auto-lint");
    let tmux = Tmux::start(&command, &repo.root());
    tmux.wait_for("the session to open", |s| {
        s.contains("Message") && s.contains("Add notes") && s.contains("initial commit")
    });

    tmux.text("think aloud");
    tmux.keys(&["Enter"]);
    tmux.wait_text("thinking 3");
    for _ in 0..4 {
        tmux.keys(&["Tab"]);
    }
    tmux.wait_for("the commit log to take the focus", |s| {
        s.contains("┏ Commits")
    });
    // The newest commit is selected: `j` moves to the one before it.
    tmux.keys(&["j"]);
    tmux.keys(&["Enter"]);
    let screen = tmux.wait_for("the older commit's diff", |s| {
        assert!(
            !s.contains("END OF THE REPLY"),
            "the diff waited for the reply:\n{s}"
        );
        s.contains("+    return \"hello\"")
    });
    assert!(
        !screen.contains("Queued"),
        "a message sent with no turn running is no queued one: {screen}"
    );
    // The reply goes on streaming after the diff came.
    // The latest piece on screen ("thinking 12" also contains "thinking 1": the
    // highest number found is the latest).
    let shown = |s: &str| {
        (0..800)
            .rev()
            .find(|n| s.contains(&format!("thinking {n}")))
    };
    let at_diff = shown(&screen).unwrap_or(0);
    tmux.wait_for("more of the reply", |s| {
        shown(s).is_some_and(|n| n > at_diff)
    });
    tmux.quit();
}

/// Where `needle` is on a captured screen, as a terminal's mouse report counts it
/// (column and row from 1).
fn screen_position(screen: &str, needle: &str) -> (usize, usize) {
    for (row, line) in screen.lines().enumerate() {
        if let Some(at) = line.find(needle) {
            return (line[..at].chars().count() + 1, row + 1);
        }
    }
    panic!("{needle:?} is not on the screen:\n{screen}");
}

/// The row of `needle` on a screen (from 0).
fn row_of(screen: &str, needle: &str) -> usize {
    screen_position(screen, needle).1 - 1
}

#[test]
fn search_a_queued_message_the_wheel_and_a_click_in_tmux() {
    require_tmux!();
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    repo.write("hello.py", "def greet():\n    return \"wave\"\n");
    repo.commit_all("second: wave");
    let home = tempfile::tempdir().unwrap();
    let mock = MockLlm::start_in_thread();
    let head: String = std::iter::once("Start of the long reply.\n".to_string())
        .chain((1..=10).map(|n| format!("early line {n}\n")))
        .chain(std::iter::once("the needleword is here\n".to_string()))
        .collect();
    let middle: String = (1..=100).map(|n| format!("filler line {n}\n")).collect();
    let more: String = (101..=200).map(|n| format!("filler line {n}\n")).collect();
    mock.push(
        Reply::text([head, middle, more, "End of the long reply.\n".to_string()])
            .chunk_delay(Duration::from_millis(700)),
    );
    mock.push(Reply::text(["Answering the queued question."]));
    let command = session_command(home.path(), &mock, "hello.py --no-auto-lint");
    let tmux = Tmux::start(&command, &repo.root());
    tmux.wait_for("the session to open", |s| {
        s.contains("Message") && s.contains("initial commit") && s.contains("second: wave")
    });

    // A message sent while the reply streams waits after it, marked queued.
    tmux.text("tell me a lot");
    tmux.keys(&["Enter"]);
    tmux.wait_text("Start of the long reply.");
    tmux.text("the queued question");
    tmux.keys(&["Enter"]);
    let screen = tmux.wait_for("the queued message", |s| {
        s.contains("⧗ the queued question") && s.contains("queued: sent when the turn ends")
    });
    assert!(screen.contains("Esc to interrupt"), "{screen}");
    let screen = tmux.wait_for("the answer to the queued message", |s| {
        s.contains("Answering the queued question.") && s.contains("End of the long reply.")
    });
    let end = row_of(&screen, "End of the long reply.");
    let asked = row_of(&screen, "› the queued question");
    assert!(end < asked, "{screen}");
    assert!(
        asked < row_of(&screen, "Answering the queued question."),
        "{screen}"
    );

    // `/` in the chat finds a word 190 lines up.
    tmux.keys(&["BTab"]);
    tmux.wait_for("the chat to take the focus", |s| s.contains("┏ Chat"));
    tmux.text("/needleword");
    tmux.wait_for("the match", |s| {
        s.contains("the needleword is here") && s.contains("/needleword")
    });
    tmux.keys(&["Escape"]);
    tmux.keys(&["End"]);
    tmux.wait_for("the chat to follow again", |s| {
        !s.contains("the needleword is here") && s.contains("Answering the queued question.")
    });

    // The wheel over the chat scrolls it back to the start of the long reply.
    let screen = tmux.screen();
    let (column, row) = screen_position(&screen, "Answering the queued question.");
    let wheel_up = format!("\x1b[<64;{column};{row}M");
    for _ in 0..10 {
        tmux.text(&wheel_up.repeat(10));
    }
    tmux.wait_text("Start of the long reply.");

    // A click on a commit row, then Enter: that commit's diff.
    let screen = tmux.screen();
    let (column, row) = screen_position(&screen, "initial commit");
    tmux.text(&format!("\x1b[<0;{column};{row}M\x1b[<0;{column};{row}m"));
    tmux.wait_for("the commit log to take the focus", |s| {
        s.contains("┏ Commits")
    });
    tmux.keys(&["Enter"]);
    tmux.wait_for("the first commit's diff", |s| {
        s.contains("+def greet():") && s.contains("+    return \"hello\"")
    });
    tmux.quit();
}

#[test]
fn ctrl_z_suspends_to_the_shell_with_the_mouse_off_and_fg_comes_back() {
    require_tmux!();
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let home = tempfile::tempdir().unwrap();
    let mock = MockLlm::start_in_thread();
    // A shell with job control, as a user has: Ctrl-Z stops a job of its own.
    let tmux = Tmux::start("bash --norc --noprofile -i", &repo.root());
    tmux.text(&session_command(home.path(), &mock, "hello.py"));
    tmux.keys(&["Enter"]);
    tmux.wait_for("the session to open", |s| {
        s.contains("Message") && s.contains("initial commit")
    });
    tmux.wait_format("#{alternate_on}/#{mouse_any_flag}", "1/1");
    tmux.text("a draft to keep");
    tmux.keys(&["C-z"]);
    tmux.wait_for("the shell", |s| s.contains("Stopped"));
    tmux.wait_format("#{alternate_on}/#{mouse_any_flag}", "0/0");
    tmux.text("fg");
    tmux.keys(&["Enter"]);
    tmux.wait_for("the session to come back as it was", |s| {
        s.contains("a draft to keep") && s.contains("initial commit")
    });
    tmux.wait_format("#{alternate_on}/#{mouse_any_flag}", "1/1");
    // Ctrl-C clears the draft first, then quits on a second press.
    tmux.keys(&["C-c"]);
    tmux.wait_for("the draft to be cleared", |s| {
        s.contains("Message cleared") && !s.contains("a draft to keep")
    });
    tmux.keys(&["C-c"]);
    tmux.wait_text("Ctrl-C again");
    tmux.keys(&["C-c"]);
    tmux.wait_format("#{alternate_on}/#{mouse_any_flag}", "0/0");

    // --no-mouse leaves the mouse to the terminal.
    let plain = Tmux::start(
        &session_command(home.path(), &mock, "hello.py --no-mouse"),
        &repo.root(),
    );
    plain.wait_for("the session to open", |s| s.contains("initial commit"));
    plain.wait_format("#{alternate_on}/#{mouse_any_flag}", "1/0");
    plain.quit();
}

#[test]
fn z_zooms_the_review_to_the_whole_screen_and_back_in_tmux() {
    require_tmux!();
    let repo = TestRepo::new(&[("hello.py", HELLO), ("other.py", OTHER)]);
    let home = tempfile::tempdir().unwrap();
    let (_mock, tmux) = review_two_blocks_with_editor(&repo, home.path(), "true");
    // Beside a review the chat is narrowed and the side panes wait.
    let screen = tmux.screen();
    assert!(!screen.contains("Files"), "{screen}");
    assert!(screen.contains("Chat"), "{screen}");

    tmux.keys(&["z"]);
    let zoomed = tmux.wait_for("the zoomed diff", |s| !s.contains("Chat"));
    assert!(zoomed.contains("1/2 hello.py"), "{zoomed}");
    // The zoomed review still decides.
    tmux.keys(&["y"]);
    tmux.wait_text("2/2 other.py");
    tmux.keys(&["z"]);
    tmux.wait_for("the chat back", |s| {
        s.contains("Chat") && s.contains("2/2 other.py")
    });
    tmux.keys(&["y"]);
    wait_for_log(&repo, 2, &tmux);
    tmux.quit();
}

#[test]
fn quitting_prints_how_to_resume_the_session() {
    require_tmux!();
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let home = tempfile::tempdir().unwrap();
    let mock = MockLlm::start_in_thread();
    mock.push(Reply::text(["Noted."]));
    // The shell stays after the program ends, so its last words can be read.
    let command = format!(
        "sh -c {}",
        shell_quote(&format!(
            "{}; echo SESSION-ENDED; sleep 60",
            session_command(home.path(), &mock, "--no-auto-lint")
        ))
    );
    let tmux = Tmux::start(&command, &repo.root());
    tmux.wait_text("Message");
    tmux.text("/ask hello");
    tmux.keys(&["Enter"]);
    tmux.wait_text("Noted.");
    tmux.keys(&["C-c"]);
    tmux.wait_text("Ctrl-C again");
    tmux.keys(&["C-c"]);
    let screen = tmux.wait_text("SESSION-ENDED");
    assert!(screen.contains("aider-tui --resume"), "{screen}");
    assert!(screen.contains("saved. Go on with it"), "{screen}");
}

#[test]
fn e_in_the_files_pane_opens_the_chat_file_in_the_editor() {
    require_tmux!();
    let repo = TestRepo::new(&[("hello.py", HELLO), ("other.py", OTHER)]);
    let home = tempfile::tempdir().unwrap();
    // The editor gets the repository's own file, not a copy.
    let editor = editor_script(home.path(), "echo '# by the editor' >> \"$1\"\n");
    let mock = MockLlm::start_in_thread();
    let command = session_command_with(
        home.path(),
        &mock,
        &[("VISUAL", &editor)],
        "hello.py --no-auto-lint",
    );
    let tmux = Tmux::start(&command, &repo.root());
    tmux.wait_for("the session to open", |s| {
        s.contains("Message") && s.contains("rw hello.py")
    });
    for _ in 0..8 {
        if tmux.screen().contains("┏ Files") {
            break;
        }
        tmux.keys(&["Tab"]);
        std::thread::sleep(Duration::from_millis(100));
    }
    tmux.wait_text("d drop · e edit");
    tmux.keys(&["e"]);
    tmux.wait_text("Back from editing hello.py");
    assert_eq!(repo.read("hello.py"), format!("{HELLO}# by the editor\n"));
    assert!(tmux.alive(), "the session ended");
    tmux.quit();
}

#[test]
fn the_palette_filters_runs_and_fills_and_a_typo_gets_the_nearest_command_in_tmux() {
    require_tmux!();
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let home = tempfile::tempdir().unwrap();
    let mock = MockLlm::start_in_thread();
    let command = session_command(home.path(), &mock, "hello.py");
    let tmux = Tmux::start(&command, &repo.root());
    tmux.wait_for("the session to open", |s| {
        s.contains("Message") && s.contains("rw hello.py")
    });
    // Ctrl-P opens the palette; words of a command's help find it; Enter runs it.
    tmux.keys(&["C-p"]);
    tmux.wait_text("Commands and keys");
    tmux.text("list the chat");
    tmux.wait_for("the filter to leave /ls highlighted", |s| {
        s.contains("▸/ls") && !s.contains("/add PATH")
    });
    tmux.keys(&["Enter"]);
    tmux.wait_text("Files in the chat:");
    // A command that takes an argument is put in the message box to finish.
    tmux.keys(&["C-p"]);
    tmux.text("commit");
    tmux.wait_text("/commit [MESSAGE]");
    tmux.keys(&["Enter"]);
    tmux.wait_for("the palette to close", |s| !s.contains("Commands and keys"));
    tmux.text("by hand");
    tmux.keys(&["Enter"]);
    tmux.wait_text("Nothing to commit.");
    // A typo is answered with the nearest command.
    tmux.text("/comit");
    tmux.keys(&["Enter"]);
    tmux.wait_text("did you mean /commit?");
    assert!(mock.requests().is_empty(), "no model request for commands");
    tmux.quit();
}

/// The files under `dir` (recursively) whose bytes contain `needle`.
fn files_holding(dir: &Path, needle: &str) -> Vec<std::path::PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            found.extend(files_holding(&path, needle));
        } else if std::fs::read(&path)
            .is_ok_and(|bytes| bytes.windows(needle.len()).any(|w| w == needle.as_bytes()))
        {
            found.push(path);
        }
    }
    found
}

#[test]
fn slash_key_typed_masked_reaches_the_model_and_is_kept_nowhere() {
    if !Tmux::available() {
        crate::support::skip_because_absent("tmux");
        return;
    }
    const TYPED: &str = "sk-SECRET-tmux-masked-3f9a1c";
    const ON_LINE: &str = "sk-SECRET-tmux-online-7d20e4";
    let repo = TestRepo::new(&[("hello.py", HELLO)]);
    let home = tempfile::tempdir().unwrap();
    let mock = MockLlm::start_in_thread();
    mock.push(Reply::text(["First answer."]));
    mock.push(Reply::text(["Second answer."]));
    // No key at start (the mock's own base needs none); every log line kept.
    let command = format!(
        "env -i PATH={} HOME={} TERM=xterm-256color AIDER_TUI_LOG=trace {} --model openai/gpt-4o --api-base {} --no-auto-lint hello.py",
        shell_quote(&std::env::var("PATH").unwrap_or_default()),
        shell_quote(home.path().to_str().unwrap()),
        shell_quote(env!("CARGO_BIN_EXE_aider-tui")),
        shell_quote(&mock.openai_base()),
    );
    let tmux = Tmux::start(&command, &repo.root());
    let mut screens = vec![tmux.wait_for("the session to open", |s| {
        s.contains("Message") && s.contains("rw hello.py")
    })];

    // `/key openai`, then the key typed into the masked box.
    tmux.text("/key openai");
    tmux.keys(&["Enter"]);
    screens.push(tmux.wait_text("API key for openai"));
    tmux.text(TYPED);
    let dots = "•".repeat(TYPED.chars().count());
    screens.push(tmux.wait_text(&dots));
    tmux.keys(&["Enter"]);
    screens.push(tmux.wait_text("Key set for openai (kept for this session"));
    tmux.text("say something");
    tmux.keys(&["Enter"]);
    screens.push(tmux.wait_text("First answer."));
    let sent = mock.requests();
    assert!(sent.last().unwrap().credential_is(TYPED), "{sent:?}");

    // The key on the line: masked from the space after the provider on.
    tmux.text(&format!("/key openai {ON_LINE}"));
    screens.push(tmux.wait_text("API key for openai"));
    tmux.keys(&["Enter"]);
    screens.push(tmux.wait_for("the second key's notice", |s| {
        s.matches("Key set for openai").count() >= 2
    }));
    tmux.text("say more");
    tmux.keys(&["Enter"]);
    screens.push(tmux.wait_text("Second answer."));
    assert!(mock.requests().last().unwrap().credential_is(ON_LINE));
    // Up brings back the last message, not a /key line.
    tmux.keys(&["Up"]);
    screens.push(tmux.wait_text("say more"));
    tmux.quit();

    let state = repo.root().join(".aider-tui");
    for file in ["chat-history.md", "input-history", "aider-tui.log"] {
        assert!(state.join(file).is_file(), "{file} was written");
    }
    let history = std::fs::read_to_string(state.join("input-history")).unwrap();
    assert!(!history.contains("/key"), "{history}");
    for key in [TYPED, ON_LINE] {
        for screen in &screens {
            assert!(!screen.contains(key), "{screen}");
        }
        assert_eq!(files_holding(&state, key), Vec::<std::path::PathBuf>::new());
        assert_eq!(
            files_holding(home.path(), key),
            Vec::<std::path::PathBuf>::new()
        );
    }
}

/// Emoji of every kind that is hard to measure: a ZWJ sequence, a flag, a heart made an
/// emoji by U+FE0F, a skin tone, CJK.
const EMOJI: &str = "👩\u{200d}💻 🇫🇷 ❤\u{fe0f} 👍🏽 中文";

/// The rows of a capture that end in a pane's right border, each with the columns it
/// takes as ratatui counts them; every one must be the window's width, or something on
/// the row took other columns on the terminal than on ratatui's buffer (a ghost cell, a
/// shifted border).
fn misaligned_rows(screen: &str) -> Vec<String> {
    use unicode_segmentation::UnicodeSegmentation;
    use unicode_width::UnicodeWidthStr;
    screen
        .lines()
        .filter(|row| row.ends_with(['│', '┃', '╮', '╯', '┓', '┛']))
        .map(|row| (row, row.graphemes(true).map(|g| g.width()).sum::<usize>()))
        .filter(|(_, width)| *width != 160)
        .map(|(row, width)| format!("{width}: {row}"))
        .collect()
}

#[test]
fn wide_and_joined_emoji_leave_no_ghost_cells_and_the_borders_stay_aligned() {
    require_tmux!();
    let name = "docs/❤\u{fe0f}-👩\u{200d}💻.md";
    let text = format!("hello {EMOJI}\n");
    let repo = TestRepo::new(&[(name, &text)]);
    let home = tempfile::tempdir().unwrap();
    let mock = MockLlm::start_in_thread();
    mock.rule(COMMIT_REQUEST_MARK, Reply::text(["docs: more emoji"]));
    // More rows than the chat has, streamed a few at a time: rows move up under the
    // emoji, where a column the terminal was never sent would keep an old character.
    let mut chunks: Vec<String> = (0..12)
        .map(|n| {
            (0..4)
                .map(|row| format!("row {}: {EMOJI} · {EMOJI}\n", n * 4 + row))
                .collect()
        })
        .collect();
    chunks.push(block(name, &text, &format!("hello {EMOJI} {EMOJI}\n")));
    mock.push(Reply::text(chunks).chunk_delay(Duration::from_millis(60)));
    let args = format!("{} --no-auto-lint", shell_quote(name));
    let tmux = Tmux::start(&session_command(home.path(), &mock, &args), &repo.root());
    tmux.wait_for("the session to open", |s| {
        s.contains("Message") && s.contains("-👩\u{200d}💻.md")
    });
    // Typed into the message box.
    tmux.text(&format!("more {EMOJI} please"));
    let screen = tmux.wait_text("please");
    assert_eq!(misaligned_rows(&screen), Vec::<String>::new(), "{screen}");
    tmux.keys(&["Enter"]);
    // Streamed into the chat, and in the review's diff.
    let seen = std::cell::Cell::new(0);
    let screen = tmux.wait_for("the review of the emoji line", |s| {
        // Every frame on the way is checked, not only the last.
        seen.set(seen.get() + 1);
        let misaligned = misaligned_rows(s);
        assert!(misaligned.is_empty(), "{}\n{s}", misaligned.join("\n"));
        s.contains("Review") && s.contains("row 47")
    });
    assert!(seen.get() > 1);
    assert!(screen.contains("+hello 👩\u{200d}💻 🇫🇷"), "{screen}");
    tmux.keys(&["y"]);
    wait_for_log(&repo, 2, &tmux);
    tmux.quit();
}
