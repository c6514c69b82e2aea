//! A diff ready to draw: parsed from unified diff text (proposed edits, commits) or
//! computed with `similar` from a block's SEARCH and REPLACE text against the file,
//! syntax-coloured once, then drawn unified or side by side, only the visible rows.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use similar::{ChangeTag, TextDiff};

use super::highlight::{CodeHighlighter, Palette};
use super::theme::Styles;

/// Beyond this many lines a diff is drawn without syntax colours (still with +/-).
const HIGHLIGHT_LIMIT: usize = 20_000;
/// Unchanged lines of the file shown around a block's change.
const CONTEXT_LINES: usize = 3;

/// How a diff is laid out.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum DiffLayout {
    #[default]
    Unified,
    SideBySide,
}

/// What a diff line is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DiffLineKind {
    FileHeader,
    Hunk,
    Context,
    Added,
    Removed,
    Note,
}

/// One line of a diff with its numbers in the old and new file.
#[derive(Debug, Clone)]
pub struct DiffLine {
    pub kind: DiffLineKind,
    pub old: Option<usize>,
    pub new: Option<usize>,
    pub spans: Vec<Span<'static>>,
}

/// One row of the side-by-side layout.
#[derive(Debug, Clone, Copy)]
enum SideRow {
    /// A header or note across both halves.
    Across(usize),
    Pair(Option<usize>, Option<usize>),
}

/// A diff, parsed and coloured, ready to draw at any size.
#[derive(Debug, Clone, Default)]
pub struct DiffView {
    pub lines: Vec<DiffLine>,
    side_rows: Vec<SideRow>,
    pub added: usize,
    pub removed: usize,
}

/// Per-hunk highlighters for the old and the new side.
struct Sides {
    old: Option<CodeHighlighter>,
    new: Option<CodeHighlighter>,
}

impl Sides {
    fn start(palette: Palette, path: &str, highlight: bool) -> Sides {
        if !highlight {
            return Sides {
                old: None,
                new: None,
            };
        }
        Sides {
            old: palette.for_path(path),
            new: palette.for_path(path),
        }
    }

    fn colour(&mut self, kind: DiffLineKind, text: &str) -> Vec<Span<'static>> {
        let plain = || vec![Span::raw(text.to_string())];
        match kind {
            DiffLineKind::Removed => self.old.as_mut().map_or_else(plain, |c| c.line(text)),
            DiffLineKind::Added => self.new.as_mut().map_or_else(plain, |c| c.line(text)),
            DiffLineKind::Context => {
                // Both sides see context so their parser state stays right.
                if let Some(old) = self.old.as_mut() {
                    old.line(text);
                }
                self.new.as_mut().map_or_else(plain, |c| c.line(text))
            }
            DiffLineKind::FileHeader | DiffLineKind::Hunk | DiffLineKind::Note => plain(),
        }
    }
}

