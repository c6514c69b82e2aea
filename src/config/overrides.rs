//! Laying one layer over the settings below it, and what in a layer a repository's
//! own file should not set silently.

use std::path::Path;

use super::{Overrides, RepositorySetting, Settings};

impl Overrides {
    /// Lays this layer over `settings`: set values win, lists are added to. `origin`
    /// says where the layer came from (a file, "the environment", "the command line")
    /// and is noted for every option the layer set.
    pub fn apply_to(&self, settings: &mut Settings, origin: &str) {
        self.lay_fields(settings);
        for name in &self.given {
            settings.origins.insert(name, origin.to_string());
        }
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
