//! The architect's plan, reviewed before the editor model runs: the engine shows it
//! (`Event::PlanReady`) and waits for `Op::PlanDecide`, unless auto-accept of
//! architect plans is on. An edited plan replaces the planner's reply in the history,
//! so the conversation remembers what the editor actually got.

use crate::protocol::{Event, Op, PlanDecision, PlanOutcome};

use super::emitter::Emitter;
use super::inbox::Inbox;
use super::session::Session;

/// The text the editor model gets for `plan`, or `None` when the user dropped it
/// (or the session ended while it waited).
pub(super) async fn review_plan(
    session: &mut Session,
    inbox: &mut Inbox,
    emitter: &Emitter,
    plan: String,
) -> Option<String> {
    // `--auto-accept-architect`: a headless run leaves it on, the full-screen
    // session turns it off unless given.
    if session.settings.auto_accept_architect.unwrap_or(true) {
        return Some(plan);
    }
    let id = session.next_plan();
    emitter
        .emit(Event::PlanReady {
            plan: id,
            text: plan.clone(),
        })
        .await;
    let decision = loop {
        match inbox.receive_during_turn().await {
            Some(Op::PlanDecide { plan, decision }) if plan == id => break decision,
            // Esc while the plan waits, or the end of the session: nothing is sent.
            Some(Op::Interrupt) | None => break PlanDecision::Drop,
            Some(Op::SetAutoAccept { .. }) => {}
            Some(other) => inbox.hold(other),
        }
    };
    inbox.take_interrupt();
    let (outcome, sent) = match decision {
        PlanDecision::Send => (PlanOutcome::Sent, Some(plan)),
        PlanDecision::SendEdited { text } if text.trim().is_empty() => (PlanOutcome::Dropped, None),
        PlanDecision::SendEdited { text } if text == plan => (PlanOutcome::Sent, Some(plan)),
        PlanDecision::SendEdited { text } => {
            session.history.amend_last_reply(text.clone());
            (PlanOutcome::SentEdited { text: text.clone() }, Some(text))
        }
        PlanDecision::Drop => (PlanOutcome::Dropped, None),
    };
    emitter.emit(Event::PlanDecided { plan: id, outcome }).await;
    sent
}
