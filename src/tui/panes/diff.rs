//! The diff pane: the live preview of blocks as the reply streams, the review of
//! proposed edits (accept / reject per block, nothing touches disk until decided),
//! and a commit's diff from the log.

use std::cell::Cell;
use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::protocol::{Decision, EditPreview, Op, ProposedEdit, ReviewId};
use crate::tui::app_event::{AppEvent, Confirmation, Focus};
use crate::tui::diff_view::{DiffLayout, DiffView};
use crate::tui::highlight::Palette;
use crate::tui::keymap::Action;
use crate::tui::pane::DrawContext;
use crate::tui::theme::Styles;

/// Files larger than this are not read for the live preview's context.
const PREVIEW_FILE_LIMIT: u64 = 8 * 1024 * 1024;

struct PreviewBlock {
    preview: EditPreview,
    view: DiffView,
    dirty: bool,
}

struct ReviewBlock {
    edit: ProposedEdit,
    view: DiffView,
    decision: Option<bool>,
}

struct Review {
    id: ReviewId,
    blocks: Vec<ReviewBlock>,
    selected: usize,
    /// Decided and sent; shown read-only until the next turn.
    finished: bool,
}

/// The diff pane.
pub struct DiffPane {
    palette: Palette,
    styles: Styles,
    root: PathBuf,
    previews: Vec<PreviewBlock>,
    review: Option<Review>,
    commit: Option<(String, DiffView)>,
    layout: DiffLayout,
    scroll: usize,
    viewport: Cell<(u16, u16)>,
    files: HashMap<String, Option<String>>,
}

impl DiffPane {
    /// An empty pane; files for the preview are read under `root`.
    pub fn new(palette: Palette, styles: Styles, root: PathBuf) -> Self {
        DiffPane {
            palette,
            styles,
            root,
            previews: Vec::new(),
            review: None,
            commit: None,
            layout: DiffLayout::default(),
            scroll: 0,
            viewport: Cell::new((160, 60)),
            files: HashMap::new(),
        }
    }

    /// A new turn: previews and the finished review go.
    pub fn begin_turn(&mut self) {
        self.previews.clear();
        self.files.clear();
        if self.review.as_ref().is_some_and(|review| review.finished) {
            self.review = None;
        }
        self.scroll = 0;
    }

    /// A block of the streaming reply grew.
    pub fn on_preview(&mut self, preview: EditPreview) {
        let index = preview.index;
        if let Some(block) = self
            .previews
            .iter_mut()
            .find(|block| block.preview.index == index)
        {
            block.preview = preview;
            block.dirty = true;
        } else {
            self.previews.push(PreviewBlock {
                preview,
                view: DiffView::default(),
                dirty: true,
            });
            self.previews.sort_by_key(|block| block.preview.index);
        }
    }

    /// Rebuilds the previews that changed since the last frame (once per frame,
    /// however many deltas arrived).
    pub fn prepare(&mut self) {
        for index in 0..self.previews.len() {
            if !self.previews[index].dirty {
                continue;
            }
            let path = self.previews[index].preview.path.clone();
            let file = self.file_text(&path);
            let block = &mut self.previews[index];
            block.view = DiffView::from_block(
                &block.preview.path,
                &block.preview.search,
                &block.preview.replace,
                file.as_deref(),
                self.palette,
            );
            block.dirty = false;
        }
        // Colour what the next frame shows (the view's size is from the last frame).
        let height = usize::from(self.viewport.get().1).max(1);
        let layout = self.layout;
        if let Some(review) = &mut self.review {
            if let Some(block) = review.blocks.get_mut(review.selected) {
                block.view.colour_rows(layout, self.scroll, height);
            }
        } else if let Some(block) = self.previews.last_mut() {
            let rows = block.view.row_count(layout);
            block
                .view
                .colour_rows(layout, rows.saturating_sub(height), height);
        } else if let Some((_, view)) = &mut self.commit {
            view.colour_rows(layout, self.scroll, height);
        }
    }

    fn file_text(&mut self, path: &str) -> Option<String> {
        if let Some(known) = self.files.get(path) {
            return known.clone();
        }
        let relative = Path::new(path);
        let inside = relative
            .components()
            .all(|part| matches!(part, Component::Normal(_) | Component::CurDir));
        let text = inside
            .then(|| self.root.join(relative))
            .filter(|full| {
                std::fs::metadata(full).is_ok_and(|meta| meta.len() <= PREVIEW_FILE_LIMIT)
            })
            .and_then(|full| std::fs::read_to_string(full).ok());
        self.files.insert(path.to_string(), text.clone());
        text
    }

