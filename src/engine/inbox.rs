//! The engine's side of the two channels: reading operations and sending events.
//!
//! A turn waits for specific operations (a decision on its review, an answer to its
//! question, an interrupt) while the front end may send anything at any time. Lookups
//! (the commit log, a commit's diff, the file list, the map, the context report) are
//! answered at once beside the turn ([`Lookups`]); a message or command sent meanwhile
//! is answered, queued or refused at once by the rule of `during_turn`; what else the
//! turn cannot use now is kept, in order, for the main loop.

use std::collections::VecDeque;

use tokio::sync::mpsc;

pub use super::emitter::Emitter;

use super::during_turn::{Handling, classify};
use super::lookups::Lookups;
use crate::protocol::{DuringTurn, Event, Op, QuestionId, QuestionKind, Refusal, without_key};

/// Reads operations, holding back the ones a waiting turn cannot use.
pub struct Inbox {
    ops: mpsc::Receiver<Op>,
    held: VecDeque<Op>,
    /// Answers lookups while a turn runs (set once the session's repository is known).
    lookups: Option<Lookups>,
    /// Set once `Op::Quit` arrived or the front end hung up.
    pub quit: bool,
    /// Auto-accept of proposed edits, changed at any time by `Op::SetAutoAccept`.
    pub auto_accept: bool,
    /// An interrupt arrived that the current turn has not consumed yet.
    pub interrupted: bool,
    /// A context report was asked for during a turn: reports follow from now on.
    pub context_wanted: bool,
    /// A turn is running (`Engine::submit`). The main loop waits through
    /// `receive_during_turn` too (a map render between turns): a message sent then is
    /// simply next, not queued behind a turn.
    pub turn_running: bool,
    next_question: QuestionId,
}

impl Inbox {
    /// Wraps the operation channel.
    pub fn new(ops: mpsc::Receiver<Op>, auto_accept: bool) -> Self {
        Inbox {
            ops,
            held: VecDeque::new(),
            lookups: None,
            quit: false,
            auto_accept,
            interrupted: false,
            context_wanted: false,
            turn_running: false,
            next_question: 1,
        }
    }

    /// The next operation for the main loop: held ones first. `None` once the session ends.
    pub async fn next(&mut self) -> Option<Op> {
        if self.quit {
            return None;
        }
        if let Some(op) = self.held.pop_front() {
            return Some(op);
        }
        match self.receive().await {
            Some(op) => Some(op),
            None => {
                self.quit = true;
                None
            }
        }
    }

    /// The next operation from the channel. A line that may hold a key (`/key` typed
    /// with its key in a headless `--message`, or `/KEY`, `/kye`: see `may_hold_key`)
    /// loses the key here, before anything echoes, records, logs or sends the text;
    /// the command then says how to give a key there, or which command was meant.
    async fn receive(&mut self) -> Option<Op> {
        let op = self.ops.recv().await?;
        Some(match op {
            Op::Submit { text } => Op::Submit {
                text: without_key(&text).into_owned(),
            },
            op => op,
        })
    }

    /// Answers lookups with `lookups` from now on while a turn runs.
    pub fn answer_lookups_with(&mut self, lookups: Lookups) {
        self.lookups = Some(lookups);
    }

    /// The lookups, to give them a new snapshot.
    pub fn lookups_mut(&mut self) -> Option<&mut Lookups> {
        self.lookups.as_mut()
    }

    /// Waits for one operation straight from the channel (not the held ones), applying
    /// the ones that act at once (auto-accept, interrupt, quit) and answering lookups
    /// beside the turn. Used while a turn runs.
    pub async fn receive_during_turn(&mut self) -> Option<Op> {
        loop {
            if self.quit {
                return None;
            }
            let Some(op) = self.receive().await else {
                self.quit = true;
                self.interrupted = true;
                return None;
            };
            let op = if self.lookups.is_some() {
                match self.beside_turn(op).await {
                    Some(op) => op,
                    None => continue,
                }
            } else {
                op
            };
            return match op {
                Op::SetAutoAccept { on } => {
                    self.auto_accept = on;
                    Some(Op::SetAutoAccept { on })
                }
                Op::Interrupt => {
                    self.interrupted = true;
                    Some(Op::Interrupt)
                }
                Op::Quit => {
                    self.quit = true;
                    self.interrupted = true;
                    None
                }
                op => Some(op),
            };
        }
    }

