//! The release binary's full-screen session in tmux (160×48) while the loopback mock
//! streams a long reply at about 2,000 tokens per second (issue 5, item 8): the
//! process's CPU time over the stream (user + system from /proc, UI and engine
//! together) and the UI's own frame times (the session logs them when it ends).
//!
//! Run: `cargo bench --bench tui_stream_cpu`
//! (needs tmux and Linux /proc; says so and stops otherwise).

// Tests, benchmarks and examples unwrap and print: a failure there is the point.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::print_stdout,
    clippy::print_stderr
)]

#[path = "../tests/support/engine.rs"]
mod engine_support;
#[path = "../tests/support/mock_llm.rs"]
mod mock_llm;

use std::process::Command;
use std::time::{Duration, Instant};

use engine_support::{SECRET_KEY, TestRepo};
use mock_llm::{MockLlm, Reply};

/// Tokens in the reply, and tokens per SSE event (the mock sleeps 1 ms between events;
/// on a loaded 2-core machine that is ~3 ms, so 6 tokens an event is ~2,000 tokens/s).
const TOKENS: usize = 16_000;
const TOKENS_PER_EVENT: usize = 6;

fn tmux(socket: &str, args: &[&str]) -> String {
    let out = Command::new("tmux")
        .arg("-L")
        .arg(socket)
        .args(args)
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn wait_for(socket: &str, what: &str, check: impl Fn(&str) -> bool) -> String {
    let start = Instant::now();
    loop {
        let screen = tmux(socket, &["capture-pane", "-p", "-t", "bench"]);
        if check(&screen) {
            return screen;
        }
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "waited for {what}:\n{screen}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// User + system CPU seconds of a process.
fn cpu_seconds(pid: &str) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    // Fields after the command name (which may hold spaces) start at ") ".
    let rest = &stat[stat.rfind(')').unwrap() + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = fields[11].parse::<f64>().unwrap() + fields[12].parse::<f64>().unwrap();
    let per_second = Command::new("getconf").arg("CLK_TCK").output().ok();
    let per_second: f64 = per_second
        .and_then(|out| String::from_utf8_lossy(&out.stdout).trim().parse().ok())
        .unwrap_or(100.0);
    ticks / per_second
}

/// A reply with prose and SEARCH/REPLACE blocks, cut into pieces of about a token.
fn reply_events() -> Vec<String> {
    let mut text = String::from("I'll update the handlers.\n\n");
    let mut block = 0;
    while text.len() < TOKENS * 4 {
        text.push_str(&format!(
            "handlers.py\n```python\n<<<<<<< SEARCH\ndef handler_{block}(event):\n    return event.value\n=======\ndef handler_{block}(event, *, strict=False):\n    \"\"\"Handle one event.\"\"\"\n    if strict and event.value is None:\n        raise ValueError(\"missing value\")\n    return event.value\n>>>>>>> REPLACE\n```\n\nNow `handler_{block}` has a **strict** mode.\n\n"
        ));
        block += 1;
    }
    let chars: Vec<char> = text.chars().collect();
    chars
        .chunks(4 * TOKENS_PER_EVENT)
        .take(TOKENS / TOKENS_PER_EVENT)
        .map(|piece| piece.iter().collect())
        .collect()
}

fn main() {
    if Command::new("tmux").arg("-V").output().is_err()
        || !std::path::Path::new("/proc/self/stat").exists()
    {
        eprintln!("tui_stream_cpu: needs tmux and /proc; skipped");
        return;
    }
    let mut handlers = String::new();
    for block in 0..2_000 {
        handlers.push_str(&format!(
            "def handler_{block}(event):\n    return event.value\n\n\n"
        ));
    }
    let repo = TestRepo::new(&[("handlers.py", &handlers)]);
    let home = tempfile::tempdir().unwrap();
    let mock = MockLlm::start_in_thread();
    mock.fallback(Reply::text(["ok"]));
    let events = reply_events();
    mock.push(Reply::text(events.clone()).chunk_delay(Duration::from_millis(1)));
    let socket = format!("aider-tui-bench-{}", std::process::id());
    let command = format!(
        "env -i PATH=/usr/bin:/bin HOME={} TERM=xterm-256color AIDER_TUI_LOG=info {} handlers.py --model openai/gpt-4o --api-base {} --api-key {} --no-auto-lint",
        home.path().display(),
        env!("CARGO_BIN_EXE_aider-tui"),
        mock.openai_base(),
        SECRET_KEY,
    );
    let root = repo.root();
    tmux(
        &socket,
        &[
            "-f",
            "/dev/null",
            "new-session",
            "-d",
            "-x",
            "160",
            "-y",
            "48",
            "-s",
            "bench",
            "-c",
            root.to_str().unwrap(),
            &command,
        ],
    );
    let pid = tmux(&socket, &["list-panes", "-t", "bench", "-F", "#{pane_pid}"])
        .trim()
        .to_string();
    wait_for(&socket, "the session", |s| {
        s.contains("Message") && s.contains("handlers.py")
    });
    std::thread::sleep(Duration::from_millis(500));
    let cpu_before = cpu_seconds(&pid);
    let start = Instant::now();
    tmux(
        &socket,
        &["send-keys", "-t", "bench", "-l", "update the handlers"],
    );
    tmux(&socket, &["send-keys", "-t", "bench", "Enter"]);
    wait_for(&socket, "the reply to finish", |s| {
        s.contains("Tokens:") || s.contains("Review")
    });
    let wall = start.elapsed();
    let cpu = cpu_seconds(&pid) - cpu_before;
    tmux(&socket, &["send-keys", "-t", "bench", "C-c"]);
    tmux(&socket, &["send-keys", "-t", "bench", "C-c"]);
    let quit = Instant::now();
    while Command::new("tmux")
        .args(["-L", &socket, "has-session", "-t", "bench"])
        .status()
        .is_ok_and(|status| status.success())
        && quit.elapsed() < Duration::from_secs(10)
    {
        std::thread::sleep(Duration::from_millis(50));
    }
    tmux(&socket, &["kill-server"]);
    let log = std::fs::read_to_string(root.join(".aider-tui/aider-tui.log")).unwrap_or_default();
    let frames = log
        .lines()
        .rev()
        .find(|line| line.contains("frame times"))
        .unwrap_or("(no frame log)");
    println!(
        "tui_stream_cpu: {TOKENS} tokens in {:.2} s = {:.0} tokens/s; process CPU {:.2} s = {:.0}% of one core",
        wall.as_secs_f64(),
        TOKENS as f64 / wall.as_secs_f64(),
        cpu,
        cpu / wall.as_secs_f64() * 100.0
    );
    println!("tui_stream_cpu: {frames}");
}
