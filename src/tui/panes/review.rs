//! The review inside the diff pane: the engine's blocks, the selection, the keys that
//! decide (`y` `n` `A` `R` `Enter` `t`), and the editor for a block's new text (`e`
//! inline, `E` in `$EDITOR`). The engine owns the plan: every decision goes to it and
//! every block shown is as it last sent it, so what the user sees is what lands.

use ratatui::Frame;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui_textarea::TextArea;

use crate::protocol::{
    BlockDecision, BlockDecisionState, BlockId, BlockState, ChangeKind, Op, Review, ReviewBlock,
};
use crate::text::printable;
use crate::tui::app_event::{AppEvent, ExternalEdit};
use crate::tui::diff_view::{DiffView, FileHunks};
use crate::tui::highlight::Palette;
use crate::tui::hints::Hints;
use crate::tui::keymap::Action;
use crate::tui::theme::Styles;

/// One block and its drawn diff.
struct Shown {
    block: ReviewBlock,
    view: DiffView,
}

/// Editing a block's new text in place.
struct Editor {
    block: BlockId,
    textarea: TextArea<'static>,
    /// The draft's diff as the engine planned it last (`None` until it answers).
    draft: Option<DiffView>,
    problem: Option<String>,
}

/// A review on screen.
pub struct ReviewPanel {
    palette: Palette,
    pub id: crate::protocol::ReviewId,
    blocks: Vec<Shown>,
    pub selected: usize,
    tell_rejected: bool,
    auto_accept: bool,
    notice: Option<String>,
    /// The engine ended the review: shown read-only until the next turn.
    pub finished: bool,
    editor: Option<Editor>,
}

impl ReviewPanel {
    /// Selects the block whose label in the strip (the header's first line: the title,
    /// then each block's label and a space) covers `column`; returns whether one does.
    pub fn select_in_strip(&mut self, column: usize, styles: &Styles) -> bool {
        let strip = self.strip(styles);
        let mut x = 0;
        for (at, span) in strip.spans.iter().enumerate() {
            x += span.width();
            if column < x {
                let index = (at % 2 == 1).then_some(at / 2);
                return match index.filter(|index| *index < self.blocks.len()) {
                    Some(index) => {
                        self.selected = index;
                        true
                    }
                    None => false,
                };
            }
        }
        false
    }

    /// A review as the engine started it.
    pub fn new(review: Review, palette: Palette) -> ReviewPanel {
        let mut panel = ReviewPanel {
            palette,
            id: review.id,
            blocks: Vec::new(),
            selected: 0,
            tell_rejected: review.tell_rejected,
            auto_accept: review.auto_accept,
            notice: review.notice,
            finished: false,
            editor: None,
        };
        for block in review.blocks {
            let view = view_of(&block, palette);
            panel.blocks.push(Shown { block, view });
        }
        panel.selected = panel.first_undecided().unwrap_or(0);
        panel
    }

    /// Blocks the engine planned again or decided.
    pub fn update(&mut self, blocks: Vec<ReviewBlock>, tell_rejected: bool) {
        self.tell_rejected = tell_rejected;
        for block in blocks {
            let view = view_of(&block, self.palette);
            match self
                .blocks
                .iter_mut()
                .find(|shown| shown.block.id == block.id)
            {
                Some(shown) => *shown = Shown { block, view },
                None => self.blocks.push(Shown { block, view }),
            }
        }
    }

    /// The engine's plan of a draft being edited.
    pub fn draft(&mut self, block: BlockId, state: BlockState) {
        let Some(editor) = self.editor.as_mut().filter(|editor| editor.block == block) else {
            return;
        };
        let path = self
            .blocks
            .iter()
            .find(|shown| shown.block.id == block)
            .map(|shown| shown.block.path.clone())
            .unwrap_or_default();
        match state {
            BlockState::Planned { hunks, .. } => {
                editor.draft = Some(DiffView::from_files(
                    &[FileHunks {
                        path: &path,
                        header: None,
                        hunks: &hunks,
                    }],
                    self.palette,
                ));
                editor.problem = None;
            }
            BlockState::Failed { reason, .. } => editor.problem = Some(reason),
        }
    }

