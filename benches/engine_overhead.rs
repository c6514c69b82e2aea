//! The engine's own overhead on one long streamed reply (issue 4, item 8).
//!
//! The loopback mock streams a 20,000-token reply as fast as it can. For each run we
//! take the wall time of the whole turn and subtract the mock's own send time (from
//! receiving the request to writing the last byte): what is left is what the
//! program spends beyond the model. Measured three ways:
//! - in process: `engine::spawn`, Submit → TurnFinished (no process start-up);
//! - the release binary, `--message`, as a user runs it (with start-up), with its CPU
//!   time (user + system, from the shell's `times`);
//! - Aider 0.86 against the same mock with the same file, when `aider` is installed
//!   (set `AIDER_BIN` to its path, or have it on PATH).
//!
//! Run: `cargo bench --bench engine_overhead`
//! (`ENGINE_OVERHEAD_RUNS` sets the number of runs, default 5).

// Tests, benchmarks and examples unwrap and print: a failure there is the point.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::print_stdout,
    clippy::print_stderr
)]

#[path = "../tests/support/mock_llm.rs"]
mod mock_llm;

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use aider_tui::config::{Secret, Settings};
use aider_tui::engine;
use aider_tui::protocol::{Event, Op, TurnOutcome};
use mock_llm::{MockLlm, Reply};

const REPLY_TOKENS: usize = 20_000;
const FILE: &str = "def greet():\n    return \"hello\"\n";

/// One run: total wall time, the mock's send time, CPU seconds if known.
struct Run {
    wall: Duration,
    send: Duration,
    cpu: Option<f64>,
}

impl Run {
    fn overhead(&self) -> Duration {
        self.wall.saturating_sub(self.send)
    }
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(|a, b| a.total_cmp(b));
    values[values.len() / 2]
}

fn summary(name: &str, runs: &[Run]) -> String {
    let wall = median(
        runs.iter()
            .map(|run| run.wall.as_secs_f64() * 1000.0)
            .collect(),
    );
    let send = median(
        runs.iter()
            .map(|run| run.send.as_secs_f64() * 1000.0)
            .collect(),
    );
    let overhead = median(
        runs.iter()
            .map(|run| run.overhead().as_secs_f64() * 1000.0)
            .collect(),
    );
    let cpu = if runs.iter().all(|run| run.cpu.is_some()) {
        format!(
            "{:.0}",
            median(
                runs.iter()
                    .filter_map(|run| run.cpu)
                    .map(|cpu| cpu * 1000.0)
                    .collect()
            )
        )
    } else {
        "–".to_string()
    };
    format!("| {name} | {wall:.0} | {send:.0} | {overhead:.0} | {cpu} |")
}

fn workdir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("hello.py"), FILE).expect("write file");
    dir
}

fn last_send_time(mock: &MockLlm) -> Duration {
    mock.requests()
        .last()
        .and_then(|request| request.send_time)
        .unwrap_or_default()
}

fn in_process(mock: &MockLlm, runtime: &tokio::runtime::Runtime) -> Run {
    let dir = workdir();
    let root = dir.path().canonicalize().expect("root");
    let settings = Settings {
        model: Some("openai/gpt-4o".into()),
        api_base: Some(mock.openai_base()),
        api_key: Some(Secret::new("x")),
        yes: true,
        git: false,
        files: vec!["hello.py".into()],
        cwd: root.clone(),
        root,
        read_process_env: false,
        ..Settings::default()
    };
    mock.push(Reply::long_text(REPLY_TOKENS));
    runtime.block_on(async {
        let (ops, mut events) = engine::spawn(settings);
        // Wait for start-up so only the turn is timed.
        while let Some(event) = events.recv().await {
            if matches!(event, Event::Status(_)) {
                break;
            }
        }
        let started = Instant::now();
        ops.send(Op::Submit {
            text: "Write a long reply".into(),
        })
        .await
        .expect("submit");
        let mut outcome = None;
        while let Some(event) = events.recv().await {
            if let Event::TurnFinished { outcome: finished } = event {
                outcome = Some(finished);
                break;
            }
        }
        let wall = started.elapsed();
        assert_eq!(outcome, Some(TurnOutcome::Success), "the turn failed");
        let _ = ops.send(Op::Quit).await;
        while let Some(event) = events.recv().await {
            if matches!(event, Event::ShutdownComplete) {
                break;
            }
        }
        Run {
            wall,
            send: last_send_time(mock),
            cpu: None,
        }
    })
}

