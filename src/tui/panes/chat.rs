//! The conversation: user messages, the model's replies streaming in as markdown,
//! notices, reflections and command output. Follows the tail until the user scrolls
//! up; `End` follows again. `[` and `]` select the user's messages that are turns of
//! the saved conversation; `r` asks to rewind to just before the selected one.
//! Messages sent while a turn runs wait after everything, marked queued, until the
//! app sends them; `/` finds text in the pane's lines.

use std::borrow::Cow;
use std::cell::Cell;
use std::collections::VecDeque;

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::conversation::Role;
use crate::protocol::{ConversationMessage, NoticeLevel};
use crate::text::printable;
use crate::tui::app_event::AppEvent;
use crate::tui::highlight::Palette;
use crate::tui::keymap::Action;
use crate::tui::markdown::{MarkdownRenderer, Rendered};
use crate::tui::pane::{Component, DrawContext, Handled};
use crate::tui::search::{contains, highlight, match_style, next_match};
use crate::tui::theme::Styles;
use crate::tui::wrap::{row_count, wrap_line};

/// What kind of chat entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryKind {
    User,
    Assistant,
    Notice(NoticeLevel),
    /// Feedback sent to the model in a reflection round.
    Reflection,
    /// Output of a command the engine ran.
    Command,
    /// The model's thinking, shown dimmed; never sent back to it.
    Reasoning,
}

/// One entry: its rendered complete lines and the incomplete tail still streaming.
struct Entry {
    /// Names the entry while the list changes around it.
    id: EntryId,
    kind: EntryKind,
    /// For a user message saved as a turn: its place in the conversation (from 1).
    turn: Option<usize>,
    source: String,
    lines: Vec<Rendered>,
    tail: String,
    renderer: MarkdownRenderer,
}

/// Names one chat entry.
pub type EntryId = u64;

/// The chat pane.
pub struct ChatPane {
    palette: Palette,
    styles: Styles,
    entries: Vec<Entry>,
    /// The assistant entry receiving deltas.
    streaming: Option<usize>,
    /// The thinking entry receiving deltas.
    thinking: Option<usize>,
    /// The top row when the user has scrolled away from the tail.
    scroll: Option<usize>,
    /// The text area's size at the last draw, for page sizes and scrolling.
    viewport: Cell<(u16, u16)>,
    next_id: EntryId,
    /// The selected user message (an index into `entries`).
    selected: Option<usize>,
    /// How many user turns the conversation has, as the engine last said.
    latest_turn: usize,
    /// Messages sent during a turn, not yet sent to the engine (oldest first).
    queued: VecDeque<String>,
    /// What the last queued message's marker says can be done with it (from the keymap).
    pub queue_hint: String,
    /// The logical line of the current search match.
    found: Option<usize>,
    /// The selected code block: its entry and its place among the entry's blocks.
    selected_code: Option<(usize, usize)>,
}

impl ChatPane {
    /// An empty chat coloured by `styles` and `palette`.
    pub fn new(palette: Palette, styles: Styles) -> Self {
        ChatPane {
            palette,
            styles,
            entries: Vec::new(),
            streaming: None,
            thinking: None,
            scroll: None,
            viewport: Cell::new((80, 20)),
            next_id: 1,
            selected: None,
            latest_turn: 0,
            queued: VecDeque::new(),
            queue_hint: String::new(),
            found: None,
            selected_code: None,
        }
    }

    /// Holds a message sent while a turn runs; it is drawn after the reply, queued.
    pub fn queue(&mut self, text: &str) {
        self.queued.push_back(printable(text).into_owned());
        self.follow();
    }

    /// The next queued message, taken to be sent.
    pub fn next_queued(&mut self) -> Option<String> {
        self.queued.pop_front()
    }

    /// The last queued message, taken back (it will not be sent).
    pub fn take_back_queued(&mut self) -> Option<String> {
        self.queued.pop_back()
    }

    /// Follows the tail again (a message was sent).
    pub fn follow(&mut self) {
        self.scroll = None;
    }

