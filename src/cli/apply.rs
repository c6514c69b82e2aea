//! `aider-tui apply`: parse a reply and apply its edits (owner: edit engine).
//!
//! Exit 0: every edit applied. 1: some edit failed or was refused (the others still
//! applied). 2: malformed or cut-off reply, or a usage error; nothing applied.

use std::io::Read;
use std::process::ExitCode;

use serde_json::{Value, json};

use crate::edit::pending::not_yet_applicable;
use crate::edit::{
    ApplyReport, Edit, EditFormat, EditKind, EditStatus, ParseOptions, ParsedReply, Workspace,
    apply_edits, parse_reply_with, refusal_message,
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
    let (reply, lossy) = read_reply(&args.response_file)?;
    let workspace = Workspace::new(&args.root);
    // The parse may read files under the root (never write them) to check listings.
    let current_text = |rel: &str| {
        workspace
            .as_ref()
            .ok()
            .and_then(|workspace| workspace.read(rel).ok().flatten())
    };
    let options = ParseOptions::new(&args.files).with_current_text(&current_text);
    let mut parsed = parse_reply_with(&reply, format, &options)
        .map_err(|error| format!("malformed reply, nothing applied: {error}"))?;
    if lossy {
        refuse_replacement_characters(&mut parsed.edits);
    }
    if args.parse_only {
        print_parsed(&parsed, format, args.json);
        return Ok(ExitCode::SUCCESS);
    }
    let workspace = workspace.map_err(|error| error.to_string())?;
    let exists = |rel: &str| matches!(workspace.read(rel), Ok(Some(_)));
    let refusals: Vec<Option<String>> = parsed
        .edits
        .iter()
        .map(|edit| {
            edit.refusal.clone().or_else(|| {
                (format == EditFormat::Patch)
                    .then(|| not_yet_applicable(edit, &exists))
                    .flatten()
            })
        })
        .collect();
    let to_apply: Vec<Edit> = parsed
        .edits
        .iter()
        .zip(&refusals)
        .filter(|(_, refusal)| refusal.is_none())
        .map(|(edit, _)| edit.clone())
        .collect();
    let report = apply_edits(&workspace, &to_apply, &args.files);
    let outcome = Outcome::new(&parsed, &refusals, &to_apply, &report);
    if args.json {
        println!("{}", outcome.json(&parsed));
    } else {
        outcome.print(&parsed);
    }
    Ok(if outcome.all_applied() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
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
            edit.refusal = Some(
                "the reply is not valid UTF-8 inside this block (the bad bytes show as \u{fffd}); resend it as UTF-8 text"
                    .to_string(),
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

fn print_parsed(parsed: &ParsedReply, format: EditFormat, as_json: bool) {
    if as_json {
        let edits: Vec<Value> = parsed
            .edits
            .iter()
            .map(|edit| edit_json(edit, format))
            .collect();
        println!(
            "{}",
            json!({"edits": edits, "shell_commands": parsed.shell_commands})
        );
        return;
    }
    for edit in &parsed.edits {
        let lines = edit.replace.lines().count();
        match &edit.refusal {
            Some(reason) => println!("{}: {} (refused: {reason})", edit.id + 1, edit.path),
            None => println!("{}: {} (+{lines} lines)", edit.id + 1, edit.path),
        }
    }
    for command in &parsed.shell_commands {
        print!("shell command (not run):\n{command}");
    }
}

/// What became of every edit of the reply, by id.
struct Outcome {
    /// Per edit: the path it touched (or named) and its status.
    results: Vec<(String, Status)>,
    feedback: Option<String>,
    changed_files: Vec<String>,
}

enum Status {
    Applied,
    Created,
    Failed(String),
    Refused(String),
}

impl Outcome {
    fn new(
        parsed: &ParsedReply,
        refusals: &[Option<String>],
        applied: &[Edit],
        report: &ApplyReport,
    ) -> Outcome {
        let mut results: Vec<(String, Status)> = parsed
            .edits
            .iter()
            .zip(refusals)
            .map(|(edit, refusal)| {
                let status = Status::Refused(refusal.clone().unwrap_or_default());
                (edit.path.clone(), status)
            })
            .collect();
        for result in &report.results {
            let Some(edit) = applied.get(result.index) else {
                continue;
            };
            let status = match &result.status {
                EditStatus::Applied => Status::Applied,
                EditStatus::Created => Status::Created,
                EditStatus::Failed(failure) => Status::Failed(failure.to_string()),
            };
            if let Some(slot) = results.get_mut(edit.id) {
                *slot = (result.path.clone(), status);
            }
        }
        let refused: Vec<Edit> = parsed
            .edits
            .iter()
            .zip(refusals)
            .filter_map(|(edit, refusal)| {
                refusal.as_ref().map(|reason| edit.clone().refused(reason))
            })
            .collect();
        let feedback: Vec<String> = [refusal_message(&refused), report.feedback()]
            .into_iter()
            .flatten()
            .collect();
        Outcome {
            results,
            feedback: (!feedback.is_empty()).then(|| feedback.join("\n")),
            changed_files: report.changed_files(),
        }
    }

    fn all_applied(&self) -> bool {
        self.results
            .iter()
            .all(|(_, status)| matches!(status, Status::Applied | Status::Created))
    }

    fn json(&self, parsed: &ParsedReply) -> Value {
        let results: Vec<Value> = self
            .results
            .iter()
            .enumerate()
            .map(|(index, (path, status))| {
                let (status, reason) = match status {
                    Status::Applied => ("applied", None),
                    Status::Created => ("created", None),
                    Status::Failed(reason) => ("failed", Some(reason.clone())),
                    Status::Refused(reason) => ("failed", Some(reason.clone())),
                };
                json!({"index": index, "path": path, "status": status, "reason": reason})
            })
            .collect();
        json!({
            "results": results,
            "changed_files": self.changed_files,
            "feedback": self.feedback,
            "shell_commands": parsed.shell_commands,
        })
    }

    fn print(&self, parsed: &ParsedReply) {
        if self.results.is_empty() {
            println!("no edits found in the reply");
        }
        for (path, status) in &self.results {
            match status {
                Status::Applied => println!("applied: {path}"),
                Status::Created => println!("created: {path}"),
                Status::Failed(reason) => println!("failed: {path}: {reason}"),
                Status::Refused(reason) => println!("refused: {path}: {reason}"),
            }
        }
        for command in &parsed.shell_commands {
            print!("shell command (not run):\n{command}");
        }
        if let Some(feedback) = &self.feedback {
            println!();
            print!("{feedback}");
        }
    }
}
