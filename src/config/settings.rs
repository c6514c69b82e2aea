//! What the final settings answer beyond their fields.

use super::Settings;

impl Settings {
    /// A variable for provider lookups (API keys, base URLs): the process environment
    /// first, then `.env` and the key settings of the config files.
    pub fn lookup_env(&self, name: &str) -> Option<String> {
        if self.read_process_env
            && let Ok(value) = std::env::var(name)
            && !value.is_empty()
        {
            return Some(value);
        }
        self.env
            .get(name)
            .filter(|value| !value.is_empty())
            .cloned()
    }
}
