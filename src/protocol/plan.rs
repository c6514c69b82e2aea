//! The architect's plan as a front end reviews it: shown when the planner's reply
//! ends, then sent to the editor model as it is, sent edited, or dropped. The engine
//! owns the waiting (`engine::plan_review`); front ends send one decision.

use serde::{Deserialize, Serialize};

/// Identifies a plan waiting for a decision ([`super::Op::PlanDecide`]).
pub type PlanId = u64;

/// What the user decided about a plan.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "decision", rename_all = "snake_case")]
pub enum PlanDecision {
    /// Send the plan to the editor model as the planner wrote it.
    Send,
    /// Send this text instead (the user edited the plan).
    SendEdited { text: String },
    /// Send nothing to the editor; the plan stays in the conversation.
    Drop,
}

/// What became of a plan, for the chat and the transcript.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum PlanOutcome {
    /// The editor model got the plan unchanged.
    Sent,
    /// The editor model got the user's edited text (and the history records it).
    SentEdited { text: String },
    /// Nothing went to the editor model.
    Dropped,
}
