//! The repository's recent commits, the tool's own marked ◆ and Aider's ◇; open one's
//! diff, undo one.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::protocol::{CommitInfo, Maker, Op};
use crate::text::printable;
use crate::tui::app_event::{AppEvent, Confirmation, Focus};
use crate::tui::cells;
use crate::tui::keymap::Action;
use crate::tui::pane::{Component, DrawContext, Handled};
use crate::tui::search::{contains, highlight, match_style, next_match};
use crate::tui::theme::Styles;

/// How many commits the log asks for.
pub const LOG_LIMIT: usize = 100;

/// The commit log pane.
#[derive(Debug, Default)]
pub struct CommitLogPane {
    commits: Vec<CommitInfo>,
    selected: usize,
    loaded: bool,
    /// When the list arrived (seconds since the epoch): dates are told relative to it.
    now: i64,
}

impl CommitLogPane {
    /// The engine's commit list (newest first).
    pub fn set_commits(&mut self, commits: Vec<CommitInfo>) {
        self.commits = commits;
        self.loaded = true;
        self.now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |since| since.as_secs() as i64);
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
        let width = usize::from(inner.width);
        for (index, commit) in self.commits.iter().enumerate().skip(skip).take(height) {
            let selected = context.focused && index == self.selected;
            let line = self.row(commit, width, selected, styles);
            lines.push(match context.search {
                Some(query) => highlight(&line, query, match_style(index == self.selected)),
                None => line,
            });
        }
        frame.render_widget(Paragraph::new(lines), inner);
    }

    /// One commit: id, maker's mark, subject (cut to fit), author and age on the right.
    fn row(
        &self,
        commit: &CommitInfo,
        width: usize,
        selected: bool,
        styles: &Styles,
    ) -> Line<'static> {
        let mut subject_style = styles.text;
        if selected {
            subject_style = subject_style.patch(styles.selection);
        }
        // Ours full, Aider's hollow: both are the assistant's, told apart.
        let mark = match commit.made_by {
            Maker::AiderTui => Span::styled("◆ ", styles.assistant.patch(styles.accepted)),
            Maker::Aider => Span::styled("◇ ", styles.assistant),
            Maker::User => Span::raw("  "),
        };
        let summary = printable(&commit.summary);
        let age = format!(" {}", relative_age(self.now - commit.time));
        let full = format!(" {}{age}", first_name(&printable(&commit.author)));
        let lead = format!("{} ", commit.short_id);
        let room = width.saturating_sub(cells::width(&lead) + mark.width());
        // The whole subject first: the author goes before the age does, and a subject
        // too long for the row is cut to keep a short age beside it.
        let meta = [full, age.clone()]
            .into_iter()
            .find(|meta| cells::width(&summary) + cells::width(meta) <= room)
            .unwrap_or(if cells::width(&age) <= room / 3 {
                age
            } else {
                String::new()
            });
        let subject = fit(&summary, room - cells::width(&meta));
        let pad = room - cells::width(&meta) - cells::width(&subject);
        Line::from(vec![
            Span::styled(lead, styles.hunk),
            mark,
            Span::styled(subject, subject_style),
            Span::raw(" ".repeat(pad)),
            Span::styled(meta, styles.dim),
        ])
    }
}

/// The author's first name, at most ten columns.
fn first_name(author: &str) -> String {
    fit(author.split_whitespace().next().unwrap_or(""), 10)
}

/// `text` cut to `width` columns between grapheme clusters, `…` marking the cut.
fn fit(text: &str, width: usize) -> String {
    if cells::width(text) <= width {
        return text.to_string();
    }
    let mut out = cells::truncate(text, width.saturating_sub(1)).to_string();
    if width > 0 {
        out.push('…');
    }
    out
}

/// An age in seconds as a short word: `now`, `5m`, `3h`, `2d`, `3w`, `4mo`, `2y`.
fn relative_age(seconds: i64) -> String {
    const MINUTE: i64 = 60;
    const HOUR: i64 = 60 * MINUTE;
    const DAY: i64 = 24 * HOUR;
    match seconds.max(0) {
        age if age < 2 * MINUTE => "now".to_string(),
        age if age < HOUR => format!("{}m", age / MINUTE),
        age if age < DAY => format!("{}h", age / HOUR),
        age if age < 14 * DAY => format!("{}d", age / DAY),
        age if age < 60 * DAY => format!("{}w", age / (7 * DAY)),
        age if age < 365 * DAY => format!("{}mo", age / (30 * DAY)),
        age => format!("{}y", age / (365 * DAY)),
    }
}

impl Component for CommitLogPane {
    fn title(&self) -> &'static str {
        "Commits"
    }

    fn draw(&self, frame: &mut Frame, area: Rect, context: &DrawContext) {
        CommitLogPane::draw(self, frame, area, *context);
    }

    fn handle(&mut self, action: Action, bus: &mut Vec<AppEvent>) -> Handled {
        self.on_action(action, bus).into()
    }

    /// A list: a notch moves the selection one commit.
    fn wheel_rows(&self) -> usize {
        1
    }

    fn click(&mut self, row: usize, _column: usize, height: usize, _was_focused: bool) -> bool {
        self.select_row(row, height)
    }

    /// Shows the commit clicked twice.
    fn double_click(&mut self, bus: &mut Vec<AppEvent>) {
        self.on_action(Action::Open, bus);
    }

    fn searchable(&self) -> bool {
        true
    }

    fn find(&mut self, query: &str, step: isize, fresh: bool) -> bool {
        CommitLogPane::find(self, query, step, fresh)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ages_read_as_short_words() {
        let words: Vec<String> = [
            0,
            119,
            600,
            7200,
            3 * 86400,
            20 * 86400,
            90 * 86400,
            800 * 86400,
        ]
        .into_iter()
        .map(relative_age)
        .collect();
        assert_eq!(words, ["now", "now", "10m", "2h", "3d", "2w", "3mo", "2y"]);
    }

    #[test]
    fn a_long_subject_is_cut_with_a_mark() {
        assert_eq!(fit("feat: a long subject", 8), "feat: a…");
        assert_eq!(fit("short", 8), "short");
        assert_eq!(first_name("Test User"), "Test");
    }
}
