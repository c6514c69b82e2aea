//! The errors of the session store.

/// What went wrong finding, reading or writing a session.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    /// The state folder or a session file could not be reached.
    #[error("sessions: {action} failed: {source}")]
    Io {
        action: String,
        #[source]
        source: std::io::Error,
    },
    /// There is no session to resume.
    #[error("there is no earlier session of this repository to resume")]
    NoSessions,
    /// No session id starts with the text given.
    #[error("no session starts with {0:?}; `aider-tui sessions` lists them")]
    NotFound(String),
    /// More than one session id starts with the text given.
    #[error("{prefix:?} names more than one session ({}); give more of the id", .matches.join(", "))]
    Ambiguous {
        prefix: String,
        matches: Vec<String>,
    },
    /// A session file is not a session this build can read.
    #[error("session file {file} cannot be read: {reason}")]
    Unreadable { file: String, reason: String },
    /// A session file was written by a newer aider-tui.
    #[error(
        "session file {file} was written by a newer aider-tui (format {version}; this one reads up to {supported})"
    )]
    NewerVersion {
        file: String,
        version: u32,
        supported: u32,
    },
    /// A session id is not a plain name.
    #[error("{0:?} is not a session id")]
    BadId(String),
    /// Another run holds the session (its lock file is locked).
    #[error(
        "session {id} is open in another aider-tui run; quit that one first (or start without --resume for a new session), so neither run loses the other's turns"
    )]
    InUse { id: String },
    /// A session could not be written as JSON.
    #[error("sessions: cannot write session {id}: {source}")]
    Encode {
        id: String,
        #[source]
        source: serde_json::Error,
    },
}
