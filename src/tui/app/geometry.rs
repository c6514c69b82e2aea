//! The layout's own state: which pane the tabs show, the zoom, and where each pane
//! was drawn last, for the mouse.

use std::cell::Cell;
use std::time::Instant;

use ratatui::layout::{Position, Rect};

use crate::tui::app_event::Focus;

/// The layout's own state: what shows, and where it was drawn for the mouse.
#[derive(Debug)]
pub struct Geometry {
    /// The pane shown in the tab area of a small terminal while the input has the focus.
    pub tab: Focus,
    /// `z`: the diff pane takes the whole body while it has the focus.
    pub zoomed: bool,
    /// Where each pane was drawn last (in `Focus::ORDER`), for the mouse.
    areas: Cell<[Rect; 6]>,
    /// The last click: when, and on which pane and row (a second one there is a
    /// double click).
    pub last_click: Option<(Instant, Focus, u16)>,
}

impl Default for Geometry {
    fn default() -> Geometry {
        Geometry {
            tab: Focus::Chat,
            zoomed: false,
            areas: Cell::new([Rect::default(); 6]),
            last_click: None,
        }
    }
}

impl Geometry {
    /// Remembers where panes were drawn (the rest were not), for the mouse.
    pub fn record(&self, placed: &[(Focus, Rect)]) {
        let mut areas = [Rect::default(); 6];
        for (pane, area) in placed {
            if let Some(at) = Focus::ORDER.iter().position(|focus| focus == pane) {
                areas[at] = *area;
            }
        }
        self.areas.set(areas);
    }

    /// The pane drawn under `at`, and its area.
    pub fn pane_at(&self, at: Position) -> Option<(Focus, Rect)> {
        Focus::ORDER
            .into_iter()
            .zip(self.areas.get())
            .find(|(_, area)| area.contains(at))
    }
}
