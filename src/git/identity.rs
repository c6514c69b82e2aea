//! Who commits are made as: the identity git itself would use, found the way git finds
//! it, so a repository without `user.name` / `user.email` still gets its commits.
//!
//! git's order, for the author (the committer reads `GIT_COMMITTER_*` instead):
//! `GIT_AUTHOR_NAME` / `GIT_AUTHOR_EMAIL`, then `user.name` / `user.email` from the
//! config files, then the `EMAIL` variable for the address, then the system: the
//! account's full name from the password database (`&` standing for the login,
//! capitalised) or its login, and `login@host`. git stops there only when
//! `user.useConfigOnly` is set, or when the password database knows no such account.
//!
//! One difference, on purpose: git refuses `login@host` when the host name has no
//! domain (it writes `login@host.(none)` and stops), and so drops the commit. Here the
//! address is kept as `login@host`: the commit is local, carries the tool's mark, and
//! the session says once which identity it used and how to set one's own; refusing it
//! would leave an accepted change uncommitted, or drop the next one. No DNS query is
//! made for a fuller host name: a commit must not wait on the network.
//!
//! When nothing forms an identity, the engine asks the user once and hands the answer
//! to [`GitRepo::use_identity`] (this session) or [`GitRepo::save_identity`] (the
//! repository's config).

use git2::Signature;

use super::error::GitContext;
use super::{GitError, GitRepo};

/// The name of the identity offered when nothing forms one: plainly the tool's.
pub const TOOL_IDENTITY_NAME: &str = "aider-tui";
/// Its address (a reserved, undeliverable domain).
pub const TOOL_IDENTITY_EMAIL: &str = "noreply@aider-tui.invalid";

/// A name and an e-mail address to commit as.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Identity {
    pub name: String,
    pub email: String,
}

impl Identity {
    /// The tool's own identity, for commits where the user has none to give.
    pub fn tool() -> Identity {
        Identity {
            name: TOOL_IDENTITY_NAME.to_string(),
            email: TOOL_IDENTITY_EMAIL.to_string(),
        }
    }
}

impl std::fmt::Display for Identity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} <{}>", self.name, self.email)
    }
}

/// Where the identity of the next commit comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IdentitySource {
    /// Set by the user for git: the config files or the `GIT_*` / `EMAIL` variables.
    Configured,
    /// Formed from the account and host, as git does when nothing is set.
    System,
    /// Given for this session ([`GitRepo::use_identity`]).
    Chosen,
}

/// The account the process runs as, from the password database, and the host's name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SystemUser {
    pub login: String,
    /// The account's comment field (its first part is the full name).
    pub gecos: String,
    pub host: String,
}

/// Everything the identity is formed from, read once (so forming it is a pure function).
#[derive(Debug, Clone, Default)]
pub struct IdentityInputs {
    /// `GIT_AUTHOR_NAME` / `GIT_COMMITTER_NAME` and their `_EMAIL`, for the role asked.
    pub env_name: Option<String>,
    pub env_email: Option<String>,
    pub config_name: Option<String>,
    pub config_email: Option<String>,
    /// The `EMAIL` variable.
    pub email_variable: Option<String>,
    /// `user.useConfigOnly`: never guess from the system.
    pub config_only: bool,
    pub system: Option<SystemUser>,
    /// What the user gave for this session.
    pub chosen: Option<Identity>,
}

/// Which signature is being formed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    Author,
    Committer,
}

/// The identity the inputs give, and where it came from; `None` when git would form
/// none and nobody chose one. A name or address that is set but blank counts as unset.
pub fn form_identity(inputs: &IdentityInputs) -> Option<(Identity, IdentitySource)> {
    let given = |value: &Option<String>| {
        value
            .as_deref()
            .map(str::trim)
            .filter(|value| !value.is_empty())
            .map(str::to_string)
    };
    let name = given(&inputs.env_name).or_else(|| given(&inputs.config_name));
    let email = given(&inputs.env_email)
        .or_else(|| given(&inputs.config_email))
        .or_else(|| given(&inputs.email_variable));
    if let (Some(name), Some(email)) = (&name, &email) {
        let identity = Identity {
            name: name.clone(),
            email: email.clone(),
        };
        return Some((identity, IdentitySource::Configured));
    }
    if let Some(chosen) = &inputs.chosen {
        return Some((chosen.clone(), IdentitySource::Chosen));
    }
    if inputs.config_only {
        return None;
    }
    let system = inputs.system.as_ref()?;
    let identity = Identity {
        name: name.unwrap_or_else(|| full_name(system)),
        email: email.unwrap_or_else(|| format!("{}@{}", system.login, system.host)),
    };
    Some((identity, IdentitySource::System))
}

