//! The repository's recent commits, the tool's own marked ◆ and Aider's ◇; open one's
//! diff, undo one.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::protocol::{CommitInfo, Maker, Op};
use crate::tui::app_event::{AppEvent, Confirmation, Focus};
use crate::tui::keymap::Action;
use crate::tui::pane::DrawContext;
use crate::tui::search::{contains, highlight, match_style, next_match};

/// How many commits the log asks for.
pub const LOG_LIMIT: usize = 100;

/// The commit log pane.
#[derive(Debug, Default)]
pub struct CommitLogPane {
    commits: Vec<CommitInfo>,
    selected: usize,
    loaded: bool,
}

impl CommitLogPane {
    /// The engine's commit list (newest first).
    pub fn set_commits(&mut self, commits: Vec<CommitInfo>) {
        self.commits = commits;
        self.loaded = true;
        self.selected = self.selected.min(self.commits.len().saturating_sub(1));
    }

    /// A click on row `row` of the list (drawn `height` rows tall): selects the commit
    /// there; returns whether there is one.
    pub fn select_row(&mut self, row: usize, height: usize) -> bool {
        let index = (self.selected + 1).saturating_sub(height) + row;
        if index >= self.commits.len() {
            return false;
        }
        self.selected = index;
        true
    }

    /// Selects the next commit (`step` 1: older, -1: newer) whose id or summary holds
    /// `query`, from the selection (included when `fresh`); returns whether one did.
    pub fn find(&mut self, query: &str, step: isize, fresh: bool) -> bool {
        let from = if fresh {
            (self.selected as isize - step).try_into().ok()
        } else {
            Some(self.selected)
        };
        let commits = &self.commits;
        let hit = |index: usize| {
            let commit = &commits[index];
            contains(&commit.short_id, query) || contains(&commit.summary, query)
        };
        match next_match(commits.len(), from, step, hit) {
            Some(index) => {
                self.selected = index;
                true
            }
            None => false,
        }
    }

    /// Handles a key action; returns whether it was used.
    pub fn on_action(&mut self, action: Action, bus: &mut Vec<AppEvent>) -> bool {
        match action {
            Action::Up => self.selected = self.selected.saturating_sub(1),
            Action::Down => {
                self.selected = (self.selected + 1).min(self.commits.len().saturating_sub(1))
            }
            Action::Refresh => bus.push(AppEvent::Send(Op::RequestCommitLog { limit: LOG_LIMIT })),
            Action::Open => {
                if let Some(commit) = self.commits.get(self.selected) {
                    bus.push(AppEvent::Send(Op::RequestCommitDiff {
                        commit: commit.id.clone(),
                    }));
                    bus.push(AppEvent::Focus(Focus::Diff));
                }
            }
            Action::Undo => {
                let Some(commit) = self.commits.get(self.selected) else {
                    bus.push(AppEvent::Flash("No commit selected.".into()));
                    return true;
                };
                let how = match (self.selected == 0, commit.made_by) {
                    (true, Maker::AiderTui) => {
                        "it is the latest tool commit: the branch is reset to its parent"
                    }
                    (true, Maker::Aider) => {
                        "it is Aider's latest commit: the branch is reset to its parent"
                    }
                    _ => "a new commit will revert it",
                };
                bus.push(AppEvent::Confirm(Confirmation {
                    text: format!(
                        "Undo commit {} \"{}\"? ({how})",
                        commit.short_id, commit.summary
                    ),
                    on_yes: vec![
                        Op::UndoCommit {
                            commit: commit.id.clone(),
                        },
                        Op::RequestCommitLog { limit: LOG_LIMIT },
                    ],
                    on_no: Vec::new(),
                }));
            }
            _ => return false,
        }
        true
    }

    /// Draws the pane.
    pub fn draw(&self, frame: &mut Frame, area: Rect, context: DrawContext) {
        let styles = context.styles;
        let block = context.block("Commits", None);
        let inner = block.inner(area);
        frame.render_widget(block, area);
        let height = usize::from(inner.height);
        let mut lines: Vec<Line> = Vec::new();
        if self.commits.is_empty() {
            let text = if self.loaded {
                "No commits."
            } else {
                "Loading…"
            };
            lines.push(Line::styled(text, styles.dim));
        }
        let skip = (self.selected + 1).saturating_sub(height);
        for (index, commit) in self.commits.iter().enumerate().skip(skip).take(height) {
            let mut summary = styles.text;
            if context.focused && index == self.selected {
                summary = summary.patch(styles.selection);
            }
            // Ours full, Aider's hollow: both are the assistant's, told apart.
            let mark = match commit.made_by {
                Maker::AiderTui => Span::styled("◆ ", styles.assistant.patch(styles.accepted)),
                Maker::Aider => Span::styled("◇ ", styles.assistant),
                Maker::User => Span::raw("  "),
            };
            let line = Line::from(vec![
                Span::styled(format!("{} ", commit.short_id), styles.hunk),
                mark,
                Span::styled(
                    crate::text::printable(&commit.summary).into_owned(),
                    summary,
                ),
            ]);
            lines.push(match context.search {
                Some(query) => highlight(&line, query, match_style(index == self.selected)),
                None => line,
            });
        }
        frame.render_widget(Paragraph::new(lines), inner);
    }
}