    /// Adds a whole entry; returns its id.
    pub fn push(&mut self, kind: EntryKind, text: &str) -> EntryId {
        self.close_stream();
        // What reaches the terminal is shown, never obeyed.
        let text = printable(text);
        let mut entry = self.entry(kind);
        entry.source = text.to_string();
        for line in text.lines() {
            match kind {
                // Only the model's reply is Markdown; command output and feedback are
                // shown as they are.
                EntryKind::Assistant => entry.lines.extend(entry.renderer.push_line(line)),
                _ => entry.lines.push(Rendered::flat(Line::styled(
                    line.to_string(),
                    self.base_style(kind),
                ))),
            }
        }
        entry.lines.extend(entry.renderer.finish());
        if entry.lines.is_empty() {
            entry.lines.push(Rendered::flat(Line::default()));
        }
        let id = entry.id;
        self.entries.push(entry);
        id
    }

    /// Marks the entry `id` (a user message) as the `turn`-th turn of the conversation.
    pub fn tag_turn(&mut self, id: EntryId, turn: usize) {
        if let Some(entry) = self.entries.iter_mut().find(|entry| entry.id == id) {
            entry.turn = Some(turn);
        }
        self.latest_turn = self.latest_turn.max(turn);
    }

    /// Shows `messages` in place of everything shown so far (a session resumed, or the
    /// conversation rewound or redone). With `keep_shown`, what is shown stays, after
    /// the conversation (the notices of a session's start).
    pub fn restore(&mut self, messages: &[ConversationMessage], keep_shown: bool) {
        self.close_stream();
        let kept = if keep_shown {
            std::mem::take(&mut self.entries)
        } else {
            Vec::new()
        };
        self.clear();
        for shown in messages {
            let text = &shown.message.text;
            if shown.message.summary {
                self.push(
                    EntryKind::Notice(NoticeLevel::Info),
                    &format!("Summary of the earlier conversation:\n{text}"),
                );
            } else if shown.message.role == Role::Assistant {
                self.push(EntryKind::Assistant, text);
            } else if let Some(turn) = shown.turn {
                let id = self.push(EntryKind::User, text);
                self.tag_turn(id, turn);
            } else {
                self.push(EntryKind::Reflection, text);
            }
        }
        self.latest_turn = messages
            .iter()
            .filter_map(|message| message.turn)
            .max()
            .unwrap_or(0);
        self.entries.extend(kept);
    }

    /// The selected message's turn, counted back from the latest (1 is the latest):
    /// what `/rewind` takes.
    pub fn selected_turns_back(&self) -> Option<usize> {
        let turn = self.entries.get(self.selected?)?.turn?;
        Some(self.latest_turn.checked_sub(turn)? + 1)
    }

    /// The selected message's text.
    pub fn selected_text(&self) -> Option<&str> {
        Some(self.entries.get(self.selected?)?.source.as_str())
    }

    /// Forgets the selection.
    pub fn clear_selection(&mut self) {
        self.selected = None;
    }

    /// Appends a piece of the model's thinking, starting a new (dimmed) entry if none
    /// is streaming.
    pub fn append_reasoning(&mut self, delta: &str) {
        if self.streaming.is_some() {
            self.close_stream();
        }
        let index = match self.thinking {
            Some(index) => index,
            None => {
                let entry = self.entry(EntryKind::Reasoning);
                self.entries.push(entry);
                let index = self.entries.len() - 1;
                self.thinking = Some(index);
                index
            }
        };
        self.stream_into(index, delta);
    }

    /// Appends a piece of the model's reply, starting a new entry if none is streaming.
    pub fn append_reply(&mut self, delta: &str) {
        if self.thinking.is_some() {
            self.close_thinking();
        }
        let index = match self.streaming {
            Some(index) => index,
            None => {
                let entry = self.entry(EntryKind::Assistant);
                self.entries.push(entry);
                let index = self.entries.len() - 1;
                self.streaming = Some(index);
                index
            }
        };
        self.stream_into(index, delta);
    }

    /// Adds streamed text to entry `index`, settling each complete line.
    fn stream_into(&mut self, index: usize, delta: &str) {
        let entry = &mut self.entries[index];
        let delta = printable(delta);
        entry.source.push_str(&delta);
        entry.tail.push_str(&delta);
        // Only complete lines are settled; the tail is redrawn until its newline comes.
        while let Some(newline) = entry.tail.find('\n') {
            let line: String = entry.tail.drain(..=newline).collect();
            let line = line.trim_end_matches(['\n', '\r']);
            entry.lines.extend(entry.renderer.push_line(line));
        }
    }

    /// Ends the streaming reply, returning its full text.
    pub fn finish_reply(&mut self) -> Option<String> {
        self.close_thinking();
        let index = self.streaming?;
        self.close_stream();
        Some(self.entries[index].source.clone())
    }

