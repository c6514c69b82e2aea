//! Values that must never be printed: API keys and the variables read from `.env`
//! files. Their `Debug` shows only that a key is set, or the variables' names, so a
//! settings struct can derive `Debug` and still be logged safely.

use std::collections::BTreeMap;
use std::fmt;
use std::ops::{Deref, DerefMut};

/// A secret string (an API key); `Debug` prints `<set>`.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    /// Wraps a secret value.
    pub fn new(value: impl Into<String>) -> Secret {
        Secret(value.into())
    }

    /// The value itself, for the one place that must send it.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<set>")
    }
}

/// Variables that may hold keys (from `.env`, `set-env`, `api-key`); `Debug` lists
/// their names only.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct SecretVars(BTreeMap<String, String>);

impl Deref for SecretVars {
    type Target = BTreeMap<String, String>;

    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl DerefMut for SecretVars {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.0
    }
}

impl fmt::Debug for SecretVars {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.0.keys()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_never_shows_values() {
        let key = Secret::new("sk-live-123");
        assert_eq!(format!("{key:?}"), "<set>");
        assert_eq!(key.expose(), "sk-live-123");
        let mut vars = SecretVars::default();
        vars.insert("OPENAI_API_KEY".into(), "sk-live-456".into());
        let printed = format!("{vars:?}");
        assert!(
            printed.contains("OPENAI_API_KEY") && !printed.contains("sk-live"),
            "{printed}"
        );
    }
}
