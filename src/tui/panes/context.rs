//! The context pane: what the next request will hold, part by part in the order it is
//! sent, with tokens, cost and share of the window; which leading parts the provider
//! should serve from its prompt cache (marked ●) beside what the last reply reported;
//! for Anthropic, the time left before the cache expires.

use std::cell::Cell;
use std::time::{Duration, Instant};

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use crate::protocol::{CacheRule, ContextReport};
use crate::text::{dollars, percent};
use crate::tui::app_event::AppEvent;
use crate::tui::keymap::Action;
use crate::tui::pane::{Component, DrawContext, Handled};

/// The context pane.
#[derive(Default)]
pub struct ContextPane {
    report: Option<(ContextReport, Instant)>,
    scroll: u16,
    /// The countdown's second as last drawn.
    drawn_second: Cell<Option<u64>>,
}

impl ContextPane {
    /// The engine's newest report.
    pub fn set_report(&mut self, report: ContextReport) {
        self.report = Some((report, Instant::now()));
    }

    /// The time left on the provider's cache now, if it is counted.
    fn expires_in(&self) -> Option<Duration> {
        let (report, received) = self.report.as_ref()?;
        let seconds = report.cache_expires_in?;
        Duration::from_secs(seconds).checked_sub(received.elapsed())
    }

    /// A countdown is on screen (the frames should tick).
    pub fn counting_down(&self) -> bool {
        self.expires_in().is_some()
    }

    /// The countdown shows another second than when last drawn.
    pub fn countdown_moved(&self) -> bool {
        self.expires_in().map(|left| left.as_secs()) != self.drawn_second.get()
    }

    /// The height the whole report needs, borders included.
    pub fn wanted_height(&self) -> u16 {
        let parts = self
            .report
            .as_ref()
            .map_or(0, |(report, _)| report.parts.len());
        // Title and header, the parts, the total, a blank line, up to five cache lines.
        (parts as u16).saturating_add(2 + 1 + 1 + 5 + 2)
    }

    /// Scrolling keys.
    pub fn on_action(&mut self, action: Action) -> bool {
        match action {
            Action::Up => self.scroll = self.scroll.saturating_sub(1),
            Action::Down => self.scroll = self.scroll.saturating_add(1),
            Action::PageUp => self.scroll = self.scroll.saturating_sub(10),
            Action::PageDown => self.scroll = self.scroll.saturating_add(10),
            Action::Top => self.scroll = 0,
            _ => return false,
        }
        true
    }

    /// Draws the report.
    pub fn draw(&self, frame: &mut Frame, area: Rect, context: DrawContext) {
        let styles = context.styles;
        let note = self.report.as_ref().map(|(report, _)| {
            if report.context_window > 0 {
                format!("{}/{} tokens", report.total_tokens, report.context_window)
            } else {
                format!("{} tokens", report.total_tokens)
            }
        });
        let block = context.block("Context", note);
        let inner = block.inner(area);
        frame.render_widget(block, area);
        let Some((report, _)) = &self.report else {
            let text = Line::styled("Counting the next request…", styles.dim);
            frame.render_widget(Paragraph::new(text), inner);
            return;
        };
        let mut lines = vec![Line::styled(
            format!("Next request to {}, in the order sent:", report.model),
            styles.dim,
        )];
        lines.push(Line::styled(
            "  tokens  window      cost  part",
            styles.title,
        ));
        for part in &report.parts {
            let (mark, style) = if part.cached {
                ("●", styles.accepted)
            } else {
                (" ", styles.text)
            };
            lines.push(Line::from(vec![
                Span::styled(
                    format!(
                        "{:>8}  {:>6}  {:>8}  ",
                        part.tokens,
                        percent(part.share),
                        dollars(part.cost)
                    ),
                    styles.text,
                ),
                Span::styled(format!("{mark} {}", part.name), style),
            ]));
        }
        let share = if report.context_window > 0 {
            report.total_tokens as f64 / report.context_window as f64
        } else {
            0.0
        };
        lines.push(Line::styled(
            format!(
                "{:>8}  {:>6}  {:>8}  total",
                report.total_tokens,
                percent(share),
                dollars(report.cost)
            ),
            styles.heading,
        ));
        lines.push(Line::default());
        lines.extend(self.cache_lines(report, context));
        frame.render_widget(
            Paragraph::new(lines)
                .wrap(Wrap { trim: false })
                .scroll((self.scroll, 0)),
            inner,
        );
    }

    fn cache_lines(&self, report: &ContextReport, context: DrawContext) -> Vec<Line<'static>> {
        let styles = context.styles;
        let mut lines = Vec::new();
        let rule = match report.cache_rule {
            CacheRule::None => "none known for this provider",
            CacheRule::AutomaticPrefix => "automatic prefix",
            CacheRule::Breakpoints => "cache breakpoints",
        };
        lines.push(Line::styled(format!("Prompt cache: {rule}"), styles.text));
        if report.cache_rule != CacheRule::None && report.cached_tokens > 0 {
            lines.push(Line::styled(
                format!(
                    "● expected from the cache: {} tokens ({} instead of {})",
                    report.cached_tokens,
                    dollars(report.cost_with_cache),
                    dollars(report.cost)
                ),
                styles.accepted,
            ));
        } else if report.cache_rule != CacheRule::None {
            lines.push(Line::styled(
                "Nothing expected from the cache: no unchanged prefix of 1024+ tokens",
                styles.dim,
            ));
        }
        if let Some(counts) = report.last_reply {
            lines.push(Line::styled(
                format!(
                    "Last reply: {} read from the cache, {} written, {} uncached",
                    counts.read, counts.written, counts.uncached
                ),
                styles.text,
            ));
        }
        let left = self.expires_in();
        self.drawn_second.set(left.map(|left| left.as_secs()));
        if let Some(left) = left {
            let seconds = left.as_secs();
            let mut text = format!("Cache expires in {}:{:02}", seconds / 60, seconds % 60);
            if let Some((pings, most)) = report.keepalive {
                text.push_str(&format!(" · keep-alive pings left {pings}/{most}"));
            }
            lines.push(Line::styled(text, styles.warn));
        } else if report.cache_rule == CacheRule::Breakpoints && report.last_reply.is_some() {
            lines.push(Line::styled("The cache has expired.", styles.dim));
        }
        if let Some(summary) = report.summary {
            lines.push(Line::styled(
                format!(
                    "History summarized: {}, {} → {} tokens",
                    crate::text::counted(summary.messages, "message", "messages"),
                    summary.before_tokens,
                    summary.after_tokens
                ),
                styles.info,
            ));
        }
        lines
    }
}

impl Component for ContextPane {
    fn title(&self) -> &'static str {
        "Context"
    }

    fn draw(&self, frame: &mut Frame, area: Rect, context: &DrawContext) {
        ContextPane::draw(self, frame, area, *context);
    }

    fn handle(&mut self, action: Action, _bus: &mut Vec<AppEvent>) -> Handled {
        self.on_action(action).into()
    }
}
