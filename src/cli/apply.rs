//! `aider-tui apply`: parse a reply and apply its edits (owner: edit engine).
//!
//! Exit 0: every edit applied. 1: some edit failed or was refused (the others still
//! applied). 2: malformed reply, a reply cut off inside a block, hunk or listing, or a
//! usage error; nothing applied.

// A command of the binary's edge: its output is its contract.
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::io::Read;
use std::process::ExitCode;

use serde_json::{Value, json};

use crate::edit::{
    ApplyReport, Decision, Edit, EditFormat, EditKind, EditStatus, ParseLimits, ParseOptions,
    ParsedReply, Plan, Planner, SyntaxFinding, Workspace, apply_plan, parse_reply_partial,
};
use crate::engine::grammar_check;
use crate::text::printable;

/// Runs the command.
pub fn run(args: super::args::ApplyArgs) -> ExitCode {
    match execute(&args) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("aider-tui apply: {message}");
            ExitCode::from(2)
        }
    }
}

fn execute(args: &super::args::ApplyArgs) -> Result<ExitCode, String> {
    let format: EditFormat = args.format.parse().map_err(|error| format!("{error}"))?;
    let (reply, lossy) = read_reply(&args.response_file)?;
    let workspace = Workspace::new(&args.root);
    // The parse may read files under the root (never write them) to check listings.
    let current_text = |rel: &str| {
        workspace
            .as_ref()
            .ok()
            .and_then(|workspace| workspace.read(rel).ok().flatten())
            .map(|file| file.text)
    };
    let limits = ParseLimits {
        max_bytes: args.max_reply_bytes,
        max_blocks: args.max_edit_blocks,
    };
    let options = ParseOptions::new(&args.files)
        .with_limits(limits)
        .with_current_text(&current_text);
    let mut parsed = parse_reply_partial(&reply, format, &options).map_err(|error| {
        if error.over_limit {
            format!(
                "reply refused, nothing applied: {error} (the limits are --max-reply-bytes and --max-edit-blocks)"
            )
        } else {
            format!("malformed reply, nothing applied: {error}")
        }
    })?;
    // A reply has no finish reason here: one that ends inside a block may be cut off,
    // and nothing of it is applied; one whose last fence (outside any block) never
    // closes is taken as ended, and its complete blocks apply.
    if let Some(error) = &parsed.unfinished {
        return Err(format!("malformed reply, nothing applied: {error}"));
    }
    if let Some(error) = &parsed.unclosed_fence {
        eprintln!(
            "aider-tui apply: warning: {}; the complete blocks before it are applied",
            printable(&error.to_string())
        );
    }
    if lossy {
        refuse_replacement_characters(&mut parsed.edits);
    }
    if args.parse_only {
        // Planned, never written: only to tell which blocks would break their file.
        let plan = workspace
            .as_ref()
            .ok()
            .map(|workspace| plan(workspace, &parsed.edits, &args.files).1);
        print_parsed(&parsed, plan.as_ref(), format, args.json);
        return Ok(ExitCode::SUCCESS);
    }
    let workspace = workspace.map_err(|error| error.to_string())?;
    // A refused block (its reason set by the parser) fails in the plan like any other,
    // with its reason in the feedback; the others still apply. A block that breaks its
    // file's syntax is still written (the caller asked for it); the result says so.
    let (edits, plan) = plan(&workspace, &parsed.edits, &args.files);
    let report = apply_plan(&workspace, &edits, &plan, &|_| Decision::Accept, &|_| false);
    if args.json {
        println!("{}", report_json(&report, &parsed));
    } else {
        print_report(&report, &parsed);
    }
    Ok(if report.all_applied() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// Every edit settled by its file ([`Planner::settle`]) and planned as accepted, each
/// checked for syntax errors it introduces.
fn plan(workspace: &Workspace, edits: &[Edit], chat_files: &[String]) -> (Vec<Edit>, Plan) {
    let mut planner = Planner::new(workspace, chat_files);
    planner.check_syntax(grammar_check());
    let edits = planner.settle_all(edits);
    let plan = planner.plan(&edits, &|_| Decision::Accept);
    (edits, plan)
}

fn syntax_json(found: Option<&SyntaxFinding>) -> Value {
    match found {
        Some(found) => json!({"line": found.line, "message": found.message}),
        None => Value::Null,
    }
}

/// Reads the reply; invalid UTF-8 is decoded lossily (the second value says so).
fn read_reply(source: &str) -> Result<(String, bool), String> {
    let bytes = if source == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|error| format!("cannot read the reply from standard input: {error}"))?;
        bytes
    } else {
        std::fs::read(source).map_err(|error| format!("cannot read the reply {source}: {error}"))?
    };
    Ok(match String::from_utf8(bytes) {
        Ok(text) => (text, false),
        Err(error) => (String::from_utf8_lossy(error.as_bytes()).into_owned(), true),
    })
}

