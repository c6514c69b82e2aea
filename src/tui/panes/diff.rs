//! The diff pane: the live preview of blocks as the reply streams, the review of a
//! reply's edits (see `review`: nothing touches disk until decided), and a commit's
//! diff from the log. Every diff shown is the engine's hunks; this pane reads no file.

use std::cell::Cell;

use ratatui::Frame;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use crate::protocol::{
    BlockId, BlockState, DiffSource, EditPreview, FileDiff, Review, ReviewBlock,
};
use crate::text::printable;
use crate::tui::app_event::AppEvent;
use crate::tui::diff_view::{DiffLayout, DiffScroll, DiffView, FileHunks};
use crate::tui::highlight::Palette;
use crate::tui::hints::Hints;
use crate::tui::keymap::Action;
use crate::tui::pane::{Component, DrawContext, Handled};
use crate::tui::theme::Styles;

use super::review::ReviewPanel;

/// Columns one `h`/`l` moves long lines sideways.
const COLUMN_STEP: usize = 8;

struct PreviewBlock {
    preview: EditPreview,
    view: DiffView,
}

/// How many lines of a commit's message its diff's header shows.
const MESSAGE_LINES: usize = 12;

/// A commit's diff, or the working tree's (`/diff`), with what it is of.
struct ShownCommit {
    id: String,
    /// `None`: the engine did not say; a file shown to read has no source.
    source: Option<DiffSource>,
    /// A file's text (the files pane's Enter), not a change.
    file: bool,
    view: DiffView,
}

impl ShownCommit {
    /// What the diff is of, its size, and a commit's whole message.
    fn header(&self, styles: &Styles, hints: &Hints) -> Vec<Line<'static>> {
        let short = |id: &str| id.chars().take(12).collect::<String>();
        let size = Span::styled(
            if self.file {
                format!("  {}", hints.file_shown)
            } else {
                format!("  +{} -{}", self.view.added, self.view.removed)
            },
            styles.dim,
        );
        let (what, id) = match &self.source {
            Some(DiffSource::WorkingTree { base: None, .. }) => {
                ("working tree, every file (no commit before it)", None)
            }
            Some(DiffSource::WorkingTree {
                base: Some(base),
                last_turn,
            }) => (
                if *last_turn {
                    "working tree since the last turn's start, "
                } else {
                    "uncommitted changes since HEAD "
                },
                Some(short(base)),
            ),
            None if self.file => ("file ", Some(printable(&self.id).into_owned())),
            Some(DiffSource::Commit { .. }) | None => ("commit ", Some(short(&self.id))),
        };
        let mut first = vec![Span::styled(what, styles.dim)];
        if let Some(id) = id {
            first.push(Span::styled(id, styles.title));
        }
        first.push(size);
        let mut lines = vec![Line::from(first)];
        if let Some(DiffSource::Commit { message }) = &self.source {
            // The header takes at most half the pane; a long message is cut here.
            let mut rows: Vec<String> = printable(message.trim_end())
                .lines()
                .take(MESSAGE_LINES)
                .map(str::to_string)
                .collect();
            if let Some(subject) = rows.first_mut() {
                lines.push(Line::styled(std::mem::take(subject), styles.title));
            }
            lines.extend(
                rows.into_iter()
                    .skip(1)
                    .map(|row| Line::styled(row, styles.text)),
            );
        }
        lines
    }
}

/// The diff pane.
pub struct DiffPane {
    palette: Palette,
    styles: Styles,
    previews: Vec<PreviewBlock>,
    review: Option<ReviewPanel>,
    commit: Option<ShownCommit>,
    layout: DiffLayout,
    scroll: usize,
    /// The first column of the lines' text shown (long lines scrolled sideways).
    column: usize,
    /// Long lines wrap instead of being cut (then `column` is not used).
    wrap: bool,
    viewport: Cell<(u16, u16)>,
}

