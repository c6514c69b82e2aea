//! The chat files (editable and read-only), with add (through the finder) and drop.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::protocol::Op;
use crate::tui::app_event::{AppEvent, ExternalEdit};
use crate::tui::keymap::Action;
use crate::tui::pane::{Component, DrawContext, Handled};

/// The files pane.
#[derive(Debug, Default)]
pub struct FilesPane {
    editable: Vec<String>,
    read_only: Vec<String>,
    selected: usize,
}

impl FilesPane {
    /// The engine's current chat files.
    pub fn set_files(&mut self, editable: &[String], read_only: &[String]) {
        self.editable = editable.to_vec();
        self.read_only = read_only.to_vec();
        self.selected = self.selected.min(self.len().saturating_sub(1));
    }

    /// Every chat file, editable first.
    pub fn all(&self) -> impl Iterator<Item = &String> {
        self.editable.iter().chain(&self.read_only)
    }

    fn len(&self) -> usize {
        self.editable.len() + self.read_only.len()
    }

    /// A click on row `row` of the pane (`height` rows inside its border, drawn
    /// `focused` or not): selects the file there; returns whether there is one.
    pub fn select_row(&mut self, row: usize, height: usize, focused: bool) -> bool {
        // As drawn: a focused pane keeps its last row for the keys' hint.
        let room = height.saturating_sub(usize::from(focused && height > 2));
        let index = (self.selected + 1).saturating_sub(room) + row;
        if row >= room || index >= self.len() {
            return false;
        }
        self.selected = index;
        true
    }

    /// Handles a key action; returns whether it was used.
    pub fn on_action(&mut self, action: Action, bus: &mut Vec<AppEvent>) -> bool {
        match action {
            Action::Up => self.selected = self.selected.saturating_sub(1),
            Action::Down => self.selected = (self.selected + 1).min(self.len().saturating_sub(1)),
            Action::Add => bus.push(AppEvent::OpenFinder { read_only: false }),
            Action::AddReadOnly => bus.push(AppEvent::OpenFinder { read_only: true }),
            Action::Open => match self.all().nth(self.selected) {
                Some(path) => bus.push(AppEvent::Send(Op::RequestFilePreview {
                    path: path.clone(),
                })),
                None => bus.push(AppEvent::Flash("No file to show.".into())),
            },
            Action::EditFile => match self.all().nth(self.selected) {
                Some(path) => bus.push(AppEvent::EditExternally(ExternalEdit::File {
                    path: path.clone(),
                })),
                None => bus.push(AppEvent::Flash("No file to edit.".into())),
            },
            Action::Drop => match self.all().nth(self.selected) {
                Some(path) => bus.push(AppEvent::Submit(format!("/drop {path}"))),
                None => bus.push(AppEvent::Flash("No file to drop.".into())),
            },
            _ => return false,
        }
        true
    }

    /// Draws the pane.
    pub fn draw(&self, frame: &mut Frame, area: Rect, context: DrawContext) {
        let styles = context.styles;
        let block = context.block("Files", Some(format!("{}", self.len())));
        let inner = block.inner(area);
        frame.render_widget(block, area);
        let mut lines = Vec::new();
        if self.len() == 0 {
            lines.push(Line::styled("No files in the chat.", styles.dim));
        }
        for (index, path) in self.all().enumerate() {
            let read_only = index >= self.editable.len();
            let mark = if read_only { "ro " } else { "rw " };
            let mut style = if read_only { styles.dim } else { styles.text };
            if context.focused && index == self.selected {
                style = style.patch(styles.selection);
            }
            lines.push(Line::from(vec![
                Span::styled(mark, styles.dim),
                Span::styled(crate::text::printable(path).into_owned(), style),
            ]));
        }
        let height = usize::from(inner.height);
        let hint_rows = usize::from(context.focused && height > 2);
        let room = height.saturating_sub(hint_rows);
        let skip = (self.selected + 1).saturating_sub(room);
        let mut visible: Vec<Line> = lines.into_iter().skip(skip).take(room).collect();
        if hint_rows == 1 {
            while visible.len() < room {
                visible.push(Line::default());
            }
            visible.push(Line::styled("a/r add · d drop · e edit", styles.dim));
        }
        frame.render_widget(Paragraph::new(visible), inner);
    }
}

impl Component for FilesPane {
    fn title(&self) -> &'static str {
        "Files"
    }

    fn draw(&self, frame: &mut Frame, area: Rect, context: &DrawContext) {
        FilesPane::draw(self, frame, area, *context);
    }

    fn handle(&mut self, action: Action, bus: &mut Vec<AppEvent>) -> Handled {
        self.on_action(action, bus).into()
    }

    /// A list: a notch moves the selection one file.
    fn wheel_rows(&self) -> usize {
        1
    }

    fn click(&mut self, row: usize, _column: usize, height: usize, was_focused: bool) -> bool {
        self.select_row(row, height, was_focused)
    }
}
