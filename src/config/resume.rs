//! Whether a session continues an earlier one (`--resume [ID]`, Aider's
//! `--restore-chat-history`).

/// Which earlier session, if any, the new one continues.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Resume {
    /// Start afresh.
    #[default]
    No,
    /// Continue the most recent session.
    Latest,
    /// Continue the session with this id.
    Session(String),
}