impl DiffPane {
    /// An empty pane.
    pub fn new(palette: Palette, styles: Styles) -> Self {
        DiffPane {
            palette,
            styles,
            previews: Vec::new(),
            review: None,
            commit: None,
            layout: DiffLayout::default(),
            scroll: 0,
            column: 0,
            wrap: false,
            viewport: Cell::new((160, 60)),
        }
    }

    /// A new turn: previews and the ended review go.
    pub fn begin_turn(&mut self) {
        self.previews.clear();
        if self.review.as_ref().is_some_and(|review| review.finished) {
            self.review = None;
        }
        self.scroll = 0;
        self.column = 0;
    }

    /// A block of the streaming reply grew (the engine placed it in its file).
    pub fn on_preview(&mut self, preview: EditPreview) {
        let view = DiffView::from_files(
            &[FileHunks {
                path: &preview.path,
                header: None,
                hunks: &preview.hunks,
            }],
            self.palette,
        );
        match self
            .previews
            .iter_mut()
            .find(|block| block.preview.id == preview.id)
        {
            Some(block) => *block = PreviewBlock { preview, view },
            None => {
                self.previews.push(PreviewBlock { preview, view });
                self.previews.sort_by_key(|block| block.preview.id);
            }
        }
    }

    /// Colours what the next frame shows (the view's size is from the last frame).
    pub fn prepare(&mut self) {
        let height = usize::from(self.viewport.get().1).max(1);
        let layout = self.layout;
        let scroll = self.scroll;
        if let Some(review) = &mut self.review {
            if let Some(view) = review.view() {
                view.colour_rows(layout, scroll, height);
            }
        } else if let Some(block) = self.previews.last_mut() {
            let rows = block.view.row_count(layout);
            block
                .view
                .colour_rows(layout, rows.saturating_sub(height), height);
        } else if let Some(ShownCommit { view, .. }) = &mut self.commit {
            view.colour_rows(layout, scroll, height);
        }
    }

    /// A review started: it takes the pane, at its first pending block.
    pub fn start_review(&mut self, review: Review) {
        self.review = Some(ReviewPanel::new(review, self.palette));
        self.scroll = 0;
        self.column = 0;
    }

    /// The engine re-planned or decided blocks of the review.
    pub fn update_review(
        &mut self,
        id: crate::protocol::ReviewId,
        blocks: Vec<ReviewBlock>,
        tell: bool,
    ) {
        if let Some(review) = self.review.as_mut().filter(|review| review.id == id) {
            review.update(blocks, tell);
        }
    }

    /// The engine planned a draft of a block being edited.
    pub fn review_draft(
        &mut self,
        id: crate::protocol::ReviewId,
        block: BlockId,
        state: BlockState,
    ) {
        if let Some(review) = self.review.as_mut().filter(|review| review.id == id) {
            review.draft(block, state);
        }
    }

    /// The engine ended the review.
    pub fn end_review(&mut self, id: crate::protocol::ReviewId) {
        if let Some(review) = self.review.as_mut().filter(|review| review.id == id) {
            review.finished = true;
        }
    }

    /// Whether a review waits for decisions.
    pub fn is_reviewing(&self) -> bool {
        self.review.as_ref().is_some_and(|review| !review.finished)
    }

    /// Whether a block's text is being edited in the pane (keys go to the editor).
    pub fn is_editing(&self) -> bool {
        self.review.as_ref().is_some_and(ReviewPanel::is_editing)
    }

    /// A key for the inline editor, with what the editor's keymap binds it to.
    pub fn editor_key(&mut self, key: KeyEvent, action: Option<Action>, bus: &mut Vec<AppEvent>) {
        if let Some(review) = self.review.as_mut() {
            review.editor_key(key, action, bus);
        }
    }

    /// The text a block came back with from `$EDITOR`.
    pub fn edited_externally(
        &mut self,
        id: crate::protocol::ReviewId,
        block: BlockId,
        text: String,
        bus: &mut Vec<AppEvent>,
    ) {
        if let Some(review) = self
            .review
            .as_mut()
            .filter(|review| review.id == id && !review.finished)
        {
            review.edited_externally(block, text, bus);
        }
    }

