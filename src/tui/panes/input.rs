//! The message box: multi-line editing (ratatui-textarea), history, completion.

use ratatui::Frame;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui_textarea::{CursorMove, TextArea};

use crate::tui::completion::{Completion, complete};
use crate::tui::history::InputHistory;
use crate::tui::pane::DrawContext;
use crate::tui::theme::Styles;

/// The input pane.
pub struct InputPane {
    textarea: TextArea<'static>,
    history: InputHistory,
    /// Enter and Alt-Enter are swapped (`/multiline-mode`): the title says so.
    pub multiline: bool,
}

impl InputPane {
    /// An empty box with a history.
    pub fn new(styles: &Styles, history: InputHistory) -> Self {
        let mut textarea = TextArea::default();
        textarea.set_placeholder_text(
            "Ask for a change · /help for commands · @file adds a file · F1 keys",
        );
        textarea.set_placeholder_style(styles.dim);
        textarea.set_cursor_line_style(Style::default());
        textarea.set_style(styles.text);
        let mut pane = InputPane {
            textarea,
            history,
            multiline: false,
        };
        pane.set_focused(true);
        pane
    }

    /// Shows or hides the cursor.
    pub fn set_focused(&mut self, focused: bool) {
        let cursor = if focused {
            Style::default().add_modifier(Modifier::REVERSED)
        } else {
            Style::default()
        };
        self.textarea.set_cursor_style(cursor);
    }

    /// The text typed so far.
    pub fn text(&self) -> String {
        self.textarea.lines().join("\n")
    }

    /// Takes the message out for sending and records it in the history.
    pub fn take(&mut self) -> String {
        let text = self.text();
        self.history.record(&text);
        self.replace(String::new());
        text
    }

    /// Replaces the text (the message came back from the user's editor).
    pub fn set_text(&mut self, text: &str) {
        self.replace(text.replace("\r\n", "\n"));
    }

    fn replace(&mut self, text: String) {
        self.textarea.select_all();
        self.textarea.cut();
        self.textarea.insert_str(text);
    }

    /// Edits the text with a key.
    pub fn edit(&mut self, key: KeyEvent) {
        self.textarea.input(key);
    }

    /// Inserts pasted text.
    pub fn paste(&mut self, text: &str) {
        self.textarea
            .insert_str(text.replace("\r\n", "\n").replace('\r', "\n"));
    }

    /// Inserts a line break.
    pub fn new_line(&mut self) {
        self.textarea.insert_newline();
    }

    /// Up: the previous message when on the first line, else the cursor moves.
    pub fn history_previous(&mut self) {
        if self.textarea.cursor().0 > 0 {
            self.textarea.move_cursor(CursorMove::Up);
            return;
        }
        let current = self.text();
        if let Some(previous) = self.history.previous(&current).map(str::to_string) {
            self.replace(previous);
        }
    }

    /// Down: the next message when on the last line, else the cursor moves.
    pub fn history_next(&mut self) {
        if self.textarea.cursor().0 + 1 < self.textarea.lines().len() {
            self.textarea.move_cursor(CursorMove::Down);
            return;
        }
        if let Some(next) = self.history.next().map(str::to_string) {
            self.replace(next);
        }
    }

    /// Completes the word before the cursor; returns the candidates when several remain.
    pub fn complete(&mut self, repo_files: &[String], chat_files: &[String]) -> Option<Completion> {
        let ratatui_textarea::DataCursor(row, column) = self.textarea.cursor();
        let lines = self.textarea.lines();
        let mut before: String = lines[..row]
            .iter()
            .map(|line| format!("{line}\n"))
            .collect();
        before.extend(lines[row].chars().take(column));
        let completion = complete(&before, repo_files, chat_files)?;
        for _ in 0..completion.replace_chars {
            self.textarea.move_cursor(CursorMove::Back);
        }
        self.textarea.delete_str(completion.replace_chars);
        self.textarea.insert_str(&completion.replacement);
        Some(completion)
    }

    /// Rows the box wants (1 to 8 lines of text plus borders).
    pub fn wanted_height(&self) -> u16 {
        let lines = u16::try_from(self.textarea.lines().len()).unwrap_or(u16::MAX);
        lines.clamp(1, 8) + 2
    }

    /// Draws the pane.
    pub fn draw(&self, frame: &mut Frame, area: Rect, context: DrawContext) {
        let keys = if self.multiline {
            "Alt-Enter send · Enter new line"
        } else {
            "Enter send · Alt-Enter new line"
        };
        let block = context.block("Message", Some(keys.into()));
        let inner = block.inner(area);
        frame.render_widget(block, area);
        frame.render_widget(&self.textarea, inner);
    }
}
