//! A diff ready to draw: parsed from unified diff text (proposed edits, commits) or
//! computed with `similar` from a block's SEARCH and REPLACE text against the file,
//! then drawn unified or side by side, only the visible rows.
//!
//! Syntax colours are added lazily, just before a frame, for the rows about to show
//! (`colour_rows`): a 10,000-line diff opens at once and each scroll step colours only
//! what comes into view. Colouring continues from where it stopped inside a hunk; after
//! a long jump it restarts a few lines above the view, which can misjudge a construct
//! that began far above (a long string), a fair price for no lag.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use similar::{ChangeTag, TextDiff};

use super::highlight::{CodeHighlighter, Palette};
use super::theme::Styles;

/// Lines coloured above the view when colouring restarts after a jump.
const WARM_UP_LINES: usize = 20;
/// A gap up to this long is coloured through rather than restarted.
const CONTINUE_LIMIT: usize = 120;
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
    pub text: String,
    /// Syntax-coloured text, once coloured.
    pub spans: Option<Vec<Span<'static>>>,
}

/// One row of the side-by-side layout.
#[derive(Debug, Clone, Copy)]
enum SideRow {
    /// A header or note across both halves.
    Across(usize),
    Pair(Option<usize>, Option<usize>),
}

/// A diff, parsed, ready to colour and draw at any size.
#[derive(Default)]
pub struct DiffView {
    pub lines: Vec<DiffLine>,
    side_rows: Vec<SideRow>,
    pub added: usize,
    pub removed: usize,
    palette: Palette,
    /// Where each hunk starts (line index) and the file it belongs to.
    hunks: Vec<(usize, String)>,
    /// Where colouring stopped, with the highlighters' state there.
    cursor: Option<(usize, Sides)>,
}

/// Per-hunk highlighters for the old and the new side.
struct Sides {
    old: Option<CodeHighlighter>,
    new: Option<CodeHighlighter>,
}