/// Runs a program under bash and reads its children's CPU time from `times`.
fn timed_process(
    program: &str,
    args: &[String],
    cwd: &Path,
    env: &[(&str, String)],
) -> (Duration, Option<f64>, bool) {
    let mut command = Command::new("bash");
    command
        .arg("-c")
        .arg("\"$@\" >/dev/null 2>/tmp/engine_overhead_stderr.txt; status=$?; times; exit $status")
        .arg("bench")
        .arg(program)
        .args(args)
        .current_dir(cwd);
    for (name, value) in env {
        command.env(name, value);
    }
    let started = Instant::now();
    let output = command.output().expect("run bash");
    let wall = started.elapsed();
    let times = String::from_utf8_lossy(&output.stdout).into_owned();
    // The second line of `times` is the children's user and system time: "0m0.123s 0m0.045s".
    let cpu = times.lines().nth(1).map(|line| {
        line.split_whitespace()
            .map(|part| {
                let part = part.trim_end_matches('s');
                let (minutes, seconds) = part.split_once('m').unwrap_or(("0", part));
                minutes.parse::<f64>().unwrap_or(0.0) * 60.0 + seconds.parse::<f64>().unwrap_or(0.0)
            })
            .sum::<f64>()
    });
    (wall, cpu, output.status.success())
}

fn binary(mock: &MockLlm, home: &Path) -> Run {
    let dir = workdir();
    mock.push(Reply::long_text(REPLY_TOKENS));
    let args: Vec<String> = [
        "hello.py",
        "--model",
        "openai/gpt-4o",
        "--api-base",
        &mock.openai_base(),
        "--api-key",
        "x",
        "--yes",
        "--no-git",
        "--message",
        "Write a long reply",
    ]
    .iter()
    .map(|arg| arg.to_string())
    .collect();
    let env = [("HOME", home.display().to_string())];
    let (wall, cpu, ok) = timed_process(env!("CARGO_BIN_EXE_aider-tui"), &args, dir.path(), &env);
    assert!(
        ok,
        "aider-tui failed: {}",
        std::fs::read_to_string("/tmp/engine_overhead_stderr.txt").unwrap_or_default()
    );
    Run {
        wall,
        send: last_send_time(mock),
        cpu,
    }
}

/// The floor: curl reading the same stream and throwing it away.
fn curl(mock: &MockLlm, home: &Path) -> Option<Run> {
    let dir = workdir();
    mock.push(Reply::long_text(REPLY_TOKENS));
    let url = format!("{}/chat/completions", mock.openai_base());
    let body = r#"{"model":"gpt-4o","stream":true,"messages":[{"role":"user","content":"Write a long reply"}]}"#;
    let args: Vec<String> = [
        "-sN",
        "-H",
        "content-type: application/json",
        "-d",
        body,
        &url,
    ]
    .iter()
    .map(|arg| arg.to_string())
    .collect();
    let env = [("HOME", home.display().to_string())];
    let (wall, cpu, ok) = timed_process("curl", &args, dir.path(), &env);
    ok.then(|| Run {
        wall,
        send: last_send_time(mock),
        cpu,
    })
}

fn aider_program() -> Option<String> {
    if let Ok(path) = std::env::var("AIDER_BIN") {
        return Some(path);
    }
    let found = Command::new("sh")
        .arg("-c")
        .arg("command -v aider")
        .output()
        .ok()?;
    let path = String::from_utf8_lossy(&found.stdout).trim().to_string();
    if path.is_empty() { None } else { Some(path) }
}

/// Gives Aider its model price table from the copy litellm ships, in Aider's cache,
/// so it does not try to download it (this machine has no internet).
fn seed_aider_cache(program: &str, home: &Path) {
    let python = Path::new(program).with_file_name("python");
    let found = Command::new(&python)
        .arg("-c")
        .arg("import importlib.util, os; print(os.path.join(os.path.dirname(importlib.util.find_spec('litellm').origin), 'model_prices_and_context_window_backup.json'))")
        .output();
    let Ok(found) = found else {
        return;
    };
    let table = String::from_utf8_lossy(&found.stdout).trim().to_string();
    let caches = home.join(".aider").join("caches");
    if std::fs::create_dir_all(&caches).is_ok() {
        let _ = std::fs::copy(&table, caches.join("model_prices_and_context_window.json"));
    }
}

