//! What the context pane remembers between requests: whether reports are wanted, the
//! last request's parts, the last reply's cache counts, the last summary.

use crate::protocol::{CacheCounts, SummaryFigures};

use super::prompt::PromptPart;

/// What the context pane remembers between requests.
#[derive(Default)]
pub struct ContextState {
    /// A front end asked for reports: send one whenever the next request changes.
    pub wanted: bool,
    /// The parts of the last request sent, and to which model.
    pub last_sent: Option<(String, Vec<PromptPart>)>,
    /// The cache counts of the last reply, and from which model.
    pub last_counts: Option<(String, CacheCounts)>,
    /// The last history summary of the session.
    pub summary: Option<SummaryFigures>,
}
