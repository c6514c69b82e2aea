//! A diff ready to draw, built from the engine's hunks (a block's live preview, a
//! review block, a commit), drawn unified or side by side, only the visible rows. The UI
//! never reads a file or parses diff text: every line and number comes from the engine.
//!
//! Syntax colours are added lazily, just before a frame, for the rows about to show
//! (`colour_rows`): a 10,000-line diff opens at once and each scroll step colours only
//! what comes into view. Colouring continues from where it stopped inside a hunk; after
//! a long jump it restarts a few lines above the view, which can misjudge a construct
//! that began far above (a long string), a fair price for no lag.

use std::ops::Range;

use super::highlight::{CodeHighlighter, Palette};
use super::theme::Styles;
use super::wrap::{columns, wrap_line};
use crate::diff::{Hunk, LineKind, changed_words};
use crate::text::printable;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use unicode_width::UnicodeWidthStr;

/// Lines coloured above the view when colouring restarts after a jump.
const WARM_UP_LINES: usize = 20;
/// A gap up to this long is coloured through rather than restarted.
const CONTINUE_LIMIT: usize = 120;

/// One file's hunks for [`DiffView::from_files`].
pub struct FileHunks<'a> {
    pub path: &'a str,
    pub header: Option<String>,
    pub hunks: &'a [Hunk],
}

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
    /// The line this one pairs with: a removed line and the added line that replaced it.
    pub partner: Option<usize>,
    /// The words of `text` that its partner does not have (byte ranges), found along
    /// with the colours.
    pub changed: Option<Vec<Range<usize>>>,
}

/// Where a diff is looked at from.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DiffScroll {
    /// The first row shown (a diff line; a side-by-side row).
    pub row: usize,
    /// The first column of the lines' text shown, when not wrapping.
    pub column: usize,
    /// Long lines go on in the rows below instead of being cut.
    pub wrap: bool,
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
    /// The widest line's text, in columns.
    widest: usize,
    /// A line of the new side to point at (where a syntax error is), by number.
    marked: Option<usize>,
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
            DiffLineKind::FileHeader | DiffLineKind::Hunk => plain(),
        }
    }
}

impl DiffView {
    /// The hunks of one or more files. A file's `header` (its name, a rename, "binary")
    /// is shown above its hunks when given; a hunk whose `old_start` is 0 is not placed
    /// in its file yet and shows no line numbers.
    pub fn from_files(files: &[FileHunks<'_>], palette: Palette) -> DiffView {
        let mut view = DiffView {
            palette,
            ..DiffView::default()
        };
        for file in files {
            if let Some(header) = &file.header {
                view.push(DiffLineKind::FileHeader, None, None, header.clone());
            }
            for hunk in file.hunks {
                let placed = hunk.old_start > 0 || hunk.new_start > 0;
                let header = if placed {
                    format!(
                        "@@ -{},{} +{},{} @@",
                        hunk.old_start,
                        hunk.old_len(),
                        hunk.new_start,
                        hunk.new_len()
                    )
                } else {
                    "@@ not placed in the file yet @@".to_string()
                };
                view.hunks
                    .push((view.lines.len() + 1, file.path.to_string()));
                view.push(DiffLineKind::Hunk, None, None, header);
                let (mut old_no, mut new_no) = (hunk.old_start, hunk.new_start);
                let number = |value: usize| placed.then_some(value);
                for line in &hunk.lines {
                    let (kind, old, new) = match line.kind {
                        LineKind::Context => {
                            old_no += 1;
                            new_no += 1;
                            (
                                DiffLineKind::Context,
                                number(old_no - 1),
                                number(new_no - 1),
                            )
                        }
                        LineKind::Removed => {
                            old_no += 1;
                            (DiffLineKind::Removed, number(old_no - 1), None)
                        }
                        LineKind::Added => {
                            new_no += 1;
                            (DiffLineKind::Added, None, number(new_no - 1))
                        }
                    };
                    view.push(kind, old, new, line.text.clone());
                }
            }
        }
        view.pair_rows();
        view
    }

    /// Points at the line numbered `line` on the new side, where it is shown.
    pub fn mark_new_line(&mut self, line: usize) {
        self.marked = Some(line);
    }

    /// What follows a line's new-side number: a mark on the marked line.
    fn after_number(&self, line: &DiffLine, styles: &Styles) -> Span<'static> {
        if line.new.is_some() && line.new == self.marked {
            Span::styled("⚠", styles.error)
        } else {
            Span::raw(" ")
        }
    }

