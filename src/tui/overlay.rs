//! What draws on top of the panes: the help, a yes/no dialog, the file finder, the
//! session picker.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

use std::sync::Arc;

use unicode_segmentation::UnicodeSegmentation;

use super::app_event::Confirmation;
use super::file_search::FileSearch;
use super::fuzzy;
use super::keymap::{Action, KeyContext, Keymap};
use super::theme::Styles;
use crate::protocol::SessionInfo;
use crate::text::{printable, session_line};

/// At most this many finder results are listed.
const FINDER_RESULTS: usize = 200;

/// Lists up to this long are ranked on the keystroke itself, which takes well under a
/// millisecond (BENCHMARKS.md); longer ones on the finder's own thread, so typing never
/// waits for a large repository.
const RANK_INLINE_UP_TO: usize = 2_000;

/// The fuzzy file finder's state.
#[derive(Default)]
pub struct Finder {
    pub query: String,
    pub read_only: bool,
    pub selected: usize,
    files: Arc<[String]>,
    matches: Vec<String>,
    /// The files already in the chat, marked in the list.
    in_chat: Vec<String>,
    /// The matcher thread, for long lists.
    search: Option<FileSearch>,
}

impl std::fmt::Debug for Finder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Finder")
            .field("query", &self.query)
            .field("read_only", &self.read_only)
            .field("files", &self.files.len())
            .field("matches", &self.matches.len())
            .finish_non_exhaustive()
    }
}

impl Finder {
    /// A finder for adding files (read-only or editable).
    pub fn new(read_only: bool, files: Arc<[String]>, in_chat: Vec<String>) -> Finder {
        let mut finder = Finder {
            read_only,
            in_chat,
            ..Finder::default()
        };
        finder.set_files(files);
        finder
    }

    /// The repository's files changed: searches them from now on.
    pub fn set_files(&mut self, files: Arc<[String]>) {
        self.search = None;
        if files.len() > RANK_INLINE_UP_TO {
            match FileSearch::start(Arc::clone(&files), FINDER_RESULTS) {
                Ok(search) => self.search = Some(search),
                Err(error) => {
                    tracing::warn!(%error, "no finder thread; ranking on the UI thread")
                }
            }
        }
        self.files = files;
        self.update();
    }

    /// The query changed: ranks at once for a short list, else asks the matcher thread
    /// (its results arrive through [`Finder::take_results`]).
    pub fn update(&mut self) {
        match &mut self.search {
            Some(search) => search.search(&self.query),
            None => {
                let ranked = fuzzy::rank(&self.query, &self.files, FINDER_RESULTS);
                let matches = ranked.into_iter().cloned().collect();
                self.show(matches);
            }
        }
    }

    /// Shows the matcher thread's results if they have arrived (never waits); true if
    /// the list changed.
    pub fn take_results(&mut self) -> bool {
        let found = self.search.as_mut().and_then(FileSearch::take_results);
        match found {
            Some(found) => {
                self.show(found.matches);
                true
            }
            None => false,
        }
    }

    /// Whether the list shown is still that of an earlier query.
    pub fn searching(&self) -> bool {
        self.search.as_ref().is_some_and(FileSearch::searching)
    }

    fn show(&mut self, matches: Vec<String>) {
        self.matches = matches;
        self.selected = self.selected.min(self.matches.len().saturating_sub(1));
    }

    /// The highlighted file. Choosing is the one moment that waits for the newest
    /// query's results, so Enter never adds a file from an out-of-date list.
    pub fn choice(&mut self) -> Option<&String> {
        if self.searching() {
            let ranked = fuzzy::rank(&self.query, &self.files, FINDER_RESULTS);
            let matches = ranked.into_iter().cloned().collect();
            self.show(matches);
            // The thread's answer for this query is no longer needed.
            self.search = None;
        }
        self.matches.get(self.selected)
    }

    /// Moves the highlight.
    pub fn move_by(&mut self, step: isize) {
        let last = self.matches.len().saturating_sub(1);
        self.selected = self.selected.saturating_add_signed(step).min(last);
    }
}

/// The saved sessions to pick one from (`/sessions`).
#[derive(Debug, Default)]
pub struct SessionPicker {
    pub sessions: Vec<SessionInfo>,
    pub selected: usize,
}

impl SessionPicker {
    /// A picker over `sessions` (most recently active first), the first one highlighted.
    pub fn new(sessions: Vec<SessionInfo>) -> SessionPicker {
        SessionPicker {
            sessions,
            selected: 0,
        }
    }

