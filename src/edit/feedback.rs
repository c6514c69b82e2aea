//! The message sent back to the model when some edits failed.

use std::fmt::Write;

use super::result::{EditResult, EditStatus};

/// Builds the message about failed edits, or `None` when every edit applied.
pub fn failure_message(results: &[EditResult]) -> Option<String> {
    let failed: Vec<&EditResult> = results
        .iter()
        .filter(|result| matches!(result.status, EditStatus::Failed(_)))
        .collect();
    if failed.is_empty() {
        return None;
    }
    let applied = results
        .iter()
        .filter(|result| !matches!(result.status, EditStatus::Failed(_) | EditStatus::Rejected))
        .count();
    let mut text = String::new();
    let blocks = if failed.len() == 1 { "block" } else { "blocks" };
    let _ = writeln!(
        text,
        "{} edit {blocks} of your reply failed to apply (numbered as in your reply).",
        failed.len()
    );
    for result in &failed {
        let EditStatus::Failed(failure) = &result.status else {
            continue;
        };
        let edit = &result.edit;
        let _ = writeln!(text);
        let _ = writeln!(
            text,
            "## Block {} ({}): {failure}",
            result.id + 1,
            result.path
        );
        let _ = writeln!(text, "{}", edit.path);
        let _ = writeln!(text, "<<<<<<< SEARCH");
        text.push_str(&edit.search);
        let _ = writeln!(text, "=======");
        text.push_str(&edit.replace);
        let _ = writeln!(text, ">>>>>>> REPLACE");
        if let Some((line, lines)) = &result.closest {
            let _ = writeln!(text);
            let _ = writeln!(
                text,
                "Did you mean these lines, which are actually in {} from line {line}?",
                result.path
            );
            let fence = fence_for(lines);
            let _ = writeln!(text, "{fence}");
            for file_line in lines {
                let _ = writeln!(text, "{file_line}");
            }
            let _ = writeln!(text, "{fence}");
        }
        if result.replace_present {
            let _ = writeln!(text);
            let _ = writeln!(
                text,
                "Note: the REPLACE text of this block is already in {}. If the change is already made, leave this block out.",
                result.path
            );
        }
    }
    let skipped = failed
        .iter()
        .filter(|result| result.closest_skipped)
        .count();
    if skipped > 0 {
        let _ = writeln!(text);
        let _ = writeln!(
            text,
            "Closest lines not searched for the remaining {skipped} failed {}: compare them with the files yourself.",
            if skipped == 1 { "block" } else { "blocks" }
        );
    }
    let _ = writeln!(text);
    // Advice for the kinds of failure there were, each once, in order of appearance.
    let mut advice: Vec<&str> = Vec::new();
    for result in &failed {
        if let EditStatus::Failed(failure) = &result.status
            && let Some(line) = failure.advice()
            && !advice.contains(&line)
        {
            advice.push(line);
        }
    }
    for line in advice {
        let _ = writeln!(text, "{line}");
    }
    if applied > 0 {
        let (others, pronoun) = if applied == 1 {
            ("block was", "it")
        } else {
            ("blocks were", "them")
        };
        let _ = writeln!(
            text,
            "The other {applied} {others} applied; do not send {pronoun} again. Resend only the failed {blocks}, corrected."
        );
    } else {
        let _ = writeln!(text, "No block was applied. Resend corrected {blocks}.");
    }
    Some(text)
}

/// A backtick fence longer than any backtick run that starts one of `lines`.
fn fence_for(lines: &[String]) -> String {
    let longest = lines
        .iter()
        .map(|line| line.trim_start().chars().take_while(|c| *c == '`').count())
        .max()
        .unwrap_or(0);
    "`".repeat(longest.max(2) + 1)
}