    /// Whether a reply is streaming into the pane.
    pub fn is_streaming(&self) -> bool {
        self.streaming.is_some()
    }

    /// Removes every entry.
    pub fn clear(&mut self) {
        self.entries.clear();
        self.streaming = None;
        self.thinking = None;
        self.scroll = None;
        self.selected = None;
        self.selected_code = None;
    }

    /// Whether the view follows new text.
    pub fn is_following(&self) -> bool {
        self.scroll.is_none()
    }

    /// Whether the model's thinking is streaming into the pane.
    pub fn is_thinking(&self) -> bool {
        self.thinking.is_some()
    }

    fn close_thinking(&mut self) {
        if let Some(index) = self.thinking.take() {
            self.settle_tail(index);
        }
    }

    /// Renders the rest of a finished stream: its incomplete last line, a held table.
    fn settle_tail(&mut self, index: usize) {
        let entry = &mut self.entries[index];
        if !entry.tail.is_empty() {
            let tail = std::mem::take(&mut entry.tail);
            entry.lines.extend(entry.renderer.push_line(&tail));
        }
        entry.lines.extend(entry.renderer.finish());
    }

    fn close_stream(&mut self) {
        self.close_thinking();
        if let Some(index) = self.streaming.take() {
            self.settle_tail(index);
        }
    }

    fn entry(&mut self, kind: EntryKind) -> Entry {
        let id = self.next_id;
        self.next_id += 1;
        Entry {
            id,
            kind,
            turn: None,
            source: String::new(),
            lines: Vec::new(),
            tail: String::new(),
            renderer: MarkdownRenderer::new(self.palette, &self.styles, self.base_style(kind)),
        }
    }

    fn base_style(&self, kind: EntryKind) -> Style {
        match kind {
            EntryKind::User => self.styles.user,
            EntryKind::Assistant => self.styles.assistant,
            EntryKind::Notice(NoticeLevel::Info) => self.styles.info,
            EntryKind::Notice(NoticeLevel::Warn) => self.styles.warn,
            EntryKind::Notice(NoticeLevel::Error) => self.styles.error,
            EntryKind::Reflection => self.styles.dim,
            EntryKind::Command => self.styles.text,
            EntryKind::Reasoning => self.styles.dim,
        }
    }

    /// Every logical line to show, in order (entries separated by blank lines), with
    /// the indent its wrapped rows hang at and the entry it belongs to. The model's lines
    /// are borrowed, so a long chat costs pointers, not copies.
    fn logical_lines(&self) -> Vec<(Cow<'_, Line<'static>>, usize, usize)> {
        let mut out: Vec<(Cow<'_, Line<'static>>, usize, usize)> = Vec::new();
        for (index, entry) in self.entries.iter().enumerate() {
            if index > 0 && !matches!(entry.kind, EntryKind::Notice(_)) {
                out.push((Cow::Owned(Line::default()), 0, index));
            }
            let marker = match entry.kind {
                EntryKind::User => Some(Span::styled("› ", self.styles.user)),
                EntryKind::Notice(NoticeLevel::Info) => Some(Span::styled("· ", self.styles.info)),
                EntryKind::Notice(NoticeLevel::Warn) => Some(Span::styled("! ", self.styles.warn)),
                EntryKind::Notice(NoticeLevel::Error) => {
                    Some(Span::styled("✗ ", self.styles.error))
                }
                EntryKind::Reflection => Some(Span::styled("↻ ", self.styles.dim)),
                EntryKind::Reasoning => Some(Span::styled("┊ ", self.styles.dim)),
                EntryKind::Assistant | EntryKind::Command => None,
            };
            let selected = self.selected == Some(index);
            let code = self
                .selected_code
                .filter(|(entry, _)| *entry == index)
                .and_then(|(_, block)| entry.renderer.code_blocks().get(block));
            for (number, rendered) in entry.lines.iter().enumerate() {
                let line = &rendered.line;
                if code.is_some_and(|code| (code.first..=code.last).contains(&number)) {
                    // The selected code block's frame stands out.
                    let mut line = line.clone();
                    if let Some(frame) = line.spans.first_mut() {
                        frame.style = frame.style.patch(self.styles.selection);
                    }
                    out.push((Cow::Owned(line), rendered.hang, index));
                    continue;
                }
                match &marker {
                    Some(marker) => {
                        let lead = if number == 0 {
                            marker.clone()
                        } else {
                            Span::raw("  ")
                        };
                        let mut spans = vec![lead];
                        spans.extend(line.spans.iter().cloned());
                        if selected {
                            for span in &mut spans {
                                span.style = span.style.patch(self.styles.selection);
                            }
                        }
                        out.push((
                            Cow::Owned(Line::from(spans).style(line.style)),
                            2 + rendered.hang,
                            index,
                        ));
                    }
                    None => out.push((Cow::Borrowed(line), rendered.hang, index)),
                }
            }
            for held in entry.renderer.pending() {
                out.push((Cow::Owned(held.line), held.hang, index));
            }
            if !entry.tail.is_empty() {
                out.push((
                    Cow::Owned(entry.renderer.preview_line(&entry.tail)),
                    0,
                    index,
                ));
            }
        }
        self.queued_lines(&mut out);
        out
    }