impl DiffView {
    /// Parses unified diff text (one or more files, `diff --git` headers optional).
    pub fn from_unified(text: &str, palette: Palette) -> DiffView {
        let highlight = text.lines().count() <= HIGHLIGHT_LIMIT;
        let mut view = DiffView::default();
        let mut path = String::new();
        let mut sides = Sides::start(palette, "", false);
        let (mut old_left, mut new_left) = (0usize, 0usize);
        let (mut old_no, mut new_no) = (0usize, 0usize);
        for raw in text.lines() {
            let in_hunk = old_left > 0 || new_left > 0;
            if in_hunk {
                let (kind, body) = match raw.chars().next() {
                    Some('+') => (DiffLineKind::Added, &raw[1..]),
                    Some('-') => (DiffLineKind::Removed, &raw[1..]),
                    Some('\\') => (DiffLineKind::Note, raw),
                    Some(' ') => (DiffLineKind::Context, &raw[1..]),
                    // Some tools drop the space of empty context lines.
                    None => (DiffLineKind::Context, ""),
                    Some(_) => (DiffLineKind::Note, raw),
                };
                let (old, new) = match kind {
                    DiffLineKind::Added => {
                        new_left = new_left.saturating_sub(1);
                        new_no += 1;
                        (None, Some(new_no))
                    }
                    DiffLineKind::Removed => {
                        old_left = old_left.saturating_sub(1);
                        old_no += 1;
                        (Some(old_no), None)
                    }
                    DiffLineKind::Context => {
                        old_left = old_left.saturating_sub(1);
                        new_left = new_left.saturating_sub(1);
                        old_no += 1;
                        new_no += 1;
                        (Some(old_no), Some(new_no))
                    }
                    _ => (None, None),
                };
                let spans = sides.colour(kind, body);
                view.push(kind, old, new, spans);
                continue;
            }
            if let Some((old_start, old_count, new_start, new_count)) = parse_hunk_header(raw) {
                old_left = old_count;
                new_left = new_count;
                old_no = old_start.saturating_sub(1);
                new_no = new_start.saturating_sub(1);
                // A hunk whose old side is empty starts at line 0 in git's notation.
                if old_count == 0 {
                    old_no = old_start;
                }
                if new_count == 0 {
                    new_no = new_start;
                }
                sides = Sides::start(palette, &path, highlight);
                view.push(
                    DiffLineKind::Hunk,
                    None,
                    None,
                    vec![Span::raw(raw.to_string())],
                );
                continue;
            }
            if let Some(target) = raw.strip_prefix("+++ ") {
                let target = target.split('\t').next().unwrap_or(target);
                path = target.strip_prefix("b/").unwrap_or(target).to_string();
            } else if let Some(rest) = raw.strip_prefix("diff --git ") {
                path = rest.rsplit(" b/").next().unwrap_or(rest).to_string();
            }
            view.push(
                DiffLineKind::FileHeader,
                None,
                None,
                vec![Span::raw(raw.to_string())],
            );
        }
        view.pair_rows();
        view
    }

    /// The diff of one SEARCH/REPLACE block, placed in the file (with a little context)
    /// when the search text is found in it.
    pub fn from_block(
        path: &str,
        search: &str,
        replace: &str,
        file: Option<&str>,
        palette: Palette,
    ) -> DiffView {
        let mut view = DiffView::default();
        let located = file.and_then(|text| {
            if search.is_empty() {
                return None;
            }
            text.find(search).map(|at| (text, at))
        });
        let (before, after, first_line): (Vec<&str>, Vec<&str>, usize) = match located {
            Some((text, at)) => {
                let first = text[..at].matches('\n').count() + 1;
                let earlier: Vec<&str> = text[..at].lines().collect();
                let keep_from = earlier.len().saturating_sub(CONTEXT_LINES);
                let later: Vec<&str> = text[at + search.len()..]
                    .lines()
                    .take(CONTEXT_LINES)
                    .collect();
                (earlier[keep_from..].to_vec(), later, first)
            }
            None => (Vec::new(), Vec::new(), 1),
        };
        let removed_count = search.lines().count();
        let added_count = replace.lines().count();
        let start = first_line - before.len();
        let header = format!(
            "@@ -{start},{} +{start},{} @@ {path}",
            before.len() + removed_count + after.len(),
            before.len() + added_count + after.len(),
        );
        view.push(DiffLineKind::Hunk, None, None, vec![Span::raw(header)]);
        let mut sides = Sides::start(palette, path, true);
        let (mut old_no, mut new_no) = (start, start);
        for line in &before {
            let spans = sides.colour(DiffLineKind::Context, line);
            view.push(DiffLineKind::Context, Some(old_no), Some(new_no), spans);
            old_no += 1;
            new_no += 1;
        }
        let diff = TextDiff::from_lines(search, replace);
        for change in diff.iter_all_changes() {
            let text = change.value();
            let text = text.strip_suffix('\n').unwrap_or(text);
            let text = text.strip_suffix('\r').unwrap_or(text);
            let (kind, old, new) = match change.tag() {
                ChangeTag::Equal => {
                    old_no += 1;
                    new_no += 1;
                    (DiffLineKind::Context, Some(old_no - 1), Some(new_no - 1))
                }
                ChangeTag::Delete => {
                    old_no += 1;
                    (DiffLineKind::Removed, Some(old_no - 1), None)
                }
                ChangeTag::Insert => {
                    new_no += 1;
                    (DiffLineKind::Added, None, Some(new_no - 1))
                }
            };
            let spans = sides.colour(kind, text);
            view.push(kind, old, new, spans);
        }
        for line in &after {
            let spans = sides.colour(DiffLineKind::Context, line);
            view.push(DiffLineKind::Context, Some(old_no), Some(new_no), spans);
            old_no += 1;
            new_no += 1;
        }
        view.pair_rows();
        view
    }

