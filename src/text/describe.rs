//! The one place an engine event becomes words for a person. The full-screen chat, the
//! one-shot printer and the chat transcript all say the same thing the same way; each
//! chooses only where the words go. Pane data (the commit log, the map, file lists, the
//! review's blocks) is drawn by the front ends, not described here.

use crate::diff::unified_text;
use crate::protocol::{
    DuringTurn, EditOutcome, EditStatus, Event, FileDiff, NoticeLevel, PlanOutcome, Refusal,
    SessionInfo, TokenUsage, TurnOutcome,
};

/// What kind of words they are, so a front end can place them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    /// What the user asked for: results of edits, commits, command output, answers to
    /// commands (`/ls`, `/tokens`).
    Result,
    /// About the work: token counts, questions, reflections.
    Info,
    Warn,
    Error,
}

impl From<NoticeLevel> for Tone {
    fn from(level: NoticeLevel) -> Tone {
        match level {
            NoticeLevel::Info => Tone::Result,
            NoticeLevel::Warn => Tone::Warn,
            NoticeLevel::Error => Tone::Error,
        }
    }
}

/// One thing said.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Said {
    pub tone: Tone,
    pub text: String,
}

fn said(tone: Tone, text: impl Into<String>) -> Said {
    Said {
        tone,
        text: text.into(),
    }
}

/// The words for `event`; none for streaming text and pane data.
pub fn describe(event: &Event) -> Vec<Said> {
    match event {
        Event::Notice { level, text } => vec![said((*level).into(), text.clone())],
        Event::ReplyFinished {
            usage,
            cost,
            interrupted,
        } => reply_finished(usage, *cost, *interrupted),
        Event::EditResults { results } => results.iter().map(edit_result).collect(),
        Event::CommitMade { commit } => vec![said(
            Tone::Result,
            format!("Commit {} {}", commit.short_id, commit.summary),
        )],
        Event::ReflectionSent { round, text } => vec![said(
            Tone::Info,
            format!("Reflection round {round} — sent to the model:\n{text}"),
        )],
        Event::CommandOutput {
            command,
            output,
            success,
            ..
        } => vec![said(Tone::Result, command_output(command, output, *success))],
        Event::Question { text, .. } => vec![said(Tone::Info, text.clone())],
        Event::CommitDiff { files, .. } => vec![said(Tone::Result, commit_diff(files))],
        Event::ReviewStarted(review) => review
            .notice
            .iter()
            .map(|notice| said(Tone::Warn, notice.clone()))
            .collect(),
        Event::ReviewUpdated { note, .. } => note
            .iter()
            .map(|note| said(Tone::Warn, note.clone()))
            .collect(),
        Event::TurnFinished { outcome } => match outcome {
            TurnOutcome::Success => Vec::new(),
            TurnOutcome::EditsNotApplied => {
                vec![said(Tone::Warn, "Some edits were not applied.")]
            }
            // The reply, question or review that was stopped has said so already.
            TurnOutcome::Interrupted => Vec::new(),
            TurnOutcome::Error { message, .. } => vec![said(Tone::Error, message.clone())],
        },
        Event::SentDuringTurn { text, handling } => during_turn(text, handling),
        Event::SessionList { sessions } => vec![said(Tone::Result, session_list(sessions))],
        Event::PlanReady { .. } => vec![said(
            Tone::Info,
            "The plan waits for your decision before the editor model makes any change.",
        )],
        Event::PlanDecided { outcome, .. } => vec![plan_decided(outcome)],
        Event::HistorySummarized(figures) => vec![said(
            Tone::Info,
            format!(
                "Summarized {} of the history: {} tokens became {}.",
                super::counted(figures.messages, "older message", "older messages"),
                figures.before_tokens,
                figures.after_tokens
            ),
        )],
        Event::Status(_)
        | Event::ContextReport(_)
        | Event::ConversationRestored { .. }
        | Event::TurnSaved { .. }
        | Event::TurnStarted { .. }
        | Event::ReplyDelta { .. }
        | Event::EditPreview(_)
        | Event::ReviewDraft { .. }
        | Event::ReviewEnded { .. }
        | Event::CommitLog { .. }
        | Event::RepoMap(_)
        | Event::RepoFiles { .. }
        | Event::FilePreview { .. }
        // The front ends show these in their own place (thinking dimmed as it streams,
        // text in the message box, a recording indicator, the terminal's clipboard).
        | Event::ReasoningDelta { .. }
        | Event::ComposeMessage { .. }
        | Event::Recording { .. }
        | Event::CopyThroughTerminal { .. }
        | Event::ShutdownComplete => Vec::new(),
    }
}