    /// A commit's diff arrived.
    pub fn show_commit(&mut self, commit: String, files: &[FileDiff], source: Option<DiffSource>) {
        let shown: Vec<FileHunks> = files
            .iter()
            .map(|file| FileHunks {
                path: &file.path,
                header: Some(match (&file.old_path, file.binary) {
                    (_, true) => format!("{} (binary)", file.path),
                    (Some(old), false) => format!("{old} → {}", file.path),
                    (None, false) => file.path.clone(),
                }),
                hunks: &file.hunks,
            })
            .collect();
        self.commit = Some(ShownCommit {
            id: commit,
            source,
            file: false,
            view: DiffView::from_files(&shown, self.palette),
        });
        if !self.is_reviewing() {
            self.review = None;
            self.previews.clear();
            self.scroll = 0;
            self.column = 0;
        }
    }

    /// A file to look at (the files pane's Enter): its lines, numbered, in the pane.
    pub fn show_file(&mut self, path: &str, text: &str) {
        let hunk = crate::diff::Hunk {
            old_start: 1,
            new_start: 1,
            lines: text.lines().map(crate::diff::context).collect(),
        };
        let view = DiffView::from_files(
            &[FileHunks {
                path,
                header: None,
                hunks: std::slice::from_ref(&hunk),
            }],
            self.palette,
        );
        self.commit = Some(ShownCommit {
            id: path.to_string(),
            source: None,
            file: true,
            view,
        });
        if !self.is_reviewing() {
            self.review = None;
            self.previews.clear();
            self.scroll = 0;
            self.column = 0;
        }
    }

    /// Handles a key action; returns whether it was used.
    pub fn on_action(&mut self, action: Action, bus: &mut Vec<AppEvent>) -> bool {
        let page = usize::from(self.viewport.get().1).saturating_sub(1).max(1);
        match action {
            Action::ToggleLayout => {
                self.layout = match self.layout {
                    DiffLayout::Unified => DiffLayout::SideBySide,
                    DiffLayout::SideBySide => DiffLayout::Unified,
                };
                self.scroll = 0;
                self.column = 0;
            }
            Action::ScrollLeft => self.column = self.column.saturating_sub(COLUMN_STEP),
            Action::ScrollRight => {
                let most = self.max_column(self.viewport.get().0);
                self.column = (self.column + COLUMN_STEP).min(most);
            }
            Action::ToggleWrap => {
                self.wrap = !self.wrap;
                self.column = 0;
            }
            Action::Up => self.scroll = self.scroll.saturating_sub(1),
            Action::Down => self.scroll = (self.scroll + 1).min(self.max_scroll()),
            Action::PageUp => self.scroll = self.scroll.saturating_sub(page),
            Action::PageDown => self.scroll = (self.scroll + page).min(self.max_scroll()),
            Action::Top => self.scroll = 0,
            Action::Bottom => self.scroll = self.max_scroll(),
            Action::Accept
            | Action::Reject
            | Action::NextBlock
            | Action::PrevBlock
            | Action::AcceptAll
            | Action::RejectAll
            | Action::FinishReview
            | Action::EditBlock
            | Action::EditBlockExternally
            | Action::ToggleTellRejected => {
                let Some(review) = self.review.as_mut() else {
                    bus.push(AppEvent::Flash("No edits to review.".into()));
                    return true;
                };
                let used = review.action(action, bus);
                self.scroll = 0;
                self.column = 0;
                return used;
            }
            _ => return false,
        }
        true
    }

    /// Scrolls to the next line of the diff shown that holds `query` (`step` 1: down,
    /// -1: up), from the top line (included when `fresh`); the match is the top row.
    /// Lines are searched as the unified layout lists them, so the search shows it.
    /// Returns whether one matched.
    pub fn find(&mut self, query: &str, step: isize, fresh: bool) -> bool {
        self.layout = DiffLayout::Unified;
        let from = if fresh {
            (self.scroll as isize - step).try_into().ok()
        } else {
            Some(self.scroll)
        };
        let Some(view) = self.current_view() else {
            return false;
        };
        let lines = &view.lines;
        let hit = |row: usize| crate::tui::search::contains(&lines[row].text, query);
        match crate::tui::search::next_match(lines.len(), from, step, hit) {
            Some(row) => {
                self.scroll = row;
                true
            }
            None => false,
        }
    }