    /// Whether a block's text is being edited here (keys go to the editor).
    pub fn is_editing(&self) -> bool {
        self.editor.is_some()
    }

    /// The selected block's diff.
    pub fn view(&mut self) -> Option<&mut DiffView> {
        if let Some(editor) = self.editor.as_mut() {
            return editor.draft.as_mut();
        }
        self.blocks
            .get_mut(self.selected)
            .map(|shown| &mut shown.view)
    }

    /// The selected block's diff, to measure.
    pub fn current_view(&self) -> Option<&DiffView> {
        if let Some(editor) = &self.editor {
            return editor.draft.as_ref();
        }
        self.blocks.get(self.selected).map(|shown| &shown.view)
    }

    /// A key while the inline editor is open, with the editor keymap's action for it:
    /// `Keep` keeps, `Cancel` cancels, the rest edits.
    pub fn editor_key(&mut self, key: KeyEvent, action: Option<Action>, bus: &mut Vec<AppEvent>) {
        let Some(editor) = self.editor.as_mut() else {
            return;
        };
        match action {
            Some(Action::Cancel) => {
                self.editor = None;
                bus.push(AppEvent::Flash(
                    "Edit cancelled; the block is as it was.".into(),
                ));
            }
            Some(Action::Keep) => {
                let text = text_of(&editor.textarea);
                let block = editor.block;
                self.editor = None;
                self.send_edit(block, text, bus);
            }
            _ => {
                if editor.textarea.input(key) {
                    bus.push(AppEvent::Send(Op::ReviewDraft {
                        review: self.id,
                        block: editor.block,
                        text: text_of(&editor.textarea),
                    }));
                }
            }
        }
    }

    /// The text an external editor came back with.
    pub fn edited_externally(&mut self, block: BlockId, text: String, bus: &mut Vec<AppEvent>) {
        self.send_edit(block, text, bus);
    }

    fn send_edit(&mut self, block: BlockId, text: String, bus: &mut Vec<AppEvent>) {
        let unchanged = self
            .blocks
            .iter()
            .find(|shown| shown.block.id == block)
            .and_then(|shown| shown.block.editable_text.as_deref())
            == Some(text.as_str());
        if unchanged {
            bus.push(AppEvent::Flash("No change to the block's text.".into()));
            return;
        }
        bus.push(AppEvent::Send(Op::ReviewDecide {
            review: self.id,
            block,
            decision: BlockDecision::Edit { text },
            seen: self.revision(block),
        }));
        self.advance();
    }

    fn revision(&self, block: BlockId) -> u64 {
        self.blocks
            .iter()
            .find(|shown| shown.block.id == block)
            .map_or(0, |shown| shown.block.revision)
    }