    /// The queued messages, after every entry (so never inside a streaming reply).
    fn queued_lines(&self, out: &mut Vec<(Cow<'_, Line<'static>>, usize, usize)>) {
        for (number, text) in self.queued.iter().enumerate() {
            let index = self.entries.len() + number;
            out.push((Cow::Owned(Line::default()), 0, index));
            for (row, line) in text.lines().enumerate() {
                let lead = if row == 0 { "⧗ " } else { "  " };
                let line = Line::from(vec![
                    Span::styled(lead, self.styles.dim),
                    Span::styled(line.to_string(), self.styles.user),
                ]);
                out.push((Cow::Owned(line), 2, index));
            }
            let mut note = "  queued: sent when the turn ends".to_string();
            if number + 1 == self.queued.len() && !self.queue_hint.is_empty() {
                note.push_str(" · ");
                note.push_str(&self.queue_hint);
            }
            out.push((Cow::Owned(Line::styled(note, self.styles.dim)), 2, index));
        }
    }

    /// Moves to the next line matching `query` (`step` -1: older, 1: newer), from the
    /// current match, or from the newest line when `fresh`; scrolls it into view.
    /// Returns whether one matched.
    pub fn find(&mut self, query: &str, step: isize, fresh: bool) -> bool {
        let (width, height) = self.viewport.get();
        let (width, height) = (usize::from(width).max(1), usize::from(height).max(1));
        let lines = self.logical_lines();
        let texts: Vec<String> = lines.iter().map(|(line, _, _)| line.to_string()).collect();
        let rows: Vec<usize> = lines
            .iter()
            .map(|(line, hanging, _)| row_count(line, width, *hanging))
            .collect();
        drop(lines);
        let from = if fresh { None } else { self.found };
        let from = from.filter(|at| *at < texts.len());
        let found = next_match(texts.len(), from, step, |row| contains(&texts[row], query));
        self.found = found;
        let Some(at) = found else {
            return false;
        };
        let start: usize = rows[..at].iter().sum();
        let bottom_top = rows.iter().sum::<usize>().saturating_sub(height);
        // A third down the pane, so what led to it shows too.
        let top = start.saturating_sub(height / 3);
        self.scroll = (top < bottom_top).then_some(top);
        true
    }

    /// The search ended: no match is current.
    pub fn end_search(&mut self) {
        self.found = None;
    }

    fn total_rows(&self, width: usize) -> usize {
        self.logical_lines()
            .iter()
            .map(|(line, hanging, _)| row_count(line, width, *hanging))
            .sum()
    }

    /// The first row of entry `index` and how many rows it takes.
    fn entry_rows(&self, index: usize, width: usize) -> (usize, usize) {
        let mut start = 0;
        let mut rows = 0;
        for (line, hanging, entry) in self.logical_lines() {
            let count = row_count(&line, width, hanging);
            match entry.cmp(&index) {
                std::cmp::Ordering::Less => start += count,
                std::cmp::Ordering::Equal => rows += count,
                std::cmp::Ordering::Greater => break,
            }
        }
        (start, rows)
    }

