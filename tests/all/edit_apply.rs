//! The edit engine as a library: dry runs, ordered application, chat-file
//! fallback, refusals, and what is (not) left on disk.

use std::fs;
use std::path::Path;

use aider_tui::diff::LineKind;
use aider_tui::edit::{
    ChangeKind, Decision, Edit, EditFailure, EditFormat, EditStatus, FileResult, Workspace,
    apply_edits, apply_plan, parse_reply, plan_edits,
};

fn workspace(files: &[(&str, &str)]) -> (tempfile::TempDir, Workspace) {
    let dir = tempfile::tempdir().unwrap();
    for (rel, text) in files {
        let path = dir.path().join(rel);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    let ws = Workspace::new(dir.path()).unwrap();
    (dir, ws)
}

fn chat(files: &[&str]) -> Vec<String> {
    files.iter().map(|s| s.to_string()).collect()
}

fn read(dir: &Path, rel: &str) -> String {
    fs::read_to_string(dir.join(rel)).unwrap()
}

#[test]
fn plan_writes_nothing_and_shows_before_and_after() {
    let (dir, ws) = workspace(&[("a.txt", "one\ntwo\n")]);
    let edits = vec![
        Edit::new("a.txt", "two\n", "2\n"),
        Edit::new("a.txt", "2\n", "II\n"),
        Edit::new("b.txt", "", "new\n"),
    ];
    let plan = plan_edits(&ws, &edits, &chat(&["a.txt"]));
    assert_eq!(plan.blocks.len(), 3);
    assert!(plan.blocks.iter().all(|planned| planned.outcome.is_ok()));
    // The second block is planned on top of the first: it replaces the `2` line.
    let second = plan.blocks[1].outcome.as_ref().unwrap();
    let changed: Vec<(LineKind, &str)> = second.hunks[0]
        .lines
        .iter()
        .filter(|line| line.kind != LineKind::Context)
        .map(|line| (line.kind, line.text.as_str()))
        .collect();
    assert_eq!(
        changed,
        vec![(LineKind::Removed, "2"), (LineKind::Added, "II")]
    );
    assert_eq!(
        plan.blocks[2].outcome.as_ref().unwrap().kind,
        ChangeKind::Create
    );
    // The files' final texts are what would be written.
    assert_eq!(plan.files[0].result, FileResult::Write("one\nII\n".into()));
    assert_eq!(read(dir.path(), "a.txt"), "one\ntwo\n");
    assert!(!dir.path().join("b.txt").exists());
}

#[test]
fn later_edits_see_earlier_ones_and_files_are_written_once() {
    let (dir, ws) = workspace(&[("src/lib.rs", "fn a() {}\n")]);
    let edits = vec![
        Edit::new("src/lib.rs", "fn a() {}\n", "fn a() {}\nfn b() {}\n"),
        Edit::new("src/lib.rs", "fn b() {}\n", "fn b() { a() }\n"),
        Edit::new("src/new/mod.rs", "", "pub mod x;\n"),
    ];
    let report = apply_edits(&ws, &edits, &chat(&["src/lib.rs"]));
    assert!(report.all_applied(), "{report:?}");
    assert_eq!(report.results[2].status, EditStatus::Created);
    assert_eq!(
        read(dir.path(), "src/lib.rs"),
        "fn a() {}\nfn b() { a() }\n"
    );
    assert_eq!(read(dir.path(), "src/new/mod.rs"), "pub mod x;\n");
    assert_eq!(report.changed_files(), vec!["src/lib.rs", "src/new/mod.rs"]);
    assert_eq!(report.feedback(), None);
}

#[test]
fn wrong_file_falls_back_to_the_one_chat_file_that_matches() {
    let (dir, ws) = workspace(&[("a.py", "x = 1\n"), ("b.py", "y = 2\n")]);
    let report = apply_edits(
        &ws,
        &[Edit::new("a.py", "y = 2\n", "y = 3\n")],
        &chat(&["a.py", "b.py"]),
    );
    assert!(report.all_applied());
    assert_eq!(report.results[0].path, "b.py");
    assert_eq!(read(dir.path(), "b.py"), "y = 3\n");
    assert_eq!(read(dir.path(), "a.py"), "x = 1\n");
}

#[test]
fn text_in_two_chat_files_is_refused_when_the_named_file_is_missing() {
    let (dir, ws) = workspace(&[("a.py", "same\n"), ("b.py", "same\n")]);
    let report = apply_edits(
        &ws,
        &[Edit::new("c.py", "same\n", "other\n")],
        &chat(&["a.py", "b.py"]),
    );
    assert!(matches!(
        report.results[0].status,
        EditStatus::Failed(EditFailure::AmbiguousFiles { .. })
    ));
    assert_eq!(read(dir.path(), "a.py"), "same\n");
    assert_eq!(read(dir.path(), "b.py"), "same\n");
    assert!(!dir.path().join("c.py").exists());
}

#[test]
fn a_failed_edit_leaves_no_file_behind() {
    let (dir, ws) = workspace(&[("a.py", "x = 1\n")]);
    let report = apply_edits(
        &ws,
        &[Edit::new("lib/missing.py", "nothing\n", "x\n")],
        &chat(&["a.py"]),
    );
    assert!(!report.all_applied());
    assert!(!dir.path().join("lib").exists());
    let feedback = report.feedback().unwrap();
    assert!(feedback.contains("lib/missing.py"));
    assert!(feedback.contains("No block was applied"));
}

#[test]
fn feedback_shows_the_closest_lines_and_notes_replace_already_present() {
    let (_dir, ws) = workspace(&[("a.py", "def f():\n    return 1\n\ndef g():\n    return 2\n")]);
    let edits = vec![
        Edit::new(
            "a.py",
            "def f():\n    return 10\n",
            "def f():\n    return 11\n",
        ),
        Edit::new("a.py", "def h():\n    pass\n", "def g():\n    return 2\n"),
    ];
    let report = apply_edits(&ws, &edits, &chat(&["a.py"]));
    let feedback = report.feedback().unwrap();
    assert!(feedback.contains("    return 1\n"), "{feedback}");
    assert!(feedback.contains("from line 1"), "{feedback}");
    assert!(feedback.contains("already in a.py"), "{feedback}");
}

#[test]
fn empty_search_appends_to_a_file_with_content_and_never_overwrites() {
    let (dir, ws) = workspace(&[("notes.md", "# Notes\n")]);
    let report = apply_edits(&ws, &[Edit::new("notes.md", "", "- more\n")], &[]);
    assert!(report.all_applied());
    assert_eq!(read(dir.path(), "notes.md"), "# Notes\n- more\n");
}

#[test]
fn whole_file_listing_keeps_crlf_and_missing_final_newline() {
    let (dir, ws) = workspace(&[("a.txt", "old\r\nlines")]);
    let report = apply_edits(&ws, &[Edit::whole_file("a.txt", "new\nlines\n")], &[]);
    assert!(report.all_applied());
    assert_eq!(fs::read(dir.path().join("a.txt")).unwrap(), b"new\r\nlines");
}

#[test]
fn binary_and_non_utf8_targets_are_refused_untouched() {
    let (dir, ws) = workspace(&[]);
    fs::write(dir.path().join("img.bin"), b"\x89PNG\0\0data").unwrap();
    fs::write(dir.path().join("latin.txt"), b"caf\xe9\n").unwrap();
    let report = apply_edits(
        &ws,
        &[
            Edit::new("img.bin", "data", "x"),
            Edit::new("latin.txt", "caf", "x"),
        ],
        &[],
    );
    for result in &report.results {
        assert!(
            matches!(
                result.status,
                EditStatus::Failed(EditFailure::Unreadable(_))
            ),
            "{result:?}"
        );
    }
    assert_eq!(
        fs::read(dir.path().join("img.bin")).unwrap(),
        b"\x89PNG\0\0data"
    );
    assert_eq!(
        fs::read(dir.path().join("latin.txt")).unwrap(),
        b"caf\xe9\n"
    );
}

#[test]
fn git_directory_is_never_edited() {
    let (dir, ws) = workspace(&[(".git/config", "[core]\n")]);
    let report = apply_edits(
        &ws,
        &[Edit::new(".git/config", "[core]\n", "[evil]\n")],
        &[],
    );
    assert!(matches!(
        report.results[0].status,
        EditStatus::Failed(EditFailure::PathRefused(_))
    ));
    assert_eq!(read(dir.path(), ".git/config"), "[core]\n");
}

#[test]
fn parse_then_apply_each_format() {
    let (dir, ws) = workspace(&[("m.py", "a = 1\nb = 2\n")]);
    let files = chat(&["m.py"]);
    let replies = [
        (
            EditFormat::Diff,
            "m.py\n```\n<<<<<<< SEARCH\na = 1\n=======\na = 10\n>>>>>>> REPLACE\n```\n",
        ),
        (
            EditFormat::DiffFenced,
            "```\nm.py\n<<<<<<< SEARCH\nb = 2\n=======\nb = 20\n>>>>>>> REPLACE\n```\n",
        ),
        (
            EditFormat::Udiff,
            "```diff\n--- m.py\n+++ m.py\n@@ ... @@\n a = 10\n-b = 20\n+b = 30\n```\n",
        ),
    ];
    for (format, reply) in replies {
        let parsed = parse_reply(reply, format, &files).unwrap();
        assert!(
            apply_edits(&ws, &parsed.edits, &files).all_applied(),
            "{format}"
        );
    }
    assert_eq!(read(dir.path(), "m.py"), "a = 10\nb = 30\n");
    let parsed = parse_reply("m.py\n```\nwhole\n```\n", EditFormat::Whole, &files).unwrap();
    assert!(apply_edits(&ws, &parsed.edits, &files).all_applied());
    assert_eq!(read(dir.path(), "m.py"), "whole\n");
}

#[test]
fn placeholders_for_omitted_code_are_refused() {
    let original = "fn a() {\n    one();\n    two();\n}\n";
    let (dir, ws) = workspace(&[("a.rs", original)]);
    let edits = vec![
        Edit::new(
            "a.rs",
            "fn a() {\n    one();\n    two();\n}\n",
            "fn a() {\n    // ... existing code ...\n    three();\n}\n",
        ),
        Edit::whole_file("a.rs", "fn a() {\n    // ... rest unchanged ...\n}\n"),
    ];
    let report = apply_edits(&ws, &edits, &chat(&["a.rs"]));
    for result in &report.results {
        assert!(
            matches!(
                result.status,
                EditStatus::Failed(EditFailure::Placeholder { .. })
            ),
            "{result:?}"
        );
    }
    assert_eq!(read(dir.path(), "a.rs"), original);
}

#[test]
fn byte_order_mark_is_kept() {
    let (dir, ws) = workspace(&[("a.txt", "\u{feff}first\nsecond\n")]);
    let report = apply_edits(&ws, &[Edit::new("a.txt", "first\n", "1st\n")], &[]);
    assert!(report.all_applied(), "{report:?}");
    assert_eq!(read(dir.path(), "a.txt"), "\u{feff}1st\nsecond\n");
}

#[test]
fn a_listing_named_by_a_shared_basename_creates_nothing() {
    let (dir, ws) = workspace(&[("a/index.js", "a\n"), ("b/index.js", "b\n")]);
    let files = chat(&["a/index.js", "b/index.js"]);
    let parsed = parse_reply("index.js\n```\nnew\n```\n", EditFormat::Whole, &files).unwrap();
    let report = apply_edits(&ws, &parsed.edits, &files);
    assert!(matches!(
        report.results[0].status,
        EditStatus::Failed(EditFailure::AmbiguousName { .. })
    ));
    assert!(!dir.path().join("index.js").exists());
    assert_eq!(read(dir.path(), "a/index.js"), "a\n");
}

#[test]
fn a_write_failure_gets_advice_about_the_path_not_the_search_text() {
    let (dir, ws) = workspace(&[]);
    let edits = vec![Edit::new("new/a.py", "", "x = 1\n")];
    let plan = plan_edits(&ws, &edits, &[]);
    // Between the plan and the write, a file takes the name of the folder to create.
    fs::write(dir.path().join("new"), "in the way\n").unwrap();
    let report = apply_plan(&ws, &edits, &plan, &|_| Decision::Accept, &|_| false);
    let EditStatus::Failed(failure) = &report.results[0].status else {
        panic!("{:?}", report.results[0]);
    };
    assert!(
        matches!(failure, EditFailure::WriteFailed(_)),
        "{failure:?}"
    );
    let feedback = report.feedback().unwrap();
    assert!(!feedback.contains("A SEARCH section"), "{feedback}");
    assert!(feedback.contains("writing it to disk failed"), "{feedback}");
    assert_eq!(read(dir.path(), "new"), "in the way\n");
}

#[test]
fn lines_replacing_a_last_line_without_a_break_take_the_files_crlf_in_every_format() {
    let original = "\u{feff}one\r\ntwo";
    let replies = [
        (
            EditFormat::Diff,
            "n.txt\n```\n<<<<<<< SEARCH\ntwo\n=======\nTWO\nthree\n>>>>>>> REPLACE\n```\n",
        ),
        (
            EditFormat::DiffFenced,
            "```\nn.txt\n<<<<<<< SEARCH\ntwo\n=======\nTWO\nthree\n>>>>>>> REPLACE\n```\n",
        ),
        (
            EditFormat::Udiff,
            "```diff\n--- n.txt\n+++ n.txt\n@@ ... @@\n one\n-two\n+TWO\n+three\n```\n",
        ),
        (
            EditFormat::Patch,
            "*** Begin Patch\n*** Update File: n.txt\n@@\n one\n-two\n+TWO\n+three\n*** End Patch\n",
        ),
        (EditFormat::Whole, "n.txt\n```\none\nTWO\nthree\n```\n"),
    ];
    for (format, reply) in replies {
        let (dir, ws) = workspace(&[("n.txt", original)]);
        let files = chat(&["n.txt"]);
        let parsed = parse_reply(reply, format, &files).unwrap();
        let report = apply_edits(&ws, &parsed.edits, &files);
        assert!(report.all_applied(), "{format}: {report:?}");
        assert_eq!(
            read(dir.path(), "n.txt"),
            "\u{feff}one\r\nTWO\r\nthree",
            "{format}"
        );
    }
}

#[test]
fn a_patch_update_of_a_missing_file_fails_and_names_the_files_that_exist() {
    let uuid = "#include \"uuid.h\"\n\nint uuid_parse(const char *in) {\n    return 0;\n}\n";
    let (dir, ws) = workspace(&[
        ("lib/uuid.c", uuid),
        ("lib/uuid.h", "int uuid_parse(const char *in);\n"),
    ]);
    let files = chat(&["lib/uuid.c", "lib/uuid.h", "lib/gone.c"]);
    // The hunk's lines are all in lib/uuid.c, but the patch names lib/utils.c.
    let reply = "*** Begin Patch\n*** Update File: lib/utils.c\n@@\n int uuid_parse(const char *in) {\n-    return 0;\n+    return -1;\n }\n*** End Patch\n";
    let parsed = parse_reply(reply, EditFormat::Patch, &files).unwrap();
    let report = apply_edits(&ws, &parsed.edits, &files);
    assert_eq!(
        report.results[0].status,
        EditStatus::Failed(EditFailure::Missing {
            path: "lib/utils.c".into(),
            files: chat(&["lib/uuid.c", "lib/uuid.h"]),
        })
    );
    assert_eq!(read(dir.path(), "lib/uuid.c"), uuid);
    assert!(!dir.path().join("lib/utils.c").exists());
    let feedback = report.feedback().unwrap();
    assert!(
        feedback.contains("lib/utils.c does not exist")
            && feedback.contains("lib/uuid.c, lib/uuid.h")
            && !feedback.contains("lib/gone.c"),
        "{feedback}"
    );

    // A named file that exists but lacks the text fails there too, where a SEARCH/REPLACE
    // block would move to the chat file that holds it.
    let reply = "*** Begin Patch\n*** Update File: lib/uuid.h\n@@\n int uuid_parse(const char *in) {\n-    return 0;\n+    return -1;\n }\n*** End Patch\n";
    let parsed = parse_reply(reply, EditFormat::Patch, &files).unwrap();
    let report = apply_edits(&ws, &parsed.edits, &files);
    assert!(
        matches!(
            &report.results[0].status,
            EditStatus::Failed(EditFailure::NotFound { path, .. }) if path == "lib/uuid.h"
        ),
        "{report:?}"
    );
    assert_eq!(read(dir.path(), "lib/uuid.c"), uuid);
    let search_replace = Edit::new("lib/uuid.h", "    return 0;\n", "    return -1;\n");
    let report = apply_edits(&ws, &[search_replace], &files);
    assert_eq!(report.results[0].path, "lib/uuid.c", "{report:?}");
    assert!(read(dir.path(), "lib/uuid.c").contains("return -1;"));
}
