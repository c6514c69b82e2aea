//! What every pane shares when drawing: the styles and whether it has the focus.

use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Borders};

use super::hints::Hints;
use super::theme::Styles;

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
