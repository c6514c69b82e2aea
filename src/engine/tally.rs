//! What the engine's events showed, counted as they go out (the emitter feeds it) and
//! read when the session is saved.

use std::sync::{Arc, Mutex};

use crate::protocol::{EditStatus, Event};
use crate::sessions::{StoredCommit, TokenTotals};

/// What the engine's events showed: the current turn's commits and whether it
/// changed files, and the session's token totals. Shared with the emitter, which
/// shows it every event it sends.
#[derive(Clone, Default)]
pub struct Tally(Arc<Mutex<TallyCounts>>);

#[derive(Default)]
struct TallyCounts {
    commits: Vec<StoredCommit>,
    edited: bool,
    tokens: TokenTotals,
}

impl Tally {
    /// Counts what `event` says happened.
    pub fn observe(&self, event: &Event) {
        let mut counts = self.lock();
        match event {
            Event::CommitMade { commit } => counts.commits.push(StoredCommit {
                id: commit.id.clone(),
                summary: commit.summary.clone(),
                by_assistant: commit.made_by.is_assistant(),
            }),
            Event::ReplyFinished { usage, .. } => {
                counts.tokens.sent += usage.prompt_tokens();
                counts.tokens.received += usage.output_tokens;
                counts.tokens.cache_read += usage.cache_read_tokens;
                counts.tokens.cache_write += usage.cache_write_tokens;
            }
            Event::EditResults { results } => {
                counts.edited |= results.iter().any(|result| {
                    matches!(
                        result.status,
                        EditStatus::Applied
                            | EditStatus::Created
                            | EditStatus::Deleted
                            | EditStatus::Moved { .. }
                    )
                });
            }
            _ => {}
        }
    }

    /// Forgets the commits and edits counted so far (a turn begins).
    pub(super) fn start_turn(&self) {
        let mut counts = self.lock();
        counts.commits.clear();
        counts.edited = false;
    }

    /// The turn's commits and whether it changed files.
    pub(super) fn take_turn(&self) -> (Vec<StoredCommit>, bool) {
        let mut counts = self.lock();
        let edited = std::mem::take(&mut counts.edited);
        (std::mem::take(&mut counts.commits), edited)
    }

    pub(super) fn tokens(&self) -> TokenTotals {
        self.lock().tokens
    }

    pub(super) fn set_tokens(&self, tokens: TokenTotals) {
        self.lock().tokens = tokens;
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, TallyCounts> {
        self.0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}