    /// A review key; returns whether it was used.
    pub fn action(&mut self, action: Action, bus: &mut Vec<AppEvent>) -> bool {
        if self.finished {
            bus.push(AppEvent::Flash("This review is over.".into()));
            return true;
        }
        let count = self.blocks.len();
        if count == 0 {
            return true;
        }
        self.selected = self.selected.min(count - 1);
        let shown = &self.blocks[self.selected];
        let failed = matches!(shown.block.state, BlockState::Failed { .. });
        let block = shown.block.id;
        match action {
            Action::Accept if failed => {
                let reason = match &shown.block.state {
                    BlockState::Failed { reason, .. } => first_line(reason).to_string(),
                    BlockState::Planned { .. } => String::new(),
                };
                // The hint line under the title names the key that drops it.
                bus.push(AppEvent::Flash(format!(
                    "Block {} cannot be applied ({reason}); it will be sent back to the model",
                    block + 1
                )));
            }
            Action::Accept | Action::Reject => {
                let decision = if action == Action::Accept {
                    BlockDecision::Accept
                } else {
                    BlockDecision::Reject
                };
                let seen = shown.block.revision;
                self.mark(self.selected, action == Action::Accept, failed);
                bus.push(AppEvent::Send(Op::ReviewDecide {
                    review: self.id,
                    block,
                    decision,
                    seen,
                }));
                self.advance();
            }
            Action::NextBlock => self.selected = (self.selected + 1).min(count - 1),
            Action::PrevBlock => self.selected = self.selected.saturating_sub(1),
            Action::AcceptAll | Action::RejectAll => {
                let accept = action == Action::AcceptAll;
                for index in 0..count {
                    let shown = &self.blocks[index];
                    let planned = matches!(shown.block.state, BlockState::Planned { .. });
                    if shown.block.decision != BlockDecisionState::Pending || !planned {
                        continue;
                    }
                    if accept && shown.block.needs_confirmation.is_some() {
                        // A protected block is accepted only on its own.
                        continue;
                    }
                    let (id, seen) = (shown.block.id, shown.block.revision);
                    self.mark(index, accept, false);
                    bus.push(AppEvent::Send(Op::ReviewDecide {
                        review: self.id,
                        block: id,
                        decision: if accept {
                            BlockDecision::Accept
                        } else {
                            BlockDecision::Reject
                        },
                        seen,
                    }));
                }
                self.advance();
            }
            Action::FinishReview => {
                bus.push(AppEvent::Send(Op::ReviewFinish { review: self.id }));
            }
            Action::ToggleTellRejected => {
                self.tell_rejected = !self.tell_rejected;
                bus.push(AppEvent::Send(Op::ReviewTellRejected {
                    review: self.id,
                    on: self.tell_rejected,
                }));
                bus.push(AppEvent::Flash(if self.tell_rejected {
                    "The model will be told about rejected blocks.".into()
                } else {
                    "Rejected blocks will not be mentioned to the model.".into()
                }));
            }
            Action::EditBlock | Action::EditBlockExternally => {
                let Some(text) = shown.block.editable_text.clone() else {
                    bus.push(AppEvent::Flash(
                        "This block has no text to edit (it deletes a file).".into(),
                    ));
                    return true;
                };
                if action == Action::EditBlockExternally {
                    bus.push(AppEvent::EditExternally(ExternalEdit::Block {
                        review: self.id,
                        block,
                        text,
                        path: shown.block.path.clone(),
                    }));
                    return true;
                }
                let mut textarea = TextArea::from(text.lines().map(str::to_string));
                textarea.set_cursor_line_style(Style::default());
                textarea.set_cursor_style(Style::default().add_modifier(Modifier::REVERSED));
                self.editor = Some(Editor {
                    block,
                    textarea,
                    draft: Some(shown.view_clone(self.palette)),
                    problem: None,
                });
            }
            _ => return false,
        }
        true
    }

    /// Shows a decision at once (the engine's update confirms or corrects it).
    fn mark(&mut self, index: usize, accept: bool, failed: bool) {
        let shown = &mut self.blocks[index];
        shown.block.decision = match (accept, failed) {
            (true, _) => BlockDecisionState::Accepted,
            (false, true) => BlockDecisionState::Dropped,
            (false, false) => BlockDecisionState::Rejected,
        };
    }

    /// The first block in reply order that waits for the user, a failed one included:
    /// the review opens on it, so the keys its hints name act on the block they describe.
    fn first_undecided(&self) -> Option<usize> {
        self.blocks
            .iter()
            .position(|shown| shown.block.decision == BlockDecisionState::Pending)
    }

    /// Moves to the next pending block after the selected one (wrapping).
    fn advance(&mut self) {
        let count = self.blocks.len();
        for step in 1..=count {
            let index = (self.selected + step) % count;
            let shown = &self.blocks[index];
            if shown.block.decision == BlockDecisionState::Pending
                && matches!(shown.block.state, BlockState::Planned { .. })
            {
                self.selected = index;
                return;
            }
        }
    }