    /// Proposed edits arrived: the review starts at the first block. With `auto_accept`
    /// the engine applies them at once, so they are shown already decided.
    pub fn start_review(&mut self, id: ReviewId, edits: Vec<ProposedEdit>, auto_accept: bool) {
        let blocks = edits
            .into_iter()
            .map(|edit| {
                let view = if !edit.diff.is_empty() {
                    DiffView::from_unified(&edit.diff, self.palette)
                } else {
                    DiffView::from_block(
                        &edit.path,
                        &edit.search,
                        &edit.replace,
                        None,
                        self.palette,
                    )
                };
                let decision = auto_accept.then_some(edit.applicable);
                ReviewBlock {
                    edit,
                    view,
                    decision,
                }
            })
            .collect();
        self.review = Some(Review {
            id,
            blocks,
            selected: 0,
            finished: auto_accept,
        });
        self.scroll = 0;
    }

    /// Whether a review waits for decisions.
    pub fn is_reviewing(&self) -> bool {
        self.review.as_ref().is_some_and(|review| !review.finished)
    }

    /// A commit's diff arrived.
    pub fn show_commit(&mut self, commit: String, diff: &str) {
        self.commit = Some((commit, DiffView::from_unified(diff, self.palette)));
        if !self.is_reviewing() {
            self.review = None;
            self.previews.clear();
            self.scroll = 0;
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
            | Action::FinishReview => return self.review_action(action, bus),
            _ => return false,
        }
        true
    }

    fn review_action(&mut self, action: Action, bus: &mut Vec<AppEvent>) -> bool {
        let Some(review) = self.review.as_mut().filter(|review| !review.finished) else {
            bus.push(AppEvent::Flash("No edits to review.".into()));
            return true;
        };
        let count = review.blocks.len();
        if count == 0 {
            return true;
        }
        let selected = review.selected.min(count - 1);
        match action {
            Action::Accept => {
                let block = &mut review.blocks[selected];
                if block.edit.applicable {
                    block.decision = Some(true);
                    advance(review);
                } else {
                    let why = block
                        .edit
                        .problem
                        .clone()
                        .unwrap_or_else(|| "it does not match the file".into());
                    bus.push(AppEvent::Flash(format!(
                        "Block {} cannot be accepted: {why}",
                        selected + 1
                    )));
                }
            }
            Action::Reject => {
                review.blocks[selected].decision = Some(false);
                advance(review);
            }
            Action::NextBlock => review.selected = (selected + 1).min(count - 1),
            Action::PrevBlock => review.selected = selected.saturating_sub(1),
            Action::AcceptAll => {
                for block in review
                    .blocks
                    .iter_mut()
                    .filter(|block| block.decision.is_none())
                {
                    block.decision = Some(block.edit.applicable);
                }
            }
            Action::RejectAll | Action::FinishReview => {
                for block in review
                    .blocks
                    .iter_mut()
                    .filter(|block| block.decision.is_none())
                {
                    block.decision = Some(false);
                }
            }
            _ => return false,
        }
        self.scroll = 0;
        if review.blocks.iter().all(|block| block.decision.is_some()) {
            finish(review, bus);
        }
        true
    }

    fn max_scroll(&self) -> usize {
        let rows = self
            .current_view()
            .map_or(0, |view| view.row_count(self.layout));
        rows.saturating_sub(usize::from(self.viewport.get().1).saturating_sub(2))
    }

    fn current_view(&self) -> Option<&DiffView> {
        if let Some(review) = &self.review {
            return review.blocks.get(review.selected).map(|block| &block.view);
        }
        if let Some(block) = self.previews.last() {
            return Some(&block.view);
        }
        self.commit.as_ref().map(|(_, view)| view)
    }