    fn push(
        &mut self,
        kind: DiffLineKind,
        old: Option<usize>,
        new: Option<usize>,
        spans: Vec<Span<'static>>,
    ) {
        match kind {
            DiffLineKind::Added => self.added += 1,
            DiffLineKind::Removed => self.removed += 1,
            _ => {}
        }
        self.lines.push(DiffLine {
            kind,
            old,
            new,
            spans,
        });
    }

    /// Pairs runs of removed lines with the added lines that follow them.
    fn pair_rows(&mut self) {
        self.side_rows.clear();
        let mut index = 0;
        while index < self.lines.len() {
            match self.lines[index].kind {
                DiffLineKind::Context => {
                    self.side_rows.push(SideRow::Pair(Some(index), Some(index)));
                    index += 1;
                }
                DiffLineKind::Removed | DiffLineKind::Added => {
                    let removed_start = index;
                    while index < self.lines.len()
                        && self.lines[index].kind == DiffLineKind::Removed
                    {
                        index += 1;
                    }
                    let added_start = index;
                    while index < self.lines.len() && self.lines[index].kind == DiffLineKind::Added
                    {
                        index += 1;
                    }
                    let removed: Vec<usize> = (removed_start..added_start).collect();
                    let added: Vec<usize> = (added_start..index).collect();
                    for row in 0..removed.len().max(added.len()) {
                        self.side_rows.push(SideRow::Pair(
                            removed.get(row).copied(),
                            added.get(row).copied(),
                        ));
                    }
                }
                DiffLineKind::FileHeader | DiffLineKind::Hunk | DiffLineKind::Note => {
                    self.side_rows.push(SideRow::Across(index));
                    index += 1;
                }
            }
        }
    }

    /// Rows the diff takes in a layout.
    pub fn row_count(&self, layout: DiffLayout) -> usize {
        match layout {
            DiffLayout::Unified => self.lines.len(),
            DiffLayout::SideBySide => self.side_rows.len(),
        }
    }

