//! Whether a commit can be made now, asking the user once when git forms no identity
//! (what was said is kept in `commit_identity::CommitIdentity`).

use crate::git::{Identity, IdentitySource};
use crate::protocol::QuestionKind;

use super::commit_identity::CommitIdentity;
use super::emitter::Emitter;
use super::inbox::Inbox;
use super::locked_repo::LockedRepo;

/// Whether commits can be made now: git forms an identity, or the user chose one.
/// Asks when neither (once a session); `false` leaves the changes uncommitted.
pub(super) async fn ready_to_commit(
    git: &LockedRepo,
    said: &mut CommitIdentity,
    inbox: &mut Inbox,
    emitter: &Emitter,
) -> bool {
    match git.with(|git| git.commit_identity()) {
        Ok((_, IdentitySource::Configured | IdentitySource::Chosen)) => true,
        Ok((identity, IdentitySource::System)) => {
            if !std::mem::replace(&mut said.told, true) {
                emitter
                    .info(format!(
                        "No git identity is set: commits are made as {identity}, from your account and host name (git's last resort). To choose one: git config user.name \"Your Name\" and git config user.email you@example.com"
                    ))
                    .await;
            }
            true
        }
        Err(_) if said.declined => false,
        Err(_) => ask(git, said, inbox, emitter).await,
    }
}

/// Asks whether to commit as the tool, then whether to keep that in the config.
async fn ask(
    git: &LockedRepo,
    said: &mut CommitIdentity,
    inbox: &mut Inbox,
    emitter: &Emitter,
) -> bool {
    let identity = Identity::tool();
    let question = format!(
        "git has no identity to commit with here (no user.name / user.email, and none it would form from your account). Commit as {identity} for this session? No keeps the changes uncommitted."
    );
    let kind = QuestionKind::CommitIdentity {
        identity: identity.to_string(),
    };
    if !inbox.ask(emitter, kind, question).await {
        said.declined = true;
        emitter
            .warn("Changes stay uncommitted in this session (no git identity). To commit them, set one: git config user.name \"Your Name\" and git config user.email you@example.com")
            .await;
        return false;
    }
    git.with_mut(|git| git.use_identity(identity.clone()));
    let question =
        format!("Keep {identity} as this repository's user.name and user.email (.git/config)?");
    let kind = QuestionKind::SaveIdentity {
        identity: identity.to_string(),
    };
    if inbox.ask(emitter, kind, question).await {
        match git.with(|git| git.save_identity(&identity)) {
            Ok(()) => {
                emitter
                    .info(format!("Saved {identity} in .git/config."))
                    .await
            }
            Err(error) => emitter.warn(error.to_string()).await,
        }
    } else {
        emitter
            .info(format!(
                "Commits of this session are made as {identity}; nothing was written to the config."
            ))
            .await;
    }
    true
}