    /// Moves the highlight.
    pub fn move_by(&mut self, step: isize) {
        let last = self.sessions.len().saturating_sub(1);
        self.selected = self.selected.saturating_add_signed(step).min(last);
    }

    /// The highlighted session.
    pub fn choice(&self) -> Option<&SessionInfo> {
        self.sessions.get(self.selected)
    }
}

/// A centred rectangle of at most `width`×`height`.
fn centred(area: Rect, width: u16, height: u16) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    Rect {
        x: area.x + (area.width - width) / 2,
        y: area.y + (area.height - height) / 2,
        width,
        height,
    }
}

fn frame_block(title: &str, styles: &Styles) -> Block<'static> {
    Block::default()
        .borders(Borders::ALL)
        .border_style(styles.border_focused)
        .title(Span::styled(format!(" {title} "), styles.title))
}

/// Draws a yes/no dialog.
pub fn draw_confirmation(
    frame: &mut Frame,
    area: Rect,
    confirmation: &Confirmation,
    keymap: &Keymap,
    styles: &Styles,
) {
    // Tall enough for the whole question (a rewind lists the commits it undoes).
    let width = 70.min(area.width);
    let text_rows = textwrap::wrap(
        &confirmation.text,
        usize::from(width.saturating_sub(2)).max(1),
    )
    .len();
    let height = u16::try_from(text_rows + 4).unwrap_or(u16::MAX).max(7);
    let rect = centred(area, width, height);
    frame.render_widget(Clear, rect);
    let block = frame_block("Confirm", styles);
    let inner = block.inner(rect);
    frame.render_widget(block, rect);
    let [text_area, keys_area] =
        Layout::vertical([Constraint::Min(1), Constraint::Length(1)]).areas(inner);
    frame.render_widget(
        Paragraph::new(confirmation.text.clone())
            .style(styles.text)
            .wrap(Wrap { trim: true }),
        text_area,
    );
    frame.render_widget(
        Paragraph::new(Line::from(vec![
            Span::styled(keys(keymap, Action::Yes), styles.accepted),
            Span::styled(" yes   ", styles.dim),
            Span::styled(keys(keymap, Action::No), styles.rejected),
            Span::styled(" no", styles.dim),
        ])),
        keys_area,
    );
}

/// A dialog's keys for an answer, as the keymap binds them: `n / Esc`.
fn keys(keymap: &Keymap, action: Action) -> String {
    keymap.keys_for(KeyContext::Dialog, action).join(" / ")
}

/// Draws the session picker.
pub fn draw_session_picker(
    frame: &mut Frame,
    area: Rect,
    picker: &SessionPicker,
    keymap: &Keymap,
    styles: &Styles,
) {
    let rect = centred(area, 150, area.height.saturating_sub(4).max(6));
    frame.render_widget(Clear, rect);
    let title = format!(
        "Sessions — {} resumes, {} closes (* is this one)",
        keymap.key_label(KeyContext::List, Action::Choose),
        keymap.key_label(KeyContext::List, Action::Close),
    );
    let block = frame_block(&title, styles);
    let inner = block.inner(rect);
    frame.render_widget(block, rect);
    let height = usize::from(inner.height);
    let skip = (picker.selected + 1).saturating_sub(height);
    let mut lines: Vec<Line> = picker
        .sessions
        .iter()
        .enumerate()
        .skip(skip)
        .take(height)
        .map(|(index, session)| {
            let style = if index == picker.selected {
                styles.text.patch(styles.selection)
            } else {
                styles.text
            };
            Line::styled(
                crate::text::printable(&session_line(session)).into_owned(),
                style,
            )
        })
        .collect();
    if lines.is_empty() {
        lines.push(Line::styled("No saved sessions yet.", styles.dim));
    }
    frame.render_widget(Paragraph::new(lines), inner);
}

impl Finder {
    /// "3 of 120 files", "200+ of 9000 files" when the list is cut.
    fn count_words(&self) -> String {
        let more = if self.matches.len() >= FINDER_RESULTS {
            "+"
        } else {
            ""
        };
        format!(
            "  {}{more} of {} files",
            self.matches.len(),
            self.files.len()
        )
    }

