//! The message box: multi-line editing (ratatui-textarea) that soft-wraps, readline's
//! keys, history (Up/Down, Ctrl-R searching it), completion.

use std::cell::Cell;

use ratatui::Frame;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui_textarea::{CursorMove, TextArea, WrapMode};

use crate::tui::keymap::Action;

use crate::tui::app_event::AppEvent;
use crate::tui::cells;
use crate::tui::completion::{Completion, complete};
use crate::tui::history::InputHistory;
use crate::tui::pane::{Component, DrawContext, Handled};
use crate::tui::theme::Styles;

/// The input pane.
pub struct InputPane {
    textarea: TextArea<'static>,
    history: InputHistory,
    /// Enter and Alt-Enter are swapped (`/multiline-mode`): the title says so.
    pub multiline: bool,
    /// The text area's width at the last draw (rows of wrapped text).
    width: Cell<u16>,
    /// Ctrl-R's search of the history, while it runs.
    search: Option<HistorySearch>,
}

/// Ctrl-R: the query typed, the entry it found, and the draft to go back to.
#[derive(Debug, Default)]
struct HistorySearch {
    query: String,
    found: Option<usize>,
    draft: String,
}

impl InputPane {
    /// An empty box with a history.
    pub fn new(styles: &Styles, history: InputHistory) -> Self {
        let mut textarea = TextArea::default();
        textarea.set_placeholder_style(styles.dim);
        textarea.set_cursor_line_style(Style::default());
        textarea.set_style(styles.text);
        textarea.set_wrap_mode(WrapMode::WordOrGlyph);
        let mut pane = InputPane {
            textarea,
            history,
            multiline: false,
            width: Cell::new(80),
            search: None,
        };
        pane.set_focused(true);
        pane
    }

    /// What the empty box says (it names keys: the app builds it from the keymap).
    pub fn set_placeholder(&mut self, text: &str) {
        self.textarea.set_placeholder_text(text);
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

    /// Whether nothing is typed.
    pub fn is_empty(&self) -> bool {
        self.textarea.lines().iter().all(|line| line.is_empty())
    }

    /// Clears the whole message; it goes into the history, so Up brings it back.
    pub fn clear_draft(&mut self) {
        self.search = None;
        let text = self.text();
        self.history.record(&text);
        self.replace(String::new());
    }

    /// The readline-style edits the keymap names.
    pub fn on_action(&mut self, action: Action) -> bool {
        match action {
            Action::KillToLineStart => self.textarea.delete_line_by_head(),
            Action::DeleteWordBack => self.textarea.delete_word(),
            Action::UndoEdit => self.textarea.undo(),
            Action::RedoEdit => self.textarea.redo(),
            Action::ClearDraft => {
                self.clear_draft();
                true
            }
            Action::HistorySearch => {
                self.search_older();
                true
            }
            _ => return false,
        };
        true
    }

    /// Whether Ctrl-R's search runs.
    pub fn is_searching_history(&self) -> bool {
        self.search.is_some()
    }

    /// Ctrl-R: starts the search, or finds the next older match.
    fn search_older(&mut self) {
        let search = self.search.get_or_insert_with(|| HistorySearch {
            draft: self.textarea.lines().join("\n"),
            ..HistorySearch::default()
        });
        let before = search.found;
        if let Some((index, text)) = self.history.find_older(&search.query, before) {
            search.found = Some(index);
            let text = text.to_string();
            self.replace(text);
        }
    }

    /// A key while Ctrl-R's search runs, with its action in the message box and in a
    /// search (the query's keys): typing narrows it, Enter keeps the match to edit, Esc
    /// or Ctrl-G goes back to the draft; another key keeps the match and then does what
    /// it does. Returns whether the key was used.
    pub fn history_search_key(
        &mut self,
        key: KeyEvent,
        action: Option<Action>,
        query_action: Option<Action>,
    ) -> bool {
        let Some(search) = &mut self.search else {
            return false;
        };
        let plain = !key
            .modifiers
            .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT);
        match (action, key.code) {
            (Some(Action::HistorySearch), _) => self.search_older(),
            (Some(Action::ClearDraft | Action::Interrupt), _) => {
                let draft = std::mem::take(&mut search.draft);
                self.search = None;
                self.replace(draft);
            }
            (Some(Action::Send), _) => self.search = None,
            _ if query_action == Some(Action::DeleteChar) => {
                search.query.pop();
                search.found = None;
                self.search_older();
            }
            (None, KeyCode::Char(c)) if plain => {
                search.query.push(c);
                search.found = None;
                self.search_older();
            }
            _ => {
                self.search = None;
                return false;
            }
        }
        true
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

    /// Rows the box wants (1 to 8 rows of wrapped text plus borders).
    pub fn wanted_height(&self) -> u16 {
        let width = usize::from(self.width.get()).max(1);
        let rows: usize = self
            .textarea
            .lines()
            .iter()
            // The cursor may sit one column past the text.
            .map(|line| (cells::width(line) + 1).div_ceil(width).max(1))
            .sum();
        u16::try_from(rows).unwrap_or(u16::MAX).clamp(1, 8) + 2
    }

    /// Draws the pane.
    pub fn draw(&self, frame: &mut Frame, area: Rect, context: DrawContext) {
        let note = match &self.search {
            Some(search) if search.found.is_none() && !search.query.is_empty() => {
                format!("history search: {} (no match)", search.query)
            }
            Some(search) => format!("history search: {}", search.query),
            None if self.multiline => context.hints.send_multiline.clone(),
            None => context.hints.send.clone(),
        };
        let block = context.block("Message", Some(crate::text::printable(&note).into_owned()));
        let inner = block.inner(area);
        frame.render_widget(block, area);
        self.width.set(inner.width);
        frame.render_widget(&self.textarea, inner);
    }
}

impl Component for InputPane {
    fn title(&self) -> &'static str {
        "Input"
    }

    fn draw(&self, frame: &mut Frame, area: Rect, context: &DrawContext) {
        InputPane::draw(self, frame, area, *context);
    }

    fn handle(&mut self, action: Action, _bus: &mut Vec<AppEvent>) -> Handled {
        self.on_action(action).into()
    }

    fn type_key(&mut self, key: KeyEvent) {
        self.edit(key);
    }

    /// The wheel leaves the message alone.
    fn wheel_rows(&self) -> usize {
        0
    }
}
