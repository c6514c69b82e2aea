//! Markdown for the chat pane, rendered a line at a time so a streaming reply costs
//! only its new lines: headings, lists, quotes, `inline code`, **bold**, and fenced
//! code coloured with syntect (SEARCH/REPLACE markers stand out).

use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};

use super::highlight::{CodeHighlighter, Palette};
use super::theme::Styles;

/// How wide a horizontal rule is drawn.
const RULE_WIDTH: usize = 32;

/// One rendered line and the indent its wrapped rows hang at.
#[derive(Debug, Clone, PartialEq)]
pub struct Rendered {
    pub line: Line<'static>,
    pub hang: usize,
}

impl Rendered {
    /// A line whose wrapped rows start at the left edge.
    pub fn flat(line: Line<'static>) -> Rendered {
        Rendered { line, hang: 0 }
    }
}

/// A fenced code block: where its frame starts and ends among the rendered lines, and
/// its text (what `y` copies).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CodeBlock {
    pub first: usize,
    pub last: usize,
    pub text: String,
}

/// An open code fence.
struct Fence {
    marker: String,
    code: Option<CodeHighlighter>,
    first: usize,
    text: String,
}

/// Renders markdown line by line, remembering whether it is inside a code fence and
/// holding a table's rows until it ends (its columns are as wide as its widest cell).
pub struct MarkdownRenderer {
    palette: Palette,
    base: Style,
    heading: Style,
    code_inline: Style,
    fence_style: Style,
    marker: Style,
    quote: Style,
    dim: Style,
    fence: Option<Fence>,
    table: Vec<String>,
    /// How many lines were rendered so far.
    emitted: usize,
    blocks: Vec<CodeBlock>,
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
            dim: styles.dim,
            fence: None,
            table: Vec::new(),
            emitted: 0,
            blocks: Vec::new(),
        }
    }

    /// The code blocks closed so far.
    pub fn code_blocks(&self) -> &[CodeBlock] {
        &self.blocks
    }

    /// Renders one complete line and moves the state on. A table row is held (see
    /// [`MarkdownRenderer::pending`]) until a line that is not one ends the table.
    pub fn push_line(&mut self, line: &str) -> Vec<Rendered> {
        let mut out = Vec::new();
        if self.fence.is_none() && is_table_row(line) {
            self.table.push(line.to_string());
            return out;
        }
        out.extend(self.flush_table());
        let rendered = self.one_line(line);
        self.emitted += 1;
        out.push(rendered);
        out
    }

    /// Renders what is held (a table at the end of the text) and closes an open fence's
    /// record: the text is complete.
    pub fn finish(&mut self) -> Vec<Rendered> {
        let out = self.flush_table();
        if let Some(fence) = self.fence.take() {
            self.blocks.push(CodeBlock {
                first: fence.first,
                last: self.emitted.saturating_sub(1),
                text: fence.text,
            });
        }
        out
    }

    /// The held table rows as they would be drawn now (while a reply streams).
    pub fn pending(&self) -> Vec<Rendered> {
        self.render_table(&self.table)
    }

    fn flush_table(&mut self) -> Vec<Rendered> {
        let rows = std::mem::take(&mut self.table);
        let out = self.render_table(&rows);
        self.emitted += out.len();
        out
    }

    fn one_line(&mut self, line: &str) -> Rendered {
        let trimmed = line.trim_start();
        let emitted = self.emitted;
        if let Some(fence) = &mut self.fence {
            if trimmed.starts_with(fence.marker.as_str()) && trimmed.trim_end() == fence.marker {
                let text = std::mem::take(&mut fence.text);
                self.blocks.push(CodeBlock {
                    first: fence.first,
                    last: emitted,
                    text,
                });
                self.fence = None;
                return Rendered::flat(Line::styled("└─", self.fence_style));
            }
            fence.text.push_str(line);
            fence.text.push('\n');
            // Wrapped rows hang under the frame and the line's own indent.
            let hang = 2 + (line.len() - trimmed.len());
            let frame = Span::styled("│ ", self.fence_style);
            let spans = if edit_marker(trimmed).is_some() {
                vec![frame, Span::styled(line.to_string(), self.marker)]
            } else {
                let mut spans = vec![frame];
                match &mut fence.code {
                    Some(code) => spans.extend(code.line(line)),
                    None => spans.push(Span::styled(line.to_string(), self.base)),
                }
                spans
            };
            return Rendered {
                line: Line::from(spans),
                hang,
            };
        }
        if let Some(marker) = fence_opening(trimmed) {
            let language = trimmed[marker.len()..].trim();
            self.fence = Some(Fence {
                marker: marker.to_string(),
                code: self.palette.for_language(language),
                first: emitted,
                text: String::new(),
            });
            let label = if language.is_empty() {
                "┌─".to_string()
            } else {
                format!("┌─ {language}")
            };
            return Rendered::flat(Line::styled(label, self.fence_style));
        }
        Rendered::flat(self.prose(line))
    }

    /// Renders an incomplete last line without changing any state.
    pub fn preview_line(&self, line: &str) -> Line<'static> {
        if self.fence.is_some() || fence_opening(line.trim_start()).is_some() {
            let style = if edit_marker(line.trim_start()).is_some() {
                self.marker
            } else {
                self.base
            };
            let mut spans = Vec::new();
            if self.fence.is_some() {
                spans.push(Span::styled("│ ", self.fence_style));
            }
            spans.push(Span::styled(line.to_string(), style));
            return Line::from(spans);
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
        if is_rule(trimmed) {
            return Line::styled("─".repeat(RULE_WIDTH), self.dim);
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

    /// A table's rows drawn with rules, each column as wide as its widest cell; rows
    /// that are not a table (no delimiter row second) are prose.
    fn render_table(&self, rows: &[String]) -> Vec<Rendered> {
        let delimiter = rows.get(1).map(|row| cells(row));
        let aligns: Option<Vec<Align>> = delimiter
            .as_ref()
            .and_then(|cells| cells.iter().map(|cell| alignment(cell)).collect());
        let Some(aligns) = aligns.filter(|aligns| !aligns.is_empty()) else {
            return rows
                .iter()
                .map(|row| Rendered::flat(self.prose(row)))
                .collect();
        };
        let body: Vec<Vec<Vec<Span<'static>>>> = rows
            .iter()
            .enumerate()
            .filter(|(index, _)| *index != 1)
            .map(|(_, row)| cells(row).iter().map(|cell| self.inline(cell)).collect())
            .collect();
        let columns = aligns.len();
        let mut widths = vec![1; columns];
        for row in &body {
            for (column, cell) in row.iter().take(columns).enumerate() {
                widths[column] = widths[column].max(spans_width(cell));
            }
        }
        let rule = |left: &str, middle: &str, right: &str| {
            let parts: Vec<String> = widths.iter().map(|width| "─".repeat(width + 2)).collect();
            Rendered::flat(Line::styled(
                format!("{left}{}{right}", parts.join(middle)),
                self.dim,
            ))
        };
        let mut out = vec![rule("┌", "┬", "┐")];
        for (index, row) in body.iter().enumerate() {
            let mut spans = vec![Span::styled("│", self.dim)];
            for (column, width) in widths.iter().enumerate() {
                let cell = row.get(column).cloned().unwrap_or_default();
                let gap = width - spans_width(&cell);
                let (before, after) = match aligns[column] {
                    Align::Left => (0, gap),
                    Align::Right => (gap, 0),
                    Align::Center => (gap / 2, gap - gap / 2),
                };
                spans.push(Span::raw(" ".repeat(before + 1)));
                let heading = index == 0;
                spans.extend(cell.into_iter().map(|span| {
                    if heading {
                        span.patch_style(Style::default().add_modifier(Modifier::BOLD))
                    } else {
                        span
                    }
                }));
                spans.push(Span::raw(" ".repeat(after + 1)));
                spans.push(Span::styled("│", self.dim));
            }
            out.push(Rendered::flat(Line::from(spans)));
            if index == 0 {
                out.push(rule("├", "┼", "┤"));
            }
        }
        out.push(rule("└", "┴", "┘"));
        out
    }

    /// `inline code`, **bold**, *italics* (or _italics_) and [links](address) within a
    /// line of prose.
    fn inline(&self, text: &str) -> Vec<Span<'static>> {
        let mut spans = Vec::new();
        let mut plain = String::new();
        let mut rest = text;
        while let Some(c) = rest.chars().next() {
            if let Some((mark, used)) = self.inline_mark(rest, plain.chars().last()) {
                if !plain.is_empty() {
                    spans.push(Span::styled(std::mem::take(&mut plain), self.base));
                }
                spans.extend(mark);
                rest = &rest[used..];
                continue;
            }
            plain.push(c);
            rest = &rest[c.len_utf8()..];
        }
        if !plain.is_empty() {
            spans.push(Span::styled(plain, self.base));
        }
        spans
    }

    /// The mark that starts `text`, if one does and closes: its spans and the bytes it
    /// took. `before` is the character before it (an `_` inside a word is no mark).
    fn inline_mark(&self, text: &str, before: Option<char>) -> Option<(Vec<Span<'static>>, usize)> {
        let closed = |open: &str, close: &str| -> Option<(&str, usize)> {
            let body = text.strip_prefix(open)?;
            let end = body.find(close)?;
            (end > 0).then(|| (&body[..end], open.len() + end + close.len()))
        };
        if let Some((body, used)) = closed("`", "`") {
            return Some((vec![Span::styled(body.to_string(), self.code_inline)], used));
        }
        if let Some((body, used)) = closed("**", "**") {
            let bold = self.base.add_modifier(Modifier::BOLD);
            return Some((vec![Span::styled(body.to_string(), bold)], used));
        }
        let italic = self.base.add_modifier(Modifier::ITALIC);
        if let Some((body, used)) = closed("*", "*").filter(|(body, _)| !body.starts_with(' ')) {
            return Some((vec![Span::styled(body.to_string(), italic)], used));
        }
        let in_word = before.is_some_and(char::is_alphanumeric);
        if let Some((body, used)) = closed("_", "_").filter(|_| !in_word) {
            let after = text[used..].chars().next();
            if !after.is_some_and(char::is_alphanumeric) {
                return Some((vec![Span::styled(body.to_string(), italic)], used));
            }
        }
        if let Some((label, used)) = closed("[", "](") {
            let address_end = text[used..].find(')')?;
            let address = &text[used..used + address_end];
            let link = self.base.add_modifier(Modifier::UNDERLINED);
            return Some((
                vec![
                    Span::styled(label.to_string(), link),
                    Span::styled(format!(" ({address})"), self.dim),
                ],
                used + address_end + 1,
            ));
        }
        None
    }
}