    /// One path: the query's letters stand out, a file already in the chat is marked.
    fn row(&self, path: &str, selected: bool, styles: &Styles) -> Line<'static> {
        let base = if selected {
            styles.text.patch(styles.selection)
        } else {
            styles.text
        };
        let hit = base.patch(styles.heading).add_modifier(Modifier::BOLD);
        let matched = fuzzy::matched_chars(&self.query, path);
        let mut spans: Vec<Span<'static>> = Vec::new();
        // Cluster by cluster, so a style never splits an emoji (a cluster stands out
        // when the matcher, which counts chars, matched any of its chars).
        let mut at = 0;
        for cluster in path.graphemes(true) {
            let chars = cluster.chars().count();
            let hit_here = (at..at + chars).any(|index| matched.binary_search(&index).is_ok());
            at += chars;
            let style = if hit_here { hit } else { base };
            let shown = printable(cluster).into_owned();
            match spans.last_mut() {
                Some(span) if span.style == style => span.content.to_mut().push_str(&shown),
                _ => spans.push(Span::styled(shown, style)),
            }
        }
        if self.in_chat.iter().any(|known| known == path) {
            spans.push(Span::styled("  in the chat", styles.dim));
        }
        Line::from(spans)
    }
}

/// Draws the file finder.
pub fn draw_finder(
    frame: &mut Frame,
    area: Rect,
    finder: &Finder,
    keymap: &Keymap,
    styles: &Styles,
) {
    let rect = centred(area, 80, area.height.saturating_sub(4).max(6));
    frame.render_widget(Clear, rect);
    let key = |action| keymap.key_label(KeyContext::List, action);
    let (choose, close) = (key(Action::Choose), key(Action::Close));
    let title = if finder.read_only {
        format!("Add read-only file — {choose} adds, {close} closes")
    } else {
        let toggle = key(Action::ToggleReadOnly);
        format!("Add file — {choose} adds, {toggle} read-only, {close} closes")
    };
    let block = frame_block(&title, styles);
    let inner = block.inner(rect);
    frame.render_widget(block, rect);
    let [query_area, list_area] =
        Layout::vertical([Constraint::Length(1), Constraint::Min(0)]).areas(inner);
    frame.render_widget(
        Paragraph::new(Line::from(vec![
            Span::styled("› ", styles.user),
            Span::styled(finder.query.clone(), styles.text),
            Span::styled("█", styles.dim),
            Span::styled(
                if finder.searching() && !finder.matches.is_empty() {
                    "  searching…".to_string()
                } else {
                    finder.count_words()
                },
                styles.dim,
            ),
        ])),
        query_area,
    );
    let height = usize::from(list_area.height);
    let skip = (finder.selected + 1).saturating_sub(height);
    let mut lines: Vec<Line> = finder
        .matches
        .iter()
        .enumerate()
        .skip(skip)
        .take(height)
        .map(|(index, path)| finder.row(path, index == finder.selected, styles))
        .collect();
    if lines.is_empty() {
        let note = if finder.searching() {
            "Searching…"
        } else {
            "No matching files."
        };
        lines.push(Line::styled(note, styles.dim));
    }
    frame.render_widget(Paragraph::new(lines), list_area);
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::*;

    fn files(count: usize) -> Arc<[String]> {
        (0..count)
            .map(|n| format!("src/area_{}/item_{n}.rs", n % 41))
            .collect()
    }

    fn typed(finder: &mut Finder, text: &str) {
        for c in text.chars() {
            finder.query.push(c);
            finder.update();
        }
    }

    #[test]
    fn short_lists_are_ranked_on_the_keystroke() {
        let mut finder = Finder::new(false, files(100), Vec::new());
        assert_eq!(finder.matches.len(), 100);
        typed(&mut finder, "item_42");
        assert!(!finder.searching());
        assert_eq!(finder.matches[0], "src/area_1/item_42.rs");
    }

    #[test]
    fn long_lists_are_ranked_off_the_keystroke_and_shown_when_ready() {
        let mut finder = Finder::new(false, files(80_000), Vec::new());
        typed(&mut finder, "item_4242");
        // The keystrokes only queued the query (file_search.rs proves they never wait);
        // the results arrive with a later frame.
        let give_up = Instant::now() + Duration::from_secs(30);
        while !finder.take_results() {
            assert!(finder.searching());
            assert!(Instant::now() < give_up, "no results");
            std::thread::sleep(Duration::from_millis(2));
        }
        assert!(!finder.searching());
        assert_eq!(finder.matches[0], "src/area_19/item_4242.rs");
    }

    #[test]
    fn enter_never_chooses_from_an_out_of_date_list() {
        let mut finder = Finder::new(false, files(80_000), Vec::new());
        typed(&mut finder, "item_77777");
        // Chosen at once, before the thread answered (or after: the same file either way).
        assert_eq!(
            finder.choice().map(String::as_str),
            Some("src/area_0/item_77777.rs")
        );
        assert!(!finder.searching());
    }
}
