//! Wrapping styled lines to a width, so panes can count rows themselves and draw only
//! what is visible.
//!
//! Text is cut into grapheme clusters (unicode-segmentation), so an emoji with a skin
//! tone, a family joined by zero-width joiners, a flag or a letter with combining
//! accents is never split across rows, and each cluster is measured the way ratatui
//! draws it (unicode-width). Rows are filled first-fit by textwrap, which keeps rows
//! already drawn stable while a reply streams in. Rows break after spaces and on either
//! side of a wide (CJK) character, as CJK text has no spaces; a word wider than a row
//! is cut between clusters.

use ratatui::style::Style;
use ratatui::text::{Line, Span};
use textwrap::core::Fragment;
use textwrap::wrap_algorithms::wrap_first_fit;
use unicode_segmentation::UnicodeSegmentation;

/// One grapheme cluster with its style and width in columns.
#[derive(Debug, Clone, Copy)]
struct Cell<'a> {
    text: &'a str,
    style: Style,
    width: usize,
}

impl Cell<'_> {
    fn is_space(&self) -> bool {
        self.text == " "
    }
}

/// A run of cells that stays on one row (`start..end`): a word and the spaces after it.
#[derive(Debug, Clone, Copy)]
struct Piece {
    start: usize,
    end: usize,
    width: usize,
    space_width: usize,
}

impl Fragment for Piece {
    fn width(&self) -> f64 {
        self.width as f64
    }

    fn whitespace_width(&self) -> f64 {
        self.space_width as f64
    }

    fn penalty_width(&self) -> f64 {
        0.0
    }
}

