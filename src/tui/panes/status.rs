//! The status bar: model and edit format, chat mode, context tokens against the
//! window, session cost, the repo map's scan while it runs, branch, auto-accept, and
//! while the model works a spinner with what the turn is doing: its seconds, the
//! tokens so far and their rate, and the key that interrupts it.

use std::time::Instant;

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::protocol::SessionStatus;
use crate::tui::hints::Hints;
use crate::tui::theme::Styles;

const SPINNER: [&str; 10] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

/// The status bar.
#[derive(Debug, Default)]
pub struct StatusBar {
    pub status: SessionStatus,
    /// Waiting for (or receiving) the model's reply.
    pub waiting: bool,
    /// The microphone is recording (`/voice`).
    pub recording: bool,
    /// Watch mode is on (`/watch`, `--watch-files`).
    pub watching: bool,
    /// Enter and Alt-Enter are swapped (`/multiline-mode`, `--multiline`).
    pub multiline: bool,
    spinner: usize,
    flash: Option<String>,
    turn: Option<TurnClock>,
}

/// How long the running turn has taken and how much it has said.
#[derive(Debug, Clone, Copy)]
struct TurnClock {
    started: Instant,
    /// The time at the last frame tick: the bar moves on ticks, so a screen drawn
    /// without ticks (a snapshot) shows the same figures every run.
    now: Instant,
    /// Characters streamed so far (reply and thinking).
    chars: usize,
}

/// Streamed text has about this many characters per token (an estimate: the exact
/// count comes with the usage at the end of the reply).
const CHARS_PER_TOKEN: usize = 4;

impl StatusBar {
    /// Moves the spinner on one frame, and the turn's clock to `now`.
    pub fn tick(&mut self, now: Instant) {
        self.spinner = (self.spinner + 1) % SPINNER.len();
        if let Some(turn) = &mut self.turn {
            turn.now = now;
        }
    }

    /// A turn started at `now`.
    pub fn begin_turn(&mut self, now: Instant) {
        self.turn = Some(TurnClock {
            started: now,
            now,
            chars: 0,
        });
    }

    /// The model streamed `text`.
    pub fn count_streamed(&mut self, text: &str) {
        if let Some(turn) = &mut self.turn {
            turn.chars += text.chars().count();
        }
    }

    /// The turn finished.
    pub fn end_turn(&mut self) {
        self.turn = None;
    }

    /// `Working (12s • ~340 tokens • 28/s • Esc to interrupt)`.
    fn working(&self, hints: &Hints) -> Option<String> {
        let turn = self.turn?;
        let elapsed = turn.now.saturating_duration_since(turn.started);
        let mut parts = vec![format!("{}s", elapsed.as_secs())];
        let tokens = turn.chars.div_ceil(CHARS_PER_TOKEN);
        if tokens > 0 {
            parts.push(format!("~{} tokens", compact(tokens as u64)));
            // A rate over less than a second says little.
            if elapsed.as_secs() >= 1 {
                let rate = tokens as f64 / elapsed.as_secs_f64();
                parts.push(format!("{rate:.0}/s"));
            }
        }
        if !hints.interrupt.is_empty() {
            parts.push(hints.interrupt.clone());
        }
        Some(format!("Working ({})", parts.join(" • ")))
    }

    /// Shows a short message until the next key.
    pub fn flash(&mut self, text: impl Into<String>) {
        self.flash = Some(text.into());
    }

    /// Clears the message.
    pub fn clear_flash(&mut self) {
        self.flash = None;
    }

