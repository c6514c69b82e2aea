//! The panes of the session, each with its own state, keys and `draw(&self)`, and
//! [`Panes`], which owns them and says which one stands at each place of the layout.

pub mod chat;
pub mod commits;
pub mod context;
pub mod diff;
pub mod files;
pub mod input;
pub mod plan;
pub mod repo_map;
pub mod review;
pub mod status;

use super::app_event::Focus;
use super::pane::Component;

/// Every pane of the layout. Two places hold one of two panes: the diff's holds the
/// architect's plan while it waits for a decision, the repo map's holds the context
/// report while it is shown.
pub struct Panes {
    pub chat: chat::ChatPane,
    pub diff: diff::DiffPane,
    pub plan: plan::PlanPane,
    pub files: files::FilesPane,
    pub commits: commits::CommitLogPane,
    pub map: repo_map::RepoMapPane,
    pub context: context::ContextPane,
    /// The context report stands in the repo map's place.
    pub context_shown: bool,
    pub input: input::InputPane,
}

impl Panes {
    /// The pane standing at `focus`.
    pub fn pane(&self, focus: Focus) -> &dyn Component {
        match focus {
            Focus::Input => &self.input,
            Focus::Chat => &self.chat,
            Focus::Diff if self.plan.is_open() => &self.plan,
            Focus::Diff => &self.diff,
            Focus::Files => &self.files,
            Focus::Commits => &self.commits,
            Focus::Map if self.context_shown => &self.context,
            Focus::Map => &self.map,
        }
    }

    /// The pane standing at `focus`, to change.
    pub fn pane_mut(&mut self, focus: Focus) -> &mut dyn Component {
        match focus {
            Focus::Input => &mut self.input,
            Focus::Chat => &mut self.chat,
            Focus::Diff if self.plan.is_open() => &mut self.plan,
            Focus::Diff => &mut self.diff,
            Focus::Files => &mut self.files,
            Focus::Commits => &mut self.commits,
            Focus::Map if self.context_shown => &mut self.context,
            Focus::Map => &mut self.map,
        }
    }
}