/// How a table column is aligned, from its delimiter cell (`:--`, `:-:`, `--:`).
#[derive(Debug, Clone, Copy)]
enum Align {
    Left,
    Center,
    Right,
}

fn alignment(cell: &str) -> Option<Align> {
    let cell = cell.trim();
    let inner = cell.trim_start_matches(':').trim_end_matches(':');
    if inner.is_empty() || !inner.chars().all(|c| c == '-') {
        return None;
    }
    Some(match (cell.starts_with(':'), cell.ends_with(':')) {
        (true, true) => Align::Center,
        (false, true) => Align::Right,
        _ => Align::Left,
    })
}

fn is_table_row(line: &str) -> bool {
    let trimmed = line.trim();
    trimmed.starts_with('|') && trimmed.len() > 1
}

/// A table row's cells (`\|` is a bar inside a cell).
fn cells(row: &str) -> Vec<String> {
    let trimmed = row.trim();
    let inner = trimmed.strip_prefix('|').unwrap_or(trimmed);
    let inner = inner.strip_suffix('|').unwrap_or(inner);
    let mut out = Vec::new();
    let mut cell = String::new();
    let mut escaped = false;
    for c in inner.chars() {
        match c {
            '|' if !escaped => out.push(std::mem::take(&mut cell)),
            '\\' if !escaped => escaped = true,
            _ => {
                if escaped && c != '|' {
                    cell.push('\\');
                }
                escaped = false;
                cell.push(c);
            }
        }
    }
    out.push(cell);
    out.iter().map(|cell| cell.trim().to_string()).collect()
}

