//! The `aider-tui apply` command, run as a process on temporary directories.

use std::fs;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

fn apply(root: &Path, format: &str, files: &[&str], extra: &[&str], reply: &str) -> Output {
    let reply_dir = tempfile::tempdir().unwrap();
    let reply_path = reply_dir.path().join("reply.md");
    fs::write(&reply_path, reply).unwrap();
    let mut command = Command::new(env!("CARGO_BIN_EXE_aider-tui"));
    command
        .arg("apply")
        .arg("--root")
        .arg(root)
        .arg("--format")
        .arg(format);
    for file in files {
        command.arg("--file").arg(file);
    }
    command.args(extra).arg(&reply_path).stdin(Stdio::null());
    command.output().unwrap()
}

fn block(path: &str, search: &str, replace: &str) -> String {
    format!("{path}\n```\n<<<<<<< SEARCH\n{search}=======\n{replace}>>>>>>> REPLACE\n```\n")
}

#[test]
fn applies_every_block_and_exits_zero() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("a.txt"), "one\r\ntwo\r\nthree").unwrap();
    let reply = format!("Done:\n\n{}", block("a.txt", "two\n", "2\n"));
    let output = apply(dir.path(), "diff", &["a.txt"], &[], &reply);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    // CRLF and the missing final newline are kept.
    assert_eq!(
        fs::read(dir.path().join("a.txt")).unwrap(),
        b"one\r\n2\r\nthree"
    );
}

#[test]
fn a_failed_block_exits_one_and_the_others_still_apply() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("a.txt"), "alpha\nbeta\n").unwrap();
    let reply = format!(
        "{}\n{}",
        block("a.txt", "alpha\n", "ALPHA\n"),
        block("a.txt", "gamma\n", "GAMMA\n")
    );
    let output = apply(dir.path(), "diff", &["a.txt"], &["--json"], &reply);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        fs::read_to_string(dir.path().join("a.txt")).unwrap(),
        "ALPHA\nbeta\n"
    );
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["results"][0]["status"], "applied");
    assert_eq!(report["results"][1]["status"], "failed");
    assert!(
        report["results"][1]["reason"]
            .as_str()
            .unwrap()
            .contains("not found")
    );
    let feedback = report["feedback"].as_str().unwrap();
    assert!(feedback.contains("gamma"));
    assert!(feedback.contains("1 block was applied"));
}

#[test]
fn a_truncated_reply_exits_two_and_applies_nothing() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("a.txt"), "alpha\n").unwrap();
    let reply = format!(
        "{}\na.txt\n<<<<<<< SEARCH\nalpha\n=======\nALP",
        block("a.txt", "alpha\n", "beta\n")
    );
    let output = apply(dir.path(), "diff", &["a.txt"], &[], &reply);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("line 11"));
    assert_eq!(
        fs::read_to_string(dir.path().join("a.txt")).unwrap(),
        "alpha\n"
    );
}

#[test]
fn parse_only_prints_the_edits_and_touches_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let reply = "new.txt\n```\n<<<<<<< SEARCH\n=======\nhello\n>>>>>>> REPLACE\n```\n\n```bash\nmake test\n```\n";
    let output = apply(dir.path(), "diff", &[], &["--parse-only", "--json"], reply);
    assert_eq!(output.status.code(), Some(0));
    let parsed: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(
        parsed,
        serde_json::json!({
            "edits": [{"path": "new.txt", "search": "", "replace": "hello\n"}],
            "shell_commands": ["make test\n"]
        })
    );
    assert!(fs::read_dir(dir.path()).unwrap().next().is_none());
}

#[test]
fn whole_and_udiff_parse_only_shapes() {
    let dir = tempfile::tempdir().unwrap();
    let whole = apply(
        dir.path(),
        "whole",
        &[],
        &["--parse-only", "--json"],
        "a.py\n```\nx = 1\n```\n",
    );
    let parsed: Value = serde_json::from_slice(&whole.stdout).unwrap();
    assert_eq!(parsed["edits"][0]["search"], "");
    assert_eq!(parsed["edits"][0]["replace"], "x = 1\n");
    let diff = "```diff\n--- a/a.py\n+++ b/a.py\n@@ -1,2 +1,2 @@\n keep\n-x = 1\n+x = 2\n```\n";
    let udiff = apply(dir.path(), "udiff", &[], &["--parse-only", "--json"], diff);
    let parsed: Value = serde_json::from_slice(&udiff.stdout).unwrap();
    assert_eq!(parsed["edits"][0]["path"], "a.py");
    assert_eq!(parsed["edits"][0]["search"], "keep\nx = 1\n");
    assert_eq!(parsed["edits"][0]["replace"], "keep\nx = 2\n");
}

#[test]
fn reads_the_reply_from_standard_input() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("a.txt"), "old\n").unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_aider-tui"))
        .args(["apply", "--format", "diff", "--file", "a.txt", "--root"])
        .arg(dir.path())
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(block("a.txt", "old\n", "new\n").as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        fs::read_to_string(dir.path().join("a.txt")).unwrap(),
        "new\n"
    );
}

#[test]
fn paths_outside_the_root_are_refused() {
    let base = tempfile::tempdir().unwrap();
    let root = base.path().join("root");
    fs::create_dir(&root).unwrap();
    fs::write(base.path().join("secret"), "keep\n").unwrap();
    let absolute = base.path().join("secret");
    let reply = format!(
        "{}\n{}\n{}",
        block("../secret", "keep\n", "owned\n"),
        block(&absolute.to_string_lossy(), "keep\n", "owned\n"),
        block("../new.txt", "", "owned\n"),
    );
    let output = apply(&root, "diff", &[], &[], &reply);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        fs::read_to_string(base.path().join("secret")).unwrap(),
        "keep\n"
    );
    assert!(!base.path().join("new.txt").exists());
    assert!(fs::read_dir(&root).unwrap().next().is_none());
}

#[test]
fn usage_errors_exit_two() {
    let dir = tempfile::tempdir().unwrap();
    let bad_format = apply(dir.path(), "context-diff", &[], &[], "x");
    assert_eq!(bad_format.status.code(), Some(2));
    let missing_root = apply(
        &dir.path().join("nope"),
        "diff",
        &[],
        &[],
        &block("a", "", "b\n"),
    );
    assert_eq!(missing_root.status.code(), Some(2));
}