/// The full name git takes from the account: the comment's first part, `&` standing
/// for the login with its first letter capitalised; the login when that is blank.
fn full_name(system: &SystemUser) -> String {
    let first = system.gecos.split(',').next().unwrap_or_default();
    let mut capitalised: String = system
        .login
        .chars()
        .take(1)
        .flat_map(char::to_uppercase)
        .collect();
    capitalised.extend(system.login.chars().skip(1));
    let name = first.replace('&', &capitalised);
    let name = name.trim();
    if name.is_empty() {
        system.login.clone()
    } else {
        name.to_string()
    }
}

impl GitRepo {
    /// The identity the next commit is made as, and where it comes from; `NoIdentity`
    /// when git forms none and none was chosen for the session.
    pub fn commit_identity(&self) -> Result<(Identity, IdentitySource), GitError> {
        form_identity(&self.identity_inputs(Role::Author)).ok_or(GitError::NoIdentity)
    }

    /// Commits are made as `identity` from now on, where git forms none (this session).
    pub fn use_identity(&mut self, identity: Identity) {
        self.chosen_identity = Some(identity);
    }

    /// Writes `identity` as the repository's `user.name` and `user.email`
    /// (`.git/config`), for this session and the next.
    pub fn save_identity(&self, identity: &Identity) -> Result<(), GitError> {
        let mut config = self
            .repo
            .config()
            .and_then(|config| config.open_level(git2::ConfigLevel::Local))
            .context("opening the repository's config")?;
        config
            .set_str("user.name", &identity.name)
            .and_then(|()| config.set_str("user.email", &identity.email))
            .context("writing user.name and user.email")
    }

    /// The author and committer signatures of a commit made now.
    pub(crate) fn user_signatures(
        &self,
    ) -> Result<(Signature<'static>, Signature<'static>), GitError> {
        // libgit2 reads the variables (with their dates) and the config files; the
        // rest of git's order is ours.
        let author = match self.repo.author_from_env() {
            Ok(signature) => signature,
            Err(_) => self.signature_now(Role::Author)?,
        };
        let committer = match self.repo.committer_from_env() {
            Ok(signature) => signature,
            Err(_) => self.signature_now(Role::Committer)?,
        };
        Ok((author, committer))
    }

    fn signature_now(&self, role: Role) -> Result<Signature<'static>, GitError> {
        let (identity, _) =
            form_identity(&self.identity_inputs(role)).ok_or(GitError::NoIdentity)?;
        Signature::now(&identity.name, &identity.email).context("building a signature")
    }

    fn identity_inputs(&self, role: Role) -> IdentityInputs {
        let config = self.repo.config().ok();
        let read = |key: &str| {
            config
                .as_ref()
                .and_then(|config| config.get_string(key).ok())
        };
        let prefix = match role {
            Role::Author => "GIT_AUTHOR",
            Role::Committer => "GIT_COMMITTER",
        };
        IdentityInputs {
            env_name: std::env::var(format!("{prefix}_NAME")).ok(),
            env_email: std::env::var(format!("{prefix}_EMAIL")).ok(),
            config_name: read("user.name"),
            config_email: read("user.email"),
            email_variable: std::env::var("EMAIL").ok(),
            config_only: config
                .as_ref()
                .and_then(|config| config.get_bool("user.useConfigOnly").ok())
                .unwrap_or(false),
            system: system_user(),
            chosen: self.chosen_identity.clone(),
        }
    }
}

/// The account the process runs as and the host's name; `None` when the password
/// database has no entry for it (a container run with a bare user id) or the host has
/// no name.
fn system_user() -> Option<SystemUser> {
    let (login, gecos) = account()?;
    let host = host_name()?;
    Some(SystemUser { login, gecos, host })
}