    /// Answers what can be answered beside the turn (lookups, messages and commands);
    /// the rest comes back for the turn.
    async fn beside_turn(&mut self, op: Op) -> Option<Op> {
        let lookups = self.lookups.clone()?;
        match op {
            Op::Submit { text } if self.turn_running => {
                self.sent_during_turn(text).await;
                None
            }
            Op::UndoCommit { .. } if self.turn_running => {
                let words = crate::text::refusal(Refusal::MovesCommits);
                lookups.emitter().warn(format!("Not undone. {words}")).await;
                None
            }
            op => {
                self.context_wanted |= op == Op::RequestContextReport;
                lookups.take(op)
            }
        }
    }

    /// A message or command sent while a turn runs: answered, queued or refused by the
    /// rule of `during_turn`, and the front end told which at once.
    async fn sent_during_turn(&mut self, text: String) {
        let Some(lookups) = self.lookups.clone() else {
            self.hold(Op::Submit { text });
            return;
        };
        let handling = match classify(&text) {
            Handling::Answer(lookup) => {
                lookups.answer(lookup);
                DuringTurn::Answered
            }
            Handling::Queue => {
                self.hold(Op::Submit { text: text.clone() });
                DuringTurn::Queued
            }
            Handling::Refuse(reason) => DuringTurn::Refused { reason },
            Handling::Cancel => DuringTurn::Cancelled {
                dropped: self.drop_queued(),
            },
            Handling::Quit => {
                self.quit = true;
                self.interrupted = true;
                DuringTurn::Answered
            }
        };
        lookups
            .emitter()
            .emit(Event::SentDuringTurn { text, handling })
            .await;
    }

    /// Drops the queued messages and commands, returning their text, oldest first.
    fn drop_queued(&mut self) -> Vec<String> {
        let mut dropped = Vec::new();
        self.held.retain(|op| match op {
            Op::Submit { text } => {
                dropped.push(text.clone());
                false
            }
            _ => true,
        });
        dropped
    }

    /// Keeps an operation for the main loop.
    pub fn hold(&mut self, op: Op) {
        self.held.push_back(op);
    }

    /// Takes a pending interrupt, if any.
    pub fn take_interrupt(&mut self) -> bool {
        std::mem::take(&mut self.interrupted)
    }

    /// Asks the front end a question and waits for its answer. An interrupt or the end
    /// of the session counts as "no".
    pub async fn ask(&mut self, emitter: &Emitter, kind: QuestionKind, text: String) -> bool {
        let id = self.next_question;
        self.next_question += 1;
        emitter.emit(Event::Question { id, kind, text }).await;
        loop {
            match self.receive_during_turn().await {
                Some(Op::Answer { question, yes }) if question == id => return yes,
                Some(Op::Interrupt) | None => return false,
                Some(Op::SetAutoAccept { .. }) => {}
                Some(other) => self.hold(other),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn operations_a_waiting_turn_cannot_use_are_kept_in_order() {
        let (ops_tx, ops_rx) = mpsc::channel(8);
        let (events_tx, mut events_rx) = mpsc::channel(8);
        let emitter = Emitter::new(events_tx);
        let mut inbox = Inbox::new(ops_rx, false);
        ops_tx
            .send(Op::Submit {
                text: "later".into(),
            })
            .await
            .unwrap();
        ops_tx.send(Op::RequestRepoFiles).await.unwrap();
        ops_tx.send(Op::SetAutoAccept { on: true }).await.unwrap();
        ops_tx
            .send(Op::Answer {
                question: 1,
                yes: true,
            })
            .await
            .unwrap();

        let yes = inbox
            .ask(&emitter, QuestionKind::Confirm, "Go?".into())
            .await;

        assert!(yes);
        assert!(inbox.auto_accept, "auto-accept applies at once");
        assert!(matches!(
            events_rx.recv().await,
            Some(Event::Question { id: 1, .. })
        ));
        assert_eq!(
            inbox.next().await,
            Some(Op::Submit {
                text: "later".into()
            })
        );
        assert_eq!(inbox.next().await, Some(Op::RequestRepoFiles));
    }

    #[tokio::test]
    async fn an_interrupt_answers_no() {
        let (ops_tx, ops_rx) = mpsc::channel(8);
        let (events_tx, _events_rx) = mpsc::channel(8);
        let emitter = Emitter::new(events_tx);
        let mut inbox = Inbox::new(ops_rx, false);
        ops_tx.send(Op::Interrupt).await.unwrap();
        assert!(
            !inbox
                .ask(&emitter, QuestionKind::AddOutput, "Keep?".into())
                .await
        );
        drop(ops_tx);
        assert_eq!(inbox.next().await, None);
        assert!(inbox.quit);
    }
}
