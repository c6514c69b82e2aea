//! The `aider-tui apply` command, run as a process on temporary directories.

use std::fs;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use proptest::prelude::*;
use serde_json::{Value, json};

fn apply(root: &Path, format: &str, files: &[&str], extra: &[&str], reply: &str) -> Output {
    apply_bytes(root, format, files, extra, reply.as_bytes())
}

fn apply_bytes(root: &Path, format: &str, files: &[&str], extra: &[&str], reply: &[u8]) -> Output {
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
fn an_unclosed_fence_after_complete_blocks_applies_them_with_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("a.py"), "x = 1\n").unwrap();
    let reply = format!(
        "{}\nThe whole file now reads:\n\n```python\nx = 2\n",
        block("a.py", "x = 1\n", "x = 2\n")
    );
    let output = apply(dir.path(), "diff", &["a.py"], &["--json"], &reply);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert_eq!(
        fs::read_to_string(dir.path().join("a.py")).unwrap(),
        "x = 2\n"
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("the fence opened at line 12 never closes"),
        "{stderr}"
    );
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["results"][0]["status"], "applied");
}

#[test]
fn an_unclosed_fence_and_no_block_is_no_edits() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("a.py"), "x = 1\n").unwrap();
    let reply = "Here is how it could look:\n\n```python\nx = 2\n";
    let output = apply(dir.path(), "diff", &["a.py"], &[], reply);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert!(String::from_utf8_lossy(&output.stdout).contains("no edits found"));
    assert_eq!(
        fs::read_to_string(dir.path().join("a.py")).unwrap(),
        "x = 1\n"
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
            "edits": [{"path": "new.txt", "search": "", "replace": "hello\n", "syntax_error": null}],
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

fn parse_only(format: &str, files: &[&str], reply: &str) -> Value {
    let dir = tempfile::tempdir().unwrap();
    let output = apply(
        dir.path(),
        format,
        files,
        &["--parse-only", "--json"],
        reply,
    );
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    serde_json::from_slice(&output.stdout).unwrap()
}

#[test]
fn patch_parse_only_json() {
    let reply = "```\n*** Begin Patch\n*** Update File: a.py\n*** Move to: b.py\n@@ def f():\n     x = 1\n-    y = 2\n+    y = 3\n*** Add File: new.txt\n+hello\n+\n*** Delete File: old.txt\n*** End Patch\n```\n";
    assert_eq!(
        parse_only("patch", &[], reply),
        json!({
            "edits": [
                {"path": "a.py", "search": "    x = 1\n    y = 2\n", "replace": "    x = 1\n    y = 3\n", "move_to": "b.py", "syntax_error": null},
                {"path": "new.txt", "search": "", "replace": "hello\n\n", "syntax_error": null},
                {"path": "old.txt", "search": "", "replace": "", "delete": true, "syntax_error": null}
            ],
            "shell_commands": []
        })
    );
}

#[test]
fn other_formats_json_has_no_new_keys() {
    let diff = parse_only("diff", &[], &block("a.py", "x\n", "y\n"));
    assert_eq!(
        diff,
        json!({"edits": [{"path": "a.py", "search": "x\n", "replace": "y\n", "syntax_error": null}], "shell_commands": []})
    );
}

#[test]
fn a_patch_applies_updates_and_adds() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("a.py"), "def f():\n    return 1\n").unwrap();
    let reply = "*** Begin Patch\n*** Update File: a.py\n@@\n def f():\n-    return 1\n+    return 2\n*** Add File: b.py\n+import a\n*** End Patch\n";
    let output = apply(dir.path(), "patch", &["a.py"], &["--json"], reply);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert_eq!(
        fs::read_to_string(dir.path().join("a.py")).unwrap(),
        "def f():\n    return 2\n"
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("b.py")).unwrap(),
        "import a\n"
    );
    // Adding a file that exists is refused; nothing changes.
    let again = apply(
        dir.path(),
        "patch",
        &[],
        &["--json"],
        "*** Begin Patch\n*** Add File: b.py\n+other\n*** End Patch\n",
    );
    assert_eq!(again.status.code(), Some(1));
    let report: Value = serde_json::from_slice(&again.stdout).unwrap();
    assert_eq!(report["results"][0]["status"], "failed");
    assert!(
        report["feedback"]
            .as_str()
            .unwrap()
            .contains("already exists")
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("b.py")).unwrap(),
        "import a\n"
    );
}

