//! The bookkeeping of turns: which chat entry each message sent echoed, what the
//! engine queued behind the running turn, and what the running turn did.

use std::collections::VecDeque;

use crate::protocol::DuringTurn;
use crate::tui::panes::chat::EntryId;

/// The turns: what was sent and has not started, what runs now, what it did.
#[derive(Debug, Default)]
pub struct TurnBook {
    /// For each `Op::Submit` sent and not started yet, in order: the chat entry it
    /// echoed, if any (a turn the engine saves is tagged on that entry).
    pub submitted: VecDeque<Option<EntryId>>,
    /// How many of `submitted`, from the front, the engine queued behind the running
    /// turn (`Event::SentDuringTurn`); the engine answers the later ones in order.
    queued_ahead: usize,
    /// The chat entry of the turn running now.
    pub entry: Option<EntryId>,
    /// A turn is running (between `TurnStarted` and `TurnFinished`).
    pub running: bool,
    /// Some turn has started since the session opened.
    pub seen: bool,
    /// Messages and commands sent whose turns have not finished.
    pub in_flight: usize,
    /// An edit of the current turn failed (a rejection by the user is not a failure).
    pub edit_failed: bool,
    /// An interrupt was sent for the running turn (a second Ctrl-C goes on to quit).
    pub interrupting: bool,
}

impl TurnBook {
    /// Whether a turn runs or is on its way: what is sent now waits for it.
    pub fn busy(&self) -> bool {
        self.running || !self.submitted.is_empty()
    }

    /// A message sent during a turn was queued (it starts a turn later) or not (it
    /// never will): the entries waiting for a `TurnStarted` follow.
    pub fn sent_during_turn(&mut self, handling: &DuringTurn) {
        let never_runs = match handling {
            DuringTurn::Queued => {
                self.queued_ahead += 1;
                return;
            }
            DuringTurn::Answered | DuringTurn::Refused { .. } => 0,
            DuringTurn::Cancelled { dropped } => dropped.len().min(self.queued_ahead),
        };
        // The line itself, then the queued ones `/cancel` dropped (the oldest first).
        if self.queued_ahead < self.submitted.len() {
            self.submitted.remove(self.queued_ahead);
        }
        self.submitted.drain(..never_runs);
        self.queued_ahead -= never_runs;
        self.in_flight = self.in_flight.saturating_sub(1 + never_runs);
    }

    /// A turn started: the oldest message sent is the one it runs.
    pub fn start(&mut self) {
        self.entry = self.submitted.pop_front().flatten();
        self.queued_ahead = self.queued_ahead.saturating_sub(1);
        self.running = true;
        self.seen = true;
        self.edit_failed = false;
        self.interrupting = false;
    }

    pub fn finish(&mut self) {
        self.running = false;
        self.entry = None;
        self.in_flight = self.in_flight.saturating_sub(1);
        self.interrupting = false;
    }
}