    /// A click at `row`, `column` inside the pane: on the review's strip of blocks, it
    /// selects the block there. Returns whether it did.
    pub fn click(&mut self, row: usize, column: usize) -> bool {
        let Some(review) = &mut self.review else {
            return false;
        };
        if row != 0 || !review.select_in_strip(column, &self.styles) {
            return false;
        }
        self.scroll = 0;
        self.column = 0;
        true
    }

    fn max_scroll(&self) -> usize {
        let rows = self
            .current_view()
            .map_or(0, |view| view.row_count(self.layout));
        rows.saturating_sub(usize::from(self.viewport.get().1).saturating_sub(2))
    }

    /// How far long lines of the diff on screen can be scrolled sideways in a pane
    /// `width` columns wide inside its border.
    fn max_column(&self, width: u16) -> usize {
        if self.wrap {
            return 0;
        }
        self.current_view()
            .map_or(0, |view| view.overflow(width, self.layout))
    }

    fn current_view(&self) -> Option<&DiffView> {
        if let Some(review) = &self.review {
            return review.current_view();
        }
        if let Some(block) = self.previews.last() {
            return Some(&block.view);
        }
        self.commit.as_ref().map(|shown| &shown.view)
    }

    /// Draws the pane.
    pub fn draw(&self, frame: &mut Frame, area: Rect, context: DrawContext) {
        let styles = context.styles;
        let mut note = match self.layout {
            DiffLayout::Unified => "unified",
            DiffLayout::SideBySide => "side by side",
        }
        .to_string();
        // Long lines say how to reach their ends.
        if self.wrap {
            note.push_str(&format!(" · {}", context.hints.wrapped));
        } else if self.max_column(area.width.saturating_sub(2)) > 0 || self.column > 0 {
            if self.column > 0 {
                note.push_str(&format!(" · from column {}", self.column + 1));
            }
            if !context.hints.long_lines.is_empty() {
                note.push_str(&format!(" · long lines: {}", context.hints.long_lines));
            }
        }
        let block = context.block("Diff", Some(note));
        let inner = block.inner(area);
        frame.render_widget(block, area);
        self.viewport.set((inner.width, inner.height));
        if inner.height == 0 {
            return;
        }
        let (header, view, scroll): (Vec<Line>, Option<&DiffView>, usize) =
            if let Some(review) = &self.review {
                (
                    review.header(&self.styles, context.hints),
                    review.current_view(),
                    self.scroll,
                )
            } else if !self.previews.is_empty() {
                let header: Vec<Line> = self
                    .previews
                    .iter()
                    .map(|block| {
                        let preview = &block.preview;
                        let (state, style) = match (preview.complete, preview.located) {
                            (_, Some(false)) => ("✗ does not match the file", styles.rejected),
                            (true, _) => ("complete", styles.accepted),
                            (false, Some(true)) => ("placed · streaming…", styles.pending),
                            (false, None) => ("streaming…", styles.pending),
                        };
                        Line::from(vec![
                            Span::styled(format!("#{} ", preview.id + 1), styles.dim),
                            Span::styled(printable(&preview.path).into_owned(), styles.title),
                            Span::raw("  "),
                            Span::styled(state, style),
                        ])
                    })
                    .collect();
                let view = self.previews.last().map(|block| &block.view);
                // The growing block is followed: show its tail.
                let rows = view.map_or(0, |view| view.row_count(self.layout));
                let room = usize::from(inner.height)
                    .saturating_sub(header.len().min(usize::from(inner.height) / 2));
                (header, view, rows.saturating_sub(room))
            } else if let Some(shown) = &self.commit {
                (
                    shown.header(styles, context.hints),
                    Some(&shown.view),
                    self.scroll,
                )
            } else {
                let hint = vec![
                    Line::styled("No diff yet.", styles.dim),
                    Line::styled(
                        "Blocks the model writes appear here as they stream;",
                        styles.dim,
                    ),
                    Line::styled(
                        "proposed edits are reviewed here before anything is applied.",
                        styles.dim,
                    ),
                ];
                (hint, None, 0)
            };
        // Header lines wrap rather than lose their ends (a hint cut short is no hint).
        let width = usize::from(inner.width.max(1));
        let rows_of = |line: &Line| line.width().max(1).div_ceil(width);
        let header_rows: usize = header.iter().map(rows_of).sum();
        let header_height = u16::try_from(header_rows)
            .unwrap_or(u16::MAX)
            .min(inner.height / 2)
            .max(1);
        let [header_area, body_area] =
            Layout::vertical([Constraint::Length(header_height), Constraint::Min(0)]).areas(inner);
        // When the header does not fit, its last lines (the newest state) are kept.
        let mut visible_header: Vec<Line> = Vec::new();
        let mut rows = 0;
        for line in header.into_iter().rev() {
            rows += rows_of(&line);
            if rows > usize::from(header_height) && !visible_header.is_empty() {
                break;
            }
            visible_header.insert(0, line);
        }
        frame.render_widget(
            Paragraph::new(visible_header).wrap(Wrap { trim: false }),
            header_area,
        );
        let body_area = match &self.review {
            Some(review) => review
                .draw_editor(frame, body_area, styles)
                .unwrap_or(body_area),
            None => body_area,
        };
        if let Some(view) = view {
            let at = DiffScroll {
                row: scroll,
                column: if self.wrap { 0 } else { self.column },
                wrap: self.wrap,
            };
            view.draw(frame, body_area, at, self.layout, styles);
        }
    }
}

