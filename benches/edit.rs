//! Edit engine benchmarks: a 1 MB reply holding 500 SEARCH/REPLACE blocks over 200
//! files (parse, streamed parse, dry run, and parse + apply with atomic writes), each
//! step of the matching ladder on a 20,000-line file, including its worst cases, and
//! adversarial replies for the parser (300,000 `=======` lines, 100,000 blocks, …),
//! and the cost the syntax check adds to planning a block in a 5,000-line file.

// Tests, benchmarks and examples unwrap and print: a failure there is the point.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::print_stdout,
    clippy::print_stderr
)]

use std::fs;
use std::hint::black_box;
use std::path::Path;

use aider_tui::edit::matching::replace_unique;
use aider_tui::edit::{
    Decision, Edit, EditFormat, ParseLimits, ParseOptions, Planner, StreamingParser, Workspace,
    apply_edits, parse_reply, parse_reply_partial, plan_edits,
};
use criterion::{BatchSize, Criterion, criterion_group, criterion_main};

const FILES: usize = 200;
const BLOCKS: usize = 500;

/// One line of made-up source, unique per file and line.
fn source_line(file: usize, line: usize) -> String {
    format!(
        "    let value_{file}_{line} = compute(\"{file}-{line}\", {line}) + offset_{line} * factor; // keep {line:06}"
    )
}

fn file_text(file: usize, lines: usize) -> String {
    (0..lines)
        .map(|line| source_line(file, line) + "\n")
        .collect()
}

/// 200 files of 400 lines, and a reply of about 1 MB with 500 blocks over them.
fn corpus() -> (Vec<(String, String)>, String) {
    let files: Vec<(String, String)> = (0..FILES)
        .map(|file| {
            (
                format!("src/module_{file}/code_{file}.rs"),
                file_text(file, 400),
            )
        })
        .collect();
    let mut reply = String::from("Here are the changes.\n\n");
    for block in 0..BLOCKS {
        let file = block % FILES;
        let start = (block / FILES) * 120 + 10;
        let search: String = (start..start + 12)
            .map(|line| source_line(file, line) + "\n")
            .collect();
        let replace = search.replace("factor", "factor_new");
        reply.push_str(&format!(
            "{}\n```rust\n<<<<<<< SEARCH\n{search}=======\n{replace}>>>>>>> REPLACE\n```\n\n",
            files[file].0
        ));
    }
    (files, reply)
}