#[test]
fn a_udiff_whose_fence_never_closes_applies_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let original = "def f():\n    return 1\n";
    fs::write(dir.path().join("a.py"), original).unwrap();
    let reply = "```diff\n--- a.py\n+++ a.py\n@@ @@\n-def f():\n-    return 1\n+def f():\n";
    let output = apply(dir.path(), "udiff", &["a.py"], &[], reply);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("never closes"));
    assert_eq!(
        fs::read_to_string(dir.path().join("a.py")).unwrap(),
        original
    );
}

#[test]
fn markers_of_the_wrong_length_are_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("a.txt"), "old\n").unwrap();
    let reply = "a.txt\n```\n<<<< SEARCH\nold\n====\nnew\n>>>> REPLACE\n```\n";
    let output = apply(dir.path(), "diff", &["a.txt"], &[], reply);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("5 to 9 characters"));
    assert_eq!(
        fs::read_to_string(dir.path().join("a.txt")).unwrap(),
        "old\n"
    );
}

#[test]
fn invalid_utf8_refuses_only_the_blocks_it_touches() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("a.txt"), "one\ntwo\n").unwrap();
    let mut reply = b"\xef\xbb\xbf".to_vec();
    reply.extend(block("a.txt", "one\n", "1\n").as_bytes());
    reply.extend(b"\na.txt\n```\n<<<<<<< SEARCH\ntwo\n=======\nt\xffo\n>>>>>>> REPLACE\n```\n");
    let output = apply_bytes(dir.path(), "diff", &["a.txt"], &["--json"], &reply);
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["results"][0]["status"], "applied");
    assert_eq!(report["results"][1]["status"], "failed");
    assert!(
        report["results"][1]["reason"]
            .as_str()
            .unwrap()
            .contains("UTF-8")
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("a.txt")).unwrap(),
        "1\ntwo\n"
    );
}

#[test]
fn a_markdown_listing_with_inner_fences_is_checked_against_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let readme = "# Tool\n\nRun it:\n\n```\ntool --help\n```\n\nMore.\n";
    fs::write(dir.path().join("README.md"), readme).unwrap();
    let new = readme.replace("More.", "More text.");
    let reply = format!("README.md\n```\n{new}```\n");
    let output = apply(dir.path(), "whole", &["README.md"], &[], &reply);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert_eq!(
        fs::read_to_string(dir.path().join("README.md")).unwrap(),
        new
    );
    // A new file gives nothing to check against: refused, never cut short.
    let other = apply(
        dir.path(),
        "whole",
        &[],
        &[],
        &reply.replace("README.md\n", "GUIDE.md\n"),
    );
    assert_eq!(other.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&other.stdout).contains("longer fence"));
    assert!(!dir.path().join("GUIDE.md").exists());
}

/// Ways of breaking a patch, each of which must leave every file as it was.
fn break_patch(patch: &str, how: usize) -> String {
    match how {
        0 => patch.replacen("*** Begin Patch\n", "", 1),
        1 => patch.replacen("*** End Patch\n", "", 1),
        2 => patch.replacen("\n-", "\nno prefix here\n-", 1),
        3 => patch.replacen(
            "*** End Patch",
            "*** Frobnicate File: a.txt\n*** End Patch",
            1,
        ),
        _ => patch.replacen(
            "*** End Patch",
            "*** Add File: n.txt\n+x\ny\n*** End Patch",
            1,
        ),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn a_malformed_patch_changes_no_byte(
        lines in prop::collection::vec("[a-z ]{1,12}", 2..8),
        how in 0..5usize,
        fenced in any::<bool>(),
    ) {
        let dir = tempfile::tempdir().unwrap();
        let text: String = lines.iter().map(|line| format!("{line}\n")).collect();
        fs::write(dir.path().join("a.txt"), &text).unwrap();
        fs::write(dir.path().join("gone.txt"), "keep\n").unwrap();
        let hunk: String = lines.iter().map(|line| format!("-{line}\n+{line}!\n")).collect();
        let patch = format!("*** Begin Patch\n*** Update File: a.txt\n@@\n{hunk}*** Delete File: gone.txt\n*** Add File: new.txt\n+made\n*** End Patch\n");
        let broken = break_patch(&patch, how);
        let reply = if fenced { format!("```\n{broken}```\n") } else { broken };
        let output = apply(dir.path(), "patch", &["a.txt"], &[], &reply);
        prop_assert_eq!(output.status.code(), Some(2), "{:?}", output);
        prop_assert_eq!(fs::read_to_string(dir.path().join("a.txt")).unwrap(), text);
        prop_assert_eq!(fs::read_to_string(dir.path().join("gone.txt")).unwrap(), "keep\n");
        prop_assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 2);
    }
}

