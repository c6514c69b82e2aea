//! The repo map inspector: the ranked files with scores, the edges that earned the
//! selected file its rank, the token count against the budget, and the map text
//! exactly as the model sees it.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::protocol::{MapProgress, Op, RepoMapView};
use crate::tui::app_event::AppEvent;
use crate::tui::keymap::Action;
use crate::tui::pane::{Component, DrawContext, Handled};
use crate::tui::search::{contains, highlight, match_style, next_match};

/// The repo map pane.
#[derive(Debug, Default)]
pub struct RepoMapPane {
    map: Option<RepoMapView>,
    selected: usize,
    show_text: bool,
    text_scroll: usize,
    refreshing: bool,
    /// The scan while it runs.
    progress: Option<MapProgress>,
}

impl RepoMapPane {
    /// A new map arrived.
    pub fn set_map(&mut self, map: RepoMapView) {
        self.selected = self.selected.min(map.files.len().saturating_sub(1));
        self.map = Some(map);
        self.refreshing = false;
    }

    /// The scan moved on (`None` once it is done).
    pub fn set_progress(&mut self, progress: Option<MapProgress>) {
        self.progress = progress;
    }

    /// A refresh was asked for.
    pub fn mark_refreshing(&mut self) {
        self.refreshing = true;
    }

    /// A click on row `row` inside the pane (`height` rows): selects the ranked file
    /// there (the map's text has no rows to select); returns whether there is one.
    pub fn select_row(&mut self, row: usize, height: usize) -> bool {
        let Some(map) = &self.map else {
            return false;
        };
        // The list's part of the pane, split as drawn.
        let pane = Rect::new(0, 0, 1, u16::try_from(height).unwrap_or(u16::MAX));
        let [list, _] = Self::split(pane);
        let list = usize::from(list.height);
        let index = (self.selected + 1).saturating_sub(list) + row;
        if self.show_text || row >= list || index >= map.files.len() {
            return false;
        }
        self.selected = index;
        true
    }

    /// Moves to the next ranked file (or line of the map's text, when shown) holding
    /// `query`; returns whether one does.
    pub fn find(&mut self, query: &str, step: isize, fresh: bool) -> bool {
        let Some(map) = &self.map else {
            return false;
        };
        let at = if self.show_text {
            self.text_scroll
        } else {
            self.selected
        };
        let from = if fresh {
            (at as isize - step).try_into().ok()
        } else {
            Some(at)
        };
        let found = if self.show_text {
            let lines: Vec<&str> = map.text.lines().collect();
            next_match(lines.len(), from, step, |row| contains(lines[row], query))
        } else {
            next_match(map.files.len(), from, step, |row| {
                contains(&map.files[row].path, query)
            })
        };
        match found {
            Some(row) if self.show_text => self.text_scroll = row,
            Some(row) => self.selected = row,
            None => return false,
        }
        true
    }

    /// Handles a key action; returns whether it was used.
    pub fn on_action(&mut self, action: Action, bus: &mut Vec<AppEvent>) -> bool {
        let files = self.map.as_ref().map_or(0, |map| map.files.len());
        match action {
            Action::Up if self.show_text => self.text_scroll = self.text_scroll.saturating_sub(1),
            Action::Down if self.show_text => self.text_scroll += 1,
            Action::PageUp => self.text_scroll = self.text_scroll.saturating_sub(10),
            Action::PageDown => self.text_scroll += 10,
            Action::Up => self.selected = self.selected.saturating_sub(1),
            Action::Down => self.selected = (self.selected + 1).min(files.saturating_sub(1)),
            Action::ToggleMapText => self.show_text = !self.show_text,
            Action::Refresh => {
                self.refreshing = true;
                bus.push(AppEvent::Send(Op::RefreshRepoMap));
            }
            _ => return false,
        }
        true
    }

    /// The ranked files above the reasons of the selected one.
    fn split(inner: Rect) -> [Rect; 2] {
        Layout::vertical([Constraint::Percentage(55), Constraint::Percentage(45)]).areas(inner)
    }