fn write_files(root: &Path, files: &[(String, String)]) {
    for (rel, text) in files {
        let path = root.join(rel);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
}

fn big_reply(c: &mut Criterion) {
    let (files, reply) = corpus();
    let chat: Vec<String> = files.iter().map(|(rel, _)| rel.clone()).collect();
    eprintln!(
        "reply: {} bytes, {BLOCKS} blocks, {FILES} files",
        reply.len()
    );
    let dir = tempfile::tempdir().unwrap();
    write_files(dir.path(), &files);
    let ws = Workspace::new(dir.path()).unwrap();

    c.bench_function("reply_1mb/parse", |b| {
        b.iter(|| parse_reply(black_box(&reply), EditFormat::Diff, &chat).unwrap())
    });
    c.bench_function("reply_1mb/streamed_in_16_byte_pieces", |b| {
        b.iter(|| {
            let mut parser = StreamingParser::new(EditFormat::Diff, &chat);
            let mut states = 0;
            let mut rest = black_box(reply.as_str());
            while !rest.is_empty() {
                let mut cut = rest.len().min(16);
                while !rest.is_char_boundary(cut) {
                    cut += 1;
                }
                states += parser.push(&rest[..cut]).len();
                rest = &rest[cut..];
            }
            states += parser.end().len();
            (states, parser.finish().unwrap().edits.len())
        })
    });
    c.bench_function("reply_1mb/parse_and_plan", |b| {
        b.iter(|| {
            let parsed = parse_reply(black_box(&reply), EditFormat::Diff, &chat).unwrap();
            let plan = plan_edits(&ws, &parsed.edits, &chat);
            assert!(plan.blocks.iter().all(|planned| planned.outcome.is_ok()));
            plan
        })
    });
    c.bench_function("reply_1mb/parse_and_apply_with_writes", |b| {
        b.iter_batched(
            || write_files(dir.path(), &files),
            |()| {
                let parsed = parse_reply(black_box(&reply), EditFormat::Diff, &chat).unwrap();
                let report = apply_edits(&ws, &parsed.edits, &chat);
                assert!(report.all_applied());
                report
            },
            BatchSize::PerIteration,
        )
    });
}

/// A 20,000-line file with many repeated lines (braces, blank lines, returns), as
/// real code has, which is what makes anchor lines common.
fn large_file() -> String {
    let mut text = String::new();
    for function in 0..2000 {
        text.push_str(&format!("fn function_{function}(input: u32) -> u32 {{\n"));
        text.push_str("    if input > 10 {\n");
        text.push_str("        return input;\n");
        text.push_str("    }\n");
        text.push_str(&format!("\tlet scaled = input * {function};\n"));
        text.push_str("    let result = scaled + 1;  \n");
        text.push_str("    result\n");
        text.push_str("}\n");
        text.push('\n');
        text.push_str("// ----\n");
    }
    text
}

fn ladder(c: &mut Criterion) {
    let file = large_file();
    assert_eq!(file.lines().count(), 20_000);
    let last = 1999;
    let cases: Vec<(&str, String, String)> = vec![
        (
            "exact",
            format!("fn function_{last}(input: u32) -> u32 {{\n    if input > 10 {{\n"),
            format!("fn function_{last}(input: u64) -> u32 {{\n    if input > 10 {{\n"),
        ),
        (
            "trailing_whitespace",
            format!("\tlet scaled = input * {last};\n    let result = scaled + 1;\n"),
            format!("\tlet scaled = input * {last};\n    let result = scaled + 2;\n"),
        ),
        (
            "indentation",
            format!("        let scaled = input * {last};\n        let result = scaled + 1;\n"),
            format!("        let scaled = input * {last};\n        let result = scaled + 3;\n"),
        ),
        (
            "elision",
            format!(
                "fn function_{last}(input: u32) -> u32 {{\n...\n\tlet scaled = input * {last};\n"
            ),
            format!(
                "fn function_{last}(input: u16) -> u32 {{\n...\n\tlet scaled = input * {last};\n"
            ),
        ),
        (
            "blank_first_line",
            format!("\n\tlet scaled = input * {last};\n"),
            format!("\n\tlet scaled = input + {last};\n"),
        ),
        (
            "not_found_all_steps",
            "    if input > 10 {\n        return input;\n    }\n    missing_line();\n".to_string(),
            "x\n".to_string(),
        ),
        (
            "ambiguous_common_lines",
            "        return input;\n    }\n".to_string(),
            "x\n".to_string(),
        ),
    ];
    for (name, search, replace) in cases {
        c.bench_function(&format!("ladder_20k_lines/{name}"), |b| {
            b.iter(|| {
                let result = replace_unique(black_box(&file), &search, &replace);
                black_box(result.is_ok())
            })
        });
    }
}

/// Replies built to make a careless parser slow.
fn adversarial(c: &mut Criterion) {
    let lines = 300_000;
    let chat: Vec<String> = Vec::new();
    let many_blocks = ParseLimits {
        max_blocks: 200_000,
        ..ParseLimits::default()
    };
    let equals_in_block = format!(
        "a.py\n<<<<<<< SEARCH\n{}>>>>>>> REPLACE\n",
        "=======\n".repeat(lines)
    );
    let equals_to_the_end = format!("a.py\n<<<<<<< SEARCH\n{}", "=======\n".repeat(lines));
    let block = "a.py\n<<<<<<< SEARCH\nold line\n=======\nnew line\n>>>>>>> REPLACE\n";
    let blocks_100k = block.repeat(100_000);
    let bare_fences = format!("README.md\n```\n{}", "```\ntext\n".repeat(lines / 2));
    let long_hunk = format!(
        "```diff\n--- a.py\n+++ a.py\n@@ @@\n{}-x\n+y\n```\n",
        "bare context line\n".repeat(lines)
    );
    let long_patch = format!(
        "*** Begin Patch\n*** Update File: a.py\n@@ def f():\n{}-x\n+y\n*** End Patch\n",
        " context line\n".repeat(lines)
    );
    let cases: Vec<(&str, &str, EditFormat, ParseLimits)> = vec![
        (
            "equals_300k_lines_in_one_block",
            &equals_in_block,
            EditFormat::Diff,
            ParseLimits::default(),
        ),
        (
            "equals_300k_lines_to_the_end",
            &equals_to_the_end,
            EditFormat::Diff,
            ParseLimits::default(),
        ),
        ("blocks_100k", &blocks_100k, EditFormat::Diff, many_blocks),
        (
            "blocks_100k_default_limit",
            &blocks_100k,
            EditFormat::Diff,
            ParseLimits::default(),
        ),
        (
            "whole_listing_150k_bare_fences",
            &bare_fences,
            EditFormat::Whole,
            ParseLimits::default(),
        ),
        (
            "udiff_hunk_300k_bare_lines",
            &long_hunk,
            EditFormat::Udiff,
            ParseLimits::default(),
        ),
        (
            "patch_hunk_300k_lines",
            &long_patch,
            EditFormat::Patch,
            ParseLimits::default(),
        ),
    ];
    for (name, reply, format, limits) in cases {
        eprintln!("adversarial/{name}: {} bytes", reply.len());
        let options = ParseOptions::new(&chat).with_limits(limits);
        c.bench_function(&format!("adversarial/{name}"), |b| {
            b.iter(|| {
                let parsed = parse_reply_partial(black_box(reply), format, &options);
                black_box(parsed.map(|parsed| parsed.edits.len()).ok())
            })
        });
    }
}

/// A 5,000-line file per language and one block changing a line in its middle.
fn syntax_files() -> Vec<(&'static str, String, Edit)> {
    let lines = |header: &str, unit: &dyn Fn(usize) -> String, per_unit: usize| {
        let mut text = header.to_string();
        for index in 0..5_000 / per_unit {
            text.push_str(&unit(index));
        }
        text
    };
    vec![
        (
            "big.py",
            lines("", &|i| format!("def f_{i}(x):\n    return x + {i}\n\n"), 3),
            Edit::new("big.py", "    return x + 800\n", "    return x + 801\n"),
        ),
        (
            "big.rs",
            lines(
                "",
                &|i| format!("fn f_{i}(x: u64) -> u64 {{\n    x + {i}\n}}\n\n"),
                4,
            ),
            Edit::new("big.rs", "    x + 600\n", "    x + 601\n"),
        ),
        (
            "big.js",
            lines(
                "",
                &|i| format!("function f_{i}(x) {{\n  return x + {i};\n}}\n\n"),
                4,
            ),
            Edit::new("big.js", "  return x + 600;\n", "  return x + 601;\n"),
        ),
        (
            "big.go",
            lines(
                "package main\n\n",
                &|i| format!("func f{i}(x int) int {{\n\treturn x + {i}\n}}\n\n"),
                4,
            ),
            Edit::new("big.go", "\treturn x + 600\n", "\treturn x + 601\n"),
        ),
    ]
}

/// Planning one block without the check; with it on a fresh checker (the file as it
/// was is parsed whole, once per file, and the text after the block incrementally);
/// a new block each time on a checker that has seen the file (the cost of each block
/// after the first: one incremental parse); and planning again with the same planner
/// (both parses remembered: a re-plan).
fn syntax_check(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let files = syntax_files();
    for (path, text, _) in &files {
        fs::write(dir.path().join(path), text).unwrap();
    }
    let workspace = Workspace::new(dir.path()).unwrap();
    let mut group = c.benchmark_group("syntax_check");
    for (path, text, edit) in &files {
        let edits = vec![edit.clone()];
        let chat = vec![path.to_string()];
        eprintln!(
            "{path}: {} lines, {} bytes",
            text.lines().count(),
            text.len()
        );
        group.bench_function(format!("{path}/plan, no check"), |b| {
            b.iter(|| {
                let mut planner = Planner::new(&workspace, &chat);
                black_box(planner.plan(&edits, &|_| Decision::Accept))
            })
        });
        group.bench_function(format!("{path}/plan, checked"), |b| {
            b.iter(|| {
                let mut planner = Planner::new(&workspace, &chat);
                planner.check_syntax(aider_tui::engine::grammar_check());
                let plan = planner.plan(&edits, &|_| Decision::Accept);
                assert!(plan.blocks[0].syntax_error.is_none());
                black_box(plan)
            })
        });
        let check = aider_tui::engine::grammar_check();
        let mut planner = Planner::new(&workspace, &chat);
        planner.check_syntax(check.clone());
        let mut round = 0usize;
        group.bench_function(format!("{path}/a further block, checked"), |b| {
            b.iter(|| {
                // A new text each time, so that nothing is remembered but the tree.
                round += 1;
                let mut changed = edit.clone();
                changed.replace = edit.replace.replace("01", &format!("01 + {round}"));
                let mut planner = Planner::new(&workspace, &chat);
                planner.check_syntax(check.clone());
                black_box(planner.plan(&[changed], &|_| Decision::Accept))
            })
        });
        group.bench_function(format!("{path}/re-plan, checked"), |b| {
            b.iter(|| black_box(planner.plan(&edits, &|_| Decision::Accept)))
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(std::time::Duration::from_secs(3));
    targets = big_reply, ladder, adversarial, syntax_check
}
criterion_main!(benches);
