//! Property tests: rendered SEARCH/REPLACE blocks, listings and patches parse back
//! to their edits, and a refused edit never changes a byte on disk.

use std::fs;

use aider_tui::edit::{Edit, EditFormat, Workspace, apply_edits, parse_reply};
use proptest::prelude::*;

/// Lines that cannot be mistaken for markers or fences.
fn content_line() -> impl Strategy<Value = String> {
    "[a-zA-Z0-9_ (){};:.,'\"+*/-]{0,30}".prop_filter("not marker-like", |line| {
        let trimmed = line.trim();
        !trimmed.starts_with("<<<<<")
            && !trimmed.starts_with(">>>>>")
            && !trimmed.starts_with("=====")
            && !trimmed.starts_with("```")
    })
}

fn text(max_lines: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(content_line(), 0..max_lines).prop_map(|lines| {
        lines
            .iter()
            .map(|line| format!("{line}\n"))
            .collect::<String>()
    })
}

fn path() -> impl Strategy<Value = String> {
    "[a-z]{1,8}(/[a-z]{1,8}){0,2}\\.(rs|py|txt)"
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn rendered_search_replace_blocks_parse_back(
        blocks in prop::collection::vec((path(), text(6), text(6)), 1..4),
        fenced in any::<bool>(),
        fence in 0..4usize,
    ) {
        let (open, close) = [
            ("```", "```"),
            ("<source lang=\"python\">", "</source>"),
            ("<pre>", "</pre>"),
            ("<code class=\"language-rust\">", "</code>"),
        ][fence];
        let mut reply = String::from("Here are the edits.\n\n");
        for (path, search, replace) in &blocks {
            if fenced {
                reply.push_str(&format!("{open}\n{path}\n<<<<<<< SEARCH\n{search}=======\n{replace}>>>>>>> REPLACE\n{close}\n\n"));
            } else {
                reply.push_str(&format!("{path}\n{open}\n<<<<<<< SEARCH\n{search}=======\n{replace}>>>>>>> REPLACE\n{close}\n\n"));
            }
        }
        let format = if fenced { EditFormat::DiffFenced } else { EditFormat::Diff };
        let parsed = parse_reply(&reply, format, &[]).unwrap();
        let expected: Vec<Edit> = blocks
            .iter()
            .enumerate()
            .map(|(id, (p, s, r))| Edit::new(p.clone(), s.clone(), r.clone()).with_id(id))
            .collect();
        prop_assert_eq!(parsed.edits, expected);
    }

    #[test]
    fn rendered_whole_listings_parse_back(path in path(), body in text(10)) {
        let reply = format!("{path}\n```\n{body}```\n");
        let parsed = parse_reply(&reply, EditFormat::Whole, &[]).unwrap();
        prop_assert_eq!(parsed.edits, vec![Edit::whole_file(path, body)]);
    }

    #[test]
    fn a_refused_edit_never_changes_a_byte(
        file in text(12),
        crlf in any::<bool>(),
        search in text(4),
        replace in text(4),
    ) {
        let missing = format!("{search}this line is not in the file ~ {}\n", file.len());
        let on_disk = if crlf { file.replace('\n', "\r\n") } else { file.clone() };
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("f.txt"), &on_disk).unwrap();
        let ws = Workspace::new(dir.path()).unwrap();
        let report = apply_edits(&ws, &[Edit::new("f.txt", missing, replace)], &["f.txt".to_string()]);
        prop_assert!(!report.all_applied());
        prop_assert_eq!(fs::read(dir.path().join("f.txt")).unwrap(), on_disk.into_bytes());
        prop_assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn an_applied_exact_edit_changes_only_its_lines(
        before in text(6),
        target in content_line(),
        after in text(6),
        replacement in text(3),
    ) {
        let unique = format!("UNIQUE {target}\n");
        let file = format!("{before}{unique}{after}");
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("f.txt"), &file).unwrap();
        let ws = Workspace::new(dir.path()).unwrap();
        let report = apply_edits(&ws, &[Edit::new("f.txt", unique, replacement.clone())], &[]);
        prop_assert!(report.all_applied());
        prop_assert_eq!(fs::read_to_string(dir.path().join("f.txt")).unwrap(), format!("{before}{replacement}{after}"));
    }
}

/// One hunk of a rendered patch: anchors, context before, removed, added, context after.
type HunkParts = (Vec<String>, String, String, String, String);

