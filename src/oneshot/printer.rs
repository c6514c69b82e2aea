//! Turns engine events into the one-shot runner's output: plain text for people, or
//! one JSON object per line for scripts.

use std::io::Write;

use crate::protocol::{EditStatus, Event, NoticeLevel, TurnOutcome};

/// Prints events as text or JSON lines.
pub struct Printer<O: Write, E: Write> {
    json: bool,
    out: O,
    err: E,
    /// The reply text printed so far did not end with a newline.
    open_line: bool,
}

impl<O: Write, E: Write> Printer<O, E> {
    /// A printer writing results to `out` and notices to `err`.
    pub fn new(json: bool, out: O, err: E) -> Self {
        Printer {
            json,
            out,
            err,
            open_line: false,
        }
    }

    /// Prints one event.
    pub fn print(&mut self, event: &Event) {
        if self.json {
            if let Ok(line) = serde_json::to_string(event) {
                let _ = writeln!(self.out, "{line}");
                let _ = self.out.flush();
            }
            return;
        }
        self.print_text(event);
    }

    /// Reports a failure of the runner itself.
    pub fn failure(&mut self, text: &str) {
        if self.json {
            let line = serde_json::json!({"type": "runner_error", "message": text});
            let _ = writeln!(self.out, "{line}");
        } else {
            let _ = writeln!(self.err, "aider-tui: {text}");
        }
    }

    /// Ends the output with a newline if the reply left one open.
    pub fn finish(&mut self) {
        self.close_line();
        let _ = self.out.flush();
    }

    fn close_line(&mut self) {
        if self.open_line {
            let _ = writeln!(self.out);
            self.open_line = false;
        }
    }

    fn line(&mut self, text: &str) {
        self.close_line();
        let _ = writeln!(self.out, "{text}");
        let _ = self.out.flush();
    }

    fn print_text(&mut self, event: &Event) {
        match event {
            Event::ReplyDelta { text } => {
                let _ = write!(self.out, "{text}");
                let _ = self.out.flush();
                if !text.is_empty() {
                    self.open_line = !text.ends_with('\n');
                }
            }
            Event::ReplyFinished {
                usage,
                cost,
                interrupted,
            } => {
                self.close_line();
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
                if *interrupted {
                    text.push_str(" — reply cut off");
                }
                let _ = writeln!(self.err, "{text}");
            }
            Event::EditResults { results } => {
                for result in results {
                    let text = match &result.status {
                        EditStatus::Applied => format!("Applied edit to {}", result.path),
                        EditStatus::Created => format!("Created {}", result.path),
                        EditStatus::Rejected => format!("Rejected edit to {}", result.path),
                        EditStatus::Failed { reason } => {
                            format!(
                                "Failed to apply edit to {}: {}",
                                result.path,
                                first_line(reason)
                            )
                        }
                    };
                    self.line(&text);
                }
            }
            Event::CommitMade { commit } => {
                let text = format!("Commit {} {}", commit.short_id, commit.summary);
                self.line(&text);
            }
            Event::ReflectionSent { round, text } => {
                self.close_line();
                let _ = writeln!(self.err, "Reflection {round}: {}", first_line(text));
            }
            Event::CommandOutput {
                command,
                output,
                success,
                ..
            } => {
                let status = if *success { "ok" } else { "failed" };
                self.line(&format!("$ {command} ({status})"));
                if !output.is_empty() {
                    let _ = write!(self.out, "{output}");
                    if !output.ends_with('\n') {
                        let _ = writeln!(self.out);
                    }
                }
            }
            Event::Question { text, .. } => {
                self.close_line();
                let _ = writeln!(self.err, "{text}");
            }
            Event::Notice { level, text } => {
                self.close_line();
                let prefix = match level {
                    NoticeLevel::Info => "",
                    NoticeLevel::Warn => "Warning: ",
                    NoticeLevel::Error => "Error: ",
                };
                // Command output (/ls, /diff, /tokens) is the result the user asked for.
                if *level == NoticeLevel::Info {
                    self.line(text);
                } else {
                    let _ = writeln!(self.err, "{prefix}{text}");
                }
            }
            Event::CommitDiff { diff, .. } => {
                self.line(diff.trim_end());
            }
            Event::CommitLog { commits } => {
                for commit in commits {
                    let text = format!("{} {}", commit.short_id, commit.summary);
                    self.line(&text);
                }
            }
            Event::TurnFinished { outcome } => {
                self.close_line();
                match outcome {
                    TurnOutcome::Success => {}
                    TurnOutcome::EditsNotApplied => {
                        let _ = writeln!(self.err, "Some edits were not applied.");
                    }
                    TurnOutcome::Interrupted => {
                        let _ = writeln!(self.err, "Interrupted.");
                    }
                    TurnOutcome::Error { message } => {
                        let _ = writeln!(self.err, "Error: {message}");
                    }
                }
            }
            Event::RepoMap(map) => {
                self.line(map.text.trim_end());
                let _ = writeln!(
                    self.err,
                    "Repo map: {} of {} tokens",
                    map.tokens, map.budget
                );
            }
            Event::RepoFiles { files } => {
                for file in files {
                    self.line(file);
                }
            }
            Event::Status(_)
            | Event::TurnStarted { .. }
            | Event::EditPreview(_)
            | Event::EditsProposed { .. }
            | Event::ShutdownComplete => {}
        }
    }
}

fn first_line(text: &str) -> &str {
    text.lines().next().unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{CommitInfo, EditOutcome, TokenUsage};

    fn render(json: bool, events: &[Event]) -> (String, String) {
        let mut out = Vec::new();
        let mut err = Vec::new();
        {
            let mut printer = Printer::new(json, &mut out, &mut err);
            for event in events {
                printer.print(event);
            }
            printer.finish();
        }
        (
            String::from_utf8(out).unwrap(),
            String::from_utf8(err).unwrap(),
        )
    }

    fn events() -> Vec<Event> {
        vec![
            Event::ReplyDelta {
                text: "Hello".into(),
            },
            Event::ReplyDelta {
                text: " world".into(),
            },
            Event::ReplyFinished {
                usage: TokenUsage::default(),
                cost: None,
                interrupted: false,
            },
            Event::EditResults {
                results: vec![EditOutcome {
                    id: 0,
                    path: "a.py".into(),
                    status: EditStatus::Applied,
                }],
            },
            Event::CommitMade {
                commit: CommitInfo {
                    id: "abcdef123".into(),
                    short_id: "abcdef1".into(),
                    summary: "fix: greet".into(),
                    author: "me".into(),
                    time: 0,
                    by_tool: true,
                },
            },
        ]
    }

    #[test]
    fn text_output_streams_the_reply_then_results() {
        let (out, _) = render(false, &events());
        assert_eq!(
            out,
            "Hello world\nApplied edit to a.py\nCommit abcdef1 fix: greet\n"
        );
    }

    #[test]
    fn json_output_is_one_event_per_line() {
        let (out, err) = render(true, &events());
        assert!(err.is_empty());
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 5);
        for line in lines {
            let event: Event = serde_json::from_str(line).unwrap();
            assert!(!matches!(event, Event::ShutdownComplete));
        }
    }
}
