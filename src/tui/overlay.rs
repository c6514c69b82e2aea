//! What draws on top of the panes: the help, a yes/no dialog, the file finder.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

use super::app_event::Confirmation;
use super::fuzzy;
use super::keymap::{KeyContext, Keymap};
use super::theme::Styles;

/// At most this many finder results are listed.
const FINDER_RESULTS: usize = 200;

/// The fuzzy file finder's state.
#[derive(Debug, Default)]
pub struct Finder {
    pub query: String,
    pub read_only: bool,
    pub selected: usize,
    matches: Vec<String>,
}

impl Finder {
    /// A finder for adding files (read-only or editable).
    pub fn new(read_only: bool, files: &[String]) -> Finder {
        let mut finder = Finder {
            read_only,
            ..Finder::default()
        };
        finder.update(files);
        finder
    }

    /// Re-ranks after the query changed.
    pub fn update(&mut self, files: &[String]) {
        self.matches = fuzzy::rank(&self.query, files, FINDER_RESULTS)
            .into_iter()
            .cloned()
            .collect();
        self.selected = self.selected.min(self.matches.len().saturating_sub(1));
    }

    /// The highlighted file.
    pub fn choice(&self) -> Option<&String> {
        self.matches.get(self.selected)
    }

    /// Moves the highlight.
    pub fn move_by(&mut self, step: isize) {
        let last = self.matches.len().saturating_sub(1);
        self.selected = self.selected.saturating_add_signed(step).min(last);
    }
}

/// A centred rectangle of at most `width`×`height`.
fn centred(area: Rect, width: u16, height: u16) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    Rect {
        x: area.x + (area.width - width) / 2,
        y: area.y + (area.height - height) / 2,
        width,
        height,
    }
}

fn frame_block(title: &str, styles: &Styles) -> Block<'static> {
    Block::default()
        .borders(Borders::ALL)
        .border_style(styles.border_focused)
        .title(Span::styled(format!(" {title} "), styles.title))
}

/// Draws the key help, generated from the keymap in force.
pub fn draw_help(frame: &mut Frame, area: Rect, keymap: &Keymap, scroll: usize, styles: &Styles) {
    let rect = centred(area, 100, area.height.saturating_sub(2));
    frame.render_widget(Clear, rect);
    let block = frame_block("Keys — ↑↓ scroll · F1, ? or Esc closes", styles);
    let inner = block.inner(rect);
    frame.render_widget(block, rect);
    let rows: Vec<(KeyContext, Vec<(String, &str)>)> = KeyContext::ALL
        .into_iter()
        .map(|context| (context, keymap.help_rows(context)))
        .collect();
    let key_width = rows
        .iter()
        .flat_map(|(_, entries)| entries.iter().map(|(keys, _)| keys.chars().count()))
        .max()
        .unwrap_or(8)
        .min(18);
    let mut sections: Vec<Vec<Line>> = Vec::new();
    for (context, entries) in rows {
        let mut lines = vec![Line::styled(context.name().to_string(), styles.heading)];
        for (keys, what) in entries {
            lines.push(Line::from(vec![
                Span::styled(format!("  {keys:<key_width$} "), styles.code_inline),
                Span::styled(what, styles.text),
            ]));
        }
        sections.push(lines);
    }
    let two_columns = inner.width >= 90;
    let columns: Vec<Rect> = if two_columns {
        Layout::horizontal([Constraint::Percentage(50), Constraint::Percentage(50)])
            .split(inner)
            .to_vec()
    } else {
        vec![inner]
    };
    let mut column_lines: Vec<Vec<Line>> = vec![Vec::new(); columns.len()];
    let total: usize = sections.iter().map(Vec::len).sum();
    let mut used = 0;
    for section in sections {
        let column = if two_columns && used >= total / 2 {
            1
        } else {
            0
        };
        used += section.len();
        column_lines[column].extend(section);
    }
    let longest = column_lines.iter().map(Vec::len).max().unwrap_or(0);
    let scroll = scroll.min(longest.saturating_sub(usize::from(inner.height)));
    for (lines, rect) in column_lines.into_iter().zip(columns) {
        let visible: Vec<Line> = lines.into_iter().skip(scroll).collect();
        frame.render_widget(Paragraph::new(visible), rect);
    }
}

/// Draws a yes/no dialog.
pub fn draw_confirmation(
    frame: &mut Frame,
    area: Rect,
    confirmation: &Confirmation,
    styles: &Styles,
) {
    let rect = centred(area, 70, 7);
    frame.render_widget(Clear, rect);
    let block = frame_block("Confirm", styles);
    let inner = block.inner(rect);
    frame.render_widget(block, rect);
    let [text_area, keys_area] =
        Layout::vertical([Constraint::Min(1), Constraint::Length(1)]).areas(inner);
    frame.render_widget(
        Paragraph::new(confirmation.text.clone())
            .style(styles.text)
            .wrap(Wrap { trim: true }),
        text_area,
    );
    frame.render_widget(
        Paragraph::new(Line::from(vec![
            Span::styled("y", styles.accepted),
            Span::styled(" yes   ", styles.dim),
            Span::styled("n", styles.rejected),
            Span::styled(" / Esc no", styles.dim),
        ])),
        keys_area,
    );
}

/// Draws the file finder.
pub fn draw_finder(frame: &mut Frame, area: Rect, finder: &Finder, styles: &Styles) {
    let rect = centred(area, 80, area.height.saturating_sub(4).max(6));
    frame.render_widget(Clear, rect);
    let title = if finder.read_only {
        "Add read-only file — Enter adds, Esc closes"
    } else {
        "Add file — Enter adds, Ctrl-R read-only, Esc closes"
    };
    let block = frame_block(title, styles);
    let inner = block.inner(rect);
    frame.render_widget(block, rect);
    let [query_area, list_area] =
        Layout::vertical([Constraint::Length(1), Constraint::Min(0)]).areas(inner);
    frame.render_widget(
        Paragraph::new(Line::from(vec![
            Span::styled("› ", styles.user),
            Span::styled(finder.query.clone(), styles.text),
            Span::styled("█", styles.dim),
        ])),
        query_area,
    );
    let height = usize::from(list_area.height);
    let skip = (finder.selected + 1).saturating_sub(height);
    let mut lines: Vec<Line> = finder
        .matches
        .iter()
        .enumerate()
        .skip(skip)
        .take(height)
        .map(|(index, path)| {
            let style = if index == finder.selected {
                styles.text.patch(styles.selection)
            } else {
                styles.text
            };
            Line::styled(path.clone(), style)
        })
        .collect();
    if lines.is_empty() {
        lines.push(Line::styled("No matching files.", styles.dim));
    }
    frame.render_widget(Paragraph::new(lines), list_area);
}