    /// The header lines: the block strip, the selected block, its state, the keys.
    pub fn header(&self, styles: &Styles, hints: &Hints) -> Vec<Line<'static>> {
        let strip = self.strip(styles);
        let Some(shown) = self.blocks.get(self.selected) else {
            return vec![strip];
        };
        let block = &shown.block;
        let mut lines = vec![strip, self.title(block, styles)];
        lines.extend(self.warnings(block, styles));
        lines.extend(self.hints(block, styles, hints));
        lines
    }

    /// Every block's number and mark, the selected one highlighted.
    fn strip(&self, styles: &Styles) -> Line<'static> {
        let mut strip = vec![Span::styled(
            if self.finished {
                "Review (ended) "
            } else {
                "Review "
            },
            styles.title,
        )];
        for (index, shown) in self.blocks.iter().enumerate() {
            let (mark, style) = mark_of(&shown.block, styles);
            let label = format!("{}{mark}", shown.block.id + 1);
            let style = if index == self.selected {
                style.patch(styles.selection)
            } else {
                style
            };
            strip.push(Span::styled(label, style));
            strip.push(Span::raw(" "));
        }
        Line::from(strip)
    }

    /// The selected block: its place, its file and what it does there, its state.
    fn title(&self, block: &ReviewBlock, styles: &Styles) -> Line<'static> {
        let (state, style) = state_words(block, styles);
        let what = match &block.state {
            BlockState::Planned {
                change: ChangeKind::Create,
                ..
            } => " (new file)".to_string(),
            BlockState::Planned {
                change: ChangeKind::Delete,
                ..
            } => " (deletes the file)".to_string(),
            BlockState::Planned {
                change: ChangeKind::Move { to },
                ..
            } => format!(" (moves to {})", printable(to)),
            _ => String::new(),
        };
        let mut title = vec![
            Span::styled(
                format!("{}/{} ", self.selected + 1, self.blocks.len()),
                styles.dim,
            ),
            Span::styled(format!("{}{what}", printable(&block.path)), styles.title),
            Span::raw("  "),
            Span::styled(state, style),
        ];
        if block.replanned {
            title.push(Span::styled("  re-planned", styles.pending));
        }
        Line::from(title)
    }

    /// Why the selected block fails or needs a yes, the review's notice, and the other
    /// blocks that go back to the model.
    fn warnings(&self, block: &ReviewBlock, styles: &Styles) -> Vec<Line<'static>> {
        let mut lines = Vec::new();
        if let BlockState::Failed { reason, .. } = &block.state {
            lines.push(Line::styled(
                printable(first_line(reason)).into_owned(),
                styles.error,
            ));
        }
        if let (Some(found), BlockState::Planned { .. }) = (&block.syntax_error, &block.state) {
            lines.push(Line::styled(
                format!(
                    "⚠ leaves a syntax error at line {}: {}",
                    found.line,
                    printable(&found.message)
                ),
                styles.error,
            ));
        }
        if let Some(reason) = &block.needs_confirmation {
            lines.push(Line::styled(
                format!("needs your yes: {}", printable(reason)),
                styles.pending,
            ));
        }
        if let Some(notice) = &self.notice {
            lines.push(Line::styled(printable(notice).into_owned(), styles.pending));
        }
        let going_back: Vec<String> = self
            .blocks
            .iter()
            .enumerate()
            .filter(|(index, shown)| {
                *index != self.selected
                    && shown.block.decision == BlockDecisionState::Pending
                    && matches!(shown.block.state, BlockState::Failed { .. })
            })
            .map(|(_, shown)| (shown.block.id + 1).to_string())
            .collect();
        if !going_back.is_empty() && !self.finished {
            let (noun, pronoun) = if going_back.len() == 1 {
                ("Block", "it goes")
            } else {
                ("Blocks", "they go")
            };
            // No key here: a key acts on the selected block, and these are others.
            lines.push(Line::styled(
                format!(
                    "{noun} {} cannot be applied: {pronoun} back to the model",
                    going_back.join(", ")
                ),
                styles.error,
            ));
        }
        lines
    }

    /// The keys that work now: the inline editor's, or the review's.
    fn hints(&self, block: &ReviewBlock, styles: &Styles, hints: &Hints) -> Vec<Line<'static>> {
        if let Some(editor) = &self.editor {
            let problem = editor
                .problem
                .as_deref()
                .map(|problem| format!(" · does not apply: {}", first_line(problem)))
                .unwrap_or_default();
            return vec![Line::styled(
                format!(
                    "editing block {} · {}{problem}",
                    editor.block + 1,
                    hints.block_editor
                ),
                styles.dim,
            )];
        }
        if self.finished {
            return Vec::new();
        }
        let tell = if self.tell_rejected { "on" } else { "off" };
        let auto = if self.auto_accept {
            " · auto-accept on"
        } else {
            ""
        };
        let keys = if matches!(block.state, BlockState::Failed { .. }) {
            &hints.review_failed
        } else {
            &hints.review
        };
        vec![
            Line::styled(keys.clone(), styles.dim),
            Line::styled(format!("{}: {tell}{auto}", hints.review_more), styles.dim),
        ]
    }

    /// Draws the inline editor over `area` (the diff of the draft goes below it).
    /// Returns the area left for the diff, or `None` when no editor is open.
    pub fn draw_editor(&self, frame: &mut Frame, area: Rect, styles: &Styles) -> Option<Rect> {
        let editor = self.editor.as_ref()?;
        let lines = editor.textarea.lines().len() as u16;
        let height = (lines + 1).clamp(3, area.height / 2);
        let [edit_area, rule, diff_area] = Layout::vertical([
            Constraint::Length(height),
            Constraint::Length(1),
            Constraint::Min(0),
        ])
        .areas(area);
        frame.render_widget(&editor.textarea, edit_area);
        frame.render_widget(
            Paragraph::new(Line::styled("── diff of your version ──", styles.dim)),
            rule,
        );
        Some(diff_area)
    }
}