/// Splits a line into rows no wider than `width` columns (at least one row); rows
/// after the first are indented by `hanging` columns (under a marker such as "› ").
pub fn wrap_line(line: &Line<'_>, width: usize, hanging: usize) -> Vec<Line<'static>> {
    let width = width.max(1);
    let hanging = if hanging < width { hanging } else { 0 };
    let continued = width - hanging;
    let cells = cells_of(line);
    if cells.is_empty() {
        return vec![Line::default()];
    }
    let pieces = pieces_of(&cells, width, continued);
    let rows = wrap_first_fit(&pieces, &[width as f64, continued as f64]);
    rows.iter()
        .enumerate()
        .map(|(index, row)| {
            let indent = if index == 0 { 0 } else { hanging };
            let (Some(first), Some(last)) = (row.first(), row.last()) else {
                return Line::default();
            };
            let mut cells = &cells[first.start..last.end];
            // Spaces at the end of a row may be cut; nothing else is.
            let room = width - indent;
            while cells.iter().map(|cell| cell.width).sum::<usize>() > room
                && cells.last().is_some_and(Cell::is_space)
            {
                cells = &cells[..cells.len() - 1];
            }
            let mut row = cells_to_line(cells);
            if indent > 0 {
                row.spans.insert(0, Span::raw(" ".repeat(indent)));
            }
            row
        })
        .collect()
}

/// How many rows a line takes at a width, without building them when it fits.
pub fn row_count(line: &Line<'_>, width: usize, hanging: usize) -> usize {
    let total: usize = line.spans.iter().map(|span| span.width()).sum();
    if total <= width.max(1) {
        1
    } else {
        wrap_line(line, width, hanging).len()
    }
}

/// The columns `skip..skip + width` of a line (a line scrolled sideways). A wide
/// character that an edge cuts shows as spaces, so the columns stay where they are.
pub fn columns(line: &Line<'_>, skip: usize, width: usize) -> Line<'static> {
    let end = skip + width;
    let mut shown: Vec<Cell<'_>> = Vec::new();
    let mut column = 0;
    for cell in cells_of(line) {
        let (start, stop) = (column, column + cell.width);
        column = stop;
        if stop <= skip {
            continue;
        }
        if start >= end {
            break;
        }
        if start < skip || stop > end {
            let visible = stop.min(end) - start.max(skip);
            for _ in 0..visible {
                shown.push(Cell {
                    text: " ",
                    style: cell.style,
                    width: 1,
                });
            }
        } else {
            shown.push(cell);
        }
    }
    cells_to_line(&shown)
}

/// The line's grapheme clusters with their styles; tabs become spaces, line breaks go.
fn cells_of<'a>(line: &'a Line<'_>) -> Vec<Cell<'a>> {
    let mut cells = Vec::new();
    for span in &line.spans {
        let style = line.style.patch(span.style);
        for cluster in span.content.graphemes(true) {
            let text = match cluster {
                "\n" | "\r" | "\r\n" => continue,
                "\t" => " ",
                other => other,
            };
            cells.push(Cell {
                text,
                style,
                width: super::cells::width(text),
            });
        }
    }
    cells
}

/// Cuts cells into the pieces rows are made of. `first` and `continued` are the widths
/// of the first and later rows: a word wider than a row is cut into row-sized pieces.
fn pieces_of(cells: &[Cell<'_>], first: usize, continued: usize) -> Vec<Piece> {
    let wide = |at: usize| cells[at].width > 1;
    let mut pieces = Vec::new();
    let mut at = 0;
    while at < cells.len() {
        let start = at;
        if wide(at) {
            at += 1;
        } else {
            while at < cells.len() && !cells[at].is_space() && !wide(at) {
                at += 1;
            }
        }
        let word_end = at;
        while at < cells.len() && cells[at].is_space() {
            at += 1;
        }
        let width = cells[start..word_end].iter().map(|cell| cell.width).sum();
        let space_width = cells[word_end..at].iter().map(|cell| cell.width).sum();
        let room = if pieces.is_empty() { first } else { continued };
        if width <= continued || width <= room {
            pieces.push(Piece {
                start,
                end: at,
                width,
                space_width,
            });
        } else {
            cut_word(cells, start, word_end, at, room, continued, &mut pieces);
        }
    }
    pieces
}

/// Cuts a word too wide for a row into pieces of at most `room` columns, then
/// `continued` columns; the last piece keeps the spaces after the word.
fn cut_word(
    cells: &[Cell<'_>],
    start: usize,
    word_end: usize,
    end: usize,
    room: usize,
    continued: usize,
    pieces: &mut Vec<Piece>,
) {
    let mut piece_start = start;
    let mut used = 0;
    let mut limit = room;
    for (at, cell) in cells.iter().enumerate().take(word_end).skip(start) {
        let cell_width = cell.width;
        if used + cell_width > limit && at > piece_start {
            pieces.push(Piece {
                start: piece_start,
                end: at,
                width: used,
                space_width: 0,
            });
            piece_start = at;
            used = 0;
            limit = continued;
        }
        used += cell_width;
    }
    pieces.push(Piece {
        start: piece_start,
        end,
        width: used,
        space_width: cells[word_end..end].iter().map(|cell| cell.width).sum(),
    });
}

/// Cells back into spans, one per run of the same style.
fn cells_to_line(cells: &[Cell<'_>]) -> Line<'static> {
    let mut spans: Vec<Span<'static>> = Vec::new();
    let mut text = String::new();
    let mut current: Option<Style> = None;
    for cell in cells {
        if current != Some(cell.style) {
            if let Some(previous) = current
                && !text.is_empty()
            {
                spans.push(Span::styled(std::mem::take(&mut text), previous));
            }
            current = Some(cell.style);
        }
        text.push_str(cell.text);
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
    use ratatui::style::Color;
    use unicode_width::UnicodeWidthStr;

    use super::*;

    fn rows(text: &str, width: usize) -> Vec<String> {
        wrap_line(&Line::raw(text.to_string()), width, 0)
            .iter()
            .map(|line| line.to_string())
            .collect()
    }

    /// Every row fits, and no grapheme cluster of the text is split between rows.
    fn assert_clusters_kept(text: &str, width: usize, hanging: usize) {
        let wrapped = wrap_line(&Line::raw(text.to_string()), width, hanging);
        let clusters: Vec<&str> = text.graphemes(true).filter(|c| *c != " ").collect();
        let mut rejoined: Vec<String> = Vec::new();
        for (index, row) in wrapped.iter().enumerate() {
            let shown = row.to_string();
            // A cluster wider than the row still gets a row of its own.
            let lone = shown.trim().graphemes(true).count() <= 1;
            assert!(
                shown.width() <= width.max(1) || lone,
                "{text:?} at {width}: row {index} {shown:?} is too wide"
            );
            // The hanging indent is spaces, which the comparison leaves out.
            rejoined.extend(
                shown
                    .graphemes(true)
                    .filter(|c| *c != " ")
                    .map(str::to_string),
            );
        }
        assert_eq!(rejoined, clusters, "{text:?} at {width}");
    }

    #[test]
    fn columns_scroll_a_line_sideways_and_keep_wide_characters_in_place() {
        let line = Line::from(vec![
            Span::raw("ab"),
            Span::styled("cdef", Style::default().fg(Color::Red)),
        ]);
        let shown = columns(&line, 1, 3);
        assert_eq!(shown.to_string(), "bcd");
        assert_eq!(shown.spans[1].style.fg, Some(Color::Red));
        assert_eq!(columns(&line, 6, 3).to_string(), "");
        // "中" takes columns 1 and 2: an edge through it leaves a space.
        let wide = Line::raw("a中b");
        assert_eq!(columns(&wide, 2, 2).to_string(), " b");
        assert_eq!(columns(&wide, 0, 2).to_string(), "a ");
    }

    #[test]
    fn breaks_after_spaces_and_cuts_long_words() {
        assert_eq!(rows("the quick brown fox", 10), ["the quick ", "brown fox"]);
        assert_eq!(rows("abcdefghij", 4), ["abcd", "efgh", "ij"]);
        assert_eq!(rows("", 5), [""]);
        assert_eq!(
            rows("go https://example.com/x", 8),
            ["go ", "https://", "example.", "com/x"]
        );
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
    fn wide_characters_count_double_and_break_between_them() {
        assert_eq!(rows("日本語テキスト", 6), ["日本語", "テキス", "ト"]);
        // CJK has no spaces: a row breaks between its characters, not before the run.
        assert_eq!(
            rows("see 日本語テキスト", 9),
            ["see 日本", "語テキス", "ト"]
        );
    }

    #[test]
    fn emoji_sequences_and_combining_accents_are_never_split() {
        let thumbs = "👍🏽"; // thumbs up + skin tone modifier
        let family = "👨\u{200d}👩\u{200d}👧"; // joined by zero-width joiners
        let flag = "🇫🇷";
        let accented = "e\u{301}te\u{301}"; // "été" with combining acute accents
        for text in [
            format!("{thumbs}{thumbs}{thumbs}{thumbs}"),
            format!("{family} {family}{family}"),
            format!("{flag}{flag}{flag} ok"),
            format!("{accented}{accented}{accented}{accented}"),
            format!("mixed {thumbs} 日本語 {accented} {family}x{flag}"),
        ] {
            for width in 1..12 {
                for hanging in [0, 2] {
                    assert_clusters_kept(&text, width, hanging);
                }
            }
        }
        assert_eq!(
            rows("e\u{301}e\u{301}e\u{301}", 2),
            ["e\u{301}e\u{301}", "e\u{301}"]
        );
        assert_eq!(rows(&format!("{thumbs}{thumbs}"), 3), [thumbs, thumbs]);
    }

    #[test]
    fn styles_follow_their_text_across_rows() {
        let red = Style::default().fg(Color::Red);
        let line = Line::from(vec![Span::raw("plain "), Span::styled("red words", red)]);
        let wrapped = wrap_line(&line, 10, 0);
        assert_eq!(wrapped.len(), 2);
        assert_eq!(wrapped[0].spans[1].content, "red ");
        assert_eq!(wrapped[0].spans[1].style, red);
        assert_eq!(wrapped[1].spans[0].content, "words");
        assert_eq!(wrapped[1].spans[0].style, red);
    }

    #[test]
    fn spaces_past_the_edge_are_dropped_not_wrapped() {
        assert_eq!(rows("ab          cd", 5), ["ab   ", "cd"]);
    }

    #[test]
    fn row_count_agrees_with_wrapping() {
        for text in [
            "short",
            "a much longer line of text that wraps",
            "日本語テキスト",
            "👍🏽👍🏽👍🏽👍🏽 e\u{301}e\u{301}",
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