    /// Why the selected file ranks where it does, under a note when the map was
    /// made before the co-change history was read.
    fn reasons(&self, map: &RepoMapView, styles: &crate::tui::theme::Styles) -> Vec<Line<'static>> {
        let mut reasons: Vec<Line> = Vec::new();
        if map.without_history {
            reasons.push(Line::styled(
                "made before the co-change history was read",
                styles.warn,
            ));
        }
        if let Some(file) = map.files.get(self.selected) {
            reasons.push(Line::styled(
                format!("why {} ranks here:", file.path),
                styles.title,
            ));
            if let Some(classification) = &file.classification {
                reasons.push(Line::styled(format!("  {classification}"), styles.warn));
            }
            if let Some(matched) = file.matched() {
                reasons.push(Line::styled(format!("  {matched}"), styles.text));
            }
            if file.reasons.is_empty() {
                reasons.push(Line::styled(
                    "  no edges (ranked by personalization only)",
                    styles.dim,
                ));
            }
            for reason in &file.reasons {
                reasons.push(Line::from(vec![
                    Span::styled(format!("  {} ", reason.ident), styles.code_inline),
                    Span::styled(format!("← {} ", reason.from), styles.text),
                    Span::styled(format!("({:.3})", reason.weight), styles.dim),
                ]));
            }
        }
        reasons
    }

    /// Draws the pane.
    pub fn draw(&self, frame: &mut Frame, area: Rect, context: DrawContext) {
        let styles = context.styles;
        let note = match (&self.map, self.refreshing, self.progress) {
            (_, _, Some(progress)) if progress.total == 0 => Some("listing files…".to_string()),
            (_, _, Some(progress)) => Some(format!(
                "parsing {}/{} files",
                progress.parsed, progress.total
            )),
            (_, true, None) => Some("refreshing…".to_string()),
            (Some(map), false, None) => Some(format!("{}/{} tokens", map.tokens, map.budget)),
            (None, false, None) => None,
        };
        let block = context.block("Repo map", note);
        let inner = block.inner(area);
        frame.render_widget(block, area);
        let Some(map) = &self.map else {
            let lines = match self.progress {
                Some(progress) if progress.total == 0 => vec![
                    "Building the map:".to_string(),
                    "listing the repository's files.".to_string(),
                ],
                // The count on a line of its own, so it never moves the rest.
                Some(progress) => vec![
                    "Building the map:".to_string(),
                    format!("{} of {} files parsed.", progress.parsed, progress.total),
                    "It shows here once the files near the chat are in.".to_string(),
                ],
                None => vec!["No map yet (r refreshes).".to_string()],
            };
            let lines: Vec<Line> = lines
                .into_iter()
                .map(|line| Line::styled(line, styles.dim))
                .collect();
            let text = Paragraph::new(lines).wrap(ratatui::widgets::Wrap { trim: true });
            frame.render_widget(text, inner);
            return;
        };
        if self.show_text {
            let lines: Vec<Line> = map
                .text
                .lines()
                .skip(self.text_scroll)
                .take(usize::from(inner.height))
                .enumerate()
                .map(|(number, line)| {
                    let line = Line::styled(crate::text::printable(line).into_owned(), styles.text);
                    match context.search {
                        Some(query) => highlight(&line, query, match_style(number == 0)),
                        None => line,
                    }
                })
                .collect();
            frame.render_widget(Paragraph::new(lines), inner);
            return;
        }
        let [list_area, reasons_area] = Self::split(inner);
        let height = usize::from(list_area.height);
        let skip = (self.selected + 1).saturating_sub(height);
        let mut rows: Vec<Line> = Vec::new();
        if map.files.is_empty() {
            rows.push(Line::styled("No ranked files.", styles.dim));
        }
        for (index, file) in map.files.iter().enumerate().skip(skip).take(height) {
            // Vendored and generated code ranks last and reads dimmer.
            let mut style = if file.classification.is_some() {
                styles.dim
            } else {
                styles.text
            };
            if context.focused && index == self.selected {
                style = style.patch(styles.selection);
            }
            let row = Line::from(vec![
                Span::styled(format!("{:>7.4} ", file.score), styles.dim),
                Span::styled(crate::text::printable(&file.path).into_owned(), style),
            ]);
            rows.push(match context.search {
                Some(query) => highlight(&row, query, match_style(index == self.selected)),
                None => row,
            });
        }
        frame.render_widget(Paragraph::new(rows), list_area);
        let mut reasons = self.reasons(map, styles);
        let hint = if context.focused {
            "m map text · r refresh"
        } else {
            ""
        };
        reasons.truncate(usize::from(reasons_area.height).saturating_sub(1));
        reasons.push(Line::styled(hint, styles.dim));
        frame.render_widget(Paragraph::new(reasons), reasons_area);
    }
}

impl Component for RepoMapPane {
    fn title(&self) -> &'static str {
        "Repo map"
    }

    fn draw(&self, frame: &mut Frame, area: Rect, context: &DrawContext) {
        RepoMapPane::draw(self, frame, area, *context);
    }

    fn handle(&mut self, action: Action, bus: &mut Vec<AppEvent>) -> Handled {
        self.on_action(action, bus).into()
    }

    fn click(&mut self, row: usize, _column: usize, height: usize, _was_focused: bool) -> bool {
        self.select_row(row, height)
    }

    fn searchable(&self) -> bool {
        true
    }

    fn find(&mut self, query: &str, step: isize, fresh: bool) -> bool {
        RepoMapPane::find(self, query, step, fresh)
    }
}