/// A problem the repo map had reading the co-change history (a damaged or
/// foreign table rebuilt, a table not kept): the map still ranks without it or
/// with what it read.
pub fn map_history_warning(warning: &str) -> String {
    format!("Repo map history: {warning}")
}

/// What became of `text`, sent while a turn ran.
fn during_turn(text: &str, handling: &DuringTurn) -> Vec<Said> {
    let shown = first_line(text).trim();
    match handling {
        // Its answer says it all.
        DuringTurn::Answered => Vec::new(),
        DuringTurn::Queued => vec![said(
            Tone::Info,
            format!("Queued until this turn ends: {shown} (/cancel drops what is queued)."),
        )],
        DuringTurn::Refused { reason } => vec![said(
            Tone::Warn,
            format!("Not run: {shown}. {}", refusal(*reason)),
        )],
        DuringTurn::Cancelled { dropped } if dropped.is_empty() => {
            vec![said(Tone::Info, "Nothing is queued.")]
        }
        DuringTurn::Cancelled { dropped } => {
            let names: Vec<&str> = dropped.iter().map(|text| first_line(text).trim()).collect();
            vec![said(
                Tone::Info,
                format!("Dropped from the queue: {}.", names.join(", ")),
            )]
        }
    }
}

/// Why something cannot run while a turn does, and what to do instead.
pub fn refusal(reason: Refusal) -> &'static str {
    match reason {
        Refusal::MovesCommits => {
            "Undoing a commit while a turn runs could undo the commit it is making; undo once the turn ends or is interrupted."
        }
        Refusal::ReplacesConversation => {
            "It replaces the conversation this turn is adding to; run it once the turn ends or is interrupted."
        }
    }
}

/// The token counts and cost of a finished reply (none when no request was answered),
/// and a warning if it was interrupted.
fn reply_finished(usage: &TokenUsage, cost: Option<f64>, interrupted: bool) -> Vec<Said> {
    let mut text = format!(
        "Tokens: {} sent, {} received",
        usage.prompt_tokens(),
        usage.output_tokens
    );
    if usage.cache_read_tokens + usage.cache_write_tokens > 0 {
        text.push_str(&format!(
            " ({} cache read, {} cache write)",
            usage.cache_read_tokens, usage.cache_write_tokens
        ));
    }
    if let Some(cost) = cost {
        text.push_str(&format!(", cost ${cost:.4}"));
    }
    text.push('.');
    // A request that never got an answer has no counts worth a line.
    let counted = usage.prompt_tokens() + usage.output_tokens > 0;
    let mut words = if counted {
        vec![said(Tone::Info, text)]
    } else {
        Vec::new()
    };
    if interrupted {
        words.push(said(
            Tone::Warn,
            "The reply was interrupted: its text is kept, nothing of it was applied.",
        ));
    }
    words
}

/// What became of one edit block.
fn edit_result(result: &EditOutcome) -> Said {
    let block = result.id + 1;
    let path = &result.path;
    match &result.status {
        EditStatus::Applied => said(Tone::Result, format!("Applied edit to {path}")),
        EditStatus::Created => said(Tone::Result, format!("Created {path}")),
        EditStatus::Deleted => said(Tone::Result, format!("Deleted {path}")),
        EditStatus::Moved { to } => said(Tone::Result, format!("Moved {path} to {to}")),
        EditStatus::Rejected => said(Tone::Result, format!("Rejected edit to {path}")),
        EditStatus::Dropped { reason } => said(
            Tone::Result,
            format!(
                "Dropped block {block} ({path}), not sent back: {}",
                first_line(reason)
            ),
        ),
        EditStatus::Failed { reason } => said(
            Tone::Error,
            format!("Block {block} ({path}) failed: {}", first_line(reason)),
        ),
    }
}

