//! Turns engine events into the one-shot runner's output: plain text for people, or
//! one JSON object per line for scripts.

use std::io::Write;

use crate::protocol::Event;
use crate::text::{Tone, describe, printable};

/// Prints events as text or JSON lines.
pub struct Printer<O: Write, E: Write> {
    json: bool,
    out: O,
    err: E,
    /// The reply text printed so far did not end with a newline.
    open_line: bool,
    /// Thinking text went to `err` without a final newline.
    thinking_open: bool,
}

impl<O: Write, E: Write> Printer<O, E> {
    /// A printer writing results to `out` and notices to `err`.
    pub fn new(json: bool, out: O, err: E) -> Self {
        Printer {
            json,
            out,
            err,
            open_line: false,
            thinking_open: false,
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

    /// Says something about the run itself (on `err`; nothing in JSON mode).
    pub fn info(&mut self, text: &str) {
        if self.json {
            return;
        }
        self.close_line();
        let _ = writeln!(self.err, "{}", printable(text));
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
        let _ = writeln!(self.out, "{}", printable(text));
        let _ = self.out.flush();
    }

    /// Says that a block was not applied because it needs an explicit yes.
    pub fn refused(&mut self, id: usize, path: &str, reason: &str) {
        if self.json {
            let line = serde_json::json!({"type": "runner_refused", "block": id, "path": path, "reason": reason});
            let _ = writeln!(self.out, "{line}");
            return;
        }
        self.close_line();
        let _ = writeln!(
            self.err,
            "Warning: block {} ({}) was not applied: {} — it needs a yes in the full-screen session.",
            id + 1,
            printable(path),
            printable(reason)
        );
    }

    /// Copies `text` through the terminal with OSC 52 when `out` is one, else says that
    /// nothing could be copied.
    pub fn copy_through_terminal(&mut self, text: &str, reason: &str, terminal: bool) {
        if self.json {
            // The event line carries the text; the caller decides what to do with it.
            return;
        }
        self.close_line();
        if terminal {
            // Written as it is: this escape is the point, not model output.
            let _ = write!(self.out, "{}", crate::clipboard::osc52(text));
            let _ = self.out.flush();
            let _ = writeln!(
                self.err,
                "No system clipboard ({}): copied through the terminal instead (OSC 52), which works where the terminal allows it.",
                printable(reason)
            );
        } else {
            let _ = writeln!(
                self.err,
                "Error: nothing was copied: no system clipboard ({}), and the output is not a terminal to copy through.",
                printable(reason)
            );
        }
    }

    fn print_text(&mut self, event: &Event) {
        if self.thinking_open && !matches!(event, Event::ReasoningDelta { .. }) {
            let _ = writeln!(self.err);
            self.thinking_open = false;
        }
        match event {
            Event::ReasoningDelta { text } => {
                // Thinking goes beside the reply, not into it: stdout stays the answer.
                let _ = write!(self.err, "{}", printable(text));
                self.thinking_open = !text.ends_with('\n');
                return;
            }
            Event::ReplyDelta { text } => {
                let _ = write!(self.out, "{}", printable(text));
                let _ = self.out.flush();
                if !text.is_empty() {
                    self.open_line = !text.ends_with('\n');
                }
                return;
            }
            // Pane data: printed whole, for `--message "/map"` and the like.
            Event::CommitLog { commits } => {
                for commit in commits {
                    let text = format!("{} {}", commit.short_id, commit.summary);
                    self.line(&text);
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
            _ => {}
        }
        for said in describe(event) {
            self.close_line();
            let text = printable(&said.text);
            match said.tone {
                Tone::Result => {
                    let _ = writeln!(self.out, "{text}");
                }
                Tone::Info => {
                    let _ = writeln!(self.err, "{text}");
                }
                Tone::Warn => {
                    let _ = writeln!(self.err, "Warning: {text}");
                }
                Tone::Error => {
                    let _ = writeln!(self.err, "Error: {text}");
                }
            }
            let _ = self.out.flush();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{CommitInfo, EditOutcome, EditStatus, TokenUsage};

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
                    made_by: crate::protocol::Maker::AiderTui,
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

#[cfg(test)]
mod terminal_tests {
    use super::*;

    #[test]
    fn the_models_control_codes_never_reach_the_terminal() {
        let mut out = Vec::new();
        let mut err = Vec::new();
        {
            let mut printer = Printer::new(false, &mut out, &mut err);
            printer.print(&Event::ReplyDelta {
                text: "hi\u{1b}]52;c;cHduZWQ=\u{7}\u{1b}[2J".into(),
            });
            printer.print(&Event::Notice {
                level: crate::protocol::NoticeLevel::Warn,
                text: "file \u{1b}[31mred.py".into(),
            });
            printer.finish();
        }
        for bytes in [&out, &err] {
            assert!(!bytes.contains(&0x1b), "{}", String::from_utf8_lossy(bytes));
            assert!(!bytes.contains(&0x07));
        }
    }
}