/// A reply that was not valid UTF-8: the blocks whose text held the bad bytes are
/// refused; the others stand.
fn refuse_replacement_characters(edits: &mut [Edit]) {
    for edit in edits {
        let damaged = [&edit.path, &edit.search, &edit.replace]
            .iter()
            .any(|text| text.contains('\u{fffd}'));
        if damaged && edit.refusal.is_none() {
            *edit = std::mem::take(edit).refused(
                "the reply is not valid UTF-8 inside this block (the bad bytes show as \u{fffd}); resend it as UTF-8 text",
            );
        }
    }
}

/// One edit as `--parse-only --json` prints it.
fn edit_json(edit: &Edit, format: EditFormat) -> Value {
    let mut object = json!({"path": edit.path, "search": edit.search, "replace": edit.replace});
    if format == EditFormat::Patch {
        if edit.kind == EditKind::DeleteFile {
            object["delete"] = json!(true);
        }
        if let Some(move_to) = &edit.move_to {
            object["move_to"] = json!(move_to);
        }
    }
    if let Some(refusal) = &edit.refusal {
        object["refusal"] = json!(refusal);
    }
    object
}

fn print_parsed(parsed: &ParsedReply, plan: Option<&Plan>, format: EditFormat, as_json: bool) {
    let syntax_error = |edit: &Edit| {
        plan.and_then(|plan| plan.block(edit.id))
            .and_then(|block| block.syntax_error.as_ref())
    };
    if as_json {
        let edits: Vec<Value> = parsed
            .edits
            .iter()
            .map(|edit| {
                let mut object = edit_json(edit, format);
                object["syntax_error"] = syntax_json(syntax_error(edit));
                object
            })
            .collect();
        println!(
            "{}",
            json!({"edits": edits, "shell_commands": parsed.shell_commands})
        );
        return;
    }
    for edit in &parsed.edits {
        let lines = edit.replace.lines().count();
        let path = printable(&edit.path);
        match &edit.refusal {
            Some(reason) => println!("{}: {path} (refused: {})", edit.id + 1, printable(reason)),
            None => println!(
                "{}: {path} (+{})",
                edit.id + 1,
                crate::text::counted(lines, "line", "lines")
            ),
        }
    }
    for command in &parsed.shell_commands {
        print!("shell command (not run):\n{}", printable(command));
    }
}

fn status_json(status: &EditStatus) -> (&'static str, Option<String>) {
    match status {
        EditStatus::Applied => ("applied", None),
        EditStatus::Created => ("created", None),
        EditStatus::Deleted => ("deleted", None),
        EditStatus::Moved(target) => ("moved", Some(format!("to {target}"))),
        EditStatus::Rejected => ("rejected", None),
        EditStatus::Failed(failure) => ("failed", Some(failure.to_string())),
    }
}

fn report_json(report: &ApplyReport, parsed: &ParsedReply) -> Value {
    let results: Vec<Value> = report
        .results
        .iter()
        .map(|result| {
            let (status, reason) = status_json(&result.status);
            json!({
                "index": result.index,
                "path": result.path,
                "status": status,
                "reason": reason,
                "syntax_error": syntax_json(result.syntax_error.as_ref()),
                "note": result.edit.note,
            })
        })
        .collect();
    json!({
        "results": results,
        "changed_files": report.changed_files(),
        "feedback": report.feedback(),
        "shell_commands": parsed.shell_commands,
    })
}

/// The report for people; file names are shown, never obeyed by the terminal.
fn print_report(report: &ApplyReport, parsed: &ParsedReply) {
    if report.results.is_empty() {
        println!("no edits found in the reply");
    }
    for result in &report.results {
        let path = printable(&result.path);
        match &result.status {
            EditStatus::Applied => println!("applied: {path}"),
            EditStatus::Created => println!("created: {path}"),
            EditStatus::Deleted => println!("deleted: {path}"),
            EditStatus::Moved(target) => println!("moved: {path} to {}", printable(target)),
            EditStatus::Rejected => println!("rejected: {path}"),
            EditStatus::Failed(failure) => {
                println!("failed: {path}: {}", printable(&failure.to_string()))
            }
        }
        if let Some(found) = &result.syntax_error {
            println!(
                "  it leaves a syntax error at line {}: {}",
                found.line,
                printable(&found.message)
            );
        }
        if let Some(note) = &result.edit.note {
            println!("  note: {}", printable(note));
        }
    }
    for command in &parsed.shell_commands {
        print!("shell command (not run):\n{}", printable(command));
    }
    if let Some(feedback) = report.feedback() {
        println!();
        print!("{}", printable(&feedback));
    }
}