    /// Draws rows `scroll..` into `area`.
    pub fn draw(
        &self,
        frame: &mut Frame,
        area: Rect,
        scroll: usize,
        layout: DiffLayout,
        styles: &Styles,
    ) {
        let height = usize::from(area.height);
        let number_width = self
            .lines
            .iter()
            .filter_map(|line| line.old.max(line.new))
            .max()
            .unwrap_or(1)
            .to_string()
            .len();
        match layout {
            DiffLayout::Unified => {
                let rows: Vec<Line> = self
                    .lines
                    .iter()
                    .skip(scroll)
                    .take(height)
                    .map(|line| {
                        if matches!(
                            line.kind,
                            DiffLineKind::Hunk | DiffLineKind::FileHeader | DiffLineKind::Note
                        ) {
                            return Line::from(body(line, styles));
                        }
                        let mut spans = vec![
                            number(line.old, number_width, styles.dim),
                            Span::raw(" "),
                            number(line.new, number_width, styles.dim),
                            Span::raw(" "),
                        ];
                        spans.extend(body(line, styles));
                        Line::from(spans).style(line_style(line.kind, styles))
                    })
                    .collect();
                frame.render_widget(Paragraph::new(rows), area);
            }
            DiffLayout::SideBySide => {
                let half = area.width.saturating_sub(1) / 2;
                let left_area = Rect {
                    width: half,
                    ..area
                };
                let divider = Rect {
                    x: area.x + half,
                    width: 1.min(area.width),
                    ..area
                };
                let right_area = Rect {
                    x: area.x + half + 1,
                    width: area.width.saturating_sub(half + 1),
                    ..area
                };
                let mut left = Vec::new();
                let mut right = Vec::new();
                let mut across: Vec<(u16, Line)> = Vec::new();
                for (offset, row) in self.side_rows.iter().skip(scroll).take(height).enumerate() {
                    match *row {
                        SideRow::Across(index) => {
                            let line = &self.lines[index];
                            across.push((offset as u16, Line::from(body(line, styles))));
                            left.push(Line::default());
                            right.push(Line::default());
                        }
                        SideRow::Pair(old, new) => {
                            left.push(self.side(old, true, number_width, styles));
                            right.push(self.side(new, false, number_width, styles));
                        }
                    }
                }
                frame.render_widget(Paragraph::new(left), left_area);
                frame.render_widget(Paragraph::new(right), right_area);
                let bars: Vec<Line> = (0..left_area.height)
                    .map(|_| Line::styled("│", styles.border))
                    .collect();
                frame.render_widget(Paragraph::new(bars), divider);
                for (offset, line) in across {
                    let row = Rect {
                        y: area.y + offset,
                        height: 1,
                        ..area
                    };
                    frame.render_widget(Paragraph::new(line), row);
                }
            }
        }
    }

    fn side(
        &self,
        index: Option<usize>,
        old_side: bool,
        width: usize,
        styles: &Styles,
    ) -> Line<'static> {
        let Some(line) = index.map(|index| &self.lines[index]) else {
            return Line::default();
        };
        let line_number = if old_side { line.old } else { line.new };
        let mut spans = vec![number(line_number, width, styles.dim), Span::raw(" ")];
        spans.extend(body(line, styles));
        Line::from(spans).style(line_style(line.kind, styles))
    }
}

fn number(value: Option<usize>, width: usize, style: Style) -> Span<'static> {
    match value {
        Some(value) => Span::styled(format!("{value:>width$}"), style),
        None => Span::raw(" ".repeat(width)),
    }
}

/// The sign and the text of a line.
fn body(line: &DiffLine, styles: &Styles) -> Vec<Span<'static>> {
    let (sign, style) = match line.kind {
        DiffLineKind::Added => ("+", styles.added),
        DiffLineKind::Removed => ("-", styles.removed),
        DiffLineKind::Context => (" ", styles.text),
        DiffLineKind::Hunk => return restyle(&line.spans, styles.hunk),
        DiffLineKind::FileHeader => return restyle(&line.spans, styles.title),
        DiffLineKind::Note => return restyle(&line.spans, styles.dim),
    };
    let mut spans = vec![Span::styled(sign, style)];
    for span in &line.spans {
        // Uncoloured text takes the sign's colour so +/- still read without syntax colours.
        let text_style = if span.style == Style::default() && line.kind != DiffLineKind::Context {
            style
        } else {
            span.style
        };
        spans.push(Span::styled(span.content.clone(), text_style));
    }
    spans
}