    fn push(&mut self, kind: DiffLineKind, old: Option<usize>, new: Option<usize>, text: String) {
        // File text is shown, never obeyed by the terminal.
        let text = match printable(&text) {
            std::borrow::Cow::Borrowed(_) => text,
            std::borrow::Cow::Owned(shown) => shown,
        };
        match kind {
            DiffLineKind::Added => self.added += 1,
            DiffLineKind::Removed => self.removed += 1,
            _ => {}
        }
        if !matches!(kind, DiffLineKind::FileHeader | DiffLineKind::Hunk) {
            self.widest = self.widest.max(text.width());
        }
        self.lines.push(DiffLine {
            kind,
            old,
            new,
            text,
            spans: None,
            partner: None,
            changed: None,
        });
    }

    /// Finds the words that differ between line `index` and its partner, for both.
    fn find_changed_words(&mut self, index: usize) {
        let Some(partner) = self.lines[index].partner else {
            return;
        };
        if self.lines[index].changed.is_some() {
            return;
        }
        let (removed, added) = if self.lines[index].kind == DiffLineKind::Removed {
            (index, partner)
        } else {
            (partner, index)
        };
        let (old_words, new_words) =
            changed_words(&self.lines[removed].text, &self.lines[added].text);
        self.lines[removed].changed = Some(old_words);
        self.lines[added].changed = Some(new_words);
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
        // A view from the top starts on headers, above the first hunk's lines.
        let hunk = match self.hunks.iter().rposition(|(start, _)| *start <= low) {
            Some(hunk) => hunk,
            None if self.hunks.first().is_some_and(|(start, _)| *start < high) => 0,
            None => return,
        };
        let (hunk_start, path) = self.hunks[hunk].clone();
        let low = low.max(hunk_start);
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
            self.find_changed_words(next);
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
                        let pair = (removed.get(row).copied(), added.get(row).copied());
                        if let (Some(old), Some(new)) = pair {
                            self.lines[old].partner = Some(new);
                            self.lines[new].partner = Some(old);
                        }
                        self.side_rows.push(SideRow::Pair(pair.0, pair.1));
                    }
                }
                DiffLineKind::FileHeader | DiffLineKind::Hunk => {
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

    /// Columns the widest line's text goes past the text area of a pane `width` wide:
    /// how far it can be scrolled sideways (0 when every line fits).
    pub fn overflow(&self, width: u16, layout: DiffLayout) -> usize {
        self.widest.saturating_sub(self.text_width(width, layout))
    }

    fn number_width(&self) -> usize {
        self.lines
            .iter()
            .filter_map(|line| line.old.max(line.new))
            .max()
            .unwrap_or(1)
            .to_string()
            .len()
    }

    /// The columns left for a line's text after its numbers and sign.
    fn text_width(&self, width: u16, layout: DiffLayout) -> usize {
        let numbers = self.number_width();
        match layout {
            DiffLayout::Unified => usize::from(width).saturating_sub(2 * numbers + 3),
            DiffLayout::SideBySide => {
                usize::from(width.saturating_sub(1) / 2).saturating_sub(numbers + 2)
            }
        }
    }

    /// Draws the diff into `area`, seen from `at`.
    pub fn draw(
        &self,
        frame: &mut Frame,
        area: Rect,
        at: DiffScroll,
        layout: DiffLayout,
        styles: &Styles,
    ) {
        let height = usize::from(area.height);
        let numbers = self.number_width();
        let text_width = self.text_width(area.width, layout);
        let across = |line: &DiffLine| {
            cut(
                &Line::from(text_spans(line, styles)),
                0,
                usize::from(area.width),
                styles,
            )
        };
        match layout {
            DiffLayout::Unified => {
                let mut rows: Vec<Line> = Vec::new();
                for line in self.lines.iter().skip(at.row) {
                    if rows.len() >= height {
                        break;
                    }
                    if matches!(line.kind, DiffLineKind::Hunk | DiffLineKind::FileHeader) {
                        rows.push(across(line));
                        continue;
                    }
                    let gutter = vec![
                        number(line.old, numbers, styles.dim),
                        Span::raw(" "),
                        number(line.new, numbers, styles.dim),
                        self.after_number(line, styles),
                        sign(line, styles),
                    ];
                    rows.extend(with_gutter(line, gutter, text_width, at, styles));
                }
                rows.truncate(height);
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
                let mut headers: Vec<(u16, Line)> = Vec::new();
                for row in self.side_rows.iter().skip(at.row) {
                    if left.len() >= height {
                        break;
                    }
                    match *row {
                        SideRow::Across(index) => {
                            let offset = u16::try_from(left.len()).unwrap_or(u16::MAX);
                            headers.push((offset, across(&self.lines[index])));
                            left.push(Line::default());
                            right.push(Line::default());
                        }
                        SideRow::Pair(old, new) => {
                            let mut old_rows =
                                self.side(old, true, numbers, text_width, at, styles);
                            let mut new_rows =
                                self.side(new, false, numbers, text_width, at, styles);
                            let count = old_rows.len().max(new_rows.len());
                            old_rows.resize(count, Line::default());
                            new_rows.resize(count, Line::default());
                            left.extend(old_rows);
                            right.extend(new_rows);
                        }
                    }
                }
                left.truncate(height);
                right.truncate(height);
                frame.render_widget(Paragraph::new(left), left_area);
                frame.render_widget(Paragraph::new(right), right_area);
                let bars: Vec<Line> = (0..left_area.height)
                    .map(|_| Line::styled("│", styles.border))
                    .collect();
                frame.render_widget(Paragraph::new(bars), divider);
                for (offset, line) in headers {
                    if offset >= area.height {
                        continue;
                    }
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

    /// One side of a side-by-side row (more than one screen row when wrapping).
    fn side(
        &self,
        index: Option<usize>,
        old_side: bool,
        numbers: usize,
        text_width: usize,
        at: DiffScroll,
        styles: &Styles,
    ) -> Vec<Line<'static>> {
        let Some(line) = index.map(|index| &self.lines[index]) else {
            return vec![Line::default()];
        };
        let line_number = if old_side { line.old } else { line.new };
        let gutter = vec![
            number(line_number, numbers, styles.dim),
            if old_side {
                Span::raw(" ")
            } else {
                self.after_number(line, styles)
            },
            sign(line, styles),
        ];
        with_gutter(line, gutter, text_width, at, styles)
    }
}

/// A line's screen rows: the gutter (numbers, sign), then its text cut to `width`
/// columns from `at.column`, or wrapped to rows of `width` under a blank gutter.
fn with_gutter(
    line: &DiffLine,
    gutter: Vec<Span<'static>>,
    width: usize,
    at: DiffScroll,
    styles: &Styles,
) -> Vec<Line<'static>> {
    let text = Line::from(text_spans(line, styles));
    let parts = if at.wrap {
        wrap_line(&text, width, 0)
    } else {
        vec![cut(&text, at.column, width, styles)]
    };
    let blank: usize = gutter.iter().map(Span::width).sum();
    let mut gutter = Some(gutter);
    parts
        .into_iter()
        .map(|part| {
            let mut spans = gutter
                .take()
                .unwrap_or_else(|| vec![Span::raw(" ".repeat(blank))]);
            spans.extend(part.spans);
            Line::from(spans).style(line_style(line.kind, styles))
        })
        .collect()
}

/// The columns `left..left + width` of a line, marked where it goes on: `‹` in the
/// first column when there is text to the left, `›` in the last when there is more to
/// the right, so a cut line never passes for a whole one.
fn cut(text: &Line<'_>, left: usize, width: usize, styles: &Styles) -> Line<'static> {
    let total = text.width();
    if width < 3 {
        return columns(text, left, width);
    }
    let before = left > 0 && total > 0;
    let after = total > left + width;
    let room = width - usize::from(before) - usize::from(after);
    let mut spans = Vec::new();
    if before {
        spans.push(Span::styled("‹", styles.marker));
    }
    spans.extend(columns(text, left + usize::from(before), room).spans);
    if after {
        spans.push(Span::styled("›", styles.marker));
    }
    Line::from(spans)
}

fn number(value: Option<usize>, width: usize, style: Style) -> Span<'static> {
    match value {
        Some(value) => Span::styled(format!("{value:>width$}"), style),
        None => Span::raw(" ".repeat(width)),
    }
}

fn sign(line: &DiffLine, styles: &Styles) -> Span<'static> {
    match line.kind {
        DiffLineKind::Added => Span::styled("+", styles.added),
        DiffLineKind::Removed => Span::styled("-", styles.removed),
        _ => Span::raw(" "),
    }
}

/// A line's text, coloured, with the words its partner does not have picked out.
fn text_spans(line: &DiffLine, styles: &Styles) -> Vec<Span<'static>> {
    let (style, words) = match line.kind {
        DiffLineKind::Added => (styles.added, styles.added_word),
        DiffLineKind::Removed => (styles.removed, styles.removed_word),
        DiffLineKind::Context => (styles.text, Style::default()),
        DiffLineKind::Hunk => return vec![Span::styled(line.text.clone(), styles.hunk)],
        DiffLineKind::FileHeader => return vec![Span::styled(line.text.clone(), styles.title)],
    };
    let spans: Vec<Span<'static>> = match &line.spans {
        Some(coloured) => coloured
            .iter()
            .map(|span| {
                // Uncoloured text takes the sign's colour so +/- still read without
                // syntax colours.
                if span.style == Style::default() && line.kind != DiffLineKind::Context {
                    Span::styled(span.content.clone(), style)
                } else {
                    span.clone()
                }
            })
            .collect(),
        None => vec![Span::styled(line.text.clone(), style)],
    };
    match &line.changed {
        Some(changed) if !changed.is_empty() => pick_out(spans, changed, words),
        _ => spans,
    }
}