impl Sides {
    fn start(palette: Palette, path: &str) -> Sides {
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
        let mut view = DiffView {
            palette,
            ..DiffView::default()
        };
        let mut path = String::new();
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
                view.push(kind, old, new, body.to_string());
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
                view.hunks.push((view.lines.len() + 1, path.clone()));
                view.push(DiffLineKind::Hunk, None, None, raw.to_string());
                continue;
            }
            if let Some(target) = raw.strip_prefix("+++ ") {
                let target = target.split('\t').next().unwrap_or(target);
                path = target.strip_prefix("b/").unwrap_or(target).to_string();
            } else if let Some(rest) = raw.strip_prefix("diff --git ") {
                path = rest.rsplit(" b/").next().unwrap_or(rest).to_string();
            }
            view.push(DiffLineKind::FileHeader, None, None, raw.to_string());
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
        let mut view = DiffView {
            palette,
            ..DiffView::default()
        };
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
        view.push(DiffLineKind::Hunk, None, None, header);
        view.hunks.push((1, path.to_string()));
        let (mut old_no, mut new_no) = (start, start);
        for line in &before {
            view.push(
                DiffLineKind::Context,
                Some(old_no),
                Some(new_no),
                line.to_string(),
            );
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
            view.push(kind, old, new, text.to_string());
        }
        for line in &after {
            view.push(
                DiffLineKind::Context,
                Some(old_no),
                Some(new_no),
                line.to_string(),
            );
            old_no += 1;
            new_no += 1;
        }
        view.pair_rows();
        view
    }

    fn push(&mut self, kind: DiffLineKind, old: Option<usize>, new: Option<usize>, text: String) {
        match kind {
            DiffLineKind::Added => self.added += 1,
            DiffLineKind::Removed => self.removed += 1,
            _ => {}
        }
        self.lines.push(DiffLine {
            kind,
            old,
            new,
            text,
            spans: None,
        });
    }

    /// Colours the lines of rows `first..first + count` (and nothing far outside them).
    pub fn colour_rows(&mut self, layout: DiffLayout, first: usize, count: usize) {
        let (low, high) = match layout {
            DiffLayout::Unified => (first, (first + count).min(self.lines.len())),
            DiffLayout::SideBySide => {
                let rows = self.side_rows.iter().skip(first).take(count);
                let indices: Vec<usize> = rows
                    .flat_map(|row| match *row {
                        SideRow::Across(index) => [Some(index), None],
                        SideRow::Pair(old, new) => [old, new],
                    })
                    .flatten()
                    .collect();
                match (indices.iter().min(), indices.iter().max()) {
                    (Some(low), Some(high)) => (*low, high + 1),
                    _ => return,
                }
            }
        };
        if low >= high
            || self.lines[low..high]
                .iter()
                .all(|line| line.spans.is_some())
        {
            return;
        }
        let Some(hunk) = self.hunks.iter().rposition(|(start, _)| *start <= low) else {
            return;
        };
        let (hunk_start, path) = self.hunks[hunk].clone();
        let hunk_end = self
            .hunks
            .get(hunk + 1)
            .map_or(self.lines.len(), |(start, _)| *start);
        let resume = self.cursor.take().filter(|(next, _)| {
            *next >= hunk_start && *next <= low && low - *next <= CONTINUE_LIMIT
        });
        let (mut next, mut sides) = match resume {
            Some(cursor) => cursor,
            None => (
                low.saturating_sub(WARM_UP_LINES).max(hunk_start),
                Sides::start(self.palette, &path),
            ),
        };
        let stop = high.min(hunk_end);
        while next < stop {
            let line = &mut self.lines[next];
            let spans = sides.colour(line.kind, &line.text);
            if line.spans.is_none() {
                line.spans = Some(spans);
            }
            next += 1;
        }
        self.cursor = Some((next, sides));
        // A view that crosses into the next hunk colours that part too.
        if high > hunk_end {
            self.colour_rows(DiffLayout::Unified, hunk_end, high - hunk_end);
        }
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
        DiffLineKind::Hunk => return vec![Span::styled(line.text.clone(), styles.hunk)],
        DiffLineKind::FileHeader => return vec![Span::styled(line.text.clone(), styles.title)],
        DiffLineKind::Note => return vec![Span::styled(line.text.clone(), styles.dim)],
    };
    let mut spans = vec![Span::styled(sign, style)];
    match &line.spans {
        Some(coloured) => spans.extend(coloured.iter().map(|span| {
            // Uncoloured text takes the sign's colour so +/- still read without syntax colours.
            if span.style == Style::default() && line.kind != DiffLineKind::Context {
                Span::styled(span.content.clone(), style)
            } else {
                span.clone()
            }
        })),
        None => spans.push(Span::styled(line.text.clone(), style)),
    }
    spans
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
            .map(|line| (line.kind, line.old, line.new, line.text.clone()))
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
    fn colouring_is_lazy_and_covers_the_view() {
        let theme = crate::tui::theme::Theme::load("dark", false).unwrap();
        let palette = Palette::for_theme(&theme);
        let text: String =
            std::iter::once("--- /dev/null\n+++ b/x.rs\n@@ -0,0 +1,1000 @@\n".to_string())
                .chain((0..1000).map(|n| format!("+let v{n} = {n};\n")))
                .collect();
        let mut view = DiffView::from_unified(&text, palette);
        assert!(view.lines.iter().all(|line| line.spans.is_none()));
        view.colour_rows(DiffLayout::Unified, 500, 40);
        let coloured: Vec<usize> = (0..view.lines.len())
            .filter(|index| view.lines[*index].spans.is_some())
            .collect();
        assert_eq!((coloured[0], *coloured.last().unwrap()), (480, 539));
        // Scrolling on colours only what comes into view, continuing the same state.
        view.colour_rows(DiffLayout::Unified, 530, 40);
        assert_eq!(
            view.lines
                .iter()
                .filter(|line| line.spans.is_some())
                .count(),
            90
        );
        let spans = view.lines[560].spans.as_ref().unwrap();
        let text: String = spans.iter().map(|span| span.content.as_ref()).collect();
        assert_eq!(text, "let v557 = 557;");
        assert!(spans.len() > 2, "{spans:?}");
    }

    #[test]
    fn hunk_headers_parse() {
        assert_eq!(parse_hunk_header("@@ -3,4 +5 @@ fn x"), Some((3, 4, 5, 1)));
        assert_eq!(parse_hunk_header("@@ nonsense"), None);
    }
}