fn restyle(spans: &[Span<'static>], style: Style) -> Vec<Span<'static>> {
    spans
        .iter()
        .map(|span| Span::styled(span.content.clone(), style))
        .collect()
}

fn line_style(kind: DiffLineKind, styles: &Styles) -> Style {
    match kind {
        DiffLineKind::Added => styles.added_line,
        DiffLineKind::Removed => styles.removed_line,
        _ => Style::default(),
    }
}

/// `@@ -a,b +c,d @@` → (a, b, c, d); a missing count means 1.
fn parse_hunk_header(line: &str) -> Option<(usize, usize, usize, usize)> {
    let rest = line.strip_prefix("@@ -")?;
    let (ranges, _) = rest.split_once(" @@")?;
    let (old, new) = ranges.split_once(" +")?;
    let range = |text: &str| -> Option<(usize, usize)> {
        match text.split_once(',') {
            Some((start, count)) => Some((start.parse().ok()?, count.parse().ok()?)),
            None => Some((text.parse().ok()?, 1)),
        }
    };
    let (a, b) = range(old)?;
    let (c, d) = range(new)?;
    Some((a, b, c, d))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(view: &DiffView) -> Vec<(DiffLineKind, Option<usize>, Option<usize>, String)> {
        view.lines
            .iter()
            .map(|line| {
                let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
                (line.kind, line.old, line.new, text)
            })
            .collect()
    }

    #[test]
    fn parses_a_unified_diff_with_numbers() {
        let text = "diff --git a/x.py b/x.py\n--- a/x.py\n+++ b/x.py\n@@ -1,3 +1,3 @@\n a = 1\n-b = 2\n+b = 3\n c = 4\n";
        let view = DiffView::from_unified(text, Palette::default());
        let lines = kinds(&view);
        assert_eq!(lines[3].0, DiffLineKind::Hunk);
        assert_eq!(
            lines[4],
            (DiffLineKind::Context, Some(1), Some(1), "a = 1".into())
        );
        assert_eq!(
            lines[5],
            (DiffLineKind::Removed, Some(2), None, "b = 2".into())
        );
        assert_eq!(
            lines[6],
            (DiffLineKind::Added, None, Some(2), "b = 3".into())
        );
        assert_eq!(
            lines[7],
            (DiffLineKind::Context, Some(3), Some(3), "c = 4".into())
        );
        assert_eq!((view.added, view.removed), (1, 1));
        // Header lines inside a hunk that look like file headers are still body lines.
        let tricky = "@@ -1,2 +1,1 @@\n--- a\n-b\n+++ c\n";
        let view = DiffView::from_unified(tricky, Palette::default());
        assert_eq!((view.removed, view.added), (2, 1));
    }

    #[test]
    fn a_block_is_placed_in_its_file_with_context() {
        let file = "one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\n";
        let view = DiffView::from_block(
            "f.txt",
            "five\nsix\n",
            "five\nSIX\n",
            Some(file),
            Palette::default(),
        );
        let lines = kinds(&view);
        assert_eq!(lines[0].3, "@@ -2,7 +2,7 @@ f.txt");
        assert_eq!(
            lines[1],
            (DiffLineKind::Context, Some(2), Some(2), "two".into())
        );
        assert_eq!(
            lines[4],
            (DiffLineKind::Context, Some(5), Some(5), "five".into())
        );
        assert_eq!(
            lines[5],
            (DiffLineKind::Removed, Some(6), None, "six".into())
        );
        assert_eq!(lines[6], (DiffLineKind::Added, None, Some(6), "SIX".into()));
        assert_eq!(lines.last().unwrap().3, "eight");
    }

    #[test]
    fn side_by_side_pairs_removed_with_added() {
        let view = DiffView::from_block("f", "a\nb\n", "c\n", None, Palette::default());
        assert_eq!(view.row_count(DiffLayout::Unified), 4);
        // hunk header, then (a|c), (b|-)
        assert_eq!(view.row_count(DiffLayout::SideBySide), 3);
    }

    #[test]
    fn hunk_headers_parse() {
        assert_eq!(parse_hunk_header("@@ -3,4 +5 @@ fn x"), Some((3, 4, 5, 1)));
        assert_eq!(parse_hunk_header("@@ nonsense"), None);
    }
}