    /// Moves the selection to the previous (`back`) or next user message that is a
    /// turn of the conversation, and scrolls it into view. Returns whether one is
    /// selected.
    pub fn select_message(&mut self, back: bool) -> bool {
        let selectable = |entry: &Entry| entry.kind == EntryKind::User && entry.turn.is_some();
        let found = match (self.selected, back) {
            (None, _) => self.entries.iter().rposition(selectable),
            (Some(at), true) => self.entries[..at].iter().rposition(selectable),
            (Some(at), false) => self
                .entries
                .iter()
                .enumerate()
                .skip(at + 1)
                .find(|(_, entry)| selectable(entry))
                .map(|(index, _)| index),
        };
        let Some(index) = found.or(self.selected) else {
            return false;
        };
        self.selected = Some(index);
        let (width, height) = self.viewport.get();
        let (width, height) = (usize::from(width).max(1), usize::from(height).max(1));
        let total = self.total_rows(width);
        let bottom_top = total.saturating_sub(height);
        let top = self.scroll.unwrap_or(bottom_top);
        let (start, rows) = self.entry_rows(index, width);
        let wanted = if start < top {
            start
        } else if start + rows.min(height) > top + height {
            start + rows.min(height) - height
        } else {
            top
        };
        self.scroll = (wanted < bottom_top).then_some(wanted);
        true
    }

    /// Every code block of the chat in order, as (entry, block in the entry).
    fn code_blocks(&self) -> Vec<(usize, usize)> {
        self.entries
            .iter()
            .enumerate()
            .flat_map(|(entry, shown)| {
                (0..shown.renderer.code_blocks().len()).map(move |block| (entry, block))
            })
            .collect()
    }

    /// Selects the previous (`back`) or next code block (the last one when none is
    /// selected) and scrolls it into view.
    pub fn select_code(&mut self, back: bool) {
        let blocks = self.code_blocks();
        let at = self
            .selected_code
            .and_then(|selected| blocks.iter().position(|block| *block == selected));
        let next = match (at, back) {
            (None, _) => blocks.len().checked_sub(1),
            (Some(at), true) => Some(at.saturating_sub(1)),
            (Some(at), false) => Some((at + 1).min(blocks.len().saturating_sub(1))),
        };
        let Some(&(entry, block)) = next.and_then(|next| blocks.get(next)) else {
            return;
        };
        self.selected_code = Some((entry, block));
        let Some(code) = self.entries[entry].renderer.code_blocks().get(block) else {
            return;
        };
        let (first, last) = (code.first, code.last);
        let (width, height) = self.viewport.get();
        let (width, height) = (usize::from(width).max(1), usize::from(height).max(1));
        let (start, _) = self.entry_rows(entry, width);
        // An entry after the first starts with a blank separator row.
        let start = start + usize::from(entry > 0);
        let lines = &self.entries[entry].lines;
        let rows_of = |line: &Rendered| row_count(&line.line, width, line.hang);
        let last = last.min(lines.len().saturating_sub(1));
        let first = first.min(last);
        let top = start + lines[..first].iter().map(rows_of).sum::<usize>();
        let rows: usize = lines[first..=last].iter().map(rows_of).sum();
        let bottom_top = self.total_rows(width).saturating_sub(height);
        let current = self.scroll.unwrap_or(bottom_top);
        let wanted = if top < current {
            top
        } else if top + rows.min(height) > current + height {
            top + rows.min(height) - height
        } else {
            current
        };
        self.scroll = (wanted < bottom_top).then_some(wanted);
    }

    /// The selected code block's text, selecting the chat's last block when none is.
    pub fn selected_code_text(&mut self) -> Option<String> {
        if self.selected_code.is_none() {
            self.select_code(true);
        }
        let (entry, block) = self.selected_code?;
        Some(
            self.entries
                .get(entry)?
                .renderer
                .code_blocks()
                .get(block)?
                .text
                .clone(),
        )
    }

    /// Handles a key action; returns whether it was used.
    pub fn on_action(&mut self, action: Action) -> bool {
        let (width, height) = self.viewport.get();
        let (width, height) = (usize::from(width), usize::from(height).max(1));
        let total = self.total_rows(width);
        let bottom_top = total.saturating_sub(height);
        let current = self.scroll.unwrap_or(bottom_top);
        let target = match action {
            Action::PrevMessage | Action::NextMessage => {
                self.select_message(action == Action::PrevMessage);
                return true;
            }
            Action::PrevCodeBlock | Action::NextCodeBlock => {
                self.select_code(action == Action::PrevCodeBlock);
                return true;
            }
            Action::Up => current.saturating_sub(1),
            Action::Down => current + 1,
            Action::PageUp => current.saturating_sub(height.saturating_sub(1).max(1)),
            Action::PageDown => current + height.saturating_sub(1).max(1),
            Action::Top => 0,
            Action::Bottom => bottom_top,
            _ => return false,
        };
        // Reaching the bottom resumes following.
        self.scroll = (target < bottom_top).then_some(target);
        true
    }

