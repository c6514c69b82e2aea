//! What every pane shares: the [`Component`] trait the app reaches each pane through,
//! and the styles and focus it draws with.

use ratatui::Frame;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Borders};

use super::app_event::AppEvent;
use super::hints::Hints;
use super::keymap::{Action, KeyContext};
use super::theme::Styles;

/// Rows one turn of the mouse wheel scrolls a pane of text.
pub const WHEEL_ROWS: usize = 3;

/// Whether a pane or a layer took a key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Handled {
    Yes,
    No,
}

impl From<bool> for Handled {
    fn from(used: bool) -> Handled {
        if used { Handled::Yes } else { Handled::No }
    }
}

/// A pane as the app sees it: it draws itself, takes the actions of its keys, and
/// answers what the app asks of every pane alike (the wheel, a click, a search, an
/// open editor). What only one pane has stays on the pane itself.
pub trait Component {
    /// The name its tab shows in a small terminal.
    fn title(&self) -> &'static str;

    /// Draws the pane in `area` (its inline editor too, when one is open).
    fn draw(&self, frame: &mut Frame, area: Rect, context: &DrawContext);

    /// A key's action while the pane has the focus; the pane asks the app for the
    /// rest through `bus`.
    fn handle(&mut self, action: Action, bus: &mut Vec<AppEvent>) -> Handled;

    /// A key bound to no action while the pane has the focus (typing).
    fn type_key(&mut self, _key: KeyEvent) {}

    /// A decision waits here: its tab is marked, Esc does not leave it, and the
    /// wide layout gives it most of the room.
    fn awaits_decision(&self) -> bool {
        false
    }

    /// Rows (or list entries) one notch of the mouse wheel moves; 0: none.
    fn wheel_rows(&self) -> usize {
        WHEEL_ROWS
    }

    /// A click on `row` of the rows inside the border (`height` of them) at
    /// `column`; returns whether it selected something. `was_focused`: the pane had
    /// the focus before the click.
    fn click(&mut self, _row: usize, _column: usize, _height: usize, _was_focused: bool) -> bool {
        false
    }

    /// A second click on what the first one selected.
    fn double_click(&mut self, _bus: &mut Vec<AppEvent>) {}

    /// Whether `/` searches this pane.
    fn searchable(&self) -> bool {
        false
    }

    /// Moves to the next match of `query` (`step` 1 forward, -1 back; from the start
    /// when `fresh`); returns whether one matched.
    fn find(&mut self, _query: &str, _step: isize, _fresh: bool) -> bool {
        false
    }

    /// The search of this pane ended.
    fn end_search(&mut self) {}

    /// An inline editor is open: it is a layer that takes every key but Ctrl-C.
    fn editing(&self) -> bool {
        false
    }

    /// The keys of the open inline editor: a text editor's, or another kind's.
    fn editor_context(&self) -> KeyContext {
        KeyContext::Editor
    }

    /// A key for the open inline editor, with what the editor's keymap binds it to.
    fn editor_key(&mut self, _key: KeyEvent, _action: Option<Action>, _bus: &mut Vec<AppEvent>) {}
}

/// Passed to every pane's `draw`.
#[derive(Clone, Copy)]
pub struct DrawContext<'a> {
    pub styles: &'a Styles,
    /// The lines that name keys, as the keymap binds them.
    pub hints: &'a Hints,
    pub focused: bool,
    /// The pane's search query while `/` searches it (matches are marked).
    pub search: Option<&'a str>,
}

impl DrawContext<'_> {
    /// The pane's frame with its title; the focused pane's border stands out.
    pub fn block(&self, title: &str, note: Option<String>) -> Block<'static> {
        let border = if self.focused {
            self.styles.border_focused
        } else {
            self.styles.border
        };
        let mut spans = vec![Span::styled(format!(" {title} "), self.styles.title)];
        if let Some(note) = note {
            spans.push(Span::styled(format!("{note} "), self.styles.dim));
        }
        let border_type = if self.focused {
            BorderType::Thick
        } else {
            BorderType::Rounded
        };
        Block::default()
            .title(Line::from(spans))
            .borders(Borders::ALL)
            .border_type(border_type)
            .border_style(border)
    }
}