impl Component for DiffPane {
    fn title(&self) -> &'static str {
        "Diff"
    }

    fn draw(&self, frame: &mut Frame, area: Rect, context: &DrawContext) {
        DiffPane::draw(self, frame, area, *context);
    }

    fn handle(&mut self, action: Action, bus: &mut Vec<AppEvent>) -> Handled {
        self.on_action(action, bus).into()
    }

    fn awaits_decision(&self) -> bool {
        self.is_reviewing()
    }

    fn click(&mut self, row: usize, column: usize, _height: usize, _was_focused: bool) -> bool {
        DiffPane::click(self, row, column)
    }

    fn searchable(&self) -> bool {
        true
    }

    fn find(&mut self, query: &str, step: isize, fresh: bool) -> bool {
        DiffPane::find(self, query, step, fresh)
    }

    fn editing(&self) -> bool {
        self.is_editing()
    }

    fn editor_key(&mut self, key: KeyEvent, action: Option<Action>, bus: &mut Vec<AppEvent>) {
        DiffPane::editor_key(self, key, action, bus);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diff::{Hunk, HunkLine, LineKind};
    use crate::protocol::{BlockDecision, BlockDecisionState, ChangeKind, Op};
    use crate::tui::keymap::{KeyContext, Keymap};
    use crate::tui::theme::Theme;

    fn block(id: usize, planned: bool) -> ReviewBlock {
        ReviewBlock {
            id,
            path: format!("f{id}.py"),
            revision: 0,
            state: if planned {
                BlockState::Planned {
                    change: ChangeKind::Modify,
                    hunks: vec![Hunk {
                        old_start: 1,
                        new_start: 1,
                        lines: vec![
                            HunkLine {
                                kind: LineKind::Removed,
                                text: "a".into(),
                            },
                            HunkLine {
                                kind: LineKind::Added,
                                text: "b".into(),
                            },
                        ],
                    }],
                }
            } else {
                BlockState::Failed {
                    reason: "the SEARCH text was not found in f.py".into(),
                    hunks: Vec::new(),
                    closest: None,
                }
            },
            decision: BlockDecisionState::Pending,
            replanned: false,
            editable_text: Some("b\n".into()),
            needs_confirmation: None,
            syntax_error: None,
        }
    }

    fn pane(blocks: Vec<ReviewBlock>) -> DiffPane {
        let theme = Theme::load("dark", true).unwrap();
        let mut pane = DiffPane::new(Palette::default(), theme.styles);
        pane.start_review(Review {
            id: 7,
            blocks,
            tell_rejected: false,
            auto_accept: false,
            notice: None,
            cut_off: false,
        });
        pane
    }

    use crate::tui::app_event::sent_ops as sent;

    #[test]
    fn a_search_scrolls_the_commit_diff_to_each_match_in_the_unified_layout() {
        let theme = Theme::load("dark", true).unwrap();
        let mut pane = DiffPane::new(Palette::default(), theme.styles);
        let lines = (1..=80)
            .map(|n| HunkLine {
                kind: LineKind::Added,
                text: if n % 30 == 0 {
                    format!("line {n} Needle")
                } else {
                    format!("line {n}")
                },
            })
            .collect();
        let file = crate::diff::FileDiff {
            path: "f.py".into(),
            old_path: None,
            hunks: vec![Hunk {
                old_start: 1,
                new_start: 1,
                lines,
            }],
            binary: false,
        };
        pane.show_commit("abc".into(), &[file], None);
        pane.layout = DiffLayout::SideBySide;
        assert!(pane.find("needle", 1, true));
        assert_eq!(pane.layout, DiffLayout::Unified);
        let found = |pane: &DiffPane| pane.current_view().unwrap().lines[pane.scroll].text.clone();
        assert_eq!(found(&pane), "line 30 Needle");
        assert!(pane.find("needle", 1, false));
        assert_eq!(found(&pane), "line 60 Needle");
        assert!(pane.find("needle", 1, false));
        assert_eq!(found(&pane), "line 30 Needle", "wraps around");
        assert!(pane.find("needle", -1, false));
        assert_eq!(found(&pane), "line 60 Needle");
        assert!(!pane.find("haystack", 1, true));
    }

    #[test]
    fn each_key_sends_one_decision_with_the_revision_seen() {
        let mut pane = pane(vec![block(0, true), block(1, true)]);
        let mut bus = Vec::new();
        pane.on_action(Action::Accept, &mut bus);
        pane.on_action(Action::Reject, &mut bus);
        assert_eq!(
            sent(&bus),
            vec![
                Op::ReviewDecide {
                    review: 7,
                    block: 0,
                    decision: BlockDecision::Accept,
                    seen: 0
                },
                Op::ReviewDecide {
                    review: 7,
                    block: 1,
                    decision: BlockDecision::Reject,
                    seen: 0
                },
            ]
        );
        assert!(
            !bus.iter()
                .any(|event| matches!(event, AppEvent::Confirm(_))),
            "no dialog between the decisions and the commit"
        );
    }

    #[test]
    fn a_failed_block_cannot_be_accepted_and_n_drops_it() {
        let mut pane = pane(vec![block(0, false), block(1, true)]);
        let mut bus = Vec::new();
        // The review opens on block 1, first in the reply, though it cannot apply.
        pane.on_action(Action::Accept, &mut bus);
        assert!(
            matches!(&bus[0], AppEvent::Flash(text) if text.contains("sent back to the model"))
        );
        assert!(sent(&bus).is_empty());
        pane.on_action(Action::Reject, &mut bus);
        assert_eq!(
            sent(&bus),
            vec![Op::ReviewDecide {
                review: 7,
                block: 0,
                decision: BlockDecision::Reject,
                seen: 0
            }]
        );
    }

    #[test]
    fn no_hint_names_a_key_for_a_block_that_is_not_selected() {
        let pane = pane(vec![block(0, true), block(1, false)]);
        let theme = Theme::load("dark", true).unwrap();
        let review = pane.review.as_ref().unwrap();
        assert_eq!(review.selected, 0);
        let lines: Vec<String> = review
            .header(&theme.styles, &Hints::new(&Keymap::default()))
            .iter()
            .map(|line| line.to_string())
            .collect();
        let about_block_2: Vec<&String> = lines
            .iter()
            .filter(|line| line.contains("Block 2"))
            .collect();
        assert_eq!(about_block_2.len(), 1, "{lines:?}");
        let names_a_key = about_block_2[0]
            .split(|c: char| !c.is_alphanumeric())
            .any(|word| ["y", "n", "e", "E", "A", "R"].contains(&word));
        assert!(!names_a_key, "{lines:?}");
    }

    #[test]
    fn h_l_scroll_long_lines_sideways_up_to_their_end_and_w_wraps() {
        let mut pane = pane(vec![block(0, true)]);
        pane.viewport.set((20, 10));
        let mut bus = Vec::new();
        // The block's lines fit: nothing to scroll.
        pane.on_action(Action::ScrollRight, &mut bus);
        assert_eq!(pane.column, 0);
        let long = "x".repeat(60);
        if let Some(review) = pane.review.as_mut() {
            let mut wide = block(0, true);
            if let BlockState::Planned { hunks, .. } = &mut wide.state {
                hunks[0].lines[1].text = long;
            }
            review.update(vec![wide], false);
        }
        for _ in 0..20 {
            pane.on_action(Action::ScrollRight, &mut bus);
        }
        // 60 columns of text in 20 - 5 (numbers and sign): 45 to the end.
        assert_eq!(pane.column, 45);
        pane.on_action(Action::ScrollLeft, &mut bus);
        assert_eq!(pane.column, 45 - COLUMN_STEP);
        pane.on_action(Action::ToggleWrap, &mut bus);
        assert!(pane.wrap);
        assert_eq!(pane.column, 0);
        pane.on_action(Action::ScrollRight, &mut bus);
        assert_eq!(pane.column, 0, "nothing to scroll when wrapping");
    }

    #[test]
    fn enter_finishes_and_t_toggles_telling_the_model() {
        let mut pane = pane(vec![block(0, true)]);
        let mut bus = Vec::new();
        pane.on_action(Action::ToggleTellRejected, &mut bus);
        pane.on_action(Action::FinishReview, &mut bus);
        assert_eq!(
            sent(&bus),
            vec![
                Op::ReviewTellRejected {
                    review: 7,
                    on: true
                },
                Op::ReviewFinish { review: 7 }
            ]
        );
    }

    #[test]
    fn e_opens_the_editor_and_ctrl_s_sends_the_edit() {
        use ratatui::crossterm::event::{KeyCode, KeyModifiers};
        let mut pane = pane(vec![block(0, true)]);
        let mut bus = Vec::new();
        pane.on_action(Action::EditBlock, &mut bus);
        assert!(pane.is_editing());
        fn type_key(pane: &mut DiffPane, key: KeyEvent, bus: &mut Vec<AppEvent>) {
            let action = Keymap::default().own_action(KeyContext::Editor, &key);
            pane.editor_key(key, action, bus);
        }
        let plain = |code| KeyEvent::new(code, KeyModifiers::NONE);
        type_key(&mut pane, plain(KeyCode::End), &mut bus);
        type_key(&mut pane, plain(KeyCode::Char('2')), &mut bus);
        assert!(matches!(
            sent(&bus).last(),
            Some(Op::ReviewDraft { text, .. }) if text == "b2\n"
        ));
        let ctrl_s = KeyEvent::new(KeyCode::Char('s'), KeyModifiers::CONTROL);
        type_key(&mut pane, ctrl_s, &mut bus);
        assert!(!pane.is_editing());
        assert_eq!(
            sent(&bus).last(),
            Some(&Op::ReviewDecide {
                review: 7,
                block: 0,
                decision: BlockDecision::Edit {
                    text: "b2\n".into()
                },
                seen: 0
            })
        );
    }
}