    /// Draws the pane.
    pub fn draw(&self, frame: &mut Frame, area: Rect, context: DrawContext) {
        let note = if self.selected.is_some() && context.focused {
            Some(context.hints.chat_message.clone())
        } else if self.selected_code.is_some() && context.focused {
            Some(context.hints.chat_code.clone())
        } else {
            (!self.is_following()).then(|| context.hints.chat_scrolled.clone())
        };
        let block = context.block("Chat", note);
        let inner = block.inner(area);
        frame.render_widget(block, area);
        self.viewport.set((inner.width, inner.height));
        let width = usize::from(inner.width).max(1);
        let height = usize::from(inner.height);
        if height == 0 {
            return;
        }
        let mut lines = self.logical_lines();
        if let Some(query) = context.search {
            for (number, (line, _, _)) in lines.iter_mut().enumerate() {
                if contains(&line.to_string(), query) {
                    let style = match_style(self.found == Some(number));
                    *line = Cow::Owned(highlight(line, query, style));
                }
            }
        }
        if lines.is_empty() {
            let hint = Line::styled(context.hints.welcome.clone(), self.styles.dim);
            frame.render_widget(Paragraph::new(hint), inner);
            return;
        }
        let rows: Vec<Line> = match self.scroll {
            None => {
                let mut rows = Vec::new();
                for (line, hanging, _) in lines.iter().rev() {
                    let mut wrapped = wrap_line(line, width, *hanging);
                    wrapped.reverse();
                    rows.extend(wrapped);
                    if rows.len() >= height {
                        break;
                    }
                }
                rows.truncate(height);
                rows.reverse();
                rows
            }
            Some(top) => {
                let mut rows = Vec::new();
                let mut seen = 0;
                for (line, hanging, _) in &lines {
                    let count = row_count(line, width, *hanging);
                    if seen + count <= top {
                        seen += count;
                        continue;
                    }
                    let wrapped = wrap_line(line, width, *hanging);
                    let skip = top.saturating_sub(seen);
                    seen += count;
                    rows.extend(wrapped.into_iter().skip(skip));
                    if rows.len() >= height {
                        break;
                    }
                }
                rows.truncate(height);
                rows
            }
        };
        frame.render_widget(Paragraph::new(rows), inner);
    }
}

impl Component for ChatPane {
    fn title(&self) -> &'static str {
        "Chat"
    }

    fn draw(&self, frame: &mut Frame, area: Rect, context: &DrawContext) {
        ChatPane::draw(self, frame, area, *context);
    }

    fn handle(&mut self, action: Action, _bus: &mut Vec<AppEvent>) -> Handled {
        self.on_action(action).into()
    }

    fn searchable(&self) -> bool {
        true
    }

    fn find(&mut self, query: &str, step: isize, fresh: bool) -> bool {
        // The chat reads from the newest up: the next match is an older one.
        ChatPane::find(self, query, -step, fresh)
    }

    fn end_search(&mut self) {
        ChatPane::end_search(self);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::theme::Theme;

    fn pane() -> ChatPane {
        let theme = Theme::load("dark", false).unwrap();
        ChatPane::new(Palette::for_theme(&theme), theme.styles)
    }

    #[test]
    fn a_reply_split_anywhere_renders_like_the_whole_reply() {
        let reply = "## Plan\nChange `greet`:\n\nsrc/greet.py\n```python\n<<<<<<< SEARCH\n    print('hi')\n=======\n    print('héllo — 日本')\n>>>>>>> REPLACE\n```\n- done **now**";
        let mut whole = pane();
        whole.append_reply(reply);
        whole.finish_reply();
        let expected = whole.entries[0].lines.clone();
        for (split, _) in reply.char_indices().skip(1) {
            let mut pieces = pane();
            pieces.append_reply(&reply[..split]);
            pieces.append_reply(&reply[split..]);
            assert_eq!(pieces.finish_reply().as_deref(), Some(reply));
            assert_eq!(pieces.entries[0].lines, expected, "split at byte {split}");
        }
    }

    #[test]
    fn the_incomplete_line_shows_while_streaming() {
        let mut chat = pane();
        chat.append_reply("first line\nsecond, still comi");
        let shown: Vec<String> = chat
            .logical_lines()
            .iter()
            .map(|(line, _, _)| line.to_string())
            .collect();
        assert_eq!(shown, ["first line", "second, still comi"]);
        assert!(chat.is_streaming());
    }
}