/// Per language, a file a block breaks and a file a block keeps whole; and a file
/// broken before, whose block only moves the old error.
const SYNTAX_CASES: &[(&str, &str, &str, bool)] = &[
    (
        "bad.py",
        "def f():\n    return 1\n",
        "def f(:\n    return 1\n",
        true,
    ),
    (
        "ok.py",
        "def f():\n    return 1\n",
        "def f(x):\n    return x\n",
        false,
    ),
    ("bad.js", "f(1);\n", "f(1;\n", true),
    ("ok.js", "f(1);\n", "f(2);\n", false),
    (
        "bad.ts",
        "let a: number = 1;\n",
        "let a: number = (1;\n",
        true,
    ),
    (
        "ok.ts",
        "let a: number = 1;\n",
        "let b: number = 1;\n",
        false,
    ),
    ("bad.rs", "fn main() {}\n", "fn main() {\n", true),
    ("ok.rs", "fn main() {}\n", "fn main() { run(); }\n", false),
    (
        "bad.go",
        "package main\n\nfunc main() {}\n",
        "package main\n\nfunc main() {\n",
        true,
    ),
    (
        "ok.go",
        "package main\n\nfunc main() {}\n",
        "package main\n\nfunc run() {}\n",
        false,
    ),
    (
        "Bad.java",
        "class A {\n  int x = 1;\n}\n",
        "class A {\n  int x = 1\n}\n",
        true,
    ),
    (
        "Ok.java",
        "class A {\n  int x = 1;\n}\n",
        "class A {\n  int y = 1;\n}\n",
        false,
    ),
    ("bad.c", "int x = 1;\n", "int x = 1\n", true),
    ("ok.c", "int x = 1;\n", "int y = 2;\n", false),
    ("bad.rb", "x = [1]\n", "x = [1\n", true),
    ("ok.rb", "x = [1]\n", "x = [2]\n", false),
    (
        "old.py",
        "def f(:\n    pass\n",
        "import os\n\ndef f(:\n    pass\n",
        false,
    ),
    ("notes.txt", "a (\n", "a ((\n", false),
];

fn syntax_reply(dir: &Path) -> String {
    let mut reply = String::new();
    for (path, before, after, _) in SYNTAX_CASES {
        fs::write(dir.join(path), before).unwrap();
        reply.push_str(&block(path, before, after));
        reply.push('\n');
    }
    reply
}

#[test]
fn every_result_says_whether_its_block_breaks_the_syntax() {
    let dir = tempfile::tempdir().unwrap();
    let reply = syntax_reply(dir.path());
    let files: Vec<&str> = SYNTAX_CASES.iter().map(|case| case.0).collect();
    let output = apply(dir.path(), "diff", &files, &["--json"], &reply);
    // Breaking blocks are still written: the exit code says only whether all applied.
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    for (index, (path, _, after, breaks)) in SYNTAX_CASES.iter().enumerate() {
        let result = &report["results"][index];
        assert_eq!(result["path"], *path);
        assert_eq!(result["status"], "applied", "{result}");
        assert_eq!(fs::read_to_string(dir.path().join(path)).unwrap(), *after);
        let found = &result["syntax_error"];
        if *breaks {
            assert!(found["line"].as_u64().unwrap() >= 1, "{path}: {found}");
            assert!(!found["message"].as_str().unwrap().is_empty(), "{path}");
        } else {
            assert_eq!(found, &Value::Null, "{path}");
        }
    }
    assert!(
        report["results"][0]["syntax_error"]["message"]
            .as_str()
            .unwrap()
            .contains("`(`")
    );
}

#[test]
fn parse_only_says_which_blocks_would_break_the_syntax() {
    let dir = tempfile::tempdir().unwrap();
    let reply = syntax_reply(dir.path());
    let files: Vec<&str> = SYNTAX_CASES.iter().map(|case| case.0).collect();
    let output = apply(
        dir.path(),
        "diff",
        &files,
        &["--parse-only", "--json"],
        &reply,
    );
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let parsed: Value = serde_json::from_slice(&output.stdout).unwrap();
    for (index, (path, before, _, breaks)) in SYNTAX_CASES.iter().enumerate() {
        let found = &parsed["edits"][index]["syntax_error"];
        assert_eq!(found.is_object(), *breaks, "{path}: {found}");
        assert_eq!(fs::read_to_string(dir.path().join(path)).unwrap(), *before);
    }
}