    /// Draws the bar on one row.
    pub fn draw(&self, frame: &mut Frame, area: Rect, styles: &Styles, hints: &Hints) {
        let status = &self.status;
        let bar = styles.status;
        let accent = styles.status_accent;
        let separator = || Span::styled(" │ ", bar);
        let mut spans = vec![Span::styled(" ", bar)];
        if self.recording {
            spans.push(Span::styled(
                format!("● REC  {}", hints.recording),
                styles.status.patch(styles.error),
            ));
            spans.push(separator());
        } else if self.waiting {
            spans.push(Span::styled(format!("{} ", SPINNER[self.spinner]), accent));
            if let Some(working) = self.working(hints) {
                spans.push(Span::styled(working, accent));
                spans.push(separator());
            }
        }
        // A message comes first: on a narrow bar the end is cut off.
        if let Some(flash) = &self.flash {
            spans.push(Span::styled(flash.clone(), accent));
            spans.push(separator());
        }
        if status.model.is_empty() {
            spans.push(Span::styled("no model", styles.status.patch(styles.warn)));
        } else {
            spans.push(Span::styled(status.model.clone(), accent));
            if !status.edit_format.is_empty() {
                spans.push(Span::styled(format!(" ({})", status.edit_format), bar));
            }
        }
        spans.push(separator());
        spans.push(Span::styled(status.mode.name(), accent));
        if self.watching {
            spans.push(Span::styled(" · watching", accent));
        }
        if self.multiline {
            spans.push(Span::styled(" · multiline", bar));
        }
        spans.push(separator());
        // With no model there is no window to measure against.
        let context = if status.context_window == 0 {
            format!("ctx {}", compact(status.context_tokens))
        } else {
            format!(
                "ctx {}/{}",
                compact(status.context_tokens),
                compact(status.context_window)
            )
        };
        spans.push(Span::styled(context, bar));
        spans.push(separator());
        // Cents hide what a cheap model costs: small sums get four decimals.
        let cost = status.session_cost;
        let cost = if cost > 0.0 && cost < 0.01 {
            format!("${cost:.4}")
        } else {
            format!("${cost:.2}")
        };
        spans.push(Span::styled(cost, bar));
        if let Some(progress) = &status.map_progress {
            spans.push(separator());
            // The total is known once the files are listed.
            let scan = if progress.total == 0 {
                "map: listing files".to_string()
            } else {
                format!(
                    "map {}/{}",
                    compact(progress.parsed),
                    compact(progress.total)
                )
            };
            spans.push(Span::styled(scan, bar));
        }
        if let Some(branch) = &status.branch {
            spans.push(separator());
            spans.push(Span::styled(format!("⎇ {branch}"), bar));
        }
        spans.push(separator());
        let auto = if status.auto_accept {
            "auto-accept ON"
        } else {
            "review edits"
        };
        spans.push(Span::styled(
            auto,
            if status.auto_accept { accent } else { bar },
        ));
        let line = Line::from(spans).style(bar);
        frame.render_widget(Paragraph::new(line).style(bar), area);
    }
}

/// 1234 → "1.2k", 128000 → "128k".
fn compact(value: u64) -> String {
    match value {
        0..=999 => value.to_string(),
        1_000..=9_999 => format!("{:.1}k", value as f64 / 1000.0),
        10_000..=999_999 => format!("{}k", value / 1000),
        _ => format!("{:.1}M", value as f64 / 1_000_000.0),
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn the_working_note_counts_seconds_tokens_and_their_rate() {
        let mut bar = StatusBar::default();
        let hints = Hints::new(&crate::tui::keymap::Keymap::default());
        assert_eq!(bar.working(&hints), None);
        let start = Instant::now();
        bar.begin_turn(start);
        assert_eq!(
            bar.working(&hints).unwrap(),
            "Working (0s • Esc to interrupt)"
        );
        bar.count_streamed(&"x".repeat(400));
        // Under a second: no rate yet.
        assert_eq!(
            bar.working(&hints).unwrap(),
            "Working (0s • ~100 tokens • Esc to interrupt)"
        );
        bar.tick(start + Duration::from_secs(4));
        assert_eq!(
            bar.working(&hints).unwrap(),
            "Working (4s • ~100 tokens • 25/s • Esc to interrupt)"
        );
        bar.end_turn();
        assert_eq!(bar.working(&hints), None);
    }

    #[test]
    fn token_counts_are_short() {
        assert_eq!(compact(812), "812");
        assert_eq!(compact(1234), "1.2k");
        assert_eq!(compact(128_000), "128k");
        assert_eq!(compact(2_000_000), "2.0M");
    }
}