/// The login and comment field of the process's user, from the password database.
fn account() -> Option<(String, String)> {
    let mut buffer = vec![0u8; 16 * 1024];
    // SAFETY: `passwd` is plain data filled by getpwuid_r, whose strings point into
    // `buffer`, which outlives every read of them below.
    let mut entry: libc::passwd = unsafe { std::mem::zeroed() };
    let mut found: *mut libc::passwd = std::ptr::null_mut();
    // SAFETY: every pointer is valid for the length given; the call writes only there.
    let status = unsafe {
        libc::getpwuid_r(
            libc::getuid(),
            &mut entry,
            buffer.as_mut_ptr().cast(),
            buffer.len(),
            &mut found,
        )
    };
    if status != 0 || found.is_null() || entry.pw_name.is_null() {
        return None;
    }
    // SAFETY: getpwuid_r succeeded: the fields are NUL-terminated strings in `buffer`.
    let text = |pointer: *const libc::c_char| unsafe {
        if pointer.is_null() {
            String::new()
        } else {
            std::ffi::CStr::from_ptr(pointer)
                .to_string_lossy()
                .into_owned()
        }
    };
    let login = text(entry.pw_name);
    let gecos = text(entry.pw_gecos);
    (!login.is_empty()).then_some((login, gecos))
}

/// The host's name (`gethostname`).
fn host_name() -> Option<String> {
    let mut buffer = [0u8; 256];
    // SAFETY: the buffer is valid for its length; the name is NUL-terminated on success
    // when it fits, and the last byte is kept zero so it always ends.
    let status = unsafe { libc::gethostname(buffer.as_mut_ptr().cast(), buffer.len() - 1) };
    if status != 0 {
        return None;
    }
    let end = buffer.iter().position(|&byte| byte == 0)?;
    let name = String::from_utf8_lossy(&buffer[..end]).trim().to_string();
    (!name.is_empty()).then_some(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn system() -> SystemUser {
        SystemUser {
            login: "ann".into(),
            gecos: "& Smith,Room 4,,".into(),
            host: "box".into(),
        }
    }

    #[test]
    fn git_order_variables_then_config_then_email_then_the_system() {
        let mut inputs = IdentityInputs {
            system: Some(system()),
            ..IdentityInputs::default()
        };
        let (identity, source) = form_identity(&inputs).unwrap();
        assert_eq!(identity.to_string(), "Ann Smith <ann@box>");
        assert_eq!(source, IdentitySource::System);
        inputs.email_variable = Some("ann@example.org".into());
        assert_eq!(
            form_identity(&inputs).unwrap().0.to_string(),
            "Ann Smith <ann@example.org>"
        );
        inputs.config_name = Some("A. Smith".into());
        assert_eq!(
            form_identity(&inputs).unwrap(),
            (
                Identity {
                    name: "A. Smith".into(),
                    email: "ann@example.org".into()
                },
                IdentitySource::Configured
            )
        );
        inputs.config_email = Some("work@example.org".into());
        inputs.env_name = Some("Env Name".into());
        assert_eq!(
            form_identity(&inputs).unwrap().0.to_string(),
            "Env Name <work@example.org>"
        );
    }

    #[test]
    fn nothing_forms_an_identity_without_an_account_or_under_use_config_only() {
        let chosen = Identity {
            name: "Picked".into(),
            email: "p@example.org".into(),
        };
        let mut inputs = IdentityInputs::default();
        assert_eq!(form_identity(&inputs), None);
        inputs.system = Some(system());
        inputs.config_only = true;
        assert_eq!(form_identity(&inputs), None);
        inputs.chosen = Some(chosen.clone());
        assert_eq!(
            form_identity(&inputs),
            Some((chosen, IdentitySource::Chosen))
        );
        // A blank comment field leaves the login; blank settings count as unset.
        let inputs = IdentityInputs {
            config_name: Some("  ".into()),
            system: Some(SystemUser {
                gecos: ",,,".into(),
                ..system()
            }),
            ..IdentityInputs::default()
        };
        assert_eq!(
            form_identity(&inputs).unwrap().0.to_string(),
            "ann <ann@box>"
        );
    }
}
