//! Where the panes go on screen, wide (columns) or in tabs, and the mouse over them:
//! the wheel scrolls the pane under the pointer, a click focuses and selects.

use std::time::{Duration, Instant};

use ratatui::Frame;
use ratatui::crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::{Constraint, Layout, Position, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::App;
use crate::tui::app_event::Focus;
use crate::tui::keymap::Action;
use crate::tui::palette::draw_command_hints;
use crate::tui::pane::{DrawContext, Handled};

/// Below this width or height the panes collapse to tabs.
const WIDE_MIN_WIDTH: u16 = 120;
/// The chat's narrowest width beside a review.
const CHAT_MIN_WIDTH: u16 = 40;
const WIDE_MIN_HEIGHT: u16 = 30;
/// Two clicks on one row within this time are a double click.
const DOUBLE_CLICK: Duration = Duration::from_millis(400);

impl App {
    /// Draws the whole screen: the panes, the status bar, then the layers over them.
    pub fn draw(&self, frame: &mut Frame) {
        let area = frame.area();
        let [body, status_area] =
            Layout::vertical([Constraint::Min(0), Constraint::Length(1)]).areas(area);
        if self.geometry.zoomed && self.focus == Focus::Diff {
            self.draw_pane(frame, Focus::Diff, body);
            self.geometry.record(&[(Focus::Diff, body)]);
        } else if area.width >= WIDE_MIN_WIDTH && area.height >= WIDE_MIN_HEIGHT {
            self.draw_wide(frame, body);
        } else {
            self.draw_tabs(frame, body);
        }
        let styles = &self.theme.styles;
        self.status.draw(frame, status_area, styles, &self.hints);
        if !self.layers.covers_panes() {
            self.draw_command_list(frame, body);
        }
        self.layers.draw(frame, body, &self.keymap, styles);
        // Last: emoji terminals measure unlike ratatui take the columns it gave them.
        crate::tui::cells::settle(frame.buffer_mut());
    }

    /// While a command name is being typed (`/`, `/co`), the registry's rows it could
    /// become are listed just above the message box.
    fn draw_command_list(&self, frame: &mut Frame, body: Rect) {
        if self.focus != Focus::Input {
            return;
        }
        let text = self.panes.input.text();
        if text.starts_with('/') && !text.contains(char::is_whitespace) {
            let above = body.height.saturating_sub(self.panes.input.wanted_height());
            let area = Rect {
                height: above,
                ..body
            };
            draw_command_hints(frame, area, &text, &self.theme.styles);
        }
    }

    fn context(&self, pane: Focus) -> DrawContext<'_> {
        DrawContext {
            styles: &self.theme.styles,
            hints: &self.hints,
            focused: self.focus == pane,
            search: self
                .layers
                .search()
                .filter(|search| search.pane == pane && !search.query.is_empty())
                .map(|search| search.query.as_str()),
        }
    }

    /// Draws the pane standing at `place` in `area`.
    fn draw_pane(&self, frame: &mut Frame, place: Focus, area: Rect) {
        self.panes
            .pane(place)
            .draw(frame, area, &self.context(place));
    }

    fn draw_wide(&self, frame: &mut Frame, body: Rect) {
        if self.panes.pane(Focus::Diff).awaits_decision() {
            // A review reads the diff: it gets most of the width and the whole column;
            // the chat stays beside it, narrowed, and the side panes wait.
            let chat_width = (body.width / 3).max(CHAT_MIN_WIDTH);
            let [center, right] =
                Layout::horizontal([Constraint::Length(chat_width), Constraint::Fill(1)])
                    .areas(body);
            let [chat_area, input_area] = self.draw_chat_column(frame, center);
            self.draw_pane(frame, Focus::Diff, right);
            self.geometry.record(&[
                (Focus::Chat, chat_area),
                (Focus::Input, input_area),
                (Focus::Diff, right),
            ]);
            return;
        }
        let [side, center, right] = Layout::horizontal([
            Constraint::Length(32),
            Constraint::Fill(1),
            Constraint::Fill(1),
        ])
        .areas(body);
        let [files_area, commits_area] =
            Layout::vertical([Constraint::Percentage(40), Constraint::Percentage(60)]).areas(side);
        let lower = if self.panes.context_shown {
            // The context report wants all its lines, up to most of the column.
            let most = right.height.saturating_mul(3) / 5;
            Constraint::Length(self.panes.context.wanted_height().min(most))
        } else {
            Constraint::Percentage(35)
        };
        let [diff_area, map_area] = Layout::vertical([Constraint::Min(3), lower]).areas(right);
        self.draw_pane(frame, Focus::Files, files_area);
        self.draw_pane(frame, Focus::Commits, commits_area);
        let [chat_area, input_area] = self.draw_chat_column(frame, center);
        self.draw_pane(frame, Focus::Diff, diff_area);
        self.geometry.record(&[
            (Focus::Files, files_area),
            (Focus::Commits, commits_area),
            (Focus::Chat, chat_area),
            (Focus::Input, input_area),
            (Focus::Diff, diff_area),
            (Focus::Map, map_area),
        ]);
        self.draw_pane(frame, Focus::Map, map_area);
    }

    /// The chat over the message box; returns where each went.
    fn draw_chat_column(&self, frame: &mut Frame, area: Rect) -> [Rect; 2] {
        let [chat_area, input_area] = Layout::vertical([
            Constraint::Min(3),
            Constraint::Length(self.panes.input.wanted_height()),
        ])
        .areas(area);
        self.draw_pane(frame, Focus::Chat, chat_area);
        self.draw_pane(frame, Focus::Input, input_area);
        [chat_area, input_area]
    }

    fn draw_tabs(&self, frame: &mut Frame, body: Rect) {
        let input_height = self.panes.input.wanted_height().min(body.height / 3).max(3);
        let [tabs_area, pane_area, input_area] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Min(0),
            Constraint::Length(input_height),
        ])
        .areas(body);
        let shown = match self.focus {
            Focus::Input => self.geometry.tab,
            focus => focus,
        };
        // The input is always drawn below: with it focused, the tab area shows the chat.
        let shown = match shown {
            Focus::Input => Focus::Chat,
            shown => shown,
        };
        let mut placed = vec![(shown, pane_area), (Focus::Input, input_area)];
        let tabs = self.tab_line(tabs_area, shown, &mut placed);
        self.geometry.record(&placed);
        frame.render_widget(Paragraph::new(tabs), tabs_area);
        self.draw_pane(frame, shown, pane_area);
        self.draw_pane(frame, Focus::Input, input_area);
    }

    /// The tabs of a small terminal, `shown` selected. A click on a hidden pane's tab
    /// focuses it: each label goes into `placed` as that pane's area.
    fn tab_line(&self, area: Rect, shown: Focus, placed: &mut Vec<(Focus, Rect)>) -> Line<'_> {
        let styles = &self.theme.styles;
        let mut x = area.x;
        let mut spans = Vec::new();
        for place in Focus::ORDER
            .into_iter()
            .filter(|place| *place != Focus::Input)
        {
            let pane = self.panes.pane(place);
            let mut title = pane.title().to_string();
            if pane.awaits_decision() {
                title.push('!');
            }
            let style = if place == shown {
                styles.tab_selected
            } else {
                styles.tab
            };
            let label = format!(" {} {title} ", place.number());
            let width = u16::try_from(crate::tui::cells::width(&label)).unwrap_or(u16::MAX);
            if place != shown {
                placed.push((place, Rect::new(x, area.y, width, 1)));
            }
            x = x.saturating_add(width + 1);
            spans.push(Span::styled(label, style));
            spans.push(Span::styled("│", styles.border));
        }
        if !self.hints.tabs.is_empty() {
            spans.push(Span::styled(format!(" {}", self.hints.tabs), styles.dim));
        }
        Line::from(spans)
    }

    /// A mouse report: the layers first (a popup keeps it from the panes); then the
    /// wheel scrolls the pane under the pointer (its focus stays where it is); a click
    /// focuses a pane and selects the row under it; a second click there acts on it.
    pub fn handle_mouse(&mut self, mouse: MouseEvent) {
        if self.layers.mouse(mouse.kind) == Handled::Yes {
            return;
        }
        let at = Position::new(mouse.column, mouse.row);
        let Some((pane, area)) = self.geometry.pane_at(at) else {
            return;
        };
        match mouse.kind {
            MouseEventKind::ScrollUp => self.wheel(pane, Action::Up),
            MouseEventKind::ScrollDown => self.wheel(pane, Action::Down),
            MouseEventKind::Down(MouseButton::Left) => self.click(pane, area, at),
            _ => {}
        }
    }

    fn wheel(&mut self, place: Focus, action: Action) {
        let mut bus = Vec::new();
        let pane = self.panes.pane_mut(place);
        // Lists move their selection a row a notch; text scrolls a few rows.
        for _ in 0..pane.wheel_rows() {
            pane.handle(action, &mut bus);
        }
        self.run_bus(bus);
    }

    fn click(&mut self, place: Focus, area: Rect, at: Position) {
        let row = at.y;
        let was_focused = self.focus == place;
        // An open editor keeps the focus where it is.
        if !self.panes.pane(place).editing() {
            self.set_focus(place);
        }
        let double = matches!(self.geometry.last_click,
            Some((at, clicked, clicked_row)) if clicked == place && clicked_row == row && at.elapsed() <= DOUBLE_CLICK);
        self.geometry.last_click = (!double).then(|| (Instant::now(), place, row));
        // Rows inside the border.
        let height = usize::from(area.height.saturating_sub(2));
        let Some(row) = row
            .checked_sub(area.y + 1)
            .map(usize::from)
            .filter(|row| *row < height)
        else {
            return;
        };
        let column = usize::from(at.x.saturating_sub(area.x + 1));
        let pane = self.panes.pane_mut(place);
        if pane.click(row, column, height, was_focused) && double {
            let mut bus = Vec::new();
            pane.double_click(&mut bus);
            self.run_bus(bus);
        }
    }
}