impl Shown {
    fn view_clone(&self, palette: Palette) -> DiffView {
        view_of(&self.block, palette)
    }
}

/// The diff of a block as the engine planned it (a failed block: what it tried).
/// A failed block's closest lines of the file follow, against its SEARCH text.
fn view_of(block: &ReviewBlock, palette: Palette) -> DiffView {
    let (BlockState::Planned { hunks, .. } | BlockState::Failed { hunks, .. }) = &block.state;
    let mut files = vec![FileHunks {
        path: &block.path,
        header: None,
        hunks,
    }];
    if let BlockState::Failed {
        closest: Some(closest),
        ..
    } = &block.state
    {
        files.push(FileHunks {
            path: &block.path,
            header: Some(format!(
                "Closest in {} from line {} (−) against the block's SEARCH (+)",
                printable(&block.path),
                closest.old_start
            )),
            hunks: std::slice::from_ref(closest),
        });
    }
    let mut view = DiffView::from_files(&files, palette);
    if let Some(found) = &block.syntax_error {
        view.mark_new_line(found.line);
    }
    view
}

fn mark_of(block: &ReviewBlock, styles: &Styles) -> (&'static str, Style) {
    match (&block.decision, &block.state) {
        (BlockDecisionState::Accepted, _) => ("✓", styles.accepted),
        (BlockDecisionState::Edited, _) => ("✎", styles.accepted),
        (BlockDecisionState::Rejected, _) => ("✗", styles.rejected),
        (BlockDecisionState::Dropped, _) => ("–", styles.dim),
        (BlockDecisionState::Pending, BlockState::Failed { .. }) => ("!", styles.error),
        (BlockDecisionState::Pending, BlockState::Planned { .. }) => ("·", styles.pending),
    }
}

fn state_words(block: &ReviewBlock, styles: &Styles) -> (String, Style) {
    let (words, style) = match (&block.decision, &block.state) {
        (BlockDecisionState::Accepted, _) => ("accepted", styles.accepted),
        (BlockDecisionState::Edited, _) => ("accepted as you edited it", styles.accepted),
        (BlockDecisionState::Rejected, _) => ("rejected", styles.rejected),
        (BlockDecisionState::Dropped, _) => ("dropped — not sent back", styles.dim),
        (BlockDecisionState::Pending, BlockState::Failed { .. }) => {
            ("failed — goes back to the model", styles.error)
        }
        (BlockDecisionState::Pending, BlockState::Planned { .. }) => ("pending", styles.pending),
    };
    (words.to_string(), style)
}

fn text_of(textarea: &TextArea<'static>) -> String {
    let mut text = textarea.lines().join("\n");
    text.push('\n');
    text
}

fn first_line(text: &str) -> &str {
    text.lines().next().unwrap_or("")
}
