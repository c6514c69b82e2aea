//! `aider-tui apply`: parse a reply and apply its edits (owner: edit engine).
//!
//! Exit 0: every edit applied. 1: some edit failed (the others still applied).
//! 2: malformed reply or usage error; nothing applied.

use std::io::Read;
use std::process::ExitCode;

use serde_json::{Value, json};

use crate::edit::{
    ApplyReport, EditFormat, EditStatus, ParsedReply, Workspace, apply_edits, parse_reply,
};

/// Runs the command.
pub fn run(args: super::ApplyArgs) -> ExitCode {
    match execute(&args) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("aider-tui apply: {message}");
            ExitCode::from(2)
        }
    }
}

fn execute(args: &super::ApplyArgs) -> Result<ExitCode, String> {
    let format: EditFormat = args.format.parse().map_err(|error| format!("{error}"))?;
    let reply = read_reply(&args.response_file)?;
    let parsed = parse_reply(&reply, format, &args.files)
        .map_err(|error| format!("malformed reply, nothing applied: {error}"))?;
    if args.parse_only {
        print_parsed(&parsed, args.json);
        return Ok(ExitCode::SUCCESS);
    }
    let workspace = Workspace::new(&args.root).map_err(|error| error.to_string())?;
    let report = apply_edits(&workspace, &parsed.edits, &args.files);
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

fn read_reply(source: &str) -> Result<String, String> {
    if source == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|error| format!("cannot read the reply from standard input: {error}"))?;
        return Ok(text);
    }
    std::fs::read_to_string(source)
        .map_err(|error| format!("cannot read the reply {source}: {error}"))
}

fn print_parsed(parsed: &ParsedReply, as_json: bool) {
    if as_json {
        let edits: Vec<Value> = parsed
            .edits
            .iter()
            .map(|edit| json!({"path": edit.path, "search": edit.search, "replace": edit.replace}))
            .collect();
        println!(
            "{}",
            json!({"edits": edits, "shell_commands": parsed.shell_commands})
        );
        return;
    }
    for (index, edit) in parsed.edits.iter().enumerate() {
        let lines = edit.replace.lines().count();
        println!("{}: {} (+{lines} lines)", index + 1, edit.path);
    }
    for command in &parsed.shell_commands {
        print!("shell command (not run):\n{command}");
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
            json!({"index": result.index, "path": result.path, "status": status, "reason": reason})
        })
        .collect();
    json!({
        "results": results,
        "changed_files": report.changed_files(),
        "feedback": report.feedback(),
        "shell_commands": parsed.shell_commands,
    })
}

fn print_report(report: &ApplyReport, parsed: &ParsedReply) {
    if report.results.is_empty() {
        println!("no edits found in the reply");
    }
    for result in &report.results {
        match &result.status {
            EditStatus::Applied => println!("applied: {}", result.path),
            EditStatus::Created => println!("created: {}", result.path),
            EditStatus::Deleted => println!("deleted: {}", result.path),
            EditStatus::Moved(target) => println!("moved: {} to {target}", result.path),
            EditStatus::Rejected => println!("rejected: {}", result.path),
            EditStatus::Failed(failure) => println!("failed: {}: {failure}", result.path),
        }
    }
    for command in &parsed.shell_commands {
        print!("shell command (not run):\n{command}");
    }
    if let Some(feedback) = report.feedback() {
        println!();
        print!("{feedback}");
    }
}
