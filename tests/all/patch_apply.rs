//! Applying OpenAI's `apply_patch` format with `aider-tui apply --format patch`, on
//! files written for this project in the shape real projects have: updates with context,
//! nested `@@` anchors that pick one of two identical places, hunks pinned to the end of
//! a file, added, deleted and moved files — and patches that must change no byte.

use std::fs;
use std::path::Path;
use std::process::{Command, Output, Stdio};

const SERVER: &str = r#"import json
from http.server import BaseHTTPRequestHandler


class Health(BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200)
        self.end_headers()
        self.wfile.write(b"ok")


class Items(BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200)
        self.end_headers()
        self.wfile.write(json.dumps([]).encode())


def main():
    print("serving")
"#;

fn apply(root: &Path, patch: &str, extra: &[&str]) -> Output {
    let reply_dir = tempfile::tempdir().unwrap();
    let reply = reply_dir.path().join("reply.md");
    fs::write(&reply, patch).unwrap();
    Command::new(env!("CARGO_BIN_EXE_aider-tui"))
        .args(["apply", "--root"])
        .arg(root)
        .args(["--format", "patch", "--file", "server.py"])
        .args(extra)
        .arg(&reply)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn project() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("server.py"), SERVER).unwrap();
    fs::create_dir(dir.path().join("docs")).unwrap();
    fs::write(dir.path().join("docs/old.md"), "# Old\n\nGone soon.\n").unwrap();
    fs::write(dir.path().join("notes.txt"), "keep me\n").unwrap();
    dir
}

fn read(dir: &Path, path: &str) -> String {
    fs::read_to_string(dir.join(path)).unwrap()
}

#[test]
fn nested_anchors_choose_between_two_identical_places() {
    let dir = project();
    // `self.send_response(200)` and its neighbours occur twice; the anchors say which.
    let patch = "*** Begin Patch\n*** Update File: server.py\n@@ class Items(BaseHTTPRequestHandler):\n@@     def do_GET(self):\n-        self.send_response(200)\n+        self.send_response(201)\n         self.end_headers()\n*** End Patch\n";
    let output = apply(dir.path(), patch, &[]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let text = read(dir.path(), "server.py");
    assert_eq!(text.matches("send_response(200)").count(), 1, "{text}");
    let items = text.find("class Items").unwrap();
    assert!(text[items..].contains("send_response(201)"), "{text}");
}

#[test]
fn without_anchors_the_same_hunk_is_refused_as_ambiguous() {
    let dir = project();
    let patch = "*** Begin Patch\n*** Update File: server.py\n@@\n-        self.send_response(200)\n+        self.send_response(201)\n         self.end_headers()\n*** End Patch\n";
    let output = apply(dir.path(), patch, &["--json"]);
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    assert_eq!(read(dir.path(), "server.py"), SERVER, "nothing changed");
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let reason = json["results"][0]["reason"].as_str().unwrap();
    assert!(reason.contains("matches 2 places"), "{reason}");
}

#[test]
fn an_end_of_file_hunk_add_delete_and_move_in_one_patch() {
    let dir = project();
    let patch = "\
*** Begin Patch
*** Update File: server.py
@@ def main():
-    print(\"serving\")
+    print(\"serving on 8000\")
*** End of File
*** Add File: docs/new.md
+# New
+
+Fresh.
*** Delete File: docs/old.md
*** Update File: notes.txt
*** Move to: docs/notes.txt
@@
-keep me
+kept, and moved
*** End Patch
";
    let output = apply(dir.path(), patch, &[]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert!(read(dir.path(), "server.py").ends_with("print(\"serving on 8000\")\n"));
    assert_eq!(read(dir.path(), "docs/new.md"), "# New\n\nFresh.\n");
    assert!(!dir.path().join("docs/old.md").exists());
    assert!(!dir.path().join("notes.txt").exists());
    assert_eq!(read(dir.path(), "docs/notes.txt"), "kept, and moved\n");
}

#[test]
fn an_anchored_hunk_of_added_lines_goes_under_its_anchor() {
    let dir = project();
    let patch = "*** Begin Patch\n*** Update File: server.py\n@@ class Health(BaseHTTPRequestHandler):\n+    \"\"\"Answers load balancers.\"\"\"\n*** End Patch\n";
    let output = apply(dir.path(), patch, &[]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert!(
        read(dir.path(), "server.py").contains(
            "class Health(BaseHTTPRequestHandler):\n    \"\"\"Answers load balancers.\"\"\"\n    def do_GET"
        )
    );
}

#[test]
fn adding_a_file_that_exists_or_deleting_one_that_does_not_changes_nothing() {
    let dir = project();
    let patch = "*** Begin Patch\n*** Add File: notes.txt\n+overwritten\n*** Delete File: missing.txt\n*** End Patch\n";
    let output = apply(dir.path(), patch, &["--json"]);
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    assert_eq!(read(dir.path(), "notes.txt"), "keep me\n");
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert!(
        json["results"][0]["reason"]
            .as_str()
            .unwrap()
            .contains("already exists"),
        "{json}"
    );
}

#[test]
fn a_move_onto_an_existing_file_or_out_of_the_root_is_refused() {
    let dir = project();
    let onto =
        "*** Begin Patch\n*** Update File: notes.txt\n*** Move to: server.py\n*** End Patch\n";
    let output = apply(dir.path(), onto, &["--json"]);
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert!(
        json["results"][0]["reason"]
            .as_str()
            .unwrap()
            .contains("server.py already exists"),
        "{json}"
    );
    assert_eq!(read(dir.path(), "server.py"), SERVER);
    assert_eq!(read(dir.path(), "notes.txt"), "keep me\n");
    let out =
        "*** Begin Patch\n*** Update File: notes.txt\n*** Move to: ../stolen.txt\n*** End Patch\n";
    let output = apply(dir.path(), out, &[]);
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    assert!(!dir.path().parent().unwrap().join("stolen.txt").exists());
    assert_eq!(read(dir.path(), "notes.txt"), "keep me\n");
}
