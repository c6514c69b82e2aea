//! What the context pane remembers between requests: whether reports are wanted, the
//! last request's parts, the last reply's cache counts, the last summary.

use crate::llm::Usage;
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

impl ContextState {
    /// A reply from `model` reported `usage`: keep its cache counts for the pane.
    pub fn note_reply(&mut self, model: &str, usage: &Usage) {
        if usage.prompt_tokens() == 0 {
            return;
        }
        let counts = CacheCounts {
            read: usage.cache_read_tokens,
            written: usage.cache_write_tokens,
            uncached: usage.input_tokens,
        };
        self.last_counts = Some((model.to_string(), counts));
    }
}