/// A command's line and its output (trailing blank lines dropped).
fn command_output(command: &str, output: &str, success: bool) -> String {
    let status = if success { "" } else { " (failed)" };
    let mut text = format!("$ {command}{status}");
    let output = output.trim_end();
    if !output.is_empty() {
        text.push('\n');
        text.push_str(output);
    }
    text
}

/// A commit's diff as unified text, a line for each binary file.
fn commit_diff(files: &[FileDiff]) -> String {
    let text: String = files
        .iter()
        .map(|file| {
            if file.binary {
                format!("Binary file {} changed\n", file.path)
            } else {
                unified_text(&file.path, &file.hunks)
            }
        })
        .collect();
    text.trim_end().to_string()
}

/// The saved sessions, one line each, and how to resume one.
fn session_list(sessions: &[SessionInfo]) -> String {
    if sessions.is_empty() {
        "No saved sessions in this repository yet.".to_string()
    } else {
        let mut text = String::from("Saved sessions, most recently active first:");
        for session in sessions {
            text.push('\n');
            text.push_str(&session_line(session));
        }
        text.push_str("\n/resume ID continues one (a unique start of the id is enough).");
        text
    }
}

/// What was done with an architect's plan.
fn plan_decided(outcome: &PlanOutcome) -> Said {
    match outcome {
        PlanOutcome::Sent => said(Tone::Info, "Plan sent to the editor model."),
        PlanOutcome::SentEdited { text } => said(
            Tone::Info,
            format!("Edited plan sent to the editor model:\n\n{text}"),
        ),
        PlanOutcome::Dropped => said(
            Tone::Info,
            "Plan dropped: nothing was sent to the editor model. The plan stays in the conversation.",
        ),
    }
}

/// How to go on with a saved session, said when the full-screen UI closes.
pub fn resume_hint(session: &str) -> String {
    format!(
        "Session {session} saved. Go on with it: aider-tui --resume (the latest) or aider-tui --resume {session}"
    )
}

/// One session as a line: id, when it started, when it was last active, the model,
/// the number of turns and the first message (`*` marks the running session).
pub fn session_line(session: &SessionInfo) -> String {
    let mark = if session.current { "*" } else { " " };
    let model = if session.model.is_empty() {
        "no model"
    } else {
        session.model.as_str()
    };
    let turns = match session.turns {
        1 => "1 turn".to_string(),
        count => format!("{count} turns"),
    };
    let first: String = session.first_message.chars().take(60).collect();
    let ellipsis = if session.first_message.chars().count() > 60 {
        "…"
    } else {
        ""
    };
    format!(
        "{mark}{}  started {}  last active {}  {model}  {turns}  {first}{ellipsis}",
        session.id,
        crate::sessions::local_time(session.started),
        crate::sessions::local_time(session.last_active),
    )
    .trim_end()
    .to_string()
}

/// The first line of a longer text (a reason with the model's feedback under it).
fn first_line(text: &str) -> &str {
    text.lines().next().unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::EditOutcome;

    #[test]
    fn a_failed_block_is_named_by_its_place_in_the_reply() {
        let words = describe(&Event::EditResults {
            results: vec![EditOutcome {
                id: 2,
                path: "a.py".into(),
                status: EditStatus::Failed {
                    reason: "the SEARCH text was not found in a.py\nmore".into(),
                },
            }],
        });
        assert_eq!(
            words,
            vec![said(
                Tone::Error,
                "Block 3 (a.py) failed: the SEARCH text was not found in a.py"
            )]
        );
    }
}
