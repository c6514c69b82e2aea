//! A diff ready to draw, built from the engine's hunks (a block's live preview, a
//! review block, a commit), drawn unified or side by side, only the visible rows. The UI
//! never reads a file or parses diff text: every line and number comes from the engine.
//!
//! Syntax colours are added lazily, just before a frame, for the rows about to show
//! (`colour_rows`): a 10,000-line diff opens at once and each scroll step colours only
//! what comes into view. Colouring continues from where it stopped inside a hunk; after
//! a long jump it restarts a few lines above the view, which can misjudge a construct
//! that began far above (a long string), a fair price for no lag.

use super::highlight::{CodeHighlighter, Palette};
use super::theme::Styles;
use crate::diff::{Hunk, LineKind};
use crate::text::printable;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

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
                        if matches!(line.kind, DiffLineKind::Hunk | DiffLineKind::FileHeader) {
                            return Line::from(body(line, styles));
                        }
                        let mut spans = vec![
                            number(line.old, number_width, styles.dim),
                            Span::raw(" "),
                            number(line.new, number_width, styles.dim),
                            self.after_number(line, styles),
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
        let after = if old_side {
            Span::raw(" ")
        } else {
            self.after_number(line, styles)
        };
        let mut spans = vec![number(line_number, width, styles.dim), after];
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
