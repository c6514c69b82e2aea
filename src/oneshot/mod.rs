//! The headless front end: one message in, the reply streamed to stdout, what was
//! applied and committed printed after it, then exit.
//!
//! Proposed edits are accepted (there is no one to review them, as in Aider's
//! `--message`), except those that need an explicit yes (configuration, the tool's own
//! state, git hooks, read-only files): those are never accepted here. Questions get "no"
//! unless `--yes` is given. An architect's plan goes to the editor at once unless
//! `--no-auto-accept-architect` asks to stop for it; then `--yes` sends it and
//! without it nothing is sent.
//!
//! It drives the same engine as the full-screen UI (`engine::spawn`) and answers the
//! engine's questions by policy: with `--yes` every question is answered yes except
//! running a shell command the model proposed, which is always answered no here, as is
//! saving an identity in the repository's config. When git forms no identity to commit
//! with, the tool's own (`aider-tui <noreply@aider-tui.invalid>`) is used.
//! With `--json` every event is printed as one JSON line instead of text.

mod printer;
mod watch;

use std::io::Write;
use std::process::ExitCode;

use tokio::sync::mpsc;

use crate::config::Settings;
use crate::engine;
use crate::protocol::{
    BlockDecision, BlockDecisionState, BlockState, Event, Op, PlanDecision, QuestionKind,
    TurnOutcome,
};

pub use printer::Printer;
pub use watch::{run_watch, watch_loop};

/// How the one-shot runner prints and answers.
#[derive(Debug, Clone, Copy, Default)]
pub struct Options {
    /// Print events as JSON lines.
    pub json: bool,
    /// Answer yes to questions (never to running shell commands).
    pub yes: bool,
    /// Standard output is a terminal (a copy can go through it with OSC 52).
    pub terminal: bool,
}

/// How many messages a run may send after its first one (text the engine hands back
/// for sending: a transcription, the request again after context mode).
const FOLLOW_UPS: usize = 4;

/// Runs one turn with `message` on a fresh engine and returns the process exit code:
/// 0 on success, 1 when the turn ended with edits not applied or an error.
pub async fn run(settings: Settings, message: String) -> ExitCode {
    let options = Options {
        json: settings.json,
        yes: settings.yes,
        terminal: std::io::IsTerminal::is_terminal(&std::io::stdout()),
    };
    let (ops, events) = engine::spawn(settings);
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    let success = drive(ops, events, message, options, stdout.lock(), stderr.lock()).await;
    if success {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// Submits `message`, prints the events until the turn is over, shuts the engine down
/// and says whether the turn succeeded. `out` gets the reply and results, `err` notices.
pub async fn drive(
    ops: mpsc::Sender<Op>,
    mut events: mpsc::Receiver<Event>,
    message: String,
    options: Options,
    out: impl Write,
    err: impl Write,
) -> bool {
    let mut printer = Printer::new(options.json, out, err);
    if ops.send(Op::Submit { text: message }).await.is_err() {
        printer.failure("the engine stopped before the message could be sent");
        return false;
    }
    let mut outcome: Option<TurnOutcome> = None;
    let mut interrupts = 0;
    let mut next_message: Option<String> = None;
    let mut follow_ups = 0;
    loop {
        let event = tokio::select! {
            event = events.recv() => match event {
                Some(event) => event,
                None => break,
            },
            // Ctrl-C stops the reply (nothing of it is applied); a second one gives up.
            _ = tokio::signal::ctrl_c() => {
                interrupts += 1;
                if interrupts > 1 {
                    printer.failure("interrupted");
                    return false;
                }
                let _ = ops.send(Op::Interrupt).await;
                continue;
            }
        };
        printer.print(&event);
        for op in respond(&event, options, &mut printer) {
            let _ = ops.send(op).await;
        }
        match &event {
            Event::ComposeMessage { text } => next_message = Some(text.clone()),
            Event::TurnFinished { outcome: finished } => {
                if let Some(text) = next_message.take()
                    && follow_ups < FOLLOW_UPS
                    && *finished == TurnOutcome::Success
                {
                    follow_ups += 1;
                    printer.info(&format!("Sending: {}", crate::protocol::without_key(&text)));
                    if ops.send(Op::Submit { text }).await.is_ok() {
                        continue;
                    }
                }
                outcome = Some(finished.clone());
                let _ = ops.send(Op::Quit).await;
            }
            Event::ShutdownComplete => break,
            _ => {}
        }
    }
    printer.finish();
    match outcome {
        Some(TurnOutcome::Success) => true,
        Some(_) => false,
        None => {
            printer.failure("the engine stopped before the turn finished");
            false
        }
    }
}

/// What a headless front end answers to an event: questions by policy (`--yes`, never
/// to shell commands), a review by accepting what needs no explicit yes, a recording
/// by stopping it (nobody can say when to).
pub(crate) fn respond<O: Write, E: Write>(
    event: &Event,
    options: Options,
    printer: &mut Printer<O, E>,
) -> Vec<Op> {
    let mut ops = Vec::new();
    match event {
        Event::Question { id, kind, .. } => {
            let yes = match kind {
                QuestionKind::RunShell { .. } | QuestionKind::SaveIdentity { .. } => false,
                // With nobody to ask, an accepted change is committed as the tool (its
                // name says so) rather than left uncommitted: `/undo` can take it back,
                // and the next run's edits do not start on the tool's own dirty work.
                QuestionKind::CommitIdentity { .. } => true,
                _ => options.yes,
            };
            ops.push(Op::Answer { question: *id, yes });
        }
        Event::ReviewStarted(review) => {
            // Headless, there is no reviewer: edits are applied as Aider applies
            // them, but never one that needs an explicit yes, and nothing of a
            // reply that was cut off.
            for block in &review.blocks {
                if block.decision != BlockDecisionState::Pending
                    || !matches!(block.state, BlockState::Planned { .. })
                {
                    continue;
                }
                let decision = match (&block.needs_confirmation, review.cut_off) {
                    (_, true) => BlockDecision::Reject,
                    (Some(reason), false) => {
                        printer.refused(block.id, &block.path, reason);
                        BlockDecision::Reject
                    }
                    (None, false) => BlockDecision::Accept,
                };
                ops.push(Op::ReviewDecide {
                    review: review.id,
                    block: block.id,
                    decision,
                    seen: block.revision,
                });
            }
        }
        Event::PlanReady { plan, .. } => {
            // Told to stop for the plan (--no-auto-accept-architect) with nobody to
            // review it: --yes sends it as written, otherwise nothing is sent.
            let decision = if options.yes {
                PlanDecision::Send
            } else {
                PlanDecision::Drop
            };
            ops.push(Op::PlanDecide {
                plan: *plan,
                decision,
            });
        }
        Event::Recording { active: true } => {
            printer.failure(
                "recording from the microphone needs the full-screen session; give a WAV file instead: /voice FILE.wav",
            );
            ops.push(Op::Interrupt);
        }
        Event::CopyThroughTerminal { text, reason } => {
            printer.copy_through_terminal(text, reason, options.terminal);
        }
        _ => {}
    }
    ops
}