/// New files in new sibling folders, written in parallel: every run creates them all
/// (once, a shared new parent made by one write failed the others with "File exists").
#[test]
fn new_files_in_new_sibling_folders_are_all_created_every_time() {
    let files = [
        "src/new/a.py",
        "src/new/b.py",
        "src/other/c.py",
        "src/new/d.py",
    ];
    let reply: String = files
        .iter()
        .map(|path| block(path, "", &format!("# {path}\n")))
        .collect();
    for run in 0..50 {
        let dir = tempfile::tempdir().unwrap();
        let output = apply(dir.path(), "diff", &[], &[], &reply);
        assert_eq!(output.status.code(), Some(0), "run {run}: {output:?}");
        for path in files {
            assert_eq!(
                fs::read_to_string(dir.path().join(path)).unwrap(),
                format!("# {path}\n"),
                "run {run}"
            );
        }
    }
}

#[test]
fn twenty_new_files_over_ten_new_folders_are_all_created() {
    let files: Vec<String> = (0..20)
        .map(|index| format!("pkg/part{}/sub/file{index}.py", index % 10))
        .collect();
    let reply: String = files
        .iter()
        .map(|path| block(path, "", &format!("# {path}\n")))
        .collect();
    for run in 0..10 {
        let dir = tempfile::tempdir().unwrap();
        let output = apply(dir.path(), "diff", &[], &["--json"], &reply);
        assert_eq!(output.status.code(), Some(0), "run {run}: {output:?}");
        let report: Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(report["changed_files"].as_array().unwrap().len(), 20);
        for path in &files {
            assert!(dir.path().join(path).is_file(), "run {run}: {path}");
        }
    }
}

#[test]
fn a_stray_divider_before_replace_is_dropped_and_the_json_says_so() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("a.py"), "def f():\n    return 1\n").unwrap();
    let reply = "a.py\n```python\n<<<<<<< SEARCH\n    return 1\n=======\n    return 2\n=======\n>>>>>>> REPLACE\n```\n";
    let output = apply(dir.path(), "diff", &["a.py"], &["--json"], reply);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert_eq!(
        fs::read_to_string(dir.path().join("a.py")).unwrap(),
        "def f():\n    return 2\n"
    );
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    let note = report["results"][0]["note"].as_str().unwrap();
    assert!(note.contains("stray ======= line"), "{note}");
    // Without --json, the note is printed under the block's result.
    fs::write(dir.path().join("a.py"), "def f():\n    return 1\n").unwrap();
    let output = apply(dir.path(), "diff", &["a.py"], &[], reply);
    let printed = String::from_utf8_lossy(&output.stdout);
    assert!(printed.contains("note: a stray ======= line"), "{printed}");
}

#[test]
fn extra_dividers_are_settled_by_the_one_split_the_file_holds() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("doc.rst"), "Title\n=====\n\nOld para.\n").unwrap();
    // An underline longer than its heading: the text alone cannot tell it from the
    // divider, but only one split's SEARCH text is in the file.
    let reply = "doc.rst\n<<<<<<< SEARCH\nOld para.\n=======\nNew para.\n\nSec\n=======\n\nMore.\n>>>>>>> REPLACE\n";
    let parsed = parse_only("diff", &[], reply);
    assert!(
        parsed["edits"][0]["refusal"]
            .as_str()
            .unwrap()
            .contains("none can be told")
    );
    let output = apply(dir.path(), "diff", &["doc.rst"], &[], reply);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert_eq!(
        fs::read_to_string(dir.path().join("doc.rst")).unwrap(),
        "Title\n=====\n\nNew para.\n\nSec\n=======\n\nMore.\n"
    );
    // Two splits whose SEARCH texts are both in the file: refused, nothing guessed.
    let original = "A\n=======\nB\n";
    fs::write(dir.path().join("doc.rst"), original).unwrap();
    let both = "doc.rst\n<<<<<<< SEARCH\nA\n=======\nB\n=======\nC\n>>>>>>> REPLACE\n";
    let output = apply(dir.path(), "diff", &["doc.rst"], &["--json"], both);
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    let reason = report["results"][0]["reason"].as_str().unwrap();
    assert!(reason.contains("2 ways to split it"), "{reason}");
    assert_eq!(
        fs::read_to_string(dir.path().join("doc.rst")).unwrap(),
        original
    );
}
