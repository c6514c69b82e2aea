//! The message box: multi-line editing (ratatui-textarea) that soft-wraps, readline's
//! keys, history (Up/Down, Ctrl-R searching it), completion; and the masked entry of
//! an API key (`/key PROVIDER`), which nothing records.

use std::cell::Cell;

use ratatui::Frame;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};
use ratatui_textarea::{CursorMove, TextArea, WrapMode};

use crate::protocol::{Op, Secret, is_key_line, key_provider, may_hold_key, parse_command};
use crate::tui::app_event::AppEvent;
use crate::tui::keymap::{Action, KeyContext};

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
    /// An API key being typed (`/key PROVIDER`), shown masked.
    key_entry: Option<KeyEntry>,
}

/// The masked entry of one provider's key. What is typed stays here until Enter sends
/// it to the engine: never in the text area, its undo, the history or the screen.
struct KeyEntry {
    provider: &'static str,
    typed: String,
}

/// How a key is shown while typed.
const MASK: char = '•';

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
            key_entry: None,
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
        self.empty_recording(&text);
        text
    }

    /// Empties the box, keeping `text` in the history; text with a line that may hold
    /// a key (`/key`, `/KEY`, `/kye`…) leaves no trace: not in the history, the undo or
    /// the cut buffer.
    fn empty_recording(&mut self, text: &str) {
        if text.lines().any(may_hold_key) {
            self.textarea = fresh_textarea(&self.textarea);
        } else {
            self.history.record(text);
            self.replace(String::new());
        }
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
        self.catch_key_line();
    }

    /// `/key PROVIDER ` typed (or pasted) as a line: what follows the provider is a
    /// key, so the box turns to the masked entry before it can show.
    fn catch_key_line(&mut self) {
        let text = self.text();
        // A pasted line comes with its line break: the key is still on that one line.
        let line = text.trim_end_matches('\n');
        if !is_key_line(line) || line.contains('\n') {
            return;
        }
        let Ok((_, args)) = parse_command(line) else {
            return;
        };
        let (word, rest) = args.split_once(char::is_whitespace).unwrap_or((args, ""));
        // Only once the provider's word is ended: `/key open` may still grow.
        let ended = text.ends_with(char::is_whitespace) || !rest.is_empty();
        if let Some(provider) = key_provider(word).filter(|_| ended) {
            self.begin_key_entry(provider, rest.trim());
        }
    }

    /// Turns the box to the masked entry of `provider`'s key (`typed` already given).
    /// The text area is emptied without a trace: no history, no undo.
    pub fn begin_key_entry(&mut self, provider: &'static str, typed: &str) {
        self.search = None;
        self.textarea = fresh_textarea(&self.textarea);
        self.key_entry = Some(KeyEntry {
            provider,
            typed: typed.to_string(),
        });
    }

    /// Whether a key is being typed.
    pub fn is_entering_key(&self) -> bool {
        self.key_entry.is_some()
    }

    /// Drops a key being typed; returns whether one was.
    pub fn cancel_key_entry(&mut self) -> bool {
        self.key_entry.take().is_some()
    }

    /// A key press while a key is typed, with its action in the entry's keymap:
    /// characters add to it, `DeleteChar` takes one back, `KillToLineStart` clears it,
    /// `Keep` sends it to the engine, `Cancel` cancels.
    pub fn key_entry_key(
        &mut self,
        key: KeyEvent,
        action: Option<Action>,
        bus: &mut Vec<AppEvent>,
    ) {
        let Some(entry) = &mut self.key_entry else {
            return;
        };
        let control = key.modifiers.contains(KeyModifiers::CONTROL);
        match (action, key.code) {
            (Some(Action::Cancel), _) => {
                self.key_entry = None;
                bus.push(AppEvent::Flash("No key set.".into()));
            }
            // The entry's title names the keys.
            (Some(Action::Keep), _) if entry.typed.trim().is_empty() => {
                bus.push(AppEvent::Flash("Type the key first.".into()));
            }
            (Some(Action::Keep), _) => {
                if let Some(entry) = self.key_entry.take() {
                    bus.push(AppEvent::Send(Op::SetKey {
                        provider: entry.provider.to_string(),
                        key: Secret::new(entry.typed.trim()),
                    }));
                }
            }
            (Some(Action::DeleteChar), _) => {
                entry.typed.pop();
            }
            (Some(Action::KillToLineStart), _) => entry.typed.clear(),
            (_, KeyCode::Char(c)) if !control && !key.modifiers.contains(KeyModifiers::ALT) => {
                entry.typed.push(c);
            }
            _ => {}
        }
    }

    /// Whether nothing is typed.
    pub fn is_empty(&self) -> bool {
        self.textarea.lines().iter().all(|line| line.is_empty())
    }

    /// Clears the whole message; it goes into the history, so Up brings it back.
    pub fn clear_draft(&mut self) {
        self.search = None;
        let text = self.text();
        self.empty_recording(&text);
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

    /// Inserts pasted text; into a key being typed, its first line.
    pub fn paste(&mut self, text: &str) {
        if let Some(entry) = &mut self.key_entry {
            entry
                .typed
                .push_str(text.lines().next().unwrap_or_default().trim());
            return;
        }
        self.textarea
            .insert_str(text.replace("\r\n", "\n").replace('\r', "\n"));
        self.catch_key_line();
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
        if let Some(entry) = &self.key_entry {
            let rows = (entry.typed.chars().count() + 1).div_ceil(width);
            return u16::try_from(rows).unwrap_or(u16::MAX).clamp(1, 8) + 2;
        }
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
        if let Some(entry) = &self.key_entry {
            self.draw_key_entry(entry, frame, area, context);
            return;
        }
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

    /// The key being typed: one `•` a character, nothing else of it.
    fn draw_key_entry(
        &self,
        entry: &KeyEntry,
        frame: &mut Frame,
        area: Rect,
        context: DrawContext,
    ) {
        let title = format!("API key for {}", entry.provider);
        let block = context.block(&title, Some(context.hints.key_entry.clone()));
        let inner = block.inner(area);
        frame.render_widget(block, area);
        self.width.set(inner.width);
        let masked: String = entry.typed.chars().map(|_| MASK).collect();
        let cursor = Style::default().add_modifier(Modifier::REVERSED);
        let line = Line::from(vec![Span::raw(masked), Span::styled(" ", cursor)]);
        frame.render_widget(Paragraph::new(line).wrap(Wrap { trim: false }), inner);
    }
}

/// An empty text area with `old`'s looks, so nothing typed before stays in its undo.
fn fresh_textarea(old: &TextArea<'static>) -> TextArea<'static> {
    let mut textarea = TextArea::default();
    textarea.set_placeholder_text(old.placeholder_text());
    textarea.set_placeholder_style(old.placeholder_style().unwrap_or_default());
    textarea.set_cursor_line_style(old.cursor_line_style());
    textarea.set_cursor_style(old.cursor_style());
    textarea.set_style(old.style());
    textarea.set_wrap_mode(old.wrap_mode());
    textarea
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

    /// The masked entry of a key (`/key PROVIDER`) takes every key but Ctrl-C, as an
    /// editor does, so none of the key goes anywhere else.
    fn editing(&self) -> bool {
        self.is_entering_key()
    }

    fn editor_context(&self) -> KeyContext {
        KeyContext::Entry
    }

    fn editor_key(&mut self, key: KeyEvent, action: Option<Action>, bus: &mut Vec<AppEvent>) {
        self.key_entry_key(key, action, bus);
    }

    /// The wheel leaves the message alone.
    fn wheel_rows(&self) -> usize {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: &str = "sk-live-typed-42";

    fn pane() -> InputPane {
        InputPane::new(&Styles::default(), InputHistory::default())
    }

    fn press(pane: &mut InputPane, code: KeyCode) {
        pane.edit(KeyEvent::new(code, KeyModifiers::NONE));
    }

    /// A key into the masked entry, read as the editor layer reads it.
    fn entry_key(pane: &mut InputPane, code: KeyCode, bus: &mut Vec<AppEvent>) {
        let key = KeyEvent::new(code, KeyModifiers::NONE);
        let action = crate::tui::keymap::Keymap::default()
            .own_action(crate::tui::keymap::KeyContext::Entry, &key);
        pane.key_entry_key(key, action, bus);
    }

    fn type_in(pane: &mut InputPane, text: &str) {
        for c in text.chars() {
            press(pane, KeyCode::Char(c));
        }
    }

    #[test]
    fn a_key_typed_on_the_line_turns_to_the_masked_entry_and_leaves_no_trace() {
        let mut pane = pane();
        type_in(&mut pane, "/key open");
        assert!(
            !pane.is_entering_key(),
            "the provider's word may still grow"
        );
        type_in(&mut pane, "ai ");
        assert!(pane.is_entering_key());
        assert_eq!(pane.text(), "", "nothing of the line stays in the box");
        let mut bus = Vec::new();
        for c in KEY.chars() {
            entry_key(&mut pane, KeyCode::Char(c), &mut bus);
        }
        entry_key(&mut pane, KeyCode::Enter, &mut bus);
        let [AppEvent::Send(Op::SetKey { provider, key })] = bus.as_slice() else {
            panic!("{bus:?}");
        };
        assert_eq!((provider.as_str(), key.expose()), ("openai", KEY));
        assert!(!pane.is_entering_key());
        // Neither the history nor the undo brings any of it back.
        pane.history_previous();
        assert_eq!(pane.text(), "");
        pane.on_action(Action::UndoEdit);
        assert_eq!(pane.text(), "");
    }

    #[test]
    fn a_key_line_sent_whole_is_not_kept_in_the_history_or_the_cut_buffer() {
        let mut pane = pane();
        pane.set_text("hello");
        assert_eq!(pane.take(), "hello");
        pane.set_text(&format!("/key openai {KEY}"));
        assert_eq!(pane.take(), format!("/key openai {KEY}"));
        pane.history_previous();
        assert_eq!(
            pane.text(),
            "hello",
            "the message before it, not the /key line"
        );
        pane.replace(String::new());
        pane.textarea.paste();
        assert!(!pane.text().contains(KEY), "{}", pane.text());
    }

    #[test]
    fn a_pasted_key_line_with_its_line_break_turns_to_the_masked_entry() {
        let mut pane = pane();
        pane.paste(&format!("/key openai {KEY}\n"));
        assert!(pane.is_entering_key());
        assert_eq!(pane.text(), "", "nothing of the line stays in the box");
        let mut bus = Vec::new();
        entry_key(&mut pane, KeyCode::Enter, &mut bus);
        let [AppEvent::Send(Op::SetKey { key, .. })] = bus.as_slice() else {
            panic!("{bus:?}");
        };
        assert_eq!(key.expose(), KEY);
    }

    #[test]
    fn esc_cancels_and_a_paste_goes_into_the_key() {
        let mut pane = pane();
        pane.begin_key_entry("anthropic", "");
        pane.paste(&format!("{KEY}\n"));
        let mut bus = Vec::new();
        entry_key(&mut pane, KeyCode::Esc, &mut bus);
        assert!(!pane.is_entering_key());
        assert!(matches!(bus.as_slice(), [AppEvent::Flash(text)] if text == "No key set."));
    }
}