fn aider(program: &str, mock: &MockLlm, home: &Path) -> Option<Run> {
    let dir = workdir();
    mock.push(Reply::long_text(REPLY_TOKENS));
    let args: Vec<String> = [
        "hello.py",
        "--model",
        "openai/gpt-4o",
        "--openai-api-base",
        &mock.openai_base(),
        "--openai-api-key",
        "x",
        "--yes-always",
        "--no-git",
        "--no-check-update",
        "--no-show-model-warnings",
        "--analytics-disable",
        "--no-pretty",
        "--message",
        "Write a long reply",
    ]
    .iter()
    .map(|arg| arg.to_string())
    .collect();
    let env = [
        ("HOME", home.display().to_string()),
        ("LITELLM_LOCAL_MODEL_COST_MAP", "True".to_string()),
    ];
    let (wall, cpu, ok) = timed_process(program, &args, dir.path(), &env);
    if !ok {
        eprintln!(
            "aider failed; its stderr:\n{}",
            std::fs::read_to_string("/tmp/engine_overhead_stderr.txt").unwrap_or_default()
        );
        return None;
    }
    Some(Run {
        wall,
        send: last_send_time(mock),
        cpu,
    })
}

fn main() {
    // `cargo test` also runs benches once with --bench absent; only measure under `cargo bench`.
    if !std::env::args().any(|arg| arg == "--bench") {
        return;
    }
    let runs: usize = std::env::var("ENGINE_OVERHEAD_RUNS")
        .ok()
        .and_then(|runs| runs.parse().ok())
        .unwrap_or(5);
    let mock = MockLlm::start_in_thread();
    // A reply this long starts a background history summary when the turn ends; answer
    // it by rule so it never takes the next run's scripted reply.
    mock.rule("You condense a conversation", Reply::text(["A summary."]));
    let home = tempfile::tempdir().expect("home");
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");

    // One warm-up of each, not counted (page cache, first connection).
    let _ = in_process(&mock, &runtime);
    let _ = binary(&mock, home.path());
    let engine_runs: Vec<Run> = (0..runs).map(|_| in_process(&mock, &runtime)).collect();
    let binary_runs: Vec<Run> = (0..runs).map(|_| binary(&mock, home.path())).collect();
    let curl_runs: Vec<Run> = (0..runs).filter_map(|_| curl(&mock, home.path())).collect();
    let aider_runs: Vec<Run> = match aider_program() {
        Some(program) => {
            seed_aider_cache(&program, home.path());
            let _ = aider(&program, &mock, home.path());
            (0..runs)
                .filter_map(|_| aider(&program, &mock, home.path()))
                .collect()
        }
        None => {
            eprintln!("aider is not installed: set AIDER_BIN or put aider on PATH to compare");
            Vec::new()
        }
    };

    println!(
        "Streamed reply: {REPLY_TOKENS} tokens from the loopback mock; median of {runs} runs (ms)."
    );
    println!("| run | wall | mock send | overhead (wall − send) | CPU (user+sys) |");
    println!("| --- | ---: | ---: | ---: | ---: |");
    println!("{}", summary("aider-tui engine, in process", &engine_runs));
    println!("{}", summary("aider-tui binary, --message", &binary_runs));
    if !curl_runs.is_empty() {
        println!("{}", summary("curl reading the stream (floor)", &curl_runs));
    }
    if !aider_runs.is_empty() {
        println!("{}", summary("Aider 0.86, --message", &aider_runs));
        let ours = median(
            binary_runs
                .iter()
                .map(|run| run.overhead().as_secs_f64())
                .collect(),
        );
        let theirs = median(
            aider_runs
                .iter()
                .map(|run| run.overhead().as_secs_f64())
                .collect(),
        );
        println!(
            "binary overhead / Aider overhead: {:.1}%",
            ours / theirs * 100.0
        );
    }
}