/// A file section of a rendered patch.
#[derive(Debug, Clone)]
enum Section {
    Update {
        path: String,
        move_to: Option<String>,
        hunks: Vec<HunkParts>,
        at_end: bool,
    },
    Add {
        path: String,
        content: String,
    },
    Delete {
        path: String,
    },
}

fn anchor() -> impl Strategy<Value = String> {
    "(class|def|fn|impl) [a-z_]{1,10}(\\(\\))?:?"
}

fn hunk() -> impl Strategy<Value = HunkParts> {
    (
        prop::collection::vec(anchor(), 0..3),
        text(3),
        text(3),
        text(3),
        text(3),
    )
        .prop_filter("a hunk has lines", |(_, before, removed, added, after)| {
            !(before.is_empty() && removed.is_empty() && added.is_empty() && after.is_empty())
        })
}

fn section() -> impl Strategy<Value = Section> {
    prop_oneof![
        (
            path(),
            prop::option::of(path()),
            prop::collection::vec(hunk(), 1..4),
            any::<bool>()
        )
            .prop_map(|(path, move_to, hunks, at_end)| Section::Update {
                path,
                move_to,
                hunks,
                at_end
            }),
        path().prop_map(|path| Section::Update {
            move_to: Some(format!("moved/{path}")),
            path,
            hunks: Vec::new(),
            at_end: false,
        }),
        (path(), text(6)).prop_map(|(path, content)| Section::Add { path, content }),
        path().prop_map(|path| Section::Delete { path }),
    ]
}

/// Writes each line of `text` with `prefix` in front.
fn prefixed(text: &str, prefix: char) -> String {
    text.lines()
        .map(|line| format!("{prefix}{line}\n"))
        .collect()
}

/// Renders sections as a patch, and the edits it stands for.
fn render_patch(sections: &[Section]) -> (String, Vec<Edit>) {
    let mut patch = String::from("*** Begin Patch\n");
    let mut edits = Vec::new();
    for section in sections {
        match section {
            Section::Update {
                path,
                move_to,
                hunks,
                at_end,
            } => {
                patch.push_str(&format!("*** Update File: {path}\n"));
                if let Some(target) = move_to {
                    patch.push_str(&format!("*** Move to: {target}\n"));
                }
                if hunks.is_empty() {
                    edits.push(Edit {
                        move_to: move_to.clone(),
                        exact_file: true,
                        ..Edit::new(path.clone(), "", "")
                    });
                }
                for (index, (anchors, before, removed, added, after)) in hunks.iter().enumerate() {
                    let last = index + 1 == hunks.len();
                    if anchors.is_empty() {
                        patch.push_str("@@\n");
                    }
                    for anchor in anchors {
                        patch.push_str(&format!("@@ {anchor}\n"));
                    }
                    patch.push_str(&prefixed(before, ' '));
                    patch.push_str(&prefixed(removed, '-'));
                    patch.push_str(&prefixed(added, '+'));
                    patch.push_str(&prefixed(after, ' '));
                    if *at_end && last {
                        patch.push_str("*** End of File\n");
                    }
                    edits.push(Edit {
                        anchors: anchors.clone(),
                        at_end: *at_end && last,
                        move_to: move_to.clone(),
                        exact_file: true,
                        ..Edit::new(
                            path.clone(),
                            format!("{before}{removed}{after}"),
                            format!("{before}{added}{after}"),
                        )
                    });
                }
            }
            Section::Add { path, content } => {
                patch.push_str(&format!("*** Add File: {path}\n"));
                patch.push_str(&prefixed(content, '+'));
                edits.push(Edit::create_file(path.clone(), content.clone()));
            }
            Section::Delete { path } => {
                patch.push_str(&format!("*** Delete File: {path}\n"));
                edits.push(Edit::delete_file(path.clone()));
            }
        }
    }
    patch.push_str("*** End Patch\n");
    let edits = edits
        .into_iter()
        .enumerate()
        .map(|(id, edit)| edit.with_id(id))
        .collect();
    (patch, edits)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn rendered_patches_parse_back(
        sections in prop::collection::vec(section(), 1..5),
        fenced in any::<bool>(),
    ) {
        let (patch, expected) = render_patch(&sections);
        let reply = if fenced {
            format!("Here is the patch.\n\n```\n{patch}```\n")
        } else {
            format!("Here is the patch.\n\n{patch}")
        };
        let parsed = parse_reply(&reply, EditFormat::Patch, &[]).unwrap();
        prop_assert_eq!(parsed.edits, expected);
        prop_assert!(parsed.unfinished.is_none());
    }
}