/// Splits `spans` at the byte ranges `picked` (of their joined text) and patches
/// `style` onto what lies inside them.
fn pick_out(
    spans: Vec<Span<'static>>,
    picked: &[Range<usize>],
    style: Style,
) -> Vec<Span<'static>> {
    let inside = |at: usize| picked.iter().any(|range| range.contains(&at));
    let mut out = Vec::new();
    let mut offset = 0;
    for span in spans {
        let text = span.content.as_ref();
        // Cut where a range starts or ends inside this span.
        let mut cuts: Vec<usize> = picked
            .iter()
            .flat_map(|range| [range.start, range.end])
            .filter(|at| *at > offset && *at < offset + text.len())
            .map(|at| at - offset)
            .filter(|at| text.is_char_boundary(*at))
            .collect();
        cuts.sort_unstable();
        cuts.dedup();
        let mut start = 0;
        for end in cuts.into_iter().chain([text.len()]) {
            if end > start {
                let piece = text[start..end].to_string();
                let piece_style = if inside(offset + start) {
                    span.style.patch(style)
                } else {
                    span.style
                };
                out.push(Span::styled(piece, piece_style));
            }
            start = end;
        }
        offset += text.len();
    }
    out
}

fn line_style(kind: DiffLineKind, styles: &Styles) -> Style {
    match kind {
        DiffLineKind::Added => styles.added_line,
        DiffLineKind::Removed => styles.removed_line,
        _ => Style::default(),
    }
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

    fn hunk(old_start: usize, lines: &[(LineKind, &str)]) -> Hunk {
        Hunk {
            old_start,
            new_start: old_start,
            lines: lines
                .iter()
                .map(|(kind, text)| crate::diff::HunkLine {
                    kind: *kind,
                    text: text.to_string(),
                })
                .collect(),
        }
    }

    fn one_file<'a>(hunks: &'a [Hunk]) -> Vec<FileHunks<'a>> {
        vec![FileHunks {
            path: "x.py",
            header: None,
            hunks,
        }]
    }

    #[test]
    fn hunks_are_numbered_from_the_engines_starts() {
        use LineKind::*;
        let hunks = [hunk(
            4,
            &[
                (Context, "a = 1"),
                (Removed, "b = 2"),
                (Added, "b = 3"),
                (Context, "c = 4"),
            ],
        )];
        let view = DiffView::from_files(&one_file(&hunks), Palette::default());
        let lines = kinds(&view);
        assert_eq!(
            lines[0],
            (DiffLineKind::Hunk, None, None, "@@ -4,3 +4,3 @@".into())
        );
        assert_eq!(
            lines[1],
            (DiffLineKind::Context, Some(4), Some(4), "a = 1".into())
        );
        assert_eq!(
            lines[2],
            (DiffLineKind::Removed, Some(5), None, "b = 2".into())
        );
        assert_eq!(
            lines[3],
            (DiffLineKind::Added, None, Some(5), "b = 3".into())
        );
        assert_eq!(
            lines[4],
            (DiffLineKind::Context, Some(6), Some(6), "c = 4".into())
        );
        assert_eq!((view.added, view.removed), (1, 1));
        let unplaced = [hunk(0, &[(Removed, "old"), (Added, "new")])];
        let view = DiffView::from_files(&one_file(&unplaced), Palette::default());
        assert_eq!(
            kinds(&view)[1],
            (DiffLineKind::Removed, None, None, "old".into())
        );
    }

    /// The diff drawn at `width`×4 from `at`: each row's text, and each cell's style.
    fn drawn(
        view: &DiffView,
        width: u16,
        layout: DiffLayout,
        at: DiffScroll,
        styles: &Styles,
    ) -> (Vec<String>, ratatui::buffer::Buffer) {
        let backend = ratatui::backend::TestBackend::new(width, 4);
        let mut terminal = ratatui::Terminal::new(backend).unwrap();
        terminal
            .draw(|frame| view.draw(frame, frame.area(), at, layout, styles))
            .unwrap();
        let buffer = terminal.backend().buffer().clone();
        let rows = (0..4)
            .map(|y| {
                (0..width)
                    .map(|x| buffer[(x, y)].symbol().to_string())
                    .collect::<String>()
            })
            .collect();
        (rows, buffer)
    }

    #[test]
    fn the_words_a_changed_line_changed_are_picked_out_in_both_layouts() {
        use LineKind::*;
        let theme = crate::tui::theme::Theme::load("dark", false).unwrap();
        let styles = theme.styles;
        let old = "    return total(a, b)";
        let new = "    return total(a, b)  # PUT";
        let hunks = [hunk(1, &[(Removed, old), (Added, new)])];
        let mut view = DiffView::from_files(&one_file(&hunks), Palette::default());
        view.colour_rows(DiffLayout::Unified, 0, 4);
        for (layout, width, row) in [
            (DiffLayout::Unified, 40, 2),
            (DiffLayout::SideBySide, 81, 1),
        ] {
            let (rows, buffer) = drawn(&view, width, layout, DiffScroll::default(), &styles);
            let hash = rows[row].find('#').unwrap_or_else(|| panic!("{rows:?}"));
            let hash = u16::try_from(rows[row][..hash].chars().count()).unwrap();
            let picked = buffer[(hash, row as u16)].style();
            assert_eq!(picked.bg, styles.added_word.bg, "{layout:?} {rows:?}");
            assert!(picked.add_modifier.contains(ratatui::style::Modifier::BOLD));
            // "return" is the same on both sides: the line's own colours only.
            let same = rows[row].rfind("return").unwrap();
            let same = u16::try_from(rows[row][..same].chars().count()).unwrap();
            assert_eq!(buffer[(same, row as u16)].style().bg, styles.added_line.bg);
        }
        // The removed line lost nothing but the end: none of it is picked out.
        let (rows, buffer) = drawn(
            &view,
            40,
            DiffLayout::Unified,
            DiffScroll::default(),
            &styles,
        );
        assert!(rows[1].starts_with("1   -"), "{rows:?}");
        assert!((0..40).all(|x| buffer[(x, 1)].style().bg != styles.removed_word.bg));
    }

    #[test]
    fn a_cut_line_is_marked_and_scrolling_and_wrapping_reach_its_end() {
        use LineKind::*;
        let theme = crate::tui::theme::Theme::load("dark", true).unwrap();
        let styles = theme.styles;
        let hunks = [hunk(1, &[(Added, "abcdefghijklmnopqrstuvwxyz")])];
        let view = DiffView::from_files(&one_file(&hunks), Palette::default());
        // 20 columns: 5 for the numbers and sign, 15 for the text.
        assert_eq!(view.overflow(20, DiffLayout::Unified), 11);
        let (rows, _) = drawn(
            &view,
            20,
            DiffLayout::Unified,
            DiffScroll::default(),
            &styles,
        );
        assert_eq!(rows[1], "  1 +abcdefghijklmn›");
        let right = DiffScroll {
            column: 11,
            ..DiffScroll::default()
        };
        let (rows, _) = drawn(&view, 20, DiffLayout::Unified, right, &styles);
        assert_eq!(rows[1], "  1 +‹mnopqrstuvwxyz");
        let wrapped = DiffScroll {
            wrap: true,
            ..DiffScroll::default()
        };
        let (rows, _) = drawn(&view, 20, DiffLayout::Unified, wrapped, &styles);
        assert_eq!(rows[1..3], ["  1 +abcdefghijklmno", "     pqrstuvwxyz    "]);
    }

    #[test]
    fn a_view_from_the_top_colours_the_first_hunk() {
        let theme = crate::tui::theme::Theme::load("dark", false).unwrap();
        let hunks = [hunk(1, &[(LineKind::Added, "let one = 1;")])];
        let files = [FileHunks {
            path: "x.rs",
            header: Some("x.rs".into()),
            hunks: &hunks,
        }];
        let mut view = DiffView::from_files(&files, Palette::for_theme(&theme));
        view.colour_rows(DiffLayout::Unified, 0, 10);
        assert!(
            view.lines[2]
                .spans
                .as_ref()
                .is_some_and(|spans| spans.len() > 1)
        );
    }

    #[test]
    fn terminal_codes_in_file_text_are_shown_not_sent() {
        use LineKind::*;
        let hunks = [hunk(1, &[(Added, "print('\u{1b}[2J')")])];
        let view = DiffView::from_files(&one_file(&hunks), Palette::default());
        assert!(!view.lines[1].text.contains('\u{1b}'));
    }

    #[test]
    fn side_by_side_pairs_removed_with_added() {
        use LineKind::*;
        let hunks = [hunk(1, &[(Removed, "a"), (Removed, "b"), (Added, "c")])];
        let view = DiffView::from_files(&one_file(&hunks), Palette::default());
        assert_eq!(view.row_count(DiffLayout::Unified), 4);
        // hunk header, then (a|c), (b|-)
        assert_eq!(view.row_count(DiffLayout::SideBySide), 3);
    }

    #[test]
    fn colouring_is_lazy_and_covers_the_view() {
        let theme = crate::tui::theme::Theme::load("dark", false).unwrap();
        let palette = Palette::for_theme(&theme);
        let added: Vec<(LineKind, String)> = (0..1000)
            .map(|n| (LineKind::Added, format!("let v{n} = {n};")))
            .collect();
        let hunks = [Hunk {
            old_start: 1,
            new_start: 1,
            lines: added
                .iter()
                .map(|(kind, text)| crate::diff::HunkLine {
                    kind: *kind,
                    text: text.clone(),
                })
                .collect(),
        }];
        let files = [FileHunks {
            path: "x.rs",
            header: Some("x.rs".into()),
            hunks: &hunks,
        }];
        let mut view = DiffView::from_files(&files, palette);
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
        assert_eq!(text, "let v558 = 558;");
        assert!(spans.len() > 2, "{spans:?}");
    }
}
