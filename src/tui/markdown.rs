//! Markdown for the chat pane, rendered a line at a time so a streaming reply costs
//! only its new lines: headings, lists, quotes, `inline code`, **bold**, and fenced
//! code coloured with syntect (SEARCH/REPLACE markers stand out).

use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};

use super::highlight::{CodeHighlighter, Palette};
use super::theme::Styles;

/// An open code fence.
struct Fence {
    marker: String,
    code: Option<CodeHighlighter>,
}

/// Renders markdown line by line, remembering whether it is inside a code fence.
pub struct MarkdownRenderer {
    palette: Palette,
    base: Style,
    heading: Style,
    code_inline: Style,
    fence_style: Style,
    marker: Style,
    quote: Style,
    fence: Option<Fence>,
}

impl MarkdownRenderer {
    /// A renderer whose plain text has the `base` style.
    pub fn new(palette: Palette, styles: &Styles, base: Style) -> Self {
        MarkdownRenderer {
            palette,
            base,
            heading: styles.heading,
            code_inline: styles.code_inline,
            fence_style: styles.fence,
            marker: styles.marker,
            quote: styles.dim.add_modifier(Modifier::ITALIC),
            fence: None,
        }
    }

    /// Renders one complete line and moves the fence state on.
    pub fn push_line(&mut self, line: &str) -> Line<'static> {
        let trimmed = line.trim_start();
        if let Some(fence) = &mut self.fence {
            if trimmed.starts_with(fence.marker.as_str()) && trimmed.trim_end() == fence.marker {
                self.fence = None;
                return Line::styled(line.to_string(), self.fence_style);
            }
            if edit_marker(trimmed).is_some() {
                return Line::styled(line.to_string(), self.marker);
            }
            return match &mut fence.code {
                Some(code) => Line::from(code.line(line)),
                None => Line::styled(line.to_string(), self.base),
            };
        }
        if let Some(marker) = fence_opening(trimmed) {
            let language = trimmed[marker.len()..].trim();
            self.fence = Some(Fence {
                marker: marker.to_string(),
                code: self.palette.for_language(language),
            });
            return Line::styled(line.to_string(), self.fence_style);
        }
        self.prose(line)
    }

    /// Renders an incomplete last line without changing any state.
    pub fn preview_line(&self, line: &str) -> Line<'static> {
        if self.fence.is_some() || fence_opening(line.trim_start()).is_some() {
            let style = if edit_marker(line.trim_start()).is_some() {
                self.marker
            } else {
                self.base
            };
            return Line::styled(line.to_string(), style);
        }
        self.prose(line)
    }

    fn prose(&self, line: &str) -> Line<'static> {
        let trimmed = line.trim_start();
        let indent = &line[..line.len() - trimmed.len()];
        let hashes = trimmed.chars().take_while(|c| *c == '#').count();
        if (1..=6).contains(&hashes) && trimmed[hashes..].starts_with(' ') {
            return Line::styled(trimmed[hashes + 1..].to_string(), self.heading);
        }
        if let Some(rest) = trimmed.strip_prefix("> ") {
            return Line::styled(format!("{indent}▎ {rest}"), self.quote);
        }
        for bullet in ["- ", "* ", "+ "] {
            if let Some(rest) = trimmed.strip_prefix(bullet) {
                let mut spans = vec![Span::styled(format!("{indent}• "), self.base)];
                spans.extend(self.inline(rest));
                return Line::from(spans);
            }
        }
        let mut spans = Vec::new();
        if !indent.is_empty() {
            spans.push(Span::styled(indent.to_string(), self.base));
        }
        spans.extend(self.inline(trimmed));
        Line::from(spans)
    }

    /// `inline code` and **bold** within a line of prose.
    fn inline(&self, text: &str) -> Vec<Span<'static>> {
        let mut spans = Vec::new();
        let mut rest = text;
        while !rest.is_empty() {
            let code_at = rest.find('`');
            let bold_at = rest.find("**");
            let next = match (code_at, bold_at) {
                (Some(c), Some(b)) => Some(c.min(b)),
                (c, b) => c.or(b),
            };
            let Some(start) = next else {
                spans.push(Span::styled(rest.to_string(), self.base));
                break;
            };
            let is_code = Some(start) == code_at;
            let (open, style) = if is_code {
                ("`", self.code_inline)
            } else {
                ("**", self.base.add_modifier(Modifier::BOLD))
            };
            let body_start = start + open.len();
            let Some(length) = rest[body_start..].find(open) else {
                spans.push(Span::styled(rest.to_string(), self.base));
                break;
            };
            if start > 0 {
                spans.push(Span::styled(rest[..start].to_string(), self.base));
            }
            let body = &rest[body_start..body_start + length];
            spans.push(Span::styled(body.to_string(), style));
            rest = &rest[body_start + length + open.len()..];
        }
        spans
    }
}

fn fence_opening(trimmed: &str) -> Option<&'static str> {
    ["````", "```", "~~~"]
        .into_iter()
        .find(|marker| trimmed.starts_with(marker))
}

fn edit_marker(trimmed: &str) -> Option<&str> {
    let line = trimmed.trim_end();
    let is_marker = (line.starts_with("<<<<<<<") && line.ends_with("SEARCH"))
        || (line.starts_with(">>>>>>>") && line.ends_with("REPLACE"))
        || line == "=======";
    is_marker.then_some(line)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::theme::Theme;

    fn render(text: &str) -> Vec<String> {
        let theme = Theme::load("dark", true).unwrap();
        let mut renderer =
            MarkdownRenderer::new(Palette::for_theme(&theme), &theme.styles, Style::default());
        text.lines()
            .map(|line| renderer.push_line(line).to_string())
            .collect()
    }

    #[test]
    fn headings_lists_quotes_and_inline_marks() {
        let lines = render("## Plan\n- first `x` step\n> note\nplain **bold** text");
        assert_eq!(
            lines,
            ["Plan", "• first x step", "▎ note", "plain bold text"]
        );
    }

    #[test]
    fn fenced_code_is_left_alone_until_the_fence_closes() {
        let lines = render("```python\n# not a heading\n- not a list\n```\n# heading");
        assert_eq!(
            lines,
            [
                "```python",
                "# not a heading",
                "- not a list",
                "```",
                "heading"
            ]
        );
    }

    #[test]
    fn unclosed_inline_marks_stay_literal() {
        assert_eq!(render("a `b and **c"), ["a `b and **c"]);
    }

    #[test]
    fn search_replace_markers_use_the_marker_style() {
        let theme = Theme::load("dark", false).unwrap();
        let mut renderer =
            MarkdownRenderer::new(Palette::for_theme(&theme), &theme.styles, Style::default());
        renderer.push_line("```rust");
        let marker = renderer.push_line("<<<<<<< SEARCH");
        assert_eq!(marker.style, theme.styles.marker);
    }
}
