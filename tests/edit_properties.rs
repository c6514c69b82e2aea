//! Property tests: a rendered edit parses back to itself, and a refused edit never
//! changes a byte on disk.

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
    ) {
        let mut reply = String::from("Here are the edits.\n\n");
        for (path, search, replace) in &blocks {
            if fenced {
                reply.push_str(&format!("```\n{path}\n<<<<<<< SEARCH\n{search}=======\n{replace}>>>>>>> REPLACE\n```\n\n"));
            } else {
                reply.push_str(&format!("{path}\n```\n<<<<<<< SEARCH\n{search}=======\n{replace}>>>>>>> REPLACE\n```\n\n"));
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