fn spans_width(spans: &[Span<'_>]) -> usize {
    spans
        .iter()
        .map(|span| super::cells::width(&span.content))
        .sum()
}

/// `---`, `***` or `___` (three or more, spaces between allowed).
fn is_rule(trimmed: &str) -> bool {
    let marks: String = trimmed.chars().filter(|c| !c.is_whitespace()).collect();
    marks.len() >= 3
        && ["-", "*", "_"]
            .iter()
            .any(|mark| marks.chars().all(|c| c.to_string() == *mark))
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

    fn renderer() -> MarkdownRenderer {
        let theme = Theme::load("dark", true).unwrap();
        MarkdownRenderer::new(Palette::for_theme(&theme), &theme.styles, Style::default())
    }

    fn render(text: &str) -> Vec<String> {
        let mut renderer = renderer();
        let mut out: Vec<String> = text
            .lines()
            .flat_map(|line| renderer.push_line(line))
            .map(|rendered| rendered.line.to_string())
            .collect();
        out.extend(renderer.finish().into_iter().map(|r| r.line.to_string()));
        out
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
    fn fenced_code_is_framed_and_left_alone_until_the_fence_closes() {
        let lines = render("```python\n# not a heading\n- not a list\n```\n# heading");
        assert_eq!(
            lines,
            [
                "┌─ python",
                "│ # not a heading",
                "│ - not a list",
                "└─",
                "heading"
            ]
        );
    }

    #[test]
    fn a_code_line_wraps_under_its_own_indent() {
        let mut renderer = renderer();
        renderer.push_line("```");
        let line = renderer.push_line("        deeply(indented)").remove(0);
        assert_eq!(line.hang, 10);
    }

    #[test]
    fn code_blocks_are_recorded_with_their_text() {
        let mut renderer = renderer();
        for line in "intro\n```rust\nfn a() {}\n    b();\n```\nmid\n```\nc\n".lines() {
            renderer.push_line(line);
        }
        renderer.finish();
        assert_eq!(
            renderer.code_blocks(),
            [
                CodeBlock {
                    first: 1,
                    last: 4,
                    text: "fn a() {}\n    b();\n".into()
                },
                CodeBlock {
                    first: 6,
                    last: 7,
                    text: "c\n".into()
                }
            ]
        );
    }

    #[test]
    fn unclosed_inline_marks_stay_literal() {
        assert_eq!(render("a `b and **c"), ["a `b and **c"]);
        assert_eq!(
            render("snake_case_name and 2 * 3"),
            ["snake_case_name and 2 * 3"]
        );
    }

    #[test]
    fn italics_links_and_rules() {
        let theme = Theme::load("dark", false).unwrap();
        let mut renderer =
            MarkdownRenderer::new(Palette::for_theme(&theme), &theme.styles, Style::default());
        let line = renderer
            .push_line("an *aside*, _another_ and [docs](https://x.org/a)")
            .remove(0);
        assert_eq!(
            line.line.to_string(),
            "an aside, another and docs (https://x.org/a)"
        );
        let styled = |text: &str| {
            line.line
                .spans
                .iter()
                .find(|span| span.content == text)
                .map(|span| span.style)
                .unwrap()
        };
        assert!(styled("aside").add_modifier.contains(Modifier::ITALIC));
        assert!(styled("another").add_modifier.contains(Modifier::ITALIC));
        assert!(styled("docs").add_modifier.contains(Modifier::UNDERLINED));
        assert_eq!(render("---"), ["─".repeat(RULE_WIDTH)]);
    }

    #[test]
    fn a_table_is_drawn_with_rules_and_aligned_columns() {
        let lines = render(
            "Sizes:\n| name | size |\n|:-----|-----:|\n| `a.rs` | 12 |\n| bigger.rs | 1024 |\nafter",
        );
        assert_eq!(
            lines,
            [
                "Sizes:",
                "┌───────────┬──────┐",
                "│ name      │ size │",
                "├───────────┼──────┤",
                "│ a.rs      │   12 │",
                "│ bigger.rs │ 1024 │",
                "└───────────┴──────┘",
                "after",
            ]
        );
    }

    #[test]
    fn bars_without_a_delimiter_row_are_prose() {
        assert_eq!(render("| not a table\nnext"), ["| not a table", "next"]);
    }

    #[test]
    fn search_replace_markers_use_the_marker_style() {
        let theme = Theme::load("dark", false).unwrap();
        let mut renderer =
            MarkdownRenderer::new(Palette::for_theme(&theme), &theme.styles, Style::default());
        renderer.push_line("```rust");
        let marker = renderer.push_line("<<<<<<< SEARCH").remove(0);
        assert_eq!(marker.line.spans[1].style, theme.styles.marker);
    }
}
