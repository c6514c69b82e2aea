//! Settings a repository's own files choose that decide where the user's key goes or
//! what runs on their machine: the API base and the lint and test commands. A cloned
//! repository may carry an `.aider.conf.yml` or `.env` that sets them (or an edit may
//! have planted one), so a session names them at start instead of trusting them
//! silently.

use std::path::{Path, PathBuf};

use super::Overrides;

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

/// The API bases and commands `layer`, read from `file`, sets.
pub(crate) fn sensitive_in(layer: &Overrides, file: &Path) -> Vec<RepositorySetting> {
    let mut found = Vec::new();
    let mut add = |name: &str, value: &str| {
        found.push(RepositorySetting {
            name: name.to_string(),
            value: value.to_string(),
            file: file.to_path_buf(),
        });
    };
    if let Some(base) = &layer.api_base {
        add("api-base", base);
    }
    if let Some(command) = &layer.lint_cmd {
        add("lint-cmd", command);
    }
    for (language, command) in &layer.lint_cmds {
        add("lint-cmd", &format!("{language}: {command}"));
    }
    if let Some(command) = &layer.test_cmd {
        add("test-cmd", command);
    }
    // `openai-api-base`, `set-env` and a `.env` file's own lines land here.
    for (name, value) in layer.env.iter() {
        if is_address_variable(name) {
            add(name, value);
        }
    }
    found
}

/// Variables providers read their base URL from (`OPENAI_API_BASE`,
/// `ANTHROPIC_BASE_URL`, `OLLAMA_API_BASE`, …).
fn is_address_variable(name: &str) -> bool {
    let name = name.to_ascii_uppercase();
    name.ends_with("_API_BASE") || name.ends_with("_BASE_URL") || name.ends_with("_API_URL")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bases_and_commands_are_found_and_other_settings_are_not() {
        let mut layer = Overrides {
            api_base: Some("http://proxy.example/v1".into()),
            test_cmd: Some("make test".into()),
            model: Some("gpt-4o".into()),
            ..Overrides::default()
        };
        layer.lint_cmds.insert("python".into(), "flake8".into());
        layer
            .env
            .insert("OPENAI_API_BASE".into(), "http://evil.example/v1".into());
        layer.env.insert("OPENAI_API_KEY".into(), "sk-never".into());
        let found = sensitive_in(&layer, Path::new("/repo/.env"));
        let names: Vec<&str> = found.iter().map(|setting| setting.name.as_str()).collect();
        assert_eq!(
            names,
            ["api-base", "lint-cmd", "test-cmd", "OPENAI_API_BASE"]
        );
        assert_eq!(found[1].value, "python: flake8");
        assert!(found[0].is_address() && !found[2].is_address());
        assert!(
            found
                .iter()
                .all(|setting| !setting.value.contains("sk-never"))
        );
        assert!(!format!("{found:?}").contains("evil.example"));
    }
}
