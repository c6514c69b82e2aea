//! Wrapping styled lines to a width, preferring to break after spaces, so panes can
//! count rows themselves and draw only what is visible.

use ratatui::style::Style;
use ratatui::text::{Line, Span};
use unicode_width::UnicodeWidthChar;

/// Splits a line into rows no wider than `width` columns (at least one row); rows
/// after the first are indented by `hanging` columns (under a marker such as "› ").
pub fn wrap_line(line: &Line<'_>, width: usize, hanging: usize) -> Vec<Line<'static>> {
    let width = width.max(1);
    let hanging = if hanging < width { hanging } else { 0 };
    let cells: Vec<(char, Style)> = line
        .spans
        .iter()
        .flat_map(|span| {
            let style = line.style.patch(span.style);
            span.content.chars().map(move |c| (c, style))
        })
        .filter(|(c, _)| *c != '\n' && *c != '\r')
        .map(|(c, style)| if c == '\t' { (' ', style) } else { (c, style) })
        .collect();
    let mut rows = Vec::new();
    let mut start = 0;
    while start < cells.len() {
        let indent = if rows.is_empty() { 0 } else { hanging };
        let width = width - indent;
        let mut used = 0;
        let mut end = start;
        let mut last_space = None;
        while end < cells.len() {
            let cell_width = cells[end].0.width().unwrap_or(0);
            if used + cell_width > width && end > start {
                break;
            }
            if cells[end].0 == ' ' {
                last_space = Some(end);
            }
            used += cell_width;
            end += 1;
        }
        // Break after the last space when the row is full and a word would be cut.
        if end < cells.len()
            && let Some(space) = last_space
            && space > start
        {
            end = space + 1;
        }
        let mut row = cells_to_line(&cells[start..end]);
        if indent > 0 {
            row.spans.insert(0, Span::raw(" ".repeat(indent)));
        }
        rows.push(row);
        start = end;
    }
    if rows.is_empty() {
        rows.push(Line::default());
    }
    rows
}

/// How many rows a line takes at a width, without building them.
pub fn row_count(line: &Line<'_>, width: usize, hanging: usize) -> usize {
    let total: usize = line.spans.iter().map(|span| span.width()).sum();
    if total <= width.max(1) {
        1
    } else {
        wrap_line(line, width, hanging).len()
    }
}

fn cells_to_line(cells: &[(char, Style)]) -> Line<'static> {
    let mut spans: Vec<Span<'static>> = Vec::new();
    let mut text = String::new();
    let mut current: Option<Style> = None;
    for (c, style) in cells {
        if current != Some(*style) {
            if let Some(previous) = current
                && !text.is_empty()
            {
                spans.push(Span::styled(std::mem::take(&mut text), previous));
            }
            current = Some(*style);
        }
        text.push(*c);
    }
    if let Some(style) = current
        && !text.is_empty()
    {
        spans.push(Span::styled(text, style));
    }
    Line::from(spans)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(text: &str, width: usize) -> Vec<String> {
        wrap_line(&Line::raw(text.to_string()), width, 0)
            .iter()
            .map(|line| line.to_string())
            .collect()
    }

    #[test]
    fn breaks_after_spaces_and_cuts_long_words() {
        assert_eq!(rows("the quick brown fox", 10), ["the quick ", "brown fox"]);
        assert_eq!(rows("abcdefghij", 4), ["abcd", "efgh", "ij"]);
        assert_eq!(rows("", 5), [""]);
    }

    #[test]
    fn continuation_rows_hang_under_a_marker() {
        let rows: Vec<String> = wrap_line(&Line::raw("› one two three four"), 10, 2)
            .iter()
            .map(|line| line.to_string())
            .collect();
        assert_eq!(rows, ["› one two ", "  three ", "  four"]);
    }

    #[test]
    fn wide_characters_count_double() {
        assert_eq!(rows("日本語テキスト", 6), ["日本語", "テキス", "ト"]);
    }

    #[test]
    fn row_count_agrees_with_wrapping() {
        for text in [
            "short",
            "a much longer line of text that wraps",
            "日本語テキスト",
        ] {
            let line = Line::raw(text);
            assert_eq!(
                row_count(&line, 7, 0),
                wrap_line(&line, 7, 0).len(),
                "{text}"
            );
            assert_eq!(
                row_count(&line, 7, 2),
                wrap_line(&line, 7, 2).len(),
                "{text}"
            );
        }
    }
}