    /// Draws the pane.
    pub fn draw(&self, frame: &mut Frame, area: Rect, context: DrawContext) {
        let styles = context.styles;
        let layout_note = match self.layout {
            DiffLayout::Unified => "unified",
            DiffLayout::SideBySide => "side by side",
        };
        let block = context.block("Diff", Some(layout_note.to_string()));
        let inner = block.inner(area);
        frame.render_widget(block, area);
        self.viewport.set((inner.width, inner.height));
        if inner.height == 0 {
            return;
        }
        let (header, view, scroll): (Vec<Line>, Option<&DiffView>, usize) = if let Some(review) =
            &self.review
        {
            (
                self.review_header(review),
                review.blocks.get(review.selected).map(|b| &b.view),
                self.scroll,
            )
        } else if !self.previews.is_empty() {
            let header: Vec<Line> = self
                .previews
                .iter()
                .map(|block| {
                    let preview = &block.preview;
                    let (state, style) = match (preview.complete, preview.matches) {
                        (_, Some(false)) => ("✗ SEARCH does not match the file", styles.rejected),
                        (true, _) => ("complete", styles.accepted),
                        (false, _) => ("streaming…", styles.pending),
                    };
                    Line::from(vec![
                        Span::styled(format!("#{} ", preview.index + 1), styles.dim),
                        Span::styled(preview.path.clone(), styles.title),
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
        } else if let Some((commit, view)) = &self.commit {
            let short: String = commit.chars().take(12).collect();
            let header = vec![Line::from(vec![
                Span::styled("commit ", styles.dim),
                Span::styled(short, styles.title),
                Span::styled(format!("  +{} -{}", view.added, view.removed), styles.dim),
            ])];
            (header, Some(view), self.scroll)
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
        let header_height = u16::try_from(header.len())
            .unwrap_or(u16::MAX)
            .min(inner.height / 2)
            .max(1);
        let [header_area, body_area] =
            Layout::vertical([Constraint::Length(header_height), Constraint::Min(0)]).areas(inner);
        let header_rows = header.len();
        let visible_header: Vec<Line> = header
            .into_iter()
            .skip(header_rows.saturating_sub(usize::from(header_height)))
            .collect();
        frame.render_widget(Paragraph::new(visible_header), header_area);
        if let Some(view) = view {
            view.draw(frame, body_area, scroll, self.layout, styles);
        }
    }

    fn review_header(&self, review: &Review) -> Vec<Line<'static>> {
        let styles = &self.styles;
        let count = review.blocks.len();
        let mut strip = vec![Span::styled(
            if review.finished {
                "Review (decided) "
            } else {
                "Review "
            },
            styles.title,
        )];
        for (index, block) in review.blocks.iter().enumerate() {
            let (mark, style) = match (block.decision, block.edit.applicable) {
                (Some(true), _) => ("✓", styles.accepted),
                (Some(false), _) => ("✗", styles.rejected),
                (None, false) => ("!", styles.error),
                (None, true) => ("?", styles.pending),
            };
            let (label, style) = if index == review.selected {
                (
                    format!("[{}{mark}]", index + 1),
                    style.patch(styles.selection),
                )
            } else {
                (format!("{}{mark}", index + 1), style)
            };
            strip.push(Span::styled(label, style));
            strip.push(Span::raw(" "));
        }
        let Some(block) = review.blocks.get(review.selected) else {
            return vec![Line::from(strip)];
        };
        let state = match (block.decision, block.edit.applicable) {
            (Some(true), _) => Span::styled("accepted", styles.accepted),
            (Some(false), _) => Span::styled("rejected", styles.rejected),
            (None, false) => Span::styled("cannot match — cannot be accepted", styles.error),
            (None, true) => Span::styled("pending", styles.pending),
        };
        let created = if block.edit.creates_file {
            " (new file)"
        } else {
            ""
        };
        let mut lines = vec![
            Line::from(strip),
            Line::from(vec![
                Span::styled(format!("{}/{count} ", review.selected + 1), styles.dim),
                Span::styled(format!("{}{created}", block.edit.path), styles.title),
                Span::raw("  "),
                state,
            ]),
        ];
        if let Some(problem) = &block.edit.problem {
            lines.push(Line::styled(
                problem.lines().next().unwrap_or_default().to_string(),
                styles.error,
            ));
        }
        if !review.finished {
            lines.push(Line::styled(
                "y accept · n reject · j/k move · A/R all · Enter done · s layout",
                styles.dim,
            ));
        }
        lines
    }
}

/// Moves to the next undecided block after the selected one (wrapping).
fn advance(review: &mut Review) {
    let count = review.blocks.len();
    for step in 1..=count {
        let index = (review.selected + step) % count;
        if review.blocks[index].decision.is_none() {
            review.selected = index;
            return;
        }
    }
}

/// Sends the decisions; asks first whether to tell the model about rejected blocks.
fn finish(review: &mut Review, bus: &mut Vec<AppEvent>) {
    review.finished = true;
    let decisions: Vec<Decision> = review
        .blocks
        .iter()
        .map(|block| Decision {
            edit: block.edit.id,
            accept: block.decision == Some(true),
        })
        .collect();
    let rejected = decisions.iter().filter(|decision| !decision.accept).count();
    let decide = |report_rejected| Op::Decide {
        review: review.id,
        decisions: decisions.clone(),
        report_rejected,
    };
    if rejected == 0 {
        bus.push(AppEvent::Send(decide(false)));
    } else {
        let plural = if rejected == 1 { "block" } else { "blocks" };
        bus.push(AppEvent::Confirm(Confirmation {
            text: format!(
                "Tell the model about the {rejected} rejected {plural} in the next message?"
            ),
            on_yes: vec![decide(true)],
            on_no: vec![decide(false)],
        }));
    }
    bus.push(AppEvent::Focus(Focus::Input));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::theme::Theme;

    fn edit(id: usize, applicable: bool) -> ProposedEdit {
        ProposedEdit {
            id,
            path: format!("f{id}.py"),
            search: "a\n".into(),
            replace: "b\n".into(),
            diff: String::new(),
            applicable,
            problem: (!applicable).then(|| "SEARCH not found".into()),
            creates_file: false,
        }
    }

    fn pane() -> DiffPane {
        let theme = Theme::load("dark", true).unwrap();
        DiffPane::new(
            Palette::default(),
            theme.styles,
            PathBuf::from("/nonexistent"),
        )
    }

    fn sent(bus: &[AppEvent]) -> Vec<Op> {
        bus.iter()
            .filter_map(|event| match event {
                AppEvent::Send(op) => Some(op.clone()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn accepting_and_rejecting_every_block_sends_one_decision() {
        let mut pane = pane();
        pane.start_review(7, vec![edit(0, true), edit(1, true)], false);
        let mut bus = Vec::new();
        pane.on_action(Action::Accept, &mut bus);
        assert!(bus.is_empty());
        pane.on_action(Action::Reject, &mut bus);
        let confirm = bus.iter().find_map(|event| match event {
            AppEvent::Confirm(confirm) => Some(confirm.clone()),
            _ => None,
        });
        let confirm = confirm.unwrap();
        assert!(confirm.text.contains("1 rejected block"));
        assert_eq!(
            confirm.on_no,
            vec![Op::Decide {
                review: 7,
                decisions: vec![
                    Decision {
                        edit: 0,
                        accept: true
                    },
                    Decision {
                        edit: 1,
                        accept: false
                    }
                ],
                report_rejected: false,
            }]
        );
        assert!(bus.contains(&AppEvent::Focus(Focus::Input)));
        assert!(!pane.is_reviewing());
    }

    #[test]
    fn a_block_that_cannot_match_cannot_be_accepted() {
        let mut pane = pane();
        pane.start_review(1, vec![edit(0, false), edit(1, true)], false);
        let mut bus = Vec::new();
        pane.on_action(Action::Accept, &mut bus);
        assert!(matches!(&bus[0], AppEvent::Flash(text) if text.contains("cannot be accepted")));
        assert!(pane.is_reviewing());
        bus.clear();
        pane.on_action(Action::AcceptAll, &mut bus);
        let ops = sent(&bus);
        assert!(ops.is_empty(), "a rejected block means a question first");
        let AppEvent::Confirm(confirm) = &bus[0] else {
            panic!("{bus:?}")
        };
        assert_eq!(
            confirm.on_yes,
            vec![Op::Decide {
                review: 1,
                decisions: vec![
                    Decision {
                        edit: 0,
                        accept: false
                    },
                    Decision {
                        edit: 1,
                        accept: true
                    }
                ],
                report_rejected: true,
            }]
        );
    }

    #[test]
    fn enter_rejects_the_undecided_and_all_accepted_sends_at_once() {
        let mut pane = pane();
        pane.start_review(2, vec![edit(0, true), edit(1, true), edit(2, true)], false);
        let mut bus = Vec::new();
        pane.on_action(Action::NextBlock, &mut bus);
        pane.on_action(Action::Accept, &mut bus);
        pane.on_action(Action::FinishReview, &mut bus);
        let AppEvent::Confirm(confirm) = &bus[0] else {
            panic!("{bus:?}")
        };
        assert!(confirm.text.contains("2 rejected blocks"));

        let mut pane = super::tests::pane();
        pane.start_review(3, vec![edit(0, true), edit(1, true)], false);
        let mut bus = Vec::new();
        pane.on_action(Action::AcceptAll, &mut bus);
        assert_eq!(
            sent(&bus),
            vec![Op::Decide {
                review: 3,
                decisions: vec![
                    Decision {
                        edit: 0,
                        accept: true
                    },
                    Decision {
                        edit: 1,
                        accept: true
                    }
                ],
                report_rejected: false,
            }]
        );
    }
}
