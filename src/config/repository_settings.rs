//! Settings a repository's own files choose that decide where the user's key goes or
//! what runs on their machine: the API base and the lint and test commands. A cloned
//! repository may carry an `.aider.conf.yml` or `.env` that sets them (or an edit may
//! have planted one), so a session names them at start instead of trusting them
//! silently.

use std::path::PathBuf;

/// One such setting, as the repository's file gives it. `Debug` leaves the value out
/// (a base URL may carry a key: `/settings` prints the settings' `Debug`).
#[derive(Clone, PartialEq, Eq)]
pub struct RepositorySetting {
    /// The key as the file spells it (`api-base`, `lint-cmd`, `OPENAI_API_BASE`, …).
    pub name: String,
    /// Its value as written (a URL may hold credentials: mask it before showing it).
    pub value: String,
    /// The file that sets it.
    pub file: PathBuf,
}

impl std::fmt::Debug for RepositorySetting {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RepositorySetting")
            .field("name", &self.name)
            .field("value", &"<set>")
            .field("file", &self.file)
            .finish()
    }
}

impl RepositorySetting {
    /// Whether the value is an address the user's key would be sent to.
    pub fn is_address(&self) -> bool {
        !self.name.ends_with("-cmd") && !self.name.ends_with("_CMD")
    }
}
