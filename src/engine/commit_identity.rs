//! What the session said and was told about the identity commits are made as, when
//! git has none set (`identity_question` asks and reads it).
//!
//! git's own order comes first (`git::Identity`: variables, config, `EMAIL`, then the
//! login and host); the session says once which identity that gave when it came from
//! the system. When nothing forms one, the user is asked once, in place, whether to
//! commit as the tool (`aider-tui <noreply@aider-tui.invalid>`) for this session, and
//! then whether to keep that in the repository's config. A "no" keeps every change in
//! the working tree, uncommitted, for the rest of the session: nothing accepted is
//! ever dropped for want of an identity.

/// What the session has said and been told about its commit identity.
#[derive(Debug, Default)]
pub struct CommitIdentity {
    /// The identity formed from the system has been named to the user.
    pub(super) told: bool,
    /// The user declined to commit as the tool: changes stay uncommitted.
    pub(super) declined: bool,
}
